/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Copies, blits and surface clears, done on the CPU through maps (which
 * flush and wait as needed and (de)tile through ail).  Correct but slow:
 * GPU paths (a draw, or the background program) come later.
 */
#include <stdlib.h>
#include <string.h>

#include "util/format/u_format_pack.h"
#include "util/log.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

#include "agx_state.h"

static void
perf_note(struct pipe_context *pctx, const char *what)
{
   if (agx_screen(pctx->screen)->dev.debug & AGX_DBG_PERF)
      u_logi("asahi", "perf: %s on the CPU", what);
}

static void
agx_resource_copy_region(struct pipe_context *pctx, struct pipe_resource *dst,
                         unsigned dst_level, unsigned dstx, unsigned dsty,
                         unsigned dstz, struct pipe_resource *src,
                         unsigned src_level, const struct pipe_box *src_box)
{
   struct pipe_box dbox = {dstx,
                           dsty,
                           dstz,
                           src_box->width,
                           src_box->height,
                           src_box->depth ? src_box->depth : 1};
   struct pipe_transfer *st = NULL, *dt = NULL;
   perf_note(pctx, "resource_copy_region");

   /* Raw samples: a copy keeps every sample. */
   const uint8_t *s = pctx->buffer_map(
      pctx, src, src_level, PIPE_MAP_READ | PIPE_MAP_DIRECTLY, src_box, &st);
   if (!s)
      return;
   uint8_t *d =
      pctx->buffer_map(pctx, dst, dst_level,
                       PIPE_MAP_WRITE | PIPE_MAP_DIRECTLY, &dbox, &dt);
   if (!d) {
      pctx->buffer_unmap(pctx, st);
      return;
   }

   if (src->target == PIPE_BUFFER) {
      memcpy(d, s, src_box->width);
   } else {
      /* every sample of a pixel (the raw map holds them side by side) */
      unsigned bpp =
         util_format_get_blocksize(agx_resource(src)->layout.format) *
         agx_resource(src)->layout.sample_count_sa;
      unsigned row_B =
         util_format_get_nblocksx(src->format, src_box->width) * bpp;
      unsigned rows = util_format_get_nblocksy(src->format, src_box->height);
      for (int z = 0; z < dbox.depth; ++z) {
         for (unsigned y = 0; y < rows; ++y) {
            memcpy(d + dt->layer_stride * z + (size_t)dt->stride * y,
                   s + st->layer_stride * z + (size_t)st->stride * y, row_B);
         }
      }
   }

   pctx->buffer_unmap(pctx, dt);
   pctx->buffer_unmap(pctx, st);

   /* The raw maps above are the depth planes: copy the S8 planes too. */
   if (src->target != PIPE_BUFFER && agx_resource(src)->separate_stencil &&
       agx_resource(dst)->separate_stencil)
      agx_resource_copy_region(
         pctx, &agx_resource(dst)->separate_stencil->base, dst_level, dstx,
         dsty, dstz, &agx_resource(src)->separate_stencil->base, src_level,
         src_box);
}

/* The resource holding a depth/stencil resource's stencil, or NULL. */
static struct pipe_resource *
stencil_plane(struct pipe_resource *res)
{
   struct agx_resource *rsrc = agx_resource(res);
   if (rsrc->separate_stencil)
      return &rsrc->separate_stencil->base;
   return rsrc->layout.format == PIPE_FORMAT_S8_UINT ? res : NULL;
}

/* Nearest-texel blit of depth or stencil values (GL 4.6 section 18.3.2:
 * a multisampled source is read through a map, which resolves depth by
 * averaging, an implementation-dependent choice the rule allows, and
 * stencil by taking sample 0, "a single sample's value").  One layer.
 */
