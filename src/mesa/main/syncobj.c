/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Sync objects (ES 3.0 section 5.2): a fence is a pipe fence taken with a
 * flush; waits are pipe_screen::fence_finish.  Valid GLsync handles are
 * kept in the share group so that stale ones are recognised.
 */
#include <stdlib.h>

#include "main/context.h"
#include "state_tracker/st_context.h"
#include "util/hash_table.h"

struct gl_sync_object {
   struct pipe_fence_handle *fence;
   bool signaled;
   bool delete_pending;
};

static struct gl_sync_object *
lookup_sync(struct gl_context *ctx, GLsync sync)
{
   if (!sync || !ctx->Shared->SyncObjects)
      return NULL;
   return hash_table_search_data(ctx->Shared->SyncObjects, sync);
}

static void
free_sync(struct gl_context *ctx, struct gl_sync_object *s)
{
   struct pipe_screen *screen = ctx->st->screen;

   hash_table_remove_key(ctx->Shared->SyncObjects, s);
   if (s->fence)
      screen->fence_reference(screen, &s->fence, NULL);
   free(s);
}

GLsync GLAPIENTRY
_mesa_FenceSync(GLenum condition, GLbitfield flags)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_sync_object *s;

   if (!ctx)
      return NULL;
   if (condition != GL_SYNC_GPU_COMMANDS_COMPLETE) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glFenceSync(condition=0x%x)",
                  condition);
      return NULL;
   }
   if (flags) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glFenceSync(flags=0x%x)", flags);
      return NULL;
   }
   if (!ctx->Shared->SyncObjects)
      ctx->Shared->SyncObjects = hash_table_create_pointer_keys(NULL);
   s = calloc(1, sizeof(*s));
   if (!s || !ctx->Shared->SyncObjects ||
       !hash_table_insert(ctx->Shared->SyncObjects, s, s)) {
      free(s);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glFenceSync");
      return NULL;
   }
   st_context_flush(ctx->st, 0, &s->fence);
   return (GLsync)s;
}

GLboolean GLAPIENTRY
_mesa_IsSync(GLsync sync)
{
   GET_CURRENT_CONTEXT(ctx);

   return ctx && lookup_sync(ctx, sync) != NULL;
}

void GLAPIENTRY
_mesa_DeleteSync(GLsync sync)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_sync_object *s;

   if (!sync)
      return;
   s = lookup_sync(ctx, sync);
   if (!s) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDeleteSync");
      return;
   }
   free_sync(ctx, s);
}

static bool
poll(struct gl_context *ctx, struct gl_sync_object *s, uint64_t timeout)
{
   struct pipe_screen *screen = ctx->st->screen;

   if (!s->signaled &&
       (!s->fence || screen->fence_finish(screen, NULL, s->fence, timeout)))
      s->signaled = true;
   return s->signaled;
}

GLenum GLAPIENTRY
_mesa_ClientWaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_sync_object *s;

   if (!ctx)
      return GL_WAIT_FAILED;
   s = lookup_sync(ctx, sync);
   if (!s || (flags & ~(GLbitfield)GL_SYNC_FLUSH_COMMANDS_BIT)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glClientWaitSync");
      return GL_WAIT_FAILED;
   }
   if (poll(ctx, s, 0))
      return GL_ALREADY_SIGNALED;
   if (!timeout)
      return GL_TIMEOUT_EXPIRED;
   return poll(ctx, s, timeout) ? GL_CONDITION_SATISFIED : GL_TIMEOUT_EXPIRED;
}

void GLAPIENTRY
_mesa_WaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_sync_object *s = lookup_sync(ctx, sync);

   if (!s || flags || timeout != GL_TIMEOUT_IGNORED) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glWaitSync");
      return;
   }
   /* One queue per context: later commands already run after the fence's
    * work unless the fence comes from another context. */
   if (s->fence && ctx->st->pipe->fence_server_sync)
      ctx->st->pipe->fence_server_sync(ctx->st->pipe, s->fence);
}

void GLAPIENTRY
_mesa_GetSynciv(GLsync sync, GLenum pname, GLsizei count, GLsizei *length,
                GLint *values)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_sync_object *s = lookup_sync(ctx, sync);
   GLint v;

   if (!s) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetSynciv(sync)");
      return;
   }
   if (count < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetSynciv(count)");
      return;
   }
   switch (pname) {
   case GL_OBJECT_TYPE:
      v = GL_SYNC_FENCE;
      break;
   case GL_SYNC_STATUS:
      v = poll(ctx, s, 0) ? GL_SIGNALED : GL_UNSIGNALED;
      break;
   case GL_SYNC_CONDITION:
      v = GL_SYNC_GPU_COMMANDS_COMPLETE;
      break;
   case GL_SYNC_FLAGS:
      v = 0;
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetSynciv(pname=0x%x)", pname);
      return;
   }
   if (count > 0)
      values[0] = v;
   if (length)
      *length = count > 0 ? 1 : 0;
}

void
_mesa_free_sync_objects(struct gl_shared_state *shared,
                        struct pipe_screen *screen)
{
   if (!shared->SyncObjects)
      return;
   hash_table_foreach(shared->SyncObjects, e) {
      struct gl_sync_object *s = e->data;
      if (s->fence)
         screen->fence_reference(screen, &s->fence, NULL);
      free(s);
   }
   hash_table_destroy(shared->SyncObjects, NULL);
   shared->SyncObjects = NULL;
}
