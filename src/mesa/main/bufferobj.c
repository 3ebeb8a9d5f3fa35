/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Buffer objects (ES 2.0 section 2.9, ES 3.0 section 2.9).  Every
 * BufferData allocates a fresh pipe buffer, so draws already queued keep
 * the old contents; BufferSubData writes through pipe_context.
 */
#include <stdlib.h>
#include <string.h>

#include "main/bufferobj.h"
#include "main/context.h"
#include "main/hash.h"
#include "state_tracker/st_context.h"
#include "util/u_inlines.h"

void
_mesa_reference_buffer_object(struct gl_buffer_object **dst,
                              struct gl_buffer_object *src)
{
   struct gl_buffer_object *old = *dst;

   if (old == src)
      return;
   if (src)
      src->RefCount++;
   if (old && --old->RefCount == 0) {
      if (old->transfer) {
         struct gl_context *ctx = _mesa_current_context;
         if (ctx)
            ctx->st->pipe->buffer_unmap(ctx->st->pipe, old->transfer);
      }
      pipe_resource_reference(&old->buffer, NULL);
      free(old);
   }
   *dst = src;
}

struct gl_buffer_object **
_mesa_buffer_binding(struct gl_context *ctx, GLenum target)
{
   switch (target) {
   case GL_ARRAY_BUFFER:
      return &ctx->ArrayBuffer;
   case GL_ELEMENT_ARRAY_BUFFER:
      return &ctx->VAO->IndexBuffer;
   default:
      return NULL;
   }
}

static struct gl_buffer_object *
new_buffer(GLuint name)
{
   struct gl_buffer_object *obj = calloc(1, sizeof(*obj));

   if (!obj)
      return NULL;
   obj->Name = name;
   obj->RefCount = 1; /* the name's */
   obj->Usage = GL_STATIC_DRAW;
   return obj;
}

void GLAPIENTRY
_mesa_GenBuffers(GLsizei n, GLuint *buffers)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGenBuffers(n < 0)");
      return;
   }
   if (!_mesa_name_gen(ctx->Shared->Buffers, &ctx->Shared->NextBuffer, n,
                       buffers))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glGenBuffers");
}

GLboolean GLAPIENTRY
_mesa_IsBuffer(GLuint buffer)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx)
      return GL_FALSE;
   return _mesa_name_lookup_object(ctx->Shared->Buffers, buffer) != NULL;
}

/* Unbinds obj everywhere in this context (ES 2.0 section 2.9: deleting a
 * bound buffer reverts the bindings to 0 in the current context). */
static void
unbind_buffer(struct gl_context *ctx, struct gl_buffer_object *obj)
{
   struct gl_vertex_array_object *vao = ctx->VAO;

   if (ctx->ArrayBuffer == obj)
      _mesa_reference_buffer_object(&ctx->ArrayBuffer, NULL);
   if (vao->IndexBuffer == obj)
      _mesa_reference_buffer_object(&vao->IndexBuffer, NULL);
   for (unsigned i = 0; i < MAX_VERTEX_ATTRIBS; i++) {
      if (vao->Attrib[i].Buffer == obj) {
         _mesa_reference_buffer_object(&vao->Attrib[i].Buffer, NULL);
         ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
      }
   }
}

void GLAPIENTRY
_mesa_DeleteBuffers(GLsizei n, const GLuint *buffers)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDeleteBuffers(n < 0)");
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      void *obj = _mesa_name_lookup(ctx->Shared->Buffers, buffers[i]);

      if (!obj)
         continue; /* unused names and 0 are silently ignored */
      _mesa_name_remove(ctx->Shared->Buffers, buffers[i]);
      if (obj != GL_NAME_RESERVED) {
         struct gl_buffer_object *bo = obj;
         unbind_buffer(ctx, bo);
         _mesa_reference_buffer_object(&bo, NULL);
      }
   }
}

void GLAPIENTRY
_mesa_BindBuffer(GLenum target, GLuint buffer)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_buffer_object **binding = _mesa_buffer_binding(ctx, target);
   struct gl_buffer_object *obj = NULL;

   if (!binding) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glBindBuffer(target=0x%x)", target);
      return;
   }
   if (buffer) {
      void *found = _mesa_name_lookup(ctx->Shared->Buffers, buffer);

      if (found && found != GL_NAME_RESERVED) {
         obj = found;
      } else {
         /* ES: binding an unused name creates the object. */
         obj = new_buffer(buffer);
         if (!obj ||
             !_mesa_name_insert(ctx->Shared->Buffers, buffer, obj)) {
            free(obj);
            _mesa_error(ctx, GL_OUT_OF_MEMORY, "glBindBuffer");
            return;
         }
      }
   }
   _mesa_reference_buffer_object(binding, obj);
   if (target == GL_ELEMENT_ARRAY_BUFFER)
      ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
}

