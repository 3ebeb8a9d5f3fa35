/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Helpers for the drm-shim tests: raw ioctls against the fake node, with
 * the errno they fail with.  The tests run with the shim preloaded
 * (meson test sets LD_PRELOAD).
 */
#ifndef SHIM_TEST_UTIL_H
#define SHIM_TEST_UTIL_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "drm-uapi/asahi_drm.h"

/* 0 on success, else the errno. */
static inline int
shim_ioctl_errno(int fd, unsigned long request, void *arg)
{
   return ioctl(fd, request, arg) == 0 ? 0 : errno;
}

/* The node the shim serves: the first render node in /dev/dri. */
static inline int
shim_test_open(void)
{
   for (int minor = 128; minor < 138; minor++) {
      char path[64];
      snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
      int fd = open(path, O_RDWR | O_CLOEXEC);
      if (fd >= 0)
         return fd;
   }
   return -1;
}

#endif
