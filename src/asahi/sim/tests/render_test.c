/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Render commands executed in-process (asahi_sim_execute_render) on a
 * scene built from the hardware facts (render_scene.c), each also decoded
 * with agxdecode.  Expected pixels come from the rules: coverage by the
 * top-left fill rule worked out by hand for the triangle's edges, and
 * interpolated colours from the GL formulas (GL 4.6 section 14.6.1,
 * equations 14.9 and 14.10) evaluated at pixel centres.
 */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "asahi/isa/agx_isa.h"
#include "asahi/genxml/agx_pack.h"
#include "asahi/layout/layout.h"
#include "asahi/lib/decode.h"
#include "asahi/lib/decode_dump.h"
#include "asahi/sim/asahi_sim_gpu.h"
#include "asahi/sim/asahi_sim_replay.h"
#include "render_scene.h"
#include "util/format/u_format.h"
#include "util/ralloc.h"

#define USC_BASE  0x100000000ull
#define DATA_BASE 0x200000000ull
/* 64 MiB each (host pages are only touched where a test writes): the
 * long draw's vertex buffer needs 32 MiB. */
#define HEAP_SIZE (64u << 20)

struct heap {
   uint64_t va;
   uint8_t *data;
   size_t used;
};

struct memory {
   struct heap usc, data;
};

static void *
mem_alloc(void *user, size_t size, unsigned align, bool usc, uint64_t *va)
{
   struct memory *m = user;
   struct heap *h = usc ? &m->usc : &m->data;
   size_t at = (h->used + align - 1) & ~(size_t)(align - 1);
   if (at + size > HEAP_SIZE)
      return NULL;
   h->used = at + size;
   *va = h->va + at;
   return h->data + at;
}

static void *
mem_lookup(void *user, uint64_t va, bool write, uint64_t *avail)
{
   struct memory *m = user;
   struct heap *hs[] = {&m->usc, &m->data};
   for (unsigned i = 0; i < 2; i++) {
      if (va >= hs[i]->va && va - hs[i]->va < HEAP_SIZE) {
         *avail = HEAP_SIZE - (va - hs[i]->va);
         return hs[i]->data + (va - hs[i]->va);
      }
   }
   return NULL;
}

static size_t
decode_read(void *user, uint64_t va, void *dst, size_t size)
{
   uint64_t avail = 0;
   uint8_t *p = mem_lookup(user, va, false, &avail);
   if (!p)
      return 0;
   size_t n = avail < size ? (size_t)avail : size;
   memcpy(dst, p, n);
   return n;
}

struct fixture {
   struct memory mem;
   struct scene_mem smem;
   struct asahi_sim_gpu gpu;
};

static int
setup(void **state)
{
   struct fixture *f = calloc(1, sizeof(*f));
   f->mem.usc = (struct heap){USC_BASE, calloc(1, HEAP_SIZE), 0};
   f->mem.data = (struct heap){DATA_BASE, calloc(1, HEAP_SIZE), 0};
   f->smem = (struct scene_mem){mem_alloc, &f->mem, USC_BASE};
   f->gpu = (struct asahi_sim_gpu){
      .lookup = mem_lookup,
      .user = &f->mem,
      .usc_base = USC_BASE,
      .debug = asahi_sim_debug_parse(getenv("ASAHI_SIM_DEBUG")),
   };
   *state = f;
   return 0;
}

static int
teardown(void **state)
{
   struct fixture *f = *state;
   free(f->mem.usc.data);
   free(f->mem.data.data);
   free(f);
   return 0;
}

/* agxdecode must read the whole submission without a problem. */
static void
decode_cleanly(struct fixture *f, const struct scene *s)
{
   uint8_t buf[512];
   size_t n = scene_cmdbuf(s, buf, sizeof(buf));
   assert_true(n > 0);
   char *text = NULL;
   size_t text_size = 0;
   FILE *fp = open_memstream(&text, &text_size);
   struct agxdecode_options o = {
      .fp = fp,
      .read = decode_read,
      .read_user = &f->mem,
      .usc_exec_base = USC_BASE,
   };
   struct agxdecode_ctx *ctx = agxdecode_create(&o);
   unsigned problems = agxdecode_drm_cmdbuf(ctx, buf, n);
   agxdecode_destroy(ctx);
   fclose(fp);
   if (problems)
      fprintf(stderr, "%s", text);
   assert_int_equal(problems, 0);
   assert_non_null(strstr(text, "Index list"));
   free(text);
}

static void
base_params(struct scene_params *p)
{
   memset(p, 0, sizeof(*p));
   p->width = 40;
   p->height = 32;
   p->tile_w = p->tile_h = 32;
   p->process_empty_tiles = true;
   p->clear[2] = p->clear[3] = 1.0f;          /* blue */
   p->colour[0] = 1.0f;                       /* (1, 0.25, 0, 1) */
   p->colour[1] = 0.25f;
   p->colour[3] = 1.0f;
   /* The right triangle (4.5, 4.5), (28.5, 4.5), (4.5, 28.5). */
   scene_window_to_clip(p, 4.5f, 4.5f, 1.0f, p->pos[0]);
   scene_window_to_clip(p, 28.5f, 4.5f, 1.0f, p->pos[1]);
   scene_window_to_clip(p, 4.5f, 28.5f, 1.0f, p->pos[2]);
}

/*
 * Coverage of that triangle by hand: the centre (x + .5, y + .5) is inside
 * when x + .5 >= 4.5 (left edge, on-edge centres included), y + .5 >= 4.5
 * (top edge, included) and (x + .5) + (y + .5) < 33 (the hypotenuse runs
 * up and to the right, a bottom-right edge: on-edge centres excluded).
 */
static bool
in_right_triangle(unsigned x, unsigned y)
{
   return x >= 4 && y >= 4 && x + y < 32;
}

static void
expect_rgba(const uint8_t *px, unsigned r, unsigned g, unsigned b, unsigned a,
            unsigned x, unsigned y)
{
   if (px[0] != r || px[1] != g || px[2] != b || px[3] != a)
      fail_msg("pixel (%u, %u) is %u %u %u %u, expected %u %u %u %u", x, y,
               px[0], px[1], px[2], px[3], r, g, b, a);
}

/* With ASAHI_SIM_FUZZ_SEEDS=DIR, write the scene as a seed of
 * fuzz-asahi-sim-render: the command, 8 KiB of the shader heap, then the
 * used part of general memory (at most 32 KiB). */
static void
write_fuzz_seed(struct fixture *f, const struct scene *s)
{
   const char *dir = getenv("ASAHI_SIM_FUZZ_SEEDS");
   if (!dir)
      return;
   char path[512];
   static unsigned counter;
   snprintf(path, sizeof(path), "%s/scene-%u", dir, counter++);
   FILE *fp = fopen(path, "wb");
   if (!fp)
      return;
   fwrite(&s->cmd, sizeof(s->cmd), 1, fp);
   fwrite(f->mem.usc.data, 8 << 10, 1, fp);
   size_t used = f->mem.data.used < (32u << 10) ? f->mem.data.used : 32u << 10;
   fwrite(f->mem.data.data, used, 1, fp);
   fclose(fp);
}

static void
run(struct fixture *f, const struct scene *s)
{
   write_fuzz_seed(f, s);
   enum asahi_sim_result r = asahi_sim_execute_render(&f->gpu, &s->cmd);
   if (r != ASAHI_SIM_RESULT_OK)
      fail_msg("render failed (%s): %s", asahi_sim_result_string(r),
               f->gpu.error);
}

/* Build the scene (failing the test if it cannot be built), then, with
 * `go`, decode and run it. */
static void
build(struct fixture *f, const struct scene_params *p, struct scene *s,
      bool go)
{
   char err[256];
   if (!scene_build(&f->smem, p, s, err, sizeof(err)))
      fail_msg("%s", err);
   if (go) {
      decode_cleanly(f, s);
      run(f, s);
   }
}

/* base_params' scene as drawn: the right triangle in its colour on the
 * blue clear colour, one primitive. */
static void
expect_right_triangle(struct fixture *f, const struct scene_params *p,
                      const struct scene *s)
{
   unsigned covered = 0;
   for (unsigned y = 0; y < p->height; y++) {
      for (unsigned x = 0; x < p->width; x++) {
         const uint8_t *px = scene_pixel(p, s, x, y);
         if (in_right_triangle(x, y)) {
            expect_rgba(px, 255, 64, 0, 255, x, y);
            covered++;
         } else {
            expect_rgba(px, 0, 0, 255, 255, x, y);
         }
      }
   }
   /* x, y >= 4 and x + y <= 31: 24 * 25 / 2 pixels. */
   assert_int_equal(covered, 300);
   assert_int_equal(f->gpu.primitives, 1);
}

static void
check_triangle_scene(struct fixture *f, bool twiddled)
{
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.twiddled = twiddled;
   build(f, &p, &s, false);
   memset(s.rt, 0x5a, s.rt_size);
   decode_cleanly(f, &s);
   run(f, &s);
   expect_right_triangle(f, &p, &s);
   assert_int_equal(f->gpu.fragments, 300);
}

static void
test_clear_and_triangle(void **state)
{
   check_triangle_scene(*state, false);
}

/* Primitive restart (GL 3.1 section 2.8.1): indices 0, 1, 2, then three
 * restart indices 0xffff.  The right triangle is drawn alone, and the
 * restart positions name no vertex and are not shaded: vertex 65535
 * lies far past the 6-vertex buffer (here still inside the test's heap;
 * through the drm-shim, unmapped memory and a GPU fault before wave
 * 16). */
static void
test_restart_not_shaded(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.nr_vertices = 6;
   p.indexed = true;
   p.restart = true;
   memcpy(p.pos[3], p.pos[0], 3 * sizeof(p.pos[0]));
   const uint16_t idx[6] = {0, 1, 2, 0xffff, 0xffff, 0xffff};
   memcpy(p.indices, idx, sizeof(idx));
   build(f, &p, &s, true);
   expect_right_triangle(f, &p, &s);
   assert_int_equal(f->gpu.vertices, 3); /* vertices shaded */
}

/* A layered render of two layers (the render command's layers = 2): the
 * right triangle goes to layer 0 and a second one, (36, 31), (20, 31),
 * (36, 15) in the window, to layer 1, each by the raw bits of its
 * vertices' layer word (output word 8).  Every tile is cleared, shaded
 * and stored once per layer, so by hand: layer 0 has the colour inside
 * the right triangle (8, 8) and blue inside the second (33, 28) and in a
 * corner (38, 1); layer 1 the other way round. */
