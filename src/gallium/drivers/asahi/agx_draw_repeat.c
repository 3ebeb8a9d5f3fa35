/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Draws with no state change: after a plain draw (direct, none of
 * agx_draw_direct's other paths, nothing captured or counted on the CPU),
 * a draw of the same primitive and base instance with no dirty bit set is
 * its draw words alone.  Non-indexed: four words, the Index List header
 * already packed, the count, the instances and the first vertex.
 * Indexed from a buffer: the same buffer, index size and restart state
 * (they come with the draw, not with a dirty bit), the Index List words
 * with the draw's index address and base vertex.  Every
 * word list, PPP update and descriptor table of the previous draw still
 * holds.  As Mesa's AGX driver does (alexvorxx/Mesa-VirGL
 * src/gallium/drivers/asahi/agx_state.c, agx_draw_vbo: state words are
 * encoded only for the dirty bits set, the draw words every draw).
 *
 * What decides the path that no dirty bit follows: primitive-counting
 * queries and the minimum sample count (AGX_DIRTY_DRAW_PATH), the
 * resources the batch writes (a vertex buffer written by the batch needs
 * a flush first: agx_xfb_reads_batch_writes; compared by the size of the
 * batch's list), a new batch (every bit dirty) and the primitive (its
 * header, polygon stipple, point sprites, converted primitives).
 */
#include "agx_draw_repeat.h"
#include "agx_prim_convert.h"
#include "util/u_math.h"

/* Checked at the first repeat of a plain draw (each input below changes
 * only with a dirty bit set, or in agx_draw_one, so what held after the
 * draw still holds): the Index List header packed is the primitive's,
 * the base instance the vertex word list holds is the draw's, and
 * agx_draw_converted declined whatever the count (it takes only draws of
 * three vertices or more); nothing per draw beside the draw words:
 * transform feedback, counted primitives, uploads of user vertex
 * buffers. */
bool
agx_draw_repeat_allowed(struct agx_context *ctx)
{
   struct agx_draw_repeat *r = &ctx->repeat;
   const struct agx_rasterizer *rast = ctx->rast;
   /* (indexed draws pack their header each time: its index address) */
   bool header = r->index_size || (!ctx->dirty_draw_header &&
                                   ctx->draw_header_prim == r->mode);
   r->allowed =
      header && ctx->prim == r->mode && ctx->vs_start_instance == r->start_instance &&
      rast && ctx->vs &&
      !agx_prim_needs_convert(r->mode, rast->base.flatshade_first) &&
      !ctx->nr_so_targets && !ctx->vs->key.vs.xfb.nr_outputs &&
      !agx_query_counts_prims(ctx) && !agx_uses_user_vbs(ctx);
   r->valid = r->allowed;
   return r->allowed;
}

/* Words of an indexed draw after the header (agx_vdm_draw): index
 * address bits 0-31, count, instances, start, buffer size. */
#define INDEXED_TAIL_B (5 * sizeof(uint32_t))

/* One indexed repeat: agx_vdm_draw the first time (and when the index
 * address's bits 32+ change), whose words before the index address are
 * kept; then those words and the five after (the count, instances and
 * start are whole words, as for agx_vdm_draw_packed). */
static void
repeat_indexed(struct agx_batch *batch, struct agx_draw_repeat *r,
               struct agx_vdm_draw *d)
{
   uint32_t hi = (uint32_t)(d->index_va >> 32);
   if (r->prefix_B && r->prefix_hi == hi) {
      uint32_t w[5] = {(uint32_t)d->index_va, d->count, d->instances,
                       d->start, 0};
      agx_pack(&w[4], INDEX_LIST_BUFFER_SIZE, cfg) {
         cfg.size = (d->index_extent_B + 3) & ~3u;
      }
      memcpy(batch->vdm_head, r->prefix, r->prefix_B);
      memcpy(batch->vdm_head + r->prefix_B, w, sizeof(w));
      batch->vdm_head += r->prefix_B + sizeof(w);
      return;
   }
   uint8_t *start = batch->vdm_head;
   agx_vdm_draw(&batch->vdm_head, d);
   size_t prefix_B = (size_t)(batch->vdm_head - start) - INDEXED_TAIL_B;
   if (prefix_B <= sizeof(r->prefix)) {
      memcpy(r->prefix, start, prefix_B);
      r->prefix_B = (unsigned)prefix_B;
      r->prefix_hi = hi;
   }
}

/* Indexed repeats: agx_draw_one's draw words for an index buffer (the
 * index address of the first index, the bytes readable from there, the
 * restart index before when restart is on), read from the buffer's
 * current storage (a reallocation keeps the resource). */
void
agx_draw_repeat_indexed(struct agx_context *ctx,
                        const struct pipe_draw_info *info,
                        const struct pipe_draw_start_count_bias *draws,
                        unsigned num_draws)
{
   struct agx_batch *batch = ctx->batch;
   struct agx_draw_repeat *r = &ctx->repeat;
   const struct agx_resource *ib = agx_resource(r->index_res);
   unsigned isz = r->index_size;
   struct agx_vdm_draw d = {
      .primitive = r->hw_prim,
      .instances = info->instance_count,
      .index_size_B = isz,
      .restart = r->restart,
      .restart_index = r->restart_index,
   };

   for (unsigned i = 0; i < num_draws; ++i) {
      if (!draws[i].count)
         continue;
      uint64_t offset = (uint64_t)draws[i].start * isz;
      uint32_t bytes = draws[i].count * isz;
      d.count = draws[i].count;
      d.start = (uint32_t)draws[i].index_bias;
      d.index_va = ib->bo->va + offset;
      d.index_extent_B =
         offset < ib->layout.size_B
            ? (uint32_t)MIN2(bytes, ib->layout.size_B - offset)
            : 0;
      repeat_indexed(batch, r, &d);
      batch->draws++;
   }
}
