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

#include "main/context.h"
#include "main/pixel.h"
#include "util/half_float.h"

/* A packed type: its element size, and each field's width in component
 * order, the first field in the most significant bits (or, for the _REV
 * types, the least significant ones).  GL 2.1 tables 3.8-3.11. */
struct packed_type {
   GLenum type;
   uint8_t size_B;
   uint8_t n;
   bool rev;
   uint8_t bits[4];
};

static const struct packed_type packed_types[] = {
   {GL_UNSIGNED_BYTE_3_3_2, 1, 3, false, {3, 3, 2}},
   {GL_UNSIGNED_BYTE_2_3_3_REV, 1, 3, true, {3, 3, 2}},
   {GL_UNSIGNED_SHORT_5_6_5, 2, 3, false, {5, 6, 5}},
   {GL_UNSIGNED_SHORT_5_6_5_REV, 2, 3, true, {5, 6, 5}},
   {GL_UNSIGNED_SHORT_4_4_4_4, 2, 4, false, {4, 4, 4, 4}},
   {GL_UNSIGNED_SHORT_4_4_4_4_REV, 2, 4, true, {4, 4, 4, 4}},
   {GL_UNSIGNED_SHORT_5_5_5_1, 2, 4, false, {5, 5, 5, 1}},
   {GL_UNSIGNED_SHORT_1_5_5_5_REV, 2, 4, true, {5, 5, 5, 1}},
   {GL_UNSIGNED_INT_8_8_8_8, 4, 4, false, {8, 8, 8, 8}},
   {GL_UNSIGNED_INT_8_8_8_8_REV, 4, 4, true, {8, 8, 8, 8}},
   {GL_UNSIGNED_INT_10_10_10_2, 4, 4, false, {10, 10, 10, 2}},
   {GL_UNSIGNED_INT_2_10_10_10_REV, 4, 4, true, {10, 10, 10, 2}},
};

static const struct packed_type *
packed_of(GLenum type)
{
   for (size_t i = 0; i < sizeof(packed_types) / sizeof(packed_types[0]);
        i++) {
      if (packed_types[i].type == type)
         return &packed_types[i];
   }
   return NULL;
}

/* The components of a format in memory order: 0-3 are R, G, B, A, 4 is
 * luminance, 5 an index (colour or stencil), 6 depth.  0 components: not
 * a format of glDrawPixels. */
enum { C_R, C_G, C_B, C_A, C_L, C_I, C_Z };

static unsigned
format_components(GLenum format, uint8_t comp[4])
{
   switch (format) {
   case GL_RED:
      comp[0] = C_R;
      return 1;
   case GL_GREEN:
      comp[0] = C_G;
      return 1;
   case GL_BLUE:
      comp[0] = C_B;
      return 1;
   case GL_ALPHA:
      comp[0] = C_A;
      return 1;
   case GL_LUMINANCE:
      comp[0] = C_L;
      return 1;
   case GL_LUMINANCE_ALPHA:
      comp[0] = C_L;
      comp[1] = C_A;
      return 2;
   case GL_RG:
      comp[0] = C_R, comp[1] = C_G;
      return 2;
   case GL_RGB:
      comp[0] = C_R, comp[1] = C_G, comp[2] = C_B;
      return 3;
   case GL_BGR:
      comp[0] = C_B, comp[1] = C_G, comp[2] = C_R;
      return 3;
   case GL_RGBA:
      comp[0] = C_R, comp[1] = C_G, comp[2] = C_B, comp[3] = C_A;
      return 4;
   case GL_BGRA:
      comp[0] = C_B, comp[1] = C_G, comp[2] = C_R, comp[3] = C_A;
      return 4;
   case GL_ABGR_EXT:
      comp[0] = C_A, comp[1] = C_B, comp[2] = C_G, comp[3] = C_R;
      return 4;
   case GL_COLOR_INDEX:
   case GL_STENCIL_INDEX:
      comp[0] = C_I;
      return 1;
   case GL_DEPTH_COMPONENT:
      comp[0] = C_Z;
      return 1;
   case GL_DEPTH_STENCIL:
      comp[0] = C_Z, comp[1] = C_I;
      return 2;
   default:
      return 0;
   }
}

