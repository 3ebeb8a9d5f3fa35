/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Polygon modes GL_LINE and GL_POINT of quads, quad strips and polygons
 * without a program (GL 2.1 section 3.5.4): the boundary edges of each
 * polygon are drawn as lines, or its vertices as points, by the mode of
 * the polygon's facing.  The hardware splits such primitives into
 * triangles, whose inner edges would show, so the draw is redrawn from
 * copies of its vertices (vertex_copy.h): each polygon's facing comes
 * from its signed area in window coordinates (section 3.5.1), a culled
 * one is dropped, a filled one becomes a fan of triangles, the others
 * lines or points.  With flat shading every copy takes the colours of the
 * polygon's provoking vertex (section 2.14.7: the last of a quad, or its
 * first with glProvokingVertex's first-vertex convention; the first of a
 * polygon).
 *
 * Edge flags (section 2.6.2, glEdgeFlagPointer, and glEdgeFlag between
 * glBegin and glEnd, which immediate.c hands over as an edge flag array):
 * of independent triangles, quads and polygons, only the edges that start
 * at a vertex whose flag is set are drawn in mode GL_LINE, only those
 * vertices in GL_POINT.  Independent triangles then come here too.  With
 * an application's program the facing cannot be had on the CPU: when
 * both faces share one mode and nothing is culled (so the facing does
 * not matter), the flagged edges or vertices are drawn from the draw's
 * own arrays through an index list; otherwise the flags are ignored.
 */
#include <string.h>

#include <stdlib.h>

#include "main/context.h"
#include "main/draw.h"
#include "main/ffstate.h"
#include "main/shaderobj.h"
#include "main/vertex_copy.h"

/* Edge flags apply to the draw (GL 2.1 section 2.6.2). */
static bool
edge_flagged(const struct gl_context *ctx, GLenum mode)
{
   return (mode == GL_TRIANGLES || mode == GL_QUADS || mode == GL_POLYGON) &&
          ctx->VAO->Attrib[VERT_ATTRIB_EDGEFLAG].Enabled;
}

static bool
wants_unfilled(const struct gl_context *ctx, GLenum mode, GLsizei instances)
{
   return (mode == GL_QUADS || mode == GL_QUAD_STRIP || mode == GL_POLYGON ||
           edge_flagged(ctx, mode)) &&
          (ctx->Polygon.FrontMode != GL_FILL ||
           ctx->Polygon.BackMode != GL_FILL) &&
          !_mesa_is_gles(ctx) && !_mesa_is_desktop_fc(ctx) &&
          instances == 1 && ctx->FF.Select.Mode == GL_RENDER;
}

/* The edge flag of element e (set when the draw has none). */
static bool
edge_flag(const struct gl_array_reader *r, GLuint v)
{
   GLfloat f[4];
   return !_mesa_array_read(r, VERT_ATTRIB_EDGEFLAG, v, f) || f[0] != 0.0f;
}

/* With a program: the flagged edges (or vertices) of each primitive of
 * group vertices, from the draw's arrays through an index list of their
 * vertex numbers. */
static void
draw_flagged(struct gl_context *ctx, GLenum mode, GLint first, GLsizei count,
             GLenum index_type, const void *indices, GLint basevertex)
{
   struct gl_array_reader r;
   unsigned group = mode == GL_TRIANGLES ? 3 : mode == GL_QUADS ? 4
                                                                : count;
   bool lines = ctx->Polygon.FrontMode == GL_LINE;
   GLuint *idx = malloc((size_t)count * 2 * sizeof(GLuint));
   GLsizei n = 0;

   if (!_mesa_array_reader_init(ctx, &r, 1u << VERT_ATTRIB_EDGEFLAG, first,
                                count, index_type, indices, basevertex) ||
       !idx) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "drawing");
      goto out;
   }
   for (GLsizei p = 0; p + (GLsizei)group <= count; p += group) {
      for (unsigned i = 0; i < group; i++) {
         GLuint v = _mesa_array_reader_vertex(&r, p + i);
         if (!edge_flag(&r, v))
            continue;
         idx[n++] = v;
         if (lines)
            idx[n++] = _mesa_array_reader_vertex(&r, p + (i + 1) % group);
      }
   }
   if (n) {
      /* the list is in client memory, and is not compiled again */
      struct gl_buffer_object *ib = ctx->VAO->IndexBuffer;
      bool replaying = ctx->FF.Lists.Replaying;
      ctx->VAO->IndexBuffer = NULL;
      ctx->FF.Lists.Replaying = true;
      _mesa_DrawElements(lines ? GL_LINES : GL_POINTS, n, GL_UNSIGNED_INT,
                         idx);
      ctx->FF.Lists.Replaying = replaying;
      ctx->VAO->IndexBuffer = ib;
   }
out:
   _mesa_array_reader_fini(&r);
   free(idx);
}

/* The copies of one polygon's elements e[0..n-1], provoked by element p,
 * sorted into what its face's mode draws; flags: its edge flags count. */
