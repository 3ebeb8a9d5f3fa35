/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Line stipple (GL 2.1 section 3.4.2) in a desktop 2.1 context without a
 * program: a fragment of a line is kept only when bit floor(s / factor)
 * mod 16 of the pattern is 1, s counting the fragments made since the
 * counter was last reset: at each segment of GL_LINES, at the start of a
 * strip or loop, never between their segments.  Window pixel (x, y) has
 * its centre at (x + 0.5, y + 0.5), where the vertices below lie, so a
 * segment from centre a to centre b makes the fragments of a up to, not
 * including, b (section 3.4.1's diamond exit) and s is the distance from
 * the first, in pixels, along the major axis.
 *
 * The window is 40 x 16, cleared to black, with glOrtho(0, 40, 0, 16):
 *  - row 15, GL_LINES (0, 15)-(16, 15), pattern 0xffff: all on (then the
 *    pattern changes between two stippled draws);
 *  - row 0, GL_LINES (0, 0)-(16, 0) and (20, 0)-(36, 0), pattern 0x0f0f
 *    (bits 0-3 and 8-11), factor 1: pixels 0-3, 8-11, 20-23, 28-31 on
 *    (the second segment restarts at 20), 4-7, 12-15, 24-27 off;
 *  - row 2, GL_LINE_STRIP (0, 2)-(5, 2)-(12, 2), same pattern: s = x
 *    along both segments, so pixel 9 (s 9) is on, as it would not be
 *    with a restart at pixel 5 (s 4);
 *  - row 4, GL_LINES (0, 4)-(39, 4), pattern 0x0003, factor 2: s 0-3 on
 *    and 32-35 (floor(s / 2) = 16 wraps to bit 0), 4-31 off;
 *  - GL_LINE_LOOP (20, 8)-(30, 8)-(30, 14)-(20, 14), pattern 0x0f0f:
 *    the bottom edge has s 0-9 at x 20-29, the right one s 10-15 at
 *    y 8-13, the top one s 16-25 at x 30 down to 21, the closing left
 *    one s 26-31 at y 14 down to 9;
 *  - with the stipple still enabled, a filled glRectf (0, 8)-(4, 12): not
 *    stippled (a polygon);
 *  - row 6, GL_LINES (0, 6)-(16, 6) with GL_LINE_STIPPLE disabled: solid.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>

#include "e2e_gl_compat.h"
#include "e2e_line_stipple.h"

#define W E2E_STIPPLE_W
#define H E2E_STIPPLE_H
#define E2E_GL_LINE_STRIP_ENUM 0x0003
#define E2E_GL_LINE_LOOP_ENUM 0x0002
#define E2E_GL_LINE_STIPPLE 0x0B24

/* A primitive through pixel centres (x + 0.5, y + 0.5). */
static void
draw(const struct e2e_gl_compat *ff, GLenum mode, const int (*xy)[2],
     unsigned n)
{
   ff->begin(mode);
   for (unsigned i = 0; i < n; i++)
      ff->vertex2f((GLfloat)xy[i][0] + 0.5f, (GLfloat)xy[i][1] + 0.5f);
   ff->end();
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

   ff.color3f(0, 1, 0);
   glEnable(E2E_GL_LINE_STIPPLE);
   ok &= glIsEnabled(E2E_GL_LINE_STIPPLE) == GL_TRUE;

   /* A stippled draw first, so that the pattern changes under a program
    * already made for stippled lines. */
   ff.line_stipple(1, 0xffff);
   draw(&ff, GL_LINES, e2e_stipple_top, 2);
   ff.line_stipple(1, 0x0f0f);
   draw(&ff, GL_LINES, e2e_stipple_lines, 4);
   draw(&ff, E2E_GL_LINE_STRIP_ENUM, e2e_stipple_strip, 3);
   draw(&ff, E2E_GL_LINE_LOOP_ENUM, e2e_stipple_loop, 4);
   ff.line_stipple(2, 0x0003);
   draw(&ff, GL_LINES, e2e_stipple_factor2, 2);
   ff.rectf(0, 8, 4, 12);
   glDisable(E2E_GL_LINE_STIPPLE);
   draw(&ff, GL_LINES, e2e_stipple_solid, 2);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   static uint8_t pixels[W * H * 4];
   static const uint8_t green[4] = {0, 255, 0, 255};
   static const uint8_t black[4] = {0, 0, 0, 255};
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= e2e_stipple_check(pixels, green, black, quiet);
   ok &= e2e_gl_probe(pixels, W, 2, 10, green, 0,
                      "a filled rectangle is not stippled", quiet);
   return e2e_gl_finish(&gl, ok, quiet);
}
