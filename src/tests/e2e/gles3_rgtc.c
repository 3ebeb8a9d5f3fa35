/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * RGTC textures end to end: an ordinary EGL + GLES 3.0 program that
 * uploads hand-made RGTC1/RGTC2 blocks (EXT_texture_compression_rgtc),
 * unsigned and signed, draws them with nearest filtering and compares
 * glReadPixels with the values decoded by hand from the extension's
 * specification (the blocks of src/util/format/tests/format_bc_test.c),
 * plus TexImage2D with an RGTC internal format and RG texels, and (ES 3.0
 * here) one sRGB S3TC block (EXT_texture_compression_s3tc_srgb).
 *
 * Usage: gles3_rgtc [--quiet] [--no-skip]
 * Exit status: 0 when every probe passes, 1 otherwise, 77 when there is no
 * ES 3.0 context or no EXT_texture_compression_rgtc (unless --no-skip).
 */
#include <GLES3/gl3.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"
#include "e2e_gl_texview.h"

#ifndef GL_COMPRESSED_RED_RGTC1_EXT
#define GL_COMPRESSED_RED_RGTC1_EXT 0x8DBB
#define GL_COMPRESSED_SIGNED_RED_RGTC1_EXT 0x8DBC
#define GL_COMPRESSED_RED_GREEN_RGTC2_EXT 0x8DBD
#define GL_COMPRESSED_SIGNED_RED_GREEN_RGTC2_EXT 0x8DBE
#endif

#ifndef GL_COMPRESSED_SRGB_S3TC_DXT1_EXT
#define GL_COMPRESSED_SRGB_S3TC_DXT1_EXT 0x8C4C
#endif

#define W 8
#define H 4

/* Eight values: 200 > 60; codes 0, 1, 2, 7 -> 200, 60, 180, 80. */
static const uint8_t eight[8] = {200, 60, 0x88, 0x0e, 0, 0, 0, 0};
/* Six values: 40 <= 240; codes 2, 5, 6, 7 -> 80, 200, 0, 255. */
static const uint8_t six[8] = {40, 240, 0xaa, 0x0f, 0, 0, 0, 0};
/* Signed, -128 (read as -127) <= 127: codes 0, 1, 2, 6, 7 -> -127, 127,
 * (4 * -127 + 127) / 5 = -76.2, -127, 127. */
static const uint8_t signed_six[8] = {0x80, 0x7f, 0x88, 0x7c, 0, 0, 0, 0};

static const char *vs = "#version 300 es\n"
                        "layout(location = 0) in vec2 a_pos;\n"
                        "out vec2 v_tc;\n"
                        "void main() {\n"
                        "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                        "   v_tc = a_pos * 0.5 + 0.5;\n"
                        "}\n";
/* u_bias = 0.5 shows signed values [-1, 1] as [0, 1]. */
static const char *fs = "#version 300 es\n"
                        "precision highp float;\n"
                        "uniform highp sampler2D u_tex;\n"
                        "uniform float u_bias;\n"
                        "in vec2 v_tc;\n"
                        "out vec4 o_color;\n"
                        "void main() {\n"
                        "   vec4 t = texture(u_tex, v_tc);\n"
                        "   o_color = vec4(t.rgb * (1.0 - u_bias) + u_bias,\n"
                        "                  t.a);\n"
                        "}\n";

static GLuint prog;
static uint8_t pixels[W * H * 4];
static struct e2e_gl_texview view = {pixels, W, H, false, 0};

static void
draw(int w, int h, bool is_signed)
{
   static const float grey[4] = {0.5f, 0.5f, 0.5f, 1.0f};
   glUniform1f(glGetUniformLocation(prog, "u_bias"), is_signed ? 0.5f : 0.0f);
   e2e_gl_view_draw(&view, w, h, grey);
}

static void
test_unsigned(void)
{
   /* RGTC1: two blocks side by side; missing channels read 0. */
   uint8_t data[16];
   memcpy(data, eight, 8);
   memcpy(data + 8, six, 8);
   e2e_gl_view_upload(&view, GL_COMPRESSED_RED_RGTC1_EXT, 8, 4, data,
                      sizeof(data), "RGTC1 upload");
   draw(8, 4, false);
   e2e_gl_view_probe(&view, 0, 0, 200, 0, 0, 255, 0, "RGTC1 red 0");
   e2e_gl_view_probe(&view, 1, 0, 60, 0, 0, 255, 0, "RGTC1 red 1");
   e2e_gl_view_probe(&view, 2, 0, 180, 0, 0, 255, 1, "RGTC1 code 2 of 8");
   e2e_gl_view_probe(&view, 3, 0, 80, 0, 0, 255, 1, "RGTC1 code 7 of 8");
   e2e_gl_view_probe(&view, 4, 0, 80, 0, 0, 255, 1, "RGTC1 code 2 of 6");
   e2e_gl_view_probe(&view, 5, 0, 200, 0, 0, 255, 1, "RGTC1 code 5 of 6");
   e2e_gl_view_probe(&view, 6, 0, 0, 0, 0, 255, 0, "RGTC1 code 6 (0)");
   e2e_gl_view_probe(&view, 7, 0, 255, 0, 0, 255, 0, "RGTC1 code 7 (1)");

   /* RGTC2: red from the first half, green from the second. */
   e2e_gl_view_upload(&view, GL_COMPRESSED_RED_GREEN_RGTC2_EXT, 4, 4, data,
                      sizeof(data), "RGTC2 upload");
   draw(4, 4, false);
   e2e_gl_view_probe(&view, 0, 0, 200, 80, 0, 255, 1, "RGTC2 texel 0");
   e2e_gl_view_probe(&view, 3, 0, 80, 255, 0, 255, 1, "RGTC2 texel 3");
   e2e_gl_view_probe(&view, 0, 1, 200, 40, 0, 255, 0,
                     "RGTC2 texel 4 (codes 0)");
}

