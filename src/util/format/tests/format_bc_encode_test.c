/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * S3TC and RGTC encoding, checked through the decoder (format_bc_test.c
 * checks that one against the specifications): colours an endpoint can
 * hold exactly come back exactly, DXT1's punch-through alpha gives
 * transparent black, DXT3 keeps alpha to 4 bits, and any block comes back
 * within the error the eight-value RGTC palette allows (half a step of
 * 1/7 of the block's range).  BC7 and BC6H (one mode each) likewise.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/format/u_format.h"
#include "util/format/u_format_bc.h"
#include "util/format/u_format_bptc.h"

/* Encodes a w x h region of RGBA floats and decodes it again. */
static void
round_trip(enum pipe_format format, const float *in, unsigned w, unsigned h,
           float *out)
{
   uint8_t blocks[4 * 16];
   size_t row_B = (size_t)util_format_get_nblocksx(format, w) *
                  util_format_get_blocksize(format);

   assert_true(util_format_bc_can_pack(format));
   assert_true(util_format_bc_pack_rgba_float(format, blocks, row_B, in,
                                              w * 4 * sizeof(float), w, h));
   assert_true(util_format_bc_unpack_rgba_float(
      format, out, w * 4 * sizeof(float), blocks, row_B, w, h));
}

static void
expect_close(const float *got, const float *want, unsigned channels,
             float tolerance)
{
   for (unsigned c = 0; c < channels; c++)
      assert_true(got[c] >= want[c] - tolerance &&
                  got[c] <= want[c] + tolerance);
}

/* Red on the left half, blue on the right: both are 5:6:5 endpoints. */
static void
test_bc1_two_colours(void **state)
{
   (void)state;
   float in[16][4], out[16][4];

   for (unsigned t = 0; t < 16; t++) {
      bool left = (t % 4) < 2;
      const float c[4] = {left ? 1.0f : 0.0f, 0.0f, left ? 0.0f : 1.0f, 1.0f};
      memcpy(in[t], c, sizeof(c));
   }
   round_trip(PIPE_FORMAT_DXT1_RGB, &in[0][0], 4, 4, &out[0][0]);
   for (unsigned t = 0; t < 16; t++)
      expect_close(out[t], in[t], 4, 0.0f);
}

/* One colour in 5:6:5 steps (31 of 31 red, 32 of 63 green, 0 blue): exact,
 * whatever the second endpoint. */
static void
test_bc1_solid(void **state)
{
   (void)state;
   const float g = (float)((32 << 2) | (32 >> 4)) / 255.0f;
   float in[16][4], out[16][4];

   for (unsigned t = 0; t < 16; t++) {
      const float c[4] = {1.0f, g, 0.0f, 1.0f};
      memcpy(in[t], c, sizeof(c));
   }
   round_trip(PIPE_FORMAT_DXT1_SRGB, &in[0][0], 4, 4, &out[0][0]);
   for (unsigned t = 0; t < 16; t++)
      expect_close(out[t], in[t], 4, 1e-6f);
}

/* EXT_texture_compression_s3tc: DXT1 RGBA texels with alpha below one
 * half read (0, 0, 0, 0); the others keep their colour and alpha 1. */
static void
test_bc1_punch_through(void **state)
{
   (void)state;
   float in[16][4], out[16][4];

   for (unsigned t = 0; t < 16; t++) {
      const float c[4] = {0.0f, 1.0f, 0.0f, t & 1 ? 0.25f : 0.75f};
      memcpy(in[t], c, sizeof(c));
   }
   round_trip(PIPE_FORMAT_DXT1_RGBA, &in[0][0], 4, 4, &out[0][0]);
   for (unsigned t = 0; t < 16; t++) {
      const float opaque[4] = {0.0f, 1.0f, 0.0f, 1.0f}, clear[4] = {0};
      expect_close(out[t], t & 1 ? clear : opaque, 4, 0.0f);
   }
}

/* DXT3's explicit alpha: 4 bits, a step of 1/15. */
static void
test_bc2_alpha(void **state)
{
   (void)state;
   float in[16][4], out[16][4];

   for (unsigned t = 0; t < 16; t++) {
      const float c[4] = {1.0f, 1.0f, 1.0f, (float)t / 15.0f};
      memcpy(in[t], c, sizeof(c));
   }
   round_trip(PIPE_FORMAT_DXT3_RGBA, &in[0][0], 4, 4, &out[0][0]);
   for (unsigned t = 0; t < 16; t++)
      expect_close(out[t], in[t], 4, 1e-6f);
}

/* A ramp of 16 values in RGTC1 (and DXT5 alpha): endpoints at its ends,
 * every value within half a palette step (255 / 7 / 2 of 255) plus the
 * palette's rounding. */
static void
test_rgtc_ramp(void **state)
{
   (void)state;
   float in[16][4], out[16][4];
   const float tolerance = (255.0f / 14.0f + 1.0f) / 255.0f;

   for (unsigned t = 0; t < 16; t++) {
      const float v = (float)t / 15.0f;
      const float c[4] = {v, 0.0f, 0.0f, 1.0f};
      memcpy(in[t], c, sizeof(c));
   }
   round_trip(PIPE_FORMAT_RGTC1_UNORM, &in[0][0], 4, 4, &out[0][0]);
   for (unsigned t = 0; t < 16; t++)
      expect_close(out[t], in[t], 1, tolerance);
   expect_close(out[0], in[0], 1, 0.0f);
   expect_close(out[15], in[15], 1, 0.0f);

   for (unsigned t = 0; t < 16; t++)
      in[t][3] = in[t][0], in[t][0] = 1.0f;
   round_trip(PIPE_FORMAT_DXT5_RGBA, &in[0][0], 4, 4, &out[0][0]);
   for (unsigned t = 0; t < 16; t++)
      assert_true(out[t][3] >= in[t][3] - tolerance &&
                  out[t][3] <= in[t][3] + tolerance);
}

/* Signed RGTC2: -1 and 1 (stored -127 and 127) in both channels come
 * back exactly; a 2 x 2 region fills a partial block. */
static void
test_rgtc2_signed_partial(void **state)
{
   (void)state;
   const float in[4][4] = {
      {-1.0f, 1.0f, 0.0f, 1.0f},
      {1.0f, -1.0f, 0.0f, 1.0f},
      {1.0f, 1.0f, 0.0f, 1.0f},
      {-1.0f, -1.0f, 0.0f, 1.0f},
   };
   float out[4][4];

   round_trip(PIPE_FORMAT_RGTC2_SNORM, &in[0][0], 2, 2, &out[0][0]);
   for (unsigned t = 0; t < 4; t++)
      expect_close(out[t], in[t], 4, 1e-6f);
}

/* BC7 (since wave 15, mode 6; ARB_texture_compression_bptc's layout):
 * a solid colour whose components are all even (one shared P bit of 0)
 * is exact; pure red with alpha needs odd and even components, which mode
 * 6 cannot mix in one endpoint, so it reads back within one step; an
 * alpha ramp lands within half the widest palette step (the weights
 * 0, 4, 9, ... 64 of 64 over 0..255: (26 - 21) / 64 * 255 / 2 + 1). */
static void
test_bc7_mode6(void **state)
{
   (void)state;
   float texels[16][4];
   uint8_t block[16], out[16][4];

   assert_true(util_format_bc_can_pack(PIPE_FORMAT_BPTC_RGBA_UNORM));
   assert_true(util_format_bc_can_pack(PIPE_FORMAT_BPTC_SRGBA));
   const float even[4] = {254 / 255.0f, 0, 100 / 255.0f, 254 / 255.0f};
   for (unsigned t = 0; t < 16; t++)
      memcpy(texels[t], even, sizeof(even));
   assert_true(util_format_bc_pack_rgba_float(PIPE_FORMAT_BPTC_RGBA_UNORM,
                                              block, 16, &texels[0][0], 64,
                                              4, 4));
   assert_int_equal(block[0] & 0x7f, 0x40); /* mode 6 */
   util_format_bc7_decode_block(block, out);
   for (unsigned t = 0; t < 16; t++) {
      assert_int_equal(out[t][0], 254);
      assert_int_equal(out[t][1], 0);
      assert_int_equal(out[t][2], 100);
      assert_int_equal(out[t][3], 254);
   }

   for (unsigned t = 0; t < 16; t++) {
      texels[t][0] = 1.0f;
      texels[t][1] = texels[t][2] = 0.0f;
      texels[t][3] = t / 15.0f;
   }
   util_format_bc7_encode_block((const float(*)[4])texels, block);
   util_format_bc7_decode_block(block, out);
   for (unsigned t = 0; t < 16; t++) {
      assert_in_range(out[t][0], 254, 255);
      assert_in_range(out[t][1], 0, 1);
      assert_in_range(out[t][2], 0, 1);
      int d = (int)out[t][3] - (int)(t * 17);
      assert_in_range(d < 0 ? -d : d, 0, 11);
   }
}

/* BC6H in mode 3 (one region, 10-bit endpoints), checked through the
 * decoder with values computed by hand from ARB_texture_compression_bptc's
 * decoding: an endpoint q reads back as the binary16 pattern
 * ((64 q + 32) * 31) >> 6 unsigned, sign and ((64 |q| + 32) * 31) >> 5
 * signed, q = 1023 (unsigned) as 0x7bff. */
static void
fill_rgb(float texels[16][4], unsigned first, unsigned count, float v)
{
   for (unsigned t = first; t < first + count; t++) {
      texels[t][0] = texels[t][1] = texels[t][2] = v;
      texels[t][3] = 1.0f;
   }
}

static void
test_bc6h_unsigned(void **state)
{
   (void)state;
   float texels[16][4];
   uint8_t block[16];
   uint16_t out[16][3];

   assert_true(util_format_bc_can_pack(PIPE_FORMAT_BPTC_RGB_UFLOAT));
   /* 1.0 (0x3c00 = 15360): q = 495 gives (31712 * 31) >> 6 = 15360. */
   fill_rgb(texels, 0, 16, 1.0f);
   assert_true(util_format_bc_pack_rgba_float(PIPE_FORMAT_BPTC_RGB_UFLOAT,
                                              block, 16, &texels[0][0], 64,
                                              4, 4));
   /* mode bits 00011, then r0's three low bits (495 = 0b111101111) */
   assert_int_equal(block[0], 0xe3);
   assert_true(util_format_bc6h_decode_block(block, false, out));
   for (unsigned t = 0; t < 16; t++) {
      for (unsigned c = 0; c < 3; c++)
         assert_int_equal(out[t][c], 0x3c00);
   }

   /* Out of range: negative and NaN read 0, too large the largest half
    * (q = 0 and q = 1023 are exact). */
   fill_rgb(texels, 0, 16, 1e6f);
   texels[0][0] = -1.0f;
   texels[0][1] = NAN;
   texels[0][2] = 0.0f;
   util_format_bc6h_encode_block((const float(*)[4])texels, false, block);
   assert_true(util_format_bc6h_decode_block(block, false, out));
   for (unsigned c = 0; c < 3; c++)
      assert_int_equal(out[0][c], 0);
   for (unsigned t = 1; t < 16; t++) {
      for (unsigned c = 0; c < 3; c++)
         assert_int_equal(out[t][c], 0x7bff);
   }

   /* A ramp linear in the binary16 patterns (0 and 2^(t - 15), patterns
    * 1024 t) between exact ends: each texel within the worst distance of
    * a 4-bit weight from 64 t / 15 (9 for 8.53: 0.47 / 64 of 15360, 113
    * patterns), and the ramp keeps its order. */
   for (unsigned t = 0; t < 16; t++)
      fill_rgb(texels, t, 1, t ? ldexpf(1.0f, (int)t - 15) : 0.0f);
   util_format_bc6h_encode_block((const float(*)[4])texels, false, block);
   assert_true(util_format_bc6h_decode_block(block, false, out));
   assert_int_equal(out[0][0], 0);
   assert_int_equal(out[15][0], 0x3c00);
   for (unsigned t = 0; t < 16; t++) {
      int d = (int)out[t][0] - (int)(1024 * t);
      assert_in_range(d < 0 ? -d : d, 0, 113);
      assert_int_equal(out[t][1], out[t][0]);
      if (t)
         assert_true(out[t][0] > out[t - 1][0]);
   }
}

static void
test_bc6h_signed(void **state)
{
   (void)state;
   float texels[16][4];
   uint8_t block[16];
   uint16_t out[16][3];

   assert_true(util_format_bc_can_pack(PIPE_FORMAT_BPTC_RGB_FLOAT));
   /* -2.0 (pattern 16384, negative): q = -264 reads 62 * 264 + 31 =
    * 16399, 15 away (q = -263: 16337); 0.5 (14336): q = 231 reads 14353
    * (q = 230: 14291).  Both ends are exact entries of the palette. */
   fill_rgb(texels, 0, 8, -2.0f);
   fill_rgb(texels, 8, 8, 0.5f);
   assert_true(util_format_bc_pack_rgba_float(PIPE_FORMAT_BPTC_RGB_FLOAT,
                                              block, 16, &texels[0][0], 64,
                                              4, 4));
   assert_int_equal(block[0] & 0x1f, 3);
   assert_true(util_format_bc6h_decode_block(block, true, out));
   for (unsigned t = 0; t < 16; t++) {
      for (unsigned c = 0; c < 3; c++)
         assert_int_equal(out[t][c], t < 8 ? 0x8000 | 16399 : 14353);
   }

   /* The anchor (texel 0) at the high end: the endpoints are swapped and
    * the block reads the same. */
   fill_rgb(texels, 0, 8, 0.5f);
   fill_rgb(texels, 8, 8, -2.0f);
   util_format_bc6h_encode_block((const float(*)[4])texels, true, block);
   assert_true(util_format_bc6h_decode_block(block, true, out));
   for (unsigned t = 0; t < 16; t++)
      assert_int_equal(out[t][0], t < 8 ? 14353 : 0x8000 | 16399);
}

/* Formats without an encoder are refused. */
static void
test_refused(void **state)
{
   (void)state;
   uint8_t block[16];
   const float texel[4] = {0};

   assert_false(util_format_bc_can_pack(PIPE_FORMAT_ETC2_RGB8));
   assert_false(util_format_bc_pack_rgba_float(PIPE_FORMAT_R8G8B8A8_UNORM,
                                               block, 16, texel, 16, 1, 1));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bc1_two_colours),
      cmocka_unit_test(test_bc1_solid),
      cmocka_unit_test(test_bc1_punch_through),
      cmocka_unit_test(test_bc2_alpha),
      cmocka_unit_test(test_rgtc_ramp),
      cmocka_unit_test(test_rgtc2_signed_partial),
      cmocka_unit_test(test_bc7_mode6),
      cmocka_unit_test(test_bc6h_unsigned),
      cmocka_unit_test(test_bc6h_signed),
      cmocka_unit_test(test_refused),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
