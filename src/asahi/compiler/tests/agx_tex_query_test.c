/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture queries the texture unit answers or the driver pushes:
 * textureQueryLod (nir_texop_lod: texture_sample in its query_lod mode,
 * the coordinates without a layer, the automatic LOD plus the sampler's
 * bias) and textureSamples (nir_texop_texture_samples: the count the
 * driver pushes, AGX_PUSH_TEXTURE_SAMPLES).
 *
 * A fragment shader runs on the simulator with a stand-in texture unit
 * that answers an LOD query from what the instruction hands it, and
 * through the NIR interpreter, whose callback gives the answer a correct
 * compilation must produce: x = the first coordinate plus the sampler's
 * bias, y = the texture index plus 10 per coordinate (a layer would be
 * one too many).
 */

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

/* t1: 2D through biased sampler 1; t3: a 2D array; t2: 4 samples */
#define BIAS 0.5f
#define SAMPLES 4

static enum asahi_sim_status
hook_fetch(void *user, struct asahi_sim_group *g,
           const struct asahi_sim_texture_request *req, unsigned lane,
           uint32_t out[4])
{
   (void)user;
   (void)lane;
   /* tex_2d_array for t3, tex_2d for t1 (applegpu TEX_TYPES) */
   unsigned want_dim = req->texture == 3 ? 3 : 2;
   if (!req->query_lod || req->dim != want_dim ||
       (req->lod_mode != 0 && req->lod_mode != 5)) {
      snprintf(g->error, sizeof(g->error),
               "texture %u: query %d, dim %u, LOD mode %u", req->texture,
               req->query_lod, req->dim, req->lod_mode);
      return ASAHI_SIM_ERR_EXEC;
   }
   float f[4] = {0, 0, 0, 0};
   memcpy(&f[0], &req->coords[0], 4);
   if (req->lod_mode == 5)
      f[0] += agx_test_request_lod(req);
   f[1] = (float)(req->texture + 10 * req->nr_coords);
   memcpy(out, f, sizeof(f));
   return ASAHI_SIM_RUNNING;
}

static const struct asahi_sim_texture_hooks hooks = {hook_fetch, NULL};

static bool
eval_tex(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
         nir_const_value *result)
{
   (void)data;
   if (tex->op == nir_texop_texture_samples) {
      result[0].i32 = tex->texture_index == 2 ? SAMPLES : 1;
      return true;
   }
   int c = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   if (tex->op != nir_texop_lod || c < 0)
      return false;
   result[0].f32 = srcs[c][0].f32 + (tex->sampler_index == 1 ? BIAS : 0.0f);
   result[1].f32 = (float)(tex->texture_index + 10 * tex->coord_components);
   return true;
}

static nir_def *
query(nir_builder *b, nir_texop op, unsigned index, bool array,
      nir_def *coord)
{
   return agx_test_tex(b, &(struct agx_test_tex){
                             .op = op,
                             .index = index,
                             .dim = NIR_SAMPLER_DIM_2D,
                             .array = array,
                             .src = {{nir_tex_src_coord, coord}},
                          });
}

/* FS: q0 = textureQueryLod(sampler2DArray t3, uv),
 *     q1 = textureQueryLod(t1, 2 uv) (sampler 1 biased),
 *     n = textureSamples(t2);
 *     colour = (q0.x, q0.y + q1.y, q1.x, n) */
static void
test_fragment_queries(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *c;
   nir_variable *out;
   nir_builder b = agx_test_uv_fs_builder(mem, "query-fs", &c, &out);
   nir_def *q0 = query(&b, nir_texop_lod, 3, true, c);
   nir_def *q1 = query(&b, nir_texop_lod, 1, false,
                       nir_fmul(&b, c, nir_imm_float(&b, 2.0f)));
   nir_def *n = query(&b, nir_texop_texture_samples, 2, false, NULL);
   nir_store_var(&b, out,
                 nir_vec4(&b, nir_channel(&b, q0, 0),
                          nir_fadd(&b, nir_channel(&b, q0, 1),
                                   nir_channel(&b, q1, 1)),
                          nir_channel(&b, q1, 0), nir_i2f32(&b, n)),
                 0xf);

   struct agx_shader_key key = agx_test_rgba32f_fs_key();
   key.sampler_lod_bias = 1u << 1;
   struct agx_shader_binary bin;
   agx_test_must_compile(b.shader, &key, mem, &bin);

   /* two texture_sample instructions in the query_lod mode (2), each
    * writing both components */
   unsigned queries = 0;
   struct agx_isa_instr d;
   for (size_t off = 0; agx_test_next_instr(&bin, &off, &d);) {
      if (d.op != AGX_ISA_OP_TEXTURE_SAMPLE)
         continue;
      assert_int_equal(d.operands[AGX_ISA_TEXTURE_SAMPLE_MODE].value, 2);
      assert_int_equal(d.operands[AGX_ISA_TEXTURE_SAMPLE_MASK].value, 0x3);
      queries++;
   }
   assert_int_equal(queries, 2);

   struct agx_test_draw draw = {0};
   draw.texture = &hooks;
   draw.texture_samples[2] = SAMPLES;
   float bias = BIAS;
   memcpy(&draw.sysvals[AGX_SYSVAL_SAMPLER_LOD_BIAS0 + 1], &bias, 4);
   const struct agx_test_uv row = {1.0f / 64, 0.25f, 0.5f};
   uint8_t tib[32 * 16];
   char error[256];
   if (!agx_test_run_uv_fs(&bin, &draw, &row, tib, error, sizeof(error)))
      fail_msg("%s", error);
   if (!agx_test_check_uv_fs(b.shader, &row, eval_tex, NULL, tib, error,
                             sizeof(error)))
      fail_msg("%s", error);

   /* By hand, pixel 0: u = 0.5 / 64 + 0.25; (u, 3 + 20 + 1 + 20,
    * 2 u + 0.5, 4). */
   float u = 0.5f / 64 + 0.25f;
   const float want[4] = {u, 44.0f, 2 * u + BIAS, (float)SAMPLES};
   for (unsigned ch = 0; ch < 4; ++ch) {
      float got;
      memcpy(&got, tib + 4 * ch, 4);
      assert_float_equal(got, want[ch], 1e-6);
   }
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fragment_queries),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
