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
 * GPU_FINISHED is a timeline point; TIMESTAMP reads the GPU clock
 * (DRM_ASAHI_GET_TIME) once the work submitted before it has completed.
 *
 * TIME_ELAPSED uses the timestamps drm_asahi has the firmware write
 * around each command (struct drm_asahi_timestamps, into an object bound
 * with GEM_BIND_OBJECT(USAGE_TIMESTAMPS)): each query owns a (start, end)
 * pair of u64 slots in a per-context heap; the first render command
 * submitted while the query is active records the start of its vertex
 * work in the start slot, and every one records the end of its fragment
 * work in the end slot.  Commands on the queue run in order, so end minus
 * start spans all of them.  begin_query and end_query flush the current
 * batch, so that the work measured is exactly what was recorded between
 * them.  The values are in command_timestamp_frequency_hz ticks.
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
   int ts_pair;         /* TIME_ELAPSED: timestamp heap pair, else -1 */
   bool ts_started;     /* TIME_ELAPSED: a command wrote the start */
   unsigned stream;     /* primitive queries: the vertex stream */
};

/* The timestamp heap: AGX_MAX_TIMER_QUERIES pairs of u64. */
#define AGX_TS_HEAP_SIZE (AGX_MAX_TIMER_QUERIES * 16)

static bool
agx_ts_heap_init(struct agx_context *ctx)
{
   if (ctx->ts_heap)
      return true;
   struct agx_screen *screen = agx_screen(ctx->base.screen);
   size_t size = AGX_TS_HEAP_SIZE < AGX_PAGE_SIZE ? AGX_PAGE_SIZE
                                                  : AGX_TS_HEAP_SIZE;
   ctx->ts_heap =
      agx_bo_create(&screen->dev, size, AGX_BO_WRITEBACK, "timer queries");
   if (!ctx->ts_heap || !agx_bo_map(ctx->ts_heap) ||
       agx_bo_bind_timestamps(ctx->ts_heap, &ctx->ts_object)) {
      if (ctx->ts_heap)
         agx_bo_unreference(ctx->ts_heap);
      ctx->ts_heap = NULL;
      return false;
   }
   return true;
}

void
agx_query_fini(struct agx_context *ctx)
{
   if (!ctx->ts_heap)
      return;
   struct agx_screen *screen = agx_screen(ctx->base.screen);
   agx_bo_unbind_timestamps(&screen->dev, ctx->ts_object);
   agx_bo_unreference(ctx->ts_heap);
   ctx->ts_heap = NULL;
}

static uint64_t *
agx_ts_pair(struct agx_context *ctx, struct agx_query *q)
{
   return (uint64_t *)ctx->ts_heap->map + 2 * q->ts_pair;
}

bool
agx_query_timestamps(struct agx_context *ctx, struct drm_asahi_cmd_render *cmd)
{
   struct agx_query *q = ctx->time_query;
   if (!q || !ctx->ts_heap)
      return false;
   uint32_t offset_B = (uint32_t)q->ts_pair * 16;
   if (!q->ts_started) {
      cmd->ts_vtx.start.handle = ctx->ts_object;
      cmd->ts_vtx.start.offset = offset_B;
   }
   cmd->ts_frag.end.handle = ctx->ts_object;
   cmd->ts_frag.end.offset = offset_B + 8;
   return true;
}

void
agx_query_time_submitted(struct agx_context *ctx, uint64_t seqno)
{
   struct agx_query *q = ctx->time_query;
   if (!q)
      return;
   q->ts_started = true;
   q->last_seqno = seqno;
}

/* Ticks of the command timestamps to nanoseconds. */
static uint64_t
agx_ticks_to_ns(struct agx_screen *screen, uint64_t ticks)
{
   uint64_t hz = screen->dev.params.command_timestamp_frequency_hz;
   if (!hz || hz == 1000000000ull)
      return ticks;
   return (uint64_t)((unsigned __int128)ticks * 1000000000ull / hz);
}

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
agx_query_count_prims(struct agx_context *ctx, unsigned stream,
                      uint64_t generated, uint64_t written)
{
   /* a draw recorded once per sample counts once (agx_sample_shading.c) */
   if (ctx->shade_sample > 0 || stream >= AGX_GS_MAX_STREAMS)
      return;
   for (unsigned i = 0; i < AGX_MAX_PRIMS_QUERIES; ++i) {
      if (ctx->prims_query[0][stream][i])
         ctx->prims_query[0][stream][i]->value += written;
      if (ctx->prims_query[1][stream][i])
         ctx->prims_query[1][stream][i]->value += generated;
   }
}

bool
agx_query_counts_prims(const struct agx_context *ctx)
{
   for (unsigned s = 0; s < AGX_GS_MAX_STREAMS; ++s) {
      for (unsigned i = 0; i < AGX_MAX_PRIMS_QUERIES; ++i) {
         if (ctx->prims_query[0][s][i] || ctx->prims_query[1][s][i])
            return true;
      }
   }
   return false;
}

/* Where q is among the active queries of its type and stream (with
 * q NULL: a free place); NULL when it is not (no room). */
