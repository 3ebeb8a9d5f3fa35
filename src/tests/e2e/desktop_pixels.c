/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Pixel rectangles of a desktop OpenGL 2.1 context (window 32x16 with
 * depth and stencil, cleared to black, depth 1, stencil 0), expected
 * values from the GL 2.1 specification:
 * - glBitmap (section 3.7): an 8x2 bitmap (rows 0xA5, 0x3C, MSB first) at
 *   raster position (2.5, 3.5) with origin (0.5, 0.5): its corner at
 *   (floor(2.5 - 0.5), floor(3.5 - 0.5)) = (2, 3), red where a bit is 1;
 *   the raster position then moves by (10, 0); a second bitmap with the
 *   scissor over its left half only draws there;
 * - glDrawPixels (section 3.6.4) of a 2x1 RGBA image (100, 200, 40, 255),
 *   (0, 0, 0, 255) at (20, 2) with zoom (2, 3) and RED_SCALE 0.5,
 *   GREEN_BIAS 0.1: pixels 20-21 x 2-4 are (50, 226, 40), 22-23
 *   (0, 26, 0) (the bias applies to every pixel);
 * - glDrawPixels of DEPTH_COMPONENT (float 0.25) with GL_LESS: the depth
 *   buffer reads back 0.25, the colour is the raster colour;
 * - glDrawPixels of STENCIL_INDEX (ubyte 0x35) with the write mask 0x0f:
 *   stencil 5, read back with glReadPixels(GL_STENCIL_INDEX);
 * - glCopyPixels(GL_COLOR) of the bitmap's rows to y = 10;
 * - glPixelMapfv(I_TO_R) and a GL_COLOR_INDEX image: index 1 is red 1,
 *   alpha 0 (I_TO_A is still its initial one-entry map of 0);
 * - the errors of glDrawPixels, glPixelMap and glCopyPixels.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 32
#define H 16

/* Desktop tokens the ES headers lack (gl.xml). */
#define PX_COLOR 0x1800
#define PX_DEPTH 0x1801
#define PX_STENCIL_INDEX 0x1901
#define PX_DEPTH_COMPONENT 0x1902
#define PX_COLOR_INDEX 0x1900
#define PX_BITMAP 0x1A00
#define PX_RED_SCALE 0x0D14
#define PX_GREEN_BIAS 0x0D19
#define PX_PIXEL_MAP_I_TO_R 0x0C72
#define PX_ZOOM_X 0x0D16

struct procs {
   void (*bitmap)(GLsizei, GLsizei, GLfloat, GLfloat, GLfloat, GLfloat,
                  const GLubyte *);
   void (*draw_pixels)(GLsizei, GLsizei, GLenum, GLenum, const void *);
   void (*copy_pixels)(GLint, GLint, GLsizei, GLsizei, GLenum);
   void (*raster_pos2f)(GLfloat, GLfloat);
   void (*window_pos2f)(GLfloat, GLfloat);
   void (*pixel_zoom)(GLfloat, GLfloat);
   void (*pixel_transferf)(GLenum, GLfloat);
   void (*pixel_mapfv)(GLenum, GLsizei, const GLfloat *);
   void (*color4f)(GLfloat, GLfloat, GLfloat, GLfloat);
};

static bool
load_procs(struct procs *p)
{
   const struct e2e_gl_proc table[] = {
      {"glBitmap", &p->bitmap},
      {"glDrawPixels", &p->draw_pixels},
      {"glCopyPixels", &p->copy_pixels},
      {"glRasterPos2f", &p->raster_pos2f},
      {"glWindowPos2f", &p->window_pos2f},
      {"glPixelZoom", &p->pixel_zoom},
      {"glPixelTransferf", &p->pixel_transferf},
      {"glPixelMapfv", &p->pixel_mapfv},
      {"glColor4f", &p->color4f},
   };
   return E2E_GL_PROCS(table);
}

static const GLubyte bits[2] = {0xA5, 0x3C};

