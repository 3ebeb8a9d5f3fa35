/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "util/u_dynarray.h"

static void
test_append_and_iterate(void **state)
{
   void *ctx = ralloc_context(NULL);
   struct util_dynarray arr;
   util_dynarray_init(&arr, ctx);
   for (int i = 0; i < 1000; i++)
      util_dynarray_append(&arr, int, i * 3);
   assert_int_equal(util_dynarray_num_elements(&arr, int), 1000);
   int expect = 0;
   util_dynarray_foreach(&arr, int, v) {
      assert_int_equal(*v, expect);
      expect += 3;
   }
   assert_int_equal(util_dynarray_top(&arr, int), 999 * 3);
   assert_int_equal(util_dynarray_pop(&arr, int), 999 * 3);
   assert_int_equal(util_dynarray_num_elements(&arr, int), 999);
   assert_int_equal(*util_dynarray_element(&arr, int, 10), 30);
   ralloc_free(ctx); /* frees the storage */
}

static void
test_empty_iterates_nothing(void **state)
{
   struct util_dynarray arr;
   util_dynarray_init(&arr, NULL);
   unsigned n = 0;
   util_dynarray_foreach(&arr, int, v)
      n++;
   assert_int_equal(n, 0);
   assert_int_equal(util_dynarray_num_elements(&arr, int), 0);
}

static void
test_malloc_backed(void **state)
{
   struct util_dynarray arr;
   util_dynarray_init(&arr, NULL);
   const char msg[] = "hello";
   assert_true(util_dynarray_append_bytes(&arr, msg, sizeof(msg)));
   assert_string_equal((char *)arr.data, "hello");
   util_dynarray_clear(&arr);
   assert_int_equal(arr.size, 0);
   assert_false(util_dynarray_reserve(&arr, SIZE_MAX));
   util_dynarray_fini(&arr);
   assert_null(arr.data);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_append_and_iterate),
      cmocka_unit_test(test_empty_iterates_nothing),
      cmocka_unit_test(test_malloc_backed),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
