/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * agx-sim: run AGX machine code on the USC interpreter, or check golden
 * instruction vectors.  See --help.
 */

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asahi/sim/asahi_sim.h"
#include "asahi/sim/asahi_sim_texture.h"
#include "asahi/sim/asahi_sim_replay.h"
#include "asahi/sim/asahi_sim_vectors.h"
#include "util/os_file.h"

#define MAX_REGIONS 32
/* Each --mem region, and the program itself, is at most this large. */
#define MAX_REGION_B ((size_t)256 << 20)
#define MAX_PROGRAM_B ((size_t)16 << 20)
#define MAX_DUMPS   16
#define MAX_CF      64
#define MAX_UVS     64
#define MAX_REPLAY_B ((size_t)1 << 30)

/* --replay FILE */
static int
run_replay(const char *path)
{
   size_t size;
   char *data;
   char why[64];
   int err = os_read_file_max(path, MAX_REPLAY_B, &data, &size);
   if (err) {
      fprintf(stderr, "agx-sim: cannot read %s: %s\n", path,
              os_file_error(err, MAX_REPLAY_B, why, sizeof(why)));
      return 2;
   }
   struct asahi_sim_replay_result res;
   bool ok = asahi_sim_replay(
      data, size, asahi_sim_debug_parse(getenv("ASAHI_SIM_DEBUG")), &res);
   printf("%u commands, %u failed; %" PRIu64 " vertices, %" PRIu64
          " primitives, %" PRIu64 " fragments, %" PRIu64 " threads\n",
          res.commands, res.failed, res.vertices, res.primitives,
          res.fragments, res.threads);
   if (res.error[0])
      printf("error: %s\n", res.error);
   free(data);
   return ok ? 0 : 1;
}

static void
usage(FILE *f)
{
   fprintf(f,
"Usage: agx-sim [OPTIONS] PROGRAM.bin\n"
"       agx-sim --vectors FILE.jsonl\n"
"       agx-sim --replay FILE.agxdump\n"
"\n"
"Runs AGX machine code for one SIMD group of 32 lanes until `stop`, then\n"
"prints the final state.\n"
"\n"
"Options:\n"
"  --reg rN=V         set rN in every lane (also rNl, rNh, rN_rN+1 as\n"
"                     rN:64); rN@LANE=V sets a single lane\n"
"  --uniform uN=V     set uniform uN (also uNl, uNh)\n"
"  --mem ADDR=FILE    map FILE's bytes at GPU address ADDR (writable)\n"
"  --mem ADDR+SIZE    map SIZE zero bytes at ADDR (writable); at most\n"
"                     %u --mem regions of at most %zu MiB each\n"
"  --dump ADDR+SIZE   print memory at ADDR after the run (hex; at most\n"
"                     %u dumps)\n"
"  --exec MASK        initial active-lane mask (default 0xffffffff)\n"
"  --base ADDR        GPU address of the program's first byte (default 0)\n"
"  --budget N         stop after N instructions (default %llu)\n"
"  --break PC         stop before executing the instruction at offset PC\n"
"                     (at most %u breakpoints)\n"
"  --soft-faults      faulting reads return zero, faulting writes drop\n"
"  --trace            print each instruction and the registers it wrote\n"
"  --cf N=A,B,C       coefficient register cfN = plane A x + B y + C\n"
"                     (fragment work; N < %u)\n"
"  --pixel X,Y        lane t shades pixel (X + t, Y) (default 0,0)\n"
"  --uvs N            give each lane N vertex-output words and print them\n"
"                     (1..%u)\n"
"  --texture-table ADDR\n"
"                     enable the default texture unit, texture state slot\n"
"                     tsN's descriptor at ADDR + 24 N\n"
"  --vectors FILE     run golden vectors (one JSON object per line, see\n"
"                     ../shared/data/agx-isa/README.md); print one line per\n"
"                     failing vector and 'N passed, N failed'\n"
"  --replay FILE      run the drm_asahi submission of an agxdecode dump\n"
"                     (ASAHI_SHIM_DUMP writes them) through the command\n"
"                     executor of the simulator drm-shim; ASAHI_SIM_DEBUG\n"
"                     applies (at most %zu MiB)\n"
"  -h, --help         this text\n"
"\n"
"Numbers may be decimal or 0x-prefixed hex.  PROGRAM.bin may be at most\n"
"%zu MiB, a vector file at most %zu MiB.  Exit status: 0 when the\n"
"program reached stop (or every vector passed, at least one), 1\n"
"otherwise, 2 on usage errors.\n",
           MAX_REGIONS, MAX_REGION_B >> 20, MAX_DUMPS,
           (unsigned long long)ASAHI_SIM_DEFAULT_BUDGET,
           ASAHI_SIM_MAX_BREAKPOINTS, MAX_CF, MAX_UVS, MAX_REPLAY_B >> 20,
           MAX_PROGRAM_B >> 20,
           ASAHI_SIM_VECTOR_FILE_MAX_B >> 20);
}

