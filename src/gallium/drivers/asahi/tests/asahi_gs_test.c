/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Geometry shaders through the driver (agx_gs.c), with shaders built with
 * nir_builder as the GLSL front end makes them (per-vertex input arrays,
 * output variables, emit_vertex / end_primitive):
 *
 *  - points to quads: two points at NDC (-0.5, -0.5) and (0.5, 0.5)
 *    become triangle strips of four vertices 0.25 around them; on a 64x64
 *    target with the viewport over it those are the pixel squares
 *    [8, 24) and [40, 56) on both axes (NDC x maps to 32 x + 32);
 *  - one triangle to two: the triangle (-1,-1), (0,-1), (-1,0) is
 *    emitted, the strip ended, and emitted again 1 to the right: the
 *    lower-left triangles of the two lower quadrants (x + y < 31 and
 *    (x - 32) + y < 31 in pixels) are covered, nothing above y = 32; a
 *    GL_PRIMITIVES_GENERATED query around it counts the two output
 *    triangles (GL 3.2 section 2.16), and transform feedback of
 *    gl_Position captures their six vertices, the second triangle's
 *    moved by (1, 0), with GL's z (section 2.15);
 *  - an indexed triangle strip with a primitive restart captured by
 *    transform feedback without a geometry shader: each run a strip of
 *    its own, unrolled to separate triangles;
 *  - instancing: one point drawn twice, the vertex shader moving instance
 *    1 by (1, 1): the same two quads;
 *  - a triangle strip of two triangles over the target through a
 *    geometry shader passing each triangle on with a flat colour chosen
 *    by gl_PrimitiveIDIn (red for 0, green for 1), back faces culled: the
 *    odd triangle reaches the shader with the strip's winding (GL 3.2
 *    section 2.6.1), so both halves are drawn, red below the diagonal
 *    x + y = 63, green above;
 *  - gl_PrimitiveID in a fragment shader without a geometry shader
 *    (GLSL 1.50 section 7.1), two quads side by side (GL_QUADS): red
 *    where it is 0 (the left half), green where it is 1; and of a
 *    five-sided GL_POLYGON over the target, one primitive: red
 *    everywhere (0), though it is drawn as three triangles;
 *  - triangles with adjacency and no geometry shader: vertices 0, 2, 4
 *    form the triangle drawn (GL 3.2 section 2.6.1), the adjacent ones,
 *    far outside, are ignored.
 *
 * Covered pixels are red, the rest the black clear; pixels within one of
 * an edge are not checked (fill rules).  Pixels are checked on an
 * executing shim only (ASAHI_TEST_EXPECT_PIXELS).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "util/u_math.h"
#include "util/u_inlines.h"

#include "asahi/compiler/agx_compile.h"
#include "asahi_drm_public.h"
#include "asahi_test_env.h"

#define W 64
#define H 64

struct env {
   struct asahi_test_env t;
   void *vs, *fs, *gs;
};

static nir_shader *
build_vs(bool instanced)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_VERTEX, &agx_nir_options, "gs_vs", NULL);
   nir_def *p = asahi_test_attrib(&b, 0);
   if (instanced) {
      nir_def *i = nir_u2f32(
         &b, nir_load_system_value(&b, nir_intrinsic_load_instance_id, 32));
      nir_def *d[4] = {i, i, nir_imm_float(&b, 0), nir_imm_float(&b, 0)};
      p = nir_fadd(&b, p, nir_vec(&b, d, 4));
   }
   asahi_test_output(&b, VARYING_SLOT_POS, p, nir_type_float32);
   return b.shader;
}

/* Red where gl_PrimitiveID is 0, else green. */
static nir_shader *
build_fs_primitive_id(void)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_FRAGMENT, &agx_nir_options, "gs_fs_primid", NULL);
   nir_def *first = nir_ieq(
      &b, nir_load_system_value(&b, nir_intrinsic_load_primitive_id, 32),
      nir_imm_int(&b, 0));
   nir_def *c[4] = {nir_b2fN(&b, first, 32),
                    nir_b2fN(&b, nir_inot(&b, first), 32),
                    nir_imm_float(&b, 0), nir_imm_float(&b, 1)};
   asahi_test_output(&b, FRAG_RESULT_DATA0, nir_vec(&b, c, 4),
                     nir_type_float32);
   return b.shader;
}

/* Red, or the flat varying VAR0 (colour_in). */
static nir_shader *
build_fs(bool colour_in)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_FRAGMENT, &agx_nir_options, "gs_fs", NULL);
   nir_def *v = colour_in ? asahi_test_flat_input(&b, VARYING_SLOT_VAR0)
                          : nir_imm_vec4(&b, 1, 0, 0, 1);
   asahi_test_output(&b, FRAG_RESULT_DATA0, v, nir_type_float32);
   return b.shader;
}

