/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * One triangle through the whole driver: clear to black, draw a red
 * triangle covering the lower-left half of a 64x64 RGBA8 target with
 * shaders built with nir_builder and compiled by the backend, flush, map.
 *
 * Expected pixels follow the GL rules: with the viewport mapping NDC
 * (-1, -1) to window (0, 0) (memory row 0), the triangle (-1,-1), (1,-1),
 * (-1,1) covers the pixels whose centre (x + 0.5, y + 0.5) satisfies
 * x + y + 1 < 64; pixels with centres on or next to the diagonal are not
 * checked (fill rule).  Covered pixels are (255, 0, 0, 255), others
 * (0, 0, 0, 255).
 *
 * Pixels are checked only on an executing shim (ASAHI_TEST_EXPECT_PIXELS).
 * Every submission must decode cleanly (ASAHI_MESA_DEBUG=trace).  When
 * the backend cannot compile the shaders yet, the test is skipped.
 *
 * A second case draws the same triangle, indexed, with hand-assembled
 * (PIPE_SHADER_IR_NATIVE) shaders that do nothing, to check the encoding
 * of the draw path alone.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "util/os_file.h"
#include "util/ralloc.h"
#include "util/u_inlines.h"

#include "asahi/compiler/agx_compile.h"
#include "agx_isa.h"
#include "asahi_drm_public.h"
#include "asahi_test_traces.h"
#include "asahi_test_env.h"
#include "decode.h"
#include "decode_dump.h"

#define W 64
#define H 64

/* Colour format of the render target env_init makes. */
static enum pipe_format env_format = PIPE_FORMAT_R8G8B8A8_UNORM;


static int
setup(void **state)
{
   asahi_test_traces_setup("tri");
   return 0;
}

static int
teardown(void **state)
{
   asahi_test_traces_teardown();
   return 0;
}

static bool
env_init(struct asahi_test_env *e)
{
   if (!asahi_test_env_open(e))
      return false;
   asahi_test_env_target(e, env_format, W, H);
   /* position (vec4) per vertex; z = -0.5 is inside GL's clip volume
    * but outside the hardware's unless the driver remaps depth.
    */
   static const float verts[] = {
      -1, -1, -0.5, 1, /**/ 1, -1, -0.5, 1, /**/ -1, 1, -0.5, 1,
   };
   asahi_test_env_vertices(e, verts, 3);
   union pipe_color_union black = {.f = {0, 0, 0, 1}};
   e->ctx->clear(e->ctx, PIPE_CLEAR_COLOR0, NULL, &black, 1.0, 0);
   return true;
}

/* Whether the shim checks what the variable names (=1: the simulator). */
static bool
expecting(const char *var)
{
   const char *v = getenv(var);
   return v && atoi(v);
}

/* The value pixel (x, y) must hold, into want; false when it may hold
 * anything (an edge's pixels, which either side may cover). */
typedef bool (*want_fn)(unsigned x, unsigned y, uint8_t want[4],
                        const void *data);

/* Maps the W x H RGBA8 image res and asserts that every pixel holds what
 * want gives, printing the first eight that do not. */
static void
assert_image(struct pipe_context *ctx, struct pipe_resource *res, want_fn want,
             const void *data)
{
   struct pipe_box box = {0, 0, 0, W, H, 1};
   struct pipe_transfer *xfer = NULL;
   uint8_t *map = ctx->texture_map(ctx, res, 0, PIPE_MAP_READ, &box, &xfer);
   assert_non_null(map);
   unsigned bad = 0;
   for (unsigned y = 0; y < H; ++y) {
      for (unsigned x = 0; x < W; ++x) {
         uint8_t w[4];
         if (!want(x, y, w, data))
            continue;
         const uint8_t *p = map + y * xfer->stride + x * 4;
         if (memcmp(p, w, 4) && bad++ < 8)
            print_error("pixel (%u, %u) is %u %u %u %u, want %u %u %u %u\n", x,
                        y, p[0], p[1], p[2], p[3], w[0], w[1], w[2], w[3]);
      }
   }
   ctx->texture_unmap(ctx, xfer);
   assert_int_equal(bad, 0);
}

/* One colour below the diagonal x + y + 1 = W (the lower-left triangle),
 * another above it. */
struct split {
   uint8_t below[4], above[4];
};

static bool
want_split(unsigned x, unsigned y, uint8_t want[4], const void *data)
{
   const struct split *s = data;
   int d = (int)(x + y + 1) - W;
   if (d >= -1 && d <= 1)
      return false;
   memcpy(want, d < 0 ? s->below : s->above, 4);
   return true;
}

/* The triangle of env_init: red on black. */
static void
check_pixels(struct asahi_test_env *e)
{
   if (!expecting("ASAHI_TEST_EXPECT_PIXELS"))
      return;
   const struct split red_black = {{255, 0, 0, 255}, {0, 0, 0, 255}};
   assert_image(e->ctx, e->rt, want_split, &red_black);
}

/* Colour 0 = red. */
static nir_shader *
build_fs(void)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_FRAGMENT, &agx_nir_options, "tri_fs", NULL);
   const nir_vtype *vec4 = nir_vtype_vector(b.shader, nir_type_float32, 4);
   nir_variable *out =
      nir_variable_create(b.shader, nir_var_shader_out, vec4, "color");
   out->data.location = FRAG_RESULT_DATA0;
   nir_def *c[4] = {nir_imm_float(&b, 1), nir_imm_float(&b, 0),
                    nir_imm_float(&b, 0), nir_imm_float(&b, 1)};
   nir_store_var(&b, out, nir_vec(&b, c, 4), 0xf);
   return b.shader;
}

