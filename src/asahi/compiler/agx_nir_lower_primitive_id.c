/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl_PrimitiveID in a fragment shader.  AGX rasterizes no primitive
 * number, so the fragment shader reads it as a flat integer varying at
 * VARYING_SLOT_PRIMITIVE_ID: written by the geometry shader when there is
 * one (GLSL 1.50 section 7.1: gl_PrimitiveID is then what the geometry
 * shader wrote), else by a geometry shader the driver generates to pass
 * the vertices on with gl_PrimitiveIDIn (agx_gs.c).  load_primitive_id
 * (the system value) becomes a load of that input, made here when the
 * front end did not declare it.  Run after nir_lower_system_values and
 * before nir_lower_io.
 */

#include "agx_compile.h"
#include "agx_nir.h"

static nir_variable *
primitive_id_input(nir_shader *nir)
{
   nir_foreach_variable_with_modes(var, nir, nir_var_shader_in)
   {
      if (var->data.location == VARYING_SLOT_PRIMITIVE_ID)
         return var;
   }
   nir_variable *var = nir_variable_create(
      nir, nir_var_shader_in, nir_vtype_scalar(nir, nir_type_int32),
      "gl_PrimitiveID");
   var->data.location = VARYING_SLOT_PRIMITIVE_ID;
   var->data.driver_location = VARYING_SLOT_PRIMITIVE_ID;
   var->data.flat = true;
   return var;
}

static bool
lower(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_load_primitive_id)
      return false;
   nir_variable *var = primitive_id_input(b->shader);
   nir_def *v = nir_load_var(b, var);
   if (v->num_components > 1)
      v = nir_channel(b, v, 0);
   nir_def_rewrite_uses(&intr->def, v);
   nir_instr_remove(&intr->instr);
   (void)data;
   return true;
}

bool
agx_nir_lower_primitive_id(nir_shader *nir)
{
   if (nir->info.stage != MESA_SHADER_FRAGMENT)
      return false;
   return nir_shader_intrinsics_pass(nir, lower, nir_metadata_none, NULL);
}
