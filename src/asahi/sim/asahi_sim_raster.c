/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The fragment phase of one tile: rasterisation and fragment dispatch.
 *
 * Coverage: a pixel is covered when its centre (x + 0.5, y + 0.5) is
 * inside the triangle, with vertices snapped to 1/256 pixel.  A centre
 * exactly on an edge counts for top and left edges only, in the
 * framebuffer's own orientation (row 0 first): a top edge is horizontal
 * with the triangle below it, a left edge has the triangle to its right.
 * The hardware's precision and tie rule are not documented; this is the
 * usual top-left rule, which GL's "no pixel twice on shared edges" needs
 * (docs/simulator.rst).
 *
 * Depth: each covered pixel is tested against the tile's depth before it
 * is shaded (window z from the plane of the vertices' z at the centre,
 * clamped to [0, 1], quantised for Z16), with the function of the
 * primitive's face in both fragment face words (face 2's default is
 * always); it is written after shading unless the fragment was discarded
 * and unless both face words disable depth writes.  A program that emits
 * depth (zs_emit) is tested again with that depth.
 *
 * Late depth (USC fragment properties without `early z`, which Mesa
 * clears for programs writing depth or the sample mask or discarding:
 * alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_state.c,
 * src/asahi/compiler/agx_compile.c): the depth test with the rasterised z
 * only decides which samples start killed (their stores dropped), with no
 * stencil depth-fail operation yet; zs_emit tests the lane's samples not
 * cleared by sample_mask again with the emitted depth, then and there,
 * so the program's later tilebuffer stores reach only the samples that
 * passed.  The depth written is the emitted one.  Stencil stays early.
 *
 * Stencil (fragment control `stencil test enable`): before the depth test,
 * (reference & read mask) compared with (stored & read mask) by the
 * stencil word of the face (front unless `two sided stencil`), the
 * reference from the face's fragment face word; the stencil-fail and
 * depth-fail operations apply at once, the depth-pass one after shading
 * unless the fragment was discarded; writes go through the write mask.
 *
 * Dispatch: covered pixels are shaded in 2x2 quads, eight quads per SIMD
 * group (lane t: quad t / 4, x + (t & 1), y + (t >> 1 & 1)), of one
 * primitive or of several of one draw (struct batch); uncovered
 * pixels of a quad run as helper lanes (for derivatives): sr63 reads 0
 * for them and their tilebuffer stores and depth writes are dropped.  The fragment program sees its pixel
 * in thread_position_in_grid (sr80/81; Mesa agx_emit_load_frag_coord),
 * the coefficient registers re-based to the tile (iter evaluates at
 * tile-relative positions) and the tilebuffer through ld_tile/st_tile.
 */

#include <stdlib.h>
#include <string.h>

#include "asahi_sim_cmd.h"
#include "util/u_math.h"

/* The tile's tilebuffer as the interpreter addresses it. */
static struct asahi_sim_tilebuffer
tile_tilebuffer(struct sim_tile *t)
{
   return (struct asahi_sim_tilebuffer){
      .sample_ptr = sim_tile_sample_ptr,
      .user = t,
      .base = t->tib,
      .x0 = t->x0,
      .y0 = t->y0,
      .width = t->width,
      .height = t->height,
      .samples = t->samples,
      .sample_size_B = t->sample_size_B,
      .uniform_pixel = t->uniform_pixel,
   };
}

void *
sim_tile_sample_ptr(void *user, unsigned x, unsigned y, unsigned sample,
                    unsigned offset_B, size_t size)
{
   struct asahi_sim_tilebuffer tib = tile_tilebuffer(user);
   return asahi_sim_tile_sample_ptr(&tib, x, y, sample, offset_B, size);
}