static void
test_layered(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.layers = 2;
   p.nr_vertices = 6;
   scene_window_to_clip(&p, 36.0f, 31.0f, 1.0f, p.pos[3]);
   scene_window_to_clip(&p, 20.0f, 31.0f, 1.0f, p.pos[4]);
   scene_window_to_clip(&p, 36.0f, 15.0f, 1.0f, p.pos[5]);
   for (unsigned v = 0; v < 6; v++) {
      uint32_t layer = v < 3 ? 0 : 1;
      memcpy(&p.vcolour[v][3], &layer, sizeof(layer));
   }
   build(f, &p, &s, false);
   memset(s.rt, 0x5a, s.rt_size);
   decode_cleanly(f, &s);
   run(f, &s);

   expect_rgba(scene_layer_pixel(&p, &s, 0, 8, 8), 255, 64, 0, 255, 8, 8);
   expect_rgba(scene_layer_pixel(&p, &s, 0, 33, 28), 0, 0, 255, 255, 33,
               28);
   expect_rgba(scene_layer_pixel(&p, &s, 0, 38, 1), 0, 0, 255, 255, 38, 1);
   expect_rgba(scene_layer_pixel(&p, &s, 1, 8, 8), 0, 0, 255, 255, 8, 8);
   expect_rgba(scene_layer_pixel(&p, &s, 1, 33, 28), 255, 64, 0, 255, 33,
               28);
   expect_rgba(scene_layer_pixel(&p, &s, 1, 38, 1), 0, 0, 255, 255, 38, 1);
   assert_int_equal(f->gpu.primitives, 2);
}

/*
 * Viewport arrays: the high half of the layer/viewport word selects the
 * viewport (Mesa agx_nir_lower_uvs.c packs gl_ViewportIndex there) and,
 * with it, the scissor record that many past the PPP's (Mesa's
 * agx_upload_viewport_scissor writes them consecutively).  The right
 * triangle's clip positions through viewport 1 (x onto [20, 40): window
 * x = 30 + 10 ndc) land at (22.25, 4.5), (34.25, 4.5), (22.25, 28.5): a
 * centre (x + .5, y + .5) is inside when x >= 22, y >= 4 (top edge
 * included) and 2 (x + .5) + (y + .5) < 73, i.e. 2x + y <= 71 (no centre
 * on that edge).
 */
static bool
in_viewport_1_triangle(unsigned x, unsigned y)
{
   return x >= 22 && y >= 4 && 2 * x + y <= 71;
}

static void
viewport_params(struct scene_params *p, unsigned nr_vertices)
{
   base_params(p);
   p->two_viewports = true;
   p->nr_vertices = nr_vertices;
   for (unsigned v = 0; v < nr_vertices; v++) {
      /* vertices 0-2 (or the only three) select viewport 1, 3-5 viewport
       * 0, in the word's high half */
      uint32_t word = v < 3 ? 1u << 16 : 0;
      if (v >= 3)
         memcpy(p->pos[v], p->pos[v - 3], sizeof(p->pos[v]));
      memcpy(&p->vcolour[v][3], &word, sizeof(word));
   }
}

static void
test_viewport_index(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   viewport_params(&p, 3);
   build(f, &p, &s, true);
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         bool in = in_viewport_1_triangle(x, y);
         expect_rgba(scene_pixel(&p, &s, x, y), in ? 255 : 0, in ? 64 : 0,
                     in ? 0 : 255, 255, x, y);
      }
   }
}

/* Both viewports in one draw, scissor record 0 the whole target and
 * record 1 [0, 30) x [0, 16): only the viewport-1 triangle is cut. */
static void
test_viewport_index_scissor(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   viewport_params(&p, 6);
   p.scissor = true;
   const uint16_t r0[4] = {0, 0, 40, 32}, r1[4] = {0, 0, 30, 16};
   memcpy(p.scissor_rect, r0, sizeof(r0));
   memcpy(p.scissor_rect_1, r1, sizeof(r1));
   build(f, &p, &s, true);
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         bool in = in_right_triangle(x, y) ||
                   (in_viewport_1_triangle(x, y) && x < 30 && y < 16);
         expect_rgba(scene_pixel(&p, &s, x, y), in ? 255 : 0, in ? 64 : 0,
                     in ? 0 : 255, 255, x, y);
      }
   }
   assert_int_equal(f->gpu.primitives, 2);
}

static void
test_clear_and_triangle_twiddled(void **state)
{
   check_triangle_scene(*state, true);
}

/* A counting occlusion query sees the triangle's 300 samples; the
 * neighbouring counter is untouched. */
static void
test_occlusion_query(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.occlusion = true;
   build(f, &p, &s, false);
   s.queries[0] = 7;
   s.queries[1] = 5;
   decode_cleanly(f, &s);
   run(f, &s);
   assert_int_equal(s.queries[0], 7);
   assert_int_equal(s.queries[1], 5 + 300);
}

/*
 * 4x MSAA: the right triangle into a multisampled target.  The samples
 * sit at (6, 2), (14, 6), (2, 10), (10, 14) sixteenths of the pixel
 * (ppp_multisamplectl 0xeaa26e26, Mesa's default 4x pattern, one byte per
 * sample, x in the low nibble); sample s of pixel (x, y) is covered when
 * X = x + sx >= 4.5, Y = y + sy >= 4.5 and X + Y < 33 (no sample lies on
 * an edge).  Covered samples hold the triangle's colour, the others the
 * clear colour.
 */
static void
test_msaa_4x(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.samples = 4;
   build(f, &p, &s, true);
   const double pos[4][2] = {
      {6 / 16.0, 2 / 16.0}, {14 / 16.0, 6 / 16.0},
      {2 / 16.0, 10 / 16.0}, {10 / 16.0, 14 / 16.0}};
   unsigned partial = 0;
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         unsigned n = 0;
         for (unsigned smp = 0; smp < 4; smp++) {
            double X = x + pos[smp][0], Y = y + pos[smp][1];
            bool in = X >= 4.5 && Y >= 4.5 && X + Y < 33;
            n += in;
            const uint8_t *px = scene_sample(&p, &s, x, y, smp);
            expect_rgba(px, in ? 255 : 0, in ? 64 : 0, in ? 0 : 255, 255, x,
                        y);
         }
         partial += n > 0 && n < 4;
      }
   }
   /* The edges really cut pixels. */
   assert_true(partial > 20);
}

/* Samples of pixel (x, y) inside the right triangle under the 4x pattern
 * of test_msaa_4x. */
static unsigned
covered_samples_4x(unsigned x, unsigned y)
{
   static const double pos[4][2] = {
      {6 / 16.0, 2 / 16.0}, {14 / 16.0, 6 / 16.0},
      {2 / 16.0, 10 / 16.0}, {10 / 16.0, 14 / 16.0}};
   unsigned n = 0;
   for (unsigned smp = 0; smp < 4; smp++) {
      double X = x + pos[smp][0], Y = y + pos[smp][1];
      n += X >= 4.5 && Y >= 4.5 && X + Y < 33;
   }
   return n;
}

/*
 * The resolve after a 4x pass: a second render command into a
 * single-sampled target whose fragment program reads the four samples of
 * its pixel from the first pass's image (texture_load of a 2D MS
 * texture with a sample index, as Mesa's resolve blits do) and stores
 * their average.  A pixel with n of 4 samples covered gets
 * n/4 of the triangle's colour (1, 0.25, 0, 1) plus (4-n)/4 of the clear
 * colour (0, 0, 1, 1): red round(63.75 n), green 16 n, blue
 * round(63.75 (4 - n)) (127.5 rounds to 128 either way), alpha 255.
 */
static void
test_msaa_4x_resolve(void **state)
{
   struct fixture *f = *state;
   struct scene_params p, q;
   struct scene s, r;
   base_params(&p);
   p.samples = 4;
   build(f, &p, &s, true);

   base_params(&q);
   q.shading = SCENE_RESOLVE;
   q.resolve_src_va = s.rt_va;
   q.nr_vertices = 6;
   /* Two triangles over the whole target. */
   const float corners[6][2] = {{0, 0},  {40, 0}, {0, 32},
                                {40, 0}, {40, 32}, {0, 32}};
   for (unsigned i = 0; i < 6; i++)
      scene_window_to_clip(&q, corners[i][0], corners[i][1], 1.0f, q.pos[i]);
   build(f, &q, &r, true);

   static const unsigned red[5] = {0, 64, 128, 191, 255};
   unsigned partial = 0;
   for (unsigned y = 0; y < q.height; y++) {
      for (unsigned x = 0; x < q.width; x++) {
         unsigned n = covered_samples_4x(x, y);
         expect_rgba(scene_pixel(&q, &r, x, y), red[n], 16 * n, red[4 - n],
                     255, x, y);
         partial += n > 0 && n < 4;
      }
   }
   /* Interior pixels are exact, edges blend: both kinds occur. */
   assert_true(partial > 20);
   assert_int_equal(covered_samples_4x(10, 10), 4);
   assert_int_equal(covered_samples_4x(0, 0), 0);
}

/*
 * The coverage mask a fragment program reads (sr60) is that of its own
 * pixel, lane by lane: every covered sample of pixel (x, y) gets, in its
 * red byte, the mask of the samples of (x, y) inside the triangle (bit s
 * for sample s, by hand as in test_msaa_4x); uncovered samples keep the
 * clear colour (red 0).
 */
static void
test_msaa_4x_coverage_mask(void **state)
{
   static const double pos[4][2] = {
      {6 / 16.0, 2 / 16.0}, {14 / 16.0, 6 / 16.0},
      {2 / 16.0, 10 / 16.0}, {10 / 16.0, 14 / 16.0}};
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.samples = 4;
   p.shading = SCENE_COVERAGE;
   build(f, &p, &s, true);
   unsigned masks_seen = 0;
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         unsigned mask = 0;
         for (unsigned smp = 0; smp < 4; smp++) {
            double X = x + pos[smp][0], Y = y + pos[smp][1];
            mask |= (unsigned)(X >= 4.5 && Y >= 4.5 && X + Y < 33) << smp;
         }
         masks_seen |= 1u << mask;
         for (unsigned smp = 0; smp < 4; smp++) {
            const uint8_t *px = scene_sample(&p, &s, x, y, smp);
            unsigned want = mask & (1u << smp) ? mask : 0;
            if (px[0] != want)
               fail_msg("pixel (%u, %u) sample %u: red %u, expected %u", x,
                        y, smp, px[0], want);
         }
      }
   }
   /* Partial masks occur, not only 0 and 0xf. */
   assert_true(__builtin_popcount(masks_seen) > 3);
}

/* Without PROCESS_EMPTY_TILES, the tile no primitive touches (x 32..39)
 * runs neither program and keeps what memory held. */
static void
test_empty_tiles_skipped(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.process_empty_tiles = false;
   build(f, &p, &s, false);
   memset(s.rt, 0x5a, s.rt_size);
   run(f, &s);
   expect_rgba(scene_pixel(&p, &s, 0, 0), 0, 0, 255, 255, 0, 0);
   expect_rgba(scene_pixel(&p, &s, 31, 31), 0, 0, 255, 255, 31, 31);
   expect_rgba(scene_pixel(&p, &s, 32, 0), 0x5a, 0x5a, 0x5a, 0x5a, 32, 0);
   expect_rgba(scene_pixel(&p, &s, 39, 31), 0x5a, 0x5a, 0x5a, 0x5a, 39, 31);
   assert_int_equal(f->gpu.tiles, 1);
}

