/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Rematerializing constants before register allocation (since wave 17).
 *
 * NIR's CSE leaves one definition of each constant, in the block that
 * dominates its readers; a constant read again in later blocks then stays
 * live from its first block to its last reader.  A geometry shader's
 * unrolled emits are such a case: each emit stores the same constant
 * vectors, and all of them stay live from the first emit to the last
 * (gs-output-array-vec4-index-wr: 32 vec4, 242 register halves).
 *
 * This pass gives each block that reads a constant (a value written once
 * by a move of an immediate, or a collect of at most four such:
 * agx_remat_immediates) a copy of its own, made right before its first
 * reader there; a plain copy of a scalar constant takes the immediate
 * itself.  The first definition stays for the readers of its own block
 * and agx_dce removes it when it has none.  Each copy costs its moves
 * again, so agx_compile.c runs this only on a second compile of shaders
 * whose register demand costs threads, and keeps the result only when it
 * has more threads (or fewer spills).  Mesa's spiller rematerializes
 * mov_imm only when registers run out (alexvorxx/Mesa-VirGL
 * src/asahi/compiler/agx_spill.c, can_remat); this trades instructions
 * for occupancy before that.
 *
 * Never changed: readers of exec-mask instructions (agx_is_exec_op: they
 * read their condition in inactive lanes, which a copy would not reach),
 * reads of part of a value, and the preamble (one thread: occupancy does
 * not matter there).
 *
 * Assumes: the IR before scheduling (no phis; values written once except
 * the phi webs' copies).  Preserves: everything agx_validate checks.
 */

#include <stdlib.h>

#include "agx_compiler.h"

struct remat_state {
   /* values before the pass: those made by it are never looked at */
   unsigned n;
   agx_instr **def;
   unsigned *nr_writes;
   /* per value: 0 not looked at, 1 a constant, 2 not */
   uint8_t *kind;
   agx_operand (*imm)[4];
   /* per value: the block (index + 1) holding its latest copy, and it */
   unsigned *copy_block;
   agx_operand *copy;
   /* per value: the position in that block of its latest access */
   unsigned *last_access;
};

static bool
is_constant(const agx_context *ctx, struct remat_state *st, unsigned v)
{
   if (!st->kind[v]) {
      st->kind[v] = st->def[v] && agx_remat_immediates(ctx, v, st->def,
                                                        st->nr_writes,
                                                        st->imm[v])
                       ? 1
                       : 2;
   }
   return st->kind[v] == 1;
}

/* A reader this many instructions or more after the previous access of
 * a constant in the same block gets a copy of its own */
#define REMAT_DISTANCE 16

/* Whether I's source i reads a whole constant */
static bool
reads_constant(const agx_context *ctx, struct remat_state *st,
               const agx_instr *I, unsigned i)
{
   agx_operand o = I->ops[i];
   if (!agx_is_ssa(o) || o.value >= st->n)
      return false;
   unsigned v = (unsigned)o.value;
   const struct agx_value *val = &ctx->values[v];
   return is_constant(ctx, st, v) && o.size == val->size &&
          o.count == val->count;
}

static bool
is_scalar_copy(const agx_instr *I)
{
   return I->op == AGX_OP_MOV && agx_is_ssa(I->ops[0]) && !I->ops[1].flags &&
          I->ops[1].count == 1;
}

/* The copy of constant v that a reader at position pos of blk reads: the
 * one made last in blk when it is near, else a new one made before I */
static agx_operand
near_copy(agx_context *ctx, struct remat_state *st, agx_block *blk,
          agx_instr *I, unsigned v, unsigned pos, bool *progress)
{
   if (st->copy_block[v] != blk->index + 1 ||
       pos - st->last_access[v] >= REMAT_DISTANCE) {
      agx_builder b = {ctx, blk, I};
      /* agx_temp may move ctx->values: the shape first */
      const struct agx_value val = ctx->values[v];
      st->copy[v] = agx_emit_immediates(&b, &val, st->imm[v], false);
      st->copy_block[v] = blk->index + 1;
      *progress = true;
   }
   st->last_access[v] = pos;
   return st->copy[v];
}

static bool
remat_block(agx_context *ctx, struct remat_state *st, agx_block *blk)
{
   bool progress = false;
   unsigned pos = 0;
   agx_foreach_instr_safe(blk, I)
   {
      ++pos;
      if (!agx_is_exec_op(I->op)) {
         agx_foreach_src(I, i)
         {
            if (!reads_constant(ctx, st, I, i))
               continue;
            unsigned v = (unsigned)I->ops[i].value;
            bool near = st->copy_block[v] == blk->index + 1 &&
                        pos - st->last_access[v] < REMAT_DISTANCE;
            if (!near && i == 1 && is_scalar_copy(I)) {
               I->ops[1] = st->imm[v][0];
               progress = true;
               continue;
            }
            I->ops[i].value = near_copy(ctx, st, blk, I, v, pos, &progress)
                                 .value;
         }
      }
      /* a definition of a constant is its first copy */
      agx_foreach_dest(I, d)
      {
         agx_operand o = I->ops[d];
         if (agx_is_ssa(o) && o.value < st->n && st->kind[o.value] == 1) {
            st->copy_block[o.value] = blk->index + 1;
            st->copy[o.value] = o;
            st->last_access[o.value] = pos;
         }
      }
   }
   return progress;
}

bool
agx_opt_remat_constants(agx_context *ctx)
{
   if (ctx->is_preamble)
      return false;
   unsigned n = ctx->nr_values ? ctx->nr_values : 1;
   struct remat_state st = {
      .n = ctx->nr_values,
      .def = calloc(n, sizeof(agx_instr *)),
      .nr_writes = calloc(n, sizeof(unsigned)),
      .kind = calloc(n, 1),
      .imm = calloc(n, sizeof(*st.imm)),
      .copy_block = calloc(n, sizeof(unsigned)),
      .copy = calloc(n, sizeof(agx_operand)),
      .last_access = calloc(n, sizeof(unsigned)),
   };
   agx_foreach_instr_global(ctx, I)
   {
      agx_foreach_dest(I, d)
      {
         if (agx_is_ssa(I->ops[d]) && I->ops[d].value < st.n) {
            st.nr_writes[I->ops[d].value]++;
            st.def[I->ops[d].value] = I;
         }
      }
   }
   /* every value's kind before any reader changes (a collect's sources
    * are renamed to copies past n) */
   for (unsigned v = 0; v < st.n; ++v)
      is_constant(ctx, &st, v);
   bool progress = false;
   agx_foreach_block(ctx, blk)
      progress |= remat_block(ctx, &st, blk);
   free(st.def);
   free(st.nr_writes);
   free(st.kind);
   free(st.imm);
   free(st.copy_block);
   free(st.copy);
   free(st.last_access);
   if (progress)
      agx_dce(ctx);
   return progress;
}