void
sim_frag_setup(struct sim_tile *tile, struct asahi_sim_group *g)
{
   g->frag.tile_width = tile->width;
   g->frag.tile_height = tile->height;
   g->frag.tile_origin[0] = (uint16_t)tile->x0;
   g->frag.tile_origin[1] = (uint16_t)tile->y0;
   g->frag.nr_samples = tile->samples;
   for (unsigned s = 0; s < ASAHI_SIM_MAX_SAMPLES; s++) {
      g->frag.sample_position[s][0] =
         s < tile->samples ? tile->sample_pos[s][0] : 0.5f;
      g->frag.sample_position[s][1] =
         s < tile->samples ? tile->sample_pos[s][1] : 0.5f;
   }
   /* Addressed inline, or through the hook with nofast. */
   g->frag.tib = tile_tilebuffer(tile);
   if (g->no_shortcuts) {
      g->frag.tib.base = NULL;
      g->frag.tib.uniform_pixel = NULL;
   }
   /* The layer is sr2 (threadgroup_position_in_grid.z): the "framebuffer
    * layers" note of alexvorxx/Mesa-VirGL src/asahi/genxml/cmdbuf.xml, and
    * Mesa's load_layer_id. */
   g->dispatch.threadgroup_position[2] = tile->layer;
}

/* Edge a -> b, positive inside; ties go to top and left edges. */
static bool
inside_edge(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t px,
            int64_t py)
{
   int64_t dx = bx - ax, dy = by - ay;
   int64_t e = dx * (py - ay) - dy * (px - ax);
   if (e != 0)
      return e > 0;
   return dy < 0 || (dy == 0 && dx > 0);
}

/* The order of the vertices after the first that makes the inside of a
 * triangle positive: {1, 2} or {2, 1}. */
static void
winding(const struct sim_prim *p, unsigned *a, unsigned *b)
{
   int64_t area = (p->x[1] - p->x[0]) * (p->y[2] - p->y[0]) -
                  (p->x[2] - p->x[0]) * (p->y[1] - p->y[0]);
   *a = area < 0 ? 2 : 1;
   *b = area < 0 ? 1 : 2;
}

/* Is sample position (px, py), in fixed point, inside the primitive?
 * (a, b from winding.) */
static bool
covered(const struct sim_prim *p, unsigned a, unsigned b, int64_t px,
        int64_t py)
{
   if (p->is_rect)
      return px >= p->x[0] && px < p->x[1] && py >= p->y[0] && py < p->y[1];
   return inside_edge(p->x[0], p->y[0], p->x[a], p->y[a], px, py) &&
          inside_edge(p->x[a], p->y[a], p->x[b], p->y[b], px, py) &&
          inside_edge(p->x[b], p->y[b], p->x[0], p->y[0], px, py);
}

/* floor(a / b) for b > 0. */
static int64_t
floor_div(int64_t a, int64_t b)
{
   int64_t q = a / b;
   return q * b > a ? q - 1 : q;
}

/*
 * The pixel columns [*lo, *hi] of a quad row (fixed-point sample rows
 * ymin..ymax) that can hold a covered sample: for each edge a -> b, the x
 * where its edge function can still be >= 0 somewhere in the rows, with a
 * pixel of margin each side.  Only a bound: covered() decides each
 * sample, so thin and long triangles no longer test every pixel of their
 * bounding box.  False when no column can be covered.
 */
static bool
row_span(const struct sim_prim *p, unsigned a, unsigned b, int64_t ymin,
         int64_t ymax, int32_t *lo, int32_t *hi)
{
   const unsigned order[3] = {0, a, b};
   int64_t xmin = INT64_MIN, xmax = INT64_MAX;
   for (unsigned i = 0; i < 3; i++) {
      unsigned s = order[i], e = order[(i + 1) % 3];
      int64_t dx = p->x[e] - p->x[s], dy = p->y[e] - p->y[s];
      /* The row that makes dx * (py - ay) largest. */
      int64_t k = dx * ((dx >= 0 ? ymax : ymin) - p->y[s]);
      if (dy == 0) {
         if (k < 0)
            return false;
      } else if (dy > 0) {
         int64_t m = p->x[s] + floor_div(k, dy);
         xmax = m < xmax ? m : xmax;
      } else {
         int64_t m = p->x[s] - floor_div(k, -dy);
         xmin = m > xmin ? m : xmin;
      }
   }
   if (xmin > xmax)
      return false;
   if (xmin != INT64_MIN) {
      int64_t c = floor_div(xmin, SIM_SUBPIXEL) - 1;
      *lo = c > *lo ? (int32_t)c : *lo;
   }
   if (xmax != INT64_MAX) {
      int64_t c = floor_div(xmax, SIM_SUBPIXEL) + 1;
      *hi = c < *hi ? (int32_t)c : *hi;
   }
   return *lo <= *hi;
}

