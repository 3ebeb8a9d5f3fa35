/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Stream output (transform feedback) targets.
 *
 * AGX has no fixed-function stream output: the vertex shader variant
 * stores its captured outputs itself (src/asahi/compiler/
 * agx_nir_lower_xfb.c; fact and approach: alexvorxx/Mesa-VirGL
 * src/gallium/drivers/asahi/agx_streamout.c).  The driver keeps, per
 * target, how many bytes have been written since the target's start, and
 * works out before each draw, on the CPU, how many whole primitives fit
 * in every bound buffer: only those are written (GL stops capturing when
 * a buffer is full; ES 3.0.6 section 2.15.2), the offsets then advance by
 * what was written, and the PRIMITIVES_EMITTED / _GENERATED counts grow.
 * Everything is known when the draw is recorded, so the counts need no
 * GPU work.
 *
 * What captures: draws of points, lines and triangles, the only ones ES
 * 3.0 allows while capturing, and (desktop GL) of line strips and loops,
 * triangle strips and fans, unrolled to separate primitives.  Indexed
 * draws of points, lines and triangles are drawn without indices: the
 * driver writes the vertex numbers (index + base vertex) to the batch's
 * memory and the vertex shader fetches vertex number i
 * (AGX_XFB_UNROLL_INDEXED); indexed strips, loops and fans the same
 * way, the driver unrolling their vertex numbers into separate
 * primitives (restart runs split).  Quads, quad strips and polygons,
 * indexed or not, the same way, as triangles that keep each quad's or
 * polygon's provoking vertex.
 */
#include <stdlib.h>
#include <string.h>

#include "util/log.h"
#include "util/u_math.h"
#include "util/u_inlines.h"

#include "agx_state.h"

struct agx_so_target {
   struct pipe_stream_output_target base;
   uint32_t written_B; /* bytes written from buffer_offset on */
};

static struct agx_so_target *
agx_so_target(struct pipe_stream_output_target *t)
{
   return (struct agx_so_target *)t;
}

static struct pipe_stream_output_target *
agx_create_so_target(struct pipe_context *pctx, struct pipe_resource *res,
                     unsigned offset, unsigned size)
{
   struct agx_so_target *t = calloc(1, sizeof(*t));
   if (!t)
      return NULL;
   pipe_reference_init(&t->base.reference, 1);
   pipe_resource_reference(&t->base.buffer, res);
   t->base.context = pctx;
   t->base.buffer_offset = offset;
   t->base.buffer_size = size;
   return &t->base;
}

static void
agx_so_target_destroy(struct pipe_context *pctx,
                      struct pipe_stream_output_target *t)
{
   (void)pctx;
   pipe_resource_reference(&t->buffer, NULL);
   free(t);
}

static void
agx_set_so_targets(struct pipe_context *pctx, unsigned n,
                   struct pipe_stream_output_target **targets,
                   const unsigned *offsets)
{
   struct agx_context *ctx = agx_context(pctx);
   unsigned was = ctx->nr_so_targets;

   for (unsigned i = 0; i < AGX_MAX_XFB_BUFFERS; ++i) {
      struct pipe_stream_output_target *t =
         i < n && targets ? targets[i] : NULL;
      pipe_so_target_reference(&ctx->so_targets[i], t);
      /* (unsigned)-1: append (glResumeTransformFeedback). */
      if (t && offsets && offsets[i] != (unsigned)-1)
         agx_so_target(t)->written_B = offsets[i];
   }
   ctx->nr_so_targets = MIN2(n, AGX_MAX_XFB_BUFFERS);
   if (was || ctx->nr_so_targets)
      ctx->dirty |= AGX_DIRTY_VS; /* the variant key changes */
}

static unsigned agx_xfb_vertices_per_prim(enum pipe_prim_type mode,
                                          enum pipe_prim_type *list);

/* Modes captured through a vertex list the CPU makes even when not
 * indexed (AGX_XFB_UNROLL_INDEXED): quads, quad strips and polygons, as
 * triangles (GL 3.0 compatibility section 2.15). */