/* Whether the bitmap drawn with its corner at (x0, y0) covers (x, y). */
static bool
bit_at(int x0, int y0, int x, int y)
{
   int bx = x - x0, by = y - y0;
   if (bx < 0 || bx >= 8 || by < 0 || by >= 2)
      return false;
   return (bits[by] >> (7 - bx)) & 1;
}

static bool
check_bitmaps(const uint8_t *px, int copy_y, bool quiet)
{
   static const uint8_t red[4] = {255, 0, 0, 255};
   static const uint8_t black[4] = {0, 0, 0, 0};
   bool ok = true;
   for (int y = 0; y < 6; y++) {
      for (int x = 0; x < 20; x++) {
         /* First bitmap at (2, 3); second at (12, 3), scissored to
          * x < 16. */
         bool on = bit_at(2, 3, x, y) || (x < 16 && bit_at(12, 3, x, y));
         char what[64];
         snprintf(what, sizeof(what), "bitmap pixel (%d, %d)", x, y);
         ok &= e2e_gl_probe(px, W, x, y, on ? red : black, 0, what, true);
         /* glCopyPixels copied rows 3-4 to copy_y. */
         if (y >= 3 && y < 5) {
            snprintf(what, sizeof(what), "copied pixel (%d, %d)", x,
                     copy_y + y - 3);
            ok &= e2e_gl_probe(px, W, x, copy_y + y - 3, on ? red : black, 0,
                               what, true);
         }
      }
   }
   if (ok && !quiet)
      printf("ok: glBitmap, glCopyPixels\n");
   return ok;
}

