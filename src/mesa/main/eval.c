/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Evaluators of compatibility contexts (GL 2.1 section 5.1): glMap1,
 * glMap2, glMapGrid, glEvalCoord, glEvalPoint, glEvalMesh, glGetMap and
 * GL_AUTO_NORMAL, on the CPU.  A map is a Bezier curve or surface of its
 * control points; glEvalCoord evaluates the enabled maps at (u, v) and
 * sends a vertex with the evaluated colour, normal and texture
 * coordinates through immediate mode (immediate.c), leaving the current
 * values as they were.  glEvalMesh is glBegin, glEvalCoord at the grid's
 * points, glEnd.  Maps are compiled into display lists with a copy of
 * their points (DL_EVAL_MAP); the other commands by the dispatch layer.
 *
 * Not done: GL_MAP*_INDEX maps are kept but have nothing to feed (no
 * colour index mode).
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/ffstate.h"
#include "util/u_math.h"

/* Table 5.1: what each target's map produces, in enum order from
 * GL_MAP1_COLOR_4 (or GL_MAP2_COLOR_4), and its initial point (table
 * 6.29: the attribute's initial value). */
enum eval_target {
   EVAL_COLOR,
   EVAL_INDEX,
   EVAL_NORMAL,
   EVAL_TEX1,
   EVAL_TEX2,
   EVAL_TEX3,
   EVAL_TEX4,
   EVAL_VERTEX3,
   EVAL_VERTEX4,
};

static const struct {
   unsigned k; /* components */
   GLfloat init[4];
} targets[FF_EVAL_TARGETS] = {
   [EVAL_COLOR] = {4, {1, 1, 1, 1}},   [EVAL_INDEX] = {1, {1, 0, 0, 1}},
   [EVAL_NORMAL] = {3, {0, 0, 1, 1}},  [EVAL_TEX1] = {1, {0, 0, 0, 1}},
   [EVAL_TEX2] = {2, {0, 0, 0, 1}},    [EVAL_TEX3] = {3, {0, 0, 0, 1}},
   [EVAL_TEX4] = {4, {0, 0, 0, 1}},    [EVAL_VERTEX3] = {3, {0, 0, 0, 1}},
   [EVAL_VERTEX4] = {4, {0, 0, 0, 1}},
};

/* The map of target for curves (dims 1) or surfaces (2); NULL if target
 * is not one. */
static struct gl_ff_eval_map *
map_of(struct gl_context *ctx, GLenum target, unsigned dims,
       unsigned *index)
{
   GLenum first = dims == 1 ? GL_MAP1_COLOR_4 : GL_MAP2_COLOR_4;

   if (target < first || target - first >= FF_EVAL_TARGETS)
      return NULL;
   *index = target - first;
   return dims == 1 ? &ctx->FF.Eval.Map1[*index]
                    : &ctx->FF.Eval.Map2[*index];
}

void
_mesa_init_eval(struct gl_context *ctx)
{
   struct gl_ff_eval *e = &ctx->FF.Eval;

   /* Table 6.29: domains [0, 1], order 1, grids of one segment. */
   for (unsigned i = 0; i < FF_EVAL_TARGETS; i++) {
      e->Map1[i] = (struct gl_ff_eval_map){
         .U2 = 1, .V2 = 1, .UOrder = 1, .VOrder = 1};
      e->Map2[i] = e->Map1[i];
   }
   e->Grid1N = e->Grid2UN = e->Grid2VN = 1;
   e->Grid1[1] = e->Grid2[1] = e->Grid2[3] = 1.0f;
}

void
_mesa_free_eval(struct gl_context *ctx)
{
   for (unsigned i = 0; i < FF_EVAL_TARGETS; i++) {
      free(ctx->FF.Eval.Map1[i].Points);
      free(ctx->FF.Eval.Map2[i].Points);
      ctx->FF.Eval.Map1[i].Points = ctx->FF.Eval.Map2[i].Points = NULL;
   }
}

bool *
_mesa_eval_flag(struct gl_context *ctx, GLenum cap)
{
   unsigned i;
   struct gl_ff_eval_map *m = map_of(ctx, cap, 1, &i);

   if (!m)
      m = map_of(ctx, cap, 2, &i);
   if (m)
      return &m->Enabled;
   return cap == GL_AUTO_NORMAL ? &ctx->FF.Eval.AutoNormal : NULL;
}

