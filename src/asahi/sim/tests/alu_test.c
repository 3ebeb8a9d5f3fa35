/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ALU corner cases the golden vectors do not pin down on their own:
 * 16-bit halves and saturation, 64-bit pairs, flush-to-zero, fp16
 * subnormals and overflow, canonical NaNs, .sat, fused versus double
 * rounding, and the exact cases of convert and the float unary ops.
 *
 * Expected values are worked out from the rules in
 * ../shared/data/agx-isa/README.md ("Float conventions", "Integer
 * conventions") and IEEE 754, not from running the simulator.
 */

#include <math.h>

#include "sim_test_util.h"

/* Run one instruction with every lane holding the same register values. */
struct reg_init {
   unsigned reg;
   uint32_t value;
};

static struct asahi_sim_group *
run1(struct sim_test *t, const char *text, const struct reg_init *init,
     unsigned nr_init)
{
   char source[256];
   snprintf(source, sizeof(source), "%s\nstop\n", text);
   sim_test_load(t, source);
   for (unsigned i = 0; i < nr_init; i++) {
      for (unsigned l = 0; l < ASAHI_SIM_LANES; l++)
         t->g->r[init[i].reg][l] = init[i].value;
   }
   enum asahi_sim_status s = asahi_sim_run(t->g);
   if (s != ASAHI_SIM_STOPPED)
      fail_msg("%s: %s: %s", text, asahi_sim_status_string(s), t->g->error);
   return t->g;
}

#define CHECK(text, out_reg, want, ...)                                      \
   do {                                                                      \
      struct sim_test t_;                                                    \
      const struct reg_init init_[] = { __VA_ARGS__ };                       \
      struct asahi_sim_group *g_ =                                           \
         run1(&t_, text, init_, ARRAY_LEN(init_));                           \
      for (unsigned l_ = 0; l_ < ASAHI_SIM_LANES; l_++) {                    \
         if (g_->r[out_reg][l_] != (uint32_t)(want))                         \
            fail_msg("%s: r%u = 0x%08x, want 0x%08x", text, out_reg,         \
                     g_->r[out_reg][l_], (uint32_t)(want));                  \
      }                                                                      \
      sim_test_free(&t_);                                                    \
   } while (0)

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

static void
test_halves(void **state)
{
   /* Writing a half keeps the other half. */
   CHECK("mov_imm r2l, 0x1234", 2, 0xaaaa1234, { 2, 0xaaaabbbb });
   CHECK("mov_imm r2h, 0x1234", 2, 0x1234bbbb, { 2, 0xaaaabbbb });
   /* ffs into a 16-bit register: "no bit set" is 0xffff. */
   CHECK("ffs r3l, 0", 3, 0x5555ffff, { 3, 0x55550000 });
   CHECK("ffs r3, r4", 3, 31, { 4, 0x80000001 });
   /* A 16-bit source is zero-extended unless .sx. */
   CHECK("iadd r5, r2h, 0", 5, 0x9000, { 2, 0x90000000 });
   CHECK("iadd r5, r2h.sx, 0", 5, 0xffff9000, { 2, 0x90000000 });
   /* asr sign-extends from the source's width. */
   CHECK("asr r9, r2h, 4", 9, 0xfffff900, { 2, 0x90000000 });
   /* 16-bit results wrap. */
   CHECK("isub r4h, 0, 1", 4, 0xffff0000, { 4, 0 });
   CHECK("imadd r8l, r2l, r2l, 0", 8, (0x1234u * 0x1234u) & 0xffff,
         { 2, 0x1234 }, { 8, 0 });
}

static void
test_saturation(void **state)
{
   /* Signed (a source has .sx) and unsigned, to the destination width. */
   CHECK("iadd.sat r3l, r2l.sx, r2l.sx", 3, 0x7fff, { 2, 0x7000 }, { 3, 0 });
   CHECK("iadd.sat r3l, r2h.sx, r2h.sx", 3, 0x8000, { 2, 0x90000000 },
         { 3, 0 });
   CHECK("iadd.sat r3l, r2l, r2l", 3, 0xffff, { 2, 0x9000 }, { 3, 0 });
   CHECK("isub.sat r3, r2, 1", 3, 0, { 2, 0 });
   CHECK("isub.sat r3, r2.sx, 1", 3, 0x80000000u, { 2, 0x80000000u });
   CHECK("imadd.sat r3, r2, r2, 0", 3, 0xffffffffu, { 2, 0x10000 });
   /* No saturation with a shift. */
   CHECK("iadd.sat r3, r2, r2, lsl 1", 3, 0xfffffffdu, { 2, 0xffffffffu });
}

static void
test_64bit(void **state)
{
   struct sim_test t;
   const struct reg_init init[] = { { 6, 0xffffffffu }, { 7, 0 } };
   struct asahi_sim_group *g = run1(&t, "iadd r6_r7, r6_r7, 1", init, 2);
   assert_int_equal(g->r[6][0], 0);
   assert_int_equal(g->r[7][0], 1);
   sim_test_free(&t);
}

static void
test_f32_rules(void **state)
{
   /* FTZ on the result, tested before rounding. */
   CHECK("fmul32 r10, r11, 0.5", 10, 0, { 11, 0x00800000 });
   CHECK("fmul32 r10, r11, 0.5", 10, 0x80000000u, { 11, 0x80800000u });
   /* Denormal sources are flushed. */
   CHECK("fadd32 r10, r11, r12", 10, 0x00800000, { 11, 0x00000001 },
         { 12, 0x00800000 });
   /* fmul is fma(a, b, +0): a -0 product gives +0. */
   CHECK("fmul32 r10, r11, 0.0", 10, 0, { 11, 0xbf800000u });
   /* (1 - 2^-24) 2^-126 rounds up to the smallest normal, but the exact
    * product is below it: flushed. */
   CHECK("fmul32 r10, r11, r12", 10, 0, { 11, 0x3f7fffffu },
         { 12, 0x00800000 });
   /* abs and neg on register sources: |-2| * -(3) + 1 = -5. */
   CHECK("fmadd32 r10, r11.abs, r12.neg, r13", 10, 0xc0a00000u,
         { 11, 0xc0000000u }, { 12, 0x40400000 }, { 13, 0x3f800000 });
   /* Canonical NaN, also from invalid operations. */
   CHECK("fadd32 r10, r11, 1.0", 10, 0x7fc00000, { 11, 0xff800001u });
   CHECK("fadd32 r10, r11, r11.neg", 10, 0x7fc00000, { 11, 0x7f800000 });
   /* .sat: clamp, NaN and -0 become +0. */
   CHECK("fadd32.sat r10, r11, 0.0", 10, 0x3f800000, { 11, 0x40000000 });
   CHECK("fadd32.sat r10, r11, 0.0", 10, 0, { 11, 0xbf000000u });
   CHECK("fadd32.sat r10, r11, 0.0", 10, 0, { 11, 0x7fc00000 });
   /* Fused: (1 + 2^-23)^2 - round(that) = 2^-46 exactly. */
   CHECK("fmadd32 r10, r11, r11, r12", 10, 0x28800000, { 11, 0x3f800001 },
         { 12, 0xbf800002u });
   /* A 32-bit op into a 16-bit register rounds to f32 first:
    * 1 + 2^-11 + 2^-25 -> f32 1 + 2^-11 (a tie in f16) -> 1.0. */
   CHECK("fadd32 r16l, r2, r3", 16, 0x3c00, { 2, 0x3f801000 },
         { 3, 0x33000000 }, { 16, 0 });
}

static void
test_f16_rules(void **state)
{
   /* Overflow to inf; subnormals produced and consumed. */
   CHECK("fadd16 r2l, r3l, r3l", 2, 0x7c00, { 3, 0x7bff }, { 2, 0 });
   CHECK("fmul16 r2l, r3l, 0.5", 2, 0x0200, { 3, 0x0400 }, { 2, 0 });
   CHECK("fadd16 r2l, r3l, r3l", 2, 0x0002, { 3, 0x0001 }, { 2, 0 });
   /* Round half to even: 1 + 2^-11 -> 1.0; 1 + 3 * 2^-11 -> 1 + 2^-9. */
   CHECK("fadd16 r2l, r3l, r3h", 2, 0x3c00, { 3, 0x10003c00 }, { 2, 0 });
   CHECK("fadd16 r2l, r3l, r3h", 2, 0x3c02, { 3, 0x16003c00 }, { 2, 0 });
   /* Canonical f16 NaN; the high half is untouched. */
   CHECK("fadd16 r2l, r3l, 1.0", 2, 0xabcd7e00u, { 3, 0x7c01 },
         { 2, 0xabcd0000u });
}

static void
test_unary_exact(void **state)
{
   /* Cases where the result is exactly representable, so any correct
    * implementation (hardware included) must agree. */
   CHECK("floor r2, r3", 2, 0xc0000000u, { 3, 0xbfc00000u });   /* -1.5 */
   CHECK("ceil r2, r3", 2, 0xbf800000u, { 3, 0xbfc00000u });
   CHECK("trunc r2, r3", 2, 0xbf800000u, { 3, 0xbfc00000u });
   CHECK("rint r2, r3", 2, 0x40000000u, { 3, 0x40200000u });    /* 2.5 */
   CHECK("rcp r2, r3", 2, 0x3e800000u, { 3, 0x40800000u });     /* 1/4 */
   CHECK("rsqrt r2, r3", 2, 0x3f000000u, { 3, 0x40800000u });   /* 4 */
   CHECK("log2 r2, r3", 2, 0x40400000u, { 3, 0x41000000u });    /* 8 */
   CHECK("exp2 r2, r3", 2, 0x3e800000u, { 3, 0xc0000000u });    /* -2 */
   CHECK("rcp r2, r3", 2, 0x7f800000u, { 3, 0 });               /* 1/0 */
}

static void
test_convert(void **state)
{
   CHECK("convert u16_to_f, r2, r3l, rte", 2, 0x477fff00u, { 3, 0xffff });
   CHECK("convert s16_to_f, r2, r3l, rte", 2, 0xc7000000u, { 3, 0x8000 });
   /* 2^24 + 3 is a tie between 2^24 + 2 and 2^24 + 4. */
   CHECK("convert u32_to_f, r2, r3, rte", 2, 0x4b800002u, { 3, 16777219 });
   CHECK("convert u32_to_f, r2, r3, rtz", 2, 0x4b800001u, { 3, 16777219 });
   CHECK("convert f_to_s32, r2, r3, rtz", 2, 0xfffffffeu,
         { 3, 0xc0200000u }); /* -2.5 */
}

static void
test_sin_sequence(void **state)
{
   /* Mesa's sine: f = sin_pt_1(x); sin(x * pi / 2) = sin_pt_2(f) * f, with
    * x in quadrants.  The hardware is an approximation; ask for 1e-6. */
   static const float xs[] = { 0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 3.75f,
                               -0.25f, -1.0f, -7.5f, 13.0f, 100.25f };
   for (unsigned i = 0; i < ARRAY_LEN(xs); i++) {
      struct sim_test t;
      const struct reg_init init[] = { { 2, f32_bits(xs[i]) } };
      struct asahi_sim_group *g = run1(&t,
                                       "sin_pt_1 r3, r2\n"
                                       "sin_pt_2 r4, r3\n"
                                       "fmul32 r5, r4, r3",
                                       init, ARRAY_LEN(init));
      float got;
      memcpy(&got, &g->r[5][0], 4);
      double want = sin(xs[i] * M_PI / 2);
      if (fabs(got - want) > 1e-6)
         fail_msg("sin(%g quadrants) = %.9g, want %.9g", xs[i], got, want);
      sim_test_free(&t);
   }
}

static void
test_derivatives(void **state)
{
   /* Lane t holds t * t; within a quad, bit 0 of the lane is x and bit 1
    * is y.  Inactive (helper) lanes still feed their neighbours. */
   struct sim_test t;
   sim_test_load(&t, "dfdx r3, r2\ndfdy r4, r2\nstop\n");
   for (unsigned l = 0; l < 32; l++)
      t.g->r[2][l] = f32_bits((float)(l * l));
   t.g->exec = 0x55555555u;
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   for (unsigned l = 0; l < 32; l += 2) {
      unsigned x0 = l & ~1u, x1 = l | 1u, y0 = l & ~2u, y1 = l | 2u;
      assert_int_equal(t.g->r[3][l], f32_bits((float)(x1 * x1 - x0 * x0)));
      assert_int_equal(t.g->r[4][l], f32_bits((float)(y1 * y1 - y0 * y0)));
      assert_int_equal(t.g->r[3][l + 1], 0); /* inactive: untouched */
   }
   sim_test_free(&t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_halves),
      cmocka_unit_test(test_saturation),
      cmocka_unit_test(test_64bit),
      cmocka_unit_test(test_f32_rules),
      cmocka_unit_test(test_f16_rules),
      cmocka_unit_test(test_unary_exact),
      cmocka_unit_test(test_convert),
      cmocka_unit_test(test_sin_sequence),
      cmocka_unit_test(test_derivatives),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
