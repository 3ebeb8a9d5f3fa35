/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * BPTC block encoding, one mode per format family.
 *
 * BC7 (BPTC unorm) in mode 6: one subset, RGBA
 * endpoints of 7 bits each plus one shared low bit (P) per endpoint, and
 * a 4-bit index per texel, the first texel's (the anchor's) high bit
 * implied zero.  The layout, the weights and the interpolation are those
 * of ARB_texture_compression_bptc (its block tables and "BPTC
 * Compressed Texture Image Formats" section).  A quick encoder: endpoints
 * at the texels' per-channel minimum and maximum, each texel then given
 * the palette entry nearest to it.  Mode 6 cannot hold every colour
 * exactly (endpoint components share their low bit), so a texel may read
 * back one step away.
 */
#include "util/format/u_format_bptc.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "util/half_float.h"

/* ARB_texture_compression_bptc: the weights of 4-bit indices (of 64). */
static const unsigned weights4[16] = {0,  4,  9,  13, 17, 21, 26, 30,
                                      34, 38, 43, 47, 51, 55, 60, 64};

static unsigned
interpolate(unsigned e0, unsigned e1, unsigned w)
{
   return ((64 - w) * e0 + w * e1 + 32) >> 6;
}

/* The 8-bit endpoint nearest to target (four components) whose
 * components all end in the same bit; *p gets that bit. */
static void
quantize_endpoint(const float target[4], unsigned out[4], unsigned *p)
{
   float best_err = INFINITY;

   for (unsigned bit = 0; bit < 2; bit++) {
      unsigned q[4];
      float err = 0.0f;
      for (unsigned c = 0; c < 4; c++) {
         long v = lrintf((target[c] - (float)bit) / 2.0f);
         q[c] = (unsigned)(v < 0 ? 0 : v > 127 ? 127 : v) * 2 + bit;
         err += fabsf((float)q[c] - target[c]);
      }
      if (err < best_err) {
         best_err = err;
         *p = bit;
         for (unsigned c = 0; c < 4; c++)
            out[c] = q[c];
      }
   }
}

/* Appends the count low bits of v at *pos of a little-endian block. */
static void
put_bits(uint8_t out[16], unsigned *pos, unsigned v, unsigned count)
{
   for (unsigned i = 0; i < count; i++, (*pos)++) {
      if (v & (1u << i))
         out[*pos / 8] |= (uint8_t)(1u << (*pos % 8));
   }
}

/* Each texel's index of the nearest of 16 palette entries (squared
 * distance over comps components); true when texel 0, the anchor, needs
 * an index of 8 or more, whose high bit the block cannot hold. */
static bool
nearest_entries(const float palette[16][4], const float v[16][4],
                unsigned comps, unsigned index[16])
{
   for (unsigned t = 0; t < 16; t++) {
      float best = INFINITY;
      for (unsigned i = 0; i < 16; i++) {
         float err = 0.0f;
         for (unsigned c = 0; c < comps; c++) {
            float d = palette[i][c] - v[t][c];
            err += d * d;
         }
         if (err < best) {
            best = err;
            index[t] = i;
         }
      }
   }
   return index[0] >= 8;
}

/* The 4-bit indices of a one-subset block, the anchor's in 3 bits.  With
 * mirror (the caller swapped the endpoints) each index i becomes 15 - i:
 * the weights are symmetric (weights4[15 - i] = 64 - weights4[i]). */
static void
put_indices(uint8_t out[16], unsigned *pos, const unsigned index[16],
            bool mirror)
{
   for (unsigned t = 0; t < 16; t++)
      put_bits(out, pos, mirror ? 15 - index[t] : index[t], t == 0 ? 3 : 4);
}

void
util_format_bc7_encode_block(const float texels[16][4], uint8_t out[16])
{
   float lo[4] = {255, 255, 255, 255}, hi[4] = {0, 0, 0, 0};
   float v[16][4] = {{0}};

   for (unsigned t = 0; t < 16; t++) {
      for (unsigned c = 0; c < 4; c++) {
         float x = texels[t][c] > 0.0f ? texels[t][c] : 0.0f; /* NaN: 0 */
         v[t][c] = (x < 1.0f ? x : 1.0f) * 255.0f;
         lo[c] = fminf(lo[c], v[t][c]);
         hi[c] = fmaxf(hi[c], v[t][c]);
      }
   }
   unsigned e[2][4], p[2];
   quantize_endpoint(lo, e[0], &p[0]);
   quantize_endpoint(hi, e[1], &p[1]);

   float palette[16][4];
   for (unsigned i = 0; i < 16; i++) {
      for (unsigned c = 0; c < 4; c++)
         palette[i][c] = (float)interpolate(e[0][c], e[1][c], weights4[i]);
   }
   unsigned index[16];
   unsigned swap = nearest_entries(palette, (const float(*)[4])v, 4, index);

   for (unsigned i = 0; i < 16; i++)
      out[i] = 0;
   unsigned pos = 0;
   put_bits(out, &pos, 1u << 6, 7); /* mode 6: six zeros, then a one */
   for (unsigned c = 0; c < 4; c++) {
      put_bits(out, &pos, e[swap][c] >> 1, 7);
      put_bits(out, &pos, e[!swap][c] >> 1, 7);
   }
   put_bits(out, &pos, p[swap], 1);
   put_bits(out, &pos, p[!swap], 1);
   put_indices(out, &pos, index, swap);
}

/*
 * BC6H (BPTC float) in mode 3 (Direct3D's mode 11; ARB_texture_compression_
 * bptc table "Table.MF": mode bits 00011, one region, no transformed
 * endpoints, 10 bits per endpoint component, 4-bit indices; Table.F gives
 * the fields in order: the 5 mode bits, r0 g0 b0, r1 g1 b1, then the 63
 * index bits, the anchor's 3 first).  The extension's decoding, for 10-bit
 * endpoints: a component q unquantizes to 0 (q = 0), to the largest value
 * (q = 1023 unsigned, |q| >= 511 signed) or to 64 * |q| + 32 (signs kept);
 * texels interpolate the unquantized ends with weights4 and the result u
 * becomes the binary16 bit pattern (31 * u) >> 6 (unsigned) or
 * (31 * |u|) >> 5 with the sign bit (signed).  The encoder works on the
 * binary16 patterns read as integers (sign and magnitude become a signed
 * integer), on which this decoding is linear: endpoints at each channel's
 * minimum and maximum, each texel then the nearest of the 16 entries.
 */

/* A binary16 pattern as an ordered integer (negative for negative
 * values); BC6H's interpolation is linear on it. */
static int
half_as_int(uint16_t h)
{
   return h & 0x8000 ? -(int)(h & 0x7fff) : (int)h;
}

/* The unquantized value of a 10-bit endpoint component. */
static int
bc6h_unquantize10(int q, bool is_signed)
{
   int m = q < 0 ? -q : q;
   int u;

   if (m == 0)
      u = 0;
   else if (!is_signed && m == 1023)
      u = 0xffff;
   else if (is_signed && m >= 511)
      u = 0x7fff;
   else
      u = 64 * m + 32;
   return q < 0 ? -u : u;
}

/* An unquantized (or interpolated) value read back, as half_as_int. */
static int
bc6h_finish(int u, bool is_signed)
{
   if (!is_signed)
      return (u * 31) >> 6;
   return u < 0 ? -(((-u) * 31) >> 5) : (u * 31) >> 5;
}

/* The entry of weight w between unquantized ends u0 and u1, read back. */
static int
bc6h_entry(int u0, int u1, unsigned w, bool is_signed)
{
   int v = (64 - (int)w) * u0 + (int)w * u1 + 32;
   /* the decoder's floor division of a possibly negative sum */
   v = v >= 0 ? v / 64 : -((-v + 63) / 64);
   return bc6h_finish(v, is_signed);
}

/* The 10-bit endpoint component that reads back nearest to target. */
static int
bc6h_quantize10(int target, bool is_signed)
{
   int lo = is_signed ? -511 : 0, hi = is_signed ? 511 : 1023;
   /* about target / 31 (unsigned) or / 62 (signed): see above */
   int guess = is_signed ? target / 62 : target / 31;
   int best = lo, best_err = INT32_MAX;

   for (int q = guess - 2; q <= guess + 2; q++) {
      int c = q < lo ? lo : q > hi ? hi : q;
      int err = abs(bc6h_finish(bc6h_unquantize10(c, is_signed), is_signed) -
                    target);
      if (err < best_err) {
         best_err = err;
         best = c;
      }
   }
   return best;
}

void
util_format_bc6h_encode_block(const float texels[16][4], bool is_signed,
                              uint8_t out[16])
{
   int e[2][3];
   float v[16][4] = {{0}};

   for (unsigned c = 0; c < 3; c++) {
      int lo = INT32_MAX, hi = INT32_MIN;
      for (unsigned t = 0; t < 16; t++) {
         float x = texels[t][c];
         /* NaN reads 0; unsigned formats have no negative values */
         if (!(x == x) || (!is_signed && x < 0.0f))
            x = 0.0f;
         x = fminf(fmaxf(x, -65504.0f), 65504.0f);
         int h = half_as_int(util_float_to_half(x));
         v[t][c] = (float)h; /* exact: |h| < 2^15 */
         lo = h < lo ? h : lo;
         hi = h > hi ? h : hi;
      }
      e[0][c] = bc6h_quantize10(lo, is_signed);
      e[1][c] = bc6h_quantize10(hi, is_signed);
   }

   int u[2][3];
   for (unsigned k = 0; k < 2; k++) {
      for (unsigned c = 0; c < 3; c++)
         u[k][c] = bc6h_unquantize10(e[k][c], is_signed);
   }
   float palette[16][4] = {{0}};
   for (unsigned i = 0; i < 16; i++) {
      for (unsigned c = 0; c < 3; c++)
         palette[i][c] =
            (float)bc6h_entry(u[0][c], u[1][c], weights4[i], is_signed);
   }
   unsigned index[16];
   unsigned swap = nearest_entries(palette, (const float(*)[4])v, 3, index);

   for (unsigned i = 0; i < 16; i++)
      out[i] = 0;
   unsigned pos = 0;
   put_bits(out, &pos, 3, 5); /* mode 3: 00011 */
   for (unsigned k = 0; k < 2; k++) {
      for (unsigned c = 0; c < 3; c++)
         put_bits(out, &pos, (unsigned)e[k ^ swap][c] & 0x3ff, 10);
   }
   put_indices(out, &pos, index, swap);
}
