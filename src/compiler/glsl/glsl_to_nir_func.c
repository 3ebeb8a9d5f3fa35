/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: calls and constructors.
 *
 * A user function is inlined at every call.  Arguments are evaluated in
 * the caller's scope, left to right: `in` ones into fresh temporaries of
 * the parameter types, `out`/`inout` ones as l-values (`inout` also
 * copied in).  The body runs in line, in a scope that sees only the
 * globals; `return` stores the result and raises the function's
 * "returned" flag, under which the rest of the body is skipped
 * (glsl_to_nir_return.c).  Afterwards `out`/`inout` temporaries are copied
 * back.  Opaque (sampler) parameters alias the argument's deref.
 *
 * Overloads are picked again from the argument types the checker left:
 * an exact match first, else the first one reachable by implicit
 * conversions (the checker already rejected ambiguous calls).
 */
#include <string.h>

#include "glsl_builtins.h"
#include "glsl_to_nir_priv.h"

static bool
implicit_ok(enum glsl_base_type from, enum glsl_base_type to)
{
   if (from == to)
      return true;
   switch (to) {
   case GLSL_TYPE_UINT:
      return from == GLSL_TYPE_INT;
   case GLSL_TYPE_FLOAT:
      return from == GLSL_TYPE_INT || from == GLSL_TYPE_UINT;
   case GLSL_TYPE_DOUBLE:
      return from == GLSL_TYPE_INT || from == GLSL_TYPE_UINT ||
             from == GLSL_TYPE_FLOAT;
   default:
      return false;
   }
}

/* 2: exact, 1: by implicit conversion, 0: no. */
static int
arg_match(const struct glsl_type *arg, const struct glsl_type *param)
{
   if (!arg || !param)
      return 0;
   if (arg == param || glsl_type_equal(arg, param))
      return 2;
   if (glsl_type_is_basic(arg) && glsl_type_is_basic(param) &&
       arg->vector_elements == param->vector_elements &&
       arg->matrix_columns == param->matrix_columns &&
       implicit_ok(arg->base_type, param->base_type))
      return 1;
   return 0;
}

static struct g2n_func *
pick_overload(struct g2n *c, struct ast_node *n)
{
   struct hash_entry *e = hash_table_search(c->funcs, n->name);
   struct g2n_func *best = NULL;
   int best_score = 0;
   for (struct g2n_func *f = e ? e->data : NULL; f; f = f->next) {
      if (f->nparams != n->list.count)
         continue;
      int score = 2;
      struct ast_node *a = n->list.head;
      for (struct ast_node *p = f->fn->list.head; p && a; p = p->next) {
         if (!p->vtype || p->vtype->base_type == GLSL_TYPE_VOID)
            continue;
         /* out parameters convert on the way back (GLSL 4.60 6.1.1) */
         unsigned q = p->type->flags;
         int m = (q & AST_Q_OUT) ? arg_match(p->vtype, a->vtype)
                 : (q & AST_Q_INOUT)
                    ? MIN2(arg_match(a->vtype, p->vtype),
                           arg_match(p->vtype, a->vtype))
                    : arg_match(a->vtype, p->vtype);
         score = MIN2(score, m);
         a = a->next;
      }
      if (score > best_score) {
         best = f;
         best_score = score;
      }
   }
   return best;
}

static bool
is_builtin_name(struct g2n *c, const char *name)
{
   unsigned count;
   g2n_builtin_rows(c, name, &count);
   return count > 0;
}

/* A user function of this name is visible at the call: it is not a
 * built-in name, or the calling shader declares the name before the call
 * (GLSL 1.10 6.1: then the call resolves among the linked shaders only;
 * later versions hide all built-ins of a name the shader declares). */
static bool
user_function_visible(struct g2n *c, struct ast_node *call)
{
   if (!hash_table_search(c->funcs, call->name))
      return false;
   if (!is_builtin_name(c, call->name))
      return true;
   for (struct ast_node *n = c->st->unit.head; n; n = n->next) {
      if (n->kind == AST_FUNCTION && !strcmp(n->name, call->name) &&
          (n->line < call->line ||
           (n->line == call->line && n->col < call->col)))
         return true;
   }
   return false;
}

/* Returns under statement n, counted up to cap (deeper trees count as
 * cap). */
static unsigned
count_returns(const struct ast_node *n, unsigned cap)
{
   const struct g2n_walk w = {
      .find = G2N_AST_BIT(AST_RETURN), .enter = G2N_AST_ANY_BODY, .cap = cap};
   return g2n_walk_count(n, &w);
}

