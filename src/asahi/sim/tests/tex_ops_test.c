/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The command executor's texture unit through texture_sample and
 * texture_load, for the operations beyond a plain lookup, with texels
 * worked out by hand from the descriptor rules:
 *  - 2D array and cube array layers: an integer in the 16-bit half after
 *    the 32-bit coordinates (applegpu CoordsDesc), cube arrays counting
 *    cubes of 6 faces, a layer past the end clamped (the simulator's
 *    choice);
 *  - depth compare: the reference in the compare/offset operand, the
 *    sampler's compare function, before filtering (GL 4.6 8.23.1);
 *  - gathers: the chosen channel of the 2x2 footprint in GL's order
 *    (i0,j1), (i1,j1), (i1,j0), (i0,j0) (GL 4.6 8.14.2);
 *  - texel offsets: 4-bit two's complement per axis, in texels.
 */

#include <math.h>

#include "sim_test_texture.h"
#include "sim_test_util.h"

#include "asahi/genxml/agx_pack.h"
#include "asahi/layout/layout.h"
#include "asahi/sim/asahi_sim_texture.h"

#define IMG_VA  0x10000ull
#define DESC_VA 0x80000ull

static uint8_t img_mem[64 << 10];
static uint8_t desc_mem[256];

struct fixture {
   struct asahi_sim_region regions[2];
   struct asahi_sim_simple_mem mem;
};

static void
bind(struct asahi_sim_group *g, struct fixture *fx, bool linear,
     bool compare, enum agx_compare_func func)
{
   fx->regions[0] =
      (struct asahi_sim_region){IMG_VA, sizeof(img_mem), img_mem, true};
   fx->regions[1] =
      (struct asahi_sim_region){DESC_VA, sizeof(desc_mem), desc_mem, true};
   fx->mem = (struct asahi_sim_simple_mem){fx->regions, 2};
   g->mem.translate = asahi_sim_simple_translate;
   g->mem.user = &fx->mem;
   g->texture = &asahi_sim_texture_unit_hooks;
   g->texture_state[0] = (struct asahi_sim_state_slot){true, DESC_VA, 0};
   g->sampler_state[0] = (struct asahi_sim_state_slot){true, DESC_VA, 64};
   agx_pack(desc_mem + 64, SAMPLER, cfg) {
      cfg.mag_filter = linear ? AGX_FILTER_LINEAR : AGX_FILTER_NEAREST;
      cfg.min_filter = linear ? AGX_FILTER_LINEAR : AGX_FILTER_NEAREST;
      cfg.mip_filter = AGX_MIP_FILTER_NONE;
      cfg.wrap_s = AGX_WRAP_CLAMP_TO_EDGE;
      cfg.wrap_t = AGX_WRAP_CLAMP_TO_EDGE;
      cfg.compare_enable = compare;
      cfg.compare_func = func;
   }
}

/* A twiddled RGBA8 image of w x h x layers (cube: layers a multiple of
 * 6) whose texel (x, y) of layer z is texel_of(x, y, z). */
static void
make_image(unsigned w, unsigned h, unsigned layers, bool cube,
           enum agx_texture_dimension dim, unsigned depth_field,
           void (*texel_of)(unsigned, unsigned, unsigned, uint8_t[4]))
{
   struct ail_layout l = {
      .width_px = w, .height_px = h, .depth_px = layers,
      .sample_count_sa = 1, .levels = 1, .cube = cube,
      .tiling = AIL_TILING_TWIDDLED, .format = PIPE_FORMAT_R8G8B8A8_UNORM,
   };
   assert_int_equal(ail_make_miptree(&l), AIL_OK);
   assert_true(l.size_B <= sizeof(img_mem));
   memset(img_mem, 0, sizeof(img_mem));
   for (unsigned z = 0; z < layers; z++) {
      for (unsigned y = 0; y < h; y++) {
         for (unsigned x = 0; x < w; x++) {
            uint64_t off;
            ail_get_element_offset_B(&l, 0, x, y, &off);
            off += ail_get_layer_level_B(&l, z, 0);
            texel_of(x, y, z, img_mem + off);
         }
      }
   }
   struct AGX_TEXTURE cfg = sim_test_rgba8(dim, w, h, IMG_VA);
   cfg.depth = depth_field;
   AGX_TEXTURE_pack(desc_mem, &cfg);
}

