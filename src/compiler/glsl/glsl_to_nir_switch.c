/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: `switch` as ifs, without a loop.
 *
 * A one-trip loop around the cases (the general lowering, emit_switch in
 * glsl_to_nir_stmt.c) would let `break` leave the switch from anywhere,
 * but a loop is costly later on: nir_opt_peephole_select cannot flatten
 * an if that ends in a break, so every value a case assigns reaches the
 * code after the switch through a loop-exit phi, which the register
 * allocator often has to copy.  Instead the body is split into groups,
 * each a run of labels and the statements under it up to the next label.
 *
 * When every group but the last ends in `break`, `return` or `continue`,
 * the switch is the same as
 *
 *    if (sel == a || sel == b) { A } else if (sel == c) { C } else { D }
 *
 * with the group holding `default` (if any) as the final else, whatever
 * its place among the labels: case values are distinct (GLSL 4.60 6.2),
 * so at most one group matches and the default group runs exactly when
 * no other one does.  The trailing `break`s are dropped; `return` and
 * `continue` keep their usual translation, which meets no switch on the
 * jump stack.
 *
 * Since wave 14 the other switches are ifs too:
 *  - a `break` that does not end its group (inside an if, say) raises
 *    the switch's "broken" flag (g2n::break_flag) instead of jumping, and
 *    what follows it in its statement lists runs under `if (!broken)`:
 *    the guards of early returns (glsl_to_nir_return.c);
 *  - when some group may fall through into the next, the groups are a
 *    sequence of ifs instead of a chain: a group runs when its labels
 *    match (`default`: when no label of the switch does) or when the
 *    group before it fell through, which that group records in a
 *    "fallthrough" flag at its end (cleared by a group that does not
 *    fall through, and by a break or return that left it).
 * A switch whose groups hold more than G2N_MAX_RETURN_GUARDS such breaks
 * keeps the loop, so that guards nest at most that deep.
 */
#include "glsl_to_nir_priv.h"

/* Does statement n contain a `break` that would leave the switch it is
 * in?  Loops and switches own the breaks inside them; no other statement
 * holds one. */
bool
g2n_breaks_out(const struct ast_node *n)
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

/* Breaks leaving the switch from statement n other than by ending its
 * group, counted up to cap. */
static unsigned
count_breaks(const struct ast_node *n, unsigned cap)
{
   const struct g2n_walk w = {
      .find = G2N_AST_BIT(AST_BREAK),
      .enter = G2N_AST_BIT(AST_COMPOUND) | G2N_AST_BIT(AST_IF),
      .cap = cap};
   return g2n_walk_count(n, &w);
}

/* One run of labels and the statements under it, up to the next label. */
struct case_group {
   struct ast_node *labels; /* first label */
   struct ast_node *body;   /* first statement (NULL: none) */
   struct ast_node *end;    /* first node after the group */
   struct ast_node *last;   /* last statement (NULL: none) */
   bool is_default;
   bool falls;              /* may go on into the next group */
};

/* Splits the switch body into groups; 0 when it cannot be made ifs. */
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
   unsigned i = 0, breaks = 0;
   while (s) {
      g[i].labels = s;
      for (; s && s->kind == AST_CASE; s = s->next)
         g[i].is_default |= !s->a;
      g[i].body = s && s->kind != AST_CASE ? s : NULL;
      for (; s && s->kind != AST_CASE; s = s->next) {
         /* a break ending the group is dropped (emit_group) */
         if (s->kind != AST_BREAK || (s->next && s->next->kind != AST_CASE))
            breaks += count_breaks(s, G2N_MAX_RETURN_GUARDS + 1);
         g[i].last = s;
      }
      g[i].end = s;
      g[i].falls = s && (!g[i].last || !ends_switch_group(g[i].last));
      i++;
   }
   if (breaks > G2N_MAX_RETURN_GUARDS)
      return 0;
   *out = g;
   return count;
}

