/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Geometry shaders, emulated (AGX has no geometry stage; the compiler
 * side is src/asahi/compiler/agx_nir_lower_gs.c, which describes the
 * buffers).  A draw with a geometry shader becomes three passes, each a
 * submission of its own so that the next one reads what it stored: every
 * render command is submitted with vdm_barrier 0 (agx_batch.c), which
 * makes it wait for all work queued before it (UAPI:
 * include/drm-uapi/asahi_drm.h, struct drm_asahi_cmd_header; the
 * kernel's per-queue scheduler, AsahiLinux/linux drivers/gpu/drm/asahi
 * queue), the ordering transform feedback relies on too.  Within one
 * render command nothing orders one draw's vertex stores before the next
 * draw's vertex loads, hence the split:
 *
 *  1. the vertex shader over the draw's vertex range, as points with
 *     rasterization discarded, storing every output slot the geometry
 *     shader can read (the transform-feedback stores of
 *     agx_nir_lower_xfb.c, one row per vertex and instance);
 *  2. the geometry program as points (one per input primitive, invocation
 *     and instance), rasterization discarded: it reads its input vertices
 *     through a topology table the CPU wrote here (for primitive p, the
 *     rows of its vertices, GL 3.2 section 2.6.1 and table 2.4 for the
 *     adjacency layouts; indices, base vertex and primitive restart
 *     applied), and stores the vertices it emits and an index list;
 *  3. that index list drawn as the output primitive (points, line strips
 *     or triangle strips) with primitive restart, by a generated vertex
 *     shader that reads the emitted vertices back: the real render.
 *
 * Draws of adjacency primitives without a geometry shader draw their
 * base primitives (GL 3.2 section 2.6.1: the adjacent vertices are
 * ignored) from an index list made here.
 *
 * What the CPU needs: the draw's indices (mapped after the GPU is done
 * writing them) to build the topology table, and, for transform
 * feedback and the primitive queries, the index lists the geometry pass
 * wrote: one per vertex stream (ARB_gpu_shader5; only stream 0 is
 * drawn), whose primitives are captured and counted on the CPU.  Not
 * done yet: indirect draws.
 */
#include <string.h>

#include "compiler/nir/nir.h"
#include "util/log.h"
#include "util/u_dynarray.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

#include "agx_state.h"

/* Larger buffers than this make the draw be skipped. */
#define AGX_GS_MAX_BUFFER_B (256u << 20)

bool
agx_gs_prepare(struct pipe_context *pctx, struct agx_uncompiled_shader *so)
{
   char error[160] = "";
   so->gs = calloc(1, sizeof(*so->gs));
   if (!so->gs)
      return false;
   /* The vertex shader's captured outputs keep GL's z (its remap comes
    * after the captures, agx_nir_remap_z.c): nothing to undo. */
   if (!agx_nir_lower_gs(so->nir, false, so->gs, error, sizeof(error))) {
      u_logw("asahi", "%s", error);
      free(so->gs);
      so->gs = NULL;
      return false;
   }
   struct pipe_shader_state templ = {
      .type = PIPE_SHADER_IR_NIR,
      .ir.nir = agx_nir_gs_passthrough(NULL, so->gs),
   };
   so->passthrough = pctx->create_vs_state(pctx, &templ);
   if (!so->passthrough) {
      free(so->gs);
      so->gs = NULL;
      return false;
   }
   return true;
}

/* ---- the draw's vertices ---------------------------------------------- */

struct agx_gs_source {
   const void *indices; /* NULL: not indexed */
   unsigned index_size, start;
   int bias;
   bool restart;
   uint32_t restart_index;
};

/* The vertex id of element i of the draw, or false for a restart. */
static bool
agx_gs_element(const struct agx_gs_source *s, unsigned i, uint32_t *v)
{
   if (!s->indices) {
      *v = s->start + i;
      return true;
   }
   unsigned k = s->start + i;
   uint32_t x = s->index_size == 1   ? ((const uint8_t *)s->indices)[k]
                : s->index_size == 2 ? ((const uint16_t *)s->indices)[k]
                                     : ((const uint32_t *)s->indices)[k];
   if (s->restart && x == s->restart_index)
      return false;
   *v = (uint32_t)((int64_t)x + s->bias);
   return true;
}

