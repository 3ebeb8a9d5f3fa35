/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ARB_vertex_type_2_10_10_10_rev's packed current values: the word
 * decoding shared by glVertexAttribP* (varray_packed.c) and the
 * compatibility profile's glTexCoordP*, glColorP*, ...
 * (varray_packed_compat.c).
 */
#ifndef MAIN_VARRAY_PACKED_H
#define MAIN_VARRAY_PACKED_H

#include <stdbool.h>

#include "main/gl_api.h"

struct gl_context;

/* The first n components of a packed word (x in bits 0-9, ..., w in
 * 30-31) as floats, missing ones (0, 0, 0, 1); false with the error
 * recorded for a bad type or an ES context. */
bool _mesa_unpack_packed_attrib(struct gl_context *ctx, GLenum type,
                                GLboolean normalized, GLuint value,
                                unsigned n, float v[4], const char *func);

#endif
