/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* glClearTex[Sub]Image (cleartex.c) and what it takes from teximage.c. */
#ifndef MESA_CLEARTEX_H
#define MESA_CLEARTEX_H

#include "main/mtypes.h"

/* GL_ARB_clear_texture / GL_EXT_clear_texture in this context. */
bool _mesa_has_clear_texture(const struct gl_context *ctx);

/* teximage.c: the texel data gives as TexSubImage would read it for img:
 * its layout in *src (PIPE_FORMAT_NONE: no layout of (format, type);
 * *enum_ok false: an unknown enum), and the texel, maybe a new one in
 * *tmp that the caller frees. */
const void *_mesa_clear_texel(struct gl_context *ctx,
                              const struct gl_texture_image *img,
                              GLenum format, GLenum type, const void *data,
                              enum pipe_format *src, bool *enum_ok,
                              void **tmp);

/* teximage.c: may (format, type) specify texels of img? */
bool _mesa_clear_texel_format_ok(struct gl_context *ctx,
                                 const struct gl_texture_image *img,
                                 GLenum format, GLenum type);

#endif
