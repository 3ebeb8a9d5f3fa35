/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include "util/hash_table.h"
#include "util/ralloc.h"

#define KEY(i) ((const void *)(uintptr_t)(i))

static void
test_insert_search_remove(void **state)
{
   struct hash_table *ht = hash_table_create_u64_keys(NULL);
   const unsigned n = 10000;
   for (uintptr_t i = 0; i < n; i++)
      assert_non_null(hash_table_insert(ht, KEY(i * 7), (void *)(i + 1)));
   assert_int_equal(hash_table_num_entries(ht), n);
   for (uintptr_t i = 0; i < n; i++)
      assert_ptr_equal(hash_table_search_data(ht, KEY(i * 7)), (void *)(i + 1));
   assert_null(hash_table_search(ht, KEY(3)));
   /* Key 0 is an ordinary key. */
   assert_non_null(hash_table_search(ht, KEY(0)));

   for (uintptr_t i = 0; i < n; i += 2)
      assert_true(hash_table_remove_key(ht, KEY(i * 7)));
   assert_false(hash_table_remove_key(ht, KEY(0)));
   assert_int_equal(hash_table_num_entries(ht), n / 2);
   for (uintptr_t i = 0; i < n; i++)
      assert_int_equal(hash_table_search(ht, KEY(i * 7)) != NULL, i % 2);

   /* Replacing keeps one entry. */
   hash_table_insert(ht, KEY(7), (void *)99);
   assert_int_equal(hash_table_num_entries(ht), n / 2);
   assert_ptr_equal(hash_table_search_data(ht, KEY(7)), (void *)99);
   hash_table_destroy(ht, NULL);
}

static void
test_iteration_is_insertion_order(void **state)
{
   struct hash_table *ht = hash_table_create_pointer_keys(NULL);
   int objs[100];
   /* Insert in a scrambled order; iteration must follow it. */
   int perm[100];
   for (int i = 0; i < 100; i++)
      perm[i] = (i * 37) % 100;
   for (int i = 0; i < 100; i++)
      hash_table_insert(ht, &objs[perm[i]], NULL);
   hash_table_remove_key(ht, &objs[perm[10]]);
   int k = 0;
   hash_table_foreach(ht, e) {
      if (k == 10)
         k++;
      assert_ptr_equal(e->key, &objs[perm[k]]);
      k++;
   }
   assert_int_equal(k, 100);

   /* Removing during iteration is allowed. */
   hash_table_foreach(ht, e)
      hash_table_remove(ht, e);
   assert_int_equal(hash_table_num_entries(ht), 0);
   hash_table_destroy(ht, NULL);
}

static void
test_string_keys(void **state)
{
   void *ctx = ralloc_context(NULL);
   struct hash_table *ht = hash_table_create_string_keys(ctx);
   char buf[32];
   for (int i = 0; i < 500; i++) {
      snprintf(buf, sizeof(buf), "name%d", i);
      hash_table_insert(ht, ralloc_strdup(ctx, buf), (void *)(intptr_t)i);
   }
   /* Lookup by content, with a different pointer. */
   snprintf(buf, sizeof(buf), "name%d", 321);
   assert_int_equal((intptr_t)hash_table_search_data(ht, buf), 321);
   assert_null(hash_table_search(ht, "nope"));
   ralloc_free(ctx);
}

static unsigned deleted;
static void
on_delete(struct hash_entry *e)
{
   deleted++;
}

static void
test_destroy_and_clear(void **state)
{
   struct hash_table *ht = hash_table_create_u64_keys(NULL);
   for (uintptr_t i = 0; i < 50; i++)
      hash_table_insert(ht, KEY(i), NULL);
   hash_table_clear(ht);
   assert_int_equal(hash_table_num_entries(ht), 0);
   assert_null(hash_table_search(ht, KEY(3)));
   for (uintptr_t i = 0; i < 20; i++)
      hash_table_insert(ht, KEY(i), NULL);
   deleted = 0;
   hash_table_destroy(ht, on_delete);
   assert_int_equal(deleted, 20);
}

static void
test_churn_with_tombstones(void **state)
{
   /* Many insert/remove cycles must not grow without bound or lose keys. */
   struct hash_table *ht = hash_table_create_u64_keys(NULL);
   for (uintptr_t round = 0; round < 200; round++) {
      for (uintptr_t i = 0; i < 64; i++)
         hash_table_insert(ht, KEY(round * 1000 + i), NULL);
      for (uintptr_t i = 0; i < 64; i++)
         assert_true(hash_table_remove_key(ht, KEY(round * 1000 + i)));
   }
   assert_int_equal(hash_table_num_entries(ht), 0);
   assert_true(ht->index_size <= 1024);
   hash_table_destroy(ht, NULL);
}

static void
test_sets(void **state)
{
   struct set *s = set_create_u64_keys(NULL);
   for (uintptr_t i = 0; i < 100; i++)
      set_add(s, KEY(i % 10));
   assert_int_equal(set_count(s), 10);
   assert_true(set_contains(s, KEY(9)));
   assert_false(set_contains(s, KEY(10)));
   assert_true(set_remove_key(s, KEY(9)));
   assert_false(set_contains(s, KEY(9)));
   uintptr_t expect = 0;
   set_foreach(s, e) {
      assert_int_equal((uintptr_t)e->key, expect);
      expect++;
   }
   assert_int_equal(expect, 9);
   set_destroy(s, NULL);
}

static void
test_set_search_or_add(void **state)
{
   (void)state;
   struct set *s = set_create_u64_keys(NULL);
   bool found = true;
   struct set_entry *a = set_search_or_add(s, KEY(7), &found);
   assert_false(found);
   assert_ptr_equal(a->key, KEY(7));
   struct set_entry *b = set_search_or_add(s, KEY(7), &found);
   assert_true(found);
   assert_ptr_equal(a, b);
   assert_int_equal(set_count(s), 1);
   /* Many keys: each is added once and found afterwards. */
   for (uintptr_t i = 0; i < 1000; i++)
      set_search_or_add(s, KEY(i), NULL);
   assert_int_equal(set_count(s), 1000);
   for (uintptr_t i = 0; i < 1000; i++) {
      set_search_or_add(s, KEY(i), &found);
      assert_true(found);
   }
   assert_int_equal(set_count(s), 1000);
   set_destroy(s, NULL);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_insert_search_remove),
      cmocka_unit_test(test_iteration_is_insertion_order),
      cmocka_unit_test(test_string_keys),
      cmocka_unit_test(test_destroy_and_clear),
      cmocka_unit_test(test_churn_with_tombstones),
      cmocka_unit_test(test_sets),
      cmocka_unit_test(test_set_search_or_add),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