bool
_mesa_get_eval_state(struct gl_context *ctx, GLenum pname, GLfloat *f,
                     unsigned *n, enum ff_value_kind *kind)
{
   const struct gl_ff_eval *e = &ctx->FF.Eval;

   *kind = FF_VALUE_INT;
   switch (pname) {
   case GL_MAX_EVAL_ORDER: f[0] = FF_MAX_EVAL_ORDER; break;
   case GL_MAP1_GRID_SEGMENTS: f[0] = (GLfloat)e->Grid1N; break;
   case GL_MAP2_GRID_SEGMENTS:
      f[0] = (GLfloat)e->Grid2UN;
      f[1] = (GLfloat)e->Grid2VN;
      *n = 2;
      break;
   case GL_MAP1_GRID_DOMAIN:
      memcpy(f, e->Grid1, sizeof(e->Grid1));
      *n = 2;
      *kind = FF_VALUE_FLOAT;
      break;
   case GL_MAP2_GRID_DOMAIN:
      memcpy(f, e->Grid2, sizeof(e->Grid2));
      *n = 4;
      *kind = FF_VALUE_FLOAT;
      break;
   default: return false;
   }
   return true;
}

/* ---- glMap1, glMap2 ----------------------------------------------------- */

/* A map as a display list keeps it (and as glMap sets it): which is the
 * row of targets[] that map() validated the target to, so that replaying
 * it looks nothing up again. */
struct eval_map_node {
   enum eval_target which;
   unsigned dims;
   GLfloat u1, u2, v1, v2;
   unsigned uorder, vorder;
   GLfloat points[]; /* uorder x vorder x k, u major */
};

static void
set_map(struct gl_context *ctx, const struct eval_map_node *d)
{
   struct gl_ff_eval_map *m = d->dims == 1 ? &ctx->FF.Eval.Map1[d->which]
                                           : &ctx->FF.Eval.Map2[d->which];
   size_t size = (size_t)d->uorder * d->vorder * targets[d->which].k *
                 sizeof(GLfloat);

   GLfloat *p = realloc(m->Points, size);
   if (!p) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glMap");
      return;
   }
   memcpy(p, d->points, size);
   m->Points = p;
   m->U1 = d->u1;
   m->U2 = d->u2;
   m->V1 = d->v1;
   m->V2 = d->v2;
   m->UOrder = d->uorder;
   m->VOrder = d->vorder;
}

void
_mesa_eval_map_replay(struct gl_context *ctx, const struct gl_dl_node *n)
{
   if (!_mesa_inside_begin_end(ctx, "glCallList(glMap)"))
      set_map(ctx, n->args);
}

/* GL 2.1 section 5.1: the errors of glMap1 and glMap2 (vorder 1 and
 * vstride k for curves), then the points copied in. */
static void
map(unsigned dims, GLenum target, GLdouble u1, GLdouble u2, GLint ustride,
    GLint uorder, GLdouble v1, GLdouble v2, GLint vstride, GLint vorder,
    const void *points, bool dbl, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   unsigned i;

   if (!_mesa_ff_compat_only(ctx, func) ||
       (!_mesa_dlist_compiling_only(ctx) &&
        _mesa_inside_begin_end(ctx, func)))
      return;
   if (!map_of(ctx, target, dims, &i)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   GLint k = (GLint)targets[i].k;
   if (u1 == u2 || v1 == v2 || ustride < k || vstride < k || uorder < 1 ||
       uorder > FF_MAX_EVAL_ORDER || vorder < 1 ||
       vorder > FF_MAX_EVAL_ORDER) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(domain, stride or order)",
                  func);
      return;
   }
   if (ctx->ActiveTexture != 0) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(active texture unit)",
                  func);
      return;
   }
   size_t count = (size_t)uorder * (size_t)vorder * (size_t)k;
   struct eval_map_node *d = malloc(sizeof(*d) + count * sizeof(GLfloat));
   if (!d) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   *d = (struct eval_map_node){.which = (enum eval_target)i,
                               .dims = dims,
                               .u1 = (GLfloat)u1,
                               .u2 = (GLfloat)u2,
                               .v1 = (GLfloat)v1,
                               .v2 = (GLfloat)v2,
                               .uorder = (unsigned)uorder,
                               .vorder = (unsigned)vorder};
   GLfloat *out = d->points;
   for (GLint a = 0; points && a < uorder; a++) {
      for (GLint b = 0; b < vorder; b++) {
         size_t at = (size_t)a * (size_t)ustride + (size_t)b * (size_t)vstride;
         for (GLint c = 0; c < k; c++) {
            *out++ = dbl ? (GLfloat)((const GLdouble *)points)[at + c]
                         : ((const GLfloat *)points)[at + c];
         }
      }
   }
   if (!points)
      memset(d->points, 0, count * sizeof(GLfloat));
   if (!_mesa_dlist_compiling_only(ctx))
      set_map(ctx, d);
   _mesa_dlist_save_data(ctx, DL_EVAL_MAP, d); /* frees d when not kept */
}

