/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * BPTC (BC7, BC6H) decoding against texels computed by hand from the
 * appendix of ARB_texture_compression_bptc.  Each block is written field
 * by field in the order the appendix gives (from bit 0 upwards), and the
 * arithmetic is spelt out beside it:
 *
 * - BC7 endpoints: an n-bit value (with its P-bit appended below) widens
 *   to 8 bits by repeating its top bits: 5-bit 31 -> 255, 5-bit 17 -> 140
 *   (136 | 4), 5-bit 30 -> 247, 7-bit 1 -> 2, 6-bit 32 -> 130.
 * - interpolation: ((64 - w) e0 + w e1 + 32) >> 6 with w from the index
 *   (2 bits: 0 21 43 64; 3 bits: 0 9 18 27 37 46 55 64; 4 bits: 0 4 9 13
 *   17 21 26 30 34 38 43 47 51 55 60 64).
 * - BC6H unsigned: unq(x) = ((x << 15) + 0x4000) >> (bits - 1) (0 and the
 *   largest code are 0 and 0xffff), then v * 31 >> 6; signed: unq of the
 *   magnitude (codes >= 2^(bits-1) - 1 give 0x7fff), then |v| * 31 >> 5
 *   with the sign bit or'ed in.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/format/u_format.h"
#include "util/format/u_format_bptc.h"

/* Appends fields to a 128-bit block from bit 0 upwards. */
struct writer {
   uint8_t block[16];
   unsigned pos;
};

static void
put(struct writer *w, unsigned n, unsigned v)
{
   for (unsigned i = 0; i < n; i++, w->pos++) {
      if ((v >> i) & 1)
         w->block[w->pos / 8] |= (uint8_t)(1u << (w->pos % 8));
   }
}

/* The same value n times (endpoints, P-bits, indices). */
static void
put_n(struct writer *w, unsigned count, unsigned n, unsigned v)
{
   for (unsigned i = 0; i < count; i++)
      put(w, n, v);
}

static void
expect_rgba(const uint8_t t[4], int r, int g, int b, int a)
{
   assert_int_equal(t[0], r);
   assert_int_equal(t[1], g);
   assert_int_equal(t[2], b);
   assert_int_equal(t[3], a);
}

static void
expect_rgb16(const uint16_t t[3], unsigned r, unsigned g, unsigned b)
{
   assert_int_equal(t[0], r);
   assert_int_equal(t[1], g);
   assert_int_equal(t[2], b);
}

/* Mode 0: three subsets, partition 0 (rows 0011 0011 0221 2222; anchors
 * 0, 3 and 15), 4-bit colours with a P-bit per endpoint, 3-bit indices.
 * A P-bit of 1 below a 0 channel gives 5-bit 1 -> 8.  Subset 0: e0 (15,
 * 0, 0) P 1 -> (255, 8, 8), e1 0 P 0 -> 0.  Subset 1: e0 (0, 15, 0) P 0
 * -> (0, 247, 0), e1 (0, 5, 0) P 1 -> (8, 90, 8).  Subset 2: e0 (0, 0, 8)
 * P 1 -> (8, 8, 140).  Texel 3 (anchor, 2 bits) index 3 (w 27): R = B =
 * (27 * 8 + 32) >> 6 = 3, G = (37 * 247 + 27 * 90 + 32) >> 6 = 181;
 * texel 4 index 7 (w 64): subset 0's e1. */
static void
test_bc7_mode0(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint8_t t[16][4];

   put(&w, 1, 1);  /* mode 0 */
   put(&w, 4, 0);  /* partition */
   /* R: s0e0 s0e1 s1e0 s1e1 s2e0 s2e1, then G, then B */
   put(&w, 4, 15);
   put_n(&w, 5, 4, 0);
   put_n(&w, 2, 4, 0);
   put(&w, 4, 15);
   put(&w, 4, 5);
   put_n(&w, 2, 4, 0);
   put_n(&w, 4, 4, 0);
   put(&w, 4, 8);
   put(&w, 4, 0);
   /* P-bits: s0e0 s0e1 s1e0 s1e1 s2e0 s2e1 */
   put(&w, 1, 1);
   put(&w, 1, 0);
   put(&w, 1, 0);
   put(&w, 1, 1);
   put(&w, 1, 1);
   put(&w, 1, 0);
   /* indices: texel 0 (2 bits), 1, 2, texel 3 (2 bits), 4 ... */
   put(&w, 2, 0);
   put_n(&w, 2, 3, 0);
   put(&w, 2, 3);
   put(&w, 3, 7);
   put_n(&w, 10, 3, 0);
   put(&w, 2, 0);
   assert_int_equal(w.pos, 128);

   util_format_bc7_decode_block(w.block, t);
   expect_rgba(t[0], 255, 8, 8, 255);
   expect_rgba(t[2], 0, 247, 0, 255);
   expect_rgba(t[3], 3, 181, 3, 255);
   expect_rgba(t[4], 0, 0, 0, 255);
   expect_rgba(t[9], 8, 8, 140, 255); /* subset 2 */
   expect_rgba(t[11], 0, 247, 0, 255); /* subset 1 */
   expect_rgba(t[15], 8, 8, 140, 255);
}

