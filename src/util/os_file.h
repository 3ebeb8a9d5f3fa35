/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Whole-file helpers.  Both return 0 or a positive errno value; they never
 * print.
 */
#ifndef OS_FILE_H
#define OS_FILE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Read all of path into a malloc'ed buffer (NUL-terminated for text use;
 * *size_out excludes the NUL).  The caller frees *data_out. */
int os_read_file(const char *path, char **data_out, size_t *size_out);

/* Write data to path atomically: a temporary file in the same directory,
 * fsync'ed and renamed over path, so readers see the old or the new
 * contents, never a mix. */
int os_write_file_atomic(const char *path, const void *data, size_t size);

#ifdef __cplusplus
}
#endif

#endif
