/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The client pixel codec (client_pixels.h).  Sources: GL 3.3
 * compatibility spec section 3.7.2 "Unpacking" (tables 3.5 types, 3.6
 * formats, 3.8 packed bit fields), "Conversion to floating-point"
 * (section 2.1.6: c / (2^b - 1) unsigned, max(c / (2^(b-1) - 1), -1)
 * signed), "Conversion to RGB" and "Final expansion to RGBA";
 * EXT_texture_integer for the integer formats; GL 3.0 section 3.7.2 for
 * DEPTH_STENCIL.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "main/client_pixels.h"
#include "main/context.h"
#include "main/pbo.h"
#include "main/pixel.h"
#include "util/format/u_format.h"
#include "util/half_float.h"
#include "util/u_math.h"

static const struct {
   GLenum format, integer_format;
   uint8_t count;
   uint8_t comp[4];
} formats[] = {
   {GL_RED, GL_RED_INTEGER, 1, {PIX_R}},
   {GL_GREEN, GL_GREEN_INTEGER, 1, {PIX_G}},
   {GL_BLUE, GL_BLUE_INTEGER, 1, {PIX_B}},
   {GL_ALPHA, GL_ALPHA_INTEGER, 1, {PIX_A}},
   {GL_RG, GL_RG_INTEGER, 2, {PIX_R, PIX_G}},
   {GL_RGB, GL_RGB_INTEGER, 3, {PIX_R, PIX_G, PIX_B}},
   {GL_BGR, GL_BGR_INTEGER, 3, {PIX_B, PIX_G, PIX_R}},
   {GL_RGBA, GL_RGBA_INTEGER, 4, {PIX_R, PIX_G, PIX_B, PIX_A}},
   {GL_BGRA, GL_BGRA_INTEGER, 4, {PIX_B, PIX_G, PIX_R, PIX_A}},
   {GL_ABGR_EXT, GL_NONE, 4, {PIX_A, PIX_B, PIX_G, PIX_R}},
   {GL_LUMINANCE, GL_LUMINANCE_INTEGER_EXT, 1, {PIX_L}},
   {GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA_INTEGER_EXT, 2, {PIX_L, PIX_A}},
   {GL_COLOR_INDEX, GL_NONE, 1, {PIX_I}},
   {GL_STENCIL_INDEX, GL_NONE, 1, {PIX_I}},
   {GL_DEPTH_COMPONENT, GL_NONE, 1, {PIX_Z}},
   {GL_DEPTH_STENCIL, GL_NONE, 2, {PIX_Z, PIX_I}},
};

bool
_mesa_pixel_format_desc(GLenum format, struct pixel_format_desc *d)
{
   for (unsigned i = 0; i < ARRAY_SIZE(formats); i++) {
      bool integer = formats[i].integer_format != GL_NONE &&
                     format == formats[i].integer_format;
      if (format != formats[i].format && !integer)
         continue;
      d->count = formats[i].count;
      memcpy(d->comp, formats[i].comp, sizeof(d->comp));
      d->integer = integer;
      return true;
   }
   return false;
}

bool
_mesa_is_client_integer_format(GLenum format)
{
   struct pixel_format_desc d;
   return _mesa_pixel_format_desc(format, &d) && d.integer;
}

static const struct pixel_packed_type packed_types[] = {
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
   /* Depth in the 24 high bits, stencil in the low 8 (GL 3.0 table
    * 3.11). */
   {GL_UNSIGNED_INT_24_8, 4, 2, false, {24, 8}},
};

const struct pixel_packed_type *
_mesa_pixel_packed_type(GLenum type)
{
   for (unsigned i = 0; i < ARRAY_SIZE(packed_types); i++) {
      if (packed_types[i].type == type)
         return &packed_types[i];
   }
   return NULL;
}

unsigned
_mesa_pixel_type_size(GLenum type)
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

