/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Blending and colour masks in the fragment shader, on the simulator's
 * tilebuffer: the expected pixels come from GL's blend equations
 * (GL 4.6 §17.3.6) evaluated here with the same float operations (one
 * rounding per multiply, a fused multiply-add for the sum), and unorm8
 * conversions that round to nearest.
 */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "nir_builder.h"
#include "agx_test_nir.h"
#include "agx_test_steps.h"
#include "agx_test_util.h"

static const nir_shader_compiler_options plain = {0};

#define BPP 24 /* rt0 RGBA8 at 0, rt1 RGBA32F at 4, rt2 BGRA8 at 20 */

static float
unorm_to_f(uint8_t b)
{
   return (float)b / 255.0f;
}

static bool
unorm_ok(float x, uint8_t got)
{
   double v = fmin(fmax(x, 0.0), 1.0) * 255.0;
   unsigned want = (unsigned)floor(v + 0.5);
   return got == want || (v - floor(v) == 0.5 && got + 1 == want);
}

static void
test_blend(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, &plain,
                                                  "blend", mem);
   nir_def *c = nir_load_var(
      &b, agx_test_var(b.shader, nir_var_shader_in, 4, VARYING_SLOT_VAR0, "c"));
   agx_test_store_rts(&b, 3, c);
   assert_true(agx_preprocess_nir(b.shader));

   struct agx_shader_key key = {0};
   key.fs.rt[0] = (struct agx_rt_key){
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .offset_B = 0,
      .write_disable = 0x2, /* green kept */
      .blend = {true, AGX_BLEND_ADD, AGX_BLENDFACTOR_SRC_ALPHA,
                AGX_BLENDFACTOR_INV_SRC_ALPHA, AGX_BLEND_ADD,
                AGX_BLENDFACTOR_SRC_ALPHA, AGX_BLENDFACTOR_INV_SRC_ALPHA}};
   key.fs.rt[1] = (struct agx_rt_key){
      .format = PIPE_FORMAT_R32G32B32A32_FLOAT,
      .offset_B = 4,
      .blend = {true, AGX_BLEND_REVERSE_SUBTRACT, AGX_BLENDFACTOR_CONST_COLOR,
                AGX_BLENDFACTOR_DST_COLOR, AGX_BLEND_MAX, AGX_BLENDFACTOR_ONE,
                AGX_BLENDFACTOR_ONE}};
   key.fs.rt[2] = (struct agx_rt_key){.format = PIPE_FORMAT_B8G8R8A8_UNORM,
                                      .offset_B = 20,
                                      .write_disable = 0x8 /* alpha kept */};

   struct agx_shader_binary bin;
   agx_test_must_compile_lowered(b.shader, &key, mem, &bin);
   assert_int_equal(bin.info.tib_writes, 0x7);

   /* colour varies along x; all values dyadic and inside [0, 1] */
   const struct agx_varyings_fs *fs = &bin.info.fs;
   float planes[8][3] = {{0, 0, 1}};
   const float A[4] = {1.0f / 64, -1.0f / 128, 0, 1.0f / 256};
   const float C[4] = {0.25f, 0.75f, 0.5f, 0.375f};
   assert_int_equal(fs->nr_bindings, 2);
   agx_test_linear_planes(planes, fs->bindings[1].cf_base, A, C);

   const float k[4] = {0.5f, 2.0f, -1.0f, 0.25f};
   struct agx_test_draw draw = {0};
   for (unsigned i = 0; i < 4; ++i)
      memcpy(&draw.sysvals[AGX_SYSVAL_BLEND_COLOR_R + i], &k[i], 4);

   uint8_t tib[32 * BPP], init[32 * BPP];
   for (unsigned p = 0; p < 32; ++p) {
      uint8_t *px = init + p * BPP;
      for (unsigned i = 0; i < 4; ++i)
         px[i] = (uint8_t)(p * 8 + i * 50);
      float f[4] = {0.5f * p, 1.0f, -0.25f, (float)(p % 3) * 0.125f};
      memcpy(px + 4, f, 16);
      for (unsigned i = 0; i < 4; ++i)
         px[20 + i] = (uint8_t)(200 - p - i * 10);
   }
   memcpy(tib, init, sizeof(tib));
   agx_test_must_run_fs(&bin, &draw, (const float(*)[3])planes, fs->nr_cf, tib,
                        BPP, NULL);

   for (unsigned p = 0; p < 32; ++p) {
      const uint8_t *old = init + p * BPP, *now = tib + p * BPP;
      float s[4];
      for (unsigned i = 0; i < 4; ++i)
         s[i] = (float)((double)A[i] * (p + 0.5) + C[i]);

      /* rt0: s * As + d * (1 - As), green untouched */
      for (unsigned i = 0; i < 4; ++i) {
         if (i == 1) {
            assert_int_equal(now[i], old[i]);
            continue;
         }
         float d = unorm_to_f(old[i]);
         volatile float dd = d * (1.0f - s[3]);
         float r = fmaf(s[i], s[3], dd);
         if (!unorm_ok(r, now[i]))
            fail_msg("pixel %u rt0.%u: %u (blend %g)", p, i, now[i], r);
      }

      /* rt1 (float, no clamping): rgb d * d - s * k, alpha max(s, d) */
      float d1[4], got1[4];
      memcpy(d1, old + 4, 16);
      memcpy(got1, now + 4, 16);
      for (unsigned i = 0; i < 3; ++i) {
         volatile float sk = s[i] * k[i];
         float r = fmaf(d1[i], d1[i], -sk);
         if (memcmp(&r, &got1[i], 4))
            fail_msg("pixel %u rt1.%u: %g, expected %g", p, i, got1[i], r);
      }
      float amax = s[3] > d1[3] ? s[3] : d1[3];
      assert_true(memcmp(&amax, &got1[3], 4) == 0);

      /* rt2: BGRA memory order, alpha kept */
      assert_true(unorm_ok(s[2], now[20]));
      assert_true(unorm_ok(s[1], now[21]));
      assert_true(unorm_ok(s[0], now[22]));
      assert_int_equal(now[23], old[23]);
   }
   ralloc_free(mem);
}

