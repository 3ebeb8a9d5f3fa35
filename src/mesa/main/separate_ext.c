/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL_EXT_separate_shader_objects, the ES 2.0/3.0 extension (not the
 * desktop one of that name): the program pipeline commands of ES 3.1
 * with an EXT suffix, in ES 2.0 and 3.0 contexts too.  Its
 * glProgramParameteriEXT and glProgramUniform*EXT are aliases of the core
 * commands in the registry (gl_gen.py gives them the same entry point);
 * the rest are not, so they are spelled out here.  The rules are the
 * core ones (pipeline.c, separate.c): the extension's text is what ES 3.1
 * took in.
 */
#include "main/context.h"
#include "main/gl_api.h"

void GLAPIENTRY
_mesa_ActiveShaderProgramEXT(GLuint pipeline, GLuint program)
{
   _mesa_ActiveShaderProgram(pipeline, program);
}

void GLAPIENTRY
_mesa_BindProgramPipelineEXT(GLuint pipeline)
{
   _mesa_BindProgramPipeline(pipeline);
}

GLuint GLAPIENTRY
_mesa_CreateShaderProgramvEXT(GLenum type, GLsizei count,
                              const GLchar **strings)
{
   /* (the registry's prototype lacks the core one's inner const) */
   return _mesa_CreateShaderProgramv(type, count, strings);
}

void GLAPIENTRY
_mesa_DeleteProgramPipelinesEXT(GLsizei n, const GLuint *pipelines)
{
   _mesa_DeleteProgramPipelines(n, pipelines);
}

void GLAPIENTRY
_mesa_GenProgramPipelinesEXT(GLsizei n, GLuint *pipelines)
{
   _mesa_GenProgramPipelines(n, pipelines);
}

void GLAPIENTRY
_mesa_GetProgramPipelineInfoLogEXT(GLuint pipeline, GLsizei bufSize,
                                   GLsizei *length, GLchar *infoLog)
{
   _mesa_GetProgramPipelineInfoLog(pipeline, bufSize, length, infoLog);
}

void GLAPIENTRY
_mesa_GetProgramPipelineivEXT(GLuint pipeline, GLenum pname, GLint *params)
{
   _mesa_GetProgramPipelineiv(pipeline, pname, params);
}

GLboolean GLAPIENTRY
_mesa_IsProgramPipelineEXT(GLuint pipeline)
{
   return _mesa_IsProgramPipeline(pipeline);
}

void GLAPIENTRY
_mesa_UseProgramStagesEXT(GLuint pipeline, GLbitfield stages,
                          GLuint program)
{
   _mesa_UseProgramStages(pipeline, stages, program);
}

void GLAPIENTRY
_mesa_ValidateProgramPipelineEXT(GLuint pipeline)
{
   _mesa_ValidateProgramPipeline(pipeline);
}
