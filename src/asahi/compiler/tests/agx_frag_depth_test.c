/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl_FragDepth: a fragment shader storing FRAG_RESULT_DEPTH hands the
 * value, clamped to [0, 1] (ES 3.0.6 section 3.9.2.3), to the depth test
 * with zs_emit, and says so in agx_shader_info (writes_depth) so the driver
 * turns early depth testing off.  One SIMD group of 32 pixels on the
 * simulator: a linear varying runs as (x + 0.5) / 32 across the group and
 * the shader writes depth = 2 * v - 0.5, so the first eight pixels clamp
 * to 0, the last eight to 1 and the rest land in between.
 */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "agx_test_nir.h"
#include "agx_test_steps.h"
#include "agx_test_util.h"
#include "asahi/compiler/agx_sim_preamble.h"
#include "asahi/isa/agx_isa.h"
#include "nir_builder.h"

static const nir_shader_compiler_options plain = {0};

static uint8_t tib[32][4];

static void *
tib_sample(void *user, unsigned x, unsigned y, unsigned sample,
           unsigned offset_B, size_t size)
{
   (void)user;
   if (x >= 32 || y || sample || offset_B + size > 4)
      return NULL;
   return &tib[x][offset_B];
}

/* colour = v, depth = 2 * v.x - 0.5 (with_depth) */
static void
compile(bool with_depth, void *mem, struct agx_shader_binary *bin)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT,
                                                  &plain, "fragdepth", mem);
   nir_variable *in =
      nir_variable_create(b.shader, nir_var_shader_in,
                          nir_vtype_vector(b.shader, nir_type_float32, 4), "v");
   in->data.location = VARYING_SLOT_VAR0;
   in->data.driver_location = VARYING_SLOT_VAR0;
   nir_variable *out =
      nir_variable_create(b.shader, nir_var_shader_out,
                          nir_vtype_vector(b.shader, nir_type_float32, 4), "o");
   out->data.location = FRAG_RESULT_DATA0;
   out->data.driver_location = FRAG_RESULT_DATA0;
   nir_def *v = nir_load_var(&b, in);
   nir_store_var(&b, out, v, 0xf);
   if (with_depth) {
      nir_variable *z = nir_variable_create(
         b.shader, nir_var_shader_out,
         nir_vtype_vector(b.shader, nir_type_float32, 1), "z");
      z->data.location = FRAG_RESULT_DEPTH;
      z->data.driver_location = FRAG_RESULT_DEPTH;
      nir_def *d = nir_fadd(&b, nir_fmul(&b, nir_channel(&b, v, 0),
                                             nir_imm_float(&b, 2.0f)),
                            nir_imm_float(&b, -0.5f));
      nir_store_var(&b, z, d, 0x1);
   }
   assert_true(agx_preprocess_nir(b.shader));

   struct agx_shader_key key = {0};
   key.fs.rt[0] = (struct agx_rt_key){.format = PIPE_FORMAT_R8G8B8A8_UNORM};
   agx_test_must_compile_lowered(b.shader, &key, mem, bin);
}

/* Run over pixels (x, 0), x < 32, with v = ((x + 0.5) / 32, 1, 1, 1). */
static struct asahi_sim_group *
run(const struct agx_shader_binary *bin)
{
   const struct agx_varyings_fs *fs = &bin->info.fs;
   float planes[8][3] = {{0, 0, 1}};
   assert_int_equal(fs->nr_bindings, 2);
   for (unsigned i = 0; i < 4; ++i)
      planes[fs->bindings[1].cf_base + i][2] = 1;
   planes[fs->bindings[1].cf_base][0] = 1.0f / 32;
   planes[fs->bindings[1].cf_base][2] = 0;

   struct asahi_sim_group *g = calloc(1, sizeof(*g));
   asahi_sim_group_init(g);
   asahi_sim_set_code(g, bin->code, bin->size_B, 0x100000);
   g->coefficients = (const float(*)[3])planes;
   g->nr_coefficients = fs->nr_cf;
   for (unsigned l = 0; l < ASAHI_SIM_LANES; ++l)
      g->frag.pixel[l][0] = (uint16_t)l;
   g->frag.tib = (struct asahi_sim_tilebuffer){tib_sample, NULL};
   struct agx_test_draw draw = {0};
   assert_true(agx_test_fill_uniforms(g, &bin->info, &draw));
   memset(tib, 0, sizeof(tib));
   if (agx_sim_run_preamble(g, bin, 0x100000) != ASAHI_SIM_STOPPED ||
       asahi_sim_run(g) != ASAHI_SIM_STOPPED)
      fail_msg("run: %s", g->error);
   return g;
}

static void
test_frag_depth(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   struct agx_shader_binary bin;
   compile(true, mem, &bin);
   assert_true(bin.info.writes_depth);

   struct asahi_sim_group *g = run(&bin);
   for (unsigned l = 0; l < 32; ++l) {
      double want = 2.0 * ((l + 0.5) / 32.0) - 0.5;
      want = want < 0 ? 0 : want > 1 ? 1 : want;
      if (!g->frag.depth_written[l])
         fail_msg("lane %u: no depth emitted", l);
      if (fabs(g->frag.depth[l] - want) > 1e-6)
         fail_msg("lane %u: depth %f, expected %f", l, g->frag.depth[l],
                  want);
      /* every sample written; the colour still stored */
      assert_int_equal(g->frag.zs_samples[l] & 1, 1);
      assert_false(g->frag.stencil_written[l]);
      assert_int_equal(tib[l][1], 255);
   }
   free(g);
   ralloc_free(mem);
}

static void
test_no_frag_depth(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   struct agx_shader_binary bin;
   compile(false, mem, &bin);
   assert_false(bin.info.writes_depth);

   struct asahi_sim_group *g = run(&bin);
   for (unsigned l = 0; l < 32; ++l)
      assert_false(g->frag.depth_written[l]);
   free(g);
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_frag_depth),
      cmocka_unit_test(test_no_frag_depth),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
