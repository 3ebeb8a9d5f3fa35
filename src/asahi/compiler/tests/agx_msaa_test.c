/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Multisampled fragment shaders: the GL sample mask and alpha-to-coverage
 * of the key become the final sample_mask (ES 3.0.6 section 4.1.3).  One
 * SIMD group of 32 pixels of a 4x tilebuffer on the simulator; alpha runs
 * across the group as (t + 0.5) / 32 from a linear varying, so lane t
 * keeps the first round(alpha * 4) samples (the key's rule) minus those
 * the sample mask drops.  No alpha * 4 + 0.5 lands on an integer, so the
 * rounding is unambiguous.  Centroid inputs use iterproj's centroid mode.
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

#define SAMPLES 4
#define BPP     4 /* RGBA8 per sample */

static uint8_t tib[32][SAMPLES][BPP];

static void *
tib_sample(void *user, unsigned x, unsigned y, unsigned sample,
           unsigned offset_B, size_t size)
{
   if (x >= 32 || y || sample >= SAMPLES || offset_B + size > BPP)
      return NULL;
   return &tib[x][sample][offset_B];
}

/* out = the varying; compiled with key (centroid: a centroid input). */
static void
compile_input(struct agx_shader_key *key, void *mem,
              struct agx_shader_binary *bin, bool centroid)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT,
                                                  &plain, "msaa", mem);
   nir_variable *in =
      nir_variable_create(b.shader, nir_var_shader_in,
                          nir_vtype_vector(b.shader, nir_type_float32, 4), "c");
   in->data.location = VARYING_SLOT_VAR0;
   in->data.driver_location = VARYING_SLOT_VAR0;
   in->data.centroid = centroid;
   nir_variable *out =
      nir_variable_create(b.shader, nir_var_shader_out,
                          nir_vtype_vector(b.shader, nir_type_float32, 4), "o");
   out->data.location = FRAG_RESULT_DATA0;
   out->data.driver_location = FRAG_RESULT_DATA0;
   nir_store_var(&b, out, nir_load_var(&b, in), 0xf);
   assert_true(agx_preprocess_nir(b.shader));

   key->fs.rt[0] = (struct agx_rt_key){.format = PIPE_FORMAT_R8G8B8A8_UNORM};
   key->fs.nr_samples = SAMPLES;
   agx_test_must_compile_lowered(b.shader, key, mem, bin);
}

static void
compile(struct agx_shader_key *key, void *mem, struct agx_shader_binary *bin)
{
   compile_input(key, mem, bin, false);
}

/* Run over 32 pixels; the samples each lane killed. */
static void
run(const struct agx_shader_binary *bin, uint16_t killed[32])
{
   const struct agx_varyings_fs *fs = &bin->info.fs;
   float planes[8][3] = {{0, 0, 1}};
   assert_int_equal(fs->nr_bindings, 2);
   /* rgb 1, alpha (x + 0.5) / 32 at pixel x */
   for (unsigned i = 0; i < 4; ++i)
      planes[fs->bindings[1].cf_base + i][2] = 1;
   planes[fs->bindings[1].cf_base + 3][0] = 1.0f / 32;
   planes[fs->bindings[1].cf_base + 3][2] = 0;

   struct asahi_sim_group *g = calloc(1, sizeof(*g));
   asahi_sim_group_init(g);
   asahi_sim_set_code(g, bin->code, bin->size_B, 0x100000);
   g->coefficients = (const float(*)[3])planes;
   g->nr_coefficients = fs->nr_cf;
   g->frag.nr_samples = SAMPLES;
   for (unsigned l = 0; l < ASAHI_SIM_LANES; ++l)
      g->frag.pixel[l][0] = (uint16_t)l;
   g->frag.tib = (struct asahi_sim_tilebuffer){tib_sample, NULL};
   struct agx_test_draw draw = {0};
   assert_true(agx_test_fill_uniforms(g, &bin->info, &draw));
   memset(tib, 0, sizeof(tib));
   enum asahi_sim_status s = agx_sim_run_preamble(g, bin, 0x100000);
   if (s == ASAHI_SIM_STOPPED)
      s = asahi_sim_run(g);
   if (s != ASAHI_SIM_STOPPED)
      fail_msg("run: %s", g->error);
   for (unsigned l = 0; l < 32; ++l)
      killed[l] = g->frag.samples_killed[l] & ((1u << SAMPLES) - 1);
   free(g);
}