/* Mode 1: two subsets, partition 13 (texels 0-7 subset 0, 8-15 subset 1,
 * anchor 15), 6-bit colours, one shared P-bit per subset, 3-bit indices.
 * Subset 0 (P 1): e0 R 63 -> 127 -> 255, every other channel 0 -> 1 ->
 * 2.  Subset 1 (P 0): e0 G 32 -> 64 -> 129, the rest 0.  Texel 1 index 4
 * (w 37): R = (27 * 255 + 37 * 2 + 32) >> 6 = 109, G = B = 2.  Texel 15
 * (anchor) index 3 (w 27): G = (37 * 129 + 32) >> 6 = 75. */
static void
test_bc7_mode1(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint8_t t[16][4];

   put(&w, 2, 2); /* mode 1: 0b10 */
   put(&w, 6, 13);
   put(&w, 6, 63); /* R s0e0 */
   put_n(&w, 3, 6, 0);
   put_n(&w, 2, 6, 0); /* G subset 0 */
   put(&w, 6, 32);     /* G s1e0 */
   put(&w, 6, 0);
   put_n(&w, 4, 6, 0); /* B */
   put(&w, 1, 1);      /* shared P-bits */
   put(&w, 1, 0);
   put(&w, 2, 0); /* texel 0 (anchor) */
   put(&w, 3, 4);
   put_n(&w, 13, 3, 0);
   put(&w, 2, 3); /* texel 15 (anchor of subset 1) */
   assert_int_equal(w.pos, 128);

   util_format_bc7_decode_block(w.block, t);
   expect_rgba(t[0], 255, 2, 2, 255);
   expect_rgba(t[1], 109, 2, 2, 255);
   expect_rgba(t[8], 0, 129, 0, 255);
   expect_rgba(t[15], 0, 75, 0, 255);
}

/* Mode 2: three subsets, partition 8 (rows 0000 0000 1111 2222; anchors
 * 0, 8, 15), 5-bit colours without P-bits, 2-bit indices.  s0 e0 R 31 ->
 * 255; s1 e0 G 16 -> 132; s2 e0 B 1 -> 8.  Texel 1 index 1 (w 21): R =
 * (43 * 255 + 32) >> 6 = 171; texel 8 (anchor, 1 bit) index 1: G = (43 *
 * 132 + 32) >> 6 = 89. */
static void
test_bc7_mode2(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint8_t t[16][4];

   put(&w, 3, 4); /* mode 2: 0b100 */
   put(&w, 6, 8);
   put(&w, 5, 31); /* R s0e0 */
   put_n(&w, 5, 5, 0);
   put_n(&w, 2, 5, 0);
   put(&w, 5, 16); /* G s1e0 */
   put_n(&w, 3, 5, 0);
   put_n(&w, 4, 5, 0);
   put(&w, 5, 1); /* B s2e0 */
   put(&w, 5, 0);
   put(&w, 1, 0); /* texel 0 */
   put(&w, 2, 1);
   put_n(&w, 6, 2, 0);
   put(&w, 1, 1); /* texel 8 */
   put_n(&w, 6, 2, 0);
   put(&w, 1, 0); /* texel 15 */
   assert_int_equal(w.pos, 128);

   util_format_bc7_decode_block(w.block, t);
   expect_rgba(t[0], 255, 0, 0, 255);
   expect_rgba(t[1], 171, 0, 0, 255);
   expect_rgba(t[8], 0, 89, 0, 255);
   expect_rgba(t[9], 0, 132, 0, 255);
   expect_rgba(t[12], 0, 0, 8, 255);
}