/* The base scene with background program bg_source, built, its render
 * target filled with 0x5a (what no program writes), then run. */
static void
run_background(struct fixture *f, struct scene_params *p, struct scene *s,
               const char *bg_source)
{
   base_params(p);
   p->bg_source = bg_source;
   build(f, p, s, false);
   memset(s->rt, 0x5a, s->rt_size);
   run(f, s);
}

/* A background program that reads its pixel's position is not the same on
 * every lane, so the executor must run it on every pixel (a clear-like
 * program is run once and copied, asahi_sim_bg_fill.c): red = x and
 * green = y from thread_position_in_grid (sr80, sr81, the pixel of a
 * background lane), each stored as one i8 element into the unorm8
 * tilebuffer the end-of-tile program reads.  Both tiles of the 40x32
 * frame, outside the triangle. */
static void
test_background_per_pixel(void **state)
{
   struct scene_params p;
   struct scene s;
   run_background(*state, &p, &s,
                  "get_sr r0, sr80\n"
                  "get_sr r1, sr81\n"
                  "st_tile r0, i8, 0, x, 0, 1, 0\n"
                  "st_tile r1, i8, 0, x, 1, 1, 0\n"
                  "stop\n");
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         if (!in_right_triangle(x, y))
            expect_rgba(scene_pixel(&p, &s, x, y), x, y, 0, 0, x, y);
      }
   }
}

/* The constant background of test_background_computed (also the new code
 * of test_kept_groups_see_new_code). */
static const char computed_bg[] =
   "fadd32 r0, u0, 0.25\n"
   "iadd r1, u1, 0\n"
   "mov_imm r2, 0x3f800000, 0\n"
   "iadd r3, u3, 0\n"
   "st_tile r0_r1_r2_r3, u8norm, 0, xyzw, 0, 1, 0\n"
   "stop\n";

/* A background program computing a constant with arithmetic (the clear
 * colour's red plus 0.25, the blue from a 16-bit conversion of an
 * immediate) is the same on every lane: run once and copied, it must
 * still give every pixel outside the triangle, in both tiles, that
 * colour: red 0 + 0.25 -> 64, green 0, blue 1.0 -> 255, alpha 255. */
static void
test_background_computed(void **state)
{
   struct scene_params p;
   struct scene s;
   run_background(*state, &p, &s, computed_bg);
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         const uint8_t *px = scene_pixel(&p, &s, x, y);
         if (in_right_triangle(x, y))
            expect_rgba(px, 255, 64, 0, 255, x, y);
         else
            expect_rgba(px, 64, 0, 255, 255, x, y);
      }
   }
}

/* Groups kept from one command to the next (gpu->groups, as the drm-shim
 * keeps them) must not run a program's old decoding when the code at its
 * address changed in between: the same scene is built twice into the same
 * memory, the second time with the computed background of
 * test_background_computed at the address the clear's program had, and
 * the second run must give the computed colour (64, 0, 255, 255), not
 * the first clear's blue. */
static void
test_kept_groups_see_new_code(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   f->gpu.groups = asahi_sim_group_pool_create();
   assert_non_null(f->gpu.groups);
   base_params(&p);
   build(f, &p, &s, false);
   run(f, &s);
   expect_rgba(scene_pixel(&p, &s, 38, 1), 0, 0, 255, 255, 38, 1);

   f->mem.usc.used = f->mem.data.used = 0;
   memset(f->mem.usc.data, 0, HEAP_SIZE);
   memset(f->mem.data.data, 0, HEAP_SIZE);
   p.bg_source = computed_bg;
   build(f, &p, &s, false);
   run(f, &s);
   expect_rgba(scene_pixel(&p, &s, 38, 1), 64, 0, 255, 255, 38, 1);
   expect_rgba(scene_pixel(&p, &s, 8, 8), 255, 64, 0, 255, 8, 8);
   asahi_sim_group_pool_destroy(f->gpu.groups);
   f->gpu.groups = NULL;
}

/* An image reloaded by the background program (scene_reload_bg_source,
 * what the driver emits for a pass that keeps the target): the executor
 * copies the image a tile at a time when the formats agree
 * (asahi_sim_bg_copy.c) and must give what running the program on every
 * pixel gives. */
struct reload_case {
   enum agx_channels channels;
   enum agx_texture_type type;
   enum pipe_format format; /* what the channels and type are */
   bool twiddled;
   enum agx_channel swizzle[4];
   bool copied; /* the formats agree: a copy, not the program */
};

/* A w x h image of `c` with bytes from a fixed sequence, and its
 * descriptor; returns the descriptor's address. */
static uint64_t
reload_texture(struct fixture *f, const struct reload_case *c, unsigned w,
               unsigned h)
{
   struct ail_layout l = {
      .width_px = w,
      .height_px = h,
      .depth_px = 1,
      .sample_count_sa = 1,
      .levels = 1,
      .tiling = c->twiddled ? AIL_TILING_TWIDDLED : AIL_TILING_LINEAR,
      .format = c->format,
   };
   /* Linear rows 16-byte aligned, one 16-byte unit more than needed. */
   if (!c->twiddled)
      l.linear_stride_B = (w * util_format_get_blocksize(c->format) + 31) &
                          ~15u;
   assert_int_equal(ail_make_miptree(&l), 0);
   uint64_t data_va = 0, va = 0;
   uint8_t *data = mem_alloc(&f->mem, l.size_B, 128, false, &data_va);
   uint8_t *d = mem_alloc(&f->mem, AGX_TEXTURE_LENGTH, 64, false, &va);
   assert_non_null(data);
   assert_non_null(d);
   uint32_t seed = 12345;
   for (size_t i = 0; i < l.size_B; i++) {
      seed = seed * 1103515245u + 12345u;
      data[i] = (uint8_t)(seed >> 16);
   }
   agx_pack(d, TEXTURE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = c->twiddled ? AGX_LAYOUT_TWIDDLED : AGX_LAYOUT_LINEAR;
      cfg.channels = c->channels;
      cfg.type = c->type;
      cfg.swizzle_r = c->swizzle[0];
      cfg.swizzle_g = c->swizzle[1];
      cfg.swizzle_b = c->swizzle[2];
      cfg.swizzle_a = c->swizzle[3];
      cfg.width = w;
      cfg.height = h;
      cfg.address = data_va;
      /* The descriptor's stride is the row's bytes less 16 (the texture
       * unit adds them back, asahi_sim_sampler.c). */
      if (!c->twiddled)
         cfg.stride = l.linear_stride_B - 16;
   }
   return va;
}

/* Each case twice, the image (37 x 29) smaller than the 40 x 32 target so
 * that the edge tiles hold pixels outside it (zero), linear and
 * twiddled: once with ASAHI_SIM_DEBUG=nofast (the program on every pixel)
 * and once with the shortcut; the targets must be equal byte for byte,
 * and the shortcut taken exactly when the formats agree. */
static void
test_background_reload_copy(void **state)
{
   struct fixture *f = *state;
   const enum agx_channel rgba[4] = {AGX_CHANNEL_R, AGX_CHANNEL_G,
                                     AGX_CHANNEL_B, AGX_CHANNEL_A};
   const enum agx_channel bgr1[4] = {AGX_CHANNEL_B, AGX_CHANNEL_G,
                                     AGX_CHANNEL_R, AGX_CHANNEL_1};
   const enum agx_channel r0g1[4] = {AGX_CHANNEL_R, AGX_CHANNEL_0,
                                     AGX_CHANNEL_G, AGX_CHANNEL_1};
   struct reload_case cases[] = {
      {AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UNORM,
       PIPE_FORMAT_R8G8B8A8_UNORM, false, {0}, true},
      {AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UNORM,
       PIPE_FORMAT_R8G8B8A8_UNORM, true, {0}, true},
      {AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UNORM,
       PIPE_FORMAT_R8G8B8A8_UNORM, true, {1}, true},
      {AGX_CHANNELS_R8G8, AGX_TEXTURE_TYPE_UNORM, PIPE_FORMAT_R8G8_UNORM,
       true, {2}, true},
      {AGX_CHANNELS_R8, AGX_TEXTURE_TYPE_UNORM, PIPE_FORMAT_R8_UNORM, false,
       {0}, true},
      /* Not a byte copy: 16-bit channels, and snorm. */
      {AGX_CHANNELS_R16G16B16A16, AGX_TEXTURE_TYPE_UNORM,
       PIPE_FORMAT_R16G16B16A16_UNORM, true, {0}, false},
      {AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_SNORM,
       PIPE_FORMAT_R8G8B8A8_SNORM, false, {0}, false},
   };
   const enum agx_channel *swizzles[] = {rgba, bgr1, r0g1};
   uint32_t debug = f->gpu.debug;
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct reload_case *c = &cases[i];
      memcpy(c->swizzle, swizzles[c->swizzle[0]], sizeof(c->swizzle));
      struct scene_params p;
      struct scene s;
      uint8_t *want = NULL;
      for (unsigned fast = 0; fast < 2; fast++) {
         f->mem.usc.used = f->mem.data.used = 0;
         base_params(&p);
         p.bg_source = scene_reload_bg_source;
         p.bg_texture_va = reload_texture(f, c, 37, 29);
         build(f, &p, &s, false);
         memset(s.rt, 0x5a, s.rt_size);
         f->gpu.debug = fast ? debug & ~ASAHI_SIM_DEBUG_NOFAST
                             : debug | ASAHI_SIM_DEBUG_NOFAST;
         uint64_t copies = f->gpu.reload_copies;
         run(f, &s);
         bool fast_run = fast && !(debug & ASAHI_SIM_DEBUG_SHADERS);
         assert_int_equal(f->gpu.reload_copies - copies,
                          fast_run && c->copied ? 2 : 0);
         if (!fast) {
            want = malloc(s.rt_size);
            assert_non_null(want);
            memcpy(want, s.rt, s.rt_size);
            continue;
         }
         for (unsigned y = 0; y < p.height; y++) {
            for (unsigned x = 0; x < p.width; x++) {
               const uint8_t *got = scene_pixel(&p, &s, x, y);
               const uint8_t *ref = want + (got - s.rt);
               if (memcmp(got, ref, 4))
                  fail_msg("case %u: pixel (%u, %u) is %u %u %u %u, the "
                           "program gives %u %u %u %u",
                           i, x, y, got[0], got[1], got[2], got[3], ref[0],
                           ref[1], ref[2], ref[3]);
            }
         }
      }
      free(want);
   }
   f->gpu.debug = debug;
}

