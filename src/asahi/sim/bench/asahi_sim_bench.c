/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * asahi-sim-bench: how fast the simulator's command executor renders.
 * Builds fixed scenes with the render tests' scene builder (genxml packing,
 * hand-assembled shaders: src/asahi/sim/tests/render_scene.c), runs them
 * in-process through asahi_sim_execute_render, and prints (in CPU time
 * of this thread, so that a busy machine does not skew it) fragments and
 * vertices per second with the time split per unit (gpu->profile), next
 * to a baseline measured in the same run: a memcpy of the frame.
 *
 * Scenes:
 *  - flat: two triangles covering the frame with a constant-colour
 *    fragment program (the "simple fragments" figure);
 *  - textured: many small triangles, each sampling a 4x4 twiddled texture
 *    through interpolated coordinates;
 *  - passes: many small render commands (see below);
 *  - reloads: the same commands, each background reloading the target;
 *  - tiny: ten times as many triangles of about one pixel each, with a
 *    flat colour (the shape of piglit's longprim: a fragment group per
 *    primitive, and more vertices than the vertex window holds).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "asahi/sim/asahi_sim_gpu.h"
#include "render_scene.h"

#define USC_BASE  0x100000000ull
#define DATA_BASE 0x200000000ull

struct heap {
   uint64_t va;
   uint8_t *data;
   size_t size, used;
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
   if (at + size > h->size)
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
   (void)write;
   for (unsigned i = 0; i < 2; i++) {
      if (va >= hs[i]->va && va - hs[i]->va < hs[i]->size) {
         *avail = hs[i]->size - (va - hs[i]->va);
         return hs[i]->data + (va - hs[i]->va);
      }
   }
   return NULL;
}

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct options {
   unsigned size;       /* frame width and height */
   unsigned triangles;  /* of the textured scene */
   unsigned repeat;     /* runs of each scene (the best is reported) */
   unsigned passes;     /* render commands of the passes scene */
};

/* One way of running a scene: with the executor's shortcuts, or without
 * them (ASAHI_SIM_DEBUG=nofast, the reference). */
struct timing {
   double seconds;
   uint64_t fragments, vertices;
};

struct result {
   struct timing fast, reference;
   double profiled_seconds;
   uint64_t ns[ASAHI_SIM_PROF_COUNT];
};

/* Run the scene's command `passes` times with the given debug flags;
 * false (printed) on failure. */
static bool
run_once(const char *name, struct memory *m, const struct scene *s,
         unsigned passes, uint32_t debug, bool profile, struct timing *t,
         uint64_t ns[ASAHI_SIM_PROF_COUNT])
{
   struct asahi_sim_gpu gpu = {
      .lookup = mem_lookup,
      .user = m,
      .usc_base = USC_BASE,
      .profile = profile,
      .work_limit = 1ull << 32,
      .debug = debug,
   };
   /* With the shortcuts, the groups (and their decoded programs) are kept
    * from one command to the next, as the drm-shim keeps them. */
   if (!(debug & ASAHI_SIM_DEBUG_NOFAST))
      gpu.groups = asahi_sim_group_pool_create();
   double t0 = now_s();
   for (unsigned p = 0; p < passes; p++) {
      enum asahi_sim_result r = asahi_sim_execute_render(&gpu, &s->cmd);
      if (r != ASAHI_SIM_RESULT_OK) {
         fprintf(stderr, "asahi-sim-bench: %s: %s: %s\n", name,
                 asahi_sim_result_string(r), gpu.error);
         asahi_sim_group_pool_destroy(gpu.groups);
         return false;
      }
   }
   *t = (struct timing){now_s() - t0, gpu.fragments, gpu.vertices};
   asahi_sim_group_pool_destroy(gpu.groups);
   if (ns)
      memcpy(ns, gpu.ns, sizeof(gpu.ns));
   return true;
}

static void
keep_best(struct timing *best, const struct timing *t, bool first)
{
   if (first || t->seconds < best->seconds)
      *best = *t;
}

/* Build the scene, then run it `repeat` times each way, alternating (so
 * that a change of load on the machine touches both alike), and once
 * more with the split per unit; false on failure or when the two ways
 * leave different frames (printed). */
