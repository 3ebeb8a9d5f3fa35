/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Operand folding: a value that is only a copy of a uniform register or a
 * constant is read directly where the instruction's encoding allows it
 * (agx_isa_operand_info::accepts): uniforms wherever a source may be a
 * uniform, integers below 256 as 8-bit immediates, and floats that are
 * exactly an 8-bit "minifloat" as float immediates (keeping the use's
 * neg/abs).  The copies then die (agx_dce).  This saves the moves and,
 * more importantly, the registers they held.  16-bit constants fold the
 * same way (a 16-bit source reads an integer immediate zero-extended and
 * a float immediate as that value in f16, which holds every minifloat).
 * Copies (phi webs) of a constant or a uniform copy it directly.
 */

#include <string.h>

#include "util/half_float.h"

#include "agx_compiler.h"

/* The minifloat with these float bits, if any.  Minifloats (sign bit 7,
 * exponent bits 4-6, fraction bits 0-3, see agx_isa_minifloat_to_float)
 * are f/64 for exponent 0 and (16 + f) * 2^(e-7) otherwise: scale the
 * magnitude back by each power of two and look for an integer fraction,
 * then check the round trip bit for bit (signed zeros, NaNs). */
static bool
minifloat_bits(uint32_t value, uint8_t *bits)
{
   float v;
   memcpy(&v, &value, sizeof(v));
   float m = v < 0 ? -v : v;
   uint8_t sign = (value >> 31) ? 0x80 : 0;
   int found = -1;
   float q = m * 64.0f;
   if (q >= 0.0f && q < 16.0f && q == (float)(unsigned)q)
      found = (int)(unsigned)q;
   for (unsigned e = 1; found < 0 && e <= 7; ++e) {
      q = m * (float)(1u << (7 - e));
      if (q >= 16.0f && q < 32.0f && q == (float)(unsigned)q)
         found = (int)((e << 4) | ((unsigned)q - 16));
   }
   if (found < 0)
      return false;
   float back = agx_isa_minifloat_to_float((uint8_t)(sign | found));
   uint32_t u;
   memcpy(&u, &back, sizeof(u));
   if (u != value)
      return false;
   *bits = (uint8_t)(sign | found);
   return true;
}

/* A copy of a constant or a uniform copies the constant or the uniform
 * itself: a constant shared by several phi webs (a loop counter's 0, a
 * colour's 1.0) then need not stay in a register over the whole shader,
 * each web's copy writing it where it is needed. */
static void
fold_copy(agx_instr *I, agx_instr *const *def, const uint8_t *ndefs)
{
   agx_operand o = I->ops[1];
   if (!agx_is_ssa(o) || o.flags || o.count != 1 ||
       (o.size != 32 && o.size != 16) || ndefs[o.value] != 1)
      return;
   const agx_instr *M = def[o.value];
   if (M->op != AGX_OP_MOV || M->ops[0].size != o.size ||
       M->ops[0].count != 1 || M->ops[1].flags)
      return;
   agx_operand s = M->ops[1];
   if ((s.kind == AGX_ISA_KIND_IMM || s.kind == AGX_ISA_KIND_UREG) &&
       s.size == o.size)
      I->ops[1] = s;
}

void
agx_opt_fold(agx_context *ctx)
{
   unsigned n = ctx->nr_values;
   agx_instr **def =
      rzalloc_array_size(ctx->mem, sizeof(agx_instr *), n ? n : 1);
   uint8_t *ndefs = rzalloc_array_size(ctx->mem, 1, n ? n : 1);

   agx_foreach_instr_global(ctx, I)
   {
      agx_foreach_dest(I, d)
      {
         if (!agx_is_ssa(I->ops[d]))
            continue;
         unsigned v = (unsigned)I->ops[d].value;
         if (ndefs[v] < 2)
            ndefs[v]++;
         def[v] = I;
      }
   }

   agx_foreach_instr_global(ctx, I)
   {
      if (I->op == AGX_OP_MOV) {
         fold_copy(I, def, ndefs);
         continue;
      }
      if (agx_is_pseudo(I->op))
         continue;
      const struct agx_isa_op_info *info = agx_isa_op_info(I->op);

      agx_foreach_src(I, i)
      {
         agx_operand o = I->ops[i];
         if (!agx_is_ssa(o) || (o.size != 32 && o.size != 16) ||
             o.count != 1)
            continue;
         agx_instr *M = def[o.value];
         if (ndefs[o.value] != 1 || M->op != AGX_OP_MOV)
            continue;

         agx_operand s = M->ops[1];
         unsigned acc = info->operands[i].accepts;

         if (s.kind == AGX_ISA_KIND_UREG && s.size == 32 && o.size == 32 &&
             (acc & AGX_ISA_ACCEPTS_UREG)) {
            s.flags = o.flags;
            I->ops[i] = s;
         } else if (s.kind == AGX_ISA_KIND_IMM) {
            uint32_t v = (uint32_t)s.value;
            uint8_t bits;
            /* minifloat_bits looks at f32 bits */
            uint32_t fv = v;
            if (o.size == 16) {
               float f = util_half_to_float((uint16_t)v);
               memcpy(&fv, &f, sizeof(fv));
            }
            if ((acc & AGX_ISA_ACCEPTS_IMM) && v < 256 && !o.flags) {
               I->ops[i] = agx_isa_imm(v, 8);
            } else if ((acc & AGX_ISA_ACCEPTS_FIMM) &&
                       !(o.flags & ~(AGX_ISA_ABS | AGX_ISA_NEG)) &&
                       minifloat_bits(fv, &bits)) {
               agx_operand f = agx_isa_fimm(bits);
               f.flags = o.flags;
               I->ops[i] = f;
            }
         }
      }
   }
}
