/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * nir-bench: compile-time scaling of NIR.  Builds a random shader of about
 * N instructions (default 20,000) and one of about K*N (default K = 4)
 * from the same generator settings, and times on each, separately: the
 * standard optimisation loop (with per-pass validation turned off, and
 * per pass), and the validator on the shader as built and as optimised.
 * It prints the times at both sizes and their ratio: a linear pass costs
 * about K times as much at K*N; the target for nir_optimize and
 * nir_validate is at most 1.2*K (4.8 for K = 4).
 *
 * Times are thread CPU time (the best of R runs), not wall-clock time, so
 * that other processes on a shared machine disturb them less.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nir.h"
#include "nir_passes.h"
#include "nir_random_shader.h"

static double
cpu_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static unsigned
count_instrs(nir_shader *s, unsigned *blocks)
{
   unsigned n = 0, b = 0;
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         b++;
         nir_foreach_instr(instr, block)
            n++;
      }
   }
   if (blocks)
      *blocks = b;
   return n;
}

static void
usage(FILE *fp)
{
   fprintf(fp,
           "usage: nir-bench [--instructions N] [--scale K] [--seed S]\n"
           "                 [--repeat R] [--passes]\n"
           "  Builds random shaders of about N (default 20000) and K*N\n"
           "  (default K = 4) instructions and times nir_optimize and\n"
           "  nir_validate on each R times (default 5), printing the best\n"
           "  run of each and the ratio K*N / N.  --passes adds the time of\n"
           "  every pass of the loop at both sizes.  --scale 1 measures one\n"
           "  size only.\n");
}

typedef struct {
   unsigned statements, instrs, after, blocks, blocks_after;
   size_t instr_mem_B; /* carved instruction memory, as built */
   double build, walk, opt, val_built, val_opt;
   nir_optimize_stats stats; /* of the best optimisation run */
} measurement;

static nir_random_options
generator_options(void)
{
   nir_random_options ro;
   nir_random_default_options(&ro);
   ro.max_depth = 4;
   ro.exact = false;
   return ro;
}

/* The statement count that gives about `target` instructions. */
static unsigned
statements_for(unsigned target, uint64_t seed,
               const nir_shader_compiler_options *copts)
{
   nir_random_options ro = generator_options();
   ro.num_statements = 64;
   unsigned instrs = 0;
   for (;;) {
      nir_shader *s = nir_random_shader(NULL, seed, &ro, copts);
      instrs = count_instrs(s, NULL);
      ralloc_free(s);
      if (instrs >= target || ro.num_statements > (1u << 20))
         break;
      ro.num_statements = ro.num_statements * 2;
   }
   /* Size grows about linearly with the statement count: scale down. */
   if (instrs > target + target / 10)
      ro.num_statements =
         (unsigned)((uint64_t)ro.num_statements * target / instrs) + 1;
   return ro.num_statements;
}

/* The cheapest possible pass: visit every instruction and read its type.
 * Its time per instruction is the memory floor of every pass; when it
 * grows faster than the shader, the shader has outgrown a cache. */
static double
walk(nir_shader *s, unsigned *sum)
{
   double t0 = cpu_s();
   unsigned n = 0;
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block)
            n += instr->type;
      }
   }
   *sum += n;
   return cpu_s() - t0;
}

static bool
validate(nir_shader *s, double *best)
{
   char *msg = NULL;
   void *ctx = ralloc_context(NULL);
   double t0 = cpu_s();
   bool ok = nir_validate_shader_msg(s, ctx, &msg);
   double t = cpu_s() - t0;
   if (!ok)
      fprintf(stderr, "nir-bench: invalid IR:\n%s\n", msg);
   ralloc_free(ctx);
   if (t < *best)
      *best = t;
   return ok;
}

static bool
measure(unsigned target, uint64_t seed, unsigned repeat, measurement *m)
{
   static const nir_shader_compiler_options copts = { 0 };
   nir_random_options ro = generator_options();
   ro.num_statements = statements_for(target, seed, &copts);
   memset(m, 0, sizeof(*m));
   m->statements = ro.num_statements;
   m->build = m->walk = m->opt = m->val_built = m->val_opt = 1e30;
   unsigned sum = 0;
   for (unsigned r = 0; r < repeat; r++) {
      double t0 = cpu_s();
      nir_shader *s = nir_random_shader(NULL, seed, &ro, &copts);
      double t = cpu_s() - t0;
      if (t < m->build)
         m->build = t;
      m->instrs = count_instrs(s, &m->blocks);
      m->instr_mem_B = s->instr_mem_used_B - s->instr_mem_removed_B;
      t = walk(s, &sum);
      if (t < m->walk)
         m->walk = t;
      if (!validate(s, &m->val_built))
         return false;
      nir_optimize_stats stats;
      t0 = cpu_s();
      nir_optimize_with_stats(s, &stats);
      t = cpu_s() - t0;
      if (t < m->opt) {
         m->opt = t;
         m->stats = stats;
      }
      if (!validate(s, &m->val_opt))
         return false;
      m->after = count_instrs(s, &m->blocks_after);
      ralloc_free(s);
   }
   return sum != 1; /* keeps the walk from being optimised away */
}