static bool
run_scene(const char *name, const struct options *o, unsigned passes,
          const struct scene_params *p, struct result *best)
{
   size_t frame = (size_t)p->width * p->height * 4;
   size_t vdata = (size_t)p->nr_big_vertices * 32;
   struct memory m = {
      .usc = {USC_BASE, calloc(1, 1u << 20), 1u << 20, 0},
      .data = {DATA_BASE, NULL, frame + vdata + (1u << 20), 0},
   };
   m.data.data = calloc(1, m.data.size);
   uint8_t *fast_frame = malloc(frame);
   if (!m.usc.data || !m.data.data || !fast_frame) {
      fprintf(stderr, "asahi-sim-bench: out of memory\n");
      free(m.usc.data);
      free(m.data.data);
      free(fast_frame);
      return false;
   }
   struct scene_mem smem = {mem_alloc, &m, USC_BASE};
   struct scene s;
   char err[256];
   bool ok = scene_build(&smem, p, &s, err, sizeof(err));
   if (!ok)
      fprintf(stderr, "asahi-sim-bench: %s: %s\n", name, err);
   size_t compared = ok && s.rt_size < frame ? s.rt_size : frame;

   memset(best, 0, sizeof(*best));
   for (unsigned i = 0; ok && i < o->repeat; i++) {
      struct timing t;
      ok = run_once(name, &m, &s, passes, 0, false, &t, NULL);
      keep_best(&best->fast, &t, i == 0);
      memcpy(fast_frame, s.rt, compared);
      ok = ok && run_once(name, &m, &s, passes, ASAHI_SIM_DEBUG_NOFAST,
                          false, &t, NULL);
      keep_best(&best->reference, &t, i == 0);
      if (ok && memcmp(fast_frame, s.rt, compared)) {
         fprintf(stderr, "asahi-sim-bench: %s: the frame differs without "
                         "the shortcuts (ASAHI_SIM_DEBUG=nofast)\n", name);
         ok = false;
      }
   }
   struct timing t;
   if (ok && run_once(name, &m, &s, passes, 0, true, &t, best->ns))
      best->profiled_seconds = t.seconds;
   else
      ok = false;
   free(fast_frame);
   free(m.usc.data);
   free(m.data.data);
   return ok;
}

/* One vertex of a scene's vertex buffer: the position (x, y, 0.5, 1),
 * then the four floats the vertex program passes on. */
static void
put_vertex(float *w, float x, float y, const float attr[4])
{
   const float pos[4] = {x, y, 0.5f, 1};
   memcpy(w, pos, sizeof(pos));
   memcpy(w + 4, attr, 4 * sizeof(float));
}

static void
report(const char *name, const struct result *r, double memcpy_s)
{
   static const char *const units[ASAHI_SIM_PROF_COUNT] = {
      "vertex (VS, assembly, set-up)",
      "raster (coverage, tests, quads)",
      "fragment programs",
      "tile (bg, eot, depth/stencil)",
   };
   const struct timing *f = &r->fast;
   printf("%s: %.3f s, %llu fragments (%.2f M/s), %llu vertices "
          "(%.2f M/s), %.0fx the frame memcpy\n",
          name, f->seconds, (unsigned long long)f->fragments,
          f->fragments / f->seconds * 1e-6,
          (unsigned long long)f->vertices, f->vertices / f->seconds * 1e-6,
          f->seconds / memcpy_s);
   printf("  without the shortcuts (nofast): %.3f s; x%.2f faster with "
          "them, the same frame\n",
          r->reference.seconds, r->reference.seconds / f->seconds);
   /* Shares of the profiled run (slower by its clock reads). */
   double total = r->profiled_seconds * 1e9;
   for (unsigned u = 0; u < ASAHI_SIM_PROF_COUNT; u++)
      printf("  %-34s %5.1f%% (%.1f ms profiled)\n", units[u],
             100.0 * (double)r->ns[u] / total, r->ns[u] * 1e-6);
}

/* The baseline: the best time of a memcpy of the whole frame (CPU time
 * has a coarse grain on some hosts: 20 copies are timed together). */
static double
memcpy_baseline(size_t frame)
{
   uint8_t *a = malloc(frame), *b = malloc(frame);
   double best = 1e9;
   if (!a || !b) {
      free(a);
      free(b);
      return 1e-9;
   }
   memset(a, 1, frame);
   memset(b, 2, frame);
   for (unsigned i = 0; i < 5; i++) {
      double t0 = now_s();
      for (unsigned k = 0; k < 20; k++) {
         memcpy(k & 1 ? a : b, k & 1 ? b : a, frame);
         __asm__ volatile("" : : "r"(a), "r"(b) : "memory");
      }
      double t = (now_s() - t0) / 20;
      best = t < best ? t : best;
   }
   free(a);
   free(b);
   return best;
}

