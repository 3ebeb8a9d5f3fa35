/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A fixed point size (agx_vs_key::fixed_point_size): the vertex shader's
 * own gl_PointSize stores are dropped and the size is stored once at its
 * end.  The hardware takes a point's size from the vertex outputs only
 * (the output select word's "point size" bit), so GL's glPointSize, which
 * counts when PROGRAM_POINT_SIZE is off (GL 3.2 core section 3.4) or for
 * shaders that never write gl_PointSize, becomes a shader store; Mesa's
 * asahi driver does the same (alexvorxx/Mesa-VirGL
 * src/asahi/lib/agx_nir_lower_point_size.c, fact only).
 *
 * Runs after the transform-feedback stores (agx_nir_lower_xfb.c), which
 * keep what the shader wrote.  Assumes lowered I/O: store_output with the
 * varying slot as base and a constant offset.
 */
#include "agx_nir.h"

bool
agx_nir_fixed_point_size(nir_shader *nir, float size)
{
   if (nir->info.stage != MESA_SHADER_VERTEX)
      return false;

   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr_safe(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic == nir_intrinsic_store_output &&
             nir_intrinsic_base(intr) == VARYING_SLOT_PSIZ)
            nir_instr_remove(instr);
      }
   }

   nir_builder b =
      nir_builder_at(nir_after_block_before_jump(nir_impl_last_block(impl)));
   nir_def *srcs[2] = {nir_imm_float(&b, size), nir_imm_int(&b, 0)};
   nir_build_intrinsic(&b, nir_intrinsic_store_output, 1, 0, srcs,
                       NIR_INTRINSIC_BASE, (int)VARYING_SLOT_PSIZ,
                       NIR_INTRINSIC_WRITE_MASK, 1, NIR_INTRINSIC_COMPONENT, 0,
                       NIR_INTRINSIC_LOCATION, (int)VARYING_SLOT_PSIZ,
                       NIR_INTRINSIC_SRC_TYPE, (int)nir_type_float32,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   return true;
}
