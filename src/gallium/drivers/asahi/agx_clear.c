/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Clears.  A clear at the start of a render pass costs nothing: the
 * background program writes the clear colour (and the render command the
 * depth/stencil clear values) into each tile instead of loading it.  A
 * clear after draws ends the pass and starts a new one that clears.
 */
#include "util/log.h"

#include "agx_state.h"

static void
agx_clear(struct pipe_context *pctx, unsigned buffers,
          const struct pipe_scissor_state *scissor,
          const union pipe_color_union *color, double depth, unsigned stencil)
{
   struct agx_context *ctx = agx_context(pctx);
   if (!ctx->fb.width || !ctx->fb.height)
      return;
   struct agx_batch *batch = agx_get_batch(ctx);
   if (!batch)
      return;

   /* A clear limited to a rectangle cannot use the background program
    * (it writes whole tiles): end the pass and fill the rectangle.
    * TODO: draw a rectangle with a clear shader instead of the CPU fill.
    */
   if (scissor && (scissor->minx > 0 || scissor->miny > 0 ||
                   scissor->maxx < batch->key.width ||
                   scissor->maxy < batch->key.height)) {
      struct pipe_framebuffer_state fb = batch->key;
      agx_flush_batch(ctx, "scissored clear");
      unsigned x = scissor->minx, y = scissor->miny;
      unsigned w = scissor->maxx > x ? scissor->maxx - x : 0;
      unsigned h = scissor->maxy > y ? scissor->maxy - y : 0;
      for (unsigned rt = 0; rt < fb.nr_cbufs; ++rt) {
         if ((buffers & (PIPE_CLEAR_COLOR0 << rt)) && fb.cbufs[rt])
            pctx->clear_render_target(pctx, fb.cbufs[rt], color, x, y, w, h,
                                      false);
      }
      if ((buffers & PIPE_CLEAR_DEPTHSTENCIL) && fb.zsbuf)
         pctx->clear_depth_stencil(pctx, fb.zsbuf,
                                   buffers & PIPE_CLEAR_DEPTHSTENCIL, depth,
                                   stencil, x, y, w, h, false);
      return;
   }

   if (batch->draws) {
      agx_flush_batch(ctx, "clear after draws");
      batch = agx_get_batch(ctx);
      if (!batch)
         return;
   }

   for (unsigned rt = 0; rt < batch->key.nr_cbufs; ++rt) {
      unsigned bit = PIPE_CLEAR_COLOR0 << rt;
      if (!(buffers & bit) || !batch->key.cbufs[rt])
         continue;
      batch->clear |= bit;
      batch->clear_color[rt] = *color;
   }

   if (batch->key.zsbuf) {
      if (buffers & PIPE_CLEAR_DEPTH) {
         batch->clear |= PIPE_CLEAR_DEPTH;
         batch->clear_depth = depth;
      }
      if (buffers & PIPE_CLEAR_STENCIL) {
         batch->clear |= PIPE_CLEAR_STENCIL;
         batch->clear_stencil = stencil & 0xff;
      }
   }
}

void
agx_init_clear_functions(struct pipe_context *pctx)
{
   pctx->clear = agx_clear;
}
