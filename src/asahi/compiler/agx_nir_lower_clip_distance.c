/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl_ClipDistance and gl_CullDistance packed four to a slot: the GLSL
 * front end declares each float[8] at VARYING_SLOT_CLIP_DIST0 (cull:
 * VARYING_SLOT_CULL_DIST0), which nir_lower_io would spread over eight
 * vec4 slots (running into the slots after the second one).  Every access
 * with a constant index i becomes an access to component i % 4 of a
 * vec4[2] variable at the same location, so distance i reaches the
 * backend as slot CLIP_DIST0 + i / 4, component i % 4 (Mesa's compact
 * clip distance layout).
 *
 * Vertex shaders: after agx_nir_lower_outputs_to_temporaries every store
 * to the output is a copy of one element with a constant index; each
 * becomes a one-component store.  Fragment shaders (GLSL 1.30 section 7.2
 * and ARB_cull_distance let them read the distances): after
 * agx_nir_lower_indirect_inputs every load has a constant index; each
 * becomes a load of the vec4 and the component taken from it.  Run after
 * those passes and before nir_lower_io.
 *
 * Cull distances (GL 4.5 section 13.5: a primitive is discarded when all
 * its vertices have a negative distance i, for some i) have no hardware
 * plane: as Mesa's AGX driver does (fact: its
 * src/asahi/compiler/agx_nir_lower_cull_distance.c), the vertex shader
 * also writes, per distance, 1.0 where the vertex is inside (d >= 0) and
 * 0.0 where it is outside, as a noperspective varying at
 * VARYING_SLOT_CULL_PRIMITIVE0/1.  That varying's plane in screen space
 * is identically zero exactly when every vertex is outside, which the
 * fragment shader tests (agx_fs_key::nr_cull_distances, agx_isel.c
 * emit_cull_test) to discard the whole primitive's fragments.
 */

#include "nir_builder.h"
#include "nir_passes.h"
#include "agx_nir.h"
#include "agx_compile.h"
#include "util/u_math.h"

static nir_variable *
find_distances(nir_shader *nir, nir_variable_mode mode, int location)
{
   nir_foreach_variable_with_modes(var, nir, mode)
   {
      if (var->data.location == location &&
          var->type->kind == NIR_VTYPE_ARRAY &&
          nir_vtype_is_vector_or_scalar(var->type->elem) &&
          var->type->elem->components == 1)
         return var;
   }
   return NULL;
}

static nir_variable *
packed_var(nir_shader *nir, const nir_variable *old, int location,
           const char *name)
{
   nir_variable_mode mode = old->mode;
   const nir_vtype *vec4 = nir_vtype_vector(nir, old->type->elem->base, 4);
   nir_variable *v =
      nir_variable_create(nir, mode, nir_vtype_array(nir, vec4, 2), name);
   v->data.location = location;
   v->data.driver_location = (unsigned)location;
   return v;
}

/* Stores v to component i % 4 of element i / 4 of the vec4[2] `to`. */
static void
store_packed(nir_builder *b, nir_variable *to, unsigned i, nir_def *v)
{
   nir_def *comps[4] = {v, v, v, v};
   nir_deref_instr *d =
      nir_build_deref_array_imm(b, nir_build_deref_var(b, to), i / 4);
   nir_store_deref(b, d, nir_vec(b, comps, 4), 1u << (i % 4));
}

/* Packs the float[8] at `location`; for vertex shaders writing cull
 * distances (`flags_location` >= 0), also writes the inside flags. */
static bool
pack_distances(nir_shader *nir, int location, int flags_location,
               const char *name)
{
   bool vs = nir->info.stage == MESA_SHADER_VERTEX;
   nir_variable_mode mode = vs ? nir_var_shader_out : nir_var_shader_in;
   nir_variable *old = find_distances(nir, mode, location);
   if (!old)
      return false;

   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   nir_variable *packed = packed_var(nir, old, location, name);
   nir_variable *flags = NULL;
   if (vs && flags_location >= 0) {
      flags = packed_var(nir, old, flags_location, "cull_inside_flags");
      flags->data.noperspective = true;
   }

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
         store_packed(&b, packed, i, v);
         if (flags) {
            /* inside (d >= 0, so a distance of 0 keeps the primitive):
             * 1.0, outside or NaN: 0.0 */
            nir_def *in = nir_b2f32(&b, nir_fge(&b, v, nir_imm_float(&b, 0.0f)));
            store_packed(&b, flags, i, in);
         }
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

bool
agx_nir_lower_clip_distance(nir_shader *nir)
{
   if (nir->info.stage != MESA_SHADER_VERTEX &&
       nir->info.stage != MESA_SHADER_FRAGMENT)
      return false;
   bool progress = pack_distances(nir, VARYING_SLOT_CLIP_DIST0, -1,
                                  "gl_ClipDistance_packed");
   progress |= pack_distances(nir, VARYING_SLOT_CULL_DIST0,
                              VARYING_SLOT_CULL_PRIMITIVE0,
                              "gl_CullDistance_packed");
   return progress;
}

unsigned
agx_nir_cull_distance_count(nir_shader *vs)
{
   if (vs->info.stage != MESA_SHADER_VERTEX)
      return 0;
   unsigned mask = 0;
   nir_foreach_block(block, nir_shader_get_entrypoint(vs))
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic != nir_intrinsic_store_output)
            continue;
         int slot = nir_intrinsic_base(intr);
         if (slot != VARYING_SLOT_CULL_PRIMITIVE0 &&
             slot != VARYING_SLOT_CULL_PRIMITIVE1)
            continue;
         unsigned shift = 4 * (unsigned)(slot - VARYING_SLOT_CULL_PRIMITIVE0) +
                          nir_intrinsic_component(intr);
         mask |= nir_intrinsic_write_mask(intr) << shift;
      }
   }
   return util_last_bit(mask);
}
