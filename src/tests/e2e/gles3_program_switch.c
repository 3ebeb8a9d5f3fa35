/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Two programs whose vertex-to-fragment varyings are laid out differently,
 * used in turn, many times: each draw must read its own program's
 * varyings (ES 3.0 section 2.11.8: a program's outputs are matched to its
 * own fragment shader's inputs).  A driver that keeps the varying links
 * of recent shader pairs (asahi's agx_link_cache.c) must find the right
 * pair's every time.
 *
 * Program A passes a vec4 green and a float 1 and draws their product;
 * program B passes a float 0.5, a vec2 (1, 1) and a vec4 blue and draws
 * the vec4 plus the vec2 scaled by the float in red and alpha, i.e. (0.5,
 * 0, 1, 1) (alpha 0.5 + 1 clamped).  The 64 x 8 window is eight 8-pixel
 * columns; column c is drawn by A when c is even, by B when odd, and the
 * eight columns are drawn three times over (each draw covering only its
 * column).  Expected: green (0, 255, 0, 255) and (128, 0, 255, 255)
 * (0.5 * 255 rounded), tolerance 1.  llvmpipe passes it too.
 *
 * Usage: gles3_program_switch [--quiet] [--no-skip]
 */
#include <stdint.h>
#include <stdio.h>

#include <GLES3/gl3.h>

#include "e2e_gl.h"

#define W 64
#define H 8
#define COLUMNS 8

static const char *vs_a = "#version 300 es\n"
                          "layout(location = 0) in vec2 pos;\n"
                          "out vec4 colour;\n"
                          "out float scale;\n"
                          "void main() {\n"
                          "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                          "   colour = vec4(0.0, 1.0, 0.0, 1.0);\n"
                          "   scale = 1.0;\n"
                          "}\n";
static const char *fs_a = "#version 300 es\n"
                          "precision mediump float;\n"
                          "in vec4 colour;\n"
                          "in float scale;\n"
                          "out vec4 o;\n"
                          "void main() { o = colour * scale; }\n";
static const char *vs_b = "#version 300 es\n"
                          "layout(location = 0) in vec2 pos;\n"
                          "out float weight;\n"
                          "out vec2 ra;\n"
                          "out vec4 base;\n"
                          "void main() {\n"
                          "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                          "   weight = 0.5;\n"
                          "   ra = vec2(1.0, 1.0);\n"
                          "   base = vec4(0.0, 0.0, 1.0, 1.0);\n"
                          "}\n";
static const char *fs_b = "#version 300 es\n"
                          "precision mediump float;\n"
                          "in float weight;\n"
                          "in vec2 ra;\n"
                          "in vec4 base;\n"
                          "out vec4 o;\n"
                          "void main() {\n"
                          "   o = base + vec4(ra.x, 0.0, 0.0, ra.y) * weight;\n"
                          "}\n";

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 3, 0, false);
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;

   GLuint prog[2] = {e2e_gl_program(vs_a, fs_a, NULL),
                     e2e_gl_program(vs_b, fs_b, NULL)};
   if (!prog[0] || !prog[1]) {
      fprintf(stderr, "FAIL: a program does not link\n");
      return e2e_gl_finish(&gl, false, quiet);
   }

   float xy[COLUMNS * 8];
   for (int c = 0; c < COLUMNS; c++) {
      float x0 = -1.0f + 2.0f * c / COLUMNS, x1 = x0 + 2.0f / COLUMNS;
      const float v[8] = {x0, -1, x1, -1, x0, 1, x1, 1};
      for (int i = 0; i < 8; i++)
         xy[8 * c + i] = v[i];
   }
   GLuint vao, buf;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &buf);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glBufferData(GL_ARRAY_BUFFER, sizeof(xy), xy, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
   glEnableVertexAttribArray(0);

   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   for (int round = 0; round < 3; round++) {
      for (int c = 0; c < COLUMNS; c++) {
         glUseProgram(prog[c & 1]);
         glDrawArrays(GL_TRIANGLE_STRIP, 4 * c, 4);
      }
   }
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "the draws", quiet);

   static const uint8_t want[2][4] = {{0, 255, 0, 255}, {128, 0, 255, 255}};
   for (int c = 0; c < COLUMNS; c++) {
      char what[48];
      snprintf(what, sizeof(what), "column %d, program %c", c, "AB"[c & 1]);
      ok &= e2e_gl_probe_read(W, H, 8 * c + 4, H / 2, want[c & 1], 1, what,
                              quiet);
   }

   glUseProgram(0);
   glDeleteProgram(prog[0]);
   glDeleteProgram(prog[1]);
   glDeleteBuffers(1, &buf);
   glDeleteVertexArrays(1, &vao);
   return e2e_gl_finish(&gl, ok, quiet);
}
