/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * asahi-compiler: GLSL (or piglit/shader-db .shader_test files) through the
 * GLSL front end, the linker and the AGX compiler, printing disassembly,
 * statistics or the IR after each pass.  See --help.
 */

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compiler/glsl/glsl_program.h"
#include "compiler/glsl/glsl_state.h"
#include "util/format/u_format.h"
#include "agx_compile.h"
#include "agx_compiler.h"

static void
usage(FILE *fp)
{
   fprintf(
      fp, "usage: asahi-compiler [options] FILE...\n"
          "\n"
          "Compiles GLSL shaders for the AGX GPU.  FILE is a shader source\n"
          "(.vert / .geom / .frag, or any name with --stage) or a\n"
          "piglit/shader-db `.shader_test` file, whose [vertex shader],\n"
          "[geometry shader] and [fragment shader] sections (or one\n"
          "[compute shader]) are compiled and linked together\n"
          "([vertex shader passthrough]: piglit's built-in vertex\n"
          "shader).  Sources given together are linked as\n"
          "one program.\n"
          "\n"
          "AGX has no geometry stage: as the driver does, a geometry shader\n"
          "is lowered to a vertex-stage program that stores the vertices it\n"
          "emits, plus a passthrough vertex shader that draws them.  Both\n"
          "are shown, counted and written (-o) as stage gs.\n"
          "\n"
          "Options:\n"
          "  --disasm          print the machine code (default when nothing\n"
          "                    else is asked for)\n"
          "  --stats           print the SHADER-DB statistics line per stage\n"
          "  --print-passes    print the AGX IR after each backend pass\n"
          "  --stage vs|gs|fs  stage of the following plain source files\n"
          "  --es              sources without #version are GLSL ES 1.00\n"
          "                    (default: GLSL 1.10)\n"
          "  -o FILE           write the machine code of each stage to\n"
          "                    FILE.vs / FILE.gs / FILE.gs-vs (the\n"
          "                    geometry shader's passthrough vertex\n"
          "                    shader) / FILE.fs / FILE.cs\n"
          "  --bench DIR       compile every .shader_test under DIR and print\n"
          "                    the totals (instructions, bytes, registers,\n"
          "                    spills:fills), the compile time per shader\n"
          "                    (wall clock of the backend; CPU time from\n"
          "                    GLSL to machine code) and the CPU time of\n"
          "                    every pass; with --stats\n"
          "                    also each shader's SHADER-DB line (labelled\n"
          "                    with its file) and, at the end, the\n"
          "                    instructions of all shaders by mnemonic\n"
          "                    (OPCODE lines)\n"
          "  --help            this text\n"
          "\n"
          "Variant keys: vertex attributes are fetched as 32-bit floats, one\n"
          "vertex buffer per attribute (16-byte stride); fragment colours go\n"
          "to one RGBA8 unorm render target (render target 0); the two\n"
          "geometry-shader programs fetch no attributes.  The vertex shader\n"
          "of a program with a geometry shader is compiled as without one\n"
          "(the driver's variant also stores its outputs for the GS).\n"
          "\n"
          "Exit status: 0 on success, 1 if a shader does not compile or link,\n"
          "2 for bad usage or unreadable files.\n");
}

static char *
read_file(const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   size_t cap = 4096, len = 0;
   char *buf = malloc(cap);
   size_t n;
   while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
      len += n;
      if (len + 1 == cap) {
         if (cap > (64u << 20)) {
            free(buf);
            buf = NULL;
            break;
         }
         cap *= 2;
         char *nb = realloc(buf, cap);
         if (!nb) {
            free(buf);
            buf = NULL;
         }
         buf = nb;
      }
   }
   fclose(f);
   if (buf)
      buf[len] = 0;
   return buf;
}

struct source {
   gl_shader_stage stage;
   char *text; /* malloc'ed */
   const char *name;
   /* from a .shader_test's [require] "GLSL >= 1.20" / "GLSL ES >= 1.00":
    * the version of sources without #version (0: the command line's) */
   int version;
   bool es;
};

