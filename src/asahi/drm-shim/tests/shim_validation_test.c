/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Every argument rule of the drm_asahi backend, one test each: a bad
 * argument gets the errno the Asahi kernel driver returns
 * (AsahiLinux/linux drivers/gpu/drm/asahi/file.rs, queue/common.rs), and
 * the matching good argument succeeds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <cmocka.h>

#include "shim_test_util.h"

#define PAGE 0x4000ull
#define KSTART 0x7000000000ull
#define KEND 0x7800000000ull
#define USC_BASE 0x1000000000ull
#define VA 0x2000000000ull

struct fixture {
   int fd;
   uint32_t vm, bo, queue, syncobj;
   struct drm_asahi_params_global params;
};

static int
setup(void **state)
{
   struct fixture *f = calloc(1, sizeof(*f));
   f->fd = shim_test_open();
   if (f->fd < 0) {
      fprintf(stderr, "no render node: is the drm-shim preloaded?\n");
      free(f);
      return -1;
   }

   struct drm_asahi_get_params gp = {.pointer = (uintptr_t)&f->params,
                                     .size = sizeof(f->params)};
   struct drm_asahi_vm_create vc = {.kernel_start = KSTART, .kernel_end = KEND};
   struct drm_asahi_gem_create gc = {.size = 4 * PAGE};
   if (ioctl(f->fd, DRM_IOCTL_ASAHI_GET_PARAMS, &gp) ||
       ioctl(f->fd, DRM_IOCTL_ASAHI_VM_CREATE, &vc) ||
       ioctl(f->fd, DRM_IOCTL_ASAHI_GEM_CREATE, &gc))
      return -1;
   f->vm = vc.vm_id;
   f->bo = gc.handle;

   struct drm_asahi_queue_create qc = {.vm_id = f->vm,
                                       .usc_exec_base = USC_BASE};
   struct drm_syncobj_create sc = {0};
   if (ioctl(f->fd, DRM_IOCTL_ASAHI_QUEUE_CREATE, &qc) ||
       ioctl(f->fd, DRM_IOCTL_SYNCOBJ_CREATE, &sc))
      return -1;
   f->queue = qc.queue_id;
   f->syncobj = sc.handle;
   *state = f;
   return 0;
}

static int
teardown(void **state)
{
   struct fixture *f = *state;
   close(f->fd);
   free(f);
   return 0;
}

#define F struct fixture *f = *state

/* ---- GET_PARAMS, GET_TIME ------------------------------------------------ */

static void
get_params_group_nonzero(void **state)
{
   F;
   struct drm_asahi_params_global p;
   struct drm_asahi_get_params gp = {
      .param_group = 1, .pointer = (uintptr_t)&p, .size = sizeof(p)};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GET_PARAMS, &gp),
                    EINVAL);
}

static void
get_params_pad_nonzero(void **state)
{
   F;
   struct drm_asahi_params_global p;
   struct drm_asahi_get_params gp = {
      .pad = 1, .pointer = (uintptr_t)&p, .size = sizeof(p)};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GET_PARAMS, &gp),
                    EINVAL);
}

static void
get_params_bad_pointer(void **state)
{
   F;
   struct drm_asahi_get_params gp = {.pointer = 0x10, .size = 592};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GET_PARAMS, &gp),
                    EFAULT);
}

static void
get_params_short_size(void **state)
{
   F;
   /* Older userspace: only the first 16 bytes are written. */
   uint8_t buf[64];
   memset(buf, 0xAA, sizeof(buf));
   struct drm_asahi_get_params gp = {.pointer = (uintptr_t)buf, .size = 16};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GET_PARAMS, &gp),
                    0);
   uint32_t gen;
   memcpy(&gen, buf + 8, 4);
   assert_int_equal(gen, 13);
   assert_int_equal(buf[16], 0xAA);
}

static void
get_params_values(void **state)
{
   F;
   /* The fake M1 the issue asks for (values as AsahiLinux/linux
    * drivers/gpu/drm/asahi reports them for a G13G). */
   assert_int_equal(f->params.gpu_generation, 13);
   assert_int_equal(f->params.gpu_variant, 'G');
   assert_int_equal(f->params.chip_id, 0x8103);
   assert_int_equal(
      f->params.num_cores_per_cluster * f->params.num_clusters_total, 8);
   assert_int_equal(f->params.max_commands_per_submission, 64);
   assert_int_equal(f->params.vm_kernel_min_size, 0x20000000);
   assert_int_equal(f->params.command_timestamp_frequency_hz, 1000000000);
   assert_int_equal(f->params.features & DRM_ASAHI_FEATURE_SOFT_FAULTS, 0);
   assert_true(f->params.vm_end - f->params.vm_start >= (1ull << 38));
}

static void
get_time_flags_nonzero(void **state)
{
   F;
   struct drm_asahi_get_time t = {.flags = 1};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GET_TIME, &t),
                    EINVAL);
}

static void
get_time_advances(void **state)
{
   F;
   struct drm_asahi_get_time a = {0}, b = {0};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GET_TIME, &a), 0);
   usleep(1000);
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GET_TIME, &b), 0);
   assert_true(b.gpu_timestamp >= a.gpu_timestamp + 1000000);
}

/* ---- VM_CREATE / VM_DESTROY -------------------------------------------- */

static int
vm_create(int fd, uint64_t start, uint64_t end, uint32_t pad)
{
   struct drm_asahi_vm_create c = {
      .kernel_start = start, .kernel_end = end, .pad = pad};
   return shim_ioctl_errno(fd, DRM_IOCTL_ASAHI_VM_CREATE, &c);
}