static bool
valid_usage(struct gl_context *ctx, GLenum usage)
{
   switch (usage) {
   case GL_STREAM_DRAW:
   case GL_STATIC_DRAW:
   case GL_DYNAMIC_DRAW:
      return true;
   case GL_STREAM_READ:
   case GL_STREAM_COPY:
   case GL_STATIC_READ:
   case GL_STATIC_COPY:
   case GL_DYNAMIC_READ:
   case GL_DYNAMIC_COPY:
      return !_mesa_is_gles(ctx) || ctx->Version >= 30;
   default:
      return false;
   }
}

static struct gl_buffer_object *
bound_buffer(struct gl_context *ctx, GLenum target, const char *func)
{
   struct gl_buffer_object **binding = _mesa_buffer_binding(ctx, target);

   if (!binding) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return NULL;
   }
   if (!*binding) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no buffer bound)", func);
      return NULL;
   }
   return *binding;
}

void GLAPIENTRY
_mesa_BufferData(GLenum target, GLsizeiptr size, const void *data,
                 GLenum usage)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_buffer_object **binding = _mesa_buffer_binding(ctx, target);
   struct gl_buffer_object *obj;
   struct pipe_resource *res = NULL;

   if (!binding) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glBufferData(target)");
      return;
   }
   if (size < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glBufferData(size < 0)");
      return;
   }
   if (!valid_usage(ctx, usage)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glBufferData(usage=0x%x)", usage);
      return;
   }
   obj = *binding;
   if (!obj) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glBufferData(no buffer)");
      return;
   }
   if (obj->transfer) {
      /* ES 3.0 section 2.10.1: respecifying a mapped buffer unmaps it. */
      ctx->st->pipe->buffer_unmap(ctx->st->pipe, obj->transfer);
      obj->transfer = NULL;
      obj->Mappointer = NULL;
   }

   if (size > 0) {
      if ((uint64_t)size > UINT32_MAX) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "glBufferData(size)");
         return;
      }
      res = pipe_buffer_create(ctx->st->screen,
                               PIPE_BIND_VERTEX_BUFFER |
                               PIPE_BIND_INDEX_BUFFER |
                               PIPE_BIND_CONSTANT_BUFFER,
                               usage == GL_STREAM_DRAW ? PIPE_USAGE_STREAM
                                                       : PIPE_USAGE_DEFAULT,
                               (unsigned)size);
      if (!res) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "glBufferData");
         return;
      }
      if (data)
         pipe_buffer_write(ctx->st->pipe, res, 0, (unsigned)size, data);
   }
   pipe_resource_reference(&obj->buffer, NULL);
   obj->buffer = res;
   obj->Size = size;
   obj->Usage = usage;
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
}

void GLAPIENTRY
_mesa_BufferSubData(GLenum target, GLintptr offset, GLsizeiptr size,
                    const void *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_buffer_object *obj;

   obj = bound_buffer(ctx, target, "glBufferSubData");
   if (!obj)
      return;
   if (offset < 0 || size < 0 || offset + size > obj->Size) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glBufferSubData(range)");
      return;
   }
   if (obj->transfer) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glBufferSubData(mapped)");
      return;
   }
   if (size == 0 || !data)
      return;
   pipe_buffer_write(ctx->st->pipe, obj->buffer, (unsigned)offset,
                     (unsigned)size, data);
}

void GLAPIENTRY
_mesa_GetBufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_buffer_object *obj;

   if (!_mesa_buffer_binding(ctx, target)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetBufferParameteriv(target)");
      return;
   }
   if (pname != GL_BUFFER_SIZE && pname != GL_BUFFER_USAGE) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetBufferParameteriv(pname)");
      return;
   }
   obj = bound_buffer(ctx, target, "glGetBufferParameteriv");
   if (!obj)
      return;
   *params = pname == GL_BUFFER_SIZE ? (GLint)obj->Size : (GLint)obj->Usage;
}
