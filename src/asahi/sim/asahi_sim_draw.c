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
#include "asahi_sim_depth_bias.h"
#include "asahi_sim_float.h"

/* Output words per vertex kept for the rasteriser: the PPP output size
 * (at least 8) when the stream gave one, else 128 (GL's 16 vec4 varyings,
 * the position and a few more); st_var past it fails the command. */
#define SIM_UVS_DEFAULT_WORDS 128
#define SIM_UVS_MAX_WORDS     256
/* Vertices of a draw the simulator holds shaded at once: a larger draw
 * streams through a window of this many (draw_window), so that any draw
 * size works in bounded host memory (4 MiB of outputs at most).  A
 * multiple of the SIMD width. */
#define SIM_VERTEX_WINDOW 4096
/* Window coordinates the rasteriser handles without clipping, in pixels
 * (keeps edge functions inside 64 bits). */
#define SIM_MAX_WINDOW (1 << 22)

struct vertex {
   double clip[4];
   double x, y, z, inv_w;
   int64_t fx, fy;
   const uint32_t *uvs;
   bool ok; /* w > 0 and inside the window range */
   /* Made by clipping: the outputs are bary-weighted sums of orig's. */
   bool derived;
   const struct vertex *orig[3];
   double bary[3];
   unsigned viewport; /* the index its own output selects (vertex_viewport) */
};

struct draw_ctx {
   struct sim_render *r;
   const struct sim_vdm_state *s;
   struct sim_draw *d; /* of the primitive's viewport (prim_layer) */
   /* The draw's record for each viewport: [0] the draw's own, others
    * copies with scissor record base + i, made on first use. */
   struct sim_draw *per_viewport[SIM_MAX_VIEWPORTS];
   unsigned viewport; /* of the primitive being assembled (prim_layer) */
   struct AGX_CF_BINDING_HEADER cf_header;
   struct AGX_CF_BINDING *bindings;
   unsigned nr_bindings;
   unsigned uvs_words;
   /* The window of shaded vertices: draw positions win_first ..
    * win_first + win_n - 1 are v[0 ..] with their outputs in uvs
    * (uvs_words each), win_cap at most. */
   const struct sim_program *vs;
   const struct sim_draw_args *a;
   uint32_t instance;
   uint32_t *uvs;
   struct vertex *v;  /* transformed */
   uint32_t *ids;     /* vertex ids of the window being shaded */
   uint32_t win_first, win_n, win_cap;
   /* A vertex kept outside the window: the first of a triangle fan or
    * line loop, which all its primitives use. */
   struct vertex pin;
   uint32_t *pin_uvs;
   uint32_t pin_pos;
   bool has_pin;
   uint32_t prim_id; /* primitives of this instance so far */
   unsigned layer; /* of the primitive being assembled (prim_layer) */
};

static float
uif(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}

/* ---- vertex shading ---------------------------------------------------- */

/* The vertex ids of draw positions first .. first + n - 1: start + i for
 * array draws, index + start (the base vertex) for indexed ones, and in
 * cut[] (when given) which positions hold the restart index.  Indices
 * are read in one copy (it faults at the first unmapped byte, as reading
 * them one by one would). */
static bool
read_ids(struct draw_ctx *c, uint32_t first, uint32_t n, uint32_t *ids,
         bool *cut)
{
   const struct sim_draw_args *a = c->a;
   if (!a->indexed) {
      for (uint32_t i = 0; i < n; i++) {
         ids[i] = a->start + first + i;
         if (cut)
            cut[i] = false;
      }
      return true;
   }
   unsigned size = a->index_size_B;
   uint64_t begin = (uint64_t)first * size;
   /* Robustness: positions past the index buffer size read index 0. */
   uint64_t in = 0;
   if (begin < a->index_buffer_size_B)
      in = (a->index_buffer_size_B - begin) / size;
   in = in < n ? in : n;
   uint8_t *raw = (uint8_t *)ids;
   if (size == 4 || in == 0) {
      if (in && !sim_read(c->r->gpu, a->index_va + begin, ids, in * 4,
                          "index buffer"))
         return false;
   } else {
      /* Narrow indices: read into the top of ids[], widen from the front
       * (each write lands at or below the bytes it reads from). */
      raw += (size_t)n * 4 - in * size;
      if (!sim_read(c->r->gpu, a->index_va + begin, raw, in * size,
                    "index buffer"))
         return false;
   }
   for (uint32_t i = 0; i < n; i++) {
      uint32_t index = 0;
      if (i < in && size == 1)
         index = raw[i];
      else if (i < in && size == 2)
         index = raw[2 * i] | (uint32_t)raw[2 * i + 1] << 8;
      else if (i < in)
         index = sim_u32((const uint8_t *)&ids[i]);
      if (cut)
         cut[i] = a->restart && index == c->s->restart_index;
      ids[i] = index + a->start;
   }
   return true;
}

/* Runs the vertex program on n vertices of the given ids, their outputs
 * to out (uvs_words each, zeroed first: words a program does not write
 * read as 0).  Positions holding the restart index (cut[], when given)
 * are not shaded: they name no vertex (GL 3.1 section 2.8.1), and
 * fetching one could read past the vertex buffers (piglit-style restart
 * index 70000 with a 20-vertex buffer: a GPU fault). */
static bool
shade(struct draw_ctx *c, const uint32_t *ids, uint32_t n, uint32_t *out,
      const bool *cut)
{
   struct asahi_sim_gpu *gpu = c->r->gpu;
   struct asahi_sim_group *g = sim_pool_group(c->r, c->vs->code_va);
   if (!g)
      return false;

   memset(out, 0, (size_t)n * c->uvs_words * sizeof(*out));
   bool ok = true;
   for (uint32_t base = 0; ok && base < n; base += ASAHI_SIM_LANES) {
      uint32_t lanes = n - base < ASAHI_SIM_LANES ? n - base : ASAHI_SIM_LANES;
      uint32_t launched = lanes == 32 ? ~0u : (1u << lanes) - 1;
      for (unsigned t = 0; cut && t < lanes; t++) {
         if (cut[base + t])
            launched &= ~(1u << t);
      }
      if (!launched)
         continue;
      gpu->vertices += (uint64_t)__builtin_popcount(launched);
      ok = sim_work(gpu, lanes) && sim_group_init(gpu, c->vs, launched, g);
      if (!ok)
         break;
      for (unsigned t = 0; t < lanes; t++) {
         g->r[5][t] = ids[base + t];
         g->r[6][t] = c->instance;
      }
      g->uvs.words = out + (size_t)base * c->uvs_words;
      g->uvs.stride_words = c->uvs_words;
      ok = sim_group_run(gpu, g, "vertex shader");
   }
   return ok;
}

/* ---- setup ------------------------------------------------------------- */

/* Where the layer/viewport word sits among a vertex's outputs: after the
 * point size, before the clip distances (Mesa src/asahi/lib/agx_uvs.h
 * group order), when Output Select has its render target or viewport
 * target bit; false (with the error) when the output size leaves none. */
static bool
layer_viewport_word(struct draw_ctx *c, unsigned *word)
{
   const struct sim_ppp_state *ppp = &c->s->ppp;
   if (!ppp->has_output_size)
      return sim_fail(c->r->gpu, ASAHI_SIM_RESULT_ERROR,
                      "layer selected without an output size word");
   uint8_t raw[AGX_OUTPUT_SELECT_LENGTH];
   AGX_OUTPUT_SELECT_pack(raw, &ppp->output_select);
   unsigned tail = 1 + (unsigned)__builtin_popcount(raw[0] | raw[1] << 8);
   if (ppp->output_size < tail || ppp->output_size - tail >= c->uvs_words)
      return sim_fail(c->r->gpu, ASAHI_SIM_RESULT_ERROR,
                      "output size %u leaves no layer word",
                      ppp->output_size);
   *word = ppp->output_size - tail;
   return true;
}

