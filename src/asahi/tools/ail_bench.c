/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ail-bench: how fast ail_tile()/ail_detile() move whole levels, measured
 * against memcpy() of the same number of bytes in the same run.  Not a
 * test; run it on purpose on a quiet machine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "layout.h"

/* CPU time of this thread: on a shared machine, time spent descheduled
 * would otherwise count against whichever operation was running. */
static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

enum op { OP_MEMCPY, OP_TILE, OP_DETILE };

struct job {
   const struct ail_layout *layout;
   uint8_t *tiled, *linear;
   uint32_t pitch_B;
   size_t bytes;
};

static void
run_once(const struct job *j, enum op op)
{
   const struct ail_layout *l = j->layout;

   switch (op) {
   case OP_MEMCPY:
      memcpy(j->tiled, j->linear, j->bytes);
      break;
   case OP_TILE:
      ail_tile(j->tiled, j->linear, l, 0, j->pitch_B, 0, 0, l->width_px,
               l->height_px);
      break;
   case OP_DETILE:
      ail_detile(j->tiled, j->linear, l, 0, j->pitch_B, 0, 0, l->width_px,
                 l->height_px);
      break;
   }
}

/*
 * Best of several timed runs of each operation, in GB/s (1e9 bytes per
 * second).  The operations take turns within each round so that a busy
 * machine slows all of them alike and the ratios stay meaningful.
 */
static void
measure(const struct job *j, unsigned reps, double gbps[3])
{
   double best[3] = {1e30, 1e30, 1e30};

   for (unsigned op = 0; op < 3; ++op)
      run_once(j, (enum op)op); /* warm up: fault the pages in */

   for (unsigned r = 0; r < reps; ++r) {
      for (unsigned op = 0; op < 3; ++op) {
         double t0 = now_s();
         run_once(j, (enum op)op);
         double dt = now_s() - t0;
         if (dt < best[op])
            best[op] = dt;
      }
   }

   for (unsigned op = 0; op < 3; ++op)
      gbps[op] = j->bytes / best[op] / 1e9;
}

static int
bench(enum pipe_format format, uint32_t size_px, unsigned reps)
{
   struct ail_layout layout = {
      .format = format,
      .width_px = size_px,
      .height_px = size_px,
      .depth_px = 1,
      .levels = 1,
      .sample_count_sa = 1,
      .tiling = AIL_TILING_TWIDDLED,
   };
   enum ail_error err = ail_make_miptree(&layout);
   if (err) {
      fprintf(stderr, "ail-bench: %s\n", ail_error_string(err));
      return 1;
   }

   size_t bytes = (size_t)size_px * size_px * layout.element_size_B;
   struct job j = {
      .layout = &layout,
      .tiled = malloc(layout.size_B > bytes ? layout.size_B : bytes),
      .linear = malloc(bytes),
      .pitch_B = size_px * layout.element_size_B,
      .bytes = bytes,
   };
   if (!j.tiled || !j.linear) {
      fprintf(stderr, "ail-bench: out of memory\n");
      free(j.tiled);
      free(j.linear);
      return 1;
   }
   for (size_t i = 0; i < bytes; ++i)
      j.linear[i] = (uint8_t)(i * 131);

   double gbps[3];
   measure(&j, reps, gbps);
   double copy = gbps[OP_MEMCPY], tile = gbps[OP_TILE];
   double detile = gbps[OP_DETILE];

   printf("%-20s %5ux%-5u %4zu MiB  memcpy %6.2f GB/s  "
          "tile %6.2f GB/s (%.2fx)  detile %6.2f GB/s (%.2fx)\n",
          util_format_name(format), size_px, size_px, bytes >> 20, copy, tile,
          tile / copy, detile, detile / copy);

   free(j.tiled);
   free(j.linear);
   return 0;
}

int
main(int argc, char **argv)
{
   unsigned reps = 5;

   for (int i = 1; i < argc; ++i) {
      if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
         printf("Usage: ail-bench [--reps N]\n"
                "\n"
                "Tile and detile a whole 4096x4096 R8G8B8A8_UNORM level and "
                "a\n2048x2048 R32G32B32A32_FLOAT level with ail, and "
                "memcpy() the same\nbytes, in the same run.  Prints the best "
                "of N runs (default 5)\nin GB/s of thread CPU time and the "
                "ratio to memcpy (aim: at least 0.33).\n");
         return 0;
      } else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
         reps = (unsigned)strtoul(argv[++i], NULL, 10);
         if (reps == 0 || reps > 1000) {
            fprintf(stderr, "ail-bench: --reps must be 1-1000\n");
            return 2;
         }
      } else {
         fprintf(stderr, "ail-bench: unknown argument '%s' (see --help)\n",
                 argv[i]);
         return 2;
      }
   }

   int ret = bench(PIPE_FORMAT_R8G8B8A8_UNORM, 4096, reps);
   ret |= bench(PIPE_FORMAT_R32G32B32A32_FLOAT, 2048, reps);
   return ret;
}
