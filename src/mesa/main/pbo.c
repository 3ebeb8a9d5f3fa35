/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Pixel buffer objects: pointers of pixel transfers as buffer offsets. */
#include "main/bufferobj.h"
#include "main/context.h"
#include "main/pbo.h"
#include "state_tracker/st_context.h"
#include "util/u_inlines.h"

size_t
_mesa_image_size_B(GLsizei width, GLsizei height, unsigned bpp,
                   unsigned alignment)
{
   size_t row = (size_t)width * bpp;
   size_t stride = (row + alignment - 1) / alignment * alignment;

   if (width <= 0 || height <= 0)
      return 0;
   /* The last row needs no padding. */
   return stride * (size_t)(height - 1) + row;
}

/* The storage modes of one direction. */
struct store_modes {
   GLint alignment, row_length, image_height;
   GLint skip_pixels, skip_rows, skip_images;
};

static void
layout(const struct store_modes *m, GLsizei w, GLsizei h, GLsizei d,
       unsigned bpp, struct gl_pixel_layout *out)
{
   size_t align = (size_t)m->alignment;
   size_t row_px = (size_t)(m->row_length > 0 ? m->row_length : w);
   size_t rows = (size_t)(m->image_height > 0 ? m->image_height : h);

   out->row_stride_B = (row_px * bpp + align - 1) / align * align;
   out->image_stride_B = out->row_stride_B * rows;
   out->offset_B = (size_t)m->skip_images * out->image_stride_B +
                   (size_t)m->skip_rows * out->row_stride_B +
                   (size_t)m->skip_pixels * bpp;
   out->size_B = w <= 0 || h <= 0 || d <= 0
                    ? 0
                    : out->offset_B +
                         (size_t)(d - 1) * out->image_stride_B +
                         (size_t)(h - 1) * out->row_stride_B +
                         (size_t)w * bpp;
}

void
_mesa_pixel_layout(const struct gl_context *ctx, bool pack, GLsizei w,
                   GLsizei h, GLsizei d, unsigned bpp,
                   struct gl_pixel_layout *out)
{
   const struct store_modes m =
      pack ? (struct store_modes){ctx->Pixel.PackAlignment,
                                  ctx->Pixel.PackRowLength, 0,
                                  ctx->Pixel.PackSkipPixels,
                                  ctx->Pixel.PackSkipRows, 0}
           : (struct store_modes){ctx->Pixel.UnpackAlignment,
                                  ctx->Pixel.UnpackRowLength,
                                  ctx->Pixel.UnpackImageHeight,
                                  ctx->Pixel.UnpackSkipPixels,
                                  ctx->Pixel.UnpackSkipRows,
                                  ctx->Pixel.UnpackSkipImages};
   layout(&m, w, h, d, bpp, out);
}

void
_mesa_pixel_pack_layout_3d(const struct gl_context *ctx, GLsizei w,
                           GLsizei h, GLsizei d, unsigned bpp,
                           struct gl_pixel_layout *out)
{
   const struct store_modes m = {
      ctx->Pixel.PackAlignment,   ctx->Pixel.PackRowLength,
      ctx->Pixel.PackImageHeight, ctx->Pixel.PackSkipPixels,
      ctx->Pixel.PackSkipRows,    ctx->Pixel.PackSkipImages,
   };
   layout(&m, w, h, d, bpp, out);
}

void *
_mesa_map_pbo(struct gl_context *ctx, bool pack, const void *ptr, size_t size_B,
              struct pbo_map *map, const char *func)
{
   struct gl_buffer_object *obj =
      pack ? ctx->PixelPackBuffer : ctx->PixelUnpackBuffer;
   uintptr_t offset = (uintptr_t)ptr;

   map->transfer = NULL;
   if (!obj)
      return (void *)ptr;
   if (_mesa_buffer_map_blocks(obj) || offset + size_B > (uint64_t)obj->Size) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(pixel buffer range)", func);
      return NULL;
   }
   if (!size_B || !obj->buffer)
      return NULL;
   return pipe_buffer_map_range(
      ctx->st->pipe, obj->buffer, (unsigned)offset, (unsigned)size_B,
      pack ? PIPE_MAP_WRITE : PIPE_MAP_READ, &map->transfer);
}

void
_mesa_unmap_pbo(struct gl_context *ctx, struct pbo_map *map)
{
   if (map->transfer)
      ctx->st->pipe->buffer_unmap(ctx->st->pipe, map->transfer);
   map->transfer = NULL;
}