static void
by_layer(unsigned x, unsigned y, unsigned z, uint8_t t[4])
{
   t[0] = (uint8_t)(50 * z);
   t[1] = (uint8_t)(10 * x + 100 * y);
   t[2] = 0;
   t[3] = 255;
}

/* 2D array of 3 layers, 4x4: lanes ask for layers 0, 1, 2 and 9 (clamps
 * to 2) at texel (1, 2). */
static void
test_2d_array(void **state)
{
   make_image(4, 4, 3, false, AGX_TEXTURE_DIMENSION_2D_ARRAY, 3, by_layer);
   struct sim_test t;
   struct fixture fx;
   sim_test_load(&t, "texture_sample 0, 0b0000, 0b0, none, xyzw, 0b00, "
                     "r0_r1_r2_r3, ts0, ss0, tex_2d_array, "
                     "r4l_r4h_r5l_r5h_r6l, auto_lod, 0\n"
                     "stop\n");
   bind(t.g, &fx, false, false, AGX_COMPARE_FUNC_LEQUAL);
   const unsigned layer[4] = {0, 1, 2, 9};
   t.g->exec = 0;
   for (unsigned q = 0; q < 4; q++) {
      unsigned lane = 4 * q;
      t.g->exec |= 1u << lane;
      t.g->r[4][lane] = f32_bits(1.5f / 4);
      t.g->r[5][lane] = f32_bits(2.5f / 4);
      t.g->r[6][lane] = layer[q];
   }
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   const unsigned want_layer[4] = {0, 1, 2, 2};
   for (unsigned q = 0; q < 4; q++) {
      assert_float_equal(reg_f32(t.g, 0, 4 * q), 50 * want_layer[q] / 255.0,
                         1e-6);
      assert_float_equal(reg_f32(t.g, 1, 4 * q), 210 / 255.0, 1e-6);
   }
   sim_test_free(&t);
}

static void
by_face(unsigned x, unsigned y, unsigned z, uint8_t t[4])
{
   t[0] = (uint8_t)(40 * (z % 6));
   t[1] = (uint8_t)(100 * (z / 6));
   t[2] = 0;
   t[3] = 255;
}

/* Cube array of 2 cubes (descriptor depth 2, 12 faces): +y of cube 1 is
 * layer 8; -z of cube 0 is layer 5; cube 7 clamps to cube 1. */
static void
test_cube_array(void **state)
{
   make_image(2, 2, 12, true, AGX_TEXTURE_DIMENSION_CUBE_ARRAY, 2, by_face);
   struct sim_test t;
   struct fixture fx;
   sim_test_load(&t, "texture_sample 0, 0b0000, 0b0, none, xyzw, 0b00, "
                     "r0_r1_r2_r3, ts0, ss0, tex_cube_array, "
                     "r4l_r4h_r5l_r5h_r6l_r6h_r7l, auto_lod, 0\n"
                     "stop\n");
   bind(t.g, &fx, false, false, AGX_COMPARE_FUNC_LEQUAL);
   const float dir[3][3] = {{0.1f, 3, 0.2f}, {0.1f, 0.2f, -2}, {-4, 0, 0}};
   const unsigned cube[3] = {1, 0, 7};
   const unsigned want_face[3] = {2, 5, 1}, want_cube[3] = {1, 0, 1};
   t.g->exec = 0;
   for (unsigned q = 0; q < 3; q++) {
      unsigned lane = 4 * q;
      t.g->exec |= 1u << lane;
      for (unsigned k = 0; k < 3; k++)
         t.g->r[4 + k][lane] = f32_bits(dir[q][k]);
      t.g->r[7][lane] = cube[q];
   }
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   for (unsigned q = 0; q < 3; q++) {
      assert_float_equal(reg_f32(t.g, 0, 4 * q), 40 * want_face[q] / 255.0,
                         1e-6);
      assert_float_equal(reg_f32(t.g, 1, 4 * q), 100 * want_cube[q] / 255.0,
                         1e-6);
   }
   sim_test_free(&t);
}

