/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Queries.
 *
 * Occlusion queries use the hardware's visibility counters: each query
 * owns a 64-bit slot of a per-context heap; a render command names the
 * heap (isp_oclqry_base) and every draw inside the query selects its slot
 * (Fragment Occlusion Query word) and counting or boolean mode (Fragment
 * Control word).  The hardware adds to the slot, so a query spanning
 * several render passes accumulates; begin_query zeroes it once no
 * submission still writes it.
 *
 * GPU_FINISHED is a timeline point; TIMESTAMP reads the GPU clock.
 *
 * Fact: alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_query.c (heap
 * of u64 slots, zeroed at begin, visibility modes) and agx_state.c.
 */
#include <stdlib.h>
#include <string.h>
#include <xf86drm.h>

#include "util/u_inlines.h"

#include "agx_state.h"

struct agx_query {
   unsigned type;
   int slot;            /* occlusion: heap slot, else -1 */
   uint64_t last_seqno; /* last submission that wrote it */
   uint64_t value;      /* GPU_FINISHED seqno / TIMESTAMP ns */
};

static bool
is_occlusion(unsigned type)
{
   return type == PIPE_QUERY_OCCLUSION_COUNTER ||
          type == PIPE_QUERY_OCCLUSION_PREDICATE ||
          type == PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE;
}

/* Primitive counts: known on the CPU when each draw is recorded
 * (agx_streamout.c), so these need no GPU memory. */
static bool
is_prims(unsigned type)
{
   return type == PIPE_QUERY_PRIMITIVES_EMITTED ||
          type == PIPE_QUERY_PRIMITIVES_GENERATED;
}

static int
prims_index(unsigned type)
{
   return type == PIPE_QUERY_PRIMITIVES_EMITTED ? 0 : 1;
}

void
agx_query_count_prims(struct agx_context *ctx, uint64_t generated,
                      uint64_t written)
{
   if (ctx->prims_query[0])
      ctx->prims_query[0]->value += written;
   if (ctx->prims_query[1])
      ctx->prims_query[1]->value += generated;
}

static struct pipe_query *
agx_create_query(struct pipe_context *pctx, unsigned type, unsigned index)
{
   struct agx_context *ctx = agx_context(pctx);
   if (!is_occlusion(type) && type != PIPE_QUERY_GPU_FINISHED &&
       type != PIPE_QUERY_TIMESTAMP && !is_prims(type))
      return NULL;

   struct agx_query *q = calloc(1, sizeof(*q));
   if (!q)
      return NULL;
   q->type = type;
   q->slot = -1;

   if (is_occlusion(type)) {
      if (!ctx->oq_heap) {
         struct agx_screen *screen = agx_screen(pctx->screen);
         ctx->oq_heap = agx_bo_create(&screen->dev, AGX_PAGE_SIZE,
                                      AGX_BO_WRITEBACK, "occlusion queries");
         if (!ctx->oq_heap || !agx_bo_map(ctx->oq_heap)) {
            free(q);
            return NULL;
         }
      }
      for (unsigned i = 0; i < AGX_MAX_OCCLUSION_QUERIES; ++i) {
         if (!(ctx->oq_used[i / 64] & (1ull << (i % 64)))) {
            ctx->oq_used[i / 64] |= 1ull << (i % 64);
            q->slot = i;
            break;
         }
      }
      if (q->slot < 0) {
         free(q);
         return NULL;
      }
   }
   return (struct pipe_query *)q;
}

static void
agx_destroy_query(struct pipe_context *pctx, struct pipe_query *pq)
{
   struct agx_context *ctx = agx_context(pctx);
   struct agx_query *q = (struct agx_query *)pq;
   for (unsigned i = 0; i < 2; ++i) {
      if (ctx->prims_query[i] == q)
         ctx->prims_query[i] = NULL;
   }
   for (unsigned i = 0; i < ctx->nr_stamp; ++i) {
      if (ctx->stamp[i] == q)
         ctx->stamp[i] = ctx->stamp[--ctx->nr_stamp];
   }
   if (q->slot >= 0) {
      /* The slot may be reused only once nothing writes it. */
      if (ctx->occlusion_query == q) {
         ctx->occlusion_query = NULL;
         ctx->dirty |= AGX_DIRTY_QUERY;
      }
      agx_flush_batch(ctx, "query destroyed");
      agx_wait_seqno(agx_screen(pctx->screen), q->last_seqno);
      ctx->oq_used[q->slot / 64] &= ~(1ull << (q->slot % 64));
   }
   free(q);
}

static uint64_t *
agx_slot(struct agx_context *ctx, struct agx_query *q)
{
   return (uint64_t *)ctx->oq_heap->map + q->slot;
}

