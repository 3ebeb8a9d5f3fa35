/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Viewport arrays: ARB_viewport_array (GL 4.1 core; GL 4.6 sections
 * 13.6.1 "Controlling the Viewport" and 14.9.2 "Scissor Test") and
 * OES_viewport_array (its ES 3.1 form, with float depth ranges).  There
 * are GL_MAX_VIEWPORTS viewports, scissor boxes and depth ranges; a
 * geometry shader picks one per primitive with gl_ViewportIndex.  The
 * unindexed commands (glViewport, glScissor, glDepthRange, glEnable of
 * GL_SCISSOR_TEST) set every index and the unindexed queries read index
 * 0.  Without the extension a context keeps one of each and these entry
 * points are GL_INVALID_OPERATION, as for commands outside a context's
 * API.
 */
#include <math.h>

#include "main/context.h"
#include "main/extensions.h"
#include "main/geomshader.h"
#include "main/viewport_array.h"
#include "state_tracker/st_context.h"

bool
_mesa_has_viewport_array(const struct gl_context *ctx)
{
   return ctx->Const.MaxViewports > 1 && _mesa_has_geometry_shaders(ctx);
}

unsigned
_mesa_viewport_count(const struct gl_context *ctx)
{
   return _mesa_has_viewport_array(ctx) ? (unsigned)ctx->Const.MaxViewports
                                        : 1;
}

void
_mesa_init_viewports(struct gl_context *ctx)
{
   for (unsigned i = 0; i < MAX_VIEWPORTS; i++) {
      ctx->ViewportArray[i].Near = 0.0f;
      ctx->ViewportArray[i].Far = 1.0f;
   }
   ctx->Scissor.Enabled = false;
   ctx->Scissor.EnabledMask = 0;
}

/* GL_VIEWPORT_BOUNDS_RANGE: the smallest the spec allows, twice
 * MAX_VIEWPORT_DIMS either way (GL 4.6 table 23.53 footnote). */
void
_mesa_viewport_bounds_range(const struct gl_context *ctx, GLfloat r[2])
{
   r[0] = -2.0f * (GLfloat)ctx->Const.MaxViewportWidth;
   r[1] = 2.0f * (GLfloat)ctx->Const.MaxViewportWidth - 1.0f;
}

static GLfloat
clamp(GLfloat v, GLfloat lo, GLfloat hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

void
_mesa_set_viewport(struct gl_context *ctx, unsigned i, GLfloat x, GLfloat y,
                   GLfloat w, GLfloat h)
{
   struct gl_viewport *vp = &ctx->ViewportArray[i];

   /* GL 4.6 section 13.6.1: width and height are clamped to
    * MAX_VIEWPORT_DIMS, the corner to VIEWPORT_BOUNDS_RANGE. */
   vp->Width = w > (GLfloat)ctx->Const.MaxViewportWidth
                  ? (GLfloat)ctx->Const.MaxViewportWidth
                  : w;
   vp->Height = h > (GLfloat)ctx->Const.MaxViewportHeight
                   ? (GLfloat)ctx->Const.MaxViewportHeight
                   : h;
   if (_mesa_has_viewport_array(ctx)) {
      GLfloat r[2];
      _mesa_viewport_bounds_range(ctx, r);
      x = clamp(x, r[0], r[1]);
      y = clamp(y, r[0], r[1]);
   }
   vp->X = x;
   vp->Y = y;
   ctx->NewState |= ST_NEW_VIEWPORT;
}

void
_mesa_set_depth_range(struct gl_context *ctx, unsigned i, GLdouble n,
                      GLdouble f)
{
   /* GL 4.6 section 13.6.1: both are clamped to [0, 1]. */
   ctx->ViewportArray[i].Near = (GLfloat)(n < 0.0 ? 0.0 : n > 1.0 ? 1.0 : n);
   ctx->ViewportArray[i].Far = (GLfloat)(f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f);
   /* and gl_DepthRange (matrix.c) */
   ctx->NewState |= ST_NEW_VIEWPORT | ST_NEW_CONSTANTS;
}

void
_mesa_set_scissor(struct gl_context *ctx, unsigned i, GLint x, GLint y,
                  GLsizei w, GLsizei h)
{
   struct gl_scissor_rect *r = &ctx->Scissor.Rect[i];

   r->X = x;
   r->Y = y;
   r->Width = w;
   r->Height = h;
   ctx->NewState |= ST_NEW_SCISSOR;
}

void
_mesa_set_scissor_test(struct gl_context *ctx, unsigned i, bool all, bool on)
{
   uint16_t bits = all ? 0xffff : (uint16_t)(1u << i);
   uint16_t mask = on ? ctx->Scissor.EnabledMask | bits
                      : ctx->Scissor.EnabledMask & (uint16_t)~bits;

   if (mask == ctx->Scissor.EnabledMask)
      return;
   ctx->Scissor.EnabledMask = mask;
   ctx->Scissor.Enabled = mask & 1;
   ctx->NewState |= ST_NEW_SCISSOR | ST_NEW_RASTERIZER;
}

/* --- Entry-point checks ------------------------------------------------- */

/* The extension's commands exist in this context (desktop_only: the
 * double-precision depth ranges are ARB's, the float ones OES's). */
static bool
api_ok(struct gl_context *ctx, int only_es, const char *func)
{
   if (_mesa_has_viewport_array(ctx) &&
       (only_es < 0 || (only_es == 1) == _mesa_is_gles(ctx)))
      return true;
   _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no viewport arrays)", func);
   return false;
}

