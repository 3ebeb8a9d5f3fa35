/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ASTC LDR block decoding (asahi_sim_astc.h).  Section numbers are those
 * of the Khronos Data Format Specification 1.3, chapter 23; the
 * algorithms are written from its text (block mode table 23.10, integer
 * sequence encoding 23.12, endpoint unquantization 23.13, endpoint modes
 * 23.14, weight unquantization 23.16 and infill 23.17, partition pattern
 * generation 23.19, void extent 23.9).
 */
#include <string.h>

#include "asahi_sim_astc.h"
#include "util/format/u_format_convert.h"

#define ASTC_MAX_WEIGHTS 64
#define ASTC_MAX_VALUES  18

/* Bits [pos, pos + n) of a 128-bit little-endian block (n <= 32). */
static uint32_t
bits_at(const uint8_t *p, unsigned pos, unsigned n)
{
   uint32_t v = 0;

   for (unsigned i = 0; i < n && pos + i < 128; i++)
      v |= (uint32_t)((p[(pos + i) >> 3] >> ((pos + i) & 7)) & 1) << i;
   return v;
}

/* The 21 ranges of the integer sequence encoding (table 23.12): values
 * 0 .. range-1 as `bits` low bits plus a trit or quint, or bits only. */
static const struct {
   uint8_t bits, trit, quint;
} ranges[21] = {
   {1, 0, 0}, {0, 1, 0}, {2, 0, 0}, {0, 0, 1}, {1, 1, 0}, {3, 0, 0},
   {1, 0, 1}, {2, 1, 0}, {4, 0, 0}, {2, 0, 1}, {3, 1, 0}, {5, 0, 0},
   {3, 0, 1}, {4, 1, 0}, {6, 0, 0}, {4, 0, 1}, {5, 1, 0}, {7, 0, 0},
   {5, 0, 1}, {6, 1, 0}, {8, 0, 0},
};

/* Bits an encoded sequence of n values of range r takes (23.12). */
static unsigned
ise_size(unsigned n, unsigned r)
{
   unsigned size = ranges[r].bits * n;

   if (ranges[r].trit)
      size += (8 * n + 4) / 5;
   if (ranges[r].quint)
      size += (7 * n + 2) / 3;
   return size;
}

static unsigned
bit(unsigned v, unsigned i)
{
   return (v >> i) & 1;
}

/* The five trits packed in 8 bits T (23.12, trit decoding). */
static void
decode_trits(unsigned T, unsigned t[5])
{
   unsigned C;

   if (((T >> 2) & 7) == 7) {
      C = ((T >> 5) << 2) | (T & 3);
      t[4] = 2;
      t[3] = 2;
   } else {
      C = T & 0x1f;
      if (((T >> 5) & 3) == 3) {
         t[4] = 2;
         t[3] = bit(T, 7);
      } else {
         t[4] = bit(T, 7);
         t[3] = (T >> 5) & 3;
      }
   }
   if ((C & 3) == 3) {
      t[2] = 2;
      t[1] = bit(C, 4);
      t[0] = (bit(C, 3) << 1) | (bit(C, 2) & !bit(C, 3));
   } else if (((C >> 2) & 3) == 3) {
      t[2] = 2;
      t[1] = 2;
      t[0] = C & 3;
   } else {
      t[2] = bit(C, 4);
      t[1] = (C >> 2) & 3;
      t[0] = (bit(C, 1) << 1) | (bit(C, 0) & !bit(C, 1));
   }
}

/* The three quints packed in 7 bits Q (23.12, quint decoding). */
static void
decode_quints(unsigned Q, unsigned q[3])
{
   unsigned C;

   if (((Q >> 1) & 3) == 3 && ((Q >> 5) & 3) == 0) {
      q[2] = (bit(Q, 0) << 2) | ((bit(Q, 4) & !bit(Q, 0)) << 1) |
             (bit(Q, 3) & !bit(Q, 0));
      q[1] = 4;
      q[0] = 4;
      return;
   }
   if (((Q >> 1) & 3) == 3) {
      q[2] = 4;
      C = (((Q >> 3) & 3) << 3) | ((~(Q >> 5) & 3) << 1) | bit(Q, 0);
   } else {
      q[2] = (Q >> 5) & 3;
      C = Q & 0x1f;
   }
   if ((C & 7) == 5) {
      q[1] = 4;
      q[0] = (C >> 3) & 3;
   } else {
      q[1] = (C >> 3) & 3;
      q[0] = C & 7;
   }
}

