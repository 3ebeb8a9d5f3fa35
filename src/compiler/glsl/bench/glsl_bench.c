/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glsl-bench: compile-time scaling of the GLSL front end.  For each shape
 * of shader (one long main, many functions, deep expressions, many
 * structure uniforms) it generates a fragment shader of about N and K*N
 * statements (defaults 10,000 and K = 4) and times, each in a fresh child
 * process: preprocessing, parsing, checking, and AST-to-NIR + link; the
 * peak memory of a front-end-only run (ru_maxrss of the child).  It prints
 * the K*N / N ratios against the target (1.2*K: 4.8 for K = 4), then runs
 * our glsl-compiler and Debian's glslangValidator (glslang-tools) on the
 * same K*N files, both as processes measured the same way (CPU time and
 * peak memory from wait4), front end alone and compile + link, and prints
 * ours / glslang.
 *
 * Times are CPU times, the best of R runs, so other processes on a shared
 * machine disturb them less; the runs of the two sizes are interleaved so
 * that a burst of load hits both alike.  Sustained load still raises the
 * K*N times more than the N ones (the larger shader lives in the shared
 * last-level cache, the smaller one mostly in a core's own L2), so the
 * load average is printed with the results.  NIR's per-pass validation
 * (on in debug builds) is off unless --validate, as in release builds
 * (nir-bench times the validator by itself).  It closes with one line per
 * target of issue #21.  This is a benchmark, not a test.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "glsl_program.h"
#include "glsl_state.h"
#include "util/ralloc.h"

/* A growing text buffer (the generated shader). */
struct gb_text {
   char *s;
   size_t len, cap;
};

static void
gb_printf(struct gb_text *t, const char *fmt, ...)
{
   for (;;) {
      va_list ap;
      va_start(ap, fmt);
      int n = vsnprintf(t->s ? t->s + t->len : NULL,
                        t->s ? t->cap - t->len : 0, fmt, ap);
      va_end(ap);
      if (n < 0)
         abort();
      if (t->s && t->len + n < t->cap) {
         t->len += n;
         return;
      }
      size_t cap = t->cap ? t->cap * 2 : 1 << 16;
      while (cap < t->len + n + 1)
         cap *= 2;
      t->s = realloc(t->s, cap);
      if (!t->s)
         abort();
      t->cap = cap;
   }
}

enum gb_shape { GB_STMTS, GB_FUNCS, GB_DEEP, GB_UNIFORMS, GB_NUM_SHAPES };

static const char *const gb_shape_names[GB_NUM_SHAPES] = {
   "statements", "functions", "deep-expr", "uniforms",
};

static const char *const gb_shape_help[GB_NUM_SHAPES] = {
   "N statements in main (declarations and assignments)",
   "N/8 functions of 7 statements, each called from main",
   "N/32 statements of 32 nested operators each",
   "N/4 structure types, a uniform of each, used in main",
};

/* About n statements of the given shape (GLSL 3.30, fragment stage). */
static char *
gb_generate(enum gb_shape shape, unsigned n)
{
   struct gb_text t = {0};
   gb_printf(&t, "#version 330\nuniform vec4 u;\nout vec4 color;\n");
   switch (shape) {
   case GB_STMTS:
      gb_printf(&t, "void main()\n{\n   float acc = u.x;\n   float t0 = u.y;\n");
      for (unsigned i = 1; i < n; i++) {
         if (i % 4 == 3)
            gb_printf(&t, "   acc += t%u * %u.25;\n", i - 1, i % 97);
         else  /* the temporary declared just before */
            gb_printf(&t, "   float t%u = t%u * %u.5 + acc;\n", i,
                      (i - 1) % 4 == 3 ? i - 2 : i - 1, i % 89);
      }
      gb_printf(&t, "   color = vec4(acc);\n}\n");
      break;
   case GB_FUNCS:
      for (unsigned f = 0; f < n / 8; f++) {
         gb_printf(&t, "float f%u(float x, vec2 y)\n{\n"
                       "   float a = x * %u.5;\n   float b = a + y.x;\n"
                       "   a *= b;\n   if (a > y.y)\n      a -= 1.0;\n"
                       "   b = max(a, b);\n   return a + b;\n}\n", f, f % 7);
      }
      gb_printf(&t, "void main()\n{\n   float acc = u.x;\n");
      for (unsigned f = 0; f < n / 8; f++)
         gb_printf(&t, "   acc = f%u(acc, u.zw);\n", f);
      gb_printf(&t, "   color = vec4(acc);\n}\n");
      break;
   case GB_DEEP:
      gb_printf(&t, "void main()\n{\n   float acc = u.x;\n");
      for (unsigned s = 0; s < n / 32; s++) {
         gb_printf(&t, "   acc = ");
         for (unsigned d = 0; d < 32; d++)
            gb_printf(&t, "(");
         gb_printf(&t, "acc");
         for (unsigned d = 0; d < 32; d++)
            gb_printf(&t, " %c %u.0)", "+*-"[d % 3], (d + s) % 9 + 1);
         gb_printf(&t, ";\n");
      }
      gb_printf(&t, "   color = vec4(acc);\n}\n");
      break;
   case GB_UNIFORMS:
      for (unsigned k = 0; k < n / 4; k++)
         gb_printf(&t, "struct S%u { vec4 a; float b; };\nuniform S%u s%u;\n",
                   k, k, k);
      gb_printf(&t, "void main()\n{\n   float acc = u.x;\n");
      for (unsigned k = 0; k < n / 4; k++)
         gb_printf(&t, "   acc += s%u.a.x * s%u.b;\n", k, k);
      gb_printf(&t, "   color = vec4(acc);\n}\n");
      break;
   default:
      abort();
   }
   return t.s;
}

static double
gb_cpu_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double
gb_tv_s(struct timeval tv)
{
   return tv.tv_sec + tv.tv_usec * 1e-6;
}

/* What one child reports. */
struct gb_result {
   double pp, parse, check, link; /* seconds of CPU */
   double cpu;                    /* whole child, from wait4 */
   double mib;                    /* peak resident memory */
   double link_mib;               /* the same, front end then link */
   bool ok, linked;
};

enum gb_job { GB_JOB_PP, GB_JOB_PARSE, GB_JOB_FRONT_END, GB_JOB_LINK };

/* In a fresh child, so that every phase starts equally cold: preprocess
 * only, up to parsing, the whole front end, or the front end then link. */
static void
gb_child(int fd, const char *src, enum gb_job job)
{
   struct gb_result r = {0};
   struct glsl_compile_options opts = {
      .stage = MESA_SHADER_FRAGMENT,
      .preprocess_only = job == GB_JOB_PP,
      .parse_only = job == GB_JOB_PARSE,
   };
   void *mem = ralloc_context(NULL);
   double t0 = gb_cpu_s();
   struct glsl_parse_state *st =
      glsl_compile_shader(mem, src, strlen(src), &opts);
   r.check = gb_cpu_s() - t0;
   r.ok = st && st->log.errors == 0;
   if (job == GB_JOB_LINK && r.ok) {
      t0 = gb_cpu_s();
      struct glsl_program *prog = glsl_link_program(mem, &st, 1, NULL);
      r.link = gb_cpu_s() - t0;
      r.linked = prog && prog->link_status;
   }
   if (!r.ok && st)
      fprintf(stderr, "glsl-bench: compile failed:\n%.2000s\n",
              st->log.text);
   ralloc_free(mem);
   if (write(fd, &r, sizeof(r)) != sizeof(r))
      _exit(1);
   _exit(0);
}

static bool
gb_run_job(const char *src, enum gb_job job, struct gb_result *out)
{
   int p[2];
   if (pipe(p))
      return false;
   fflush(NULL);
   pid_t pid = fork();
   if (pid < 0)
      return false;
   if (pid == 0) {
      close(p[0]);
      gb_child(p[1], src, job);
   }
   close(p[1]);
   struct gb_result r;
   ssize_t got = read(p[0], &r, sizeof(r));
   close(p[0]);
   int status;
   struct rusage ru;
   if (wait4(pid, &status, 0, &ru) != pid || got != sizeof(r))
      return false;
   r.cpu = gb_tv_s(ru.ru_utime) + gb_tv_s(ru.ru_stime);
   r.mib = ru.ru_maxrss / 1024.0;
   *out = r;
   return true;
}

/* Runs a program on a file, returns its CPU time and peak memory. */
static bool
gb_run_exe(char *const argv[], double *cpu, double *mib, int *exit_code)
{
   fflush(NULL);
   pid_t pid = fork();
   if (pid < 0)
      return false;
   if (pid == 0) {
      int devnull = open("/dev/null", O_WRONLY);
      if (devnull >= 0) {
         dup2(devnull, 1);
         dup2(devnull, 2);
      }
      execvp(argv[0], argv);
      _exit(127);
   }
   int status;
   struct rusage ru;
   if (wait4(pid, &status, 0, &ru) != pid)
      return false;
   *cpu = gb_tv_s(ru.ru_utime) + gb_tv_s(ru.ru_stime);
   *mib = ru.ru_maxrss / 1024.0;
   *exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
   return *exit_code != 127;
}

#define GB_MIN(a, b) ((a) < (b) ? (a) : (b))

/* Keeps the best (lowest) of each quantity of one more run in *best. */
static void
gb_keep_best(struct gb_result *best, unsigned run, double *pp_t,
             double *parse_t, const struct gb_result *pp,
             const struct gb_result *parse, const struct gb_result *fe,
             const struct gb_result *link)
{
   if (run == 0) {
      *best = (struct gb_result) {
         .cpu = fe->check, .mib = fe->mib, .link = link->link,
         .link_mib = link->mib, .ok = fe->ok, .linked = link->linked,
      };
      *pp_t = pp->check;
      *parse_t = parse->check;
      return;
   }
   *pp_t = GB_MIN(*pp_t, pp->check);
   *parse_t = GB_MIN(*parse_t, parse->check);
   best->cpu = GB_MIN(best->cpu, fe->check);
   best->mib = GB_MIN(best->mib, fe->mib);
   best->link = GB_MIN(best->link, link->link);
   best->link_mib = GB_MIN(best->link_mib, link->mib);
}

/* Best of `repeat` runs of each of the two sizes, the runs interleaved
 * (N, K*N, N, K*N ...) so that a burst of load elsewhere on the machine
 * hits both sizes alike instead of one of them.  The phases come from the
 * best cumulative times (up to preprocessing, up to parsing, the whole
 * front end), so that one noisy run does not make a difference negative. */
static bool
gb_measure(char *const src[2], unsigned repeat, struct gb_result best[2])
{
   double pp_t[2], parse_t[2];
   for (unsigned i = 0; i < repeat; i++) {
      for (unsigned z = 0; z < 2; z++) {
         struct gb_result pp, parse, fe, link;
         if (!gb_run_job(src[z], GB_JOB_PP, &pp) ||
             !gb_run_job(src[z], GB_JOB_PARSE, &parse) ||
             !gb_run_job(src[z], GB_JOB_FRONT_END, &fe) ||
             !gb_run_job(src[z], GB_JOB_LINK, &link))
            return false;
         gb_keep_best(&best[z], i, &pp_t[z], &parse_t[z], &pp, &parse, &fe,
                      &link);
      }
   }
   for (unsigned z = 0; z < 2; z++) {
      best[z].pp = pp_t[z];
      best[z].parse = parse_t[z] - pp_t[z];
      best[z].check = best[z].cpu - parse_t[z];
   }
   return true;
}

static const char *
gb_mark(double ratio, double target)
{
   return ratio <= target ? "ok" : "OVER";
}

/* The worst ours / glslang ratios over the shapes. */
struct gb_worst {
   double time, mem;
   const char *time_shape, *mem_shape;
};

/* glsl-compiler against glslangValidator on one file, as processes: the
 * front end alone (both programs stop after checking; glslangValidator
 * without -l reports no link errors) and compile + link (--link, which
 * also translates to NIR and optimises, against -l).  Best of `repeat`
 * runs, the four programs in turn, after one untimed run of each (the
 * programs and their libraries come into the page cache). */
static bool
gb_compare_glslang(const char *shape, const char *compiler,
                   const char *glslang_exe, char *file, unsigned repeat,
                   struct gb_worst worst[2])
{
   char *argvs[4][4] = {
      { (char *)compiler, file, NULL },
      { (char *)glslang_exe, file, NULL },
      { (char *)compiler, (char *)"--link", file, NULL },
      { (char *)glslang_exe, (char *)"-l", file, NULL },
   };
   double best[4][2];
   int codes[4] = {0};
   for (unsigned i = 0; i <= repeat; i++) {
      for (unsigned w = 0; w < 4; w++) {
         double cpu, mib;
         if (!gb_run_exe(argvs[w], &cpu, &mib, &codes[w])) {
            fprintf(stderr, "glsl-bench: cannot run %s (--no-glslang"
                    " to skip; Debian package glslang-tools)\n",
                    argvs[w][0]);
            return false;
         }
         if (i == 0)
            continue;
         best[w][0] = i == 1 ? cpu : GB_MIN(best[w][0], cpu);
         best[w][1] = i == 1 ? mib : GB_MIN(best[w][1], mib);
      }
   }
   for (unsigned k = 0; k < 2; k++) {
      const double *o = best[2 * k], *g = best[2 * k + 1];
      double tr = o[0] / g[0], mr = o[1] / g[1];
      printf("%-11s %-14s ours %.3f s %6.1f MiB (exit %d)  glslang %.3f s"
             " %6.1f MiB (exit %d)  ours/glslang: time %.2f %s"
             "  memory %.2f %s\n", k ? "" : shape,
             k ? "compile + link" : "front end", o[0], o[1], codes[2 * k],
             g[0], g[1], codes[2 * k + 1], tr, gb_mark(tr, 1.0), mr,
             gb_mark(mr, 1.0));
      if (tr > worst[k].time)
         worst[k].time = tr, worst[k].time_shape = shape;
      if (mr > worst[k].mem)
         worst[k].mem = mr, worst[k].mem_shape = shape;
   }
   return true;
}

/* The one-minute load average, or -1. */
static double
gb_load(void)
{
   double l;
   return getloadavg(&l, 1) == 1 ? l : -1;
}

static void
gb_usage(FILE *fp)
{
   fprintf(fp,
      "usage: glsl-bench [--statements N] [--scale K] [--repeat R]\n"
      "                  [--shape NAME]... [--no-glslang] [--validate]\n"
      "                  [--compiler PATH] [--glslang PATH] [--keep DIR]\n"
      "  Generates fragment shaders of about N (default 10000) and K*N\n"
      "  (default K = 4) statements per shape and prints, for each size,\n"
      "  the best of R runs (default 5) of preprocess, parse, check, the\n"
      "  front end in one go, its peak memory, and AST-to-NIR + link;\n"
      "  then the K*N / N ratios against 1.2*K (the runs of both sizes\n"
      "  interleaved).  Then glsl-compiler and glslangValidator on the\n"
      "  same K*N shaders, front end alone and compile + link (--link\n"
      "  against -l): ours / glslang.  Prints the load average: ratios\n"
      "  measured under load overstate the K*N cost.\n"
      "  Ends with a summary against the targets (worst shape).\n"
      "  NIR's per-pass validation is off (as in release builds)\n"
      "  unless --validate.\n"
      "  Shapes:\n");
   for (unsigned s = 0; s < GB_NUM_SHAPES; s++)
      fprintf(fp, "    %-11s %s\n", gb_shape_names[s], gb_shape_help[s]);
}

int
main(int argc, char **argv)
{
   unsigned n = 10000, scale = 4, repeat = 5;
   bool shapes[GB_NUM_SHAPES] = {0}, any_shape = false, glslang = true;
   bool validate = false;
   const char *compiler = NULL, *glslang_exe = "glslangValidator";
   const char *keep = NULL;
   char self_dir[PATH_MAX];

   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;
      if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
         gb_usage(stdout);
         return 0;
      } else if (!strcmp(a, "--no-glslang")) {
         glslang = false;
      } else if (!strcmp(a, "--validate")) {
         validate = true;
      } else if (v && !strcmp(a, "--statements")) {
         n = strtoul(v, NULL, 0), i++;
      } else if (v && !strcmp(a, "--scale")) {
         scale = strtoul(v, NULL, 0), i++;
      } else if (v && !strcmp(a, "--repeat")) {
         repeat = strtoul(v, NULL, 0), i++;
      } else if (v && !strcmp(a, "--compiler")) {
         compiler = v, i++;
      } else if (v && !strcmp(a, "--glslang")) {
         glslang_exe = v, i++;
      } else if (v && !strcmp(a, "--keep")) {
         keep = v, i++;
      } else if (v && !strcmp(a, "--shape")) {
         unsigned s;
         for (s = 0; s < GB_NUM_SHAPES; s++) {
            if (!strcmp(v, gb_shape_names[s]))
               break;
         }
         if (s == GB_NUM_SHAPES) {
            gb_usage(stderr);
            return 2;
         }
         shapes[s] = any_shape = true, i++;
      } else {
         gb_usage(stderr);
         return 2;
      }
   }
   if (n < 64 || scale < 1 || repeat < 1) {
      gb_usage(stderr);
      return 2;
   }
   if (!any_shape) {
      for (unsigned s = 0; s < GB_NUM_SHAPES; s++)
         shapes[s] = true;
   }
   if (!compiler) {
      /* Our glsl-compiler sits one directory up in the build tree. */
      ssize_t l = readlink("/proc/self/exe", self_dir, sizeof(self_dir) - 1);
      if (l <= 0)
         return 2;
      self_dir[l] = 0;
      static char path[PATH_MAX + 32];
      snprintf(path, sizeof(path), "%s/../glsl-compiler", dirname(self_dir));
      compiler = path;
   }

   /* Release-build conditions unless asked: NIR_PASS validates after every
    * pass in debug builds, which is a debugging aid, not compile time.
    * The children inherit the setting. */
   if (!validate) {
      const char *flags = getenv("NIR_DEBUG");
      char nir_debug[256];
      snprintf(nir_debug, sizeof(nir_debug), "novalidate%s%s",
               flags && *flags ? "," : "", flags ? flags : "");
      setenv("NIR_DEBUG", nir_debug, 1);
   }

   const double target = 1.2 * scale;
   /* The worst ratios over the shapes, for the summary. */
   double worst_fe = 0, worst_link = 0;
   const char *worst_fe_s = "", *worst_link_s = "";
   unsigned sizes[2] = { n, n * scale };
   char big_files[GB_NUM_SHAPES][PATH_MAX];
   char tmpdir[] = "/tmp/glsl-bench-XXXXXX";
   if (keep && mkdir(keep, 0777) && errno != EEXIST) {
      fprintf(stderr, "glsl-bench: cannot create %s\n", keep);
      return 2;
   }
   const char *dir = keep ? keep : mkdtemp(tmpdir);
   if (!dir)
      return 2;

   double load_start = gb_load();
   printf("glsl-bench: N = %u, K = %u, best of %u; CPU seconds, peak MiB;"
          " target K*N/N <= %.1f; NIR per-pass validation %s; load"
          " average %.1f\n", n, scale, repeat, target,
          validate ? "on" : "off (--validate)", load_start);
   int failed = 0;
   for (unsigned s = 0; s < GB_NUM_SHAPES; s++) {
      if (!shapes[s])
         continue;
      struct gb_result r[2];
      char *src[2];
      for (unsigned z = 0; z < 2; z++)
         src[z] = gb_generate(s, sizes[z]);
      snprintf(big_files[s], sizeof(big_files[s]), "%s/%s-%u.frag", dir,
               gb_shape_names[s], sizes[1]);
      FILE *fp = fopen(big_files[s], "w");
      if (fp) {
         fputs(src[1], fp);
         fclose(fp);
      }
      bool measured = gb_measure(src, repeat, r);
      for (unsigned z = 0; z < 2; z++)
         free(src[z]);
      if (!measured) {
         fprintf(stderr, "glsl-bench: a child failed\n");
         return 1;
      }
      for (unsigned z = 0; z < 2; z++) {
         printf("%-11s %6u stmts: pp %.3f parse %.3f check %.3f"
                " front end %.3f (%6.1f MiB)  nir+link %.3f (%6.1f MiB)%s%s\n",
                gb_shape_names[s], sizes[z], r[z].pp, r[z].parse, r[z].check,
                r[z].cpu, r[z].mib, r[z].link, r[z].link_mib,
                r[z].ok ? "" : " COMPILE FAILED",
                r[z].ok && !r[z].linked ? " (link failed)" : "");
         if (!r[z].ok)
            failed = 1;
      }
      if (scale > 1) {
         double fe = r[1].cpu / r[0].cpu, ln = r[1].link / r[0].link;
         if (fe > worst_fe)
            worst_fe = fe, worst_fe_s = gb_shape_names[s];
         if (ln > worst_link)
            worst_link = ln, worst_link_s = gb_shape_names[s];
         printf("%-11s ratio %ux: front end %.2f %s   nir+link %.2f %s"
                "   (pp %.2f parse %.2f check %.2f)\n",
                gb_shape_names[s], scale, fe, gb_mark(fe, target), ln,
                gb_mark(ln, target), r[1].pp / r[0].pp,
                r[1].parse / r[0].parse, r[1].check / r[0].check);
      }
   }

   /* [0]: the front end alone, [1]: compile and link. */
   struct gb_worst vs_glslang[2] = {{0}};
   if (glslang) {
      printf("\nprocesses on the %u-statement shaders (best of %u, runs"
             " interleaved): glsl-compiler vs glslangValidator;\n"
             "  front end: FILE vs FILE; compile + link: --link FILE vs"
             " -l FILE\n", sizes[1], repeat);
      for (unsigned s = 0; s < GB_NUM_SHAPES; s++) {
         if (shapes[s] &&
             !gb_compare_glslang(gb_shape_names[s], compiler, glslang_exe,
                                 big_files[s], repeat, vs_glslang))
            return 1;
      }
   }

   /* The targets of issue #21, worst shape first. */
   double load_end = gb_load();
   long cpus = sysconf(_SC_NPROCESSORS_ONLN);
   printf("\nsummary (worst shape; load average %.1f at the start, %.1f at"
          " the end, %ld CPUs%s):\n", load_start, load_end, cpus,
          load_start > cpus || load_end > cpus
             ? ": under this load the K*N runs pay more for the shared"
               " cache than the N ones, re-run on a quiet machine"
             : "");
   if (scale > 1) {
      printf("  %-18s %6u -> %6u statements  x%.2f (%s)  target <= %.1f:"
             " %s\n", "front end", sizes[0], sizes[1], worst_fe, worst_fe_s,
             target, gb_mark(worst_fe, target));
      printf("  %-18s %6u -> %6u statements  x%.2f (%s)  target <= %.1f:"
             " %s\n", "AST-to-NIR + link", sizes[0], sizes[1], worst_link,
             worst_link_s, target, gb_mark(worst_link, target));
   }
   for (unsigned k = 0; glslang && k < 2; k++) {
      const struct gb_worst *w = &vs_glslang[k];
      printf("  %-14s vs glslang, %u statements: time %.2f (%s), memory"
             " %.2f (%s)  target <= 1.0: %s\n",
             k ? "compile + link" : "front end", sizes[1], w->time,
             w->time_shape, w->mem, w->mem_shape,
             gb_mark(w->time > w->mem ? w->time : w->mem, 1.0));
   }
   if (!keep) {
      for (unsigned s = 0; s < GB_NUM_SHAPES; s++) {
         if (shapes[s])
            unlink(big_files[s]);
      }
      rmdir(dir);
   }
   return failed;
}
