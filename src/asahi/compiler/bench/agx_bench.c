/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * agx-bench: compile-time scaling of the AGX backend.  Generates GLSL
 * vertex shaders of N and K*N statements (straight-line arithmetic on a
 * few temporaries, ifs and loops: see make_shader), compiles each through
 * the GLSL front end, the linker, agx_preprocess_nir and the backend, and
 * prints the thread CPU time of every pass at both sizes (best of R runs)
 * and the ratio K*N / N.  A pass that grows at most like n log n costs at
 * most about 1.2*K as much at K*N (marked OVER otherwise).  The corpus
 * view (real shaders of every size) is asahi-compiler --bench over
 * shader-db.  A benchmark, not a test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "asahi/compiler/agx_compile.h"
#include "nir.h"
#include "compiler/glsl/glsl_program.h"
#include "compiler/glsl/glsl_state.h"
#include "util/format/u_format.h"

static double
cpu_seconds(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A vertex shader of `statements` statements on four vec4 temporaries
 * (so that register demand stays flat as it grows: there is no spilling),
 * with an if/else every 8 statements and a loop of uniform trip count
 * every 64: blocks grow with the shader too. */
static char *
make_shader(unsigned statements)
{
   size_t cap = 512 + (size_t)statements * 96, len = 0;
   char *text = malloc(cap);
   if (!text)
      return NULL;
#define EMIT(...) len += (size_t)snprintf(text + len, cap - len, __VA_ARGS__)
   EMIT("uniform vec4 u[4];\nuniform int n;\nattribute vec4 a0, a1;\n"
        "varying vec4 v0, v1;\nvoid main() {\n"
        "   vec4 t0 = a0, t1 = a1, t2 = a0 * a1, t3 = a0 + a1;\n");
   for (unsigned i = 0; i < statements; ++i) {
      unsigned d = i % 4, x = (i + 1) % 4, y = (i + 2) % 4, k = i % 4;
      if (i % 64 == 63) {
         EMIT("   for (int i = 0; i < n; i++) t%u = t%u * u[%u] + t%u;\n",
              d, d, k, x);
      } else if (i % 8 == 7) {
         EMIT("   if (t%u.x > u[%u].y) t%u = t%u.yzwx * %u.5; "
              "else t%u = max(t%u, u[%u]);\n",
              x, k, d, y, i % 7, d, y, k);
      } else {
         switch (i % 5) {
         case 0: EMIT("   t%u = t%u * u[%u] + t%u;\n", d, x, k, y); break;
         case 1: EMIT("   t%u = abs(t%u - t%u) * %u.25;\n", d, x, y, i % 9);
            break;
         case 2: EMIT("   t%u = clamp(t%u.wzyx, u[%u], t%u);\n", d, x, k, y);
            break;
         case 3: EMIT("   t%u = vec4(dot(t%u, t%u), t%u.yzw);\n", d, x, y, d);
            break;
         default: EMIT("   t%u = min(t%u + u[%u].x, t%u * t%u);\n", d, x, k,
                       y, d);
            break;
         }
      }
   }
   EMIT("   gl_Position = t0 + t1;\n   v0 = t2;\n   v1 = t3;\n}\n");
#undef EMIT
   return text;
}

typedef struct {
   unsigned statements, nir_instrs, agx_instrs;
   struct agx_pass_times best; /* per pass, the best of the runs */
   double total;
} measurement;

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

/* Compile the shader from GLSL; returns false if anything refused it. */
static bool
compile_once(const char *text, measurement *m, struct agx_pass_times *times,
             char *error, size_t error_size)
{
   void *mem = ralloc_context(NULL);
   bool ok = false;
   double t0 = cpu_seconds();
   struct glsl_compile_options o = {
      .stage = MESA_SHADER_VERTEX, .default_version = 110,
   };
   struct glsl_parse_state *st =
      glsl_compile_shader(mem, text, strlen(text), &o);
   agx_pass_times_add(times, "GLSL compile", cpu_seconds() - t0);
   if (!st || st->log.errors) {
      snprintf(error, error_size, "GLSL: %s", st ? st->log.text : "");
      goto out;
   }
   t0 = cpu_seconds();
   struct glsl_link_options lo = {.nir_options = &agx_nir_options};
   struct glsl_program *prog = glsl_link_program(mem, &st, 1, &lo);
   agx_pass_times_add(times, "GLSL link (NIR)", cpu_seconds() - t0);
   if (!prog || !prog->link_status || !prog->nir[MESA_SHADER_VERTEX]) {
      snprintf(error, error_size, "link: %s", prog ? prog->info_log : "");
      goto out;
   }
   nir_shader *nir = prog->nir[MESA_SHADER_VERTEX];
   m->nir_instrs = count_instrs(nir);
   struct agx_shader_key key;
   memset(&key, 0, sizeof(key));
   key.uniforms_in_memory = true;
   for (unsigned a = 0; a < prog->num_attribs; ++a) {
      unsigned loc = (unsigned)prog->attribs[a].location;
      if (loc < AGX_MAX_ATTRIBS)
         key.vs.attribs[loc] = (struct agx_attribute_key){
            .format = PIPE_FORMAT_R32G32B32A32_FLOAT,
            .buffer = (uint8_t)loc,
            .stride = 16};
   }
   t0 = cpu_seconds();
   ok = agx_preprocess_nir(nir);
   agx_pass_times_add(times, "agx_preprocess_nir (NIR)", cpu_seconds() - t0);
   struct agx_shader_binary bin;
   if (!ok) {
      snprintf(error, error_size, "agx_preprocess_nir failed");
   } else if (agx_compile_shader_nir_timed(nir, &key, mem, &bin, error,
                                           error_size, times)) {
      ok = false;
   } else {
      m->agx_instrs = bin.info.nr_instrs;
   }
out:
   ralloc_free(mem);
   return ok;
}

static bool
measure(unsigned statements, unsigned repeat, measurement *m)
{
   memset(m, 0, sizeof(*m));
   m->statements = statements;
   m->total = 1e30;
   char *text = make_shader(statements);
   if (!text)
      return false;
   for (unsigned r = 0; r < repeat; ++r) {
      struct agx_pass_times times = {0};
      char error[512] = "";
      if (!compile_once(text, m, &times, error, sizeof(error))) {
         fprintf(stderr, "agx-bench: %u statements: %s\n", statements,
                 error);
         free(text);
         return false;
      }
      double total = 0;
      for (unsigned i = 0; i < times.count; ++i)
         total += times.seconds[i];
      if (total < m->total)
         m->total = total;
      /* The best run of each pass on its own. */
      for (unsigned i = 0; i < times.count; ++i) {
         unsigned k = 0;
         while (k < m->best.count && strcmp(m->best.name[k], times.name[i]))
            ++k;
         if (k == m->best.count) {
            if (k == AGX_MAX_PASS_TIMES)
               continue;
            m->best.name[k] = times.name[i];
            m->best.seconds[k] = times.seconds[i];
            m->best.count++;
         } else if (times.seconds[i] < m->best.seconds[k]) {
            m->best.seconds[k] = times.seconds[i];
         }
      }
   }
   free(text);
   return true;
}

static double
pass_seconds(const measurement *m, const char *name)
{
   for (unsigned i = 0; i < m->best.count; ++i) {
      if (!strcmp(m->best.name[i], name))
         return m->best.seconds[i];
   }
   return 0;
}

static void
usage(FILE *fp)
{
   fprintf(fp,
           "usage: agx-bench [--statements N] [--scale K] [--repeat R]\n"
           "                 [--validate]\n"
           "  Compiles generated GLSL vertex shaders of N (default 1000)\n"
           "  and K*N (default K = 4) statements for the AGX and prints\n"
           "  the CPU time of every pass at both sizes (best of R runs,\n"
           "  default 5) and the ratio K*N / N.  The IR validation that\n"
           "  debug builds run after every NIR and AGX pass is off (as in\n"
           "  release builds) unless --validate.\n");
}

int
main(int argc, char **argv)
{
   unsigned target = 1000, scale = 4, repeat = 5;
   bool validate = false;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(argv[i], "--statements") && i + 1 < argc) {
         target = (unsigned)strtoul(argv[++i], NULL, 10);
      } else if (!strcmp(argv[i], "--scale") && i + 1 < argc) {
         scale = (unsigned)strtoul(argv[++i], NULL, 10);
      } else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) {
         repeat = (unsigned)strtoul(argv[++i], NULL, 10);
      } else if (!strcmp(argv[i], "--validate")) {
         validate = true;
      } else {
         fprintf(stderr, "agx-bench: unknown argument '%s'\n", argv[i]);
         usage(stderr);
         return 2;
      }
   }
   if (!repeat)
      repeat = 1;
   if (!scale || !target || (uint64_t)target * scale > (1u << 24)) {
      fprintf(stderr, "agx-bench: size out of range\n");
      return 2;
   }

   /* Release-build conditions unless asked: the per-pass validators are a
    * debugging aid of debug builds, not compile time (nir-bench times the
    * NIR validator by itself).  Both flag sets are read once, at the first
    * compile. */
   if (!validate) {
      static const char *const vars[] = { "NIR_DEBUG", "AGX_MESA_DEBUG" };
      for (unsigned v = 0; v < 2; ++v) {
         const char *flags = getenv(vars[v]);
         char value[256];
         snprintf(value, sizeof(value), "novalidate%s%s",
                  flags && *flags ? "," : "", flags ? flags : "");
         setenv(vars[v], value, 1);
      }
   }

   measurement small, big;
   if (!measure(target, repeat, &small))
      return 1;
   if (scale == 1) { /* one size only (profiling) */
      printf("%u statements: %.3f ms\n", target, small.total * 1e3);
      return 0;
   }
   if (!measure(target * scale, repeat, &big))
      return 1;
   printf("best of %u runs, thread CPU time; per-pass IR validation %s\n",
          repeat, validate ? "on" : "off (--validate)");
   printf("N: %u statements, %u NIR instructions after linking, %u AGX "
          "instructions\n%uN: %u, %u, %u\n",
          small.statements, small.nir_instrs, small.agx_instrs, scale,
          big.statements, big.nir_instrs, big.agx_instrs);
   double limit = 1.2 * scale;
   printf("  %-28s %10s %10s %7s\n", "pass", "N (ms)", "KN (ms)", "ratio");
   for (unsigned i = 0; i < big.best.count; ++i) {
      const char *name = big.best.name[i];
      double a = pass_seconds(&small, name), b = big.best.seconds[i];
      /* Under a tenth of a millisecond, the clock and the scheduler make
       * the ratio noise: say so beside the mark. */
      printf("  %-28s %10.3f %10.3f %7.2f%s%s\n", name, a * 1e3, b * 1e3,
             a > 0 ? b / a : 0.0,
             a > 0 && b / a > limit ? "  OVER" : "",
             a > 0 && a < 1e-4 ? "  (short: noisy)" : "");
   }
   printf("  %-28s %10.3f %10.3f %7.2f%s\n", "total (best run)",
          small.total * 1e3, big.total * 1e3, big.total / small.total,
          big.total / small.total > limit ? "  OVER" : "");
   printf("target: every ratio <= %.1f (n log n at K = %u)\n", limit, scale);
   return 0;
}