static void
nir_triangle(void **state)
{
   /* Does the backend compile these yet? */
   {
      nir_shader *vs = asahi_test_vs_position("tri_vs"), *fs = build_fs();
      struct agx_shader_key key = {0};
      key.vs.attribs[0].format = PIPE_FORMAT_R32G32B32A32_FLOAT;
      key.vs.attribs[0].stride = 16;
      struct agx_shader_binary bin;
      void *mem = ralloc_context(NULL);
      bool ok = agx_preprocess_nir(vs) &&
                agx_compile_shader_nir(vs, &key, mem, &bin, NULL, 0) == 0;
      struct agx_shader_key fkey = {0};
      fkey.fs.rt[0].format = PIPE_FORMAT_R8G8B8A8_UNORM;
      ok = ok && agx_preprocess_nir(fs) &&
           agx_compile_shader_nir(fs, &fkey, mem, &bin, NULL, 0) == 0;
      ralloc_free(mem);
      ralloc_free(vs);
      ralloc_free(fs);
      if (!ok)
         skip();
   }

   struct asahi_test_env e;
   if (!env_init(&e))
      skip();
   struct pipe_context *ctx = e.ctx;

   struct pipe_shader_state vs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = asahi_test_vs_position("tri_vs")};
   struct pipe_shader_state fs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = build_fs()};
   void *vso = ctx->create_vs_state(ctx, &vs);
   void *fso = ctx->create_fs_state(ctx, &fs);
   ctx->bind_vs_state(ctx, vso);
   ctx->bind_fs_state(ctx, fso);

   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 3};
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   ctx->flush(ctx, NULL, 0);

   check_pixels(&e);

   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, vso);
   ctx->delete_fs_state(ctx, fso);
   asahi_test_env_close(&e);

   unsigned dumps = 0;
   assert_int_equal(asahi_test_decode_traces(&dumps), 0);
   assert_true(dumps >= 1);
}

static struct agx_shader_binary *
assemble(const char *text, void *mem)
{
   struct agx_shader_binary *bin = rzalloc(mem, struct agx_shader_binary);
   char err[128];
   assert_int_equal(
      agx_isa_assemble(text, mem, &bin->code, &bin->size_B, err, sizeof(err)),
      0);
   return bin;
}

static void
native_indexed_triangle(void **state)
{
   struct asahi_test_env e;
   if (!env_init(&e))
      skip();
   struct pipe_context *ctx = e.ctx;
   void *mem = ralloc_context(NULL);

   /* Shaders that only stop: the point is the stream around them. */
   struct agx_shader_binary *vsb = assemble("stop", mem);
   vsb->info.stage = MESA_SHADER_VERTEX;
   vsb->info.nr_gprs = 8;
   vsb->info.push_count = 4;
   vsb->info.nr_push = 1;
   vsb->info.push[0] = (struct agx_push_range){
      .uniform = 0, .length = 4, .kind = AGX_PUSH_VBO_BASE, .index = 0};
   vsb->info.vs.nr_words = 4;
   memset(vsb->info.vs.slot_word, 0xff, sizeof(vsb->info.vs.slot_word));
   vsb->info.vs.slot_word[VARYING_SLOT_POS] = 0;

   struct agx_shader_binary *fsb = assemble("stop", mem);
   fsb->info.stage = MESA_SHADER_FRAGMENT;
   fsb->info.nr_gprs = 8;
   fsb->info.fs.nr_cf = 1;
   fsb->info.fs.nr_bindings = 1;
   fsb->info.fs.bindings[0] = (struct agx_cf_binding){
      .cf_base = 0, .slot = VARYING_SLOT_POS, .offset = 3, .count = 1};
   fsb->info.tib_writes = 1;

   struct pipe_shader_state vs = {.type = PIPE_SHADER_IR_NATIVE,
                                  .ir.tokens = vsb};
   struct pipe_shader_state fs = {.type = PIPE_SHADER_IR_NATIVE,
                                  .ir.tokens = fsb};
   void *vso = ctx->create_vs_state(ctx, &vs);
   void *fso = ctx->create_fs_state(ctx, &fs);
   assert_non_null(vso);
   assert_non_null(fso);
   ctx->bind_vs_state(ctx, vso);
   ctx->bind_fs_state(ctx, fso);

   static const uint16_t indices[] = {0, 1, 2};
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES,
                                 .index_size = 2,
                                 .has_user_indices = true,
                                 .instance_count = 1,
                                 .index.user = indices};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 3};
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   /* A second draw with nothing changed adds only an index list. */
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   ctx->flush(ctx, NULL, 0);

   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, vso);
   ctx->delete_fs_state(ctx, fso);
   asahi_test_env_close(&e);
   ralloc_free(mem);

   unsigned dumps = 0;
   assert_int_equal(asahi_test_decode_traces(&dumps), 0);
   assert_int_equal(dumps, 1);
}

/* colour = uniform vec4 at vec4 slot 0 of the default uniform block */
static nir_shader *
build_fs_uniform(void)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_FRAGMENT, &agx_nir_options, "uniform_fs", NULL);
   const nir_vtype *vec4 = nir_vtype_vector(b.shader, nir_type_float32, 4);
   nir_variable *u =
      nir_variable_create(b.shader, nir_var_uniform, vec4, "u_color");
   u->data.driver_location = 0;
   nir_variable *out =
      nir_variable_create(b.shader, nir_var_shader_out, vec4, "color");
   out->data.location = FRAG_RESULT_DATA0;
   nir_store_var(&b, out, nir_load_var(&b, u), 0xf);
   return b.shader;
}

