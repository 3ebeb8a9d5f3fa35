/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Peephole select (if-conversion): an if whose branches are single blocks
 * of at most `limit` instructions, all safe to execute speculatively (ALU,
 * constants, undefs, derefs, reorderable loads) and without jumps, is
 * flattened: both branches run unconditionally before where the if was and
 * each phi after it becomes a select on the condition.  ALU operations are
 * safe to speculate because NIR defines every result (division by zero,
 * shifts, conversions).  Invalidates all metadata when it changes anything.
 */
#include "nir_builder.h"
#include "nir_passes.h"

static bool
block_is_speculatable(nir_block *block, unsigned limit)
{
   unsigned n = 0;
   nir_foreach_instr(instr, block) {
      if (++n > limit)
         return false;
      switch (instr->type) {
      case nir_instr_type_alu:
      case nir_instr_type_load_const:
      case nir_instr_type_undef:
      case nir_instr_type_deref:
         break;
      case nir_instr_type_intrinsic: {
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         const nir_intrinsic_info *info =
            &nir_intrinsic_infos[intr->intrinsic];
         if (!(info->flags & NIR_INTRINSIC_CAN_REORDER))
            return false;
         break;
      }
      default:
         return false;
      }
   }
   return true;
}

static nir_op
select_op(unsigned cond_bits)
{
   switch (cond_bits) {
   case 1: return nir_op_bcsel;
   case 16: return nir_op_b16csel;
   case 32: return nir_op_b32csel;
   default: return nir_op_invalid;
   }
}

static bool
try_select(nir_if *nif, unsigned limit)
{
   if (!list_is_singular(&nif->then_list) || !list_is_singular(&nif->else_list))
      return false;
   nir_block *t = nir_if_first_then_block(nif);
   nir_block *e = nir_if_first_else_block(nif);
   if (!block_is_speculatable(t, limit) || !block_is_speculatable(e, limit))
      return false;
   nir_def *cond = nif->condition.ssa;
   nir_op sel = select_op(cond->bit_size);
   if (sel == nir_op_invalid)
      return false;

   nir_cf_node *node = &nif->cf_node;
   nir_block *before = nir_cf_node_as_block_before(node);
   nir_block *after = nir_cf_node_as_block_after(node);
   if (nir_block_ends_in_jump(before))
      return false;

   nir_foreach_instr_safe(instr, t)
      nir_instr_move(nir_after_block(before), instr);
   nir_foreach_instr_safe(instr, e)
      nir_instr_move(nir_after_block(before), instr);

   nir_builder b = nir_builder_at(nir_after_block(before));
   nir_foreach_phi_safe(phi, after) {
      nir_phi_src *ts = nir_phi_get_src_from_block(phi, t);
      nir_phi_src *es = nir_phi_get_src_from_block(phi, e);
      nir_def *v = nir_build_alu3(&b, sel, cond, ts->src.ssa, es->src.ssa);
      nir_def_rewrite_uses(&phi->def, v);
      nir_instr_remove(&phi->instr);
   }
   nir_cf_node_remove(node);
   return true;
}

/* One walk over a list, inner ifs before the if around them (which may
 * become selectable once they are gone).  A selected if is merged into
 * the block before it, and the walk goes on after that block. */
static bool
select_list(struct list_head *list, unsigned limit)
{
   bool progress = false;
   nir_cf_node *node = list_first_entry(list, nir_cf_node, node);
   while (node) {
      if (node->type == nir_cf_node_if) {
         nir_if *nif = nir_cf_node_as_if(node);
         progress |= select_list(&nif->then_list, limit);
         progress |= select_list(&nif->else_list, limit);
         nir_cf_node *before = nir_cf_node_prev(node);
         if (try_select(nif, limit)) {
            progress = true;
            node = nir_cf_node_next(before);
            continue;
         }
      } else if (node->type == nir_cf_node_loop) {
         progress |= select_list(&nir_cf_node_as_loop(node)->body, limit);
      }
      node = nir_cf_node_next(node);
   }
   return progress;
}

bool
nir_opt_peephole_select(nir_shader *shader, unsigned limit)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      bool p = select_list(&impl->body, limit);
      if (p)
         nir_metadata_preserve(impl, nir_metadata_none);
      progress |= p;
   }
   return progress;
}