static void
emit(nir_builder *b)
{
   nir_build_intrinsic(b, nir_intrinsic_emit_vertex, 0, 0, NULL,
                       NIR_INTRINSIC_STREAM_ID, 0,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
}

static void
end_primitive(nir_builder *b)
{
   nir_build_intrinsic(b, nir_intrinsic_end_primitive, 0, 0, NULL,
                       NIR_INTRINSIC_STREAM_ID, 0,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
}

/* gl_Position = gl_in[v].gl_Position + (dx, dy, 0, 0); EmitVertex() */
static void
emit_offset(nir_builder *b, nir_variable *in, nir_variable *out, int v,
            float dx, float dy)
{
   nir_def *p = nir_load_deref(
      b, nir_build_deref_array_imm(b, nir_build_deref_var(b, in), v));
   nir_def *d[4] = {nir_imm_float(b, dx), nir_imm_float(b, dy),
                    nir_imm_float(b, 0), nir_imm_float(b, 0)};
   nir_store_var(b, out, nir_fadd(b, p, nir_vec(b, d, 4)), 0xf);
   emit(b);
}

/* Each triangle passed on, colour = red for primitive 0, else green. */
static nir_shader *
build_gs_colour(void)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_GEOMETRY, &agx_nir_options, "gs_colour", NULL);
   nir_shader *s = b.shader;
   s->info.gs.input_primitive = MESA_PRIM_TRIANGLES;
   s->info.gs.output_primitive = MESA_PRIM_TRIANGLE_STRIP;
   s->info.gs.vertices_in = 3;
   s->info.gs.vertices_out = 3;
   s->info.gs.invocations = 1;
   const nir_vtype *vec4 = nir_vtype_vector(s, nir_type_float32, 4);
   nir_variable *in = nir_variable_create(
      s, nir_var_shader_in, nir_vtype_array(s, vec4, 3), "gl_in_Position");
   in->data.location = VARYING_SLOT_POS;
   nir_variable *out =
      nir_variable_create(s, nir_var_shader_out, vec4, "gl_Position");
   out->data.location = VARYING_SLOT_POS;
   nir_variable *col =
      nir_variable_create(s, nir_var_shader_out, vec4, "colour");
   col->data.location = VARYING_SLOT_VAR0;
   col->data.flat = true;
   nir_def *first = nir_ieq(
      &b, nir_load_system_value(&b, nir_intrinsic_load_primitive_id, 32),
      nir_imm_int(&b, 0));
   nir_def *r = nir_bcsel(&b, first, nir_imm_float(&b, 1),
                          nir_imm_float(&b, 0));
   nir_def *g = nir_bcsel(&b, first, nir_imm_float(&b, 0),
                          nir_imm_float(&b, 1));
   nir_def *c[4] = {r, g, nir_imm_float(&b, 0), nir_imm_float(&b, 1)};
   nir_def *colour = nir_vec(&b, c, 4);
   for (int v = 0; v < 3; ++v) {
      nir_store_var(&b, col, colour, 0xf);
      emit_offset(&b, in, out, v, 0, 0);
   }
   return s;
}

static nir_shader *
build_gs(bool quads)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_GEOMETRY, &agx_nir_options, "gs", NULL);
   nir_shader *s = b.shader;
   unsigned vin = quads ? 1 : 3;
   s->info.gs.input_primitive = quads ? MESA_PRIM_POINTS : MESA_PRIM_TRIANGLES;
   s->info.gs.output_primitive = MESA_PRIM_TRIANGLE_STRIP;
   s->info.gs.vertices_in = (uint8_t)vin;
   s->info.gs.vertices_out = quads ? 4 : 6;
   s->info.gs.invocations = 1;
   s->info.gs.uses_end_primitive = !quads;
   const nir_vtype *vec4 = nir_vtype_vector(s, nir_type_float32, 4);
   nir_variable *in = nir_variable_create(
      s, nir_var_shader_in, nir_vtype_array(s, vec4, vin), "gl_in_Position");
   in->data.location = VARYING_SLOT_POS;
   nir_variable *out =
      nir_variable_create(s, nir_var_shader_out, vec4, "gl_Position");
   out->data.location = VARYING_SLOT_POS;
   if (quads) {
      emit_offset(&b, in, out, 0, -0.25f, -0.25f);
      emit_offset(&b, in, out, 0, 0.25f, -0.25f);
      emit_offset(&b, in, out, 0, -0.25f, 0.25f);
      emit_offset(&b, in, out, 0, 0.25f, 0.25f);
   } else {
      for (int v = 0; v < 3; ++v)
         emit_offset(&b, in, out, v, 0, 0);
      end_primitive(&b);
      for (int v = 0; v < 3; ++v)
         emit_offset(&b, in, out, v, 1, 0);
      end_primitive(&b);
   }
   return s;
}

