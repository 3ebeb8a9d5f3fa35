/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Tilebuffer layouts, checked against values worked out by hand from the
 * rules (natural alignment, 64 bytes per sample, 32767 bytes per tile,
 * largest of 32x32 / 32x16 / 16x16).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "agx_formats.h"
#include "agx_tilebuffer.h"

static void
rgba8_single(void **state)
{
   enum pipe_format f[] = {PIPE_FORMAT_R8G8B8A8_UNORM};
   struct agx_tilebuffer_layout tib;
   assert_true(agx_tilebuffer_layout(&tib, f, 1, 1));
   assert_int_equal(tib.offset_B[0], 0);
   assert_int_equal(tib.sample_size_B, 8);
   assert_int_equal(tib.tile_width_px, 32);
   assert_int_equal(tib.tile_height_px, 32);
   assert_int_equal(agx_tilebuffer_total_size_B(&tib), 8192);

   /* Shared word: tag 0x4d, uses shared memory (bit 8), layout 32x32
    * (0x2f at bit 10), one sample (log2 0), stride 1 x 8 bytes (bit 20),
    * 8192 bytes = 32 groups of 256 (bit 24).
    */
   uint32_t w;
   agx_tilebuffer_pack_usc_shared(&tib, &w);
   assert_int_equal(w, 0x4d | 0x100 | (0x2f << 10) | (1 << 20) | (32u << 24));
}

static void
mixed_alignment(void **state)
{
   enum pipe_format f[] = {PIPE_FORMAT_R8G8B8A8_UNORM,
                           PIPE_FORMAT_R32G32B32A32_FLOAT};
   struct agx_tilebuffer_layout tib;
   assert_true(agx_tilebuffer_layout(&tib, f, 2, 1));
   assert_int_equal(tib.offset_B[0], 0);
   /* 16-byte slot aligned to 16 */
   assert_int_equal(tib.offset_B[1], 16);
   assert_int_equal(tib.sample_size_B, 32);
   /* 32 x 1024 = 32768 > 32767: 32x16 */
   assert_int_equal(tib.tile_width_px, 32);
   assert_int_equal(tib.tile_height_px, 16);
}

static void
small_formats_pack(void **state)
{
   enum pipe_format f[] = {PIPE_FORMAT_R8_UNORM, PIPE_FORMAT_R8G8_UNORM,
                           PIPE_FORMAT_NONE, PIPE_FORMAT_R8_UNORM};
   struct agx_tilebuffer_layout tib;
   assert_true(agx_tilebuffer_layout(&tib, f, 4, 1));
   assert_int_equal(tib.offset_B[0], 0);
   assert_int_equal(tib.offset_B[1], 2);
   assert_false(agx_tilebuffer_has_rt(&tib, 2));
   assert_int_equal(tib.offset_B[3], 4);
   assert_int_equal(tib.sample_size_B, 8);
}

static void
msaa_shrinks_tile(void **state)
{
   enum pipe_format f[] = {PIPE_FORMAT_R8G8B8A8_UNORM};
   struct agx_tilebuffer_layout tib;
   assert_true(agx_tilebuffer_layout(&tib, f, 1, 4));
   /* 8 bytes x 4 samples = 32 per pixel -> 32x16 */
   assert_int_equal(tib.tile_width_px, 32);
   assert_int_equal(tib.tile_height_px, 16);
}

static void
fifth_rgba32_spills(void **state)
{
   enum pipe_format f[5];
   for (unsigned i = 0; i < 5; ++i)
      f[i] = PIPE_FORMAT_R32G32B32A32_FLOAT;
   struct agx_tilebuffer_layout tib;
   assert_true(agx_tilebuffer_layout(&tib, f, 5, 1));
   for (unsigned i = 0; i < 4; ++i) {
      assert_false(tib.spilled[i]);
      assert_int_equal(tib.offset_B[i], 16 * i);
   }
   assert_true(tib.spilled[4]);
   assert_int_equal(tib.sample_size_B, 64);
   /* 64 x 512 = 32768 too big for 32x16 */
   assert_int_equal(tib.tile_width_px, 16);
   assert_int_equal(tib.tile_height_px, 16);
}

/* R8-channel formats (channels and type both 0) are real entries. */
static void
format_table(void **state)
{
   const struct agx_format_info *a8 = agx_format_info(PIPE_FORMAT_A8_UNORM);
   assert_non_null(a8);
   assert_int_equal(a8->channels, 0x00); /* r8 */
   assert_int_equal(a8->type, 0);        /* unorm */
   assert_false(a8->renderable);
   const struct agx_format_info *bgra =
      agx_format_info(PIPE_FORMAT_B8G8R8A8_UNORM);
   assert_non_null(bgra);
   assert_int_equal(bgra->channels, 0x28); /* r8g8b8a8 */
   assert_true(bgra->renderable);
   assert_null(agx_format_info(PIPE_FORMAT_NONE));
}

static void
bad_arguments(void **state)
{
   enum pipe_format f[] = {PIPE_FORMAT_R8G8B8A8_UNORM};
   struct agx_tilebuffer_layout tib;
   assert_false(agx_tilebuffer_layout(&tib, f, 1, 3));
   assert_false(agx_tilebuffer_layout(&tib, f, 9, 1));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(rgba8_single),
      cmocka_unit_test(mixed_alignment),
      cmocka_unit_test(small_formats_pack),
      cmocka_unit_test(msaa_shrinks_tile),
      cmocka_unit_test(fifth_rgba32_spills),
      cmocka_unit_test(bad_arguments),
      cmocka_unit_test(format_table),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