#define ANY_API -1
#define DESKTOP_ONLY 0
#define ES_ONLY 1

/* GL 4.6 section 13.6.1: INVALID_VALUE when first + count passes
 * MAX_VIEWPORTS (a negative count too, as Mesa does). */
static bool
range_ok(struct gl_context *ctx, GLuint first, GLsizei count,
         const char *func)
{
   if (count >= 0 && first <= (GLuint)ctx->Const.MaxViewports &&
       (GLuint)count <= (GLuint)ctx->Const.MaxViewports - first)
      return true;
   _mesa_error(ctx, GL_INVALID_VALUE, "%s(first=%u, count=%d)", func, first,
               count);
   return false;
}

static bool
index_ok(struct gl_context *ctx, GLuint index, const char *func)
{
   if (index < (GLuint)ctx->Const.MaxViewports)
      return true;
   _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
   return false;
}

/* --- Viewports and scissor boxes ---------------------------------------- */

/* Sets count rectangles from index first on: viewports from vf or scissor
 * boxes from vi, four values (x, y, width, height) each.  The caller has
 * checked the API and the index range.  A negative width or height is
 * INVALID_VALUE and then nothing changes (GL 4.6 sections 13.6.1 and
 * 14.9.2). */
static void
set_rects(struct gl_context *ctx, GLuint first, GLsizei count,
          const GLfloat *vf, const GLint *vi, const char *func)
{
   for (GLsizei i = 0; i < count; i++) {
      if (vf && (vf[4 * i + 2] < 0.0f || vf[4 * i + 3] < 0.0f)) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(%u: %f, %f)", func,
                     first + (GLuint)i, vf[4 * i + 2], vf[4 * i + 3]);
         return;
      }
      if (vi && (vi[4 * i + 2] < 0 || vi[4 * i + 3] < 0)) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(%u: %d, %d)", func,
                     first + (GLuint)i, vi[4 * i + 2], vi[4 * i + 3]);
         return;
      }
   }
   for (GLsizei i = 0; i < count; i++) {
      GLuint index = first + (GLuint)i;
      if (vf)
         _mesa_set_viewport(ctx, index, vf[4 * i], vf[4 * i + 1],
                            vf[4 * i + 2], vf[4 * i + 3]);
      else
         _mesa_set_scissor(ctx, index, vi[4 * i], vi[4 * i + 1],
                           vi[4 * i + 2], vi[4 * i + 3]);
   }
}

