/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Vertex attribute arrays, current attribute values, vertex array
 * objects. */
#ifndef MESA_VARRAY_H
#define MESA_VARRAY_H

#include "main/mtypes.h"

void _mesa_init_varray(struct gl_context *ctx);
void _mesa_free_varray(struct gl_context *ctx);

/* Bytes of one element of an attribute of size components of type. */
unsigned _mesa_vertex_attrib_size_B(GLenum type, GLint size);

#endif
