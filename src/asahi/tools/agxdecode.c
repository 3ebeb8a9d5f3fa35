/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * agxdecode: print a dump file's submission (and any control streams named
 * on the command line) in readable form.  See docs/agxdecode.rst.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_isa.h"
#include "asahi/lib/decode.h"
#include "asahi/lib/decode_dump.h"
#include "util/os_file.h"

#define MAX_STARTS 64

static void
usage(FILE *fp)
{
   fputs(
      "Usage: agxdecode [OPTIONS] DUMP\n"
      "\n"
      "Prints the GPU work in an agxdecode dump file (up to 256 MiB): the\n"
      "drm_asahi command\n"
      "buffer (render and compute commands), the VDM/CDM control streams\n"
      "they name, PPP state, USC word lists, descriptors and shader code.\n"
      "Problems (bad links, loops, truncated packets, unknown packets,\n"
      "unmapped addresses) are printed as 'ERROR at 0xADDR: ...' lines.\n"
      "\n"
      "Options:\n"
      "  --vdm ADDR          also decode a VDM control stream at ADDR\n"
      "  --cdm ADDR          also decode a CDM control stream at ADDR\n"
      "  --usc ADDR          also decode a USC word list at absolute ADDR\n"
      "  --ppp ADDR:BYTES    also decode a PPP update record\n"
      "  --usc-base ADDR     override the dump's usc_exec_base\n"
      "  --no-submission     do not decode the dump's submission\n"
      "  --regions           list the dump's memory regions first\n"
      "  --g14x              CDM launches carry the G14X extra word\n"
      "  --hex               show shader code as hex, not disassembled\n"
      "  --max-packets N     stop a control stream after N packets "
      "(65536)\n"
      "  --shader-bytes N    bytes of each shader to show (256)\n"
      "  -o, --output FILE   write to FILE instead of standard output\n"
      "  -h, --help          show this help\n"
      "Addresses and numbers accept 0x prefixes.  The options taking an\n"
      "address may be repeated (up to 64 times in total).\n"
      "\n"
      "Exit status: 0 if everything decoded cleanly, 1 if problems were\n"
      "found, 2 on a usage error or an unreadable dump.\n"
      "\n"
      "Dump file format (version 1; all integers little-endian, records\n"
      "8-byte aligned; reference: src/asahi/lib/decode_dump.h):\n"
      "  header, 48 bytes:\n"
      "    0  char[8] magic \"AGXDUMP\\0\"\n"
      "    8  u32 version (1)\n"
      "    12 u32 header size in bytes (>= 48, multiple of 8)\n"
      "    16 u32 number of memory regions\n"
      "    20 u32 submission kind: 0 none, 1 drm_asahi command buffer\n"
      "    24 u64 submission size in bytes\n"
      "    32 u64 usc_exec_base (base of all USC offsets)\n"
      "    40 u32 flags (0), 44 u32 reserved (0)\n"
      "  then per region, a 24-byte record and the contents:\n"
      "    0  u64 GPU virtual address\n"
      "    8  u64 size in bytes\n"
      "    16 u32 flags: bit 0 GPU-writable, bit 1 in the USC heap\n"
      "    20 u32 reserved (0)\n"
      "    24 the bytes, zero-padded to a multiple of 8\n"
      "  then the submission bytes (kind 1: exactly what\n"
      "  drm_asahi_submit.cmdbuf points to).\n",
      fp);
}

/* Disassembler hook: src/asahi/isa, up to the first stop instruction or the
 * end of the bytes agxdecode read; undecodable bytes are shown as hex two
 * at a time, as agx-disasm does. */
static void
disassemble(void *user, FILE *fp, const uint8_t *code, size_t size, uint64_t va)
{
   (void)user;
   for (size_t pc = 0; pc < size;) {
      struct agx_isa_instr instr;
      char text[256];
      int len = agx_isa_decode(code + pc, size - pc, &instr);
      if (len <= 0 ||
          agx_isa_print(&instr, true, va + pc, text, sizeof(text)) < 0) {
         size_t n = size - pc < 2 ? size - pc : 2;
         fprintf(fp, "      0x%010" PRIx64 ": ", va + pc);
         for (size_t i = 0; i < n; i++)
            fprintf(fp, "%02x", code[pc + i]);
         fprintf(fp, "%*s<%s>\n", (int)(24 - 2 * n), "",
                 agx_isa_error_string(len < 0 ? len : AGX_ISA_ERR_NOSPACE));
         pc += n;
         continue;
      }
      char hex[2 * AGX_ISA_MAX_LENGTH + 1] = "";
      for (int i = 0; i < len; i++)
         snprintf(hex + 2 * i, 3, "%02x", code[pc + i]);
      fprintf(fp, "      0x%010" PRIx64 ": %-24s %s\n", va + pc, hex, text);
      pc += len;
      if (instr.op == AGX_ISA_OP_STOP)
         return;
   }
   fprintf(fp, "      (no stop within the %zu bytes read)\n", size);
}

