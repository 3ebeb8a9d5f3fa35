/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Polygon stipple (GL 2.1 section 3.5.6) in a desktop 2.1 context without
 * a program: a fragment of a filled polygon at window (x, y) is kept only
 * where bit (x mod 32, y mod 32) of the 32 x 32 pattern is 1; the
 * pattern is unpacked like a glBitmap image (MSB first), so byte k of row
 * y holds pixels 8k (its bit 7) to 8k + 7 (bit 0).  Lines are not
 * stippled by it.  glGetPolygonStipple packs it back (here with
 * GL_PACK_LSB_FIRST: bits reversed in each byte).
 *
 * The window is 40 x 8, cleared to black.  Even rows of the pattern are
 * 0xf0 bytes (pixels 0-3 of every 8 on), odd rows 0x0f (pixels 4-7 on).
 * A full-window green quad is drawn stippled, then a red horizontal line
 * along row 6 (even) with the stipple still enabled.
 *
 * In a display list (GL 2.1 section 5.4) glPolygonStipple is compiled with
 * its pattern unpacked at compile time: a GL_COMPILE list of an all-0x55
 * pattern leaves the pattern as it was until glCallList, which sets 0x55
 * even though GL_UNPACK_LSB_FIRST was turned on in between (0xaa had it
 * been unpacked then).
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>

#include "e2e_gl_compat.h"

#define W 40
#define H 8
#define E2E_GL_POLYGON_STIPPLE 0x0B42
#define E2E_GL_PACK_LSB_FIRST 0x0D01

#define E2E_GL_UNPACK_LSB_FIRST 0x0CF1

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   int status = e2e_gl_start_ff(&gl, argc, argv, W, H, &quiet, &ff);
   if (status)
      return status;

   GLubyte pattern[32 * 4];
   for (unsigned y = 0; y < 32; y++) {
      for (unsigned k = 0; k < 4; k++)
         pattern[y * 4 + k] = y % 2 ? 0x0f : 0xf0;
   }
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   ff.polygon_stipple(pattern);
   glEnable(E2E_GL_POLYGON_STIPPLE);
   ok &= glIsEnabled(E2E_GL_POLYGON_STIPPLE) == GL_TRUE;

   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   ff.color3f(0, 1, 0);
   ff.rectf(-1, -1, 1, 1);
   ff.color3f(1, 0, 0);
   ff.begin(GL_LINES);
   ff.vertex2f(-1.0f, (6.5f / H) * 2.0f - 1.0f);
   ff.vertex2f(1.0f, (6.5f / H) * 2.0f - 1.0f);
   ff.end();
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   static uint8_t pixels[W * H * 4];
   static const uint8_t green[4] = {0, 255, 0, 255};
   static const uint8_t black[4] = {0, 0, 0, 255};
   static const uint8_t red[4] = {255, 0, 0, 255};
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= e2e_gl_probe(pixels, W, 1, 0, green, 0, "(1, 0): bit on", quiet);
   ok &= e2e_gl_probe(pixels, W, 5, 0, black, 0, "(5, 0): bit off", quiet);
   ok &= e2e_gl_probe(pixels, W, 1, 1, black, 0, "(1, 1): bit off", quiet);
   ok &= e2e_gl_probe(pixels, W, 6, 1, green, 0, "(6, 1): bit on", quiet);
   ok &= e2e_gl_probe(pixels, W, 34, 2, green, 0,
                      "(34, 2): the pattern repeats every 32", quiet);
   ok &= e2e_gl_probe(pixels, W, 38, 2, black, 0, "(38, 2): bit off", quiet);
   ok &= e2e_gl_probe(pixels, W, 5, 6, red, 0,
                      "(5, 6): a line is not stippled", quiet);

   /* Read back with LSB_FIRST: 0xf0 reads as 0x0f and the other way. */
   GLubyte back[32 * 4] = {0};
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glPixelStorei(E2E_GL_PACK_LSB_FIRST, GL_TRUE);
   ff.get_polygon_stipple(back);
   glPixelStorei(E2E_GL_PACK_LSB_FIRST, GL_FALSE);
   bool same = true;
   for (unsigned i = 0; i < 32 * 4; i++)
      same &= back[i] == (GLubyte)(pattern[i] == 0xf0 ? 0x0f : 0xf0);
   if (!same || !quiet)
      printf("%s glGetPolygonStipple with PACK_LSB_FIRST (row 0: %02x, "
             "row 1: %02x)\n",
             same ? "ok  " : "FAIL", back[0], back[4]);
   ok &= same;

   GLubyte listed[32 * 4];
   for (unsigned i = 0; i < 32 * 4; i++)
      listed[i] = 0x55;
   ff.new_list(1, E2E_GL_COMPILE);
   ff.polygon_stipple(listed);
   ff.end_list();
   glPixelStorei(E2E_GL_UNPACK_LSB_FIRST, GL_TRUE);
   ff.get_polygon_stipple(back);
   ok &= e2e_gl_check("GL_COMPILE leaves the pattern (row 0)", back[0],
                      0xf0, quiet);
   ff.call_list(1);
   glPixelStorei(E2E_GL_UNPACK_LSB_FIRST, GL_FALSE);
   ff.get_polygon_stipple(back);
   ok &= e2e_gl_check("glCallList sets the pattern unpacked at compile "
                      "time (row 0)", back[0], 0x55, quiet);
   ok &= e2e_gl_check("(row 1)", back[4], 0x55, quiet);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "the list", quiet);

   e2e_gl_close(&gl);
   if (!quiet || !ok)
      printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
