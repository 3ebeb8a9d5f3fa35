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

/* The computation runs on 32-bit numbers in side arrays, not on the
 * blocks: a large shader has tens of thousands of 120-byte blocks, and the
 * fixed-point iteration, the frontier walks and the tree numbering each
 * chase immediate dominators up the tree.  Over compact arrays those
 * walks stay in cache; the blocks are read once (edges, reverse
 * post-order) and written once (the results).
 *
 * Reachable blocks are numbered in reverse post-order ("rpo numbers"):
 * a block's immediate dominator always has a smaller number, which is
 * what the intersection of Cooper, Harvey and Kennedy relies on. */
#define DOM_NONE (~0u)

struct dom_arrays {
   unsigned nb, n;      /* all blocks; reachable ones */
   uint32_t *rpo;       /* block index -> rpo number, DOM_NONE if unreachable */
   uint32_t *block;     /* rpo number -> block index */
   uint32_t *idom;      /* rpo number -> rpo number of the immediate dominator */
   uint32_t *pred_at;   /* rpo number -> first of its predecessors in pred */
   uint32_t *pred;      /* reachable predecessors, rpo numbers, CFG order */
};

/* The indices of the reachable blocks in post-order (an iterative DFS:
 * the CFG of a large shader is deep); returns how many, or DOM_NONE
 * without memory.  visited is indexed by block index. */
static unsigned
post_order(nir_block *start, bool *visited, uint32_t *order)
{
   struct frame { nir_block *b; unsigned next; };
   unsigned cap = 64, sp = 0, n = 0;
   struct frame *stack = malloc(cap * sizeof(*stack));
   if (!stack)
      return DOM_NONE;
   visited[start->index] = true;
   stack[sp++] = (struct frame){ start, 0 };
   while (sp) {
      struct frame *f = &stack[sp - 1];
      if (f->next >= 2) {
         order[n++] = f->b->index;
         sp--;
         continue;
      }
      nir_block *s = f->b->successors[f->next++];
      if (!s || visited[s->index])
         continue;
      visited[s->index] = true;
      if (sp == cap) {
         struct frame *ns = realloc(stack, 2 * cap * sizeof(*stack));
         if (!ns) {
            free(stack);
            return DOM_NONE;
         }
         stack = ns, cap *= 2;
      }
      stack[sp++] = (struct frame){ s, 0 };
   }
   free(stack);
   return n;
}

static uint32_t
dom_intersect(const uint32_t *idom, uint32_t a, uint32_t b)
{
   while (a != b) {
      while (a > b)
         a = idom[a];
      while (b > a)
         b = idom[b];
   }
   return a;
}

/* Immediate dominators by the iterative algorithm, on rpo numbers. */
static void
dom_solve(struct dom_arrays *d)
{
   uint32_t *idom = d->idom;
   for (unsigned r = 0; r < d->n; r++)
      idom[r] = DOM_NONE;
   idom[0] = 0;
   bool changed = true;
   while (changed) {
      changed = false;
      for (unsigned r = 1; r < d->n; r++) {
         uint32_t best = DOM_NONE;
         for (unsigned k = d->pred_at[r]; k < d->pred_at[r + 1]; k++) {
            uint32_t p = d->pred[k];
            if (idom[p] == DOM_NONE)
               continue;
            best = best == DOM_NONE ? p : dom_intersect(idom, p, best);
         }
         if (best != DOM_NONE && idom[r] != best) {
            idom[r] = best;
            changed = true;
         }
      }
   }
}

/* Visit each (runner, join) pair of the dominance frontiers, as rpo
 * numbers: from each predecessor of a join up the tree to the join's
 * immediate dominator.  The joins come in post-order and the pairs of one
 * join together, so a repeated pair is always the runner's last one. */
#define foreach_frontier_pair(d, runner, join)                                 \
   for (uint32_t join = (d)->n; join-- > 0;)                                   \
      for (unsigned k_ = (d)->pred_at[join];                                   \
           (d)->pred_at[join + 1] - (d)->pred_at[join] >= 2 &&                 \
           k_ < (d)->pred_at[join + 1];                                        \
           k_++)                                                               \
         for (uint32_t runner = (d)->pred[k_]; runner != (d)->idom[join];      \
              runner = runner ? (d)->idom[runner] : (d)->idom[join])

