/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The command executor's texture unit (asahi_sim_texture_unit_hooks)
 * through texture_sample: cube-map face selection by the GL 4.6 table
 * 8.19 (a direction along each axis lands on that face's centre; layers
 * apart as the descriptor's page-aligned-layers bit says), mip
 * level selection from quad derivatives (GL 4.6 equations 8.4-8.7: a
 * texture coordinate changing by 1/4 per pixel on an 8x8 texture is LOD
 * log2(2) = 1), LOD queries (ARB_texture_query_lod's level and
 * lambda'), and a format util/format converts (R5G6B5) with the
 * descriptor's swizzle.
 */

#include <math.h>

#include "sim_test_texture.h"
#include "sim_test_util.h"

#include "asahi/genxml/agx_pack.h"
#include "asahi/layout/layout.h"
#include "asahi/sim/asahi_sim_texture.h"

#define IMG_VA  0x10000ull
#define DESC_VA 0x80000ull

static uint8_t img_mem[128 << 10];
static uint8_t desc_mem[256];

struct fixture {
   struct asahi_sim_region regions[2];
   struct asahi_sim_simple_mem mem;
};

static void
bind(struct asahi_sim_group *g, struct fixture *fx)
{
   fx->regions[0] = (struct asahi_sim_region){IMG_VA, sizeof(img_mem),
                                              img_mem, true};
   fx->regions[1] = (struct asahi_sim_region){DESC_VA, sizeof(desc_mem),
                                              desc_mem, true};
   fx->mem = (struct asahi_sim_simple_mem){fx->regions, 2};
   g->mem.translate = asahi_sim_simple_translate;
   g->mem.user = &fx->mem;
   g->texture = &asahi_sim_texture_unit_hooks;
   g->texture_state[0] = (struct asahi_sim_state_slot){true, DESC_VA, 0};
   g->sampler_state[0] = (struct asahi_sim_state_slot){true, DESC_VA, 64};
   agx_pack(desc_mem + 64, SAMPLER, cfg) {
      cfg.mag_filter = AGX_FILTER_NEAREST;
      cfg.min_filter = AGX_FILTER_NEAREST;
      cfg.mip_filter = AGX_MIP_FILTER_NEAREST;
   }
}

/* Descriptor 0: an RGBA8 unorm twiddled image at IMG_VA, unswizzled. */
static void
pack_rgba8_texture(enum agx_texture_dimension dim, unsigned w, unsigned h,
                   bool page_aligned_layers)
{
   struct AGX_TEXTURE cfg = sim_test_rgba8(dim, w, h, IMG_VA);
   cfg.page_aligned_layers = page_aligned_layers;
   AGX_TEXTURE_pack(desc_mem, &cfg);
}

/* Each face of a 2x2 RGBA8 cube holds (40 * face, 0, 0, 255).  renderable:
 * laid out as a render target, whose layers start on pages (ail), which
 * the descriptor says with its page-aligned-layers bit. */
static void
cube_faces(bool renderable)
{
   struct ail_layout l = {
      .width_px = 2, .height_px = 2, .depth_px = 6, .sample_count_sa = 1,
      .levels = 1, .cube = true, .tiling = AIL_TILING_TWIDDLED,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM, .renderable = renderable,
   };
   assert_int_equal(ail_make_miptree(&l), AIL_OK);
   assert_true(l.page_aligned_layers == renderable);
   assert_true(l.size_B <= sizeof(img_mem));
   memset(img_mem, 0, sizeof(img_mem));
   for (unsigned f = 0; f < 6; f++) {
      for (unsigned y = 0; y < 2; y++) {
         for (unsigned x = 0; x < 2; x++) {
            uint64_t off;
            ail_get_element_offset_B(&l, 0, x, y, &off);
            off += ail_get_layer_level_B(&l, f, 0);
            const uint8_t t[4] = {(uint8_t)(40 * f), 0, 0, 255};
            memcpy(img_mem + off, t, 4);
         }
      }
   }
   pack_rgba8_texture(AGX_TEXTURE_DIMENSION_CUBE, 2, 2, l.page_aligned_layers);

   struct sim_test t;
   struct fixture fx;
   sim_test_load(&t, "texture_sample 0, 0b0000, 0b0, none, xyzw, 0b00, "
                     "r0_r1_r2_r3, ts0, ss0, tex_cube, r4_r5_r6, auto_lod, "
                     "0\n"
                     "stop\n");
   bind(t.g, &fx);
   t.g->exec = 0x3f;
   /* +x, -x, +y, -y, +z, -z: faces 0..5 in that order. */
   const float dir[6][3] = {{2, 0.1f, -0.2f}, {-3, 0.2f, 0.1f},
                            {0.1f, 5, 0.2f},  {0.2f, -1, -0.1f},
                            {-0.1f, 0.2f, 4}, {0.1f, 0.1f, -2}};
   for (unsigned l = 0; l < 6; l++) {
      for (unsigned k = 0; k < 3; k++)
         t.g->r[4 + k][l] = f32_bits(dir[l][k]);
   }
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   for (unsigned l = 0; l < 6; l++)
      assert_true(reg_f32(t.g, 0, l) == (float)(40 * l / 255.0));
   sim_test_free(&t);
}

static void
test_cube_faces(void **state)
{
   cube_faces(false);
}

/* Page-aligned layers (16 KiB apart here, not 128 B): the layer stride
 * comes from the descriptor bit. */
static void
test_cube_faces_page_aligned(void **state)
{
   cube_faces(true);
}

/* The descriptor of a twiddled 8x8 unorm texture at IMG_VA with levels
 * 0 to last_level, swizzle rgb and `a` */
static void
pack_unorm_8x8(enum agx_channels channels, enum agx_channel a,
               unsigned last_level)
{
   struct AGX_TEXTURE cfg = sim_test_texture(
      AGX_TEXTURE_DIMENSION_2D, channels, AGX_TEXTURE_TYPE_UNORM, 8, 8, IMG_VA);
   cfg.swizzle_a = a;
   cfg.last_level = last_level;
   AGX_TEXTURE_pack(desc_mem, &cfg);
}

/* An 8x8 R5G6B5 texture with two levels: level 0 all red, level 1 all
 * green.  Coordinates stepping 1/8 per pixel (1 texel): LOD 0; stepping
 * 1/4 (2 texels): LOD 1 (GL: rho = 2, lambda = log2 rho).  over_coords:
 * the result goes to the coordinate registers; the derivatives are still
 * those of the coordinates (an instruction reads its sources before it
 * writes; the lanes after a quad's first once took their neighbours'
 * results as coordinates). */
static void
lod_from_derivatives(bool over_coords)
{
   struct ail_layout l = {
      .width_px = 8, .height_px = 8, .depth_px = 1, .sample_count_sa = 1,
      .levels = 2, .tiling = AIL_TILING_TWIDDLED,
      .format = PIPE_FORMAT_R5G6B5_UNORM,
   };
   assert_int_equal(ail_make_miptree(&l), AIL_OK);
   for (unsigned lv = 0; lv < 2; lv++) {
      unsigned n = 8 >> lv;
      for (unsigned y = 0; y < n; y++) {
         for (unsigned x = 0; x < n; x++) {
            uint64_t off;
            ail_get_element_offset_B(&l, lv, x, y, &off);
            off += ail_get_level_offset_B(&l, lv);
            /* Hardware R5G6B5 has red in bits 0-4 (Mesa agx_formats.c
             * maps PIPE_FORMAT_R5G6B5_UNORM to it with no swizzle). */
            uint16_t v = lv == 0 ? 0x001f : 0x07e0; /* red / green */
            memcpy(img_mem + off, &v, 2);
         }
      }
   }
   pack_unorm_8x8(AGX_CHANNELS_R5G6B5, AGX_CHANNEL_1, 1);

   struct sim_test t;
   struct fixture fx;
   sim_test_load(&t, over_coords
                        ? "texture_sample 0, 0b0000, 0b0, none, xyzw, 0b00, "
                          "r4_r5_r6_r7, ts0, ss0, tex_2d, r4_r5, auto_lod, "
                          "0\nstop\n"
                        : "texture_sample 0, 0b0000, 0b0, none, xyzw, 0b00, "
                          "r0_r1_r2_r3, ts0, ss0, tex_2d, r4_r5, auto_lod, "
                          "0\nstop\n");
   unsigned d = over_coords ? 4 : 0;
   bind(t.g, &fx);
   t.g->exec = 0xff;
   /* Quad 0 (lanes 0-3) steps 1/8 per pixel, quad 1 (lanes 4-7) 1/4. */
   for (unsigned l = 0; l < 8; l++) {
      float step = l < 4 ? 1.0f / 8 : 1.0f / 4;
      t.g->r[4][l] = f32_bits(0.3f + step * (l & 1));
      t.g->r[5][l] = f32_bits(0.3f + step * ((l >> 1) & 1));
   }
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   for (unsigned l = 0; l < 8; l++) {
      bool level1 = l >= 4;
      assert_true(reg_f32(t.g, d + 0, l) == (level1 ? 0.0f : 1.0f));
      assert_true(reg_f32(t.g, d + 1, l) == (level1 ? 1.0f : 0.0f));
      assert_true(reg_f32(t.g, d + 3, l) == 1.0f); /* swizzle: constant 1 */
   }
   sim_test_free(&t);
}

static void
test_lod_from_derivatives(void **state)
{
   lod_from_derivatives(false);
}

static void
test_lod_from_derivatives_over_coords(void **state)
{
   lod_from_derivatives(true);
}

/* One LOD query (texture_sample's query_lod mode) of an 8x8 texture
 * with levels 0-3 through a sampler with mip filter `mip`, max LOD
 * `max_lod`: quad 0 steps 2^1.5 / 8 per pixel (lambda 1.5), quad 1
 * 2^3.5 / 8 (lambda 3.5, past the last level).  want_x[q] is the level
 * quad q reads; y is lambda' in both. */
static void
lod_query_case(enum agx_mip_filter mip, float max_lod, const float want_x[2])
{
   pack_unorm_8x8(AGX_CHANNELS_R8G8B8A8, AGX_CHANNEL_A, 3);
   struct sim_test t;
   struct fixture fx;
   sim_test_load(&t, "texture_sample 0, query_lod, 0b0000, 0b0, none, xy, "
                     "0b00, r0_r1, ts0, ss0, tex_2d, r4_r5, auto_lod, 0\n"
                     "stop\n");
   bind(t.g, &fx);
   agx_pack(desc_mem + 64, SAMPLER, cfg) {
      cfg.mag_filter = AGX_FILTER_NEAREST;
      cfg.min_filter = AGX_FILTER_LINEAR;
      cfg.mip_filter = mip;
      cfg.max_lod = max_lod;
   }
   t.g->exec = 0xff;
   for (unsigned l = 0; l < 8; l++) {
      float step = (float)(pow(2.0, l < 4 ? 1.5 : 3.5) / 8);
      t.g->r[4][l] = f32_bits(0.125f + step * (l & 1));
      t.g->r[5][l] = f32_bits(0.125f + step * ((l >> 1) & 1));
   }
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   for (unsigned l = 0; l < 8; l++) {
      assert_float_equal(reg_f32(t.g, 0, l), want_x[l / 4], 1e-5);
      assert_float_equal(reg_f32(t.g, 1, l), l < 4 ? 1.5 : 3.5, 1e-5);
   }
   sim_test_free(&t);
}

/* ARB_texture_query_lod: x is the level a lookup reads relative to the
 * first one: nearest mipmapping ceil(lambda + 0.5) - 1 (GL 4.6 equation
 * 8.8): 1.5 -> 1, 3.5 -> 3 (the last level); linear the clamped lambda:
 * 1.5, 3 (the last level); no mipmapping 0.  The sampler's max LOD 1
 * clamps x (1, 1) but not y, lambda' before the clamp. */
static void
test_lod_query(void **state)
{
   lod_query_case(AGX_MIP_FILTER_NEAREST, 14, (const float[]){1, 3});
   lod_query_case(AGX_MIP_FILTER_LINEAR, 14, (const float[]){1.5f, 3});
   lod_query_case(AGX_MIP_FILTER_NONE, 14, (const float[]){0, 0});
   lod_query_case(AGX_MIP_FILTER_LINEAR, 1, (const float[]){1, 1});
}

/* A 2x2x2 RGBA8 3D texture whose voxel (x, y, z) is (100x, 100y, 100z,
 * 255): nearest at each voxel centre returns that voxel; linear at the
 * texture's centre (GL: trilinear, equal weights 1/8) the average
 * (50, 50, 50, 255). */
static void
test_3d(void **state)
{
   struct ail_layout l = {
      .width_px = 2, .height_px = 2, .depth_px = 2, .sample_count_sa = 1,
      .levels = 1, .mipmapped_z = true, .tiling = AIL_TILING_TWIDDLED,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
   };
   assert_int_equal(ail_make_miptree(&l), AIL_OK);
   for (unsigned z = 0; z < 2; z++) {
      for (unsigned y = 0; y < 2; y++) {
         for (unsigned x = 0; x < 2; x++) {
            uint64_t off;
            ail_get_element_offset_B(&l, 0, x, y, &off);
            off += ail_get_layer_level_B(&l, z, 0);
            const uint8_t t[4] = {(uint8_t)(100 * x), (uint8_t)(100 * y),
                                  (uint8_t)(100 * z), 255};
            memcpy(img_mem + off, t, 4);
         }
      }
   }
   struct AGX_TEXTURE cfg =
      sim_test_rgba8(AGX_TEXTURE_DIMENSION_3D, 2, 2, IMG_VA);
   cfg.depth = 2;
   AGX_TEXTURE_pack(desc_mem, &cfg);

   for (unsigned linear = 0; linear < 2; linear++) {
      struct sim_test t;
      struct fixture fx;
      sim_test_load(&t, "texture_sample 0, 0b0000, 0b0, none, xyzw, 0b00, "
                        "r0_r1_r2_r3, ts0, ss0, tex_3d, r4_r5_r6, auto_lod, "
                        "0\n"
                        "stop\n");
      bind(t.g, &fx);
      if (linear) {
         agx_pack(desc_mem + 64, SAMPLER, cfg) {
            cfg.mag_filter = AGX_FILTER_LINEAR;
            cfg.min_filter = AGX_FILTER_LINEAR;
         }
      }
      /* One lane per quad; one level, so the LOD does not matter. */
      t.g->exec = 0;
      for (unsigned v = 0; v < 8; v++) {
         unsigned lane = 4 * v;
         t.g->exec |= 1u << lane;
         float c[3] = {0.25f + 0.5f * (v & 1), 0.25f + 0.5f * ((v >> 1) & 1),
                       0.25f + 0.5f * (v >> 2)};
         if (linear)
            c[0] = c[1] = c[2] = 0.5f;
         for (unsigned k = 0; k < 3; k++)
            t.g->r[4 + k][lane] = f32_bits(c[k]);
      }
      assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
      for (unsigned v = 0; v < 8; v++) {
         unsigned lane = 4 * v;
         for (unsigned k = 0; k < 3; k++) {
            double want = linear ? 50 / 255.0
                                 : 100 * (k == 0   ? (v & 1)
                                          : k == 1 ? ((v >> 1) & 1)
                                                   : (v >> 2)) /
                                      255.0;
            assert_true(fabs(reg_f32(t.g, k, lane) - want) < 1e-6);
         }
      }
      sim_test_free(&t);
   }
}

/* A 2x1 RGBA16UI 4-sample image (2D MS) whose texel (1, 0), sample s,
 * holds (1000 + s, 2, 300, 65535), read by texture_load into 16-bit
 * registers as the background programs read such attachments: integers
 * arrive as they are (not converted to f16: the 1 would become 0). */
static void
test_int16_ms_load(void **state)
{
   struct ail_layout l = {
      .width_px = 2, .height_px = 1, .depth_px = 1, .sample_count_sa = 4,
      .levels = 1, .tiling = AIL_TILING_TWIDDLED,
      .format = PIPE_FORMAT_R16G16B16A16_UINT,
   };
   assert_int_equal(ail_make_miptree(&l), AIL_OK);
   assert_true(l.size_B <= sizeof(img_mem));
   memset(img_mem, 0, sizeof(img_mem));
   uint64_t off;
   ail_get_element_offset_B(&l, 0, 1, 0, &off);
   for (unsigned s = 0; s < 4; s++) {
      const uint16_t t[4] = {(uint16_t)(1000 + s), 2, 300, 65535};
      memcpy(img_mem + off + 8 * s, t, 8);
   }
   struct AGX_TEXTURE cfg = sim_test_texture(
      AGX_TEXTURE_DIMENSION_2D_MS, AGX_CHANNELS_R16G16B16A16,
      AGX_TEXTURE_TYPE_UINT, 2, 1, IMG_VA);
   cfg.samples = AGX_SAMPLE_COUNT_4;
   AGX_TEXTURE_pack(desc_mem, &cfg);

   struct sim_test t;
   struct fixture fx;
   sim_test_load(&t, "texture_load 0, 0b1100, 0b0, none, xyzw, 0b00, "
                     "r0l_r0h_r1l_r1h, ts0, ss0, tex_2d_ms, "
                     "r4l_r4h_r5l_r5h_r6l, auto_lod, 0\n"
                     "stop\n");
   bind(t.g, &fx);
   t.g->exec = 0xf;
   for (unsigned lane = 0; lane < 4; lane++) {
      t.g->r[4][lane] = 1; /* x */
      t.g->r[5][lane] = 0; /* y */
      t.g->r[6][lane] = lane; /* sample, low half */
   }
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   for (unsigned lane = 0; lane < 4; lane++) {
      assert_int_equal(t.g->r[0][lane], (2u << 16) | (1000 + lane));
      assert_int_equal(t.g->r[1][lane], (65535u << 16) | 300);
   }
   sim_test_free(&t);
}

/* Clamp to border with a custom colour (genxml "border" after the sampler
 * of an extended table): each word encoded as the image format encodes
 * the channel.  RGBA8 unorm words (51, 102, 153, 255) read (0.2, 0.4,
 * 0.6, 1); RG16 sint words (-5, 7 as 16-bit two's complement) read the
 * integers -5 and 7, the descriptor's swizzle giving (r, g, 0, 1).
 * Inside the image the texel is read as usual. */
/* A 2x2 twiddled image of every byte `fill` (descriptor 0; two channels
 * read as (r, g, 0, 1)) and a program sampling it at r4_r5 into r0-r3. */
static void
load_2x2_sample(struct sim_test *t, struct fixture *fx, enum agx_channels ch,
                enum agx_texture_type type, uint8_t fill)
{
   memset(img_mem, fill, sizeof(img_mem));
   struct AGX_TEXTURE cfg =
      sim_test_texture(AGX_TEXTURE_DIMENSION_2D, ch, type, 2, 2, IMG_VA);
   if (ch == AGX_CHANNELS_R16G16) {
      cfg.swizzle_b = AGX_CHANNEL_0;
      cfg.swizzle_a = AGX_CHANNEL_1;
   }
   AGX_TEXTURE_pack(desc_mem, &cfg);
   sim_test_load(t, "texture_sample 0, 0b0000, 0b0, none, xyzw, 0b00, "
                    "r0_r1_r2_r3, ts0, ss0, tex_2d, r4_r5, auto_lod, 0\n"
                    "stop\n");
   bind(t->g, fx);
}

static void
border_case(enum agx_channels ch, enum agx_texture_type type,
            const uint32_t words[4], const uint32_t want[4])
{
   struct sim_test t;
   struct fixture fx;
   load_2x2_sample(&t, &fx, ch, type, 0);
   agx_pack(desc_mem + 64, SAMPLER, cfg) {
      cfg.mag_filter = AGX_FILTER_NEAREST;
      cfg.min_filter = AGX_FILTER_NEAREST;
      cfg.wrap_s = AGX_WRAP_CLAMP_TO_BORDER;
      cfg.wrap_t = AGX_WRAP_CLAMP_TO_BORDER;
      cfg.border_colour = AGX_BORDER_COLOUR_CUSTOM;
   }
   agx_pack(desc_mem + 64 + AGX_SAMPLER_LENGTH, BORDER, cfg) {
      cfg.channel_0 = words[0];
      cfg.channel_1 = words[1];
      cfg.channel_2 = words[2];
      cfg.channel_3 = words[3];
   }
   t.g->sampler_state[0].border = true;
   /* Lane 0 outside (u = -1), lane 4 inside (texel 0, all zero). */
   t.g->exec = 0x11;
   t.g->r[4][0] = f32_bits(-1.0f);
   t.g->r[5][0] = f32_bits(0.25f);
   t.g->r[4][4] = f32_bits(0.25f);
   t.g->r[5][4] = f32_bits(0.25f);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   for (unsigned c = 0; c < 4; c++)
      assert_int_equal(t.g->r[c][0], want[c]);
   bool integer = type == AGX_TEXTURE_TYPE_SINT;
   assert_int_equal(t.g->r[0][4], 0);
   assert_int_equal(t.g->r[3][4],
                    ch == AGX_CHANNELS_R16G16 ? (integer ? 1 : f32_bits(1))
                                              : 0);
   sim_test_free(&t);
}

static void
test_custom_border(void **state)
{
   const uint32_t rgba8[4] = {51, 102, 153, 255};
   const uint32_t rgba8_want[4] = {f32_bits(0.2f), f32_bits(0.4f),
                                   f32_bits(0.6f), f32_bits(1.0f)};
   border_case(AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UNORM, rgba8,
               rgba8_want);
   const uint32_t rg16i[4] = {0xfffb, 7, 0, 0};
   const uint32_t rg16i_want[4] = {(uint32_t)-5, 7, 0, 1};
   border_case(AGX_CHANNELS_R16G16, AGX_TEXTURE_TYPE_SINT, rg16i,
               rg16i_want);
}

/* "clamp gl" is GL_CLAMP (GL 3.0 compatibility section 3.9.7 and table
 * 3.19): the coordinate is clamped to [0, 1]; nearest filtering then
 * reads the edge texel, linear filtering at u = 0 half the edge texel and
 * half the border (transparent black here).  A white 2x2 image; lane 0
 * samples at u = -1, lane 4 inside. */
static void
clamp_gl_case(enum agx_filter filter, uint32_t want_outside)
{
   struct sim_test t;
   struct fixture fx;
   load_2x2_sample(&t, &fx, AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UNORM,
                   0xff);
   agx_pack(desc_mem + 64, SAMPLER, cfg) {
      cfg.mag_filter = filter;
      cfg.min_filter = filter;
      cfg.wrap_s = AGX_WRAP_CLAMP_GL;
      cfg.wrap_t = AGX_WRAP_CLAMP_GL;
      cfg.border_colour = AGX_BORDER_COLOUR_TRANSPARENT_BLACK;
   }
   t.g->exec = 0x11;
   t.g->r[4][0] = f32_bits(-1.0f);
   t.g->r[5][0] = f32_bits(0.5f);
   t.g->r[4][4] = f32_bits(0.5f);
   t.g->r[5][4] = f32_bits(0.5f);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   assert_int_equal(t.g->r[0][0], want_outside);
   assert_int_equal(t.g->r[3][0], want_outside);
   assert_int_equal(t.g->r[0][4], f32_bits(1.0f));
   sim_test_free(&t);
}

static void
test_clamp_gl(void **state)
{
   clamp_gl_case(AGX_FILTER_NEAREST, f32_bits(1.0f));
   clamp_gl_case(AGX_FILTER_LINEAR, f32_bits(0.5f));
}

/* Repeat and mirrored repeat (GL 4.6 section 8.14.2, table 8.20: repeat
 * takes i mod size; mirrored repeat (size - 1) - mirror((i mod 2 size) -
 * size), mirror(a) = a for a >= 0, else -(1 + a)).  A 4x2 RGBA8 image whose
 * texel (x, y) has red 10 x + 1; nearest filtering at the centres of texel
 * columns -5, -1, 0, 3, 4, 6 and 9 (inside the image the wrap takes no
 * division: both paths are here). */
static void
wrap_case(enum agx_wrap mode, const unsigned want_x[7])
{
   struct ail_layout l = {
      .width_px = 4, .height_px = 2, .depth_px = 1, .sample_count_sa = 1,
      .levels = 1, .tiling = AIL_TILING_TWIDDLED,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
   };
   assert_int_equal(ail_make_miptree(&l), AIL_OK);
   memset(img_mem, 0, sizeof(img_mem));
   for (unsigned y = 0; y < 2; y++) {
      for (unsigned x = 0; x < 4; x++) {
         uint64_t off;
         ail_get_element_offset_B(&l, 0, x, y, &off);
         const uint8_t t[4] = {(uint8_t)(10 * x + 1), 0, 0, 255};
         memcpy(img_mem + off, t, 4);
      }
   }
   pack_rgba8_texture(AGX_TEXTURE_DIMENSION_2D, 4, 2, false);
   struct sim_test t;
   struct fixture fx;
   sim_test_load(&t, "texture_sample 0, 0b0000, 0b0, none, xyzw, 0b00, "
                     "r0_r1_r2_r3, ts0, ss0, tex_2d, r4_r5, auto_lod, 0\n"
                     "stop\n");
   bind(t.g, &fx);
   agx_pack(desc_mem + 64, SAMPLER, cfg) {
      cfg.mag_filter = AGX_FILTER_NEAREST;
      cfg.min_filter = AGX_FILTER_NEAREST;
      cfg.wrap_s = mode;
      cfg.wrap_t = mode;
   }
   const int column[7] = {-5, -1, 0, 3, 4, 6, 9};
   t.g->exec = 0x7f;
   for (unsigned lane = 0; lane < 7; lane++) {
      t.g->r[4][lane] = f32_bits((float)((column[lane] + 0.5) / 4));
      t.g->r[5][lane] = f32_bits(0.25f);
   }
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   for (unsigned lane = 0; lane < 7; lane++)
      assert_true(reg_f32(t.g, 0, lane) ==
                  (float)((10 * want_x[lane] + 1) / 255.0));
   sim_test_free(&t);
}

static void
test_wrap_repeat(void **state)
{
   const unsigned repeat[7] = {3, 3, 0, 3, 0, 2, 1};
   wrap_case(AGX_WRAP_REPEAT, repeat);
   const unsigned mirrored[7] = {3, 0, 0, 3, 3, 1, 1};
   wrap_case(AGX_WRAP_MIRRORED_REPEAT, mirrored);
}

/* A nearest lookup returns the texel's bits as stored: RG32UI words that
 * are signalling-NaN patterns as floats, read through texture_sample (a
 * GLSL sampler2D on an integer texture, as piglit's multisample upload
 * does; llvmpipe gives the bits back), keep their payload (IEEE 754: an
 * arithmetic operation would quiet it, setting bit 22). */
static void
test_nearest_keeps_bits(void **state)
{
   struct sim_test t;
   struct fixture fx;
   load_2x2_sample(&t, &fx, AGX_CHANNELS_R32G32, AGX_TEXTURE_TYPE_UINT, 0);
   const uint32_t words[2] = {0x7f800001u, 0xffa00005u};
   for (unsigned i = 0; i + 8 <= sizeof(img_mem); i += 8)
      memcpy(img_mem + i, words, sizeof(words));
   t.g->exec = 0x1;
   t.g->r[4][0] = f32_bits(0.25f);
   t.g->r[5][0] = f32_bits(0.75f);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   assert_int_equal(t.g->r[0][0], words[0]);
   assert_int_equal(t.g->r[1][0], words[1]);
   sim_test_free(&t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cube_faces),
      cmocka_unit_test(test_cube_faces_page_aligned),
      cmocka_unit_test(test_lod_from_derivatives),
      cmocka_unit_test(test_lod_from_derivatives_over_coords),
      cmocka_unit_test(test_lod_query),
      cmocka_unit_test(test_3d),
      cmocka_unit_test(test_int16_ms_load),
      cmocka_unit_test(test_custom_border),
      cmocka_unit_test(test_clamp_gl),
      cmocka_unit_test(test_wrap_repeat),
      cmocka_unit_test(test_nearest_keeps_bits),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