/* Interpolated colour at the centre of (x, y): screen-space barycentrics
 * of the window positions, then GL's perspective formula (14.9) or the
 * linear one (14.10), to unorm8. */
static void
expected_colour(const struct scene_params *p, const float win[3][2],
                unsigned x, unsigned y, bool perspective, unsigned out[4])
{
   double px = x + 0.5, py = y + 0.5;
   double x0 = win[0][0], y0 = win[0][1], x1 = win[1][0], y1 = win[1][1];
   double x2 = win[2][0], y2 = win[2][1];
   double area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
   double l1 = ((px - x0) * (y2 - y0) - (x2 - x0) * (py - y0)) / area;
   double l2 = ((x1 - x0) * (py - y0) - (px - x0) * (y1 - y0)) / area;
   double l[3] = {1 - l1 - l2, l1, l2};
   double den = 0;
   for (unsigned i = 0; i < 3; i++)
      den += perspective ? l[i] / p->pos[i][3] : l[i];
   for (unsigned c = 0; c < 4; c++) {
      double num = 0;
      for (unsigned i = 0; i < 3; i++)
         num += (perspective ? l[i] / p->pos[i][3] : l[i]) * p->vcolour[i][c];
      double v = num / den;
      v = v < 0 ? 0 : v > 1 ? 1 : v;
      out[c] = (unsigned)floor(v * 255 + 0.5);
   }
}

/* Window z / w at the centre of (x, y) for NDC depths zn[i] (linear in
 * window space). */
static double
ndc_z_at(const float win[3][2], const double zn[3], unsigned x, unsigned y)
{
   double px = x + 0.5, py = y + 0.5;
   double x0 = win[0][0], y0 = win[0][1], x1 = win[1][0], y1 = win[1][1];
   double x2 = win[2][0], y2 = win[2][1];
   double area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
   double l1 = ((px - x0) * (y2 - y0) - (x2 - x0) * (py - y0)) / area;
   double l2 = ((x1 - x0) * (py - y0) - (px - x0) * (y1 - y0)) / area;
   return (1 - l1 - l2) * zn[0] + l1 * zn[1] + l2 * zn[2];
}

/* With `clip`, depth clipping cuts the triangle (z / w is -0.5 at the
 * first vertex, 0.9 at the others) and the kept part must show the same
 * values as without clipping: clipping must not change how any shade
 * model interpolates across the primitive (GL 3.0 2.17; for linear
 * varyings the new vertices' values are weighted in window space). */
static void
check_varyings_clip(struct fixture *f, enum scene_shading shading, bool clip)
{
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.shading = shading;
   p.depth_clip = clip;
   const double zn[3] = {-0.5, 0.9, 0.9};
   const float win[3][2] = {{4.5f, 4.5f}, {28.5f, 4.5f}, {4.5f, 28.5f}};
   const float w[3] = {1.0f, 4.0f, 2.0f};
   const float colours[3][4] = {
      {1, 0, 0, 1},
      {0, 1, 0, 1},
      {0, 0, 1, 0},
   };
   for (unsigned i = 0; i < 3; i++) {
      scene_window_to_clip(&p, win[i][0], win[i][1], w[i], p.pos[i]);
      if (clip)
         p.pos[i][2] = (float)(zn[i] * w[i]);
      memcpy(p.vcolour[i], colours[i], sizeof(colours[i]));
   }
   build(f, &p, &s, true);

   unsigned kept = 0, cut = 0;
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         const uint8_t *px = scene_pixel(&p, &s, x, y);
         double z = clip ? ndc_z_at(win, zn, x, y) : 1.0;
         if (clip && fabs(z) < 0.02 && in_right_triangle(x, y))
            continue; /* on the new edge */
         if (!in_right_triangle(x, y) || z < 0) {
            cut += in_right_triangle(x, y);
            expect_rgba(px, 0, 0, 255, 255, x, y);
            continue;
         }
         kept++;
         unsigned e[4];
         if (shading == SCENE_FLAT) {
            /* The last vertex provokes (flat vertex 2). */
            for (unsigned c = 0; c < 4; c++)
               e[c] = (unsigned)(colours[2][c] * 255);
         } else {
            expected_colour(&p, win, x, y, shading == SCENE_PERSPECTIVE, e);
         }
         /* One unit of slack: single-precision planes vs. the exact
          * formula. */
         for (unsigned c = 0; c < 4; c++) {
            if (abs((int)px[c] - (int)e[c]) > 1)
               fail_msg("pixel (%u, %u) component %u is %u, expected %u", x,
                        y, c, px[c], e[c]);
         }
      }
   }
   assert_true(kept > 0);
   if (clip)
      assert_true(cut > 0);
}

static void
check_varyings(struct fixture *f, enum scene_shading shading)
{
   check_varyings_clip(f, shading, false);
}

static void
test_varyings_clipped(void **state)
{
   check_varyings_clip(*state, SCENE_LINEAR, true);
   check_varyings_clip(*state, SCENE_PERSPECTIVE, true);
   check_varyings_clip(*state, SCENE_FLAT, true);
}

static void
test_varyings_perspective(void **state)
{
   check_varyings(*state, SCENE_PERSPECTIVE);
}

static void
test_varyings_linear(void **state)
{
   check_varyings(*state, SCENE_LINEAR);
}

static void
test_varyings_flat(void **state)
{
   check_varyings(*state, SCENE_FLAT);
}

/*
 * Provoking vertex of a triangle strip: v0 (4.5, 4.5) red, v1 (28.5, 4.5)
 * green, v2 (4.5, 28.5) yellow, v3 (28.5, 28.5) white make the lower-left
 * triangle 0 (v0 v1 v2) and the upper-right triangle 1 (v1 v2 v3), flat
 * shaded.  GL 3.2 table 2.12 (ARB_provoking_vertex): triangle i of a
 * strip takes vertex i with the first-vertex convention and i + 2 with
 * the last: red and green first, yellow and white last.
 */
static void
check_strip_provoking(struct fixture *f, bool first)
{
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.shading = SCENE_FLAT;
   p.flat_first = first;
   p.use_primitive = true;
   p.primitive = AGX_PRIMITIVE_TRIANGLE_STRIP;
   p.nr_vertices = 4;
   const float win[4][2] = {
      {4.5f, 4.5f}, {28.5f, 4.5f}, {4.5f, 28.5f}, {28.5f, 28.5f}};
   const float colours[4][4] = {
      {1, 0, 0, 1}, {0, 1, 0, 1}, {1, 1, 0, 1}, {1, 1, 1, 1}};
   for (unsigned i = 0; i < 4; i++) {
      scene_window_to_clip(&p, win[i][0], win[i][1], 1.0f, p.pos[i]);
      memcpy(p.vcolour[i], colours[i], sizeof(colours[i]));
   }
   build(f, &p, &s, true);
   const float *want0 = colours[first ? 0 : 2];
   const float *want1 = colours[first ? 1 : 3];
   for (unsigned y = 4; y < 28; y++) {
      for (unsigned x = 4; x < 28; x++) {
         if (x + y == 31 || x + y == 32)
            continue; /* the shared edge */
         const float *w = x + y < 32 ? want0 : want1;
         expect_rgba(scene_pixel(&p, &s, x, y), (unsigned)(w[0] * 255),
                     (unsigned)(w[1] * 255), (unsigned)(w[2] * 255),
                     (unsigned)(w[3] * 255), x, y);
      }
   }
}

static void
test_strip_provoking(void **state)
{
   check_strip_provoking(*state, true);
   check_strip_provoking(*state, false);
}

/*
 * The primitive ID counts the primitives of one instance: an instanced
 * draw is a sequence of single-instance draws, each numbering its
 * primitives from 0 (GL 4.6 core section 10.5, DrawArraysInstanced as
 * DrawArraysOneInstance per instance; the GLSL reference page of
 * gl_PrimitiveID: "the first primitive processed by the drawing command
 * is numbered zero"; Vulkan 1.3 says so of instances in its PrimitiveId
 * built-in).  Three instances of the same triangle, its coefficient
 * register reading the primitive ID, stored as the pixel's word: the last
 * instance's triangle holds 0, not 2.
 */
static void
test_primitive_id_per_instance(void **state)
{
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.shading = SCENE_FLAT_BITS;
   p.primitive_id = true;
   p.instances = 3;
   build(*state, &p, &s, true);
   for (unsigned y = 6; y < 26; y++) {
      for (unsigned x = 6; x + y < 30; x++) {
         uint32_t got;
         memcpy(&got, scene_pixel(&p, &s, x, y), sizeof(got));
         if (got != 0)
            fail_msg("pixel (%u, %u) holds primitive ID %u, expected 0", x,
                     y, got);
      }
   }
}

/*
 * Flat varyings are words, not numbers: the coefficient register of a
 * flat varying holds the provoking vertex's 32 bits unchanged (FACTS-AGX.md
 * 3.6), so a flat int whose bits read as a signalling NaN (0x7f955555),
 * the all-ones NaN (-1) or a negative denormal (0x80000001) reaches ldcf
 * as it left the vertex shader.  The other vertices carry other words, the
 * first vertex is cut by depth clipping in the `clip` runs (flat values
 * come from the original vertices), and the pixel's 4 bytes are the word.
 */
static void
check_flat_bits(struct fixture *f, uint32_t bits, bool first, bool clip)
{
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.shading = SCENE_FLAT_BITS;
   p.flat_first = first;
   p.depth_clip = clip;
   const float win[3][2] = {{4.5f, 4.5f}, {28.5f, 4.5f}, {4.5f, 28.5f}};
   const double zn[3] = {clip ? -0.5 : 0.5, 0.5, 0.5};
   const uint32_t other[3] = {0x3f800000u, 0x7fc00000u, 0x00000001u};
   unsigned pv = first ? 0 : 2;
   for (unsigned i = 0; i < 3; i++) {
      scene_window_to_clip(&p, win[i][0], win[i][1], 1.0f, p.pos[i]);
      p.pos[i][2] = (float)zn[i];
      uint32_t w = i == pv ? bits : other[i];
      memcpy(&p.vcolour[i][0], &w, sizeof(w));
   }
   build(f, &p, &s, true);

   unsigned seen = 0;
   for (unsigned y = 6; y < 26; y++) {
      for (unsigned x = 6; x + y < 30; x++) {
         if (clip && ndc_z_at(win, zn, x, y) < 0.05)
            continue; /* clipped away, or on the new edge */
         uint32_t got;
         memcpy(&got, scene_pixel(&p, &s, x, y), sizeof(got));
         if (got != bits)
            fail_msg("pixel (%u, %u) holds 0x%08x, expected 0x%08x", x, y,
                     got, bits);
         seen++;
      }
   }
   assert_true(seen > 50);
}

static void
test_flat_bits(void **state)
{
   const uint32_t words[] = {0x7f955555u, 0xffffffffu, 0x80000001u};
   for (unsigned i = 0; i < 3; i++) {
      check_flat_bits(*state, words[i], false, false);
      check_flat_bits(*state, words[i], true, false);
      check_flat_bits(*state, words[i], false, true);
   }
}

