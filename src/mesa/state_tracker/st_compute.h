/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Compute dispatches, storage buffers and memory barriers on the pipe
 * (st_compute.c). */
#ifndef ST_COMPUTE_H
#define ST_COMPUTE_H

#include "main/mtypes.h"

struct st_context;
struct pipe_resource;

/* Runs exec's compute shader over counts[3] work groups, or over the
 * counts read from indirect at offset (counts NULL). */
void st_dispatch_compute(struct st_context *st, struct gl_program_exec *exec,
                         const GLuint *counts, struct pipe_resource *indirect,
                         unsigned offset);

/* pipe->memory_barrier with PIPE_BARRIER_* flags. */
void st_memory_barrier(struct st_context *st, unsigned flags);

/* Binds the storage buffers the current program's vertex, geometry and
 * fragment shaders use (at every draw). */
void st_update_ssbos(struct st_context *st);

#endif
