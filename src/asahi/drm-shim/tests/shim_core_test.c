/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * The generic half of drm-shim through the asahi backend: the fake node as
 * libdrm sees it (version, caps, sysfs identity, /dev/dri listing, stat),
 * GEM close, prime export/import with real shared memory, and syncobjs
 * with real state (waits return when signalled, time out otherwise; error
 * codes as in Linux drivers/gpu/drm/drm_syncobj.c).
 */
#include <dirent.h>
#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <xf86drm.h>

#include <cmocka.h>

#include "shim_test_util.h"

#define PAGE 0x4000ull

static int64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

static int
setup(void **state)
{
   int *fd = malloc(sizeof(int));
   *fd = shim_test_open();
   if (*fd < 0) {
      fprintf(stderr, "no render node: is the drm-shim preloaded?\n");
      free(fd);
      return -1;
   }
   *state = fd;
   return 0;
}

static int
teardown(void **state)
{
   int *fd = *state;
   close(*fd);
   free(fd);
   return 0;
}

#define FD int fd = *(int *)*state

static uint32_t
new_bo(int fd, uint64_t size)
{
   struct drm_asahi_gem_create c = {.size = size};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_ASAHI_GEM_CREATE, &c), 0);
   return c.handle;
}

static void *
map_bo(int fd, uint32_t handle, uint64_t size)
{
   struct drm_asahi_gem_mmap_offset m = {.handle = handle};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m),
                    0);
   void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, m.offset);
   assert_true(p != MAP_FAILED);
   return p;
}

/* ---- the node ----------------------------------------------------------- */

static void
version_is_asahi(void **state)
{
   FD;
   drmVersionPtr v = drmGetVersion(fd);
   assert_non_null(v);
   assert_string_equal(v->name, "asahi");
   drmFreeVersion(v);
}

static void
caps(void **state)
{
   FD;
   uint64_t value = 0;
   assert_int_equal(drmGetCap(fd, DRM_CAP_PRIME, &value), 0);
   assert_int_equal(value, DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT);
   assert_int_equal(drmGetCap(fd, DRM_CAP_SYNCOBJ, &value), 0);
   assert_int_equal(value, 1);
   assert_int_equal(drmGetCap(fd, DRM_CAP_SYNCOBJ_TIMELINE, &value), 0);
   assert_int_equal(value, 1);
   assert_int_not_equal(drmGetCap(fd, 0x7777, &value), 0);
   assert_int_equal(errno, EINVAL);
}

static void
fstat_is_drm_char_device(void **state)
{
   FD;
   struct stat st;
   assert_int_equal(fstat(fd, &st), 0);
   assert_true(S_ISCHR(st.st_mode));
   assert_int_equal(major(st.st_rdev), 226);
   assert_true(minor(st.st_rdev) >= 128);
   assert_int_equal(drmGetNodeTypeFromFd(fd), DRM_NODE_RENDER);
}

static void
sysfs_identity(void **state)
{
   FD;
   drmDevicePtr dev = NULL;
   assert_int_equal(drmGetDevice2(fd, 0, &dev), 0);
   assert_int_equal(dev->bustype, DRM_BUS_PLATFORM);
   assert_string_equal(dev->deviceinfo.platform->compatible[0],
                       "apple,gpu-g13g");
   assert_true(dev->available_nodes & (1 << DRM_NODE_RENDER));
   drmFreeDevice(&dev);

   /* Enumeration finds exactly our device. */
   drmDevicePtr devs[8];
   assert_int_equal(drmGetDevices2(0, devs, 8), 1);
   assert_int_equal(devs[0]->bustype, DRM_BUS_PLATFORM);
   drmFreeDevices(devs, 1);

   struct stat st;
   assert_int_equal(fstat(fd, &st), 0);
   char path[128];
   snprintf(path, sizeof(path), "/sys/dev/char/226:%u/device/uevent",
            minor(st.st_rdev));
   FILE *fp = fopen(path, "r");
   assert_non_null(fp);
   char text[512] = {0};
   size_t n = fread(text, 1, sizeof(text) - 1, fp);
   fclose(fp);
   assert_true(n > 0);
   assert_non_null(strstr(text, "DRIVER=asahi\n"));
   assert_non_null(strstr(text, "OF_COMPATIBLE_0=apple,gpu-g13g\n"));
}

