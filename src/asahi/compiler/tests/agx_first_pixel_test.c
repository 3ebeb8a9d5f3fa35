/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The first-pixel shader pair, compiled and run on the simulator and
 * checked against the NIR interpreter on the same inputs:
 *  - a vertex shader that fetches vec4/vec2/vec3 float attributes from one
 *    interleaved vertex buffer, multiplies the position by a uniform mat4
 *    and passes two varyings on;
 *  - a fragment shader that reads a smooth vec2, a smooth vec3 and a flat
 *    float through coefficient registers, scales by a uniform and writes
 *    an RGBA8 unorm render target.
 */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nir_builder.h"
#include "nir_eval.h"
#include "agx_test_nir.h"
#include "agx_test_steps.h"
#include "agx_test_util.h"

static const nir_shader_compiler_options plain_options = {0};

static nir_variable *
make_var(nir_shader *s, nir_variable_mode mode, unsigned comps, int location,
         const char *name)
{
   nir_variable *v = nir_variable_create(
      s, mode, nir_vtype_vector(s, nir_type_float32, comps), name);
   v->data.location = location;
   v->data.driver_location = (unsigned)location;
   return v;
}

/* gl_Position = mvp * pos; v_uv = uv; v_col = col * 2 + 0.25 */
static nir_shader *
build_vs(void *mem)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_VERTEX, &plain_options, "first-pixel-vs", mem);
   nir_shader *s = b.shader;
   nir_variable *pos =
      make_var(s, nir_var_shader_in, 4, VERT_ATTRIB_GENERIC0 + 0, "a_pos");
   nir_variable *uv =
      make_var(s, nir_var_shader_in, 2, VERT_ATTRIB_GENERIC0 + 1, "a_uv");
   nir_variable *col =
      make_var(s, nir_var_shader_in, 3, VERT_ATTRIB_GENERIC0 + 2, "a_col");
   nir_variable *mvp = nir_variable_create(
      s, nir_var_uniform, nir_vtype_matrix(s, nir_type_float32, 4, 4), "u_mvp");
   mvp->data.driver_location = 0;
   nir_variable *o_pos =
      make_var(s, nir_var_shader_out, 4, VARYING_SLOT_POS, "gl_Position");
   nir_variable *o_uv =
      make_var(s, nir_var_shader_out, 2, VARYING_SLOT_VAR0, "v_uv");
   nir_variable *o_col =
      make_var(s, nir_var_shader_out, 3, VARYING_SLOT_VAR0 + 1, "v_col");

   nir_def *p = nir_load_var(&b, pos);
   nir_def *acc = NULL;
   for (unsigned i = 0; i < 4; ++i) {
      nir_def *column = nir_load_deref(
         &b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, mvp), i));
      nir_def *term = nir_fmul(&b, column, nir_channel(&b, p, i));
      acc = acc ? nir_fadd(&b, acc, term) : term;
   }
   nir_store_var(&b, o_pos, acc, 0xf);
   nir_store_var(&b, o_uv, nir_load_var(&b, uv), 0x3);
   nir_def *c = nir_load_var(&b, col);
   nir_store_var(&b, o_col,
                 nir_fadd(&b, nir_fmul(&b, c, nir_imm_float(&b, 2.0f)),
                          nir_imm_float(&b, 0.25f)),
                 0x7);
   return s;
}

/* gl_FragColor = vec4(v_col * tint.rgb, v_uv.x * tint.a + v_flat) */
static nir_shader *
build_fs(void *mem)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_FRAGMENT, &plain_options, "first-pixel-fs", mem);
   nir_shader *s = b.shader;
   nir_variable *uv =
      make_var(s, nir_var_shader_in, 2, VARYING_SLOT_VAR0, "v_uv");
   nir_variable *col =
      make_var(s, nir_var_shader_in, 3, VARYING_SLOT_VAR0 + 1, "v_col");
   nir_variable *flat =
      make_var(s, nir_var_shader_in, 1, VARYING_SLOT_VAR0 + 2, "v_flat");
   flat->data.flat = true;
   nir_variable *tint = make_var(s, nir_var_uniform, 4, 0, "u_tint");
   nir_variable *out =
      make_var(s, nir_var_shader_out, 4, FRAG_RESULT_COLOR, "gl_FragColor");

   nir_def *t = nir_load_var(&b, tint);
   nir_def *rgb = nir_fmul(&b, nir_load_var(&b, col), nir_channels(&b, t, 0x7));
   nir_def *a = nir_ffma(&b, nir_channel(&b, nir_load_var(&b, uv), 0),
                         nir_channel(&b, t, 3), nir_load_var(&b, flat));
   nir_store_var(&b, out,
                 nir_vec4(&b, nir_channel(&b, rgb, 0), nir_channel(&b, rgb, 1),
                          nir_channel(&b, rgb, 2), a),
                 0xf);
   return s;
}

