/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl_FragCoord.y in GL's convention.  The driver's load_frag_coord counts
 * rows down from Gallium's row 0; window-system framebuffers have GL's row
 * 0 at the bottom, so there GL's y is height - y.  The pass rewrites every
 * load_frag_coord's y as y * t.x + t.y with t a vec4 uniform in the slot
 * just past the program's default uniform storage, which the state tracker
 * fills per framebuffer: (-1, height) when flipped, (1, 0) otherwise,
 * and the height in t.z for gl_FragCoord's origin_upper_left layout.
 * interpolateAtOffset's offset.y (interp_deref_at) is multiplied by t.x
 * the same way.  Assumes the linker's NIR (uniforms as variables, before nir_lower_io).
 */
#include "state_tracker/st_nir.h"
#include "nir_builder.h"

static bool
is_offset_interp(const nir_intrinsic_instr *intr)
{
   return intr->intrinsic == nir_intrinsic_interp_deref_at &&
          nir_intrinsic_interp_at(intr) == nir_interp_at_offset;
}

static bool
lower(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   nir_variable *transform = data;
   const nir_shader_info *info = &b->shader->info;

   if (is_offset_interp(intr)) {
      /* interpolateAtOffset's offset is in GL's window axes: its y runs
       * the other way on flipped framebuffers too (t.x) */
      b->cursor = nir_before_instr(&intr->instr);
      nir_def *o = intr->src[1].ssa;
      nir_def *t = nir_load_var(b, transform);
      nir_def *y = nir_fmul(b, nir_channel(b, o, 1), nir_channel(b, t, 0));
      nir_instr_rewrite_src(&intr->instr, &intr->src[1],
                            nir_vec2(b, nir_channel(b, o, 0), y));
      return true;
   }
   if (intr->intrinsic != nir_intrinsic_load_frag_coord)
      return false;
   b->cursor = nir_after_instr(&intr->instr);
   nir_def *t = nir_load_var(b, transform);
   nir_def *c[4];
   for (unsigned i = 0; i < 4; i++)
      c[i] = nir_channel(b, &intr->def, i);
   c[1] = nir_ffma(b, c[1], nir_channel(b, t, 0), nir_channel(b, t, 1));
   /* layout(origin_upper_left): rows counted down from the top, t.z
    * being the framebuffer's height; layout(pixel_center_integer):
    * centres at integers, not half-integers (GLSL 1.50 4.3.8.1). */
   if (info->fs.origin_upper_left)
      c[1] = nir_fsub(b, nir_channel(b, t, 2), c[1]);
   if (info->fs.pixel_center_integer) {
      c[0] = nir_fadd(b, c[0], nir_imm_float(b, -0.5f));
      c[1] = nir_fadd(b, c[1], nir_imm_float(b, -0.5f));
   }
   nir_def *v = nir_vec(b, c, 4);
   nir_def_rewrite_uses_after(&intr->def, v, nir_def_instr(v));
   return true;
}

static bool
reads_frag_coord(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic == nir_intrinsic_load_frag_coord ||
       is_offset_interp(intr))
      *(bool *)data = true;
   return false;
}

bool
st_nir_lower_wpos(nir_shader *nir, unsigned slot)
{
   bool found = false;

   nir_shader_intrinsics_pass(nir, reads_frag_coord, nir_metadata_all, &found);
   if (!found)
      return false;
   nir_variable *var = nir_variable_create(
      nir, nir_var_uniform, nir_vtype_vector(nir, nir_type_float32, 4),
      "st_wpos_transform");
   if (!var)
      return false;
   var->data.driver_location = slot;
   return nir_shader_intrinsics_pass(nir, lower, nir_metadata_none, var);
}
