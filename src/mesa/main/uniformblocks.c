/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Uniform blocks (ES 3.0.6 section 2.12.6, GL 3.1 2.11.4): block queries,
 * glUniformBlockBinding, and GL's active uniform list with the block
 * members in it (uniformblocks.h).  The linker lays the blocks out
 * (glsl_program.ubos, std140 offsets and strides); the binding point of
 * each block lives in the executable (gl_program_exec.ubo_bindings),
 * since it belongs to the link and starts over at every relink.  The
 * state tracker binds the buffer of block i's binding point as constant
 * buffer 1 + i of the stages that use it (st_atom_ubo.c).
 */
#include <string.h>

#include "main/context.h"
#include "main/draw.h"
#include "main/shaderobj.h"
#include "main/uniformblocks.h"
#include "util/ralloc.h"

/* The first element of the block array block k belongs to (k itself for
 * a block that is not an array element): elements are consecutive, named
 * "B[0]", "B[1]" ... */
static unsigned
first_element(const struct glsl_program *p, unsigned k)
{
   while (k > 0) {
      const char *a = p->ubos[k].name, *b = p->ubos[k - 1].name;
      size_t n = strcspn(a, "[");
      if (!a[n] || strncmp(a, b, n) != 0 || b[n] != '[')
         break;
      k--;
   }
   return k;
}

/* Default-block uniforms that only the front end's fixed-function
 * vertex shader reads (a compatibility program without a vertex shader)
 * are not the program's: GL lists the uniforms of the attached shaders. */
static bool
hidden(const struct gl_program_exec *exec, unsigned u)
{
   return exec->fixed_function_vs &&
          !(exec->linked->uniforms[u].stages & ~(1u << MESA_SHADER_VERTEX));
}

static const struct gl_program_exec *
linked_exec(const struct gl_program_object *prog)
{
   return prog && prog->LinkStatus && prog->exec ? prog->exec : NULL;
}

unsigned
_mesa_num_active_uniforms(const struct gl_program_object *prog)
{
   const struct gl_program_exec *exec = linked_exec(prog);
   if (!exec)
      return 0;
   const struct glsl_program *p = exec->linked;
   unsigned n = 0;
   for (unsigned u = 0; u < p->num_uniforms; u++)
      n += !hidden(exec, u);
   for (unsigned k = 0; k < p->num_ubos; k++) {
      if (first_element(p, k) == k)
         n += p->ubos[k].num_members;
   }
   return n;
}

/* The active uniform index of member 0 of block k's member list. */
static unsigned
first_member_index(const struct gl_program_exec *exec, unsigned k)
{
   const struct glsl_program *p = exec->linked;
   unsigned n = 0;
   for (unsigned u = 0; u < p->num_uniforms; u++)
      n += !hidden(exec, u);
   k = first_element(p, k);
   for (unsigned j = 0; j < k; j++) {
      if (first_element(p, j) == j)
         n += p->ubos[j].num_members;
   }
   return n;
}

unsigned
_mesa_uniform_block_first_member(const struct gl_program_exec *exec,
                                 unsigned k)
{
   return first_member_index(exec, k);
}

bool
_mesa_get_active_uniform(const struct gl_program_object *prog,
                         unsigned index, struct gl_active_uniform *out)
{
   const struct gl_program_exec *exec = linked_exec(prog);
   memset(out, 0, sizeof(*out));
   if (!exec)
      return false;
   const struct glsl_program *p = exec->linked;
   for (unsigned u = 0; u < p->num_uniforms; u++) {
      if (hidden(exec, u))
         continue;
      if (index-- == 0) {
         const struct glsl_program_uniform *un = &p->uniforms[u];
         out->name = un->name;
         out->type = un->gl_type;
         out->size = (GLint)un->array_size;
         out->uniform = un;
         out->block = -1;
         return true;
      }
   }
   for (unsigned k = 0; k < p->num_ubos; k++) {
      if (first_element(p, k) != k)
         continue;
      if (index < p->ubos[k].num_members) {
         const struct glsl_program_block_member *m =
            &p->ubos[k].members[index];
         out->name = m->name;
         out->type = m->gl_type;
         out->size = (GLint)m->array_size;
         out->member = m;
         out->block = (GLint)k;
         return true;
      }
      index -= p->ubos[k].num_members;
   }
   return false;
}

