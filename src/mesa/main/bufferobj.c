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
#include "main/viewport_array.h"
#include "main/compute.h"
#include "main/context.h"
#include "main/desktop32.h"
#include "main/draw.h"
#include "main/hash.h"
#include "main/shaderimage.h"
#include "main/varray.h"
#include "state_tracker/st_context.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

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

void
_mesa_buffer_unmap(struct gl_context *ctx, struct gl_buffer_object *obj)
{
   if (!obj->transfer)
      return;
   ctx->st->pipe->buffer_unmap(ctx->st->pipe, obj->transfer);
   obj->transfer = NULL;
   obj->Mappointer = NULL;
   obj->MapOffset = 0;
   obj->MapLength = 0;
   obj->MapAccess = 0;
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
      break;
   }
   if (_mesa_is_gles(ctx) && ctx->Version < 30)
      return NULL;
   switch (target) {
   case GL_COPY_READ_BUFFER:
      return &ctx->CopyReadBuffer;
   case GL_COPY_WRITE_BUFFER:
      return &ctx->CopyWriteBuffer;
   case GL_PIXEL_PACK_BUFFER:
      return &ctx->PixelPackBuffer;
   case GL_PIXEL_UNPACK_BUFFER:
      return &ctx->PixelUnpackBuffer;
   case GL_UNIFORM_BUFFER:
      return &ctx->UniformBuffer;
   case GL_TRANSFORM_FEEDBACK_BUFFER:
      return &ctx->TransformFeedbackBuffer;
   case GL_TEXTURE_BUFFER:
      /* GL 3.1 / ARB_texture_buffer_object: desktop, with the driver's
       * buffer textures. */
      if (_mesa_is_gles(ctx) || !ctx->Const.MaxTextureBufferSize)
         return NULL;
      return &ctx->TextureBuffer;
   case GL_SHADER_STORAGE_BUFFER:
      return _mesa_has_ssbos(ctx) ? &ctx->ShaderStorageBuffer : NULL;
   case GL_DISPATCH_INDIRECT_BUFFER:
      return _mesa_has_compute_shaders(ctx) ? &ctx->DispatchIndirectBuffer
                                            : NULL;
   case GL_ATOMIC_COUNTER_BUFFER:
      return _mesa_has_atomic_counters(ctx) ? &ctx->AtomicCounterBuffer
                                            : NULL;
   case GL_DRAW_INDIRECT_BUFFER:
      return _mesa_has_draw_indirect(ctx) ? &ctx->DrawIndirectBuffer : NULL;
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

   struct gl_buffer_object **points[] = {
      &ctx->ArrayBuffer,
      &ctx->CopyReadBuffer,
      &ctx->CopyWriteBuffer,
      &ctx->PixelPackBuffer,
      &ctx->PixelUnpackBuffer,
      &ctx->UniformBuffer,
      &ctx->TransformFeedbackBuffer,
      &ctx->TextureBuffer,
      &ctx->DrawIndirectBuffer,
   };
   for (unsigned i = 0; i < sizeof(points) / sizeof(points[0]); i++) {
      if (*points[i] == obj)
         _mesa_reference_buffer_object(points[i], NULL);
   }
   for (unsigned i = 0; i < MAX_UNIFORM_BUFFER_BINDINGS; i++) {
      if (ctx->UniformBufferBindings[i].Buffer == obj) {
         _mesa_reference_buffer_object(&ctx->UniformBufferBindings[i].Buffer,
                                       NULL);
         ctx->NewState |= ST_NEW_UNIFORM_BUFFER;
      }
   }
   for (unsigned i = 0; i < MAX_FEEDBACK_BUFFERS; i++) {
      if (ctx->TransformFeedbackBindings[i].Buffer == obj)
         _mesa_reference_buffer_object(
            &ctx->TransformFeedbackBindings[i].Buffer, NULL);
   }
   _mesa_compute_unbind_buffer(ctx, obj);
   if (vao->IndexBuffer == obj)
      _mesa_reference_buffer_object(&vao->IndexBuffer, NULL);
   if (_mesa_vao_unbind_buffer(vao, obj))
      ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
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

struct gl_buffer_object *
_mesa_new_buffer_object(struct gl_context *ctx, GLuint name)
{
   struct gl_buffer_object *obj = new_buffer(name);

   if (!obj || !_mesa_name_insert(ctx->Shared->Buffers, name, obj)) {
      free(obj);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "buffer object %u", name);
      return NULL;
   }
   return obj;
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

      /* ES: binding an unused name creates the object. */
      obj = found && found != GL_NAME_RESERVED
               ? found
               : _mesa_new_buffer_object(ctx, buffer);
      if (!obj)
         return;
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
_mesa_BufferData(GLenum target, GLsizeiptr size, const void *data, GLenum usage)
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
   if (obj->Immutable) {
      /* GL 4.4 section 6.2 */
      _mesa_error(ctx, GL_INVALID_OPERATION, "glBufferData(immutable)");
      return;
   }
   /* ES 3.0 section 2.10.1: respecifying a mapped buffer unmaps it. */
   _mesa_buffer_unmap(ctx, obj);

   if (size > 0) {
      if ((uint64_t)size > UINT32_MAX) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "glBufferData(size)");
         return;
      }
      res = pipe_buffer_create(
         ctx->st->screen,
         PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER |
            PIPE_BIND_CONSTANT_BUFFER,
         usage == GL_STREAM_DRAW ? PIPE_USAGE_STREAM : PIPE_USAGE_DEFAULT,
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
   obj->StorageFlags =
      GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_DYNAMIC_STORAGE_BIT;
   /* New storage: vertex arrays and buffer textures (their views name the
    * old resource) read it from the next draw on, and so do the uniform
    * blocks of every context of the share group (the range is cut to the
    * new size). */
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS | ST_NEW_SAMPLER_VIEWS;
   _mesa_ubo_sources_changed(ctx);
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
   if (_mesa_buffer_map_blocks(obj)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glBufferSubData(mapped)");
      return;
   }
   if (obj->Immutable && !(obj->StorageFlags & GL_DYNAMIC_STORAGE_BIT)) {
      /* GL 4.4 section 6.2.1 */
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glBufferSubData(immutable without DYNAMIC_STORAGE_BIT)");
      return;
   }
   if (size == 0 || !data)
      return;
   pipe_buffer_write(ctx->st->pipe, obj->buffer, (unsigned)offset,
                     (unsigned)size, data);
}