/* Mode 3: two subsets, partition 0 (columns 2-3 are subset 1, anchor 15),
 * 7-bit colours with a P-bit per endpoint, 2-bit indices.  Subset 0: e0
 * (127, 0, 0) P 1 -> (255, 1, 1), e1 0 P 0 -> 0.  Subset 1: e0 (0, 0, 64)
 * P 0 -> (0, 0, 128), e1 (0, 0, 64) P 1 -> (1, 1, 129).  Texel 0 (anchor,
 * 1 bit) index 1 (w 21): R = (43 * 255 + 32) >> 6 = 171, G = B = (43 +
 * 32) >> 6 = 1.  Texel 2 index 3: subset 1's e1.  Texel 15 (1 bit) index
 * 1: B = (43 * 128 + 21 * 129 + 32) >> 6 = 128, R = G = (21 + 32) >> 6 =
 * 0. */
static void
test_bc7_mode3(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint8_t t[16][4];

   put(&w, 4, 8); /* mode 3 */
   put(&w, 6, 0);
   put(&w, 7, 127); /* R */
   put_n(&w, 3, 7, 0);
   put_n(&w, 4, 7, 0); /* G */
   put_n(&w, 2, 7, 0); /* B */
   put_n(&w, 2, 7, 64);
   put(&w, 1, 1); /* P-bits s0e0 s0e1 s1e0 s1e1 */
   put(&w, 1, 0);
   put(&w, 1, 0);
   put(&w, 1, 1);
   put(&w, 1, 1); /* texel 0 */
   put(&w, 2, 0); /* texel 1 */
   put(&w, 2, 3); /* texel 2 */
   put_n(&w, 12, 2, 0);
   put(&w, 1, 1); /* texel 15 */
   assert_int_equal(w.pos, 128);

   util_format_bc7_decode_block(w.block, t);
   expect_rgba(t[0], 171, 1, 1, 255);
   expect_rgba(t[1], 255, 1, 1, 255);
   expect_rgba(t[2], 1, 1, 129, 255);
   expect_rgba(t[3], 0, 0, 128, 255);
   expect_rgba(t[15], 0, 0, 128, 255);
}

/* Mode 4: one subset, rotation 1 (swap A and R), index selection 1
 * (colour from the 3-bit indices, alpha from the 2-bit ones), 5-bit
 * colour, 6-bit alpha.  R 31 -> 255 .. 0, A 0 .. 63 -> 255.  Texel 0:
 * (255, 0, 0, 0) -> rotated (0, 0, 0, 255).  Texel 1: 2-bit index 2 (w
 * 43): A = (43 * 255 + 32) >> 6 = 171; 3-bit index 5 (w 46): R = (18 *
 * 255 + 32) >> 6 = 72; rotated (171, 0, 0, 72). */
static void
test_bc7_mode4(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint8_t t[16][4];

   put(&w, 5, 16); /* mode 4 */
   put(&w, 2, 1);  /* rotation */
   put(&w, 1, 1);  /* index selection */
   put(&w, 5, 31);
   put(&w, 5, 0);
   put_n(&w, 4, 5, 0);
   put(&w, 6, 0);
   put(&w, 6, 63);
   put(&w, 1, 0); /* 2-bit indices: texel 0 (anchor) */
   put(&w, 2, 2);
   put_n(&w, 14, 2, 0);
   put(&w, 2, 0); /* 3-bit indices: texel 0 (anchor) */
   put(&w, 3, 5);
   put_n(&w, 14, 3, 0);
   assert_int_equal(w.pos, 128);

   util_format_bc7_decode_block(w.block, t);
   expect_rgba(t[0], 0, 0, 0, 255);
   expect_rgba(t[1], 171, 0, 0, 72);
}

/* Mode 5: one subset, rotation 2 (swap A and G), 7-bit colour, 8-bit
 * alpha, colour from the first 2-bit indices and alpha from the second.
 * R 127 -> 255 .. 0, A 0 .. 255.  Texel 1: colour index 1 (w 21): R =
 * (43 * 255 + 32) >> 6 = 171; alpha index 3: 255; (171, 0, 0, 255) ->
 * rotated (171, 255, 0, 0). */
static void
test_bc7_mode5(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint8_t t[16][4];

   put(&w, 6, 32); /* mode 5 */
   put(&w, 2, 2);  /* rotation */
   put(&w, 7, 127);
   put(&w, 7, 0);
   put_n(&w, 4, 7, 0);
   put(&w, 8, 0);
   put(&w, 8, 255);
   put(&w, 1, 0); /* colour indices */
   put(&w, 2, 1);
   put_n(&w, 14, 2, 0);
   put(&w, 1, 0); /* alpha indices */
   put(&w, 2, 3);
   put_n(&w, 14, 2, 0);
   assert_int_equal(w.pos, 128);

   util_format_bc7_decode_block(w.block, t);
   expect_rgba(t[0], 255, 0, 0, 0);
   expect_rgba(t[1], 171, 255, 0, 0);
}

