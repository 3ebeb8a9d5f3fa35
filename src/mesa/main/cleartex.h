/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* glClearTex[Sub]Image (cleartex.c), what it takes from teximage.c and
 * shares with glCopyImageSubData (copyimage.c). */
#ifndef MESA_CLEARTEX_H
#define MESA_CLEARTEX_H

#include "main/mtypes.h"

/* GL_ARB_clear_texture / GL_EXT_clear_texture in this context. */
bool _mesa_has_clear_texture(const struct gl_context *ctx);

/* The texel array of a texture's level as glClearTexSubImage and
 * glCopyImageSubData count it (GL 4.4 sections 8.21 and 18.3.3): the
 * rows of a 1D array are its layers, the slices of a cube map its faces,
 * those of a cube map array its layer-faces. */
struct gl_image_extent {
   GLsizei w, h, d;
};
struct gl_image_extent _mesa_image_extent(const struct gl_texture_object *t,
                                          const struct gl_texture_image *img);

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
