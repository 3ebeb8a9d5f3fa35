/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Contexts, binding, flushes and fences over st_api.h. */
#include <stdlib.h>

#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "state_tracker/st_api.h"

#include "dri_priv.h"

struct asahi_dri_fence {
   struct pipe_fence_handle *pipe;
};

static enum asahi_dri_error
error_from_st(enum st_context_error e)
{
   switch (e) {
   case ST_CONTEXT_SUCCESS:
      return ASAHI_DRI_SUCCESS;
   case ST_CONTEXT_ERROR_NO_MEMORY:
      return ASAHI_DRI_ERROR_NO_MEMORY;
   case ST_CONTEXT_ERROR_BAD_API:
      return ASAHI_DRI_ERROR_BAD_API;
   case ST_CONTEXT_ERROR_BAD_VERSION:
      return ASAHI_DRI_ERROR_BAD_VERSION;
   case ST_CONTEXT_ERROR_BAD_FLAG:
   case ST_CONTEXT_ERROR_UNKNOWN_FLAG:
   case ST_CONTEXT_ERROR_UNKNOWN_ATTRIBUTE:
      return ASAHI_DRI_ERROR_BAD_FLAG;
   case ST_CONTEXT_ERROR_BAD_SHARE:
      return ASAHI_DRI_ERROR_BAD_SHARE;
   }
   return ASAHI_DRI_ERROR_UNSUPPORTED;
}

struct asahi_dri_context *
dri_context_create(struct asahi_dri_screen *s,
                   const struct asahi_dri_context_attribs *a,
                   struct asahi_dri_context *share, enum asahi_dri_error *error)
{
   if (share && share->screen != s) {
      *error = ASAHI_DRI_ERROR_BAD_SHARE;
      return NULL;
   }
   if (a->config_id != ASAHI_DRI_NO_CONFIG &&
       dri_config_index(s, a->config_id) < 0) {
      *error = ASAHI_DRI_ERROR_BAD_CONFIG;
      return NULL;
   }

   struct st_context_attribs attribs = {
      .major = (int)a->major,
      .minor = (int)a->minor,
   };
   switch (a->api) {
   case ASAHI_DRI_API_GLES:
      attribs.profile =
         a->major >= 2 ? ST_PROFILE_OPENGL_ES2 : ST_PROFILE_OPENGL_ES1;
      break;
   case ASAHI_DRI_API_GL_CORE:
      attribs.profile = ST_PROFILE_OPENGL_CORE;
      break;
   case ASAHI_DRI_API_GL_COMPAT:
      attribs.profile = ST_PROFILE_DEFAULT;
      break;
   }
   if (a->flags & ASAHI_DRI_CONTEXT_DEBUG)
      attribs.flags |= ST_CONTEXT_FLAG_DEBUG;
   if (a->flags & ASAHI_DRI_CONTEXT_FORWARD_COMPAT)
      attribs.flags |= ST_CONTEXT_FLAG_FORWARD_COMPATIBLE;
   if (a->flags & ASAHI_DRI_CONTEXT_ROBUST_ACCESS)
      attribs.flags |= ST_CONTEXT_FLAG_ROBUST_ACCESS;
   if (a->flags & ASAHI_DRI_CONTEXT_LOSE_ON_RESET)
      attribs.flags |= ST_CONTEXT_FLAG_RESET_NOTIFICATION;
   if (a->flags & ASAHI_DRI_CONTEXT_NO_ERROR)
      attribs.flags |= ST_CONTEXT_FLAG_NO_ERROR;

   struct asahi_dri_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx) {
      *error = ASAHI_DRI_ERROR_NO_MEMORY;
      return NULL;
   }
   enum st_context_error st_err = ST_CONTEXT_SUCCESS;
   ctx->screen = s;
   ctx->st =
      st_context_create(s->pipe, &attribs, share ? share->st : NULL, &st_err);
   if (!ctx->st) {
      free(ctx);
      *error = st_err == ST_CONTEXT_SUCCESS ? ASAHI_DRI_ERROR_NO_MEMORY
                                            : error_from_st(st_err);
      return NULL;
   }
   dri_context_init_image_lookup(ctx);
   *error = ASAHI_DRI_SUCCESS;
   return ctx;
}

void
dri_context_destroy(struct asahi_dri_context *ctx)
{
   st_context_destroy(ctx->st);
   free(ctx);
}

enum asahi_dri_error
dri_make_current(struct asahi_dri_context *ctx, struct asahi_dri_drawable *draw,
                 struct asahi_dri_drawable *read)
{
   if ((ctx && draw && draw->screen != ctx->screen) ||
       (ctx && read && read->screen != ctx->screen))
      return ASAHI_DRI_ERROR_BAD_MATCH;

   /* A context that stops being current lets go of its framebuffers: in
    * EGL a released context has no surfaces, and the surfaces may be
    * destroyed before the context is.
    */
   struct st_context *old = st_get_current();
   if (old && (!ctx || old != ctx->st))
      st_make_current(old, NULL, NULL);
   if (!ctx) {
      st_make_current(NULL, NULL, NULL);
      return ASAHI_DRI_SUCCESS;
   }
   if (!st_make_current(ctx->st, draw ? draw->fb : NULL,
                        read ? read->fb : NULL))
      return ASAHI_DRI_ERROR_BAD_MATCH;
   return ASAHI_DRI_SUCCESS;
}

void
dri_flush(struct asahi_dri_context *ctx)
{
   st_context_flush(ctx->st, 0, NULL);
}

void
dri_finish(struct asahi_dri_context *ctx)
{
   st_context_flush(ctx->st, ST_FLUSH_WAIT, NULL);
}

struct asahi_dri_fence *
dri_fence_create(struct asahi_dri_context *ctx)
{
   struct asahi_dri_fence *f = calloc(1, sizeof(*f));
   if (!f)
      return NULL;
   st_context_flush(ctx->st, 0, &f->pipe);
   if (!f->pipe) {
      free(f);
      return NULL;
   }
   return f;
}

bool
dri_fence_wait(struct asahi_dri_screen *s, struct asahi_dri_fence *f,
               uint64_t timeout_ns)
{
   uint64_t t = timeout_ns == UINT64_MAX ? PIPE_TIMEOUT_INFINITE : timeout_ns;
   return s->pipe->fence_finish(s->pipe, NULL, f->pipe, t);
}

void
dri_fence_destroy(struct asahi_dri_screen *s, struct asahi_dri_fence *f)
{
   s->pipe->fence_reference(s->pipe, &f->pipe, NULL);
   free(f);
}

int
dri_fence_get_fd(struct asahi_dri_screen *s, struct asahi_dri_fence *f)
{
   return s->pipe->fence_get_fd ? s->pipe->fence_get_fd(s->pipe, f->pipe) : -1;
}
