/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Loop CSE (since wave 17): a loop that repeats an earlier loop of the
 * same control-flow list instruction for instruction, reading the same
 * values from outside, computes the same values; its results are the
 * earlier loop's and it is removed.
 *
 * nir_opt_cse merges single instructions; it cannot merge loops, whose
 * header phis read values of their own loop.  skia's Perlin noise calls
 * the same rolled loop (noiseOctaves, five octaves: too large to unroll)
 * for r, g, b and a with the same argument: four identical loops, of
 * which one is kept.
 *
 * The loops are compared in program order, in parallel: node for node
 * (blocks, ifs, loops), instruction for instruction.  Two instructions
 * match when they have the same kind, opcode and fields (what
 * nir_opt_cse compares) and each source of the later one is either the
 * same value defined outside the later loop, or the value its match
 * defines (phi sources are compared once every value is matched, their
 * predecessors likewise).  The later loop may hold only instructions
 * nir_opt_cse would merge (no memory writes, no reads of memory the
 * shader may write, no derivatives of other lanes), phis and jumps: then
 * nothing between the loops can change what it computes.  The block
 * after it must have no phis, and no jump may separate the two loops.
 *
 * Invalidates all metadata when it changes anything.
 */
#include "nir_passes.h"

#include <stdlib.h>
#include <string.h>

struct loop_match {
   /* per def index of the later loop: its match, or NULL */
   nir_def **def;
   /* per block index of the later loop: its match, or NULL */
   nir_block **block;
   /* the phis matched, compared at the end */
   nir_phi_instr **phis;
   unsigned nr_phis, cap_phis;
   /* indices of the earlier loop's first and last blocks */
   unsigned first, last;
   /* def indices (even entries) and block indices + 1 (odd) set in
    * def[] and block[]: cleared before the next comparison */
   unsigned *touched;
   unsigned nr_touched, cap_touched;
   bool out_of_memory;
};

static void
touch(struct loop_match *m, unsigned code)
{
   if (m->nr_touched == m->cap_touched) {
      unsigned cap = m->cap_touched ? 2 * m->cap_touched : 64;
      unsigned *t = realloc(m->touched, cap * sizeof(*t));
      if (!t) {
         m->out_of_memory = true;
         return;
      }
      m->touched = t;
      m->cap_touched = cap;
   }
   m->touched[m->nr_touched++] = code;
}

/* Whether a and b are constants of one value */
static bool
same_constant(nir_def *a, nir_def *b)
{
   nir_instr *ia = nir_def_instr(a), *ib = nir_def_instr(b);
   return ia->type == nir_instr_type_load_const &&
          ib->type == nir_instr_type_load_const &&
          a->num_components == b->num_components &&
          a->bit_size == b->bit_size &&
          !memcmp(nir_instr_as_load_const(ia)->value,
                  nir_instr_as_load_const(ib)->value,
                  sizeof(nir_const_value) * a->num_components);
}

/* Whether def has one value in every iteration of the earlier loop: it
 * is defined outside it, or is a constant or arithmetic of such values
 * (nir_opt_cse lets later loops read the constants of the earlier loop's
 * first block) */
static bool
invariant(const struct loop_match *m, nir_def *def, unsigned depth)
{
   nir_instr *instr = nir_def_instr(def);
   unsigned blk = instr->block->index;
   if (blk < m->first || blk > m->last ||
       instr->type == nir_instr_type_load_const)
      return true;
   if (instr->type != nir_instr_type_alu || depth == 0)
      return false;
   nir_alu_instr *alu = nir_instr_as_alu(instr);
   for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++) {
      if (!invariant(m, alu->src[i].src.ssa, depth - 1))
         return false;
   }
   return true;
}

/* A source of the later loop matches one of the earlier loop when it
 * reads the match of the value the other reads, or the same value,
 * invariant in the earlier loop (any other value of the earlier loop
 * read after it is its last iteration's, not the one each iteration
 * reads) */
static bool
src_matches(const struct loop_match *m, const nir_src *a, const nir_src *b)
{
   nir_def *mb = m->def[b->ssa->index];
   if (mb)
      return a->ssa == mb;
   if (a->ssa == b->ssa)
      return invariant(m, b->ssa, 4);
   return same_constant(a->ssa, b->ssa);
}