/* Whether f's body can be inlined in line: its only return (if any) is
 * the last statement of the body, so nothing needs to leave it early,
 * and the result is a basic value (no storage to copy). */
static bool
straight_body(struct g2n_func *f, const struct glsl_type *rt)
{
   if (!f->straight) {
      const struct ast_node *body = f->fn->a;
      unsigned k = body && body->kind == AST_COMPOUND
                      ? count_returns(body, 2)
                      : 2;
      bool last = body && body->list.tail &&
                  body->list.tail->kind == AST_RETURN;
      bool is_void = !rt || rt->base_type == GLSL_TYPE_VOID;
      bool basic = rt && glsl_type_is_basic(rt) && !glsl_type_is_array(rt);
      f->straight = (is_void && k == 0) || ((is_void || basic) && k == 1 &&
                                            last)
                       ? 1
                       : -1;
   }
   return f->straight > 0;
}

struct arg {
   struct g2n_val val;
   struct g2n_lval lv;
   bool out;
};

static struct g2n_val
inline_call(struct g2n *c, struct ast_node *n, struct g2n_func *f)
{
   nir_builder *b = &c->b;
   const struct glsl_type *rt = n->vtype;
   struct g2n_val result = { .type = rt };
   if (c->inline_depth >= G2N_MAX_INLINE_DEPTH) {
      g2n_fail(c, n, "calls nested too deeply");
      return result;
   }
   if (++c->inlined_calls > G2N_MAX_INLINED_CALLS) {
      g2n_fail(c, n, "too many function calls to inline");
      return result;
   }
   /* The parameters and body take the default precisions where the
    * function is defined; the arguments are the caller's expressions. */
   unsigned caller_prec_float = c->default_prec_float;
   unsigned caller_prec_int = c->default_prec_int;
   unsigned np = n->list.count;
   struct arg *args = rzalloc_array(c->mem, struct arg, np ? np : 1);
   struct g2n_sym **syms = rzalloc_array(c->mem, struct g2n_sym *,
                                         np ? np : 1);
   struct ast_node *a = n->list.head;
   unsigned i = 0;
   for (struct ast_node *p = f->fn->list.head; p && a; p = p->next) {
      const struct glsl_type *pt = p->vtype;
      if (!pt || pt->base_type == GLSL_TYPE_VOID)
         continue;
      unsigned q = p->type->flags;
      struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
      sym->type = pt;
      sym->field = -1;
      sym->var_index = -1;
      c->default_prec_float = f->default_prec_float;
      c->default_prec_int = f->default_prec_int;
      sym->prec = g2n_decl_prec(c, q, pt);
      c->default_prec_float = caller_prec_float;
      c->default_prec_int = caller_prec_int;
      if (q & (AST_Q_OUT | AST_Q_INOUT)) {
         args[i].out = true;
         if (!g2n_lvalue(c, a, &args[i].lv)) {
            g2n_fail(c, a, "out argument is not an l-value");
            return result;
         }
         sym->var = g2n_temp(c, pt, p->name);
         if (q & AST_Q_INOUT) {
            struct g2n_val v = g2n_convert(c, g2n_load_lval(c, &args[i].lv),
                                           pt);
            g2n_store(c, nir_build_deref_var(b, sym->var), pt, v);
         }
      } else if (glsl_type_contains(pt, GLSL_TYPE_SAMPLER) ||
                 glsl_type_contains(pt, GLSL_TYPE_IMAGE)) {
         struct g2n_val v = g2n_expr(c, a);
         sym->alias = v.deref;
      } else if (glsl_type_contains(pt, GLSL_TYPE_ATOMIC_UINT)) {
         /* counters are opaque too: the parameter names the argument's
          * counter (glsl_to_nir_ssbo.c) */
         sym->mem_alias = rzalloc(c->mem, struct g2n_lval);
         if (!g2n_lvalue(c, a, sym->mem_alias) || !sym->mem_alias->ubo) {
            g2n_fail(c, a, "an atomic counter argument that is not a "
                     "counter");
            return result;
         }
      } else {
         struct g2n_val v = g2n_convert(c, g2n_expr(c, a), pt);
         if (c->failed)
            return result;
         /* in parameters no loop of the body assigns are values
          * (glsl_to_nir_ssa.c) */
         sym->ssa = g2n_ssa_local_ok(p, pt);
         if (sym->ssa) {
            g2n_ssa_declare(c, sym);
            sym->ssa_val = v.col[0];
         } else {
            sym->var = g2n_temp(c, pt, p->name);
            g2n_store(c, nir_build_deref_var(b, sym->var), pt, v);
         }
      }
      if (c->failed)
         return result;
      syms[i] = sym;
      a = a->next;
      i++;
   }

   /* The body sees the globals and its parameters only. */
   struct g2n_scope *saved = c->scope;
   c->scope = c->global;
   g2n_push_scope(c);
   i = 0;
   for (struct ast_node *p = f->fn->list.head; p; p = p->next) {
      if (!p->vtype || p->vtype->base_type == GLSL_TYPE_VOID)
         continue;
      if (i < np)
         g2n_declare(c, p->name, syms[i]);
      i++;
   }

   struct g2n_jump *j = rzalloc(c->mem, struct g2n_jump);
   j->kind = G2N_JUMP_INLINE;
   j->straight = straight_body(f, rt);
   /* Each return guards the rest of its list with one more nested if
    * (glsl_to_nir_return.c); past G2N_MAX_RETURN_GUARDS returns the body
    * is a one-trip loop instead, `return` breaking out of it, so that
    * the nesting stays bounded. */
   j->loop = !j->straight &&
             count_returns(f->fn->a, G2N_MAX_RETURN_GUARDS + 1) >
                G2N_MAX_RETURN_GUARDS;
   if (!j->straight) {
      j->flag = g2n_temp(c, glsl_simple_type(GLSL_TYPE_BOOL, 1, 1),
                         "returned");
      nir_store_var(b, j->flag, nir_imm_false(b), 1);
   }
   if (rt && rt->base_type != GLSL_TYPE_VOID) {
      if (!j->straight)
         j->retval = g2n_temp(c, rt, "retval");
      j->ret_type = rt;
   }
   struct g2n_jump *saved_jumps = c->jumps;
   struct glsl_parse_state *saved_st = c->st;
   c->st = f->st;
   j->up = NULL; /* break/continue never cross a function boundary */
   j->saved_break_flag = c->break_flag;
   c->break_flag = NULL;
   c->jumps = j;
   c->inline_depth++;
   c->default_prec_float = f->default_prec_float;
   c->default_prec_int = f->default_prec_int;

   if (j->loop) {
      nir_loop *loop = nir_push_loop(b);
      g2n_stmt(c, f->fn->a);
      if (!g2n_block_done(c))
         nir_jump(b, nir_jump_break);
      nir_pop_loop(b, loop);
   } else {
      /* in line: the body falls through to what follows the call; early
       * returns raise the flag (glsl_to_nir_return.c) */
      g2n_stmt(c, f->fn->a);
   }

   c->inline_depth--;
   c->default_prec_float = caller_prec_float;
   c->default_prec_int = caller_prec_int;
   c->jumps = saved_jumps;
   c->break_flag = j->saved_break_flag;
   c->st = saved_st;
   c->scope = saved;

   /* Copy out. */
   for (i = 0; i < np && !c->failed; i++) {
      if (!args[i].out)
         continue;
      const struct glsl_type *pt = syms[i]->type;
      struct g2n_val v = g2n_load(c, nir_build_deref_var(b, syms[i]->var),
                                  pt);
      g2n_store_lval(c, &args[i].lv, g2n_convert(c, v, args[i].lv.type));
   }
   if (j->retval)
      result = g2n_load(c, nir_build_deref_var(b, j->retval), rt);
   else if (j->straight && j->ret.col[0])
      result = j->ret;
   else if (j->straight && j->ret_type && glsl_type_is_basic(rt)) {
      /* the return was not reached (nothing after a jump is
       * translated): undefined */
      unsigned bits = rt->base_type == GLSL_TYPE_BOOL ? 1 : 32;
      for (unsigned k = 0; k < rt->matrix_columns && k < 4; k++)
         result.col[k] = nir_undef(b, rt->vector_elements, bits);
   }
   return result;
}

