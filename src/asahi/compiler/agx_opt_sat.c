/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Saturate folding: selection writes fsat as a separate `fadd32.sat x,
 * 0.0`.  When x is the result of fadd, fmul or fmadd (32 or 16) in the same
 * block and nothing else reads it, that instruction saturates its own
 * result instead (every float ALU instruction has .sat on its
 * destination: Fact: dougallj/applegpu, the `S` bit of the float
 * arithmetic forms; Mesa's AGX optimiser folds saturates the same way,
 * alexvorxx/Mesa-VirGL src/asahi/compiler).
 *
 * Exact: .sat clamps the unrounded result to [0, 1] (NaN and -0 to +0)
 * and rounding is monotonic, so clamping before or after the rounding
 * gives the same float; x + (+0) only turns -0 into +0, which the clamp
 * does anyway.
 */

#include <stdlib.h>

#include "agx_compiler.h"

/* The saturate operand of an arithmetic form, or -1. */
static int
sat_index(const agx_instr *I)
{
   switch (I->op) {
   case AGX_ISA_OP_FADD32:
      return AGX_ISA_FADD32_S;
   case AGX_ISA_OP_FMUL32:
      return AGX_ISA_FMUL32_S;
   case AGX_ISA_OP_FMADD32:
      return AGX_ISA_FMADD32_S;
   case AGX_ISA_OP_FADD16:
      return AGX_ISA_FADD16_S;
   case AGX_ISA_OP_FMUL16:
      return AGX_ISA_FMUL16_S;
   case AGX_ISA_OP_FMADD16:
      return AGX_ISA_FMADD16_S;
   default:
      return -1;
   }
}

/* Is I `fadd32.sat d, x, +0.0` (or fadd16) with x a plain SSA value of
 * d's width, or a 32-bit x and a 16-bit d?  fadd16 has fadd32's operand
 * order. */
static bool
is_plain_fsat(const agx_instr *I)
{
   if ((I->op != AGX_ISA_OP_FADD32 && I->op != AGX_ISA_OP_FADD16) ||
       !I->ops[AGX_ISA_FADD32_S].value)
      return false;
   agx_operand d = I->ops[AGX_ISA_FADD32_D];
   agx_operand x = I->ops[AGX_ISA_FADD32_A];
   agx_operand z = I->ops[AGX_ISA_FADD32_B];
   return agx_is_ssa(d) && agx_is_ssa(x) &&
          (x.size == d.size || (x.size == 32 && d.size == 16)) &&
          x.count == 1 && !x.flags && z.kind == AGX_ISA_KIND_FIMM &&
          z.value == 0 && !z.flags;
}

void
agx_opt_sat(agx_context *ctx)
{
   unsigned n = ctx->nr_values ? ctx->nr_values : 1;
   unsigned *uses = calloc(n, sizeof(unsigned));
   agx_instr **def = calloc(n, sizeof(agx_instr *));
   if (!uses || !def) {
      free(uses);
      free(def);
      return;
   }

   agx_foreach_instr_global(ctx, I)
   {
      agx_foreach_src(I, s)
      {
         if (agx_is_ssa(I->ops[s]))
            uses[I->ops[s].value]++;
      }
      agx_foreach_dest(I, d)
      {
         if (agx_is_ssa(I->ops[d]))
            def[I->ops[d].value] = I;
      }
   }

   agx_foreach_block(ctx, blk)
   {
      agx_foreach_instr_safe(blk, I)
      {
         if (!is_plain_fsat(I))
            continue;
         unsigned v = (unsigned)I->ops[AGX_ISA_FADD32_A].value;
         agx_instr *P = def[v];
         int s = P ? sat_index(P) : -1;
         /* D is operand 0 of all three forms */
         if (s < 0 || uses[v] != 1 || P->block != I->block ||
             P->ops[s].value || !agx_is_ssa(P->ops[0]) ||
             P->ops[0].value != (int64_t)v || P->ops[0].count != 1)
            continue;
         /* A narrowing saturate (f32 x into an f16 d, mediump code) folds
          * into a 32-bit form, which rounds to f32 and then into any
          * destination width: the same two roundings. */
         if (P->ops[0].size != I->ops[AGX_ISA_FADD32_D].size &&
             P->op != AGX_ISA_OP_FADD32 && P->op != AGX_ISA_OP_FMUL32 &&
             P->op != AGX_ISA_OP_FMADD32)
            continue;
         agx_operand d = I->ops[AGX_ISA_FADD32_D];
         P->ops[0] = d;
         P->ops[s] = agx_isa_flag(true);
         def[d.value] = P;
         uses[v] = 0;
         agx_remove(I);
      }
   }

   free(uses);
   free(def);
}
