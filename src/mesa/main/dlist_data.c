/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The data behind the pointers of compiled commands (dlist_data.h): one
 * allocation per node, the argument struct first and the copied bytes
 * after it, so that the list frees both at once.  A pixel rectangle is
 * copied as it lies in client memory (or in the unpack buffer) from its
 * first row on, with the unpack modes of compile time minus the skipped
 * rows and images; the replay reads it with those modes and no unpack
 * buffer, so the command unpacks (and validates) it as it would have.
 * The pixel transfer operations are not part of the copy: they apply
 * when the list runs (GL 2.1 section 5.4 keeps only the unpacking at
 * compile time).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "main/client_pixels.h"
#include "main/context.h"
#include "main/dlist_data.h"
#include "main/pbo.h"
#include "main/pixel.h"

/* The copied bytes start here, aligned for any element type. */
static size_t
data_offset(size_t size)
{
   return (size + 15) & ~(size_t)15;
}

bool
_mesa_dlist_save_call_data(struct gl_context *ctx,
                           void (*call)(const void *args), void *args,
                           size_t size, const void *data, size_t data_B)
{
   if (!_mesa_dlist_compiling(ctx))
      return false;
   if (!data)
      data_B = 0;
   size_t off = data_offset(size);
   uint8_t *node = data_B <= SIZE_MAX - off ? malloc(off + data_B) : NULL;
   if (!node) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glNewList");
      return true;
   }
   ((struct gl_dl_data *)args)->size_B = data_B;
   memcpy(node, args, size);
   if (data_B)
      memcpy(node + off, data, data_B);
   return _mesa_dlist_save_call_owned(ctx, call, node);
}

const void *
_mesa_dlist_data(const struct gl_dl_data *d, size_t size)
{
   return d->size_B ? (const uint8_t *)d + data_offset(size) : NULL;
}

/* Copies from ptr, an offset into the unpack buffer when one is bound;
 * start_B..end_B are the bytes read from ptr. */
static bool
save_unpacked(struct gl_context *ctx, void (*call)(const void *args),
              void *args, size_t size, const void *ptr, size_t start_B,
              size_t end_B, const char *func)
{
   if (!ctx->PixelUnpackBuffer || end_B <= start_B)
      return _mesa_dlist_save_call_data(
         ctx, call, args, size, ptr ? (const uint8_t *)ptr + start_B : NULL,
         end_B > start_B ? end_B - start_B : 0);
   /* Out of the buffer or mapped: the command's error now (it could not
    * be replayed with the data it names). */
   struct pbo_map map;
   const uint8_t *src = _mesa_map_pbo(ctx, false, ptr, end_B, &map, func);
   if (!src)
      return true;
   bool compile_only = _mesa_dlist_save_call_data(
      ctx, call, args, size, src + start_B, end_B - start_B);
   _mesa_unmap_pbo(ctx, &map);
   return compile_only;
}

static void
current_unpack(const struct gl_context *ctx, struct gl_dl_unpack *u)
{
   u->alignment = ctx->Pixel.UnpackAlignment;
   u->row_length = ctx->Pixel.UnpackRowLength;
   u->image_height = ctx->Pixel.UnpackImageHeight;
   u->skip_pixels = ctx->Pixel.UnpackSkipPixels;
   u->skip_rows = ctx->Pixel.UnpackSkipRows;
   u->skip_images = ctx->Pixel.UnpackSkipImages;
   u->swap_bytes = ctx->PixelOps.UnpackSwapBytes;
   u->lsb_first = ctx->PixelOps.UnpackLsbFirst;
   u->buffer = ctx->PixelUnpackBuffer;
}

static void
set_unpack(struct gl_context *ctx, const struct gl_dl_unpack *u)
{
   ctx->Pixel.UnpackAlignment = u->alignment;
   ctx->Pixel.UnpackRowLength = u->row_length;
   ctx->Pixel.UnpackImageHeight = u->image_height;
   ctx->Pixel.UnpackSkipPixels = u->skip_pixels;
   ctx->Pixel.UnpackSkipRows = u->skip_rows;
   ctx->Pixel.UnpackSkipImages = u->skip_images;
   ctx->PixelOps.UnpackSwapBytes = u->swap_bytes;
   ctx->PixelOps.UnpackLsbFirst = u->lsb_first;
   ctx->PixelUnpackBuffer = u->buffer;
}

