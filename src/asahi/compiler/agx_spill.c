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
 * read them in lanes that are inactive, which a fill would not reach).  One
 * round spills values until twice the halves the failing value needed are
 * freed.
 *
 * Rematerialization (since wave 16): a group that is one value written
 * once, by a move of an immediate or a collect of such moves (a constant
 * vector), is not given a slot; the moves (and the collect) are made
 * again before each reader (a copy out of the group takes the immediate
 * itself) and agx_dce removes the first ones.  That costs no memory
 * access and no wait, so such groups go first.  Mesa's spiller does the
 * same for its mov_imm (alexvorxx/Mesa-VirGL
 * src/asahi/compiler/agx_spill.c: can_remat, and cmp_dist evicting
 * rematerializable values before the others).  It counts as neither a
 * spill nor a fill.
 *
 * Assumes: the IR before register allocation (pseudo instructions still
 * present, no phis).  Preserves: everything agx_validate checks.
 */

#include <stdlib.h>

#include "agx_compiler.h"

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
         if ((!dest && agx_is_exec_op(I->op)) ||
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

/* Put by this round between the members of a run of parallel copies:
 * the stack accesses (and their waits) of the groups spilled before
 * (new instructions carry no AGX_PAR bits) */
static bool
spill_access(const agx_instr *I)
{
   return !I->parallel && (I->op == AGX_ISA_OP_STACK_STORE ||
                           I->op == AGX_ISA_OP_STACK_LOAD ||
                           I->op == AGX_ISA_OP_WAIT);
}

/* Where a store of what I wrote to group g goes.  A run of parallel
 * copies (AGX_PAR_*, agx_ra.c) reads every source before it writes any
 * destination, and agx_ra coalesces on that: a copy out of the group may
 * follow, in the run, a copy into it (an if's edge copies: one web read
 * while another is written).  Spilled, both are the same slot, so then
 * the store waits for the end of the run, after its loads (only then:
 * waiting keeps what is stored live longer).  No member writes another's
 * source (mark_parallel_copies), so what it stores is still there. */
static agx_instr *
store_point(const agx_context *ctx, agx_block *blk, agx_instr *I,
            unsigned g)
{
   agx_instr *next = after_writes(blk, I);
   if (!(I->parallel & AGX_PAR_MEMBER))
      return next;
   bool read_later = false;
   agx_instr *end = next;
   while (end && (spill_access(end) ||
                  (end->parallel & (AGX_PAR_MEMBER | AGX_PAR_JOIN)) ==
                     (AGX_PAR_MEMBER | AGX_PAR_JOIN))) {
      bool reads, writes;
      group_uses(ctx, end, g, &reads, &writes);
      read_later |= reads && !spill_access(end);
      end = next_instr(blk, end);
   }
   return read_later ? end : next;
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
               agx_builder b = {ctx, blk,
                                dst_in ? store_point(ctx, blk, I, g)
                                       : next_instr(blk, I)};
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
            agx_builder b = {ctx, blk, store_point(ctx, blk, I, g)};
            agx_emit_stack_op(&b, true, t, fmt, mask, agx_isa_imm(slot, 16));
            ctx->nr_spills++;
         }
      }
   }
}

/* Whether operand o (a source) is an immediate, or a value written once,
 * by a move of an immediate into all of it; the immediate to *imm */
static bool
immediate_of(const agx_context *ctx, agx_operand o, agx_instr *const *def,
             const unsigned *nr_writes, agx_operand *imm)
{
   if (o.flags)
      return false;
   if (o.kind == AGX_ISA_KIND_IMM) {
      *imm = o;
      return true;
   }
   if (!agx_is_ssa(o) || o.value >= ctx->nr_values ||
       group_of(ctx, (unsigned)o.value) != (unsigned)o.value ||
       nr_writes[o.value] != 1)
      return false;
   const agx_instr *D = def[o.value];
   const struct agx_value *val = &ctx->values[o.value];
   if (D->op != AGX_OP_MOV || D->ops[0].value != o.value ||
       D->ops[1].kind != AGX_ISA_KIND_IMM || D->ops[1].flags ||
       val->count != 1 || D->ops[0].size != val->size || D->ops[0].count != 1 ||
       o.size != val->size || o.count != 1)
      return false;
   *imm = D->ops[1];
   return true;
}

/* Whether group g can be rematerialized: it is one value written once,
 * by a move of an immediate or a collect of such; its elements'
 * immediates to imm[] (also agx_opt_remat_constants.c, before agx_ra:
 * there every value is its own group) */