void GLAPIENTRY
_mesa_Map1f(GLenum target, GLfloat u1, GLfloat u2, GLint stride,
            GLint order, const GLfloat *points)
{
   map(1, target, u1, u2, stride, order, 0, 1, 4, 1, points, false,
       "glMap1f");
}

void GLAPIENTRY
_mesa_Map1d(GLenum target, GLdouble u1, GLdouble u2, GLint stride,
            GLint order, const GLdouble *points)
{
   map(1, target, u1, u2, stride, order, 0, 1, 4, 1, points, true,
       "glMap1d");
}

void GLAPIENTRY
_mesa_Map2f(GLenum target, GLfloat u1, GLfloat u2, GLint ustride,
            GLint uorder, GLfloat v1, GLfloat v2, GLint vstride,
            GLint vorder, const GLfloat *points)
{
   map(2, target, u1, u2, ustride, uorder, v1, v2, vstride, vorder, points,
       false, "glMap2f");
}

void GLAPIENTRY
_mesa_Map2d(GLenum target, GLdouble u1, GLdouble u2, GLint ustride,
            GLint uorder, GLdouble v1, GLdouble v2, GLint vstride,
            GLint vorder, const GLdouble *points)
{
   map(2, target, u1, u2, ustride, uorder, v1, v2, vstride, vorder, points,
       true, "glMap2d");
}

/* glGetMap: the control points (GL_COEFF), GL_ORDER or GL_DOMAIN as
 * floats, doubles or rounded integers (section 6.1.3). */
static void
get_map(GLenum target, GLenum query, GLenum type, void *v, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   unsigned i, dims = 1;
   GLfloat tmp[4];

   if (!_mesa_ff_allowed(ctx, func))
      return;
   struct gl_ff_eval_map *m = map_of(ctx, target, 1, &i);
   if (!m) {
      m = map_of(ctx, target, 2, &i);
      dims = 2;
   }
   if (!m || (query != GL_COEFF && query != GL_ORDER && query != GL_DOMAIN)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(0x%x, 0x%x)", func, target,
                  query);
      return;
   }
   const GLfloat *src = tmp;
   size_t n;
   if (query == GL_COEFF) {
      src = m->Points ? m->Points : targets[i].init;
      n = (size_t)m->UOrder * m->VOrder * targets[i].k;
   } else if (query == GL_ORDER) {
      tmp[0] = (GLfloat)m->UOrder;
      tmp[1] = (GLfloat)m->VOrder;
      n = dims;
   } else {
      tmp[0] = m->U1;
      tmp[1] = m->U2;
      tmp[2] = m->V1;
      tmp[3] = m->V2;
      n = 2 * dims;
   }
   for (size_t c = 0; v && c < n; c++) {
      if (type == GL_FLOAT)
         ((GLfloat *)v)[c] = src[c];
      else if (type == GL_DOUBLE)
         ((GLdouble *)v)[c] = src[c];
      else
         ((GLint *)v)[c] = _mesa_ff_value_to_int(src[c], FF_VALUE_FLOAT);
   }
}

void GLAPIENTRY
_mesa_GetMapfv(GLenum target, GLenum query, GLfloat *v)
{
   get_map(target, query, GL_FLOAT, v, "glGetMapfv");
}

void GLAPIENTRY
_mesa_GetMapdv(GLenum target, GLenum query, GLdouble *v)
{
   get_map(target, query, GL_DOUBLE, v, "glGetMapdv");
}

void GLAPIENTRY
_mesa_GetMapiv(GLenum target, GLenum query, GLint *v)
{
   get_map(target, query, GL_INT, v, "glGetMapiv");
}

/* ---- evaluation --------------------------------------------------------- */

/* The Bezier curve of n control points of k components, stride floats
 * apart, at t (de Casteljau), and its derivative with respect to t. */
