/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The drm_asahi render command of one render pass, filled from a
 * description of the pass (framebuffer size, tilebuffer, programs, arrays,
 * depth/stencil).
 *
 * Facts: alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_pipe.c
 * (agx_cmdbuf) and bminor/mesa-mesa src/gallium/drivers/asahi/agx_batch.c
 * for the upstream UAPI: ppp_ctrl 0x202, merge_upper = 1.732051 / size,
 * isp_zls_pixels = (w - 1) | (h - 1) << 15, isp_bgobjvals = 0x300 |
 * stencil, bg/eot USC offsets tagged with 4 in the low bits, sample
 * positions per sample count, PROCESS_EMPTY_TILES when a cleared
 * attachment is stored.
 */
#ifndef AGX_RENDER_H
#define AGX_RENDER_H

#include <stdbool.h>
#include <stdint.h>

#include "drm-uapi/asahi_drm.h"
#include "agx_tilebuffer.h"

struct agx_render_zs {
   bool present;
   uint64_t base_va; /* first byte of the level and layer rendered */
   uint32_t layer_stride_B;
   bool load;  /* read the old contents at tile start */
   bool store; /* write the tile back at tile end */
   bool z16;   /* depth only: Z16 unorm, else Z32 float */
};

struct agx_render_desc {
   uint64_t vdm_va; /* VDM control stream */
   unsigned width_px, height_px, layers;
   const struct agx_tilebuffer_layout *tib;

   /* USC word lists (offsets from usc_exec_base, 64-byte aligned) and
    * their packed Counts words.
    */
   uint32_t bg_usc, bg_counts;
   uint32_t eot_usc, eot_counts;
   /* Background program after a partial render: must reload everything
    * (0 = use bg).
    */
   uint32_t partial_bg_usc, partial_bg_counts;

   uint64_t scissor_va, dbias_va, oclqry_va;
   uint64_t sampler_heap_va;
   unsigned sampler_count;

   /* Some attachment is both cleared by the background program and
    * stored: tiles without geometry must still be processed.
    */
   bool clears_and_stores;

   struct agx_render_zs depth, stencil;
   float clear_depth;
   uint8_t clear_stencil;

   /* Some vertex shader of the pass uses stack memory (scratch). */
   bool vertex_scratch;

   /* Multisampled passes: every sample position at the pixel centre, so
    * that each primitive covers all samples of a pixel or none, as
    * single-sample rasterisation does (GL 4.6 section 14.3.1, MULTISAMPLE
    * off: "as if MULTISAMPLE were disabled ... all sample values take the
    * single-sample coverage result" of the pixel centre).
    */
   bool centre_samples;
};

/* Standard sample positions (PPP_MULTISAMPLECTL) for 1, 2 or 4 samples. */
uint32_t agx_default_sample_positions(unsigned nr_samples);

void agx_fill_render_cmd(struct drm_asahi_cmd_render *c,
                         const struct agx_render_desc *d);

#endif
