/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The sampler's LOD bias (GL TEXTURE_LOD_BIAS), which AGX samplers do not
 * hold: with bit i of agx_shader_key::sampler_lod_bias set, lookups
 * through sampler i add AGX_SYSVAL_SAMPLER_LOD_BIAS0 + i to their LOD.
 * GL 3.0 equation 3.18: lambda' = lambda_base + bias, for explicit LODs
 * (textureLod), computed ones (texture, texture with a bias argument) and
 * gradients (textureGrad: lambda_base = log2(rho)).
 *
 * Compiled shaders run on the simulator with a stand-in texture unit that
 * turns what the instruction hands over into the LOD the hardware would
 * use (x) and whether it still adds the automatic LOD (y); the NIR
 * interpreter's texture callback computes the same from the GL rules and
 * the bias values of the draw.  A sampler whose key bit is clear must
 * not be biased even when the draw has a value for it.
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

/* The draw's sampler biases; the key enables samplers 0-2 only. */
static const float biases[4] = {1.5f, -0.75f, 2.0f, 3.0f};
#define BIASED_SAMPLERS 0x7u
/* Every texture is 16 x 16 (gradients are scaled by it). */
#define SIZE 16.0

static double
rho_lod(const float *ddx, const float *ddy)
{
   double x = SIZE * sqrt((double)ddx[0] * ddx[0] + (double)ddx[1] * ddx[1]);
   double y = SIZE * sqrt((double)ddy[0] * ddy[0] + (double)ddy[1] * ddy[1]);
   return log2(fmax(x, y));
}

/* The hardware's side: applegpu's LOD modes (0 auto, 5 auto + bias, 6
 * explicit, 4 gradients). */
static enum asahi_sim_status
hook_fetch(void *user, struct asahi_sim_group *g,
           const struct asahi_sim_texture_request *req, unsigned lane,
           uint32_t out[4])
{
   (void)user;
   (void)lane;
   float f[4] = {0, 0, (float)req->texture, 0};
   switch (req->lod_mode) {
   case 0:
      f[1] = 1;
      break;
   case 5:
      f[0] = agx_test_request_lod(req);
      f[1] = 1;
      break;
   case 6:
      f[0] = agx_test_request_lod(req);
      break;
   case 4:
      if (!req->has_derivatives) {
         snprintf(g->error, sizeof(g->error), "gradients missing");
         return ASAHI_SIM_ERR_EXEC;
      }
      f[0] = (float)rho_lod(req->ddx, req->ddy);
      break;
   default:
      snprintf(g->error, sizeof(g->error), "LOD mode %u", req->lod_mode);
      return ASAHI_SIM_ERR_EXEC;
   }
   memcpy(out, f, 16);
   return ASAHI_SIM_RUNNING;
}

static const struct asahi_sim_texture_hooks hooks = {hook_fetch, NULL};

/* GL's side. */
static bool
eval_tex(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
         nir_const_value *result)
{
   gl_shader_stage stage = *(const gl_shader_stage *)data;
   float bias = (BIASED_SAMPLERS >> tex->sampler_index) & 1
                   ? biases[tex->sampler_index]
                   : 0.0f;
   float x = 0, y = 0;
   int i;
   switch (tex->op) {
   case nir_texop_tex:
      /* vertex shaders: level 0 as the base (Mesa's choice) */
      x = bias;
      y = stage == MESA_SHADER_FRAGMENT;
      break;
   case nir_texop_txb:
      i = nir_tex_instr_src_index(tex, nir_tex_src_bias);
      x = srcs[i][0].f32 + bias;
      y = 1;
      break;
   case nir_texop_txl:
      i = nir_tex_instr_src_index(tex, nir_tex_src_lod);
      x = srcs[i][0].f32 + bias;
      break;
   case nir_texop_txd: {
      int dx = nir_tex_instr_src_index(tex, nir_tex_src_ddx);
      int dy = nir_tex_instr_src_index(tex, nir_tex_src_ddy);
      float gx[2] = {srcs[dx][0].f32, srcs[dx][1].f32};
      float gy[2] = {srcs[dy][0].f32, srcs[dy][1].f32};
      x = (float)(rho_lod(gx, gy) + bias);
      break;
   }
   default:
      return false;
   }
   result[0].f32 = x;
   result[1].f32 = y;
   result[2].f32 = (float)tex->texture_index;
   result[3].f32 = 0;
   return true;
}