/* GL 1.5 / GL 3.1 section 2.9.3 (desktop only): reads back a range of
 * the buffer's data store, with glBufferSubData's errors. */
void GLAPIENTRY
_mesa_GetBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size,
                       void *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_buffer_object *obj;

   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glGetBufferSubData(not in OpenGL ES)");
      return;
   }
   obj = bound_buffer(ctx, target, "glGetBufferSubData");
   if (!obj)
      return;
   if (offset < 0 || size < 0 || offset + size > obj->Size) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetBufferSubData(range)");
      return;
   }
   if (_mesa_buffer_map_blocks(obj)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glGetBufferSubData(mapped)");
      return;
   }
   if (size == 0 || !data || !obj->buffer)
      return;
   pipe_buffer_read(ctx->st->pipe, obj->buffer, (unsigned)offset,
                    (unsigned)size, data);
}

static bool
get_buffer_param(struct gl_context *ctx, GLenum target, GLenum pname,
                 GLint64 *out, const char *func)
{
   struct gl_buffer_object *obj;
   bool es3 = !_mesa_is_gles(ctx) || ctx->Version >= 30;

   if (!_mesa_buffer_binding(ctx, target)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target)", func);
      return false;
   }
   switch (pname) {
   case GL_BUFFER_SIZE:
   case GL_BUFFER_USAGE:
      break;
   case GL_BUFFER_ACCESS_FLAGS:
   case GL_BUFFER_MAPPED:
   case GL_BUFFER_MAP_LENGTH:
   case GL_BUFFER_MAP_OFFSET:
      if (es3)
         break;
      __attribute__((fallthrough));
   default:
      /* GL 4.4 table 23.4 */
      if ((pname == GL_BUFFER_IMMUTABLE_STORAGE ||
           pname == GL_BUFFER_STORAGE_FLAGS) &&
          _mesa_has_buffer_storage(ctx))
         break;
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname)", func);
      return false;
   }
   obj = bound_buffer(ctx, target, func);
   if (!obj)
      return false;
   switch (pname) {
   case GL_BUFFER_SIZE:
      *out = obj->Size;
      break;
   case GL_BUFFER_USAGE:
      *out = obj->Usage;
      break;
   case GL_BUFFER_ACCESS_FLAGS:
      *out = obj->MapAccess;
      break;
   case GL_BUFFER_MAPPED:
      *out = obj->Mappointer != NULL;
      break;
   case GL_BUFFER_MAP_LENGTH:
      *out = obj->MapLength;
      break;
   case GL_BUFFER_IMMUTABLE_STORAGE:
      *out = obj->Immutable;
      break;
   case GL_BUFFER_STORAGE_FLAGS:
      *out = obj->StorageFlags;
      break;
   default:
      *out = obj->MapOffset;
      break;
   }
   return true;
}

