/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Background and end-of-tile programs: the machine code disassembles to
 * the instructions the bindings promise (clear colour from uniform halves
 * 4 + 8 * rt, st_tile at the render target's byte offset for all samples,
 * image_write_block through the PBE at texture state rt).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "util/ralloc.h"
#include "agx_bg_eot.h"
#include "agx_isa.h"

/* Disassemble into lines joined by ';'. */
static void
disasm(const struct agx_bg_eot_program *p, char *out, size_t size)
{
   out[0] = '\0';
   size_t at = 0;
   while (at < p->size_B) {
      char line[160];
      int n =
         agx_isa_disasm_one(p->code + at, p->size_B - at, line, sizeof(line));
      assert_true(n > 0);
      if (out[0])
         strncat(out, ";", size - strlen(out) - 1);
      strncat(out, line, size - strlen(out) - 1);
      at += n;
   }
}

static void
clear_two_targets(void **state)
{
   void *ctx = ralloc_context(NULL);
   struct agx_bg_eot_key key = {0};
   enum pipe_format f[] = {PIPE_FORMAT_R8G8B8A8_UNORM,
                           PIPE_FORMAT_R16G16B16A16_FLOAT};
   assert_true(agx_tilebuffer_layout(&key.tib, f, 2, 1));
   key.op[0] = AGX_BG_CLEAR;
   key.op[1] = AGX_BG_CLEAR;

   struct agx_bg_eot_program p;
   char err[128];
   assert_int_equal(agx_build_bg_eot(&key, ctx, &p, err, sizeof(err)), 0);

   char text[2048];
   disasm(&p, text, sizeof(text));
   /* rt0: halves 4..11 = u2..u5, 32-bit, offset 0.  rt1: halves 12..15
    * as 16-bit (f16 tilebuffer), offset 8 (8-byte slot aligned to 8).
    */
   assert_string_equal(text,
                       "mov r0, u2;mov r1, u3;mov r2, u4;mov r3, u5;"
                       "st_tile r0_r1_r2_r3, u8norm, 0, xyzw, 0, 255, 0;"
                       "mov r0l, u6l;mov r0h, u6h;mov r1l, u7l;mov r1h, u7h;"
                       "st_tile r0l_r0h_r1l_r1h, f16, 0, xyzw, 8, 255, 0;stop");
   assert_int_equal(p.nr_uniforms, 4 + 8 + 8);
   assert_int_equal(p.nr_textures, 0);
   ralloc_free(ctx);
}

static void
store_skips_holes(void **state)
{
   void *ctx = ralloc_context(NULL);
   struct agx_bg_eot_key key = {0};
   enum pipe_format f[] = {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_NONE,
                           PIPE_FORMAT_R16G16B16A16_FLOAT};
   assert_true(agx_tilebuffer_layout(&key.tib, f, 3, 1));
   key.op[0] = AGX_EOT_STORE;
   key.op[2] = AGX_EOT_STORE;

   struct agx_bg_eot_program p;
   char err[128];
   assert_int_equal(agx_build_bg_eot(&key, ctx, &p, err, sizeof(err)), 0);

   char text[2048];
   disasm(&p, text, sizeof(text));
   /* f16 is stored with the i16 block format */
   assert_string_equal(
      text, "mov_imm r0l, 0;"
            "image_write_block r0l, r0_r1, 0, ts0, tex_2d, rte, u8norm, 0, "
            "9, 1;"
            "mov_imm r0l, 8;"
            "image_write_block r0l, r0_r1, 0, ts2, tex_2d, rte, i16, 0, 9, "
            "1;stop");
   assert_int_equal(p.nr_textures, 3);
   ralloc_free(ctx);
}

/* Reloading a 4x R8 target: one fetch per sample from the 2D MS texture
 * (the sample index in r6l after the x and y words), each stored to its
 * sample only with the format's one component. */
static void
load_msaa_one_channel(void **state)
{
   void *ctx = ralloc_context(NULL);
   struct agx_bg_eot_key key = {0};
   enum pipe_format f[] = {PIPE_FORMAT_R8_UNORM};
   assert_true(agx_tilebuffer_layout(&key.tib, f, 1, 4));
   key.op[0] = AGX_BG_LOAD;

   struct agx_bg_eot_program p;
   char err[128];
   if (agx_build_bg_eot(&key, ctx, &p, err, sizeof(err)))
      fail_msg("%s", err);

   char text[4096];
   disasm(&p, text, sizeof(text));
   for (unsigned s = 0; s < 4; ++s) {
      char want[256];
      snprintf(want, sizeof(want),
               "mov_imm r6l, %u;texture_load 0, 0b1100, 0b0, none, xyzw, "
               "0b00, r0_r1_r2_r3, ts0, ss0, tex_2d_ms, r4l_r4h_r5l_r5h_r6l, "
               "auto_lod, 0;wait 0;st_tile r0, u8norm, 0, x, 0, %u, 0",
               s, 1u << s);
      if (!strstr(text, want))
         fail_msg("sample %u: no \"%s\" in \"%s\"", s, want, text);
   }
   ralloc_free(ctx);
}

