/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Polygon offset of one triangle: o = m * factor + r * units, clamped
 * (GL 4.6 section 14.6.5; EXT_polygon_offset_clamp).  Expected values are
 * computed by hand in the comments.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "asahi/sim/asahi_sim_depth_bias.h"

/* Float32 depth, largest vertex depth 0.75 = 1.5 * 2^-1: r = 2^(-1-23).
 * m = max(|0.01|, |-0.02|) = 0.02.  factor 1, units -2:
 * o = 0.02 - 2 * 2^-24 = 0.02 - 2^-23. */
static void
float_slope_and_units(void **state)
{
   (void)state;
   const double z[3] = {0.5, 0.5, 0.75};
   double o = asahi_sim_depth_bias(-2.0f, 1.0f, 0.0f, 0.01, -0.02, z, false);
   assert_true(o == 0.02 - 1.0 / 8388608.0);
}

/* A flat triangle gets only the constant term: depth 0.25 = 2^-2 gives
 * r = 2^-25, units 3: o = 3 * 2^-25. */
static void
float_flat(void **state)
{
   (void)state;
   const double z[3] = {0.25, 0.25, 0.25};
   double o = asahi_sim_depth_bias(3.0f, 5.0f, 0.0f, 0.0, 0.0, z, false);
   assert_true(o == 3.0 / 33554432.0);
}

/* Unorm16 depth: r = 1 / 65535; units -4, slope 0.5 * |0.125|:
 * o = 0.0625 - 4 / 65535. */
static void
unorm16(void **state)
{
   (void)state;
   const double z[3] = {0.1, 0.2, 0.3};
   double o = asahi_sim_depth_bias(-4.0f, 0.5f, 0.0f, 0.125, 0.0625, z, true);
   assert_true(o == 0.0625 - 4.0 / 65535.0);
}

/* EXT_polygon_offset_clamp: m = 0.5, factor 1 gives 0.5 before the units
 * (0 here).  Clamp 0.25 gives 0.25; clamp -0.25 leaves 0.5 alone; with
 * factor -1, clamp -0.25 gives -0.25 and clamp 0.25 leaves -0.5. */
static void
clamp(void **state)
{
   (void)state;
   const double z[3] = {0.5, 0.5, 0.5};
   assert_true(asahi_sim_depth_bias(0, 1.0f, 0.25f, 0.5, 0, z, false) ==
               0.25);
   assert_true(asahi_sim_depth_bias(0, 1.0f, -0.25f, 0.5, 0, z, false) ==
               0.5);
   assert_true(asahi_sim_depth_bias(0, -1.0f, -0.25f, 0, -0.5, z, false) ==
               -0.25);
   assert_true(asahi_sim_depth_bias(0, -1.0f, 0.25f, 0, -0.5, z, false) ==
               -0.5);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(float_slope_and_units),
      cmocka_unit_test(float_flat),
      cmocka_unit_test(unorm16),
      cmocka_unit_test(clamp),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
