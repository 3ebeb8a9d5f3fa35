/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ETC1/ETC2/EAC decoding against texels computed by hand from OpenGL ES
 * 3.0.6 appendix C.  Conventions used in the comments below:
 *   - bytes are the block as stored; bit 63 is the top bit of byte 0;
 *   - texel n = x * 4 + y; colour indices: MSBs in bytes 4-5 (texel 15 at
 *     the top of byte 4), LSBs in bytes 6-7; index 0 = +small modifier,
 *     1 = +large, 2 = -small, 3 = -large;
 *   - widen4(c) = c * 17, widen5(c) = c << 3 | c >> 2,
 *     widen6(c) = c << 2 | c >> 4, widen7(c) = c << 1 | c >> 6.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/format/u_format.h"
#include "util/format/u_format_etc.h"

static void
decode(enum pipe_format f, const uint8_t *block, uint8_t t[16][4])
{
   assert_true(util_format_etc_decode_block_rgba8(f, block, t));
}

static void
check(uint8_t t[16][4], unsigned x, unsigned y, int r, int g, int b, int a)
{
   const uint8_t *p = t[y * 4 + x];
   if (p[0] != r || p[1] != g || p[2] != b || p[3] != a)
      fail_msg("texel (%u, %u) is (%d, %d, %d, %d), want (%d, %d, %d, %d)",
               x, y, p[0], p[1], p[2], p[3], r, g, b, a);
}

/* Individual mode, flip 0.  82 4C F0: base 1 = widen4(8, 4, F) =
 * (136, 68, 255), base 2 = widen4(2, C, 0) = (34, 204, 0).  1C: codeword 1
 * = 0 (2, 8), codeword 2 = 7 (47, 183), diff 0, flip 0 (left half x < 2
 * is subblock 1).  MSBs 0x0C0C (texels 2, 3, 10, 11), LSBs 0x0A0A (texels
 * 1, 3, 9, 11): column x = 0 and x = 2 have indices 0, 1, 2, 3 downwards,
 * the others 0. */
static const uint8_t individual_block[8] = {0x82, 0x4C, 0xF0, 0x1C,
                                            0x0C, 0x0C, 0x0A, 0x0A};

static void
check_individual(uint8_t t[16][4])
{
   check(t, 0, 0, 138, 70, 255, 255); /* +2, 257 clamps */
   check(t, 0, 1, 144, 76, 255, 255); /* +8 */
   check(t, 0, 2, 134, 66, 253, 255); /* -2 */
   check(t, 0, 3, 128, 60, 247, 255); /* -8 */
   check(t, 1, 2, 138, 70, 255, 255); /* index 0 */
   check(t, 2, 0, 81, 251, 47, 255);  /* 34 + 47, 204 + 47, 0 + 47 */
   check(t, 2, 1, 217, 255, 183, 255); /* +183, 387 clamps */
   check(t, 2, 2, 0, 157, 0, 255);    /* -47: 34 - 47 clamps to 0 */
   check(t, 2, 3, 0, 21, 0, 255);     /* -183 */
   check(t, 3, 3, 81, 251, 47, 255);
}

static void
test_individual(void **state)
{
   uint8_t t[16][4];

   (void)state;
   decode(PIPE_FORMAT_ETC2_RGB8, individual_block, t);
   check_individual(t);
   /* ETC1 is the same decoder for blocks that ETC1 can express. */
   decode(PIPE_FORMAT_ETC1_RGB8, individual_block, t);
   check_individual(t);
   /* sRGB decodes to the same (still encoded) bytes. */
   decode(PIPE_FORMAT_ETC2_SRGB8, individual_block, t);
   check_individual(t);
}

/* Differential mode, flip 1.  85: R 16 (widen5 132), dR 101 = -3 -> 13
 * (107).  03: G 0 (0), dG +3 -> 3 (24).  FC: B 31 (255), dB 100 = -4 ->
 * 27 (222).  2B: codewords 1 (5, 17) and 2 (9, 29), diff 1, flip 1 (top
 * half y < 2 is subblock 1).  MSBs 0x0014 (texels 2, 4), LSBs 0x8010
 * (texels 4, 15): texel 0 index 0, texel 4 = (1, 0) index 3, texel 2 =
 * (0, 2) index 2, texel 15 = (3, 3) index 1. */
