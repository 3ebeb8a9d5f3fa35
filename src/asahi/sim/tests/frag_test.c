/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Fragment and vertex interfaces: iter/iterproj/ldcf against plane
 * equations worked out by hand (value = A x + B y + C at the tile-relative
 * pixel centre or sample, Mesa agx_nir_lower_interpolation.c), st_var into
 * the caller's UVS, sample_mask, zs_emit, wait_pix/signal_pix,
 * jmp_incomplete and the state stores; and the errors for bad input.
 */

#include <math.h>

#include "sim_test_util.h"

static float cf[8][3];

static enum asahi_sim_status
load_and_run(struct sim_test *t, const char *src)
{
   sim_test_load(t, src);
   t->g->coefficients = (const float(*)[3])cf;
   t->g->nr_coefficients = 4;
   for (unsigned l = 0; l < ASAHI_SIM_LANES; l++) {
      /* Lane l at pixel (32 + l, 64 + 2 l): tile-relative (l, 2 l mod 32). */
      t->g->frag.pixel[l][0] = (uint16_t)(32 + l);
      t->g->frag.pixel[l][1] = (uint16_t)(64 + 2 * l);
   }
   return asahi_sim_run(t->g);
}

static void
set_cf(void)
{
   memset(cf, 0, sizeof(cf));
   /* cf0: W plane, constant 2.  cf1: 2x + 3y + 1.  cf2: -x + 0.25y + 8.
    * cf3: constant 5 (flat). */
   cf[0][2] = 2.0f;
   cf[1][0] = 2.0f, cf[1][1] = 3.0f, cf[1][2] = 1.0f;
   cf[2][0] = -1.0f, cf[2][1] = 0.25f, cf[2][2] = 8.0f;
   cf[3][2] = 5.0f;
}

static void
test_iter_center(void **state)
{
   struct sim_test t;
   set_cf();
   enum asahi_sim_status s =
      load_and_run(&t, "iter r0_r1, cf1, center, 0b0, 0, 0, 0, 0, 0\n"
                       "iter r2l, cf2, center, 0b0, 0, 0, 0, 0, 0\n"
                       "stop\n");
   assert_int_equal(s, ASAHI_SIM_STOPPED);
   for (unsigned l = 0; l < ASAHI_SIM_LANES; l++) {
      double x = l + 0.5, y = (2 * l) % 32 + 0.5;
      assert_true(reg_f32(t.g, 0, l) == (float)(2 * x + 3 * y + 1));
      assert_true(reg_f32(t.g, 1, l) == (float)(-x + 0.25 * y + 8));
   }
   /* Lane 3: x = 3.5, y = 6.5: -3.5 + 1.625 + 8 = 6.125 = 0x4620 in f16. */
   assert_int_equal(t.g->r[2][3] & 0xffff, 0x4620);
   sim_test_free(&t);
}

static void
test_iterproj_and_tile(void **state)
{
   struct sim_test t;
   set_cf();
   sim_test_load(&t, "iterproj r4, cf1, cf0, center, 0b0, 0, 0, 0, 0, 0\n"
                     "stop\n");
   t.g->coefficients = (const float(*)[3])cf;
   t.g->nr_coefficients = 4;
   t.g->frag.tile_width = 16;
   t.g->frag.tile_height = 16;
   t.g->frag.pixel[0][0] = 20; /* x = 4.5 */
   t.g->frag.pixel[0][1] = 35; /* y = 3.5 */
   t.g->exec = 1;
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   /* (2 * 4.5 + 3 * 3.5 + 1) / 2 = 10.25 */
   assert_true(reg_f32(t.g, 4, 0) == 10.25f);
   assert_int_equal(t.g->r[4][1], 0); /* inactive lane untouched */
   sim_test_free(&t);
}

