/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Dead control flow:
 *  - an if whose condition is a constant (or computed from constants only:
 *    folded here) is replaced by the branch taken
 *    (its control flow is spliced into the parent list; phis after the if
 *    become the taken branch's values);
 *  - everything after a jump in the same list is unreachable and removed,
 *    and so is everything after an if whose branches both end in jumps
 *    (the block after such an if stays, emptied, as NIR needs a block
 *    after every if; it still falls through structurally, so phis of its
 *    successor get an undef source from it, see docs/nir.rst);
 *  - a loop whose body is one block ending in `break` runs once and is
 *    replaced by that block's instructions;
 *  - an if with two empty branches and no phis after it is removed.
 * Phi sources from blocks that stopped being predecessors are dropped at
 * the end (nir_repair_phis).  Invalidates all metadata when it changes
 * anything.
 */
#include "nir_passes.h"

void
nir_repair_phis(nir_function_impl *impl)
{
   nir_update_cfg(impl);
   nir_foreach_block(block, impl) {
      /* A loop header with many continues: one set, not a search per
       * phi source. */
      struct set *preds = NULL;
      if (block->num_preds > 8 &&
          nir_phi_from_node(block, block->instr_list.next)) {
         preds = set_create_pointer_keys(NULL);
         for (unsigned i = 0; preds && i < block->num_preds; i++)
            set_add(preds, block->preds[i]);
      }
      nir_foreach_phi(phi, block) {
         nir_foreach_phi_src_safe(ps, phi) {
            if (preds ? !set_contains(preds, ps->pred)
                      : !nir_block_has_pred(block, ps->pred)) {
               nir_src_set_ssa(&ps->src, NULL);
               list_del(&ps->node);
            }
         }
      }
      ralloc_free(preds);
   }
}

static void
move_instrs_to_end(nir_block *from, nir_block *to)
{
   list_for_each_entry_safe(nir_instr, instr, &from->instr_list, node) {
      list_del(&instr->node);
      list_addtail(&instr->node, &to->instr_list);
      instr->block = to;
   }
}

/* Splice the taken branch of nif into the parent list. */
/* Returns the block that now ends the inlined code. */
static nir_block *
inline_branch(nir_if *nif, bool take_then)
{
   struct list_head *taken = take_then ? &nif->then_list : &nif->else_list;
   struct list_head *dropped = take_then ? &nif->else_list : &nif->then_list;
   nir_cf_node *if_node = &nif->cf_node;
   nir_block *before = nir_cf_node_as_block_before(if_node);
   nir_block *after = nir_cf_node_as_block_after(if_node);
   nir_block *first = nir_cf_list_first_block(taken);
   nir_block *last = nir_cf_list_last_block(taken);

   nir_foreach_phi_safe(phi, after) {
      nir_phi_src *ps = nir_phi_get_src_from_block(phi, last);
      nir_def_rewrite_uses_past_copies(&phi->def, ps->src.ssa);
      nir_instr_remove(&phi->instr);
   }

   /* Drop the untaken branch and the condition. */
   list_for_each_entry(nir_cf_node, n, dropped, node)
      nir_cf_node_remove_instrs(n);
   nir_def *cond = nif->condition.ssa;
   nir_src_set_ssa(&nif->condition, NULL);
   /* a condition only the if read (DCE's shared false, a folded
    * comparison) goes with it, not at the next DCE */
   nir_remove_if_unused(cond);

   nir_block *new_last = first == last ? before : last;
   nir_retarget_successor_phis(first, before);
   nir_retarget_successor_phis(after, new_last);
   move_instrs_to_end(first, before);
   move_instrs_to_end(after, new_last);

   /* Nodes after `first` in the taken list move after the if. */
   nir_cf_node *parent = if_node->parent;
   struct list_head *pos = &if_node->node;
   list_for_each_entry_safe(nir_cf_node, n, taken, node) {
      if (n == &first->cf_node)
         continue;
      list_del(&n->node);
      list_add(&n->node, pos);
      n->parent = parent;
      pos = &n->node;
   }
   list_del(&if_node->node);
   list_del(&after->cf_node.node);
   return new_last;
}

/* The value of an if condition computed from constants only, folded
 * here (as nir_opt_constant_folding would, bottom-up) so that the branch
 * goes in this run: conditions become constant when a loop around them
 * is unrolled, and waiting for constant folding would cost a round of
 * nir_optimize per level of a loop nest.  NULL if it is not constant. */
#define MAX_FOLD_DEPTH 8

static nir_load_const_instr *
constant_condition(nir_shader *shader, nir_def *def, unsigned depth,
                   bool *folded_any)
{
   nir_instr *instr = nir_def_instr(def);
   if (instr->type == nir_instr_type_load_const)
      return nir_instr_as_load_const(instr);
   if (instr->type != nir_instr_type_alu || depth == MAX_FOLD_DEPTH)
      return NULL;
   nir_alu_instr *alu = nir_instr_as_alu(instr);
   for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++) {
      if (!constant_condition(shader, alu->src[i].src.ssa, depth + 1,
                              folded_any))
         return NULL;
   }
   nir_def *folded = nir_fold_alu_instr(shader, alu);
   if (!folded)
      return NULL;
   *folded_any = true;
   return nir_instr_as_load_const(nir_def_instr(folded));
}

