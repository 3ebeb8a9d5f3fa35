/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Resources and transfers.  Buffers are plain BOs.  Textures get an ail
 * layout: twiddled unless linear is asked for (or the image is 1D-like and
 * shared); maps of twiddled levels go through a linear staging copy,
 * (de)tiled with ail.
 */
#include <stdlib.h>
#include <string.h>

#include "util/log.h"
#include "util/format/u_format_pack.h"
#include "util/u_inlines.h"

#include "agx_formats.h"
#include "agx_state.h"

/* Set by resource_create_with_modifiers when the consumer accepts the
 * twiddled modifier.
 */
#define AGX_RESOURCE_FLAG_TWIDDLED_OK PIPE_RESOURCE_FLAG_DRV_PRIV

static bool
agx_want_linear(const struct pipe_resource *templ)
{
   if (templ->bind & PIPE_BIND_LINEAR)
      return true;
   if (templ->flags & AGX_RESOURCE_FLAG_TWIDDLED_OK)
      return false;
   /* Shared images must be readable by other devices and processes that
    * do not know the twiddled layout.
    */
   if (templ->bind & (PIPE_BIND_SHARED | PIPE_BIND_SCANOUT))
      return true;
   if (templ->usage == PIPE_USAGE_STAGING)
      return templ->last_level == 0 && templ->target == PIPE_TEXTURE_2D;
   return false;
}

/* The format the hardware stores the depth (or only) plane in. */
static enum pipe_format
agx_storage_format(enum pipe_format format)
{
   switch (format) {
   case PIPE_FORMAT_Z24_UNORM_S8_UINT:
   case PIPE_FORMAT_Z24X8_UNORM:
   case PIPE_FORMAT_Z32_FLOAT_S8X24_UINT:
      return PIPE_FORMAT_Z32_FLOAT;
   default:
      return format;
   }
}

static bool
agx_needs_separate_stencil(enum pipe_format format)
{
   return format == PIPE_FORMAT_Z24_UNORM_S8_UINT ||
          format == PIPE_FORMAT_Z32_FLOAT_S8X24_UINT;
}

static struct pipe_resource *
agx_resource_create(struct pipe_screen *pscreen,
                    const struct pipe_resource *templ);

static struct pipe_resource *
agx_resource_create_plane(struct pipe_screen *pscreen,
                          const struct pipe_resource *templ)
{
   struct agx_screen *screen = agx_screen(pscreen);
   struct agx_resource *rsrc = calloc(1, sizeof(*rsrc));
   if (!rsrc)
      return NULL;

   rsrc->base = *templ;
   rsrc->base.screen = pscreen;
   pipe_reference_init(&rsrc->base.reference, 1);

   uint64_t size_B;
   if (templ->target == PIPE_BUFFER) {
      size_B = templ->width0 ? templ->width0 : 1;
      rsrc->layout.size_B = size_B;
      rsrc->layout.format = PIPE_FORMAT_R8_UNORM;
   } else {
      bool linear = agx_want_linear(templ);
      bool is_3d = templ->target == PIPE_TEXTURE_3D;
      rsrc->layout = (struct ail_layout){
         .width_px = templ->width0,
         .height_px = templ->height0 ? templ->height0 : 1,
         .depth_px =
            is_3d ? templ->depth0 : (templ->array_size ? templ->array_size : 1),
         .sample_count_sa = templ->nr_samples > 1 ? templ->nr_samples : 1,
         .levels = templ->last_level + 1,
         .mipmapped_z = is_3d,
         .cube = templ->target == PIPE_TEXTURE_CUBE ||
                 templ->target == PIPE_TEXTURE_CUBE_ARRAY,
         .tiling = linear ? AIL_TILING_LINEAR : AIL_TILING_TWIDDLED,
         .format = agx_storage_format(templ->format),
         .writeable_image = (templ->bind & PIPE_BIND_SHADER_IMAGE) != 0,
         .renderable = (templ->bind & (PIPE_BIND_RENDER_TARGET |
                                       PIPE_BIND_DEPTH_STENCIL)) != 0,
      };
      if (linear) {
         unsigned bpp = util_format_get_blocksize(rsrc->layout.format);
         rsrc->layout.linear_stride_B = (templ->width0 * bpp + 15) & ~15u;
      }

      enum ail_error err = ail_make_miptree(&rsrc->layout);
      if (err != AIL_OK) {
         u_loge("asahi", "cannot lay out a %ux%u %s image: %s", templ->width0,
                templ->height0, util_format_name(templ->format),
                ail_error_string(err));
         free(rsrc);
         return NULL;
      }
      size_B = rsrc->layout.size_B;
      rsrc->modifier =
         linear ? AIL_DRM_FORMAT_MOD_LINEAR : AIL_DRM_FORMAT_MOD_APPLE_TWIDDLED;
   }

   uint32_t flags = AGX_BO_WRITEBACK;
   if (templ->bind &
       (PIPE_BIND_SHARED | PIPE_BIND_SCANOUT | PIPE_BIND_DISPLAY_TARGET))
      flags |= AGX_BO_SHAREABLE;

   rsrc->bo = agx_bo_create(&screen->dev, size_B, flags, "resource");
   if (!rsrc->bo) {
      u_loge("asahi", "out of GPU memory for a %llu-byte resource: %s",
             (unsigned long long)size_B, screen->dev.error);
      free(rsrc);
      return NULL;
   }
   return &rsrc->base;
}

