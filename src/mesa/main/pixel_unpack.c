/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Client images of glDrawPixels and glBitmap to values (GL 2.1 section
 * 3.6.4: unpacking, conversion to floating point, conversion to RGB,
 * final expansion to RGBA), then the pixel transfer operations of
 * section 3.6.5 (arithmetic on components and indices, the RGBA and index
 * lookups).  Every format and type of tables 3.5 and 3.6, the packed
 * types of table 3.8, GL_BITMAP (section 3.6.4, "unpacking of bitmaps"),
 * and the unpack modes of table 3.1 (swap bytes, LSB first, row length,
 * skips, alignment).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "main/client_pixels.h"
#include "main/context.h"
#include "main/pixel.h"

GLenum
_mesa_pixel_format_error(GLenum format, GLenum type)
{
   struct pixel_format_desc d;
   bool known_type = type == GL_BITMAP || _mesa_pixel_type_size(type) ||
                     _mesa_pixel_packed_type(type) ||
                     type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV;

   if (!_mesa_pixel_format_desc(format, &d) || !known_type)
      return GL_INVALID_ENUM;
   bool index = d.count == 1 && d.comp[0] == PIX_I;
   if (type == GL_BITMAP)
      return index ? 0 : GL_INVALID_ENUM;
   /* EXT_packed_depth_stencil: DEPTH_STENCIL takes its own types only
    * (UNSIGNED_INT_24_8, ARB_depth_buffer_float's
    * FLOAT_32_UNSIGNED_INT_24_8_REV), an INVALID_ENUM otherwise. */
   if (format == GL_DEPTH_STENCIL && type != GL_UNSIGNED_INT_24_8 &&
       type != GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
      return GL_INVALID_ENUM;
   /* EXT_texture_integer: no integer formats into the fixed-point and
    * float buffers here (INVALID_OPERATION with float types too, as
    * llvmpipe answers; readbacks: _mesa_readback_pair_enum_error). */
   if (d.integer)
      return GL_INVALID_OPERATION;
   if (index && type == GL_HALF_FLOAT)
      return GL_INVALID_ENUM;
   /* GL 2.1 section 3.6.4 (table 3.8): a packed type needs a format of
    * as many components (client_pixels.h). */
   return _mesa_pixel_group_size_B(format, type) ? 0 : GL_INVALID_OPERATION;
}

/* Where an image's rows and pixels are (GL 2.1 section 3.6.4, equation
 * 3.13 and the bitmap rules). */
struct image_layout {
   size_t row_B;      /* between rows */
   size_t group_B;    /* of one pixel (0 for GL_BITMAP) */
   size_t offset_B;   /* of the first pixel (bitmaps: of its byte) */
   unsigned skip_bit; /* GL_BITMAP: bit of the first pixel in its byte */
};

static void
layout_of(const struct gl_context *ctx, GLsizei width, GLenum format,
          GLenum type, struct image_layout *l)
{
   size_t align = (size_t)ctx->Pixel.UnpackAlignment;
   size_t len = ctx->Pixel.UnpackRowLength > 0
                   ? (size_t)ctx->Pixel.UnpackRowLength
                   : (size_t)(width > 0 ? width : 0);

   if (type == GL_BITMAP) {
      size_t bytes = (len + 7) / 8;
      l->group_B = 0;
      l->row_B = (bytes + align - 1) / align * align;
      size_t skip = (size_t)ctx->Pixel.UnpackSkipPixels;
      l->offset_B = (size_t)ctx->Pixel.UnpackSkipRows * l->row_B + skip / 8;
      l->skip_bit = (unsigned)(skip % 8);
      return;
   }
   l->group_B = _mesa_pixel_group_size_B(format, type);
   size_t row = l->group_B * len;
   l->row_B = (row + align - 1) / align * align;
   l->offset_B = (size_t)ctx->Pixel.UnpackSkipRows * l->row_B +
                 (size_t)ctx->Pixel.UnpackSkipPixels * l->group_B;
   l->skip_bit = 0;
}

size_t
_mesa_unpack_image_size_B(const struct gl_context *ctx, GLsizei width,
                          GLsizei height, GLenum format, GLenum type)
{
   struct image_layout l;

   if (width <= 0 || height <= 0)
      return 0;
   layout_of(ctx, width, format, type, &l);
   size_t last_row = (type == GL_BITMAP)
                        ? ((size_t)l.skip_bit + (size_t)width + 7) / 8
                        : l.group_B * (size_t)width;
   return l.offset_B + (size_t)(height - 1) * l.row_B + last_row;
}

static GLfloat
lookup(const struct gl_pixel_map *m, GLfloat v)
{
   /* GL 2.1 section 3.6.5: the clamped value times size - 1, rounded
    * (NaN as 0). */
   v = !(v >= 0.0f) ? 0.0f : v > 1.0f ? 1.0f : v;
   int i = (int)floorf(v * (GLfloat)(m->Size - 1) + 0.5f);
   return m->Map[i];
}

bool
_mesa_rgba_transfer_active(const struct gl_context *ctx)
{
   const struct gl_pixel_ops *p = &ctx->PixelOps;
   bool changes = p->MapColor;

   for (unsigned c = 0; c < 4; c++)
      changes |= p->Scale[c] != 1.0f || p->Bias[c] != 0.0f;
   return changes;
}

void
_mesa_transfer_rgba(const struct gl_context *ctx, GLfloat *rgba, size_t n)
{
   const struct gl_pixel_ops *p = &ctx->PixelOps;

   if (!_mesa_rgba_transfer_active(ctx))
      return;
   for (size_t i = 0; i < n; i++) {
      GLfloat *v = rgba + 4 * i;
      for (unsigned c = 0; c < 4; c++) {
         v[c] = v[c] * p->Scale[c] + p->Bias[c];
         if (p->MapColor)
            v[c] = lookup(&p->Maps[GL_PIXEL_MAP_R_TO_R - GL_PIXEL_MAP_I_TO_I +
                                   c],
                          v[c]);
      }
   }
}

void
_mesa_transfer_depth(const struct gl_context *ctx, GLfloat *z, size_t n)
{
   const struct gl_pixel_ops *p = &ctx->PixelOps;

   for (size_t i = 0; i < n; i++) {
      GLfloat v = z[i] * p->DepthScale + p->DepthBias;
      z[i] = v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
   }
}

/* GL 2.1 section 3.6.5, "arithmetic on indices": shifted left (right
 * for a negative shift), then the offset added. */
static uint32_t
index_arith(const struct gl_pixel_ops *p, uint32_t i)
{
   int s = p->IndexShift;
   if (s > 0)
      i = s >= 32 ? 0 : i << s;
   else if (s < 0)
      i = -s >= 32 ? 0 : i >> -s;
   return i + (uint32_t)p->IndexOffset;
}

static uint32_t
index_lookup(const struct gl_pixel_map *m, uint32_t i)
{
   GLfloat v = m->Map[i & (uint32_t)(m->Size - 1)];
   return v <= 0.0f ? 0 : v >= 4294967295.0f ? 0xffffffffu : (uint32_t)v;
}

void
_mesa_transfer_stencil(const struct gl_context *ctx, uint32_t *s, size_t n)
{
   const struct gl_pixel_ops *p = &ctx->PixelOps;

   for (size_t i = 0; i < n; i++) {
      s[i] = index_arith(p, s[i]);
      if (p->MapStencil)
         s[i] = index_lookup(
            &p->Maps[GL_PIXEL_MAP_S_TO_S - GL_PIXEL_MAP_I_TO_I], s[i]);
   }
}

void
_mesa_index_to_rgba(const struct gl_context *ctx, const uint32_t *idx,
                    GLfloat *rgba, size_t n)
{
   const struct gl_pixel_ops *p = &ctx->PixelOps;

   for (size_t i = 0; i < n; i++) {
      uint32_t v = index_arith(p, idx[i]);
      for (unsigned c = 0; c < 4; c++) {
         const struct gl_pixel_map *m =
            &p->Maps[GL_PIXEL_MAP_I_TO_R - GL_PIXEL_MAP_I_TO_I + c];
         rgba[4 * i + c] = m->Map[v & (uint32_t)(m->Size - 1)];
      }
   }
}

void
_mesa_unpack_image(const struct gl_context *ctx, GLsizei width,
                   GLsizei height, GLenum format, GLenum type,
                   const void *src, enum pixel_kind kind, void *dst)
{
   struct image_layout l;
   size_t w = (size_t)width;
   const uint8_t *base = src;

   layout_of(ctx, width, format, type, &l);
   bool index_in = format == GL_COLOR_INDEX || format == GL_STENCIL_INDEX;
   for (GLsizei y = 0; y < height; y++) {
      const uint8_t *row = base + l.offset_B + (size_t)y * l.row_B;
      for (size_t x = 0; x < w; x++) {
         struct pixel_group px;
         size_t i = (size_t)y * w + x;
         if (type == GL_BITMAP) {
            size_t bit = l.skip_bit + x;
            uint8_t byte = row[bit / 8];
            unsigned b = (unsigned)(bit % 8);
            bool on = ctx->PixelOps.UnpackLsbFirst ? (byte >> b) & 1
                                                   : (byte >> (7 - b)) & 1;
            memset(&px, 0, sizeof(px));
            px.val[PIX_I] = on;
            px.has[PIX_I] = true;
         } else {
            _mesa_pixel_decode(format, type, row + x * l.group_B,
                               ctx->PixelOps.UnpackSwapBytes, &px);
         }
         switch (kind) {
         case PIXEL_DEPTH:
            ((GLfloat *)dst)[i] = (GLfloat)px.val[PIX_Z];
            break;
         case PIXEL_STENCIL:
         case PIXEL_INDEX:
            ((uint32_t *)dst)[i] = _mesa_pixel_int_bits(px.val[PIX_I]);
            break;
         case PIXEL_RGBA: {
            GLfloat *v = (GLfloat *)dst + 4 * i;
            if (index_in) {
               v[0] = (GLfloat)px.val[PIX_I]; /* looked up below */
               break;
            }
            /* Conversion to RGB and final expansion to RGBA. */
            for (unsigned c = 0; c < 3; c++)
               v[c] = px.has[c]       ? (GLfloat)px.val[c]
                      : px.has[PIX_L] ? (GLfloat)px.val[PIX_L]
                                      : 0.0f;
            v[3] = px.has[PIX_A] ? (GLfloat)px.val[PIX_A] : 1.0f;
            break;
         }
         }
      }
   }
   size_t n = (size_t)width * (size_t)(height > 0 ? height : 0);
   switch (kind) {
   case PIXEL_DEPTH:
      _mesa_transfer_depth(ctx, dst, n);
      break;
   case PIXEL_STENCIL:
      _mesa_transfer_stencil(ctx, dst, n);
      break;
   case PIXEL_INDEX:
      break;
   case PIXEL_RGBA:
      if (index_in) {
         /* In place, from the last pixel down (the indices are read
          * before the colours overwrite them). */
         GLfloat *v = dst;
         for (size_t i = n; i-- > 0;) {
            uint32_t idx = _mesa_pixel_int_bits(v[4 * i]);
            _mesa_index_to_rgba(ctx, &idx, v + 4 * i, 1);
         }
      } else {
         _mesa_transfer_rgba(ctx, dst, n);
      }
      break;
   }
}
