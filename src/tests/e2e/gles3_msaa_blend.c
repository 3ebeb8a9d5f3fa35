/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Blending into a 4x multisampled renderbuffer (ES 3.0.6 section 4.1.7:
 * blending is per sample, with each sample's own destination).  Two
 * triangles split the window along its diagonal; each adds 0.25 red
 * (GL_ONE, GL_ONE) onto a cleared target.  Every sample is covered by
 * exactly one of them, so after the resolve (glBlitFramebuffer) every
 * pixel, those the diagonal cuts included, is 0.25 red (64).  A pixel
 * whose samples blended with another sample's destination shows more.
 */
#include <GLES3/gl3.h>
#include <stdint.h>

#include "e2e_gl.h"

#define W 16
#define H 16

static const char vs[] = "#version 300 es\n"
                         "in vec2 pos;\n"
                         "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs[] = "#version 300 es\n"
                         "precision mediump float;\n"
                         "out vec4 o;\n"
                         "void main() { o = vec4(0.25, 0.0, 0.0, 0.0); }\n";

static bool
draw(GLuint prog, bool quiet)
{
   GLuint rb[2], fb[2];
   bool ok = e2e_gl_msaa_start(W, H, 4, fb, rb, quiet);
   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_ONE);
   /* the lower right and upper left halves of the window */
   static const float tris[12] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tris);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_BLEND);

   e2e_gl_msaa_resolve(W, H, fb);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "draw and resolve", quiet);

   static const uint8_t want[4] = {64, 0, 0, 0};
   ok &= e2e_gl_probe_read(W, H, 3, 12, want, 2, "upper left half", quiet);
   ok &= e2e_gl_probe_read(W, H, 12, 3, want, 2, "lower right half", quiet);
   /* the diagonal: pixels the edge cuts */
   for (int i = 0; i < W; i++)
      ok &= e2e_gl_probe_read(W, H, i, i, want, 2, "on the diagonal", true);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 3, 0, false);
   return e2e_gl_run_program(argc, argv, &opts, vs, fs, draw);
}
