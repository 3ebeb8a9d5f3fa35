/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Integer division and modulo for hardware without a divider: 32-bit
 * udiv/umod by restoring long division (32 shift-compare-subtract steps),
 * and the signed forms on top of it through magnitudes.  Results follow
 * NIR's definitions exactly: division by zero gives 0, INT_MIN / -1 wraps,
 * irem takes the dividend's sign and imod the divisor's.  Other bit sizes
 * are left alone.
 */
#include "nir_builder.h"
#include "nir_passes.h"

/* Quotient and remainder of n / d, unsigned, d != 0 not assumed. */
static void
udivmod(nir_builder *b, nir_def *n, nir_def *d, nir_def **q_out,
        nir_def **r_out)
{
   nir_def *q = nir_imm_int(b, 0);
   nir_def *r = nir_imm_int(b, 0);
   nir_def *one = nir_imm_int(b, 1);
   for (int i = 31; i >= 0; i--) {
      nir_def *bit = nir_iand(b, nir_ushr(b, n, nir_imm_int(b, i)), one);
      /* r < d, but 2r + bit can need 33 bits when d > 2^31. */
      nir_def *carry = nir_ine(b, nir_ushr(b, r, nir_imm_int(b, 31)),
                               nir_imm_int(b, 0));
      r = nir_ior(b, nir_ishl(b, r, one), bit);
      nir_def *ge = nir_ior(b, carry, nir_uge(b, r, d));
      r = nir_bcsel(b, ge, nir_isub(b, r, d), r);
      q = nir_ior(b, q, nir_bcsel(b, ge, nir_imm_int(b, (int32_t)(1u << i)),
                                  nir_imm_int(b, 0)));
   }
   nir_def *zero_div = nir_ieq(b, d, nir_imm_int(b, 0));
   *q_out = nir_bcsel(b, zero_div, nir_imm_int(b, 0), q);
   *r_out = nir_bcsel(b, zero_div, nir_imm_int(b, 0), r);
}

static nir_def *
lower_scalar(nir_builder *b, nir_op op, nir_def *x, nir_def *y)
{
   nir_def *q, *r;
   nir_def *zero = nir_imm_int(b, 0);
   switch (op) {
   case nir_op_udiv:
      udivmod(b, x, y, &q, &r);
      return q;
   case nir_op_umod:
      udivmod(b, x, y, &q, &r);
      return r;
   case nir_op_idiv: {
      udivmod(b, nir_iabs(b, x), nir_iabs(b, y), &q, &r);
      nir_def *neg = nir_ilt(b, nir_ixor(b, x, y), zero);
      return nir_bcsel(b, neg, nir_ineg(b, q), q);
   }
   case nir_op_irem:
   case nir_op_imod: {
      udivmod(b, nir_iabs(b, x), nir_iabs(b, y), &q, &r);
      nir_def *rem = nir_bcsel(b, nir_ilt(b, x, zero), nir_ineg(b, r), r);
      if (op == nir_op_irem)
         return rem;
      nir_def *fix = nir_iand(b, nir_ine(b, rem, zero),
                              nir_ine(b, nir_ilt(b, rem, zero),
                                      nir_ilt(b, y, zero)));
      return nir_bcsel(b, fix, nir_iadd(b, rem, y), rem);
   }
   default:
      return NULL;
   }
}

static bool
lower_division(nir_builder *b, nir_alu_instr *alu, void *data)
{
   (void)data;
   if (alu->def.bit_size != 32 ||
       (alu->op != nir_op_udiv && alu->op != nir_op_umod &&
        alu->op != nir_op_idiv && alu->op != nir_op_irem &&
        alu->op != nir_op_imod))
      return false;
   b->cursor = nir_before_instr(&alu->instr);
   nir_def *comps[NIR_MAX_VEC_COMPONENTS];
   for (unsigned c = 0; c < alu->def.num_components; c++) {
      nir_def *x = nir_channel(b, alu->src[0].src.ssa, alu->src[0].swizzle[c]);
      nir_def *y = nir_channel(b, alu->src[1].src.ssa, alu->src[1].swizzle[c]);
      comps[c] = lower_scalar(b, alu->op, x, y);
   }
   nir_def_rewrite_uses(&alu->def, nir_vec(b, comps, alu->def.num_components));
   nir_instr_remove(&alu->instr);
   return true;
}

bool
nir_lower_idiv(nir_shader *shader)
{
   return nir_shader_alu_pass(shader, lower_division,
                              nir_metadata_block_index |
                                 nir_metadata_dominance,
                              NULL);
}
