/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Batches: memory pools, the resources a batch touches, and flushing a
 * batch into a drm_asahi render command.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/sync_file.h>
#include <xf86drm.h>

#include "util/log.h"
#include "util/u_inlines.h"

#include "agx_pack.h"
#include "agx_render.h"
#include "agx_state.h"
#include "agx_trace.h"
#include "agx_descriptors.h"
#include "agx_usc.h"
#include "agx_vdm.h"

/* ---- pools ------------------------------------------------------------ */

#define AGX_POOL_BO_SIZE (64 * 1024)

void
agx_pool_init(struct agx_pool *pool, struct agx_device *dev, uint32_t flags)
{
   memset(pool, 0, sizeof(*pool));
   pool->dev = dev;
   pool->bo_flags = flags;
   util_dynarray_init(&pool->bos, NULL);
}

void
agx_pool_cleanup(struct agx_pool *pool)
{
   unsigned n = util_dynarray_num_elements(&pool->bos, struct agx_bo *);
   for (unsigned i = 0; i < n; ++i)
      agx_bo_unreference(
         *util_dynarray_element(&pool->bos, struct agx_bo *, i));
   util_dynarray_fini(&pool->bos);
   pool->current = NULL;
}

struct agx_ptr
agx_pool_alloc(struct agx_pool *pool, size_t size, unsigned align)
{
   struct agx_ptr ptr = {0};
   uint64_t offset = (pool->offset + align - 1) & ~((uint64_t)align - 1);

   if (!pool->current || offset + size > pool->current->size) {
      uint64_t bo_size = size > AGX_POOL_BO_SIZE ? size : AGX_POOL_BO_SIZE;
      struct agx_bo *bo =
         agx_bo_create(pool->dev, bo_size, pool->bo_flags, "pool");
      if (!bo || !agx_bo_map(bo)) {
         if (bo)
            agx_bo_unreference(bo);
         return ptr;
      }
      util_dynarray_append(&pool->bos, struct agx_bo *, bo);
      pool->current = bo;
      offset = 0;
   }

   ptr.cpu = (uint8_t *)pool->current->map + offset;
   ptr.gpu = pool->current->va + offset;
   pool->offset = offset + size;
   return ptr;
}

uint64_t
agx_pool_upload(struct agx_pool *pool, const void *data, size_t size,
                unsigned align)
{
   struct agx_ptr p = agx_pool_alloc(pool, size, align);
   if (p.cpu && size)
      memcpy(p.cpu, data, size);
   return p.gpu;
}

/* ---- resource tracking ------------------------------------------------ */

static bool
res_list_has(struct util_dynarray *list, struct pipe_resource *res)
{
   unsigned n = util_dynarray_num_elements(list, struct pipe_resource *);
   for (unsigned i = 0; i < n; ++i) {
      if (*util_dynarray_element(list, struct pipe_resource *, i) == res)
         return true;
   }
   return false;
}

/* Adds a reference to `res` to the list unless it is there already; the
 * batch counts the bytes of memory it newly keeps alive (see
 * agx_batch_holds_too_much). */
static void
res_list_add(struct agx_batch *batch, struct util_dynarray *list,
             struct pipe_resource *res)
{
   if (!res || res_list_has(list, res))
      return;
   struct pipe_resource *ref = NULL;
   pipe_resource_reference(&ref, res);
   util_dynarray_append(list, struct pipe_resource *, ref);
   struct agx_bo *bo = agx_resource(res)->bo;
   if (bo)
      batch->held_B += bo->size;
}

void
agx_batch_reads(struct agx_batch *batch, struct pipe_resource *res)
{
   res_list_add(batch, &batch->reads, res);
}

void
agx_batch_writes(struct agx_batch *batch, struct pipe_resource *res)
{
   res_list_add(batch, &batch->writes, res);
}

bool
agx_batch_holds_too_much(const struct agx_batch *batch)
{
   return batch && batch->held_B > AGX_BATCH_MAX_HELD_B;
}

void
agx_batch_add_bo(struct agx_batch *batch, struct agx_bo *bo)
{
   unsigned n = util_dynarray_num_elements(&batch->bos, struct agx_bo *);
   for (unsigned i = 0; i < n; ++i) {
      if (*util_dynarray_element(&batch->bos, struct agx_bo *, i) == bo)
         return;
   }
   agx_bo_reference(bo);
   util_dynarray_append(&batch->bos, struct agx_bo *, bo);
}