/* The [require] section's GLSL version line, if any: a line of its own
 * ("GLSL >= 1.20", "GLSL ES >= 3.00"); '#' lines are comments, which may
 * mention other versions (piglit's glsl-1.10 post-increment tests). */
static void
required_version(const char *text, int *version, bool *es)
{
   const char *req = strstr(text, "[require]");
   if (!req)
      return;
   for (const char *line = strchr(req, '\n'); line && line[1] != '[';
        line = strchr(line + 1, '\n')) {
      const char *g = line + 1;
      while (*g == ' ' || *g == '\t')
         ++g;
      if (strncmp(g, "GLSL", 4) || (g[4] != ' ' && g[4] != '\t'))
         continue;
      bool is_es = !strncmp(g, "GLSL ES", 7);
      const char *eol = strchr(g, '\n');
      const char *v = strstr(g, ">=");
      unsigned major, minor;
      if (v && (!eol || v < eol) &&
          sscanf(v + 2, " %u.%u", &major, &minor) == 2) {
         *version = (int)(major * 100 + minor);
         *es = is_es;
         return;
      }
   }
}

#define MAX_SOURCES 8

/* Cut a .shader_test into its shader sections. */
static unsigned
split_shader_test(char *text, const char *name, struct source *out,
                  unsigned max)
{
   unsigned n = 0;
   char *p = text;
   gl_shader_stage cur = MESA_SHADER_NONE;
   int version = 0;
   bool es = false;
   required_version(text, &version, &es);
   for (unsigned i = 0; i < max; ++i) {
      out[i].version = version;
      out[i].es = es;
   }
   char *start = NULL;

   while (p && *p) {
      char *eol = strchr(p, '\n');
      size_t len = eol ? (size_t)(eol - p) : strlen(p);
      if (p[0] == '[') {
         if (cur != MESA_SHADER_NONE && start && n < max) {
            out[n].stage = cur;
            out[n].text = strndup(start, (size_t)(p - start));
            out[n].name = name;
            n++;
         }
         cur = MESA_SHADER_NONE;
         if (!strncmp(p, "[vertex shader passthrough]", 27) && n < max) {
            /* piglit's built-in vertex shader (shader_runner): position
             * from the piglit_vertex attribute, nothing else written */
            int v = version ? version : 110;
            char vs[160];
            snprintf(vs, sizeof(vs),
                     "#version %d%s\n%s vec4 piglit_vertex;\n"
                     "void main() { gl_Position = piglit_vertex; }\n",
                     v, es && v >= 300 ? " es" : "",
                     v >= 130 ? "in" : "attribute");
            out[n].stage = MESA_SHADER_VERTEX;
            out[n].text = strdup(vs);
            out[n].name = name;
            n++;
         } else if (!strncmp(p, "[vertex shader]", 15)) {
            cur = MESA_SHADER_VERTEX;
         }
         else if (!strncmp(p, "[fragment shader]", 17))
            cur = MESA_SHADER_FRAGMENT;
         else if (!strncmp(p, "[geometry shader]", 17))
            cur = MESA_SHADER_GEOMETRY;
         else if (!strncmp(p, "[compute shader]", 16))
            cur = MESA_SHADER_COMPUTE;
         start = eol ? eol + 1 : p + len;
      }
      p = eol ? eol + 1 : NULL;
   }
   if (cur != MESA_SHADER_NONE && start && n < max) {
      out[n].stage = cur;
      out[n].text = strdup(start);
      out[n].name = name;
      n++;
   }
   return n;
}

/* Calls fn with the disassembly of each instruction of the program at
 * byte `off` of the binary, up to its stop. */
