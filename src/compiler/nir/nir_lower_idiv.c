/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Integer division and modulo for hardware without a divider (32-bit
 * udiv/umod/idiv/irem/imod; other bit sizes are left alone).  Two ways to
 * the unsigned quotient and remainder, picked by nir_lower_idiv_options:
 *
 * - by default, restoring long division: 32 shift-compare-subtract steps,
 *   some 250 instructions a division, no float unit needed;
 * - with `reciprocal`, about fifteen instructions.  A run-time d goes
 *   through a float reciprocal r = rcp(float(d)), brought to about
 *   2^32 / d from below as an integer (r times 2^32 - 512, truncated),
 *   improved by one Newton step in integers (r += umul_high(r, -r d));
 *   then q = umul_high(n, r) is the quotient or short of it by one or
 *   two, which two compare-and-correct steps fix (the method LLVM's
 *   AMDGPU backend uses; its derivation assumes a correctly rounded
 *   reciprocal, so `inexact_rcp` adds one float Newton step first,
 *   u + u (1 - d u), for hardware whose rcp may be 1 ulp off).  A
 *   constant d uses a multiply-high with the round-down method of
 *   Granlund and Montgomery ("Division by invariant integers using
 *   multiplication", PLDI 1994, section 4) or, for powers of two, a shift
 *   and a mask.
 *
 * The signed forms work on magnitudes.  Results follow NIR's definitions
 * exactly either way: division by zero gives 0 (GLSL leaves it
 * undefined), INT_MIN / -1 wraps, irem takes the sign of the dividend
 * and imod that of the divisor.
 *
 * No call takes two arguments that both emit instructions: C leaves their
 * order to the host compiler, and the lowered code must not depend on it.
 */
#include "nir_builder.h"
#include "nir_passes.h"

/* Long division: quotient and remainder of n / d, unsigned, 0 and 0 when
 * d is 0. */
static void
udivmod_long(nir_builder *b, nir_def *n, nir_def *d, nir_def **q_out,
             nir_def **r_out)
{
   nir_def *q = nir_imm_int(b, 0);
   nir_def *r = nir_imm_int(b, 0);
   nir_def *one = nir_imm_int(b, 1);
   for (int i = 31; i >= 0; i--) {
      nir_def *bit = nir_iand(b, nir_ushr(b, n, nir_imm_int(b, i)), one);
      /* r < d, but 2r + bit can need 33 bits when d > 2^31. */
      nir_def *top = nir_ushr(b, r, nir_imm_int(b, 31));
      nir_def *carry = nir_ine(b, top, nir_imm_int(b, 0));
      r = nir_ior(b, nir_ishl(b, r, one), bit);
      nir_def *ge = nir_ior(b, carry, nir_uge(b, r, d));
      nir_def *r_minus_d = nir_isub(b, r, d);
      r = nir_bcsel(b, ge, r_minus_d, r);
      nir_def *q_bit = nir_imm_int(b, (int32_t)(1u << i));
      q = nir_ior(b, q, nir_bcsel(b, ge, q_bit, nir_imm_int(b, 0)));
   }
   nir_def *zero = nir_imm_int(b, 0);
   nir_def *zero_div = nir_ieq(b, d, zero);
   *q_out = nir_bcsel(b, zero_div, zero, q);
   *r_out = nir_bcsel(b, zero_div, zero, r);
}

/* n / d and n % d for a constant d (not 0) */
static void
udivmod_const(nir_builder *b, nir_def *n, uint32_t d, nir_def **q,
              nir_def **r)
{
   unsigned l = 0;
   while (l < 32 && (1ull << l) < d)
      l++;
   if ((1ull << l) == d) {
      *q = l ? nir_ushr(b, n, nir_imm_int(b, (int)l)) : n;
      *r = nir_iand(b, n, nir_imm_int(b, (int)(d - 1)));
      return;
   }
   uint32_t m = (uint32_t)((((1ull << l) - d) << 32) / d + 1);
   nir_def *t = nir_umul_high(b, n, nir_imm_int(b, (int)m));
   nir_def *diff = nir_isub(b, n, t);
   nir_def *half = nir_ushr(b, diff, nir_imm_int(b, 1));
   nir_def *sum = nir_iadd(b, t, half);
   *q = nir_ushr(b, sum, nir_imm_int(b, (int)(l - 1)));
   *r = nir_isub(b, n, nir_imul(b, *q, nir_imm_int(b, (int)d)));
}

/* Reciprocal method for a run-time d; 0 and 0 when d is 0 */
static void
udivmod_rcp(nir_builder *b, nir_def *n, nir_def *d, bool inexact_rcp,
            nir_def **q_out, nir_def **r_out)
{
   nir_def *df = nir_u2f32(b, d);
   nir_def *u = nir_frcp(b, df);
   if (inexact_rcp) {
      nir_def *neg_df = nir_fneg(b, df);
      nir_def *err = nir_ffma(b, neg_df, u, nir_imm_float(b, 1.0f));
      u = nir_ffma(b, u, err, u);
   }
   /* 2^32 - 512: the estimate must stay below 2^32 / d */
   nir_def *r = nir_f2u32(b, nir_fmul(b, u, nir_imm_float(b, 4294966784.0f)));
   nir_def *r_neg_d = nir_imul(b, r, nir_ineg(b, d));
   r = nir_iadd(b, r, nir_umul_high(b, r, r_neg_d));

   nir_def *q = nir_umul_high(b, n, r);
   nir_def *rem = nir_isub(b, n, nir_imul(b, q, d));
   nir_def *one = nir_imm_int(b, 1);
   for (unsigned i = 0; i < 2; ++i) {
      nir_def *ge = nir_uge(b, rem, d);
      nir_def *q_plus_1 = nir_iadd(b, q, one);
      q = nir_bcsel(b, ge, q_plus_1, q);
      nir_def *rem_minus_d = nir_isub(b, rem, d);
      rem = nir_bcsel(b, ge, rem_minus_d, rem);
   }
   nir_def *zero = nir_imm_int(b, 0);
   nir_def *by_zero = nir_ieq(b, d, zero);
   *q_out = nir_bcsel(b, by_zero, zero, q);
   *r_out = nir_bcsel(b, by_zero, zero, rem);
}

static bool
const_u32(nir_def *def, uint32_t *v)
{
   if (nir_def_instr(def)->type != nir_instr_type_load_const)
      return false;
   *v = nir_instr_as_load_const(nir_def_instr(def))->value[0].u32;
   return true;
}

/* Unsigned quotient and remainder of n and d (magnitudes when `sign`) */
static void
divmod(nir_builder *b, const nir_lower_idiv_options *o, nir_def *n,
       nir_def *d, bool sign, nir_def **q, nir_def **r)
{
   uint32_t k;
   if (o->reciprocal && const_u32(d, &k)) {
      if (sign && (int32_t)k < 0)
         k = 0u - k; /* the magnitude, INT32_MIN's included */
      if (k) {
         udivmod_const(b, sign ? nir_iabs(b, n) : n, k, q, r);
         return;
      }
   }
   if (sign) {
      n = nir_iabs(b, n);
      d = nir_iabs(b, d);
   }
   if (o->reciprocal)
      udivmod_rcp(b, n, d, o->inexact_rcp, q, r);
   else
      udivmod_long(b, n, d, q, r);
}

static nir_def *
lower_scalar(nir_builder *b, const nir_lower_idiv_options *o, nir_op op,
             nir_def *x, nir_def *y)
{
   nir_def *q, *r;
   nir_def *zero = nir_imm_int(b, 0);
   uint32_t k;
   if (o->reciprocal && const_u32(y, &k) && k == 0)
      return zero;
   switch (op) {
   case nir_op_udiv:
      divmod(b, o, x, y, false, &q, &r);
      return q;
   case nir_op_umod:
      divmod(b, o, x, y, false, &q, &r);
      return r;
   case nir_op_idiv: {
      divmod(b, o, x, y, true, &q, &r);
      nir_def *neg = nir_ilt(b, nir_ixor(b, x, y), zero);
      nir_def *neg_q = nir_ineg(b, q);
      return nir_bcsel(b, neg, neg_q, q);
   }
   default: {
      divmod(b, o, x, y, true, &q, &r);
      nir_def *x_neg = nir_ilt(b, x, zero);
      nir_def *neg_r = nir_ineg(b, r);
      nir_def *rem = nir_bcsel(b, x_neg, neg_r, r);
      if (op == nir_op_irem)
         return rem;
      nir_def *nonzero = nir_ine(b, rem, zero);
      nir_def *rem_neg = nir_ilt(b, rem, zero);
      nir_def *signs_differ = nir_ine(b, rem_neg, nir_ilt(b, y, zero));
      nir_def *fix = nir_iand(b, nonzero, signs_differ);
      nir_def *rem_plus_y = nir_iadd(b, rem, y);
      return nir_bcsel(b, fix, rem_plus_y, rem);
   }
   }
}

static bool
lower_division(nir_builder *b, nir_alu_instr *alu, void *data)
{
   const nir_lower_idiv_options *o = data;
   if (alu->def.bit_size != 32 ||
       (alu->op != nir_op_udiv && alu->op != nir_op_umod &&
        alu->op != nir_op_idiv && alu->op != nir_op_irem &&
        alu->op != nir_op_imod))
      return false;
   b->cursor = nir_before_instr(&alu->instr);
   nir_def *comps[NIR_MAX_VEC_COMPONENTS];
   for (unsigned c = 0; c < alu->def.num_components; c++) {
      nir_def *x = nir_channel(b, alu->src[0].src.ssa,
                               nir_alu_src_swizzle(&alu->src[0], c));
      nir_def *y = nir_channel(b, alu->src[1].src.ssa,
                               nir_alu_src_swizzle(&alu->src[1], c));
      comps[c] = lower_scalar(b, o, alu->op, x, y);
   }
   nir_def_rewrite_uses(&alu->def, nir_vec(b, comps, alu->def.num_components));
   nir_instr_remove(&alu->instr);
   return true;
}

bool
nir_lower_idiv(nir_shader *shader, const nir_lower_idiv_options *options)
{
   static const nir_lower_idiv_options long_division = { 0 };
   return nir_shader_alu_pass(shader, lower_division,
                              nir_metadata_block_index |
                                 nir_metadata_dominance,
                              (void *)(options ? options : &long_division));
}
