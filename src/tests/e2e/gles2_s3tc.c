/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * S3TC textures end to end: an ordinary EGL + GLES 2.0 program that
 * uploads hand-made DXT1/DXT3/DXT5 blocks with glCompressedTex[Sub]Image2D
 * (EXT_texture_compression_s3tc), draws them with nearest filtering so
 * that each pixel shows one texel, and compares glReadPixels with the
 * texels decoded by hand from the extension's specification.  The blocks
 * and their decoding are those of src/util/format/tests/format_bc_test.c.
 * Also: TexImage2D with an S3TC internal format and uncompressed texels,
 * DXT1 RGB reading alpha 1, and the 4x4 block alignment errors.
 *
 * Usage: gles2_s3tc [--quiet] [--no-skip]
 * Exit status: 0 when every probe passes, 1 otherwise, 77 when there is no
 * ES 2.0 context or no EXT_texture_compression_s3tc (unless --no-skip).
 */
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"
#include "e2e_gl_texview.h"

#ifndef GL_COMPRESSED_RGB_S3TC_DXT1_EXT
#define GL_COMPRESSED_RGB_S3TC_DXT1_EXT 0x83F0
#define GL_COMPRESSED_RGBA_S3TC_DXT1_EXT 0x83F1
#define GL_COMPRESSED_RGBA_S3TC_DXT3_EXT 0x83F2
#define GL_COMPRESSED_RGBA_S3TC_DXT5_EXT 0x83F3
#endif

#define W 16
#define H 4

/* Colour 0 red (0xf800) > colour 1 blue (0x001f): four colours; texel
 * codes 0, 1, 2, 3 in row 0, code 0 elsewhere. */
static const uint8_t four_colour[8] = {0x00, 0xf8, 0x1f, 0x00,
                                       0xe4, 0, 0, 0};
/* Colour 0 blue <= colour 1 red: three colours and black. */
static const uint8_t three_colour[8] = {0x1f, 0x00, 0x00, 0xf8,
                                        0xe4, 0, 0, 0};
/* DXT3: alpha nibbles 0, 15, 8, 1, then the three_colour colours. */
static const uint8_t dxt3[16] = {0xf0, 0x18, 0, 0, 0, 0, 0, 0,
                                 0x1f, 0x00, 0x00, 0xf8, 0xe4, 0, 0, 0};
/* DXT5: alpha 200 > 60 (eight values), codes 0, 1, 2, 7; red colours. */
static const uint8_t dxt5_eight[16] = {200, 60, 0x88, 0x0e, 0, 0, 0, 0,
                                       0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0};
/* DXT5: alpha 40 <= 240 (six values, 0, 255), codes 2, 5, 6, 7. */
static const uint8_t dxt5_six[16] = {40, 240, 0xaa, 0x0f, 0, 0, 0, 0,
                                     0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0};

static const char *vs = "attribute vec2 a_pos;\n"
                        "varying vec2 v_tc;\n"
                        "void main() {\n"
                        "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                        "   v_tc = a_pos * 0.5 + 0.5;\n"
                        "}\n";
/* u_alpha = 1 shows the texel's alpha as grey (the window may have no
 * alpha channel). */
static const char *fs = "precision mediump float;\n"
                        "uniform sampler2D u_tex;\n"
                        "uniform float u_alpha;\n"
                        "varying vec2 v_tc;\n"
                        "void main() {\n"
                        "   vec4 t = texture2D(u_tex, v_tc);\n"
                        "   gl_FragColor = mix(vec4(t.rgb, 1.0),\n"
                        "                      vec4(t.aaa, 1.0), u_alpha);\n"
                        "}\n";

static GLuint prog;
static uint8_t pixels[W * H * 4];
static struct e2e_gl_texview view = {pixels, W, H, false, 0};

/* Draws the bound texture over a w x h viewport at the origin (texel
 * (x, y) at pixel (x, y)) and reads it back. */
static void
draw(int w, int h, bool alpha)
{
   static const float grey[4] = {0.5f, 0.5f, 0.5f, 1.0f};
   glUniform1f(glGetUniformLocation(prog, "u_alpha"), alpha ? 1.0f : 0.0f);
   e2e_gl_view_draw(&view, w, h, grey);
}

