/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Live values per block (backward dataflow to a fixed point). */

#include <string.h>

#include "agx_compiler.h"

void
agx_liveness(agx_context *ctx)
{
   unsigned words = BITSET_WORDS(ctx->nr_values ? ctx->nr_values : 1);

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
               if (agx_is_ssa(I->ops[d]))
                  BITSET_CLEAR(live, I->ops[d].value);
            }
            agx_foreach_src(I, s)
            {
               if (agx_is_ssa(I->ops[s]))
                  BITSET_SET(live, I->ops[s].value);
            }
         }

         if (memcmp(live, blk->live_in, words * sizeof(BITSET_WORD))) {
            memcpy(blk->live_in, live, words * sizeof(BITSET_WORD));
            progress = true;
         }
      }
   } while (progress);
}
