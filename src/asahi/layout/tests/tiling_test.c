/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ail_tile()/ail_detile(): round trips, and agreement with a deliberately
 * slow Morton-order reference written here from the layout description
 * (tiles in raster order, x and y bits interleaved inside a tile, x first).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "layout.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t
rng(void)
{
   /* xorshift64* */
   rng_state ^= rng_state >> 12;
   rng_state ^= rng_state << 25;
   rng_state ^= rng_state >> 27;
   return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

static uint32_t
rng_range(uint32_t lo, uint32_t hi) /* inclusive */
{
   return lo + rng() % (hi - lo + 1);
}

static unsigned
log2_exact(uint32_t v)
{
   unsigned n = 0;
   while ((1u << n) < v)
      n++;
   assert_int_equal(1u << n, v);
   return n;
}

/* Byte offset of element (x, y) in a level, one bit at a time. */
static uint64_t
reference_offset_B(const struct ail_layout *layout, unsigned level,
                   uint32_t x_el, uint32_t y_el)
{
   uint32_t tw = layout->tilesize_el[level].width_el;
   uint32_t th = layout->tilesize_el[level].height_el;
   unsigned lw = log2_exact(tw), lh = log2_exact(th);
   uint32_t tiles_per_row = (layout->stride_el[level] + tw - 1) / tw;
   uint64_t tile = (uint64_t)(y_el / th) * tiles_per_row + (x_el / tw);

   uint32_t xi = x_el % tw, yi = y_el % th;
   uint64_t inner = 0;
   unsigned pos = 0;
   for (unsigned bit = 0; bit < (lw > lh ? lw : lh); ++bit) {
      if (bit < lw)
         inner |= (uint64_t)((xi >> bit) & 1) << pos++;
      if (bit < lh)
         inner |= (uint64_t)((yi >> bit) & 1) << pos++;
   }

   return (tile * tw * th + inner) * layout->element_size_B;
}

struct format_case {
   enum pipe_format format;
   unsigned samples;
   uint32_t block_px; /* square blocks here */
};

static const struct format_case cases[] = {
   {PIPE_FORMAT_R8_UNORM, 1, 1},
   {PIPE_FORMAT_R8G8_UNORM, 1, 1},
   {PIPE_FORMAT_R8G8B8A8_UNORM, 1, 1},
   {PIPE_FORMAT_R16G16B16A16_UNORM, 1, 1},
   {PIPE_FORMAT_R32G32B32A32_FLOAT, 1, 1},
   {PIPE_FORMAT_R16G16B16A16_UNORM, 4, 1}, /* 32 B elements */
   {PIPE_FORMAT_R32G32B32A32_FLOAT, 4, 1}, /* 64 B elements */
   {PIPE_FORMAT_ETC2_RGB8, 1, 4},
   {PIPE_FORMAT_ASTC_4x4, 1, 4},
};

static void
make_layout(struct ail_layout *layout, const struct format_case *fc, uint32_t w,
            uint32_t h, unsigned levels)
{
   *layout = (struct ail_layout){
      .format = fc->format,
      .width_px = w,
      .height_px = h,
      .depth_px = 1,
      .levels = levels,
      .sample_count_sa = fc->samples,
      .tiling = AIL_TILING_TWIDDLED,
   };
   assert_int_equal(ail_make_miptree(layout), AIL_OK);
}

/* A random block-aligned sub-rectangle of a level, in pixels. */
static void
random_rect(uint32_t level_w, uint32_t level_h, uint32_t block, uint32_t *x,
            uint32_t *y, uint32_t *w, uint32_t *h)
{
   uint32_t w_bl = (level_w + block - 1) / block;
   uint32_t h_bl = (level_h + block - 1) / block;
   uint32_t x_bl = rng_range(0, w_bl - 1), y_bl = rng_range(0, h_bl - 1);
   uint32_t ww_bl = rng_range(1, w_bl - x_bl);
   uint32_t hh_bl = rng_range(1, h_bl - y_bl);

   *x = x_bl * block;
   *y = y_bl * block;
   *w = ww_bl * block;
   *h = hh_bl * block;
   if (*x + *w > level_w)
      *w = level_w - *x;
   if (*y + *h > level_h)
      *h = level_h - *y;
}

static void
check_one(const struct format_case *fc, uint32_t w, uint32_t h, unsigned levels,
          unsigned level, bool full)
{
   struct ail_layout layout;
   make_layout(&layout, fc, w, h, levels);

   const uint32_t el_B = layout.element_size_B;
   const uint32_t lw = ail_minify(w, level), lh = ail_minify(h, level);
   const uint64_t level_B = ail_get_level_size_B(&layout, level);
   uint32_t rx = 0, ry = 0, rw = lw, rh = lh;
   if (!full)
      random_rect(lw, lh, fc->block_px, &rx, &ry, &rw, &rh);

   const uint32_t rw_el = (rw + fc->block_px - 1) / fc->block_px;
   const uint32_t rh_el = (rh + fc->block_px - 1) / fc->block_px;
   const uint32_t pitch_B = rw_el * el_B + (rng() % 3) * 16;
   const size_t linear_B = (size_t)pitch_B * rh_el;

   uint8_t *linear = malloc(linear_B);
   uint8_t *back = calloc(1, linear_B);
   uint8_t *tiled = calloc(1, level_B);
   uint8_t *expect = calloc(1, level_B);
   assert_non_null(linear);
   assert_non_null(back);
   assert_non_null(tiled);
   assert_non_null(expect);

   for (size_t i = 0; i < linear_B; ++i)
      linear[i] = (uint8_t)rng();

   /* Where the reference says each element goes. */
   const uint32_t x0_el = rx / fc->block_px, y0_el = ry / fc->block_px;
   for (uint32_t y = 0; y < rh_el; ++y) {
      for (uint32_t x = 0; x < rw_el; ++x) {
         uint64_t off =
            reference_offset_B(&layout, level, x0_el + x, y0_el + y);
         assert_true(off + el_B <= level_B);
         memcpy(expect + off, linear + (size_t)y * pitch_B + x * el_B, el_B);
      }
   }

   assert_int_equal(
      ail_tile(tiled, linear, &layout, level, pitch_B, rx, ry, rw, rh), AIL_OK);
   if (memcmp(tiled, expect, level_B) != 0)
      fail_msg("%s x%u %ux%u level %u rect %u,%u %ux%u: tiled bytes differ "
               "from the reference",
               util_format_name(fc->format), fc->samples, w, h, level, rx, ry,
               rw, rh);

   assert_int_equal(
      ail_detile(tiled, back, &layout, level, pitch_B, rx, ry, rw, rh), AIL_OK);
   for (uint32_t y = 0; y < rh_el; ++y) {
      if (memcmp(back + (size_t)y * pitch_B, linear + (size_t)y * pitch_B,
                 (size_t)rw_el * el_B) != 0)
         fail_msg("%s %ux%u level %u: round trip differs in row %u",
                  util_format_name(fc->format), w, h, level, y);
   }

   free(linear);
   free(back);
   free(tiled);
   free(expect);
}

/* Random images, levels and rectangles at every element size. */
static void
test_random_rects(void **state)
{
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); ++c) {
      for (unsigned iter = 0; iter < 40; ++iter) {
         uint32_t w = rng_range(1, iter < 20 ? 70 : 300);
         uint32_t h = rng_range(1, iter < 20 ? 70 : 300);
         unsigned full = 1;
         while ((2u << (full - 1)) <= (w > h ? w : h))
            full++;
         unsigned levels = (iter % 2) ? full : 1;
         unsigned level = rng_range(0, levels - 1);
         check_one(&cases[c], w, h, levels, level, false);
      }
   }
}

