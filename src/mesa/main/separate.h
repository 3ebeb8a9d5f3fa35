/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Separable programs and program pipelines (separate.c, pipeline.c). */
#ifndef MESA_SEPARATE_H
#define MESA_SEPARATE_H

#include "main/mtypes.h"

/* GL_ARB_separate_shader_objects (desktop GL) or ES 3.1. */
bool _mesa_has_separate_shader_objects(const struct gl_context *ctx);

/* glProgramUniform*: points the glUniform* setters at the program named
 * `program` until _mesa_program_uniform_end; NULL after the GL error. */
struct gl_program_object *
_mesa_program_uniform_begin(struct gl_context *ctx, GLuint program,
                            const char *func);
void _mesa_program_uniform_end(struct gl_context *ctx);

/* Context setup and teardown of the pipeline objects. */
void _mesa_init_pipelines(struct gl_context *ctx);
void _mesa_free_pipelines(struct gl_context *ctx);

/* GL 4.6 11.1.3.11: false (after INVALID_OPERATION) when draws use a
 * bound pipeline that is not valid. */
bool _mesa_pipeline_draw_allows(struct gl_context *ctx, const char *func);

#endif