/* --cf N=A,B,C */
static bool
set_cf_arg(float (*cf)[3], unsigned *nr, const char *arg)
{
   unsigned n;
   float a, b, c;
   char tail;
   if (sscanf(arg, "%u=%f,%f,%f%c", &n, &a, &b, &c, &tail) != 4 ||
       n >= MAX_CF)
      return false;
   cf[n][0] = a, cf[n][1] = b, cf[n][2] = c;
   if (n + 1 > *nr)
      *nr = n + 1;
   return true;
}

static bool
parse_u64(const char *s, uint64_t *out)
{
   char *end;
   errno = 0;
   unsigned long long v = strtoull(s, &end, 0);
   if (errno || end == s || *end)
      return false;
   *out = v;
   return true;
}

/* "r12", "r12l", "r12h", "r12:64" -> first register, width, half. */
static bool
parse_reg(const char *s, char file, unsigned max, unsigned *idx,
          unsigned *bits, unsigned *half)
{
   if (s[0] != file)
      return false;
   char *end;
   unsigned long v = strtoul(s + 1, &end, 10);
   if (end == s + 1 || v >= max)
      return false;
   *idx = (unsigned)v;
   *bits = 32;
   *half = 0;
   if (!strcmp(end, "l")) {
      *bits = 16;
   } else if (!strcmp(end, "h")) {
      *bits = 16;
      *half = 1;
   } else if (!strcmp(end, ":64")) {
      *bits = 64;
   } else if (*end) {
      return false;
   }
   return true;
}

/* Copies what stands before the first sep of arg into buf (size bytes)
 * and gives what follows that sep: NULL when arg has no sep or the part
 * before it does not fit. */
static const char *
split_at(const char *arg, char sep, char *buf, size_t size)
{
   const char *at = strchr(arg, sep);
   if (!at || (size_t)(at - arg) >= size)
      return NULL;
   memcpy(buf, arg, (size_t)(at - arg));
   buf[at - arg] = 0;
   return at + 1;
}

static bool
set_reg_arg(struct asahi_sim_group *g, const char *arg)
{
   char name[32];
   const char *eq = split_at(arg, '=', name, sizeof(name));
   if (!eq)
      return false;

   uint64_t value;
   if (!parse_u64(eq, &value))
      return false;

   unsigned first = 0, last = ASAHI_SIM_LANES - 1;
   char *at = strchr(name, '@');
   if (at) {
      uint64_t lane;
      *at = 0;
      if (!parse_u64(at + 1, &lane) || lane >= ASAHI_SIM_LANES)
         return false;
      first = last = (unsigned)lane;
   }

   unsigned idx, bits, half;
   if (!parse_reg(name, 'r', ASAHI_SIM_GPRS, &idx, &bits, &half))
      return false;
   if (bits == 64 && idx + 1 >= ASAHI_SIM_GPRS)
      return false;

   for (unsigned t = first; t <= last; t++) {
      if (bits == 16)
         asahi_sim_set16(g, idx * 2 + half, t, (uint16_t)value);
      else if (bits == 64) {
         g->r[idx][t] = (uint32_t)value;
         g->r[idx + 1][t] = (uint32_t)(value >> 32);
      } else
         g->r[idx][t] = (uint32_t)value;
   }
   return true;
}

