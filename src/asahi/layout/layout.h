/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ail: how AGX lays images out in memory.
 *
 * A caller fills in the input half of struct ail_layout (dimensions, format,
 * tiling, hints), calls ail_make_miptree(), and reads back every offset,
 * stride and size the hardware will use.  The rules are described in
 * docs/drivers/asahi.rst ("Image layouts"); the facts behind them come from
 * Mesa's src/asahi/layout and from vendor-driver allocations observed on M1.
 *
 * Units are part of every name: _B bytes, _px pixels, _sa samples, _el
 * elements (a pixel, or a compression block of a block-compressed format,
 * with all of its samples), _tl tiles.
 */
#ifndef AIL_LAYOUT_H
#define AIL_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "util/format/u_format.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The GPU's cache line and page sizes. */
#define AIL_CACHELINE_B 0x80
#define AIL_PAGESIZE_B 0x4000

/* 16384 pixels (the largest AGX texture) has 15 levels; keep one spare. */
#define AIL_MAX_MIP_LEVELS 16
#define AIL_MAX_DIMENSION_PX 16384

/* The largest element twiddled layouts handle: 16 bytes x 4 samples. */
#define AIL_MAX_ELEMENT_B 64

/* Compression metadata: one 8-byte word per 16x16-sample tile. */
#define AIL_METADATA_TILE_SA 16
#define AIL_METADATA_TILE_B 8

/* DRM format modifiers.  Linear is DRM's generic one; the Apple ones are
 * the vendor values used by Mesa and the Asahi kernel (fourcc vendor 0x0b
 * is not upstream yet, so these are the bare values Mesa uses too).
 */
#define AIL_DRM_FORMAT_MOD_LINEAR UINT64_C(0)
#define AIL_DRM_FORMAT_MOD_APPLE_TWIDDLED UINT64_C(2)
#define AIL_DRM_FORMAT_MOD_APPLE_TWIDDLED_COMPRESSED UINT64_C(3)

enum ail_tiling {
   /* Raster order with a caller-visible row stride. */
   AIL_TILING_LINEAR = 0,
   /* Power-of-two tiles in raster order, Morton order inside each tile. */
   AIL_TILING_TWIDDLED,
   /* Twiddled, plus lossless-compression metadata after the data. */
   AIL_TILING_TWIDDLED_COMPRESSED,
   AIL_TILING_COUNT,
};

/* Why ail rejected a request.  AIL_OK is zero. */
enum ail_error {
   AIL_OK = 0,
   AIL_ERROR_NULL,
   AIL_ERROR_DIMENSIONS,
   AIL_ERROR_FORMAT,
   AIL_ERROR_DEEP_FORMAT,
   AIL_ERROR_SAMPLES,
   AIL_ERROR_LEVELS,
   AIL_ERROR_TILING,
   AIL_ERROR_ELEMENT_SIZE,
   AIL_ERROR_MSAA_BLOCK_FORMAT,
   AIL_ERROR_STRIDE_NOT_LINEAR,
   AIL_ERROR_LINEAR_STRIDE,
   AIL_ERROR_LINEAR_3D,
   AIL_ERROR_LINEAR_CUBE,
   AIL_ERROR_LINEAR_MIPMAPPED,
   AIL_ERROR_LINEAR_BLOCK_FORMAT,
   AIL_ERROR_LINEAR_MSAA,
   AIL_ERROR_COMPRESSION_FORMAT,
   AIL_ERROR_COMPRESSION_TOO_SMALL,
   AIL_ERROR_COMPRESSION_WRITEABLE,
   AIL_ERROR_CUBE_DEPTH,
   AIL_ERROR_LEVEL,
   AIL_ERROR_RECTANGLE,
   AIL_ERROR_PITCH,
   AIL_ERROR_NOT_TWIDDLED,
   AIL_ERROR_COUNT,
};

/* A short English sentence fragment, e.g. "linear stride must be ...". */
const char *ail_error_string(enum ail_error err);

/* Tile dimensions in elements; both are powers of two. */
struct ail_tile {
   uint32_t width_el, height_el;
};

struct ail_layout {
   /* ---- inputs ------------------------------------------------------- */

