/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * textureGrad on cube maps (agx_nir_lower_txd_cube.c): the compiled
 * vertex shader runs on the simulator with a stand-in texture unit that
 * reports the explicit LOD it is handed; the NIR interpreter's side
 * computes GL's LOD for the original gradients independently, by
 * differentiating the face coordinates (s, t) of GL 4.6 table 8.19
 * numerically along the direction's gradients:
 *    lambda = log2(size * max(|d(s,t)/dx|, |d(s,t)/dy|)).
 */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "nir_builder.h"
#include "nir_eval.h"
#include "agx_test_nir.h"
#include "agx_test_steps.h"
#include "agx_test_util.h"

static const nir_shader_compiler_options plain = {0};

#define FACE_SIZE 32.0

/* GL 4.6 table 8.19: face coordinates of a direction (ties: x, then y). */
static void
face_st(const double p[3], double *s, double *t, int *face)
{
   double ax = fabs(p[0]), ay = fabs(p[1]), az = fabs(p[2]), sc, tc, ma;
   if (ax >= ay && ax >= az) {
      *face = p[0] >= 0 ? 0 : 1;
      sc = p[0] >= 0 ? -p[2] : p[2];
      tc = -p[1];
      ma = ax;
   } else if (ay >= az) {
      *face = p[1] >= 0 ? 2 : 3;
      sc = p[0];
      tc = p[1] >= 0 ? p[2] : -p[2];
      ma = ay;
   } else {
      *face = p[2] >= 0 ? 4 : 5;
      sc = p[2] >= 0 ? p[0] : -p[0];
      tc = -p[1];
      ma = az;
   }
   *s = (sc / ma + 1) / 2;
   *t = (tc / ma + 1) / 2;
}

/* |d(s, t)| along g, by a central difference on the face of p */
static double
st_rate(const double p[3], const double g[3])
{
   const double h = 1e-4;
   double a[3], b[3], s0, t0, s1, t1;
   int f0, f1;
   for (unsigned c = 0; c < 3; ++c) {
      a[c] = p[c] - h * g[c];
      b[c] = p[c] + h * g[c];
   }
   face_st(a, &s0, &t0, &f0);
   face_st(b, &s1, &t1, &f1);
   return hypot(s1 - s0, t1 - t0) / (2 * h);
}

static enum asahi_sim_status
hook_fetch(void *user, struct asahi_sim_group *g,
           const struct asahi_sim_texture_request *req, unsigned lane,
           uint32_t out[4])
{
   (void)user;
   (void)lane;
   if (req->lod_mode != 6 || req->dim != 6) {
      snprintf(g->error, sizeof(g->error), "LOD mode %u, dimension %u",
               req->lod_mode, req->dim);
      return ASAHI_SIM_ERR_EXEC;
   }
   const float f[4] = {agx_test_request_lod(req), 0, 0, 0};
   memcpy(out, f, sizeof(f));
   return ASAHI_SIM_RUNNING;
}

static const struct asahi_sim_texture_hooks hooks = {hook_fetch, NULL};

static bool
eval_tex(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
         nir_const_value *result)
{
   (void)data;
   if (tex->op != nir_texop_txd)
      return false;
   int ci = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   int xi = nir_tex_instr_src_index(tex, nir_tex_src_ddx);
   int yi = nir_tex_instr_src_index(tex, nir_tex_src_ddy);
   double p[3], gx[3], gy[3];
   for (unsigned c = 0; c < 3; ++c) {
      p[c] = srcs[ci][c].f32;
      gx[c] = srcs[xi][c].f32;
      gy[c] = srcs[yi][c].f32;
   }
   double rho = FACE_SIZE * fmax(st_rate(p, gx), st_rate(p, gy));
   result[0].f32 = (float)log2(rho);
   result[1].f32 = result[2].f32 = result[3].f32 = 0;
   return true;
}