static bool
is_depth_stencil_type(GLenum type)
{
   return type == GL_UNSIGNED_INT_24_8 ||
          type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV;
}

unsigned
_mesa_pixel_group_size_B(GLenum format, GLenum type)
{
   struct pixel_format_desc d;

   if (!_mesa_pixel_format_desc(format, &d))
      return 0;
   if ((format == GL_DEPTH_STENCIL) != is_depth_stencil_type(type))
      return 0;
   if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
      return 8;
   const struct pixel_packed_type *p = _mesa_pixel_packed_type(type);
   if (p) {
      /* Table 3.8: no packed type with BGR, or with formats of another
       * count of components. */
      bool bgr = format == GL_BGR || format == GL_BGR_INTEGER;
      return p->count == d.count && !bgr ? p->size_B : 0;
   }
   unsigned size = _mesa_pixel_type_size(type);
   bool is_float = type == GL_FLOAT || type == GL_HALF_FLOAT;
   if (d.integer && is_float)
      return 0;
   return size * d.count;
}

bool
_mesa_readback_pair_enum_error(GLenum format, GLenum type)
{
   if (format == GL_DEPTH_STENCIL)
      return !is_depth_stencil_type(type);
   return _mesa_is_client_integer_format(format) &&
          (type == GL_FLOAT || type == GL_HALF_FLOAT);
}

unsigned
_mesa_client_pixel_size(GLenum format, GLenum type)
{
   struct pixel_format_desc d;

   if (!_mesa_pixel_format_desc(format, &d))
      return 0;
   for (unsigned k = 0; k < d.count; k++) {
      if (d.comp[k] == PIX_I || d.comp[k] == PIX_Z)
         return 0;
   }
   return _mesa_pixel_group_size_B(format, type);
}

unsigned
_mesa_client_depth_size(GLenum format, GLenum type)
{
   /* Stencil indices of every type but bytes (S8_UINT describes those),
    * for STENCIL_INDEX8 textures (ARB_texture_stencil8; GL 4.4 table 8.2
    * pairs STENCIL_INDEX with each unpacked type). */
   if (format == GL_STENCIL_INDEX)
      return type == GL_UNSIGNED_BYTE ? 0
                                      : _mesa_pixel_group_size_B(format, type);
   if (format != GL_DEPTH_COMPONENT)
      return 0;
   switch (type) {
   case GL_UNSIGNED_BYTE:
   case GL_BYTE:
   case GL_SHORT:
   case GL_INT:
   case GL_HALF_FLOAT:
      return _mesa_pixel_group_size_B(format, type);
   default:
      return 0;
   }
}

enum pipe_format
_mesa_client_unpacked_format(GLenum format, GLenum type)
{
   if (format == GL_DEPTH_COMPONENT)
      return PIPE_FORMAT_Z32_FLOAT;
   if (format == GL_STENCIL_INDEX)
      return PIPE_FORMAT_S8_UINT;
   if (!_mesa_is_client_integer_format(format))
      return PIPE_FORMAT_R32G32B32A32_FLOAT;
   bool is_signed = type == GL_BYTE || type == GL_SHORT || type == GL_INT;
   return is_signed ? PIPE_FORMAT_R32G32B32A32_SINT
                    : PIPE_FORMAT_R32G32B32A32_UINT;
}

/* An element of size bytes, its bytes swapped when asked. */
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

static double
unorm(uint32_t c, unsigned bits)
{
   double max = bits >= 32 ? 4294967295.0 : (double)((1u << bits) - 1);
   return (double)c / max;
}

static double
snorm(int32_t c, unsigned bits)
{
   double f = (double)c / (double)((1u << (bits - 1)) - 1);
   return f < -1.0 ? -1.0 : f;
}