static bool
agx_xfb_cpu_list(unsigned mode)
{
   return mode == PIPE_PRIM_QUADS || mode == PIPE_PRIM_QUAD_STRIP ||
          mode == PIPE_PRIM_POLYGON;
}

void
agx_xfb_key(struct agx_context *ctx, const struct agx_uncompiled_shader *so,
            struct agx_xfb_key *key)
{
   const struct pipe_stream_output_info *info = &so->so;
   if (!ctx->nr_so_targets || !info->num_outputs || ctx->xfb_off)
      return;
   key->nr_outputs = (uint8_t)MIN2(info->num_outputs, AGX_MAX_XFB_OUTPUTS);
   unsigned mode = ctx->xfb_prim & ~AGX_XFB_PRIM_INDEXED;
   /* the provoking vertex each unrolled triangle keeps */
   bool first = ctx->rast && ctx->rast->base.flatshade_first;
   enum pipe_prim_type list = PIPE_PRIM_POINTS;
   if (((ctx->xfb_prim & AGX_XFB_PRIM_INDEXED) || agx_xfb_cpu_list(mode)) &&
       agx_xfb_vertices_per_prim(mode, &list))
      key->unroll = AGX_XFB_UNROLL_INDEXED;
   switch (ctx->xfb_prim & AGX_XFB_PRIM_INDEXED ? 0 : ctx->xfb_prim) {
   case PIPE_PRIM_LINE_STRIP:
      key->unroll = AGX_XFB_UNROLL_LINE_STRIP;
      break;
   case PIPE_PRIM_LINE_LOOP:
      key->unroll = AGX_XFB_UNROLL_LINE_LOOP;
      break;
   case PIPE_PRIM_TRIANGLE_STRIP:
      key->unroll = first ? AGX_XFB_UNROLL_TRIANGLE_STRIP_FIRST
                          : AGX_XFB_UNROLL_TRIANGLE_STRIP;
      break;
   case PIPE_PRIM_TRIANGLE_FAN:
      key->unroll = first ? AGX_XFB_UNROLL_TRIANGLE_FAN_FIRST
                          : AGX_XFB_UNROLL_TRIANGLE_FAN;
      break;
   default:
      break;
   }
   for (unsigned b = 0; b < AGX_MAX_XFB_BUFFERS; ++b)
      key->stride_w[b] = info->stride[b];
   for (unsigned i = 0; i < key->nr_outputs; ++i) {
      key->out[i] = (struct agx_xfb_output){
         .slot = info->output[i].register_index,
         .start_component = info->output[i].start_component,
         .num_components = info->output[i].num_components,
         .buffer = info->output[i].output_buffer,
         .offset_w = info->output[i].dst_offset,
      };
   }
}

/* Vertices per separate primitive of a mode that captures, or 0; strips,
 * loops and fans are drawn as the separate primitives (*list). */
static unsigned
agx_xfb_vertices_per_prim(enum pipe_prim_type mode, enum pipe_prim_type *list)
{
   switch (mode) {
   case PIPE_PRIM_POINTS:
      *list = PIPE_PRIM_POINTS;
      return 1;
   case PIPE_PRIM_LINES:
   case PIPE_PRIM_LINE_STRIP:
   case PIPE_PRIM_LINE_LOOP:
      *list = PIPE_PRIM_LINES;
      return 2;
   case PIPE_PRIM_TRIANGLES:
   case PIPE_PRIM_TRIANGLE_STRIP:
   case PIPE_PRIM_TRIANGLE_FAN:
   case PIPE_PRIM_QUADS:
   case PIPE_PRIM_QUAD_STRIP:
   case PIPE_PRIM_POLYGON:
      *list = PIPE_PRIM_TRIANGLES;
      return 3;
   default:
      return 0;
   }
}