/* Interleaved vertex: pos.xyzw, uv.xy, col.rgb (36 bytes) */
#define VTX_FLOATS 9

static void
test_vertex_shader(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_shader *ref = build_vs(mem);
   nir_shader *nir = nir_shader_clone(mem, ref);
   assert_true(agx_preprocess_nir(nir));

   struct agx_shader_key key = {0};
   const enum pipe_format fmts[3] = {PIPE_FORMAT_R32G32B32A32_FLOAT,
                                     PIPE_FORMAT_R32G32_FLOAT,
                                     PIPE_FORMAT_R32G32B32_FLOAT};
   const unsigned offsets[3] = {0, 16, 24};
   for (unsigned i = 0; i < 3; ++i) {
      key.vs.attribs[i] = (struct agx_attribute_key){.format = fmts[i],
                                                     .buffer = 0,
                                                     .offset = offsets[i],
                                                     .stride = VTX_FLOATS * 4};
   }

   struct agx_shader_binary bin;
   char error[256] = "";
   if (!agx_test_compile_lowered(nir, &key, mem, &bin, error, sizeof(error)))
      fail_msg("compile failed: %s", error);

   /* UVS: position then v_uv (2 words) then v_col (3 words), all smooth */
   const struct agx_varyings_vs *vs = &bin.info.vs;
   assert_int_equal(vs->slot_word[VARYING_SLOT_POS], 0);
   assert_int_equal(vs->slot_word[VARYING_SLOT_VAR0], 4);
   assert_int_equal(vs->slot_word[VARYING_SLOT_VAR0 + 1], 6);
   assert_int_equal(vs->nr_words, 9);
   assert_int_equal(vs->nr_32_smooth, 5);
   assert_int_equal(vs->nr_32_flat, 0);

   /* 32 vertices of small dyadic values (exact arithmetic) */
   float vtx[32][VTX_FLOATS];
   for (unsigned v = 0; v < 32; ++v) {
      for (unsigned f = 0; f < VTX_FLOATS; ++f)
         vtx[v][f] = (float)((int)((v * 7 + f * 13) % 17) - 8) / 8.0f;
   }
   float mvp[16];
   for (unsigned i = 0; i < 16; ++i)
      mvp[i] = (float)((int)(i * 5 % 11) - 5) / 4.0f;

   struct agx_test_draw draw = {0};
   draw.gl_uniforms = (const uint32_t *)mvp;
   draw.nr_gl_words = 16;
   draw.vbo[0] = (uint8_t *)vtx;
   draw.vbo_size[0] = sizeof(vtx);
   draw.vbo_va[0] = 0x10000;

   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   memset(uvs, 0xab, sizeof(uvs));
   enum asahi_sim_status s =
      agx_test_run_vs(&bin, &draw, 0, uvs, error, sizeof(error));
   if (s != ASAHI_SIM_STOPPED)
      fail_msg("simulator: %s", error);

   for (unsigned lane = 0; lane < 32; ++lane) {
      nir_const_value in[4 * 3] = {0}, out[4 * VARYING_SLOT_MAX] = {0};
      nir_const_value uni[16];
      for (unsigned a = 0; a < 3; ++a) {
         static const unsigned first[3] = {0, 4, 6}, n[3] = {4, 2, 3};
         for (unsigned c = 0; c < n[a]; ++c)
            in[4 * a + c].f32 = vtx[lane][first[a] + c];
      }
      for (unsigned i = 0; i < 16; ++i)
         uni[i].f32 = mvp[i];
      nir_eval_state st = {0};
      st.inputs = in;
      st.num_input_cells = 12;
      st.uniforms = uni;
      st.num_uniform_cells = 16;
      st.outputs = out;
      st.num_output_cells = 4 * VARYING_SLOT_MAX;
      if (!nir_eval_run(ref, &st))
         fail_msg("nir_eval: %s", st.error);

      const uint32_t *w = &uvs[lane * vs->nr_words];
      for (unsigned c = 0; c < 4; ++c)
         assert_int_equal(w[c], out[4 * VARYING_SLOT_POS + c].u32);
      for (unsigned c = 0; c < 2; ++c)
         assert_int_equal(w[4 + c], out[4 * VARYING_SLOT_VAR0 + c].u32);
      for (unsigned c = 0; c < 3; ++c)
         assert_int_equal(w[6 + c], out[4 * (VARYING_SLOT_VAR0 + 1) + c].u32);
   }
   ralloc_free(mem);
}

