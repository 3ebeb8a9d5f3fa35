/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Edge flags (GL 2.1 sections 2.6.2 and 3.5.4) in a desktop 2.1 context
 * without a program: with glPolygonMode(GL_FRONT_AND_BACK, GL_LINE) only
 * the edges that start at a vertex whose edge flag is TRUE are drawn.
 *
 * The framebuffer is 16 x 16, cleared to black, matrices identity.  A
 * square polygon with corners at the pixel centres (2, 2), (12, 2),
 * (12, 12), (2, 12) (in that order) has the flags TRUE, FALSE, TRUE,
 * FALSE: its bottom and top edges are drawn green, its right and left
 * edges are not, nor its inside.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>

#include "e2e_gl_compat.h"

#define W 16
#define H 16

/* Window pixel centre c of the 16-pixel framebuffer in NDC. */
static float
ndc(float c)
{
   return (c + 0.5f) / W * 2.0f - 1.0f;
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   int status = e2e_gl_start_ff(&gl, argc, argv, W, H, &quiet, &ff);
   if (status)
      return status;

   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   ff.polygon_mode(GL_FRONT_AND_BACK, E2E_GL_LINE);
   ff.color4f(0, 1, 0, 1);
   ff.begin(E2E_GL_POLYGON);
   ff.edge_flag(GL_TRUE);
   ff.vertex2f(ndc(2), ndc(2));
   ff.edge_flag(GL_FALSE);
   ff.vertex2f(ndc(12), ndc(2));
   ff.edge_flag(GL_TRUE);
   ff.vertex2f(ndc(12), ndc(12));
   ff.edge_flag(GL_FALSE);
   ff.vertex2f(ndc(2), ndc(12));
   ff.end();
   ok &= glGetError() == GL_NO_ERROR;

   static uint8_t pixels[W * H * 4];
   static const uint8_t green[4] = {0, 255, 0, 255};
   static const uint8_t black[4] = {0, 0, 0, 255};
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= e2e_gl_probe(pixels, W, 7, 2, green, 1, "bottom edge (flag TRUE)",
                      quiet);
   ok &= e2e_gl_probe(pixels, W, 7, 12, green, 1, "top edge (flag TRUE)",
                      quiet);
   ok &= e2e_gl_probe(pixels, W, 12, 7, black, 1,
                      "right edge (flag FALSE)", quiet);
   ok &= e2e_gl_probe(pixels, W, 2, 7, black, 1, "left edge (flag FALSE)",
                      quiet);
   ok &= e2e_gl_probe(pixels, W, 7, 7, black, 1, "inside", quiet);

   e2e_gl_close(&gl);
   if (!quiet || !ok)
      printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