   /* Level-0 size.  depth_px is the layer count of arrays and cubes (6 per
    * cube) or the depth of a 3D image. */
   uint32_t width_px, height_px, depth_px;

   /* 1, 2 or 4. */
   uint8_t sample_count_sa;

   /* Levels the API asks for.  Anything above 1 allocates the full chain
    * (see levels_allocated), because hardware strides assume it. */
   uint8_t levels;

   /* A 3D image: the chain also shrinks along Z, so depth counts towards
    * the number of levels. */
   bool mipmapped_z;

   /* A cube map or cube array (only used to validate the request). */
   bool cube;

   enum ail_tiling tiling;
   enum pipe_format format;

   /* LINEAR only: bytes between rows, a nonzero multiple of 16.  Zero
    * lets ail choose, which is allowed for 1D images (height 1); the
    * chosen stride is written back here. */
   uint32_t linear_stride_B;

   /* The image will be written as a storage image or through the PBE. */
   bool writeable_image;

   /* The image will be a render target (colour or depth/stencil). */
   bool renderable;

   /* ---- outputs ------------------------------------------------------ */

   /* Levels laid out in every layer (>= levels). */
   uint8_t levels_allocated;

   /* Bytes per element (block size times sample count). */
   uint32_t element_size_B;

   /* Start of each level within a layer; entry [levels_allocated] is the
    * end of the last level. */
   uint64_t level_offsets_B[AIL_MAX_MIP_LEVELS + 1];

   /* Twiddled: the tile used by each level, and its row length in
    * elements (the width, one more for some block-compressed levels). */
   struct ail_tile tilesize_el[AIL_MAX_MIP_LEVELS];
   uint32_t stride_el[AIL_MAX_MIP_LEVELS];

   /* Distance between layers, and whether it is a whole number of pages
    * (the hardware derives the layer stride itself from this flag). */
   uint64_t layer_stride_B;
   bool page_aligned_layers;

   /* Compressed only: where the metadata starts, each level's metadata
    * offset within a layer's metadata, the metadata layer stride, and how
    * many levels (from 0) carry metadata. */
   uint64_t metadata_offset_B;
   uint64_t level_offsets_compressed_B[AIL_MAX_MIP_LEVELS];
   uint64_t compression_layer_stride_B;
   uint8_t levels_compressed;

   /* Total bytes, data and metadata, rounded to a cache line. */
   uint64_t size_B;
};

/*
 * Validate the inputs and compute the outputs.  On error the outputs are
 * unspecified and the inputs untouched.
 */
enum ail_error ail_make_miptree(struct ail_layout *layout);

static inline uint32_t
ail_minify(uint32_t size_px, unsigned level)
{
   uint32_t v = level >= 32 ? 0 : size_px >> level;
   return v ? v : 1;
}

/* Samples take space as a 1x1, 1x2 or 2x2 grid per pixel. */
static inline uint32_t
ail_effective_width_sa(uint32_t width_px, unsigned sample_count_sa)
{
   return width_px * (sample_count_sa == 4 ? 2 : 1);
}

static inline uint32_t
ail_effective_height_sa(uint32_t height_px, unsigned sample_count_sa)
{
   return height_px * (sample_count_sa >= 2 ? 2 : 1);
}

static inline bool
ail_is_compressed(const struct ail_layout *layout)
{
   return layout->tiling == AIL_TILING_TWIDDLED_COMPRESSED;
}

/* Small levels of a compressed image carry no metadata. */
static inline bool
ail_is_level_compressed(const struct ail_layout *layout, unsigned level)
{
   return ail_is_compressed(layout) && level < layout->levels_compressed;
}

/* Can ail_tile()/ail_detile() address this level directly? */
static inline bool
ail_is_level_twiddled_uncompressed(const struct ail_layout *layout,
                                   unsigned level)
{
   return layout->tiling != AIL_TILING_LINEAR &&
          !ail_is_level_compressed(layout, level);
}

/*
 * Whether an image of this format, size and sample count may use
 * AIL_TILING_TWIDDLED_COMPRESSED (it must also not be writeable).
 */
bool ail_can_compress(enum pipe_format format, uint32_t width_px,
                      uint32_t height_px, unsigned sample_count_sa);

