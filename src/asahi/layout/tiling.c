/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * CPU tiling: copy rectangles between linear memory and twiddled levels.
 *
 * Inside a tile, an element's index interleaves the bits of its x and y
 * coordinates, x in the even bits and y in the odd ones (Morton order).
 * Tiles are square or twice as wide as high, so a wide tile's extra x bit
 * simply lands above all the y bits.  Tiles follow each other in raster
 * order, stride_el / tile width of them per row.
 *
 * Speed comes from three things: walking the image tile by tile so that
 * the 16 KiB page being written (or read) and the matching linear rows stay
 * in L1; moving pairs of horizontally adjacent elements, which Morton order
 * keeps next to each other, with one fixed-size copy; and stepping the
 * interleaved x coordinate with carry propagation through the y holes
 * instead of re-interleaving every element.  The copy routines are
 * specialised per element size so every memcpy has a constant length.
 */
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "util/u_math.h"

#include "ail_private.h"

#define AIL_ALWAYS_INLINE inline __attribute__((always_inline))

/*
 * Add the spread value `step` to the spread value `v` whose bits live in
 * `mask`: filling the holes with ones makes carries skip over them.  The
 * result wraps at the tile edge.
 */
static inline uint32_t
ail_spread_add(uint32_t v, uint32_t step, uint32_t mask)
{
   return ((v | ~mask) + step) & mask;
}

struct ail_copy {
   uint8_t *tiled;
   uint8_t *linear;
   uint32_t pitch_B;
   uint32_t x0_el, y0_el, w_el, h_el;
   unsigned tile_w_log2, tile_h_log2;
   uint32_t tiles_per_row;
};

static AIL_ALWAYS_INLINE void
ail_move(void *tiled, void *linear, size_t size_B, bool to_tiled)
{
   if (to_tiled)
      memcpy(tiled, linear, size_B);
   else
      memcpy(linear, tiled, size_B);
}

/*
 * One row of n elements inside one tile, starting at interleaved x
 * coordinate xm on the row whose interleaved y coordinate is ym.
 */
static AIL_ALWAYS_INLINE void
ail_copy_row(uint8_t *tile, uint8_t *lin, uint32_t xm, uint32_t ym,
             uint32_t x_mask, uint32_t n, const unsigned el_B,
             const bool to_tiled)
{
   uint32_t i = 0;

   /* An odd first column has no partner to its left. */
   if (n && (xm & 1)) {
      ail_move(tile + (size_t)(xm | ym) * el_B, lin, el_B, to_tiled);
      xm = ail_spread_add(xm, 1, x_mask);
      lin += el_B;
      i = 1;
   }

   for (; i + 2 <= n; i += 2) {
      ail_move(tile + (size_t)(xm | ym) * el_B, lin, 2 * el_B, to_tiled);
      xm = ail_spread_add(xm, 4, x_mask);
      lin += 2 * el_B;
   }

   if (i < n)
      ail_move(tile + (size_t)(xm | ym) * el_B, lin, el_B, to_tiled);
}

#if defined(__SSE2__)
static AIL_ALWAYS_INLINE void
ail_block4x4_32bpp(uint8_t *t, uint8_t *l, uint32_t pitch_B, bool to_tiled)
{
   __m128i *tv = (__m128i *)t;

   if (to_tiled) {
      __m128i r0 = _mm_loadu_si128((const __m128i *)(l + 0 * pitch_B));
      __m128i r1 = _mm_loadu_si128((const __m128i *)(l + 1 * (size_t)pitch_B));
      __m128i r2 = _mm_loadu_si128((const __m128i *)(l + 2 * (size_t)pitch_B));
      __m128i r3 = _mm_loadu_si128((const __m128i *)(l + 3 * (size_t)pitch_B));
      _mm_storeu_si128(tv + 0, _mm_unpacklo_epi64(r0, r1));
      _mm_storeu_si128(tv + 1, _mm_unpackhi_epi64(r0, r1));
      _mm_storeu_si128(tv + 2, _mm_unpacklo_epi64(r2, r3));
      _mm_storeu_si128(tv + 3, _mm_unpackhi_epi64(r2, r3));
   } else {
      __m128i q0 = _mm_loadu_si128(tv + 0), q1 = _mm_loadu_si128(tv + 1);
      __m128i q2 = _mm_loadu_si128(tv + 2), q3 = _mm_loadu_si128(tv + 3);
      _mm_storeu_si128((__m128i *)(l + 0 * (size_t)pitch_B),
                       _mm_unpacklo_epi64(q0, q1));
      _mm_storeu_si128((__m128i *)(l + 1 * (size_t)pitch_B),
                       _mm_unpackhi_epi64(q0, q1));
      _mm_storeu_si128((__m128i *)(l + 2 * (size_t)pitch_B),
                       _mm_unpacklo_epi64(q2, q3));
      _mm_storeu_si128((__m128i *)(l + 3 * (size_t)pitch_B),
                       _mm_unpackhi_epi64(q2, q3));
   }
}
#endif

