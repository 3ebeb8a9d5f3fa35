/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Register allocation: linear scan over live intervals.
 *
 * Instructions are numbered in program order.  A value's interval is the
 * hull of its definitions, uses and the block boundaries where it is live,
 * so two values whose intervals are disjoint are never live at the same
 * time, in any control flow and under any execution mask.  Definitions of
 * an instruction start at the same point as the instruction's uses, so a
 * destination never shares a register with a source of its own
 * instruction: register vectors and pseudo copies can then be lowered
 * without ordering problems.
 *
 * Values are runs of 16-bit halves; 32-bit values start on an even half,
 * vectors of 64-bit values on a multiple of 4.  r0 (execution-mask nesting
 * counter in r0l) and r1 (link register) are never allocated (register ABI,
 * Mesa src/asahi/compiler/README.md).  Preloaded values keep the register
 * the hardware fills; their preload instructions come first, so they are
 * allocated before anything else can take those registers.  There is no
 * spilling yet: running out of registers
 * fails the compile.
 */

#include <stdlib.h>
#include <string.h>

#include "agx_compiler.h"

#define AGX_NR_HALVES 256
#define AGX_FIRST_FREE_HALF 4

struct interval {
   unsigned value;
   unsigned start, end;
};

static int
cmp_interval(const void *a, const void *b)
{
   const struct interval *x = a, *y = b;
   if (x->start != y->start)
      return x->start < y->start ? -1 : 1;
   return x->value < y->value ? -1 : (x->value > y->value);
}

static unsigned
value_align(const struct agx_value *v)
{
   if (v->size == 64)
      return 4;
   return v->size == 32 ? 2 : 1;
}

bool
agx_ra(agx_context *ctx)
{
   unsigned n = ctx->nr_values;
   struct interval *iv = calloc(n ? n : 1, sizeof(*iv));
   bool *seen = calloc(n ? n : 1, sizeof(bool));

   for (unsigned v = 0; v < n; ++v) {
      iv[v].value = v;
      iv[v].start = ~0u;
      iv[v].end = 0;
   }

   agx_liveness(ctx);

   unsigned pos = 0;
   agx_foreach_block(ctx, blk) {
      blk->start = 2 * pos;
      unsigned count = 0;
      agx_foreach_instr(blk, I) {
         agx_foreach_op(I, i) {
            if (!agx_is_ssa(I->ops[i]))
               continue;
            struct interval *t = &iv[I->ops[i].value];
            seen[I->ops[i].value] = true;
            t->start = MIN2(t->start, 2 * pos);
            t->end = MAX2(t->end, 2 * pos);
         }
         pos++;
         count++;
      }
      blk->end = count ? 2 * (pos - 1) + 1 : blk->start;

      for (unsigned v = 0; v < n; ++v) {
         if (BITSET_TEST(blk->live_in, v)) {
            iv[v].start = MIN2(iv[v].start, blk->start);
            iv[v].end = MAX2(iv[v].end, blk->start);
         }
         if (BITSET_TEST(blk->live_out, v)) {
            iv[v].start = MIN2(iv[v].start, blk->end);
            iv[v].end = MAX2(iv[v].end, blk->end);
         }
      }
   }

   qsort(iv, n, sizeof(*iv), cmp_interval);

   /* owner[h]: index in iv[] of the interval holding half h, or -1 */
   int owner[AGX_NR_HALVES];
   for (unsigned h = 0; h < AGX_NR_HALVES; ++h)
      owner[h] = -1;

   unsigned max_half = AGX_FIRST_FREE_HALF;
   bool ok = true;

   for (unsigned k = 0; k < n && ok; ++k) {
      struct agx_value *val = &ctx->values[iv[k].value];
      if (!seen[iv[k].value])
         continue;

      /* Expire intervals that ended before this one starts. */
      for (unsigned h = 0; h < AGX_NR_HALVES; ++h) {
         if (owner[h] >= 0 && iv[owner[h]].end < iv[k].start)
            owner[h] = -1;
      }

      unsigned size = agx_value_halves(val);
      unsigned align = value_align(val);
      int reg = -1;

      if (val->fixed >= 0) {
         reg = val->fixed;
         for (unsigned h = reg; h < reg + size; ++h) {
            if (owner[h] >= 0)
               reg = -1;
         }
      } else {
         for (unsigned r = AGX_FIRST_FREE_HALF; r + size <= AGX_NR_HALVES;
              r += align) {
            bool free = true;
            for (unsigned h = r; h < r + size && free; ++h)
               free = owner[h] < 0;
            if (free) {
               reg = (int)r;
               break;
            }
         }
      }

      if (reg < 0) {
         agx_fail(ctx, AGX_COMPILE_TOO_BIG,
                  "out of registers (no spilling yet)");
         ok = false;
         break;
      }

      val->reg = (int16_t)reg;
      for (unsigned h = reg; h < reg + size; ++h)
         owner[h] = (int)k;
      max_half = MAX2(max_half, reg + size);
   }

   free(iv);
   free(seen);
   if (!ok)
      return false;

   /* Rewrite operands to registers. */
   agx_foreach_instr_global(ctx, I) {
      agx_foreach_op(I, i) {
         if (!agx_is_ssa(I->ops[i]))
            continue;
         agx_operand *o = &I->ops[i];
         o->kind = AGX_ISA_KIND_REG;
         o->value = ctx->values[o->value].reg;
      }
   }

   ctx->info->nr_gprs = AGX_ALIGN(max_half, 2);
   return true;
}