struct start {
   enum { START_VDM, START_CDM, START_USC, START_PPP } kind;
   uint64_t va;
   uint32_t size;
};

static bool
parse_u64(const char *s, uint64_t *out)
{
   char *end;
   if (!s || !*s || *s == '-')
      return false;
   errno = 0;
   unsigned long long v = strtoull(s, &end, 0);
   if (errno || *end)
      return false;
   *out = v;
   return true;
}

int
main(int argc, char **argv)
{
   enum {
      OPT_VDM = 256,
      OPT_CDM,
      OPT_USC,
      OPT_PPP,
      OPT_USC_BASE,
      OPT_NO_SUBMISSION,
      OPT_REGIONS,
      OPT_G14X,
      OPT_MAX_PACKETS,
      OPT_SHADER_BYTES,
      OPT_HEX,
   };
   static const struct option longopts[] = {
      {"vdm", required_argument, NULL, OPT_VDM},
      {"cdm", required_argument, NULL, OPT_CDM},
      {"usc", required_argument, NULL, OPT_USC},
      {"ppp", required_argument, NULL, OPT_PPP},
      {"usc-base", required_argument, NULL, OPT_USC_BASE},
      {"no-submission", no_argument, NULL, OPT_NO_SUBMISSION},
      {"regions", no_argument, NULL, OPT_REGIONS},
      {"g14x", no_argument, NULL, OPT_G14X},
      {"max-packets", required_argument, NULL, OPT_MAX_PACKETS},
      {"shader-bytes", required_argument, NULL, OPT_SHADER_BYTES},
      {"hex", no_argument, NULL, OPT_HEX},
      {"output", required_argument, NULL, 'o'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
   };

   struct start starts[MAX_STARTS];
   unsigned nr_starts = 0;
   struct agxdecode_options opts = {.disasm = disassemble};
   bool usc_base_set = false, no_submission = false, list_regions = false;
   const char *output = NULL;
   uint64_t v;
   int c;

   while ((c = getopt_long(argc, argv, "ho:", longopts, NULL)) != -1) {
      switch (c) {
      case 'h':
         usage(stdout);
         return 0;
      case 'o':
         output = optarg;
         break;
      case OPT_VDM:
      case OPT_CDM:
      case OPT_USC:
      case OPT_PPP: {
         char *colon = c == OPT_PPP ? strchr(optarg, ':') : NULL;
         uint64_t size = 0;
         if (colon)
            *colon = '\0';
         if (nr_starts == MAX_STARTS) {
            fprintf(stderr, "agxdecode: at most %u --vdm/--cdm/--usc/--ppp "
                            "start addresses\n", MAX_STARTS);
            return 2;
         }
         if (!parse_u64(optarg, &v)) {
            fprintf(stderr, "agxdecode: bad address '%s'\n", optarg);
            return 2;
         }
         if (c == OPT_PPP && !colon) {
            fprintf(stderr, "agxdecode: --ppp needs ADDR:BYTES, the record's "
                            "size after a colon\n");
            return 2;
         }
         if (c == OPT_PPP &&
             (!parse_u64(colon + 1, &size) || size > UINT32_MAX)) {
            fprintf(stderr, "agxdecode: bad --ppp size '%s'\n", colon + 1);
            return 2;
         }
         starts[nr_starts++] = (struct start){c == OPT_VDM   ? START_VDM
                                              : c == OPT_CDM ? START_CDM
                                              : c == OPT_USC ? START_USC
                                                             : START_PPP,
                                              v, (uint32_t)size};
         break;
      }
      case OPT_USC_BASE:
         if (!parse_u64(optarg, &opts.usc_exec_base)) {
            fprintf(stderr, "agxdecode: bad --usc-base '%s'\n", optarg);
            return 2;
         }
         usc_base_set = true;
         break;
      case OPT_NO_SUBMISSION:
         no_submission = true;
         break;
      case OPT_REGIONS:
         list_regions = true;
         break;
      case OPT_G14X:
         opts.cdm_g14x_word = true;
         break;
      case OPT_HEX:
         opts.disasm = NULL;
         break;
      case OPT_MAX_PACKETS:
      case OPT_SHADER_BYTES:
         if (!parse_u64(optarg, &v) || v == 0 || v > (1u << 24)) {
            fprintf(stderr, "agxdecode: bad number '%s'\n", optarg);
            return 2;
         }
         if (c == OPT_MAX_PACKETS)
            opts.max_packets = (unsigned)v;
         else
            opts.shader_window_B = (unsigned)v;
         break;
      default:
         usage(stderr);
         return 2;
      }
   }
   if (optind != argc - 1) {
      fprintf(stderr, "agxdecode: expected exactly one dump file (see "
                      "--help)\n");
      return 2;
   }

   const char *path = argv[optind];
   char *file;
   size_t file_size;
   char err_text[64];
   int err = os_read_file(path, &file, &file_size);
   if (err) {
      fprintf(stderr, "agxdecode: cannot read %s: %s\n", path,
              os_file_error(err, OS_FILE_DEFAULT_MAX_B, err_text,
                            sizeof(err_text)));
      return 2;
   }

   struct agx_dump dump;
   const char *why;
   if (!agx_dump_read(file, file_size, &dump, &why)) {
      fprintf(stderr, "agxdecode: %s: %s\n", path, why);
      free(file);
      return 2;
   }

   FILE *fp = stdout;
   if (output && !(fp = fopen(output, "w"))) {
      fprintf(stderr, "agxdecode: %s: %s\n", output, strerror(errno));
      free(file);
      return 2;
   }

   if (!usc_base_set)
      opts.usc_exec_base = dump.usc_exec_base;
   opts.fp = fp;
   struct agxdecode_ctx *ctx = agxdecode_create(&opts);
   if (!ctx) {
      fprintf(stderr, "agxdecode: out of memory\n");
      free(file);
      return 2;
   }

   fprintf(fp, "dump %s: version %u, %u regions, usc_exec_base 0x%" PRIx64 "\n",
           path, dump.version, dump.region_count, opts.usc_exec_base);
   if (list_regions) {
      const uint8_t *cursor = NULL;
      uint32_t index;
      struct agx_dump_region r;
      while (agx_dump_next_region(&dump, &cursor, &index, &r)) {
         fprintf(fp,
                 "  region %u: 0x%010" PRIx64 "..0x%010" PRIx64 " (%" PRIu64
                 " bytes)%s%s\n",
                 index - 1, r.va, r.va + r.size_B, r.size_B,
                 r.flags & AGX_DUMP_REGION_WRITABLE ? " writable" : "",
                 r.flags & AGX_DUMP_REGION_SHADER ? " shader" : "");
      }
   }
   agxdecode_add_dump_regions(ctx, &dump);

   if (!no_submission) {
      switch (dump.submission_kind) {
      case AGX_DUMP_SUBMISSION_NONE:
         if (!nr_starts)
            fprintf(fp, "no submission in this dump; use --vdm/--cdm\n");
         break;
      case AGX_DUMP_SUBMISSION_DRM_ASAHI:
         agxdecode_drm_cmdbuf(ctx, dump.submission,
                              (size_t)dump.submission_size_B);
         break;
      default:
         fprintf(fp, "ERROR: unknown submission kind %u\n",
                 (unsigned)dump.submission_kind);
         break;
      }
   }

   for (unsigned i = 0; i < nr_starts; i++) {
      fputc('\n', fp);
      switch (starts[i].kind) {
      case START_VDM:
         agxdecode_vdm(ctx, starts[i].va);
         break;
      case START_CDM:
         agxdecode_cdm(ctx, starts[i].va);
         break;
      case START_USC:
         agxdecode_usc(ctx, starts[i].va, 0);
         break;
      case START_PPP:
         agxdecode_ppp(ctx, starts[i].va, starts[i].size);
         break;
      }
   }

   unsigned problems = agxdecode_error_count(ctx);
   if (!no_submission && dump.submission_kind != AGX_DUMP_SUBMISSION_NONE &&
       dump.submission_kind != AGX_DUMP_SUBMISSION_DRM_ASAHI)
      problems++;
   fprintf(fp, "\n%u problem%s found\n", problems, problems == 1 ? "" : "s");
   agxdecode_destroy(ctx);
   if (fp != stdout)
      fclose(fp);
   free(file);
   return problems ? 1 : 0;
}