/* glViewportArrayv and glScissorArrayv, and with one rectangle at index
 * first glViewportIndexedf and glScissorIndexed (indexed: whose index
 * errors name the index, not a range). */
static void
rect_array(GLuint first, GLsizei count, bool indexed, const GLfloat *vf,
           const GLint *vi, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!api_ok(ctx, ANY_API, func) ||
       !(indexed ? index_ok(ctx, first, func)
                 : range_ok(ctx, first, count, func)))
      return;
   set_rects(ctx, first, count, vf, vi, func);
}

void GLAPIENTRY
_mesa_ViewportArrayv(GLuint first, GLsizei count, const GLfloat *v)
{
   rect_array(first, count, false, v, NULL, "glViewportArrayv");
}

void GLAPIENTRY
_mesa_ViewportIndexedf(GLuint index, GLfloat x, GLfloat y, GLfloat w,
                       GLfloat h)
{
   const GLfloat v[4] = {x, y, w, h};

   rect_array(index, 1, true, v, NULL, "glViewportIndexedf");
}

void GLAPIENTRY
_mesa_ViewportIndexedfv(GLuint index, const GLfloat *v)
{
   _mesa_ViewportIndexedf(index, v[0], v[1], v[2], v[3]);
}

/* --- Depth ranges -------------------------------------------------------- */

static void
depth_range_array(GLuint first, GLsizei count, const GLdouble *vd,
                  const GLfloat *vf, int api, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!api_ok(ctx, api, func) || !range_ok(ctx, first, count, func))
      return;
   for (GLsizei i = 0; i < count; i++) {
      GLdouble n = vd ? vd[2 * i] : vf[2 * i];
      GLdouble f = vd ? vd[2 * i + 1] : vf[2 * i + 1];
      _mesa_set_depth_range(ctx, first + (GLuint)i, n, f);
   }
}

static void
depth_range_indexed(GLuint index, GLdouble n, GLdouble f, int api,
                    const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (api_ok(ctx, api, func) && index_ok(ctx, index, func))
      _mesa_set_depth_range(ctx, index, n, f);
}

void GLAPIENTRY
_mesa_DepthRangeArrayv(GLuint first, GLsizei count, const GLdouble *v)
{
   depth_range_array(first, count, v, NULL, DESKTOP_ONLY,
                     "glDepthRangeArrayv");
}

void GLAPIENTRY
_mesa_DepthRangeIndexed(GLuint index, GLdouble n, GLdouble f)
{
   depth_range_indexed(index, n, f, DESKTOP_ONLY, "glDepthRangeIndexed");
}

void GLAPIENTRY
_mesa_DepthRangeArrayfvOES(GLuint first, GLsizei count, const GLfloat *v)
{
   depth_range_array(first, count, NULL, v, ES_ONLY,
                     "glDepthRangeArrayfvOES");
}

void GLAPIENTRY
_mesa_DepthRangeIndexedfOES(GLuint index, GLfloat n, GLfloat f)
{
   depth_range_indexed(index, n, f, ES_ONLY, "glDepthRangeIndexedfOES");
}

/* --- Scissor boxes ------------------------------------------------------- */

void GLAPIENTRY
_mesa_ScissorArrayv(GLuint first, GLsizei count, const GLint *v)
{
   rect_array(first, count, false, NULL, v, "glScissorArrayv");
}

void GLAPIENTRY
_mesa_ScissorIndexed(GLuint index, GLint left, GLint bottom, GLsizei width,
                     GLsizei height)
{
   const GLint v[4] = {left, bottom, width, height};

   rect_array(index, 1, true, NULL, v, "glScissorIndexed");
}

void GLAPIENTRY
_mesa_ScissorIndexedv(GLuint index, const GLint *v)
{
   _mesa_ScissorIndexed(index, v[0], v[1], v[2], v[3]);
}