static void
put_polygon(struct gl_vertex_copy *out[3], const GLsizei *e, unsigned n,
            GLsizei p, bool flags)
{
   const struct gl_vertex_copy *vc = out[0];
   struct gl_context *ctx = vc->ctx;
   double area = 0.0;

   for (unsigned i = 0; i < n; i++) {
      const struct gl_vertex_copy_win *a = &vc->win[e[i]];
      const struct gl_vertex_copy_win *b = &vc->win[e[(i + 1) % n]];
      if (!a->ok)
         return; /* behind the eye: not drawn (no clipping here) */
      area += (double)a->x * b->y - (double)b->x * a->y;
   }
   if (area == 0.0)
      return;
   bool front = (area > 0.0) == (ctx->Polygon.FrontFace == GL_CCW);
   if (ctx->Polygon.CullFlag &&
       (ctx->Polygon.CullFaceMode == GL_FRONT_AND_BACK ||
        (ctx->Polygon.CullFaceMode == GL_FRONT) == front))
      return;
   GLenum fill = front ? ctx->Polygon.FrontMode : ctx->Polygon.BackMode;
   struct gl_vertex_copy *dst = out[fill == GL_FILL ? 0
                                    : fill == GL_LINE ? 1 : 2];
   /* a fan, the edges, or the points */
   GLsizei list[3 * 64];
   unsigned k = 0;
   for (unsigned i = 0; i < n && k + 3 <= sizeof(list) / sizeof(list[0]);
        i++) {
      if (fill == GL_FILL) {
         if (i + 2 < n) {
            list[k++] = e[0];
            list[k++] = e[i + 1];
            list[k++] = e[i + 2];
         }
      } else if (!flags || edge_flag(&vc->reader, vc->vertex[e[i]])) {
         list[k++] = e[i];
         if (fill == GL_LINE)
            list[k++] = e[(i + 1) % n];
      }
   }
   bool flat = ctx->Light.ShadeModel == GL_FLAT;
   unsigned colors[2] = {_mesa_vertex_copy_slot(dst, VERT_ATTRIB_COLOR0),
                         _mesa_vertex_copy_slot(dst, VERT_ATTRIB_COLOR1)};
   for (unsigned i = 0; i < k; i++) {
      GLfloat *v = _mesa_vertex_copy_put(dst, list[i]);
      if (!flat || list[i] == p)
         continue;
      GLfloat *pv = _mesa_vertex_copy_put(dst, p);
      for (unsigned c = 0; c < 2; c++) {
         if (dst->read & (1u << (VERT_ATTRIB_COLOR0 + c)))
            memcpy(v + 4 * colors[c], pv + 4 * colors[c], 4 * sizeof(GLfloat));
      }
      dst->num--; /* the provoking vertex's copy was scratch */
   }
}

bool
_mesa_polygon_mode_draw(struct gl_context *ctx, GLenum mode, GLint first,
                        GLsizei count, GLenum index_type, const void *indices,
                        GLsizei instances, GLint basevertex)
{
   if (!wants_unfilled(ctx, mode, instances))
      return false;
   if (count < 3)
      return true;
   if (count > 64 && mode == GL_POLYGON)
      return false; /* longer polygons are drawn as the hardware does */
   bool flags = edge_flagged(ctx, mode);
   if (_mesa_program_in_use(ctx)) {
      if (!flags || ctx->Polygon.FrontMode != ctx->Polygon.BackMode ||
          ctx->Polygon.CullFlag)
         return false;
      draw_flagged(ctx, mode, first, count, index_type, indices, basevertex);
      return true;
   }

   /* The copies drawn filled, as lines, as points: at most 4 per
    * element (the 8 edge ends of a strip's quad per 2 elements), and one
    * of scratch (put_polygon). */
   struct gl_vertex_copy vc[3];
   struct gl_vertex_copy *out[3] = {&vc[0], &vc[1], &vc[2]};
   unsigned cap = 4 * (unsigned)count + 8;
   bool ok = true;
   for (unsigned i = 0; i < 3; i++)
      ok &= _mesa_vertex_copy_init(ctx, &vc[i], 0, cap + 1, first, count,
                                   index_type, indices, basevertex);
   if (ok) {
      GLsizei e[64];
      bool first_pv =
         ctx->Light.ProvokingVertex == GL_FIRST_VERTEX_CONVENTION;
      if (mode == GL_POLYGON) {
         for (GLsizei i = 0; i < count; i++)
            e[i] = i;
         put_polygon(out, e, (unsigned)count, 0, flags);
      } else if (mode == GL_TRIANGLES) {
         for (GLsizei i = 0; i + 2 < count; i += 3) {
            e[0] = i;
            e[1] = i + 1;
            e[2] = i + 2;
            put_polygon(out, e, 3, first_pv ? i : i + 2, flags);
         }
      } else {
         /* GL 3.2 compatibility table 2.12 (quads follow the
          * convention): the quad's first or last vertex */
         bool strip = mode == GL_QUAD_STRIP;
         for (GLsizei i = 0; i + 3 < count; i += strip ? 2 : 4) {
            /* a strip's quad i: 2i, 2i+1, 2i+3, 2i+2 around it */
            e[0] = i;
            e[1] = i + 1;
            e[2] = strip ? i + 3 : i + 2;
            e[3] = strip ? i + 2 : i + 3;
            put_polygon(out, e, 4, first_pv ? i : i + 3, flags);
         }
      }
      _mesa_vertex_copy_draw(&vc[0], GL_TRIANGLES);
      _mesa_vertex_copy_draw(&vc[1], GL_LINES);
      _mesa_vertex_copy_draw(&vc[2], GL_POINTS);
   }
   for (unsigned i = 0; i < 3; i++)
      _mesa_vertex_copy_fini(&vc[i]);
   return true;
}
