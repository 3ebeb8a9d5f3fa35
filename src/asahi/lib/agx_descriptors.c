/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture and PBE descriptors (see agx_descriptors.h).
 */
#include "agx_descriptors.h"
#include "agx_formats.h"
#include "agx_pack.h"

static enum agx_layout
agx_layout_of(enum ail_tiling tiling)
{
   switch (tiling) {
   case AIL_TILING_LINEAR:
      return AGX_LAYOUT_LINEAR;
   case AIL_TILING_TWIDDLED_COMPRESSED:
      return AGX_LAYOUT_COMPRESSED;
   default:
      return AGX_LAYOUT_TWIDDLED;
   }
}

/* Compose the format's swizzle with the view's. */
static unsigned
compose(const struct util_format_description *desc, unsigned view_swizzle)
{
   if (view_swizzle <= PIPE_SWIZZLE_W)
      return desc->swizzle[view_swizzle];
   return view_swizzle;
}

bool
agx_pack_texture_desc(void *out, const struct agx_view_desc *v)
{
   const struct ail_layout *l = v->layout;
   const struct agx_format_info *info = agx_format_info(v->format);
   const struct util_format_description *desc =
      util_format_description(v->format);
   if (!info || !desc)
      return false;

   struct util_format_description d = *desc;
   if (v->memory_order) {
      for (unsigned i = 0; i < 4; ++i)
         d.swizzle[i] = i;
   } else if (util_format_is_depth_or_stencil(v->format)) {
      /* Depth or stencil is broadcast from the one channel. */
      for (unsigned i = 0; i < 4; ++i)
         d.swizzle[i] = i == 3 ? PIPE_SWIZZLE_1 : PIPE_SWIZZLE_X;
   }
   agx_pack(out, TEXTURE, cfg) {
      cfg.dimension = v->dimension;
      cfg.layout = agx_layout_of(l->tiling);
      cfg.channels = info->channels;
      cfg.type = info->type;
      cfg.swizzle_r = agx_channel_from_pipe_swizzle(compose(&d, v->swizzle[0]));
      cfg.swizzle_g = agx_channel_from_pipe_swizzle(compose(&d, v->swizzle[1]));
      cfg.swizzle_b = agx_channel_from_pipe_swizzle(compose(&d, v->swizzle[2]));
      cfg.swizzle_a = agx_channel_from_pipe_swizzle(compose(&d, v->swizzle[3]));
      cfg.width = l->width_px;
      cfg.height = l->height_px;
      cfg.first_level = v->first_level;
      cfg.last_level = v->last_level;
      cfg.srgb = util_format_is_srgb(v->format);
      cfg.unk_mipmapped = l->levels > 1;
      cfg.address = v->base_va + l->layer_stride_B * v->first_layer;
      if (l->sample_count_sa > 1)
         cfg.samples =
            l->sample_count_sa == 4 ? AGX_SAMPLE_COUNT_4 : AGX_SAMPLE_COUNT_2;
      if (l->tiling == AIL_TILING_LINEAR) {
         cfg.stride = ail_get_linear_stride_B(l) - 16;
      } else {
         unsigned layers = v->last_layer - v->first_layer + 1;
         if (v->dimension == AGX_TEXTURE_DIMENSION_3D)
            layers = l->depth_px;
         else if (v->dimension == AGX_TEXTURE_DIMENSION_CUBE ||
                  v->dimension == AGX_TEXTURE_DIMENSION_CUBE_ARRAY)
            layers /= 6;
         cfg.depth = layers ? layers : 1;
         cfg.page_aligned_layers = l->page_aligned_layers;
      }
   }
   return true;
}

bool
agx_pack_pbe_desc(void *out, const struct agx_view_desc *v)
{
   const struct ail_layout *l = v->layout;
   const struct agx_format_info *info = agx_format_info(v->format);
   if (!info)
      return false;

   agx_pack(out, PBE, cfg) {
      cfg.dimension = v->dimension;
      cfg.layout = agx_layout_of(l->tiling);
      cfg.channels = info->channels;
      cfg.type = info->type;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_G;
      cfg.swizzle_b = AGX_CHANNEL_B;
      cfg.swizzle_a = AGX_CHANNEL_A;
      cfg.srgb = util_format_is_srgb(v->format);
      cfg.width = l->width_px;
      cfg.height = l->height_px;
      cfg.level = v->first_level;
      cfg.buffer = v->base_va + l->layer_stride_B * v->first_layer;
      cfg.unk_mipmapped = l->levels > 1;
      if (l->sample_count_sa > 1)
         cfg.samples =
            l->sample_count_sa == 4 ? AGX_SAMPLE_COUNT_4 : AGX_SAMPLE_COUNT_2;
      if (l->tiling == AIL_TILING_LINEAR) {
         cfg.stride = ail_get_linear_stride_B(l) - 4;
      } else {
         cfg.layers = v->last_layer - v->first_layer + 1;
         cfg.levels = l->levels;
         cfg.page_aligned_layers = l->page_aligned_layers;
      }
   }
   return true;
}