static void
print_size(const char *label, const measurement *m)
{
   printf("%s: %u instructions (%u statements), %u after optimisation;"
          " %.1f MiB of instructions as built\n", label, m->instrs,
          m->statements, m->after, m->instr_mem_B / (1024.0 * 1024.0));
   printf("  %u blocks as built, %u after optimisation\n", m->blocks,
          m->blocks_after);
   printf("  build (baseline):         %9.3f ms  %12.0f instr/s\n",
          m->build * 1e3, m->instrs / m->build);
   printf("  instruction walk:         %9.3f ms  %12.0f instr/s  "
          "(memory floor)\n", m->walk * 1e3, m->instrs / m->walk);
   printf("  nir_optimize:             %9.3f ms  %12.0f instr/s  "
          "%6.2fx build, %u pass runs\n",
          m->opt * 1e3, m->instrs / m->opt, m->opt / m->build,
          m->stats.pass_runs);
   printf("  nir_validate (as built):  %9.3f ms  %12.0f instr/s\n",
          m->val_built * 1e3, m->instrs / m->val_built);
   printf("  nir_validate (optimised): %9.3f ms  %12.0f instr/s\n",
          m->val_opt * 1e3, m->after / m->val_opt);
}

static void
print_ratio(const char *what, double small, double big, double target)
{
   printf("  %-26s %9.3f ms -> %9.3f ms  x%5.2f", what, small * 1e3,
          big * 1e3, big / small);
   if (target > 0)
      printf("  (target <= %.1f: %s)", target,
             big / small <= target ? "ok" : "OVER");
   printf("\n");
}

int
main(int argc, char **argv)
{
   unsigned target = 20000, repeat = 5, scale = 4;
   bool passes = false;
   uint64_t seed = 1;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(argv[i], "--instructions") && i + 1 < argc) {
         target = (unsigned)strtoul(argv[++i], NULL, 10);
      } else if (!strcmp(argv[i], "--scale") && i + 1 < argc) {
         scale = (unsigned)strtoul(argv[++i], NULL, 10);
      } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
         seed = strtoull(argv[++i], NULL, 10);
      } else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) {
         repeat = (unsigned)strtoul(argv[++i], NULL, 10);
      } else if (!strcmp(argv[i], "--passes")) {
         passes = true;
      } else {
         fprintf(stderr, "nir-bench: unknown argument '%s'\n", argv[i]);
         usage(stderr);
         return 2;
      }
   }
   if (!repeat)
      repeat = 1;
   if (!scale)
      scale = 1;
   if (!target || (uint64_t)target * scale > (1u << 26)) {
      fprintf(stderr, "nir-bench: size out of range\n");
      return 2;
   }

   /* The loop is timed without NIR_PASS's validation; validation is timed
    * on its own. */
   const char *flags = getenv("NIR_DEBUG");
   char nir_debug[256];
   snprintf(nir_debug, sizeof(nir_debug), "novalidate%s%s",
            flags && *flags ? "," : "", flags ? flags : "");
   setenv("NIR_DEBUG", nir_debug, 1);

   printf("seed %llu, best of %u runs, thread CPU time\n",
          (unsigned long long)seed, repeat);
   measurement small, big;
   if (!measure(target, seed, repeat, &small))
      return 1;
   print_size("N", &small);
   if (scale == 1)
      return 0;
   if (!measure(target * scale, seed, repeat, &big))
      return 1;
   char label[32];
   snprintf(label, sizeof(label), "%uN", scale);
   print_size(label, &big);

   double limit = 1.2 * scale;
   printf("scaling %uN / N (linear: %u):\n", scale, scale);
   print_ratio("build", small.build, big.build, 0);
   print_ratio("instruction walk", small.walk, big.walk, 0);
   print_ratio("nir_optimize", small.opt, big.opt, limit);
   /* The same per pass run: a bigger shader may need another round of
    * the loop, which is the shader's doing, not the passes'. */
   print_ratio("nir_optimize per pass run",
               small.opt / (small.stats.pass_runs ? small.stats.pass_runs : 1),
               big.opt / (big.stats.pass_runs ? big.stats.pass_runs : 1), 0);
   print_ratio("nir_validate (as built)", small.val_built, big.val_built,
               limit);
   print_ratio("nir_validate (optimised)", small.val_opt, big.val_opt,
               limit);
   /* The targets of issue #21, and what to read them against. */
   double opt = big.opt / small.opt;
   double val = big.val_built / small.val_built;
   if (big.val_opt / small.val_opt > val)
      val = big.val_opt / small.val_opt;
   printf("summary: nir_optimize x%.2f, nir_validate x%.2f (worst); target"
          " <= %.1f: %s\n", opt, val, limit,
          opt <= limit && val <= limit ? "ok" : "OVER");
   printf("  memory floor: the bare walk x%.2f (%.1f -> %.1f MiB of"
          " instructions)\n", big.walk / small.walk,
          small.instr_mem_B / (1024.0 * 1024.0),
          big.instr_mem_B / (1024.0 * 1024.0));
   if (passes) {
      printf("per pass of nir_optimize (runs with progress / runs, at N and "
             "%uN):\n", scale);
      for (unsigned i = 0; i < small.stats.num_passes; i++) {
         char what[80];
         snprintf(what, sizeof(what), "%s %u/%u %u/%u",
                  small.stats.passes[i].name, small.stats.passes[i].progress,
                  small.stats.passes[i].runs, big.stats.passes[i].progress,
                  big.stats.passes[i].runs);
         printf("  %-38s %8.3f ms -> %8.3f ms  x%5.2f\n", what,
                small.stats.passes[i].seconds * 1e3,
                big.stats.passes[i].seconds * 1e3,
                big.stats.passes[i].seconds /
                   (small.stats.passes[i].seconds > 0
                       ? small.stats.passes[i].seconds
                       : 1e-9));
      }
   }
   return 0;
}
