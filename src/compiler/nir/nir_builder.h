/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * nir_builder: a cursor plus one helper per opcode, so that passes and
 * tests write `nir_fadd(b, x, y)` and get a new SSA value inserted at the
 * cursor, with component count and bit size inferred from the sources.
 */
#ifndef NIR_BUILDER_H
#define NIR_BUILDER_H

#include "nir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct nir_builder {
   nir_cursor cursor;
   nir_shader *shader;
   nir_function_impl *impl;
   bool exact;                /* mark new ALU instructions exact */
   bool mediump;              /* mark new ALU instructions mediump */
   bool mediump_unsigned;     /* ... and their integers unsigned */
} nir_builder;

nir_builder nir_builder_at(nir_cursor cursor);
/* A builder at the end of impl. */
nir_builder nir_builder_create(nir_function_impl *impl);
/* A new shader with one entry point; the builder is at its end. */
nir_builder nir_builder_init_simple_shader(
   gl_shader_stage stage, const nir_shader_compiler_options *options,
   const char *name, void *mem_ctx);

/* Insert at the cursor and move the cursor after the instruction. */
void nir_builder_instr_insert(nir_builder *b, nir_instr *instr);

/* ALU with inferred shape; sources read with identity swizzles. */
nir_def *nir_build_alu(nir_builder *b, nir_op op, nir_def *s0, nir_def *s1,
                       nir_def *s2, nir_def *s3);
nir_def *nir_build_alu_src_arr(nir_builder *b, nir_op op, nir_def **srcs);
/* Finish an ALU instruction whose sources are set: infer its shape,
 * insert it and return its def. */
nir_def *nir_builder_alu_instr_finish_and_insert(nir_builder *b,
                                                 nir_alu_instr *alu);

static inline nir_def *
nir_build_alu1(nir_builder *b, nir_op op, nir_def *s0)
{
   return nir_build_alu(b, op, s0, NULL, NULL, NULL);
}
static inline nir_def *
nir_build_alu2(nir_builder *b, nir_op op, nir_def *s0, nir_def *s1)
{
   return nir_build_alu(b, op, s0, s1, NULL, NULL);
}
static inline nir_def *
nir_build_alu3(nir_builder *b, nir_op op, nir_def *s0, nir_def *s1,
               nir_def *s2)
{
   return nir_build_alu(b, op, s0, s1, s2, NULL);
}
static inline nir_def *
nir_build_alu4(nir_builder *b, nir_op op, nir_def *s0, nir_def *s1,
               nir_def *s2, nir_def *s3)
{
   return nir_build_alu(b, op, s0, s1, s2, s3);
}

#include "nir_builder_opcodes.h"

/* ---- constants ----------------------------------------------------------- */

nir_def *nir_build_imm(nir_builder *b, unsigned num_components,
                       unsigned bit_size, const nir_const_value *value);
nir_def *nir_imm_intN_t(nir_builder *b, uint64_t x, unsigned bit_size);
nir_def *nir_imm_floatN_t(nir_builder *b, double x, unsigned bit_size);
nir_def *nir_imm_zero(nir_builder *b, unsigned num_components,
                      unsigned bit_size);
nir_def *nir_imm_vec4(nir_builder *b, float x, float y, float z, float w);
nir_def *nir_imm_ivec4(nir_builder *b, int x, int y, int z, int w);

static inline nir_def *
nir_imm_int(nir_builder *b, int32_t x)
{
   return nir_imm_intN_t(b, (uint64_t)(int64_t)x, 32);
}
static inline nir_def *
nir_imm_int64(nir_builder *b, int64_t x)
{
   return nir_imm_intN_t(b, (uint64_t)x, 64);
}
static inline nir_def *
nir_imm_float(nir_builder *b, float x)
{
   return nir_imm_floatN_t(b, x, 32);
}
static inline nir_def *
nir_imm_bool(nir_builder *b, bool x)
{
   return nir_imm_intN_t(b, x, 1);
}
static inline nir_def *
nir_imm_true(nir_builder *b)
{
   return nir_imm_bool(b, true);
}
static inline nir_def *
nir_imm_false(nir_builder *b)
{
   return nir_imm_bool(b, false);
}

nir_def *nir_undef(nir_builder *b, unsigned num_components,
                   unsigned bit_size);

/* ---- swizzles and vectors ------------------------------------------------ */

nir_def *nir_swizzle(nir_builder *b, nir_def *src, const unsigned *swiz,
                     unsigned num_components);
nir_def *nir_channel(nir_builder *b, nir_def *def, unsigned c);
/* ALU source i as a value of its own: the source with its swizzle applied
 * (a mov when the swizzle is not the identity). */
nir_def *nir_ssa_for_alu_src(nir_builder *b, nir_alu_instr *alu, unsigned i);
nir_def *nir_channels(nir_builder *b, nir_def *def, unsigned mask);
nir_def *nir_vec(nir_builder *b, nir_def **comps, unsigned num_components);
/* Select a channel of def with a possibly non-constant index. */
nir_def *nir_vector_extract(nir_builder *b, nir_def *def, nir_def *c);
/* Convert to bit_size of the same base type (f2fN/i2iN/u2uN). */
nir_def *nir_type_convert(nir_builder *b, nir_def *src, nir_alu_type src_type,
                          nir_alu_type dest_type);
