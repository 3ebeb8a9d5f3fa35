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
#include <fcntl.h>
#include <sys/stat.h>
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

/* Endless or oversized inputs stop at the limit with EFBIG instead of
 * eating memory; exactly the limit still reads. */
static void
test_limits(void **state)
{
   char *data;
   size_t size;
   assert_int_equal(os_read_file_max("/dev/zero", 1 << 20, &data, &size),
                    EFBIG);
   assert_null(data);

   char path[] = "/tmp/osfilelimitXXXXXX";
   int fd = mkstemp(path);
   assert_true(fd >= 0);
   assert_int_equal(write(fd, "0123456789", 10), 10);
   close(fd);
   assert_int_equal(os_read_file_max(path, 9, &data, &size), EFBIG);
   assert_int_equal(os_read_file_max(path, 10, &data, &size), 0);
   assert_int_equal(size, 10);
   assert_string_equal(data, "0123456789");
   free(data);

   /* A descriptor that is not a regular file grows up to the limit. */
   fd = open(path, O_RDONLY);
   assert_int_equal(os_read_fd_max(fd, 4, &data, &size), EFBIG);
   close(fd);
   fd = open("/dev/zero", O_RDONLY);
   assert_int_equal(os_read_fd_max(fd, 100000, &data, &size), EFBIG);
   close(fd);
   unlink(path);

   char buf[64];
   assert_string_equal(os_file_error(EFBIG, 9, buf, sizeof(buf)),
                       "larger than the limit of 9 bytes");
   assert_string_equal(os_file_error(ENOENT, 9, buf, sizeof(buf)),
                       strerror(ENOENT));
}

/* Output paths: links are followed, devices and FIFOs are written into and
 * keep their type, regular files are replaced. */
static void
test_write_kinds(void **state)
{
   char dir[] = "/tmp/osfilekindXXXXXX";
   assert_non_null(mkdtemp(dir));
   char target[256], link[256], fifo[256], dangling[256], created[256];
   snprintf(target, sizeof(target), "%s/target", dir);
   snprintf(link, sizeof(link), "%s/link", dir);
   snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
   snprintf(dangling, sizeof(dangling), "%s/dangling", dir);
   snprintf(created, sizeof(created), "%s/created", dir);

   assert_int_equal(os_write_file(target, "old", 3), 0);
   assert_int_equal(symlink("target", link), 0);
   assert_int_equal(os_write_file(link, "new!", 4), 0);
   struct stat st;
   assert_int_equal(lstat(link, &st), 0);
   assert_true(S_ISLNK(st.st_mode));
   char *data;
   size_t size;
   assert_int_equal(os_read_file(target, &data, &size), 0);
   assert_string_equal(data, "new!");
   free(data);

   /* A dangling link creates its target. */
   assert_int_equal(symlink("created", dangling), 0);
   assert_int_equal(os_write_file(dangling, "x", 1), 0);
   assert_int_equal(lstat(dangling, &st), 0);
   assert_true(S_ISLNK(st.st_mode));
   assert_int_equal(stat(created, &st), 0);
   assert_int_equal(st.st_size, 1);

   /* /dev/null stays a character device. */
   assert_int_equal(os_write_file("/dev/null", "abc", 3), 0);
   assert_int_equal(stat("/dev/null", &st), 0);
   assert_true(S_ISCHR(st.st_mode));

   /* A FIFO is written into (a reader is open) and stays a FIFO. */
   assert_int_equal(mkfifo(fifo, 0600), 0);
   int rfd = open(fifo, O_RDONLY | O_NONBLOCK);
   assert_true(rfd >= 0);
   assert_int_equal(os_write_file(fifo, "pipe", 4), 0);
   char back[8] = {0};
   assert_int_equal(read(rfd, back, sizeof(back)), 4);
   assert_string_equal(back, "pipe");
   close(rfd);
   assert_int_equal(lstat(fifo, &st), 0);
   assert_true(S_ISFIFO(st.st_mode));

   assert_int_equal(os_write_file(dir, "d", 1), EISDIR);

   unlink(link);
   unlink(target);
   unlink(dangling);
   unlink(created);
   unlink(fifo);
   rmdir(dir);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_write_then_read),
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_limits),
      cmocka_unit_test(test_write_kinds),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