enum gs_kind {
   GS_NONE,
   GS_QUADS,
   GS_TWICE,
   GS_COLOUR,
   GS_NONE_PRIMID,
   GS_NONE_PRIMID_FLAT,
};

/* gl_Position = attribute 0; flat VAR0 = (gl_VertexID / 8, 0, 0, 1). */
static nir_shader *
build_vs_vertex_id(void)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_VERTEX, &agx_nir_options, "gs_vs_id", NULL);
   asahi_test_output(&b, VARYING_SLOT_POS, asahi_test_attrib(&b, 0),
                     nir_type_float32);
   nir_def *id = nir_i2f32(
      &b, nir_load_system_value(&b, nir_intrinsic_load_vertex_id, 32));
   nir_def *c[4] = {nir_fmul(&b, id, nir_imm_float(&b, 0.125f)),
                    nir_imm_float(&b, 0), nir_imm_float(&b, 0),
                    nir_imm_float(&b, 1)};
   asahi_test_output(&b, VARYING_SLOT_VAR0, nir_vec(&b, c, 4),
                     nir_type_float32)
      ->data.flat = true;
   return b.shader;
}

/* (flat VAR0.x, gl_PrimitiveID, 0, 1). */
static nir_shader *
build_fs_primitive_id_flat(void)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_FRAGMENT, &agx_nir_options, "gs_fs_primid_flat", NULL);
   nir_def *in = asahi_test_flat_input(&b, VARYING_SLOT_VAR0);
   nir_def *prim = nir_i2f32(
      &b, nir_load_system_value(&b, nir_intrinsic_load_primitive_id, 32));
   nir_def *c[4] = {nir_channel(&b, in, 0), prim,
                    nir_imm_float(&b, 0), nir_imm_float(&b, 1)};
   asahi_test_output(&b, FRAG_RESULT_DATA0, nir_vec(&b, c, 4),
                     nir_type_float32);
   return b.shader;
}

static bool
env_init(struct env *e, const float *verts, size_t size, enum gs_kind kind,
         bool instanced)
{
   if (!asahi_test_env_open(&e->t))
      return false;
   e->vs = e->fs = e->gs = NULL;
   asahi_test_env_target(&e->t, PIPE_FORMAT_R8G8B8A8_UNORM, W, H);
   asahi_test_env_vertices(&e->t, verts, (unsigned)(size / 16));
   struct pipe_context *ctx = e->t.ctx;

   bool flat = kind == GS_NONE_PRIMID_FLAT;
   struct pipe_shader_state vs = {
      .type = PIPE_SHADER_IR_NIR,
      .ir.nir = flat ? build_vs_vertex_id() : build_vs(instanced)};
   struct pipe_shader_state fs = {
      .type = PIPE_SHADER_IR_NIR,
      .ir.nir = flat                      ? build_fs_primitive_id_flat()
                : kind == GS_NONE_PRIMID ? build_fs_primitive_id()
                                         : build_fs(kind == GS_COLOUR)};
   e->vs = ctx->create_vs_state(ctx, &vs);
   e->fs = ctx->create_fs_state(ctx, &fs);
   if (kind != GS_NONE && kind != GS_NONE_PRIMID && !flat) {
      struct pipe_shader_state gs = {
         .type = PIPE_SHADER_IR_NIR,
         .ir.nir = kind == GS_COLOUR ? build_gs_colour()
                                     : build_gs(kind == GS_QUADS)};
      if (kind == GS_TWICE) {
         /* transform feedback of gl_Position, 4 words a vertex */
         gs.stream_output.num_outputs = 1;
         gs.stream_output.stride[0] = 4;
         gs.stream_output.output[0].register_index = VARYING_SLOT_POS;
         gs.stream_output.output[0].num_components = 4;
      }
      e->gs = ctx->create_gs_state(ctx, &gs);
      assert_non_null(e->gs);
   }
   ctx->bind_vs_state(ctx, e->vs);
   ctx->bind_fs_state(ctx, e->fs);
   ctx->bind_gs_state(ctx, e->gs);

   union pipe_color_union black = {.f = {0, 0, 0, 1}};
   ctx->clear(ctx, PIPE_CLEAR_COLOR0, NULL, &black, 1.0, 0);
   return true;
}

static void
env_fini(struct env *e)
{
   struct pipe_context *ctx = e->t.ctx;
   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->bind_gs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, e->vs);
   ctx->delete_fs_state(ctx, e->fs);
   if (e->gs)
      ctx->delete_gs_state(ctx, e->gs);
   asahi_test_env_close(&e->t);
}

/* The four corners of the viewport, (x, y, z, w) each: v0 bottom left,
 * v1 bottom right, v2 top left, v3 top right. */
