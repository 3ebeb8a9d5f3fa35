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
 * Quads and polygons of a program in GL_LINE or GL_POINT mode go the
 * same way when nothing the fragment shader sees tells their edges from
 * lines (program_edges_exact); else the hardware draws them: quads and
 * quad strips as hardware quads, each one polygon with the facing of the
 * whole quad (since wave 14, docs/simulator.rst), polygons as a
 * triangle fan whose inner edges show.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl/glsl_program.h"
#include "main/context.h"
#include "main/draw.h"
#include "main/ffstate.h"
#include "main/shaderobj.h"
#include "main/vertex_copy.h"
#include "util/u_math.h"

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

/* The element numbers of polygon i of the draw into e (GL 3.2
 * compatibility section 2.6.1: a strip's quad i is 2i, 2i+1, 2i+3, 2i+2
 * around it); its vertex count, 0 past the last.  e holds MAX2(count, 4)
 * for GL_POLYGON, 4 otherwise. */
static unsigned
polygon_at(GLenum mode, GLsizei count, GLsizei i, GLsizei *e)
{
   unsigned n = mode == GL_POLYGON ? (unsigned)count
                : mode == GL_TRIANGLES ? 3 : 4;
   GLsizei start = mode == GL_POLYGON      ? 0
                   : mode == GL_QUAD_STRIP ? 2 * i
                                           : (GLsizei)n * i;

   if ((mode == GL_POLYGON && i > 0) || start + (GLsizei)n > count)
      return 0;
   for (unsigned k = 0; k < n; k++)
      e[k] = start + (GLsizei)k;
   if (mode == GL_QUAD_STRIP) {
      e[2] = start + 3;
      e[3] = start + 2;
   }
   return n;
}

/* With a program: the edges (or vertices) of each polygon, only the
 * flagged ones when flags, from the draw's arrays through an index list
 * of their vertex numbers. */
static void
draw_edges(struct gl_context *ctx, GLenum mode, GLint first, GLsizei count,
           GLenum index_type, const void *indices, GLint basevertex,
           bool flags)
{
   struct gl_array_reader r;
   bool lines = ctx->Polygon.FrontMode == GL_LINE;
   /* at most 2 edge ends per element (4 per new quad of a strip) */
   GLuint *idx = malloc(((size_t)count * 4 + 8) * sizeof(GLuint));
   GLsizei n = 0;
   GLsizei *e = malloc((size_t)MAX2(count, 4) * sizeof(GLsizei));

   if (!_mesa_array_reader_init(ctx, &r, flags ? 1u << VERT_ATTRIB_EDGEFLAG
                                               : 0,
                                first, count, index_type, indices,
                                basevertex) ||
       !idx || !e) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "drawing");
      goto out;
   }
   for (GLsizei p = 0;; p++) {
      unsigned group = polygon_at(mode, count, p, e);
      if (!group)
         break;
      for (unsigned i = 0; i < group; i++) {
         GLuint v = _mesa_array_reader_vertex(&r, e[i]);
         if (flags && !edge_flag(&r, v))
            continue;
         idx[n++] = v;
         if (lines)
            idx[n++] = _mesa_array_reader_vertex(&r, e[(i + 1) % group]);
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
   free(e);
}

/* Whether lines drawn from a program's polygons look as the polygons'
 * edges would: the lines' fragments are front facing, take their flat
 * values from one end and count as primitives of their own, so a
 * fragment shader reading gl_FrontFacing, gl_PrimitiveID or flat inputs
 * (or flattened colours, GL 3.0 compatibility 2.19.7, or two sided
 * colours) would see what the polygon would not give it; nor may a
 * geometry or tessellation stage see other primitives.  facing_kept:
 * the lines' and points' gl_FrontFacing is made their polygon's. */
static bool
program_sees_only_edges(struct gl_context *ctx, bool facing_kept)
{
   const struct gl_program_exec *exec = _mesa_current_exec(ctx);
   if (!exec || !exec->linked || ctx->Light.ShadeModel == GL_FLAT ||
       (ctx->VertexProgramTwoSide && !facing_kept))
      return false;
   for (unsigned s = MESA_SHADER_TESS_CTRL; s <= MESA_SHADER_GEOMETRY; s++) {
      if (exec->linked->nir[s])
         return false;
   }
   const nir_shader *fs = exec->linked->nir[MESA_SHADER_FRAGMENT];
   if (!fs)
      return true;
   nir_foreach_variable_with_modes(var, fs, nir_var_shader_in) {
      if (var->data.flat)
         return false;
   }
   nir_foreach_function_impl(impl, fs) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            nir_intrinsic_op op = nir_instr_as_intrinsic(instr)->intrinsic;
            if ((op == nir_intrinsic_load_front_face && !facing_kept) ||
                op == nir_intrinsic_load_primitive_id)
               return false;
         }
      }
   }
   return true;
}

