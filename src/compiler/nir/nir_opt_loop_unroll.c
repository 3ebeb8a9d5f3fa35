/*
 * Trivial loop unrolling: a loop of the shape
 *
 *    loop {
 *       header: phis; straight-line code
 *       if (cond) { break } else { }     (or the mirror image)
 *       rest of the body (ifs allowed, no other jumps, no inner loops)
 *    }
 *
 * whose trip count is a compile-time constant is replaced by that many
 * copies of the body followed by one copy of the header.  The trip count
 * is found by evaluating the header's condition on constant phi values,
 * stepping the phis with their back-edge values, as long as everything
 * involved is ALU arithmetic on constants (nir_eval_const_opcode).  Only
 * small loops are unrolled (trip count <= max_unroll_iterations, default
 * 16, and at most 2000 copied instructions).  Assumes SSA (run after
 * nir_lower_vars_to_ssa); invalidates all metadata when it unrolls.
 */
#include "nir_passes.h"

#include <string.h>

#define MAX_COPIED_INSTRS 2000

typedef struct {
   nir_const_value v[NIR_MAX_VEC_COMPONENTS];
} cvec;

/* Constant value of def given constant values for some phis (env). */
static bool
eval_def(nir_def *def, struct hash_table *env, cvec *out, unsigned depth)
{
   struct hash_entry *e = hash_table_search(env, def);
   if (e) {
      *out = *(cvec *)e->data;
      return true;
   }
   if (depth > 64)
      return false;
   nir_instr *instr = def->parent_instr;
   if (instr->type == nir_instr_type_load_const) {
      memcpy(out->v, nir_instr_as_load_const(instr)->value,
             def->num_components * sizeof(nir_const_value));
      return true;
   }
   if (instr->type != nir_instr_type_alu)
      return false;
   nir_alu_instr *alu = nir_instr_as_alu(instr);
   const nir_op_info *info = &nir_op_infos[alu->op];
   if (info->num_inputs > 4)
      return false;
   cvec srcv[4], sw[4];
   nir_const_value *srcs[4];
   unsigned comps[4];
   for (unsigned i = 0; i < info->num_inputs; i++) {
      if (!eval_def(alu->src[i].src.ssa, env, &srcv[i], depth + 1))
         return false;
      unsigned n = nir_ssa_alu_instr_src_components(alu, i);
      for (unsigned c = 0; c < n; c++)
         sw[i].v[c] = srcv[i].v[alu->src[i].swizzle[c]];
      srcs[i] = sw[i].v;
      comps[i] = n;
   }
   return nir_eval_const_opcode(alu->op, out->v, def->num_components,
                                nir_alu_instr_eval_bit_size(alu), srcs, comps);
}

static bool
block_is_only_break(nir_block *b)
{
   nir_instr *first = nir_block_first_instr(b);
   return first && first == nir_block_last_instr(b) &&
          first->type == nir_instr_type_jump &&
          nir_instr_as_jump(first)->type == nir_jump_break;
}

static bool
has_other_jumps_or_loops(nir_loop *loop, nir_if *term, unsigned *count)
{
   *count = 0;
   nir_foreach_block_in_cf_node(block, &loop->cf_node) {
      if (nir_block_get_loop(block) != loop)
         return true;
      nir_foreach_instr(instr, block) {
         (*count)++;
         if (instr->type == nir_instr_type_jump &&
             block->cf_node.parent != &term->cf_node)
            return true;
      }
   }
   return false;
}

static bool
inside(nir_block *block, nir_loop *loop)
{
   for (nir_cf_node *n = &block->cf_node; n; n = n->parent) {
      if (n == &loop->cf_node)
         return true;
   }
   return false;
}

