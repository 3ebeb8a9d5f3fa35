/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl_ClipDistance (GL 3.0 section 2.17, GLSL 1.30 section 7.1) without
 * clipping hardware in the pipe interface: the vertex shader's distances
 * travel to the fragment shader as two ordinary vec4 varyings, and the
 * fragment shader discards the fragments where an enabled plane's
 * interpolated distance is negative.  Clipping a primitive by the plane
 * d = 0 keeps exactly the points where the linearly interpolated d is >=
 * 0, so this covers the same pixels (perspective-correct interpolation,
 * as clip-space clipping gives).
 *
 * The enabled planes (GL_CLIP_DISTANCEi) are a bit mask the state tracker
 * writes, as a float, into component z of the vec4 uniform past the
 * program's storage (the slot st_nir_lower_wpos.c uses), so that enabling
 * a plane changes no shader.
 *
 * Assumes the linker's NIR: variables and derefs, main inlined, the
 * built-in gl_ClipDistance at VARYING_SLOT_CLIP_DIST0 as float[n].
 */
#include "state_tracker/st_nir.h"
#include "nir_builder.h"

static nir_variable *
find_clip_var(nir_shader *nir, nir_variable_mode mode)
{
   nir_foreach_variable_in_shader(var, nir) {
      if (var->mode == mode && var->data.location == VARYING_SLOT_CLIP_DIST0)
         return var;
   }
   return NULL;
}

/* Turns var into a local of the entry point (every deref of it too). */
static void
make_local(nir_shader *nir, nir_function_impl *impl, nir_variable *var)
{
   list_del(&var->link);
   var->mode = nir_var_function_temp;
   list_addtail(&var->link, &impl->locals);
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_deref)
            continue;
         nir_deref_instr *d = nir_instr_as_deref(instr);
         if (nir_deref_instr_get_variable(d) == var)
            d->modes = nir_var_function_temp;
      }
   }
}

static unsigned
array_length(const nir_variable *var)
{
   unsigned n = nir_vtype_count_scalars(var->type);
   return n > ST_CLIP_DISTANCES ? ST_CLIP_DISTANCES : n;
}

static nir_variable *
packed_var(nir_shader *nir, nir_variable_mode mode)
{
   const nir_vtype *vec4 = nir_vtype_vector(nir, nir_type_float32, 4);
   nir_variable *var = nir_variable_create(
      nir, mode, nir_vtype_array(nir, vec4, 2), "st_clip_distances");
   if (var) {
      var->data.location = ST_CLIP_VARYING_SLOT;
      var->data.driver_location = ST_CLIP_VARYING_SLOT;
   }
   return var;
}

/* Stores the local distances into the packed output at b's cursor. */
static void
emit_copy_out(nir_builder *b, nir_variable *local, unsigned n,
              nir_variable *out)
{
   nir_def *zero = nir_imm_float(b, 0.0f);
   for (unsigned v = 0; v < 2; v++) {
      nir_def *c[4];
      for (unsigned i = 0; i < 4; i++) {
         unsigned k = v * 4 + i;
         c[i] = k < n ? nir_load_deref(b, nir_build_deref_array_imm(
                                             b, nir_build_deref_var(b, local),
                                             k))
                      : zero;
      }
      nir_store_deref(b,
                      nir_build_deref_array_imm(b, nir_build_deref_var(b, out),
                                                v),
                      nir_vec(b, c, 4), 0xf);
   }
}

bool
st_nir_lower_clip_vs(nir_shader *nir)
{
   nir_variable *var = find_clip_var(nir, nir_var_shader_out);
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);

   if (!var || !impl)
      return false;
   unsigned n = array_length(var);
   nir_variable *out = packed_var(nir, nir_var_shader_out);
   if (!out)
      return false;
   make_local(nir, impl, var);

   /* Before every return of main and at its end. */
   nir_foreach_block(block, impl) {
      nir_foreach_instr_safe(instr, block) {
         if (instr->type != nir_instr_type_jump ||
             nir_instr_as_jump(instr)->type != nir_jump_return)
            continue;
         nir_builder b = nir_builder_at(nir_before_instr(instr));
         emit_copy_out(&b, var, n, out);
      }
   }
   nir_builder b = nir_builder_at(nir_after_impl(impl));
   emit_copy_out(&b, var, n, out);
   return true;
}

bool
st_nir_lower_clip_fs(nir_shader *nir, unsigned uniform_slot)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   if (!impl)
      return false;
   nir_variable *in = packed_var(nir, nir_var_shader_in);
   nir_variable *enables = nir_variable_create(
      nir, nir_var_uniform, nir_vtype_vector(nir, nir_type_float32, 4),
      "st_clip_enables");
   if (!in || !enables)
      return false;
   enables->data.driver_location = uniform_slot;

   nir_builder b = nir_builder_at(nir_before_impl(impl));
   nir_def *d[2];
   for (unsigned v = 0; v < 2; v++)
      d[v] = nir_load_deref(
         &b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, in), v));

   /* A fragment shader reading gl_ClipDistance reads the same values. */
   nir_variable *fs_var = find_clip_var(nir, nir_var_shader_in);
   if (fs_var) {
      unsigned n = array_length(fs_var);
      make_local(nir, impl, fs_var);
      for (unsigned k = 0; k < n; k++)
         nir_store_deref(&b,
                         nir_build_deref_array_imm(
                            &b, nir_build_deref_var(&b, fs_var), k),
                         nir_channel(&b, d[k / 4], k % 4), 0x1);
   }

   nir_def *mask =
      nir_f2u32(&b, nir_channel(&b, nir_load_var(&b, enables), 2));
   nir_def *zero = nir_imm_float(&b, 0.0f);
   for (unsigned k = 0; k < ST_CLIP_DISTANCES; k++) {
      nir_def *on = nir_ine(&b, nir_iand(&b, mask, nir_imm_int(&b, 1 << k)),
                            nir_imm_int(&b, 0));
      nir_def *out = nir_flt(&b, nir_channel(&b, d[k / 4], k % 4), zero);
      nir_def *cond = nir_iand(&b, on, out);
      nir_build_intrinsic(&b, nir_intrinsic_discard_if, 0, 0, &cond,
                          NIR_INTRINSIC_NUM_INDEX_FLAGS);
   }
   nir->info.uses_discard = true;
   return true;
}

bool
st_nir_writes_clip_distance(nir_shader *vs)
{
   nir_foreach_variable_in_shader(var, vs) {
      if (var->mode == nir_var_shader_out &&
          var->data.location == VARYING_SLOT_CLIP_DIST0)
         return true;
   }
   return false;
}
