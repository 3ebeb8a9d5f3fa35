/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Waits for asynchronous loads, placed where their results are needed.
 *
 * device_load, stack_load, texture_sample, texture_load, threadgroup_load
 * and atomic write their destination registers some time after they
 * issue; `wait` stalls until the loads of a scoreboard slot have landed
 * (applegpu: "wait for a load", the loads' wait group / slot bits).
 * Selection puts a `wait` right after every load, which is correct but
 * serialises them.  This pass, after register allocation and pseudo
 * lowering (so it sees real registers and no copies), removes those waits
 * and puts one back only where it is needed, walking each block:
 *
 *  - before an instruction that reads or writes a register half some
 *    pending load writes (read after write, write after write);
 *  - before a barrier, and before a memory store or atomic (a store must
 *    not overtake a pending load of the same address);
 *  - before a control-flow instruction, and at the end of every block
 *    but the last, so that no load is pending across a block boundary
 *    (nothing runs after the last block, so waiting there is pointless);
 *  - before a ninth load when eight are pending (a slot holds at most
 *    eight messages).
 *
 * One wait then covers a run of independent loads (the attribute fetches
 * of a vertex shader, the uniform-block loads and texture lookups of a
 * fragment shader), which also lets them overlap.  Every load uses slot 0.
 * Facts: dougallj/applegpu applegpu.py (WaitInstructionDesc, the loads'
 * wait-group bits); the placement rules and the limit of eight pending
 * loads per slot are what alexvorxx/Mesa-VirGL
 * src/asahi/compiler/agx_insert_waits.c does.
 */

#include "agx_compiler.h"

#define AGX_NR_HALVES 256
#define AGX_MAX_PENDING 8

/* Instructions before which nothing may be pending */
static bool
needs_quiet(unsigned op)
{
   if (agx_is_exec_op(op))
      return true;
   switch (op) {
   case AGX_ISA_OP_POP_EXEC:
   case AGX_ISA_OP_POP_EXEC2:
   case AGX_ISA_OP_JMP_EXEC_ANY:
   case AGX_ISA_OP_JMP_EXEC_NONE:
   case AGX_ISA_OP_CALL:
   case AGX_ISA_OP_CALL_REG:
   case AGX_ISA_OP_RET:
   case AGX_ISA_OP_STOP:
   case AGX_ISA_OP_THREADGROUP_BARRIER:
   case AGX_ISA_OP_MEMORY_BARRIER:
   case AGX_ISA_OP_DEVICE_STORE:
   case AGX_ISA_OP_STACK_STORE:
   case AGX_ISA_OP_THREADGROUP_STORE:
   case AGX_ISA_OP_ATOMIC:
   case AGX_ISA_OP_THREADGROUP_ATOMIC:
   case AGX_ISA_OP_IMAGE_WRITE:
   case AGX_ISA_OP_IMAGE_WRITE_BLOCK:
      return true;
   default:
      return false;
   }
}

static unsigned
reg_halves(const agx_operand *o)
{
   return (o->size / 16) * MAX2(o->count, 1);
}

/* Does I read or write a half in `pending`? */
static bool
touches(const agx_instr *I, const BITSET_WORD *pending)
{
   agx_foreach_op(I, i) {
      const agx_operand *o = &I->ops[i];
      if (o->kind != AGX_ISA_KIND_REG)
         continue;
      unsigned first = (unsigned)o->value, n = reg_halves(o);
      for (unsigned h = first; h < first + n && h < AGX_NR_HALVES; ++h) {
         if (BITSET_TEST(pending, h))
            return true;
      }
   }
   return false;
}

static void
emit_wait(agx_context *ctx, agx_block *blk, agx_instr *before)
{
   agx_builder b = {ctx, blk, before};
   agx_instr *W = agx_emit(&b, AGX_ISA_OP_WAIT);
   W->ops[AGX_ISA_WAIT_I] = agx_isa_imm(0, 1);
}

void
agx_insert_waits(agx_context *ctx)
{
   agx_block *last = list_last_entry(&ctx->blocks, agx_block, link);
   agx_foreach_block(ctx, blk) {
      BITSET_DECLARE(pending, AGX_NR_HALVES);
      BITSET_ZERO(pending);
      unsigned nr_pending = 0;

      agx_foreach_instr_safe(blk, I) {
         if (I->op == AGX_ISA_OP_WAIT) {
            agx_remove(I);
            continue;
         }
         bool load = agx_is_async_load(I->op);
         if (nr_pending &&
             (needs_quiet(I->op) || touches(I, pending) ||
              (load && nr_pending == AGX_MAX_PENDING))) {
            emit_wait(ctx, blk, I);
            BITSET_ZERO(pending);
            nr_pending = 0;
         }
         if (!load)
            continue;
         agx_foreach_dest(I, i) {
            const agx_operand *o = &I->ops[i];
            if (o->kind != AGX_ISA_KIND_REG)
               continue;
            unsigned first = (unsigned)o->value, n = reg_halves(o);
            for (unsigned h = first; h < first + n && h < AGX_NR_HALVES; ++h)
               BITSET_SET(pending, h);
         }
         nr_pending++;
      }
      if (nr_pending && blk != last)
         emit_wait(ctx, blk, NULL);
   }
}
