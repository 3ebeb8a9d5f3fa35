/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Live values per block (backward dataflow to a fixed point).
 *
 * Only values read somewhere before being written in the same block
 * (upward-exposed uses) can be live at a block boundary, so only they get
 * a bit: most values are temporaries defined and used in one block.
 *
 * One walk over the instructions records each block's upward-exposed
 * uses and definitions as bitsets (gen, kill); the iteration then works
 * on those alone, in = gen | (out & ~kill), out = u in(successors), for
 * the program-order CFG and, when there is one, the logical CFG.  Walking
 * every instruction on every iteration for both CFGs (their cache misses
 * on large shaders) used to be most of the cost. */

#include <stdlib.h>
#include <string.h>

#include "agx_compiler.h"

static void
solve(agx_context *ctx, const BITSET_WORD *gen, const BITSET_WORD *kill,
      unsigned words, bool logical)
{
   size_t area = (size_t)ctx->nr_blocks * words;
   BITSET_WORD *in =
      rzalloc_array_size(ctx->mem, sizeof(BITSET_WORD), area ? area : 1);
   BITSET_WORD *out =
      rzalloc_array_size(ctx->mem, sizeof(BITSET_WORD), area ? area : 1);
   agx_foreach_block(ctx, blk)
   {
      size_t b = blk->index;
      if (logical) {
         blk->llive_in = in + b * words;
         blk->llive_out = out + b * words;
      } else {
         blk->live_in = in + b * words;
         blk->live_out = out + b * words;
      }
   }

   bool progress;
   do {
      progress = false;
      list_for_each_entry_rev(agx_block, blk, &ctx->blocks, link)
      {
         size_t b = blk->index;
         BITSET_WORD *o = out + b * words, *i = in + b * words;
         for (unsigned s = 0; s < 2; ++s) {
            agx_block *succ = logical ? blk->lsuccs[s] : blk->succs[s];
            if (!succ)
               continue;
            const BITSET_WORD *si = in + (size_t)succ->index * words;
            for (unsigned w = 0; w < words; ++w)
               o[w] |= si[w];
         }
         const BITSET_WORD *g = gen + b * words, *k = kill + b * words;
         for (unsigned w = 0; w < words; ++w) {
            BITSET_WORD x = g[w] | (o[w] & ~k[w]);
            progress |= x != i[w];
            i[w] = x;
         }
      }
   } while (progress);
}

static void
add_pair(uint32_t **pairs, size_t *n, size_t *cap, uint32_t blk, uint32_t v,
         bool def)
{
   if (*n == *cap) {
      *cap = *cap ? 2 * *cap : 1024;
      *pairs = realloc(*pairs, 3 * *cap * sizeof(uint32_t));
   }
   (*pairs)[3 * *n] = blk;
   (*pairs)[3 * *n + 1] = v;
   (*pairs)[3 * *n + 2] = def;
   (*n)++;
}

void
agx_liveness(agx_context *ctx)
{
   unsigned n = ctx->nr_values;
   unsigned nb = ctx->nr_blocks;

   /* Upward-exposed uses and definitions as (block, value) pairs,
    * deduplicated by the last block that recorded them (index + 1) */
   uint32_t *used = calloc(n ? n : 1, sizeof(uint32_t));
   uint32_t *defined = calloc(n ? n : 1, sizeof(uint32_t));
   uint32_t *pairs = NULL; /* block, value, is_def */
   size_t nr_pairs = 0, cap = 0;
   agx_foreach_block(ctx, blk)
   {
      assert(blk->index < nb);
      uint32_t stamp = blk->index + 1;
      agx_foreach_instr(blk, I)
      {
         /* sources are read before the destinations are written */
         agx_foreach_src(I, o)
         {
            if (!agx_is_ssa(I->ops[o]))
               continue;
            unsigned v = I->ops[o].value;
            if (defined[v] == stamp || used[v] == stamp)
               continue;
            used[v] = stamp;
            add_pair(&pairs, &nr_pairs, &cap, blk->index, v, false);
         }
         agx_foreach_dest(I, o)
         {
            if (!agx_is_ssa(I->ops[o]))
               continue;
            unsigned v = I->ops[o].value;
            if (defined[v] == stamp)
               continue;
            defined[v] = stamp;
            add_pair(&pairs, &nr_pairs, &cap, blk->index, v, true);
         }
      }
   }

   /* A bit for each value with an upward-exposed use (increasing value
    * order, as before); used[] becomes the value's bit + 1 */
   unsigned nr_live = 0;
   for (unsigned v = 0; v < n; ++v)
      used[v] = used[v] ? ++nr_live : 0;
   ctx->live_values =
      ralloc_array_size(ctx->mem, sizeof(unsigned), nr_live ? nr_live : 1);
   ctx->nr_live_values = nr_live;
   for (unsigned v = 0; v < n; ++v) {
      if (used[v])
         ctx->live_values[used[v] - 1] = v;
   }

   unsigned words = BITSET_WORDS(nr_live ? nr_live : 1);
   size_t area = (size_t)nb * words;
   BITSET_WORD *gen = calloc(area ? area : 1, sizeof(BITSET_WORD));
   BITSET_WORD *kill = calloc(area ? area : 1, sizeof(BITSET_WORD));
   for (size_t p = 0; p < nr_pairs; ++p) {
      uint32_t bit = used[pairs[3 * p + 1]];
      if (!bit)
         continue;
      BITSET_SET((pairs[3 * p + 2] ? kill : gen) + (size_t)pairs[3 * p] * words,
                 bit - 1);
   }
   free(pairs);
   free(used);
   free(defined);

   solve(ctx, gen, kill, words, false);
   if (ctx->logical_cfg)
      solve(ctx, gen, kill, words, true);
   free(gen);
   free(kill);
}