static void
test_signed(void)
{
   e2e_gl_view_upload(&view, GL_COMPRESSED_SIGNED_RED_RGTC1_EXT, 4, 4,
                      signed_six, 8, "signed RGTC1 upload");
   draw(4, 4, true);
   /* Shown as v * 0.5 + 0.5: -1 -> 0, 1 -> 255, -76.2/127 -> 51; G and
    * B are 0 -> 128. */
   e2e_gl_view_probe(&view, 0, 0, 0, 128, 128, 255, 1, "signed RGTC1 -1");
   e2e_gl_view_probe(&view, 1, 0, 255, 128, 128, 255, 1, "signed RGTC1 +1");
   e2e_gl_view_probe(&view, 2, 0, 51, 128, 128, 255, 2,
                     "signed RGTC1 code 2 of 6");
   e2e_gl_view_probe(&view, 3, 0, 0, 128, 128, 255, 1, "signed RGTC1 code 6");
   e2e_gl_view_probe(&view, 0, 1, 255, 128, 128, 255, 1, "signed RGTC1 code 7");
}

/* TexImage2D with an RGTC internal format and RG texels. */
static void
test_teximage(void)
{
   uint8_t texels[4 * 4 * 2];
   for (int i = 0; i < 16; i++) {
      texels[i * 2] = 64;
      texels[i * 2 + 1] = 192;
   }
   e2e_gl_nearest_texture(GL_TEXTURE_2D);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_GREEN_RGTC2_EXT, 4, 4, 0,
                GL_RG, GL_UNSIGNED_BYTE, texels);
   e2e_gl_view_expect_error(&view, GL_NO_ERROR,
                            "TexImage2D RGTC2 from RG texels");
   draw(4, 4, false);
   e2e_gl_view_probe(&view, 1, 1, 64, 192, 0, 255, 1,
                     "TexImage2D RGTC2 texels");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_GREEN_RGTC2_EXT, 4, 4, 0,
                GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   e2e_gl_view_expect_error(&view, GL_INVALID_OPERATION,
                            "TexImage2D RGTC2 from RGBA texels");
}

/* Red > blue: red, blue, (170, 0, 85), (85, 0, 170), interpolated in the
 * encoded values, then decoded: 170 -> 0.402 (102.5), 85 -> 0.091 (23.2). */
static void
test_srgb_s3tc(void)
{
   static const uint8_t block[8] = {0x00, 0xf8, 0x1f, 0x00, 0xe4, 0, 0, 0};
   e2e_gl_view_upload(&view, GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, 4, 4, block, 8,
                      "sRGB DXT1 upload");
   draw(4, 4, false);
   e2e_gl_view_probe(&view, 0, 0, 255, 0, 0, 255, 0, "sRGB DXT1 red");
   e2e_gl_view_probe(&view, 1, 0, 0, 0, 255, 255, 0, "sRGB DXT1 blue");
   e2e_gl_view_probe(&view, 2, 0, 102, 0, 23, 255, 2, "sRGB DXT1 2/3 red");
   e2e_gl_view_probe(&view, 3, 0, 23, 0, 102, 255, 2, "sRGB DXT1 2/3 blue");
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts =
      e2e_gl_version_options(W, H, 3, 0, false);
   struct e2e_gl gl;
   int rc = e2e_gl_view_start(&gl, &view, argc, argv, &opts,
                              "GL_EXT_texture_compression_rgtc", vs, fs, &prog);
   if (rc)
      return rc;

   test_unsigned();
   test_signed();
   test_teximage();
   if (e2e_gl_has_extension("GL_EXT_texture_compression_s3tc_srgb"))
      test_srgb_s3tc();
   else if (opts.no_skip)
      view.failures++;
   e2e_gl_view_expect_error(&view, GL_NO_ERROR, "end");

   return e2e_gl_view_finish(&gl, &view);
}
