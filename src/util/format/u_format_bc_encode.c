/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * S3TC (BC1-BC3) and RGTC (BC4/BC5) block encoding (see u_format_bc.h;
 * BC7 and BC6H in u_format_bptc_encode.c):
 * what glTexSubImage with uncompressed texels and glGenerateMipmap need to
 * write into an image the driver keeps as blocks.  Quality is that of a
 * quick encoder, not an offline one: colour endpoints at the ends of the
 * texels' principal axis, channel endpoints at their minimum and maximum,
 * each texel then given its nearest palette entry.  The palettes come from
 * the decoder (u_format_bc.c), so what is chosen is what is read back.
 * Block layouts: the EXT_texture_compression_s3tc and _rgtc specifications.
 */
#include "util/format/u_format_bc.h"
#include "util/format/u_format_bptc.h"

#include <math.h>
#include <string.h>

enum enc_kind {
   ENC_NONE,
   ENC_BC1,       /* colour only (alpha read as 1) */
   ENC_BC1_PUNCH, /* DXT1 with alpha: alpha < 0.5 becomes transparent black */
   ENC_BC2,
   ENC_BC3,
   ENC_BC4,
   ENC_BC5,
   ENC_BC7,  /* mode 6 only (u_format_bptc_encode.c) */
   ENC_BC6H, /* mode 3 only (u_format_bptc_encode.c) */
};

static enum enc_kind
enc_kind(enum pipe_format format, bool *is_signed)
{
   *is_signed = format == PIPE_FORMAT_RGTC1_SNORM ||
                format == PIPE_FORMAT_RGTC2_SNORM ||
                format == PIPE_FORMAT_BPTC_RGB_FLOAT;
   switch (format) {
   case PIPE_FORMAT_DXT1_RGB:
   case PIPE_FORMAT_DXT1_SRGB:
      return ENC_BC1;
   case PIPE_FORMAT_DXT1_RGBA:
   case PIPE_FORMAT_DXT1_SRGBA:
      return ENC_BC1_PUNCH;
   case PIPE_FORMAT_DXT3_RGBA:
   case PIPE_FORMAT_DXT3_SRGBA:
      return ENC_BC2;
   case PIPE_FORMAT_DXT5_RGBA:
   case PIPE_FORMAT_DXT5_SRGBA:
      return ENC_BC3;
   case PIPE_FORMAT_RGTC1_UNORM:
   case PIPE_FORMAT_RGTC1_SNORM:
      return ENC_BC4;
   case PIPE_FORMAT_RGTC2_UNORM:
   case PIPE_FORMAT_RGTC2_SNORM:
      return ENC_BC5;
   case PIPE_FORMAT_BPTC_RGBA_UNORM:
   case PIPE_FORMAT_BPTC_SRGBA:
      return ENC_BC7;
   case PIPE_FORMAT_BPTC_RGB_FLOAT:
   case PIPE_FORMAT_BPTC_RGB_UFLOAT:
      return ENC_BC6H;
   default:
      return ENC_NONE;
   }
}

static float
clampf(float v, float lo, float hi)
{
   /* (NaN becomes lo) */
   return v > lo ? (v < hi ? v : hi) : lo;
}

static void
store_le(uint8_t *p, uint64_t v, unsigned bytes)
{
   for (unsigned i = 0; i < bytes; i++)
      p[i] = (uint8_t)(v >> (8 * i));
}

/* --- Colour blocks ------------------------------------------------------ */

static unsigned
pack_565(const float c[3])
{
   unsigned r = (unsigned)lrintf(clampf(c[0], 0, 255) * 31.0f / 255.0f);
   unsigned g = (unsigned)lrintf(clampf(c[1], 0, 255) * 63.0f / 255.0f);
   unsigned b = (unsigned)lrintf(clampf(c[2], 0, 255) * 31.0f / 255.0f);
   return (r << 11) | (g << 5) | b;
}

/* The direction along which the used texels' colours spread most: a few
 * power iterations on their covariance, started from the texel farthest
 * from the mean.  Zero when every used texel is the mean. */
static void
principal_axis(const float rgb[16][3], const bool used[16], const float mean[3],
               float axis[3])
{
   float cov[3][3] = {{0}}, far_d = 0.0f;

   axis[0] = axis[1] = axis[2] = 0.0f;
   for (unsigned t = 0; t < 16; t++) {
      if (!used[t])
         continue;
      float d[3], len = 0.0f;
      for (unsigned i = 0; i < 3; i++) {
         d[i] = rgb[t][i] - mean[i];
         len += d[i] * d[i];
      }
      for (unsigned i = 0; i < 3; i++) {
         for (unsigned j = 0; j < 3; j++)
            cov[i][j] += d[i] * d[j];
      }
      if (len > far_d) {
         far_d = len;
         memcpy(axis, d, sizeof(d));
      }
   }
   if (far_d <= 0.0f)
      return;
   for (unsigned it = 0; it <= 8; it++) {
      float next[3], len = 0.0f;
      for (unsigned i = 0; i < 3; i++) {
         next[i] = it == 0 ? axis[i]
                           : cov[i][0] * axis[0] + cov[i][1] * axis[1] +
                                cov[i][2] * axis[2];
         len += next[i] * next[i];
      }
      if (len < 1e-12f)
         return; /* (keeps the last unit axis) */
      len = sqrtf(len);
      for (unsigned i = 0; i < 3; i++)
         axis[i] = next[i] / len;
   }
}