static void
probe_alpha(int x, int y, int a, int tol, const char *what)
{
   e2e_gl_view_probe(&view, x, y, a, a, a, 255, tol, what);
}

/* DXT1 without alpha: both palettes; then a sub-image replaces the second
 * block with the first. */
static void
test_dxt1(void)
{
   uint8_t data[16];
   memcpy(data, four_colour, 8);
   memcpy(data + 8, three_colour, 8);
   e2e_gl_view_upload(&view, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 4, data,
                      sizeof(data), "DXT1 upload");
   draw(8, 4, false);
   /* (2 red + blue) / 3 and (red + 2 blue) / 3, rounding left open. */
   e2e_gl_view_probe(&view, 0, 0, 255, 0, 0, 255, 0, "DXT1 colour 0");
   e2e_gl_view_probe(&view, 1, 0, 0, 0, 255, 255, 0, "DXT1 colour 1");
   e2e_gl_view_probe(&view, 2, 0, 170, 0, 85, 255, 1, "DXT1 2/3 colour 0");
   e2e_gl_view_probe(&view, 3, 0, 85, 0, 170, 255, 1, "DXT1 2/3 colour 1");
   e2e_gl_view_probe(&view, 1, 3, 255, 0, 0, 255, 0, "DXT1 code 0 elsewhere");
   e2e_gl_view_probe(&view, 4, 0, 0, 0, 255, 255, 0, "DXT1 3-colour 0");
   e2e_gl_view_probe(&view, 5, 0, 255, 0, 0, 255, 0, "DXT1 3-colour 1");
   e2e_gl_view_probe(&view, 6, 0, 128, 0, 128, 255, 1,
                     "DXT1 3-colour midpoint");
   e2e_gl_view_probe(&view, 7, 0, 0, 0, 0, 255, 0, "DXT1 3-colour black");
   draw(8, 4, true);
   probe_alpha(7, 0, 255, 0, "DXT1 RGB black is opaque");

   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 4, 4,
                             GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, four_colour);
   e2e_gl_view_expect_error(&view, GL_NO_ERROR, "DXT1 sub-image");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4,
                             GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, four_colour);
   e2e_gl_view_expect_error(&view, GL_INVALID_OPERATION,
                            "DXT1 sub-image off the 4x4 grid");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4,
                             GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 16, dxt5_six);
   e2e_gl_view_expect_error(&view, GL_INVALID_OPERATION,
                            "DXT1 sub-image in another format");
   draw(8, 4, false);
   e2e_gl_view_probe(&view, 4, 0, 255, 0, 0, 255, 0,
                     "DXT1 replaced block colour 0");
   e2e_gl_view_probe(&view, 7, 0, 85, 0, 170, 255, 1,
                     "DXT1 replaced block 2/3 colour 1");
}

/* DXT1 with alpha: the black texel is transparent. */
static void
test_dxt1_alpha(void)
{
   e2e_gl_view_upload(&view, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 4, 4,
                      three_colour, 8, "DXT1 RGBA upload");
   draw(4, 4, true);
   probe_alpha(2, 0, 255, 0, "DXT1 RGBA midpoint opaque");
   probe_alpha(3, 0, 0, 0, "DXT1 RGBA black transparent");
}

