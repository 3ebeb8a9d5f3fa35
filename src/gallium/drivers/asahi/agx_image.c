/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Shader images (set_shader_images).  Each bound image becomes two
 * descriptors in the stage's texture table (agx_compile.h,
 * AGX_IMAGE_TS_BASE): a texture descriptor that image loads read through
 * (texture_load) and a PBE descriptor that image stores write through
 * (image_write), both of the view's format, level and layers.  Cube
 * images are 2D arrays of faces and 1D images 2D ones of height 1, as
 * the compiler addresses them; buffer images are linear 2D images
 * AGX_BUFFER_TEXTURE_WIDTH texels wide, like buffer textures.
 */
#include <string.h>

#include "agx_state.h"
#include "agx_descriptors.h"
#include "agx_pack.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

static void
agx_set_shader_images(struct pipe_context *pctx, enum pipe_shader_type shader,
                      unsigned start, unsigned count,
                      unsigned unbind_num_trailing_slots,
                      const struct pipe_image_view *images)
{
   struct agx_context *ctx = agx_context(pctx);
   struct agx_stage_state *st = &ctx->stage[shader];
   unsigned end = MIN2(start + count + unbind_num_trailing_slots,
                       AGX_MAX_IMAGES);

   for (unsigned slot = start; slot < end; ++slot) {
      struct pipe_image_view *v = &st->images[slot];
      unsigned i = slot - start;
      const struct pipe_image_view *in =
         images && i < count ? &images[i] : NULL;
      pipe_resource_reference(&v->resource, in ? in->resource : NULL);
      if (in) {
         struct pipe_resource *keep = v->resource;
         *v = *in;
         v->resource = keep;
      } else {
         memset(&v->u, 0, sizeof(v->u));
      }
   }
   /* The table covers every slot given a view, empty ones too (null
    * descriptors): the shader may still address them (an image unit
    * with no usable texture, GL 4.6 section 8.26). */
   st->nr_images = images ? MIN2(start + count, AGX_MAX_IMAGES) : 0;
   for (unsigned slot = 0; slot < AGX_MAX_IMAGES; ++slot) {
      if (st->images[slot].resource)
         st->nr_images = MAX2(st->nr_images, slot + 1);
   }
   st->tables.valid = false;
   ctx->dirty |= AGX_DIRTY_TEXTURES;
}

/* The hardware dimension an image of this target is addressed with. */
static unsigned
image_dimension(enum pipe_texture_target target, bool layered, bool ms)
{
   if (ms)
      return layered ? AGX_TEXTURE_DIMENSION_2D_ARRAY_MS
                     : AGX_TEXTURE_DIMENSION_2D_MS;
   switch (target) {
   case PIPE_TEXTURE_3D:
      /* one slice of it: a 2D image */
      return layered ? AGX_TEXTURE_DIMENSION_3D : AGX_TEXTURE_DIMENSION_2D;
   case PIPE_TEXTURE_1D_ARRAY:
   case PIPE_TEXTURE_2D_ARRAY:
   case PIPE_TEXTURE_CUBE:
   case PIPE_TEXTURE_CUBE_ARRAY:
      return layered ? AGX_TEXTURE_DIMENSION_2D_ARRAY
                     : AGX_TEXTURE_DIMENSION_2D;
   default:
      return AGX_TEXTURE_DIMENSION_2D;
   }
}

/* Does the view cover several layers (an array, cube or 3D binding)?  A
 * 3D view of all the level's slices is taken as layered even when the
 * level has one (a layered binding: GL 4.6 section 8.26). */
static bool
view_layered(const struct pipe_image_view *v)
{
   if (v->resource->target == PIPE_TEXTURE_3D)
      return v->u.tex.first_layer == 0 &&
             v->u.tex.last_layer + 1 >=
                u_minify(v->resource->depth0, v->u.tex.level);
   return v->u.tex.last_layer > v->u.tex.first_layer ||
          v->resource->target == PIPE_TEXTURE_CUBE ||
          v->resource->target == PIPE_TEXTURE_CUBE_ARRAY;
}