/*
 * Depth: two flat-coloured triangles in one indexed draw.  A, red, is the
 * right triangle at z = 0.5; B, green, a triangle of the same shape
 * further right at z = 0.25 (the scene's viewport has scale_z 1 and
 * translate_z 0, so window z = clip z / w).  With LESS, B wins where they
 * overlap whichever is drawn first.  Depth is stored: 0.25 under B, 0.5 under A
 * alone, the clear value 1.0 elsewhere.
 */
static void
check_depth(struct fixture *f, bool b_first)
{
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.shading = SCENE_FLAT;
   p.nr_vertices = 6;
   p.depth_test = true;
   p.depth_clear = 1.0f;
   p.indexed = true;
   /* A: the right triangle; B: (16.5, 0.5), (40.5, 0.5), (16.5, 24.5),
    * a triangle of the same shape further right and up. */
   const float win[6][2] = {{4.5f, 4.5f},  {28.5f, 4.5f}, {4.5f, 28.5f},
                            {16.5f, 0.5f}, {40.5f, 0.5f}, {16.5f, 24.5f}};
   for (unsigned i = 0; i < 6; i++) {
      scene_window_to_clip(&p, win[i][0], win[i][1], 1.0f, p.pos[i]);
      p.pos[i][2] = i < 3 ? 0.5f : 0.25f;
      const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
      memcpy(p.vcolour[i], i < 3 ? red : green, 16);
   }
   for (unsigned i = 0; i < 6; i++)
      p.indices[i] = (uint16_t)(b_first ? (i + 3) % 6 : i);
   build(f, &p, &s, true);

   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         bool in_a = in_right_triangle(x, y);
         /* B by the same rules: x >= 16, y >= 0, x + y < 40 (its
          * hypotenuse x + y = 41 through centres at x + y = 40). */
         bool in_b = x >= 16 && x + y < 40;
         const uint8_t *px = scene_pixel(&p, &s, x, y);
         float z = scene_depth(&p, &s, x, y);
         if (in_b) {
            expect_rgba(px, 0, 255, 0, 255, x, y);
            assert_true(z == 0.25f);
         } else if (in_a) {
            expect_rgba(px, 255, 0, 0, 255, x, y);
            assert_true(z == 0.5f);
         } else {
            expect_rgba(px, 0, 0, 255, 255, x, y);
            assert_true(z == 1.0f);
         }
      }
   }
}

/*
 * Stencil: the same two triangles, stencil NOT_EQUAL 1 with REPLACE on
 * pass, no depth test.  The first triangle drawn marks its pixels with 1,
 * so the second one is drawn only outside it: the first wins the
 * overlap.  The stored stencil is 1 wherever either was drawn.
 */
static void
test_stencil(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.shading = SCENE_FLAT;
   p.nr_vertices = 6;
   p.stencil_test = true;
   const float win[6][2] = {{4.5f, 4.5f},  {28.5f, 4.5f}, {4.5f, 28.5f},
                            {16.5f, 0.5f}, {40.5f, 0.5f}, {16.5f, 24.5f}};
   for (unsigned i = 0; i < 6; i++) {
      scene_window_to_clip(&p, win[i][0], win[i][1], 1.0f, p.pos[i]);
      const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
      memcpy(p.vcolour[i], i < 3 ? red : green, 16);
   }
   build(f, &p, &s, true);
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         bool in_a = in_right_triangle(x, y);
         bool in_b = x >= 16 && x + y < 40;
         const uint8_t *px = scene_pixel(&p, &s, x, y);
         if (in_a)
            expect_rgba(px, 255, 0, 0, 255, x, y);
         else if (in_b)
            expect_rgba(px, 0, 255, 0, 255, x, y);
         else
            expect_rgba(px, 0, 0, 255, 255, x, y);
         assert_int_equal(scene_stencil(&p, &s, x, y), in_a || in_b);
      }
   }
}

static void
test_depth_less(void **state)
{
   check_depth(*state, false);
}

static void
test_depth_less_reversed(void **state)
{
   check_depth(*state, true);
}

/*
 * Depth bias: the right triangle with window z 0.5 at (4.5, 4.5) and
 * (4.5, 28.5), 0.75 at (28.5, 4.5): z = 0.5 + (x - 4.5) / 96, so
 * m = max(|dz/dx|, |dz/dy|) = 1/96.  The largest vertex depth 0.75 is
 * 1.5 * 2^-1, so a Z32F buffer's r is 2^(-1 - 23) = 2^-24.  Record
 * {constant 1024, slope scale 2, clamp}: o = 2/96 + 1024 * 2^-24 =
 * 1/48 + 2^-14, or the clamp when it is smaller.  The stored depth at
 * pixel (x, y), sampled at its centre, is 0.5 + (x - 4) / 96 + o.
 */
static void
check_depth_bias(struct fixture *f, float clamp, double offset)
{
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.depth_test = true;
   p.depth_clear = 1.0f;
   p.depth_bias = true;
   p.depth_bias_record[0] = 1024.0f;
   p.depth_bias_record[1] = 2.0f;
   p.depth_bias_record[2] = clamp;
   const float win[3][2] = {{4.5f, 4.5f}, {28.5f, 4.5f}, {4.5f, 28.5f}};
   const float z[3] = {0.5f, 0.75f, 0.5f};
   for (unsigned i = 0; i < 3; i++) {
      scene_window_to_clip(&p, win[i][0], win[i][1], 1.0f, p.pos[i]);
      p.pos[i][2] = z[i];
   }
   build(f, &p, &s, true);

   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         float got = scene_depth(&p, &s, x, y);
         if (!in_right_triangle(x, y)) {
            assert_true(got == 1.0f);
            continue;
         }
         double want = 0.5 + ((double)x - 4.0) / 96.0 + offset;
         if (fabs(got - want) > 1e-6) {
            fail_msg("depth at (%u, %u): %.9g, want %.9g", x, y, got,
                     want);
         }
      }
   }
}

/* The Cull word's depth clamp: the depth written is clamped to the
 * scissor record's [min z, max z] (here [0.2, 0.5]), as Mesa programs the
 * record with the viewport's depth range for GL_DEPTH_CLAMP; without the
 * bit it is the rasterised depth (only kept in [0, 1]). */
static void
check_depth_clamp(struct fixture *f, bool clamp, float z, float want)
{
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.depth_test = true;
   p.depth_clear = 1.0f;
   p.scissor = true;
   p.scissor_rect[0] = p.scissor_rect[1] = 0;
   p.scissor_rect[2] = (uint16_t)p.width;
   p.scissor_rect[3] = (uint16_t)p.height;
   p.depth_clamp = clamp;
   p.clamp_z[0] = 0.2f;
   p.clamp_z[1] = 0.5f;
   const float win[3][2] = {{4.5f, 4.5f}, {28.5f, 4.5f}, {4.5f, 28.5f}};
   for (unsigned i = 0; i < 3; i++) {
      scene_window_to_clip(&p, win[i][0], win[i][1], 1.0f, p.pos[i]);
      p.pos[i][2] = z;
   }
   build(f, &p, &s, true);
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         float got = scene_depth(&p, &s, x, y);
         float w = in_right_triangle(x, y) ? want : 1.0f;
         if (got != w)
            fail_msg("depth at (%u, %u): %.9g, want %.9g", x, y, got, w);
      }
   }
}

static void
test_depth_clamp(void **state)
{
   struct fixture *f = *state;

   check_depth_clamp(f, true, 0.9f, 0.5f);
   check_depth_clamp(f, true, 0.1f, 0.2f);
   check_depth_clamp(f, true, 0.3f, 0.3f);
   check_depth_clamp(f, false, 0.9f, 0.9f);
}

static void
test_depth_bias(void **state)
{
   check_depth_bias(*state, 0.0f, 1.0 / 48.0 + 1.0 / 16384.0);
}

/* EXT_polygon_offset_clamp: a clamp of 0.01 bounds the same offset. */
static void
test_depth_bias_clamp(void **state)
{
   check_depth_bias(*state, 0.01f, (double)0.01f);
}

/* The scissor rectangle [8, 20) x [6, 18) limits the triangle. */
static void
test_scissor(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.scissor = true;
   const uint16_t rect[4] = {8, 6, 20, 18};
   memcpy(p.scissor_rect, rect, sizeof(rect));
   build(f, &p, &s, true);
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         bool in = in_right_triangle(x, y) && x >= 8 && x < 20 && y >= 6 &&
                   y < 18;
         expect_rgba(scene_pixel(&p, &s, x, y), in ? 255 : 0, in ? 64 : 0,
                     in ? 0 : 255, 255, x, y);
      }
   }
}

/*
 * Clipping at z = 0 (depth clip on): the right triangle with z = -1 at
 * (4.5, 4.5) and 0.9 at the other two corners (w = 1, so z <= w holds).
 * Window z is -1 + 1.9 * ((X - 4.5) + (Y - 4.5)) / 24, which is 0 on
 * X + Y = 9 + 24 / 1.9 = 21.63; a centre (x + .5, y + .5) is kept when
 * x + y + 1 >= 21.63, i.e. x + y >= 21 (no centre is within 0.3 of the
 * new edge).
 */
static void
test_clip_near(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.depth_clip = true;
   p.pos[0][2] = -1.0f;
   p.pos[1][2] = 0.9f;
   p.pos[2][2] = 0.9f;
   build(f, &p, &s, true);
   unsigned covered = 0;
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         bool in = in_right_triangle(x, y) && x + y >= 21;
         covered += in;
         expect_rgba(scene_pixel(&p, &s, x, y), in ? 255 : 0, in ? 64 : 0,
                     in ? 0 : 255, 255, x, y);
      }
   }
   assert_true(covered > 0);
}

/*
 * A user clip distance (GL 3.0 2.17): the right triangle's vertices carry
 * distances -1, 1, 1 (the colour's alpha, also output as clip distance
 * 0), which run linearly across the triangle (w = 1): the kept part is
 * where -1 + 2 (l1 + l2) >= 0 for the window barycentrics l1, l2 of the
 * second and third vertices.  Pixels near the new edge are skipped.
 */
static void
test_clip_distance(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.shading = SCENE_LINEAR;
   p.clip_distance = true;
   const float win[3][2] = {{4.5f, 4.5f}, {28.5f, 4.5f}, {4.5f, 28.5f}};
   const float dist[3] = {-1.0f, 1.0f, 1.0f};
   for (unsigned i = 0; i < 3; i++) {
      scene_window_to_clip(&p, win[i][0], win[i][1], 1.0f, p.pos[i]);
      p.vcolour[i][0] = 1.0f;
      p.vcolour[i][1] = p.vcolour[i][2] = 0.0f;
      p.vcolour[i][3] = dist[i];
   }
   build(f, &p, &s, true);
   unsigned kept = 0, cut = 0;
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         if (!in_right_triangle(x, y))
            continue;
         double l1 = (x + 0.5 - 4.5) / 24, l2 = (y + 0.5 - 4.5) / 24;
         double d = -1 + 2 * (l1 + l2);
         if (fabs(d) < 0.05)
            continue;
         const uint8_t *px = scene_pixel(&p, &s, x, y);
         if (d > 0) {
            kept++;
            assert_int_equal(px[0], 255);
         } else {
            cut++;
            expect_rgba(px, 0, 0, 255, 255, x, y);
         }
      }
   }
   assert_true(kept > 0 && cut > 0);
}

