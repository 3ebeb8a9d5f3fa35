/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Samplers numbered per stage.  The linker numbers a program's samplers
 * once for all stages (glsl_program_uniform.sampler_index, texture_index
 * and sampler_index of the texture instructions, data.binding of the
 * sampler variables).  Gallium binds sampler views and sampler states
 * per shader stage, and a stage has GL_MAX_*_TEXTURE_IMAGE_UNITS of them
 * while the program may have GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS (GL 3.2
 * table 6.45: 16 a stage, 48 in all): so a stage reads program sampler i
 * at its rank among the samplers that stage uses (st_sampler_slot), as
 * uniform blocks are (st_nir_ubo_slots.c).  A uniform is used by a stage
 * as a whole, so its samplers stay consecutive and a deref still indexed
 * at run time (binding + element) keeps working: only the binding
 * changes.
 */
#include "state_tracker/st_nir.h"
#include "glsl_program.h"

int
st_sampler_slot(const struct glsl_program *p, gl_shader_stage stage,
                unsigned index)
{
   if (!p)
      return -1;
   unsigned slot = 0;
   for (unsigned i = 0; i < p->num_uniforms; i++) {
      const struct glsl_program_uniform *u = &p->uniforms[i];
      if (u->sampler_index < 0 || !(u->stages & (1u << stage)))
         continue;
      unsigned first = (unsigned)u->sampler_index;
      if (index >= first && index < first + u->array_size)
         return (int)(slot + index - first);
      slot += u->array_size;
   }
   return -1;
}

/* index renumbered for the stage, or unchanged if it has no slot there */
static unsigned
renumber(const struct glsl_program *p, gl_shader_stage stage, unsigned index)
{
   int slot = st_sampler_slot(p, stage, index);
   return slot < 0 ? index : (unsigned)slot;
}

bool
st_nir_sampler_slots(nir_shader *nir, const struct glsl_program *p)
{
   bool progress = false;
   gl_shader_stage stage = nir->info.stage;

   nir_foreach_variable_with_modes(var, nir, nir_var_uniform) {
      if (!nir_vtype_sampler_slots(var->type))
         continue;
      unsigned b = renumber(p, stage, var->data.binding);
      progress |= b != var->data.binding;
      var->data.binding = b;
   }
   nir_foreach_function_impl(impl, nir) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_tex)
               continue;
            nir_tex_instr *tex = nir_instr_as_tex(instr);
            unsigned t = renumber(p, stage, tex->texture_index);
            unsigned s = renumber(p, stage, tex->sampler_index);
            progress |= t != tex->texture_index || s != tex->sampler_index;
            tex->texture_index = t;
            tex->sampler_index = s;
         }
      }
   }
   return progress;
}