static void
test_iter_sample(void **state)
{
   struct sim_test t;
   set_cf();
   sim_test_load(&t, "iter r5, cf1, 1, sample, 0b0, 0, 0, 0, 0, 0\n"
                     "iter r6, cf1, r2l, sample, 0b0, 0, 0, 0, 0, 0\n"
                     "stop\n");
   t.g->coefficients = (const float(*)[3])cf;
   t.g->nr_coefficients = 4;
   t.g->frag.nr_samples = 4;
   t.g->frag.sample_position[1][0] = 0.25f;
   t.g->frag.sample_position[1][1] = 0.75f;
   t.g->frag.sample_position[3][0] = 0.125f;
   t.g->frag.sample_position[3][1] = 0.625f;
   for (unsigned l = 0; l < ASAHI_SIM_LANES; l++)
      t.g->r[2][l] = 3;
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   /* Lane 0 at pixel (0, 0): sample 1 is (0.25, 0.75): 0.5 + 2.25 + 1. */
   assert_true(reg_f32(t.g, 5, 0) == 3.75f);
   /* Sample 3 (from r2l): 0.25 + 1.875 + 1. */
   assert_true(reg_f32(t.g, 6, 0) == 3.125f);

   /* A sample index beyond the pixel's samples is an error. */
   t.g->r[2][0] = 9;
   asahi_sim_set_code(t.g, t.code, t.size, 0);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_ERR_EXEC);
   assert_non_null(strstr(t.g->error, "sample 9"));
   sim_test_free(&t);
}

/* Centroid: the centre when all samples are covered (or single-sampled),
 * else the lowest covered sample; a lane with no coverage (a helper) at
 * the centre. */
static void
test_iter_centroid(void **state)
{
   struct sim_test t;
   set_cf();
   sim_test_load(&t, "iter r5, cf1, centroid, 0b0, 0, 0, 0, 0, 0\n"
                     "stop\n");
   t.g->coefficients = (const float(*)[3])cf;
   t.g->nr_coefficients = 4;
   t.g->frag.nr_samples = 4;
   const float pos[4][2] = {
      {0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}};
   memcpy(t.g->frag.sample_position, pos, sizeof(pos));
   for (unsigned l = 0; l < 4; l++)
      t.g->frag.pixel[l][0] = (uint16_t)l;
   t.g->exec = 0xf;
   t.g->dispatch.coverage_mask[0] = 0xf; /* all: centre */
   t.g->dispatch.coverage_mask[1] = 0x6; /* samples 1, 2: sample 1 */
   t.g->dispatch.coverage_mask[2] = 0x8; /* sample 3 */
   t.g->dispatch.coverage_mask[3] = 0;   /* helper: centre */
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   /* cf1 = 2x + 3y + 1 at pixel (lane, 0). */
   assert_true(reg_f32(t.g, 5, 0) == 2 * 0.5f + 3 * 0.5f + 1);
   assert_true(reg_f32(t.g, 5, 1) == 2 * 1.875f + 3 * 0.375f + 1);
   assert_true(reg_f32(t.g, 5, 2) == 2 * 2.625f + 3 * 0.875f + 1);
   assert_true(reg_f32(t.g, 5, 3) == 2 * 3.5f + 3 * 0.5f + 1);

   /* Single-sampled: the centre whatever the mask says. */
   t.g->frag.nr_samples = 1;
   asahi_sim_set_code(t.g, t.code, t.size, 0);
   t.g->exec = 0x2;
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   assert_true(reg_f32(t.g, 5, 1) == 2 * 1.5f + 3 * 0.5f + 1);
   sim_test_free(&t);
}

static void
test_ldcf(void **state)
{
   struct sim_test t;
   set_cf();
   enum asahi_sim_status s =
      load_and_run(&t, "TODO.ldcf r6_r7_r8_r9_r10_r11, cf2\nstop\n");
   assert_int_equal(s, ASAHI_SIM_STOPPED);
   assert_true(reg_f32(t.g, 6, 7) == -1.0f);
   assert_true(reg_f32(t.g, 7, 7) == 0.25f);
   assert_true(reg_f32(t.g, 8, 7) == 8.0f);
   assert_true(reg_f32(t.g, 9, 7) == 0.0f);
   assert_true(reg_f32(t.g, 11, 7) == 5.0f);
   sim_test_free(&t);
}

/* Flat integer varyings reach the shader as the C coefficient of a
 * constant plane: ldcf must hand over its 32 bits unchanged, NaN payloads
 * (ints like -1 or 0x7fe8xxxx) and -0.0 (INT_MIN) included (piglit
 * glsl-1.30 fs-int-interpolation). */
