/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glReadPixels of the desktop client formats no pipe format describes
 * (GL 2.1 section 4.3.2 and tables 3.5-3.8): LUMINANCE (L = R + G + B,
 * clamped: the glReadPixels reference page; with GL_FLOAT too, the buffer
 * being fixed-point), LUMINANCE_ALPHA, BGR,
 * ABGR_EXT, UNSIGNED_SHORT_5_6_5_REV with RGB, with PACK_SWAP_BYTES and
 * with RED_SCALE/RED_BIAS (the pixel transfer operations apply to what
 * glReadPixels returns).  The window is cleared to (0.2, 0.4, 0.6, 0.8):
 * codes 51, 102, 153, 204 (a sum of 0.1, 0.2, 0.3 for the luminance
 * read of a second clear); expected values computed by hand.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e_gl.h"

#define W 4
#define H 4
#define E2E_GL_LUMINANCE_ALPHA 0x190A
#define E2E_GL_BGR 0x80E0
#define E2E_GL_ABGR_EXT 0x8000
#define E2E_GL_UNSIGNED_SHORT_5_6_5_REV 0x8364
#define E2E_GL_PACK_SWAP_BYTES 0x0D00
#define E2E_GL_RED_SCALE 0x0D14
#define E2E_GL_RED_BIAS 0x0D15

typedef void (*pixel_transferf_fn)(GLenum, GLfloat);

static bool
check_tol(const uint8_t *got, const uint8_t *want, size_t n, int tol,
          const char *what, bool quiet)
{
   bool ok = true;
   for (size_t i = 0; i < n; i++)
      ok &= abs((int)got[i] - (int)want[i]) <= tol;
   if (!ok || !quiet) {
      printf("%s %s:", ok ? "ok  " : "FAIL", what);
      for (size_t i = 0; i < n; i++)
         printf(" %u/%u", got[i], want[i]);
      printf("\n");
   }
   return ok;
}

static bool
check(const uint8_t *got, const uint8_t *want, size_t n, const char *what,
      bool quiet)
{
   return check_tol(got, want, n, 0, what, quiet);
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   int status = e2e_gl_start_compat(&gl, argc, argv, W, H, &quiet);
   if (status)
      return status;
   pixel_transferf_fn pixel_transferf;
   const struct e2e_gl_proc procs[] = {
      {"glPixelTransferf", &pixel_transferf},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;

   glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
   glClear(GL_COLOR_BUFFER_BIT);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);

   uint8_t b[8];
   /* 0.2 + 0.4 + 0.6 clamped to 1. */
   glReadPixels(1, 1, 1, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, b);
   ok &= check(b, (const uint8_t[]){255}, 1, "LUMINANCE", quiet);
   glReadPixels(1, 1, 1, 1, E2E_GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, b);
   ok &= check(b, (const uint8_t[]){255, 204}, 2, "LUMINANCE_ALPHA", quiet);
   /* GL_FLOAT too: a fixed-point buffer's reads are clamped
    * (CLAMP_READ_COLOR is FIXED_ONLY), the sum with them. */
   float l = 0.0f;
   glReadPixels(1, 1, 1, 1, GL_LUMINANCE, GL_FLOAT, &l);
   if (l != 1.0f || !quiet)
      printf("%s LUMINANCE, FLOAT: %g (want 1)\n", l == 1.0f ? "ok  " : "FAIL",
             l);
   ok &= l == 1.0f;
   glReadPixels(1, 1, 1, 1, E2E_GL_BGR, GL_UNSIGNED_BYTE, b);
   ok &= check(b, (const uint8_t[]){153, 102, 51}, 3, "BGR", quiet);
   glReadPixels(1, 1, 1, 1, E2E_GL_ABGR_EXT, GL_UNSIGNED_BYTE, b);
   ok &= check(b, (const uint8_t[]){204, 153, 102, 51}, 4, "ABGR_EXT",
               quiet);
   /* 5_6_5_REV: R in bits 0-4 (0.2 * 31 = 6.2 -> 6), G in 5-10 (0.4 * 63
    * = 25.2 -> 25), B in 11-15 (0.6 * 31 = 18.6 -> 19): 0x9b26. */
   uint16_t v = 0;
   glReadPixels(1, 1, 1, 1, GL_RGB, E2E_GL_UNSIGNED_SHORT_5_6_5_REV, &v);
   memcpy(b, &v, 2);
   uint16_t want_v = 6 | 25 << 5 | 19 << 11;
   ok &= check(b, (const uint8_t *)&want_v, 2, "RGB 5_6_5_REV", quiet);
   /* Swapped bytes: the 16-bit LUMINANCE value 0.2 * 65535 = 13107 =
    * 0x3333 reads the same either way; use ALPHA: 0.8 * 65535 = 52428 =
    * 0xcccc, same again; LUMINANCE_ALPHA of UNSIGNED_SHORT: L 0x3333, A
    * 0xcccc; with 5_6_5_REV the two bytes of 0x9b26 swap. */
   glPixelStorei(E2E_GL_PACK_SWAP_BYTES, 1);
   glReadPixels(1, 1, 1, 1, GL_RGB, E2E_GL_UNSIGNED_SHORT_5_6_5_REV, b);
   const uint8_t swapped[2] = {(uint8_t)(want_v >> 8), (uint8_t)want_v};
   ok &= check(b, swapped, 2, "RGB 5_6_5_REV, PACK_SWAP_BYTES", quiet);
   glPixelStorei(E2E_GL_PACK_SWAP_BYTES, 0);
   /* Scale and bias: R' = 0.2 * 2 + 0.1 = 0.5 -> 128 (127.5 rounded). */
   pixel_transferf(E2E_GL_RED_SCALE, 2.0f);
   pixel_transferf(E2E_GL_RED_BIAS, 0.1f);
   glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, b);
   ok &= check(b, (const uint8_t[]){128, 102, 153, 204}, 4,
               "RGBA with RED_SCALE 2, RED_BIAS 0.1", quiet);
   pixel_transferf(E2E_GL_RED_SCALE, 1.0f);
   pixel_transferf(E2E_GL_RED_BIAS, 0.0f);
   /* (0.1, 0.2, 0.3): 0.6 * 255 = 153; the stored codes' sum 26 + 51 +
    * 77 = 154 (the clear's rounding may differ by one). */
   glClearColor(0.1f, 0.2f, 0.3f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glReadPixels(1, 1, 1, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, b);
   ok &= check_tol(b, (const uint8_t[]){153}, 1, 1,
                   "LUMINANCE (not clamped)", quiet);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "the reads", quiet);

   e2e_gl_close(&gl);
   if (!quiet || !ok)
      printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
