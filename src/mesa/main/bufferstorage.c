/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Immutable buffer storage: glBufferStorage of GL_ARB_buffer_storage (GL
 * 4.4 section 6.2) and GL_EXT_buffer_storage (ES; the registry aliases
 * glBufferStorageEXT to it).  The storage flags decide which maps are
 * allowed later (bufferobj.c) and whether glBufferSubData may write; a
 * persistent map stays valid while the GL uses the buffer: pipe buffers
 * are mapped where they live, so the GPU reads what the CPU wrote (the
 * asahi driver's BOs, the simulator's host memory).
 */
#include "main/bufferobj.h"
#include "main/context.h"
#include "main/draw.h"
#include "main/extensions.h"
#include "state_tracker/st_context.h"
#include "util/u_inlines.h"

/* Every bit glBufferStorage takes (GL 4.4 section 6.2). */
#define STORAGE_BITS                                                          \
   (GL_DYNAMIC_STORAGE_BIT | GL_MAP_READ_BIT | GL_MAP_WRITE_BIT |             \
    GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT | GL_CLIENT_STORAGE_BIT)

bool
_mesa_has_buffer_storage(const struct gl_context *ctx)
{
   return _mesa_has_extension(ctx, _mesa_is_gles(ctx)
                                      ? "GL_EXT_buffer_storage"
                                      : "GL_ARB_buffer_storage");
}

/* The first rule flags break, or NULL (GL 4.4 section 6.2, the errors of
 * BufferStorage: all INVALID_VALUE). */
static const char *
bad_storage_flags(GLbitfield flags)
{
   if (flags & ~STORAGE_BITS)
      return "unknown bits";
   if ((flags & GL_MAP_PERSISTENT_BIT) &&
       !(flags & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT)))
      return "PERSISTENT without READ or WRITE";
   if ((flags & GL_MAP_COHERENT_BIT) && !(flags & GL_MAP_PERSISTENT_BIT))
      return "COHERENT without PERSISTENT";
   return NULL;
}

void GLAPIENTRY
_mesa_BufferStorage(GLenum target, GLsizeiptr size, const void *data,
                    GLbitfield flags)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_buffer_object **binding;
   struct gl_buffer_object *obj;
   const char *why;

   if (!_mesa_has_buffer_storage(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glBufferStorage(no buffer storage extension)");
      return;
   }
   binding = _mesa_buffer_binding(ctx, target);
   if (!binding) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glBufferStorage(target=0x%x)",
                  target);
      return;
   }
   if (size <= 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glBufferStorage(size <= 0)");
      return;
   }
   why = bad_storage_flags(flags);
   if (why) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glBufferStorage(flags: %s)", why);
      return;
   }
   obj = *binding;
   if (!obj) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glBufferStorage(no buffer)");
      return;
   }
   if (obj->Immutable) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glBufferStorage(immutable)");
      return;
   }
   if ((uint64_t)size > UINT32_MAX) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glBufferStorage(size)");
      return;
   }

   struct pipe_resource templ = {
      .target = PIPE_BUFFER,
      .format = PIPE_FORMAT_R8_UNORM,
      .width0 = (unsigned)size,
      .height0 = 1,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER |
              PIPE_BIND_CONSTANT_BUFFER,
      /* CLIENT_STORAGE_BIT is a hint of where the data should live; the
       * simulator has one kind of memory. */
      .usage = PIPE_USAGE_DEFAULT,
   };
   if (flags & GL_MAP_PERSISTENT_BIT)
      templ.flags |= PIPE_RESOURCE_FLAG_MAP_PERSISTENT;
   if (flags & GL_MAP_COHERENT_BIT)
      templ.flags |= PIPE_RESOURCE_FLAG_MAP_COHERENT;
   struct pipe_resource *res =
      ctx->st->screen->resource_create(ctx->st->screen, &templ);
   if (!res) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glBufferStorage");
      return;
   }
   if (data)
      pipe_buffer_write(ctx->st->pipe, res, 0, (unsigned)size, data);

   /* A mutable buffer's map ends with its data store. */
   _mesa_buffer_unmap(ctx, obj);
   pipe_resource_reference(&obj->buffer, NULL);
   obj->buffer = res;
   obj->Size = size;
   /* GL 4.4 table 23.4: BUFFER_USAGE of an immutable store. */
   obj->Usage = GL_DYNAMIC_DRAW;
   obj->Immutable = true;
   obj->StorageFlags = flags;
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS | ST_NEW_SAMPLER_VIEWS;
   _mesa_ubo_sources_changed(ctx); /* as glBufferData (bufferobj.c) */
}
