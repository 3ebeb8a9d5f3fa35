/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * S3TC (BC1-BC3) and RGTC (BC4/BC5) decoding against texels computed by
 * hand from the EXT_texture_compression_s3tc / _rgtc specifications.
 * Conventions: fields are little-endian; texel t = 4 * y + x; colour codes
 * are 2 bits at bit 2t of bytes 4-7 of a colour block; alpha/RGTC codes are
 * 3 bits at bit 3t of bytes 2-7; DXT3 alpha is 4 bits at bit 4t.
 * widen5(31) = 255, so 0xf800 is (255, 0, 0) and 0x001f is (0, 0, 255).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/format/u_format.h"
#include "util/format/u_format_bc.h"

static void
expect_texel(const uint8_t t[4], int r, int g, int b, int a)
{
   assert_int_equal(t[0], r);
   assert_int_equal(t[1], g);
   assert_int_equal(t[2], b);
   assert_int_equal(t[3], a);
}

/* color0 = red > color1 = blue: the four-colour palette
 * red, blue, (2 red + blue) / 3 = (170, 0, 85), (red + 2 blue) / 3 =
 * (85, 0, 170).  Codes of texels 0-3: 0, 1, 2, 3 (byte 4 = 0xe4). */
static void
test_bc1_four_colour(void **state)
{
   (void)state;
   const uint8_t block[8] = {0x00, 0xf8, 0x1f, 0x00, 0xe4, 0, 0, 0};
   uint8_t t[16][4];

   assert_true(util_format_s3tc_decode_block(PIPE_FORMAT_DXT1_RGBA, block, t));
   expect_texel(t[0], 255, 0, 0, 255);
   expect_texel(t[1], 0, 0, 255, 255);
   expect_texel(t[2], 170, 0, 85, 255);
   expect_texel(t[3], 85, 0, 170, 255);
   expect_texel(t[15], 255, 0, 0, 255);
}

/* color0 = blue <= color1 = red: three colours plus black; the midpoint
 * (127.5 rounds up) is (128, 0, 128).  Black has alpha 0 in DXT1 RGBA
 * only. */
static void
test_bc1_three_colour(void **state)
{
   (void)state;
   const uint8_t block[8] = {0x1f, 0x00, 0x00, 0xf8, 0xe4, 0, 0, 0};
   uint8_t t[16][4];

   assert_true(util_format_s3tc_decode_block(PIPE_FORMAT_DXT1_RGB, block, t));
   expect_texel(t[0], 0, 0, 255, 255);
   expect_texel(t[1], 255, 0, 0, 255);
   expect_texel(t[2], 128, 0, 128, 255);
   expect_texel(t[3], 0, 0, 0, 255);

   assert_true(util_format_s3tc_decode_block(PIPE_FORMAT_DXT1_RGBA, block, t));
   expect_texel(t[2], 128, 0, 128, 255);
   expect_texel(t[3], 0, 0, 0, 0);
}

/* DXT3: alpha nibbles 0, 15, 8, 1 (x17: 0, 255, 136, 17); the colour block
 * of test_bc1_three_colour is read as four colours: blue, red,
 * (2 blue + red) / 3 = (85, 0, 170), (blue + 2 red) / 3 = (170, 0, 85). */
static void
test_bc2(void **state)
{
   (void)state;
   const uint8_t block[16] = {0xf0, 0x18, 0, 0, 0, 0, 0, 0,
                              0x1f, 0x00, 0x00, 0xf8, 0xe4, 0, 0, 0};
   uint8_t t[16][4];

   assert_true(util_format_s3tc_decode_block(PIPE_FORMAT_DXT3_RGBA, block, t));
   expect_texel(t[0], 0, 0, 255, 0);
   expect_texel(t[1], 255, 0, 0, 255);
   expect_texel(t[2], 85, 0, 170, 136);
   expect_texel(t[3], 170, 0, 85, 17);
}

