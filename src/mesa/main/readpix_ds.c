/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glReadPixels of depth and stencil in desktop GL (GL 2.1 section 4.3.2):
 * GL_DEPTH_COMPONENT and GL_STENCIL_INDEX with every type of table 3.5
 * (GL_BITMAP for stencil), GL_DEPTH_STENCIL with UNSIGNED_INT_24_8 and
 * FLOAT_32_UNSIGNED_INT_24_8_REV.  The buffer's values (depths as floats,
 * stencil indices as integers) go through the pixel transfer operations
 * (depth scale and bias; index shift, offset and S_TO_S map), then are
 * packed with the pack modes (table 4.5: alignment, row length, skips,
 * swap bytes, LSB first) by the client pixel codec (client_pixels.h).
 */
#include <stdlib.h>

#include "main/client_pixels.h"
#include "main/context.h"
#include "main/fbobject.h"
#include "main/pbo.h"
#include "main/pixel.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_draw.h"
#include "state_tracker/st_pixel.h"
#include "util/format/u_format.h"

void
_mesa_read_rect(struct gl_context *ctx, struct gl_renderbuffer *rb, GLint x,
                GLint y, GLsizei width, GLsizei height,
                enum pipe_format format, void *dst)
{
   __typeof__(ctx->Pixel) saved = ctx->Pixel;
   struct gl_buffer_object *pack = ctx->PixelPackBuffer;

   /* Tightly packed rows, whatever the pack modes say. */
   ctx->Pixel.PackAlignment = 1;
   ctx->Pixel.PackRowLength = 0;
   ctx->Pixel.PackSkipPixels = 0;
   ctx->Pixel.PackSkipRows = 0;
   ctx->PixelPackBuffer = NULL;
   st_read_pixels_from(ctx->st, rb, x, y, width, height, format, dst);
   ctx->Pixel = saved;
   ctx->PixelPackBuffer = pack;
}

/* Where packed pixels go (the pack modes of GL 2.1 table 4.5): groups of
 * size bytes, or bits for GL_BITMAP (size 0). */
struct pack_layout {
   size_t row_B, offset_B, total_B;
   size_t skip_bit; /* GL_BITMAP: bit of the first pixel in its byte */
};

static void
pack_layout(const struct gl_context *ctx, GLsizei width, GLsizei height,
            unsigned size, struct pack_layout *l)
{
   size_t align = (size_t)ctx->Pixel.PackAlignment;
   size_t len = ctx->Pixel.PackRowLength > 0 ? (size_t)ctx->Pixel.PackRowLength
                                             : (size_t)width;
   size_t skip = (size_t)ctx->Pixel.PackSkipPixels;
   size_t row_B = size ? len * size : (len + 7) / 8;

   l->row_B = (row_B + align - 1) / align * align;
   l->offset_B = (size_t)ctx->Pixel.PackSkipRows * l->row_B +
                 (size ? skip * size : skip / 8);
   l->skip_bit = size ? 0 : skip % 8;
   size_t last_B = size ? (size_t)width * size
                        : (l->skip_bit + (size_t)width + 7) / 8;
   l->total_B = height > 0 ? l->offset_B + (size_t)(height - 1) * l->row_B +
                                last_B
                           : 0;
}

/* Bit `bit` of a packed GL_BITMAP row (PACK_LSB_FIRST: from the low end
 * of each byte) set to v & 1. */
static void
store_bit(const struct gl_context *ctx, uint8_t *row, size_t bit, uint32_t v)
{
   unsigned b = ctx->PixelOps.PackLsbFirst ? (unsigned)(bit % 8)
                                           : 7u - (unsigned)(bit % 8);
   uint8_t *byte = row + bit / 8;
   *byte = (uint8_t)((*byte & ~(1u << b)) | ((v & 1u) << b));
}

