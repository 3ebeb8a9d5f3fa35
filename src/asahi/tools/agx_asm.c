/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* agx-asm: assemble applegpu-syntax AGX assembly into a binary. */

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
           "as FILE.s to read standard input (sources up to 16 MiB).\n"
           "\n"
           "Options:\n"
           "  -o FILE     output file (required; '-' is standard output).  A\n"
           "              regular file is replaced atomically; a link is\n"
           "              followed; a FIFO or device is written into\n"
           "  -h, --help  show this help\n");
}

/* Sources larger than this are refused (an assembler input is text). */
#define MAX_SOURCE_B ((size_t)16 << 20)

int
main(int argc, char **argv)
{
   const char *in = NULL, *out = NULL;

   for (int i = 1; i < argc; ++i) {
      if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(argv[i], "-o")) {
         if (i + 1 >= argc) {
            fprintf(stderr, "agx-asm: -o needs a file name\n");
            return 2;
         }
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
   char why[64];
   bool from_stdin = !strcmp(in, "-");
   int err = from_stdin
                ? os_read_fd_max(STDIN_FILENO, MAX_SOURCE_B, &source, &size)
                : os_read_file_max(in, MAX_SOURCE_B, &source, &size);
   if (err) {
      fprintf(stderr, "agx-asm: cannot read %s: %s\n",
              from_stdin ? "standard input" : in,
              os_file_error(err, MAX_SOURCE_B, why, sizeof(why)));
      return 2;
   }
   /* The assembler reads C strings: a NUL byte would silently end the
    * source there. */
   if (memchr(source, '\0', size)) {
      fprintf(stderr, "agx-asm: %s: contains a NUL byte at offset %zu\n", in,
              (size_t)((char *)memchr(source, '\0', size) - source));
      free(source);
      return 1;
   }

   void *ctx = ralloc_context(NULL);
   uint8_t *binary;
   size_t binary_size;
   char msg[256];
   int r =
      agx_isa_assemble(source, ctx, &binary, &binary_size, msg, sizeof(msg));
   free(source);
   if (r) {
      fprintf(stderr, "agx-asm: %s: %s\n", in, msg);
      ralloc_free(ctx);
      return 1;
   }
   err = os_write_file(out, binary ? (const char *)binary : "", binary_size);
   if (err) {
      fprintf(stderr, "agx-asm: cannot write %s: %s\n", out, strerror(err));
      ralloc_free(ctx);
      return 2;
   }
   ralloc_free(ctx);
   return 0;
}
