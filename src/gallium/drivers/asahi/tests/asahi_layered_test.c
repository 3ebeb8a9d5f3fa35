/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A layered render pass through the driver (GL 3.2 section 4.4.7 in
 * Gallium terms): a 32x32 RGBA8 2D array texture of two layers and a
 * Z32F 2D array of two layers are the framebuffer (surfaces of layers
 * 0-1, pipe_framebuffer_state.layers = 2).  The vertex shader (built with
 * nir_builder) writes the layer (VARYING_SLOT_LAYER) from the position
 * attribute's w, and puts w = 1.
 *  1. A clear (colour blue, depth 1) must clear both layers.
 *  2. One draw of two red triangles at window depth 0.25 with depth test
 *     LESS and depth writes: the lower-left triangle (-1,-1), (1,-1),
 *     (-1,1) in layer 0, the upper-right one (1,1), (-1,1), (1,-1) in
 *     layer 1; then the pass ends (flush), storing each layer's depth.
 *  3. A second pass (loading colour and depth) draws a green full-screen
 *     quad at depth 0.5 in each layer: it shows only where that layer's
 *     stored depth is still 1, so depth must have been stored and loaded
 *     per layer.
 *
 * Expected pixels, by hand: pixel (x, y) of row y in memory has its
 * centre at (x + 0.5, y + 0.5); the lower-left triangle covers the
 * centres with x + y + 1 < 32, the upper-right one those with
 * x + y + 1 > 32.  After 1, both layers are (0, 0, 255, 255).  After 3,
 * layer 0 is red where x + y + 1 < 32 and green elsewhere; layer 1 the
 * other way round.  Pixels whose centre is within a pixel of the
 * diagonal are not checked (fill rule).
 *
 * Pixels are checked on an executing shim (ASAHI_TEST_EXPECT_PIXELS);
 * under the no-op shim every submission must decode (ASAHI_MESA_DEBUG=
 * trace, agxdecode).
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
#include "util/u_inlines.h"

#include "asahi/compiler/agx_compile.h"
#include "asahi_drm_public.h"
#include "asahi_test_env.h"
#include "asahi_test_util.h"
#include "decode.h"
#include "decode_dump.h"

#define W 32
#define H 32
#define LAYERS 2

static char trace_dir[256];

static unsigned
decode_traces(unsigned *dumps)
{
   unsigned problems = 0;
   DIR *dir = opendir(trace_dir);
   struct dirent *ent;
   *dumps = 0;
   while (dir && (ent = readdir(dir))) {
      if (!strstr(ent->d_name, ".agxdump"))
         continue;
      char path[600];
      snprintf(path, sizeof(path), "%s/%s", trace_dir, ent->d_name);
      size_t size = 0;
      char *data = NULL;
      assert_int_equal(os_read_file(path, &data, &size), 0);
      struct agx_dump dump;
      const char *error = NULL;
      assert_true(agx_dump_read((const uint8_t *)data, size, &dump, &error));
      FILE *out = fopen("/dev/null", "w");
      struct agxdecode_options o = {.fp = out,
                                    .usc_exec_base = dump.usc_exec_base};
      struct agxdecode_ctx *dctx = agxdecode_create(&o);
      agxdecode_add_dump_regions(dctx, &dump);
      problems +=
         agxdecode_drm_cmdbuf(dctx, dump.submission, dump.submission_size_B);
      agxdecode_destroy(dctx);
      fclose(out);
      unlink(path);
      free(data);
      (*dumps)++;
   }
   if (dir)
      closedir(dir);
   return problems;
}

static int
setup(void **state)
{
   snprintf(trace_dir, sizeof(trace_dir), "/tmp/asahi-layered-test-%d",
            (int)getpid());
   mkdir(trace_dir, 0755);
   setenv("ASAHI_TRACE_DIR", trace_dir, 1);
   return 0;
}

static int
teardown(void **state)
{
   rmdir(trace_dir);
   return 0;
}

/* gl_Position = (pos.xyz, 1), gl_Layer = int(pos.w). */
static nir_shader *
build_vs(void)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_VERTEX, &agx_nir_options, "layer_vs", NULL);
   nir_def *p = asahi_test_attrib(&b, 0);
   nir_def *c[4] = {nir_channel(&b, p, 0), nir_channel(&b, p, 1),
                    nir_channel(&b, p, 2), nir_imm_float(&b, 1)};
   asahi_test_output(&b, VARYING_SLOT_POS, nir_vec(&b, c, 4),
                     nir_type_float32);
   asahi_test_output(&b, VARYING_SLOT_LAYER,
                     nir_f2i32(&b, nir_channel(&b, p, 3)), nir_type_int32);
   return b.shader;
}

