/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Pack/unpack: encodings the GL specification fixes (GL 4.6 sections 2.3.5
 * normalized conversion, 8.24/17.3.7 sRGB, 8.5.2 RGB9E5, 2.3.4.3-4 small
 * floats, the 2_10_10_10_REV packed layout), swizzles, depth/stencil
 * read-modify-write, clean refusal of unsupported formats, and round trips
 * over every uncompressed format.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/format/u_format.h"
#include "util/format/u_format_other.h"
#include "util/format/u_format_pack.h"
#include "util/half_float.h"

static uint32_t
pack1_u32(enum pipe_format f, float r, float g, float b, float a)
{
   const float px[4] = {r, g, b, a};
   uint32_t out = 0;
   assert_true(util_format_pack_rgba_float(f, &out, px, 1));
   return out;
}

static void
unpack1(enum pipe_format f, const void *src, float out[4])
{
   assert_true(util_format_unpack_rgba_float(f, out, src, 1));
}

static void
test_srgb(void **state)
{
   /* Linear 0.5 encodes as 1.055 * 0.5^0.41666 - 0.055 = 0.7354 -> 188;
    * alpha is linear: 0.5 -> 127.5 -> 128. */
   uint32_t p = pack1_u32(PIPE_FORMAT_R8G8B8A8_SRGB, 0.5f, 0.0f, 1.0f, 0.5f);
   assert_int_equal(p, 188u | 0u << 8 | 255u << 16 | 128u << 24);
   /* Below 0.0031308 the curve is linear: 0.001 * 12.92 * 255 = 3.29. */
   p = pack1_u32(PIPE_FORMAT_R8_SRGB, 0.001f, 0, 0, 1);
   assert_int_equal(p, 3);
   p = pack1_u32(PIPE_FORMAT_B8G8R8A8_SRGB, 0.5f, 0.0f, 0.0f, 1.0f);
   assert_int_equal(p, 188u << 16 | 255u << 24);

   /* Decode: sRGB 188/255 = 0.7373 -> ((0.7373 + 0.055) / 1.055)^2.4 =
    * 0.5029; 0.04045 * 255 = 10.3 so code 10 is on the linear part:
    * 10 / 255 / 12.92 = 0.003035. */
   const uint8_t px[4] = {188, 10, 255, 188};
   float rgba[4];
   unpack1(PIPE_FORMAT_R8G8B8A8_SRGB, px, rgba);
   assert_true(fabsf(rgba[0] - 0.50289f) < 1e-4f);
   assert_true(fabsf(rgba[1] - 0.0030352f) < 1e-6f);
   assert_true(rgba[2] == 1.0f);
   assert_true(fabsf(rgba[3] - 188.0f / 255.0f) < 1e-7f);

   /* Every 8-bit sRGB code survives decode + encode. */
   for (unsigned c = 0; c < 256; c++) {
      uint8_t in = c, out = 0;
      unpack1(PIPE_FORMAT_R8_SRGB, &in, rgba);
      assert_true(
         util_format_pack_rgba_float(PIPE_FORMAT_R8_SRGB, &out, rgba, 1));
      assert_int_equal(out, c);
   }
}

