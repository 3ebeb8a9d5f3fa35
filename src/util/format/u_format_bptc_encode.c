/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * BC7 (BPTC unorm) block encoding in one mode, mode 6: one subset, RGBA
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

void
util_format_bc7_encode_block(const float texels[16][4], uint8_t out[16])
{
   float lo[4] = {255, 255, 255, 255}, hi[4] = {0, 0, 0, 0};
   float v[16][4];

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

   unsigned index[16];
   for (unsigned t = 0; t < 16; t++) {
      float best = INFINITY;
      for (unsigned i = 0; i < 16; i++) {
         float err = 0.0f;
         for (unsigned c = 0; c < 4; c++) {
            float d = (float)interpolate(e[0][c], e[1][c], weights4[i]) -
                      v[t][c];
            err += d * d;
         }
         if (err < best) {
            best = err;
            index[t] = i;
         }
      }
   }
   /* The anchor's index must fit in 3 bits: swapping the endpoints
    * mirrors the (symmetric) weights. */
   unsigned swap = index[0] >= 8;

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
   for (unsigned t = 0; t < 16; t++) {
      unsigned i = swap ? 15 - index[t] : index[t];
      put_bits(out, &pos, i, t == 0 ? 3 : 4);
   }
}