static const uint8_t diff_block[8] = {0x85, 0x03, 0xFC, 0x2B,
                                      0x00, 0x14, 0x80, 0x10};

static void
test_differential(void **state)
{
   uint8_t t[16][4];

   (void)state;
   decode(PIPE_FORMAT_ETC2_RGB8, diff_block, t);
   check(t, 0, 0, 137, 5, 255, 255);  /* (132, 0, 255) + 5 */
   check(t, 1, 0, 115, 0, 238, 255);  /* - 17, 0 clamps */
   check(t, 3, 1, 137, 5, 255, 255);  /* subblock 1, index 0 */
   check(t, 0, 2, 98, 15, 213, 255);  /* (107, 24, 222) - 9 */
   check(t, 3, 3, 136, 53, 251, 255); /* + 29 */
   check(t, 1, 3, 116, 33, 231, 255); /* + 9 */
}

/* T mode: F9 = 11111 001: R 31 + dR 1 overflows.  R1 = bits 60..59 (11)
 * and 57..56 (01) = 13 -> 221; 2A: G1 2 (34), B1 A (170); 58 3B: R2 5
 * (85), G2 8 (136), B2 3 (51); distance index bits 35..34 (10) and 32 (1)
 * = 5 -> 32.  Paint colours: 0 = colour 1, 1 = colour 2 + 32, 2 = colour
 * 2, 3 = colour 2 - 32.  MSBs 0xCCCC, LSBs 0xAAAA: row y has index y. */
static const uint8_t t_block[8] = {0xF9, 0x2A, 0x58, 0x3B,
                                   0xCC, 0xCC, 0xAA, 0xAA};

static void
test_t_mode(void **state)
{
   uint8_t t[16][4];

   (void)state;
   decode(PIPE_FORMAT_ETC2_RGB8, t_block, t);
   for (unsigned x = 0; x < 4; x++) {
      check(t, x, 0, 221, 34, 170, 255);
      check(t, x, 1, 117, 168, 83, 255);
      check(t, x, 2, 85, 136, 51, 255);
      check(t, x, 3, 53, 104, 19, 255);
   }
}

/* H mode: 43 F9: R = 01000 + dR 011 is fine; G = 11111 + dG 001
 * overflows.  R1 = bits 62..59 = 8 (136); G1 = bits 58..56 (011) and 52
 * (1) = 7 (119); B1 = bit 51 (1), 49..48 (01), 47 (0) = 1010 (170).
 * 78 26: R2 F (255), G2 0 (0), B2 4 (68); distance bits 34 (1), 32 (0)
 * and the ordering bit: 0x8877AA < 0xFF0044, so 100 = 4 -> 23.  Paint:
 * colour 1 +- 23, colour 2 +- 23.  Rows as in the T block. */
static const uint8_t h_block[8] = {0x43, 0xF9, 0x78, 0x26,
                                   0xCC, 0xCC, 0xAA, 0xAA};

/* The same with R1 = 15 (byte 0 = 0 1111 011): 0xFF77AA >= 0xFF0044, so
 * the distance index becomes 101 = 5 -> 32. */
static const uint8_t h_block_ordered[8] = {0x7B, 0xF9, 0x78, 0x26,
                                           0xCC, 0xCC, 0xAA, 0xAA};

static void
test_h_mode(void **state)
{
   uint8_t t[16][4];

   (void)state;
   decode(PIPE_FORMAT_ETC2_RGB8, h_block, t);
   check(t, 0, 0, 159, 142, 193, 255);
   check(t, 1, 1, 113, 96, 147, 255);
   check(t, 2, 2, 255, 23, 91, 255); /* 278 clamps */
   check(t, 3, 3, 232, 0, 45, 255);  /* -23 clamps */

   decode(PIPE_FORMAT_ETC2_RGB8, h_block_ordered, t);
   check(t, 0, 0, 255, 151, 202, 255);
   check(t, 0, 1, 223, 87, 138, 255);
   check(t, 0, 2, 255, 32, 100, 255);
   check(t, 0, 3, 223, 0, 36, 255);
}