/* Whether a program's polygons drawn from copies (the edges and corners
 * as lines and points whose gl_FrontFacing is their polygon's,
 * st_nir_copy_facing.c) look as the polygons would: as
 * program_edges_exact, but gl_FrontFacing and two-sided colour may be
 * read; and without depth offsets of lines and points (which copies of
 * a program's vertices cannot carry). */
static bool
program_copies_exact(struct gl_context *ctx)
{
   return program_sees_only_edges(ctx, true) && !ctx->Polygon.OffsetLine &&
          !ctx->Polygon.OffsetPoint;
}

static bool
program_edges_exact(struct gl_context *ctx)
{
   return program_sees_only_edges(ctx, false);
}

/* Whether the draw framebuffer's depth buffer has 16 bits (else the
 * driver's are 32-bit floats). */
static bool
depth_is_16bit(const struct gl_context *ctx)
{
   const struct gl_framebuffer *fb = ctx->DrawBuffer;
   const struct gl_renderbuffer *rb = fb ? fb->Attachment[BUFFER_DEPTH] : NULL;
   if (!rb || !rb->texture)
      return false;
   const struct util_format_description *d =
      util_format_description(rb->texture->format);
   return d && d->swizzle[0] <= PIPE_SWIZZLE_W &&
          d->channel[d->swizzle[0]].size == 16;
}

/* GL 2.1 section 3.5.5: the depth offset of the polygon of elements
 * e[0..n-1], in normalized device z: factor times its largest window-z
 * slope plus units times the least resolvable difference, which the
 * hardware's own offset of filled polygons takes as 1/65535 for 16-bit
 * depth and as that of a float at the polygon's largest |z| otherwise
 * (asahi_sim_depth_bias.c); EXT_polygon_offset_clamp bounds it. */
static GLfloat
polygon_offset_ndc(const struct gl_vertex_copy *vc, const GLsizei *e,
                   unsigned n)
{
   const struct gl_context *ctx = vc->ctx;
   const struct gl_vertex_copy_win *a = &vc->win[e[0]];
   double m = 0.0, zmax = 0.0;

   for (unsigned i = 1; i + 1 < n; i++) {
      const struct gl_vertex_copy_win *b = &vc->win[e[i]];
      const struct gl_vertex_copy_win *c = &vc->win[e[i + 1]];
      double bx = b->x - a->x, by = b->y - a->y, bz = b->z - a->z;
      double cx = c->x - a->x, cy = c->y - a->y, cz = c->z - a->z;
      double det = bx * cy - cx * by;
      if (det == 0.0)
         continue;
      m = fmax(fabs((bz * cy - cz * by) / det),
               fabs((cz * bx - bz * cx) / det));
      break;
   }
   for (unsigned i = 0; i < n; i++)
      zmax = fmax(zmax, fabs(vc->win[e[i]].z));
   double r = 1.0 / 65535.0;
   if (!depth_is_16bit(ctx)) {
      int exp = -126;
      if (zmax > 0.0) {
         frexp(zmax, &exp);
         exp = MAX2(exp - 1, -126);
      }
      r = ldexp(1.0, exp - 23);
   }
   double o = m * ctx->Polygon.OffsetFactor + r * ctx->Polygon.OffsetUnits;
   GLfloat clamp = ctx->Polygon.OffsetClamp;
   if (clamp > 0.0f && o > clamp)
      o = clamp;
   else if (clamp < 0.0f && o < clamp)
      o = clamp;
   double range = (double)ctx->ViewportArray[0].Far - (double)ctx->ViewportArray[0].Near;
   return range != 0.0 && isfinite(o) ? (GLfloat)(2.0 * o / range) : 0.0f;
}

