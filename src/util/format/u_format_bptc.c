/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * BPTC block decoding (see u_format_bptc.h).  Every rule and table here is
 * from the appendix "BPTC Compressed Texture Image Format" of
 * ARB_texture_compression_bptc (KhronosGroup/OpenGL-Registry
 * extensions/ARB/ARB_texture_compression_bptc.txt; the same content is in
 * the Khronos Data Format Specification, chapter "BPTC Compressed Texture
 * Image Formats"): the block is a 128-bit little-endian value read from
 * bit 0 upwards, texel (x, y) of a block has index 4 * y + x.
 */
#include "util/format/u_format_bptc.h"

#include <string.h>

#include "util/half_float.h"

/* Reads fields from the low bit of a 16-byte block upwards. */
struct bit_reader {
   const uint8_t *block;
   unsigned pos;
};

static unsigned
read_bits(struct bit_reader *r, unsigned n)
{
   unsigned v = 0;

   for (unsigned i = 0; i < n && r->pos < 128; i++, r->pos++)
      v |= (unsigned)((r->block[r->pos / 8] >> (r->pos % 8)) & 1) << i;
   return v;
}

/* Table.P2: the subset of each texel in the 64 two-subset partitions,
 * bit i for texel i. */
static const uint16_t partitions2[64] = {
   0xcccc, 0x8888, 0xeeee, 0xecc8, 0xc880, 0xfeec, 0xfec8, 0xec80,
   0xc800, 0xffec, 0xfe80, 0xe800, 0xffe8, 0xff00, 0xfff0, 0xf000,
   0xf710, 0x008e, 0x7100, 0x08ce, 0x008c, 0x7310, 0x3100, 0x8cce,
   0x088c, 0x3110, 0x6666, 0x366c, 0x17e8, 0x0ff0, 0x718e, 0x399c,
   0xaaaa, 0xf0f0, 0x5a5a, 0x33cc, 0x3c3c, 0x55aa, 0x9696, 0xa55a,
   0x73ce, 0x13c8, 0x324c, 0x3bdc, 0x6996, 0xc33c, 0x9966, 0x0660,
   0x0272, 0x04e4, 0x4e40, 0x2720, 0xc936, 0x936c, 0x39c6, 0x639c,
   0x9336, 0x9cc6, 0x817e, 0xe718, 0xccf0, 0x0fcc, 0x7744, 0xee22,
};

/* Table.P3: the same for three subsets, two bits per texel. */
static const uint32_t partitions3[64] = {
   0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8, 0xa5a50000, 0xa0a05050,
   0x5555a0a0, 0x5a5a5050, 0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090,
   0x94949494, 0xa4a4a4a4, 0xa9a59450, 0x2a0a4250, 0xa5945040, 0x0a425054,
   0xa5a5a500, 0x55a0a0a0, 0xa8a85454, 0x6a6a4040, 0xa4a45000, 0x1a1a0500,
   0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400, 0xa08585a0, 0xaa821414,
   0x50a4a450, 0x6a5a0200, 0xa9a58000, 0x5090a0a8, 0xa8a09050, 0x24242424,
   0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50, 0x500aa550, 0xaaaa4444,
   0x66660000, 0xa5a0a5a0, 0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600,
   0xaa444444, 0x54a854a8, 0x95809580, 0x96969600, 0xa85454a8, 0x80959580,
   0xaa141414, 0x96960000, 0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000,
   0x40804080, 0xa9a8a9a8, 0xaaaaaa44, 0x2a4a5254,
};

/* Table.A2: the anchor texel of subset 1 of the two-subset partitions. */
static const uint8_t anchors2[64] = {
   15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
   15, 2,  8,  2,  2,  8,  8,  15, 2,  8,  2,  2,  8,  8,  2,  2,
   15, 15, 6,  8,  2,  8,  15, 15, 2,  8,  2,  2,  2,  15, 15, 6,
   6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2,  15,
};

/* Table.A3a and A3b: the anchors of subsets 1 and 2 of three subsets. */
static const uint8_t anchors3[2][64] = {
   {
      3,  3,  15, 15, 8,  3,  15, 15, 8,  8,  6,  6,  6,  5,  3,  3,
      3,  3,  8,  15, 3,  3,  6,  10, 5,  8,  8,  6,  8,  5,  15, 15,
      8,  15, 3,  5,  6,  10, 8,  15, 15, 3,  15, 5,  15, 15, 15, 15,
      3,  15, 5,  5,  5,  8,  5,  10, 5,  10, 8,  13, 15, 12, 3,  3,
   },
   {
      15, 8,  8,  3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,
      15, 8,  15, 3,  15, 8,  15, 8,  3,  15, 6,  10, 15, 15, 10, 8,
      15, 3,  15, 10, 10, 8,  9,  10, 6,  15, 8,  15, 3,  6,  6,  8,
      15, 3,  15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8,
   },
};

/* The 6-bit interpolation factors of 2-, 3- and 4-bit indices. */
static const uint8_t weights2[4] = {0, 21, 43, 64};
static const uint8_t weights3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
static const uint8_t weights4[16] = {0,  4,  9,  13, 17, 21, 26, 30,
                                     34, 38, 43, 47, 51, 55, 60, 64};

static unsigned
weight(unsigned index_bits, unsigned index)
{
   switch (index_bits) {
   case 2:
      return weights2[index & 3];
   case 3:
      return weights3[index & 7];
   default:
      return weights4[index & 15];
   }
}

/* The subset of texel t. */
static unsigned
subset_of(unsigned subsets, unsigned partition, unsigned t)
{
   if (subsets == 2)
      return (partitions2[partition] >> t) & 1;
   if (subsets == 3)
      return (partitions3[partition] >> (2 * t)) & 3;
   return 0;
}

/* Is texel t an anchor (its index one bit shorter)?  Texel 0 always is. */
static bool
is_anchor(unsigned subsets, unsigned partition, unsigned t)
{
   if (t == 0)
      return true;
   if (subsets == 2)
      return t == anchors2[partition];
   if (subsets == 3)
      return t == anchors3[0][partition] || t == anchors3[1][partition];
   return false;
}

/* Reads 16 indices of index_bits bits (anchors one bit less). */
static void
read_indices(struct bit_reader *r, unsigned subsets, unsigned partition,
             unsigned index_bits, uint8_t indices[16])
{
   for (unsigned t = 0; t < 16; t++) {
      unsigned n = index_bits - (is_anchor(subsets, partition, t) ? 1 : 0);
      indices[t] = (uint8_t)read_bits(r, n);
   }
}

/*
 * BC7 (COMPRESSED_RGBA_BPTC_UNORM): Table.M of the extension.
 */
struct bc7_mode {
   uint8_t subsets, partition_bits, rotation_bits, selection_bits;
   uint8_t colour_bits, alpha_bits;
   bool endpoint_pbits, shared_pbits;
   uint8_t index_bits, index2_bits;
};

static const struct bc7_mode bc7_modes[8] = {
   {3, 4, 0, 0, 4, 0, true, false, 3, 0},
   {2, 6, 0, 0, 6, 0, false, true, 3, 0},
   {3, 6, 0, 0, 5, 0, false, false, 2, 0},
   {2, 6, 0, 0, 7, 0, true, false, 2, 0},
   {1, 0, 2, 1, 5, 6, false, false, 2, 3},
   {1, 0, 2, 0, 7, 8, false, false, 2, 2},
   {1, 0, 0, 0, 7, 7, true, false, 4, 0},
   {2, 6, 0, 0, 5, 5, true, false, 2, 0},
};

/* An n-bit value (n >= 4) as the high bits of a byte, its top bits
 * repeated below. */
static unsigned
widen_to_8(unsigned v, unsigned n)
{
   v <<= 8 - n;
   return (v | (v >> n)) & 0xff;
}

static unsigned
interpolate(int e0, int e1, unsigned w)
{
   return (unsigned)(((64 - (int)w) * e0 + (int)w * e1 + 32) >> 6);
}

void
util_format_bc7_decode_block(const uint8_t *block, uint8_t texels[16][4])
{
   struct bit_reader r = {block, 0};
   unsigned mode_num = 0;

   if (block[0] == 0) {
      /* Reserved: decoded as transparent black (choice; the extension
       * only says the encoding must not be used). */
      memset(texels, 0, 16 * 4);
      return;
   }
   while (!((block[0] >> mode_num) & 1))
      mode_num++;
   const struct bc7_mode *m = &bc7_modes[mode_num];
   r.pos = mode_num + 1;

   unsigned partition = read_bits(&r, m->partition_bits);
   unsigned rotation = read_bits(&r, m->rotation_bits);
   unsigned selection = read_bits(&r, m->selection_bits);

   /* Endpoints by channel, then subset, then endpoint. */
   unsigned ep[3][2][4];
   unsigned channels = m->alpha_bits ? 4 : 3;
   for (unsigned c = 0; c < channels; c++) {
      unsigned bits = c < 3 ? m->colour_bits : m->alpha_bits;
      for (unsigned s = 0; s < m->subsets; s++)
         for (unsigned e = 0; e < 2; e++)
            ep[s][e][c] = read_bits(&r, bits);
   }

   /* P-bits: one per endpoint, or one per subset shared by both. */
   unsigned pbit[3][2] = {{0}};
   bool has_pbits = m->endpoint_pbits || m->shared_pbits;
   for (unsigned s = 0; s < m->subsets; s++) {
      if (m->endpoint_pbits) {
         pbit[s][0] = read_bits(&r, 1);
         pbit[s][1] = read_bits(&r, 1);
      } else if (m->shared_pbits) {
         pbit[s][0] = pbit[s][1] = read_bits(&r, 1);
      }
   }

   for (unsigned s = 0; s < m->subsets; s++) {
      for (unsigned e = 0; e < 2; e++) {
         for (unsigned c = 0; c < channels; c++) {
            unsigned bits = c < 3 ? m->colour_bits : m->alpha_bits;
            unsigned v = ep[s][e][c];
            if (has_pbits) {
               v = (v << 1) | pbit[s][e];
               bits++;
            }
            ep[s][e][c] = widen_to_8(v, bits);
         }
         if (channels == 3)
            ep[s][e][3] = 255;
      }
   }

   uint8_t index1[16], index2[16];
   read_indices(&r, m->subsets, partition, m->index_bits, index1);
   if (m->index2_bits)
      read_indices(&r, 1, 0, m->index2_bits, index2);

   for (unsigned t = 0; t < 16; t++) {
      unsigned s = subset_of(m->subsets, partition, t);
      unsigned ci = index1[t], cb = m->index_bits;
      unsigned ai = index1[t], ab = m->index_bits;

      if (m->index2_bits) {
         if (selection) {
            ci = index2[t];
            cb = m->index2_bits;
         } else {
            ai = index2[t];
            ab = m->index2_bits;
         }
      }
      for (unsigned c = 0; c < 4; c++) {
         unsigned w = c < 3 ? weight(cb, ci) : weight(ab, ai);
         texels[t][c] = (uint8_t)interpolate((int)ep[s][0][c],
                                             (int)ep[s][1][c], w);
      }
      if (rotation) {
         uint8_t tmp = texels[t][3];
         texels[t][3] = texels[t][rotation - 1];
         texels[t][rotation - 1] = tmp;
      }
   }
}

/*
 * BC6H (COMPRESSED_RGB_BPTC_[UN]SIGNED_FLOAT): Table.MF, with each mode's
 * bit layout written exactly as in Table.F (fields from bit 0 upwards;
 * v[a:b] takes |a - b| + 1 bits, the first into bit b of v, moving toward
 * bit a).
 */
struct bc6h_mode {
   uint8_t number;
   bool transformed;
   bool two_subsets;
   uint8_t endpoint_bits;
   uint8_t delta_bits[3];
   const char *layout;
};

static const struct bc6h_mode bc6h_modes[] = {
   {0, true, true, 10, {5, 5, 5},
    "m[1:0],g2[4],b2[4],b3[4],r0[9:0],g0[9:0],b0[9:0],r1[4:0],g3[4],"
    "g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],"
    "r3[4:0],b3[3]"},
   {1, true, true, 7, {6, 6, 6},
    "m[1:0],g2[5],g3[4],g3[5],r0[6:0],b3[0],b3[1],b2[4],g0[6:0],b2[5],"
    "b3[2],g2[4],b0[6:0],b3[3],b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],"
    "b1[5:0],b2[3:0],r2[5:0],r3[5:0]"},
   {2, true, true, 11, {5, 4, 4},
    "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[4:0],r0[10],g2[3:0],g1[3:0],g0[10],"
    "b3[0],g3[3:0],b1[3:0],b0[10],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
   {6, true, true, 11, {4, 5, 4},
    "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],g3[4],g2[3:0],g1[4:0],"
    "g0[10],g3[3:0],b1[3:0],b0[10],b3[1],b2[3:0],r2[3:0],b3[0],b3[2],"
    "r3[3:0],g2[4],b3[3]"},
   {10, true, true, 11, {4, 4, 5},
    "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],b2[4],g2[3:0],g1[3:0],"
    "g0[10],b3[0],g3[3:0],b1[4:0],b0[10],b2[3:0],r2[3:0],b3[1],b3[2],"
    "r3[3:0],b3[4],b3[3]"},
   {14, true, true, 9, {5, 5, 5},
    "m[4:0],r0[8:0],b2[4],g0[8:0],g2[4],b0[8:0],b3[4],r1[4:0],g3[4],"
    "g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],"
    "r3[4:0],b3[3]"},
   {18, true, true, 8, {6, 5, 5},
    "m[4:0],r0[7:0],g3[4],b2[4],g0[7:0],b3[2],g2[4],b0[7:0],b3[3],b3[4],"
    "r1[5:0],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[5:0],"
    "r3[5:0]"},
   {22, true, true, 8, {5, 6, 5},
    "m[4:0],r0[7:0],b3[0],b2[4],g0[7:0],g2[5],g2[4],b0[7:0],g3[5],b3[4],"
    "r1[4:0],g3[4],g2[3:0],g1[5:0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],"
    "b3[2],r3[4:0],b3[3]"},
   {26, true, true, 8, {5, 5, 6},
    "m[4:0],r0[7:0],b3[1],b2[4],g0[7:0],b2[5],g2[4],b0[7:0],b3[5],b3[4],"
    "r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[5:0],b2[3:0],r2[4:0],"
    "b3[2],r3[4:0],b3[3]"},
   {30, false, true, 6, {6, 6, 6},
    "m[4:0],r0[5:0],g3[4],b3[0],b3[1],b2[4],g0[5:0],g2[5],b2[5],b3[2],"
    "g2[4],b0[5:0],g3[5],b3[3],b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],"
    "b1[5:0],b2[3:0],r2[5:0],r3[5:0]"},
   {3, false, false, 10, {10, 10, 10},
    "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[9:0],g1[9:0],b1[9:0]"},
   {7, true, false, 11, {9, 9, 9},
    "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[8:0],r0[10],g1[8:0],g0[10],b1[8:0],"
    "b0[10]"},
   {11, true, false, 12, {8, 8, 8},
    "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[7:0],r0[10:11],g1[7:0],g0[10:11],"
    "b1[7:0],b0[10:11]"},
   {15, true, false, 16, {4, 4, 4},
    "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10:15],g1[3:0],g0[10:15],"
    "b1[3:0],b0[10:15]"},
};

static unsigned
parse_number(const char **s)
{
   unsigned v = 0;

   while (**s >= '0' && **s <= '9')
      v = v * 10 + (unsigned)(*(*s)++ - '0');
   return v;
}

/* Reads the fields of a layout string into endpoint[e][channel]. */
static void
read_layout(struct bit_reader *r, const char *s, int endpoint[4][3])
{
   while (*s) {
      char name = *s++;
      int e = -1, c = -1;

      if (name != 'm') {
         c = name == 'r' ? 0 : name == 'g' ? 1 : 2;
         e = *s++ - '0';
      }
      s++; /* '[' */
      unsigned a = parse_number(&s), b = a;
      if (*s == ':') {
         s++;
         b = parse_number(&s);
      }
      s++; /* ']' */
      if (*s == ',')
         s++;

      unsigned n = a >= b ? a - b + 1 : b - a + 1;
      for (unsigned k = 0; k < n; k++) {
         unsigned bit = read_bits(r, 1);
         unsigned pos = a >= b ? b + k : b - k;
         if (e >= 0)
            endpoint[e][c] |= (int)(bit << pos);
      }
   }
}

static int
sign_extend(int v, unsigned bits)
{
   int sign = 1 << (bits - 1);
   v &= (1 << bits) - 1;
   return (v ^ sign) - sign;
}

static int
unquantize(int x, unsigned bits, bool is_signed)
{
   if (!is_signed) {
      if (bits >= 15 || x == 0)
         return x;
      if (x == (1 << bits) - 1)
         return 0xffff;
      return ((x << 15) + 0x4000) >> (bits - 1);
   }
   if (bits >= 16)
      return x;
   bool negative = x < 0;
   int m = negative ? -x : x;
   int unq;
   if (m == 0)
      unq = 0;
   else if (m >= (1 << (bits - 1)) - 1)
      unq = 0x7fff;
   else
      unq = ((m << 15) + 0x4000) >> (bits - 1);
   return negative ? -unq : unq;
}

/* The final step: the interpolated value as a binary16 bit pattern. */
static uint16_t
finish(int v, bool is_signed)
{
   if (!is_signed)
      return (uint16_t)((v * 31) >> 6);
   if (v < 0)
      return (uint16_t)((((-v) * 31) >> 5) | 0x8000);
   return (uint16_t)((v * 31) >> 5);
}

bool
util_format_bc6h_decode_block(const uint8_t *block, bool is_signed,
                              uint16_t texels[16][3])
{
   unsigned number = block[0] & 3;
   const struct bc6h_mode *m = NULL;

   if (number >= 2)
      number = block[0] & 31;
   for (unsigned i = 0; i < sizeof(bc6h_modes) / sizeof(bc6h_modes[0]); i++) {
      if (bc6h_modes[i].number == number)
         m = &bc6h_modes[i];
   }
   if (!m) {
      /* Reserved modes (19, 23, 27, 31) read as (0, 0, 0, 1). */
      memset(texels, 0, 16 * 3 * sizeof(uint16_t));
      return false;
   }

   struct bit_reader r = {block, 0};
   int ep[4][3] = {{0}};
   unsigned n_ep = m->two_subsets ? 4 : 2;
   unsigned bits = m->endpoint_bits;

   read_layout(&r, m->layout, ep);
   unsigned partition = m->two_subsets ? read_bits(&r, 5) : 0;
   unsigned subsets = m->two_subsets ? 2 : 1;
   unsigned index_bits = m->two_subsets ? 3 : 4;

   for (unsigned c = 0; c < 3; c++) {
      if (is_signed)
         ep[0][c] = sign_extend(ep[0][c], bits);
      for (unsigned e = 1; e < n_ep; e++) {
         if (is_signed || m->transformed)
            ep[e][c] = sign_extend(ep[e][c], m->delta_bits[c]);
         if (m->transformed) {
            ep[e][c] = (ep[0][c] + ep[e][c]) & ((1 << bits) - 1);
            if (is_signed)
               ep[e][c] = sign_extend(ep[e][c], bits);
         }
      }
      for (unsigned e = 0; e < n_ep; e++)
         ep[e][c] = unquantize(ep[e][c], bits, is_signed);
   }

   uint8_t indices[16];
   read_indices(&r, subsets, partition, index_bits, indices);
   for (unsigned t = 0; t < 16; t++) {
      unsigned s = subset_of(subsets, partition, t);
      int w = (int)weight(index_bits, indices[t]);
      for (unsigned c = 0; c < 3; c++) {
         /* An arithmetic shift: the floor of the 6-bit fixed point. */
         int v = (64 - w) * ep[2 * s][c] + w * ep[2 * s + 1][c] + 32;
         v = v >= 0 ? v / 64 : -((-v + 63) / 64);
         texels[t][c] = finish(v, is_signed);
      }
   }
   return true;
}

bool
util_format_is_bptc(enum pipe_format format)
{
   return util_format_bptc_decoded_format(format) != PIPE_FORMAT_NONE;
}

enum pipe_format
util_format_bptc_decoded_format(enum pipe_format format)
{
   switch (format) {
   case PIPE_FORMAT_BPTC_RGBA_UNORM:
      return PIPE_FORMAT_R8G8B8A8_UNORM;
   case PIPE_FORMAT_BPTC_SRGBA:
      return PIPE_FORMAT_R8G8B8A8_SRGB;
   case PIPE_FORMAT_BPTC_RGB_FLOAT:
   case PIPE_FORMAT_BPTC_RGB_UFLOAT:
      return PIPE_FORMAT_R16G16B16A16_FLOAT;
   default:
      return PIPE_FORMAT_NONE;
   }
}

/* Decodes one block into 16 texels of the decoded format (4 bytes or 4
 * halves each) or of 4 floats. */
static void
decode_block(enum pipe_format format, const uint8_t *block, bool as_float,
             uint8_t out[16][16])
{
   if (format == PIPE_FORMAT_BPTC_RGBA_UNORM ||
       format == PIPE_FORMAT_BPTC_SRGBA) {
      uint8_t texels[16][4];
      util_format_bc7_decode_block(block, texels);
      for (unsigned t = 0; t < 16; t++) {
         if (!as_float) {
            memcpy(out[t], texels[t], 4);
            continue;
         }
         float f[4];
         for (unsigned c = 0; c < 4; c++)
            f[c] = texels[t][c] / 255.0f;
         memcpy(out[t], f, sizeof(f));
      }
      return;
   }

   uint16_t halves[16][3];
   util_format_bc6h_decode_block(block, format == PIPE_FORMAT_BPTC_RGB_FLOAT,
                                 halves);
   for (unsigned t = 0; t < 16; t++) {
      if (!as_float) {
         uint16_t h[4] = {halves[t][0], halves[t][1], halves[t][2], 0x3c00};
         memcpy(out[t], h, sizeof(h));
         continue;
      }
      float f[4] = {util_half_to_float(halves[t][0]),
                    util_half_to_float(halves[t][1]),
                    util_half_to_float(halves[t][2]), 1.0f};
      memcpy(out[t], f, sizeof(f));
   }
}

static bool
bptc_walk(enum pipe_format format, void *dst, size_t dst_stride_B,
          const uint8_t *src, size_t src_stride_B, unsigned width,
          unsigned height, bool as_float)
{
   if (!util_format_is_bptc(format))
      return false;

   unsigned texel_B = as_float ? 16
                      : format == PIPE_FORMAT_BPTC_RGB_FLOAT ||
                            format == PIPE_FORMAT_BPTC_RGB_UFLOAT
                         ? 8
                         : 4;
   for (unsigned by = 0; by < (height + 3) / 4; by++) {
      for (unsigned bx = 0; bx < (width + 3) / 4; bx++) {
         uint8_t texels[16][16];
         decode_block(format, src + by * src_stride_B + bx * 16, as_float,
                      texels);
         for (unsigned y = 0; y < 4 && by * 4 + y < height; y++) {
            uint8_t *row = (uint8_t *)dst + (by * 4 + y) * dst_stride_B;
            for (unsigned x = 0; x < 4 && bx * 4 + x < width; x++)
               memcpy(row + (bx * 4 + x) * texel_B, texels[y * 4 + x],
                      texel_B);
         }
      }
   }
   return true;
}

bool
util_format_bptc_unpack(enum pipe_format format, void *dst,
                        size_t dst_stride_B, const uint8_t *src,
                        size_t src_stride_B, unsigned width, unsigned height)
{
   return bptc_walk(format, dst, dst_stride_B, src, src_stride_B, width,
                    height, false);
}

bool
util_format_bptc_unpack_rgba_float(enum pipe_format format, float *dst,
                                   size_t dst_stride_B, const uint8_t *src,
                                   size_t src_stride_B, unsigned width,
                                   unsigned height)
{
   return bptc_walk(format, dst, dst_stride_B, src, src_stride_B, width,
                    height, true);
}