/*
 * Four rows starting on a multiple of 4, inside one tile at least 4x4.  The
 * aligned middle goes in 4x4 blocks, each 16 consecutive elements of the
 * tile: row j's pairs sit at elements {0, 4} + {0, 2, 8, 10}[j] of the
 * block.  Columns before and after the middle go row by row.
 */
static AIL_ALWAYS_INLINE void
ail_copy_band4(uint8_t *tile, uint8_t *lin, uint32_t pitch_B, uint32_t x_lo,
               uint32_t n, uint32_t ym, uint32_t y_mask, uint32_t x_mask,
               const unsigned el_B, const bool to_tiled)
{
   const uint32_t head = MIN2((4 - (x_lo & 3)) & 3, n);
   const uint32_t blocks = (n - head) / 4;
   const uint32_t tail = n - head - 4 * blocks;
   const uint32_t x_body = x_lo + head, x_tail = x_body + 4 * blocks;
   uint32_t row_ym = ym;

   for (unsigned j = 0; j < 4; ++j) {
      uint8_t *row = lin + (size_t)j * pitch_B;
      ail_copy_row(tile, row, ail_spread_bits(x_lo), row_ym, x_mask, head, el_B,
                   to_tiled);
      ail_copy_row(tile, row + (size_t)(x_tail - x_lo) * el_B,
                   ail_spread_bits(x_tail), row_ym, x_mask, tail, el_B,
                   to_tiled);
      row_ym = ail_spread_add(row_ym, 2, y_mask);
   }

   uint32_t xm = ail_spread_bits(x_body);
   uint8_t *l = lin + (size_t)head * el_B;
   for (uint32_t b = 0; b < blocks; ++b) {
      uint8_t *t = tile + (size_t)(xm | ym) * el_B;

#if defined(__SSE2__)
      /* 4-byte elements: a row of the block is one 16-byte vector, and
       * the block's four 16-byte quarters interleave rows pairwise. */
      if (el_B == 4) {
         ail_block4x4_32bpp(t, l, pitch_B, to_tiled);
         xm = ail_spread_add(xm, 16, x_mask);
         l += 4 * el_B;
         continue;
      }
#endif

      for (unsigned j = 0; j < 4; ++j) {
         uint8_t *row = l + (size_t)j * pitch_B;
         const unsigned row_el = (j & 1) * 2 + (j >> 1) * 8;

         ail_move(t + row_el * el_B, row, 2 * el_B, to_tiled);
         ail_move(t + (row_el + 4) * el_B, row + 2 * el_B, 2 * el_B, to_tiled);
      }

      xm = ail_spread_add(xm, 16, x_mask);
      l += 4 * el_B;
   }
}

/*
 * Copy the rectangle, one tile at a time.  el_B and to_tiled are
 * compile-time constants at every call site.
 */
