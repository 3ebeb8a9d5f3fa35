/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Primitive clipping for shader-test-eval (GL 4.6 compatibility 13.7):
 * a triangle is cut by the near and far planes of the view volume
 * (-w <= z <= w, depth clamping is never enabled here) and by every
 * enabled user clip plane, and what is left is a convex polygon whose new
 * vertices have every output interpolated linearly in clip space.
 *
 * The user distance of plane i at a vertex is
 *  - gl_ClipDistance[i] when the last vertex stage writes that array
 *    (GLSL 1.30 7.1),
 *  - else dot(plane_i, gl_ClipVertex) when it writes gl_ClipVertex (the
 *    plane is in eye coordinates; shader_runner sets it with an identity
 *    modelview, so no transformation applies),
 *  - else dot(plane_i, gl_Position): GLSL leaves this case undefined and
 *    Mesa clips the position (the fixed-function path with shader_runner's
 *    identity modelview gives the same).
 * A vertex is kept where the distance is >= 0.
 *
 * The x and y planes are not applied: the rasteriser only covers pixels
 * of the window, so they would change nothing but rounding.
 *
 * Commands: "clip plane N A B C D", "enable|disable GL_CLIP_PLANEn" (or
 * GL_CLIP_DISTANCEn, the same enum).
 */
#include <stdlib.h>
#include <string.h>

#include "util/ralloc.h"

#include "shader_test_priv.h"

/* Two planes of the view volume after the (up to 8) user planes. */
#define NEAR_PLANE 8
#define FAR_PLANE 9
#define NUM_PLANES 10
/* Each plane makes at most two new vertices. */
#define SCRATCH_VERTS (2 * NUM_PLANES)

static bool
plane_index(const char *name, int *i)
{
   static const char *const prefixes[] = {"GL_CLIP_PLANE", "GL_CLIP_DISTANCE"};
   for (unsigned k = 0; k < 2; k++) {
      size_t len = strlen(prefixes[k]);
      if (!strncmp(name, prefixes[k], len) && name[len] >= '0' &&
          name[len] <= '7' && !name[len + 1]) {
         *i = name[len] - '0';
         return true;
      }
   }
   return false;
}

enum shader_test_result
st_clip_command(struct run *r, char **tok, unsigned n)
{
   int i;
   if (!strcmp(tok[0], "clip")) {
      if (n != 7 || strcmp(tok[1], "plane")) {
         r->msg = "clip plane form";
         return SHADER_TEST_SKIP;
      }
      char *end;
      long p = strtol(tok[2], &end, 10);
      if (*end || p < 0 || p > 7) {
         r->msg = ralloc_asprintf(r->mem, "clip plane %s", tok[2]);
         return SHADER_TEST_SKIP;
      }
      for (unsigned c = 0; c < 4; c++)
         r->clip_plane[p][c] = strtof(tok[3 + c], NULL);
      return SHADER_TEST_PASS;
   }
   /* enable / disable */
   if (n != 2 || !plane_index(tok[1], &i)) {
      r->msg = ralloc_asprintf(r->mem, "command '%s %s'", tok[0],
                               n > 1 ? tok[1] : "");
      return SHADER_TEST_SKIP;
   }
   if (tok[0][0] == 'e')
      r->clip_enables |= 1u << i;
   else
      r->clip_enables &= ~(1u << i);
   return SHADER_TEST_PASS;
}

enum clip_source {
   CLIP_FROM_DISTANCES,
   CLIP_FROM_CLIP_VERTEX,
   CLIP_FROM_POSITION,
};

static enum clip_source
clip_source(const struct run *r)
{
   const nir_shader *last = r->gs ? r->gs : r->vs;
   bool clip_vertex = false;
   nir_foreach_variable_with_modes(var, last, nir_var_shader_out)
   {
      if (var->data.location == VARYING_SLOT_CLIP_DIST0)
         return CLIP_FROM_DISTANCES;
      if (var->data.location == VARYING_SLOT_CLIP_VERTEX)
         clip_vertex = true;
   }
   return clip_vertex ? CLIP_FROM_CLIP_VERTEX : CLIP_FROM_POSITION;
}

static float
dot4(const float p[4], const float v[4])
{
   return p[0] * v[0] + p[1] * v[1] + p[2] * v[2] + p[3] * v[3];
}