void GLAPIENTRY
_mesa_GetBufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLint64 v;

   if (get_buffer_param(ctx, target, pname, &v, "glGetBufferParameteriv"))
      *params = (GLint)v;
}

void GLAPIENTRY
_mesa_GetBufferParameteri64v(GLenum target, GLenum pname, GLint64 *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLint64 v;

   if (get_buffer_param(ctx, target, pname, &v, "glGetBufferParameteri64v"))
      *params = v;
}

/* --- ES 3.0 section 2.10.3: mapping, copies ----------------------------- */

void *GLAPIENTRY
_mesa_MapBufferRange(GLenum target, GLintptr offset, GLsizeiptr length,
                     GLbitfield access)
{
   GET_CURRENT_CONTEXT(ctx);
   GLbitfield all = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT |
                    GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT |
                    GL_MAP_FLUSH_EXPLICIT_BIT | GL_MAP_UNSYNCHRONIZED_BIT;
   /* The bits that must also be in the storage flags (GL 4.4 section
    * 6.3, the errors of MapBufferRange). */
   const GLbitfield storage_bits = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT |
                                   GL_MAP_PERSISTENT_BIT |
                                   GL_MAP_COHERENT_BIT;
   struct gl_buffer_object *obj;
   unsigned usage = 0;

   if (!ctx)
      return NULL;
   if (_mesa_has_buffer_storage(ctx))
      all |= GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
   obj = bound_buffer(ctx, target, "glMapBufferRange");
   if (!obj)
      return NULL;
   if (offset < 0 || length <= 0 || offset + length > obj->Size ||
       (access & ~all)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glMapBufferRange(range/access)");
      return NULL;
   }
   if (obj->Mappointer || !(access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT)) ||
       ((access & GL_MAP_READ_BIT) &&
        (access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT |
                   GL_MAP_UNSYNCHRONIZED_BIT))) ||
       ((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !(access & GL_MAP_WRITE_BIT))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glMapBufferRange(access)");
      return NULL;
   }
   if (access & storage_bits & ~obj->StorageFlags) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glMapBufferRange(access 0x%x beyond storage flags 0x%x)",
                  access, obj->StorageFlags);
      return NULL;
   }

   if (access & GL_MAP_READ_BIT)
      usage |= PIPE_MAP_READ;
   if (access & GL_MAP_WRITE_BIT)
      usage |= PIPE_MAP_WRITE;
   if (access & GL_MAP_INVALIDATE_RANGE_BIT)
      usage |= PIPE_MAP_DISCARD_RANGE;
   if (access & GL_MAP_INVALIDATE_BUFFER_BIT)
      usage |= PIPE_MAP_DISCARD_WHOLE_RESOURCE;
   if (access & GL_MAP_UNSYNCHRONIZED_BIT)
      usage |= PIPE_MAP_UNSYNCHRONIZED;
   if (access & GL_MAP_FLUSH_EXPLICIT_BIT)
      usage |= PIPE_MAP_FLUSH_EXPLICIT;
   if (access & GL_MAP_PERSISTENT_BIT)
      usage |= PIPE_MAP_PERSISTENT;
   if (access & GL_MAP_COHERENT_BIT)
      usage |= PIPE_MAP_COHERENT;

   obj->Mappointer =
      pipe_buffer_map_range(ctx->st->pipe, obj->buffer, (unsigned)offset,
                            (unsigned)length, usage, &obj->transfer);
   if (!obj->Mappointer) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glMapBufferRange");
      return NULL;
   }
   obj->MapOffset = offset;
   obj->MapLength = length;
   obj->MapAccess = access;
   return obj->Mappointer;
}

