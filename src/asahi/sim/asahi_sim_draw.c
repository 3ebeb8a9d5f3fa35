/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * One draw of the vertex phase: vertex shading, primitive assembly,
 * viewport transform, culling and coefficient setup.
 *
 * Vertex shading: the vertex program (VDM state VS word 1) runs on up to
 * 32 vertices per SIMD group with the vertex id preloaded in r5 and the
 * instance id in r6 (alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c
 * agx_vertex_id / agx_instance_id preloads).  The vertex id is start + i
 * for array draws and index + start (the base vertex) for indexed ones.
 * st_var writes the vertex's output words (the UVS): words 0-3 are the
 * clip-space position, the varyings follow from word 4 (Mesa
 * src/asahi/lib/agx_uvs.h, position first).
 *
 * Coefficient setup: the fragment program's CF binding table (fragment
 * shader word 2, offset from usc_exec_base; header then bindings) maps
 * "slots" to coefficient registers.  Slot 0 is 1/w of each vertex, slot 1
 * the window z when the output select word's `frag coord z` is set, and
 * the varyings (UVS word 4 on) follow (Mesa src/gallium/drivers/asahi/
 * agx_state.c agx_link_varyings_vs_fs: W at slot 0, Z at 1, user varyings
 * from 1 + reads_z).  Each bound register holds a plane A x + B y + C over
 * window pixels: flat models copy the chosen vertex, linear interpolates
 * the value, perspective interpolates value / w (and iterproj divides by
 * the interpolated 1/w).
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "asahi_sim_cmd.h"

/* Output words per vertex kept for the rasteriser (st_var's index is 8
 * bits). */
#define SIM_UVS_WORDS 256
/* Vertices one draw may shade (count x instances). */
#define SIM_MAX_DRAW_VERTICES (1u << 24)
/* Window coordinates the rasteriser handles without clipping, in pixels
 * (keeps edge functions inside 64 bits). */
#define SIM_MAX_WINDOW (1 << 22)

struct vertex {
   double x, y, z, inv_w;
   int64_t fx, fy;
   const uint32_t *uvs;
   bool ok; /* w > 0 and inside the window range */
};

struct draw_ctx {
   struct sim_render *r;
   const struct sim_vdm_state *s;
   struct sim_draw *d;
   struct AGX_CF_BINDING_HEADER cf_header;
   struct AGX_CF_BINDING *bindings;
   unsigned nr_bindings;
   uint32_t *uvs;     /* SIM_UVS_WORDS per vertex */
   struct vertex *v;  /* transformed */
   uint32_t prim_id;
};

static float
uif(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}

/* ---- vertex shading ---------------------------------------------------- */

static bool
read_index(struct draw_ctx *c, const struct sim_draw_args *a, uint32_t i,
           uint32_t *out)
{
   uint64_t offs = (uint64_t)i * a->index_size_B;
   if (offs + a->index_size_B > a->index_buffer_size_B) {
      /* Robustness: past the index buffer size reads index 0. */
      *out = 0;
      return true;
   }
   uint8_t b[4] = {0};
   if (!sim_read(c->r->gpu, a->index_va + offs, b, a->index_size_B,
                 "index buffer"))
      return false;
   *out = sim_u32(b);
   return true;
}

static bool
shade(struct draw_ctx *c, const struct sim_program *vs, const uint32_t *ids,
      uint32_t n, uint32_t instance)
{
   struct asahi_sim_gpu *gpu = c->r->gpu;
   struct asahi_sim_group *g = malloc(sizeof(*g));
   if (!g)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");

   bool ok = true;
   for (uint32_t base = 0; ok && base < n; base += ASAHI_SIM_LANES) {
      uint32_t lanes = n - base < ASAHI_SIM_LANES ? n - base : ASAHI_SIM_LANES;
      uint32_t launched = lanes == 32 ? ~0u : (1u << lanes) - 1;
      ok = sim_group_init(gpu, vs, launched, g);
      if (!ok)
         break;
      for (unsigned t = 0; t < lanes; t++) {
         g->r[5][t] = ids[base + t];
         g->r[6][t] = instance;
      }
      g->uvs.words = c->uvs + (size_t)base * SIM_UVS_WORDS;
      g->uvs.stride_words = SIM_UVS_WORDS;
      ok = sim_group_run(gpu, g, "vertex shader");
   }
   free(g);
   gpu->vertices += n;
   return ok;
}

/* ---- setup ------------------------------------------------------------- */

