/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ETC1 / ETC2 / EAC block decoding (see u_format_etc.h).
 *
 * Facts from the OpenGL ES 3.0.6 specification, appendix C.1: every
 * 64-bit half of a block is a big-endian integer; bit 63 is the top bit of
 * the first byte.  Texel (x, y) of a block has the number x * 4 + y (the
 * texels go down the columns).
 *
 * Colour half (C.1.2):
 *   bits 31..16  most significant bit of each texel's 2-bit index,
 *   bits 15..0   least significant bit (texel n at bit n),
 *   bit 33       "diff" (or, with punch-through alpha, "opaque"),
 *   bit 32       flip (subblocks are 2x4 side by side, or 4x2 stacked).
 * Individual mode (diff 0): two 4-bit RGB444 base colours and a 3-bit
 * table codeword per subblock.  Differential mode (diff 1): a 5-bit RGB555
 * base and a 3-bit signed delta for the second subblock; when base + delta
 * leaves 0..31 the block is instead in T mode (red overflows), H mode
 * (green) or planar mode (blue), tested in that order.
 *
 * EAC half (C.1.3, C.1.5): base codeword (bits 63..56), multiplier
 * (55..52), modifier table (51..48) and sixteen 3-bit indices (texel n at
 * bits 47 - 3n .. 45 - 3n).
 */
#include "util/format/u_format_etc.h"

#include <string.h>

/* ES 3.0.6 appendix C, the intensity modifier table (the same in ETC1):
 * the two magnitudes of each codeword; texel index 0 is +small, 1 +large,
 * 2 -small, 3 -large. */
static const int etc_intensity[8][2] = {
   {2, 8}, {5, 17}, {9, 29}, {13, 42}, {18, 60}, {24, 80}, {33, 106}, {47, 183},
};

/* ES 3.0.6 appendix C, the distance table of the T and H modes. */
static const int etc_distance[8] = {3, 6, 11, 16, 23, 32, 41, 64};

/* ES 3.0.6 appendix C, the EAC modifier tables, indexed by texel index. */
static const int eac_modifier[16][8] = {
   {-3, -6, -9, -15, 2, 5, 8, 14}, {-3, -7, -10, -13, 2, 6, 9, 12},
   {-2, -5, -8, -13, 1, 4, 7, 12}, {-2, -4, -6, -13, 1, 3, 5, 12},
   {-3, -6, -8, -12, 2, 5, 7, 11}, {-3, -7, -9, -11, 2, 6, 8, 10},
   {-4, -7, -8, -11, 3, 6, 7, 10}, {-3, -5, -8, -11, 2, 4, 7, 10},
   {-2, -6, -8, -10, 1, 5, 7, 9},  {-2, -5, -8, -10, 1, 4, 7, 9},
   {-2, -4, -8, -10, 1, 3, 7, 9},  {-2, -5, -7, -10, 1, 4, 6, 9},
   {-3, -4, -7, -10, 2, 3, 6, 9},  {-1, -2, -3, -10, 0, 1, 2, 9},
   {-4, -6, -8, -9, 3, 5, 7, 8},   {-3, -5, -7, -9, 2, 4, 6, 8},
};

/* How a format's 8 or 16 bytes are split. */
enum etc_kind {
   ETC_NONE,
   ETC_RGB,    /* one colour half (ETC1 or ETC2) */
   ETC_RGB_A1, /* one colour half with punch-through alpha */
   ETC_RGBA,   /* EAC alpha half, then colour half */
   ETC_R11,    /* one EAC half */
   ETC_RG11,   /* two EAC halves, R then G */
};

struct etc_format_info {
   enum etc_kind kind;
   bool is_signed;
   enum pipe_format decoded;
};

