/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The AGX IR.
 *
 * One IR instruction is one hardware instruction: its opcode is a form of
 * the ISA description (enum agx_isa_op) and its operands are exactly that
 * form's operands, at the indices the generated AGX_ISA_<FORM>_<NAME>
 * macros give.  Which operands are written comes from the description too
 * (agx_isa_operand_info::writes).  Only register operands are abstract
 * until register allocation: kind AGX_KIND_SSA names a value (an SSA value,
 * or after out-of-SSA a variable with several definitions) of `count`
 * elements of `size` bits; allocation replaces it by AGX_ISA_KIND_REG.
 *
 * A few pseudo instructions (opcode >= AGX_OP_PSEUDO) exist only before
 * packing: collect/split build and take apart register vectors, mov copies,
 * phi merges values at block entry, preload names a register the hardware
 * fills before the shader starts (vertex id in r5...).  They are lowered to
 * hardware moves after register allocation.
 *
 * Blocks are kept in program order; successors/predecessors describe the
 * control flow graph used by liveness.
 */

#ifndef AGX_COMPILER_H
#define AGX_COMPILER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "asahi/isa/agx_isa.h"
#include "util/bitset.h"
#include "util/list.h"
#include "util/u_math.h"
#include "util/ralloc.h"
#include "agx_compile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Operand kinds beyond the ISA's: an abstract value, a branch target. */
#define AGX_KIND_SSA ((enum agx_isa_kind)32)
#define AGX_KIND_BLOCK ((enum agx_isa_kind)33)

typedef struct agx_isa_operand agx_operand;

#define AGX_ALIGN(x, a) (((x) + (a)-1) & ~((a)-1))

enum agx_pseudo_op {
   AGX_OP_PSEUDO = 1000,
   /* ops[0] (vector of n) = ops[1..n] */
   AGX_OP_COLLECT = AGX_OP_PSEUDO,
   /* ops[0..n-1] = elements of ops[n] */
   AGX_OP_SPLIT,
   /* ops[0] = ops[1] (register, uniform or immediate) */
   AGX_OP_MOV,
   /* ops[0] = ops[1 + i] when entered from block->preds[i] */
   AGX_OP_PHI,
   /* ops[0] = the hardware register ops[1] (IMM: half index) at entry */
   AGX_OP_PRELOAD,
};

#define AGX_MAX_OPS 20

/* Parallel copies (agx_ra.c, agx_lower_pseudo.c): a copy of a whole
 * 16/32-bit value that reads its source at its position and writes its
 * destination just after; consecutive ones form a run at one position,
 * all sources read before any destination is written. */
#define AGX_PAR_MEMBER (1u << 0)
/* ... in the run of the instruction before */
#define AGX_PAR_JOIN (1u << 1)
/* The destination is written one step after the sources are read (RA
 * positions): parallel copies, and arithmetic whose lanes read every
 * source before writing its one scalar destination, which may then take
 * the register of a source that dies there */
#define AGX_PAR_LATE (1u << 2)
/* Most copies in one run (a bound on the quadratic checks) */
#define AGX_PAR_MAX_RUN 32

typedef struct agx_instr {
   struct list_head link;
   struct agx_block *block;
   unsigned op;
   uint8_t nr_ops;
   /* AGX_PAR_* bits, set by agx_ra for agx_lower_pseudo */
   uint8_t parallel;
   /* bit i: ops[i] is written */
   uint32_t writes;
   agx_operand ops[AGX_MAX_OPS];
} agx_instr;

typedef struct agx_block {
   struct list_head link;
   struct list_head instrs;
   unsigned index;
   struct agx_block *succs[2];
   struct agx_block **preds;
   unsigned nr_preds;
   /* Liveness, filled by agx_liveness: bit i is the value
    * agx_context::live_values[i] (values that never cross a block boundary
    * have no bit) */
   BITSET_WORD *live_in, *live_out;
   /* The logical CFG (NIR's edges: a lane that leaves through a branch
    * goes straight to its target) when agx_context::logical_cfg, and the
    * liveness on it (copy coalescing, agx_ra.c) */
   struct agx_block *lsuccs[2];
   BITSET_WORD *llive_in, *llive_out;
   /* Linear positions of the first and last instruction (RA) */
   unsigned start, end;
   /* Byte offset in the binary (packing) */
   unsigned offset;
} agx_block;

