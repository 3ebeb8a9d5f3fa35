/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Indirect draws (pipe_draw_indirect_info: glDrawArraysIndirect,
 * glDrawElementsIndirect).  The hardware reads a draw's count,
 * instances, first vertex or index and base vertex itself from the
 * indirect buffer (the Index List's Indirect Buffer words, agx_vdm.h),
 * so a draw whose recording needs none of them takes that path.  The
 * draws whose recording does need them on the CPU (user vertex buffers
 * or indices sized by the count, stream output, geometry-shader and
 * converted-primitive draws, instanced attributes fetched with the base
 * instance) read the parameters back instead: mapping the buffer waits
 * for the batches writing it.
 */
#include <string.h>

#include "agx_prim_convert.h"
#include "agx_state.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

/* GL 4.6 section 10.4: DrawArraysIndirectCommand is 4 words,
 * DrawElementsIndirectCommand 5. */
#define ARRAYS_WORDS 4
#define ELEMENTS_WORDS 5

static bool
adjacency(unsigned mode)
{
   return mode >= PIPE_PRIM_LINES_ADJACENCY &&
          mode <= PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY;
}

/* Whether the hardware can read the parameters of this draw. */
static bool
on_gpu(struct agx_context *ctx, const struct pipe_draw_info *info,
       const struct pipe_draw_indirect_info *indirect)
{
   const struct agx_uncompiled_shader *fs =
      ctx->stage[PIPE_SHADER_FRAGMENT].shader;
   const struct pipe_rasterizer_state *rs = ctx->rast ? &ctx->rast->base
                                                      : NULL;

   if (!indirect->buffer || indirect->draw_count != 1 ||
       indirect->indirect_draw_count || indirect->count_from_stream_output)
      return false;
   if (ctx->nr_so_targets || agx_uses_user_vbs(ctx) ||
       (info->index_size && info->has_user_indices))
      return false;
   /* agx_gs_draw's draws: built from the count on the CPU */
   if (ctx->stage[PIPE_SHADER_GEOMETRY].shader || adjacency(info->mode) ||
       (fs && fs->reads_primitive_id))
      return false;
   /* agx_draw_converted's: the vertex numbers made on the CPU */
   if (rs && rs->fill_front == PIPE_POLYGON_MODE_FILL &&
       rs->fill_back == PIPE_POLYGON_MODE_FILL &&
       agx_prim_needs_convert(info->mode, rs->flatshade_first))
      return false;
   /* The base instance reaches the vertex shader as a pushed value
    * (AGX_SYSVAL_BASE_INSTANCE) for instanced attributes. */
   for (unsigned i = 0; ctx->velems && i < ctx->velems->count; i++) {
      if (ctx->velems->el[i].instance_divisor)
         return false;
   }
   return true;
}

/* Draw i of the indirect buffer, read back and drawn directly. */
static void
draw_read_back(struct agx_context *ctx, const struct pipe_draw_info *info,
               const struct pipe_draw_indirect_info *indirect, unsigned i)
{
   unsigned words = info->index_size ? ELEMENTS_WORDS : ARRAYS_WORDS;
   uint32_t w[ELEMENTS_WORDS] = {0};
   uint64_t offset = indirect->offset + (uint64_t)i * indirect->stride;

   if (offset + 4 * words > indirect->buffer->width0)
      return;
   pipe_buffer_read(&ctx->base, indirect->buffer, (unsigned)offset,
                    4 * words, w);
   struct pipe_draw_info direct = *info;
   struct pipe_draw_start_count_bias draw = {.count = w[0], .start = w[2]};
   direct.instance_count = w[1];
   if (info->index_size) {
      memcpy(&draw.index_bias, &w[3], sizeof(draw.index_bias));
      direct.start_instance = w[4];
      direct.index_bounds_valid = false;
   } else {
      direct.start_instance = w[3];
   }
   agx_draw_direct(ctx, &direct, &draw);
}

void
agx_draw_indirect(struct agx_context *ctx, const struct pipe_draw_info *info,
                  const struct pipe_draw_indirect_info *indirect)
{
   if (!on_gpu(ctx, info, indirect)) {
      unsigned n = indirect->draw_count;
      if (indirect->indirect_draw_count) {
         uint32_t count = 0;
         pipe_buffer_read(&ctx->base, indirect->indirect_draw_count,
                          indirect->indirect_draw_count_offset, 4, &count);
         n = MIN2(n, count);
      }
      for (unsigned i = 0; i < n; i++)
         draw_read_back(ctx, info, indirect, i);
      return;
   }
   /* agx_draw_one records the Indirect Buffer words instead of the
    * parameters; the count of 1 only passes its checks. */
   const struct pipe_draw_start_count_bias placeholder = {.count = 1};
   ctx->indirect = indirect;
   agx_draw_direct(ctx, info, &placeholder);
   ctx->indirect = NULL;
}
