/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Spilling: when agx_ra runs out of registers, move some of the values
 * live where it failed to the thread's stack frame, then allocate again.
 *
 * A spilled value gets a slot in the frame (after the scratch arrays and
 * earlier slots) and is spilled everywhere: each instruction that writes
 * it writes a fresh temporary instead, stored to the slot right after;
 * each instruction that reads it reads a fresh temporary loaded from the
 * slot right before.  The temporaries live for one instruction, so the
 * long live range becomes many short ones.  Stores and loads run under
 * the execution mask of the instruction they serve, and the stack is per
 * thread, so values that differ between lanes and values written in
 * several places (phi webs are not SSA here) keep their meaning: each lane
 * reads what it stored last.
 *
 * A copy into or out of a spilled value becomes the store or the load
 * itself (phi webs are mostly written and read by copies).
 *
 * Candidates are those agx_ra reports (the values live where it failed),
 * those with the longest live range per access first (each access costs a
 * store or a load).  Never spilled: preloaded values, the temporaries of
 * earlier rounds, values wider than one stack access (more than four 16-
 * or 32-bit elements, 64-bit elements), values some instruction writes
 * only in part, and conditions of exec-mask instructions (else and while
 * read them in lanes that are inactive, which a fill would not reach).  One round spills values
 * until twice the halves the failing value needed are freed.
 *
 * Assumes: the IR before register allocation (pseudo instructions still
 * present, no phis).  Preserves: everything agx_validate checks.
 */

#include <stdlib.h>

#include "agx_compiler.h"

/* Exec-mask instructions: else and while evaluate their condition for
 * lanes that are inactive when they run (applegpu's pseudocode), which a
 * fill placed before them would not reach. */
static bool
is_exec_op(unsigned op)
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

/* Values that may not be spilled: read by an exec-mask instruction, or
 * written in part (a narrower view or fewer elements: the store after the
 * write would store the rest undefined). */
static void
mark_unspillable(agx_context *ctx)
{
   agx_foreach_instr_global(ctx, I)
   {
      agx_foreach_op(I, i)
      {
         if (!agx_is_ssa(I->ops[i]))
            continue;
         struct agx_value *val = &ctx->values[I->ops[i].value];
         bool dest = (I->writes & (1u << i)) != 0;
         if ((!dest && is_exec_op(I->op)) ||
             (dest && (I->ops[i].size != val->size ||
                       I->ops[i].count != val->count)))
            val->no_spill = true;
      }
   }
}

static bool
can_spill(const agx_context *ctx, unsigned v)
{
   const struct agx_value *val = &ctx->values[v];
   return !val->no_spill && val->fixed < 0 && val->count <= 4 &&
          (val->size == 16 || val->size == 32);
}

/* Does I read or write value v (and which)? */
static void
uses(const agx_instr *I, unsigned v, bool *reads, bool *writes)
{
   *reads = *writes = false;
   agx_foreach_op(I, i)
   {
      if (!agx_is_ssa(I->ops[i]) || (unsigned)I->ops[i].value != v)
         continue;
      if (I->writes & (1u << i))
         *writes = true;
      else
         *reads = true;
   }
}

static void
rename_value(agx_instr *I, unsigned v, unsigned to, bool dests)
{
   agx_foreach_op(I, i)
   {
      bool is_dest = (I->writes & (1u << i)) != 0;
      if (agx_is_ssa(I->ops[i]) && (unsigned)I->ops[i].value == v &&
          is_dest == dests)
         I->ops[i].value = (int64_t)to;
   }
}

static agx_instr *
next_instr(agx_block *blk, agx_instr *I)
{
   return I->link.next == &blk->instrs
             ? NULL
             : list_entry(I->link.next, agx_instr, link);
}

/* Is I a plain copy between v and a register value of v's shape (no
 * modifiers)?  Then the copy is the store (v written) or the load (v
 * read) itself. */
static bool
is_plain_copy(const agx_context *ctx, const agx_instr *I, unsigned v)
{
   if (I->op != AGX_OP_MOV || !agx_is_ssa(I->ops[0]) ||
       !agx_is_ssa(I->ops[1]) || I->ops[1].flags ||
       I->ops[0].value == I->ops[1].value)
      return false;
   const struct agx_value *val = &ctx->values[v];
   for (unsigned i = 0; i < 2; ++i) {
      const struct agx_value *o = &ctx->values[I->ops[i].value];
      if (I->ops[i].size != val->size || I->ops[i].count != val->count ||
          o->size != val->size || o->count != val->count || o->fixed >= 0)
         return false;
   }
   return (unsigned)I->ops[0].value == v || (unsigned)I->ops[1].value == v;
}

