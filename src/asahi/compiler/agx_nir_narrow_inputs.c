/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Fragment inputs read only at 16 bits are interpolated at 16 bits.
 *
 * After nir_lower_mediump, a varying that only mediump arithmetic reads
 * is a 32-bit load_input whose every use is an f2f16.  The iterators
 * write either width (iter/iterproj/ldcf destinations are 16- or 32-bit
 * register runs: applegpu's iter encoding; Mesa's agx_compile.c
 * interpolates 16-bit fragment inputs with a 16-bit destination), so the
 * load itself becomes 16-bit and the conversions plain moves: one
 * rounding, as before, and half the registers.  The coefficient
 * registers and the vertex shader's 32-bit outputs stay as they are, so
 * both stages need not agree on anything (GLSL ES 3.00 section 4.5.2:
 * the precisions of an output and the matching input need not match;
 * the fragment shader's own declaration is the precision it may use).
 */

#include "nir_builder.h"
#include "agx_nir.h"

static bool
only_narrowed(const nir_def *def)
{
   bool any = false;
   nir_foreach_use_including_if(src, def)
   {
      if (nir_src_is_if(src))
         return false;
      nir_instr *user = nir_src_parent_instr(src);
      if (user->type != nir_instr_type_alu ||
          nir_instr_as_alu(user)->op != nir_op_f2f16)
         return false;
      any = true;
   }
   return any;
}

static bool
narrow_input(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   (void)b;
   (void)data;
   if (intr->intrinsic != nir_intrinsic_load_input ||
       intr->def.bit_size != 32 || !only_narrowed(&intr->def))
      return false;

   intr->def.bit_size = 16;
   nir_foreach_use_including_if(src, &intr->def)
   {
      /* f2f16 of a component: now a move of the 16-bit component */
      nir_instr_as_alu(nir_src_parent_instr(src))->op = nir_op_mov;
   }
   return true;
}

bool
agx_nir_narrow_inputs(nir_shader *nir)
{
   if (nir->info.stage != MESA_SHADER_FRAGMENT)
      return false;
   return nir_shader_intrinsics_pass(nir, narrow_input,
                                     nir_metadata_block_index |
                                        nir_metadata_dominance,
                                     NULL);
}