/* The viewport a vertex selects: the high 16 bits of its layer/viewport
 * word (Mesa agx_nir_lower_uvs.c packs the viewport there) when Output
 * Select has the viewport target bit, else 0.  An index past the PPP's
 * viewports takes the last (GL leaves it undefined; the hardware's rule
 * is not known). */
static unsigned
vertex_viewport(struct draw_ctx *c, const struct vertex *v)
{
   const struct sim_ppp_state *ppp = &c->s->ppp;
   unsigned word;
   if (!ppp->output_select.viewport_target || ppp->nr_viewports <= 1 ||
       !layer_viewport_word(c, &word))
      return 0;
   unsigned i = v->uvs[word] >> 16;
   return i < ppp->nr_viewports ? i : ppp->nr_viewports - 1;
}

/* Window position of a vertex from its clip position, through the
 * viewport it selects (a vertex made by clipping: its primitive's). */
static void
project(struct draw_ctx *c, struct vertex *v)
{
   if (v->derived)
      v->viewport = c->viewport;
   const struct AGX_VIEWPORT *vp = &c->s->ppp.viewport[v->viewport];
   v->ok = false;
   if (!(v->clip[3] > 0))
      return;
   v->inv_w = 1.0 / v->clip[3];
   v->x = v->clip[0] * v->inv_w * vp->scale_x + vp->translate_x;
   v->y = v->clip[1] * v->inv_w * vp->scale_y + vp->translate_y;
   v->z = v->clip[2] * v->inv_w * vp->scale_z + vp->translate_z;
   if (!(fabs(v->x) < SIM_MAX_WINDOW && fabs(v->y) < SIM_MAX_WINDOW))
      return;
   v->fx = llround(v->x * SIM_SUBPIXEL);
   v->fy = llround(v->y * SIM_SUBPIXEL);
   v->ok = true;
}

static void
transform(struct draw_ctx *c, uint32_t i)
{
   const uint32_t *o = c->uvs + (size_t)i * c->uvs_words;
   struct vertex *v = &c->v[i];
   memset(v, 0, sizeof(*v));
   for (unsigned k = 0; k < 4; k++)
      v->clip[k] = uif(o[k]);
   v->uvs = o;
   v->viewport = vertex_viewport(c, v);
   project(c, v);
}

/* ---- the vertex window ------------------------------------------------ */

/* Slides the window to start at draw position `first`: the vertices it
 * already holds from there on move to the front, the rest of the window
 * (up to the end of the draw) is shaded and transformed.  Primitives ask
 * for their vertices in increasing order, so each vertex is shaded once
 * per instance. */
static bool
draw_window(struct draw_ctx *c, uint32_t first)
{
   uint32_t keep = 0;
   if (first >= c->win_first && first < c->win_first + c->win_n) {
      uint32_t skip = first - c->win_first;
      keep = c->win_n - skip;
      memmove(c->v, c->v + skip, keep * sizeof(*c->v));
      memmove(c->uvs, c->uvs + (size_t)skip * c->uvs_words,
              (size_t)keep * c->uvs_words * sizeof(*c->uvs));
      for (uint32_t i = 0; i < keep; i++)
         c->v[i].uvs = c->uvs + (size_t)i * c->uvs_words;
   }
   uint32_t left = c->a->count - first;
   uint32_t n = left < c->win_cap ? left : c->win_cap;
   c->win_first = first;
   c->win_n = keep;
   if (n > keep) {
      bool cut[SIM_VERTEX_WINDOW];
      if (!read_ids(c, first + keep, n - keep, c->ids, cut) ||
          !shade(c, c->ids, n - keep, c->uvs + (size_t)keep * c->uvs_words,
                 cut))
         return false;
      for (uint32_t i = keep; i < n; i++)
         transform(c, i);
      c->win_n = n;
   }
   return true;
}

/* The shaded vertices at draw positions pos[0 .. n - 1] (n <= 4, within
 * 3 of each other, or the pinned one) into out[]. */
static bool
vertices(struct draw_ctx *c, const uint32_t *pos, unsigned n,
         const struct vertex **out)
{
   uint32_t lo = UINT32_MAX, hi = 0;
   for (unsigned i = 0; i < n; i++) {
      if (c->has_pin && pos[i] == c->pin_pos)
         continue;
      lo = pos[i] < lo ? pos[i] : lo;
      hi = pos[i] > hi ? pos[i] : hi;
   }
   if (lo <= hi && (lo < c->win_first || hi >= c->win_first + c->win_n) &&
       !draw_window(c, lo))
      return false;
   for (unsigned i = 0; i < n; i++) {
      if (c->has_pin && pos[i] == c->pin_pos)
         out[i] = &c->pin;
      else
         out[i] = &c->v[pos[i] - c->win_first];
   }
   return true;
}

/* Keeps the vertex at draw position `pos` for the primitives of a fan or
 * loop that all use it. */
static bool
pin_vertex(struct draw_ctx *c, uint32_t pos)
{
   const struct vertex *v;
   c->has_pin = false;
   if (!vertices(c, &pos, 1, &v))
      return false;
   c->pin = *v;
   memcpy(c->pin_uvs, v->uvs, c->uvs_words * sizeof(*c->pin_uvs));
   c->pin.uvs = c->pin_uvs;
   c->pin_pos = pos;
   c->has_pin = true;
   return true;
}

/* The vertex output word behind a slot; 0 for the slots the hardware
 * makes itself (1 / w, and z when selected), which are never words 0-3
 * (the position). */
static unsigned
slot_word(const struct draw_ctx *c, unsigned slot)
{
   bool z = c->s->ppp.output_select.frag_coord_z;
   if (slot == 0 || (z && slot == 1))
      return 0;
   return 4 + slot - (z ? 2 : 1);
}

/* Where component k of a varying binding lives: its slot and, for the
 * 16-bit slots (those at or above the header's count of 32-bit slots),
 * which half of the slot's word (*half 0 low, 1 high; -1 for a 32-bit
 * slot).  A 16-bit slot is one output word holding a packed pair of
 * varyings, so a binding's components go two to a slot (Mesa
 * docs/drivers/asahi.rst "Hardware varyings": the remapped slots after
 * the 32-bit ones are "packed pair of 16-bit varyings", and the CF
 * binding header's 32-bit slot count makes the rest 16-bit). */
static unsigned
binding_slot(const struct draw_ctx *c, const struct AGX_CF_BINDING *cf,
             unsigned k, int *half)
{
   unsigned first16 = c->cf_header.slots;
   if (cf->base_slot < first16) {
      *half = -1;
      return cf->base_slot + k;
   }
   *half = (int)(k & 1);
   return cf->base_slot + k / 2;
}

/* The float an output word holds: the word, or one f16 half of it. */
static double
word_float(uint32_t bits, int half)
{
   if (half < 0)
      return uif(bits);
   return asahi_sim_f16_to_double((uint16_t)(bits >> (16 * half)));
}

/* The value a slot (or one half of a 16-bit slot) has at a vertex. */
static double
slot_value(const struct draw_ctx *c, const struct vertex *v, unsigned slot,
           int half, bool linear, bool *ok)
{
   unsigned word = slot_word(c, slot);
   *ok = true;
   if (slot == 0)
      return v->inv_w;
   if (word == 0)
      return v->z;
   if (word >= c->uvs_words) {
      *ok = false;
      return 0;
   }
   if (!v->derived)
      return word_float(v->uvs[word], half);
   /* A vertex made by clipping: its clip-space barycentrics weigh the
    * original vertices.  Linear (noperspective) varyings are linear in
    * window space, where the weights are b_i w_i / sum_j b_j w_j (the
    * window position is the clip position over w), so that clipping does
    * not change their values across the primitive (GL 3.0 2.17). */
   double wsum = 0, sum = 0;
   for (unsigned i = 0; i < 3; i++)
      wsum += v->bary[i] * v->orig[i]->clip[3];
   for (unsigned i = 0; i < 3; i++) {
      double b = v->bary[i];
      if (linear && wsum != 0)
         b *= v->orig[i]->clip[3] / wsum;
      sum += b * word_float(v->orig[i]->uvs[word], half);
   }
   return sum;
}

