/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Constant values: conversion between nir_const_value and C numbers, and
 * IEEE half-precision conversion (round to nearest even).
 */
#include "nir.h"

#include <math.h>
#include <string.h>

float
nir_f16_to_f32(uint16_t h)
{
   unsigned sign = h >> 15, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
   float r;
   if (exp == 0)
      r = ldexpf((float)mant, -24);
   else if (exp == 31)
      r = mant ? NAN : INFINITY;
   else
      r = ldexpf((float)(mant | 0x400), (int)exp - 25);
   return sign ? -r : r;
}

uint16_t
nir_f64_to_f16(double d)
{
   uint16_t sign = signbit(d) ? 0x8000 : 0;
   double a = fabs(d);
   if (isnan(d))
      return sign | 0x7e00;
   if (a >= 65520.0) /* rounds to infinity */
      return sign | 0x7c00;
   if (a < ldexp(1.0, -14)) {
      /* Denormal: units of 2^-24, rounded to nearest even. */
      double units = nearbyint(a * ldexp(1.0, 24));
      return sign | (uint16_t)units;
   }
   int e;
   double m = frexp(a, &e); /* a = m * 2^e, m in [0.5, 1) */
   /* 11 significant bits: scale m to [1024, 2048). */
   double sig = nearbyint(ldexp(m, 11));
   if (sig >= 2048.0) {
      sig /= 2;
      e++;
   }
   int biased = e - 1 + 15;
   if (biased >= 31)
      return sign | 0x7c00;
   return sign | (uint16_t)(biased << 10) | ((uint16_t)sig & 0x3ff);
}

nir_const_value
nir_const_value_for_int(int64_t i, unsigned bit_size)
{
   nir_const_value v;
   memset(&v, 0, sizeof(v));
   switch (bit_size) {
   case 1: v.b = i & 1; break;
   case 8: v.i8 = (int8_t)i; break;
   case 16: v.i16 = (int16_t)i; break;
   case 32: v.i32 = (int32_t)i; break;
   default: v.i64 = i; break;
   }
   return v;
}

nir_const_value
nir_const_value_for_uint(uint64_t u, unsigned bit_size)
{
   nir_const_value v;
   memset(&v, 0, sizeof(v));
   switch (bit_size) {
   case 1: v.b = u & 1; break;
   case 8: v.u8 = (uint8_t)u; break;
   case 16: v.u16 = (uint16_t)u; break;
   case 32: v.u32 = (uint32_t)u; break;
   default: v.u64 = u; break;
   }
   return v;
}

nir_const_value
nir_const_value_for_float(double f, unsigned bit_size)
{
   nir_const_value v;
   memset(&v, 0, sizeof(v));
   switch (bit_size) {
   case 16: v.u16 = nir_f64_to_f16(f); break;
   case 32: v.f32 = (float)f; break;
   default: v.f64 = f; break;
   }
   return v;
}

int64_t
nir_const_value_as_int(nir_const_value v, unsigned bit_size)
{
   switch (bit_size) {
   case 1: return v.b ? -1 : 0;
   case 8: return v.i8;
   case 16: return v.i16;
   case 32: return v.i32;
   default: return v.i64;
   }
}

uint64_t
nir_const_value_as_uint(nir_const_value v, unsigned bit_size)
{
   switch (bit_size) {
   case 1: return v.b;
   case 8: return v.u8;
   case 16: return v.u16;
   case 32: return v.u32;
   default: return v.u64;
   }
}

double
nir_const_value_as_float(nir_const_value v, unsigned bit_size)
{
   switch (bit_size) {
   case 16: return nir_f16_to_f32(v.u16);
   case 32: return v.f32;
   default: return v.f64;
   }
}

bool
nir_const_value_as_bool(nir_const_value v, unsigned bit_size)
{
   return nir_const_value_as_uint(v, bit_size) != 0;
}
