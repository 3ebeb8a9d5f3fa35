/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture instructions through the hooks, with the default hooks over
 * descriptors packed with src/asahi/genxml.  Expected texels come from
 * how the images were filled: the linear image by its row-major definition
 * (pixel (x, y) at y * stride + 4 x), the twiddled one from a linear copy
 * tiled with ail_tile (a separate path from the element addressing the
 * hook uses).
 */

#include <math.h>

#include "sim_test_util.h"

#include "asahi/genxml/agx_pack.h"
#include "asahi/layout/layout.h"
#include "asahi/sim/asahi_sim_texture.h"

#define LIN_VA 0x10000ull   /* 4x4 rgba8, stride 32 */
#define TABLE_VA 0x20000ull /* ts0 linear, ts1 twiddled, ts2 PBE, ts3 swz */
#define TWID_VA 0x30000ull  /* 8x8 rgba32f, twiddled */
#define OUT_VA 0x40000ull   /* 4x4 rgba8, stride 16 */

struct tex_fixture {
   uint8_t lin[128];
   uint8_t table[4 * 24];
   uint8_t twid[32768];
   uint8_t out[64];
   struct asahi_sim_region regions[4];
   struct asahi_sim_simple_mem mem;
   struct asahi_sim_texture_default tex;
};

static struct tex_fixture fx;

static void
fixture(struct asahi_sim_group *g)
{
   memset(&fx, 0, sizeof(fx));
   for (unsigned y = 0; y < 4; y++) {
      for (unsigned x = 0; x < 4; x++) {
         uint8_t *p = fx.lin + y * 32 + x * 4;
         p[0] = (uint8_t)(x * 60), p[1] = (uint8_t)(y * 60);
         p[2] = 255, p[3] = 51;
      }
   }

   struct AGX_TEXTURE t = {AGX_TEXTURE_header};
   t.dimension = AGX_TEXTURE_DIMENSION_2D;
   t.layout = AGX_LAYOUT_LINEAR;
   t.channels = AGX_CHANNELS_R8G8B8A8;
   t.type = AGX_TEXTURE_TYPE_UNORM;
   t.swizzle_r = AGX_CHANNEL_R, t.swizzle_g = AGX_CHANNEL_G;
   t.swizzle_b = AGX_CHANNEL_B, t.swizzle_a = AGX_CHANNEL_A;
   t.width = 4, t.height = 4;
   t.address = LIN_VA;
   t.stride = 32 - 16; /* Mesa: linear stride in bytes - 16 */
   AGX_TEXTURE_pack(fx.table, &t);

   /* ts3: the same image seen as (b, g, r, 1). */
   t.swizzle_r = AGX_CHANNEL_B, t.swizzle_b = AGX_CHANNEL_R;
   t.swizzle_a = AGX_CHANNEL_1;
   AGX_TEXTURE_pack(fx.table + 72, &t);

   /* The twiddled float image: texel (x, y) = (x, y, x + y, 1). */
   float linear[8][8][4];
   for (unsigned y = 0; y < 8; y++) {
      for (unsigned x = 0; x < 8; x++) {
         linear[y][x][0] = (float)x, linear[y][x][1] = (float)y;
         linear[y][x][2] = (float)(x + y), linear[y][x][3] = 1.0f;
      }
   }
   struct ail_layout l = {
      .width_px = 8,
      .height_px = 8,
      .depth_px = 1,
      .sample_count_sa = 1,
      .levels = 2,
      .tiling = AIL_TILING_TWIDDLED,
      .format = PIPE_FORMAT_R32G32B32A32_FLOAT,
   };
   assert_int_equal(ail_make_miptree(&l), 0);
   assert_true(l.size_B <= sizeof(fx.twid));
   assert_int_equal(
      ail_tile(fx.twid, linear, &l, 0, sizeof(linear[0]), 0, 0, 8, 8), 0);
   /* Level 1 (4x4): (100 + x, 100 + y, 0, 1). */
   float level1[4][4][4];
   for (unsigned y = 0; y < 4; y++) {
      for (unsigned x = 0; x < 4; x++) {
         level1[y][x][0] = 100.0f + x, level1[y][x][1] = 100.0f + y;
         level1[y][x][2] = 0.0f, level1[y][x][3] = 1.0f;
      }
   }
   assert_int_equal(ail_tile(fx.twid + ail_get_level_offset_B(&l, 1), level1,
                             &l, 1, sizeof(level1[0]), 0, 0, 4, 4),
                    0);
   struct AGX_TEXTURE f = {AGX_TEXTURE_header};
   f.last_level = 1;
   f.dimension = AGX_TEXTURE_DIMENSION_2D;
   f.layout = AGX_LAYOUT_TWIDDLED;
   f.channels = AGX_CHANNELS_R32G32B32A32;
   f.type = AGX_TEXTURE_TYPE_FLOAT;
   f.swizzle_r = AGX_CHANNEL_R, f.swizzle_g = AGX_CHANNEL_G;
   f.swizzle_b = AGX_CHANNEL_B, f.swizzle_a = AGX_CHANNEL_A;
   f.width = 8, f.height = 8;
   f.address = TWID_VA;
   AGX_TEXTURE_pack(fx.table + 24, &f);

   struct AGX_PBE p = {AGX_PBE_header};
   p.dimension = AGX_TEXTURE_DIMENSION_2D;
   p.layout = AGX_LAYOUT_LINEAR;
   p.channels = AGX_CHANNELS_R8G8B8A8;
   p.type = AGX_TEXTURE_TYPE_UNORM;
   p.width = 4, p.height = 4;
   p.buffer = OUT_VA;
   p.stride = 16 - 4; /* Mesa: linear PBE stride in bytes - 4 */
   AGX_PBE_pack(fx.table + 48, &p);

   fx.regions[0] = (struct asahi_sim_region){LIN_VA, sizeof(fx.lin), fx.lin, 0};
   fx.regions[1] =
      (struct asahi_sim_region){TABLE_VA, sizeof(fx.table), fx.table, 0};
   fx.regions[2] =
      (struct asahi_sim_region){TWID_VA, sizeof(fx.twid), fx.twid, 0};
   fx.regions[3] = (struct asahi_sim_region){OUT_VA, sizeof(fx.out), fx.out, 1};
   fx.mem.regions = fx.regions;
   fx.mem.nr_regions = 4;
   g->mem.translate = asahi_sim_simple_translate;
   g->mem.user = &fx.mem;
   fx.tex.texture_table = TABLE_VA;
   g->texture = &asahi_sim_texture_default_hooks;
   g->texture_user = &fx.tex;
}

