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

#define FALLTHROUGH __attribute__((fallthrough))

const struct agx_isa_op_info *
agx_isa_op_info(enum agx_isa_op op)
{
   if (op <= AGX_ISA_OP_NONE || op >= AGX_ISA_NUM_OPS)
      return NULL;
   return &agx_isa_forms[op].info;
}

int
agx_isa_operand_index(enum agx_isa_op op, const char *name)
{
   const struct agx_isa_op_info *info = agx_isa_op_info(op);
   for (unsigned i = 0; info && name && i < info->nr_operands; ++i) {
      if (!strcmp(info->operands[i].name, name))
         return i;
   }
   return -1;
}

const char *
agx_isa_error_string(int error)
{
   switch (error) {
   case AGX_ISA_OK:
      return "ok";
   case AGX_ISA_ERR_TRUNCATED:
      return "truncated instruction";
   case AGX_ISA_ERR_UNKNOWN:
      return "unknown instruction";
   case AGX_ISA_ERR_UNDEFINED:
      return "undefined operand encoding";
   case AGX_ISA_ERR_OPERAND:
      return "operand does not fit the instruction";
   case AGX_ISA_ERR_NOSPACE:
      return "buffer too small";
   case AGX_ISA_ERR_SYNTAX:
      return "syntax error";
   default:
      return "unknown error";
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
      o->count = d->count; /* 2 for paired sources */
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
decode_regimm(const struct agx_isa_operand_desc *d, const uint64_t w[2],
              const struct agx_isa_instr *instr, struct agx_isa_operand *o)
{
   uint64_t v = agx_isa_field_get(w, &d->value);
   unsigned width = agx_isa_field_width(&d->value);
   int64_t t = d->type_ref >= 0 ? instr->operands[d->type_ref].value
                                : (int64_t)agx_isa_field_get(w, &d->type);
   int kind = agx_isa_choice_for(d, t);

   o->count = 1;
   switch (kind) {
   case AGX_ISA_CHOICE_EMPTY:
      if (v)
         return AGX_ISA_ERR_UNDEFINED;
      o->kind = AGX_ISA_KIND_NONE;
      return AGX_ISA_OK;
   case AGX_ISA_CHOICE_R16:
   case AGX_ISA_CHOICE_U16:
   case AGX_ISA_CHOICE_U16HI:
      if (v > 255)
         return AGX_ISA_ERR_UNDEFINED;
      o->kind =
         kind == AGX_ISA_CHOICE_R16 ? AGX_ISA_KIND_REG : AGX_ISA_KIND_UREG;
      o->size = 16;
      o->value = v + (kind == AGX_ISA_CHOICE_U16HI ? 256 : 0);
      return AGX_ISA_OK;
   case AGX_ISA_CHOICE_R32:
   case AGX_ISA_CHOICE_R64:
   case AGX_ISA_CHOICE_U64:
      if ((v & 1) || v > (kind == AGX_ISA_CHOICE_U64 ? 511u : 255u))
         return AGX_ISA_ERR_UNDEFINED;
      o->kind =
         kind == AGX_ISA_CHOICE_U64 ? AGX_ISA_KIND_UREG : AGX_ISA_KIND_REG;
      o->size = kind == AGX_ISA_CHOICE_R32 ? 32 : 64;
      o->value = v;
      return AGX_ISA_OK;
   case AGX_ISA_CHOICE_R32X2:
   case AGX_ISA_CHOICE_U64X2:
      o->kind =
         kind == AGX_ISA_CHOICE_R32X2 ? AGX_ISA_KIND_REG : AGX_ISA_KIND_UREG;
      o->size = kind == AGX_ISA_CHOICE_R32X2 ? 32 : 64;
      o->value = v * 2;
      return o->value <= 511 ? AGX_ISA_OK : AGX_ISA_ERR_UNDEFINED;
   case AGX_ISA_CHOICE_U64X4:
      o->kind = AGX_ISA_KIND_UREG;
      o->size = 64;
      o->value = v * 4;
      return o->value <= 511 ? AGX_ISA_OK : AGX_ISA_ERR_UNDEFINED;
   case AGX_ISA_CHOICE_IMM:
   case AGX_ISA_CHOICE_SIMM:
      o->kind = AGX_ISA_KIND_IMM;
      o->size = width;
      o->value =
         kind == AGX_ISA_CHOICE_SIMM ? sign_extend(v, width) : (int64_t)v;
      return AGX_ISA_OK;
   case AGX_ISA_CHOICE_ZR16:
      if (v) {
         o->kind = AGX_ISA_KIND_REG;
         o->size = 16;
         o->value = v;
         return v > 255 ? AGX_ISA_ERR_UNDEFINED : AGX_ISA_OK;
      }
      FALLTHROUGH;
   case AGX_ISA_CHOICE_ZERO:
      if (v)
         return AGX_ISA_ERR_UNDEFINED;
      o->kind = AGX_ISA_KIND_IMM;
      o->size = width;
      o->value = 0;
      return AGX_ISA_OK;
   case AGX_ISA_CHOICE_TS:
   case AGX_ISA_CHOICE_SS:
   case AGX_ISA_CHOICE_CF:
      o->kind = kind == AGX_ISA_CHOICE_TS   ? AGX_ISA_KIND_TEXTURE_STATE
                : kind == AGX_ISA_CHOICE_SS ? AGX_ISA_KIND_SAMPLER_STATE
                                            : AGX_ISA_KIND_CF;
      o->size = 32;
      o->value = v;
      return AGX_ISA_OK;
   default:
      return AGX_ISA_ERR_UNDEFINED;
   }
}

unsigned
agx_isa_run_count(const struct agx_isa_operand_desc *d, const uint64_t w[2],
                  const struct agx_isa_instr *instr)
{
   uint64_t aux = agx_isa_field_get(w, &d->aux);
   switch (d->count_mode) {
   case AGX_ISA_COUNT_MASK:
      return __builtin_popcountll(instr->operands[d->ref].value & 0xf);
   case AGX_ISA_COUNT_FIELD:
      return (aux ? aux : 4) * d->count;
   case AGX_ISA_COUNT_ZS:
      return ((aux & 1) ? 2 : 0) + ((aux & 2) ? 1 : 0);
   case AGX_ISA_COUNT_SELECT:
      return instr->operands[d->ref].value ? d->count2 : d->count;
   default:
      return d->count;
   }
}

static int
decode_regrun(const struct agx_isa_operand_desc *d, const uint64_t w[2],
              const struct agx_isa_instr *instr, struct agx_isa_operand *o)
{
   uint64_t v = agx_isa_field_get(w, &d->value);

   if (d->present.nr && !agx_isa_field_get(w, &d->present)) {
      if (v)
         return AGX_ISA_ERR_UNDEFINED;
      o->kind = AGX_ISA_KIND_NONE;
      return AGX_ISA_OK;
   }
   o->count = agx_isa_run_count(d, w, instr);
   if (d->type_uniform) {
      o->kind = agx_isa_field_get(w, &d->type) ? AGX_ISA_KIND_UREG
                                               : AGX_ISA_KIND_REG;
      o->size = 32;
      o->value = v * 2;
      /* the run must lie inside r0-r127 / u0-u255 */
      if (o->value + 2 * o->count > (o->kind == AGX_ISA_KIND_REG ? 256 : 512))
         return AGX_ISA_ERR_UNDEFINED;
      return AGX_ISA_OK;
   }
   o->kind = AGX_ISA_KIND_REG;
   o->size =
      d->type.nr ? (agx_isa_field_get(w, &d->type) ? 32 : 16) : d->max_size;
   if (d->count_mode == AGX_ISA_COUNT_ZS && !o->count)
      return AGX_ISA_ERR_UNDEFINED;
   /* 32-bit runs ignore the low bit of the number, as applegpu does */
   o->value = o->size == 16 ? v : (v & ~1ull);
   return AGX_ISA_OK;
}

static int
decode_coords(const struct agx_isa_operand_desc *d, const uint64_t w[2],
              const struct agx_isa_instr *instr, struct agx_isa_operand *o)
{
   const uint8_t *dims = agx_isa_tex_dims[instr->operands[d->ref].value & 15];
   uint64_t v = agx_isa_field_get(w, &d->value);
   bool is16 = agx_isa_field_get(w, &d->type);

   if (!dims[0] || instr->operands[d->ref].value > 15)
      return AGX_ISA_ERR_UNDEFINED;
   o->kind = AGX_ISA_KIND_REG;
   if (is16) {
      o->size = 16;
      o->count = dims[0] + dims[1];
   } else if (dims[1]) {
      /* sample index and array index, 16 bits each, packed after the
       * 32-bit coordinates in that order (a 2D MS array has both; fact:
       * alexvorxx/Mesa-VirGL src/asahi/lib/agx_nir_lower_texture.c) */
      o->size = 16;
      o->count = dims[0] * 2 + dims[1];
   } else {
      o->size = 32;
      o->count = dims[0];
      v &= ~1ull;
   }
   o->value = v;
   if (agx_isa_field_get(w, &d->mod))
      o->flags |= AGX_ISA_DISCARD;
   return AGX_ISA_OK;
}

static int
decode_lod(const struct agx_isa_operand_desc *d, const uint64_t w[2],
           const struct agx_isa_instr *instr, struct agx_isa_operand *o)
{
   uint64_t v = agx_isa_field_get(w, &d->value);
   int64_t mode = instr->operands[d->ref2].value;
   int64_t n = instr->operands[d->ref].value;

   switch (mode) {
   case 0:
      if (v)
         return AGX_ISA_ERR_UNDEFINED;
      o->kind = AGX_ISA_KIND_IMM;
      o->size = agx_isa_field_width(&d->value);
      o->value = 0;
      return AGX_ISA_OK;
   case 4:
   case 12:
      /* gradients: two per coordinate, plus a minimum LOD */
      if (n > 15 || !agx_isa_tex_dims[n][0])
         return AGX_ISA_ERR_UNDEFINED;
      o->kind = AGX_ISA_KIND_REG;
      o->size = 32;
      o->count = agx_isa_tex_dims[n][0] * 2 + (mode == 12);
      o->value = v & ~1ull;
      return AGX_ISA_OK;
   case 1:
   case 2:
   case 5:
   case 6:
      o->kind = mode < 4 ? AGX_ISA_KIND_UREG : AGX_ISA_KIND_REG;
      o->size = 16;
      o->value = v;
      return AGX_ISA_OK;
   default:
      return AGX_ISA_ERR_UNDEFINED;
   }
}

static int
decode_cmpoff(const struct agx_isa_operand_desc *d, const uint64_t w[2],
              const struct agx_isa_instr *instr, struct agx_isa_operand *o)
{
   uint64_t v = agx_isa_field_get(w, &d->value);
   bool has_offset = agx_isa_field_get(w, &d->type);
   bool has_compare = instr->operands[d->ref].value != 0;

   /* compare value (32-bit) first, then the packed offsets (16-bit) */
   if (has_compare && (v & 1))
      return AGX_ISA_ERR_UNDEFINED;
   o->kind = AGX_ISA_KIND_REG;
   o->size = has_compare ? 32 : 16;
   o->count = has_compare + has_offset;
   o->value = v;
   return AGX_ISA_OK;
}

static int
decode_operand(const struct agx_isa_form *form, unsigned i, const uint64_t w[2],
               struct agx_isa_instr *out)
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
      o->count = d->count; /* 2 for paired destinations */
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
   case AGX_ISA_CODEC_REGRUN:
      return decode_regrun(d, w, out, o);
   case AGX_ISA_CODEC_REGIMM:
      return decode_regimm(d, w, out, o);
   case AGX_ISA_CODEC_COORDS:
      return decode_coords(d, w, out, o);
   case AGX_ISA_CODEC_LOD:
      return decode_lod(d, w, out, o);
   case AGX_ISA_CODEC_CMPOFF:
      return decode_cmpoff(d, w, out, o);
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

/* Every register operand, runs included, must lie inside the register file
 * (r0-r127, u0-u255; values count 16-bit halves).  Encodings whose fields
 * reach past it name registers that do not exist. */
static bool
registers_in_file(const struct agx_isa_instr *instr)
{
   for (unsigned i = 0; i < instr->nr_operands; ++i) {
      const struct agx_isa_operand *o = &instr->operands[i];
      if (o->kind != AGX_ISA_KIND_REG && o->kind != AGX_ISA_KIND_UREG)
         continue;
      int64_t halves = (int64_t)(o->count ? o->count : 1) * (o->size / 16);
      int64_t limit = o->kind == AGX_ISA_KIND_REG ? 256 : 512;
      if (o->value < 0 || o->value + halves > limit)
         return false;
   }
   return true;
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

   unsigned first = agx_isa_first_byte_start[bytes[0]];
   unsigned last = agx_isa_first_byte_start[bytes[0] + 1];
   for (unsigned k = first; k < last; ++k) {
      enum agx_isa_op op = agx_isa_by_first_byte[k];
      const struct agx_isa_form *form = &agx_isa_forms[op];
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

      out->op = op;
      out->length = len;
      out->nr_operands = form->info.nr_operands;
      /* Operands that depend on others (widths, counts, types) go last. */
      for (unsigned pass = 0; pass < 2; ++pass) {
         for (unsigned i = 0; i < form->info.nr_operands; ++i) {
            if (agx_isa_operand_is_dependent(&form->operands[i]) != pass)
               continue;
            int err = decode_operand(form, i, m, out);
            if (err) {
               memset(out, 0, sizeof(*out));
               return err;
            }
         }
      }
      if (!registers_in_file(out)) {
         memset(out, 0, sizeof(*out));
         return AGX_ISA_ERR_UNDEFINED;
      }
      return len;
   }
   return AGX_ISA_ERR_UNKNOWN;
}