static void
test_dxt3_dxt5(void)
{
   e2e_gl_view_upload(&view, GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, 4, 4, dxt3, 16,
                      "DXT3 upload");
   draw(4, 4, true);
   /* Nibbles times 17. */
   probe_alpha(0, 0, 0, 0, "DXT3 alpha 0");
   probe_alpha(1, 0, 255, 0, "DXT3 alpha 15");
   probe_alpha(2, 0, 136, 0, "DXT3 alpha 8");
   probe_alpha(3, 0, 17, 0, "DXT3 alpha 1");
   draw(4, 4, false);
   /* The colour block is read with four colours even though c0 <= c1. */
   e2e_gl_view_probe(&view, 2, 0, 85, 0, 170, 255, 1, "DXT3 four colours");
   e2e_gl_view_probe(&view, 3, 0, 170, 0, 85, 255, 1, "DXT3 no black");

   uint8_t data[32];
   memcpy(data, dxt5_eight, 16);
   memcpy(data + 16, dxt5_six, 16);
   e2e_gl_view_upload(&view, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 4, data,
                      sizeof(data), "DXT5 upload");
   draw(8, 4, true);
   /* 200 > 60: (6*200 + 60)/7 = 180, (200 + 6*60)/7 = 80. */
   probe_alpha(0, 0, 200, 0, "DXT5 alpha 0");
   probe_alpha(1, 0, 60, 0, "DXT5 alpha 1");
   probe_alpha(2, 0, 180, 1, "DXT5 alpha code 2 of 8");
   probe_alpha(3, 0, 80, 1, "DXT5 alpha code 7 of 8");
   /* 40 <= 240: (4*40 + 240)/5 = 80, (40 + 4*240)/5 = 200, 0, 255. */
   probe_alpha(4, 0, 80, 1, "DXT5 alpha code 2 of 6");
   probe_alpha(5, 0, 200, 1, "DXT5 alpha code 5 of 6");
   probe_alpha(6, 0, 0, 0, "DXT5 alpha code 6 (0)");
   probe_alpha(7, 0, 255, 0, "DXT5 alpha code 7 (1)");
}

/* TexImage2D takes the S3TC internal formats with uncompressed texels;
 * TexSubImage2D must then keep to the 4x4 grid. */
static void
test_teximage(void)
{
   uint8_t texels[8 * 4 * 4];
   for (int i = 0; i < 8 * 4; i++) {
      texels[i * 4 + 0] = 0;
      texels[i * 4 + 1] = 255;
      texels[i * 4 + 2] = 0;
      texels[i * 4 + 3] = 0; /* DXT1 RGB ignores it */
   }
   e2e_gl_nearest_texture(GL_TEXTURE_2D);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 4, 0,
                GL_RGBA, GL_UNSIGNED_BYTE, texels);
   e2e_gl_view_expect_error(&view, GL_NO_ERROR,
                            "TexImage2D DXT1 from RGBA texels");
   for (int i = 0; i < 4 * 4; i++)
      texels[i * 4 + 2] = 255;
   glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE,
                   texels);
   e2e_gl_view_expect_error(&view, GL_NO_ERROR,
                            "TexSubImage2D on the 4x4 grid");
   glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE,
                   texels);
   e2e_gl_view_expect_error(&view, GL_INVALID_OPERATION,
                            "TexSubImage2D off the 4x4 grid");
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 3, 4, GL_RGBA, GL_UNSIGNED_BYTE,
                   texels);
   e2e_gl_view_expect_error(&view, GL_INVALID_OPERATION,
                            "TexSubImage2D of a partial block");
   draw(8, 4, false);
   e2e_gl_view_probe(&view, 0, 0, 0, 255, 0, 255, 0, "TexImage2D texels");
   e2e_gl_view_probe(&view, 5, 2, 0, 255, 255, 255, 0, "TexSubImage2D texels");
   draw(8, 4, true);
   probe_alpha(0, 0, 255, 0, "TexImage2D DXT1 RGB alpha is 1");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 4, 4, 0,
                GL_LUMINANCE, GL_UNSIGNED_BYTE, texels);
   e2e_gl_view_expect_error(&view, GL_INVALID_OPERATION,
                            "TexImage2D DXT5 from luminance");
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts =
      e2e_gl_version_options(W, H, 2, 0, false);
   struct e2e_gl gl;
   int rc = e2e_gl_view_start(&gl, &view, argc, argv, &opts,
                              "GL_EXT_texture_compression_s3tc", vs, fs, &prog);
   if (rc)
      return rc;

   test_dxt1();
   test_dxt1_alpha();
   test_dxt3_dxt5();
   test_teximage();
   e2e_gl_view_expect_error(&view, GL_NO_ERROR, "end");

   return e2e_gl_view_finish(&gl, &view);
}
