/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Colour buffers of the legacy base formats in a compatibility context
 * (since wave 17): intensity, luminance, alpha, and the RGB_SNORM and
 * RGB32F ones, as textures and renderbuffers.
 *
 * - Intensity (GL_INTENSITY8, INTENSITY16, INTENSITY8_SNORM,
 *   INTENSITY16_SNORM, INTENSITY16F; a GL_INTENSITY renderbuffer): the
 *   buffer holds I = R of the fragment colour (GL 3.0 table 3.15), and a
 *   blend reads the destination as (I, I, I, I), so GL_DST_ALPHA is the
 *   stored intensity (GL 2.1 section 4.1.8 blends with the destination's
 *   components; llvmpipe agrees).  A quad of (0.6, 0, 0, 0) drawn
 *   without blending, then (0.2, 0, 0, 1) blended with (DST_ALPHA,
 *   ONE_MINUS_DST_ALPHA): 0.2 * 0.6 + 0.6 * 0.4 = 0.36, 92 of 255.  With
 *   the stored alpha (0) as destination alpha it would stay 0.6 (153).
 *   Read back as (I, 0, 0, 1) (GL 3.0 section 4.3.2, as piglit's
 *   fbo-blending-formats expects).
 * - Renderbuffers of GL_LUMINANCE, GL_LUMINANCE8, GL_LUMINANCE8_ALPHA8 and
 *   GL_INTENSITY8 take no error and are complete (GL 3.0 section 4.4.4
 *   names the bases colour-renderable); the 1, 4 and 16-bit stencil
 *   indices take no error.
 * - Textures of GL_RGB_SNORM, GL_LUMINANCE_SNORM, GL_ALPHA_SNORM and
 *   GL_RGB32F are complete attachments; RGB_SNORM cleared to (0.2, 0.4,
 *   0.6, 0) reads (51, 102, 153, 255) (no alpha: 1), RGB32F cleared to
 *   (0.25, 0.5, 0.75, 0) reads alpha 1.0 as floats.
 *
 * Values from the rules above, with a tolerance of 1 for the 8-bit
 * roundings.  The intensity expectation is piglit's too
 * (fbo-blending-formats, res4i: dst * (1 - dst) + src * dst).  llvmpipe
 * passes the rest but blends intensity buffers with a destination alpha
 * of 1 (51 here, the source alone), which piglit's 3/256 tolerance lets
 * through there (0.80 for 0.81).
 *
 * Usage: desktop_lai_render [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdint.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 8
#define H 8
/* Desktop enums the ES headers lack. */
#define E2E_GL_LUMINANCE8 0x8040
#define E2E_GL_LUMINANCE8_ALPHA8 0x8045
#define E2E_GL_INTENSITY 0x8049
#define E2E_GL_INTENSITY8 0x804B
#define E2E_GL_INTENSITY16 0x804D
#define E2E_GL_INTENSITY16F 0x881D
#define E2E_GL_RGB_SNORM 0x8F92
#define E2E_GL_ALPHA_SNORM 0x9010
#define E2E_GL_LUMINANCE_SNORM 0x9011
#define E2E_GL_INTENSITY8_SNORM 0x9017
#define E2E_GL_INTENSITY16_SNORM 0x901B
#define E2E_GL_STENCIL_INDEX1 0x8D46
#define E2E_GL_STENCIL_INDEX4 0x8D47
#define E2E_GL_STENCIL_INDEX16 0x8D49

static bool
complete(GLenum ifmt, const char *kind)
{
   bool ok =
      glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
   if (!ok)
      printf("FAIL %s of 0x%x: framebuffer incomplete\n", kind, ifmt);
   return ok;
}

/* A framebuffer with one new W x H texture of ifmt, left bound. */
static bool
texture_fbo(GLenum ifmt, bool quiet)
{
   GLuint tex, fb;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, W, H, 0, GL_RGBA, GL_FLOAT,
                NULL);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_2D, tex, 0);
   glViewport(0, 0, W, H);
   return e2e_gl_expect_error(GL_NO_ERROR, "texture storage", quiet) &&
          complete(ifmt, "texture");
}

/* A framebuffer with one new W x H renderbuffer of ifmt, left bound. */
static bool
renderbuffer_fbo(GLenum ifmt, bool quiet)
{
   GLuint rb, fb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, ifmt, W, H);
   if (!e2e_gl_expect_error(GL_NO_ERROR, "glRenderbufferStorage", quiet)) {
      printf("FAIL renderbuffer of 0x%x refused\n", ifmt);
      return false;
   }
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   glViewport(0, 0, W, H);
   return complete(ifmt, "renderbuffer");
}