static bool
try_unroll(nir_shader *shader, nir_loop *loop, unsigned max_trips)
{
   /* Shape. */
   nir_cf_node *first = list_first_entry(&loop->body, nir_cf_node, node);
   nir_block *header = nir_cf_node_as_block(first);
   nir_cf_node *second = nir_cf_node_next(first);
   if (!second || second->type != nir_cf_node_if)
      return false;
   nir_if *term = nir_cf_node_as_if(second);
   if (!list_is_singular(&term->then_list) ||
       !list_is_singular(&term->else_list))
      return false;
   bool break_on_true;
   if (block_is_only_break(nir_if_first_then_block(term)) &&
       list_is_empty(&nir_if_first_else_block(term)->instr_list))
      break_on_true = true;
   else if (block_is_only_break(nir_if_first_else_block(term)) &&
            list_is_empty(&nir_if_first_then_block(term)->instr_list))
      break_on_true = false;
   else
      return false;
   unsigned count;
   if (has_other_jumps_or_loops(loop, term, &count))
      return false;
   nir_block *after_term = nir_cf_node_as_block_after(second);
   nir_block *after = nir_cf_node_as_block_after(&loop->cf_node);
   nir_block *before = nir_cf_node_as_block_before(&loop->cf_node);
   nir_block *latch = nir_loop_last_block(loop);
   if (nir_phi_from_node(after_term, after_term->instr_list.next))
      return false;

   /* Trip count by constant simulation.  Only the phis the condition
    * depends on need constant values; the others drop out of env. */
   void *mem = ralloc_context(NULL);
   struct hash_table *denv = hash_table_create_pointer_keys(mem);
   unsigned num_phis = 0;
   nir_foreach_phi(phi, header) {
      num_phis++;
      nir_phi_src *init = nir_phi_get_src_from_block(phi, before);
      cvec *v = rzalloc(mem, cvec);
      if (init && eval_def(init->src.ssa, denv, v, 0))
         hash_table_insert(denv, &phi->def, v);
   }
   if (num_phis > 64) {
      ralloc_free(mem);
      return false;
   }

   unsigned trips = 0;
   for (;;) {
      cvec c;
      if (!eval_def(term->condition.ssa, denv, &c, 0)) {
         ralloc_free(mem);
         return false;
      }
      bool cond = nir_const_value_as_bool(c.v[0], term->condition.ssa->bit_size);
      if (cond == break_on_true)
         break;
      if (++trips > max_trips || trips * count > MAX_COPIED_INSTRS) {
         ralloc_free(mem);
         return false;
      }
      struct hash_table *next = hash_table_create_pointer_keys(mem);
      nir_foreach_phi(phi, header) {
         if (!hash_table_search(denv, &phi->def))
            continue;
         nir_phi_src *ps = nir_phi_get_src_from_block(phi, latch);
         cvec *v = rzalloc(mem, cvec);
         if (ps && eval_def(ps->src.ssa, denv, v, 0))
            hash_table_insert(next, &phi->def, v);
      }
      denv = next;
   }

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
         nir_block *ub = src->is_if
                            ? nir_cf_node_as_block_before(&src->parent_if->cf_node)
                            : src->parent_instr->block;
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

static bool
unroll_list(nir_shader *shader, struct list_head *list, unsigned max_trips)
{
   list_for_each_entry_safe(nir_cf_node, node, list, node) {
      if (node->type == nir_cf_node_if) {
         nir_if *nif = nir_cf_node_as_if(node);
         if (unroll_list(shader, &nif->then_list, max_trips) ||
             unroll_list(shader, &nif->else_list, max_trips))
            return true;
      } else if (node->type == nir_cf_node_loop) {
         nir_loop *loop = nir_cf_node_as_loop(node);
         if (unroll_list(shader, &loop->body, max_trips))
            return true;
         if (try_unroll(shader, loop, max_trips))
            return true; /* the list changed: the caller starts again */
      }
   }
   return false;
}

bool
nir_opt_loop_unroll(nir_shader *shader)
{
   unsigned max_trips = shader->options && shader->options->max_unroll_iterations
                           ? shader->options->max_unroll_iterations
                           : 16;
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      bool p = false;
      nir_update_cfg(impl);
      while (unroll_list(shader, &impl->body, max_trips)) {
         p = true;
         nir_update_cfg(impl);
      }
      if (p) {
         nir_repair_phis(impl);
         nir_metadata_preserve(impl, nir_metadata_none);
      }
      progress |= p;
   }
   return progress;
}
