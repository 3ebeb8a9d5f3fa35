/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Indexed draws with no GL state change between them still see what the
 * draw itself changes: a driver may record such repeats as their draw
 * words alone.  A desktop OpenGL 3.2 core context, a 96 x 16 framebuffer
 * of six 16-pixel columns; vertices 4c .. 4c + 3 are the corners of
 * column c, drawn as a 4-index GL_TRIANGLE_STRIP in white on black.  None
 * of the changes below is pipeline state (in gallium they arrive with the
 * draw), so only the draw can tell the driver:
 *
 * - column 0: 200 draws of buffer A = {0, 1, 2, 3};
 * - column 1: then A's contents become {4, 5, 6, 7} (glBufferSubData) and
 *   one more draw (column 0 stays: its draws read the old contents,
 *   GL 4.6 section 6.2);
 * - column 2: 50 draws of A, then one with base vertex 4
 *   (glDrawElementsBaseVertex: index + 4, GL 4.6 section 10.5);
 * - column 3: buffer B = {12 .. 23} bound instead, drawn at offset 0;
 * - column 4: primitive restart on with restart index 21, 50 draws of B at
 *   byte offset 8 ({16 .. 19}, no 21 among them);
 * - column 5: restart index 99, one draw of B at byte offset 16
 *   ({20, 21, 22, 23}): the whole quad (with restart index 21 kept it
 *   would be the strips {20} and {22, 23}, nothing; GL 4.6 section
 *   10.3.6).
 *
 * Every column white (values from those rules); llvmpipe passes it too.
 *
 * Usage: desktop_draw_repeat_indexed [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdint.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 96
#define H 16
#define COLUMNS 6
#define E2E_GL_PRIMITIVE_RESTART 0x8F9D

typedef void (*draw_elements_bv_fn)(GLenum, GLsizei, GLenum, const void *,
                                    GLint);
typedef void (*restart_index_fn)(GLuint);

static const char vs[] = "#version 150\n"
                         "in vec2 pos;\n"
                         "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs[] = "#version 150\n"
                         "out vec4 o;\n"
                         "void main() { o = vec4(1.0); }\n";

/* Vertex 4c + k: column c's corner k (bit 0: right, bit 1: top). */
static void
corners(float *xy)
{
   for (int v = 0; v < 4 * COLUMNS; v++) {
      int c = v / 4, k = v % 4;
      xy[2 * v] = -1.0f + 2.0f * (c + (k & 1)) / COLUMNS;
      xy[2 * v + 1] = (k & 2) ? 1.0f : -1.0f;
   }
}

static void
strip(GLintptr offset, int times)
{
   for (int i = 0; i < times; i++)
      glDrawElements(GL_TRIANGLE_STRIP, 4, GL_UNSIGNED_SHORT,
                     (const void *)offset);
}

static bool
draws(GLuint prog, bool quiet)
{
   draw_elements_bv_fn draw_bv;
   restart_index_fn restart_index;
   const struct e2e_gl_proc procs[] = {
      {"glDrawElementsBaseVertex", &draw_bv},
      {"glPrimitiveRestartIndex", &restart_index},
   };
   if (!E2E_GL_PROCS(procs))
      return false;

   GLint pos = glGetAttribLocation(prog, "pos");
   if (pos < 0) {
      fprintf(stderr, "FAIL: attribute pos not found\n");
      return false;
   }
   static const GLushort a0[4] = {0, 1, 2, 3}, a1[4] = {4, 5, 6, 7};
   static const GLushort b[12] = {12, 13, 14, 15, 16, 17,
                                  18, 19, 20, 21, 22, 23};
   float xy[8 * COLUMNS];
   GLuint vao, bufs[3];

   corners(xy);
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(3, bufs);
   glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(xy), xy, GL_STATIC_DRAW);
   glVertexAttribPointer(pos, 2, GL_FLOAT, GL_FALSE, 0, 0);
   glEnableVertexAttribArray(pos);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[2]);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(b), b, GL_STATIC_DRAW);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[1]);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(a0), a0, GL_DYNAMIC_DRAW);

   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);

   strip(0, 200);
   glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, sizeof(a1), a1);
   strip(0, 1);
   strip(0, 50);
   draw_bv(GL_TRIANGLE_STRIP, 4, GL_UNSIGNED_SHORT, NULL, 4);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[2]);
   strip(0, 1);
   glEnable(E2E_GL_PRIMITIVE_RESTART);
   restart_index(21);
   strip(8, 50);
   restart_index(99);
   strip(16, 1);
   glDisable(E2E_GL_PRIMITIVE_RESTART);

   bool ok = e2e_gl_expect_error(GL_NO_ERROR, "indexed draws", quiet);
   static const uint8_t white[4] = {255, 255, 255, 255};
   static const char *what[COLUMNS] = {
      "200 draws of {0, 1, 2, 3}",
      "then the buffer's contents {4, 5, 6, 7}",
      "50 draws, then base vertex 4",
      "another index buffer bound",
      "restart index 21, 50 draws of {16 .. 19}",
      "then restart index 99: {20, 21, 22, 23}",
   };
   for (int c = 0; c < COLUMNS; c++)
      ok &= e2e_gl_probe_read(W, H, 16 * c + 8, H / 2, white, 1, what[c],
                              quiet);

   glDeleteBuffers(3, bufs);
   glDeleteVertexArrays(1, &vao);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_core_options(W, H, 3, 2);
   return e2e_gl_run_program(argc, argv, &opts, vs, fs, draws);
}