static struct pipe_resource *
agx_resource_create(struct pipe_screen *pscreen,
                    const struct pipe_resource *templ)
{
   struct pipe_resource *res = agx_resource_create_plane(pscreen, templ);
   if (!res || !agx_needs_separate_stencil(templ->format))
      return res;

   struct pipe_resource s = *templ;
   s.format = PIPE_FORMAT_S8_UINT;
   struct pipe_resource *stencil = agx_resource_create_plane(pscreen, &s);
   if (!stencil) {
      pipe_resource_reference(&res, NULL);
      return NULL;
   }
   agx_resource(res)->separate_stencil = agx_resource(stencil);
   return res;
}

static void
agx_resource_destroy(struct pipe_screen *pscreen, struct pipe_resource *res)
{
   struct agx_resource *rsrc = agx_resource(res);
   if (rsrc->separate_stencil) {
      struct pipe_resource *s = &rsrc->separate_stencil->base;
      pipe_resource_reference(&s, NULL);
   }
   /* The GPU may still read it: wait for its last use. */
   agx_wait_seqno(agx_screen(pscreen), rsrc->last_use);
   agx_bo_unreference(rsrc->bo);
   free(rsrc);
}

/* A dma-buf from another process or device: linear (with the stride it
 * comes with) or twiddled, by its modifier.
 */
static struct pipe_resource *
agx_resource_from_handle(struct pipe_screen *pscreen,
                         const struct pipe_resource *templ,
                         struct winsys_handle *handle, unsigned usage)
{
   struct agx_screen *screen = agx_screen(pscreen);
   if (handle->type != WINSYS_HANDLE_TYPE_FD || templ->target == PIPE_BUFFER)
      return NULL;

   enum ail_tiling tiling = AIL_TILING_LINEAR;
   if (handle->modifier != AIL_DRM_FORMAT_MOD_LINEAR &&
       handle->modifier != UINT64_C(0x00ffffffffffffff) /* INVALID */ &&
       !ail_drm_modifier_to_tiling(handle->modifier, &tiling))
      return NULL;
   if (handle->offset)
      return NULL; /* TODO: offsets into the buffer */

