/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Per-channel conversions used by the generated pack/unpack code, written
 * after the GL 4.6 specification:
 *   - section 2.3.5 (fixed-point data conversions): UNORM c / (2^b - 1);
 *     SNORM max(c / (2^(b-1) - 1), -1), so both -2^(b-1) and -2^(b-1) + 1
 *     decode to -1.0 and -1.0 encodes as -2^(b-1) + 1; float to normalized
 *     clamps, scales and rounds to nearest;
 *   - section 8.24 (sRGB texture decode) and 17.3.7 (sRGB encode);
 *   - sections 2.3.4.3/2.3.4.4 (unsigned 11- and 10-bit floats) and 8.5.2
 *     (RGB9E5 shared exponent) are in u_format_other.c.
 * Normalized conversions go through double so that 24- and 32-bit channels
 * are exact.
 */
#ifndef U_FORMAT_CONVERT_H
#define U_FORMAT_CONVERT_H

#include <math.h>
#include <stdint.h>

#include "util/half_float.h"
#include "util/u_math.h" /* fui/uif, util_sign_extend */

static inline uint32_t
util_format_umax(unsigned bits)
{
   return bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
}

static inline int32_t
util_format_smax(unsigned bits)
{
   return (int32_t)(util_format_umax(bits - 1));
}

static inline int32_t
util_format_smin(unsigned bits)
{
   return -util_format_smax(bits) - 1;
}

/* Round half away from zero; x finite. */
static inline double
util_format_round(double x)
{
   return x >= 0 ? floor(x + 0.5) : -floor(-x + 0.5);
}

/* The _double forms are exact before any rounding, for callers that round
 * to a narrower float (e.g. half) themselves. */
static inline double
util_format_unorm_to_double(uint32_t c, unsigned bits)
{
   return (double)c / util_format_umax(bits);
}

static inline float
util_format_unorm_to_float(uint32_t c, unsigned bits)
{
   return (float)util_format_unorm_to_double(c, bits);
}

static inline uint32_t
util_format_float_to_unorm(float f, unsigned bits)
{
   if (!(f > 0.0f)) /* also NaN */
      return 0;
   if (f >= 1.0f)
      return util_format_umax(bits);
   return (uint32_t)util_format_round((double)f * util_format_umax(bits));
}

static inline double
util_format_snorm_to_double(int32_t c, unsigned bits)
{
   double f = (double)c / util_format_smax(bits);
   return f < -1.0 ? -1.0 : f;
}

static inline float
util_format_snorm_to_float(int32_t c, unsigned bits)
{
   return (float)util_format_snorm_to_double(c, bits);
}

static inline int32_t
util_format_float_to_snorm(float f, unsigned bits)
{
   if (f != f)
      return 0;
   if (f <= -1.0f)
      return -util_format_smax(bits);
   if (f >= 1.0f)
      return util_format_smax(bits);
   return (int32_t)util_format_round((double)f * util_format_smax(bits));
}

/* Float to an unsigned / signed integer channel (UINT, USCALED...): round to
 * nearest, clamp to the channel, NaN to 0. */
static inline uint32_t
util_format_float_to_uint(float f, unsigned bits)
{
   if (!(f > 0.0f))
      return 0;
   double r = util_format_round(f);
   return r >= (double)util_format_umax(bits) ? util_format_umax(bits)
                                              : (uint32_t)r;
}

static inline int32_t
util_format_float_to_sint(float f, unsigned bits)
{
   if (f != f)
      return 0;
   double r = util_format_round(f);
   if (r <= (double)util_format_smin(bits))
      return util_format_smin(bits);
   if (r >= (double)util_format_smax(bits))
      return util_format_smax(bits);
   return (int32_t)r;
}

/* Signed 16.16 fixed point (GL_FIXED). */
static inline float
util_format_fixed_to_float(int32_t c)
{
   return (float)((double)c / 65536.0);
}

static inline int32_t
util_format_float_to_fixed(float f)
{
   if (f != f)
      return 0;
   double r = util_format_round((double)f * 65536.0);
   if (r <= (double)INT32_MIN)
      return INT32_MIN;
   if (r >= (double)INT32_MAX)
      return INT32_MAX;
   return (int32_t)r;
}

/* Integer to integer, clamped to the destination channel. */
static inline uint32_t
util_format_clamp_uint(uint32_t v, unsigned bits)
{
   return v > util_format_umax(bits) ? util_format_umax(bits) : v;
}

static inline int32_t
util_format_clamp_sint(int32_t v, unsigned bits)
{
   if (v < util_format_smin(bits))
      return util_format_smin(bits);
   if (v > util_format_smax(bits))
      return util_format_smax(bits);
   return v;
}

static inline uint32_t
util_format_sint_to_uint(int32_t v, unsigned bits)
{
   return v < 0 ? 0 : util_format_clamp_uint((uint32_t)v, bits);
}

static inline int32_t
util_format_uint_to_sint(uint32_t v, unsigned bits)
{
   uint32_t max = (uint32_t)util_format_smax(bits);
   return (int32_t)(v > max ? max : v);
}

/* sRGB decode of an 8-bit value (GL 4.6 equation 8.17). */
static inline double
util_format_srgb8_to_linear_double(uint32_t c)
{
   double cs = c / 255.0;
   return cs <= 0.04045 ? cs / 12.92 : pow((cs + 0.055) / 1.055, 2.4);
}

static inline float
util_format_srgb8_to_linear(uint32_t c)
{
   return (float)util_format_srgb8_to_linear_double(c);
}

/* sRGB encode (GL 4.6 equation 17.1), then to 8-bit UNORM. */
static inline uint32_t
util_format_linear_to_srgb8(float f)
{
   double cl = f;
   double cs;
   if (!(cl > 0.0))
      cs = 0.0;
   else if (cl < 0.0031308)
      cs = 12.92 * cl;
   else if (cl < 1.0)
      cs = 1.055 * pow(cl, 0.41666) - 0.055;
   else
      cs = 1.0;
   return (uint32_t)util_format_round(cs * 255.0);
}

#endif /* U_FORMAT_CONVERT_H */