/* Primitives `count` vertices of `mode` make (GL 3.0 section 2.6.1). */
static uint64_t
agx_prims_of(enum pipe_prim_type mode, uint64_t count)
{
   switch (mode) {
   case PIPE_PRIM_POINTS:
      return count;
   case PIPE_PRIM_LINES:
      return count / 2;
   case PIPE_PRIM_LINE_LOOP:
      return count >= 2 ? count : 0;
   case PIPE_PRIM_LINE_STRIP:
      return count >= 2 ? count - 1 : 0;
   case PIPE_PRIM_TRIANGLES:
      return count / 3;
   case PIPE_PRIM_TRIANGLE_STRIP:
   case PIPE_PRIM_TRIANGLE_FAN:
      return count >= 3 ? count - 2 : 0;
   case PIPE_PRIM_QUADS:
      return count / 4;
   case PIPE_PRIM_QUAD_STRIP:
      return count >= 4 ? (count - 2) / 2 : 0;
   case PIPE_PRIM_POLYGON:
      return count >= 3 ? 1 : 0;
   default:
      return 0;
   }
}

/* Appends to out the vertices of the separate primitives `mode` makes of
 * the restart-free run v[0..n), in the order the compiler unrolls
 * non-indexed draws (agx_compile.h, enum agx_xfb_unroll); returns how
 * many it appended (out may be NULL to count). */
static unsigned
agx_xfb_unroll_run(enum pipe_prim_type mode, const uint32_t *v, unsigned n,
                   bool first, uint32_t *out)
{
   unsigned k = 0;
#define PUT(x)                                                               \
   do {                                                                      \
      if (out)                                                               \
         out[k] = v[x];                                                      \
      k++;                                                                   \
   } while (0)
   switch (mode) {
   case PIPE_PRIM_POINTS:
   case PIPE_PRIM_LINES:
   case PIPE_PRIM_TRIANGLES: {
      unsigned vpp = mode == PIPE_PRIM_POINTS  ? 1
                     : mode == PIPE_PRIM_LINES ? 2
                                               : 3;
      for (unsigned i = 0; i < n - n % vpp; ++i)
         PUT(i);
      break;
   }
   case PIPE_PRIM_LINE_STRIP:
   case PIPE_PRIM_LINE_LOOP:
      for (unsigned p = 0; p + 1 < n; ++p) {
         PUT(p);
         PUT(p + 1);
      }
      if (mode == PIPE_PRIM_LINE_LOOP && n >= 2) {
         PUT(n - 1);
         PUT(0);
      }
      break;
   case PIPE_PRIM_TRIANGLE_STRIP:
      /* odd triangles with their first two swapped (the strip's
       * winding), or rotated to start at their provoking vertex p */
      for (unsigned p = 0; p + 2 < n; ++p) {
         bool odd = p % 2;
         PUT(odd && !first ? p + 1 : p);
         PUT(!odd ? p + 1 : first ? p + 2 : p);
         PUT(odd && first ? p + 1 : p + 2);
      }
      break;
   case PIPE_PRIM_TRIANGLE_FAN:
      /* the centre first, or last after provoking vertex p + 1 */
      for (unsigned p = 0; p + 2 < n; ++p) {
         PUT(first ? p + 1 : 0);
         PUT(first ? p + 2 : p + 1);
         PUT(first ? 0 : p + 2);
      }
      break;
   /* Quads (perimeter a b c d), quad strips and polygons as two
    * triangles a quad, a fan a polygon, winding kept, each triangle's
    * provoking vertex (first or last, ARB_provoking_vertex) the one of
    * its quad or polygon (GL 3.2 compatibility table 2.12: the last of
    * a quad, 2i + 3 of strip quad i, or first with the first-vertex
    * convention; a polygon's first vertex in both). */
   case PIPE_PRIM_QUADS:
   case PIPE_PRIM_QUAD_STRIP: {
      bool strip = mode == PIPE_PRIM_QUAD_STRIP;
      for (unsigned i = 0; i + 3 < n; i += strip ? 2 : 4) {
         unsigned a = i, b = i + 1, c = strip ? i + 3 : i + 2,
                  d = strip ? i + 2 : i + 3;
         unsigned tri[6] = {a, b, c, a, c, d}; /* a provokes first */
         if (!first && !strip) {
            unsigned t[6] = {a, b, d, b, c, d}; /* d last */
            memcpy(tri, t, sizeof(t));
         } else if (!first) {
            unsigned t[6] = {a, b, c, d, a, c}; /* c last */
            memcpy(tri, t, sizeof(t));
         }
         for (unsigned j = 0; j < 6; ++j)
            PUT(tri[j]);
      }
      break;
   }
   case PIPE_PRIM_POLYGON:
      for (unsigned p = 0; p + 2 < n; ++p) {
         PUT(first ? 0 : p + 1);
         PUT(first ? p + 1 : p + 2);
         PUT(first ? p + 2 : 0);
      }
      break;
   default:
      break;
   }
#undef PUT
   return k;
}

