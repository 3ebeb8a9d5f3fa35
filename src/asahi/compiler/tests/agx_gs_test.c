/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * agx_nir_lower_gs: a geometry shader lowered, compiled and run on the
 * simulator's USC interpreter as the driver's geometry pass runs it (one
 * lane per invocation), with the vertex-output rows and the topology
 * table in memory; the emitted vertices and the index list it stores are
 * checked against values worked out by hand from the shader:
 *
 *    layout(lines, invocations = 2) in;
 *    layout(line_strip, max_vertices = 3) out;
 *    in vec4 col[];                      // VARYING_SLOT_VAR0
 *    flat out vec4 o;                    // (VARYING_SLOT_VAR0 + 1)
 *    for v in 0, 1:
 *       gl_Position = vec4(v, 0, 0, 1);
 *       o = col[v] + vec4(100 * gl_PrimitiveIDIn, 10 * gl_InvocationID,
 *                         0, 0);
 *       EmitVertex();
 *    EndPrimitive();
 *    o = vec4(gl_PrimitiveIDIn, gl_InvocationID, 9, 9); EmitVertex();
 *    EmitVertex();                       // a fourth: beyond max_vertices
 *
 * Lane g is primitive g / 2, invocation g % 2; primitive p's vertices are
 * rows 2 p + 1 and 2 p (reversed, to see the table used); row r holds col
 * = (r, 2 r, 0, 1).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "util/ralloc.h"

#include "agx_test_util.h"

#define LANES 32
#define VOUT 3
#define SENTINEL 0xdeadbeefu

static void
emit(nir_builder *b, nir_intrinsic_op op)
{
   nir_build_intrinsic(b, op, 0, 0, NULL, NIR_INTRINSIC_STREAM_ID, 0,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
}

static nir_def *
vec4f(nir_builder *b, nir_def *x, nir_def *y, float z, float w)
{
   nir_def *c[4] = {x, y, nir_imm_float(b, z), nir_imm_float(b, w)};
   return nir_vec(b, c, 4);
}

static nir_shader *
build_gs(void)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_GEOMETRY, &agx_nir_options, "gs", NULL);
   nir_shader *s = b.shader;
   s->info.gs.input_primitive = MESA_PRIM_LINES;
   s->info.gs.output_primitive = MESA_PRIM_LINE_STRIP;
   s->info.gs.vertices_in = 2;
   s->info.gs.vertices_out = VOUT;
   s->info.gs.invocations = 2;
   s->info.gs.uses_end_primitive = true;
   const nir_vtype *vec4 = nir_vtype_vector(s, nir_type_float32, 4);
   nir_variable *col = nir_variable_create(
      s, nir_var_shader_in, nir_vtype_array(s, vec4, 2), "col");
   col->data.location = VARYING_SLOT_VAR0;
   nir_variable *pos =
      nir_variable_create(s, nir_var_shader_out, vec4, "gl_Position");
   pos->data.location = VARYING_SLOT_POS;
   nir_variable *o = nir_variable_create(s, nir_var_shader_out, vec4, "o");
   o->data.location = (VARYING_SLOT_VAR0 + 1);
   o->data.flat = true;

   nir_def *prim = nir_u2f32(
      &b, nir_load_system_value(&b, nir_intrinsic_load_primitive_id, 32));
   nir_def *inv = nir_u2f32(
      &b, nir_load_system_value(&b, nir_intrinsic_load_invocation_id, 32));
   for (int v = 0; v < 2; ++v) {
      nir_store_var(&b, pos,
                    vec4f(&b, nir_imm_float(&b, (float)v),
                          nir_imm_float(&b, 0), 0, 1),
                    0xf);
      nir_def *c = nir_load_deref(
         &b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, col), v));
      nir_def *add = vec4f(&b, nir_fmul(&b, prim, nir_imm_float(&b, 100)),
                           nir_fmul(&b, inv, nir_imm_float(&b, 10)), 0, 0);
      nir_store_var(&b, o, nir_fadd(&b, c, add), 0xf);
      emit(&b, nir_intrinsic_emit_vertex);
   }
   emit(&b, nir_intrinsic_end_primitive);
   nir_store_var(&b, o, vec4f(&b, prim, inv, 9, 9), 0xf);
   emit(&b, nir_intrinsic_emit_vertex);
   emit(&b, nir_intrinsic_emit_vertex);
   return s;
}

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* The geometry pass's memory: vertex-output rows, topology table,
 * emitted vertices, stream 0's index list, the other streams' lists. */
