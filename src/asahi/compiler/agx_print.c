/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* IR printer: one instruction per line, `name operand, operand...`, with
 * values as %N (size and element count after a colon when not 32x1). */

#include <inttypes.h>

#include "agx_compiler.h"

static const char *
op_name(unsigned op)
{
   switch (op) {
   case AGX_OP_COLLECT:
      return "collect";
   case AGX_OP_SPLIT:
      return "split";
   case AGX_OP_MOV:
      return "mov";
   case AGX_OP_PHI:
      return "phi";
   case AGX_OP_PRELOAD:
      return "preload";
   default: {
      const struct agx_isa_op_info *info = agx_isa_op_info(op);
      return info ? info->name : "?";
   }
   }
}

static void
print_operand(FILE *fp, const agx_instr *I, unsigned i)
{
   const agx_operand *o = &I->ops[i];
   if (!agx_is_pseudo(I->op)) {
      const struct agx_isa_op_info *info = agx_isa_op_info(I->op);
      if (o->kind == AGX_ISA_KIND_ENUM || o->kind == AGX_ISA_KIND_FLAG ||
          (o->kind == AGX_ISA_KIND_IMM && o->size != 8 && o->size != 16 &&
           o->size != 32))
         fprintf(fp, "%s=", info->operands[i].name);
   }
   if (o->flags & AGX_ISA_ABS)
      fprintf(fp, "|");
   if (o->flags & AGX_ISA_NEG)
      fprintf(fp, "-");

   switch ((unsigned)o->kind) {
   case AGX_KIND_SSA:
      fprintf(fp, "%%%" PRId64, o->value);
      break;
   case AGX_ISA_KIND_REG:
      fprintf(fp, "r%" PRId64 "%s", o->value / 2,
              o->size == 16 ? ((o->value & 1) ? "h" : "l") : "");
      break;
   case AGX_ISA_KIND_UREG:
      fprintf(fp, "u%" PRId64 "%s", o->value / 2,
              o->size == 16 ? ((o->value & 1) ? "h" : "l") : "");
      break;
   case AGX_ISA_KIND_FIMM:
      fprintf(fp, "#%g", agx_isa_minifloat_to_float((uint8_t)o->value));
      break;
   case AGX_ISA_KIND_CF:
      fprintf(fp, "cf%" PRId64, o->value);
      break;
   case AGX_KIND_BLOCK:
      fprintf(fp, "block%" PRId64, o->value);
      break;
   case AGX_ISA_KIND_NONE:
      fprintf(fp, "_");
      break;
   default:
      fprintf(fp, "#0x%" PRIx64, (uint64_t)o->value);
      break;
   }

   if ((o->kind == AGX_KIND_SSA || o->kind == AGX_ISA_KIND_REG) &&
       (o->size != 32 || o->count != 1))
      fprintf(fp, ":%ux%u", o->size, o->count);
   if (o->flags & AGX_ISA_ABS)
      fprintf(fp, "|");
}

void
agx_print_instr(FILE *fp, const agx_instr *I)
{
   fprintf(fp, "   %s", op_name(I->op));
   bool first = true;
   /* destinations first, then the rest */
   for (unsigned pass = 0; pass < 2; ++pass) {
      agx_foreach_op(I, i)
      {
         bool is_dest = (I->writes >> i) & 1;
         if (is_dest != (pass == 0))
            continue;
         if (I->ops[i].kind == AGX_ISA_KIND_NONE && !agx_is_pseudo(I->op))
            continue;
         fprintf(fp, first ? " " : ", ");
         print_operand(fp, I, i);
         first = false;
      }
      if (pass == 0 && !first)
         fprintf(fp, " =");
   }
   fprintf(fp, "\n");
}

void
agx_print_shader(FILE *fp, const agx_context *ctx)
{
   agx_foreach_block(ctx, blk)
   {
      fprintf(fp, "block%u", blk->index);
      if (blk->nr_preds) {
         fprintf(fp, " (from");
         for (unsigned i = 0; i < blk->nr_preds; ++i)
            fprintf(fp, " block%u", blk->preds[i]->index);
         fprintf(fp, ")");
      }
      fprintf(fp, ":\n");
      agx_foreach_instr(blk, I) agx_print_instr(fp, I);
      if (blk->succs[0]) {
         fprintf(fp, "   -> block%u", blk->succs[0]->index);
         if (blk->succs[1])
            fprintf(fp, " block%u", blk->succs[1]->index);
         fprintf(fp, "\n");
      }
   }
}