static void
test_10_10_10_2(void **state)
{
   /* GL_UNSIGNED_INT_2_10_10_10_REV with RGBA: R in bits 0..9, G 10..19,
    * B 20..29, A 30..31. */
   const enum pipe_format f = PIPE_FORMAT_R10G10B10A2_UNORM;
   assert_int_equal(pack1_u32(f, 1, 0, 0, 0), 0x000003ffu);
   assert_int_equal(pack1_u32(f, 0, 1, 0, 0), 0x000ffc00u);
   assert_int_equal(pack1_u32(f, 0, 0, 1, 0), 0x3ff00000u);
   assert_int_equal(pack1_u32(f, 0, 0, 0, 1), 0xc0000000u);
   /* 2-bit alpha: 1/3 -> 1, 2/3 -> 2. */
   assert_int_equal(pack1_u32(f, 0, 0, 0, 1.0f / 3), 0x40000000u);
   assert_int_equal(pack1_u32(f, 0, 0, 0, 2.0f / 3), 0x80000000u);
   /* B10G10R10A2 swaps R and B. */
   assert_int_equal(pack1_u32(PIPE_FORMAT_B10G10R10A2_UNORM, 1, 0, 0, 0),
                    0x3ff00000u);

   uint32_t w = 0x3ffu | 0x200u << 10 | 3u << 30;
   float rgba[4];
   unpack1(f, &w, rgba);
   assert_true(rgba[0] == 1.0f && rgba[2] == 0.0f && rgba[3] == 1.0f);
   assert_true(fabsf(rgba[1] - 512.0f / 1023.0f) < 1e-7f);

   /* Integer variant. */
   const uint32_t ui[4] = {1023, 5, 2000, 3};
   uint32_t out;
   assert_true(
      util_format_pack_rgba_uint(PIPE_FORMAT_R10G10B10A2_UINT, &out, ui, 1));
   assert_int_equal(out, 1023u | 5u << 10 | 1023u << 20 | 3u << 30);

   /* SNORM: -1.0 is -511 (0x201 in 10 bits); the 2-bit alpha holds -1..1
    * and its code -2 (0b10) also decodes to -1. */
   out = pack1_u32(PIPE_FORMAT_R10G10B10A2_SNORM, -1.0f, 1.0f, 0.0f, -1.0f);
   assert_int_equal(out, 0x201u | 0x1ffu << 10 | 0u << 20 | 3u << 30);
   w = 0x200u | 2u << 30;
   unpack1(PIPE_FORMAT_R10G10B10A2_SNORM, &w, rgba);
   assert_true(rgba[0] == -1.0f && rgba[3] == -1.0f);
}

static void
test_rgb9e5(void **state)
{
   const enum pipe_format f = PIPE_FORMAT_R9G9B9E5_FLOAT;
   /* GL 4.6 8.5.2 worked by hand.  (1,1,1): floor(log2 1) = 0, exp' =
    * 0 + 1 + 15 = 16, scale 2^(16-15-9) = 2^-8, mantissas 256. */
   assert_int_equal(pack1_u32(f, 1, 1, 1, 1),
                    16u << 27 | 256u | 256u << 9 | 256u << 18);
   /* Above sharedexp_max = 511/512 * 2^16 = 65408 clamps to it: exp 31,
    * mantissa 511.  Negative and NaN components become 0. */
   assert_int_equal(pack1_u32(f, 1e6f, -3.0f, NAN, 1), 31u << 27 | 511u);
   /* 1 - 2^-11: exp' = 15 but the mantissa rounds to 512 = 2^9, so the
    * exponent becomes 16 and the mantissa 256. */
   assert_int_equal(pack1_u32(f, 1.0f - ldexpf(1, -11), 0, 0, 1),
                    16u << 27 | 256u);
   /* (0, 0.5, 0.25): exp' = -1 + 1 + 15 = 15, scale 2^-9. */
   assert_int_equal(pack1_u32(f, 0, 0.5f, 0.25f, 1),
                    15u << 27 | 256u << 9 | 128u << 18);
   /* All zero: exp' = max(-16, -inf) + 16 = 0. */
   assert_int_equal(pack1_u32(f, 0, 0, 0, 0), 0);

   /* Decode: mantissa * 2^(exp - 15 - 9). */
   uint32_t w = 20u << 27 | 3u | 511u << 9 | 1u << 18;
   float rgba[4];
   unpack1(f, &w, rgba);
   assert_true(rgba[0] == 3.0f / 16.0f);
   assert_true(rgba[1] == 511.0f / 16.0f);
   assert_true(rgba[2] == 1.0f / 16.0f);
   assert_true(rgba[3] == 1.0f);
}

