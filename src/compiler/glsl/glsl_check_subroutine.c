/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Subroutines (ARB_shader_subroutine, GLSL 4.00 6.1.2).
 *
 *  - "subroutine RET T(params);" declares the subroutine type T; T is not
 *    a function and cannot be called.
 *  - "subroutine(T1, T2...) RET f(params) { }" defines a function usable
 *    through uniforms of those types: it must be a definition, its return
 *    and parameter types (and parameter qualifiers) must be exactly those
 *    of each listed type, it takes one subroutine qualifier only, and its
 *    name cannot be overloaded.  layout(index = N) on it needs GLSL 4.30 /
 *    ARB_explicit_uniform_location.
 *  - "subroutine uniform T u;" (or an array of them) is the only variable
 *    a subroutine qualifier may declare; calling u(...) or u[i](...) is
 *    checked against T's parameters and has T's return type.
 *  - Recursion through subroutine uniforms is recursion too: a call
 *    through a uniform of type T is a call-graph edge to T, and T has an
 *    edge to every function declared subroutine(T), so the static
 *    recursion check sees the cycle.
 */
#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"

/* The subroutine type called `name`, or NULL. */
struct check_func *
check_subroutine_type(struct check *c, const char *name)
{
   struct check_sym *sym = check_lookup(c, name);
   if (!sym || sym->kind != CHECK_SYM_FUNC)
      return NULL;
   for (struct check_func *s = sym->sigs; s; s = s->next) {
      if (s->subroutine_type)
         return s;
   }
   return NULL;
}

static bool
same_signature(const struct check_func *a, const struct check_func *b)
{
   const unsigned quals = AST_Q_IN | AST_Q_OUT | AST_Q_INOUT | AST_Q_CONST;
   if (!glsl_type_equal(a->ret, b->ret) || a->nparams != b->nparams)
      return false;
   for (unsigned i = 0; i < a->nparams; i++) {
      if (!glsl_type_equal(a->params[i], b->params[i]) ||
          ((a->param_qual[i] ^ b->param_qual[i]) & quals & ~AST_Q_IN))
         return false;
   }
   return true;
}

/* A function declaration with the subroutine qualifier; called once its
 * signature is known and before it is added to the symbol table.
 * Returns false when the declaration is to be dropped. */
bool
check_subroutine_function(struct check *c, struct ast_node *fn,
                          struct check_func *sig)
{
   const struct ast_type *t = fn->type;
   if (!(t->flags & AST_Q_SUBROUTINE))
      return true;
   if (!t->subroutine_list) {
      sig->subroutine_type = true;
      if (fn->is_definition) {
         check_error(c, fn, "subroutine type '%s' cannot have a body",
                     fn->name);
         return false;
      }
      return true;
   }
   sig->subroutine_impl = true;
   if (t->order_error & (1u << 31)) {
      check_error(c, fn, "'%s' has more than one subroutine qualifier",
                  fn->name);
      return false;
   }
   if (!fn->is_definition) {
      check_error(c, fn, "subroutine function '%s' must be defined, not "
                  "only declared", fn->name);
      return false;
   }
   for (struct ast_layout_id *l = t->layout; l; l = l->next) {
      if (!strcasecmp(l->name, "index") &&
          !glsl_is_version(c->st, 430, 0) &&
          !glsl_ext_enabled(c->st, "GL_ARB_explicit_uniform_location")) {
         check_error(c, fn, "layout(index) on a subroutine function needs "
                     "GLSL 4.30 or GL_ARB_explicit_uniform_location");
      } else if (!strcasecmp(l->name, "index") && l->value) {
         int64_t v = 0;
         bool known = false;
         if (check_const_int(c, l->value, &v, &known) && known && v < 0)
            check_error(c, fn, "subroutine index %lld is negative",
                        (long long)v);
      } else if (!strcasecmp(l->name, "location"))
         check_error(c, fn, "layout(location) does not apply to functions");
   }
   for (struct ast_node *tn = t->subroutine_types ? t->subroutine_types->head
                                                  : NULL;
        tn; tn = tn->next) {
      struct check_func *type = check_subroutine_type(c, tn->name);
      if (!type) {
         check_error(c, fn, "'%s' is not a subroutine type", tn->name);
         continue;
      }
      if (!same_signature(type, sig)) {
         check_error(c, fn, "'%s' does not match subroutine type '%s'",
                     fn->name, tn->name);
         continue;
      }
      check_add_call_edge(c, type, sig);
   }
   return true;
}

/* Adding `sig` to the overloads `sigs` of its name: a subroutine
 * function has no overloads (6.1.2). */
void
check_subroutine_overload(struct check *c, struct ast_node *fn,
                          const struct check_func *sigs,
                          const struct check_func *sig)
{
   for (const struct check_func *s = sigs; s; s = s->next) {
      if (s != sig && (s->subroutine_impl || sig->subroutine_impl)) {
         check_error(c, fn, "subroutine function '%s' cannot be "
                     "overloaded", fn->name);
         return;
      }
   }
}

/* A subroutine-qualified variable declaration. */
void
check_subroutine_variable(struct check *c, struct ast_node *n,
                          struct ast_node *d, unsigned q,
                          struct check_var *v)
{
   if (!(q & AST_Q_SUBROUTINE))
      return;
   if (!(q & AST_Q_UNIFORM)) {
      check_error(c, d, "'%s': only uniforms can be subroutine variables",
                  d->name);
      return;
   }
   const char *tn = n->type->type_name;
   v->subroutine_type = tn ? check_subroutine_type(c, tn) : NULL;
   if (!v->subroutine_type)
      check_error(c, d, "subroutine uniform '%s' needs a subroutine type",
                  d->name);
}

/* A call u(...) or u[i](...) through a subroutine uniform. */
struct check_value
check_subroutine_call(struct check *c, struct ast_node *n,
                      struct check_var *v, struct check_value *args,
                      unsigned nargs)
{
   struct check_value r = { .type = &glsl_type_builtin_error };
   const struct check_func *type = v->subroutine_type;
   if (n->b) {
      struct check_value idx = check_expr(c, n->b);
      if (!glsl_type_is_array(v->type))
         check_error(c, n, "'%s' is not an array", v->name);
      else if (!type_is_error(idx.type) &&
               !(glsl_type_is_scalar(idx.type) &&
                 (idx.type->base_type == GLSL_TYPE_INT ||
                  idx.type->base_type == GLSL_TYPE_UINT)))
         check_error(c, n, "array index must be a scalar integer");
   } else if (glsl_type_is_array(v->type)) {
      check_error(c, n, "'%s' is an array of subroutines: index it",
                  v->name);
   }
   if (!type)
      return r;
   if (nargs != type->nparams) {
      check_error(c, n, "'%s' takes %u argument%s, %u given", v->name,
                  type->nparams, type->nparams == 1 ? "" : "s", nargs);
      return r;
   }
   for (unsigned i = 0; i < nargs; i++) {
      if (type_is_error(args[i].type))
         return r;
      if (!check_can_convert(c, args[i].type, type->params[i]) ||
          ((type->param_qual[i] & (AST_Q_OUT | AST_Q_INOUT)) &&
           !glsl_type_equal(args[i].type, type->params[i]))) {
         check_error(c, n, "argument %u of '%s' has type %s, %s expected",
                     i + 1, v->name, glsl_type_name(c->mem, args[i].type),
                     glsl_type_name(c->mem, type->params[i]));
         return r;
      }
   }
   check_note_call(c, (struct check_func *)type);
   r.type = type->ret;
   return r;
}
