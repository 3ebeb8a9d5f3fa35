/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The default texture hooks: a deliberately small texture unit.
 *
 * Descriptors are the genxml "texture" (fetches) and "pbe" (image writes)
 * structs, read from GPU memory.  Supported: 2D, one sample, RGBA8 unorm
 * (sRGB when the descriptor says so) and RGBA32 float, linear or
 * twiddled; fetches from the first level or the one an explicit LOD
 * names (nearest), writes to the PBE's level.
 * Sampling is nearest with clamp-to-edge whatever the sampler says; a
 * texture_load or image_write outside the image reads zero / writes
 * nothing.  Linear strides: Mesa packs the texture stride as bytes - 16
 * and the PBE stride as bytes - 4 (src/gallium/drivers/asahi/agx_state.c);
 * twiddled addressing is src/asahi/layout's.  See docs/simulator.rst.
 */

#include <math.h>
#include <stdio.h>

#include "asahi/genxml/agx_pack.h"
#include "asahi/layout/layout.h"
#include "asahi_sim_float.h"
#include "asahi_sim_internal.h"
#include "asahi_sim_texture.h"

struct image {
   uint64_t address;
   struct ail_layout layout;
   unsigned level;
   bool srgb, is_float;
   enum agx_channel swizzle[4];
};

static enum asahi_sim_status
descriptor_va(struct asahi_sim_group *g,
              const struct asahi_sim_texture_request *r,
              const struct asahi_sim_texture_default *d, uint64_t *va)
{
   if (r->bindless) {
      *va = r->heap + r->texture;
   } else if (r->texture < ASAHI_SIM_TEXTURE_STATES &&
              g->texture_state[r->texture].valid) {
      *va =
         g->texture_state[r->texture].heap + g->texture_state[r->texture].index;
   } else if (d && d->texture_table) {
      *va = d->texture_table + (uint64_t)r->texture * AGX_TEXTURE_LENGTH;
   } else {
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "default texture hook: no descriptor for ts%u "
                             "(no texture table)",
                             r->texture);
   }
   return ASAHI_SIM_RUNNING;
}

/* The packed descriptor of size bytes that request r names, read into
 * desc (LOD queries are the command executor's texture unit's). */
static enum asahi_sim_status
read_descriptor(void *user, struct asahi_sim_group *g,
                const struct asahi_sim_texture_request *r, uint8_t *desc,
                size_t size)
{
   uint64_t dva = 0;
   enum asahi_sim_status st;

   if (r->query_lod)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "default texture hook: LOD queries (the "
                             "command executor's texture unit has them)");
   if ((st = descriptor_va(g, r, user, &dva)) != ASAHI_SIM_RUNNING)
      return st;
   if (!asahi_sim_mem_access(g, dva, desc, size, false,
                             ASAHI_SIM_UNIT_TEXTURE))
      return ASAHI_SIM_FAULT;
   return ASAHI_SIM_RUNNING;
}

/* Shared checks and the ail layout, from fields common to both structs. */
static enum asahi_sim_status
make_image(struct asahi_sim_group *g, const struct asahi_sim_texture_request *r,
           enum agx_texture_dimension dim, enum agx_layout layout,
           enum agx_channels channels, enum agx_texture_type type,
           uint32_t width, uint32_t height, uint32_t levels, uint32_t stride_B,
           struct image *img)
{
   struct ail_layout *l = &img->layout;