static void
usage(FILE *fp)
{
   fprintf(fp,
           "usage: asahi-sim-bench [--quick] [--size N] [--triangles N] "
           "[--passes N] [--repeat N]\n"
           "Renders fixed scenes through the simulator's command executor\n"
           "in-process and prints fragments and vertices per second and the\n"
           "time per unit, against a memcpy of the frame.\n"
           "  --quick        a tiny run (64x64, 100 triangles, 5 passes, "
           "once)\n"
           "  --size N       frame of N x N pixels (default 1024)\n"
           "  --triangles N  triangles of the textured scene (10000)\n"
           "  --passes N     render commands of the passes scene (200)\n"
           "  --repeat N     runs of each scene, the best reported (3)\n"
           "Each scene also runs without the executor's shortcuts\n"
           "(ASAHI_SIM_DEBUG=nofast) in the same process: the ratio of the\n"
           "two times is printed, and the frames must be the same.\n");
}

static bool
parse_uint(const char *s, unsigned min, unsigned max, unsigned *out)
{
   char *end;
   unsigned long v = s ? strtoul(s, &end, 10) : 0;
   if (!s || *end || v < min || v > max)
      return false;
   *out = (unsigned)v;
   return true;
}

int
main(int argc, char **argv)
{
   struct options o = {
      .size = 1024, .triangles = 10000, .repeat = 3, .passes = 200};
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
      bool ok = true;
      if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(a, "--quick")) {
         o = (struct options){
            .size = 64, .triangles = 100, .repeat = 1, .passes = 5};
      } else if (!strcmp(a, "--size")) {
         ok = parse_uint(v, 32, 8192, &o.size), i++;
      } else if (!strcmp(a, "--triangles")) {
         ok = parse_uint(v, 1, 1000000, &o.triangles), i++;
      } else if (!strcmp(a, "--passes")) {
         ok = parse_uint(v, 1, 100000, &o.passes), i++;
      } else if (!strcmp(a, "--repeat")) {
         ok = parse_uint(v, 1, 1000, &o.repeat), i++;
      } else {
         ok = false;
      }
      if (!ok) {
         usage(stderr);
         return 2;
      }
   }
   o.size &= ~31u;
   printf("CPU time of one thread; the best of %u runs; the split per unit "
          "from one more run with gpu->profile\n",
          o.repeat);

   double base = memcpy_baseline((size_t)o.size * o.size * 4);
   printf("frame %ux%u RGBA8, memcpy of the frame: %.3f ms (%.2f GB/s)\n",
          o.size, o.size, base * 1e3,
          (double)o.size * o.size * 4 / base * 1e-9);

   /* Flat: two triangles covering the frame, constant colour. */
   struct scene_params flat = {
      .width = o.size,
      .height = o.size,
      .tile_w = 32,
      .tile_h = 32,
      .clear = {0, 0, 0, 1},
      .shading = SCENE_CONSTANT,
      .colour = {0.25f, 0.5f, 0.75f, 1},
      .nr_vertices = 6,
      .pos = {{-1, -1, 0.5f, 1}, {1, -1, 0.5f, 1}, {-1, 1, 0.5f, 1},
              {1, -1, 0.5f, 1}, {1, 1, 0.5f, 1}, {-1, 1, 0.5f, 1}},
   };
   struct result r;
   if (!run_scene("flat", &o, 1, &flat, &r))
      return 1;
   report("flat (full-screen constant colour)", &r, base);

   /* Textured: a grid of cells, each with one small right triangle (half
    * the cell) whose texture coordinates span the 4x4 texture. */
   unsigned n = o.triangles;
   unsigned cols = 1;
   while (cols * cols < n)
      cols++;
   float cell = 2.0f / (float)cols;
   float *v = calloc((size_t)n * 3, 8 * sizeof(float));
   if (!v)
      return 1;
   for (unsigned t = 0; t < n; t++) {
      float x = -1 + cell * (float)(t % cols), y = -1 + cell * (float)(t / cols);
      const float corners[3][4] = {
         {x, y, 0, 0}, {x + cell, y, 1, 0}, {x, y + cell, 0, 1}};
      for (unsigned k = 0; k < 3; k++) {
         const float attr[4] = {corners[k][2], corners[k][3], 0, 0};
         put_vertex(v + (t * 3 + k) * 8, corners[k][0], corners[k][1], attr);
      }
   }
   struct scene_params tex = flat;
   tex.shading = SCENE_TEXTURED;
   tex.big_vertices = v;
   tex.nr_big_vertices = n * 3;
   char name[64];
   snprintf(name, sizeof(name), "textured (%u small triangles)", n);
   bool ok = run_scene(name, &o, 1, &tex, &r);
   free(v);
   if (!ok)
      return 1;
   report(name, &r, base);

   /* Passes: many small render commands, the shape of piglit's per-draw
    * programs (gl-1.0-blend-func, tex3d-npot): a 160x160 target cleared
    * whole (every tile processed), then a textured 32x32 quad. */
   struct scene_params passes = {
      .width = 160,
      .height = 160,
      .tile_w = 32,
      .tile_h = 32,
      .process_empty_tiles = true,
      .clear = {0.5f, 0.25f, 0, 1},
      .shading = SCENE_TEXTURED,
      .nr_vertices = 6,
   };
   /* Pixels 16..48 of 160: NDC x / 80 - 1. */
   const float q0 = -0.8f, q1 = -0.4f;
   const float quad[6][4] = {{q0, q0, 0, 0}, {q1, q0, 1, 0}, {q0, q1, 0, 1},
                             {q1, q0, 1, 0}, {q1, q1, 1, 1}, {q0, q1, 0, 1}};
   for (unsigned k = 0; k < 6; k++) {
      float pos[4] = {quad[k][0], quad[k][1], 0.5f, 1};
      float tc[4] = {quad[k][2], quad[k][3], 0, 1};
      memcpy(passes.pos[k], pos, sizeof(pos));
      memcpy(passes.vcolour[k], tc, sizeof(tc));
   }
   snprintf(name, sizeof(name), "passes (%u render commands of 160x160)",
            o.passes);
   if (!run_scene(name, &o, o.passes, &passes, &r))
      return 1;
   /* Against memcpys of its own frames. */
   report(name, &r,
          base * o.passes * (160.0 * 160.0) / ((double)o.size * o.size));

   /* Reloads: the same passes, each keeping what the target held (the
    * background reloads it: get_sr, texture_load, st_tile), the shape of
    * piglit's read-cache stress and layered clears. */
   struct scene_params reloads = passes;
   reloads.bg_reload = true;
   reloads.twiddled = true;
   snprintf(name, sizeof(name),
            "reloads (%u render commands of 160x160, loading the target)",
            o.passes);
   if (!run_scene(name, &o, o.passes, &reloads, &r))
      return 1;
   report(name, &r,
          base * o.passes * (160.0 * 160.0) / ((double)o.size * o.size));

   /* Tiny: right triangles of 1.5 pixels a side, one on every third
    * pixel of every third row (each covers the centre of its corner
    * pixel), each with its own flat colour. */
   unsigned per_row = o.size / 3;
   unsigned tiny = o.triangles * 10;
   tiny = tiny < per_row * per_row ? tiny : per_row * per_row;
   v = calloc((size_t)tiny * 3, 8 * sizeof(float));
   if (!v)
      return 1;
   const float px = 2.0f / (float)o.size;
   for (unsigned t = 0; t < tiny; t++) {
      float x = -1 + px * 3 * (float)(t % per_row);
      float y = -1 + px * 3 * (float)(t / per_row);
      const float corners[3][2] = {
         {x, y}, {x + 1.5f * px, y}, {x, y + 1.5f * px}};
      const float colour[4] = {(float)(t % 7) / 7, (float)(t % 5) / 5,
                               (float)(t % 3) / 3, 1};
      for (unsigned k = 0; k < 3; k++)
         put_vertex(v + (t * 3 + k) * 8, corners[k][0], corners[k][1], colour);
   }
   struct scene_params small = flat;
   small.shading = SCENE_FLAT;
   small.big_vertices = v;
   small.nr_big_vertices = tiny * 3;
   snprintf(name, sizeof(name), "tiny (%u one-pixel triangles)", tiny);
   ok = run_scene(name, &o, 1, &small, &r);
   free(v);
   if (!ok)
      return 1;
   report(name, &r, base);
   return 0;
}