/* The PBE of a multisample image: its samples in memory order as the
 * texels of a linear 2D image AGX_BUFFER_TEXTURE_WIDTH wide, from the
 * view's first layer to the end of its last (ail keeps a pixel's samples
 * together in one element), as Mesa's driver stores to multisample
 * images (fact: alexvorxx/Mesa-VirGL src/asahi/lib/agx_nir_lower_texture.c,
 * lower_multisampled_store, and shaders/texture.cl,
 * libagx_image_texel_address).  The compiler computes the sample's index
 * (agx_nir_lower_image.c, from AGX_PUSH_IMAGE_ATOMIC). */
static bool
pack_sample_pbe(uint8_t *pbe, const struct pipe_image_view *v,
                struct agx_resource *rsrc)
{
   const struct ail_layout *l = &rsrc->layout;
   unsigned bs = util_format_get_blocksize(v->format);
   unsigned layers = v->u.tex.last_layer - v->u.tex.first_layer + 1;
   if (!bs || bs != util_format_get_blocksize(l->format))
      return false;
   uint64_t size_el = l->layer_stride_B / bs * layers;
   /* (the PBE's height field holds up to 16384 rows: cmdbuf.xml) */
   if (DIV_ROUND_UP(size_el, AGX_BUFFER_TEXTURE_WIDTH) > 16384)
      return false;
   struct ail_layout lin = agx_buffer_layout(v->format, (unsigned)size_el);
   struct agx_view_desc d = {
      .layout = &lin,
      .base_va = rsrc->bo->va + l->layer_stride_B * v->u.tex.first_layer,
      .format = v->format,
      .dimension = AGX_TEXTURE_DIMENSION_2D,
   };
   return agx_pack_pbe_desc(pbe, &d);
}

static bool
pack_image(uint8_t *tex, uint8_t *pbe, const struct pipe_image_view *v)
{
   struct agx_resource *rsrc = agx_resource(v->resource);
   if (!rsrc->bo)
      return false;

   if (v->resource->target == PIPE_BUFFER) {
      unsigned bs = util_format_get_blocksize(v->format);
      unsigned size_el = bs ? v->u.buf.size / bs : 0;
      if (!size_el)
         return false;
      struct ail_layout l = agx_buffer_layout(v->format, size_el);
      struct agx_view_desc d = {
         .layout = &l,
         .base_va = rsrc->bo->va + v->u.buf.offset,
         .format = v->format,
         .dimension = AGX_TEXTURE_DIMENSION_2D,
         .swizzle = {PIPE_SWIZZLE_X, PIPE_SWIZZLE_Y, PIPE_SWIZZLE_Z,
                     PIPE_SWIZZLE_W},
      };
      return agx_pack_texture_desc(tex, &d) && agx_pack_pbe_desc(pbe, &d);
   }

   bool ms = rsrc->layout.sample_count_sa > 1;
   struct agx_view_desc d = {
      .layout = &rsrc->layout,
      .base_va = rsrc->bo->va,
      .format = v->format,
      .dimension = image_dimension(v->resource->target, view_layered(v), ms),
      .first_level = v->u.tex.level,
      /* the resource's last level, not the view's: the texture unit
       * derives the layer stride of layers that are not page-aligned
       * from the levels up to last_level (as the simulator does,
       * asahi_sim_sampler.c), so a one-level view of a mipmapped array
       * would step through its layers too short; loads use LOD 0, the
       * bound level, anyway */
      .last_level = rsrc->layout.levels ? rsrc->layout.levels - 1u : 0u,
      .first_layer = v->u.tex.first_layer,
      .last_layer = v->u.tex.last_layer,
      .swizzle = {PIPE_SWIZZLE_X, PIPE_SWIZZLE_Y, PIPE_SWIZZLE_Z,
                  PIPE_SWIZZLE_W},
   };
   if (!agx_pack_texture_desc(tex, &d))
      return false;
   if (ms)
      return pack_sample_pbe(pbe, v, rsrc);
   /* ail lays the slices of a 3D image out as the layers of a 2D array
    * (one layer stride apart, at every level), so stores write them
    * through a 2D-array PBE of the level's slices (the compiler gives
    * z as the layer, agx_nir_lower_image.c) */
   if (d.dimension == AGX_TEXTURE_DIMENSION_3D)
      d.dimension = AGX_TEXTURE_DIMENSION_2D_ARRAY;
   return agx_pack_pbe_desc(pbe, &d);
}

