/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Printer: structured instruction -> applegpu syntax.  Operand text rules
 * (register names, hint/modifier order, minifloat values, "lsl N",
 * "mask 0x..", omitted empty operands) follow applegpu's disassembler
 * (dougallj/applegpu, applegpu.py) so that output compares equal.
 */

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "agx_isa_internal.h"

struct out {
   char *buf;
   size_t size, len;
   bool overflow;
};

static void
emit(struct out *o, const char *fmt, ...)
{
   va_list ap;
   size_t room = o->len < o->size ? o->size - o->len : 0;
   va_start(ap, fmt);
   int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
   va_end(ap);
   if (n < 0 || (size_t)n >= room)
      o->overflow = true;
   if (n > 0)
      o->len += n;
}

float
agx_isa_minifloat_to_float(uint8_t bits)
{
   /* sign bit 7, exponent bits 4-6, fraction bits 0-3 */
   unsigned e = (bits >> 4) & 7, f = bits & 0xf;
   float v = e == 0 ? f / 64.0f : (float)(16 + f) * (float)(1u << e) / 128.0f;
   return (bits & 0x80) ? -v : v;
}

/* Python-style shortest text: every minifloat is exact in 6 decimals. */
static void
emit_minifloat(struct out *o, uint8_t bits)
{
   char tmp[32];
   snprintf(tmp, sizeof(tmp), "%.6f", agx_isa_minifloat_to_float(bits));
   size_t n = strlen(tmp);
   while (n > 0 && tmp[n - 1] == '0' && tmp[n - 2] != '.')
      tmp[--n] = 0;
   emit(o, "%s", tmp);
}

static void
emit_reg_name(struct out *o, char prefix, unsigned half, unsigned size)
{
   if (size == 16)
      emit(o, "%c%u%c", prefix, half >> 1, (half & 1) ? 'h' : 'l');
   else
      emit(o, "%c%u", prefix, half >> 1);
}

static void
emit_reg(struct out *o, const struct agx_isa_operand *op)
{
   char prefix = op->kind == AGX_ISA_KIND_UREG ? 'u' : 'r';
   unsigned count = op->count;
   unsigned step = op->size == 16 ? 1 : 2;
   unsigned elems = op->size == 64 ? 2 : 1;
   unsigned size = op->size == 64 ? 32 : op->size;
   unsigned n = 0;

   for (unsigned c = 0; c < count; ++c) {
      for (unsigned e = 0; e < elems; ++e) {
         if (n++)
            emit(o, "_");
         emit_reg_name(o, prefix, op->value + (c * elems + e) * step, size);
      }
   }
}

static void
emit_flags(struct out *o, unsigned flags, bool reg)
{
   if (flags & AGX_ISA_CACHE)
      emit(o, ".cache");
   if (flags & AGX_ISA_DISCARD)
      emit(o, ".discard");
   if ((flags & AGX_ISA_SX) && reg)
      emit(o, ".sx");
   if (flags & AGX_ISA_ABS)
      emit(o, ".abs");
   if (flags & AGX_ISA_NEG)
      emit(o, ".neg");
}

static const char *
enum_name(const struct agx_isa_operand_desc *d, int64_t v)
{
   for (unsigned i = 0; i < d->nr_names; ++i) {
      if (d->names[i].value == v)
         return d->names[i].name;
   }
   return NULL;
}

/* Prints one operand; prints nothing for operands applegpu leaves out. */
static void
emit_operand(struct out *o, const struct agx_isa_operand_desc *d,
             const struct agx_isa_operand *op, bool has_pc, uint64_t pc)
{
   switch ((enum agx_isa_codec)d->codec) {
   case AGX_ISA_CODEC_SHIFT:
      if (op->value)
         emit(o, "lsl %" PRId64, op->value);
      return;
   case AGX_ISA_CODEC_MASK:
      if (op->value)
         emit(o, "mask 0x%" PRIX64, (UINT64_C(1) << op->value) - 1);
      return;
   case AGX_ISA_CODEC_TRUTH:
      for (unsigned i = 0; i < 4; ++i)
         emit(o, "%u", (unsigned)(op->value >> i) & 1);
      return;
   case AGX_ISA_CODEC_SREG: {
      const char *name = enum_name(d, op->value);
      emit(o, "sr%" PRId64, op->value);
      if (name)
         emit(o, " (%s)", name);
      return;
   }
   case AGX_ISA_CODEC_CMPOFF:
      /* 32-bit compare value, then a 16-bit offset word after it */
      if (op->size == 32 && op->count >= 1)
         emit(o, "r%u", (unsigned)(op->value >> 1));
      if (op->count == 2 || (op->size == 16 && op->count == 1)) {
         unsigned half = op->value + (op->size == 32 ? 2 : 0);
         emit(o, "%sr%u%c", op->size == 32 ? "_" : "", half >> 1,
              (half & 1) ? 'h' : 'l');
      }
      return;
   case AGX_ISA_CODEC_ENUM: {
      const char *name = enum_name(d, op->value);
      if (name)
         emit(o, "%s", name);
      else
         emit(o, "%" PRId64, op->value);
      return;
   }
   default:
      break;
   }

   switch (op->kind) {
   case AGX_ISA_KIND_REG:
   case AGX_ISA_KIND_UREG:
      emit_reg(o, op);
      emit_flags(o, op->flags, true);
      return;
   case AGX_ISA_KIND_FIMM:
      emit_minifloat(o, op->value);
      emit_flags(o, op->flags, false);
      return;
   case AGX_ISA_KIND_IMM:
   case AGX_ISA_KIND_FLAG:
      if (d->style == AGX_ISA_STYLE_BIN) {
         emit(o, "0b");
         for (int i = op->size - 1; i >= 0; --i)
            emit(o, "%u", (unsigned)(op->value >> i) & 1);
      } else if (d->style == AGX_ISA_STYLE_HEX) {
         emit(o, "0x%" PRIX64, op->value);
      } else {
         emit(o, "%" PRId64, op->value);
      }
      emit_flags(o, op->flags & ~AGX_ISA_SX, false);
      return;
   case AGX_ISA_KIND_OFFSET:
      if (has_pc)
         emit(o, "0x%" PRIX64, pc + op->value);
      else if (op->value >= 0)
         emit(o, "pc+%" PRId64, op->value);
      else
         emit(o, "pc-%" PRId64, -op->value);
      return;
   case AGX_ISA_KIND_SREG:
      emit(o, "sr%" PRId64, op->value);
      return;
   case AGX_ISA_KIND_TEXTURE_STATE:
      emit(o, "ts%" PRId64, op->value);
      return;
   case AGX_ISA_KIND_SAMPLER_STATE:
      emit(o, "ss%" PRId64, op->value);
      return;
   case AGX_ISA_KIND_CF:
      emit(o, "cf%" PRId64, op->value);
      return;
   case AGX_ISA_KIND_ENUM:
      emit(o, "%" PRId64, op->value);
      return;
   case AGX_ISA_KIND_NONE:
      return;
   }
}

