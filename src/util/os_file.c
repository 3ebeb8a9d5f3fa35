/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* File helpers; see os_file.h. */
#include "os_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int
os_read_file(const char *path, char **data_out, size_t *size_out)
{
   *data_out = NULL;
   if (size_out)
      *size_out = 0;

   int fd = open(path, O_RDONLY | O_CLOEXEC);
   if (fd < 0)
      return errno;

   size_t cap = 4096, len = 0;
   struct stat st;
   if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
      cap = (size_t)st.st_size + 1;
   if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
      close(fd);
      return EISDIR;
   }

   char *buf = malloc(cap);
   if (!buf) {
      close(fd);
      return ENOMEM;
   }
   for (;;) {
      if (len + 1 >= cap) {
         if (cap > SIZE_MAX / 2) {
            free(buf);
            close(fd);
            return EFBIG;
         }
         char *nbuf = realloc(buf, cap * 2);
         if (!nbuf) {
            free(buf);
            close(fd);
            return ENOMEM;
         }
         buf = nbuf;
         cap *= 2;
      }
      ssize_t n = read(fd, buf + len, cap - len - 1);
      if (n < 0) {
         if (errno == EINTR)
            continue;
         int err = errno;
         free(buf);
         close(fd);
         return err;
      }
      if (n == 0)
         break;
      len += (size_t)n;
   }
   close(fd);
   buf[len] = '\0';
   *data_out = buf;
   if (size_out)
      *size_out = len;
   return 0;
}

int
os_write_file_atomic(const char *path, const void *data, size_t size)
{
   size_t plen = strlen(path);
   char *tmp = malloc(plen + 16);
   if (!tmp)
      return ENOMEM;
   snprintf(tmp, plen + 16, "%s.tmpXXXXXX", path);

   int fd = mkstemp(tmp);
   if (fd < 0) {
      int err = errno;
      free(tmp);
      return err;
   }

   int err = 0;
   const char *p = data;
   while (size > 0) {
      ssize_t n = write(fd, p, size);
      if (n < 0) {
         if (errno == EINTR)
            continue;
         err = errno;
         break;
      }
      p += n;
      size -= (size_t)n;
   }
   if (!err && fchmod(fd, 0644) < 0)
      err = errno;
   if (!err && fsync(fd) < 0)
      err = errno;
   if (close(fd) < 0 && !err)
      err = errno;
   if (!err && rename(tmp, path) < 0)
      err = errno;
   if (err)
      unlink(tmp);
   free(tmp);
   return err;
}
