/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Where a tile's pixels are in an image level (asahi_sim_tile_offsets.c):
 * used by the end-of-tile store (asahi_sim_pbe.c), the depth and stencil
 * loads and stores (asahi_sim_zls.c) and the background reload copy.
 */
#ifndef ASAHI_SIM_TILE_OFFSETS_H
#define ASAHI_SIM_TILE_OFFSETS_H

#include <stdint.h>

#define SIM_TILE_MAX_PX 32 /* the render command's tiles: 16 or 32 */

struct ail_layout;

/* The byte offsets (from ail, without level or layer offsets) of the
 * pixels of the tw x th tile at (x0, y0) of an image level, row by row;
 * UINT64_MAX for pixels outside the level.  tw and th are at most
 * SIM_TILE_MAX_PX; ail is asked for one row and one column. */
void sim_tile_offsets(const struct ail_layout *l, unsigned level, uint32_t x0,
                      uint32_t y0, uint32_t tw, uint32_t th, uint64_t *offs);

#endif
