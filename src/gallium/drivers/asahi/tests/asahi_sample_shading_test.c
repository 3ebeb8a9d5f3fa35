/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Per-sample shading and the sample variables through the driver
 * (agx_sample_shading.c, the compiler's agx_fs_key::per_sample), pixels
 * checked on the simulator, sample by sample (raw maps):
 *
 *  - sample_id: a full-target quad into a 4-sample RGBA8 target whose
 *    fragment shader writes (gl_SampleID / 3, gl_SamplePosition,
 *    fract(gl_FragCoord.x)), the last being the sample's x too (GL 4.6
 *    section 15.2.2: x and y reflect the sample's location).  A
 *    shader reading gl_SampleID is shaded once per sample (GL 4.6
 *    section 14.3.1.1), so sample s of every pixel holds s / 3 and the
 *    position of sample s: the hardware's default 4x positions, one byte
 *    per sample with x in the low nibble in sixteenths, 0xeaa26e26
 *    (fact: alexvorxx/Mesa-VirGL src/asahi/lib/agx_device.c /
 *    agx_default_sample_positions);
 *  - min_samples: set_min_samples(4) with a shader that writes
 *    gl_SampleMaskIn[0] as red: per-sample shading sees only the bit of
 *    the sample it shades (GL 4.6 section 15.2.2), 1 << s;
 *  - occlusion_per_sample: an occlusion counter around a per-sample
 *    draw counts every sample once (W x H x 4), not once per pass;
 *  - sample_mask: without per-sample shading, gl_SampleMask[0] = 0x5
 *    keeps samples 0 and 2 only (GL 4.6 section 17.3.1); 1 and 3 keep
 *    the clear colour;
 *  - multisample_off: a rasterizer with multisample false (GL_MULTISAMPLE
 *    disabled) and set_min_samples(4): no per-sample shading (GL 4.6
 *    section 14.3.1.1 needs MULTISAMPLE on), so gl_SampleID is 0 in every
 *    sample and gl_SampleMaskIn reads 1 (agx_fs_key::multisample_off).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/nir/nir_builder.h"
#include "util/u_inlines.h"

#include "asahi/compiler/agx_compile.h"
#include "asahi_test_env.h"

#define W 16
#define H 16
#define SAMPLES 4

/* Byte s: sample s's position, x low nibble, y high, sixteenths. */
static const uint32_t positions_4x = 0xeaa26e26;

struct ms_env {
   struct asahi_test_env t;
   void *vs, *fs;
};

static bool
expect_pixels(void)
{
   const char *v = getenv("ASAHI_TEST_EXPECT_PIXELS");
   return v && atoi(v);
}

/* A 4-sample target cleared to black, a full-target quad, fs bound. */
static bool
ms_init(struct ms_env *e, nir_shader *fs)
{
   if (!asahi_test_env_open(&e->t)) {
      ralloc_free(fs);
      return false;
   }
   struct pipe_context *ctx = e->t.ctx;
   asahi_test_env_target_samples(&e->t, PIPE_FORMAT_R8G8B8A8_UNORM, W, H,
                                 SAMPLES);
   union pipe_color_union black = {.f = {0, 0, 0, 1}};
   ctx->clear(ctx, PIPE_CLEAR_COLOR0, NULL, &black, 1.0, 0);

   static const float quad[] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1,
                                -1, 1,  0, 1, 1, -1, 0, 1, 1,  1, 0, 1};
   asahi_test_env_vertices(&e->t, quad, 6);
   struct pipe_shader_state vs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = asahi_test_vs_position("ms_vs")};
   struct pipe_shader_state fss = {.type = PIPE_SHADER_IR_NIR, .ir.nir = fs};
   e->vs = ctx->create_vs_state(ctx, &vs);
   e->fs = ctx->create_fs_state(ctx, &fss);
   ctx->bind_vs_state(ctx, e->vs);
   ctx->bind_fs_state(ctx, e->fs);
   return true;
}

static void
ms_draw(struct ms_env *e)
{
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 6};
   e->t.ctx->draw_vbo(e->t.ctx, &info, 0, NULL, &draw, 1);
   e->t.ctx->flush(e->t.ctx, NULL, 0);
}

