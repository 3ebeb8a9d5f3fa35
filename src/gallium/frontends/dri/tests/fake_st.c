/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A stand-in for the GL front end (st_api.h) for the DRI frontend tests:
 * OpenGL ES 2.0-3.0 contexts only (ES 2.0 requests get 3.0, as the
 * contract allows; fake_st_max_gles raises the top to 3.1, which then
 * grants exactly the version asked for, as the real front end does),
 * framebuffers without storage, one GL function.
 */
#include <stdlib.h>
#include <string.h>

#include "noop_priv.h"
#include "state_tracker/st_api.h"

struct st_context {
   struct pipe_screen *screen;
   int major, minor;
};

struct st_framebuffer {
   struct st_visual visual;
   unsigned width, height;
};

static _Thread_local struct st_context *fake_current;

/* The newest ES version granted, major * 10 + minor (30 or 31). */
int fake_st_max_gles = 30;

struct st_context *
st_context_create(struct pipe_screen *screen,
                  const struct st_context_attribs *attribs,
                  struct st_context *share, enum st_context_error *error)
{
   enum st_context_error dummy;
   if (!error)
      error = &dummy;
   if (attribs->profile != ST_PROFILE_OPENGL_ES2) {
      *error = ST_CONTEXT_ERROR_BAD_API;
      return NULL;
   }
   int requested = attribs->major * 10 + attribs->minor;
   if (requested > fake_st_max_gles) {
      *error = ST_CONTEXT_ERROR_BAD_VERSION;
      return NULL;
   }
   struct st_context *ctx = calloc(1, sizeof(*ctx));
   ctx->screen = screen;
   ctx->major = 3;
   ctx->minor = requested == 31 ? 1 : 0;
   *error = ST_CONTEXT_SUCCESS;
   return ctx;
}

void
st_context_destroy(struct st_context *ctx)
{
   if (fake_current == ctx)
      fake_current = NULL;
   free(ctx);
}

void
st_context_get_version(struct st_context *ctx, int *major, int *minor)
{
   *major = ctx->major;
   *minor = ctx->minor;
}

struct pipe_context *
st_context_pipe(struct st_context *ctx)
{
   return NULL;
}

bool
st_make_current(struct st_context *ctx, struct st_framebuffer *draw,
                struct st_framebuffer *read)
{
   fake_current = ctx;
   return true;
}

struct st_context *
st_get_current(void)
{
   return fake_current;
}

void
st_context_flush(struct st_context *ctx, unsigned flags,
                 struct pipe_fence_handle **fence)
{
   if (fence)
      *fence = noop_fence_create();
}

struct st_framebuffer *
st_framebuffer_create(struct pipe_screen *screen,
                      const struct st_visual *visual, unsigned width,
                      unsigned height)
{
   struct st_framebuffer *fb = calloc(1, sizeof(*fb));
   fb->visual = *visual;
   fb->width = width;
   fb->height = height;
   return fb;
}

void
st_framebuffer_destroy(struct st_framebuffer *fb)
{
   free(fb);
}

bool
st_framebuffer_resize(struct st_framebuffer *fb, unsigned width,
                      unsigned height)
{
   fb->width = width;
   fb->height = height;
   return true;
}

struct pipe_resource *
st_framebuffer_get_resource(struct st_framebuffer *fb,
                            enum st_attachment_type attachment)
{
   return NULL;
}

void
st_framebuffer_swap(struct st_framebuffer *fb)
{
}

void
st_framebuffer_get_size(struct st_framebuffer *fb, unsigned *width,
                        unsigned *height)
{
   *width = fb->width;
   *height = fb->height;
}

static void
fake_gl_function(void)
{
}

st_proc
st_get_proc_address(const char *name)
{
   return strcmp(name, "glFake") ? NULL : fake_gl_function;
}

/* GL objects are never images here: no GL objects exist. */
struct pipe_resource *
st_resource_of_gl_object(struct st_context *ctx, unsigned gl_target,
                         unsigned name, unsigned level, unsigned *res_level,
                         enum st_image_error *error)
{
   *res_level = 0;
   *error = ST_IMAGE_BAD_PARAMETER;
   return NULL;
}

void
st_context_set_image_lookup(struct st_context *ctx, st_image_lookup_fn lookup,
                            void *data)
{
}
