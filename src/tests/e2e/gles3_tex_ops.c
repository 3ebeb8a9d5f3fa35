/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GLSL ES 3.00 texture lookups beyond texture(sampler2D): array layers
 * (ES 3.0.6 section 3.8.10: layer = clamp(floor(r + 0.5), 0, d - 1)),
 * textureOffset and texelFetchOffset (section 3.8.10, offsets added to
 * the texel coordinates), and sampler2DArrayShadow with a compare
 * function (section 3.8.16).  Every expected texel is worked out by hand
 * from the uploaded data; llvmpipe agrees.
 *
 * Usage: gles3_tex_ops [--quiet] [--no-skip]
 */

#include <GLES3/gl3.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"
#include "e2e_gl_texview.h"

#define W 4
#define H 4

static bool quiet;
static int failures;
static uint8_t pixels[W * H * 4];

static const char *vs = "#version 300 es\n"
                        "layout(location = 0) in vec2 a_pos;\n"
                        "void main() { gl_Position = vec4(a_pos, 0, 1); }\n";

static const char *fs_array =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform highp sampler2DArray u_tex;\n"
   "uniform float u_layer;\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "   o_color = texture(u_tex, vec3(gl_FragCoord.xy / 4.0, u_layer));\n"
   "}\n";

static const char *fs_offset =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform highp sampler2D u_tex;\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "   vec4 a = textureOffset(u_tex, gl_FragCoord.xy / 4.0, ivec2(1, -2));\n"
   "   vec4 b = texelFetchOffset(u_tex, ivec2(gl_FragCoord.xy), 0,\n"
   "                             ivec2(-1, 1));\n"
   "   o_color = vec4(a.rg, b.rg);\n"
   "}\n";

static const char *fs_shadow =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform highp sampler2DArrayShadow u_tex;\n"
   "uniform float u_layer, u_ref;\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "   float s = texture(u_tex, vec4(gl_FragCoord.xy / 4.0, u_layer,\n"
   "                                  u_ref));\n"
   "   o_color = vec4(s, 0.0, 0.0, 1.0);\n"
   "}\n";

static void
draw(void)
{
   static const float grey[4] = {0.5f, 0.5f, 0.5f, 0.5f};
   e2e_gl_draw_quad(W, H, grey, W, H, pixels);
}

static void
probe(int x, int y, int r, int g, int b, int a, const char *what)
{
   const uint8_t want[4] = {(uint8_t)r, (uint8_t)g, (uint8_t)b, (uint8_t)a};
   if (!e2e_gl_probe(pixels, W, x, y, want, 1, what, quiet))
      failures++;
}

static void
check_error(const char *what)
{
   if (!e2e_gl_expect_error(GL_NO_ERROR, what, true))
      failures++;
}

/* A 4x4x3 RGBA8 array whose layer l is (80 l + 10, 40 x, 40 y, 255). */
static void
test_array(GLuint prog)
{
   uint8_t data[3][H][W][4];
   for (int l = 0; l < 3; l++) {
      for (int y = 0; y < H; y++) {
         for (int x = 0; x < W; x++) {
            const uint8_t t[4] = {(uint8_t)(80 * l + 10), (uint8_t)(40 * x),
                                  (uint8_t)(40 * y), 255};
            memcpy(data[l][y][x], t, 4);
         }
      }
   }
   GLuint tex = e2e_gl_nearest_texture(GL_TEXTURE_2D_ARRAY);
   glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, W, H, 3, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, data);
   check_error("2D array upload");
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "u_tex"), 0);
   /* 1.4 -> 1, 1.6 -> 2, -3 -> 0, 7 -> 2 (clamped) */
   const float layer[4] = {1.4f, 1.6f, -3.0f, 7.0f};
   const int want[4] = {1, 2, 0, 2};
   for (int i = 0; i < 4; i++) {
      glUniform1f(glGetUniformLocation(prog, "u_layer"), layer[i]);
      draw();
      char what[64];
      snprintf(what, sizeof(what), "array layer %.1f", layer[i]);
      probe(1, 2, 80 * want[i] + 10, 40, 80, 255, what);
      probe(3, 0, 80 * want[i] + 10, 120, 0, 255, what);
   }
   glDeleteTextures(1, &tex);
}