/*
 * Render-target formats with 16-bit and 8-bit channels: rt0 RGBA16F at 0
 * blended with ONE, ONE (f16 tilebuffer values in 16-bit registers), rt1
 * RGBA16I at 8 (integers, never blended, low halves stored), rt2 RG8 at
 * 16 (two unorm bytes, blue and alpha dropped).  Expected values: the sum
 * in f16 (every value here is exact in f16), the integers as written, the
 * unorm8 conversion.
 */
#define BPP2 24

static uint16_t
f16(float f)
{
   /* Exact for the dyadic values used here: sign, exponent, mantissa. */
   if (f == 0.0f)
      return 0;
   uint16_t sign = f < 0 ? 0x8000 : 0;
   f = fabsf(f);
   int e = 0;
   float m = frexpf(f, &e); /* f = m * 2^e, m in [0.5, 1) */
   return sign | (uint16_t)((e - 1 + 15) << 10) |
          (uint16_t)((m * 2.0f - 1.0f) * 1024.0f);
}

static void
test_formats(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, &plain,
                                                  "formats", mem);
   nir_def *c = nir_load_var(
      &b, agx_test_var(b.shader, nir_var_shader_in, 4, VARYING_SLOT_VAR0, "c"));
   nir_def *ints = nir_imm_ivec4(&b, -5, 300, -32768, 7);
   for (unsigned rt = 0; rt < 3; ++rt) {
      bool integer = rt == 1;
      nir_variable *out = nir_variable_create(
         b.shader, nir_var_shader_out,
         nir_vtype_vector(b.shader,
                          integer ? nir_type_int32 : nir_type_float32, 4),
         "o");
      out->data.location = FRAG_RESULT_DATA0 + rt;
      out->data.driver_location = FRAG_RESULT_DATA0 + rt;
      nir_store_var(&b, out, integer ? ints : c, 0xf);
   }
   assert_true(agx_preprocess_nir(b.shader));

   struct agx_shader_key key = {0};
   key.fs.rt[0] = (struct agx_rt_key){
      .format = PIPE_FORMAT_R16G16B16A16_FLOAT,
      .offset_B = 0,
      .blend = {true, AGX_BLEND_ADD, AGX_BLENDFACTOR_ONE, AGX_BLENDFACTOR_ONE,
                AGX_BLEND_ADD, AGX_BLENDFACTOR_ONE, AGX_BLENDFACTOR_ONE}};
   key.fs.rt[1] = (struct agx_rt_key){
      .format = PIPE_FORMAT_R16G16B16A16_SINT,
      .offset_B = 8,
      /* blending asked for, ignored for integers */
      .blend = {true, AGX_BLEND_ADD, AGX_BLENDFACTOR_ONE, AGX_BLENDFACTOR_ONE,
                AGX_BLEND_ADD, AGX_BLENDFACTOR_ONE, AGX_BLENDFACTOR_ONE}};
   key.fs.rt[2] = (struct agx_rt_key){.format = PIPE_FORMAT_R8G8_UNORM,
                                      .offset_B = 16};
   assert_int_equal(agx_tib_format_of(PIPE_FORMAT_R16G16B16A16_FLOAT), 3);
   assert_int_equal(agx_tib_format_of(PIPE_FORMAT_R16G16B16A16_SINT), 1);
   assert_int_equal(agx_tib_format_of(PIPE_FORMAT_R8G8_UNORM), 4);
   assert_int_equal(agx_tib_format_of(PIPE_FORMAT_R8G8B8A8_SRGB), 10);
   assert_int_equal(agx_tib_format_of(PIPE_FORMAT_R10G10B10A2_UNORM), 8);
   /* RGB10_A2UI renders through 16-bit integers */
   assert_int_equal(agx_tib_format_of(PIPE_FORMAT_R10G10B10A2_UINT), 1);
   /* The 16-bit packed unorm formats render through f16 (fact:
    * alexvorxx/Mesa-VirGL src/asahi/layout/formats.c), since wave 16;
    * the signed 10-10-10-2 integers still do not render. */
   assert_int_equal(agx_tib_format_of(PIPE_FORMAT_B5G6R5_UNORM), 3);
   assert_int_equal(agx_tib_format_of(PIPE_FORMAT_B5G5R5A1_UNORM), 3);
   assert_int_equal(agx_tib_format_of(PIPE_FORMAT_A4B4G4R4_UNORM), 3);
   assert_int_equal(agx_tib_format_of(PIPE_FORMAT_R10G10B10A2_SINT), -1);

   struct agx_shader_binary bin;
   agx_test_must_compile_lowered(b.shader, &key, mem, &bin);
   assert_int_equal(bin.info.tib_writes, 0x7);

   const struct agx_varyings_fs *fs = &bin.info.fs;
   float planes[8][3] = {{0, 0, 1}};
   const float A[4] = {1.0f / 64, -1.0f / 128, 0, 1.0f / 256};
   const float C[4] = {0.25f, 0.75f, 0.5f, 0.375f};
   agx_test_linear_planes(planes, fs->bindings[1].cf_base, A, C);
   struct agx_test_draw draw = {0};

   uint8_t tib[32 * BPP2], init[32 * BPP2];
   for (unsigned p = 0; p < 32; ++p) {
      uint8_t *px = init + p * BPP2;
      for (unsigned i = 0; i < 4; ++i) {
         uint16_t h = f16((float)(p % 4) * 0.125f + (float)i);
         memcpy(px + 2 * i, &h, 2);
      }
      memset(px + 8, 0xa5, 16);
   }
   memcpy(tib, init, sizeof(tib));
   agx_test_must_run_fs(&bin, &draw, (const float(*)[3])planes, fs->nr_cf, tib,
                        BPP2, NULL);

   for (unsigned p = 0; p < 32; ++p) {
      const uint8_t *now = tib + p * BPP2, *old = init + p * BPP2;
      for (unsigned i = 0; i < 4; ++i) {
         float s = (float)((double)A[i] * (p + 0.5) + C[i]);
         float d = (float)(p % 4) * 0.125f + (float)i;
         uint16_t want = f16(s + d), got;
         memcpy(&got, now + 2 * i, 2);
         if (got != want)
            fail_msg("pixel %u rt0.%u: 0x%04x, expected 0x%04x", p, i, got,
                     want);
      }
      const int16_t ints_want[4] = {-5, 300, -32768, 7};
      int16_t ints_got[4];
      memcpy(ints_got, now + 8, 8);
      for (unsigned i = 0; i < 4; ++i)
         assert_int_equal(ints_got[i], ints_want[i]);
      for (unsigned i = 0; i < 2; ++i) {
         float s = (float)((double)A[i] * (p + 0.5) + C[i]);
         assert_true(unorm_ok(s, now[16 + i]));
      }
      /* bytes after the RG8 slot untouched */
      assert_int_equal(now[18], old[18]);
      assert_int_equal(now[19], old[19]);
   }
   ralloc_free(mem);
}

