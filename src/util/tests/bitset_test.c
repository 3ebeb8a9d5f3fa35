/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "util/bitset.h"

static void
test_set_test_count(void **state)
{
   BITSET_DECLARE(b, 100);
   BITSET_ZERO(b);
   assert_true(BITSET_IS_EMPTY(b));
   BITSET_SET(b, 0);
   BITSET_SET(b, 31);
   BITSET_SET(b, 32);
   BITSET_SET(b, 99);
   assert_true(BITSET_TEST(b, 31));
   assert_false(BITSET_TEST(b, 30));
   assert_int_equal(BITSET_COUNT(b), 4);
   BITSET_CLEAR(b, 31);
   assert_int_equal(BITSET_COUNT(b), 3);

   unsigned seen[4], n = 0;
   BITSET_FOREACH_SET(i, b, 100)
      seen[n++] = i;
   assert_int_equal(n, 3);
   assert_int_equal(seen[0], 0);
   assert_int_equal(seen[1], 32);
   assert_int_equal(seen[2], 99);
}

static void
test_ops_and_ranges(void **state)
{
   BITSET_DECLARE(a, 70);
   BITSET_DECLARE(b, 70);
   BITSET_ZERO(a);
   BITSET_ZERO(b);
   BITSET_SET_RANGE(a, 10, 40); /* 10..49 */
   BITSET_SET(b, 60);
   assert_true(BITSET_OR(b, a));
   assert_false(BITSET_OR(b, a)); /* no change the second time */
   assert_int_equal(BITSET_COUNT(b), 41);
   BITSET_ANDNOT(b, a);
   assert_int_equal(BITSET_COUNT(b), 1);
   BITSET_CLEAR_RANGE(a, 10, 20);
   assert_int_equal(BITSET_COUNT(a), 20);
   assert_false(BITSET_TEST(a, 29));
   assert_true(BITSET_TEST(a, 30));
   BITSET_AND(a, b);
   assert_true(BITSET_IS_EMPTY(a));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_set_test_count),
      cmocka_unit_test(test_ops_and_ranges),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
