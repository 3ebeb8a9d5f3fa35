/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Compute shaders and shader storage buffers in the GL API (GL 4.3
 * chapter 19 / ARB_compute_shader, GL 4.3 7.8 and 6.1.1 /
 * ARB_shader_storage_buffer_object; compute.c): which contexts have them,
 * their bindings, limits and program queries. */
#ifndef MESA_COMPUTE_H
#define MESA_COMPUTE_H

#include <stdbool.h>

#include "main/mtypes.h"

struct glsl_program;

/* Desktop contexts whose driver has compute (PIPE_CAP_COMPUTE) or
 * storage buffers (PIPE_SHADER_CAP_MAX_SHADER_BUFFERS). */
bool _mesa_has_compute_shaders(const struct gl_context *ctx);
bool _mesa_has_ssbos(const struct gl_context *ctx);
/* ARB_shader_atomic_counters (desktop, with shader-buffer slots to spare
 * after the storage buffers'). */
bool _mesa_has_atomic_counters(const struct gl_context *ctx);

/* glBindBufferBase/Range(GL_ATOMIC_COUNTER_BUFFER, index), NULL when out
 * of range. */
struct gl_indexed_buffer_binding *
_mesa_abo_binding(struct gl_context *ctx, GLuint index);

/* glBindBufferBase/Range(GL_SHADER_STORAGE_BUFFER, index): the binding,
 * NULL when index is out of range (the caller raises the error). */
struct gl_indexed_buffer_binding *
_mesa_ssbo_binding(struct gl_context *ctx, GLuint index);

/* glGet of the compute and storage-buffer limits and bindings: false if
 * pname is none of them; *known false when the context lacks the
 * extension.  Up to 3 values. */
bool _mesa_get_compute_state(struct gl_context *ctx, GLenum pname,
                             GLint *values, unsigned *n, bool *known);

/* glGetIntegeri_v of MAX_COMPUTE_WORK_GROUP_COUNT/SIZE and
 * SHADER_STORAGE_BUFFER_BINDING/START/SIZE: false if pname is none of
 * them; else true with *ok telling whether *out was set (the error is
 * raised otherwise). */
bool _mesa_get_compute_indexed(struct gl_context *ctx, GLenum pname,
                               GLuint index, GLint64 *out, bool *ok,
                               const char *func);

/* glGetProgramiv(GL_COMPUTE_WORK_GROUP_SIZE, GL_ACTIVE_ATOMIC_COUNTER_
 * BUFFERS): false for other pnames. */
bool _mesa_compute_program_iv(struct gl_context *ctx,
                              const struct glsl_program *linked,
                              GLenum pname, GLint *params);

/* Initial storage-block bindings of a new executable; false when out of
 * memory. */
bool _mesa_init_ssbo_bindings(struct gl_program_exec *exec);

/* A buffer is being deleted: drop the bindings of this file to it. */
void _mesa_compute_unbind_buffer(struct gl_context *ctx,
                                 struct gl_buffer_object *obj);

#endif