   if (r->dim != 2 || dim != AGX_TEXTURE_DIMENSION_2D)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "default texture hook: only 2D images "
                             "(instruction %u, descriptor %u)",
                             r->dim, dim);
   if (channels == AGX_CHANNELS_R8G8B8A8 && type == AGX_TEXTURE_TYPE_UNORM) {
      l->format =
         img->srgb ? PIPE_FORMAT_R8G8B8A8_SRGB : PIPE_FORMAT_R8G8B8A8_UNORM;
   } else if (channels == AGX_CHANNELS_R32G32B32A32 &&
              type == AGX_TEXTURE_TYPE_FLOAT) {
      l->format = PIPE_FORMAT_R32G32B32A32_FLOAT;
      img->is_float = true;
   } else {
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "default texture hook: channels 0x%x type %u "
                             "(only rgba8 unorm and rgba32 float)",
                             channels, type);
   }
   if (layout == AGX_LAYOUT_LINEAR) {
      l->tiling = AIL_TILING_LINEAR;
      l->linear_stride_B = stride_B;
   } else if (layout == AGX_LAYOUT_TWIDDLED) {
      l->tiling = AIL_TILING_TWIDDLED;
   } else {
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "default texture hook: layout %u", layout);
   }
   l->width_px = width;
   l->height_px = height;
   l->depth_px = 1;
   l->sample_count_sa = 1;
   l->levels = (uint8_t)levels;
   enum ail_error e = ail_make_miptree(l);
   if (e)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "default texture hook: bad image: %s",
                             ail_error_string(e));
   if (img->level >= l->levels_allocated)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "default texture hook: level %u of %u", img->level,
                             l->levels_allocated);
   return ASAHI_SIM_RUNNING;
}

/* Bytes of pixel (x, y) from the image's address; false if outside. */
static bool
texel_va(const struct image *img, uint32_t x, uint32_t y, uint64_t *va)
{
   uint64_t off;
   if (!ail_get_element_offset_B(&img->layout, img->level, x, y, &off))
      return false;
   if (img->layout.tiling != AIL_TILING_LINEAR)
      off += ail_get_level_offset_B(&img->layout, img->level);
   *va = img->address + off;
   return true;
}

static double
srgb_decode(double v)
{
   return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static double
srgb_encode(double v)
{
   return v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055;
}

static double
coord_float(const struct asahi_sim_texture_request *r, unsigned i)
{
   return r->coords_16 ? asahi_sim_f16_to_double((uint16_t)r->coords[i])
                       : asahi_sim_f32_to_double(r->coords[i], false);
}

static uint32_t
nearest(double c, uint32_t size)
{
   double p = floor(c * size);
   if (!(p >= 0)) /* also NaN */
      return 0;
   return p >= size ? size - 1 : (uint32_t)p;
}

static enum asahi_sim_status
default_fetch(void *user, struct asahi_sim_group *g,
              const struct asahi_sim_texture_request *r, unsigned lane,
              uint32_t texel[4])
{
   uint8_t desc[AGX_TEXTURE_LENGTH];
   struct AGX_TEXTURE d;
   struct image img = {0};
   enum asahi_sim_status st;

   if ((st = read_descriptor(user, g, r, desc, sizeof(desc))) !=
       ASAHI_SIM_RUNNING)
      return st;
   AGX_TEXTURE_unpack(NULL, desc, &d);
   if (d.samples != 0 || d.null)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "default texture hook: multisampled or null "
                             "texture");
   img.address = d.address;
   img.level = d.first_level;
   img.srgb = d.srgb;
   img.swizzle[0] = d.swizzle_r, img.swizzle[1] = d.swizzle_g;
   img.swizzle[2] = d.swizzle_b, img.swizzle[3] = d.swizzle_a;
   st = make_image(g, r, d.dimension, d.layout, d.channels, d.type, d.width,
                   d.height, d.last_level + 1, d.stride + 16, &img);
   if (st != ASAHI_SIM_RUNNING)
      return st;

   /* Explicit LOD (lod_min forms): an integer level for texture_load, a
    * float LOD rounded to the nearest level for texture_sample.  Other
    * modes use the first level (no derivatives here). */
   if (r->lod_mode == 2 || r->lod_mode == 6) {
      double lod;
      if (r->op == ASAHI_SIM_TEXTURE_LOAD)
         lod = r->lod_16 ? (uint16_t)r->lod : r->lod;
      else
         lod = nearbyint(r->lod_16 ? asahi_sim_f16_to_double((uint16_t)r->lod)
                                   : asahi_sim_f32_to_double(r->lod, false));
      double top = (double)d.last_level - d.first_level;
      lod = isnan(lod) ? 0 : fmin(fmax(lod, 0.0), top > 0 ? top : 0);
      img.level = d.first_level + (unsigned)lod;
   }

   uint32_t w = ail_minify(d.width, img.level);
   uint32_t h = ail_minify(d.height, img.level);
   uint32_t x, y;
   if (r->nr_coords < 2)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "default texture hook: 2D needs 2 coordinates");
   if (r->op == ASAHI_SIM_TEXTURE_SAMPLE) {
      x = nearest(coord_float(r, 0), w);
      y = nearest(coord_float(r, 1), h);
   } else {
      x = r->coords[0];
      y = r->coords[1];
   }

   double c[4] = {0, 0, 0, 0};
   uint64_t va;
   if (x < w && y < h && texel_va(&img, x, y, &va)) {
      uint8_t b[16];
      unsigned size = img.is_float ? 16 : 4;
      if (!asahi_sim_mem_access(g, va, b, size, false, ASAHI_SIM_UNIT_TEXTURE))
         return ASAHI_SIM_FAULT;
      for (unsigned i = 0; i < 4; i++) {
         if (img.is_float) {
            uint32_t bits = b[4 * i] | b[4 * i + 1] << 8 | b[4 * i + 2] << 16 |
                            (uint32_t)b[4 * i + 3] << 24;
            c[i] = asahi_sim_f32_to_double(bits, false);
         } else {
            c[i] = b[i] / 255.0;
            if (img.srgb && i < 3)
               c[i] = srgb_decode(c[i]);
         }
      }
   }
   for (unsigned i = 0; i < 4; i++) {
      double v = img.swizzle[i] <= AGX_CHANNEL_A   ? c[img.swizzle[i]]
                 : img.swizzle[i] == AGX_CHANNEL_1 ? 1.0
                                                   : 0.0;
      texel[i] = asahi_sim_double_to_f32(v, false);
   }
   return ASAHI_SIM_RUNNING;
}