static void
walk_program(const struct agx_shader_binary *bin, size_t off,
             void (*fn)(size_t off, const char *line, void *data), void *data)
{
   while (off < bin->size_B) {
      char line[256];
      int len = agx_isa_disasm_one(bin->code + off, bin->size_B - off, line,
                                   sizeof(line));
      if (len <= 0)
         break;
      fn(off, line, data);
      bool stop = bin->code[off] == 0x88 && bin->code[off + 1] == 0;
      off += (size_t)len;
      if (stop)
         break;
   }
}

static void
print_line(size_t off, const char *line, void *data)
{
   (void)data;
   printf("   %4zx:  %s\n", off, line);
}

static void
disasm_from(const struct agx_shader_binary *bin, size_t off)
{
   walk_program(bin, off, print_line, NULL);
}

static void
disasm(const struct agx_shader_binary *bin)
{
   disasm_from(bin, 0);
   if (bin->info.has_preamble) {
      printf("  preamble (%u instructions, %u uniform halves written):\n",
             bin->info.nr_preamble_instrs, bin->info.preamble_halves);
      disasm_from(bin, bin->info.preamble_offset);
   }
}

struct options {
   bool disasm, stats;
   const char *out_path;
   bool quiet; /* --bench: no per-shader output */
};

/* --bench: shaders grouped by size (AGX instructions) for the per-pass
 * times: a pass whose time per instruction grows from one group to the
 * next grows faster than the shaders. */
#define NR_SIZE_GROUPS 4
static const unsigned size_group_min[NR_SIZE_GROUPS] = {0, 100, 300, 1000};

struct size_group {
   unsigned shaders;
   uint64_t instrs;
   struct agx_pass_times passes;
};

struct mnemonic_count {
   char name[32];
   uint64_t count;
};

struct totals {
   unsigned programs, failed, shaders;
   uint64_t instrs, bytes, regs, spills, fills;
   uint64_t waits, asyncs, async_cover;
   uint64_t copy_moves, collect_moves, split_moves, copy_swaps;
   /* shaders with a preamble, and its instructions (not in instrs) */
   uint64_t preambles, preamble_instrs;
   double ms;
   struct agx_pass_times passes; /* front end and backend, CPU time */
   struct size_group groups[NR_SIZE_GROUPS];
   /* --bench --stats: the shaders' instructions by mnemonic */
   unsigned nr_mnemonics;
   struct mnemonic_count mnemonics[256];
};

/* --bench --stats: one instruction of a shader (not of its preamble)
 * counted by the disassembler's mnemonic, for the opcode histogram
 * printed at the end. */
static void
count_mnemonic(size_t off, const char *line, void *data)
{
   (void)off;
   struct totals *tot = data;
   size_t n = strcspn(line, " \t");
   if (n >= sizeof(tot->mnemonics[0].name))
      n = sizeof(tot->mnemonics[0].name) - 1;
   unsigned i = 0;
   while (i < tot->nr_mnemonics &&
          (strncmp(tot->mnemonics[i].name, line, n) ||
           tot->mnemonics[i].name[n]))
      ++i;
   if (i == tot->nr_mnemonics && i < 256) {
      memcpy(tot->mnemonics[i].name, line, n);
      tot->mnemonics[i].name[n] = 0;
      tot->nr_mnemonics++;
   }
   if (i < 256)
      tot->mnemonics[i].count++;
}

static int
by_count(const void *a, const void *b)
{
   uint64_t x = ((const struct mnemonic_count *)a)->count;
   uint64_t y = ((const struct mnemonic_count *)b)->count;
   return x < y ? 1 : x > y ? -1 : 0;
}

static void
print_mnemonics(struct totals *tot)
{
   qsort(tot->mnemonics, tot->nr_mnemonics, sizeof(tot->mnemonics[0]),
         by_count);
   printf("instructions by mnemonic (shaders, not preambles):\n");
   for (unsigned i = 0; i < tot->nr_mnemonics; ++i)
      printf("OPCODE: %-20s %10" PRIu64 "\n", tot->mnemonics[i].name,
             tot->mnemonics[i].count);
}

