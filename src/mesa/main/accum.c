/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The accumulation buffer and colour index commands of GL 1.0 (GL 2.1
 * sections 4.2.2, 4.2.3 and 4.2.4).  Our configs have neither an
 * accumulation buffer nor colour index mode, so these only validate and
 * keep their state; the dispatch layer (gl_dispatch.py) compiles them
 * into display lists and raises GL_INVALID_OPERATION between glBegin
 * and glEnd, as for the other GL 1.0 commands.
 */
#include "main/context.h"
#include "main/ffstate.h"
#include "util/u_math.h"

void GLAPIENTRY
_mesa_ClearAccum(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (!_mesa_ff_allowed(ctx, "glClearAccum"))
      return;
   /* Section 4.2.3: clamped to [-1, 1]. */
   const GLfloat v[4] = {red, green, blue, alpha};
   for (unsigned c = 0; c < 4; c++)
      ctx->FF.AccumClear[c] = CLAMP(v[c], -1.0f, 1.0f);
}

void GLAPIENTRY
_mesa_ClearIndex(GLfloat c)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (!_mesa_ff_allowed(ctx, "glClearIndex"))
      return;
   ctx->FF.IndexClear = c;
}

void GLAPIENTRY
_mesa_IndexMask(GLuint mask)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (!_mesa_ff_allowed(ctx, "glIndexMask"))
      return;
   ctx->FF.IndexMask = mask;
}

/* GL 2.1 section 2.7: glIndex sets the current colour index (allowed
 * between glBegin and glEnd, table 6.5's initial 1).  Without colour
 * index mode it only answers GL_CURRENT_INDEX; integer forms keep their
 * value, as the index is a float of the current state. */
void GLAPIENTRY
_mesa_Indexf(GLfloat c)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (_mesa_ff_compat_only(ctx, "glIndex"))
      ctx->FF.CurrentIndex = c;
}

void GLAPIENTRY
_mesa_Indexd(GLdouble c)
{
   _mesa_Indexf((GLfloat)c);
}

void GLAPIENTRY
_mesa_Indexi(GLint c)
{
   _mesa_Indexf((GLfloat)c);
}

void GLAPIENTRY
_mesa_Indexs(GLshort c)
{
   _mesa_Indexf((GLfloat)c);
}

void GLAPIENTRY
_mesa_Indexub(GLubyte c)
{
   _mesa_Indexf((GLfloat)c);
}

void GLAPIENTRY
_mesa_Indexfv(const GLfloat *c)
{
   if (c)
      _mesa_Indexf(c[0]);
}

void GLAPIENTRY
_mesa_Indexdv(const GLdouble *c)
{
   if (c)
      _mesa_Indexf((GLfloat)c[0]);
}

void GLAPIENTRY
_mesa_Indexiv(const GLint *c)
{
   if (c)
      _mesa_Indexf((GLfloat)c[0]);
}

void GLAPIENTRY
_mesa_Indexsv(const GLshort *c)
{
   if (c)
      _mesa_Indexf((GLfloat)c[0]);
}

void GLAPIENTRY
_mesa_Indexubv(const GLubyte *c)
{
   if (c)
      _mesa_Indexf((GLfloat)c[0]);
}

void GLAPIENTRY
_mesa_Accum(GLenum op, GLfloat value)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glAccum";
   (void)value;
   if (!_mesa_ff_allowed(ctx, func))
      return;
   switch (op) {
   case GL_ACCUM:
   case GL_LOAD:
   case GL_RETURN:
   case GL_MULT:
   case GL_ADD:
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(op=0x%x)", func, op);
      return;
   }
   /* Section 4.2.4: no accumulation buffer (none of our configs has
    * one) is GL_INVALID_OPERATION. */
   _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no accumulation buffer)",
               func);
}
