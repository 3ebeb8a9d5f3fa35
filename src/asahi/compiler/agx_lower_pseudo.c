/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * After register allocation: pseudo instructions to hardware moves.
 * Register allocation guarantees that no destination of an instruction
 * overlaps one of its sources, so the moves of a collect or split can be
 * done in any order.
 */

#include "agx_compiler.h"

static bool
same_reg(agx_operand a, agx_operand b)
{
   return a.kind == AGX_ISA_KIND_REG && b.kind == AGX_ISA_KIND_REG &&
          a.value == b.value && a.size == b.size && a.count == b.count &&
          !b.flags;
}

/* One element move dst <- src (register, uniform or immediate); counts
 * the moves between registers in *reg_moves. */
static void
emit_move(agx_builder *b, agx_operand dst, agx_operand src,
          unsigned *reg_moves)
{
   if (same_reg(dst, src))
      return;
   if (src.kind == AGX_ISA_KIND_REG)
      (*reg_moves)++;

   if (src.kind == AGX_ISA_KIND_IMM) {
      agx_instr *I;
      if (dst.size == 16) {
         I = agx_emit(b, AGX_ISA_OP_MOV_IMM16);
         I->ops[AGX_ISA_MOV_IMM16_D] = dst;
         I->ops[AGX_ISA_MOV_IMM16_IMM16] = agx_isa_imm(src.value & 0xffff, 16);
      } else {
         I = agx_emit(b, AGX_ISA_OP_MOV_IMM32);
         I->ops[AGX_ISA_MOV_IMM32_D] = dst;
         I->ops[AGX_ISA_MOV_IMM32_IMM32] =
            agx_isa_imm(src.value & 0xffffffff, 32);
      }
      return;
   }

   if (dst.size == 64) {
      /* two 32-bit halves */
      agx_operand dl = dst, sl = src;
      dl.size = sl.size = 32;
      emit_move(b, dl, sl, reg_moves);
      dl.value += 2;
      sl.value += 2;
      emit_move(b, dl, sl, reg_moves);
      return;
   }

   /* bitop with the "A" truth table (applegpu's mov alias) */
   agx_instr *I = agx_emit(b, AGX_ISA_OP_BITOP);
   I->ops[AGX_ISA_BITOP_TT] = agx_isa_enum(0xa, 4);
   I->ops[AGX_ISA_BITOP_D] = dst;
   I->ops[AGX_ISA_BITOP_A] = src;
   I->ops[AGX_ISA_BITOP_B] = agx_isa_imm(0, 8);
}

static agx_operand
element(agx_operand vec, unsigned i)
{
   agx_operand e = vec;
   e.count = 1;
   e.value += i * (vec.size / 16);
   return e;
}

/* The 16-bit halves [r, r + n) of register operand o overlap those of x? */
static bool
reads_halves(agx_operand x, unsigned r, unsigned n)
{
   if (x.kind != AGX_ISA_KIND_REG)
      return false;
   unsigned xr = (unsigned)x.value, xn = x.size / 16;
   return xr < r + n && r < xr + xn;
}

/* One 16-bit part (0: low, 1: high) of a 32-bit move's operand. */
static agx_operand
half_of(agx_operand o, unsigned part)
{
   agx_operand h = o;
   h.size = 16;
   if (o.kind == AGX_ISA_KIND_IMM)
      h.value = (o.value >> (16 * part)) & 0xffff;
   else
      h.value += part;
   return h;
}

static void
emit_xor(agx_builder *b, agx_operand d, agx_operand a, agx_operand c)
{
   agx_instr *I = agx_emit(b, AGX_ISA_OP_BITOP);
   I->ops[AGX_ISA_BITOP_TT] = agx_isa_enum(0x6, 4); /* a ^ b */
   I->ops[AGX_ISA_BITOP_D] = d;
   I->ops[AGX_ISA_BITOP_A] = a;
   I->ops[AGX_ISA_BITOP_B] = c;
}

/*
 * A run of parallel copies (AGX_PAR_*, agx_ra.c): every source is read
 * before any destination is written.  A move goes first when no other
 * pending move reads its destination; when every pending destination is
 * still read (a cycle: two phis swapping their values), the moves are
 * split into 16-bit halves and one is done by exchanging its two halves
 * with three XORs, the moves reading either of them then reading the
 * other.  Destinations never overlap one another (all are live just
 * after the run).
 */
struct pmove {
   agx_operand d, s;
};

