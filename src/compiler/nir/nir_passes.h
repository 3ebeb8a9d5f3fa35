/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Every NIR pass, one file each (nir_opt_*.c, nir_lower_*.c).  A pass takes
 * the shader (plus options) and returns whether it changed anything; run it
 * through NIR_PASS so that it is validated (and printed on request).
 */
#ifndef NIR_PASSES_H
#define NIR_PASSES_H

#include "nir.h"

#ifdef __cplusplus
extern "C" {
#endif

bool nir_copy_prop(nir_shader *shader);
/* nir_def_rewrite_uses(), and when `value` is a copy (mov, vecN) each
 * rewritten use then sees through it as nir_copy_prop would: for passes
 * that replace a value by another which may be a copy (a trivial phi,
 * the phi after a constant if), which would otherwise leave the readers
 * to copy propagation in the next round of nir_optimize (since wave 17). */
void nir_def_rewrite_uses_past_copies(nir_def *def, nir_def *value);
bool nir_opt_dce(nir_shader *shader);
bool nir_opt_cse(nir_shader *shader);
bool nir_opt_constant_folding(nir_shader *shader);
/* Replaces one ALU instruction whose sources are all load_const by the
 * load_const of its value; returns that, or NULL (nothing changed). */
nir_def *nir_fold_alu_instr(nir_shader *shader, nir_alu_instr *alu);
/* The same, leaving the folded instruction in place (unused, for DCE):
 * for callers that hold its def outside the IR. */
nir_def *nir_fold_alu_instr_keep(nir_shader *shader, nir_alu_instr *alu);
/* The constants of a function's start block by value, gathered on first
 * use, for one pass run (it does not see constants added meanwhile and
 * skips removed ones): a value folded outside the start block that equals
 * one of them is that one, as CSE would make it in the next round, rather
 * than a new load_const (since wave 17).  Zero-initialise; _fini frees. */
typedef struct {
   nir_function_impl *impl;
   struct set *consts;
} nir_const_pool;
void nir_const_pool_fini(nir_const_pool *pool);
/* nir_fold_alu_instr() answering from `pool` when it can. */
nir_def *nir_fold_alu_instr_pooled(nir_shader *shader, nir_alu_instr *alu,
                                   nir_const_pool *pool);
bool nir_opt_algebraic(nir_shader *shader);
/* The option-driven lowerings (fdiv, fpow, flrp, fsat, fmod, ...), written
 * as algebraic rules conditioned on shader->options. */
bool nir_opt_algebraic_lower(nir_shader *shader);
bool nir_opt_dead_cf(nir_shader *shader);
/* A loop repeating an earlier one of its list (same instructions, same
 * values from outside) is removed, its values the earlier one's
 * (nir_opt_loop_cse.c) */
bool nir_opt_loop_cse(nir_shader *shader);
bool nir_opt_peephole_select(nir_shader *shader, unsigned limit);
/* fadd(fmul(a, b), c) -> ffma(a, b, c) where the fmul has no other use
 * and neither is exact (nir_opt_fuse_ffma.c); run nir_opt_dce after. */
bool nir_opt_fuse_ffma(nir_shader *shader);
bool nir_opt_remove_phis(nir_shader *shader);
bool nir_opt_loop_unroll(nir_shader *shader);

/* What nir_loop_analyze() knows about a loop. */
typedef struct {
   bool simple;               /* header, if-break terminator, no other exits */
   bool break_on_true;        /* the terminator breaks when its condition is */
   nir_block *header;
   nir_if *terminator;
   int trip_count;            /* iterations before the break; -1 unknown */
   unsigned num_instrs;
   /* what a trip costs once compiled: its ALU, intrinsic and texture
    * instructions, inner loops included (constants, phis, derefs and
    * jumps cost nothing) */
   unsigned cost;
} nir_loop_info;
/* Fills info; returns info->simple.  Trip counts above max_trips are
 * reported as unknown. */
bool nir_loop_analyze(nir_loop *loop, unsigned max_trips, nir_loop_info *info);
/* Adds the loops in a CF list to *loops and those of them inside another
 * loop to *nested. */
void nir_count_loops(struct list_head *cf_list, unsigned *loops,
                     unsigned *nested);

/* Promote function temporaries accessed with constant indices to SSA. */
bool nir_lower_vars_to_ssa(nir_shader *shader);
/* Replace indirectly indexed accesses to local arrays with if-ladders over
 * constant indices (so that nir_lower_vars_to_ssa can promote them). */
bool nir_lower_indirect_derefs(nir_shader *shader, nir_variable_mode modes,
                               unsigned max_length);
/* interpolateAt*'s interp_deref_at of inputs: indirect indices to
 * if-ladders, and a private deref chain for each. */
bool nir_lower_interp_derefs(nir_shader *shader);
/* Driver callback: size and alignment in bytes of a type in memory. */
typedef void (*nir_type_size_align_fn)(const nir_vtype *type, unsigned *size,
                                       unsigned *align);
/* Function temporaries accessed with non-constant indices and at least
 * min_size_B bytes large to load_scratch / store_scratch; grows
 * shader->scratch_size.  size_align NULL: natural packing. */
bool nir_lower_vars_to_scratch(nir_shader *shader, nir_variable_mode modes,
                               unsigned min_size_B,
                               nir_type_size_align_fn size_align);
/* Indirectly indexed locals as shader->options ask: arrays of at least
 * indirect_locals_scratch_min_bytes go to scratch (when that is non-zero),
 * the rest become if-ladders. */
bool nir_lower_indirect_locals(nir_shader *shader);

bool nir_lower_alu_to_scalar(nir_shader *shader);
/* 1-bit booleans to 0 / ~0 integers of bit_size (16 or 32). */
bool nir_lower_bool_to_int(nir_shader *shader, unsigned bit_size);
/* 32-bit integer division and modulo without a divider, as `options`
 * (NULL: long division) ask. */
bool nir_lower_idiv(nir_shader *shader, const nir_lower_idiv_options *options);
/* sin/cos to polynomial approximations (changes results slightly). */
bool nir_lower_sincos(nir_shader *shader);
/* Marked (nir_alu_instr::mediump) 32-bit float and integer operations at 16 bits,
 * with conversions at the boundaries (nir_lower_mediump.c). */
bool nir_lower_mediump(nir_shader *shader);
/* Whether nir_lower_mediump may compute the integer operation op at 16
 * bits (a backend must then take it with 16-bit sources). */
bool nir_mediump_int_op(nir_op op);
bool nir_lower_system_values(nir_shader *shader);

/* Driver callback: size of a type in I/O units (vec4 slots by default). */
typedef unsigned (*nir_type_size_fn)(const nir_vtype *type);
/* Assign driver_location to variables of `mode` in declaration order. */
void nir_assign_io_var_locations(nir_shader *shader, nir_variable_mode mode,
                                 unsigned *size, nir_type_size_fn type_size);
/* Shader in/out and uniform derefs to load_input / store_output /
 * load_uniform with base = driver_location and an offset source. */
bool nir_lower_io(nir_shader *shader, nir_variable_mode modes,
                  nir_type_size_fn type_size);

/* Repair after control-flow edits: recompute CFG edges and drop phi
 * sources from blocks that are no longer predecessors. */
void nir_repair_phis(nir_function_impl *impl);

/* The standard optimisation loop, run to a fixed point. */
void nir_optimize(nir_shader *shader);

/* What nir_optimize_with_stats() measured: per pass of the loop (in loop
 * order) its name, thread CPU time, how often it ran and how often it
 * made progress; pass_runs is the total number of pass runs.  log holds
 * the first NIR_OPTIMIZE_MAX_LOG pass runs in order (num_logged of them):
 * which pass, whether it made progress, its time and the live
 * instruction memory after it. */
#define NIR_OPTIMIZE_MAX_PASSES 16
#define NIR_OPTIMIZE_MAX_LOG 256
typedef struct {
   unsigned num_passes;
   unsigned pass_runs;
   struct {
      const char *name;
      double seconds;
      unsigned runs, progress;
   } passes[NIR_OPTIMIZE_MAX_PASSES];
   unsigned num_logged;
   struct {
      uint8_t pass;
      bool progress;
      float seconds;
      size_t live_B;
   } log[NIR_OPTIMIZE_MAX_LOG];
} nir_optimize_stats;
/* nir_optimize(), filling *stats (which may be NULL). */
void nir_optimize_with_stats(nir_shader *shader, nir_optimize_stats *stats);
/* The lowerings shader->options asks for, each followed by the loop. */
void nir_lower_for_options(nir_shader *shader);

#ifdef __cplusplus
}
#endif

#endif