static void
test_ldcf_integer_bits(void **state)
{
   struct sim_test t;
   set_cf();
   const uint32_t bits[2] = {0xffe3c7cdu, 0x80000000u};
   memcpy(&cf[2][2], &bits[0], 4);
   memcpy(&cf[3][2], &bits[1], 4);
   enum asahi_sim_status s =
      load_and_run(&t, "TODO.ldcf r6_r7_r8_r9_r10_r11, cf2\nstop\n");
   assert_int_equal(s, ASAHI_SIM_STOPPED);
   assert_int_equal(t.g->r[8][3], bits[0]);
   assert_int_equal(t.g->r[11][3], bits[1]);
   sim_test_free(&t);
}

static void
test_cf_errors(void **state)
{
   struct sim_test t;
   set_cf();
   /* cf3 + 2 channels runs past the 4 bound registers. */
   enum asahi_sim_status s =
      load_and_run(&t, "iter r0_r1, cf3, center, 0b0, 0, 0, 0, 0, 0\nstop\n");
   assert_int_equal(s, ASAHI_SIM_ERR_EXEC);
   assert_non_null(strstr(t.g->error, "only 4 coefficient"));
   sim_test_free(&t);

   /* A register index out of range. */
   sim_test_load(&t, "iter r0, r2l, center, 0b0, 0, 0, 0, 0, 0\nstop\n");
   t.g->coefficients = (const float(*)[3])cf;
   t.g->nr_coefficients = 4;
   t.g->r[2][5] = 200;
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_ERR_EXEC);
   assert_non_null(strstr(t.g->error, "cf200"));
   sim_test_free(&t);

   /* Nothing bound. */
   sim_test_load(&t, "TODO.ldcf r6_r7_r8, cf0\nstop\n");
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_ERR_EXEC);
   assert_non_null(strstr(t.g->error, "no coefficient registers"));
   sim_test_free(&t);
}

static void
test_st_var(void **state)
{
   struct sim_test t;
   uint32_t uvs[ASAHI_SIM_LANES * 4] = {0};
   sim_test_load(&t, "st_var 0, r3, 2\n"
                     "st_var_final 0, r4, r5l\n"
                     "stop\n");
   t.g->uvs.words = uvs;
   t.g->uvs.stride_words = 4;
   t.g->exec = 0x5;
   for (unsigned l = 0; l < ASAHI_SIM_LANES; l++) {
      t.g->r[3][l] = 0x100 + l;
      t.g->r[4][l] = 0x200 + l;
      t.g->r[5][l] = 3 - l; /* lane 0: word 3, lane 2: word 1 */
   }
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   assert_int_equal(uvs[0 * 4 + 2], 0x100);
   assert_int_equal(uvs[0 * 4 + 3], 0x200);
   assert_int_equal(uvs[2 * 4 + 2], 0x102);
   assert_int_equal(uvs[2 * 4 + 1], 0x202);
   assert_int_equal(uvs[1 * 4 + 2], 0); /* inactive */
   assert_int_equal(t.g->uvs.written[0], 4);
   assert_int_equal(t.g->uvs.written[2], 3);
   assert_true(t.g->uvs.final[0] && t.g->uvs.final[2]);
   assert_false(t.g->uvs.final[1]);

   /* Out of the lane's outputs. */
   t.g->r[5][0] = 4;
   asahi_sim_set_code(t.g, t.code, t.size, 0);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_ERR_EXEC);
   assert_non_null(strstr(t.g->error, "output 4 of 4"));

   /* No buffer. */
   t.g->uvs.words = NULL;
   asahi_sim_set_code(t.g, t.code, t.size, 0);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_ERR_EXEC);
   assert_non_null(strstr(t.g->error, "UVS"));
   sim_test_free(&t);
}

