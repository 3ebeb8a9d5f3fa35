/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ETC2/EAC textures end to end: an ordinary EGL + GLES 3.0 program that
 * uploads hand-made blocks with glCompressedTex[Sub]Image2D/3D and
 * glTexStorage2D, draws them with nearest filtering so that each pixel
 * shows one texel, and compares glReadPixels with the texels decoded by
 * hand from OpenGL ES 3.0.6 appendix C.  The blocks and the computations
 * are those of src/util/format/tests/format_etc_test.c (one line each
 * here).  Every mode (individual, differential, T, H, planar), punch-
 * through alpha, EAC alpha, R11/RG11 unsigned and signed, sRGB, ETC1,
 * mip levels of 2x2 and 1x1, a partial-block edge, array layers and the
 * six faces of a cube map.
 *
 * Usage: gles3_etc2 [--quiet] [--no-skip] [--no-array]
 *   --no-array leaves out the sampler2DArray draws (for a compiler that
 *   cannot sample arrays yet; the uploads are still made and checked for
 *   errors).
 * Exit status: 0 when every probe passes, 1 otherwise, 77 when no ES 3.0
 * context exists (unless --no-skip).
 */
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"
#include "e2e_gl_texview.h"

#define W 32
#define H 8

static bool no_array;

/* Blocks (see format_etc_test.c for the decoding of each). */
static const uint8_t individual[8] = {0x82, 0x4C, 0xF0, 0x1C,
                                      0x0C, 0x0C, 0x0A, 0x0A};
static const uint8_t differential[8] = {0x85, 0x03, 0xFC, 0x2B,
                                        0x00, 0x14, 0x80, 0x10};
static const uint8_t t_mode[8] = {0xF9, 0x2A, 0x58, 0x3B,
                                  0xCC, 0xCC, 0xAA, 0xAA};
static const uint8_t h_mode[8] = {0x43, 0xF9, 0x78, 0x26,
                                  0xCC, 0xCC, 0xAA, 0xAA};
static const uint8_t planar[8] = {0x40, 0x00, 0xF9, 0x7F,
                                  0xFE, 0x00, 0x1F, 0xC0};
#define EAC_RAMP 0x05, 0x39, 0x77, 0x05, 0x39, 0x77
/* Base 128, multiplier 2, table 0: 1028 + 16m; texel index (x*4+y) % 8. */
static const uint8_t r11_ramp[8] = {0x80, 0x20, EAC_RAMP};
/* Base 100, multiplier 0, table 13: 804 + m. */
static const uint8_t r11_mult0[8] = {0x64, 0x0D, EAC_RAMP};
/* Signed base -128 (read as -127), multiplier 1, table 0: -1016 + 8m. */
static const uint8_t sr11_neg[8] = {0x80, 0x10, EAC_RAMP};

/* T block rows (paint colours 0..3). */
static const uint8_t t_rows[4][4] = {
   {221, 34, 170, 255},
   {117, 168, 83, 255},
   {85, 136, 51, 255},
   {53, 104, 19, 255},
};

static const char *vs = "#version 300 es\n"
                        "layout(location = 0) in vec2 a_pos;\n"
                        "out vec2 v_tc;\n"
                        "void main() {\n"
                        "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                        "   v_tc = a_pos * 0.5 + 0.5;\n"
                        "}\n";
/* scale/bias show signed values in a UNORM framebuffer. */
static const char *fs_2d = "#version 300 es\n"
                           "precision highp float;\n"
                           "uniform highp sampler2D u_tex;\n"
                           "uniform vec4 u_scale, u_bias;\n"
                           "in vec2 v_tc;\n"
                           "out vec4 o_color;\n"
                           "void main() {\n"
                           "   vec4 t = texture(u_tex, v_tc);\n"
                           "   o_color = t * u_scale + u_bias;\n"
                           "}\n";
static const char *fs_array = "#version 300 es\n"
                              "precision highp float;\n"
                              "uniform highp sampler2DArray u_tex;\n"
                              "uniform float u_layer;\n"
                              "in vec2 v_tc;\n"
                              "out vec4 o_color;\n"
                              "void main() {\n"
                              "   vec3 tc = vec3(v_tc, u_layer);\n"
                              "   o_color = texture(u_tex, tc);\n"
                              "}\n";