/* One value of an integer sequence: its trit or quint and its low bits. */
struct ise_value {
   uint8_t d, low;
};

/* Decodes n values of range r starting at bit pos of p. */
static void
ise_decode(const uint8_t *p, unsigned pos, unsigned n, unsigned r,
           struct ise_value *out)
{
   unsigned m = ranges[r].bits;
   unsigned group = ranges[r].trit ? 5 : ranges[r].quint ? 3 : 1;
   /* Bits of the packed trit/quint word after each value (23.12). */
   static const uint8_t trit_bits[5] = {2, 2, 1, 2, 1};
   static const uint8_t quint_bits[3] = {3, 2, 2};

   for (unsigned i = 0; i < n; i += group) {
      unsigned packed = 0, shift = 0;
      for (unsigned j = 0; j < group && i + j < n; j++) {
         out[i + j].low = (uint8_t)bits_at(p, pos, m);
         pos += m;
         if (group > 1) {
            unsigned b = group == 5 ? trit_bits[j] : quint_bits[j];
            packed |= bits_at(p, pos, b) << shift;
            pos += b;
            shift += b;
         }
      }
      unsigned d[5] = {0};
      if (group == 5)
         decode_trits(packed, d);
      else if (group == 3)
         decode_quints(packed, d);
      for (unsigned j = 0; j < group && i + j < n; j++)
         out[i + j].d = (uint8_t)d[j];
   }
}

/* Replicates the low m bits of v to `to` bits. */
static unsigned
replicate(unsigned v, unsigned m, unsigned to)
{
   unsigned r = 0;

   for (int shift = (int)to - (int)m; shift > -(int)m; shift -= (int)m)
      r |= shift >= 0 ? v << shift : v >> -shift;
   return r & ((1u << to) - 1);
}

/* Colour endpoint unquantization to 0..255 (23.13): bits only by
 * replication; with a trit or quint, T = D * C + B, flipped by the low
 * bit, B spreading the other low bits as the specification's table
 * says. */
static unsigned
unquant_color(unsigned r, struct ise_value v)
{
   unsigned m = ranges[r].bits;

   if (!ranges[r].trit && !ranges[r].quint)
      return replicate(v.low, m, 8);
   unsigned a = v.low & 1, b = bit(v.low, 1), c = bit(v.low, 2);
   unsigned d = bit(v.low, 3), e = bit(v.low, 4), f = bit(v.low, 5);
   unsigned B = 0, C;
   if (ranges[r].trit) {
      static const uint8_t Cs[7] = {0, 204, 93, 44, 22, 11, 5};
      C = Cs[m];
      switch (m) {
      case 2: B = b * 0x116; break;
      case 3: B = c * 0x10a + b * 0x85; break;
      case 4: B = d * 0x104 + c * 0x82 + b * 0x41; break;
      case 5: B = e * 0x102 + d * 0x81 + c * 0x40 + b * 0x20; break;
      case 6:
         B = f * 0x101 + e * 0x80 + d * 0x40 + c * 0x20 + b * 0x10;
         break;
      default: break;
      }
   } else {
      static const uint8_t Cs[6] = {0, 113, 54, 26, 13, 6};
      C = Cs[m];
      switch (m) {
      case 2: B = b * 0x10c; break;
      case 3: B = c * 0x105 + b * 0x82; break;
      case 4: B = d * 0x102 + c * 0x81 + b * 0x40; break;
      case 5: B = e * 0x101 + d * 0x80 + c * 0x40 + b * 0x20; break;
      default: break;
      }
   }
   unsigned A = a ? 0x1ff : 0;
   unsigned T = (v.d * C + B) ^ A;
   return (A & 0x80) | (T >> 2);
}

