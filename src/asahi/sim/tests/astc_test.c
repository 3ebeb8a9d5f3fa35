/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The simulator's ASTC LDR decoder (asahi_sim_astc.c).
 *
 * Expected texels: the blocks below are taken from the ASTC files piglit
 * ships (Debian package piglit, tests/spec/khr_texture_compression_astc/
 * compressed/2D/{ldrl,ldrs}/waffles-WxH.ktx, block (bx, by) in row-major
 * block order), and the expected 8-bit RGB values from the matching
 * reference decodings in .../decompressed/2D/ (KTX files of RGB8 for
 * ldrl, RGBA8 sRGB codes for ldrs, made with ARM's reference decoder).  Extracted with a
 * few lines of Python reading the KTX headers.  The whole of every
 * footprint's file (160x106 texels, 28 files) was also compared while
 * writing the decoder: every channel within one code.  The void-extent
 * and error cases are computed by hand from the Khronos Data Format
 * Specification 1.3, sections 23.9 and 23.24.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "asahi/sim/asahi_sim_astc.h"
#include "util/format/u_format_convert.h"

struct expected_texel {
   unsigned x, y;
   uint8_t rgb[3];
};

struct vector {
   const char *what;
   unsigned bw, bh;
   bool srgb;
   uint8_t block[16];
   struct expected_texel t[5];
};

#define B(...) {__VA_ARGS__}

static const struct vector vectors[] = {
   {"ldrl 4x4 (3,5): one partition", 4, 4, false,
    B(0x42, 0xc2, 0x22, 0x95, 0x4e, 0xd6, 0x00, 0x00, 0x04, 0x4c, 0xcc, 0x08,
      0x8c, 0x0c, 0x44, 0xfc),
    {{0, 0, {145, 74, 39}}, {3, 0, {71, 35, 19}}, {0, 3, {71, 35, 19}},
     {3, 3, {71, 35, 19}}, {2, 2, {76, 38, 20}}}},
   {"ldrl 4x4 (4,0): two partitions", 4, 4, false,
    B(0x51, 0xea, 0x04, 0x0c, 0xcb, 0x35, 0x5f, 0x6b, 0x16, 0xda, 0xd0, 0x02,
      0x41, 0xd4, 0xcb, 0x8a),
    {{0, 0, {123, 107, 107}}, {3, 0, {102, 89, 89}}, {0, 3, {120, 90, 54}},
     {3, 3, {198, 148, 90}}, {2, 2, {89, 77, 77}}}},
   {"ldrl 4x4 (15,0): three partitions", 4, 4, false,
    B(0x42, 0x52, 0xc3, 0x4c, 0x3c, 0x55, 0x4f, 0xa4, 0x39, 0x53, 0x10, 0xfb,
      0x08, 0x76, 0x93, 0xc2),
    {{0, 0, {87, 87, 87}}, {3, 0, {132, 132, 132}}, {0, 3, {231, 132, 66}},
     {3, 3, {226, 129, 64}}, {2, 2, {221, 127, 63}}}},
   {"ldrl 6x6 (7,4)", 6, 6, false,
    B(0x6f, 0x00, 0xc7, 0x60, 0x2a, 0x20, 0x48, 0xc9, 0xa9, 0xbd, 0x5d, 0x12,
      0x50, 0x2a, 0xbd, 0xf7),
    {{0, 0, {232, 146, 20}}, {5, 0, {244, 162, 26}}, {0, 5, {255, 177, 32}},
     {5, 5, {255, 177, 32}}, {3, 3, {237, 152, 22}}}},
   {"ldrl 8x5 (10,9): three partitions", 8, 5, false,
    B(0x75, 0xb0, 0x93, 0x4c, 0x7e, 0xb9, 0x53, 0xa5, 0x00, 0xc4, 0x40, 0x06,
      0xec, 0x65, 0x75, 0xcd),
    {{0, 0, {181, 103, 51}}, {7, 0, {219, 219, 219}}, {0, 4, {255, 146, 73}},
     {7, 4, {73, 73, 73}}, {4, 2, {108, 77, 62}}}},
   {"ldrl 10x5 (5,9)", 10, 5, false,
    B(0x63, 0x01, 0xbf, 0x00, 0x27, 0xa8, 0x94, 0x30, 0xe6, 0x40, 0x58, 0x40,
      0xb1, 0x03, 0x95, 0x00),
    {{0, 0, {138, 13, 13}}, {9, 0, {209, 133, 29}}, {0, 4, {184, 90, 23}},
     {9, 4, {160, 50, 18}}, {5, 2, {174, 75, 21}}}},
   {"ldrl 12x12 (4,3)", 12, 12, false,
    B(0x34, 0x03, 0xbd, 0x80, 0x0a, 0xa4, 0x2c, 0x64, 0x06, 0xbf, 0x70, 0xff,
      0x7f, 0x7f, 0xff, 0x7f),
    {{0, 0, {255, 190, 39}}, {11, 0, {186, 98, 22}}, {0, 11, {117, 6, 6}},
     {11, 11, {186, 98, 22}}, {6, 6, {255, 190, 39}}}},
   {"ldrs 8x8 (6,6): sRGB", 8, 8, true,
    B(0x34, 0x03, 0xf9, 0x85, 0x34, 0x24, 0x20, 0x0c, 0x5f, 0xbb, 0xb3, 0x7f,
      0xbb, 0x9b, 0xbf, 0x75),
    {{0, 0, {197, 52, 32}}, {7, 0, {197, 52, 32}}, {0, 7, {134, 39, 19}},
     {7, 7, {71, 26, 6}}, {4, 4, {169, 46, 26}}}},
   {"ldrs 5x4 (10,12): sRGB", 5, 4, true,
    B(0xc1, 0x02, 0x6f, 0x26, 0x02, 0x39, 0x31, 0x8b, 0x11, 0xd9, 0x27, 0x5a,
      0x0c, 0x41, 0x11, 0xd2),
    {{0, 0, {179, 61, 41}}, {4, 0, {168, 15, 16}}, {0, 3, {172, 30, 24}},
     {4, 3, {183, 76, 49}}, {2, 2, {170, 23, 20}}}},
};

/* A decoded channel matches an 8-bit reference value within one code
 * (the reference keeps the top 8 bits of the 16-bit result). */
static bool
matches(float got, uint8_t ref, bool srgb)
{
   unsigned lo = ref ? ref - 1u : 0u, hi = ref < 255 ? ref + 1u : 255u;
   if (srgb)
      return got >= util_format_srgb8_to_linear(lo) - 1e-6f &&
             got <= util_format_srgb8_to_linear(hi) + 1e-6f;
   return got >= (float)lo / 255.0f - 1e-6f &&
          got <= (float)hi / 255.0f + 1e-6f;
}

static void
test_reference_blocks(void **state)
{
   (void)state;
   for (size_t i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
      const struct vector *v = &vectors[i];
      float out[144][4];
      assert_true(asahi_sim_astc_decode_block(v->block, v->bw, v->bh, v->srgb,
                                              out));
      for (unsigned k = 0; k < 5; k++) {
         const struct expected_texel *t = &v->t[k];
         const float *got = out[t->y * v->bw + t->x];
         for (unsigned c = 0; c < 3; c++) {
            if (!matches(got[c], t->rgb[c], v->srgb))
               fail_msg("%s: texel (%u, %u) channel %u: %f, expected %u",
                        v->what, t->x, t->y, c, (double)got[c], t->rgb[c]);
         }
         /* These blocks encode opaque texels. */
         assert_float_equal(got[3], 1.0f, 1e-6f);
      }
   }
}

/* Section 23.9: a void-extent block (0x1FC in bits 0-8, LDR, bits 10-11
 * set, all extents 0x1FFF) is one unorm16 colour in bits 64-127. */
static void
test_void_extent(void **state)
{
   (void)state;
   const uint8_t block[16] = {0xfc, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                              0x00, 0x00, 0xff, 0xff, 0x00, 0x80, 0x40, 0x40};
   float out[36][4];
   assert_true(asahi_sim_astc_decode_block(block, 4, 4, false, out));
   for (unsigned i = 0; i < 16; i++) {
      assert_float_equal(out[i][0], 0.0f, 1e-7f);
      assert_float_equal(out[i][1], 1.0f, 1e-7f);
      assert_float_equal(out[i][2], 32768.0f / 65535.0f, 1e-7f);
      assert_float_equal(out[i][3], 16448.0f / 65535.0f, 1e-7f);
   }
   /* sRGB: the top 8 bits are the code (0x80 -> linear, 0x40 alpha). */
   assert_true(asahi_sim_astc_decode_block(block, 6, 6, true, out));
   assert_float_equal(out[35][2], util_format_srgb8_to_linear(0x80), 1e-7f);
   assert_float_equal(out[35][3], 64.0f / 255.0f, 1e-7f);
}

static void
assert_error_colour(const float (*out)[4], unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      assert_float_equal(out[i][0], 1.0f, 0.0f);
      assert_float_equal(out[i][1], 0.0f, 0.0f);
      assert_float_equal(out[i][2], 1.0f, 0.0f);
      assert_float_equal(out[i][3], 1.0f, 0.0f);
   }
}

/* Section 23.24: reserved block modes, HDR void extents (LDR profile)
 * and HDR endpoint modes decode to the error colour, magenta. */
static void
test_error_blocks(void **state)
{
   (void)state;
   float out[25][4];
   const uint8_t reserved[16] = {0};
   assert_false(asahi_sim_astc_decode_block(reserved, 5, 5, false, out));
   assert_error_colour(out, 25);

   const uint8_t hdr_void[16] = {0xfc, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                 0xff};
   assert_false(asahi_sim_astc_decode_block(hdr_void, 4, 4, false, out));
   assert_error_colour(out, 16);

   /* The first reference block with its endpoint mode (bits 13-16, one
    * partition) changed to 15, HDR RGBA. */
   uint8_t hdr_cem[16];
   memcpy(hdr_cem, vectors[0].block, 16);
   hdr_cem[1] |= 0xe0;
   hdr_cem[2] |= 0x01;
   assert_false(asahi_sim_astc_decode_block(hdr_cem, 4, 4, false, out));
   assert_error_colour(out, 16);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_reference_blocks),
      cmocka_unit_test(test_void_extent),
      cmocka_unit_test(test_error_blocks),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