/* GL 2.1 section 2.9.3: the whole buffer, access as an enum. */
void *GLAPIENTRY
_mesa_MapBuffer(GLenum target, GLenum access)
{
   GET_CURRENT_CONTEXT(ctx);
   GLbitfield bits;

   if (!ctx)
      return NULL;
   switch (access) {
   case GL_READ_ONLY:
      bits = GL_MAP_READ_BIT;
      break;
   case GL_WRITE_ONLY:
      bits = GL_MAP_WRITE_BIT;
      break;
   case GL_READ_WRITE:
      bits = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT;
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "glMapBuffer(access=0x%x)", access);
      return NULL;
   }
   struct gl_buffer_object *obj = bound_buffer(ctx, target, "glMapBuffer");
   if (!obj)
      return NULL;
   if (obj->Mappointer) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glMapBuffer(already mapped)");
      return NULL;
   }
   return _mesa_MapBufferRange(target, 0, obj->Size, bits);
}

GLboolean GLAPIENTRY
_mesa_UnmapBuffer(GLenum target)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_buffer_object *obj;

   if (!ctx)
      return GL_FALSE;
   obj = bound_buffer(ctx, target, "glUnmapBuffer");
   if (!obj)
      return GL_FALSE;
   if (!obj->Mappointer) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glUnmapBuffer(not mapped)");
      return GL_FALSE;
   }
   _mesa_buffer_unmap(ctx, obj);
   return GL_TRUE;
}

void GLAPIENTRY
_mesa_FlushMappedBufferRange(GLenum target, GLintptr offset, GLsizeiptr length)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_buffer_object *obj;
   struct pipe_box box;

   obj = bound_buffer(ctx, target, "glFlushMappedBufferRange");
   if (!obj)
      return;
   if (offset < 0 || length < 0 || offset + length > obj->MapLength) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glFlushMappedBufferRange(range)");
      return;
   }
   if (!obj->Mappointer || !(obj->MapAccess & GL_MAP_FLUSH_EXPLICIT_BIT)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glFlushMappedBufferRange");
      return;
   }
   if (!length || !ctx->st->pipe->transfer_flush_region)
      return;
   u_box_1d((unsigned)offset, (unsigned)length, &box);
   ctx->st->pipe->transfer_flush_region(ctx->st->pipe, obj->transfer, &box);
}

void GLAPIENTRY
_mesa_GetBufferPointerv(GLenum target, GLenum pname, void **params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_buffer_object *obj;

   if (!_mesa_buffer_binding(ctx, target) || pname != GL_BUFFER_MAP_POINTER) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetBufferPointerv");
      return;
   }
   obj = bound_buffer(ctx, target, "glGetBufferPointerv");
   if (obj)
      *params = obj->Mappointer;
}

void GLAPIENTRY
_mesa_CopyBufferSubData(GLenum readTarget, GLenum writeTarget,
                        GLintptr readOffset, GLintptr writeOffset,
                        GLsizeiptr size)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_buffer_object *src, *dst;
   struct pipe_box box;

   src = bound_buffer(ctx, readTarget, "glCopyBufferSubData");
   if (!src)
      return;
   dst = bound_buffer(ctx, writeTarget, "glCopyBufferSubData");
   if (!dst)
      return;
   if (readOffset < 0 || writeOffset < 0 || size < 0 ||
       readOffset + size > src->Size || writeOffset + size > dst->Size ||
       (src == dst && readOffset < writeOffset + size &&
        writeOffset < readOffset + size)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glCopyBufferSubData(range)");
      return;
   }
   if (_mesa_buffer_map_blocks(src) || _mesa_buffer_map_blocks(dst)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glCopyBufferSubData(mapped)");
      return;
   }
   if (!size)
      return;
   u_box_1d((unsigned)readOffset, (unsigned)size, &box);
   ctx->st->pipe->resource_copy_region(ctx->st->pipe, dst->buffer, 0,
                                       (unsigned)writeOffset, 0, 0, src->buffer,
                                       0, &box);
}

/* --- Indexed bindings (ES 3.0 section 2.10.1.1) ------------------------- */

