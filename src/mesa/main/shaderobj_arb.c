/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ARB_shader_objects' commands that take a handle of either kind (the
 * extension's "Errors" and "New State" sections; a handle is a GL 2.0
 * shader or program name: shaders and programs share one namespace).
 * Its other commands, and ARB_vertex_shader's, are the GL 2.0 commands
 * under the registry's aliases (gl_gen.py).  Compatibility contexts only
 * (extensions.c).
 */
#include "main/context.h"
#include "main/hash.h"
#include "main/shaderobj.h"

/* What a handle names: 1 a program, 0 a shader, -1 nothing (with
 * INVALID_VALUE recorded: the extension's "invalid handle" error). */
static int
handle_kind(struct gl_context *ctx, GLhandleARB obj, const char *func)
{
   const bool *is_program =
      _mesa_name_lookup_object(ctx->Shared->ShaderObjects, obj);
   if (!is_program) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(handle %u)", func, obj);
      return -1;
   }
   return *is_program ? 1 : 0;
}

void GLAPIENTRY
_mesa_DeleteObjectARB(GLhandleARB obj)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!obj)
      return; /* as DeleteShader/DeleteProgram(0) */
   int kind = handle_kind(ctx, obj, "glDeleteObjectARB");
   if (kind == 1)
      _mesa_DeleteProgram(obj);
   else if (kind == 0)
      _mesa_DeleteShader(obj);
}

GLhandleARB GLAPIENTRY
_mesa_GetHandleARB(GLenum pname)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx)
      return 0;
   if (pname != GL_PROGRAM_OBJECT_ARB) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetHandleARB(pname=0x%x)", pname);
      return 0;
   }
   return ctx->CurrentProgram ? ctx->CurrentProgram->Name : 0;
}

void GLAPIENTRY
_mesa_GetObjectParameterivARB(GLhandleARB obj, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   int kind = handle_kind(ctx, obj, "glGetObjectParameterivARB");

   if (kind < 0)
      return;
   /* OBJECT_TYPE_ARB and, for shaders, OBJECT_SUBTYPE_ARB are the
    * extension's own; the other names are GL 2.0's enums with the same
    * values (OBJECT_COMPILE_STATUS_ARB = COMPILE_STATUS, ...), and a
    * query of the wrong kind is INVALID_OPERATION in both. */
   if (pname == GL_OBJECT_TYPE_ARB) {
      *params = kind ? GL_PROGRAM_OBJECT_ARB : GL_SHADER_OBJECT_ARB;
      return;
   }
   if (pname == GL_OBJECT_SUBTYPE_ARB) {
      if (kind)
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "glGetObjectParameterivARB(subtype of a program)");
      else
         _mesa_GetShaderiv(obj, GL_SHADER_TYPE, params);
      return;
   }
   if (kind)
      _mesa_GetProgramiv(obj, pname, params);
   else
      _mesa_GetShaderiv(obj, pname, params);
}

void GLAPIENTRY
_mesa_GetObjectParameterfvARB(GLhandleARB obj, GLenum pname, GLfloat *params)
{
   GLint v = 0;
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLenum before = ctx->ErrorValue;

   _mesa_GetObjectParameterivARB(obj, pname, &v);
   if (ctx->ErrorValue == before)
      *params = (GLfloat)v;
}

void GLAPIENTRY
_mesa_GetInfoLogARB(GLhandleARB obj, GLsizei maxLength, GLsizei *length,
                    GLcharARB *infoLog)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   int kind = handle_kind(ctx, obj, "glGetInfoLogARB");

   if (kind == 1)
      _mesa_GetProgramInfoLog(obj, maxLength, length, infoLog);
   else if (kind == 0)
      _mesa_GetShaderInfoLog(obj, maxLength, length, infoLog);
}

void GLAPIENTRY
_mesa_GetAttachedObjectsARB(GLhandleARB containerObj, GLsizei maxCount,
                            GLsizei *count, GLhandleARB *obj)
{
   /* GLhandleARB is GLuint here (gl_gen.py). */
   _mesa_GetAttachedShaders(containerObj, maxCount, count, obj);
}
