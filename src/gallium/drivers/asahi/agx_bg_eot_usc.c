/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The background and end-of-tile programs of a render pass with their USC
 * word lists: descriptors (PBEs for stores, textures for reloads), clear
 * colours pushed as uniforms, the tilebuffer's Shared word, and a screen-
 * wide cache of assembled programs (src/asahi/lib/agx_bg_eot.c builds
 * them).
 */
#include <string.h>

#include "util/log.h"
#include "util/ralloc.h"

#include "agx_descriptors.h"
#include "agx_pack.h"
#include "agx_state.h"
#include "agx_usc.h"

/* Background and end-of-tile programs depend only on their key; a
 * screen-wide cache keeps the last AGX_BG_EOT_CACHE_SIZE assembled ones
 * (replaced round-robin).  On success prog's code is a copy under mem.
 */
static bool
agx_bg_eot_cached(struct agx_screen *screen, const struct agx_bg_eot_key *key,
                  void *mem, struct agx_bg_eot_program *prog)
{
   bool ok = true;
   pthread_mutex_lock(&screen->bg_eot_lock);
   struct agx_bg_eot_cache_entry *hit = NULL;
   for (unsigned i = 0; i < AGX_BG_EOT_CACHE_SIZE; ++i) {
      struct agx_bg_eot_cache_entry *e = &screen->bg_eot_cache[i];
      if (e->code && !memcmp(&e->key, key, sizeof(*key))) {
         hit = e;
         break;
      }
   }

   if (!hit) {
      char err[256];
      struct agx_bg_eot_program built;
      void *tmp = ralloc_context(NULL);
      if (agx_build_bg_eot(key, tmp, &built, err, sizeof(err))) {
         u_loge("asahi",
                "building a background/end-of-tile program "
                "failed: %s",
                err);
         ok = false;
      } else {
         hit =
            &screen
                ->bg_eot_cache[screen->bg_eot_next++ % AGX_BG_EOT_CACHE_SIZE];
         free(hit->code);
         hit->code = malloc(built.size_B);
         if (hit->code) {
            memcpy(hit->code, built.code, built.size_B);
            hit->key = *key;
            hit->prog = built;
            hit->prog.code = NULL;
            hit->prog.source = NULL;
         } else {
            ok = false;
         }
      }
      ralloc_free(tmp);
   }

   if (ok) {
      *prog = hit->prog;
      prog->code = ralloc_size(mem, hit->prog.size_B);
      if (prog->code)
         memcpy(prog->code, hit->code, hit->prog.size_B);
      ok = prog->code != NULL;
   }
   pthread_mutex_unlock(&screen->bg_eot_lock);
   return ok;
}

/* The single-level view of a render target surface that the background
 * program loads and the end-of-tile program stores: one layer, or in a
 * layered pass all the surface's layers as a 2D array whatever the
 * texture's target (3D slices and cube faces are layers too; Fact:
 * alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_state.c,
 * sampler_view_for_surface and agx_batch_upload_pbe).
 */
static struct agx_view_desc
surface_view(const struct agx_batch *batch, const struct pipe_surface *surf)
{
   const struct agx_resource *rsrc = agx_resource(surf->texture);
   bool ms = batch->tib.nr_samples > 1, layered = batch->tib.layered;
   unsigned dim = layered ? (ms ? AGX_TEXTURE_DIMENSION_2D_ARRAY_MS
                                : AGX_TEXTURE_DIMENSION_2D_ARRAY)
                          : (ms ? AGX_TEXTURE_DIMENSION_2D_MS
                                : AGX_TEXTURE_DIMENSION_2D);
   return (struct agx_view_desc){
      .layout = &rsrc->layout,
      .base_va = rsrc->bo->va,
      .format = surf->format,
      .dimension = dim,
      .first_level = surf->u.tex.level,
      .last_level = surf->u.tex.level,
      .first_layer = surf->u.tex.first_layer,
      .last_layer =
         layered ? surf->u.tex.last_layer : surf->u.tex.first_layer,
   };
}

