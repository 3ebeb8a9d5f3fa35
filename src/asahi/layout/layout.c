/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ail_make_miptree(): validate a layout request and compute where every
 * level, layer and metadata block lives.
 *
 * The rules (docs/drivers/asahi.rst, "Image layouts") were learnt from
 * Mesa's src/asahi/layout/layout.c and the Asahi driver notes, and are
 * checked against allocations the vendor driver made on M1
 * (../shared/data/ail).
 */
#include <string.h>

#include "util/u_math.h"

#include "ail_private.h"

const char *
ail_error_string(enum ail_error err)
{
   static const char *const strings[AIL_ERROR_COUNT] = {
      [AIL_OK] = "no error",
      [AIL_ERROR_NULL] = "no layout given",
      [AIL_ERROR_DIMENSIONS] = "width/height/depth must be between 1 and 16384",
      [AIL_ERROR_FORMAT] = "unknown or empty format",
      [AIL_ERROR_DEEP_FORMAT] = "formats with 3D blocks are unsupported",
      [AIL_ERROR_SAMPLES] = "sample count must be 1/2/4",
      [AIL_ERROR_LEVELS] =
         "levels must be between 1 and the length of the full mip chain",
      [AIL_ERROR_TILING] = "unknown tiling",
      [AIL_ERROR_ELEMENT_SIZE] =
         "twiddled images need a power-of-two element size of at most 64 "
         "bytes (block size times samples)",
      [AIL_ERROR_MSAA_BLOCK_FORMAT] =
         "block-compressed formats cannot be multisampled",
      [AIL_ERROR_STRIDE_NOT_LINEAR] = "only linear images take a stride",
      [AIL_ERROR_LINEAR_STRIDE] =
         "linear stride must be a nonzero multiple of 16 bytes covering a "
         "row (zero is allowed only for 1D images)",
      [AIL_ERROR_LINEAR_3D] = "linear images cannot be 3D",
      [AIL_ERROR_LINEAR_CUBE] = "linear images cannot be cube maps",
      [AIL_ERROR_LINEAR_MIPMAPPED] = "linear images cannot be mipmapped",
      [AIL_ERROR_LINEAR_BLOCK_FORMAT] =
         "linear images cannot use block-compressed formats",
      [AIL_ERROR_LINEAR_MSAA] = "linear images cannot be multisampled",
      [AIL_ERROR_COMPRESSION_FORMAT] =
         "lossless compression needs a plain format of at most 16 bytes "
         "per pixel",
      [AIL_ERROR_COMPRESSION_TOO_SMALL] =
         "images under 16 samples wide or high cannot be compressed",
      [AIL_ERROR_COMPRESSION_WRITEABLE] =
         "writeable images cannot be compressed",
      [AIL_ERROR_CUBE_DEPTH] = "cube maps need a multiple of 6 layers",
      [AIL_ERROR_LEVEL] = "level out of range",
      [AIL_ERROR_RECTANGLE] =
         "rectangle outside the level or not on block boundaries",
      [AIL_ERROR_PITCH] = "linear pitch smaller than a row of the rectangle",
      [AIL_ERROR_NOT_TWIDDLED] =
         "level is not twiddled without compression metadata",
   };

   if ((unsigned)err >= AIL_ERROR_COUNT || !strings[err])
      return "unknown error";
   return strings[err];
}

/*
 * The tile used by large levels: whatever fills one 16 KiB page, square or
 * twice as wide as high.  Element sizes are powers of two from 1 to 64.
 * (Mesa src/asahi/layout/layout.c, ail_get_max_tile_size.)
 */
static struct ail_tile
ail_page_tile(uint32_t element_size_B)
{
   unsigned log2_el = util_logbase2(AIL_PAGESIZE_B / element_size_B);
   unsigned log2_h = log2_el / 2;
   unsigned log2_w = log2_el - log2_h;

   return (struct ail_tile){1u << log2_w, 1u << log2_h};
}

/* Mip levels in a full chain for the largest axis. */
static unsigned
ail_full_chain_levels(const struct ail_layout *layout)
{
   uint32_t major_px = MAX2(layout->width_px, layout->height_px);

   if (layout->mipmapped_z)
      major_px = MAX2(major_px, layout->depth_px);

   return util_logbase2(major_px) + 1;
}

