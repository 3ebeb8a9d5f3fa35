/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A stream uploader: small pieces of data (client vertex arrays, indices,
 * uniforms) appended to a pipe buffer, a fresh one when it fills up.  A
 * region is written once and never reused, so writes need no
 * synchronisation with the GPU.
 */
#ifndef U_UPLOAD_MGR_H
#define U_UPLOAD_MGR_H

#include <stdbool.h>

struct pipe_context;
struct pipe_resource;

struct u_upload_mgr;

/* bind: PIPE_BIND_* of the buffers it makes. */
struct u_upload_mgr *u_upload_create(struct pipe_context *pipe,
                                     unsigned default_size_B, unsigned bind);
void u_upload_destroy(struct u_upload_mgr *upload);

/* Copies size bytes at an offset aligned to alignment (a power of two).
 * On success *out_offset and *out_buffer (a new reference the caller
 * releases) say where. */
bool u_upload_data(struct u_upload_mgr *upload, unsigned size,
                   unsigned alignment, const void *data, unsigned *out_offset,
                   struct pipe_resource **out_buffer);

/* The same at an offset of at least min_offset (the bytes before it are
 * left unused): for data that is read from min_offset bytes before its
 * start, as a vertex buffer of client elements from min_index on. */
bool u_upload_data_from(struct u_upload_mgr *upload, unsigned min_offset,
                        unsigned size, unsigned alignment, const void *data,
                        unsigned *out_offset,
                        struct pipe_resource **out_buffer);

#endif
