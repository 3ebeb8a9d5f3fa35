/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Program interface queries (GL 4.3 7.3.1, ARB_program_interface_query)
 * for the interfaces of shader storage blocks: GL_SHADER_STORAGE_BLOCK
 * (glsl_program.ssbos) and GL_BUFFER_VARIABLE (their members, block after
 * block).  The other interfaces are not answered yet: they are
 * GL_INVALID_ENUM here.
 */
#include <string.h>

#include "main/compute.h"
#include "main/context.h"
#include "main/shaderobj.h"
#include "compiler/glsl/glsl_program.h"

static bool
known_interface(struct gl_context *ctx, GLenum iface, const char *func)
{
   if (_mesa_has_ssbos(ctx) &&
       (iface == GL_SHADER_STORAGE_BLOCK || iface == GL_BUFFER_VARIABLE))
      return true;
   _mesa_error(ctx, GL_INVALID_ENUM, "%s(programInterface=0x%x)", func,
               iface);
   return false;
}

/* The program (linked or not), NULL after an error. */
static struct gl_program_object *
lookup(struct gl_context *ctx, GLuint program, GLenum iface, const char *func)
{
   struct gl_program_object *prog =
      _mesa_lookup_program_err(ctx, program, func);
   if (!prog || !known_interface(ctx, iface, func))
      return NULL;
   return prog;
}

static const struct glsl_program *
linked(const struct gl_program_object *prog)
{
   return prog->LinkStatus && prog->exec ? prog->exec->linked : NULL;
}

static unsigned
num_variables(const struct glsl_program *p)
{
   unsigned n = 0;
   for (unsigned k = 0; p && k < p->num_ssbos; k++)
      n += p->ssbos[k].num_members;
   return n;
}

static unsigned
num_resources(const struct glsl_program *p, GLenum iface)
{
   if (!p)
      return 0;
   return iface == GL_SHADER_STORAGE_BLOCK ? p->num_ssbos : num_variables(p);
}

/* Buffer variable i: its member entry, and its block in *block. */
static const struct glsl_program_block_member *
variable(const struct glsl_program *p, unsigned i, unsigned *block)
{
   for (unsigned k = 0; k < p->num_ssbos; k++) {
      if (i < p->ssbos[k].num_members) {
         *block = k;
         return &p->ssbos[k].members[i];
      }
      i -= p->ssbos[k].num_members;
   }
   return NULL;
}

static const char *
resource_name(const struct glsl_program *p, GLenum iface, unsigned i)
{
   unsigned block;
   if (iface == GL_SHADER_STORAGE_BLOCK)
      return p->ssbos[i].name;
   return variable(p, i, &block)->name;
}

void GLAPIENTRY
_mesa_GetProgramInterfaceiv(GLuint program, GLenum programInterface,
                            GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glGetProgramInterfaceiv";
   struct gl_program_object *prog = lookup(ctx, program, programInterface,
                                           func);
   if (!prog)
      return;
   const struct glsl_program *p = linked(prog);
   unsigned n = num_resources(p, programInterface);
   switch (pname) {
   case GL_ACTIVE_RESOURCES:
      *params = (GLint)n;
      return;
   case GL_MAX_NAME_LENGTH: {
      GLint m = 0;
      for (unsigned i = 0; i < n; i++) {
         GLint l = (GLint)strlen(resource_name(p, programInterface, i)) + 1;
         m = l > m ? l : m;
      }
      *params = m;
      return;
   }
   case GL_MAX_NUM_ACTIVE_VARIABLES:
      /* GL 4.3 7.3.1.1: INVALID_OPERATION for interfaces without
       * variables of their own */
      if (programInterface != GL_SHADER_STORAGE_BLOCK) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(pname)", func);
         return;
      }
      *params = 0;
      for (unsigned k = 0; k < n; k++) {
         if ((GLint)p->ssbos[k].num_members > *params)
            *params = (GLint)p->ssbos[k].num_members;
      }
      return;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
   }
}

