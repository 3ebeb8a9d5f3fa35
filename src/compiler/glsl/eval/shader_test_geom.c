/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * shader-test-eval's geometry stage (GL 3.2 core 2.12): the vertices a
 * draw made in the vertex shader are assembled into the geometry shader's
 * input primitives (table 2.17 for the modes each takes, the orders of
 * 2.6.1 and table 2.4 for the adjacency strips), the geometry shader runs
 * once per primitive and invocation on the NIR interpreter with
 * gl_PrimitiveIDIn and gl_InvocationID, and the vertices it emits are
 * cut into triangle strips (at EndPrimitive and at the end of the run)
 * and rasterised like any triangles.  Point and line outputs are not
 * rasterised (SKIP).
 */
#include <string.h>

#include "shader_test_priv.h"
#include "util/ralloc.h"

#define MAX_EMIT 256

struct geom_run {
   struct run *r;
   struct fs_cache *cache;
   struct vertex_out *strip;  /* vertices of the current output strip */
   unsigned n, total, max;
   bool ok;
};

/* Rasterises the strip collected so far and starts a new one. */
static void
flush_strip(struct geom_run *g)
{
   for (unsigned i = 0; i + 2 < g->n && g->ok; i++) {
      /* odd triangles swap their first two vertices (GL 3.2 2.6.1) */
      const struct vertex_out *a = &g->strip[i + (i & 1)];
      const struct vertex_out *b = &g->strip[i + 1 - (i & 1)];
      g->ok = st_draw_triangle(g->r, a, b, &g->strip[i + 2], g->cache);
   }
   g->n = 0;
}

static void
emit_cb(void *data, bool end, unsigned stream,
        const nir_const_value *outputs, unsigned num_cells)
{
   struct geom_run *g = data;
   if (stream != 0 || !g->ok)
      return;
   if (end) {
      flush_strip(g);
      return;
   }
   /* Vertices past max_vertices are undefined (GLSL 1.50 8.10): dropped. */
   if (g->total >= g->max || g->n >= MAX_EMIT)
      return;
   g->total++;
   struct vertex_out *v = &g->strip[g->n++];
   unsigned n = num_cells < CELLS ? num_cells : CELLS;
   memset(v->cells, 0, sizeof(v->cells));
   memcpy(v->cells, outputs, n * sizeof(nir_const_value));
   for (unsigned c = 0; c < 4; c++)
      v->pos[c] = v->cells[VARYING_SLOT_POS * 4 + c].f32;
}

/* One input primitive: `idx` are vertex indices into vo. */
static bool
run_primitive(struct geom_run *g, const struct vertex_out *vo,
              const unsigned *idx, unsigned nv, unsigned prim)
{
   struct run *r = g->r;
   nir_const_value *in = ralloc_array(r->mem, nir_const_value, nv * CELLS);
   nir_const_value *out = ralloc_array(r->mem, nir_const_value, CELLS);
   for (unsigned v = 0; v < nv; v++)
      memcpy(&in[v * CELLS], vo[idx[v]].cells, sizeof(vo[0].cells));
   unsigned invocations = r->gs->info.gs.invocations ? r->gs->info.gs.invocations
                                                     : 1;
   for (unsigned inv = 0; inv < invocations && g->ok; inv++) {
      nir_eval_state es;
      memset(&es, 0, sizeof(es));
      es.inputs = in;
      es.num_input_cells = CELLS;
      es.num_vertices_in = nv;
      es.uniforms = r->uniforms;
      es.num_uniform_cells = r->num_uniform_cells;
      memcpy(es.ubos, r->ubos, sizeof(r->ubos));
      memcpy(es.ssbos, r->ssbos, sizeof(r->ssbos));
      es.outputs = out;
      es.num_output_cells = CELLS;
      es.sysvals[SYSTEM_VALUE_PRIMITIVE_ID][0].i32 = (int32_t)prim;
      es.sysvals[SYSTEM_VALUE_INVOCATION_ID][0].i32 = (int32_t)inv;
      es.emit = emit_cb;
      es.emit_data = g;
      g->n = 0;
      g->total = 0;
      if (!nir_eval_run(r->gs, &es)) {
         r->msg = ralloc_asprintf(r->mem, "geometry shader: %s", es.error);
         g->ok = false;
         break;
      }
      flush_strip(g);
   }
   ralloc_free(in);
   ralloc_free(out);
   return g->ok;
}

