/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL_TEXTURE_{RED,GREEN,BLUE,ALPHA}_SIZE report the resolution the image
 * is actually stored with (GL 4.6 section 8.11.3), which the GL may choose
 * (section 8.5: internal formats other than the required ones are
 * requests).  So every value glGetTexImage returns is a multiple of
 * 1 / (2^size - 1) for unsigned normalized components.  Checked for
 * GL_RGB5_A1, GL_RGBA4, GL_RGB565 and GL_RGBA8 images of one texel
 * (R, G, B, A) = (200, 100, 50, 125) uploaded as RGBA unsigned bytes, read
 * back as floats: each component times (2^size - 1) must lie within
 * 1/100 of an integer.  (Before wave 13 an RGB5_A1 image stored as RGBA8
 * reported an alpha size of 1 and returned alpha 125/255: piglit's
 * getteximage-formats.)  Then each image is a framebuffer's colour
 * attachment, cleared to (0.2, 0.6, 1.0, 0.4): glReadPixels as unsigned
 * bytes gives each component rounded to its reported size and back
 * (GL 4.6 equations 2.3 and 2.1), within 1; e.g. 5-5-5-1 bits give
 * (49, 156, 255, 0), 8 bits (51, 153, 255, 102).  Since wave 13 the
 * attachment's FRAMEBUFFER_ATTACHMENT_*_SIZE must equal the texture's,
 * and renderbuffers of the same formats pass the same clear check with
 * their RENDERBUFFER_*_SIZE (section 9.2.6, the actual resolution too).
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <math.h>
#include <stdio.h>

#include "e2e_gl.h"

#define TS_TEXTURE_RED_SIZE 0x805C
#define TS_RGB5_A1 0x8057
#define TS_RGBA4 0x8056
#define TS_RGB565 0x8D62
#define TS_RGBA8 0x8058

#define TS_ATTACHMENT_RED_SIZE 0x8212

/* Clears the bound 4x4 framebuffer to clear and checks that RGBA unsigned
 * bytes read back each component rounded to sizes[c] bits and back
 * (GL 4.6 equations 2.3 and 2.1), within 1. */
static bool
clear_and_probe(const GLint sizes[4], const float clear[4], const char *name,
                const char *kind, bool quiet)
{
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL %s %s: framebuffer incomplete\n", name, kind);
      return false;
   }
   uint8_t want[4];
   for (unsigned c = 0; c < 4; c++) {
      GLint size = sizes[c];
      double max = size > 0 && size < 32 ? (double)((1u << size) - 1u) : 0;
      want[c] = max ? (uint8_t)lround(round(clear[c] * max) / max * 255.0)
                    : 255;
   }
   glViewport(0, 0, 4, 4);
   glClearColor(clear[0], clear[1], clear[2], clear[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   uint8_t px[4 * 4 * 4];
   glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
   char what[64];
   snprintf(what, sizeof(what), "%s %s cleared", name, kind);
   return e2e_gl_probe(px, 4, 3, 2, want, 1, what, quiet);
}

typedef void (*get_tex_image_fn)(GLenum, GLint, GLenum, GLenum, void *);
typedef void (*get_tex_level_parameteriv_fn)(GLenum, GLint, GLenum, GLint *);

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   int status = e2e_gl_start_compat(&gl, argc, argv, 4, 4, &quiet);
   if (status)
      return status;
   get_tex_image_fn get_tex_image = NULL;
   get_tex_level_parameteriv_fn level_param = NULL;
   const struct e2e_gl_proc table[] = {
      {"glGetTexImage", &get_tex_image},
      {"glGetTexLevelParameteriv", &level_param},
   };
   if (!E2E_GL_PROCS(table)) {
      e2e_gl_close(&gl);
      return 1;
   }

   static const GLenum formats[] = {TS_RGB5_A1, TS_RGBA4, TS_RGB565,
                                    TS_RGBA8};
   static const char *const names[] = {"RGB5_A1", "RGBA4", "RGB565",
                                       "RGBA8"};
   static const GLubyte texel[4] = {200, 100, 50, 125};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (unsigned f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)formats[f], 1, 1, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, texel);
      GLfloat got[4] = {-1, -1, -1, -1};
      get_tex_image(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, got);
      for (unsigned c = 0; c < 4; c++) {
         GLint size = -1;
         level_param(GL_TEXTURE_2D, 0, TS_TEXTURE_RED_SIZE + c, &size);
         /* A component the format lacks reads back 0 (1 for alpha). */
         if (size == 0)
            continue;
         double scaled = got[c] * (double)((1u << size) - 1u);
         bool fits = size > 0 && size <= 16 &&
                     fabs(scaled - round(scaled)) < 0.01;
         if (!fits || !quiet)
            printf("%s %s component %u: size %d, value %f (%f steps)\n",
                   fits ? "ok  " : "FAIL", names[f], c, size, got[c],
                   scaled);
         ok &= fits;
      }
   }
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "the queries", quiet);

   static const float clear[4] = {0.2f, 0.6f, 1.0f, 0.4f};
   GLuint fbo;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   for (unsigned f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)formats[f], 4, 4, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, NULL);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_TEXTURE_2D, tex, 0);
      GLint sizes[4] = {0};
      for (unsigned c = 0; c < 4; c++) {
         level_param(GL_TEXTURE_2D, 0, TS_TEXTURE_RED_SIZE + c, &sizes[c]);
         /* The attachment reports the same resolution (section 9.2.3). */
         GLint att = -1;
         glGetFramebufferAttachmentParameteriv(
            GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, TS_ATTACHMENT_RED_SIZE + c,
            &att);
         if (att != sizes[c]) {
            printf("FAIL %s attachment component %u: size %d, texture %d\n",
                   names[f], c, att, sizes[c]);
            ok = false;
         }
      }
      ok &= clear_and_probe(sizes, clear, names[f], "texture", quiet);
   }
   /* Renderbuffers of the same formats: RENDERBUFFER_*_SIZE is the
    * actual resolution too (section 9.2.6), so the clear reads back
    * rounded to it. */
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   for (unsigned f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
      glRenderbufferStorage(GL_RENDERBUFFER, formats[f], 4, 4);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                GL_RENDERBUFFER, rb);
      GLint sizes[4] = {0};
      for (unsigned c = 0; c < 4; c++) {
         glGetRenderbufferParameteriv(GL_RENDERBUFFER,
                                      GL_RENDERBUFFER_RED_SIZE + c,
                                      &sizes[c]);
      }
      ok &= clear_and_probe(sizes, clear, names[f], "renderbuffer", quiet);
   }
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "the clears", quiet);
   return e2e_gl_finish(&gl, ok, quiet);
}