/* The copies of one polygon's elements e[0..n-1], provoked by element p,
 * sorted into what its face's mode draws; flags: its edge flags count. */
static void
put_polygon(struct gl_vertex_copy *out[3], const GLsizei *e, unsigned n,
            GLsizei p, bool flags, int facing_attrib)
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
   /* a fan, the edges, or the points: at most 3 elements a vertex */
   GLsizei *list = malloc(3 * (size_t)n * sizeof(GLsizei));
   unsigned k = 0;
   if (!list) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "drawing");
      return;
   }
   for (unsigned i = 0; i < n && k + 3 <= 3 * n; i++) {
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
   /* lines and points of a polygon with POLYGON_OFFSET_LINE/POINT: its
    * offset on each copy */
   bool offset = dst->layout & (1u << FF_ZOFFSET_ATTRIB);
   GLfloat zoffset = offset ? polygon_offset_ndc(vc, e, n) : 0.0f;
   unsigned zslot = offset ? _mesa_vertex_copy_slot(dst, FF_ZOFFSET_ATTRIB)
                           : 0;
   /* a program's lines and points: their polygon's facing */
   bool facing = facing_attrib >= 0 && fill != GL_FILL;
   unsigned fslot = facing ? _mesa_vertex_copy_slot(dst, facing_attrib) : 0;
   for (unsigned i = 0; i < k; i++) {
      GLfloat *v = _mesa_vertex_copy_put(dst, list[i]);
      if (offset)
         v[4 * zslot] = zoffset;
      if (facing)
         v[4 * fslot] = front ? 1.0f : 0.0f;
      if (!flat || list[i] == p)
         continue;
      GLfloat *pv = _mesa_vertex_copy_put(dst, p);
      for (unsigned c = 0; c < 2; c++) {
         if (dst->read & (1u << (VERT_ATTRIB_COLOR0 + c)))
            memcpy(v + 4 * colors[c], pv + 4 * colors[c], 4 * sizeof(GLfloat));
      }
      dst->num--; /* the provoking vertex's copy was scratch */
   }
   free(list);
}

/* Each polygon of the draw by the mode of its facing, from copies of its
 * vertices; with a program (facing_attrib not -1) the positions are its
 * vertex shader's, and its lines and points carry their polygon's facing
 * in that attribute (st_copy_draw.c). */