static void
bezier(const GLfloat *p, unsigned n, unsigned k, size_t stride, GLfloat t,
       GLfloat out[4], GLfloat deriv[4])
{
   GLfloat b[FF_MAX_EVAL_ORDER][4];

   for (unsigned i = 0; i < n; i++)
      memcpy(b[i], p + i * stride, k * sizeof(GLfloat));
   for (unsigned c = 0; c < 4; c++)
      deriv[c] = 0.0f;
   for (unsigned level = 1; level < n; level++) {
      if (level == n - 1) {
         for (unsigned c = 0; c < k; c++)
            deriv[c] = (GLfloat)(n - 1) * (b[1][c] - b[0][c]);
      }
      for (unsigned i = 0; i + level < n; i++) {
         for (unsigned c = 0; c < k; c++)
            b[i][c] += t * (b[i + 1][c] - b[i][c]);
      }
   }
   memcpy(out, b[0], k * sizeof(GLfloat));
}

/* Map m of target i at (u, v): the value (missing components from
 * (0, 0, 0, 1)) and the partial derivatives by u and v. */
static void
evaluate(const struct gl_ff_eval_map *m, unsigned i, GLfloat u, GLfloat v,
         GLfloat out[4], GLfloat du[4], GLfloat dv[4])
{
   const unsigned k = targets[i].k;
   const GLfloat *p = m->Points ? m->Points : targets[i].init;
   GLfloat s = (u - m->U1) / (m->U2 - m->U1);
   GLfloat t = (v - m->V1) / (m->V2 - m->V1);
   GLfloat rows[FF_MAX_EVAL_ORDER][4], drows[FF_MAX_EVAL_ORDER][4];
   GLfloat unused[4];

   memcpy(out, (const GLfloat[4]){0, 0, 0, 1}, sizeof(GLfloat[4]));
   /* Each row of constant u along v, then the rows along u. */
   for (unsigned a = 0; a < m->UOrder; a++)
      bezier(p + (size_t)a * m->VOrder * k, m->VOrder, k, k, t, rows[a],
             drows[a]);
   bezier(rows[0], m->UOrder, k, 4, s, out, du);
   bezier(drows[0], m->UOrder, k, 4, s, dv, unused);
   /* d/du of the domain parameter. */
   for (unsigned c = 0; c < 4; c++) {
      du[c] /= m->U2 - m->U1;
      dv[c] /= m->V2 - m->V1;
   }
}

/* The enabled map of the highest priority among targets [lo, hi]. */
static int
enabled_map(const struct gl_ff_eval_map *maps, int lo, int hi)
{
   for (int i = hi; i >= lo; i--) {
      if (maps[i].Enabled)
         return i;
   }
   return -1;
}

/* Section 5.1, equation 5.3 (and for GL_MAP2_VERTEX_4 the derivatives of
 * x/w, y/w, z/w): the normal n = dp/du x dp/dv. */
static void
auto_normal(const GLfloat p[4], const GLfloat du[4], const GLfloat dv[4],
            bool homogeneous, GLfloat n[4])
{
   GLfloat a[3], b[3];

   for (unsigned c = 0; c < 3; c++) {
      if (homogeneous && p[3] != 0.0f) {
         a[c] = (du[c] * p[3] - p[c] * du[3]) / (p[3] * p[3]);
         b[c] = (dv[c] * p[3] - p[c] * dv[3]) / (p[3] * p[3]);
      } else {
         a[c] = du[c];
         b[c] = dv[c];
      }
   }
   n[0] = a[1] * b[2] - a[2] * b[1];
   n[1] = a[2] * b[0] - a[0] * b[2];
   n[2] = a[0] * b[1] - a[1] * b[0];
   n[3] = 1.0f;
}

/* The vertex of (u, v) on the maps of dims; the current values are kept
 * (section 5.1: evaluation does not change them). */