/*
 * A signed normalized target (RGBA8_SNORM, S8NORM tilebuffer): the source
 * and the constant colour are clamped to [-1, 1] before blending (GL 4.6
 * section 17.3.6.1).  rgb ONE, ONE and alpha CONST_ALPHA, ONE, source
 * (-2, 3, -0.75, 0.25), constant alpha -3, destination bytes (64, -64,
 * 32, 0): r = -1 + 64/127 = -63/127, g = 63/127, b = -0.75 + 32/127 =
 * -63.25/127, a = 0.25 * -1 = -31.75/127, stored as round(127 x): -63,
 * 63, -63, -32 (without the clamps: -127, 127, -63, -95).
 */
static void
test_snorm_clamp(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, &plain,
                                                  "snorm", mem);
   agx_test_store_rts(&b, 1, nir_imm_vec4(&b, -2.0f, 3.0f, -0.75f, 0.25f));
   assert_true(agx_preprocess_nir(b.shader));

   struct agx_shader_key key = {0};
   key.fs.rt[0] = (struct agx_rt_key){
      .format = PIPE_FORMAT_R8G8B8A8_SNORM,
      .offset_B = 0,
      .blend = {true, AGX_BLEND_ADD, AGX_BLENDFACTOR_ONE, AGX_BLENDFACTOR_ONE,
                AGX_BLEND_ADD, AGX_BLENDFACTOR_CONST_ALPHA,
                AGX_BLENDFACTOR_ONE}};
   assert_int_equal(agx_tib_format_of(PIPE_FORMAT_R8G8B8A8_SNORM), 5);
   struct agx_shader_binary bin;
   agx_test_must_compile_lowered(b.shader, &key, mem, &bin);

   const float k[4] = {0, 0, 0, -3.0f};
   struct agx_test_draw draw = {0};
   for (unsigned i = 0; i < 4; ++i)
      memcpy(&draw.sysvals[AGX_SYSVAL_BLEND_COLOR_R + i], &k[i], 4);
   float planes[8][3] = {{0, 0, 1}};
   int8_t tib[32 * 4];
   for (unsigned p = 0; p < 32; ++p)
      memcpy(tib + 4 * p, (const int8_t[4]){64, -64, 32, 0}, 4);
   agx_test_must_run_fs(&bin, &draw, (const float(*)[3])planes,
                        bin.info.fs.nr_cf, (uint8_t *)tib, 4, NULL);
   for (unsigned p = 0; p < 32; ++p) {
      const int8_t want[4] = {-63, 63, -63, -32};
      for (unsigned i = 0; i < 4; ++i) {
         if (tib[4 * p + i] != want[i])
            fail_msg("pixel %u channel %u: %d, expected %d", p, i,
                     tib[4 * p + i], want[i]);
      }
   }
   ralloc_free(mem);
}