static void
draw_copies(struct gl_context *ctx, GLenum mode, GLint first, GLsizei count,
            GLenum index_type, const void *indices, GLint basevertex,
            bool flags, int facing_attrib)
{
   /* The copies drawn filled, as lines, as points: at most 4 per
    * element (the 8 edge ends of a strip's quad per 2 elements), and one
    * of scratch (put_polygon). */
   struct gl_vertex_copy vc[3];
   struct gl_vertex_copy *out[3] = {&vc[0], &vc[1], &vc[2]};
   unsigned cap = 4 * (unsigned)count + 8;
   bool ok = true, program = facing_attrib >= 0;
   /* (the lines and points carry their polygon's depth offset when
    * theirs is enabled; the hardware offsets the filled ones) */
   uint32_t own[3] = {
      0, ctx->Polygon.OffsetLine ? 1u << FF_ZOFFSET_ATTRIB : 0,
      ctx->Polygon.OffsetPoint ? 1u << FF_ZOFFSET_ATTRIB : 0};
   if (program)
      own[1] = own[2] = 1u << facing_attrib;
   for (unsigned i = 0; i < 3; i++)
      ok &= _mesa_vertex_copy_init(ctx, &vc[i], own[i], cap + 1, first,
                                   count, index_type, indices, basevertex);
   if (ok && program) {
      ok = _mesa_vertex_copy_program_positions(&vc[0], first, count,
                                               index_type, indices,
                                               basevertex);
      for (unsigned i = 1; ok && i < 3; i++)
         memcpy(vc[i].win, vc[0].win, (size_t)count * sizeof(*vc[0].win));
   }
   GLsizei *e = malloc((size_t)MAX2(count, 4) * sizeof(GLsizei));
   if (ok && !e)
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "drawing");
   if (ok && e) {
      bool first_pv =
         ctx->Light.ProvokingVertex == GL_FIRST_VERTEX_CONVENTION;
      for (GLsizei i = 0;; i++) {
         unsigned n = polygon_at(mode, count, i, e);
         if (!n)
            break;
         /* GL 3.2 compatibility table 2.12 (quads follow the convention,
          * a polygon's is its first vertex); a strip's quad ends at e[2] */
         GLsizei p = mode == GL_POLYGON || first_pv ? e[0]
                     : mode == GL_QUAD_STRIP        ? e[2]
                                                    : e[n - 1];
         put_polygon(out, e, n, p, flags, facing_attrib);
      }
      ctx->Polygon.Resolved = true;
      ctx->NewState |= ST_NEW_RASTERIZER;
      _mesa_vertex_copy_draw(&vc[0], GL_TRIANGLES);
      /* (a program's variant follows FacingDraw: st_copy_draw_key) */
      ctx->Polygon.FacingDraw = program;
      ctx->NewState |= ST_NEW_PROGRAM;
      ctx->Polygon.OffsetDraw = !program && own[1] != 0;
      _mesa_vertex_copy_draw(&vc[1], GL_LINES);
      ctx->Polygon.OffsetDraw = !program && own[2] != 0;
      _mesa_vertex_copy_draw(&vc[2], GL_POINTS);
      ctx->Polygon.OffsetDraw = false;
      ctx->Polygon.FacingDraw = false;
      ctx->Polygon.Resolved = false;
      ctx->NewState |= ST_NEW_RASTERIZER | ST_NEW_PROGRAM;
   }
   for (unsigned i = 0; i < 3; i++)
      _mesa_vertex_copy_fini(&vc[i]);
   free(e);
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
   bool flags = edge_flagged(ctx, mode);
   if (!_mesa_program_in_use(ctx)) {
      draw_copies(ctx, mode, first, count, index_type, indices, basevertex,
                  flags, -1);
      return true;
   }
   /* With a program: lines and points drawn from the draw's arrays when
    * their facing does not matter (one mode, nothing culled); without
    * flags, those that need the polygon's facing, flat values or depth
    * offset are the hardware's (the inner edges of polygons show then,
    * and the corners their triangles share are drawn twice; quads are
    * whole polygons there). */
   bool offset = ctx->Polygon.FrontMode == GL_LINE ? ctx->Polygon.OffsetLine
                                                   : ctx->Polygon.OffsetPoint;
   if (ctx->Polygon.FrontMode == ctx->Polygon.BackMode &&
       !ctx->Polygon.CullFlag &&
       (flags || (!offset && program_edges_exact(ctx)))) {
      draw_edges(ctx, mode, first, count, index_type, indices, basevertex,
                 flags);
      return true;
   }
   /* Since wave 15 a polygon's facing (and so its mode) comes from the
    * vertex shader's positions, captured by a first draw; its lines and
    * points keep it as gl_FrontFacing. */
   if (mode != GL_POLYGON || flags || !program_copies_exact(ctx))
      return false;
   int attrib = _mesa_vertex_copy_program_attrib(ctx, index_type);
   if (attrib < 0)
      return false;
   draw_copies(ctx, mode, first, count, index_type, indices, basevertex,
               false, attrib);
   return true;
}
