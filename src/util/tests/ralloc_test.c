/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>
#include "util/ralloc.h"

static int destroyed;
static char order[16];
static int order_len;

static void
count_destroy(void *p)
{
   destroyed++;
   order[order_len++] = *(char *)p;
}

static void
test_free_parent_frees_children(void **state)
{
   destroyed = 0;
   order_len = 0;
   void *root = ralloc_context(NULL);
   char *a = ralloc(root, char);
   char *b = ralloc(a, char);
   char *c = ralloc(b, char);
   *a = 'a', *b = 'b', *c = 'c';
   ralloc_set_destructor(a, count_destroy);
   ralloc_set_destructor(b, count_destroy);
   ralloc_set_destructor(c, count_destroy);
   ralloc_free(root);
   assert_int_equal(destroyed, 3);
   /* Children go before their parents. */
   assert_memory_equal(order, "cba", 3);
}

static void
test_steal_moves_subtree(void **state)
{
   destroyed = 0;
   order_len = 0;
   void *ctx1 = ralloc_context(NULL);
   void *ctx2 = ralloc_context(NULL);
   char *a = ralloc(ctx1, char);
   *a = 'a';
   ralloc_set_destructor(a, count_destroy);
   ralloc_steal(ctx2, a);
   assert_ptr_equal(ralloc_parent(a), ctx2);
   ralloc_free(ctx1);
   assert_int_equal(destroyed, 0);
   ralloc_free(ctx2);
   assert_int_equal(destroyed, 1);
}

static void
test_realloc_keeps_children(void **state)
{
   void *root = ralloc_context(NULL);
   int *arr = rzalloc_array(root, int, 4);
   for (int i = 0; i < 4; i++)
      assert_int_equal(arr[i], 0);
   char *child = ralloc_strdup(arr, "child");
   arr = reralloc(root, arr, int, 100000);
   assert_non_null(arr);
   assert_ptr_equal(ralloc_parent(child), arr);
   assert_ptr_equal(ralloc_parent(arr), root);
   arr[99999] = 7;
   ralloc_free(root); /* ASan checks nothing leaked */
}

static void
test_overflow_is_null(void **state)
{
   assert_null(ralloc_array(NULL, uint64_t, SIZE_MAX / 2));
   assert_null(ralloc_size(NULL, SIZE_MAX));
}

static void
test_strings(void **state)
{
   void *root = ralloc_context(NULL);
   char *s = ralloc_asprintf(root, "%d-%s", 42, "x");
   assert_string_equal(s, "42-x");
   assert_true(ralloc_asprintf_append(&s, "+%u", 7u));
   assert_true(ralloc_strcat(&s, "!"));
   assert_string_equal(s, "42-x+7!");
   assert_ptr_equal(ralloc_parent(s), root);
   char *n = ralloc_strndup(root, "abcdef", 3);
   assert_string_equal(n, "abc");
   char *fresh = NULL;
   assert_true(ralloc_asprintf_append(&fresh, "new"));
   assert_string_equal(fresh, "new");
   ralloc_free(fresh);
   ralloc_free(root);
}

static void
test_rerzalloc_zeroes_tail(void **state)
{
   unsigned char *p = ralloc_size(NULL, 4);
   memset(p, 0xab, 4);
   p = rerzalloc_size(NULL, p, 4, 64);
   assert_int_equal(p[3], 0xab);
   for (int i = 4; i < 64; i++)
      assert_int_equal(p[i], 0);
   ralloc_free(p);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_free_parent_frees_children),
      cmocka_unit_test(test_steal_moves_subtree),
      cmocka_unit_test(test_realloc_keeps_children),
      cmocka_unit_test(test_overflow_is_null),
      cmocka_unit_test(test_strings),
      cmocka_unit_test(test_rerzalloc_zeroes_tail),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
