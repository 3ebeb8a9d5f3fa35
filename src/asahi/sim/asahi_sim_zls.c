/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Depth load and store at the tile's edges (ZLS), from the render command:
 * zls_ctrl (genxml "ZLS Control": z load/store enable, z format 32F or
 * 16), depth.base (the level and layer rendered), isp_zls_pixels ((w - 1)
 * | (h - 1) << 15) and isp_bgobjdepth (the clear value: f32 bits, or
 * unorm16 in the low bits for Z16), after alexvorxx/Mesa-VirGL
 * src/gallium/drivers/asahi/agx_pipe.c agx_cmdbuf.
 *
 * The depth buffer is taken to be twiddled as src/asahi/layout lays out
 * Z32_FLOAT / Z16_UNORM images with the command's sample count
 * (uncompressed; compressed depth fails the command).  A tile that does
 * not load starts at the clear value.  Stencil likewise: S8_UINT,
 * twiddled, at stencil.base, s load/store enable, clear value in the low
 * 8 bits of isp_bgobjvals.
 */

#include <math.h>
#include <string.h>

#include "asahi/layout/layout.h"
#include "asahi_sim_cmd.h"

struct zls {
   struct AGX_ZLS_CONTROL ctrl;
   bool z16;
   struct ail_layout layout, s_layout;
};

static bool
zls_setup(struct sim_tile *tile, struct zls *z)
{
   struct asahi_sim_gpu *gpu = tile->r->gpu;
   const struct drm_asahi_cmd_render *cmd = tile->r->cmd;
   uint8_t raw[8];
   memcpy(raw, &cmd->zls_ctrl, sizeof(raw));
   AGX_ZLS_CONTROL_unpack(NULL, raw, &z->ctrl);
   z->z16 = z->ctrl.z_format == AGX_ZLS_FORMAT_16;

   if (z->ctrl.s_load_enable || z->ctrl.s_store_enable) {
      if (z->ctrl.s_compress_1 || z->ctrl.s_compress_2)
         return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                         "compressed stencil buffers are not simulated");
      memset(&z->s_layout, 0, sizeof(z->s_layout));
      z->s_layout.width_px = (cmd->isp_zls_pixels & 0x7fff) + 1;
      z->s_layout.height_px = ((cmd->isp_zls_pixels >> 15) & 0x7fff) + 1;
      z->s_layout.depth_px = 1;
      z->s_layout.sample_count_sa = tile->samples;
      z->s_layout.levels = 1;
      z->s_layout.tiling = AIL_TILING_TWIDDLED;
      z->s_layout.format = PIPE_FORMAT_S8_UINT;
      z->s_layout.renderable = true;
      enum ail_error e = ail_make_miptree(&z->s_layout);
      if (e)
         return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "stencil buffer: %s",
                         ail_error_string(e));
   }
   if (!z->ctrl.z_load_enable && !z->ctrl.z_store_enable)
      return true;
   if (z->ctrl.z_compress_1 || z->ctrl.z_compress_2)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "compressed depth buffers are not simulated");
   memset(&z->layout, 0, sizeof(z->layout));
   z->layout.width_px = (cmd->isp_zls_pixels & 0x7fff) + 1;
   z->layout.height_px = ((cmd->isp_zls_pixels >> 15) & 0x7fff) + 1;
   z->layout.depth_px = 1;
   z->layout.sample_count_sa = tile->samples;
   z->layout.levels = 1;
   z->layout.tiling = AIL_TILING_TWIDDLED;
   z->layout.format = z->z16 ? PIPE_FORMAT_Z16_UNORM : PIPE_FORMAT_Z32_FLOAT;
   z->layout.renderable = true;
   enum ail_error e = ail_make_miptree(&z->layout);
   if (e)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "depth buffer: %s",
                      ail_error_string(e));
   return true;
}

/* The tile's part of a depth or stencil buffer: when its pixels all lie
 * in one mapping, `host` is that memory at the lowest offset `lo` and
 * span_copy accesses it directly; otherwise (and with
 * ASAHI_SIM_DEBUG=nofast) `host` is NULL and each access is translated on
 * its own, with its fault. */
struct span {
   struct asahi_sim_gpu *gpu;
   uint64_t base, lo;
   uint8_t *host;
   const char *what;
};

/* The tile's pixels in the buffer of layout l at base + the tile's layer
 * times stride, pixel_B bytes each: their offsets (offs[], n of them,
 * returned) and the span they lie in. */