   struct agx_resource *rsrc = calloc(1, sizeof(*rsrc));
   if (!rsrc)
      return NULL;
   rsrc->base = *templ;
   rsrc->base.screen = pscreen;
   pipe_reference_init(&rsrc->base.reference, 1);
   rsrc->layout = (struct ail_layout){
      .width_px = templ->width0,
      .height_px = templ->height0 ? templ->height0 : 1,
      .depth_px = 1,
      .sample_count_sa = 1,
      .levels = 1,
      .tiling = tiling,
      .format = templ->format,
      .linear_stride_B = tiling == AIL_TILING_LINEAR ? handle->stride : 0,
      .renderable = (templ->bind & PIPE_BIND_RENDER_TARGET) != 0,
   };
   enum ail_error err = ail_make_miptree(&rsrc->layout);
   if (err != AIL_OK) {
      u_loge("asahi", "cannot import a %ux%u %s image: %s", templ->width0,
             templ->height0, util_format_name(templ->format),
             ail_error_string(err));
      free(rsrc);
      return NULL;
   }
   rsrc->modifier = ail_tiling_to_drm_modifier(tiling);
   rsrc->bo = agx_bo_import(&screen->dev, (int)handle->handle);
   if (!rsrc->bo || rsrc->bo->size < rsrc->layout.size_B) {
      u_loge("asahi", "cannot import dma-buf %d: %s", (int)handle->handle,
             rsrc->bo ? "too small for the image" : screen->dev.error);
      if (rsrc->bo)
         agx_bo_unreference(rsrc->bo);
      free(rsrc);
      return NULL;
   }
   /* Shared contents are defined. */
   rsrc->valid_levels = 1;
   return &rsrc->base;
}

static struct pipe_resource *
agx_resource_create_with_modifiers(struct pipe_screen *pscreen,
                                   const struct pipe_resource *templ,
                                   const uint64_t *modifiers, int count)
{
   bool linear = false, twiddled = false;
   for (int i = 0; i < count; ++i) {
      if (modifiers[i] == AIL_DRM_FORMAT_MOD_LINEAR)
         linear = true;
      else if (modifiers[i] == AIL_DRM_FORMAT_MOD_APPLE_TWIDDLED)
         twiddled = true;
   }
   if (!linear && !twiddled)
      return NULL;

   struct pipe_resource t = *templ;
   if (!twiddled)
      t.bind |= PIPE_BIND_LINEAR;
   else
      t.flags |= AGX_RESOURCE_FLAG_TWIDDLED_OK;
   struct pipe_resource *res = agx_resource_create(pscreen, &t);
   if (res)
      res->flags = templ->flags;
   return res;
}

static void
agx_query_dmabuf_modifiers(struct pipe_screen *pscreen, enum pipe_format format,
                           int max, uint64_t *modifiers,
                           unsigned int *external_only, int *count)
{
   static const uint64_t mods[] = {AIL_DRM_FORMAT_MOD_APPLE_TWIDDLED,
                                   AIL_DRM_FORMAT_MOD_LINEAR};
   int n = 2;
   if (max == 0) {
      *count = n;
      return;
   }
   int k = max < n ? max : n;
   for (int i = 0; i < k; ++i) {
      modifiers[i] = mods[i];
      if (external_only)
         external_only[i] = 0;
   }
   *count = k;
}

static bool
agx_resource_get_handle(struct pipe_screen *pscreen, struct pipe_context *pctx,
                        struct pipe_resource *res, struct winsys_handle *handle,
                        unsigned usage)
{
   struct agx_resource *rsrc = agx_resource(res);
   if (handle->type != WINSYS_HANDLE_TYPE_FD)
      return false;
   int fd = agx_bo_export(rsrc->bo);
   if (fd < 0)
      return false;
   handle->handle = fd;
   handle->offset = 0;
   handle->stride = rsrc->layout.tiling == AIL_TILING_LINEAR
                       ? rsrc->layout.linear_stride_B
                       : ail_get_wsi_stride_B(&rsrc->layout);
   handle->modifier = rsrc->modifier;
   return true;
}

void
agx_init_resource_functions(struct pipe_screen *pscreen)
{
   pscreen->resource_create = agx_resource_create;
   pscreen->resource_destroy = agx_resource_destroy;
   pscreen->resource_get_handle = agx_resource_get_handle;
   pscreen->resource_from_handle = agx_resource_from_handle;
   pscreen->resource_create_with_modifiers = agx_resource_create_with_modifiers;
   pscreen->query_dmabuf_modifiers = agx_query_dmabuf_modifiers;
}

/* ---- transfers -------------------------------------------------------- */

static void agx_unmap(struct pipe_context *pctx,
                      struct pipe_transfer *transfer);

