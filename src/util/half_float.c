/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * binary16 <-> binary32 with integer arithmetic only, so the result does not
 * depend on the host's floating-point rounding mode.  See half_float.h for
 * the rules on rounding, overflow and NaN.
 */
#include "util/half_float.h"
#include "util/u_math.h"

#include <stdbool.h>

/* Whether a magnitude that was truncated (with a nonzero remainder) should
 * be bumped to the next half away from zero. */
static inline bool
round_away(enum util_half_round mode, bool negative, uint32_t truncated,
           uint32_t rem, uint32_t halfway)
{
   if (rem == 0)
      return false;
   switch (mode) {
   case UTIL_HALF_ROUND_NEAREST_EVEN:
      return rem > halfway || (rem == halfway && (truncated & 1));
   case UTIL_HALF_ROUND_UP:
      return !negative;
   case UTIL_HALF_ROUND_DOWN:
      return negative;
   case UTIL_HALF_ROUND_TOWARD_ZERO:
   default:
      return false;
   }
}

uint16_t
util_float_to_half_round(float f, enum util_half_round mode)
{
   const uint32_t bits = fui(f);
   const bool negative = bits >> 31;
   const uint16_t sign = negative ? 0x8000 : 0;
   const uint32_t abs = bits & 0x7fffffff;
   const uint32_t exp = abs >> 23;
   const uint32_t mant = abs & 0x7fffff;

   if (exp == 0xff) {
      if (mant == 0)
         return sign | UTIL_HALF_POS_INF;
      /* Quiet NaN, top payload bits kept. */
      return sign | 0x7e00 | (mant >> 13);
   }

   /* 2^16 and above: beyond the largest finite half (65504) by more than
    * can round back down; exponent 142 is 2^15. */
   if (exp > 142) {
      bool away = mode == UTIL_HALF_ROUND_NEAREST_EVEN ||
                  (mode == UTIL_HALF_ROUND_UP && !negative) ||
                  (mode == UTIL_HALF_ROUND_DOWN && negative);
      return sign | (away ? UTIL_HALF_POS_INF : UTIL_HALF_MAX);
   }

   uint32_t truncated, rem, halfway;
   if (exp >= 113) {
      /* Normal half: exponent rebias 127 -> 15, keep 10 of 23 bits. */
      truncated = ((exp - 112) << 10) | (mant >> 13);
      rem = mant & 0x1fff;
      halfway = 0x1000;
   } else {
      /* Subnormal half (or zero): count units of 2^-24.  The float's full
       * significand is m * 2^(exp - 150), i.e. m >> (126 - exp) units;
       * float subnormals are all far below one unit. */
      const uint32_t m = exp ? (mant | 0x800000) : mant;
      const uint32_t shift = exp ? 126 - exp : 32;
      if (shift >= 32) {
         truncated = 0;
         rem = m;              /* nonzero iff f != 0 */
         halfway = 0xffffffff; /* below half a unit: never a tie */
      } else {
         truncated = m >> shift;
         rem = m & ((1u << shift) - 1);
         halfway = 1u << (shift - 1);
      }
   }

   /* A carry out of the mantissa moves to the next binade correctly, and
    * from 0x7bff to 0x7c00 (infinity) on overflow. */
   if (round_away(mode, negative, truncated, rem, halfway))
      truncated++;
   return sign | (uint16_t)truncated;
}

uint16_t
util_float_to_half(float f)
{
   return util_float_to_half_round(f, UTIL_HALF_ROUND_NEAREST_EVEN);
}

uint16_t
util_float_to_half_rtz(float f)
{
   return util_float_to_half_round(f, UTIL_HALF_ROUND_TOWARD_ZERO);
}

uint16_t
util_float_to_half_ru(float f)
{
   return util_float_to_half_round(f, UTIL_HALF_ROUND_UP);
}

uint16_t
util_float_to_half_rd(float f)
{
   return util_float_to_half_round(f, UTIL_HALF_ROUND_DOWN);
}

float
util_half_to_float(uint16_t h)
{
   const uint32_t sign = (uint32_t)(h & 0x8000) << 16;
   const uint32_t exp = (h >> 10) & 0x1f;
   uint32_t mant = h & 0x3ff;

   if (exp == 0x1f) {
      if (mant == 0)
         return uif(sign | 0x7f800000);
      return uif(sign | 0x7fc00000 | (mant << 13));
   }
   if (exp != 0)
      return uif(sign | ((exp + 112) << 23) | (mant << 13));
   if (mant == 0)
      return uif(sign);

   /* Subnormal half: normalise.  The value is mant * 2^-24; with the top set
    * bit at position p the float exponent is p - 24. */
   unsigned p = 31 - __builtin_clz(mant);
   mant = (mant << (23 - p)) & 0x7fffff;
   return uif(sign | ((p - 24 + 127) << 23) | mant);
}