/* Instructions that compute the same thing wherever they run (those
 * nir_opt_cse merges), and phis and jumps */
static bool
can_repeat(const nir_instr *instr)
{
   switch (instr->type) {
   case nir_instr_type_alu:
   case nir_instr_type_load_const:
   case nir_instr_type_phi:
   case nir_instr_type_jump:
      return true;
   case nir_instr_type_tex:
      return !nir_instr_as_tex(instr)->storage_image;
   case nir_instr_type_intrinsic: {
      const nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
      return info->has_dest && (info->flags & NIR_INTRINSIC_CAN_REORDER) &&
             (info->flags & NIR_INTRINSIC_CAN_ELIMINATE) &&
             intr->intrinsic != nir_intrinsic_load_deref;
   }
   default:
      return false;
   }
}

static bool
alu_matches(const struct loop_match *m, const nir_alu_instr *a,
            const nir_alu_instr *b)
{
   if (a->op != b->op || a->exact != b->exact || a->mediump != b->mediump ||
       a->mediump_unsigned != b->mediump_unsigned)
      return false;
   for (unsigned i = 0; i < nir_op_infos[a->op].num_inputs; i++) {
      if (!src_matches(m, &a->src[i].src, &b->src[i].src) ||
          !nir_alu_src_swizzle_equal(&a->src[i], &b->src[i],
                                     nir_ssa_alu_instr_src_components(a, i)))
         return false;
   }
   return true;
}

static bool
tex_matches(const struct loop_match *m, const nir_tex_instr *a,
            const nir_tex_instr *b)
{
   if (a->op != b->op || a->sampler_dim != b->sampler_dim ||
       a->is_array != b->is_array || a->is_shadow != b->is_shadow ||
       a->dest_type != b->dest_type ||
       a->coord_components != b->coord_components ||
       a->component != b->component || a->texture_index != b->texture_index ||
       a->sampler_index != b->sampler_index || a->num_srcs != b->num_srcs)
      return false;
   for (unsigned i = 0; i < a->num_srcs; i++) {
      if (a->src[i].src_type != b->src[i].src_type ||
          !src_matches(m, &a->src[i].src, &b->src[i].src))
         return false;
   }
   return true;
}

static bool
intrinsic_matches(const struct loop_match *m, const nir_intrinsic_instr *a,
                  const nir_intrinsic_instr *b)
{
   if (a->intrinsic != b->intrinsic || a->num_components != b->num_components ||
       memcmp(a->index_value, b->index_value, sizeof(a->index_value)))
      return false;
   for (unsigned i = 0; i < nir_intrinsic_infos[a->intrinsic].num_srcs; i++) {
      if (!src_matches(m, &a->src[i], &b->src[i]))
         return false;
   }
   return true;
}

static bool
instr_matches(struct loop_match *m, nir_instr *a, nir_instr *b)
{
   if (a->type != b->type || !can_repeat(b))
      return false;
   nir_def *da = nir_instr_def(a), *db = nir_instr_def(b);
   if (!da != !db ||
       (da && (da->num_components != db->num_components ||
               da->bit_size != db->bit_size)))
      return false;
   bool same = false;
   switch (a->type) {
   case nir_instr_type_alu:
      same = alu_matches(m, nir_instr_as_alu(a), nir_instr_as_alu(b));
      break;
   case nir_instr_type_load_const:
      same = !memcmp(nir_instr_as_load_const(a)->value,
                     nir_instr_as_load_const(b)->value,
                     sizeof(nir_const_value) * da->num_components);
      break;
   case nir_instr_type_tex:
      same = tex_matches(m, nir_instr_as_tex(a), nir_instr_as_tex(b));
      break;
   case nir_instr_type_intrinsic:
      same = intrinsic_matches(m, nir_instr_as_intrinsic(a),
                               nir_instr_as_intrinsic(b));
      break;
   case nir_instr_type_jump:
      same = nir_instr_as_jump(a)->type == nir_instr_as_jump(b)->type;
      break;
   case nir_instr_type_phi:
      if (m->nr_phis == m->cap_phis) {
         unsigned cap = m->cap_phis ? 2 * m->cap_phis : 16;
         nir_phi_instr **p = realloc(m->phis, 2 * cap * sizeof(*p));
         if (!p)
            return false;
         m->phis = p;
         m->cap_phis = cap;
      }
      m->phis[2 * m->nr_phis] = nir_instr_as_phi(a);
      m->phis[2 * m->nr_phis + 1] = nir_instr_as_phi(b);
      m->nr_phis++;
      same = true;
      break;
   default:
      break;
   }
   if (same && db) {
      m->def[db->index] = da;
      touch(m, 2 * db->index);
   }
   return same && !m->out_of_memory;
}

