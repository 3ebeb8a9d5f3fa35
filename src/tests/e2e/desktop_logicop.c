/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Logic ops (GL 2.1 section 4.1.10; GL 4.6 compatibility 17.3.11, table
 * 17.5) on the RGBA8 window of a desktop 2.1 context without a program:
 * with GL_COLOR_LOGIC_OP enabled, each channel's stored value is the
 * bitwise op of the fragment's colour code s and the buffer's code d;
 * blending is not done even when enabled.
 *
 * The window is 16 x 16, cleared to d = (0x33, 0x55, 0xf0, 0xff), matrices
 * identity.  Columns 0-3 get XOR with s = (0x0f, 0xff, 0x3c, 0x00), columns
 * 4-7 INVERT (~d), columns 8-11 AND_REVERSE (s & ~d) with blending
 * enabled (ONE, ONE: it would saturate), columns 12-15 NOOP.  Expected
 * codes computed by hand.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>

#include "e2e_gl_compat.h"

#define W 16
#define H 16
#define E2E_GL_COLOR_LOGIC_OP 0x0BF2
#define E2E_GL_LOGIC_OP_MODE 0x0BF0
#define E2E_GL_AND_REVERSE 0x1502
#define E2E_GL_NOOP 0x1505
#define E2E_GL_XOR 0x1506
#define E2E_GL_INVERT 0x150A
#define E2E_GL_COPY 0x1503

/* The left edge of window column c in NDC. */
static float
ndc(int c)
{
   return (float)c / W * 2.0f - 1.0f;
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   int status = e2e_gl_start_ff(&gl, argc, argv, W, H, &quiet, &ff);
   if (status)
      return status;

   /* Initial state (GL 2.1 table 6.21): disabled, COPY. */
   GLint mode = 0;
   glGetIntegerv(E2E_GL_LOGIC_OP_MODE, &mode);
   ok &= mode == E2E_GL_COPY && !glIsEnabled(E2E_GL_COLOR_LOGIC_OP);
   ff.logic_op(GL_ZERO);
   ok &= e2e_gl_expect_error(GL_INVALID_ENUM, "glLogicOp(GL_ZERO)", quiet);

   glClearColor(0x33 / 255.0f, 0x55 / 255.0f, 0xf0 / 255.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(E2E_GL_COLOR_LOGIC_OP);
   ff.color4ub(0x0f, 0xff, 0x3c, 0x00);
   static const GLenum ops[4] = {E2E_GL_XOR, E2E_GL_INVERT,
                                 E2E_GL_AND_REVERSE, E2E_GL_NOOP};
   for (int i = 0; i < 4; i++) {
      ff.logic_op(ops[i]);
      if (ops[i] == E2E_GL_AND_REVERSE) {
         glEnable(GL_BLEND);
         glBlendFunc(GL_ONE, GL_ONE);
      }
      ff.rectf(ndc(4 * i), -1.0f, ndc(4 * i + 4), 1.0f);
   }
   glGetIntegerv(E2E_GL_LOGIC_OP_MODE, &mode);
   ok &= mode == E2E_GL_NOOP && glIsEnabled(E2E_GL_COLOR_LOGIC_OP);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   static uint8_t pixels[W * H * 4];
   static const uint8_t xor_[4] = {0x3c, 0xaa, 0xcc, 0xff};
   static const uint8_t invert[4] = {0xcc, 0xaa, 0x0f, 0x00};
   static const uint8_t and_reverse[4] = {0x0c, 0xaa, 0x0c, 0x00};
   static const uint8_t noop[4] = {0x33, 0x55, 0xf0, 0xff};
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= e2e_gl_probe(pixels, W, 1, 8, xor_, 0, "XOR", quiet);
   ok &= e2e_gl_probe(pixels, W, 5, 8, invert, 0, "INVERT", quiet);
   ok &= e2e_gl_probe(pixels, W, 9, 8, and_reverse, 0,
                      "AND_REVERSE (blending enabled)", quiet);
   ok &= e2e_gl_probe(pixels, W, 14, 8, noop, 0, "NOOP", quiet);

   e2e_gl_close(&gl);
   if (!quiet || !ok)
      printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
