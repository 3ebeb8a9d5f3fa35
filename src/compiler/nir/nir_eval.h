/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * nir_eval: the reference interpreter.  Runs one invocation of a NIR shader
 * and reports what it wrote.  It is the oracle that passes (and later the
 * AGX backend and simulator) are checked against, so it favours being
 * obviously right over being fast: ALU values come from the same generated
 * evaluator constant folding uses, control flow is walked structurally.
 *
 * Memory model
 *  - Shader inputs, outputs and uniforms are arrays of "cells", four per
 *    vec4 slot: component c of slot s is cell s * 4 + c, whatever its bit
 *    size (a 64-bit vec4 uses cells s*4 .. s*4+3).  Variables of these
 *    modes live at their data.driver_location slot; arrays and structs
 *    take nir_vtype_count_slots() slots per element / field.  The lowered
 *    intrinsics load_input / store_output / load_uniform address the same
 *    cells with base + offset slots and the component index.
 *  - Function and shader temporaries get private cells, one per scalar.
 *  - UBOs, SSBOs, shared and scratch memory are byte arrays addressed by
 *    the explicit intrinsics (little endian); booleans are not stored.
 *    Out-of-bounds loads give 0, out-of-bounds stores are dropped.
 *    Scratch memory is the interpreter's own: shader->scratch_size bytes,
 *    zero at the start of every run (like a fresh invocation's stack).
 *    An access is in bounds when all of its bytes are.
 *  - Geometry shaders: `inputs` holds `num_vertices_in` blocks of
 *    `num_input_cells` cells, one per vertex of the input primitive.  The
 *    outermost index of an input variable (and the first source of
 *    load_per_vertex_input) picks the block; the rest addresses cells as
 *    above.  emit_vertex and end_primitive call `emit` with the output
 *    cells as they are (outputs keep their values after an emit).
 *  - System values come from `sysvals[gl_system_value][component]`.
 *  - Textures and images go through caller callbacks (in quads, with the
 *    coordinate derivatives of implicit-LOD lookups, see nir_eval_tex_cb).
 *  - Derivatives: nir_eval_run runs one invocation, where fddx/fddy give
 *    0.  nir_eval_run_quad runs the four lanes of a 2x2 fragment quad
 *    (see nir_eval_quad.c) so that they give the differences GL asks for.
 *
 * Errors (unsupported instruction, step limit, out-of-bounds variable
 * index) end the run with ok = false and a message; nothing aborts.
 */
#ifndef NIR_EVAL_H
#define NIR_EVAL_H

#include "nir.h"
#include "nir_eval_bound.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
   uint8_t *data;
   unsigned size_B;
} nir_eval_buffer;

/* srcs[i] is the value of tex->src[i]; srcs[tex->num_srcs] and
 * srcs[tex->num_srcs + 1] are the derivatives of the coordinate along x
 * and y for implicit-LOD lookups (tex, txb, lod) run in a quad
 * (nir_eval_run_quad), NULL otherwise. */
typedef bool (*nir_eval_tex_cb)(void *data, const nir_tex_instr *tex,
                                nir_const_value **srcs,
                                nir_const_value *result);

/* emit_vertex (end = false) or end_primitive (end = true) of `stream`;
 * `outputs` are the output cells at that point. */
typedef void (*nir_eval_emit_cb)(void *data, bool end, unsigned stream,
                                 const nir_const_value *outputs,
                                 unsigned num_output_cells);

/* The values one lane gave the sources of its fddx/fddy instructions, in
 * the order it ran them (one entry per dynamic instance). */
typedef struct nir_eval_tape {
   nir_const_value (*vals)[NIR_MAX_VEC_COMPONENTS];
   unsigned count, cap;
} nir_eval_tape;

typedef struct nir_eval_state {
   /* Inputs. */
   nir_const_value *inputs;      /* cells */
   unsigned num_input_cells;
   nir_const_value *uniforms;
   unsigned num_uniform_cells;
   nir_eval_buffer ubos[16];
   nir_eval_buffer ssbos[16];
   nir_eval_buffer shared;
   nir_const_value sysvals[SYSTEM_VALUE_MAX][4];
   nir_eval_tex_cb tex;
   void *tex_data;
   uint64_t max_steps;           /* 0: 10 million */
   /* Geometry shaders (see above). */
   unsigned num_vertices_in;
   nir_eval_emit_cb emit;
   void *emit_data;
   /* Quads (set by nir_eval_run_quad; NULL tape_out: one invocation).
    * Lane l is at x = l & 1, y = l >> 1 in the quad. */
   unsigned quad_lane;
   const nir_eval_tape *quad_in;   /* 4 tapes of the previous pass, or NULL */
   nir_eval_tape *tape_out;

   /* Outputs (cells, zero-filled by nir_eval_run before it starts). */
   nir_const_value *outputs;
   unsigned num_output_cells;

   /* Error bounds (nir_eval_bound.h), off when `bounds` is NULL.
    * output_bound (num_output_cells entries, zeroed at the start) gets
    * the bound of every output cell written; ssbo_bound[i], when set,
    * one bound per 4 bytes of ssbos[i] (kept across stores and loads of
    * 32-bit values; the caller zeroes it).  bound_lost: an inexact value
    * decided control flow, or was stored where no bound is kept, so no
    * output of the run is bounded. */
   const nir_eval_bounds *bounds;
   double *output_bound;
   double *ssbo_bound[16];
   bool bound_lost;

   /* Results. */
   bool ok;
   bool discarded;
   /* Some float ALU result was NaN, infinite or subnormal (tests of
    * inexact transformations only compare runs without these). */
   bool saw_special_float;
   /* Some float ALU result was exactly the smallest normal (backends that
    * flush subnormals before rounding may give zero there). */
   bool saw_min_normal;
   uint64_t steps;
   char error[256];
} nir_eval_state;

/* Run the entry point.  Returns st->ok. */
bool nir_eval_run(nir_shader *shader, nir_eval_state *st);

/* Run a fragment shader as a 2x2 quad: st[l] is lane l (x = l & 1,
 * y = l >> 1), each with its own inputs and outputs (the caller marks
 * helper lanes with SYSTEM_VALUE_HELPER_INVOCATION).  The shader is run
 * a few times until every fddx/fddy source agrees with the previous run
 * (so side effects such as SSBO stores happen more than once).  Returns
 * true when all four lanes ran without error. */
bool nir_eval_run_quad(nir_shader *shader, nir_eval_state st[4]);

/* Internal to nir_eval.c: records `src` (n components) on st->tape_out
 * and writes the fddx (!y) or fddy (y) result of this lane into dst. */
void nir_eval_quad_derivative(nir_eval_state *st, bool y,
                              const nir_const_value *src, unsigned n,
                              unsigned bit_size, nir_const_value *dst);

/* The common case: only input and output cells.  Resets *st, runs, and
 * returns st->ok (st keeps the error and flags). */
bool nir_eval_run_io(nir_shader *shader, nir_const_value *inputs,
                     unsigned num_input_cells, nir_const_value *outputs,
                     unsigned num_output_cells, nir_eval_state *st);

#ifdef __cplusplus
}
#endif

#endif