enum { GS_VSOUT, GS_TOPO, GS_OUT, GS_LIST, GS_LIST2, GS_NR };

struct gs_memory {
   void *p[GS_NR];
   size_t size_B[GS_NR];
};

/* Runs the lowered geometry program for LANES invocations on the
 * simulator's interpreter, with m where the driver's geometry pass puts
 * its buffers (agx_gs.c). */
static void
run_gs(const struct agx_shader_binary *bin, const struct gs_memory *m,
       unsigned vs_vertices)
{
   static const uint64_t va[GS_NR] = {0x200000, 0x300000, 0x400000,
                                      0x500000, 0x600000};
   static const unsigned block[2] = {AGX_GS_VS_OUTPUTS_BLOCK,
                                     AGX_GS_TOPOLOGY_BLOCK};
   static const unsigned buffer[3] = {AGX_GS_VERTEX_BUFFER,
                                      AGX_GS_INDEX_BUFFER,
                                      AGX_GS_STREAM_INDEX_BUFFER};
   struct agx_test_draw draw = {0};
   for (unsigned i = 0; i < 2; ++i) {
      draw.ubo[block[i]] = m->p[i];
      draw.ubo_size[block[i]] = m->size_B[i];
      draw.ubo_va[block[i]] = va[i];
   }
   for (unsigned i = 0; i < 3 && m->p[GS_OUT + i]; ++i) {
      draw.storage[i] = m->p[GS_OUT + i];
      draw.storage_size[i] = m->size_B[GS_OUT + i];
      draw.storage_va[i] = va[GS_OUT + i];
      draw.sysvals[AGX_SYSVAL_XFB_ADDR0_LO + 2 * buffer[i]] =
         (uint32_t)va[GS_OUT + i];
   }
   draw.sysvals[AGX_SYSVAL_GS_VS_VERTICES] = vs_vertices;
   draw.sysvals[AGX_SYSVAL_GS_INVOCATIONS] = LANES;
   uint32_t uvs[LANES * 8];
   char error[256] = "";
   assert_int_equal(agx_test_run_vs(bin, &draw, 0, uvs, error,
                                    sizeof(error)),
                    ASAHI_SIM_STOPPED);
}

/* A points-to-points geometry shader being built, one invocation. */
static nir_builder
points_gs(unsigned vertices_out)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_GEOMETRY, &agx_nir_options, "gs", NULL);
   nir_shader *s = b.shader;
   s->info.gs.input_primitive = MESA_PRIM_POINTS;
   s->info.gs.output_primitive = MESA_PRIM_POINTS;
   s->info.gs.vertices_in = 1;
   s->info.gs.vertices_out = (uint16_t)vertices_out;
   s->info.gs.invocations = 1;
   return b;
}

/* Lowers (describing it in *info) and compiles a geometry shader. */
static void
compile_gs(nir_shader *s, void *mem, struct agx_gs_info *info,
           struct agx_shader_binary *bin)
{
   char error[256] = "";
   assert_true(agx_nir_lower_gs(s, false, info, error, sizeof(error)));
   assert_true(agx_preprocess_nir(s));
   struct agx_shader_key key = {0};
   if (agx_compile_shader_nir(s, &key, mem, bin, error, sizeof(error)))
      fail_msg("%s", error);
}

/* The lowering refuses s with a message saying `why`; s is freed. */
static void
expect_refused(nir_shader *s, const char *why)
{
   struct agx_gs_info info;
   char error[128] = "";
   assert_false(agx_nir_lower_gs(s, false, &info, error, sizeof(error)));
   assert_non_null(strstr(error, why));
   ralloc_free(s);
}