static struct list_head *
skip_constants(struct list_head *node, struct list_head *end)
{
   while (node != end &&
          list_entry(node, nir_instr, node)->type == nir_instr_type_load_const)
      node = node->next;
   return node;
}

static bool list_matches(struct loop_match *m, struct list_head *a,
                         struct list_head *b);

static bool
block_matches(struct loop_match *m, nir_block *a, nir_block *b)
{
   m->block[b->index] = a;
   touch(m, 2 * b->index + 1);
   struct list_head *ia = a->instr_list.next, *ib = b->instr_list.next;
   for (;; ia = ia->next, ib = ib->next) {
      /* constants are compared where they are read (nir_opt_cse may
       * have made a later loop read the earlier loop's) */
      ia = skip_constants(ia, &a->instr_list);
      ib = skip_constants(ib, &b->instr_list);
      if (ia == &a->instr_list || ib == &b->instr_list)
         break;
      if (!instr_matches(m, list_entry(ia, nir_instr, node),
                         list_entry(ib, nir_instr, node)))
         return false;
   }
   return ia == &a->instr_list && ib == &b->instr_list;
}

static bool
node_matches(struct loop_match *m, nir_cf_node *a, nir_cf_node *b)
{
   if (a->type != b->type)
      return false;
   switch (a->type) {
   case nir_cf_node_block:
      return block_matches(m, nir_cf_node_as_block(a), nir_cf_node_as_block(b));
   case nir_cf_node_if: {
      nir_if *x = nir_cf_node_as_if(a), *y = nir_cf_node_as_if(b);
      return src_matches(m, &x->condition, &y->condition) &&
             list_matches(m, &x->then_list, &y->then_list) &&
             list_matches(m, &x->else_list, &y->else_list);
   }
   case nir_cf_node_loop:
      return list_matches(m, &nir_cf_node_as_loop(a)->body,
                          &nir_cf_node_as_loop(b)->body);
   default:
      return false;
   }
}

static bool
list_matches(struct loop_match *m, struct list_head *a, struct list_head *b)
{
   struct list_head *na = a->next, *nb = b->next;
   for (; na != a && nb != b; na = na->next, nb = nb->next) {
      if (!node_matches(m, list_entry(na, nir_cf_node, node),
                        list_entry(nb, nir_cf_node, node)))
         return false;
   }
   return na == a && nb == b;
}

/* Phi sources in the same order, from matching predecessors (the block
 * before each loop for the entry) and of matching values. */
static bool
phis_match(struct loop_match *m, nir_loop *la)
{
   nir_block *before_a = nir_cf_node_as_block_before(&la->cf_node);
   for (unsigned i = 0; i < m->nr_phis; i++) {
      nir_phi_instr *pa = m->phis[2 * i], *pb = m->phis[2 * i + 1];
      struct list_head *sa = pa->srcs.next, *sb = pb->srcs.next;
      for (; sa != &pa->srcs && sb != &pb->srcs; sa = sa->next, sb = sb->next) {
         nir_phi_src *a = list_entry(sa, nir_phi_src, node);
         nir_phi_src *b = list_entry(sb, nir_phi_src, node);
         nir_block *pred = m->block[b->pred->index];
         if ((pred ? pred != a->pred : a->pred != before_a) ||
             !src_matches(m, &a->src, &b->src))
            return false;
      }
      if (sa != &pa->srcs || sb != &pb->srcs)
         return false;
   }
   return true;
}

/* Forget the last comparison's matches (only the entries it set: a
 * shader with many loops compares many pairs) */