static void
vm_create_pad_nonzero(void **state)
{
   F;
   assert_int_equal(vm_create(f->fd, KSTART, KEND, 1), EINVAL);
}

static void
vm_create_below_window(void **state)
{
   F;
   assert_int_equal(vm_create(f->fd, 0, 0x20000000, 0), EINVAL);
}

static void
vm_create_above_window(void **state)
{
   F;
   uint64_t end = f->params.vm_end + PAGE;
   assert_int_equal(vm_create(f->fd, end - 0x40000000, end, 0), EINVAL);
}

static void
vm_create_too_small(void **state)
{
   F;
   assert_int_equal(vm_create(f->fd, KSTART, KSTART + 0x20000000 - PAGE, 0),
                    EINVAL);
}

static void
vm_create_start_unaligned(void **state)
{
   F;
   assert_int_equal(vm_create(f->fd, KSTART + 0x1000, KEND, 0), EINVAL);
}

static void
vm_create_end_unaligned(void **state)
{
   F;
   assert_int_equal(vm_create(f->fd, KSTART, KEND - 0x1000, 0), EINVAL);
}

static void
vm_create_and_destroy(void **state)
{
   F;
   struct drm_asahi_vm_create c = {.kernel_start = KSTART, .kernel_end = KEND};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_VM_CREATE, &c), 0);
   assert_int_not_equal(c.vm_id, 0);
   struct drm_asahi_vm_destroy d = {.vm_id = c.vm_id};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_VM_DESTROY, &d), 0);
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_VM_DESTROY, &d),
                    ENOENT);
}

static void
vm_destroy_pad_nonzero(void **state)
{
   F;
   struct drm_asahi_vm_destroy d = {.vm_id = f->vm, .pad = 1};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_VM_DESTROY, &d),
                    EINVAL);
}

/* ---- GEM_CREATE / GEM_MMAP_OFFSET -------------------------------------- */

static int
gem_create(int fd, uint64_t size, uint32_t flags, uint32_t vm, uint32_t pad)
{
   struct drm_asahi_gem_create c = {
      .size = size, .flags = flags, .vm_id = vm, .pad = pad};
   return shim_ioctl_errno(fd, DRM_IOCTL_ASAHI_GEM_CREATE, &c);
}

static void
gem_create_unknown_flag(void **state)
{
   F;
   assert_int_equal(gem_create(f->fd, PAGE, 1u << 2, 0, 0), EINVAL);
}

static void
gem_create_vm_without_private(void **state)
{
   F;
   assert_int_equal(gem_create(f->fd, PAGE, 0, f->vm, 0), EINVAL);
}

static void
gem_create_private_unknown_vm(void **state)
{
   F;
   assert_int_equal(gem_create(f->fd, PAGE, DRM_ASAHI_GEM_VM_PRIVATE, 999, 0),
                    ENOENT);
}

static void
gem_create_private_ok(void **state)
{
   F;
   assert_int_equal(
      gem_create(f->fd, PAGE,
                 DRM_ASAHI_GEM_VM_PRIVATE | DRM_ASAHI_GEM_WRITEBACK, f->vm, 0),
      0);
}

static void
gem_create_zero_size(void **state)
{
   F;
   assert_int_equal(gem_create(f->fd, 0, 0, 0, 0), EINVAL);
}

static void
gem_create_pad_nonzero(void **state)
{
   F;
   assert_int_equal(gem_create(f->fd, PAGE, 0, 0, 1), EINVAL);
}

static void
mmap_offset_flags_nonzero(void **state)
{
   F;
   struct drm_asahi_gem_mmap_offset m = {.handle = f->bo, .flags = 1};
   assert_int_equal(
      shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m), EINVAL);
}

static void
mmap_offset_bad_handle(void **state)
{
   F;
   struct drm_asahi_gem_mmap_offset m = {.handle = 999};
   assert_int_equal(
      shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m), ENOENT);
}

static void
mmap_past_bo_end(void **state)
{
   F;
   struct drm_asahi_gem_mmap_offset m = {.handle = f->bo};
   assert_int_equal(
      shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m), 0);
   void *p = mmap(NULL, 5 * PAGE, PROT_READ, MAP_SHARED, f->fd, m.offset);
   assert_true(p == MAP_FAILED);
   assert_int_equal(errno, EINVAL);
   p = mmap(NULL, 4 * PAGE, PROT_READ, MAP_SHARED, f->fd, m.offset);
   assert_true(p != MAP_FAILED);
   munmap(p, 4 * PAGE);
}

/* VM-private BOs hold no file descriptor: with a limit of 64 descriptors a
 * process still creates thousands of them, and two mappings of one BO see
 * the same memory. */
static void
gem_create_many_private(void **state)
{
   F;
   struct rlimit old;
   assert_int_equal(getrlimit(RLIMIT_NOFILE, &old), 0);
   struct rlimit low = {64, old.rlim_max};
   assert_int_equal(setrlimit(RLIMIT_NOFILE, &low), 0);

   enum { N = 3000 };
   static uint32_t handles[N];
   unsigned created = 0;
   for (; created < N; created++) {
      struct drm_asahi_gem_create c = {
         .size = PAGE, .flags = DRM_ASAHI_GEM_VM_PRIVATE, .vm_id = f->vm};
      if (shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GEM_CREATE, &c))
         break;
      handles[created] = c.handle;
   }
   setrlimit(RLIMIT_NOFILE, &old);
   assert_int_equal(created, N);

   struct drm_asahi_gem_mmap_offset m = {.handle = handles[N - 1]};
   assert_int_equal(
      shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m), 0);
   uint32_t *a = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, f->fd,
                      m.offset);
   const uint32_t *b = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, f->fd, m.offset);
   assert_true(a != MAP_FAILED && b != MAP_FAILED);
   a[100] = 0x12345678;
   assert_int_equal(b[100], 0x12345678);
   munmap(a, PAGE);
   munmap((void *)b, PAGE);

   /* Such a BO cannot become a dma-buf (the kernel's rule for private
    * objects). */
   struct drm_prime_handle p = {.handle = handles[0], .flags = DRM_CLOEXEC};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p),
                    EINVAL);

   for (unsigned i = 0; i < N; i++) {
      struct drm_gem_close gc = {.handle = handles[i]};
      assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_GEM_CLOSE, &gc), 0);
   }
}