/* Planar: 40 00 F9: R = 01000 + 000 and G = 00000 + 000 are fine; B =
 * 11111 + 001 overflows.  O: RO 100000 = 32 (130), GO 0, BO = bit 48 (0),
 * 44..43 (11), 41..39 (010) = 26 (105).  7F: RH = 11111 and bit 32 (1) =
 * 63 (255); FE: GH 127 (255), BH 0; 00 1F C0: RV 0, GV 127 (255), BV 0.
 *   R = (125x - 130y + 522) >> 2
 *   G = (255x + 255y + 2) >> 2, clamped to 255
 *   B = (-105x - 105y + 422) >> 2, clamped to 0 */
static const uint8_t planar_block[8] = {0x40, 0x00, 0xF9, 0x7F,
                                        0xFE, 0x00, 0x1F, 0xC0};

static void
check_planar(uint8_t t[16][4])
{
   check(t, 0, 0, 130, 0, 105, 255);
   check(t, 3, 0, 224, 191, 26, 255);
   check(t, 0, 3, 33, 191, 26, 255);
   check(t, 3, 3, 126, 255, 0, 255); /* G 383 and B -52 clamp */
   check(t, 1, 1, 129, 128, 53, 255);
   check(t, 1, 2, 96, 191, 26, 255);
   check(t, 2, 3, 95, 255, 0, 255);
}

static void
test_planar(void **state)
{
   uint8_t t[16][4];

   (void)state;
   decode(PIPE_FORMAT_ETC2_RGB8, planar_block, t);
   check_planar(t);
}

/* Punch-through alpha (ES 3.0.6 C.1.4): bit 33 is "opaque". */
static void
test_punch_through(void **state)
{
   uint8_t t[16][4], block[8];

   (void)state;
   /* Opaque: the differential block decodes as in RGB8. */
   decode(PIPE_FORMAT_ETC2_RGB8A1, diff_block, t);
   check(t, 0, 0, 137, 5, 255, 255);
   check(t, 0, 2, 98, 15, 213, 255);

   /* Not opaque (2B -> 29): index 0 adds 0, index 2 is transparent
    * black, 1 and 3 keep their large modifiers. */
   memcpy(block, diff_block, 8);
   block[3] = 0x29;
   decode(PIPE_FORMAT_ETC2_SRGB8A1, block, t);
   check(t, 0, 0, 132, 0, 255, 255);
   check(t, 1, 0, 115, 0, 238, 255);
   check(t, 0, 2, 0, 0, 0, 0);
   check(t, 3, 3, 136, 53, 251, 255);
   check(t, 1, 3, 107, 24, 222, 255);

   /* T mode, not opaque (3B -> 39): row 2 (index 2) is transparent. */
   memcpy(block, t_block, 8);
   block[3] = 0x39;
   decode(PIPE_FORMAT_ETC2_RGB8A1, block, t);
   check(t, 1, 0, 221, 34, 170, 255);
   check(t, 1, 1, 117, 168, 83, 255);
   check(t, 1, 2, 0, 0, 0, 0);
   check(t, 1, 3, 53, 104, 19, 255);

   /* H mode, not opaque (26 -> 24). */
   memcpy(block, h_block, 8);
   block[3] = 0x24;
   decode(PIPE_FORMAT_ETC2_RGB8A1, block, t);
   check(t, 0, 0, 159, 142, 193, 255);
   check(t, 2, 2, 0, 0, 0, 0);

   /* Planar ignores the bit: always opaque (7F -> 7D). */
   memcpy(block, planar_block, 8);
   block[3] = 0x7D;
   decode(PIPE_FORMAT_ETC2_RGB8A1, block, t);
   check_planar(t);

   /* No individual mode: the individual block reads as differential with
    * opaque clear.  R 16 + dR 2 -> (132, 148); G 9 + dG -4 -> (74, 41);
    * B 30 + 0 -> (247, 247).  Codewords 0 (-, 8) and 7 (-, 183). */
   decode(PIPE_FORMAT_ETC2_RGB8A1, individual_block, t);
   check(t, 0, 0, 132, 74, 247, 255);
   check(t, 0, 1, 140, 82, 255, 255);
   check(t, 0, 2, 0, 0, 0, 0);
   check(t, 0, 3, 124, 66, 239, 255);
   check(t, 2, 0, 148, 41, 247, 255);
   check(t, 2, 1, 255, 224, 255, 255);
   check(t, 2, 3, 0, 0, 64, 255);
}

