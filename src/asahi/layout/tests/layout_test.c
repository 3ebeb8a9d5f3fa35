/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * One test per layout rule.  Expected values are worked out by hand from
 * the rules in docs/drivers/asahi.rst ("Image layouts"); comments show the
 * arithmetic.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "util/u_math.h"

#include "ail_private.h"

static struct ail_layout
twiddled(enum pipe_format format, uint32_t w, uint32_t h, uint32_t d,
         unsigned levels)
{
   return (struct ail_layout){
      .format = format,
      .width_px = w,
      .height_px = h,
      .depth_px = d,
      .levels = levels,
      .sample_count_sa = 1,
      .tiling = AIL_TILING_TWIDDLED,
   };
}

static void
make(struct ail_layout *layout)
{
   enum ail_error err = ail_make_miptree(layout);
   if (err)
      fail_msg("unexpected error: %s", ail_error_string(err));
}

/* Large levels use one page per tile; the tile shape depends only on the
 * element size (1 B: 128x128 ... 64 B: 16x16). */
static void
test_page_tiles(void **state)
{
   static const struct {
      uint32_t size_B, w, h;
   } expect[] = {
      {1, 128, 128}, {2, 128, 64}, {4, 64, 64},  {8, 64, 32},
      {16, 32, 32},  {32, 32, 16}, {64, 16, 16},
   };

   for (unsigned i = 0; i < ARRAY_SIZE(expect); ++i) {
      struct ail_block block = {1, 1, expect[i].size_B, false, false};
      struct ail_layout layout = twiddled(PIPE_FORMAT_NONE, 1024, 1024, 1, 1);

      assert_int_equal(ail_layout_compute(&layout, &block), AIL_OK);
      assert_int_equal(layout.tilesize_el[0].width_el, expect[i].w);
      assert_int_equal(layout.tilesize_el[0].height_el, expect[i].h);
      assert_int_equal(expect[i].w * expect[i].h * expect[i].size_B,
                       AIL_PAGESIZE_B);
      /* A power-of-two image is exactly its pixels. */
      assert_int_equal(layout.size_B, 1024 * 1024 * expect[i].size_B);
      assert_int_equal(layout.element_size_B, expect[i].size_B);
   }
}

/* A block with no bytes or no extent is rejected, in every tiling, rather
 * than dividing by zero. */
static void
test_empty_block(void **state)
{
   static const struct ail_block empty[] = {
      {1, 1, 0, false, false},
      {0, 1, 4, false, false},
      {1, 0, 4, false, false},
      {0, 0, 16, true, false},
   };

   for (unsigned i = 0; i < ARRAY_SIZE(empty); ++i) {
      for (unsigned t = 0; t < AIL_TILING_COUNT; ++t) {
         struct ail_layout layout = twiddled(PIPE_FORMAT_NONE, 64, 64, 1, 1);
         layout.tiling = t;
         if (t == AIL_TILING_LINEAR)
            layout.linear_stride_B = 256;
         assert_int_equal(ail_layout_compute(&layout, &empty[i]),
                          AIL_ERROR_FORMAT);
      }
   }
}

/* Multisampled elements hold every sample: RGBA8 x4 is 16 bytes. */
static void
test_msaa_element(void **state)
{
   struct ail_layout layout =
      twiddled(PIPE_FORMAT_R8G8B8A8_UNORM, 256, 256, 1, 1);
   layout.sample_count_sa = 4;
   make(&layout);
   assert_int_equal(layout.element_size_B, 16);
   assert_int_equal(layout.tilesize_el[0].width_el, 32);
   assert_int_equal(layout.size_B, 256 * 256 * 16);

   layout.sample_count_sa = 2;
   make(&layout);
   assert_int_equal(layout.element_size_B, 8);
   assert_int_equal(layout.tilesize_el[0].width_el, 64);
   assert_int_equal(layout.tilesize_el[0].height_el, 32);

   /* RGBA32F x4 is 64 bytes, the largest element. */
   layout.format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   layout.sample_count_sa = 4;
   make(&layout);
   assert_int_equal(layout.element_size_B, 64);
   assert_int_equal(layout.tilesize_el[0].width_el, 16);
}

/* Small levels: square power-of-two tiles covering the minor axis, and the
 * level rounded up to powers of two. */
