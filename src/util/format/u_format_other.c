/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * R11G11B10_FLOAT and R9G9B9E5_FLOAT, following the GL 4.6 specification
 * (sections 2.3.4.3, 2.3.4.4 and 8.5.2).  See u_format_other.h.
 */
#include "util/format/u_format_other.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#define UF_EXP_BIAS 15

uint32_t
util_format_float_to_ufloat(float f, unsigned mant_bits)
{
   const uint32_t exp_inf = 0x1f << mant_bits;
   const uint32_t max_finite = exp_inf - 1; /* exponent 30, mantissa ~0 */
   uint32_t bits;
   memcpy(&bits, &f, sizeof(bits));

   const uint32_t exp = (bits >> 23) & 0xff;
   const uint32_t mant = bits & 0x7fffff;

   if (exp == 0xff && mant != 0)
      return exp_inf | 1; /* NaN, always positive */
   if (bits >> 31)
      return 0; /* negative, including -0 and -inf */
   if (exp == 0xff)
      return exp_inf;

   /* Same scheme as the half conversion: truncate to the target precision
    * and round the remainder to nearest even; finite values never become
    * infinity, they clamp. */
   const unsigned drop = 23 - mant_bits;
   uint32_t truncated, rem, halfway;
   if (exp > 127 + 15) {
      return max_finite;
   } else if (exp >= 127 - 14) {
      truncated = ((exp - (127 - UF_EXP_BIAS)) << mant_bits) | (mant >> drop);
      rem = mant & ((1u << drop) - 1);
      halfway = 1u << (drop - 1);
   } else {
      /* Denormal target: units of 2^(-14 - mant_bits). */
      const uint32_t m = exp ? (mant | 0x800000) : mant;
      const uint32_t shift = exp ? (127 - 14 + 23 - mant_bits) - exp : 32;
      if (shift >= 32) {
         truncated = 0;
         rem = 0;
         halfway = 1;
      } else {
         truncated = m >> shift;
         rem = m & ((1u << shift) - 1);
         halfway = 1u << (shift - 1);
      }
   }
   if (rem > halfway || (rem == halfway && (truncated & 1)))
      truncated++;
   return truncated > max_finite ? max_finite : truncated;
}

float
util_format_ufloat_to_float(uint32_t v, unsigned mant_bits)
{
   const uint32_t exp = (v >> mant_bits) & 0x1f;
   const uint32_t mant = v & ((1u << mant_bits) - 1);

   if (exp == 0x1f)
      return mant ? NAN : INFINITY;
   if (exp == 0)
      return ldexpf((float)mant, -14 - (int)mant_bits);
   return ldexpf((float)((1u << mant_bits) | mant),
                 (int)exp - UF_EXP_BIAS - (int)mant_bits);
}

uint32_t
util_format_pack_r11g11b10f(const float rgb[3])
{
   return util_format_float_to_ufloat(rgb[0], 6) |
          util_format_float_to_ufloat(rgb[1], 6) << 11 |
          util_format_float_to_ufloat(rgb[2], 5) << 22;
}

void
util_format_unpack_r11g11b10f(uint32_t packed, float rgb[3])
{
   rgb[0] = util_format_ufloat_to_float(packed & 0x7ff, 6);
   rgb[1] = util_format_ufloat_to_float((packed >> 11) & 0x7ff, 6);
   rgb[2] = util_format_ufloat_to_float(packed >> 22, 5);
}

#define RGB9E5_MANT_BITS 9
#define RGB9E5_EXP_BIAS 15
#define RGB9E5_EXP_MAX 31

/* Packs with mantissas rounded to nearest (round_bias = 0.5) or toward
 * zero (round_bias = 0.0).  Toward zero, maxc / scale stays below 2^N, so
 * only rounding to nearest can need the next exponent.
 */
