/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: statements.  Structured control flow maps onto NIR ifs and
 * loops; what NIR lacks is built from flags:
 *  - `for` with `continue`: the increment runs at the top of the loop,
 *    skipped on the first trip, so that `continue` (a jump to the top)
 *    still increments; `do` with `continue` tests its condition there the
 *    same way.  Loops without `continue` take the plain shape the loop
 *    analysis recognises.
 *  - `switch` is ifs with flags (glsl_to_nir_switch.c); only one with
 *    statements before its first label or too many breaks to guard is a
 *    one-trip loop (so `break` leaves it) of ifs guarded by "case
 *    matched or fell through"; `continue` inside it sets a flag, leaves,
 *    and continues the enclosing loop after it.
 *  - `return` in an inlined function: see glsl_to_nir_func.c and
 *    glsl_to_nir_return.c.
 * Statements after a jump in the same list are unreachable and skipped.
 */
#include <string.h>

#include "glsl_to_nir_priv.h"

bool
g2n_block_unreachable_end(nir_block *block)
{
   if (nir_block_ends_in_jump(block))
      return true;
   if (!list_is_empty(&block->instr_list))
      return false;
   nir_cf_node *prev = nir_cf_node_prev(&block->cf_node);
   if (!prev || prev->type != nir_cf_node_if)
      return false;
   nir_if *nif = nir_cf_node_as_if(prev);
   return g2n_block_unreachable_end(nir_if_last_then_block(nif)) &&
          g2n_block_unreachable_end(nir_if_last_else_block(nif));
}

bool
g2n_block_done(struct g2n *c)
{
   return g2n_block_unreachable_end(nir_cursor_current_block(c->b.cursor));
}

static bool
block_done(struct g2n *c)
{
   return g2n_block_done(c);
}

/* Whether n is the statement "f();" calling a user function without
 * arguments. */
static bool
is_bare_call(struct g2n *c, const struct ast_node *n)
{
   const struct ast_node *call = n->kind == AST_EXPR_STMT ? n->a : NULL;
   return call && call->kind == AST_CALL && !call->type && !call->b &&
          call->name && call->list.count == 0 &&
          hash_table_search(c->funcs, call->name);
}

/* "f(); f(); ... f();" (k times) runs as a loop of k trips around one
 * copy of f's body: the same effects, with the code of f once instead of
 * k times, so that functions calling each other twice at every level
 * (piglit glsl-vs-inline-explosion) cost linear, not exponential, code. */
static unsigned
repeated_calls(struct g2n *c, const struct ast_node *n)
{
   if (!is_bare_call(c, n))
      return 1;
   unsigned k = 1;
   for (const struct ast_node *m = n->next;
        m && is_bare_call(c, m) && !strcmp(m->a->name, n->a->name);
        m = m->next)
      k++;
   return k;
}

static void
emit_repeat(struct g2n *c, struct ast_node *call_stmt, unsigned k)
{
   nir_builder *b = &c->b;
   nir_variable *i = g2n_temp(c, glsl_simple_type(GLSL_TYPE_INT, 1, 1),
                              "repeat");
   nir_store_var(b, i, nir_imm_int(b, 0), 1);
   nir_loop *loop = nir_push_loop(b);
   nir_def *n = nir_load_var(b, i);
   nir_if *done = nir_push_if(b, nir_ige(b, n, nir_imm_int(b, (int)k)));
   nir_jump(b, nir_jump_break);
   nir_pop_if(b, done);
   nir_store_var(b, i, nir_iadd(b, n, nir_imm_int(b, 1)), 1);
   g2n_stmt(c, call_stmt);
   nir_pop_loop(b, loop);
}

void
g2n_stmt_run(struct g2n *c, struct ast_node *first, struct ast_node *end,
             bool decls)
{
   for (struct ast_node *n = first; n && n != end && !c->failed;
        n = n->next) {
      if (block_done(c))
         break;
      unsigned k = repeated_calls(c, n);
      if (k > 1) {
         emit_repeat(c, n, k);
         for (unsigned m = 1; m < k; m++)
            n = n->next;
         continue;
      }
      /* its locals may be values (glsl_to_nir_ssa.c) */
      c->ssa_decl_ok = decls && n->kind == AST_DECL_STMT;
      g2n_stmt(c, n);
      c->ssa_decl_ok = false;
      /* nothing after either runs (glsl_to_nir_return.c) */
      if (n->kind == AST_RETURN && g2n_return_is_flag(c))
         break;
      if (n->kind == AST_BREAK && c->break_flag)
         break;
      if (n->next && n->next != end && g2n_return_needs_guard(c, n)) {
         struct g2n_return_guard g;
         g2n_return_guard_begin(c, &g, n);
         g2n_stmt_run(c, n->next, end, decls);
         g2n_return_guard_end(c, &g);
         break;
      }
   }
}