static void
set_colour(struct pipe_context *ctx, float r, float g, float b, float a)
{
   float c[4] = {r, g, b, a};
   struct pipe_constant_buffer cb = {.buffer_size = 16, .user_buffer = c};
   ctx->set_constant_buffer(ctx, PIPE_SHADER_FRAGMENT, 0, false, &cb);
}


/*
 * Depth test with a Z24S8 buffer (stored as Z32F + S8): clear depth to 1,
 * draw a red triangle over the lower-left half at z = 0.25, then a green
 * full-screen quad at z = 0.5 with LESS: the quad only shows where the
 * triangle is not.  Expected: red where x + y + 1 < 64, green elsewhere.
 */
/* A Z24S8 buffer (stored as Z32F + S8) beside the render target, both
 * bound and cleared: colour black, depth 1, stencil 0. */
struct zs_target {
   struct pipe_resource *z;
   struct pipe_surface *zs;
};

static void
zs_target_init(struct asahi_test_env *e, struct zs_target *t)
{
   struct pipe_resource zt = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_Z24_UNORM_S8_UINT,
      .width0 = W,
      .height0 = H,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_DEPTH_STENCIL,
   };
   t->z = e->screen->resource_create(e->screen, &zt);
   assert_non_null(t->z);
   struct pipe_surface zst = {.format = PIPE_FORMAT_Z24_UNORM_S8_UINT};
   t->zs = e->ctx->create_surface(e->ctx, t->z, &zst);
   struct pipe_framebuffer_state fb = {
      .width = W,
      .height = H,
      .layers = 1,
      .samples = 1,
      .nr_cbufs = 1,
      .cbufs = {e->surf},
      .zsbuf = t->zs,
   };
   e->ctx->set_framebuffer_state(e->ctx, &fb);
   union pipe_color_union black = {.f = {0, 0, 0, 1}};
   e->ctx->clear(e->ctx, PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTHSTENCIL, NULL,
                 &black, 1.0, 0);
}

static void
zs_target_fini(struct asahi_test_env *e, struct zs_target *t)
{
   e->ctx->bind_depth_stencil_alpha_state(e->ctx, e->zsa);
   e->ctx->set_framebuffer_state(e->ctx, &(struct pipe_framebuffer_state){0});
   pipe_surface_reference(&t->zs, NULL);
   pipe_resource_reference(&t->z, NULL);
}

/* The pass-through vertex shader and the uniform-colour fragment shader,
 * bound. */
struct colour_program {
   void *vs, *fs;
};

static void
colour_program_bind(struct asahi_test_env *e, struct colour_program *p)
{
   struct pipe_shader_state vs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = asahi_test_vs_position("tri_vs")};
   struct pipe_shader_state fs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = build_fs_uniform()};
   p->vs = e->ctx->create_vs_state(e->ctx, &vs);
   p->fs = e->ctx->create_fs_state(e->ctx, &fs);
   e->ctx->bind_vs_state(e->ctx, p->vs);
   e->ctx->bind_fs_state(e->ctx, p->fs);
}

static void
colour_program_unbind(struct asahi_test_env *e, struct colour_program *p)
{
   e->ctx->bind_vs_state(e->ctx, NULL);
   e->ctx->bind_fs_state(e->ctx, NULL);
   e->ctx->delete_vs_state(e->ctx, p->vs);
   e->ctx->delete_fs_state(e->ctx, p->fs);
}

/* Triangles (count vertices of x, y, z, w) in one colour. */
static void
draw_colour(struct asahi_test_env *e, const float *verts, unsigned count, float r, float g,
            float b)
{
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = count};
   asahi_test_env_vertices(e, verts, count);
   set_colour(e->ctx, r, g, b, 1);
   e->ctx->draw_vbo(e->ctx, &info, 0, NULL, &draw, 1);
}

/* Two triangles covering the viewport at z = 0.5. */
static const float full_quad[] = {-1, -1, 0.5, 1, 1, -1, 0.5, 1, 1,  1, 0.5, 1,
                                  -1, -1, 0.5, 1, 1, 1,  0.5, 1, -1, 1, 0.5, 1};

/* Red where x + y + 1 < W, green elsewhere (the pixels on the diagonal
 * may go either way).  The simulator's depth and stencil tests are
 * checked only with ASAHI_TEST_EXPECT_DEPTH=1 (docs/simulator.rst). */
static void
check_red_below_diagonal(struct asahi_test_env *e)
{
   if (!expecting("ASAHI_TEST_EXPECT_DEPTH"))
      return;
   const struct split red_green = {{255, 0, 0, 255}, {0, 255, 0, 255}};
   assert_image(e->ctx, e->rt, want_split, &red_green);
}

static void
nir_depth_test(void **state)
{
   struct asahi_test_env e;
   if (!env_init(&e))
      skip();
   struct pipe_context *ctx = e.ctx;
   struct pipe_screen *screen = e.screen;

   if (!screen->is_format_supported(screen, PIPE_FORMAT_Z24_UNORM_S8_UINT,
                                    PIPE_TEXTURE_2D, 1, 1,
                                    PIPE_BIND_DEPTH_STENCIL)) {
      asahi_test_env_close(&e);
      skip();
   }
   struct zs_target zs;
   zs_target_init(&e, &zs);

   struct pipe_depth_stencil_alpha_state dsa = {
      .depth_enabled = 1, .depth_writemask = 1, .depth_func = PIPE_FUNC_LESS};
   void *dsao = ctx->create_depth_stencil_alpha_state(ctx, &dsa);
   ctx->bind_depth_stencil_alpha_state(ctx, dsao);
   struct colour_program prog;
   colour_program_bind(&e, &prog);

   static const float tri[] = {-1, -1, 0.25, 1, 1, -1, 0.25, 1, -1, 1, 0.25, 1};
   draw_colour(&e, tri, 3, 1, 0, 0);
   draw_colour(&e, full_quad, 6, 0, 1, 0);
   ctx->flush(ctx, NULL, 0);
   check_red_below_diagonal(&e);

   colour_program_unbind(&e, &prog);
   zs_target_fini(&e, &zs);
   ctx->delete_depth_stencil_alpha_state(ctx, dsao);
   asahi_test_env_close(&e);

   unsigned dumps = 0;
   assert_int_equal(asahi_test_decode_traces(&dumps), 0);
   assert_true(dumps >= 1);
}

