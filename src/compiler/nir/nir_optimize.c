/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The standard optimisation loop: promote variables, then run the cleanup
 * and simplification passes until none of them changes anything (capped,
 * so that a pair of passes undoing each other cannot hang the compiler).
 * Every pass goes through NIR_PASS and is validated in debug builds.
 * nir_lower_for_options() applies the lowerings the driver's
 * nir_shader_compiler_options ask for (indirectly indexed locals first, so
 * that the loop can promote what is left), in an order where each one's
 * output is what the next expects (booleans last: the other lowerings
 * produce 1-bit booleans).
 */
#include "nir_passes.h"

void
nir_optimize(nir_shader *shader)
{
   bool progress;
   unsigned rounds = 0;
   do {
      progress = false;
      NIR_PASS(progress, shader, nir_lower_vars_to_ssa);
      NIR_PASS(progress, shader, nir_copy_prop);
      NIR_PASS(progress, shader, nir_opt_remove_phis);
      NIR_PASS(progress, shader, nir_opt_dce);
      NIR_PASS(progress, shader, nir_opt_dead_cf);
      NIR_PASS(progress, shader, nir_opt_cse);
      NIR_PASS(progress, shader, nir_opt_peephole_select, 8);
      NIR_PASS(progress, shader, nir_opt_algebraic);
      NIR_PASS(progress, shader, nir_opt_constant_folding);
      NIR_PASS(progress, shader, nir_opt_loop_unroll);
   } while (progress && ++rounds < 100);
}

void
nir_lower_for_options(nir_shader *shader)
{
   const nir_shader_compiler_options *o = shader->options;
   if (!o)
      return;
   bool progress = false;
   NIR_PASS(progress, shader, nir_lower_indirect_locals);
   NIR_PASS(progress, shader, nir_opt_algebraic_lower);
   if (o->lower_sincos)
      NIR_PASS(progress, shader, nir_lower_sincos);
   if (o->lower_idiv)
      NIR_PASS(progress, shader, nir_lower_idiv);
   if (o->lower_to_scalar)
      NIR_PASS(progress, shader, nir_lower_alu_to_scalar);
   if (progress)
      nir_optimize(shader);
   if (o->lower_bool_to_bitsize == 16 || o->lower_bool_to_bitsize == 32) {
      NIR_PASS(progress, shader, nir_lower_bool_to_int,
               o->lower_bool_to_bitsize);
      nir_optimize(shader);
   }
}