static void
eval_coord(struct gl_context *ctx, unsigned dims, GLfloat u, GLfloat v)
{
   const struct gl_ff_eval_map *maps =
      dims == 1 ? ctx->FF.Eval.Map1 : ctx->FF.Eval.Map2;
   static const unsigned attribs[] = {VERT_ATTRIB_COLOR0, VERT_ATTRIB_NORMAL,
                                      VERT_ATTRIB_TEX0};
   GLfloat saved[3][4], pos[4], du[4], dv[4];

   int vi = enabled_map(maps, EVAL_VERTEX3, EVAL_VERTEX4);
   if (vi < 0)
      return; /* no vertex without a vertex map */
   for (unsigned a = 0; a < 3; a++)
      memcpy(saved[a], ctx->CurrentAttrib[attribs[a]], sizeof(saved[a]));
   evaluate(&maps[vi], (unsigned)vi, u, v, pos, du, dv);
   if (dims == 2 && ctx->FF.Eval.AutoNormal)
      auto_normal(pos, du, dv, vi == EVAL_VERTEX4,
                  ctx->CurrentAttrib[VERT_ATTRIB_NORMAL]);
   else if (maps[EVAL_NORMAL].Enabled)
      evaluate(&maps[EVAL_NORMAL], EVAL_NORMAL, u, v,
               ctx->CurrentAttrib[VERT_ATTRIB_NORMAL], du, dv);
   if (maps[EVAL_COLOR].Enabled)
      evaluate(&maps[EVAL_COLOR], EVAL_COLOR, u, v,
               ctx->CurrentAttrib[VERT_ATTRIB_COLOR0], du, dv);
   int ti = enabled_map(maps, EVAL_TEX1, EVAL_TEX4);
   if (ti >= 0)
      evaluate(&maps[ti], (unsigned)ti, u, v,
               ctx->CurrentAttrib[VERT_ATTRIB_TEX0], du, dv);
   /* Nothing of this is compiled: the dispatch layer compiled the
    * command that got here. */
   bool replaying = ctx->FF.Lists.Replaying;
   ctx->FF.Lists.Replaying = true;
   _mesa_imm_vertex(pos[0], pos[1], pos[2], pos[3]);
   ctx->FF.Lists.Replaying = replaying;
   for (unsigned a = 0; a < 3; a++)
      memcpy(ctx->CurrentAttrib[attribs[a]], saved[a], sizeof(saved[a]));
}

static void
eval_entry(unsigned dims, GLfloat u, GLfloat v)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_ff_compat_only(ctx, "glEvalCoord"))
      eval_coord(ctx, dims, u, v);
}

void GLAPIENTRY
_mesa_EvalCoord1f(GLfloat u)
{
   eval_entry(1, u, 0.0f);
}

void GLAPIENTRY
_mesa_EvalCoord1d(GLdouble u)
{
   eval_entry(1, (GLfloat)u, 0.0f);
}

void GLAPIENTRY
_mesa_EvalCoord1fv(const GLfloat *u)
{
   if (u)
      eval_entry(1, u[0], 0.0f);
}

void GLAPIENTRY
_mesa_EvalCoord1dv(const GLdouble *u)
{
   if (u)
      eval_entry(1, (GLfloat)u[0], 0.0f);
}

void GLAPIENTRY
_mesa_EvalCoord2f(GLfloat u, GLfloat v)
{
   eval_entry(2, u, v);
}

void GLAPIENTRY
_mesa_EvalCoord2d(GLdouble u, GLdouble v)
{
   eval_entry(2, (GLfloat)u, (GLfloat)v);
}

void GLAPIENTRY
_mesa_EvalCoord2fv(const GLfloat *u)
{
   if (u)
      eval_entry(2, u[0], u[1]);
}

void GLAPIENTRY
_mesa_EvalCoord2dv(const GLdouble *u)
{
   if (u)
      eval_entry(2, (GLfloat)u[0], (GLfloat)u[1]);
}

/* ---- grids -------------------------------------------------------------- */

static void
map_grid(GLint un, GLfloat u1, GLfloat u2, GLint vn, GLfloat v1, GLfloat v2,
         unsigned dims, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_ff_eval *e = &ctx->FF.Eval;

   if (!_mesa_ff_allowed(ctx, func))
      return;
   if (un <= 0 || vn <= 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(un=%d, vn=%d)", func, un, vn);
      return;
   }
   if (dims == 1) {
      e->Grid1N = un;
      e->Grid1[0] = u1;
      e->Grid1[1] = u2;
   } else {
      e->Grid2UN = un;
      e->Grid2VN = vn;
      e->Grid2[0] = u1;
      e->Grid2[1] = u2;
      e->Grid2[2] = v1;
      e->Grid2[3] = v2;
   }
}

void GLAPIENTRY
_mesa_MapGrid1f(GLint un, GLfloat u1, GLfloat u2)
{
   map_grid(un, u1, u2, 1, 0, 1, 1, "glMapGrid1f");
}

void GLAPIENTRY
_mesa_MapGrid1d(GLint un, GLdouble u1, GLdouble u2)
{
   map_grid(un, (GLfloat)u1, (GLfloat)u2, 1, 0, 1, 1, "glMapGrid1d");
}

void GLAPIENTRY
_mesa_MapGrid2f(GLint un, GLfloat u1, GLfloat u2, GLint vn, GLfloat v1,
                GLfloat v2)
{
   map_grid(un, u1, u2, vn, v1, v2, 2, "glMapGrid2f");
}

