/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The format table: sizes and properties of well-known formats (from the GL,
 * BCn, ETC2 and ASTC specifications), name lookup, and self-consistency of
 * every generated description.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/format/u_format.h"

struct known_block {
   const char *name;
   unsigned w, h, bytes;
};

/* Block footprints and sizes from the specifications: BC1/BC4/ETC2 RGB/EAC
 * R11 are 8 bytes per 4x4, BC2/3/5/6H/7, ETC2 RGBA8 and EAC RG11 are 16, and
 * every ASTC block is 16 bytes whatever its footprint. */
static const struct known_block known_blocks[] = {
   {"R8_UNORM", 1, 1, 1},
   {"R8G8B8A8_UNORM", 1, 1, 4},
   {"B8G8R8A8_SRGB", 1, 1, 4},
   {"R8G8B8_UNORM", 1, 1, 3},
   {"B5G6R5_UNORM", 1, 1, 2},
   {"R16G16B16A16_FLOAT", 1, 1, 8},
   {"R32G32B32_FLOAT", 1, 1, 12},
   {"R32G32B32A32_UINT", 1, 1, 16},
   {"R10G10B10A2_UNORM", 1, 1, 4},
   {"R11G11B10_FLOAT", 1, 1, 4},
   {"R9G9B9E5_FLOAT", 1, 1, 4},
   {"Z16_UNORM", 1, 1, 2},
   {"Z24_UNORM_S8_UINT", 1, 1, 4},
   {"Z32_FLOAT", 1, 1, 4},
   {"Z32_FLOAT_S8X24_UINT", 1, 1, 8},
   {"S8_UINT", 1, 1, 1},
   {"DXT1_RGB", 4, 4, 8},
   {"DXT1_SRGBA", 4, 4, 8},
   {"DXT3_RGBA", 4, 4, 16},
   {"DXT5_SRGBA", 4, 4, 16},
   {"RGTC1_SNORM", 4, 4, 8},
   {"RGTC2_UNORM", 4, 4, 16},
   {"BPTC_RGBA_UNORM", 4, 4, 16},
   {"BPTC_RGB_UFLOAT", 4, 4, 16},
   {"ETC1_RGB8", 4, 4, 8},
   {"ETC2_RGB8", 4, 4, 8},
   {"ETC2_SRGB8A1", 4, 4, 8},
   {"ETC2_RGBA8", 4, 4, 16},
   {"ETC2_R11_UNORM", 4, 4, 8},
   {"ETC2_RG11_SNORM", 4, 4, 16},
   {"ASTC_4x4", 4, 4, 16},
   {"ASTC_5x4_SRGB", 5, 4, 16},
   {"ASTC_8x6", 8, 6, 16},
   {"ASTC_10x10_SRGB", 10, 10, 16},
   {"ASTC_12x10", 12, 10, 16},
   {"ASTC_12x12_SRGB", 12, 12, 16},
};

static void
test_known_blocks(void **state)
{
   for (unsigned i = 0; i < sizeof(known_blocks) / sizeof(known_blocks[0]);
        i++) {
      const struct known_block *k = &known_blocks[i];
      enum pipe_format f = util_format_from_name(k->name);
      if (f == PIPE_FORMAT_NONE)
         fail_msg("%s missing from the table", k->name);
      assert_int_equal(util_format_get_blockwidth(f), k->w);
      assert_int_equal(util_format_get_blockheight(f), k->h);
      assert_int_equal(util_format_get_blockdepth(f), 1);
      assert_int_equal(util_format_get_blocksize(f), k->bytes);
      assert_int_equal(util_format_is_compressed(f), k->w > 1);
   }
}