static bool
agx_begin_query(struct pipe_context *pctx, struct pipe_query *pq)
{
   struct agx_context *ctx = agx_context(pctx);
   struct agx_query *q = (struct agx_query *)pq;

   if (is_prims(q->type)) {
      q->value = 0;
      ctx->prims_query[prims_index(q->type)] = q;
   }
   if (q->slot >= 0) {
      /* Zero the slot from the CPU once no submission writes it. */
      if (ctx->batch && ctx->batch->oq_used)
         agx_flush_batch(ctx, "query begins");
      agx_wait_seqno(agx_screen(pctx->screen), q->last_seqno);
      *agx_slot(ctx, q) = 0;
      ctx->occlusion_query = q;
      ctx->dirty |= AGX_DIRTY_QUERY;
   }
   return true;
}

static bool
agx_end_query(struct pipe_context *pctx, struct pipe_query *pq)
{
   struct agx_context *ctx = agx_context(pctx);
   struct agx_screen *screen = agx_screen(pctx->screen);
   struct agx_query *q = (struct agx_query *)pq;

   switch (q->type) {
   case PIPE_QUERY_GPU_FINISHED:
      agx_flush_batch(ctx, "GPU_FINISHED query");
      pthread_mutex_lock(&screen->submit_lock);
      q->value = screen->seqno;
      pthread_mutex_unlock(&screen->submit_lock);
      break;
   case PIPE_QUERY_TIMESTAMP:
      agx_get_gpu_timestamp(&screen->dev, &q->value);
      break;
   case PIPE_QUERY_PRIMITIVES_EMITTED:
   case PIPE_QUERY_PRIMITIVES_GENERATED:
      if (ctx->prims_query[prims_index(q->type)] == q)
         ctx->prims_query[prims_index(q->type)] = NULL;
      break;
   default:
      if (ctx->occlusion_query == q) {
         ctx->occlusion_query = NULL;
         ctx->dirty |= AGX_DIRTY_QUERY;
      }
      break;
   }
   return true;
}

static bool
agx_query_done(struct agx_screen *screen, uint64_t seqno)
{
   uint64_t point = 0;
   if (seqno == 0)
      return true;
   if (drmSyncobjQuery(screen->dev.fd, &screen->timeline, &point, 1))
      return true; /* device lost: nothing will complete */
   return point >= seqno;
}

static bool
agx_get_query_result(struct pipe_context *pctx, struct pipe_query *pq,
                     bool wait, union pipe_query_result *result)
{
   struct agx_context *ctx = agx_context(pctx);
   struct agx_screen *screen = agx_screen(pctx->screen);
   struct agx_query *q = (struct agx_query *)pq;

   switch (q->type) {
   case PIPE_QUERY_GPU_FINISHED:
      if (wait)
         agx_wait_seqno(screen, q->value);
      result->b = agx_query_done(screen, q->value);
      return true;
   case PIPE_QUERY_TIMESTAMP:
   case PIPE_QUERY_PRIMITIVES_EMITTED:
   case PIPE_QUERY_PRIMITIVES_GENERATED:
      result->u64 = q->value;
      return true;
   default:
      break;
   }

   if (ctx->batch && ctx->batch->oq_used)
      agx_flush_batch(ctx, "query result");
   if (wait)
      agx_wait_seqno(screen, q->last_seqno);
   else if (!agx_query_done(screen, q->last_seqno))
      return false;

   uint64_t v = *agx_slot(ctx, q);
   if (q->type == PIPE_QUERY_OCCLUSION_COUNTER)
      result->u64 = v;
   else
      result->b = v != 0;
   return true;
}

void
agx_query_stamp(struct agx_context *ctx, uint64_t seqno)
{
   for (unsigned i = 0; i < ctx->nr_stamp; ++i)
      ctx->stamp[i]->last_seqno = seqno;
   ctx->nr_stamp = 0;
}

/* The current occlusion query's slot, remembered for stamping. */
int
agx_query_slot(struct agx_context *ctx)
{
   struct agx_query *q = ctx->occlusion_query;
   if (!q)
      return -1;
   bool seen = false;
   for (unsigned i = 0; i < ctx->nr_stamp; ++i)
      seen |= ctx->stamp[i] == q;
   if (!seen && ctx->nr_stamp < AGX_MAX_OCCLUSION_QUERIES)
      ctx->stamp[ctx->nr_stamp++] = q;
   return q->slot;
}

bool
agx_query_counting(struct agx_context *ctx)
{
   return ctx->occlusion_query &&
          ctx->occlusion_query->type == PIPE_QUERY_OCCLUSION_COUNTER;
}

void
agx_init_query_functions(struct pipe_context *pctx)
{
   pctx->create_query = agx_create_query;
   pctx->destroy_query = agx_destroy_query;
   pctx->begin_query = agx_begin_query;
   pctx->end_query = agx_end_query;
   pctx->get_query_result = agx_get_query_result;
}