static enum asahi_sim_status
default_write(void *user, struct asahi_sim_group *g,
              const struct asahi_sim_texture_request *r, unsigned lane,
              const uint32_t texel[4])
{
   uint8_t desc[AGX_PBE_LENGTH];
   struct AGX_PBE d;
   struct image img = {0};
   enum asahi_sim_status st;

   if ((st = read_descriptor(user, g, r, desc, sizeof(desc))) !=
       ASAHI_SIM_RUNNING)
      return st;
   AGX_PBE_unpack(NULL, desc, &d);
   if (d.samples != 0)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "default texture hook: multisampled image");
   img.address = d.buffer;
   img.srgb = d.srgb;
   bool linear = d.layout == AGX_LAYOUT_LINEAR;
   img.level = linear ? 0 : d.level;
   st = make_image(g, r, d.dimension, d.layout, d.channels, d.type, d.width,
                   d.height, linear ? 1 : d.levels, d.stride + 4, &img);
   if (st != ASAHI_SIM_RUNNING)
      return st;
   if (r->nr_coords < 2)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "default texture hook: 2D needs 2 coordinates");

   uint32_t x = r->coords[0], y = r->coords[1];
   uint64_t va;
   if (x >= ail_minify(d.width, img.level) ||
       y >= ail_minify(d.height, img.level) || !texel_va(&img, x, y, &va))
      return ASAHI_SIM_RUNNING;

   uint8_t b[16];
   unsigned size = img.is_float ? 16 : 4;
   for (unsigned i = 0; i < 4; i++) {
      if (img.is_float) {
         for (unsigned k = 0; k < 4; k++)
            b[4 * i + k] = (uint8_t)(texel[i] >> (8 * k));
      } else {
         double v = asahi_sim_f32_to_double(texel[i], false);
         v = isnan(v) ? 0.0 : fmin(fmax(v, 0.0), 1.0);
         if (img.srgb && i < 3)
            v = srgb_encode(v);
         b[i] = (uint8_t)nearbyint(v * 255.0);
      }
   }
   return asahi_sim_mem_access(g, va, b, size, true, ASAHI_SIM_UNIT_TEXTURE)
             ? ASAHI_SIM_RUNNING
             : ASAHI_SIM_FAULT;
}

const struct asahi_sim_texture_hooks asahi_sim_texture_default_hooks = {
   .fetch = default_fetch,
   .write = default_write,
};