/* VS: o = textureGrad(cube t0, a.xyz, b.xyz, c.xyz) */
static void
test_txd_cube(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX, &plain,
                                                  "txd-cube", mem);
   nir_def *in[3];
   for (unsigned i = 0; i < 3; ++i) {
      in[i] = nir_channels(
         &b,
         nir_load_var(&b, agx_test_var(b.shader, nir_var_shader_in, 4,
                                       VERT_ATTRIB_GENERIC0 + i, "a")),
         0x7);
   }
   nir_store_var(
      &b, agx_test_var(b.shader, nir_var_shader_out, 4, VARYING_SLOT_POS, "p"),
      nir_imm_vec4(&b, 0, 0, 0, 1), 0xf);
   nir_def *t = agx_test_tex(
      &b, &(struct agx_test_tex){
             .op = nir_texop_txd,
             .index = 0,
             .dim = NIR_SAMPLER_DIM_CUBE,
             .src = {{nir_tex_src_coord, in[0]},
                     {nir_tex_src_ddx, in[1]},
                     {nir_tex_src_ddy, in[2]}},
          });
   nir_store_var(
      &b, agx_test_var(b.shader, nir_var_shader_out, 4, VARYING_SLOT_VAR0, "o"),
      t, 0xf);

   struct agx_shader_key key = {0};
   for (unsigned i = 0; i < 3; ++i)
      key.vs.attribs[i] = (struct agx_attribute_key){
         PIPE_FORMAT_R32G32B32A32_FLOAT, 0, 16 * i, 48, 0};
   struct agx_shader_binary bin;
   char error[256];
   agx_test_must_compile(b.shader, &key, mem, &bin);

   /* Directions towards every face (and away from the centres), with
    * gradients of various sizes and directions. */
   float vtx[32][12];
   memset(vtx, 0, sizeof(vtx));
   for (unsigned v = 0; v < 32; ++v) {
      unsigned major = v % 3;
      float sign = (v / 3) % 2 ? -1.0f : 1.0f;
      float *p = vtx[v], *gx = vtx[v] + 4, *gy = vtx[v] + 8;
      p[major] = sign * (1.0f + 0.25f * (float)(v % 4));
      p[(major + 1) % 3] = 0.125f * (float)((int)(v % 7) - 3);
      p[(major + 2) % 3] = -0.0625f * (float)((int)(v % 5) - 2);
      for (unsigned c = 0; c < 3; ++c) {
         gx[c] = (float)((int)((v + 3 * c) % 5) - 2) / 64.0f;
         gy[c] = (float)((int)((2 * v + c) % 7) - 3) / 128.0f;
      }
      gx[(major + 1) % 3] += 1.0f / 32.0f; /* never a zero gradient */
   }
   struct agx_test_draw draw = {0};
   agx_test_draw_vertices(&draw, vtx, sizeof(vtx));
   draw.texture = &hooks;
   draw.texture_size[0][0] = draw.texture_size[0][1] = (uint32_t)FACE_SIZE;
   draw.texture_size[0][2] = 1;
   draw.texture_size[0][3] = 6;
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   agx_test_must_run_vs(&bin, &draw, 0, uvs);

   unsigned w = bin.info.vs.slot_word[VARYING_SLOT_VAR0];
   for (unsigned lane = 0; lane < 32; ++lane) {
      nir_const_value out[4 * VARYING_SLOT_MAX];
      if (!agx_test_eval_vertex(b.shader, vtx[lane], 12, eval_tex, NULL, out,
                                error, sizeof(error)))
         fail_msg("%s", error);
      float got, want = out[4 * VARYING_SLOT_VAR0].f32;
      memcpy(&got, &uvs[lane * bin.info.vs.nr_words + w], 4);
      /* the LOD reaches the unit as f16 (2^-10 relative), the reference
       * is a numerical derivative */
      if (fabsf(got - want) > 0.01f)
         fail_msg("lane %u: LOD %f, want %f", lane, got, want);
   }

   /* The reference itself, by hand: at the +x face centre (1, 0, 0) with
    * d/dx = (0, 0, 1/32), s = (-z + 1) / 2 moves 1/64 a pixel, rho =
    * 32 / 64, LOD -1. */
   double p[3] = {1, 0, 0}, g[3] = {0, 0, 1.0 / 32};
   assert_float_equal(log2(FACE_SIZE * st_rate(p, g)), -1.0, 1e-6);
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_txd_cube),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