static unsigned
kept_by_alpha(unsigned lane)
{
   double alpha = (lane + 0.5) / 32;
   unsigned n = (unsigned)floor(alpha * SAMPLES + 0.5);
   return (1u << n) - 1;
}

static void
test_sample_mask(void **state)
{
   void *mem = ralloc_context(NULL);
   struct agx_shader_key key = {0};
   struct agx_shader_binary bin;
   uint16_t killed[32];

   /* GL sample mask 0b1011: sample 2 dropped everywhere. */
   key.fs.sample_mask_disable = 0x4;
   compile(&key, mem, &bin);
   assert_true(bin.info.writes_sample_mask);
   run(&bin, killed);
   for (unsigned l = 0; l < 32; ++l) {
      assert_int_equal(killed[l], 0x4);
      /* Stores reach the kept samples only. */
      assert_int_equal(tib[l][0][0], 255);
      assert_int_equal(tib[l][2][0], 0);
   }

   /* Without anything to drop the shader keeps every sample and says
    * so (early depth tests stay possible); it runs no sample_mask, and
    * its stores still reach every sample. */
   memset(&key, 0, sizeof(key));
   compile(&key, mem, &bin);
   assert_false(bin.info.writes_sample_mask);
   run(&bin, killed);
   for (unsigned l = 0; l < 32; ++l) {
      assert_int_equal(killed[l], 0);
      for (unsigned smp = 0; smp < SAMPLES; ++smp)
         assert_int_equal(tib[l][smp][0], 255);
   }
   ralloc_free(mem);
}

static void
test_alpha_to_coverage(void **state)
{
   void *mem = ralloc_context(NULL);
   struct agx_shader_key key = {0};
   struct agx_shader_binary bin;
   uint16_t killed[32];

   key.fs.alpha_to_coverage = true;
   key.fs.sample_mask_disable = 0x2;
   compile(&key, mem, &bin);
   assert_true(bin.info.writes_sample_mask);
   run(&bin, killed);
   unsigned counts_seen = 0;
   for (unsigned l = 0; l < 32; ++l) {
      unsigned keep = kept_by_alpha(l) & ~0x2u;
      if (killed[l] != (0xf & ~keep))
         fail_msg("lane %u (alpha %g): killed 0x%x, expected 0x%x", l,
                  (l + 0.5) / 32, killed[l], 0xf & ~keep);
      counts_seen |= 1u << __builtin_popcount(kept_by_alpha(l));
   }
   /* Every count from 0 to 4 samples occurs. */
   assert_int_equal(counts_seen, 0x1f);
   ralloc_free(mem);
}

/* A centroid input is iterated in the centroid mode (the simulator's
 * choice of location is tested in sim_frag). */
static void
test_centroid_input(void **state)
{
   void *mem = ralloc_context(NULL);
   struct agx_shader_key key = {0};
   struct agx_shader_binary bin;
   for (unsigned c = 0; c < 2; c++) {
      compile_input(&key, mem, &bin, c);
      unsigned found = 0;
      for (size_t at = 0; at < bin.size_B;) {
         char line[160];
         int n = agx_isa_disasm_one(bin.code + at, bin.size_B - at, line,
                                    sizeof(line));
         assert_true(n > 0);
         if (!strncmp(line, "iterproj ", 9))
            found |= strstr(line, "centroid") ? 2 : 1;
         at += (size_t)n;
         if (!strcmp(line, "stop"))
            break;
      }
      assert_int_equal(found, c ? 2 : 1);
   }
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sample_mask),
      cmocka_unit_test(test_alpha_to_coverage),
      cmocka_unit_test(test_centroid_input),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
