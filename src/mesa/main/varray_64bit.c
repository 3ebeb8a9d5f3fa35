/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The 64-bit vertex attribute commands of GL 4.1 and
 * GL_ARB_vertex_attrib_64bit (glVertexAttribLFormat, glVertexAttribLPointer)
 * in contexts that offer neither: no context here has 64-bit shader
 * inputs (dvec*), which the commands feed.  GL leaves a call of a command
 * the context lacks undefined; as Mesa does for its unsupported commands,
 * it raises INVALID_OPERATION and changes nothing, so a program probing
 * with glGetError learns the command is not there.  (glVertexAttribPointer
 * with GL_DOUBLE, which converts to float, is another matter:
 * st_draw_double.c.)
 */
#include "main/context.h"
#include "main/gl_api.h"

static void
unsupported(const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   _mesa_error(ctx, GL_INVALID_OPERATION,
               "%s(no 64-bit vertex attributes: GL 4.1, "
               "GL_ARB_vertex_attrib_64bit)",
               func);
}

void GLAPIENTRY
_mesa_VertexAttribLFormat(GLuint attribindex, GLint size, GLenum type,
                          GLuint relativeoffset)
{
   unsupported("glVertexAttribLFormat");
}

void GLAPIENTRY
_mesa_VertexAttribLPointer(GLuint index, GLint size, GLenum type,
                           GLsizei stride, const void *pointer)
{
   unsupported("glVertexAttribLPointer");
}
