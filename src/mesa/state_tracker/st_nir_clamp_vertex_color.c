/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Vertex colour clamping of compatibility contexts (GL 3.0 section 2.19.6,
 * CLAMP_VERTEX_COLOR, TRUE by default; glClampColor in desktop30.c, the
 * program variants of st_program.c): the values of gl_FrontColor, gl_BackColor
 * and the secondary colours are clamped to [0, 1] per vertex, after the
 * shader ran and before they are interpolated.  A shader may read its own
 * outputs back, so the clamp cannot sit on every store: each colour output
 * the shader writes gets a local twin that every access uses, and the
 * saturated twin is stored to the output at the end of main and before
 * each return, and in a geometry shader before each EmitVertex (which
 * takes the outputs' values of that moment, GLSL 1.50 section 8.10).
 * Assumes the linker's NIR (outputs as variables accessed through derefs,
 * main inlined).
 */
#include "state_tracker/st_nir.h"
#include "nir_builder.h"

static bool
is_vertex_color(const nir_variable *var)
{
   return var->mode == nir_var_shader_out &&
          (var->data.location == VARYING_SLOT_COL0 ||
           var->data.location == VARYING_SLOT_COL1 ||
           var->data.location == VARYING_SLOT_BFC0 ||
           var->data.location == VARYING_SLOT_BFC1);
}

struct twin {
   nir_variable *out, *local;
};

/* Derefs of the output become derefs of its twin. */
static bool
retarget(nir_builder *b, nir_instr *instr, void *data)
{
   const struct twin *t = data;
   (void)b;
   if (instr->type != nir_instr_type_deref)
      return false;
   nir_deref_instr *d = nir_instr_as_deref(instr);
   if (d->deref_type != nir_deref_type_var || d->var != t->out)
      return false;
   d->var = t->local;
   d->modes = nir_var_function_temp;
   return true;
}

static bool
accessed(nir_function_impl *impl, const nir_variable *var)
{
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type == nir_instr_type_deref &&
             nir_instr_as_deref(instr)->deref_type == nir_deref_type_var &&
             nir_instr_as_deref(instr)->var == var)
            return true;
      }
   }
   return false;
}

static void
store_clamped(nir_builder *b, const struct twin *t)
{
   unsigned n = t->out->type->components;
   nir_store_var(b, t->out, nir_fsat(b, nir_load_var(b, t->local)),
                 (1u << n) - 1);
}

/* Since wave 14 also CLAMP_FRAGMENT_COLOR (GL 3.0 compatibility section
 * 3.9.11 / 4.1.x, ARB_color_buffer_float): the fragment shader's float
 * colour outputs (gl_FragColor, gl_FragData and user outputs that are
 * vectors or scalars, not arrays, nor integer outputs, which GL does not
 * clamp), clamped to [0, 1] the same way before the fragment leaves. */
static bool
is_fragment_color(const nir_variable *var)
{
   return var->mode == nir_var_shader_out &&
          (var->data.location == FRAG_RESULT_COLOR ||
           (var->data.location >= FRAG_RESULT_DATA0 &&
            var->data.location < FRAG_RESULT_DATA0 + 8)) &&
          var->type->kind == NIR_VTYPE_VECTOR &&
          nir_alu_type_get_base_type(var->type->base) == nir_type_float;
}

static bool
clamp_outputs(nir_shader *nir, bool (*pick)(const nir_variable *))
{
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   bool progress = false;

   nir_foreach_variable_with_modes(var, nir, nir_var_shader_out) {
      if (!pick(var) || !accessed(impl, var))
         continue;
      struct twin t = { var,
                        nir_local_variable_create(impl, var->type,
                                                  "st_clamped_color") };
      if (!t.local)
         continue;
      nir_function_instructions_pass(impl, retarget,
                                     nir_metadata_block_index |
                                        nir_metadata_dominance,
                                     &t);

      nir_builder b = nir_builder_at(nir_after_impl(impl));
      store_clamped(&b, &t);
      nir_foreach_block(block, impl) {
         nir_instr *last = nir_block_last_instr(block);
         if (last && last->type == nir_instr_type_jump &&
             nir_instr_as_jump(last)->type == nir_jump_return) {
            b.cursor = nir_before_instr(last);
            store_clamped(&b, &t);
         }
         nir_foreach_instr(instr, block) {
            if (instr->type == nir_instr_type_intrinsic &&
                nir_instr_as_intrinsic(instr)->intrinsic ==
                   nir_intrinsic_emit_vertex) {
               b.cursor = nir_before_instr(instr);
               store_clamped(&b, &t);
            }
         }
      }
      progress = true;
   }
   return progress;
}

static bool
is_vertex_color_vector(const nir_variable *var)
{
   return is_vertex_color(var) && var->type->kind == NIR_VTYPE_VECTOR;
}

bool
st_nir_clamp_vertex_color(nir_shader *vs)
{
   return clamp_outputs(vs, is_vertex_color_vector);
}

bool
st_nir_clamp_fragment_color(nir_shader *fs)
{
   return clamp_outputs(fs, is_fragment_color);
}