/* True if `op` satisfies an alias condition value. */
static bool
alias_value_matches(const struct agx_isa_operand *op, int64_t v)
{
   if (op->kind == AGX_ISA_KIND_REG || op->kind == AGX_ISA_KIND_UREG)
      return false;
   return op->value == v && !(op->flags & ~AGX_ISA_SX);
}

const struct agx_isa_alias *
agx_isa_find_alias(const struct agx_isa_form *form,
                   const struct agx_isa_instr *instr)
{
   for (unsigned a = 0; a < form->nr_aliases; ++a) {
      const struct agx_isa_alias *alias = &form->aliases[a];
      bool ok = true;
      for (unsigned c = 0; c < alias->nr_conds && ok; ++c) {
         const struct agx_isa_alias_cond *cond = &alias->conds[c];
         ok = alias_value_matches(&instr->operands[cond->operand], cond->value);
      }
      if (ok)
         return alias;
   }
   return NULL;
}

int
agx_isa_print(const struct agx_isa_instr *instr, bool has_pc, uint64_t pc,
              char *buf, size_t size)
{
   struct out o = {buf, size, 0, false};
   const struct agx_isa_op_info *info = agx_isa_op_info(instr->op);

   if (buf && size)
      buf[0] = 0;
   if (!info || instr->nr_operands != info->nr_operands)
      return AGX_ISA_ERR_OPERAND;

   const struct agx_isa_form *form = &agx_isa_forms[instr->op];
   const struct agx_isa_alias *alias = agx_isa_find_alias(form, instr);
   uint8_t order[AGX_ISA_MAX_OPERANDS];
   unsigned nr = 0;

   emit(&o, "%s", alias ? alias->mnemonic : info->mnemonic);
   for (unsigned i = 0; i < info->nr_operands; ++i) {
      if (form->operands[i].print == AGX_ISA_PRINT_SUFFIX &&
          instr->operands[i].value)
         emit(&o, "%s", form->operands[i].text);
      else if (form->operands[i].print == AGX_ISA_PRINT_OPERAND && !alias)
         order[nr++] = i;
   }
   if (alias) {
      nr = alias->nr_shown;
      memcpy(order, alias->shown, nr);
   }

   bool first = true;
   for (unsigned k = 0; k < nr; ++k) {
      unsigned i = order[k];
      char tmp[128];
      struct out t = {tmp, sizeof(tmp), 0, false};
      emit_operand(&t, &form->operands[i], &instr->operands[i], has_pc, pc);
      if (t.overflow)
         return AGX_ISA_ERR_NOSPACE;
      if (!t.len)
         continue;
      emit(&o, "%s%s", first ? " " : ", ", tmp);
      first = false;
   }
   if (o.overflow)
      return AGX_ISA_ERR_NOSPACE;
   return (int)o.len;
}

int
agx_isa_disasm_one(const uint8_t *bytes, size_t avail, char *buf, size_t size)
{
   struct agx_isa_instr instr;
   int len = agx_isa_decode(bytes, avail, &instr);

   if (len < 0) {
      if (buf && size)
         snprintf(buf, size, "<%s>", agx_isa_error_string(len));
      return len;
   }
   int err = agx_isa_print(&instr, false, 0, buf, size);
   return err < 0 ? err : len;
}

bool
agx_isa_text_is_exact(const struct agx_isa_instr *instr)
{
   const struct agx_isa_op_info *info = agx_isa_op_info(instr->op);
   if (!info)
      return false;
   const struct agx_isa_form *form = &agx_isa_forms[instr->op];
   for (unsigned i = 0; i < info->nr_operands; ++i) {
      const struct agx_isa_operand_desc *d = &form->operands[i];
      const struct agx_isa_operand *o = &instr->operands[i];
      if (d->print == AGX_ISA_PRINT_HIDDEN && o->value)
         return false;
      /* a run of no registers prints as nothing, whatever its number */
      if ((d->codec == AGX_ISA_CODEC_REGRUN ||
           d->codec == AGX_ISA_CODEC_CMPOFF) &&
          o->kind == AGX_ISA_KIND_REG && !o->count &&
          (o->value || (d->codec == AGX_ISA_CODEC_REGRUN && o->size != 16)))
         return false;
   }
   return true;
}
