/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * 32-bit integer division on the simulator (nir_lower_idiv.c with the
 * reciprocal options agx_nir_options sets): a
 * vertex shader divides the bits of attribute x by those of y, unsigned
 * and signed, and by constants, for divisors and dividends at the edges
 * (0, 1, powers of two and their neighbours, 2^31, 2^32 - 1, INT_MIN
 * and -1) and pseudo-random ones.  The expected values are C's integer
 * arithmetic with NIR's definitions for the cases C leaves open: a
 * division by zero gives 0, INT_MIN / -1 wraps, irem has the dividend's
 * sign and imod the divisor's.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "agx_test_nir.h"
#include "agx_test_steps.h"
#include "agx_test_util.h"

#define NR_OUT 3

static uint32_t
udiv(uint32_t n, uint32_t d)
{
   return d ? n / d : 0;
}

static uint32_t
umod(uint32_t n, uint32_t d)
{
   return d ? n % d : 0;
}

static uint32_t
idiv(uint32_t n, uint32_t d)
{
   int64_t a = (int32_t)n, b = (int32_t)d;
   return b ? (uint32_t)(int64_t)(a / b) : 0;
}

static uint32_t
irem(uint32_t n, uint32_t d)
{
   int64_t a = (int32_t)n, b = (int32_t)d;
   return b ? (uint32_t)(int64_t)(a % b) : 0;
}

static uint32_t
imod(uint32_t n, uint32_t d)
{
   int64_t a = (int32_t)n, b = (int32_t)d;
   if (!b)
      return 0;
   int64_t r = a % b;
   if (r && ((r < 0) != (b < 0)))
      r += b;
   return (uint32_t)r;
}

/* The constant divisors of outputs 1 and 2 */
static const uint32_t k7 = 7, kneg3 = (uint32_t)-3, k1000 = 1000,
                      kbig = 0x80000001u;

static void
expected(uint32_t n, uint32_t d, uint32_t out[NR_OUT][4])
{
   uint32_t o[NR_OUT][4] = {
      {udiv(n, d), umod(n, d), idiv(n, d), irem(n, d)},
      {imod(n, d), udiv(n, k7), umod(n, k7), idiv(n, kneg3)},
      {imod(n, kneg3), udiv(n, k1000), umod(n, kbig), irem(n, k7)},
   };
   memcpy(out, o, sizeof(o));
}

static nir_def *
k(nir_builder *b, uint32_t v)
{
   return nir_imm_int(b, (int32_t)v);
}

static void
test_idiv(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *a;
   nir_builder b = agx_test_vs_builder(mem, "idiv", &a);
   nir_def *n = nir_channel(&b, a, 0), *d = nir_channel(&b, a, 1);
   nir_def *o[NR_OUT][4] = {
      {nir_udiv(&b, n, d), nir_umod(&b, n, d), nir_idiv(&b, n, d),
       nir_irem(&b, n, d)},
      {nir_imod(&b, n, d), nir_udiv(&b, n, k(&b, k7)),
       nir_umod(&b, n, k(&b, k7)), nir_idiv(&b, n, k(&b, kneg3))},
      {nir_imod(&b, n, k(&b, kneg3)), nir_udiv(&b, n, k(&b, k1000)),
       nir_umod(&b, n, k(&b, kbig)), nir_irem(&b, n, k(&b, k7))},
   };
   for (unsigned i = 0; i < NR_OUT; ++i)
      nir_store_var(&b,
                    agx_test_var(b.shader, nir_var_shader_out, 4,
                                 VARYING_SLOT_VAR0 + i, "o"),
                    nir_vec(&b, o[i], 4), 0xf);

   struct agx_shader_key key = agx_test_vec4_vs_key();
   struct agx_shader_binary bin;
   agx_test_must_compile(b.shader, &key, mem, &bin);
   /* no long division: a few dozen instructions per division at most */
   assert_true(bin.info.nr_instrs < 400);

   static const uint32_t edge[] = {
      0,          1,          2,          3,          5,
      7,          8,          1000,       65535,      65536,
      65537,      0x7ffffffe, 0x7fffffff, 0x80000000, 0x80000001,
      0xfffffffe, 0xffffffff, 0xfffffffd, 0x12345678, 0xdeadbeef,
   };
   const unsigned nr_edge = sizeof(edge) / sizeof(edge[0]);
   const unsigned batches = (nr_edge * nr_edge + 31) / 32 + 8;
   uint32_t seed = 12345;

   for (unsigned batch = 0; batch < batches; ++batch) {
      uint32_t vtx[32][4];
      for (unsigned lane = 0; lane < 32; ++lane) {
         unsigned pair = batch * 32 + lane;
         if (pair < nr_edge * nr_edge) {
            vtx[lane][0] = edge[pair / nr_edge];
            vtx[lane][1] = edge[pair % nr_edge];
         } else {
            /* xorshift; every other divisor small */
            for (unsigned c = 0; c < 2; ++c) {
               seed ^= seed << 13;
               seed ^= seed >> 17;
               seed ^= seed << 5;
               vtx[lane][c] = seed;
            }
            if (lane & 1)
               vtx[lane][1] >>= (lane % 24) + 4;
         }
         vtx[lane][2] = vtx[lane][3] = 0;
      }
      struct agx_test_draw draw = {0};
      agx_test_draw_vertices(&draw, vtx, sizeof(vtx));
      uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
      agx_test_must_run_vs(&bin, &draw, 0, uvs);
      for (unsigned lane = 0; lane < 32; ++lane) {
         uint32_t want[NR_OUT][4];
         expected(vtx[lane][0], vtx[lane][1], want);
         for (unsigned i = 0; i < NR_OUT; ++i) {
            unsigned w = bin.info.vs.slot_word[VARYING_SLOT_VAR0 + i];
            for (unsigned c = 0; c < 4; ++c) {
               uint32_t got = uvs[lane * bin.info.vs.nr_words + w + c];
               if (got != want[i][c])
                  fail_msg("n 0x%08x d 0x%08x: output %u.%u 0x%08x, want "
                           "0x%08x",
                           vtx[lane][0], vtx[lane][1], i, c, got, want[i][c]);
            }
         }
      }
   }
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_idiv),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
