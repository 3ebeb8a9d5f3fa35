/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Exhaustive checks of half <-> float conversion against a reference built
 * here from the binary16 definition (value = ldexp(significand, exponent) in
 * double arithmetic) and from the definition of each rounding mode (pick the
 * bracketing half by distance or direction), not from the code under test.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/half_float.h"

static const enum util_half_round modes[] = {
   UTIL_HALF_ROUND_NEAREST_EVEN,
   UTIL_HALF_ROUND_TOWARD_ZERO,
   UTIL_HALF_ROUND_UP,
   UTIL_HALF_ROUND_DOWN,
};
static const char *const mode_names[] = {"rne", "rtz", "ru", "rd"};

static uint32_t
bits_of(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

static float
float_of(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}

/* Magnitude of positive half code c, 0 <= c <= 0x7c00, where code 0x7c00
 * stands for 2^16: the next value the format would have if its exponent
 * range went on, which IEEE 754 uses to decide overflow. */
static double
ref_magnitude(unsigned c)
{
   unsigned e = c >> 10, m = c & 0x3ff;
   if (e == 0)
      return ldexp(m, -24);
   return ldexp(1024 + m, (int)e - 25);
}

/* The reference conversion of a finite or infinite float. */
static uint16_t
ref_round(float f, enum util_half_round mode)
{
   const bool negative = signbit(f);
   const uint16_t sign = negative ? 0x8000 : 0;
   const double a = fabs((double)f);

   if (isinf(f))
      return sign | 0x7c00;

   /* lo: the largest finite half magnitude <= a. */
   unsigned lo = 0, hi = 0x7bff;
   if (a >= ref_magnitude(0x7bff)) {
      lo = 0x7bff;
   } else {
      while (lo < hi) {
         unsigned mid = (lo + hi + 1) / 2;
         if (ref_magnitude(mid) <= a)
            lo = mid;
         else
            hi = mid - 1;
      }
   }
   const unsigned up = lo + 1; /* 0x7c00 is infinity */
   if (ref_magnitude(lo) == a)
      return sign | lo;

   bool take_up;
   switch (mode) {
   case UTIL_HALF_ROUND_NEAREST_EVEN: {
      double d_lo = a - ref_magnitude(lo), d_up = ref_magnitude(up) - a;
      take_up = d_up < d_lo || (d_up == d_lo && (up & 1) == 0);
      break;
   }
   case UTIL_HALF_ROUND_UP:
      take_up = !negative;
      break;
   case UTIL_HALF_ROUND_DOWN:
      take_up = negative;
      break;
   default:
      take_up = false;
      break;
   }
   return sign | (take_up ? up : lo);
}

static void
check_float(float f)
{
   for (unsigned i = 0; i < 4; i++) {
      uint16_t got = util_float_to_half_round(f, modes[i]);
      uint16_t want = ref_round(f, modes[i]);
      if (got != want)
         fail_msg("%s(%a = 0x%08x) = 0x%04x, want 0x%04x", mode_names[i],
                  (double)f, bits_of(f), got, want);
   }
}

static void
test_half_to_float_exhaustive(void **state)
{
   for (unsigned h = 0; h < 0x10000; h++) {
      float f = util_half_to_float((uint16_t)h);
      bool neg = h & 0x8000;
      unsigned c = h & 0x7fff;

      if (c > 0x7c00) {
         /* NaN: quiet, same sign, payload at the top of the float's. */
         assert_true(isnan(f));
         assert_int_equal(bits_of(f), (neg ? 0x80000000u : 0) | 0x7fc00000u |
                                         ((uint32_t)(c & 0x3ff) << 13));
         continue;
      }
      double want = c == 0x7c00 ? INFINITY : ref_magnitude(c);
      if (neg)
         want = -want;
      if ((double)f != want || (bool)signbit(f) != neg)
         fail_msg("half 0x%04x -> %a, want %a", h, (double)f, want);
   }
}

static void
test_round_trip_exhaustive(void **state)
{
   for (unsigned h = 0; h < 0x10000; h++) {
      float f = util_half_to_float((uint16_t)h);
      bool nan = (h & 0x7fff) > 0x7c00;
      for (unsigned i = 0; i < 4; i++) {
         uint16_t back = util_float_to_half_round(f, modes[i]);
         /* Signalling NaNs come back quiet; everything else unchanged. */
         uint16_t want = nan ? (uint16_t)(h | 0x0200) : (uint16_t)h;
         if (back != want)
            fail_msg("%s: 0x%04x -> %a -> 0x%04x", mode_names[i], h, (double)f,
                     back);
      }
   }
}

/* For each pair of neighbouring halves (and the largest finite half with
 * 2^16), the float exactly halfway between them, the floats either side of
 * that, and the floats next to each half. */
static void
test_midpoints_exhaustive(void **state)
{
   unsigned ties = 0;
   for (unsigned c = 0; c < 0x7c00; c++) {
      double lo = ref_magnitude(c), up = ref_magnitude(c + 1);
      double mid = (lo + up) / 2;
      float midf = (float)mid;
      assert_true((double)midf == mid); /* 12 significant bits fit */

      for (int s = 0; s < 2; s++) {
         float sg = s ? -1.0f : 1.0f;
         float m = sg * midf;
         check_float(m);
         check_float(nextafterf(m, INFINITY));
         check_float(nextafterf(m, -INFINITY));
         check_float(nextafterf(sg * (float)lo, sg * INFINITY));
         check_float(nextafterf(sg * (float)up, 0.0f));
         ties++;
      }
   }
   assert_int_equal(ties, 2 * 0x7c00);
}

/* A large pseudo-random sample of all float bit patterns. */
static void
test_random_floats(void **state)
{
   uint32_t x = 0x12345678;
   for (unsigned i = 0; i < 1000000; i++) {
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
      float f = float_of(x);
      if (isnan(f))
         continue;
      check_float(f);
      /* Also the range where halves live, where the sample is sparse. */
      check_float(float_of(0x33000000u + (x & 0x0fffffffu) % 0x14000000u));
   }
}

static void
test_known_values(void **state)
{
   /* binary16 encodings from IEEE 754-2008 (table of format parameters)
    * and the usual worked examples. */
   assert_int_equal(util_float_to_half(1.0f), 0x3c00);
   assert_int_equal(util_float_to_half(-2.0f), 0xc000);
   assert_int_equal(util_float_to_half(65504.0f), 0x7bff);
   assert_int_equal(util_float_to_half(0.5f), 0x3800);
   assert_int_equal(util_float_to_half(ldexpf(1, -14)), 0x0400);
   assert_int_equal(util_float_to_half(ldexpf(1, -24)), 0x0001);
   assert_int_equal(util_float_to_half(0.1f), 0x2e66);
   assert_int_equal(util_float_to_half(1.0f / 3.0f), 0x3555);
   assert_int_equal(util_float_to_half_rtz(1.0f / 3.0f), 0x3555);
   assert_int_equal(util_float_to_half_ru(1.0f / 3.0f), 0x3556);
   assert_int_equal(util_float_to_half_rd(-1.0f / 3.0f), 0xb556);

   /* Overflow: 65520 is the tie between 65504 and 2^16 and goes to
    * infinity; truncation saturates at the largest finite half. */
   assert_int_equal(util_float_to_half(65519.0f), 0x7bff);
   assert_int_equal(util_float_to_half(65520.0f), 0x7c00);
   assert_int_equal(util_float_to_half(1e10f), 0x7c00);
   assert_int_equal(util_float_to_half_rtz(1e10f), 0x7bff);
   assert_int_equal(util_float_to_half_rtz(-1e10f), 0xfbff);
   assert_int_equal(util_float_to_half_ru(-1e10f), 0xfbff);
   assert_int_equal(util_float_to_half_rd(-1e10f), 0xfc00);
   assert_int_equal(util_float_to_half_rtz(INFINITY), 0x7c00);
   assert_int_equal(util_float_to_half(-INFINITY), 0xfc00);

   /* Underflow: 2^-25 ties to zero, a bit more is the smallest subnormal;
    * directed modes round tiny values to it. */
   assert_int_equal(util_float_to_half(ldexpf(1, -25)), 0x0000);
   assert_int_equal(util_float_to_half(nextafterf(ldexpf(1, -25), 1)), 0x0001);
   assert_int_equal(util_float_to_half(-1e-30f), 0x8000);
   assert_int_equal(util_float_to_half_ru(1e-45f), 0x0001);
   assert_int_equal(util_float_to_half_rd(1e-45f), 0x0000);
   assert_int_equal(util_float_to_half_rd(-1e-45f), 0x8001);
   assert_int_equal(util_float_to_half(-0.0f), 0x8000);

   /* NaN keeps its sign and stays NaN even when only low payload bits are
    * set (which would otherwise truncate to infinity). */
   assert_int_equal(util_float_to_half(float_of(0x7f800001)), 0x7e00);
   assert_int_equal(util_float_to_half(float_of(0xffc00000)), 0xfe00);
   assert_int_equal(util_float_to_half_rtz(float_of(0x7fa02000)), 0x7f01);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_known_values),
      cmocka_unit_test(test_half_to_float_exhaustive),
      cmocka_unit_test(test_round_trip_exhaustive),
      cmocka_unit_test(test_midpoints_exhaustive),
      cmocka_unit_test(test_random_floats),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