static void
lines_with_invocations(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_shader *gs = build_gs();
   struct agx_gs_info info;
   char error[256] = "";
   assert_true(agx_nir_lower_gs(gs, false, &info, error, sizeof(error)));
   assert_int_equal(gs->info.stage, MESA_SHADER_VERTEX);
   assert_int_equal(info.vertices_in, 2);
   assert_int_equal(info.vertices_out, VOUT);
   assert_int_equal(info.invocations, 2);
   assert_int_equal(info.output_primitive, MESA_PRIM_LINE_STRIP);
   assert_int_equal(info.input_slots, VARYING_SLOT_VAR0 + 1);
   assert_int_equal(info.nr_outputs, 2);
   assert_int_equal(info.output_slot[0], VARYING_SLOT_POS);
   assert_int_equal(info.output_slot[1], (VARYING_SLOT_VAR0 + 1));
   assert_true(info.output_flat[1]);
   assert_true(agx_preprocess_nir(gs));

   struct agx_shader_key key = {0};
   struct agx_shader_binary bin;
   if (agx_compile_shader_nir(gs, &key, mem, &bin, error, sizeof(error)))
      fail_msg("%s", error);
   char err[256];
   if (!agx_test_roundtrip(bin.code, bin.size_B, err, sizeof(err)))
      fail_msg("%s", err);

   /* vertex-output rows: 2 per primitive, input_slots vec4 each */
   unsigned rows = 2 * LANES / 2;
   static float vsout[LANES * (VARYING_SLOT_VAR0 + 1) * 4];
   for (unsigned r = 0; r < rows; ++r) {
      float *row = &vsout[r * info.input_slots * 4];
      float c[4] = {(float)r, 2.0f * r, 0, 1};
      memcpy(&row[4 * VARYING_SLOT_VAR0], c, sizeof(c));
   }
   static uint32_t topo[LANES];
   for (unsigned p = 0; p < LANES / 2; ++p) {
      topo[2 * p] = 2 * p + 1;
      topo[2 * p + 1] = 2 * p;
   }
   static uint32_t out[LANES * VOUT * 2 * 4], list[LANES * 2 * VOUT];
   for (unsigned i = 0; i < (sizeof(out) / sizeof(out[0])); ++i)
      out[i] = SENTINEL;
   memset(list, 0xff, sizeof(list));

   struct gs_memory m = {{vsout, topo, out, list, NULL},
                         {sizeof(vsout), sizeof(topo), sizeof(out),
                          sizeof(list), 0}};
   run_gs(&bin, &m, rows);

   for (unsigned g = 0; g < LANES; ++g) {
      unsigned p = g / 2, i = g % 2;
      /* index list: two vertices, restart, one vertex, then untouched */
      uint32_t want_list[2 * VOUT] = {g * VOUT, g * VOUT + 1, AGX_GS_RESTART,
                                      g * VOUT + 2, AGX_GS_RESTART,
                                      AGX_GS_RESTART};
      for (unsigned k = 0; k < 2 * VOUT; ++k)
         assert_int_equal(list[g * 2 * VOUT + k], want_list[k]);
      for (unsigned k = 0; k < VOUT; ++k) {
         const uint32_t *v = &out[(g * VOUT + k) * 8];
         float want_pos[4] = {k == 1 ? 1.0f : 0.0f, 0, 0, 1};
         float want_o[4];
         if (k < 2) {
            unsigned r = topo[2 * p + k];
            want_o[0] = (float)r + 100.0f * p;
            want_o[1] = 2.0f * r + 10.0f * i;
            want_o[2] = 0;
            want_o[3] = 1;
         } else {
            want_o[0] = (float)p;
            want_o[1] = (float)i;
            want_o[2] = want_o[3] = 9;
         }
         for (unsigned c = 0; c < 4; ++c) {
            if (k < 2)
               assert_int_equal(v[c], fbits(want_pos[c]));
            assert_int_equal(v[4 + c], fbits(want_o[c]));
         }
      }
   }
   ralloc_free(gs);
   ralloc_free(mem);
}

/* An output array written with a run-time index (piglit's
 * gs-output-array-vec4-index-wr): o[p & 1] = 1, o[(p & 1) ^ 1] = 2, for
 * points primitive p; emitted vertex rows 0 and 1 are o[0] and o[1]. */
