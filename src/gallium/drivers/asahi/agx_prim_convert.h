/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Primitives whose provoking vertex the hardware primitive does not give
 * as GL wants it, drawn as triangle lists instead (agx_prim_convert.c).
 */
#ifndef AGX_PRIM_CONVERT_H
#define AGX_PRIM_CONVERT_H

#include <stdbool.h>
#include <stdint.h>

struct agx_context;
struct pipe_draw_info;
struct pipe_draw_start_count_bias;

/* Whether a draw of mode (PIPE_PRIM_*) goes through triangle lists with
 * the flat-shading convention first (flatshade_first) or last. */
bool agx_prim_needs_convert(unsigned mode, bool first);

/* Triangles (3 vertex numbers each, the provoking one where the
 * hardware's flat-shading vertex 0 (first) or 2 (last) reads it) of one
 * run of n vertices v[] of mode; out has room for 3 * (n - 2) when n >= 3.
 * Returns the number of vertex numbers written. */
unsigned agx_prim_convert_run(unsigned mode, bool first, const uint32_t *v,
                              unsigned n, uint32_t *out);

/* Draws info/draw as triangle lists when agx_prim_needs_convert says so
 * (and no stream output is bound); false when it did not draw. */
bool agx_draw_converted(struct agx_context *ctx,
                        const struct pipe_draw_info *info,
                        const struct pipe_draw_start_count_bias *draw);

#endif
