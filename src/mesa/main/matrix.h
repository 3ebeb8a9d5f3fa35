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

/* Column-major 4x4 arithmetic: dst = a * b (dst may alias a or b), and
 * out = m * in (out must not alias in). */
void _mesa_mat4_mul(GLfloat dst[16], const GLfloat a[16],
                    const GLfloat b[16]);
void _mesa_mat4_apply(const GLfloat m[16], const GLfloat in[4],
                      GLfloat out[4]);


#endif
