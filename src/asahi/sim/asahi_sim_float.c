/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Float number helpers: f32/f16/minifloat conversions, rounding and the
 * fused multiply-add, used by every family that touches floats (the
 * instructions themselves are in asahi_sim_float_alu.c and the other
 * asahi_sim_*.c families).  Built with -ffp-contract=off: the error-free sum below
 * depends on every operation being rounded on its own.
 */

#include "asahi_sim_float.h"

#include <math.h>
#include <string.h>

static uint64_t
bits_of(double d)
{
   uint64_t u;
   memcpy(&u, &d, sizeof(u));
   return u;
}

static double
double_of(uint64_t u)
{
   double d;
   memcpy(&d, &u, sizeof(d));
   return d;
}

double
asahi_sim_f16_to_double(uint16_t bits)
{
   unsigned exp = (bits >> 10) & 0x1f;
   unsigned frac = bits & 0x3ff;
   double v;

   if (exp == 0x1f)
      v = frac ? NAN : INFINITY;
   else if (exp == 0)
      v = ldexp((double)frac, -24);
   else
      v = ldexp((double)(frac | 0x400), (int)exp - 25);

   return (bits & 0x8000) ? -v : v;
}

double
asahi_sim_minifloat(uint8_t bits)
{
   unsigned exp = (bits >> 4) & 7;
   unsigned frac = bits & 0xf;
   double v = exp == 0 ? frac / 64.0 : ldexp((double)(16 + frac), (int)exp - 7);
   return (bits & 0x80) ? -v : v;
}

double
asahi_sim_fma_odd(double a, double b, double c)
{
   if (isnan(a) || isnan(b) || isnan(c))
      return NAN;

   /* Exact: both factors have at most 24 significant bits. */
   double p = a * b;
   if (isnan(p))
      return NAN; /* 0 * inf */

   double s = p + c;
   if (!isfinite(s) || !isfinite(p) || !isfinite(c))
      return s; /* inf, or NaN for inf - inf */

   /* Knuth's two-sum: s + e == p + c exactly. */
   double bb = s - p;
   double e = (p - (s - bb)) + (c - bb);
   if (e == 0.0)
      return s;

   /* Round to odd: of s and its neighbour towards the exact value, the one
    * with an odd significand. */
   if (bits_of(s) & 1)
      return s;

   uint64_t u = bits_of(s);
   bool away = (e > 0) == (s > 0);
   return double_of(away ? u + 1 : u - 1);
}

uint32_t
asahi_sim_double_to_f32(double v, bool ftz)
{
   if (isnan(v))
      return ASAHI_SIM_F32_NAN;

   if (ftz && fabs(v) < 0x1p-126)
      return signbit(v) ? 0x80000000u : 0;

   float f = (float)v;
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

uint16_t
asahi_sim_double_to_f16(double v)
{
   if (isnan(v))
      return ASAHI_SIM_F16_NAN;

   uint16_t sign = signbit(v) ? 0x8000 : 0;
   double a = fabs(v);

   /* 65520 is half way between 65504 (odd significand) and 2^16. */
   if (a >= 65520.0)
      return sign | 0x7c00;

   if (a < 0x1p-14) {
      /* Subnormal: count in units of 2^-24; 1024 units is the smallest
       * normal, which the encoding below gets right by itself. */
      return sign | (uint16_t)nearbyint(a * 0x1p24);
   }

   int exp;
   frexp(a, &exp); /* a = m * 2^exp, m in [0.5, 1) */
   int e = exp - 1;
   unsigned mant = (unsigned)nearbyint(ldexp(a, 10 - e)); /* 1024..2048 */
   return sign | (uint16_t)(((unsigned)(e + 15) << 10) + (mant - 1024));
}

double
asahi_sim_saturate(double v)
{
   if (isnan(v) || v <= 0.0)
      return 0.0;
   return v > 1.0 ? 1.0 : v;
}