/* Mode 6: one subset, 7-bit RGBA with a P-bit per endpoint, 4-bit
 * indices; texel t has index t.  e0 = (0, 64, 127, 127) P 0 -> (0, 128,
 * 254, 254); e1 = (127, 64, 0, 127) P 1 -> (255, 129, 1, 255).  Texel 5
 * (w 21): R = (21 * 255 + 32) >> 6 = 84, G = (43 * 128 + 21 * 129 + 32)
 * >> 6 = 128, B = (43 * 254 + 21 + 32) >> 6 = 171, A = (43 * 254 + 21 *
 * 255 + 32) >> 6 = 254.  Texel 8 (w 34): R = (34 * 255 + 32) >> 6 =
 * 135. */
static void
test_bc7_mode6(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint8_t t[16][4];

   put(&w, 7, 64); /* mode 6 */
   put(&w, 7, 0);
   put(&w, 7, 127);
   put(&w, 7, 64);
   put(&w, 7, 64);
   put(&w, 7, 127);
   put(&w, 7, 0);
   put(&w, 7, 127);
   put(&w, 7, 127);
   put(&w, 1, 0);
   put(&w, 1, 1);
   put(&w, 3, 0);
   for (unsigned i = 1; i < 16; i++)
      put(&w, 4, i);
   assert_int_equal(w.pos, 128);

   util_format_bc7_decode_block(w.block, t);
   expect_rgba(t[0], 0, 128, 254, 254);
   expect_rgba(t[5], 84, 128, 171, 254);
   assert_int_equal(t[8][0], 135);
   expect_rgba(t[15], 255, 129, 1, 255);
}

/* Mode 7: two subsets, partition 13, 5-bit RGBA with a P-bit per
 * endpoint, 2-bit indices.  Subset 0: e0 (31, 0, 0, 31) P 1 -> (255, 4,
 * 4, 255), e1 0 P 0 -> 0.  Subset 1: e0 (0, 16, 0, 16) P 0 -> (0, 130,
 * 0, 130), e1 0 P 1 -> (4, 4, 4, 4).  Texel 15 (anchor, 1 bit) index 1
 * (w 21): R = B = (21 * 4 + 32) >> 6 = 1, G = A = (43 * 130 + 21 * 4 +
 * 32) >> 6 = 89. */
static void
test_bc7_mode7(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint8_t t[16][4];

   put(&w, 8, 128); /* mode 7 */
   put(&w, 6, 13);
   put(&w, 5, 31); /* R */
   put_n(&w, 3, 5, 0);
   put_n(&w, 2, 5, 0); /* G */
   put(&w, 5, 16);
   put(&w, 5, 0);
   put_n(&w, 4, 5, 0); /* B */
   put(&w, 5, 31);     /* A */
   put(&w, 5, 0);
   put(&w, 5, 16);
   put(&w, 5, 0);
   put(&w, 1, 1); /* P-bits */
   put(&w, 1, 0);
   put(&w, 1, 0);
   put(&w, 1, 1);
   put(&w, 1, 0); /* texel 0 */
   put_n(&w, 14, 2, 0);
   put(&w, 1, 1); /* texel 15 */
   assert_int_equal(w.pos, 128);

   util_format_bc7_decode_block(w.block, t);
   expect_rgba(t[0], 255, 4, 4, 255);
   expect_rgba(t[7], 255, 4, 4, 255);
   expect_rgba(t[8], 0, 130, 0, 130);
   expect_rgba(t[15], 1, 89, 1, 89);
}

static void
test_bc7_reserved(void **state)
{
   (void)state;
   uint8_t block[16];
   uint8_t t[16][4];

   memset(block, 0xff, sizeof(block));
   block[0] = 0;
   util_format_bc7_decode_block(block, t);
   expect_rgba(t[0], 0, 0, 0, 0);
   expect_rgba(t[15], 0, 0, 0, 0);
}

/* The indices of a one-subset BC6H block after its 65 header bits: texel
 * 0 (the anchor, 3 bits) 0, texel 1 texel1, texels 2-14 0, texel 15 15. */
static void
put_bc6h_one_subset_indices(struct writer *w, unsigned texel1)
{
   assert_int_equal(w->pos, 65);
   put(w, 3, 0);
   put(w, 4, texel1);
   put_n(w, 13, 4, 0);
   put(w, 4, 15);
   assert_int_equal(w->pos, 128);
}

