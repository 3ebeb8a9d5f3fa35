/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Metadata: facts derived from the IR that passes may keep across changes
 * they promise not to disturb.  nir_metadata_require() computes what is
 * missing; nir_metadata_preserve() at the end of a pass drops the rest.
 *
 * Dominance uses the iterative algorithm of Cooper, Harvey and Kennedy
 * ("A Simple, Fast Dominance Algorithm") over reverse post-order, then
 * dominance frontiers by walking up from each join's predecessors.
 */
#include "nir.h"

#include <stdlib.h>
#include <string.h>

#include "util/u_math.h"

void
nir_index_blocks(nir_function_impl *impl)
{
   unsigned i = 0;
   nir_foreach_block(block, impl)
      block->index = i++;
   impl->end_block->index = i++;
   impl->num_blocks = i;
}

static bool
index_def(nir_def *def, void *state)
{
   unsigned *n = state;
   def->index = (*n)++;
   return true;
}

void
nir_index_ssa_defs(nir_function_impl *impl)
{
   unsigned n = 0;
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block)
         nir_foreach_def(instr, index_def, &n);
   }
   impl->ssa_alloc = n;
}

void
nir_index_instrs(nir_function_impl *impl)
{
   unsigned n = 0;
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block)
         instr->index = n++;
   }
}

/* ---- dominance ----------------------------------------------------------- */

struct dom_state {
   nir_block **rpo;      /* blocks in reverse post-order */
   unsigned *rpo_index;  /* by block->index; ~0 if unreachable */
   unsigned count;
};

static void
post_order(nir_block *block, bool *visited, nir_block **order, unsigned *n)
{
   /* Iterative DFS: the CFG of a large shader is deep. */
   struct frame { nir_block *b; unsigned next; };
   unsigned cap = 64, sp = 0;
   struct frame *stack = malloc(cap * sizeof(*stack));
   if (!stack)
      return;
   visited[block->index] = true;
   stack[sp++] = (struct frame){ block, 0 };
   while (sp) {
      struct frame *f = &stack[sp - 1];
      if (f->next < 2) {
         nir_block *s = f->b->successors[f->next++];
         if (s && !visited[s->index]) {
            visited[s->index] = true;
            if (sp == cap) {
               cap *= 2;
               struct frame *ns = realloc(stack, cap * sizeof(*stack));
               if (!ns)
                  break;
               stack = ns;
            }
            stack[sp++] = (struct frame){ s, 0 };
         }
      } else {
         order[(*n)++] = f->b;
         sp--;
      }
   }
   free(stack);
}

static nir_block *
intersect(nir_block *a, nir_block *b, const unsigned *rpo_index)
{
   while (a != b) {
      while (rpo_index[a->index] > rpo_index[b->index])
         a = a->imm_dom;
      while (rpo_index[b->index] > rpo_index[a->index])
         b = b->imm_dom;
   }
   return a;
}

static void
dom_tree_number(nir_block *root)
{
   /* Pre/post numbering of the dominator tree, iteratively. */
   unsigned counter = 0;
   struct frame { nir_block *b; unsigned next; };
   unsigned cap = 64, sp = 0;
   struct frame *stack = malloc(cap * sizeof(*stack));
   if (!stack)
      return;
   root->dom_pre_index = counter++;
   stack[sp++] = (struct frame){ root, 0 };
   while (sp) {
      struct frame *f = &stack[sp - 1];
      if (f->next < f->b->num_dom_children) {
         nir_block *c = f->b->dom_children[f->next++];
         c->dom_pre_index = counter++;
         if (sp == cap) {
            cap *= 2;
            struct frame *ns = realloc(stack, cap * sizeof(*stack));
            if (!ns)
               break;
            stack = ns;
         }
         stack[sp++] = (struct frame){ c, 0 };
      } else {
         f->b->dom_post_index = counter++;
         sp--;
      }
   }
   free(stack);
}

/* Visit each (block, join) pair of the dominance frontiers: walking up
 * the tree from each predecessor of a join until the join's immediate
 * dominator.  A pair can come more than once, but all pairs of one join
 * come together. */
#define foreach_frontier_pair(order, n, rpo_index, runner, b)                  \
   for (unsigned i_ = 0; i_ < (n); i_++)                                       \
      for (nir_block *b = (order)[i_]; b; b = NULL)                            \
         for (unsigned p_ = 0; b->num_preds >= 2 && p_ < b->num_preds; p_++)   \
            for (nir_block *runner = b->preds[p_],                             \
                           *stop_ = rpo_index[runner->index] == ~0u            \
                                       ? runner : b->imm_dom;                  \
                 runner != stop_;                                              \
                 runner = runner == runner->imm_dom ? stop_ : runner->imm_dom)

/* Dominance frontiers, counted first, then stored in one array
 * (impl->frontier_mem) in the order the joins are met. */
