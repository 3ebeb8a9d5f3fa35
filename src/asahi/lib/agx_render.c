/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The render command (see agx_render.h).
 */
#include <math.h>
#include <string.h>

#include "agx_pack.h"
#include "agx_render.h"

/* USC word-list pointers in bg/eot records carry this tag in their low
 * bits.  Fact: bminor/mesa-mesa src/gallium/drivers/asahi/agx_batch.c.
 */
#define AGX_BG_EOT_USC_TAG 4

uint32_t
agx_default_sample_positions(unsigned nr_samples)
{
   switch (nr_samples) {
   case 2:
      return 0x44cc;
   case 4:
      return 0xeaa26e26;
   default:
      return 0x88;
   }
}

/* Every sample at the pixel centre: one byte per sample (at most 4),
 * 0x88 each. */
static uint32_t
agx_centre_sample_positions(unsigned nr_samples)
{
   uint32_t v = 0;
   for (unsigned s = 0; s < nr_samples && s < 4; s++)
      v |= 0x88u << (8 * s);
   return v;
}

static uint32_t
fui(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

void
agx_fill_render_cmd(struct drm_asahi_cmd_render *c,
                    const struct agx_render_desc *d)
{
   const struct agx_tilebuffer_layout *tib = d->tib;

   memset(c, 0, sizeof(*c));

   c->vdm_ctrl_stream_base = d->vdm_va;

   /* Bit 0 would select GL clip-space behaviour; clip control is done in
    * the vertex shader instead.
    */
   c->ppp_ctrl = 0x202;

   c->width_px = d->width_px;
   c->height_px = d->height_px;
   c->layers = d->layers ? d->layers : 1;
   c->utile_width_px = tib->tile_width_px;
   c->utile_height_px = tib->tile_height_px;
   c->samples = tib->nr_samples;
   c->sample_size_B = tib->sample_size_B;
   c->ppp_multisamplectl = d->centre_samples
                              ? agx_centre_sample_positions(tib->nr_samples)
                              : agx_default_sample_positions(tib->nr_samples);

   const float tan_60 = 1.732051f;
   c->isp_merge_upper_x = fui(tan_60 / (float)d->width_px);
   c->isp_merge_upper_y = fui(tan_60 / (float)d->height_px);

   c->isp_scissor_base = d->scissor_va;
   c->isp_dbias_base = d->dbias_va;
   c->isp_oclqry_base = d->oclqry_va;
   c->sampler_heap = d->sampler_heap_va;
   c->sampler_count = d->sampler_count;

   c->bg.usc = d->bg_usc | AGX_BG_EOT_USC_TAG;
   c->bg.rsrc_spec = d->bg_counts;
   c->eot.usc = d->eot_usc | AGX_BG_EOT_USC_TAG;
   c->eot.rsrc_spec = d->eot_counts;
   c->partial_eot = c->eot;
   if (d->partial_bg_usc) {
      c->partial_bg.usc = d->partial_bg_usc | AGX_BG_EOT_USC_TAG;
      c->partial_bg.rsrc_spec = d->partial_bg_counts;
   } else {
      c->partial_bg = c->bg;
   }

   if (d->clears_and_stores)
      c->flags |= DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
   if (d->vertex_scratch)
      c->flags |= DRM_ASAHI_RENDER_VERTEX_SCRATCH;

   c->isp_bgobjvals = 0x300;

   struct AGX_ZLS_CONTROL zls = {AGX_ZLS_CONTROL_header};
   if (d->depth.present || d->stencil.present) {
      c->isp_zls_pixels = (d->width_px - 1) | ((d->height_px - 1) << 15);
   }

   if (d->depth.present) {
      zls.z_load_enable = d->depth.load;
      zls.z_store_enable = d->depth.store;
      zls.z_format = d->depth.z16 ? AGX_ZLS_FORMAT_16 : AGX_ZLS_FORMAT_32F;
      c->depth.base = d->depth.base_va;
      c->depth.stride = d->depth.layer_stride_B;

      if (d->depth.z16) {
         float z = d->clear_depth < 0.0f   ? 0.0f
                   : d->clear_depth > 1.0f ? 1.0f
                                           : d->clear_depth;
         c->isp_bgobjdepth = (uint32_t)lrintf(z * 65535.0f);
         /* Integer (unorm) depth bias formula for Z16. */
         c->flags |= DRM_ASAHI_RENDER_DBIAS_IS_INT;
      } else {
         c->isp_bgobjdepth = fui(d->clear_depth);
      }
   }

   if (d->stencil.present) {
      zls.s_load_enable = d->stencil.load;
      zls.s_store_enable = d->stencil.store;
      c->stencil.base = d->stencil.base_va;
      c->stencil.stride = d->stencil.layer_stride_B;
      c->isp_bgobjvals |= d->clear_stencil;
   }

   AGX_ZLS_CONTROL_pack(&c->zls_ctrl, &zls);
}