static void
test_r11g11b10f(void **state)
{
   const enum pipe_format f = PIPE_FORMAT_R11G11B10_FLOAT;
   /* 1.0: exponent 15 (bias 15), mantissa 0: 15 << 6 = 0x3c0 in the 11-bit
    * channels, 15 << 5 = 0x1e0 in the 10-bit one. */
   assert_int_equal(pack1_u32(f, 1, 1, 1, 1),
                    0x3c0u | 0x3c0u << 11 | 0x1e0u << 22);
   /* Negative -> 0; finite above 65024 clamps to it (0x7bf); +inf stays
    * infinite (0x7c0). */
   assert_int_equal(pack1_u32(f, -5, 1e9f, INFINITY, 1),
                    0u | 0x7bfu << 11 | 0x3e0u << 22);
   assert_int_equal(util_format_float_to_ufloat(-INFINITY, 6), 0);
   uint32_t nan = util_format_float_to_ufloat(-NAN, 6);
   assert_int_equal(nan >> 6, 0x1f);
   assert_int_not_equal(nan & 0x3f, 0);
   /* 10-bit max finite: 2^15 * (1 + 31/32) = 64512. */
   assert_int_equal(util_format_float_to_ufloat(64512.0f, 5), 0x3df);
   /* Smallest denormal: 2^-14 / 64 = 2^-20; half of it ties to 0. */
   assert_int_equal(util_format_float_to_ufloat(ldexpf(1, -20), 6), 1);
   assert_int_equal(util_format_float_to_ufloat(ldexpf(1, -21), 6), 0);
   assert_int_equal(util_format_float_to_ufloat(ldexpf(3, -22), 6), 1);
   /* Round to nearest: 1 + 1/128 is halfway to 1 + 1/64: even -> 1.0. */
   assert_int_equal(util_format_float_to_ufloat(1.0f + 1.0f / 128, 6), 0x3c0);
   assert_int_equal(util_format_float_to_ufloat(1.0f + 3.0f / 128, 6), 0x3c2);

   uint32_t w = 0x7bfu | 0x3c1u << 11 | 0x001u << 22;
   float rgba[4];
   unpack1(f, &w, rgba);
   assert_true(rgba[0] == 65024.0f);
   assert_true(rgba[1] == 1.0f + 1.0f / 64);
   assert_true(rgba[2] == ldexpf(1, -19)); /* 2^-14 / 32 */
   assert_true(rgba[3] == 1.0f);

   /* Every 11-bit and 10-bit code that is not NaN round-trips. */
   for (uint32_t c = 0; c < 0x800; c++) {
      if (c >> 6 == 0x1f && (c & 0x3f))
         continue;
      assert_int_equal(
         util_format_float_to_ufloat(util_format_ufloat_to_float(c, 6), 6), c);
   }
   for (uint32_t c = 0; c < 0x400; c++) {
      if (c >> 5 == 0x1f && (c & 0x1f))
         continue;
      assert_int_equal(
         util_format_float_to_ufloat(util_format_ufloat_to_float(c, 5), 5), c);
   }
}

/* The round-toward-zero encodings: the same fields, mantissas truncated. */
static void
test_small_floats_rtz(void **state)
{
   (void)state;
   /* 1 + 3/128 lies between 1 + 2/128 (0x3c1) and 1 + 4/128 (0x3c2):
    * nearest-even gives 0x3c2 (above), truncation 0x3c1. */
   assert_int_equal(util_format_float_to_ufloat_rtz(1.0f + 3.0f / 128, 6),
                    0x3c1);
   assert_int_equal(util_format_float_to_ufloat_rtz(1.0f, 5), 0x1e0);
   /* 3 * 2^-22 is 0.75 of the smallest denormal 2^-20: truncates to 0. */
   assert_int_equal(util_format_float_to_ufloat_rtz(ldexpf(3, -22), 6), 0);
   assert_int_equal(util_format_float_to_ufloat_rtz(ldexpf(3, -21), 6), 1);
   assert_int_equal(util_format_float_to_ufloat_rtz(-2.0f, 6), 0);
   assert_int_equal(util_format_float_to_ufloat_rtz(-INFINITY, 6), 0);
   assert_int_equal(util_format_float_to_ufloat_rtz(INFINITY, 6), 0x7c0);
   assert_int_equal(util_format_float_to_ufloat_rtz(1e9f, 6), 0x7bf);
   assert_int_equal(util_format_float_to_ufloat_rtz(NAN, 5) >> 5, 0x1f);
   assert_int_not_equal(util_format_float_to_ufloat_rtz(NAN, 5) & 0x1f, 0);

   const float a[3] = {1.0f + 3.0f / 128, 2.0f, 0.0f};
   assert_int_equal(util_format_pack_r11g11b10f_rtz(a),
                    0x3c1u | 0x400u << 11 | 0u << 22);

   /* rgb9e5: max channel 1.0 -> shared exponent 0 + 1 + 15 = 16, scale
    * 2^(16 - 15 - 9) = 2^-8: 1.0 -> 256, 0.5 -> 128. */
   const float b[3] = {1.0f, 0.5f, 0.0f};
   assert_int_equal(util_format_pack_rgb9e5_rtz(b),
                    16u << 27 | 256u | 128u << 9);
   /* Just below 1.0: exponent 15, scale 2^-9, mantissa 511 (nearest would
    * round to 512 and move to exponent 16). */
   const float c[3] = {1.0f - ldexpf(1, -24), 0.0f, 0.0f};
   assert_int_equal(util_format_pack_rgb9e5_rtz(c), 15u << 27 | 511u);
   assert_int_equal(util_format_pack_rgb9e5(c), 16u << 27 | 256u);
}