/* A resolve into RGBA8: fetch all four samples, sum, scale by 1/4, one
 * store of the average to every sample of the (single-sampled) pixel;
 * formats with 16-bit tilebuffer values are refused. */
static void
resolve_rgba8(void **state)
{
   void *ctx = ralloc_context(NULL);
   struct agx_bg_eot_key key = {0};
   enum pipe_format f[] = {PIPE_FORMAT_R8G8B8A8_UNORM};
   assert_true(agx_tilebuffer_layout(&key.tib, f, 1, 1));
   key.op[0] = AGX_BG_RESOLVE;
   key.resolve_samples[0] = 4;

   struct agx_bg_eot_program p;
   char err[128];
   if (agx_build_bg_eot(&key, ctx, &p, err, sizeof(err)))
      fail_msg("%s", err);
   assert_true(p.uses_sampler);
   assert_int_equal(p.nr_textures, 1);

   char text[8192];
   disasm(&p, text, sizeof(text));
   for (unsigned s = 0; s < 4; ++s) {
      char want[256];
      snprintf(want, sizeof(want),
               "mov_imm r6l, %u;texture_load 0, 0b1100, 0b0, none, xyzw, "
               "0b00, %s, ts0, ss0, tex_2d_ms, r4l_r4h_r5l_r5h_r6l, "
               "auto_lod, 0;wait 0",
               s, s ? "r8_r9_r10_r11" : "r0_r1_r2_r3");
      if (!strstr(text, want))
         fail_msg("sample %u: no \"%s\" in \"%s\"", s, want, text);
   }
   assert_non_null(strstr(text, "fadd32 r3, r3, r11"));
   assert_non_null(strstr(text, "fmul32 r3, r3, 0.25;"
                                "st_tile r0_r1_r2_r3, u8norm, 0, xyzw, 0, "
                                "255, 0;stop"));

   enum pipe_format h[] = {PIPE_FORMAT_R16G16B16A16_FLOAT};
   assert_true(agx_tilebuffer_layout(&key.tib, h, 1, 1));
   assert_false(agx_bg_can_resolve(PIPE_FORMAT_R16G16B16A16_FLOAT));
   assert_int_not_equal(agx_build_bg_eot(&key, ctx, &p, err, sizeof(err)), 0);
   ralloc_free(ctx);
}

/* Integer clear colours are clamped to the channels' ranges (R8I takes
 * INT_MAX as 127 and INT_MIN as -128, RGBA16I in 16-bit tilebuffer
 * halves as 0x7fff / 0x8000, R8UI 0x100 as 255); values in range and
 * 32-bit channels are kept. */
static void
clear_colour_integer_clamp(void **state)
{
   struct agx_tilebuffer_layout tib;
   enum pipe_format f[] = {PIPE_FORMAT_R8G8B8A8_SINT,
                           PIPE_FORMAT_R16G16B16A16_SINT,
                           PIPE_FORMAT_R8G8B8A8_UINT,
                           PIPE_FORMAT_R32G32B32A32_SINT};
   assert_true(agx_tilebuffer_layout(&tib, f, 4, 1));
   const uint32_t colour[4] = {0x7fffffffu, 0x80000000u, 0xffffff9cu, 5};
   uint32_t out[4];

   agx_pack_clear_colour(&tib, 0, colour, out);
   assert_int_equal(out[0], 127);
   assert_int_equal(out[1], 0xffffff80u); /* -128 */
   assert_int_equal(out[2], 0xffffff9cu); /* -100 */
   assert_int_equal(out[3], 5);

   agx_pack_clear_colour(&tib, 1, colour, out);
   const uint16_t *h = (const uint16_t *)out;
   assert_int_equal(h[0], 0x7fff);
   assert_int_equal(h[1], 0x8000);
   assert_int_equal(h[2], 0xff9c);
   assert_int_equal(h[3], 5);

   const uint32_t u[4] = {0x100, 0xffffffffu, 200, 0};
   agx_pack_clear_colour(&tib, 2, u, out);
   assert_int_equal(out[0], 255);
   assert_int_equal(out[1], 255);
   assert_int_equal(out[2], 200);
   assert_int_equal(out[3], 0);

   agx_pack_clear_colour(&tib, 3, colour, out);
   assert_memory_equal(out, colour, sizeof(out));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(clear_two_targets),
      cmocka_unit_test(store_skips_holes),
      cmocka_unit_test(load_msaa_one_channel),
      cmocka_unit_test(resolve_rgba8),
      cmocka_unit_test(clear_colour_integer_clamp),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
