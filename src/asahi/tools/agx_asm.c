/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* agx-asm: assemble applegpu-syntax AGX assembly into a binary. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asahi/isa/agx_isa.h"
#include "util/os_file.h"
#include "util/ralloc.h"

static void
usage(FILE *f)
{
   fprintf(f,
           "Usage: agx-asm FILE.s -o FILE.bin\n"
           "Assemble AGX instructions written in applegpu syntax, e.g.\n"
           "  loop: fadd32 r0, r1, r2.neg ; jmp_exec_any loop\n"
           "Statements are separated by newlines or ';'; '#' and '//' start\n"
           "comments; 'name:' defines a label for branch operands.  Use '-'\n"
           "as FILE.s to read standard input.\n"
           "\n"
           "Options:\n"
           "  -o FILE     output file (required)\n"
           "  -h, --help  show this help\n");
}

static char *
read_stdin(void)
{
   size_t cap = 4096, n = 0;
   char *buf = malloc(cap);
   size_t r;
   while (buf && (r = fread(buf + n, 1, cap - n - 1, stdin)) > 0) {
      n += r;
      if (n + 1 == cap) {
         char *grown = realloc(buf, cap *= 2);
         if (!grown) {
            free(buf);
            return NULL;
         }
         buf = grown;
      }
   }
   if (buf)
      buf[n] = 0;
   return buf;
}

int
main(int argc, char **argv)
{
   const char *in = NULL, *out = NULL;

   for (int i = 1; i < argc; ++i) {
      if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
         out = argv[++i];
      } else if ((argv[i][0] == '-' && argv[i][1]) || in) {
         usage(stderr);
         return 2;
      } else {
         in = argv[i];
      }
   }
   if (!in || !out) {
      usage(stderr);
      return 2;
   }

   char *source;
   size_t size;
   if (!strcmp(in, "-")) {
      source = read_stdin();
      if (!source) {
         fprintf(stderr, "agx-asm: cannot read standard input\n");
         return 2;
      }
   } else if (os_read_file(in, &source, &size)) {
      fprintf(stderr, "agx-asm: cannot read %s: %s\n", in, strerror(errno));
      return 2;
   }

   void *ctx = ralloc_context(NULL);
   uint8_t *binary;
   size_t binary_size;
   char err[256];
   int r =
      agx_isa_assemble(source, ctx, &binary, &binary_size, err, sizeof(err));
   free(source);
   if (r) {
      fprintf(stderr, "agx-asm: %s: %s\n", in, err);
      ralloc_free(ctx);
      return 1;
   }
   if (os_write_file_atomic(out, binary ? (const char *)binary : "",
                            binary_size)) {
      fprintf(stderr, "agx-asm: cannot write %s: %s\n", out, strerror(errno));
      ralloc_free(ctx);
      return 2;
   }
   ralloc_free(ctx);
   return 0;
}
