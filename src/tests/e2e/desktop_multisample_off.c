/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glDisable(GL_MULTISAMPLE) while drawing into a 4x multisampled
 * renderbuffer (GL 4.6 section 14.3.1): the primitive is rasterised as
 * with one sample, so a pixel's samples are all covered (its centre is
 * inside) or none is.  A desktop OpenGL 3.2 context, a 16x16 target, and
 * a triangle covering window points with x - y > 0.3 (the lower right):
 * pixel (i, j) has its centre inside when i > j; a pixel on the diagonal
 * (i == j) has its centre outside, but one of its four samples inside
 * (the standard 4x position (14/16, 6/16) has x - y = 0.5).
 *
 * - MULTISAMPLE off, red: the diagonal gets no red, the pixels below it
 *   255, after the resolve (glBlitFramebuffer);
 * - then MULTISAMPLE on, the same triangle in green in the same frame
 *   (the driver starts a new pass for it): the diagonal gets 1/4 green
 *   (64), so the test tells the two apart.
 *
 * Values from the rules above; llvmpipe passes it too.
 *
 * Usage: desktop_multisample_off [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdint.h>

#include "e2e_gl.h"

#define W 16
#define H 16
#define E2E_GL_MULTISAMPLE 0x809D

static bool
draw(GLuint prog, bool quiet)
{
   GLuint rb[2], fb[2];
   bool ok = e2e_gl_msaa_start(W, H, 4, fb, rb, quiet);
   GLint c = glGetUniformLocation(prog, "c");

   /* window x = 8 (ndc + 1): (0.3, 0), (16.3, 0), (16.3, 16) */
   static const float tri[6] = {0.3f / 8 - 1, -1, 16.3f / 8 - 1, -1,
                                16.3f / 8 - 1, 1};
   struct e2e_gl_vertices v;
   e2e_gl_vec2_vertices(&v, tri, 3);

   glDisable(E2E_GL_MULTISAMPLE);
   glUniform4f(c, 1, 0, 0, 0);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glEnable(E2E_GL_MULTISAMPLE);
   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_ONE);
   glUniform4f(c, 0, 1, 0, 0);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glDisable(GL_BLEND);

   e2e_gl_msaa_resolve(W, H, fb);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "draws and resolve", quiet);

   static const uint8_t inside[4] = {255, 255, 0, 0};
   static const uint8_t outside[4] = {0, 0, 0, 0};
   static const uint8_t diagonal[4] = {0, 64, 0, 0};
   ok &= e2e_gl_probe_read(W, H, 12, 3, inside, 2, "below the diagonal",
                           quiet);
   ok &= e2e_gl_probe_read(W, H, 3, 12, outside, 2, "above the diagonal",
                           quiet);
   for (int i = 0; i < W; i++) {
      ok &= e2e_gl_probe_read(W, H, i, i, diagonal, 3,
                              "on the diagonal: red single-sample, green "
                              "1/4 covered",
                              true);
   }
   e2e_gl_vertices_delete(&v);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_core_options(W, H, 3, 2);
   return e2e_gl_run_program(argc, argv, &opts, e2e_gl_150_pos_vs,
                             e2e_gl_150_colour_fs, draw);
}
