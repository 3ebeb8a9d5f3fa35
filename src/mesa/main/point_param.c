/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glPointParameter{f,i}[v] (GL 2.1 section 3.4; GL 3.2 core keeps
 * GL_POINT_FADE_THRESHOLD_SIZE and GL_POINT_SPRITE_COORD_ORIGIN): the
 * values are validated, kept, queried and saved by glPushAttrib
 * (GL_POINT_BIT), but the rasterizer still draws glPointSize's size (no
 * distance attenuation, clamping or fading; docs/gl.rst).  Compiled into
 * display lists by the dispatch layer (gl_dispatch.py, PNAME_COUNT).
 */
#include "main/context.h"
#include "main/ffstate.h"

void
_mesa_init_point_params(struct gl_context *ctx)
{
   /* GL 2.1 table 6.12 (the largest size is the implementation's). */
   ctx->FF.PointParams.MinSize = 0.0f;
   ctx->FF.PointParams.MaxSize = ctx->Const.AliasedPointSizeRange[1];
   ctx->FF.PointParams.FadeThreshold = 1.0f;
   ctx->FF.PointParams.Attenuation[0] = 1.0f;
   ctx->FF.PointParams.Attenuation[1] = 0.0f;
   ctx->FF.PointParams.Attenuation[2] = 0.0f;
   ctx->FF.PointParams.SpriteOrigin = GL_UPPER_LEFT;
}

size_t
_mesa_point_param_count(GLenum pname)
{
   return pname == GL_POINT_DISTANCE_ATTENUATION ? 3 : 1;
}

/* Whether pname is a parameter of this context (core profiles: the
 * fade threshold and the sprite origin only; ES: none). */
static bool
known_pname(struct gl_context *ctx, GLenum pname)
{
   if (_mesa_is_gles(ctx))
      return false;
   switch (pname) {
   case GL_POINT_FADE_THRESHOLD_SIZE:
   case GL_POINT_SPRITE_COORD_ORIGIN:
      return true;
   case GL_POINT_SIZE_MIN:
   case GL_POINT_SIZE_MAX:
   case GL_POINT_DISTANCE_ATTENUATION:
      return _mesa_has_ff(ctx);
   default:
      return false;
   }
}

/* p: the value (three for the attenuation), as floats. */
static void
point_parameter(GLenum pname, const GLfloat *p, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_inside_begin_end(ctx, func))
      return;
   if (!known_pname(ctx, pname)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return;
   }
   if (pname == GL_POINT_SPRITE_COORD_ORIGIN) {
      GLenum origin = _mesa_enum_from_float(p[0]);
      if (origin != GL_LOWER_LEFT && origin != GL_UPPER_LEFT) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(origin=0x%x)", func, origin);
         return;
      }
      ctx->FF.PointParams.SpriteOrigin = origin;
      ctx->NewState |= ST_NEW_RASTERIZER; /* sprite_coord_mode */
      return;
   }
   if (pname == GL_POINT_DISTANCE_ATTENUATION) {
      for (unsigned i = 0; i < 3; i++)
         ctx->FF.PointParams.Attenuation[i] = p[i];
      return;
   }
   /* The sizes and the threshold may not be negative. */
   if (p[0] < 0.0f) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(%f)", func, (double)p[0]);
      return;
   }
   GLfloat *dst = pname == GL_POINT_SIZE_MIN   ? &ctx->FF.PointParams.MinSize
                  : pname == GL_POINT_SIZE_MAX ? &ctx->FF.PointParams.MaxSize
                                               : &ctx->FF.PointParams.FadeThreshold;
   *dst = p[0];
}

void GLAPIENTRY
_mesa_PointParameterfv(GLenum pname, const GLfloat *params)
{
   if (params)
      point_parameter(pname, params, "glPointParameterfv");
}

void GLAPIENTRY
_mesa_PointParameterf(GLenum pname, GLfloat param)
{
   /* The scalar form with the attenuation: the value then zeros, as Mesa
    * takes it. */
   const GLfloat p[3] = {param, 0.0f, 0.0f};
   point_parameter(pname, p, "glPointParameterf");
}

void GLAPIENTRY
_mesa_PointParameteriv(GLenum pname, const GLint *params)
{
   GLfloat p[3] = {0.0f, 0.0f, 0.0f};

   if (!params)
      return;
   for (size_t i = 0; i < _mesa_point_param_count(pname); i++)
      p[i] = (GLfloat)params[i];
   point_parameter(pname, p, "glPointParameteriv");
}

void GLAPIENTRY
_mesa_PointParameteri(GLenum pname, GLint param)
{
   const GLfloat p[3] = {(GLfloat)param, 0.0f, 0.0f};
   point_parameter(pname, p, "glPointParameteri");
}

bool
_mesa_get_point_param_state(struct gl_context *ctx, GLenum pname, GLfloat *f,
                            unsigned *n, enum ff_value_kind *kind)
{
   if (!known_pname(ctx, pname))
      return false;
   *n = 1;
   *kind = FF_VALUE_FLOAT;
   switch (pname) {
   case GL_POINT_SIZE_MIN: f[0] = ctx->FF.PointParams.MinSize; break;
   case GL_POINT_SIZE_MAX: f[0] = ctx->FF.PointParams.MaxSize; break;
   case GL_POINT_FADE_THRESHOLD_SIZE:
      f[0] = ctx->FF.PointParams.FadeThreshold;
      break;
   case GL_POINT_DISTANCE_ATTENUATION:
      for (unsigned i = 0; i < 3; i++)
         f[i] = ctx->FF.PointParams.Attenuation[i];
      *n = 3;
      break;
   default: /* GL_POINT_SPRITE_COORD_ORIGIN */
      f[0] = (GLfloat)ctx->FF.PointParams.SpriteOrigin;
      *kind = FF_VALUE_INT;
      break;
   }
   return true;
}
