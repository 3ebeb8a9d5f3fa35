/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Round trips over every form in the description.  For each form, random
 * bit patterns with the form's fixed bits forced are decoded; each one that
 * decodes as that form gives an instruction x and its canonical encoding
 * e = encode(x).  Then decode(e) == x, encode(decode(e)) == e and
 * assemble(print(x)) == e must hold.  Every form must produce at least one
 * valid instruction.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "agx_isa_internal.h"
#include "util/ralloc.h"

#define SAMPLES_PER_FORM 400

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t
rng(void)
{
   /* xorshift64*: deterministic so failures reproduce */
   rng_state ^= rng_state >> 12;
   rng_state ^= rng_state << 25;
   rng_state ^= rng_state >> 27;
   return rng_state * 0x2545f4914f6cdd1dull;
}

static bool
same_instr(const struct agx_isa_instr *a, const struct agx_isa_instr *b)
{
   if (a->op != b->op || a->nr_operands != b->nr_operands)
      return false;
   for (unsigned i = 0; i < a->nr_operands; ++i) {
      const struct agx_isa_operand *x = &a->operands[i], *y = &b->operands[i];
      if (x->kind != y->kind || x->size != y->size || x->count != y->count ||
          x->flags != y->flags || x->value != y->value)
         return false;
   }
   return true;
}

static void
hexdump(const char *what, const uint8_t *b, int n)
{
   fprintf(stderr, "%s:", what);
   for (int i = 0; i < n; ++i)
      fprintf(stderr, " %02x", b[i]);
   fprintf(stderr, "\n");
}

static void
test_every_form(void **state)
{
   unsigned failures = 0, empty_forms = 0, checked = 0;

   for (unsigned op = 1; op < AGX_ISA_NUM_OPS; ++op) {
      const struct agx_isa_form *form = &agx_isa_forms[op];
      unsigned valid = 0;

      for (unsigned s = 0; s < SAMPLES_PER_FORM; ++s) {
         uint64_t w[2] = {rng(), rng()};
         /* Vary how many high bytes are zero so short forms appear. */
         if (s & 1)
            w[1] = 0;
         if (s & 2)
            w[0] &= 0xffffffffull;
         w[0] = (w[0] & ~form->mask[0]) | form->bits[0];
         w[1] = (w[1] & ~form->mask[1]) | form->bits[1];
         uint8_t bytes[16];
         for (unsigned i = 0; i < 16; ++i)
            bytes[i] = w[i / 8] >> (8 * (i % 8));

         struct agx_isa_instr x, y, z;
         if (agx_isa_decode(bytes, AGX_ISA_MAX_LENGTH, &x) <= 0 || x.op != op)
            continue;
         valid++;
         checked++;

         uint8_t e[AGX_ISA_MAX_LENGTH], e2[AGX_ISA_MAX_LENGTH];
         int elen = agx_isa_encode(&x, e, sizeof(e));
         if (elen <= 0) {
            fprintf(stderr, "%s: encode failed (%d)\n", form->info.name, elen);
            failures++;
            continue;
         }
         if (agx_isa_decode(e, elen, &y) != elen || !same_instr(&x, &y) ||
             agx_isa_encode(&y, e2, sizeof(e2)) != elen ||
             memcmp(e, e2, elen)) {
            fprintf(stderr, "%s: decode(encode(x)) != x\n", form->info.name);
            hexdump("  bytes", e, elen);
            failures++;
            continue;
         }

         char text[256], err[160];
         if (agx_isa_print(&x, false, 0, text, sizeof(text)) < 0) {
            fprintf(stderr, "%s: print failed\n", form->info.name);
            failures++;
            continue;
         }
         if (!agx_isa_text_is_exact(&x))
            continue; /* applegpu's syntax cannot spell these bits */
         int r = agx_isa_parse(text, &z, err, sizeof(err));
         int zlen = r ? r : agx_isa_encode(&z, e2, sizeof(e2));
         if (zlen != elen || memcmp(e, e2, elen)) {
            fprintf(stderr, "%s: assemble(print(x)) != encode(x): '%s' %s\n",
                    form->info.name, text, r ? err : "");
            hexdump("  want", e, elen);
            if (zlen > 0)
               hexdump("  got ", e2, zlen);
            failures++;
         }
      }
      if (!valid) {
         fprintf(stderr, "%s: no valid instruction generated\n",
                 form->info.name);
         empty_forms++;
      }
   }
   fprintf(stderr, "%u forms, %u instructions checked, %u failures\n",
           AGX_ISA_NUM_OPS - 1, checked, failures);
   assert_int_equal(failures, 0);
   assert_int_equal(empty_forms, 0);
}

