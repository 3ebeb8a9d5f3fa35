/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL_KHR_robustness at the driver: a submission the device rejects makes
 * the submitting context report PIPE_GUILTY_CONTEXT_RESET once, another
 * context on the same screen PIPE_INNOCENT_CONTEXT_RESET once, and every
 * later wait returns at once instead of hanging; a GPU fault resets only
 * the context that caused it.
 *
 * The failure used here is SUBMIT itself failing: SUBMIT on a queue that
 * no longer exists fails with ENOENT, on the kernel (file.rs) and on the
 * shims alike.  (GPU faults, which complete with an error on the fence
 * and reset only the guilty context, are tested end to end by
 * e2e-gles2-reset-sim and at the UAPI by shim_queue_sim.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <time.h>
#include <unistd.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "util/u_inlines.h"

#include "agx_state.h"
#include "asahi_drm_public.h"
#include "asahi_test_util.h"

static struct pipe_surface *
bind_target(struct pipe_context *ctx, struct pipe_resource *rt)
{
   struct pipe_surface stempl = {.format = PIPE_FORMAT_R8G8B8A8_UNORM};
   struct pipe_surface *surf = ctx->create_surface(ctx, rt, &stempl);
   struct pipe_framebuffer_state fb = {
      .width = 16, .height = 16, .layers = 1, .samples = 1,
      .nr_cbufs = 1, .cbufs = {surf},
   };
   ctx->set_framebuffer_state(ctx, &fb);
   return surf;
}

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
rejected_submission_is_a_guilty_reset(void **state)
{
   (void)state;
   int fd = asahi_test_open_node();
   if (fd < 0)
      skip();
   struct pipe_screen *screen = asahi_drm_screen_create(fd, NULL);
   close(fd);
   assert_non_null(screen);

   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D, .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = 16, .height0 = 16, .depth0 = 1, .array_size = 1,
      .bind = PIPE_BIND_RENDER_TARGET,
   };
   struct pipe_resource *rt = screen->resource_create(screen, &templ);
   assert_non_null(rt);
   struct pipe_context *guilty = screen->context_create(screen, NULL, 0);
   struct pipe_context *other = screen->context_create(screen, NULL, 0);
   assert_non_null(guilty);
   assert_non_null(other);
   struct pipe_surface *surf = bind_target(guilty, rt);
   union pipe_color_union c = {.f = {1, 0, 0, 1}};

   /* A good submission first: no reset. */
   struct pipe_fence_handle *fence = NULL;
   guilty->clear(guilty, PIPE_CLEAR_COLOR0, NULL, &c, 1.0, 0);
   guilty->flush(guilty, &fence, 0);
   assert_true(screen->fence_finish(screen, guilty, fence, ~0ull));
   screen->fence_reference(screen, &fence, NULL);
   assert_int_equal(guilty->get_device_reset_status(guilty), PIPE_NO_RESET);
   assert_int_equal(other->get_device_reset_status(other), PIPE_NO_RESET);

   /* Take the screen's queue away: the next SUBMIT fails.  (Not its
    * timeline syncobj: the driver would create its next syncobj under
    * the freed handle.) */
   struct agx_screen *as = agx_screen(screen);
   struct drm_asahi_queue_destroy qd = {.queue_id = as->queue_id};
   assert_int_equal(drmIoctl(as->dev.fd, DRM_IOCTL_ASAHI_QUEUE_DESTROY, &qd),
                    0);

   double t0 = now_s();
   guilty->clear(guilty, PIPE_CLEAR_COLOR0, NULL, &c, 1.0, 0);
   guilty->flush(guilty, &fence, 0);
   /* Bounded: the wait fails at once rather than sitting out a timeout. */
   assert_false(screen->fence_finish(screen, guilty, fence, ~0ull));
   screen->fence_reference(screen, &fence, NULL);
   assert_true(now_s() - t0 < 2.0);

   /* Reported once to each context, then nothing. */
   assert_int_equal(guilty->get_device_reset_status(guilty),
                    PIPE_GUILTY_CONTEXT_RESET);
   assert_int_equal(guilty->get_device_reset_status(guilty), PIPE_NO_RESET);
   assert_int_equal(other->get_device_reset_status(other),
                    PIPE_INNOCENT_CONTEXT_RESET);
   assert_int_equal(other->get_device_reset_status(other), PIPE_NO_RESET);

   /* The lost context goes on without crashing or hanging. */
   guilty->clear(guilty, PIPE_CLEAR_COLOR0, NULL, &c, 1.0, 0);
   guilty->flush(guilty, NULL, 0);

   guilty->set_framebuffer_state(guilty,
                                 &(struct pipe_framebuffer_state){0});
   pipe_surface_reference(&surf, NULL);
   guilty->destroy(guilty);
   other->destroy(other);
   pipe_resource_reference(&rt, NULL);
   screen->destroy(screen);
   assert_true(now_s() - t0 < 2.0);
}

