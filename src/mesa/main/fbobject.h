/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Framebuffer completeness as draws and reads check it. */
#ifndef MESA_FBOBJECT_H
#define MESA_FBOBJECT_H

#include "main/mtypes.h"

/* GL_FRAMEBUFFER_COMPLETE or the reason it is not (ES 2.0 section 4.4.5;
 * a missing window-system framebuffer is GL_FRAMEBUFFER_UNDEFINED). */
GLenum _mesa_framebuffer_status(struct gl_context *ctx,
                                struct gl_framebuffer *fb);

/* False, with GL_INVALID_FRAMEBUFFER_OPERATION recorded, when the draw
 * (read) framebuffer is not complete. */
bool _mesa_draw_framebuffer_complete(struct gl_context *ctx,
                                     const char *func);
bool _mesa_read_framebuffer_complete(struct gl_context *ctx,
                                     const char *func);

#endif