/* ---- VM_BIND ------------------------------------------------------------- */

static int
bind_ops(struct fixture *f, uint32_t vm, const void *ops, uint32_t n,
         uint32_t stride)
{
   struct drm_asahi_vm_bind b = {
      .vm_id = vm, .num_binds = n, .stride = stride, .userptr = (uintptr_t)ops};
   return shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_VM_BIND, &b);
}

static int
bind1(struct fixture *f, uint32_t flags, uint32_t handle, uint64_t offset,
      uint64_t range, uint64_t addr)
{
   struct drm_asahi_gem_bind_op op = {.flags = flags,
                                      .handle = handle,
                                      .offset = offset,
                                      .range = range,
                                      .addr = addr};
   return bind_ops(f, f->vm, &op, 1, sizeof(op));
}

#define RW (DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE)

static void
bind_ok_and_unbind(void **state)
{
   F;
   assert_int_equal(bind1(f, RW, f->bo, 0, 4 * PAGE, VA), 0);
   assert_int_equal(bind1(f, DRM_ASAHI_BIND_UNBIND, 0, 0, 4 * PAGE, VA), 0);
}

static void
bind_stride_zero(void **state)
{
   F;
   struct drm_asahi_gem_bind_op op = {
      .flags = RW, .handle = f->bo, .range = PAGE, .addr = VA};
   assert_int_equal(bind_ops(f, f->vm, &op, 1, 0), EINVAL);
}

static void
bind_pad_nonzero(void **state)
{
   F;
   struct drm_asahi_gem_bind_op op = {
      .flags = RW, .handle = f->bo, .range = PAGE, .addr = VA};
   struct drm_asahi_vm_bind b = {.vm_id = f->vm,
                                 .num_binds = 1,
                                 .stride = sizeof(op),
                                 .pad = 1,
                                 .userptr = (uintptr_t)&op};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_VM_BIND, &b),
                    EINVAL);
}

/* stride * num_binds is a 32-bit product in the kernel: past it, EINVAL. */
static void
bind_size_overflow(void **state)
{
   F;
   struct drm_asahi_gem_bind_op op = {
      .flags = RW, .handle = f->bo, .range = PAGE, .addr = VA};
   assert_int_equal(bind_ops(f, f->vm, &op, 0x10000000u, 32), EINVAL);
}

/* One VM_BIND of 200,000 operations, binding pages in descending order
 * (each before all the others) and then unbinding them, completes: the
 * address map is not quadratic. */
static void
bind_many_ops(void **state)
{
   F;
   enum { N = 200000 };
   struct drm_asahi_gem_bind_op *ops = calloc(N, sizeof(*ops));
   assert_non_null(ops);
   for (unsigned i = 0; i < N; i++) {
      ops[i] = (struct drm_asahi_gem_bind_op){
         .flags = RW | DRM_ASAHI_BIND_SINGLE_PAGE, .handle = f->bo,
         .range = PAGE, .addr = VA + (uint64_t)(N - 1 - i) * 2 * PAGE};
   }
   assert_int_equal(bind_ops(f, f->vm, ops, N, sizeof(*ops)), 0);
   for (unsigned i = 0; i < N; i++) {
      ops[i] = (struct drm_asahi_gem_bind_op){
         .flags = DRM_ASAHI_BIND_UNBIND, .range = PAGE,
         .addr = VA + (uint64_t)i * 2 * PAGE};
   }
   assert_int_equal(bind_ops(f, f->vm, ops, N, sizeof(*ops)), 0);
   free(ops);
}

static void
bind_bad_userptr(void **state)
{
   F;
   assert_int_equal(bind_ops(f, f->vm, (void *)0x10, 1, 32), EFAULT);
}

static void
bind_addr_unaligned(void **state)
{
   F;
   assert_int_equal(bind1(f, RW, f->bo, 0, PAGE, VA + 0x1000), EINVAL);
}

static void
bind_range_unaligned(void **state)
{
   F;
   assert_int_equal(bind1(f, RW, f->bo, 0, 0x1000, VA), EINVAL);
}

static void
bind_offset_unaligned(void **state)
{
   F;
   assert_int_equal(bind1(f, RW, f->bo, 0x1000, PAGE, VA), EINVAL);
}

static void
bind_unknown_flag(void **state)
{
   F;
   assert_int_equal(bind1(f, RW | (1u << 4), f->bo, 0, PAGE, VA), EINVAL);
}

/* A VM-private BO binds into its own VM only, even once that VM is gone
 * (it keeps the VM's reservation object).
 */