/* A GPU fault (the end-of-tile store into memory the test unmapped behind
 * the driver's back) completes with -EIO on the fence: the submitting
 * context is reset (guilty, once), the device is not lost, and another
 * context on the screen goes on drawing with no reset. */
static void
gpu_fault_resets_only_the_guilty_context(void **state)
{
   (void)state;
   int fd = asahi_test_open_node();
   if (fd < 0)
      skip();
   struct pipe_screen *screen = asahi_drm_screen_create(fd, NULL);
   close(fd);
   assert_non_null(screen);
   struct agx_screen *as = agx_screen(screen);

   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D, .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = 16, .height0 = 16, .depth0 = 1, .array_size = 1,
      .bind = PIPE_BIND_RENDER_TARGET,
   };
   struct pipe_resource *doomed = screen->resource_create(screen, &templ);
   struct pipe_resource *fine = screen->resource_create(screen, &templ);
   assert_non_null(doomed);
   assert_non_null(fine);
   struct pipe_context *guilty = screen->context_create(screen, NULL, 0);
   struct pipe_context *other = screen->context_create(screen, NULL, 0);
   struct pipe_surface *s1 = bind_target(guilty, doomed);
   struct pipe_surface *s2 = bind_target(other, fine);
   union pipe_color_union c = {.f = {1, 0, 0, 1}};

   /* Unmap the guilty context's render target from the GPU. */
   struct agx_bo *bo = agx_resource(doomed)->bo;
   struct drm_asahi_gem_bind_op op = {
      .flags = DRM_ASAHI_BIND_UNBIND, .addr = bo->va, .range = bo->size};
   struct drm_asahi_vm_bind vb = {.vm_id = as->dev.vm_id, .num_binds = 1,
                                  .stride = sizeof(op),
                                  .userptr = (uintptr_t)&op};
   assert_int_equal(drmIoctl(as->dev.fd, DRM_IOCTL_ASAHI_VM_BIND, &vb), 0);

   double t0 = now_s();
   struct pipe_fence_handle *fence = NULL;
   guilty->clear(guilty, PIPE_CLEAR_COLOR0, NULL, &c, 1.0, 0);
   guilty->flush(guilty, &fence, 0);
   /* The work completed (with an error): the fence signals. */
   assert_true(screen->fence_finish(screen, guilty, fence, ~0ull));
   screen->fence_reference(screen, &fence, NULL);
   assert_int_equal(guilty->get_device_reset_status(guilty),
                    PIPE_GUILTY_CONTEXT_RESET);
   assert_int_equal(guilty->get_device_reset_status(guilty), PIPE_NO_RESET);
   assert_false(as->lost);

   /* The other context draws, sees no reset, and its pixels are right. */
   other->clear(other, PIPE_CLEAR_COLOR0, NULL, &c, 1.0, 0);
   other->flush(other, &fence, 0);
   assert_true(screen->fence_finish(screen, other, fence, ~0ull));
   screen->fence_reference(screen, &fence, NULL);
   assert_int_equal(other->get_device_reset_status(other), PIPE_NO_RESET);
   struct pipe_box box = {.width = 1, .height = 1, .depth = 1};
   struct pipe_transfer *xfer = NULL;
   uint8_t *px = other->texture_map(other, fine, 0, PIPE_MAP_READ, &box, &xfer);
   assert_non_null(px);
   assert_int_equal(px[0], 255);
   assert_int_equal(px[1], 0);
   other->texture_unmap(other, xfer);
   assert_true(now_s() - t0 < 10.0);

   /* The lost context goes on without crashing or hanging. */
   guilty->clear(guilty, PIPE_CLEAR_COLOR0, NULL, &c, 1.0, 0);
   guilty->flush(guilty, NULL, 0);

   guilty->set_framebuffer_state(guilty,
                                 &(struct pipe_framebuffer_state){0});
   other->set_framebuffer_state(other, &(struct pipe_framebuffer_state){0});
   pipe_surface_reference(&s1, NULL);
   pipe_surface_reference(&s2, NULL);
   guilty->destroy(guilty);
   other->destroy(other);
   pipe_resource_reference(&doomed, NULL);
   pipe_resource_reference(&fine, NULL);
   screen->destroy(screen);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(rejected_submission_is_a_guilty_reset),
      cmocka_unit_test(gpu_fault_resets_only_the_guilty_context),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