/* BC6H mode 3 (5 mode bits 00011): one subset, 10-bit endpoints stored
 * as they are, 4-bit indices.  r 0 .. 1023 (unq 0 .. 0xffff), g 512 ..
 * 512 (unq (512 << 15 + 0x4000) >> 9 = 32800), b 1023 .. 0.  Texel 0:
 * R 0, G 32800 * 31 >> 6 = 15887 (0x3e0f), B 0xffff * 31 >> 6 = 0x7bff.
 * Texel 1 index 8 (w 34): R = (34 * 65535 + 32) >> 6 = 34815 -> 34815 *
 * 31 >> 6 = 0x41df; B = (30 * 65535 + 32) >> 6 = 30720 -> 0x3a20. */
static void
write_bc6h_mode3(struct writer *w, unsigned r0, unsigned g0, unsigned b0,
                 unsigned r1, unsigned g1, unsigned b1)
{
   put(w, 5, 3);
   put(w, 10, r0);
   put(w, 10, g0);
   put(w, 10, b0);
   put(w, 10, r1);
   put(w, 10, g1);
   put(w, 10, b1);
}

static void
test_bc6h_mode3_unsigned(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint16_t t[16][3];

   write_bc6h_mode3(&w, 0, 512, 1023, 1023, 512, 0);
   put_bc6h_one_subset_indices(&w, 8);

   assert_true(util_format_bc6h_decode_block(w.block, false, t));
   expect_rgb16(t[0], 0, 0x3e0f, 0x7bff);
   expect_rgb16(t[1], 0x41df, 0x3e0f, 0x3a20);
   expect_rgb16(t[15], 0x7bff, 0x3e0f, 0);
}

/* The signed format: r0 = 0x3ff = -1 (unq -((1 << 15) + 0x4000) >> 9 =
 * -96), r1 = 511 (>= 2^9 - 1: 0x7fff), g0 = 0x200 = -512 (-0x7fff), g1 =
 * 0.  Texel 0: R = 96 * 31 >> 5 = 93 | sign = 0x805d, G = 0x7fff * 31 >>
 * 5 = 0x7bff | sign = 0xfbff.  Texel 1 index 4 (w 17): R = (47 * -96 + 17
 * * 32767 + 32) >> 6 = 8633 -> 8633 * 31 >> 5 = 8363 (0x20ab); G = (47 *
 * -32767 + 32) >> 6 = -24063 (floor) -> 24063 * 31 >> 5 = 23311 | sign =
 * 0xdb0f. */
static void
test_bc6h_mode3_signed(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint16_t t[16][3];

   write_bc6h_mode3(&w, 0x3ff, 0x200, 0, 511, 0, 0);
   put_bc6h_one_subset_indices(&w, 4);

   assert_true(util_format_bc6h_decode_block(w.block, true, t));
   expect_rgb16(t[0], 0x805d, 0xfbff, 0);
   expect_rgb16(t[1], 0x20ab, 0xdb0f, 0);
   expect_rgb16(t[15], 0x7bff, 0, 0);
}

/* BC6H mode 0 (2 mode bits 00): two subsets with transformed endpoints
 * (10-bit base, 5-bit signed deltas wrapped to 10 bits), partition 13
 * (texels 8-15 subset 1, anchor 15), 3-bit indices.  r0 100, r1 delta -1
 * -> 99, r2 +5 -> 105, r3 -16 -> 84; g0 0, g1 delta -1 wraps to 1023
 * (unq 0xffff); everything else 0.  10-bit unq(x) = 64 x + 32: 6432, 6368,
 * 6752, 5408.  Texel 0: R = 6432 * 31 >> 6 = 3115 (0x0c2b).  Texel 7
 * index 7 (w 64): R = 6368 * 31 >> 6 = 0x0c0c, G = 0x7bff.  Texel 8: R =
 * 6752 * 31 >> 6 = 0x0cc6.  Texel 15 (2 bits) index 3 (w 27): R = (37 *
 * 6752 + 27 * 5408 + 32) >> 6 = 6185 -> 6185 * 31 >> 6 = 0x0bb3. */
