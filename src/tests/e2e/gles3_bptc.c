/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * BPTC textures end to end: an ordinary EGL + GLES 3.0 program that
 * uploads hand-made BC7 and BC6H blocks (EXT_texture_compression_bptc),
 * draws them with nearest filtering and compares glReadPixels with the
 * texels worked out by hand from the extension's appendix (the blocks are
 * those of src/util/format/tests/format_bptc_test.c, where each value is
 * derived), plus TexImage2D with a BPTC internal format and RGBA texels.
 *
 * Usage: gles3_bptc [--quiet] [--no-skip]
 * Exit status: 0 when every probe passes, 1 otherwise, 77 when there is no
 * ES 3.0 context or no EXT_texture_compression_bptc (unless --no-skip).
 */
#include <GLES3/gl3.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"
#include "e2e_gl_texview.h"

#ifndef GL_COMPRESSED_RGBA_BPTC_UNORM_EXT
#define GL_COMPRESSED_RGBA_BPTC_UNORM_EXT 0x8E8C
#define GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM_EXT 0x8E8D
#define GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT 0x8E8E
#define GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT 0x8E8F
#endif

#define W 8
#define H 4

/* BC7 mode 6 (one subset): texel 0 (0, 128, 254, 254), texel 5 (84, 128,
 * 171, 254), texel 15 (255, 129, 1, 255). */
static const uint8_t bc7_mode6[16] = {0x40, 0xc0, 0x1f, 0x08, 0xfc, 0x03,
                                      0xfe, 0x7f, 0x11, 0x32, 0x54, 0x76,
                                      0x98, 0xba, 0xdc, 0xfe};
/* BC7 mode 1, partition 13 (rows 0-1 subset 0, rows 2-3 subset 1):
 * texel 0 (255, 2, 2, 255), texel 1 (109, 2, 2, 255), texels 8-14 (0,
 * 129, 0, 255), texel 15 (0, 75, 0, 255). */
static const uint8_t bc7_mode1[16] = {0x36, 0x3f, 0x00, 0x00, 0x00, 0x00,
                                      0x02, 0x00, 0x00, 0x00, 0x41, 0x00,
                                      0x00, 0x00, 0x00, 0xc0};
/* BC6H mode 3, unsigned: texel 0 (0, 0x3e0f = 1.5146, 0x7bff = 65504),
 * texel 1 (0x41df = 2.9355, 1.5146, 0x3a20 = 0.7656), texels 2-14 as
 * texel 0, texel 15 (65504, 1.5146, 0). */
static const uint8_t bc6h_unsigned[16] = {0x03, 0x00, 0x00, 0xff, 0xff, 0x1f,
                                          0x40, 0x00, 0x80, 0x00, 0x00, 0x00,
                                          0x00, 0x00, 0x00, 0xf0};
/* BC6H mode 3, signed: r0 = -200, r1 = 200 (10 bits): unq 200 = ((200 <<
 * 15) + 0x4000) >> 9 = 12832, final 12832 * 31 >> 5 = 12431 (0x308f =
 * 0.14246), negated for r0 (0xb08f); g = b = 0.  Texel 1 has index 8
 * (w 34): (30 * -12832 + 34 * 12832 + 32) >> 6 = 802 -> 776 (0x0308,
 * 4.6e-5); texel 15 is r1, the others r0. */
static const uint8_t bc6h_signed[16] = {0x03, 0x67, 0x00, 0x00, 0x40, 0x06,
                                        0x00, 0x00, 0x80, 0x00, 0x00, 0x00,
                                        0x00, 0x00, 0x00, 0xf0};

static const char *vs = "#version 300 es\n"
                        "layout(location = 0) in vec2 a_pos;\n"
                        "out vec2 v_tc;\n"
                        "void main() {\n"
                        "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                        "   v_tc = a_pos * 0.5 + 0.5;\n"
                        "}\n";
/* u_scale and u_bias bring float texels into [0, 1]. */
static const char *fs = "#version 300 es\n"
                        "precision highp float;\n"
                        "uniform highp sampler2D u_tex;\n"
                        "uniform float u_scale;\n"
                        "uniform float u_bias;\n"
                        "in vec2 v_tc;\n"
                        "out vec4 o_color;\n"
                        "void main() {\n"
                        "   vec4 t = texture(u_tex, v_tc);\n"
                        "   o_color = vec4(t.rgb * u_scale + u_bias, t.a);\n"
                        "}\n";

static GLuint prog;
static uint8_t pixels[W * H * 4];
static struct e2e_gl_texview view = {pixels, W, H, false, 0};

static void
draw(int w, int h, float scale, float bias)
{
   glUniform1f(glGetUniformLocation(prog, "u_scale"), scale);
   glUniform1f(glGetUniformLocation(prog, "u_bias"), bias);
   static const float grey[4] = {0.5f, 0.5f, 0.5f, 1.0f};
   e2e_gl_view_draw(&view, w, h, grey);
}

