/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Between the float and the integer halves of nir_lower_mediump. */
#ifndef NIR_LOWER_MEDIUMP_H
#define NIR_LOWER_MEDIUMP_H

#include "nir_builder.h"

/* A marked integer operation at 16 bits (nir_lower_mediump_int.c);
 * false when it stays as it is. */
bool nir_mediump_narrow_int(nir_builder *b, nir_alu_instr *alu);

/* i2i16 of a widened 16-bit value is that value; a select of two values
 * widened alike is made at 16 bits. */
bool nir_mediump_fold_int(nir_builder *b, nir_alu_instr *alu);

/* The 16-bit float x when d is f2f32(x), else NULL. */
nir_def *nir_mediump_widened_half(nir_def *d);

/* The 16-bit value x when d is i2i32(x) or u2u32(x) (is_uint: which),
 * else NULL. */
nir_def *nir_mediump_widened_int(nir_def *d, bool *is_uint);

/* A narrowed integer operation whose result is only widened and whose
 * operands are truncated 32-bit values, made at 32 bits on those. */
bool nir_mediump_widen_int(nir_builder *b, nir_alu_instr *alu);

/* Every use of narrow (all of them widenings: f2f32, i2i32, u2u32)
 * becomes a copy of wide, the same value computed at 32 bits. */
void nir_mediump_copy_widenings(nir_def *narrow, nir_def *wide);

/* The first n sources of alu become 16-bit conversions (f2f16 when
 * is_float, else i2i16) of the components they read, with identity
 * swizzles; the builder's cursor is left before alu. */
void nir_mediump_narrow_srcs(nir_builder *b, nir_alu_instr *alu, unsigned n,
                             bool is_float);

#endif