static bool
agx_gs_open_source(struct agx_context *ctx, const struct pipe_draw_info *info,
                   const struct pipe_draw_start_count_bias *draw,
                   struct agx_gs_source *s)
{
   memset(s, 0, sizeof(*s));
   s->start = draw->start;
   if (!info->index_size)
      return true;
   s->index_size = info->index_size;
   s->bias = draw->index_bias;
   s->restart = info->primitive_restart;
   s->restart_index = info->restart_index;
   if (info->has_user_indices) {
      s->indices = info->index.user;
      return s->indices != NULL;
   }
   struct agx_resource *ib = agx_resource(info->index.resource);
   if (!ib || (uint64_t)(draw->start + draw->count) * info->index_size >
                 ib->layout.size_B)
      return false;
   /* The indices may come from the GPU (transform feedback...). */
   if (!agx_sync_resource(ctx, ib, true))
      return false;
   s->indices = agx_bo_map(ib->bo);
   return s->indices != NULL;
}

/* Appends the vertices of the primitives of one restart-free run v[0..n)
 * of `mode` to out (vertices_in each); returns vertices_in (0: a mode
 * with no geometry-shader input). */
static unsigned
agx_gs_decompose(unsigned mode, const uint32_t *v, unsigned n, bool first,
                 struct util_dynarray *out)
{
#define PUT(x) util_dynarray_append(out, uint32_t, v[x])
   switch (mode) {
   case PIPE_PRIM_POINTS:
      for (unsigned i = 0; i < n; ++i)
         PUT(i);
      return 1;
   case PIPE_PRIM_LINES:
      for (unsigned i = 0; i + 1 < n; i += 2) {
         PUT(i);
         PUT(i + 1);
      }
      return 2;
   case PIPE_PRIM_LINE_STRIP:
   case PIPE_PRIM_LINE_LOOP:
      for (unsigned i = 0; i + 1 < n; ++i) {
         PUT(i);
         PUT(i + 1);
      }
      if (mode == PIPE_PRIM_LINE_LOOP && n >= 2) {
         PUT(n - 1);
         PUT(0);
      }
      return 2;
   case PIPE_PRIM_TRIANGLES:
      for (unsigned i = 0; i + 2 < n; i += 3) {
         PUT(i);
         PUT(i + 1);
         PUT(i + 2);
      }
      return 3;
   case PIPE_PRIM_TRIANGLE_STRIP:
      /* odd triangles with their two non-provoking vertices swapped, so
       * that all keep the strip's winding and the provoking vertex (i
       * first, i + 2 last: ARB_provoking_vertex) keeps its place (the
       * order of the hardware's strips, see docs/simulator.rst) */
      for (unsigned i = 0; i + 2 < n; ++i) {
         bool odd = i % 2;
         PUT(odd && !first ? i + 1 : i);
         PUT(!odd ? i + 1 : first ? i + 2 : i);
         PUT(odd && first ? i + 1 : i + 2);
      }
      return 3;
   case PIPE_PRIM_TRIANGLE_FAN:
      /* (0, i + 1, i + 2), rotated to (i + 1, i + 2, 0) when the first
       * vertex provokes: GL's provoking vertex of fan triangle i is i + 1
       * (first) or i + 2 (last), and the winding stays (fact:
       * alexvorxx/Mesa-VirGL src/asahi/lib/shaders/geometry.h rotates
       * the same way) */
      for (unsigned i = 0; i + 2 < n; ++i) {
         PUT(first ? i + 1 : 0);
         PUT(first ? i + 2 : i + 1);
         PUT(first ? 0 : i + 2);
      }
      return 3;
   case PIPE_PRIM_POLYGON:
      /* the fan (0, i + 1, i + 2), with vertex 0 where the hardware takes
       * the provoking vertex from (first or last): a polygon's flat
       * values are its first vertex's in both conventions (GL 3.2
       * compatibility, table 2.12) */
      for (unsigned i = 0; i + 2 < n; ++i) {
         PUT(first ? 0 : i + 1);
         PUT(first ? i + 1 : i + 2);
         PUT(first ? i + 2 : 0);
      }
      return 3;
   case PIPE_PRIM_QUADS:
      for (unsigned i = 0; i + 3 < n; i += 4) {
         for (unsigned k = 0; k < 4; ++k)
            PUT(i + k);
      }
      return 4;
   case PIPE_PRIM_QUAD_STRIP:
      /* quad i: 2i, 2i + 1, 2i + 3, 2i + 2 (GL 3.2 compatibility section
       * 2.6.1) */
      for (unsigned i = 0; i + 3 < n; i += 2) {
         PUT(i);
         PUT(i + 1);
         PUT(i + 3);
         PUT(i + 2);
      }
      return 4;
   case PIPE_PRIM_LINES_ADJACENCY:
      for (unsigned i = 0; i + 3 < n; i += 4) {
         for (unsigned k = 0; k < 4; ++k)
            PUT(i + k);
      }
      return 4;
   case PIPE_PRIM_LINE_STRIP_ADJACENCY:
      for (unsigned i = 0; i + 3 < n; ++i) {
         for (unsigned k = 0; k < 4; ++k)
            PUT(i + k);
      }
      return 4;
   case PIPE_PRIM_TRIANGLES_ADJACENCY:
      for (unsigned i = 0; i + 5 < n; i += 6) {
         for (unsigned k = 0; k < 6; ++k)
            PUT(i + k);
      }
      return 6;
   case PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY: {
      /* GL 3.2 table 2.4 (1-based there), in the order the geometry
       * shader sees: vertex, adjacent, vertex, adjacent, vertex,
       * adjacent. */
      unsigned prims = n >= 6 ? (n - 4) / 2 : 0;
      for (unsigned i = 0; i < prims; ++i) {
         unsigned a = 2 * i;
         bool last = i + 1 == prims;
         if (i == 0) {
            unsigned s[6] = {0, 1, 2, last ? 5 : 6, 4, 3};
            for (unsigned k = 0; k < 6; ++k)
               PUT(s[k]);
         } else if (i % 2) {
            unsigned s[6] = {a + 2, a - 2, a, a + 3, a + 4,
                             last ? a + 5 : a + 6};
            for (unsigned k = 0; k < 6; ++k)
               PUT(s[k]);
         } else {
            unsigned s[6] = {a, a - 2, a + 2, last ? a + 5 : a + 6, a + 4,
                             a + 3};
            for (unsigned k = 0; k < 6; ++k)
               PUT(s[k]);
         }
      }
      return 6;
   }
   default:
      return 0;
   }
#undef PUT
}

