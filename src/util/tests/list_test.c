/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "util/list.h"

struct node {
   int v;
   struct list_head link;
};

static void
test_add_del_order(void **state)
{
   struct list_head head;
   list_inithead(&head);
   assert_true(list_is_empty(&head));
   struct node n[5];
   for (int i = 0; i < 5; i++) {
      n[i].v = i;
      list_addtail(&n[i].link, &head);
   }
   assert_int_equal(list_length(&head), 5);
   int expect = 0;
   list_for_each_entry(struct node, it, &head, link)
      assert_int_equal(it->v, expect++);
   expect = 4;
   list_for_each_entry_rev(struct node, it, &head, link)
      assert_int_equal(it->v, expect--);

   /* Safe iteration tolerates removal of the current element. */
   list_for_each_entry_safe(struct node, it, &head, link) {
      if (it->v % 2)
         list_del(&it->link);
   }
   assert_int_equal(list_length(&head), 3);
   assert_int_equal(list_first_entry(&head, struct node, link)->v, 0);
   assert_int_equal(list_last_entry(&head, struct node, link)->v, 4);
   assert_false(list_is_linked(&n[1].link));

   list_add(&n[1].link, &head);
   assert_int_equal(list_first_entry(&head, struct node, link)->v, 1);
}

static void
test_splice(void **state)
{
   struct list_head a, b;
   list_inithead(&a);
   list_inithead(&b);
   struct node n[6];
   for (int i = 0; i < 6; i++) {
      n[i].v = i;
      list_addtail(&n[i].link, i < 3 ? &a : &b);
   }
   list_splicetail(&b, &a);
   assert_true(list_is_empty(&b));
   int expect = 0;
   list_for_each_entry(struct node, it, &a, link)
      assert_int_equal(it->v, expect++);
   assert_int_equal(expect, 6);

   /* Splicing to the front keeps the moved elements' order. */
   struct list_head c;
   list_inithead(&c);
   list_del(&n[5].link);
   list_del(&n[4].link);
   list_addtail(&n[4].link, &c);
   list_addtail(&n[5].link, &c);
   list_splice(&c, &a);
   int want[] = {4, 5, 0, 1, 2, 3};
   int k = 0;
   list_for_each_entry(struct node, it, &a, link)
      assert_int_equal(it->v, want[k++]);
   assert_int_equal(k, 6);
   list_for_each_entry_rev(struct node, it, &a, link)
      assert_int_equal(it->v, want[--k]);
}

static void
test_singular_and_replace(void **state)
{
   struct list_head a, b;
   list_inithead(&a);
   struct node x = {.v = 9};
   list_addtail(&x.link, &a);
   assert_true(list_is_singular(&a));
   list_replace(&a, &b);
   assert_int_equal(list_first_entry(&b, struct node, link)->v, 9);
   list_delinit(&x.link);
   assert_true(list_is_empty(&b));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_add_del_order),
      cmocka_unit_test(test_splice),
      cmocka_unit_test(test_singular_and_replace),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