/* Bytes of one element of a non-packed type, 0 if none. */
static unsigned
type_size(GLenum type)
{
   switch (type) {
   case GL_UNSIGNED_BYTE:
   case GL_BYTE:
      return 1;
   case GL_UNSIGNED_SHORT:
   case GL_SHORT:
   case GL_HALF_FLOAT:
      return 2;
   case GL_UNSIGNED_INT:
   case GL_INT:
   case GL_FLOAT:
      return 4;
   default:
      return 0;
   }
}

/* The integer formats (GL 3.0 table 3.6), which pixel rectangles cannot
 * take into the fixed-point and float buffers here (EXT_texture_integer:
 * GL_INVALID_OPERATION). */
static bool
integer_format(GLenum format)
{
   switch (format) {
   case GL_RED_INTEGER:
   case GL_GREEN_INTEGER:
   case GL_BLUE_INTEGER:
   case GL_ALPHA_INTEGER:
   case GL_RG_INTEGER:
   case GL_RGB_INTEGER:
   case GL_RGBA_INTEGER:
   case GL_BGR_INTEGER:
   case GL_BGRA_INTEGER:
   case GL_LUMINANCE_INTEGER_EXT:
   case GL_LUMINANCE_ALPHA_INTEGER_EXT:
      return true;
   default:
      return false;
   }
}