/* Booleans as integers / floats and back. */
nir_def *nir_b2iN(nir_builder *b, nir_def *src, unsigned bit_size);
nir_def *nir_b2fN(nir_builder *b, nir_def *src, unsigned bit_size);
/* Integer/float immediates with another def's bit size. */
nir_def *nir_imm_int_like(nir_builder *b, int64_t x, const nir_def *like);
nir_def *nir_imm_float_like(nir_builder *b, double x, const nir_def *like);

/* ---- control flow -------------------------------------------------------- */

nir_if *nir_push_if(nir_builder *b, nir_def *condition);
nir_if *nir_push_else(nir_builder *b, nir_if *nif);
void nir_pop_if(nir_builder *b, nir_if *nif);
/* A phi after the just-popped if: then_def on the then path. */
nir_def *nir_if_phi(nir_builder *b, nir_def *then_def, nir_def *else_def);
nir_loop *nir_push_loop(nir_builder *b);
void nir_pop_loop(nir_builder *b, nir_loop *loop);
void nir_jump(nir_builder *b, nir_jump_type type);
static inline void
nir_break_if(nir_builder *b, nir_def *cond)
{
   nir_if *nif = nir_push_if(b, cond);
   nir_jump(b, nir_jump_break);
   nir_pop_if(b, nif);
}

/* ---- variables and derefs ------------------------------------------------ */

nir_deref_instr *nir_build_deref_var(nir_builder *b, nir_variable *var);
nir_deref_instr *nir_build_deref_array(nir_builder *b,
                                       nir_deref_instr *parent,
                                       nir_def *index);
nir_deref_instr *nir_build_deref_array_imm(nir_builder *b,
                                           nir_deref_instr *parent,
                                           int64_t index);
nir_deref_instr *nir_build_deref_struct(nir_builder *b,
                                        nir_deref_instr *parent,
                                        unsigned field);
nir_deref_instr *nir_build_deref_cast(nir_builder *b, nir_def *parent,
                                      nir_variable_mode modes,
                                      const nir_vtype *type,
                                      unsigned stride);
nir_def *nir_load_deref(nir_builder *b, nir_deref_instr *deref);
void nir_store_deref(nir_builder *b, nir_deref_instr *deref, nir_def *value,
                     unsigned write_mask);
void nir_copy_deref(nir_builder *b, nir_deref_instr *dst,
                    nir_deref_instr *src);
nir_def *nir_load_var(nir_builder *b, nir_variable *var);
void nir_store_var(nir_builder *b, nir_variable *var, nir_def *value,
                   unsigned write_mask);

/* ---- intrinsics ---------------------------------------------------------- */

/* Generic: an intrinsic with the given sources (count from the table),
 * destination shape and indices (pairs of NIR_INTRINSIC_* flag, value,
 * terminated by NIR_INTRINSIC_NUM_INDEX_FLAGS). */
nir_intrinsic_instr *nir_build_intrinsic(nir_builder *b, nir_intrinsic_op op,
                                         unsigned num_components,
                                         unsigned bit_size, nir_def **srcs,
                                         ...);
nir_def *nir_load_system_value(nir_builder *b, nir_intrinsic_op op,
                               unsigned bit_size);

/* ---- instruction-wise passes --------------------------------------------- */

/* Callbacks of the pass helpers below: look at one instruction, change it
 * (or replace it) through the builder, and return whether anything
 * changed.  On entry b->cursor is just before the instruction and b->impl
 * is its function; b->exact is whatever the previous callback of the same
 * function left there (false at first).  A callback may remove its own
 * instruction and may add instructions anywhere; it must not remove
 * another instruction that comes later in the walk, and it must not change
 * control flow (write the loop by hand for that, as nir_lower_indirect_derefs
 * does).  Instructions it inserts directly after its own are not
 * visited. */
typedef bool (*nir_instr_pass_cb)(nir_builder *b, nir_instr *instr,
                                  void *data);
typedef bool (*nir_alu_pass_cb)(nir_builder *b, nir_alu_instr *alu,
                                void *data);
typedef bool (*nir_intrinsic_pass_cb)(nir_builder *b,
                                      nir_intrinsic_instr *intr, void *data);

/* Calls `cb` on every instruction of every function, in program order, and
 * returns whether any call reported a change.  Metadata is handled per
 * function: a function in which some call returned true keeps only
 * `preserved` (nir_metadata_preserve), the others keep all of theirs. */
bool nir_shader_instructions_pass(nir_shader *shader, nir_instr_pass_cb cb,
                                  nir_metadata preserved, void *data);
/* The same over ALU instructions only / intrinsics only. */
bool nir_shader_alu_pass(nir_shader *shader, nir_alu_pass_cb cb,
                         nir_metadata preserved, void *data);
bool nir_shader_intrinsics_pass(nir_shader *shader, nir_intrinsic_pass_cb cb,
                                nir_metadata preserved, void *data);
/* One function of the shader; the same metadata rule. */
bool nir_function_instructions_pass(nir_function_impl *impl,
                                    nir_instr_pass_cb cb,
                                    nir_metadata preserved, void *data);
bool nir_function_alu_pass(nir_function_impl *impl, nir_alu_pass_cb cb,
                           nir_metadata preserved, void *data);
bool nir_function_intrinsics_pass(nir_function_impl *impl,
                                  nir_intrinsic_pass_cb cb,
                                  nir_metadata preserved, void *data);

#ifdef __cplusplus
}
#endif

#endif