struct gl_indexed_buffer_binding *
_mesa_indexed_bindings(struct gl_context *ctx, GLenum target, GLuint *count)
{
   *count = 0;
   if (_mesa_is_gles(ctx) && ctx->Version < 30)
      return NULL; /* no indexed targets in ES 2.0 */
   switch (target) {
   case GL_UNIFORM_BUFFER:
      *count = MAX_UNIFORM_BUFFER_BINDINGS;
      return ctx->UniformBufferBindings;
   case GL_TRANSFORM_FEEDBACK_BUFFER:
      *count = MAX_FEEDBACK_BUFFERS;
      return ctx->TransformFeedbackBindings;
   case GL_SHADER_STORAGE_BUFFER:
      /* (compute.c's _mesa_ssbo_binding and _mesa_abo_binding limits) */
      if (!_mesa_has_ssbos(ctx))
         return NULL;
      *count = MIN2((GLuint)ctx->Const.MaxShaderStorageBufferBindings,
                    MAX_SHADER_STORAGE_BUFFER_BINDINGS);
      return ctx->ShaderStorageBufferBindings;
   case GL_ATOMIC_COUNTER_BUFFER:
      if (!_mesa_has_atomic_counters(ctx))
         return NULL;
      *count = MIN2((GLuint)ctx->Const.MaxAtomicCounterBufferBindings,
                    (GLuint)ARRAY_SIZE(ctx->AtomicCounterBufferBindings));
      return ctx->AtomicCounterBufferBindings;
   default:
      return NULL;
   }
}

bool
_mesa_buffer_range_ok(const struct gl_context *ctx, GLenum target,
                      GLintptr offset, GLsizeiptr size)
{
   /* GL 4.6 section 6.1.1 / ES 3.0.6 section 2.10.1.1: the offset is a
    * multiple of the target's alignment (UNIFORM_BUFFER_OFFSET_ALIGNMENT,
    * SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, 4 for atomic counters and
    * transform feedback); GL 4.6 section 13.3.2: a feedback range's size
    * is a multiple of 4 too. */
   unsigned align =
      target == GL_UNIFORM_BUFFER
         ? (unsigned)ctx->Const.UniformBufferOffsetAlignment
      : target == GL_SHADER_STORAGE_BUFFER
         ? (unsigned)ctx->Const.ShaderStorageBufferOffsetAlignment
         : 4;
   if (size <= 0 || offset < 0 || offset % align)
      return false;
   return target != GL_TRANSFORM_FEEDBACK_BUFFER || size % 4 == 0;
}

static struct gl_indexed_buffer_binding *
indexed_binding(struct gl_context *ctx, GLenum target, GLuint index,
                const char *func)
{
   GLuint count;
   struct gl_indexed_buffer_binding *b =
      _mesa_indexed_bindings(ctx, target, &count);

   if (!b) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return NULL;
   }
   if (index >= count) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return NULL;
   }
   return &b[index];
}

static void
bind_buffer_range(GLenum target, GLuint index, GLuint buffer, GLintptr offset,
                  GLsizeiptr size, bool whole, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_indexed_buffer_binding *b =
      indexed_binding(ctx, target, index, func);
   struct gl_buffer_object *obj = NULL;

   if (!b)
      return;
   if (target == GL_TRANSFORM_FEEDBACK_BUFFER && ctx->CurrentTF &&
       ctx->CurrentTF->Active) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(feedback active)", func);
      return;
   }
   if (buffer) {
      obj = _mesa_name_lookup_object(ctx->Shared->Buffers, buffer);
      if (!obj) {
         /* Like BindBuffer, an unused name makes the object. */
         _mesa_BindBuffer(target, buffer);
         obj = _mesa_name_lookup_object(ctx->Shared->Buffers, buffer);
         if (!obj)
            return;
      }
      if (!whole && !_mesa_buffer_range_ok(ctx, target, offset, size)) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(offset/size)", func);
         return;
      }
   }
   /* (whole: from offset to the end, 0 but for BindBufferOffsetEXT) */
   _mesa_set_indexed_buffer(b, obj, offset, whole ? 0 : size);
   if (target == GL_UNIFORM_BUFFER)
      ctx->NewState |= ST_NEW_UNIFORM_BUFFER;
   /* Also the generic binding point. */
   struct gl_buffer_object **generic = _mesa_buffer_binding(ctx, target);
   if (generic)
      _mesa_reference_buffer_object(generic, obj);
}

void
_mesa_set_indexed_buffer(struct gl_indexed_buffer_binding *b,
                         struct gl_buffer_object *obj, GLintptr offset,
                         GLsizeiptr size)
{
   _mesa_reference_buffer_object(&b->Buffer, obj);
   b->Offset = offset;
   b->Size = size;
}

