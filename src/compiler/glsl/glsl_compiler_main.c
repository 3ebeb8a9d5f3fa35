/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glsl-compiler: run the GLSL front end over shader files.
 * Prints nothing and exits 0 when every file is valid; prints the info log
 * and exits 1 otherwise.  See --help.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_state.h"
#include "util/os_file.h"
#include "util/ralloc.h"

static void
usage(FILE *f)
{
   fprintf(f,
      "usage: glsl-compiler [options] FILE...\n"
      "Preprocesses, parses and checks GLSL shaders (part 1 of the front\n"
      "end: no code generation yet).  Exit 0 and no output when valid; exit\n"
      "1 with \"0:LINE(COL): error: ...\" messages when not.\n"
      "\n"
      "  --version V      version used when a shader has no #version:\n"
      "                   110 120 130 140 150 330 400 410 420 430 440 450\n"
      "                   460, or 100 300es 310es 320es (default 110)\n"
      "  --stage S        vert frag geom tesc tese comp (default: from the\n"
      "                   file extension)\n"
      "  --extension NAME enable an extension from the start (repeatable)\n"
      "  --link           treat the files as one program (accepted; each\n"
      "                   file is checked on its own until linking exists)\n"
      "  --dump-ast       print the syntax tree of each valid file\n"
      "  -E, --preprocess print the preprocessed text only\n"
      "  --list-extensions  print the extensions the front end claims\n"
      "  -h, --help       this text\n");
}

static gl_shader_stage
stage_from_name(const char *s)
{
   static const char *const names[] = {
      [MESA_SHADER_VERTEX] = "vert", [MESA_SHADER_TESS_CTRL] = "tesc",
      [MESA_SHADER_TESS_EVAL] = "tese", [MESA_SHADER_GEOMETRY] = "geom",
      [MESA_SHADER_FRAGMENT] = "frag", [MESA_SHADER_COMPUTE] = "comp",
   };
   for (int i = 0; i < (int)(sizeof(names) / sizeof(names[0])); i++) {
      if (names[i] && !strcmp(s, names[i]))
         return i;
   }
   return MESA_SHADER_NONE;
}

static bool
parse_version(const char *s, int *version, bool *es)
{
   char *end;
   long v = strtol(s, &end, 10);
   *es = v == 100 || !strcmp(end, "es");
   if ((*end && strcmp(end, "es")) || v < 100 || v > 460)
      return false;
   *version = v;
   return true;
}

int
main(int argc, char **argv)
{
   void *mem = ralloc_context(NULL);
   struct glsl_compile_options opts = { .stage = MESA_SHADER_NONE };
   const char **files = ralloc_array(mem, const char *, argc);
   opts.extra_extensions = ralloc_array(mem, const char *, argc);
   unsigned nfiles = 0;
   bool dump = false;
   gl_shader_stage forced = MESA_SHADER_NONE;

   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      const char *val = i + 1 < argc ? argv[i + 1] : NULL;
      if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
         usage(stdout);
         ralloc_free(mem);
         return 0;
      } else if (!strcmp(a, "--list-extensions")) {
         for (unsigned e = 0; e < glsl_num_extensions; e++)
            printf("%s\n", glsl_extensions[e].name);
         ralloc_free(mem);
         return 0;
      } else if (!strcmp(a, "--version") && val) {
         if (!parse_version(val, &opts.default_version, &opts.default_es)) {
            fprintf(stderr, "glsl-compiler: bad --version '%s'\n", val);
            return 2;
         }
         i++;
      } else if (!strcmp(a, "--stage") && val) {
         forced = stage_from_name(val);
         if (forced == MESA_SHADER_NONE) {
            fprintf(stderr, "glsl-compiler: bad --stage '%s'\n", val);
            return 2;
         }
         i++;
      } else if (!strcmp(a, "--extension") && val) {
         opts.extra_extensions[opts.num_extra_extensions++] = val;
         i++;
      } else if (!strcmp(a, "--link")) {
         opts.link = true;
      } else if (!strcmp(a, "-E") || !strcmp(a, "--preprocess")) {
         opts.preprocess_only = true;
      } else if (!strcmp(a, "--dump-ast")) {
         dump = true;
      } else if (a[0] == '-' && a[1]) {
         fprintf(stderr, "glsl-compiler: unknown option '%s' (see --help)\n",
                 a);
         return 2;
      } else {
         files[nfiles++] = a;
      }
   }
   if (!nfiles) {
      usage(stderr);
      return 2;
   }

   int status = 0;
   for (unsigned f = 0; f < nfiles; f++) {
      const char *dot = strrchr(files[f], '.');
      opts.stage = forced != MESA_SHADER_NONE ? forced :
                   dot ? stage_from_name(dot + 1) : MESA_SHADER_NONE;
      if (opts.stage == MESA_SHADER_NONE) {
         fprintf(stderr, "glsl-compiler: %s: unknown stage (use --stage)\n",
                 files[f]);
         return 2;
      }
      size_t size = 0;
      char *src = NULL;
      if (os_read_file(files[f], &src, &size) != 0) {
         fprintf(stderr, "glsl-compiler: cannot read %s\n", files[f]);
         return 2;
      }
      void *ctx = ralloc_context(mem);
      struct glsl_parse_state *st = glsl_compile_shader(ctx, src, size,
                                                        &opts);
      free(src);
      if (!st) {
         fprintf(stderr, "glsl-compiler: out of memory\n");
         return 2;
      }
      if (st->log.errors) {
         if (nfiles > 1)
            printf("%s:\n", files[f]);
         fputs(st->log.text, stdout);
         status = 1;
      } else if (opts.preprocess_only) {
         fputs(st->pp_text, stdout);
      } else if (dump) {
         fputs(ast_dump(ctx, &st->unit), stdout);
      }
      ralloc_free(ctx);
   }
   ralloc_free(mem);
   return status;
}