static void
transform(struct draw_ctx *c, uint32_t i)
{
   const struct AGX_VIEWPORT *vp = &c->s->ppp.viewport;
   const uint32_t *o = c->uvs + (size_t)i * SIM_UVS_WORDS;
   struct vertex *v = &c->v[i];
   double cx = uif(o[0]), cy = uif(o[1]), cz = uif(o[2]), cw = uif(o[3]);

   v->uvs = o;
   v->ok = false;
   if (!(cw > 0))
      return;
   v->inv_w = 1.0 / cw;
   v->x = cx * v->inv_w * vp->scale_x + vp->translate_x;
   v->y = cy * v->inv_w * vp->scale_y + vp->translate_y;
   v->z = cz * v->inv_w * vp->scale_z + vp->translate_z;
   if (!(fabs(v->x) < SIM_MAX_WINDOW && fabs(v->y) < SIM_MAX_WINDOW))
      return;
   v->fx = llround(v->x * SIM_SUBPIXEL);
   v->fy = llround(v->y * SIM_SUBPIXEL);
   v->ok = true;
}

/* The value a slot has at a vertex. */
static double
slot_value(const struct draw_ctx *c, const struct vertex *v, unsigned slot,
           bool *ok)
{
   bool z = c->s->ppp.output_select.frag_coord_z;
   *ok = true;
   if (slot == 0)
      return v->inv_w;
   if (z && slot == 1)
      return v->z;
   unsigned word = 4 + slot - (z ? 2 : 1);
   if (word >= SIM_UVS_WORDS) {
      *ok = false;
      return 0;
   }
   return uif(v->uvs[word]);
}

/* The plane through (x_i, y_i, f_i), in window pixels. */
static void
plane(const struct vertex *const v[3], const double f[3], double out[3])
{
   double x0 = (double)v[0]->fx / SIM_SUBPIXEL;
   double y0 = (double)v[0]->fy / SIM_SUBPIXEL;
   double x1 = (double)v[1]->fx / SIM_SUBPIXEL - x0;
   double y1 = (double)v[1]->fy / SIM_SUBPIXEL - y0;
   double x2 = (double)v[2]->fx / SIM_SUBPIXEL - x0;
   double y2 = (double)v[2]->fy / SIM_SUBPIXEL - y0;
   double f1 = f[1] - f[0], f2 = f[2] - f[0];
   double det = x1 * y2 - x2 * y1;
   double a = (f1 * y2 - f2 * y1) / det;
   double b = (x1 * f2 - x2 * f1) / det;
   out[0] = a;
   out[1] = b;
   out[2] = f[0] - a * x0 - b * y0;
}

static bool
setup_coefficients(struct draw_ctx *c, const struct vertex *const v[3],
                   double (*planes)[3])
{
   struct asahi_sim_gpu *gpu = c->r->gpu;
   for (unsigned b = 0; b < c->nr_bindings; b++) {
      const struct AGX_CF_BINDING *cf = &c->bindings[b];
      for (unsigned k = 0; k < cf->components; k++) {
         double f[3];
         for (unsigned i = 0; i < 3; i++) {
            bool ok = true;
            switch (cf->source) {
            case AGX_COEFFICIENT_SOURCE_VARYING:
               f[i] = slot_value(c, v[i], cf->base_slot + k, &ok);
               break;
            case AGX_COEFFICIENT_SOURCE_FRAGCOORD_Z:
               f[i] = v[i]->z;
               break;
            case AGX_COEFFICIENT_SOURCE_PRIMITIVE_ID:
               f[i] = uif(c->prim_id);
               break;
            default:
               return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                               "coefficient source %u is not simulated",
                               cf->source);
            }
            if (!ok)
               return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                               "CF binding %u reads slot %u beyond the "
                               "vertex outputs",
                               b, cf->base_slot + k);
         }

         double *out = planes[cf->base_cf + k];
         switch (cf->shade_model) {
         case AGX_SHADE_MODEL_FLAT_VERTEX_0:
         case AGX_SHADE_MODEL_FLAT_VERTEX_1:
         case AGX_SHADE_MODEL_FLAT_VERTEX_2: {
            unsigned pv = cf->shade_model == AGX_SHADE_MODEL_FLAT_VERTEX_0 ? 0
                          : cf->shade_model == AGX_SHADE_MODEL_FLAT_VERTEX_1
                             ? 1
                             : 2;
            out[0] = out[1] = 0;
            out[2] = f[pv];
            break;
         }
         case AGX_SHADE_MODEL_LINEAR:
            plane(v, f, out);
            break;
         case AGX_SHADE_MODEL_PERSPECTIVE: {
            double g[3];
            for (unsigned i = 0; i < 3; i++)
               g[i] = f[i] * v[i]->inv_w;
            plane(v, g, out);
            break;
         }
         default:
            return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                            "shade model %u is not simulated",
                            cf->shade_model);
         }
      }
   }
   return true;
}

