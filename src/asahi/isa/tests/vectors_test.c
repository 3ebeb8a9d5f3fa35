/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Golden vectors: ../shared/data/agx-isa/{public,public_decode}.jsonl,
 * produced by applegpu (a hardware-validated emulator).  For every vector
 * the decoder must accept `hex` with length `size`, the printer must give
 * exactly `asm`, the encoder must re-encode the decoded instruction to
 * `hex`, and the assembler must turn `asm` into `hex` (when applegpu can:
 * `asm_roundtrip`).  Skips when the data is absent.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "util/tests/golden_data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_isa.h"

static const char *data_dir;

/* Copies the JSON string value of "key" into out; false if missing. */
static bool
json_string(const char *line, const char *key, char *out, size_t size)
{
   char pat[64];
   snprintf(pat, sizeof(pat), "\"%s\":\"", key);
   const char *p = strstr(line, pat);
   if (!p)
      return false;
   p += strlen(pat);
   size_t n = 0;
   while (*p && *p != '"' && n + 1 < size) {
      if (*p == '\\' && p[1])
         p++;
      out[n++] = *p++;
   }
   out[n] = 0;
   return *p == '"';
}

static bool
json_int(const char *line, const char *key, long *out)
{
   char pat[64];
   snprintf(pat, sizeof(pat), "\"%s\":", key);
   const char *p = strstr(line, pat);
   if (!p)
      return false;
   *out = strtol(p + strlen(pat), NULL, 10);
   return true;
}

static size_t
unhex(const char *hex, uint8_t *out, size_t cap)
{
   size_t n = 0;
   while (hex[0] && hex[1] && n < cap) {
      unsigned v;
      if (sscanf(hex, "%2x", &v) != 1)
         break;
      out[n++] = v;
      hex += 2;
   }
   return n;
}

struct tally {
   unsigned total, malformed, decode_fail, text_fail, encode_fail, asm_fail,
      asm_skip;
};

static void
report(const char *what, const char *id, const char *hex, const char *want,
       const char *got, unsigned *count)
{
   if ((*count)++ < 15)
      fprintf(stderr, "%s %s %s:\n  want: %s\n  got:  %s\n", what, id, hex,
              want, got);
}

static void
check_vector(const char *line, struct tally *t)
{
   char id[64], hex[64], want[256], got[256];
   long size;
   uint8_t bytes[AGX_ISA_MAX_LENGTH];

   t->total++;
   /* A line that is not a whole vector is an error in the data or in this
    * reader: count it, never drop it. */
   if (!json_string(line, "id", id, sizeof(id)) ||
       !json_string(line, "hex", hex, sizeof(hex)) ||
       !json_string(line, "asm", want, sizeof(want)) ||
       !json_int(line, "size", &size) || size <= 0 ||
       size > AGX_ISA_MAX_LENGTH || strlen(hex) != 2 * (size_t)size) {
      if (t->malformed++ < 15)
         fprintf(stderr, "malformed vector line %u: %.120s\n", t->total,
                 line);
      return;
   }

   size_t n = unhex(hex, bytes, sizeof(bytes));
   struct agx_isa_instr instr;
   int len = agx_isa_decode(bytes, n, &instr);
   if (len != size) {
      snprintf(got, sizeof(got), "length %d (%s)", len,
               len < 0 ? agx_isa_error_string(len) : "");
      report("decode", id, hex, want, got, &t->decode_fail);
      return;
   }

   if (agx_isa_print(&instr, false, 0, got, sizeof(got)) < 0 ||
       strcmp(got, want))
      report("text", id, hex, want, got, &t->text_fail);

   uint8_t enc[AGX_ISA_MAX_LENGTH];
   int elen = agx_isa_encode(&instr, enc, sizeof(enc));
   if (elen != size || memcmp(enc, bytes, size)) {
      snprintf(got, sizeof(got), "encode length %d", elen);
      report("encode", id, hex, want, got, &t->encode_fail);
   }

   /* applegpu cannot assemble what it marks asm_roundtrip:false (dfdx and
    * dfdy, whose kill bit it never sets); we still try. */
   struct agx_isa_instr parsed;
   char err[128];
   int perr = agx_isa_parse(want, &parsed, err, sizeof(err));
   int plen = perr ? perr : agx_isa_encode(&parsed, enc, sizeof(enc));
   if (plen != size || memcmp(enc, bytes, size)) {
      snprintf(got, sizeof(got), "assemble: %d %s", plen, perr ? err : "");
      report("asm", id, hex, want, got, &t->asm_fail);
   }
}

static void
run_file(const char *name)
{
   char path[1024];
   snprintf(path, sizeof(path), "%s/%s", data_dir, name);
   /* main() checked that the file is there. */
   FILE *f = fopen(path, "r");
   if (!f)
      fail_msg("cannot open %s", path);

   struct tally t = {0};
   char *line = NULL;
   size_t cap = 0;
   while (getline(&line, &cap, f) > 0) {
      if (strspn(line, " \t\r\n") == strlen(line))
         continue; /* blank lines, e.g. a trailing newline */
      check_vector(line, &t);
   }
   free(line);
   fclose(f);

   unsigned ok = t.total - t.malformed - t.decode_fail;
   fprintf(stderr,
           "%s: %u vectors: decode %u/%u, text %u/%u, encode %u/%u, "
           "assemble %u/%u\n",
           name, t.total, ok, t.total, ok - t.text_fail, t.total,
           ok - t.encode_fail, t.total, ok - t.asm_fail, t.total);
   assert_true(t.total > 0);
   assert_int_equal(t.malformed, 0);
   assert_int_equal(t.decode_fail, 0);
   assert_int_equal(t.text_fail, 0);
   assert_int_equal(t.encode_fail, 0);
   assert_int_equal(t.asm_fail, 0);
}

static void
test_public(void **state)
{
   run_file("public.jsonl");
}

static void
test_public_decode(void **state)
{
   run_file("public_decode.jsonl");
}

/* The held-out sets share the format; they are checked when someone puts
 * them beside the public ones, and left out (saying so) otherwise. */
static void
test_heldout(void **state)
{
   run_file("heldout.jsonl");
}

static void
test_heldout_decode(void **state)
{
   run_file("heldout_decode.jsonl");
}

int
main(int argc, char **argv)
{
   data_dir = argc > 1 ? argv[1] : "../shared/data/agx-isa";
   golden_data_require(data_dir, "public.jsonl");
   golden_data_require(data_dir, "public_decode.jsonl");

   struct CMUnitTest tests[4] = {
      cmocka_unit_test(test_public),
      cmocka_unit_test(test_public_decode),
   };
   unsigned count = 2;
   if (golden_data_present(data_dir, "heldout.jsonl"))
      tests[count++] = (struct CMUnitTest)cmocka_unit_test(test_heldout);
   else
      fprintf(stderr, "note: no heldout.jsonl beside the public vectors\n");
   if (golden_data_present(data_dir, "heldout_decode.jsonl"))
      tests[count++] =
         (struct CMUnitTest)cmocka_unit_test(test_heldout_decode);
   return _cmocka_run_group_tests("isa_vectors", tests, count, NULL, NULL);
}