static bool
remove_after_jump(nir_block *block)
{
   if (!nir_block_ends_in_jump(block))
      return false;
   bool progress = false;
   nir_cf_node *next;
   while ((next = nir_cf_node_next(&block->cf_node))) {
      nir_cf_node_remove_instrs(next);
      list_del(&next->node);
      progress = true;
   }
   return progress;
}

/* Whether control never falls off the end of the list: its last block
 * ends in a jump, or is the (empty) block after an if whose branches both
 * never fall through. */
static bool
list_ends_in_jump(struct list_head *list)
{
   nir_block *last = nir_cf_list_last_block(list);
   if (nir_block_ends_in_jump(last))
      return true;
   nir_cf_node *prev = nir_cf_node_prev(&last->cf_node);
   if (!prev || prev->type != nir_cf_node_if ||
       !list_is_empty(&last->instr_list))
      return false;
   nir_if *nif = nir_cf_node_as_if(prev);
   return list_ends_in_jump(&nif->then_list) &&
          list_ends_in_jump(&nif->else_list);
}

/* `after` follows an if whose branches both jump: nothing reaches it or
 * anything after it in its list.  Empties it and removes what follows.
 * It becomes the last block of its list, so it falls through to that
 * list's structural successor, whose phis get an undef source from it
 * (replacing one that named a value of `after`, if it already was the
 * last block).  Sources from blocks removed here go in nir_repair_phis. */
static bool
remove_unreachable_tail(nir_shader *shader, nir_block *after)
{
   if (list_is_empty(&after->instr_list) && !nir_cf_node_next(&after->cf_node))
      return false;
   nir_cf_node *next;
   while ((next = nir_cf_node_next(&after->cf_node))) {
      nir_cf_node_remove_instrs(next);
      list_del(&next->node);
   }
   nir_foreach_instr_safe(instr, after)
      nir_instr_remove(instr);

   nir_function_impl *impl = nir_cf_node_get_function(&after->cf_node);
   nir_block *succ[2];
   nir_block_structural_successors(after, succ);
   for (unsigned i = 0; i < 2; i++) {
      if (!succ[i])
         continue;
      nir_foreach_phi(phi, succ[i]) {
         nir_undef_instr *u = nir_undef_instr_create(
            shader, phi->def.num_components, phi->def.bit_size);
         nir_instr_insert(nir_before_impl(impl), &u->instr);
         nir_phi_src *ps = nir_phi_get_src_from_block(phi, after);
         if (ps)
            nir_src_set_ssa(&ps->src, &u->def);
         else
            nir_phi_instr_add_src(phi, after, &u->def);
      }
   }
   return true;
}