static struct agx_query **
prims_slot(struct agx_context *ctx, const struct agx_query *q,
           const struct agx_query *find)
{
   struct agx_query **list = ctx->prims_query[prims_index(q->type)][q->stream];
   for (unsigned i = 0; i < AGX_MAX_PRIMS_QUERIES; ++i) {
      if (list[i] == find)
         return &list[i];
   }
   return NULL;
}

/* q stops counting (ended or destroyed). */
static void
prims_stop(struct agx_context *ctx, struct agx_query *q)
{
   struct agx_query **slot = prims_slot(ctx, q, q);
   if (slot)
      *slot = NULL;
}

static struct pipe_query *
agx_create_query(struct pipe_context *pctx, unsigned type, unsigned index)
{
   struct agx_context *ctx = agx_context(pctx);
   if (!is_occlusion(type) && type != PIPE_QUERY_GPU_FINISHED &&
       type != PIPE_QUERY_TIMESTAMP && type != PIPE_QUERY_TIME_ELAPSED &&
       !is_prims(type))
      return NULL;
   /* the index names a vertex stream (primitive queries) or nothing */
   if (index >= (is_prims(type) ? AGX_GS_MAX_STREAMS : 1))
      return NULL;

   struct agx_query *q = calloc(1, sizeof(*q));
   if (!q)
      return NULL;
   q->type = type;
   q->stream = index;
   q->slot = -1;
   q->ts_pair = -1;

   if (type == PIPE_QUERY_TIME_ELAPSED) {
      if (!agx_ts_heap_init(ctx)) {
         free(q);
         return NULL;
      }
      for (unsigned i = 0; i < AGX_MAX_TIMER_QUERIES; ++i) {
         if (!(ctx->ts_used[i / 64] & (1ull << (i % 64)))) {
            ctx->ts_used[i / 64] |= 1ull << (i % 64);
            q->ts_pair = (int)i;
            break;
         }
      }
      if (q->ts_pair < 0) {
         free(q);
         return NULL;
      }
   }

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
   if (is_prims(q->type))
      prims_stop(ctx, q);
   for (unsigned i = 0; i < ctx->nr_stamp; ++i) {
      if (ctx->stamp[i] == q)
         ctx->stamp[i] = ctx->stamp[--ctx->nr_stamp];
   }
   if (q->ts_pair >= 0) {
      /* The pair may be reused only once nothing writes it. */
      if (ctx->time_query == q) {
         agx_flush_batch(ctx, "timer query destroyed");
         ctx->time_query = NULL;
      }
      agx_wait_seqno(agx_screen(pctx->screen), q->last_seqno);
      ctx->ts_used[q->ts_pair / 64] &= ~(1ull << (q->ts_pair % 64));
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
      struct agx_query **slot = prims_slot(ctx, q, q);
      if (!slot)
         slot = prims_slot(ctx, q, NULL);
      if (!slot)
         return false; /* too many at once */
      *slot = q;
      ctx->dirty |= AGX_DIRTY_DRAW_PATH; /* draws are counted */
   }
   if (q->type == PIPE_QUERY_TIME_ELAPSED) {
      /* Earlier work is not measured; the pair is rewritten only once
       * no submission of an earlier use still writes it. */
      agx_flush_batch(ctx, "timer query begins");
      agx_wait_seqno(agx_screen(pctx->screen), q->last_seqno);
      uint64_t *pair = agx_ts_pair(ctx, q);
      pair[0] = pair[1] = 0;
      q->ts_started = false;
      q->last_seqno = 0;
      ctx->time_query = q;
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
   case PIPE_QUERY_TIMESTAMP: {
      /* The time once every earlier command has completed (GL 3.3
       * section 5.4): wait for the last submission, then read the
       * clock.  Simple but it stalls; writing the completion time with
       * the command's own timestamps would not. */
      agx_flush_batch(ctx, "timestamp query");
      pthread_mutex_lock(&screen->submit_lock);
      uint64_t last = screen->seqno;
      pthread_mutex_unlock(&screen->submit_lock);
      agx_wait_seqno(screen, last);
      agx_get_gpu_timestamp(&screen->dev, &q->value);
      break;
   }
   case PIPE_QUERY_TIME_ELAPSED:
      /* The work recorded so far is the query's. */
      agx_flush_batch(ctx, "timer query ends");
      if (ctx->time_query == q)
         ctx->time_query = NULL;
      break;
   case PIPE_QUERY_PRIMITIVES_EMITTED:
   case PIPE_QUERY_PRIMITIVES_GENERATED:
      prims_stop(ctx, q);
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
   case PIPE_QUERY_TIME_ELAPSED: {
      /* No command ran inside the query: no GPU time passed for it. */
      if (!q->ts_started) {
         result->u64 = 0;
         return true;
      }
      if (wait)
         agx_wait_seqno(screen, q->last_seqno);
      else if (!agx_query_done(screen, q->last_seqno))
         return false;
      const uint64_t *pair = agx_ts_pair(ctx, q);
      result->u64 = pair[1] > pair[0]
                       ? agx_ticks_to_ns(screen, pair[1] - pair[0])
                       : 0;
      return true;
   }
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