static void
test_small_level(void **state)
{
   /* 20x100 RGBA8: 20 < 64, so small.  Tile npot(20) = 32; allocation
    * 32 x 128 x 4 B = 16384. */
   struct ail_layout layout =
      twiddled(PIPE_FORMAT_R8G8B8A8_UNORM, 20, 100, 1, 1);
   make(&layout);
   assert_int_equal(layout.tilesize_el[0].width_el, 32);
   assert_int_equal(layout.tilesize_el[0].height_el, 32);
   assert_int_equal(layout.size_B, 16384);
   assert_int_equal(layout.stride_el[0], 20);
}

/* Every level takes at least one 128-byte cache line. */
static void
test_cacheline_padding(void **state)
{
   struct ail_layout layout = twiddled(PIPE_FORMAT_R8_UNORM, 1, 1, 1, 1);
   make(&layout);
   assert_int_equal(layout.size_B, 128);

   /* 4x4 R8: 16 B, 4 B, 1 B -> three cache lines. */
   layout = twiddled(PIPE_FORMAT_R8_UNORM, 4, 4, 1, 3);
   make(&layout);
   assert_int_equal(layout.levels_allocated, 3);
   assert_int_equal(ail_get_level_offset_B(&layout, 0), 0);
   assert_int_equal(ail_get_level_offset_B(&layout, 1), 128);
   assert_int_equal(ail_get_level_offset_B(&layout, 2), 256);
   assert_int_equal(ail_get_level_size_B(&layout, 2), 128);
   assert_int_equal(layout.size_B, 384);
}

/* Any level count above one reserves the whole chain. */
static void
test_full_chain(void **state)
{
   struct ail_layout layout =
      twiddled(PIPE_FORMAT_R8G8B8A8_UNORM, 100, 30, 1, 2);
   make(&layout);
   assert_int_equal(layout.levels, 2);           /* input untouched */
   assert_int_equal(layout.levels_allocated, 7); /* log2(100) + 1 */

   layout.levels = 1;
   make(&layout);
   assert_int_equal(layout.levels_allocated, 1);
}

/*
 * The non-power-of-two rule.  320x320 RGBA8 is 5x5 page tiles (64x64).
 * Levels 0-2 are large (320, 160, 80 >= 64); level 3 (40) is small.
 *   level 0: 25 tiles
 *   level 1: 25 >> 2 = 6, +2 (column), +2 (row), +1 (corner) = 11 tiles
 *   level 2: 25 >> 4 = 1, +1, +1, +1 = 4 tiles
 *   level 3: npot(40) = 64 -> 64x64x4 = 16384; then 32, 16, 8, 4, 2
 *            squared x 4 B: 4096, 1024, 256, 64 -> 128, 16 -> 128.
 */
static void
test_npot_padding(void **state)
{
   static const uint64_t expect[] = {
      0,
      25 * 16384,
      25 * 16384 + 11 * 16384,
      25 * 16384 + 11 * 16384 + 4 * 16384,
      655360 + 16384,
      655360 + 16384 + 4096,
      655360 + 16384 + 4096 + 1024,
      655360 + 16384 + 4096 + 1024 + 256,
      655360 + 16384 + 4096 + 1024 + 256 + 128,
      655360 + 16384 + 4096 + 1024 + 256 + 128 + 128,
   };
   struct ail_layout layout =
      twiddled(PIPE_FORMAT_R8G8B8A8_UNORM, 320, 320, 1, 9);
   make(&layout);

   assert_int_equal(layout.levels_allocated, 9);
   for (unsigned l = 0; l <= 9; ++l)
      assert_int_equal(layout.level_offsets_B[l], expect[l]);

   /* One layer, not depth/stencil: not padded to a page. */
   assert_false(layout.page_aligned_layers);
   assert_int_equal(layout.size_B, expect[9]);
   assert_int_equal(layout.tilesize_el[2].width_el, 64);
   assert_int_equal(layout.tilesize_el[3].width_el, 64); /* npot(40) */
   assert_int_equal(layout.tilesize_el[4].width_el, 32); /* npot(20) */
}

/* Page-aligned layers: mipmapped and over a page, with several layers or
 * a depth/stencil format; always when writeable; when renderable and
 * layered. */
