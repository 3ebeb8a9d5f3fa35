/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ES 3.0 program queries (section 2.12.6, 3.9.2): uniform indices and
 * their properties (block members included, uniformblocks.h), fragment
 * data locations, and program binaries (no formats:
 * GL_NUM_PROGRAM_BINARY_FORMATS is 0).  The block queries are in
 * uniformblocks.c.
 */
#include <string.h>

#include "main/context.h"
#include "main/extensions.h"
#include "main/shaderobj.h"
#include "main/uniformblocks.h"
#include "glsl_program.h"

static const struct glsl_program *
linked_or_null(struct gl_program_object *prog)
{
   return prog->LinkStatus && prog->exec ? prog->exec->linked : NULL;
}

/* The fragment output name is (or an element of), with its colour
 * number in *location; NULL when none. */
static const struct glsl_program_frag_output *
find_frag_output(const struct glsl_program *p, const char *name,
                 int *location)
{
   if (!name || strncmp(name, "gl_", 3) == 0)
      return NULL;
   for (unsigned i = 0; i < p->num_frag_outputs; i++) {
      const struct glsl_program_frag_output *o = &p->frag_outputs[i];
      size_t n = strlen(o->name);
      if (strncmp(name, o->name, n) != 0)
         continue;
      int base = o->location - FRAG_RESULT_DATA0;
      if (name[n] == '\0') {
         *location = base;
         return o;
      }
      /* "out[2]" of an array output. */
      if (name[n] == '[' && o->array_size > 1) {
         unsigned e = 0;
         const char *c = name + n + 1;
         while (*c >= '0' && *c <= '9')
            e = e * 10 + (unsigned)(*c++ - '0');
         if (c[0] == ']' && c[1] == '\0' && e < o->array_size) {
            *location = base + (int)e;
            return o;
         }
      }
   }
   return NULL;
}

/* The linked program, or NULL after INVALID_OPERATION (GL 3.0 section
 * 3.12.2: "If program has not been successfully linked"). */
static const struct glsl_program *
frag_data_program(struct gl_context *ctx, GLuint program, const char *func)
{
   struct gl_program_object *prog = _mesa_lookup_program_err(ctx, program,
                                                             func);
   if (!prog)
      return NULL;
   const struct glsl_program *p = linked_or_null(prog);
   if (!p)
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s", func);
   return p;
}

GLint GLAPIENTRY
_mesa_GetFragDataLocation(GLuint program, const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   int location;

   if (!ctx)
      return -1;
   const struct glsl_program *p =
      frag_data_program(ctx, program, "glGetFragDataLocation");
   if (!p || !find_frag_output(p, name, &location))
      return -1;
   return location;
}

/* ARB_blend_func_extended / EXT_blend_func_extended (ES 3.0): the blend
 * input (0 or 1) a fragment output was bound to, -1 for other names. */
GLint GLAPIENTRY
_mesa_GetFragDataIndex(GLuint program, const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   int location;

   if (!ctx)
      return -1;
   if (_mesa_is_gles(ctx) &&
       (ctx->Version < 30 ||
        !_mesa_has_extension(ctx, "GL_EXT_blend_func_extended"))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glGetFragDataIndexEXT");
      return -1;
   }
   const struct glsl_program *p =
      frag_data_program(ctx, program, "glGetFragDataIndex");
   const struct glsl_program_frag_output *o =
      p ? find_frag_output(p, name, &location) : NULL;
   return o ? (GLint)o->index : -1;
}

void GLAPIENTRY
_mesa_GetUniformIndices(GLuint program, GLsizei uniformCount,
                        const GLchar *const *uniformNames,
                        GLuint *uniformIndices)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog;

   if (uniformCount < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetUniformIndices(count)");
      return;
   }
   prog = _mesa_lookup_program_err(ctx, program, "glGetUniformIndices");
   if (!prog)
      return;
   unsigned count = _mesa_num_active_uniforms(prog);
   for (GLsizei i = 0; i < uniformCount; i++) {
      uniformIndices[i] = GL_INVALID_INDEX;
      for (unsigned u = 0; u < count; u++) {
         struct gl_active_uniform au;
         _mesa_get_active_uniform(prog, u, &au);
         const char *n = au.name;
         size_t len = strlen(n);
         /* "a[0]" also answers to "a". */
         if (strcmp(n, uniformNames[i]) == 0 ||
             (len > 3 && strcmp(n + len - 3, "[0]") == 0 &&
              strlen(uniformNames[i]) == len - 3 &&
              strncmp(n, uniformNames[i], len - 3) == 0)) {
            uniformIndices[i] = u;
            break;
         }
      }
   }
}

