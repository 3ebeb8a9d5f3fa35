/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: a `switch` without fall-through as an if/else chain.
 *
 * The general lowering (emit_switch in glsl_to_nir_stmt.c) needs a
 * one-trip loop so that `break` can leave the switch from anywhere.  A
 * loop is costly later on: nir_opt_peephole_select cannot flatten an if
 * that ends in a break, so every value a case assigns reaches the code
 * after the switch through a loop-exit phi, which the register allocator
 * often has to copy.  Most switches are simpler: every run of statements
 * under a run of labels ends in `break`, `return` or `continue` (or is
 * the last one), and no other `break` leaves the switch.  Such a switch
 * is the same as
 *
 *    if (sel == a || sel == b) { A } else if (sel == c) { C } else { D }
 *
 * with the group holding `default` (if any) as the final else, whatever
 * its place among the labels: case values are distinct (GLSL 4.60 6.2),
 * so at most one group matches and the default group runs exactly when
 * no other one does.  The trailing `break`s are dropped; `return` and
 * `continue` keep their usual translation, which no longer meets a
 * switch on the jump stack.
 */
#include "glsl_to_nir_priv.h"

/* Does statement n contain a `break` that would leave the switch it is
 * in?  Loops and switches own the breaks inside them; no other statement
 * holds one. */
static bool
breaks_out(const struct ast_node *n)
{
   return g2n_walk_finds(n, G2N_AST_BIT(AST_BREAK),
                         G2N_AST_BIT(AST_COMPOUND) | G2N_AST_BIT(AST_IF));
}

static bool
ends_switch_group(const struct ast_node *n)
{
   return n->kind == AST_BREAK || n->kind == AST_RETURN ||
          n->kind == AST_CONTINUE;
}

/* One run of labels and the statements under it, up to the next label. */
struct case_group {
   struct ast_node *labels; /* first label */
   struct ast_node *body;   /* first statement (NULL: none) */
   struct ast_node *end;    /* first node after the group */
   bool is_default;
};

/* Splits the switch body into groups, or returns 0 when some group may
 * fall through into the next or a `break` leaves the switch from inside
 * a statement. */
static unsigned
split_groups(struct g2n *c, struct ast_node *n, struct case_group **out)
{
   unsigned count = 0;
   for (struct ast_node *s = n->list.head; s; s = s->next) {
      if (s->kind == AST_CASE && (!s->next || s->next->kind != AST_CASE))
         count++;
   }
   struct ast_node *s = n->list.head;
   if (!count || !s || s->kind != AST_CASE)
      return 0;
   struct case_group *g = rzalloc_array(c->mem, struct case_group, count);
   unsigned i = 0;
   while (s) {
      g[i].labels = s;
      for (; s && s->kind == AST_CASE; s = s->next)
         g[i].is_default |= !s->a;
      g[i].body = s && s->kind != AST_CASE ? s : NULL;
      struct ast_node *last = NULL;
      for (; s && s->kind != AST_CASE; s = s->next) {
         if (last && breaks_out(last))
            return 0;
         last = s;
      }
      g[i].end = s;
      /* the last statement may be the break; the others fall through
       * unless they jump */
      if (last && last->kind != AST_BREAK && breaks_out(last))
         return 0;
      if (s && (!last || !ends_switch_group(last)))
         return 0;
      i++;
   }
   *out = g;
   return count;
}

static nir_def *
group_match(struct g2n *c, const struct case_group *g, struct g2n_val sel)
{
   nir_builder *b = &c->b;
   nir_def *match = NULL;
   for (struct ast_node *l = g->labels; l && l->kind == AST_CASE;
        l = l->next) {
      struct g2n_val v = g2n_convert(c, g2n_expr(c, l->a), sel.type);
      if (c->failed)
         return NULL;
      nir_def *m = nir_ieq(b, sel.col[0], v.col[0]);
      match = match ? nir_ior(b, match, m) : m;
   }
   return match;
}

static void
emit_group(struct g2n *c, const struct case_group *g)
{
   /* the group's own closing break is dropped: control leaves the if
    * anyway */
   struct ast_node *end = g->end;
   struct ast_node *last = NULL;
   for (struct ast_node *s = g->body; s && s != g->end; s = s->next)
      last = s;
   if (last && last->kind == AST_BREAK)
      end = last;
   /* declarations under case labels stay variables (glsl_to_nir_ssa.c) */
   g2n_stmt_run(c, g->body, end, false);
}

bool
g2n_switch_as_ifs(struct g2n *c, struct ast_node *n, struct g2n_val sel)
{
   struct case_group *g = NULL;
   unsigned count = split_groups(c, n, &g);
   if (!count)
      return false;

   nir_builder *b = &c->b;
   nir_if **ifs = rzalloc_array(c->mem, nir_if *, count);
   unsigned open = 0;
   const struct case_group *dflt = NULL;
   g2n_push_scope(c);
   for (unsigned i = 0; i < count && !c->failed; i++) {
      if (g[i].is_default) {
         dflt = &g[i];
         continue;
      }
      nir_def *match = group_match(c, &g[i], sel);
      if (!match)
         break;
      ifs[open++] = nir_push_if(b, match);
      emit_group(c, &g[i]);
      nir_push_else(b, ifs[open - 1]);
   }
   if (dflt && !c->failed)
      emit_group(c, dflt);
   while (open)
      nir_pop_if(b, ifs[--open]);
   g2n_pop_scope(c);
   return true;
}
