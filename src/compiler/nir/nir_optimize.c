/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The standard optimisation loop: promote variables, then run the cleanup
 * and simplification passes in turn until each of them, run on the shader
 * as it stands, changes nothing (capped, so that a pair of passes undoing
 * each other cannot hang the compiler).
 * Every pass goes through NIR_PASS and is validated in debug builds.
 * nir_lower_for_options() applies the lowerings the driver's
 * nir_shader_compiler_options ask for (indirectly indexed locals first, so
 * that the loop can promote what is left), in an order where each one's
 * output is what the next expects (booleans last: the other lowerings
 * produce 1-bit booleans).
 */
#include "nir_passes.h"

#include <string.h>
#include <time.h>

static bool
peephole_select_8(nir_shader *shader)
{
   return nir_opt_peephole_select(shader, 8);
}

/* The loop, in order; every entry goes through nir_pass_done() as
 * NIR_PASS would. */
static const struct {
   const char *name;
   bool (*run)(nir_shader *shader);
} loop_passes[] = {
   { "nir_lower_vars_to_ssa", nir_lower_vars_to_ssa },
   { "nir_copy_prop", nir_copy_prop },
   { "nir_opt_remove_phis", nir_opt_remove_phis },
   { "nir_opt_dce", nir_opt_dce },
   { "nir_opt_dead_cf", nir_opt_dead_cf },
   { "nir_opt_cse", nir_opt_cse },
   { "nir_opt_peephole_select", peephole_select_8 },
   { "nir_opt_algebraic", nir_opt_algebraic },
   { "nir_opt_constant_folding", nir_opt_constant_folding },
   { "nir_opt_loop_unroll", nir_opt_loop_unroll },
};
#define NUM_LOOP_PASSES (sizeof(loop_passes) / sizeof(loop_passes[0]))
#define MAX_ROUNDS 100

static double
cpu_seconds(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void
nir_optimize_with_stats(nir_shader *shader, nir_optimize_stats *stats)
{
   static_assert(NUM_LOOP_PASSES <= NIR_OPTIMIZE_MAX_PASSES,
                 "nir_optimize_stats too small");
   if (stats) {
      memset(stats, 0, sizeof(*stats));
      stats->num_passes = NUM_LOOP_PASSES;
      for (unsigned i = 0; i < NUM_LOOP_PASSES; i++)
         stats->passes[i].name = loop_passes[i].name;
   }
   /* A fixed point is reached once every pass has run, in turn, on the
    * shader as it is without changing it: stop right there, mid-round if
    * need be, instead of finishing the round or starting another. */
   unsigned quiet = 0, runs = 0;
   for (unsigned i = 0; quiet < NUM_LOOP_PASSES;
        i = (i + 1) % NUM_LOOP_PASSES) {
      if (runs++ == MAX_ROUNDS * NUM_LOOP_PASSES)
         break; /* two passes undoing each other must not hang us */
      double t0 = stats ? cpu_seconds() : 0;
      bool progress = loop_passes[i].run(shader);
      if (stats) {
         double dt = cpu_seconds() - t0;
         stats->passes[i].seconds += dt;
         stats->passes[i].runs++;
         stats->passes[i].progress += progress;
         if (stats->num_logged < NIR_OPTIMIZE_MAX_LOG) {
            unsigned l = stats->num_logged++;
            stats->log[l].pass = (uint8_t)i;
            stats->log[l].progress = progress;
            stats->log[l].seconds = (float)dt;
            stats->log[l].live_B =
               shader->instr_mem_used_B - shader->instr_mem_removed_B;
         }
      }
      nir_pass_done(shader, loop_passes[i].name, progress);
      quiet = progress ? 0 : quiet + 1;
      /* Passes leave removed instructions behind; once they are half of
       * the instruction memory, lay the shader out afresh. */
      if (progress)
         nir_shader_compact_instrs_if_sparse(shader);
   }
   if (stats)
      stats->pass_runs = runs;
}

void
nir_optimize(nir_shader *shader)
{
   nir_optimize_with_stats(shader, NULL);
}

void
nir_lower_for_options(nir_shader *shader)
{
   const nir_shader_compiler_options *o = shader->options;
   if (!o)
      return;
   bool progress = false;
   NIR_PASS(progress, shader, nir_lower_indirect_locals);
   /* A lowering may emit an opcode another one lowers (fmod becomes a
    * division, lowered by lower_fdiv): again until nothing changes,
    * a few times at most. */
   for (unsigned i = 0; i < 4; i++) {
      bool lowered = false;
      NIR_PASS(lowered, shader, nir_opt_algebraic_lower);
      progress |= lowered;
      if (!lowered)
         break;
   }
   if (o->lower_sincos)
      NIR_PASS(progress, shader, nir_lower_sincos);
   if (o->lower_idiv)
      NIR_PASS(progress, shader, nir_lower_idiv, &o->idiv);
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