static void
output_array_dynamic_index(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = points_gs(1);
   nir_shader *s = b.shader;
   const nir_vtype *vec4 = nir_vtype_vector(s, nir_type_float32, 4);
   nir_variable *o = nir_variable_create(
      s, nir_var_shader_out, nir_vtype_array(s, vec4, 2), "o");
   o->data.location = VARYING_SLOT_VAR0;
   nir_def *p = nir_load_system_value(&b, nir_intrinsic_load_primitive_id, 32);
   nir_def *i = nir_iand(&b, p, nir_imm_int(&b, 1));
   nir_def *j = nir_ixor(&b, i, nir_imm_int(&b, 1));
   nir_deref_instr *d = nir_build_deref_var(&b, o);
   nir_def *one = vec4f(&b, nir_imm_float(&b, 1), nir_imm_float(&b, 1), 1, 1);
   nir_def *two = vec4f(&b, nir_imm_float(&b, 2), nir_imm_float(&b, 2), 2, 2);
   nir_store_deref(&b, nir_build_deref_array(&b, d, i), one, 0xf);
   nir_store_deref(&b, nir_build_deref_array(&b, d, j), two, 0xf);
   emit(&b, nir_intrinsic_emit_vertex);

   struct agx_gs_info info;
   struct agx_shader_binary bin;
   compile_gs(s, mem, &info, &bin);
   assert_int_equal(info.nr_outputs, 2);

   static uint32_t topo[LANES];
   static float vsout[LANES * 4];
   static uint32_t out[LANES * 8], list[LANES * 2];
   memset(list, 0xff, sizeof(list));
   struct gs_memory m = {{vsout, topo, out, list, NULL},
                         {sizeof(vsout), sizeof(topo), sizeof(out),
                          sizeof(list), 0}};
   run_gs(&bin, &m, LANES);
   for (unsigned g = 0; g < LANES; ++g) {
      float first = g & 1 ? 2.0f : 1.0f, second = g & 1 ? 1.0f : 2.0f;
      for (unsigned c = 0; c < 4; ++c) {
         assert_int_equal(out[g * 8 + c], fbits(first));
         assert_int_equal(out[g * 8 + 4 + c], fbits(second));
      }
      assert_int_equal(list[2 * g], g);
      assert_int_equal(list[2 * g + 1], AGX_GS_RESTART);
   }
   ralloc_free(s);
   ralloc_free(mem);
}

/* Outputs the lowering cannot place are refused with a message. */
static void
unsupported_output(void **state)
{
   (void)state;
   nir_builder b = points_gs(1);
   nir_shader *s = b.shader;
   const nir_vtype *f16 = nir_vtype_vector(s, nir_type_float16, 4);
   nir_variable *o = nir_variable_create(s, nir_var_shader_out, f16, "o");
   o->data.location = VARYING_SLOT_VAR0;
   expect_refused(s, "geometry shader");
}

/* Vertex streams (ARB_gpu_shader5), points in and out, max_vertices 2:
 *
 *    o = vec4(p, 0, 0, 1); EmitStreamVertex(0);
 *    o = vec4(p, 1, 0, 1); EmitStreamVertex(1);
 *    o = vec4(p, 2, 0, 1); EmitStreamVertex(1);
 *    EndStreamPrimitive(1);
 *    o = vec4(p, 3, 0, 1); EmitStreamVertex(1);   // a third: dropped
 *
 * Invocation g's stream-s vertices are (2 g + s) * 2 + k, stream 0's
 * list at entry 4 g of the index buffer, stream 1's at entry 4 g of the
 * streams' list buffer (agx_compile.h). */
