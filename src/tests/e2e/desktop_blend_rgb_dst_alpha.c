/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Blending into colour buffers without alpha (GL_RGB8, GL_R3_G3_B2 and
 * GL_LUMINANCE8 textures of a compatibility context): their
 * destination alpha is 1 for the blend factors, whatever was stored (GL
 * 4.6 section 17.3.6), and reads give alpha 1 (GL 3.0 section 4.3.2;
 * luminance reads as red, green and blue 0).
 *
 * - cleared to (0.2, 0.4, 0.6, 0), a quad of (1, 1, 1, 0.25) blended
 *   with (ONE_MINUS_DST_ALPHA, DST_ALPHA): src * 0 + dst * 1, the clear
 *   colour (51, 102, 153, 255) stays;
 * - a quad of alpha 0.25 drawn without blending, then (0.8, 0.6, 0.4, 0)
 *   blended with (DST_ALPHA, ZERO): the source alone, (204, 153, 102,
 *   255).
 * R3_G3_B2 runs the first case with white and black only (exact there),
 * LUMINANCE8 with the same clear colour, read as (51, 0, 0, 255).
 *
 * Values from the rules above; llvmpipe passes it too.
 *
 * Usage: desktop_blend_rgb_dst_alpha [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdint.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 8
#define H 8
#define E2E_GL_R3_G3_B2 0x2A10
#define E2E_GL_LUMINANCE8 0x8040

/* A framebuffer with one new W x H texture of ifmt (as piglit's
 * fbo-blending-formats attaches them), left bound. */
static GLuint
new_fbo(GLenum ifmt, bool quiet, bool *ok)
{
   GLuint tex, fb;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, W, H, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_2D, tex, 0);
   *ok &= e2e_gl_expect_error(GL_NO_ERROR, "texture storage", quiet);
   bool complete =
      glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
   if (!complete)
      printf("FAIL framebuffer of 0x%x incomplete\n", ifmt);
   *ok &= complete;
   glViewport(0, 0, W, H);
   return fb;
}

/* Clear to (r, g, b, 0), then a quad of (1, 1, 1, 0.25) blended with
 * (ONE_MINUS_DST_ALPHA, DST_ALPHA): the clear colour must stay. */
static bool
keeps_clear(GLenum ifmt, GLint c, float r, float g, float b,
            const uint8_t want[4], const char *what, bool quiet)
{
   bool ok = true;
   new_fbo(ifmt, quiet, &ok);
   glClearColor(r, g, b, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE_MINUS_DST_ALPHA, GL_DST_ALPHA);
   glUniform4f(c, 1, 1, 1, 0.25f);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisable(GL_BLEND);
   return ok && e2e_gl_probe_read(W, H, 3, 4, want, 1, what, quiet);
}

static bool
draw(GLuint prog, bool quiet)
{
   bool ok = true;
   static const float quad[8] = {-1, -1, 1, -1, -1, 1, 1, 1};
   struct e2e_gl_vertices v;
   e2e_gl_vec2_vertices(&v, quad, 4);
   GLint c = glGetUniformLocation(prog, "c");

   static const uint8_t kept[4] = {51, 102, 153, 255};
   ok &= keeps_clear(GL_RGB8, c, 0.2f, 0.4f, 0.6f, kept,
                     "RGB8 blended with ONE_MINUS_DST_ALPHA, DST_ALPHA",
                     quiet);
   static const uint8_t white[4] = {255, 255, 255, 255};
   ok &= keeps_clear(E2E_GL_R3_G3_B2, c, 1, 1, 1, white,
                     "R3_G3_B2 blended with ONE_MINUS_DST_ALPHA, DST_ALPHA",
                     quiet);
   static const uint8_t black[4] = {0, 0, 0, 255};
   ok &= keeps_clear(E2E_GL_R3_G3_B2, c, 0, 0, 0, black,
                     "R3_G3_B2 (black) blended with ONE_MINUS_DST_ALPHA, "
                     "DST_ALPHA",
                     quiet);

   /* stored as RGBA8: the state tracker changes the factors */
   static const uint8_t lum[4] = {51, 0, 0, 255};
   ok &= keeps_clear(E2E_GL_LUMINANCE8, c, 0.2f, 0.4f, 0.6f, lum,
                     "LUMINANCE8 blended with ONE_MINUS_DST_ALPHA, "
                     "DST_ALPHA",
                     quiet);

   /* a stored alpha of 0.25, if the buffer kept one */
   new_fbo(GL_RGB8, quiet, &ok);
   glUniform4f(c, 0, 0, 0, 0.25f);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glEnable(GL_BLEND);
   glBlendFunc(GL_DST_ALPHA, GL_ZERO);
   glUniform4f(c, 0.8f, 0.6f, 0.4f, 0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisable(GL_BLEND);
   static const uint8_t source[4] = {204, 153, 102, 255};
   ok &= e2e_gl_probe_read(W, H, 3, 4, source, 1,
                           "RGB8 blended with DST_ALPHA, ZERO", quiet);

   e2e_gl_vertices_delete(&v);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_compat_options(W, H, 3, 2);
   return e2e_gl_run_program(argc, argv, &opts, e2e_gl_150_pos_vs,
                             e2e_gl_150_colour_fs, draw);
}
