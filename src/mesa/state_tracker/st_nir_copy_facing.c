/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The edges and corners of a program's polygons in GL_LINE/GL_POINT mode
 * drawn as lines and points from copies (main/polygon_mode.c): they keep
 * the facing of their polygon (GL 2.1 section 3.5.4, "the polygon is
 * rasterized as ... with the facing of the polygon"), which the CPU
 * worked out from the captured positions and put in the copies'
 * attribute; the vertex shader passes it on in a varying
 * (st_nir_line_stipple_vs) and here gl_FrontFacing reads it instead of
 * the rasterizer's, which takes every line and point as front facing.
 *
 * Assumes the linker's NIR (variables and derefs, main inlined).
 */
#include "state_tracker/st_nir.h"
#include "nir_builder.h"

bool
st_nir_copy_facing(nir_shader *fs, int varying)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(fs);
   if (!impl || varying < 0)
      return false;
   nir_variable *in = nir_variable_create(
      fs, nir_var_shader_in, nir_vtype_vector(fs, nir_type_float32, 4),
      "st_copy_facing");
   if (!in)
      return false;
   in->data.location = varying;
   in->data.driver_location = (unsigned)varying;
   in->data.noperspective = true; /* (one value per primitive) */

   nir_builder b = nir_builder_at(nir_before_impl(impl));
   nir_def *front = nir_flt(&b, nir_imm_float(&b, 0.5f),
                            nir_channel(&b, nir_load_var(&b, in), 0));
   bool progress = false;
   nir_foreach_block(block, impl) {
      nir_foreach_instr_safe(instr, block) {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic != nir_intrinsic_load_front_face ||
             intr->def.bit_size != front->bit_size)
            continue;
         nir_def_rewrite_uses(&intr->def, front);
         nir_instr_remove(instr);
         progress = true;
      }
   }
   return progress;
}
