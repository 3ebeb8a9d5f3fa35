/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The pixel transfer state of compatibility contexts (GL 2.1 section
 * 3.6.3, tables 6.17-6.19): glPixelZoom, glPixelTransfer, glPixelMap and
 * the pixel storage modes only the compatibility profile has; and the
 * unpacking of client images of every format and type that glDrawPixels,
 * glBitmap and glCopyPixels accept, through the pixel transfer operations
 * (pixel_unpack.c).
 */
#ifndef MAIN_PIXEL_H
#define MAIN_PIXEL_H

#include <stdbool.h>
#include <stdint.h>

#include "main/gl_api.h"
#include "util/format/u_formats.h"

struct gl_context;

/* GL_MAX_PIXEL_MAP_TABLE (GL 2.1 table 6.46 asks for 32 at least). */
#define MAX_PIXEL_MAP_TABLE 256
/* GL_PIXEL_MAP_I_TO_I .. GL_PIXEL_MAP_A_TO_A (0x0C70 .. 0x0C79). */
#define NUM_PIXEL_MAPS 10

struct gl_pixel_map {
   GLint Size;
   GLfloat Map[MAX_PIXEL_MAP_TABLE];
};

struct gl_pixel_ops {
   GLfloat ZoomX, ZoomY;
   GLfloat Scale[4], Bias[4]; /* GL_RED_SCALE ... GL_ALPHA_BIAS */
   GLfloat DepthScale, DepthBias;
   GLint IndexShift, IndexOffset;
   bool MapColor, MapStencil;
   bool UnpackSwapBytes, UnpackLsbFirst, PackSwapBytes, PackLsbFirst;
   struct gl_pixel_map Maps[NUM_PIXEL_MAPS];
};

void _mesa_init_pixel_ops(struct gl_context *ctx);

/* glPixelStore of GL_{UN,}PACK_{SWAP_BYTES,LSB_FIRST} (desktop GL);
 * false if pname is not one of them. */
bool _mesa_pixel_store_flag(struct gl_context *ctx, GLenum pname,
                            GLint param);

/* glGet of the state above; false if pname is not one of it. */
bool _mesa_get_pixel_state(struct gl_context *ctx, GLenum pname,
                           GLfloat *v);

/* What an unpacked image holds. */
enum pixel_kind {
   PIXEL_RGBA,    /* 4 floats a pixel (colour formats, COLOR_INDEX) */
   PIXEL_DEPTH,   /* 1 float a pixel, in [0, 1] */
   PIXEL_STENCIL, /* 1 uint32_t a pixel */
   PIXEL_INDEX,   /* 1 uint32_t a pixel: colour indices, no lookup */
};

/* Checks a format/type pair of glDrawPixels (GL 2.1 section 3.6.4,
 * tables 3.5 and 3.6): 0 if valid, else the GL error
 * (GL_INVALID_ENUM, GL_INVALID_OPERATION). */
GLenum _mesa_pixel_format_error(GLenum format, GLenum type);

/* The bytes a width x height image of format/type reads from its
 * pointer with the unpack modes. */
size_t _mesa_unpack_image_size_B(const struct gl_context *ctx, GLsizei width,
                                 GLsizei height, GLenum format, GLenum type);

/* Unpacks a valid client image (unpack modes applied) into dst, row 0
 * first, as `kind` (for DEPTH_STENCIL: PIXEL_DEPTH or PIXEL_STENCIL picks
 * the part), through the pixel transfer operations of that kind. */
void _mesa_unpack_image(const struct gl_context *ctx, GLsizei width,
                        GLsizei height, GLenum format, GLenum type,
                        const void *src, enum pixel_kind kind, void *dst);

/* Do the pixel transfer operations change colours (scale, bias or
 * MAP_COLOR)? */
bool _mesa_rgba_transfer_active(const struct gl_context *ctx);

/* The pixel transfer operations (GL 2.1 section 3.6.5) on n unpacked
 * values, as glCopyPixels applies them to what it reads. */
void _mesa_transfer_rgba(const struct gl_context *ctx, GLfloat *rgba,
                         size_t n);
void _mesa_transfer_depth(const struct gl_context *ctx, GLfloat *z, size_t n);
void _mesa_transfer_stencil(const struct gl_context *ctx, uint32_t *s,
                            size_t n);
/* Colour indices to RGBA through the I_TO_R .. I_TO_A maps (after the
 * index arithmetic). */
void _mesa_index_to_rgba(const struct gl_context *ctx, const uint32_t *idx,
                         GLfloat *rgba, size_t n);

/* glBitmap in display lists (drawpix.c): a DL_BITMAP node owns its
 * unpacked bits; replaying draws them, freeing a list frees them. */
struct gl_dl_node;
void _mesa_bitmap_replay(struct gl_context *ctx, const struct gl_dl_node *n);
void _mesa_bitmap_node_free(const struct gl_dl_node *n);

/* The colour buffer glReadPixels and glCopyPixels read (readpix.c). */
struct gl_renderbuffer *_mesa_color_read_buffer(struct gl_context *ctx);

/* Reads a window rectangle of the read framebuffer's renderbuffer rb as
 * tightly packed texels of format (the pack modes do not apply). */
struct gl_renderbuffer;
void _mesa_read_rect(struct gl_context *ctx, struct gl_renderbuffer *rb,
                     GLint x, GLint y, GLsizei width, GLsizei height,
                     enum pipe_format format, void *dst);

/* width x height bits (bits[] of 0 and 1, row 0 first) packed as a
 * GL_BITMAP image with the pack modes (readpix_ds.c); buf_size_B as for
 * glReadnPixels. */
void _mesa_pack_bitmap(struct gl_context *ctx, GLsizei width, GLsizei height,
                       const uint32_t *bits, int64_t buf_size_B, void *pixels,
                       const char *func);

/* glReadPixels of GL_DEPTH_COMPONENT, GL_STENCIL_INDEX and
 * GL_DEPTH_STENCIL in desktop GL (readpix_ds.c); buf_size_B as for
 * glReadnPixels. */
void _mesa_read_pixels_ds(struct gl_context *ctx, GLint x, GLint y,
                          GLsizei width, GLsizei height, GLenum format,
                          GLenum type, int64_t buf_size_B, void *pixels,
                          const char *func);

#endif