static unsigned
span_find(struct sim_tile *tile, const struct ail_layout *l, uint64_t base,
          uint64_t stride, unsigned pixel_B, bool write, const char *what,
          uint64_t *offs, struct span *sp)
{
   unsigned n = tile->width * tile->height;
   sim_tile_offsets(l, 0, tile->x0, tile->y0, tile->width, tile->height, offs);
   *sp = (struct span){
      .gpu = tile->r->gpu,
      .base = base + (uint64_t)tile->layer * stride,
      .what = what,
   };
   uint64_t lo = UINT64_MAX, hi = 0;
   for (unsigned i = 0; i < n; i++) {
      if (offs[i] == UINT64_MAX)
         continue;
      lo = offs[i] < lo ? offs[i] : lo;
      hi = offs[i] > hi ? offs[i] : hi;
   }
   if (lo > hi || (sp->gpu->debug & ASAHI_SIM_DEBUG_NOFAST))
      return n;
   uint64_t avail = 0;
   uint8_t *host = sp->gpu->lookup(sp->gpu->user, sp->base + lo, write, &avail);
   if (host && avail >= hi - lo + pixel_B) {
      sp->host = host;
      sp->lo = lo;
   }
   return n;
}

static bool
span_copy(const struct span *sp, uint64_t off, void *data, size_t size,
          bool write)
{
   if (sp->host) {
      uint8_t *at = sp->host + (off - sp->lo);
      memcpy(write ? at : data, write ? data : at, size);
      return true;
   }
   return write ? sim_write(sp->gpu, sp->base + off, data, size, sp->what)
                : sim_read(sp->gpu, sp->base + off, data, size, sp->what);
}

/* Visit every sample of the tile inside the depth buffer. */
static bool
each_sample(struct sim_tile *tile, struct zls *z, bool store)
{
   const struct drm_asahi_cmd_render *cmd = tile->r->cmd;
   unsigned bytes = z->z16 ? 2 : 4;
   uint64_t offs[SIM_TILE_MAX_PX * SIM_TILE_MAX_PX];
   struct span sp;
   unsigned n = span_find(tile, &z->layout, cmd->depth.base, cmd->depth.stride,
                          tile->samples * bytes, store, "depth buffer", offs,
                          &sp);
   for (unsigned i = 0; i < n; i++) {
      if (offs[i] == UINT64_MAX)
         continue;
      for (unsigned s = 0; s < tile->samples; s++) {
         float *d = &tile->depth[i * tile->samples + s];
         uint64_t off = offs[i] + s * bytes;
         uint8_t b[4] = {0};
         if (store) {
            uint32_t v;
            if (z->z16)
               v = (uint32_t)lrint(fmin(fmax(*d, 0.0f), 1.0f) * 65535.0);
            else
               memcpy(&v, d, 4);
            memcpy(b, &v, 4);
            if (!span_copy(&sp, off, b, bytes, true))
               return false;
         } else {
            if (!span_copy(&sp, off, b, bytes, false))
               return false;
            if (z->z16)
               *d = (float)((b[0] | b[1] << 8) / 65535.0);
            else
               memcpy(d, b, 4);
         }
      }
   }
   return true;
}

/* The stencil buffer: S8, twiddled, at stencil.base. */
static bool
each_stencil(struct sim_tile *tile, struct zls *z, bool store)
{
   const struct drm_asahi_cmd_render *cmd = tile->r->cmd;
   uint64_t offs[SIM_TILE_MAX_PX * SIM_TILE_MAX_PX];
   struct span sp;
   unsigned n = span_find(tile, &z->s_layout, cmd->stencil.base,
                          cmd->stencil.stride, tile->samples, store,
                          "stencil buffer", offs, &sp);
   for (unsigned i = 0; i < n; i++) {
      if (offs[i] != UINT64_MAX &&
          !span_copy(&sp, offs[i], &tile->stencil[i * tile->samples],
                     tile->samples, store))
         return false;
   }
   return true;
}

bool
sim_zls_load(struct sim_tile *tile)
{
   const struct drm_asahi_cmd_render *cmd = tile->r->cmd;
   struct zls z;
   if (!zls_setup(tile, &z))
      return false;

   float clear;
   if (z.z16) {
      clear = (float)((cmd->isp_bgobjdepth & 0xffff) / 65535.0);
   } else {
      memcpy(&clear, &cmd->isp_bgobjdepth, sizeof(clear));
   }
   size_t n = (size_t)tile->width * tile->height * tile->samples;
   for (size_t i = 0; i < n; i++)
      tile->depth[i] = clear;
   /* The stencil clear value: isp_bgobjvals bits 0-7. */
   memset(tile->stencil, cmd->isp_bgobjvals & 0xff, n);
   if (z.ctrl.s_load_enable && !each_stencil(tile, &z, false))
      return false;
   return !z.ctrl.z_load_enable || each_sample(tile, &z, false);
}

bool
sim_zls_store(struct sim_tile *tile)
{
   struct zls z;
   if (!zls_setup(tile, &z))
      return false;
   if (z.ctrl.s_store_enable && !each_stencil(tile, &z, true))
      return false;
   return !z.ctrl.z_store_enable || each_sample(tile, &z, true);
}