/* DXT5, alpha0 = 200 > alpha1 = 60: eight values; code 2 = (6*200 + 60)/7
 * = 180, code 7 = (200 + 6*60)/7 = 80.  Texel codes 0, 1, 2, 7:
 * 1<<3 | 2<<6 | 7<<9 = 0x0e88. */
static void
test_bc3_eight_values(void **state)
{
   (void)state;
   const uint8_t block[16] = {200, 60, 0x88, 0x0e, 0, 0, 0, 0,
                              0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0};
   uint8_t t[16][4];

   assert_true(util_format_s3tc_decode_block(PIPE_FORMAT_DXT5_RGBA, block, t));
   expect_texel(t[0], 255, 0, 0, 200);
   expect_texel(t[1], 255, 0, 0, 60);
   expect_texel(t[2], 255, 0, 0, 180);
   expect_texel(t[3], 255, 0, 0, 80);
   expect_texel(t[4], 255, 0, 0, 200);
}

/* DXT5, alpha0 = 40 <= alpha1 = 240: six values plus 0 and 255; code 2 =
 * (4*40 + 240)/5 = 80, code 5 = (40 + 4*240)/5 = 200.  Texel codes 2, 5,
 * 6, 7: 2 | 5<<3 | 6<<6 | 7<<9 = 0x0faa. */
static void
test_bc3_six_values(void **state)
{
   (void)state;
   const uint8_t block[16] = {40, 240, 0xaa, 0x0f, 0, 0, 0, 0,
                              0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0};
   uint8_t t[16][4];

   assert_true(util_format_s3tc_decode_block(PIPE_FORMAT_DXT5_SRGBA, block, t));
   assert_int_equal(t[0][3], 80);
   assert_int_equal(t[1][3], 200);
   assert_int_equal(t[2][3], 0);
   assert_int_equal(t[3][3], 255);
}

/* Signed RGTC, red0 = -128 (read as -127) <= red1 = 127: code 2 =
 * (4*-127 + 127)/5 = -76.2 -> -76, code 6 = -127, code 7 = 127.  Texel
 * codes 0, 1, 2, 6, 7: 1<<3 | 2<<6 | 6<<9 | 7<<12 = 0x7c88. */
static void
test_bc4_signed_six(void **state)
{
   (void)state;
   const uint8_t block[8] = {0x80, 0x7f, 0x88, 0x7c, 0, 0, 0, 0};
   int16_t v[16];

   util_format_rgtc_decode_channel(block, true, v);
   assert_int_equal(v[0], -127);
   assert_int_equal(v[1], 127);
   assert_int_equal(v[2], -76);
   assert_int_equal(v[3], -127);
   assert_int_equal(v[4], 127);
}

/* Signed RGTC, red0 = 100 > red1 = -50: code 2 = (600 - 50)/7 = 78.6 ->
 * 79, code 7 = (100 - 300)/7 = -28.6 -> -29.  Texel codes 2, 7 (0x3a).
 * Read as unsigned, 100 < 206 selects the six-value palette instead:
 * code 2 = (400 + 206)/5 = 121.2 -> 121, code 7 = 255. */
static void
test_bc4_signed_eight(void **state)
{
   (void)state;
   const uint8_t block[8] = {100, 0xce, 0x3a, 0, 0, 0, 0, 0};
   int16_t v[16];

   util_format_rgtc_decode_channel(block, true, v);
   assert_int_equal(v[0], 79);
   assert_int_equal(v[1], -29);
   assert_int_equal(v[2], 100);

   util_format_rgtc_decode_channel(block, false, v);
   assert_int_equal(v[0], 121);
   assert_int_equal(v[1], 255);
}

/* BC5 SNORM through the unpacker: red from the first 8 bytes, green from
 * the second; a 3x2 region writes 3x2 texels only. */
