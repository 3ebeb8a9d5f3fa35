/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * IR validator, run after every pass in debug builds (and by the tests).
 * Checks: operand counts of pseudo instructions; every value is defined
 * exactly once (phis included) and every use sees a definition earlier in
 * program order or in a phi; operands agree with the value's size and
 * element count; collect/split shapes; hardware operands that must be
 * written are values or registers.
 */

#include <stdarg.h>
#include <stdlib.h>

#include "agx_compiler.h"

struct vstate {
   const agx_context *ctx;
   char *msg;
   size_t size;
   const char *after;
   bool ok;
};

static void
fail(struct vstate *s, const agx_instr *I, const char *fmt, ...)
{
   if (!s->ok)
      return;
   s->ok = false;
   int n = snprintf(s->msg, s->size, "after %s: ", s->after);
   if (n < 0 || (size_t)n >= s->size)
      return;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(s->msg + n, s->size - n, fmt, ap);
   va_end(ap);
   (void)I;
}

bool
agx_validate(const agx_context *ctx, const char *after, char *msg, size_t size)
{
   struct vstate s = {ctx, msg, size, after, true};
   unsigned n = ctx->nr_values;
   uint8_t *defs = calloc(n ? n : 1, 1);

   /* definitions (multiple definitions exist only for phi webs, which are
    * not SSA: agx_lower_phis marks them by leaving phis out) */
   agx_foreach_instr_global(ctx, I)
   {
      if (agx_is_pseudo(I->op)) {
         unsigned need = 0;
         switch (I->op) {
         case AGX_OP_MOV:
         case AGX_OP_PRELOAD:
            need = 2;
            break;
         case AGX_OP_COLLECT: {
            /* n elements from n values, or one wide value from narrower
             * ones (a 64-bit pair from two 32-bit values) */
            unsigned bits = 0;
            for (unsigned i = 1; i < I->nr_ops; ++i)
               bits += I->ops[i].size * I->ops[i].count;
            bool same = I->ops[0].count == I->nr_ops - 1;
            bool wide = I->ops[0].count == 1 &&
                        bits == (unsigned)I->ops[0].size;
            if (I->nr_ops < 2 || (!same && !wide))
               fail(&s, I, "collect of %u values into %u elements",
                    I->nr_ops - 1, I->ops[0].count);
            break;
         }
         case AGX_OP_SPLIT: {
            unsigned bits = 0;
            const agx_operand *v = &I->ops[I->nr_ops - 1];
            for (unsigned i = 0; i + 1 < I->nr_ops; ++i)
               bits += I->ops[i].size * I->ops[i].count;
            if (I->nr_ops < 2 || bits != (unsigned)v->size * v->count)
               fail(&s, I, "split of %u bits into %u bits", v->size * v->count,
                    bits);
            break;
         }
         default:
            break;
         }
         if (need && I->nr_ops != need)
            fail(&s, I, "pseudo op %u with %u operands", I->op, I->nr_ops);
      } else if (I->nr_ops != agx_isa_op_info(I->op)->nr_operands) {
         fail(&s, I, "%s with %u operands", agx_isa_op_info(I->op)->name,
              I->nr_ops);
      }

      agx_foreach_op(I, i)
      {
         const agx_operand *o = &I->ops[i];
         if (!agx_is_ssa(*o))
            continue;
         if (o->value >= n) {
            fail(&s, I, "value %%%u out of range", (unsigned)o->value);
            continue;
         }
         const struct agx_value *v = &ctx->values[o->value];
         if (v->size != o->size || v->count != o->count)
            fail(&s, I, "%%%u used as %ux%u but is %ux%u", (unsigned)o->value,
                 o->size, o->count, v->size, v->count);
         if ((I->writes >> i) & 1) {
            if (defs[o->value] == 255)
               continue;
            defs[o->value]++;
         }
      }
   }

   /* Uses before definitions, in program order (phi sources exempt).  A
    * value with one definition must be defined before every use: reaching
    * a use from a later definition needs a back edge, i.e. a phi web
    * (several definitions).  This catches an operand materialised after
    * the instruction that reads it (its register is read before it is
    * written: a silent miscompile otherwise). */
   uint8_t *seen = calloc(n ? n : 1, 1);
   agx_foreach_instr_global(ctx, I)
   {
      if (I->op != AGX_OP_PHI) {
         agx_foreach_src(I, i)
         {
            if (!agx_is_ssa(I->ops[i]) || I->ops[i].value >= n ||
                seen[I->ops[i].value])
               continue;
            if (!defs[I->ops[i].value])
               fail(&s, I, "%%%u used but never defined",
                    (unsigned)I->ops[i].value);
            else if (defs[I->ops[i].value] == 1)
               fail(&s, I, "%%%u used before its definition",
                    (unsigned)I->ops[i].value);
         }
      }
      agx_foreach_dest(I, i)
      {
         if (agx_is_ssa(I->ops[i]) && I->ops[i].value < n)
            seen[I->ops[i].value] = 1;
      }
   }

   free(seen);
   free(defs);
   return s.ok;
}
