/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The fragments of pixel rectangles through the fixed-function fragment
 * operations (GL 2.1 sections 3.6.4, 3.7, 3.8.15 and 4.1.4): they take
 * the current raster texture coordinates and are textured, and the alpha
 * test discards them.  Window 16 x 8 cleared to black, glOrtho(0, 16, 0,
 * 8); a 2 x 2 RGBA texture, NEAREST, MODULATE: texel (0, 0) red, (1, 0)
 * green, (0, 1) blue, (1, 1) white.
 * - glTexCoord2f(0.75, 0.25), glRasterPos2f(1, 1), glDrawPixels of a
 *   2 x 2 image of (128, 255, 255, 255): the raster coordinates pick the
 *   green texel, so the 2 x 2 pixels at (1, 1) are (0, 255, 0, 255);
 * - glTexCoord2f(0.25, 0.75), glRasterPos2f(4, 1), the same image: blue,
 *   (0, 0, 255, 255) at (4, 1) and (5, 2);
 * - glColor4f(1, 1, 1, 1), glTexCoord2f(0.25, 0.25), glRasterPos2f(8, 1)
 *   and a 1 x 1 bitmap of bit 1: the raster colour times the red texel,
 *   (255, 0, 0, 255) at (8, 1);
 * - texturing off, glAlphaFunc(GL_GREATER, 0.5), glRasterPos2f(10, 1)
 *   and a 2 x 1 image (255, 255, 0, 255), (255, 255, 0, 64): (10, 1) is
 *   yellow, (11, 1) stays black.
 * Without texturing and the alpha test the pixels would be the images'
 * own colours and the bitmap white.  llvmpipe (Debian's Mesa) draws the
 * same glDrawPixels pixels; it crashes in the textured glBitmap, whose
 * value is the specification's (section 3.7: a bitmap's fragments carry
 * the raster colour and texture coordinates).
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>

#include "e2e_gl_compat.h"

#define W 16
#define H 8

/* Desktop tokens the ES headers lack (gl.xml). */
#define PT_TEXTURE_ENV 0x2300
#define PT_TEXTURE_ENV_MODE 0x2200
#define PT_MODULATE 0x2100
#define PT_ALPHA_TEST 0x0BC0

struct procs {
   void (*tex_envi)(GLenum, GLenum, GLint);
   void (*tex_coord2f)(GLfloat, GLfloat);
   void (*raster_pos2f)(GLfloat, GLfloat);
   void (*draw_pixels)(GLsizei, GLsizei, GLenum, GLenum, const void *);
   void (*bitmap)(GLsizei, GLsizei, GLfloat, GLfloat, GLfloat, GLfloat,
                  const GLubyte *);
   void (*alpha_func)(GLenum, GLfloat);
};

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   struct procs p;
   const struct e2e_gl_proc table[] = {
      {"glTexEnvi", &p.tex_envi},
      {"glTexCoord2f", &p.tex_coord2f},
      {"glRasterPos2f", &p.raster_pos2f},
      {"glDrawPixels", &p.draw_pixels},
      {"glBitmap", &p.bitmap},
      {"glAlphaFunc", &p.alpha_func},
   };
   int status = E2E_GL_START_FF_PROCS(&gl, argc, argv, W, H, &quiet, &ff,
                                      true, table);
   if (status)
      return status;

   static const GLubyte texels[16] = {255, 0,   0,   255, 0,   255, 0,   255,
                                      0,   0,   255, 255, 255, 255, 255, 255};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   p.tex_envi(PT_TEXTURE_ENV, PT_TEXTURE_ENV_MODE, PT_MODULATE);
   glEnable(GL_TEXTURE_2D);

   static const GLubyte image[16] = {128, 255, 255, 255, 128, 255, 255, 255,
                                     128, 255, 255, 255, 128, 255, 255, 255};
   p.tex_coord2f(0.75f, 0.25f);
   p.raster_pos2f(1.0f, 1.0f);
   p.draw_pixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, image);
   p.tex_coord2f(0.25f, 0.75f);
   p.raster_pos2f(4.0f, 1.0f);
   p.draw_pixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, image);

   static const GLubyte bit = 0x80;
   ff.color4f(1, 1, 1, 1);
   p.tex_coord2f(0.25f, 0.25f);
   p.raster_pos2f(8.0f, 1.0f);
   p.bitmap(1, 1, 0.0f, 0.0f, 0.0f, 0.0f, &bit);
   glDisable(GL_TEXTURE_2D);

   static const GLubyte two[8] = {255, 255, 0, 255, 255, 255, 0, 64};
   glEnable(PT_ALPHA_TEST);
   p.alpha_func(GL_GREATER, 0.5f);
   p.raster_pos2f(10.0f, 1.0f);
   p.draw_pixels(2, 1, GL_RGBA, GL_UNSIGNED_BYTE, two);
   glDisable(PT_ALPHA_TEST);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   static uint8_t px[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   static const struct {
      int x, y;
      uint8_t rgba[4];
      const char *what;
   } probes[] = {
      {1, 1, {0, 255, 0, 255}, "glDrawPixels modulated by the green texel"},
      {2, 2, {0, 255, 0, 255}, "the same, the image's last pixel"},
      {4, 1, {0, 0, 255, 255}, "glDrawPixels modulated by the blue texel"},
      {5, 2, {0, 0, 255, 255}, "the same, the image's last pixel"},
      {8, 1, {255, 0, 0, 255},
       "glBitmap's raster colour modulated by the red texel"},
      {10, 1, {255, 255, 0, 255},
       "glDrawPixels: alpha 1 passes GL_GREATER 0.5"},
      {11, 1, {0, 0, 0, 255}, "glDrawPixels: alpha 0.25 fails GL_GREATER 0.5"},
   };
   for (unsigned i = 0; i < sizeof(probes) / sizeof(probes[0]); i++)
      ok &= e2e_gl_probe(px, W, probes[i].x, probes[i].y, probes[i].rgba, 1,
                         probes[i].what, quiet);
   return e2e_gl_finish(&gl, ok, quiet);
}