static void
test_normalized_rules(void **state)
{
   /* UNORM: c / (2^b - 1); float -> clamp, scale, round to nearest. */
   assert_int_equal(pack1_u32(PIPE_FORMAT_R8_UNORM, 1.0f, 0, 0, 1), 255);
   assert_int_equal(pack1_u32(PIPE_FORMAT_R8_UNORM, 0.5f, 0, 0, 1), 128);
   assert_int_equal(pack1_u32(PIPE_FORMAT_R8_UNORM, 0.498f, 0, 0, 1), 127);
   assert_int_equal(pack1_u32(PIPE_FORMAT_R8_UNORM, -1.0f, 0, 0, 1), 0);
   assert_int_equal(pack1_u32(PIPE_FORMAT_R8_UNORM, 7.0f, 0, 0, 1), 255);
   assert_int_equal(pack1_u32(PIPE_FORMAT_R8_UNORM, NAN, 0, 0, 1), 0);
   assert_int_equal(pack1_u32(PIPE_FORMAT_R16_UNORM, 0.5f, 0, 0, 1), 32768);
   assert_int_equal(pack1_u32(PIPE_FORMAT_R32_UNORM, 1.0f, 0, 0, 1),
                    0xffffffffu);

   /* SNORM: max(c / (2^(b-1) - 1), -1).  -128 and -127 both decode to -1;
    * -1 encodes as -127. */
   assert_int_equal(pack1_u32(PIPE_FORMAT_R8_SNORM, -1.0f, 0, 0, 1), 0x81);
   assert_int_equal(pack1_u32(PIPE_FORMAT_R8_SNORM, -2.0f, 0, 0, 1), 0x81);
   assert_int_equal(pack1_u32(PIPE_FORMAT_R8_SNORM, 1.0f, 0, 0, 1), 0x7f);
   assert_int_equal(pack1_u32(PIPE_FORMAT_R8_SNORM, -0.5f, 0, 0, 1), 0xc0);
   assert_int_equal(pack1_u32(PIPE_FORMAT_R16_SNORM, -1.0f, 0, 0, 1), 0x8001);
   float rgba[4];
   const uint8_t sn[3] = {0x80, 0x81, 0x7f};
   for (unsigned i = 0; i < 3; i++) {
      unpack1(PIPE_FORMAT_R8_SNORM, &sn[i], rgba);
      assert_true(rgba[0] == (i < 2 ? -1.0f : 1.0f));
      assert_true(rgba[1] == 0.0f && rgba[2] == 0.0f && rgba[3] == 1.0f);
   }
   const uint16_t sn16 = 0x8000;
   unpack1(PIPE_FORMAT_R16_SNORM, &sn16, rgba);
   assert_true(rgba[0] == -1.0f);
   const uint8_t one = 1;
   unpack1(PIPE_FORMAT_R8_UNORM, &one, rgba);
   assert_true(rgba[0] == (float)(1.0 / 255.0));

   /* Half-float channels use round-to-nearest-even conversion. */
   assert_int_equal(pack1_u32(PIPE_FORMAT_R16_FLOAT, 1.0f, 0, 0, 1), 0x3c00);
   assert_int_equal(pack1_u32(PIPE_FORMAT_R16G16_FLOAT, -2.0f, 65504.0f, 0, 1),
                    0xc000u | 0x7bffu << 16);
   /* GL_FIXED: 16.16. */
   assert_int_equal(pack1_u32(PIPE_FORMAT_R32_FIXED, -1.5f, 0, 0, 1),
                    0xfffe8000u);
}

