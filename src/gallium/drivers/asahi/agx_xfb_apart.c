/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Captured quads, quad strips and polygons drawn in the polygon modes
 * GL_LINE or GL_POINT, with the capture in a pass of its own.
 *
 * Transform feedback records quads and polygons as triangles (GL 3.0
 * section 2.15), which the capturing vertex shader variant draws as a
 * triangle list (agx_streamout.c, AGX_XFB_UNROLL_INDEXED).  Filled, that
 * list covers the pixels of the quads; as lines or points it does not:
 * the triangles' inner edges (shared corners) would show, while the same
 * draw without capture, a hardware quad, draws its four edges only
 * (docs/simulator.rst, polygon modes).  GL asks for the same image
 * whether capturing or not (piglit's ext_transform_feedback-tessellation
 * in mode wireframe checks it).  So such a draw becomes two: the capture
 * with rasterization discarded, which also counts the primitives
 * (PRIMITIVES_GENERATED and _WRITTEN), then the draw itself with the
 * capture off (agx_context::xfb_off: no capturing variant, no count).
 */
#include "agx_state.h"

bool
agx_draw_capture_apart(struct agx_context *ctx,
                       const struct pipe_draw_info *info,
                       const struct pipe_draw_start_count_bias *draw)
{
   struct agx_rasterizer *rast = ctx->rast;
   bool polygon = info->mode == PIPE_PRIM_QUADS ||
                  info->mode == PIPE_PRIM_QUAD_STRIP ||
                  info->mode == PIPE_PRIM_POLYGON;
   if (!ctx->nr_so_targets || ctx->xfb_off || ctx->gs_pass || !rast ||
       !polygon || rast->base.rasterizer_discard ||
       (rast->base.fill_front == PIPE_POLYGON_MODE_FILL &&
        rast->base.fill_back == PIPE_POLYGON_MODE_FILL) ||
       ctx->stage[PIPE_SHADER_GEOMETRY].shader)
      return false;

   /* the capture */
   struct pipe_rasterizer_state rs = rast->base;
   rs.rasterizer_discard = 1;
   void *discard = ctx->base.create_rasterizer_state(&ctx->base, &rs);
   if (!discard)
      return false;
   ctx->base.bind_rasterizer_state(&ctx->base, discard);
   agx_draw_one(ctx, info, draw);
   ctx->base.bind_rasterizer_state(&ctx->base, rast);
   ctx->base.delete_rasterizer_state(&ctx->base, discard);

   /* the draw, as if nothing were captured */
   ctx->xfb_off = true;
   ctx->dirty |= AGX_DIRTY_VS;
   agx_draw_one(ctx, info, draw);
   ctx->xfb_off = false;
   ctx->dirty |= AGX_DIRTY_VS;
   return true;
}