static uint8_t
unorm8(float x, bool *tie)
{
   /* GL: clamp, then round to nearest (ties either way) */
   double v = x != x ? 0.0 : fmin(fmax(x, 0.0), 1.0) * 255.0;
   *tie = v - floor(v) == 0.5;
   return (uint8_t)floor(v + 0.5);
}

static void
test_fragment_shader(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_shader *ref = build_fs(mem);
   nir_shader *nir = nir_shader_clone(mem, ref);
   assert_true(agx_preprocess_nir(nir));

   struct agx_shader_key key = {0};
   key.fs.rt[0].format = PIPE_FORMAT_R8G8B8A8_UNORM;
   key.fs.rt[0].offset_B = 0;

   struct agx_shader_binary bin;
   char error[256] = "";
   if (!agx_test_compile_lowered(nir, &key, mem, &bin, error, sizeof(error)))
      fail_msg("compile failed: %s", error);

   /* cf0 = W, then v_uv (2), v_col (3), v_flat (1) in slot order */
   const struct agx_varyings_fs *fs = &bin.info.fs;
   assert_int_equal(fs->nr_bindings, 4);
   assert_int_equal(fs->nr_cf, 7);
   assert_int_equal(fs->bindings[0].slot, VARYING_SLOT_POS);
   assert_int_equal(fs->bindings[0].offset, 3);
   assert_int_equal(fs->bindings[1].slot, VARYING_SLOT_VAR0);
   assert_int_equal(fs->bindings[1].cf_base, 1);
   assert_int_equal(fs->bindings[2].cf_base, 3);
   assert_int_equal(fs->bindings[3].cf_base, 6);
   assert_true(fs->bindings[3].flat);
   assert_true(bin.info.tib_writes == 1);

   /* W = 1 everywhere; smooth varyings vary along x: A x + C at the pixel
    * centre x = t + 0.5; the flat one is the plane's C. */
   float planes[7][3] = {
      {0, 0, 1},
      {1.0f / 64, 0, 0.125f},   /* uv.x */
      {0, 0, 0.5f},             /* uv.y */
      {1.0f / 128, 0, 0.0625f}, /* col.r */
      {-1.0f / 256, 0, 0.75f},  /* col.g */
      {0, 0, 0.3125f},          /* col.b */
      {0, 0, 0.09375f},         /* flat */
   };
   float tint[4] = {1.0f, 0.5f, 2.0f, 0.75f};
   struct agx_test_draw draw = {0};
   draw.gl_uniforms = (const uint32_t *)tint;
   draw.nr_gl_words = 4;

   uint8_t tib[32 * 4];
   memset(tib, 0, sizeof(tib));
   enum asahi_sim_status s = agx_test_run_fs(&bin, &draw, planes, 7, tib, 4,
                                             NULL, error, sizeof(error));
   if (s != ASAHI_SIM_STOPPED)
      fail_msg("simulator: %s", error);

   for (unsigned lane = 0; lane < 32; ++lane) {
      nir_const_value in[4 * VARYING_SLOT_MAX] = {0};
      nir_const_value out[4 * FRAG_RESULT_MAX] = {0};
      nir_const_value uni[4];
      double x = lane + 0.5;
      for (unsigned c = 0; c < 2; ++c)
         in[4 * VARYING_SLOT_VAR0 + c].f32 =
            (float)(planes[1 + c][0] * x + planes[1 + c][2]);
      for (unsigned c = 0; c < 3; ++c)
         in[4 * (VARYING_SLOT_VAR0 + 1) + c].f32 =
            (float)(planes[3 + c][0] * x + planes[3 + c][2]);
      in[4 * (VARYING_SLOT_VAR0 + 2)].f32 = planes[6][2];
      for (unsigned i = 0; i < 4; ++i)
         uni[i].f32 = tint[i];

      nir_eval_state st = {0};
      st.inputs = in;
      st.num_input_cells = 4 * VARYING_SLOT_MAX;
      st.uniforms = uni;
      st.num_uniform_cells = 4;
      st.outputs = out;
      st.num_output_cells = 4 * FRAG_RESULT_MAX;
      if (!nir_eval_run(ref, &st))
         fail_msg("nir_eval: %s", st.error);

      for (unsigned c = 0; c < 4; ++c) {
         bool tie;
         uint8_t want = unorm8(out[4 * FRAG_RESULT_COLOR + c].f32, &tie);
         uint8_t got = tib[4 * lane + c];
         if (got != want && !(tie && got == want - 1))
            fail_msg("pixel %u channel %u: %u, expected %u", lane, c, got,
                     want);
      }
   }
   ralloc_free(mem);
}

