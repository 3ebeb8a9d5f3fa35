/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Uniform blocks numbered per stage.  The linker numbers a program's
 * blocks once for all stages (glsl_program.ubos[i], load_ubo block i);
 * a stage that uses block i reads it as constant buffer 1 + its rank
 * among the blocks that stage uses (st_ubo_slot), so that each stage can
 * have its own GL_MAX_*_UNIFORM_BLOCKS of them while the program has up
 * to GL_MAX_COMBINED_UNIFORM_BLOCKS (GL 3.2 table 6.51: 12 a stage, 36 in
 * all) with drivers of fewer constant buffers than that.  A block array
 * is used by a stage as a whole (glsl_to_nir_ubo.c), so its elements stay
 * consecutive and a run-time element index (first + i, the linker's
 * form) keeps working: only first changes.
 */
#include "state_tracker/st_nir.h"
#include "glsl_program.h"
#include "nir_builder.h"

int
st_ubo_slot(const struct glsl_program *p, gl_shader_stage stage,
            unsigned block)
{
   if (!p || block >= p->num_ubos || !(p->ubos[block].stages & (1u << stage)))
      return -1;
   int slot = 0;
   for (unsigned j = 0; j < block; j++)
      slot += (p->ubos[j].stages >> stage) & 1;
   return slot;
}

bool
st_nir_ubo_slots(nir_shader *nir, const struct glsl_program *p)
{
   bool progress = false;
   gl_shader_stage stage = nir->info.stage;

   nir_foreach_function_impl(impl, nir) {
      nir_builder b = nir_builder_create(impl);
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            if (intr->intrinsic != nir_intrinsic_load_ubo)
               continue;
            /* a constant block, or first + element index */
            nir_instr *ci = nir_def_instr(intr->src[0].ssa);
            nir_def *index = NULL;
            if (ci->type == nir_instr_type_alu &&
                nir_instr_as_alu(ci)->op == nir_op_iadd) {
               nir_alu_instr *add = nir_instr_as_alu(ci);
               unsigned k = nir_def_instr(add->src[0].src.ssa)->type ==
                                  nir_instr_type_load_const
                               ? 0
                               : 1;
               index = add->src[1 - k].src.ssa;
               ci = nir_def_instr(add->src[k].src.ssa);
            }
            if (ci->type != nir_instr_type_load_const)
               continue;
            unsigned first = nir_instr_as_load_const(ci)->value[0].u32;
            int slot = st_ubo_slot(p, stage, first);
            if (slot < 0 || (unsigned)slot == first)
               continue;
            b.cursor = nir_before_instr(instr);
            nir_def *s = nir_imm_int(&b, slot);
            nir_instr_rewrite_src(instr, &intr->src[0],
                                  index ? nir_iadd(&b, s, index) : s);
            progress = true;
         }
      }
      nir_metadata_preserve(impl, progress ? nir_metadata_block_index |
                                                nir_metadata_dominance
                                           : nir_metadata_all);
   }
   return progress;
}
