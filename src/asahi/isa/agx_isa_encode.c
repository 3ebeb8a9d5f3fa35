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
encode_src(const struct agx_isa_operand_desc *d,
           const struct agx_isa_operand *o, uint64_t w[2])
{
   unsigned t, v;
   unsigned tbits = agx_isa_field_width(&d->type);

   switch (o->kind) {
   case AGX_ISA_KIND_IMM:
   case AGX_ISA_KIND_FIMM:
      if ((o->kind == AGX_ISA_KIND_FIMM) != d->is_float || o->value < 0 ||
          o->value > 255 || (o->flags & ~(AGX_ISA_ABS | AGX_ISA_NEG)))
         return AGX_ISA_ERR_OPERAND;
      t = 0;
      v = o->value;
      break;
   case AGX_ISA_KIND_UREG:
      if (o->value < 0 || o->value > 511 || o->count != 1 ||
          (o->size != 16 && o->size != 32) || (o->size == 32 && (o->value & 1)))
         return AGX_ISA_ERR_OPERAND;
      t = 4 | (o->size == 32 ? 2 : 0) | ((o->value >> 8) & 1);
      v = o->value & 0xff;
      break;
   case AGX_ISA_KIND_REG: {
      unsigned code = o->size == 16 ? 0 : o->size == 32 ? 2 : 3;
      if (o->value < 0 || o->value > 255 || o->size > d->max_size ||
          (o->size != 16 && o->size != 32 && o->size != 64) ||
          (o->size != 16 && (o->value & 1)) || o->count != d->count)
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

   unsigned m =
      ((o->flags & AGX_ISA_ABS) ? 1 : 0) | ((o->flags & AGX_ISA_NEG) ? 2 : 0);
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
              const struct agx_isa_operand *o,
              const struct agx_isa_operand *ref, uint64_t w[2])
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

static bool fits(int64_t v, unsigned width, bool is_signed);

/* Does operand o have the kind a REGIMM choice produces?  Sets *v to the
 * field value. */
static bool
choice_matches(unsigned kind, const struct agx_isa_operand *o, unsigned width,
               uint64_t *v)
{
   int64_t x = o->value;
   if (o->flags || (o->count > 1))
      return false;
   switch (kind) {
   case AGX_ISA_CHOICE_EMPTY:
      *v = 0;
      return o->kind == AGX_ISA_KIND_NONE;
   case AGX_ISA_CHOICE_R16:
      *v = x;
      return o->kind == AGX_ISA_KIND_REG && o->size == 16;
   case AGX_ISA_CHOICE_U16:
      *v = x;
      return o->kind == AGX_ISA_KIND_UREG && o->size == 16;
   case AGX_ISA_CHOICE_U16HI:
      *v = x - 256;
      return o->kind == AGX_ISA_KIND_UREG && o->size == 16 && x >= 256;
   case AGX_ISA_CHOICE_R32:
      *v = x;
      return o->kind == AGX_ISA_KIND_REG && o->size == 32 && !(x & 1);
   case AGX_ISA_CHOICE_R64:
      *v = x;
      return o->kind == AGX_ISA_KIND_REG && o->size == 64 && !(x & 1);
   case AGX_ISA_CHOICE_U64:
      *v = x;
      return o->kind == AGX_ISA_KIND_UREG && o->size == 64 && !(x & 1);
   case AGX_ISA_CHOICE_R32X2:
      *v = x / 2;
      return o->kind == AGX_ISA_KIND_REG && o->size == 32 && !(x & 1);
   case AGX_ISA_CHOICE_U64X2:
      *v = x / 2;
      return o->kind == AGX_ISA_KIND_UREG && o->size == 64 && !(x & 1);
   case AGX_ISA_CHOICE_U64X4:
      *v = x / 4;
      return o->kind == AGX_ISA_KIND_UREG && o->size == 64 && !(x & 3);
   case AGX_ISA_CHOICE_IMM:
      *v = x;
      return o->kind == AGX_ISA_KIND_IMM && fits(x, width, false);
   case AGX_ISA_CHOICE_SIMM:
      *v = x & ((width >= 64 ? 0 : (UINT64_C(1) << width)) - 1);
      return o->kind == AGX_ISA_KIND_IMM && fits(x, width, true);
   case AGX_ISA_CHOICE_ZERO:
      *v = 0;
      return o->kind == AGX_ISA_KIND_IMM && x == 0;
   case AGX_ISA_CHOICE_ZR16:
      *v = x;
      return (o->kind == AGX_ISA_KIND_IMM && x == 0) ||
             (o->kind == AGX_ISA_KIND_REG && o->size == 16 && x != 0);
   case AGX_ISA_CHOICE_TS:
      *v = x;
      return o->kind == AGX_ISA_KIND_TEXTURE_STATE;
   case AGX_ISA_CHOICE_SS:
      *v = x;
      return o->kind == AGX_ISA_KIND_SAMPLER_STATE;
   case AGX_ISA_CHOICE_CF:
      *v = x;
      return o->kind == AGX_ISA_KIND_CF;
   }
   return false;
}

static int
encode_regimm(const struct agx_isa_operand_desc *d,
              const struct agx_isa_instr *in, const struct agx_isa_operand *o,
              uint64_t w[2])
{
   unsigned width = agx_isa_field_width(&d->value);
   /* The type is fixed by another operand when it is shared or taken from
    * another operand's value. */
   int64_t fixed_type = -1;
   if (d->type_ref >= 0)
      fixed_type = in->operands[d->type_ref].value;
   else if (d->shared_type)
      fixed_type = agx_isa_field_get(w, &d->type);

   for (unsigned i = 0; i < d->nr_choices; ++i) {
      uint64_t v;
      if (fixed_type >= 0 &&
          agx_isa_choice_for(d, fixed_type) != d->choices[i].kind)
         continue;
      /* type bit 1 mirrors whether operand `ref` is present */
      if (d->ref >= 0 && !!(d->choices[i].type & 2) !=
                            (in->operands[d->ref].kind != AGX_ISA_KIND_NONE))
         continue;
      if (!choice_matches(d->choices[i].kind, o, width, &v) ||
          !fits(v, width, false))
         continue;
      put(w, &d->value, v);
      if (d->type.nr && fixed_type < 0)
         put(w, &d->type, d->choices[i].type);
      return AGX_ISA_OK;
   }
   return AGX_ISA_ERR_OPERAND;
}

static int
encode_regrun(const struct agx_isa_operand_desc *d,
              const struct agx_isa_instr *in, const struct agx_isa_operand *o,
              uint64_t w[2])
{
   if (o->kind == AGX_ISA_KIND_NONE && d->present.nr) {
      put(w, &d->present, 0);
      return AGX_ISA_OK;
   }
   if (d->type_uniform) {
      if ((o->kind != AGX_ISA_KIND_REG && o->kind != AGX_ISA_KIND_UREG) ||
          o->size != 32 || o->flags || (o->value & 1) || o->value < 0 ||
          o->value + 2 * o->count >
             (o->kind == AGX_ISA_KIND_REG ? 256 : 512) ||
          o->count != agx_isa_run_count(d, w, in) ||
          !put(w, &d->value, o->value / 2))
         return AGX_ISA_ERR_OPERAND;
      put(w, &d->type, o->kind == AGX_ISA_KIND_UREG);
      return AGX_ISA_OK;
   }
   if (o->kind != AGX_ISA_KIND_REG || o->flags || o->value < 0 ||
       (o->size != 16 && o->size != 32) || (o->size == 32 && (o->value & 1)) ||
       (!d->type.nr && o->size != d->max_size))
      return AGX_ISA_ERR_OPERAND;
   if (d->present.nr)
      put(w, &d->present, 1);
   if (d->type.nr)
      put(w, &d->type, o->size == 32);

   switch (d->count_mode) {
   case AGX_ISA_COUNT_FIXED:
      if (o->count != d->count)
         return AGX_ISA_ERR_OPERAND;
      break;
   case AGX_ISA_COUNT_MASK:
      if (o->count != __builtin_popcountll(in->operands[d->ref].value & 0xf))
         return AGX_ISA_ERR_OPERAND;
      break;
   case AGX_ISA_COUNT_FIELD: {
      unsigned n = o->count / d->count;
      if (!o->count || o->count % d->count || n > 4)
         return AGX_ISA_ERR_OPERAND;
      put(w, &d->aux, n & 3);
      break;
   }
   case AGX_ISA_COUNT_SELECT:
      if (o->count != agx_isa_run_count(d, w, in))
         return AGX_ISA_ERR_OPERAND;
      break;
   case AGX_ISA_COUNT_ZS:
      if (o->count < 1 || o->count > 3)
         return AGX_ISA_ERR_OPERAND;
      put(w, &d->aux, ((o->count & 2) ? 1 : 0) | ((o->count & 1) ? 2 : 0));
      break;
   }
   if (!put(w, &d->value, o->value))
      return AGX_ISA_ERR_OPERAND;
   return AGX_ISA_OK;
}

static int
encode_coords(const struct agx_isa_operand_desc *d,
              const struct agx_isa_instr *in, const struct agx_isa_operand *o,
              uint64_t w[2])
{
   int64_t n = in->operands[d->ref].value;
   if (n < 0 || n > 15 || !agx_isa_tex_dims[n][0] ||
       o->kind != AGX_ISA_KIND_REG || (o->flags & ~AGX_ISA_DISCARD) ||
       o->value < 0 || o->value > 255)
      return AGX_ISA_ERR_OPERAND;
   unsigned c = agx_isa_tex_dims[n][0], e = agx_isa_tex_dims[n][1];
   unsigned is16;
   if (o->size == 32 && !e && o->count == c && !(o->value & 1))
      is16 = 0;
   else if (o->size == 16 && o->count == c + e)
      is16 = 1;
   else if (o->size == 16 && e && o->count == c * 2 + e)
      is16 = 0; /* 32-bit coordinates, then the extras' halves */
   else if (o->size == 16 && e == 2 && o->count == c * 2 + 1)
      is16 = 0; /* (the older single-extra spelling of MS arrays) */
   else
      return AGX_ISA_ERR_OPERAND;
   put(w, &d->value, o->value);
   put(w, &d->type, is16);
   put(w, &d->mod, (o->flags & AGX_ISA_DISCARD) ? 1 : 0);
   return AGX_ISA_OK;
}

static int
encode_lod(const struct agx_isa_operand_desc *d, const struct agx_isa_instr *in,
           const struct agx_isa_operand *o, uint64_t w[2])
{
   int64_t mode = in->operands[d->ref2].value;
   int64_t n = in->operands[d->ref].value;
   bool ok;

   if (o->flags || o->value < 0 || o->value > 255)
      return AGX_ISA_ERR_OPERAND;
   switch (mode) {
   case 0:
      ok = o->kind == AGX_ISA_KIND_IMM && o->value == 0;
      break;
   case 4:
   case 12:
      ok = n >= 0 && n <= 15 && agx_isa_tex_dims[n][0] &&
           o->kind == AGX_ISA_KIND_REG && o->size == 32 && !(o->value & 1) &&
           o->count == agx_isa_tex_dims[n][0] * 2 + (mode == 12);
      break;
   case 1:
   case 2:
      ok = o->kind == AGX_ISA_KIND_UREG && o->size == 16 && o->count == 1;
      break;
   case 5:
   case 6:
      ok = o->kind == AGX_ISA_KIND_REG && o->size == 16 && o->count == 1;
      break;
   default:
      ok = false;
   }
   if (!ok)
      return AGX_ISA_ERR_OPERAND;
   put(w, &d->value, o->value);
   return AGX_ISA_OK;
}

static int
encode_cmpoff(const struct agx_isa_operand_desc *d,
              const struct agx_isa_instr *in, const struct agx_isa_operand *o,
              uint64_t w[2])
{
   bool has_compare = in->operands[d->ref].value != 0;
   int offset = (int)o->count - has_compare;

   if (o->kind != AGX_ISA_KIND_REG || o->flags || o->value < 0 ||
       o->value > 255 || offset < 0 || offset > 1 ||
       (has_compare && (o->size != 32 || (o->value & 1))) ||
       (!has_compare && o->size != 16))
      return AGX_ISA_ERR_OPERAND;
   put(w, &d->value, o->value);
   put(w, &d->type, offset);
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
          o->count != d->count || v < 0 || v > 255 ||
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
   case AGX_ISA_CODEC_REGRUN:
      return encode_regrun(d, in, o, w);
   case AGX_ISA_CODEC_REGIMM:
      return encode_regimm(d, in, o, w);
   case AGX_ISA_CODEC_COORDS:
      return encode_coords(d, in, o, w);
   case AGX_ISA_CODEC_LOD:
      return encode_lod(d, in, o, w);
   case AGX_ISA_CODEC_CMPOFF:
      return encode_cmpoff(d, in, o, w);
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

   /* Same order as decoding: operands that read others' bits go last. */
   for (unsigned pass = 0; pass < 2; ++pass) {
      for (unsigned i = 0; i < info->nr_operands; ++i) {
         if (agx_isa_operand_is_dependent(&form->operands[i]) != pass)
            continue;
         int err = encode_operand(form, i, in, w);
         if (err)
            return err;
      }
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