static const char *fs_cube = "#version 300 es\n"
                             "precision highp float;\n"
                             "uniform highp samplerCube u_tex;\n"
                             "uniform vec3 u_dir;\n"
                             "out vec4 o_color;\n"
                             "void main() {\n"
                             "   o_color = texture(u_tex, u_dir);\n"
                             "}\n";

static GLuint prog_2d, prog_array, prog_cube;
static uint8_t pixels[W * H * 4];
static struct e2e_gl_texview view = {pixels, W, H, false, 0};

static void
use_2d(float scale, float bias)
{
   glUseProgram(prog_2d);
   glUniform1i(glGetUniformLocation(prog_2d, "u_tex"), 0);
   glUniform4f(glGetUniformLocation(prog_2d, "u_scale"), scale, scale, scale,
               scale);
   glUniform4f(glGetUniformLocation(prog_2d, "u_bias"), bias, bias, bias, bias);
}

/* Draws the bound texture over a w x h viewport at the origin and reads
 * it back. */
static void
draw(int w, int h)
{
   static const float grey[4] = {0.5f, 0.5f, 0.5f, 0.5f};
   e2e_gl_view_draw(&view, w, h, grey);
}

static void
probe4(int x, int y, const uint8_t c[4], int tol, const char *what)
{
   e2e_gl_view_probe(&view, x, y, c[0], c[1], c[2], c[3], tol, what);
}

/* Five 4x4 blocks side by side: every RGB mode. */
static void
test_rgb_modes(void)
{
   uint8_t data[5 * 8];
   memcpy(data, individual, 8);
   memcpy(data + 8, differential, 8);
   memcpy(data + 16, t_mode, 8);
   memcpy(data + 24, h_mode, 8);
   memcpy(data + 32, planar, 8);
   e2e_gl_view_upload(&view, GL_COMPRESSED_RGB8_ETC2, 20, 4, data, sizeof(data),
                      "RGB8_ETC2 upload");
   use_2d(1, 0);
   draw(20, 4);
   /* Individual: bases (136, 68, 255) / (34, 204, 0), tables 0 and 7. */
   e2e_gl_view_probe(&view, 0, 0, 138, 70, 255, 255, 0, "individual +2");
   e2e_gl_view_probe(&view, 0, 3, 128, 60, 247, 255, 0, "individual -8");
   e2e_gl_view_probe(&view, 2, 1, 217, 255, 183, 255, 0,
                     "individual +183 clamped");
   e2e_gl_view_probe(&view, 2, 2, 0, 157, 0, 255, 0, "individual -47 clamped");
   /* Differential, flipped: (132, 0, 255) / (107, 24, 222). */
   e2e_gl_view_probe(&view, 4, 0, 137, 5, 255, 255, 0, "differential +5");
   e2e_gl_view_probe(&view, 5, 0, 115, 0, 238, 255, 0, "differential -17");
   e2e_gl_view_probe(&view, 4, 2, 98, 15, 213, 255, 0, "differential -9");
   e2e_gl_view_probe(&view, 7, 3, 136, 53, 251, 255, 0, "differential +29");
   /* T: row y shows paint colour y. */
   for (int y = 0; y < 4; y++)
      probe4(9, y, t_rows[y], 0, "T mode");
   /* H: colours (136, 119, 170) and (255, 0, 68) +- 23. */
   e2e_gl_view_probe(&view, 12, 0, 159, 142, 193, 255, 0, "H mode paint 0");
   e2e_gl_view_probe(&view, 13, 1, 113, 96, 147, 255, 0, "H mode paint 1");
   e2e_gl_view_probe(&view, 14, 2, 255, 23, 91, 255, 0, "H mode paint 2");
   e2e_gl_view_probe(&view, 15, 3, 232, 0, 45, 255, 0, "H mode paint 3");
   /* Planar: R (125x - 130y + 522) >> 2, G (255x + 255y + 2) >> 2,
    * B (-105x - 105y + 422) >> 2, clamped. */
   e2e_gl_view_probe(&view, 16, 0, 130, 0, 105, 255, 0, "planar (0,0)");
   e2e_gl_view_probe(&view, 19, 0, 224, 191, 26, 255, 0, "planar (3,0)");
   e2e_gl_view_probe(&view, 16, 3, 33, 191, 26, 255, 0, "planar (0,3)");
   e2e_gl_view_probe(&view, 19, 3, 126, 255, 0, 255, 0, "planar (3,3) clamped");
   e2e_gl_view_probe(&view, 17, 1, 129, 128, 53, 255, 0, "planar (1,1)");
}