struct g2n_val
g2n_call(struct g2n *c, struct ast_node *n)
{
   struct g2n_val none = { .type = n->vtype };
   if (n->b) {
      g2n_fail(c, n, "subroutine calls are not translated yet");
      return none;
   }
   if (user_function_visible(c, n)) {
      struct g2n_func *f = pick_overload(c, n);
      if (f)
         return inline_call(c, n, f);
      /* Prototype only (a built-in of the same name is hidden in GLSL,
       * but desktop GLSL keeps built-ins visible): try the built-ins. */
   }
   return g2n_builtin_call(c, n);
}

/* ---- constructors ------------------------------------------------------------ */

struct g2n_val
g2n_constructor(struct g2n *c, struct ast_node *n)
{
   nir_builder *b = &c->b;
   const struct glsl_type *t = n->vtype;
   struct g2n_val r = { .type = t };
   unsigned nargs = n->list.count;
   struct g2n_val *args = rzalloc_array(c->mem, struct g2n_val,
                                        nargs ? nargs : 1);
   unsigned i = 0;
   for (struct ast_node *a = n->list.head; a && !c->failed; a = a->next)
      args[i++] = g2n_expr(c, a);
   if (c->failed)
      return r;

   if (t->base_type == GLSL_TYPE_ARRAY ||
       t->base_type == GLSL_TYPE_STRUCT) {
      nir_variable *tmp = g2n_temp(c, t, "ctor");
      nir_deref_instr *d = nir_build_deref_var(b, tmp);
      for (i = 0; i < nargs; i++) {
         const struct glsl_type *et;
         nir_deref_instr *ed = g2n_member_deref(b, d, t, i, &et);
         if (!ed)
            break;
         g2n_store(c, ed, et, g2n_convert(c, args[i], et));
      }
      r.deref = d;
      return r;
   }
   if (!glsl_type_is_basic(t) || !nargs) {
      g2n_fail(c, n, "cannot construct this type");
      return r;
   }

   const struct glsl_type *scalar = glsl_simple_type(t->base_type, 1, 1);
   unsigned rows = t->vector_elements, cols = t->matrix_columns;

   /* mat(scalar): diagonal; mat(mat): overlap, identity elsewhere. */
   if (cols > 1 && nargs == 1 && glsl_type_is_scalar(args[0].type)) {
      nir_def *x = g2n_convert(c, args[0], scalar).col[0];
      nir_def *zero = nir_imm_float_like(b, 0.0, x);
      for (unsigned col = 0; col < cols; col++) {
         nir_def *comps[4];
         for (unsigned row = 0; row < rows; row++)
            comps[row] = row == col ? x : zero;
         r.col[col] = nir_vec(b, comps, rows);
      }
      return r;
   }
   if (cols > 1 && nargs == 1 && glsl_type_is_matrix(args[0].type)) {
      struct g2n_val m = args[0];
      const struct glsl_type *mt = m.type;
      m = g2n_convert(c, m, glsl_simple_type(t->base_type,
                                             mt->vector_elements,
                                             mt->matrix_columns));
      for (unsigned col = 0; col < cols; col++) {
         nir_def *comps[4];
         for (unsigned row = 0; row < rows; row++) {
            if (col < mt->matrix_columns && row < mt->vector_elements)
               comps[row] = nir_channel(b, m.col[col], row);
            else
               comps[row] = nir_imm_floatN_t(b, row == col ? 1.0 : 0.0,
                                             m.col[0]->bit_size);
         }
         r.col[col] = nir_vec(b, comps, rows);
      }
      return r;
   }

   /* Otherwise: components in order, converted one by one; a conversion
    * has its arguments' precision (glsl_to_nir_prec.c: a constructor's
    * rank is its operands'), so int(mediump float) is a mediump int */
   nir_def *comps[16];
   unsigned ncomp = 0, need = rows * cols;
   g2n_prec_begin(c, c->operand_prec, t->base_type);
   for (i = 0; i < nargs && ncomp < need; i++) {
      nir_def *ac[16];
      unsigned k = g2n_components(c, args[i], ac);
      const struct glsl_type *at = glsl_simple_type(args[i].type->base_type,
                                                    1, 1);
      for (unsigned j = 0; j < k && ncomp < need; j++)
         comps[ncomp++] = g2n_convert(c, g2n_basic(at, ac[j]), scalar).col[0];
   }
   g2n_prec_end(c);
   if (ncomp == 1 && need > 1) {
      for (unsigned j = 1; j < need; j++)
         comps[j] = comps[0];
      ncomp = need;
   }
   if (ncomp < need) {
      g2n_fail(c, n, "too few constructor arguments");
      return r;
   }
   for (unsigned col = 0; col < cols; col++) {
      r.col[col] = rows > 1 ? nir_vec(b, &comps[col * rows], rows)
                            : comps[col * rows];
   }
   return r;
}
