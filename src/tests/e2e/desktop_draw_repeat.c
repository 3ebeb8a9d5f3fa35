/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Changes that follow many draws with no state change still take effect:
 * a driver may record such repeats as the draw words alone, and must see
 * what does change.  A desktop OpenGL 3.2 core context with
 * GL_ARB_base_instance, a 128 x 16 framebuffer of eight 16-pixel columns, one
 * quad (a 4-vertex strip) per column at first vertex 4 * column; the
 * colour is a per-instance attribute (divisor 1) of {white, red, green,
 * blue} scaled by uniform s, so instance 0 of a draw with base instance b
 * takes colour b (GL 4.6 section 10.5, DrawArraysInstancedBaseInstance).
 *
 * - column 0: 200 draws with base instance 1: red;
 * - column 1: then one draw with base instance 2, nothing else changed:
 *   green (not the red of base instance 1);
 * - column 2: 50 draws with base instance 3 and s = 1, then s = 0.5 and one
 *   more: blue and alpha halved, (0, 0, 128, 128);
 * - columns 3-5: glMultiDrawArrays (base instance 0: white, halved) of
 *   column 3, then of columns 4 and 5 with nothing changed between;
 * - a PRIMITIVES_GENERATED query begun after those and three more draws
 *   of one strip (two triangles each) counts 6 (GL 4.6 section 13.7.1);
 * - columns 6-7: then s = 1 and glMultiDrawArrays of both: white; the
 *   second draw of a multi-draw after a state change sees the change
 *   (the driver may record it as its draw words alone).
 *
 * Values from those rules (128 = 0.5 * 255 rounded; tolerance 1);
 * llvmpipe passes it too.
 *
 * Usage: desktop_draw_repeat [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdint.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 128
#define H 16
#define COLUMNS 8
#define E2E_GL_PRIMITIVES_GENERATED 0x8C87

typedef void (*draw_arrays_bi_fn)(GLenum, GLint, GLsizei, GLsizei, GLuint);
typedef void (*multi_draw_arrays_fn)(GLenum, const GLint *, const GLsizei *,
                                     GLsizei);

static const char vs[] = "#version 150\n"
                         "in vec2 pos;\n"
                         "in vec4 color;\n"
                         "out vec4 v_color;\n"
                         "void main() {\n"
                         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                         "   v_color = color;\n"
                         "}\n";
static const char fs[] = "#version 150\n"
                         "uniform float s;\n"
                         "in vec4 v_color;\n"
                         "out vec4 o;\n"
                         "void main() { o = v_color * s; }\n";

static const GLubyte colors[] = {255, 255, 255, 255, 255, 0,   0, 255,
                                 0,   255, 0,   255, 0,   0, 255, 255};

static void
column_strips(float *xy)
{
   for (int c = 0; c < COLUMNS; c++) {
      float x0 = -1.0f + 2.0f * c / COLUMNS, x1 = x0 + 2.0f / COLUMNS;
      const float v[8] = {x0, -1, x1, -1, x0, 1, x1, 1};
      for (int i = 0; i < 8; i++)
         xy[8 * c + i] = v[i];
   }
}

static bool
draws(GLuint prog, bool quiet)
{
   draw_arrays_bi_fn draw_bi;
   multi_draw_arrays_fn multi;
   const struct e2e_gl_proc procs[] = {
      {"glDrawArraysInstancedBaseInstance", &draw_bi},
      {"glMultiDrawArrays", &multi},
   };
   if (!e2e_gl_has_extension("GL_ARB_base_instance")) {
      fprintf(stderr, "FAIL: GL_ARB_base_instance missing\n");
      return false;
   }
   if (!e2e_gl_procs(procs, sizeof(procs) / sizeof(procs[0])))
      return false;

   GLint pos = glGetAttribLocation(prog, "pos");
   GLint color = glGetAttribLocation(prog, "color");
   if (pos < 0 || color < 0) {
      fprintf(stderr, "FAIL: attributes pos and color not found\n");
      return false;
   }
   GLint s = glGetUniformLocation(prog, "s");
   GLuint vao, bufs[2];
   float xy[8 * COLUMNS];

   column_strips(xy);
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(2, bufs);
   glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(xy), xy, GL_STATIC_DRAW);
   glVertexAttribPointer(pos, 2, GL_FLOAT, GL_FALSE, 0, 0);
   glEnableVertexAttribArray(pos);
   glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(colors), colors, GL_STATIC_DRAW);
   glVertexAttribPointer(color, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, 0);
   glVertexAttribDivisor(color, 1);
   glEnableVertexAttribArray(color);

   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glUniform1f(s, 1.0f);

   for (int i = 0; i < 200; i++)
      draw_bi(GL_TRIANGLE_STRIP, 0, 4, 1, 1);
   draw_bi(GL_TRIANGLE_STRIP, 4, 4, 1, 2);
   for (int i = 0; i < 50; i++)
      draw_bi(GL_TRIANGLE_STRIP, 8, 4, 1, 3);
   glUniform1f(s, 0.5f);
   draw_bi(GL_TRIANGLE_STRIP, 8, 4, 1, 3);

   static const GLint first[3] = {12, 16, 20};
   static const GLsizei count[3] = {4, 4, 4};
   multi(GL_TRIANGLE_STRIP, first, count, 1);
   multi(GL_TRIANGLE_STRIP, first + 1, count + 1, 2);

   GLuint q, prims = 0;
   glGenQueries(1, &q);
   glBeginQuery(E2E_GL_PRIMITIVES_GENERATED, q);
   for (int i = 0; i < 3; i++)
      glDrawArrays(GL_TRIANGLE_STRIP, 20, 4);
   glEndQuery(E2E_GL_PRIMITIVES_GENERATED);
   glGetQueryObjectuiv(q, GL_QUERY_RESULT, &prims);
   glDeleteQueries(1, &q);

   glUniform1f(s, 1.0f);
   static const GLint first2[2] = {24, 28};
   multi(GL_TRIANGLE_STRIP, first2, count, 2);

   bool ok = e2e_gl_expect_error(GL_NO_ERROR, "draws and query", quiet);
   ok &= e2e_gl_check("primitives generated by 3 strips of 4 vertices",
                      prims, 6, quiet);

   static const uint8_t want[COLUMNS][4] = {
      {255, 0, 0, 255},     {0, 255, 0, 255},     {0, 0, 128, 128},
      {128, 128, 128, 128}, {128, 128, 128, 128}, {128, 128, 128, 128},
      {255, 255, 255, 255}, {255, 255, 255, 255},
   };
   static const char *what[COLUMNS] = {
      "200 draws, base instance 1",
      "then base instance 2 alone",
      "50 draws, then s = 0.5 and one more",
      "glMultiDrawArrays of one",
      "glMultiDrawArrays of two, first",
      "glMultiDrawArrays of two, second",
      "s = 1, then glMultiDrawArrays of two, first",
      "s = 1, then glMultiDrawArrays of two, second",
   };
   for (int c = 0; c < COLUMNS; c++)
      ok &= e2e_gl_probe_read(W, H, 16 * c + 8, H / 2, want[c], 1, what[c],
                              quiet);

   glDeleteBuffers(2, bufs);
   glDeleteVertexArrays(1, &vao);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_core_options(W, H, 3, 2);
   return e2e_gl_run_program(argc, argv, &opts, vs, fs, draws);
}