static void
legacy_xstat(void **state)
{
   FD;
   /* Binaries built against glibc < 2.33 stat through __xstat. */
   int (*xstat)(int, const char *, struct stat *) =
      (int (*)(int, const char *, struct stat *))dlsym(RTLD_DEFAULT,
                                                       "__xstat");
   if (!xstat)
      skip();
   struct stat st;
   assert_int_equal(fstat(fd, &st), 0);
   char path[64];
   snprintf(path, sizeof(path), "/dev/dri/renderD%u", minor(st.st_rdev));
   struct stat st2;
   assert_int_equal(xstat(1, path, &st2), 0);
   assert_true(S_ISCHR(st2.st_mode));
   assert_int_equal(st2.st_rdev, st.st_rdev);
}

static void
dev_dri_listing(void **state)
{
   DIR *dir = opendir("/dev/dri");
   assert_non_null(dir);
   unsigned render_nodes = 0;
   struct dirent *ent;
   while ((ent = readdir(dir))) {
      if (!strncmp(ent->d_name, "renderD", 7))
         render_nodes++;
   }
   closedir(dir);
   assert_int_equal(render_nodes, 1);
}

static void
dup_shares_the_file(void **state)
{
   FD;
   uint32_t h = new_bo(fd, PAGE);
   int fd2 = dup(fd);
   assert_true(fd2 >= 0);
   /* The handle lives in the file, which both fds share. */
   struct drm_asahi_gem_mmap_offset m = {.handle = h};
   assert_int_equal(shim_ioctl_errno(fd2, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m),
                    0);
   close(fd2);
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m),
                    0);

   int fd3 = fcntl(fd, F_DUPFD_CLOEXEC, 100);
   assert_true(fd3 >= 100);
   assert_int_equal(shim_ioctl_errno(fd3, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m),
                    0);
   close(fd3);
}

static void
separate_opens_are_separate_files(void **state)
{
   FD;
   uint32_t h = new_bo(fd, PAGE);
   int fd2 = shim_test_open();
   struct drm_asahi_gem_mmap_offset m = {.handle = h};
   assert_int_equal(shim_ioctl_errno(fd2, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m),
                    ENOENT);
   close(fd2);
}

/* ---- closing fds the shim must notice ------------------------------------
 *
 * A file the shim still holds keeps its BOs, and BO mmap offsets are
 * device-wide here, so "the offset of a BO of the closed file no longer
 * maps" is how these tests see that the file was released.
 */

static uint64_t
new_bo_offset(int fd)
{
   struct drm_asahi_gem_mmap_offset m = {.handle = new_bo(fd, PAGE)};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m),
                    0);
   return m.offset;
}

static bool
offset_maps(int fd, uint64_t offset)
{
   void *p = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd, offset);
   if (p == MAP_FAILED)
      return false;
   munmap(p, PAGE);
   return true;
}

static bool
is_drm_node(int fd)
{
   struct stat st;
   return fstat(fd, &st) == 0 && major(st.st_rdev) == 226;
}

static void
close_range_releases_the_file(void **state)
{
   FD;
   int a = shim_test_open();
   assert_true(a > fd);
   uint64_t off = new_bo_offset(a);
   assert_true(offset_maps(fd, off));

   /* CLOSE_RANGE_CLOEXEC only marks the fd: it stays a DRM node. */
   assert_int_equal(close_range(a, a, CLOSE_RANGE_CLOEXEC), 0);
   assert_true(is_drm_node(a));
   assert_true(offset_maps(fd, off));

   assert_int_equal(close_range(a, a, 0), 0);
   assert_false(offset_maps(fd, off));

   /* The number, reused by an ordinary file, is not a DRM node. */
   int n = open("/dev/null", O_RDONLY | O_CLOEXEC);
   assert_int_equal(n, a);
   assert_false(is_drm_node(n));
   close(n);
}

/* closefrom also closes the memfds behind BOs, so here the sign is that
 * the numbers, reused by ordinary files, are no longer DRM nodes.
 */
static void
closefrom_forgets_the_fds(void **state)
{
   FD;
   int a = shim_test_open();
   int b = shim_test_open();
   assert_true(a > fd && b > a);
   new_bo_offset(a);

   closefrom(a);
   assert_true(is_drm_node(fd));
   int n = open("/dev/null", O_RDONLY | O_CLOEXEC);
   int m = open("/dev/null", O_RDONLY | O_CLOEXEC);
   assert_int_equal(n, a);
   assert_int_equal(m, b);
   assert_false(is_drm_node(n));
   assert_false(is_drm_node(m));
   close(n);
   close(m);
}

