/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * S3TC and RGTC block decoding (see u_format_bc.h).  The block layouts are
 * those of the EXT_texture_compression_s3tc and EXT_texture_compression_rgtc
 * specifications (also the Khronos Data Format Specification, chapters
 * "S3TC Compressed Texture Image Formats" and "RGTC Compressed Texture
 * Image Formats"): little-endian fields, texel (x, y) of a block at index
 * 4 * y + x of its code bits.  The BPTC formats (BC6H, BC7) are handed to
 * u_format_bptc.c.
 */
#include "util/format/u_format_bc.h"
#include "util/format/u_format_bptc.h"

#include <string.h>

enum bc_kind {
   BC_NONE,
   BC_1_RGB,  /* DXT1 without alpha: the black code has alpha 1 */
   BC_1_RGBA, /* DXT1 with alpha: the black code has alpha 0 */
   BC_2,      /* DXT3: explicit 4-bit alpha, then a colour block */
   BC_3,      /* DXT5: interpolated alpha, then a colour block */
   BC_4,      /* RGTC1 */
   BC_5,      /* RGTC2: red block, then green block */
};

struct bc_info {
   enum bc_kind kind;
   bool is_signed;
   enum pipe_format decoded;
};

static struct bc_info
bc_info(enum pipe_format format)
{
   const enum pipe_format rgba = PIPE_FORMAT_R8G8B8A8_UNORM;
   const enum pipe_format srgba = PIPE_FORMAT_R8G8B8A8_SRGB;

   switch (format) {
   case PIPE_FORMAT_DXT1_RGB:
      return (struct bc_info){BC_1_RGB, false, rgba};
   case PIPE_FORMAT_DXT1_SRGB:
      return (struct bc_info){BC_1_RGB, false, srgba};
   case PIPE_FORMAT_DXT1_RGBA:
      return (struct bc_info){BC_1_RGBA, false, rgba};
   case PIPE_FORMAT_DXT1_SRGBA:
      return (struct bc_info){BC_1_RGBA, false, srgba};
   case PIPE_FORMAT_DXT3_RGBA:
      return (struct bc_info){BC_2, false, rgba};
   case PIPE_FORMAT_DXT3_SRGBA:
      return (struct bc_info){BC_2, false, srgba};
   case PIPE_FORMAT_DXT5_RGBA:
      return (struct bc_info){BC_3, false, rgba};
   case PIPE_FORMAT_DXT5_SRGBA:
      return (struct bc_info){BC_3, false, srgba};
   case PIPE_FORMAT_RGTC1_UNORM:
      return (struct bc_info){BC_4, false, PIPE_FORMAT_R8_UNORM};
   case PIPE_FORMAT_RGTC1_SNORM:
      return (struct bc_info){BC_4, true, PIPE_FORMAT_R8_SNORM};
   case PIPE_FORMAT_RGTC2_UNORM:
      return (struct bc_info){BC_5, false, PIPE_FORMAT_R8G8_UNORM};
   case PIPE_FORMAT_RGTC2_SNORM:
      return (struct bc_info){BC_5, true, PIPE_FORMAT_R8G8_SNORM};
   default:
      return (struct bc_info){BC_NONE, false, PIPE_FORMAT_NONE};
   }
}

bool
util_format_is_bc(enum pipe_format format)
{
   return bc_info(format).kind != BC_NONE || util_format_is_bptc(format);
}

enum pipe_format
util_format_bc_decoded_format(enum pipe_format format)
{
   if (util_format_is_bptc(format))
      return util_format_bptc_decoded_format(format);
   return bc_info(format).decoded;
}

static uint64_t
load_le(const uint8_t *p, unsigned bytes)
{
   uint64_t v = 0;

   for (unsigned i = 0; i < bytes; i++)
      v |= (uint64_t)p[i] << (8 * i);
   return v;
}

/* n / d rounded to nearest, halves away from zero (d > 0). */
static int
div_round(int n, int d)
{
   return n >= 0 ? (n + d / 2) / d : -((-n + d / 2) / d);
}

/* A 5:6:5 colour (red in the top bits) widened to 8 bits per channel. */
static void
rgb565_to_8(unsigned c, int out[3])
{
   unsigned r = (c >> 11) & 0x1f, g = (c >> 5) & 0x3f, b = c & 0x1f;

   out[0] = (int)((r << 3) | (r >> 2));
   out[1] = (int)((g << 2) | (g >> 4));
   out[2] = (int)((b << 3) | (b >> 2));
}

/* The 8-byte colour block at p.  four_colour forces the color0 > color1
 * palette (DXT3/DXT5); transparent_black gives the fourth code of the
 * three-colour palette alpha 0 instead of 1 (DXT1 RGBA). */
static void
decode_colour(const uint8_t *p, bool four_colour, bool transparent_black,
              uint8_t texels[16][4])
{
   unsigned c0 = (unsigned)load_le(p, 2), c1 = (unsigned)load_le(p + 2, 2);
   uint32_t codes = (uint32_t)load_le(p + 4, 4);
   int e0[3], e1[3], palette[4][4];

   rgb565_to_8(c0, e0);
   rgb565_to_8(c1, e1);
   for (unsigned i = 0; i < 3; i++) {
      palette[0][i] = e0[i];
      palette[1][i] = e1[i];
      if (four_colour || c0 > c1) {
         palette[2][i] = div_round(2 * e0[i] + e1[i], 3);
         palette[3][i] = div_round(e0[i] + 2 * e1[i], 3);
      } else {
         palette[2][i] = div_round(e0[i] + e1[i], 2);
         palette[3][i] = 0;
      }
   }
   for (unsigned k = 0; k < 4; k++)
      palette[k][3] = 255;
   if (!four_colour && c0 <= c1 && transparent_black)
      palette[3][3] = 0;

   for (unsigned t = 0; t < 16; t++) {
      unsigned code = (codes >> (2 * t)) & 3;
      for (unsigned i = 0; i < 4; i++)
         texels[t][i] = (uint8_t)palette[code][i];
   }
}

void
util_format_rgtc_decode_channel(const uint8_t *block, bool is_signed,
                                int16_t values[16])
{
   int a0, a1, lo, hi, palette[8];
   uint64_t codes = load_le(block + 2, 6);

   if (is_signed) {
      /* EXT_texture_compression_rgtc: -128 means -1.0 like -127. */
      a0 = (int8_t)block[0] < -127 ? -127 : (int8_t)block[0];
      a1 = (int8_t)block[1] < -127 ? -127 : (int8_t)block[1];
      lo = -127;
      hi = 127;
   } else {
      a0 = block[0];
      a1 = block[1];
      lo = 0;
      hi = 255;
   }
   /* The comparison is on the stored values (signed for SNORM). */
   int s0 = is_signed ? (int8_t)block[0] : block[0];
   int s1 = is_signed ? (int8_t)block[1] : block[1];

   palette[0] = a0;
   palette[1] = a1;
   if (s0 > s1) {
      for (int k = 2; k < 8; k++)
         palette[k] = div_round((8 - k) * a0 + (k - 1) * a1, 7);
   } else {
      for (int k = 2; k < 6; k++)
         palette[k] = div_round((6 - k) * a0 + (k - 1) * a1, 5);
      palette[6] = lo;
      palette[7] = hi;
   }
   for (unsigned t = 0; t < 16; t++)
      values[t] = (int16_t)palette[(codes >> (3 * t)) & 7];
}

bool
util_format_s3tc_decode_block(enum pipe_format format, const uint8_t *block,
                              uint8_t texels[16][4])
{
   struct bc_info info = bc_info(format);
   int16_t alpha[16];

   switch (info.kind) {
   case BC_1_RGB:
   case BC_1_RGBA:
      decode_colour(block, false, info.kind == BC_1_RGBA, texels);
      return true;
   case BC_2: {
      uint64_t bits = load_le(block, 8);
      decode_colour(block + 8, true, false, texels);
      for (unsigned t = 0; t < 16; t++)
         texels[t][3] = (uint8_t)(((bits >> (4 * t)) & 0xf) * 17);
      return true;
   }
   case BC_3:
      decode_colour(block + 8, true, false, texels);
      util_format_rgtc_decode_channel(block, false, alpha);
      for (unsigned t = 0; t < 16; t++)
         texels[t][3] = (uint8_t)alpha[t];
      return true;
   default:
      return false;
   }
}

/* Writes texel t of a decoded block at out: in the decoded format
 * (emit_decoded) or as 4 floats (emit_float). */
typedef void (*bc_emit)(const struct bc_info *info, uint8_t texels[16][4],
                        int16_t values[2][16], unsigned t, void *out);

static void
emit_decoded(const struct bc_info *info, uint8_t texels[16][4],
             int16_t values[2][16], unsigned t, void *out)
{
   uint8_t *o = out;

   switch (info->kind) {
   case BC_4:
      o[0] = (uint8_t)values[0][t];
      break;
   case BC_5:
      o[0] = (uint8_t)values[0][t];
      o[1] = (uint8_t)values[1][t];
      break;
   default:
      memcpy(o, texels[t], 4);
      break;
   }
}

static void
emit_float(const struct bc_info *info, uint8_t texels[16][4],
           int16_t values[2][16], unsigned t, void *out)
{
   float *o = out;
   float scale = info->is_signed ? 127.0f : 255.0f;

   switch (info->kind) {
   case BC_4:
   case BC_5:
      o[0] = values[0][t] / scale;
      o[1] = info->kind == BC_5 ? values[1][t] / scale : 0.0f;
      o[2] = 0.0f;
      o[3] = 1.0f;
      break;
   default:
      for (unsigned i = 0; i < 4; i++)
         o[i] = texels[t][i] / 255.0f;
      break;
   }
}

static bool
bc_walk(enum pipe_format format, void *dst, size_t dst_stride_B,
        const uint8_t *src, size_t src_stride_B, unsigned width,
        unsigned height, unsigned texel_B, bc_emit emit)
{
   struct bc_info info = bc_info(format);
   unsigned block_B =
      info.kind == BC_1_RGB || info.kind == BC_1_RGBA || info.kind == BC_4
         ? 8
         : 16;

   if (info.kind == BC_NONE)
      return false;
   for (unsigned by = 0; by < (height + 3) / 4; by++) {
      for (unsigned bx = 0; bx < (width + 3) / 4; bx++) {
         const uint8_t *block = src + by * src_stride_B + bx * block_B;
         uint8_t texels[16][4];
         int16_t values[2][16];

         if (info.kind == BC_4 || info.kind == BC_5) {
            util_format_rgtc_decode_channel(block, info.is_signed, values[0]);
            if (info.kind == BC_5)
               util_format_rgtc_decode_channel(block + 8, info.is_signed,
                                               values[1]);
         } else {
            util_format_s3tc_decode_block(format, block, texels);
         }
         for (unsigned y = 0; y < 4 && by * 4 + y < height; y++) {
            uint8_t *row = (uint8_t *)dst + (by * 4 + y) * dst_stride_B;
            for (unsigned x = 0; x < 4 && bx * 4 + x < width; x++)
               emit(&info, texels, values, y * 4 + x,
                    row + (bx * 4 + x) * texel_B);
         }
      }
   }
   return true;
}

bool
util_format_bc_unpack(enum pipe_format format, void *dst, size_t dst_stride_B,
                      const uint8_t *src, size_t src_stride_B, unsigned width,
                      unsigned height)
{
   struct bc_info info = bc_info(format);
   unsigned texel_B = info.kind == BC_4 ? 1 : info.kind == BC_5 ? 2 : 4;

   if (util_format_is_bptc(format))
      return util_format_bptc_unpack(format, dst, dst_stride_B, src,
                                     src_stride_B, width, height);

   return bc_walk(format, dst, dst_stride_B, src, src_stride_B, width, height,
                  texel_B, emit_decoded);
}

bool
util_format_bc_unpack_rgba_float(enum pipe_format format, float *dst,
                                 size_t dst_stride_B, const uint8_t *src,
                                 size_t src_stride_B, unsigned width,
                                 unsigned height)
{
   if (util_format_is_bptc(format))
      return util_format_bptc_unpack_rgba_float(format, dst, dst_stride_B, src,
                                                src_stride_B, width, height);
   return bc_walk(format, dst, dst_stride_B, src, src_stride_B, width, height,
                  4 * sizeof(float), emit_float);
}
