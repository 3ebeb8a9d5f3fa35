/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Storage and upload of compressed (ETC, S3TC and RGTC) texture images. */
#ifndef ST_TEXTURE_ETC_H
#define ST_TEXTURE_ETC_H

#include "main/mtypes.h"

struct st_context;
struct pipe_screen;

/* The format images of a compressed format are stored in: the format
 * itself when the driver samples it, else its decoded format
 * (util_format_etc_decoded_format, util_format_bc_decoded_format), else
 * RGBA16F, else RGBA8. */
enum pipe_format st_compressed_storage_format(struct pipe_screen *screen,
                                              enum pipe_format compressed);

/* The same choice without the compressed format itself: the storage of
 * images TexImage2D defines from uncompressed texels with a compressed
 * internal format (nothing compresses them). */
enum pipe_format st_decoded_storage_format(struct pipe_screen *screen,
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

/* Texels of a client format (rows src_stride_B apart, images src_image_B
 * apart) encoded into the region at (x, y, z) of level of pt, whose
 * format is S3TC or RGTC; x and y are multiples of 4.  False if pt's
 * format has no encoder (util_format_bc_can_pack) or out of memory. */
bool st_upload_encoded(struct st_context *st, struct pipe_resource *pt,
                       unsigned level, unsigned x, unsigned y, unsigned z,
                       unsigned w, unsigned h, unsigned d,
                       enum pipe_format src, const void *pixels,
                       size_t src_stride_B, size_t src_image_B);

/* glGenerateMipmap's levels base + 1 to last of a tree kept as S3TC or
 * RGTC blocks, made from the decoded level base.  False as above. */
bool st_generate_encoded_levels(struct st_context *st,
                                struct pipe_resource *pt, unsigned base,
                                unsigned last, bool is_3d);

#endif