/* Colour 0 = (r, g, 0, 1). */
static nir_shader *
build_fs(float r, float g)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_FRAGMENT, &agx_nir_options, "layer_fs", NULL);
   const nir_vtype *vec4 = nir_vtype_vector(b.shader, nir_type_float32, 4);
   nir_variable *out =
      nir_variable_create(b.shader, nir_var_shader_out, vec4, "color");
   out->data.location = FRAG_RESULT_DATA0;
   nir_def *c[4] = {nir_imm_float(&b, r), nir_imm_float(&b, g),
                    nir_imm_float(&b, 0), nir_imm_float(&b, 1)};
   nir_store_var(&b, out, nir_vec(&b, c, 4), 0xf);
   return b.shader;
}

static bool
expect_pixels(void)
{
   const char *e = getenv("ASAHI_TEST_EXPECT_PIXELS");
   return e && atoi(e);
}

/* Layer `layer` against the hand-computed picture: `drawn` (-1 lower
 * left, +1 upper right, 0 nothing) red, the rest `rest`. */
static unsigned
check_layer(struct pipe_context *ctx, struct pipe_resource *rt,
            unsigned layer, int drawn, const uint8_t rest[4])
{
   struct pipe_box box = {0, 0, (int)layer, W, H, 1};
   struct pipe_transfer *xfer = NULL;
   uint8_t *map = ctx->texture_map(ctx, rt, 0, PIPE_MAP_READ, &box, &xfer);
   assert_non_null(map);
   unsigned bad = 0;
   for (unsigned y = 0; y < H; ++y) {
      for (unsigned x = 0; x < W; ++x) {
         int d = (int)(x + y + 1) - W;
         if (drawn && d >= -1 && d <= 1)
            continue;
         bool red = drawn != 0 && (drawn < 0 ? d < 0 : d > 0);
         const uint8_t *p = map + y * xfer->stride + x * 4;
         uint8_t want[4] = {255, 0, 0, 255};
         if (!red)
            memcpy(want, rest, 4);
         if (memcmp(p, want, 4) && bad++ < 4)
            print_error("layer %u pixel (%u, %u) is %u %u %u %u, want "
                        "%u %u %u %u\n",
                        layer, x, y, p[0], p[1], p[2], p[3], want[0],
                        want[1], want[2], want[3]);
      }
   }
   ctx->texture_unmap(ctx, xfer);
   return bad;
}

