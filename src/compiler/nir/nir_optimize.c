/*
 * The standard optimisation loop: promote variables, then run the cleanup
 * and simplification passes until none of them changes anything (capped,
 * so that a pair of passes undoing each other cannot hang the compiler).
 * Every pass goes through NIR_PASS and is validated in debug builds.
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
