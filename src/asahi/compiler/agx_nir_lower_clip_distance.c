/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl_ClipDistance packed four to a slot: the GLSL front end declares it
 * float[8] at VARYING_SLOT_CLIP_DIST0, which nir_lower_io would spread
 * over eight vec4 slots (running into the slots after CLIP_DIST1).  After
 * agx_nir_lower_outputs_to_temporaries every store to the output is a
 * copy of one element with a constant index; each becomes a one-component
 * store to component i % 4 of a vec4[2] variable at the same location, so
 * distance i reaches the backend as slot CLIP_DIST0 + i / 4, component
 * i % 4 (Mesa's compact clip distance layout).  Run on vertex shaders
 * after the outputs pass and before nir_lower_io.
 */

#include "nir_builder.h"
#include "nir_passes.h"
#include "agx_nir.h"

static nir_variable *
find_clip_distance(nir_shader *nir)
{
   nir_foreach_variable_with_modes(var, nir, nir_var_shader_out)
   {
      if (var->data.location == VARYING_SLOT_CLIP_DIST0 &&
          var->type->kind == NIR_VTYPE_ARRAY &&
          nir_vtype_is_vector_or_scalar(var->type->elem) &&
          var->type->elem->components == 1)
         return var;
   }
   return NULL;
}

bool
agx_nir_lower_clip_distance(nir_shader *nir)
{
   if (nir->info.stage != MESA_SHADER_VERTEX)
      return false;
   nir_variable *old = find_clip_distance(nir);
   if (!old)
      return false;

   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   const nir_vtype *vec4 =
      nir_vtype_vector(nir, old->type->elem->base, 4);
   nir_variable *packed = nir_variable_create(
      nir, nir_var_shader_out, nir_vtype_array(nir, vec4, 2),
      "gl_ClipDistance_packed");
   packed->data.location = VARYING_SLOT_CLIP_DIST0;
   packed->data.driver_location = VARYING_SLOT_CLIP_DIST0;

   nir_builder b = nir_builder_create(impl);
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr_safe(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic != nir_intrinsic_store_deref)
            continue;
         nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
         if (d->deref_type != nir_deref_type_array ||
             nir_deref_instr_get_variable(d) != old)
            continue;
         nir_instr *idx = d->arr_index.ssa->parent_instr;
         if (idx->type != nir_instr_type_load_const) {
            /* the outputs pass leaves constant indices only */
            continue;
         }
         unsigned i = (unsigned)nir_const_value_as_uint(
            nir_instr_as_load_const(idx)->value[0], d->arr_index.ssa->bit_size);
         if (i >= 8) {
            nir_instr_remove(instr);
            continue;
         }
         b.cursor = nir_before_instr(instr);
         nir_def *v = intr->src[1].ssa;
         nir_def *comps[4] = {v, v, v, v};
         nir_deref_instr *to = nir_build_deref_array_imm(
            &b, nir_build_deref_var(&b, packed), i / 4);
         nir_store_deref(&b, to, nir_vec(&b, comps, 4), 1u << (i % 4));
         nir_instr_remove(instr);
      }
   }
   nir_metadata_preserve(impl,
                         nir_metadata_block_index | nir_metadata_dominance);

   /* The old variable's derefs are dead now; once they are gone, so is
    * the variable. */
   nir_opt_dce(nir);
   bool used = false;
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type == nir_instr_type_deref &&
             nir_instr_as_deref(instr)->deref_type == nir_deref_type_var &&
             nir_instr_as_deref(instr)->var == old)
            used = true;
      }
   }
   if (!used)
      list_del(&old->link);
   return true;
}