static void
fd_number_reused_after_unseen_close(void **state)
{
   FD;
   int a = shim_test_open();
   uint64_t off = new_bo_offset(a);

   /* A raw close the shim cannot see; the next open reuses the number. */
   assert_int_equal(syscall(SYS_close, a), 0);
   int b = shim_test_open();
   assert_int_equal(b, a);
   assert_false(offset_maps(fd, off));
   close(b);
}

/* ---- GEM and prime --------------------------------------------------------
 */

static void
bo_contents_persist(void **state)
{
   FD;
   uint32_t h = new_bo(fd, 2 * PAGE);
   uint32_t *a = map_bo(fd, h, 2 * PAGE);
   for (unsigned i = 0; i < 2 * PAGE / 4; i++)
      a[i] = i * 2654435761u;
   munmap(a, 2 * PAGE);
   uint32_t *b = map_bo(fd, h, 2 * PAGE);
   for (unsigned i = 0; i < 2 * PAGE / 4; i++)
      assert_int_equal(b[i], i * 2654435761u);
   munmap(b, 2 * PAGE);
}

static void
gem_close_unknown(void **state)
{
   FD;
   uint32_t h = new_bo(fd, PAGE);
   struct drm_gem_close c = {.handle = h};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_GEM_CLOSE, &c), 0);
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_GEM_CLOSE, &c), EINVAL);
}

static void
prime_round_trip(void **state)
{
   FD;
   uint32_t h = new_bo(fd, PAGE);
   uint8_t *a = map_bo(fd, h, PAGE);
   memcpy(a, "shared", 7);

   int dmabuf = -1;
   assert_int_equal(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC | DRM_RDWR, &dmabuf),
                    0);
   /* Same file: the same handle comes back. */
   uint32_t h2 = 0;
   assert_int_equal(drmPrimeFDToHandle(fd, dmabuf, &h2), 0);
   assert_int_equal(h2, h);

   /* Another file: a new handle to the same memory. */
   int fd2 = shim_test_open();
   uint32_t h3 = 0;
   assert_int_equal(drmPrimeFDToHandle(fd2, dmabuf, &h3), 0);
   uint8_t *b = map_bo(fd2, h3, PAGE);
   assert_string_equal((char *)b, "shared");
   b[0] = 'S';
   assert_int_equal(a[0], 'S');

   /* The exporter may go away; the buffer stays. */
   struct drm_gem_close c = {.handle = h};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_GEM_CLOSE, &c), 0);
   munmap(a, PAGE);
   assert_int_equal(b[1], 'h');
   munmap(b, PAGE);
   close(fd2);
   close(dmabuf);
}

static void
prime_export_private_bo(void **state)
{
   FD;
   struct drm_asahi_vm_create vc = {.kernel_start = 0x7000000000ull,
                                    .kernel_end = 0x7800000000ull};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_ASAHI_VM_CREATE, &vc), 0);
   struct drm_asahi_gem_create gc = {
      .size = PAGE, .flags = DRM_ASAHI_GEM_VM_PRIVATE, .vm_id = vc.vm_id};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_ASAHI_GEM_CREATE, &gc), 0);
   struct drm_prime_handle p = {.handle = gc.handle, .flags = DRM_CLOEXEC};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p),
                    EINVAL);
}

static void
prime_export_bad_handle_or_flags(void **state)
{
   FD;
   struct drm_prime_handle p = {.handle = 999, .flags = DRM_CLOEXEC};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p),
                    ENOENT);
   p.handle = new_bo(fd, PAGE);
   p.flags = 0x10;
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p),
                    EINVAL);
}

static void
prime_import_bad_fd(void **state)
{
   FD;
   struct drm_prime_handle p = {.fd = 9999};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &p),
                    EBADF);
   int pipes[2];
   assert_int_equal(pipe(pipes), 0);
   p.fd = pipes[0];
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &p),
                    EINVAL);
   close(pipes[0]);
   close(pipes[1]);
}

/* ---- syncobjs ------------------------------------------------------------ */