/* Asserts every sample of every pixel against want(sample), RGBA8. */
static void
check_samples(struct ms_env *e, void (*want)(unsigned s, uint8_t out[4]))
{
   if (!expect_pixels())
      return;
   struct pipe_context *ctx = e->t.ctx;
   struct pipe_box box = {0, 0, 0, W, H, 1};
   struct pipe_transfer *xfer = NULL;
   uint8_t *map = ctx->texture_map(ctx, e->t.rt, 0,
                                   PIPE_MAP_READ | PIPE_MAP_DIRECTLY, &box,
                                   &xfer);
   assert_non_null(map);
   unsigned bad = 0;
   for (unsigned y = 0; y < H; ++y) {
      for (unsigned x = 0; x < W; ++x) {
         for (unsigned s = 0; s < SAMPLES; ++s) {
            const uint8_t *p = map + y * xfer->stride + (x * SAMPLES + s) * 4;
            uint8_t w[4];
            want(s, w);
            bool ok = true;
            for (unsigned c = 0; c < 4; ++c)
               ok = ok && abs((int)p[c] - (int)w[c]) <= 1;
            if (!ok && bad++ < 8)
               print_error("pixel (%u, %u) sample %u is %u %u %u %u, want "
                           "%u %u %u %u\n",
                           x, y, s, p[0], p[1], p[2], p[3], w[0], w[1], w[2],
                           w[3]);
         }
      }
   }
   ctx->texture_unmap(ctx, xfer);
   assert_int_equal(bad, 0);
}

static void
ms_fini(struct ms_env *e)
{
   struct pipe_context *ctx = e->t.ctx;
   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, e->vs);
   ctx->delete_fs_state(ctx, e->fs);
   asahi_test_env_close(&e->t);
}

/* Draws the quad with fragment shader fs (and min_samples) and checks
 * every sample against want. */
static void
run_case(nir_shader *fs, unsigned min_samples,
         void (*want)(unsigned s, uint8_t out[4]))
{
   struct ms_env e;
   if (!ms_init(&e, fs))
      skip();
   if (min_samples)
      e.t.ctx->set_min_samples(e.t.ctx, min_samples);
   ms_draw(&e);
   check_samples(&e, want);
   ms_fini(&e);
}

static nir_builder
fs_builder(const char *name)
{
   return nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT,
                                         &agx_nir_options, name, NULL);
}

static void
want_id_pos(unsigned s, uint8_t out[4])
{
   unsigned b = (positions_4x >> (8 * s)) & 0xff;
   out[0] = (uint8_t)lroundf(s * 255.0f / 3.0f);
   out[1] = (uint8_t)lroundf((b & 0xf) / 16.0f * 255.0f);
   out[2] = (uint8_t)lroundf((b >> 4) / 16.0f * 255.0f);
   out[3] = out[1];
}

static void
sample_id(void **state)
{
   nir_builder b = fs_builder("sample_id_fs");
   nir_def *id = nir_load_system_value(&b, nir_intrinsic_load_sample_id, 32);
   nir_def *pos = nir_load_system_value(&b, nir_intrinsic_load_sample_pos, 32);
   nir_def *fc = nir_load_system_value(&b, nir_intrinsic_load_frag_coord, 32);
   nir_def *c[4] = {nir_fmul(&b, nir_i2f32(&b, id), nir_imm_float(&b, 1.0f / 3)),
                    nir_channel(&b, pos, 0), nir_channel(&b, pos, 1),
                    nir_ffract(&b, nir_channel(&b, fc, 0))};
   asahi_test_output(&b, FRAG_RESULT_DATA0, nir_vec(&b, c, 4),
                     nir_type_float32);
   run_case(b.shader, 0, want_id_pos);
}

static void
want_own_bit(unsigned s, uint8_t out[4])
{
   out[0] = (uint8_t)(1u << s);
   out[1] = out[2] = 0;
   out[3] = 255;
}

static void
min_samples(void **state)
{
   nir_builder b = fs_builder("mask_in_fs");
   nir_def *in =
      nir_load_system_value(&b, nir_intrinsic_load_sample_mask_in, 32);
   nir_def *c[4] = {nir_fmul(&b, nir_u2f32(&b, in),
                             nir_imm_float(&b, 1.0f / 255)),
                    nir_imm_float(&b, 0), nir_imm_float(&b, 0),
                    nir_imm_float(&b, 1)};
   asahi_test_output(&b, FRAG_RESULT_DATA0, nir_vec(&b, c, 4),
                     nir_type_float32);
   run_case(b.shader, SAMPLES, want_own_bit);
}

