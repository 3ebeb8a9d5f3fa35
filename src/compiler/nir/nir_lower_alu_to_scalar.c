/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Scalarise ALU: every per-component operation on a vector becomes one
 * scalar operation per component, gathered with a vecN (copy propagation
 * and DCE clean up afterwards).  Dot products become multiply-add chains
 * in the same order and rounding as fdotN's definition, and the vector
 * equality reductions become per-component compares joined by and/or.
 * vecN, movs and the pack/unpack opcodes are left alone.
 */
#include "nir_builder.h"
#include "nir_passes.h"

static nir_def *
src_chan(nir_builder *b, nir_alu_instr *alu, unsigned i, unsigned c)
{
   return nir_channel(b, alu->src[i].src.ssa,
                      nir_alu_src_swizzle(&alu->src[i], c));
}

static const struct {
   nir_op op, cmp, join;
   unsigned n;
} reductions[] = {
   { nir_op_bfall_equal2, nir_op_feq, nir_op_iand, 2 },
   { nir_op_bfall_equal3, nir_op_feq, nir_op_iand, 3 },
   { nir_op_bfall_equal4, nir_op_feq, nir_op_iand, 4 },
   { nir_op_biall_equal2, nir_op_ieq, nir_op_iand, 2 },
   { nir_op_biall_equal3, nir_op_ieq, nir_op_iand, 3 },
   { nir_op_biall_equal4, nir_op_ieq, nir_op_iand, 4 },
   { nir_op_bfany_nequal2, nir_op_fneu, nir_op_ior, 2 },
   { nir_op_bfany_nequal3, nir_op_fneu, nir_op_ior, 3 },
   { nir_op_bfany_nequal4, nir_op_fneu, nir_op_ior, 4 },
   { nir_op_biany_nequal2, nir_op_ine, nir_op_ior, 2 },
   { nir_op_biany_nequal3, nir_op_ine, nir_op_ior, 3 },
   { nir_op_biany_nequal4, nir_op_ine, nir_op_ior, 4 },
   /* fdotN: products joined by adds, in order. */
   { nir_op_fdot2, nir_op_fmul, nir_op_fadd, 2 },
   { nir_op_fdot3, nir_op_fmul, nir_op_fadd, 3 },
   { nir_op_fdot4, nir_op_fmul, nir_op_fadd, 4 },
};

static bool
lower_horizontal(nir_builder *b, nir_alu_instr *alu)
{
   for (unsigned r = 0; r < sizeof(reductions) / sizeof(reductions[0]);
        r++) {
      if (reductions[r].op != alu->op)
         continue;
      nir_def *acc = NULL;
      for (unsigned c = 0; c < reductions[r].n; c++) {
         nir_def *e = nir_build_alu2(b, reductions[r].cmp,
                                     src_chan(b, alu, 0, c),
                                     src_chan(b, alu, 1, c));
         acc = acc ? nir_build_alu2(b, reductions[r].join, acc, e) : e;
      }
      nir_def_rewrite_uses(&alu->def, acc);
      return true;
   }
   return false;
}

static bool
lower_alu(nir_builder *b, nir_alu_instr *alu)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   b->cursor = nir_before_instr(&alu->instr);
   b->exact = alu->exact;
   b->mediump = alu->mediump;
   b->mediump_unsigned = alu->mediump_unsigned;
   if (info->output_size)
      return lower_horizontal(b, alu);
   if (alu->def.num_components == 1 || alu->op == nir_op_mov)
      return false;

   nir_def *comps[NIR_MAX_VEC_COMPONENTS];
   for (unsigned c = 0; c < alu->def.num_components; c++) {
      nir_alu_instr *s = nir_alu_instr_create(b->shader, alu->op);
      for (unsigned i = 0; i < info->num_inputs; i++) {
         s->src[i].src.ssa = alu->src[i].src.ssa;
         nir_alu_src_set_swizzle(&s->src[i], 0,
                                 nir_alu_src_swizzle(&alu->src[i], c));
      }
      s->def.num_components = 1;
      s->exact = alu->exact;
      s->mediump = alu->mediump;
      s->mediump_unsigned = alu->mediump_unsigned;
      comps[c] = nir_builder_alu_instr_finish_and_insert(b, s);
   }
   nir_def_rewrite_uses(&alu->def, nir_vec(b, comps, alu->def.num_components));
   return true;
}

/* Replaces alu when it was split. */
static bool
scalarise(nir_builder *b, nir_alu_instr *alu, void *data)
{
   (void)data;
   if (!lower_alu(b, alu))
      return false;
   nir_instr_remove(&alu->instr);
   return true;
}

bool
nir_lower_alu_to_scalar(nir_shader *shader)
{
   return nir_shader_alu_pass(shader, scalarise,
                              nir_metadata_block_index |
                                 nir_metadata_dominance,
                              NULL);
}