static const float quad_corners[] = {-1, -1, 0, 1, 1, -1, 0, 1,
                                     -1, 1,  0, 1, 1, 1,  0, 1};

/* Makes rs the bound rasterizer state; gives its CSO for
 * env_unbind_rasterizer. */
static void *
env_bind_rasterizer(struct env *e, const struct pipe_rasterizer_state *rs)
{
   void *cso = e->t.ctx->create_rasterizer_state(e->t.ctx, rs);
   e->t.ctx->bind_rasterizer_state(e->t.ctx, cso);
   return cso;
}

/* Binds the environment's own rasterizer state again and deletes cso. */
static void
env_unbind_rasterizer(struct env *e, void *cso)
{
   e->t.ctx->bind_rasterizer_state(e->t.ctx, e->t.rs);
   e->t.ctx->delete_rasterizer_state(e->t.ctx, cso);
}

/* want(x, y): 1 red, 2 green, 0 black, -1 not checked */
static void
check_pixels(struct env *e, int (*want)(int x, int y))
{
   const char *expect = getenv("ASAHI_TEST_EXPECT_PIXELS");
   if (!expect || !atoi(expect))
      return;
   struct pipe_box box = {0, 0, 0, W, H, 1};
   struct pipe_transfer *xfer = NULL;
   uint8_t *map =
      e->t.ctx->texture_map(e->t.ctx, e->t.rt, 0, PIPE_MAP_READ, &box, &xfer);
   assert_non_null(map);
   unsigned bad = 0, red = 0;
   for (int y = 0; y < H; ++y) {
      for (int x = 0; x < W; ++x) {
         int w = want(x, y);
         if (w < 0)
            continue;
         const uint8_t *p = map + y * xfer->stride + x * 4;
         uint8_t c[4] = {w == 1 ? 255 : 0, w == 2 ? 255 : 0, 0, 255};
         red += w != 0;
         if (memcmp(p, c, 4) && bad++ < 8)
            print_error("pixel (%d, %d) is %u %u %u %u, want %u %u %u %u\n",
                        x, y, p[0], p[1], p[2], p[3], c[0], c[1], c[2],
                        c[3]);
      }
   }
   e->t.ctx->texture_unmap(e->t.ctx, xfer);
   assert_int_equal(bad, 0);
   assert_true(red > 0);
}

static int
in_square(int x, int lo, int hi)
{
   if (x >= lo + 1 && x < hi - 1)
      return 1;
   if (x >= lo - 1 && x <= hi)
      return -1;
   return 0;
}

static int
want_quads(int x, int y)
{
   int a = in_square(x, 8, 24), b = in_square(y, 8, 24);
   int c = in_square(x, 40, 56), d = in_square(y, 40, 56);
   if ((a == 1 && b == 1) || (c == 1 && d == 1))
      return 1;
   if ((a && b) || (c && d))
      return -1;
   return 0;
}

static int
want_two_triangles(int x, int y)
{
   int xx = x >= 32 ? x - 32 : x;
   if (x == 31 || x == 32 || x == 0 || x == 63)
      return -1;
   int d = xx + y + 1 - 32;
   if (d >= -1 && d <= 1)
      return -1;
   return d < 0 ? 1 : 0;
}

static void
points_to_quads(void **state)
{
   (void)state;
   static const float verts[] = {-0.5f, -0.5f, 0, 1, 0.5f, 0.5f, 0, 1};
   struct env e;
   if (!env_init(&e, verts, sizeof(verts), GS_QUADS, false))
      skip();
   struct pipe_draw_info info = {.mode = PIPE_PRIM_POINTS,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 2};
   e.t.ctx->draw_vbo(e.t.ctx, &info, 0, NULL, &draw, 1);
   e.t.ctx->flush(e.t.ctx, NULL, 0);
   check_pixels(&e, want_quads);
   env_fini(&e);
}

/* Draws with a 256-byte stream output target bound and the primitive
 * queries around the draw; flushes, then reads the counts and the first
 * nr_got captured vec4s back. */