/* Per value (SSA index) facts. */
struct agx_value {
   uint8_t size;  /* bits per element: 16, 32, 64 */
   uint8_t count; /* elements */
   int16_t fixed; /* preloaded register half, or -1 */
   int16_t reg;   /* assigned register half, or -1 */
   uint8_t align; /* register alignment in halves beyond the size's, or 0 */
   bool no_spill; /* a spill pass temporary: never spilled again */
};

typedef struct agx_context {
   void *mem;
   gl_shader_stage stage;
   const struct agx_shader_key *key;
   struct agx_shader_info *info;
   struct list_head blocks;
   unsigned nr_blocks;

   struct agx_value *values;
   unsigned nr_values, values_cap;

   /* Uniform halves allocated so far (push layout) */
   unsigned next_uniform;

   /* Error state: set by agx_fail, checked by the driver loop */
   int status;
   char error[160];

   unsigned debug;

   /* agx_liveness: the values that may be live across a block boundary,
    * numbered densely for the live_in/live_out bitsets */
   unsigned *live_values;
   unsigned nr_live_values;

   /* Stack frame bytes: scratch arrays (NIR scratch_size), then the
    * spill slots agx_spill adds; agx_compile reserves it at entry. */
   unsigned scratch_size_B;
   unsigned nr_spills, nr_fills;
   /* Set by agx_ra when it runs out of registers: the values live where
    * it failed, longest live range first, and how many halves the value
    * that found no register needed. */
   unsigned *ra_candidates;
   unsigned *ra_candidate_lengths; /* live range lengths, same order */
   unsigned nr_ra_candidates, ra_need_halves;
   /* ... and the coalesced groups then: the candidates are groups, named
    * by their representative; ra_group[v] is v's representative for the
    * first nr_ra_grouped values (NULL: every value is its own group).
    * A group shares one register, so it is spilled to one slot. */
   unsigned *ra_group;
   unsigned nr_ra_grouped;
   /* agx_ra fails with AGX_COMPILE_TOO_BIG when it needs more halves
    * than this (0: no budget but the register file), and then sets
    * ra_over_budget to the halves it needed */
   unsigned ra_max_halves, ra_over_budget;
   /* agx_ra reserves a collect's vector only for the first collect
    * reading a value, not for every later one (those reservations can
    * raise the demand; agx_compile.c retries with this when over the
    * budget) */
   bool ra_first_collect_only;
   /* The live sets agx_liveness left are those of the instructions as
    * they are now: agx_ra uses them instead of computing them again, and
    * clears this (agx_compile.c sets it for a budget retry on the same
    * schedule, where nothing but the registers changed) */
   bool ra_liveness_valid;
   /* agx_ra's intervals, coalescing and hints, kept after an allocation
    * over the budget and taken again by the next agx_ra when
    * ra_liveness_valid says nothing but the registers changed (agx_ra.c
    * struct agx_ra_prep; NULL when none is kept) */
   struct agx_ra_prep *ra_prep;
   /* how many times agx_ra worked those out (tests) */
   unsigned nr_ra_prepared;
   /* agx_block::lsuccs are set (agx_emit_nir; not for shaders with
    * returns, whose lanes re-enter the code in the middle of a block) */
   bool logical_cfg;

   /* Compiling the preamble (agx_nir_opt_preamble.c): one thread, no
    * stage inputs, outputs or epilogue. */
   bool is_preamble;
   /* The default uniform block's words pushed at least (a preamble and
    * its shader share one push layout). */
   unsigned gl_uniform_words;

   /* A second compile that rematerializes constants before scheduling
    * (agx_opt_remat_constants.c; agx_compile.c keeps the better one) */
   bool remat_constants;

   /* Where the next instruction is carved from (agx_ir.c) */
   char *instr_mem_cur, *instr_mem_end;
} agx_context;

