/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Differential tests: for each pass, thousands of random shaders must give
 * the interpreter the same outputs before and after the pass (bit-exact).
 * The seed range is fixed; NIR_DIFF_COUNT overrides the number of shaders
 * per pass for longer runs (see docs/nir.rst).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nir.h"
#include "nir_passes.h"
#include "nir_random_shader.h"
#include "nir_search.h"

static const nir_shader_compiler_options opts = { 0 };

static unsigned
shader_count(void)
{
   const char *s = getenv("NIR_DIFF_COUNT");
   return s ? (unsigned)strtoul(s, NULL, 10) : 3000;
}

static uint64_t
first_seed(void)
{
   const char *s = getenv("NIR_DIFF_SEED");
   return s ? strtoull(s, NULL, 10) : 1;
}

static void
check_pass_n(const char *name, nir_random_pass_fn fn, void *data, bool ssa,
             unsigned count)
{
   nir_random_options ro;
   nir_random_default_options(&ro);
   nir_random_report rep;
   bool ok = nir_random_diff(name, fn, data, first_seed(), count, ssa, &ro,
                             &opts, 0.0, &rep);
   print_message("%s: %u shaders (%u changed), %u runs, %u skipped\n", name,
                 rep.shaders, rep.changed, rep.runs, rep.skipped);
   if (!ok)
      fail_msg("%s changed the results of seed %llu", name,
               (unsigned long long)rep.failed_seed);
   /* The pass must actually have done something on this corpus. */
   assert_true(rep.changed > 0);
   assert_true(rep.runs > rep.shaders);
}

static void
check_pass(const char *name, nir_random_pass_fn fn, void *data, bool ssa)
{
   check_pass_n(name, fn, data, ssa, shader_count());
}

#define WRAP(fn)                                                               \
   static bool wrap_##fn(nir_shader *s, void *d)                               \
   {                                                                           \
      (void)d;                                                                 \
      return fn(s);                                                            \
   }

WRAP(nir_lower_vars_to_ssa)
WRAP(nir_copy_prop)
WRAP(nir_opt_dce)
WRAP(nir_opt_cse)
WRAP(nir_opt_constant_folding)
WRAP(nir_opt_remove_phis)
WRAP(nir_opt_dead_cf)
WRAP(nir_opt_algebraic)
WRAP(nir_lower_alu_to_scalar)

static bool
idiv_long(nir_shader *s, void *d)
{
   (void)d;
   return nir_lower_idiv(s, NULL);
}

static bool
idiv_rcp(nir_shader *s, void *d)
{
   (void)d;
   static const nir_lower_idiv_options o = { .reciprocal = true,
                                             .inexact_rcp = true };
   return nir_lower_idiv(s, &o);
}

/* Shaders in which unrolling removed some loop nesting. */
static unsigned nests_unrolled;

static bool
unroll(nir_shader *s, void *d)
{
   (void)d;
   /* Loop conditions become constant after folding and copy-prop. */
   bool p = false, again;
   do {
      again = nir_copy_prop(s);
      again |= nir_opt_constant_folding(s);
      again |= nir_opt_dce(s);
      p |= again;
   } while (again);
   nir_validate_shader(s, "before unrolling");
   nir_function_impl *impl = nir_shader_get_entrypoint(s);
   unsigned loops0 = 0, nested0 = 0, loops1 = 0, nested1 = 0;
   nir_count_loops(&impl->body, &loops0, &nested0);
   /* Unrolling an outer loop can make its inner loops' trip counts
    * constant: run the pair to a fixed point as nir_optimize would. */
   bool u = false;
   while (nir_opt_loop_unroll(s)) {
      u = true;
      do {
         again = nir_copy_prop(s);
         again |= nir_opt_constant_folding(s);
         again |= nir_opt_dce(s);
      } while (again);
   }
   nir_count_loops(&impl->body, &loops1, &nested1);
   if (nested1 < nested0)
      nests_unrolled++;
   return u | p;
}

static bool
indirect(nir_shader *s, void *d)
{
   (void)d;
   bool p = nir_lower_indirect_derefs(s, nir_var_function_temp, 16);
   nir_validate_shader(s, "after nir_lower_indirect_derefs");
   nir_lower_vars_to_ssa(s);
   /* Every local must be promoted now. */
   nir_function_impl *impl = nir_shader_get_entrypoint(s);
   if (!list_is_empty(&impl->locals))
      fail_msg("locals left after lowering indirect derefs");
   return p;
}

static bool
scratch(nir_shader *s, void *d)
{
   (void)d;
   bool p = nir_lower_vars_to_scratch(s, nir_var_function_temp, 1, NULL);
   nir_validate_shader(s, "after nir_lower_vars_to_scratch");
   /* What is left has constant indices only: promote it, then optimise
    * around the scratch accesses. */
   nir_lower_vars_to_ssa(s);
   nir_function_impl *impl = nir_shader_get_entrypoint(s);
   if (!list_is_empty(&impl->locals))
      fail_msg("locals left after lowering to scratch");
   if (p && !s->scratch_size)
      fail_msg("lowered to scratch without a scratch size");
   nir_optimize(s);
   return p;
}

