/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Transform feedback (transformfeedback.c). */
#ifndef MESA_TRANSFORMFEEDBACK_H
#define MESA_TRANSFORMFEEDBACK_H

#include "main/mtypes.h"

void _mesa_init_transform_feedback(struct gl_context *ctx);
void _mesa_free_transform_feedback(struct gl_context *ctx);
void _mesa_free_feedback_varyings(struct gl_program_object *prog);

/* Resolves the program's feedback varyings against a link into
 * exec->so; false (with *log set, under exec->mem) for an unknown one
 * (in ES, gl_NextBuffer and gl_SkipComponents* are unknown ones). */
bool _mesa_link_transform_feedback(struct gl_context *ctx,
                                   struct gl_program_object *prog,
                                   struct gl_program_exec *exec, char **log);

/* glDrawTransformFeedback*: the vertices object `name` (0: the default
 * one) captured for vertex stream `stream` between its last Begin and
 * End; false after the GL error (ARB_transform_feedback2/3). */
bool _mesa_transform_feedback_vertices(struct gl_context *ctx, GLuint name,
                                       GLuint stream, GLsizei *count,
                                       const char *func);

/* Is transform feedback active (paused or not)? */
bool _mesa_transform_feedback_busy(const struct gl_context *ctx);

static inline bool
_mesa_transform_feedback_capturing(const struct gl_context *ctx)
{
   return ctx->CurrentTF && ctx->CurrentTF->Active && !ctx->CurrentTF->Paused;
}

#endif