bool
agx_remat_immediates(const agx_context *ctx, unsigned g,
                     agx_instr *const *def, const unsigned *nr_writes,
                     agx_operand *imm)
{
   const struct agx_value *val = &ctx->values[g];
   const agx_instr *D = def[g];
   if (nr_writes[g] != 1 || D->ops[0].value != g ||
       D->ops[0].size != val->size || D->ops[0].count != val->count)
      return false;
   if (D->op == AGX_OP_MOV)
      return val->count == 1 &&
             immediate_of(ctx, D->ops[1], def, nr_writes, imm);
   if (D->op != AGX_OP_COLLECT || D->nr_ops != val->count + 1 ||
       val->count > 4)
      return false;
   for (unsigned i = 0; i < val->count; ++i) {
      if (!immediate_of(ctx, D->ops[1 + i], def, nr_writes, &imm[i]) ||
          imm[i].size != val->size)
         return false;
   }
   return true;
}

/* The constant agx_remat_immediates found, made again at b: the
 * immediates moved (and collected) into new values (never spilled when
 * no_spill: a spill round's temporaries); the value read */
agx_operand
agx_emit_immediates(agx_builder *b, const struct agx_value *val,
                    const agx_operand *imm, bool no_spill)
{
   agx_operand e[4];
   for (unsigned i = 0; i < val->count; ++i) {
      e[i] = agx_temp(b->ctx, val->size, 1);
      b->ctx->values[e[i].value].no_spill = no_spill;
      agx_instr *M = agx_emit_pseudo(b, AGX_OP_MOV, 2, 1);
      M->ops[0] = e[i];
      M->ops[1] = imm[i];
   }
   if (val->count == 1)
      return e[0];
   agx_operand t = agx_collect(b, val->count, e);
   b->ctx->values[t.value].no_spill = no_spill;
   return t;
}

/* Rematerialize group g (agx_remat_immediates): each reader gets the
 * immediates moved (and collected) into a temporary of its own right
 * before it, or, when it is a plain copy of a scalar, takes the immediate
 * as its source.  The first definition is left to agx_dce. */
static void
remat_group(agx_context *ctx, unsigned g, const agx_operand *imm)
{
   const struct agx_value val = ctx->values[g];
   agx_foreach_block(ctx, blk)
   {
      agx_foreach_instr_safe(blk, I)
      {
         bool reads, writes;
         group_uses(ctx, I, g, &reads, &writes);
         if (writes || !reads)
            continue;
         if (val.count == 1 && is_plain_copy(ctx, I, &val)) {
            I->ops[1] = imm[0];
            continue;
         }
         agx_builder b = {ctx, blk, I};
         agx_operand t = agx_emit_immediates(&b, &val, imm, true);
         rename_group(ctx, I, g, t, false);
      }
   }
}

/* Best first: groups that can be rematerialized, then the longest live
 * range per access (each access costs a store or a load), then the order
 * agx_ra gave. */
struct choice {
   unsigned value, accesses, length, rank;
   bool remat;
   agx_operand imm[4];
};

static int
cmp_choice(const void *a, const void *b)
{
   const struct choice *x = a, *y = b;
   if (!x->remat != !y->remat)
      return x->remat ? -1 : 1;
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
   bool any = false, remat = false;
   mark_unspillable(ctx);

   /* per group (at its representative): accesses (copies within the
    * group cost nothing once it is spilled) and whether every member
    * may be spilled */
   unsigned n = ctx->nr_values;
   unsigned *accesses = calloc(n ? n : 1, sizeof(unsigned));
   unsigned *nr_writes = calloc(n ? n : 1, sizeof(unsigned));
   agx_instr **def = calloc(n ? n : 1, sizeof(agx_instr *));
   bool *blocked = calloc(n ? n : 1, sizeof(bool));
   for (unsigned v = 0; v < n; ++v) {
      if (!can_spill(ctx, v))
         blocked[group_of(ctx, v)] = true;
   }
   agx_foreach_instr_global(ctx, I)
   {
      agx_foreach_dest(I, i)
      {
         if (agx_is_ssa(I->ops[i]) && I->ops[i].value < n) {
            unsigned w = group_of(ctx, (unsigned)I->ops[i].value);
            nr_writes[w]++;
            def[w] = I;
         }
      }
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
      order[i].remat = !blocked[v] && group_of(ctx, v) == v &&
                       agx_remat_immediates(ctx, v, def, nr_writes,
                                            order[i].imm);
   }
   qsort(order, ctx->nr_ra_candidates, sizeof(*order), cmp_choice);
   free(accesses);
   free(nr_writes);
   free(def);

   for (unsigned i = 0; i < ctx->nr_ra_candidates && freed < want; ++i) {
      unsigned g = order[i].value;
      if (blocked[g] || group_of(ctx, g) != g)
         continue;
      if (order[i].remat) {
         remat_group(ctx, g, order[i].imm);
         freed += agx_value_halves(&ctx->values[g]);
         any = remat = true;
         continue;
      }
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
   /* the definitions rematerialized values no longer need */
   if (remat)
      agx_dce(ctx);
   ctx->nr_ra_candidates = 0;
   ctx->ra_group = NULL;
   ctx->nr_ra_grouped = 0;
   return any;
}
