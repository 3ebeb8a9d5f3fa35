/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The noop driver keeps what is written to its resources and hands out
 * working fences: enough for the GL front end's tests to round-trip. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "noop_public.h"
#include "util/u_inlines.h"

static void
test_buffer_roundtrip(void **state)
{
   struct pipe_screen *screen = noop_screen_create();
   struct pipe_context *ctx = screen->context_create(screen, NULL, 0);
   struct pipe_resource *buf = pipe_buffer_create(
      screen, PIPE_BIND_VERTEX_BUFFER, PIPE_USAGE_DEFAULT, 64);
   uint8_t in[16], out[16];

   for (unsigned i = 0; i < 16; i++)
      in[i] = (uint8_t)(i * 7);
   pipe_buffer_write(ctx, buf, 8, 16, in);
   pipe_buffer_read(ctx, buf, 8, 16, out);
   assert_memory_equal(in, out, 16);

   pipe_resource_reference(&buf, NULL);
   ctx->destroy(ctx);
   screen->destroy(screen);
}

static void
test_texture_subdata_map(void **state)
{
   struct pipe_screen *screen = noop_screen_create();
   struct pipe_context *ctx = screen->context_create(screen, NULL, 0);
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = 8,
      .height0 = 4,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW,
   };
   struct pipe_resource *tex = screen->resource_create(screen, &templ);
   struct pipe_box box;
   struct pipe_transfer *xfer;
   uint32_t px[4] = {0x11223344, 0x55667788, 0x99aabbcc, 0xddeeff00};

   assert_non_null(tex);
   assert_int_equal(tex->reference.count, 1);
   u_box_2d(2, 1, 2, 2, &box);
   ctx->texture_subdata(ctx, tex, 0, PIPE_MAP_WRITE, &box, px, 8, 0);

   u_box_2d(0, 0, 8, 4, &box);
   uint8_t *map = ctx->texture_map(ctx, tex, 0, PIPE_MAP_READ, &box, &xfer);
   assert_non_null(map);
   assert_int_equal(xfer->stride, 8 * 4); /* 8 RGBA8 texels per row */
   uint32_t got;
   memcpy(&got, map + 1 * xfer->stride + 2 * 4, 4);
   assert_int_equal(got, px[0]);
   memcpy(&got, map + 2 * xfer->stride + 3 * 4, 4);
   assert_int_equal(got, px[3]);
   ctx->texture_unmap(ctx, xfer);

   struct pipe_fence_handle *fence = NULL;
   ctx->flush(ctx, &fence, 0);
   assert_non_null(fence);
   assert_true(
      screen->fence_finish(screen, NULL, fence, PIPE_TIMEOUT_INFINITE));
   screen->fence_reference(screen, &fence, NULL);
   assert_null(fence);

   pipe_resource_reference(&tex, NULL);
   ctx->destroy(ctx);
   screen->destroy(screen);
}

static void
test_format_support(void **state)
{
   struct pipe_screen *screen = noop_screen_create();

   assert_true(screen->is_format_supported(screen, PIPE_FORMAT_R8G8B8A8_UNORM,
                                           PIPE_TEXTURE_2D, 0, 0,
                                           PIPE_BIND_RENDER_TARGET));
   assert_false(screen->is_format_supported(screen, PIPE_FORMAT_R8G8B8A8_UNORM,
                                            PIPE_TEXTURE_2D, 0, 0,
                                            PIPE_BIND_DEPTH_STENCIL));
   assert_true(screen->is_format_supported(
      screen, PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_TEXTURE_2D, 0, 0,
      PIPE_BIND_DEPTH_STENCIL));
   assert_int_equal(screen->get_param(screen, PIPE_CAP_ESSL_FEATURE_LEVEL),
                    300);
   screen->destroy(screen);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_buffer_roundtrip),
      cmocka_unit_test(test_texture_subdata_map),
      cmocka_unit_test(test_format_support),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