static bool
clone(nir_shader *s, void *d)
{
   (void)d;
   /* Replace the shader's contents by those of its clone, so that the
    * harness runs the copy. */
   nir_shader *c = nir_shader_clone(ralloc_parent(s), s);
   list_replace(&c->variables, &s->variables);
   list_replace(&c->functions, &s->functions);
   nir_foreach_function(f, s)
      f->shader = s;
   ralloc_steal(s, c);
   return true;
}

/* Compaction numbers the live defs 0, 1, ... in program order, and
 * ssa_alloc is their count (arrays sized by it stay dense). */
static void
check_defs_renumbered(nir_shader *s)
{
   nir_foreach_function_impl(impl, s) {
      unsigned n = 0;
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            nir_def *def = nir_instr_def(instr);
            if (def && def->index != n)
               fail_msg("def %%%u where %%%u was due", def->index, n);
            n += def != NULL;
         }
      }
      if (impl->ssa_alloc != n)
         fail_msg("ssa_alloc %u after compaction, %u live defs",
                  impl->ssa_alloc, n);
   }
}

/* The loop's passes, each followed by a forced compaction of the
 * instruction memory: the moved shader must compute the same and stay
 * valid and editable for the next pass (nir_optimize only compacts large
 * shaders, which the corpus does not have). */
static bool
compact(nir_shader *s, void *d)
{
   (void)d;
   static bool (*const passes[])(nir_shader *) = {
      nir_lower_vars_to_ssa, nir_copy_prop,     nir_opt_remove_phis,
      nir_opt_dce,           nir_opt_dead_cf,   nir_opt_cse,
      nir_opt_algebraic,     nir_opt_constant_folding,
      nir_opt_loop_unroll,   nir_opt_dce,
   };
   bool p = false;
   for (unsigned i = 0; i < sizeof(passes) / sizeof(passes[0]); i++) {
      p |= passes[i](s);
      size_t live = s->instr_mem_used_B - s->instr_mem_removed_B;
      nir_shader_compact_instrs(s);
      nir_validate_shader(s, "after nir_shader_compact_instrs");
      check_defs_renumbered(s);
      /* Removed instructions no longer take memory. */
      if (s->instr_mem_used_B > live || s->instr_mem_removed_B)
         fail_msg("compaction kept %zu bytes of %zu live",
                  s->instr_mem_used_B, live);
   }
   return p;
}

static bool
bool32(nir_shader *s, void *d)
{
   (void)d;
   return nir_lower_bool_to_int(s, 32);
}

static bool
bool16(nir_shader *s, void *d)
{
   (void)d;
   return nir_lower_bool_to_int(s, 16);
}

static bool
lower_exact_options(nir_shader *s, void *d)
{
   (void)d;
   /* Lowerings that are exact by the opcode definitions. */
   static const nir_shader_compiler_options o = {
      .lower_fsub = true, .lower_isub = true, .lower_ineg = true,
      .lower_flrp32 = true, .lower_fsat = true, .lower_fmod = true,
      .lower_ffract = true, .lower_fsign = true, .lower_scmp = true,
      .lower_uadd_carry = true, .lower_usub_borrow = true,
   };
   const nir_shader_compiler_options *old = s->options;
   s->options = &o;
   bool p = nir_opt_algebraic_lower(s);
   s->options = old;
   return p;
}

static bool
lower_io(nir_shader *s, void *d)
{
   (void)d;
   return nir_lower_io(s, nir_var_shader_in | nir_var_shader_out |
                             nir_var_uniform, NULL);
}

static bool
optimize(nir_shader *s, void *d)
{
   (void)d;
   nir_optimize(s);
   return true;
}

static bool
everything(nir_shader *s, void *d)
{
   (void)d;
   /* A driver asking for every lowering that keeps results exact. */
   static const nir_shader_compiler_options o = {
      .lower_fsub = true, .lower_isub = true, .lower_fsat = true,
      .lower_fmod = true, .lower_ffract = true, .lower_fsign = true,
      .lower_scmp = true, .lower_flrp32 = true, .lower_idiv = true,
      .lower_to_scalar = true, .lower_bool_to_bitsize = 32,
   };
   s->options = &o;
   nir_lower_io(s, nir_var_shader_in | nir_var_shader_out | nir_var_uniform,
                NULL);
   nir_optimize(s);
   nir_lower_for_options(s);
   return true;
}

static bool
fold_then_dead_cf(nir_shader *s, void *d)
{
   (void)d;
   /* Constant conditions only appear after folding. */
   bool p = nir_opt_constant_folding(s);
   nir_validate_shader(s, "after constant folding");
   return nir_opt_dead_cf(s) | p;
}

static bool
peephole(nir_shader *s, void *d)
{
   (void)d;
   return nir_opt_peephole_select(s, 8);
}