static void
test_sample_mask_zs(void **state)
{
   struct sim_test t;
   sim_test_load(&t, "sample_mask 12, 4\n"
                     "sample_mask r1l, r1h\n"
                     "zs_emit 15, r4l_r4h_r5l, 0\n"
                     "zs_emit r2l, r6l, 0\n"
                     "stop\n");
   t.g->exec = 0x3;
   t.g->r[1][0] = 0x0003 | 0x0001 << 16; /* decide 0,1; keep 0 */
   t.g->r[1][1] = 0;
   t.g->r[4][0] = f32_bits(0.75f);
   t.g->r[5][0] = 0x00a5;
   t.g->r[2][1] = 0x2;
   t.g->r[6][1] = 0x33;
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   const struct asahi_sim_frag *f = &t.g->frag;
   /* Lane 0: first op decides 2,3 and kills 3; second decides 0,1, kills 1. */
   assert_int_equal(f->samples_decided[0], 0xf);
   assert_int_equal(f->samples_killed[0], 0xa);
   assert_int_equal(f->samples_decided[1], 0xc);
   assert_int_equal(f->samples_killed[1], 0x8);
   assert_int_equal(f->samples_decided[2], 0);
   /* zs_emit: both lanes run both; lane 0's last stencil write is r6l = 0. */
   assert_true(f->depth_written[0] && f->stencil_written[0]);
   assert_true(f->depth[0] == 0.75f);
   assert_int_equal(f->zs_samples[0], 0xf);
   assert_int_equal(f->stencil[1], 0x33);
   assert_int_equal(f->zs_samples[1], 0xf | 0x2);
   sim_test_free(&t);
}

static void
test_pix_and_incomplete(void **state)
{
   struct sim_test t;
   sim_test_load(&t, "wait_pix 3, 0\n"
                     "jmp_incomplete pc+8\n"
                     "mov_imm r3l, 1\n" /* skipped when taken */
                     "signal_pix 1, 0\n"
                     "tex_state_store ts3, u4_u5, r2\n"
                     "sampler_state_store ss1, u4_u5, r2\n"
                     "stop\n");
   t.g->frag.incomplete = true;
   t.g->u[4] = 0x1000;
   t.g->u[5] = 0x2;
   t.g->r[2][0] = 7;
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   assert_int_equal(t.g->frag.wait_pix_count, 1);
   assert_int_equal(t.g->frag.wait_pix_mask, 3);
   assert_int_equal(t.g->frag.signal_pix_count, 1);
   assert_int_equal(t.g->frag.signal_pix_mask, 1);
   assert_true(t.g->texture_state[3].valid);
   assert_int_equal(t.g->texture_state[3].heap, 0x200001000ull);
   assert_int_equal(t.g->texture_state[3].index, 7);
   assert_true(t.g->sampler_state[1].valid);
   assert_false(t.g->sampler_state[0].valid);
   assert_int_equal(t.g->r[3][0], 0);
   /* A reset clears the slots a program set (it zeroes only the slots
    * that may be set). */
   struct asahi_sim_group *copy = malloc(sizeof(*copy));
   assert_non_null(copy);
   memcpy(copy, t.g, sizeof(*copy));
   asahi_sim_group_reset(copy);
   assert_false(copy->texture_state[3].valid);
   assert_int_equal(copy->texture_state[3].heap, 0);
   assert_false(copy->sampler_state[1].valid);
   free(copy);

   /* Not taken without the flag. */
   t.g->frag.incomplete = false;
   asahi_sim_set_code(t.g, t.code, t.size, 0);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   assert_int_equal(t.g->r[3][0], 1);
   assert_int_equal(t.g->frag.wait_pix_count, 2);
   sim_test_free(&t);
}

/* A 4x4-pixel tilebuffer with 2 samples of 16 bytes each. */
static uint8_t tib_mem[4][4][2][16];

static void *
tib_sample(void *user, unsigned x, unsigned y, unsigned sample,
           unsigned offset_B, size_t size)
{
   (void)user;
   if (x >= 4 || y >= 4 || sample >= 2 || offset_B > 16 || size > 16 - offset_B)
      return NULL;
   return &tib_mem[y][x][sample][offset_B];
}