/* The vertex ids of the draw's primitives (vertices_in each) in *prims;
 * returns vertices_in, 0 on failure. */
static unsigned
agx_gs_primitives(struct agx_context *ctx, unsigned mode,
                  const struct pipe_draw_info *info,
                  const struct pipe_draw_start_count_bias *draw,
                  struct util_dynarray *prims)
{
   struct agx_gs_source src;
   if (!agx_gs_open_source(ctx, info, draw, &src))
      return 0;
   uint32_t *run = malloc(sizeof(uint32_t) * MAX2(draw->count, 1));
   if (!run)
      return 0;
   unsigned n = 0, vin = 0;
   for (unsigned i = 0; i <= draw->count; ++i) {
      uint32_t v;
      if (i < draw->count && agx_gs_element(&src, i, &v)) {
         run[n++] = v;
         continue;
      }
      /* a restart or the end: the run so far */
      unsigned got = agx_gs_decompose(
         mode, run, n, ctx->rast && ctx->rast->base.flatshade_first, prims);
      if (!got) {
         free(run);
         return 0;
      }
      vin = got;
      n = 0;
   }
   free(run);
   return vin;
}

/* ---- adjacency without a geometry shader ---------------------------- */

static bool
agx_draw_adjacency_base(struct agx_context *ctx,
                        const struct pipe_draw_info *info,
                        const struct pipe_draw_start_count_bias *draw)
{
   struct util_dynarray prims;
   util_dynarray_init(&prims, NULL);
   unsigned vin = agx_gs_primitives(ctx, info->mode, info, draw, &prims);
   unsigned nr = vin ? util_dynarray_num_elements(&prims, uint32_t) / vin
                     : 0;
   const uint32_t *p = prims.data;
   struct util_dynarray idx;
   util_dynarray_init(&idx, NULL);
   /* Every primitive separately: lines (vertices 1, 2 of 4) or triangles
    * (0, 2, 4 of 6) of the base primitive. */
   unsigned base = vin == 4 ? PIPE_PRIM_LINES : PIPE_PRIM_TRIANGLES;
   for (unsigned i = 0; i < nr; ++i) {
      const uint32_t *q = p + i * vin;
      if (vin == 4) {
         util_dynarray_append(&idx, uint32_t, q[1]);
         util_dynarray_append(&idx, uint32_t, q[2]);
      } else {
         util_dynarray_append(&idx, uint32_t, q[0]);
         util_dynarray_append(&idx, uint32_t, q[2]);
         util_dynarray_append(&idx, uint32_t, q[4]);
      }
   }
   unsigned count = util_dynarray_num_elements(&idx, uint32_t);
   if (count) {
      struct pipe_draw_info di = *info;
      di.mode = base;
      di.index_size = 4;
      di.has_user_indices = true;
      di.index.user = idx.data;
      di.primitive_restart = false;
      di.index_bounds_valid = false;
      struct pipe_draw_start_count_bias dd = {.start = 0, .count = count};
      agx_draw_one(ctx, &di, &dd);
   }
   util_dynarray_fini(&idx);
   util_dynarray_fini(&prims);
   return true;
}