static void
blit_zs(struct pipe_context *pctx, const struct pipe_blit_info *info,
        bool stencil, const struct pipe_box *sbox, const struct pipe_box *dbox,
        bool flip_x, bool flip_y)
{
   struct pipe_resource *sres = info->src.resource;
   struct pipe_resource *dres = info->dst.resource;
   if (stencil) {
      sres = stencil_plane(sres);
      dres = stencil_plane(dres);
   } else if (agx_resource(sres)->layout.format == PIPE_FORMAT_S8_UINT ||
              agx_resource(dres)->layout.format == PIPE_FORMAT_S8_UINT) {
      return;
   }
   if (!sres || !dres)
      return;

   /* The planes as stored (layout.format below): single-sampled maps of
    * planar Z24S8 otherwise show the packed format; multisampled ones
    * stay resolved. */
   unsigned s_plane = sres->nr_samples > 1 ? 0 : PIPE_MAP_DIRECTLY;
   unsigned d_plane = dres->nr_samples > 1 ? 0 : PIPE_MAP_DIRECTLY;
   struct pipe_transfer *st = NULL, *dt = NULL;
   const uint8_t *s = pctx->texture_map(pctx, sres, info->src.level,
                                        PIPE_MAP_READ | s_plane, sbox, &st);
   if (!s)
      return;
   uint8_t *d = pctx->texture_map(pctx, dres, info->dst.level,
                                  PIPE_MAP_READ_WRITE | d_plane, dbox, &dt);
   if (!d) {
      pctx->texture_unmap(pctx, st);
      return;
   }
   enum pipe_format sf = agx_resource(sres)->layout.format;
   enum pipe_format df = agx_resource(dres)->layout.format;
   unsigned sbpp = util_format_get_blocksize(sf);
   unsigned dbpp = util_format_get_blocksize(df);
   int sw = sbox->width, sh = sbox->height;
   int dw = dbox->width, dh = dbox->height;

   for (int y = 0; y < dh; ++y) {
      int syy = (int)(((int64_t)y * sh + sh / 2) / dh);
      if (flip_y)
         syy = sh - 1 - syy;
      for (int x = 0; x < dw; ++x) {
         if (info->scissor_enable && (dbox->x + x < info->scissor.minx ||
                                      dbox->x + x >= info->scissor.maxx ||
                                      dbox->y + y < info->scissor.miny ||
                                      dbox->y + y >= info->scissor.maxy))
            continue;
         int sxx = (int)(((int64_t)x * sw + sw / 2) / dw);
         if (flip_x)
            sxx = sw - 1 - sxx;
         const uint8_t *sp = s + (size_t)st->stride * syy + sxx * sbpp;
         uint8_t *dp = d + (size_t)dt->stride * y + x * dbpp;
         if (stencil) {
            *dp = *sp;
         } else {
            float z = 0;
            util_format_unpack_z_float(sf, &z, sp, 1);
            util_format_pack_z_float(df, dp, &z, 1);
         }
      }
   }
   pctx->texture_unmap(pctx, dt);
   pctx->texture_unmap(pctx, st);
}

/*
 * A whole-image colour resolve on the GPU: a render pass into the
 * destination with no draws, whose background program averages the
 * source's samples (AGX_BG_RESOLVE) and whose end-of-tile program stores
 * the result.  Only for the common case: a multisampled 2D source into a
 * single-sampled level of the same size and format, the full rectangle,
 * no scissor, a format the program can average.  False: not done.
 */
