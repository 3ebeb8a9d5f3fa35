/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * One walk over the statements of a body for the questions the
 * translator asks before it emits control flow: is there a `break` that
 * leaves this switch, a `continue` of this loop, a `return` anywhere
 * (and how many)?  The caller says which statement kinds it looks for
 * and which ones the walk may enter; a statement of any other kind
 * (a nested loop that owns its breaks, say) ends the descent there.
 */
#include <assert.h>

#include "glsl_to_nir_priv.h"

static_assert(AST_ARRAY_DIM < 64, "enum ast_kind fits a 64-bit mask");

/* Deeper than this the tree counts as holding cap matches: the callers
 * then take their general path, and the walk's stack stays small. */
#define WALK_MAX_DEPTH 1000

static unsigned
count_under(const struct ast_node *n, const struct g2n_walk *w,
            unsigned depth)
{
   if (!n)
      return 0;
   if (depth > WALK_MAX_DEPTH)
      return w->cap;
   const uint64_t bit = G2N_AST_BIT(n->kind);
   if (w->find & bit)
      return 1;
   if (!(w->enter & bit))
      return 0;

   unsigned k = 0;
   switch (n->kind) {
   case AST_COMPOUND:
   case AST_SWITCH:
      for (const struct ast_node *s = n->list.head; s && k < w->cap;
           s = s->next)
         k += count_under(s, w, depth + 1);
      break;
   case AST_IF:
      k = count_under(n->b, w, depth + 1);
      if (k < w->cap)
         k += count_under(n->c, w, depth + 1);
      break;
   case AST_WHILE:
   case AST_DO:
      k = count_under(n->b, w, depth + 1);
      break;
   case AST_FOR:
      k = count_under(n->d, w, depth + 1);
      break;
   default:
      break; /* expressions and declarations hold no statements */
   }
   return MIN2(k, w->cap);
}

unsigned
g2n_walk_count(const struct ast_node *n, const struct g2n_walk *w)
{
   return count_under(n, w, 0);
}

bool
g2n_walk_finds(const struct ast_node *n, uint64_t find, uint64_t enter)
{
   const struct g2n_walk w = {.find = find, .enter = enter, .cap = 1};
   return count_under(n, &w, 0) != 0;
}
