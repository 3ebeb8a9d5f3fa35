/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The compatibility profile's matrix stacks and the built-in matrix
 * uniforms they feed (matrix.c). */
#ifndef MAIN_MATRIX_H
#define MAIN_MATRIX_H

#include <stdbool.h>

#include "main/mtypes.h"

void _mesa_init_matrix(struct gl_context *ctx);

/* Writes the current state into the built-in state uniforms that exec's
 * program uses: gl_DepthRange (every API), and in compatibility contexts
 * the matrices (gl_ModelViewMatrix and its inverse/transpose forms,
 * gl_NormalMatrix ...) and gl_NormalScale; true if a stored value
 * changed. */
bool _mesa_update_state_uniforms(struct gl_context *ctx,
                                  struct gl_program_exec *exec);

/* The inverse of the current modelview matrix (identity if singular),
 * column-major. */
void _mesa_modelview_inverse(struct gl_context *ctx, GLfloat inv[16]);


#endif