/* Build the background or end-of-tile program of the batch and its USC
 * word list; returns the list's USC offset (0 on failure) and the Counts
 * word.
 */
uint32_t
agx_build_bg_eot_usc(struct agx_batch *batch, bool store, uint32_t *counts)
{
   struct agx_screen *screen = agx_screen(batch->ctx->base.screen);
   struct agx_bg_eot_key key;
   memset(&key, 0, sizeof(key)); /* compared bytewise by the cache */
   key.tib = batch->tib;
   unsigned nr_textures = 0;

   /* Descriptors: PBEs for stores, clear colours in uniforms. */
   uint8_t descs[AGX_MAX_RTS][AGX_PBE_LENGTH];
   memset(descs, 0, sizeof(descs));
   uint32_t clear_values[AGX_MAX_RTS][4];
   memset(clear_values, 0, sizeof(clear_values));

   for (unsigned rt = 0; rt < batch->key.nr_cbufs; ++rt) {
      struct pipe_surface *surf = batch->key.cbufs[rt];
      if (!surf || !agx_tilebuffer_has_rt(&batch->tib, rt))
         continue;

      if (store) {
         struct agx_view_desc v = surface_view(batch, surf);
         agx_pack_pbe_desc(descs[rt], &v);
         key.op[rt] = AGX_EOT_STORE;
         nr_textures = rt + 1;
      } else if ((batch->resolve & (PIPE_CLEAR_COLOR0 << rt)) &&
                 batch->resolve_src[rt]) {
         /* The source's samples as a 2D MS texture, channels in memory
          * order like a load. */
         const struct agx_resource *src =
            agx_resource(batch->resolve_src[rt]);
         key.op[rt] = AGX_BG_RESOLVE;
         key.resolve_samples[rt] = src->layout.sample_count_sa;
         struct agx_view_desc v = {
            .layout = &src->layout,
            .base_va = src->bo->va,
            .format = surf->format,
            .dimension = AGX_TEXTURE_DIMENSION_2D_MS,
            .swizzle = {PIPE_SWIZZLE_X, PIPE_SWIZZLE_Y, PIPE_SWIZZLE_Z,
                        PIPE_SWIZZLE_W},
            .memory_order = true,
         };
         agx_pack_texture_desc(descs[rt], &v);
         nr_textures = 2 * rt + 1;
      } else if (batch->clear & (PIPE_CLEAR_COLOR0 << rt)) {
         key.op[rt] = AGX_BG_CLEAR;
         agx_pack_clear_colour(&batch->tib, rt, batch->clear_color[rt].ui,
                               clear_values[rt]);
      } else if (batch->load & (PIPE_CLEAR_COLOR0 << rt)) {
         key.op[rt] = AGX_BG_LOAD;
         struct agx_view_desc v = surface_view(batch, surf);
         v.swizzle[0] = PIPE_SWIZZLE_X;
         v.swizzle[1] = PIPE_SWIZZLE_Y;
         v.swizzle[2] = PIPE_SWIZZLE_Z;
         v.swizzle[3] = PIPE_SWIZZLE_W;
         v.memory_order = true;
         agx_pack_texture_desc(descs[rt], &v);
         nr_textures = 2 * rt + 1;
      }
   }

   struct agx_bg_eot_program prog;
   void *mem = ralloc_context(NULL);
   if (!agx_bg_eot_cached(screen, &key, mem, &prog)) {
      ralloc_free(mem);
      return 0;
   }

   struct agx_ptr code = agx_pool_alloc(&batch->pipeline, prog.size_B, 256);
   if (!code.cpu) {
      ralloc_free(mem);
      return 0;
   }
   memcpy(code.cpu, prog.code, prog.size_B);

   /* Texture table: PBE of rt at register rt (store) or the load texture
    * of rt at register 2 * rt (load); entries are 24 bytes each.
    */
   uint64_t tex_va = 0;
   if (nr_textures) {
      struct agx_ptr t =
         agx_pool_alloc(&batch->pool, nr_textures * AGX_PBE_LENGTH, 64);
      if (!t.cpu) {
         ralloc_free(mem);
         return 0;
      }
      memset(t.cpu, 0, nr_textures * AGX_PBE_LENGTH);
      for (unsigned rt = 0; rt < AGX_MAX_RTS; ++rt) {
         unsigned reg = store ? rt : 2 * rt;
         if (key.op[rt] == AGX_EOT_STORE || key.op[rt] == AGX_BG_LOAD ||
             key.op[rt] == AGX_BG_RESOLVE)
            memcpy((uint8_t *)t.cpu + reg * AGX_PBE_LENGTH, descs[rt],
                   AGX_PBE_LENGTH);
      }
      tex_va = t.gpu;
   }

   size_t usc_size = AGX_USC_MAX_SIZE(AGX_MAX_RTS) + AGX_USC_SAMPLER_LENGTH;
   struct agx_ptr usc = agx_pool_alloc(&batch->pipeline, usc_size, 64);
   if (!usc.cpu) {
      ralloc_free(mem);
      return 0;
   }
   struct agx_usc_builder b = agx_usc_builder_init(usc.cpu, usc_size);

   if (nr_textures) {
      agx_usc_pack(&b, USC_TEXTURE, cfg)
      {
         cfg.start = 0;
         cfg.count = nr_textures;
         cfg.buffer = tex_va;
      }
   }

   if (prog.uses_sampler) {
      struct agx_ptr s = agx_pool_alloc(&batch->pool, AGX_SAMPLER_LENGTH, 64);
      if (s.cpu) {
         agx_pack(s.cpu, SAMPLER, cfg) {
            cfg.mag_filter = AGX_FILTER_NEAREST;
            cfg.min_filter = AGX_FILTER_NEAREST;
            cfg.mip_filter = AGX_MIP_FILTER_NONE;
            cfg.wrap_s = AGX_WRAP_CLAMP_TO_EDGE;
            cfg.wrap_t = AGX_WRAP_CLAMP_TO_EDGE;
            cfg.wrap_r = AGX_WRAP_CLAMP_TO_EDGE;
            cfg.pixel_coordinates = true;
            cfg.compare_func = AGX_COMPARE_FUNC_ALWAYS;
         }
         agx_usc_pack(&b, USC_SAMPLER, cfg)
         {
            cfg.start = 0;
            cfg.count = 1;
            cfg.buffer = s.gpu;
         }
      }
   }

   for (unsigned rt = 0; rt < AGX_MAX_RTS; ++rt) {
      if (key.op[rt] != AGX_BG_CLEAR)
         continue;
      uint64_t va = agx_pool_upload(&batch->pool, clear_values[rt], 16, 16);
      agx_usc_uniform(&b, agx_bg_clear_uniform(rt), 8, va);
   }

   uint32_t shared;
   agx_tilebuffer_pack_usc_shared(&batch->tib, &shared);
   agx_usc_push_blob(&b, &shared, 4);

   agx_usc_pack(&b, USC_SHADER, cfg)
   {
      cfg.code = code.gpu - screen->dev.usc_base;
      cfg.unk_10 = 0;
   }
   agx_usc_pack(&b, USC_REGISTERS, cfg)
   {
      cfg.gprs = prog.nr_gprs;
   }
   agx_usc_pack(&b, USC_NO_PRESHADER, cfg);

   agx_pack(counts, COUNTS, cfg) {
      cfg.uniforms = prog.nr_uniforms;
      cfg.texture_states = nr_textures;
      cfg.sampler_states = prog.uses_sampler ? AGX_SAMPLER_STATES_4_COMPACT : 0;
      if (!store)
         cfg.unknown = 0xffff;
   }

   ralloc_free(mem);
   if (b.overflow)
      return 0;
   return usc.gpu - screen->dev.usc_base;
}
