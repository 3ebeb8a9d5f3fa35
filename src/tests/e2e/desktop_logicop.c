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
 * identity, the fragment colour s = (0x0f, 0xff, 0x3c, 0x00).  Column c
 * gets opcode GL_CLEAR + c, so all 16 of table 17.5 are drawn; the
 * opcodes of s alone (COPY, COPY_INVERTED) are the ones the hardware's
 * bitop cannot take as they come (agx_isel.c, emit_bitop_n).  Column 2
 * (AND_REVERSE) is drawn with blending enabled (ONE, ONE: it would
 * saturate).  Expected codes: each opcode's expression of table 17.5
 * written out below, byte by byte.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>

#include "e2e_gl_compat.h"

#define W 16
#define H 16
#define E2E_GL_COLOR_LOGIC_OP 0x0BF2
#define E2E_GL_LOGIC_OP_MODE 0x0BF0
#define E2E_GL_CLEAR 0x1500
#define E2E_GL_AND_REVERSE 0x1502
#define E2E_GL_COPY 0x1503
#define E2E_GL_SET 0x150F

/* Table 17.5 (GL 4.6 compatibility), in opcode order from GL_CLEAR. */
static uint8_t
logic_op(unsigned c, uint8_t s, uint8_t d)
{
   switch (c) {
   case 0x0: return 0;                 /* CLEAR */
   case 0x1: return s & d;             /* AND */
   case 0x2: return s & ~d;            /* AND_REVERSE */
   case 0x3: return s;                 /* COPY */
   case 0x4: return ~s & d;            /* AND_INVERTED */
   case 0x5: return d;                 /* NOOP */
   case 0x6: return s ^ d;             /* XOR */
   case 0x7: return s | d;             /* OR */
   case 0x8: return ~(s | d);          /* NOR */
   case 0x9: return ~(s ^ d);          /* EQUIV */
   case 0xa: return ~d;                /* INVERT */
   case 0xb: return s | ~d;            /* OR_REVERSE */
   case 0xc: return ~s;                /* COPY_INVERTED */
   case 0xd: return ~s | d;            /* OR_INVERTED */
   case 0xe: return ~(s & d);          /* NAND */
   default: return 0xff;               /* SET */
   }
}

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

   static const uint8_t src[4] = {0x0f, 0xff, 0x3c, 0x00};
   static const uint8_t dst[4] = {0x33, 0x55, 0xf0, 0xff};
   glClearColor(dst[0] / 255.0f, dst[1] / 255.0f, dst[2] / 255.0f,
                dst[3] / 255.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(E2E_GL_COLOR_LOGIC_OP);
   ff.color4ub(src[0], src[1], src[2], src[3]);
   for (int c = 0; c < W; c++) {
      ff.logic_op(E2E_GL_CLEAR + c);
      if (E2E_GL_CLEAR + c == E2E_GL_AND_REVERSE) {
         glEnable(GL_BLEND);
         glBlendFunc(GL_ONE, GL_ONE);
      }
      ff.rectf(ndc(c), -1.0f, ndc(c + 1), 1.0f);
   }
   glGetIntegerv(E2E_GL_LOGIC_OP_MODE, &mode);
   ok &= mode == E2E_GL_SET && glIsEnabled(E2E_GL_COLOR_LOGIC_OP);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   for (int c = 0; c < W; c++) {
      uint8_t want[4];
      char what[32];
      for (int i = 0; i < 4; i++)
         want[i] = logic_op((unsigned)c, src[i], dst[i]);
      snprintf(what, sizeof(what), "opcode 0x%x", E2E_GL_CLEAR + c);
      ok &= e2e_gl_probe(pixels, W, c, 8, want, 0, what, quiet);
   }

   e2e_gl_close(&gl);
   if (!quiet || !ok)
      printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