static void
want_mask_5(unsigned s, uint8_t out[4])
{
   out[0] = s % 2 ? 0 : 255;
   out[1] = out[2] = 0;
   out[3] = 255;
}

static void
sample_mask(void **state)
{
   nir_builder b = fs_builder("sample_mask_fs");
   asahi_test_output(&b, FRAG_RESULT_DATA0, nir_imm_vec4(&b, 1, 0, 0, 1),
                     nir_type_float32);
   asahi_test_output(&b, FRAG_RESULT_SAMPLE_MASK, nir_imm_int(&b, 0x5),
                     nir_type_int32);
   run_case(b.shader, 0, want_mask_5);
}

/* Occlusion counting across the per-sample passes: a full-target quad
 * shaded per sample (min_samples 4) passes every sample of every pixel
 * once, and SAMPLES_PASSED counts samples (GL 4.6 section 4.2.1):
 * W x H x 4, not that times the 4 passes. */
static void
occlusion_per_sample(void **state)
{
   nir_builder b = fs_builder("occlusion_fs");
   asahi_test_output(&b, FRAG_RESULT_DATA0, nir_imm_vec4(&b, 0, 1, 0, 1),
                     nir_type_float32);
   struct ms_env e;
   if (!ms_init(&e, b.shader))
      skip();
   struct pipe_context *ctx = e.t.ctx;
   ctx->set_min_samples(ctx, SAMPLES);
   struct pipe_query *q =
      ctx->create_query(ctx, PIPE_QUERY_OCCLUSION_COUNTER, 0);
   assert_non_null(q);
   assert_true(ctx->begin_query(ctx, q));
   ms_draw(&e);
   assert_true(ctx->end_query(ctx, q));
   union pipe_query_result r = {0};
   assert_true(ctx->get_query_result(ctx, q, true, &r));
   if (expect_pixels())
      assert_int_equal(r.u64, W * H * SAMPLES);
   ctx->destroy_query(ctx, q);
   ms_fini(&e);
}

static void
want_single_sample(unsigned s, uint8_t out[4])
{
   out[0] = 0; /* gl_SampleID */
   out[1] = 1; /* gl_SampleMaskIn / 255 */
   out[2] = 0;
   out[3] = 255;
}

static void
multisample_off(void **state)
{
   nir_builder b = fs_builder("multisample_off_fs");
   nir_def *id = nir_load_system_value(&b, nir_intrinsic_load_sample_id, 32);
   nir_def *in =
      nir_load_system_value(&b, nir_intrinsic_load_sample_mask_in, 32);
   nir_def *c[4] = {nir_fmul(&b, nir_i2f32(&b, id), nir_imm_float(&b, 1.0f / 3)),
                    nir_fmul(&b, nir_u2f32(&b, in),
                             nir_imm_float(&b, 1.0f / 255)),
                    nir_imm_float(&b, 0), nir_imm_float(&b, 1)};
   asahi_test_output(&b, FRAG_RESULT_DATA0, nir_vec(&b, c, 4),
                     nir_type_float32);
   struct ms_env e;
   if (!ms_init(&e, b.shader))
      skip();
   struct pipe_context *ctx = e.t.ctx;
   struct pipe_rasterizer_state rs = asahi_test_rasterizer();
   rs.multisample = 0;
   void *cso = ctx->create_rasterizer_state(ctx, &rs);
   ctx->bind_rasterizer_state(ctx, cso);
   ctx->set_min_samples(ctx, SAMPLES);
   ms_draw(&e);
   check_samples(&e, want_single_sample);
   ctx->bind_rasterizer_state(ctx, e.t.rs);
   ctx->delete_rasterizer_state(ctx, cso);
   ms_fini(&e);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(sample_id),
      cmocka_unit_test(min_samples),
      cmocka_unit_test(sample_mask),
      cmocka_unit_test(occlusion_per_sample),
      cmocka_unit_test(multisample_off),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
