/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * sqrt(x) as 1 / rsqrt(x): the hardware has no square root instruction.
 * Done in NIR, before the backend, so that the NIR interpreter (the
 * reference of the differential tests) sees the same two operations.  For
 * x = 0, rsqrt gives +inf and rcp(+inf) = 0, as sqrt(0) must; Mesa's
 * backend multiplies x by rsqrt(x) instead (agx_compile.c).
 */

#include "nir_builder.h"
#include "agx_nir.h"

static bool
lower_sqrt(nir_builder *b, nir_alu_instr *alu, void *data)
{
   (void)data;
   if (alu->op != nir_op_fsqrt)
      return false;

   b->exact = alu->exact;

   /* 1 / sqrt(x) (a division by a length, lowered to a multiply by frcp)
    * is rsqrt(x): one instruction instead of three, and closer (GLSL
    * gives inversesqrt 2 ULP). */
   if (alu->def.num_components == 1 && !alu->exact) {
      nir_foreach_use_including_if_safe(src, &alu->def)
      {
         if (nir_src_is_if(src))
            continue;
         nir_instr *user = nir_src_parent_instr(src);
         if (user->type != nir_instr_type_alu)
            continue;
         nir_alu_instr *rcp = nir_instr_as_alu(user);
         if (rcp->op != nir_op_frcp || rcp->exact ||
             rcp->def.num_components != 1)
            continue;
         /* in place: the walk may be about to visit it */
         rcp->op = nir_op_frsq;
         nir_alu_src_set_swizzle(&rcp->src[0], 0,
                                 nir_alu_src_swizzle(&alu->src[0], 0));
         nir_instr_rewrite_src(user, &rcp->src[0].src, alu->src[0].src.ssa);
      }
      if (nir_def_is_unused(&alu->def)) {
         nir_instr_remove(&alu->instr);
         return true;
      }
   }

   unsigned swiz[NIR_MAX_VEC_COMPONENTS];
   for (unsigned c = 0; c < alu->def.num_components; ++c)
      swiz[c] = nir_alu_src_swizzle(&alu->src[0], c);
   nir_def *x =
      nir_swizzle(b, alu->src[0].src.ssa, swiz, alu->def.num_components);
   nir_def_rewrite_uses(&alu->def, nir_frcp(b, nir_frsq(b, x)));
   nir_instr_remove(&alu->instr);
   return true;
}

bool
agx_nir_lower_sqrt(nir_shader *nir)
{
   return nir_shader_alu_pass(
      nir, lower_sqrt, nir_metadata_block_index | nir_metadata_dominance, NULL);
}
