/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Render node discovery under the noop drm-shim (LD_PRELOAD), which
 * presents one drm_asahi render node.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "loader.h"

static void
test_shim_node_is_listed(void **state)
{
   char nodes[LOADER_MAX_NODES][64];
   unsigned n = loader_list_render_nodes(nodes, LOADER_MAX_NODES);
   assert_true(n >= 1);
   assert_int_equal(strncmp(nodes[0], "/dev/dri/renderD", 16), 0);
}

static void
test_open_node_maps_asahi(void **state)
{
   char driver[64], kernel[64];
   unsetenv("MESA_LOADER_DRIVER_OVERRIDE");
   int fd = loader_open_render_node(driver, sizeof(driver));
   assert_true(fd >= 0);
   assert_string_equal(driver, "asahi");
   assert_true(loader_get_kernel_driver(fd, kernel, sizeof(kernel)));
   assert_string_equal(kernel, "asahi");
   assert_true(loader_get_driver_for_fd(fd, driver, sizeof(driver)));
   assert_string_equal(driver, "asahi");
   close(fd);
}

static void
test_override_wins(void **state)
{
   char driver[64];
   setenv("MESA_LOADER_DRIVER_OVERRIDE", "other", 1);
   int fd = loader_open_render_node(driver, sizeof(driver));
   assert_true(fd >= 0);
   assert_string_equal(driver, "other");
   assert_true(loader_get_driver_for_fd(fd, driver, sizeof(driver)));
   assert_string_equal(driver, "other");
   unsetenv("MESA_LOADER_DRIVER_OVERRIDE");
   close(fd);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_shim_node_is_listed),
      cmocka_unit_test(test_open_node_maps_asahi),
      cmocka_unit_test(test_override_wins),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