static uint32_t
new_syncobj(int fd, uint32_t flags)
{
   uint32_t h = 0;
   assert_int_equal(drmSyncobjCreate(fd, flags, &h), 0);
   return h;
}

static void
syncobj_create_bad_flags(void **state)
{
   FD;
   struct drm_syncobj_create c = {.flags = 2};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c), EINVAL);
}

static void
syncobj_destroy_unknown(void **state)
{
   FD;
   struct drm_syncobj_destroy d = {.handle = 999};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d),
                    EINVAL);
   d.handle = new_syncobj(fd, 0);
   d.pad = 1;
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d),
                    EINVAL);
}

static void
syncobj_created_signalled(void **state)
{
   FD;
   uint32_t h = new_syncobj(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
   assert_int_equal(drmSyncobjWait(fd, &h, 1, 0, 0, NULL), 0);
}

static void
syncobj_wait_without_fence(void **state)
{
   FD;
   uint32_t h = new_syncobj(fd, 0);
   assert_int_equal(drmSyncobjWait(fd, &h, 1, INT64_MAX, 0, NULL), -EINVAL);
}

static void
syncobj_wait_times_out(void **state)
{
   FD;
   uint32_t h = new_syncobj(fd, 0);
   int64_t start = now_ns();
   int64_t deadline = start + 50 * 1000000ll;
   assert_int_equal(drmSyncobjWait(fd, &h, 1, deadline,
                                   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
                                   NULL),
                    -ETIME);
   assert_true(now_ns() >= deadline);
   assert_true(now_ns() < deadline + 5000000000ll);
}

struct signal_later {
   int fd;
   uint32_t handle;
   uint64_t point;
};

static void *
signal_thread(void *arg)
{
   struct signal_later *s = arg;
   usleep(30000);
   if (s->point)
      drmSyncobjTimelineSignal(s->fd, &s->handle, &s->point, 1);
   else
      drmSyncobjSignal(s->fd, &s->handle, 1);
   return NULL;
}

static void
syncobj_wait_woken_by_signal(void **state)
{
   FD;
   struct signal_later s = {fd, new_syncobj(fd, 0), 0};
   pthread_t t;
   pthread_create(&t, NULL, signal_thread, &s);
   int64_t start = now_ns();
   assert_int_equal(drmSyncobjWait(fd, &s.handle, 1, start + 10000000000ll,
                                   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
                                   NULL),
                    0);
   pthread_join(t, NULL);
   assert_true(now_ns() - start < 5000000000ll);
}

struct destroy_later {
   int fd;
   uint32_t handle, other;
};

static void *
destroy_thread(void *arg)
{
   struct destroy_later *d = arg;
   usleep(20000);
   drmSyncobjDestroy(d->fd, d->handle);
   /* Wake the waiter: it looks at its (destroyed) object again. */
   drmSyncobjSignal(d->fd, &d->other, 1);
   return NULL;
}

static void
syncobj_destroyed_while_waiting(void **state)
{
   FD;
   /* The wait keeps its object alive and times out normally. */
   struct destroy_later d = {fd, new_syncobj(fd, 0), new_syncobj(fd, 0)};
   pthread_t t;
   pthread_create(&t, NULL, destroy_thread, &d);
   assert_int_equal(drmSyncobjWait(fd, &d.handle, 1, now_ns() + 60000000ll,
                                   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
                                   NULL),
                    -ETIME);
   pthread_join(t, NULL);
   assert_int_equal(drmSyncobjWait(fd, &d.handle, 1, 0, 0, NULL), -ENOENT);
}

static void
syncobj_signal_and_reset(void **state)
{
   FD;
   uint32_t h = new_syncobj(fd, 0);
   assert_int_equal(drmSyncobjSignal(fd, &h, 1), 0);
   assert_int_equal(drmSyncobjWait(fd, &h, 1, 0, 0, NULL), 0);
   assert_int_equal(drmSyncobjReset(fd, &h, 1), 0);
   assert_int_equal(drmSyncobjWait(fd, &h, 1, 0, 0, NULL), -EINVAL);
}

static void
syncobj_array_rules(void **state)
{
   FD;
   uint32_t h = new_syncobj(fd, 0);
   struct drm_syncobj_array a = {.handles = (uintptr_t)&h, .count_handles = 0};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &a), EINVAL);
   a.count_handles = 1;
   a.pad = 1;
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_SYNCOBJ_RESET, &a), EINVAL);
   uint32_t bad = 999;
   a = (struct drm_syncobj_array){.handles = (uintptr_t)&bad,
                                  .count_handles = 1};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &a), ENOENT);
   a.handles = 0x10;
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &a), EFAULT);
}