static void
test_bad_input(void **state)
{
   struct agx_isa_instr x;
   uint8_t one = 0x88;
   char err[64];

   /* truncated input is an error, not a read past the end */
   assert_int_equal(agx_isa_decode(&one, 1, &x), AGX_ISA_ERR_TRUNCATED);
   assert_int_equal(agx_isa_decode(NULL, 0, &x), AGX_ISA_ERR_TRUNCATED);
   const uint8_t fadd_long[6] = {0x2a, 0x81, 0x42, 0x42, 0x24, 0x00};
   assert_int_equal(agx_isa_decode(fadd_long, 4, &x), AGX_ISA_ERR_TRUNCATED);

   /* image_write_block with texture type 2 and a register: applegpu prints
    * it like type 1 (r7l), which would re-encode as type 1; the bits are
    * refused instead (applegpu's reading of b10e4fb78ee7). */
   const uint8_t block_t2[6] = {0xb1, 0x0e, 0x4f, 0xb7, 0x8e, 0xe7};
   assert_int_equal(agx_isa_decode(block_t2, 6, &x), AGX_ISA_ERR_UNDEFINED);
   const uint8_t block_t1[6] = {0xb1, 0x0e, 0x4f, 0xb7, 0x4e, 0xe7};
   assert_int_equal(agx_isa_decode(block_t1, 6, &x), 6);

   /* stack_map as Mesa packs it (alexvorxx/Mesa-VirGL
    * src/asahi/compiler/agx_pack.c: 0x10075, r2 at 10, imm 0x123 split
    * over 20/32/56, the constant bits 24, 26 and 47, q4 = q5 = 16): bit 26,
    * which applegpu does not read, must survive decode and encode. */
   const uint8_t mesa_map[8] = {0x75, 0x10, 0x31, 0x05,
                                0x02, 0xc0, 0x10, 0x01};
   assert_int_equal(agx_isa_decode(mesa_map, 8, &x), 8);
   assert_int_equal(x.op, AGX_ISA_OP_MAP);
   uint8_t again[AGX_ISA_MAX_LENGTH];
   assert_int_equal(agx_isa_encode(&x, again, sizeof(again)), 8);
   assert_memory_equal(again, mesa_map, 8);

   /* encoder rejects operands that do not fit */
   assert_int_equal(agx_isa_parse("fadd32 r0, r1, r2", &x, err, sizeof(err)),
                    AGX_ISA_OK);
   x.operands[AGX_ISA_FADD32_A].size = 64;
   uint8_t out[AGX_ISA_MAX_LENGTH];
   assert_int_equal(agx_isa_encode(&x, out, sizeof(out)), AGX_ISA_ERR_OPERAND);
   assert_int_equal(agx_isa_parse("iadd r0, 256, r1", &x, err, sizeof(err)),
                    AGX_ISA_ERR_OPERAND);
   assert_int_equal(agx_isa_parse("frobnicate r0", &x, err, sizeof(err)),
                    AGX_ISA_ERR_SYNTAX);
   assert_int_equal(agx_isa_parse("fadd32 r0, r1", &x, err, sizeof(err)),
                    AGX_ISA_ERR_SYNTAX);
}

static void
test_short_form_choice(void **state)
{
   struct agx_isa_instr x;
   char err[64];
   uint8_t out[AGX_ISA_MAX_LENGTH];

   /* applegpu's assembler: fadd32 r0, r1, r2 -> 2a8142422400
    * (dougallj/applegpu README): B's type bits live in the long part, so 6 bytes. */
   assert_int_equal(agx_isa_parse("fadd32 r0, r1, r2", &x, err, sizeof(err)),
                    AGX_ISA_OK);
   assert_int_equal(agx_isa_encode(&x, out, sizeof(out)), 6);
   const uint8_t want[6] = {0x2a, 0x81, 0x42, 0x42, 0x24, 0x00};
   assert_memory_equal(out, want, 6);
   /* A unary op on low registers fits the short form (golden vector
    * "floor r1l, r0h" = 0a044100). */
   assert_int_equal(agx_isa_parse("floor r1l, r0h", &x, err, sizeof(err)),
                    AGX_ISA_OK);
   assert_int_equal(agx_isa_encode(&x, out, sizeof(out)), 4);
   const uint8_t want_floor[4] = {0x0a, 0x04, 0x41, 0x00};
   assert_memory_equal(out, want_floor, 4);
   /* r64 needs the extension bits of the long form */
   assert_int_equal(agx_isa_parse("floor r64, r0h", &x, err, sizeof(err)),
                    AGX_ISA_OK);
   assert_int_equal(agx_isa_encode(&x, out, sizeof(out)), 6);
   assert_true(out[1] & 0x80); /* length bit 15 */
}

static void
test_labels(void **state)
{
   uint8_t *bin;
   size_t size;
   char err[128];
   const char *src = "top: fadd32 r0, r1, r2 ; jmp_exec_any top\n"
                     "jmp_exec_none done # forward\n"
                     "done:\nstop\n";
   assert_int_equal(agx_isa_assemble(src, NULL, &bin, &size, err, sizeof(err)),
                    AGX_ISA_OK);
   assert_int_equal(size, 6 + 6 + 6 + 2);
   struct agx_isa_instr x;
   assert_int_equal(agx_isa_decode(bin + 6, size - 6, &x), 6);
   assert_int_equal(x.op, AGX_ISA_OP_JMP_EXEC_ANY);
   assert_int_equal(x.operands[AGX_ISA_JMP_EXEC_ANY_OFF].value, -6);
   assert_int_equal(agx_isa_decode(bin + 12, size - 12, &x), 6);
   assert_int_equal(x.operands[AGX_ISA_JMP_EXEC_NONE_OFF].value, 6);
   ralloc_free(bin);

   assert_int_equal(agx_isa_assemble("jmp_exec_any nowhere", NULL, &bin, &size,
                                     err, sizeof(err)),
                    AGX_ISA_ERR_SYNTAX);
   assert_non_null(strstr(err, "line 1"));
}

