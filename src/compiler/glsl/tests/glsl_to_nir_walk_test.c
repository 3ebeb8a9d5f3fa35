/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The statement walk of glsl_to_nir_walk.c on hand-built trees: which
 * kinds it finds, where it stops descending, how it caps its count, and
 * that a tree too deep to walk counts as cap (the callers' safe answer).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "glsl_to_nir_priv.h"

#define BIT(k) G2N_AST_BIT(k)

/* A statement of kind with no children. */
static struct ast_node *
node(void *mem, enum ast_kind kind)
{
   struct ast_node *n = rzalloc(mem, struct ast_node);
   n->kind = kind;
   return n;
}

/* A statement of kind whose list holds the n items. */
static struct ast_node *
list_of(void *mem, enum ast_kind kind, struct ast_node **items, unsigned n)
{
   struct ast_node *l = node(mem, kind);
   for (unsigned i = 0; i < n; i++)
      ast_list_append(&l->list, items[i]);
   return l;
}

/* { if (c) break; else return;
 *   while (c) { break; continue; return; }
 *   switch (c) { continue; return; } } */
static struct ast_node *
sample_body(void *mem)
{
   struct ast_node *iff = node(mem, AST_IF);
   iff->b = node(mem, AST_BREAK);
   iff->c = node(mem, AST_RETURN);
   struct ast_node *loop_items[] = {node(mem, AST_BREAK),
                                    node(mem, AST_CONTINUE),
                                    node(mem, AST_RETURN)};
   struct ast_node *loop = node(mem, AST_WHILE);
   loop->b = list_of(mem, AST_COMPOUND, loop_items, 3);
   struct ast_node *sw_items[] = {node(mem, AST_CONTINUE),
                                  node(mem, AST_RETURN)};
   struct ast_node *sw = list_of(mem, AST_SWITCH, sw_items, 2);
   struct ast_node *items[] = {iff, loop, sw};
   return list_of(mem, AST_COMPOUND, items, 3);
}

static void
test_find_and_enter(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   struct ast_node *body = sample_body(mem);
   const uint64_t blocks = BIT(AST_COMPOUND) | BIT(AST_IF);

   /* the if's break leaves; the loop's does not */
   assert_true(g2n_walk_finds(body, BIT(AST_BREAK), blocks));
   assert_false(g2n_walk_finds(body->list.head->next, BIT(AST_BREAK),
                               blocks));
   /* the switch's continue belongs to the enclosing loop only when the
    * walk enters switches */
   assert_false(g2n_walk_finds(body, BIT(AST_CONTINUE), blocks));
   assert_true(g2n_walk_finds(body, BIT(AST_CONTINUE),
                              blocks | BIT(AST_SWITCH)));
   /* returns: the else branch, the loop's, the switch's */
   const struct g2n_walk all = {BIT(AST_RETURN), G2N_AST_ANY_BODY, 10};
   assert_int_equal(g2n_walk_count(body, &all), 3);
   const struct g2n_walk two = {BIT(AST_RETURN), G2N_AST_ANY_BODY, 2};
   assert_int_equal(g2n_walk_count(body, &two), 2);
   /* a statement of a found kind is counted, not looked into */
   const struct g2n_walk loops = {BIT(AST_WHILE) | BIT(AST_RETURN),
                                  BIT(AST_COMPOUND), 10};
   assert_int_equal(g2n_walk_count(body, &loops), 1);
   assert_false(g2n_walk_finds(NULL, BIT(AST_RETURN), G2N_AST_ANY_BODY));
   ralloc_free(mem);
}

/* 2000 nested blocks with nothing in them: too deep to walk, so the
 * answer is cap, which makes each caller take its general path. */
static void
test_too_deep(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   struct ast_node *inner = node(mem, AST_COMPOUND);
   for (unsigned i = 0; i < 2000; i++)
      inner = list_of(mem, AST_COMPOUND, &inner, 1);
   assert_true(g2n_walk_finds(inner, BIT(AST_BREAK), BIT(AST_COMPOUND)));
   const struct g2n_walk w = {BIT(AST_RETURN), G2N_AST_ANY_BODY, 65};
   assert_int_equal(g2n_walk_count(inner, &w), 65);
   /* 900 levels are walked: nothing there */
   inner = node(mem, AST_COMPOUND);
   for (unsigned i = 0; i < 900; i++)
      inner = list_of(mem, AST_COMPOUND, &inner, 1);
   assert_false(g2n_walk_finds(inner, BIT(AST_BREAK), BIT(AST_COMPOUND)));
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_find_and_enter),
      cmocka_unit_test(test_too_deep),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