static void
test_swizzles(void **state)
{
   float rgba[4];
   const uint8_t bgra[4] = {0x10, 0x20, 0x30, 0x40};
   unpack1(PIPE_FORMAT_B8G8R8A8_UNORM, bgra, rgba);
   assert_true(rgba[0] == 0x30 / 255.0f && rgba[1] == 0x20 / 255.0f &&
               rgba[2] == 0x10 / 255.0f && rgba[3] == 0x40 / 255.0f);

   const uint8_t v = 51; /* 0.2 */
   unpack1(PIPE_FORMAT_A8_UNORM, &v, rgba);
   assert_true(rgba[0] == 0 && rgba[1] == 0 && rgba[2] == 0 && rgba[3] == 0.2f);
   unpack1(PIPE_FORMAT_L8_UNORM, &v, rgba);
   assert_true(rgba[0] == 0.2f && rgba[2] == 0.2f && rgba[3] == 1.0f);
   unpack1(PIPE_FORMAT_I8_UNORM, &v, rgba);
   assert_true(rgba[0] == 0.2f && rgba[3] == 0.2f);
   const uint8_t la[2] = {51, 255};
   unpack1(PIPE_FORMAT_L8A8_UNORM, la, rgba);
   assert_true(rgba[1] == 0.2f && rgba[3] == 1.0f);

   /* Packing an alpha-only format reads A; padding is written as zero. */
   uint8_t out[4];
   const float px[4] = {1.0f, 0.0f, 0.0f, 0.2f};
   assert_true(util_format_pack_rgba_float(PIPE_FORMAT_A8_UNORM, out, px, 1));
   assert_int_equal(out[0], 51);
   memset(out, 0xee, sizeof(out));
   assert_true(
      util_format_pack_rgba_float(PIPE_FORMAT_R8G8B8X8_UNORM, out, px, 1));
   assert_int_equal(out[0], 255);
   assert_int_equal(out[3], 0);
   unpack1(PIPE_FORMAT_R8G8B8X8_UNORM, (const uint8_t[]){0, 0, 0, 9}, rgba);
   assert_true(rgba[3] == 1.0f);

   /* B5G6R5: R in the top 5 bits. */
   assert_int_equal(pack1_u32(PIPE_FORMAT_B5G6R5_UNORM, 1, 0, 0, 1), 0xf800);
   assert_int_equal(pack1_u32(PIPE_FORMAT_B5G6R5_UNORM, 0, 1, 0, 1), 0x07e0);
}

