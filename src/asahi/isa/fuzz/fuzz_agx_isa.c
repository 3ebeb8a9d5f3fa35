/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Fuzz target: arbitrary bytes through the decoder, printer, encoder and
 * parser, and the same bytes as assembler source.  Besides "never crash",
 * it checks that whatever decodes re-encodes to bytes that decode to the
 * same instruction, and that printed text assembles back to those bytes.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agx_isa_internal.h"
#include "util/ralloc.h"

static bool
same(const struct agx_isa_instr *a, const struct agx_isa_instr *b)
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
check_instruction(const uint8_t *data, size_t size)
{
   struct agx_isa_instr x, y, z;
   int len = agx_isa_decode(data, size, &x);
   if (len <= 0)
      return;
   if ((size_t)len > size)
      __builtin_trap();

   char text[256];
   if (agx_isa_print(&x, false, 0, text, sizeof(text)) < 0)
      __builtin_trap();

   uint8_t e[AGX_ISA_MAX_LENGTH], e2[AGX_ISA_MAX_LENGTH];
   int elen = agx_isa_encode(&x, e, sizeof(e));
   if (elen <= 0)
      __builtin_trap();
   if (agx_isa_decode(e, elen, &y) != elen || !same(&x, &y))
      __builtin_trap();

   if (!agx_isa_text_is_exact(&x))
      return; /* not expressible in applegpu syntax */
   char err[128];
   if (agx_isa_parse(text, &z, err, sizeof(err)) != AGX_ISA_OK ||
       agx_isa_encode(&z, e2, sizeof(e2)) != elen || memcmp(e, e2, elen))
      __builtin_trap();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   /* As machine code: walk it like the disassembler does. */
   for (size_t pc = 0; pc < size;) {
      struct agx_isa_instr x;
      int len = agx_isa_decode(data + pc, size - pc, &x);
      check_instruction(data + pc, size - pc);
      pc += len > 0 ? (size_t)len : 2;
   }

   /* As a chosen form: the first two bytes pick a form, whose fixed bits
    * are forced onto the next twelve, so every form gets exercised. */
   if (size >= 2 + AGX_ISA_MAX_LENGTH) {
      unsigned op = 1 + (data[0] | data[1] << 8) % (AGX_ISA_NUM_OPS - 1);
      const struct agx_isa_form *form = &agx_isa_forms[op];
      uint8_t forced[AGX_ISA_MAX_LENGTH];
      for (unsigned i = 0; i < AGX_ISA_MAX_LENGTH; ++i) {
         uint8_t m = form->mask[i / 8] >> (8 * (i % 8));
         uint8_t b = form->bits[i / 8] >> (8 * (i % 8));
         forced[i] = (data[2 + i] & ~m) | b;
      }
      check_instruction(forced, sizeof(forced));
   }

   /* As assembly source. */
   char *text = malloc(size + 1);
   if (!text)
      return 0;
   memcpy(text, data, size);
   text[size] = 0;
   uint8_t *bin;
   size_t bin_size;
   char err[128];
   void *ctx = ralloc_context(NULL);
   agx_isa_assemble(text, ctx, &bin, &bin_size, err, sizeof(err));
   ralloc_free(ctx);
   free(text);
   return 0;
}