#define ASAHI_SIM_MAX_SAMPLES_TILE 4

#define SIM_BATCH_QUADS (ASAHI_SIM_LANES / 4)

/* The depth and stencil state of a draw's face.  The rasteriser's loop
 * works on a local copy, whose fields stay in registers (through the
 * batch, every stencil store made the compiler read them again). */
struct zs_state {
   /* Depth. */
   enum agx_zs_func func, func2;
   bool z_write;
   bool late; /* a late depth test */
   /* Stencil. */
   bool stencil;
   struct AGX_FRAGMENT_STENCIL st;
   uint8_t ref;
};

/*
 * The quads waiting for a group.  Since wave 17 they may come from
 * several primitives of one draw with the same facing (everything but
 * their coefficient registers is then the same), as long as no quad
 * position repeats: a quad of a later primitive where one is waiting
 * runs the waiting ones first, so that each pixel still sees its
 * primitives one after the other, tested against the depth, stencil and
 * colour the earlier ones left (GL 4.6 section 14.9 and chapter 17: the
 * per-fragment operations happen in primitive order).  `prim` is the
 * first primitive.  The current primitive's coefficient registers are
 * set up in the slot after the batch's and copied to a slot of their own
 * (cf_base, nr_prims slots used) with its first quad in the batch; each
 * quad points at its primitive's.
 */
struct batch {
   struct sim_tile *tile;
   const struct sim_prim *prim;
   float (*cf_base)[3];
   unsigned nr_prims;
   /* The current primitive's slot (NULL: none in this batch yet). */
   float (*coefficients)[3];
   const float (*quad_cf[SIM_BATCH_QUADS])[3];
   unsigned nr_quads;
   /* Quads 0 to earlier - 1 are earlier primitives' (the current one's
    * own quads never share a position). */
   unsigned earlier;
   uint16_t pixel[ASAHI_SIM_LANES][2];
   float z[ASAHI_SIM_LANES][ASAHI_SIM_MAX_SAMPLES_TILE];
   uint8_t pass[ASAHI_SIM_LANES]; /* samples past coverage and tests */
   uint32_t launched, helpers;
   struct asahi_sim_group *g;
   struct zs_state zs;
   /* Samples that failed the late depth test with the rasterised z. */
   uint8_t zfail[ASAHI_SIM_LANES];
};

static bool
zs_compare(enum agx_zs_func f, float a, float b)
{
   switch (f) {
   case AGX_ZS_FUNC_NEVER:
      return false;
   case AGX_ZS_FUNC_LESS:
      return a < b;
   case AGX_ZS_FUNC_EQUAL:
      return a == b;
   case AGX_ZS_FUNC_LEQUAL:
      return a <= b;
   case AGX_ZS_FUNC_GREATER:
      return a > b;
   case AGX_ZS_FUNC_NOT_EQUAL:
      return a != b;
   case AGX_ZS_FUNC_GEQUAL:
      return a >= b;
   default:
      return true;
   }
}

static float *
depth_at(struct sim_tile *tile, unsigned x, unsigned y)
{
   return &tile->depth[((y - tile->y0) * tile->width + (x - tile->x0)) *
                       tile->samples];
}

/* The fragment's depth as the buffer holds it: with the cull word's
 * `depth clamp`, clamped to the scissor record's [min z, max z] (the
 * viewport's depth range: Mesa fills the record so, and with depth
 * clipping off this bit alone keeps depths in it; fact:
 * alexvorxx/Mesa-VirGL src/asahi/vulkan/hk_cmd_draw.c, "in conjunction
 * with the PPP control depth clip/clamp settings"), then to [0, 1], and
 * quantised for unorm16. */
static float
depth_value(const struct sim_tile *tile, const struct sim_draw *d, double z)
{
   if (d && d->cull.depth_clamp && d->scissor) {
      z = z < d->scissor_min_z ? d->scissor_min_z : z;
      z = z > d->scissor_max_z ? d->scissor_max_z : z;
   }
   z = z > 0 ? (z < 1 ? z : 1) : 0;
   if (tile->z16)
      return (float)(nearbyint(z * 65535.0) / 65535.0);
   return (float)z;
}