static bool
add_prim(struct draw_ctx *c, const struct sim_prim *p)
{
   struct sim_render *r = c->r;
   if (r->nr_prims == r->prims_capacity) {
      unsigned cap = r->prims_capacity ? 2 * r->prims_capacity : 256;
      void *n = realloc(r->prims, cap * sizeof(*r->prims));
      if (!n)
         return sim_fail(r->gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");
      r->prims = n;
      r->prims_capacity = cap;
   }
   r->prims[r->nr_prims++] = *p;
   r->gpu->primitives++;
   return true;
}

static bool
triangle(struct draw_ctx *c, uint32_t i0, uint32_t i1, uint32_t i2)
{
   const struct vertex *v[3] = {&c->v[i0], &c->v[i1], &c->v[i2]};
   const struct sim_draw *d = c->d;
   uint32_t id = c->prim_id++;

   if (d->cull.rasterizer_discard)
      return true;
   /* No clipping yet: a triangle with a vertex behind the eye (w <= 0) or
    * far outside the window range is dropped (docs/simulator.rst). */
   if (!v[0]->ok || !v[1]->ok || !v[2]->ok)
      return true;

   int64_t area = (v[1]->fx - v[0]->fx) * (v[2]->fy - v[0]->fy) -
                  (v[2]->fx - v[0]->fx) * (v[1]->fy - v[0]->fy);
   if (area == 0)
      return true;
   bool ccw = area > 0;
   bool front = d->cull.front_face_ccw ? ccw : !ccw;
   if ((front && d->cull.cull_front) || (!front && d->cull.cull_back))
      return true;

   const struct drm_asahi_cmd_render *cmd = c->r->cmd;
   struct sim_prim p = {
      .draw = d,
      .backfacing = !front,
      .min_x = INT32_MAX,
      .min_y = INT32_MAX,
      .max_x = INT32_MIN,
      .max_y = INT32_MIN,
   };
   for (unsigned i = 0; i < 3; i++) {
      p.x[i] = v[i]->fx;
      p.y[i] = v[i]->fy;
      int32_t px = (int32_t)(v[i]->fx >> SIM_SUBPIXEL_BITS);
      int32_t py = (int32_t)(v[i]->fy >> SIM_SUBPIXEL_BITS);
      p.min_x = px < p.min_x ? px : p.min_x;
      p.min_y = py < p.min_y ? py : p.min_y;
      p.max_x = px > p.max_x ? px : p.max_x;
      p.max_y = py > p.max_y ? py : p.max_y;
   }
   p.min_x = p.min_x < 0 ? 0 : p.min_x;
   p.min_y = p.min_y < 0 ? 0 : p.min_y;
   p.max_x = p.max_x >= cmd->width_px ? cmd->width_px - 1 : p.max_x;
   p.max_y = p.max_y >= cmd->height_px ? cmd->height_px - 1 : p.max_y;
   if (p.min_x > p.max_x || p.min_y > p.max_y)
      return true;

   if (d->nr_cf) {
      p.planes = calloc(d->nr_cf, sizeof(*p.planes));
      if (!p.planes)
         return sim_fail(c->r->gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");
      c->prim_id = id;
      bool ok = setup_coefficients(c, v, p.planes);
      c->prim_id = id + 1;
      if (!ok) {
         free(p.planes);
         return false;
      }
   }
   if (!add_prim(c, &p)) {
      free(p.planes);
      return false;
   }
   return true;
}

/* Triangles of one run of vertices between restarts, in GL's order
 * (strips alternate the first two vertices of odd triangles; fans put the
 * centre first). */
static bool
assemble(struct draw_ctx *c, enum agx_primitive prim, uint32_t first,
         uint32_t n)
{
   switch (prim) {
   case AGX_PRIMITIVE_TRIANGLES:
      for (uint32_t i = 0; i + 2 < n; i += 3) {
         if (!triangle(c, first + i, first + i + 1, first + i + 2))
            return false;
      }
      return true;
   case AGX_PRIMITIVE_TRIANGLE_STRIP:
      for (uint32_t i = 0; i + 2 < n; i++) {
         bool odd = i & 1;
         if (!triangle(c, first + i + odd, first + i + !odd, first + i + 2))
            return false;
      }
      return true;
   case AGX_PRIMITIVE_TRIANGLE_FAN:
      for (uint32_t i = 1; i + 1 < n; i++) {
         if (!triangle(c, first, first + i, first + i + 1))
            return false;
      }
      return true;
   default:
      return sim_fail(c->r->gpu, ASAHI_SIM_RESULT_ERROR,
                      "primitive %u is not simulated yet", prim);
   }
}

/* ---- the draw ---------------------------------------------------------- */

static bool
load_fs(struct draw_ctx *c)
{
   struct asahi_sim_gpu *gpu = c->r->gpu;
   const struct sim_ppp_state *ppp = &c->s->ppp;
   struct sim_draw *d = c->d;

   if (!ppp->has_fs)
      return true;
   if (!sim_program_load(gpu, gpu->usc_base + ppp->fs1.pipeline,
                         "fragment shader", &d->fs))
      return false;
   d->has_fs = true;

   unsigned n = ppp->fs0.cf_bindings;
   if (n == 0)
      return true;
   if (!ppp->fs2.cf_bindings)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "fragment shader has %u CF bindings but no table", n);
   uint8_t table[AGX_CF_BINDING_HEADER_LENGTH + 127 * AGX_CF_BINDING_LENGTH];
   size_t size = AGX_CF_BINDING_HEADER_LENGTH + n * AGX_CF_BINDING_LENGTH;
   if (!sim_read(gpu, gpu->usc_base + ppp->fs2.cf_bindings, table, size,
                 "CF bindings"))
      return false;
   AGX_CF_BINDING_HEADER_unpack(NULL, table, &c->cf_header);
   c->bindings = calloc(n, sizeof(*c->bindings));
   if (!c->bindings)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");
   c->nr_bindings = n;
   d->nr_cf = c->cf_header.coefficient_registers;
   for (unsigned i = 0; i < n; i++) {
      AGX_CF_BINDING_unpack(NULL,
                            table + AGX_CF_BINDING_HEADER_LENGTH +
                               i * AGX_CF_BINDING_LENGTH,
                            &c->bindings[i]);
      const struct AGX_CF_BINDING *b = &c->bindings[i];
      if (b->base_cf + b->components > d->nr_cf)
         return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                         "CF binding %u writes cf%u..cf%u of %u", i,
                         b->base_cf, b->base_cf + b->components - 1,
                         d->nr_cf);
   }
   return true;
}

