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
 */
#include <errno.h>
#include <stdbool.h>
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

   struct iovec local = {(void *)src, size};
   struct iovec remote = {(void *)(uintptr_t)user_ptr, size};
   ssize_t n = process_vm_writev(getpid(), &local, 1, &remote, 1, 0);
   if (n == (ssize_t)size)
      return 0;
   if (n < 0 && vm_copy_unavailable())
      return pipe_copy((void *)(uintptr_t)user_ptr, src, size);
   return -EFAULT;
}