/* The cf binding table for this pair, from the hardware rules: header =
 * (W + user 32-bit words) slots and 7 coefficient registers; W reads slot
 * 0 linearly; the user varyings read slot 1 + (UVS word - 4). */
static void
test_link(void **state)
{
   (void)state;
   struct agx_varyings_vs vs;
   memset(&vs, 0, sizeof(vs));
   memset(vs.slot_word, 0xff, sizeof(vs.slot_word));
   vs.slot_word[VARYING_SLOT_POS] = 0;
   vs.slot_word[VARYING_SLOT_VAR0] = 4;
   vs.slot_word[VARYING_SLOT_VAR0 + 1] = 6;
   vs.slot_word[VARYING_SLOT_VAR0 + 2] = 9;
   vs.nr_32_smooth = 5;
   vs.nr_32_flat = 1;
   vs.nr_words = 10;

   struct agx_varyings_fs fs = {0};
   fs.nr_cf = 7;
   fs.nr_bindings = 4;
   fs.bindings[0] = (struct agx_cf_binding){0, VARYING_SLOT_POS, 3, 1, 0, 0};
   fs.bindings[1] = (struct agx_cf_binding){1, VARYING_SLOT_VAR0, 0, 2, 0, 1};
   fs.bindings[2] =
      (struct agx_cf_binding){3, VARYING_SLOT_VAR0 + 1, 0, 3, 0, 1};
   fs.bindings[3] =
      (struct agx_cf_binding){6, VARYING_SLOT_VAR0 + 2, 0, 1, 1, 0};

   uint32_t table[8];
   assert_int_equal(agx_link_varyings(&vs, &fs, false, table, 8), 5);
   /* header: slots 0-7, coefficient registers 8-15 */
   assert_int_equal(table[0], 7 | (7 << 8));
   /* binding: components - 1 (0-1), shade model (2-4), source (5-7), base
    * slot (8-15), base cf (16-23); cmdbuf.xml "cf binding" */
   assert_int_equal(table[1], 0 | (3 << 2) | (0 << 8) | (0 << 16));
   assert_int_equal(table[2], 1 | (7 << 2) | (1 << 8) | (1 << 16));
   assert_int_equal(table[3], 2 | (7 << 2) | (3 << 8) | (3 << 16));
   assert_int_equal(table[4], 0 | (2 << 2) | (6 << 8) | (6 << 16));
   assert_int_equal(agx_link_varyings(&vs, &fs, false, table, 4), -1);

   uint32_t counts[2];
   agx_pack_varying_counts(&vs, counts);
   assert_int_equal(counts[0], 5 | (1 << 8));
   assert_int_equal(counts[1], 0);
}