static nir_def *
lookup(nir_builder *b, nir_texop op, unsigned index, nir_def *coord,
       nir_def *value, nir_def *ddy)
{
   nir_tex_src_type value_type = op == nir_texop_txl   ? nir_tex_src_lod
                                 : op == nir_texop_txb ? nir_tex_src_bias
                                                       : nir_tex_src_ddx;
   return agx_test_tex(b, &(struct agx_test_tex){
                             .op = op,
                             .index = index,
                             .dim = NIR_SAMPLER_DIM_2D,
                             .src = {{nir_tex_src_coord, coord},
                                     {value_type, value},
                                     {nir_tex_src_ddy, ddy}},
                          });
}

static struct agx_test_draw
draw_with_biases(void)
{
   struct agx_test_draw draw = {0};
   for (unsigned i = 0; i < 4; ++i) {
      memcpy(&draw.sysvals[AGX_SYSVAL_SAMPLER_LOD_BIAS0 + i], &biases[i], 4);
      draw.texture_size[i][0] = draw.texture_size[i][1] = 16;
      draw.texture_size[i][2] = draw.texture_size[i][3] = 1;
   }
   draw.texture = &hooks;
   return draw;
}

static void
compile(const nir_shader *s, struct agx_shader_key *key, void *mem,
        struct agx_shader_binary *bin)
{
   key->sampler_lod_bias = BIASED_SAMPLERS;
   agx_test_must_compile(s, key, mem, bin);
}

/*
 * VS, attribute a = (lod, gx, gy, 0):
 *   o0 = textureLod(t0, uv, a.x)          biased 1.5
 *   o1 = texture(t1, uv)                  biased -0.75 (level 0 + bias)
 *   o2 = textureGrad(t2, uv, (gx, 0), (0, gy))   biased 2: rho * 4
 *   o3 = textureLod(t3, uv, a.x)          key bit clear: no bias
 */
static void
test_vertex_bias(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *av;
   nir_builder b = agx_test_vs_builder(mem, "bias-vs", &av);
   nir_def *uv = nir_vec2(&b, nir_imm_float(&b, 0.5f), nir_imm_float(&b, 0.5f));
   nir_def *lod = nir_channel(&b, av, 0), *zero = nir_imm_float(&b, 0.0f);
   nir_def *res[4] = {
      lookup(&b, nir_texop_txl, 0, uv, lod, NULL),
      lookup(&b, nir_texop_tex, 1, uv, NULL, NULL),
      lookup(&b, nir_texop_txd, 2, uv,
             nir_vec2(&b, nir_channel(&b, av, 1), zero),
             nir_vec2(&b, zero, nir_channel(&b, av, 2))),
      lookup(&b, nir_texop_txl, 3, uv, lod, NULL),
   };
   for (unsigned i = 0; i < 4; ++i) {
      nir_store_var(&b,
                    agx_test_var(b.shader, nir_var_shader_out, 4,
                                 VARYING_SLOT_VAR0 + i, "o"),
                    res[i], 0xf);
   }

   struct agx_shader_key key = agx_test_vec4_vs_key();
   struct agx_shader_binary bin;
   compile(b.shader, &key, mem, &bin);

   /* LODs in f16-exact steps, gradients of 1/16 .. 2 texels a pixel */
   float vtx[32][4];
   for (unsigned v = 0; v < 32; ++v) {
      vtx[v][0] = -2.0f + 0.25f * (float)v;
      vtx[v][1] = (float)(v % 8 + 1) / 64.0f;
      vtx[v][2] = (float)(v / 8 + 1) / 32.0f;
      vtx[v][3] = 0;
   }
   struct agx_test_draw draw = draw_with_biases();
   agx_test_draw_vertices(&draw, vtx, sizeof(vtx));
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   char error[256];
   agx_test_must_run_vs(&bin, &draw, 0, uvs);

   gl_shader_stage stage = MESA_SHADER_VERTEX;
   for (unsigned lane = 0; lane < 32; ++lane) {
      nir_const_value out[4 * VARYING_SLOT_MAX];
      if (!agx_test_eval_vertex(b.shader, vtx[lane], 4, eval_tex, &stage, out,
                                error, sizeof(error)))
         fail_msg("%s", error);
      for (unsigned s = 0; s < 4; ++s) {
         unsigned w = bin.info.vs.slot_word[VARYING_SLOT_VAR0 + s];
         for (unsigned c = 0; c < 3; ++c) {
            float got, want = out[4 * (VARYING_SLOT_VAR0 + s) + c].f32;
            memcpy(&got, &uvs[lane * bin.info.vs.nr_words + w + c], 4);
            /* the gradients pass exp2 and f32 products: a few ulps */
            if (fabsf(got - want) > 1e-4f)
               fail_msg("lane %u lookup %u.%u: %f, want %f", lane, s, c, got,
                        want);
         }
      }
   }

   /* By hand, vertex 0: textureLod(-2.0) + 1.5 = -0.5; unbiased t3 stays
    * -2.0; texture() in a VS: -0.75; textureGrad with (1/64, 0), (0,
    * 1/32): rho = 16 / 32 = 0.5, log2 = -1, + 2 = 1. */
   unsigned nw = bin.info.vs.nr_words;
   const struct {
      unsigned slot;
      float want;
   } hand[] = {{0, -0.5f}, {3, -2.0f}, {1, -0.75f}, {2, 1.0f}};
   for (unsigned i = 0; i < 4; ++i) {
      float f;
      memcpy(&f, &uvs[bin.info.vs.slot_word[VARYING_SLOT_VAR0 + hand[i].slot]],
             4);
      assert_float_equal(f, hand[i].want, 1e-5);
   }
   (void)nw;
   ralloc_free(mem);
}

