/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Editing structured control flow: inserting an if or loop at a cursor
 * (which splits the block there), removing one (which joins the blocks
 * around it), and computing CFG edges from the structure.
 *
 * CFG edges are not maintained incrementally: they are a pure function of
 * the tree, and nir_update_cfg() recomputes them.  What must be kept right
 * by hand is each phi source's predecessor block, which is why splitting
 * and joining fix the phis of the affected successors.
 */
#include "nir.h"

#include <stdlib.h>

#include "util/u_dynarray.h"
#include "util/u_math.h"

nir_if *
nir_if_create(nir_shader *shader)
{
   nir_if *nif = nir_cf_mem_zalloc(shader, sizeof(nir_if));
   nif->cf_node.type = nir_cf_node_if;
   list_inithead(&nif->condition.use_link);
   nir_src_set_parent_if(&nif->condition, nif);

   list_inithead(&nif->then_list);
   list_inithead(&nif->else_list);
   nir_block *t = nir_cf_mem_zalloc(shader, sizeof(nir_block));
   nir_block *e = nir_cf_mem_zalloc(shader, sizeof(nir_block));
   nir_block *blocks[2] = { t, e };
   struct list_head *lists[2] = { &nif->then_list, &nif->else_list };
   for (unsigned i = 0; i < 2; i++) {
      blocks[i]->cf_node.type = nir_cf_node_block;
      blocks[i]->cf_node.parent = &nif->cf_node;
      list_inithead(&blocks[i]->instr_list);
      list_addtail(&blocks[i]->cf_node.node, lists[i]);
   }
   return nif;
}

nir_loop *
nir_loop_create(nir_shader *shader)
{
   nir_loop *loop = nir_cf_mem_zalloc(shader, sizeof(nir_loop));
   loop->cf_node.type = nir_cf_node_loop;
   list_inithead(&loop->body);
   nir_block *b = nir_cf_mem_zalloc(shader, sizeof(nir_block));
   b->cf_node.type = nir_cf_node_block;
   b->cf_node.parent = &loop->cf_node;
   list_inithead(&b->instr_list);
   list_addtail(&b->cf_node.node, &loop->body);
   return loop;
}

static nir_block *
new_block_like(nir_block *like)
{
   nir_function_impl *impl = nir_cf_node_get_function(&like->cf_node);
   nir_block *b =
      nir_cf_mem_zalloc(impl->function->shader, sizeof(nir_block));
   b->cf_node.type = nir_cf_node_block;
   b->cf_node.parent = like->cf_node.parent;
   list_inithead(&b->instr_list);
   return b;
}

void
nir_block_structural_successors(nir_block *block, nir_block *succ[2])
{
   succ[0] = succ[1] = NULL;
   nir_function_impl *impl = nir_cf_node_get_function(&block->cf_node);
   if (block == impl->end_block)
      return;

   nir_instr *last = nir_block_last_instr(block);
   if (last && last->type == nir_instr_type_jump) {
      nir_jump_instr *jump = nir_instr_as_jump(last);
      nir_loop *loop = nir_block_get_loop(block);
      switch (jump->type) {
      case nir_jump_return:
         succ[0] = impl->end_block;
         return;
      case nir_jump_break:
         succ[0] = loop ? nir_cf_node_as_block_after(&loop->cf_node) : NULL;
         return;
      case nir_jump_continue:
         succ[0] = loop ? nir_loop_first_block(loop) : NULL;
         return;
      }
   }

   nir_cf_node *next = nir_cf_node_next(&block->cf_node);
   if (next) {
      if (next->type == nir_cf_node_if) {
         nir_if *nif = nir_cf_node_as_if(next);
         succ[0] = nir_if_first_then_block(nif);
         succ[1] = nir_if_first_else_block(nif);
      } else {
         succ[0] = nir_loop_first_block(nir_cf_node_as_loop(next));
      }
      return;
   }

   nir_cf_node *parent = block->cf_node.parent;
   switch (parent->type) {
   case nir_cf_node_if:
      succ[0] = nir_cf_node_as_block_after(parent);
      break;
   case nir_cf_node_loop:
      succ[0] = nir_loop_first_block(nir_cf_node_as_loop(parent));
      break;
   default:
      succ[0] = impl->end_block;
      break;
   }
}

void
nir_update_cfg(nir_function_impl *impl)
{
   free(nir_update_cfg_and_index(impl));
}