/* Weight unquantization to 0..64 (23.16). */
static unsigned
unquant_weight(unsigned r, struct ise_value v)
{
   unsigned m = ranges[r].bits, T;

   if (!ranges[r].trit && !ranges[r].quint) {
      T = replicate(v.low, m, 6);
   } else if (m == 0) {
      static const uint8_t trit0[3] = {0, 32, 63};
      static const uint8_t quint0[5] = {0, 16, 32, 47, 63};
      T = ranges[r].trit ? trit0[v.d] : quint0[v.d];
   } else {
      unsigned b = bit(v.low, 1), c = bit(v.low, 2), B = 0, C;
      if (ranges[r].trit) {
         static const uint8_t Cs[4] = {0, 50, 23, 11};
         C = Cs[m];
         B = m == 2 ? b * 0x45 : m == 3 ? c * 0x42 + b * 0x21 : 0;
      } else {
         static const uint8_t Cs[3] = {0, 28, 13};
         C = Cs[m];
         B = m == 2 ? b * 0x42 : 0;
      }
      unsigned A = (v.low & 1) ? 0x7f : 0;
      T = (A & 0x20) | (((v.d * C + B) ^ A) >> 2);
   }
   return T > 32 ? T + 1 : T;
}

/* The block mode (table 23.10): weight grid, dual plane, weight range;
 * false for reserved encodings. */
static bool
block_mode(unsigned mode, unsigned *gw, unsigned *gh, bool *dual,
           unsigned *range)
{
   unsigned A = (mode >> 5) & 3, B = (mode >> 7) & 3;
   unsigned H = bit(mode, 9), D = bit(mode, 10), R;

   if (mode & 3) {
      R = bit(mode, 4) | ((mode & 3) << 1);
      switch ((mode >> 2) & 3) {
      case 0: *gw = B + 4; *gh = A + 2; break;
      case 1: *gw = B + 8; *gh = A + 2; break;
      case 2: *gw = A + 2; *gh = B + 8; break;
      default:
         if (bit(mode, 8)) {
            *gw = bit(mode, 7) + 2;
            *gh = A + 2;
         } else {
            *gw = A + 2;
            *gh = bit(mode, 7) + 6;
         }
         break;
      }
   } else {
      R = bit(mode, 4) | (((mode >> 2) & 3) << 1);
      if (R < 2)
         return false;
      switch ((mode >> 7) & 3) {
      case 0: *gw = 12; *gh = A + 2; break;
      case 1: *gw = A + 2; *gh = 12; break;
      case 2:
         *gw = A + 6;
         *gh = ((mode >> 9) & 3) + 6;
         D = H = 0;
         break;
      default:
         if (A > 1)
            return false;
         *gw = A ? 10 : 6;
         *gh = A ? 6 : 10;
         break;
      }
   }
   if (R < 2)
      return false;
   *dual = D;
   *range = (R - 2) + 6 * H;
   return true;
}

/* The partition of texel (x, y, z) (23.19). */
static unsigned
partition_of(unsigned seed, unsigned parts, unsigned x, unsigned y,
             unsigned z, bool small)
{
   if (small) {
      x <<= 1;
      y <<= 1;
      z <<= 1;
   }
   seed += (parts - 1) * 1024;
   uint32_t p = seed;
   p ^= p >> 15;
   p -= p << 17;
   p += p << 7;
   p += p << 4;
   p ^= p >> 5;
   p += p << 16;
   p ^= p >> 7;
   p ^= p >> 3;
   p ^= p << 6;
   p ^= p >> 17;
   uint32_t rnum = p;
   uint32_t s[13];
   static const uint8_t at[13] = {0, 0, 4, 8, 12, 16, 20, 24, 28, 18, 22, 26, 30};
   for (unsigned i = 1; i <= 11; i++)
      s[i] = (rnum >> at[i]) & 0xf;
   s[12] = ((rnum >> 30) | (rnum << 2)) & 0xf;
   for (unsigned i = 1; i <= 12; i++)
      s[i] *= s[i];
   unsigned sh1, sh2;
   if (seed & 1) {
      sh1 = seed & 2 ? 4 : 5;
      sh2 = parts == 3 ? 6 : 5;
   } else {
      sh1 = parts == 3 ? 6 : 5;
      sh2 = seed & 2 ? 4 : 5;
   }
   unsigned sh3 = seed & 0x10 ? sh1 : sh2;
   for (unsigned i = 1; i <= 8; i++)
      s[i] >>= (i & 1) ? sh1 : sh2;
   for (unsigned i = 9; i <= 12; i++)
      s[i] >>= sh3;
   uint32_t a = s[1] * x + s[2] * y + s[11] * z + (rnum >> 14);
   uint32_t b = s[3] * x + s[4] * y + s[12] * z + (rnum >> 10);
   uint32_t c = s[5] * x + s[6] * y + s[9] * z + (rnum >> 6);
   uint32_t d = s[7] * x + s[8] * y + s[10] * z + (rnum >> 2);
   a &= 0x3f;
   b &= 0x3f;
   c = parts > 2 ? c & 0x3f : 0;
   d = parts > 3 ? d & 0x3f : 0;
   if (a >= b && a >= c && a >= d)
      return 0;
   if (b >= c && b >= d)
      return 1;
   return c >= d ? 2 : 3;
}

