/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ALPHA colour buffers of a compatibility context (ARB_framebuffer_object
 * makes GL_ALPHA and GL_ALPHA8 colour-renderable there): an 8x8 ALPHA8
 * renderbuffer, single-sampled and 4x multisampled, beside RGBA8 ones.
 * An ALPHA buffer has no red, green or blue: reads give 0 for them and
 * the alpha written (GL 3.0 section 4.3.2), whatever the fragments or
 * the clear colour carried in R, G and B.
 *
 * - cleared to (1, 1, 1, 0.5): read back as (0, 0, 0, 128);
 * - a quad of (0.2, 0.4, 0.6, 0.75) drawn: (0, 0, 0, 191);
 * - blitted into a white RGBA8 buffer: (0, 0, 0, 191) there;
 * - an RGBA8 buffer of (1, 0, 1, 0.25) blitted into it, then it blitted
 *   out again: (0, 0, 0, 64) (the blit wrote alpha only);
 * - the 4x ALPHA8 buffer, drawn, resolved into an RGBA8 buffer with a
 *   different format (no error in desktop GL since 4.4, as in Mesa):
 *   (0, 0, 0, 191).
 *
 * Values from the rules above; llvmpipe passes it too.
 *
 * Usage: desktop_alpha_fbo [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdint.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 8
#define H 8
#define E2E_GL_ALPHA8 0x803C

/* A framebuffer with one new W x H renderbuffer of ifmt (samples 0:
 * single-sampled), left bound. */
static GLuint
new_fbo(GLenum ifmt, GLsizei samples, bool quiet, bool *ok)
{
   GLuint rb, fb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, ifmt, W, H);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   *ok &= e2e_gl_expect_error(GL_NO_ERROR, "renderbuffer storage", quiet);
   bool complete =
      glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
   if (!complete)
      printf("FAIL framebuffer of 0x%x (%d samples) incomplete\n", ifmt,
             samples);
   *ok &= complete;
   glViewport(0, 0, W, H);
   return fb;
}

static void
clear_to(GLuint fb, float r, float g, float b, float a)
{
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glClearColor(r, g, b, a);
   glClear(GL_COLOR_BUFFER_BIT);
}

static void
blit(GLuint from, GLuint to)
{
   glBindFramebuffer(GL_READ_FRAMEBUFFER, from);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, to);
   glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT,
                     GL_NEAREST);
}

static bool
expect(GLuint fb, uint8_t alpha, const char *what, bool quiet)
{
   const uint8_t want[4] = {0, 0, 0, alpha};
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   return e2e_gl_probe_read(W, H, 3, 4, want, 1, what, quiet);
}

static bool
draw(GLuint prog, bool quiet)
{
   bool ok = true;
   static const float quad[8] = {-1, -1, 1, -1, -1, 1, 1, 1};
   struct e2e_gl_vertices v;
   e2e_gl_vec2_vertices(&v, quad, 4);
   GLint c = glGetUniformLocation(prog, "c");

   GLuint alpha = new_fbo(GL_ALPHA, 0, quiet, &ok);
   GLuint rgba = new_fbo(GL_RGBA8, 0, quiet, &ok);
   GLuint other = new_fbo(GL_RGBA8, 0, quiet, &ok);

   clear_to(alpha, 1, 1, 1, 0.5f);
   ok &= expect(alpha, 128, "ALPHA cleared white", quiet);

   glBindFramebuffer(GL_FRAMEBUFFER, alpha);
   glUniform4f(c, 0.2f, 0.4f, 0.6f, 0.75f);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   ok &= expect(alpha, 191, "ALPHA after a coloured quad", quiet);

   clear_to(rgba, 1, 1, 1, 1);
   blit(alpha, rgba);
   ok &= expect(rgba, 191, "ALPHA blitted into RGBA8", quiet);

   clear_to(other, 1, 0, 1, 0.25f);
   blit(other, alpha);
   blit(alpha, rgba);
   ok &= expect(rgba, 64, "RGBA8 through ALPHA into RGBA8", quiet);

   GLuint ms = new_fbo(E2E_GL_ALPHA8, 4, quiet, &ok);
   clear_to(ms, 1, 1, 1, 0);
   glUniform4f(c, 0.9f, 0.8f, 0.7f, 0.75f);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   clear_to(rgba, 1, 1, 1, 1);
   blit(ms, rgba);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "4x ALPHA8 resolved into RGBA8",
                             quiet);
   ok &= expect(rgba, 191, "4x ALPHA8 resolved into RGBA8", quiet);

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