static bool
draw_instance(struct draw_ctx *c, const struct sim_program *vs,
              const struct sim_draw_args *a, uint32_t instance, uint32_t *ids,
              bool *cut)
{
   uint32_t n = a->count;
   for (uint32_t i = 0; i < n; i++) {
      cut[i] = false;
      if (!a->indexed) {
         ids[i] = a->start + i;
         continue;
      }
      uint32_t index;
      if (!read_index(c, a, i, &index))
         return false;
      cut[i] = a->restart && index == c->s->restart_index;
      ids[i] = index + a->start;
   }
   if (!shade(c, vs, ids, n, instance))
      return false;
   for (uint32_t i = 0; i < n; i++)
      transform(c, i);

   uint32_t run = 0;
   for (uint32_t i = 0; i <= n; i++) {
      if (i == n || cut[i]) {
         if (i > run && !assemble(c, a->primitive, run, i - run))
            return false;
         run = i + 1;
      }
   }
   return true;
}

bool
sim_draw(struct sim_render *r, const struct sim_vdm_state *s,
         const struct sim_draw_args *a)
{
   struct asahi_sim_gpu *gpu = r->gpu;
   if (!s->has_vs)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "draw without a vertex shader (no VDM state VS word 1)");
   if (a->count == 0 || a->instances == 0)
      return true;
   if ((uint64_t)a->count * a->instances > SIM_MAX_DRAW_VERTICES)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "draw of %u x %u vertices exceeds the simulator's "
                      "limit",
                      a->count, a->instances);

   struct sim_draw *d = calloc(1, sizeof(*d));
   if (!d)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");
   d->next = r->draws;
   r->draws = d;
   d->fragment_control = s->ppp.fragment_control;
   d->cull = s->ppp.cull;
   d->scissor = s->ppp.fragment_control.scissor_enable;
   d->scissor_index = s->ppp.depth_bias_scissor.scissor;

   struct draw_ctx c = {.r = r, .s = s, .d = d};
   struct sim_program *vs = malloc(sizeof(*vs));
   c.uvs = calloc((size_t)a->count * SIM_UVS_WORDS, sizeof(uint32_t));
   c.v = calloc(a->count, sizeof(*c.v));
   uint32_t *ids = calloc(a->count, sizeof(*ids));
   bool *cut = calloc(a->count, sizeof(*cut));
   bool ok = vs && c.uvs && c.v && ids && cut;
   if (!ok)
      sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");

   ok = ok && sim_program_load(gpu, s->vs_words_va, "vertex shader", vs);
   ok = ok && load_fs(&c);
   for (uint32_t inst = 0; ok && inst < a->instances; inst++)
      ok = draw_instance(&c, vs, a, inst, ids, cut);

   free(vs);
   free(c.uvs);
   free(c.v);
   free(ids);
   free(cut);
   free(c.bindings);
   return ok;
}