static bool
set_uniform_arg(struct asahi_sim_group *g, const char *arg)
{
   char name[32];
   const char *eq = split_at(arg, '=', name, sizeof(name));
   if (!eq)
      return false;

   uint64_t value;
   unsigned idx, bits, half;
   if (!parse_u64(eq, &value) ||
       !parse_reg(name, 'u', ASAHI_SIM_UNIFORMS, &idx, &bits, &half))
      return false;
   if (bits == 16) {
      unsigned shift = half * 16;
      g->u[idx] = (g->u[idx] & ~(0xffffu << shift)) |
                  (uint32_t)(value & 0xffff) << shift;
   } else if (bits == 64) {
      if (idx + 1 >= ASAHI_SIM_UNIFORMS)
         return false;
      g->u[idx] = (uint32_t)value;
      g->u[idx + 1] = (uint32_t)(value >> 32);
   } else {
      g->u[idx] = (uint32_t)value;
   }
   return true;
}

static bool
parse_range(const char *arg, uint64_t *addr, uint64_t *size)
{
   char buf[64];
   const char *after = split_at(arg, '+', buf, sizeof(buf));
   if (!after)
      return false;
   return parse_u64(buf, addr) && parse_u64(after, size) && *size > 0 &&
          *size <= MAX_REGION_B;
}

static bool
add_region(struct asahi_sim_simple_mem *mem, const char *arg)
{
   if (mem->nr_regions >= MAX_REGIONS)
      return false;
   struct asahi_sim_region *r = &mem->regions[mem->nr_regions];
   uint64_t addr, size;

   if (strchr(arg, '=')) {
      char buf[64];
      const char *path = split_at(arg, '=', buf, sizeof(buf));
      if (!path || !parse_u64(buf, &addr))
         return false;
      size_t n;
      char *data;
      char why[64];
      int err = os_read_file_max(path, MAX_REGION_B, &data, &n);
      if (err) {
         fprintf(stderr, "agx-sim: cannot read %s: %s\n", path,
                 os_file_error(err, MAX_REGION_B, why, sizeof(why)));
         return false;
      }
      if (n == 0) {
         free(data);
         fprintf(stderr, "agx-sim: %s is empty\n", path);
         return false;
      }
      r->data = (uint8_t *)data;
      r->size = n;
   } else {
      if (!parse_range(arg, &addr, &size))
         return false;
      r->data = calloc(1, (size_t)size);
      if (!r->data)
         return false;
      r->size = (size_t)size;
   }
   r->va = addr;
   r->writable = true;
   mem->nr_regions++;
   return true;
}

static void
print_regs_compact(FILE *f, const struct asahi_sim_group *g, unsigned r)
{
   bool uniform = true;
   for (unsigned t = 1; t < ASAHI_SIM_LANES; t++)
      uniform &= g->r[r][t] == g->r[r][0];

   if (uniform) {
      fprintf(f, "r%-3u = 0x%08x (all lanes)\n", r, g->r[r][0]);
      return;
   }
   fprintf(f, "r%-3u =", r);
   for (unsigned t = 0; t < ASAHI_SIM_LANES; t++)
      fprintf(f, "%s%08x", t % 8 == 0 ? "\n   " : " ", g->r[r][t]);
   fprintf(f, "\n");
}

static void
trace_hook(void *user, const struct asahi_sim_group *g, uint64_t pc,
           const char *text)
{
   FILE *f = user;
   fprintf(f, "%6" PRIx64 ": %-48s exec=%08x\n", pc, text, g->exec);
   for (unsigned r = 0; r < ASAHI_SIM_GPRS; r++) {
      if (g->written[r / 32] & (1u << (r % 32))) {
         fprintf(f, "        ");
         print_regs_compact(f, g, r);
      }
   }
}

static int
run_vectors(const char *path)
{
   struct asahi_sim_vector_stats stats;
   char why[64];
   int err = asahi_sim_vector_run_file(path, stdout, &stats);
   if (err) {
      fprintf(stderr, "agx-sim: cannot read %s: %s\n", path,
              os_file_error(err, ASAHI_SIM_VECTOR_FILE_MAX_B, why,
                            sizeof(why)));
      return 2;
   }
   if (stats.skipped)
      printf("(%u lines without executable state skipped)\n", stats.skipped);
   printf("%u passed, %u failed\n", stats.passed, stats.failed);
   if (stats.passed + stats.failed == 0) {
      /* Nothing was checked: that is not a pass. */
      fprintf(stderr, "agx-sim: %s holds no executable vectors\n", path);
      return 1;
   }
   return stats.failed ? 1 : 0;
}