/* A 6x6 image: partial blocks at the right and bottom. */
static void
test_partial_blocks(void)
{
   uint8_t data[4 * 8];
   memcpy(data, individual, 8);
   memcpy(data + 8, differential, 8);
   memcpy(data + 16, t_mode, 8);
   memcpy(data + 24, h_mode, 8);
   e2e_gl_view_upload(&view, GL_COMPRESSED_RGB8_ETC2, 6, 6, data, sizeof(data),
                      "6x6 upload");
   use_2d(1, 0);
   draw(6, 6);
   e2e_gl_view_probe(&view, 4, 1, 137, 5, 255, 255, 0,
                     "6x6 differential (0,1)");
   e2e_gl_view_probe(&view, 1, 5, 117, 168, 83, 255, 0, "6x6 T (1,1)");
   e2e_gl_view_probe(&view, 5, 5, 113, 96, 147, 255, 0, "6x6 H (1,1)");
   e2e_gl_view_probe(&view, 6, 0, 128, 128, 128, 128, 1,
                     "6x6 outside is the clear colour");
}

static void
test_alpha(void)
{
   /* RGBA8_ETC2_EAC: alpha base 128, multiplier 3, table 2: 128 + 3m;
    * colour from the T block. */
   uint8_t rgba[16] = {0x80, 0x32, EAC_RAMP};
   memcpy(rgba + 8, t_mode, 8);
   e2e_gl_view_upload(&view, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4, rgba, 16,
                      "RGBA8_ETC2_EAC upload");
   use_2d(1, 0);
   draw(4, 4);
   e2e_gl_view_probe(&view, 0, 0, 221, 34, 170, 122, 0, "EAC alpha -2");
   e2e_gl_view_probe(&view, 0, 3, 53, 104, 19, 89, 0, "EAC alpha -13");
   e2e_gl_view_probe(&view, 1, 0, 221, 34, 170, 131, 0, "EAC alpha +1");
   e2e_gl_view_probe(&view, 1, 3, 53, 104, 19, 164, 0, "EAC alpha +12");

   /* Punch-through, opaque bit clear: index 2 (row 2) is transparent. */
   uint8_t a1[8];
   memcpy(a1, t_mode, 8);
   a1[3] = 0x39;
   e2e_gl_view_upload(&view, GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, 4, 4,
                      a1, 8, "RGB8_PUNCHTHROUGH_ALPHA1 upload");
   draw(4, 4);
   probe4(2, 1, t_rows[1], 0, "punch-through opaque");
   e2e_gl_view_probe(&view, 2, 2, 0, 0, 0, 0, 0, "punch-through transparent");
}

static void
test_eac(void)
{
   e2e_gl_view_upload(&view, GL_COMPRESSED_R11_EAC, 4, 4, r11_ramp, 8,
                      "R11_EAC upload");
   use_2d(1, 0);
   draw(4, 4);
   /* 980, 788, 1252 of 2047, times 255. */
   e2e_gl_view_probe(&view, 0, 0, 122, 0, 0, 255, 1, "R11 index 0");
   e2e_gl_view_probe(&view, 0, 3, 98, 0, 0, 255, 1, "R11 index 3");
   e2e_gl_view_probe(&view, 1, 3, 156, 0, 0, 255, 1, "R11 index 7");

   uint8_t rg[16];
   memcpy(rg, r11_ramp, 8);
   memcpy(rg + 8, r11_mult0, 8);
   e2e_gl_view_upload(&view, GL_COMPRESSED_RG11_EAC, 4, 4, rg, 16,
                      "RG11_EAC upload");
   draw(4, 4);
   /* G: 803 and 813 of 2047 (multiplier 0). */
   e2e_gl_view_probe(&view, 0, 0, 122, 100, 0, 255, 1, "RG11 (0,0)");
   e2e_gl_view_probe(&view, 1, 3, 156, 101, 0, 255, 1, "RG11 (1,3)");

   /* Signed, shown as v * 0.5 + 0.5: -1023 (clamped), -904, -1000, -976
    * of 1023. */
   e2e_gl_view_upload(&view, GL_COMPRESSED_SIGNED_R11_EAC, 4, 4, sr11_neg, 8,
                      "SIGNED_R11_EAC upload");
   use_2d(0.5f, 0.5f);
   draw(4, 4);
   e2e_gl_view_probe(&view, 0, 0, 0, 128, 128, 255, 1, "signed R11 -1023");
   e2e_gl_view_probe(&view, 1, 3, 15, 128, 128, 255, 1,
                     "signed R11 -904 (base -128 as -127)");
   e2e_gl_view_probe(&view, 1, 0, 3, 128, 128, 255, 1, "signed R11 -1000");
   e2e_gl_view_probe(&view, 1, 1, 6, 128, 128, 255, 1, "signed R11 -976");
}