static void
calc_frontiers(nir_function_impl *impl, nir_block **all, nir_block **order,
               unsigned n, const unsigned *rpo_index)
{
   unsigned nb = impl->num_blocks;
   for (unsigned i = 0; i < nb; i++)
      all[i]->num_dom_frontier = 0;
   ralloc_free(impl->frontier_mem);
   impl->frontier_mem = NULL;

   nir_block **last = calloc(nb, sizeof(*last)); /* last join counted */
   if (!last)
      return;
   unsigned total = 0;
   foreach_frontier_pair(order, n, rpo_index, runner, b) {
      if (last[runner->index] != b) {
         last[runner->index] = b;
         runner->num_dom_frontier++;
         total++;
      }
   }
   free(last);

   nir_block **mem = ralloc_array(impl, nir_block *, MAX2(total, 1));
   impl->frontier_mem = mem;
   unsigned offset = 0;
   for (unsigned i = 0; i < nb; i++) {
      all[i]->dom_frontier = mem ? mem + offset : NULL;
      offset += all[i]->num_dom_frontier;
      all[i]->num_dom_frontier = 0;
   }
   if (!mem)
      return;
   foreach_frontier_pair(order, n, rpo_index, runner, b) {
      unsigned k = runner->num_dom_frontier;
      if (!k || runner->dom_frontier[k - 1] != b)
         runner->dom_frontier[runner->num_dom_frontier++] = b;
   }
}

static void
calc_dominance(nir_function_impl *impl, bool frontiers)
{
   /* One walk over the control flow gives the edges, the indices and the
    * blocks by index. */
   nir_block **all = nir_update_cfg_and_index(impl);
   unsigned nb = impl->num_blocks;
   nir_block **order = calloc(nb, sizeof(*order));
   bool *visited = calloc(nb, sizeof(*visited));
   unsigned *rpo_index = calloc(nb, sizeof(*rpo_index));
   if (!all || !order || !visited || !rpo_index)
      goto out;

   for (unsigned i = 0; i < nb; i++) {
      all[i]->imm_dom = NULL;
      all[i]->num_dom_children = 0;
      rpo_index[i] = ~0u;
   }

   unsigned n = 0;
   nir_block *start = nir_start_block(impl);
   post_order(start, visited, order, &n);
   for (unsigned i = 0; i < n; i++)
      rpo_index[order[i]->index] = n - 1 - i;

   start->imm_dom = start;
   bool changed = true;
   while (changed) {
      changed = false;
      for (int i = (int)n - 2; i >= 0; i--) {
         nir_block *b = order[i];
         nir_block *new_idom = NULL;
         for (unsigned k = 0; k < b->num_preds; k++) {
            nir_block *p = b->preds[k];
            if (rpo_index[p->index] == ~0u || !p->imm_dom)
               continue;
            new_idom = new_idom ? intersect(p, new_idom, rpo_index) : p;
         }
         if (new_idom && b->imm_dom != new_idom) {
            b->imm_dom = new_idom;
            changed = true;
         }
      }
   }

   if (frontiers)
      calc_frontiers(impl, all, order, n, rpo_index);

   /* Children lists, in one array; the root is its own idom only during
    * the walk. */
   start->imm_dom = NULL;
   for (unsigned i = 0; i < nb; i++) {
      all[i]->num_dom_children = 0;
      if (all[i]->imm_dom)
         all[i]->imm_dom->num_dom_children++;
   }
   ralloc_free(impl->dom_mem);
   nir_block **children = ralloc_array(impl, nir_block *, MAX2(nb, 1));
   impl->dom_mem = children;
   unsigned offset = 0;
   for (unsigned i = 0; i < nb; i++) {
      all[i]->dom_children = children ? children + offset : NULL;
      offset += all[i]->num_dom_children;
      all[i]->num_dom_children = 0;
   }
   for (unsigned i = 0; children && i < nb; i++) {
      nir_block *p = all[i]->imm_dom;
      if (p)
         p->dom_children[p->num_dom_children++] = all[i];
   }
   for (unsigned i = 0; i < nb; i++)
      all[i]->dom_pre_index = all[i]->dom_post_index = 0;
   dom_tree_number(start);

out:
   free(all);
   free(order);
   free(visited);
   free(rpo_index);
}

void
nir_calc_dominance_impl(nir_function_impl *impl)
{
   calc_dominance(impl, true);
}

void
nir_calc_dominance_tree(nir_function_impl *impl)
{
   calc_dominance(impl, false);
}

bool
nir_block_dominates(nir_block *parent, nir_block *child)
{
   if (parent == child)
      return true;
   /* Unreachable blocks are dominated by everything. */
   if (child->dom_pre_index == 0 && child->dom_post_index == 0)
      return true;
   return parent->dom_pre_index <= child->dom_pre_index &&
          parent->dom_post_index >= child->dom_post_index;
}

nir_block *
nir_dominance_lca(nir_block *a, nir_block *b)
{
   if (!a)
      return b;
   if (!b)
      return a;
   while (!nir_block_dominates(a, b))
      a = a->imm_dom;
   return a;
}

/* ---- require / preserve ------------------------------------------------- */

void
nir_metadata_require(nir_function_impl *impl, nir_metadata required)
{
   nir_metadata missing = required & ~impl->valid_metadata;
   if (missing & nir_metadata_block_index)
      nir_index_blocks(impl);
   if (missing & nir_metadata_dominance)
      nir_calc_dominance_impl(impl);
   if (missing & nir_metadata_instr_index)
      nir_index_instrs(impl);
   if (missing & nir_metadata_divergence)
      nir_divergence_analysis(impl->function->shader);
   impl->valid_metadata |= required;
}

void
nir_metadata_preserve(nir_function_impl *impl, nir_metadata preserved)
{
   impl->valid_metadata &= preserved;
}