/* EAC indices 0..7 then 0..7 again: 000 001 ... 111 = 05 39 77, twice.
 * Texel n = x * 4 + y has index n % 8. */
#define EAC_RAMP 0x05, 0x39, 0x77, 0x05, 0x39, 0x77
/* Every texel index 3 (011 repeated) or 7. */
#define EAC_ALL3 0x6D, 0xB6, 0xDB, 0x6D, 0xB6, 0xDB
#define EAC_ALL7 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF

static void
test_rgba8_eac(void **state)
{
   uint8_t t[16][4];

   (void)state;
   /* Alpha: base 128, multiplier 3, table 2 (-2 -5 -8 -13 1 4 7 12):
    * 128 + 3m.  Colour: the T block. */
   const uint8_t block[16] = {0x80, 0x32, EAC_RAMP, 0xF9, 0x2A, 0x58, 0x3B,
                              0xCC, 0xCC, 0xAA, 0xAA};
   decode(PIPE_FORMAT_ETC2_RGBA8, block, t);
   check(t, 0, 0, 221, 34, 170, 122);
   check(t, 0, 1, 117, 168, 83, 113);
   check(t, 0, 2, 85, 136, 51, 104);
   check(t, 0, 3, 53, 104, 19, 89);
   check(t, 1, 0, 221, 34, 170, 131);
   check(t, 1, 3, 53, 104, 19, 164);
   check(t, 2, 0, 221, 34, 170, 122);

   /* Clamping: base 5, multiplier 15, table 0, index 3 (-15): 5 - 225;
    * base 250, index 7 (+14): 250 + 210. */
   const uint8_t low[16] = {0x05, 0xF0, EAC_ALL3, 0xF9, 0x2A, 0x58, 0x3B,
                            0xCC, 0xCC, 0xAA, 0xAA};
   decode(PIPE_FORMAT_ETC2_SRGBA8, low, t);
   check(t, 3, 3, 53, 104, 19, 0);
   const uint8_t high[16] = {0xFA, 0xF0, EAC_ALL7, 0xF9, 0x2A, 0x58, 0x3B,
                             0xCC, 0xCC, 0xAA, 0xAA};
   decode(PIPE_FORMAT_ETC2_RGBA8, high, t);
   check(t, 2, 1, 117, 168, 83, 255);
}

static void
eac(enum pipe_format f, const uint8_t *block, int16_t v[2][16])
{
   assert_true(util_format_etc_decode_block_eac11(f, block, v));
}

/* Unsigned R11 (C.1.5): clamp(base * 8 + 4 + m * mult * 8, 0, 2047), and
 * m alone when the multiplier is 0. */
static const uint8_t r11_ramp[8] = {0x80, 0x20, EAC_RAMP};
static const uint8_t r11_mult0[8] = {0x64, 0x0D, EAC_RAMP};

static void
test_r11(void **state)
{
   int16_t v[2][16];

   (void)state;
   /* Base 128, multiplier 2, table 0 (-3 -6 -9 -15 2 5 8 14):
    * 1028 + 16m.  Texel (x, y) is at v[y * 4 + x]. */
   eac(PIPE_FORMAT_ETC2_R11_UNORM, r11_ramp, v);
   assert_int_equal(v[0][0], 980);   /* (0,0) index 0 */
   assert_int_equal(v[0][4], 932);   /* (0,1) index 1 */
   assert_int_equal(v[0][8], 884);   /* (0,2) index 2 */
   assert_int_equal(v[0][12], 788);  /* (0,3) index 3 */
   assert_int_equal(v[0][1], 1060);  /* (1,0) index 4 */
   assert_int_equal(v[0][13], 1252); /* (1,3) index 7 */
   assert_int_equal(v[0][2], 980);   /* (2,0) index 0 */
   assert_int_equal(v[1][0], 0);     /* no second channel */

   /* Multiplier 0, base 100, table 13 (-1 -2 -3 -10 0 1 2 9): 804 + m. */
   eac(PIPE_FORMAT_ETC2_R11_UNORM, r11_mult0, v);
   assert_int_equal(v[0][0], 803);
   assert_int_equal(v[0][12], 794);
   assert_int_equal(v[0][1], 804);
   assert_int_equal(v[0][13], 813);

   /* Clamps: base 255, mult 15, +14 -> 2044 + 1680; base 0, -15 ->
    * 4 - 1800. */
   const uint8_t hi[8] = {0xFF, 0xF0, EAC_ALL7};
   const uint8_t lo[8] = {0x00, 0xF0, EAC_ALL3};
   eac(PIPE_FORMAT_ETC2_R11_UNORM, hi, v);
   assert_int_equal(v[0][5], 2047);
   eac(PIPE_FORMAT_ETC2_R11_UNORM, lo, v);
   assert_int_equal(v[0][5], 0);
}

