/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Point sprite texture coordinates (agx_fs_key::sprite_coord_replace):
 * while points are drawn, the fragment shader's texture coordinate
 * inputs of the units whose GL_COORD_REPLACE is on read (s, t, 0, 1)
 * instead, s and t the point's coordinate, as gl_PointCoord gives it
 * (GL 2.1 section 3.4.1: s runs left to right across the point, t from
 * the POINT_SPRITE_COORD_ORIGIN side; the rasteriser's point
 * coordinate, agx_fs_key::point_coord_lower_left).  The same key as
 * gallium's pipe_rasterizer_state::sprite_coord_enable (bit i:
 * VARYING_SLOT_TEX0 + i).
 *
 * Assumes lowered I/O: load_input / load_input_at with the varying slot
 * as base; a texture coordinate read at a computed index is left alone.
 */
#include "agx_nir.h"

/* The slot an input load reads, or -1 when not a constant one. */
static int
input_slot(nir_intrinsic_instr *intr)
{
   if (intr->intrinsic != nir_intrinsic_load_input &&
       intr->intrinsic != nir_intrinsic_load_input_at)
      return -1;
   /* (the offset in slots is the first source of both) */
   nir_instr *off = nir_def_instr(intr->src[0].ssa);
   if (off->type != nir_instr_type_load_const)
      return -1;
   nir_load_const_instr *lc = nir_instr_as_load_const(off);
   return (int)nir_intrinsic_base(intr) +
          (int)nir_const_value_as_uint(lc->value[0], lc->def.bit_size);
}

bool
agx_nir_point_sprite(nir_shader *nir, unsigned tex_mask)
{
   if (nir->info.stage != MESA_SHADER_FRAGMENT || !tex_mask)
      return false;

   bool progress = false;
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr_safe(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         int slot = input_slot(intr);
         int unit = slot - (int)VARYING_SLOT_TEX0;
         if (slot < 0 || unit < 0 || unit >= 8 || !(tex_mask & (1u << unit)))
            continue;

         nir_builder b = nir_builder_at(nir_before_instr(instr));
         nir_def *pc = nir_load_system_value(&b, nir_intrinsic_load_point_coord,
                                             32);
         nir_def *st[4] = {nir_channel(&b, pc, 0), nir_channel(&b, pc, 1),
                           nir_imm_float(&b, 0.0f), nir_imm_float(&b, 1.0f)};
         unsigned first = nir_intrinsic_component(intr);
         unsigned n = intr->def.num_components;
         nir_def *comps[4];
         for (unsigned c = 0; c < n; c++) {
            nir_def *v = first + c < 4 ? st[first + c] : nir_imm_float(&b, 0);
            if (intr->def.bit_size != 32)
               v = nir_type_convert(&b, v, nir_type_float32,
                                    nir_type_float | intr->def.bit_size);
            comps[c] = v;
         }
         nir_def_rewrite_uses(&intr->def, nir_vec(&b, comps, n));
         nir_instr_remove(instr);
         progress = true;
      }
   }
   return progress;
}