static bool
gpu_resolve(struct pipe_context *pctx, const struct pipe_blit_info *info)
{
   struct agx_context *ctx = agx_context(pctx);
   struct pipe_resource *src = info->src.resource;
   struct pipe_resource *dst = info->dst.resource;
   const struct pipe_box *sb = &info->src.box, *db = &info->dst.box;
   unsigned level = info->dst.level;
   int w = (int)u_minify(dst->width0, level);
   int h = (int)u_minify(dst->height0, level);

   if (src->nr_samples <= 1 || dst->nr_samples > 1 ||
       info->mask != PIPE_MASK_RGBA || info->scissor_enable ||
       src->target != PIPE_TEXTURE_2D ||
       !(dst->bind & PIPE_BIND_RENDER_TARGET) ||
       agx_resource(src)->layout.format != agx_resource(dst)->layout.format ||
       info->src.format != info->dst.format ||
       !agx_bg_can_resolve(info->dst.format))
      return false;
   if (sb->x || sb->y || sb->z || db->x || db->y || sb->width != w ||
       sb->height != h || db->width != w || db->height != h ||
       (int)src->width0 != w || (int)src->height0 != h)
      return false;

   /* The pass renders to the destination alone; the bound framebuffer
    * comes back afterwards (its pass ends here, as for any change). */
   struct pipe_framebuffer_state saved = ctx->fb;
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; ++i) {
      saved.cbufs[i] = NULL;
      pipe_surface_reference(&saved.cbufs[i], ctx->fb.cbufs[i]);
   }
   saved.zsbuf = NULL;
   pipe_surface_reference(&saved.zsbuf, ctx->fb.zsbuf);

   struct pipe_surface templ = {
      .format = info->dst.format,
      .u.tex.level = level,
      .u.tex.first_layer = (unsigned)db->z,
      .u.tex.last_layer = (unsigned)db->z,
   };
   struct pipe_surface *surf = pctx->create_surface(pctx, dst, &templ);
   bool ok = surf != NULL;
   if (ok) {
      struct pipe_framebuffer_state fb = {
         .width = (uint16_t)w,
         .height = (uint16_t)h,
         .layers = 1,
         .nr_cbufs = 1,
         .cbufs = {surf},
      };
      pctx->set_framebuffer_state(pctx, &fb);
      struct agx_batch *batch = agx_get_batch(ctx);
      ok = batch != NULL;
      if (ok) {
         batch->resolve = PIPE_CLEAR_COLOR0;
         batch->resolve_src[0] = src;
         agx_batch_reads(batch, src);
         agx_batch_writes(batch, dst);
         agx_flush_batch(ctx, "resolve");
      }
      pipe_surface_reference(&surf, NULL);
   }
   pctx->set_framebuffer_state(pctx, &saved);
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; ++i)
      pipe_surface_reference(&saved.cbufs[i], NULL);
   pipe_surface_reference(&saved.zsbuf, NULL);
   return ok;
}

/* Nearest-texel scaling blit of colour, one layer at a time. */
/* GL 4.6 section 18.3.2: between multisampled buffers of the same sample
 * count (and the same rectangle, which GL requires) the samples are
 * copied as they are. */
static bool
copy_samples(struct pipe_context *pctx, const struct pipe_blit_info *info)
{
   struct agx_resource *s = agx_resource(info->src.resource);
   struct agx_resource *d = agx_resource(info->dst.resource);
   const struct pipe_box *sb = &info->src.box, *db = &info->dst.box;
   if (s->layout.sample_count_sa <= 1 ||
       s->layout.sample_count_sa != d->layout.sample_count_sa ||
       s->layout.format != d->layout.format ||
       info->mask != PIPE_MASK_RGBA || info->scissor_enable ||
       sb->width != db->width || sb->height != db->height ||
       sb->width <= 0 || sb->height <= 0 || sb->depth != db->depth)
      return false;
   agx_resource_copy_region(pctx, info->dst.resource, info->dst.level,
                            (unsigned)db->x, (unsigned)db->y,
                            (unsigned)db->z, info->src.resource,
                            info->src.level, sb);
   return true;
}

/* The format a colour blit reads or writes texels of: the blit's own
 * (a texture view's, GL 4.6 section 8.18, reinterprets the stored bits)
 * when its texel has the stored texel's size, else the stored one. */
