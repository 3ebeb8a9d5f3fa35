/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Desktop client pixel groups without a pipe format (client_pixels.h).
 * Sources: GL 3.3 compatibility spec section 3.7.2 "Unpacking" (tables
 * 3.5 types, 3.6 formats, 3.8 packed bit fields), "Conversion to
 * floating-point" (section 2.1.6: c / (2^b - 1) unsigned,
 * max(c / (2^(b-1) - 1), -1) signed), "Conversion to RGB" and "Final
 * expansion to RGBA"; EXT_texture_integer for the integer formats.
 */
#include <stdlib.h>
#include <string.h>

#include "main/client_pixels.h"
#include "main/context.h"
#include "main/pbo.h"
#include "util/half_float.h"

/* Destinations of a format's components, in memory order: 0-3 = R, G,
 * B, A; LUM = luminance (R, G and B). */
#define LUM 4

struct client_layout {
   unsigned count;
   unsigned char dst[4];
   bool integer;
};

static bool
layout_of(GLenum format, struct client_layout *l)
{
   static const struct {
      GLenum format, integer_format;
      unsigned count;
      unsigned char dst[4];
   } table[] = {
      {GL_RED, GL_RED_INTEGER, 1, {0}},
      {GL_GREEN, GL_GREEN_INTEGER, 1, {1}},
      {GL_BLUE, GL_BLUE_INTEGER, 1, {2}},
      {GL_ALPHA, GL_ALPHA_INTEGER, 1, {3}},
      {GL_RG, GL_RG_INTEGER, 2, {0, 1}},
      {GL_RGB, GL_RGB_INTEGER, 3, {0, 1, 2}},
      {GL_BGR, GL_BGR_INTEGER, 3, {2, 1, 0}},
      {GL_RGBA, GL_RGBA_INTEGER, 4, {0, 1, 2, 3}},
      {GL_BGRA, GL_BGRA_INTEGER, 4, {2, 1, 0, 3}},
      {GL_ABGR_EXT, GL_NONE, 4, {3, 2, 1, 0}},
      {GL_LUMINANCE, GL_LUMINANCE_INTEGER_EXT, 1, {LUM}},
      {GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA_INTEGER_EXT, 2, {LUM, 3}},
   };

   for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
      bool integer = table[i].integer_format != GL_NONE &&
                     format == table[i].integer_format;
      if (format != table[i].format && !integer)
         continue;
      l->count = table[i].count;
      memcpy(l->dst, table[i].dst, sizeof(l->dst));
      l->integer = integer;
      return true;
   }
   return false;
}

bool
_mesa_is_client_integer_format(GLenum format)
{
   struct client_layout l;
   return layout_of(format, &l) && l.integer;
}

/* Packed types (table 3.8): field widths in component order, whether the
 * first component is in the low bits (the _REV types), the word size. */
struct packed_type {
   GLenum type;
   unsigned bytes, count;
   unsigned char bits[4];
   bool rev;
};

static const struct packed_type packed_types[] = {
   {GL_UNSIGNED_BYTE_3_3_2, 1, 3, {3, 3, 2}, false},
   {GL_UNSIGNED_BYTE_2_3_3_REV, 1, 3, {3, 3, 2}, true},
   {GL_UNSIGNED_SHORT_5_6_5, 2, 3, {5, 6, 5}, false},
   {GL_UNSIGNED_SHORT_5_6_5_REV, 2, 3, {5, 6, 5}, true},
   {GL_UNSIGNED_SHORT_4_4_4_4, 2, 4, {4, 4, 4, 4}, false},
   {GL_UNSIGNED_SHORT_4_4_4_4_REV, 2, 4, {4, 4, 4, 4}, true},
   {GL_UNSIGNED_SHORT_5_5_5_1, 2, 4, {5, 5, 5, 1}, false},
   {GL_UNSIGNED_SHORT_1_5_5_5_REV, 2, 4, {5, 5, 5, 1}, true},
   {GL_UNSIGNED_INT_8_8_8_8, 4, 4, {8, 8, 8, 8}, false},
   {GL_UNSIGNED_INT_8_8_8_8_REV, 4, 4, {8, 8, 8, 8}, true},
   {GL_UNSIGNED_INT_10_10_10_2, 4, 4, {10, 10, 10, 2}, false},
   {GL_UNSIGNED_INT_2_10_10_10_REV, 4, 4, {10, 10, 10, 2}, true},
};

static const struct packed_type *
packed_type(GLenum type)
{
   for (unsigned i = 0; i < sizeof(packed_types) / sizeof(packed_types[0]);
        i++) {
      if (packed_types[i].type == type)
         return &packed_types[i];
   }
   return NULL;
}