/* A 2x1 R32_FLOAT "depth" image (0.25, 0.75) compared with 0.5. */
static void
depth_image(void)
{
   const float d[2] = {0.25f, 0.75f};
   memcpy(img_mem, d, sizeof(d));
   agx_pack(desc_mem, TEXTURE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_LINEAR;
      cfg.channels = AGX_CHANNELS_R32;
      cfg.type = AGX_TEXTURE_TYPE_FLOAT;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_R;
      cfg.swizzle_b = AGX_CHANNEL_R;
      cfg.swizzle_a = AGX_CHANNEL_1;
      cfg.width = 2;
      cfg.height = 1;
      cfg.stride = 0; /* a 16-byte row: bytes - 16 (Mesa's packing) */
      cfg.address = IMG_VA;
   }
}

static void
compare_run(bool linear, enum agx_compare_func func, float u,
            float want)
{
   depth_image();
   struct sim_test t;
   struct fixture fx;
   sim_test_load(&t, "texture_sample 1, 0b0000, 0b0, none, x, 0b00, "
                     "r0, ts0, ss0, tex_2d, r4_r5, auto_lod, 0, r8\n"
                     "stop\n");
   bind(t.g, &fx, linear, true, func);
   t.g->exec = 1;
   t.g->r[4][0] = f32_bits(u);
   t.g->r[5][0] = f32_bits(0.5f);
   t.g->r[8][0] = f32_bits(0.5f);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   assert_float_equal(reg_f32(t.g, 0, 0), want, 1e-6);
   sim_test_free(&t);
}

/* ref LEQUAL depth: 0.5 <= 0.25 fails, 0.5 <= 0.75 passes; GREATER the
 * other way; linear filtering halfway between averages 0 and 1. */
static void
test_compare(void **state)
{
   compare_run(false, AGX_COMPARE_FUNC_LEQUAL, 0.25f, 0.0f);
   compare_run(false, AGX_COMPARE_FUNC_LEQUAL, 0.75f, 1.0f);
   compare_run(false, AGX_COMPARE_FUNC_GREATER, 0.25f, 1.0f);
   compare_run(false, AGX_COMPARE_FUNC_GREATER, 0.75f, 0.0f);
   compare_run(false, AGX_COMPARE_FUNC_NEVER, 0.75f, 0.0f);
   compare_run(true, AGX_COMPARE_FUNC_LEQUAL, 0.5f, 0.5f);
}

static void
by_xy(unsigned x, unsigned y, unsigned z, uint8_t t[4])
{
   t[0] = (uint8_t)(x + 4 * y);
   t[1] = (uint8_t)(100 + x + 4 * y);
   t[2] = 0;
   t[3] = 255;
}

/* Gather the green channel at the shared corner of texels (1..2, 1..2)
 * of a 4x4 image: (i0, j1) = (1, 2), (i1, j1) = (2, 2), (i1, j0) = (2, 1),
 * (i0, j0) = (1, 1). */
static void
test_gather(void **state)
{
   make_image(4, 4, 1, false, AGX_TEXTURE_DIMENSION_2D, 1, by_xy);
   struct sim_test t;
   struct fixture fx;
   sim_test_load(&t, "texture_sample 0, 0b0000, 0b0, gather_g, xyzw, 0b00, "
                     "r0_r1_r2_r3, ts0, ss0, tex_2d, r4_r5, auto_lod, 0\n"
                     "stop\n");
   bind(t.g, &fx, false, false, AGX_COMPARE_FUNC_LEQUAL);
   t.g->exec = 1;
   t.g->r[4][0] = f32_bits(0.5f);
   t.g->r[5][0] = f32_bits(0.5f);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   const unsigned want[4] = {100 + 1 + 8, 100 + 2 + 8, 100 + 2 + 4,
                             100 + 1 + 4};
   for (unsigned c = 0; c < 4; c++)
      assert_float_equal(reg_f32(t.g, c, 0), want[c] / 255.0, 1e-6);
   sim_test_free(&t);
}

/* Offsets: nearest sampling at texel (1, 1) with offset (+2, -1) reads
 * (3, 0); texture_load of (2, 3) with offset (-2, -3) reads (0, 0).  The
 * packed offsets 0xf2 = x 2, y -1 and 0xde = x -2, y -3. */