static void *
agx_map_plane(struct pipe_context *pctx, struct pipe_resource *res,
              unsigned level, unsigned usage, const struct pipe_box *box,
              struct pipe_transfer **out)
{
   struct agx_context *ctx = agx_context(pctx);
   struct agx_resource *rsrc = agx_resource(res);

   if (!(usage & PIPE_MAP_UNSYNCHRONIZED)) {
      /* Reading needs the GPU's writes; writing needs the GPU to be done
       * reading.
       */
      bool writes_only = !(usage & PIPE_MAP_WRITE);
      if (!agx_sync_resource(ctx, rsrc, writes_only)) {
         if (usage & PIPE_MAP_DONTBLOCK)
            return NULL;
      }
   }

   void *cpu = agx_bo_map(rsrc->bo);
   if (!cpu)
      return NULL;

   struct agx_transfer *xfer = calloc(1, sizeof(*xfer));
   if (!xfer)
      return NULL;
   xfer->base.resource = NULL;
   pipe_resource_reference(&xfer->base.resource, res);
   xfer->base.level = level;
   xfer->base.usage = usage;
   xfer->base.box = *box;

   if (res->target == PIPE_BUFFER) {
      xfer->map = (uint8_t *)cpu + box->x;
   } else if (rsrc->layout.tiling == AIL_TILING_LINEAR) {
      uint32_t stride = rsrc->layout.linear_stride_B;
      unsigned bpp = util_format_get_blocksize(rsrc->layout.format);
      xfer->base.stride = stride;
      xfer->base.layer_stride = rsrc->layout.layer_stride_B;
      xfer->map = (uint8_t *)cpu +
                  ail_get_layer_level_B(&rsrc->layout, box->z, level) +
                  (uint64_t)box->y * stride + (uint64_t)box->x * bpp;
   } else {
      /* Rows of elements: pixels, or 4x4 blocks of compressed formats. */
      enum pipe_format f = rsrc->layout.format;
      unsigned bpp =
         util_format_get_blocksize(f) * rsrc->layout.sample_count_sa;
      uint32_t stride = util_format_get_nblocksx(f, box->width) * bpp;
      uint64_t layer =
         (uint64_t)stride * util_format_get_nblocksy(f, box->height);
      xfer->staging = malloc(layer * (box->depth ? box->depth : 1));
      if (!xfer->staging) {
         pipe_resource_reference(&xfer->base.resource, NULL);
         free(xfer);
         return NULL;
      }
      xfer->base.stride = stride;
      xfer->base.layer_stride = layer;
      if (!(usage & PIPE_MAP_DISCARD_RANGE) || (usage & PIPE_MAP_READ)) {
         for (int z = 0; z < (box->depth ? box->depth : 1); ++z) {
            uint64_t off =
               ail_get_layer_level_B(&rsrc->layout, box->z + z, level);
            ail_detile((uint8_t *)cpu + off,
                       (uint8_t *)xfer->staging + layer * z, &rsrc->layout,
                       level, stride, box->x, box->y, box->width, box->height);
         }
      }
      xfer->map = xfer->staging;

      /* Multisampled images are seen through a map as resolved pixels
       * (the average of the samples; integer formats take sample 0), as
       * GL reads them; writes go to every sample.  PIPE_MAP_DIRECTLY
       * gives the raw samples.
       */
      unsigned samples = rsrc->layout.sample_count_sa;
      if (samples > 1 && !(usage & PIPE_MAP_DIRECTLY)) {
         enum pipe_format f = rsrc->layout.format;
         unsigned sample_B = util_format_get_blocksize(f);
         unsigned depth = box->depth ? box->depth : 1;
         size_t pixels = (size_t)box->width * box->height * depth;
         xfer->resolved = malloc(pixels * sample_B);
         if (!xfer->resolved) {
            free(xfer->staging);
            pipe_resource_reference(&xfer->base.resource, NULL);
            free(xfer);
            return NULL;
         }
         bool ints = util_format_is_pure_integer(f);
         for (size_t i = 0; i < pixels; ++i) {
            const uint8_t *src = (uint8_t *)xfer->staging + i * bpp;
            uint8_t *dst = (uint8_t *)xfer->resolved + i * sample_B;
            if (ints || !util_format_can_unpack_rgba_float(f)) {
               memcpy(dst, src, sample_B);
               continue;
            }
            float sum[4] = {0, 0, 0, 0};
            for (unsigned k = 0; k < samples; ++k) {
               float v[4];
               util_format_unpack_rgba_float(f, v, src + k * sample_B, 1);
               for (unsigned c = 0; c < 4; ++c)
                  sum[c] += v[c] / samples;
            }
            util_format_pack_rgba_float(f, dst, sum, 1);
         }
         xfer->base.stride = box->width * sample_B;
         xfer->base.layer_stride =
            (uintptr_t)xfer->base.stride * box->height;
         xfer->map = xfer->resolved;
      }
   }