static void
bind_private_bo_other_vm(void **state)
{
   F;
   struct drm_asahi_gem_create gc = {
      .size = PAGE, .flags = DRM_ASAHI_GEM_VM_PRIVATE, .vm_id = f->vm};
   struct drm_asahi_vm_create vc = {.kernel_start = KSTART, .kernel_end = KEND};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GEM_CREATE, &gc),
                    0);
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_VM_CREATE, &vc), 0);

   struct drm_asahi_gem_bind_op op = {
      .flags = RW, .handle = gc.handle, .range = PAGE, .addr = VA};
   assert_int_equal(bind_ops(f, vc.vm_id, &op, 1, sizeof(op)), EINVAL);
   assert_int_equal(bind_ops(f, f->vm, &op, 1, sizeof(op)), 0);

   /* The owner's id is gone, and a new VM may reuse its slot: still no. */
   struct drm_asahi_gem_create gc2 = gc;
   gc2.vm_id = vc.vm_id;
   struct drm_asahi_vm_destroy vd = {.vm_id = vc.vm_id};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GEM_CREATE, &gc2),
                    0);
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_VM_DESTROY, &vd),
                    0);
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_VM_CREATE, &vc), 0);
   op.handle = gc2.handle;
   assert_int_equal(bind_ops(f, vc.vm_id, &op, 1, sizeof(op)), EINVAL);

   /* Shared (non-private) BOs bind anywhere. */
   op.handle = f->bo;
   assert_int_equal(bind_ops(f, vc.vm_id, &op, 1, sizeof(op)), 0);
   vd.vm_id = vc.vm_id;
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_VM_DESTROY, &vd),
                    0);
}

static void
bind_bad_handle(void **state)
{
   F;
   assert_int_equal(bind1(f, RW, 999, 0, PAGE, VA), ENOENT);
}

static void
bind_addr_overflow(void **state)
{
   F;
   assert_int_equal(bind1(f, RW, f->bo, 0, PAGE, ~(PAGE - 1)), EINVAL);
}

static void
bind_past_bo_end(void **state)
{
   F;
   assert_int_equal(bind1(f, RW, f->bo, PAGE, 4 * PAGE, VA), EINVAL);
}

static void
bind_outside_window(void **state)
{
   F;
   assert_int_equal(bind1(f, RW, f->bo, 0, PAGE, 0), EINVAL);
   assert_int_equal(bind1(f, RW, f->bo, 0, PAGE, f->params.vm_end), EINVAL);
}

static void
bind_no_permission(void **state)
{
   F;
   assert_int_equal(bind1(f, 0, f->bo, 0, PAGE, VA), EINVAL);
}

static void
bind_unknown_vm(void **state)
{
   F;
   struct drm_asahi_gem_bind_op op = {
      .flags = RW, .handle = f->bo, .range = PAGE, .addr = VA};
   assert_int_equal(bind_ops(f, 999, &op, 1, sizeof(op)), ENOENT);
}

static void
bind_into_kernel_range(void **state)
{
   F;
   assert_int_equal(bind1(f, RW, f->bo, 0, 2 * PAGE, KSTART - PAGE), EINVAL);
}

static void
bind_single_page(void **state)
{
   F;
   /* SINGLE_PAGE repeats one page: the range may exceed the BO. */
   assert_int_equal(bind1(f, DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_SINGLE_PAGE,
                          f->bo, 3 * PAGE, 64 * PAGE, VA),
                    0);
   assert_int_equal(bind1(f, DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_SINGLE_PAGE,
                          f->bo, 4 * PAGE, 64 * PAGE, VA),
                    EINVAL);
}

static void
bind_longer_stride_zero_tail(void **state)
{
   F;
   uint8_t raw[48] = {0};
   struct drm_asahi_gem_bind_op op = {
      .flags = RW, .handle = f->bo, .range = PAGE, .addr = VA};
   memcpy(raw, &op, sizeof(op));
   assert_int_equal(bind_ops(f, f->vm, raw, 1, sizeof(raw)), 0);
}

static void
bind_longer_stride_nonzero_tail(void **state)
{
   F;
   uint8_t raw[48] = {0};
   struct drm_asahi_gem_bind_op op = {
      .flags = RW, .handle = f->bo, .range = PAGE, .addr = VA};
   memcpy(raw, &op, sizeof(op));
   raw[40] = 1;
   assert_int_equal(bind_ops(f, f->vm, raw, 1, sizeof(raw)), EINVAL);
}

static void
unbind_with_handle(void **state)
{
   F;
   assert_int_equal(bind1(f, DRM_ASAHI_BIND_UNBIND, f->bo, 0, PAGE, VA),
                    EINVAL);
}

static void
unbind_with_offset(void **state)
{
   F;
   assert_int_equal(bind1(f, DRM_ASAHI_BIND_UNBIND, 0, PAGE, PAGE, VA), EINVAL);
}

static void
unbind_with_other_flags(void **state)
{
   F;
   assert_int_equal(
      bind1(f, DRM_ASAHI_BIND_UNBIND | DRM_ASAHI_BIND_READ, 0, 0, PAGE, VA),
      EINVAL);
}

static void
unbind_unaligned(void **state)
{
   F;
   assert_int_equal(bind1(f, DRM_ASAHI_BIND_UNBIND, 0, 0, PAGE, VA + 8),
                    EINVAL);
}

static void
unbind_outside_window(void **state)
{
   F;
   assert_int_equal(bind1(f, DRM_ASAHI_BIND_UNBIND, 0, 0, PAGE, 0), EINVAL);
}

static void
unbind_kernel_range(void **state)
{
   F;
   assert_int_equal(bind1(f, DRM_ASAHI_BIND_UNBIND, 0, 0, PAGE, KSTART),
                    EINVAL);
}

static void
unbind_unknown_vm(void **state)
{
   F;
   struct drm_asahi_gem_bind_op op = {
      .flags = DRM_ASAHI_BIND_UNBIND, .range = PAGE, .addr = VA};
   assert_int_equal(bind_ops(f, 999, &op, 1, sizeof(op)), ENOENT);
}