/* Dominance frontiers in one array (impl->frontier_mem), each block's in
 * the order its joins are met, block i's from fat[i] to fat[i + 1]
 * (nb + 1 entries); count[] and last[] are n-long scratch.  Returns the
 * array, NULL without memory. */
static nir_block **
dom_frontiers(nir_function_impl *impl, nir_block **all,
              const struct dom_arrays *d, uint32_t *fat, uint32_t *count,
              uint32_t *last)
{
   for (unsigned r = 0; r < d->n; r++)
      count[r] = 0, last[r] = DOM_NONE;
   unsigned total = 0;
   foreach_frontier_pair(d, runner, join) {
      if (last[runner] != join) {
         last[runner] = join;
         count[runner]++;
         total++;
      }
   }
   ralloc_free(impl->frontier_mem);
   nir_block **mem = ralloc_array(impl, nir_block *, MAX2(total, 1));
   impl->frontier_mem = mem;
   /* Laid out by block index, like the blocks; count[] becomes each
    * block's fill position. */
   unsigned offset = 0;
   for (unsigned i = 0; i < d->nb; i++) {
      uint32_t r = d->rpo[i];
      fat[i] = offset;
      if (r != DOM_NONE) {
         offset += mem ? count[r] : 0;
         count[r] = fat[i], last[r] = DOM_NONE;
      }
   }
   fat[d->nb] = offset;
   if (!mem)
      return NULL;
   foreach_frontier_pair(d, runner, join) {
      if (last[runner] != join) {
         last[runner] = join;
         mem[count[runner]++] = all[d->block[join]];
      }
   }
   return mem;
}

/* The dominator tree: children lists (impl->dom_mem, by block index, each
 * in block-index order) and the pre/post numbering that
 * nir_block_dominates() reads.  first[] is nb + 1 long, kids[] and
 * stack[] nb long, pre[] and post[] nb long.  With frontiers, the blocks
 * get theirs (fmem and fat from dom_frontiers(); none if fmem is NULL)
 * in the same write. */
static void
dom_tree(nir_function_impl *impl, nir_block **all, const struct dom_arrays *d,
         uint32_t *first, uint32_t *kids, uint32_t *stack, uint32_t *pre,
         uint32_t *post, bool frontiers, nir_block **fmem,
         const uint32_t *fat)
{
   unsigned nb = d->nb;
   /* Parent by block index, in pre[] for now. */
   for (unsigned i = 0; i <= nb; i++)
      first[i] = 0;
   for (unsigned i = 0; i < nb; i++) {
      uint32_t r = d->rpo[i];
      pre[i] = r == DOM_NONE || r == 0 ? DOM_NONE : d->block[d->idom[r]];
      if (pre[i] != DOM_NONE)
         first[pre[i] + 1]++;
   }
   for (unsigned i = 0; i < nb; i++)
      first[i + 1] += first[i];
   for (unsigned i = 0; i < nb; i++)
      post[i] = first[i]; /* fill position */
   for (unsigned i = 0; i < nb; i++) {
      if (pre[i] != DOM_NONE)
         kids[post[pre[i]]++] = i;
   }

   ralloc_free(impl->dom_mem);
   nir_block **children = ralloc_array(impl, nir_block *, MAX2(nb, 1));
   impl->dom_mem = children;
   for (unsigned k = 0; children && k < first[nb]; k++)
      children[k] = all[kids[k]];

   /* Pre/post numbering, iteratively; post[] doubles as the next child to
    * visit until a block is left.  Unreachable blocks keep 0 and 0. */
   for (unsigned i = 0; i < nb; i++)
      pre[i] = post[i] = 0;
   unsigned counter = 0, sp = 0;
   uint32_t root = d->block[0];
   pre[root] = counter++;
   post[root] = first[root];
   stack[sp++] = root;
   while (sp) {
      uint32_t b = stack[sp - 1];
      if (post[b] < first[b + 1]) {
         uint32_t c = kids[post[b]++];
         pre[c] = counter++;
         post[c] = first[c];
         stack[sp++] = c; /* a tree of nb nodes: at most nb deep */
      } else {
         post[b] = counter++;
         sp--;
      }
   }

   /* The one write of the results into the blocks. */
   for (unsigned i = 0; i < nb; i++) {
      nir_block *b = all[i];
      uint32_t r = d->rpo[i];
      b->imm_dom = r == DOM_NONE || r == 0 ? NULL : all[d->block[d->idom[r]]];
      b->num_dom_children = children ? first[i + 1] - first[i] : 0;
      b->dom_children = children ? children + first[i] : NULL;
      b->dom_pre_index = pre[i];
      b->dom_post_index = post[i];
      if (frontiers) {
         b->dom_frontier = fmem ? fmem + fat[i] : NULL;
         b->num_dom_frontier = fmem ? fat[i + 1] - fat[i] : 0;
      }
   }
}

