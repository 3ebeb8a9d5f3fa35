/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Reading the vertex arrays of a draw on the CPU: the attribute values of
 * vertex v as floats, from client memory or from a copy of the buffer
 * object's data, and the vertex numbers of a draw's elements.  Used where
 * the GL needs the vertices themselves rather than a draw: display lists
 * (which dereference the arrays at compile time, GL 2.1 section 5.4),
 * glArrayElement, and the selection and feedback render modes (section
 * 5.2-5.3).
 */
#ifndef MAIN_ARRAY_READ_H
#define MAIN_ARRAY_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "main/mtypes.h"

struct gl_array_reader {
   struct gl_context *ctx;
   uint32_t enabled; /* bit per VERT_ATTRIB_*: an array is read */
   const GLubyte *base[VERT_ATTRIB_CLIENT_COUNT];
   /* readable bytes, SIZE_MAX: any */
   size_t size_B[VERT_ATTRIB_CLIENT_COUNT];
   GLubyte *copy[VERT_ATTRIB_CLIENT_COUNT]; /* owned copies of buffer data */
   /* The draw: glDrawArrays' first, or indices of index_type. */
   GLint first, basevertex;
   GLsizei count;
   GLenum index_type; /* 0: no indices */
   const void *indices;
   GLubyte *index_copy;
};

/* Prepares reading the enabled arrays among want (bits of VERT_ATTRIB_*)
 * of the bound vertex array object for a draw of count elements (indices
 * of index_type, or from first when index_type is 0).  False when the
 * data cannot be read (out of memory, indices beyond their buffer);
 * _mesa_array_reader_fini must be called either way. */
bool _mesa_array_reader_init(struct gl_context *ctx,
                             struct gl_array_reader *r, uint32_t want,
                             GLint first, GLsizei count, GLenum index_type,
                             const void *indices, GLint basevertex);
void _mesa_array_reader_fini(struct gl_array_reader *r);

/* The vertex number of the draw's element i. */
GLuint _mesa_array_reader_vertex(const struct gl_array_reader *r, GLsizei i);

/* The value of attribute attrib of vertex v (of instance 0), missing
 * components (0, 0, 0, 1); false when the array is not read or v lies
 * beyond its data. */
bool _mesa_array_read(const struct gl_array_reader *r, unsigned attrib,
                      GLuint v, GLfloat out[4]);

#endif