static bool
try_inline_loop(nir_loop *loop)
{
   if (!list_is_singular(&loop->body))
      return false;
   nir_block *body = nir_loop_first_block(loop);
   nir_instr *last = nir_block_last_instr(body);
   if (!last || last->type != nir_instr_type_jump ||
       nir_instr_as_jump(last)->type != nir_jump_break)
      return false;

   nir_cf_node *node = &loop->cf_node;
   nir_block *before = nir_cf_node_as_block_before(node);
   nir_block *after = nir_cf_node_as_block_after(node);

   /* A phi after the loop has one source (the body's break) once phis are
    * repaired; until then it may still name blocks removed earlier in
    * this pass.  Decide before changing anything. */
   nir_foreach_phi(phi, after) {
      if (!list_is_singular(&phi->srcs))
         return false;
   }

   /* The header's only predecessor is `before`: its phis are copies. */
   nir_foreach_phi_safe(phi, body) {
      nir_phi_src *ps = nir_phi_get_src_from_block(phi, before);
      nir_def_rewrite_uses_past_copies(&phi->def, ps->src.ssa);
      nir_instr_remove(&phi->instr);
   }
   nir_instr_remove(last);
   /* Phis after the loop named `body` (via the break). */
   nir_foreach_phi(phi, after) {
      nir_foreach_phi_src(ps, phi) {
         if (ps->pred == body)
            ps->pred = before;
      }
   }
   nir_foreach_phi_safe(phi, after) {
      nir_phi_src *ps = nir_phi_get_src_from_block(phi, before);
      if (ps && list_is_singular(&phi->srcs)) {
         nir_def_rewrite_uses_past_copies(&phi->def, ps->src.ssa);
         nir_instr_remove(&phi->instr);
      }
   }
   if (nir_phi_from_node(after, after->instr_list.next))
      return false; /* cannot happen: a breaking body is the only way out */
   nir_retarget_successor_phis(after, before);
   move_instrs_to_end(body, before);
   move_instrs_to_end(after, before);
   list_del(&node->node);
   list_del(&after->cf_node.node);
   return true;
}

/* One walk over a list, inner lists first.  After a change the walk goes
 * on from the block the change left in place (which may now end in a jump
 * or be followed by something removable), never from the top: each node
 * is visited a bounded number of times. */
static bool
dead_cf_list(nir_shader *shader, struct list_head *list)
{
   bool progress = false;
   nir_cf_node *node = list_first_entry(list, nir_cf_node, node);
   while (node) {
      nir_cf_node *resume = NULL;
      switch (node->type) {
      case nir_cf_node_block:
         if (remove_after_jump(nir_cf_node_as_block(node)))
            return true; /* nothing follows the block any more */
         break;
      case nir_cf_node_if: {
         nir_if *nif = nir_cf_node_as_if(node);
         progress |= dead_cf_list(shader, &nif->then_list);
         progress |= dead_cf_list(shader, &nif->else_list);
         nir_block *before = nir_cf_node_as_block_before(node);
         nir_load_const_instr *lc =
            constant_condition(shader, nif->condition.ssa, 0, &progress);
         if (lc) {
            bool take = nir_const_value_as_bool(lc->value[0],
                                                lc->def.bit_size);
            nir_block *last = take ? nir_if_last_then_block(nif)
                                   : nir_if_last_else_block(nif);
            if (!nir_block_ends_in_jump(last)) {
               /* The inlined nodes were walked as part of the branch. */
               resume = &inline_branch(nif, take)->cf_node;
               progress = true;
               break;
            }
         }
         nir_block *after = nir_cf_node_as_block_after(node);
         if (list_ends_in_jump(&nif->then_list) &&
             list_ends_in_jump(&nif->else_list)) {
            /* nothing follows the if's block any more */
            if (remove_unreachable_tail(shader, after))
               return true;
            break;
         }
         if (list_is_singular(&nif->then_list) &&
             list_is_singular(&nif->else_list) &&
             list_is_empty(&nir_if_first_then_block(nif)->instr_list) &&
             list_is_empty(&nir_if_first_else_block(nif)->instr_list) &&
             !nir_phi_from_node(after, after->instr_list.next)) {
            nir_cf_node_remove(node);
            resume = &before->cf_node;
            progress = true;
         }
         break;
      }
      case nir_cf_node_loop: {
         nir_loop *loop = nir_cf_node_as_loop(node);
         progress |= dead_cf_list(shader, &loop->body);
         nir_block *before = nir_cf_node_as_block_before(node);
         if (try_inline_loop(loop)) {
            resume = &before->cf_node;
            progress = true;
         }
         break;
      }
      default:
         break;
      }
      node = resume ? resume : nir_cf_node_next(node);
   }
   return progress;
}

bool
nir_opt_dead_cf(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      bool p = dead_cf_list(shader, &impl->body);
      if (p) {
         nir_repair_phis(impl);
         nir_metadata_preserve(impl, nir_metadata_none);
      }
      progress |= p;
   }
   return progress;
}