/* Attributes in narrow formats: unorm8x4, snorm16x2, sint8x3 (sign
 * extended, w = integer 1) and uint16x1 (y, z = 0, w = 1.0) from one
 * interleaved buffer; each passed to a varying unchanged. */
static void
test_attribute_formats(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX,
                                                  &plain_options, "fmts", mem);
   nir_shader *s = b.shader;
   static const nir_alu_type types[4] = {nir_type_float32, nir_type_float32,
                                         nir_type_int32, nir_type_uint32};
   static const enum pipe_format fmts[4] = {
      PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_R16G16_SNORM,
      PIPE_FORMAT_R8G8B8_SINT, PIPE_FORMAT_R16_UINT};
   static const unsigned offs[4] = {0, 4, 8, 12}; /* 16-byte vertices */
   struct agx_shader_key key = {0};
   for (unsigned i = 0; i < 4; ++i) {
      nir_variable *in = nir_variable_create(
         s, nir_var_shader_in, nir_vtype_vector(s, types[i], 4), "a");
      in->data.location = in->data.driver_location = VERT_ATTRIB_GENERIC0 + i;
      nir_variable *out = nir_variable_create(
         s, nir_var_shader_out, nir_vtype_vector(s, types[i], 4), "v");
      out->data.location = VARYING_SLOT_VAR0 + i;
      out->data.driver_location = VARYING_SLOT_VAR0 + i;
      nir_store_var(&b, out, nir_load_var(&b, in), 0xf);
      key.vs.attribs[i] =
         (struct agx_attribute_key){fmts[i], 0, offs[i], 16, 0};
   }
   nir_variable *pos =
      make_var(s, nir_var_shader_out, 4, VARYING_SLOT_POS, "gl_Position");
   nir_store_var(&b, pos, nir_imm_vec4(&b, 0, 0, 0, 1), 0xf);

   nir_shader *nir = nir_shader_clone(mem, s);
   assert_true(agx_preprocess_nir(nir));
   struct agx_shader_binary bin;
   agx_test_must_compile_lowered(nir, &key, mem, &bin);

   uint8_t vb[32][16];
   for (unsigned v = 0; v < 32; ++v)
      for (unsigned i = 0; i < 16; ++i)
         vb[v][i] = (uint8_t)(v * 37 + i * 101 + (v * i) % 7);
   struct agx_test_draw draw = {0};
   draw.vbo[0] = &vb[0][0];
   draw.vbo_size[0] = sizeof(vb);
   draw.vbo_va[0] = 0x30000;
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   agx_test_must_run_vs(&bin, &draw, 0, uvs);

   for (unsigned v = 0; v < 32; ++v) {
      /* GL's conversions (GL 4.6 §2.3.5), rounded once to float */
      uint32_t want[4][4];
      for (unsigned c = 0; c < 4; ++c) {
         float f = (float)(vb[v][c] / 255.0);
         memcpy(&want[0][c], &f, 4);
      }
      for (unsigned c = 0; c < 2; ++c) {
         int16_t x = (int16_t)(vb[v][4 + 2 * c] | vb[v][5 + 2 * c] << 8);
         float f = (float)fmax(x / 32767.0, -1.0);
         memcpy(&want[1][c], &f, 4);
      }
      want[1][2] = 0;
      want[1][3] = 0x3f800000;
      for (unsigned c = 0; c < 3; ++c)
         want[2][c] = (uint32_t)(int32_t)(int8_t)vb[v][8 + c];
      want[2][3] = 1;
      want[3][0] = (uint32_t)(vb[v][12] | vb[v][13] << 8);
      want[3][1] = want[3][2] = 0;
      want[3][3] = 1;
      for (unsigned i = 0; i < 4; ++i) {
         unsigned w = bin.info.vs.slot_word[VARYING_SLOT_VAR0 + i];
         for (unsigned c = 0; c < 4; ++c) {
            uint32_t got = uvs[v * bin.info.vs.nr_words + w + c];
            if (got != want[i][c])
               fail_msg("vertex %u attribute %u.%u: 0x%08x, expected 0x%08x", v,
                        i, c, got, want[i][c]);
         }
      }
   }
   ralloc_free(mem);
}