static void
captured_draw(struct env *e, const struct pipe_draw_info *info,
              const struct pipe_draw_start_count_bias *draw,
              uint64_t *generated, uint64_t *written, float (*got)[4],
              unsigned nr_got)
{
   struct pipe_context *ctx = e->t.ctx;
   struct pipe_query *q =
      ctx->create_query(ctx, PIPE_QUERY_PRIMITIVES_GENERATED, 0);
   struct pipe_query *qw =
      ctx->create_query(ctx, PIPE_QUERY_PRIMITIVES_EMITTED, 0);
   assert_non_null(q);
   assert_non_null(qw);
   struct pipe_resource *xfb = pipe_buffer_create(
      e->t.screen, PIPE_BIND_STREAM_OUTPUT, PIPE_USAGE_DEFAULT, 256);
   struct pipe_stream_output_target *t =
      ctx->create_stream_output_target(ctx, xfb, 0, 256);
   unsigned offset = 0;
   ctx->set_stream_output_targets(ctx, 1, &t, &offset);
   ctx->begin_query(ctx, q);
   ctx->begin_query(ctx, qw);
   ctx->draw_vbo(ctx, info, 0, NULL, draw, 1);
   ctx->end_query(ctx, q);
   ctx->end_query(ctx, qw);
   ctx->set_stream_output_targets(ctx, 0, NULL, NULL);
   ctx->flush(ctx, NULL, 0);
   union pipe_query_result g = {0}, w = {0};
   assert_true(ctx->get_query_result(ctx, q, true, &g));
   assert_true(ctx->get_query_result(ctx, qw, true, &w));
   *generated = g.u64;
   *written = w.u64;
   pipe_buffer_read(ctx, xfb, 0, nr_got * 4 * sizeof(float), got);
   ctx->stream_output_target_destroy(ctx, t);
   pipe_resource_reference(&xfb, NULL);
   ctx->destroy_query(ctx, q);
   ctx->destroy_query(ctx, qw);
}

/* Captured vertex v's components in comps (a bit each) equal want[v]. */
static void
expect_captured(float (*got)[4], const float (*want)[4], unsigned n,
                unsigned comps)
{
   for (unsigned v = 0; v < n; ++v) {
      u_foreach_bit (c, comps) {
         if (got[v][c] != want[v][c])
            fail_msg("captured vertex %u component %u is %f, want %f", v, c,
                     got[v][c], want[v][c]);
      }
   }
}

static void
triangle_twice(void **state)
{
   (void)state;
   static const float verts[] = {-1, -1, 0, 1, 0, -1, 0, 1, -1, 0, 0, 1};
   struct env e;
   if (!env_init(&e, verts, sizeof(verts), GS_TWICE, false))
      skip();
   /* indexed, to go through the index path */
   static const uint16_t indices[] = {0, 1, 2};
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES,
                                 .index_size = 2,
                                 .has_user_indices = true,
                                 .index.user = indices,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 3};
   uint64_t generated = 0, written = 0;
   float got[6][4];
   captured_draw(&e, &info, &draw, &generated, &written, got, 6);
   check_pixels(&e, want_two_triangles);
   if (getenv("ASAHI_TEST_EXPECT_PIXELS")) {
      assert_int_equal(generated, 2);
      assert_int_equal(written, 2);
      static const float want[6][4] = {
         {-1, -1, 0, 1}, {0, -1, 0, 1}, {-1, 0, 0, 1},
         {0, -1, 0, 1},  {1, -1, 0, 1}, {0, 0, 0, 1},
      };
      expect_captured(got, want, 6, 0xf);
   }
   env_fini(&e);
}

/* A vertex shader CSO (build_vs) capturing gl_Position whole into
 * buffer 0, bound. */
static void *
bind_position_capture_vs(struct pipe_context *ctx)
{
   struct pipe_shader_state vs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = build_vs(false)};
   vs.stream_output.num_outputs = 1;
   vs.stream_output.stride[0] = 4;
   vs.stream_output.output[0].register_index = VARYING_SLOT_POS;
   vs.stream_output.output[0].num_components = 4;
   void *xvs = ctx->create_vs_state(ctx, &vs);
   ctx->bind_vs_state(ctx, xvs);
   return xvs;
}

/* Transform feedback of an indexed triangle strip with a restart, no
 * geometry shader: the corners v0 (-1, -1), v1 (1, -1), v2 (-1, 1),
 * v3 (1, 1) drawn with indices 3 2 1 0 RESTART 0 1 2.  The runs are
 * strips of their own (GL 3.1 section 2.8.1): (3 2 1 0) makes two
 * triangles, (0 1 2) one.  Strips are captured as separate triangles
 * (GL 3.0 section 2.15), odd ones with their first two vertices swapped
 * to keep the strip's orientation, the order non-indexed strips are
 * unrolled in (agx_compile.h, AGX_XFB_UNROLL_TRIANGLE_STRIP): v3 v2 v1,
 * v1 v2 v0, v0 v1 v2; 3 primitives generated and written. */