static void
test_sample_linear(void **state)
{
   struct sim_test t;
   sim_test_load(&t, "texture_sample 0, 0b0000, 0b0, none, xyzw, 0b00, "
                     "r0_r1_r2_r3, ts0, ss0, tex_2d, r4_r5, auto_lod, 0\n"
                     "texture_sample 0, 0b0000, 0b0, none, xw, 0b00, "
                     "r8_r9, ts3, ss0, tex_2d, r4_r5, auto_lod, 0\n"
                     "stop\n");
   fixture(t.g);
   t.g->exec = 0xffff;
   for (unsigned l = 0; l < 16; l++) {
      /* Texel centres of pixel (l % 4, l / 4), and one off the edge. */
      t.g->r[4][l] = f32_bits(((l % 4) + 0.5f) / 4);
      t.g->r[5][l] = f32_bits(((l / 4) + 0.5f) / 4);
   }
   t.g->r[4][15] = f32_bits(7.0f);  /* clamps to x = 3 */
   t.g->r[5][15] = f32_bits(-1.0f); /* clamps to y = 0 */
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   for (unsigned l = 0; l < 16; l++) {
      unsigned x = l % 4, y = l == 15 ? 0 : l / 4;
      assert_true(reg_f32(t.g, 0, l) == (float)(x * 60 / 255.0));
      assert_true(reg_f32(t.g, 1, l) == (float)(y * 60 / 255.0));
      assert_true(reg_f32(t.g, 2, l) == 1.0f);
      assert_true(reg_f32(t.g, 3, l) == 0.2f);
      /* Swizzled (b, g, r, 1), components x and w. */
      assert_true(reg_f32(t.g, 8, l) == 1.0f);
      assert_true(reg_f32(t.g, 9, l) == 1.0f);
   }
   assert_int_equal(t.g->r[0][16], 0); /* inactive */
   sim_test_free(&t);
}

/* A normal or zero f16 (enough for small integers). */
static float
small_f16(uint32_t h)
{
   if (!(h & 0x7fff))
      return 0.0f;
   return ldexpf(1.0f + (h & 0x3ff) / 1024.0f, (int)((h >> 10) & 0x1f) - 15);
}

static void
test_load_twiddled(void **state)
{
   struct sim_test t;
   sim_test_load(&t, "texture_load 0, 0b0000, 0b0, none, xz, 0b00, "
                     "r0l_r0h, ts1, ss0, tex_2d, r4_r5, auto_lod, 0\n"
                     "texture_load 0, 0b0000, 0b0, none, xyzw, 0b00, "
                     "r8_r9_r10_r11, u0_u1, r6, ss0, tex_2d, r4_r5, "
                     "auto_lod, 0\n"
                     "stop\n");
   fixture(t.g);
   t.g->u[0] = (uint32_t)TABLE_VA;
   t.g->u[1] = 0;
   for (unsigned l = 0; l < 32; l++) {
      t.g->r[4][l] = l % 8;
      t.g->r[5][l] = l / 8;
      t.g->r[6][l] = 24; /* bindless: byte offset of ts1's descriptor */
   }
   t.g->r[4][31] = 8; /* outside: reads zero */
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   for (unsigned l = 0; l < 31; l++) {
      unsigned x = l % 8, y = l / 8;
      /* 16-bit destination: x and x + y as f16 (small integers). */
      assert_true(small_f16(t.g->r[0][l] & 0xffff) == (float)x);
      assert_true(small_f16(t.g->r[0][l] >> 16) == (float)(x + y));
      assert_true(reg_f32(t.g, 8, l) == (float)x);
      assert_true(reg_f32(t.g, 9, l) == (float)y);
      assert_true(reg_f32(t.g, 10, l) == (float)(x + y));
      assert_true(reg_f32(t.g, 11, l) == 1.0f);
   }
   /* (7, 2): x + y = 9 = 0x4880 in f16. */
   assert_int_equal(t.g->r[0][23] >> 16, 0x4880);
   assert_true(reg_f32(t.g, 8, 31) == 0.0f && reg_f32(t.g, 11, 31) == 0.0f);
   sim_test_free(&t);
}