/* Signed R11: clamp(base * 8 + m * mult * 8, -1023, 1023) with the base
 * a two's complement byte and -128 read as -127; no +4. */
static void
test_signed_r11(void **state)
{
   int16_t v[2][16];

   (void)state;
   /* Base 0x80 = -128 -> -127, multiplier 1, table 0: -1016 + 8m. */
   const uint8_t neg[8] = {0x80, 0x10, EAC_RAMP};
   eac(PIPE_FORMAT_ETC2_R11_SNORM, neg, v);
   assert_int_equal(v[0][0], -1023);  /* -1040 clamps */
   assert_int_equal(v[0][12], -1023); /* -1136 clamps */
   assert_int_equal(v[0][1], -1000);  /* +2 */
   assert_int_equal(v[0][5], -976);   /* +5 */
   assert_int_equal(v[0][13], -904);  /* +14; -912 if -128 were kept */

   /* Base 127, multiplier 15, +14: 1016 + 1680 clamps to 1023. */
   const uint8_t pos[8] = {0x7F, 0xF0, EAC_ALL7};
   eac(PIPE_FORMAT_ETC2_R11_SNORM, pos, v);
   assert_int_equal(v[0][15], 1023);

   /* Multiplier 0, base 5, table 13: 40 + m (no rounding offset). */
   const uint8_t m0[8] = {0x05, 0x0D, EAC_RAMP};
   eac(PIPE_FORMAT_ETC2_R11_SNORM, m0, v);
   assert_int_equal(v[0][12], 30);
   assert_int_equal(v[0][13], 49);
}

static void
test_rg11(void **state)
{
   int16_t v[2][16];
   uint8_t block[16];

   (void)state;
   memcpy(block, r11_ramp, 8);
   memcpy(block + 8, r11_mult0, 8);
   eac(PIPE_FORMAT_ETC2_RG11_UNORM, block, v);
   assert_int_equal(v[0][0], 980);
   assert_int_equal(v[1][0], 803);
   assert_int_equal(v[0][13], 1252);
   assert_int_equal(v[1][13], 813);
}

/* The decoded formats and the 16-bit widening: v << 5 | v >> 6 unsigned
 * (980 -> 31360 | 15), magnitude << 5 | magnitude >> 5 signed
 * (-1023 -> -(32736 | 31), -904 -> -(28928 | 28)). */