static void
test_page_aligned_layers(void **state)
{
   /* 320x320 RGBA8 chain ends at 677376 = 41.3 pages. */
   struct ail_layout layout =
      twiddled(PIPE_FORMAT_R8G8B8A8_UNORM, 320, 320, 2, 9);
   make(&layout);
   assert_true(layout.page_aligned_layers);
   assert_int_equal(layout.layer_stride_B, 42 * 16384);
   assert_int_equal(layout.size_B, 2 * 42 * 16384);
   assert_int_equal(ail_get_layer_level_B(&layout, 1, 1),
                    42 * 16384 + 25 * 16384);

   /* Single level: packed even with several layers. */
   layout = twiddled(PIPE_FORMAT_R8G8B8A8_UNORM, 20, 20, 3, 1);
   make(&layout);
   assert_false(layout.page_aligned_layers);
   assert_int_equal(layout.layer_stride_B, 32 * 32 * 4);

   /* Depth/stencil: a single mipmapped layer over a page is padded. */
   layout = twiddled(PIPE_FORMAT_Z32_FLOAT, 100, 100, 1, 7);
   make(&layout);
   assert_true(layout.page_aligned_layers);
   assert_int_equal(layout.layer_stride_B % 16384, 0);

   /* Mipmapped but under a page: packed. */
   layout = twiddled(PIPE_FORMAT_R8_UNORM, 16, 16, 4, 5);
   make(&layout);
   assert_false(layout.page_aligned_layers);
   assert_int_equal(layout.layer_stride_B, 256 + 4 * 128);

   /* Writeable: always. */
   layout.writeable_image = true;
   make(&layout);
   assert_true(layout.page_aligned_layers);
   assert_int_equal(layout.layer_stride_B, 16384);

   /* Renderable: only with several layers. */
   layout.writeable_image = false;
   layout.renderable = true;
   make(&layout);
   assert_true(layout.page_aligned_layers);
   layout.depth_px = 1;
   make(&layout);
   assert_false(layout.page_aligned_layers);
}

/* Cube maps and arrays are arrays of 2D miptrees; 3D images are too, but
 * the chain also counts the depth, so every layer reserves every level. */
static void
test_layers_and_3d(void **state)
{
   struct ail_layout layout =
      twiddled(PIPE_FORMAT_R8G8B8A8_UNORM, 64, 64, 6, 1);
   layout.cube = true;
   make(&layout);
   assert_int_equal(layout.layer_stride_B, 16384);
   assert_int_equal(layout.size_B, 6 * 16384);

   layout.depth_px = 5;
   assert_int_equal(ail_make_miptree(&layout), AIL_ERROR_CUBE_DEPTH);

   /* 4x4x64 3D: 7 levels (log2(64) + 1) in each of the 64 layers.  Each
    * layer: 64 B, 16 B, then five 1x1 levels of 4 B, a cache line each. */
   layout = twiddled(PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4, 64, 2);
   layout.mipmapped_z = true;
   make(&layout);
   assert_int_equal(layout.levels_allocated, 7);
   assert_int_equal(layout.layer_stride_B, 7 * 128);
   assert_int_equal(layout.size_B, 64 * 7 * 128);

   /* The same as a 2D array has only 3 levels. */
   layout.mipmapped_z = false;
   make(&layout);
   assert_int_equal(layout.levels_allocated, 3);
}

/* Block-compressed formats are laid out in blocks.  ETC2 RGB8 is 4x4
 * pixels in 8 B, so 64x64 is 16x16 blocks: a small level of 2048 B. */
static void
test_block_compressed(void **state)
{
   struct ail_layout layout = twiddled(PIPE_FORMAT_ETC2_RGB8, 64, 64, 1, 7);
   make(&layout);
   assert_int_equal(layout.element_size_B, 8);
   assert_int_equal(layout.tilesize_el[0].width_el, 16);
   assert_int_equal(layout.stride_el[0], 16);
   assert_int_equal(ail_get_level_offset_B(&layout, 1), 2048);
   assert_int_equal(ail_get_level_offset_B(&layout, 2), 2048 + 512);

   /* 10x10 ASTC 4x4 (16 B blocks) is 3x3 blocks: a 4x4 allocation. */
   layout = twiddled(PIPE_FORMAT_ASTC_4x4, 10, 10, 1, 1);
   make(&layout);
   assert_int_equal(layout.stride_el[0], 3);
   assert_int_equal(layout.size_B, 4 * 4 * 16);
}

