/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Draws with no state change recorded as their draw words alone
 * (agx_draw_repeat.c).  Inline: agx_draw_vbo's path for every repeat. */
#ifndef AGX_DRAW_REPEAT_H
#define AGX_DRAW_REPEAT_H

#include "agx_state.h"
#include "agx_vdm.h"

/* Bytes of one prepacked non-indexed draw (agx_vdm_draw_packed). */
#define AGX_REPEAT_DRAW_B (4 * sizeof(uint32_t))

/* Whether the plain draw recorded last (agx_context::repeat) may be
 * repeated at all: checked at its first repeat, and remembered. */
bool agx_draw_repeat_allowed(struct agx_context *ctx);

/* The indexed draws of agx_draw_repeat, once it accepted them. */
void agx_draw_repeat_indexed(struct agx_context *ctx,
                             const struct pipe_draw_info *info,
                             const struct pipe_draw_start_count_bias *draws,
                             unsigned num_draws);

/* Records the draws when they repeat the previous plain draw with no
 * state change; false when they need the whole path (agx_draw_direct). */
static inline bool
agx_draw_repeat(struct agx_context *ctx, const struct pipe_draw_info *info,
                const struct pipe_draw_start_count_bias *draws,
                unsigned num_draws)
{
   struct agx_batch *batch = ctx->batch;
   const struct agx_draw_repeat *r = &ctx->repeat;

   /* (a flush leaves no batch: the next one starts with every bit dirty;
    * a lost context draws nothing) */
   size_t draw_B = info->index_size ? AGX_VDM_DRAW_MAX_B : AGX_REPEAT_DRAW_B;
   if (ctx->dirty || !r->valid || !batch || ctx->reset ||
       info->index_size != r->index_size || info->mode != r->mode ||
       info->start_instance != r->start_instance ||
       batch->writes.size != r->writes_B ||
       (size_t)(batch->vdm_end - batch->vdm_head) < num_draws * draw_B)
      return false;
   /* Indexed: the same buffer (the batch reads it already), restart state
    * of agx_draw_one's draw words */
   if (info->index_size &&
       (info->has_user_indices || info->index.resource != r->index_res ||
        info->primitive_restart != r->restart ||
        (r->restart && info->restart_index != r->restart_index)))
      return false;
   if (!r->allowed && !agx_draw_repeat_allowed(ctx))
      return false;

   /* (a draw of nothing draws nothing: agx_draw_one) */
   if (!info->instance_count)
      return true;
   if (info->index_size) {
      agx_draw_repeat_indexed(ctx, info, draws, num_draws);
      return true;
   }
   for (unsigned i = 0; i < num_draws; ++i) {
      if (!draws[i].count)
         continue;
      agx_vdm_draw_packed(&batch->vdm_head, ctx->draw_header, draws[i].count,
                          info->instance_count, draws[i].start);
      batch->draws++;
   }
   return true;
}

/* After agx_draw_direct gave a draw to agx_draw_one alone: the next draw
 * may repeat it when agx_draw_one recorded it (direct; non-indexed, or
 * indexed from a buffer). */
static inline void
agx_draw_repeat_note(struct agx_context *ctx,
                     const struct pipe_draw_info *info)
{
   struct agx_draw_repeat *r = &ctx->repeat;
   r->valid = r->recorded && ctx->batch;
   r->allowed = false;
   r->mode = info->mode;
   r->start_instance = info->start_instance;
   r->writes_B = ctx->batch ? ctx->batch->writes.size : 0;
   r->index_size = info->index_size;
   r->index_res = info->index_size ? info->index.resource : NULL;
   r->restart = info->index_size && info->primitive_restart;
   r->restart_index = info->restart_index;
   r->prefix_B = 0;
}

#endif