/* ---- the three passes ------------------------------------------------- */

/* The geometry shader's output primitives, read back after the geometry
 * pass: GL_PRIMITIVES_GENERATED counts them (GL 3.2 section 2.16) and
 * transform feedback captures them (section 2.15: strips as separate
 * primitives, odd triangles with their first two vertices swapped) on the
 * CPU.  Waits for the GPU. */
struct agx_gs_readback {
   const uint32_t *vertices; /* the emitted vertices' rows */
   const uint32_t *list;     /* vertex numbers of each primitive */
   unsigned vpp, nr_outputs;
   int8_t row_of_slot[64];
};

static const uint32_t *
agx_gs_fetch(void *user, uint64_t prim, unsigned v, unsigned slot)
{
   const struct agx_gs_readback *r = user;
   if (slot >= 64 || r->row_of_slot[slot] < 0)
      return NULL;
   uint64_t vertex = r->list[prim * r->vpp + v];
   return r->vertices + (vertex * r->nr_outputs + r->row_of_slot[slot]) * 4;
}

/* Appends the separate primitives (vpp vertices) of the strips of one
 * index list idx[0..entries) to prims. */
static void
agx_gs_strips(const uint32_t *idx, uint64_t entries, unsigned vpp,
              struct util_dynarray *prims)
{
   uint64_t run = 0;
   for (uint64_t i = 0; i < entries; ++i) {
      if (idx[i] == AGX_GS_RESTART) {
         run = 0;
         continue;
      }
      if (++run < vpp)
         continue;
      uint64_t k = run - vpp; /* primitive k of the strip */
      const uint32_t *v = &idx[i + 1 - vpp];
      if (vpp == 3 && k % 2) {
         util_dynarray_append(prims, uint32_t, v[1]);
         util_dynarray_append(prims, uint32_t, v[0]);
         util_dynarray_append(prims, uint32_t, v[2]);
      } else {
         for (unsigned j = 0; j < vpp; ++j)
            util_dynarray_append(prims, uint32_t, v[j]);
      }
   }
}

/* Where the emitted vertices and the index lists are, read back. */
struct agx_gs_lists {
   struct pipe_resource *out;
   struct pipe_resource *list[2]; /* stream 0's, the other streams' */
   uint64_t invocations;          /* in all instances */
};

