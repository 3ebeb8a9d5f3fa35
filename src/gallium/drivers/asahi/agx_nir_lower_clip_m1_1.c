/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL clip space has -w <= z <= w; the AGX clipper keeps 0 <= z <= w.  This
 * pass rewrites the vertex shader's writes of gl_Position so that
 * z' = (z + w) / 2; the viewport transform is rescaled to match
 * (agx_draw.c), so window depths are GL's.
 *
 * Runs on the variables and derefs the front end hands over, before
 * agx_preprocess_nir.  Only whole-vector writes of z and w together are
 * rewritten (what GLSL's gl_Position = ... produces); a shader writing z
 * without w in the same store is reported and left alone.
 *
 * Fact: alexvorxx/Mesa-VirGL src/asahi/lib (agx_nir_lower_clip_m1_1) and
 * src/gallium/drivers/asahi/agx_state.c (viewport rescale).
 */
#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "util/log.h"

#include "agx_state.h"

static bool
lower_position_store(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_store_deref)
      return false;

   nir_deref_instr *deref = nir_src_as_deref(intr->src[0]);
   nir_variable *var = deref ? nir_deref_instr_get_variable(deref) : NULL;
   if (!var || var->mode != nir_var_shader_out ||
       var->data.location != VARYING_SLOT_POS ||
       deref->deref_type != nir_deref_type_var)
      return false;

   unsigned mask = nir_intrinsic_write_mask(intr);
   if (!(mask & 0x4))
      return false;
   nir_def *v = intr->src[1].ssa;
   if (!(mask & 0x8) || v->num_components != 4) {
      bool *warned = data;
      if (!*warned)
         u_logw("asahi", "gl_Position.z written without w: depth is not "
                         "remapped to the hardware's clip range");
      *warned = true;
      return false;
   }

   nir_def *z = nir_channel(b, v, 2), *w = nir_channel(b, v, 3);
   nir_def *zz = nir_fmul(b, nir_fadd(b, z, w), nir_imm_float(b, 0.5f));
   nir_def *comps[4] = {nir_channel(b, v, 0), nir_channel(b, v, 1), zz, w};
   nir_instr_rewrite_src(&intr->instr, &intr->src[1], nir_vec(b, comps, 4));
   return true;
}

bool
agx_nir_lower_clip_m1_1(nir_shader *nir)
{
   if (nir->info.stage != MESA_SHADER_VERTEX)
      return false;
   bool warned = false;
   return nir_shader_intrinsics_pass(
      nir, lower_position_store,
      nir_metadata_block_index | nir_metadata_dominance, &warned);
}
