/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Depth and stencil state (ES 2.0 section 4.1.4-4.1.5, 4.2.2). */
#include "main/context.h"
#include "main/viewport_array.h"

static bool
valid_func(GLenum func)
{
   return func >= GL_NEVER && func <= GL_ALWAYS;
}

static GLfloat
clampf(GLfloat v)
{
   return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

void GLAPIENTRY
_mesa_DepthFunc(GLenum func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!valid_func(func)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glDepthFunc(0x%x)", func);
      return;
   }
   ctx->Depth.Func = func;
   ctx->NewState |= ST_NEW_DSA;
}

void GLAPIENTRY
_mesa_DepthMask(GLboolean flag)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   ctx->Depth.Mask = flag != GL_FALSE;
   ctx->NewState |= ST_NEW_DSA;
}

void GLAPIENTRY
_mesa_DepthRangef(GLfloat n, GLfloat f)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   /* every depth range (ARB_viewport_array), clamped there */
   for (unsigned i = 0; i < MAX_VIEWPORTS; i++)
      _mesa_set_depth_range(ctx, i, n, f);
}

void GLAPIENTRY
_mesa_ClearDepthf(GLfloat d)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   ctx->Depth.Clear = clampf(d);
}

/* Applies to the faces in face (GL_FRONT, GL_BACK, GL_FRONT_AND_BACK);
 * false for any other value. */
static bool
face_range(GLenum face, int *first, int *last)
{
   switch (face) {
   case GL_FRONT:
      *first = *last = 0;
      return true;
   case GL_BACK:
      *first = *last = 1;
      return true;
   case GL_FRONT_AND_BACK:
      *first = 0;
      *last = 1;
      return true;
   default:
      return false;
   }
}

void GLAPIENTRY
_mesa_StencilFuncSeparate(GLenum face, GLenum func, GLint ref, GLuint mask)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   int first, last;

   if (!face_range(face, &first, &last) || !valid_func(func)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glStencilFuncSeparate");
      return;
   }
   for (int f = first; f <= last; f++) {
      ctx->Stencil.Func[f] = func;
      ctx->Stencil.Ref[f] = ref;
      ctx->Stencil.ValueMask[f] = mask;
   }
   ctx->NewState |= ST_NEW_DSA | ST_NEW_STENCIL_REF;
}

void GLAPIENTRY
_mesa_StencilFunc(GLenum func, GLint ref, GLuint mask)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!valid_func(func)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glStencilFunc(0x%x)", func);
      return;
   }
   _mesa_StencilFuncSeparate(GL_FRONT_AND_BACK, func, ref, mask);
}

static bool
valid_op(GLenum op)
{
   switch (op) {
   case GL_KEEP:
   case GL_ZERO:
   case GL_REPLACE:
   case GL_INCR:
   case GL_DECR:
   case GL_INVERT:
   case GL_INCR_WRAP:
   case GL_DECR_WRAP:
      return true;
   default:
      return false;
   }
}

void GLAPIENTRY
_mesa_StencilOpSeparate(GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   int first, last;

   if (!face_range(face, &first, &last) || !valid_op(sfail) ||
       !valid_op(dpfail) || !valid_op(dppass)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glStencilOp");
      return;
   }
   for (int f = first; f <= last; f++) {
      ctx->Stencil.FailOp[f] = sfail;
      ctx->Stencil.ZFailOp[f] = dpfail;
      ctx->Stencil.ZPassOp[f] = dppass;
   }
   ctx->NewState |= ST_NEW_DSA;
}

void GLAPIENTRY
_mesa_StencilOp(GLenum fail, GLenum zfail, GLenum zpass)
{
   _mesa_StencilOpSeparate(GL_FRONT_AND_BACK, fail, zfail, zpass);
}

void GLAPIENTRY
_mesa_StencilMaskSeparate(GLenum face, GLuint mask)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   int first, last;

   if (!face_range(face, &first, &last)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glStencilMaskSeparate");
      return;
   }
   for (int f = first; f <= last; f++)
      ctx->Stencil.WriteMask[f] = mask;
   ctx->NewState |= ST_NEW_DSA;
}

void GLAPIENTRY
_mesa_StencilMask(GLuint mask)
{
   _mesa_StencilMaskSeparate(GL_FRONT_AND_BACK, mask);
}

void GLAPIENTRY
_mesa_ClearStencil(GLint s)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   ctx->Stencil.Clear = s;
}
