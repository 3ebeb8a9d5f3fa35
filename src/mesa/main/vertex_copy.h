/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Redrawing a draw from copies of its vertices, for what the hardware
 * cannot do with the draw as it is (line stipple, line_stipple.c; polygon
 * modes of quads and polygons, polygon_mode.c): the enabled arrays are
 * read on the CPU (array_read.h), each element's position is taken to
 * window coordinates with the modelview and projection matrices and the
 * viewport (or from clip coordinates the caller gives: a program's),
 * and the caller puts copies of elements one after another, with
 * attributes of its own, then draws them as independent primitives
 * through _mesa_imm_draw.
 */
#ifndef MAIN_VERTEX_COPY_H
#define MAIN_VERTEX_COPY_H

#include <stdbool.h>

#include "main/array_read.h"
#include "main/mtypes.h"

struct gl_vertex_copy {
   struct gl_context *ctx;
   struct gl_array_reader reader;
   uint32_t read;   /* attributes read from the arrays */
   uint32_t layout; /* read and the caller's own: each vertex's vec4s */
   unsigned stride; /* floats per vertex */
   GLsizei count;   /* the draw's elements */
   GLuint *vertex;  /* the vertex number of each element */
   /* Window x, y, z of each element's position; ok false behind the
    * eye. */
   struct gl_vertex_copy_win {
      GLfloat x, y, z;
      bool ok;
   } *win;
   GLfloat *data; /* the copies */
   unsigned num, capacity;
};

/* Reads the draw's elements for at most capacity copies, with the
 * attributes in own (bits of VERT_ATTRIB_*) added to each; false (with
 * GL_OUT_OF_MEMORY) on failure.  _mesa_vertex_copy_fini either way. */
bool _mesa_vertex_copy_init(struct gl_context *ctx, struct gl_vertex_copy *vc,
                            uint32_t own, unsigned capacity, GLint first,
                            GLsizei count, GLenum index_type,
                            const void *indices, GLint basevertex);
void _mesa_vertex_copy_fini(struct gl_vertex_copy *vc);

/* Element e's window position from its clip coordinates (those of a
 * program's vertex shader: init computes them from the fixed-function
 * matrices). */
void _mesa_vertex_copy_set_clip(struct gl_vertex_copy *vc, GLsizei e,
                                const GLfloat clip[4]);

/* With an application's program (st_copy_draw.c): the generic attribute
 * the copies carry the caller's value in, -1 when they cannot be drawn
 * (the program's stages or attributes, active transform feedback,
 * restarting indices, integer arrays); and every element's window
 * position from the program's vertex shader, captured by a first draw of
 * the same elements (false, with the GL error raised, on failure). */
int _mesa_vertex_copy_program_attrib(struct gl_context *ctx,
                                     GLenum index_type);
bool _mesa_vertex_copy_program_positions(struct gl_vertex_copy *vc,
                                         GLint first, GLsizei count,
                                         GLenum index_type,
                                         const void *indices,
                                         GLint basevertex);

/* Appends a copy of element e (its attributes, current values for those
 * not in the arrays); the caller's own attributes start as (0, 0, 0, 1):
 * attribute a of the copy is at the returned vertex + 4 *
 * _mesa_vertex_copy_slot(vc, a). */
GLfloat *_mesa_vertex_copy_put(struct gl_vertex_copy *vc, GLsizei e);
unsigned _mesa_vertex_copy_slot(const struct gl_vertex_copy *vc,
                                unsigned attrib);

/* Draws the copies made so far as independent primitives of mode and
 * forgets them. */
void _mesa_vertex_copy_draw(struct gl_vertex_copy *vc, GLenum mode);

#endif