static double
cpu_seconds(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void
add_pass_times(struct agx_pass_times *to, const struct agx_pass_times *from)
{
   for (unsigned i = 0; i < from->count; ++i)
      agx_pass_times_add(to, from->name[i], from->seconds[i]);
}

/* Compile one NIR shader for the AGX and report it (disassembly, the
 * SHADER-DB line, -o FILE.suffix, --bench totals).  stage is the stage
 * it is shown as: the two programs of a geometry shader are vertex-stage
 * programs shown as "geometry".  Returns 0, 1 (compile error) or 2
 * (output error). */
static int
compile_stage(nir_shader *nir, const struct agx_shader_key *key,
              gl_shader_stage stage, const char *label, const char *suffix,
              void *mem, const struct options *opt, struct totals *tot)
{
   int status = 0;
   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   struct agx_pass_times passes = {0};
   double pre_t0 = cpu_seconds();
   bool pre_ok = agx_preprocess_nir(nir);
   agx_pass_times_add(&passes, "agx_preprocess_nir (NIR)",
                      cpu_seconds() - pre_t0);
   if (!pre_ok) {
      if (!opt->quiet)
         fprintf(stderr, "%s: %s shaders are not supported\n", label,
                 gl_shader_stage_name(stage));
      return 1;
   }
   struct agx_shader_binary bin;
   char error[256];
   if (agx_compile_shader_nir_timed(nir, key, mem, &bin, error,
                                    sizeof(error), &passes)) {
      if (!opt->quiet)
         fprintf(stderr, "%s: %s shader: %s\n", label,
                 gl_shader_stage_name(stage), error);
      return 1;
   }
   clock_gettime(CLOCK_MONOTONIC, &t1);
   /* shown as the program's stage, not the hardware stage it runs in */
   bin.info.stage = stage;

   if (opt->disasm) {
      printf("%s shader%s (%zu bytes, %u registers, %u uniform halves):\n",
             gl_shader_stage_name(stage),
             strcmp(suffix, "gs-vs") ? "" : " passthrough vertex shader",
             bin.size_B, bin.info.nr_gprs, bin.info.push_count);
      disasm(&bin);
   }
   if (tot) {
      tot->shaders++;
      tot->instrs += bin.info.nr_instrs;
      tot->preambles += bin.info.has_preamble;
      tot->preamble_instrs += bin.info.nr_preamble_instrs;
      tot->bytes += bin.size_B;
      tot->regs += bin.info.nr_gprs;
      tot->spills += bin.info.nr_spills;
      tot->fills += bin.info.nr_fills;
      tot->waits += bin.info.nr_waits;
      tot->asyncs += bin.info.nr_async;
      tot->async_cover += bin.info.async_cover;
      tot->copy_moves += bin.info.nr_copy_moves;
      tot->collect_moves += bin.info.nr_collect_moves;
      tot->split_moves += bin.info.nr_split_moves;
      tot->copy_swaps += bin.info.nr_copy_swaps;
      tot->ms +=
         (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
      add_pass_times(&tot->passes, &passes);
      unsigned g = NR_SIZE_GROUPS - 1;
      while (g && bin.info.nr_instrs < size_group_min[g])
         --g;
      tot->groups[g].shaders++;
      tot->groups[g].instrs += bin.info.nr_instrs;
      add_pass_times(&tot->groups[g].passes, &passes);
      if (opt->stats)
         walk_program(&bin, 0, count_mnemonic, tot);
   }
   if (opt->stats) {
      char line[4608];
      agx_shader_db_line(&bin, label, line, sizeof(line));
      printf("%s\n", line);
      /* --bench --stats: where the register moves are, shader by shader */
      if (tot)
         printf("MOVES: %s - %u copies, %u building vectors, %u splitting "
                "them\n",
                label, bin.info.nr_copy_moves, bin.info.nr_collect_moves,
                bin.info.nr_split_moves);
      if (!opt->quiet)
         printf("compile time: %.3f ms\n",
                (t1.tv_sec - t0.tv_sec) * 1e3 +
                   (t1.tv_nsec - t0.tv_nsec) / 1e6);
   }
   if (opt->out_path) {
      char path[4096];
      snprintf(path, sizeof(path), "%s.%s", opt->out_path, suffix);
      FILE *f = fopen(path, "wb");
      if (!f || fwrite(bin.code, 1, bin.size_B, f) != bin.size_B) {
         if (!opt->quiet)
            fprintf(stderr, "asahi-compiler: cannot write %s\n", path);
         status = 2;
      }
      if (f)
         fclose(f);
   }
   return status;
}

/* Does the fragment shader read the varying at slot (or slot + 1)?  The
 * vertex shader then sends it, as the driver's key says (agx_shader.c):
 * clip and cull distances go out only for a reader. */
static bool
fs_reads(nir_shader *fs, int slot)
{
   if (!fs)
      return false;
   nir_foreach_variable_with_modes(var, fs, nir_var_shader_in)
   {
      if (var->data.location == slot || var->data.location == slot + 1)
         return true;
   }
   return false;
}

/* Compile and link one program, then compile each stage for the AGX.
 * Returns 0, 1 (compile/link error) or 2 (output error). */
static int
compile_program(struct source *src, unsigned nr_src, bool es,
                const struct options *opt, struct totals *tot)
{
   int status = 0;
   void *mem = ralloc_context(NULL);
   double front_t0 = cpu_seconds();
   struct glsl_parse_state *states[MAX_SOURCES];
   for (unsigned i = 0; i < nr_src; ++i) {
      struct glsl_compile_options o = {
         .stage = src[i].stage,
         .default_version = src[i].version ? src[i].version
                            : es           ? 100
                                           : 110,
         .default_es = src[i].version ? src[i].es : es,
      };
      states[i] =
         glsl_compile_shader(mem, src[i].text, strlen(src[i].text), &o);
      if (!states[i] || states[i]->log.errors) {
         if (!opt->quiet)
            fprintf(stderr, "%s: %s shader failed to compile:\n%s", src[i].name,
                    gl_shader_stage_name(src[i].stage),
                    states[i] ? states[i]->log.text : "");
         status = 1;
      }
   }

   struct glsl_program *prog = NULL;
   if (!status) {
      struct glsl_link_options lo = {.nir_options = &agx_nir_options};
      prog = glsl_link_program(mem, states, nr_src, &lo);
      if (!prog || !prog->link_status) {
         if (!opt->quiet)
            fprintf(stderr, "%s: link failed:\n%s", src[0].name,
                    prog ? prog->info_log : "");
         status = 1;
      }
   }
   if (tot)
      agx_pass_times_add(&tot->passes, "GLSL compile + link (NIR)",
                         cpu_seconds() - front_t0);

   for (unsigned s = 0; !status && s < MESA_SHADER_STAGES; ++s) {
      nir_shader *nir = prog->nir[s];
      if (!nir)
         continue;

      struct agx_shader_key key;
      memset(&key, 0, sizeof(key));
      key.uniforms_in_memory = true;
      if (s == MESA_SHADER_VERTEX) {
         for (unsigned a = 0; a < prog->num_attribs; ++a) {
            const struct glsl_program_attrib *at = &prog->attribs[a];
            for (unsigned k = 0; k < at->num_slots; ++k) {
               unsigned loc = at->driver_slot + k;
               if (loc < AGX_MAX_ATTRIBS)
                  key.vs.attribs[loc] = (struct agx_attribute_key){
                     .format = PIPE_FORMAT_R32G32B32A32_FLOAT,
                     .buffer = (uint8_t)loc,
                     .stride = 16};
            }
         }
         nir_shader *fs = prog->nir[MESA_SHADER_FRAGMENT];
         key.vs.clip_distance_varyings =
            fs_reads(fs, VARYING_SLOT_CLIP_DIST0);
         key.vs.cull_distance_varyings =
            fs_reads(fs, VARYING_SLOT_CULL_DIST0);
      } else if (s == MESA_SHADER_FRAGMENT) {
         /* One RGBA8 target, the variant shader-db measures on Mesa's
          * driver (its precompiled fragment variant binds one colour
          * buffer; newer versions store colours in a separate epilog) */
         key.fs.rt[0].format = PIPE_FORMAT_R8G8B8A8_UNORM;
         key.fs.rt[0].offset_B = 0;
      }

      if (s != MESA_SHADER_GEOMETRY) {
         status = compile_stage(nir, &key, (gl_shader_stage)s, src[0].name,
                                s == MESA_SHADER_VERTEX     ? "vs"
                                : s == MESA_SHADER_COMPUTE ? "cs"
                                                           : "fs",
                                mem,
                                opt, tot);
         continue;
      }

      /* A geometry shader becomes two vertex-stage programs, as the
       * driver runs it (src/gallium/drivers/asahi/agx_gs.c): the lowered
       * GS, drawn as points, and the vertex shader drawing what it
       * emitted.  Neither fetches vertex attributes (zero key), and the
       * tool's vertex shader keeps GL clip-space z, so gl_in[].gl_Position
       * needs no undoing (pos_z_halved false). */
      struct agx_gs_info info;
      char error[256] = "";
      if (!agx_nir_lower_gs(nir, false, &info, error, sizeof(error))) {
         if (!opt->quiet)
            fprintf(stderr, "%s: geometry shader: %s\n", src[0].name, error);
         status = 1;
         break;
      }
      status = compile_stage(nir, &key, MESA_SHADER_GEOMETRY, src[0].name,
                             "gs", mem, opt, tot);
      if (status)
         break;
      nir_shader *pass = agx_nir_gs_passthrough(mem, &info);
      if (!pass) {
         if (!opt->quiet)
            fprintf(stderr, "%s: geometry shader: no passthrough shader\n",
                    src[0].name);
         status = 1;
         break;
      }
      char label[4096];
      snprintf(label, sizeof(label), "%s (gs passthrough)", src[0].name);
      status = compile_stage(pass, &key, MESA_SHADER_GEOMETRY, label,
                             "gs-vs", mem, opt, tot);
   }

   ralloc_free(mem);
   return status;
}

static bool
is_shader_test(const char *name)
{
   size_t len = strlen(name);
   return len > 12 && !strcmp(name + len - 12, ".shader_test");
}

/* --bench: CPU time per pass over the corpus, then per AGX instruction
 * in each size group. */
static void
print_pass_times(const struct totals *tot)
{
   double all = 0;
   for (unsigned i = 0; i < tot->passes.count; ++i)
      all += tot->passes.seconds[i];
   printf("CPU time per pass over all shaders, then per AGX instruction "
          "(ns) in shaders of\n  %-44s", "");
   for (unsigned g = 0; g < NR_SIZE_GROUPS; ++g) {
      if (g + 1 < NR_SIZE_GROUPS)
         printf(" %4u-%-4u", size_group_min[g], size_group_min[g + 1] - 1);
      else
         printf(" %4u+    ", size_group_min[g]);
   }
   printf(" instructions:\n");
   for (unsigned i = 0; i < tot->passes.count; ++i) {
      printf("  %-28s %9.1f ms %5.1f%%", tot->passes.name[i],
             tot->passes.seconds[i] * 1e3,
             all > 0 ? 100 * tot->passes.seconds[i] / all : 0.0);
      for (unsigned g = 0; g < NR_SIZE_GROUPS; ++g) {
         const struct size_group *sg = &tot->groups[g];
         double sec = 0;
         for (unsigned k = 0; k < sg->passes.count; ++k) {
            if (!strcmp(sg->passes.name[k], tot->passes.name[i]))
               sec = sg->passes.seconds[k];
         }
         if (sg->instrs && sec > 0)
            printf(" %9.1f", sec * 1e9 / (double)sg->instrs);
         else
            printf(" %9s", "-");
      }
      printf("\n");
   }
   printf("  %-28s %9.1f ms\n", "total", all * 1e3);
   printf("  shaders per size group:    ");
   for (unsigned g = 0; g < NR_SIZE_GROUPS; ++g)
      printf(" %u", tot->groups[g].shaders);
   printf("\n");
}

/* --bench: every .shader_test under dir (recursively). */
static void
bench_dir(const char *dir, bool es, bool stats, struct totals *tot,
          unsigned depth)
{
   DIR *d = opendir(dir);
   if (!d || depth > 16) {
      if (d)
         closedir(d);
      return;
   }
   struct dirent *e;
   while ((e = readdir(d))) {
      if (e->d_name[0] == '.')
         continue;
      char path[4096];
      snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
      struct stat sb;
      if (stat(path, &sb))
         continue;
      if (S_ISDIR(sb.st_mode)) {
         bench_dir(path, es, stats, tot, depth + 1);
      } else if (S_ISREG(sb.st_mode) && is_shader_test(e->d_name)) {
         char *text = read_file(path);
         if (!text)
            continue;
         struct source src[MAX_SOURCES];
         unsigned n = split_shader_test(text, path, src, MAX_SOURCES);
         free(text);
         if (!n)
            continue;
         struct options opt = {.quiet = true, .stats = stats};
         tot->programs++;
         if (compile_program(src, n, es, &opt, tot)) {
            tot->failed++;
            if (stats)
               printf("FAILED: %s\n", path);
         }
         for (unsigned i = 0; i < n; ++i)
            free(src[i].text);
      }
   }
   closedir(d);
}

int
main(int argc, char **argv)
{
   bool want_disasm = false, want_stats = false, print_passes = false;
   bool es = false;
   const char *out_path = NULL, *bench = NULL;
   gl_shader_stage forced = MESA_SHADER_NONE;
   struct source src[MAX_SOURCES];
   unsigned nr_src = 0;
   int status = 0;

   for (int i = 1; i < argc; ++i) {
      const char *a = argv[i];
      if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(a, "--disasm")) {
         want_disasm = true;
      } else if (!strcmp(a, "--stats")) {
         want_stats = true;
      } else if (!strcmp(a, "--print-passes")) {
         print_passes = true;
      } else if (!strcmp(a, "--es")) {
         es = true;
      } else if (!strcmp(a, "--bench")) {
         if (i + 1 >= argc) {
            fprintf(stderr, "asahi-compiler: --bench needs a directory\n");
            return 2;
         }
         bench = argv[++i];
      } else if (!strcmp(a, "-o") || !strcmp(a, "--stage")) {
         if (i + 1 >= argc) {
            fprintf(stderr, "asahi-compiler: %s needs a value\n", a);
            return 2;
         }
         const char *v = argv[++i];
         if (a[1] == 'o') {
            out_path = v;
         } else if (!strcmp(v, "vs") || !strcmp(v, "vert")) {
            forced = MESA_SHADER_VERTEX;
         } else if (!strcmp(v, "fs") || !strcmp(v, "frag")) {
            forced = MESA_SHADER_FRAGMENT;
         } else if (!strcmp(v, "gs") || !strcmp(v, "geom")) {
            forced = MESA_SHADER_GEOMETRY;
         } else {
            fprintf(stderr, "asahi-compiler: unknown stage '%s'\n", v);
            return 2;
         }
      } else if (a[0] == '-' && a[1]) {
         fprintf(stderr, "asahi-compiler: unknown option '%s'\n", a);
         usage(stderr);
         return 2;
      } else {
         char *text = read_file(a);
         if (!text) {
            fprintf(stderr, "asahi-compiler: cannot read %s: %s\n", a,
                    strerror(errno ? errno : EIO));
            return 2;
         }
         size_t len = strlen(a);
         if (len > 12 && !strcmp(a + len - 12, ".shader_test")) {
            unsigned n =
               split_shader_test(text, a, src + nr_src, MAX_SOURCES - nr_src);
            free(text);
            if (!n) {
               fprintf(stderr,
                       "asahi-compiler: %s: no vertex, geometry, "
                       "fragment or compute shader section\n",
                       a);
               return 2;
            }
            nr_src += n;
            continue;
         }
         gl_shader_stage stage = forced;
         if (stage == MESA_SHADER_NONE) {
            if (len > 5 && !strcmp(a + len - 5, ".vert"))
               stage = MESA_SHADER_VERTEX;
            else if (len > 5 && !strcmp(a + len - 5, ".frag"))
               stage = MESA_SHADER_FRAGMENT;
            else if (len > 5 && !strcmp(a + len - 5, ".geom"))
               stage = MESA_SHADER_GEOMETRY;
         }
         if (stage == MESA_SHADER_NONE) {
            fprintf(stderr,
                    "asahi-compiler: %s: unknown stage (use "
                    "--stage or a .vert/.geom/.frag name)\n",
                    a);
            free(text);
            return 2;
         }
         if (nr_src == MAX_SOURCES) {
            fprintf(stderr, "asahi-compiler: too many sources\n");
            free(text);
            return 2;
         }
         src[nr_src++] = (struct source){stage, text, a, 0, false};
      }
   }

   if (bench) {
      struct totals tot = {0};
      bench_dir(bench, es, want_stats, &tot, 0);
      printf("%u programs (%u failed to compile), %u shaders: %" PRIu64
             " instructions, %" PRIu64 " bytes, %" PRIu64 " registers, "
             "%" PRIu64 ":%" PRIu64 " spills:fills, %.3f ms per shader\n",
             tot.programs, tot.failed, tot.shaders, tot.instrs, tot.bytes,
             tot.regs, tot.spills, tot.fills,
             tot.shaders ? tot.ms / tot.shaders : 0.0);
      /* the CPU time of every pass, the GLSL front end included: what a
       * driver spends from glCompileShader to machine code, and not
       * inflated by other processes on a loaded machine as the wall
       * clock above is (that one starts at agx_preprocess_nir) */
      double cpu_ms = 0;
      for (unsigned i = 0; i < tot.passes.count; ++i)
         cpu_ms += tot.passes.seconds[i] * 1e3;
      printf("from GLSL to machine code: %.1f ms of CPU, %.3f ms per "
             "shader\n",
             cpu_ms, tot.shaders ? cpu_ms / tot.shaders : 0.0);
      printf("%" PRIu64 " shaders with a preamble (once per draw, not "
             "counted above): %" PRIu64 " instructions\n",
             tot.preambles, tot.preamble_instrs);
      printf("%" PRIu64 " waits for %" PRIu64 " asynchronous loads, "
             "%.2f instructions between a load and its wait on average\n",
             tot.waits, tot.asyncs,
             tot.asyncs ? (double)tot.async_cover / (double)tot.asyncs : 0.0);
      printf("%" PRIu64 " register moves left by allocation: %" PRIu64
             " from copies (phi and output webs), %" PRIu64
             " building vectors, %" PRIu64 " splitting them (%" PRIu64
             " register exchanges, 3 moves each, in the copies)\n",
             tot.copy_moves + tot.collect_moves + tot.split_moves,
             tot.copy_moves, tot.collect_moves, tot.split_moves,
             tot.copy_swaps);
      print_pass_times(&tot);
      if (want_stats)
         print_mnemonics(&tot);
      return 0;
   }
   if (!nr_src) {
      usage(stderr);
      return 2;
   }
   struct options opts = {want_disasm || (!want_stats && !print_passes),
                          want_stats, out_path, false};
   if (print_passes)
      agx_compiler_set_debug(agx_compiler_debug() | AGX_DBG_SHADERS);

   status = compile_program(src, nr_src, es, &opts, NULL);
   for (unsigned i = 0; i < nr_src; ++i)
      free(src[i].text);
   return status;
}
