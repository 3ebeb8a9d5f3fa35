/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The software vertex path of selection and feedback (sw_prims.h). */
#include <stdlib.h>
#include <string.h>

#include "main/array_read.h"
#include "main/context.h"
#include "main/ffstate.h"
#include "main/matrix.h"
#include "main/sw_prims.h"
#include "util/u_math.h"

struct sw_draw {
   struct gl_context *ctx;
   const struct sw_prim_sink *sink;
   struct gl_array_reader reader;
   GLfloat mvp[16];
   const GLfloat *tex_matrix;
   struct sw_vertex *clip; /* scratch for the polygon clipper */
};

/* Vertex v after the transform; false when its position cannot be read. */
static bool
fetch(struct sw_draw *d, GLuint v, struct sw_vertex *out)
{
   struct gl_context *ctx = d->ctx;
   GLfloat p[4], t[4];

   if (!_mesa_array_read(&d->reader, VERT_ATTRIB_GENERIC0, v, p))
      return false;
   _mesa_mat4_apply(d->mvp, p, out->pos);
   if (!_mesa_array_read(&d->reader, VERT_ATTRIB_COLOR0, v, out->color))
      memcpy(out->color, ctx->CurrentAttrib[VERT_ATTRIB_COLOR0],
             sizeof(out->color));
   /* GL 2.1 section 2.14.6: colours are clamped to [0, 1]. */
   for (unsigned c = 0; c < 4; c++)
      out->color[c] = CLAMP(out->color[c], 0.0f, 1.0f);
   if (!_mesa_array_read(&d->reader, VERT_ATTRIB_TEX0, v, t))
      memcpy(t, ctx->CurrentAttrib[VERT_ATTRIB_TEX0], sizeof(t));
   _mesa_mat4_apply(d->tex_matrix, t, out->tex);
   return true;
}

static void
lerp(const struct sw_vertex *a, const struct sw_vertex *b, GLfloat t,
     struct sw_vertex *out)
{
   for (unsigned i = 0; i < 4; i++) {
      out->pos[i] = a->pos[i] + t * (b->pos[i] - a->pos[i]);
      out->color[i] = a->color[i] + t * (b->color[i] - a->color[i]);
      out->tex[i] = a->tex[i] + t * (b->tex[i] - a->tex[i]);
   }
}

/* Distance of v inside clip plane p: 0, 1 are x >= -w, x <= w; then y,
 * z (GL 2.1 section 2.17). */
static GLfloat
plane_dist(const struct sw_vertex *v, unsigned p)
{
   GLfloat c = v->pos[p / 2];
   return v->pos[3] + (p & 1 ? -c : c);
}

/* Sutherland-Hodgman: the vertices left in poly (room for n + 6). */
static unsigned
clip_polygon(struct sw_vertex *poly, unsigned n, struct sw_vertex *tmp)
{
   for (unsigned p = 0; p < 6 && n; p++) {
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         const struct sw_vertex *a = &poly[i], *b = &poly[(i + 1) % n];
         GLfloat da = plane_dist(a, p), db = plane_dist(b, p);
         if (da >= 0)
            tmp[m++] = *a;
         if ((da >= 0) != (db >= 0))
            lerp(a, b, da / (da - db), &tmp[m++]);
      }
      memcpy(poly, tmp, m * sizeof(poly[0]));
      n = m;
   }
   return n;
}

/* Liang-Barsky on the segment v[0] v[1]: false when nothing is left. */
static bool
clip_line(struct sw_vertex v[2])
{
   GLfloat t0 = 0.0f, t1 = 1.0f;

   for (unsigned p = 0; p < 6; p++) {
      GLfloat d0 = plane_dist(&v[0], p), d1 = plane_dist(&v[1], p);
      if (d0 < 0 && d1 < 0)
         return false;
      if (d0 < 0)
         t0 = MAX2(t0, d0 / (d0 - d1));
      else if (d1 < 0)
         t1 = MIN2(t1, d0 / (d0 - d1));
   }
   if (t0 > t1)
      return false;
   struct sw_vertex a = v[0], b = v[1];
   if (t0 > 0.0f)
      lerp(&a, &b, t0, &v[0]);
   if (t1 < 1.0f)
      lerp(&a, &b, t1, &v[1]);
   return true;
}

static void
emit_point(struct sw_draw *d, GLuint i)
{
   struct sw_vertex v;

   if (!fetch(d, i, &v))
      return;
   for (unsigned p = 0; p < 6; p++) {
      if (plane_dist(&v, p) < 0)
         return;
   }
   d->sink->point(d->ctx, d->sink->data, &v);
}

static void
emit_line(struct sw_draw *d, GLuint a, GLuint b, bool reset)
{
   struct sw_vertex v[2];

   if (fetch(d, a, &v[0]) && fetch(d, b, &v[1]) && clip_line(v))
      d->sink->line(d->ctx, d->sink->data, v, reset);
}