   *out = &xfer->base;
   return xfer->map;
}

/* Is a depth/stencil resource stored in another layout than its format
 * (Z24S8, Z24X8 and Z32F_S8X24 as a Z32F plane plus an S8 plane)? */
static bool
agx_is_planar_zs(const struct agx_resource *rsrc)
{
   return rsrc->base.target != PIPE_BUFFER &&
          rsrc->layout.format != rsrc->base.format &&
          util_format_is_depth_or_stencil(rsrc->base.format);
}

/* Moves depth and stencil between the planes and the packed copy of a
 * planar depth/stencil transfer. */
static void
agx_zs_convert(struct agx_transfer *xfer, bool to_packed)
{
   struct pipe_transfer *t = &xfer->base;
   enum pipe_format f = t->resource->format;
   unsigned bpp = util_format_get_blocksize(f);
   unsigned w = t->box.width, h = t->box.height;
   unsigned d = t->box.depth ? t->box.depth : 1;
   struct agx_transfer *z = (struct agx_transfer *)xfer->z_plane;
   struct agx_transfer *s = (struct agx_transfer *)xfer->s_plane;
   float zrow[64];
   uint8_t srow[64];

   for (unsigned l = 0; l < d; ++l) {
      for (unsigned y = 0; y < h; ++y) {
         uint8_t *p = (uint8_t *)xfer->packed + t->layer_stride * l +
                      (size_t)t->stride * y;
         uint8_t *zp = (uint8_t *)z->map + z->base.layer_stride * l +
                       (size_t)z->base.stride * y;
         uint8_t *sp = s ? (uint8_t *)s->map + s->base.layer_stride * l +
                              (size_t)s->base.stride * y
                         : NULL;
         for (unsigned x = 0; x < w; x += 64) {
            unsigned n = w - x < 64 ? w - x : 64;
            if (to_packed) {
               util_format_unpack_z_float(PIPE_FORMAT_Z32_FLOAT, zrow,
                                          zp + 4 * x, n);
               util_format_pack_z_float(f, p + bpp * x, zrow, n);
               if (sp) {
                  memcpy(srow, sp + x, n);
                  util_format_pack_s_8uint(f, p + bpp * x, srow, n);
               }
            } else {
               util_format_unpack_z_float(f, zrow, p + bpp * x, n);
               util_format_pack_z_float(PIPE_FORMAT_Z32_FLOAT, zp + 4 * x,
                                        zrow, n);
               if (sp) {
                  util_format_unpack_s_8uint(f, srow, p + bpp * x, n);
                  memcpy(sp + x, srow, n);
               }
            }
         }
      }
   }
}

/* Planar depth/stencil is seen through a map in its logical format (as
 * Gallium callers expect): packed from the planes on map, written back
 * to them on unmap. */