/* sin and cos through the hardware's sin_pt_1/sin_pt_2 pair: GLSL gives
 * no precision for them; within 1e-5 of libm over [-10, 10]. */
static void
test_sincos(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_VERTEX, &plain_options, "sincos", mem);
   nir_shader *s = b.shader;
   nir_variable *a =
      make_var(s, nir_var_shader_in, 1, VERT_ATTRIB_GENERIC0, "x");
   nir_variable *o =
      make_var(s, nir_var_shader_out, 2, VARYING_SLOT_VAR0, "sc");
   nir_variable *pos =
      make_var(s, nir_var_shader_out, 4, VARYING_SLOT_POS, "gl_Position");
   nir_def *x = nir_load_var(&b, a);
   nir_store_var(&b, o, nir_vec2(&b, nir_fsin(&b, x), nir_fcos(&b, x)), 0x3);
   nir_store_var(&b, pos, nir_imm_vec4(&b, 0, 0, 0, 1), 0xf);
   assert_true(agx_preprocess_nir(s));

   struct agx_shader_key key = {0};
   key.vs.attribs[0] =
      (struct agx_attribute_key){PIPE_FORMAT_R32_FLOAT, 0, 0, 4, 0};
   struct agx_shader_binary bin;
   agx_test_must_compile_lowered(s, &key, mem, &bin);

   float xs[32];
   for (unsigned v = 0; v < 32; ++v)
      xs[v] = -10.0f + (float)v * 0.6451f;
   struct agx_test_draw draw = {0};
   draw.vbo[0] = (uint8_t *)xs;
   draw.vbo_size[0] = sizeof(xs);
   draw.vbo_va[0] = 0x40000;
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   agx_test_must_run_vs(&bin, &draw, 0, uvs);
   unsigned w = bin.info.vs.slot_word[VARYING_SLOT_VAR0];
   for (unsigned v = 0; v < 32; ++v) {
      float got[2];
      memcpy(got, &uvs[v * bin.info.vs.nr_words + w], 8);
      if (fabs(got[0] - sin(xs[v])) > 1e-5 || fabs(got[1] - cos(xs[v])) > 1e-5)
         fail_msg("x = %g: sin %g cos %g, libm %g %g", xs[v], got[0], got[1],
                  sin(xs[v]), cos(xs[v]));
   }
   ralloc_free(mem);
}

/* Uniform arrays: one indexed by an integer attribute (read from memory)
 * and a block of 160 words, too big to push (read from memory too). */
