/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Tilebuffer layout (see agx_tilebuffer.h).
 */
#include <string.h>

#include "agx_formats.h"
#include "agx_pack.h"
#include "agx_tilebuffer.h"

/* Smallest tile, 16x16: a render target only fits when its pixel storage
 * fits a tile of that size.
 */
#define AGX_TIB_MIN_TILE_PX (16 * 16)

static unsigned
align_pot(unsigned x, unsigned a)
{
   return (x + a - 1) & ~(a - 1);
}

bool
agx_tilebuffer_layout(struct agx_tilebuffer_layout *tib,
                      const enum pipe_format *formats, unsigned nr_cbufs,
                      unsigned nr_samples)
{
   if (nr_cbufs > AGX_MAX_RTS ||
       (nr_samples != 1 && nr_samples != 2 && nr_samples != 4))
      return false;

   memset(tib, 0, sizeof(*tib));
   tib->nr_cbufs = nr_cbufs;
   tib->nr_samples = nr_samples;

   unsigned offset_B = 0;
   for (unsigned rt = 0; rt < nr_cbufs; ++rt) {
      tib->logical_format[rt] = formats[rt];
      if (formats[rt] == PIPE_FORMAT_NONE)
         continue;

      const struct agx_format_info *info = agx_format_info(formats[rt]);
      if (!info || !info->renderable) {
         tib->spilled[rt] = true;
         continue;
      }

      /* Natural alignment: the size of the slot (a power of two here). */
      unsigned size_B = info->tib_size_B;
      unsigned start_B = align_pot(offset_B, size_B);
      unsigned end_B = start_B + size_B;

      bool fits = end_B <= AGX_TIB_MAX_BYTES_PER_SAMPLE &&
                  align_pot(end_B, 8) * AGX_TIB_MIN_TILE_PX * nr_samples <=
                     AGX_TIB_MAX_BYTES_PER_TILE;
      if (fits) {
         tib->offset_B[rt] = start_B;
         offset_B = end_B;
      } else {
         tib->spilled[rt] = true;
      }
   }

   /* A multisampled pass needs some storage even without colour. */
   if (nr_samples > 1 && offset_B == 0)
      offset_B = 1;

   tib->sample_size_B = align_pot(offset_B, 8);

   unsigned bytes_per_px = tib->sample_size_B * nr_samples;
   static const uint8_t sizes[][2] = {{32, 32}, {32, 16}, {16, 16}};
   tib->tile_width_px = 16;
   tib->tile_height_px = 16;
   for (unsigned i = 0; i < 3; ++i) {
      if (bytes_per_px * sizes[i][0] * sizes[i][1] <=
          AGX_TIB_MAX_BYTES_PER_TILE) {
         tib->tile_width_px = sizes[i][0];
         tib->tile_height_px = sizes[i][1];
         break;
      }
   }
   return true;
}

uint32_t
agx_tilebuffer_total_size_B(const struct agx_tilebuffer_layout *tib)
{
   return (uint32_t)tib->sample_size_B * tib->nr_samples * tib->tile_width_px *
          tib->tile_height_px;
}

void
agx_tilebuffer_pack_usc_shared(const struct agx_tilebuffer_layout *tib,
                               uint32_t *word)
{
   agx_pack(word, USC_SHARED, cfg) {
      cfg.uses_shared_memory = true;
      if (tib->tile_width_px == 32 && tib->tile_height_px == 32)
         cfg.layout = AGX_SHARED_LAYOUT_32X32;
      else if (tib->tile_width_px == 32)
         cfg.layout = AGX_SHARED_LAYOUT_32X16;
      else
         cfg.layout = AGX_SHARED_LAYOUT_16X16;
      cfg.sample_count = tib->nr_samples;
      cfg.sample_stride_8b = tib->sample_size_B / 8;
      cfg.bytes_per_threadgroup = agx_tilebuffer_total_size_B(tib);
   }
}