/* Triangle i of a strip with adjacency over n triangles, as the six
 * vertices a triangles_adjacency input takes (vertex, adjacent, vertex,
 * adjacent, vertex, adjacent): GL 3.2 core table 2.4, 1-based there. */
static void
strip_adj(unsigned i, unsigned n, unsigned *v)
{
   unsigned one, two, three, a12, a23, a31;
   if (n == 1) {
      one = 1, two = 3, three = 5, a12 = 2, a23 = 6, a31 = 4;
   } else if (i == 0) {
      one = 1, two = 3, three = 5, a12 = 2, a23 = 7, a31 = 4;
   } else if (i == n - 1) {
      one = i & 1 ? 2 * i + 3 : 2 * i + 1;
      two = i & 1 ? 2 * i + 1 : 2 * i + 3;
      three = 2 * i + 5;
      a12 = 2 * i - 1;
      a23 = i & 1 ? 2 * i + 4 : 2 * i + 6;
      a31 = i & 1 ? 2 * i + 6 : 2 * i + 4;
   } else {
      one = i & 1 ? 2 * i + 3 : 2 * i + 1;
      two = i & 1 ? 2 * i + 1 : 2 * i + 3;
      three = 2 * i + 5;
      a12 = 2 * i - 1;
      a23 = i & 1 ? 2 * i + 4 : 2 * i + 7;
      a31 = i & 1 ? 2 * i + 7 : 2 * i + 4;
   }
   v[0] = one - 1, v[1] = a12 - 1, v[2] = two - 1;
   v[3] = a23 - 1, v[4] = three - 1, v[5] = a31 - 1;
}

/* Whether the draw mode feeds the geometry shader's input primitive (GL
 * 3.2 core table 2.17; otherwise the draw is an INVALID_OPERATION). */
static bool
mode_fits(const char *mode, unsigned input)
{
   static const struct {
      const char *mode;
      unsigned input;
   } fits[] = {
      { "GL_POINTS", MESA_PRIM_POINTS },
      { "GL_LINES", MESA_PRIM_LINES },
      { "GL_LINE_STRIP", MESA_PRIM_LINES },
      { "GL_LINE_LOOP", MESA_PRIM_LINES },
      { "GL_LINES_ADJACENCY", MESA_PRIM_LINES_ADJACENCY },
      { "GL_LINE_STRIP_ADJACENCY", MESA_PRIM_LINES_ADJACENCY },
      { "GL_TRIANGLES", MESA_PRIM_TRIANGLES },
      { "GL_TRIANGLE_STRIP", MESA_PRIM_TRIANGLES },
      { "GL_TRIANGLE_FAN", MESA_PRIM_TRIANGLES },
      { "GL_TRIANGLES_ADJACENCY", MESA_PRIM_TRIANGLES_ADJACENCY },
      { "GL_TRIANGLE_STRIP_ADJACENCY", MESA_PRIM_TRIANGLES_ADJACENCY },
   };
   for (unsigned i = 0; i < sizeof(fits) / sizeof(fits[0]); i++) {
      if (!strcmp(fits[i].mode, mode))
         return fits[i].input == input;
   }
   return false;
}

