/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Helpers for the generated constant evaluator: the cases where NIR defines
 * a value C leaves undefined or implementation-defined (see the header of
 * nir_opcodes.py and docs/nir.rst).
 */
#ifndef NIR_CONST_HELPERS_H
#define NIR_CONST_HELPERS_H

#include <math.h>
#include <stdint.h>

/* NaN -> 0; -0 -> +0; otherwise clamp to [0, 1]. */
static inline double
nir_fsat_value(double x)
{
   if (x > 1.0)
      return 1.0;
   return x > 0.0 ? x : 0.0;
}

/* IEEE minNum/maxNum: a NaN operand yields the other; -0 < +0. */
static inline double
nir_fmin_value(double a, double b)
{
   if (isnan(a))
      return b;
   if (isnan(b))
      return a;
   if (a == b)
      return signbit(a) ? a : b;
   return a < b ? a : b;
}

static inline double
nir_fmax_value(double a, double b)
{
   if (isnan(a))
      return b;
   if (isnan(b))
      return a;
   if (a == b)
      return signbit(a) ? b : a;
   return a > b ? a : b;
}

/* Round a double to the precision of a float of bit_size. */
static inline double
nir_fround(double x, unsigned bit_size)
{
   if (bit_size == 32)
      return (float)x;
   if (bit_size == 16)
      return nir_f16_to_f32(nir_f64_to_f16(x));
   return x;
}

/* Float to integer: round toward zero, saturate, NaN -> 0. */
static inline int64_t
nir_f2i_sat(double x, unsigned bits)
{
   if (isnan(x))
      return 0;
   double lo = -ldexp(1.0, bits - 1);
   double hi = ldexp(1.0, bits - 1);
   if (x <= lo)
      return bits == 64 ? INT64_MIN : -(INT64_C(1) << (bits - 1));
   if (x >= hi)
      return bits == 64 ? INT64_MAX : (INT64_C(1) << (bits - 1)) - 1;
   return (int64_t)x;
}

static inline uint64_t
nir_f2u_sat(double x, unsigned bits)
{
   if (isnan(x) || x <= 0.0)
      return 0;
   if (x >= ldexp(1.0, bits))
      return bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
   return (uint64_t)x;
}

static inline uint64_t
nir_mask_bits(unsigned bits)
{
   return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
}

static inline int64_t
nir_idiv(int64_t a, int64_t b, unsigned bits)
{
   (void)bits;
   if (b == 0)
      return 0;
   if (b == -1)
      return (int64_t)(0 - (uint64_t)a); /* INT_MIN / -1 wraps */
   return a / b;
}

/* Remainder with the sign of the dividend (C's %). */
static inline int64_t
nir_irem(int64_t a, int64_t b, unsigned bits)
{
   (void)bits;
   if (b == 0 || b == -1)
      return 0;
   return a % b;
}

/* Modulo with the sign of the divisor (GLSL mod on integers). */
static inline int64_t
nir_imod(int64_t a, int64_t b, unsigned bits)
{
   int64_t r = nir_irem(a, b, bits);
   if (r != 0 && ((r < 0) != (b < 0)))
      r += b;
   return r;
}

static inline int64_t
nir_ishr(int64_t a, unsigned s)
{
   /* Arithmetic shift written without relying on signed >> behaviour. */
   if (a >= 0)
      return a >> s;
   return (int64_t)~((~(uint64_t)a) >> s);
}

static inline int64_t
nir_imul_high(int64_t a, int64_t b, unsigned bits)
{
   if (bits == 64)
      return (int64_t)(((__int128)a * (__int128)b) >> 64);
   return (a * b) >> bits;
}

static inline uint64_t
nir_umul_high(uint64_t a, uint64_t b, unsigned bits)
{
   if (bits == 64)
      return (uint64_t)(((unsigned __int128)a * b) >> 64);
   return (a * b) >> bits;
}

static inline uint64_t
nir_uadd_carry(uint64_t a, uint64_t b, unsigned bits)
{
   uint64_t m = nir_mask_bits(bits);
   return ((a + b) & m) < a;
}

static inline unsigned
nir_bit_count(uint64_t x)
{
   return (unsigned)__builtin_popcountll(x);
}

static inline uint64_t
nir_bitfield_reverse(uint64_t x, unsigned bits)
{
   uint64_t r = 0;
   for (unsigned i = 0; i < bits; i++)
      r |= ((x >> i) & 1) << (bits - 1 - i);
   return r;
}

static inline int32_t
nir_ufind_msb(uint64_t x)
{
   return x ? 63 - __builtin_clzll(x) : -1;
}

static inline int32_t
nir_ifind_msb(int64_t x, unsigned bits)
{
   (void)bits;
   uint64_t v = x < 0 ? ~(uint64_t)x : (uint64_t)x;
   return nir_ufind_msb(v);
}

static inline int32_t
nir_find_lsb(int64_t x)
{
   return x ? __builtin_ctzll((uint64_t)x) : -1;
}

/* GLSL bitfieldInsert / bitfieldExtract; out-of-range fields give 0. */
static inline uint32_t
nir_bitfield_insert(uint32_t base, uint32_t ins, int32_t offset, int32_t bits)
{
   if (bits == 0)
      return base;
   if (offset < 0 || bits < 0 || offset + bits > 32)
      return 0;
   uint32_t mask = (uint32_t)nir_mask_bits((unsigned)bits) << offset;
   return (base & ~mask) | ((ins << offset) & mask);
}

static inline uint32_t
nir_ubitfield_extract(uint32_t v, int32_t offset, int32_t bits)
{
   if (bits == 0 || offset < 0 || bits < 0 || offset + bits > 32)
      return 0;
   return (uint32_t)((v >> offset) & nir_mask_bits((unsigned)bits));
}

static inline int32_t
nir_ibitfield_extract(int32_t v, int32_t offset, int32_t bits)
{
   if (bits == 0 || offset < 0 || bits < 0 || offset + bits > 32)
      return 0;
   uint32_t field = nir_ubitfield_extract((uint32_t)v, offset, bits);
   uint32_t sign = 1u << (bits - 1);
   return (int32_t)((field ^ sign) - sign);
}

#endif