static void
test_offsets(void **state)
{
   make_image(4, 4, 1, false, AGX_TEXTURE_DIMENSION_2D, 1, by_xy);
   struct sim_test t;
   struct fixture fx;
   sim_test_load(&t, "texture_sample 0, 0b0000, 0b0, none, xyzw, 0b00, "
                     "r0_r1_r2_r3, ts0, ss0, tex_2d, r4_r5, auto_lod, 0, "
                     "r8l\n"
                     "texture_load 0, 0b0000, 0b0, none, xyzw, 0b00, "
                     "r10_r11_r12_r13, ts0, ss0, tex_2d, r6_r7, lod_min, "
                     "r9l, r8h\n"
                     "stop\n");
   bind(t.g, &fx, false, false, AGX_COMPARE_FUNC_LEQUAL);
   t.g->exec = 1;
   t.g->r[4][0] = f32_bits(1.5f / 4);
   t.g->r[5][0] = f32_bits(1.5f / 4);
   t.g->r[6][0] = 2;
   t.g->r[7][0] = 3;
   t.g->r[8][0] = 0xf2 | (0xde << 16);
   t.g->r[9][0] = 0;
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   assert_float_equal(reg_f32(t.g, 0, 0), 3 / 255.0, 1e-6);
   assert_float_equal(reg_f32(t.g, 10, 0), 0 / 255.0, 1e-6);
   assert_float_equal(reg_f32(t.g, 11, 0), 100 / 255.0, 1e-6);
   sim_test_free(&t);
}

/* A 2-layer 8x8 RGBA8 array with 2 levels: texel = (100 level + 50
 * layer, 0, 0, 255).  Quad 0 steps 1/8 per pixel (LOD 0), quad 1 steps
 * 1/4 (LOD log2(2) = 1, GL 4.6 equations 8.4-8.7), both at layer 1; the
 * layer (an integer half) must not count in the derivatives.  Then the
 * same through lod_grad: d/dx, d/dy of x then of y. */
static void
test_array_lod(void **state)
{
   struct ail_layout l = {
      .width_px = 8, .height_px = 8, .depth_px = 2, .sample_count_sa = 1,
      .levels = 2, .tiling = AIL_TILING_TWIDDLED,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
   };
   assert_int_equal(ail_make_miptree(&l), AIL_OK);
   memset(img_mem, 0, sizeof(img_mem));
   for (unsigned z = 0; z < 2; z++) {
      for (unsigned lv = 0; lv < 2; lv++) {
         unsigned n = 8 >> lv;
         for (unsigned y = 0; y < n; y++) {
            for (unsigned x = 0; x < n; x++) {
               uint64_t off;
               ail_get_element_offset_B(&l, lv, x, y, &off);
               off += ail_get_layer_level_B(&l, z, lv);
               const uint8_t t[4] = {(uint8_t)(100 * lv + 50 * z), 0, 0,
                                     255};
               memcpy(img_mem + off, t, 4);
            }
         }
      }
   }
   struct AGX_TEXTURE cfg =
      sim_test_rgba8(AGX_TEXTURE_DIMENSION_2D_ARRAY, 8, 8, IMG_VA);
   cfg.depth = 2;
   cfg.last_level = 1;
   AGX_TEXTURE_pack(desc_mem, &cfg);
   for (unsigned grad = 0; grad < 2; grad++) {
      struct sim_test t;
      struct fixture fx;
      sim_test_load(&t, grad ? "texture_sample 0, 0b0000, 0b0, none, xyzw, "
                               "0b00, r0_r1_r2_r3, ts0, ss0, tex_2d_array, "
                               "r4l_r4h_r5l_r5h_r6l, lod_grad, "
                               "r8_r9_r10_r11\n"
                               "stop\n"
                             : "texture_sample 0, 0b0000, 0b0, none, xyzw, "
                               "0b00, r0_r1_r2_r3, ts0, ss0, tex_2d_array, "
                               "r4l_r4h_r5l_r5h_r6l, auto_lod, 0\n"
                               "stop\n");
      bind(t.g, &fx, false, false, AGX_COMPARE_FUNC_LEQUAL);
      agx_pack(desc_mem + 64, SAMPLER, cfg) {
         cfg.mag_filter = AGX_FILTER_NEAREST;
         cfg.min_filter = AGX_FILTER_NEAREST;
         cfg.mip_filter = AGX_MIP_FILTER_NEAREST;
      }
      t.g->exec = 0xff;
      for (unsigned k = 0; k < 8; k++) {
         float step = k < 4 ? 1.0f / 8 : 1.0f / 4;
         t.g->r[4][k] = f32_bits(0.3f + step * (k & 1));
         t.g->r[5][k] = f32_bits(0.3f + step * ((k >> 1) & 1));
         /* layer 1 in the low half, junk in the high half (unused) */
         t.g->r[6][k] = 1 | (k << 20);
         t.g->r[8][k] = f32_bits(step);  /* dx/dx */
         t.g->r[9][k] = f32_bits(0);     /* dx/dy */
         t.g->r[10][k] = f32_bits(0);    /* dy/dx */
         t.g->r[11][k] = f32_bits(step); /* dy/dy */
      }
      assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
      for (unsigned k = 0; k < 8; k++) {
         unsigned level = k >= 4;
         assert_float_equal(reg_f32(t.g, 0, k), (100 * level + 50) / 255.0,
                            1e-6);
      }
      sim_test_free(&t);
   }
}