static void
test_srgb_and_etc1(void)
{
   e2e_gl_view_upload(&view, GL_COMPRESSED_SRGB8_ETC2, 4, 4, t_mode, 8,
                      "SRGB8_ETC2 upload");
   use_2d(1, 0);
   draw(4, 4);
   /* sRGB decode: 221 -> 184.4, 34 -> 4.1, 170 -> 102.5. */
   e2e_gl_view_probe(&view, 0, 0, 184, 4, 102, 255, 2, "sRGB ETC2 row 0");
   /* 117 -> 45.4, 168 -> 99.9, 83 -> 22.1. */
   e2e_gl_view_probe(&view, 3, 1, 45, 100, 22, 255, 2, "sRGB ETC2 row 1");

   e2e_gl_view_upload(&view, GL_ETC1_RGB8_OES, 4, 4, individual, 8,
                      "ETC1 upload");
   draw(4, 4);
   e2e_gl_view_probe(&view, 0, 1, 144, 76, 255, 255, 0, "ETC1 +8");
   e2e_gl_view_probe(&view, 2, 3, 0, 21, 0, 255, 0, "ETC1 -183");
}

/* Immutable storage with four levels, each written with
 * glCompressedTexSubImage2D, sampled at 8x8, 2x2 and 1x1. */
static void
test_storage_mips(void)
{
   uint8_t level0[4 * 8];
   memcpy(level0, planar, 8);
   memcpy(level0 + 8, h_mode, 8);
   memcpy(level0 + 16, individual, 8);
   memcpy(level0 + 24, differential, 8);
   e2e_gl_nearest_texture(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                   GL_NEAREST_MIPMAP_NEAREST);
   glTexStorage2D(GL_TEXTURE_2D, 4, GL_COMPRESSED_RGB8_ETC2, 8, 8);
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8,
                             GL_COMPRESSED_RGB8_ETC2, 32, level0);
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 4, 4,
                             GL_COMPRESSED_RGB8_ETC2, 8, individual);
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 2, 0, 0, 2, 2,
                             GL_COMPRESSED_RGB8_ETC2, 8, t_mode);
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 3, 0, 0, 1, 1,
                             GL_COMPRESSED_RGB8_ETC2, 8, h_mode);
   e2e_gl_view_expect_error(&view, GL_NO_ERROR,
                            "TexStorage2D + CompressedTexSubImage2D");
   use_2d(1, 0);
   draw(8, 8);
   e2e_gl_view_probe(&view, 3, 3, 126, 255, 0, 255, 0, "level 0 planar (3,3)");
   e2e_gl_view_probe(&view, 4, 0, 159, 142, 193, 255, 0, "level 0 H (0,0)");
   e2e_gl_view_probe(&view, 7, 7, 136, 53, 251, 255, 0,
                     "level 0 differential (3,3)");
   /* 8x8 onto 2x2 pixels: level 2, the top-left 2x2 texels of T. */
   draw(2, 2);
   probe4(0, 0, t_rows[0], 0, "level 2 (0,0)");
   probe4(1, 1, t_rows[1], 0, "level 2 (1,1)");
   /* 1x1: level 3, texel (0,0) of H. */
   draw(1, 1);
   e2e_gl_view_probe(&view, 0, 0, 159, 142, 193, 255, 0, "level 3");
}

