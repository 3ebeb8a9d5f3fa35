/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Golden data for tests: facts measured outside this project (hardware-
 * validated instruction vectors, vendor layout observations) that live in
 * ../shared/data beside the checkout and are never committed.
 *
 * A test program that checks golden data calls golden_data_require() for
 * each file it needs before it runs anything.  When a file is missing the
 * program ends at once with exit status 77, which meson reports as SKIP;
 * a golden suite can then never be counted as passed without having read
 * its data.  When ASAHI_REQUIRE_GOLDEN_DATA is set to anything but "0"
 * (bin/asahi-test sets it under CI, where the data is always present), a
 * missing file is a failure instead.
 */
#ifndef UTIL_TESTS_GOLDEN_DATA_H
#define UTIL_TESTS_GOLDEN_DATA_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* meson's exit status for a skipped test. */
#define GOLDEN_DATA_SKIP 77

static inline bool
golden_data_required(void)
{
   const char *v = getenv("ASAHI_REQUIRE_GOLDEN_DATA");
   return v && *v && strcmp(v, "0") != 0;
}

/* Joins dir and name into path (of size bytes); false when it does not
 * fit, which the callers treat like a missing file. */
static inline bool
golden_data_path(char *path, size_t size, const char *dir, const char *name)
{
   int n = snprintf(path, size, "%s/%s", dir, name);
   return n > 0 && (size_t)n < size;
}

static inline bool
golden_data_present(const char *dir, const char *name)
{
   char path[4096];
   return golden_data_path(path, sizeof(path), dir, name) &&
          access(path, R_OK) == 0;
}

/* Ends the program (skip, or failure under ASAHI_REQUIRE_GOLDEN_DATA)
 * unless dir/name can be read. */
static inline void
golden_data_require(const char *dir, const char *name)
{
   if (golden_data_present(dir, name))
      return;
   if (golden_data_required()) {
      fprintf(stderr,
              "FAIL: golden data %s/%s cannot be read, and "
              "ASAHI_REQUIRE_GOLDEN_DATA is set\n",
              dir, name);
      exit(1);
   }
   fprintf(stderr,
           "SKIP: golden data %s/%s is absent (it lives in ../shared/data "
           "beside the checkout and is never committed)\n",
           dir, name);
   exit(GOLDEN_DATA_SKIP);
}

#endif