static void
test_every_astc_2d_footprint(void **state)
{
   /* KHR_texture_compression_astc_ldr, table of 2D block footprints. */
   static const unsigned fp[][2] = {
      {4, 4}, {5, 4},  {5, 5},  {6, 5},  {6, 6},   {8, 5},   {8, 6},
      {8, 8}, {10, 5}, {10, 6}, {10, 8}, {10, 10}, {12, 10}, {12, 12},
   };
   char name[32];
   for (unsigned i = 0; i < sizeof(fp) / sizeof(fp[0]); i++) {
      for (unsigned srgb = 0; srgb < 2; srgb++) {
         snprintf(name, sizeof(name), "ASTC_%ux%u%s", fp[i][0], fp[i][1],
                  srgb ? "_SRGB" : "");
         enum pipe_format f = util_format_from_name(name);
         if (f == PIPE_FORMAT_NONE)
            fail_msg("%s missing", name);
         assert_int_equal(util_format_get_blockwidth(f), fp[i][0]);
         assert_int_equal(util_format_get_blockheight(f), fp[i][1]);
         assert_int_equal(util_format_is_srgb(f), srgb);
      }
   }
}

static void
test_properties(void **state)
{
   assert_true(util_format_is_srgb(PIPE_FORMAT_B8G8R8A8_SRGB));
   assert_false(util_format_is_srgb(PIPE_FORMAT_B8G8R8A8_UNORM));
   assert_int_equal(util_format_linear(PIPE_FORMAT_B8G8R8A8_SRGB),
                    PIPE_FORMAT_B8G8R8A8_UNORM);
   assert_int_equal(util_format_srgb(PIPE_FORMAT_R8G8B8A8_UNORM),
                    PIPE_FORMAT_R8G8B8A8_SRGB);
   assert_int_equal(util_format_linear(PIPE_FORMAT_ASTC_6x6_SRGB),
                    PIPE_FORMAT_ASTC_6x6);
   assert_int_equal(util_format_srgb(PIPE_FORMAT_R16_FLOAT),
                    PIPE_FORMAT_R16_FLOAT);

   assert_true(util_format_is_depth_or_stencil(PIPE_FORMAT_Z24_UNORM_S8_UINT));
   assert_true(util_format_has_depth(PIPE_FORMAT_Z24_UNORM_S8_UINT));
   assert_true(util_format_has_stencil(PIPE_FORMAT_Z24_UNORM_S8_UINT));
   assert_true(util_format_has_depth(PIPE_FORMAT_Z32_FLOAT));
   assert_false(util_format_has_stencil(PIPE_FORMAT_Z32_FLOAT));
   assert_false(util_format_has_depth(PIPE_FORMAT_S8_UINT));
   assert_true(util_format_has_stencil(PIPE_FORMAT_S8_UINT));
   assert_true(util_format_has_stencil(PIPE_FORMAT_Z32_FLOAT_S8X24_UINT));
   assert_false(util_format_is_depth_or_stencil(PIPE_FORMAT_R32_FLOAT));

   assert_true(util_format_is_pure_integer(PIPE_FORMAT_R8G8B8A8_UINT));
   assert_true(util_format_is_pure_uint(PIPE_FORMAT_R10G10B10A2_UINT));
   assert_true(util_format_is_pure_sint(PIPE_FORMAT_R32G32_SINT));
   assert_false(util_format_is_pure_sint(PIPE_FORMAT_R32G32_UINT));
   assert_false(util_format_is_pure_integer(PIPE_FORMAT_R8G8B8A8_USCALED));
   assert_false(util_format_is_pure_integer(PIPE_FORMAT_R8G8B8A8_UNORM));
   assert_false(util_format_is_pure_integer(PIPE_FORMAT_S8_UINT));

   /* Channel placement follows the name, least significant bits first. */
   const struct util_format_description *d =
      util_format_description(PIPE_FORMAT_B5G6R5_UNORM);
   assert_int_equal(d->swizzle[0], PIPE_SWIZZLE_Z); /* R is channel 2 */
   assert_int_equal(d->channel[2].shift, 11);
   assert_int_equal(d->channel[1].size, 6);
   assert_true(d->is_bitmask);
   d = util_format_description(PIPE_FORMAT_A8_UNORM);
   assert_int_equal(d->swizzle[0], PIPE_SWIZZLE_0);
   assert_int_equal(d->swizzle[3], PIPE_SWIZZLE_X);
   d = util_format_description(PIPE_FORMAT_L8_UNORM);
   assert_int_equal(d->swizzle[2], PIPE_SWIZZLE_X);
   assert_int_equal(d->swizzle[3], PIPE_SWIZZLE_1);
}