static int
clamp255(int v)
{
   return v < 0 ? 0 : v > 255 ? 255 : v;
}

/* bit_transfer_signed (23.14): moves the top bit of b into a as a sign. */
static void
transfer(int *a, int *b)
{
   *b = (*b >> 1) | (*a & 0x80);
   *a = (*a >> 1) & 0x3f;
   if (*a & 0x20)
      *a -= 0x40;
}

static void
set4(int e[4], int r, int g, int b, int a)
{
   e[0] = r;
   e[1] = g;
   e[2] = b;
   e[3] = a;
}

/* blue_contract (23.14). */
static void
set_contracted(int e[4], int r, int g, int b, int a)
{
   set4(e, (r + b) >> 1, (g + b) >> 1, b, a);
}

/* The endpoints of colour endpoint mode cem from its values (23.14,
 * LDR modes); false for the HDR modes. */
static bool
endpoints(unsigned cem, const int *v, int e0[4], int e1[4])
{
   int t[8];
   memcpy(t, v, sizeof(int) * 2 * ((cem >> 2) + 1));
   switch (cem) {
   case 0:
      set4(e0, t[0], t[0], t[0], 255);
      set4(e1, t[1], t[1], t[1], 255);
      return true;
   case 1: {
      int l0 = (t[0] >> 2) | (t[1] & 0xc0);
      int l1 = l0 + (t[1] & 0x3f);
      l1 = l1 > 255 ? 255 : l1;
      set4(e0, l0, l0, l0, 255);
      set4(e1, l1, l1, l1, 255);
      return true;
   }
   case 4:
      set4(e0, t[0], t[0], t[0], t[2]);
      set4(e1, t[1], t[1], t[1], t[3]);
      return true;
   case 5:
      transfer(&t[1], &t[0]);
      transfer(&t[3], &t[2]);
      set4(e0, t[0], t[0], t[0], t[2]);
      set4(e1, clamp255(t[0] + t[1]), clamp255(t[0] + t[1]),
           clamp255(t[0] + t[1]), clamp255(t[2] + t[3]));
      return true;
   case 6:
   case 10: {
      int a0 = cem == 10 ? t[4] : 255, a1 = cem == 10 ? t[5] : 255;
      set4(e0, (t[0] * t[3]) >> 8, (t[1] * t[3]) >> 8, (t[2] * t[3]) >> 8,
           a0);
      set4(e1, t[0], t[1], t[2], a1);
      return true;
   }
   case 8:
   case 12: {
      int a0 = cem == 12 ? t[6] : 255, a1 = cem == 12 ? t[7] : 255;
      if (t[1] + t[3] + t[5] >= t[0] + t[2] + t[4]) {
         set4(e0, t[0], t[2], t[4], a0);
         set4(e1, t[1], t[3], t[5], a1);
      } else {
         set_contracted(e0, t[1], t[3], t[5], a1);
         set_contracted(e1, t[0], t[2], t[4], a0);
      }
      return true;
   }
   case 9:
   case 13: {
      transfer(&t[1], &t[0]);
      transfer(&t[3], &t[2]);
      transfer(&t[5], &t[4]);
      int a0 = 255, a1 = 255;
      if (cem == 13) {
         transfer(&t[7], &t[6]);
         a0 = t[6];
         a1 = t[6] + t[7];
      }
      /* (clamped after the blue contraction, as the specification
       * orders it) */
      int r1 = t[0] + t[1], g1 = t[2] + t[3], b1 = t[4] + t[5];
      if (t[1] + t[3] + t[5] >= 0) {
         set4(e0, t[0], t[2], t[4], a0);
         set4(e1, r1, g1, b1, a1);
      } else {
         set_contracted(e0, r1, g1, b1, a1);
         set_contracted(e1, t[0], t[2], t[4], a0);
      }
      for (unsigned c = 0; c < 4; c++) {
         e0[c] = clamp255(e0[c]);
         e1[c] = clamp255(e1[c]);
      }
      return true;
   }
   default:
      return false; /* 2, 3, 7, 11, 14, 15: HDR */
   }
}