/* Linear images: stride rules, cache-line layer stride, restrictions. */
static void
test_linear(void **state)
{
   struct ail_layout layout = {
      .format = PIPE_FORMAT_R8_UNORM,
      .width_px = 10,
      .height_px = 3,
      .depth_px = 4,
      .levels = 1,
      .sample_count_sa = 1,
      .tiling = AIL_TILING_LINEAR,
      .linear_stride_B = 16,
   };
   make(&layout);
   assert_int_equal(layout.layer_stride_B, 128); /* 48 rounded up */
   assert_int_equal(layout.size_B, 4 * 128);
   assert_int_equal(ail_get_linear_stride_B(&layout), 16);
   assert_int_equal(ail_get_wsi_stride_B(&layout), 16);

   /* A 2D image needs a stride... */
   layout.linear_stride_B = 0;
   assert_int_equal(ail_make_miptree(&layout), AIL_ERROR_LINEAR_STRIDE);
   /* ...a multiple of 16... */
   layout.linear_stride_B = 24;
   assert_int_equal(ail_make_miptree(&layout), AIL_ERROR_LINEAR_STRIDE);
   /* ...covering the row. */
   layout.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   layout.linear_stride_B = 32;
   assert_int_equal(ail_make_miptree(&layout), AIL_ERROR_LINEAR_STRIDE);
   layout.linear_stride_B = 48;
   make(&layout);

   /* 1D: ail picks the smallest legal stride, 10 x 4 -> 48. */
   layout.height_px = 1;
   layout.linear_stride_B = 0;
   make(&layout);
   assert_int_equal(layout.linear_stride_B, 48);

   struct ail_layout bad = layout;
   bad.mipmapped_z = true;
   assert_int_equal(ail_make_miptree(&bad), AIL_ERROR_LINEAR_3D);
   bad = layout;
   bad.cube = true;
   bad.depth_px = 6;
   assert_int_equal(ail_make_miptree(&bad), AIL_ERROR_LINEAR_CUBE);
   bad = layout;
   bad.height_px = 4;
   bad.linear_stride_B = 48;
   bad.levels = 2;
   assert_int_equal(ail_make_miptree(&bad), AIL_ERROR_LINEAR_MIPMAPPED);
   bad = layout;
   bad.format = PIPE_FORMAT_ETC2_RGB8;
   bad.width_px = 4;
   assert_int_equal(ail_make_miptree(&bad), AIL_ERROR_LINEAR_BLOCK_FORMAT);
   bad = layout;
   bad.sample_count_sa = 4;
   assert_int_equal(ail_make_miptree(&bad), AIL_ERROR_LINEAR_MSAA);

   /* Non-power-of-two pixels are fine in linear images. */
   bad = layout;
   bad.format = PIPE_FORMAT_R8G8B8_UNORM;
   bad.linear_stride_B = 0; /* make() stored the stride it chose */
   make(&bad);
   assert_int_equal(bad.linear_stride_B, 32);
}

/*
 * Compression metadata: 8 B per 16x16-sample tile, power-of-two rounded,
 * each level on a cache line, after all the data.  64x64 RGBA8: data 16 KiB;
 * levels 0-2 (64, 32, 16) have metadata of 4x4, 2x2, 1x1 tiles = 128, 32,
 * 8 B, each padded to 128.
 */