static inline uint64_t
ail_get_layer_offset_B(const struct ail_layout *layout, unsigned layer)
{
   return (uint64_t)layer * layout->layer_stride_B;
}

static inline uint64_t
ail_get_level_offset_B(const struct ail_layout *layout, unsigned level)
{
   return layout->level_offsets_B[level];
}

static inline uint64_t
ail_get_layer_level_B(const struct ail_layout *layout, unsigned layer,
                      unsigned level)
{
   return ail_get_layer_offset_B(layout, layer) +
          ail_get_level_offset_B(layout, level);
}

/* Bytes a level occupies in one layer, padding included. */
static inline uint64_t
ail_get_level_size_B(const struct ail_layout *layout, unsigned level)
{
   return layout->level_offsets_B[level + 1] - layout->level_offsets_B[level];
}

/* Row stride of a linear image. */
static inline uint32_t
ail_get_linear_stride_B(const struct ail_layout *layout)
{
   return layout->linear_stride_B;
}

/* The stride window systems expect: the real one for linear images, the
 * tightly packed row size for twiddled ones (which have no row stride). */
static inline uint32_t
ail_get_wsi_stride_B(const struct ail_layout *layout)
{
   if (layout->tiling == AIL_TILING_LINEAR)
      return layout->linear_stride_B;

   uint32_t bw = util_format_get_blockwidth(layout->format);
   uint32_t w_el = bw ? (layout->width_px + bw - 1) / bw : 0;
   return w_el * util_format_get_blocksize(layout->format);
}

/* Metadata dimensions of a level, in 16x16-sample tiles. */
static inline uint32_t
ail_metadata_width_tl(const struct ail_layout *layout, unsigned level)
{
   uint32_t w_sa = ail_effective_width_sa(ail_minify(layout->width_px, level),
                                          layout->sample_count_sa);
   return (w_sa + AIL_METADATA_TILE_SA - 1) / AIL_METADATA_TILE_SA;
}

static inline uint32_t
ail_metadata_height_tl(const struct ail_layout *layout, unsigned level)
{
   uint32_t h_sa = ail_effective_height_sa(ail_minify(layout->height_px, level),
                                           layout->sample_count_sa);
   return (h_sa + AIL_METADATA_TILE_SA - 1) / AIL_METADATA_TILE_SA;
}

/* Metadata of (layer, level), from the start of the image. */
static inline uint64_t
ail_get_metadata_offset_B(const struct ail_layout *layout, unsigned layer,
                          unsigned level)
{
   return layout->metadata_offset_B +
          (uint64_t)layer * layout->compression_layer_stride_B +
          layout->level_offsets_compressed_B[level];
}

static inline uint64_t
ail_tiling_to_drm_modifier(enum ail_tiling tiling)
{
   switch (tiling) {
   case AIL_TILING_TWIDDLED:
      return AIL_DRM_FORMAT_MOD_APPLE_TWIDDLED;
   case AIL_TILING_TWIDDLED_COMPRESSED:
      return AIL_DRM_FORMAT_MOD_APPLE_TWIDDLED_COMPRESSED;
   default:
      return AIL_DRM_FORMAT_MOD_LINEAR;
   }
}

/* false for modifiers AGX does not use. */
static inline bool
ail_drm_modifier_to_tiling(uint64_t modifier, enum ail_tiling *tiling)
{
   if (modifier == AIL_DRM_FORMAT_MOD_LINEAR)
      *tiling = AIL_TILING_LINEAR;
   else if (modifier == AIL_DRM_FORMAT_MOD_APPLE_TWIDDLED)
      *tiling = AIL_TILING_TWIDDLED;
   else if (modifier == AIL_DRM_FORMAT_MOD_APPLE_TWIDDLED_COMPRESSED)
      *tiling = AIL_TILING_TWIDDLED_COMPRESSED;
   else
      return false;
   return true;
}

/* "linear", "twiddled", "compressed"; NULL for other values. */
const char *ail_tiling_name(enum ail_tiling tiling);

/* Accepts the names above; false if unknown. */
bool ail_tiling_from_name(const char *name, enum ail_tiling *tiling);