int
main(int argc, char **argv)
{
   enum {
      OPT_REG = 256, OPT_UNIFORM, OPT_MEM, OPT_DUMP, OPT_EXEC, OPT_BASE,
      OPT_BUDGET, OPT_BREAK, OPT_SOFT, OPT_TRACE, OPT_VECTORS, OPT_CF,
      OPT_PIXEL, OPT_UVS, OPT_TEXTURE_TABLE, OPT_REPLAY,
   };
   static const struct option options[] = {
      { "reg", required_argument, NULL, OPT_REG },
      { "uniform", required_argument, NULL, OPT_UNIFORM },
      { "mem", required_argument, NULL, OPT_MEM },
      { "dump", required_argument, NULL, OPT_DUMP },
      { "exec", required_argument, NULL, OPT_EXEC },
      { "base", required_argument, NULL, OPT_BASE },
      { "budget", required_argument, NULL, OPT_BUDGET },
      { "break", required_argument, NULL, OPT_BREAK },
      { "soft-faults", no_argument, NULL, OPT_SOFT },
      { "trace", no_argument, NULL, OPT_TRACE },
      { "vectors", required_argument, NULL, OPT_VECTORS },
      { "cf", required_argument, NULL, OPT_CF },
      { "pixel", required_argument, NULL, OPT_PIXEL },
      { "uvs", required_argument, NULL, OPT_UVS },
      { "texture-table", required_argument, NULL, OPT_TEXTURE_TABLE },
      { "replay", required_argument, NULL, OPT_REPLAY },
      { "help", no_argument, NULL, 'h' },
      { NULL, 0, NULL, 0 },
   };

   static struct asahi_sim_group group;
   struct asahi_sim_group *g = &group;
   struct asahi_sim_region regions[MAX_REGIONS];
   struct asahi_sim_simple_mem mem = { .regions = regions };
   uint64_t dumps[MAX_DUMPS][2];
   unsigned nr_dumps = 0;
   const char *vectors = NULL, *replay = NULL;
   uint64_t v;
   int opt;
   static float cf[MAX_CF][3];
   unsigned nr_cf = 0;
   static uint32_t uvs[ASAHI_SIM_LANES * MAX_UVS];
   struct asahi_sim_texture_default tex = {0};
   unsigned px = 0, py = 0;

   asahi_sim_group_init(g);

   while ((opt = getopt_long(argc, argv, "h", options, NULL)) != -1) {
      bool ok = true;
      switch (opt) {
      case 'h':
         usage(stdout);
         return 0;
      case OPT_REG: ok = set_reg_arg(g, optarg); break;
      case OPT_UNIFORM: ok = set_uniform_arg(g, optarg); break;
      case OPT_MEM: ok = add_region(&mem, optarg); break;
      case OPT_DUMP:
         ok = nr_dumps < MAX_DUMPS &&
              parse_range(optarg, &dumps[nr_dumps][0], &dumps[nr_dumps][1]);
         nr_dumps += ok;
         break;
      case OPT_EXEC:
         ok = parse_u64(optarg, &v) && v <= 0xffffffffu;
         g->exec = (uint32_t)v;
         break;
      case OPT_BASE: ok = parse_u64(optarg, &g->code_base); break;
      case OPT_BUDGET: ok = parse_u64(optarg, &g->budget) && g->budget; break;
      case OPT_BREAK:
         ok = parse_u64(optarg, &v) && asahi_sim_add_breakpoint(g, v);
         break;
      case OPT_SOFT: g->mem.soft_faults = true; break;
      case OPT_TRACE:
         g->trace = trace_hook;
         g->trace_user = stdout;
         break;
      case OPT_VECTORS: vectors = optarg; break;
      case OPT_REPLAY: replay = optarg; break;
      case OPT_CF: ok = set_cf_arg(cf, &nr_cf, optarg); break;
      case OPT_PIXEL: {
         char tail;
         ok = sscanf(optarg, "%u,%u%c", &px, &py, &tail) == 2 &&
              px + ASAHI_SIM_LANES <= 0x10000 && py < 0x10000;
         break;
      }
      case OPT_UVS:
         ok = parse_u64(optarg, &v) && v && v <= MAX_UVS;
         g->uvs.words = uvs;
         g->uvs.stride_words = (unsigned)v;
         break;
      case OPT_TEXTURE_TABLE:
         ok = parse_u64(optarg, &tex.texture_table);
         g->texture = &asahi_sim_texture_default_hooks;
         g->texture_user = &tex;
         break;
      default:
         usage(stderr);
         return 2;
      }
      if (!ok) {
         fprintf(stderr, "agx-sim: bad argument '%s' (see --help)\n", optarg);
         return 2;
      }
   }

   if (vectors)
      return run_vectors(vectors);
   if (replay)
      return run_replay(replay);

   if (optind + 1 != argc) {
      usage(stderr);
      return 2;
   }

   size_t code_size;
   char *code;
   char why[64];
   int err = os_read_file_max(argv[optind], MAX_PROGRAM_B, &code, &code_size);
   if (err) {
      fprintf(stderr, "agx-sim: cannot read %s: %s\n", argv[optind],
              os_file_error(err, MAX_PROGRAM_B, why, sizeof(why)));
      return 2;
   }

   uint64_t base = g->code_base;
   asahi_sim_set_code(g, (const uint8_t *)code, code_size, base);
   g->mem.translate = asahi_sim_simple_translate;
   g->mem.user = &mem;
   if (nr_cf) {
      g->coefficients = (const float(*)[3])cf;
      g->nr_coefficients = nr_cf;
   }
   for (unsigned t = 0; t < ASAHI_SIM_LANES; t++) {
      g->frag.pixel[t][0] = (uint16_t)(px + t);
      g->frag.pixel[t][1] = (uint16_t)py;
   }

   enum asahi_sim_status s = asahi_sim_run(g);

   printf("status: %s", asahi_sim_status_string(s));
   if (g->error[0])
      printf(" (%s)", g->error);
   printf("\npc: 0x%" PRIx64 "  exec: 0x%08x  instructions: %" PRIu64 "\n",
          g->pc, g->exec, g->executed);
   if (g->faulted) {
      printf("fault: %s %s at 0x%" PRIx64 "%s\n",
             asahi_sim_unit_string(g->fault.unit),
             g->fault.write ? "write" : "read", g->fault.addr,
             g->mem.soft_faults ? " (soft)" : "");
   }
   for (unsigned r = 0; r < ASAHI_SIM_GPRS; r++) {
      bool nonzero = false;
      for (unsigned t = 0; t < ASAHI_SIM_LANES; t++)
         nonzero |= g->r[r][t] != 0;
      if (nonzero)
         print_regs_compact(stdout, g, r);
   }
   for (unsigned t = 0; g->uvs.words && t < ASAHI_SIM_LANES; t++) {
      if (!g->uvs.written[t])
         continue;
      printf("uvs@%u%s:", t, g->uvs.final[t] ? " (final)" : "");
      for (unsigned i = 0; i < g->uvs.written[t]; i++)
         printf(" %08x", uvs[t * g->uvs.stride_words + i]);
      printf("\n");
   }
   for (unsigned i = 0; i < nr_dumps; i++) {
      for (uint64_t off = 0; off < dumps[i][1]; off += 16) {
         printf("%010" PRIx64 ":", dumps[i][0] + off);
         for (uint64_t b = off; b < off + 16 && b < dumps[i][1]; b++) {
            const uint8_t *p =
               asahi_sim_simple_translate(&mem, dumps[i][0] + b, 1, false);
            if (p)
               printf(" %02x", *p);
            else
               printf(" --");
         }
         printf("\n");
      }
   }

   for (unsigned i = 0; i < mem.nr_regions; i++)
      free(regions[i].data);
   free(code);
   return s == ASAHI_SIM_STOPPED ? 0 : 1;
}