/* The intensity blend of the file comment into the bound framebuffer. */
static bool
intensity_blend(GLint c, const char *what, bool quiet)
{
   glUniform4f(c, 0.6f, 0, 0, 0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glEnable(GL_BLEND);
   glBlendFunc(GL_DST_ALPHA, GL_ONE_MINUS_DST_ALPHA);
   glUniform4f(c, 0.2f, 0, 0, 1);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisable(GL_BLEND);
   static const uint8_t want[4] = {92, 0, 0, 255};
   return e2e_gl_probe_read(W, H, 3, 4, want, 1, what, quiet);
}

static bool
intensity(GLint c, bool quiet)
{
   static const struct {
      GLenum ifmt;
      const char *what;
   } formats[] = {
      {E2E_GL_INTENSITY8, "INTENSITY8 blended with DST_ALPHA"},
      {E2E_GL_INTENSITY16, "INTENSITY16 blended with DST_ALPHA"},
      {E2E_GL_INTENSITY8_SNORM, "INTENSITY8_SNORM blended with DST_ALPHA"},
      {E2E_GL_INTENSITY16_SNORM, "INTENSITY16_SNORM blended with DST_ALPHA"},
      {E2E_GL_INTENSITY16F, "INTENSITY16F blended with DST_ALPHA"},
   };
   bool ok = true;
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      if (texture_fbo(formats[i].ifmt, quiet))
         ok &= intensity_blend(c, formats[i].what, quiet);
      else
         ok = false;
   }
   if (renderbuffer_fbo(E2E_GL_INTENSITY, quiet))
      ok &= intensity_blend(c, "INTENSITY renderbuffer blended with "
                               "DST_ALPHA", quiet);
   else
      ok = false;
   return ok;
}

static bool
renderbuffers(bool quiet)
{
   static const GLenum colour[] = {GL_LUMINANCE, E2E_GL_LUMINANCE8,
                                   E2E_GL_LUMINANCE8_ALPHA8,
                                   E2E_GL_INTENSITY8};
   bool ok = true;
   for (unsigned i = 0; i < sizeof(colour) / sizeof(colour[0]); i++)
      ok &= renderbuffer_fbo(colour[i], quiet);

   static const GLenum stencil[] = {E2E_GL_STENCIL_INDEX1,
                                    E2E_GL_STENCIL_INDEX4,
                                    E2E_GL_STENCIL_INDEX16};
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   for (unsigned i = 0; i < sizeof(stencil) / sizeof(stencil[0]); i++) {
      glRenderbufferStorage(GL_RENDERBUFFER, stencil[i], W, H);
      ok &= e2e_gl_expect_error(GL_NO_ERROR, "stencil index renderbuffer",
                                quiet);
   }
   return ok;
}

static bool
signed_and_float(bool quiet)
{
   bool ok = texture_fbo(E2E_GL_LUMINANCE_SNORM, quiet);
   ok &= texture_fbo(E2E_GL_ALPHA_SNORM, quiet);

   if (texture_fbo(E2E_GL_RGB_SNORM, quiet)) {
      glClearColor(0.2f, 0.4f, 0.6f, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      static const uint8_t want[4] = {51, 102, 153, 255};
      ok &= e2e_gl_probe_read(W, H, 3, 4, want, 1, "RGB_SNORM cleared",
                              quiet);
   } else {
      ok = false;
   }

   if (texture_fbo(GL_RGB32F, quiet)) {
      glClearColor(0.25f, 0.5f, 0.75f, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      float px[4] = {0};
      glReadPixels(3, 4, 1, 1, GL_RGBA, GL_FLOAT, px);
      ok &= e2e_gl_check("RGB32F cleared: red", px[0], 0.25, quiet);
      ok &= e2e_gl_check("RGB32F cleared: alpha", px[3], 1.0, quiet);
   } else {
      ok = false;
   }
   glClearColor(0, 0, 0, 0);
   return ok;
}

static bool
draw(GLuint prog, bool quiet)
{
   static const float quad[8] = {-1, -1, 1, -1, -1, 1, 1, 1};
   struct e2e_gl_vertices v;
   e2e_gl_vec2_vertices(&v, quad, 4);
   GLint c = glGetUniformLocation(prog, "c");

   bool ok = intensity(c, quiet);
   ok &= renderbuffers(quiet);
   ok &= signed_and_float(quiet);

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
