/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Trivial loop unrolling: a loop of the shape
 *
 *    loop {
 *       header: phis; straight-line code
 *       if (cond) { break } else { }     (or the mirror image)
 *       rest of the body: ifs and inner loops allowed; no other break or
 *       continue of this loop, no return
 *    }
 *
 * whose trip count is a compile-time constant (nir_loop_analyze) is
 * replaced by that many copies of the body followed by one copy of the
 * header.  Nests are handled innermost first: an inner loop with a
 * constant trip count is unrolled wherever it is (also inside an outer
 * loop that cannot be); an outer loop with a constant trip count is
 * unrolled with its remaining inner loops copied whole, after which
 * their trip counts often become constant (j = i ... once i is known)
 * and the next round of the optimisation loop unrolls them too.
 *
 * Which loops: one rule, Mesa's (FACTS from Mesa
 * src/compiler/nir/nir_opt_loop_unroll.c check_unrolling_restrictions,
 * LOOP_UNROLL_LIMIT 26, and nir_loop_analyze.c instr_cost).  With M =
 * max_unroll_iterations (default 16; AGX 32), a loop of at most M trips
 * is unrolled when the cost of a trip (nir_loop_info::cost: its ALU,
 * intrinsic and texture instructions) times its trips is at most 26 * M,
 * or whatever its size when it indexes a local array of as many
 * elements as it has trips (Mesa's force_unroll_array_access: every
 * index then becomes constant).  Until wave 15 the size rule held only
 * past 16 trips, and every loop also had to fit 2000 copied
 * instructions.  Assumes SSA (run after nir_lower_vars_to_ssa);
 * invalidates all metadata when it unrolls.
 */
#include "nir_passes.h"

#define COST_PER_TRIP 26

static bool
inside(nir_block *block, nir_loop *loop)
{
   for (nir_cf_node *n = &block->cf_node; n; n = n->parent) {
      if (n == &loop->cf_node)
         return true;
   }
   return false;
}

/* Does the loop index a local array of `length` elements with a value
 * that is not constant (Mesa: force_unroll_array_access)? */
static bool
walks_local_array(nir_loop *loop, unsigned length)
{
   nir_foreach_block_in_cf_node(block, &loop->cf_node) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_deref)
            continue;
         nir_deref_instr *d = nir_instr_as_deref(instr);
         if (d->deref_type != nir_deref_type_array ||
             !(d->modes & (nir_var_function_temp | nir_var_shader_temp)) ||
             nir_def_instr(d->arr_index.ssa)->type == nir_instr_type_load_const)
            continue;
         nir_deref_instr *parent = nir_deref_instr_parent(d);
         if (parent && parent->type && parent->type->length == length)
            return true;
      }
   }
   return false;
}