/*
 * Texturing: a 64x64 RGBA8 texture with a pattern is uploaded through a
 * map (tiled by ail), bound at unit 0 with a nearest sampler, and a
 * full-screen quad copies it texel for texel with a hand-assembled
 * fragment shader (texture_load at the pixel's coordinates, through ts0 /
 * ss0 as the binding convention says).  The render target must equal the
 * texture.
 */
/* data: a W x H RGBA8 image, row after row */
static bool
want_texel(unsigned x, unsigned y, uint8_t want[4], const void *data)
{
   memcpy(want, (const uint8_t *)data + (y * W + x) * 4, 4);
   return true;
}

static void
texture_copy(void **state)
{
   struct asahi_test_env e;
   if (!env_init(&e))
      skip();
   struct pipe_context *ctx = e.ctx;
   struct pipe_screen *screen = e.screen;
   void *mem = ralloc_context(NULL);

   struct pipe_resource tt = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = W,
      .height0 = H,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_SAMPLER_VIEW,
   };
   struct pipe_resource *tex = screen->resource_create(screen, &tt);
   assert_non_null(tex);
   static uint8_t pattern[W * H * 4];
   for (unsigned y = 0; y < H; ++y) {
      for (unsigned x = 0; x < W; ++x) {
         uint8_t *p = pattern + (y * W + x) * 4;
         p[0] = x * 4;
         p[1] = y * 4;
         p[2] = (x ^ y) * 4;
         p[3] = 255 - x;
      }
   }
   struct pipe_box box = {0, 0, 0, W, H, 1};
   ctx->texture_subdata(ctx, tex, 0, PIPE_MAP_WRITE, &box, pattern, W * 4, 0);

   struct pipe_sampler_view vt = {
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .target = PIPE_TEXTURE_2D,
      .swizzle_r = PIPE_SWIZZLE_X,
      .swizzle_g = PIPE_SWIZZLE_Y,
      .swizzle_b = PIPE_SWIZZLE_Z,
      .swizzle_a = PIPE_SWIZZLE_W,
   };
   struct pipe_sampler_view *view = ctx->create_sampler_view(ctx, tex, &vt);
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, 0, 1, 0, false, &view);
   struct pipe_sampler_state ss = {
      .wrap_s = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
      .wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
      .wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
      .min_mip_filter = PIPE_TEX_MIPFILTER_NONE,
      .max_lod = 14,
   };
   void *sso = ctx->create_sampler_state(ctx, &ss);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, 0, 1, &sso);

   struct agx_shader_binary *fsb = assemble(
      "get_sr r4, sr80\n"
      "get_sr r5, sr81\n"
      "texture_load 0, 0b1100, 0b0, none, xyzw, 0b00, r0_r1_r2_r3, ts0, "
      "ss0, tex_2d, r4_r5, auto_lod, 0\n"
      "wait 0\n"
      "st_tile r0_r1_r2_r3, u8norm, 0, xyzw, 0, 255, 0\n"
      "stop",
      mem);
   fsb->info.stage = MESA_SHADER_FRAGMENT;
   fsb->info.nr_gprs = 12;
   fsb->info.tib_writes = 1;

   struct pipe_shader_state vs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = asahi_test_vs_position("tri_vs")};
   struct pipe_shader_state fs = {.type = PIPE_SHADER_IR_NATIVE,
                                  .ir.tokens = fsb};
   void *vso = ctx->create_vs_state(ctx, &vs);
   void *fso = ctx->create_fs_state(ctx, &fs);
   ctx->bind_vs_state(ctx, vso);
   ctx->bind_fs_state(ctx, fso);

   static const float quad[] = {-1, -1, 0.5, 1, 1, -1, 0.5, 1, 1,  1, 0.5, 1,
                                -1, -1, 0.5, 1, 1, 1,  0.5, 1, -1, 1, 0.5, 1};
   asahi_test_env_vertices(&e, quad, 6);
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias d6 = {.start = 0, .count = 6};
   ctx->draw_vbo(ctx, &info, 0, NULL, &d6, 1);
   ctx->flush(ctx, NULL, 0);

   if (expecting("ASAHI_TEST_EXPECT_PIXELS"))
      assert_image(ctx, e.rt, want_texel, pattern);

   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, vso);
   ctx->delete_fs_state(ctx, fso);
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, 0, 0, 1, false, NULL);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, 0, 1, (void *[]){NULL});
   ctx->delete_sampler_state(ctx, sso);
   pipe_sampler_view_reference(&view, NULL);
   pipe_resource_reference(&tex, NULL);
   asahi_test_env_close(&e);
   ralloc_free(mem);

   unsigned dumps = 0;
   assert_int_equal(asahi_test_decode_traces(&dumps), 0);
   assert_true(dumps >= 1);
}

/*
 * A render pass that does not clear loads what the previous pass stored:
 * clear to blue and flush, then draw the red triangle without clearing.
 * Expected: red where x + y + 1 < 64, blue elsewhere.
 */
