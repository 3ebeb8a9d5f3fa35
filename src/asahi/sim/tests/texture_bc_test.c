/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Block-compressed images through the command executor's texture unit
 * (asahi_sim_sampler.c): texture_load of a
 * twiddled 8x4 image of two 4x4 blocks (one element each), as BC7 and as
 * sRGB BC1.  The blocks are those of src/util/format/tests (whose texels
 * are worked out by hand there); the image is tiled with ail_tile from its
 * row of blocks, a separate path from the element addressing the texture
 * unit uses.
 */

#include <math.h>

#include "sim_test_texture.h"
#include "sim_test_util.h"

#include "asahi/genxml/agx_pack.h"
#include "asahi/layout/layout.h"
#include "asahi/sim/asahi_sim_texture.h"

#define DESC_VA 0x20000ull /* ts0 BC7 at +0, ts1 BC1 sRGB at +32, ss0 +64 */
#define BC7_VA 0x30000ull
#define BC1_VA 0x40000ull

/* BC7 mode 6: texel 0 (0, 128, 254, 254), texel 5 (84, 128, 171, 254),
 * texel 15 (255, 129, 1, 255). */
static const uint8_t bc7_mode6[16] = {0x40, 0xc0, 0x1f, 0x08, 0xfc, 0x03,
                                      0xfe, 0x7f, 0x11, 0x32, 0x54, 0x76,
                                      0x98, 0xba, 0xdc, 0xfe};
/* BC7 mode 1, partition 13: texel 0 (255, 2, 2, 255), texel 15 (0, 75,
 * 0, 255). */
static const uint8_t bc7_mode1[16] = {0x36, 0x3f, 0x00, 0x00, 0x00, 0x00,
                                      0x02, 0x00, 0x00, 0x00, 0x41, 0x00,
                                      0x00, 0x00, 0x00, 0xc0};
/* BC1, red > blue: row 0 is red, blue, (170, 0, 85), (85, 0, 170); the
 * other rows red.  The second block: blue <= red, codes 3 (black, alpha 0
 * in BC1's punch-through) in row 0. */
static const uint8_t bc1_four[8] = {0x00, 0xf8, 0x1f, 0x00, 0xe4, 0, 0, 0};
static const uint8_t bc1_three[8] = {0x1f, 0x00, 0x00, 0xf8, 0xff, 0, 0, 0};

struct bc_fixture {
   uint8_t desc[128];
   uint8_t bc7[4096];
   uint8_t bc1[4096];
   struct asahi_sim_region regions[3];
   struct asahi_sim_simple_mem mem;
};

static struct bc_fixture fx;

static void
make_image(enum pipe_format format, enum agx_channels channels, bool srgb,
           const uint8_t *row, unsigned row_B, uint8_t *mem, uint64_t va,
           uint8_t *desc)
{
   struct ail_layout l = {
      .width_px = 8,
      .height_px = 4,
      .depth_px = 1,
      .sample_count_sa = 1,
      .levels = 1,
      .tiling = AIL_TILING_TWIDDLED,
      .format = format,
   };
   assert_int_equal(ail_make_miptree(&l), 0);
   assert_true(l.size_B <= 4096);
   assert_int_equal(ail_tile(mem, row, &l, 0, row_B, 0, 0, 8, 4), 0);

   struct AGX_TEXTURE cfg = sim_test_texture(
      AGX_TEXTURE_DIMENSION_2D, channels, AGX_TEXTURE_TYPE_UNORM, 8, 4, va);
   cfg.srgb = srgb;
   AGX_TEXTURE_pack(desc, &cfg);
}

