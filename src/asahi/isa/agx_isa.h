/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The AGX (Apple G13) instruction set as a C library.
 *
 * Every encoding is written down once, as data, in agx_isa_desc.py.  At
 * build time agx_isa_gen.py turns it into tables (agx_isa_opcodes.h and
 * agx_isa_tables.c); the decoder, encoder, printer and parser in this
 * directory only interpret those tables, so they cannot disagree.
 *
 * The structured instruction
 * --------------------------
 * A decoded instruction is an opcode (one per encoding *form* in the
 * description, e.g. AGX_ISA_OP_IADD and AGX_ISA_OP_ISUB are two forms) plus
 * an ordered array of operands.  The order is the order of the description,
 * which is applegpu's printed order followed by modifiers; for each op the
 * generated header defines the index of every operand, e.g.
 * AGX_ISA_FADD32_D, AGX_ISA_FADD32_A, AGX_ISA_FADD32_B, AGX_ISA_FADD32_S,
 * AGX_ISA_ICMPSEL_CC.  Look operands up by these names, not by position.
 * Modifiers that applegpu prints in the mnemonic (.sat) or not at all (dfdx's
 * kill bit) are operands too, of kind AGX_ISA_KIND_FLAG / AGX_ISA_KIND_IMM;
 * agx_isa_op_info() says how each one is printed.
 *
 * Registers are numbered in 16-bit halves, like the hardware: r5l is 10,
 * r5h is 11, r5 (32-bit) is 10 with size 32, r4_r5 (64-bit) is 8 with size
 * 64.  Uniforms use the same numbering (u7h is 15).  Register runs used by
 * memory and texture instructions have count > 1 (r0_r1_r2_r3 is value 0,
 * size 32, count 4).
 *
 * A few operands need a convention beyond "kind + value":
 *  - register runs (memory data, varyings, texture results and
 *    coordinates) are REG with count > 1; a run with count 0 (e.g. a
 *    memory op with an empty mask) prints as nothing;
 *  - paired operands (simd_matrix_fmadd*) are REG runs of count 2;
 *  - the texture "O" operand holds the 32-bit depth-compare register
 *    (when the `compare` operand is set, size 32) followed by a 16-bit
 *    offset register at value + 2 (count 2), or only one of them
 *    (count 1; size 16 means offset only);
 *  - the texture "U" operand (a 64-bit uniform heap base) is present
 *    exactly when "T" is an index into that heap (bit 1 of T's type);
 *    otherwise it is NONE and T is a state register (tsN) or a 16-bit
 *    register.  The encoder picks T's type from whether U is present;
 *  - an operand that is absent in this encoding (atomic "R" with no
 *    return value, iter "S" at pixel centre) has kind NONE.
 *
 * Syntax
 * ------
 * Text is applegpu's syntax (github.com/dougallj/applegpu): the mnemonic,
 * one space, and operands joined by ", ", e.g.
 *    fadd16 r110l, r10l.abs.neg, r18l.neg
 * Branch targets print as pc+N / pc-N (bytes from the start of the branch),
 * or as an absolute 0x%X address when a pc is supplied.
 *
 * Errors
 * ------
 * No function here aborts on bad input: they return a negative
 * enum agx_isa_error.
 */

#ifndef AGX_ISA_H
#define AGX_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agx_isa_opcodes.h" /* generated: enum agx_isa_op, operand indices */

#ifdef __cplusplus
extern "C" {
#endif

/* Longest instruction, in bytes. */
#define AGX_ISA_MAX_LENGTH 12

/* Most operands (printed and modifier) of any form. */
#define AGX_ISA_MAX_OPERANDS 20

enum agx_isa_error {
   AGX_ISA_OK = 0,
   /* Fewer bytes available than the instruction's length. */
   AGX_ISA_ERR_TRUNCATED = -1,
   /* No form in the description matches these bits. */
   AGX_ISA_ERR_UNKNOWN = -2,
   /* A form matched but an operand field holds an encoding documented as
    * undefined (e.g. a register source with hint bits 00). */
   AGX_ISA_ERR_UNDEFINED = -3,
   /* Encoder: an operand's kind, size or value does not fit the form. */
   AGX_ISA_ERR_OPERAND = -4,
   /* Encoder/printer: output buffer too small. */
   AGX_ISA_ERR_NOSPACE = -5,
   /* Assembler: the text does not parse. */
   AGX_ISA_ERR_SYNTAX = -6,
};

enum agx_isa_kind {
   AGX_ISA_KIND_NONE = 0,
   /* General-purpose register (run); value in 16-bit halves. */
   AGX_ISA_KIND_REG,
   /* Uniform register; value in 16-bit halves.  Same for all lanes. */
   AGX_ISA_KIND_UREG,
   /* Integer immediate (zero-extended unless the form says signed). */
   AGX_ISA_KIND_IMM,
   /* 8-bit float immediate ("minifloat"): value is the raw 8 bits; see
    * agx_isa_minifloat_to_float(). */
   AGX_ISA_KIND_FIMM,
   /* Special register number (get_sr). */
   AGX_ISA_KIND_SREG,
   /* Texture / sampler state slot, coefficient register. */
   AGX_ISA_KIND_TEXTURE_STATE,
   AGX_ISA_KIND_SAMPLER_STATE,
   AGX_ISA_KIND_CF,
   /* A named choice: condition code, truth table, convert mode, memory
    * format, texture dimension, LOD mode...; value is the raw field. */
   AGX_ISA_KIND_ENUM,
   /* Branch offset: signed bytes from the start of this instruction. */
   AGX_ISA_KIND_OFFSET,
   /* One-bit modifier such as .sat (value 0/1). */
   AGX_ISA_KIND_FLAG,
};

/* Operand modifiers (agx_isa_operand::flags). */
#define AGX_ISA_CACHE (1u << 0)   /* .cache: keep in the register cache */
#define AGX_ISA_DISCARD (1u << 1) /* .discard: last use, drop from cache */
#define AGX_ISA_ABS (1u << 2)     /* .abs (float source, applied first) */
#define AGX_ISA_NEG (1u << 3)     /* .neg (float source, after .abs) */
#define AGX_ISA_SX (1u << 4)      /* .sx: sign-extend the integer source */

struct agx_isa_operand {
   enum agx_isa_kind kind;
   /* REG/UREG: bits per element, 16, 32 or 64; IMM: field width. */
   uint8_t size;
   /* REG: number of consecutive elements (1 unless a register run). */
   uint8_t count;
   /* AGX_ISA_CACHE | ... */
   uint16_t flags;
   /* Register half index, immediate, enum raw value, branch offset... */
   int64_t value;
};

struct agx_isa_instr {
   enum agx_isa_op op;
   /* Length in bytes (2..12); the encoder picks it (short when possible). */
   uint8_t length;
   uint8_t nr_operands;
   struct agx_isa_operand operands[AGX_ISA_MAX_OPERANDS];
};

/* How an operand of a form appears in text. */
enum agx_isa_print {
   AGX_ISA_PRINT_OPERAND = 0, /* one comma-separated operand */
   AGX_ISA_PRINT_SUFFIX,      /* mnemonic suffix when set (".sat") */
   AGX_ISA_PRINT_HIDDEN,      /* never printed (e.g. dfdx kill) */
};

struct agx_isa_operand_info {
   const char *name; /* applegpu's field name: "D", "A", "cc", "S"... */
   enum agx_isa_print print;
   /* The instruction writes this operand (destinations, loaded data);
    * every other register operand is read.  Compilers use it to tell
    * definitions from uses. */
   bool writes;
   /* Kinds this operand can take (AGX_ISA_ACCEPTS_*), so that a compiler
    * knows where a uniform or an immediate may replace a register. */
   uint8_t accepts;
};

#define AGX_ISA_ACCEPTS_REG  (1u << 0) /* general register */
#define AGX_ISA_ACCEPTS_UREG (1u << 1) /* uniform register */
#define AGX_ISA_ACCEPTS_IMM  (1u << 2) /* integer immediate (8-bit sources) */
#define AGX_ISA_ACCEPTS_FIMM (1u << 3) /* 8-bit float immediate */

struct agx_isa_op_info {
   const char *name;     /* form name, unique: "mov_imm32", "call_reg" */
   const char *mnemonic; /* printed mnemonic: "mov_imm", "call" */
   uint8_t short_length, long_length;
   uint8_t nr_operands;
   const struct agx_isa_operand_info *operands;
};

/*
 * Start building an instruction: sets op and nr_operands and gives every
 * operand the value it has when omitted from the text (immediate 0, enum 0,
 * flag clear, empty run...).  Returns false if op is out of range.
 */
bool agx_isa_instr_init(struct agx_isa_instr *instr, enum agx_isa_op op);

/* Operand constructors.  Registers are numbered in 16-bit halves. */
static inline struct agx_isa_operand
agx_isa_reg(unsigned half, unsigned size, unsigned flags)
{
   struct agx_isa_operand o = {AGX_ISA_KIND_REG, (uint8_t)size, 1,
                               (uint16_t)flags, (int64_t)half};
   return o;
}

static inline struct agx_isa_operand
agx_isa_reg_run(unsigned half, unsigned size, unsigned count)
{
   struct agx_isa_operand o = {AGX_ISA_KIND_REG, (uint8_t)size, (uint8_t)count,
                               0, (int64_t)half};
   return o;
}

static inline struct agx_isa_operand
agx_isa_ureg(unsigned half, unsigned size)
{
   struct agx_isa_operand o = {AGX_ISA_KIND_UREG, (uint8_t)size, 1, 0,
                               (int64_t)half};
   return o;
}

static inline struct agx_isa_operand
agx_isa_imm(int64_t value, unsigned width)
{
   struct agx_isa_operand o = {AGX_ISA_KIND_IMM, (uint8_t)width, 1, 0, value};
   return o;
}

/* 8-bit float immediate from its raw bits (see agx_isa_minifloat_to_float) */
static inline struct agx_isa_operand
agx_isa_fimm(uint8_t bits)
{
   struct agx_isa_operand o = {AGX_ISA_KIND_FIMM, 8, 1, 0, bits};
   return o;
}

static inline struct agx_isa_operand
agx_isa_enum(int64_t raw, unsigned width)
{
   struct agx_isa_operand o = {AGX_ISA_KIND_ENUM, (uint8_t)width, 1, 0, raw};
   return o;
}

static inline struct agx_isa_operand
agx_isa_flag(bool set)
{
   struct agx_isa_operand o = {AGX_ISA_KIND_FLAG, 1, 1, 0, set ? 1 : 0};
   return o;
}

static inline struct agx_isa_operand
agx_isa_offset(int64_t bytes)
{
   struct agx_isa_operand o = {AGX_ISA_KIND_OFFSET, 0, 1, 0, bytes};
   return o;
}

/* Static information about an opcode, or NULL if op is out of range. */
const struct agx_isa_op_info *agx_isa_op_info(enum agx_isa_op op);

/* Index of the operand called `name` ("D", "A", "cc"...) in op's operand
 * array, or -1.  The generated AGX_ISA_<FORM>_<NAME> macros give the same
 * numbers at compile time. */
int agx_isa_operand_index(enum agx_isa_op op, const char *name);

/*
 * Decode one instruction from `avail` bytes.  Returns its length in bytes
 * (> 0) and fills *out, or returns a negative enum agx_isa_error.  Never
 * reads beyond bytes[avail - 1].
 */
int agx_isa_decode(const uint8_t *bytes, size_t avail,
                   struct agx_isa_instr *out);

/*
 * Encode *in into out[0..capacity).  Picks the short form when every
 * non-zero bit fits in it.  Returns the length in bytes or a negative
 * enum agx_isa_error.  in->length is ignored.
 */
int agx_isa_encode(const struct agx_isa_instr *in, uint8_t *out,
                   size_t capacity);

/*
 * Print a structured instruction in applegpu syntax (no newline) into
 * buf[0..size).  has_pc: print branch targets as absolute addresses from
 * `pc`; otherwise as pc+N.  Returns the text length or a negative error.
 */
int agx_isa_print(const struct agx_isa_instr *instr, bool has_pc, uint64_t pc,
                  char *buf, size_t size);

/*
 * Decode and print one instruction.  Returns the instruction's length or a
 * negative enum agx_isa_error (then buf holds a short description).
 */
int agx_isa_disasm_one(const uint8_t *bytes, size_t avail, char *buf,
                       size_t size);

/*
 * Parse one instruction in applegpu syntax into *out.  Branch operands must
 * be pc+N / pc-N here; labels are resolved by agx_isa_assemble().  Returns
 * AGX_ISA_OK or a negative error, with a message in err[0..err_size).
 */
int agx_isa_parse(const char *text, struct agx_isa_instr *out, char *err,
                  size_t err_size);

/*
 * Assemble a program: instructions separated by newlines or `;`; `#` and
 * `//` start comments; `name:` defines a label that branch operands may
 * name (jmp_exec_any done).  On success returns AGX_ISA_OK, and
 * *binary (allocated with ralloc under mem_ctx) / *size_B hold the code.
 * On failure, err holds "line N: message".
 */
int agx_isa_assemble(const char *source, void *mem_ctx, uint8_t **binary,
                     size_t *size_B, char *err, size_t err_size);

/* Value of an 8-bit float immediate. */
float agx_isa_minifloat_to_float(uint8_t bits);

/* Name of an error code, for messages. */
const char *agx_isa_error_string(int error);

#ifdef __cplusplus
}
#endif

#endif /* AGX_ISA_H */
