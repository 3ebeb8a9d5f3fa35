/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The provoking vertex of quads, quad strips, polygons and (first-vertex
 * convention) triangle fans.  GL 3.2 section 2.18.8, table 2.12
 * (ARB_provoking_vertex; QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION is
 * true): quad i is provoked by vertex 4i+1 (first) or 4i+4 (last), quad
 * strip quad i by 2i+1 or 2i+4, fan triangle i by i+1 or i+2, and a
 * polygon by vertex 1 in both conventions (numbered from 1).
 *
 * The hardware's flat-shading vertex (cull word and VDM state: vertex 0
 * or 2 of a triangle) is documented for triangles only.  What it means
 * for the hardware's quad, quad strip and fan primitives is not (facts:
 * alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_pipe.c reports only
 * points, lines, triangles, strips and fans in
 * PIPE_CAP_SUPPORTED_PRIM_MODES, so Mesa converts quads and polygons to
 * triangles; agx_state.c sends first-vertex fans that read flat inputs
 * through a geometry shader).  So those draws become triangle lists
 * whose vertex 0 (first) or 2 (last) is GL's provoking vertex, in the
 * winding of the original primitive; the last-vertex quads and fans
 * stay hardware primitives, as before.
 */
#include <stdlib.h>

#include "agx_prim_convert.h"
#include "agx_state.h"
#include "pipe/p_defines.h"
#include "pipe/p_state.h"

bool
agx_prim_needs_convert(unsigned mode, bool first)
{
   switch (mode) {
   case PIPE_PRIM_POLYGON:
      return true;
   case PIPE_PRIM_QUADS:
   case PIPE_PRIM_QUAD_STRIP:
   case PIPE_PRIM_TRIANGLE_FAN:
      return first;
   default:
      return false;
   }
}

/* One triangle with vertex p provoking: p first for the first-vertex
 * convention, last for the last (the triangle (p, a, b) rotated keeps
 * its winding). */
static unsigned
emit_tri(uint32_t *out, bool first, uint32_t p, uint32_t a, uint32_t b)
{
   if (first) {
      out[0] = p;
      out[1] = a;
      out[2] = b;
   } else {
      out[0] = a;
      out[1] = b;
      out[2] = p;
   }
   return 3;
}

unsigned
agx_prim_convert_run(unsigned mode, bool first, const uint32_t *v,
                     unsigned n, uint32_t *out)
{
   unsigned k = 0;

   switch (mode) {
   case PIPE_PRIM_POLYGON:
      /* (v0, vi, vi+1), provoked by v0 */
      for (unsigned i = 1; i + 1 < n; i++)
         k += emit_tri(out + k, first, v[0], v[i], v[i + 1]);
      break;
   case PIPE_PRIM_TRIANGLE_FAN:
      /* (v0, vi, vi+1), provoked by vi (first) or vi+1 (last) */
      for (unsigned i = 1; i + 1 < n; i++) {
         if (first)
            k += emit_tri(out + k, true, v[i], v[i + 1], v[0]);
         else
            k += emit_tri(out + k, false, v[i + 1], v[0], v[i]);
      }
      break;
   case PIPE_PRIM_QUADS:
   case PIPE_PRIM_QUAD_STRIP: {
      bool strip = mode == PIPE_PRIM_QUAD_STRIP;
      for (unsigned i = 0; i + 3 < n; i += strip ? 2 : 4) {
         /* the quad's corners in order around it: a strip quad is
          * 2i, 2i+1, 2i+3, 2i+2 (GL 3.2 compatibility section 2.6.1) */
         uint32_t a = v[i], b = v[i + 1];
         uint32_t c = strip ? v[i + 3] : v[i + 2];
         uint32_t d = strip ? v[i + 2] : v[i + 3];
         /* provoked by a (first) or by the quad's last vertex, v[i+3] */
         if (first) {
            k += emit_tri(out + k, true, a, b, c);
            k += emit_tri(out + k, true, a, c, d);
         } else {
            uint32_t p = v[i + 3];
            /* two triangles of the quad that both hold p */
            if (p == c) {
               k += emit_tri(out + k, false, c, a, b);
               k += emit_tri(out + k, false, c, d, a);
            } else {
               k += emit_tri(out + k, false, d, a, b);
               k += emit_tri(out + k, false, d, b, c);
            }
         }
      }
      break;
   }
   default:
      break;
   }
   return k;
}

static uint32_t
read_index(const void *indices, unsigned size, unsigned i)
{
   return size == 1   ? ((const uint8_t *)indices)[i]
          : size == 2 ? ((const uint16_t *)indices)[i]
                      : ((const uint32_t *)indices)[i];
}

bool
agx_draw_converted(struct agx_context *ctx, const struct pipe_draw_info *info,
                   const struct pipe_draw_start_count_bias *draw)
{
   bool first = ctx->rast && ctx->rast->base.flatshade_first;

   /* Polygon modes LINE and POINT draw the primitive's edges or
    * vertices (GL 3.0 section 3.5.4): triangles would add inner edges to
    * quads and polygons, so those stay hardware primitives; a fan's
    * triangles are its own, edges and all. */
   if (ctx->rast && info->mode != PIPE_PRIM_TRIANGLE_FAN &&
       (ctx->rast->base.fill_front != PIPE_POLYGON_MODE_FILL ||
        ctx->rast->base.fill_back != PIPE_POLYGON_MODE_FILL))
      return false;
   if (!agx_prim_needs_convert(info->mode, first) || ctx->nr_so_targets ||
       draw->count < 3)
      return false;

   /* The vertex numbers: the indices, or start + i. */
   const void *indices = NULL;
   unsigned isz = info->index_size;
   if (isz) {
      if (info->has_user_indices) {
         indices = (const uint8_t *)info->index.user + draw->start * isz;
      } else {
         struct agx_resource *ib = agx_resource(info->index.resource);
         uint64_t offset = (uint64_t)draw->start * isz;
         if (offset + (uint64_t)draw->count * isz > ib->layout.size_B)
            return false; /* out of bounds: left to the hardware path */
         uint8_t *map = agx_bo_map(ib->bo);
         if (!map)
            return false;
         indices = map + offset;
      }
   }

   uint32_t *verts = malloc(sizeof(uint32_t) * draw->count);
   uint32_t *tris = malloc(sizeof(uint32_t) * 3 * (size_t)draw->count);
   if (!verts || !tris) {
      free(verts);
      free(tris);
      return false;
   }
   unsigned n = 0, k = 0;
   bool restart = isz && info->primitive_restart;
   for (unsigned i = 0; i <= draw->count; i++) {
      bool end = i == draw->count;
      uint32_t v = 0;
      if (!end) {
         v = isz ? read_index(indices, isz, i) : draw->start + i;
         if (!restart || v != info->restart_index) {
            verts[n++] = v;
            continue;
         }
      }
      /* the end of a run (restart index or the last vertex) */
      k += agx_prim_convert_run(info->mode, first, verts, n, tris + k);
      n = 0;
   }
   free(verts);

   if (k) {
      struct pipe_draw_info tinfo = *info;
      tinfo.mode = PIPE_PRIM_TRIANGLES;
      tinfo.index_size = 4;
      tinfo.has_user_indices = true;
      tinfo.index.user = tris;
      tinfo.primitive_restart = false;
      tinfo.index_bounds_valid = false;
      struct pipe_draw_start_count_bias tdraw = {
         .start = 0,
         .count = k,
         .index_bias = isz ? draw->index_bias : 0,
      };
      agx_draw_one(ctx, &tinfo, &tdraw);
   }
   free(tris);
   return true;
}
