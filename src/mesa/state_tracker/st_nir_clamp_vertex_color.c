/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Vertex colour clamping of compatibility contexts (GL 3.0 section 2.19.6,
 * CLAMP_VERTEX_COLOR, TRUE by default and not changeable here: see
 * glClampColor in desktop30.c): gl_FrontColor, gl_BackColor and the
 * secondary colours are clamped to [0, 1] per vertex, before they are
 * interpolated.  The pass saturates every value the vertex shader stores
 * to those outputs.  Assumes the linker's NIR (outputs as variables
 * written with store_deref).
 */
#include "state_tracker/st_nir.h"
#include "nir_builder.h"

static bool
is_vertex_color(const nir_variable *var)
{
   return var && var->mode == nir_var_shader_out &&
          (var->data.location == VARYING_SLOT_COL0 ||
           var->data.location == VARYING_SLOT_COL1 ||
           var->data.location == VARYING_SLOT_BFC0 ||
           var->data.location == VARYING_SLOT_BFC1);
}

static bool
clamp_store(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_store_deref)
      return false;
   nir_deref_instr *deref = nir_src_as_deref(intr->src[0]);
   if (!is_vertex_color(nir_deref_instr_get_variable(deref)))
      return false;
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *sat = nir_fsat(b, intr->src[1].ssa);
   nir_instr_rewrite_src(&intr->instr, &intr->src[1], sat);
   return true;
}

bool
st_nir_clamp_vertex_color(nir_shader *vs)
{
   return nir_shader_intrinsics_pass(vs, clamp_store,
                                     nir_metadata_block_index |
                                        nir_metadata_dominance,
                                     NULL);
}