static void
test_bc6h_mode0_transformed(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint16_t t[16][3];

   /* Table.F mode 0, field by field. */
   put(&w, 2, 0);     /* m[1:0] */
   put(&w, 1, 0);     /* g2[4] */
   put(&w, 1, 0);     /* b2[4] */
   put(&w, 1, 0);     /* b3[4] */
   put(&w, 10, 100);  /* r0[9:0] */
   put(&w, 10, 0);    /* g0[9:0] */
   put(&w, 10, 0);    /* b0[9:0] */
   put(&w, 5, 0x1f);  /* r1[4:0] = -1 */
   put(&w, 1, 0);     /* g3[4] */
   put(&w, 4, 0);     /* g2[3:0] */
   put(&w, 5, 0x1f);  /* g1[4:0] = -1 */
   put(&w, 1, 0);     /* b3[0] */
   put(&w, 4, 0);     /* g3[3:0] */
   put(&w, 5, 0);     /* b1[4:0] */
   put(&w, 1, 0);     /* b3[1] */
   put(&w, 4, 0);     /* b2[3:0] */
   put(&w, 5, 5);     /* r2[4:0] = +5 */
   put(&w, 1, 0);     /* b3[2] */
   put(&w, 5, 0x10);  /* r3[4:0] = -16 */
   put(&w, 1, 0);     /* b3[3] */
   assert_int_equal(w.pos, 77);
   put(&w, 5, 13);    /* partition */
   put(&w, 2, 0);     /* texel 0 */
   put_n(&w, 6, 3, 0);
   put(&w, 3, 7);     /* texel 7 */
   put_n(&w, 7, 3, 0);
   put(&w, 2, 3);     /* texel 15 */
   assert_int_equal(w.pos, 128);

   assert_true(util_format_bc6h_decode_block(w.block, false, t));
   expect_rgb16(t[0], 0x0c2b, 0, 0);
   expect_rgb16(t[7], 0x0c0c, 0x7bff, 0);
   expect_rgb16(t[8], 0x0cc6, 0, 0);
   expect_rgb16(t[15], 0x0bb3, 0, 0);
}

/* BC6H mode 11 (01011), signed: 12-bit transformed endpoints whose bits
 * 10-11 are stored reversed (r0[10:11]: the first bit is bit 11).  r0 =
 * 0x800 = -2048 (unq -0x7fff), r1 delta +10 -> -2038 (unq -((2038 << 15)
 * + 0x4000) >> 11 = -32616); g0 = 0x400 = 1024 (unq 16392), g1 delta -1
 * -> 1023 (unq 16376); b 0.  Texel 0: R 0xfbff, G 16392 * 31 >> 5 =
 * 15879 (0x3e07).  Texel 15 (index 15): R = 32616 * 31 >> 5 = 31596 |
 * sign = 0xfb6c, G = 16376 * 31 >> 5 = 15864 (0x3df8). */
static void
test_bc6h_mode11_signed_reversed(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint16_t t[16][3];

   put(&w, 5, 11);
   put(&w, 10, 0);   /* r0[9:0] */
   put(&w, 10, 0);   /* g0[9:0] */
   put(&w, 10, 0);   /* b0[9:0] */
   put(&w, 8, 10);   /* r1[7:0] */
   put(&w, 1, 1);    /* r0[10:11]: bit 11 */
   put(&w, 1, 0);    /* ... then bit 10 */
   put(&w, 8, 0xff); /* g1[7:0] = -1 */
   put(&w, 1, 0);    /* g0 bit 11 */
   put(&w, 1, 1);    /* g0 bit 10 */
   put(&w, 8, 0);    /* b1[7:0] */
   put(&w, 2, 0);    /* b0[10:11] */
   assert_int_equal(w.pos, 65);
   put(&w, 3, 0);
   put_n(&w, 14, 4, 0);
   put(&w, 4, 15);
   assert_int_equal(w.pos, 128);

   assert_true(util_format_bc6h_decode_block(w.block, true, t));
   expect_rgb16(t[0], 0xfbff, 0x3e07, 0);
   expect_rgb16(t[15], 0xfb6c, 0x3df8, 0);
}

/* BC6H mode 7 (00111), unsigned, since wave 17: one subset, an 11-bit
 * base (bit 10 after the deltas) and 9-bit signed deltas.  r0 = 1024, r1
 * delta +255 -> 1279; g0 = 2047 (the largest code: 0xffff), g1 delta -1
 * -> 2046; b 0.  11-bit unq(x) = ((x << 15) + 0x4000) >> 10 = 32 x + 16:
 * 32784, 40944, 65488.  Texel 0: R = 32784 * 31 >> 6 = 15879 (0x3e07),
 * G = 0xffff * 31 >> 6 = 0x7bff.  Texel 1 index 8 (w 34): R = (30 * 32784
 * + 34 * 40944 + 32) >> 6 = 37119 -> 37119 * 31 >> 6 = 17979 (0x463b), G
 * = (30 * 65535 + 34 * 65488 + 32) >> 6 = 65510 -> 31731 (0x7bf3).
 * Texel 15 (index 15): R = 40944 * 31 >> 6 = 19832 (0x4d78), G = 65488 *
 * 31 >> 6 = 31720 (0x7be8). */