static bool
depth_test(const struct zs_state *zs, float z, const float *stored)
{
   return zs_compare(zs->func, z, *stored) &&
          zs_compare(zs->func2, z, *stored);
}

static uint8_t *
stencil_at(struct sim_tile *tile, unsigned x, unsigned y)
{
   return &tile->stencil[((y - tile->y0) * tile->width + (x - tile->x0)) *
                         tile->samples];
}

/* Apply a stencil operation to one sample, through the write mask. */
static void
stencil_op(const struct zs_state *zs, enum agx_stencil_op op, uint8_t *s)
{
   for (unsigned i = 0; i < 1; i++) {
      unsigned v = s[i], n;
      switch (op) {
      case AGX_STENCIL_OP_ZERO:
         n = 0;
         break;
      case AGX_STENCIL_OP_REPLACE:
         n = zs->ref;
         break;
      case AGX_STENCIL_OP_INCR_SAT:
         n = v < 255 ? v + 1 : 255;
         break;
      case AGX_STENCIL_OP_DECR_SAT:
         n = v > 0 ? v - 1 : 0;
         break;
      case AGX_STENCIL_OP_INVERT:
         n = ~v & 0xff;
         break;
      case AGX_STENCIL_OP_INCR_WRAP:
         n = (v + 1) & 0xff;
         break;
      case AGX_STENCIL_OP_DECR_WRAP:
         n = (v - 1) & 0xff;
         break;
      default:
         n = v;
         break;
      }
      s[i] = (uint8_t)((v & ~zs->st.write_mask) | (n & zs->st.write_mask));
   }
}

/* The stencil test of a pixel (GL: (ref & mask) func (stored & mask)). */
static bool
stencil_test(const struct zs_state *zs, const uint8_t *s)
{
   return zs_compare(zs->st.compare, (float)(zs->ref & zs->st.read_mask),
                     (float)(s[0] & zs->st.read_mask));
}

/*
 * Occlusion queries (fragment control `visibility mode`): the 64-bit
 * counter at isp_oclqry_base + 8 x (the occlusion query word's index)
 * counts the samples that passed depth and stencil and were not discarded
 * (counting), or is set to 1 (boolean).  Inferred from Mesa's query code
 * (alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_query.c: one u64 per
 * query); medium confidence.
 */
static bool
count_visible(const struct batch *b, unsigned samples)
{
   const struct sim_draw *d = b->prim->draw;
   struct sim_render *r = b->tile->r;
   enum agx_visibility_mode mode = d->fragment_control.visibility_mode;
   if (mode != AGX_VISIBILITY_MODE_COUNTING &&
       mode != AGX_VISIBILITY_MODE_BOOLEAN)
      return true;
   uint64_t va = r->cmd->isp_oclqry_base + 8ull * d->occlusion_index;
   uint64_t v = 0;
   if (!sim_read(r->gpu, va, &v, 8, "occlusion query"))
      return false;
   v = mode == AGX_VISIBILITY_MODE_BOOLEAN ? 1 : v + samples;
   return sim_write(r->gpu, va, &v, 8, "occlusion query");
}

/* zs_emit in a late-tested program: the lane's samples not cleared by
 * sample_mask are tested with the emitted depth now (stencil was tested
 * before the program); failures are killed, with the depth-fail stencil
 * operation, and passes revived. */
static void
late_zs_test(void *user, struct asahi_sim_group *g, unsigned t)
{
   struct batch *b = user;
   if (!g->frag.depth_written[t] || !(b->launched & (1u << t)) ||
       (b->helpers & (1u << t)))
      return;
   float *stored = depth_at(b->tile, b->pixel[t][0], b->pixel[t][1]);
   uint8_t *sv = stencil_at(b->tile, b->pixel[t][0], b->pixel[t][1]);
   float z = depth_value(b->tile, b->prim->draw, g->frag.depth[t]);
   uint32_t test = b->pass[t] & ~(uint32_t)g->frag.samples_cleared[t] &
                   g->frag.zs_samples[t];
   u_foreach_bit (smp, test) {
      if (depth_test(&b->zs, z, &stored[smp])) {
         g->frag.samples_killed[t] &= (uint16_t)~(1u << smp);
      } else {
         g->frag.samples_killed[t] |= (uint16_t)(1u << smp);
         if (b->zs.stencil && !(b->zfail[t] & (1u << smp)))
            stencil_op(&b->zs, b->zs.st.depth_fail, &sv[smp]);
      }
      b->zfail[t] &= (uint8_t)~(1u << smp);
   }
}