/* A triangle entirely behind the eye (w < 0) draws nothing. */
static void
test_clip_behind(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   for (unsigned i = 0; i < 3; i++)
      for (unsigned k = 0; k < 4; k++)
         p.pos[i][k] = -p.pos[i][k];
   build(f, &p, &s, false);
   run(f, &s);
   for (unsigned y = 0; y < p.height; y++)
      for (unsigned x = 0; x < p.width; x++)
         expect_rgba(scene_pixel(&p, &s, x, y), 0, 0, 255, 255, x, y);
   assert_int_equal(f->gpu.fragments, 0);
}

/*
 * Points: squares of side `size` centred on the vertex, covering the
 * pixels whose centres are inside, left/top sides included.  Size 1 at
 * (10.5, 7.5) covers (10, 7); size 1 at (20, 7) covers (19, 6); size 4 at
 * (30, 20) covers x 28..31, y 18..21.
 */
static void
test_points(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.use_primitive = true;
   p.primitive = AGX_PRIMITIVE_POINTS;
   p.point_size = true;
   const float win[3][3] = {{10.5f, 7.5f, 1}, {20, 7, 1}, {30, 20, 4}};
   for (unsigned i = 0; i < 3; i++) {
      scene_window_to_clip(&p, win[i][0], win[i][1], 1.0f, p.pos[i]);
      p.vcolour[i][3] = win[i][2];
   }
   build(f, &p, &s, true);
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         bool in = (x == 10 && y == 7) || (x == 19 && y == 6) ||
                   (x >= 28 && x <= 31 && y >= 18 && y <= 21);
         expect_rgba(scene_pixel(&p, &s, x, y), in ? 255 : 0, in ? 64 : 0,
                     in ? 0 : 255, 255, x, y);
      }
   }
}

/*
 * One-pixel points, flat red at depth 0.5 on 12 pixels (2 i, 2 j), k =
 * 8 j + i < 12 (one quad each), then again on the same pixels, those of
 * row 1 first: green at depth 0.25 where i is even, white at 0.75 where
 * it is odd.  With the depth test LESS each pixel keeps red where the
 * second point is behind, green where it is in front (GL 4.6 section
 * 14.9: a pixel's fragments in primitive order), whatever quads share a
 * group.  Since wave 17 they share them: the first 8 red points fill a
 * group; the other 4 wait until the first green point lands on one of
 * their quads (its depth test must see their depth), so they run alone;
 * the 6 green points that pass share the third group (nofast: one group
 * per point that passes, 18).
 */
static void
test_points_share_groups(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.use_primitive = true;
   p.primitive = AGX_PRIMITIVE_POINTS;
   p.shading = SCENE_FLAT;
   p.depth_test = true;
   p.depth_clear = 1.0f;
   float v[24][8];
   memset(v, 0, sizeof(v));
   for (unsigned n = 0; n < 24; n++) {
      bool second = n >= 12;
      /* the second pass: k = 8..11, then 0..7 */
      unsigned k = !second ? n : n < 16 ? n - 4 : n - 16;
      unsigned i = k % 8, j = k / 8;
      bool front = second && i % 2 == 0, back = second && !front;
      scene_window_to_clip(&p, 2.0f * i + 0.5f, 2.0f * j + 0.5f, 1.0f, v[n]);
      v[n][2] = !second ? 0.5f : front ? 0.25f : 0.75f;
      v[n][4] = front ? 0.0f : 1.0f;
      v[n][5] = second ? 1.0f : 0.0f;
      v[n][6] = back ? 1.0f : 0.0f;
      v[n][7] = 1.0f;
   }
   p.big_vertices = &v[0][0];
   p.nr_big_vertices = 24;
   build(f, &p, &s, true);
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         bool point = x % 2 == 0 && y % 2 == 0 &&
                      ((y == 0 && x < 16) || (y == 2 && x < 8));
         bool green = point && (x / 2) % 2 == 0;
         const uint8_t *px = scene_pixel(&p, &s, x, y);
         if (green)
            expect_rgba(px, 0, 255, 0, 255, x, y);
         else if (point)
            expect_rgba(px, 255, 0, 0, 255, x, y);
         else
            expect_rgba(px, 0, 0, 255, 255, x, y);
      }
   }
   assert_int_equal(f->gpu.primitives, 24);
   const char *debug = getenv("ASAHI_SIM_DEBUG");
   bool nofast = debug && strstr(debug, "nofast");
   assert_int_equal(f->gpu.fragment_groups, nofast ? 18 : 3);
}

/* Draws `n` vertices of primitive `prim` whose vertex i is the base
 * scene's vertex which(i, n) (0, 1 or 2), and checks that the pixels are
 * those of the right triangle, drawn as `prims` primitives from `n`
 * shaded vertices. */
static void
check_long_draw(struct fixture *f, unsigned prim, unsigned n,
                unsigned (*which)(unsigned i, unsigned n), unsigned prims)
{
   struct scene_params p;
   struct scene s;
   base_params(&p);
   float *v = calloc((size_t)n * 8, sizeof(float));
   assert_non_null(v);
   for (unsigned i = 0; i < n; i++)
      memcpy(v + 8 * (size_t)i, p.pos[which(i, n)], 4 * sizeof(float));
   p.use_primitive = true;
   p.primitive = prim;
   p.big_vertices = v;
   p.nr_big_vertices = n;
   build(f, &p, &s, true);
   free(v);
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         bool in = in_right_triangle(x, y);
         expect_rgba(scene_pixel(&p, &s, x, y), in ? 255 : 0, in ? 64 : 0,
                     in ? 0 : 255, 255, x, y);
      }
   }
   assert_int_equal(f->gpu.primitives, prims);
   assert_int_equal(f->gpu.vertices, n);
}

/* All on vertex 0 but the last two: every fan triangle but the last has
 * two equal vertices and no area (dropped). */
static unsigned
fan_vertex(unsigned i, unsigned n)
{
   return i == n - 2 ? 1 : i == n - 1 ? 2 : 0;
}

/* Vertex 0 up to position 4094, 1 at 4095, 2 after: of the strip, only
 * triangle 4094 (positions 4094-4096) has three different vertices. */
static unsigned
strip_vertex(unsigned i, unsigned n)
{
   return i < 4095 ? 0 : i == 4095 ? 1 : 2;
}

/*
 * Real hardware takes draws of any size; the simulator shades a long draw
 * through a bounded window of vertices (4,096).  A fan of 2^20 + 2
 * vertices (past the 2^20 the simulator once refused) whose one triangle
 * with an area is its last, drawn with the first vertex 2^20 positions
 * back; a strip of 10,000 whose one triangle with an area straddles the
 * first window's end.  Each vertex is shaded once.
 */
static void
test_long_fan(void **state)
{
   check_long_draw(*state, AGX_PRIMITIVE_TRIANGLE_FAN, (1u << 20) + 2,
                   fan_vertex, 1);
}

static void
test_long_strip(void **state)
{
   check_long_draw(*state, AGX_PRIMITIVE_TRIANGLE_STRIP, 10000, strip_vertex,
                   1);
}

/* Draws primitive `prim` of `n` window-space vertices (at most 6) in the
 * base scene with polygon mode `mode`, and checks that exactly the pixels
 * `in` names have the scene's colour. */
static void
check_primitive(struct fixture *f, unsigned prim, enum agx_polygon_mode mode,
                unsigned n, const float win[][2],
                bool (*in)(unsigned x, unsigned y))
{
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.use_primitive = true;
   p.primitive = prim;
   p.polygon_mode = mode;
   p.nr_vertices = n;
   for (unsigned i = 0; i < n; i++)
      scene_window_to_clip(&p, win[i][0], win[i][1], 1.0f, p.pos[i]);
   build(f, &p, &s, true);
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         bool on = in(x, y);
         expect_rgba(scene_pixel(&p, &s, x, y), on ? 255 : 0, on ? 64 : 0,
                     on ? 0 : 255, 255, x, y);
      }
   }
}

/*
 * Lines of width 1: a horizontal line (4.5, 10.5) - (20.5, 10.5) widens to
 * the rectangle x 4.5..20.5, y 10..11: pixels x 4..19 of row 10 (the right
 * end excluded).  A vertical line (30.5, 2.5) - (30.5, 12.5) widens to x 30..31, y 2.5..12.5: pixels y 2..11 of column 30.
 */
static bool
lines_in(unsigned x, unsigned y)
{
   return (y == 10 && x >= 4 && x <= 19) || (x == 30 && y >= 2 && y <= 11);
}

static void
test_lines(void **state)
{
   static const float win[4][2] = {
      {4.5f, 10.5f}, {20.5f, 10.5f}, {30.5f, 2.5f}, {30.5f, 12.5f}};
   check_primitive(*state, AGX_PRIMITIVE_LINES, AGX_POLYGON_MODE_FILL, 4,
                   win, lines_in);
}

/*
 * The same lines drawn the other way, (20.5, 14.5) - (4.5, 14.5) and
 * (34.5, 12.5) - (34.5, 2.5): by GL's diamond-exit rule (GL 4.6
 * compatibility section 14.5.1) the starting pixel is drawn and the ending
 * one not, so pixels x 5..20 of row 14 and y 3..12 of column 34 (the top-
 * left rule alone would give x 4..19 and y 2..11 again).
 */
static bool
lines_reversed_in(unsigned x, unsigned y)
{
   return (y == 14 && x >= 5 && x <= 20) || (x == 34 && y >= 3 && y <= 12);
}

static void
test_lines_reversed(void **state)
{
   static const float win[4][2] = {
      {20.5f, 14.5f}, {4.5f, 14.5f}, {34.5f, 12.5f}, {34.5f, 2.5f}};
   check_primitive(*state, AGX_PRIMITIVE_LINES, AGX_POLYGON_MODE_FILL, 4,
                   win, lines_reversed_in);
}

/*
 * Polygon modes (fragment face `polygon mode`) on the base triangle
 * (4.5, 4.5), (28.5, 4.5), (4.5, 28.5).  Line: its three edges as lines
 * of width 1 (see test_lines): row 4 for x 4..27, column 4 for y 4..27,
 * and the hypotenuse x + y = 33, widened vertically by half a pixel (the
 * tie of |dx| = |dy| counts as x-major), which holds the centres with
 * x + y = 32 for x 5..27; nothing inside the triangle.
 * Point: 1-pixel points on the corners, pixels (4, 4), (28, 4), (4, 28).
 */