static void
test_integers(void **state)
{
   uint32_t u[4];
   int32_t s[4];
   uint8_t b[4];
   uint32_t w;

   const uint32_t big[4] = {300, 7, 0, 0xffffffffu};
   assert_true(
      util_format_pack_rgba_uint(PIPE_FORMAT_R8G8B8A8_UINT, b, big, 1));
   assert_int_equal(b[0], 255);
   assert_int_equal(b[1], 7);
   assert_int_equal(b[3], 255);

   const int32_t neg[4] = {-200, 200, -5, 0};
   assert_true(
      util_format_pack_rgba_sint(PIPE_FORMAT_R8G8B8A8_SINT, b, neg, 1));
   assert_int_equal(b[0], 0x80);
   assert_int_equal(b[1], 0x7f);
   assert_int_equal(b[2], 0xfb);
   /* A signed value into an unsigned channel clamps at 0. */
   assert_true(
      util_format_pack_rgba_sint(PIPE_FORMAT_R8G8B8A8_UINT, b, neg, 1));
   assert_int_equal(b[0], 0);
   assert_int_equal(b[1], 200);

   const uint8_t m1 = 0xff;
   assert_true(util_format_unpack_rgba_sint(PIPE_FORMAT_R8_SINT, s, &m1, 1));
   assert_int_equal(s[0], -1);
   assert_int_equal(s[3], 1);
   assert_true(util_format_unpack_rgba_uint(PIPE_FORMAT_R8_SINT, u, &m1, 1));
   assert_int_equal(u[0], 0);
   w = 0xffffffffu;
   assert_true(util_format_unpack_rgba_sint(PIPE_FORMAT_R32_UINT, s, &w, 1));
   assert_int_equal(s[0], INT32_MAX);
   assert_true(util_format_unpack_rgba_uint(PIPE_FORMAT_R32_UINT, u, &w, 1));
   assert_int_equal(u[0], 0xffffffffu);

   /* Integer formats also unpack to float, as their values. */
   float f[4];
   assert_true(util_format_unpack_rgba_float(PIPE_FORMAT_R8_SINT, f, &m1, 1));
   assert_true(f[0] == -1.0f);
}

static void
test_depth_stencil(void **state)
{
   uint32_t w = 0xab000000u;
   float z = 1.0f;
   assert_true(
      util_format_pack_z_float(PIPE_FORMAT_Z24_UNORM_S8_UINT, &w, &z, 1));
   assert_int_equal(w, 0xabffffffu);
   uint8_t s = 0x12;
   assert_true(
      util_format_pack_s_8uint(PIPE_FORMAT_Z24_UNORM_S8_UINT, &w, &s, 1));
   assert_int_equal(w, 0x12ffffffu);
   s = 0;
   assert_true(
      util_format_unpack_s_8uint(PIPE_FORMAT_Z24_UNORM_S8_UINT, &s, &w, 1));
   assert_int_equal(s, 0x12);

   /* S8_UINT_Z24_UNORM: stencil in the low byte. */
   w = 0;
   z = 0.5f;
   assert_true(
      util_format_pack_z_float(PIPE_FORMAT_S8_UINT_Z24_UNORM, &w, &z, 1));
   assert_int_equal(w, 0x80000000u); /* 0.5 * 0xffffff = 8388607.5 */

   uint16_t z16 = 0;
   assert_true(util_format_pack_z_float(PIPE_FORMAT_Z16_UNORM, &z16, &z, 1));
   assert_int_equal(z16, 0x8000);
   z = 2.0f;
   assert_true(util_format_pack_z_float(PIPE_FORMAT_Z16_UNORM, &z16, &z, 1));
   assert_int_equal(z16, 0xffff);
   assert_true(util_format_unpack_z_float(PIPE_FORMAT_Z16_UNORM, &z, &z16, 1));
   assert_true(z == 1.0f);

   /* Z32_FLOAT_S8X24_UINT: float in bytes 0..3, stencil in byte 4, the
    * rest untouched. */
   uint8_t b[8];
   memset(b, 0xcd, sizeof(b));
   z = 0.25f;
   s = 0x7e;
   assert_true(
      util_format_pack_z_float(PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, b, &z, 1));
   assert_true(
      util_format_pack_s_8uint(PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, b, &s, 1));
   float stored;
   memcpy(&stored, b, 4);
   assert_true(stored == 0.25f);
   assert_int_equal(b[4], 0x7e);
   assert_int_equal(b[5], 0xcd);

   float zs[2];
   const uint32_t two[2] = {0x00000000u, 0x00ffffffu};
   assert_true(
      util_format_unpack_z_float(PIPE_FORMAT_X8Z24_UNORM, zs, two, 2) &&
      zs[0] == 0.0f);
   assert_true(fabsf(zs[1] - (float)(0xffff / (double)0xffffff)) < 1e-9f);

   /* Missing aspects are refused. */
   assert_false(util_format_unpack_s_8uint(PIPE_FORMAT_Z32_FLOAT, &s, b, 1));
   assert_false(util_format_pack_z_float(PIPE_FORMAT_S8_UINT, b, &z, 1));
   assert_false(util_format_unpack_rgba_float(PIPE_FORMAT_Z16_UNORM, zs, b, 1));
}