static AIL_ALWAYS_INLINE void
ail_copy_rect(const struct ail_copy *c, const unsigned el_B,
              const bool to_tiled)
{
   const uint32_t tile_w = 1u << c->tile_w_log2;
   const uint32_t tile_h = 1u << c->tile_h_log2;
   const size_t tile_B = (size_t)tile_w * tile_h * el_B;
   const uint32_t x_mask = ail_spread_bits(tile_w - 1);
   const uint32_t y_mask = ail_spread_bits(tile_h - 1) << 1;
   const uint32_t x_end = c->x0_el + c->w_el;
   const uint32_t y_end = c->y0_el + c->h_el;
   const bool blocks = tile_w >= 4 && tile_h >= 4;

   for (uint32_t ty0 = c->y0_el; ty0 < y_end;) {
      const uint32_t ty = ty0 >> c->tile_h_log2;
      const uint32_t ty1 = MIN2((ty + 1) << c->tile_h_log2, y_end);
      uint8_t *tile_row = c->tiled + (size_t)ty * c->tiles_per_row * tile_B;

      for (uint32_t tx0 = c->x0_el; tx0 < x_end;) {
         const uint32_t tx = tx0 >> c->tile_w_log2;
         const uint32_t tx1 = MIN2((tx + 1) << c->tile_w_log2, x_end);
         uint8_t *tile = tile_row + (size_t)tx * tile_B;
         const uint32_t x_lo = tx0 & (tile_w - 1);
         const uint32_t x_start = ail_spread_bits(x_lo);
         const uint32_t n = tx1 - tx0;

         uint32_t ym = ail_spread_bits(ty0 & (tile_h - 1)) << 1;
         uint8_t *lin = c->linear + (size_t)(ty0 - c->y0_el) * c->pitch_B +
                        (size_t)(tx0 - c->x0_el) * el_B;

         for (uint32_t y = ty0; y < ty1;) {
            if (blocks && (y & 3) == 0 && y + 4 <= ty1) {
               ail_copy_band4(tile, lin, c->pitch_B, x_lo, n, ym, y_mask,
                              x_mask, el_B, to_tiled);
               ym = ail_spread_add(ym, 32, y_mask); /* 4 rows: spread(4) << 1 */
               lin += 4 * (size_t)c->pitch_B;
               y += 4;
            } else {
               ail_copy_row(tile, lin, x_start, ym, x_mask, n, el_B, to_tiled);
               ym = ail_spread_add(ym, 2, y_mask);
               lin += c->pitch_B;
               y += 1;
            }
         }

         tx0 = tx1;
      }

      ty0 = ty1;
   }
}

#define AIL_COPY_VARIANTS(el_B)                                                \
   static void ail_tile_##el_B(const struct ail_copy *c)                       \
   {                                                                           \
      ail_copy_rect(c, el_B, true);                                            \
   }                                                                           \
   static void ail_detile_##el_B(const struct ail_copy *c)                     \
   {                                                                           \
      ail_copy_rect(c, el_B, false);                                           \
   }

AIL_COPY_VARIANTS(1)
AIL_COPY_VARIANTS(2)
AIL_COPY_VARIANTS(4)
AIL_COPY_VARIANTS(8)
AIL_COPY_VARIANTS(16)
AIL_COPY_VARIANTS(32)
AIL_COPY_VARIANTS(64)

typedef void (*ail_copy_fn)(const struct ail_copy *c);

/* Indexed by log2 of the element size. */
static const ail_copy_fn ail_tile_fns[] = {
   ail_tile_1,  ail_tile_2,  ail_tile_4,  ail_tile_8,
   ail_tile_16, ail_tile_32, ail_tile_64,
};

static const ail_copy_fn ail_detile_fns[] = {
   ail_detile_1,  ail_detile_2,  ail_detile_4,  ail_detile_8,
   ail_detile_16, ail_detile_32, ail_detile_64,
};

/* One axis of the rectangle in elements: it must start on a block
 * boundary and end on one or at the level's edge. */
static bool
ail_axis_to_el(uint32_t start_px, uint32_t size_px, uint32_t level_px,
               uint32_t block_px, uint32_t *start_el, uint32_t *size_el)
{
   if (start_px > level_px || size_px > level_px - start_px)
      return false;
   if (start_px % block_px)
      return false;
   if (size_px % block_px && start_px + size_px != level_px)
      return false;

   *start_el = start_px / block_px;
   *size_el = DIV_ROUND_UP(size_px, block_px);
   return true;
}

static enum ail_error
ail_prepare_copy(struct ail_copy *c, const struct ail_layout *layout,
                 unsigned level, uint32_t pitch_B, uint32_t x_px, uint32_t y_px,
                 uint32_t w_px, uint32_t h_px)
{
   if (!layout)
      return AIL_ERROR_NULL;
   if (level >= layout->levels_allocated || level >= AIL_MAX_MIP_LEVELS)
      return AIL_ERROR_LEVEL;
   if (!ail_is_level_twiddled_uncompressed(layout, level))
      return AIL_ERROR_NOT_TWIDDLED;

   struct ail_block block;
   enum ail_error err = ail_block_from_format(layout->format, &block);
   if (err)
      return err;

   const uint32_t el_B = layout->element_size_B;
   const struct ail_tile tile = layout->tilesize_el[level];
   if (!util_is_power_of_two_nonzero(el_B) || el_B > AIL_MAX_ELEMENT_B ||
       !util_is_power_of_two_nonzero(tile.width_el) ||
       !util_is_power_of_two_nonzero(tile.height_el) ||
       tile.width_el > 0x10000 || tile.height_el > 0x10000)
      return AIL_ERROR_ELEMENT_SIZE;

   if (!ail_axis_to_el(x_px, w_px, ail_minify(layout->width_px, level),
                       block.width_px, &c->x0_el, &c->w_el) ||
       !ail_axis_to_el(y_px, h_px, ail_minify(layout->height_px, level),
                       block.height_px, &c->y0_el, &c->h_el))
      return AIL_ERROR_RECTANGLE;

   if (h_px > 1 && (uint64_t)pitch_B < (uint64_t)c->w_el * el_B)
      return AIL_ERROR_PITCH;

   c->pitch_B = pitch_B;
   c->tile_w_log2 = util_logbase2(tile.width_el);
   c->tile_h_log2 = util_logbase2(tile.height_el);
   c->tiles_per_row = DIV_ROUND_UP(layout->stride_el[level], tile.width_el);
   return AIL_OK;
}

