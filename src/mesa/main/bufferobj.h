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

/* The indexed binding points of target (GL 4.6 section 6.1.1: uniform,
 * shader storage, atomic counter and transform feedback buffers) and
 * their number in *count; NULL (count 0) when target has none in this
 * context. */
struct gl_indexed_buffer_binding *
_mesa_indexed_bindings(struct gl_context *ctx, GLenum target, GLuint *count);

/* Can offset and size be a BindBufferRange range of target (positive
 * size, offset at or after 0 and aligned as the target asks)? */
bool _mesa_buffer_range_ok(const struct gl_context *ctx, GLenum target,
                           GLintptr offset, GLsizeiptr size);

/* Bind obj (or nothing) with a range (size 0: the whole buffer). */
void _mesa_set_indexed_buffer(struct gl_indexed_buffer_binding *b,
                              struct gl_buffer_object *obj, GLintptr offset,
                              GLsizeiptr size);

/* Ends obj's map, if any, and clears the map state (UnmapBuffer, and
 * respecifying a mapped buffer). */
void _mesa_buffer_unmap(struct gl_context *ctx, struct gl_buffer_object *obj);

/* GL_ARB_buffer_storage / GL_EXT_buffer_storage in this context
 * (bufferstorage.c). */
bool _mesa_has_buffer_storage(const struct gl_context *ctx);

/* Is obj mapped in a way that keeps the GL from using it (GL 4.4 section
 * 6.3.2: any map but a persistent one)? */
static inline bool
_mesa_buffer_map_blocks(const struct gl_buffer_object *obj)
{
   return obj->Mappointer && !(obj->MapAccess & GL_MAP_PERSISTENT_BIT);
}

#endif