/*
 * Where the element holding pixel (x, y) of a level lives, in bytes from
 * the level's start (twiddled) or the layer's start (linear), for texture
 * fetches and stores done one element at a time.  false if the level or
 * pixel is outside the image.  Elements of compressed levels are addressed
 * as if uncompressed.
 */
bool ail_get_element_offset_B(const struct ail_layout *layout, unsigned level,
                              uint32_t x_px, uint32_t y_px, uint64_t *offset_B);

/* Spread the low 16 bits of v so that bit i lands on bit 2i (the Morton
 * order inside a tile, see tiling.c). */
static inline uint32_t
ail_spread_bits(uint32_t v)
{
   v &= 0xffff;
   v = (v | (v << 8)) & 0x00ff00ff;
   v = (v | (v << 4)) & 0x0f0f0f0f;
   v = (v | (v << 2)) & 0x33333333;
   v = (v | (v << 1)) & 0x55555555;
   return v;
}

/*
 * The addressing of one level, worked out once (ail_level_addr_init) for
 * callers that address many of its elements one at a time (the
 * simulator's texture unit): ail_level_addr_offset_B gives what
 * ail_get_element_offset_B gives, without looking the format up or
 * checking the level again for each element.  Since wave 17.
 */
struct ail_level_addr {
   uint32_t width_px, height_px; /* the level's size in pixels */
   uint32_t block_w_px, block_h_px;
   uint32_t el_B;
   bool linear;
   uint8_t tile_w_log2, tile_h_log2; /* twiddled: tile size, elements */
   /* Bytes from one row of elements (linear) or of tiles (twiddled) to
    * the next. */
   uint64_t row_B;
};

/* false (and *a untouched) when the level cannot be addressed: as
 * ail_get_element_offset_B fails for every pixel of it. */
bool ail_level_addr_init(const struct ail_layout *layout, unsigned level,
                         struct ail_level_addr *a);

/* The offset of the element holding pixel (x, y), which must lie inside
 * the level (x < width_px, y < height_px): ail_get_element_offset_B's. */
static inline uint64_t
ail_level_addr_offset_B(const struct ail_level_addr *a, uint32_t x_px,
                        uint32_t y_px)
{
   /* Most formats have 1x1 blocks: no division for them. */
   const uint32_t x_el = a->block_w_px == 1 ? x_px : x_px / a->block_w_px;
   const uint32_t y_el = a->block_h_px == 1 ? y_px : y_px / a->block_h_px;
   if (a->linear)
      return (uint64_t)y_el * a->row_B + (uint64_t)x_el * a->el_B;

   /* (tile index << tile bits) + Morton index, in elements, times the
    * element size, split into the row of tiles, the tile in it and the
    * element in the tile. */
   const unsigned w_log2 = a->tile_w_log2, h_log2 = a->tile_h_log2;
   const uint32_t inner =
      ail_spread_bits(x_el & ((1u << w_log2) - 1)) |
      (ail_spread_bits(y_el & ((1u << h_log2) - 1)) << 1);
   return (uint64_t)(y_el >> h_log2) * a->row_B +
          ((((uint64_t)(x_el >> w_log2)) << (w_log2 + h_log2)) + inner) *
             a->el_B;
}

/*
 * Copy a rectangle between a linear buffer and one level of one layer of a
 * twiddled image.  `tiled` points at the level's first byte
 * (ail_get_layer_level_B() from the start of the image); `linear` at the
 * rectangle's first element, rows linear_pitch_B apart.  The rectangle is in
 * pixels; for block-compressed formats it must start on a block boundary
 * and end on one or at the level's edge.  Multisampled elements carry all
 * of their samples.  Levels with compression metadata are rejected.
 */
enum ail_error ail_tile(void *tiled, const void *linear,
                        const struct ail_layout *layout, unsigned level,
                        uint32_t linear_pitch_B, uint32_t x_px, uint32_t y_px,
                        uint32_t width_px, uint32_t height_px);

enum ail_error ail_detile(const void *tiled, void *linear,
                          const struct ail_layout *layout, unsigned level,
                          uint32_t linear_pitch_B, uint32_t x_px, uint32_t y_px,
                          uint32_t width_px, uint32_t height_px);

#ifdef __cplusplus
}
#endif

#endif /* AIL_LAYOUT_H */
