/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Function declarations and definitions (GLSL 1.10 6.1 and later):
 * prototypes and definitions, overloading and hiding built-ins, parameter
 * qualifiers and types, return types, redefinitions and main(); the body
 * is checked by glsl_check_stmt.c.
 */
#include <string.h>

#include "glsl_check_priv.h"
#include "util/ralloc.h"

static bool
same_params(const struct check_func *a, const struct check_func *b)
{
   if (a->nparams != b->nparams)
      return false;
   for (unsigned i = 0; i < a->nparams; i++) {
      if (!glsl_type_equal(a->params[i], b->params[i]))
         return false;
   }
   return true;
}

static bool
is_builtin_function_name(struct check *c, const char *name)
{
   return check_builtin_func_name(c, name);
}

/* A tabled built-in of this name exists in this version and stage. */
static bool
builtin_available_here(struct check *c, const char *name)
{
   struct glsl_parse_state *st = c->st;
   unsigned nrows;
   const unsigned *rows = check_builtin_func_rows(c, name, &nrows);
   for (unsigned r = 0; r < nrows; r++) {
      const struct glsl_builtin_func *f = &glsl_builtin_funcs[rows[r]];
      if (!(f->stages & (1u << st->stage)))
         continue;
      if (st->es ? f->es && st->version >= f->es &&
                   (!f->es_until || st->version < f->es_until)
                 : f->desk && st->version >= f->desk)
         return true;
   }
   return false;
}

