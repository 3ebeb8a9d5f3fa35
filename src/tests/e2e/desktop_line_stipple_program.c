/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Line stipple with an application's program (GL 2.1 section 3.4.2; the
 * GL 3.x compatibility profile keeps the rule, section 3.5.2): the
 * program does not change which fragments the pattern keeps.  s counts
 * the fragments since the last reset (each GL_LINES segment, the start of
 * a strip or loop), along the major axis, from the window positions the
 * vertex shader gives.
 *
 * The shader's positions are not the fixed-function ones: attribute
 * a_yx holds (y, x) in pixels and the vertex shader swaps them and maps
 * pixels to clip space with a uniform (the matrices are left as
 * glOrtho(0, 40, 0, 16) would have them for swapped coordinates to show
 * wrong counters).  The colour comes from generic attribute 15.  Same
 * layout and expectations as desktop_line_stipple (a 40 x 16 window,
 * vertices at pixel centres):
 *  - row 15, GL_LINES (0, 15)-(16, 15), pattern 0xffff: all on;
 *  - row 0, GL_LINES (0, 0)-(16, 0) and (20, 0)-(36, 0), pattern 0x0f0f,
 *    factor 1: pixels 0-3, 8-11, 20-23, 28-31 on, 4-7, 12-15, 24-27 off;
 *  - row 2, GL_LINE_STRIP (0, 2)-(5, 2)-(12, 2) through glDrawElements:
 *    s = x along both segments (pixel 9 on);
 *  - row 4, GL_LINES (0, 4)-(39, 4), pattern 0x0003, factor 2: s 0-3 and
 *    32-35 on, 4-31 off;
 *  - GL_LINE_LOOP (20, 8)-(30, 8)-(30, 14)-(20, 14), pattern 0x0f0f:
 *    bottom edge s 0-9, right edge s 10-15, top edge s 16-25 from x 30
 *    down, closing left edge s 26-31 from y 14 down;
 *  - row 6, GL_LINES (0, 6)-(16, 6) with GL_LINE_STIPPLE disabled: solid.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stddef.h>

#include "e2e_gl_compat.h"
#include "e2e_line_stipple.h"

#define W E2E_STIPPLE_W
#define H E2E_STIPPLE_H
#define E2E_GL_LINE_STRIP_ENUM 0x0003
#define E2E_GL_LINE_LOOP_ENUM 0x0002
#define E2E_GL_LINE_STIPPLE 0x0B24

static GLint a_yx, a_color;

/* A primitive through pixel centres (x + 0.5, y + 0.5), given to the
 * shader as (y, x); by glDrawElements when indices is not NULL. */
static void
draw(GLenum mode, const int (*xy)[2], unsigned n, const GLubyte *indices,
     unsigned num_indices)
{
   GLfloat yx[8][2];
   for (unsigned i = 0; i < n; i++) {
      yx[i][0] = (GLfloat)xy[i][1] + 0.5f;
      yx[i][1] = (GLfloat)xy[i][0] + 0.5f;
   }
   glVertexAttribPointer((GLuint)a_yx, 2, GL_FLOAT, GL_FALSE, 0, yx);
   if (indices)
      glDrawElements(mode, (GLsizei)num_indices, GL_UNSIGNED_BYTE, indices);
   else
      glDrawArrays(mode, 0, (GLsizei)n);
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   int status = e2e_gl_start_compat_window(&gl, argc, argv, W, H, &quiet, &ff);
   if (status)
      return status;

   static const char *vs = "attribute vec2 a_yx;\n"
                           "attribute vec4 a_color;\n"
                           "uniform vec2 u_size;\n"
                           "varying vec4 v_color;\n"
                           "void main() {\n"
                           "   gl_Position = vec4(a_yx.yx / u_size * 2.0 -"
                           " 1.0, 0.0, 1.0);\n"
                           "   v_color = a_color;\n"
                           "}\n";
   static const char *fs = "varying vec4 v_color;\n"
                           "void main() {\n"
                           "   gl_FragColor = v_color;\n"
                           "}\n";
   GLuint prog;
   if ((status =
           e2e_gl_need_program(&gl, vs, fs, "the stipple program", &prog)))
      return status;
   /* the colour in the last generic attribute, which the counter of the
    * fixed-function draws takes: the counter must go elsewhere */
   glBindAttribLocation(prog, 15, "a_color");
   glLinkProgram(prog);
   ok &= e2e_gl_linked(prog, "the stipple program, relinked");
   glUseProgram(prog);
   glUniform2f(glGetUniformLocation(prog, "u_size"), W, H);
   a_yx = glGetAttribLocation(prog, "a_yx");
   a_color = glGetAttribLocation(prog, "a_color");
   ok &= a_yx >= 0 && a_color == 15;
   if (!ok)
      return e2e_gl_finish(&gl, ok, quiet);
   static const GLfloat green[8][4] = {{0, 1, 0, 1}, {0, 1, 0, 1}, {0, 1, 0, 1},
                                       {0, 1, 0, 1}, {0, 1, 0, 1}, {0, 1, 0, 1},
                                       {0, 1, 0, 1}, {0, 1, 0, 1}};
   glVertexAttribPointer((GLuint)a_color, 4, GL_FLOAT, GL_FALSE, 0, green);
   glEnableVertexAttribArray((GLuint)a_yx);
   glEnableVertexAttribArray((GLuint)a_color);
   /* the fixed-function transform would put the swapped points elsewhere */
   ff.ortho(0, H, 0, W, -1, 1);

   glEnable(E2E_GL_LINE_STIPPLE);
   /* the strip's elements in another order, drawn by index */
   static const int strip[][2] = {{12, 2}, {0, 2}, {5, 2}};
   static const GLubyte strip_order[] = {1, 2, 0};
   ff.line_stipple(1, 0xffff);
   draw(GL_LINES, e2e_stipple_top, 2, NULL, 0);
   ff.line_stipple(1, 0x0f0f);
   draw(GL_LINES, e2e_stipple_lines, 4, NULL, 0);
   draw(E2E_GL_LINE_STRIP_ENUM, strip, 3, strip_order, 3);
   draw(E2E_GL_LINE_LOOP_ENUM, e2e_stipple_loop, 4, NULL, 0);
   ff.line_stipple(2, 0x0003);
   draw(GL_LINES, e2e_stipple_factor2, 2, NULL, 0);
   glDisable(E2E_GL_LINE_STIPPLE);
   draw(GL_LINES, e2e_stipple_solid, 2, NULL, 0);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   static uint8_t pixels[W * H * 4];
   static const uint8_t on[4] = {0, 255, 0, 255};
   static const uint8_t off[4] = {0, 0, 0, 255};
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= e2e_stipple_check(pixels, on, off, quiet);
   return e2e_gl_finish(&gl, ok, quiet);
}