GLenum
_mesa_pixel_format_error(GLenum format, GLenum type)
{
   uint8_t comp[4];
   unsigned n = format_components(format, comp);

   if (integer_format(format))
      return type_size(type) && type != GL_HALF_FLOAT ? GL_INVALID_OPERATION
                                                      : GL_INVALID_ENUM;
   if (!n)
      return GL_INVALID_ENUM;
   bool index = format == GL_COLOR_INDEX || format == GL_STENCIL_INDEX;
   if (type == GL_BITMAP)
      return index ? 0 : GL_INVALID_ENUM;
   if (format == GL_DEPTH_STENCIL) {
      if (type == GL_UNSIGNED_INT_24_8 ||
          type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
         return 0;
      return type_size(type) || packed_of(type) ? GL_INVALID_OPERATION
                                                : GL_INVALID_ENUM;
   }
   if (type == GL_UNSIGNED_INT_24_8 ||
       type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
      return GL_INVALID_OPERATION;
   if (type_size(type))
      return (index && type == GL_HALF_FLOAT) ? GL_INVALID_ENUM : 0;
   const struct packed_type *p = packed_of(type);
   if (!p)
      return GL_INVALID_ENUM;
   /* GL 2.1 section 3.6.4 (table 3.8): a packed type needs a format of
    * as many components (3: RGB, 4: RGBA, BGRA or EXT_abgr's ABGR). */
   bool rgb = format == GL_RGB;
   bool rgba = format == GL_RGBA || format == GL_BGRA ||
               format == GL_ABGR_EXT;
   if ((p->n == 3 && !rgb) || (p->n == 4 && !rgba))
      return GL_INVALID_OPERATION;
   return 0;
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
   uint8_t comp[4];
   unsigned n = format_components(format, comp);
   const struct packed_type *p = packed_of(type);
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
   if (type == GL_UNSIGNED_INT_24_8)
      l->group_B = 4;
   else if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
      l->group_B = 8;
   else if (p)
      l->group_B = p->size_B;
   else
      l->group_B = (size_t)type_size(type) * n;
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

/* Reads an element of size bytes, swapping its bytes when asked. */
static uint32_t
read_elem(const uint8_t *p, unsigned size, bool swap)
{
   uint8_t b[4] = {0};
   for (unsigned i = 0; i < size; i++)
      b[i] = p[swap ? size - 1 - i : i];
   if (size == 1)
      return b[0];
   if (size == 2) {
      uint16_t v;
      memcpy(&v, b, 2);
      return v;
   }
   uint32_t v;
   memcpy(&v, b, 4);
   return v;
}

/* An element as a float: normalized for colours and depths (GL 2.1
 * table 2.9; signed ones as max(c / (2^(b-1) - 1), -1)), as the integer
 * it is for indices. */
static double
elem_value(uint32_t bits, GLenum type, bool normalize)
{
   switch (type) {
   case GL_UNSIGNED_BYTE:
      return normalize ? bits / 255.0 : bits;
   case GL_BYTE: {
      int8_t v = (int8_t)bits;
      return normalize ? fmax(v / 127.0, -1.0) : v;
   }
   case GL_UNSIGNED_SHORT:
      return normalize ? bits / 65535.0 : bits;
   case GL_SHORT: {
      int16_t v = (int16_t)bits;
      return normalize ? fmax(v / 32767.0, -1.0) : v;
   }
   case GL_UNSIGNED_INT:
      return normalize ? bits / 4294967295.0 : bits;
   case GL_INT: {
      int32_t v = (int32_t)bits;
      return normalize ? fmax(v / 2147483647.0, -1.0) : v;
   }
   case GL_HALF_FLOAT:
      return util_half_to_float((uint16_t)bits);
   case GL_FLOAT: {
      float f;
      memcpy(&f, &bits, 4);
      return f;
   }
   default:
      return 0.0;
   }
}

/* A float index as the integer it names (its integer part, kept within
 * 32 bits; NaN as 0). */
static uint32_t
index_of(double v)
{
   if (!(v == v))
      return 0;
   if (v >= 4294967295.0)
      return 0xffffffffu;
   if (v <= -2147483648.0)
      return 0x80000000u;
   return (uint32_t)(int64_t)v;
}

/* One pixel's values: val[C_*] and whether each is present. */
struct pixel_in {
   double val[7];
   bool has[7];
};

static void
read_pixel(const struct gl_context *ctx, const uint8_t *p, GLenum format,
           GLenum type, struct pixel_in *px)
{
   uint8_t comp[4];
   unsigned n = format_components(format, comp);
   bool swap = ctx->PixelOps.UnpackSwapBytes;
   const struct packed_type *pk = packed_of(type);

   memset(px, 0, sizeof(*px));
   if (type == GL_UNSIGNED_INT_24_8) {
      uint32_t v = read_elem(p, 4, swap);
      px->val[C_Z] = (v >> 8) / 16777215.0;
      px->val[C_I] = v & 0xff;
      px->has[C_Z] = px->has[C_I] = true;
      return;
   }
   if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV) {
      uint32_t z = read_elem(p, 4, swap), s = read_elem(p + 4, 4, swap);
      float f;
      memcpy(&f, &z, 4);
      px->val[C_Z] = f;
      px->val[C_I] = s & 0xff;
      px->has[C_Z] = px->has[C_I] = true;
      return;
   }
   if (pk) {
      uint32_t v = read_elem(p, pk->size_B, swap);
      unsigned total = pk->size_B * 8u, shift = 0;
      for (unsigned c = 0; c < pk->n; c++) {
         unsigned b = pk->bits[c];
         unsigned at = pk->rev ? shift : total - shift - b;
         uint32_t field = (v >> at) & ((1u << b) - 1u);
         px->val[comp[c]] = field / (double)((1u << b) - 1u);
         px->has[comp[c]] = true;
         shift += b;
      }
      return;
   }
   unsigned size = type_size(type);
   for (unsigned c = 0; c < n; c++) {
      bool normalize = comp[c] != C_I;
      px->val[comp[c]] =
         elem_value(read_elem(p + c * size, size, swap), type, normalize);
      px->has[comp[c]] = true;
   }
}

static GLfloat
lookup(const struct gl_pixel_map *m, GLfloat v)
{
   /* GL 2.1 section 3.6.5: the clamped value times size - 1, rounded. */
   v = v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
   int i = (int)floorf(v * (GLfloat)(m->Size - 1) + 0.5f);
   return m->Map[i];
}

void
_mesa_transfer_rgba(const struct gl_context *ctx, GLfloat *rgba, size_t n)
{
   const struct gl_pixel_ops *p = &ctx->PixelOps;
   bool arith = false;

   for (unsigned c = 0; c < 4; c++)
      arith |= p->Scale[c] != 1.0f || p->Bias[c] != 0.0f;
   if (!arith && !p->MapColor)
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
         struct pixel_in px;
         size_t i = (size_t)y * w + x;
         if (type == GL_BITMAP) {
            size_t bit = l.skip_bit + x;
            uint8_t byte = row[bit / 8];
            unsigned b = (unsigned)(bit % 8);
            bool on = ctx->PixelOps.UnpackLsbFirst ? (byte >> b) & 1
                                                   : (byte >> (7 - b)) & 1;
            memset(&px, 0, sizeof(px));
            px.val[C_I] = on;
            px.has[C_I] = true;
         } else {
            read_pixel(ctx, row + x * l.group_B, format, type, &px);
         }
         switch (kind) {
         case PIXEL_DEPTH:
            ((GLfloat *)dst)[i] = (GLfloat)px.val[C_Z];
            break;
         case PIXEL_STENCIL:
         case PIXEL_INDEX:
            ((uint32_t *)dst)[i] = index_of(px.val[C_I]);
            break;
         case PIXEL_RGBA: {
            GLfloat *v = (GLfloat *)dst + 4 * i;
            if (index_in) {
               v[0] = (GLfloat)px.val[C_I]; /* looked up below */
               break;
            }
            /* Conversion to RGB and final expansion to RGBA. */
            for (unsigned c = 0; c < 3; c++)
               v[c] = px.has[c]     ? (GLfloat)px.val[c]
                      : px.has[C_L] ? (GLfloat)px.val[C_L]
                                    : 0.0f;
            v[3] = px.has[C_A] ? (GLfloat)px.val[C_A] : 1.0f;
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
            uint32_t idx = index_of(v[4 * i]);
            _mesa_index_to_rgba(ctx, &idx, v + 4 * i, 1);
         }
      } else {
         _mesa_transfer_rgba(ctx, dst, n);
      }
      break;
   }
}

GLfloat *
_mesa_transfer_tex_image(struct gl_context *ctx, GLsizei width,
                         GLsizei height, GLenum format, GLenum type,
                         const void *pixels)
{
   const struct gl_pixel_ops *p = &ctx->PixelOps;
   bool changes = p->MapColor;

   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx) || !pixels ||
       width <= 0 || height <= 0)
      return NULL;
   for (unsigned c = 0; c < 4; c++)
      changes |= p->Scale[c] != 1.0f || p->Bias[c] != 0.0f;
   if (!changes || _mesa_pixel_format_error(format, type) ||
       format == GL_COLOR_INDEX || format == GL_STENCIL_INDEX ||
       format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL)
      return NULL;
   GLfloat *rgba = malloc((size_t)width * (size_t)height * 4 *
                          sizeof(GLfloat));
   if (!rgba)
      return NULL;
   _mesa_unpack_image(ctx, width, height, format, type, pixels, PIXEL_RGBA,
                      rgba);
   /* Section 3.6.5, final conversion: components clamp to [0, 1]. */
   for (size_t i = 0; i < (size_t)width * (size_t)height * 4; i++)
      rgba[i] = rgba[i] > 0.0f ? (rgba[i] < 1.0f ? rgba[i] : 1.0f) : 0.0f;
   return rgba;
}