/* Encodes 16 RGB texels (0..255) into the 8-byte colour block at out:
 * four colours (DXT3 and DXT5 read every block so), or with punch, three
 * colours and the transparent code that the transparent[t] texels get. */
static void
encode_colour(const float rgb[16][3], const bool transparent[16], bool punch,
              uint8_t out[8])
{
   bool used[16];
   unsigned n = 0;
   float mean[3] = {0};

   for (unsigned t = 0; t < 16; t++) {
      used[t] = !transparent[t];
      if (!used[t])
         continue;
      n++;
      for (unsigned i = 0; i < 3; i++)
         mean[i] += rgb[t][i];
   }
   unsigned c0 = 0, c1 = 0;
   if (n) {
      for (unsigned i = 0; i < 3; i++)
         mean[i] /= (float)n;
      float axis[3], tmin = 0.0f, tmax = 0.0f;
      principal_axis(rgb, used, mean, axis);
      for (unsigned t = 0; t < 16; t++) {
         if (!used[t])
            continue;
         float p = (rgb[t][0] - mean[0]) * axis[0] +
                   (rgb[t][1] - mean[1]) * axis[1] +
                   (rgb[t][2] - mean[2]) * axis[2];
         tmin = p < tmin ? p : tmin;
         tmax = p > tmax ? p : tmax;
      }
      float hi[3], lo[3];
      for (unsigned i = 0; i < 3; i++) {
         hi[i] = mean[i] + axis[i] * tmax;
         lo[i] = mean[i] + axis[i] * tmin;
      }
      c0 = pack_565(hi);
      c1 = pack_565(lo);
   }
   /* Four colours need color0 > color1, punch-through three colours
    * color0 <= color1; equal endpoints read entry 0 in either mode. */
   if ((!punch && c0 < c1) || (punch && c0 > c1)) {
      unsigned tmp = c0;
      c0 = c1;
      c1 = tmp;
   }
   store_le(out, c0, 2);
   store_le(out + 2, c1, 2);
   /* The palette as the decoder reads it: texel k of a block whose codes
    * are 0, 1, 2, 3 for texels 0-3. */
   uint8_t probe[8], palette[16][4];
   memcpy(probe, out, 4);
   store_le(probe + 4, 0xe4, 4);
   util_format_s3tc_decode_block(
      punch ? PIPE_FORMAT_DXT1_RGBA : PIPE_FORMAT_DXT1_RGB, probe, palette);
   unsigned entries = c0 == c1 ? 1 : (punch ? 3 : 4);
   uint32_t codes = 0;
   for (unsigned t = 0; t < 16; t++) {
      unsigned best = 0;
      if (transparent[t]) {
         best = 3;
      } else {
         float best_d = INFINITY;
         for (unsigned k = 0; k < entries; k++) {
            float d = 0.0f;
            for (unsigned i = 0; i < 3; i++) {
               float e = rgb[t][i] - palette[k][i];
               d += e * e;
            }
            if (d < best_d) {
               best_d = d;
               best = k;
            }
         }
      }
      codes |= (uint32_t)best << (2 * t);
   }
   store_le(out + 4, codes, 4);
}

/* --- Channel blocks (RGTC, DXT5 alpha) ---------------------------------- */

/* Encodes 16 values (0..255, or -127..127 when is_signed) into the 8-byte
 * block at out, in the eight-value mode (endpoint 0 > endpoint 1). */
static void
encode_channel(const float v[16], bool is_signed, uint8_t out[8])
{
   float lo_lim = is_signed ? -127.0f : 0.0f;
   float vmin = INFINITY, vmax = -INFINITY;

   for (unsigned t = 0; t < 16; t++) {
      vmin = v[t] < vmin ? v[t] : vmin;
      vmax = v[t] > vmax ? v[t] : vmax;
   }
   int hi = (int)lrintf(clampf(vmax, lo_lim, is_signed ? 127.0f : 255.0f));
   int lo = (int)lrintf(clampf(vmin, lo_lim, is_signed ? 127.0f : 255.0f));
   out[0] = (uint8_t)hi;
   out[1] = (uint8_t)lo;
   memset(out + 2, 0, 6);
   if (hi == lo)
      return; /* every code 0: endpoint 0 */

   uint8_t probe[8];
   int16_t palette[16];
   memcpy(probe, out, 2);
   store_le(probe + 2, 0xfac688, 6); /* codes 0..7 for texels 0..7 */
   util_format_rgtc_decode_channel(probe, is_signed, palette);
   uint64_t codes = 0;
   for (unsigned t = 0; t < 16; t++) {
      unsigned best = 0;
      float best_d = INFINITY;
      for (unsigned k = 0; k < 8; k++) {
         float d = fabsf(v[t] - palette[k]);
         if (d < best_d) {
            best_d = d;
            best = k;
         }
      }
      codes |= (uint64_t)best << (3 * t);
   }
   store_le(out + 2, codes, 6);
}