static void
test_array(void)
{
   uint8_t layers[3 * 8];
   memcpy(layers, individual, 8);
   memcpy(layers + 8, t_mode, 8);
   memcpy(layers + 16, planar, 8);
   glActiveTexture(GL_TEXTURE1);
   e2e_gl_nearest_texture(GL_TEXTURE_2D_ARRAY);
   glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4,
                          3, 0, sizeof(layers), layers);
   /* Replace layer 2 with the H block. */
   glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 2, 4, 4, 1,
                             GL_COMPRESSED_RGB8_ETC2, 8, h_mode);
   e2e_gl_view_expect_error(&view, GL_NO_ERROR, "2D array upload");
   if (no_array) {
      glActiveTexture(GL_TEXTURE0);
      return;
   }
   glUseProgram(prog_array);
   glUniform1i(glGetUniformLocation(prog_array, "u_tex"), 1);
   glUniform1f(glGetUniformLocation(prog_array, "u_layer"), 1.0f);
   draw(4, 4);
   probe4(0, 3, t_rows[3], 0, "array layer 1");
   glUniform1f(glGetUniformLocation(prog_array, "u_layer"), 2.0f);
   draw(4, 4);
   e2e_gl_view_probe(&view, 3, 3, 232, 0, 45, 255, 0,
                     "array layer 2 (sub-image)");
   glActiveTexture(GL_TEXTURE0);
}

/* Six faces, each one flat colour: differential blocks with base
 * (4f, 31 - 4f, 8 + f) in 5 bits, no delta, codeword 0 and every index 0
 * (+2).  A direction along each axis reads its face. */
static void
test_cube(void)
{
   static const float dirs[6][3] = {
      {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1},
   };
   e2e_gl_nearest_texture(GL_TEXTURE_CUBE_MAP);
   for (int f = 0; f < 6; f++) {
      const uint8_t block[8] = {(uint8_t)(4 * f << 3),
                                (uint8_t)((31 - 4 * f) << 3),
                                (uint8_t)((8 + f) << 3),
                                0x02,
                                0,
                                0,
                                0,
                                0};
      glCompressedTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0,
                             GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, block);
   }
   e2e_gl_view_expect_error(&view, GL_NO_ERROR, "cube upload");
   glUseProgram(prog_cube);
   glUniform1i(glGetUniformLocation(prog_cube, "u_tex"), 0);
   for (int f = 0; f < 6; f++) {
      glUniform3fv(glGetUniformLocation(prog_cube, "u_dir"), 1, dirs[f]);
      draw(1, 1);
      const int base[3] = {4 * f, 31 - 4 * f, 8 + f};
      int want[3];
      /* widen5(c) = c << 3 | c >> 2, plus 2, clamped (255 + 2). */
      for (int c = 0; c < 3; c++) {
         want[c] = (base[c] << 3 | base[c] >> 2) + 2;
         want[c] = want[c] > 255 ? 255 : want[c];
      }
      e2e_gl_view_probe(&view, 0, 0, want[0], want[1], want[2], 255, 0,
                        "cube face");
   }
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts =
      e2e_gl_version_options(W, H, 3, 0, false);
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--quiet"))
         view.quiet = true;
      else if (!strcmp(argv[i], "--no-skip"))
         opts.no_skip = true;
      else if (!strcmp(argv[i], "--no-array"))
         no_array = true;
   }
   struct e2e_gl gl;
   int rc = e2e_gl_open(&gl, &opts);
   if (rc)
      return rc;

   prog_2d = e2e_gl_program(vs, fs_2d, NULL);
   prog_array = e2e_gl_program(vs, fs_array, NULL);
   prog_cube = e2e_gl_program(vs, fs_cube, NULL);
   if (!prog_2d || !prog_array || !prog_cube) {
      e2e_gl_close(&gl);
      return 1;
   }
   e2e_gl_viewport_quad(0);

   GLint n = 0;
   glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
   if (n < 10) {
      fprintf(stderr, "FAIL: %d compressed formats, ES 3.0 has 10\n", n);
      view.failures++;
   }

   test_rgb_modes();
   test_partial_blocks();
   test_alpha();
   test_eac();
   test_srgb_and_etc1();
   test_storage_mips();
   test_array();
   test_cube();
   e2e_gl_view_expect_error(&view, GL_NO_ERROR, "end");

   return e2e_gl_view_finish(&gl, &view);
}