/* The slices of a 2x2x8 3D image (a chain of 4 levels, from its depth)
 * written through a 2D-array PBE of 8 layers and 4 levels, as the driver
 * binds 3D images for stores: each layer holds the 4 levels, levels past
 * 1x1 included, so layer 5 starts 5 layer strides of ail's 3D layout
 * in. */
static void
test_image_write_deep_3d(void **state)
{
   struct sim_test t;
   struct fixture fx;
   sim_test_load(&t, "image_write r0_r1_r2_r3, r4l_r4h_r5l_r5h_r6l, 0, ts1, "
                     "tex_2d_array, rte, 0, 0, 0, 0\n"
                     "stop\n");
   bind(t.g, &fx, false, false, AGX_COMPARE_FUNC_LEQUAL);
   uint8_t *deep = img_mem;
   memset(img_mem, 0, sizeof(img_mem));
   struct ail_layout l3d = {
      .width_px = 2,
      .height_px = 2,
      .depth_px = 8,
      .sample_count_sa = 1,
      .levels = 4,
      .mipmapped_z = true,
      .tiling = AIL_TILING_TWIDDLED,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
   };
   assert_int_equal(ail_make_miptree(&l3d), 0);
   assert_false(l3d.page_aligned_layers);
   assert_true(l3d.size_B <= sizeof(img_mem));

   struct AGX_PBE p = {AGX_PBE_header};
   p.dimension = AGX_TEXTURE_DIMENSION_2D_ARRAY;
   p.layout = AGX_LAYOUT_TWIDDLED;
   p.channels = AGX_CHANNELS_R8G8B8A8;
   p.type = AGX_TEXTURE_TYPE_UNORM;
   p.swizzle_r = AGX_CHANNEL_R, p.swizzle_g = AGX_CHANNEL_G;
   p.swizzle_b = AGX_CHANNEL_B, p.swizzle_a = AGX_CHANNEL_A;
   p.width = 2, p.height = 2;
   p.levels = 4, p.layers = 8;
   p.buffer = IMG_VA;
   AGX_PBE_pack(desc_mem + 128, &p);
   t.g->texture_state[1] = (struct asahi_sim_state_slot){true, DESC_VA, 128};

   t.g->exec = 1;
   t.g->r[0][0] = f32_bits(1.0f);
   t.g->r[1][0] = f32_bits(0.0f);
   t.g->r[2][0] = f32_bits(1.0f);
   t.g->r[3][0] = f32_bits(0.0f);
   t.g->r[4][0] = 1; /* x */
   t.g->r[5][0] = 1; /* y */
   t.g->r[6][0] = 5; /* layer */
   enum asahi_sim_status st = asahi_sim_run(t.g);
   if (st != ASAHI_SIM_STOPPED)
      fprintf(stderr, "%s\n", t.g->error);
   assert_int_equal(st, ASAHI_SIM_STOPPED);
   uint64_t off = 0;
   assert_true(ail_get_element_offset_B(&l3d, 0, 1, 1, &off));
   off += 5 * l3d.layer_stride_B;
   assert_memory_equal(deep + off, "\xff\x00\xff\x00", 4);
   /* nothing else was written */
   unsigned nonzero = 0;
   for (unsigned i = 0; i < sizeof(img_mem); i++)
      nonzero += deep[i] != 0;
   assert_int_equal(nonzero, 2);
   sim_test_free(&t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_image_write_deep_3d),
      cmocka_unit_test(test_2d_array), cmocka_unit_test(test_cube_array),
      cmocka_unit_test(test_compare),  cmocka_unit_test(test_gather),
      cmocka_unit_test(test_offsets),  cmocka_unit_test(test_array_lod),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