/* The vertex numbers (index + base vertex, 32 bits) of the separate
 * primitives of an indexed draw, in the batch's memory, for
 * AGX_XFB_UNROLL_INDEXED: restart runs split (GL 3.1 section 2.8.1),
 * strips, loops, fans, quads and polygons unrolled (a draw without
 * indices: start, start + 1 ...).  *prims: the primitives they make.
 * False when the indices cannot be read. */
static bool
agx_xfb_indices(struct agx_context *ctx, struct agx_batch *batch,
                const struct pipe_draw_info *info,
                const struct pipe_draw_start_count_bias *draw,
                unsigned vpp, uint64_t *prims, struct agx_xfb_draw *out)
{
   unsigned isz = info->index_size;
   const uint8_t *src = NULL;
   if (!isz) {
      /* (not indexed: agx_xfb_cpu_list modes) */
   } else if (info->has_user_indices) {
      src = (const uint8_t *)info->index.user;
   } else {
      struct agx_resource *ib = agx_resource(info->index.resource);
      /* written by the batch being recorded: not readable yet */
      if ((uint64_t)(draw->start + draw->count) * isz > ib->layout.size_B ||
          agx_batch_uses(batch, &ib->base, true) ||
          !agx_sync_resource(ctx, ib, true))
         return false;
      src = agx_bo_map(ib->bo);
      if (!src)
         return false;
   }
   if (src)
      src += (size_t)draw->start * isz;
   uint32_t *v = malloc(MAX2(draw->count, 1) * sizeof(uint32_t));
   bool *restart = calloc(MAX2(draw->count, 1), sizeof(bool));
   if (!v || !restart) {
      free(v);
      free(restart);
      return false;
   }
   uint32_t max = 0;
   for (unsigned i = 0; i < draw->count; ++i) {
      /* (user index arrays need not be aligned) */
      uint16_t i16 = 0;
      uint32_t idx = 0;
      if (!src) {
         v[i] = max = draw->start + i;
         continue;
      }
      if (isz == 1) {
         idx = src[i];
      } else if (isz == 2) {
         memcpy(&i16, src + 2 * i, 2);
         idx = i16;
      } else {
         memcpy(&idx, src + 4 * (size_t)i, 4);
      }
      restart[i] = info->primitive_restart && idx == info->restart_index;
      v[i] = (uint32_t)((int64_t)idx + draw->index_bias);
      if (!restart[i])
         max = MAX2(max, v[i]);
   }
   bool first = ctx->rast && ctx->rast->base.flatshade_first;
   /* Count, then write, run by run. */
   struct agx_ptr t = {0};
   unsigned total = 0;
   for (unsigned pass = 0; pass < 2; ++pass) {
      uint32_t *list = pass ? t.cpu : NULL;
      unsigned k = 0;
      for (unsigned i = 0; i < draw->count;) {
         unsigned n = 0;
         while (i + n < draw->count && !restart[i + n])
            n++;
         k += agx_xfb_unroll_run(info->mode, v + i, n, first,
                                 list ? list + k : NULL);
         i += n + 1;
      }
      total = k;
      if (!pass) {
         t = agx_pool_alloc(&batch->pool, MAX2(total, 1) * 4, 64);
         if (!t.cpu)
            break;
      }
   }
   free(v);
   free(restart);
   if (!t.cpu)
      return false;
   *prims = total / vpp;
   enum pipe_prim_type list = info->mode;
   agx_xfb_vertices_per_prim(info->mode, &list);
   out->indexed = true;
   out->unrolled = true;
   out->list = list;
   out->indices_va = t.gpu;
   out->max_index = max;
   out->first = 0;
   return true;
}