static inline bool
agx_is_pseudo(unsigned op)
{
   return op >= AGX_OP_PSEUDO;
}

#define agx_foreach_block(ctx, blk)                                            \
   list_for_each_entry(agx_block, blk, &(ctx)->blocks, link)
#define agx_foreach_instr(blk, I)                                              \
   list_for_each_entry(agx_instr, I, &(blk)->instrs, link)
#define agx_foreach_instr_safe(blk, I)                                         \
   list_for_each_entry_safe(agx_instr, I, &(blk)->instrs, link)
#define agx_foreach_instr_global(ctx, I)                                       \
   agx_foreach_block(ctx, I##_blk) agx_foreach_instr(I##_blk, I)
/* Operands of I (all, written, read) */
#define agx_foreach_op(I, i) for (unsigned i = 0; i < (I)->nr_ops; ++i)
#define agx_foreach_dest(I, i)                                                 \
   agx_foreach_op(I, i) if (!((I)->writes & (1u << i)))                        \
   {                                                                           \
   }                                                                           \
   else
#define agx_foreach_src(I, i)                                                  \
   agx_foreach_op(I, i) if ((I)->writes & (1u << i))                           \
   {                                                                           \
   }                                                                           \
   else

/* Instructions that write their destination registers asynchronously:
 * a `wait` must cover them before the registers are read or written
 * (agx_insert_waits.c).  A device atomic returns the old value the same
 * way (Mesa's atomic carries a scoreboard slot: alexvorxx/Mesa-VirGL
 * src/asahi/compiler/agx_opcodes.py). */
static inline bool
agx_is_async_load(unsigned op)
{
   switch (op) {
   case AGX_ISA_OP_DEVICE_LOAD:
   case AGX_ISA_OP_STACK_LOAD:
   case AGX_ISA_OP_TEXTURE_SAMPLE:
   case AGX_ISA_OP_TEXTURE_LOAD:
   case AGX_ISA_OP_THREADGROUP_LOAD:
   case AGX_ISA_OP_ATOMIC:
      return true;
   default:
      return false;
   }
}

/* Exec-mask instructions: else and while evaluate their condition for
 * lanes that are inactive when they run (applegpu's pseudocode), which a
 * value written before them would not reach in those lanes. */
static inline bool
agx_is_exec_op(unsigned op)
{
   switch (op) {
   case AGX_ISA_OP_IF_ICMP:
   case AGX_ISA_OP_IF_FCMP:
   case AGX_ISA_OP_ELSE_ICMP:
   case AGX_ISA_OP_ELSE_FCMP:
   case AGX_ISA_OP_WHILE_ICMP:
   case AGX_ISA_OP_WHILE_FCMP:
      return true;
   default:
      return false;
   }
}

/* Arithmetic: the destination from the sources alone, no side effect,
 * no memory, no lanes (agx_schedule.c moves it freely,
 * agx_opt_promote_constants.c gives it uniform sources). */
static inline bool
agx_is_alu(unsigned op)
{
   switch (op) {
   case AGX_ISA_OP_FADD32:
   case AGX_ISA_OP_FADD16:
   case AGX_ISA_OP_FMADD32:
   case AGX_ISA_OP_FMADD16:
   case AGX_ISA_OP_FMUL32:
   case AGX_ISA_OP_FMUL16:
   case AGX_ISA_OP_FCMPSEL:
   case AGX_ISA_OP_ICMPSEL:
   case AGX_ISA_OP_BITOP:
   case AGX_ISA_OP_IADD:
   case AGX_ISA_OP_ISUB:
   case AGX_ISA_OP_IMADD:
   case AGX_ISA_OP_IMSUB:
   case AGX_ISA_OP_BFI:
   case AGX_ISA_OP_BFEIL:
   case AGX_ISA_OP_EXTR:
   case AGX_ISA_OP_ASR:
   case AGX_ISA_OP_CONVERT:
   case AGX_ISA_OP_FLOOR:
   case AGX_ISA_OP_CEIL:
   case AGX_ISA_OP_TRUNC:
   case AGX_ISA_OP_RINT:
   case AGX_ISA_OP_RCP:
   case AGX_ISA_OP_RSQRT:
   case AGX_ISA_OP_LOG2:
   case AGX_ISA_OP_EXP2:
   case AGX_ISA_OP_POPCOUNT:
   case AGX_ISA_OP_BITREV:
   case AGX_ISA_OP_FFS:
      return true;
   default:
      return false;
   }
}

/* ---- operands ----------------------------------------------------------- */

static inline agx_operand
agx_ssa(unsigned index, unsigned size, unsigned count)
{
   agx_operand o = {AGX_KIND_SSA, (uint8_t)size, (uint8_t)count, 0,
                    (int64_t)index};
   return o;
}

static inline bool
agx_is_ssa(agx_operand o)
{
   return o.kind == AGX_KIND_SSA;
}

static inline agx_operand
agx_uniform(unsigned half, unsigned size)
{
   return agx_isa_ureg(half, size);
}

static inline agx_operand
agx_block_ref(const agx_block *block)
{
   agx_operand o = {AGX_KIND_BLOCK, 0, 1, 0, (int64_t)block->index};
   return o;
}

static inline agx_operand
agx_neg(agx_operand o)
{
   o.flags ^= AGX_ISA_NEG;
   return o;
}

static inline agx_operand
agx_abs(agx_operand o)
{
   o.flags |= AGX_ISA_ABS;
   o.flags &= ~AGX_ISA_NEG;
   return o;
}

/* Halves a value occupies. */
static inline unsigned
agx_value_halves(const struct agx_value *v)
{
   return (v->size / 16) * v->count;
}

/* ---- context and builder --------------------------------------------------
 */

agx_context *agx_context_create(void *mem, gl_shader_stage stage,
                                const struct agx_shader_key *key,
                                struct agx_shader_info *info);
agx_block *agx_block_create(agx_context *ctx);
void agx_block_add_pred(agx_context *ctx, agx_block *blk, agx_block *pred);
void agx_block_add_succ(agx_context *ctx, agx_block *blk, agx_block *succ);
/* Successors from program order and branches (agx_ir.c) */
void agx_build_cfg(agx_context *ctx);

/* A new value of count elements of size bits. */
agx_operand agx_temp(agx_context *ctx, unsigned size, unsigned count);

typedef struct agx_builder {
   agx_context *ctx;
   agx_block *block;
   /* Insert before this instruction, or at the block's end when NULL. */
   agx_instr *before;
} agx_builder;

static inline agx_builder
agx_builder_at_end(agx_context *ctx, agx_block *block)
{
   agx_builder b = {ctx, block, NULL};
   return b;
}

/* A hardware instruction with the description's default operands. */
agx_instr *agx_emit(agx_builder *b, enum agx_isa_op op);
/* A pseudo instruction with nr_ops operands, the first nr_dests written. */
agx_instr *agx_emit_pseudo(agx_builder *b, unsigned op, unsigned nr_ops,
                           unsigned nr_dests);
void agx_insert(agx_builder *b, agx_instr *I);
void agx_remove(agx_instr *I);

/* Common constructions */
agx_operand agx_mov_imm(agx_builder *b, unsigned size, uint32_t value);
void agx_mov_to(agx_builder *b, agx_operand dst, agx_operand src);
agx_operand agx_collect(agx_builder *b, unsigned n, const agx_operand *srcs);
void agx_split(agx_builder *b, agx_operand *dsts, unsigned n, agx_operand vec);
/* stack_load (store false, then a wait) or stack_store of `data` with
 * memory format fmt (1: i16, 2: i32) and component mask at byte offset
 * `offset` (a 16-bit immediate or a 32-bit value) of the stack frame. */
void agx_emit_stack_op(agx_builder *b, bool store, agx_operand data,
                       unsigned fmt, unsigned mask, agx_operand offset);

void agx_fail(agx_context *ctx, int status, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* ---- passes ------------------------------------------------------------- */

void agx_print_instr(FILE *fp, const agx_instr *I);
void agx_print_shader(FILE *fp, const agx_context *ctx);
/* Returns true when valid; otherwise writes the first problem to msg. */
bool agx_validate(const agx_context *ctx, const char *after, char *msg,
                  size_t size);

void agx_dce(agx_context *ctx);
void agx_opt_fold(agx_context *ctx);
void agx_opt_sat(agx_context *ctx);
void agx_opt_cse(agx_context *ctx);
void agx_opt_promote_constants(agx_context *ctx);
void agx_lower_phis(agx_context *ctx);
void agx_liveness(agx_context *ctx);
bool agx_ra(agx_context *ctx);
/* An allocation agx_ra finished but failed for being over the budget
 * (ra_max_halves): the order it was made for and every value's
 * register, so that it can be used later without allocating again */
struct agx_ra_saved {
   agx_instr **order;
   int16_t *reg;
   unsigned halves;
};
void agx_ra_save(agx_context *ctx, struct agx_ra_saved *saved);
/* Frees what agx_ra kept for a retry (ctx->ra_prep), if anything */
void agx_ra_release(agx_context *ctx);
/* Puts a saved allocation back (instruction order, registers) and
 * rewrites the operands to it, as a successful agx_ra would have */
void agx_ra_restore(agx_context *ctx, const struct agx_ra_saved *saved);
/* After agx_ra failed: spill some of ctx->ra_candidates to the stack.
 * Returns false when none can be spilled. */
bool agx_spill(agx_context *ctx);
/* Whether value v (a group after agx_ra failed) is a constant: written
 * once, by a move of an immediate or a collect of at most four such;
 * def[] and nr_writes[] are each value's (last) writer and its writes,
 * imm[] receives the elements' immediates (agx_spill.c) */
bool agx_remat_immediates(const agx_context *ctx, unsigned v,
                          agx_instr *const *def, const unsigned *nr_writes,
                          agx_operand *imm);
/* That constant made again at b (moves, and a collect of them); the
 * new value */
agx_operand agx_emit_immediates(agx_builder *b, const struct agx_value *val,
                                const agx_operand *imm, bool no_spill);
/* Before scheduling: each block reading a constant that another block
 * made gets a copy of its own (agx_opt_remat_constants.c); true when
 * something changed */
bool agx_opt_remat_constants(agx_context *ctx);
/* Before RA: list scheduling within blocks (agx_schedule.c), letting a
 * region's register demand grow by at most `slack` halves over its
 * original order's; selection's waits go. */
void agx_schedule(agx_context *ctx, unsigned slack);
/* The instruction order of every block, to put back later */
agx_instr **agx_save_order(agx_context *ctx);
void agx_restore_order(agx_context *ctx, agx_instr **order);
void agx_lower_pseudo(agx_context *ctx);
/* After agx_lower_pseudo: one wait where a pending load's result is
 * needed, instead of one after every load. */
void agx_insert_waits(agx_context *ctx);
int agx_pack(agx_context *ctx, void *mem, uint8_t * *code, size_t * size_B);

/* NIR -> IR */
bool agx_emit_nir(agx_context *ctx, nir_shader *nir);

/* The default uniform block is pushed when the shader reads at most this
 * many words of it at constant offsets (half the uniform file); larger
 * blocks are read from memory. */
#define AGX_MAX_PUSHED_GL_WORDS 128

/* Push layout: reserve `halves` uniform halves for kind/index. */
unsigned agx_push(agx_context *ctx, enum agx_push_kind kind, uint32_t index,
                  unsigned halves);

/* Debug flags (AGX_MESA_DEBUG, agx_compile.c); tools may override them. */
void agx_compiler_set_debug(unsigned flags);
enum agx_dbg {
   AGX_DBG_SHADERS = 1u << 0,
   AGX_DBG_SHADERDB = 1u << 1,
   AGX_DBG_NOVALIDATE = 1u << 3,
   AGX_DBG_NOPREAMBLE = 1u << 4,
   AGX_DBG_NO16 = 1u << 5,
   AGX_DBG_NOSCHED = 1u << 6,
   AGX_DBG_FEWREGS = 1u << 7,
};

#ifdef __cplusplus
}
#endif

#endif /* AGX_COMPILER_H */