/* --- Blocks of a region ------------------------------------------------- */

/* The 16 texels of the block at (bx, by) as 4 floats each; texels past
 * the region's right or bottom edge repeat its last column or row. */
static void
gather_block(const float *src, size_t src_stride_B, unsigned width,
             unsigned height, unsigned bx, unsigned by, float texels[16][4])
{
   for (unsigned y = 0; y < 4; y++) {
      unsigned sy = by * 4 + y < height ? by * 4 + y : height - 1;
      const float *row =
         (const float *)((const uint8_t *)src + sy * src_stride_B);
      for (unsigned x = 0; x < 4; x++) {
         unsigned sx = bx * 4 + x < width ? bx * 4 + x : width - 1;
         memcpy(texels[y * 4 + x], row + sx * 4, 4 * sizeof(float));
      }
   }
}

static void
encode_block(enum enc_kind kind, bool is_signed, float texels[16][4],
             uint8_t *out)
{
   float rgb[16][3], chan[2][16];
   bool transparent[16];
   float scale = is_signed ? 127.0f : 255.0f;
   float lo = is_signed ? -1.0f : 0.0f;

   for (unsigned t = 0; t < 16; t++) {
      for (unsigned i = 0; i < 3; i++)
         rgb[t][i] = clampf(texels[t][i], 0.0f, 1.0f) * 255.0f;
      for (unsigned i = 0; i < 2; i++)
         chan[i][t] = clampf(texels[t][i], lo, 1.0f) * scale;
      /* (the threshold of u_format_bc.h's readers: alpha < 128 / 255) */
      transparent[t] = kind == ENC_BC1_PUNCH && !(texels[t][3] >= 0.5f);
   }
   switch (kind) {
   case ENC_BC1:
   case ENC_BC1_PUNCH:
      encode_colour(rgb, transparent, kind == ENC_BC1_PUNCH, out);
      break;
   case ENC_BC2: {
      uint64_t bits = 0;
      for (unsigned t = 0; t < 16; t++) {
         float a = clampf(texels[t][3], 0.0f, 1.0f) * 15.0f;
         bits |= (uint64_t)lrintf(a) << (4 * t);
      }
      store_le(out, bits, 8);
      encode_colour(rgb, transparent, false, out + 8);
      break;
   }
   case ENC_BC3: {
      float alpha[16];
      for (unsigned t = 0; t < 16; t++)
         alpha[t] = clampf(texels[t][3], 0.0f, 1.0f) * 255.0f;
      encode_channel(alpha, false, out);
      encode_colour(rgb, transparent, false, out + 8);
      break;
   }
   case ENC_BC4:
      encode_channel(chan[0], is_signed, out);
      break;
   case ENC_BC5:
      encode_channel(chan[0], is_signed, out);
      encode_channel(chan[1], is_signed, out + 8);
      break;
   case ENC_BC7:
      util_format_bc7_encode_block((const float(*)[4])texels, out);
      break;
   case ENC_BC6H:
      util_format_bc6h_encode_block((const float(*)[4])texels, is_signed,
                                    out);
      break;
   default:
      break;
   }
}

bool
util_format_bc_pack_rgba_float(enum pipe_format format, uint8_t *dst,
                               size_t dst_stride_B, const float *src,
                               size_t src_stride_B, unsigned width,
                               unsigned height)
{
   bool is_signed;
   enum enc_kind kind = enc_kind(format, &is_signed);
   unsigned block_B =
      kind == ENC_BC1 || kind == ENC_BC1_PUNCH || kind == ENC_BC4 ? 8 : 16;

   if (kind == ENC_NONE)
      return false;
   for (unsigned by = 0; by < (height + 3) / 4; by++) {
      for (unsigned bx = 0; bx < (width + 3) / 4; bx++) {
         float texels[16][4];
         gather_block(src, src_stride_B, width, height, bx, by, texels);
         encode_block(kind, is_signed, texels,
                      dst + by * dst_stride_B + bx * block_B);
      }
   }
   return true;
}

bool
util_format_bc_can_pack(enum pipe_format format)
{
   bool is_signed;
   return enc_kind(format, &is_signed) != ENC_NONE;
}