/* Descriptors of no image: loads read 0, stores go to a sink.  AGX has no
 * real null textures: Mesa's driver gives them layout null, R8 with every
 * swizzle 0 and a valid address, and null PBEs a 1x1 R8 sink (fact:
 * alexvorxx/Mesa-VirGL src/asahi/lib/agx_helpers.h, agx_set_null_texture
 * and agx_set_null_pbe). */
static void
pack_null_image(uint8_t *tex, uint8_t *pbe, uint64_t valid_va, uint64_t sink)
{
   agx_pack(tex, TEXTURE, cfg) {
      cfg.layout = AGX_LAYOUT_NULL;
      cfg.channels = AGX_CHANNELS_R8;
      cfg.type = AGX_TEXTURE_TYPE_UNORM;
      cfg.swizzle_r = AGX_CHANNEL_0;
      cfg.swizzle_g = AGX_CHANNEL_0;
      cfg.swizzle_b = AGX_CHANNEL_0;
      cfg.swizzle_a = AGX_CHANNEL_0;
      cfg.address = valid_va;
      cfg.null = true;
   }
   agx_pack(pbe, PBE, cfg) {
      cfg.width = 1;
      cfg.height = 1;
      cfg.levels = 1;
      cfg.layout = AGX_LAYOUT_NULL;
      cfg.channels = AGX_CHANNELS_R8;
      cfg.type = AGX_TEXTURE_TYPE_UNORM;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_R;
      cfg.swizzle_b = AGX_CHANNEL_R;
      cfg.swizzle_a = AGX_CHANNEL_R;
      cfg.buffer = sink;
   }
}

void
agx_pack_image_descriptors(struct agx_context *ctx, struct agx_batch *batch,
                           enum pipe_shader_type stage, uint8_t *table,
                           uint64_t table_va)
{
   struct agx_stage_state *st = &ctx->stage[stage];
   uint64_t sink = 0;
   for (unsigned i = 0; i < st->nr_images; ++i) {
      const struct pipe_image_view *v = &st->images[i];
      uint8_t *tex = table + (AGX_IMAGE_TS_BASE + 2 * i) * AGX_TEXTURE_LENGTH;
      uint8_t *pbe = tex + AGX_TEXTURE_LENGTH;
      memset(tex, 0, 2 * AGX_TEXTURE_LENGTH);
      if (!v->resource || !pack_image(tex, pbe, v)) {
         if (!sink) {
            struct agx_ptr p = agx_pool_alloc(&batch->pool, 64, 64);
            sink = p.gpu ? p.gpu : table_va;
         }
         memset(tex, 0, 2 * AGX_TEXTURE_LENGTH);
         pack_null_image(tex, pbe, table_va, sink);
         continue;
      }
      if (v->access & PIPE_IMAGE_ACCESS_WRITE)
         agx_batch_writes(batch, v->resource);
      else
         agx_batch_reads(batch, v->resource);
   }
}