static void
test_unpack_widening(void **state)
{
   uint16_t u[16];
   int16_t s[16];
   uint16_t rg[16][2];
   uint8_t block[16];

   (void)state;
   assert_int_equal(util_format_etc_decoded_format(PIPE_FORMAT_ETC2_R11_UNORM),
                    PIPE_FORMAT_R16_UNORM);
   assert_true(util_format_etc_unpack(PIPE_FORMAT_ETC2_R11_UNORM, u, 8,
                                      r11_ramp, 8, 4, 4));
   assert_int_equal(u[0], 31375);
   const uint8_t hi[8] = {0xFF, 0xF0, EAC_ALL7};
   assert_true(util_format_etc_unpack(PIPE_FORMAT_ETC2_R11_UNORM, u, 8, hi,
                                      8, 4, 4));
   assert_int_equal(u[15], 65535);

   const uint8_t neg[8] = {0x80, 0x10, EAC_RAMP};
   assert_true(util_format_etc_unpack(PIPE_FORMAT_ETC2_R11_SNORM, s, 8, neg,
                                      8, 4, 4));
   assert_int_equal(s[0], -32767);
   assert_int_equal(s[13], -28956);

   memcpy(block, r11_ramp, 8);
   memcpy(block + 8, r11_mult0, 8);
   assert_int_equal(
      util_format_etc_decoded_format(PIPE_FORMAT_ETC2_RG11_SNORM),
      PIPE_FORMAT_R16G16_SNORM);
   assert_true(util_format_etc_unpack(PIPE_FORMAT_ETC2_RG11_UNORM, rg, 16,
                                      block, 16, 4, 4));
   /* 803 -> 25696 | 12. */
   assert_int_equal(rg[0][0], 31375);
   assert_int_equal(rg[0][1], 25708);

   float f[16][4];
   assert_true(util_format_etc_unpack_rgba_float(
      PIPE_FORMAT_ETC2_R11_SNORM, &f[0][0], 64, neg, 8, 4, 4));
   assert_true(f[0][0] == -1.0f);
   assert_true(f[0][3] == 1.0f && f[0][1] == 0.0f);
   assert_true(util_format_etc_unpack_rgba_float(
      PIPE_FORMAT_ETC2_R11_UNORM, &f[0][0], 64, hi, 8, 4, 4));
   assert_true(f[15][0] == 1.0f);
}

/* Regions that are not whole blocks: only width x height texels are
 * written, and the second block of a row is at src + block size. */
static void
test_partial_regions(void **state)
{
   uint8_t dst[8][8][4];
   uint8_t src[2][2][8];

   (void)state;
   /* A 6x5 region of 2x2 blocks: individual, T / planar, diff. */
   memcpy(src[0][0], individual_block, 8);
   memcpy(src[0][1], t_block, 8);
   memcpy(src[1][0], planar_block, 8);
   memcpy(src[1][1], diff_block, 8);
   memset(dst, 0xAB, sizeof(dst));
   assert_true(util_format_etc_unpack(PIPE_FORMAT_ETC2_RGB8, dst, 32,
                                      &src[0][0][0], 16, 6, 5));
   /* (4, 1) is texel (0, 1) of the T block. */
   assert_memory_equal(dst[1][4], ((uint8_t[4]){117, 168, 83, 255}), 4);
   /* (5, 4) is texel (1, 0) of the differential block. */
   assert_memory_equal(dst[4][5], ((uint8_t[4]){115, 0, 238, 255}), 4);
   /* (3, 4) is texel (3, 0) of the planar block. */
   assert_memory_equal(dst[4][3], ((uint8_t[4]){224, 191, 26, 255}), 4);
   /* Nothing written at x = 6 or y = 5. */
   assert_memory_equal(dst[1][6], ((uint8_t[4]){0xAB, 0xAB, 0xAB, 0xAB}),
                       4);
   assert_memory_equal(dst[5][0], ((uint8_t[4]){0xAB, 0xAB, 0xAB, 0xAB}),
                       4);

   /* 1x1 and 2x2 mip levels: one block, the top-left texels. */
   memset(dst, 0xAB, sizeof(dst));
   assert_true(util_format_etc_unpack(PIPE_FORMAT_ETC2_RGB8, dst, 32,
                                      individual_block, 8, 1, 1));
   assert_memory_equal(dst[0][0], ((uint8_t[4]){138, 70, 255, 255}), 4);
   assert_memory_equal(dst[0][1], ((uint8_t[4]){0xAB, 0xAB, 0xAB, 0xAB}),
                       4);
   assert_memory_equal(dst[1][0], ((uint8_t[4]){0xAB, 0xAB, 0xAB, 0xAB}),
                       4);
   assert_true(util_format_etc_unpack(PIPE_FORMAT_ETC2_RGB8, dst, 32,
                                      individual_block, 8, 2, 2));
   assert_memory_equal(dst[1][0], ((uint8_t[4]){144, 76, 255, 255}), 4);
   assert_memory_equal(dst[1][1], ((uint8_t[4]){138, 70, 255, 255}), 4);
   assert_memory_equal(dst[2][0], ((uint8_t[4]){0xAB, 0xAB, 0xAB, 0xAB}),
                       4);

   /* A zero-sized region writes nothing and succeeds. */
   assert_true(util_format_etc_unpack(PIPE_FORMAT_ETC2_RGB8, dst, 32,
                                      individual_block, 8, 0, 0));
}