GLuint GLAPIENTRY
_mesa_GetProgramResourceIndex(GLuint program, GLenum programInterface,
                              const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_INVALID_INDEX;
   struct gl_program_object *prog = lookup(ctx, program, programInterface,
                                           "glGetProgramResourceIndex");
   const struct glsl_program *p = prog ? linked(prog) : NULL;
   unsigned n = num_resources(p, programInterface);
   if (!name)
      return GL_INVALID_INDEX;
   for (unsigned i = 0; i < n; i++) {
      const char *r = resource_name(p, programInterface, i);
      if (!strcmp(r, name))
         return i;
      /* "a" names the array "a[0]" is listed as (GL 4.3 7.3.1.1) */
      size_t l = strlen(name);
      if (programInterface == GL_BUFFER_VARIABLE && !strncmp(r, name, l) &&
          !strcmp(r + l, "[0]"))
         return i;
   }
   return GL_INVALID_INDEX;
}

void GLAPIENTRY
_mesa_GetProgramResourceName(GLuint program, GLenum programInterface,
                             GLuint index, GLsizei bufSize, GLsizei *length,
                             GLchar *name)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glGetProgramResourceName";
   struct gl_program_object *prog = lookup(ctx, program, programInterface,
                                           func);
   if (!prog)
      return;
   const struct glsl_program *p = linked(prog);
   if (index >= num_resources(p, programInterface)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   if (bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(bufSize=%d)", func, bufSize);
      return;
   }
   const char *r = resource_name(p, programInterface, index);
   GLsizei l = (GLsizei)strlen(r);
   if (bufSize > 0 && name) {
      if (l > bufSize - 1)
         l = bufSize - 1;
      memcpy(name, r, (size_t)l);
      name[l] = '\0';
   } else {
      l = 0;
   }
   if (length)
      *length = l;
}

static const GLenum referenced_by[][2] = {
   { GL_REFERENCED_BY_VERTEX_SHADER, MESA_SHADER_VERTEX },
   { GL_REFERENCED_BY_TESS_CONTROL_SHADER, MESA_SHADER_TESS_CTRL },
   { GL_REFERENCED_BY_TESS_EVALUATION_SHADER, MESA_SHADER_TESS_EVAL },
   { GL_REFERENCED_BY_GEOMETRY_SHADER, MESA_SHADER_GEOMETRY },
   { GL_REFERENCED_BY_FRAGMENT_SHADER, MESA_SHADER_FRAGMENT },
   { GL_REFERENCED_BY_COMPUTE_SHADER, MESA_SHADER_COMPUTE },
};

/* One property of resource `index`: the values written (up to max), or -1
 * for a property the interface does not have. */
static int
property(const struct gl_program_exec *exec, GLenum iface, unsigned index,
         GLenum prop, GLint *out, unsigned max)
{
   const struct glsl_program *p = exec->linked;
   const struct glsl_program_block *b;
   const struct glsl_program_block_member *m = NULL;
   unsigned block = index;
   if (iface == GL_BUFFER_VARIABLE)
      m = variable(p, index, &block);
   b = &p->ssbos[block];
   if (!max)
      return 0;
   if (prop == GL_NAME_LENGTH) {
      out[0] = (GLint)strlen(resource_name(p, iface, index)) + 1;
      return 1;
   }
   for (unsigned i = 0; i < 6; i++) {
      if (prop == referenced_by[i][0]) {
         out[0] = (b->stages >> referenced_by[i][1]) & 1;
         return 1;
      }
   }
   if (!m) {
      switch (prop) {
      case GL_BUFFER_BINDING:
         /* as glShaderStorageBlockBinding left it */
         out[0] = (GLint)exec->ssbo_bindings[block];
         return 1;
      case GL_BUFFER_DATA_SIZE:
         out[0] = (GLint)b->size_B;
         return 1;
      case GL_NUM_ACTIVE_VARIABLES:
         out[0] = (GLint)b->num_members;
         return 1;
      case GL_ACTIVE_VARIABLES: {
         unsigned first = 0;
         for (unsigned k = 0; k < block; k++)
            first += p->ssbos[k].num_members;
         unsigned n = b->num_members < max ? b->num_members : max;
         for (unsigned i = 0; i < n; i++)
            out[i] = (GLint)(first + i);
         return (int)n;
      }
      default:
         return -1;
      }
   }
   switch (prop) {
   case GL_TYPE:
      out[0] = (GLint)m->gl_type;
      return 1;
   case GL_ARRAY_SIZE:
      out[0] = (GLint)m->array_size;
      return 1;
   case GL_OFFSET:
      out[0] = (GLint)m->offset_B;
      return 1;
   case GL_BLOCK_INDEX:
      out[0] = (GLint)block;
      return 1;
   case GL_ARRAY_STRIDE:
      out[0] = (GLint)m->array_stride_B;
      return 1;
   case GL_MATRIX_STRIDE:
      out[0] = (GLint)m->matrix_stride_B;
      return 1;
   case GL_IS_ROW_MAJOR:
      out[0] = m->row_major;
      return 1;
   case GL_TOP_LEVEL_ARRAY_SIZE:
      out[0] = (GLint)m->top_array_size;
      return 1;
   case GL_TOP_LEVEL_ARRAY_STRIDE:
      out[0] = (GLint)m->top_array_stride_B;
      return 1;
   default:
      return -1;
   }
}