static bool
flush(struct batch *b)
{
   if (!b->launched) {
      b->nr_quads = 0;
      b->earlier = 0;
      b->nr_prims = 0;
      b->coefficients = NULL;
      return true;
   }
   struct asahi_sim_gpu *gpu = b->tile->r->gpu;
   const struct sim_draw *d = b->prim->draw;
   struct asahi_sim_group *g = b->g;

   uint64_t t0 = sim_profile_begin(gpu);
   bool ok = sim_work(gpu, (unsigned)__builtin_popcount(b->launched));
   if (!ok) {
      /* Past the work limit: nothing more runs. */
   } else if (!d->has_fs) {
      /* No fragment program: the tests and depth/stencil writes only. */
      asahi_sim_group_reset(g); /* keeping the decode cache */
      for (unsigned t = 0; t < ASAHI_SIM_LANES; t++)
         g->frag.samples_killed[t] = (uint16_t)~b->pass[t];
   } else if ((ok = sim_group_init(gpu, &d->fs, b->launched, g))) {
      /* The program may store to the tilebuffer. */
      b->tile->uniform_pixel = NULL;
      sim_frag_setup(b->tile, g);
      memcpy(g->frag.pixel, b->pixel, sizeof(b->pixel));
      for (unsigned t = 0; t < ASAHI_SIM_LANES; t++) {
         g->dispatch.grid_position[t][0] = b->pixel[t][0];
         g->dispatch.grid_position[t][1] = b->pixel[t][1];
         g->dispatch.grid_position[t][2] = 0;
      }
      g->dispatch.backfacing = b->prim->backfacing;
      /* Helper lanes run for derivatives; their stores are dropped, as
       * are those to samples not covered or failing depth/stencil (the
       * pass mask of a helper is 0). */
      g->dispatch.helper_mask = b->helpers;
      for (unsigned t = 0; t < ASAHI_SIM_LANES; t++) {
         g->frag.samples_killed[t] = (uint16_t)(~b->pass[t] | b->zfail[t]);
         g->dispatch.coverage_mask[t] = b->pass[t];
      }
      if (b->zs.late) {
         g->frag.zs_test = late_zs_test;
         g->frag.zs_user = b;
      }
      /* One primitive's registers for all lanes, or each quad its own. */
      bool mixed = false;
      for (unsigned q = 1; q < b->nr_quads; q++)
         mixed |= b->quad_cf[q] != b->quad_cf[0];
      for (unsigned q = b->nr_quads; q < SIM_BATCH_QUADS; q++)
         b->quad_cf[q] = b->quad_cf[0];
      g->coefficients = b->quad_cf[0];
      g->quad_coefficients = mixed ? b->quad_cf : NULL;
      g->nr_coefficients = d->nr_cf;
      ok = sim_group_run(gpu, g, "fragment shader");
   }
   sim_profile_end(gpu, ASAHI_SIM_PROF_FRAGMENT, t0);
   /* Depth write for the samples that survived, with the depth the
    * program emitted if it did (tested again: a late test). */
   unsigned visible = 0;
   for (unsigned t = 0; ok && t < ASAHI_SIM_LANES; t++) {
      uint32_t alive = b->pass[t] & ~(uint32_t)g->frag.samples_killed[t];
      if (!(b->launched & (1u << t)) || !alive)
         continue;
      float *stored = depth_at(b->tile, b->pixel[t][0], b->pixel[t][1]);
      uint8_t *sv = stencil_at(b->tile, b->pixel[t][0], b->pixel[t][1]);
      /* Late: depth-fail for the samples still failing the
       * rasterised z that the program did not discard. */
      uint32_t zfail = b->zfail[t] & ~(uint32_t)g->frag.samples_cleared[t];
      u_foreach_bit (smp, b->zs.late && b->zs.stencil ? zfail : 0)
         stencil_op(&b->zs, b->zs.st.depth_fail, &sv[smp]);
      u_foreach_bit (smp, alive) {
         float z = b->z[t][smp];
         if (g->frag.depth_written[t]) {
            z = depth_value(b->tile, b->prim->draw, g->frag.depth[t]);
            if (!b->zs.late && !depth_test(&b->zs, z, &stored[smp]))
               continue;
         }
         if (b->zs.z_write)
            stored[smp] = z;
         if (b->zs.stencil)
            stencil_op(&b->zs, b->zs.st.depth_pass, &sv[smp]);
         visible++;
      }
   }
   if (ok && visible)
      ok = count_visible(b, visible);
   gpu->fragments += (unsigned)__builtin_popcount(b->launched & ~b->helpers);
   gpu->fragment_groups++;
   b->launched = 0;
   b->helpers = 0;
   b->nr_quads = 0;
   b->earlier = 0;
   b->nr_prims = 0;
   b->coefficients = NULL;
   memset(b->pass, 0, sizeof(b->pass));
   memset(b->zfail, 0, sizeof(b->zfail));
   return ok;
}