static enum pipe_format
colour_blit_format(struct pipe_resource *res, enum pipe_format asked)
{
   enum pipe_format stored = agx_resource(res)->layout.format;
   if (asked == PIPE_FORMAT_NONE || util_format_is_depth_or_stencil(asked) ||
       util_format_get_blocksize(asked) != util_format_get_blocksize(stored))
      return stored;
   return asked;
}

static void
agx_blit(struct pipe_context *pctx, const struct pipe_blit_info *info)
{
   if (gpu_resolve(pctx, info) || copy_samples(pctx, info))
      return;
   perf_note(pctx, "blit");
   const struct pipe_box *sb = &info->src.box, *db = &info->dst.box;
   int dw = abs(db->width), dh = abs(db->height);
   int sw = abs(sb->width), sh = abs(sb->height);
   if (!dw || !dh || !sw || !sh)
      return;

   struct pipe_box sbox = {MIN2(sb->x, sb->x + sb->width),
                           MIN2(sb->y, sb->y + sb->height),
                           sb->z,
                           sw,
                           sh,
                           1};
   struct pipe_box dbox = {MIN2(db->x, db->x + db->width),
                           MIN2(db->y, db->y + db->height),
                           db->z,
                           dw,
                           dh,
                           1};
   bool flip_x = (sb->width < 0) != (db->width < 0);
   bool flip_y = (sb->height < 0) != (db->height < 0);

   if (info->mask & PIPE_MASK_Z)
      blit_zs(pctx, info, false, &sbox, &dbox, flip_x, flip_y);
   if (info->mask & PIPE_MASK_S)
      blit_zs(pctx, info, true, &sbox, &dbox, flip_x, flip_y);
   if (!(info->mask & PIPE_MASK_RGBA))
      return;

   struct pipe_transfer *st = NULL, *dt = NULL;
   const uint8_t *s = pctx->texture_map(
      pctx, info->src.resource, info->src.level, PIPE_MAP_READ, &sbox, &st);
   if (!s)
      return;
   uint8_t *d = pctx->texture_map(pctx, info->dst.resource, info->dst.level,
                                  PIPE_MAP_READ_WRITE, &dbox, &dt);
   if (!d) {
      pctx->texture_unmap(pctx, st);
      return;
   }

   enum pipe_format sf = colour_blit_format(info->src.resource,
                                            info->src.format);
   enum pipe_format df = colour_blit_format(info->dst.resource,
                                            info->dst.format);
   /* Maps of multisampled images show resolved pixels (the average of the
    * samples) and write every sample, which is what a resolving or
    * multisampling blit needs.
    */
   unsigned ssamples = 1, dsamples = 1;
   unsigned sample_B = util_format_get_blocksize(sf);
   unsigned sbpp = sample_B * ssamples;
   unsigned dbpp = util_format_get_blocksize(df) * dsamples;
   bool ints = util_format_is_pure_integer(sf);

   for (int y = 0; y < dh; ++y) {
      int syy = (int)(((int64_t)y * sh + sh / 2) / dh);
      if (flip_y)
         syy = sh - 1 - syy;
      for (int x = 0; x < dw; ++x) {
         int sxx = (int)(((int64_t)x * sw + sw / 2) / dw);
         if (flip_x)
            sxx = sw - 1 - sxx;
         const uint8_t *sp = s + (size_t)st->stride * syy + sxx * sbpp;
         uint8_t *dp = d + (size_t)dt->stride * y + x * dbpp;
         if (info->scissor_enable && (dbox.x + x < info->scissor.minx ||
                                      dbox.x + x >= info->scissor.maxx ||
                                      dbox.y + y < info->scissor.miny ||
                                      dbox.y + y >= info->scissor.maxy))
            continue;
         for (unsigned ds = 0; ds < dsamples; ++ds) {
            uint8_t *out = dp + ds * util_format_get_blocksize(df);
            if (ints) {
               uint32_t v[4];
               util_format_unpack_rgba_uint(sf, v, sp, 1);
               util_format_pack_rgba_uint(df, out, v, 1);
            } else {
               float sum[4] = {0, 0, 0, 0};
               for (unsigned ss = 0; ss < ssamples; ++ss) {
                  float v[4];
                  util_format_unpack_rgba_float(sf, v, sp + ss * sample_B, 1);
                  for (unsigned c = 0; c < 4; ++c)
                     sum[c] += v[c] / ssamples;
               }
               /* Channels outside the mask keep the destination's (an
                * ALPHA buffer stored as RGBA takes alpha only). */
               if ((info->mask & PIPE_MASK_RGBA) != PIPE_MASK_RGBA) {
                  float keep[4];
                  util_format_unpack_rgba_float(df, keep, out, 1);
                  for (unsigned c = 0; c < 4; ++c) {
                     if (!(info->mask & (PIPE_MASK_R << c)))
                        sum[c] = keep[c];
                  }
               }
               util_format_pack_rgba_float(df, out, sum, 1);
            }
         }
      }
   }

   pctx->texture_unmap(pctx, dt);
   pctx->texture_unmap(pctx, st);
}

