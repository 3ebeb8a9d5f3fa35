/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */
#include "asahi_test_traces.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decode.h"
#include "decode_dump.h"
#include "util/os_file.h"

static char trace_dir[256];

void
asahi_test_traces_setup(const char *name)
{
   snprintf(trace_dir, sizeof(trace_dir), "/tmp/asahi-%s-test-%d", name,
            (int)getpid());
   mkdir(trace_dir, 0755);
   setenv("ASAHI_TRACE_DIR", trace_dir, 1);
}

/* agxdecode's problem count for one dump, its decoding written to fp. */
static unsigned
decode_to(const struct agx_dump *dump, FILE *fp)
{
   struct agxdecode_options o = {.fp = fp,
                                 .usc_exec_base = dump->usc_exec_base};
   struct agxdecode_ctx *ctx = agxdecode_create(&o);
   agxdecode_add_dump_regions(ctx, dump);
   unsigned n =
      agxdecode_drm_cmdbuf(ctx, dump->submission, dump->submission_size_B);
   agxdecode_destroy(ctx);
   return n;
}

/* The problems of the dump file at path. */
static unsigned
decode_file(const char *path, bool keep)
{
   size_t size = 0;
   char *data = NULL;
   if (os_read_file(path, &data, &size) != 0) {
      fprintf(stderr, "%s: cannot read\n", path);
      return 1;
   }
   struct agx_dump dump;
   const char *error = NULL;
   unsigned n;
   if (!agx_dump_read((const uint8_t *)data, size, &dump, &error)) {
      fprintf(stderr, "%s: %s\n", path, error ? error : "not a dump");
      n = 1;
   } else if (keep) {
      n = decode_to(&dump, stderr);
   } else {
      FILE *null = fopen("/dev/null", "w");
      n = null ? decode_to(&dump, null) : 1;
      if (null)
         fclose(null);
      /* Show what went wrong. */
      if (n)
         decode_to(&dump, stderr);
   }
   free(data);
   return n;
}

unsigned
asahi_test_decode_traces(unsigned *dumps)
{
   bool keep = getenv("ASAHI_TEST_KEEP_TRACES") != NULL;
   unsigned problems = 0;
   DIR *dir = opendir(trace_dir);
   struct dirent *ent;

   *dumps = 0;
   while (dir && (ent = readdir(dir))) {
      if (!strstr(ent->d_name, ".agxdump"))
         continue;
      char path[600];
      snprintf(path, sizeof(path), "%s/%s", trace_dir, ent->d_name);
      problems += decode_file(path, keep);
      if (!keep)
         unlink(path);
      (*dumps)++;
   }
   if (dir)
      closedir(dir);
   return problems;
}

void
asahi_test_traces_teardown(void)
{
   rmdir(trace_dir);
}
