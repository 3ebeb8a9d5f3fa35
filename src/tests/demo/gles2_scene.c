/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The demo scene: an ordinary EGL + OpenGL ES 2.0 program (linked against
 * the system's libglvnd, like any application) that renders a small scene
 * through whatever driver EGL loads, checks pixels against the GL rules and
 * writes the image as a PNG.
 *
 * The scene (256x256, surfaceless EGL, pbuffer with depth):
 *  1. a textured background at depth 0.9: an 8x8 checkerboard texture,
 *     repeated four times, nearest filtering;
 *  2. a blue triangle at depth 0.95, hidden by the depth test;
 *  3. a green triangle at depth 0.5 with per-vertex colours;
 *  4. a red triangle at depth 0.2, in front of the green one;
 *  5. a yellow square with alpha 0.5, blended over the background.
 *
 * Usage: gles2_scene [--no-check] [--skip FEATURE] [OUTPUT.png]
 *   (default asahi-scene.png); --skip blend|texture|depth leaves out the
 *   checks of a feature known not to work yet on the device.
 * Exit status: 0 when every checked pixel is right (or --no-check), 1
 * otherwise, 77 when no EGL display or config is available.
 */
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"
#include "png_writer.h"

#define W 256
#define H 256

static const char *vs_tex =
   "attribute vec4 a_pos;\n"
   "attribute vec2 a_tc;\n"
   "varying vec2 v_tc;\n"
   "void main() { gl_Position = a_pos; v_tc = a_tc; }\n";
static const char *fs_tex =
   "precision mediump float;\n"
   "uniform sampler2D u_tex;\n"
   "varying vec2 v_tc;\n"
   "void main() { gl_FragColor = texture2D(u_tex, v_tc); }\n";
static const char *vs_col =
   "attribute vec4 a_pos;\n"
   "attribute vec4 a_color;\n"
   "varying vec4 v_color;\n"
   "void main() { gl_Position = a_pos; v_color = a_color; }\n";
static const char *fs_col = "precision mediump float;\n"
                            "varying vec4 v_color;\n"
                            "void main() { gl_FragColor = v_color; }\n";

/* One triangle of position (x, y, z) and colour per vertex. */
static void
draw_triangle(const float pos[9], const float col[12])
{
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, pos);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, col);
   glDrawArrays(GL_TRIANGLES, 0, 3);
}

struct check {
   const char *feature; /* texture, depth, blend, draw */
   const char *what;
   int x, y;        /* window coordinates (y up) */
   uint8_t rgba[4]; /* expected, within 2 */
};