void
agx_xfb_prepare(struct agx_context *ctx, struct agx_batch *batch,
                const struct agx_compiled_shader *vs,
                const struct pipe_draw_info *info,
                const struct pipe_draw_start_count_bias *draw,
                struct agx_xfb_draw *out)
{
   memset(out, 0, sizeof(*out));
   out->first = draw->start;
   uint64_t prims = agx_prims_of(info->mode, draw->count);
   out->generated = prims * info->instance_count;

   const struct agx_xfb_key *key = &vs->key.vs.xfb;
   if (!key->nr_outputs)
      return;

   enum pipe_prim_type list = info->mode;
   unsigned vpp = agx_xfb_vertices_per_prim(info->mode, &list);
   bool cpu_list = info->index_size || agx_xfb_cpu_list(info->mode);
   if (!vpp || (cpu_list &&
                (key->unroll != AGX_XFB_UNROLL_INDEXED ||
                 !agx_xfb_indices(ctx, batch, info, draw, vpp, &prims,
                                  out)))) {
      static bool warned;
      if (!warned)
         u_logw("asahi", "transform feedback: the draw's vertices could "
                         "not be listed (indices not readable); not "
                         "captured");
      warned = true;
      return;
   }
   /* (restart runs make fewer primitives than the count alone) */
   out->generated = prims * info->instance_count;
   out->vertices = (uint32_t)(prims * vpp);
   if (list != info->mode) {
      out->unrolled = true;
      out->list = list;
   }

   /* Whole primitives that fit in every buffer the shader writes. */
   uint64_t fit = out->generated;
   for (unsigned b = 0; b < AGX_MAX_XFB_BUFFERS; ++b) {
      if (!key->stride_w[b])
         continue;
      struct pipe_stream_output_target *t =
         b < ctx->nr_so_targets ? ctx->so_targets[b] : NULL;
      if (!t || !t->buffer) {
         fit = 0;
         break;
      }
      uint32_t written = agx_so_target(t)->written_B;
      uint64_t left = t->buffer_size > written ? t->buffer_size - written : 0;
      uint64_t prim_B = (uint64_t)key->stride_w[b] * 4 * vpp;
      fit = MIN2(fit, left / prim_B);
   }
   out->written = fit;
   out->limit = (uint32_t)(fit * vpp);

   for (unsigned b = 0; b < AGX_MAX_XFB_BUFFERS; ++b) {
      struct pipe_stream_output_target *t =
         b < ctx->nr_so_targets ? ctx->so_targets[b] : NULL;
      if (!key->stride_w[b] || !t || !t->buffer)
         continue;
      struct agx_resource *rsrc = agx_resource(t->buffer);
      out->addr[b] =
         rsrc->bo->va + t->buffer_offset + agx_so_target(t)->written_B;
      if (fit) {
         agx_batch_writes(batch, t->buffer);
         rsrc->valid_levels |= 1;
      }
   }
}

void
agx_xfb_done(struct agx_context *ctx, const struct agx_compiled_shader *vs,
             const struct agx_xfb_draw *x)
{
   const struct agx_xfb_key *key = &vs->key.vs.xfb;
   for (unsigned b = 0; b < AGX_MAX_XFB_BUFFERS && key->nr_outputs; ++b) {
      struct pipe_stream_output_target *t =
         b < ctx->nr_so_targets ? ctx->so_targets[b] : NULL;
      if (key->stride_w[b] && t)
         agx_so_target(t)->written_B +=
            (uint32_t)(x->limit * key->stride_w[b] * 4);
   }
   agx_query_count_prims(ctx, 0, x->generated, x->written);
}