static enum ail_error
ail_validate(const struct ail_layout *layout, const struct ail_block *block)
{
   if ((unsigned)layout->tiling >= AIL_TILING_COUNT)
      return AIL_ERROR_TILING;

   /* An empty block would divide by zero below. */
   if (block->width_px == 0 || block->height_px == 0 || block->size_B == 0)
      return AIL_ERROR_FORMAT;

   if (layout->width_px < 1 || layout->width_px > AIL_MAX_DIMENSION_PX ||
       layout->height_px < 1 || layout->height_px > AIL_MAX_DIMENSION_PX ||
       layout->depth_px < 1 || layout->depth_px > AIL_MAX_DIMENSION_PX)
      return AIL_ERROR_DIMENSIONS;

   unsigned samples = layout->sample_count_sa;
   if (samples != 1 && samples != 2 && samples != 4)
      return AIL_ERROR_SAMPLES;

   if (layout->levels < 1 || layout->levels > ail_full_chain_levels(layout))
      return AIL_ERROR_LEVELS;

   if (layout->cube && layout->depth_px % 6)
      return AIL_ERROR_CUBE_DEPTH;

   bool blocky = block->width_px > 1 || block->height_px > 1;
   if (samples > 1 && blocky)
      return AIL_ERROR_MSAA_BLOCK_FORMAT;

   if (layout->tiling == AIL_TILING_LINEAR) {
      /* Seed notes "Image layouts": linear is 1D/2D/2D-array only, one
       * level, plain pixels, one sample. */
      if (layout->mipmapped_z)
         return AIL_ERROR_LINEAR_3D;
      if (layout->cube)
         return AIL_ERROR_LINEAR_CUBE;
      if (layout->levels > 1)
         return AIL_ERROR_LINEAR_MIPMAPPED;
      if (blocky)
         return AIL_ERROR_LINEAR_BLOCK_FORMAT;
      if (samples > 1)
         return AIL_ERROR_LINEAR_MSAA;

      uint64_t row_B = (uint64_t)layout->width_px * block->size_B;
      uint32_t stride_B = layout->linear_stride_B;

      if (stride_B == 0 && layout->height_px > 1)
         return AIL_ERROR_LINEAR_STRIDE;
      if (stride_B != 0 && (stride_B % 16 || stride_B < row_B))
         return AIL_ERROR_LINEAR_STRIDE;

      return AIL_OK;
   }

   if (layout->linear_stride_B)
      return AIL_ERROR_STRIDE_NOT_LINEAR;

   uint32_t element_B = block->size_B * samples;
   if (!util_is_power_of_two_nonzero(element_B) ||
       element_B > AIL_MAX_ELEMENT_B)
      return AIL_ERROR_ELEMENT_SIZE;

   if (layout->tiling == AIL_TILING_TWIDDLED_COMPRESSED) {
      if (block->block_compressed || blocky || block->size_B > 16)
         return AIL_ERROR_COMPRESSION_FORMAT;
      if (layout->writeable_image)
         return AIL_ERROR_COMPRESSION_WRITEABLE;
      if (ail_effective_width_sa(layout->width_px, samples) <
             AIL_METADATA_TILE_SA ||
          ail_effective_height_sa(layout->height_px, samples) <
             AIL_METADATA_TILE_SA)
         return AIL_ERROR_COMPRESSION_TOO_SMALL;
   }

   return AIL_OK;
}

static void
ail_compute_linear(struct ail_layout *layout, const struct ail_block *block)
{
   /* 1D images may leave the stride to us: take the smallest legal one. */
   if (layout->linear_stride_B == 0)
      layout->linear_stride_B = align(layout->width_px * block->size_B, 16);

   layout->levels_allocated = 1;
   layout->element_size_B = block->size_B;
   layout->level_offsets_B[0] = 0;
   layout->stride_el[0] = layout->linear_stride_B / block->size_B;
   layout->tilesize_el[0] = (struct ail_tile){1, 1};

   /* Layers start on cache lines so linear 2D arrays pack tightly.
    * (Mesa src/asahi/layout/layout.c, ail_initialize_linear.) */
   layout->layer_stride_B = align64(
      (uint64_t)layout->linear_stride_B * layout->height_px, AIL_CACHELINE_B);
   layout->level_offsets_B[1] = layout->layer_stride_B;
   layout->page_aligned_layers = false;
   layout->size_B = layout->layer_stride_B * layout->depth_px;
}

/*
 * Large levels: page-sized tiles, counted from level 0's tile grid.  The
 * count for level l is level 0's tile count shifted right by 2l, which
 * rounds down; an extra column (one tile per row) is added when any earlier
 * halving of the column count dropped a remainder, likewise an extra row,
 * and the corner tile when both happened.
 */