static void
load_then_draw(void **state)
{
   struct asahi_test_env e;
   if (!env_init(&e))
      skip();
   struct pipe_context *ctx = e.ctx;

   union pipe_color_union blue = {.f = {0, 0, 1, 1}};
   ctx->clear(ctx, PIPE_CLEAR_COLOR0, NULL, &blue, 1.0, 0);
   ctx->flush(ctx, NULL, 0);

   struct pipe_shader_state vs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = asahi_test_vs_position("tri_vs")};
   struct pipe_shader_state fs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = build_fs()};
   void *vso = ctx->create_vs_state(ctx, &vs);
   void *fso = ctx->create_fs_state(ctx, &fs);
   ctx->bind_vs_state(ctx, vso);
   ctx->bind_fs_state(ctx, fso);
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 3};
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   ctx->flush(ctx, NULL, 0);

   if (expecting("ASAHI_TEST_EXPECT_PIXELS")) {
      struct split red_blue = {{255, 0, 0, 255}, {0, 0, 255, 255}};
      if (env_format == PIPE_FORMAT_B8G8R8A8_UNORM) {
         /* memory order B, G, R, A */
         red_blue.below[0] = 0;
         red_blue.below[2] = 255;
         red_blue.above[0] = 255;
         red_blue.above[2] = 0;
      }
      assert_image(ctx, e.rt, want_split, &red_blue);
   }

   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, vso);
   ctx->delete_fs_state(ctx, fso);
   asahi_test_env_close(&e);
   unsigned dumps = 0;
   assert_int_equal(asahi_test_decode_traces(&dumps), 0);
   assert_true(dumps >= 2);
}

/* Blits (scaled 2x, flipped vertically) and copies of tiled textures,
 * checked texel by texel against the nearest-texel rule.
 */
static void
blit_and_copy(void **state)
{
   struct asahi_test_env e;
   if (!env_init(&e))
      skip();
   struct pipe_context *ctx = e.ctx;
   struct pipe_screen *screen = e.screen;
   struct pipe_resource t = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = 8,
      .height0 = 8,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_SAMPLER_VIEW,
   };
   struct pipe_resource *a = screen->resource_create(screen, &t);
   t.width0 = t.height0 = 16;
   struct pipe_resource *b = screen->resource_create(screen, &t);
   struct pipe_resource *c = screen->resource_create(screen, &t);
   assert_true(a && b && c);

   uint32_t pa[64];
   for (unsigned i = 0; i < 64; ++i)
      pa[i] = 0xff000000u | (i * 0x010203u);
   struct pipe_box box8 = {0, 0, 0, 8, 8, 1};
   ctx->texture_subdata(ctx, a, 0, PIPE_MAP_WRITE, &box8, pa, 32, 0);

   struct pipe_blit_info bi = {
      .dst = {.resource = b,
              .box = {0, 16, 0, 16, -16, 1},
              .format = PIPE_FORMAT_R8G8B8A8_UNORM},
      .src = {.resource = a,
              .box = {0, 0, 0, 8, 8, 1},
              .format = PIPE_FORMAT_R8G8B8A8_UNORM},
      .mask = PIPE_MASK_RGBA,
   };
   ctx->blit(ctx, &bi);
   struct pipe_box box16 = {0, 0, 0, 16, 16, 1};
   ctx->resource_copy_region(ctx, c, 0, 0, 0, 0, b, 0, &box16);

   struct pipe_transfer *xfer = NULL;
   const uint32_t *map =
      ctx->texture_map(ctx, c, 0, PIPE_MAP_READ, &box16, &xfer);
   assert_non_null(map);
   for (unsigned y = 0; y < 16; ++y) {
      for (unsigned x = 0; x < 16; ++x) {
         uint32_t want = pa[(7 - y / 2) * 8 + x / 2];
         assert_int_equal(map[y * xfer->stride / 4 + x], want);
      }
   }
   ctx->texture_unmap(ctx, xfer);
   pipe_resource_reference(&a, NULL);
   pipe_resource_reference(&b, NULL);
   pipe_resource_reference(&c, NULL);
   asahi_test_env_close(&e);
   unsigned dumps = 0;
   assert_int_equal(asahi_test_decode_traces(&dumps), 0);
}

/* gl_Position = attribute 0 + attribute 1 (per instance, divisor 1). */
static nir_shader *
build_vs_instanced(void)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_VERTEX, &agx_nir_options, "inst_vs", NULL);
   asahi_test_output(&b, VARYING_SLOT_POS,
                     nir_fadd(&b, asahi_test_attrib(&b, 0),
                              asahi_test_attrib(&b, 1)),
                     nir_type_float32);
   return b.shader;
}

/* Colour 0 = red, colour 1 = blue. */
static nir_shader *
build_fs_mrt(void)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_FRAGMENT, &agx_nir_options, "mrt_fs", NULL);
   const nir_vtype *vec4 = nir_vtype_vector(b.shader, nir_type_float32, 4);
   for (unsigned i = 0; i < 2; ++i) {
      nir_variable *out = nir_variable_create(b.shader, nir_var_shader_out,
                                              vec4, i ? "c1" : "c0");
      out->data.location = FRAG_RESULT_DATA0 + i;
      nir_def *c[4] = {nir_imm_float(&b, i ? 0 : 1), nir_imm_float(&b, 0),
                       nir_imm_float(&b, i ? 1 : 0), nir_imm_float(&b, 1)};
      nir_store_var(&b, out, nir_vec(&b, c, 4), 0xf);
   }
   return b.shader;
}