/* Whether sel matches one of g's case labels (not `default`); NULL when
 * it has none. */
static nir_def *
group_match(struct g2n *c, const struct case_group *g, struct g2n_val sel)
{
   nir_builder *b = &c->b;
   nir_def *match = NULL;
   for (struct ast_node *l = g->labels; l && l->kind == AST_CASE;
        l = l->next) {
      if (!l->a)
         continue;
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
   if (g->last && g->last->kind == AST_BREAK)
      end = g->last;
   /* declarations under case labels stay variables (glsl_to_nir_ssa.c) */
   g2n_stmt_run(c, g->body, end, false);
}

/* No group falls through: an if/else chain, default last. */
static void
emit_chain(struct g2n *c, const struct case_group *g, unsigned count,
           struct g2n_val sel)
{
   nir_builder *b = &c->b;
   nir_if **ifs = rzalloc_array(c->mem, nir_if *, count);
   unsigned open = 0;
   const struct case_group *dflt = NULL;
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
}

/* Some group falls through: one if per group, in order. */
static void
emit_sequence(struct g2n *c, const struct case_group *g, unsigned count,
              struct g2n_val sel)
{
   nir_builder *b = &c->b;
   /* `default` is taken when no label matches (GLSL 4.60 6.2) */
   nir_def *any = NULL;
   for (unsigned i = 0; i < count && !c->failed; i++) {
      nir_def *m = group_match(c, &g[i], sel);
      if (m)
         any = any ? nir_ior(b, any, m) : m;
   }
   if (c->failed)
      return;
   nir_variable *fall = g2n_temp(c, glsl_simple_type(GLSL_TYPE_BOOL, 1, 1),
                                 "fallthrough");
   nir_store_var(b, fall, nir_imm_false(b), 1);
   for (unsigned i = 0; i < count && !c->failed; i++) {
      nir_def *run = group_match(c, &g[i], sel);
      if (c->failed)
         return;
      if (g[i].is_default) {
         nir_def *none = any ? nir_inot(b, any) : nir_imm_true(b);
         run = run ? nir_ior(b, run, none) : none;
      }
      if (i > 0 && g[i - 1].falls)
         run = nir_ior(b, nir_load_var(b, fall), run);
      /* a group without labels' values or default cannot be entered
       * except from the one before */
      if (!run)
         run = nir_imm_false(b);
      nir_if *nif = nir_push_if(b, run);
      emit_group(c, &g[i]);
      if (!g2n_block_done(c)) {
         nir_def *on = nir_imm_bool(b, g[i].falls);
         if (g[i].falls && g[i].body) {
            nir_def *stop = g2n_return_stopped(c, g[i].body);
            for (struct ast_node *s = g[i].body->next; s && s != g[i].end;
                 s = s->next) {
               nir_def *more = g2n_return_stopped(c, s);
               if (more)
                  stop = stop ? nir_ior(b, stop, more) : more;
            }
            if (stop)
               on = nir_inot(b, stop);
         }
         nir_store_var(b, fall, on, 1);
      }
      nir_pop_if(b, nif);
   }
}

bool
g2n_switch_as_ifs(struct g2n *c, struct ast_node *n, struct g2n_val sel)
{
   struct case_group *g = NULL;
   unsigned count = split_groups(c, n, &g);
   if (!count)
      return false;
   bool falls = false;
   for (unsigned i = 0; i + 1 < count; i++)
      falls |= g[i].falls;

   nir_builder *b = &c->b;
   nir_variable *saved_flag = c->break_flag;
   c->break_flag = g2n_temp(c, glsl_simple_type(GLSL_TYPE_BOOL, 1, 1),
                            "broken");
   nir_store_var(b, c->break_flag, nir_imm_false(b), 1);
   g2n_push_scope(c);
   if (falls)
      emit_sequence(c, g, count, sel);
   else
      emit_chain(c, g, count, sel);
   g2n_pop_scope(c);
   c->break_flag = saved_flag;
   return true;
}