void
check_function(struct check *c, struct ast_node *fn)
{
   struct glsl_parse_state *st = c->st;
   struct check_func *sig = check_tmp_alloc(c, sizeof(struct check_func));
   unsigned rq = fn->type->flags;

   sig->name = fn->name;
   sig->line = fn->line;
   sig->ret = check_resolve_type(c, fn->type, fn);
   sig->precision = rq & AST_Q_PRECISION;
   /* ES fragment shaders: a float return type needs a precision. */
   if (st->es && st->stage == MESA_SHADER_FRAGMENT && !sig->precision &&
       glsl_without_array(sig->ret)->base_type == GLSL_TYPE_FLOAT &&
       !c->global->float_precision)
      check_error(c, fn, "no precision for the return type of '%s'",
                  fn->name);
   if (rq & ~(AST_Q_PRECISION | AST_Q_SUBROUTINE | AST_Q_PRECISE |
              AST_Q_LAYOUT))
      check_error(c, fn, "function return types cannot have storage "
                  "qualifiers");
   if (glsl_type_is_array(sig->ret) && !glsl_is_version(st, 120, 300))
      check_error(c, fn, "functions cannot return arrays in this version");
   else if (glsl_type_is_array(sig->ret) && sig->ret->length < 0)
      check_error(c, fn, "functions cannot return unsized arrays");
   if (glsl_type_contains(sig->ret, GLSL_TYPE_SAMPLER) ||
       glsl_type_contains(sig->ret, GLSL_TYPE_IMAGE))
      check_error(c, fn, "functions cannot return opaque types");

   /* Parameters. */
   unsigned n = fn->list.count;
   sig->params = ralloc_array(c->tmp, const struct glsl_type *, n ? n : 1);
   sig->param_qual = rzalloc_array(c->tmp, unsigned, n ? n : 1);
   unsigned i = 0;
   bool void_param = false;
   for (struct ast_node *p = fn->list.head; p; p = p->next) {
      const struct glsl_type *t = check_resolve_type(c, p->type, p);
      t = check_apply_dims(c, t, &p->dims, false);
      unsigned q = p->type->flags;
      check_qualifier_order(c, p, p->type);
      if (t->base_type == GLSL_TYPE_VOID && !glsl_type_is_array(t)) {
         if (n != 1 || p->name)
            check_error(c, p, "'void' must be the only parameter and "
                        "unnamed");
         void_param = true;
         continue;
      }
      if (q & ~(AST_Q_CONST | AST_Q_IN | AST_Q_OUT | AST_Q_INOUT |
                AST_Q_PRECISION | AST_Q_MEMORY | AST_Q_PRECISE))
         check_error(c, p, "invalid qualifier on a function parameter");
      /* ARB_shading_language_420pack: only layout may appear twice. */
      if (p->type->order_error & (1u << 31))
         check_error(c, p, "a qualifier appears twice or conflicts "
                     "with another");
      if ((q & AST_Q_CONST) && (q & (AST_Q_OUT | AST_Q_INOUT)))
         check_error(c, p, "'const' cannot be combined with out or inout");
      /* GLSL 4.20 section 6.1.1: opaque types (atomic counters too) are
       * in parameters only. */
      if ((q & (AST_Q_OUT | AST_Q_INOUT)) && glsl_type_contains_opaque(t))
         check_error(c, p, "opaque parameters cannot be out or inout");
      check_image_param(c, p, q, t);
      check_scope_opaque_precision(c, p, q, t);
      /* GLSL ES 1.00 4.5.3 / 3.00 4.5.4: a float parameter is a
       * declaration like any other (glslang rejects it too). */
      check_scope_float_precision(c, p, q, t);
      if (glsl_type_is_array(t) && t->length < 0)
         check_error(c, p, "function parameters cannot be unsized arrays");
      if (glsl_type_is_array(t) && (q & (AST_Q_OUT | AST_Q_INOUT)) &&
          !st->es && st->version < 120)
         check_error(c, p, "out and inout array parameters need GLSL 1.20");
      sig->params[i] = t;
      sig->param_qual[i] = q;
      p->vtype = t;
      i++;
   }
   sig->nparams = i;
   (void)void_param;

   if (!strcmp(fn->name, "main")) {
      if (sig->ret->base_type != GLSL_TYPE_VOID || sig->nparams)
         check_error(c, fn, "main() must be declared 'void main()'");
   }

   /* Find or add the function symbol in the global scope. */
   struct hash_entry *e = hash_table_search(c->global->names, fn->name);
   struct check_sym *sym = e ? e->data : NULL;
   if (sym && sym->kind != CHECK_SYM_FUNC) {
      check_error(c, fn, "'%s' is already declared as a %s", fn->name,
                  sym->kind == CHECK_SYM_VAR ? "variable" : "type");
      return;
   }
   if (!check_subroutine_function(c, fn, sig))
      return;
   if (!sym) {
      if (is_builtin_function_name(c, fn->name)) {
         if (st->es && st->version >= 300 &&
             builtin_available_here(c, fn->name)) {
            check_error(c, fn, "built-in function '%s' cannot be "
                        "redeclared or overloaded in GLSL ES", fn->name);
         }
      }
      sym = check_tmp_alloc(c, sizeof(struct check_sym));
      sym->kind = CHECK_SYM_FUNC;
      hash_table_insert(c->global->names, fn->name, sym);
   }
   struct check_func *prev = NULL;
   for (struct check_func *s = sym->sigs; s; s = s->next) {
      if (same_params(s, sig)) {
         prev = s;
         break;
      }
   }
   if (prev) {
      if (!glsl_type_equal(prev->ret, sig->ret) && !type_is_error(sig->ret))
         check_error(c, fn, "'%s' redeclared with a different return type",
                     fn->name);
      else if (st->es && prev->precision != sig->precision)
         check_error(c, fn, "'%s' redeclared with a different return "
                     "precision", fn->name);
      for (i = 0; i < sig->nparams; i++) {
         unsigned mask = AST_Q_IN | AST_Q_OUT | AST_Q_INOUT | AST_Q_CONST;
         if ((prev->param_qual[i] & mask & ~AST_Q_IN) !=
             (sig->param_qual[i] & mask & ~AST_Q_IN))
            check_error(c, fn, "'%s' redeclared with different parameter "
                        "qualifiers", fn->name);
      }
      if (prev->defined && fn->is_definition) {
         check_error(c, fn, "function '%s' is already defined", fn->name);
         return;
      }
      /* ES 1.00 4.2.7: a prototype may not be repeated in one scope (later
       * versions allow it). */
      if (st->es && st->version == 100 && prev->prototyped &&
          !fn->is_definition) {
         check_error(c, fn, "function '%s' is already declared",
                     fn->name);
         return;
      }
      sig = prev;
   } else {
      /* Each call weighs every overload: a bound keeps calls cheap. */
      if (sym->nsigs >= CHECK_MAX_OVERLOADS) {
         check_error(c, fn, "'%s' has more than %d overloads (the front "
                     "end's limit)", fn->name, CHECK_MAX_OVERLOADS);
         return;
      }
      check_subroutine_overload(c, fn, sym->sigs, sig);
      sig->next = sym->sigs;
      sym->sigs = sig;
      sym->nsigs++;
   }

   if (!fn->is_definition) {
      sig->prototyped = true;
      return;
   }
   sig->defined = true;

   /* Parameters and the body share one scope. */
   check_push_scope(c);
   c->func = sig;
   i = 0;
   for (struct ast_node *p = fn->list.head; p; p = p->next) {
      if (!p->vtype || (p->vtype->base_type == GLSL_TYPE_VOID &&
                        !glsl_type_is_array(p->vtype)))
         continue;
      if (p->name) {
         struct check_var *v = check_tmp_alloc(c, sizeof(struct check_var));
         v->name = p->name;
         v->type = p->vtype;
         v->qual = p->type->flags;
         v->read_only = p->type->flags & AST_Q_CONST;
         v->decl = p;
         v->repeat_depth = c->repeat_depth;
         struct check_sym *ps = check_tmp_alloc(c, sizeof(struct check_sym));
         ps->kind = CHECK_SYM_VAR;
         ps->var = v;
         check_declare(c, p->name, ps, p);
      }
   }
   for (struct ast_node *s = fn->a->list.head; s; s = s->next)
      check_stmt(c, s);
   c->func = NULL;
   check_pop_scope(c);
}
