/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Pre-RA scheduling of asynchronous loads: a device_load, texture_sample
 * or texture_load moves up its block to right after the load before it,
 * when at most AGX_LOAD_HOIST instructions lie between them, all
 * arithmetic that neither defines one of its sources nor uses its result
 * (no control flow, memory access, tilebuffer or sample-mask instruction).
 * Selection emits a load right before its first use; moved, loads whose
 * coordinates are ready early issue together, agx_insert_waits covers
 * them with one wait, and the arithmetic after them runs while they are
 * in flight.  Loads move only to join another (moving every load up as
 * far as it goes raised register demand and spilling more than it saved
 * waits).  The waits selection left are removed here (agx_insert_waits
 * places them again after allocation).
 */

#include "agx_compiler.h"

#define AGX_LOAD_HOIST 16

static bool
is_hoisted_load(unsigned op)
{
   return op == AGX_ISA_OP_DEVICE_LOAD || op == AGX_ISA_OP_TEXTURE_SAMPLE ||
          op == AGX_ISA_OP_TEXTURE_LOAD;
}

/* Instructions a load may move past: no side effect, no memory */
static bool
is_pure(unsigned op)
{
   switch (op) {
   case AGX_OP_MOV:
   case AGX_OP_COLLECT:
   case AGX_OP_SPLIT:
   case AGX_ISA_OP_WAIT:
   case AGX_ISA_OP_FADD32:
   case AGX_ISA_OP_FADD16:
   case AGX_ISA_OP_FMADD32:
   case AGX_ISA_OP_FMADD16:
   case AGX_ISA_OP_FMUL32:
   case AGX_ISA_OP_FMUL16:
   case AGX_ISA_OP_FCMPSEL:
   case AGX_ISA_OP_ICMPSEL:
   case AGX_ISA_OP_BITOP:
   case AGX_ISA_OP_IADD:
   case AGX_ISA_OP_ISUB:
   case AGX_ISA_OP_IMADD:
   case AGX_ISA_OP_IMSUB:
   case AGX_ISA_OP_BFI:
   case AGX_ISA_OP_BFEIL:
   case AGX_ISA_OP_EXTR:
   case AGX_ISA_OP_ASR:
   case AGX_ISA_OP_CONVERT:
   case AGX_ISA_OP_FLOOR:
   case AGX_ISA_OP_CEIL:
   case AGX_ISA_OP_TRUNC:
   case AGX_ISA_OP_RINT:
   case AGX_ISA_OP_RCP:
   case AGX_ISA_OP_RSQRT:
   case AGX_ISA_OP_LOG2:
   case AGX_ISA_OP_EXP2:
   case AGX_ISA_OP_SIN_PT_1:
   case AGX_ISA_OP_SIN_PT_2:
   case AGX_ISA_OP_MOV_IMM16:
   case AGX_ISA_OP_MOV_IMM32:
   case AGX_ISA_OP_POPCOUNT:
   case AGX_ISA_OP_BITREV:
   case AGX_ISA_OP_FFS:
      return true;
   default:
      return false;
   }
}

/* Does P define a value L reads, or touch a value L writes? */
static bool
depends(const agx_instr *L, const agx_instr *P)
{
   agx_foreach_op(P, i) {
      const agx_operand *p = &P->ops[i];
      if (!agx_is_ssa(*p))
         continue;
      bool p_writes = (P->writes >> i) & 1;
      agx_foreach_op(L, j) {
         const agx_operand *l = &L->ops[j];
         if (!agx_is_ssa(*l) || l->value != p->value)
            continue;
         bool l_writes = (L->writes >> j) & 1;
         if (p_writes || l_writes)
            return true;
      }
   }
   return false;
}

void
agx_schedule_loads(agx_context *ctx)
{
   agx_foreach_block(ctx, blk) {
      agx_foreach_instr_safe(blk, I) {
         if (I->op == AGX_ISA_OP_WAIT) {
            agx_remove(I);
            continue;
         }
         if (!is_hoisted_load(I->op))
            continue;
         /* up to the load before it, when nothing in between stops it */
         agx_instr *at = I, *prev_load = NULL;
         for (unsigned n = 0; n <= AGX_LOAD_HOIST; ++n) {
            if (at->link.prev == &blk->instrs)
               break;
            agx_instr *P = list_entry(at->link.prev, agx_instr, link);
            if (is_hoisted_load(P->op) && !depends(I, P)) {
               prev_load = P;
               break;
            }
            if (!is_pure(P->op) || depends(I, P))
               break;
            at = P;
         }
         if (prev_load && at != I) {
            list_del(&I->link);
            list_add(&I->link, &prev_load->link);
         }
      }
   }
}