/* What mrt_instanced draws: the lower-left half of the lower-left and of
 * the upper-right quadrant, red in render target 0 and blue in 1; data:
 * the render target's index. */
static bool
want_quadrants(unsigned x, unsigned y, uint8_t want[4], const void *data)
{
   unsigned r = *(const unsigned *)data;
   /* position within its quadrant */
   unsigned qx = x % 32, qy = y % 32;
   bool quadrant = (x < 32) == (y < 32);
   int dd = (int)(qx + qy + 1) - 32;
   if (quadrant && dd >= -1 && dd <= 1)
      return false;
   bool in = quadrant && dd < 0;
   const uint8_t w[4] = {in && r == 0 ? 255 : 0, 0, in && r == 1 ? 255 : 0,
                         255};
   memcpy(want, w, 4);
   return true;
}

/*
 * Two render targets and two instances: a small triangle drawn twice
 * with per-instance offsets (divisor 1) into RT0 (red) and RT1 (blue).
 * Triangle (-1,-1), (0,-1), (-1,0) covers pixels with x + y + 1 < 32 in
 * the lower-left quadrant; instance 1 moves it by (+1, +1) into the
 * upper-right quadrant.  Both targets must show both copies.
 */
static void
mrt_instanced(void **state)
{
   {
      nir_shader *vs = build_vs_instanced(), *fs = build_fs_mrt();
      struct agx_shader_key key = {0};
      key.vs.attribs[0] = (struct agx_attribute_key){
         .format = PIPE_FORMAT_R32G32B32A32_FLOAT, .stride = 16};
      key.vs.attribs[1] =
         (struct agx_attribute_key){.format = PIPE_FORMAT_R32G32B32A32_FLOAT,
                                    .buffer = 1,
                                    .stride = 16,
                                    .divisor = 1};
      struct agx_shader_binary bin;
      void *mem = ralloc_context(NULL);
      bool ok = agx_preprocess_nir(vs) &&
                agx_compile_shader_nir(vs, &key, mem, &bin, NULL, 0) == 0;
      struct agx_shader_key fkey = {0};
      fkey.fs.rt[0].format = PIPE_FORMAT_R8G8B8A8_UNORM;
      fkey.fs.rt[1].format = PIPE_FORMAT_R8G8B8A8_UNORM;
      fkey.fs.rt[1].offset_B = 4;
      ok = ok && agx_preprocess_nir(fs) &&
           agx_compile_shader_nir(fs, &fkey, mem, &bin, NULL, 0) == 0;
      ralloc_free(mem);
      ralloc_free(vs);
      ralloc_free(fs);
      if (!ok)
         skip();
   }

   struct asahi_test_env e;
   if (!env_init(&e))
      skip();
   struct pipe_context *ctx = e.ctx;
   struct pipe_screen *screen = e.screen;

   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = W,
      .height0 = H,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_RENDER_TARGET,
   };
   struct pipe_resource *rt1 = screen->resource_create(screen, &templ);
   struct pipe_surface st = {.format = PIPE_FORMAT_R8G8B8A8_UNORM};
   struct pipe_surface *s1 = ctx->create_surface(ctx, rt1, &st);
   struct pipe_framebuffer_state fb = {
      .width = W,
      .height = H,
      .layers = 1,
      .samples = 1,
      .nr_cbufs = 2,
      .cbufs = {e.surf, s1},
   };
   ctx->set_framebuffer_state(ctx, &fb);
   union pipe_color_union black = {.f = {0, 0, 0, 1}};
   ctx->clear(ctx, PIPE_CLEAR_COLOR0 | PIPE_CLEAR_COLOR1, NULL, &black, 1, 0);

   static const float tri[] = {-1, -1, 0, 1, 0, -1, 0, 1, -1, 0, 0, 1};
   static const float offsets[] = {0, 0, 0, 0, 1, 1, 0, 0};
   struct pipe_resource *vb0 = pipe_buffer_create(
      screen, PIPE_BIND_VERTEX_BUFFER, PIPE_USAGE_DEFAULT, sizeof(tri));
   struct pipe_resource *vb1 = pipe_buffer_create(
      screen, PIPE_BIND_VERTEX_BUFFER, PIPE_USAGE_DEFAULT, sizeof(offsets));
   pipe_buffer_write(ctx, vb0, 0, sizeof(tri), tri);
   pipe_buffer_write(ctx, vb1, 0, sizeof(offsets), offsets);
   struct pipe_vertex_buffer vbs[2] = {{.buffer.resource = vb0},
                                       {.buffer.resource = vb1}};
   ctx->set_vertex_buffers(ctx, 2, vbs);
   struct pipe_vertex_element els[2] = {
      {.src_stride = 16,
       .vertex_buffer_index = 0,
       .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT},
      {.src_stride = 16,
       .vertex_buffer_index = 1,
       .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT,
       .instance_divisor = 1},
   };
   void *ve = ctx->create_vertex_elements_state(ctx, 2, els);
   ctx->bind_vertex_elements_state(ctx, ve);

   struct pipe_shader_state vs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = build_vs_instanced()};
   struct pipe_shader_state fs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = build_fs_mrt()};
   void *vso = ctx->create_vs_state(ctx, &vs);
   void *fso = ctx->create_fs_state(ctx, &fs);
   ctx->bind_vs_state(ctx, vso);
   ctx->bind_fs_state(ctx, fso);
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES,
                                 .instance_count = 2};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 3};
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   ctx->flush(ctx, NULL, 0);

   if (expecting("ASAHI_TEST_EXPECT_PIXELS")) {
      for (unsigned r = 0; r < 2; ++r)
         assert_image(ctx, r ? rt1 : e.rt, want_quadrants, &r);
   }

   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, vso);
   ctx->delete_fs_state(ctx, fso);
   ctx->bind_vertex_elements_state(ctx, e.ve);
   ctx->delete_vertex_elements_state(ctx, ve);
   ctx->set_framebuffer_state(ctx, &(struct pipe_framebuffer_state){0});
   pipe_surface_reference(&s1, NULL);
   pipe_resource_reference(&rt1, NULL);
   pipe_resource_reference(&vb0, NULL);
   pipe_resource_reference(&vb1, NULL);
   asahi_test_env_close(&e);
   unsigned dumps = 0;
   assert_int_equal(asahi_test_decode_traces(&dumps), 0);
}