static void
indexed_strip_capture(void **state)
{
   (void)state;
   const float *verts = quad_corners;
   struct env e;
   if (!env_init(&e, verts, sizeof(quad_corners), GS_NONE, false))
      skip();
   struct pipe_context *ctx = e.t.ctx;
   void *xvs = bind_position_capture_vs(ctx);
   static const uint16_t indices[] = {3, 2, 1, 0, 0xffff, 0, 1, 2};
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLE_STRIP,
                                 .index_size = 2,
                                 .has_user_indices = true,
                                 .index.user = indices,
                                 .primitive_restart = true,
                                 .restart_index = 0xffff,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 8};
   uint64_t generated = 0, written = 0;
   float got[9][4];
   captured_draw(&e, &info, &draw, &generated, &written, got, 9);
   if (getenv("ASAHI_TEST_EXPECT_PIXELS")) {
      assert_int_equal(generated, 3);
      assert_int_equal(written, 3);
      static const unsigned order[9] = {3, 2, 1, 1, 2, 0, 0, 1, 2};
      float want[9][4];
      for (unsigned v = 0; v < 9; ++v)
         memcpy(want[v], &verts[4 * order[v]], sizeof(want[v]));
      /* the whole position, z as the shader wrote it (the rasteriser's
       * remap comes after the captures) */
      expect_captured(got, (const float(*)[4])want, 9, 0xf);
   }
   ctx->bind_vs_state(ctx, e.vs);
   ctx->delete_vs_state(ctx, xvs);
   env_fini(&e);
}

/* The same corners captured with the first-vertex convention
 * (rasterizer flatshade_first): each separate triangle starts at its
 * provoking vertex (ARB_provoking_vertex: vertex p of strip triangle p,
 * p + 1 of fan triangle p), rotated so the winding stays (as llvmpipe
 * writes them).  Strip 3 2 1 0: v3 v2 v1, v2 v0 v1; fan 3 2 1 0: v2 v1
 * v3, v1 v0 v3. */
static void
indexed_first_vertex_capture(void **state)
{
   (void)state;
   const float *verts = quad_corners;
   struct env e;
   if (!env_init(&e, verts, sizeof(quad_corners), GS_NONE, false))
      skip();
   struct pipe_context *ctx = e.t.ctx;
   struct pipe_rasterizer_state rs = asahi_test_rasterizer();
   rs.flatshade_first = 1;
   void *first = env_bind_rasterizer(&e, &rs);
   void *xvs = bind_position_capture_vs(ctx);
   static const uint16_t indices[] = {3, 2, 1, 0};
   static const struct {
      enum pipe_prim_type mode;
      unsigned order[6];
   } cases[] = {
      {PIPE_PRIM_TRIANGLE_STRIP, {3, 2, 1, 2, 0, 1}},
      {PIPE_PRIM_TRIANGLE_FAN, {2, 1, 3, 1, 0, 3}},
   };
   for (unsigned i = 0; i < 2; ++i) {
      struct pipe_draw_info info = {.mode = cases[i].mode,
                                    .index_size = 2,
                                    .has_user_indices = true,
                                    .index.user = indices,
                                    .instance_count = 1};
      struct pipe_draw_start_count_bias draw = {.start = 0, .count = 4};
      uint64_t generated = 0, written = 0;
      float got[6][4];
      captured_draw(&e, &info, &draw, &generated, &written, got, 6);
      if (getenv("ASAHI_TEST_EXPECT_PIXELS")) {
         assert_int_equal(written, 2);
         float want[6][4];
         for (unsigned v = 0; v < 6; ++v)
            memcpy(want[v], &verts[4 * cases[i].order[v]], sizeof(want[v]));
         expect_captured(got, (const float(*)[4])want, 6, 0xf);
      }
   }
   ctx->bind_vs_state(ctx, e.vs);
   ctx->delete_vs_state(ctx, xvs);
   env_unbind_rasterizer(&e, first);
   env_fini(&e);
}

static void
instanced_quads(void **state)
{
   (void)state;
   static const float verts[] = {-0.5f, -0.5f, 0, 1};
   struct env e;
   if (!env_init(&e, verts, sizeof(verts), GS_QUADS, true))
      skip();
   struct pipe_draw_info info = {.mode = PIPE_PRIM_POINTS,
                                 .instance_count = 2};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 1};
   e.t.ctx->draw_vbo(e.t.ctx, &info, 0, NULL, &draw, 1);
   e.t.ctx->flush(e.t.ctx, NULL, 0);
   check_pixels(&e, want_quads);
   env_fini(&e);
}

static int
want_halves(int x, int y)
{
   int d = x + y + 1 - W;
   if (d >= -1 && d <= 1)
      return -1;
   return d < 0 ? 1 : 2;
}

static void
strip_winding_and_primitive_id(void **state)
{
   (void)state;
   const float *verts = quad_corners;
   struct env e;
   if (!env_init(&e, verts, sizeof(quad_corners), GS_COLOUR, false))
      skip();
   struct pipe_context *ctx = e.t.ctx;
   struct pipe_rasterizer_state rs = asahi_test_rasterizer();
   rs.front_ccw = 1;
   rs.cull_face = PIPE_FACE_BACK;
   void *cull = env_bind_rasterizer(&e, &rs);
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLE_STRIP,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 4};
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   ctx->flush(ctx, NULL, 0);
   check_pixels(&e, want_halves);
   env_unbind_rasterizer(&e, cull);
   env_fini(&e);
}