void GLAPIENTRY
_mesa_MapGrid2d(GLint un, GLdouble u1, GLdouble u2, GLint vn, GLdouble v1,
                GLdouble v2)
{
   map_grid(un, (GLfloat)u1, (GLfloat)u2, vn, (GLfloat)v1, (GLfloat)v2, 2,
            "glMapGrid2d");
}

/* Section 5.1: grid point i of n segments from a to b (b exactly at n). */
static GLfloat
grid(GLint i, GLint n, GLfloat a, GLfloat b)
{
   return i == n ? b : a + (GLfloat)i * (b - a) / (GLfloat)n;
}

static void
eval_point(struct gl_context *ctx, unsigned dims, GLint i, GLint j)
{
   const struct gl_ff_eval *e = &ctx->FF.Eval;

   if (dims == 1)
      eval_coord(ctx, 1, grid(i, e->Grid1N, e->Grid1[0], e->Grid1[1]), 0);
   else
      eval_coord(ctx, 2, grid(i, e->Grid2UN, e->Grid2[0], e->Grid2[1]),
                 grid(j, e->Grid2VN, e->Grid2[2], e->Grid2[3]));
}

void GLAPIENTRY
_mesa_EvalPoint1(GLint i)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_ff_compat_only(ctx, "glEvalPoint1"))
      eval_point(ctx, 1, i, 0);
}

void GLAPIENTRY
_mesa_EvalPoint2(GLint i, GLint j)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_ff_compat_only(ctx, "glEvalPoint2"))
      eval_point(ctx, 2, i, j);
}

/* glBegin and glEnd of a mesh (not compiled: the dispatch layer compiled
 * glEvalMesh itself). */
static void
mesh_begin(struct gl_context *ctx, GLenum prim)
{
   bool replaying = ctx->FF.Lists.Replaying;
   ctx->FF.Lists.Replaying = true;
   _mesa_Begin(prim);
   ctx->FF.Lists.Replaying = replaying;
}

static void
mesh_end(struct gl_context *ctx)
{
   bool replaying = ctx->FF.Lists.Replaying;
   ctx->FF.Lists.Replaying = true;
   _mesa_End();
   ctx->FF.Lists.Replaying = replaying;
}

void GLAPIENTRY
_mesa_EvalMesh1(GLenum mode, GLint i1, GLint i2)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_ff_allowed(ctx, "glEvalMesh1"))
      return;
   if (mode != GL_POINT && mode != GL_LINE) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glEvalMesh1(mode=0x%x)", mode);
      return;
   }
   mesh_begin(ctx, mode == GL_POINT ? GL_POINTS : GL_LINE_STRIP);
   for (GLint i = i1; i <= i2; i++)
      eval_point(ctx, 1, i, 0);
   mesh_end(ctx);
}

/* Section 5.1: GL_FILL is a quad strip per row, GL_LINE a line strip per
 * row and per column, GL_POINT the points. */
void GLAPIENTRY
_mesa_EvalMesh2(GLenum mode, GLint i1, GLint i2, GLint j1, GLint j2)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_ff_allowed(ctx, "glEvalMesh2"))
      return;
   switch (mode) {
   case GL_FILL:
      for (GLint j = j1; j < j2; j++) {
         mesh_begin(ctx, GL_QUAD_STRIP);
         for (GLint i = i1; i <= i2; i++) {
            eval_point(ctx, 2, i, j);
            eval_point(ctx, 2, i, j + 1);
         }
         mesh_end(ctx);
      }
      break;
   case GL_LINE:
      for (GLint j = j1; j <= j2; j++) {
         mesh_begin(ctx, GL_LINE_STRIP);
         for (GLint i = i1; i <= i2; i++)
            eval_point(ctx, 2, i, j);
         mesh_end(ctx);
      }
      for (GLint i = i1; i <= i2; i++) {
         mesh_begin(ctx, GL_LINE_STRIP);
         for (GLint j = j1; j <= j2; j++)
            eval_point(ctx, 2, i, j);
         mesh_end(ctx);
      }
      break;
   case GL_POINT:
      mesh_begin(ctx, GL_POINTS);
      for (GLint j = j1; j <= j2; j++) {
         for (GLint i = i1; i <= i2; i++)
            eval_point(ctx, 2, i, j);
      }
      mesh_end(ctx);
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "glEvalMesh2(mode=0x%x)", mode);
      break;
   }
}
