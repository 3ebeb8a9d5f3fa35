/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL clip space has -w <= z <= w; the AGX clipper keeps 0 <= z <= w
 * (fact: alexvorxx/Mesa-VirGL src/asahi/lib, agx_nir_lower_clip_m1_1, and
 * src/gallium/drivers/asahi/agx_state.c, which rescales the viewport to
 * match).  This pass gives the rasteriser z' = (z + w) / 2 of the
 * vertex shader's final gl_Position.
 *
 * It runs on the lowered outputs after the key-dependent stores, so that
 * transform feedback (and a geometry shader's inputs, captured the same
 * way) keeps gl_Position as the shader wrote it (GL 4.6 section 13.3:
 * the captured values are the vertex shader's outputs).  The outputs are
 * final store_outputs (agx_nir_lower_outputs_to_temporaries); the last
 * store of each component wins, in the shader and in the backend, so z'
 * is stored once more at the very end.  Nothing is done when z or w is
 * not written.
 */

#include "agx_nir.h"

static bool
is_zero(const nir_src *src)
{
   const nir_instr *p = nir_def_instr(src->ssa);
   return p->type == nir_instr_type_load_const &&
          nir_const_value_as_uint(nir_instr_as_load_const(p)->value[0], 32) ==
             0;
}

bool
agx_nir_remap_position_z(nir_shader *nir)
{
   if (nir->info.stage != MESA_SHADER_VERTEX)
      return false;

   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   /* The last def stored to each of z and w, and the store of z. */
   nir_def *def[2] = {NULL, NULL};
   unsigned chan[2] = {0, 0};
   nir_intrinsic_instr *z_store = NULL;
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic != nir_intrinsic_store_output ||
             !is_zero(&intr->src[1]) ||
             nir_intrinsic_base(intr) != VARYING_SLOT_POS ||
             intr->src[0].ssa->bit_size != 32)
            continue;
         unsigned comp = nir_intrinsic_component(intr);
         unsigned mask = nir_intrinsic_write_mask(intr);
         for (unsigned i = 0; i < 2; ++i) {
            unsigned c = 2 + i;
            if (c < comp || c - comp >= intr->src[0].ssa->num_components ||
                !(mask & (1u << (c - comp))))
               continue;
            def[i] = intr->src[0].ssa;
            chan[i] = c - comp;
            if (i == 0)
               z_store = intr;
         }
      }
   }
   if (!def[0] || !def[1])
      return false;

   nir_builder b =
      nir_builder_at(nir_after_block_before_jump(nir_impl_last_block(impl)));
   nir_def *z = nir_channel(&b, def[0], chan[0]);
   nir_def *w = nir_channel(&b, def[1], chan[1]);
   nir_def *zz = nir_fmul(&b, nir_fadd(&b, z, w), nir_imm_float(&b, 0.5f));
   nir_def *srcs[2] = {zz, nir_imm_int(&b, 0)};
   nir_build_intrinsic(
      &b, nir_intrinsic_store_output, 1, 0, srcs, NIR_INTRINSIC_BASE,
      (int)VARYING_SLOT_POS, NIR_INTRINSIC_WRITE_MASK, 1,
      NIR_INTRINSIC_COMPONENT, 2, NIR_INTRINSIC_LOCATION,
      (int)nir_intrinsic_index_get(z_store, NIR_INTRINSIC_LOCATION),
      NIR_INTRINSIC_SRC_TYPE,
      (int)nir_intrinsic_index_get(z_store, NIR_INTRINSIC_SRC_TYPE),
      NIR_INTRINSIC_NUM_INDEX_FLAGS);
   return true;
}