/* Arguments on the caller's stack are copied without the checked system
 * call (src/drm-shim/shim_uaccess.c); those elsewhere still are: a handle
 * array in a page works until the page is unmapped, then the ioctl fails
 * with EFAULT instead of crashing, as the kernel's copy_from_user does;
 * the argument struct itself, the handles, and the wait's first-signalled
 * output on the stack come and go as the kernel's would. */
static void
syncobj_arguments_stack_and_unmapped(void **state)
{
   FD;
   uint32_t h[3] = {new_syncobj(fd, 0), new_syncobj(fd, 0),
                    new_syncobj(fd, DRM_SYNCOBJ_CREATE_SIGNALED)};
   uint32_t first = 99;
   assert_int_equal(drmSyncobjWait(fd, h, 3, now_ns() + 1000000000ll,
                                   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
                                   &first),
                    0);
   assert_int_equal(first, 2);

   uint32_t *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   assert_true(page != MAP_FAILED);
   page[0] = h[0];
   struct drm_syncobj_array a = {.handles = (uintptr_t)page,
                                 .count_handles = 1};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &a), 0);
   assert_int_equal(drmSyncobjWait(fd, &h[0], 1, 0, 0, NULL), 0);
   assert_int_equal(munmap(page, 4096), 0);
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_SYNCOBJ_RESET, &a), EFAULT);
   /* The reset did not happen: h[0] is still signalled. */
   assert_int_equal(drmSyncobjWait(fd, &h[0], 1, 0, 0, NULL), 0);
   /* The argument struct itself in an unmapped page. */
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_SYNCOBJ_RESET, page),
                    EFAULT);
}

static void
syncobj_wait_any_and_all(void **state)
{
   FD;
   uint32_t h[2] = {new_syncobj(fd, 0),
                    new_syncobj(fd, DRM_SYNCOBJ_CREATE_SIGNALED)};
   uint32_t first = 99;
   assert_int_equal(drmSyncobjWait(fd, h, 2, now_ns() + 1000000000ll,
                                   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
                                   &first),
                    0);
   assert_int_equal(first, 1);
   assert_int_equal(drmSyncobjWait(fd, h, 2, now_ns() + 20000000ll,
                                   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT |
                                      DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL,
                                   NULL),
                    -ETIME);
   struct drm_syncobj_wait w = {
      .handles = (uintptr_t)h, .count_handles = 2, .flags = 1u << 5};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), EINVAL);
}

static void
timeline_signal_query_wait(void **state)
{
   FD;
   uint32_t h = new_syncobj(fd, 0);
   uint64_t point = 5;
   assert_int_equal(drmSyncobjTimelineSignal(fd, &h, &point, 1), 0);
   uint64_t q = 0;
   assert_int_equal(drmSyncobjQuery(fd, &h, &q, 1), 0);
   assert_int_equal(q, 5);

   uint64_t p4 = 4, p5 = 5, p6 = 6;
   assert_int_equal(drmSyncobjTimelineWait(fd, &h, &p4, 1, 0, 0, NULL), 0);
   assert_int_equal(drmSyncobjTimelineWait(fd, &h, &p5, 1, 0, 0, NULL), 0);
   assert_int_equal(drmSyncobjTimelineWait(fd, &h, &p6, 1, 0, 0, NULL),
                    -EINVAL);
   int64_t deadline = now_ns() + 30000000ll;
   assert_int_equal(
      drmSyncobjTimelineWait(fd, &h, &p6, 1, deadline,
                             DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL),
      -ETIME);
   assert_true(now_ns() >= deadline);
}

static void
timeline_wait_woken_by_signal(void **state)
{
   FD;
   struct signal_later s = {fd, new_syncobj(fd, 0), 9};
   pthread_t t;
   pthread_create(&t, NULL, signal_thread, &s);
   uint64_t p = 9;
   assert_int_equal(
      drmSyncobjTimelineWait(fd, &s.handle, &p, 1, now_ns() + 10000000000ll,
                             DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL),
      0);
   pthread_join(t, NULL);
}

