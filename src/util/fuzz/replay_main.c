/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * main() for fuzz targets in builds without libFuzzer (gcc): runs
 * LLVMFuzzerTestOneInput once per file named on the command line, walking
 * directories one level deep.  This turns every fuzz corpus into a
 * regression test in every build.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/os_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
replay_file(const char *path)
{
   char *data;
   size_t size;
   int err = os_read_file(path, &data, &size);
   if (err) {
      fprintf(stderr, "%s: %s\n", path, strerror(err));
      return 1;
   }
   LLVMFuzzerTestOneInput((const uint8_t *)data, size);
   free(data);
   return 0;
}

int
main(int argc, char **argv)
{
   unsigned count = 0;
   int failures = 0;
   for (int i = 1; i < argc; i++) {
      if (argv[i][0] == '-')
         continue; /* libFuzzer-style flags are accepted and ignored */
      struct stat st;
      if (stat(argv[i], &st) != 0) {
         fprintf(stderr, "%s: no such file or directory\n", argv[i]);
         failures++;
         continue;
      }
      if (!S_ISDIR(st.st_mode)) {
         failures += replay_file(argv[i]);
         count++;
         continue;
      }
      DIR *dir = opendir(argv[i]);
      if (!dir) {
         failures++;
         continue;
      }
      /* Sort for a stable order in logs. */
      struct dirent **names;
      int n = scandir(argv[i], &names, NULL, alphasort);
      closedir(dir);
      for (int j = 0; j < n; j++) {
         if (names[j]->d_name[0] != '.') {
            char path[4096];
            snprintf(path, sizeof(path), "%s/%s", argv[i], names[j]->d_name);
            failures += replay_file(path);
            count++;
         }
         free(names[j]);
      }
      free(n >= 0 ? names : NULL);
   }
   printf("replayed %u inputs, %d unreadable\n", count, failures);
   return failures ? 1 : 0;
}
