/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * copy_from_user / copy_to_user for the shim.  Ioctl arguments hold raw
 * pointers from the application (or from a fuzzer); touching a bad one
 * directly would crash the process, where a kernel returns -EFAULT.  The
 * copies go through process_vm_readv/writev on our own pid, which report
 * unmapped memory as EFAULT.  Where those syscalls are forbidden
 * (seccomp), a pipe does the same job: write(2) from and read(2) into a
 * bad buffer fail with EFAULT too.
 *
 * Most ioctl arguments are locals of the caller, on the stack of the
 * thread making the call, between our own frame and the stack's top:
 * memory that is mapped (read-write, the live part of the stack) for as
 * long as the call runs.  Those are copied directly, without the system
 * call (two to four of them an ioctl were a visible share of the
 * simulator's many-pass programs).  A thread running on a stack other than
 * the one pthread reports (coroutines, a signal stack) takes the checked
 * copy.
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "drm_shim.h"

static bool (*user_memory_filter)(uint64_t ptr, size_t size);

void
drm_shim_set_user_memory_filter(bool (*ok)(uint64_t ptr, size_t size))
{
   user_memory_filter = ok;
}

/* The calling thread's stack as pthread reports it ([lo, hi); hi = 0:
 * unknown), looked up once per thread. */
static _Thread_local uintptr_t stack_lo, stack_hi;
static _Thread_local bool stack_looked_up;

static void
look_up_stack(void)
{
   pthread_attr_t attr;
   stack_looked_up = true;
   if (pthread_getattr_np(pthread_self(), &attr))
      return;
   void *addr = NULL;
   size_t size = 0;
   if (!pthread_attr_getstack(&attr, &addr, &size) && addr && size) {
      stack_lo = (uintptr_t)addr;
      stack_hi = stack_lo + size;
   }
   pthread_attr_destroy(&attr);
}

/* Whether [ptr, ptr + size) lies in the live part of this thread's stack:
 * above our own frame, below the stack's top, our frame being inside the
 * stack pthread reports. */
static bool
on_live_stack(uint64_t ptr, size_t size)
{
   if (!stack_looked_up)
      look_up_stack();
   uintptr_t frame = (uintptr_t)__builtin_frame_address(0);
   if (!stack_hi || frame < stack_lo || frame >= stack_hi)
      return false;
   return ptr >= frame && ptr < stack_hi && size <= stack_hi - ptr;
}

static bool
vm_copy_unavailable(void)
{
   return errno == ENOSYS || errno == EPERM;
}

/* Move size bytes from src to dst through a pipe, chunk by chunk; either
 * side may be a bad user pointer.
 */
static int
pipe_copy(void *dst, const void *src, size_t size)
{
   int fds[2];
   if (pipe(fds) < 0)
      return -ENOMEM;

   int ret = 0;
   while (size && !ret) {
      size_t chunk = size < 4096 ? size : 4096;
      ssize_t w = write(fds[1], src, chunk);
      if (w != (ssize_t)chunk) {
         ret = -EFAULT;
         break;
      }
      ssize_t r = read(fds[0], dst, chunk);
      if (r != (ssize_t)chunk)
         ret = -EFAULT;
      src = (const char *)src + chunk;
      dst = (char *)dst + chunk;
      size -= chunk;
   }
   close(fds[0]);
   close(fds[1]);
   return ret;
}

int
drm_shim_copy_from_user(void *dst, uint64_t user_ptr, size_t size)
{
   if (!size)
      return 0;
   if (!user_ptr || user_ptr + size < user_ptr)
      return -EFAULT;
   if (user_memory_filter && !user_memory_filter(user_ptr, size))
      return -EFAULT;
   if (on_live_stack(user_ptr, size)) {
      memcpy(dst, (const void *)(uintptr_t)user_ptr, size);
      return 0;
   }

   struct iovec local = {dst, size};
   struct iovec remote = {(void *)(uintptr_t)user_ptr, size};
   ssize_t n = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
   if (n == (ssize_t)size)
      return 0;
   if (n < 0 && vm_copy_unavailable())
      return pipe_copy(dst, (const void *)(uintptr_t)user_ptr, size);
   return -EFAULT;
}

int
drm_shim_copy_to_user(uint64_t user_ptr, const void *src, size_t size)
{
   if (!size)
      return 0;
   if (!user_ptr || user_ptr + size < user_ptr)
      return -EFAULT;
   if (user_memory_filter && !user_memory_filter(user_ptr, size))
      return -EFAULT;
   if (on_live_stack(user_ptr, size)) {
      memcpy((void *)(uintptr_t)user_ptr, src, size);
      return 0;
   }

   struct iovec local = {(void *)src, size};
   struct iovec remote = {(void *)(uintptr_t)user_ptr, size};
   ssize_t n = process_vm_writev(getpid(), &local, 1, &remote, 1, 0);
   if (n == (ssize_t)size)
      return 0;
   if (n < 0 && vm_copy_unavailable())
      return pipe_copy((void *)(uintptr_t)user_ptr, src, size);
   return -EFAULT;
}