bool
agx_batch_uses(struct agx_batch *batch, struct pipe_resource *res,
               bool writes_only)
{
   if (!batch)
      return false;
   return res_list_has(&batch->writes, res) ||
          (!writes_only && res_list_has(&batch->reads, res));
}

static void
res_list_release(struct util_dynarray *list)
{
   unsigned n = util_dynarray_num_elements(list, struct pipe_resource *);
   for (unsigned i = 0; i < n; ++i)
      pipe_resource_reference(
         util_dynarray_element(list, struct pipe_resource *, i), NULL);
   util_dynarray_fini(list);
}

/* ---- batch lifetime --------------------------------------------------- */

struct agx_batch *
agx_get_batch(struct agx_context *ctx)
{
   if (ctx->batch)
      return ctx->batch;

   struct agx_screen *screen = agx_screen(ctx->base.screen);
   struct agx_batch *batch = calloc(1, sizeof(*batch));
   if (!batch)
      return NULL;

   batch->ctx = ctx;
   agx_pool_init(&batch->pool, &screen->dev, AGX_BO_WRITEBACK);
   agx_pool_init(&batch->pipeline, &screen->dev, AGX_BO_EXEC);
   util_dynarray_init(&batch->scissor, NULL);
   util_dynarray_init(&batch->depth_bias, NULL);
   util_dynarray_init(&batch->reads, NULL);
   util_dynarray_init(&batch->writes, NULL);
   util_dynarray_init(&batch->bos, NULL);

   batch->vdm = agx_bo_create(&screen->dev, AGX_VDM_SIZE, 0, "vdm");
   if (!batch->vdm || !agx_bo_map(batch->vdm)) {
      if (batch->vdm)
         agx_bo_unreference(batch->vdm);
      free(batch);
      return NULL;
   }
   batch->vdm_head = batch->vdm->map;
   /* Room for the terminator is kept at the end. */
   batch->vdm_end =
      batch->vdm_head + AGX_VDM_SIZE - AGX_VDM_STREAM_TERMINATE_LENGTH;

   /* The framebuffer the batch renders to (surfaces referenced). */
   batch->key = ctx->fb;
   for (unsigned i = 0; i < ctx->fb.nr_cbufs; ++i) {
      batch->key.cbufs[i] = NULL;
      pipe_surface_reference(&batch->key.cbufs[i], ctx->fb.cbufs[i]);
   }
   batch->key.zsbuf = NULL;
   pipe_surface_reference(&batch->key.zsbuf, ctx->fb.zsbuf);

   ctx->batch = batch;
   ctx->dirty = AGX_DIRTY_ALL;
   agx_batch_init_state(batch);
   return batch;
}

/* After the batch's fence has signalled: did the GPU run it without
 * error?  The kernel keeps a failed job's error on its fence (-EIO for a
 * GPU fault, -ETIMEDOUT for a timeout: AsahiLinux/linux
 * drivers/gpu/drm/asahi/workqueue.rs), and a sync_file exported from a
 * syncobj holding that fence reports it as a negative status
 * (SYNC_IOC_FILE_INFO, include/uapi/linux/sync_file.h).  The UAPI carries
 * nothing more: the faulting unit and address are in the kernel log (on
 * the simulator shim, its "asahi-sim:" lines on stderr). */
static void
agx_batch_status(struct agx_context *ctx, struct agx_batch *batch)
{
   struct agx_screen *screen = agx_screen(ctx->base.screen);
   int fd = screen->dev.fd;
   if (!batch->status_syncobj)
      return;
   int sync_file = -1;
   struct sync_file_info info = {0};
   if (batch->seqno && !screen->lost &&
       !drmSyncobjExportSyncFile(fd, batch->status_syncobj, &sync_file) &&
       !drmIoctl(sync_file, SYNC_IOC_FILE_INFO, &info) && info.status < 0) {
      ctx->reset = true;
      if (!ctx->fault_logged) {
         /* The kernel's errors for a failed job (workqueue.rs). */
         const char *what = info.status == -EIO         ? "GPU fault"
                            : info.status == -ETIMEDOUT ? "GPU timeout"
                            : info.status == -ECANCELED
                               ? "killed by a fault of other work"
                               : "GPU error";
         ctx->fault_logged = true;
         u_loge("asahi",
                "%s in render submission %llu (%s); this context is lost "
                "(guilty reset).  The kernel log names the faulting unit "
                "and address (on the simulator shim: the asahi-sim lines "
                "on stderr)",
                what, (unsigned long long)batch->seqno,
                strerror(-info.status));
      }
   }
   if (sync_file >= 0)
      close(sync_file);
   drmSyncobjDestroy(fd, batch->status_syncobj);
   batch->status_syncobj = 0;
}

