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
 * "Under control flow" is decided by the checker, which resolves every
 * assignment, increment and out argument to its variable: it sets
 * branch_written on the declarator (or parameter) when one runs in a
 * nested statement, a ?: branch or the right side of && or ||
 * (check_note_write).  Only declarations directly in a compound
 * statement's list are candidates (g2n_stmt_list): not those of a for
 * or a condition, nor of a switch body, whose statements run under case
 * labels.  The `in` parameters of an inlined function are values the
 * same way (the arguments are computed before the body).
 */
#include "glsl_to_nir_priv.h"

static bool
ssa_type_ok(const struct glsl_type *t)
{
   return t && glsl_type_is_basic(t) && t->matrix_columns == 1 &&
          (t->base_type == GLSL_TYPE_FLOAT || t->base_type == GLSL_TYPE_INT ||
           t->base_type == GLSL_TYPE_UINT || t->base_type == GLSL_TYPE_BOOL);
}

bool
g2n_ssa_local_ok(const struct ast_node *decl, const struct glsl_type *t)
{
   return decl && !decl->branch_written && ssa_type_ok(t);
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