static void
test_tile(void **state)
{
   struct sim_test t;
   memset(tib_mem, 0, sizeof(tib_mem));
   sim_test_load(&t, "st_tile r0_r1_r2_r3, u8norm, 0, xyzw, 4, 3, 0\n"
                     "st_tile r0_r1, u8norm, 0, xz, 8, r5l, 0\n"
                     "ld_tile r8_r9_r10_r11, u8norm, 1, xyzw, 4, r5l, 0\n"
                     "stop\n");
   t.g->exec = 0x3;
   t.g->frag.nr_samples = 2;
   t.g->frag.tib = (struct asahi_sim_tilebuffer){.sample_ptr = tib_sample};
   t.g->frag.pixel[1][0] = 2;
   t.g->frag.pixel[1][1] = 3;
   for (unsigned l = 0; l < 2; l++) {
      t.g->r[0][l] = f32_bits(1.0f);
      t.g->r[1][l] = f32_bits(0.5f);
      t.g->r[2][l] = f32_bits(0.0f);
      t.g->r[3][l] = f32_bits(0.25f);
      t.g->r[5][l] = 0x6; /* samples 1 and 2; the pixel has only 0 and 1 */
   }
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   /* unorm8: 255, round(127.5) = 128, 0, round(63.75) = 64 in both samples
    * of both pixels. */
   for (unsigned s = 0; s < 2; s++) {
      assert_memory_equal(&tib_mem[0][0][s][4], "\xff\x80\x00\x40", 4);
      assert_memory_equal(&tib_mem[3][2][s][4], "\xff\x80\x00\x40", 4);
   }
   /* The masked store: x and z only, sample 1 only. */
   assert_memory_equal(&tib_mem[0][0][1][8], "\xff\x00\x80\x00", 4);
   assert_memory_equal(&tib_mem[0][0][0][8], "\x00\x00\x00\x00", 4);
   /* The load reads sample 1 back. */
   assert_true(reg_f32(t.g, 8, 1) == 1.0f);
   assert_true(reg_f32(t.g, 9, 1) == (float)(128.0 / 255.0));
   assert_true(reg_f32(t.g, 10, 1) == 0.0f);
   assert_true(reg_f32(t.g, 11, 1) == (float)(64.0 / 255.0));

   /* Outside the tilebuffer: an error, not a crash. */
   t.g->frag.pixel[1][0] = 9;
   asahi_sim_set_code(t.g, t.code, t.size, 0);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_ERR_EXEC);
   assert_non_null(strstr(t.g->error, "outside the tilebuffer"));

   /* No tilebuffer. */
   t.g->frag.tib.sample_ptr = NULL;
   asahi_sim_set_code(t.g, t.code, t.size, 0);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_ERR_EXEC);
   assert_non_null(strstr(t.g->error, "without a tilebuffer"));
   sim_test_free(&t);
}

/* A lane whose sample_mask discarded its samples stores nothing; the
 * other lane stores as usual. */
static void
test_discard_drops_stores(void **state)
{
   struct sim_test t;
   memset(tib_mem, 0, sizeof(tib_mem));
   sim_test_load(&t, "sample_mask r5l, r6l\n"
                     "st_tile r0, u8norm, 0, x, 0, 1, 0\n"
                     "stop\n");
   t.g->exec = 0x3;
   t.g->frag.nr_samples = 1;
   t.g->frag.tib = (struct asahi_sim_tilebuffer){.sample_ptr = tib_sample};
   t.g->frag.pixel[1][0] = 1;
   for (unsigned l = 0; l < 2; l++) {
      t.g->r[0][l] = f32_bits(1.0f);
      t.g->r[5][l] = 1;     /* decide sample 0 */
      t.g->r[6][l] = l;     /* lane 0 keeps nothing, lane 1 keeps it */
   }
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   assert_int_equal(tib_mem[0][0][0][0], 0);
   assert_int_equal(tib_mem[0][1][0][0], 0xff);
   sim_test_free(&t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_iter_center),
      cmocka_unit_test(test_iterproj_and_tile),
      cmocka_unit_test(test_iter_sample),
      cmocka_unit_test(test_iter_centroid),
      cmocka_unit_test(test_ldcf),
      cmocka_unit_test(test_ldcf_integer_bits),
      cmocka_unit_test(test_cf_errors),
      cmocka_unit_test(test_st_var),
      cmocka_unit_test(test_sample_mask_zs),
      cmocka_unit_test(test_pix_and_incomplete),
      cmocka_unit_test(test_tile),
      cmocka_unit_test(test_discard_drops_stores),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
