/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Layered framebuffers of desktop OpenGL 3.2 (core profile, 2009-12-07
 * specification) through EGL, without geometry shaders: what a clear of a
 * layered framebuffer does to every layer, and what reads see.
 *
 * Section 4.4.7: "When the Clear or ClearBuffer* commands ... are used to
 * clear a layered framebuffer attachment, all layers of the attachment
 * are cleared"; reads (ReadPixels, CopyTex*, BlitFramebuffer) of a
 * layered framebuffer use layer zero.  Each layer is read back through a
 * second framebuffer with glFramebufferTextureLayer (or the cube face
 * with glFramebufferTexture2D).  Expected values by hand (unorm8 of
 * 0.2 = 51, 0.4 = 102, 0.6 = 153):
 *  1. a 16x16x3 RGBA8 2D array, cleared to (0.2, 0.4, 0.6, 1): every
 *     layer (51, 102, 153, 255);
 *  2. then cleared to white with the green channel masked off
 *     (glColorMask): every layer (255, 102, 255, 255);
 *  3. then a scissored clear of pixels [0, 8) x [0, 8) to black: every
 *     layer black there, (255, 102, 255, 255) at (12, 12);
 *  4. ReadPixels of the layered framebuffer after layer 1 alone is
 *     cleared to red through a one-layer framebuffer: layer 0's colour,
 *     black at (2, 2);
 *  5. a 8x8 cube map cleared through glFramebufferTexture: all six faces;
 *  6. a 8x8x2 3D texture likewise: both slices;
 * plus section 4.4.4's FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS for a layered
 * and a one-layer attachment together, and section 6.1.13's
 * FRAMEBUFFER_ATTACHMENT_LAYERED.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 16
#define H 16

/* GL 3.2 tokens and entry points the ES 3.0 headers lack. */
#define E2E_GL_FRAMEBUFFER_ATTACHMENT_LAYERED 0x8DA7
#define E2E_GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS 0x8DA8
typedef void (*framebuffer_texture_fn)(GLenum, GLenum, GLuint, GLint);

static framebuffer_texture_fn framebuffer_texture;
static bool quiet;

static bool
check_error(const char *what)
{
   GLenum e = glGetError();
   if (e == GL_NO_ERROR)
      return true;
   printf("FAIL %s: GL error 0x%x\n", what, e);
   return false;
}

/* Pixel (x, y) of whatever the read framebuffer is. */
static bool
probe(const char *what, int x, int y, const uint8_t want[4])
{
   /* the rectangle from the origin to the pixel, all inside the image */
   uint8_t px[W * H * 4];
   glReadPixels(0, 0, x + 1, y + 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   return e2e_gl_probe(px, x + 1, x, y, want, 1, what, quiet);
}

static bool
check_status(GLenum want, const char *what)
{
   GLenum s = glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
   if (s == want) {
      if (!quiet)
         printf("ok   %s: status 0x%x\n", what, s);
      return true;
   }
   printf("FAIL %s: status 0x%x, want 0x%x\n", what, s, want);
   return false;
}

int
main(int argc, char **argv)
{
   bool ok = true;
   struct e2e_gl_options opts = e2e_gl_core_options(W, H, 3, 2);
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   const struct e2e_gl_proc procs[] = {
      {"glFramebufferTexture", &framebuffer_texture},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;

   GLuint tex[4], fbo[2];
   glGenTextures(4, tex);
   glGenFramebuffers(2, fbo);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex[0]);
   glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, W, H, 3, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   framebuffer_texture(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0);
   ok &= check_error("glFramebufferTexture");
   ok &= check_status(GL_FRAMEBUFFER_COMPLETE, "2D array, layered");
   GLint layered = -1;
   glGetFramebufferAttachmentParameteriv(
      GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      E2E_GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &layered);
   if (layered != GL_TRUE) {
      printf("FAIL: FRAMEBUFFER_ATTACHMENT_LAYERED is %d\n", layered);
      ok = false;
   }
   glViewport(0, 0, W, H);

   /* 1. A plain clear. */
   static const uint8_t c1[4] = {51, 102, 153, 255};
   glClearColor(0.2f, 0.4f, 0.6f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   for (int l = 0; l < 3; l++)
      ok &= e2e_gl_probe_image(fbo[1], tex[0], 0, l, 5, 9, c1, "clear", quiet);

   /* 2. Green masked. */
   static const uint8_t c2[4] = {255, 102, 255, 255};
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
   glClearColor(1, 1, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   for (int l = 0; l < 3; l++)
      ok &= e2e_gl_probe_image(fbo[1], tex[0], 0, l, 3, 14, c2, "masked clear",
                               quiet);

   /* 3. Scissored. */
   static const uint8_t black[4] = {0, 0, 0, 255};
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, 8, 8);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   for (int l = 0; l < 3; l++) {
      ok &= e2e_gl_probe_image(fbo[1], tex[0], 0, l, 2, 2, black,
                               "scissored clear inside", quiet);
      ok &= e2e_gl_probe_image(fbo[1], tex[0], 0, l, 12, 12, c2,
                               "scissored clear outside", quiet);
   }

   /* 4. Reads of a layered framebuffer see layer 0. */
   static const uint8_t red[4] = {255, 0, 0, 255};
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             tex[0], 0, 1);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   ok &= probe("ReadPixels of the layered framebuffer (layer 0)", 2, 2,
               black);
   ok &= probe("ReadPixels of the layered framebuffer (layer 0)", 12, 12,
               c2);
   ok &= e2e_gl_probe_image(fbo[1], tex[0], 0, 1, 12, 12, red, "layer 1 alone",
                            quiet);
   ok &= check_error("array clears and reads");

   /* 5. A cube map: six faces as layers. */
   static const uint8_t c5[4] = {102, 51, 255, 255};
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
   for (int f = 0; f < 6; f++)
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 8, 8, 0,
                   GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   framebuffer_texture(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[1], 0);
   ok &= check_status(GL_FRAMEBUFFER_COMPLETE, "cube map, layered");
   glViewport(0, 0, 8, 8);
   glClearColor(0.4f, 0.2f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   for (int f = 0; f < 6; f++)
      ok &=
         e2e_gl_probe_image(fbo[1], tex[1], GL_TEXTURE_CUBE_MAP_POSITIVE_X + f,
                            0, 4, 4, c5, "cube clear", quiet);

   /* 6. A 3D texture: its slices as layers. */
   static const uint8_t c6[4] = {153, 255, 51, 255};
   glBindTexture(GL_TEXTURE_3D, tex[2]);
   glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 8, 8, 2, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   framebuffer_texture(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[2], 0);
   ok &= check_status(GL_FRAMEBUFFER_COMPLETE, "3D, layered");
   glClearColor(0.6f, 1.0f, 0.2f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   for (int l = 0; l < 2; l++)
      ok &=
         e2e_gl_probe_image(fbo[1], tex[2], 0, l, 7, 0, c6, "3D clear", quiet);
   ok &= check_error("cube and 3D clears");

   /* Section 4.4.4: a layered and a one-layer attachment together. */
   glBindTexture(GL_TEXTURE_2D, tex[3]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                          GL_TEXTURE_2D, tex[3], 0);
   ok &= check_status(E2E_GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS,
                      "layered and one-layer attachments");
   ok &= check_error("completeness");

   e2e_gl_close(&gl);
   if (!ok)
      printf("FAIL\n");
   return ok ? 0 : 1;
}
