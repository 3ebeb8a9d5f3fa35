/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/os_file.h"

static void
test_write_then_read(void **state)
{
   char dir[] = "/tmp/osfileXXXXXX";
   assert_non_null(mkdtemp(dir));
   char path[256];
   snprintf(path, sizeof(path), "%s/f.bin", dir);

   size_t n = 100000;
   unsigned char *data = malloc(n);
   for (size_t i = 0; i < n; i++)
      data[i] = (unsigned char)(i * 31);
   assert_int_equal(os_write_file_atomic(path, data, n), 0);
   /* Overwrite atomically with shorter contents. */
   assert_int_equal(os_write_file_atomic(path, "hi", 2), 0);

   char *back;
   size_t size;
   assert_int_equal(os_read_file(path, &back, &size), 0);
   assert_int_equal(size, 2);
   assert_string_equal(back, "hi");
   free(back);

   assert_int_equal(os_write_file_atomic(path, data, n), 0);
   assert_int_equal(os_read_file(path, &back, &size), 0);
   assert_int_equal(size, n);
   assert_memory_equal(back, data, n);
   free(back);
   free(data);

   /* No temporary files are left behind. */
   char cmd[300];
   snprintf(cmd, sizeof(cmd), "test $(ls %s | wc -l) -eq 1", dir);
   assert_int_equal(system(cmd), 0);
   unlink(path);
   rmdir(dir);
}

static void
test_errors(void **state)
{
   char *data;
   size_t size;
   assert_int_equal(os_read_file("/nonexistent/x", &data, &size), ENOENT);
   assert_null(data);
   assert_int_equal(os_read_file("/tmp", &data, &size), EISDIR);
   assert_int_equal(os_write_file_atomic("/nonexistent/dir/x", "a", 1), ENOENT);
   /* Pseudo-files with no size still read. */
   assert_int_equal(os_read_file("/proc/self/status", &data, &size), 0);
   assert_true(size > 0);
   free(data);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_write_then_read),
      cmocka_unit_test(test_errors),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