/* ---- GEM_BIND_OBJECT ---------------------------------------------------- */

static int
bind_object(struct fixture *f, struct drm_asahi_gem_bind_object *o)
{
   return shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, o);
}

#define TS_BIND(...)                                                           \
   (struct drm_asahi_gem_bind_object)                                          \
   {                                                                           \
      .op = DRM_ASAHI_BIND_OBJECT_OP_BIND,                                     \
      .flags = DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS, .handle = f->bo,        \
      .range = PAGE, __VA_ARGS__                                               \
   }

static void
bind_object_ok_and_unbind(void **state)
{
   F;
   struct drm_asahi_gem_bind_object o = TS_BIND();
   assert_int_equal(bind_object(f, &o), 0);
   assert_int_not_equal(o.object_handle, 0);
   struct drm_asahi_gem_bind_object u = {.op = DRM_ASAHI_BIND_OBJECT_OP_UNBIND,
                                         .object_handle = o.object_handle};
   assert_int_equal(bind_object(f, &u), 0);
   assert_int_equal(bind_object(f, &u), ENOENT);
}

static void
bind_object_pad(void **state)
{
   F;
   struct drm_asahi_gem_bind_object o = TS_BIND(.pad = 1);
   assert_int_equal(bind_object(f, &o), EINVAL);
}

static void
bind_object_vm_id(void **state)
{
   F;
   struct drm_asahi_gem_bind_object o = TS_BIND(.vm_id = f->vm);
   assert_int_equal(bind_object(f, &o), EINVAL);
}

static void
bind_object_bad_op(void **state)
{
   F;
   struct drm_asahi_gem_bind_object o = TS_BIND();
   o.op = 2;
   assert_int_equal(bind_object(f, &o), EINVAL);
}

static void
bind_object_unaligned(void **state)
{
   F;
   struct drm_asahi_gem_bind_object o = TS_BIND(.offset = 8);
   assert_int_equal(bind_object(f, &o), EINVAL);
}

static void
bind_object_no_usage(void **state)
{
   F;
   struct drm_asahi_gem_bind_object o = TS_BIND();
   o.flags = 0;
   assert_int_equal(bind_object(f, &o), EINVAL);
}

static void
bind_object_bad_handle(void **state)
{
   F;
   struct drm_asahi_gem_bind_object o = TS_BIND();
   o.handle = 999;
   assert_int_equal(bind_object(f, &o), ENOENT);
}

static void
bind_object_past_end(void **state)
{
   F;
   struct drm_asahi_gem_bind_object o = TS_BIND(.offset = 4 * PAGE);
   assert_int_equal(bind_object(f, &o), EINVAL);
}

static void
unbind_object_with_range(void **state)
{
   F;
   struct drm_asahi_gem_bind_object u = {
      .op = DRM_ASAHI_BIND_OBJECT_OP_UNBIND, .range = PAGE, .object_handle = 1};
   assert_int_equal(bind_object(f, &u), EINVAL);
}

static void
unbind_object_with_flags(void **state)
{
   F;
   struct drm_asahi_gem_bind_object u = {
      .op = DRM_ASAHI_BIND_OBJECT_OP_UNBIND,
      .flags = DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS,
      .object_handle = 1};
   assert_int_equal(bind_object(f, &u), EINVAL);
}

static void
unbind_object_with_handle(void **state)
{
   F;
   struct drm_asahi_gem_bind_object u = {.op = DRM_ASAHI_BIND_OBJECT_OP_UNBIND,
                                         .handle = f->bo,
                                         .object_handle = 1};
   assert_int_equal(bind_object(f, &u), EINVAL);
}

/* ---- QUEUE_CREATE / QUEUE_DESTROY --------------------------------------- */

static int
queue_create(struct fixture *f, uint32_t flags, uint32_t vm, uint32_t prio)
{
   struct drm_asahi_queue_create c = {
      .flags = flags, .vm_id = vm, .priority = prio, .usc_exec_base = USC_BASE};
   return shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_QUEUE_CREATE, &c);
}

static void
queue_create_flags(void **state)
{
   F;
   assert_int_equal(queue_create(f, 1, f->vm, 0), EINVAL);
}

static void
queue_create_priority_invalid(void **state)
{
   F;
   assert_int_equal(queue_create(f, 0, f->vm, 4), EINVAL);
}

static void
queue_create_priority_reserved(void **state)
{
   F;
   assert_int_equal(queue_create(f, 0, f->vm, DRM_ASAHI_PRIORITY_HIGH), EINVAL);
   assert_int_equal(queue_create(f, 0, f->vm, DRM_ASAHI_PRIORITY_MEDIUM), 0);
}

static void
queue_create_unknown_vm(void **state)
{
   F;
   assert_int_equal(queue_create(f, 0, 999, 0), ENOENT);
}

static void
queue_destroy_unknown(void **state)
{
   F;
   struct drm_asahi_queue_destroy d = {.queue_id = 999};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_QUEUE_DESTROY, &d),
                    ENOENT);
}

static void
queue_destroy_pad(void **state)
{
   F;
   struct drm_asahi_queue_destroy d = {.queue_id = f->queue, .pad = 1};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_QUEUE_DESTROY, &d),
                    EINVAL);
}

/* ---- SUBMIT -------------------------------------------------------------- */

struct cmdbuf {
   uint8_t data[16384];
   size_t size;
};

static void
put(struct cmdbuf *c, uint16_t type, uint16_t vdm, uint16_t cdm,
    const void *payload, size_t size)
{
   struct drm_asahi_cmd_header h = {type, (uint16_t)size, vdm, cdm};
   memcpy(c->data + c->size, &h, sizeof(h));
   if (size)
      memcpy(c->data + c->size + sizeof(h), payload, size);
   c->size += sizeof(h) + size;
}

