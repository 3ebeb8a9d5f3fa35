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
 * Times are thread CPU time, not wall-clock time, so that other processes
 * on a shared machine disturb them less.  The runs at N and K*N alternate
 * (N, K*N, N, K*N ...) so that both sizes see the same load, and the bench
 * prints the best and the median of R runs of each; the summary judges
 * the ratio of the medians (and, for comparison, of the bests).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "nir.h"
#include "nir_passes.h"
#include "nir_random_shader.h"
#include "util/u_math.h"

static double
cpu_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The one-minute load average, or -1. */
static double
load_average(void)
{
   double l;
   return getloadavg(&l, 1) == 1 ? l : -1;
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

/* Instruction memory by instruction type: what a walk reads. */
static void
print_mix(const char *label, nir_shader *s)
{
   static const char *const names[] = {
      [nir_instr_type_alu] = "alu", [nir_instr_type_deref] = "deref",
      [nir_instr_type_tex] = "tex", [nir_instr_type_intrinsic] = "intrinsic",
      [nir_instr_type_load_const] = "load_const",
      [nir_instr_type_jump] = "jump", [nir_instr_type_undef] = "undef",
      [nir_instr_type_phi] = "phi",
   };
   unsigned count[ARRAY_SIZE(names)] = { 0 }, blocks = 0;
   size_t bytes[ARRAY_SIZE(names)] = { 0 }, total = 0;
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         blocks++;
         nir_foreach_instr(instr, block) {
            count[instr->type]++;
            bytes[instr->type] += nir_instr_mem_size(instr);
         }
      }
   }
   for (unsigned t = 0; t < ARRAY_SIZE(names); t++)
      total += bytes[t];
   printf("  %s: %.2f MiB of instructions, %u blocks of %zu bytes\n", label,
          total / (1024.0 * 1024.0), blocks, sizeof(nir_block));
   for (unsigned t = 0; t < ARRAY_SIZE(names); t++) {
      if (count[t])
         printf("    %-12s %7u  %9zu bytes  %6.1f each  %5.1f%%\n", names[t],
                count[t], bytes[t], (double)bytes[t] / count[t],
                100.0 * bytes[t] / (total ? total : 1));
   }
}

static void
usage(FILE *fp)
{
   fprintf(fp,
           "usage: nir-bench [--instructions N] [--scale K] [--seed S]\n"
           "                 [--repeat R] [--passes] [--runs] [--mix]\n"
           "  Builds random shaders of about N (default 20000) and K*N\n"
           "  (default K = 4) instructions and times nir_optimize and\n"
           "  nir_validate on each R times (default 7, alternating sizes),\n"
           "  printing the best and the median run of each and the ratios\n"
           "  K*N / N.  --passes adds the time of\n"
           "  every pass of the loop at both sizes, --runs every pass run\n"
           "  in order (and the first round against the others), --mix\n"
           "  the memory each instruction type takes at N.  --scale 1\n"
           "  measures one size only.\n");
}

#define MAX_REPEAT 99

/* The timed quantities of one run. */
enum {
   T_BUILD,
   T_WALK,
   T_OPT,
   T_VAL_BUILT,
   T_VAL_OPT,
   NUM_T,
};