static void
test_builder(void **state)
{
   struct agx_isa_instr x;
   uint8_t out[AGX_ISA_MAX_LENGTH];

   /* fadd32 r0, r1, r2 = 2a8142422400 (dougallj/applegpu README) */
   assert_true(agx_isa_instr_init(&x, AGX_ISA_OP_FADD32));
   x.operands[AGX_ISA_FADD32_D] = agx_isa_reg(0, 32, 0);
   x.operands[AGX_ISA_FADD32_A] = agx_isa_reg(2, 32, 0);
   x.operands[AGX_ISA_FADD32_B] = agx_isa_reg(4, 32, 0);
   assert_int_equal(agx_isa_encode(&x, out, sizeof(out)), 6);
   const uint8_t want[6] = {0x2a, 0x81, 0x42, 0x42, 0x24, 0x00};
   assert_memory_equal(out, want, 6);

   /* defaults are valid: every form encodes straight after init, except
    * where an operand has no "omitted" value (a register) */
   assert_true(agx_isa_instr_init(&x, AGX_ISA_OP_STOP));
   assert_int_equal(agx_isa_encode(&x, out, sizeof(out)), 2);
   assert_int_equal(out[0], 0x88);
   assert_false(agx_isa_instr_init(&x, AGX_ISA_NUM_OPS));
   assert_int_equal(agx_isa_operand_index(AGX_ISA_OP_ICMPSEL, "cc"),
                    AGX_ISA_ICMPSEL_CC);
   assert_int_equal(agx_isa_operand_index(AGX_ISA_OP_ICMPSEL, "Y"),
                    AGX_ISA_ICMPSEL_Y);
   assert_int_equal(agx_isa_operand_index(AGX_ISA_OP_STOP, "D"), -1);

   /* the minifloat formula: sign * (16 + f) * 2^(e - 7), or f / 64 */
   assert_true(agx_isa_minifloat_to_float(0x00) == 0.0f);
   assert_true(agx_isa_minifloat_to_float(0x70) == 16.0f);
   assert_true(agx_isa_minifloat_to_float(0x01) == 1.0f / 64);
   assert_true(agx_isa_minifloat_to_float(0xb8) == -1.5f);
}

/* Encodings published with applegpu's disassembler (its README smoke test,
 * dougallj/applegpu README), for families the golden vectors do not cover,
 * and one worked out from Mesa's packer where applegpu cannot speak. */
static void
test_known_encodings(void **state)
{
   static const struct {
      const char *hex, *text;
   } known[] = {
      {"0501040d00c43200",
       "device_load 0, i32, xy, r0_r1, u2_u3, 0, signed, lsl 1"},
      {"3800", "wait 0"},
      {"8800", "stop"},
      /* A select value in a high uniform, which applegpu cannot show (it
       * drops the uniform's bit 8).  Worked out by hand from Mesa's packer
       * (alexvorxx/Mesa-VirGL src/asahi/compiler/agx_pack.c,
       * agx_pack_cmpsel_src and agx_pack_alu): u200l is half 0x190; its
       * bit 8 goes to bit 6 of the 10-bit source, 0b11 to bits 7-8, bits
       * 6-7 of the number to the extension bits 70-71, so X = 0x1d0 at bit
       * 40 and the long form carries 0x80 in byte 8.  A = r1l (0x42 at
       * 16), B = r2l (0x44 at 28), Y = r3l (0x46 at 52), D = r0l, ueq. */
      {"1280424004d061048000", "icmpsel ueq, r0l, r1l, r2l, u200l, r3l"},
   };

   for (unsigned k = 0; k < sizeof(known) / sizeof(known[0]); ++k) {
      uint8_t bytes[AGX_ISA_MAX_LENGTH], out[AGX_ISA_MAX_LENGTH];
      size_t n = strlen(known[k].hex) / 2;
      for (size_t i = 0; i < n; ++i) {
         unsigned v;
         sscanf(known[k].hex + 2 * i, "%2x", &v);
         bytes[i] = v;
      }
      char text[128], err[128];
      assert_int_equal(agx_isa_disasm_one(bytes, n, text, sizeof(text)), n);
      assert_string_equal(text, known[k].text);

      struct agx_isa_instr x;
      assert_int_equal(agx_isa_parse(known[k].text, &x, err, sizeof(err)),
                       AGX_ISA_OK);
      assert_int_equal(agx_isa_encode(&x, out, sizeof(out)), n);
      assert_memory_equal(out, bytes, n);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_form),
      cmocka_unit_test(test_bad_input),
      cmocka_unit_test(test_short_form_choice),
      cmocka_unit_test(test_labels),
      cmocka_unit_test(test_builder),
      cmocka_unit_test(test_known_encodings),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
