/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Loop analysis: recognises the simple loop shape
 *
 *    loop {
 *       header: phis; straight-line code
 *       if (cond) { break } else { }     (or the mirror image)
 *       rest of the body: ifs and inner loops allowed; no other break or
 *       continue of this loop, no return
 *    }
 *
 * and finds its trip count when it is a compile-time constant: the
 * condition is evaluated on constant values of the header phis, which are
 * stepped with their back-edge values, as long as everything involved is
 * ALU arithmetic on constants (nir_eval_const_opcode).  Phis the condition
 * does not depend on may be anything.
 */
#include "nir_passes.h"

#include <string.h>

typedef struct {
   nir_const_value v[NIR_MAX_VEC_COMPONENTS];
} cvec;

static bool eval_def_uncached(nir_def *def, struct hash_table *env,
                              cvec *out, unsigned depth);

/* Constant value of def given constant values for some phis (env).  Every
 * def evaluated is remembered in env (NULL data: not constant), so that
 * expressions sharing subexpressions cost linear, not exponential, time. */
static bool
eval_def(nir_def *def, struct hash_table *env, cvec *out, unsigned depth)
{
   struct hash_entry *e = hash_table_search(env, def);
   if (e) {
      if (!e->data)
         return false;
      *out = *(cvec *)e->data;
      return true;
   }
   bool ok = eval_def_uncached(def, env, out, depth);
   cvec *copy = NULL;
   if (ok) {
      copy = ralloc(env, cvec);
      if (!copy)
         return false;
      *copy = *out;
   }
   hash_table_insert(env, def, copy);
   return ok;
}

static bool
eval_def_uncached(nir_def *def, struct hash_table *env, cvec *out,
                  unsigned depth)
{
   if (depth > 64)
      return false;
   nir_instr *instr = nir_def_instr(def);
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
         sw[i].v[c] = srcv[i].v[nir_alu_src_swizzle(&alu->src[i], c)];
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

/* Whether some jump leaves the loop other than the terminator's break:
 * a break or continue of this loop elsewhere, or a return anywhere.
 * Breaks and continues inside inner loops belong to those loops and are
 * fine.  Counts the instructions and their cost (nir_loop_info), inner
 * loops included. */
static bool
has_other_exits(nir_loop *loop, nir_if *term, unsigned *count,
                unsigned *cost)
{
   *count = 0;
   *cost = 0;
   nir_foreach_block_in_cf_node(block, &loop->cf_node) {
      bool own = nir_block_get_loop(block) == loop;
      nir_foreach_instr(instr, block) {
         (*count)++;
         *cost += instr->type == nir_instr_type_alu ||
                  instr->type == nir_instr_type_intrinsic ||
                  instr->type == nir_instr_type_tex;
         if (instr->type != nir_instr_type_jump)
            continue;
         if (nir_instr_as_jump(instr)->type == nir_jump_return)
            return true;
         if (own && block->cf_node.parent != &term->cf_node)
            return true;
      }
   }
   return false;
}

bool
nir_loop_analyze(nir_loop *loop, unsigned max_trips, nir_loop_info *info)
{
   memset(info, 0, sizeof(*info));
   info->trip_count = -1;

   nir_cf_node *first = list_first_entry(&loop->body, nir_cf_node, node);
   nir_block *header = nir_cf_node_as_block(first);
   nir_cf_node *second = nir_cf_node_next(first);
   if (!second || second->type != nir_cf_node_if)
      return false;
   nir_if *term = nir_cf_node_as_if(second);
   if (!list_is_singular(&term->then_list) ||
       !list_is_singular(&term->else_list))
      return false;
   if (block_is_only_break(nir_if_first_then_block(term)) &&
       list_is_empty(&nir_if_first_else_block(term)->instr_list))
      info->break_on_true = true;
   else if (block_is_only_break(nir_if_first_else_block(term)) &&
            list_is_empty(&nir_if_first_then_block(term)->instr_list))
      info->break_on_true = false;
   else
      return false;
   if (has_other_exits(loop, term, &info->num_instrs, &info->cost))
      return false;
   info->header = header;
   info->terminator = term;
   info->simple = true;

   nir_block *before = nir_cf_node_as_block_before(&loop->cf_node);
   nir_block *latch = nir_loop_last_block(loop);
   void *mem = ralloc_context(NULL);
   struct hash_table *env = hash_table_create_pointer_keys(mem);
   nir_foreach_phi(phi, header) {
      nir_phi_src *init = nir_phi_get_src_from_block(phi, before);
      cvec *v = rzalloc(mem, cvec);
      if (init && eval_def(init->src.ssa, env, v, 0))
         hash_table_insert(env, &phi->def, v);
   }
   for (unsigned trips = 0; trips <= max_trips; trips++) {
      cvec c;
      if (!eval_def(term->condition.ssa, env, &c, 0))
         break;
      bool cond =
         nir_const_value_as_bool(c.v[0], term->condition.ssa->bit_size);
      if (cond == info->break_on_true) {
         info->trip_count = (int)trips;
         break;
      }
      struct hash_table *next = hash_table_create_pointer_keys(mem);
      nir_foreach_phi(phi, header) {
         /* Phis without a constant value stay unknown (an entry with no
          * data is a cached failure). */
         if (!hash_table_search_data(env, &phi->def))
            continue;
         nir_phi_src *ps = nir_phi_get_src_from_block(phi, latch);
         cvec *v = rzalloc(mem, cvec);
         if (ps && eval_def(ps->src.ssa, env, v, 0))
            hash_table_insert(next, &phi->def, v);
      }
      env = next;
   }
   ralloc_free(mem);
   return true;
}

void
nir_count_loops(struct list_head *cf_list, unsigned *loops, unsigned *nested)
{
   list_for_each_entry(nir_cf_node, node, cf_list, node) {
      if (node->type == nir_cf_node_if) {
         nir_if *nif = nir_cf_node_as_if(node);
         nir_count_loops(&nif->then_list, loops, nested);
         nir_count_loops(&nif->else_list, loops, nested);
      } else if (node->type == nir_cf_node_loop) {
         unsigned inner = 0;
         nir_count_loops(&nir_cf_node_as_loop(node)->body, &inner, nested);
         *loops += 1 + inner;
         *nested += inner;
      }
   }
}
