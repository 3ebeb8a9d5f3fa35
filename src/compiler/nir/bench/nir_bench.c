/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * nir-bench: compile-time baseline for NIR.  Builds a large random shader
 * (about 20k instructions by default), then times, separately, the
 * standard optimisation loop (with per-pass validation turned off) and the
 * validator, and prints instructions per second for each together with
 * their cost relative to building the shader in the same run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nir.h"
#include "nir_passes.h"
#include "nir_random_shader.h"

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static unsigned
count_instrs(nir_shader *s)
{
   unsigned n = 0;
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block)
            n++;
      }
   }
   return n;
}

static void
usage(FILE *fp)
{
   fprintf(fp,
           "usage: nir-bench [--instructions N] [--seed S] [--repeat R]\n"
           "  Builds a random shader of about N instructions (default 20000)\n"
           "  and times nir_optimize and nir_validate on it R times\n"
           "  (default 3), printing the best run of each.\n");
}

int
main(int argc, char **argv)
{
   unsigned target = 20000, repeat = 3;
   uint64_t seed = 1;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(argv[i], "--instructions") && i + 1 < argc) {
         target = (unsigned)strtoul(argv[++i], NULL, 10);
      } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
         seed = strtoull(argv[++i], NULL, 10);
      } else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) {
         repeat = (unsigned)strtoul(argv[++i], NULL, 10);
      } else {
         fprintf(stderr, "nir-bench: unknown argument '%s'\n", argv[i]);
         usage(stderr);
         return 2;
      }
   }
   if (!repeat)
      repeat = 1;

   /* The loop is timed without NIR_PASS's validation; validation is timed
    * on its own below. */
   setenv("NIR_DEBUG", "novalidate", 1);

   static const nir_shader_compiler_options copts = { 0 };
   nir_random_options ro;
   nir_random_default_options(&ro);
   ro.max_depth = 4;
   ro.exact = false;

   /* Find a statement count that reaches the target size. */
   ro.num_statements = 64;
   unsigned instrs = 0;
   for (;;) {
      nir_shader *s = nir_random_shader(NULL, seed, &ro, &copts);
      instrs = count_instrs(s);
      ralloc_free(s);
      if (instrs >= target || ro.num_statements > (1u << 20))
         break;
      ro.num_statements = ro.num_statements * 2;
   }
   /* Size grows about linearly with the statement count: scale down. */
   if (instrs > target + target / 10) {
      ro.num_statements =
         (unsigned)((uint64_t)ro.num_statements * target / instrs) + 1;
      nir_shader *s = nir_random_shader(NULL, seed, &ro, &copts);
      instrs = count_instrs(s);
      ralloc_free(s);
   }

   double best_build = 1e30, best_opt = 1e30, best_val = 1e30;
   unsigned after = 0;
   for (unsigned r = 0; r < repeat; r++) {
      double t0 = now_s();
      nir_shader *s = nir_random_shader(NULL, seed, &ro, &copts);
      double t1 = now_s();
      nir_optimize(s);
      double t2 = now_s();
      char *msg = NULL;
      void *ctx = ralloc_context(NULL);
      double t3 = now_s();
      bool ok = nir_validate_shader_msg(s, ctx, &msg);
      double t4 = now_s();
      if (!ok) {
         fprintf(stderr, "nir-bench: invalid IR after optimisation:\n%s\n",
                 msg);
         return 1;
      }
      after = count_instrs(s);
      ralloc_free(ctx);
      ralloc_free(s);
      if (t1 - t0 < best_build)
         best_build = t1 - t0;
      if (t2 - t1 < best_opt)
         best_opt = t2 - t1;
      if (t4 - t3 < best_val)
         best_val = t4 - t3;
   }

   printf("shader: %u instructions (%u statements, seed %llu), %u after "
          "optimisation\n", instrs, ro.num_statements,
          (unsigned long long)seed, after);
   printf("build (baseline): %8.3f ms  %12.0f instr/s\n", best_build * 1e3,
          instrs / best_build);
   printf("nir_optimize:     %8.3f ms  %12.0f instr/s  %6.2fx build\n",
          best_opt * 1e3, instrs / best_opt, best_opt / best_build);
   printf("nir_validate:     %8.3f ms  %12.0f instr/s  %6.2fx build\n",
          best_val * 1e3, after / best_val, best_val / best_build);
   return 0;
}