static void *
agx_map_zs(struct pipe_context *pctx, struct agx_resource *rsrc,
           unsigned level, unsigned usage, const struct pipe_box *box,
           struct pipe_transfer **out)
{
   struct agx_transfer *xfer = calloc(1, sizeof(*xfer));
   if (!xfer)
      return NULL;
   unsigned plane_usage = usage | PIPE_MAP_READ;
   plane_usage &= ~PIPE_MAP_DISCARD_RANGE;
   if (!agx_map_plane(pctx, &rsrc->base, level, plane_usage, box,
                      &xfer->z_plane) ||
       (rsrc->separate_stencil &&
        !agx_map_plane(pctx, &rsrc->separate_stencil->base, level,
                       plane_usage, box, &xfer->s_plane))) {
      if (xfer->z_plane)
         agx_unmap(pctx, xfer->z_plane);
      free(xfer);
      return NULL;
   }
   unsigned bpp = util_format_get_blocksize(rsrc->base.format);
   unsigned d = box->depth ? box->depth : 1;
   xfer->base.resource = NULL;
   pipe_resource_reference(&xfer->base.resource, &rsrc->base);
   xfer->base.level = level;
   xfer->base.usage = usage;
   xfer->base.box = *box;
   xfer->base.stride = box->width * bpp;
   xfer->base.layer_stride = (uintptr_t)xfer->base.stride * box->height;
   xfer->packed = calloc(d, xfer->base.layer_stride);
   if (!xfer->packed) {
      agx_unmap(pctx, &xfer->base);
      return NULL;
   }
   agx_zs_convert(xfer, true);
   xfer->map = xfer->packed;
   *out = &xfer->base;
   return xfer->map;
}

static void *
agx_map(struct pipe_context *pctx, struct pipe_resource *res, unsigned level,
        unsigned usage, const struct pipe_box *box, struct pipe_transfer **out)
{
   struct agx_resource *rsrc = agx_resource(res);
   /* PIPE_MAP_DIRECTLY (the driver's own copies): the depth plane as
    * stored. */
   if (agx_is_planar_zs(rsrc) && res->nr_samples <= 1 &&
       !(usage & PIPE_MAP_DIRECTLY))
      return agx_map_zs(pctx, rsrc, level, usage, box, out);
   return agx_map_plane(pctx, res, level, usage, box, out);
}

static void
agx_unmap(struct pipe_context *pctx, struct pipe_transfer *transfer)
{
   struct agx_transfer *xfer = (struct agx_transfer *)transfer;
   if (xfer->z_plane) {
      if (xfer->packed && (transfer->usage & PIPE_MAP_WRITE))
         agx_zs_convert(xfer, false);
      agx_unmap(pctx, xfer->z_plane);
      if (xfer->s_plane)
         agx_unmap(pctx, xfer->s_plane);
      free(xfer->packed);
      pipe_resource_reference(&transfer->resource, NULL);
      free(xfer);
      return;
   }
   struct agx_resource *rsrc = agx_resource(transfer->resource);
   const struct pipe_box *box = &transfer->box;

   if (xfer->resolved && (transfer->usage & PIPE_MAP_WRITE)) {
      /* Every sample takes the written pixel. */
      unsigned samples = rsrc->layout.sample_count_sa;
      unsigned sample_B = util_format_get_blocksize(rsrc->layout.format);
      size_t pixels = (size_t)box->width * box->height *
                      (box->depth ? box->depth : 1);
      for (size_t i = 0; i < pixels; ++i) {
         for (unsigned k = 0; k < samples; ++k)
            memcpy((uint8_t *)xfer->staging + (i * samples + k) * sample_B,
                   (uint8_t *)xfer->resolved + i * sample_B, sample_B);
      }
      /* The staging copy is laid out with all samples per pixel. */
      transfer->stride = box->width * sample_B * samples;
      transfer->layer_stride = (uintptr_t)transfer->stride * box->height;
   }

   if (xfer->staging && (transfer->usage & PIPE_MAP_WRITE)) {
      uint8_t *cpu = agx_bo_map(rsrc->bo);
      for (int z = 0; cpu && z < (box->depth ? box->depth : 1); ++z) {
         uint64_t off =
            ail_get_layer_level_B(&rsrc->layout, box->z + z, transfer->level);
         ail_tile(cpu + off,
                  (uint8_t *)xfer->staging + transfer->layer_stride * z,
                  &rsrc->layout, transfer->level, transfer->stride, box->x,
                  box->y, box->width, box->height);
      }
   }
   if (transfer->usage & PIPE_MAP_WRITE)
      rsrc->valid_levels |= 1u << transfer->level;

   free(xfer->resolved);
   free(xfer->staging);
   pipe_resource_reference(&transfer->resource, NULL);
   free(xfer);
}