static struct etc_format_info
etc_info(enum pipe_format format)
{
   switch (format) {
   case PIPE_FORMAT_ETC1_RGB8:
   case PIPE_FORMAT_ETC2_RGB8:
      return (struct etc_format_info){ETC_RGB, false,
                                      PIPE_FORMAT_R8G8B8A8_UNORM};
   case PIPE_FORMAT_ETC2_SRGB8:
      return (struct etc_format_info){ETC_RGB, false,
                                      PIPE_FORMAT_R8G8B8A8_SRGB};
   case PIPE_FORMAT_ETC2_RGB8A1:
      return (struct etc_format_info){ETC_RGB_A1, false,
                                      PIPE_FORMAT_R8G8B8A8_UNORM};
   case PIPE_FORMAT_ETC2_SRGB8A1:
      return (struct etc_format_info){ETC_RGB_A1, false,
                                      PIPE_FORMAT_R8G8B8A8_SRGB};
   case PIPE_FORMAT_ETC2_RGBA8:
      return (struct etc_format_info){ETC_RGBA, false,
                                      PIPE_FORMAT_R8G8B8A8_UNORM};
   case PIPE_FORMAT_ETC2_SRGBA8:
      return (struct etc_format_info){ETC_RGBA, false,
                                      PIPE_FORMAT_R8G8B8A8_SRGB};
   case PIPE_FORMAT_ETC2_R11_UNORM:
      return (struct etc_format_info){ETC_R11, false, PIPE_FORMAT_R16_UNORM};
   case PIPE_FORMAT_ETC2_R11_SNORM:
      return (struct etc_format_info){ETC_R11, true, PIPE_FORMAT_R16_SNORM};
   case PIPE_FORMAT_ETC2_RG11_UNORM:
      return (struct etc_format_info){ETC_RG11, false,
                                      PIPE_FORMAT_R16G16_UNORM};
   case PIPE_FORMAT_ETC2_RG11_SNORM:
      return (struct etc_format_info){ETC_RG11, true, PIPE_FORMAT_R16G16_SNORM};
   default:
      return (struct etc_format_info){ETC_NONE, false, PIPE_FORMAT_NONE};
   }
}

bool
util_format_is_etc(enum pipe_format format)
{
   return etc_info(format).kind != ETC_NONE;
}

enum pipe_format
util_format_etc_decoded_format(enum pipe_format format)
{
   return etc_info(format).decoded;
}

static uint64_t
read_be64(const uint8_t *p)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < 8; i++)
      v = v << 8 | p[i];
   return v;
}

/* Bits hi..lo of v. */
static unsigned
bits(uint64_t v, unsigned hi, unsigned lo)
{
   return (unsigned)(v >> lo) & ((1u << (hi - lo + 1)) - 1);
}