static bool
errors(const struct procs *p, bool quiet)
{
   static const GLubyte one[4] = {0};
   bool ok = true;
   p->draw_pixels(1, 1, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, one);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION,
                             "glDrawPixels(RGBA, 5_6_5)", quiet);
   p->draw_pixels(1, 1, GL_RGBA, PX_BITMAP, one);
   ok &= e2e_gl_expect_error(GL_INVALID_ENUM, "glDrawPixels(RGBA, BITMAP)",
                             quiet);
   p->draw_pixels(-1, 1, GL_RGBA, GL_UNSIGNED_BYTE, one);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "glDrawPixels(width -1)",
                             quiet);
   static const GLfloat map3[3] = {0, 0, 0};
   p->pixel_mapfv(PX_PIXEL_MAP_I_TO_R, 3, map3);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "glPixelMapfv(size 3)",
                             quiet);
   p->copy_pixels(0, 0, 1, 1, GL_RGBA);
   ok &= e2e_gl_expect_error(GL_INVALID_ENUM, "glCopyPixels(type RGBA)",
                             quiet);
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl_options opts =
      e2e_gl_version_options(W, H, 2, 1, true);
   opts.depth_bits = 24;
   opts.stencil_bits = 8;
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   struct procs p;
   if (!load_procs(&p)) {
      e2e_gl_close(&gl);
      return 1;
   }
   ok &= errors(&p, quiet);

   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 0);
   glClearDepthf(1.0f);
   glClearStencil(0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);

   /* glBitmap; the raster position is in window coordinates through
    * glWindowPos. */
   p.color4f(1, 0, 0, 1);
   p.window_pos2f(2.5f, 3.5f);
   p.bitmap(8, 2, 0.5f, 0.5f, 10.0f, 0.0f, bits);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, 16, H);
   p.bitmap(8, 2, 0.5f, 0.5f, 0.0f, 0.0f, bits);
   glDisable(GL_SCISSOR_TEST);

   /* glCopyPixels of rows 3-4 (x 0-19) to y = 10. */
   p.window_pos2f(0.0f, 10.0f);
   p.copy_pixels(0, 3, 20, 2, PX_COLOR);

   /* glDrawPixels with zoom and transfer. */
   static const GLubyte image[8] = {100, 200, 40, 255, 0, 0, 0, 255};
   p.window_pos2f(20.0f, 2.0f);
   p.pixel_zoom(2.0f, 3.0f);
   p.pixel_transferf(PX_RED_SCALE, 0.5f);
   p.pixel_transferf(PX_GREEN_BIAS, 0.1f);
   p.draw_pixels(2, 1, GL_RGBA, GL_UNSIGNED_BYTE, image);
   GLfloat zoom = 0;
   glGetFloatv(PX_ZOOM_X, &zoom);
   if (zoom != 2.0f) {
      printf("FAIL: GL_ZOOM_X %f\n", zoom);
      ok = false;
   }
   p.pixel_zoom(1.0f, 1.0f);
   p.pixel_transferf(PX_RED_SCALE, 1.0f);
   p.pixel_transferf(PX_GREEN_BIAS, 0.0f);

   /* Colour index through the I_TO_R map at (30, 0). */
   static const GLfloat to_r[2] = {0.0f, 1.0f};
   static const GLubyte index[1] = {1};
   p.pixel_mapfv(PX_PIXEL_MAP_I_TO_R, 2, to_r);
   p.window_pos2f(30.0f, 0.0f);
   p.draw_pixels(1, 1, PX_COLOR_INDEX, GL_UNSIGNED_BYTE, index);

   /* Depth 0.25 at (28, 8) with GL_LESS, the raster colour green. */
   static const GLfloat quarter = 0.25f;
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   p.color4f(0, 1, 0, 1);
   p.window_pos2f(28.0f, 8.0f);
   p.draw_pixels(1, 1, PX_DEPTH_COMPONENT, GL_FLOAT, &quarter);
   glDisable(GL_DEPTH_TEST);

   /* Stencil 0x35 under the write mask 0x0f at (29, 8). */
   static const GLubyte value = 0x35;
   glStencilMask(0x0f);
   p.window_pos2f(29.0f, 8.0f);
   p.draw_pixels(1, 1, PX_STENCIL_INDEX, GL_UNSIGNED_BYTE, &value);
   glStencilMask(0xff);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   uint8_t px[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   ok &= check_bitmaps(px, 10, quiet);
   static const uint8_t drawn[4] = {50, 226, 40, 255};
   static const uint8_t biased[4] = {0, 26, 0, 255};
   static const uint8_t index_red[4] = {255, 0, 0, 0};
   static const uint8_t green[4] = {0, 255, 0, 255};
   ok &= e2e_gl_probe(px, W, 20, 2, drawn, 1, "zoomed pixel (20, 2)", quiet);
   ok &= e2e_gl_probe(px, W, 21, 4, drawn, 1, "zoomed pixel (21, 4)", quiet);
   ok &= e2e_gl_probe(px, W, 22, 3, biased, 1, "zoomed pixel (22, 3)", quiet);
   ok &= e2e_gl_probe(px, W, 20, 5, (const uint8_t[4]){0, 0, 0, 0}, 0,
                      "above the zoomed image", quiet);
   ok &= e2e_gl_probe(px, W, 30, 0, index_red, 0, "colour index 1", quiet);
   ok &= e2e_gl_probe(px, W, 28, 8, green, 0, "depth pixel's colour", quiet);

   GLfloat depth = -1.0f;
   glReadPixels(28, 8, 1, 1, PX_DEPTH_COMPONENT, GL_FLOAT, &depth);
   if (depth < 0.2499f || depth > 0.2501f) {
      printf("FAIL: depth %f, wanted 0.25\n", depth);
      ok = false;
   } else if (!quiet) {
      printf("ok: glDrawPixels(DEPTH_COMPONENT)\n");
   }
   GLubyte stencil[2] = {0xee, 0xee};
   glReadPixels(28, 8, 2, 1, PX_STENCIL_INDEX, GL_UNSIGNED_BYTE, stencil);
   if (stencil[0] != 0 || stencil[1] != 5) {
      printf("FAIL: stencil %u %u, wanted 0 5\n", stencil[0], stencil[1]);
      ok = false;
   } else if (!quiet) {
      printf("ok: glDrawPixels(STENCIL_INDEX)\n");
   }
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "reading", quiet);

   e2e_gl_close(&gl);
   if (!ok)
      printf("FAIL\n");
   else if (!quiet)
      printf("PASS\n");
   return ok ? 0 : 1;
}
