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

   agx_foreach_block(ctx, blk)
   {
      blk->live_in = rzalloc_array_size(ctx->mem, sizeof(BITSET_WORD), words);
      blk->live_out = rzalloc_array_size(ctx->mem, sizeof(BITSET_WORD), words);
   }

   BITSET_WORD *live = rzalloc_array_size(ctx->mem, sizeof(BITSET_WORD), words);
   bool progress;
   do {
      progress = false;
      list_for_each_entry_rev(agx_block, blk, &ctx->blocks, link)
      {
         /* live_out = union of successors' live_in (phi sources are moves
          * by now, see agx_lower_phis) */
         for (unsigned s = 0; s < 2; ++s) {
            if (!blk->succs[s])
               continue;
            for (unsigned w = 0; w < words; ++w)
               blk->live_out[w] |= blk->succs[s]->live_in[w];
         }
         memcpy(live, blk->live_out, words * sizeof(BITSET_WORD));
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
         if (memcmp(live, blk->live_in, words * sizeof(BITSET_WORD))) {
            memcpy(blk->live_in, live, words * sizeof(BITSET_WORD));
            progress = true;
         }
      }
   } while (progress);
}
