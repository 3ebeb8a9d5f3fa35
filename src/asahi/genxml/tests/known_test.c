/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Encodings worked out by hand from the hardware facts
 * (Mesa src/asahi/genxml/cmdbuf.xml
 * and agx_state.c in alexvorxx/Mesa-VirGL for the bit positions), checked
 * against the generated packers and unpackers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "agx_pack.h"

static uint32_t
word(const void *p, unsigned i)
{
   const uint8_t *b = (const uint8_t *)p + 4 * i;
   return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
          (uint32_t)b[3] << 24;
}

static void
test_stream_terminate(void **state)
{
   /* The driver ends a VDM stream with 00 00 00 c0 and zero padding. */
   uint8_t expect[32] = {0, 0, 0, 0xc0};
   uint8_t p[AGX_VDM_STREAM_TERMINATE_LENGTH];
   agx_pack(p, VDM_STREAM_TERMINATE, cfg) {
   }
   assert_int_equal(sizeof(p), 32);
   assert_memory_equal(p, expect, 32);

   agx_unpack(NULL, expect, VDM_STREAM_TERMINATE, t);
   assert_int_equal(t.block_type, AGX_VDM_BLOCK_TYPE_STREAM_TERMINATE);

   /* CDM terminate: block type 2 in bits 29-31, 8 bytes. */
   uint8_t c[8];
   agx_pack(c, CDM_STREAM_TERMINATE, cfg) {
   }
   assert_int_equal(word(c, 0), 0x40000000);
   assert_int_equal(word(c, 1), 0);
}

static void
test_counts(void **state)
{
   /* 128 uniform halves = 2 groups of 64 (bits 1-3), 8 texture states = 1
    * group (bits 4-8), "8 compact" samplers = 2 (bits 9-11), 16 preshader
    * registers = 1 group (bits 12-15), 3 CF bindings (bits 16-22). */
   uint32_t known = 2 << 1 | 1 << 4 | 2 << 9 | 1 << 12 | 3 << 16;
   assert_int_equal(known, 0x31414);

   uint32_t p;
   agx_pack(&p, COUNTS, cfg) {
      cfg.uniforms = 128;
      cfg.texture_states = 8;
      cfg.sampler_states = AGX_SAMPLER_STATES_8_COMPACT;
      cfg.preshader_gprs = 16;
      cfg.cf_bindings = 3;
   }
   assert_int_equal(word(&p, 0), known);

   agx_unpack(NULL, &known, COUNTS, c);
   assert_int_equal(c.uniforms, 128);
   assert_int_equal(c.texture_states, 8);
   assert_int_equal(c.sampler_states, AGX_SAMPLER_STATES_8_COMPACT);
   assert_int_equal(c.preshader_gprs, 16);
   assert_int_equal(c.cf_bindings, 3);

   /* Background programs set 0xffff in the upper half (fragment only). */
   uint32_t bg = 0xffff0000u;
   agx_unpack(NULL, &bg, COUNTS, b);
   assert_int_equal(b.unknown, 0xffff);
   /* A zero field means "all": 8 groups of 64 uniforms. */
   assert_int_equal(b.uniforms, 512);
}

static void
test_stream_link(void **state)
{
   /* Call 0x12_3456_7880: target bits 32-39 in bits 0-7, with-return in
    * bit 28, block type 4 in 29-31, target bits 0-31 in the second word. */
   uint8_t p[8];
   agx_pack(p, VDM_STREAM_LINK, cfg) {
      cfg.target_hi = 0x12;
      cfg.target_lo = 0x34567880;
      cfg.with_return = true;
   }
   assert_int_equal(word(p, 0), 0x90000012);
   assert_int_equal(word(p, 1), 0x34567880);

   /* The per-batch VDM barrier: USC cache invalidate (bit 3), type 1. */
   agx_pack(p, VDM_BARRIER, cfg) {
      cfg.usc_cache_inval = true;
   }
   assert_int_equal(word(p, 0), 0x20000008);
}

static void
test_ppp_header(void **state)
{
   /* The once-per-batch PPP update carries W clamp (bit 16), occlusion
    * query 2 (25), output unknown (26) and varying word 2 (28). */
   uint32_t p;
   agx_pack(&p, PPP_HEADER, cfg) {
      cfg.w_clamp = true;
      cfg.occlusion_query_2 = true;
      cfg.output_unknown = true;
      cfg.varying_word_2 = true;
   }
   assert_int_equal(word(&p, 0), 0x16010000);

   /* Viewport count is stored minus one in bits 12-15. */
   uint32_t v = 1 << 11 | 3 << 12;
   agx_unpack(NULL, &v, PPP_HEADER, h);
   assert_true(h.viewport);
   assert_int_equal(h.viewport_count, 4);

   /* Bit 9 is covered by no field: unpack reports it. */
   uint32_t bad = 1 << 9;
   struct AGX_PPP_HEADER hb;
   assert_false(AGX_PPP_HEADER_unpack(NULL, &bad, &hb));
}