/* Whole levels, including non-square tiles and the NPOT padding quirk. */
static void
test_whole_levels(void **state)
{
   static const uint32_t sizes[][2] = {
      {1, 1}, {2, 3}, {64, 64}, {128, 64}, {65, 129}, {320, 320}, {257, 31},
   };
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); ++c) {
      for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); ++s) {
         uint32_t w = sizes[s][0], h = sizes[s][1];
         unsigned full = 1;
         while ((2u << (full - 1)) <= (w > h ? w : h))
            full++;
         for (unsigned level = 0; level < full; level += 2)
            check_one(&cases[c], w, h, full, level, true);
      }
   }
}

/* A pixel at (x, y) moved through tile() lands exactly at the reference
 * address, checked one pixel at a time on a 2:1 tile. */
static void
test_single_pixels(void **state)
{
   struct ail_layout layout;
   const struct format_case fc = {PIPE_FORMAT_R8G8_UNORM, 1, 1}; /* 128x64 */
   make_layout(&layout, &fc, 300, 200, 1);
   assert_int_equal(layout.tilesize_el[0].width_el, 128);
   assert_int_equal(layout.tilesize_el[0].height_el, 64);

   uint8_t *tiled = calloc(1, layout.size_B);
   assert_non_null(tiled);
   for (unsigned i = 0; i < 200; ++i) {
      uint32_t x = rng_range(0, 299), y = rng_range(0, 199);
      uint16_t v = (uint16_t)(rng() | 1);
      assert_int_equal(ail_tile(tiled, &v, &layout, 0, 2, x, y, 1, 1), AIL_OK);
      uint64_t off = reference_offset_B(&layout, 0, x, y);
      uint16_t got;
      memcpy(&got, tiled + off, 2);
      assert_int_equal(got, v);
      memset(tiled + off, 0, 2);
   }
   /* Nothing else was written. */
   for (uint64_t i = 0; i < layout.size_B; ++i)
      assert_int_equal(tiled[i], 0);
   free(tiled);
}

