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

#include "util/u_math.h"

#include "ail_private.h"

#define AIL_ALWAYS_INLINE inline __attribute__((always_inline))

/* Spread the low 16 bits of v so bit i lands on bit 2i. */
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

   for (uint32_t ty0 = c->y0_el; ty0 < y_end;) {
      const uint32_t ty = ty0 >> c->tile_h_log2;
      const uint32_t ty1 = MIN2((ty + 1) << c->tile_h_log2, y_end);
      uint8_t *tile_row = c->tiled + (size_t)ty * c->tiles_per_row * tile_B;

      for (uint32_t tx0 = c->x0_el; tx0 < x_end;) {
         const uint32_t tx = tx0 >> c->tile_w_log2;
         const uint32_t tx1 = MIN2((tx + 1) << c->tile_w_log2, x_end);
         uint8_t *tile = tile_row + (size_t)tx * tile_B;
         const uint32_t x_start = ail_spread_bits(tx0 & (tile_w - 1));
         const uint32_t n = tx1 - tx0;

         uint32_t ym = ail_spread_bits(ty0 & (tile_h - 1)) << 1;
         uint8_t *lin = c->linear + (size_t)(ty0 - c->y0_el) * c->pitch_B +
                        (size_t)(tx0 - c->x0_el) * el_B;

         for (uint32_t y = ty0; y < ty1; ++y) {
            uint32_t xm = x_start;
            uint32_t i = 0;
            uint8_t *l = lin;

            /* An odd first column has no partner to its left. */
            if (xm & 1) {
               ail_move(tile + (size_t)(xm | ym) * el_B, l, el_B, to_tiled);
               xm = ail_spread_add(xm, 1, x_mask);
               l += el_B;
               i = 1;
            }

            for (; i + 2 <= n; i += 2) {
               ail_move(tile + (size_t)(xm | ym) * el_B, l, 2 * el_B,
                        to_tiled);
               xm = ail_spread_add(xm, 4, x_mask);
               l += 2 * el_B;
            }

            if (i < n)
               ail_move(tile + (size_t)(xm | ym) * el_B, l, el_B, to_tiled);

            ym = ail_spread_add(ym, 2, y_mask);
            lin += c->pitch_B;
         }

         tx0 = tx1;
      }

      ty0 = ty1;
   }
}

#define AIL_COPY_VARIANTS(el_B)                                               \
   static void ail_tile_##el_B(const struct ail_copy *c)                      \
   {                                                                          \
      ail_copy_rect(c, el_B, true);                                           \
   }                                                                          \
   static void ail_detile_##el_B(const struct ail_copy *c)                    \
   {                                                                          \
      ail_copy_rect(c, el_B, false);                                          \
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
   ail_tile_1, ail_tile_2, ail_tile_4, ail_tile_8,
   ail_tile_16, ail_tile_32, ail_tile_64,
};

static const ail_copy_fn ail_detile_fns[] = {
   ail_detile_1, ail_detile_2, ail_detile_4, ail_detile_8,
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
                 unsigned level, uint32_t pitch_B, uint32_t x_px,
                 uint32_t y_px, uint32_t w_px, uint32_t h_px)
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

enum ail_error
ail_tile(void *tiled, const void *linear, const struct ail_layout *layout,
         unsigned level, uint32_t linear_pitch_B, uint32_t x_px,
         uint32_t y_px, uint32_t width_px, uint32_t height_px)
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
   c.linear = (uint8_t *)linear; /* only read when tiling */
   ail_tile_fns[util_logbase2(layout->element_size_B)](&c);
   return AIL_OK;
}

enum ail_error
ail_detile(const void *tiled, void *linear, const struct ail_layout *layout,
           unsigned level, uint32_t linear_pitch_B, uint32_t x_px,
           uint32_t y_px, uint32_t width_px, uint32_t height_px)
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

   c.tiled = (uint8_t *)tiled; /* only read when detiling */
   c.linear = linear;
   ail_detile_fns[util_logbase2(layout->element_size_B)](&c);
   return AIL_OK;
}