static void
check_polygon_mode(struct fixture *f, enum agx_polygon_mode mode)
{
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.polygon_mode = mode;
   build(f, &p, &s, true);
   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         bool in;
         /* The centres of (28, 4) and (4, 28) lie on the ends of lines,
          * where the 1/256 pixel rounding of the corners decides. */
         if (mode == AGX_POLYGON_MODE_LINE &&
             ((x == 28 && y == 4) || (x == 4 && y == 28)))
            continue;
         if (mode == AGX_POLYGON_MODE_LINE)
            in = (y == 4 && x >= 4 && x <= 27) ||
                 (x == 4 && y >= 4 && y <= 27) ||
                 (x + y == 32 && x >= 5 && x <= 27);
         else
            in = (x == 4 && y == 4) || (x == 28 && y == 4) ||
                 (x == 4 && y == 28);
         expect_rgba(scene_pixel(&p, &s, x, y), in ? 255 : 0, in ? 64 : 0,
                     in ? 0 : 255, 255, x, y);
      }
   }
}

static void
test_polygon_mode_line(void **state)
{
   check_polygon_mode(*state, AGX_POLYGON_MODE_LINE);
}

static void
test_polygon_mode_point(void **state)
{
   check_polygon_mode(*state, AGX_POLYGON_MODE_POINT);
}

/*
 * A quad (primitive Quads) in the polygon modes is one polygon (GL 3.0
 * section 3.5.4): the square (4.5, 4.5), (24.5, 4.5), (24.5, 24.5),
 * (4.5, 24.5) in mode line draws its four edges (pixel (14, 4) of the
 * bottom one, (24, 14) of the right one, (14, 24) of the top one, (4, 14)
 * of the left one; see test_lines), never the diagonal from vertex 1 to
 * vertex 3 of the two triangles it may be split into (x + y = 29 through
 * the centres of (14, 14) and (10, 18)); in mode point only its corners
 * (4, 4), (24, 4), (24, 24), (4, 24), nothing between them.
 */
static void
check_quad_polygon_mode(struct fixture *f, enum agx_polygon_mode mode)
{
   static const float win[4][2] = {
      {4.5f, 4.5f}, {24.5f, 4.5f}, {24.5f, 24.5f}, {4.5f, 24.5f}};
   static const unsigned line_on[][2] = {{14, 4}, {24, 14}, {14, 24},
                                         {4, 14}};
   static const unsigned point_on[][2] = {{4, 4}, {24, 4}, {24, 24},
                                          {4, 24}};
   static const unsigned off[][2] = {{14, 14}, {10, 18}, {18, 10}};
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.use_primitive = true;
   p.primitive = AGX_PRIMITIVE_QUADS;
   p.polygon_mode = mode;
   p.nr_vertices = 4;
   for (unsigned i = 0; i < 4; i++)
      scene_window_to_clip(&p, win[i][0], win[i][1], 1.0f, p.pos[i]);
   build(f, &p, &s, true);
   const unsigned(*on)[2] = mode == AGX_POLYGON_MODE_LINE ? line_on
                                                           : point_on;
   for (unsigned i = 0; i < 4; i++)
      expect_rgba(scene_pixel(&p, &s, on[i][0], on[i][1]), 255, 64, 0, 255,
                  on[i][0], on[i][1]);
   for (unsigned i = 0; i < 3; i++)
      expect_rgba(scene_pixel(&p, &s, off[i][0], off[i][1]), 0, 0, 255, 255,
                  off[i][0], off[i][1]);
   if (mode == AGX_POLYGON_MODE_POINT)
      expect_rgba(scene_pixel(&p, &s, 14, 4), 0, 0, 255, 255, 14, 4);
}

static void
test_quad_polygon_mode_line(void **state)
{
   check_quad_polygon_mode(*state, AGX_POLYGON_MODE_LINE);
}

static void
test_quad_polygon_mode_point(void **state)
{
   check_quad_polygon_mode(*state, AGX_POLYGON_MODE_POINT);
}

/* The texel of the scene's texture, a component as unorm8. */
static double
tex_component(int i, int j, unsigned c)
{
   i = i < 0 ? 0 : (i > 3 ? 3 : i); /* clamp to edge */
   j = j < 0 ? 0 : (j > 3 ? 3 : j);
   const double t[4] = {60.0 * i, 60.0 * j, 100, 255};
   return t[c];
}

/*
 * A textured rectangle over the whole target: texture coordinates run
 * 0..1 across it, so pixel (x, y) samples at u = (x + .5) / 40 * 4,
 * v = (y + .5) / 32 * 4 texels.  Nearest: texel (floor u, floor v).
 * Linear (GL 4.6 equation 8.10): the four texels around (u - .5, v - .5)
 * weighted by the fractions, clamped to the edge.
 */
static void
check_texture(struct fixture *f, bool linear)
{
   struct scene_params p;
   struct scene s;
   base_params(&p);
   p.shading = SCENE_TEXTURED;
   p.linear_filter = linear;
   p.nr_vertices = 6;
   const float win[6][2] = {{0, 0},  {40, 0}, {0, 32},
                            {40, 0}, {40, 32}, {0, 32}};
   for (unsigned i = 0; i < 6; i++) {
      scene_window_to_clip(&p, win[i][0], win[i][1], 1.0f, p.pos[i]);
      p.vcolour[i][0] = win[i][0] / 40;
      p.vcolour[i][1] = win[i][1] / 32;
   }
   build(f, &p, &s, true);

   for (unsigned y = 0; y < p.height; y++) {
      for (unsigned x = 0; x < p.width; x++) {
         double u = (x + 0.5) / 10, v = (y + 0.5) / 8;
         const uint8_t *px = scene_pixel(&p, &s, x, y);
         for (unsigned c = 0; c < 4; c++) {
            double e;
            if (!linear) {
               e = tex_component((int)floor(u), (int)floor(v), c);
            } else {
               double a = u - 0.5, b = v - 0.5;
               int i0 = (int)floor(a), j0 = (int)floor(b);
               double fa = a - i0, fb = b - j0;
               e = (1 - fa) * (1 - fb) * tex_component(i0, j0, c) +
                   fa * (1 - fb) * tex_component(i0 + 1, j0, c) +
                   (1 - fa) * fb * tex_component(i0, j0 + 1, c) +
                   fa * fb * tex_component(i0 + 1, j0 + 1, c);
            }
            if (fabs(px[c] - e) > 1.0)
               fail_msg("pixel (%u, %u) component %u is %u, expected %.2f",
                        x, y, c, px[c], e);
         }
      }
   }
}

static void
test_texture_nearest(void **state)
{
   check_texture(*state, false);
}

static void
test_texture_linear(void **state)
{
   check_texture(*state, true);
}

/*
 * Compute with threadgroup memory and a barrier: 2 threadgroups of 64
 * threads (two SIMD groups each).  Thread l of a group stores l at
 * shared[l], waits at the barrier, then writes shared[63 - l] to
 * out[global id]: out[i] = 63 - i % 64, which needs the other SIMD
 * group's stores to have happened before the load.
 */
static void
run_compute_barrier(struct fixture *f, bool indirect)
{
   char msg[256];
   void *ctx = ralloc_context(NULL);
   uint8_t *code;
   size_t size;
   assert_int_equal(
      agx_isa_assemble("get_sr r1, sr48\n"
                       "get_sr r2, sr80\n"
                       "iadd r6, r1, r1\n"
                       "iadd r6, r6, r6\n"
                       "threadgroup_store i32, x, r1, r6l, 0\n"
                       "threadgroup_barrier\n"
                       "mov_imm r8, 252, 0\n"
                       "isub r7, r8, r6\n"
                       "threadgroup_load i32, x, r9, r7l, 0\n"
                       "wait 0\n"
                       "device_store 0, i32, x, r9, u0_u1, r2, unsigned, 0\n"
                       "stop\n",
                       ctx, &code, &size, msg, sizeof(msg)),
      AGX_ISA_OK);

   uint64_t code_va = 0, words_va = 0, out_va = 0, uni_va = 0, cdm_va = 0;
   uint8_t *c = mem_alloc(&f->mem, size, 64, true, &code_va);
   memcpy(c, code, size);
   uint32_t *out = mem_alloc(&f->mem, 128 * 4, 16, false, &out_va);
   memset(out, 0xee, 128 * 4);
   uint64_t *uni = mem_alloc(&f->mem, 16, 16, false, &uni_va);
   uni[0] = out_va;

   uint8_t *w = mem_alloc(&f->mem, 64, 64, true, &words_va);
   uint8_t *cdm = mem_alloc(&f->mem, 64, 64, false, &cdm_va);
   if (!w || !cdm) {
      ralloc_free(ctx);
      fail_msg("test heap full");
      return;
   }
   memset(w, 0, 64);
   agx_pack(w, USC_UNIFORM, cfg) {
      cfg.start = 0;
      cfg.size = 4;
      cfg.buffer = uni_va;
   }
   agx_pack(w + 8, USC_SHARED, cfg) {
      cfg.uses_shared_memory = true;
      cfg.layout = AGX_SHARED_LAYOUT_VERTEX_COMPUTE;
      cfg.bytes_per_threadgroup = 256;
   }
   agx_pack(w + 12, USC_SHADER, cfg) {
      cfg.code = (uint32_t)(code_va - USC_BASE);
   }
   agx_pack(w + 18, USC_REGISTERS, cfg) {
      cfg.gprs = 16;
   }
   agx_pack(w + 22, USC_NO_PRESHADER, cfg)
      ;

   memset(cdm, 0, 64);
   agx_pack(cdm, CDM_LAUNCH_WORD_0, cfg) {
      cfg.mode = indirect ? AGX_CDM_MODE_INDIRECT_GLOBAL : AGX_CDM_MODE_DIRECT;
      cfg.uniforms = 4;
   }
   agx_pack(cdm + 4, CDM_LAUNCH_WORD_1, cfg) {
      cfg.pipeline = (uint32_t)(words_va - USC_BASE);
   }
   unsigned at = 8;
   if (indirect) {
      /* the arguments count threadgroups: 2 x 1 x 1 of 64 threads */
      uint64_t args_va = 0;
      uint32_t *args = mem_alloc(&f->mem, 16, 16, false, &args_va);
      args[0] = 2;
      args[1] = 1;
      args[2] = 1;
      agx_pack(cdm + at, CDM_INDIRECT, cfg) {
         cfg.address_hi = (uint32_t)(args_va >> 32);
         cfg.address_lo = (uint32_t)args_va;
      }
      at += AGX_CDM_INDIRECT_LENGTH;
   } else {
      agx_pack(cdm + at, CDM_GLOBAL_SIZE, cfg) {
         cfg.x = 128;
         cfg.y = 1;
         cfg.z = 1;
      }
      at += AGX_CDM_GLOBAL_SIZE_LENGTH;
   }
   agx_pack(cdm + at, CDM_LOCAL_SIZE, cfg) {
      cfg.x = 64;
      cfg.y = 1;
      cfg.z = 1;
   }
   at += AGX_CDM_LOCAL_SIZE_LENGTH;
   agx_pack(cdm + at, CDM_STREAM_TERMINATE, cfg)
      ;

   /* agxdecode reads the stream cleanly. */
   FILE *null = fopen("/dev/null", "w");
   struct agxdecode_options o = {
      .fp = null,
      .read = decode_read,
      .read_user = &f->mem,
      .usc_exec_base = USC_BASE,
   };
   struct agxdecode_ctx *dctx = agxdecode_create(&o);
   assert_int_equal(agxdecode_cdm(dctx, cdm_va), 0);
   agxdecode_destroy(dctx);
   fclose(null);

   struct drm_asahi_cmd_compute cmd = {.cdm_ctrl_stream_base = cdm_va};
   enum asahi_sim_result r = asahi_sim_execute_compute(&f->gpu, &cmd);
   if (r != ASAHI_SIM_RESULT_OK)
      fail_msg("compute failed (%s): %s", asahi_sim_result_string(r),
               f->gpu.error);
   for (unsigned i = 0; i < 128; i++)
      assert_int_equal(out[i], 63 - i % 64);
   assert_int_equal(f->gpu.threads, 128);
   ralloc_free(ctx);
}