/* Bilinear infill of a weight grid at texel (s, t) (23.17). */
static unsigned
infill(const uint8_t *w, unsigned stride, unsigned plane, unsigned gw,
       unsigned gh, unsigned bw, unsigned bh, unsigned s, unsigned t)
{
   unsigned ds = (1024 + bw / 2) / (bw - 1);
   unsigned dt = (1024 + bh / 2) / (bh - 1);
   unsigned gs = (ds * s * (gw - 1) + 32) >> 6;
   unsigned gt = (dt * t * (gh - 1) + 32) >> 6;
   unsigned js = gs >> 4, fs = gs & 0xf, jt = gt >> 4, ft = gt & 0xf;
   unsigned js1 = js + 1 < gw ? js + 1 : js, jt1 = jt + 1 < gh ? jt + 1 : jt;
   if (js >= gw)
      js = js1 = gw - 1;
   if (jt >= gh)
      jt = jt1 = gh - 1;
   unsigned w11 = (fs * ft + 8) >> 4;
   unsigned w10 = ft - w11, w01 = fs - w11, w00 = 16 - fs - ft + w11;
#define W(x, y) w[((y) * gw + (x)) * stride + plane]
   return (W(js, jt) * w00 + W(js1, jt) * w01 + W(js, jt1) * w10 +
           W(js1, jt1) * w11 + 8) >>
          4;
#undef W
}

/* A 16-bit decoded channel as a float (23.20 and 23.21: LDR values
 * C / 65535; sRGB: the top 8 bits, colour channels decoded to linear). */
static float
channel(unsigned C, unsigned c, bool srgb)
{
   if (!srgb)
      return (float)C / 65535.0f;
   return c < 3 ? util_format_srgb8_to_linear(C >> 8)
                : (float)(C >> 8) / 255.0f;
}

static bool
error_block(unsigned n, float (*out)[4])
{
   for (unsigned i = 0; i < n; i++) {
      out[i][0] = 1.0f;
      out[i][1] = 0.0f;
      out[i][2] = 1.0f;
      out[i][3] = 1.0f;
   }
   return false;
}

/* Void-extent blocks (23.9): one colour, unorm16. */
static bool
void_extent(const uint8_t *p, unsigned n, bool srgb, float (*out)[4])
{
   if (bit(bits_at(p, 0, 12), 9) || bits_at(p, 10, 2) != 3)
      return error_block(n, out); /* HDR, or reserved bits not 11 */
   unsigned s0 = bits_at(p, 12, 13), s1 = bits_at(p, 25, 13);
   unsigned t0 = bits_at(p, 38, 13), t1 = bits_at(p, 51, 13);
   bool all_ones = s0 == 0x1fff && s1 == 0x1fff && t0 == 0x1fff &&
                   t1 == 0x1fff;
   if (!all_ones && (s0 >= s1 || t0 >= t1))
      return error_block(n, out);
   for (unsigned i = 0; i < n; i++) {
      for (unsigned c = 0; c < 4; c++)
         out[i][c] = channel(bits_at(p, 64 + 16 * c, 16), c, srgb);
   }
   return true;
}

static uint8_t
reverse8(uint8_t v)
{
   uint8_t r = 0;
   for (unsigned i = 0; i < 8; i++)
      r |= (uint8_t)(((v >> i) & 1) << (7 - i));
   return r;
}

