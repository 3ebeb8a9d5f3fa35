/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * shader-test-eval FILE...: prints "PASS|FAIL|SKIP: FILE[: reason]" per
 * file and "N passed, N failed, N skipped" at the end.  With
 * --expectations LIST, files named in LIST (one path suffix per line,
 * '#' comments) are known failures: the exit status is 1 only when a
 * file outside the list fails, or when a listed file passes (so that the
 * list only ever shrinks).  --quiet prints failures and the total only.
 * --no-skip makes a SKIP fail the run too (for our own test files, which
 * must all run).
 *
 * --link judges linking only (shader_test_link.c): PASS when the program
 * links or fails to link as the file says, FAIL when not, REJECT when a
 * shader does not compile (known rejects are listed like failures),
 * SKIP on an unmet [require]; the last line is then "N passed, N failed,
 * N rejected, N skipped".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shader_test.h"
#include "util/os_file.h"
#include "util/ralloc.h"

static bool
listed(char **list, unsigned n, const char *file)
{
   size_t fl = strlen(file);
   for (unsigned i = 0; i < n; i++) {
      size_t ll = strlen(list[i]);
      if (ll <= fl && !strcmp(file + fl - ll, list[i]))
         return true;
   }
   return false;
}

int
main(int argc, char **argv)
{
   void *mem = ralloc_context(NULL);
   char **expect = NULL;
   unsigned num_expect = 0;
   bool quiet = false, link = false, no_skip = false;
   unsigned pass = 0, fail = 0, skip = 0, reject = 0, unexpected = 0;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--quiet")) {
         quiet = true;
         continue;
      }
      if (!strcmp(argv[i], "--no-skip")) {
         no_skip = true;
         continue;
      }
      if (!strcmp(argv[i], "--link")) {
         link = true;
         continue;
      }
      if (!strcmp(argv[i], "--help")) {
         printf("usage: shader-test-eval [--quiet] [--link] [--no-skip] "
                "[--expectations LIST] FILE...\n"
                "Runs piglit .shader_test files on the NIR interpreter "
                "(or, with --link,\njudges only whether they link as "
                "they say); see docs/glsl.rst.\n");
         return 0;
      }
      if (!strcmp(argv[i], "--expectations") && i + 1 < argc) {
         char *text;
         size_t size;
         if (os_read_file(argv[++i], &text, &size) != 0) {
            fprintf(stderr, "shader-test-eval: cannot read %s\n", argv[i]);
            return 2;
         }
         char *copy = ralloc_strdup(mem, text);
         free(text);
         expect = ralloc_array(mem, char *, size + 1);
         char *save = NULL;
         for (char *l = strtok_r(copy, "\n", &save); l;
              l = strtok_r(NULL, "\n", &save)) {
            while (*l == ' ')
               l++;
            if (*l && *l != '#')
               expect[num_expect++] = l;
         }
         continue;
      }
      const char *file = argv[i];
      void *ctx = ralloc_context(mem);
      char *text;
      size_t size;
      if (os_read_file(file, &text, &size) != 0) {
         printf("FAIL: %s: cannot read\n", file);
         fail++;
         unexpected++;
         ralloc_free(ctx);
         continue;
      }
      char *src = ralloc_strdup(ctx, text);
      free(text);
      struct shader_test t;
      const char *why = NULL;
      char *msg = NULL;
      enum shader_test_result res;
      if (!shader_test_parse(src, &t, &why)) {
         res = SHADER_TEST_SKIP;
         msg = (char *)why;
      } else if (link) {
         res = shader_test_link(ctx, &t, &msg);
      } else {
         res = shader_test_run(ctx, &t, &msg);
      }
      bool known = expect && listed(expect, num_expect, file);
      switch (res) {
      case SHADER_TEST_PASS:
         pass++;
         if (known) {
            unexpected++;
            printf("PASS: %s (listed as failing: remove it)\n", file);
         } else if (!quiet) {
            printf("PASS: %s\n", file);
         }
         break;
      case SHADER_TEST_FAIL:
         fail++;
         if (!known)
            unexpected++;
         if (!quiet || !known)
            printf("FAIL: %s: %s\n", file, msg ? msg : "");
         break;
      case SHADER_TEST_REJECT:
         reject++;
         if (!known)
            unexpected++;
         if (!quiet || !known)
            printf("REJECT: %s: %s\n", file, msg ? msg : "");
         break;
      default:
         skip++;
         if (no_skip)
            unexpected++;
         if (!quiet || no_skip)
            printf("SKIP: %s: %s\n", file, msg ? msg : "");
         break;
      }
      fflush(stdout);
      ralloc_free(ctx);
   }
   if (link)
      printf("%u passed, %u failed, %u rejected, %u skipped\n", pass, fail,
             reject, skip);
   else
      printf("%u passed, %u failed, %u skipped\n", pass, fail, skip);
   ralloc_free(mem);
   return expect || no_skip ? (unexpected ? 1 : 0)
                            : (fail || reject ? 1 : 0);
}