void
agx_image_size_words(const struct agx_stage_state *st, unsigned reg,
                     uint32_t out[4])
{
   out[0] = out[1] = out[2] = out[3] = 1;
   unsigned i = (reg - AGX_IMAGE_TS_BASE) / 2;
   if (reg < AGX_IMAGE_TS_BASE || i >= st->nr_images)
      return;
   const struct pipe_image_view *v = &st->images[i];
   const struct pipe_resource *t = v->resource;
   if (!t)
      return;
   if (t->target == PIPE_BUFFER) {
      unsigned bs = util_format_get_blocksize(v->format);
      out[0] = bs ? v->u.buf.size / bs : 0;
      return;
   }
   agx_level_size_words(t, t->target, v->u.tex.level,
                        v->u.tex.last_layer - v->u.tex.first_layer + 1, out);
}

/* AGX_PUSH_TEXTURE_SAMPLES (agx_compile.h): the sample count of the
 * texture or image in texture state register `reg`, 1 when it is not
 * multisampled or nothing is bound (textureSamples, imageSamples). */
uint32_t
agx_texture_samples_word(const struct agx_stage_state *st, unsigned reg)
{
   const struct pipe_resource *t = NULL;
   if (reg >= AGX_IMAGE_TS_BASE) {
      unsigned i = (reg - AGX_IMAGE_TS_BASE) / 2;
      if (i < st->nr_images)
         t = st->images[i].resource;
   } else if (reg < PIPE_MAX_SHADER_SAMPLER_VIEWS && st->views[reg]) {
      t = st->views[reg]->texture;
   }
   return t && t->nr_samples > 1 ? t->nr_samples : 1;
}

void
agx_image_atomic_record(const struct agx_stage_state *st, unsigned index,
                        uint32_t out[8])
{
   memset(out, 0, 8 * sizeof(uint32_t));
   if (index >= st->nr_images || !st->images[index].resource)
      return;
   const struct pipe_image_view *v = &st->images[index];
   struct agx_resource *rsrc = agx_resource(v->resource);
   /* in texels of the view's format (words for the 32-bit formats of
    * atomics; samples of multisample images) */
   unsigned bs = util_format_get_blocksize(v->format);
   if (!rsrc->bo || !bs)
      return;
   uint64_t va = rsrc->bo->va;

   if (v->resource->target == PIPE_BUFFER) {
      /* one row of texels from the view's offset */
      va += v->u.buf.offset;
      out[2] = v->u.buf.size / bs;
      out[3] = out[4] = 1;
      out[6] = out[2];
   } else {
      const struct ail_layout *l = &rsrc->layout;
      unsigned level = v->u.tex.level;
      /* 3D images: their slices are layers (ail) */
      if (level >= l->levels_allocated ||
          util_format_get_blocksize(l->format) != bs)
         return;
      va += ail_get_layer_level_B(l, v->u.tex.first_layer, level);
      out[2] = u_minify(l->width_px, level);
      out[3] = u_minify(l->height_px, level);
      out[4] = v->u.tex.last_layer - v->u.tex.first_layer + 1;
      out[7] = (uint32_t)(l->layer_stride_B / bs);
      /* a pixel's samples follow one another (ail: one element) */
      out[5] = util_logbase2(l->sample_count_sa) << 24;
      if (l->tiling == AIL_TILING_LINEAR) {
         out[6] = ail_get_linear_stride_B(l) / bs;
      } else if (l->tiling == AIL_TILING_TWIDDLED) {
         struct ail_tile t = l->tilesize_el[level];
         out[5] |= 1 | util_logbase2(t.width_el) << 8 |
                   util_logbase2(t.height_el) << 16;
         out[6] = DIV_ROUND_UP(l->stride_el[level], t.width_el);
      } else {
         out[2] = 0; /* compressed: no texel addresses */
      }
   }
   out[0] = (uint32_t)va;
   out[1] = (uint32_t)(va >> 32);
}

void
agx_release_images(struct agx_context *ctx)
{
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; ++s) {
      for (unsigned i = 0; i < AGX_MAX_IMAGES; ++i)
         pipe_resource_reference(&ctx->stage[s].images[i].resource, NULL);
   }
}

void
agx_init_image_functions(struct pipe_context *pctx)
{
   pctx->set_shader_images = agx_set_shader_images;
}
