/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Multisample textures, the sample mask and sample positions (GL 3.2,
 * ARB_texture_multisample): texture_multisample.c. */
#ifndef MESA_TEXTURE_MULTISAMPLE_H
#define MESA_TEXTURE_MULTISAMPLE_H

#include "main/context.h"

/* Does ctx have multisample textures (GL 3.2, or ARB_texture_multisample
 * in a desktop 3.0/3.1 context whose driver has them)? */
static inline bool
_mesa_has_texture_multisample(const struct gl_context *ctx)
{
   return _mesa_is_desktop_or_gles31(ctx) && ctx->Const.TextureMultisample;
}

static inline bool
_mesa_is_multisample_index(int index)
{
   return index == TEXTURE_2D_MULTISAMPLE_INDEX ||
          index == TEXTURE_2D_MULTISAMPLE_ARRAY_INDEX;
}

/* The GL_MAX_*_SAMPLES limit a multisample texture image of this base
 * format (and, for colour, integer or not) may have. */
GLint _mesa_max_texture_samples(const struct gl_context *ctx, GLenum base,
                                bool integer);

#endif
