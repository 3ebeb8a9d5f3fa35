/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Shared between the interpreter's files: operand access on top of the ISA
 * library's decoded instruction, and the per-family executors.
 */

#ifndef ASAHI_SIM_INTERNAL_H
#define ASAHI_SIM_INTERNAL_H

#include <stdarg.h>

#include "asahi/isa/agx_isa.h"
#include "asahi_sim.h"

/* What executing one instruction did to control flow. */
struct asahi_sim_exec {
   const struct agx_isa_instr *I;
   /* pc of this instruction (offset from the code base). */
   uint64_t pc;
   /* pc of the next instruction; branches overwrite it. */
   uint64_t next_pc;
};

/* Report an error; returns `status` for tail calls. */
enum asahi_sim_status asahi_sim_error(struct asahi_sim_group *g,
                                      enum asahi_sim_status status,
                                      const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

static inline const struct agx_isa_operand *
asahi_sim_op(const struct agx_isa_instr *I, unsigned idx)
{
   return &I->operands[idx];
}

/* Width in bits of an integer source as the ALU sees it.  Immediates count
 * as 16-bit (applegpu: Immediate's default bit size). */
static inline unsigned
asahi_sim_src_bits(const struct agx_isa_operand *o)
{
   if (o->kind == AGX_ISA_KIND_REG || o->kind == AGX_ISA_KIND_UREG)
      return o->size;
   return 16;
}

static inline uint64_t
asahi_sim_sext(uint64_t v, unsigned bits)
{
   if (bits >= 64)
      return v;
   uint64_t m = 1ull << (bits - 1);
   v &= (m << 1) - 1;
   return (v ^ m) - m;
}

/* Operand access is inline: the executors call it per lane and per
 * operand, and a call into another file per access was a large share of
 * the interpreter's time. */

/* A 16-, 32- or 64-bit value at 16-bit half `half` of a file of nr32
 * 32-bit words (indices wrap). */
static inline uint64_t
asahi_sim_read_file(const uint32_t *words32, unsigned nr32, unsigned half,
                    unsigned bits)
{
   unsigned reg = (half >> 1) % nr32;
   switch (bits) {
   case 16:
      return (words32[reg] >> ((half & 1) * 16)) & 0xffff;
   case 64:
      return words32[reg] | (uint64_t)words32[(reg + 1) % nr32] << 32;
   default:
      return words32[reg];
   }
}

/* Raw bits of a source for one lane, zero-extended. */
static inline uint64_t
asahi_sim_read_raw(const struct asahi_sim_group *g,
                   const struct agx_isa_operand *o, unsigned lane)
{
   switch (o->kind) {
   case AGX_ISA_KIND_REG: {
      unsigned reg = ((unsigned)o->value >> 1) % ASAHI_SIM_GPRS;
      unsigned next = (reg + 1) % ASAHI_SIM_GPRS;
      switch (o->size) {
      case 16:
         return (g->r[reg][lane] >> ((o->value & 1) * 16)) & 0xffff;
      case 64:
         return g->r[reg][lane] | (uint64_t)g->r[next][lane] << 32;
      default:
         return g->r[reg][lane];
      }
   }
   case AGX_ISA_KIND_UREG:
      return asahi_sim_read_file(g->u, ASAHI_SIM_UNIFORMS,
                                 (unsigned)o->value, o->size);
   default:
      return (uint64_t)o->value;
   }
}

/* Integer source: zero-extended, or sign-extended with .sx (registers and
 * uniforms only; immediates are never sign-extended). */
static inline uint64_t
asahi_sim_read_int(const struct asahi_sim_group *g,
                   const struct agx_isa_operand *o, unsigned lane)
{
   uint64_t v = asahi_sim_read_raw(g, o, lane);
   if ((o->flags & AGX_ISA_SX) &&
       (o->kind == AGX_ISA_KIND_REG || o->kind == AGX_ISA_KIND_UREG))
      v = asahi_sim_sext(v, o->size);
   return v;
}

/* Float source as a double: f32 flushed to zero, f16 kept, minifloat
 * exact; then .abs and .neg. */
double asahi_sim_read_float(const struct asahi_sim_group *g,
                            const struct agx_isa_operand *o, unsigned lane);

/* Write a register destination (16, 32 or 64 bits; the value is
 * truncated). */
static inline void
asahi_sim_write(struct asahi_sim_group *g, const struct agx_isa_operand *o,
                unsigned lane, uint64_t value)
{
   if (o->kind != AGX_ISA_KIND_REG)
      return;

   unsigned reg = ((unsigned)o->value >> 1) % ASAHI_SIM_GPRS;
   switch (o->size) {
   case 16:
      asahi_sim_set16(g, (unsigned)o->value % (2 * ASAHI_SIM_GPRS), lane,
                      (uint16_t)value);
      break;
   case 64: {
      unsigned next = (reg + 1) % ASAHI_SIM_GPRS;
      g->r[reg][lane] = (uint32_t)value;
      g->r[next][lane] = (uint32_t)(value >> 32);
      g->written[next / 32] |= 1u << (next % 32);
      break;
   }
   default:
      g->r[reg][lane] = (uint32_t)value;
      break;
   }
   g->written[reg / 32] |= 1u << (reg % 32);
}

/* A 32-bit source resolved once for a whole instruction: each lane's
 * value at lanes[t] (a register), or one value for every lane (a uniform
 * or an immediate, when lanes is NULL).  Only for operands whose reads are
 * their raw bits zero-extended (no .sx, 32-bit registers and uniforms);
 * false for the others, which take the general accessors. */
struct asahi_sim_src32 {
   const uint32_t *lanes;
   uint32_t value;
};

static inline bool
asahi_sim_resolve32(const struct asahi_sim_group *g,
                    const struct agx_isa_operand *o,
                    struct asahi_sim_src32 *s)
{
   switch (o->kind) {
   case AGX_ISA_KIND_REG:
      if (o->size != 32 || (o->flags & AGX_ISA_SX))
         return false;
      s->lanes = g->r[((unsigned)o->value >> 1) % ASAHI_SIM_GPRS];
      s->value = 0;
      return true;
   case AGX_ISA_KIND_UREG:
      if (o->size != 32 || (o->flags & AGX_ISA_SX))
         return false;
      s->lanes = NULL;
      s->value = (uint32_t)asahi_sim_read_raw(g, o, 0);
      return true;
   case AGX_ISA_KIND_IMM:
      if ((uint64_t)o->value > UINT32_MAX)
         return false;
      s->lanes = NULL;
      s->value = (uint32_t)o->value;
      return true;
   default:
      return false;
   }
}

static inline uint32_t
asahi_sim_src32_lane(const struct asahi_sim_src32 *s, unsigned lane)
{
   return s->lanes ? s->lanes[lane] : s->value;
}

/* The lanes of a 32-bit register destination, marked written (when a lane
 * is active, as the per-lane writes would); NULL for other destinations. */
static inline uint32_t *
asahi_sim_dest32(struct asahi_sim_group *g, const struct agx_isa_operand *o)
{
   if (o->kind != AGX_ISA_KIND_REG || o->size != 32)
      return NULL;
   unsigned reg = ((unsigned)o->value >> 1) % ASAHI_SIM_GPRS;
   if (g->exec)
      g->written[reg / 32] |= 1u << (reg % 32);
   return g->r[reg];
}

/* Element k of a register run (16- or 32-bit elements, wrapping at the end
 * of the register file). */
static inline uint32_t
asahi_sim_read_run(const struct asahi_sim_group *g,
                   const struct agx_isa_operand *R, unsigned k, unsigned lane)
{
   unsigned v = (unsigned)R->value;
   if (R->size == 16)
      return asahi_sim_get16(g, (v + k) % (2 * ASAHI_SIM_GPRS), lane);
   return g->r[((v >> 1) + k) % ASAHI_SIM_GPRS][lane];
}

static inline void
asahi_sim_write_run(struct asahi_sim_group *g, const struct agx_isa_operand *R,
                    unsigned k, unsigned lane, uint32_t value)
{
   unsigned v = (unsigned)R->value;
   unsigned reg;
   if (R->size == 16) {
      unsigned half = (v + k) % (2 * ASAHI_SIM_GPRS);
      asahi_sim_set16(g, half, lane, (uint16_t)value);
      reg = half / 2;
   } else {
      reg = ((v >> 1) + k) % ASAHI_SIM_GPRS;
      g->r[reg][lane] = value;
   }
   g->written[reg / 32] |= 1u << (reg % 32);
}

/* Execute the decoded instruction x->I through the families below;
 * "<form> is not executed by the simulator" when none takes it. */
enum asahi_sim_status asahi_sim_execute(struct asahi_sim_group *g,
                                        struct asahi_sim_exec *x);

/* Families. Each returns ASAHI_SIM_RUNNING unless it ends the run. */
enum asahi_sim_status asahi_sim_exec_int(struct asahi_sim_group *g,
                                         struct asahi_sim_exec *x);
enum asahi_sim_status asahi_sim_exec_float(struct asahi_sim_group *g,
                                           struct asahi_sim_exec *x);
enum asahi_sim_status asahi_sim_exec_control(struct asahi_sim_group *g,
                                             struct asahi_sim_exec *x);
enum asahi_sim_status asahi_sim_exec_simd(struct asahi_sim_group *g,
                                          struct asahi_sim_exec *x);
enum asahi_sim_status asahi_sim_exec_reduce(struct asahi_sim_group *g,
                                            struct asahi_sim_exec *x);
enum asahi_sim_status asahi_sim_exec_memory(struct asahi_sim_group *g,
                                            struct asahi_sim_exec *x);
enum asahi_sim_status asahi_sim_exec_frag(struct asahi_sim_group *g,
                                          struct asahi_sim_exec *x);
enum asahi_sim_status asahi_sim_exec_texture(struct asahi_sim_group *g,
                                             struct asahi_sim_exec *x);

/* image_write_block: store the tile through a PBE (asahi_sim_pbe.c). */
enum asahi_sim_status asahi_sim_exec_block_store(struct asahi_sim_group *g,
                                                 const struct agx_isa_instr *I);

/* Device/stack/local memory access with fault handling (see
 * asahi_sim_memory.c).  Returns false when the run must stop. */
bool asahi_sim_mem_access(struct asahi_sim_group *g, uint64_t va, void *data,
                          size_t size, bool write, enum asahi_sim_unit unit);

/* Integer and float comparisons (condition = cc | ccn << 3).  Both
 * order their operands into one outcome and look the condition up in one
 * table of the outcomes it accepts. */
enum asahi_sim_order {
   ASAHI_SIM_LT = 1 << 0,
   ASAHI_SIM_EQ = 1 << 1,
   ASAHI_SIM_GT = 1 << 2,
   ASAHI_SIM_B_NAN = 1 << 3, /* b is NaN, a is not */
   ASAHI_SIM_A_NAN = 1 << 4,
};

/* Whether condition cond (bits 0-2 the relation, bit 3 inverts) holds for
 * an outcome; *valid false for a relation with no meaning. */
static inline bool
asahi_sim_cond_holds(unsigned cond, enum asahi_sim_order order, bool *valid)
{
   /* applegpu fcompare_thread / icompare_thread: 0 eq, 1 lt, 2 gt, 5
    * gte, 6 lte, IEEE ordered, so NaN fails them all.  3 and 7 ("NaN
    * loses" lt/gt) follow Metal's fmin/fmax-style ordering: a NaN
    * operand makes the comparison favour the other value.  That reading
    * is inferred from the names only (low confidence). */
   static const uint8_t accepts[8] = {
      [0] = ASAHI_SIM_EQ,
      [1] = ASAHI_SIM_LT,
      [2] = ASAHI_SIM_GT,
      [3] = ASAHI_SIM_LT | ASAHI_SIM_B_NAN,
      [5] = ASAHI_SIM_GT | ASAHI_SIM_EQ,
      [6] = ASAHI_SIM_LT | ASAHI_SIM_EQ,
      [7] = ASAHI_SIM_GT | ASAHI_SIM_B_NAN,
   };
   unsigned mask = accepts[cond & 7];

   *valid = mask != 0;
   return *valid && ((mask & order) != 0) != ((cond & 8) != 0);
}

static inline bool
asahi_sim_icompare(unsigned cond, uint64_t a, unsigned a_bits, uint64_t b,
                   unsigned b_bits, bool *valid)
{
   /* applegpu icompare_thread: bit 2 compares signed, bits 0-1 pick
    * eq/lt/gt (3 is undefined), bit 3 inverts.  Signed order is the
    * unsigned order of the sign-extended values with the sign bit
    * flipped. */
   if ((cond & 3) == 3) {
      *valid = false;
      return false;
   }
   if (cond & 4) {
      a = asahi_sim_sext(a, a_bits) ^ (1ull << 63);
      b = asahi_sim_sext(b, b_bits) ^ (1ull << 63);
   }
   return asahi_sim_cond_holds(cond & ~4u,
                               a < b   ? ASAHI_SIM_LT
                               : a > b ? ASAHI_SIM_GT
                                       : ASAHI_SIM_EQ,
                               valid);
}

bool asahi_sim_fcompare(unsigned cond, double a, double b, bool *valid);

/* Compare operands A and B of lane `lane` under condition cc, as floats or
 * as integers of the operands' widths.  Stores the outcome in *result and
 * returns ASAHI_SIM_RUNNING, or reports an undefined condition. */
enum asahi_sim_status asahi_sim_lane_compare(struct asahi_sim_group *g,
                                             unsigned cc, bool is_float,
                                             const struct agx_isa_operand *A,
                                             const struct agx_isa_operand *B,
                                             unsigned lane, bool *result);

/* icmpsel / fcmpsel: select X or Y by comparing A and B. */
enum asahi_sim_status asahi_sim_exec_cmpsel(struct asahi_sim_group *g,
                                            const struct agx_isa_instr *I,
                                            bool is_float);

/* The lanes of g->exec in increasing order.  The mask is read once, before
 * the first lane: no executor changes g->exec inside such a loop (the
 * control family computes the new mask apart and stores it after its
 * loop).  Only the set bits are visited: a group of one quad (a small
 * primitive, the last vertices of a draw) costs 4 iterations, not 32. */
#define foreach_active_lane(g, lane)                                           \
   for (uint32_t lane##_left = (g)->exec, lane = 0;                            \
        lane##_left && ((lane = (uint32_t)__builtin_ctz(lane##_left)), true);  \
        lane##_left &= lane##_left - 1)

#endif /* ASAHI_SIM_INTERNAL_H */
