/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Dead code elimination: instructions whose every destination is an
 * unused value and that have no other effect. */

#include <stdlib.h>

#include "agx_compiler.h"

static bool
has_side_effects(const agx_instr *I)
{
   /* Writes to fixed registers (r0l) are effects. */
   agx_foreach_dest(I, d)
   {
      if (!agx_is_ssa(I->ops[d]))
         return true;
   }
   if (agx_is_pseudo(I->op))
      return false;
   if (!I->writes)
      return true;
   switch (I->op) {
   case AGX_ISA_OP_ATOMIC:
   case AGX_ISA_OP_THREADGROUP_ATOMIC:
      return true;
   default:
      break;
   }
   return false;
}

void
agx_dce(agx_context *ctx)
{
   unsigned *uses =
      calloc(ctx->nr_values ? ctx->nr_values : 1, sizeof(unsigned));
   bool progress;

   agx_foreach_instr_global(ctx, I)
   {
      agx_foreach_src(I, s)
      {
         if (agx_is_ssa(I->ops[s]))
            uses[I->ops[s].value]++;
      }
   }

   do {
      progress = false;
      list_for_each_entry_rev(agx_block, blk, &ctx->blocks, link)
      {
         list_for_each_entry_safe_rev(agx_instr, I, &blk->instrs, link)
         {
            if (has_side_effects(I))
               continue;
            bool live = false;
            agx_foreach_dest(I, d)
            {
               if (agx_is_ssa(I->ops[d]) && uses[I->ops[d].value])
                  live = true;
            }
            if (live)
               continue;
            agx_foreach_src(I, s)
            {
               if (agx_is_ssa(I->ops[s]))
                  uses[I->ops[s].value]--;
            }
            agx_remove(I);
            progress = true;
         }
      }
   } while (progress);

   free(uses);
}