static struct drm_asahi_cmd_render
good_render(void)
{
   return (struct drm_asahi_cmd_render){
      .width_px = 64,
      .height_px = 64,
      .layers = 1,
      .samples = 1,
      .utile_width_px = 32,
      .utile_height_px = 32,
   };
}

static void
put_render(struct cmdbuf *c, uint16_t vdm, uint16_t cdm)
{
   struct drm_asahi_cmd_render r = good_render();
   put(c, DRM_ASAHI_CMD_RENDER, vdm, cdm, &r, sizeof(r));
}

static void
put_compute(struct cmdbuf *c, uint16_t vdm, uint16_t cdm)
{
   struct drm_asahi_cmd_compute k = {0};
   put(c, DRM_ASAHI_CMD_COMPUTE, vdm, cdm, &k, sizeof(k));
}

#define NONE DRM_ASAHI_BARRIER_NONE

static int
submit(struct fixture *f, const struct cmdbuf *c,
       const struct drm_asahi_sync *syncs, uint32_t in, uint32_t out)
{
   struct drm_asahi_submit s = {.syncs = (uintptr_t)syncs,
                                .cmdbuf = (uintptr_t)c->data,
                                .queue_id = f->queue,
                                .in_sync_count = in,
                                .out_sync_count = out,
                                .cmdbuf_size = c->size};
   return shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_SUBMIT, &s);
}

static void
submit_ok(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_compute(&c, 0, 0);
   put_render(&c, NONE, 1);
   assert_int_equal(submit(f, &c, NULL, 0, 0), 0);
}

static void
submit_flags(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 0);
   struct drm_asahi_submit s = {.cmdbuf = (uintptr_t)c.data,
                                .cmdbuf_size = c.size,
                                .queue_id = f->queue,
                                .flags = 1};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_SUBMIT, &s),
                    EINVAL);
}

static void
submit_pad(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 0);
   struct drm_asahi_submit s = {.cmdbuf = (uintptr_t)c.data,
                                .cmdbuf_size = c.size,
                                .queue_id = f->queue,
                                .pad = 1};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_SUBMIT, &s),
                    EINVAL);
}

static void
submit_unknown_queue(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 0);
   struct drm_asahi_submit s = {
      .cmdbuf = (uintptr_t)c.data, .cmdbuf_size = c.size, .queue_id = 999};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_SUBMIT, &s),
                    ENOENT);
}

static void
submit_bad_cmdbuf_pointer(void **state)
{
   F;
   struct drm_asahi_submit s = {
      .cmdbuf = 0x10, .cmdbuf_size = 248, .queue_id = f->queue};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_ASAHI_SUBMIT, &s),
                    EFAULT);
}

static void
submit_sync_bad_type(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 0);
   struct drm_asahi_sync s = {.sync_type = 2, .handle = f->syncobj};
   assert_int_equal(submit(f, &c, &s, 0, 1), EINVAL);
}

static void
submit_sync_binary_with_value(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 0);
   struct drm_asahi_sync s = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
                              .handle = f->syncobj,
                              .timeline_value = 1};
   assert_int_equal(submit(f, &c, &s, 0, 1), EINVAL);
}

static void
submit_sync_unknown_handle(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 0);
   struct drm_asahi_sync s = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
                              .handle = 999};
   assert_int_equal(submit(f, &c, &s, 0, 1), ENOENT);
}

static void
submit_in_sync_without_fence(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 0);
   struct drm_asahi_sync s = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
                              .handle = f->syncobj};
   assert_int_equal(submit(f, &c, &s, 1, 0), EINVAL);
}

static void
submit_in_timeline_point_missing(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 0);
   struct drm_asahi_sync s = {.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ,
                              .handle = f->syncobj,
                              .timeline_value = 3};
   assert_int_equal(submit(f, &c, &s, 1, 0), EINVAL);
}

static void
submit_signals_out_syncs(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 0);
   struct drm_syncobj_create tl = {0};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_SYNCOBJ_CREATE, &tl), 0);
   struct drm_asahi_sync s[] = {
      {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = f->syncobj},
      {.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ,
       .handle = tl.handle,
       .timeline_value = 7},
   };
   assert_int_equal(submit(f, &c, s, 0, 2), 0);

   /* Both are now usable as in-syncs. */
   assert_int_equal(submit(f, &c, s, 2, 0), 0);
   uint64_t point = 0;
   struct drm_syncobj_timeline_array q = {.handles = (uintptr_t)&tl.handle,
                                          .points = (uintptr_t)&point,
                                          .count_handles = 1};
   assert_int_equal(shim_ioctl_errno(f->fd, DRM_IOCTL_SYNCOBJ_QUERY, &q), 0);
   assert_int_equal(point, 7);
}