/* An element of an unpacked type: normalized, or the integer it is. */
static double
elem_value(uint32_t bits, GLenum type, bool normalize)
{
   switch (type) {
   case GL_UNSIGNED_BYTE:
      return normalize ? unorm(bits, 8) : bits;
   case GL_BYTE:
      return normalize ? snorm((int8_t)bits, 8) : (int8_t)bits;
   case GL_UNSIGNED_SHORT:
      return normalize ? unorm(bits, 16) : bits;
   case GL_SHORT:
      return normalize ? snorm((int16_t)bits, 16) : (int16_t)bits;
   case GL_UNSIGNED_INT:
      return normalize ? unorm(bits, 32) : bits;
   case GL_INT:
      return normalize ? snorm((int32_t)bits, 32) : (int32_t)bits;
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

void
_mesa_pixel_decode(GLenum format, GLenum type, const void *src, bool swap,
                   struct pixel_group *g)
{
   struct pixel_format_desc d;
   const uint8_t *p = src;

   memset(g, 0, sizeof(*g));
   if (!_mesa_pixel_format_desc(format, &d))
      return;
   for (unsigned k = 0; k < d.count; k++)
      g->has[d.comp[k]] = true;
   if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV) {
      g->val[PIX_Z] = elem_value(read_elem(p, 4, swap), GL_FLOAT, true);
      g->val[PIX_I] = read_elem(p + 4, 4, swap) & 0xff;
      return;
   }
   const struct pixel_packed_type *pk = _mesa_pixel_packed_type(type);
   if (pk) {
      uint32_t word = read_elem(p, pk->size_B, swap);
      unsigned total = pk->size_B * 8u, shift = 0;
      for (unsigned k = 0; k < pk->count; k++) {
         unsigned b = pk->bits[k];
         unsigned at = pk->rev ? shift : total - shift - b;
         uint32_t field = (word >> at) & ((1u << b) - 1u);
         bool raw = d.integer || d.comp[k] == PIX_I;
         g->val[d.comp[k]] = raw ? field : unorm(field, b);
         shift += b;
      }
      return;
   }
   unsigned size = _mesa_pixel_type_size(type);
   for (unsigned k = 0; k < d.count; k++) {
      bool normalize = !d.integer && d.comp[k] != PIX_I;
      g->val[d.comp[k]] =
         elem_value(read_elem(p + k * size, size, swap), type, normalize);
   }
}

static uint32_t
f32_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

/* An integer component's value as the 32-bit word of a UINT or SINT
 * texel. */
static uint32_t
int_bits(double v)
{
   return v < 0.0 ? (uint32_t)(int32_t)v : (uint32_t)v;
}

static void
unpack_rgba(GLenum format, GLenum type, const void *src, bool swap,
            unsigned n, uint32_t (*out)[4])
{
   const uint8_t *p = src;
   unsigned size = _mesa_client_pixel_size(format, type);
   bool integer = _mesa_is_client_integer_format(format);

   if (!size)
      return;
   for (unsigned i = 0; i < n; i++, p += size) {
      struct pixel_group g;
      double v[4];
      _mesa_pixel_decode(format, type, p, swap, &g);
      /* Conversion to RGB and final expansion to RGBA. */
      for (unsigned c = 0; c < 3; c++)
         v[c] = g.has[c] ? g.val[c] : g.has[PIX_L] ? g.val[PIX_L] : 0.0;
      v[3] = g.has[PIX_A] ? g.val[PIX_A] : 1.0;
      for (unsigned c = 0; c < 4; c++)
         out[i][c] = integer ? int_bits(v[c]) : f32_bits((float)v[c]);
   }
}

void
_mesa_client_unpack_rgba(GLenum format, GLenum type, const void *src,
                         unsigned n, uint32_t (*out)[4])
{
   unpack_rgba(format, type, src, false, n, out);
}

static uint32_t
to_unorm(double f, unsigned bits)
{
   double max = bits >= 32 ? 4294967295.0 : (double)((1u << bits) - 1);
   double c = f > 1.0 ? 1.0 : f > 0.0 ? f : 0.0;
   return (uint32_t)(c * max + 0.5);
}

static uint32_t
to_snorm(double f, unsigned bits)
{
   double max = (double)((1u << (bits - 1)) - 1);
   double c = f > 1.0 ? 1.0 : f < -1.0 ? -1.0 : f;
   double v = c * max;
   return (uint32_t)(int32_t)(v < 0 ? v - 0.5 : v + 0.5);
}

uint32_t
_mesa_pixel_int_bits(double v)
{
   if (!(v == v))
      return 0;
   if (v >= 4294967295.0)
      return 0xffffffffu;
   if (v <= -2147483648.0)
      return 0x80000000u;
   return v < 0.0 ? (uint32_t)(int32_t)v : (uint32_t)v;
}

/* An integer component clamped to [lo, hi] as the bits of its element:
 * EXT_texture_integer's final conversion clamps each component of an
 * integer colour to the range of the type (GL 3.0 section 4.3.2). */
static uint32_t
clamped_int_bits(double v, double lo, double hi)
{
   return _mesa_pixel_int_bits(v < lo ? lo : v > hi ? hi : v);
}

/* A value as an element of an unpacked type: normalized (clamped and
 * scaled), or the integer it is, clamped to the type's range. */
static uint32_t
elem_bits(double v, GLenum type, bool normalize)
{
   unsigned bits = 8 * _mesa_pixel_type_size(type);
   switch (type) {
   case GL_HALF_FLOAT:
      return util_float_to_half_round((float)v, UTIL_HALF_ROUND_NEAREST_EVEN);
   case GL_FLOAT:
      return f32_bits((float)v);
   case GL_UNSIGNED_BYTE:
   case GL_UNSIGNED_SHORT:
   case GL_UNSIGNED_INT:
      if (normalize)
         return to_unorm(v, bits);
      return clamped_int_bits(v, 0.0, ldexp(1.0, (int)bits) - 1.0);
   default:
      if (normalize)
         return to_snorm(v, bits);
      return clamped_int_bits(v, -ldexp(1.0, (int)bits - 1),
                              ldexp(1.0, (int)bits - 1) - 1.0);
   }
}

/* An index as an element of an unpacked type: GL 2.1 section 4.3.2's
 * final conversion masks it with 2^8 - 1, 2^7 - 1, 2^16 - 1, 2^15 - 1,
 * 2^32 - 1 or 2^31 - 1 (table 4.8: UNSIGNED_BYTE, BYTE, UNSIGNED_SHORT,
 * SHORT, UNSIGNED_INT, INT; the signed types keep one bit less), and
 * converts it to a float for FLOAT and HALF_FLOAT. */
static uint32_t
index_bits(double v, GLenum type)
{
   switch (type) {
   case GL_BYTE:
      return _mesa_pixel_int_bits(v) & 0x7fu;
   case GL_SHORT:
      return _mesa_pixel_int_bits(v) & 0x7fffu;
   case GL_INT:
      return _mesa_pixel_int_bits(v) & 0x7fffffffu;
   default:
      return elem_bits(v, type, false);
   }
}

static void
write_elem(uint8_t *p, uint32_t v, unsigned size, bool swap)
{
   uint8_t b[4];
   if (size == 1) {
      p[0] = (uint8_t)v;
      return;
   }
   if (size == 2) {
      uint16_t h = (uint16_t)v;
      memcpy(b, &h, 2);
   } else {
      memcpy(b, &v, 4);
   }
   for (unsigned i = 0; i < size; i++)
      p[i] = b[swap ? size - 1 - i : i];
}

void
_mesa_pixel_encode(GLenum format, GLenum type, const struct pixel_group *g,
                   bool swap, void *dst)
{
   struct pixel_format_desc d;
   uint8_t *p = dst;

   if (!_mesa_pixel_format_desc(format, &d))
      return;
   if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV) {
      write_elem(p, f32_bits((float)g->val[PIX_Z]), 4, swap);
      write_elem(p + 4, _mesa_pixel_int_bits(g->val[PIX_I]) & 0xff, 4, swap);
      return;
   }
   const struct pixel_packed_type *pk = _mesa_pixel_packed_type(type);
   if (pk) {
      uint32_t word = 0;
      unsigned total = pk->size_B * 8u, shift = 0;
      for (unsigned k = 0; k < pk->count; k++) {
         unsigned b = pk->bits[k];
         unsigned at = pk->rev ? shift : total - shift - b;
         double v = g->val[d.comp[k]];
         uint32_t field = d.comp[k] == PIX_I ? _mesa_pixel_int_bits(v)
                          : d.integer
                             ? clamped_int_bits(v, 0.0, ldexp(1.0, (int)b) - 1.0)
                             : to_unorm(v, b);
         word |= (field & ((1u << b) - 1u)) << at;
         shift += b;
      }
      write_elem(p, word, pk->size_B, swap);
      return;
   }
   unsigned size = _mesa_pixel_type_size(type);
   for (unsigned k = 0; k < d.count; k++) {
      double v = g->val[d.comp[k]];
      uint32_t bits = d.comp[k] == PIX_I ? index_bits(v, type)
                                          : elem_bits(v, type, !d.integer);
      write_elem(p + k * size, bits, size, swap);
   }
}

