/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The software vertex path of the selection and feedback render modes
 * (GL 2.1 sections 5.2-5.3): a draw's vertices are read from its arrays
 * (array_read.h), transformed to clip coordinates by the modelview and
 * projection matrices, split into the primitives of its mode (section
 * 2.6.1) and clipped to the view volume (section 2.17); what is left of
 * each primitive goes to a sink.
 */
#ifndef MAIN_SW_PRIMS_H
#define MAIN_SW_PRIMS_H

#include <stdbool.h>

#include "main/mtypes.h"

/* A vertex: clip coordinates, the colour and texture unit 0's
 * coordinates (through its texture matrix), all interpolated by the
 * clipper. */
struct sw_vertex {
   GLfloat pos[4];
   GLfloat color[4];
   GLfloat tex[4];
};

struct sw_prim_sink {
   void *data;
   /* A point inside the view volume. */
   void (*point)(struct gl_context *ctx, void *data,
                 const struct sw_vertex *v);
   /* A clipped segment; reset: the first of an independent line or of a
    * strip or loop (where line stipple restarts). */
   void (*line)(struct gl_context *ctx, void *data,
                const struct sw_vertex *v, bool reset);
   /* A clipped polygon of n > 0 vertices, in the order given. */
   void (*polygon)(struct gl_context *ctx, void *data,
                   const struct sw_vertex *v, unsigned n);
};

/* The primitives of a draw (as st_draw_gl gets it) into sink. */
void _mesa_sw_draw(struct gl_context *ctx, GLenum mode, GLint first,
                   GLsizei count, GLenum index_type, const void *indices,
                   GLint basevertex, const struct sw_prim_sink *sink);

/* Window coordinates of clip coordinates pos (section 2.11.1): x, y, z
 * and 1 / w_c.  False when w_c is not positive. */
bool _mesa_sw_window(const struct gl_context *ctx, const GLfloat pos[4],
                     GLfloat win[4]);

#endif