static void
test_bc6h_mode7_unsigned(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint16_t t[16][3];

   put(&w, 5, 7);
   put(&w, 10, 0);     /* r0[9:0] */
   put(&w, 10, 0x3ff); /* g0[9:0] */
   put(&w, 10, 0);     /* b0[9:0] */
   put(&w, 9, 0xff);   /* r1[8:0] = +255 */
   put(&w, 1, 1);      /* r0[10] */
   put(&w, 9, 0x1ff);  /* g1[8:0] = -1 */
   put(&w, 1, 1);      /* g0[10] */
   put(&w, 9, 0);      /* b1[8:0] */
   put(&w, 1, 0);      /* b0[10] */
   put_bc6h_one_subset_indices(&w, 8);

   assert_true(util_format_bc6h_decode_block(w.block, false, t));
   expect_rgb16(t[0], 0x3e07, 0x7bff, 0);
   expect_rgb16(t[1], 0x463b, 0x7bf3, 0);
   expect_rgb16(t[15], 0x4d78, 0x7be8, 0);
}

/* BC6H mode 15 (01111), unsigned, since wave 17: a 16-bit base whose bits
 * 10-15 are stored reversed (the first bit read is bit 15) and 4-bit
 * signed deltas; 16-bit codes unquantize to themselves.  r0 = 0x8000, r1
 * delta +7 -> 0x8007; g0 = 0x0400, g1 delta -1 -> 0x03ff; b 0.  Texel 0: R
 * = 32768 * 31 >> 6 = 15872 (0x3e00), G = 1024 * 31 >> 6 = 496 (0x01f0).
 * Texel 1 index 8 (w 34): R = (30 * 32768 + 34 * 32775 + 32) >> 6 = 32772
 * -> 15873 (0x3e01), G = (30 * 1024 + 34 * 1023 + 32) >> 6 = 1023 -> 495
 * (0x01ef).  Texel 15: R = 32775 * 31 >> 6 = 15875 (0x3e03), G = 1023 *
 * 31 >> 6 = 495. */
static void
test_bc6h_mode15_unsigned_reversed(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint16_t t[16][3];

   put(&w, 5, 15);
   put(&w, 10, 0);   /* r0[9:0] */
   put(&w, 10, 0);   /* g0[9:0] */
   put(&w, 10, 0);   /* b0[9:0] */
   put(&w, 4, 7);    /* r1[3:0] = +7 */
   put(&w, 6, 0x01); /* r0[10:15]: bit 15 first, set */
   put(&w, 4, 0xf);  /* g1[3:0] = -1 */
   put(&w, 6, 0x20); /* g0[10:15]: bit 10 last, set */
   put(&w, 4, 0);    /* b1[3:0] */
   put(&w, 6, 0);    /* b0[10:15] */
   put_bc6h_one_subset_indices(&w, 8);

   assert_true(util_format_bc6h_decode_block(w.block, false, t));
   expect_rgb16(t[0], 0x3e00, 0x01f0, 0);
   expect_rgb16(t[1], 0x3e01, 0x01ef, 0);
   expect_rgb16(t[15], 0x3e03, 0x01ef, 0);
}

/* Reserved mode 19 (10011) reads as zero. */
static void
test_bc6h_reserved(void **state)
{
   (void)state;
   uint8_t block[16];
   uint16_t t[16][3];

   memset(block, 0xff, sizeof(block));
   block[0] = 0xf3;
   assert_false(util_format_bc6h_decode_block(block, false, t));
   expect_rgb16(t[0], 0, 0, 0);
   expect_rgb16(t[15], 0, 0, 0);
}

/* A 5x2 region of two BC6H blocks as R16G16B16A16_FLOAT (alpha 1.0 =
 * 0x3c00); texels beyond the region are not written.  Block 0 is the
 * unsigned mode 3 block above (texel 1 is (0x41df, 0x3e0f, 0x3a20)),
 * block 1 is reserved (zero). */