bool
asahi_sim_astc_decode_block(const uint8_t block[16], unsigned bw,
                            unsigned bh, bool srgb, float (*out)[4])
{
   unsigned n = bw * bh, mode = bits_at(block, 0, 11);
   unsigned gw, gh, wrange;
   bool dual;

   if ((mode & 0x1ff) == 0x1fc)
      return void_extent(block, n, srgb, out);
   if (!block_mode(mode, &gw, &gh, &dual, &wrange) || gw > bw || gh > bh)
      return error_block(n, out);
   unsigned parts = bits_at(block, 11, 2) + 1;
   unsigned planes = dual ? 2 : 1;
   unsigned nweights = gw * gh * planes;
   if ((dual && parts == 4) || nweights > ASTC_MAX_WEIGHTS)
      return error_block(n, out);
   unsigned wbits = ise_size(nweights, wrange);
   if (wbits < 24 || wbits > 96)
      return error_block(n, out);

   /* Colour endpoint modes (23.11). */
   unsigned cem[4], seed = 0, config_end, extra = 0;
   if (parts == 1) {
      cem[0] = bits_at(block, 13, 4);
      config_end = 17;
   } else {
      seed = bits_at(block, 13, 10);
      unsigned cf = bits_at(block, 23, 6);
      config_end = 29;
      if (!(cf & 3)) {
         for (unsigned i = 0; i < parts; i++)
            cem[i] = cf >> 2;
      } else {
         /* C bits then 2-bit M fields; the four at bits 25-28 first,
          * the rest just below the weights. */
         extra = 3 * parts - 4;
         if (wbits + extra + config_end > 128)
            return error_block(n, out);
         unsigned v = (cf >> 2) | (bits_at(block, 128 - wbits - extra,
                                           extra) << 4);
         unsigned base = (cf & 3) - 1;
         for (unsigned i = 0; i < parts; i++)
            cem[i] = ((base + bit(v, i)) << 2) | ((v >> (parts + 2 * i)) & 3);
      }
   }
   unsigned below = wbits + extra + (dual ? 2 : 0);
   if (below + config_end > 128)
      return error_block(n, out);
   unsigned ccs = dual ? bits_at(block, 128 - below, 2) : 4;

   /* Endpoint values: the largest range that fits (23.13). */
   unsigned nvalues = 0;
   for (unsigned i = 0; i < parts; i++)
      nvalues += 2 * ((cem[i] >> 2) + 1);
   if (nvalues > ASTC_MAX_VALUES)
      return error_block(n, out);
   unsigned avail = 128 - below - config_end;
   int crange = -1;
   for (int r = 20; r >= 4 && crange < 0; r--) {
      if (ise_size(nvalues, (unsigned)r) <= avail)
         crange = r;
   }
   if (crange < 0)
      return error_block(n, out);
   struct ise_value cv[ASTC_MAX_VALUES];
   int values[ASTC_MAX_VALUES];
   ise_decode(block, config_end, nvalues, (unsigned)crange, cv);
   for (unsigned i = 0; i < nvalues; i++)
      values[i] = (int)unquant_color((unsigned)crange, cv[i]);
   int e0[4][4], e1[4][4];
   for (unsigned i = 0, at = 0; i < parts; i++) {
      if (!endpoints(cem[i], values + at, e0[i], e1[i]))
         return error_block(n, out);
      at += 2 * ((cem[i] >> 2) + 1);
   }

   /* Weights: read from the top of the block down (23.16). */
   uint8_t rev[16];
   for (unsigned i = 0; i < 16; i++)
      rev[i] = reverse8(block[15 - i]);
   struct ise_value wv[ASTC_MAX_WEIGHTS];
   uint8_t weights[ASTC_MAX_WEIGHTS];
   ise_decode(rev, 0, nweights, wrange, wv);
   for (unsigned i = 0; i < nweights; i++)
      weights[i] = (uint8_t)unquant_weight(wrange, wv[i]);

   bool small = n < 31;
   for (unsigned y = 0; y < bh; y++) {
      for (unsigned x = 0; x < bw; x++) {
         unsigned p = parts > 1 ? partition_of(seed, parts, x, y, 0, small)
                                : 0;
         unsigned w[2] = {0, 0};
         for (unsigned pl = 0; pl < planes; pl++)
            w[pl] = infill(weights, planes, pl, gw, gh, bw, bh, x, y);
         for (unsigned c = 0; c < 4; c++) {
            unsigned wc = c == ccs ? w[1] : w[0];
            /* 8-bit endpoints to 16 bits: c * 257, or (c << 8) | 0x80
             * for sRGB (23.20). */
            unsigned c0 = srgb ? ((unsigned)e0[p][c] << 8) | 0x80
                               : (unsigned)e0[p][c] * 257;
            unsigned c1 = srgb ? ((unsigned)e1[p][c] << 8) | 0x80
                               : (unsigned)e1[p][c] * 257;
            unsigned C = (c0 * (64 - wc) + c1 * wc + 32) >> 6;
            out[y * bw + x][c] = channel(C, c, srgb);
         }
      }
   }
   return true;
}
