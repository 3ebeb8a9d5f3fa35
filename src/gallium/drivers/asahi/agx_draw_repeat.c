/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Draws with no state change: after a plain draw (non-indexed, direct,
 * none of agx_draw_direct's other paths, nothing captured or counted on
 * the CPU), a draw of the same primitive and base instance with no dirty
 * bit set is four words of the control stream: the Index List header
 * already packed, the count, the instances and the first vertex.  Every
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
   r->allowed =
      !ctx->dirty_draw_header && ctx->draw_header_prim == r->mode &&
      ctx->prim == r->mode && ctx->vs_start_instance == r->start_instance &&
      rast && ctx->vs &&
      !agx_prim_needs_convert(r->mode, rast->base.flatshade_first) &&
      !ctx->nr_so_targets && !ctx->vs->key.vs.xfb.nr_outputs &&
      !agx_query_counts_prims(ctx) && !agx_uses_user_vbs(ctx);
   r->valid = r->allowed;
   return r->allowed;
}