/* A 4x4 RGBA8 texture of (40 x + 20, 40 y + 20, 0, 255).  textureOffset
 * (1, -2) at pixel (1, 3) reads texel (2, 1); at (3, 0) it clamps to
 * (3, 0).  texelFetchOffset (-1, 1) at (2, 1) reads (1, 2). */
static void
test_offsets(GLuint prog)
{
   uint8_t data[H][W][4];
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         const uint8_t t[4] = {(uint8_t)(40 * x + 20), (uint8_t)(40 * y + 20),
                               0, 255};
         memcpy(data[y][x], t, 4);
      }
   }
   GLuint tex = e2e_gl_nearest_texture(GL_TEXTURE_2D);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, data);
   check_error("2D upload");
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "u_tex"), 0);
   draw();
   /* pixel (1, 3): a = texel (2, 1); b = texel (0, 4): outside, not
    * probed in b */
   const uint8_t *p = pixels + 4 * (3 * W + 1);
   if (p[0] < 99 || p[0] > 101 || p[1] < 59 || p[1] > 61) {
      fprintf(stderr, "FAIL textureOffset at (1, 3): %d %d (want 100 60)\n",
              p[0], p[1]);
      failures++;
   } else if (!quiet) {
      printf("ok   textureOffset at (1, 3)\n");
   }
   /* pixel (2, 1): a = texel (3, 0) (y clamped); b = texel (1, 2) */
   probe(2, 1, 140, 20, 60, 100, "textureOffset + texelFetchOffset");
   glDeleteTextures(1, &tex);
}

/* A 4x4x2 DEPTH_COMPONENT32F array: layer 0 at 0.25, layer 1 at 0.75,
 * compared LEQUAL (ref <= D passes) and then GREATER. */
static void
test_shadow_array(GLuint prog)
{
   float data[2][H][W];
   for (int i = 0; i < H * W; i++) {
      (&data[0][0][0])[i] = 0.25f;
      (&data[1][0][0])[i] = 0.75f;
   }
   GLuint tex = e2e_gl_nearest_texture(GL_TEXTURE_2D_ARRAY);
   glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_DEPTH_COMPONENT32F, W, H, 2, 0,
                GL_DEPTH_COMPONENT, GL_FLOAT, data);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_COMPARE_MODE,
                   GL_COMPARE_REF_TO_TEXTURE);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   check_error("depth array upload");
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "u_tex"), 0);
   glUniform1f(glGetUniformLocation(prog, "u_ref"), 0.5f);
   const struct {
      GLenum func;
      float layer;
      int want;
   } cases[] = {{GL_LEQUAL, 0, 0},
                {GL_LEQUAL, 1, 255},
                {GL_GREATER, 0, 255},
                {GL_GREATER, 1.2f, 0}};
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_COMPARE_FUNC,
                      cases[i].func);
      glUniform1f(glGetUniformLocation(prog, "u_layer"), cases[i].layer);
      draw();
      char what[64];
      snprintf(what, sizeof(what), "shadow array case %u", i);
      probe(2, 2, cases[i].want, 0, 0, 255, what);
   }
   glDeleteTextures(1, &tex);
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts =
      e2e_gl_version_options(W, H, 3, 0, false);
   struct e2e_gl gl;
   int rc = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (rc)
      return rc;

   GLuint prog_array = e2e_gl_program(vs, fs_array, NULL);
   GLuint prog_offset = e2e_gl_program(vs, fs_offset, NULL);
   GLuint prog_shadow = e2e_gl_program(vs, fs_shadow, NULL);
   if (!prog_array || !prog_offset || !prog_shadow) {
      e2e_gl_close(&gl);
      return 1;
   }
   e2e_gl_viewport_quad(0);

   test_array(prog_array);
   test_offsets(prog_offset);
   test_shadow_array(prog_shadow);

   e2e_gl_close(&gl);
   if (failures) {
      fprintf(stderr, "FAIL: %d failure(s)\n", failures);
      return 1;
   }
   if (!quiet)
      printf("PASS\n");
   return 0;
}