/* Bytes of one component of an unpacked type, 0 if not one. */
static unsigned
component_size(GLenum type, bool *is_signed, bool *is_float)
{
   *is_signed = type == GL_BYTE || type == GL_SHORT || type == GL_INT;
   *is_float = type == GL_FLOAT || type == GL_HALF_FLOAT;
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

unsigned
_mesa_client_pixel_size(GLenum format, GLenum type)
{
   struct client_layout l;
   bool is_signed, is_float;

   if (!layout_of(format, &l))
      return 0;
   const struct packed_type *p = packed_type(type);
   if (p) {
      /* Packed types go with formats of as many components (ABGR_EXT
       * only with the four-component ones of EXT_abgr's list). */
      if (p->count != l.count || (format == GL_ABGR_EXT && p->count != 4))
         return 0;
      return p->bytes;
   }
   unsigned size = component_size(type, &is_signed, &is_float);
   /* GL 3.0 section 3.7.2: integer formats take no float types. */
   if (!size || (l.integer && is_float))
      return 0;
   return size * l.count;
}

enum pipe_format
_mesa_client_unpacked_format(GLenum format, GLenum type)
{
   struct client_layout l;
   bool is_signed, is_float;

   if (!layout_of(format, &l) || !l.integer)
      return PIPE_FORMAT_R32G32B32A32_FLOAT;
   component_size(type, &is_signed, &is_float);
   return is_signed ? PIPE_FORMAT_R32G32B32A32_SINT
                    : PIPE_FORMAT_R32G32B32A32_UINT;
}

static float
unorm(uint32_t c, unsigned bits)
{
   double max = bits >= 32 ? 4294967295.0 : (double)((1u << bits) - 1);
   return (float)((double)c / max);
}

static float
snorm(int32_t c, unsigned bits)
{
   double max = (double)((1u << (bits - 1)) - 1);
   double f = (double)c / max;
   return (float)(f < -1.0 ? -1.0 : f);
}

static uint32_t
f32_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

/* Component i of one unpacked-type group as a 32-bit word. */
static uint32_t
read_component(GLenum type, const uint8_t *p, unsigned i, bool integer)
{
   switch (type) {
   case GL_UNSIGNED_BYTE:
      return integer ? p[i] : f32_bits(unorm(p[i], 8));
   case GL_BYTE: {
      int32_t v = (int8_t)p[i];
      return integer ? (uint32_t)v : f32_bits(snorm(v, 8));
   }
   case GL_UNSIGNED_SHORT:
   case GL_SHORT:
   case GL_HALF_FLOAT: {
      uint16_t u;
      memcpy(&u, p + 2 * i, 2);
      if (type == GL_HALF_FLOAT)
         return f32_bits(util_half_to_float(u));
      if (type == GL_UNSIGNED_SHORT)
         return integer ? u : f32_bits(unorm(u, 16));
      int32_t v = (int16_t)u;
      return integer ? (uint32_t)v : f32_bits(snorm(v, 16));
   }
   default: {
      uint32_t u;
      memcpy(&u, p + 4 * i, 4);
      if (type == GL_FLOAT || integer)
         return u;
      if (type == GL_UNSIGNED_INT)
         return f32_bits(unorm(u, 32));
      return f32_bits(snorm((int32_t)u, 32));
   }
   }
}

void
_mesa_client_unpack_rgba(GLenum format, GLenum type, const void *src,
                         unsigned n, uint32_t (*out)[4])
{
   struct client_layout l;
   const uint8_t *p = src;
   unsigned size = _mesa_client_pixel_size(format, type);
   const struct packed_type *pk = packed_type(type);

   if (!size || !layout_of(format, &l))
      return;
   uint32_t one = l.integer ? 1 : f32_bits(1.0f);
   for (unsigned i = 0; i < n; i++, p += size) {
      uint32_t c[4];
      if (pk) {
         uint32_t word = 0;
         memcpy(&word, p, pk->bytes);
         /* Non-REV: the first component in the most significant bits. */
         unsigned shift = pk->rev ? 0 : pk->bytes * 8;
         for (unsigned k = 0; k < pk->count; k++) {
            unsigned b = pk->bits[k];
            if (!pk->rev)
               shift -= b;
            uint32_t v = (word >> shift) & ((1u << b) - 1);
            if (pk->rev)
               shift += b;
            c[k] = l.integer ? v : f32_bits(unorm(v, b));
         }
      } else {
         for (unsigned k = 0; k < l.count; k++)
            c[k] = read_component(type, p, k, l.integer);
      }
      out[i][0] = out[i][1] = out[i][2] = 0;
      out[i][3] = one;
      for (unsigned k = 0; k < l.count; k++) {
         if (l.dst[k] == LUM)
            out[i][0] = out[i][1] = out[i][2] = c[k];
         else
            out[i][l.dst[k]] = c[k];
      }
   }
}

static uint32_t
to_unorm(float f, unsigned bits)
{
   double max = bits >= 32 ? 4294967295.0 : (double)((1u << bits) - 1);
   double c = f > 1.0f ? 1.0 : f > 0.0f ? (double)f : 0.0;
   return (uint32_t)(c * max + 0.5);
}

static int32_t
to_snorm(float f, unsigned bits)
{
   double max = (double)((1u << (bits - 1)) - 1);
   double c = f > 1.0f ? 1.0 : f < -1.0f ? -1.0 : (double)f;
   double v = c * max;
   return (int32_t)(v < 0 ? v - 0.5 : v + 0.5);
}

/* Component k of one group: c as type writes it. */
static void
write_component(GLenum type, uint8_t *p, unsigned k, float c)
{
   switch (type) {
   case GL_UNSIGNED_BYTE:
      p[k] = (uint8_t)to_unorm(c, 8);
      break;
   case GL_BYTE:
      p[k] = (uint8_t)(int8_t)to_snorm(c, 8);
      break;
   case GL_UNSIGNED_SHORT: {
      uint16_t v = (uint16_t)to_unorm(c, 16);
      memcpy(p + 2 * k, &v, 2);
      break;
   }
   case GL_SHORT: {
      int16_t v = (int16_t)to_snorm(c, 16);
      memcpy(p + 2 * k, &v, 2);
      break;
   }
   case GL_HALF_FLOAT: {
      uint16_t v = util_float_to_half_round(c, UTIL_HALF_ROUND_NEAREST_EVEN);
      memcpy(p + 2 * k, &v, 2);
      break;
   }
   case GL_UNSIGNED_INT: {
      uint32_t v = to_unorm(c, 32);
      memcpy(p + 4 * k, &v, 4);
      break;
   }
   case GL_INT: {
      int32_t v = to_snorm(c, 32);
      memcpy(p + 4 * k, &v, 4);
      break;
   }
   default:
      memcpy(p + 4 * k, &c, 4);
      break;
   }
}

void
_mesa_client_pack_rgba_float(GLenum format, GLenum type,
                             const float (*in)[4], unsigned n, void *dst)
{
   struct client_layout l;
   uint8_t *p = dst;
   unsigned size = _mesa_client_pixel_size(format, type);
   const struct packed_type *pk = packed_type(type);

   if (!size || !layout_of(format, &l) || l.integer)
      return;
   for (unsigned i = 0; i < n; i++, p += size) {
      float c[4];
      for (unsigned k = 0; k < l.count; k++)
         c[k] = in[i][l.dst[k] == LUM ? 0 : l.dst[k]];
      if (!pk) {
         for (unsigned k = 0; k < l.count; k++)
            write_component(type, p, k, c[k]);
         continue;
      }
      uint32_t word = 0;
      unsigned shift = pk->rev ? 0 : pk->bytes * 8;
      for (unsigned k = 0; k < pk->count; k++) {
         unsigned b = pk->bits[k];
         if (!pk->rev)
            shift -= b;
         word |= to_unorm(c[k], b) << shift;
         if (pk->rev)
            shift += b;
      }
      memcpy(p, &word, pk->bytes);
   }
}

unsigned
_mesa_base_format_components(GLenum base)
{
   switch (base) {
   case GL_ALPHA:
   case GL_LUMINANCE:
   case GL_INTENSITY:
   case GL_RED:
      return 1;
   case GL_LUMINANCE_ALPHA:
   case GL_RG:
      return 2;
   case GL_RGB:
      return 3;
   default:
      return 4;
   }
}

/* One RGBA texel as base format base keeps it, read back as RGBA. */
static void
reduce_to_base(uint32_t t[4], GLenum base, uint32_t one)
{
   switch (base) {
   case GL_ALPHA:
      t[0] = t[1] = t[2] = 0;
      break;
   case GL_LUMINANCE:
      t[1] = t[2] = t[0];
      t[3] = one;
      break;
   case GL_LUMINANCE_ALPHA:
      t[1] = t[2] = t[0];
      break;
   case GL_INTENSITY:
      t[1] = t[2] = t[3] = t[0];
      break;
   case GL_RED:
      t[1] = t[2] = 0;
      t[3] = one;
      break;
   case GL_RG:
      t[2] = 0;
      t[3] = one;
      break;
   case GL_RGB:
      t[3] = one;
      break;
   default:
      break;
   }
}

void *
_mesa_client_unpack_image(const struct gl_context *ctx, GLenum format,
                          GLenum type, GLenum base, int w, int h, int d,
                          const void *pixels)
{
   struct client_layout l;
   bool integer = layout_of(format, &l) && l.integer;
   uint32_t one = integer ? 1 : f32_bits(1.0f);
   unsigned bpp = _mesa_client_pixel_size(format, type);
   struct gl_pixel_layout in, out;

   _mesa_pixel_layout(ctx, false, w, h, d, bpp, &in);
   _mesa_pixel_layout(ctx, false, w, h, d, 16, &out);
   uint8_t *buf = calloc(1, out.size_B ? out.size_B : 1);
   if (!buf || !bpp)
      return buf;
   for (int s = 0; s < d; s++) {
      for (int r = 0; r < h; r++) {
         const uint8_t *src = (const uint8_t *)pixels + in.offset_B +
                              (size_t)s * in.image_stride_B +
                              (size_t)r * in.row_stride_B;
         uint8_t *dst = buf + out.offset_B + (size_t)s * out.image_stride_B +
                        (size_t)r * out.row_stride_B;
         uint32_t(*t)[4] = (uint32_t(*)[4])dst;
         _mesa_client_unpack_rgba(format, type, src, (unsigned)w, t);
         for (int x = 0; x < w; x++)
            reduce_to_base(t[x], base, one);
      }
   }
   return buf;
}
