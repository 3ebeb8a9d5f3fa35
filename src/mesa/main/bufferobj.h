/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Buffer objects: names, bindings, storage in pipe buffers. */
#ifndef MESA_BUFFEROBJ_H
#define MESA_BUFFEROBJ_H

#include "main/mtypes.h"

void _mesa_reference_buffer_object(struct gl_buffer_object **dst,
                                   struct gl_buffer_object *src);

/* The binding point of target, or NULL when target is not a buffer
 * target of this context's API. */
struct gl_buffer_object **_mesa_buffer_binding(struct gl_context *ctx,
                                               GLenum target);

/* A new buffer object of the name (generated, or not in contexts that
 * allow that), entered in the share group's names; NULL (with
 * GL_OUT_OF_MEMORY raised) when out of memory. */
struct gl_buffer_object *_mesa_new_buffer_object(struct gl_context *ctx,
                                                 GLuint name);

#endif