/* Room for n coefficient registers in the tile's storage (kept from one
 * primitive to the next); NULL without memory. */
static float (*tile_coefficients(struct sim_tile *tile, unsigned n))[3]
{
   if (n > tile->coefficients_capacity) {
      void *grown = realloc(tile->coefficients, n * sizeof(float[3]));
      if (!grown)
         return NULL;
      tile->coefficients = grown;
      tile->coefficients_capacity = n;
   }
   return tile->coefficients;
}

/* Start an empty batch with primitive p's state (its draw and face). */
static bool
batch_start(struct batch *b, const struct sim_prim *p,
            struct asahi_sim_group *g)
{
   const struct sim_draw *d = p->draw;
   b->prim = p;
   b->g = g;
   b->nr_prims = 0;
   unsigned face = p->backfacing ? 1 : 0;
   struct zs_state *zs = &b->zs;
   zs->func = d->face[face].depth_function;
   zs->func2 = d->face2[face].depth_function;
   zs->z_write = !(d->face[face].disable_depth_write &&
                   d->face2[face].disable_depth_write);
   zs->stencil = d->fragment_control.stencil_test_enable;
   zs->late = d->has_fs && !d->fs.early_z;
   unsigned sface = d->fragment_control.two_sided_stencil ? face : 0;
   zs->st = d->stencil[sface];
   zs->ref = (uint8_t)d->face[sface].stencil_reference;
   b->cf_base = NULL;
   if (d->nr_cf) {
      b->cf_base =
         tile_coefficients(b->tile, (SIM_BATCH_QUADS + 1) * d->nr_cf);
      if (!b->cf_base)
         return sim_fail(b->tile->r->gpu, ASAHI_SIM_RESULT_ERROR,
                         "out of memory");
   }
   return true;
}

/* The current primitive's registers in a slot of the batch (copied from
 * the set-up slot when its first quad joins). */
static const float (*prim_coefficients(struct batch *b))[3]
{
   unsigned n = b->prim->draw->nr_cf;
   if (!n)
      return NULL;
   if (!b->coefficients) {
      b->coefficients = b->cf_base + (size_t)b->nr_prims++ * n;
      memcpy(b->coefficients, b->cf_base + (size_t)SIM_BATCH_QUADS * n,
             n * sizeof(b->cf_base[0]));
   }
   return (const float(*)[3])b->coefficients;
}

/* Is a quad of an earlier primitive at (qx, qy) waiting in the batch? */
static bool
quad_waiting(const struct batch *b, int32_t qx, int32_t qy)
{
   for (unsigned q = 0; q < b->earlier; q++) {
      if (b->pixel[4 * q][0] == (uint16_t)qx &&
          b->pixel[4 * q][1] == (uint16_t)qy)
         return true;
   }
   return false;
}

/* Does primitive p cover any sample of the quad at (qx, qy) inside the
 * pixel bounds x0..x1, y0..y1? */