/* Output word `word` of a vertex; a vertex made by clipping blends its
 * original vertices' words with its clip-space barycentrics. */
static double
uvs_value(const struct vertex *v, unsigned word)
{
   if (!v->derived)
      return uif(v->uvs[word]);
   double sum = 0;
   for (unsigned i = 0; i < 3; i++)
      sum += v->bary[i] * uif(v->orig[i]->uvs[word]);
   return sum;
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

/* Component k of binding cf at one vertex. */
static bool
source_value(struct draw_ctx *c, const struct AGX_CF_BINDING *cf, unsigned k,
             const struct vertex *v, double *out)
{
   struct asahi_sim_gpu *gpu = c->r->gpu;
   bool ok = true;
   int half = -1;
   unsigned slot = 0;
   switch (cf->source) {
   case AGX_COEFFICIENT_SOURCE_VARYING:
      slot = binding_slot(c, cf, k, &half);
      *out = slot_value(c, v, slot, half,
                        cf->shade_model == AGX_SHADE_MODEL_LINEAR, &ok);
      break;
   case AGX_COEFFICIENT_SOURCE_FRAGCOORD_Z:
      *out = v->z;
      break;
   case AGX_COEFFICIENT_SOURCE_PRIMITIVE_ID:
      *out = uif(c->prim_id);
      break;
   default:
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "coefficient source %u is not simulated", cf->source);
   }
   if (!ok)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "a CF binding reads slot %u beyond the vertex outputs",
                      slot);
   return true;
}

/* Component k of binding cf at vertex v as the word a flat coefficient
 * register gets: a 32-bit output word or the primitive ID as it is (no
 * float round trip, which would quiet a signalling NaN); the rest (1 / w,
 * z, the f16 halves of 16-bit slots, blends of clipped vertices) are
 * values, as floats (an f16 is exact in f32). */
static bool
source_bits(struct draw_ctx *c, const struct AGX_CF_BINDING *cf, unsigned k,
            const struct vertex *v, uint32_t *out)
{
   int half;
   unsigned word = slot_word(c, binding_slot(c, cf, k, &half));
   if (cf->source == AGX_COEFFICIENT_SOURCE_PRIMITIVE_ID) {
      *out = c->prim_id;
      return true;
   }
   if (cf->source == AGX_COEFFICIENT_SOURCE_VARYING && !v->derived &&
       half < 0 && word != 0 && word < c->uvs_words) {
      *out = v->uvs[word];
      return true;
   }
   double f;
   if (!source_value(c, cf, k, v, &f))
      return false;
   float r = (float)f;
   memcpy(out, &r, sizeof(*out));
   return true;
}

static void
flat_plane(struct sim_plane *out, uint32_t bits)
{
   memset(out, 0, sizeof(*out));
   out->flat = true;
   out->bits = bits;
}

/* The vertex a flat shade model copies; 3 for the interpolated ones. */
static unsigned
provoking_vertex(enum agx_shade_model m)
{
   return m == AGX_SHADE_MODEL_FLAT_VERTEX_0   ? 0
          : m == AGX_SHADE_MODEL_FLAT_VERTEX_1 ? 1
          : m == AGX_SHADE_MODEL_FLAT_VERTEX_2 ? 2
                                               : 3;
}