static void
clear_match(struct loop_match *m)
{
   for (unsigned i = 0; i < m->nr_touched; i++) {
      unsigned code = m->touched[i];
      if (code & 1)
         m->block[code >> 1] = NULL;
      else
         m->def[code >> 1] = NULL;
   }
   m->nr_touched = 0;
   m->nr_phis = 0;
}

/* Whether a jump ends a block between loop a and node b of its list */
static bool
jump_between(nir_cf_node *a, nir_cf_node *b)
{
   for (nir_cf_node *n = nir_cf_node_next(a); n && n != b;
        n = nir_cf_node_next(n)) {
      if (n->type != nir_cf_node_block)
         continue;
      nir_block *blk = nir_cf_node_as_block(n);
      if (!list_is_empty(&blk->instr_list) &&
          list_last_entry(&blk->instr_list, nir_instr, node)->type ==
             nir_instr_type_jump)
         return true;
   }
   return false;
}

/* The loop before `lb` in its list that it repeats, or NULL */
static nir_loop *
repeated_loop(struct loop_match *m, nir_function_impl *impl, nir_loop *lb)
{
   nir_block *after = nir_cf_node_as_block_after(&lb->cf_node);
   if (nir_phi_from_node(after, after->instr_list.next))
      return NULL;
   unsigned tries = 0;
   for (nir_cf_node *n = nir_cf_node_prev(&lb->cf_node); n && tries < 8;
        n = nir_cf_node_prev(n)) {
      if (n->type != nir_cf_node_loop)
         continue;
      tries++;
      nir_loop *la = nir_cf_node_as_loop(n);
      clear_match(m);
      m->first = nir_loop_first_block(la)->index;
      m->last = nir_cf_node_cf_tree_last(&la->cf_node)->index;
      if (!jump_between(n, &lb->cf_node) &&
          list_matches(m, &la->body, &lb->body) && phis_match(m, la))
         return la;
   }
   return NULL;
}

/* Removes the first loop of list (or nested in it) that repeats an
 * earlier one; true when one went (the caller starts again: blocks were
 * joined) */
static bool
cse_list(struct loop_match *m, nir_function_impl *impl, struct list_head *list)
{
   list_for_each_entry(nir_cf_node, node, list, node) {
      switch (node->type) {
      case nir_cf_node_if: {
         nir_if *nif = nir_cf_node_as_if(node);
         if (cse_list(m, impl, &nif->then_list) ||
             cse_list(m, impl, &nif->else_list))
            return true;
         break;
      }
      case nir_cf_node_loop: {
         nir_loop *lb = nir_cf_node_as_loop(node);
         if (repeated_loop(m, impl, lb)) {
            /* every value of lb is its match's (those read after lb
             * dominate its exit, as their matches dominate la's) */
            nir_foreach_block_in_cf_node(blk, &lb->cf_node) {
               nir_foreach_instr_safe(instr, blk) {
                  nir_def *def = nir_instr_def(instr);
                  if (!def)
                     continue;
                  if (m->def[def->index])
                     nir_def_rewrite_uses(def, m->def[def->index]);
                  else if (!list_is_empty(&def->uses))
                     /* a constant (skipped by block_matches) read
                      * after lb too */
                     nir_instr_move(nir_before_cf_node(&lb->cf_node), instr);
               }
            }
            nir_cf_node_remove(&lb->cf_node);
            /* the blocks around lb were joined: start again */
            return true;
         }
         if (cse_list(m, impl, &lb->body))
            return true;
         break;
      }
      default:
         break;
      }
   }
   return false;
}

bool
nir_opt_loop_cse(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      bool changed = false, again;
      do {
         nir_index_ssa_defs(impl);
         nir_index_blocks(impl);
         struct loop_match m = {
            .def = calloc(impl->ssa_alloc ? impl->ssa_alloc : 1,
                          sizeof(nir_def *)),
            .block = calloc(impl->num_blocks, sizeof(nir_block *)),
         };
         again = m.def && m.block && cse_list(&m, impl, &impl->body);
         free(m.def);
         free(m.block);
         free(m.phis);
         free(m.touched);
         changed |= again;
      } while (again);
      if (changed)
         nir_metadata_preserve(impl, nir_metadata_none);
      progress |= changed;
   }
   return progress;
}