static float
distance(const struct run *r, enum clip_source src, const struct vertex_out *v,
         unsigned plane)
{
   if (plane == NEAR_PLANE)
      return v->pos[2] + v->pos[3];
   if (plane == FAR_PLANE)
      return v->pos[3] - v->pos[2];
   if (src == CLIP_FROM_DISTANCES) {
      /* gl_ClipDistance[i]: one slot an element in the evaluator's
       * outputs, as gl_CullDistance (shader_test_run.c, culled()) */
      return v->cells[(VARYING_SLOT_CLIP_DIST0 + plane) * 4].f32;
   }
   float cv[4];
   for (unsigned c = 0; c < 4; c++) {
      cv[c] = src == CLIP_FROM_CLIP_VERTEX
                 ? v->cells[VARYING_SLOT_CLIP_VERTEX * 4 + c].f32
                 : v->pos[c];
   }
   return dot4(r->clip_plane[plane], cv);
}

/* The vertex where the edge from `in` (distance d_in >= 0) to `out`
 * (d_out < 0) meets the plane.  Always computed from the inside vertex,
 * so that the two triangles sharing an edge cut it at the same point. */
static void
intersect(const struct run *r, const struct vertex_out *in, float d_in,
          const struct vertex_out *out, float d_out,
          const struct vertex_out *provoking, struct vertex_out *v)
{
   float t = d_in / (d_in - d_out);
   for (unsigned c = 0; c < 4; c++)
      v->pos[c] = in->pos[c] + t * (out->pos[c] - in->pos[c]);
   for (unsigned c = 0; c < CELLS; c++) {
      float a = in->cells[c].f32, b = out->cells[c].f32;
      v->cells[c].u64 = 0;
      v->cells[c].f32 = a == b ? a : a + t * (b - a);
   }
   /* flat inputs (integers among them) keep the provoking vertex's bits */
   for (unsigned k = 0; k < r->num_fs_in; k++) {
      if (!r->fs_in_flat[k])
         continue;
      unsigned first = r->fs_in_first[k] * 4;
      unsigned end = first + r->fs_in_slots[k] * 4;
      for (unsigned c = first; c < end && c < CELLS; c++)
         v->cells[c] = provoking->cells[c];
   }
}

unsigned
st_clip_triangle(struct run *r, const struct vertex_out *const tri[3],
                 const struct vertex_out **poly)
{
   enum clip_source src = CLIP_FROM_POSITION;
   if (r->clip_enables)
      src = clip_source(r);
   /* Which planes cut the triangle at all: usually none, and then the
    * triangle stays exactly as it is. */
   unsigned cutting = 0;
   for (unsigned p = 0; p < NUM_PLANES; p++) {
      if (p < 8 && !(r->clip_enables & (1u << p)))
         continue;
      for (unsigned i = 0; i < 3; i++) {
         if (!(distance(r, src, tri[i], p) >= 0.0f))
            cutting |= 1u << p;
      }
   }
   for (unsigned i = 0; i < 3; i++)
      poly[i] = tri[i];
   if (!cutting)
      return 3;
   if (!r->clip_scratch) {
      r->clip_scratch = ralloc_array(r->mem, struct vertex_out, SCRATCH_VERTS);
      if (!r->clip_scratch)
         return 0;
   }
   unsigned n = 3, used = 0;
   const struct vertex_out *tmp[ST_CLIP_MAX_VERTS];
   for (unsigned p = 0; p < NUM_PLANES && n; p++) {
      if (!(cutting & (1u << p)))
         continue;
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         const struct vertex_out *a = poly[i], *b = poly[(i + 1) % n];
         float da = distance(r, src, a, p), db = distance(r, src, b, p);
         bool a_in = da >= 0.0f, b_in = db >= 0.0f;
         /* A convex polygon crosses a plane at most twice; rounding (or
          * NaN distances) could make more crossings, which are dropped
          * rather than overrun the arrays. */
         if (a_in && m < ST_CLIP_MAX_VERTS)
            tmp[m++] = a;
         if (a_in != b_in && m < ST_CLIP_MAX_VERTS && used < SCRATCH_VERTS) {
            struct vertex_out *v = &r->clip_scratch[used++];
            if (a_in)
               intersect(r, a, da, b, db, tri[2], v);
            else
               intersect(r, b, db, a, da, tri[2], v);
            tmp[m++] = v;
         }
      }
      memcpy(poly, tmp, m * sizeof(*poly));
      n = m;
   }
   return n >= 3 ? n : 0;
}
