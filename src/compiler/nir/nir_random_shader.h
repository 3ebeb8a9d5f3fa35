/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Random shader generator and differential-test harness.
 *
 * nir_random_shader() builds a vertex shader from a seed: ALU expression
 * trees over float, int and bool values, ifs, loops with bounded trip
 * counts (with break / continue under random conditions), local scalars,
 * vectors and arrays indexed by constants and by masked dynamic indices,
 * stores to outputs and, on request, derivatives (fragment shaders).  The same seed always gives the same shader.
 *
 * nir_random_diff() runs a pass over many such shaders and checks with the
 * interpreter that outputs are unchanged, bit for bit (floats compare NaN
 * with NaN regardless of payload).
 */
#ifndef NIR_RANDOM_SHADER_H
#define NIR_RANDOM_SHADER_H

#include "nir.h"
#include "nir_eval.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
   unsigned max_depth;        /* expression depth */
   unsigned num_statements;   /* top-level statements */
   bool exact;                /* mark every ALU op exact */
   bool allow_loops;
   bool allow_indirect;       /* dynamic local array indices */
   bool allow_lossy_ops;      /* fpow, fsin ... (lowering tests, agx-difftest --lossy) */
   /* bitfield extract/insert, half-float pack/unpack (off by default so
    * that the shaders of existing seeds stay the same) */
   bool allow_bitfield_ops;
   /* fddx/fddy of random float values, only where every invocation of a
    * quad runs (outside ifs and loops: GLSL 4.60 8.14.1 leaves derivatives
    * in non-uniform control flow undefined); for fragment shaders run in
    * quads (nir_eval_run_quad).  Off by default, like the bitfield ops. */
   bool allow_derivatives;
} nir_random_options;

void nir_random_default_options(nir_random_options *opts);

nir_shader *nir_random_shader(void *mem_ctx, uint64_t seed,
                              const nir_random_options *opts,
                              const nir_shader_compiler_options *copts);

/* Cells the random shaders use. */
#define NIR_RANDOM_INPUT_CELLS (4 * 4)
#define NIR_RANDOM_UNIFORM_CELLS (2 * 4)
#define NIR_RANDOM_OUTPUT_CELLS (5 * 4)
/* Output slots below this hold floats, the rest integers. */
#define NIR_RANDOM_FLOAT_OUTPUT_SLOTS 3

/* Fill inputs/uniforms for run `variant` of shader `seed`. */
void nir_random_inputs(uint64_t seed, unsigned variant, nir_const_value *in,
                       nir_const_value *uni);

typedef bool (*nir_random_pass_fn)(nir_shader *shader, void *data);

typedef struct {
   unsigned shaders;          /* shaders tried */
   unsigned runs;             /* interpreter comparisons */
   unsigned changed;          /* shaders the pass changed */
   unsigned skipped;          /* reference run failed (e.g. step limit) */
   uint64_t failed_seed;
   bool failed;
   double max_ulp;            /* with tolerance: largest difference seen */
} nir_random_report;

/* For seeds [first, first + count): build, optionally lower to SSA, run
 * `pass` on a second copy, compare.  `float_tolerance` 0 means bit-exact;
 * otherwise floats may differ by that relative amount.  Stops at the first
 * failure and prints both shaders to stderr. */
bool nir_random_diff(const char *name, nir_random_pass_fn pass, void *data,
                     uint64_t first, unsigned count, bool to_ssa_first,
                     const nir_random_options *opts,
                     const nir_shader_compiler_options *copts,
                     double float_tolerance, nir_random_report *report);

#ifdef __cplusplus
}
#endif

#endif