/* Every property of GL 4.3 table 7.2. */
static const GLenum all_props[] = {
   GL_NAME_LENGTH, GL_TYPE, GL_ARRAY_SIZE, GL_OFFSET, GL_BLOCK_INDEX,
   GL_ARRAY_STRIDE, GL_MATRIX_STRIDE, GL_IS_ROW_MAJOR,
   GL_ATOMIC_COUNTER_BUFFER_INDEX, GL_BUFFER_BINDING, GL_BUFFER_DATA_SIZE,
   GL_NUM_ACTIVE_VARIABLES, GL_ACTIVE_VARIABLES,
   GL_REFERENCED_BY_VERTEX_SHADER, GL_REFERENCED_BY_TESS_CONTROL_SHADER,
   GL_REFERENCED_BY_TESS_EVALUATION_SHADER,
   GL_REFERENCED_BY_GEOMETRY_SHADER, GL_REFERENCED_BY_FRAGMENT_SHADER,
   GL_REFERENCED_BY_COMPUTE_SHADER, GL_TOP_LEVEL_ARRAY_SIZE,
   GL_TOP_LEVEL_ARRAY_STRIDE, GL_LOCATION, GL_LOCATION_INDEX,
   GL_IS_PER_PATCH, GL_NUM_COMPATIBLE_SUBROUTINES,
   GL_COMPATIBLE_SUBROUTINES,
};

void GLAPIENTRY
_mesa_GetProgramResourceiv(GLuint program, GLenum programInterface,
                           GLuint index, GLsizei propCount,
                           const GLenum *props, GLsizei bufSize,
                           GLsizei *length, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glGetProgramResourceiv";
   struct gl_program_object *prog = lookup(ctx, program, programInterface,
                                           func);
   if (!prog)
      return;
   const struct glsl_program *p = linked(prog);
   if (index >= num_resources(p, programInterface)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   if (propCount <= 0 || bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(propCount/bufSize)", func);
      return;
   }
   GLsizei written = 0;
   for (GLsizei i = 0; i < propCount; i++) {
      GLint scratch[1];
      unsigned room = (unsigned)(bufSize - written);
      int n = property(prog->exec, programInterface, index, props[i],
                       room ? params + written : scratch, room);
      if (n < 0) {
         /* GL 4.3 7.3.1.1: INVALID_OPERATION for a property the interface
          * does not have, INVALID_ENUM for no property at all */
         bool any = false;
         for (unsigned k = 0; k < sizeof(all_props) / sizeof(all_props[0]);
              k++)
            any |= all_props[k] == props[i];
         _mesa_error(ctx, any ? GL_INVALID_OPERATION : GL_INVALID_ENUM,
                     "%s(prop=0x%x)", func, props[i]);
         return;
      }
      written += n;
   }
   if (length)
      *length = written;
}