/*
 * An intensity target (I8_UNORM, one u8norm channel) reads its destination
 * as (I, I, I, I) and stores red (GL 3.0 table 3.15: I = R), since wave 17.
 * Source (0.2, 0.9, 0.9, 0.1) blended with (DST_ALPHA, ONE_MINUS_DST_ALPHA)
 * onto I = 0.6 (153): 0.2 * 0.6 + 0.6 * 0.4 = 0.36, stored round(91.8) =
 * 92.  Storing alpha instead would give 0.1 * 0.6 + 0.24 = 0.3 (77).
 */
static void
test_intensity(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, &plain,
                                                  "intensity", mem);
   agx_test_store_rts(&b, 1, nir_imm_vec4(&b, 0.2f, 0.9f, 0.9f, 0.1f));
   assert_true(agx_preprocess_nir(b.shader));

   struct agx_shader_key key = {0};
   key.fs.rt[0] = (struct agx_rt_key){
      .format = PIPE_FORMAT_I8_UNORM,
      .offset_B = 0,
      .blend = {true, AGX_BLEND_ADD, AGX_BLENDFACTOR_DST_ALPHA,
                AGX_BLENDFACTOR_INV_DST_ALPHA, AGX_BLEND_ADD,
                AGX_BLENDFACTOR_DST_ALPHA, AGX_BLENDFACTOR_INV_DST_ALPHA}};
   struct agx_shader_binary bin;
   agx_test_must_compile_lowered(b.shader, &key, mem, &bin);

   struct agx_test_draw draw = {0};
   float planes[8][3] = {{0, 0, 1}};
   uint8_t tib[32];
   memset(tib, 153, sizeof(tib));
   agx_test_must_run_fs(&bin, &draw, (const float(*)[3])planes,
                        bin.info.fs.nr_cf, tib, 1, NULL);
   for (unsigned p = 0; p < 32; ++p) {
      if (tib[p] != 92)
         fail_msg("pixel %u: %u, expected 92", p, tib[p]);
   }
   ralloc_free(mem);
}