static void
test_compute_barrier(void **state)
{
   run_compute_barrier(*state, false);
}

/* The same dispatch launched indirectly: an indirect global launch reads
 * threadgroup counts (Mesa's drivers hand it the API's buffer of
 * workgroup counts: alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/
 * agx_state.c agx_launch_grid), so 2 groups give the same 128 threads. */
static void
test_compute_indirect(void **state)
{
   run_compute_barrier(*state, true);
}

/* The scene written as an agxdecode dump (as ASAHI_SHIM_DUMP writes
 * them) replays through the executor with the same work done. */
static void
test_replay_dump(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   build(f, &p, &s, false);
   uint8_t cmdbuf[512];
   size_t n = scene_cmdbuf(&s, cmdbuf, sizeof(cmdbuf));

   char *bytes = NULL;
   size_t size = 0;
   FILE *fp = open_memstream(&bytes, &size);
   struct agx_dump_writer w;
   agx_dump_writer_begin(&w, fp, USC_BASE);
   agx_dump_writer_add_region(&w, USC_BASE, f->mem.usc.data, HEAP_SIZE,
                              AGX_DUMP_REGION_SHADER);
   agx_dump_writer_add_region(&w, DATA_BASE, f->mem.data.data, HEAP_SIZE,
                              AGX_DUMP_REGION_WRITABLE);
   assert_true(agx_dump_writer_finish(&w, AGX_DUMP_SUBMISSION_DRM_ASAHI,
                                      cmdbuf, n));
   fclose(fp);

   struct asahi_sim_replay_result res;
   bool ok = asahi_sim_replay(bytes, size, 0, &res);
   if (!ok)
      fail_msg("replay: %s", res.error);
   assert_int_equal(res.commands, 1);
   assert_int_equal(res.failed, 0);
   assert_int_equal(res.primitives, 1);
   assert_int_equal(res.fragments, 300);
   free(bytes);
}

/* A program that never ends times out; the next command runs. */
static void
test_runaway_shader(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   build(f, &p, &s, false);

   /* Overwrite the end-of-tile program with a jump to itself. */
   uint64_t words = USC_BASE + (s.cmd.eot.usc & ~0x3fu);
   uint64_t avail;
   uint8_t *w = mem_lookup(&f->mem, words, false, &avail);
   uint32_t code = 0;
   for (unsigned i = 0; i < 64; i++) {
      if (w[i] == AGX_USC_CONTROL_SHADER) {
         code = w[i + 2] | w[i + 3] << 8 | w[i + 4] << 16 |
                (uint32_t)w[i + 5] << 24;
         break;
      }
   }
   uint8_t *c = mem_lookup(&f->mem, USC_BASE + code, true, &avail);
   uint8_t saved[16];
   memcpy(saved, c, sizeof(saved));
   /* A branch to itself: loops forever with a lane active. */
   void *ctx = ralloc_context(NULL);
   uint8_t *loop;
   size_t loop_size;
   char msg[128];
   assert_int_equal(agx_isa_assemble("loop:\njmp_exec_any loop\n", ctx,
                                     &loop, &loop_size, msg, sizeof(msg)),
                    AGX_ISA_OK);
   assert_true(loop_size <= sizeof(saved));
   memcpy(c, loop, loop_size);
   ralloc_free(ctx);

   f->gpu.budget = 10000;
   assert_int_equal(asahi_sim_execute_render(&f->gpu, &s.cmd),
                    ASAHI_SIM_RESULT_TIMEOUT);
   assert_non_null(strstr(f->gpu.error, "end-of-tile"));

   memcpy(c, saved, sizeof(saved));
   run(f, &s);
}

/* A control stream in unmapped memory faults at its address. */
static void
test_bad_stream(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   base_params(&p);
   build(f, &p, &s, false);
   s.cmd.vdm_ctrl_stream_base = 0x7000000000ull;
   assert_int_equal(asahi_sim_execute_render(&f->gpu, &s.cmd),
                    ASAHI_SIM_RESULT_FAULT);
   assert_true(f->gpu.faulted);
   assert_int_equal(f->gpu.fault.addr, 0x7000000000ull);
}

/*
 * ASAHI_SIM_DEBUG=png: the render target lands in $ASAHI_SIM_PNG_DIR as
 * an RGBA8 PNG of the target's size with the triangle's colour (1, 0.25,
 * 0, 1) -> (255, 64, 0, 255) inside and the clear colour (blue) outside.
 */
#ifdef HAVE_LIBPNG
#include <dirent.h>
#include <png.h>
#include <unistd.h>

static void
test_png_dump(void **state)
{
   struct fixture *f = *state;
   char dir[] = "/tmp/asahi-sim-png-XXXXXX";
   assert_non_null(mkdtemp(dir));
   setenv("ASAHI_SIM_PNG_DIR", dir, 1);
   f->gpu.debug |= ASAHI_SIM_DEBUG_PNG;
   FILE *log = fopen("/dev/null", "w");
   f->gpu.log = log;

   struct scene_params p;
   struct scene s;
   base_params(&p);
   build(f, &p, &s, true);
   unsetenv("ASAHI_SIM_PNG_DIR");

   char path[512] = "";
   DIR *d = opendir(dir);
   assert_non_null(d);
   struct dirent *e;
   while ((e = readdir(d))) {
      if (strstr(e->d_name, ".png"))
         snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
   }
   closedir(d);
   assert_true(path[0]);

   png_image img;
   memset(&img, 0, sizeof(img));
   img.version = PNG_IMAGE_VERSION;
   assert_true(png_image_begin_read_from_file(&img, path));
   assert_int_equal(img.width, p.width);
   assert_int_equal(img.height, p.height);
   img.format = PNG_FORMAT_RGBA;
   uint8_t *px = calloc(1, PNG_IMAGE_SIZE(img));
   assert_true(png_image_finish_read(&img, NULL, px, 0, NULL));
   const uint8_t tri[4] = {255, 64, 0, 255}, blue[4] = {0, 0, 255, 255};
   assert_memory_equal(px + (10 * p.width + 10) * 4, tri, 4);
   assert_memory_equal(px + (20 * p.width + 35) * 4, blue, 4);
   free(px);
   unlink(path);
   rmdir(dir);
   if (log)
      fclose(log);
   f->gpu.log = NULL;
}
#endif

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_clear_and_triangle, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_restart_not_shaded, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_layered, setup, teardown),
      cmocka_unit_test_setup_teardown(test_viewport_index, setup, teardown),
      cmocka_unit_test_setup_teardown(test_viewport_index_scissor, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_clear_and_triangle_twiddled, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_background_per_pixel, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_background_computed, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_kept_groups_see_new_code, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_background_reload_copy, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_primitive_id_per_instance, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_empty_tiles_skipped, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_occlusion_query, setup, teardown),
#ifdef HAVE_LIBPNG
      cmocka_unit_test_setup_teardown(test_png_dump, setup, teardown),
#endif
      cmocka_unit_test_setup_teardown(test_msaa_4x, setup, teardown),
      cmocka_unit_test_setup_teardown(test_msaa_4x_resolve, setup, teardown),
      cmocka_unit_test_setup_teardown(test_msaa_4x_coverage_mask, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_varyings_perspective, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_varyings_linear, setup, teardown),
      cmocka_unit_test_setup_teardown(test_varyings_flat, setup, teardown),
      cmocka_unit_test_setup_teardown(test_strip_provoking, setup, teardown),
      cmocka_unit_test_setup_teardown(test_flat_bits, setup, teardown),
      cmocka_unit_test_setup_teardown(test_varyings_clipped, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_depth_less, setup, teardown),
      cmocka_unit_test_setup_teardown(test_depth_bias, setup, teardown),
      cmocka_unit_test_setup_teardown(test_depth_clamp, setup, teardown),
      cmocka_unit_test_setup_teardown(test_depth_bias_clamp, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_depth_less_reversed, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_stencil, setup, teardown),
      cmocka_unit_test_setup_teardown(test_points_share_groups, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_scissor, setup, teardown),
      cmocka_unit_test_setup_teardown(test_clip_near, setup, teardown),
      cmocka_unit_test_setup_teardown(test_clip_behind, setup, teardown),
      cmocka_unit_test_setup_teardown(test_clip_distance, setup, teardown),
      cmocka_unit_test_setup_teardown(test_points, setup, teardown),
      cmocka_unit_test_setup_teardown(test_long_fan, setup, teardown),
      cmocka_unit_test_setup_teardown(test_long_strip, setup, teardown),
      cmocka_unit_test_setup_teardown(test_polygon_mode_line, setup, teardown),
      cmocka_unit_test_setup_teardown(test_polygon_mode_point, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_quad_polygon_mode_line, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_quad_polygon_mode_point, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_lines, setup, teardown),
      cmocka_unit_test_setup_teardown(test_lines_reversed, setup, teardown),
      cmocka_unit_test_setup_teardown(test_texture_nearest, setup, teardown),
      cmocka_unit_test_setup_teardown(test_texture_linear, setup, teardown),
      cmocka_unit_test_setup_teardown(test_compute_barrier, setup, teardown),
      cmocka_unit_test_setup_teardown(test_compute_indirect, setup, teardown),
      cmocka_unit_test_setup_teardown(test_replay_dump, setup, teardown),
      cmocka_unit_test_setup_teardown(test_runaway_shader, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bad_stream, setup, teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
