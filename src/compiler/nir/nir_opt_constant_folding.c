/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Constant folding: an ALU instruction whose sources are all load_const is
 * evaluated with the generated evaluator (the same code the interpreter
 * uses, so folding is exact by construction) and replaced by a load_const.
 */
#include "nir_builder.h"
#include "nir_passes.h"

#include <string.h>

static nir_def *
fold_alu_instr(nir_shader *shader, nir_alu_instr *alu, bool remove)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   nir_const_value buf[16][NIR_MAX_VEC_COMPONENTS];
   nir_const_value *srcs[16];
   unsigned comps[16];
   for (unsigned i = 0; i < info->num_inputs; i++) {
      nir_instr *p = nir_def_instr(alu->src[i].src.ssa);
      if (p->type != nir_instr_type_load_const)
         return NULL;
      nir_load_const_instr *lc = nir_instr_as_load_const(p);
      unsigned n = nir_ssa_alu_instr_src_components(alu, i);
      for (unsigned c = 0; c < n; c++)
         buf[i][c] = lc->value[nir_alu_src_swizzle(&alu->src[i], c)];
      srcs[i] = buf[i];
      comps[i] = n;
   }
   nir_const_value out[NIR_MAX_VEC_COMPONENTS];
   memset(out, 0, sizeof(out));
   if (!nir_eval_const_opcode(alu->op, out, alu->def.num_components,
                              nir_alu_instr_eval_bit_size(alu), srcs, comps))
      return NULL;

   nir_load_const_instr *lc = nir_load_const_instr_create(
      shader, alu->def.num_components, alu->def.bit_size);
   memcpy(lc->value, out, alu->def.num_components * sizeof(out[0]));
   nir_instr_insert(nir_before_instr(&alu->instr), &lc->instr);
   nir_def_rewrite_uses(&alu->def, &lc->def);
   /* constants only the folded instruction read go with it */
   if (remove)
      nir_instr_remove_with_operands(&alu->instr);
   return &lc->def;
}

nir_def *
nir_fold_alu_instr(nir_shader *shader, nir_alu_instr *alu)
{
   return fold_alu_instr(shader, alu, true);
}

nir_def *
nir_fold_alu_instr_keep(nir_shader *shader, nir_alu_instr *alu)
{
   return fold_alu_instr(shader, alu, false);
}

static bool
fold_alu(nir_builder *b, nir_alu_instr *alu, void *data)
{
   (void)data;
   return nir_fold_alu_instr(b->shader, alu) != NULL;
}

bool
nir_opt_constant_folding(nir_shader *shader)
{
   return nir_shader_alu_pass(shader, fold_alu,
                              nir_metadata_block_index |
                                 nir_metadata_dominance,
                              NULL);
}