static void
agx_gs_readback(struct agx_context *ctx, struct agx_uncompiled_shader *gso,
                const struct agx_gs_lists *l)
{
   const struct agx_gs_info *gs = gso->gs;
   bool capture = ctx->nr_so_targets && gso->so.num_outputs;
   if (!agx_query_counts_prims(ctx) && !capture)
      return;
   unsigned streams = MAX2(gs->nr_streams, 1);
   const uint32_t *idx[2] = {NULL, NULL};
   struct agx_resource *o = agx_resource(l->out);
   if (!agx_sync_resource(ctx, o, true))
      return;
   for (unsigned i = 0; i < (streams > 1 ? 2 : 1); ++i) {
      struct agx_resource *r = agx_resource(l->list[i]);
      if (!agx_sync_resource(ctx, r, true) || !(idx[i] = agx_bo_map(r->bo)))
         return;
   }
   struct agx_gs_readback r = {
      .vertices = agx_bo_map(o->bo),
      .nr_outputs = gs->nr_outputs,
      .vpp = gs->output_primitive == PIPE_PRIM_POINTS       ? 1
             : gs->output_primitive == PIPE_PRIM_LINE_STRIP ? 2
                                                             : 3,
   };
   if (!r.vertices)
      return;
   memset(r.row_of_slot, -1, sizeof(r.row_of_slot));
   for (unsigned i = 0; i < gs->nr_outputs; ++i) {
      if (gs->output_slot[i] < 64)
         r.row_of_slot[gs->output_slot[i]] = (int8_t)i;
   }

   /* Each stream's strips as separate primitives, invocation after
    * invocation (agx_compile.h: the lists of the streams) */
   uint64_t seg = 2 * (uint64_t)gs->vertices_out;
   for (unsigned s = 0; s < streams; ++s) {
      struct util_dynarray prims;
      util_dynarray_init(&prims, NULL);
      if (s == 0) {
         agx_gs_strips(idx[0], l->invocations * seg, r.vpp, &prims);
      } else {
         for (uint64_t g = 0; g < l->invocations; ++g) {
            agx_gs_strips(idx[1] + (g * (streams - 1) + s - 1) * seg, seg,
                          r.vpp, &prims);
         }
      }
      uint64_t generated =
         util_dynarray_num_elements(&prims, uint32_t) / r.vpp;
      r.list = prims.data;
      uint64_t written =
         capture ? agx_xfb_capture_cpu(ctx, &gso->so, s, r.vpp, generated,
                                       agx_gs_fetch, &r)
                 : 0;
      agx_query_count_prims(ctx, s, generated, written);
      util_dynarray_fini(&prims);
   }
}

static struct pipe_resource *
agx_gs_buffer(struct agx_context *ctx, uint64_t size, void **map)
{
   struct pipe_screen *screen = ctx->base.screen;
   struct pipe_resource templ = {
      .target = PIPE_BUFFER,
      .format = PIPE_FORMAT_R8_UNORM,
      .width0 = (unsigned)MAX2(size, 16),
      .height0 = 1,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_VERTEX_BUFFER,
   };
   struct pipe_resource *res = screen->resource_create(screen, &templ);
   if (!res)
      return NULL;
   agx_resource(res)->valid_levels = 1;
   if (map) {
      *map = agx_bo_map(agx_resource(res)->bo);
      if (!*map)
         pipe_resource_reference(&res, NULL);
   }
   return res;
}

static uint64_t
agx_va(struct pipe_resource *res)
{
   return agx_resource(res)->bo->va;
}

/* The passes of rasterization-discarded work use a copy of the
 * rasterizer state with discard on. */
static void *
agx_gs_discard_rs(struct agx_context *ctx)
{
   struct pipe_rasterizer_state rs = ctx->rast->base;
   rs.rasterizer_discard = 1;
   return ctx->base.create_rasterizer_state(&ctx->base, &rs);
}

