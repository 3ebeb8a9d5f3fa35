/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Table layout shared by the generated agx_isa_tables.c and the engine
 * (decode, encode, print, parse).  Nothing here is public API.
 */

#ifndef AGX_ISA_INTERNAL_H
#define AGX_ISA_INTERNAL_H

#include "agx_isa.h"

/* How an operand's bits map to a value; see agx_isa_desc.py. */
enum agx_isa_codec {
   AGX_ISA_CODEC_DST,    /* register destination, 2-bit type */
   AGX_ISA_CODEC_R0L,    /* implicit r0l, cache bit */
   AGX_ISA_CODEC_SRC,    /* ALU source: imm / uniform / register */
   AGX_ISA_CODEC_CMPSEL, /* select value, width from another operand */
   AGX_ISA_CODEC_IMM,    /* integer field */
   AGX_ISA_CODEC_ENUM,   /* named values */
   AGX_ISA_CODEC_FLAG,   /* one-bit modifier */
   AGX_ISA_CODEC_OFFSET, /* signed branch offset */
   AGX_ISA_CODEC_SHIFT,  /* "lsl N" */
   AGX_ISA_CODEC_MASK,   /* "mask 0x.." */
   AGX_ISA_CODEC_TRUTH,  /* 4-bit truth table */
   AGX_ISA_CODEC_SREG,   /* special register */
   AGX_ISA_CODEC_REG32,  /* bare 32-bit register number */
};

enum agx_isa_style {
   AGX_ISA_STYLE_DEC,
   AGX_ISA_STYLE_BIN,
   AGX_ISA_STYLE_HEX,
};

/* A field made of up to 4 pieces of the instruction, least significant
 * piece first. */
struct agx_isa_bits {
   uint8_t nr;
   uint8_t start[4];
   uint8_t width[4];
};

struct agx_isa_enum_name {
   uint32_t value;
   const char *name;
};

struct agx_isa_operand_desc {
   uint8_t codec;     /* enum agx_isa_codec */
   uint8_t print;     /* enum agx_isa_print */
   uint8_t max_size;  /* widest register, 16/32/64 */
   uint8_t style;     /* enum agx_isa_style, for IMM */
   bool is_float;     /* SRC: minifloat immediates, abs/neg */
   bool is_signed;    /* IMM/OFFSET: sign-extend */
   int8_t ref;        /* CMPSEL: operand index whose width it follows */
   const char *text;  /* FLAG: suffix text */
   struct agx_isa_bits value, type, mod, sx;
   uint8_t nr_names;
   const struct agx_isa_enum_name *names;
};

/* One value an alias requires.  For register-like operands `value` is the
 * raw immediate an immediate operand must hold. */
struct agx_isa_alias_cond {
   uint8_t operand;
   int64_t value;
};

struct agx_isa_alias {
   const char *mnemonic;
   uint8_t nr_conds;
   struct agx_isa_alias_cond conds[4];
   uint8_t nr_shown;
   uint8_t shown[AGX_ISA_MAX_OPERANDS];
};

struct agx_isa_form {
   struct agx_isa_op_info info;
   uint8_t length_bit;
   uint64_t mask[2], bits[2]; /* bits 0-63, 64-127 */
   const struct agx_isa_operand_desc *operands;
   uint8_t nr_aliases;
   const struct agx_isa_alias *aliases;
};

/* Generated: indexed by enum agx_isa_op (entry 0 is unused). */
extern const struct agx_isa_form agx_isa_forms[AGX_ISA_NUM_OPS];

/* Forms in decode priority order (first match wins). */
extern const uint16_t agx_isa_decode_order[AGX_ISA_NUM_OPS - 1];

static inline uint64_t
agx_isa_get_bits(const uint64_t w[2], unsigned start, unsigned width)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < width; ++i) {
      unsigned b = start + i;
      v |= ((w[b / 64] >> (b % 64)) & 1ull) << i;
   }
   return v;
}

static inline void
agx_isa_set_bits(uint64_t w[2], unsigned start, unsigned width, uint64_t v)
{
   for (unsigned i = 0; i < width; ++i) {
      unsigned b = start + i;
      w[b / 64] &= ~(1ull << (b % 64));
      w[b / 64] |= ((v >> i) & 1ull) << (b % 64);
   }
}

static inline uint64_t
agx_isa_field_get(const uint64_t w[2], const struct agx_isa_bits *f)
{
   uint64_t v = 0;
   unsigned shift = 0;
   for (unsigned i = 0; i < f->nr; ++i) {
      v |= agx_isa_get_bits(w, f->start[i], f->width[i]) << shift;
      shift += f->width[i];
   }
   return v;
}

static inline unsigned
agx_isa_field_width(const struct agx_isa_bits *f)
{
   unsigned n = 0;
   for (unsigned i = 0; i < f->nr; ++i)
      n += f->width[i];
   return n;
}

/* Returns false if v does not fit the field. */
static inline bool
agx_isa_field_set(uint64_t w[2], const struct agx_isa_bits *f, uint64_t v)
{
   unsigned shift = 0;
   for (unsigned i = 0; i < f->nr; ++i) {
      agx_isa_set_bits(w, f->start[i], f->width[i], v >> shift);
      shift += f->width[i];
   }
   return shift >= 64 || (v >> shift) == 0;
}

/* Length in bytes of `form` given its first bytes (the length bit). */
unsigned agx_isa_form_length(const struct agx_isa_form *form,
                             const uint64_t w[2]);

/* The first alias of `form` whose conditions `instr` meets, or NULL. */
const struct agx_isa_alias *
agx_isa_find_alias(const struct agx_isa_form *form,
                   const struct agx_isa_instr *instr);

#endif /* AGX_ISA_INTERNAL_H */