static uint32_t
pack_rgb9e5(const float rgb[3], double round_bias)
{
   /* sharedexp_max = (2^N - 1) / 2^N * 2^(Emax - B) */
   const double max =
      ldexp((1 << RGB9E5_MANT_BITS) - 1,
            RGB9E5_EXP_MAX - RGB9E5_EXP_BIAS - RGB9E5_MANT_BITS);
   double c[3], maxc = 0.0;
   for (unsigned i = 0; i < 3; i++) {
      double v = rgb[i];
      /* Clamp to [0, max]; NaN becomes 0. */
      c[i] = v > 0.0 ? (v < max ? v : max) : 0.0;
      if (c[i] > maxc)
         maxc = c[i];
   }

   /* exp_shared' = max(-B - 1, floor(log2(maxc))) + 1 + B */
   int floor_log2 = -RGB9E5_EXP_BIAS - 1;
   if (maxc > 0.0) {
      int e;
      frexp(maxc, &e); /* maxc = m * 2^e, m in [0.5, 1) */
      if (e - 1 > floor_log2)
         floor_log2 = e - 1;
   }
   int exp_shared = floor_log2 + 1 + RGB9E5_EXP_BIAS;

   /* If maxc rounds up to 2^N at this exponent, use the next one. */
   double scale = ldexp(1.0, exp_shared - RGB9E5_EXP_BIAS - RGB9E5_MANT_BITS);
   if (floor(maxc / scale + round_bias) >= (1 << RGB9E5_MANT_BITS)) {
      exp_shared++;
      scale *= 2.0;
   }

   uint32_t packed = (uint32_t)exp_shared << 27;
   for (unsigned i = 0; i < 3; i++) {
      uint32_t m = (uint32_t)floor(c[i] / scale + round_bias);
      packed |= m << (RGB9E5_MANT_BITS * i);
   }
   return packed;
}

uint32_t
util_format_pack_rgb9e5(const float rgb[3])
{
   return pack_rgb9e5(rgb, 0.5);
}

void
util_format_unpack_rgb9e5(uint32_t packed, float rgb[3])
{
   int exp = (int)(packed >> 27);
   for (unsigned i = 0; i < 3; i++) {
      uint32_t m = (packed >> (RGB9E5_MANT_BITS * i)) & 0x1ff;
      rgb[i] = ldexpf((float)m, exp - RGB9E5_EXP_BIAS - RGB9E5_MANT_BITS);
   }
}

uint32_t
util_format_float_to_ufloat_rtz(float f, unsigned mant_bits)
{
   const uint32_t exp_inf = 0x1f << mant_bits;
   const uint32_t max_finite = exp_inf - 1;

   if (isnan(f))
      return exp_inf | 1;
   if (!(f > 0.0f))
      return 0; /* negative, zeros and -inf */
   if (isinf(f))
      return exp_inf;

   int e;
   frexp(f, &e); /* f = m 2^e, m in [0.5, 1) */
   e -= 1;       /* f = 1.x 2^e */
   if (e > UF_EXP_BIAS)
      return max_finite;
   if (e < 1 - UF_EXP_BIAS) /* denormal: units of 2^(-14 - mant_bits) */
      return (uint32_t)floor(ldexp(f, UF_EXP_BIAS - 1 + (int)mant_bits));
   uint32_t m = (uint32_t)floor(ldexp(f, (int)mant_bits - e));
   return ((uint32_t)(e + UF_EXP_BIAS) << mant_bits) |
          (m & ((1u << mant_bits) - 1));
}

uint32_t
util_format_pack_r11g11b10f_rtz(const float rgb[3])
{
   return util_format_float_to_ufloat_rtz(rgb[0], 6) |
          util_format_float_to_ufloat_rtz(rgb[1], 6) << 11 |
          util_format_float_to_ufloat_rtz(rgb[2], 5) << 22;
}

uint32_t
util_format_pack_rgb9e5_rtz(const float rgb[3])
{
   return pack_rgb9e5(rgb, 0.0);
}
