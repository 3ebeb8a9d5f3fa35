/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Texture views (ARB_texture_view, GL 4.6 section 8.18; OES_texture_view
 * and EXT_texture_view in ES 3.1): texview.c. */
#ifndef MESA_TEXVIEW_H
#define MESA_TEXVIEW_H

#include <stdbool.h>

#include "main/mtypes.h"

/* Does ctx offer texture views (desktop GL 3.x with immutable storage, ES
 * 3.1)? */
bool _mesa_has_texture_view(const struct gl_context *ctx);

/* The levels an immutable texture has (a view's own count), 0 when it is
 * mutable: what BASE_LEVEL and MAX_LEVEL are clamped to. */
GLuint _mesa_texture_levels(const struct gl_texture_object *t);

/* glGetTexParameter of TEXTURE_VIEW_MIN_LEVEL, _NUM_LEVELS, _MIN_LAYER
 * and _NUM_LAYERS: false if pname is none of them (or ctx lacks views). */
bool _mesa_texture_view_param(const struct gl_context *ctx,
                              const struct gl_texture_object *t, GLenum pname,
                              GLint *out);

#endif