static void
agx_gs_passes(struct agx_context *ctx, struct agx_uncompiled_shader *gso,
              const struct pipe_draw_info *info,
              const struct pipe_draw_start_count_bias *draw)
{
   const struct agx_gs_info *gs = gso->gs;
   struct util_dynarray prims;
   util_dynarray_init(&prims, NULL);
   unsigned vin = agx_gs_primitives(ctx, info->mode, info, draw, &prims);
   unsigned nr_prims =
      vin ? util_dynarray_num_elements(&prims, uint32_t) / vin : 0;
   if (vin && vin != gs->vertices_in) {
      /* The front end reports GL_INVALID_OPERATION for these. */
      u_logw("asahi", "draw mode does not match the geometry shader's "
                      "input primitive; skipped");
      nr_prims = 0;
   }
   if (!nr_prims || !gs->vertices_out) {
      util_dynarray_fini(&prims);
      return;
   }

   const uint32_t *pv = prims.data;
   uint32_t lo = UINT32_MAX, hi = 0;
   for (unsigned i = 0; i < nr_prims * vin; ++i) {
      lo = MIN2(lo, pv[i]);
      hi = MAX2(hi, pv[i]);
   }
   uint64_t nv = (uint64_t)hi - lo + 1;
   uint64_t instances = info->instance_count;
   uint64_t g = (uint64_t)nr_prims * gs->invocations;
   uint64_t vs_B = nv * instances * gs->input_slots * 16;
   unsigned streams = MAX2(gs->nr_streams, 1);
   uint64_t out_B =
      g * instances * streams * gs->vertices_out * gs->nr_outputs * 16;
   uint64_t idx_B = g * instances * 2 * gs->vertices_out * 4;
   /* the index lists of streams 1 .. streams - 1 */
   uint64_t idx2_B = idx_B * (streams - 1);
   if (vs_B > AGX_GS_MAX_BUFFER_B || out_B > AGX_GS_MAX_BUFFER_B ||
       idx_B > AGX_GS_MAX_BUFFER_B || idx2_B > AGX_GS_MAX_BUFFER_B ||
       !gs->nr_outputs) {
      u_logw("asahi", "geometry-shader draw too large (or without "
                      "outputs); skipped");
      util_dynarray_fini(&prims);
      return;
   }

   void *topo_map = NULL, *idx_map = NULL, *idx2_map = NULL;
   struct pipe_resource *vsout = agx_gs_buffer(ctx, vs_B, NULL);
   struct pipe_resource *topo =
      agx_gs_buffer(ctx, (uint64_t)nr_prims * vin * 4, &topo_map);
   struct pipe_resource *gsout = agx_gs_buffer(ctx, out_B, NULL);
   struct pipe_resource *gsidx = agx_gs_buffer(ctx, idx_B, &idx_map);
   struct pipe_resource *gsidx2 =
      streams > 1 ? agx_gs_buffer(ctx, idx2_B, &idx2_map) : NULL;
   if (!vsout || !topo || !gsout || !gsidx || (streams > 1 && !gsidx2))
      goto out;
   uint32_t *t = topo_map;
   for (unsigned i = 0; i < nr_prims * vin; ++i)
      t[i] = pv[i] - lo;
   /* every list entry a restart until the program writes it */
   memset(idx_map, 0xff, idx_B);
   if (idx2_map)
      memset(idx2_map, 0xff, idx2_B);

   struct agx_xfb_draw xfb;
   struct agx_gs_pass pass = {0};
   pass.xfb = &xfb;
   pass.vs_vertices = (uint32_t)nv;
   pass.invocations = (uint32_t)g;

   struct agx_rasterizer *rast = ctx->rast;
   void *discard = agx_gs_discard_rs(ctx);
   if (!discard)
      goto out;

   /* 1. the vertex shader's outputs, slot s of vertex row r at word
    * 4 (r * input_slots + s) */
   pass.phase = AGX_GS_PHASE_VS;
   pass.capture.nr_outputs = MIN2(gs->input_slots, AGX_MAX_XFB_OUTPUTS);
   pass.capture.stride_w[0] = 4 * gs->input_slots;
   for (unsigned s = 0; s < pass.capture.nr_outputs; ++s) {
      pass.capture.out[s] = (struct agx_xfb_output){
         .slot = (uint8_t)s, .num_components = 4, .offset_w = 4 * s};
   }
   memset(&xfb, 0, sizeof(xfb));
   xfb.addr[0] = agx_va(vsout);
   xfb.first = lo;
   xfb.vertices = (uint32_t)nv;
   xfb.limit = (uint32_t)(nv * instances);
   pass.writes[0] = vsout;
   ctx->base.bind_rasterizer_state(&ctx->base, discard);
   ctx->gs_pass = &pass;
   ctx->vs = NULL;
   ctx->dirty |= AGX_DIRTY_ALL;
   {
      struct pipe_draw_info di = *info;
      di.mode = PIPE_PRIM_POINTS;
      di.index_size = 0;
      struct pipe_draw_start_count_bias dd = {.start = lo,
                                              .count = (unsigned)nv};
      agx_draw_one(ctx, &di, &dd);
   }
   agx_flush_batch(ctx, "geometry shader: vertex pass");

   /* 2. the geometry program, its uniforms and textures in the vertex
    * stage's place */
   struct agx_stage_state tmp = ctx->stage[PIPE_SHADER_VERTEX];
   ctx->stage[PIPE_SHADER_VERTEX] = ctx->stage[PIPE_SHADER_GEOMETRY];
   ctx->stage[PIPE_SHADER_GEOMETRY] = tmp;
   ctx->stage[PIPE_SHADER_VERTEX].tables.valid = false;
   ctx->stage[PIPE_SHADER_VERTEX].cb0_va = 0;
   /* (a generated geometry shader is not the bound one) */
   struct agx_uncompiled_shader *bound = ctx->stage[PIPE_SHADER_VERTEX].shader;
   ctx->stage[PIPE_SHADER_VERTEX].shader = gso;
   pass.phase = AGX_GS_PHASE_GS;
   memset(&xfb, 0, sizeof(xfb));
   xfb.addr[AGX_GS_VERTEX_BUFFER] = agx_va(gsout);
   xfb.addr[AGX_GS_INDEX_BUFFER] = agx_va(gsidx);
   if (gsidx2)
      xfb.addr[AGX_GS_STREAM_INDEX_BUFFER] = agx_va(gsidx2);
   pass.block_va[AGX_GS_VS_OUTPUTS_BLOCK - AGX_MAX_UBOS] = agx_va(vsout);
   pass.block_va[AGX_GS_TOPOLOGY_BLOCK - AGX_MAX_UBOS] = agx_va(topo);
   pass.reads[0] = vsout;
   pass.reads[1] = topo;
   pass.writes[0] = gsout;
   pass.writes[1] = gsidx;
   pass.writes[2] = gsidx2;
   ctx->vs = NULL;
   ctx->dirty |= AGX_DIRTY_ALL;
   {
      struct pipe_draw_info di = *info;
      di.mode = PIPE_PRIM_POINTS;
      di.index_size = 0;
      struct pipe_draw_start_count_bias dd = {.start = 0,
                                              .count = (unsigned)g};
      agx_draw_one(ctx, &di, &dd);
   }
   ctx->stage[PIPE_SHADER_VERTEX].shader = bound;
   tmp = ctx->stage[PIPE_SHADER_VERTEX];
   ctx->stage[PIPE_SHADER_VERTEX] = ctx->stage[PIPE_SHADER_GEOMETRY];
   ctx->stage[PIPE_SHADER_GEOMETRY] = tmp;
   ctx->stage[PIPE_SHADER_VERTEX].tables.valid = false;
   ctx->stage[PIPE_SHADER_VERTEX].cb0_va = 0;
   agx_flush_batch(ctx, "geometry shader: geometry pass");
   struct agx_gs_lists lists = {.out = gsout,
                                .list = {gsidx, gsidx2},
                                .invocations = g * instances};
   agx_gs_readback(ctx, gso, &lists);
   ctx->base.bind_rasterizer_state(&ctx->base, rast);
   ctx->base.delete_rasterizer_state(&ctx->base, discard);

   /* 3. the emitted strips */
   pass.phase = AGX_GS_PHASE_RASTER;
   memset(&xfb, 0, sizeof(xfb));
   memset(pass.reads, 0, sizeof(pass.reads));
   memset(pass.writes, 0, sizeof(pass.writes));
   pass.block_va[AGX_GS_OUTPUT_BLOCK - AGX_MAX_UBOS] = agx_va(gsout);
   pass.reads[0] = gsout;
   struct agx_uncompiled_shader *vs = ctx->stage[PIPE_SHADER_VERTEX].shader;
   ctx->stage[PIPE_SHADER_VERTEX].shader = gso->passthrough;
   ctx->vs = NULL;
   ctx->dirty |= AGX_DIRTY_ALL;
   {
      struct pipe_draw_info di = {
         .mode = gs->output_primitive,
         .index_size = 4,
         .instance_count = 1,
         .primitive_restart = true,
         .restart_index = AGX_GS_RESTART,
         .index.resource = gsidx,
      };
      struct pipe_draw_start_count_bias dd = {
         .start = 0, .count = (unsigned)(idx_B / 4)};
      agx_draw_one(ctx, &di, &dd);
   }
   ctx->stage[PIPE_SHADER_VERTEX].shader = vs;
   ctx->vs = NULL;
   ctx->dirty |= AGX_DIRTY_ALL;

out:
   ctx->gs_pass = NULL;
   pipe_resource_reference(&vsout, NULL);
   pipe_resource_reference(&topo, NULL);
   pipe_resource_reference(&gsout, NULL);
   pipe_resource_reference(&gsidx, NULL);
   pipe_resource_reference(&gsidx2, NULL);
   util_dynarray_fini(&prims);
}