static void
test_bc5_unpack(void **state)
{
   (void)state;
   const uint8_t block[16] = {100, 0xce, 0x3a, 0, 0, 0, 0, 0,
                              0x80, 0x7f, 0x88, 0x7c, 0, 0, 0, 0};
   int8_t out[3][4][2];

   memset(out, 0x55, sizeof(out));
   assert_int_equal(util_format_bc_decoded_format(PIPE_FORMAT_RGTC2_SNORM),
                    PIPE_FORMAT_R8G8_SNORM);
   assert_true(util_format_bc_unpack(PIPE_FORMAT_RGTC2_SNORM, out, 8, block,
                                     16, 3, 2));
   assert_int_equal(out[0][0][0], 79);
   assert_int_equal(out[0][0][1], -127);
   assert_int_equal(out[0][1][0], -29);
   assert_int_equal(out[0][1][1], 127);
   assert_int_equal(out[0][2][1], -76);
   assert_int_equal(out[0][3][0], 0x55); /* beyond the width */
   assert_int_equal(out[1][0][0], 100);  /* texel 4: code 0 in red */
   assert_int_equal(out[1][0][1], 127);  /* code 7 in green */
   assert_int_equal(out[2][0][0], 0x55); /* beyond the height */
}

/* Floats: DXT1 RGB black keeps alpha 1; RGTC1 fills G = B = 0, A = 1. */
static void
test_unpack_float(void **state)
{
   (void)state;
   const uint8_t bc1[8] = {0x1f, 0x00, 0x00, 0xf8, 0xe4, 0, 0, 0};
   const uint8_t bc4[8] = {255, 0, 0, 0, 0, 0, 0, 0};
   float f[4][4];

   assert_true(util_format_bc_unpack_rgba_float(PIPE_FORMAT_DXT1_RGB, &f[0][0],
                                                sizeof(f), bc1, 8, 4, 1));
   assert_true(f[3][0] == 0.0f && f[3][3] == 1.0f);
   assert_true(f[0][2] == 1.0f);
   assert_true(util_format_bc_unpack_rgba_float(PIPE_FORMAT_RGTC1_UNORM,
                                                &f[0][0], sizeof(f), bc4, 8,
                                                1, 1));
   assert_true(f[0][0] == 1.0f && f[0][1] == 0.0f && f[0][3] == 1.0f);
}

static void
test_formats(void **state)
{
   (void)state;
   uint8_t t[16][4];
   const uint8_t block[16] = {0};

   assert_true(util_format_is_bc(PIPE_FORMAT_DXT1_SRGB));
   assert_true(util_format_is_bc(PIPE_FORMAT_RGTC1_SNORM));
   assert_false(util_format_is_bc(PIPE_FORMAT_ETC2_RGB8));
   /* BC7 and BC6H too (decoded by u_format_bptc.c). */
   assert_true(util_format_is_bc(PIPE_FORMAT_BPTC_RGBA_UNORM));
   assert_int_equal(util_format_bc_decoded_format(PIPE_FORMAT_BPTC_RGB_FLOAT),
                    PIPE_FORMAT_R16G16B16A16_FLOAT);
   assert_int_equal(util_format_bc_decoded_format(PIPE_FORMAT_DXT5_SRGBA),
                    PIPE_FORMAT_R8G8B8A8_SRGB);
   assert_int_equal(util_format_bc_decoded_format(PIPE_FORMAT_RGTC1_UNORM),
                    PIPE_FORMAT_R8_UNORM);
   assert_false(
      util_format_s3tc_decode_block(PIPE_FORMAT_RGTC1_UNORM, block, t));
   assert_false(util_format_bc_unpack(PIPE_FORMAT_R8_UNORM, t, 4, block, 8,
                                      4, 4));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bc1_four_colour),
      cmocka_unit_test(test_bc1_three_colour),
      cmocka_unit_test(test_bc2),
      cmocka_unit_test(test_bc3_eight_values),
      cmocka_unit_test(test_bc3_six_values),
      cmocka_unit_test(test_bc4_signed_six),
      cmocka_unit_test(test_bc4_signed_eight),
      cmocka_unit_test(test_bc5_unpack),
      cmocka_unit_test(test_unpack_float),
      cmocka_unit_test(test_formats),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