bool
_mesa_dlist_save_call_blob(struct gl_context *ctx,
                           void (*call)(const void *args), void *args,
                           size_t size, const void *ptr, size_t data_B,
                           const char *func)
{
   if (!_mesa_dlist_compiling(ctx))
      return false;
   struct gl_dl_data *d = args;
   current_unpack(ctx, &d->unpack);
   d->unpack.buffer = NULL;
   return save_unpacked(ctx, call, args, size, ptr, 0, data_B, func);
}

/* Bytes of one pixel group of (format, type); 0 for combinations that
 * are errors.  The packed float types of GL 3.0 that the client pixel
 * codec leaves to the texture formats are four bytes. */
static size_t
group_size_B(GLenum format, GLenum type)
{
   size_t size = _mesa_pixel_group_size_B(format, type);
   if (!size && (type == GL_UNSIGNED_INT_10F_11F_11F_REV ||
                 type == GL_UNSIGNED_INT_5_9_9_9_REV))
      size = 4;
   return size;
}

bool
_mesa_dlist_save_call_pixels(struct gl_context *ctx,
                             void (*call)(const void *args), void *args,
                             size_t size, unsigned dims, GLsizei width,
                             GLsizei height, GLsizei depth, GLenum format,
                             GLenum type, const void *ptr, const char *func)
{
   if (!_mesa_dlist_compiling(ctx))
      return false;
   struct gl_dl_unpack *u = &((struct gl_dl_data *)args)->unpack;
   current_unpack(ctx, u);
   u->buffer = NULL;
   if (width <= 0 || height <= 0 || depth <= 0 || (!ptr && !ctx->PixelUnpackBuffer))
      return save_unpacked(ctx, call, args, size, NULL, 0, 0, func);
   if (type == GL_BITMAP) {
      /* Bits, not groups: copied with the skips (glDrawPixels only). */
      size_t end_B = _mesa_unpack_image_size_B(ctx, width, height, format, type);
      return save_unpacked(ctx, call, args, size, ptr, 0, end_B, func);
   }
   size_t group_B = group_size_B(format, type);
   if (!group_B) /* the replay raises the error */
      return save_unpacked(ctx, call, args, size, NULL, 0, 0, func);
   /* GL 2.1 section 3.6.4 (and 3.8.1 for images): rows of ROW_LENGTH
    * groups aligned to ALIGNMENT, images of IMAGE_HEIGHT rows (3D only),
    * SKIP_IMAGES, SKIP_ROWS and SKIP_PIXELS first. */
   size_t align = u->alignment > 0 ? (size_t)u->alignment : 1;
   size_t row_px = u->row_length > 0 ? (size_t)u->row_length : (size_t)width;
   size_t row_B = (row_px * group_B + align - 1) / align * align;
   size_t rows = dims == 3 && u->image_height > 0 ? (size_t)u->image_height
                                                  : (size_t)height;
   size_t image_B = row_B * rows;
   size_t start_B = (dims == 3 ? (size_t)u->skip_images * image_B : 0) +
                    (size_t)u->skip_rows * row_B;
   size_t end_B = start_B + (size_t)(depth - 1) * image_B +
                  (size_t)(height - 1) * row_B +
                  ((size_t)u->skip_pixels + (size_t)width) * group_B;
   u->skip_rows = 0;
   u->skip_images = 0;
   return save_unpacked(ctx, call, args, size, ptr, start_B, end_B, func);
}

void
_mesa_dlist_unpack_push(const struct gl_dl_data *d, struct gl_dl_unpack *saved)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   current_unpack(ctx, saved);
   set_unpack(ctx, &d->unpack);
}

void
_mesa_dlist_unpack_pop(const struct gl_dl_unpack *saved)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   set_unpack(ctx, saved);
}

size_t
_mesa_tex_param_count(GLenum pname)
{
   switch (pname) {
   case GL_TEXTURE_BORDER_COLOR:
   case GL_TEXTURE_SWIZZLE_RGBA:
      return 4;
   default:
      return 1;
   }
}