static bool
quad_covers(const struct sim_prim *p, unsigned wa, unsigned wb,
            unsigned samples, const int64_t (*spos)[2], int32_t qx,
            int32_t qy, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
   for (unsigned i = 0; i < 4; i++) {
      int32_t x = qx + (i & 1), y = qy + (i >> 1);
      if (!(x >= x0 && x <= x1 && y >= y0 && y <= y1))
         continue;
      for (unsigned smp = 0; smp < samples; smp++) {
         if (covered(p, wa, wb, (int64_t)x * SIM_SUBPIXEL + spos[smp][0],
                     (int64_t)y * SIM_SUBPIXEL + spos[smp][1]))
            return true;
      }
   }
   return false;
}

/* Rasterise p into the batch b, running it whenever it fills.  The
 * batch is empty or holds quads of p's draw with p's facing. */
static bool
shade_prim(struct batch *b, const struct sim_prim *p,
           struct asahi_sim_group *g)
{
   struct sim_tile *tile = b->tile;
   const struct sim_draw *d = p->draw;
   int32_t x0 = p->min_x > (int32_t)tile->x0 ? p->min_x : (int32_t)tile->x0;
   int32_t y0 = p->min_y > (int32_t)tile->y0 ? p->min_y : (int32_t)tile->y0;
   int32_t x1 = p->max_x, y1 = p->max_y;
   int32_t tx1 = (int32_t)(tile->x0 + tile->width - 1);
   int32_t ty1 = (int32_t)(tile->y0 + tile->height - 1);
   x1 = x1 < tx1 ? x1 : tx1;
   y1 = y1 < ty1 ? y1 : ty1;
   if (x0 > x1 || y0 > y1)
      return true;

   if (!b->launched && !batch_start(b, p, g))
      return false;
   /* The registers in the set-up slot; no slot in the batch yet. */
   b->coefficients = NULL;
   b->earlier = b->nr_quads;
   /* (no registers, no slots: cf_base is NULL) */
   float(*cf)[3] =
      d->nr_cf ? b->cf_base + (size_t)SIM_BATCH_QUADS * d->nr_cf : NULL;
   for (unsigned i = 0; i < d->nr_cf; i++) {
      const struct sim_plane *pl = &p->planes[i];
      if (pl->flat) {
         /* A = B = 0 and the word itself: no float arithmetic, which
          * would quiet NaN bits or make -0.0 +0.0. */
         cf[i][0] = 0;
         cf[i][1] = 0;
         memcpy(&cf[i][2], &pl->bits, sizeof(pl->bits));
         continue;
      }
      /* Interpolated planes move to the tile's origin. */
      cf[i][0] = (float)pl->abc[0];
      cf[i][1] = (float)pl->abc[1];
      cf[i][2] = (float)(pl->abc[2] + pl->abc[0] * tile->x0 +
                         pl->abc[1] * tile->y0);
   }

   /* Sample positions in fixed point: x + pos is exact in double and
    * pos >= 0, so llround((x + pos) * SIM_SUBPIXEL) is x * SIM_SUBPIXEL +
    * llround(pos * SIM_SUBPIXEL). */
   int64_t spos[ASAHI_SIM_MAX_SAMPLES_TILE][2];
   for (unsigned smp = 0; smp < tile->samples; smp++) {
      spos[smp][0] = llround((double)tile->sample_pos[smp][0] * SIM_SUBPIXEL);
      spos[smp][1] = llround((double)tile->sample_pos[smp][1] * SIM_SUBPIXEL);
   }
   unsigned wa, wb;
   winding(p, &wa, &wb);
   const struct zs_state zs = b->zs;

