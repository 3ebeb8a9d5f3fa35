/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Encoder: the inverse of agx_isa_decode.c, codec by codec.  Every operand
 * is validated against its form (kind, width, range) and the short form is
 * chosen whenever all set bits fit in it.
 */

#include <string.h>

#include "agx_isa_internal.h"

static unsigned
hint_bits(unsigned flags)
{
   if (flags & AGX_ISA_DISCARD)
      return 3;
   if (flags & AGX_ISA_CACHE)
      return 2;
   return 1;
}

static bool
put(uint64_t w[2], const struct agx_isa_bits *f, uint64_t v)
{
   return agx_isa_field_set(w, f, v);
}

static int
encode_src(const struct agx_isa_operand_desc *d, const struct agx_isa_operand *o,
           uint64_t w[2])
{
   unsigned t, v;
   unsigned tbits = agx_isa_field_width(&d->type);

   switch (o->kind) {
   case AGX_ISA_KIND_IMM:
   case AGX_ISA_KIND_FIMM:
      if ((o->kind == AGX_ISA_KIND_FIMM) != d->is_float ||
          o->value < 0 || o->value > 255 ||
          (o->flags & ~(AGX_ISA_ABS | AGX_ISA_NEG)))
         return AGX_ISA_ERR_OPERAND;
      t = 0;
      v = o->value;
      break;
   case AGX_ISA_KIND_UREG:
      if (o->value < 0 || o->value > 511 ||
          (o->size != 16 && o->size != 32) ||
          (o->size == 32 && (o->value & 1)))
         return AGX_ISA_ERR_OPERAND;
      t = 4 | (o->size == 32 ? 2 : 0) | ((o->value >> 8) & 1);
      v = o->value & 0xff;
      break;
   case AGX_ISA_KIND_REG: {
      unsigned code = o->size == 16 ? 0 : o->size == 32 ? 2 : 3;
      if (o->value < 0 || o->value > 255 || o->size > d->max_size ||
          (o->size != 16 && o->size != 32 && o->size != 64) ||
          (o->size != 16 && (o->value & 1)) || (o->count > 1))
         return AGX_ISA_ERR_OPERAND;
      t = (code << 2) | hint_bits(o->flags);
      v = o->value;
      break;
   }
   default:
      return AGX_ISA_ERR_OPERAND;
   }
   if (t >> tbits)
      return AGX_ISA_ERR_OPERAND;
   put(w, &d->value, v);
   put(w, &d->type, t);

   unsigned m = ((o->flags & AGX_ISA_ABS) ? 1 : 0) |
                ((o->flags & AGX_ISA_NEG) ? 2 : 0);
   if (m && !d->mod.nr)
      return AGX_ISA_ERR_OPERAND;
   if (d->mod.nr)
      put(w, &d->mod, m);
   if ((o->flags & AGX_ISA_SX) && !d->sx.nr)
      return AGX_ISA_ERR_OPERAND;
   if (d->sx.nr)
      put(w, &d->sx, (o->flags & AGX_ISA_SX) ? 1 : 0);
   return AGX_ISA_OK;
}

static int
encode_cmpsel(const struct agx_isa_operand_desc *d,
              const struct agx_isa_operand *o, const struct agx_isa_operand *ref,
              uint64_t w[2])
{
   unsigned t, v;
   unsigned want = ref->size >= 32 ? 32 : 16;

   switch (o->kind) {
   case AGX_ISA_KIND_IMM:
      if (o->value < 0 || o->value > 255)
         return AGX_ISA_ERR_OPERAND;
      t = 4;
      v = o->value;
      break;
   case AGX_ISA_KIND_UREG:
      if (o->size != want || o->value < 0 || o->value > 511 ||
          (want == 32 && (o->value & 1)))
         return AGX_ISA_ERR_OPERAND;
      t = 6 | ((o->value >> 8) & 1);
      v = o->value & 0xff;
      break;
   case AGX_ISA_KIND_REG:
      if (o->size != want || o->value < 0 || o->value > 255 ||
          (want == 32 && (o->value & 1)))
         return AGX_ISA_ERR_OPERAND;
      t = hint_bits(o->flags);
      v = o->value;
      break;
   default:
      return AGX_ISA_ERR_OPERAND;
   }
   if (o->flags & (AGX_ISA_ABS | AGX_ISA_NEG | AGX_ISA_SX))
      return AGX_ISA_ERR_OPERAND;
   put(w, &d->value, v);
   put(w, &d->type, t);
   return AGX_ISA_OK;
}

static bool
fits(int64_t v, unsigned width, bool is_signed)
{
   if (width >= 64)
      return true;
   if (is_signed)
      return v >= -(INT64_C(1) << (width - 1)) &&
             v < (INT64_C(1) << (width - 1));
   return v >= 0 && v < (INT64_C(1) << width);
}