static void
timeline_signal_flags(void **state)
{
   FD;
   uint32_t h = new_syncobj(fd, 0);
   uint64_t p = 1;
   struct drm_syncobj_timeline_array a = {.handles = (uintptr_t)&h,
                                          .points = (uintptr_t)&p,
                                          .count_handles = 1,
                                          .flags = 1};
   assert_int_equal(shim_ioctl_errno(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &a),
                    EINVAL);
}

static void
syncobj_transfer(void **state)
{
   FD;
   uint32_t tl = new_syncobj(fd, 0), bin = new_syncobj(fd, 0);
   uint64_t p = 3;
   assert_int_equal(drmSyncobjTimelineSignal(fd, &tl, &p, 1), 0);
   assert_int_equal(drmSyncobjTransfer(fd, bin, 0, tl, 3, 0), 0);
   assert_int_equal(drmSyncobjWait(fd, &bin, 1, 0, 0, NULL), 0);
   /* A point that does not exist yet. */
   assert_int_not_equal(drmSyncobjTransfer(fd, bin, 0, tl, 4, 0), 0);
   assert_int_equal(errno, EINVAL);
   /* Binary into a timeline point. */
   uint32_t tl2 = new_syncobj(fd, 0);
   assert_int_equal(drmSyncobjTransfer(fd, tl2, 8, bin, 0, 0), 0);
   uint64_t q = 0;
   assert_int_equal(drmSyncobjQuery(fd, &tl2, &q, 1), 0);
   assert_int_equal(q, 8);
}

static void
syncobj_fd_shares_state(void **state)
{
   FD;
   uint32_t h = new_syncobj(fd, 0);
   int sfd = -1;
   assert_int_equal(drmSyncobjHandleToFD(fd, h, &sfd), 0);
   int fd2 = shim_test_open();
   uint32_t h2 = 0;
   assert_int_equal(drmSyncobjFDToHandle(fd2, sfd, &h2), 0);
   assert_int_equal(drmSyncobjWait(fd2, &h2, 1, 0, 0, NULL), -EINVAL);
   assert_int_equal(drmSyncobjSignal(fd, &h, 1), 0);
   assert_int_equal(drmSyncobjWait(fd2, &h2, 1, 0, 0, NULL), 0);
   close(sfd);
   close(fd2);
}

static void
sync_file_export_import(void **state)
{
   FD;
   uint32_t h = new_syncobj(fd, 0);
   int sync_file = -1;
   assert_int_not_equal(drmSyncobjExportSyncFile(fd, h, &sync_file), 0);
   assert_int_equal(errno, EINVAL);
   assert_int_equal(drmSyncobjSignal(fd, &h, 1), 0);
   assert_int_equal(drmSyncobjExportSyncFile(fd, h, &sync_file), 0);
   uint32_t other = new_syncobj(fd, 0);
   assert_int_equal(drmSyncobjImportSyncFile(fd, other, sync_file), 0);
   assert_int_equal(drmSyncobjWait(fd, &other, 1, 0, 0, NULL), 0);
   close(sync_file);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      T(version_is_asahi),
      T(caps),
      T(fstat_is_drm_char_device),
      T(sysfs_identity),
      T(legacy_xstat),
      T(dev_dri_listing),
      T(dup_shares_the_file),
      T(separate_opens_are_separate_files),
      T(close_range_releases_the_file),
      T(closefrom_forgets_the_fds),
      T(fd_number_reused_after_unseen_close),
      T(bo_contents_persist),
      T(gem_close_unknown),
      T(prime_round_trip),
      T(prime_export_private_bo),
      T(prime_export_bad_handle_or_flags),
      T(prime_import_bad_fd),
      T(syncobj_create_bad_flags),
      T(syncobj_destroy_unknown),
      T(syncobj_created_signalled),
      T(syncobj_wait_without_fence),
      T(syncobj_wait_times_out),
      T(syncobj_wait_woken_by_signal),
      T(syncobj_destroyed_while_waiting),
      T(syncobj_signal_and_reset),
      T(syncobj_array_rules),
      T(syncobj_arguments_stack_and_unmapped),
      T(syncobj_wait_any_and_all),
      T(timeline_signal_query_wait),
      T(timeline_wait_woken_by_signal),
      T(timeline_signal_flags),
      T(syncobj_transfer),
      T(syncobj_fd_shares_state),
      T(sync_file_export_import),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
