/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Packing: every instruction through src/asahi/isa's encoder.  Branch
 * targets (block operands) become byte offsets from the branch; a first
 * pass sizes every instruction so that block offsets are known.  The
 * program ends in stop (emitted by selection), followed by eight trap
 * halfwords and trap padding up to AGX_CODE_ALIGN, as Mesa's
 * agx_compile.c does after packing.
 */

#include <string.h>

#include "util/u_dynarray.h"
#include "agx_compiler.h"

static int
to_isa(agx_context *ctx, const agx_instr *I, unsigned pc,
       struct agx_isa_instr *hw)
{
   if (agx_is_pseudo(I->op) || !agx_isa_instr_init(hw, I->op))
      return AGX_COMPILE_INVALID;

   for (unsigned i = 0; i < I->nr_ops; ++i) {
      agx_operand o = I->ops[i];
      if (o.kind == AGX_KIND_SSA)
         return AGX_COMPILE_INVALID;
      if (o.kind == AGX_KIND_BLOCK) {
         const agx_block *target = NULL;
         agx_foreach_block(ctx, blk)
         {
            if (blk->index == o.value)
               target = blk;
         }
         if (!target)
            return AGX_COMPILE_INVALID;
         o = agx_isa_offset((int64_t)target->offset - (int64_t)pc);
      }
      /* st_var stores a 32-bit register or an aligned pair of 16-bit
       * halves (seed "Hardware varyings"); selection builds a pair as a
       * run of two halves from an even half (agx_isel.c packed_pair),
       * which is the 32-bit register it covers. */
      if ((I->op == AGX_ISA_OP_ST_VAR || I->op == AGX_ISA_OP_ST_VAR_FINAL) &&
          o.kind == AGX_ISA_KIND_REG && o.size == 16 && o.count == 2 &&
          !(o.value & 1)) {
         o.size = 32;
         o.count = 1;
      }
      hw->operands[i] = o;
   }
   return 0;
}

static int
encode_all(agx_context *ctx, struct util_dynarray *out, bool final)
{
   unsigned pc = 0;
   agx_foreach_block(ctx, blk)
   {
      if (!final)
         blk->offset = pc;
      agx_foreach_instr(blk, I)
      {
         struct agx_isa_instr hw;
         uint8_t bytes[AGX_ISA_MAX_LENGTH];
         if (to_isa(ctx, I, pc, &hw)) {
            agx_fail(ctx, AGX_COMPILE_INVALID, "unpackable instruction");
            return -1;
         }
         int len = agx_isa_encode(&hw, bytes, sizeof(bytes));
         if (len < 0) {
            char text[128];
            agx_isa_print(&hw, false, 0, text, sizeof(text));
            agx_fail(ctx, AGX_COMPILE_INVALID, "cannot encode %s (%s): %s",
                     agx_isa_op_info(I->op)->name, text,
                     agx_isa_error_string(len));
            return -1;
         }
         if (final)
            util_dynarray_append_bytes(out, bytes, len);
         pc += len;
      }
   }
   return (int)pc;
}

int agx_pack(agx_context *ctx, void *mem, uint8_t * *code, size_t * size_B)
{
   struct util_dynarray out;
   util_dynarray_init(&out, NULL);

   /* Offsets first (branch lengths do not depend on their targets). */
   if (encode_all(ctx, &out, false) < 0 || encode_all(ctx, &out, true) < 0) {
      util_dynarray_fini(&out);
      return ctx->status;
   }

   /* stop is followed by trap padding */
   static const uint8_t trap[2] = {0x08, 0x00};
   for (unsigned i = 0; i < 8; ++i)
      util_dynarray_append_bytes(&out, trap, 2);
   while (out.size % AGX_CODE_ALIGN)
      util_dynarray_append_bytes(&out, trap, 2);

   *code = ralloc_size(mem, out.size);
   memcpy(*code, out.data, out.size);
   *size_B = out.size;
   util_dynarray_fini(&out);
   return 0;
}