uint64_t
agx_xfb_capture_cpu(struct agx_context *ctx,
                    const struct pipe_stream_output_info *info,
                    unsigned stream, unsigned vpp, uint64_t prims,
                    agx_xfb_fetch_fn fetch, void *user)
{
   if (!ctx->nr_so_targets || !info->num_outputs || !vpp)
      return 0;

   /* The buffers of the stream: the linker gives each buffer the outputs
    * of one stream (ARB_transform_feedback3). */
   unsigned buffers = 0;
   for (unsigned i = 0; i < info->num_outputs; ++i) {
      if (info->output[i].stream == stream &&
          info->output[i].output_buffer < AGX_MAX_XFB_BUFFERS)
         buffers |= 1u << info->output[i].output_buffer;
   }
   if (!buffers)
      return 0;

   /* Whole primitives that fit in every buffer written (as on the GPU
    * path: GL stops capturing at a full buffer; for the stream alone,
    * GL 4.0 core section 2.17.2). */
   uint64_t fit = prims;
   uint8_t *map[AGX_MAX_XFB_BUFFERS] = {NULL};
   for (unsigned b = 0; b < AGX_MAX_XFB_BUFFERS; ++b) {
      if (!info->stride[b] || !(buffers & (1u << b)))
         continue;
      struct pipe_stream_output_target *t =
         b < ctx->nr_so_targets ? ctx->so_targets[b] : NULL;
      struct agx_resource *r = t && t->buffer ? agx_resource(t->buffer) : NULL;
      /* the GPU may still read or write it */
      if (!r || !agx_sync_resource(ctx, r, false) || !agx_bo_map(r->bo))
         return 0;
      map[b] = (uint8_t *)agx_bo_map(r->bo) + t->buffer_offset;
      uint32_t written = agx_so_target(t)->written_B;
      uint64_t left = t->buffer_size > written ? t->buffer_size - written : 0;
      fit = MIN2(fit, left / ((uint64_t)info->stride[b] * 4 * vpp));
   }

   for (uint64_t p = 0; p < fit; ++p) {
      for (unsigned v = 0; v < vpp; ++v) {
         uint64_t n = p * vpp + v;
         for (unsigned i = 0; i < info->num_outputs; ++i) {
            unsigned b = info->output[i].output_buffer;
            if (b >= AGX_MAX_XFB_BUFFERS || !map[b] ||
                info->output[i].stream != stream)
               continue;
            const uint32_t *src = fetch(user, p, v, info->output[i].register_index);
            uint32_t *dst = (uint32_t *)(map[b] +
                                         agx_so_target(ctx->so_targets[b])
                                            ->written_B) +
                            n * info->stride[b] + info->output[i].dst_offset;
            for (unsigned c = 0; c < info->output[i].num_components; ++c) {
               unsigned k = info->output[i].start_component + c;
               dst[c] = src && k < 4 ? src[k] : 0;
            }
         }
      }
   }
   for (unsigned b = 0; b < AGX_MAX_XFB_BUFFERS; ++b) {
      if (!map[b])
         continue;
      struct pipe_stream_output_target *t = ctx->so_targets[b];
      agx_so_target(t)->written_B += (uint32_t)(fit * vpp * info->stride[b] * 4);
      agx_resource(t->buffer)->valid_levels |= 1;
   }
   return fit;
}

/* Whether the current batch writes a vertex buffer by transform feedback
 * (or otherwise): then a draw reading it must wait for it.  So must a
 * captured indexed draw whose index buffer the batch writes: the CPU
 * reads those indices (agx_xfb_indices; piglit's
 * immediate-reuse-index-buffer faulted on the unread list). */
bool
agx_xfb_reads_batch_writes(struct agx_context *ctx,
                           const struct pipe_draw_info *info)
{
   if (!ctx->batch)
      return false;
   if (ctx->nr_so_targets && info->index_size && !info->has_user_indices &&
       info->index.resource &&
       agx_batch_uses(ctx->batch, info->index.resource, true))
      return true;
   for (unsigned i = 0; i < ctx->nr_vb; ++i) {
      if (!ctx->vb[i].is_user_buffer && ctx->vb[i].buffer.resource &&
          agx_batch_uses(ctx->batch, ctx->vb[i].buffer.resource, true))
         return true;
   }
   return false;
}

void
agx_release_so_targets(struct agx_context *ctx)
{
   for (unsigned i = 0; i < AGX_MAX_XFB_BUFFERS; ++i)
      pipe_so_target_reference(&ctx->so_targets[i], NULL);
   ctx->nr_so_targets = 0;
}

void
agx_init_streamout_functions(struct pipe_context *pctx)
{
   pctx->create_stream_output_target = agx_create_so_target;
   pctx->stream_output_target_destroy = agx_so_target_destroy;
   pctx->set_stream_output_targets = agx_set_so_targets;
}
