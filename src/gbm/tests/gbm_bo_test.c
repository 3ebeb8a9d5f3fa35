/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GBM buffer objects on the real asahi_dri.so: with the AGX pipe driver on
 * the noop drm-shim's render node a buffer is a driver resource exported
 * as a dma-buf; with GALLIUM_DRIVER=noop nothing can be shared, so no
 * buffer is made.  Which of the two runs is chosen by the test's
 * environment (meson.build).
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "gbm.h"

static int
open_node(void)
{
   for (int minor = 128; minor < 138; minor++) {
      char path[64];
      snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
      int fd = open(path, O_RDWR | O_CLOEXEC);
      if (fd >= 0)
         return fd;
   }
   skip();
   return -1;
}

static bool
on_noop(void)
{
   const char *d = getenv("GALLIUM_DRIVER");
   return d && !strcmp(d, "noop");
}

static void
test_buffer(void **state)
{
   int fd = open_node();
   struct gbm_device *gbm = gbm_create_device(fd);
   assert_non_null(gbm);

   errno = 0;
   struct gbm_bo *bo = gbm_bo_create(gbm, 64, 16, GBM_FORMAT_ARGB8888,
                                     GBM_BO_USE_RENDERING | GBM_BO_USE_LINEAR);
   if (on_noop()) {
      assert_null(bo);
      assert_int_equal(errno, ENOSYS);
      gbm_device_destroy(gbm);
      close(fd);
      return;
   }
   assert_non_null(bo);
   assert_int_equal(gbm_bo_get_width(bo), 64);
   assert_int_equal(gbm_bo_get_height(bo), 16);
   assert_int_equal(gbm_bo_get_format(bo), GBM_FORMAT_ARGB8888);
   assert_int_equal(gbm_bo_get_bpp(bo), 32);
   assert_int_equal(gbm_bo_get_plane_count(bo), 1);
   /* A linear row of 64 4-byte pixels takes at least 256 bytes. */
   assert_true(gbm_bo_get_stride(bo) >= 256);
   assert_ptr_equal(gbm_bo_get_device(bo), gbm);

   int dmabuf = gbm_bo_get_fd(bo);
   assert_true(dmabuf >= 0);
   close(dmabuf);

   /* What the CPU writes through a map, a later map reads back. */
   uint32_t stride = 0;
   void *cookie = NULL;
   uint8_t *map =
      gbm_bo_map(bo, 0, 0, 64, 16, GBM_BO_TRANSFER_WRITE, &stride, &cookie);
   assert_non_null(map);
   assert_true(stride >= 256);
   for (unsigned y = 0; y < 16; y++)
      for (unsigned x = 0; x < 256; x++)
         map[y * stride + x] = (uint8_t)(x ^ (y * 7));
   gbm_bo_unmap(bo, cookie);
   map = gbm_bo_map(bo, 4, 3, 8, 2, GBM_BO_TRANSFER_READ, &stride, &cookie);
   assert_non_null(map);
   /* Texel (4, 3) is at byte 16 of row 3. */
   assert_int_equal(map[0], (uint8_t)(16 ^ 21));
   assert_int_equal(map[stride + 5], (uint8_t)(21 ^ 28));
   gbm_bo_unmap(bo, cookie);
   assert_null(
      gbm_bo_map(bo, 60, 0, 8, 1, GBM_BO_TRANSFER_READ, &stride, &cookie));
   assert_int_equal(errno, EINVAL);

   static int destroyed;
   gbm_bo_set_user_data(bo, &destroyed, NULL);
   assert_ptr_equal(gbm_bo_get_user_data(bo), &destroyed);
   gbm_bo_destroy(bo);

   /* Formats the driver cannot render are refused. */
   assert_null(
      gbm_bo_create(gbm, 8, 8, GBM_FORMAT_XBGR16161616F, GBM_BO_USE_RENDERING));
   assert_int_equal(errno, EINVAL);
   gbm_device_destroy(gbm);
   close(fd);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_buffer),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
