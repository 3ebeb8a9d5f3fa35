/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Two-sided colour of compatibility contexts (GL 3.0 section 2.19.1,
 * GL_VERTEX_PROGRAM_TWO_SIDE): with it enabled, a back-facing primitive's
 * fragments read gl_BackColor / gl_BackSecondaryColor as gl_Color /
 * gl_SecondaryColor.  The pass gives the fragment shader inputs for both
 * the front and the back colour slots and selects between them at the
 * start of main from gl_FrontFacing and a flag the state tracker writes
 * into component w of the vec4 uniform past the program's storage (the
 * slot of st_nir_lower_wpos.c), so enabling it changes no shader.
 *
 * Assumes the linker's NIR (variables and derefs, main inlined); runs
 * only when the vertex shader writes a back colour.
 */
#include "state_tracker/st_nir.h"
#include "nir_builder.h"

static nir_variable *
find_var(nir_shader *nir, nir_variable_mode mode, int location)
{
   nir_foreach_variable_in_shader(var, nir) {
      if (var->mode == mode && var->data.location == location)
         return var;
   }
   return NULL;
}

static nir_variable *
input_like(nir_shader *nir, const nir_variable *like, int location,
           const char *name)
{
   nir_variable *v = nir_variable_create(nir, nir_var_shader_in, like->type,
                                         name);
   if (v) {
      v->data = like->data;
      v->data.location = location;
      v->data.driver_location = (unsigned)location;
   }
   return v;
}

/* The shader's reads of var become reads of a local set at the start of
 * main to front or back (selected by back_selected). */
static bool
select_color(nir_shader *nir, nir_function_impl *impl, nir_variable *var,
             int back_location, nir_def *back_selected, nir_builder *b)
{
   nir_variable *front = input_like(nir, var, var->data.location,
                                    "st_front_color");
   nir_variable *back = input_like(nir, var, back_location, "st_back_color");
   if (!front || !back)
      return false;

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
   nir_def *v = nir_bcsel(b, back_selected, nir_load_var(b, back),
                          nir_load_var(b, front));
   nir_store_var(b, var, v, (1u << v->num_components) - 1);
   return true;
}

bool
st_nir_lower_two_side(nir_shader *fs, nir_shader *vs, unsigned uniform_slot)
{
   static const int slots[2][2] = {
      {VARYING_SLOT_COL0, VARYING_SLOT_BFC0},
      {VARYING_SLOT_COL1, VARYING_SLOT_BFC1},
   };
   nir_function_impl *impl = nir_shader_get_entrypoint(fs);
   nir_variable *vars[2];
   bool any = false;

   if (!impl)
      return false;
   for (unsigned i = 0; i < 2; i++) {
      vars[i] = find_var(fs, nir_var_shader_in, slots[i][0]);
      if (!find_var(vs, nir_var_shader_out, slots[i][1]))
         vars[i] = NULL;
      any |= vars[i] != NULL;
   }
   if (!any)
      return false;

   nir_variable *flag = nir_variable_create(
      fs, nir_var_uniform, nir_vtype_vector(fs, nir_type_float32, 4),
      "st_two_side");
   if (!flag)
      return false;
   flag->data.driver_location = uniform_slot;

   nir_builder b = nir_builder_at(nir_before_impl(impl));
   nir_def *enabled = nir_fneu(&b, nir_channel(&b, nir_load_var(&b, flag), 3),
                               nir_imm_float(&b, 0.0f));
   nir_def *front_facing =
      nir_load_system_value(&b, nir_intrinsic_load_front_face, 1);
   nir_def *back_selected = nir_iand(&b, enabled, nir_inot(&b, front_facing));
   bool progress = false;
   for (unsigned i = 0; i < 2; i++) {
      if (vars[i])
         progress |= select_color(fs, impl, vars[i], slots[i][1],
                                  back_selected, &b);
   }
   return progress;
}
