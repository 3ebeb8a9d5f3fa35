/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Shader outputs through temporaries: every vector-typed output variable
 * gets a function-local twin that all accesses use, and the twin is copied
 * to the output at the end of the entry point and before each return.
 * The backend then sees one store per output per way out, even when the
 * source wrote outputs inside branches or loops (and read them back).
 * Mesa solves the same problem with nir_lower_io_to_temporaries.
 */

#include "nir_builder.h"
#include "nir_passes.h"
#include "agx_nir.h"

struct retarget {
   nir_variable *from, *to;
};

/* Point derefs of `from` (and the derefs built on them) at `to`. */
static bool
retarget_deref(nir_builder *b, nir_instr *instr, void *data)
{
   (void)b;
   const struct retarget *r = data;
   if (instr->type != nir_instr_type_deref)
      return false;
   nir_deref_instr *d = nir_instr_as_deref(instr);
   if (d->deref_type == nir_deref_type_var) {
      if (d->var != r->from)
         return false;
      d->var = r->to;
      d->modes = nir_var_function_temp;
      return true;
   }
   if (d->deref_type == nir_deref_type_cast)
      return false;
   nir_deref_instr *parent = nir_instr_as_deref(d->parent.ssa->parent_instr);
   if (parent->modes != nir_var_function_temp || d->modes != nir_var_shader_out)
      return false;
   d->modes = nir_var_function_temp;
   return true;
}

bool
agx_nir_lower_outputs_to_temporaries(nir_shader *nir)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   bool progress = false;

   nir_foreach_variable_with_modes(var, nir, nir_var_shader_out)
   {
      if (!nir_vtype_is_vector_or_scalar(var->type))
         continue;

      struct retarget r = {
         var, nir_local_variable_create(impl, var->type, var->name)};
      nir_function_instructions_pass(
         impl, retarget_deref,
         nir_metadata_block_index | nir_metadata_dominance, &r);

      nir_builder b = nir_builder_at(nir_after_impl(impl));
      unsigned mask = (1u << var->type->components) - 1;
      nir_store_var(&b, var, nir_load_var(&b, r.to), mask);

      /* an early return leaves with the outputs stored so far */
      nir_foreach_block(block, impl)
      {
         nir_instr *last = nir_block_last_instr(block);
         if (last && last->type == nir_instr_type_jump &&
             nir_instr_as_jump(last)->type == nir_jump_return) {
            b.cursor = nir_before_instr(last);
            nir_store_var(&b, var, nir_load_var(&b, r.to), mask);
         }
      }
      progress = true;
   }

   if (progress)
      nir_metadata_preserve(impl,
                            nir_metadata_block_index | nir_metadata_dominance);
   return progress;
}