static void
test_compression(void **state)
{
   struct ail_layout layout =
      twiddled(PIPE_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1);
   layout.tiling = AIL_TILING_TWIDDLED_COMPRESSED;
   make(&layout);
   assert_true(ail_is_compressed(&layout));
   assert_int_equal(layout.metadata_offset_B, 16384);
   assert_int_equal(layout.compression_layer_stride_B, 128);
   assert_int_equal(layout.size_B, 16384 + 128);

   layout.levels = 7;
   layout.depth_px = 2;
   make(&layout);
   assert_int_equal(layout.levels_compressed, 3);
   assert_true(ail_is_level_compressed(&layout, 2));
   assert_false(ail_is_level_compressed(&layout, 3));
   assert_false(ail_is_level_twiddled_uncompressed(&layout, 0));
   assert_true(ail_is_level_twiddled_uncompressed(&layout, 3));
   assert_int_equal(layout.level_offsets_compressed_B[1], 128);
   assert_int_equal(layout.level_offsets_compressed_B[2], 256);
   assert_int_equal(layout.compression_layer_stride_B, 384);
   assert_int_equal(layout.metadata_offset_B, 2 * layout.layer_stride_B);
   assert_int_equal(layout.size_B, layout.metadata_offset_B + 2 * 384);
   assert_int_equal(ail_get_metadata_offset_B(&layout, 1, 2),
                    layout.metadata_offset_B + 384 + 256);
   assert_int_equal(ail_metadata_width_tl(&layout, 0), 4);
   assert_int_equal(ail_metadata_height_tl(&layout, 1), 2);

   /* Wide but short: levels compress while the longer side is >= 16.
    * 256x16 has 9 levels; 256, 128, 64, 32, 16 -> 5 with metadata. */
   layout = twiddled(PIPE_FORMAT_R8_UNORM, 256, 16, 1, 9);
   layout.tiling = AIL_TILING_TWIDDLED_COMPRESSED;
   make(&layout);
   assert_int_equal(layout.levels_compressed, 5);

   /* Samples count in the metadata grid: 4x doubles both axes, 2x only
    * the height.  8x8 is too small alone but fine at 4x. */
   layout = twiddled(PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1);
   layout.tiling = AIL_TILING_TWIDDLED_COMPRESSED;
   assert_int_equal(ail_make_miptree(&layout), AIL_ERROR_COMPRESSION_TOO_SMALL);
   layout.sample_count_sa = 2;
   assert_int_equal(ail_make_miptree(&layout), AIL_ERROR_COMPRESSION_TOO_SMALL);
   layout.sample_count_sa = 4;
   make(&layout);
   assert_int_equal(ail_metadata_width_tl(&layout, 0), 1);
   assert_int_equal(layout.compression_layer_stride_B, 128);

   assert_true(ail_can_compress(PIPE_FORMAT_R8G8B8A8_UNORM, 16, 16, 1));
   assert_true(ail_can_compress(PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 4));
   assert_true(ail_can_compress(PIPE_FORMAT_R8G8B8A8_UNORM, 16, 8, 2));
   assert_false(ail_can_compress(PIPE_FORMAT_R8G8B8A8_UNORM, 8, 16, 2));
   assert_false(ail_can_compress(PIPE_FORMAT_R8G8B8A8_UNORM, 15, 64, 1));
   assert_false(ail_can_compress(PIPE_FORMAT_ETC2_RGB8, 64, 64, 1));
   assert_false(ail_can_compress(PIPE_FORMAT_R8G8B8_UNORM, 64, 64, 1));
   assert_false(ail_can_compress(PIPE_FORMAT_NONE, 64, 64, 1));
   assert_false(ail_can_compress(PIPE_FORMAT_R8_UNORM, 64, 64, 3));

   /* Only plain, read-only formats compress. */
   layout = twiddled(PIPE_FORMAT_ETC2_RGB8, 64, 64, 1, 1);
   layout.tiling = AIL_TILING_TWIDDLED_COMPRESSED;
   assert_int_equal(ail_make_miptree(&layout), AIL_ERROR_COMPRESSION_FORMAT);
   layout.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   layout.writeable_image = true;
   assert_int_equal(ail_make_miptree(&layout), AIL_ERROR_COMPRESSION_WRITEABLE);
}