void
_mesa_client_pack_rgba_float(GLenum format, GLenum type,
                             const float (*in)[4], unsigned n, bool swap,
                             void *dst)
{
   uint8_t *p = dst;
   unsigned size = _mesa_client_pixel_size(format, type);

   if (!size || _mesa_is_client_integer_format(format))
      return;
   for (unsigned i = 0; i < n; i++, p += size) {
      struct pixel_group g;
      for (unsigned c = 0; c < 4; c++)
         g.val[c] = in[i][c];
      g.val[PIX_L] = in[i][0];
      _mesa_pixel_encode(format, type, &g, swap, p);
   }
}

void
_mesa_client_pack_rgba_int(GLenum format, GLenum type,
                           const uint32_t (*in)[4], unsigned n, bool sint,
                           bool swap, void *dst)
{
   uint8_t *p = dst;
   unsigned size = _mesa_client_pixel_size(format, type);

   if (!size || !_mesa_is_client_integer_format(format))
      return;
   for (unsigned i = 0; i < n; i++, p += size) {
      struct pixel_group g;
      for (unsigned c = 0; c < 4; c++)
         g.val[c] = sint ? (double)(int32_t)in[i][c] : (double)in[i][c];
      g.val[PIX_L] = g.val[0];
      _mesa_pixel_encode(format, type, &g, swap, p);
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

/* GL 2.1 section 3.8.1: texture images go through the pixel transfer
 * operations like glDrawPixels' (section 3.6.5), stopping before the
 * final conversion; what follows depends on the storage
 * (ARB_texture_float's edit of that section, GL 3.0 section 3.9.1, GL
 * 4.6 compatibility section 8.5): unsigned normalized storage clamps the
 * components to [0, 1], signed normalized storage to [-1, 1]
 * (EXT_texture_snorm), floating-point storage keeps them as they are. */
static void
transfer_row(const struct gl_context *ctx, float *rgba, size_t n,
             enum pixel_clamp clamp)
{
   const float lo = clamp == PIXEL_CLAMP_SNORM ? -1.0f : 0.0f;
   _mesa_transfer_rgba(ctx, rgba, n);
   if (clamp == PIXEL_CLAMP_NONE)
      return;
   for (size_t i = 0; i < 4 * n; i++)
      rgba[i] = rgba[i] > lo ? (rgba[i] < 1.0f ? rgba[i] : 1.0f) : lo;
}

enum pixel_clamp
_mesa_texture_upload_clamp(enum pipe_format storage)
{
   const struct util_format_description *d = util_format_description(storage);

   if (util_format_is_snorm(storage))
      return PIXEL_CLAMP_SNORM;
   /* Float channels (RGBA16F, R11G11B10F, RGB9E5 ...): unclamped; the
    * unsigned float formats lose negatives when the texels are packed. */
   for (unsigned c = 0; d && c < d->nr_channels; c++) {
      if (d->channel[c].type == UTIL_FORMAT_TYPE_FLOAT)
         return PIXEL_CLAMP_NONE;
   }
   return PIXEL_CLAMP_UNORM;
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

bool
_mesa_client_unpack_changes(const struct gl_context *ctx, GLenum format,
                            GLenum type)
{
   const struct pixel_packed_type *pk = _mesa_pixel_packed_type(type);
   unsigned elem_B = pk ? pk->size_B : _mesa_pixel_type_size(type);

   if (ctx->PixelOps.UnpackSwapBytes && elem_B > 1)
      return true;
   return !_mesa_is_client_integer_format(format) &&
          _mesa_rgba_transfer_active(ctx);
}

/* A row of w stencil indices as bytes: each index's low 8 bits (the
 * stencil buffer's, GL 4.4 section 8.4.4.3 / 18.2.8 masking indices to
 * the bits stored; no index arithmetic here). */
static void
unpack_stencil_row(const struct gl_context *ctx, GLenum type,
                   const uint8_t *src, unsigned bpp, int w, uint8_t *s)
{
   for (int x = 0; x < w; x++) {
      struct pixel_group g;
      _mesa_pixel_decode(GL_STENCIL_INDEX, type, src + (size_t)x * bpp,
                         ctx->PixelOps.UnpackSwapBytes, &g);
      s[x] = (uint8_t)_mesa_pixel_int_bits(g.val[PIX_I]);
   }
}

/* A row of w depth values (DEPTH_SCALE/BIAS applied), as floats. */
static void
unpack_depth_row(const struct gl_context *ctx, GLenum format, GLenum type,
                 const uint8_t *src, unsigned bpp, int w, float *z)
{
   for (int x = 0; x < w; x++) {
      struct pixel_group g;
      _mesa_pixel_decode(format, type, src + (size_t)x * bpp,
                         ctx->PixelOps.UnpackSwapBytes, &g);
      z[x] = (float)g.val[PIX_Z];
   }
   _mesa_transfer_depth(ctx, z, (size_t)w);
}

void *
_mesa_client_unpack_image(const struct gl_context *ctx, GLenum format,
                          GLenum type, GLenum base, enum pixel_clamp clamp,
                          int w, int h, int d, const void *pixels)
{
   bool integer = _mesa_is_client_integer_format(format);
   bool transfer = !integer && _mesa_rgba_transfer_active(ctx);
   uint32_t one = integer ? 1 : f32_bits(1.0f);
   bool depth = format == GL_DEPTH_COMPONENT;
   bool stencil = format == GL_STENCIL_INDEX;
   unsigned bpp = depth || stencil ? _mesa_client_depth_size(format, type)
                                   : _mesa_client_pixel_size(format, type);
   struct gl_pixel_layout in, out;

   _mesa_pixel_layout(ctx, false, w, h, d, bpp, &in);
   _mesa_pixel_layout(ctx, false, w, h, d, depth ? 4 : stencil ? 1 : 16,
                      &out);
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
         if (depth) {
            unpack_depth_row(ctx, format, type, src, bpp, w, (float *)dst);
            continue;
         }
         if (stencil) {
            unpack_stencil_row(ctx, type, src, bpp, w, dst);
            continue;
         }
         uint32_t(*t)[4] = (uint32_t(*)[4])dst;
         unpack_rgba(format, type, src, ctx->PixelOps.UnpackSwapBytes,
                     (unsigned)w, t);
         if (transfer)
            transfer_row(ctx, (float *)dst, (size_t)w, clamp);
         for (int x = 0; x < w; x++)
            reduce_to_base(t[x], base, one);
      }
   }
   return buf;
}