bool
ail_level_addr_init(const struct ail_layout *layout, unsigned level,
                    struct ail_level_addr *a)
{
   struct ail_block block;

   if (!layout || !a || level >= layout->levels_allocated ||
       level >= AIL_MAX_MIP_LEVELS ||
       ail_block_dims_from_format(layout->format, &block) != AIL_OK)
      return false;

   struct ail_level_addr r = {
      .width_px = ail_minify(layout->width_px, level),
      .height_px = ail_minify(layout->height_px, level),
      .block_w_px = block.width_px,
      .block_h_px = block.height_px,
      .el_B = layout->element_size_B,
      .linear = layout->tiling == AIL_TILING_LINEAR,
   };
   if (r.linear) {
      r.row_B = layout->linear_stride_B;
   } else {
      const struct ail_tile tile = layout->tilesize_el[level];
      if (!util_is_power_of_two_nonzero(tile.width_el) ||
          !util_is_power_of_two_nonzero(tile.height_el) ||
          tile.width_el > 0x10000 || tile.height_el > 0x10000)
         return false;
      r.tile_w_log2 = (uint8_t)util_logbase2(tile.width_el);
      r.tile_h_log2 = (uint8_t)util_logbase2(tile.height_el);
      const uint64_t tiles_per_row =
         ((uint64_t)layout->stride_el[level] + tile.width_el - 1) >>
         r.tile_w_log2;
      r.row_B = (tiles_per_row << (r.tile_w_log2 + r.tile_h_log2)) * r.el_B;
   }
   *a = r;
   return true;
}

bool
ail_get_element_offset_B(const struct ail_layout *layout, unsigned level,
                         uint32_t x_px, uint32_t y_px, uint64_t *offset_B)
{
   struct ail_level_addr a;

   if (!offset_B || !ail_level_addr_init(layout, level, &a) ||
       x_px >= a.width_px || y_px >= a.height_px)
      return false;
   *offset_B = ail_level_addr_offset_B(&a, x_px, y_px);
   return true;
}

/* Validate a copy and run the kernel from fns for its element size.  Both
 * buffers are taken as writable; the kernel writes only its destination.
 */
static enum ail_error
ail_run_copy(const ail_copy_fn *fns, uint8_t *tiled, uint8_t *linear,
             const struct ail_layout *layout, unsigned level,
             uint32_t linear_pitch_B, uint32_t x_px, uint32_t y_px,
             uint32_t width_px, uint32_t height_px)
{
   struct ail_copy c;
   enum ail_error err = ail_prepare_copy(&c, layout, level, linear_pitch_B,
                                         x_px, y_px, width_px, height_px);
   if (err)
      return err;
   if (c.w_el == 0 || c.h_el == 0)
      return AIL_OK;
   if (!tiled || !linear)
      return AIL_ERROR_NULL;

   c.tiled = tiled;
   c.linear = linear;
   fns[util_logbase2(layout->element_size_B)](&c);
   return AIL_OK;
}

enum ail_error
ail_tile(void *tiled, const void *linear, const struct ail_layout *layout,
         unsigned level, uint32_t linear_pitch_B, uint32_t x_px, uint32_t y_px,
         uint32_t width_px, uint32_t height_px)
{
   return ail_run_copy(ail_tile_fns, tiled, (uint8_t *)linear, layout, level,
                       linear_pitch_B, x_px, y_px, width_px, height_px);
}

enum ail_error
ail_detile(const void *tiled, void *linear, const struct ail_layout *layout,
           unsigned level, uint32_t linear_pitch_B, uint32_t x_px,
           uint32_t y_px, uint32_t width_px, uint32_t height_px)
{
   return ail_run_copy(ail_detile_fns, (uint8_t *)tiled, linear, layout, level,
                       linear_pitch_B, x_px, y_px, width_px, height_px);
}
