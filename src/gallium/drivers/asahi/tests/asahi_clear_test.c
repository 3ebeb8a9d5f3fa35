/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The driver end to end on a drm-shim: create the screen from the render
 * node, clear a 64x48 RGBA8 render target, flush, map it back.
 *
 * Under any shim the submission written by ASAHI_MESA_DEBUG=trace must
 * decode with agxdecode without a single problem.  Under a shim that
 * executes work (ASAHI_TEST_EXPECT_PIXELS=1: the simulator) every pixel
 * must hold the clear colour converted by the GL rules for UNORM8
 * (round(c * 255)).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "util/u_inlines.h"

#include "asahi_drm_public.h"
#include "asahi_test_traces.h"
#include "asahi_test_env.h"
#include "asahi_test_util.h"
#include "decode.h"
#include "decode_dump.h"
#include "util/os_file.h"

#define W 64
#define H 48

static int
setup(void **state)
{
   asahi_test_traces_setup("clear");
   return 0;
}

static void
clear_and_read_back(void **state)
{
   int fd = asahi_test_open_node();
   if (fd < 0)
      skip();

   struct pipe_screen *screen = asahi_drm_screen_create(fd, NULL);
   close(fd);
   assert_non_null(screen);
   assert_true(screen->is_format_supported(screen, PIPE_FORMAT_R8G8B8A8_UNORM,
                                           PIPE_TEXTURE_2D, 1, 1,
                                           PIPE_BIND_RENDER_TARGET));
   /* Vertex formats are the ones the compiler fetches. */
   const struct {
      enum pipe_format f;
      bool ok;
   } vf[] = {
      {PIPE_FORMAT_R32G32B32_FLOAT, true},
      {PIPE_FORMAT_R8G8B8A8_UNORM, true},
      {PIPE_FORMAT_R16G16_SINT, true},
      {PIPE_FORMAT_R32_UINT, true},
      {PIPE_FORMAT_R8G8B8A8_USCALED, false},
      {PIPE_FORMAT_R16G16_FLOAT, false},
      /* GL 3.2 BGRA arrays: fetched as bytes, swizzled by the compiler */
      {PIPE_FORMAT_B8G8R8A8_UNORM, true},
      {PIPE_FORMAT_B8G8R8X8_UNORM, false},
   };
   for (unsigned i = 0; i < sizeof(vf) / sizeof(vf[0]); ++i) {
      assert_int_equal(screen->is_format_supported(screen, vf[i].f,
                                                   PIPE_BUFFER, 0, 0,
                                                   PIPE_BIND_VERTEX_BUFFER),
                       vf[i].ok);
   }

   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = W,
      .height0 = H,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW,
   };
   struct pipe_resource *rt = screen->resource_create(screen, &templ);
   assert_non_null(rt);

   struct pipe_context *ctx = screen->context_create(screen, NULL, 0);
   assert_non_null(ctx);

   struct pipe_surface stempl = {.format = PIPE_FORMAT_R8G8B8A8_UNORM};
   struct pipe_surface *surf = ctx->create_surface(ctx, rt, &stempl);
   struct pipe_framebuffer_state fb = {
      .width = W,
      .height = H,
      .layers = 1,
      .samples = 1,
      .nr_cbufs = 1,
      .cbufs = {surf},
   };
   ctx->set_framebuffer_state(ctx, &fb);

   union pipe_color_union colour = {.f = {0.25f, 0.5f, 0.75f, 1.0f}};
   ctx->clear(ctx, PIPE_CLEAR_COLOR0, NULL, &colour, 1.0, 0);

   struct pipe_fence_handle *fence = NULL;
   ctx->flush(ctx, &fence, 0);
   assert_true(screen->fence_finish(screen, ctx, fence, ~0ull));
   screen->fence_reference(screen, &fence, NULL);

   struct pipe_box box = {0, 0, 0, W, H, 1};
   struct pipe_transfer *xfer = NULL;
   uint8_t *map = ctx->texture_map(ctx, rt, 0, PIPE_MAP_READ, &box, &xfer);
   assert_non_null(map);

   const char *expect = getenv("ASAHI_TEST_EXPECT_PIXELS");
   if (expect && atoi(expect)) {
      /* round(0.25 * 255) = 64, round(0.5 * 255) = 128, 191, 255 */
      const uint8_t want[4] = {64, 128, 191, 255};
      for (unsigned y = 0; y < H; ++y) {
         for (unsigned x = 0; x < W; ++x) {
            const uint8_t *p = map + y * xfer->stride + x * 4;
            if (memcmp(p, want, 4)) {
               fail_msg("pixel (%u, %u) is %u %u %u %u", x, y, p[0], p[1], p[2],
                        p[3]);
            }
         }
      }
   }
   ctx->texture_unmap(ctx, xfer);

   ctx->set_framebuffer_state(ctx, &(struct pipe_framebuffer_state){0});
   pipe_surface_reference(&surf, NULL);
   ctx->destroy(ctx);
   pipe_resource_reference(&rt, NULL);
   screen->destroy(screen);

   unsigned dumps = 0;
   assert_int_equal(asahi_test_decode_traces(&dumps), 0);
   assert_int_equal(dumps, 1);
}