static void
layered_pass(void **state)
{
   int fd = asahi_test_open_node();
   if (fd < 0)
      skip();
   struct pipe_screen *s = asahi_drm_screen_create(fd, NULL);
   close(fd);
   assert_non_null(s);
   struct pipe_context *ctx = s->context_create(s, NULL, 0);
   assert_non_null(ctx);

   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D_ARRAY,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = W,
      .height0 = H,
      .depth0 = 1,
      .array_size = LAYERS,
      .bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW,
   };
   struct pipe_resource *rt = s->resource_create(s, &templ);
   assert_non_null(rt);
   templ.format = PIPE_FORMAT_Z32_FLOAT;
   templ.bind = PIPE_BIND_DEPTH_STENCIL;
   struct pipe_resource *zt = s->resource_create(s, &templ);
   assert_non_null(zt);
   struct pipe_surface st = {.format = PIPE_FORMAT_R8G8B8A8_UNORM,
                             .u.tex.first_layer = 0,
                             .u.tex.last_layer = LAYERS - 1};
   struct pipe_surface *surf = ctx->create_surface(ctx, rt, &st);
   st.format = PIPE_FORMAT_Z32_FLOAT;
   struct pipe_surface *zsurf = ctx->create_surface(ctx, zt, &st);
   assert_non_null(surf);
   assert_non_null(zsurf);
   struct pipe_framebuffer_state fb = {
      .width = W,
      .height = H,
      .layers = LAYERS,
      .samples = 1,
      .nr_cbufs = 1,
      .cbufs = {surf},
      .zsbuf = zsurf,
   };
   ctx->set_framebuffer_state(ctx, &fb);

   /* 1. The clear alone: every layer blue, depth 1. */
   static const uint8_t blue[4] = {0, 0, 255, 255};
   static const uint8_t green[4] = {0, 255, 0, 255};
   union pipe_color_union clear_blue = {.f = {0, 0, 1, 1}};
   ctx->clear(ctx, PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTH, NULL, &clear_blue,
              1.0, 0);
   ctx->flush(ctx, NULL, 0);
   if (expect_pixels()) {
      assert_int_equal(check_layer(ctx, rt, 0, 0, blue), 0);
      assert_int_equal(check_layer(ctx, rt, 1, 0, blue), 0);
   }

   struct pipe_rasterizer_state rs = asahi_test_rasterizer();
   void *rso = ctx->create_rasterizer_state(ctx, &rs);
   ctx->bind_rasterizer_state(ctx, rso);
   struct pipe_depth_stencil_alpha_state zsa = {
      .depth_enabled = 1, .depth_writemask = 1, .depth_func = PIPE_FUNC_LESS};
   void *zsao = ctx->create_depth_stencil_alpha_state(ctx, &zsa);
   ctx->bind_depth_stencil_alpha_state(ctx, zsao);
   struct pipe_blend_state blend = {.rt[0].colormask = 0xf};
   void *blendo = ctx->create_blend_state(ctx, &blend);
   ctx->bind_blend_state(ctx, blendo);
   struct pipe_viewport_state vp = {
      .scale = {W / 2.0f, H / 2.0f, 0.5f},
      .translate = {W / 2.0f, H / 2.0f, 0.5f},
   };
   ctx->set_viewport_states(ctx, 0, 1, &vp);

   /* x, y, z, layer: the triangles at z -0.5 (window 0.25), then a quad
    * per layer at z 0 (window 0.5). */
   static const float verts[] = {
      -1, -1, -0.5, 0, /**/ 1, -1, -0.5, 0, /**/ -1, 1, -0.5, 0,
      1,  1,  -0.5, 1, /**/ -1, 1, -0.5, 1, /**/ 1, -1, -0.5, 1,
      -1, -1, 0, 0, /**/ 1, -1, 0, 0, /**/ 1, 1, 0, 0,
      -1, -1, 0, 0, /**/ 1, 1,  0, 0, /**/ -1, 1, 0, 0,
      -1, -1, 0, 1, /**/ 1, -1, 0, 1, /**/ 1, 1, 0, 1,
      -1, -1, 0, 1, /**/ 1, 1,  0, 1, /**/ -1, 1, 0, 1,
   };
   struct pipe_resource *vbo = pipe_buffer_create(
      s, PIPE_BIND_VERTEX_BUFFER, PIPE_USAGE_DEFAULT, sizeof(verts));
   pipe_buffer_write(ctx, vbo, 0, sizeof(verts), verts);
   struct pipe_vertex_element el = {
      .src_stride = 16,
      .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT,
   };
   void *ve = ctx->create_vertex_elements_state(ctx, 1, &el);
   ctx->bind_vertex_elements_state(ctx, ve);
   struct pipe_vertex_buffer vb = {.buffer.resource = vbo};
   ctx->set_vertex_buffers(ctx, 1, &vb);

   struct pipe_shader_state vs = {.type = PIPE_SHADER_IR_NIR,
                                  .ir.nir = build_vs()};
   struct pipe_shader_state fs_red = {.type = PIPE_SHADER_IR_NIR,
                                      .ir.nir = build_fs(1, 0)};
   struct pipe_shader_state fs_green = {.type = PIPE_SHADER_IR_NIR,
                                        .ir.nir = build_fs(0, 1)};
   void *vso = ctx->create_vs_state(ctx, &vs);
   void *reds = ctx->create_fs_state(ctx, &fs_red);
   void *greens = ctx->create_fs_state(ctx, &fs_green);
   assert_non_null(vso);
   assert_non_null(reds);
   assert_non_null(greens);
   ctx->bind_vs_state(ctx, vso);

   /* 2. The triangles, one per layer; the pass ends. */
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES,
                                 .instance_count = 1};
   ctx->bind_fs_state(ctx, reds);
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 6};
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   ctx->flush(ctx, NULL, 0);

   /* 3. The quads, against each layer's stored depth. */
   ctx->bind_fs_state(ctx, greens);
   draw = (struct pipe_draw_start_count_bias){.start = 6, .count = 12};
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   ctx->flush(ctx, NULL, 0);

   if (expect_pixels()) {
      assert_int_equal(check_layer(ctx, rt, 0, -1, green), 0);
      assert_int_equal(check_layer(ctx, rt, 1, +1, green), 0);
   }

   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, vso);
   ctx->delete_fs_state(ctx, reds);
   ctx->delete_fs_state(ctx, greens);
   ctx->set_framebuffer_state(ctx, &(struct pipe_framebuffer_state){0});
   ctx->set_vertex_buffers(ctx, 0, NULL);
   ctx->delete_vertex_elements_state(ctx, ve);
   ctx->delete_rasterizer_state(ctx, rso);
   ctx->delete_depth_stencil_alpha_state(ctx, zsao);
   ctx->delete_blend_state(ctx, blendo);
   pipe_surface_reference(&surf, NULL);
   pipe_surface_reference(&zsurf, NULL);
   ctx->destroy(ctx);
   pipe_resource_reference(&rt, NULL);
   pipe_resource_reference(&zt, NULL);
   pipe_resource_reference(&vbo, NULL);
   s->destroy(s);

   unsigned dumps = 0;
   assert_int_equal(decode_traces(&dumps), 0);
   assert_true(dumps >= 1);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(layered_pass),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
