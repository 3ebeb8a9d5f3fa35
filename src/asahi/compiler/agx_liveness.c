/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Live values per block (backward dataflow to a fixed point).
 *
 * Only values that can be live across a block boundary get a bit: a value
 * that appears in one block only and is defined there before any use is
 * dead at both ends of the block.  Most values are such temporaries, and
 * bitsets over every value made liveness (and RA's walk over it) cost
 * blocks x values in time and memory on large shaders. */

#include <string.h>

#include "agx_compiler.h"

/* Backward dataflow to a fixed point over the program-order CFG
 * (succs, into live_in/live_out) or the logical one (lsuccs, into
 * llive_in/llive_out). */
static void
solve(agx_context *ctx, const int32_t *index, unsigned words, bool logical)
{
   agx_foreach_block(ctx, blk)
   {
      BITSET_WORD *in = rzalloc_array_size(ctx->mem, sizeof(BITSET_WORD),
                                           words);
      BITSET_WORD *out = rzalloc_array_size(ctx->mem, sizeof(BITSET_WORD),
                                            words);
      if (logical) {
         blk->llive_in = in;
         blk->llive_out = out;
      } else {
         blk->live_in = in;
         blk->live_out = out;
      }
   }

   BITSET_WORD *live = rzalloc_array_size(ctx->mem, sizeof(BITSET_WORD), words);
   bool progress;
   do {
      progress = false;
      list_for_each_entry_rev(agx_block, blk, &ctx->blocks, link)
      {
         BITSET_WORD *in = logical ? blk->llive_in : blk->live_in;
         BITSET_WORD *out = logical ? blk->llive_out : blk->live_out;
         /* live_out = union of successors' live_in (phi sources are moves
          * by now, see agx_lower_phis) */
         for (unsigned s = 0; s < 2; ++s) {
            agx_block *succ = logical ? blk->lsuccs[s] : blk->succs[s];
            if (!succ)
               continue;
            const BITSET_WORD *sin = logical ? succ->llive_in : succ->live_in;
            for (unsigned w = 0; w < words; ++w)
               out[w] |= sin[w];
         }
         memcpy(live, out, words * sizeof(BITSET_WORD));
         list_for_each_entry_rev(agx_instr, I, &blk->instrs, link)
         {
            agx_foreach_dest(I, d)
            {
               if (agx_is_ssa(I->ops[d]) && index[I->ops[d].value] >= 0)
                  BITSET_CLEAR(live, index[I->ops[d].value]);
            }
            agx_foreach_src(I, s)
            {
               if (agx_is_ssa(I->ops[s]) && index[I->ops[s].value] >= 0)
                  BITSET_SET(live, index[I->ops[s].value]);
            }
         }
         if (memcmp(live, in, words * sizeof(BITSET_WORD))) {
            memcpy(in, live, words * sizeof(BITSET_WORD));
            progress = true;
         }
      }
   } while (progress);
}

void
agx_liveness(agx_context *ctx)
{
   unsigned n = ctx->nr_values ? ctx->nr_values : 1;
   /* home[v]: 1 + index of the only block v appears in, 0 not seen yet,
    * UINT32_MAX when it may cross a boundary; index[v]: its bit */
   uint32_t *home = rzalloc_array_size(ctx->mem, sizeof(uint32_t), n);
   int32_t *index = ralloc_array_size(ctx->mem, sizeof(int32_t), n);
   unsigned b = 0;
   agx_foreach_block(ctx, blk)
   {
      ++b;
      agx_foreach_instr(blk, I)
      {
         agx_foreach_src(I, s)
         {
            if (!agx_is_ssa(I->ops[s]))
               continue;
            uint32_t *h = &home[I->ops[s].value];
            /* a use before any definition in this block, or elsewhere */
            if (*h != b)
               *h = UINT32_MAX;
         }
         agx_foreach_dest(I, d)
         {
            if (!agx_is_ssa(I->ops[d]))
               continue;
            uint32_t *h = &home[I->ops[d].value];
            if (*h == 0)
               *h = b;
            else if (*h != b)
               *h = UINT32_MAX;
         }
      }
   }
   unsigned nr_live = 0;
   for (unsigned v = 0; v < ctx->nr_values; ++v)
      index[v] = home[v] == UINT32_MAX ? (int32_t)nr_live++ : -1;
   ctx->live_values =
      ralloc_array_size(ctx->mem, sizeof(unsigned), nr_live ? nr_live : 1);
   ctx->nr_live_values = nr_live;
   for (unsigned v = 0; v < ctx->nr_values; ++v) {
      if (index[v] >= 0)
         ctx->live_values[index[v]] = v;
   }

   unsigned words = BITSET_WORDS(nr_live ? nr_live : 1);
   solve(ctx, index, words, false);
   if (ctx->logical_cfg)
      solve(ctx, index, words, true);
}