int
main(int argc, char **argv)
{
   bool check = true;
   const char *out = "asahi-scene.png";
   const char *skip[4] = {NULL};
   unsigned nr_skip = 0;
   for (int i = 1; i < argc; ++i) {
      if (!strcmp(argv[i], "--no-check"))
         check = false;
      else if (!strcmp(argv[i], "--skip") && i + 1 < argc && nr_skip < 4)
         skip[nr_skip++] = argv[++i];
      else
         out = argv[i];
   }

   struct e2e_gl gl;
   const struct e2e_gl_options opts = {
      .width = W, .height = H, .depth_bits = 16, .es_major = 2,
   };
   int status = e2e_gl_open(&gl, &opts);
   if (status)
      return status;
   printf("GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));

   glViewport(0, 0, W, H);
   glClearColor(0.1f, 0.1f, 0.3f, 1.0f);
   glClearDepthf(1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);

   /* 1. Background: checkerboard, texel (i, j) white when i + j is odd,
    * else grey 64.
    */
   uint8_t texels[8 * 8 * 4];
   for (int j = 0; j < 8; ++j) {
      for (int i = 0; i < 8; ++i) {
         uint8_t v = ((i + j) & 1) ? 255 : 64;
         uint8_t *t = texels + (j * 8 + i) * 4;
         t[0] = t[1] = t[2] = v;
         t[3] = 255;
      }
   }
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);

   static const char *const tex_attribs[] = {"a_pos", "a_tc", NULL};
   GLuint ptex = e2e_gl_program(vs_tex, fs_tex, tex_attribs);
   glUseProgram(ptex);
   glUniform1i(glGetUniformLocation(ptex, "u_tex"), 0);
   static const float bg_pos[] = {-1, -1, 0.8f, 1, -1, 0.8f, 1,  1, 0.8f,
                                  -1, -1, 0.8f, 1, 1,  0.8f, -1, 1, 0.8f};
   static const float bg_tc[] = {0, 0, 4, 0, 4, 4, 0, 0, 4, 4, 0, 4};
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, bg_pos);
   glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, bg_tc);
   glDrawArrays(GL_TRIANGLES, 0, 6);

   static const char *const col_attribs[] = {"a_pos", "a_color", NULL};
   GLuint pcol = e2e_gl_program(vs_col, fs_col, col_attribs);
   glUseProgram(pcol);

   /* 2. Hidden: behind the background (NDC z 0.9 > 0.8). */
   static const float blue_pos[] = {-0.9f, 0.3f,  0.9f, -0.3f, 0.3f,
                                    0.9f,  -0.6f, 0.9f, 0.9f};
   static const float blue_col[] = {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1};
   draw_triangle(blue_pos, blue_col);

   /* 3. Green, per-vertex shades of green. */
   static const float green_pos[] = {-0.2f, -0.2f, 0.0f, 0.8f, -0.2f,
                                     0.0f,  -0.2f, 0.8f, 0.0f};
   static const float green_col[] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
   draw_triangle(green_pos, green_col);

   /* 4. Red, in front of the green one where they overlap. */
   static const float red_pos[] = {-0.8f, -0.8f, -0.4f, 0.6f, -0.8f,
                                   -0.4f, -0.8f, 0.6f,  -0.4f};
   static const float red_col[] = {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1};
   draw_triangle(red_pos, red_col);

   /* 5. Yellow, half transparent, over the background. */
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   static const float y_pos[] = {0.3f, -0.9f, -0.5f, 0.9f, -0.9f, -0.5f,
                                 0.9f, -0.3f, -0.5f, 0.3f, -0.9f, -0.5f,
                                 0.9f, -0.3f, -0.5f, 0.3f, -0.3f, -0.5f};
   static const float y_col[] = {1, 1, 0, 0.5f, 1, 1, 0, 0.5f, 1, 1, 0, 0.5f,
                                 1, 1, 0, 0.5f, 1, 1, 0, 0.5f, 1, 1, 0, 0.5f};
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, y_pos);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, y_col);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_BLEND);

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   GLenum err = glGetError();

   /* Expected values from the GL rules (window x = (ndc + 1) * 128). */
   static const struct check checks[] = {
      {"texture",
       "background, white texel (2, 1)",
       20,
       200,
       {255, 255, 255, 255}},
      {"depth",
       "background where the hidden triangle is, grey texel (6, 0)",
       51,
       192,
       {64, 64, 64, 255}},
      {"draw", "red triangle", 50, 50, {255, 0, 0, 255}},
      {"depth", "red in front of green", 108, 115, {255, 0, 0, 255}},
      {"draw", "green triangle", 166, 153, {0, 255, 0, 255}},
      {"blend",
       "yellow at alpha 0.5 over a white texel",
       204,
       51,
       {255, 255, 128, 191}},
      {"texture",
       "clear colour is covered everywhere: corner",
       0,
       0,
       {64, 64, 64, 255}},
   };
   unsigned wrong = 0, skipped = 0;
   for (unsigned i = 0; i < sizeof(checks) / sizeof(checks[0]); ++i) {
      const struct check *c = &checks[i];
      bool skip_it = false;
      for (unsigned k = 0; k < nr_skip; ++k)
         skip_it |= !strcmp(skip[k], c->feature);
      if (skip_it) {
         printf("skip %s (%s)\n", c->what, c->feature);
         skipped++;
         continue;
      }
      wrong += !e2e_gl_probe(pixels, W, c->x, c->y, c->rgba, 2, c->what,
                             false);
   }

   /* PNG rows go top to bottom. */
   static uint8_t flipped[W * H * 4];
   e2e_gl_flip_rows(pixels, W, H, flipped);
   if (!png_write_rgba(out, flipped, W, H, W * 4)) {
      fprintf(stderr, "FAIL: cannot write %s\n", out);
      return 1;
   }
   printf("image written to %s\n", out);

   e2e_gl_close(&gl);

   if (err != GL_NO_ERROR)
      fprintf(stderr, "GL error 0x%x\n", err);
   if (!check)
      return 0;
   printf("%s: %u of %zu checks wrong, %u skipped\n", wrong ? "FAIL" : "PASS",
          wrong, sizeof(checks) / sizeof(checks[0]), skipped);
   return wrong || err != GL_NO_ERROR ? 1 : 0;
}
