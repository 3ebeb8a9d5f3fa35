/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The TEXTURE descriptor the simulator tests start from (genxml's
 * defaults plus the fields every test sets): each test changes what its
 * case needs and packs it with AGX_TEXTURE_pack. */
#ifndef SIM_TEST_TEXTURE_H
#define SIM_TEST_TEXTURE_H

#include <stdint.h>

#include "asahi/genxml/agx_pack.h"

/* A w x h twiddled image of `channels` read as `type` at GPU address va,
 * swizzled as it is stored (r, g, b, a). */
static inline struct AGX_TEXTURE
sim_test_texture(enum agx_texture_dimension dim, enum agx_channels channels,
                 enum agx_texture_type type, unsigned w, unsigned h,
                 uint64_t va)
{
   struct AGX_TEXTURE cfg = {AGX_TEXTURE_header};
   cfg.dimension = dim;
   cfg.layout = AGX_LAYOUT_TWIDDLED;
   cfg.channels = channels;
   cfg.type = type;
   cfg.swizzle_r = AGX_CHANNEL_R;
   cfg.swizzle_g = AGX_CHANNEL_G;
   cfg.swizzle_b = AGX_CHANNEL_B;
   cfg.swizzle_a = AGX_CHANNEL_A;
   cfg.width = w;
   cfg.height = h;
   cfg.address = va;
   return cfg;
}

/* The common case: RGBA8 unorm. */
static inline struct AGX_TEXTURE
sim_test_rgba8(enum agx_texture_dimension dim, unsigned w, unsigned h,
               uint64_t va)
{
   return sim_test_texture(dim, AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UNORM,
                           w, h, va);
}

#endif