static void
spill_value(agx_context *ctx, unsigned v)
{
   const struct agx_value val = ctx->values[v];
   unsigned bytes = agx_value_halves(&val) * 2;
   unsigned slot = AGX_ALIGN(ctx->scratch_size_B, 4);
   ctx->scratch_size_B = slot + AGX_ALIGN(bytes, 4);
   unsigned fmt = val.size == 16 ? 1 /* i16 */ : 2 /* i32 */;
   unsigned mask = (1u << val.count) - 1;

   agx_foreach_block(ctx, blk)
   {
      agx_foreach_instr_safe(blk, I)
      {
         bool reads, writes;
         uses(I, v, &reads, &writes);
         if (is_plain_copy(ctx, I, v)) {
            /* mov v = s: store s; mov d = v: load d */
            bool store = (unsigned)I->ops[0].value == v;
            agx_operand data = I->ops[store ? 1 : 0];
            agx_instr *next = next_instr(blk, I);
            agx_builder b = {ctx, blk, next};
            agx_emit_stack_op(&b, store, data, fmt, mask,
                              agx_isa_imm(slot, 16));
            agx_remove(I);
            if (store)
               ctx->nr_spills++;
            else
               ctx->nr_fills++;
            continue;
         }
         if (reads) {
            agx_operand t = agx_temp(ctx, val.size, val.count);
            ctx->values[t.value].no_spill = true;
            agx_builder b = {ctx, blk, I};
            agx_emit_stack_op(&b, false, t, fmt, mask,
                              agx_isa_imm(slot, 16));
            rename_value(I, v, (unsigned)t.value, false);
            ctx->nr_fills++;
         }
         if (writes) {
            agx_operand t = agx_temp(ctx, val.size, val.count);
            ctx->values[t.value].no_spill = true;
            rename_value(I, v, (unsigned)t.value, true);
            /* right after I, and after the `wait` of an asynchronous
             * load (the selector puts it right after the load) */
            agx_instr *next = next_instr(blk, I);
            while (next && next->op == AGX_ISA_OP_WAIT)
               next = next_instr(blk, next);
            agx_builder b = {ctx, blk, next};
            agx_emit_stack_op(&b, true, t, fmt, mask, agx_isa_imm(slot, 16));
            ctx->nr_spills++;
         }
      }
   }
}

/* Best first: the longest live range per access (each access costs a
 * store or a load), then the order agx_ra gave. */
struct choice {
   unsigned value, accesses, length, rank;
};

static int
cmp_choice(const void *a, const void *b)
{
   const struct choice *x = a, *y = b;
   uint64_t lx = (uint64_t)x->length * y->accesses;
   uint64_t ly = (uint64_t)y->length * x->accesses;
   if (lx != ly)
      return lx > ly ? -1 : 1;
   return x->rank < y->rank ? -1 : (x->rank > y->rank);
}

bool
agx_spill(agx_context *ctx)
{
   unsigned freed = 0, want = 2 * MAX2(ctx->ra_need_halves, 1);
   bool any = false;
   mark_unspillable(ctx);

   unsigned *accesses = calloc(ctx->nr_values ? ctx->nr_values : 1,
                               sizeof(unsigned));
   struct choice *order =
      calloc(ctx->nr_ra_candidates ? ctx->nr_ra_candidates : 1,
             sizeof(*order));
   agx_foreach_instr_global(ctx, I)
   {
      agx_foreach_op(I, i)
      {
         if (agx_is_ssa(I->ops[i]) && I->ops[i].value < ctx->nr_values)
            accesses[I->ops[i].value]++;
      }
   }
   for (unsigned i = 0; i < ctx->nr_ra_candidates; ++i) {
      unsigned v = ctx->ra_candidates[i];
      unsigned length = ctx->ra_candidate_lengths
                           ? ctx->ra_candidate_lengths[i]
                           : 0;
      order[i] = (struct choice){v, MAX2(accesses[v], 1), length, i};
   }
   qsort(order, ctx->nr_ra_candidates, sizeof(*order), cmp_choice);
   free(accesses);

   for (unsigned i = 0; i < ctx->nr_ra_candidates && freed < want; ++i) {
      unsigned v = order[i].value;
      if (!can_spill(ctx, v))
         continue;
      /* frames are addressed with a signed 16-bit immediate */
      if (ctx->scratch_size_B + 2 * agx_value_halves(&ctx->values[v]) >=
          0x8000)
         break;
      spill_value(ctx, v);
      freed += agx_value_halves(&ctx->values[v]);
      any = true;
   }
   free(order);
   ctx->nr_ra_candidates = 0;
   return any;
}