static void
test_uniform_arrays(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_VERTEX, &plain_options, "arrays", mem);
   nir_shader *s = b.shader;
   nir_variable *idx = nir_variable_create(
      s, nir_var_shader_in, nir_vtype_scalar(s, nir_type_int32), "i");
   idx->data.location = idx->data.driver_location = VERT_ATTRIB_GENERIC0;
   nir_variable *arr = nir_variable_create(
      s, nir_var_uniform,
      nir_vtype_array(s, nir_vtype_vector(s, nir_type_float32, 4), 40), "arr");
   arr->data.driver_location = 0;
   nir_variable *o = make_var(s, nir_var_shader_out, 4, VARYING_SLOT_VAR0, "o");
   nir_variable *pos =
      make_var(s, nir_var_shader_out, 4, VARYING_SLOT_POS, "gl_Position");
   nir_def *i = nir_load_var(&b, idx);
   nir_def *dyn = nir_load_deref(
      &b, nir_build_deref_array(&b, nir_build_deref_var(&b, arr), i));
   nir_def *last = nir_load_deref(
      &b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, arr), 39));
   nir_store_var(&b, o, nir_fadd(&b, dyn, last), 0xf);
   nir_store_var(&b, pos, nir_imm_vec4(&b, 0, 0, 0, 1), 0xf);

   nir_shader *nir = nir_shader_clone(mem, s);
   assert_true(agx_preprocess_nir(nir));
   struct agx_shader_key key = {0};
   key.vs.attribs[0] =
      (struct agx_attribute_key){PIPE_FORMAT_R32_SINT, 0, 0, 4, 0};
   key.uniforms_in_memory = true;
   struct agx_shader_binary bin;
   agx_test_must_compile_lowered(nir, &key, mem, &bin);

   float storage[160];
   for (unsigned w = 0; w < 160; ++w)
      storage[w] = (float)w * 0.5f - 7.0f;
   int32_t ids[32];
   for (unsigned v = 0; v < 32; ++v)
      ids[v] = (int32_t)((v * 7) % 40);
   struct agx_test_draw draw = {0};
   draw.gl_uniforms = (const uint32_t *)storage;
   draw.nr_gl_words = 160;
   draw.gl_uniforms_va = 0x50000;
   draw.vbo[0] = (uint8_t *)ids;
   draw.vbo_size[0] = sizeof(ids);
   draw.vbo_va[0] = 0x60000;
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   agx_test_must_run_vs(&bin, &draw, 0, uvs);

   unsigned w0 = bin.info.vs.slot_word[VARYING_SLOT_VAR0];
   for (unsigned v = 0; v < 32; ++v) {
      nir_const_value in[4] = {{0}}, out[4 * VARYING_SLOT_MAX] = {{0}};
      nir_const_value uni[160];
      in[0].i32 = ids[v];
      for (unsigned w = 0; w < 160; ++w)
         uni[w].f32 = storage[w];
      nir_eval_state st = {0};
      st.inputs = in;
      st.num_input_cells = 4;
      st.uniforms = uni;
      st.num_uniform_cells = 160;
      st.outputs = out;
      st.num_output_cells = 4 * VARYING_SLOT_MAX;
      if (!nir_eval_run(s, &st))
         fail_msg("nir_eval: %s", st.error);
      for (unsigned c = 0; c < 4; ++c)
         assert_int_equal(uvs[v * bin.info.vs.nr_words + w0 + c],
                          out[4 * VARYING_SLOT_VAR0 + c].u32);
   }
   ralloc_free(mem);
}

/* 32 vec4 uniforms pushed (128 words) put the vertex buffer's base past
 * what device_load's 8-bit base field reaches (halves 0-254, applegpu.py
 * MemoryBaseDesc): the attribute fetch must read it through registers. */
static void
test_high_vbo_base(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_VERTEX, &plain_options, "high_vbo", mem);
   nir_shader *s = b.shader;
   nir_variable *a = nir_variable_create(
      s, nir_var_shader_in, nir_vtype_vector(s, nir_type_float32, 4), "a");
   a->data.location = a->data.driver_location = VERT_ATTRIB_GENERIC0;
   nir_variable *arr = nir_variable_create(
      s, nir_var_uniform,
      nir_vtype_array(s, nir_vtype_vector(s, nir_type_float32, 4), 32), "u");
   arr->data.driver_location = 0;
   nir_variable *o = make_var(s, nir_var_shader_out, 4, VARYING_SLOT_VAR0, "o");
   nir_variable *pos =
      make_var(s, nir_var_shader_out, 4, VARYING_SLOT_POS, "gl_Position");
   nir_def *sum = nir_load_var(&b, a);
   for (unsigned i = 0; i < 32; ++i)
      sum = nir_fadd(&b, sum,
                     nir_load_deref(&b, nir_build_deref_array_imm(
                                           &b, nir_build_deref_var(&b, arr),
                                           i)));
   nir_store_var(&b, o, sum, 0xf);
   nir_store_var(&b, pos, nir_imm_vec4(&b, 0, 0, 0, 1), 0xf);

   nir_shader *nir = nir_shader_clone(mem, s);
   assert_true(agx_preprocess_nir(nir));
   struct agx_shader_key key = {0};
   key.vs.attribs[0] =
      (struct agx_attribute_key){PIPE_FORMAT_R32G32B32A32_FLOAT, 0, 0, 16, 0};
   struct agx_shader_binary bin;
   agx_test_must_compile_lowered(nir, &key, mem, &bin);
   bool high = false;
   for (unsigned i = 0; i < bin.info.nr_push; ++i) {
      if (bin.info.push[i].kind == AGX_PUSH_VBO_BASE)
         high = bin.info.push[i].uniform >= 256;
   }
   assert_true(high); /* else the test no longer tests this */

   float storage[128], verts[32][4];
   for (unsigned w = 0; w < 128; ++w)
      storage[w] = (float)(w % 4) * 0.25f;
   for (unsigned v = 0; v < 32; ++v)
      for (unsigned c = 0; c < 4; ++c)
         verts[v][c] = (float)(v * 4 + c);
   struct agx_test_draw draw = {0};
   draw.gl_uniforms = (const uint32_t *)storage;
   draw.nr_gl_words = 128;
   draw.vbo[0] = (uint8_t *)verts;
   draw.vbo_size[0] = sizeof(verts);
   draw.vbo_va[0] = 0x60000;
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   agx_test_must_run_vs(&bin, &draw, 0, uvs);

   unsigned w0 = bin.info.vs.slot_word[VARYING_SLOT_VAR0];
   for (unsigned v = 0; v < 32; ++v) {
      for (unsigned c = 0; c < 4; ++c) {
         /* 32 uniforms each adding c * 0.25: exact in floats */
         float want = verts[v][c] + 32.0f * (float)c * 0.25f, got;
         memcpy(&got, &uvs[v * bin.info.vs.nr_words + w0 + c], 4);
         if (got != want)
            fail_msg("vertex %u component %u: %f, expected %f", v, c, got,
                     want);
      }
   }
   ralloc_free(mem);
}

