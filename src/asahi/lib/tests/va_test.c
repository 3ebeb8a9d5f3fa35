/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * The GPU VA allocator: alignment, exhaustion, reuse, merging of freed
 * ranges, and refusal of bad frees.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "agx_va.h"

#define K16 0x4000ull

static void
alloc_aligned_and_disjoint(void **state)
{
   struct agx_va_heap h;
   assert_true(agx_va_heap_init(&h, 0x100000000ull, 0x200000000ull));
   uint64_t a = agx_va_alloc(&h, K16, K16);
   uint64_t b = agx_va_alloc(&h, 3 * K16, 1ull << 20);
   uint64_t c = agx_va_alloc(&h, K16, K16);
   assert_int_equal(a, 0x100000000ull);
   assert_int_equal(b % (1ull << 20), 0);
   assert_true(b >= a + K16);
   /* c fills the gap left by b's alignment. */
   assert_int_equal(c, a + K16);
   agx_va_heap_fini(&h);
}

static void
exhaustion_and_reuse(void **state)
{
   struct agx_va_heap h;
   assert_true(agx_va_heap_init(&h, 0x10000, 0x10000 + 4 * K16));
   uint64_t v[4];
   for (unsigned i = 0; i < 4; i++)
      assert_int_not_equal(v[i] = agx_va_alloc(&h, K16, K16), 0);
   assert_int_equal(agx_va_alloc(&h, K16, K16), 0);
   assert_true(agx_va_free(&h, v[1], K16));
   assert_true(agx_va_free(&h, v[2], K16));
   /* The two freed neighbours merged into one 2-page hole. */
   assert_int_equal(agx_va_alloc(&h, 2 * K16, K16), v[1]);
   agx_va_heap_fini(&h);
}

static void
bad_frees(void **state)
{
   struct agx_va_heap h;
   assert_true(agx_va_heap_init(&h, 0x10000, 0x10000 + 4 * K16));
   uint64_t a = agx_va_alloc(&h, K16, K16);
   assert_true(agx_va_free(&h, a, K16));
   assert_false(agx_va_free(&h, a, K16));      /* double free */
   assert_false(agx_va_free(&h, 0x1000, K16)); /* outside */
   assert_false(agx_va_free(&h, a, 0));        /* empty */
   assert_int_equal(agx_va_alloc(&h, 0, K16), 0);
   assert_int_equal(agx_va_alloc(&h, K16, 3), 0); /* not a power of 2 */
   assert_int_equal(agx_va_alloc(&h, 8 * K16, K16), 0);
   agx_va_heap_fini(&h);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(alloc_aligned_and_disjoint),
      cmocka_unit_test(exhaustion_and_reuse),
      cmocka_unit_test(bad_frees),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