nir_block **
nir_update_cfg_and_index(nir_function_impl *impl)
{
   /* Count first, then fill one array in program order: the predecessor
    * lists of neighbouring blocks sit side by side. */
   struct util_dynarray blocks;
   util_dynarray_init(&blocks, NULL);
   unsigned total = 0, index = 0;
   nir_foreach_block(block, impl) {
      block->num_preds = 0;
      block->index = index++;
   }
   nir_block *end = impl->end_block;
   end->num_preds = 0;
   end->index = index++;
   impl->num_blocks = index;
   end->successors[0] = end->successors[1] = NULL;
   nir_foreach_block(block, impl) {
      util_dynarray_append(&blocks, nir_block *, block);
      nir_block_structural_successors(block, block->successors);
      for (unsigned i = 0; i < 2; i++) {
         if (block->successors[i]) {
            block->successors[i]->num_preds++;
            total++;
         }
      }
   }
   util_dynarray_append(&blocks, nir_block *, end);

   ralloc_free(impl->cfg_mem);
   nir_block **mem = ralloc_array(impl, nir_block *, MAX2(total, 1));
   impl->cfg_mem = mem;
   unsigned offset = 0;
   nir_dynarray_foreach(&blocks, nir_block *, bp) {
      nir_block *b = *bp;
      /* Out of memory: no edges rather than edges into nothing. */
      b->preds = mem ? mem + offset : NULL;
      offset += b->num_preds;
      b->num_preds = 0;
   }
   nir_dynarray_foreach(&blocks, nir_block *, bp) {
      nir_block *b = *bp;
      for (unsigned i = 0; mem && i < 2; i++) {
         nir_block *s = b->successors[i];
         if (s)
            s->preds[s->num_preds++] = b;
      }
   }
   /* The array is the caller's (plain malloc memory), or NULL. */
   if (util_dynarray_num_elements(&blocks, nir_block *) != index) {
      util_dynarray_fini(&blocks);
      return NULL;
   }
   return blocks.data;
}

/* Phis in the successors of `from` that name it as predecessor now name
 * `to` (the tail of `from` moved into `to`). */
void
nir_retarget_successor_phis(nir_block *from, nir_block *to)
{
   nir_block *succ[2];
   nir_block_structural_successors(from, succ);
   for (unsigned i = 0; i < 2; i++) {
      if (!succ[i])
         continue;
      nir_foreach_phi(phi, succ[i]) {
         nir_foreach_phi_src(ps, phi) {
            if (ps->pred == from)
               ps->pred = to;
         }
      }
   }
}

void
nir_cf_node_insert(nir_cursor cursor, nir_cf_node *node)
{
   assert(node->type == nir_cf_node_if || node->type == nir_cf_node_loop);
   nir_block *block = nir_cursor_current_block(cursor);
   nir_block *after = new_block_like(block);

   nir_retarget_successor_phis(block, after);

   /* Move everything after the cursor to the new block. */
   struct list_head *split_at;
   switch (cursor.option) {
   case nir_cursor_before_block: split_at = &block->instr_list; break;
   case nir_cursor_after_block: split_at = block->instr_list.prev; break;
   case nir_cursor_before_instr: split_at = cursor.instr->node.prev; break;
   default: split_at = &cursor.instr->node; break;
   }
   while (split_at->next != &block->instr_list) {
      nir_instr *instr = list_entry(split_at->next, nir_instr, node);
      list_del(&instr->node);
      list_addtail(&instr->node, &after->instr_list);
      instr->block = after;
   }

   node->parent = block->cf_node.parent;
   list_add(&node->node, &block->cf_node.node);
   list_add(&after->cf_node.node, &node->node);
}

void
nir_cf_node_remove_instrs(nir_cf_node *node)
{
   nir_foreach_block_in_cf_node(block, node) {
      nir_foreach_instr_safe(instr, block)
         nir_instr_remove(instr);
   }
   if (node->type == nir_cf_node_if)
      nir_src_set_ssa(&nir_cf_node_as_if(node)->condition, NULL);
   /* Inner ifs' conditions. */
   nir_foreach_block_in_cf_node(block, node) {
      nir_cf_node *next = nir_cf_node_next(&block->cf_node);
      if (next && next->type == nir_cf_node_if)
         nir_src_set_ssa(&nir_cf_node_as_if(next)->condition, NULL);
   }
}

void
nir_cf_node_remove(nir_cf_node *node)
{
   nir_block *before = nir_cf_node_as_block_before(node);
   nir_block *after = nir_cf_node_as_block_after(node);

   nir_cf_node_remove_instrs(node);

   /* Phis of `after` would lose their meaning; the caller removed them. */
   assert(nir_phi_from_node(after, after->instr_list.next) == NULL);
   nir_retarget_successor_phis(after, before);

   list_for_each_entry_safe(nir_instr, instr, &after->instr_list, node) {
      list_del(&instr->node);
      list_addtail(&instr->node, &before->instr_list);
      instr->block = before;
   }
   list_del(&node->node);
   list_del(&after->cf_node.node);
}

void
nir_cf_list_move_instrs(struct list_head *list, nir_cursor cursor)
{
   assert(list_is_singular(list));
   nir_block *block = nir_cf_list_first_block(list);
   nir_foreach_instr_safe(instr, block) {
      nir_instr_move(cursor, instr);
      cursor = nir_after_instr(instr);
   }
}