static void
test_bc7(void)
{
   /* Two blocks side by side: mode 6, then mode 1. */
   uint8_t data[32];
   memcpy(data, bc7_mode6, 16);
   memcpy(data + 16, bc7_mode1, 16);
   e2e_gl_view_upload(&view, GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, 8, 4, data,
                      sizeof(data), "BC7 upload");
   draw(8, 4, 1.0f, 0.0f);
   e2e_gl_view_probe(&view, 0, 0, 0, 128, 254, 254, 0, "BC7 mode 6 texel 0");
   e2e_gl_view_probe(&view, 1, 1, 84, 128, 171, 254, 0, "BC7 mode 6 texel 5");
   e2e_gl_view_probe(&view, 3, 3, 255, 129, 1, 255, 0, "BC7 mode 6 texel 15");
   e2e_gl_view_probe(&view, 4, 0, 255, 2, 2, 255, 0,
                     "BC7 mode 1 subset 0, index 0");
   e2e_gl_view_probe(&view, 5, 0, 109, 2, 2, 255, 0,
                     "BC7 mode 1 subset 0, index 4");
   e2e_gl_view_probe(&view, 4, 2, 0, 129, 0, 255, 0,
                     "BC7 mode 1 subset 1, index 0");
   e2e_gl_view_probe(&view, 7, 3, 0, 75, 0, 255, 0,
                     "BC7 mode 1 anchor of subset 1");

   /* TexImage2D with RGBA texels: stored as given here; a GL that
    * compresses them (llvmpipe) may lose precision, but not at 0 and 255
    * (any BC7 endpoint pair holds them exactly). */
   uint8_t texels[4 * 4 * 4];
   for (int i = 0; i < 16; i++) {
      texels[i * 4 + 0] = 255;
      texels[i * 4 + 1] = 0;
      texels[i * 4 + 2] = 255;
      texels[i * 4 + 3] = 255;
   }
   e2e_gl_nearest_texture(GL_TEXTURE_2D);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, 4, 4, 0,
                GL_RGBA, GL_UNSIGNED_BYTE, texels);
   e2e_gl_view_expect_error(&view, GL_NO_ERROR,
                            "TexImage2D BC7 from RGBA texels");
   draw(4, 4, 1.0f, 0.0f);
   e2e_gl_view_probe(&view, 2, 2, 255, 0, 255, 255, 0, "TexImage2D BC7 texels");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, 4, 4, 0,
                GL_RGB, GL_UNSIGNED_BYTE, NULL);
   e2e_gl_view_expect_error(&view, GL_INVALID_OPERATION,
                            "TexImage2D BC7 from RGB texels");
}

static void
test_bc6h(void)
{
   e2e_gl_view_upload(&view, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT, 4, 4,
                      bc6h_unsigned, 16, "BC6H unsigned upload");
   /* x 0.25: 1.5146 -> 96.6, 2.9355 -> 187.1, 0.7656 -> 48.8, 65504
    * clamps to 255; alpha 1. */
   draw(4, 4, 0.25f, 0.0f);
   e2e_gl_view_probe(&view, 0, 0, 0, 97, 255, 255, 1, "BC6H unsigned texel 0");
   e2e_gl_view_probe(&view, 1, 0, 187, 97, 49, 255, 1, "BC6H unsigned texel 1");
   e2e_gl_view_probe(&view, 3, 3, 255, 97, 0, 255, 1, "BC6H unsigned texel 15");

   e2e_gl_view_upload(&view, GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT, 4, 4,
                      bc6h_signed, 16, "BC6H signed upload");
   /* x 2 + 0.5: -0.14246 -> 0.2151 (54.8), 0.14246 -> 0.7849 (200.2),
    * 4.6e-5 and 0 -> 0.5 (127.5). */
   draw(4, 4, 2.0f, 0.5f);
   e2e_gl_view_probe(&view, 0, 0, 55, 128, 128, 255, 1,
                     "BC6H signed texel 0 (negative)");
   e2e_gl_view_probe(&view, 1, 0, 128, 128, 128, 255, 1, "BC6H signed texel 1");
   e2e_gl_view_probe(&view, 3, 3, 200, 128, 128, 255, 1,
                     "BC6H signed texel 15");
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 3, 0, false);
   struct e2e_gl gl;
   int rc = e2e_gl_view_start(&gl, &view, argc, argv, &opts,
                              "GL_EXT_texture_compression_bptc", vs, fs, &prog);
   if (rc)
      return rc;

   test_bc7();
   test_bc6h();
   e2e_gl_view_expect_error(&view, GL_NO_ERROR, "end");

   return e2e_gl_view_finish(&gl, &view);
}
