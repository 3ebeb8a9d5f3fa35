/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The loader's search rules and driver checks, as a user setting
 * LIBGL_DRIVERS_PATH and MESA_LOADER_DRIVER_OVERRIDE sees them.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "asahi/dri_interface.h"
#include "loader.h"

static char paths[8][4096];

static void
test_search_path_order(void **state)
{
   unsigned n = loader_driver_candidates("asahi", "/a:/b/c", "/inst", paths, 8);
   assert_int_equal(n, 2);
   assert_string_equal(paths[0], "/a/asahi_dri.so");
   assert_string_equal(paths[1], "/b/c/asahi_dri.so");
}

static void
test_search_path_empty_items_skipped(void **state)
{
   unsigned n =
      loader_driver_candidates("asahi", "::/a::/b:", "/inst", paths, 8);
   assert_int_equal(n, 2);
   assert_string_equal(paths[0], "/a/asahi_dri.so");
   assert_string_equal(paths[1], "/b/asahi_dri.so");
}

static void
test_search_path_unset_uses_install_dir(void **state)
{
   assert_int_equal(loader_driver_candidates("asahi", NULL, "/inst", paths, 8),
                    1);
   assert_string_equal(paths[0], "/inst/asahi_dri.so");
   assert_int_equal(loader_driver_candidates("asahi", "", "/inst", paths, 8),
                    1);
   assert_string_equal(paths[0], "/inst/asahi_dri.so");
}

static void
test_search_path_limit(void **state)
{
   assert_int_equal(loader_driver_candidates("x", "/1:/2:/3", NULL, paths, 2),
                    2);
   assert_string_equal(paths[1], "/2/x_dri.so");
}

static void
test_driver_names_cannot_escape(void **state)
{
   assert_int_equal(loader_driver_candidates("../x", "/a", NULL, paths, 8), 0);
   assert_int_equal(loader_driver_candidates("a/b", "/a", NULL, paths, 8), 0);
   assert_int_equal(loader_driver_candidates("", "/a", NULL, paths, 8), 0);
   assert_int_equal(loader_driver_candidates(NULL, "/a", NULL, paths, 8), 0);
}

static void
test_kernel_driver_mapping(void **state)
{
   assert_string_equal(loader_driver_for_kernel("asahi"), "asahi");
   assert_null(loader_driver_for_kernel("i915"));
   assert_null(loader_driver_for_kernel(""));
   assert_null(loader_driver_for_kernel(NULL));
}

static void
test_not_a_drm_fd(void **state)
{
   char name[64];
   int fd = open("/dev/null", O_RDWR);
   assert_true(fd >= 0);
   assert_false(loader_get_kernel_driver(fd, name, sizeof(name)));
   assert_false(loader_get_kernel_driver(-1, name, sizeof(name)));
   close(fd);
}

static const char *
fake_dir(void)
{
   const char *dir = getenv("FAKE_DRIVERS_DIR");
   if (!dir)
      skip();
   return dir;
}

static void
load_with_path(const char *name, bool expect, const char *err_part)
{
   char search[4200], err[512] = "";
   struct loader_driver drv;
   snprintf(search, sizeof(search), "/nonexistent:%s", fake_dir());
   setenv("LIBGL_DRIVERS_PATH", search, 1);
   bool ok = loader_load_driver(name, &drv, err, sizeof(err));
   unsetenv("LIBGL_DRIVERS_PATH");
   assert_int_equal(ok, expect);
   if (ok) {
      assert_non_null(drv.iface);
      assert_int_equal(drv.iface->version, ASAHI_DRI_INTERFACE_VERSION);
      assert_non_null(strstr(drv.path, fake_dir()));
      loader_unload_driver(&drv);
      assert_null(drv.handle);
   } else {
      assert_non_null(strstr(err, err_part));
   }
}

static void
test_load_good_driver_from_second_dir(void **state)
{
   load_with_path("good", true, NULL);
}

static void
test_refuse_other_interface_version(void **state)
{
   load_with_path("old", false, "interface version 0");
}

static void
test_refuse_library_without_table(void **state)
{
   load_with_path("empty", false, ASAHI_DRI_INTERFACE_SYMBOL);
}

static void
test_missing_driver_is_reported(void **state)
{
   load_with_path("nosuch", false, "nosuch_dri.so not found");
}

static void
test_verbose_says_what_was_tried(void **state)
{
   /* LIBGL_DEBUG=verbose: every candidate file, and why one was refused. */
   char search[4200], err[512], log[4096] = "";
   struct loader_driver drv;
   FILE *tmp = tmpfile();
   assert_non_null(tmp);
   int saved = dup(2);
   dup2(fileno(tmp), 2);

   snprintf(search, sizeof(search), "/nonexistent:%s", fake_dir());
   setenv("LIBGL_DRIVERS_PATH", search, 1);
   setenv("LIBGL_DEBUG", "verbose", 1);
   bool ok = loader_load_driver("old", &drv, err, sizeof(err));
   unsetenv("LIBGL_DEBUG");
   unsetenv("LIBGL_DRIVERS_PATH");

   fflush(stderr);
   dup2(saved, 2);
   close(saved);
   rewind(tmp);
   size_t n = fread(log, 1, sizeof(log) - 1, tmp);
   log[n] = '\0';
   fclose(tmp);

   assert_false(ok);
   assert_non_null(strstr(log, "trying /nonexistent/old_dri.so"));
   assert_non_null(strstr(log, "old_dri.so: interface version 0"));

   /* Without the variable the loader is silent. */
   tmp = tmpfile();
   saved = dup(2);
   dup2(fileno(tmp), 2);
   loader_load_driver("nosuch", &drv, err, sizeof(err));
   fflush(stderr);
   dup2(saved, 2);
   close(saved);
   assert_int_equal(ftell(tmp), 0);
   fclose(tmp);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_search_path_order),
      cmocka_unit_test(test_search_path_empty_items_skipped),
      cmocka_unit_test(test_search_path_unset_uses_install_dir),
      cmocka_unit_test(test_search_path_limit),
      cmocka_unit_test(test_driver_names_cannot_escape),
      cmocka_unit_test(test_kernel_driver_mapping),
      cmocka_unit_test(test_not_a_drm_fd),
      cmocka_unit_test(test_load_good_driver_from_second_dir),
      cmocka_unit_test(test_refuse_other_interface_version),
      cmocka_unit_test(test_refuse_library_without_table),
      cmocka_unit_test(test_missing_driver_is_reported),
      cmocka_unit_test(test_verbose_says_what_was_tried),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
