/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Helpers for the driver's end-to-end tests: find the asahi render node
 * (real, or faked by a preloaded drm-shim), make a screen and a context.
 */
#ifndef ASAHI_TEST_UTIL_H
#define ASAHI_TEST_UTIL_H

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

static inline int
asahi_test_open_node(void)
{
   DIR *dir = opendir("/dev/dri");
   if (!dir)
      return -1;
   int found = -1;
   struct dirent *ent;
   while (found < 0 && (ent = readdir(dir))) {
      if (strncmp(ent->d_name, "renderD", 7))
         continue;
      char path[300];
      snprintf(path, sizeof(path), "/dev/dri/%s", ent->d_name);
      int fd = open(path, O_RDWR | O_CLOEXEC);
      if (fd < 0)
         continue;
      drmVersionPtr v = drmGetVersion(fd);
      if (v && v->name && !strcmp(v->name, "asahi"))
         found = fd;
      else
         close(fd);
      drmFreeVersion(v);
   }
   closedir(dir);
   return found;
}

#endif
