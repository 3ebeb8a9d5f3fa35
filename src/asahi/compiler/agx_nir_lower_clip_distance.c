/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl_ClipDistance packed four to a slot: the GLSL front end declares it
 * float[8] at VARYING_SLOT_CLIP_DIST0, which nir_lower_io would spread
 * over eight vec4 slots (running into the slots after CLIP_DIST1).  Every
 * access with a constant index i becomes an access to component i % 4 of
 * a vec4[2] variable at the same location, so distance i reaches the
 * backend as slot CLIP_DIST0 + i / 4, component i % 4 (Mesa's compact
 * clip distance layout).
 *
 * Vertex shaders: after agx_nir_lower_outputs_to_temporaries every store
 * to the output is a copy of one element with a constant index; each
 * becomes a one-component store.  Fragment shaders (GLSL 1.30 section 7.2
 * lets them read gl_ClipDistance): after agx_nir_lower_indirect_inputs
 * every load has a constant index; each becomes a load of the vec4 and
 * the component taken from it.  Run after those passes and before
 * nir_lower_io.
 */

#include "nir_builder.h"
#include "nir_passes.h"
#include "agx_nir.h"

static nir_variable *
find_clip_distance(nir_shader *nir, nir_variable_mode mode)
{
   nir_foreach_variable_with_modes(var, nir, mode)
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
   bool vs = nir->info.stage == MESA_SHADER_VERTEX;
   if (!vs && nir->info.stage != MESA_SHADER_FRAGMENT)
      return false;
   nir_variable_mode mode = vs ? nir_var_shader_out : nir_var_shader_in;
   nir_variable *old = find_clip_distance(nir, mode);
   if (!old)
      return false;

   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   const nir_vtype *vec4 =
      nir_vtype_vector(nir, old->type->elem->base, 4);
   nir_variable *packed =
      nir_variable_create(nir, mode, nir_vtype_array(nir, vec4, 2),
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
         if (intr->intrinsic !=
             (vs ? nir_intrinsic_store_deref : nir_intrinsic_load_deref))
            continue;
         nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
         if (d->deref_type != nir_deref_type_array ||
             nir_deref_instr_get_variable(d) != old)
            continue;
         nir_instr *idx = nir_def_instr(d->arr_index.ssa);
         if (idx->type != nir_instr_type_load_const) {
            /* the outputs and indirect inputs passes leave constant
             * indices only */
            continue;
         }
         unsigned i = (unsigned)nir_const_value_as_uint(
            nir_instr_as_load_const(idx)->value[0], d->arr_index.ssa->bit_size);
         b.cursor = nir_before_instr(instr);
         if (!vs) {
            /* past the array: undefined, read as 0 */
            nir_def *v =
               i < 8 ? nir_channel(
                          &b,
                          nir_load_deref(&b, nir_build_deref_array_imm(
                                                &b, nir_build_deref_var(&b, packed),
                                                i / 4)),
                          i % 4)
                     : nir_imm_float(&b, 0.0f);
            nir_def_rewrite_uses(&intr->def, v);
            nir_instr_remove(instr);
            continue;
         }
         if (i >= 8) {
            nir_instr_remove(instr);
            continue;
         }
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