static uint64_t
ail_large_level_tiles(uint32_t cols0_tl, uint32_t rows0_tl, unsigned level)
{
   uint64_t tiles = ((uint64_t)cols0_tl * rows0_tl) >> (2 * level);
   bool extra_col = cols0_tl & BITFIELD_MASK(level);
   bool extra_row = rows0_tl & BITFIELD_MASK(level);

   if (extra_col)
      tiles += rows0_tl >> level;
   if (extra_row)
      tiles += cols0_tl >> level;
   if (extra_col && extra_row)
      tiles += 1;

   return tiles;
}

static void
ail_compute_twiddled(struct ail_layout *layout, const struct ail_block *block)
{
   const uint32_t bw_px = block->width_px, bh_px = block->height_px;
   const uint32_t element_B = block->size_B * layout->sample_count_sa;
   const uint32_t w_el = ail_level_el(layout->width_px, bw_px, 0);
   const uint32_t h_el = ail_level_el(layout->height_px, bh_px, 0);
   const unsigned levels = layout->levels_allocated;
   const struct ail_tile page_tile = ail_page_tile(element_B);

   layout->element_size_B = element_B;

   /* Level 0's grid of page tiles. */
   const uint32_t cols0_tl = DIV_ROUND_UP(w_el, page_tile.width_el);
   const uint32_t rows0_tl = DIV_ROUND_UP(h_el, page_tile.height_el);

   /* Levels stay "large" while they fill a page tile in both directions.
    * Sizes are minified from level 0 rounded out to whole blocks. */
   unsigned first_small = 0;
   while (ail_level_el(w_el * bw_px, bw_px, first_small) >=
             page_tile.width_el &&
          ail_level_el(h_el * bh_px, bh_px, first_small) >= page_tile.height_el)
      first_small++;

   uint64_t offset_B = 0;
   unsigned l = 0;

   for (; l < MIN2(first_small, levels); ++l) {
      uint64_t tiles = ail_large_level_tiles(cols0_tl, rows0_tl, l);
      uint64_t tile_B =
         (uint64_t)page_tile.width_el * page_tile.height_el * element_B;

      layout->level_offsets_B[l] = offset_B;
      layout->tilesize_el[l] = page_tile;
      layout->stride_el[l] = ail_level_el(layout->width_px, bw_px, l);

      /* Block-compressed levels whose column count was rounded down get a
       * one-element wider row. */
      if (block->block_compressed && (cols0_tl & BITFIELD_MASK(l)))
         layout->stride_el[l]++;

      offset_B = align64(offset_B + tiles * tile_B, AIL_CACHELINE_B);
   }

   /* Small levels: power-of-two rectangles with square tiles as wide as
    * the minor axis.  Plain formats round each level up to a power of two;
    * block-compressed formats round level 0 up and halve from there.  The
    * rounding happens once, at the first small level, so e.g. 33 wide does
    * not lose its rounding as it is halved. */
   uint32_t pot_w_el, pot_h_el;
   if (block->block_compressed) {
      pot_w_el = ail_minify(util_next_power_of_two(w_el), first_small);
      pot_h_el = ail_minify(util_next_power_of_two(h_el), first_small);
   } else {
      pot_w_el = util_next_power_of_two(ail_minify(w_el, first_small));
      pot_h_el = util_next_power_of_two(ail_minify(h_el, first_small));
   }

   for (; l < levels; ++l) {
      uint32_t tile_el;
      if (block->block_compressed)
         tile_el = MIN2(pot_w_el, pot_h_el);
      else
         tile_el = util_next_power_of_two(ail_minify(MIN2(w_el, h_el), l));

      layout->level_offsets_B[l] = offset_B;
      layout->tilesize_el[l] = (struct ail_tile){tile_el, tile_el};
      layout->stride_el[l] = ail_level_el(layout->width_px, bw_px, l);

      offset_B = align64(offset_B + (uint64_t)pot_w_el * pot_h_el * element_B,
                         AIL_CACHELINE_B);

      pot_w_el = ail_minify(pot_w_el, 1);
      pot_h_el = ail_minify(pot_h_el, 1);
   }

   layout->level_offsets_B[levels] = offset_B;

   /* Layers of mipmapped images bigger than a page start on pages when
    * there are several of them or the format is depth/stencil.  Images the
    * PBE writes need page-aligned layers, and so do layered render targets
    * (the ZLS layer stride is given in pages).
    * (Mesa src/asahi/layout/layout.c, ail_initialize_twiddled.) */
   bool page_aligned = levels > 1 && offset_B > AIL_PAGESIZE_B &&
                       (layout->depth_px > 1 || block->depth_stencil);
   page_aligned |= layout->writeable_image;
   page_aligned |= layout->renderable && layout->depth_px > 1;

   layout->page_aligned_layers = page_aligned;
   layout->layer_stride_B =
      page_aligned ? align64(offset_B, AIL_PAGESIZE_B) : offset_B;
   layout->size_B = layout->layer_stride_B * layout->depth_px;
}

