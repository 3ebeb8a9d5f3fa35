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
 * not load starts at the clear value.
 */

#include <math.h>
#include <string.h>

#include "asahi/layout/layout.h"
#include "asahi_sim_cmd.h"

struct zls {
   struct AGX_ZLS_CONTROL ctrl;
   bool z16;
   struct ail_layout layout;
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

/* Visit every sample of the tile inside the depth buffer. */
static bool
each_sample(struct sim_tile *tile, struct zls *z, bool store)
{
   struct asahi_sim_gpu *gpu = tile->r->gpu;
   const struct drm_asahi_cmd_render *cmd = tile->r->cmd;
   unsigned bytes = z->z16 ? 2 : 4;
   for (uint32_t ly = 0; ly < tile->height; ly++) {
      for (uint32_t lx = 0; lx < tile->width; lx++) {
         uint32_t x = tile->x0 + lx, y = tile->y0 + ly;
         uint64_t off;
         if (x >= z->layout.width_px || y >= z->layout.height_px ||
             !ail_get_element_offset_B(&z->layout, 0, x, y, &off))
            continue;
         for (unsigned s = 0; s < tile->samples; s++) {
            float *d = &tile->depth[(ly * tile->width + lx) * tile->samples +
                                    s];
            uint64_t va = cmd->depth.base + off + s * bytes;
            uint8_t b[4] = {0};
            if (store) {
               uint32_t v;
               if (z->z16)
                  v = (uint32_t)lrint(fmin(fmax(*d, 0.0f), 1.0f) * 65535.0);
               else
                  memcpy(&v, d, 4);
               memcpy(b, &v, 4);
               if (!sim_write(gpu, va, b, bytes, "depth buffer"))
                  return false;
            } else {
               if (!sim_read(gpu, va, b, bytes, "depth buffer"))
                  return false;
               if (z->z16)
                  *d = (float)((b[0] | b[1] << 8) / 65535.0);
               else
                  memcpy(d, b, 4);
            }
         }
      }
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
   return !z.ctrl.z_load_enable || each_sample(tile, &z, false);
}

bool
sim_zls_store(struct sim_tile *tile)
{
   struct zls z;
   if (!zls_setup(tile, &z))
      return false;
   return !z.ctrl.z_store_enable || each_sample(tile, &z, true);
}