bool
_mesa_init_uniform_block_bindings(struct gl_program_exec *exec)
{
   const struct glsl_program *p = exec->linked;
   exec->ubo_bindings = rzalloc_array(exec->mem, GLuint,
                                      p->num_ubos ? p->num_ubos : 1);
   if (!exec->ubo_bindings)
      return false;
   for (unsigned k = 0; k < p->num_ubos; k++)
      exec->ubo_bindings[k] = p->ubos[k].binding >= 0
                                 ? (GLuint)p->ubos[k].binding
                                 : 0;
   return true;
}

bool
_mesa_get_uniform_block_state(struct gl_context *ctx, GLenum pname,
                              GLint *value, bool *known)
{
   const struct gl_constants *c = &ctx->Const;
   /* ES 3.0.6 2.12.6.1: the default block's components plus every
    * block's, in components of 4 bytes. */
   GLint block_components = c->MaxUniformBlockSize / 4;

   switch (pname) {
   case GL_MAX_VERTEX_UNIFORM_BLOCKS:
      *value = c->MaxVertexUniformBlocks;
      break;
   case GL_MAX_FRAGMENT_UNIFORM_BLOCKS:
      *value = c->MaxFragmentUniformBlocks;
      break;
   case GL_MAX_COMBINED_UNIFORM_BLOCKS:
      *value = c->MaxCombinedUniformBlocks;
      break;
   case GL_MAX_UNIFORM_BUFFER_BINDINGS:
      *value = MAX_UNIFORM_BUFFER_BINDINGS;
      break;
   case GL_MAX_UNIFORM_BLOCK_SIZE:
      *value = c->MaxUniformBlockSize;
      break;
   case GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT:
      *value = c->UniformBufferOffsetAlignment;
      break;
   case GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS:
      *value = 4 * c->MaxVertexUniformVectors +
               c->MaxVertexUniformBlocks * block_components;
      break;
   case GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS:
      *value = 4 * c->MaxFragmentUniformVectors +
               c->MaxFragmentUniformBlocks * block_components;
      break;
   case GL_UNIFORM_BUFFER_BINDING:
      *value = ctx->UniformBuffer ? (GLint)ctx->UniformBuffer->Name : 0;
      break;
   default:
      return false;
   }
   *known = !_mesa_is_gles(ctx) || ctx->Version >= 30;
   return true;
}

/* ---- entry points ------------------------------------------------------ */

/* A name into a buffer of bufSize bytes, cut to fit with its NUL;
 * *length = the characters written without the NUL. */
static void
copy_name(const char *name, GLsizei bufSize, GLsizei *length, GLchar *out)
{
   GLsizei n = 0;
   if (bufSize > 0 && out) {
      n = (GLsizei)strlen(name);
      if (n > bufSize - 1)
         n = bufSize - 1;
      memcpy(out, name, (size_t)n);
      out[n] = '\0';
   }
   if (length)
      *length = n;
}

static const struct glsl_program *
linked(struct gl_program_object *prog)
{
   return prog && prog->LinkStatus && prog->exec ? prog->exec->linked : NULL;
}

/* The program, and a block index that names one of its active blocks
 * (else GL_INVALID_VALUE, ES 3.0.6 2.12.6.2), or NULL. */
static struct gl_program_object *
program_and_block(struct gl_context *ctx, GLuint program, GLuint index,
                  const char *func)
{
   struct gl_program_object *prog =
      _mesa_lookup_program_err(ctx, program, func);
   if (!prog)
      return NULL;
   const struct glsl_program *p = linked(prog);
   if (!p || index >= p->num_ubos) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(uniformBlockIndex=%u)", func,
                  index);
      return NULL;
   }
   return prog;
}