static int
want_left_right(int x, int y)
{
   if (x >= 31 && x <= 32)
      return -1;
   return x < 32 ? 1 : 2;
}

/* Draws count vertices of verts (vec4 each) as mode with the
 * pass-through primitive-ID program, in the given provoking convention,
 * and checks the target against want. */
static void
check_primitive_id(const float *verts, size_t size, enum pipe_prim_type mode,
                   unsigned count, unsigned instances, bool flatshade_first,
                   int (*want)(int x, int y))
{
   struct env e;
   if (!env_init(&e, verts, size, GS_NONE_PRIMID, false))
      skip();
   struct pipe_context *ctx = e.t.ctx;
   struct pipe_rasterizer_state rs = asahi_test_rasterizer();
   rs.flatshade_first = flatshade_first;
   void *rso = env_bind_rasterizer(&e, &rs);
   struct pipe_draw_info info = {.mode = mode, .instance_count = instances};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = count};
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   ctx->flush(ctx, NULL, 0);
   check_pixels(&e, want);
   env_unbind_rasterizer(&e, rso);
   env_fini(&e);
}

/* gl_PrimitiveID counts quads (GL 3.2 section 3.9.11: one primitive per
 * quad), whichever vertex provokes; the first-vertex convention has the
 * driver draw quads as triangles (agx_prim_convert.c). */
static void
primitive_id_without_gs(void **state)
{
   (void)state;
   static const float verts[] = {
      -1, -1, 0, 1, 0, -1, 0, 1, 0, 1, 0, 1, -1, 1, 0, 1,
      0,  -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, 0,  1, 0, 1,
   };
   for (unsigned first = 0; first < 2; ++first)
      check_primitive_id(verts, sizeof(verts), PIPE_PRIM_QUADS, 8, 1, first,
                         want_left_right);
}

static int
want_left_red(int x, int y)
{
   (void)y;
   if (x >= 31 && x <= 32)
      return -1;
   return x < 32 ? 1 : 0;
}

/* gl_PrimitiveID counts the primitives of one instance: an instanced
 * draw is a sequence of single-instance draws (GL 4.6 core section
 * 10.5, DrawArraysInstanced as DrawArraysOneInstance per instance), each
 * numbering its primitives from 0 (the GLSL 4.60 reference page of
 * gl_PrimitiveID: "the first primitive processed by the drawing command
 * is numbered zero"; Vulkan 1.3 section 15.8, PrimitiveId, says the same
 * of instances explicitly).  Two instances of a triangle covering the
 * left half: the second draws over the first with ID 0 again, red, not
 * green. */
static void
primitive_id_per_instance(void **state)
{
   (void)state;
   static const float verts[] = {0, -3, 0, 1, 0, 3, 0, 1, -3, 0, 0, 1};
   for (unsigned first = 0; first < 2; ++first)
      check_primitive_id(verts, sizeof(verts), PIPE_PRIM_TRIANGLES, 3, 2, first,
                         want_left_red);
}

static int
want_all_red(int x, int y)
{
   (void)x;
   (void)y;
   return 1;
}

/* gl_PrimitiveID of a polygon: one primitive (GL 3.2 compatibility
 * section 2.6.1), so 0 over the whole of a five-sided polygon covering
 * the target, drawn as three triangles; both provoking conventions. */
static void
primitive_id_of_polygon(void **state)
{
   (void)state;
   static const float verts[] = {
      -1, -1, 0, 1, 1, -1, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1,
   };
   for (unsigned first = 0; first < 2; ++first)
      check_primitive_id(verts, sizeof(verts), PIPE_PRIM_POLYGON, 5, 1, first,
                         want_all_red);
}

static int
want_lower_left(int x, int y)
{
   int d = x + y + 1 - W;
   if (d >= -1 && d <= 1)
      return -1;
   return d < 0 ? 1 : 0;
}

static void
adjacency_without_gs(void **state)
{
   (void)state;
   /* triangle (-1,-1), (1,-1), (-1,1) at 0, 2, 4; adjacent vertices
    * that would cover everything */
   static const float verts[] = {-1, -1, 0, 1, 9,  -9, 0, 1,
                                 1,  -1, 0, 1, 9,  9,  0, 1,
                                 -1, 1,  0, 1, -9, 9,  0, 1};
   struct env e;
   if (!env_init(&e, verts, sizeof(verts), GS_NONE, false))
      skip();
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES_ADJACENCY,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 6};
   e.t.ctx->draw_vbo(e.t.ctx, &info, 0, NULL, &draw, 1);
   e.t.ctx->flush(e.t.ctx, NULL, 0);
   check_pixels(&e, want_lower_left);
   env_fini(&e);
}