void
g2n_stmt_list(struct g2n *c, struct ast_list *l)
{
   g2n_stmt_run(c, l->head, NULL, true);
}

static void
push_jump(struct g2n *c, enum g2n_jump_kind kind, nir_variable *flag)
{
   struct g2n_jump *j = rzalloc(c->mem, struct g2n_jump);
   j->kind = kind;
   j->flag = flag;
   j->up = c->jumps;
   /* a `break` in here leaves this loop or switch */
   j->saved_break_flag = c->break_flag;
   c->break_flag = NULL;
   c->jumps = j;
}

static void
pop_jump(struct g2n *c)
{
   c->break_flag = c->jumps->saved_break_flag;
   c->jumps = c->jumps->up;
}

void
g2n_after_loop(struct g2n *c)
{
   /* Directly in the body, the guards of glsl_to_nir_return.c skip what
    * follows; inside another loop, the flag leaves that one too. */
   if (g2n_return_is_flag(c))
      return;
   for (struct g2n_jump *j = c->jumps; j; j = j->up) {
      if (j->kind == G2N_JUMP_INLINE) {
         if (j->flag)
            nir_break_if(&c->b, nir_load_var(&c->b, j->flag));
         return;
      }
   }
}

static void
emit_continue(struct g2n *c)
{
   struct g2n_jump *j = c->jumps;
   if (j && j->kind == G2N_JUMP_SWITCH) {
      nir_store_var(&c->b, j->flag, nir_imm_true(&c->b), 1);
      nir_jump(&c->b, nir_jump_break);
   } else {
      nir_jump(&c->b, nir_jump_continue);
   }
}

static void
emit_return(struct g2n *c, struct ast_node *n)
{
   struct g2n_jump *j = c->jumps;
   while (j && j->kind != G2N_JUMP_INLINE)
      j = j->up;
   if (n->a) {
      struct g2n_val v = g2n_expr(c, n->a);
      if (c->failed)
         return;
      if (j && j->straight) {
         j->ret = g2n_convert(c, v, j->ret_type);
         return;
      }
      if (j && j->retval) {
         v = g2n_convert(c, v, j->ret_type);
         g2n_store(c, nir_build_deref_var(&c->b, j->retval), j->ret_type,
                   v);
      }
   }
   if (!j) {
      nir_jump(&c->b, nir_jump_return);
      return;
   }
   if (j->straight)
      return; /* the last statement: the body ends here anyway */
   nir_store_var(&c->b, j->flag, nir_imm_true(&c->b), 1);
   /* out of a loop in the body, or of the body's own loop */
   if (c->jumps != j || j->loop)
      nir_jump(&c->b, nir_jump_break);
}

/* Does a loop body continue (its own loop, not a nested one)? */
static bool
has_continue(const struct ast_node *n)
{
   return g2n_walk_finds(n, G2N_AST_BIT(AST_CONTINUE),
                         G2N_AST_BIT(AST_COMPOUND) | G2N_AST_BIT(AST_SWITCH) |
                            G2N_AST_BIT(AST_IF));
}

static nir_def *
condition(struct g2n *c, struct ast_node *cond)
{
   if (cond->kind == AST_COND_DECL) {
      const struct glsl_type *t = cond->vtype ? cond->vtype
                                              : cond->a->vtype;
      struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
      sym->type = t;
      sym->field = -1;
      sym->var_index = -1;
      sym->var = g2n_temp(c, t, cond->name);
      struct g2n_val v = g2n_convert(c, g2n_expr(c, cond->a), t);
      if (c->failed)
         return NULL;
      g2n_store(c, nir_build_deref_var(&c->b, sym->var), t, v);
      g2n_declare(c, cond->name, sym);
      return v.col[0];
   }
   struct g2n_val v = g2n_expr(c, cond);
   return c->failed ? NULL : v.col[0];
}

static void
break_unless(struct g2n *c, struct ast_node *cond)
{
   if (!cond)
      return;
   nir_def *x = condition(c, cond);
   if (x)
      nir_break_if(&c->b, nir_inot(&c->b, x));
}

