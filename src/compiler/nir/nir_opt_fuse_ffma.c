/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Fuses a multiply into the add that is its only use: fadd(fmul(a, b), c)
 * becomes ffma(a, b, c) (and fadd(fneg(fmul(a, b)), c) ffma(fneg(a), b,
 * c)), one instruction with one rounding instead of two
 * (GLSL 4.60 section 4.7.1 allows it for anything not `precise`; GLSL ES
 * 3.00 section 4.5.1 gives no rounding guarantee at all).  Neither the
 * multiply nor the add may be exact.  For backends whose fused multiply-add
 * costs what an add costs (AGX: fmadd32/fmadd16); run it late, after the
 * algebraic passes that look for fmul and fadd, and then nir_opt_dce, which
 * removes what it leaves unused.
 */
#include <string.h>

#include "nir_builder.h"
#include "nir_passes.h"

/* The fmul feeding source i of add when it can be folded into it, also
 * through an fneg whose only use the add is (a - b c arrives as
 * fadd(a, fneg(fmul(b, c))) once fsub is lowered): *neg then says so,
 * and the product's negation becomes the first factor's. */
static nir_alu_instr *
fusable_mul(nir_alu_instr *add, unsigned i, bool *neg)
{
   nir_def *d = add->src[i].src.ssa;
   nir_instr *parent = nir_def_instr(d);

   *neg = false;
   if (parent->type != nir_instr_type_alu)
      return NULL;
   nir_alu_instr *mul = nir_instr_as_alu(parent);
   if (mul->op == nir_op_fneg && list_is_singular(&d->uses)) {
      /* component c of the add reads the fneg's swizzle of it */
      for (unsigned c = 0; c < add->def.num_components; c++) {
         if (nir_alu_src_swizzle(&mul->src[0],
                                 nir_alu_src_swizzle(&add->src[i], c)) !=
             nir_alu_src_swizzle(&add->src[i], c))
            return NULL;
      }
      d = mul->src[0].src.ssa;
      parent = nir_def_instr(d);
      if (parent->type != nir_instr_type_alu)
         return NULL;
      mul = nir_instr_as_alu(parent);
      *neg = true;
   }
   if (mul->op != nir_op_fmul || mul->exact || !list_is_singular(&d->uses))
      return NULL;
   return mul;
}

static bool
fuse(nir_builder *b, nir_alu_instr *add, void *data)
{
   (void)data;
   if (add->op != nir_op_fadd || add->exact ||
       (add->def.bit_size != 16 && add->def.bit_size != 32))
      return false;

   for (unsigned i = 0; i < 2; i++) {
      bool neg;
      nir_alu_instr *mul = fusable_mul(add, i, &neg);
      if (!mul)
         continue;

      nir_alu_instr *fma = nir_alu_instr_create(b->shader, nir_op_ffma);
      unsigned n = add->def.num_components;
      /* Component c of the add reads component swizzle[c] of the
       * product, i.e. the multiply's sources at their swizzle of that. */
      for (unsigned k = 0; k < 2; k++) {
         fma->src[k].src.ssa = mul->src[k].src.ssa;
         for (unsigned c = 0; c < n; c++)
            nir_alu_src_set_swizzle(
               &fma->src[k], c,
               nir_alu_src_swizzle(&mul->src[k],
                                   nir_alu_src_swizzle(&add->src[i], c)));
      }
      fma->src[2].src.ssa = add->src[1 - i].src.ssa;
      fma->src[2].swz = add->src[1 - i].swz;
      fma->def.num_components = (uint8_t)n;

      b->cursor = nir_before_instr(&add->instr);
      if (neg) {
         /* -(a b) + c = (-a) b + c, exactly (negation only flips the
          * sign) */
         nir_alu_instr *na = nir_alu_instr_create(b->shader, nir_op_fneg);
         na->src[0].src.ssa = fma->src[0].src.ssa;
         na->src[0].swz = fma->src[0].swz;
         na->def.num_components = (uint8_t)n;
         na->def.bit_size = add->def.bit_size;
         fma->src[0].src.ssa = nir_builder_alu_instr_finish_and_insert(b, na);
         for (unsigned c = 0; c < n; c++)
            nir_alu_src_set_swizzle(&fma->src[0], c, c);
      }
      nir_def *res = nir_builder_alu_instr_finish_and_insert(b, fma);
      nir_def_rewrite_uses(&add->def, res);
      return true;
   }
   return false;
}

bool
nir_opt_fuse_ffma(nir_shader *shader)
{
   return nir_shader_alu_pass(shader, fuse,
                              nir_metadata_block_index |
                                 nir_metadata_dominance,
                              NULL);
}
