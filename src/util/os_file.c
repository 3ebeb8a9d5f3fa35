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

/* Reads fd to its end into a NUL-terminated buffer of at most max_B bytes
 * (plus the NUL); cap is a first guess of the size. */
static int
read_all(int fd, size_t cap, size_t max_B, char **data_out, size_t *size_out)
{
   size_t len = 0;
   if (cap > max_B)
      cap = max_B;
   cap += 1;

   char *buf = malloc(cap);
   if (!buf)
      return ENOMEM;
   for (;;) {
      if (len + 1 >= cap) {
         /* Full: one byte more than the limit allows means too big. */
         if (len >= max_B) {
            char probe;
            ssize_t n;
            do {
               n = read(fd, &probe, 1);
            } while (n < 0 && errno == EINTR);
            if (n != 0) {
               free(buf);
               return n < 0 ? errno : EFBIG;
            }
            break;
         }
         size_t grown = cap - 1 > max_B / 2 ? max_B + 1 : (cap - 1) * 2 + 1;
         char *nbuf = realloc(buf, grown);
         if (!nbuf) {
            free(buf);
            return ENOMEM;
         }
         buf = nbuf;
         cap = grown;
      }
      ssize_t n = read(fd, buf + len, cap - len - 1);
      if (n < 0) {
         if (errno == EINTR)
            continue;
         int err = errno;
         free(buf);
         return err;
      }
      if (n == 0)
         break;
      len += (size_t)n;
   }
   buf[len] = '\0';
   *data_out = buf;
   if (size_out)
      *size_out = len;
   return 0;
}

int
os_read_fd_max(int fd, size_t max_B, char **data_out, size_t *size_out)
{
   *data_out = NULL;
   if (size_out)
      *size_out = 0;
   return read_all(fd, 4096, max_B, data_out, size_out);
}

int
os_read_file_max(const char *path, size_t max_B, char **data_out,
                 size_t *size_out)
{
   *data_out = NULL;
   if (size_out)
      *size_out = 0;

   int fd = open(path, O_RDONLY | O_CLOEXEC);
   if (fd < 0)
      return errno;

   size_t guess = 4096;
   struct stat st;
   if (fstat(fd, &st) == 0) {
      if (S_ISDIR(st.st_mode)) {
         close(fd);
         return EISDIR;
      }
      if (S_ISREG(st.st_mode) && st.st_size > 0) {
         if ((uint64_t)st.st_size > max_B) {
            close(fd);
            return EFBIG;
         }
         guess = (size_t)st.st_size;
      }
   }
   int err = read_all(fd, guess, max_B, data_out, size_out);
   close(fd);
   return err;
}

int
os_read_file(const char *path, char **data_out, size_t *size_out)
{
   return os_read_file_max(path, OS_FILE_DEFAULT_MAX_B, data_out, size_out);
}

const char *
os_file_error(int err, size_t max_B, char *buf, size_t size)
{
   if (err != EFBIG)
      return strerror(err);
   snprintf(buf, size, "larger than the limit of %zu bytes", max_B);
   return buf;
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

/* Writes all of data to fd. */
static int
write_all(int fd, const void *data, size_t size)
{
   const char *p = data;
   while (size > 0) {
      ssize_t n = write(fd, p, size);
      if (n < 0) {
         if (errno == EINTR)
            continue;
         return errno;
      }
      p += n;
      size -= (size_t)n;
   }
   return 0;
}

int
os_write_file(const char *path, const void *data, size_t size)
{
   if (!strcmp(path, "-"))
      return write_all(STDOUT_FILENO, data, size);

   struct stat st;
   if (stat(path, &st) < 0) {
      if (errno != ENOENT)
         return errno;
      /* A new name, or a dangling symbolic link: create what it names. */
      struct stat lst;
      if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
         int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
         if (fd < 0)
            return errno;
         int err = write_all(fd, data, size);
         if (close(fd) < 0 && !err)
            err = errno;
         return err;
      }
      return os_write_file_atomic(path, data, size);
   }

   if (S_ISREG(st.st_mode)) {
      /* Replace the file itself, also when path is a link to it. */
      char *target = realpath(path, NULL);
      if (!target)
         return errno;
      int err = os_write_file_atomic(target, data, size);
      free(target);
      return err;
   }
   if (S_ISDIR(st.st_mode))
      return EISDIR;

   /* A FIFO, a device or a socket: write into it, never replace it. */
   int fd = open(path, O_WRONLY | O_CLOEXEC);
   if (fd < 0)
      return errno;
   int err = write_all(fd, data, size);
   if (close(fd) < 0 && !err)
      err = errno;
   return err;
}
