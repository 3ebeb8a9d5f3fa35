/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Pixel buffer objects (GL 2.1, ES 3.0 section 3.7.1 / 4.3.1): with a
 * buffer bound to GL_PIXEL_UNPACK_BUFFER / GL_PIXEL_PACK_BUFFER, the
 * "pointer" of TexImage / ReadPixels is an offset into it.
 */
#ifndef MESA_PBO_H
#define MESA_PBO_H

#include "main/mtypes.h"

struct pbo_map {
   struct pipe_transfer *transfer;
};

/* Bytes a width x height image of bpp-byte pixels takes with rows aligned
 * to alignment. */
size_t _mesa_image_size_B(GLsizei width, GLsizei height, unsigned bpp,
                          unsigned alignment);

/* Where the texels of a w x h x d client image lie from its pointer,
 * after the pixel storage modes of ES 3.0.6 section 3.7.1 (unpack) or
 * 4.3.2 (pack): rows of ROW_LENGTH (or w) pixels aligned to ALIGNMENT,
 * images of IMAGE_HEIGHT (or h) rows, SKIP_IMAGES/ROWS/PIXELS first.
 * size_B is the bytes the image reaches from the pointer (0 if empty). */
struct gl_pixel_layout {
   size_t offset_B, row_stride_B, image_stride_B, size_B;
};
void _mesa_pixel_layout(const struct gl_context *ctx, bool pack, GLsizei w,
                        GLsizei h, GLsizei d, unsigned bpp,
                        struct gl_pixel_layout *out);

/* The same for the pack side of 3D images (glGetTexImage of 3D, 2D
 * array and cube map array images): the pack modes with IMAGE_HEIGHT
 * and SKIP_IMAGES, which _mesa_pixel_layout leaves out for packing (2D
 * readbacks ignore them; GL 1.2 section 4.3.2 and table 4.5). */
void _mesa_pixel_pack_layout_3d(const struct gl_context *ctx, GLsizei w,
                                GLsizei h, GLsizei d, unsigned bpp,
                                struct gl_pixel_layout *out);

/* Resolves the client pointer of an upload (unpack) or readback (pack):
 * unchanged without a bound buffer, else a mapping of the buffer at the
 * offset.  NULL with GL_INVALID_OPERATION recorded when the range does not
 * fit the buffer or the buffer is mapped. */
void *_mesa_map_pbo(struct gl_context *ctx, bool pack, const void *ptr,
                    size_t size_B, struct pbo_map *map, const char *func);
void _mesa_unmap_pbo(struct gl_context *ctx, struct pbo_map *map);

#endif
