/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Float arithmetic as the AGX ALU does it (facts: applegpu applegpu.py
 * FloatSrcDesc / FloatDstDesc / FMAdd*InstructionDesc, and fma.py, whose
 * fmadd32 and double-rounding cases are checked on hardware by hwtest.py).
 *
 * Values travel as doubles: every f32, f16 and 8-bit immediate is exact in
 * a double, and so is the product of two of them.  A multiply-add is
 * computed exactly and rounded once to odd at double precision, which makes
 * a following single rounding to f32 or f16 correct (53 >= 2 * 24 + 2).
 */

#ifndef ASAHI_SIM_FLOAT_H
#define ASAHI_SIM_FLOAT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define ASAHI_SIM_F32_NAN 0x7fc00000u
#define ASAHI_SIM_F16_NAN 0x7e00u

/* f32 bits to double; ftz: denormals become zero of the same sign.
 * Inline since wave 17: a call per coordinate and derivative was 2.4 %
 * of fbo-depth-array depth-layered-clear. */
static inline double
asahi_sim_f32_to_double(uint32_t bits, bool ftz)
{
   if (ftz && (bits & 0x7f800000u) == 0)
      bits &= 0x80000000u;
   float f;
   memcpy(&f, &bits, sizeof(f));
   return (double)f;
}

/* f16 bits to double (denormals kept). */
double asahi_sim_f16_to_double(uint16_t bits);

/* The 8-bit float immediate: sign bit 7, exponent bits 4..6, fraction
 * bits 0..3. */
double asahi_sim_minifloat(uint8_t bits);

/*
 * a * b + c, exact then rounded to odd in double precision.  Any NaN input
 * or invalid operation gives a NaN.  Inputs must be exact f32/f16 values
 * (so that a * b is exact).
 */
double asahi_sim_fma_odd(double a, double b, double c);

/* Round to f32 (nearest even).  ftz: a value below 2^-126 in magnitude,
 * tested before rounding, becomes a signed zero.  NaN is canonical. */
uint32_t asahi_sim_double_to_f32(double v, bool ftz);

/* Round to f16 (nearest even, subnormals kept, overflow to inf).  NaN is
 * canonical. */
uint16_t asahi_sim_double_to_f16(double v);

/* .sat: clamp to [0, 1]; NaN and -0 become +0. */
double asahi_sim_saturate(double v);

static inline double
asahi_sim_fabs_neg(double v, bool abs, bool neg)
{
   union {
      double d;
      uint64_t u;
   } x = {.d = v};
   if (abs)
      x.u &= ~(1ull << 63);
   if (neg)
      x.u ^= 1ull << 63;
   return x.d;
}

#endif /* ASAHI_SIM_FLOAT_H */