static bool
setup_coefficients(struct draw_ctx *c, const struct vertex *const v[3],
                   const struct vertex *const orig[3],
                   struct sim_plane *planes)
{
   struct asahi_sim_gpu *gpu = c->r->gpu;
   for (unsigned b = 0; b < c->nr_bindings; b++) {
      const struct AGX_CF_BINDING *cf = &c->bindings[b];
      for (unsigned k = 0; k < cf->components; k++) {
         struct sim_plane *out = &planes[cf->base_cf + k];
         unsigned pv = provoking_vertex(cf->shade_model);
         if (pv < 3) {
            /* From the unclipped primitive's provoking vertex. */
            uint32_t bits;
            if (!source_bits(c, cf, k, orig[pv], &bits))
               return false;
            flat_plane(out, bits);
            continue;
         }
         double f[3];
         for (unsigned i = 0; i < 3; i++) {
            if (!source_value(c, cf, k, v[i], &f[i]))
               return false;
         }

         switch (cf->shade_model) {
         case AGX_SHADE_MODEL_LINEAR:
            plane(v, f, out->abc);
            break;
         case AGX_SHADE_MODEL_PERSPECTIVE: {
            double g[3];
            for (unsigned i = 0; i < 3; i++)
               g[i] = f[i] * v[i]->inv_w;
            plane(v, g, out->abc);
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

static bool load_scissor(struct sim_render *r, const struct sim_vdm_state *s,
                         struct sim_draw *d, unsigned viewport);

/* The primitive's viewport i (its first vertex's, the choice made for
 * the layer too): its scissor record is the i-th after the PPP's
 * (fact: alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_state.c,
 * agx_upload_viewport_scissor, writes one record per viewport from
 * cfg.scissor on), so the primitive gets a copy of the draw record with
 * that scissor, made once per draw and viewport. */
static bool
select_viewport(struct draw_ctx *c, unsigned i)
{
   c->viewport = i;
   if (c->per_viewport[i]) {
      c->d = c->per_viewport[i];
      return true;
   }
   struct sim_draw *d = malloc(sizeof(*d));
   if (!d)
      return sim_fail(c->r->gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");
   *d = *c->per_viewport[0];
   d->next = c->r->draws;
   c->r->draws = d;
   c->per_viewport[i] = d;
   c->d = d;
   return !d->scissor || load_scissor(c->r, c->s, d, i);
}

/* The framebuffer layer of a primitive: the low 16 bits of the
 * layer/viewport word, which follows the point size (before the clip
 * distances; Mesa src/asahi/lib/agx_uvs.h group order and
 * agx_nir_lower_uvs.c's packing) when Output Select has its render target
 * or viewport target bit.  Taken from the primitive's first vertex (GL 3.2
 * leaves which vertex's gl_Layer counts to the implementation; choice).  A
 * layer past the render command's last is clamped to it: the hardware's
 * rule is not known, GL leaves it undefined, and a framebuffer that is
 * not layered (layers = 1) must ignore gl_Layer (GL 3.2 section 4.4.7),
 * which Mesa's driver relies on the hardware for. */
static bool
prim_layer(struct draw_ctx *c, const struct vertex *v)
{
   const struct sim_ppp_state *ppp = &c->s->ppp;
   const struct drm_asahi_cmd_render *cmd = c->r->cmd;
   c->layer = 0;
   /* a vertex made by clipping has its originals' layer (flat) */
   while (v->derived)
      v = v->orig[0];
   if (!select_viewport(c, v->viewport))
      return false;
   if (!ppp->output_select.render_target &&
       !ppp->output_select.viewport_target)
      return true;
   unsigned word;
   if (!layer_viewport_word(c, &word))
      return false;
   unsigned layer = v->uvs[word] & 0xffff;
   unsigned last = cmd->layers ? cmd->layers - 1u : 0;
   c->layer = layer > last ? last : layer;
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
   r->prims[r->nr_prims] = *p;
   r->prims[r->nr_prims++].layer = c->layer;
   r->gpu->primitives++;
   return true;
}

/* Planes per block: 64 KiB, below malloc's mmap threshold, so that the
 * blocks of one command reuse the heap memory the last one freed (a
 * single growing array was mapped afresh, and page faulted, per
 * command). */
#define SIM_PLANE_BLOCK                                                       \
   ((64 * 1024 - sizeof(struct sim_plane_block)) / sizeof(struct sim_plane))

/* n zeroed coefficient planes for the next primitive, kept until the
 * command ends (r->planes); NULL (command failed) without memory.
 * Planes of a primitive that is then not added stay unused: a failed
 * setup fails the command. */
static struct sim_plane *
new_planes(struct draw_ctx *c, unsigned n)
{
   struct sim_render *r = c->r;
   struct sim_plane_block *b = r->planes;
   if (!b || b->capacity - b->used < n) {
      /* a block an earlier command used (asahi_sim_group_pool.c) */
      struct sim_plane_block **spare = &r->groups->spare_planes;
      if (*spare && (*spare)->capacity >= n) {
         b = *spare;
         *spare = b->next;
      } else {
         size_t cap = n > SIM_PLANE_BLOCK ? n : SIM_PLANE_BLOCK;
         b = malloc(sizeof(*b) + cap * sizeof(b->planes[0]));
         if (!b) {
            sim_fail(r->gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");
            return NULL;
         }
         b->capacity = cap;
      }
      b->next = r->planes;
      b->used = 0;
      r->planes = b;
   }
   struct sim_plane *planes = b->planes + b->used;
   memset(planes, 0, n * sizeof(*planes));
   b->used += n;
   return planes;
}

/* A triangle or point standing for part of another primitive: a line's
 * parallelogram, or the edges and vertices of a polygon drawn in line or
 * point mode.  Those keep the facing of their polygon (lines are front
 * facing), are not culled again, and take the polygon's depth offset. */
struct sub_prim {
   bool backfacing;
   double z_offset;
};

static const struct sub_prim line_sub = {.backfacing = false};

/* One triangle after clipping: cull, bound, set up, keep.  sub: NULL for
 * a triangle of its own. */
static bool
raster_triangle(struct draw_ctx *c, const struct vertex *const v[3],
                const struct vertex *const orig[3], uint32_t id,
                const struct sub_prim *sub)
{
   const struct sim_draw *d = c->d;
   if (!v[0]->ok || !v[1]->ok || !v[2]->ok)
      return true;

   int64_t area = (v[1]->fx - v[0]->fx) * (v[2]->fy - v[0]->fy) -
                  (v[2]->fx - v[0]->fx) * (v[1]->fy - v[0]->fy);
   if (area == 0)
      return true;
   bool ccw = area > 0;
   bool front = sub ? !sub->backfacing : (d->cull.front_face_ccw ? ccw : !ccw);
   if (!sub &&
       ((front && d->cull.cull_front) || (!front && d->cull.cull_back)))
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
   if (d->scissor) {
      if (p.min_x < (int32_t)d->scissor_min_x)
         p.min_x = (int32_t)d->scissor_min_x;
      if (p.min_y < (int32_t)d->scissor_min_y)
         p.min_y = (int32_t)d->scissor_min_y;
      if (p.max_x >= (int32_t)d->scissor_max_x)
         p.max_x = (int32_t)d->scissor_max_x - 1;
      if (p.max_y >= (int32_t)d->scissor_max_y)
         p.max_y = (int32_t)d->scissor_max_y - 1;
   }
   if (p.min_x > p.max_x || p.min_y > p.max_y)
      return true;

   const double zs[3] = {v[0]->z, v[1]->z, v[2]->z};
   plane(v, zs, p.z_plane);
   /* Polygon offset: triangles only, added before the depth test. */
   if (sub)
      p.z_plane[2] += sub->z_offset;
   else if (d->depth_bias)
      p.z_plane[2] += asahi_sim_depth_bias(d->bias.constant,
                                           d->bias.slope_scale, d->bias.clamp,
                                           p.z_plane[0], p.z_plane[1], zs,
                                           d->z16);

   if (d->nr_cf) {
      struct sim_plane *planes = p.planes = new_planes(c, d->nr_cf);
      if (!planes)
         return false;
      uint32_t next = c->prim_id;
      c->prim_id = id;
      bool ok = setup_coefficients(c, v, orig, planes);
      c->prim_id = next;
      if (!ok)
         return false;
   }
   return add_prim(c, &p);
}

/* Clip planes (clip space; inside where dot(plane, position) >= 0):
 * w >= 1e-10 (the W clamp Mesa programs), with the Cull word's `depth
 * clip` 0 <= z <= w (the driver maps GL's -1..1 to 0..1 in the vertex
 * shader, Mesa agx_nir_lower_clip_m1_1), and a guard band keeping window
 * coordinates within 2^21 pixels.  Outside the guard band the rasteriser
 * clips to the framebuffer itself. */
#define SIM_MAX_FIXED_PLANES 7
#define SIM_MAX_CLIP_PLANES (SIM_MAX_FIXED_PLANES + 8)
#define SIM_MAX_CLIP_VERTS  (3 + SIM_MAX_CLIP_PLANES)

/* The clip distances a vertex carries: the output select word's clip
 * distance bits 0-7 say which exist; they are the last UVS words, one per
 * set bit in bit order (Mesa src/asahi/lib/agx_uvs.h group order:
 * position, varyings, point size, layer/viewport, clip distances; the
 * docs' "Hardware varyings": clip distances at the end).  Returns how
 * many, false (with the command failed) when they cannot be found. */
static bool
user_distances(const struct draw_ctx *c, const struct vertex *v,
               double out[8], unsigned *count)
{
   const struct sim_ppp_state *ppp = &c->s->ppp;
   uint8_t raw[AGX_OUTPUT_SELECT_LENGTH];
   AGX_OUTPUT_SELECT_pack(raw, &ppp->output_select);
   unsigned n = (unsigned)__builtin_popcount(raw[0]);
   *count = n;
   if (!n)
      return true;
   if (!ppp->has_output_size || ppp->output_size < n ||
       ppp->output_size > c->uvs_words)
      return sim_fail(c->r->gpu, ASAHI_SIM_RESULT_ERROR,
                      "clip distances selected without an output size "
                      "that holds them");
   for (unsigned k = 0; k < n; k++)
      out[k] = uif(v->uvs[ppp->output_size - n + k]);
   return true;
}

/* The planes a primitive is clipped against: the position planes, then
 * one per user clip distance, whose value at a vertex made by clipping is
 * the clip-space-barycentric blend of the original vertices' distances
 * (GL 3.0 2.17: clip distances are interpolated like the position). */
struct clip_set {
   double planes[SIM_MAX_FIXED_PLANES][4];
   unsigned nr, nr_fixed;
   double user[3][8];
};

static unsigned
clip_planes(const struct draw_ctx *c, double planes[][4])
{
   const struct AGX_VIEWPORT *vp = &c->s->ppp.viewport[c->viewport];
   double kx = (SIM_MAX_WINDOW / 2) / fmax(fabs(vp->scale_x), 1.0);
   double ky = (SIM_MAX_WINDOW / 2) / fmax(fabs(vp->scale_y), 1.0);
   unsigned n = 0;
   /* Plane 0: w (>= w_min, see clip_dist). */
   const double w_plane[4] = {0, 0, 0, 1};
   memcpy(planes[n++], w_plane, sizeof(w_plane));
   double g[4][4] = {
      {-1, 0, 0, kx}, {1, 0, 0, kx}, {0, -1, 0, ky}, {0, 1, 0, ky}};
   for (unsigned i = 0; i < 4; i++)
      memcpy(planes[n++], g[i], sizeof(g[i]));
   if (c->d->cull.depth_clip) {
      double z[2][4] = {{0, 0, 1, 0}, {0, 0, -1, 1}};
      memcpy(planes[n++], z[0], sizeof(z[0]));
      memcpy(planes[n++], z[1], sizeof(z[1]));
   }
   return n;
}

struct clip_vert {
   double clip[4];
   double bary[3];
   /* The edge to the next vertex is part of the original primitive's
    * boundary (not made by clipping): what polygon modes draw. */
   bool edge;
};

static double
clip_dist(const struct clip_set *cs, const struct clip_vert *v,
          unsigned index)
{
   if (index >= cs->nr_fixed) {
      unsigned u = index - cs->nr_fixed;
      return v->bary[0] * cs->user[0][u] + v->bary[1] * cs->user[1][u] +
             v->bary[2] * cs->user[2][u];
   }
   const double *plane = cs->planes[index];
   double d = plane[0] * v->clip[0] + plane[1] * v->clip[1] +
              plane[2] * v->clip[2] + plane[3] * v->clip[3];
   /* Plane 0 is w >= w_min. */
   return index == 0 ? d - 1e-10 : d;
}

/* The planes for a primitive of nr_orig original vertices; false when the
 * user distances cannot be read. */
static bool
clip_set_init(const struct draw_ctx *c, const struct vertex *const *orig,
              unsigned nr_orig, struct clip_set *cs)
{
   cs->nr_fixed = clip_planes(c, cs->planes);
   unsigned n = 0;
   memset(cs->user, 0, sizeof(cs->user));
   for (unsigned i = 0; i < nr_orig; i++) {
      if (!user_distances(c, orig[i], cs->user[i], &n))
         return false;
   }
   cs->nr = cs->nr_fixed + n;
   return true;
}

/* One triangle of a larger hardware polygon (a quad): which of its edges
 * (vertex i to i + 1) are the polygon's own, and the polygon's winding
 * in the window (+1 counter-clockwise, -1 clockwise, 0 when unknown:
 * then the triangle's own). */
struct poly_part {
   bool edge[3];
   int winding;
};

static bool polygon(struct draw_ctx *c, const struct vertex *const *pv,
                    const bool *edge, unsigned n,
                    const struct vertex *const orig[3], uint32_t id,
                    int winding);

/* part: NULL for a triangle of its own. */
static bool
triangle_part(struct draw_ctx *c, uint32_t i0, uint32_t i1, uint32_t i2,
              const struct poly_part *part)
{
   const uint32_t pos[3] = {i0, i1, i2};
   const struct vertex *orig[3];
   if (!vertices(c, pos, 3, orig))
      return false;
   uint32_t id = c->prim_id++;
   if (c->d->cull.rasterizer_discard)
      return true;
   if (!prim_layer(c, orig[0]))
      return false;

   struct clip_set cs;
   if (!clip_set_init(c, orig, 3, &cs))
      return false;
   unsigned nr_planes = cs.nr;
   struct clip_vert poly[SIM_MAX_CLIP_VERTS], tmp[SIM_MAX_CLIP_VERTS];
   unsigned n = 3;
   bool inside = true;
   for (unsigned i = 0; i < 3; i++) {
      memcpy(poly[i].clip, orig[i]->clip, sizeof(poly[i].clip));
      for (unsigned j = 0; j < 3; j++)
         poly[i].bary[j] = i == j;
      poly[i].edge = part ? part->edge[i] : true;
      for (unsigned p = 0; p < nr_planes; p++)
         inside &= clip_dist(&cs, &poly[i], p) >= 0;
   }
   const bool all_edges[3] = {true, true, true};
   int winding = part ? part->winding : 0;
   if (inside)
      return polygon(c, orig, part ? part->edge : all_edges, 3, orig, id,
                     winding);

   /* Sutherland-Hodgman, one plane at a time; new vertices carry their
    * clip-space barycentrics in the original triangle.  An edge leaving
    * the half-space is followed by one along the plane (made by
    * clipping); one entering it continues the edge it cuts. */
   for (unsigned p = 0; p < nr_planes && n >= 3; p++) {
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         const struct clip_vert *a = &poly[i], *b = &poly[(i + 1) % n];
         double da = clip_dist(&cs, a, p);
         double db = clip_dist(&cs, b, p);
         if (da >= 0)
            tmp[m++] = *a;
         if ((da >= 0) != (db >= 0)) {
            double t = da / (da - db);
            struct clip_vert *v = &tmp[m++];
            for (unsigned k = 0; k < 4; k++)
               v->clip[k] = a->clip[k] + t * (b->clip[k] - a->clip[k]);
            for (unsigned k = 0; k < 3; k++)
               v->bary[k] = a->bary[k] + t * (b->bary[k] - a->bary[k]);
            v->edge = da < 0 && a->edge;
         }
      }
      memcpy(poly, tmp, m * sizeof(poly[0]));
      n = m;
   }
   if (n < 3)
      return true;

   struct vertex verts[SIM_MAX_CLIP_VERTS];
   const struct vertex *pv[SIM_MAX_CLIP_VERTS];
   bool edge[SIM_MAX_CLIP_VERTS];
   for (unsigned i = 0; i < n; i++) {
      struct vertex *v = &verts[i];
      memset(v, 0, sizeof(*v));
      memcpy(v->clip, poly[i].clip, sizeof(v->clip));
      memcpy(v->bary, poly[i].bary, sizeof(v->bary));
      memcpy(v->orig, orig, sizeof(v->orig));
      v->derived = true;
      project(c, v);
      pv[i] = v;
      edge[i] = poly[i].edge;
   }
   return polygon(c, pv, edge, n, orig, id, winding);
}

static bool
triangle(struct draw_ctx *c, uint32_t i0, uint32_t i1, uint32_t i2)
{
   return triangle_part(c, i0, i1, i2, NULL);
}

/* A hardware quad q[0..3] (in order around it) as the triangles
 * (0, 1, 3) and (1, 2, 3), whose last vertex provokes both.  In the
 * polygon modes the quad stays one polygon (GL 3.0 section 3.5.4): only
 * its four edges are drawn, the diagonal 1-3 is not, and both halves
 * take the facing of the whole quad, its signed area in the window
 * (section 3.5.1; a quad with a corner behind the eye falls back on each
 * half's own).  Choice: how the hardware rasterises quads in these
 * modes is not documented (docs/simulator.rst). */
static bool
quad(struct draw_ctx *c, const uint32_t q[4])
{
   const struct sim_draw *d = c->d;
   if (d->face[0].polygon_mode == AGX_POLYGON_MODE_FILL &&
       d->face[1].polygon_mode == AGX_POLYGON_MODE_FILL)
      return triangle(c, q[0], q[1], q[3]) && triangle(c, q[1], q[2], q[3]);
   /* the shaded corners through the vertex window (c->v holds only the
    * window, not the draw) */
   const struct vertex *qv[4];
   if (!vertices(c, q, 4, qv))
      return false;
   double area = 0;
   bool ok = true;
   for (unsigned i = 0; i < 4; i++) {
      const struct vertex *a = qv[i], *b = qv[(i + 1) % 4];
      ok &= a->ok;
      area += a->x * b->y - b->x * a->y;
   }
   int winding = !ok || area == 0 ? 0 : area > 0 ? 1 : -1;
   const struct poly_part first = {{true, false, true}, winding};
   const struct poly_part second = {{true, true, false}, winding};
   return triangle_part(c, q[0], q[1], q[3], &first) &&
          triangle_part(c, q[1], q[2], q[3], &second);
}

/* ---- points and lines -------------------------------------------------- */

/* The vertex output word holding the point size: after the varyings, the
 * layer/viewport word and clip distances follow it (Mesa src/asahi/lib/
 * agx_uvs.h group order), so it is counted back from the output size. */
static bool
point_size(const struct draw_ctx *c, const struct vertex *v, double *size)
{
   const struct sim_ppp_state *ppp = &c->s->ppp;
   *size = 1.0;
   if (!ppp->output_select.point_size)
      return true;
   if (!ppp->has_output_size)
      return sim_fail(c->r->gpu, ASAHI_SIM_RESULT_ERROR,
                      "point size selected without an output size word");
   /* The clip distance bits are the word's bits 0-15. */
   uint8_t raw[AGX_OUTPUT_SELECT_LENGTH];
   AGX_OUTPUT_SELECT_pack(raw, &ppp->output_select);
   unsigned tail = 1 + (ppp->output_select.viewport_target ||
                        ppp->output_select.render_target) +
                   (unsigned)__builtin_popcount(raw[0] | raw[1] << 8);
   if (ppp->output_size < tail || ppp->output_size - tail >= c->uvs_words)
      return sim_fail(c->r->gpu, ASAHI_SIM_RESULT_ERROR,
                      "output size %u leaves no point size word",
                      ppp->output_size);
   double s = uvs_value(v, ppp->output_size - tail);
   /* GL clamps to the implementation's range; 1..1024 here (choice). */
   *size = s != s ? 1.0 : s < 1.0 ? 1.0 : s > 1024.0 ? 1024.0 : s;
   return true;
}

static bool raster_point(struct draw_ctx *c, const struct vertex *v,
                         const struct vertex *const orig[3], uint32_t id,
                         const struct sub_prim *sub);

/* A point of its own: clipped (dropped) as a whole, then rasterised. */
static bool
point(struct draw_ctx *c, uint32_t i)
{
   const struct vertex *v;
   if (!vertices(c, &i, 1, &v))
      return false;
   const struct sim_draw *d = c->d;
   uint32_t id = c->prim_id++;
   if (d->cull.rasterizer_discard || !v->ok)
      return true;
   if (!prim_layer(c, v))
      return false;
   if (d->cull.depth_clip && (v->clip[2] < 0 || v->clip[2] > v->clip[3]))
      return true;
   /* a point outside any user clip distance is dropped (GL 3.0 2.17) */
   double ud[8];
   unsigned nud;
   if (!user_distances(c, v, ud, &nud))
      return false;
   for (unsigned k = 0; k < nud; k++) {
      if (!(ud[k] >= 0))
         return true;
   }
   return raster_point(c, v, NULL, id, NULL);
}

/* A point: the square of side `size` centred on the vertex; every
 * register holds the vertex's value, point coordinates run 0..1 across
 * the square from its top-left corner (row order; choice).  A polygon's
 * vertex drawn in point mode (orig and sub given) takes flat values from
 * the polygon's provoking vertex, and its facing and depth offset. */
static bool
raster_point(struct draw_ctx *c, const struct vertex *v,
             const struct vertex *const orig[3], uint32_t id,
             const struct sub_prim *sub)
{
   const struct sim_draw *d = c->d;
   const struct drm_asahi_cmd_render *cmd = c->r->cmd;
   double size;
   if (!point_size(c, v, &size))
      return false;
   double h = size / 2;
   struct sim_prim p = {
      .draw = d, .is_rect = true, .backfacing = sub && sub->backfacing};
   p.x[0] = llround((v->x - h) * SIM_SUBPIXEL);
   p.x[1] = llround((v->x + h) * SIM_SUBPIXEL);
   p.y[0] = llround((v->y - h) * SIM_SUBPIXEL);
   p.y[1] = llround((v->y + h) * SIM_SUBPIXEL);
   p.min_x = (int32_t)floor(v->x - h);
   p.min_y = (int32_t)floor(v->y - h);
   p.max_x = (int32_t)floor(v->x + h);
   p.max_y = (int32_t)floor(v->y + h);
   p.min_x = p.min_x < 0 ? 0 : p.min_x;
   p.min_y = p.min_y < 0 ? 0 : p.min_y;
   p.max_x = p.max_x >= cmd->width_px ? cmd->width_px - 1 : p.max_x;
   p.max_y = p.max_y >= cmd->height_px ? cmd->height_px - 1 : p.max_y;
   if (d->scissor) {
      p.min_x = p.min_x > (int32_t)d->scissor_min_x ? p.min_x
                                                    : (int32_t)d->scissor_min_x;
      p.min_y = p.min_y > (int32_t)d->scissor_min_y ? p.min_y
                                                    : (int32_t)d->scissor_min_y;
      if (p.max_x >= (int32_t)d->scissor_max_x)
         p.max_x = (int32_t)d->scissor_max_x - 1;
      if (p.max_y >= (int32_t)d->scissor_max_y)
         p.max_y = (int32_t)d->scissor_max_y - 1;
   }
   if (p.min_x > p.max_x || p.min_y > p.max_y)
      return true;
   p.z_plane[2] = v->z + (sub ? sub->z_offset : 0);

   if (d->nr_cf) {
      struct sim_plane *planes = p.planes = new_planes(c, d->nr_cf);
      if (!planes)
         return false;
      /* Every binding flat from the vertex, point coordinates apart. */
      uint32_t next = c->prim_id;
      c->prim_id = id;
      bool ok = true;
      for (unsigned b = 0; ok && b < c->nr_bindings; b++) {
         const struct AGX_CF_BINDING *cf = &c->bindings[b];
         for (unsigned k = 0; k < cf->components; k++) {
            double *out = planes[cf->base_cf + k].abc;
            if (cf->source == AGX_COEFFICIENT_SOURCE_POINT_COORD) {
               if (k == 0) {
                  out[0] = 1 / size;
                  out[2] = 0.5 - v->x / size;
               } else if (k == 1) {
                  out[1] = 1 / size;
                  out[2] = 0.5 - v->y / size;
               } else {
                  out[2] = k == 3;
               }
               continue;
            }
            unsigned pv = provoking_vertex(cf->shade_model);
            const struct vertex *src = orig && pv < 3 ? orig[pv] : v;
            uint32_t bits = 0;
            ok = source_bits(c, cf, k, src, &bits);
            if (!ok)
               break;
            flat_plane(&planes[cf->base_cf + k], bits);
         }
      }
      c->prim_id = next;
      if (!ok)
         return false;
   }
   return add_prim(c, &p);
}

static bool raster_line(struct draw_ctx *c, const struct vertex *const ends[2],
                        const struct vertex *const orig[3], uint32_t id,
                        const struct sub_prim *sub);

/* A line: clipped as a segment, then drawn as the parallelogram GL
 * describes for non-antialiased wide lines (GL 4.6 section 14.5.2.1):
 * the segment widened by the line width along the minor axis, as two
 * triangles.  Width from the fragment face word: (field + 1) / 16 pixels
 * (4.4 fixed point stored one sixteenth low, Mesa agx_pack_line_width). */
static bool
line(struct draw_ctx *c, uint32_t i0, uint32_t i1)
{
   const uint32_t pos[3] = {i0, i1, i1};
   const struct vertex *orig[3];
   if (!vertices(c, pos, 3, orig))
      return false;
   const struct sim_draw *d = c->d;
   uint32_t id = c->prim_id++;
   if (d->cull.rasterizer_discard)
      return true;
   if (!prim_layer(c, orig[0]))
      return false;

   struct clip_set cs;
   if (!clip_set_init(c, orig, 2, &cs))
      return false;
   unsigned nr_planes = cs.nr;
   struct clip_vert e[2];
   for (unsigned i = 0; i < 2; i++) {
      memcpy(e[i].clip, orig[i]->clip, sizeof(e[i].clip));
      for (unsigned j = 0; j < 3; j++)
         e[i].bary[j] = i == j;
   }
   double t0 = 0, t1 = 1;
   for (unsigned p = 0; p < nr_planes; p++) {
      double d0 = clip_dist(&cs, &e[0], p);
      double d1 = clip_dist(&cs, &e[1], p);
      if (d0 < 0 && d1 < 0)
         return true;
      if (d0 < 0)
         t0 = fmax(t0, d0 / (d0 - d1));
      else if (d1 < 0)
         t1 = fmin(t1, d0 / (d0 - d1));
   }
   if (t0 >= t1)
      return true;

   struct vertex ends[2];
   const struct vertex *e2[2] = {&ends[0], &ends[1]};
   for (unsigned i = 0; i < 2; i++) {
      double t = i ? t1 : t0;
      struct vertex *v = &ends[i];
      memset(v, 0, sizeof(*v));
      for (unsigned k = 0; k < 4; k++)
         v->clip[k] = e[0].clip[k] + t * (e[1].clip[k] - e[0].clip[k]);
      v->bary[0] = 1 - t;
      v->bary[1] = t;
      memcpy(v->orig, orig, sizeof(v->orig));
      v->derived = true;
      project(c, v);
      if (!v->ok)
         return true;
   }
   return raster_line(c, e2, orig, id, &line_sub);
}

/* The parallelogram of a segment between two projected vertices (see
 * line); orig: the vertices flat values and clipped vertices refer to. */
static bool
raster_line(struct draw_ctx *c, const struct vertex *const ends[2],
            const struct vertex *const orig[3], uint32_t id,
            const struct sub_prim *sub)
{
   const struct sim_draw *d = c->d;
   if (!ends[0]->ok || !ends[1]->ok)
      return true;
   unsigned face = sub->backfacing ? 1 : 0;
   double width = (d->face[face].line_width + 1) / 16.0;
   bool x_major =
      fabs(ends[1]->x - ends[0]->x) >= fabs(ends[1]->y - ends[0]->y);
   double ox = x_major ? 0 : width / 2, oy = x_major ? width / 2 : 0;
   /* GL's diamond-exit rule (GL 4.6 compatibility section 14.5.1) makes
    * the fragment of the starting pixel and not that of the ending one,
    * whichever way the segment runs; the top-left rule alone would keep
    * the left (top) end's pixel centre and drop the right (bottom) one's.
    * The segment moves back 1/256 pixel along its major axis, so a centre
    * under the start is inside and one under the end outside *(choice:
    * how the hardware ends lines is not documented)*. */
   double major = x_major ? ends[1]->x - ends[0]->x : ends[1]->y - ends[0]->y;
   double back = major > 0 ? -1.0 / SIM_SUBPIXEL
                 : major < 0 ? 1.0 / SIM_SUBPIXEL
                             : 0;

   struct vertex q[4];
   const double sx[4] = {-1, -1, 1, 1};
   const unsigned end[4] = {0, 1, 1, 0};
   for (unsigned i = 0; i < 4; i++) {
      q[i] = *ends[end[i]];
      q[i].x += sx[i] * ox + (x_major ? back : 0);
      q[i].y += sx[i] * oy + (x_major ? 0 : back);
      q[i].fx = llround(q[i].x * SIM_SUBPIXEL);
      q[i].fy = llround(q[i].y * SIM_SUBPIXEL);
   }
   const struct vertex *a[3] = {&q[0], &q[1], &q[2]};
   const struct vertex *b[3] = {&q[0], &q[2], &q[3]};
   return raster_triangle(c, a, orig, id, sub) &&
          raster_triangle(c, b, orig, id, sub);
}

/* The depth offset of a polygon (GL 3.0 section 3.5.5), from the plane
 * of its first fan triangle with an area; 0 without depth bias. */
static double
polygon_offset(const struct draw_ctx *c, const struct vertex *const *pv,
               unsigned n)
{
   const struct sim_draw *d = c->d;
   if (!d->depth_bias)
      return 0;
   for (unsigned i = 1; i + 1 < n; i++) {
      const struct vertex *t[3] = {pv[0], pv[i], pv[i + 1]};
      int64_t area = (t[1]->fx - t[0]->fx) * (t[2]->fy - t[0]->fy) -
                     (t[2]->fx - t[0]->fx) * (t[1]->fy - t[0]->fy);
      if (area == 0)
         continue;
      const double zs[3] = {t[0]->z, t[1]->z, t[2]->z};
      double zp[3];
      plane(t, zs, zp);
      return asahi_sim_depth_bias(d->bias.constant, d->bias.slope_scale,
                                  d->bias.clamp, zp[0], zp[1], zs, d->z16);
   }
   return 0;
}

/* A triangle after clipping, as a polygon of n projected vertices; edge[i]
 * tells whether the edge from vertex i to the next is one of the
 * triangle's (clipping makes the others).  The fragment face word of its
 * facing says how it is rasterised (genxml `polygon mode`; GL 3.0 section
 * 3.5.4): filled as a fan, its boundary edges as lines, or the vertices
 * starting a boundary edge as points.  Lines and points keep the
 * polygon's facing, flat values and depth offset (GL 3.0 3.5.5: the
 * polygon's slope).  winding: that of the polygon the triangle is part
 * of (quad), else 0.  Hardware details unknown; the GL rules are followed
 * (docs/simulator.rst). */
static bool
polygon(struct draw_ctx *c, const struct vertex *const *pv, const bool *edge,
        unsigned n, const struct vertex *const orig[3], uint32_t id,
        int winding)
{
   const struct sim_draw *d = c->d;
   bool fill = d->face[0].polygon_mode == AGX_POLYGON_MODE_FILL &&
               d->face[1].polygon_mode == AGX_POLYGON_MODE_FILL;
   if (!fill) {
      /* Facing of the whole polygon (twice its signed area). */
      double area = 0;
      for (unsigned i = 0; i < n; i++) {
         if (!pv[i]->ok)
            return true;
      }
      for (unsigned i = 1; i + 1 < n; i++) {
         double ax = (double)(pv[i]->fx - pv[0]->fx);
         double ay = (double)(pv[i]->fy - pv[0]->fy);
         double bx = (double)(pv[i + 1]->fx - pv[0]->fx);
         double by = (double)(pv[i + 1]->fy - pv[0]->fy);
         area += ax * by - bx * ay;
      }
      if (area == 0 && !winding)
         return true;
      /* (a quad's half takes the whole quad's facing) */
      bool ccw = winding ? winding > 0 : area > 0;
      bool front = d->cull.front_face_ccw ? ccw : !ccw;
      if ((front && d->cull.cull_front) || (!front && d->cull.cull_back))
         return true;
      enum agx_polygon_mode mode = d->face[front ? 0 : 1].polygon_mode;
      struct sub_prim sub = {.backfacing = !front,
                             .z_offset = polygon_offset(c, pv, n)};
      if (mode == AGX_POLYGON_MODE_LINE) {
         for (unsigned i = 0; i < n; i++) {
            const struct vertex *e[2] = {pv[i], pv[(i + 1) % n]};
            if (edge[i] && !raster_line(c, e, orig, id, &sub))
               return false;
         }
         return true;
      }
      if (mode == AGX_POLYGON_MODE_POINT) {
         for (unsigned i = 0; i < n; i++) {
            if (edge[i] && !raster_point(c, pv[i], orig, id, &sub))
               return false;
         }
         return true;
      }
   }
   /* A fan keeps the original winding. */
   for (unsigned i = 1; i + 1 < n; i++) {
      const struct vertex *t[3] = {pv[0], pv[i], pv[i + 1]};
      if (!raster_triangle(c, t, orig, id, NULL))
         return false;
   }
   return true;
}

/* Primitives of one run of vertices between restarts, in GL's order
 * (strips alternate the first two vertices of odd triangles; fans put the
 * centre first; quads split into two triangles sharing the last vertex,
 * which is GL's provoking vertex: 4i+3, or 2i+3 for quad strips). */
static bool
assemble(struct draw_ctx *c, enum agx_primitive prim, uint32_t first,
         uint32_t n)
{
   switch (prim) {
   case AGX_PRIMITIVE_POINTS:
      for (uint32_t i = 0; i < n; i++) {
         if (!point(c, first + i))
            return false;
      }
      return true;
   case AGX_PRIMITIVE_LINES:
      for (uint32_t i = 0; i + 1 < n; i += 2) {
         if (!line(c, first + i, first + i + 1))
            return false;
      }
      return true;
   case AGX_PRIMITIVE_LINE_STRIP:
   case AGX_PRIMITIVE_LINE_LOOP: {
      bool loop = prim == AGX_PRIMITIVE_LINE_LOOP && n > 2;
      bool ok = !loop || pin_vertex(c, first);
      for (uint32_t i = 0; ok && i + 1 < n; i++)
         ok = line(c, first + i, first + i + 1);
      ok = ok && (!loop || line(c, first + n - 1, first));
      c->has_pin = false;
      return ok;
   }
   case AGX_PRIMITIVE_QUADS:
   case AGX_PRIMITIVE_QUAD_STRIP: {
      /* Split so that the last vertex provokes both halves. */
      bool strip = prim == AGX_PRIMITIVE_QUAD_STRIP;
      for (uint32_t i = 0; i + 3 < n; i += strip ? 2 : 4) {
         uint32_t b = first + i;
         /* Strip quad: 2i, 2i+1, 2i+3, 2i+2 turned to end at 2i+3. */
         uint32_t q0 = strip ? b + 2 : b, q1 = strip ? b : b + 1;
         uint32_t q2 = strip ? b + 1 : b + 2, q3 = b + 3;
         const uint32_t q[4] = {q0, q1, q2, q3};
         if (!quad(c, q))
            return false;
      }
      return true;
   }
   case AGX_PRIMITIVE_TRIANGLES:
      for (uint32_t i = 0; i + 2 < n; i += 3) {
         if (!triangle(c, first + i, first + i + 1, first + i + 2))
            return false;
      }
      return true;
   case AGX_PRIMITIVE_TRIANGLE_STRIP:
      /* Odd triangles swap their two non-provoking vertices, so the
       * provoking one keeps its place (vertex i first, i + 2 last) and the
       * winding stays that of the strip's first triangle.  Fact:
       * alexvorxx/Mesa-VirGL src/asahi/lib/shaders/geometry.h (the vertex
       * map of triangle strips, which mirrors the hardware's order for the
       * VDM provoking vertex). */
      for (uint32_t i = 0; i + 2 < n; i++) {
         uint32_t v[3] = {first + i, first + i + 1, first + i + 2};
         if (i & 1) {
            unsigned a = c->s->provoking_first ? 1 : 0;
            uint32_t t = v[a];
            v[a] = v[a + 1];
            v[a + 1] = t;
         }
         if (!triangle(c, v[0], v[1], v[2]))
            return false;
      }
      return true;
   case AGX_PRIMITIVE_TRIANGLE_FAN: {
      bool ok = n < 3 || pin_vertex(c, first);
      for (uint32_t i = 1; ok && i + 1 < n; i++)
         ok = triangle(c, first, first + i, first + i + 1);
      c->has_pin = false;
      return ok;
   }
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
   sim_program_sampler_states(&d->fs, ppp->fs0.sampler_states);
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

/* Scissor entry `index` of the render command's array (16 bytes each;
 * max x/y exclusive, as Mesa's agx_upload_viewport_scissor fills them from
 * gallium's exclusive maxima). */
static bool
load_scissor(struct sim_render *r, const struct sim_vdm_state *s,
             struct sim_draw *d, unsigned viewport)
{
   uint8_t raw[AGX_SCISSOR_LENGTH];
   struct AGX_SCISSOR sc;
   uint64_t va = r->cmd->isp_scissor_base +
                 ((uint64_t)s->ppp.depth_bias_scissor.scissor + viewport) *
                    AGX_SCISSOR_LENGTH;
   if (!sim_read(r->gpu, va, raw, sizeof(raw), "scissor array"))
      return false;
   AGX_SCISSOR_unpack(NULL, raw, &sc);
   d->scissor = true;
   d->scissor_min_x = sc.min_x;
   d->scissor_min_y = sc.min_y;
   d->scissor_max_x = sc.max_x;
   d->scissor_max_y = sc.max_y;
   d->scissor_min_z = sc.min_z;
   d->scissor_max_z = sc.max_z;
   return true;
}

/* Depth bias entry `index` of the render command's array (12 bytes each,
 * genxml `depth bias`), and the depth format the offset is measured in. */
static bool
load_depth_bias(struct sim_render *r, const struct sim_vdm_state *s,
                struct sim_draw *d)
{
   uint8_t raw[AGX_DEPTH_BIAS_LENGTH];
   uint64_t va = r->cmd->isp_dbias_base +
                 (uint64_t)s->ppp.depth_bias_scissor.depth_bias *
                    AGX_DEPTH_BIAS_LENGTH;
   if (!sim_read(r->gpu, va, raw, sizeof(raw), "depth bias array"))
      return false;
   AGX_DEPTH_BIAS_unpack(NULL, raw, &d->bias);
   uint8_t zls_raw[8];
   struct AGX_ZLS_CONTROL zls;
   memcpy(zls_raw, &r->cmd->zls_ctrl, sizeof(zls_raw));
   AGX_ZLS_CONTROL_unpack(NULL, zls_raw, &zls);
   d->z16 = zls.z_format == AGX_ZLS_FORMAT_16;
   d->depth_bias = true;
   return true;
}

/* One instance: the runs between restart indices assembled in turn, their
 * vertices shaded through the window as the primitives reach them. */
static bool
draw_instance(struct draw_ctx *c, uint32_t instance)
{
   const struct sim_draw_args *a = c->a;
   c->instance = instance;
   /* Each instance numbers its primitives from 0 (GL 4.6 core section
    * 10.5: an instanced draw is DrawArraysOneInstance per instance;
    * Vulkan's PrimitiveId says so of instances explicitly). */
   c->prim_id = 0;
   c->win_first = 0;
   c->win_n = 0;
   c->has_pin = false;
   if (!a->indexed || !a->restart)
      return assemble(c, a->primitive, 0, a->count);

   /* Find the cuts a window's worth of indices at a time. */
   bool cut[SIM_VERTEX_WINDOW];
   uint32_t run = 0;
   for (uint32_t base = 0; base < a->count; base += c->win_cap) {
      uint32_t n = a->count - base < c->win_cap ? a->count - base
                                                : c->win_cap;
      uint32_t ids[SIM_VERTEX_WINDOW];
      if (!read_ids(c, base, n, ids, cut))
         return false;
      for (uint32_t i = 0; i < n; i++) {
         if (!cut[i])
            continue;
         if (base + i > run && !assemble(c, a->primitive, run, base + i - run))
            return false;
         run = base + i + 1;
      }
   }
   return run >= a->count || assemble(c, a->primitive, run, a->count - run);
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
   /* Every vertex of every instance is shaded: a draw past the work
    * limit fails before it starts (and before its indices are scanned). */
   if (!sim_work_fits(gpu, (uint64_t)a->count * a->instances))
      return false;
   struct sim_draw *d = calloc(1, sizeof(*d));
   if (!d)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");
   d->next = r->draws;
   r->draws = d;
   d->fragment_control = s->ppp.fragment_control;
   d->cull = s->ppp.cull;
   memcpy(d->face, s->ppp.face, sizeof(d->face));
   memcpy(d->face2, s->ppp.face2, sizeof(d->face2));
   memcpy(d->stencil, s->ppp.stencil, sizeof(d->stencil));
   d->occlusion_index = s->ppp.occlusion_index;
   if (s->ppp.fragment_control.scissor_enable && !load_scissor(r, s, d, 0))
      return false;
   if (s->ppp.fragment_control.depth_bias_enable &&
       !load_depth_bias(r, s, d))
      return false;

   struct draw_ctx c = {.r = r, .s = s, .d = d, .per_viewport = {d}};
   c.uvs_words = SIM_UVS_DEFAULT_WORDS;
   if (s->ppp.has_output_size) {
      c.uvs_words = s->ppp.output_size < 8 ? 8 : s->ppp.output_size;
      c.uvs_words = c.uvs_words > SIM_UVS_MAX_WORDS ? SIM_UVS_MAX_WORDS
                                                    : c.uvs_words;
   }
   c.a = a;
   c.win_cap = a->count < SIM_VERTEX_WINDOW ? a->count : SIM_VERTEX_WINDOW;
   struct sim_program *vs = malloc(sizeof(*vs));
   c.uvs = malloc((size_t)c.win_cap * c.uvs_words * sizeof(uint32_t));
   c.pin_uvs = malloc(c.uvs_words * sizeof(uint32_t));
   c.v = malloc(c.win_cap * sizeof(*c.v));
   c.ids = malloc(c.win_cap * sizeof(*c.ids));
   bool ok = vs && c.uvs && c.pin_uvs && c.v && c.ids;
   if (!ok)
      sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");

   ok = ok && sim_program_load(gpu, s->vs_words_va, "vertex shader", vs);
   if (ok)
      sim_program_sampler_states(vs, s->vs_sampler_states);
   c.vs = vs;
   ok = ok && load_fs(&c);
   for (uint32_t inst = 0; ok && inst < a->instances; inst++)
      ok = draw_instance(&c, inst);

   free(vs);
   free(c.uvs);
   free(c.pin_uvs);
   free(c.v);
   free(c.ids);
   free(c.bindings);
   return ok;
}