static int
encode_operand(const struct agx_isa_form *form, unsigned i,
               const struct agx_isa_instr *in, uint64_t w[2])
{
   const struct agx_isa_operand_desc *d = &form->operands[i];
   const struct agx_isa_operand *o = &in->operands[i];
   unsigned width = agx_isa_field_width(&d->value);

   switch ((enum agx_isa_codec)d->codec) {
   case AGX_ISA_CODEC_DST: {
      unsigned t = (o->flags & AGX_ISA_CACHE) ? 1 : 0;
      int64_t v = o->value;
      if (o->kind != AGX_ISA_KIND_REG || o->size > d->max_size ||
          (o->count > 1) || v < 0 || v > 255 ||
          (o->flags & ~AGX_ISA_CACHE))
         return AGX_ISA_ERR_OPERAND;
      if (d->type.width[0] == 1) {
         if (o->size != d->max_size || (o->size != 16 && (v & 1)))
            return AGX_ISA_ERR_OPERAND;
      } else if (o->size == 32 || o->size == 64) {
         if (v & 1)
            return AGX_ISA_ERR_OPERAND;
         t |= 2;
         if (o->size == 64)
            v |= 1;
      } else if (o->size != 16) {
         return AGX_ISA_ERR_OPERAND;
      }
      put(w, &d->value, v);
      put(w, &d->type, t);
      return AGX_ISA_OK;
   }
   case AGX_ISA_CODEC_R0L:
      if (o->kind != AGX_ISA_KIND_REG || o->size != 16 || o->value != 0 ||
          (o->flags & ~AGX_ISA_CACHE))
         return AGX_ISA_ERR_OPERAND;
      put(w, &d->type, (o->flags & AGX_ISA_CACHE) ? 1 : 0);
      return AGX_ISA_OK;
   case AGX_ISA_CODEC_SRC:
      return encode_src(d, o, w);
   case AGX_ISA_CODEC_CMPSEL:
      return encode_cmpsel(d, o, &in->operands[d->ref], w);
   case AGX_ISA_CODEC_IMM:
   case AGX_ISA_CODEC_SHIFT:
   case AGX_ISA_CODEC_MASK:
      if (o->kind != AGX_ISA_KIND_IMM || !fits(o->value, width, d->is_signed))
         return AGX_ISA_ERR_OPERAND;
      break;
   case AGX_ISA_CODEC_ENUM:
   case AGX_ISA_CODEC_TRUTH:
      if (o->kind != AGX_ISA_KIND_ENUM || !fits(o->value, width, false))
         return AGX_ISA_ERR_OPERAND;
      break;
   case AGX_ISA_CODEC_FLAG:
      if (o->kind != AGX_ISA_KIND_FLAG || !fits(o->value, width, false))
         return AGX_ISA_ERR_OPERAND;
      break;
   case AGX_ISA_CODEC_OFFSET:
      if (o->kind != AGX_ISA_KIND_OFFSET || !fits(o->value, width, true))
         return AGX_ISA_ERR_OPERAND;
      break;
   case AGX_ISA_CODEC_SREG:
      if (o->kind != AGX_ISA_KIND_SREG || !fits(o->value, width, false))
         return AGX_ISA_ERR_OPERAND;
      break;
   case AGX_ISA_CODEC_REG32:
      if (o->kind != AGX_ISA_KIND_REG || o->size != 32 || (o->value & 1) ||
          !fits(o->value / 2, width, false) || o->flags)
         return AGX_ISA_ERR_OPERAND;
      put(w, &d->value, o->value / 2);
      return AGX_ISA_OK;
   default:
      return AGX_ISA_ERR_OPERAND;
   }
   put(w, &d->value, (uint64_t)o->value);
   return AGX_ISA_OK;
}

int
agx_isa_encode(const struct agx_isa_instr *in, uint8_t *out, size_t capacity)
{
   const struct agx_isa_op_info *info = in ? agx_isa_op_info(in->op) : NULL;
   if (!info || in->nr_operands != info->nr_operands)
      return AGX_ISA_ERR_OPERAND;

   const struct agx_isa_form *form = &agx_isa_forms[in->op];
   uint64_t w[2] = {form->bits[0], form->bits[1]};

   for (unsigned i = 0; i < info->nr_operands; ++i) {
      int err = encode_operand(form, i, in, w);
      if (err)
         return err;
   }

   unsigned len = info->long_length;
   if (info->short_length != info->long_length) {
      bool need_long = false;
      for (unsigned b = info->short_length * 8; b < 128; ++b)
         need_long |= agx_isa_get_bits(w, b, 1) != 0;
      len = need_long ? info->long_length : info->short_length;
      agx_isa_set_bits(w, form->length_bit, 1, need_long);
   }

   if (capacity < len)
      return AGX_ISA_ERR_NOSPACE;
   for (unsigned i = 0; i < len; ++i)
      out[i] = (w[i / 8] >> (8 * (i % 8))) & 0xff;
   return len;
}