/*
 * Dual-source blending (ARB_blend_func_extended): the second colour,
 * written to FRAG_RESULT_DUAL_SRC0, feeds the SRC1 factors of render
 * target 0, an RGBA32F target (no clamping, so every value is exact):
 * rgb = s * s1 + d * (1 - s1.a), alpha = s.a * (1 - s1.a) - d.a * s1.a.
 */
static void
test_dual_source(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, &plain,
                                                  "dual", mem);
   nir_def *c = nir_load_var(
      &b, agx_test_var(b.shader, nir_var_shader_in, 4, VARYING_SLOT_VAR0, "c"));
   const nir_vtype *vec4 = nir_vtype_vector(b.shader, nir_type_float32, 4);
   nir_variable *o0 =
      nir_variable_create(b.shader, nir_var_shader_out, vec4, "o0");
   o0->data.location = FRAG_RESULT_DATA0;
   o0->data.driver_location = FRAG_RESULT_DATA0;
   nir_variable *o1 =
      nir_variable_create(b.shader, nir_var_shader_out, vec4, "o1");
   o1->data.location = FRAG_RESULT_DUAL_SRC0;
   o1->data.driver_location = FRAG_RESULT_DUAL_SRC0;
   nir_store_var(&b, o0, c, 0xf);
   /* the second colour: 2 * c.wzyx */
   nir_store_var(&b, o1,
                 nir_fmul(&b, nir_swizzle(&b, c, (unsigned[]){3, 2, 1, 0}, 4),
                          nir_imm_float(&b, 2.0f)),
                 0xf);
   assert_true(agx_preprocess_nir(b.shader));

   struct agx_shader_key key = {0};
   key.fs.rt[0] = (struct agx_rt_key){
      .format = PIPE_FORMAT_R32G32B32A32_FLOAT,
      .offset_B = 0,
      .blend = {true, AGX_BLEND_ADD, AGX_BLENDFACTOR_SRC1_COLOR,
                AGX_BLENDFACTOR_INV_SRC1_ALPHA, AGX_BLEND_SUBTRACT,
                AGX_BLENDFACTOR_INV_SRC1_COLOR, AGX_BLENDFACTOR_SRC1_ALPHA}};

   struct agx_shader_binary bin;
   agx_test_must_compile_lowered(b.shader, &key, mem, &bin);
   assert_int_equal(bin.info.tib_writes, 0x1);

   const struct agx_varyings_fs *fs = &bin.info.fs;
   float planes[8][3] = {{0, 0, 1}};
   const float A[4] = {1.0f / 64, -1.0f / 128, 0, 1.0f / 256};
   const float C[4] = {0.25f, 0.75f, 0.5f, 0.125f};
   agx_test_linear_planes(planes, fs->bindings[1].cf_base, A, C);
   struct agx_test_draw draw = {0};

   uint8_t tib[32 * 16], init[32 * 16];
   for (unsigned p = 0; p < 32; ++p) {
      float d[4] = {0.5f * p, 1.0f, -0.25f, (float)(p % 3) * 0.125f};
      memcpy(init + p * 16, d, 16);
   }
   memcpy(tib, init, sizeof(tib));
   agx_test_must_run_fs(&bin, &draw, (const float(*)[3])planes, fs->nr_cf, tib,
                        16, NULL);

   for (unsigned p = 0; p < 32; ++p) {
      float s[4], s1[4], d[4], got[4], want[4];
      for (unsigned i = 0; i < 4; ++i)
         s[i] = (float)((double)A[i] * (p + 0.5) + C[i]);
      for (unsigned i = 0; i < 4; ++i)
         s1[i] = 2.0f * s[3 - i];
      memcpy(d, init + p * 16, 16);
      memcpy(got, tib + p * 16, 16);
      for (unsigned i = 0; i < 3; ++i) {
         volatile float df = d[i] * (1.0f - s1[3]);
         want[i] = fmaf(s[i], s1[i], df);
      }
      volatile float da = d[3] * s1[3];
      want[3] = fmaf(s[3], 1.0f - s1[3], -da);
      for (unsigned i = 0; i < 4; ++i) {
         if (memcmp(&got[i], &want[i], 4))
            fail_msg("pixel %u channel %u: %g, expected %g", p, i,
                     (double)got[i], (double)want[i]);
      }
   }
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_blend),
      cmocka_unit_test(test_formats),
      cmocka_unit_test(test_dual_source),
      cmocka_unit_test(test_snorm_clamp),
      cmocka_unit_test(test_intensity),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