/* The command executor's texture unit (asahi_sim_texture_unit_hooks). */
static void
fixture(struct asahi_sim_group *g)
{
   uint8_t row7[32], row1[16];

   memset(&fx, 0, sizeof(fx));
   memcpy(row7, bc7_mode6, 16);
   memcpy(row7 + 16, bc7_mode1, 16);
   memcpy(row1, bc1_four, 8);
   memcpy(row1 + 8, bc1_three, 8);
   make_image(PIPE_FORMAT_BPTC_RGBA_UNORM, AGX_CHANNELS_BC7, false, row7,
              sizeof(row7), fx.bc7, BC7_VA, fx.desc);
   make_image(PIPE_FORMAT_DXT1_SRGBA, AGX_CHANNELS_BC1, true, row1,
              sizeof(row1), fx.bc1, BC1_VA, fx.desc + 32);
   agx_pack(fx.desc + 64, SAMPLER, cfg) {
      cfg.mag_filter = AGX_FILTER_NEAREST;
      cfg.min_filter = AGX_FILTER_NEAREST;
      cfg.mip_filter = AGX_MIP_FILTER_NEAREST;
   }

   fx.regions[0] =
      (struct asahi_sim_region){DESC_VA, sizeof(fx.desc), fx.desc, 0};
   fx.regions[1] = (struct asahi_sim_region){BC7_VA, sizeof(fx.bc7), fx.bc7, 0};
   fx.regions[2] = (struct asahi_sim_region){BC1_VA, sizeof(fx.bc1), fx.bc1, 0};
   fx.mem.regions = fx.regions;
   fx.mem.nr_regions = 3;
   g->mem.translate = asahi_sim_simple_translate;
   g->mem.user = &fx.mem;
   g->texture = &asahi_sim_texture_unit_hooks;
   g->texture_state[0] = (struct asahi_sim_state_slot){true, DESC_VA, 0};
   g->texture_state[1] = (struct asahi_sim_state_slot){true, DESC_VA, 32};
   g->sampler_state[0] = (struct asahi_sim_state_slot){true, DESC_VA, 64};
}

/* Loads texel (l % 8, l / 8 % 4) of texture state ts in every lane l. */
static void
load_all(struct sim_test *t, unsigned ts)
{
   char src[256];
   snprintf(src, sizeof(src),
            "texture_load 0, 0b0000, 0b0, none, xyzw, 0b00, "
            "r8_r9_r10_r11, ts%u, ss0, tex_2d, r4_r5, auto_lod, 0\n"
            "stop\n",
            ts);
   sim_test_load(t, src);
   fixture(t->g);
   for (unsigned l = 0; l < 32; l++) {
      t->g->r[4][l] = l % 8;
      t->g->r[5][l] = (l / 8) % 4;
   }
   enum asahi_sim_status st = asahi_sim_run(t->g);
   if (st != ASAHI_SIM_STOPPED)
      fprintf(stderr, "simulator: %s\n", t->g->error);
   assert_int_equal(st, ASAHI_SIM_STOPPED);
}

static void
expect_unorm8(const struct asahi_sim_group *g, unsigned lane, int r, int gr,
              int b, int a)
{
   const int want[4] = {r, gr, b, a};
   for (unsigned c = 0; c < 4; c++)
      assert_float_equal(reg_f32(g, 8 + c, lane), want[c] / 255.0f, 1e-6);
}

static void
test_bc7(void **state)
{
   (void)state;
   struct sim_test t;
   load_all(&t, 0);
   expect_unorm8(t.g, 0, 0, 128, 254, 254);     /* block 0, texel 0 */
   expect_unorm8(t.g, 9, 84, 128, 171, 254);    /* (1, 1): texel 5 */
   expect_unorm8(t.g, 27, 255, 129, 1, 255);    /* (3, 3): texel 15 */
   expect_unorm8(t.g, 4, 255, 2, 2, 255);       /* block 1, texel 0 */
   expect_unorm8(t.g, 31, 0, 75, 0, 255);       /* (7, 3): texel 15 */
   sim_test_free(&t);
}

/* sRGB BC1: the block's 8-bit values, then the sRGB decode (alpha
 * linear); the punch-through black reads (0, 0, 0, 0). */
static void
test_bc1_srgb(void **state)
{
   (void)state;
   struct sim_test t;
   load_all(&t, 1);
   const float c170 = (float)pow((170 / 255.0 + 0.055) / 1.055, 2.4);
   const float c85 = (float)pow((85 / 255.0 + 0.055) / 1.055, 2.4);
   const float want[4][4] = {
      {1, 0, 0, 1}, {0, 0, 1, 1}, {c170, 0, c85, 1}, {c85, 0, c170, 1}};
   for (unsigned x = 0; x < 4; x++) {
      for (unsigned c = 0; c < 4; c++)
         assert_float_equal(reg_f32(t.g, 8 + c, x), want[x][c], 1e-5);
   }
   for (unsigned c = 0; c < 4; c++) {
      assert_float_equal(reg_f32(t.g, 8 + c, 4), 0.0f, 0);  /* black */
      assert_float_equal(reg_f32(t.g, 8 + c, 12), c == 2 || c == 3, 0);
   }
   sim_test_free(&t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bc7),
      cmocka_unit_test(test_bc1_srgb),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