static void
test_names(void **state)
{
   assert_string_equal(util_format_name(PIPE_FORMAT_R8G8B8A8_UNORM),
                       "R8G8B8A8_UNORM");
   assert_string_equal(util_format_name(PIPE_FORMAT_NONE), "NONE");
   assert_string_equal(util_format_name((enum pipe_format)100000), "UNKNOWN");
   assert_int_equal(util_format_from_name("PIPE_FORMAT_Z24_UNORM_S8_UINT"),
                    PIPE_FORMAT_Z24_UNORM_S8_UINT);
   assert_int_equal(util_format_from_name("z24_unorm_s8_uint"),
                    PIPE_FORMAT_Z24_UNORM_S8_UINT);
   assert_int_equal(util_format_from_name("R8G8B8A8_UNORMX"), PIPE_FORMAT_NONE);
   assert_int_equal(util_format_from_name("PIPE_FORMAT_"), PIPE_FORMAT_NONE);
   assert_int_equal(util_format_from_name(""), PIPE_FORMAT_NONE);
   assert_int_equal(util_format_from_name(NULL), PIPE_FORMAT_NONE);
   assert_int_equal(util_format_from_name("NONE"), PIPE_FORMAT_NONE);

   /* Values outside the enum are answered, not crashed on. */
   enum pipe_format bad = (enum pipe_format)PIPE_FORMAT_COUNT;
   assert_null(util_format_description(bad));
   assert_int_equal(util_format_get_blocksize(bad), 0);
   assert_false(util_format_is_compressed(bad));
   assert_false(util_format_has_depth(bad));
   assert_int_equal(util_format_get_size(bad, 4, 4, 1), 0);
}

static void
test_every_description_consistent(void **state)
{
   for (unsigned i = 1; i < PIPE_FORMAT_COUNT; i++) {
      enum pipe_format f = (enum pipe_format)i;
      const struct util_format_description *d = util_format_description(f);
      assert_non_null(d);
      assert_int_equal(d->format, f);
      assert_int_equal(util_format_from_name(d->short_name), f);
      assert_int_equal(util_format_from_name(d->name), f);
      assert_string_equal(d->name + strlen("PIPE_FORMAT_"), d->short_name);
      assert_true(d->block.bits % 8 == 0 && d->block.bits > 0);
      assert_true(d->nr_channels >= 1 && d->nr_channels <= 4);

      if (!util_format_is_compressed(f)) {
         unsigned bits = 0;
         for (unsigned c = 0; c < d->nr_channels; c++) {
            assert_int_equal(d->channel[c].shift, bits);
            bits += d->channel[c].size;
         }
         assert_int_equal(bits, d->block.bits);
         assert_int_equal(d->block.width * d->block.height, 1);
      }
      for (unsigned c = 0; c < 4; c++) {
         unsigned s = d->swizzle[c];
         if (s <= PIPE_SWIZZLE_W)
            assert_true(s < d->nr_channels);
      }
      if (d->colorspace == UTIL_FORMAT_COLORSPACE_SRGB) {
         assert_int_not_equal(d->linear_format, PIPE_FORMAT_NONE);
         assert_int_equal(util_format_srgb(d->linear_format), f);
      }
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_known_blocks),
      cmocka_unit_test(test_every_astc_2d_footprint),
      cmocka_unit_test(test_properties),
      cmocka_unit_test(test_names),
      cmocka_unit_test(test_every_description_consistent),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
