/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Shader outputs through temporaries: every vector-typed output variable
 * gets a function-local twin that all accesses use, and the twin is copied
 * to the output once at the end of the entry point.  The stores then sit
 * in the last block, where the backend emits st_var / st_tile, even when
 * the source wrote outputs inside branches or loops (and read them back).
 * Mesa solves the same problem with nir_lower_io_to_temporaries.
 */

#include "nir_builder.h"
#include "nir_passes.h"
#include "agx_nir.h"

bool
agx_nir_lower_outputs_to_temporaries(nir_shader *nir)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   bool progress = false;

   nir_foreach_variable_with_modes(var, nir, nir_var_shader_out) {
      if (!nir_vtype_is_vector_or_scalar(var->type))
         continue;

      nir_variable *temp =
         nir_local_variable_create(impl, var->type, var->name);

      /* Point every deref of the output at the temporary. */
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_deref)
               continue;
            nir_deref_instr *d = nir_instr_as_deref(instr);
            if (d->deref_type == nir_deref_type_var && d->var == var) {
               d->var = temp;
               d->modes = nir_var_function_temp;
            } else if (d->deref_type != nir_deref_type_var &&
                       d->deref_type != nir_deref_type_cast) {
               nir_deref_instr *parent =
                  nir_instr_as_deref(d->parent.ssa->parent_instr);
               if (parent->modes == nir_var_function_temp &&
                   d->modes == nir_var_shader_out)
                  d->modes = nir_var_function_temp;
            }
         }
      }

      nir_builder b = nir_builder_at(nir_after_impl(impl));
      nir_store_var(&b, var, nir_load_var(&b, temp),
                    (1u << var->type->components) - 1);
      progress = true;
   }

   if (progress)
      nir_metadata_preserve(impl, nir_metadata_block_index |
                                     nir_metadata_dominance);
   return progress;
}

/*
 * sqrt(x) as 1 / rsqrt(x): the hardware has no square root (Mesa's AGX
 * backend computes it the same way, as rcp of rsqrt).  Done in NIR so that
 * the interpreter sees the same two roundings.
 */
bool
agx_nir_lower_sqrt(nir_shader *nir)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   bool progress = false;
   nir_builder b = nir_builder_create(impl);

   nir_foreach_block(block, impl) {
      nir_foreach_instr_safe(instr, block) {
         if (instr->type != nir_instr_type_alu)
            continue;
         nir_alu_instr *alu = nir_instr_as_alu(instr);
         if (alu->op != nir_op_fsqrt)
            continue;
         b.cursor = nir_before_instr(instr);
         b.exact = alu->exact;
         unsigned swiz[NIR_MAX_VEC_COMPONENTS];
         for (unsigned c = 0; c < alu->def.num_components; ++c)
            swiz[c] = alu->src[0].swizzle[c];
         nir_def *x = nir_swizzle(&b, alu->src[0].src.ssa, swiz,
                                  alu->def.num_components);
         nir_def *r = nir_frcp(&b, nir_frsq(&b, x));
         nir_def_rewrite_uses(&alu->def, r);
         nir_instr_remove(instr);
         progress = true;
      }
   }
   if (progress)
      nir_metadata_preserve(impl, nir_metadata_block_index |
                                     nir_metadata_dominance);
   return progress;
}