/* gl_PointCoord: a linear binding the linker sources from the rasteriser
 * (coefficient source 2), read with iter (no division by W). */
static void
test_point_coord(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT,
                                                  &plain_options, "pc", mem);
   nir_variable *out =
      make_var(b.shader, nir_var_shader_out, 4, FRAG_RESULT_DATA0, "o");
   nir_def *pc = nir_load_system_value(&b, nir_intrinsic_load_point_coord, 32);
   nir_store_var(&b, out,
                 nir_vec4(&b, nir_channel(&b, pc, 0), nir_channel(&b, pc, 1),
                          nir_imm_float(&b, 0), nir_imm_float(&b, 1)),
                 0xf);
   assert_true(agx_preprocess_nir(b.shader));
   struct agx_shader_key key = {0};
   key.fs.rt[0].format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   struct agx_shader_binary bin;
   agx_test_must_compile_lowered(b.shader, &key, mem, &bin);

   const struct agx_varyings_fs *fs = &bin.info.fs;
   assert_int_equal(fs->nr_bindings, 2);
   assert_int_equal(fs->bindings[1].slot, VARYING_SLOT_PNTC);
   assert_false(fs->bindings[1].perspective);
   assert_false(fs->bindings[1].flat);

   /* W = 2 everywhere: a perspective divide would halve the values */
   float planes[3][3] = {{0, 0, 2}, {1.0f / 32, 0, 0}, {0, 0, 0.75f}};
   uint8_t tib[32 * 16];
   struct agx_test_draw draw = {0};
   agx_test_must_run_fs(&bin, &draw, (const float(*)[3])planes, 3, tib, 16,
                        NULL);
   for (unsigned p = 0; p < 32; ++p) {
      float got[2];
      memcpy(got, tib + 16 * p, 8);
      assert_true(got[0] == (p + 0.5f) / 32.0f && got[1] == 0.75f);
   }

   /* the table entry: linear, point coordinate source, 2 components */
   struct agx_varyings_vs vs;
   memset(&vs, 0, sizeof(vs));
   memset(vs.slot_word, 0xff, sizeof(vs.slot_word));
   vs.slot_word[VARYING_SLOT_POS] = 0;
   vs.nr_words = 4;
   uint32_t table[4];
   assert_int_equal(agx_link_varyings(&vs, fs, false, table, 4), 3);
   assert_int_equal(table[2], 1 | (3 << 2) | (2 << 5) | (0 << 8) | (1 << 16));
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vertex_shader),
      cmocka_unit_test(test_fragment_shader),
      cmocka_unit_test(test_link),
      cmocka_unit_test(test_attribute_formats),
      cmocka_unit_test(test_sincos),
      cmocka_unit_test(test_uniform_arrays),
      cmocka_unit_test(test_high_vbo_base),
      cmocka_unit_test(test_point_coord),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
