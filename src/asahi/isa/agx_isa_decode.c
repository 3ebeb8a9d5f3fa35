/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Decoder: find the first form whose fixed bits match, then turn each
 * operand's bits into a structured operand according to its codec.
 * Register-source rules follow applegpu's ALUSrc/ALUDst/CmpselSrc
 * (dougallj/applegpu, applegpu.py); encodings it documents as UNDEFINED
 * are rejected with AGX_ISA_ERR_UNDEFINED.
 */

#include <string.h>

#include "agx_isa_internal.h"

const struct agx_isa_op_info *
agx_isa_op_info(enum agx_isa_op op)
{
   if (op <= AGX_ISA_OP_NONE || op >= AGX_ISA_NUM_OPS)
      return NULL;
   return &agx_isa_forms[op].info;
}

const char *
agx_isa_error_string(int error)
{
   switch (error) {
   case AGX_ISA_OK: return "ok";
   case AGX_ISA_ERR_TRUNCATED: return "truncated instruction";
   case AGX_ISA_ERR_UNKNOWN: return "unknown instruction";
   case AGX_ISA_ERR_UNDEFINED: return "undefined operand encoding";
   case AGX_ISA_ERR_OPERAND: return "operand does not fit the instruction";
   case AGX_ISA_ERR_NOSPACE: return "buffer too small";
   case AGX_ISA_ERR_SYNTAX: return "syntax error";
   default: return "unknown error";
   }
}

static int64_t
sign_extend(uint64_t v, unsigned bits)
{
   if (bits == 0 || bits >= 64)
      return (int64_t)v;
   uint64_t sign = 1ull << (bits - 1);
   return (int64_t)((v ^ sign) - sign);
}

static unsigned
hint_flags(unsigned hint)
{
   /* 01: none, 10: cache, 11: discard */
   return hint == 2 ? AGX_ISA_CACHE : hint == 3 ? AGX_ISA_DISCARD : 0;
}

static int
decode_src(const struct agx_isa_operand_desc *d, const uint64_t w[2],
           struct agx_isa_operand *o)
{
   unsigned v = agx_isa_field_get(w, &d->value);
   unsigned t = agx_isa_field_get(w, &d->type);

   if (t == 0) {
      o->kind = d->is_float ? AGX_ISA_KIND_FIMM : AGX_ISA_KIND_IMM;
      o->size = 8;
      o->value = v;
   } else if ((t & 0xc) == 0x4) {
      unsigned half = v | ((t & 1) << 8);
      o->kind = AGX_ISA_KIND_UREG;
      o->size = (t & 2) ? 32 : 16;
      o->value = (t & 2) ? (half & ~1u) : half;
   } else if (t & 3) {
      unsigned code = t >> 2;
      o->kind = AGX_ISA_KIND_REG;
      o->flags |= hint_flags(t & 3);
      if (d->max_size >= 64 && code == 3) {
         if (v & 1)
            return AGX_ISA_ERR_UNDEFINED;
         o->size = 64;
      } else if (d->max_size >= 32 && code >= 2) {
         o->size = 32;
         v &= ~1u;
      } else {
         o->size = 16;
      }
      o->value = v;
   } else {
      return AGX_ISA_ERR_UNDEFINED;
   }

   if (d->mod.nr) {
      unsigned m = agx_isa_field_get(w, &d->mod);
      if (m & 1)
         o->flags |= AGX_ISA_ABS;
      if (m & 2)
         o->flags |= AGX_ISA_NEG;
   }
   /* .sx is meaningless on immediates (always zero-extended) */
   if (d->sx.nr && agx_isa_field_get(w, &d->sx) && o->kind != AGX_ISA_KIND_IMM)
      o->flags |= AGX_ISA_SX;
   return AGX_ISA_OK;
}

static int
decode_cmpsel(const struct agx_isa_operand_desc *d, const uint64_t w[2],
              const struct agx_isa_operand *ref, struct agx_isa_operand *o)
{
   unsigned v = agx_isa_field_get(w, &d->value);
   unsigned t = agx_isa_field_get(w, &d->type);
   bool is32 = ref->size >= 32;

   if (t == 4) {
      o->kind = AGX_ISA_KIND_IMM;
      o->size = 8;
      o->value = v;
   } else if (t >= 1 && t <= 3) {
      if (is32 && (v & 1))
         return AGX_ISA_ERR_UNDEFINED;
      o->kind = AGX_ISA_KIND_REG;
      o->size = is32 ? 32 : 16;
      o->value = v;
      o->flags = hint_flags(t);
   } else if (t == 6 || t == 7) {
      unsigned half = v | ((t & 1) << 8);
      if (is32 && (half & 1))
         return AGX_ISA_ERR_UNDEFINED;
      o->kind = AGX_ISA_KIND_UREG;
      o->size = is32 ? 32 : 16;
      o->value = half;
   } else {
      return AGX_ISA_ERR_UNDEFINED;
   }
   return AGX_ISA_OK;
}

