/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Whole-file helpers.  They return 0 or a positive errno value and never
 * print; os_file_error() turns the value into words for a tool's message.
 *
 * Every read is bounded: past its size limit a read stops with EFBIG, so
 * an endless input (/dev/zero, a pipe that never closes its end) or a huge
 * file costs at most the limit in memory, never the machine.
 */
#ifndef OS_FILE_H
#define OS_FILE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The limit os_read_file() applies: 256 MiB. */
#define OS_FILE_DEFAULT_MAX_B ((size_t)256 << 20)

/* Read all of path into a malloc'ed buffer (NUL-terminated for text use;
 * *size_out excludes the NUL).  The caller frees *data_out.  Files larger
 * than max_B bytes fail with EFBIG; a directory fails with EISDIR. */
int os_read_file_max(const char *path, size_t max_B, char **data_out,
                     size_t *size_out);

/* os_read_file_max() with OS_FILE_DEFAULT_MAX_B. */
int os_read_file(const char *path, char **data_out, size_t *size_out);

/* The same for an open descriptor (e.g. standard input), read to its end;
 * the descriptor stays open. */
int os_read_fd_max(int fd, size_t max_B, char **data_out, size_t *size_out);

/* Words for an error from these functions: strerror(), except that EFBIG
 * names the limit ("larger than the limit of N bytes").  buf holds the
 * text when one has to be made. */
const char *os_file_error(int err, size_t max_B, char *buf, size_t size);

/* Write data to path atomically: a temporary file in the same directory,
 * fsync'ed and renamed over path, so readers see the old or the new
 * contents, never a mix. */
int os_write_file_atomic(const char *path, const void *data, size_t size);

/* Write data to path as a user expects of a tool's output option: "-" is
 * standard output; a regular file (or a new name) is replaced atomically
 * with os_write_file_atomic(); a symbolic link is followed and its target
 * written the same way; anything else that exists (a FIFO, a character or
 * block device such as /dev/null) is opened and written in place, never
 * replaced by a regular file. */
int os_write_file(const char *path, const void *data, size_t size);

#ifdef __cplusplus
}
#endif

#endif