static void
submit_truncated_header(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 0);
   c.size += 4; /* half a header after the render */
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_payload_past_end(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 0);
   c.size -= 8;
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_unknown_type(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 0);
   put(&c, 5, NONE, NONE, NULL, 0);
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_no_hardware_command(void **state)
{
   F;
   struct cmdbuf c = {0};
   struct drm_asahi_attachment a = {.pointer = VA, .size = PAGE};
   put(&c, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, NONE, NONE, &a, sizeof(a));
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
   c.size = 0;
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_too_many_commands(void **state)
{
   F;
   struct cmdbuf c = {0};
   for (unsigned i = 0; i < 64; i++)
      put_compute(&c, NONE, NONE);
   assert_int_equal(submit(f, &c, NULL, 0, 0), 0);
   put_compute(&c, NONE, NONE);
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_vdm_barrier_too_far(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 0);
   put_render(&c, 1, NONE);
   assert_int_equal(submit(f, &c, NULL, 0, 0), 0);
   put_render(&c, 3, NONE);
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_cdm_barrier_too_far(void **state)
{
   F;
   struct cmdbuf c = {0};
   put_render(&c, 0, 1);
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_attachment_barrier(void **state)
{
   F;
   struct cmdbuf c = {0};
   struct drm_asahi_attachment a = {.pointer = VA, .size = PAGE};
   put(&c, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, 0, NONE, &a, sizeof(a));
   put_render(&c, 0, 0);
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_attachment_size(void **state)
{
   F;
   struct cmdbuf c = {0};
   uint8_t junk[20] = {0};
   put(&c, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, NONE, NONE, junk, sizeof(junk));
   put_render(&c, 0, 0);
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_too_many_attachments(void **state)
{
   F;
   struct cmdbuf c = {0};
   unsigned n = f->params.max_attachments + 1;
   struct drm_asahi_attachment a[64] = {{0}};
   put(&c, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, NONE, NONE, a, n * sizeof(a[0]));
   put_compute(&c, 0, 0);
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_attachment_flags(void **state)
{
   F;
   struct cmdbuf c = {0};
   struct drm_asahi_attachment a = {.pointer = VA, .size = PAGE, .flags = 1};
   put(&c, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, NONE, NONE, &a, sizeof(a));
   put_render(&c, 0, 0);
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_render_unknown_flag(void **state)
{
   F;
   struct cmdbuf c = {0};
   struct drm_asahi_cmd_render r = good_render();
   r.flags = 1u << 3;
   put(&c, DRM_ASAHI_CMD_RENDER, 0, 0, &r, sizeof(r));
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_render_bad_samples(void **state)
{
   F;
   struct cmdbuf c = {0};
   struct drm_asahi_cmd_render r = good_render();
   r.samples = 3;
   put(&c, DRM_ASAHI_CMD_RENDER, 0, 0, &r, sizeof(r));
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_render_zero_size(void **state)
{
   F;
   struct cmdbuf c = {0};
   struct drm_asahi_cmd_render r = good_render();
   r.width_px = 0;
   put(&c, DRM_ASAHI_CMD_RENDER, 0, 0, &r, sizeof(r));
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_render_too_big(void **state)
{
   F;
   struct cmdbuf c = {0};
   struct drm_asahi_cmd_render r = good_render();
   r.width_px = 16384;
   r.height_px = 16384;
   put(&c, DRM_ASAHI_CMD_RENDER, 0, 0, &r, sizeof(r));
   assert_int_equal(submit(f, &c, NULL, 0, 0), 0);
   r.height_px = 16385;
   c.size = 0;
   put(&c, DRM_ASAHI_CMD_RENDER, 0, 0, &r, sizeof(r));
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_render_layers(void **state)
{
   F;
   struct cmdbuf c = {0};
   struct drm_asahi_cmd_render r = good_render();
   r.layers = 2048;
   put(&c, DRM_ASAHI_CMD_RENDER, 0, 0, &r, sizeof(r));
   assert_int_equal(submit(f, &c, NULL, 0, 0), 0);
   r.layers = 2049;
   c.size = 0;
   put(&c, DRM_ASAHI_CMD_RENDER, 0, 0, &r, sizeof(r));
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
   r.layers = 0;
   c.size = 0;
   put(&c, DRM_ASAHI_CMD_RENDER, 0, 0, &r, sizeof(r));
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_render_utile(void **state)
{
   F;
   static const uint8_t ok[][2] = {{32, 32}, {32, 16}, {16, 16}};
   static const uint8_t bad[][2] = {{16, 32}, {8, 8}, {64, 64}, {0, 0}};
   struct drm_asahi_cmd_render r = good_render();
   for (unsigned i = 0; i < 3; i++) {
      struct cmdbuf c = {0};
      r.utile_width_px = ok[i][0];
      r.utile_height_px = ok[i][1];
      put(&c, DRM_ASAHI_CMD_RENDER, 0, 0, &r, sizeof(r));
      assert_int_equal(submit(f, &c, NULL, 0, 0), 0);
   }
   for (unsigned i = 0; i < 4; i++) {
      struct cmdbuf c = {0};
      r.utile_width_px = bad[i][0];
      r.utile_height_px = bad[i][1];
      put(&c, DRM_ASAHI_CMD_RENDER, 0, 0, &r, sizeof(r));
      assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
   }
}

static void
submit_payload_unknown_tail(void **state)
{
   F;
   struct cmdbuf c = {0};
   uint8_t raw[sizeof(struct drm_asahi_cmd_compute) + 8] = {0};
   put(&c, DRM_ASAHI_CMD_COMPUTE, 0, 0, raw, sizeof(raw));
   assert_int_equal(submit(f, &c, NULL, 0, 0), 0);
   raw[sizeof(raw) - 1] = 1;
   c.size = 0;
   put(&c, DRM_ASAHI_CMD_COMPUTE, 0, 0, raw, sizeof(raw));
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_short_payload(void **state)
{
   F;
   /* Shorter than the struct is allowed; the rest reads as zero. */
   struct cmdbuf c = {0};
   struct drm_asahi_cmd_compute k = {0};
   put(&c, DRM_ASAHI_CMD_COMPUTE, 0, 0, &k, 16);
   assert_int_equal(submit(f, &c, NULL, 0, 0), 0);
}

static void
submit_compute_flags(void **state)
{
   F;
   struct cmdbuf c = {0};
   struct drm_asahi_cmd_compute k = {.flags = 1};
   put(&c, DRM_ASAHI_CMD_COMPUTE, 0, 0, &k, sizeof(k));
   assert_int_equal(submit(f, &c, NULL, 0, 0), EINVAL);
}

static void
submit_timestamp_unknown_object(void **state)
{
   F;
   struct cmdbuf c = {0};
   struct drm_asahi_cmd_compute k = {.ts = {.start = {.handle = 999}}};
   put(&c, DRM_ASAHI_CMD_COMPUTE, 0, 0, &k, sizeof(k));
   assert_int_equal(submit(f, &c, NULL, 0, 0), ENOENT);
}

static void
submit_timestamp_out_of_range(void **state)
{
   F;
   struct drm_asahi_gem_bind_object o = TS_BIND();
   assert_int_equal(bind_object(f, &o), 0);

   struct cmdbuf c = {0};
   struct drm_asahi_cmd_compute k = {
      .ts = {.start = {.handle = o.object_handle, .offset = PAGE - 8}}};
   put(&c, DRM_ASAHI_CMD_COMPUTE, 0, 0, &k, sizeof(k));
   assert_int_equal(submit(f, &c, NULL, 0, 0), 0);

   k.ts.start.offset = PAGE - 4;
   c.size = 0;
   put(&c, DRM_ASAHI_CMD_COMPUTE, 0, 0, &k, sizeof(k));
   assert_int_equal(submit(f, &c, NULL, 0, 0), ERANGE);
}

/* ---- unknown ioctls ------------------------------------------------------ */

static void
unknown_driver_ioctl(void **state)
{
   F;
   uint64_t arg[4] = {0};
   assert_int_equal(
      shim_ioctl_errno(f->fd, DRM_IOWR(DRM_COMMAND_BASE + 0x20, uint64_t[4]),
                       arg),
      EINVAL);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      T(get_params_group_nonzero),
      T(get_params_pad_nonzero),
      T(get_params_bad_pointer),
      T(get_params_short_size),
      T(get_params_values),
      T(get_time_flags_nonzero),
      T(get_time_advances),
      T(vm_create_pad_nonzero),
      T(vm_create_below_window),
      T(vm_create_above_window),
      T(vm_create_too_small),
      T(vm_create_start_unaligned),
      T(vm_create_end_unaligned),
      T(vm_create_and_destroy),
      T(vm_destroy_pad_nonzero),
      T(gem_create_unknown_flag),
      T(gem_create_vm_without_private),
      T(gem_create_private_unknown_vm),
      T(gem_create_private_ok),
      T(gem_create_zero_size),
      T(gem_create_pad_nonzero),
      T(mmap_offset_flags_nonzero),
      T(mmap_offset_bad_handle),
      T(mmap_past_bo_end),
      T(bind_ok_and_unbind),
      T(bind_stride_zero),
      T(bind_pad_nonzero),
      T(gem_create_many_private),
      T(bind_size_overflow),
      T(bind_many_ops),
      T(bind_bad_userptr),
      T(bind_addr_unaligned),
      T(bind_range_unaligned),
      T(bind_offset_unaligned),
      T(bind_unknown_flag),
      T(bind_bad_handle),
      T(bind_private_bo_other_vm),
      T(bind_addr_overflow),
      T(bind_past_bo_end),
      T(bind_outside_window),
      T(bind_no_permission),
      T(bind_unknown_vm),
      T(bind_into_kernel_range),
      T(bind_single_page),
      T(bind_longer_stride_zero_tail),
      T(bind_longer_stride_nonzero_tail),
      T(unbind_with_handle),
      T(unbind_with_offset),
      T(unbind_with_other_flags),
      T(unbind_unaligned),
      T(unbind_outside_window),
      T(unbind_kernel_range),
      T(unbind_unknown_vm),
      T(bind_object_ok_and_unbind),
      T(bind_object_pad),
      T(bind_object_vm_id),
      T(bind_object_bad_op),
      T(bind_object_unaligned),
      T(bind_object_no_usage),
      T(bind_object_bad_handle),
      T(bind_object_past_end),
      T(unbind_object_with_range),
      T(unbind_object_with_flags),
      T(unbind_object_with_handle),
      T(queue_create_flags),
      T(queue_create_priority_invalid),
      T(queue_create_priority_reserved),
      T(queue_create_unknown_vm),
      T(queue_destroy_unknown),
      T(queue_destroy_pad),
      T(submit_ok),
      T(submit_flags),
      T(submit_pad),
      T(submit_unknown_queue),
      T(submit_bad_cmdbuf_pointer),
      T(submit_sync_bad_type),
      T(submit_sync_binary_with_value),
      T(submit_sync_unknown_handle),
      T(submit_in_sync_without_fence),
      T(submit_in_timeline_point_missing),
      T(submit_signals_out_syncs),
      T(submit_truncated_header),
      T(submit_payload_past_end),
      T(submit_unknown_type),
      T(submit_no_hardware_command),
      T(submit_too_many_commands),
      T(submit_vdm_barrier_too_far),
      T(submit_cdm_barrier_too_far),
      T(submit_attachment_barrier),
      T(submit_attachment_size),
      T(submit_too_many_attachments),
      T(submit_attachment_flags),
      T(submit_render_unknown_flag),
      T(submit_render_bad_samples),
      T(submit_render_zero_size),
      T(submit_render_too_big),
      T(submit_render_layers),
      T(submit_render_utile),
      T(submit_payload_unknown_tail),
      T(submit_short_payload),
      T(submit_compute_flags),
      T(submit_timestamp_unknown_object),
      T(submit_timestamp_out_of_range),
      T(unknown_driver_ioctl),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