enum shader_test_result
st_geom_draw(struct run *r, const char *mode, const struct vertex_out *vo,
             unsigned count, struct fs_cache *cache)
{
   const nir_shader *gs = r->gs;
   if (gs->info.gs.output_primitive != MESA_PRIM_TRIANGLE_STRIP) {
      r->msg = "geometry shader output of points or lines";
      return SHADER_TEST_SKIP;
   }
   if (!mode_fits(mode, gs->info.gs.input_primitive)) {
      r->msg = ralloc_asprintf(r->mem, "draw mode %s with this geometry "
                               "shader input", mode);
      return SHADER_TEST_SKIP;
   }
   struct geom_run g = {
      .r = r,
      .cache = cache,
      .strip = ralloc_array(r->mem, struct vertex_out, MAX_EMIT),
      .max = gs->info.gs.vertices_out,
      .ok = true,
   };
   r->prim_id = -1;
   unsigned idx[6], prim = 0;
   bool ok = true;
   if (!strcmp(mode, "GL_POINTS")) {
      for (unsigned i = 0; i < count && ok; i++) {
         idx[0] = i;
         ok = run_primitive(&g, vo, idx, 1, prim++);
      }
   } else if (!strcmp(mode, "GL_LINES") || !strcmp(mode, "GL_LINE_STRIP") ||
              !strcmp(mode, "GL_LINE_LOOP")) {
      bool lines = !strcmp(mode, "GL_LINES");
      unsigned step = lines ? 2 : 1;
      for (unsigned i = 0; i + 1 < count && ok; i += step) {
         idx[0] = i, idx[1] = i + 1;
         ok = run_primitive(&g, vo, idx, 2, prim++);
      }
      if (ok && !strcmp(mode, "GL_LINE_LOOP") && count > 1) {
         idx[0] = count - 1, idx[1] = 0;
         ok = run_primitive(&g, vo, idx, 2, prim++);
      }
   } else if (!strcmp(mode, "GL_LINES_ADJACENCY") ||
              !strcmp(mode, "GL_LINE_STRIP_ADJACENCY")) {
      unsigned step = !strcmp(mode, "GL_LINES_ADJACENCY") ? 4 : 1;
      for (unsigned i = 0; i + 3 < count && ok; i += step) {
         for (unsigned k = 0; k < 4; k++)
            idx[k] = i + k;
         ok = run_primitive(&g, vo, idx, 4, prim++);
      }
   } else if (!strcmp(mode, "GL_TRIANGLES")) {
      for (unsigned i = 0; i + 2 < count && ok; i += 3) {
         idx[0] = i, idx[1] = i + 1, idx[2] = i + 2;
         ok = run_primitive(&g, vo, idx, 3, prim++);
      }
   } else if (!strcmp(mode, "GL_TRIANGLE_STRIP")) {
      for (unsigned i = 0; i + 2 < count && ok; i++) {
         idx[0] = i + (i & 1), idx[1] = i + 1 - (i & 1), idx[2] = i + 2;
         ok = run_primitive(&g, vo, idx, 3, prim++);
      }
   } else if (!strcmp(mode, "GL_TRIANGLE_FAN")) {
      for (unsigned i = 1; i + 1 < count && ok; i++) {
         idx[0] = 0, idx[1] = i, idx[2] = i + 1;
         ok = run_primitive(&g, vo, idx, 3, prim++);
      }
   } else if (!strcmp(mode, "GL_TRIANGLES_ADJACENCY")) {
      for (unsigned i = 0; i + 5 < count && ok; i += 6) {
         for (unsigned k = 0; k < 6; k++)
            idx[k] = i + k;
         ok = run_primitive(&g, vo, idx, 6, prim++);
      }
   } else {
      /* GL_TRIANGLE_STRIP_ADJACENCY: 2 (n + 2) vertices make n */
      unsigned n = count >= 6 ? (count - 4) / 2 : 0;
      for (unsigned i = 0; i < n && ok; i++) {
         strip_adj(i, n, idx);
         ok = run_primitive(&g, vo, idx, 6, prim++);
      }
   }
   ralloc_free(g.strip);
   return ok ? SHADER_TEST_PASS : SHADER_TEST_FAIL;
}