static void
calc_dominance(nir_function_impl *impl, bool frontiers)
{
   /* One walk over the control flow gives the edges, the indices and the
    * blocks by index. */
   nir_block **all = nir_update_cfg_and_index(impl);
   unsigned nb = impl->num_blocks;
   bool *visited = calloc(nb, sizeof(*visited));
   /* order, rpo, block, idom, pred_at (n + 1), first (nb + 1), kids,
    * stack, pre, post, fat (nb + 1): at most 11 nb + 3; then the
    * predecessors, at most 2 nb (two successors a block; counting them
    * exactly would read every block once more). */
   uint32_t *mem = malloc((13 * (size_t)nb + 3) * sizeof(*mem));
   if (!all || !visited || !mem)
      goto out;

   uint32_t *p = mem;
   uint32_t *order = p; p += nb;
   unsigned n = post_order(nir_start_block(impl), visited, order);
   if (n == DOM_NONE)
      goto out;

   struct dom_arrays d = { .nb = nb, .n = n };
   d.rpo = p, p += nb;
   d.block = p, p += nb;
   d.idom = p, p += nb;
   d.pred_at = p, p += nb + 1;
   uint32_t *first = p; p += nb + 1;
   uint32_t *kids = p; p += nb;
   uint32_t *stack = p; p += nb;
   uint32_t *pre = p; p += nb;
   uint32_t *post = p; p += nb;
   uint32_t *fat = p; p += nb + 1;
   d.pred = p;

   for (unsigned i = 0; i < nb; i++)
      d.rpo[i] = DOM_NONE;
   for (unsigned i = 0; i < n; i++) {
      d.rpo[order[n - 1 - i]] = i;
      d.block[i] = order[n - 1 - i];
   }
   /* Predecessors as rpo numbers; unreachable ones play no part. */
   unsigned k = 0;
   for (unsigned r = 0; r < n; r++) {
      nir_block *b = all[d.block[r]];
      d.pred_at[r] = k;
      for (unsigned j = 0; j < b->num_preds; j++) {
         uint32_t pr = d.rpo[b->preds[j]->index];
         if (pr != DOM_NONE)
            d.pred[k++] = pr;
      }
   }
   d.pred_at[n] = k;

   dom_solve(&d);
   /* kids and stack are free until dom_tree. */
   nir_block **fmem =
      frontiers ? dom_frontiers(impl, all, &d, fat, kids, stack) : NULL;
   dom_tree(impl, all, &d, first, kids, stack, pre, post, frontiers, fmem,
            fat);

out:
   free(all);
   free(visited);
   free(mem);
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
   /* Computing the dominance indexes the blocks too (in the same order):
    * one walk over the blocks, not two. */
   if (missing & nir_metadata_dominance) {
      nir_calc_dominance_impl(impl);
      impl->valid_metadata |= nir_metadata_block_index;
   } else if (missing & nir_metadata_block_index) {
      nir_index_blocks(impl);
   }
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
