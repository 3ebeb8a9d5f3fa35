/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* EGL images as GL storage, for main/eglimage.c (GL_OES_EGL_image). */
#ifndef ST_EGLIMAGE_H
#define ST_EGLIMAGE_H

#include <stdbool.h>

#include "main/mtypes.h"

struct st_context;
struct pipe_resource;

/* The resource of a GLeglImageOES handle (a new reference) and the level
 * of it the image is, or NULL when the handle names no live image. */
struct pipe_resource *st_image_resource(struct st_context *st, void *handle,
                                        unsigned *level);

/* Can the driver use res (a 2D single-sampled image) with bind
 * (PIPE_BIND_SAMPLER_VIEW, PIPE_BIND_RENDER_TARGET)? */
bool st_image_format_ok(struct st_context *st, struct pipe_resource *res,
                        unsigned bind);

/* Makes level `level` of res the storage of level 0 of t (every other
 * level undefined). */
void st_texture_from_image(struct st_context *st,
                           struct gl_texture_object *t,
                           struct pipe_resource *res, unsigned level);

/* Makes level `level` of res the storage of rb. */
void st_renderbuffer_from_image(struct st_context *st,
                                struct gl_renderbuffer *rb,
                                struct pipe_resource *res, unsigned level);

#endif