static void
test_unsupported(void **state)
{
   float f[4 * 16] = {0};
   uint32_t u[4] = {0};
   uint8_t block[16] = {0x5a};

   assert_false(
      util_format_unpack_rgba_float(PIPE_FORMAT_DXT1_RGB, f, block, 1));
   assert_false(util_format_pack_rgba_float(PIPE_FORMAT_ASTC_4x4, block, f, 1));
   assert_int_equal(block[0], 0x5a);
   assert_false(
      util_format_unpack_rgba_uint(PIPE_FORMAT_R8_UNORM, u, block, 1));
   assert_false(util_format_pack_rgba_float(PIPE_FORMAT_NONE, block, f, 1));
   assert_false(
      util_format_pack_rgba_float((enum pipe_format) - 1, block, f, 1));
   assert_false(util_format_can_unpack_rgba_float(PIPE_FORMAT_ETC2_RGB8));
   assert_true(util_format_can_unpack_rgba_int(PIPE_FORMAT_R16_SINT));
}

/* xorshift32, so every run tests the same values. */
static uint32_t
next_random(uint32_t *x)
{
   *x ^= *x << 13;
   *x ^= *x >> 17;
   *x ^= *x << 5;
   return *x;
}

/* Raw bits that are not expected to survive unpack + pack: padding, NaN
 * payloads, and the most negative SNORM code (decodes like the one above
 * it). */
static bool
canonical(const struct util_format_description *d, const uint8_t *px)
{
   for (unsigned c = 0; c < d->nr_channels; c++) {
      const struct util_format_channel_description *ch = &d->channel[c];
      uint64_t raw = 0;
      for (unsigned bit = 0; bit < ch->size; bit++) {
         unsigned pos = ch->shift + bit;
         raw |= (uint64_t)((px[pos / 8] >> (pos % 8)) & 1) << bit;
      }
      if (ch->type == UTIL_FORMAT_TYPE_VOID && raw != 0)
         return false;
      if (ch->type == UTIL_FORMAT_TYPE_SIGNED && ch->normalized &&
          raw == (uint64_t)1 << (ch->size - 1))
         return false;
      if (ch->type == UTIL_FORMAT_TYPE_FLOAT) {
         float f = 0.0f;
         if (ch->size == 16)
            f = util_half_to_float((uint16_t)raw);
         else if (ch->size == 32)
            memcpy(&f, &raw, 4);
         else if (d->layout == UTIL_FORMAT_LAYOUT_PACKED_FLOAT)
            f = util_format_ufloat_to_float((uint32_t)raw,
                                            ch->size == 11 ? 6 : 5);
         if (isnan(f))
            return false;
      }
   }
   return true;
}

/* Whether every channel value is exactly representable as a float. */
static bool
fits_float(const struct util_format_description *d)
{
   for (unsigned c = 0; c < d->nr_channels; c++) {
      if (d->channel[c].type != UTIL_FORMAT_TYPE_FLOAT &&
          d->channel[c].size > 24)
         return false;
   }
   return true;
}