void
_mesa_pack_bitmap(struct gl_context *ctx, GLsizei width, GLsizei height,
                  const uint32_t *bits, int64_t buf_size_B, void *pixels,
                  const char *func)
{
   struct pack_layout l;
   struct pbo_map map;

   pack_layout(ctx, width, height, 0, &l);
   if (!ctx->PixelPackBuffer && (int64_t)l.total_B > buf_size_B) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(bufSize too small)", func);
      return;
   }
   uint8_t *dst = _mesa_map_pbo(ctx, true, pixels, l.total_B, &map, func);
   if (!dst)
      return;
   for (GLsizei r = 0; r < height; r++) {
      uint8_t *row = dst + l.offset_B + (size_t)r * l.row_B;
      for (GLsizei c = 0; c < width; c++)
         store_bit(ctx, row, l.skip_bit + (size_t)c,
                   bits[(size_t)r * (size_t)width + (size_t)c]);
   }
   _mesa_unmap_pbo(ctx, &map);
}

void
_mesa_read_pixels_ds(struct gl_context *ctx, GLint x, GLint y, GLsizei width,
                     GLsizei height, GLenum format, GLenum type,
                     int64_t buf_size_B, void *pixels, const char *func)
{
   GLenum err = _mesa_pixel_format_error(format, type);
   if (!err && type == GL_BITMAP && format != GL_STENCIL_INDEX)
      err = GL_INVALID_ENUM;
   if (err) {
      _mesa_error(ctx, err, "%s(format 0x%x, type 0x%x)", func, format, type);
      return;
   }
   if (!_mesa_read_framebuffer_complete(ctx, func) ||
       !_mesa_read_framebuffer_single_sampled(ctx, func))
      return;
   struct gl_framebuffer *fb = ctx->ReadBuffer;
   bool depth = format != GL_STENCIL_INDEX;
   bool stencil = format != GL_DEPTH_COMPONENT;
   struct gl_renderbuffer *zrb = fb->Attachment[BUFFER_DEPTH];
   struct gl_renderbuffer *srb = fb->Attachment[BUFFER_STENCIL]
                                    ? fb->Attachment[BUFFER_STENCIL]
                                    : zrb;
   if ((depth && (!zrb || !zrb->texture ||
                  !util_format_has_depth(zrb->texture->format))) ||
       (stencil && (!srb || !srb->texture ||
                    !util_format_has_stencil(srb->texture->format)))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no %s buffer)", func,
                  depth ? "depth" : "stencil");
      return;
   }
   if (!width || !height)
      return;

   unsigned size = _mesa_pixel_group_size_B(format, type);
   struct pack_layout l;
   pack_layout(ctx, width, height, size, &l);
   if (!ctx->PixelPackBuffer && (int64_t)l.total_B > buf_size_B) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(bufSize too small)", func);
      return;
   }

   size_t n = (size_t)width * (size_t)height;
   GLfloat *z = depth ? calloc(n, sizeof(GLfloat)) : NULL;
   uint32_t *s = stencil ? calloc(n, sizeof(uint32_t)) : NULL;
   if ((depth && !z) || (stencil && !s)) {
      free(z);
      free(s);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   if (depth) {
      _mesa_read_rect(ctx, zrb, x, y, width, height, PIPE_FORMAT_Z32_FLOAT,
                      z);
      _mesa_transfer_depth(ctx, z, n);
   }
   if (stencil) {
      st_read_stencil(ctx->st, x, y, (unsigned)width, (unsigned)height, s);
      _mesa_transfer_stencil(ctx, s, n);
   }

   struct pbo_map map;
   uint8_t *dst = _mesa_map_pbo(ctx, true, pixels, l.total_B, &map, func);
   if (dst) {
      bool swap = ctx->PixelOps.PackSwapBytes;
      for (GLsizei r = 0; r < height; r++) {
         uint8_t *row = dst + l.offset_B + (size_t)r * l.row_B;
         for (GLsizei c = 0; c < width; c++) {
            size_t i = (size_t)r * (size_t)width + (size_t)c;
            uint8_t *p = row + (size_t)c * size;
            if (type == GL_BITMAP) {
               store_bit(ctx, row, l.skip_bit + (size_t)c, s[i]);
            } else {
               struct pixel_group g;
               g.val[PIX_Z] = depth ? z[i] : 0.0;
               g.val[PIX_I] = stencil ? s[i] : 0.0;
               _mesa_pixel_encode(format, type, &g, swap, p);
            }
         }
      }
      _mesa_unmap_pbo(ctx, &map);
   }
   free(z);
   free(s);
}
