/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Array draws in display lists, and glArrayElement (GL 2.1 sections
 * 2.8 and 5.4).  A list does not keep pointers: glDrawArrays,
 * glDrawElements and the other array draws read the enabled arrays when
 * the list is compiled, and the node keeps the vertices; glCallList
 * draws them as client arrays (_mesa_imm_draw), the attributes without
 * an array taking their current values of that moment.  glArrayElement
 * becomes the attribute and vertex commands of its element, which
 * compile (or execute) as if the application had called them.
 *
 * The edge flag array (section 2.6.2) is read the same way: the node
 * keeps one flag a vertex after the attributes, and the replay hands them
 * to the draw as an edge flag array (polygon_mode.c draws by them).
 *
 * Not yet: integer attributes (VertexAttribIPointer) are stored as
 * floats; instanced draws are executed, not compiled.
 */
#include <stdlib.h>
#include <string.h>

#include "main/array_read.h"
#include "main/context.h"
#include "main/ffstate.h"
#include "util/u_math.h"

struct dl_draw {
   GLenum mode;
   uint32_t mask; /* the attributes read from arrays */
   unsigned count;
   bool has_edges; /* count edge flags follow the attributes */
   GLfloat data[]; /* count x popcount(mask) vec4 */
};

#define ALL_ATTRIBS ((1u << VERT_ATTRIB_COUNT) - 1)
#define EDGE_BIT (1u << VERT_ATTRIB_EDGEFLAG)

static bool *
dl_draw_edges(const struct dl_draw *d)
{
   if (!d->has_edges)
      return NULL;
   size_t floats = (size_t)d->count * util_bitcount(d->mask) * 4;
   return (bool *)(d->data + floats);
}

bool
_mesa_dlist_save_draw(struct gl_context *ctx, GLenum mode, GLint first,
                      GLsizei count, GLenum index_type, const void *indices,
                      GLsizei instances, GLint basevertex)
{
   struct gl_array_reader r;

   if (!_mesa_dlist_compiling(ctx) || instances != 1 || count < 0)
      return false;
   /* Indices beyond their buffer: nothing to keep. */
   if (!_mesa_array_reader_init(ctx, &r, ALL_ATTRIBS | EDGE_BIT, first,
                                count, index_type, indices, basevertex)) {
      _mesa_array_reader_fini(&r);
      return _mesa_dlist_compiling_only(ctx);
   }
   bool edges = r.enabled & EDGE_BIT;
   uint32_t mask = r.enabled & ALL_ATTRIBS;
   unsigned slots = util_bitcount(mask);
   size_t size = sizeof(struct dl_draw) +
                 (size_t)count * slots * 4 * sizeof(GLfloat) +
                 (edges ? (size_t)count * sizeof(bool) : 0);
   struct dl_draw *d = calloc(1, size);
   if (!d) {
      _mesa_array_reader_fini(&r);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glNewList(draw)");
      return _mesa_dlist_compiling_only(ctx);
   }
   d->mode = mode;
   d->mask = mask;
   d->count = (unsigned)count;
   d->has_edges = edges;
   GLfloat *out = d->data;
   bool *edge = dl_draw_edges(d);
   for (GLsizei i = 0; i < count; i++) {
      GLuint v = _mesa_array_reader_vertex(&r, i);
      u_foreach_bit(attrib, mask) {
         /* Beyond the array's data: zeros (the draw is undefined). */
         _mesa_array_read(&r, attrib, v, out);
         out += 4;
      }
      GLfloat f[4];
      if (edge)
         edge[i] = !_mesa_array_read(&r, VERT_ATTRIB_EDGEFLAG, v, f) ||
                   f[0] != 0.0f;
   }
   _mesa_array_reader_fini(&r);
   return _mesa_dlist_save_data(ctx, DL_DRAW, d);
}

void
_mesa_dlist_save_empty_draw(struct gl_context *ctx)
{
   struct dl_draw *d;

   if (!_mesa_dlist_compiling(ctx))
      return;
   d = calloc(1, sizeof(*d));
   if (d)
      _mesa_dlist_save_data(ctx, DL_DRAW, d);
   else
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glNewList(draw)");
}

void
_mesa_dlist_draw_replay(struct gl_context *ctx, const struct gl_dl_node *n)
{
   const struct dl_draw *d = n->args;

   /* GL 2.1 section 2.6.3: not between glBegin and glEnd, from a list
    * neither. */
   if (_mesa_inside_begin_end(ctx, "glCallList(array draw)"))
      return;
   /* Section 2.8: without the vertex array, nothing is drawn. */
   if (d->count && (d->mask & (1u << VERT_ATTRIB_GENERIC0)))
      _mesa_imm_draw(ctx, d->mode, d->mask, d->mask, d->data,
                     dl_draw_edges(d), d->count);
}

/* Section 2.8: the element's attributes from the enabled arrays (the
 * conventional and generic ones, which become current), then its vertex
 * when the vertex array is enabled. */
void GLAPIENTRY
_mesa_ArrayElement(GLint i)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_array_reader r;
   GLfloat v[4];

   if (!_mesa_ff_compat_only(ctx, "glArrayElement") || i < 0)
      return;
   if (_mesa_array_reader_init(ctx, &r, ALL_ATTRIBS, i, 1, 0, NULL, 0)) {
      u_foreach_bit(attrib, r.enabled & ~(1u << VERT_ATTRIB_GENERIC0)) {
         if (!_mesa_array_read(&r, attrib, (GLuint)i, v))
            continue;
         if (attrib >= VERT_ATTRIB_NORMAL)
            _mesa_current_attrib(attrib, v[0], v[1], v[2], v[3],
                                 "glArrayElement");
         else
            _mesa_VertexAttrib4fv(attrib, v);
      }
      if (_mesa_array_read(&r, VERT_ATTRIB_GENERIC0, (GLuint)i, v))
         _mesa_imm_vertex(v[0], v[1], v[2], v[3]);
   }
   _mesa_array_reader_fini(&r);
}