bool
_mesa_scissor_test_indexed(struct gl_context *ctx, GLenum target,
                           GLuint index, bool set, GLboolean *value,
                           const char *func)
{
   if (target != GL_SCISSOR_TEST || !_mesa_has_viewport_array(ctx))
      return false;
   if (!index_ok(ctx, index, func))
      return true;
   if (set)
      _mesa_set_scissor_test(ctx, index, false, *value != GL_FALSE);
   else
      *value = (ctx->Scissor.EnabledMask >> index) & 1;
   return true;
}

/* --- Queries ------------------------------------------------------------- */

bool
_mesa_get_viewport_indexed(struct gl_context *ctx, GLenum target,
                           GLuint index, const char *func, double *out,
                           unsigned *n)
{
   *n = 0;
   switch (target) {
   case GL_VIEWPORT:
   case GL_SCISSOR_BOX:
   case GL_DEPTH_RANGE:
   case GL_SCISSOR_TEST:
      break;
   default:
      return false;
   }
   if (!_mesa_has_viewport_array(ctx))
      return false;
   if (!index_ok(ctx, index, func))
      return true;

   const struct gl_viewport *vp = &ctx->ViewportArray[index];
   const struct gl_scissor_rect *r = &ctx->Scissor.Rect[index];
   switch (target) {
   case GL_VIEWPORT:
      out[0] = vp->X;
      out[1] = vp->Y;
      out[2] = vp->Width;
      out[3] = vp->Height;
      *n = 4;
      break;
   case GL_SCISSOR_BOX:
      out[0] = r->X;
      out[1] = r->Y;
      out[2] = r->Width;
      out[3] = r->Height;
      *n = 4;
      break;
   case GL_DEPTH_RANGE:
      out[0] = vp->Near;
      out[1] = vp->Far;
      *n = 2;
      break;
   default:
      out[0] = (ctx->Scissor.EnabledMask >> index) & 1;
      *n = 1;
      break;
   }
   return true;
}

bool
_mesa_get_viewport_indexed_int(struct gl_context *ctx, GLenum target,
                               GLuint index, const char *func, GLint64 *out,
                               unsigned *n)
{
   double d[4];

   if (!_mesa_get_viewport_indexed(ctx, target, index, func, d, n))
      return false;
   /* Rounded to the nearest integer, depth ranges too: GL 4.6 section
    * 2.2.2 would map those onto the integer range, but Mesa (the
    * reference) rounds glGetIntegeri_v(GL_DEPTH_RANGE) and piglit's
    * arb_viewport_array-queries asks for exactly that. */
   for (unsigned i = 0; i < *n; i++)
      out[i] = (GLint64)llround(d[i]);
   return true;
}

/* glGetFloati_v and glGetDoublei_v: the viewport state above as it is
 * kept; other indexed state through glGetInteger64i_v. */
static void
get_indexed_real(GLenum target, GLuint index, GLfloat *f, GLdouble *d,
                 const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   double v[4];
   unsigned n;

   if (_mesa_get_viewport_indexed(ctx, target, index, func, v, &n)) {
      for (unsigned i = 0; i < n; i++) {
         if (f)
            f[i] = (GLfloat)v[i];
         else
            d[i] = v[i];
      }
      return;
   }
   GLint64 i64 = 0;
   GLenum before = ctx->ErrorValue;
   _mesa_GetInteger64i_v(target, index, &i64);
   if (ctx->ErrorValue != before)
      return;
   if (f)
      f[0] = (GLfloat)i64;
   else
      d[0] = (GLdouble)i64;
}

void GLAPIENTRY
_mesa_GetFloati_v(GLenum target, GLuint index, GLfloat *data)
{
   get_indexed_real(target, index, data, NULL, "glGetFloati_v");
}

void GLAPIENTRY
_mesa_GetDoublei_v(GLenum target, GLuint index, GLdouble *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glGetDoublei_v(not in ES)");
      return;
   }
   get_indexed_real(target, index, NULL, data, "glGetDoublei_v");
}