static void
test_formats(void **state)
{
   uint8_t t[16][4];
   int16_t v[2][16];
   uint8_t dst[4];

   (void)state;
   static const struct {
      enum pipe_format f;
      enum pipe_format decoded;
      unsigned block_B;
   } cases[] = {
      {PIPE_FORMAT_ETC1_RGB8, PIPE_FORMAT_R8G8B8A8_UNORM, 8},
      {PIPE_FORMAT_ETC2_RGB8, PIPE_FORMAT_R8G8B8A8_UNORM, 8},
      {PIPE_FORMAT_ETC2_SRGB8, PIPE_FORMAT_R8G8B8A8_SRGB, 8},
      {PIPE_FORMAT_ETC2_RGB8A1, PIPE_FORMAT_R8G8B8A8_UNORM, 8},
      {PIPE_FORMAT_ETC2_SRGB8A1, PIPE_FORMAT_R8G8B8A8_SRGB, 8},
      {PIPE_FORMAT_ETC2_RGBA8, PIPE_FORMAT_R8G8B8A8_UNORM, 16},
      {PIPE_FORMAT_ETC2_SRGBA8, PIPE_FORMAT_R8G8B8A8_SRGB, 16},
      {PIPE_FORMAT_ETC2_R11_UNORM, PIPE_FORMAT_R16_UNORM, 8},
      {PIPE_FORMAT_ETC2_R11_SNORM, PIPE_FORMAT_R16_SNORM, 8},
      {PIPE_FORMAT_ETC2_RG11_UNORM, PIPE_FORMAT_R16G16_UNORM, 16},
      {PIPE_FORMAT_ETC2_RG11_SNORM, PIPE_FORMAT_R16G16_SNORM, 16},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      assert_true(util_format_is_etc(cases[i].f));
      assert_int_equal(util_format_etc_decoded_format(cases[i].f),
                       cases[i].decoded);
      /* The description table agrees on the block. */
      assert_int_equal(util_format_get_blocksize(cases[i].f),
                       cases[i].block_B);
      assert_int_equal(util_format_get_blockwidth(cases[i].f), 4);
      assert_int_equal(util_format_get_blockheight(cases[i].f), 4);
      assert_int_equal(util_format_is_srgb(cases[i].f),
                       util_format_is_srgb(cases[i].decoded));
   }
   /* Other formats are refused without writing. */
   assert_false(util_format_is_etc(PIPE_FORMAT_R8G8B8A8_UNORM));
   assert_false(util_format_is_etc(PIPE_FORMAT_DXT1_RGB));
   assert_false(util_format_is_etc((enum pipe_format)100000));
   assert_int_equal(util_format_etc_decoded_format(PIPE_FORMAT_DXT1_RGB),
                    PIPE_FORMAT_NONE);
   assert_false(util_format_etc_decode_block_rgba8(PIPE_FORMAT_DXT1_RGB,
                                                   individual_block, t));
   assert_false(util_format_etc_decode_block_rgba8(
      PIPE_FORMAT_ETC2_R11_UNORM, individual_block, t));
   assert_false(util_format_etc_decode_block_eac11(PIPE_FORMAT_ETC2_RGB8,
                                                   individual_block, v));
   memset(dst, 0xAB, 4);
   assert_false(util_format_etc_unpack(PIPE_FORMAT_R8G8B8A8_UNORM, dst, 4,
                                       individual_block, 8, 1, 1));
   assert_int_equal(dst[0], 0xAB);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_individual),
      cmocka_unit_test(test_differential),
      cmocka_unit_test(test_t_mode),
      cmocka_unit_test(test_h_mode),
      cmocka_unit_test(test_planar),
      cmocka_unit_test(test_punch_through),
      cmocka_unit_test(test_rgba8_eac),
      cmocka_unit_test(test_r11),
      cmocka_unit_test(test_signed_r11),
      cmocka_unit_test(test_rg11),
      cmocka_unit_test(test_unpack_widening),
      cmocka_unit_test(test_partial_regions),
      cmocka_unit_test(test_formats),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