void GLAPIENTRY
_mesa_GetActiveUniformsiv(GLuint program, GLsizei uniformCount,
                          const GLuint *uniformIndices, GLenum pname,
                          GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog;

   if (uniformCount < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformsiv(count)");
      return;
   }
   prog = _mesa_lookup_program_err(ctx, program, "glGetActiveUniformsiv");
   if (!prog)
      return;
   unsigned count = _mesa_num_active_uniforms(prog);
   for (GLsizei i = 0; i < uniformCount; i++) {
      if (uniformIndices[i] >= count) {
         _mesa_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformsiv(index=%u)",
                     uniformIndices[i]);
         return;
      }
   }
   switch (pname) {
   case GL_UNIFORM_TYPE:
   case GL_UNIFORM_SIZE:
   case GL_UNIFORM_NAME_LENGTH:
   case GL_UNIFORM_BLOCK_INDEX:
   case GL_UNIFORM_OFFSET:
   case GL_UNIFORM_ARRAY_STRIDE:
   case GL_UNIFORM_MATRIX_STRIDE:
   case GL_UNIFORM_IS_ROW_MAJOR:
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetActiveUniformsiv(pname)");
      return;
   }
   for (GLsizei i = 0; i < uniformCount; i++) {
      struct gl_active_uniform u;
      _mesa_get_active_uniform(prog, uniformIndices[i], &u);
      const struct glsl_program_block_member *m = u.member;
      /* ES 3.0.6 2.12.6.2: uniforms of the default block have no block
       * (-1) and no offset or strides (-1), and are not row-major. */
      switch (pname) {
      case GL_UNIFORM_TYPE:
         params[i] = (GLint)u.type;
         break;
      case GL_UNIFORM_SIZE:
         params[i] = u.size;
         break;
      case GL_UNIFORM_NAME_LENGTH:
         params[i] = (GLint)strlen(u.name) + 1;
         break;
      case GL_UNIFORM_BLOCK_INDEX:
         params[i] = u.block;
         break;
      case GL_UNIFORM_OFFSET:
         params[i] = m ? (GLint)m->offset_B : -1;
         break;
      case GL_UNIFORM_ARRAY_STRIDE:
         params[i] = m ? (GLint)m->array_stride_B : -1;
         break;
      case GL_UNIFORM_MATRIX_STRIDE:
         params[i] = m ? (GLint)m->matrix_stride_B : -1;
         break;
      default: /* GL_UNIFORM_IS_ROW_MAJOR */
         params[i] = m && m->matrix_stride_B && m->row_major;
         break;
      }
   }
}

void GLAPIENTRY
_mesa_GetProgramBinary(GLuint program, GLsizei bufSize, GLsizei *length,
                       GLenum *binaryFormat, void *binary)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog;

   if (bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetProgramBinary(bufSize)");
      return;
   }
   prog = _mesa_lookup_program_err(ctx, program, "glGetProgramBinary");
   if (!prog)
      return;
   if (length)
      *length = 0;
   /* No binary formats: the binary (of length 0) cannot be returned. */
   _mesa_error(ctx, GL_INVALID_OPERATION, "glGetProgramBinary");
}

void GLAPIENTRY
_mesa_ProgramBinary(GLuint program, GLenum binaryFormat, const void *binary,
                    GLsizei length)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_lookup_program_err(ctx, program, "glProgramBinary"))
      return;
   _mesa_error(ctx, GL_INVALID_ENUM, "glProgramBinary(binaryFormat=0x%x)",
               binaryFormat);
}