/* The generated geometry shader that gives the fragment shader
 * gl_PrimitiveID for draws of `mode` with vertex shader vs (cached with
 * it), or NULL. */
static struct agx_uncompiled_shader *
agx_gs_primitive_id(struct agx_context *ctx, struct agx_uncompiled_shader *vs,
                    unsigned mode)
{
   unsigned k, prim;
   switch (mode) {
   case PIPE_PRIM_POINTS:
      k = 0, prim = MESA_PRIM_POINTS;
      break;
   case PIPE_PRIM_LINES:
   case PIPE_PRIM_LINE_STRIP:
   case PIPE_PRIM_LINE_LOOP:
      k = 1, prim = MESA_PRIM_LINES;
      break;
   case PIPE_PRIM_TRIANGLES:
   case PIPE_PRIM_TRIANGLE_STRIP:
   case PIPE_PRIM_TRIANGLE_FAN:
      k = 2, prim = MESA_PRIM_TRIANGLES;
      break;
   case PIPE_PRIM_QUADS:
   case PIPE_PRIM_QUAD_STRIP:
      /* GL's provoking vertex of a quad as agx_gs_decompose orders it:
       * the first (k 4), else the last of quads (k 3, vertex 3) or of
       * strip quads (2i, 2i + 1, 2i + 3, 2i + 2: k 5, vertex 2) */
      k = ctx->rast && ctx->rast->base.flatshade_first ? 4
          : mode == PIPE_PRIM_QUADS                    ? 3
                                                       : 5;
      prim = MESA_PRIM_QUADS;
      break;
   case PIPE_PRIM_POLYGON:
      k = 6, prim = MESA_PRIM_POLYGON;
      break;
   default:
      return NULL;
   }
   if (!vs || vs->native)
      return NULL;
   if (!vs->primitive_id_gs[k]) {
      struct pipe_shader_state templ = {
         .type = PIPE_SHADER_IR_NIR,
         .ir.nir = agx_nir_primitive_id_gs(vs->outputs, vs->outputs_flat,
                                           vs->outputs_linear, prim,
                                           k == 4 ? 0 : k == 5 ? 2 : 3),
      };
      if (templ.ir.nir)
         vs->primitive_id_gs[k] = ctx->base.create_gs_state(&ctx->base,
                                                            &templ);
   }
   return vs->primitive_id_gs[k];
}