static void
end_loop(struct g2n *c, nir_loop *loop)
{
   nir_pop_loop(&c->b, loop);
   pop_jump(c);
   g2n_after_loop(c);
}

static void
emit_while(struct g2n *c, struct ast_node *n)
{
   push_jump(c, G2N_JUMP_LOOP, NULL);
   nir_loop *loop = nir_push_loop(&c->b);
   g2n_push_scope(c);
   break_unless(c, n->a);
   if (!block_done(c))
      g2n_stmt(c, n->b);
   g2n_pop_scope(c);
   end_loop(c, loop);
}

/* for (init; cond; rest) body, and do body while (cond) when `rest` is
 * NULL and `test_last` is set. */
static void
emit_loop(struct g2n *c, struct ast_node *cond, struct ast_node *rest,
          struct ast_node *body, bool test_last)
{
   nir_builder *b = &c->b;
   bool cont = has_continue(body) && (rest || test_last);
   nir_variable *first = NULL;
   if (cont) {
      first = g2n_temp(c, glsl_simple_type(GLSL_TYPE_BOOL, 1, 1), "first");
      nir_store_var(b, first, nir_imm_true(b), 1);
   }
   push_jump(c, G2N_JUMP_LOOP, NULL);
   nir_loop *loop = nir_push_loop(b);
   g2n_push_scope(c);
   if (cont) {
      nir_if *nif = nir_push_if(b, nir_inot(b, nir_load_var(b, first)));
      if (rest)
         g2n_expr(c, rest);
      else
         break_unless(c, cond);
      nir_pop_if(b, nif);
      nir_store_var(b, first, nir_imm_false(b), 1);
      if (rest)
         break_unless(c, cond);
      g2n_push_scope(c);
      g2n_stmt(c, body);
      g2n_pop_scope(c);
   } else if (test_last) {
      /* The body is a scope of its own, apart from the condition
       * (GLSL 4.60 6.3). */
      g2n_push_scope(c);
      g2n_stmt(c, body);
      g2n_pop_scope(c);
      if (!block_done(c))
         break_unless(c, cond);
   } else {
      break_unless(c, cond);
      /* names the body declares must not capture the increment's */
      g2n_push_scope(c);
      g2n_stmt(c, body);
      g2n_pop_scope(c);
      if (rest && !block_done(c))
         g2n_expr(c, rest);
   }
   g2n_pop_scope(c);
   end_loop(c, loop);
}

static void
emit_switch(struct g2n *c, struct ast_node *n)
{
   nir_builder *b = &c->b;
   const struct glsl_type *tbool = glsl_simple_type(GLSL_TYPE_BOOL, 1, 1);
   struct g2n_val sel = g2n_expr(c, n->a);
   if (c->failed)
      return;
   /* ifs, no loop, when it can (glsl_to_nir_switch.c) */
   if (g2n_switch_as_ifs(c, n, sel))
      return;
   nir_variable *fall = g2n_temp(c, tbool, "fallthrough");
   nir_variable *cont = g2n_temp(c, tbool, "switch_continue");
   nir_store_var(b, fall, nir_imm_false(b), 1);
   nir_store_var(b, cont, nir_imm_false(b), 1);

   /* The default label is taken when no case value matches. */
   nir_def *any = nir_imm_false(b);
   for (struct ast_node *s = n->list.head; s; s = s->next) {
      if (s->kind == AST_CASE && s->a) {
         struct g2n_val v = g2n_convert(c, g2n_expr(c, s->a), sel.type);
         if (c->failed)
            return;
         any = nir_ior(b, any, nir_ieq(b, sel.col[0], v.col[0]));
      }
   }

   push_jump(c, G2N_JUMP_SWITCH, cont);
   nir_loop *loop = nir_push_loop(b);
   g2n_push_scope(c);
   struct ast_node *s = n->list.head;
   while (s && !c->failed) {
      /* A run of labels, then the statements up to the next label. */
      nir_def *match = nir_load_var(b, fall);
      for (; s && s->kind == AST_CASE; s = s->next) {
         nir_def *m;
         if (s->a) {
            struct g2n_val v = g2n_convert(c, g2n_expr(c, s->a), sel.type);
            if (c->failed)
               break;
            m = nir_ieq(b, sel.col[0], v.col[0]);
         } else {
            m = nir_inot(b, any);
         }
         match = nir_ior(b, match, m);
      }
      nir_if *nif = nir_push_if(b, match);
      nir_store_var(b, fall, nir_imm_true(b), 1);
      for (; s && s->kind != AST_CASE && !c->failed; s = s->next) {
         if (!block_done(c))
            g2n_stmt(c, s);
      }
      nir_pop_if(b, nif);
   }
   g2n_pop_scope(c);
   if (!block_done(c))
      nir_jump(b, nir_jump_break);
   nir_pop_loop(b, loop);
   pop_jump(c);
   /* Pass a `continue` on, when there is a loop to continue. */
   bool in_loop = false;
   for (struct g2n_jump *j = c->jumps; j && j->kind != G2N_JUMP_INLINE;
        j = j->up)
      in_loop = true;
   if (in_loop) {
      nir_if *nif = nir_push_if(b, nir_load_var(b, cont));
      emit_continue(c);
      nir_pop_if(b, nif);
   }
   g2n_after_loop(c);
}

