/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* libgbm devices on the noop drm-shim's render node (LD_PRELOAD), with the
 * stand-in driver of the EGL tests (configs ABGR8888 and RGB565, no
 * images).
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "gbm.h"

/* The shim fakes the first of renderD128..137 absent on the host. */
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

static void
test_device(void **state)
{
   int fd = open_node();
   struct gbm_device *gbm = gbm_create_device(fd);
   assert_non_null(gbm);
   assert_int_equal(gbm_device_get_fd(gbm), fd);
   assert_string_equal(gbm_device_get_backend_name(gbm), "drm");
   /* One plane, linear, for a format the driver renders to. */
   assert_int_equal(
      gbm_device_get_format_modifier_plane_count(gbm, GBM_FORMAT_ABGR8888, 0),
      1);
   assert_int_equal(gbm_device_get_format_modifier_plane_count(
                       gbm, GBM_FORMAT_XBGR16161616F, 0),
                    -1);
   gbm_device_destroy(gbm);
   /* The caller's fd stays open. */
   assert_int_equal(fcntl(fd, F_GETFD) >= 0, 1);
   close(fd);
}

static void
test_not_a_drm_device(void **state)
{
   int fd = open("/dev/null", O_RDWR);
   errno = 0;
   assert_null(gbm_create_device(fd));
   assert_int_not_equal(errno, 0);
   close(fd);
   assert_null(gbm_create_device(-1));
}

static void
test_no_images_no_buffers(void **state)
{
   int fd = open_node();
   struct gbm_device *gbm = gbm_create_device(fd);
   assert_non_null(gbm);
   /* Without driver images nothing can be allocated, and the device says
    * so before anyone tries.
    */
   assert_false(gbm_device_is_format_supported(gbm, GBM_FORMAT_ABGR8888,
                                               GBM_BO_USE_RENDERING));
   errno = 0;
   assert_null(
      gbm_bo_create(gbm, 64, 64, GBM_FORMAT_ABGR8888, GBM_BO_USE_RENDERING));
   assert_int_equal(errno, ENOSYS);
   assert_null(gbm_bo_create(gbm, 64, 64, GBM_FORMAT_XBGR16161616F, 0));
   assert_int_equal(errno, EINVAL);
   /* A surface is only a size and format until EGL renders into it. */
   struct gbm_surface *surf =
      gbm_surface_create(gbm, 64, 64, GBM_FORMAT_ABGR8888, 0);
   assert_non_null(surf);
   assert_true(gbm_surface_has_free_buffers(surf));
   assert_null(gbm_surface_lock_front_buffer(surf)); /* nothing drawn */
   gbm_surface_destroy(surf);
   assert_null(gbm_surface_create(gbm, 64, 64, GBM_FORMAT_XBGR16161616F, 0));
   assert_int_equal(errno, EINVAL);
   gbm_device_destroy(gbm);
   close(fd);
}

static void
test_format_name(void **state)
{
   struct gbm_format_name_desc desc;
   assert_string_equal(gbm_format_get_name(GBM_FORMAT_XRGB8888, &desc), "XR24");
   assert_string_equal(gbm_format_get_name(GBM_BO_FORMAT_ARGB8888, &desc),
                       "AR24");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_device),
      cmocka_unit_test(test_not_a_drm_device),
      cmocka_unit_test(test_no_images_no_buffers),
      cmocka_unit_test(test_format_name),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
