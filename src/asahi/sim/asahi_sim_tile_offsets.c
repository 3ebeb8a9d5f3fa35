/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Where the pixels of a tile are in an image level, from one row and one
 * column: ail's element offset is a part in x plus a part in y in every
 * tiling (linear: y times the stride plus x times the element; twiddled:
 * the tile index plus interleaved bits of x and y that never overlap), so
 * offset(x, y) = offset(x, y0) + offset(x0, y) - offset(x0, y0).  A tile
 * of 32x32 pixels asks ail 64 times instead of 1,024.
 */

#include <assert.h>

#include "asahi/layout/layout.h"
#include "asahi_sim_tile_offsets.h"

void
sim_tile_offsets(const struct ail_layout *l, unsigned level, uint32_t x0,
                 uint32_t y0, uint32_t tw, uint32_t th, uint64_t *offs)
{
   uint32_t w = ail_minify(l->width_px, level);
   uint32_t h = ail_minify(l->height_px, level);
   uint64_t origin = 0, col[SIM_TILE_MAX_PX], row[SIM_TILE_MAX_PX];
   assert(tw <= SIM_TILE_MAX_PX && th <= SIM_TILE_MAX_PX);
   if (x0 >= w || y0 >= h ||
       !ail_get_element_offset_B(l, level, x0, y0, &origin)) {
      /* The corner outside the level (or placed nowhere): so is every
       * pixel after it in x and y. */
      for (uint32_t i = 0; i < tw * th; i++)
         offs[i] = UINT64_MAX;
      return;
   }
   for (uint32_t lx = 0; lx < tw; lx++) {
      if (!ail_get_element_offset_B(l, level, x0 + lx, y0, &col[lx]))
         col[lx] = UINT64_MAX;
   }
   for (uint32_t ly = 0; ly < th; ly++) {
      if (!ail_get_element_offset_B(l, level, x0, y0 + ly, &row[ly]))
         row[ly] = UINT64_MAX;
   }
   for (uint32_t ly = 0; ly < th; ly++) {
      for (uint32_t lx = 0; lx < tw; lx++) {
         offs[ly * tw + lx] = col[lx] != UINT64_MAX && row[ly] != UINT64_MAX
                                 ? col[lx] + row[ly] - origin
                                 : UINT64_MAX;
      }
   }
}
