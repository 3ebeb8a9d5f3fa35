/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * After register allocation: pseudo instructions to hardware moves.
 * Register allocation guarantees that no destination of an instruction
 * overlaps one of its sources, so the moves of a collect or split can be
 * done in any order.
 */

#include "agx_compiler.h"

static bool
same_reg(agx_operand a, agx_operand b)
{
   return a.kind == AGX_ISA_KIND_REG && b.kind == AGX_ISA_KIND_REG &&
          a.value == b.value && a.size == b.size && a.count == b.count &&
          !b.flags;
}

/* One element move dst <- src (register, uniform or immediate); counts
 * the moves between registers in *reg_moves. */
static void
emit_move(agx_builder *b, agx_operand dst, agx_operand src,
          unsigned *reg_moves)
{
   if (same_reg(dst, src))
      return;
   if (src.kind == AGX_ISA_KIND_REG)
      (*reg_moves)++;

   if (src.kind == AGX_ISA_KIND_IMM) {
      agx_instr *I;
      if (dst.size == 16) {
         I = agx_emit(b, AGX_ISA_OP_MOV_IMM16);
         I->ops[AGX_ISA_MOV_IMM16_D] = dst;
         I->ops[AGX_ISA_MOV_IMM16_IMM16] = agx_isa_imm(src.value & 0xffff, 16);
      } else {
         I = agx_emit(b, AGX_ISA_OP_MOV_IMM32);
         I->ops[AGX_ISA_MOV_IMM32_D] = dst;
         I->ops[AGX_ISA_MOV_IMM32_IMM32] =
            agx_isa_imm(src.value & 0xffffffff, 32);
      }
      return;
   }

   if (dst.size == 64) {
      /* two 32-bit halves */
      agx_operand dl = dst, sl = src;
      dl.size = sl.size = 32;
      emit_move(b, dl, sl, reg_moves);
      dl.value += 2;
      sl.value += 2;
      emit_move(b, dl, sl, reg_moves);
      return;
   }

   /* bitop with the "A" truth table (applegpu's mov alias) */
   agx_instr *I = agx_emit(b, AGX_ISA_OP_BITOP);
   I->ops[AGX_ISA_BITOP_TT] = agx_isa_enum(0xa, 4);
   I->ops[AGX_ISA_BITOP_D] = dst;
   I->ops[AGX_ISA_BITOP_A] = src;
   I->ops[AGX_ISA_BITOP_B] = agx_isa_imm(0, 8);
}

static agx_operand
element(agx_operand vec, unsigned i)
{
   agx_operand e = vec;
   e.count = 1;
   e.value += i * (vec.size / 16);
   return e;
}

void
agx_lower_pseudo(agx_context *ctx)
{
   struct agx_shader_info *info = ctx->info;
   agx_foreach_block(ctx, blk)
   {
      agx_foreach_instr_safe(blk, I)
      {
         if (I->op == AGX_ISA_OP_UNIFORM_STORE) {
            /* a 32-bit register as its two 16-bit halves (agx_isel.c,
             * emit_preamble_io) */
            agx_operand *R = &I->ops[AGX_ISA_UNIFORM_STORE_R];
            if (R->size == 32) {
               R->size = 16;
               R->count = 2;
               I->ops[AGX_ISA_UNIFORM_STORE_MASK].value = 0x3;
            }
         }
         if (!agx_is_pseudo(I->op))
            continue;

         agx_builder b = {ctx, blk, I};
         switch (I->op) {
         case AGX_OP_MOV:
            emit_move(&b, I->ops[0], I->ops[1], &info->nr_copy_moves);
            break;
         case AGX_OP_COLLECT: {
            /* element by element; the sources may be narrower than the
             * vector's elements (two 32-bit halves of one 64-bit pair) */
            agx_operand part = element(I->ops[0], 0);
            for (unsigned i = 1; i < I->nr_ops; ++i) {
               part.size = I->ops[i].size;
               emit_move(&b, part, I->ops[i], &info->nr_collect_moves);
               part.value += I->ops[i].size / 16;
            }
            break;
         }
         case AGX_OP_SPLIT: {
            unsigned n = I->nr_ops - 1;
            agx_operand part = I->ops[n];
            part.count = 1;
            for (unsigned i = 0; i < n; ++i) {
               part.size = I->ops[i].size;
               emit_move(&b, I->ops[i], part, &info->nr_split_moves);
               part.value += I->ops[i].size / 16;
            }
            break;
         }
         case AGX_OP_PRELOAD:
            break;
         default:
            assert(!"phis are lowered before register allocation");
            break;
         }
         agx_remove(I);
      }
   }
}