static void
lower_parallel_run(agx_builder *b, struct pmove *m, unsigned n,
                   unsigned *reg_moves, unsigned *swaps)
{
   bool halves = false;
   while (n) {
      unsigned pick = n;
      for (unsigned i = 0; i < n && pick == n; ++i) {
         bool read = false;
         for (unsigned j = 0; j < n && !read; ++j)
            read = j != i && reads_halves(m[j].s, (unsigned)m[i].d.value,
                                          m[i].d.size / 16);
         if (!read)
            pick = i;
      }
      if (pick < n) {
         emit_move(b, m[pick].d, m[pick].s, reg_moves);
         m[pick] = m[--n];
         continue;
      }
      if (!halves) {
         /* in place, from the end: a move becomes two */
         unsigned total = 0;
         for (unsigned i = 0; i < n; ++i)
            total += m[i].d.size / 16;
         for (unsigned i = n, at = total; i-- > 0;) {
            struct pmove x = m[i];
            if (x.d.size == 32) {
               m[--at] = (struct pmove){half_of(x.d, 1), half_of(x.s, 1)};
               m[--at] = (struct pmove){half_of(x.d, 0), half_of(x.s, 0)};
            } else {
               m[--at] = x;
            }
         }
         n = total;
         halves = true;
         /* drop the halves already in place */
         for (unsigned i = 0; i < n;) {
            if (m[i].s.kind == AGX_ISA_KIND_REG && m[i].s.value == m[i].d.value)
               m[i] = m[--n];
            else
               ++i;
         }
         continue;
      }
      /* every destination is read by another move: some move reads a
       * register (an immediate or uniform source ends no chain) */
      unsigned i = 0;
      while (i < n && m[i].s.kind != AGX_ISA_KIND_REG)
         ++i;
      assert(i < n);
      agx_operand d = m[i].d, s = m[i].s;
      s.flags = 0;
      emit_xor(b, d, d, s);
      emit_xor(b, s, s, d);
      emit_xor(b, d, d, s);
      *reg_moves += 3;
      (*swaps)++;
      m[i] = m[--n];
      for (unsigned j = 0; j < n; ++j) {
         if (m[j].s.kind != AGX_ISA_KIND_REG)
            continue;
         if (m[j].s.value == d.value)
            m[j].s.value = s.value;
         else if (m[j].s.value == s.value)
            m[j].s.value = d.value;
      }
      for (unsigned j = 0; j < n;) {
         if (m[j].s.kind == AGX_ISA_KIND_REG && m[j].s.value == m[j].d.value)
            m[j] = m[--n];
         else
            ++j;
      }
   }
}

static agx_instr *
next_in_block(agx_block *blk, agx_instr *I)
{
   return I->link.next == &blk->instrs
             ? NULL
             : list_entry(I->link.next, agx_instr, link);
}

/* Every run of parallel copies in blk, lowered before the instruction
 * that starts it. */
static void
lower_parallel_copies(agx_context *ctx, agx_block *blk)
{
   /* room for every copy split in halves */
   struct pmove m[2 * AGX_PAR_MAX_RUN];
   agx_instr *I = list_is_empty(&blk->instrs)
                     ? NULL
                     : list_first_entry(&blk->instrs, agx_instr, link);
   while (I) {
      if (!(I->parallel & AGX_PAR_MEMBER) || I->op != AGX_OP_MOV) {
         I = next_in_block(blk, I);
         continue;
      }
      unsigned n = 0;
      agx_builder b = {ctx, blk, I};
      agx_instr *J = I;
      do {
         agx_instr *next = next_in_block(blk, J);
         assert(n < AGX_PAR_MAX_RUN);
         if (!same_reg(J->ops[0], J->ops[1]))
            m[n++] = (struct pmove){J->ops[0], J->ops[1]};
         if (J != I)
            agx_remove(J);
         J = next;
      } while (J && J->op == AGX_OP_MOV && (J->parallel & AGX_PAR_JOIN));
      lower_parallel_run(&b, m, n, &ctx->info->nr_copy_moves,
                         &ctx->info->nr_copy_swaps);
      agx_remove(I);
      I = J;
   }
}

void
agx_lower_pseudo(agx_context *ctx)
{
   struct agx_shader_info *info = ctx->info;
   agx_foreach_block(ctx, blk)
   {
      lower_parallel_copies(ctx, blk);
      agx_foreach_instr_safe(blk, I)
      {
         if (I->op == AGX_ISA_OP_UNIFORM_STORE) {
            /* a 32-bit register as its two 16-bit halves (agx_isel.c,
             * emit_preamble_io) */
            agx_operand *R = &I->ops[AGX_ISA_UNIFORM_STORE_R];
            if (R->size == 32) {
               R->size = 16;
               R->count = 2;
               I->ops[AGX_ISA_UNIFORM_STORE_MASK].value = 0x3;
            }
         }
         if (!agx_is_pseudo(I->op))
            continue;

         agx_builder b = {ctx, blk, I};
         switch (I->op) {
         case AGX_OP_MOV:
            emit_move(&b, I->ops[0], I->ops[1], &info->nr_copy_moves);
            break;
         case AGX_OP_COLLECT: {
            /* element by element; the sources may be narrower than the
             * vector's elements (two 32-bit halves of one 64-bit pair) */
            agx_operand part = element(I->ops[0], 0);
            for (unsigned i = 1; i < I->nr_ops; ++i) {
               part.size = I->ops[i].size;
               emit_move(&b, part, I->ops[i], &info->nr_collect_moves);
               part.value += I->ops[i].size / 16;
            }
            break;
         }
         case AGX_OP_SPLIT: {
            unsigned n = I->nr_ops - 1;
            agx_operand part = I->ops[n];
            part.count = 1;
            for (unsigned i = 0; i < n; ++i) {
               part.size = I->ops[i].size;
               emit_move(&b, I->ops[i], part, &info->nr_split_moves);
               part.value += I->ops[i].size / 16;
            }
            break;
         }
         case AGX_OP_PRELOAD:
            break;
         default:
            assert(!"phis are lowered before register allocation");
            break;
         }
         agx_remove(I);
      }
   }
}