static void
test_bptc_unpack_region(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   uint8_t blocks[32];
   uint16_t out[3][8][4];

   write_bc6h_mode3(&w, 0, 512, 1023, 1023, 512, 0);
   put_bc6h_one_subset_indices(&w, 8);
   memcpy(blocks, w.block, 16);
   memset(blocks + 16, 0, 16);
   blocks[16] = 0x13; /* mode 19 */
   memset(out, 0x55, sizeof(out));

   assert_true(util_format_bptc_unpack(PIPE_FORMAT_BPTC_RGB_UFLOAT, out,
                                       sizeof(out[0]), blocks, 32, 5, 2));
   assert_int_equal(out[0][1][0], 0x41df);
   assert_int_equal(out[0][1][2], 0x3a20);
   assert_int_equal(out[0][1][3], 0x3c00);
   assert_int_equal(out[1][4][0], 0);
   assert_int_equal(out[1][4][3], 0x3c00);
   assert_int_equal(out[0][5][0], 0x5555); /* beyond the width */
   assert_int_equal(out[2][0][0], 0x5555); /* beyond the height */
}

/* Floats: BC7 c / 255 (mode 6 texel 0 above: (0, 128, 254, 254)), BC6H
 * the half values (0x3e0f is 1 + 527 / 1024) and alpha 1. */
static void
test_bptc_unpack_float(void **state)
{
   (void)state;
   struct writer w = {{0}, 0};
   float f[4];

   put(&w, 7, 64);
   put(&w, 7, 0);
   put(&w, 7, 127);
   put(&w, 7, 64);
   put(&w, 7, 64);
   put(&w, 7, 127);
   put(&w, 7, 0);
   put(&w, 7, 127);
   put(&w, 7, 127);
   assert_true(util_format_bptc_unpack_rgba_float(
      PIPE_FORMAT_BPTC_SRGBA, f, sizeof(f), w.block, 16, 1, 1));
   assert_true(f[0] == 0.0f && f[1] == 128 / 255.0f && f[3] == 254 / 255.0f);

   memset(&w, 0, sizeof(w));
   write_bc6h_mode3(&w, 0, 512, 1023, 1023, 512, 0);
   assert_true(util_format_bptc_unpack_rgba_float(
      PIPE_FORMAT_BPTC_RGB_UFLOAT, f, sizeof(f), w.block, 16, 1, 1));
   assert_true(f[0] == 0.0f && f[1] == 1.0f + 527.0f / 1024.0f &&
               f[2] == 65504.0f && f[3] == 1.0f);
}

static void
test_formats(void **state)
{
   (void)state;
   uint8_t t[4];
   const uint8_t block[16] = {0};

   assert_true(util_format_is_bptc(PIPE_FORMAT_BPTC_RGBA_UNORM));
   assert_true(util_format_is_bptc(PIPE_FORMAT_BPTC_RGB_FLOAT));
   assert_false(util_format_is_bptc(PIPE_FORMAT_DXT1_RGB));
   assert_int_equal(util_format_bptc_decoded_format(PIPE_FORMAT_BPTC_SRGBA),
                    PIPE_FORMAT_R8G8B8A8_SRGB);
   assert_int_equal(
      util_format_bptc_decoded_format(PIPE_FORMAT_BPTC_RGB_UFLOAT),
      PIPE_FORMAT_R16G16B16A16_FLOAT);
   assert_false(util_format_bptc_unpack(PIPE_FORMAT_R8_UNORM, t, 4, block,
                                        16, 1, 1));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bc7_mode0),
      cmocka_unit_test(test_bc7_mode1),
      cmocka_unit_test(test_bc7_mode2),
      cmocka_unit_test(test_bc7_mode3),
      cmocka_unit_test(test_bc7_mode4),
      cmocka_unit_test(test_bc7_mode5),
      cmocka_unit_test(test_bc7_mode6),
      cmocka_unit_test(test_bc7_mode7),
      cmocka_unit_test(test_bc7_reserved),
      cmocka_unit_test(test_bc6h_mode3_unsigned),
      cmocka_unit_test(test_bc6h_mode3_signed),
      cmocka_unit_test(test_bc6h_mode0_transformed),
      cmocka_unit_test(test_bc6h_mode11_signed_reversed),
      cmocka_unit_test(test_bc6h_mode7_unsigned),
      cmocka_unit_test(test_bc6h_mode15_unsigned_reversed),
      cmocka_unit_test(test_bc6h_reserved),
      cmocka_unit_test(test_bptc_unpack_region),
      cmocka_unit_test(test_bptc_unpack_float),
      cmocka_unit_test(test_formats),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
