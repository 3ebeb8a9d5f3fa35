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
 * What is spilled is a group of values agx_ra coalesced (a phi web with
 * the values copied into and out of it): they share a register, so they
 * can share a slot.  A copy within the group then disappears, and a copy
 * into or out of it becomes the store or the load itself (phi webs are
 * mostly written and read by copies).
 *
 * Candidates are the groups agx_ra reports (those live where it failed),
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

/* The group (agx_ra's coalescing) value v belongs to */
static unsigned
group_of(const agx_context *ctx, unsigned v)
{
   return ctx->ra_group && v < ctx->nr_ra_grouped ? ctx->ra_group[v] : v;
}

/* Is I a plain copy between register values of the group's shape (no
 * modifiers, no preloaded register)?  A copy within the group then
 * disappears (both sides are the slot); a copy into or out of it is the
 * store or the load itself. */
static bool
is_plain_copy(const agx_context *ctx, const agx_instr *I,
              const struct agx_value *shape)
{
   if (I->op != AGX_OP_MOV || !agx_is_ssa(I->ops[0]) ||
       !agx_is_ssa(I->ops[1]) || I->ops[1].flags)
      return false;
   for (unsigned i = 0; i < 2; ++i) {
      const struct agx_value *o = &ctx->values[I->ops[i].value];
      if (I->ops[i].size != shape->size || I->ops[i].count != shape->count ||
          o->size != shape->size || o->count != shape->count ||
          o->fixed >= 0)
         return false;
   }
   return true;
}

static agx_instr *
next_instr(agx_block *blk, agx_instr *I)
{
   return I->link.next == &blk->instrs
             ? NULL
             : list_entry(I->link.next, agx_instr, link);
}

/* Where a store of what I wrote goes: right after I, and after the `wait`
 * of an asynchronous load (the selector puts it right after the load) */
static agx_instr *
after_writes(agx_block *blk, agx_instr *I)
{
   agx_instr *next = next_instr(blk, I);
   while (next && next->op == AGX_ISA_OP_WAIT)
      next = next_instr(blk, next);
   return next;
}

/* Replace I's operands of group g (reads or writes) by t */
static void
rename_group(const agx_context *ctx, agx_instr *I, unsigned g, agx_operand t,
             bool dests)
{
   agx_foreach_op(I, i)
   {
      bool is_dest = (I->writes & (1u << i)) != 0;
      if (agx_is_ssa(I->ops[i]) && is_dest == dests &&
          group_of(ctx, (unsigned)I->ops[i].value) == g)
         I->ops[i].value = t.value;
   }
}

/* Does I read or write a value of group g (and which)? */
static void
group_uses(const agx_context *ctx, const agx_instr *I, unsigned g,
           bool *reads, bool *writes)
{
   *reads = *writes = false;
   agx_foreach_op(I, i)
   {
      if (!agx_is_ssa(I->ops[i]) ||
          group_of(ctx, (unsigned)I->ops[i].value) != g)
         continue;
      if (I->writes & (1u << i))
         *writes = true;
      else
         *reads = true;
   }
}

/* Spill group g (every value sharing its register) to one new slot.  All
 * of an instruction's reads of the group read one temporary, all its
 * writes write one: the values share a register, so they are one
 * location. */
static void
spill_group(agx_context *ctx, unsigned g)
{
   const struct agx_value val = ctx->values[g];
   unsigned bytes = agx_value_halves(&val) * 2;
   unsigned slot = AGX_ALIGN(ctx->scratch_size_B, 4);
   ctx->scratch_size_B = slot + AGX_ALIGN(bytes, 4);
   unsigned fmt = val.size == 16 ? 1 /* i16 */ : 2 /* i32 */;
   unsigned mask = (1u << val.count) - 1;

   agx_foreach_block(ctx, blk)
   {
      agx_foreach_instr_safe(blk, I)
      {
         if (is_plain_copy(ctx, I, &val)) {
            bool dst_in = group_of(ctx, (unsigned)I->ops[0].value) == g;
            bool src_in = group_of(ctx, (unsigned)I->ops[1].value) == g;
            if (dst_in && src_in) {
               /* the slot to itself */
               agx_remove(I);
               continue;
            }
            if (dst_in || src_in) {
               /* mov v = s: store s; mov d = v: load d */
               agx_operand data = I->ops[dst_in ? 1 : 0];
               agx_builder b = {ctx, blk, next_instr(blk, I)};
               agx_emit_stack_op(&b, dst_in, data, fmt, mask,
                                 agx_isa_imm(slot, 16));
               agx_remove(I);
               if (dst_in)
                  ctx->nr_spills++;
               else
                  ctx->nr_fills++;
               continue;
            }
         }
         bool reads, writes;
         group_uses(ctx, I, g, &reads, &writes);
         if (reads) {
            agx_operand t = agx_temp(ctx, val.size, val.count);
            ctx->values[t.value].no_spill = true;
            agx_builder b = {ctx, blk, I};
            agx_emit_stack_op(&b, false, t, fmt, mask,
                              agx_isa_imm(slot, 16));
            rename_group(ctx, I, g, t, false);
            ctx->nr_fills++;
         }
         if (writes) {
            agx_operand t = agx_temp(ctx, val.size, val.count);
            ctx->values[t.value].no_spill = true;
            rename_group(ctx, I, g, t, true);
            agx_builder b = {ctx, blk, after_writes(blk, I)};
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

   /* per group (at its representative): accesses (copies within the
    * group cost nothing once it is spilled) and whether every member
    * may be spilled */
   unsigned n = ctx->nr_values;
   unsigned *accesses = calloc(n ? n : 1, sizeof(unsigned));
   bool *blocked = calloc(n ? n : 1, sizeof(bool));
   for (unsigned v = 0; v < n; ++v) {
      if (!can_spill(ctx, v))
         blocked[group_of(ctx, v)] = true;
   }
   agx_foreach_instr_global(ctx, I)
   {
      if (I->op == AGX_OP_MOV && agx_is_ssa(I->ops[0]) &&
          agx_is_ssa(I->ops[1]) &&
          group_of(ctx, (unsigned)I->ops[0].value) ==
             group_of(ctx, (unsigned)I->ops[1].value))
         continue;
      agx_foreach_op(I, i)
      {
         if (agx_is_ssa(I->ops[i]) && I->ops[i].value < n)
            accesses[group_of(ctx, (unsigned)I->ops[i].value)]++;
      }
   }
   struct choice *order =
      calloc(ctx->nr_ra_candidates ? ctx->nr_ra_candidates : 1,
             sizeof(*order));
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
      unsigned g = order[i].value;
      if (blocked[g] || group_of(ctx, g) != g)
         continue;
      /* frames are addressed with a signed 16-bit immediate */
      if (ctx->scratch_size_B + 2 * agx_value_halves(&ctx->values[g]) >=
          0x8000)
         break;
      spill_group(ctx, g);
      freed += agx_value_halves(&ctx->values[g]);
      any = true;
   }
   free(blocked);
   free(order);
   ctx->nr_ra_candidates = 0;
   ctx->ra_group = NULL;
   ctx->nr_ra_grouped = 0;
   return any;
}
