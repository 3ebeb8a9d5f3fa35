/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ARB_shader_group_vote through the backend and the simulator: NIR's
 * vote_any / vote_all over the 32 lanes of one SIMD group (AGX runs
 * fragment shaders 32 pixels to a group; agx_test_run_fs puts pixel
 * (t, 0) in lane t).  The expected values follow from the extension's
 * definition: anyInvocationARB is true in every invocation of the group
 * when it is true in one active invocation, allInvocationsARB only when
 * it is true in all active ones; inactive lanes (outside an if) do not
 * vote.  The NIR interpreter runs one invocation alone, so it cannot be
 * the reference here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "nir_builder.h"
#include "agx_test_steps.h"

static nir_def *
vote(nir_builder *b, nir_intrinsic_op op, nir_def *x)
{
   nir_def *srcs[1] = {x};
   return &nir_build_intrinsic(b, op, 1, 1, srcs, NIR_INTRINSIC_NUM_INDEX_FLAGS)
              ->def;
}

/* uv.x = (t + 0.5) / 32 in lane t */
static const struct agx_test_uv row = {1.0f / 32.0f, 0.0f, 0.0f};

/* Runs the shader over the 32 lanes; colour[t] gets lane t's RGBA. */
static void
run(nir_builder *b, void *mem, float colour[32][4])
{
   struct agx_shader_binary bin;
   struct agx_shader_key key = agx_test_rgba32f_fs_key();
   agx_test_must_compile(b->shader, &key, mem, &bin);
   bool ballot = false;
   struct agx_isa_instr d;
   for (size_t off = 0; agx_test_next_instr(&bin, &off, &d);)
      ballot |= d.op == AGX_ISA_OP_ICMP_BALLOT;
   assert_true(ballot);
   struct agx_test_draw draw = {0};
   uint8_t tib[32 * 16];
   char error[256];
   if (!agx_test_run_uv_fs(&bin, &draw, &row, tib, error, sizeof(error)))
      fail_msg("%s", error);
   memcpy(colour, tib, sizeof(tib));
}

/* colour = (any(x < k), all(x < k), x < k, 1) for thresholds that make
 * the predicate true in no lane, in lanes 0-2, and in every lane. */
static void
test_vote_whole_group(void **state)
{
   (void)state;
   static const struct {
      float k;
      unsigned nr_true;
   } cases[] = {
      {-1.0f, 0},
      {0.1f, 3},
      {2.0f, 32},
   };
   for (unsigned i = 0; i < 3; i++) {
      void *mem = ralloc_context(NULL);
      nir_def *uv;
      nir_variable *out;
      nir_builder b = agx_test_uv_fs_builder(mem, "vote-fs", &uv, &out);
      nir_def *p =
         nir_flt(&b, nir_channel(&b, uv, 0), nir_imm_float(&b, cases[i].k));
      nir_def *one = nir_imm_float(&b, 1.0f);
      nir_store_var(&b, out,
                    nir_vec4(&b,
                             nir_b2f32(&b, vote(&b, nir_intrinsic_vote_any, p)),
                             nir_b2f32(&b, vote(&b, nir_intrinsic_vote_all, p)),
                             nir_b2f32(&b, p), one),
                    0xf);
      float c[32][4];
      run(&b, mem, c);
      bool any = cases[i].nr_true > 0, all = cases[i].nr_true == 32;
      for (unsigned t = 0; t < 32; t++) {
         if (c[t][0] != (any ? 1.0f : 0.0f) || c[t][1] != (all ? 1.0f : 0.0f) ||
             c[t][2] != (t < cases[i].nr_true ? 1.0f : 0.0f))
            fail_msg("k %g lane %u: got (%g, %g, %g), want any %d all %d",
                     cases[i].k, t, c[t][0], c[t][1], c[t][2], any, all);
      }
      ralloc_free(mem);
   }
}

/* Inside if (x < 0.1) only lanes 0-2 run, and x < 0.2 holds in all of
 * them (and in lanes 3-5, which do not vote): all is true there.  x >
 * 0.05 holds in lanes 2-31 but among the voters only in lane 2: any is
 * true, all false.  Lanes outside the if write -1. */
static void
test_vote_active_lanes_only(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *uv;
   nir_variable *out;
   nir_builder b = agx_test_uv_fs_builder(mem, "vote-if-fs", &uv, &out);
   nir_def *x = nir_channel(&b, uv, 0);
   nir_if *nif = nir_push_if(&b, nir_flt(&b, x, nir_imm_float(&b, 0.1f)));
   nir_def *all_lt =
      vote(&b, nir_intrinsic_vote_all, nir_flt(&b, x, nir_imm_float(&b, 0.2f)));
   nir_def *gt = nir_flt(&b, nir_imm_float(&b, 0.05f), x);
   nir_def *any_gt = vote(&b, nir_intrinsic_vote_any, gt);
   nir_def *all_gt = vote(&b, nir_intrinsic_vote_all, gt);
   nir_def *in_if = nir_vec4(&b, nir_b2f32(&b, all_lt), nir_b2f32(&b, any_gt),
                             nir_b2f32(&b, all_gt), nir_imm_float(&b, 1.0f));
   nir_push_else(&b, nif);
   nir_def *outside = nir_imm_vec4(&b, -1.0f, -1.0f, -1.0f, -1.0f);
   nir_pop_if(&b, nif);
   nir_store_var(&b, out, nir_if_phi(&b, in_if, outside), 0xf);
   float c[32][4];
   run(&b, mem, c);
   for (unsigned t = 0; t < 32; t++) {
      const float *want = t < 3 ? (const float[4]){1, 1, 0, 1}
                                : (const float[4]){-1, -1, -1, -1};
      if (memcmp(c[t], want, sizeof(float) * 4))
         fail_msg("lane %u: got (%g, %g, %g, %g), want (%g, %g, %g, %g)", t,
                  c[t][0], c[t][1], c[t][2], c[t][3], want[0], want[1], want[2],
                  want[3]);
   }
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vote_whole_group),
      cmocka_unit_test(test_vote_active_lanes_only),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