static void
agx_clear_render_target(struct pipe_context *pctx, struct pipe_surface *dst,
                        const union pipe_color_union *color, unsigned dstx,
                        unsigned dsty, unsigned width, unsigned height,
                        bool render_condition_enabled)
{
   if (!width || !height)
      return;
   perf_note(pctx, "clear_render_target");
   struct pipe_box box = {
      dstx,  dsty,   dst->u.tex.first_layer,
      width, height, dst->u.tex.last_layer - dst->u.tex.first_layer + 1};
   struct pipe_transfer *t = NULL;
   uint8_t *map =
      pctx->texture_map(pctx, dst->texture, dst->u.tex.level,
                        PIPE_MAP_WRITE | PIPE_MAP_DISCARD_RANGE, &box, &t);
   if (!map)
      return;

   uint8_t texel[16] = {0};
   /* Signed integer clear values are signed (a -1 packed as the unsigned
    * 0xffffffff would clamp to the channel's maximum). */
   if (util_format_is_pure_sint(dst->format))
      util_format_pack_rgba_sint(dst->format, texel, color->i, 1);
   else if (util_format_is_pure_integer(dst->format))
      util_format_pack_rgba_uint(dst->format, texel, color->ui, 1);
   else
      util_format_pack_rgba_float(dst->format, texel, color->f, 1);
   unsigned bpp = util_format_get_blocksize(dst->format);

   for (int z = 0; z < box.depth; ++z) {
      for (unsigned y = 0; y < height; ++y) {
         uint8_t *row = map + t->layer_stride * z + (size_t)t->stride * y;
         for (unsigned x = 0; x < width; ++x)
            memcpy(row + x * bpp, texel, bpp);
      }
   }
   pctx->texture_unmap(pctx, t);
}