void
_mesa_tight_unpack_begin(struct gl_context *ctx, struct gl_unpack_saved *s)
{
   s->alignment = ctx->Pixel.UnpackAlignment;
   s->row_length = ctx->Pixel.UnpackRowLength;
   s->image_height = ctx->Pixel.UnpackImageHeight;
   s->skip_pixels = ctx->Pixel.UnpackSkipPixels;
   s->skip_rows = ctx->Pixel.UnpackSkipRows;
   s->skip_images = ctx->Pixel.UnpackSkipImages;
   s->buffer = ctx->PixelUnpackBuffer;
   ctx->Pixel.UnpackAlignment = 4;
   ctx->Pixel.UnpackRowLength = 0;
   ctx->Pixel.UnpackImageHeight = 0;
   ctx->Pixel.UnpackSkipPixels = 0;
   ctx->Pixel.UnpackSkipRows = 0;
   ctx->Pixel.UnpackSkipImages = 0;
   ctx->PixelUnpackBuffer = NULL;
}

void
_mesa_tight_unpack_end(struct gl_context *ctx, const struct gl_unpack_saved *s)
{
   ctx->Pixel.UnpackAlignment = s->alignment;
   ctx->Pixel.UnpackRowLength = s->row_length;
   ctx->Pixel.UnpackImageHeight = s->image_height;
   ctx->Pixel.UnpackSkipPixels = s->skip_pixels;
   ctx->Pixel.UnpackSkipRows = s->skip_rows;
   ctx->Pixel.UnpackSkipImages = s->skip_images;
   ctx->PixelUnpackBuffer = s->buffer;
}