/* Bad requests come back as errors, never crashes. */
static void
test_validation(void **state)
{
   const struct ail_layout good =
      twiddled(PIPE_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1);
   struct ail_layout l;

   assert_int_equal(ail_make_miptree(NULL), AIL_ERROR_NULL);

   l = good, l.width_px = 0;
   assert_int_equal(ail_make_miptree(&l), AIL_ERROR_DIMENSIONS);
   l = good, l.height_px = AIL_MAX_DIMENSION_PX + 1;
   assert_int_equal(ail_make_miptree(&l), AIL_ERROR_DIMENSIONS);
   l = good, l.depth_px = 0;
   assert_int_equal(ail_make_miptree(&l), AIL_ERROR_DIMENSIONS);
   l = good, l.format = PIPE_FORMAT_NONE;
   assert_int_equal(ail_make_miptree(&l), AIL_ERROR_FORMAT);
   l = good, l.format = (enum pipe_format)100000;
   assert_int_equal(ail_make_miptree(&l), AIL_ERROR_FORMAT);
   l = good, l.sample_count_sa = 3;
   assert_int_equal(ail_make_miptree(&l), AIL_ERROR_SAMPLES);
   l = good, l.sample_count_sa = 0;
   assert_int_equal(ail_make_miptree(&l), AIL_ERROR_SAMPLES);
   l = good, l.levels = 0;
   assert_int_equal(ail_make_miptree(&l), AIL_ERROR_LEVELS);
   l = good, l.levels = 8; /* 64 has 7 */
   assert_int_equal(ail_make_miptree(&l), AIL_ERROR_LEVELS);
   l = good, l.tiling = AIL_TILING_COUNT;
   assert_int_equal(ail_make_miptree(&l), AIL_ERROR_TILING);
   l = good, l.linear_stride_B = 256;
   assert_int_equal(ail_make_miptree(&l), AIL_ERROR_STRIDE_NOT_LINEAR);
   l = good, l.format = PIPE_FORMAT_R8G8B8_UNORM;
   assert_int_equal(ail_make_miptree(&l), AIL_ERROR_ELEMENT_SIZE);
   l = good, l.format = PIPE_FORMAT_R32G32B32A32_FLOAT, l.sample_count_sa = 4;
   assert_int_equal(ail_make_miptree(&l), AIL_OK);
   l = good, l.format = PIPE_FORMAT_ETC2_RGB8, l.sample_count_sa = 2;
   assert_int_equal(ail_make_miptree(&l), AIL_ERROR_MSAA_BLOCK_FORMAT);

   /* The largest legal image still works and fits in 64 bits. */
   l = twiddled(PIPE_FORMAT_R32G32B32A32_FLOAT, 16384, 16384, 16, 15);
   assert_int_equal(ail_make_miptree(&l), AIL_OK);
   assert_true(l.size_B > (uint64_t)16384 * 16384 * 16 * 16);

   /* Every error has a message, free of commas so tools can put it in a
    * CSV field. */
   for (unsigned e = 0; e < AIL_ERROR_COUNT; ++e) {
      assert_non_null(ail_error_string((enum ail_error)e));
      assert_null(strchr(ail_error_string((enum ail_error)e), ','));
   }
   assert_string_equal(ail_error_string(AIL_ERROR_COUNT), "unknown error");
}

static void
test_names_and_modifiers(void **state)
{
   for (unsigned t = 0; t < AIL_TILING_COUNT; ++t) {
      enum ail_tiling back;
      assert_true(ail_tiling_from_name(ail_tiling_name(t), &back));
      assert_int_equal(back, t);
      assert_true(ail_drm_modifier_to_tiling(
         ail_tiling_to_drm_modifier((enum ail_tiling)t), &back));
      assert_int_equal(back, t);
   }
   enum ail_tiling t;
   assert_false(ail_tiling_from_name("tiled", &t));
   assert_false(ail_tiling_from_name(NULL, &t));
   assert_null(ail_tiling_name(AIL_TILING_COUNT));
   assert_false(ail_drm_modifier_to_tiling(12345, &t));
   assert_int_equal(ail_tiling_to_drm_modifier(AIL_TILING_TWIDDLED), 2);
   assert_int_equal(ail_tiling_to_drm_modifier(AIL_TILING_TWIDDLED_COMPRESSED),
                    3);
   assert_int_equal(ail_tiling_to_drm_modifier(AIL_TILING_LINEAR), 0);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_page_tiles),
      cmocka_unit_test(test_empty_block),
      cmocka_unit_test(test_msaa_element),
      cmocka_unit_test(test_small_level),
      cmocka_unit_test(test_cacheline_padding),
      cmocka_unit_test(test_full_chain),
      cmocka_unit_test(test_npot_padding),
      cmocka_unit_test(test_page_aligned_layers),
      cmocka_unit_test(test_layers_and_3d),
      cmocka_unit_test(test_block_compressed),
      cmocka_unit_test(test_linear),
      cmocka_unit_test(test_compression),
      cmocka_unit_test(test_validation),
      cmocka_unit_test(test_names_and_modifiers),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
