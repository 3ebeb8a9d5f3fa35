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
 * A local that no loop or switch assigns unless the local is declared in
 * it too (the checker's ast_node::loop_written, check_note_write: every
 * assignment, increment and out argument is resolved to its variable
 * there) does not need the variable.  In straight-line code its value is
 * the one the last assignment computed (g2n_sym.ssa_val), and that
 * value's instruction dominates what follows.  An if (a statement, ?:,
 * or the right side of && and ||) is the only other way such a local can
 * change, and its branches are translated one after the other: the
 * assignments made in the then branch are undone before the else branch
 * (an undo log, g2n.ssa_log), and where the two differ the value after
 * the if is a phi of the ends of the branches, made here directly instead
 * of by nir_lower_vars_to_ssa from a variable's loads and stores.  A
 * branch ending in a jump (a break, continue, return or an inlined
 * function's early return) gives no phi source; one ending in an if whose
 * branches both jump gives an undefined one (join_phi).  Loop-assigned
 * locals keep the variable: their value at the loop's head would need a
 * phi of values not translated yet.
 *
 * Only declarations directly in a compound statement's list are
 * candidates (g2n_stmt_list): not those of a for or a condition, nor of
 * a switch body, whose statements run under case labels.  The `in`
 * parameters of an inlined function are values the same way (the
 * arguments are computed before the body).
 */
#include "glsl_to_nir_priv.h"

bool
g2n_ssa_type_ok(const struct glsl_type *t)
{
   return t && glsl_type_is_basic(t) && t->matrix_columns == 1 &&
          (t->base_type == GLSL_TYPE_FLOAT || t->base_type == GLSL_TYPE_INT ||
           t->base_type == GLSL_TYPE_UINT || t->base_type == GLSL_TYPE_BOOL);
}

bool
g2n_ssa_local_ok(const struct ast_node *decl, const struct glsl_type *t)
{
   return decl && !decl->loop_written && g2n_ssa_type_ok(t);
}

/* An assignment under an if: the local and its value before it. */
struct g2n_ssa_undo {
   struct g2n_sym *sym;
   nir_def *old;
};

/* A local some branch of the if being joined assigns: its value before
 * the if and at the end of the then branch. */
struct g2n_ssa_merge {
   struct g2n_sym *sym;
   nir_def *pre, *then_val;
};

void
g2n_ssa_declare(struct g2n *c, struct g2n_sym *sym)
{
   sym->join_depth = c->ssa_joins;
}

void
g2n_ssa_join_begin(struct g2n *c, struct g2n_ssa_join *j)
{
   j->mark = j->else_mark =
      util_dynarray_num_elements(&c->ssa_log, struct g2n_ssa_undo);
   util_dynarray_init(&j->merges, NULL);
   c->ssa_joins++;
}

static struct g2n_ssa_merge *
add_merge(struct g2n_ssa_join *j, struct g2n_sym *sym, unsigned gen,
          nir_def *pre, nir_def *then_val)
{
   sym->join_gen = gen;
   sym->join_slot =
      util_dynarray_num_elements(&j->merges, struct g2n_ssa_merge);
   struct g2n_ssa_merge m = { sym, pre, then_val };
   util_dynarray_append(&j->merges, struct g2n_ssa_merge, m);
   return util_dynarray_top_ptr(&j->merges, struct g2n_ssa_merge);
}

void
g2n_ssa_join_mid(struct g2n *c, struct g2n_ssa_join *j)
{
   unsigned gen = ++c->ssa_gen;
   struct g2n_ssa_undo *log = c->ssa_log.data;
   size_t n = util_dynarray_num_elements(&c->ssa_log, struct g2n_ssa_undo);
   /* newest first, so that each local ends at its value before the if;
    * locals declared in the branch are not this join's */
   for (size_t i = n; i-- > j->mark;) {
      struct g2n_sym *sym = log[i].sym;
      if (sym->join_depth >= c->ssa_joins)
         continue;
      if (sym->join_gen != gen)
         add_merge(j, sym, gen, NULL, sym->ssa_val);
      sym->ssa_val = log[i].old;
   }
   util_dynarray_foreach(&j->merges, struct g2n_ssa_merge, m)
      m->pre = m->sym->ssa_val;
   j->else_mark = n;
}

/* A phi at the head of the block after nif of the values at the ends of
 * the branches; NULL when control reaches neither end (no phi in a block
 * nothing reaches).  A branch ending in a jump is no predecessor of the
 * join.  One whose last block is the empty block after an if whose
 * branches both jump still is (that block falls through, see
 * nir_block_structural_successors), though control never comes from it:
 * its source is undefined. */
static nir_def *
join_phi(struct g2n *c, nir_if *nif, const struct glsl_type *t,
         nir_def *then_val, nir_def *else_val)
{
   nir_builder *b = &c->b;
   nir_block *pred[2] = { nir_if_last_then_block(nif),
                          nir_if_last_else_block(nif) };
   nir_def *val[2] = { then_val, else_val };
   unsigned bits = t->base_type == GLSL_TYPE_BOOL ? 1 : 32;
   bool dead[2] = { g2n_block_unreachable_end(pred[0]),
                    g2n_block_unreachable_end(pred[1]) };
   if (dead[0] && dead[1])
      return NULL;
   nir_phi_instr *phi = nir_phi_instr_create(c->shader);
   for (unsigned i = 0; i < 2; i++) {
      if (nir_block_ends_in_jump(pred[i]))
         continue;
      /* assigned in one branch only and read before: undefined */
      nir_def *v = val[i] && !dead[i]
                      ? val[i]
                      : nir_undef(b, t->vector_elements, bits);
      nir_phi_instr_add_src(phi, pred[i], v);
   }
   nir_def_init(&phi->instr, &phi->def, t->vector_elements, bits);
   nir_block *join = nir_cf_node_as_block(nir_cf_node_next(&nif->cf_node));
   nir_instr_insert(nir_after_phis(join), &phi->instr);
   /* the builder goes on after the phis (join_end runs right after
    * nir_pop_if) */
   b->cursor = nir_after_instr(&phi->instr);
   return &phi->def;
}

void
g2n_ssa_join_end(struct g2n *c, struct g2n_ssa_join *j, nir_if *nif)
{
   unsigned gen = ++c->ssa_gen;
   util_dynarray_foreach(&j->merges, struct g2n_ssa_merge, m) {
      m->sym->join_gen = gen;
   }
   struct g2n_ssa_undo *log = c->ssa_log.data;
   size_t n = util_dynarray_num_elements(&c->ssa_log, struct g2n_ssa_undo);
   /* oldest first: the first assignment of a local the then branch left
    * alone tells its value before the if */
   for (size_t i = j->else_mark; i < n; i++) {
      struct g2n_sym *sym = log[i].sym;
      if (sym->join_depth < c->ssa_joins && sym->join_gen != gen)
         add_merge(j, sym, gen, log[i].old, log[i].old);
   }
   c->ssa_joins--;
   util_dynarray_foreach(&j->merges, struct g2n_ssa_merge, m) {
      struct g2n_sym *sym = m->sym;
      nir_def *else_val = sym->ssa_val;
      if (m->then_val == else_val)
         continue;
      nir_def *v = join_phi(c, nif, sym->type, m->then_val, else_val);
      sym->ssa_val = v ? v : m->pre;
   }
   util_dynarray_fini(&j->merges);
   if (!c->ssa_joins)
      util_dynarray_clear(&c->ssa_log);
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
   /* under an if the local is declared outside of: undoable */
   if (sym->join_depth < c->ssa_joins) {
      struct g2n_ssa_undo u = { sym, sym->ssa_val };
      util_dynarray_append(&c->ssa_log, struct g2n_ssa_undo, u);
   }
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