static void
agx_buffer_subdata(struct pipe_context *pctx, struct pipe_resource *res,
                   unsigned usage, unsigned offset, unsigned size,
                   const void *data)
{
   struct pipe_box box;
   u_box_1d(offset, size, &box);
   struct pipe_transfer *t = NULL;
   void *p = agx_map(pctx, res, 0, usage | PIPE_MAP_WRITE, &box, &t);
   if (!p)
      return;
   memcpy(p, data, size);
   agx_unmap(pctx, t);
}

/* A write of a whole box into a twiddled single-sampled level: tiled
 * straight from the caller's rows into the BO.  The map path would first
 * copy them into a staging buffer of the box's size (fresh pages the
 * kernel zeroes, then unmaps) and tile from there: for the 1 GiB 3D
 * textures of piglit's tex3d-maxsize that was a second gigabyte touched
 * per upload.  false when the map path must do it (linear images map
 * the BO directly anyway; planar depth/stencil and multisampled images
 * convert). */
static bool
agx_tile_subdata(struct pipe_context *pctx, struct pipe_resource *res,
                 unsigned level, unsigned usage, const struct pipe_box *box,
                 const void *data, unsigned stride, uintptr_t layer_stride)
{
   struct agx_context *ctx = agx_context(pctx);
   struct agx_resource *rsrc = agx_resource(res);
   if (res->target == PIPE_BUFFER || agx_is_planar_zs(rsrc) ||
       rsrc->layout.sample_count_sa > 1 ||
       !ail_is_level_twiddled_uncompressed(&rsrc->layout, level))
      return false;
   if (!(usage & PIPE_MAP_UNSYNCHRONIZED) &&
       !agx_sync_resource(ctx, rsrc, false) && (usage & PIPE_MAP_DONTBLOCK))
      return false;
   uint8_t *cpu = agx_bo_map(rsrc->bo);
   if (!cpu)
      return false;
   for (int z = 0; z < (box->depth ? box->depth : 1); ++z) {
      uint64_t off = ail_get_layer_level_B(&rsrc->layout, box->z + z, level);
      ail_tile(cpu + off, (const uint8_t *)data + layer_stride * z,
               &rsrc->layout, level, stride, box->x, box->y, box->width,
               box->height);
   }
   rsrc->valid_levels |= 1u << level;
   return true;
}

static void
agx_texture_subdata(struct pipe_context *pctx, struct pipe_resource *res,
                    unsigned level, unsigned usage, const struct pipe_box *box,
                    const void *data, unsigned stride, uintptr_t layer_stride)
{
   if (agx_tile_subdata(pctx, res, level, usage, box, data, stride,
                        layer_stride))
      return;

   /* The whole box is overwritten: nothing to read back first. */
   struct pipe_transfer *t = NULL;
   uint8_t *p = agx_map(pctx, res, level,
                        (usage | PIPE_MAP_WRITE | PIPE_MAP_DISCARD_RANGE) &
                           ~PIPE_MAP_READ,
                        box, &t);
   if (!p)
      return;
   unsigned row_B = util_format_get_nblocksx(res->format, box->width) *
                    util_format_get_blocksize(res->format);
   unsigned rows = util_format_get_nblocksy(res->format, box->height);
   for (int z = 0; z < (box->depth ? box->depth : 1); ++z) {
      for (unsigned y = 0; y < rows; ++y) {
         memcpy(p + t->layer_stride * z + (uint64_t)t->stride * y,
                (const uint8_t *)data + layer_stride * z + (uint64_t)stride * y,
                row_B);
      }
   }
   agx_unmap(pctx, t);
}

void
agx_init_transfer_functions(struct pipe_context *pctx)
{
   pctx->buffer_map = agx_map;
   pctx->buffer_unmap = agx_unmap;
   pctx->texture_map = agx_map;
   pctx->texture_unmap = agx_unmap;
   pctx->buffer_subdata = agx_buffer_subdata;
   pctx->texture_subdata = agx_texture_subdata;
}
