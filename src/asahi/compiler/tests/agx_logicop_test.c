/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Logic ops in the fragment shader, on the simulator's tilebuffer (GL 4.6
 * section 17.3.9, table 17.3): the key's logicop_func of the colour's
 * codes and the destination's.  rt0 RGBA8 unorm at 0 (XOR, green write
 * disabled), rt1 RGBA32F at 4 (a float target: the colour is stored as
 * it is, not blended although its key asks for blending), rt2
 * RGB10_A2 unorm at 20 (fields of 10, 10, 10 and 2 bits).  Codes by hand:
 * the colour (0.25, 0.75, 0.375, 1) is round(c * 255) = (64, 191, 96,
 * 255) in 8 bits, round(c * 1023) = (256, 767, 384) and 3 in RGB10_A2.
 * COPY and COPY_INVERTED are functions of the colour alone, whose bitop
 * tables the hardware leaves undefined (the compiler exchanges the
 * sources).
 */

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

/* enum pipe_logicop values (src/gallium/include/pipe/p_defines.h; the
 * compiler does not include Gallium's headers). */
#define LOGICOP_CLEAR 0
#define LOGICOP_COPY_INVERTED 3
#define LOGICOP_XOR 6
#define LOGICOP_OR_INVERTED 11
#define LOGICOP_COPY 12

#define BPP 24
#define NPIX 32

static uint32_t
rgb10a2(uint32_t r, uint32_t g, uint32_t b, uint32_t a)
{
   return r | g << 10 | b << 20 | a << 30;
}

static void
run(unsigned func, uint32_t (*op)(uint32_t s, uint32_t d))
{
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, &plain,
                                                  "logicop", mem);
   nir_def *c = nir_imm_vec4(&b, 0.25f, 0.75f, 0.375f, 1.0f);
   agx_test_store_rts(&b, 3, c);
   assert_true(agx_preprocess_nir(b.shader));

   struct agx_shader_key key = {0};
   key.fs.logicop_enable = true;
   key.fs.logicop_func = (uint8_t)func;
   key.fs.rt[0] = (struct agx_rt_key){.format = PIPE_FORMAT_R8G8B8A8_UNORM,
                                      .offset_B = 0,
                                      .write_disable = 0x2};
   key.fs.rt[1] = (struct agx_rt_key){
      .format = PIPE_FORMAT_R32G32B32A32_FLOAT,
      .offset_B = 4,
      .blend = {true, AGX_BLEND_ADD, AGX_BLENDFACTOR_ONE, AGX_BLENDFACTOR_ONE,
                AGX_BLEND_ADD, AGX_BLENDFACTOR_ONE, AGX_BLENDFACTOR_ONE}};
   key.fs.rt[2] = (struct agx_rt_key){.format = PIPE_FORMAT_R10G10B10A2_UNORM,
                                      .offset_B = 20};

   struct agx_shader_binary bin;
   agx_test_must_compile_lowered(b.shader, &key, mem, &bin);

   uint8_t tib[NPIX * BPP], init[NPIX * BPP];
   for (unsigned p = 0; p < NPIX; ++p) {
      uint8_t *px = init + p * BPP;
      for (unsigned i = 0; i < 4; ++i)
         px[i] = (uint8_t)(p * 37 + i * 71);
      const float f[4] = {0.5f, 2.0f, -1.0f, 3.0f};
      memcpy(px + 4, f, 16);
      uint32_t w = rgb10a2(p * 29, 1023 - p * 5, p * 17 + 100, p & 3);
      memcpy(px + 20, &w, 4);
   }
   memcpy(tib, init, sizeof(tib));
   struct agx_test_draw draw = {0};
   float planes[8][3] = {{0, 0, 1}};
   agx_test_must_run_fs(&bin, &draw, (const float(*)[3])planes,
                        bin.info.fs.nr_cf, tib, BPP, NULL);

   static const uint32_t s8[4] = {64, 191, 96, 255};
   static const uint32_t s10[4] = {256, 767, 384, 3};
   static const unsigned bits10[4] = {10, 10, 10, 2};
   for (unsigned p = 0; p < NPIX; ++p) {
      const uint8_t *old = init + p * BPP, *now = tib + p * BPP;
      for (unsigned i = 0; i < 4; ++i) {
         uint32_t want = i == 1 ? old[i] : op(s8[i], old[i]) & 0xff;
         if (now[i] != want)
            fail_msg("pixel %u rt0.%u: %u, expected %u", p, i, now[i], want);
      }
      const float c[4] = {0.25f, 0.75f, 0.375f, 1.0f};
      assert_memory_equal(now + 4, c, 16);
      uint32_t d10, got10;
      memcpy(&d10, old + 20, 4);
      memcpy(&got10, now + 20, 4);
      for (unsigned i = 0, shift = 0; i < 4; shift += bits10[i++]) {
         uint32_t mask = (1u << bits10[i]) - 1;
         uint32_t want = op(s10[i], (d10 >> shift) & mask) & mask;
         uint32_t got = (got10 >> shift) & mask;
         if (got != want)
            fail_msg("pixel %u rt2.%u: %u, expected %u", p, i, got, want);
      }
   }
   ralloc_free(mem);
}

static uint32_t
op_xor(uint32_t s, uint32_t d)
{
   return s ^ d;
}

static uint32_t
op_or_inverted(uint32_t s, uint32_t d)
{
   return ~s | d;
}

static uint32_t
op_clear(uint32_t s, uint32_t d)
{
   (void)s;
   (void)d;
   return 0;
}

static uint32_t
op_copy(uint32_t s, uint32_t d)
{
   (void)d;
   return s;
}

static uint32_t
op_copy_inverted(uint32_t s, uint32_t d)
{
   (void)d;
   return ~s;
}

static void
test_xor(void **state)
{
   (void)state;
   run(LOGICOP_XOR, op_xor);
}

static void
test_or_inverted(void **state)
{
   (void)state;
   run(LOGICOP_OR_INVERTED, op_or_inverted);
}

static void
test_clear(void **state)
{
   (void)state;
   run(LOGICOP_CLEAR, op_clear);
}

static void
test_copy(void **state)
{
   (void)state;
   run(LOGICOP_COPY, op_copy);
}

static void
test_copy_inverted(void **state)
{
   (void)state;
   run(LOGICOP_COPY_INVERTED, op_copy_inverted);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_xor),
      cmocka_unit_test(test_or_inverted),
      cmocka_unit_test(test_clear),
      cmocka_unit_test(test_copy),
      cmocka_unit_test(test_copy_inverted),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
