/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * agx_prim_convert_run: the triangles of quads, quad strips, polygons
 * and fans carry GL's provoking vertex (GL 3.2 table 2.12, numbered from
 * 1 there, from 0 here) where the hardware's flat-shading vertex reads it
 * (vertex 0 for the first-vertex convention, 2 for the last), and keep
 * the winding of the primitive.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "agx_prim_convert.h"
#include "pipe/p_defines.h"

static const uint32_t v[8] = {10, 11, 12, 13, 14, 15, 16, 17};

/* Every triangle is one of the rotations of the want[] triangle. */
static void
expect_tris(const uint32_t *got, unsigned k, const uint32_t (*want)[3],
            unsigned ntri)
{
   assert_int_equal(k, 3 * ntri);
   for (unsigned t = 0; t < ntri; t++) {
      const uint32_t *g = got + 3 * t;
      bool same = false;
      for (unsigned r = 0; r < 3; r++)
         same |= g[0] == want[t][r] && g[1] == want[t][(r + 1) % 3] &&
                 g[2] == want[t][(r + 2) % 3];
      assert_true(same);
   }
}

static void
test_quads_first(void **state)
{
   (void)state;
   uint32_t out[12];
   unsigned k = agx_prim_convert_run(PIPE_PRIM_QUADS, true, v, 8, out);
   /* quad 0 (10 11 12 13) provoked by 10, quad 1 by 14 */
   static const uint32_t want[4][3] = {
      {10, 11, 12}, {10, 12, 13}, {14, 15, 16}, {14, 16, 17}};
   expect_tris(out, k, want, 4);
   assert_int_equal(out[0], 10);
   assert_int_equal(out[3], 10);
   assert_int_equal(out[6], 14);
   assert_int_equal(out[9], 14);
}

static void
test_quads_last(void **state)
{
   (void)state;
   uint32_t out[6];
   unsigned k = agx_prim_convert_run(PIPE_PRIM_QUADS, false, v, 4, out);
   static const uint32_t want[2][3] = {{10, 11, 13}, {11, 12, 13}};
   expect_tris(out, k, want, 2);
   assert_int_equal(out[2], 13);
   assert_int_equal(out[5], 13);
}

static void
test_quad_strip_first(void **state)
{
   (void)state;
   uint32_t out[12];
   /* quads (10 11 13 12) and (12 13 15 14), provoked by 10 and 12 */
   unsigned k = agx_prim_convert_run(PIPE_PRIM_QUAD_STRIP, true, v, 6, out);
   static const uint32_t want[4][3] = {
      {10, 11, 13}, {10, 13, 12}, {12, 13, 15}, {12, 15, 14}};
   expect_tris(out, k, want, 4);
   assert_int_equal(out[0], 10);
   assert_int_equal(out[3], 10);
   assert_int_equal(out[6], 12);
   assert_int_equal(out[9], 12);
}

static void
test_quad_strip_last(void **state)
{
   (void)state;
   uint32_t out[6];
   /* quad (10 11 13 12), provoked by vertex 4 (13) */
   unsigned k = agx_prim_convert_run(PIPE_PRIM_QUAD_STRIP, false, v, 4, out);
   assert_int_equal(k, 6);
   assert_int_equal(out[2], 13);
   assert_int_equal(out[5], 13);
}

static void
test_polygon(void **state)
{
   (void)state;
   uint32_t out[9];
   static const uint32_t want[3][3] = {
      {10, 11, 12}, {10, 12, 13}, {10, 13, 14}};
   /* vertex 1 (10) provokes in both conventions */
   unsigned k = agx_prim_convert_run(PIPE_PRIM_POLYGON, true, v, 5, out);
   expect_tris(out, k, want, 3);
   for (unsigned t = 0; t < 3; t++)
      assert_int_equal(out[3 * t], 10);
   k = agx_prim_convert_run(PIPE_PRIM_POLYGON, false, v, 5, out);
   expect_tris(out, k, want, 3);
   for (unsigned t = 0; t < 3; t++)
      assert_int_equal(out[3 * t + 2], 10);
}

static void
test_fan_first(void **state)
{
   (void)state;
   uint32_t out[6];
   /* triangle i (10, 10+i, 11+i) is provoked by vertex i+1: 11, 12 */
   unsigned k = agx_prim_convert_run(PIPE_PRIM_TRIANGLE_FAN, true, v, 4, out);
   static const uint32_t want[2][3] = {{10, 11, 12}, {10, 12, 13}};
   expect_tris(out, k, want, 2);
   assert_int_equal(out[0], 11);
   assert_int_equal(out[3], 12);
}

static void
test_which_convert(void **state)
{
   (void)state;
   assert_true(agx_prim_needs_convert(PIPE_PRIM_POLYGON, false));
   assert_true(agx_prim_needs_convert(PIPE_PRIM_POLYGON, true));
   assert_true(agx_prim_needs_convert(PIPE_PRIM_QUADS, true));
   assert_false(agx_prim_needs_convert(PIPE_PRIM_QUADS, false));
   assert_true(agx_prim_needs_convert(PIPE_PRIM_TRIANGLE_FAN, true));
   assert_false(agx_prim_needs_convert(PIPE_PRIM_TRIANGLE_FAN, false));
   assert_false(agx_prim_needs_convert(PIPE_PRIM_TRIANGLES, true));
   /* short runs make nothing */
   uint32_t out[3];
   assert_int_equal(agx_prim_convert_run(PIPE_PRIM_QUADS, true, v, 3, out),
                    0);
   assert_int_equal(agx_prim_convert_run(PIPE_PRIM_POLYGON, true, v, 2, out),
                    0);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_quads_first),
      cmocka_unit_test(test_quads_last),
      cmocka_unit_test(test_quad_strip_first),
      cmocka_unit_test(test_quad_strip_last),
      cmocka_unit_test(test_polygon),
      cmocka_unit_test(test_fan_first),
      cmocka_unit_test(test_which_convert),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