GLuint GLAPIENTRY
_mesa_GetUniformBlockIndex(GLuint program, const GLchar *uniformBlockName)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx)
      return GL_INVALID_INDEX;
   struct gl_program_object *prog =
      _mesa_lookup_program_err(ctx, program, "glGetUniformBlockIndex");
   const struct glsl_program *p = linked(prog);
   for (unsigned k = 0; p && uniformBlockName && k < p->num_ubos; k++) {
      if (strcmp(p->ubos[k].name, uniformBlockName) == 0)
         return k;
   }
   return GL_INVALID_INDEX;
}

void GLAPIENTRY
_mesa_GetActiveUniformBlockiv(GLuint program, GLuint uniformBlockIndex,
                              GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glGetActiveUniformBlockiv";
   struct gl_program_object *prog =
      program_and_block(ctx, program, uniformBlockIndex, func);

   if (!prog)
      return;
   const struct glsl_program *p = prog->exec->linked;
   const struct glsl_program_block *b = &p->ubos[uniformBlockIndex];
   unsigned stage_bit = 0;

   switch (pname) {
   case GL_UNIFORM_BLOCK_BINDING:
      *params = (GLint)prog->exec->ubo_bindings[uniformBlockIndex];
      return;
   case GL_UNIFORM_BLOCK_DATA_SIZE:
      *params = (GLint)b->size_B;
      return;
   case GL_UNIFORM_BLOCK_NAME_LENGTH:
      *params = (GLint)strlen(b->name) + 1;
      return;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS:
      *params = (GLint)b->num_members;
      return;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES: {
      unsigned first = first_member_index(prog->exec, uniformBlockIndex);
      for (unsigned i = 0; i < b->num_members; i++)
         params[i] = (GLint)(first + i);
      return;
   }
   case GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER:
      stage_bit = 1u << MESA_SHADER_VERTEX;
      break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER:
      stage_bit = 1u << MESA_SHADER_FRAGMENT;
      break;
   /* Desktop GL names the other stages too (GL 4.6 table 7.x). */
   case GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER:
      if (!_mesa_is_gles(ctx))
         stage_bit = 1u << MESA_SHADER_GEOMETRY;
      break;
   default:
      break;
   }
   if (!stage_bit) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return;
   }
   *params = (b->stages & stage_bit) != 0;
}

void GLAPIENTRY
_mesa_GetActiveUniformBlockName(GLuint program, GLuint uniformBlockIndex,
                                GLsizei bufSize, GLsizei *length,
                                GLchar *uniformBlockName)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glGetActiveUniformBlockName";

   if (bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(bufSize=%d)", func, bufSize);
      return;
   }
   struct gl_program_object *prog =
      program_and_block(ctx, program, uniformBlockIndex, func);
   if (!prog)
      return;
   copy_name(prog->exec->linked->ubos[uniformBlockIndex].name, bufSize,
             length, uniformBlockName);
}

void GLAPIENTRY
_mesa_UniformBlockBinding(GLuint program, GLuint uniformBlockIndex,
                          GLuint uniformBlockBinding)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glUniformBlockBinding";
   struct gl_program_object *prog =
      program_and_block(ctx, program, uniformBlockIndex, func);

   if (!prog)
      return;
   if (uniformBlockBinding >= MAX_UNIFORM_BUFFER_BINDINGS) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(uniformBlockBinding=%u)", func,
                  uniformBlockBinding);
      return;
   }
   prog->exec->ubo_bindings[uniformBlockIndex] = uniformBlockBinding;
   /* The program may be current in any context of the share group. */
   _mesa_ubo_sources_changed(ctx);
}

/* GL 3.1 2.11.4 (not in ES 3.0). */
void GLAPIENTRY
_mesa_GetActiveUniformName(GLuint program, GLuint uniformIndex,
                           GLsizei bufSize, GLsizei *length,
                           GLchar *uniformName)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glGetActiveUniformName";
   struct gl_active_uniform u;

   if (bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(bufSize=%d)", func, bufSize);
      return;
   }
   struct gl_program_object *prog =
      _mesa_lookup_program_err(ctx, program, func);
   if (!prog)
      return;
   if (!_mesa_get_active_uniform(prog, uniformIndex, &u)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(uniformIndex=%u)", func,
                  uniformIndex);
      return;
   }
   copy_name(u.name, bufSize, length, uniformName);
}
