/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* agx-disasm: disassemble an AGX shader binary (applegpu syntax). */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asahi/isa/agx_isa.h"
#include "util/os_file.h"

/* Machine code files larger than this are refused. */
#define MAX_BINARY_B ((size_t)64 << 20)

static void
usage(FILE *f)
{
   fprintf(f,
           "Usage: agx-disasm [options] FILE\n"
           "Disassemble AGX machine code in FILE (up to 64 MiB), one\n"
           "instruction per line:\n"
           "address, bytes, then the instruction in applegpu syntax.\n"
           "Stops after the first 'stop'.  Undecodable bytes are reported\n"
           "with their offset and skipped two bytes at a time.\n"
           "\n"
           "Options:\n"
           "  --offset N   start at byte N (decimal or 0x hex)\n"
           "  --all        continue past 'stop' to the end of the file\n"
           "  --raw        print only the instruction text (agx-asm input)\n"
           "  -h, --help   show this help\n"
           "\n"
           "Exit status: 0 on success, 1 if any bytes were undecodable,\n"
           "2 on usage or file errors.\n");
}

int
main(int argc, char **argv)
{
   const char *path = NULL;
   unsigned long offset = 0;
   bool all = false, raw = false;

   for (int i = 1; i < argc; ++i) {
      if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(argv[i], "--offset")) {
         if (i + 1 >= argc) {
            fprintf(stderr, "agx-disasm: --offset needs a value\n");
            return 2;
         }
         char *end;
         errno = 0;
         offset = strtoul(argv[++i], &end, 0);
         if (*end || errno) {
            fprintf(stderr, "agx-disasm: bad offset '%s'\n", argv[i]);
            return 2;
         }
      } else if (!strcmp(argv[i], "--all")) {
         all = true;
      } else if (!strcmp(argv[i], "--raw")) {
         raw = true;
      } else if (argv[i][0] == '-') {
         fprintf(stderr, "agx-disasm: unknown option '%s'\n", argv[i]);
         usage(stderr);
         return 2;
      } else if (path) {
         fprintf(stderr, "agx-disasm: only one FILE, got '%s' and '%s'\n",
                 path, argv[i]);
         return 2;
      } else {
         path = argv[i];
      }
   }
   if (!path) {
      usage(stderr);
      return 2;
   }

   char *data;
   size_t size;
   char why[64];
   int err = os_read_file_max(path, MAX_BINARY_B, &data, &size);
   if (err) {
      fprintf(stderr, "agx-disasm: cannot read %s: %s\n", path,
              os_file_error(err, MAX_BINARY_B, why, sizeof(why)));
      return 2;
   }
   if (offset > size) {
      fprintf(stderr, "agx-disasm: offset %lu beyond end of file (%zu)\n",
              offset, size);
      free(data);
      return 2;
   }

   const uint8_t *bytes = (const uint8_t *)data;
   int status = 0;
   for (size_t pc = offset; pc < size;) {
      struct agx_isa_instr instr;
      char text[256];
      int len = agx_isa_decode(bytes + pc, size - pc, &instr);
      bool ok =
         len > 0 && agx_isa_print(&instr, !raw, pc, text, sizeof(text)) >= 0;
      if (!ok) {
         size_t n = size - pc < 2 ? size - pc : 2;
         fprintf(raw ? stderr : stdout, "%6zx: ", pc);
         for (size_t i = 0; i < n; ++i)
            fprintf(raw ? stderr : stdout, "%02x", bytes[pc + i]);
         fprintf(raw ? stderr : stdout, "  <%s at offset 0x%zx>\n",
                 agx_isa_error_string(len < 0 ? len : AGX_ISA_ERR_NOSPACE), pc);
         status = 1;
         pc += n;
         continue;
      }
      if (raw) {
         printf("%s\n", text);
      } else {
         char hex[2 * AGX_ISA_MAX_LENGTH + 1];
         for (int i = 0; i < len; ++i)
            snprintf(hex + 2 * i, 3, "%02x", bytes[pc + i]);
         printf("%6zx: %-24s %s\n", pc, hex, text);
      }
      pc += len;
      if (instr.op == AGX_ISA_OP_STOP && !all)
         break;
   }
   free(data);
   return status;
}