/*
 * FS: r0 = texture(t0, uv) (auto LOD + 1.5), r1 = texture(t1, uv, 0.25)
 * (auto LOD + 0.25 - 0.75), r2 = texture(t3, uv, 0.5) (sampler 3 not
 * biased: + 0.5), into three RGBA32F render targets.
 */
static void
test_fragment_bias(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT,
                                                  &plain, "bias-fs", mem);
   nir_def *uv = nir_vec2(&b, nir_imm_float(&b, 0.5f), nir_imm_float(&b, 0.5f));
   nir_def *res[3] = {
      lookup(&b, nir_texop_tex, 0, uv, NULL, NULL),
      lookup(&b, nir_texop_txb, 1, uv, nir_imm_float(&b, 0.25f), NULL),
      lookup(&b, nir_texop_txb, 3, uv, nir_imm_float(&b, 0.5f), NULL),
   };
   for (unsigned i = 0; i < 3; ++i) {
      nir_store_var(&b,
                    agx_test_var(b.shader, nir_var_shader_out, 4,
                                 FRAG_RESULT_DATA0 + i, "c"),
                    res[i], 0xf);
   }

   struct agx_shader_key key = {0};
   for (unsigned i = 0; i < 3; ++i) {
      key.fs.rt[i].format = PIPE_FORMAT_R32G32B32A32_FLOAT;
      key.fs.rt[i].offset_B = (uint16_t)(16 * i);
   }
   struct agx_shader_binary bin;
   compile(b.shader, &key, mem, &bin);

   struct agx_test_draw draw = draw_with_biases();
   const float planes[1][3] = {{0, 0, 1}}; /* W */
   uint8_t tib[32 * 48];
   agx_test_must_run_fs(&bin, &draw, planes, 1, tib, 48, NULL);

   gl_shader_stage stage = MESA_SHADER_FRAGMENT;
   nir_const_value out[4 * FRAG_RESULT_MAX] = {{0}};
   nir_eval_state st = {0};
   st.outputs = out;
   st.num_output_cells = 4 * FRAG_RESULT_MAX;
   st.tex = eval_tex;
   st.tex_data = &stage;
   if (!nir_eval_run(b.shader, &st))
      fail_msg("nir_eval: %s", st.error);
   for (unsigned lane = 0; lane < 32; ++lane) {
      for (unsigned r = 0; r < 3; ++r) {
         for (unsigned c = 0; c < 3; ++c) {
            float got, want = out[4 * (FRAG_RESULT_DATA0 + r) + c].f32;
            memcpy(&got, &tib[48 * lane + 16 * r + 4 * c], 4);
            if (got != want)
               fail_msg("pixel %u target %u.%u: %f, want %f", lane, r, c,
                        got, want);
         }
      }
   }
   /* By hand: 1.5, 0.25 - 0.75 = -0.5 and 0.5, each with the automatic
    * LOD still to add (y = 1). */
   const float hand[3] = {1.5f, -0.5f, 0.5f};
   for (unsigned r = 0; r < 3; ++r) {
      float x, y;
      memcpy(&x, &tib[16 * r], 4);
      memcpy(&y, &tib[16 * r + 4], 4);
      assert_float_equal(x, hand[r], 0);
      assert_float_equal(y, 1.0f, 0);
   }
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vertex_bias),
      cmocka_unit_test(test_fragment_bias),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