/* Left half pixels hold left, right half right (RGBA8, +-1). */
static void
check_halves(struct env *e, const uint8_t left[4], const uint8_t right[4])
{
   const char *expect = getenv("ASAHI_TEST_EXPECT_PIXELS");
   if (!expect || !atoi(expect))
      return;
   struct pipe_box box = {0, 0, 0, W, H, 1};
   struct pipe_transfer *xfer = NULL;
   uint8_t *map =
      e->t.ctx->texture_map(e->t.ctx, e->t.rt, 0, PIPE_MAP_READ, &box, &xfer);
   assert_non_null(map);
   unsigned bad = 0;
   for (int y = 0; y < H; ++y) {
      for (int x = 0; x < W; ++x) {
         if (x >= 31 && x <= 32)
            continue;
         const uint8_t *p = map + y * xfer->stride + x * 4;
         const uint8_t *c = x < 32 ? left : right;
         bool ok = true;
         for (unsigned k = 0; k < 4; ++k)
            ok = ok && abs((int)p[k] - (int)c[k]) <= 1;
         if (!ok && bad++ < 8)
            print_error("pixel (%d, %d) is %u %u %u %u, want %u %u %u %u\n",
                        x, y, p[0], p[1], p[2], p[3], c[0], c[1], c[2],
                        c[3]);
      }
   }
   e->t.ctx->texture_unmap(e->t.ctx, xfer);
   assert_int_equal(bad, 0);
}

/* Two quads (left: vertices 0-3, right: 4-7) or a quad strip of 6
 * vertices (left: 0-3, right: 2-5) drawn with a fragment shader reading
 * gl_PrimitiveID and a flat varying holding gl_VertexID / 8: the flat
 * value comes from GL's provoking vertex of each quad (GL 3.2
 * compatibility table 2.12: quad i first 4i, last 4i + 3; strip quad i
 * first 2i, last 2i + 3), and gl_PrimitiveID counts quads. */
static void
check_quad_provoking(unsigned mode, bool first)
{
   static const float quads[] = {
      -1, -1, 0, 1, 0, -1, 0, 1, 0, 1, 0, 1, -1, 1, 0, 1,
      0,  -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, 0,  1, 0, 1,
   };
   static const float strip[] = {-1, -1, 0, 1, -1, 1, 0, 1, 0, -1, 0, 1,
                                 0,  1,  0, 1, 1,  -1, 0, 1, 1, 1, 0, 1};
   bool is_strip = mode == PIPE_PRIM_QUAD_STRIP;
   struct env e;
   if (!env_init(&e, is_strip ? strip : quads,
                 is_strip ? sizeof(strip) : sizeof(quads),
                 GS_NONE_PRIMID_FLAT, false))
      skip();
   struct pipe_context *ctx = e.t.ctx;
   struct pipe_rasterizer_state rs = asahi_test_rasterizer();
   rs.flatshade_first = first;
   void *rso = env_bind_rasterizer(&e, &rs);
   struct pipe_draw_info info = {.mode = (enum pipe_prim_type)mode,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0,
                                             .count = is_strip ? 6 : 8};
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   ctx->flush(ctx, NULL, 0);
   unsigned pv[2];
   for (unsigned q = 0; q < 2; ++q)
      pv[q] = is_strip ? 2 * q + (first ? 0 : 3) : 4 * q + (first ? 0 : 3);
   uint8_t left[4] = {(uint8_t)lroundf(pv[0] * 255.0f / 8), 0, 0, 255};
   uint8_t right[4] = {(uint8_t)lroundf(pv[1] * 255.0f / 8), 255, 0, 255};
   check_halves(&e, left, right);
   env_unbind_rasterizer(&e, rso);
   env_fini(&e);
}

static void
quad_provoking_with_primitive_id(void **state)
{
   (void)state;
   check_quad_provoking(PIPE_PRIM_QUADS, false);
   check_quad_provoking(PIPE_PRIM_QUADS, true);
   check_quad_provoking(PIPE_PRIM_QUAD_STRIP, false);
   check_quad_provoking(PIPE_PRIM_QUAD_STRIP, true);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(points_to_quads),
      cmocka_unit_test(triangle_twice),
      cmocka_unit_test(instanced_quads),
      cmocka_unit_test(strip_winding_and_primitive_id),
      cmocka_unit_test(primitive_id_without_gs),
      cmocka_unit_test(primitive_id_per_instance),
      cmocka_unit_test(primitive_id_of_polygon),
      cmocka_unit_test(indexed_strip_capture),
      cmocka_unit_test(indexed_first_vertex_capture),
      cmocka_unit_test(adjacency_without_gs),
      cmocka_unit_test(quad_provoking_with_primitive_id),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