/*
 * Lossless compression keeps 8 bytes of metadata per 16x16-sample tile,
 * after all the data.  Each level's metadata covers the level rounded up to
 * whole tiles and then to powers of two (it is addressed in Morton order),
 * and starts on a cache line.  Levels whose larger side drops under one
 * tile have none.
 */
static void
ail_compute_metadata(struct ail_layout *layout)
{
   uint32_t w_sa =
      align(ail_effective_width_sa(layout->width_px, layout->sample_count_sa),
            AIL_METADATA_TILE_SA);
   uint32_t h_sa =
      align(ail_effective_height_sa(layout->height_px, layout->sample_count_sa),
            AIL_METADATA_TILE_SA);
   uint32_t major_sa = MAX2(w_sa, h_sa);
   uint64_t meta_B = 0;
   unsigned l = 0;

   layout->metadata_offset_B = layout->size_B;

   for (; l < layout->levels_allocated; ++l) {
      if (ail_minify(major_sa, l) < AIL_METADATA_TILE_SA)
         break;

      uint64_t w_tl =
         DIV_ROUND_UP(util_next_power_of_two(w_sa), AIL_METADATA_TILE_SA);
      uint64_t h_tl =
         DIV_ROUND_UP(util_next_power_of_two(h_sa), AIL_METADATA_TILE_SA);

      layout->level_offsets_compressed_B[l] = meta_B;
      meta_B += align64(w_tl * h_tl * AIL_METADATA_TILE_B, AIL_CACHELINE_B);

      w_sa = DIV_ROUND_UP(w_sa, 2);
      h_sa = DIV_ROUND_UP(h_sa, 2);
   }

   layout->levels_compressed = l;
   layout->compression_layer_stride_B = meta_B;
   layout->size_B += meta_B * layout->depth_px;
}

enum ail_error
ail_layout_compute(struct ail_layout *layout, const struct ail_block *block)
{
   if (!layout || !block)
      return AIL_ERROR_NULL;

   enum ail_error err = ail_validate(layout, block);
   if (err)
      return err;

   /* Clear every output so nothing stale survives a second call. */
   layout->levels_allocated = 0;
   layout->element_size_B = 0;
   memset(layout->level_offsets_B, 0, sizeof(layout->level_offsets_B));
   memset(layout->tilesize_el, 0, sizeof(layout->tilesize_el));
   memset(layout->stride_el, 0, sizeof(layout->stride_el));
   layout->layer_stride_B = 0;
   layout->page_aligned_layers = false;
   layout->metadata_offset_B = 0;
   memset(layout->level_offsets_compressed_B, 0,
          sizeof(layout->level_offsets_compressed_B));
   layout->compression_layer_stride_B = 0;
   layout->levels_compressed = 0;
   layout->size_B = 0;

   /* Hardware derives level positions from the full chain, so a mipmapped
    * image always reserves every level. */
   layout->levels_allocated =
      layout->levels > 1 ? ail_full_chain_levels(layout) : 1;

   if (layout->tiling == AIL_TILING_LINEAR) {
      ail_compute_linear(layout, block);
   } else {
      ail_compute_twiddled(layout, block);
      if (layout->tiling == AIL_TILING_TWIDDLED_COMPRESSED)
         ail_compute_metadata(layout);
   }

   layout->size_B = align64(layout->size_B, AIL_CACHELINE_B);
   return AIL_OK;
}

bool
ail_can_compress(enum pipe_format format, uint32_t width_px, uint32_t height_px,
                 unsigned sample_count_sa)
{
   struct ail_layout layout = {
      .format = format,
      .width_px = width_px,
      .height_px = height_px,
      .depth_px = 1,
      .levels = 1,
      .sample_count_sa = sample_count_sa,
      .tiling = AIL_TILING_TWIDDLED_COMPRESSED,
   };
   struct ail_block block;

   if (sample_count_sa > 255 || ail_block_from_format(format, &block) != AIL_OK)
      return false;

   return ail_validate(&layout, &block) == AIL_OK;
}

enum ail_error
ail_make_miptree(struct ail_layout *layout)
{
   if (!layout)
      return AIL_ERROR_NULL;

   struct ail_block block;
   enum ail_error err = ail_block_from_format(layout->format, &block);
   if (err)
      return err;

   return ail_layout_compute(layout, &block);
}
