/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Tilebuffer layout of a render pass.
 *
 * Colour attachments live in on-chip tile memory while a tile is being
 * rendered.  Each sample of a pixel owns sample_size_B bytes, in which
 * every render target has a naturally aligned slot.  The tile size is the
 * largest of 32x32, 32x16 and 16x16 pixels whose storage fits the
 * tilebuffer.  Render targets that do not fit are "spilled" (not placed;
 * the driver must then render them another way).
 *
 * Facts: alexvorxx/Mesa-VirGL src/asahi/lib/agx_tilebuffer.c (limits of
 * 64 bytes per sample and 32767 bytes per tile, tile sizes, alignment, the
 * USC Shared word).
 */
#ifndef AGX_TILEBUFFER_H
#define AGX_TILEBUFFER_H

#include <stdbool.h>
#include <stdint.h>

#include "util/format/u_format.h"

#define AGX_MAX_RTS 8

#define AGX_TIB_MAX_BYTES_PER_SAMPLE 64
#define AGX_TIB_MAX_BYTES_PER_TILE (32768 - 1)

struct agx_tilebuffer_layout {
   enum pipe_format logical_format[AGX_MAX_RTS];
   /* Byte offset of each render target inside a sample's slot. */
   uint8_t offset_B[AGX_MAX_RTS];
   /* Not placed in the tilebuffer (too big, or unsupported format). */
   bool spilled[AGX_MAX_RTS];
   uint8_t nr_cbufs;
   uint8_t nr_samples;
   /* Bytes per sample, a multiple of 8. */
   uint8_t sample_size_B;
   uint8_t tile_width_px, tile_height_px;
   /* A layered pass (render command layers > 1): the background and
    * end-of-tile programs run once per layer and address the layer the
    * hardware gives them (Fact: alexvorxx/Mesa-VirGL
    * src/asahi/lib/agx_tilebuffer.h "layered", agx_bg_eot.c). */
   bool layered;
};

/* Lay out nr_cbufs render targets (PIPE_FORMAT_NONE leaves a hole) with
 * nr_samples samples (1, 2 or 4).  Returns false for bad arguments.
 */
bool agx_tilebuffer_layout(struct agx_tilebuffer_layout *tib,
                           const enum pipe_format *formats, unsigned nr_cbufs,
                           unsigned nr_samples);

/* Is render target rt placed in the tilebuffer? */
static inline bool
agx_tilebuffer_has_rt(const struct agx_tilebuffer_layout *tib, unsigned rt)
{
   return rt < tib->nr_cbufs && tib->logical_format[rt] != PIPE_FORMAT_NONE &&
          !tib->spilled[rt];
}

/* Bytes of tile memory one tile uses. */
uint32_t agx_tilebuffer_total_size_B(const struct agx_tilebuffer_layout *tib);

/* The USC Shared word (4 bytes) that fragment, background and end-of-tile
 * programs of this pass carry in their USC word lists.
 */
void agx_tilebuffer_pack_usc_shared(const struct agx_tilebuffer_layout *tib,
                                    uint32_t *word);

#endif
