/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Client-memory vertex arrays of a draw, uploaded once per interleaved
 * range (st_draw_client.c). */
#ifndef ST_DRAW_CLIENT_H
#define ST_DRAW_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "main/mtypes.h"
#include "pipe/p_state.h"

struct st_context;

/* Client arrays with one stride and divisor whose elements lie within
 * one stride of each other (interleaved): one upload, one vertex
 * buffer. */
struct st_client_span {
   const uint8_t *base; /* the lowest array pointer */
   size_t end_B;        /* from base to past the last array's element */
   size_t stride;
   unsigned divisor;
   unsigned vb; /* the vertex buffer it becomes */
};

/* The span of spans[0..*n) that client array a (of elem_B bytes an
 * element) joins, or a new one at *n feeding vertex buffer next_vb. */
unsigned st_client_span_add(struct st_client_span *spans, unsigned *n,
                            const struct gl_vertex_attrib *a, size_t elem_B,
                            unsigned next_vb);

/* Uploads the bytes of span s that a draw of vertices
 * min_index..max_index and instances baseinstance.. (baseinstance +
 * instances - 1) reads, into vb (whose resource it references).  False
 * if out of memory. */
bool st_client_span_upload(struct st_context *st,
                           const struct st_client_span *s, unsigned min_index,
                           unsigned max_index, unsigned instances,
                           unsigned baseinstance,
                           struct pipe_vertex_buffer *vb);

#endif