static void
agx_clear_depth_stencil(struct pipe_context *pctx, struct pipe_surface *dst,
                        unsigned flags, double depth, unsigned stencil,
                        unsigned dstx, unsigned dsty, unsigned width,
                        unsigned height, bool render_condition_enabled)
{
   struct agx_resource *rsrc = agx_resource(dst->texture);
   /* every layer of a layered surface */
   struct pipe_box box = {
      dstx,  dsty,   dst->u.tex.first_layer,
      width, height, dst->u.tex.last_layer - dst->u.tex.first_layer + 1};

   if ((flags & PIPE_CLEAR_DEPTH) &&
       rsrc->layout.format != PIPE_FORMAT_S8_UINT) {
      struct pipe_transfer *t = NULL;
      /* The depth plane as stored (Z32F for planar Z24S8). */
      unsigned plane = rsrc->layout.format != rsrc->base.format
                          ? PIPE_MAP_DIRECTLY
                          : 0;
      uint8_t *map = pctx->texture_map(pctx, &rsrc->base, dst->u.tex.level,
                                       PIPE_MAP_WRITE | plane, &box, &t);
      if (map) {
         float z = depth;
         uint8_t texel[4];
         util_format_pack_z_float(rsrc->layout.format, texel, &z, 1);
         unsigned bpp = util_format_get_blocksize(rsrc->layout.format);
         for (int l = 0; l < box.depth; ++l)
            for (unsigned y = 0; y < height; ++y)
               for (unsigned x = 0; x < width; ++x)
                  memcpy(map + t->layer_stride * l + (size_t)t->stride * y +
                            x * bpp,
                         texel, bpp);
         pctx->texture_unmap(pctx, t);
      }
   }

   struct agx_resource *s =
      rsrc->separate_stencil
         ? rsrc->separate_stencil
         : (rsrc->layout.format == PIPE_FORMAT_S8_UINT ? rsrc : NULL);
   if ((flags & PIPE_CLEAR_STENCIL) && s) {
      struct pipe_transfer *t = NULL;
      uint8_t *map = pctx->texture_map(pctx, &s->base, dst->u.tex.level,
                                       PIPE_MAP_WRITE, &box, &t);
      if (map) {
         for (int l = 0; l < box.depth; ++l)
            for (unsigned y = 0; y < height; ++y)
               memset(map + t->layer_stride * l + (size_t)t->stride * y,
                      stencil & 0xff, width);
         pctx->texture_unmap(pctx, t);
      }
   }
}

static void
agx_set_polygon_stipple(struct pipe_context *pctx,
                        const struct pipe_poly_stipple *stipple)
{
   struct agx_context *ctx = agx_context(pctx);

   /* Read by the fragment shader (AGX_SYSVAL_POLY_STIPPLE_*): pushed
    * again with the rasterizer state. */
   ctx->poly_stipple = *stipple;
   ctx->dirty |= AGX_DIRTY_RS;
}

/* ARB_sample_shading: above 1, draws shade every sample
 * (agx_sample_shading.c). */
static void
agx_set_min_samples(struct pipe_context *pctx, unsigned min_samples)
{
   struct agx_context *ctx = agx_context(pctx);
   ctx->min_samples = min_samples;
   ctx->dirty |= AGX_DIRTY_DRAW_PATH; /* agx_draw_per_sample */
}

static void
agx_flush_resource(struct pipe_context *pctx, struct pipe_resource *res)
{
   struct agx_context *ctx = agx_context(pctx);
   if (agx_batch_uses(ctx->batch, res, true))
      agx_flush_batch(ctx, "flush_resource");
}

static void
agx_texture_barrier(struct pipe_context *pctx, unsigned flags)
{
   agx_flush_batch(agx_context(pctx), "texture barrier");
}

/* Maps are coherent (buffers and linear images are mapped directly,
 * staging copies are written back at unmap): nothing to do.
 */
static void
agx_transfer_flush_region(struct pipe_context *pctx,
                          struct pipe_transfer *transfer,
                          const struct pipe_box *box)
{
}

/* All contexts of a screen submit to one in-order queue, so the GPU
 * already waits for any fence of this screen.
 */
static void
agx_fence_server_sync(struct pipe_context *pctx,
                      struct pipe_fence_handle *fence)
{
}

void
agx_init_blit_functions(struct pipe_context *pctx)
{
   pctx->transfer_flush_region = agx_transfer_flush_region;
   pctx->fence_server_sync = agx_fence_server_sync;
   pctx->resource_copy_region = agx_resource_copy_region;
   pctx->blit = agx_blit;
   pctx->clear_render_target = agx_clear_render_target;
   pctx->clear_depth_stencil = agx_clear_depth_stencil;
   pctx->set_polygon_stipple = agx_set_polygon_stipple;
   pctx->set_min_samples = agx_set_min_samples;
   pctx->flush_resource = agx_flush_resource;
   pctx->texture_barrier = agx_texture_barrier;
}