static int
decode_operand(const struct agx_isa_form *form, unsigned i,
               const uint64_t w[2], struct agx_isa_instr *out)
{
   const struct agx_isa_operand_desc *d = &form->operands[i];
   struct agx_isa_operand *o = &out->operands[i];
   uint64_t raw = agx_isa_field_get(w, &d->value);
   unsigned width = agx_isa_field_width(&d->value);

   memset(o, 0, sizeof(*o));
   o->count = 1;

   switch ((enum agx_isa_codec)d->codec) {
   case AGX_ISA_CODEC_DST: {
      unsigned t = agx_isa_field_get(w, &d->type);
      o->kind = AGX_ISA_KIND_REG;
      if (t & 1)
         o->flags |= AGX_ISA_CACHE;
      if (d->type.width[0] == 1) {
         /* the width bit is part of the opcode */
         o->size = d->max_size;
         o->value = d->max_size == 16 ? raw : (raw & ~1ull);
      } else if ((t & 2) && d->max_size >= 32) {
         o->size = ((raw & 1) && d->max_size >= 64) ? 64 : 32;
         o->value = raw & ~1ull;
      } else {
         o->size = 16;
         o->value = raw;
      }
      return AGX_ISA_OK;
   }
   case AGX_ISA_CODEC_R0L:
      o->kind = AGX_ISA_KIND_REG;
      o->size = 16;
      o->value = 0;
      if (agx_isa_field_get(w, &d->type))
         o->flags |= AGX_ISA_CACHE;
      return AGX_ISA_OK;
   case AGX_ISA_CODEC_SRC:
      return decode_src(d, w, o);
   case AGX_ISA_CODEC_CMPSEL:
      return decode_cmpsel(d, w, &out->operands[d->ref], o);
   case AGX_ISA_CODEC_IMM:
   case AGX_ISA_CODEC_SHIFT:
   case AGX_ISA_CODEC_MASK:
      o->kind = AGX_ISA_KIND_IMM;
      o->size = width;
      o->value = d->is_signed ? sign_extend(raw, width) : (int64_t)raw;
      return AGX_ISA_OK;
   case AGX_ISA_CODEC_ENUM:
   case AGX_ISA_CODEC_TRUTH:
      o->kind = AGX_ISA_KIND_ENUM;
      o->size = width;
      o->value = raw;
      return AGX_ISA_OK;
   case AGX_ISA_CODEC_FLAG:
      o->kind = AGX_ISA_KIND_FLAG;
      o->size = 1;
      o->value = raw;
      return AGX_ISA_OK;
   case AGX_ISA_CODEC_OFFSET:
      o->kind = AGX_ISA_KIND_OFFSET;
      o->size = width;
      o->value = sign_extend(raw, width);
      return AGX_ISA_OK;
   case AGX_ISA_CODEC_SREG:
      o->kind = AGX_ISA_KIND_SREG;
      o->size = 32;
      o->value = raw;
      return AGX_ISA_OK;
   case AGX_ISA_CODEC_REG32:
      o->kind = AGX_ISA_KIND_REG;
      o->size = 32;
      o->value = raw * 2;
      return AGX_ISA_OK;
   }
   return AGX_ISA_ERR_UNDEFINED;
}

unsigned
agx_isa_form_length(const struct agx_isa_form *form, const uint64_t w[2])
{
   if (form->info.short_length == form->info.long_length)
      return form->info.short_length;
   return agx_isa_get_bits(w, form->length_bit, 1) ? form->info.long_length
                                                    : form->info.short_length;
}

int
agx_isa_decode(const uint8_t *bytes, size_t avail, struct agx_isa_instr *out)
{
   uint64_t w[2] = {0, 0};

   memset(out, 0, sizeof(*out));
   if (!bytes || avail < 2)
      return AGX_ISA_ERR_TRUNCATED;

   size_t n = avail < AGX_ISA_MAX_LENGTH ? avail : AGX_ISA_MAX_LENGTH;
   for (size_t i = 0; i < n; ++i)
      w[i / 8] |= (uint64_t)bytes[i] << (8 * (i % 8));

   for (unsigned k = 0; k < AGX_ISA_NUM_OPS - 1; ++k) {
      const struct agx_isa_form *form = &agx_isa_forms[agx_isa_decode_order[k]];
      unsigned len = agx_isa_form_length(form, w);
      uint64_t m[2] = {w[0], w[1]};

      /* Only the instruction's own bytes take part in matching. */
      for (unsigned b = len * 8; b < 128; b += 8)
         agx_isa_set_bits(m, b, 8, 0);

      if ((m[0] & form->mask[0]) != form->bits[0] ||
          (m[1] & form->mask[1]) != form->bits[1])
         continue;

      if (len > avail)
         return AGX_ISA_ERR_TRUNCATED;

      out->op = agx_isa_decode_order[k];
      out->length = len;
      out->nr_operands = form->info.nr_operands;
      for (unsigned i = 0; i < form->info.nr_operands; ++i) {
         int err = decode_operand(form, i, m, out);
         if (err) {
            memset(out, 0, sizeof(*out));
            return err;
         }
      }
      return len;
   }
   return AGX_ISA_ERR_UNKNOWN;
}