static void
emit_polygon(struct sw_draw *d, const GLuint *idx, unsigned n)
{
   struct sw_vertex *poly = d->clip, *tmp = d->clip + n + 6;

   for (unsigned i = 0; i < n; i++) {
      if (!fetch(d, idx[i], &poly[i]))
         return;
   }
   n = clip_polygon(poly, n, tmp);
   if (n)
      d->sink->polygon(d->ctx, d->sink->data, poly, n);
}

/* GL 2.1 section 2.6.1: the primitives of each mode. */
static void
walk(struct sw_draw *d, GLenum mode, const GLuint *v, GLsizei count)
{
   GLuint tri[3];

   switch (mode) {
   case GL_POINTS:
      for (GLsizei i = 0; i < count; i++)
         emit_point(d, v[i]);
      break;
   case GL_LINES:
      for (GLsizei i = 0; i + 1 < count; i += 2)
         emit_line(d, v[i], v[i + 1], true);
      break;
   case GL_LINE_STRIP:
   case GL_LINE_LOOP:
      for (GLsizei i = 0; i + 1 < count; i++)
         emit_line(d, v[i], v[i + 1], i == 0);
      if (mode == GL_LINE_LOOP && count > 2)
         emit_line(d, v[count - 1], v[0], false);
      break;
   case GL_TRIANGLES:
      for (GLsizei i = 0; i + 2 < count; i += 3)
         emit_polygon(d, &v[i], 3);
      break;
   case GL_TRIANGLE_STRIP:
      /* Odd triangles swap their first two vertices to keep the
       * strip's orientation (section 2.6.1). */
      for (GLsizei i = 0; i + 2 < count; i++) {
         tri[0] = v[i + (i & 1)];
         tri[1] = v[i + 1 - (i & 1)];
         tri[2] = v[i + 2];
         emit_polygon(d, tri, 3);
      }
      break;
   case GL_TRIANGLE_FAN:
      for (GLsizei i = 1; i + 1 < count; i++) {
         tri[0] = v[0];
         tri[1] = v[i];
         tri[2] = v[i + 1];
         emit_polygon(d, tri, 3);
      }
      break;
   case GL_QUADS:
      for (GLsizei i = 0; i + 3 < count; i += 4)
         emit_polygon(d, &v[i], 4);
      break;
   case GL_QUAD_STRIP:
      /* Quad i: vertices 2i, 2i+1, 2i+3, 2i+2 around its edge. */
      for (GLsizei i = 0; i + 3 < count; i += 2) {
         GLuint q[4] = {v[i], v[i + 1], v[i + 3], v[i + 2]};
         emit_polygon(d, q, 4);
      }
      break;
   case GL_POLYGON:
      if (count >= 3)
         emit_polygon(d, v, (unsigned)count);
      break;
   default:
      break;
   }
}

void
_mesa_sw_draw(struct gl_context *ctx, GLenum mode, GLint first,
              GLsizei count, GLenum index_type, const void *indices,
              GLint basevertex, const struct sw_prim_sink *sink)
{
   struct sw_draw d = {.ctx = ctx, .sink = sink};
   const uint32_t want = 1u << VERT_ATTRIB_GENERIC0 |
                         1u << VERT_ATTRIB_COLOR0 | 1u << VERT_ATTRIB_TEX0;
   GLuint *v = NULL;

   if (count <= 0 ||
       !_mesa_array_reader_init(ctx, &d.reader, want, first, count,
                                index_type, indices, basevertex))
      goto out;
   _mesa_mat4_mul(d.mvp, ctx->Transform.Stack[1][ctx->Transform.Depth[1]],
                  ctx->Transform.Stack[0][ctx->Transform.Depth[0]]);
   d.tex_matrix = ctx->FF.TexStack[0][ctx->FF.TexDepth[0]];
   d.clip = malloc(((size_t)count * 2 + 16) * sizeof(d.clip[0]));
   v = malloc((size_t)count * sizeof(GLuint));
   if (!d.clip || !v)
      goto out;
   for (GLsizei i = 0; i < count; i++)
      v[i] = _mesa_array_reader_vertex(&d.reader, i);
   walk(&d, mode, v, count);
out:
   free(v);
   free(d.clip);
   _mesa_array_reader_fini(&d.reader);
}

bool
_mesa_sw_window(const struct gl_context *ctx, const GLfloat pos[4],
                GLfloat win[4])
{
   if (!(pos[3] > 0.0f))
      return false;
   GLfloat inv = 1.0f / pos[3];
   win[0] = ctx->ViewportArray[0].X +
            (pos[0] * inv + 1.0f) * 0.5f * (GLfloat)ctx->ViewportArray[0].Width;
   win[1] = ctx->ViewportArray[0].Y +
            (pos[1] * inv + 1.0f) * 0.5f * (GLfloat)ctx->ViewportArray[0].Height;
   win[2] = ctx->ViewportArray[0].Near + (ctx->ViewportArray[0].Far - ctx->ViewportArray[0].Near) *
                                    (pos[2] * inv + 1.0f) * 0.5f;
   win[3] = inv;
   return true;
}
