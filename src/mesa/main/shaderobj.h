/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Shader and program objects: lifetime and the current program. */
#ifndef MESA_SHADEROBJ_H
#define MESA_SHADEROBJ_H

#include "main/mtypes.h"

/* Frees a shader or program object (at context-group teardown). */
void _mesa_free_shader_object(void *obj);

/* Makes prog (or nothing) the current program, with reference counting. */
void _mesa_use_program(struct gl_context *ctx, struct gl_program_object *prog);

/* Looks up a program by name, recording the spec's error when the name is
 * unused (GL_INVALID_VALUE) or a shader (GL_INVALID_OPERATION). */
struct gl_program_object *
_mesa_lookup_program_err(struct gl_context *ctx, GLuint name, const char *func);

/* The executable of the current program, or NULL. */
static inline struct gl_program_exec *
_mesa_current_exec(struct gl_context *ctx)
{
   return ctx->CurrentProgram ? ctx->CurrentProgram->exec : NULL;
}

#endif
