/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: locals as SSA values.
 *
 * A local scalar or vector is normally a function_temp variable, every
 * use a deref, a load or a store, and nir_lower_vars_to_ssa turns them
 * into values later.  On a long straight-line function that is most of
 * the translated code (a statement "float t = a * 2.0 + b;" gave nine
 * instructions, six of them derefs, loads and stores) and all of it is
 * built, walked by every pass up to the promotion, and deleted.
 *
 * A local whose every assignment runs in straight-line code of the
 * statement list that declares it does not need the variable: at any
 * point of that list its value is the one the last assignment before it
 * computed, and that value's instruction dominates the rest of the list
 * and everything nested in it (nested ifs and loops only read it).  Such
 * a local is kept as the current value (g2n_sym.ssa_val) and its
 * assignments replace it.
 *
 * "Under control flow" is decided on the AST before the list is
 * translated, conservatively: an assignment, increment or call argument
 * (an out parameter may write it) naming the local inside a nested
 * statement (if, loop, switch, compound) or a conditionally evaluated
 * operand (the right side of && and ||, the branches of ?:) makes the
 * name unsafe for the whole list, whichever declaration it refers to.
 * Only lists of compound statements are scanned (a switch body is not
 * one: its statements run under case labels).  The `in` parameters of an
 * inlined function are values the same way, against its body's list
 * (the arguments are computed before the body).
 */
#include "glsl_parser.h"
#include "glsl_to_nir_priv.h"

/* Deeper trees are not scanned: their lists keep variables. */
#define SSA_SCAN_MAX_DEPTH 2000

static bool
ssa_type_ok(const struct glsl_type *t)
{
   return t && glsl_type_is_basic(t) && t->matrix_columns == 1 &&
          (t->base_type == GLSL_TYPE_FLOAT || t->base_type == GLSL_TYPE_INT ||
           t->base_type == GLSL_TYPE_UINT || t->base_type == GLSL_TYPE_BOOL);
}

/* The variable an l-value expression names (x in x, x.y, x[i].z). */
static const char *
root_name(const struct ast_node *n)
{
   for (unsigned depth = 0; n && depth < SSA_SCAN_MAX_DEPTH; depth++) {
      if (n->kind == AST_IDENT)
         return n->name;
      if (n->kind != AST_INDEX && n->kind != AST_FIELD)
         return NULL;
      n = n->a;
   }
   return NULL;
}

static void
mark_root(struct set *unsafe, const struct ast_node *n)
{
   const char *name = root_name(n);
   if (name)
      set_add(unsafe, name);
}

/* Adds to `unsafe` the names n may assign under control flow (`nested`:
 * n itself runs under it).  False when the tree is too deep to say. */
static bool
scan(struct set *unsafe, const struct ast_node *n, bool nested,
     unsigned depth)
{
   if (!n)
      return true;
   if (depth > SSA_SCAN_MAX_DEPTH)
      return false;
   bool kids_nested = nested;
   bool rhs_nested = nested;  /* operands b, c */
   switch (n->kind) {
   case AST_IF:
   case AST_WHILE:
   case AST_DO:
   case AST_FOR:
   case AST_SWITCH:
   case AST_COMPOUND:
      kids_nested = rhs_nested = true;
      break;
   case AST_COND:
      rhs_nested = true;
      break;
   case AST_BINARY:
      if (n->op == AND_OP || n->op == OR_OP)
         rhs_nested = true;
      break;
   default:
      break;
   }
   if (nested) {
      switch (n->kind) {
      case AST_ASSIGN:
      case AST_PRE_INC:
      case AST_PRE_DEC:
      case AST_POST_INC:
      case AST_POST_DEC:
         mark_root(unsafe, n->a);
         break;
      case AST_CALL:
      case AST_METHOD:
         for (const struct ast_node *k = n->list.head; k; k = k->next)
            mark_root(unsafe, k);
         break;
      default:
         break;
      }
   }
   if (!scan(unsafe, n->a, kids_nested, depth + 1) ||
       !scan(unsafe, n->b, rhs_nested, depth + 1) ||
       !scan(unsafe, n->c, rhs_nested, depth + 1) ||
       !scan(unsafe, n->d, kids_nested, depth + 1))
      return false;
   for (const struct ast_node *k = n->list.head; k; k = k->next) {
      if (!scan(unsafe, k, kids_nested, depth + 1))
         return false;
   }
   return true;
}

/* Whether statement n declares a local that could be a value. */
static bool
declares_ssa_candidate(const struct ast_node *n)
{
   if (n->kind != AST_DECL_STMT || !n->a || n->a->kind != AST_DECL_LIST)
      return false;
   for (const struct ast_node *d = n->a->list.head; d; d = d->next) {
      if (d->name && ssa_type_ok(d->vtype))
         return true;
   }
   return false;
}

static struct set *
scan_list(struct g2n *c, const struct ast_list *l)
{
   struct set *unsafe = set_create_string_keys(c->mem);
   if (!unsafe)
      return NULL;
   for (const struct ast_node *n = l->head; n; n = n->next) {
      if (!scan(unsafe, n, false, 0)) {
         set_destroy(unsafe, NULL);
         return NULL;
      }
   }
   return unsafe;
}

struct set *
g2n_ssa_unsafe_names(struct g2n *c, const struct ast_list *l)
{
   bool any = false;
   for (const struct ast_node *n = l->head; n && !any; n = n->next)
      any = declares_ssa_candidate(n);
   return any ? scan_list(c, l) : NULL;
}

struct set *
g2n_ssa_unsafe_in_body(struct g2n *c, const struct ast_node *body)
{
   return body && body->kind == AST_COMPOUND ? scan_list(c, &body->list)
                                             : NULL;
}

bool
g2n_ssa_local_ok(struct g2n *c, struct set *unsafe, const char *name,
                 const struct glsl_type *t)
{
   (void)c;
   return unsafe && name && ssa_type_ok(t) && !set_contains(unsafe, name);
}

struct g2n_val
g2n_ssa_load(struct g2n *c, struct g2n_sym *sym)
{
   const struct glsl_type *t = sym->type;
   if (sym->ssa_val)
      return g2n_basic(t, sym->ssa_val);
   /* Read before any assignment: undefined (as a variable's load would
    * become in nir_lower_vars_to_ssa). */
   unsigned bits = t->base_type == GLSL_TYPE_BOOL ? 1 : 32;
   return g2n_basic(t, nir_undef(&c->b, t->vector_elements, bits));
}

void
g2n_ssa_store(struct g2n *c, const struct g2n_lval *lv, struct g2n_val v)
{
   struct g2n_sym *sym = lv->ssa;
   if (!v.col[0])
      return;
   if (!lv->nswz) {
      sym->ssa_val = v.col[0];
      return;
   }
   /* A swizzled assignment: the named components from v, the others
    * from the current value. */
   nir_builder *b = &c->b;
   nir_def *old = g2n_ssa_load(c, sym).col[0];
   unsigned n = sym->type->vector_elements;
   nir_def *comps[4];
   for (unsigned i = 0; i < n; i++)
      comps[i] = nir_channel(b, old, i);
   for (unsigned i = 0; i < lv->nswz; i++) {
      comps[lv->swz[i]] = v.col[0]->num_components > 1
                             ? nir_channel(b, v.col[0], i)
                             : v.col[0];
   }
   sym->ssa_val = n > 1 ? nir_vec(b, comps, n) : comps[0];
}
