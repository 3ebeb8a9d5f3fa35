/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Independent expectations for every instruction form: applegpu_forms.txt
 * holds encodings and the text dougallj/applegpu gives them (see its
 * header for how they were made).  For each line, the decoder must read HEX
 * as FORM with HEX's length and print exactly TEXT, the encoder must give
 * HEX back, and the assembler must turn TEXT into HEX.  Every form of the
 * description must have at least one line, so a bit position that is wrong
 * in agx_isa_desc.py cannot pass just because encoder and decoder agree.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_isa.h"

/* Forms applegpu cannot express, each with its reason.  Empty: every form
 * has lines.  Keep the reason beside any name added here. */
static const char *const no_applegpu_form[] = {NULL};

static const char *data_path;

struct line {
   char *form, *hex, *how, *text;
};

/* Splits a data line into its four tab-separated fields in place. */
static bool
split_line(char *s, struct line *l)
{
   char *field[4];
   for (unsigned i = 0; i < 4; ++i) {
      field[i] = s;
      s = strchr(s, i < 3 ? '\t' : '\n');
      if (i < 3 && !s)
         return false;
      if (s)
         *s++ = 0;
   }
   l->form = field[0];
   l->hex = field[1];
   l->how = field[2];
   l->text = field[3];
   return true;
}

static int
unhex(const char *hex, uint8_t *out, size_t cap)
{
   size_t n = strlen(hex);
   if (n % 2 || n / 2 > cap)
      return -1;
   for (size_t i = 0; i < n / 2; ++i) {
      unsigned v;
      if (sscanf(hex + 2 * i, "%2x", &v) != 1)
         return -1;
      out[i] = v;
   }
   return n / 2;
}

static void
hexdump(const char *what, const uint8_t *b, int n)
{
   fprintf(stderr, "  %s:", what);
   for (int i = 0; i < n; ++i)
      fprintf(stderr, " %02x", b[i]);
   fprintf(stderr, "\n");
}

/* Returns the number of failed checks on one line (0 when all hold). */
static unsigned
check_line(const struct line *l, unsigned lineno)
{
   uint8_t bytes[AGX_ISA_MAX_LENGTH], out[AGX_ISA_MAX_LENGTH];
   int n = unhex(l->hex, bytes, sizeof(bytes));
   if (n <= 0 || (strcmp(l->how, "asm") && strcmp(l->how, "dis") &&
                  strcmp(l->how, "dis-direct"))) {
      fprintf(stderr, "line %u: malformed\n", lineno);
      return 1;
   }

   unsigned bad = 0;
   struct agx_isa_instr x;
   int len = agx_isa_decode(bytes, n, &x);
   const struct agx_isa_op_info *info = len > 0 ? agx_isa_op_info(x.op)
                                                : NULL;
   if (len != n || !info || strcmp(info->name, l->form)) {
      fprintf(stderr, "line %u: %s %s: decoded as %s, length %d\n", lineno,
              l->form, l->hex, info ? info->name : "nothing", len);
      return 1;
   }

   char text[256];
   if (agx_isa_print(&x, false, 0, text, sizeof(text)) < 0 ||
       strcmp(text, l->text)) {
      fprintf(stderr, "line %u: %s %s:\n  applegpu: %s\n  ours:     %s\n",
              lineno, l->form, l->hex, l->text, text);
      bad++;
   }

   int elen = agx_isa_encode(&x, out, sizeof(out));
   if (elen != n || memcmp(out, bytes, n)) {
      fprintf(stderr, "line %u: %s: re-encoding differs\n", lineno, l->form);
      hexdump("want", bytes, n);
      if (elen > 0)
         hexdump("got ", out, elen);
      bad++;
   }

   char err[160];
   struct agx_isa_instr y;
   int r = agx_isa_parse(l->text, &y, err, sizeof(err));
   int alen = r ? r : agx_isa_encode(&y, out, sizeof(out));
   if (alen != n || memcmp(out, bytes, n)) {
      fprintf(stderr, "line %u: %s: assembling '%s' %s\n", lineno, l->form,
              l->text, r ? err : "gives other bytes");
      hexdump("want", bytes, n);
      if (alen > 0)
         hexdump("got ", out, alen);
      bad++;
   }
   return bad;
}

static bool
excused(const char *name)
{
   for (unsigned i = 0; no_applegpu_form[i]; ++i) {
      if (!strcmp(no_applegpu_form[i], name))
         return true;
   }
   return false;
}

static void
test_applegpu_forms(void **state)
{
   FILE *f = fopen(data_path, "r");
   if (!f)
      fail_msg("cannot open %s", data_path);

   unsigned lines_per_op[AGX_ISA_NUM_OPS] = {0};
   unsigned lineno = 0, checked = 0, failures = 0;
   char *buf = NULL;
   size_t cap = 0;
   while (getline(&buf, &cap, f) > 0) {
      lineno++;
      if (buf[0] == '#' || strspn(buf, " \t\r\n") == strlen(buf))
         continue;
      struct line l;
      if (!split_line(buf, &l)) {
         fprintf(stderr, "line %u: malformed\n", lineno);
         failures++;
         continue;
      }
      checked++;
      unsigned bad = check_line(&l, lineno);
      failures += bad;
      if (bad)
         continue;
      for (unsigned op = 1; op < AGX_ISA_NUM_OPS; ++op) {
         if (!strcmp(agx_isa_op_info(op)->name, l.form))
            lines_per_op[op]++;
      }
   }
   free(buf);
   fclose(f);

   unsigned uncovered = 0;
   for (unsigned op = 1; op < AGX_ISA_NUM_OPS; ++op) {
      const char *name = agx_isa_op_info(op)->name;
      if (!lines_per_op[op] && !excused(name)) {
         fprintf(stderr, "form %s has no passing applegpu line\n", name);
         uncovered++;
      }
   }
   fprintf(stderr, "%u lines, %u failed checks, %u of %u forms uncovered\n",
           checked, failures, uncovered, AGX_ISA_NUM_OPS - 1);
   assert_true(checked > 0);
   assert_int_equal(failures, 0);
   assert_int_equal(uncovered, 0);
}

int
main(int argc, char **argv)
{
   data_path = argc > 1 ? argv[1] : "applegpu_forms.txt";
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_applegpu_forms),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