static void
two_streams(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = points_gs(2);
   nir_shader *s = b.shader;
   const nir_vtype *vec4 = nir_vtype_vector(s, nir_type_float32, 4);
   nir_variable *o = nir_variable_create(s, nir_var_shader_out, vec4, "o");
   o->data.location = VARYING_SLOT_VAR0;
   nir_def *p = nir_u2f32(
      &b, nir_load_system_value(&b, nir_intrinsic_load_primitive_id, 32));
   static const unsigned stream_of[4] = {0, 1, 1, 1};
   for (unsigned k = 0; k < 4; ++k) {
      nir_store_var(&b, o, vec4f(&b, p, nir_imm_float(&b, (float)k), 0, 1),
                    0xf);
      nir_build_intrinsic(&b, nir_intrinsic_emit_vertex, 0, 0, NULL,
                          NIR_INTRINSIC_STREAM_ID, (int)stream_of[k],
                          NIR_INTRINSIC_NUM_INDEX_FLAGS);
      if (k == 2) {
         nir_build_intrinsic(&b, nir_intrinsic_end_primitive, 0, 0, NULL,
                             NIR_INTRINSIC_STREAM_ID, 1,
                             NIR_INTRINSIC_NUM_INDEX_FLAGS);
      }
   }

   struct agx_gs_info info;
   struct agx_shader_binary bin;
   compile_gs(s, mem, &info, &bin);
   assert_int_equal(info.nr_streams, 2);
   assert_int_equal(info.nr_outputs, 1);

   static uint32_t topo[LANES];
   static float vsout[LANES * 4];
   /* 2 streams x 2 vertices of one row; 4 entries a list */
   static uint32_t out[LANES * 4 * 4], list[LANES * 4], list2[LANES * 4];
   for (unsigned i = 0; i < (sizeof(out) / sizeof(out[0])); ++i)
      out[i] = SENTINEL;
   memset(list, 0xff, sizeof(list));
   memset(list2, 0xff, sizeof(list2));
   struct gs_memory m = {{vsout, topo, out, list, list2},
                         {sizeof(vsout), sizeof(topo), sizeof(out),
                          sizeof(list), sizeof(list2)}};
   run_gs(&bin, &m, LANES);

   for (unsigned g = 0; g < LANES; ++g) {
      uint32_t want0[4] = {4 * g, AGX_GS_RESTART, AGX_GS_RESTART,
                           AGX_GS_RESTART};
      uint32_t want1[4] = {4 * g + 2, 4 * g + 3, AGX_GS_RESTART,
                           AGX_GS_RESTART};
      for (unsigned j = 0; j < 4; ++j) {
         assert_int_equal(list[4 * g + j], want0[j]);
         assert_int_equal(list2[4 * g + j], want1[j]);
      }
      /* vertex 4 g: stream 0's; 4 g + 1 unused; 4 g + 2, + 3 stream 1 */
      static const int y_of[4] = {0, -1, 1, 2};
      for (unsigned v = 0; v < 4; ++v) {
         const uint32_t *row = &out[(4 * g + v) * 4];
         if (y_of[v] < 0) {
            assert_int_equal(row[0], SENTINEL);
            continue;
         }
         float want[4] = {(float)g, (float)y_of[v], 0, 1};
         for (unsigned c = 0; c < 4; ++c)
            assert_int_equal(row[c], fbits(want[c]));
      }
   }
   ralloc_free(s);
   ralloc_free(mem);
}

/* A stream past GL_MAX_VERTEX_STREAMS - 1 is refused with a message. */
static void
stream_out_of_range(void **state)
{
   (void)state;
   nir_builder b = points_gs(1);
   nir_build_intrinsic(&b, nir_intrinsic_emit_vertex, 0, 0, NULL,
                       NIR_INTRINSIC_STREAM_ID, AGX_GS_MAX_STREAMS,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   expect_refused(b.shader, "stream");
}

/* gl_CullDistance written by a geometry shader (the front end's float[8]
 * at CULL_DIST0, like gl_ClipDistance) takes two compact rows,
 * CULL_DIST0 and CULL_DIST1, not eight slots past VARYING_SLOT_MAX. */
static void
cull_distance_rows(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = points_gs(1);
   nir_shader *s = b.shader;
   const nir_vtype *f32 = nir_vtype_scalar(s, nir_type_float32);
   nir_variable *pos = nir_variable_create(
      s, nir_var_shader_out, nir_vtype_vector(s, nir_type_float32, 4),
      "gl_Position");
   pos->data.location = VARYING_SLOT_POS;
   nir_variable *cull = nir_variable_create(
      s, nir_var_shader_out, nir_vtype_array(s, f32, 8), "gl_CullDistance");
   cull->data.location = VARYING_SLOT_CULL_DIST0;
   nir_store_var(&b, pos, vec4f(&b, nir_imm_float(&b, 0),
                                nir_imm_float(&b, 0), 0, 1), 0xf);
   nir_store_deref(&b,
                   nir_build_deref_array_imm(&b, nir_build_deref_var(&b, cull),
                                             5),
                   nir_imm_float(&b, -1.0f), 1);
   emit(&b, nir_intrinsic_emit_vertex);
   struct agx_gs_info info;
   struct agx_shader_binary bin;
   compile_gs(s, mem, &info, &bin);
   assert_int_equal(info.nr_outputs, 3);
   assert_int_equal(info.output_slot[0], VARYING_SLOT_POS);
   assert_int_equal(info.output_slot[1], VARYING_SLOT_CULL_DIST0);
   assert_int_equal(info.output_slot[2], VARYING_SLOT_CULL_DIST1);
   ralloc_free(s);
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(lines_with_invocations),
      cmocka_unit_test(output_array_dynamic_index),
      cmocka_unit_test(unsupported_output),
      cmocka_unit_test(two_streams),
      cmocka_unit_test(stream_out_of_range),
      cmocka_unit_test(cull_distance_rows),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
