/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture (sampled image) and PBE (image store / render target store)
 * descriptors packed from an ail layout.
 *
 * Facts: alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_state.c
 * (agx_pack_texture, agx_batch_upload_pbe): level-0 size with the level
 * in a separate field, linear strides stored minus 16 (texture) and
 * minus 4 (PBE), page-aligned layer flag from the layout, the address of
 * the first layer of the view.
 */
#ifndef AGX_DESCRIPTORS_H
#define AGX_DESCRIPTORS_H

#include <stdbool.h>
#include <stdint.h>

#include "util/format/u_format.h"
#include "layout.h"

struct agx_view_desc {
   const struct ail_layout *layout;
   uint64_t base_va; /* GPU address of the image (layer 0, level 0) */
   enum pipe_format format;
   /* enum agx_texture_dimension */
   unsigned dimension;
   unsigned first_level, last_level;
   unsigned first_layer, last_layer;
   /* Texture only: the view's pipe swizzle, applied after the format's
    * own (PIPE_SWIZZLE_X, Y, Z, W for none).
    */
   uint8_t swizzle[4];
   /* Texture only: read channels in memory order, ignoring the format's
    * swizzle (tilebuffer reloads: the tilebuffer is in memory order).
    */
   bool memory_order;
};

/* False when the format is not supported. */
bool agx_pack_texture_desc(void *out, const struct agx_view_desc *v);

/* PBE for writing level v->first_level of layers first..last.  The
 * tilebuffer holds render targets in memory channel order, so the PBE
 * does not swizzle.
 */
bool agx_pack_pbe_desc(void *out, const struct agx_view_desc *v);

#endif
