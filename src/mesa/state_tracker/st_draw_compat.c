/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The compatibility profile's GL_QUADS, GL_QUAD_STRIP and GL_POLYGON
 * (GL 3.0 section 2.6.1), which have no pipe primitive here, drawn as
 * GL_TRIANGLES through a client index list.  Each quad is split along
 * one diagonal with the winding kept, and every triangle ends with the
 * primitive's provoking vertex (GL 3.2 table 2.15, last-vertex
 * convention: vertex 4i+4 of quad i, 2i+4 of quad strip quad i, vertex 1
 * of a polygon; 1-based), so flat shading reads the same vertex.
 */
#include <stdlib.h>

#include "main/context.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_draw.h"
#include "util/u_inlines.h"

/* Triangle corners as vertex numbers of the draw (0 ... count-1); the
 * number of corners written (a multiple of 3). */
static unsigned
triangulate(GLenum mode, unsigned count, GLuint *out)
{
   unsigned n = 0;

   switch (mode) {
   case GL_QUADS:
      for (unsigned v = 0; v + 3 < count; v += 4) {
         const GLuint t[6] = {v, v + 1, v + 3, v + 1, v + 2, v + 3};
         for (unsigned k = 0; k < 6; k++)
            out[n++] = t[k];
      }
      break;
   case GL_QUAD_STRIP:
      for (unsigned v = 0; v + 3 < count; v += 2) {
         /* The strip quad v, v+1, v+3, v+2 in polygon order. */
         const GLuint t[6] = {v, v + 1, v + 3, v + 2, v, v + 3};
         for (unsigned k = 0; k < 6; k++)
            out[n++] = t[k];
      }
      break;
   default: /* GL_POLYGON: a fan around vertex 0, which ends each */
      for (unsigned v = 1; v + 1 < count; v++) {
         out[n++] = v;
         out[n++] = v + 1;
         out[n++] = 0;
      }
      break;
   }
   return n;
}

static GLuint
read_index(const void *data, unsigned size, unsigned i)
{
   if (size == 1)
      return ((const GLubyte *)data)[i];
   if (size == 2)
      return ((const GLushort *)data)[i];
   return ((const GLuint *)data)[i];
}

void
st_draw_compat_prims(struct st_context *st, GLenum mode, GLint first,
                     GLsizei count, GLenum index_type, const void *indices,
                     GLsizei instances, GLint basevertex)
{
   struct gl_context *ctx = &st->ctx;
   struct gl_buffer_object *ib = ctx->VAO->IndexBuffer;
   struct pipe_transfer *xfer = NULL;
   const void *src = indices;
   unsigned isize = index_type == GL_UNSIGNED_BYTE    ? 1
                    : index_type == GL_UNSIGNED_SHORT ? 2
                                                      : 4;

   if (count < 3)
      return;
   GLuint *list = malloc(sizeof(GLuint) * 6 * (size_t)count);
   if (!list) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "draw");
      return;
   }
   unsigned n = triangulate(mode, (unsigned)count, list);

   if (index_type && ib) {
      uintptr_t offset = (uintptr_t)indices;
      struct pipe_box box;
      if (!ib->buffer ||
          offset + (uint64_t)count * isize > (uint64_t)ib->Size) {
         free(list);
         return; /* reads outside the buffer: nothing is drawn */
      }
      u_box_1d((unsigned)offset, (unsigned)count * isize, &box);
      src = st->pipe->buffer_map(st->pipe, ib->buffer, 0, PIPE_MAP_READ, &box,
                                 &xfer);
      if (!src) {
         free(list);
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "draw");
         return;
      }
   }
   for (unsigned i = 0; i < n; i++)
      list[i] = index_type ? read_index(src, isize, list[i])
                           : (GLuint)first + list[i];
   if (xfer)
      st->pipe->buffer_unmap(st->pipe, xfer);

   /* The list is client memory: draw it with no element buffer bound;
    * and the primitives were counted as quads or polygons already. */
   struct gl_query_object *generated = ctx->CurrentQuery[4];
   ctx->VAO->IndexBuffer = NULL;
   ctx->CurrentQuery[4] = NULL;
   st_draw_gl(st, GL_TRIANGLES, 0, (GLsizei)n, GL_UNSIGNED_INT, list,
              instances, index_type ? basevertex : 0, 0);
   ctx->VAO->IndexBuffer = ib;
   ctx->CurrentQuery[4] = generated;
   free(list);
}
