/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Cross-lane operations with partial exec masks: ballots, shuffles with
 * uniform indices (Metal's simd_broadcast / simd_shuffle_down results),
 * reductions and exclusive prefix scans (the meaning Mesa gives
 * simd_iadd / simd_prefix_iadd), and quad forms.
 */

#include "sim_test_util.h"

static struct asahi_sim_group *
run_lanes(struct sim_test *t, const char *src, uint32_t exec)
{
   sim_test_load(t, src);
   t->g->exec = exec;
   for (unsigned l = 0; l < 32; l++) {
      t->g->r[2][l] = l * 3 + 1;            /* data */
      t->g->r[3][l] = l % 2 ? -(int)l : l;  /* signed data */
   }
   enum asahi_sim_status s = asahi_sim_run(t->g);
   if (s != ASAHI_SIM_STOPPED)
      fail_msg("%s: %s", asahi_sim_status_string(s), t->g->error);
   return t->g;
}

static void
test_ballot(void **state)
{
   struct sim_test t;
   struct asahi_sim_group *g =
      run_lanes(&t, "icmp_ballot r4, ugt, r2, 40\nstop\n", 0x0f0f0f0fu);
   /* Lanes with 3l + 1 > 40 are l >= 14; only active ones count. */
   uint32_t want = 0x0f0f0f0fu & ~((1u << 14) - 1);
   for (unsigned l = 0; l < 32; l++) {
      uint32_t expect = (0x0f0f0f0fu >> l) & 1 ? want : 0;
      assert_int_equal(g->r[4][l], expect);
   }
   sim_test_free(&t);
}

static void
test_shuffles(void **state)
{
   struct sim_test t;
   struct asahi_sim_group *g = run_lanes(&t,
      "simd_shuffle r4, r2, 5\n"
      "simd_shuffle_down r5, r2, 1\n"
      "simd_shuffle_xor r6, r2, 16\n"
      "stop\n", 0xffffffffu);
   for (unsigned l = 0; l < 32; l++) {
      assert_int_equal(g->r[4][l], 5 * 3 + 1);
      assert_int_equal(g->r[5][l], l < 31 ? (l + 1) * 3 + 1 : l * 3 + 1);
      assert_int_equal(g->r[6][l], (l ^ 16) * 3 + 1);
   }
   sim_test_free(&t);
}

static void
test_reductions(void **state)
{
   const uint32_t exec = 0xa5a5f00fu;
   struct sim_test t;
   struct asahi_sim_group *g = run_lanes(&t,
      "simd_iadd r4, r2\n"
      "simd_prefix_iadd r5, r2\n"
      "simd_max.s r6, r3\n"
      "simd_min.u r7, r3\n"
      "quad_and r8, r2\n"
      "stop\n", exec);

   uint32_t sum = 0, prefix = 0;
   int32_t max_s = INT32_MIN;
   uint32_t min_u = UINT32_MAX;
   for (unsigned l = 0; l < 32; l++) {
      if (exec & (1u << l)) {
         sum += l * 3 + 1;
         int32_t v = l % 2 ? -(int)l : (int)l;
         max_s = v > max_s ? v : max_s;
         min_u = (uint32_t)v < min_u ? (uint32_t)v : min_u;
      }
   }
   for (unsigned l = 0; l < 32; l++) {
      if (!(exec & (1u << l))) {
         assert_int_equal(g->r[4][l], 0);
         continue;
      }
      assert_int_equal(g->r[4][l], sum);
      assert_int_equal(g->r[5][l], prefix);
      prefix += l * 3 + 1;
      assert_int_equal((int32_t)g->r[6][l], max_s);
      assert_int_equal(g->r[7][l], min_u);
      uint32_t q = ~0u;
      for (unsigned s = l & ~3u; s < (l & ~3u) + 4; s++) {
         if (exec & (1u << s))
            q &= s * 3 + 1;
      }
      assert_int_equal(g->r[8][l], q);
   }
   sim_test_free(&t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ballot),
      cmocka_unit_test(test_shuffles),
      cmocka_unit_test(test_reductions),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