/* The per-element address agrees with the reference everywhere. */
static void
test_element_offsets(void **state)
{
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); ++c) {
      for (unsigned iter = 0; iter < 20; ++iter) {
         struct ail_layout layout;
         uint32_t w = rng_range(1, 400), h = rng_range(1, 400);
         make_layout(&layout, &cases[c], w, h, 2);
         unsigned level = rng_range(0, layout.levels_allocated - 1);
         uint32_t lw = ail_minify(w, level), lh = ail_minify(h, level);

         for (unsigned i = 0; i < 50; ++i) {
            uint32_t x = rng_range(0, lw - 1), y = rng_range(0, lh - 1);
            uint64_t off;
            assert_true(ail_get_element_offset_B(&layout, level, x, y, &off));
            assert_int_equal(off, reference_offset_B(&layout, level,
                                                     x / cases[c].block_px,
                                                     y / cases[c].block_px));
            assert_true(off + layout.element_size_B <=
                        ail_get_level_size_B(&layout, level));
         }

         uint64_t off;
         assert_false(ail_get_element_offset_B(&layout, level, lw, 0, &off));
         assert_false(ail_get_element_offset_B(&layout, level, 0, lh, &off));
         assert_false(ail_get_element_offset_B(&layout, layout.levels_allocated,
                                               0, 0, &off));
      }
   }

   /* Linear: rows at the stride. */
   struct ail_layout lin = {
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width_px = 10,
      .height_px = 5,
      .depth_px = 1,
      .levels = 1,
      .sample_count_sa = 1,
      .tiling = AIL_TILING_LINEAR,
      .linear_stride_B = 64,
   };
   assert_int_equal(ail_make_miptree(&lin), AIL_OK);
   uint64_t off;
   assert_true(ail_get_element_offset_B(&lin, 0, 3, 2, &off));
   assert_int_equal(off, 2 * 64 + 3 * 4);
   assert_false(ail_get_element_offset_B(NULL, 0, 0, 0, &off));
}

/* A level's addressing, worked out once, gives the reference offset of
 * every pixel (since wave 17); levels ail cannot address are refused. */
static void
test_level_addr(void **state)
{
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); ++c) {
      for (unsigned iter = 0; iter < 10; ++iter) {
         struct ail_layout layout;
         uint32_t w = rng_range(1, 400), h = rng_range(1, 400);
         make_layout(&layout, &cases[c], w, h, 2);
         for (unsigned level = 0; level < layout.levels_allocated; ++level) {
            struct ail_level_addr a;
            assert_true(ail_level_addr_init(&layout, level, &a));
            assert_int_equal(a.width_px, ail_minify(w, level));
            assert_int_equal(a.height_px, ail_minify(h, level));
            for (unsigned i = 0; i < 20; ++i) {
               uint32_t x = rng_range(0, a.width_px - 1);
               uint32_t y = rng_range(0, a.height_px - 1);
               assert_int_equal(ail_level_addr_offset_B(&a, x, y),
                                reference_offset_B(&layout, level,
                                                   x / cases[c].block_px,
                                                   y / cases[c].block_px));
            }
         }
         struct ail_level_addr a;
         assert_false(
            ail_level_addr_init(&layout, layout.levels_allocated, &a));
      }
   }

   /* Linear: rows at the stride, whatever the height. */
   struct ail_layout lin = {
      .format = PIPE_FORMAT_R16_UINT,
      .width_px = 7,
      .height_px = 3,
      .depth_px = 1,
      .levels = 1,
      .sample_count_sa = 1,
      .tiling = AIL_TILING_LINEAR,
      .linear_stride_B = 32,
   };
   assert_int_equal(ail_make_miptree(&lin), AIL_OK);
   struct ail_level_addr a;
   assert_true(ail_level_addr_init(&lin, 0, &a));
   assert_int_equal(ail_level_addr_offset_B(&a, 6, 2), 2 * 32 + 6 * 2);
   assert_false(ail_level_addr_init(NULL, 0, &a));
   assert_false(ail_level_addr_init(&lin, 0, NULL));
}