static int
clamp_int(int v, int lo, int hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* Bit replication to 8 bits. */
static int
widen(unsigned v, unsigned nbits)
{
   unsigned r = v << (8 - nbits);
   return (int)(r | r >> nbits);
}

/* Texel n's 2-bit colour index. */
static unsigned
colour_index(uint64_t half, unsigned n)
{
   return bits(half, 16 + n, 16 + n) << 1 | bits(half, n, n);
}

static void
set_rgb(uint8_t out[4], const int rgb[3], int delta)
{
   for (unsigned c = 0; c < 3; c++)
      out[c] = (uint8_t)clamp_int(rgb[c] + delta, 0, 255);
   out[3] = 255;
}

/* Individual / differential modes: two subblocks, each a base colour
 * moved by a modifier of its codeword.  With punch-through alpha and the
 * opaque bit clear, index 2 is transparent black and index 0 adds 0
 * (ES 3.0.6 section C.1.4). */
static void
decode_subblocks(uint64_t half, const int base[2][3], bool transparent_ok,
                 uint8_t texels[16][4])
{
   const unsigned codeword[2] = {bits(half, 39, 37), bits(half, 36, 34)};
   const bool flip = bits(half, 32, 32);

   for (unsigned n = 0; n < 16; n++) {
      unsigned x = n / 4, y = n % 4;
      unsigned sub = flip ? y >= 2 : x >= 2;
      unsigned idx = colour_index(half, n);
      uint8_t *out = texels[y * 4 + x];

      if (transparent_ok && idx == 2) {
         memset(out, 0, 4);
         continue;
      }
      int mag = etc_intensity[codeword[sub]][idx & 1];
      if (transparent_ok && idx == 0)
         mag = 0;
      set_rgb(out, base[sub], idx & 2 ? -mag : mag);
   }
}

/* T and H modes: four paint colours chosen directly by the index. */
static void
decode_paint(uint64_t half, const int paint[4][3], bool transparent_ok,
             uint8_t texels[16][4])
{
   for (unsigned n = 0; n < 16; n++) {
      unsigned x = n / 4, y = n % 4;
      unsigned idx = colour_index(half, n);
      uint8_t *out = texels[y * 4 + x];

      if (transparent_ok && idx == 2)
         memset(out, 0, 4);
      else
         set_rgb(out, paint[idx], 0);
   }
}

static void
decode_t_mode(uint64_t half, bool transparent_ok, uint8_t texels[16][4])
{
   const int c1[3] = {
      widen(bits(half, 60, 59) << 2 | bits(half, 57, 56), 4),
      widen(bits(half, 55, 52), 4),
      widen(bits(half, 51, 48), 4),
   };
   const int c2[3] = {
      widen(bits(half, 47, 44), 4),
      widen(bits(half, 43, 40), 4),
      widen(bits(half, 39, 36), 4),
   };
   int d = etc_distance[bits(half, 35, 34) << 1 | bits(half, 32, 32)];
   int paint[4][3];

   for (unsigned c = 0; c < 3; c++) {
      paint[0][c] = c1[c];
      paint[1][c] = c2[c] + d;
      paint[2][c] = c2[c];
      paint[3][c] = c2[c] - d;
   }
   decode_paint(half, paint, transparent_ok, texels);
}

static void
decode_h_mode(uint64_t half, bool transparent_ok, uint8_t texels[16][4])
{
   const int c1[3] = {
      widen(bits(half, 62, 59), 4),
      widen(bits(half, 58, 56) << 1 | bits(half, 52, 52), 4),
      widen(bits(half, 51, 51) << 3 | bits(half, 49, 48) << 1 |
               bits(half, 47, 47),
            4),
   };
   const int c2[3] = {
      widen(bits(half, 46, 43), 4),
      widen(bits(half, 42, 39), 4),
      widen(bits(half, 38, 35), 4),
   };
   /* The distance's low bit is whether colour 1 >= colour 2 as 0xRRGGBB. */
   int v1 = c1[0] << 16 | c1[1] << 8 | c1[2];
   int v2 = c2[0] << 16 | c2[1] << 8 | c2[2];
   unsigned di =
      bits(half, 34, 34) << 2 | bits(half, 32, 32) << 1 | (v1 >= v2 ? 1u : 0u);
   int d = etc_distance[di];
   int paint[4][3];

   for (unsigned c = 0; c < 3; c++) {
      paint[0][c] = c1[c] + d;
      paint[1][c] = c1[c] - d;
      paint[2][c] = c2[c] + d;
      paint[3][c] = c2[c] - d;
   }
   decode_paint(half, paint, transparent_ok, texels);
}

/* Planar mode: three RGB676 colours at texels (0,0), (4,0) and (0,4);
 * the block is their linear extrapolation, always opaque. */
static void
decode_planar(uint64_t half, uint8_t texels[16][4])
{
   const int o[3] = {
      widen(bits(half, 62, 57), 6),
      widen(bits(half, 56, 56) << 6 | bits(half, 54, 49), 7),
      widen(bits(half, 48, 48) << 5 | bits(half, 44, 43) << 3 |
               bits(half, 41, 39),
            6),
   };
   const int h[3] = {
      widen(bits(half, 38, 34) << 1 | bits(half, 32, 32), 6),
      widen(bits(half, 31, 25), 7),
      widen(bits(half, 24, 19), 6),
   };
   const int v[3] = {
      widen(bits(half, 18, 13), 6),
      widen(bits(half, 12, 6), 7),
      widen(bits(half, 5, 0), 6),
   };

   for (int y = 0; y < 4; y++) {
      for (int x = 0; x < 4; x++) {
         uint8_t *out = texels[y * 4 + x];
         for (unsigned c = 0; c < 3; c++) {
            int sum = x * (h[c] - o[c]) + y * (v[c] - o[c]) + 4 * o[c] + 2;
            /* Negative sums clamp to 0; no shift of a negative value. */
            out[c] = (uint8_t)clamp_int(sum < 0 ? 0 : sum >> 2, 0, 255);
         }
         out[3] = 255;
      }
   }
}

/* One colour half.  punch_through: RGB8A1 (bit 33 is "opaque", and the
 * individual mode does not exist). */
static void
decode_colour(const uint8_t *p, bool punch_through, uint8_t texels[16][4])
{
   uint64_t half = read_be64(p);
   bool bit33 = bits(half, 33, 33);
   bool transparent_ok = punch_through && !bit33;
   int base[2][3];

   if (!punch_through && !bit33) {
      /* Individual: RGB444 pairs, high nibble first subblock. */
      for (unsigned c = 0; c < 3; c++) {
         unsigned sh = 60 - 8 * c;
         base[0][c] = widen(bits(half, sh + 3, sh), 4);
         base[1][c] = widen(bits(half, sh - 1, sh - 4), 4);
      }
      decode_subblocks(half, base, false, texels);
      return;
   }

   /* Differential, unless a channel's sum overflows 5 bits. */
   for (unsigned c = 0; c < 3; c++) {
      unsigned sh = 59 - 8 * c;
      int b = (int)bits(half, sh + 4, sh);
      int d = (int)bits(half, sh - 1, sh - 3);
      int sum = b + (d >= 4 ? d - 8 : d);

      if (sum < 0 || sum > 31) {
         if (c == 0)
            decode_t_mode(half, transparent_ok, texels);
         else if (c == 1)
            decode_h_mode(half, transparent_ok, texels);
         else
            decode_planar(half, texels);
         return;
      }
      base[0][c] = widen((unsigned)b, 5);
      base[1][c] = widen((unsigned)sum, 5);
   }
   decode_subblocks(half, base, transparent_ok, texels);
}

/* One EAC half as 11-bit values (ES 3.0.6 section C.1.5); the signed base
 * codeword -128 counts as -127. */
static void
decode_eac11(const uint8_t *p, bool is_signed, int16_t out[16])
{
   uint64_t half = read_be64(p);
   int base = (int)bits(half, 63, 56);
   int mult = (int)bits(half, 55, 52);
   const int *mod = eac_modifier[bits(half, 51, 48)];

   if (is_signed) {
      base = base >= 128 ? base - 256 : base;
      if (base == -128)
         base = -127;
   }
   for (unsigned n = 0; n < 16; n++) {
      unsigned x = n / 4, y = n % 4;
      int m = mod[bits(half, 47 - 3 * n, 45 - 3 * n)];
      /* A zero multiplier means 1/8: the modifier is added unscaled. */
      int delta = mult ? m * mult * 8 : m;
      int v = is_signed ? clamp_int(base * 8 + delta, -1023, 1023)
                        : clamp_int(base * 8 + 4 + delta, 0, 2047);
      out[y * 4 + x] = (int16_t)v;
   }
}

/* The 8-bit EAC alpha of RGBA8_ETC2_EAC (section C.1.3). */
static void
decode_eac_alpha8(const uint8_t *p, uint8_t texels[16][4])
{
   uint64_t half = read_be64(p);
   int base = (int)bits(half, 63, 56);
   int mult = (int)bits(half, 55, 52);
   const int *mod = eac_modifier[bits(half, 51, 48)];

   for (unsigned n = 0; n < 16; n++) {
      unsigned x = n / 4, y = n % 4;
      int m = mod[bits(half, 47 - 3 * n, 45 - 3 * n)];
      texels[y * 4 + x][3] = (uint8_t)clamp_int(base + m * mult, 0, 255);
   }
}

bool
util_format_etc_decode_block_rgba8(enum pipe_format format,
                                   const uint8_t *block, uint8_t texels[16][4])
{
   switch (etc_info(format).kind) {
   case ETC_RGB:
      decode_colour(block, false, texels);
      return true;
   case ETC_RGB_A1:
      decode_colour(block, true, texels);
      return true;
   case ETC_RGBA:
      decode_colour(block + 8, false, texels);
      decode_eac_alpha8(block, texels);
      return true;
   default:
      return false;
   }
}

bool
util_format_etc_decode_block_eac11(enum pipe_format format,
                                   const uint8_t *block, int16_t values[2][16])
{
   struct etc_format_info info = etc_info(format);

   if (info.kind != ETC_R11 && info.kind != ETC_RG11)
      return false;
   decode_eac11(block, info.is_signed, values[0]);
   if (info.kind == ETC_RG11)
      decode_eac11(block + 8, info.is_signed, values[1]);
   else
      memset(values[1], 0, sizeof(values[1]));
   return true;
}

/* 11 bits to 16 by replication, on the magnitude for signed values. */
static uint16_t
widen_eac(int v, bool is_signed)
{
   if (!is_signed)
      return (uint16_t)(v << 5 | v >> 6);
   int mag = v < 0 ? -v : v;
   int w = mag << 5 | mag >> 5;
   return (uint16_t)(int16_t)(v < 0 ? -w : w);
}

/* One decoded texel: colour formats fill rgba8, EAC formats eac. */
struct etc_texel {
   uint8_t rgba8[4];
   int16_t eac[2];
};

typedef void (*etc_emit_fn)(void *dst, size_t dst_stride_B, unsigned x,
                            unsigned y, const struct etc_texel *t,
                            const struct etc_format_info *info);

/* Calls emit for every texel of the region; shared by the unpackers. */
static bool
etc_walk(enum pipe_format format, void *dst, size_t dst_stride_B,
         const uint8_t *src, size_t src_stride_B, unsigned width,
         unsigned height, etc_emit_fn emit)
{
   struct etc_format_info info = etc_info(format);
   unsigned block_B = info.kind == ETC_RGBA || info.kind == ETC_RG11 ? 16 : 8;

   if (info.kind == ETC_NONE)
      return false;
   for (unsigned by = 0; by < height; by += 4) {
      const uint8_t *row = src + (size_t)(by / 4) * src_stride_B;
      for (unsigned bx = 0; bx < width; bx += 4) {
         const uint8_t *block = row + (size_t)(bx / 4) * block_B;
         uint8_t rgba[16][4];
         int16_t eac[2][16];
         bool colour = util_format_etc_decode_block_rgba8(format, block, rgba);

         if (!colour)
            util_format_etc_decode_block_eac11(format, block, eac);
         for (unsigned y = by; y < by + 4 && y < height; y++) {
            for (unsigned x = bx; x < bx + 4 && x < width; x++) {
               unsigned i = (y - by) * 4 + (x - bx);
               struct etc_texel t = {{0}, {0}};
               if (colour) {
                  memcpy(t.rgba8, rgba[i], 4);
               } else {
                  t.eac[0] = eac[0][i];
                  t.eac[1] = eac[1][i];
               }
               emit(dst, dst_stride_B, x, y, &t, &info);
            }
         }
      }
   }
   return true;
}

static void
emit_decoded(void *dst, size_t dst_stride_B, unsigned x, unsigned y,
             const struct etc_texel *t, const struct etc_format_info *info)
{
   uint8_t *row = (uint8_t *)dst + (size_t)y * dst_stride_B;

   switch (info->kind) {
   case ETC_R11: {
      uint16_t v = widen_eac(t->eac[0], info->is_signed);
      memcpy(row + (size_t)x * 2, &v, 2);
      break;
   }
   case ETC_RG11: {
      uint16_t v[2] = {widen_eac(t->eac[0], info->is_signed),
                       widen_eac(t->eac[1], info->is_signed)};
      memcpy(row + (size_t)x * 4, v, 4);
      break;
   }
   default:
      memcpy(row + (size_t)x * 4, t->rgba8, 4);
      break;
   }
}

static void
emit_float(void *dst, size_t dst_stride_B, unsigned x, unsigned y,
           const struct etc_texel *t, const struct etc_format_info *info)
{
   float *out = (float *)((uint8_t *)dst + (size_t)y * dst_stride_B) + x * 4;

   if (info->kind == ETC_R11 || info->kind == ETC_RG11) {
      float scale = info->is_signed ? 1023.0f : 2047.0f;
      out[0] = (float)t->eac[0] / scale;
      out[1] = info->kind == ETC_RG11 ? (float)t->eac[1] / scale : 0.0f;
      out[2] = 0.0f;
      out[3] = 1.0f;
   } else {
      for (unsigned c = 0; c < 4; c++)
         out[c] = (float)t->rgba8[c] / 255.0f;
   }
}

bool
util_format_etc_unpack(enum pipe_format format, void *dst, size_t dst_stride_B,
                       const uint8_t *src, size_t src_stride_B, unsigned width,
                       unsigned height)
{
   return etc_walk(format, dst, dst_stride_B, src, src_stride_B, width, height,
                   emit_decoded);
}

bool
util_format_etc_unpack_rgba_float(enum pipe_format format, float *dst,
                                  size_t dst_stride_B, const uint8_t *src,
                                  size_t src_stride_B, unsigned width,
                                  unsigned height)
{
   return etc_walk(format, dst, dst_stride_B, src, src_stride_B, width, height,
                   emit_float);
}