static void
agx_batch_free(struct agx_batch *batch)
{
   if (batch->status_syncobj) {
      struct agx_screen *screen = agx_screen(batch->ctx->base.screen);
      drmSyncobjDestroy(screen->dev.fd, batch->status_syncobj);
   }
   for (unsigned i = 0; i < batch->key.nr_cbufs; ++i)
      pipe_surface_reference(&batch->key.cbufs[i], NULL);
   pipe_surface_reference(&batch->key.zsbuf, NULL);
   agx_pool_cleanup(&batch->pool);
   agx_pool_cleanup(&batch->pipeline);
   agx_bo_unreference(batch->vdm);
   util_dynarray_fini(&batch->scissor);
   util_dynarray_fini(&batch->depth_bias);
   res_list_release(&batch->reads);
   res_list_release(&batch->writes);
   unsigned nbo = util_dynarray_num_elements(&batch->bos, struct agx_bo *);
   for (unsigned i = 0; i < nbo; ++i)
      agx_bo_unreference(
         *util_dynarray_element(&batch->bos, struct agx_bo *, i));
   util_dynarray_fini(&batch->bos);
   free(batch);
}

/* ---- waiting ---------------------------------------------------------- */

bool
agx_wait_seqno(struct agx_screen *screen, uint64_t seqno)
{
   if (seqno == 0)
      return true;
   /* A lost device may never signal the point (a rejected SUBMIT took a
    * sequence number it never signals): do not sit out the timeout.
    */
   if (screen->lost)
      return false;

   int64_t now = 0;
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   now = (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec;

   uint64_t point = seqno;
   int ret = drmSyncobjTimelineWait(screen->dev.fd, &screen->timeline, &point,
                                    1, now + (int64_t)AGX_WAIT_TIMEOUT_NS,
                                    DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL |
                                       DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
                                    NULL);
   if (ret) {
      u_loge("asahi",
             "waiting for GPU submission %llu failed (%s): treating "
             "the device as lost",
             (unsigned long long)seqno, strerror(errno));
      screen->lost = true;
      return false;
   }
   return true;
}

bool
agx_sync_resource(struct agx_context *ctx, struct agx_resource *rsrc,
                  bool writes_only)
{
   if (agx_batch_uses(ctx->batch, &rsrc->base, writes_only))
      agx_flush_batch(ctx, "resource access");

   uint64_t point = writes_only ? rsrc->last_write : rsrc->last_use;
   return agx_wait_seqno(agx_screen(ctx->base.screen), point);
}

/* ---- flushing --------------------------------------------------------- */

static void
agx_stamp(struct util_dynarray *list, uint64_t seqno, bool write)
{
   unsigned n = util_dynarray_num_elements(list, struct pipe_resource *);
   for (unsigned i = 0; i < n; ++i) {
      struct agx_resource *r =
         agx_resource(*util_dynarray_element(list, struct pipe_resource *, i));
      r->last_use = seqno;
      if (write)
         r->last_write = seqno;
   }
}

/* Submit a built command list for the batch: signals the screen's
 * timeline at a new point (batch->seqno) and the batch's status syncobj,
 * stamps the resources it reads and writes.  False when it was rejected
 * (the context and the screen are then lost). */
static bool
agx_batch_submit_cmdbuf(struct agx_batch *batch, struct agx_cmdbuf *cmdbuf,
                        const char *what)
{
   struct agx_context *ctx = batch->ctx;
   struct agx_screen *screen = agx_screen(ctx->base.screen);
   struct agx_device *dev = &screen->dev;

   /* A second out-sync, binary, carries the fence alone so that its
    * error can be read back when the batch retires (agx_batch_status). */
   if (!batch->status_syncobj &&
       drmSyncobjCreate(dev->fd, 0, &batch->status_syncobj))
      batch->status_syncobj = 0;

   pthread_mutex_lock(&screen->submit_lock);
   uint64_t seqno = ++screen->seqno;
   struct drm_asahi_sync out[2] = {
      {
         .sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ,
         .handle = screen->timeline,
         .timeline_value = seqno,
      },
      {
         .sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
         .handle = batch->status_syncobj,
      },
   };

   if (dev->debug & AGX_DBG_TRACE)
      agx_trace_submission(screen, batch, cmdbuf->data, cmdbuf->size);

   int ret = cmdbuf->failed ? -ENOMEM
                           : agx_submit(dev, screen->queue_id, cmdbuf, NULL, 0,
                                        out, batch->status_syncobj ? 2 : 1,
                                        NULL);
   pthread_mutex_unlock(&screen->submit_lock);

   if (ret) {
      /* drm_asahi has no per-command result, so a failed SUBMIT is all
       * the driver learns: no faulting unit or address to name here (the
       * simulator shim prints those for a fault; the kernel logs them).
       */
      u_loge("asahi",
             "GPU reset: %s submission %llu failed (%s); this context "
             "is lost (guilty), others on the device are innocent",
             what, (unsigned long long)seqno, dev->error);
      ctx->reset = true;
      screen->lost = true;
      return false;
   }

   agx_stamp(&batch->reads, seqno, false);
   agx_stamp(&batch->writes, seqno, true);
   batch->seqno = seqno;

   if (dev->debug & AGX_DBG_SYNC) {
      if (!agx_wait_seqno(screen, seqno)) {
         ctx->reset = true;
         return false;
      }
   }
   return true;
}

static bool
agx_batch_submit(struct agx_batch *batch)
{
   struct agx_context *ctx = batch->ctx;
   struct agx_screen *screen = agx_screen(ctx->base.screen);

   if (batch->failed) {
      u_loge("asahi", "dropping a render pass: out of memory while "
                      "recording it");
      return false;
   }
   /* After a reset nothing more is sent (already reported once). */
   if (ctx->reset || screen->lost)
      return false;

   agx_vdm_terminate(&batch->vdm_head);

   uint64_t scissor_va = 0, dbias_va = 0;
   if (batch->scissor.size)
      scissor_va = agx_pool_upload(&batch->pool, batch->scissor.data,
                                   batch->scissor.size, 64);
   if (batch->depth_bias.size)
      dbias_va = agx_pool_upload(&batch->pool, batch->depth_bias.data,
                                 batch->depth_bias.size, 64);

   /* Everything not cleared but already defined is loaded. */
   uint32_t bg_counts = 0, eot_counts = 0;
   uint32_t bg = agx_build_bg_eot_usc(batch, false, &bg_counts);
   uint32_t eot = agx_build_bg_eot_usc(batch, true, &eot_counts);
   if (!bg || !eot)
      return false;

   /* After a partial render every stored attachment is reloaded. */
   unsigned saved_clear = batch->clear, saved_load = batch->load;
   batch->clear = 0;
   batch->load = PIPE_CLEAR_COLOR;
   uint32_t pbg_counts = 0;
   uint32_t pbg = agx_build_bg_eot_usc(batch, false, &pbg_counts);
   batch->clear = saved_clear;
   batch->load = saved_load;

   struct agx_render_desc d = {
      .vdm_va = batch->vdm->va,
      .width_px = batch->key.width,
      .height_px = batch->key.height,
      .layers = batch->key.layers,
      .tib = &batch->tib,
      .bg_usc = bg,
      .bg_counts = bg_counts,
      .eot_usc = eot,
      .eot_counts = eot_counts,
      .partial_bg_usc = pbg,
      .partial_bg_counts = pbg_counts,
      .scissor_va = scissor_va,
      .oclqry_va = batch->oq_used ? ctx->oq_heap->va : 0,
      .dbias_va = dbias_va,
      .clears_and_stores =
         (batch->clear & PIPE_CLEAR_COLOR) != 0 || batch->resolve != 0,
      .centre_samples = batch->centre_samples,
   };

   if (batch->key.zsbuf) {
      struct pipe_surface *zsurf = batch->key.zsbuf;
      struct agx_resource *zs = agx_resource(zsurf->texture);
      unsigned level = zsurf->u.tex.level, layer = zsurf->u.tex.first_layer;
      /* Depth and stencil are loaded and stored for every layer of the
       * pass (at base + layer x stride): a depth/stencil surface with
       * fewer layers than a colour one limits the pass to its own, so
       * that nothing is written past it (GL 4.6 section 9.8 limits
       * rendering to the smallest attachment; colour layers past it are
       * then not cleared either). */
      unsigned zs_layers =
         zsurf->u.tex.last_layer - zsurf->u.tex.first_layer + 1;
      if (d.layers > zs_layers)
         d.layers = zs_layers;
      bool has_depth = zs->layout.format != PIPE_FORMAT_S8_UINT;
      struct agx_resource *depth = has_depth ? zs : NULL;
      struct agx_resource *stencil =
         zs->separate_stencil ? zs->separate_stencil : (has_depth ? NULL : zs);

      d.clear_depth = batch->clear_depth;
      d.clear_stencil = batch->clear_stencil;

      struct {
         struct agx_resource *r;
         struct agx_render_zs *out;
         unsigned clear_bit;
      } planes[2] = {
         {depth, &d.depth, PIPE_CLEAR_DEPTH},
         {stencil, &d.stencil, PIPE_CLEAR_STENCIL},
      };
      for (unsigned i = 0; i < 2; ++i) {
         struct agx_resource *r = planes[i].r;
         if (!r)
            continue;
         bool clear = batch->clear & planes[i].clear_bit;
         struct agx_render_zs *out = planes[i].out;
         out->present = true;
         out->base_va =
            r->bo->va + ail_get_layer_level_B(&r->layout, layer, level);
         out->layer_stride_B = r->layout.layer_stride_B;
         out->load = !clear && (r->valid_levels & (1u << level));
         out->store = true;
         out->z16 = r->layout.format == PIPE_FORMAT_Z16_UNORM;
         if (clear)
            d.clears_and_stores = true;
         r->valid_levels |= 1u << level;
      }
   }

   d.vertex_scratch = batch->vertex_scratch;
   struct drm_asahi_cmd_render render;
   agx_fill_render_cmd(&render, &d);
   bool timed = agx_query_timestamps(ctx, &render);

   /* Attachments: memory the end-of-tile program writes. */
   struct drm_asahi_attachment att[AGX_MAX_RTS + 2];
   unsigned nr_att = 0;
   for (unsigned rt = 0; rt < batch->key.nr_cbufs; ++rt) {
      struct pipe_surface *surf = batch->key.cbufs[rt];
      if (!surf)
         continue;
      struct agx_resource *r = agx_resource(surf->texture);
      att[nr_att++] = (struct drm_asahi_attachment){.pointer = r->bo->va,
                                                    .size = r->layout.size_B};
      r->valid_levels |= 1u << surf->u.tex.level;
   }
   if (batch->key.zsbuf) {
      struct agx_resource *r = agx_resource(batch->key.zsbuf->texture);
      att[nr_att++] = (struct drm_asahi_attachment){.pointer = r->bo->va,
                                                    .size = r->layout.size_B};
      if (r->separate_stencil) {
         struct agx_resource *s = r->separate_stencil;
         att[nr_att++] = (struct drm_asahi_attachment){
            .pointer = s->bo->va, .size = s->layout.size_B};
      }
   }

   struct agx_cmdbuf cmdbuf;
   agx_cmdbuf_init(&cmdbuf);
   if (nr_att)
      agx_cmdbuf_add_attachments(&cmdbuf, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS,
                                 att, nr_att);
   agx_cmdbuf_add_render(&cmdbuf, &render, 0, 0);

   bool ok = agx_batch_submit_cmdbuf(batch, &cmdbuf, "render");
   agx_cmdbuf_fini(&cmdbuf);
   if (!ok)
      return false;
   if (batch->oq_used)
      agx_query_stamp(ctx, batch->seqno);
   if (timed)
      agx_query_time_submitted(ctx, batch->seqno);
   return true;
}

/* Free submitted batches the GPU has finished; with wait, first wait for
 * all of them.  Their memory (pools, stream, references) lives until then.
 */
void
agx_retire_batches(struct agx_context *ctx, bool wait)
{
   struct agx_screen *screen = agx_screen(ctx->base.screen);
   unsigned n = util_dynarray_num_elements(&ctx->pending, struct agx_batch *);
   if (!n)
      return;

   uint64_t done = 0;
   if (wait || n > AGX_MAX_PENDING_BATCHES) {
      /* Too many in flight: wait for the oldest (or all). */
      struct agx_batch *target = *util_dynarray_element(
         &ctx->pending, struct agx_batch *, wait ? n - 1 : 0);
      if (!agx_wait_seqno(screen, target->seqno))
         ctx->reset = true;
   }
   if (screen->lost ||
       drmSyncobjQuery(screen->dev.fd, &screen->timeline, &done, 1))
      done = UINT64_MAX; /* nothing will complete: release everything */

   unsigned kept = 0;
   for (unsigned i = 0; i < n; ++i) {
      struct agx_batch *b =
         *util_dynarray_element(&ctx->pending, struct agx_batch *, i);
      if (b->seqno <= done) {
         agx_batch_status(ctx, b);
         agx_batch_free(b);
      }
      else
         *util_dynarray_element(&ctx->pending, struct agx_batch *, kept++) = b;
   }
   ctx->pending.size = kept * sizeof(struct agx_batch *);
}

void
agx_flush_batch(struct agx_context *ctx, const char *reason)
{
   struct agx_batch *batch = ctx->batch;
   if (!batch)
      return;

   ctx->batch = NULL;
   struct agx_device *dev = &agx_screen(ctx->base.screen)->dev;
   if (dev->debug & AGX_DBG_PERF)
      u_logi("asahi", "perf: render pass %ux%u ends (%s): %u draws%s",
             batch->key.width, batch->key.height, reason, batch->draws,
             batch->clear ? ", clears" : "");
   /* A batch with neither draws, clears nor resolves writes nothing. */
   if ((batch->draws || batch->clear || batch->resolve) &&
       agx_batch_submit(batch))
      util_dynarray_append(&ctx->pending, struct agx_batch *, batch);
   else
      agx_batch_free(batch);
   agx_retire_batches(ctx, false);
}

/* ---- compute batches (agx_compute.c) ------------------------------------ */

struct agx_batch *
agx_batch_create_compute(struct agx_context *ctx)
{
   struct agx_screen *screen = agx_screen(ctx->base.screen);
   struct agx_batch *batch = calloc(1, sizeof(*batch));
   if (!batch)
      return NULL;
   batch->ctx = ctx;
   batch->compute = true;
   agx_pool_init(&batch->pool, &screen->dev, AGX_BO_WRITEBACK);
   agx_pool_init(&batch->pipeline, &screen->dev, AGX_BO_EXEC);
   util_dynarray_init(&batch->scissor, NULL);
   util_dynarray_init(&batch->depth_bias, NULL);
   util_dynarray_init(&batch->reads, NULL);
   util_dynarray_init(&batch->writes, NULL);
   util_dynarray_init(&batch->bos, NULL);
   return batch;
}

void
agx_batch_submit_compute(struct agx_batch *batch,
                         const struct drm_asahi_cmd_compute *cmd)
{
   struct agx_context *ctx = batch->ctx;
   struct agx_screen *screen = agx_screen(ctx->base.screen);
   bool ok = false;

   if (batch->failed)
      u_loge("asahi", "dropping a compute dispatch: out of memory while "
                      "recording it");
   else if (!ctx->reset && !screen->lost) {
      struct agx_cmdbuf cmdbuf;
      agx_cmdbuf_init(&cmdbuf);
      /* barriers 0: after all earlier render and compute work */
      agx_cmdbuf_add_compute(&cmdbuf, cmd, 0, 0);
      ok = agx_batch_submit_cmdbuf(batch, &cmdbuf, "compute");
      agx_cmdbuf_fini(&cmdbuf);
   }
   if (ok)
      util_dynarray_append(&ctx->pending, struct agx_batch *, batch);
   else
      agx_batch_free(batch);
   agx_retire_batches(ctx, false);
}
