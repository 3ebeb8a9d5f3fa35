/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Inputs indexed at run time through temporaries: an input array or
 * matrix that some access indexes with a non-constant value (a varying
 * array read as v[i] in a fragment shader, a matrix attribute read as
 * m[i] in a vertex shader) is copied, vector by vector with constant
 * indices, into a function-local twin at the top of the entry point, and
 * every access goes to the twin.  nir_lower_indirect_locals then turns the
 * indexed accesses of the twin into constant-index ones, so the backend
 * only ever sees load_input with constant offsets (each varying vector has
 * its own coefficient registers, each attribute its own fetch: neither can
 * be addressed by a register value).
 *
 * interpolateAt*'s accesses (interp_deref_at, constant-indexed by
 * nir_lower_interp_derefs, which runs first) stay on the input.
 *
 * Inputs indexed only by constants are left alone: they keep their loads
 * where the source has them.
 */

#include "nir_builder.h"
#include "nir_passes.h"
#include "agx_nir.h"

static bool
indexed_at_run_time(nir_instr *instr, nir_variable *var)
{
   if (instr->type != nir_instr_type_deref)
      return false;
   nir_deref_instr *d = nir_instr_as_deref(instr);
   if (d->deref_type != nir_deref_type_array ||
       nir_def_instr(d->arr_index.ssa)->type == nir_instr_type_load_const)
      return false;
   for (nir_deref_instr *p = d; p; p = nir_deref_instr_parent(p)) {
      if (p->deref_type == nir_deref_type_var)
         return p->var == var;
      if (p->deref_type == nir_deref_type_cast)
         return false;
   }
   return false;
}

static bool
needs_twin(nir_function_impl *impl, nir_variable *var)
{
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         if (indexed_at_run_time(instr, var))
            return true;
      }
   }
   return false;
}

/* The deref feeds only interpolateAt*s (nir_lower_interp_derefs gave
 * them chains of their own): those stay on the input, which is where the
 * hardware interpolates. */
static bool
only_interpolated(nir_deref_instr *d)
{
   nir_foreach_use_including_if(use, &d->def) {
      if (nir_src_is_if(use))
         return false;
      nir_instr *user = nir_src_parent_instr(use);
      if (user->type == nir_instr_type_deref) {
         if (!only_interpolated(nir_instr_as_deref(user)))
            return false;
      } else if (user->type != nir_instr_type_intrinsic ||
                 nir_instr_as_intrinsic(user)->intrinsic !=
                    nir_intrinsic_interp_deref_at) {
         return false;
      }
   }
   return true;
}

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
      if (d->var != r->from || only_interpolated(d))
         return false;
      d->var = r->to;
      d->modes = nir_var_function_temp;
      return true;
   }
   if (d->deref_type == nir_deref_type_cast || d->modes != nir_var_shader_in)
      return false;
   nir_deref_instr *parent = nir_deref_instr_parent(d);
   if (!parent || parent->modes != nir_var_function_temp)
      return false;
   d->modes = nir_var_function_temp;
   return true;
}

bool
agx_nir_lower_indirect_inputs(nir_shader *nir)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   bool progress = false;

   nir_foreach_variable_with_modes(var, nir, nir_var_shader_in)
   {
      if (nir_vtype_is_vector_or_scalar(var->type) ||
          !agx_nir_type_is_copyable(var->type) || !needs_twin(impl, var))
         continue;

      struct retarget r = {
         var, nir_local_variable_create(impl, var->type, var->name)};
      nir_function_instructions_pass(
         impl, retarget_deref,
         nir_metadata_block_index | nir_metadata_dominance, &r);

      nir_builder b = nir_builder_at(nir_before_impl(impl));
      agx_nir_copy_by_vectors(&b, nir_build_deref_var(&b, r.to),
                              nir_build_deref_var(&b, var));
      progress = true;
   }

   if (progress)
      nir_metadata_preserve(impl,
                            nir_metadata_block_index | nir_metadata_dominance);
   return progress;
}