static void
test_round_trip_every_format(void **state)
{
   uint32_t seed = 0x9e3779b9;
   unsigned formats = 0;

   for (unsigned i = 1; i < PIPE_FORMAT_COUNT; i++) {
      enum pipe_format f = (enum pipe_format)i;
      const struct util_format_description *d = util_format_description(f);
      if (!util_format_can_unpack_rgba_float(f))
         continue;
      formats++;
      const unsigned bytes = d->block.bits / 8;

      for (unsigned trial = 0; trial < 512; trial++) {
         uint8_t in[16] = {0}, out[17];
         float rgba[4], again[4];
         for (unsigned b = 0; b < bytes; b++)
            in[b] = (uint8_t)next_random(&seed);
         if (d->layout == UTIL_FORMAT_LAYOUT_SHARED_EXP || !fits_float(d)) {
            /* Many encodings share a value, or a float cannot hold every
             * 32-bit integer: check that the value survives instead. */
            unpack1(f, in, rgba);
            assert_true(util_format_pack_rgba_float(f, out, rgba, 1));
            unpack1(f, out, again);
            assert_memory_equal(rgba, again, sizeof(rgba));
            continue;
         }
         if (!canonical(d, in))
            continue;
         unpack1(f, in, rgba);
         memset(out, 0xee, sizeof(out));
         assert_true(util_format_pack_rgba_float(f, out, rgba, 1));
         if (memcmp(in, out, bytes) != 0)
            fail_msg("%s: float round trip changed the pixel",
                     util_format_name(f));
         assert_int_equal(out[bytes], 0xee); /* no overrun */

         if (util_format_is_pure_integer(f)) {
            uint32_t ui[4];
            int32_t si[4];
            memset(out, 0, sizeof(out));
            if (util_format_is_pure_uint(f)) {
               assert_true(util_format_unpack_rgba_uint(f, ui, in, 1));
               assert_true(util_format_pack_rgba_uint(f, out, ui, 1));
            } else {
               assert_true(util_format_unpack_rgba_sint(f, si, in, 1));
               assert_true(util_format_pack_rgba_sint(f, out, si, 1));
            }
            if (memcmp(in, out, bytes) != 0)
               fail_msg("%s: integer round trip changed the pixel",
                        util_format_name(f));
         }
      }
   }
   assert_true(formats > 150);
}

/* Many pixels at once, and the depth formats. */
static void
test_rows(void **state)
{
   float src[4 * 5], dst[4 * 5];
   uint8_t row[5 * 8];
   for (unsigned i = 0; i < 4 * 5; i++)
      src[i] = (float)i / 20.0f;
   assert_true(
      util_format_pack_rgba_float(PIPE_FORMAT_R16G16B16A16_UNORM, row, src, 5));
   assert_true(util_format_unpack_rgba_float(PIPE_FORMAT_R16G16B16A16_UNORM,
                                             dst, row, 5));
   for (unsigned i = 0; i < 4 * 5; i++)
      assert_true(fabsf(dst[i] - src[i]) <= 0.5f / 65535.0f);

   static const enum pipe_format zf[] = {
      PIPE_FORMAT_Z16_UNORM,         PIPE_FORMAT_Z32_UNORM,
      PIPE_FORMAT_Z32_FLOAT,         PIPE_FORMAT_Z24_UNORM_S8_UINT,
      PIPE_FORMAT_S8_UINT_Z24_UNORM, PIPE_FORMAT_Z24X8_UNORM,
      PIPE_FORMAT_X8Z24_UNORM,       PIPE_FORMAT_Z32_FLOAT_S8X24_UINT,
   };
   const float zin[4] = {0.0f, 0.25f, 0.75f, 1.0f};
   float zout[4];
   for (unsigned i = 0; i < sizeof(zf) / sizeof(zf[0]); i++) {
      memset(row, 0, sizeof(row));
      assert_true(util_format_pack_z_float(zf[i], row, zin, 4));
      assert_true(util_format_unpack_z_float(zf[i], zout, row, 4));
      unsigned bits = util_format_description(zf[i])->channel[0].size;
      for (unsigned k = 0; k < 4; k++)
         assert_true(fabs(zout[k] - zin[k]) <=
                     0.5 / ((1u << (bits > 24 ? 24 : bits)) - 1));
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_srgb),
      cmocka_unit_test(test_10_10_10_2),
      cmocka_unit_test(test_rgb9e5),
      cmocka_unit_test(test_r11g11b10f),
      cmocka_unit_test(test_small_floats_rtz),
      cmocka_unit_test(test_normalized_rules),
      cmocka_unit_test(test_swizzles),
      cmocka_unit_test(test_integers),
      cmocka_unit_test(test_depth_stencil),
      cmocka_unit_test(test_unsupported),
      cmocka_unit_test(test_round_trip_every_format),
      cmocka_unit_test(test_rows),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
