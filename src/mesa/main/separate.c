/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Separable programs (ARB_separate_shader_objects, GL 4.6 7.3, ES 3.1
 * 7.3): glProgramParameteri, glCreateShaderProgramv, and what the
 * generated glProgramUniform* entry points (gl_program_uniform_gen.py)
 * call around the glUniform* they forward to.  Program pipelines are in
 * pipeline.c.
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/separate.h"
#include "main/shaderobj.h"

bool
_mesa_has_separate_shader_objects(const struct gl_context *ctx)
{
   /* Desktop contexts have ARB_separate_shader_objects, ES 3.1 has it
    * in core, ES 2.0 and 3.0 contexts GL_EXT_separate_shader_objects
    * (separate_ext.c). */
   return _mesa_is_desktop_or_gles31(ctx) || _mesa_is_gles(ctx);
}

void GLAPIENTRY
_mesa_ProgramParameteri(GLuint program, GLenum pname, GLint value)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog =
      _mesa_lookup_program_err(ctx, program, "glProgramParameteri");

   if (!prog)
      return;
   if (pname != GL_PROGRAM_BINARY_RETRIEVABLE_HINT &&
       (pname != GL_PROGRAM_SEPARABLE ||
        !_mesa_has_separate_shader_objects(ctx))) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glProgramParameteri(pname=0x%x)",
                  pname);
      return;
   }
   /* GL 4.6 7.3: anything but TRUE and FALSE is INVALID_VALUE. */
   if (value != GL_TRUE && value != GL_FALSE) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glProgramParameteri(value=%d)",
                  value);
      return;
   }
   /* Both take effect at the next link. */
   if (pname == GL_PROGRAM_SEPARABLE)
      prog->Separable = value;
   else
      prog->BinaryRetrievableHint = value;
}

/* The info log of a shader, appended to the program's (GL 4.6 7.3: the
 * program's log holds the compile log as well). */
static void
append_log(struct gl_program_object *prog, const char *log)
{
   size_t a = prog->InfoLog ? strlen(prog->InfoLog) : 0;
   size_t b = log ? strlen(log) : 0;
   if (!b)
      return;
   char *s = malloc(a + b + 1);
   if (!s)
      return;
   if (a)
      memcpy(s, prog->InfoLog, a);
   memcpy(s + a, log, b + 1);
   free(prog->InfoLog);
   prog->InfoLog = s;
}

GLuint GLAPIENTRY
_mesa_CreateShaderProgramv(GLenum type, GLsizei count,
                           const GLchar *const *strings)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx)
      return 0;
   if (count < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glCreateShaderProgramv(count)");
      return 0;
   }
   /* GL 4.6 7.3: as if by these commands, the shader deleted at the end
    * (an unknown type is CreateShader's INVALID_ENUM). */
   GLuint shader = _mesa_CreateShader(type);
   if (!shader)
      return 0;
   _mesa_ShaderSource(shader, count, strings, NULL);
   _mesa_CompileShader(shader);
   GLuint program = _mesa_CreateProgram();
   struct gl_program_object *prog =
      program ? _mesa_lookup_program_err(ctx, program,
                                         "glCreateShaderProgramv")
              : NULL;
   if (prog) {
      GLint compiled = 0;
      prog->Separable = true;
      _mesa_GetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
      if (compiled) {
         _mesa_AttachShader(program, shader);
         _mesa_LinkProgram(program);
         _mesa_DetachShader(program, shader);
      }
      GLint len = 0;
      _mesa_GetShaderiv(shader, GL_INFO_LOG_LENGTH, &len);
      char *log = len > 0 ? malloc((size_t)len) : NULL;
      if (log) {
         _mesa_GetShaderInfoLog(shader, len, NULL, log);
         append_log(prog, log);
         free(log);
      }
   }
   _mesa_DeleteShader(shader);
   return program;
}

struct gl_program_object *
_mesa_program_uniform_begin(struct gl_context *ctx, GLuint program,
                            const char *func)
{
   struct gl_program_object *prog =
      _mesa_lookup_program_err(ctx, program, func);
   if (!prog)
      return NULL;
   /* GL 4.6 7.6.1: a program that was never linked has no locations */
   if (!prog->exec) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not linked)", func);
      return NULL;
   }
   ctx->ProgramUniformTarget = prog;
   return prog;
}

void
_mesa_program_uniform_end(struct gl_context *ctx)
{
   ctx->ProgramUniformTarget = NULL;
}
