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

/* Writes the current matrices into the built-in matrix uniforms
 * (gl_ModelViewMatrix, ... see glsl_program.h) that exec's program
 * uses; true if a stored value changed. */
bool _mesa_update_matrix_uniforms(struct gl_context *ctx,
                                  struct gl_program_exec *exec);

/* The inverse of the current modelview matrix (identity if singular),
 * column-major. */
void _mesa_modelview_inverse(struct gl_context *ctx, GLfloat inv[16]);


#endif