void GLAPIENTRY
_mesa_BindBufferBase(GLenum target, GLuint index, GLuint buffer)
{
   bind_buffer_range(target, index, buffer, 0, 0, true, "glBindBufferBase");
}

void GLAPIENTRY
_mesa_BindBufferRange(GLenum target, GLuint index, GLuint buffer,
                      GLintptr offset, GLsizeiptr size)
{
   bind_buffer_range(target, index, buffer, offset, size, false,
                     "glBindBufferRange");
}

/* EXT_transform_feedback's names of the two above (desktop). */
void GLAPIENTRY
_mesa_BindBufferBaseEXT(GLenum target, GLuint index, GLuint buffer)
{
   _mesa_BindBufferBase(target, index, buffer);
}

void GLAPIENTRY
_mesa_BindBufferRangeEXT(GLenum target, GLuint index, GLuint buffer,
                         GLintptr offset, GLsizeiptr size)
{
   _mesa_BindBufferRange(target, index, buffer, offset, size);
}

/* EXT_transform_feedback: a transform feedback binding from offset to
 * the end of the buffer; the offset a multiple of 4 (the extension's
 * Errors). */
void GLAPIENTRY
_mesa_BindBufferOffsetEXT(GLenum target, GLuint index, GLuint buffer,
                          GLintptr offset)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (target != GL_TRANSFORM_FEEDBACK_BUFFER) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glBindBufferOffsetEXT(target)");
      return;
   }
   if (offset < 0 || offset % 4) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glBindBufferOffsetEXT(offset)");
      return;
   }
   bind_buffer_range(target, index, buffer, offset, 0, true,
                     "glBindBufferOffsetEXT");
}

static bool
get_indexed(GLenum pname, GLuint index, GLint64 *out, const char *func)
{
   GET_CURRENT_CONTEXT(ctx);
   GLenum target;
   struct gl_indexed_buffer_binding *b;

   if (!ctx)
      return false;
   switch (pname) {
   case GL_UNIFORM_BUFFER_BINDING:
   case GL_UNIFORM_BUFFER_START:
   case GL_UNIFORM_BUFFER_SIZE:
      target = GL_UNIFORM_BUFFER;
      break;
   case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
   case GL_TRANSFORM_FEEDBACK_BUFFER_START:
   case GL_TRANSFORM_FEEDBACK_BUFFER_SIZE:
      target = GL_TRANSFORM_FEEDBACK_BUFFER;
      break;
   default: {
      bool ok;
      if (_mesa_sample_mask_indexed(ctx, pname, index, out, &ok, func))
         return ok;
      if (_mesa_get_compute_indexed(ctx, pname, index, out, &ok, func))
         return ok;
      if (_mesa_get_image_indexed(ctx, pname, index, out, &ok, func))
         return ok;
      if (_mesa_get_vertex_binding_indexed(ctx, pname, index, out, &ok, func))
         return ok;
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return false;
   }
   }
   b = indexed_binding(ctx, target, index, func);
   if (!b)
      return false;
   switch (pname) {
   case GL_UNIFORM_BUFFER_BINDING:
   case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
      *out = b->Buffer ? b->Buffer->Name : 0;
      break;
   case GL_UNIFORM_BUFFER_START:
   case GL_TRANSFORM_FEEDBACK_BUFFER_START:
      *out = b->Offset;
      break;
   default:
      *out = b->Size;
      break;
   }
   return true;
}

/* The viewport array's state (viewport_array.c) has up to four values;
 * the rest one. */
void GLAPIENTRY
_mesa_GetIntegeri_v(GLenum target, GLuint index, GLint *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLint64 v[4];
   unsigned n;

   if (_mesa_get_viewport_indexed_int(ctx, target, index, "glGetIntegeri_v",
                                      v, &n)) {
      for (unsigned i = 0; i < n; i++)
         data[i] = (GLint)v[i];
      return;
   }
   if (get_indexed(target, index, v, "glGetIntegeri_v"))
      *data = (GLint)v[0];
}

void GLAPIENTRY
_mesa_GetInteger64i_v(GLenum target, GLuint index, GLint64 *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   unsigned n;

   if (_mesa_get_viewport_indexed_int(ctx, target, index,
                                      "glGetInteger64i_v", data, &n))
      return;
   get_indexed(target, index, data, "glGetInteger64i_v");
}
