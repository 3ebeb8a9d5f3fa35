/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Pixel rectangles drawn as textured rectangles (st_pixel_quad.c) and
 * written to the stencil buffer (st_pixel_stencil.c), for glDrawPixels,
 * glBitmap and glCopyPixels (main/drawpix.c).
 */
#ifndef ST_PIXEL_H
#define ST_PIXEL_H

#include <stdbool.h>
#include <stdint.h>

#include "util/format/u_formats.h"

struct st_context;
struct gl_renderbuffer;

enum st_pixel_kind {
   ST_PIXEL_COLOR,  /* the image's colours */
   ST_PIXEL_DEPTH,  /* the image's depths (red), colour `color` */
   ST_PIXEL_BITMAP, /* fragments where red >= 0.5, colour `color` */
   ST_PIXEL_KINDS,
};

/* width x height texels of format, row 0 (the bottom one) first, rows
 * stride_B apart; drawn with its first texel's corner at window (x, y)
 * (GL coordinates), each texel zoom_x by zoom_y pixels, at depth z. */
struct st_pixel_image {
   unsigned width, height;
   enum pipe_format format;
   const void *texels;
   unsigned stride_B;
   float x, y, z;
   float zoom_x, zoom_y;
   float color[4];
   /* Instead of texels: copied on the GPU from level/layer of source,
    * texel (0, 0) at (source_x, source_y) of the resource, rows going
    * down the resource when flip_y (a window-system framebuffer). */
   struct pipe_resource *source;
   unsigned source_level, source_layer;
   unsigned source_x, source_y;
   bool flip_y;
};

/* False if out of memory. */
bool st_draw_pixel_image(struct st_context *st, enum st_pixel_kind kind,
                         const struct st_pixel_image *img);
void st_release_pixel_state(struct st_context *st);

/* Writes width x height stencil indices (row 0 first) to the draw
 * framebuffer's stencil buffer with the first one's corner at window
 * (x, y), zoomed, through the scissor and the stencil write mask
 * (GL 2.1 section 4.3.1: no other fragment operation applies). */
void st_write_stencil(struct st_context *st, int x, int y, float zoom_x,
                      float zoom_y, unsigned width, unsigned height,
                      const uint32_t *indices);

/* Reads the read framebuffer's stencil indices of the window rectangle
 * at (x, y) (row 0 first; outside the buffer: 0). */
void st_read_stencil(struct st_context *st, int x, int y, unsigned width,
                     unsigned height, uint32_t *indices);

#endif