static void
test_vars_to_ssa(void **state)
{
   (void)state;
   check_pass("nir_lower_vars_to_ssa", wrap_nir_lower_vars_to_ssa, NULL,
              false);
}

static void
test_copy_prop(void **state)
{
   (void)state;
   check_pass("nir_copy_prop", wrap_nir_copy_prop, NULL, true);
}

static void
test_dce(void **state)
{
   (void)state;
   check_pass("nir_opt_dce", wrap_nir_opt_dce, NULL, true);
}

static void
test_cse(void **state)
{
   (void)state;
   check_pass("nir_opt_cse", wrap_nir_opt_cse, NULL, true);
}

static void
test_constant_folding(void **state)
{
   (void)state;
   check_pass("nir_opt_constant_folding", wrap_nir_opt_constant_folding, NULL,
              true);
}

static void
test_remove_phis(void **state)
{
   (void)state;
   check_pass("nir_opt_remove_phis", wrap_nir_opt_remove_phis, NULL, true);
}

static void
test_dead_cf(void **state)
{
   (void)state;
   check_pass("nir_opt_dead_cf", wrap_nir_opt_dead_cf, NULL, true);
   check_pass("fold + nir_opt_dead_cf", fold_then_dead_cf, NULL, true);
}

static void
test_peephole_select(void **state)
{
   (void)state;
   check_pass("nir_opt_peephole_select", peephole, NULL, true);
}

static void
test_algebraic(void **state)
{
   (void)state;
   check_pass("nir_opt_algebraic", wrap_nir_opt_algebraic, NULL, true);
}

static void
test_scalarise(void **state)
{
   (void)state;
   check_pass("nir_lower_alu_to_scalar", wrap_nir_lower_alu_to_scalar, NULL,
              true);
}

static void
test_bool_to_int(void **state)
{
   (void)state;
   check_pass("nir_lower_bool_to_int(32)", bool32, NULL, true);
   check_pass("nir_lower_bool_to_int(16)", bool16, NULL, true);
}

static void
test_idiv(void **state)
{
   (void)state;
   check_pass("nir_lower_idiv", idiv_long, NULL, true);
   check_pass("nir_lower_idiv(reciprocal)", idiv_rcp, NULL, true);
}

static void
test_lower_options(void **state)
{
   (void)state;
   check_pass("nir_opt_algebraic_lower", lower_exact_options, NULL, true);
}

static void
test_lower_io(void **state)
{
   (void)state;
   check_pass("nir_lower_io", lower_io, NULL, true);
}

static void
test_optimize(void **state)
{
   (void)state;
   /* The whole loop is slower per shader: half the count each. */
   check_pass_n("nir_optimize", optimize, NULL, false, shader_count() / 2);
   check_pass_n("lower + optimize pipeline", everything, NULL, false,
                shader_count() / 2);
}

static void
test_loop_unroll(void **state)
{
   (void)state;
   nests_unrolled = 0;
   check_pass("nir_opt_loop_unroll", unroll, NULL, true);
   print_message("loop nests unrolled in %u shaders\n", nests_unrolled);
   assert_true(nests_unrolled > 0);
}

static void
test_indirect_derefs(void **state)
{
   (void)state;
   check_pass("nir_lower_indirect_derefs", indirect, NULL, false);
}

static void
test_vars_to_scratch(void **state)
{
   (void)state;
   check_pass("nir_lower_vars_to_scratch", scratch, NULL, false);
}

static void
test_compact(void **state)
{
   (void)state;
   check_pass("nir_shader_compact_instrs", compact, NULL, false);
}

static void
test_clone(void **state)
{
   (void)state;
   check_pass("nir_shader_clone", clone, NULL, true);
   check_pass("nir_shader_clone (variables)", clone, NULL, false);
}

int
main(int argc, char **argv)
{
   /* meson runs one process per pass: argv[1] is a cmocka name filter. */
   if (argc > 1)
      cmocka_set_test_filter(argv[1]);
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vars_to_ssa),
      cmocka_unit_test(test_copy_prop),
      cmocka_unit_test(test_dce),
      cmocka_unit_test(test_cse),
      cmocka_unit_test(test_constant_folding),
      cmocka_unit_test(test_remove_phis),
      cmocka_unit_test(test_dead_cf),
      cmocka_unit_test(test_peephole_select),
      cmocka_unit_test(test_algebraic),
      cmocka_unit_test(test_scalarise),
      cmocka_unit_test(test_bool_to_int),
      cmocka_unit_test(test_idiv),
      cmocka_unit_test(test_lower_options),
      cmocka_unit_test(test_lower_io),
      cmocka_unit_test(test_optimize),
      cmocka_unit_test(test_loop_unroll),
      cmocka_unit_test(test_clone),
      cmocka_unit_test(test_compact),
      cmocka_unit_test(test_indirect_derefs),
      cmocka_unit_test(test_vars_to_scratch),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