static void
test_errors(void **state)
{
   struct ail_layout layout;
   const struct format_case rgba = {PIPE_FORMAT_R8G8B8A8_UNORM, 1, 1};
   make_layout(&layout, &rgba, 64, 64, 7);
   uint8_t buf[64 * 64 * 4] = {0};
   uint8_t tiled[64 * 64 * 4] = {0};

   assert_int_equal(ail_tile(tiled, buf, NULL, 0, 256, 0, 0, 1, 1),
                    AIL_ERROR_NULL);
   assert_int_equal(ail_tile(tiled, buf, &layout, 7, 256, 0, 0, 1, 1),
                    AIL_ERROR_LEVEL);
   assert_int_equal(ail_tile(tiled, buf, &layout, 0, 256, 60, 0, 5, 1),
                    AIL_ERROR_RECTANGLE);
   assert_int_equal(ail_tile(tiled, buf, &layout, 1, 256, 0, 0, 33, 1),
                    AIL_ERROR_RECTANGLE);
   assert_int_equal(ail_tile(tiled, buf, &layout, 0, 256, 0, 4294967295u, 1, 2),
                    AIL_ERROR_RECTANGLE);
   assert_int_equal(ail_detile(tiled, buf, &layout, 0, 16, 0, 0, 8, 2),
                    AIL_ERROR_PITCH);
   assert_int_equal(ail_tile(NULL, buf, &layout, 0, 256, 0, 0, 8, 2),
                    AIL_ERROR_NULL);
   /* An empty rectangle is a no-op. */
   assert_int_equal(ail_tile(NULL, NULL, &layout, 0, 0, 3, 3, 0, 0), AIL_OK);

   /* Compressed levels are off limits; their small levels are not. */
   layout.tiling = AIL_TILING_TWIDDLED_COMPRESSED;
   assert_int_equal(ail_make_miptree(&layout), AIL_OK);
   assert_int_equal(ail_tile(tiled, buf, &layout, 0, 256, 0, 0, 1, 1),
                    AIL_ERROR_NOT_TWIDDLED);
   assert_int_equal(ail_tile(tiled, buf, &layout, 4, 256, 0, 0, 4, 4), AIL_OK);

   /* Linear images have nothing to twiddle. */
   layout = (struct ail_layout){
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width_px = 16,
      .height_px = 16,
      .depth_px = 1,
      .levels = 1,
      .sample_count_sa = 1,
      .tiling = AIL_TILING_LINEAR,
      .linear_stride_B = 64,
   };
   assert_int_equal(ail_make_miptree(&layout), AIL_OK);
   assert_int_equal(ail_detile(tiled, buf, &layout, 0, 64, 0, 0, 1, 1),
                    AIL_ERROR_NOT_TWIDDLED);

   /* Block formats need block-aligned rectangles (or the level edge). */
   const struct format_case etc = {PIPE_FORMAT_ETC2_RGB8, 1, 4};
   make_layout(&layout, &etc, 30, 30, 1);
   assert_int_equal(ail_tile(tiled, buf, &layout, 0, 64, 2, 0, 4, 4),
                    AIL_ERROR_RECTANGLE);
   assert_int_equal(ail_tile(tiled, buf, &layout, 0, 64, 0, 0, 6, 4),
                    AIL_ERROR_RECTANGLE);
   assert_int_equal(ail_tile(tiled, buf, &layout, 0, 64, 28, 28, 2, 2), AIL_OK);

   /* A layout that was never computed has no levels. */
   struct ail_layout empty = {0};
   assert_int_equal(ail_tile(tiled, buf, &empty, 0, 64, 0, 0, 1, 1),
                    AIL_ERROR_LEVEL);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_single_pixels),
      cmocka_unit_test(test_whole_levels),
      cmocka_unit_test(test_random_rects),
      cmocka_unit_test(test_element_offsets),
      cmocka_unit_test(test_level_addr),
      cmocka_unit_test(test_errors),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