bool
agx_gs_draw(struct agx_context *ctx, const struct pipe_draw_info *info,
            const struct pipe_draw_start_count_bias *draw)
{
   struct agx_uncompiled_shader *gso = ctx->stage[PIPE_SHADER_GEOMETRY].shader;
   const struct agx_uncompiled_shader *fs =
      ctx->stage[PIPE_SHADER_FRAGMENT].shader;
   bool adjacency = info->mode >= PIPE_PRIM_LINES_ADJACENCY &&
                    info->mode <= PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY;
   if (ctx->gs_pass)
      return false;
   /* GLSL 1.50 section 7.1: without a geometry shader, gl_PrimitiveID
    * counts the primitives of the draw: a generated one provides it. */
   if (!gso && !adjacency && fs && fs->reads_primitive_id) {
      gso = agx_gs_primitive_id(ctx, ctx->stage[PIPE_SHADER_VERTEX].shader,
                                info->mode);
   }
   if (!gso && !adjacency)
      return false;
   if (!draw->count || !info->instance_count || ctx->reset)
      return true;
   if (!gso)
      return agx_draw_adjacency_base(ctx, info, draw);
   if (!gso->gs || !ctx->rast || !ctx->stage[PIPE_SHADER_VERTEX].shader ||
       !ctx->stage[PIPE_SHADER_FRAGMENT].shader)
      return true;
   if ((!ctx->fb.nr_cbufs && !ctx->fb.zsbuf) || !ctx->fb.width ||
       !ctx->fb.height)
      return true;
   agx_gs_passes(ctx, gso, info, draw);
   return true;
}
