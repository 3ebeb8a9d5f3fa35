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
   AGX_ISA_CODEC_REGRUN, /* run of registers; count from mask/field */
   AGX_ISA_CODEC_REGIMM, /* register/immediate/state chosen by a type */
   AGX_ISA_CODEC_COORDS, /* texture coordinates; count from dimension */
   AGX_ISA_CODEC_LOD,    /* LOD / bias / gradient source */
   AGX_ISA_CODEC_CMPOFF, /* depth-compare value and texel offset */
};

/* What a REGIMM type value selects. */
enum agx_isa_choice_kind {
   AGX_ISA_CHOICE_EMPTY, /* nothing (printed as nothing) */
   AGX_ISA_CHOICE_R16,   /* 16-bit GPR, value = half */
   AGX_ISA_CHOICE_R32,   /* 32-bit GPR, value = half (even) */
   AGX_ISA_CHOICE_R32X2, /* 32-bit GPR, value = register number */
   AGX_ISA_CHOICE_R64,   /* 64-bit GPR pair, value = half (even) */
   AGX_ISA_CHOICE_U16,   /* 16-bit uniform, value = half */
   AGX_ISA_CHOICE_U16HI, /* 16-bit uniform, value = half - 256 */
   AGX_ISA_CHOICE_U64,   /* 64-bit uniform pair, value = half (even) */
   AGX_ISA_CHOICE_U64X2, /* 64-bit uniform pair, value = 32-bit number */
   AGX_ISA_CHOICE_U64X4, /* 64-bit uniform pair, value = 64-bit number */
   AGX_ISA_CHOICE_IMM,   /* unsigned immediate */
   AGX_ISA_CHOICE_SIMM,  /* sign-extended immediate */
   AGX_ISA_CHOICE_ZERO,  /* immediate 0 (value bits must be 0) */
   AGX_ISA_CHOICE_ZR16,  /* immediate 0 if the value is 0, else 16-bit GPR */
   AGX_ISA_CHOICE_TS,    /* texture state register */
   AGX_ISA_CHOICE_SS,    /* sampler state register */
   AGX_ISA_CHOICE_CF,    /* coefficient register */
};

/* How a REGRUN's element count is found. */
enum agx_isa_count_mode {
   AGX_ISA_COUNT_FIXED, /* `count` */
   AGX_ISA_COUNT_MASK,  /* popcount of operand `ref` (4-bit mask) */
   AGX_ISA_COUNT_FIELD, /* aux field, 0 meaning 4, times `count` */
   AGX_ISA_COUNT_ZS,    /* aux bit 0 (z) counts 2, bit 1 (s) counts 1 */
   AGX_ISA_COUNT_SELECT, /* `count` if operand `ref` is 0, else `count2` */
};

/* A choice whose type is AGX_ISA_CHOICE_ANY applies when no other does. */
#define AGX_ISA_CHOICE_ANY 0xff

struct agx_isa_choice {
   uint8_t type;
   uint8_t kind; /* enum agx_isa_choice_kind */
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
   uint8_t codec;    /* enum agx_isa_codec */
   uint8_t print;    /* enum agx_isa_print */
   uint8_t max_size; /* widest register, 16/32/64 */
   uint8_t style;    /* enum agx_isa_style, for IMM */
   bool is_float;    /* SRC: minifloat immediates, abs/neg */
   bool is_signed;   /* IMM/OFFSET: sign-extend */
   /* CMPSEL: operand whose width it follows; REGRUN: mask operand;
    * COORDS/LOD: dimension operand; CMPOFF: compare operand. */
   int8_t ref;
   int8_t ref2;      /* LOD: the LOD-mode operand */
   const char *text; /* FLAG: suffix text */
   struct agx_isa_bits value, type, mod, sx;
   /* REGRUN: count field (aux) and presence bit (present) */
   struct agx_isa_bits aux, present;
   uint8_t count_mode; /* enum agx_isa_count_mode */
   uint8_t count, count2;
   /* REGRUN: the type bit picks uniform (1) or GPR (0) 32-bit registers,
    * numbered in 32-bit units */
   bool type_uniform;
   /* REGIMM: type value -> operand kind; type_ref >= 0 takes the type from
    * another operand's value instead of own bits. */
   int8_t type_ref;
   /* REGIMM: the type bits belong to another operand; only read them */
   bool shared_type;
   /* REGIMM: bit 1 of the type says whether operand `ref` is present
    * (texture T and its uniform base U); -1 if unused. */
   uint8_t nr_choices;
   struct agx_isa_choice choices[4];
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

/* Texture dimensions by the 4-bit dimension enum: coordinate count (0 if
 * undefined) and extra array-index/sample components. */
extern const uint8_t agx_isa_tex_dims[16][2];

/* Forms in decode priority order (first match wins). */
extern const uint16_t agx_isa_decode_order[AGX_ISA_NUM_OPS - 1];

/* The same order restricted to forms whose fixed bits allow a given first
 * byte (a decoding shortcut). */
extern const uint16_t agx_isa_first_byte_start[257];
extern const uint16_t agx_isa_by_first_byte[];

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

/* Does the operand's decoding read another operand? */
static inline bool
agx_isa_operand_is_dependent(const struct agx_isa_operand_desc *d)
{
   return d->codec == AGX_ISA_CODEC_CMPSEL ||
          (d->codec == AGX_ISA_CODEC_REGRUN &&
           (d->count_mode == AGX_ISA_COUNT_MASK ||
            d->count_mode == AGX_ISA_COUNT_SELECT)) ||
          (d->codec == AGX_ISA_CODEC_REGIMM &&
           (d->type_ref >= 0 || d->shared_type)) ||
          d->codec == AGX_ISA_CODEC_COORDS || d->codec == AGX_ISA_CODEC_LOD ||
          d->codec == AGX_ISA_CODEC_CMPOFF;
}

/* The REGIMM choice kind for type value t, or -1. */
static inline int
agx_isa_choice_for(const struct agx_isa_operand_desc *d, int64_t t)
{
   int any = -1;
   for (unsigned i = 0; i < d->nr_choices; ++i) {
      if (d->choices[i].type == t)
         return d->choices[i].kind;
      if (d->choices[i].type == AGX_ISA_CHOICE_ANY)
         any = d->choices[i].kind;
   }
   return any;
}

/* Element count of a REGRUN operand as encoded. */
unsigned agx_isa_run_count(const struct agx_isa_operand_desc *d,
                           const uint64_t w[2],
                           const struct agx_isa_instr *instr);

/* False if printing `instr` loses bits (hidden modifiers, the number of an
 * empty register run), so the text cannot assemble back to it. */
bool agx_isa_text_is_exact(const struct agx_isa_instr *instr);

/* The first alias of `form` whose conditions `instr` meets, or NULL. */
const struct agx_isa_alias *
agx_isa_find_alias(const struct agx_isa_form *form,
                   const struct agx_isa_instr *instr);

#endif /* AGX_ISA_INTERNAL_H */