static bool
try_unroll(nir_shader *shader, nir_loop *loop, unsigned max_trips)
{
   nir_loop_info info;
   if (!nir_loop_analyze(loop, max_trips, &info) || info.trip_count < 0)
      return false;
   unsigned trips = (unsigned)info.trip_count;
   if (trips * info.cost > max_trips * COST_PER_TRIP &&
       !walks_local_array(loop, trips))
      return false;
   nir_block *header = info.header;
   nir_cf_node *second = &info.terminator->cf_node;
   nir_block *after_term = nir_cf_node_as_block_after(second);
   nir_block *after = nir_cf_node_as_block_after(&loop->cf_node);
   nir_block *before = nir_cf_node_as_block_before(&loop->cf_node);
   nir_block *latch = nir_loop_last_block(loop);
   if (nir_phi_from_node(after_term, after_term->instr_list.next))
      return false;
   unsigned num_phis = 0;
   nir_foreach_phi(phi, header)
      num_phis++;
   if (num_phis > 64)
      return false;
   void *mem = ralloc_context(NULL);

   /* Copies: trips times the body without the terminator, then the
    * header once more. */
   struct hash_table *map = hash_table_create_pointer_keys(mem);
   nir_foreach_phi(phi, header) {
      nir_phi_src *init = nir_phi_get_src_from_block(phi, before);
      hash_table_insert(map, &phi->def, init->src.ssa);
   }
   nir_block *cur = before;
   for (unsigned k = 0; k < trips; k++) {
      nir_cf_list_clone_partial(&loop->body, cur, map, second, false, header);
      cur = nir_cf_node_as_block_before(&loop->cf_node);
      /* Next iteration's phi values: this copy's back-edge values. */
      nir_def *vals[64];
      unsigned n = 0;
      nir_foreach_phi(phi, header) {
         nir_phi_src *ps = nir_phi_get_src_from_block(phi, latch);
         struct hash_entry *e = hash_table_search(map, ps->src.ssa);
         vals[n++] = e ? e->data : ps->src.ssa;
         if (n == 64)
            break;
      }
      n = 0;
      nir_foreach_phi(phi, header) {
         hash_table_insert(map, &phi->def, vals[n++]);
         if (n == 64)
            break;
      }
   }
   nir_cf_list_clone_partial(&loop->body, cur, map, second, true, header);

   /* Values of the header are used after the loop: point those uses at
    * the last copy. */
   nir_foreach_instr(instr, header) {
      nir_def *def = nir_instr_def(instr);
      if (!def)
         continue;
      nir_def *final = hash_table_search_data(map, def);
      if (!final)
         continue;
      nir_foreach_use_including_if_safe(src, def) {
         nir_block *ub =
            nir_src_is_if(src)
               ? nir_cf_node_as_block_before(&nir_src_parent_if(src)->cf_node)
               : nir_src_parent_instr(src)->block;
         if (!inside(ub, loop))
            nir_src_set_ssa(src, final);
      }
   }
   /* The exit block's phis have the single break predecessor. */
   nir_foreach_phi_safe(phi, after) {
      nir_phi_src *ps = list_first_entry(&phi->srcs, nir_phi_src, node);
      struct hash_entry *e = hash_table_search(map, ps->src.ssa);
      nir_def_rewrite_uses(&phi->def, e ? e->data : ps->src.ssa);
      nir_instr_remove(&phi->instr);
   }
   nir_cf_node_remove(&loop->cf_node);
   ralloc_free(mem);
   (void)shader;
   return true;
}

/* One walk over a list, inner loops before the loops around them.  After
 * an unroll the walk goes on with the copies (their inner loops may have
 * become unrollable), never back to the start of the list, so that each
 * node is visited once plus once per copy made of it. */
static bool
unroll_list(nir_shader *shader, struct list_head *list, unsigned max_trips)
{
   bool progress = false;
   nir_cf_node *node = list_first_entry(list, nir_cf_node, node);
   while (node) {
      if (node->type == nir_cf_node_if) {
         nir_if *nif = nir_cf_node_as_if(node);
         progress |= unroll_list(shader, &nif->then_list, max_trips);
         progress |= unroll_list(shader, &nif->else_list, max_trips);
      } else if (node->type == nir_cf_node_loop) {
         nir_loop *loop = nir_cf_node_as_loop(node);
         progress |= unroll_list(shader, &loop->body, max_trips);
         /* The block before the loop stays; the copies go after it and
          * the block after the loop is merged into the last of them. */
         nir_cf_node *before = nir_cf_node_prev(node);
         if (try_unroll(shader, loop, max_trips)) {
            progress = true;
            node = nir_cf_node_next(before);
            continue;
         }
      }
      node = nir_cf_node_next(node);
   }
   return progress;
}

bool
nir_opt_loop_unroll(nir_shader *shader)
{
   unsigned max_trips = 16;
   if (shader->options && shader->options->max_unroll_iterations)
      max_trips = shader->options->max_unroll_iterations;
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      /* Unrolling needs no CFG edges (phi sources name their blocks);
       * they are recomputed once, at the end. */
      if (unroll_list(shader, &impl->body, max_trips)) {
         nir_repair_phis(impl);
         nir_metadata_preserve(impl, nir_metadata_none);
         progress = true;
      }
   }
   return progress;
}