static void
test_usc_words(void **state)
{
   uint8_t p[8];
   agx_pack(p, USC_NO_PRESHADER, cfg) {
   }
   assert_int_equal(p[0], 0x88);
   assert_int_equal(p[1], 0x00);

   /* Uniform: tag 0x1d, start (halves) in 8-15, size in 20-25, buffer >> 2
    * in bits 26-63. */
   uint64_t buffer = 0x1234567800ull;
   agx_pack(p, USC_UNIFORM, cfg) {
      cfg.start = 4;
      cfg.size = 8;
      cfg.buffer = buffer;
   }
   uint64_t expect = 0x1d | 4 << 8 | 8 << 20 | (buffer >> 2) << 26;
   assert_int_equal(word(p, 0), (uint32_t)expect);
   assert_int_equal(word(p, 1), (uint32_t)(expect >> 32));

   /* 64 halves is stored as 0. */
   agx_pack(p, USC_UNIFORM, cfg) {
      cfg.size = 64;
   }
   assert_int_equal((word(p, 0) >> 20) & 0x3f, 0);

   /* Shader: tag 0x0d, unknown 10-15 = 3 by default, code offset at 16. */
   agx_pack(p, USC_SHADER, cfg) {
      cfg.code = 0xabcd0040;
   }
   assert_int_equal(word(p, 0), 0x0040 << 16 | 3 << 10 | 0x0d);
   assert_int_equal(p[4] | p[5] << 8, 0xabcd);
   assert_int_equal(AGX_USC_SHADER_LENGTH, 6);
}

static void
test_index_list(void **state)
{
   /* An indexed u16 triangle draw with count, instances, start and size. */
   uint32_t p;
   agx_pack(&p, INDEX_LIST, cfg) {
      cfg.index_buffer_hi = 0x15;
      cfg.primitive = AGX_PRIMITIVE_TRIANGLES;
      cfg.index_size = AGX_INDEX_SIZE_U16;
      cfg.index_buffer_present = true;
      cfg.index_count_present = true;
      cfg.instance_count_present = true;
      cfg.start_present = true;
      cfg.index_buffer_size_present = true;
   }
   uint32_t expect = 0x15 | 6 << 8 | 1 << 17 | 1 << 20 | 1 << 21 | 1 << 22 |
                     1 << 23 | 1 << 24 | 3u << 29;
   assert_int_equal(word(&p, 0), expect);
}

static void
test_sampler_and_float(void **state)
{
   /* Default sampler: max LOD 14.0 = 896 in 4.6 fixed point (bits 10-19). */
   uint8_t s[8];
   agx_pack(s, SAMPLER, cfg) {
   }
   assert_int_equal(word(s, 0), 896 << 10);
   assert_int_equal(word(s, 1), 0);

   /* W clamp 1e-10 is the IEEE single 0x2edbe6ff. */
   uint32_t w;
   agx_pack(&w, W_CLAMP, cfg) {
      cfg.min_w = 1e-10f;
   }
   assert_int_equal(word(&w, 0), 0x2edbe6ff);

   /* Depth bias is 12 bytes, unpadded. */
   assert_int_equal(AGX_DEPTH_BIAS_LENGTH, 12);
}

static void
test_texture(void **state)
{
   /* 2D RGBA8 unorm 1024x512 twiddled at 0x4000, identity swizzle. */
   uint8_t t[AGX_TEXTURE_LENGTH];
   agx_pack(t, TEXTURE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_TWIDDLED;
      cfg.channels = AGX_CHANNELS_R8G8B8A8;
      cfg.swizzle_g = AGX_CHANNEL_G;
      cfg.swizzle_b = AGX_CHANNEL_B;
      cfg.swizzle_a = AGX_CHANNEL_A;
      cfg.width = 1024;
      cfg.height = 512;
      cfg.address = 0x4000;
   }
   /* word 0: dim 2 | layout 2 << 4 | channels 0x28 << 6 | swizzles 0,1,2,3
    * at 16,19,22,25 | (width-1) low 4 bits at 28 */
   uint32_t w0 = 2 | 2 << 4 | 0x28 << 6 | 1 << 19 | 2 << 22 | 3 << 25 |
                 (1023u & 0xf) << 28;
   /* word 1: (width-1) >> 4 | (height-1) << 10 */
   uint32_t w1 = 1023 >> 4 | 511 << 10;
   /* word 2: address >> 4 at bit 66 = word 2 bit 2 */
   uint32_t w2 = (0x4000 >> 4) << 2;
   assert_int_equal(word(t, 0), w0);
   assert_int_equal(word(t, 1), w1);
   assert_int_equal(word(t, 2), w2);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_stream_terminate),
      cmocka_unit_test(test_counts),
      cmocka_unit_test(test_stream_link),
      cmocka_unit_test(test_ppp_header),
      cmocka_unit_test(test_usc_words),
      cmocka_unit_test(test_index_list),
      cmocka_unit_test(test_sampler_and_float),
      cmocka_unit_test(test_texture),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
