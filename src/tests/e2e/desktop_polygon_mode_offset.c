/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Polygon offset of polygons drawn as lines and points (GL 2.1 sections
 * 3.5.4, 3.5.5) without a program, front and back faces in different
 * modes: POLYGON_OFFSET_LINE offsets the edges of a polygon in GL_LINE
 * mode, POLYGON_OFFSET_POINT the vertices of one in GL_POINT mode, by
 * factor * DZ + r * units of that polygon; a filled polygon of the same
 * draw state takes no offset unless POLYGON_OFFSET_FILL is on.
 *
 * Two 16 x 16 columns (their own viewports, glOrtho(0, 16, 0, 16, -1, 1)),
 * cleared to red, depth test LEQUAL.  In each a white front-facing square
 * (CCW) with corners at the pixel centres (2.5, 2.5) and (13.5, 13.5) is
 * drawn first, then a blue back-facing (CW) square covering the column in
 * the same plane; glPolygonMode(FRONT, LINE or POINT), (BACK, FILL):
 * Column 0: z = 0, GL_LINE, POLYGON_OFFSET_LINE with factor 1, units -1:
 *           the edges are nearer by r, so the blue square fails the depth
 *           test on them (white at (8, 2)) and passes inside (blue at
 *           (8, 8)).
 * Column 1: z = x / 32 in object space (a slope of 1/64 of window depth
 *           per pixel), GL_POINT, POLYGON_OFFSET_POINT with factor -2,
 *           units 0: the corners are nearer by 1/32, white at (2, 2)
 *           and (13, 13); blue at (8, 8).
 * Without the offsets (or with the filled square offset too) the blue
 * square covers everything.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>

#include "e2e_gl_compat.h"

#define COL 16
#define W (2 * COL)
#define H COL

#define E2E_GL_POLYGON_OFFSET_POINT 0x2A01
#define E2E_GL_POLYGON_OFFSET_LINE 0x2A02

/* A square from lo to hi (x and y) at z = x * slope, counter-clockwise
 * (front) or clockwise (back). */
static void
square(const struct e2e_gl_compat *ff, float lo, float hi, float slope,
       bool ccw)
{
   static const float ccw_xy[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
   ff->begin(E2E_GL_POLYGON);
   for (int i = 0; i < 4; i++) {
      const float *c = ccw_xy[ccw ? i : 3 - i];
      float x = c[0] ? hi : lo, y = c[1] ? hi : lo;
      ff->vertex3f(x, y, x * slope);
   }
   ff->end();
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 2, 1, true);
   opts.depth_bits = 24;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status || (status = e2e_gl_need_compat(&gl, &ff)))
      return status;

   ff.matrix_mode(E2E_GL_PROJECTION);
   ff.ortho(0, COL, 0, COL, -1, 1);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LEQUAL);
   ff.polygon_mode(GL_BACK, E2E_GL_FILL);

   static const struct {
      GLenum mode, offset;
      float factor, units, slope;
   } cols[2] = {
      {E2E_GL_LINE, E2E_GL_POLYGON_OFFSET_LINE, 1.0f, -1.0f, 0.0f},
      {E2E_GL_POINT, E2E_GL_POLYGON_OFFSET_POINT, -2.0f, 0.0f, 1.0f / 32},
   };
   for (int c = 0; c < 2; c++) {
      glViewport(c * COL, 0, COL, COL);
      glEnable(cols[c].offset);
      glPolygonOffset(cols[c].factor, cols[c].units);
      ff.polygon_mode(GL_FRONT, cols[c].mode);
      ff.color3f(1, 1, 1);
      square(&ff, 2.5f, 13.5f, cols[c].slope, true);
      ff.color3f(0, 0, 1);
      square(&ff, 0.0f, 16.0f, cols[c].slope, false);
      glDisable(cols[c].offset);
   }
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   static const uint8_t white[4] = {255, 255, 255, 255};
   static const uint8_t blue[4] = {0, 0, 255, 255};
   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= e2e_gl_probe(pixels, W, 8, 2, white, 0, "offset edge", quiet);
   ok &= e2e_gl_probe(pixels, W, 8, 8, blue, 0, "inside the edges", quiet);
   ok &= e2e_gl_probe(pixels, W, COL + 2, 2, white, 0, "offset corner",
                      quiet);
   ok &= e2e_gl_probe(pixels, W, COL + 13, 13, white, 0,
                      "far offset corner", quiet);
   ok &= e2e_gl_probe(pixels, W, COL + 8, 8, blue, 0, "between the corners",
                      quiet);

   e2e_gl_close(&gl);
   if (!quiet || !ok)
      printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