   bool ok = true;
   for (int32_t qy = y0 & ~1; ok && qy <= y1; qy += 2) {
      int32_t sx0 = x0, sx1 = x1;
      if (!p->is_rect &&
          !row_span(p, wa, wb, (int64_t)qy * SIM_SUBPIXEL,
                    (int64_t)(qy + 2) * SIM_SUBPIXEL, &sx0, &sx1))
         continue;
      for (int32_t qx = sx0 & ~1; ok && qx <= sx1; qx += 2) {
         /* An earlier primitive's quad waiting where this one covers
          * anything runs first, before this quad's tests read the depth
          * and stencil it leaves (coverage has no side effects). */
         if (b->earlier && quad_waiting(b, qx, qy) &&
             quad_covers(p, wa, wb, tile->samples, spos, qx, qy, x0, y0, x1,
                         y1) &&
             !(ok = flush(b)))
            break;
         uint32_t mask = 0;
         unsigned lane = b->nr_quads * 4;
         for (unsigned i = 0; i < 4; i++) {
            int32_t x = qx + (i & 1), y = qy + (i >> 1);
            if (!(x >= x0 && x <= x1 && y >= y0 && y <= y1)) {
               b->pass[lane + i] = 0;
               continue;
            }
            uint8_t *sv = stencil_at(tile, x, y);
            float *zv = depth_at(tile, x, y);
            uint32_t pass = 0;
            for (unsigned smp = 0; smp < tile->samples; smp++) {
               /* Coverage, stencil then depth, early, per sample. */
               double sx = x + tile->sample_pos[smp][0];
               double sy = y + tile->sample_pos[smp][1];
               if (!covered(p, wa, wb,
                            (int64_t)x * SIM_SUBPIXEL + spos[smp][0],
                            (int64_t)y * SIM_SUBPIXEL + spos[smp][1]))
                  continue;
               if (zs.stencil && !stencil_test(&zs, &sv[smp])) {
                  stencil_op(&zs, zs.st.stencil_fail, &sv[smp]);
                  continue;
               }
               float z = depth_value(tile, p->draw,
                                     p->z_plane[0] * sx +
                                        p->z_plane[1] * sy + p->z_plane[2]);
               b->z[lane + i][smp] = z;
               if (zs.late && !depth_test(&zs, z, &zv[smp])) {
                  b->zfail[lane + i] |= (uint8_t)(1u << smp);
               } else if (!depth_test(&zs, z, &zv[smp])) {
                  if (zs.stencil)
                     stencil_op(&zs, zs.st.depth_fail, &sv[smp]);
                  continue;
               }
               b->z[lane + i][smp] = z;
               pass |= 1u << smp;
            }
            b->pass[lane + i] = (uint8_t)pass;
            if (pass)
               mask |= 1u << i;
         }
         if (!mask)
            continue;
         for (unsigned i = 0; i < 4; i++) {
            b->pixel[lane + i][0] = (uint16_t)(qx + (i & 1));
            b->pixel[lane + i][1] = (uint16_t)(qy + (i >> 1));
         }
         b->quad_cf[b->nr_quads] = prim_coefficients(b);
         b->launched |= 0xfu << lane;
         b->helpers |= (~mask & 0xfu) << lane;
         if (++b->nr_quads == SIM_BATCH_QUADS)
            ok = flush(b);
      }
   }
   return ok;
}

bool
sim_raster_tile(struct sim_tile *tile)
{
   struct sim_render *r = tile->r;
   bool ok = true;
   unsigned n = tile->prims ? tile->nr_prims : r->nr_prims;
   /* Quads of consecutive primitives share groups (struct batch), but
    * with nofast, where each primitive's run alone. */
   bool batching = !(r->gpu->debug & ASAHI_SIM_DEBUG_NOFAST);
   struct batch b = {.tile = tile};
   for (unsigned i = 0; ok && i < n; i++) {
      const struct sim_prim *p = &r->prims[tile->prims ? tile->prims[i] : i];
      if (p->layer != tile->layer)
         continue;
      const struct sim_draw *d = p->draw;
      /* Another draw or facing runs what waits (before its group is
       * looked up: the pool may hand the waiting group's object over). */
      if (b.launched && (b.prim->draw != d ||
                         b.prim->backfacing != p->backfacing) &&
          !(ok = flush(&b)))
         break;
      /* No fragment program: a group for the tests alone (address 0). */
      struct asahi_sim_group *g =
         sim_pool_group(r, d->has_fs ? d->fs.code_va : 0);
      ok = g && shade_prim(&b, p, g);
      if (ok && !batching)
         ok = flush(&b);
   }
   if (ok)
      ok = flush(&b);
   return ok;
}
