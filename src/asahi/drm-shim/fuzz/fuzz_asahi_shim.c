/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Fuzz target: the drm-shim ioctl handler with the asahi backend, driven
 * in-process (no LD_PRELOAD) through drm_shim_ioctl() on a fresh DRM file
 * per input.  The shim must answer every argument with 0 or an errno and
 * never crash, hang, leak or corrupt memory.
 *
 * Input: [u16 scratch_len][scratch bytes], then operations
 *    [u8 op][u8 pointer_mask][u8 arg_len][arg_len bytes of argument]
 * op picks a request (the last one takes its request code from the first
 * four argument bytes).  Each set bit i of pointer_mask turns the 8-byte
 * slot i of the argument into a pointer into the scratch area, at the
 * offset the slot's low 16 bits give.  The scratch area and the argument
 * live between PROT_NONE guard pages, so whatever sizes the input claims,
 * the shim's user-memory copies end in -EFAULT, never in our heap.
 * Sync waits get a deadline at most 65 us away, so nothing blocks.  A
 * user-memory filter keeps the shim to those two areas: libFuzzer learns
 * heap addresses from pointer comparisons, and a "user pointer" into our
 * own heap would be a write the kernel allows and ASan cannot see.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "drm-shim/drm_shim.h"
#include "drm-uapi/asahi_drm.h"

#define GUARD 4096u
#define SCRATCH_SIZE (64u * 1024)
#define ARG_AREA (16u * 1024)

static const unsigned long requests[] = {
   DRM_IOCTL_ASAHI_GET_PARAMS,
   DRM_IOCTL_ASAHI_GET_TIME,
   DRM_IOCTL_ASAHI_VM_CREATE,
   DRM_IOCTL_ASAHI_VM_DESTROY,
   DRM_IOCTL_ASAHI_VM_BIND,
   DRM_IOCTL_ASAHI_GEM_CREATE,
   DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET,
   DRM_IOCTL_ASAHI_GEM_BIND_OBJECT,
   DRM_IOCTL_ASAHI_QUEUE_CREATE,
   DRM_IOCTL_ASAHI_QUEUE_DESTROY,
   DRM_IOCTL_ASAHI_SUBMIT,
   DRM_IOCTL_VERSION,
   DRM_IOCTL_GET_UNIQUE,
   DRM_IOCTL_GET_CAP,
   DRM_IOCTL_GEM_CLOSE,
   DRM_IOCTL_PRIME_HANDLE_TO_FD,
   DRM_IOCTL_PRIME_FD_TO_HANDLE,
   DRM_IOCTL_SYNCOBJ_CREATE,
   DRM_IOCTL_SYNCOBJ_DESTROY,
   DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD,
   DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE,
   DRM_IOCTL_SYNCOBJ_WAIT,
   DRM_IOCTL_SYNCOBJ_RESET,
   DRM_IOCTL_SYNCOBJ_SIGNAL,
   DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT,
   DRM_IOCTL_SYNCOBJ_QUERY,
   DRM_IOCTL_SYNCOBJ_TRANSFER,
   DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL,
   0, /* raw: request code from the argument */
};
#define NUM_REQUESTS (sizeof(requests) / sizeof(requests[0]))

static uint8_t *scratch, *arg_area;

/* size bytes between two guard pages. */
static uint8_t *
guarded(size_t size)
{
   uint8_t *p = mmap(NULL, size + 2 * GUARD, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (p == MAP_FAILED)
      abort(); /* the harness itself cannot run: not a finding */
   mprotect(p, GUARD, PROT_NONE);
   mprotect(p + GUARD + size, GUARD, PROT_NONE);
   return p + GUARD;
}

static bool
in_area(uint64_t ptr, size_t size, const uint8_t *area, size_t area_size)
{
   uint64_t start = (uintptr_t)area;
   return ptr >= start && ptr - start <= area_size &&
          size <= area_size - (ptr - start);
}

static bool
user_memory_ok(uint64_t ptr, size_t size)
{
   return in_area(ptr, size, scratch, SCRATCH_SIZE) ||
          in_area(ptr, size, arg_area, ARG_AREA);
}

/* Keep syncobj waits short whatever the input asked. */
static void
clamp_wait(unsigned long request, uint8_t *arg, size_t size)
{
   size_t off;
   if (_IOC_NR(request) == _IOC_NR(DRM_IOCTL_SYNCOBJ_WAIT))
      off = offsetof(struct drm_syncobj_wait, timeout_nsec);
   else if (_IOC_NR(request) == _IOC_NR(DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT))
      off = offsetof(struct drm_syncobj_timeline_wait, timeout_nsec);
   else
      return;
   if (size < off + 8)
      return;
   int64_t t;
   memcpy(&t, arg + off, 8);
   t = drm_shim_now_ns() + (t & 0xffff);
   memcpy(arg + off, &t, 8);
}

/* Close fds the ioctl handed out (prime and syncobj exports). */
static void
close_returned_fd(unsigned long request, int ret, const uint8_t *arg,
                  size_t size)
{
   if (ret ||
       (request != DRM_IOCTL_PRIME_HANDLE_TO_FD &&
        request != DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD) ||
       size < 12)
      return;
   int32_t fd;
   memcpy(&fd, arg + 8, 4);
   if (fd > 2)
      close(fd);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (!scratch) {
      scratch = guarded(SCRATCH_SIZE);
      arg_area = guarded(ARG_AREA);
      drm_shim_set_user_memory_filter(user_memory_ok);
      if (drm_shim_device_init())
         abort();
   }
   if (size < 2)
      return 0;

   size_t scratch_len = data[0] | (data[1] << 8);
   data += 2, size -= 2;
   if (scratch_len > size)
      scratch_len = size;
   if (scratch_len > SCRATCH_SIZE)
      scratch_len = SCRATCH_SIZE;
   memset(scratch, 0, SCRATCH_SIZE);
   memcpy(scratch, data, scratch_len);
   data += scratch_len, size -= scratch_len;

   struct shim_file *file = drm_shim_file_open();
   if (!file)
      return 0;

   while (size >= 3) {
      unsigned op = data[0] % NUM_REQUESTS;
      uint8_t pointer_mask = data[1];
      size_t len = data[2];
      data += 3, size -= 3;
      if (len > size)
         len = size;

      uint8_t arg[256] = {0};
      memcpy(arg, data, len);
      data += len, size -= len;

      unsigned long request = requests[op];
      if (!request)
         memcpy(&request, arg, 4), request &= 0xffffffffu;

      size_t arg_size = _IOC_SIZE(request);
      for (unsigned i = 0; i < 8; i++) {
         if (pointer_mask & (1u << i)) {
            uint16_t off;
            memcpy(&off, arg + 8 * i, 2);
            uint64_t ptr = (uintptr_t)scratch + (off % SCRATCH_SIZE);
            memcpy(arg + 8 * i, &ptr, 8);
         }
      }
      clamp_wait(request, arg, sizeof(arg));

      /* The argument sits at the end of its guarded area. */
      uint8_t *user_arg = arg_area + ARG_AREA - arg_size;
      memset(user_arg, 0, arg_size);
      memcpy(user_arg, arg, arg_size < sizeof(arg) ? arg_size : sizeof(arg));
      int ret = drm_shim_ioctl(file, request, user_arg);
      close_returned_fd(request, ret, user_arg, arg_size);
   }

   drm_shim_file_unref(file);
   return 0;
}