/*
 * Occlusion query around the triangle: the counter must be the number of
 * covered pixels (2016 with centres strictly inside, 2080 if the 64
 * centres on the diagonal edge count too).  The value is checked with
 * ASAHI_TEST_EXPECT_OCCLUSION=1 (the simulator does not count yet).
 */
static void
occlusion_query(void **state)
{
   struct asahi_test_env e;
   if (!env_init(&e))
      skip();
   struct pipe_context *ctx = e.ctx;
   struct pipe_shader_state vs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = asahi_test_vs_position("tri_vs")};
   struct pipe_shader_state fs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = build_fs()};
   void *vso = ctx->create_vs_state(ctx, &vs);
   void *fso = ctx->create_fs_state(ctx, &fs);
   ctx->bind_vs_state(ctx, vso);
   ctx->bind_fs_state(ctx, fso);

   struct pipe_query *q =
      ctx->create_query(ctx, PIPE_QUERY_OCCLUSION_COUNTER, 0);
   assert_non_null(q);
   assert_true(ctx->begin_query(ctx, q));
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 3};
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   assert_true(ctx->end_query(ctx, q));
   /* a draw outside the query must not count */
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);

   union pipe_query_result r = {0};
   assert_true(ctx->get_query_result(ctx, q, true, &r));
   if (expecting("ASAHI_TEST_EXPECT_OCCLUSION"))
      assert_true(r.u64 == 2016 || r.u64 == 2080);
   ctx->destroy_query(ctx, q);

   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, vso);
   ctx->delete_fs_state(ctx, fso);
   asahi_test_env_close(&e);
   unsigned dumps = 0;
   assert_int_equal(asahi_test_decode_traces(&dumps), 0);
}

/*
 * Stencil with a Z24S8 buffer (separate S8 plane): the red triangle
 * writes stencil 1 (REPLACE, ref 1); a green full-screen quad then draws
 * only where stencil == 0.  Expected: red where x + y + 1 < 64, green
 * elsewhere.
 */
static void
stencil_test(void **state)
{
   struct asahi_test_env e;
   if (!env_init(&e))
      skip();
   struct pipe_context *ctx = e.ctx;

   struct zs_target zs;
   zs_target_init(&e, &zs);

   struct pipe_depth_stencil_alpha_state write1 = {
      .stencil[0] = {.enabled = 1,
                     .func = PIPE_FUNC_ALWAYS,
                     .zpass_op = PIPE_STENCIL_OP_REPLACE,
                     .valuemask = 0xff,
                     .writemask = 0xff}};
   struct pipe_depth_stencil_alpha_state test0 = {
      .stencil[0] = {.enabled = 1,
                     .func = PIPE_FUNC_EQUAL,
                     .valuemask = 0xff,
                     .writemask = 0}};
   void *w1 = ctx->create_depth_stencil_alpha_state(ctx, &write1);
   void *t0 = ctx->create_depth_stencil_alpha_state(ctx, &test0);
   struct colour_program prog;
   colour_program_bind(&e, &prog);

   static const float tri[] = {-1, -1, 0.5, 1, 1, -1, 0.5, 1, -1, 1, 0.5, 1};
   ctx->bind_depth_stencil_alpha_state(ctx, w1);
   ctx->set_stencil_ref(ctx, (struct pipe_stencil_ref){{1, 1}});
   draw_colour(&e, tri, 3, 1, 0, 0);
   ctx->bind_depth_stencil_alpha_state(ctx, t0);
   ctx->set_stencil_ref(ctx, (struct pipe_stencil_ref){{0, 0}});
   draw_colour(&e, full_quad, 6, 0, 1, 0);
   ctx->flush(ctx, NULL, 0);
   check_red_below_diagonal(&e);

   colour_program_unbind(&e, &prog);
   zs_target_fini(&e, &zs);
   ctx->delete_depth_stencil_alpha_state(ctx, w1);
   ctx->delete_depth_stencil_alpha_state(ctx, t0);
   asahi_test_env_close(&e);
   unsigned dumps = 0;
   assert_int_equal(asahi_test_decode_traces(&dumps), 0);
}

/* The same with a BGRA8 target: clear colours, shader outputs and the
 * reload all follow its memory order.
 */
static void
load_then_draw_bgra(void **state)
{
   env_format = PIPE_FORMAT_B8G8R8A8_UNORM;
   load_then_draw(state);
   env_format = PIPE_FORMAT_R8G8B8A8_UNORM;
}

/*
 * 4x multisampling: the red triangle into a 4-sample target, a second
 * pass that reloads it (all samples) and draws nothing new but a
 * triangle off screen, then a resolve (blit) into the single-sampled
 * target.  Pixels away from the edge are pure red or black; some pixels
 * along the diagonal edge are partly covered (between 0 and 255).
 */