static void
test_explicit_lod(void **state)
{
   struct sim_test t;
   sim_test_load(&t, "texture_load 0, 0b0000, 0b0, none, xy, 0b00, "
                     "r0_r1, ts1, ss0, tex_2d, r4_r5, lod_min, r7l\n"
                     "texture_sample 0, 0b0000, 0b0, none, xy, 0b00, "
                     "r8_r9, ts1, ss0, tex_2d, r10_r11, lod_min, r12l\n"
                     "stop\n");
   fixture(t.g);
   t.g->exec = 0xffff;
   for (unsigned l = 0; l < 16; l++) {
      t.g->r[4][l] = l % 4;
      t.g->r[5][l] = l / 4;
      t.g->r[7][l] = 1; /* level 1 */
      t.g->r[10][l] = f32_bits(((l % 4) + 0.5f) / 4);
      t.g->r[11][l] = f32_bits(((l / 4) + 0.5f) / 4);
      /* An f16 LOD: 0.6 (0x38cd) rounds to level 1; 9 (0x4880) clamps
       * to the last level, 1. */
      t.g->r[12][l] = l == 3 ? 0x4880 : 0x38cd;
   }
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   for (unsigned l = 0; l < 16; l++) {
      assert_true(reg_f32(t.g, 0, l) == 100.0f + l % 4);
      assert_true(reg_f32(t.g, 1, l) == 100.0f + l / 4);
      assert_true(reg_f32(t.g, 8, l) == 100.0f + l % 4);
      assert_true(reg_f32(t.g, 9, l) == 100.0f + l / 4);
   }
   sim_test_free(&t);
}

static void
test_image_write(void **state)
{
   struct sim_test t;
   sim_test_load(&t, "image_write r0_r1_r2_r3, r4_r5, 0, ts2, tex_2d, rte, "
                     "0, 0, 0, 0\n"
                     "stop\n");
   fixture(t.g);
   t.g->exec = 0xffff;
   for (unsigned l = 0; l < 16; l++) {
      t.g->r[0][l] = f32_bits(0.5f);
      t.g->r[1][l] = f32_bits(l == 5 ? 2.0f : 1.0f); /* clamps */
      t.g->r[2][l] = f32_bits(0.0f);
      t.g->r[3][l] = f32_bits(0.25f);
      t.g->r[4][l] = l % 4;
      t.g->r[5][l] = l / 4;
   }
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   /* unorm8: round(127.5) = 128, 255, 0, round(63.75) = 64; row stride 16. */
   for (unsigned i = 0; i < 16; i++)
      assert_memory_equal(fx.out + (i / 4) * 16 + (i % 4) * 4,
                          "\x80\xff\x00\x40", 4);
   sim_test_free(&t);
}

static void
test_texture_errors(void **state)
{
   struct sim_test t;
   sim_test_load(&t, "texture_sample 0, 0b0000, 0b0, none, xyzw, 0b00, "
                     "r0_r1_r2_r3, ts0, ss0, tex_2d, r4_r5, auto_lod, 0\n"
                     "stop\n");
   /* No hook. */
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_ERR_EXEC);
   assert_non_null(strstr(t.g->error, "without a texture hook"));

   /* A descriptor the default cannot handle: rgba16. */
   fixture(t.g);
   struct AGX_TEXTURE d;
   AGX_TEXTURE_unpack(NULL, fx.table, &d);
   d.channels = AGX_CHANNELS_R16G16B16A16;
   AGX_TEXTURE_pack(fx.table, &d);
   asahi_sim_set_code(t.g, t.code, t.size, 0);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_ERR_UNSUPPORTED);
   assert_non_null(strstr(t.g->error, "channels"));

   /* The descriptor in unmapped memory: a GPU fault from the texture
    * unit. */
   fx.tex.texture_table = 0x900000;
   asahi_sim_set_code(t.g, t.code, t.size, 0);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_FAULT);
   assert_int_equal(t.g->fault.unit, ASAHI_SIM_UNIT_TEXTURE);
   assert_int_equal(t.g->fault.addr, 0x900000);

   /* No table and no state store: an error naming the slot. */
   fx.tex.texture_table = 0;
   asahi_sim_set_code(t.g, t.code, t.size, 0);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_ERR_EXEC);
   assert_non_null(strstr(t.g->error, "no descriptor for ts0"));
   sim_test_free(&t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sample_linear),
      cmocka_unit_test(test_load_twiddled),
      cmocka_unit_test(test_explicit_lod),
      cmocka_unit_test(test_image_write),
      cmocka_unit_test(test_texture_errors),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
