/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Storage and upload of compressed (ETC family) texture images. */
#ifndef ST_TEXTURE_ETC_H
#define ST_TEXTURE_ETC_H

#include "main/mtypes.h"

struct st_context;
struct pipe_screen;

/* The format images of a compressed format are stored in: the format
 * itself when the driver samples it, else its lossless decoded format
 * (util_format_etc_decoded_format), else RGBA16F, else RGBA8. */
enum pipe_format st_compressed_storage_format(struct pipe_screen *screen,
                                              enum pipe_format compressed);

/* Defines image (face, level) of t from compressed blocks (NULL: no
 * contents); depth is the number of array layers.  False if out of
 * memory. */
bool st_compressed_tex_image(struct st_context *st, struct gl_texture_object *t,
                             unsigned face, unsigned level, GLsizei width,
                             GLsizei height, GLsizei depth,
                             GLenum internalformat, enum pipe_format compressed,
                             const void *data);

/* Writes blocks covering the region at (x, y, z) of img; x and y are
 * multiples of 4.  False if out of memory. */
bool st_compressed_tex_sub_image(struct st_context *st,
                                 struct gl_texture_object *t,
                                 struct gl_texture_image *img, GLint x, GLint y,
                                 GLint z, GLsizei width, GLsizei height,
                                 GLsizei depth, enum pipe_format compressed,
                                 const void *data);

#endif