static void
msaa_resolve(void **state)
{
   struct asahi_test_env e;
   if (!env_init(&e))
      skip();
   struct pipe_context *ctx = e.ctx;
   struct pipe_screen *screen = e.screen;
   if (!screen->is_format_supported(screen, PIPE_FORMAT_R8G8B8A8_UNORM,
                                    PIPE_TEXTURE_2D, 4, 4,
                                    PIPE_BIND_RENDER_TARGET)) {
      asahi_test_env_close(&e);
      skip();
   }

   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = W,
      .height0 = H,
      .depth0 = 1,
      .array_size = 1,
      .nr_samples = 4,
      .nr_storage_samples = 4,
      .bind = PIPE_BIND_RENDER_TARGET,
   };
   struct pipe_resource *ms = screen->resource_create(screen, &templ);
   assert_non_null(ms);
   struct pipe_surface st = {.format = PIPE_FORMAT_R8G8B8A8_UNORM};
   struct pipe_surface *surf = ctx->create_surface(ctx, ms, &st);
   struct pipe_framebuffer_state fb = {
      .width = W,
      .height = H,
      .layers = 1,
      .samples = 4,
      .nr_cbufs = 1,
      .cbufs = {surf},
   };
   ctx->set_framebuffer_state(ctx, &fb);
   union pipe_color_union black = {.f = {0, 0, 0, 1}};
   ctx->clear(ctx, PIPE_CLEAR_COLOR0, NULL, &black, 1.0, 0);

   struct pipe_shader_state vs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = asahi_test_vs_position("tri_vs")};
   struct pipe_shader_state fs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = build_fs()};
   void *vso = ctx->create_vs_state(ctx, &vs);
   void *fso = ctx->create_fs_state(ctx, &fs);
   ctx->bind_vs_state(ctx, vso);
   ctx->bind_fs_state(ctx, fso);
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 3};
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   ctx->flush(ctx, NULL, 0);

   /* A second pass that must keep every sample (reload). */
   static const float off[] = {-1, -1, 0,  -1,     -0.99f, -1,
                               0,  -1, -1, -0.99f, 0,      -1};
   asahi_test_env_vertices(&e, off, 3);
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   ctx->flush(ctx, NULL, 0);

   struct pipe_blit_info bi = {
      .dst = {.resource = e.rt,
              .box = {0, 0, 0, W, H, 1},
              .format = PIPE_FORMAT_R8G8B8A8_UNORM},
      .src = {.resource = ms,
              .box = {0, 0, 0, W, H, 1},
              .format = PIPE_FORMAT_R8G8B8A8_UNORM},
      .mask = PIPE_MASK_RGBA,
   };
   ctx->blit(ctx, &bi);

   /* Needs a simulator with multisampled block stores (checked with
    * ASAHI_TEST_EXPECT_MSAA=1).
    */
   if (expecting("ASAHI_TEST_EXPECT_MSAA")) {
      struct pipe_box box = {0, 0, 0, W, H, 1};
      struct pipe_transfer *xfer = NULL;
      uint8_t *map = ctx->texture_map(ctx, e.rt, 0, PIPE_MAP_READ, &box, &xfer);
      assert_non_null(map);
      unsigned bad = 0, partial = 0;
      for (unsigned y = 0; y < H; ++y) {
         for (unsigned x = 0; x < W; ++x) {
            int dd = (int)(x + y + 1) - W;
            const uint8_t *p = map + y * xfer->stride + x * 4;
            if (dd >= -1 && dd <= 1) {
               partial += p[0] > 0 && p[0] < 255;
               continue;
            }
            uint8_t want[4] = {dd < 0 ? 255 : 0, 0, 0, 255};
            if (memcmp(p, want, 4) && bad++ < 8)
               print_error("pixel (%u, %u) is %u %u %u %u, want %u %u %u %u\n",
                           x, y, p[0], p[1], p[2], p[3], want[0], want[1],
                           want[2], want[3]);
         }
      }
      ctx->texture_unmap(ctx, xfer);
      assert_int_equal(bad, 0);
      assert_true(partial > 0);

      /* A map of the multisampled image itself shows resolved pixels
       * too (what glReadPixels of a multisampled window reads).
       */
      uint8_t *msmap =
         ctx->texture_map(ctx, ms, 0, PIPE_MAP_READ, &box, &xfer);
      assert_non_null(msmap);
      assert_int_equal(xfer->stride, W * 4);
      for (unsigned y = 0; y < H; ++y) {
         for (unsigned x = 0; x < W; ++x) {
            int dd = (int)(x + y + 1) - W;
            if (dd >= -1 && dd <= 1)
               continue;
            const uint8_t *p = msmap + y * xfer->stride + x * 4;
            assert_int_equal(p[0], dd < 0 ? 255 : 0);
         }
      }
      ctx->texture_unmap(ctx, xfer);
   }

   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, vso);
   ctx->delete_fs_state(ctx, fso);
   ctx->set_framebuffer_state(ctx, &(struct pipe_framebuffer_state){0});
   pipe_surface_reference(&surf, NULL);
   pipe_resource_reference(&ms, NULL);
   asahi_test_env_close(&e);
   unsigned dumps = 0;
   assert_int_equal(asahi_test_decode_traces(&dumps), 0);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(native_indexed_triangle),
      cmocka_unit_test(nir_triangle),
      cmocka_unit_test(nir_depth_test),
      cmocka_unit_test(texture_copy),
      cmocka_unit_test(load_then_draw),
      cmocka_unit_test(blit_and_copy),
      cmocka_unit_test(mrt_instanced),
      cmocka_unit_test(occlusion_query),
      cmocka_unit_test(stencil_test),
      cmocka_unit_test(load_then_draw_bgra),
      cmocka_unit_test(msaa_resolve),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