typedef struct {
   nir_random_options ro;
   unsigned statements, instrs, after, blocks, blocks_after;
   size_t instr_mem_B; /* carved instruction memory, as built */
   unsigned runs;
   double t[NUM_T][MAX_REPEAT]; /* seconds, per run */
   double best[NUM_T], median[NUM_T];
   nir_optimize_stats stats; /* of the fastest optimisation run */
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
validate(nir_shader *s, double *t)
{
   char *msg = NULL;
   void *ctx = ralloc_context(NULL);
   double t0 = cpu_s();
   bool ok = nir_validate_shader_msg(s, ctx, &msg);
   *t = cpu_s() - t0;
   if (!ok)
      fprintf(stderr, "nir-bench: invalid IR:\n%s\n", msg);
   ralloc_free(ctx);
   return ok;
}

static void
setup(unsigned target, uint64_t seed, measurement *m)
{
   static const nir_shader_compiler_options copts = { 0 };
   memset(m, 0, sizeof(*m));
   m->ro = generator_options();
   m->ro.num_statements = statements_for(target, seed, &copts);
   m->statements = m->ro.num_statements;
}

/* One run: build, walk, validate, optimise, validate. */
static bool
measure_once(uint64_t seed, measurement *m, unsigned *sum)
{
   static const nir_shader_compiler_options copts = { 0 };
   unsigned r = m->runs++;
   double t0 = cpu_s();
   nir_shader *s = nir_random_shader(NULL, seed, &m->ro, &copts);
   m->t[T_BUILD][r] = cpu_s() - t0;
   m->instrs = count_instrs(s, &m->blocks);
   m->instr_mem_B = s->instr_mem_used_B - s->instr_mem_removed_B;
   m->t[T_WALK][r] = walk(s, sum);
   if (!validate(s, &m->t[T_VAL_BUILT][r]))
      return false;
   nir_optimize_stats stats;
   t0 = cpu_s();
   nir_optimize_with_stats(s, &stats);
   double t = cpu_s() - t0;
   m->t[T_OPT][r] = t;
   bool fastest = true;
   for (unsigned i = 0; i < r; i++)
      fastest &= t < m->t[T_OPT][i];
   if (fastest)
      m->stats = stats;
   if (!validate(s, &m->t[T_VAL_OPT][r]))
      return false;
   m->after = count_instrs(s, &m->blocks_after);
   ralloc_free(s);
   return true;
}

/* The pass runs of the fastest nir_optimize at both sizes, in order, and
 * the first round (one run of every pass, on the shader as built) against
 * the rest (on the shader as it shrinks towards the optimised one). */
static void
print_runs(const measurement *small, const measurement *big, unsigned scale)
{
   const nir_optimize_stats *a = &small->stats, *b = &big->stats;
   unsigned n = MAX2(a->num_logged, b->num_logged);
   double round1[2] = { 0 }, rest[2] = { 0 };
   printf("pass runs of nir_optimize (the fastest run of each size; live "
          "instruction memory after the run):\n");
   for (unsigned r = 0; r < n; r++) {
      bool ha = r < a->num_logged, hb = r < b->num_logged;
      const char *name =
         a->passes[ha ? a->log[r].pass : b->log[r].pass].name;
      double ta = ha ? a->log[r].seconds : 0, tb = hb ? b->log[r].seconds : 0;
      bool first = r < a->num_passes;
      (first ? round1 : rest)[0] += ta;
      (first ? round1 : rest)[1] += tb;
      printf("  %3u %-26s", r, name);
      if (ha)
         printf(" %c %8.3f ms %6.2f MiB", a->log[r].progress ? '+' : ' ',
                ta * 1e3, a->log[r].live_B / (1024.0 * 1024.0));
      else
         printf(" %22s", "");
      if (hb)
         printf("  | %c %8.3f ms %6.2f MiB", b->log[r].progress ? '+' : ' ',
                tb * 1e3, b->log[r].live_B / (1024.0 * 1024.0));
      if (ha && hb && ta > 0)
         printf("  x%5.2f", tb / ta);
      if (ha && hb && a->log[r].pass != b->log[r].pass)
         printf("  (%uN: %s)", scale, b->passes[b->log[r].pass].name);
      printf("\n");
   }
   printf("  first round %.3f -> %.3f ms x%.2f; the other runs %.3f -> "
          "%.3f ms x%.2f\n", round1[0] * 1e3, round1[1] * 1e3,
          round1[1] / (round1[0] > 0 ? round1[0] : 1e-9), rest[0] * 1e3,
          rest[1] * 1e3, rest[1] / (rest[0] > 0 ? rest[0] : 1e-9));
}

static int
compare_double(const void *a, const void *b)
{
   double x = *(const double *)a, y = *(const double *)b;
   return x < y ? -1 : x > y;
}

static void
summarise(measurement *m)
{
   for (unsigned k = 0; k < NUM_T; k++) {
      double sorted[MAX_REPEAT];
      memcpy(sorted, m->t[k], m->runs * sizeof(double));
      qsort(sorted, m->runs, sizeof(double), compare_double);
      m->best[k] = sorted[0];
      m->median[k] = m->runs % 2
                        ? sorted[m->runs / 2]
                        : (sorted[m->runs / 2 - 1] + sorted[m->runs / 2]) / 2;
   }
}

static void
print_size(const char *label, const measurement *m)
{
   static const char *const names[NUM_T] = {
      "build (baseline)", "instruction walk", "nir_optimize",
      "nir_validate (as built)", "nir_validate (optimised)",
   };
   printf("%s: %u instructions (%u statements), %u after optimisation;"
          " %.1f MiB of instructions as built\n", label, m->instrs,
          m->statements, m->after, m->instr_mem_B / (1024.0 * 1024.0));
   printf("  %u blocks as built, %u after optimisation; %u pass runs\n",
          m->blocks, m->blocks_after, m->stats.pass_runs);
   printf("  %-26s %12s %12s %14s\n", "", "best", "median",
          "instr/s (med.)");
   for (unsigned k = 0; k < NUM_T; k++) {
      unsigned n = k == T_VAL_OPT ? m->after : m->instrs;
      printf("  %-26s %9.3f ms %9.3f ms %14.0f%s\n", names[k],
             m->best[k] * 1e3, m->median[k] * 1e3, n / m->median[k],
             k == T_WALK ? "  (memory floor)" : "");
   }
}

/* One line of the scaling table: medians, then bests. */
static double
print_ratio(const char *what, const measurement *small,
            const measurement *big, unsigned k, double div_small,
            double div_big, double target)
{
   double ms = small->median[k] / div_small, mb = big->median[k] / div_big;
   double bs = small->best[k] / div_small, bb = big->best[k] / div_big;
   printf("  %-26s %8.3f -> %8.3f ms x%5.2f   (best %8.3f -> %8.3f ms x%5.2f)",
          what, ms * 1e3, mb * 1e3, mb / ms, bs * 1e3, bb * 1e3, bb / bs);
   if (target > 0)
      printf("  %s", mb / ms <= target ? "ok" : "OVER");
   printf("\n");
   return mb / ms;
}

int
main(int argc, char **argv)
{
   unsigned target = 20000, repeat = 7, scale = 4;
   bool passes = false, mix = false, runs = false;
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
      } else if (!strcmp(argv[i], "--mix")) {
         mix = true;
      } else if (!strcmp(argv[i], "--runs")) {
         runs = true;
      } else {
         fprintf(stderr, "nir-bench: unknown argument '%s'\n", argv[i]);
         usage(stderr);
         return 2;
      }
   }
   if (!repeat)
      repeat = 1;
   if (repeat > MAX_REPEAT)
      repeat = MAX_REPEAT;
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

   double load_start = load_average();
   printf("seed %llu, %u runs of each size (alternating), thread CPU"
          " time; load average %.1f\n", (unsigned long long)seed, repeat,
          load_start);
   measurement small, big;
   setup(target, seed, &small);
   if (scale > 1)
      setup(target * scale, seed, &big);
   unsigned sum = 0;
   for (unsigned r = 0; r < repeat; r++) {
      if (!measure_once(seed, &small, &sum) ||
          (scale > 1 && !measure_once(seed, &big, &sum)))
         return 1;
   }
   if (sum == 1)
      printf("\n"); /* keeps the walk from being optimised away */
   summarise(&small);
   print_size("N", &small);
   if (mix) {
      static const nir_shader_compiler_options copts = { 0 };
      nir_shader *s = nir_random_shader(NULL, seed, &small.ro, &copts);
      print_mix("as built", s);
      nir_optimize(s);
      print_mix("optimised", s);
      ralloc_free(s);
   }
   if (scale == 1)
      return 0;
   summarise(&big);
   char label[32];
   snprintf(label, sizeof(label), "%uN", scale);
   print_size(label, &big);

   double limit = 1.2 * scale;
   printf("scaling %uN / N (linear: %u; target for nir_optimize and "
          "nir_validate: <= %.1f), median runs:\n", scale, scale, limit);
   print_ratio("build", &small, &big, T_BUILD, 1, 1, 0);
   double walk = print_ratio("instruction walk", &small, &big, T_WALK, 1, 1,
                             0);
   double opt = print_ratio("nir_optimize", &small, &big, T_OPT, 1, 1, limit);
   /* The same per pass run: a bigger shader may need another round of
    * the loop, which is the shader's doing, not the passes'. */
   print_ratio("nir_optimize per pass run", &small, &big, T_OPT,
               small.stats.pass_runs ? small.stats.pass_runs : 1,
               big.stats.pass_runs ? big.stats.pass_runs : 1, 0);
   double val = print_ratio("nir_validate (as built)", &small, &big,
                            T_VAL_BUILT, 1, 1, limit);
   double val_opt = print_ratio("nir_validate (optimised)", &small, &big,
                                T_VAL_OPT, 1, 1, limit);
   if (val_opt > val)
      val = val_opt;
   /* The targets of issue #21, and what to read them against. */
   printf("summary (medians of %u runs): nir_optimize x%.2f, nir_validate"
          " x%.2f (worst); target <= %.1f: %s\n", repeat, opt, val, limit,
          opt <= limit && val <= limit ? "ok" : "OVER");
   printf("  memory floor: the bare walk x%.2f (%.1f -> %.1f MiB of"
          " instructions)\n", walk,
          small.instr_mem_B / (1024.0 * 1024.0),
          big.instr_mem_B / (1024.0 * 1024.0));
   /* Other processes share the last-level cache the K*N shader lives in
    * (the N one mostly stays in a core's L2): sustained load raises the
    * K*N times more, whatever the statistic. */
   double load_end = load_average();
   long cpus = sysconf(_SC_NPROCESSORS_ONLN);
   printf("  load average %.1f at the start, %.1f at the end, %ld CPUs%s\n",
          load_start, load_end, cpus,
          load_start > cpus || load_end > cpus
             ? ": the ratios are overstated under this load, re-run on a"
               " quiet machine (or count instructions, see docs/nir.rst)"
             : "");
   if (runs)
      print_runs(&small, &big, scale);
   if (passes) {
      printf("per pass of nir_optimize (runs with progress / runs, at N and "
             "%uN; the fastest run of each size):\n", scale);
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