/* A clear limited by a scissor rectangle leaves the rest alone. */
static void
scissored_clear(void **state)
{
   struct asahi_test_env e;
   if (!asahi_test_env_open(&e))
      skip();
   asahi_test_env_target(&e, PIPE_FORMAT_R8G8B8A8_UNORM, W, H);
   struct pipe_context *ctx = e.ctx;
   struct pipe_resource *rt = e.rt;

   union pipe_color_union black = {.f = {0, 0, 0, 1}};
   union pipe_color_union red = {.f = {1, 0, 0, 1}};
   ctx->clear(ctx, PIPE_CLEAR_COLOR0, NULL, &black, 1.0, 0);
   struct pipe_scissor_state sc = {
      .minx = 8, .miny = 4, .maxx = 40, .maxy = 20};
   ctx->clear(ctx, PIPE_CLEAR_COLOR0, &sc, &red, 1.0, 0);
   ctx->flush(ctx, NULL, 0);

   const char *expect = getenv("ASAHI_TEST_EXPECT_PIXELS");
   if (expect && atoi(expect)) {
      struct pipe_box box = {0, 0, 0, W, H, 1};
      struct pipe_transfer *xfer = NULL;
      uint8_t *map = ctx->texture_map(ctx, rt, 0, PIPE_MAP_READ, &box, &xfer);
      assert_non_null(map);
      for (unsigned y = 0; y < H; ++y) {
         for (unsigned x = 0; x < W; ++x) {
            bool in = x >= 8 && x < 40 && y >= 4 && y < 20;
            const uint8_t *p = map + y * xfer->stride + x * 4;
            uint8_t want[4] = {in ? 255 : 0, 0, 0, 255};
            if (memcmp(p, want, 4))
               fail_msg("pixel (%u, %u) is %u %u %u %u", x, y, p[0], p[1], p[2],
                        p[3]);
         }
      }
      ctx->texture_unmap(ctx, xfer);
   }

   asahi_test_env_close(&e);
   unsigned dumps = 0;
   assert_int_equal(asahi_test_decode_traces(&dumps), 0);
}

/* A shared image exported as a dma-buf and imported again shows the same
 * texels; a fence becomes a sync file.
 */
static void
dmabuf_round_trip(void **state)
{
   struct asahi_test_env e;
   if (!asahi_test_env_open(&e))
      skip();
   struct pipe_screen *screen = e.screen;
   struct pipe_context *ctx = e.ctx;

   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_B8G8R8A8_UNORM,
      .width0 = 20,
      .height0 = 10,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SHARED,
   };
   struct pipe_resource *a = screen->resource_create(screen, &templ);
   assert_non_null(a);
   uint32_t pattern[200];
   for (unsigned i = 0; i < 200; ++i)
      pattern[i] = 0x01020304u * (i + 1);
   struct pipe_box box = {0, 0, 0, 20, 10, 1};
   ctx->texture_subdata(ctx, a, 0, PIPE_MAP_WRITE, &box, pattern, 80, 0);

   struct winsys_handle h = {.type = WINSYS_HANDLE_TYPE_FD};
   assert_true(screen->resource_get_handle(screen, ctx, a, &h, 0));
   assert_true((int)h.handle >= 0);
   assert_true(h.stride >= 80);

   struct pipe_resource *b =
      screen->resource_from_handle(screen, &templ, &h, 0);
   close((int)h.handle);
   assert_non_null(b);
   struct pipe_transfer *xfer = NULL;
   const uint8_t *map = ctx->texture_map(ctx, b, 0, PIPE_MAP_READ, &box, &xfer);
   assert_non_null(map);
   for (unsigned y = 0; y < 10; ++y)
      assert_memory_equal(map + y * xfer->stride, pattern + y * 20, 80);
   ctx->texture_unmap(ctx, xfer);

   struct pipe_fence_handle *fence = NULL;
   ctx->flush(ctx, &fence, 0);
   if (screen->fence_get_fd) {
      int sync = screen->fence_get_fd(screen, fence);
      if (sync >= 0)
         close(sync);
   }
   screen->fence_reference(screen, &fence, NULL);

   pipe_resource_reference(&a, NULL);
   pipe_resource_reference(&b, NULL);
   asahi_test_env_close(&e);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(clear_and_read_back),
      cmocka_unit_test(scissored_clear),
      cmocka_unit_test(dmabuf_round_trip),
   };
   int ret = cmocka_run_group_tests(tests, setup, NULL);
   asahi_test_traces_teardown();
   return ret;
}
