/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * BOs cost no file descriptor until they are exported (issue #20): with
 * the descriptor limit at 256, a program still creates 20,000 shareable
 * BOs; exporting one moves it into a memfd without breaking the mappings
 * the program made before, and the dma-buf aliases the BO both ways.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <xf86drm.h>

#include <cmocka.h>

#include "shim_test_util.h"

#define PAGE 0x4000ull
#define MANY 20000u

static unsigned
open_fds(void)
{
   DIR *d = opendir("/proc/self/fd");
   assert_non_null(d);
   unsigned n = 0;
   while (readdir(d))
      n++;
   closedir(d);
   return n;
}

static uint32_t
new_bo(int fd, uint64_t size, uint32_t flags, uint32_t vm)
{
   struct drm_asahi_gem_create c = {.size = size, .flags = flags, .vm_id = vm};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_ASAHI_GEM_CREATE, &c), 0);
   return c.handle;
}

static void *
map_bo(int fd, uint32_t handle, uint64_t size, uint64_t at, int prot)
{
   struct drm_asahi_gem_mmap_offset m = {.handle = handle};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m),
                    0);
   void *p = mmap(NULL, size, prot, MAP_SHARED, fd, m.offset + at);
   assert_true(p != MAP_FAILED);
   return p;
}

static void
many_bos_under_a_low_descriptor_limit(void **state)
{
   (void)state;
   struct rlimit lim = {.rlim_cur = 256, .rlim_max = 256};
   struct rlimit old;
   assert_int_equal(getrlimit(RLIMIT_NOFILE, &old), 0);
   if (old.rlim_max < 256)
      lim.rlim_max = lim.rlim_cur = old.rlim_max;
   assert_int_equal(setrlimit(RLIMIT_NOFILE, &lim), 0);

   int fd = shim_test_open();
   assert_true(fd >= 0);
   unsigned fds_before = open_fds();

   /* Shareable and VM-private BOs alike. */
   struct drm_asahi_vm_create vc = {.kernel_start = 0x7000000000ull,
                                    .kernel_end = 0x7800000000ull};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_ASAHI_VM_CREATE, &vc), 0);
   uint32_t *handles = calloc(MANY, sizeof(uint32_t));
   assert_non_null(handles);
   for (unsigned i = 0; i < MANY; i++)
      handles[i] = new_bo(fd, PAGE, 0, 0);
   uint32_t priv = new_bo(fd, PAGE, DRM_ASAHI_GEM_VM_PRIVATE, vc.vm_id);
   assert_int_equal(open_fds(), fds_before);

   /* Mappings made before the export: a whole one, a second one of the
    * second page only, and a read-only one. */
   uint32_t h = new_bo(fd, 2 * PAGE, 0, 0);
   uint8_t *whole = map_bo(fd, h, 2 * PAGE, 0, PROT_READ | PROT_WRITE);
   uint8_t *second = map_bo(fd, h, PAGE, PAGE, PROT_READ | PROT_WRITE);
   const uint8_t *ro = map_bo(fd, h, 2 * PAGE, 0, PROT_READ);
   memcpy(whole, "before export", 14);
   memcpy(second, "page two", 9);
   assert_memory_equal(whole + PAGE, "page two", 9);
   unsigned fds_mapped = open_fds();

   int dmabuf = -1;
   assert_int_equal(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC | DRM_RDWR, &dmabuf),
                    0);
   /* One descriptor for the dma-buf, one kept by the BO, nothing else. */
   assert_int_equal(open_fds(), fds_mapped + 2);

   /* The dma-buf holds what was written before. */
   uint8_t *buf = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED,
                       dmabuf, 0);
   assert_true(buf != MAP_FAILED);
   assert_string_equal((char *)buf, "before export");
   assert_string_equal((char *)buf + PAGE, "page two");

   /* Another file imports it: a new handle on the same memory. */
   int fd2 = shim_test_open();
   assert_true(fd2 >= 0);
   uint32_t h2 = 0;
   assert_int_equal(drmPrimeFDToHandle(fd2, dmabuf, &h2), 0);
   uint8_t *imported = map_bo(fd2, h2, 2 * PAGE, 0, PROT_READ | PROT_WRITE);
   assert_string_equal((char *)imported, "before export");

   /* Old mappings -> new ones. */
   memcpy(whole, "after, old map", 15);
   memcpy(second, "second, old", 12);
   assert_string_equal((char *)buf, "after, old map");
   assert_string_equal((char *)imported, "after, old map");
   assert_string_equal((char *)imported + PAGE, "second, old");

   /* New mappings -> old ones, the read-only one included. */
   memcpy(imported, "from importer", 14);
   memcpy(buf + PAGE, "from dma-buf", 13);
   assert_string_equal((char *)whole, "from importer");
   assert_string_equal((const char *)ro, "from importer");
   assert_string_equal((char *)second, "from dma-buf");
   assert_string_equal((const char *)ro + PAGE, "from dma-buf");

   /* A second export reuses the BO's memfd; the same file gets the same
    * handle back from it. */
   int dmabuf2 = -1;
   assert_int_equal(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC, &dmabuf2), 0);
   uint32_t back = 0;
   assert_int_equal(drmPrimeFDToHandle(fd, dmabuf2, &back), 0);
   assert_int_equal(back, h);

   /* VM-private BOs still cannot leave. */
   struct drm_prime_handle p = {.handle = priv, .flags = DRM_CLOEXEC};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p),
                    EINVAL);

   munmap(whole, 2 * PAGE);
   munmap(second, PAGE);
   munmap((void *)ro, 2 * PAGE);
   munmap(buf, 2 * PAGE);
   munmap(imported, 2 * PAGE);
   close(dmabuf);
   close(dmabuf2);
   close(fd2);
   close(fd);
   free(handles);
   setrlimit(RLIMIT_NOFILE, &old);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(many_bos_under_a_low_descriptor_limit),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
