/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The simulator behind the drm-shim, driven as the driver drives it: the
 * winsys (src/asahi/lib/agx_device.h) opens the device, allocates and maps
 * BOs in its shader and general heaps, creates a queue and submits a
 * render command with an out-syncobj; the test waits on the syncobj and
 * reads the pixels.  Run with libasahi_sim_drm_shim.so preloaded (meson
 * test sets LD_PRELOAD).  Expected pixels: the hand-derived coverage of
 * render_test.c's right triangle.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <xf86drm.h>

#include "agx_bo.h"
#include "agx_device.h"
#include "render_scene.h"

#define HEAP_SIZE (1u << 20)

struct bo_heap {
   struct agx_bo *bo;
   uint8_t *map;
   size_t used;
};

struct fixture {
   struct agx_device dev;
   struct bo_heap usc, data;
   struct scene_mem smem;
   uint32_t queue;
};

static void *
bo_alloc(void *user, size_t size, unsigned align, bool usc, uint64_t *va)
{
   struct fixture *f = user;
   struct bo_heap *h = usc ? &f->usc : &f->data;
   size_t at = (h->used + align - 1) & ~(size_t)(align - 1);
   if (at + size > HEAP_SIZE)
      return NULL;
   h->used = at + size;
   *va = h->bo->va + at;
   return h->map + at;
}

static int
setup(void **state)
{
   struct fixture *f = calloc(1, sizeof(*f));
   if (agx_open_device(&f->dev, -1)) {
      fprintf(stderr, "cannot open the device (is the shim preloaded?): %s\n",
              f->dev.error);
      free(f);
      return -1;
   }
   f->usc.bo = agx_bo_create(&f->dev, HEAP_SIZE, AGX_BO_EXEC, "shaders");
   f->data.bo = agx_bo_create(&f->dev, HEAP_SIZE, 0, "data");
   if (!f->usc.bo || !f->data.bo)
      return -1;
   f->usc.map = agx_bo_map(f->usc.bo);
   f->data.map = agx_bo_map(f->data.bo);
   if (!f->usc.map || !f->data.map)
      return -1;
   f->smem = (struct scene_mem){bo_alloc, f, f->dev.usc_base};
   if (agx_queue_create(&f->dev, DRM_ASAHI_PRIORITY_MEDIUM, &f->queue))
      return -1;
   *state = f;
   return 0;
}

static int
teardown(void **state)
{
   struct fixture *f = *state;
   agx_queue_destroy(&f->dev, f->queue);
   agx_bo_unreference(f->usc.bo);
   agx_bo_unreference(f->data.bo);
   agx_close_device(&f->dev);
   free(f);
   return 0;
}

static void
triangle_params(struct scene_params *p)
{
   memset(p, 0, sizeof(*p));
   p->width = 40;
   p->height = 32;
   p->tile_w = p->tile_h = 16;
   p->process_empty_tiles = true;
   p->clear[2] = p->clear[3] = 1.0f;
   p->colour[0] = 1.0f;
   p->colour[1] = 0.25f;
   p->colour[3] = 1.0f;
   scene_window_to_clip(p, 4.5f, 4.5f, 1.0f, p->pos[0]);
   scene_window_to_clip(p, 28.5f, 4.5f, 1.0f, p->pos[1]);
   scene_window_to_clip(p, 4.5f, 28.5f, 1.0f, p->pos[2]);
}

static void
check_pixels(const struct scene_params *p, const struct scene *s)
{
   for (unsigned y = 0; y < p->height; y++) {
      for (unsigned x = 0; x < p->width; x++) {
         const uint8_t *px = scene_pixel(p, s, x, y);
         bool in = x >= 4 && y >= 4 && x + y < 32;
         const uint8_t want[4] = {in ? 255 : 0, in ? 64 : 0, in ? 0 : 255,
                                  255};
         if (memcmp(px, want, 4))
            fail_msg("pixel (%u, %u) is %u %u %u %u, expected %u %u %u %u",
                     x, y, px[0], px[1], px[2], px[3], want[0], want[1],
                     want[2], want[3]);
      }
   }
}

/* Submit, signal a syncobj, wait for it. */
static void
submit_and_wait(struct fixture *f, struct agx_cmdbuf *cb)
{
   uint32_t out;
   assert_int_equal(drmSyncobjCreate(f->dev.fd, 0, &out), 0);
   struct drm_asahi_sync out_s = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
                                  .handle = out};
   assert_int_equal(agx_submit(&f->dev, f->queue, cb, NULL, 0, &out_s, 1,
                               NULL),
                    0);
   assert_int_equal(
      drmSyncobjWait(f->dev.fd, &out, 1, INT64_MAX, 0, NULL), 0);
   drmSyncobjDestroy(f->dev.fd, out);
}

/* The triangle scene in the fixture's BOs, its target pre-filled. */
static void
build_triangle(struct fixture *f, struct scene_params *p, struct scene *s)
{
   char err[256];
   triangle_params(p);
   if (!scene_build(&f->smem, p, s, err, sizeof(err)))
      fail_msg("%s", err);
   memset(s->rt, 0x5a, s->rt_size);
}

static void
test_triangle_through_the_winsys(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   build_triangle(f, &p, &s);

   struct agx_cmdbuf cb;
   agx_cmdbuf_init(&cb);
   assert_true(agx_cmdbuf_add_render(&cb, &s.cmd, 0, 0));
   submit_and_wait(f, &cb);
   agx_cmdbuf_fini(&cb);
   check_pixels(&p, &s);
}

/* A command that faults does not stop the next one of the submission. */
static void
test_fault_then_render(void **state)
{
   struct fixture *f = *state;
   struct scene_params p;
   struct scene s;
   build_triangle(f, &p, &s);

   struct drm_asahi_cmd_render bad = s.cmd;
   bad.vdm_ctrl_stream_base = f->data.bo->va + 64 * HEAP_SIZE;
   struct agx_cmdbuf cb;
   agx_cmdbuf_init(&cb);
   assert_true(agx_cmdbuf_add_render(&cb, &bad, 0, 0));
   assert_true(agx_cmdbuf_add_render(&cb, &s.cmd, 1, 0));
   submit_and_wait(f, &cb);
   agx_cmdbuf_fini(&cb);
   check_pixels(&p, &s);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_triangle_through_the_winsys, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_fault_then_render, setup,
                                      teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