void
g2n_stmt(struct g2n *c, struct ast_node *n)
{
   nir_builder *b = &c->b;
   if (!n || c->failed)
      return;
   switch (n->kind) {
   case AST_COMPOUND:
      if (n->new_scope)
         g2n_push_scope(c);
      g2n_stmt_list(c, &n->list);
      if (n->new_scope)
         g2n_pop_scope(c);
      break;
   case AST_EXPR_STMT:
      if (n->a)
         g2n_expr(c, n->a);
      break;
   case AST_DECL_STMT:
      if (n->a && n->a->kind == AST_DECL_LIST)
         g2n_local_decl(c, n->a);
      else if (n->a && n->a->kind == AST_PRECISION)
         g2n_stmt(c, n->a);
      break;
   case AST_DECL_LIST:
      g2n_local_decl(c, n);
      break;
   case AST_IF: {
      nir_def *cond = g2n_expr(c, n->a).col[0];
      if (c->failed)
         return;
      /* A branch a constant condition never takes is not translated
       * (glsl_to_nir_fold.c). */
      int known = g2n_fold_bool(c, &cond);
      struct g2n_ssa_join join;
      g2n_ssa_join_begin(c, &join);
      nir_if *nif = nir_push_if(b, cond);
      if (known != 0) {
         g2n_push_scope(c);
         g2n_stmt(c, n->b);
         g2n_pop_scope(c);
      }
      g2n_ssa_join_mid(c, &join);
      if (n->c && known != 1) {
         nir_push_else(b, nif);
         g2n_push_scope(c);
         g2n_stmt(c, n->c);
         g2n_pop_scope(c);
      }
      nir_pop_if(b, nif);
      g2n_ssa_join_end(c, &join, nif);
      break;
   }
   case AST_WHILE:
      emit_while(c, n);
      break;
   case AST_DO:
      emit_loop(c, n->a, NULL, n->b, true);
      break;
   case AST_FOR:
      g2n_push_scope(c);
      g2n_stmt(c, n->a);
      emit_loop(c, n->b, n->c, n->d, false);
      g2n_pop_scope(c);
      break;
   case AST_SWITCH:
      emit_switch(c, n);
      break;
   case AST_BREAK:
      if (c->break_flag)
         nir_store_var(b, c->break_flag, nir_imm_true(b), 1);
      else
         nir_jump(b, nir_jump_break);
      break;
   case AST_CONTINUE:
      emit_continue(c);
      break;
   case AST_RETURN:
      emit_return(c, n);
      break;
   case AST_DISCARD:
   case AST_DEMOTE:
      nir_build_intrinsic(b, nir_intrinsic_discard, 0, 0, NULL,
                          NIR_INTRINSIC_NUM_INDEX_FLAGS);
      c->shader->info.uses_discard = true;
      break;
   case AST_PRECISION:
      /* Only a raise to highp is kept (to the end of the function, not
       * only of the scope): precision is then never lower than the
       * shader asks (GLSL ES 3.00 4.5.4). */
      if (n->type && (n->type->flags & AST_Q_HIGHP) && n->type->builtin) {
         if (n->type->builtin->base_type == GLSL_TYPE_FLOAT)
            c->default_prec_float = AST_Q_HIGHP;
         else if (n->type->builtin->base_type == GLSL_TYPE_INT)
            c->default_prec_int = AST_Q_HIGHP;
      }
      break;
   default:
      /* Struct definitions, labels outside a switch: nothing to run. */
      break;
   }
}
