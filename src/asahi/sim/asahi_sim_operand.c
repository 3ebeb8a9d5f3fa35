/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Operand access.  Register numbers come from the ISA library in 16-bit
 * halves (r5h is 11, r5 is 10 with size 32, r4_r5 is 8 with size 64).  A
 * 64-bit register pair holds its low word in the lower register (applegpu:
 * CoreState.get_reg64).  Indices wrap at the end of the file rather than
 * reading outside it.
 */

#include <assert.h>
#include <stdio.h>

#include "asahi_sim_float.h"
#include "asahi_sim_internal.h"

enum asahi_sim_status
asahi_sim_error(struct asahi_sim_group *g, enum asahi_sim_status status,
                const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(g->error, sizeof(g->error), fmt, ap);
   va_end(ap);
   return status;
}



double
asahi_sim_read_float(const struct asahi_sim_group *g,
                     const struct agx_isa_operand *o, unsigned lane)
{
   double v;
   if (o->kind == AGX_ISA_KIND_FIMM) {
      v = asahi_sim_minifloat((uint8_t)o->value);
   } else if (o->kind == AGX_ISA_KIND_IMM) {
      v = (double)o->value;
   } else {
      uint64_t raw = asahi_sim_read_raw(g, o, lane);
      if (o->size == 16)
         v = asahi_sim_f16_to_double((uint16_t)raw);
      else
         v = asahi_sim_f32_to_double((uint32_t)raw, true);
   }
   return asahi_sim_fabs_neg(v, o->flags & AGX_ISA_ABS, o->flags & AGX_ISA_NEG);
}


bool
asahi_sim_fcompare(unsigned cond, double a, double b, bool *valid)
{
   enum asahi_sim_order order = a != a   ? ASAHI_SIM_A_NAN
                                : b != b ? ASAHI_SIM_B_NAN
                                : a < b  ? ASAHI_SIM_LT
                                : a > b  ? ASAHI_SIM_GT
                                         : ASAHI_SIM_EQ;
   return asahi_sim_cond_holds(cond, order, valid);
}



enum asahi_sim_status
asahi_sim_lane_compare(struct asahi_sim_group *g, unsigned cc, bool is_float,
                       const struct agx_isa_operand *A,
                       const struct agx_isa_operand *B, unsigned lane,
                       bool *result)
{
   bool valid;
   if (is_float) {
      *result = asahi_sim_fcompare(cc, asahi_sim_read_float(g, A, lane),
                                   asahi_sim_read_float(g, B, lane), &valid);
   } else {
      *result = asahi_sim_icompare(cc, asahi_sim_read_int(g, A, lane),
                                   asahi_sim_src_bits(A),
                                   asahi_sim_read_int(g, B, lane),
                                   asahi_sim_src_bits(B), &valid);
   }
   if (!valid)
      return asahi_sim_error(g, ASAHI_SIM_ERR_DECODE,
                             "undefined %s condition %u",
                             is_float ? "float" : "integer", cc);
   return ASAHI_SIM_RUNNING;
}

/* icmpsel and fcmpsel share their operand layout (cc, D, A, B, X, Y):
 * D = (A cc B) ? X : Y, per lane, X and Y copied as raw bits. */
enum asahi_sim_status
asahi_sim_exec_cmpsel(struct asahi_sim_group *g, const struct agx_isa_instr *I,
                      bool is_float)
{
   static_assert(AGX_ISA_ICMPSEL_D == AGX_ISA_FCMPSEL_D &&
                    AGX_ISA_ICMPSEL_A == AGX_ISA_FCMPSEL_A &&
                    AGX_ISA_ICMPSEL_B == AGX_ISA_FCMPSEL_B &&
                    AGX_ISA_ICMPSEL_X == AGX_ISA_FCMPSEL_X &&
                    AGX_ISA_ICMPSEL_Y == AGX_ISA_FCMPSEL_Y &&
                    AGX_ISA_ICMPSEL_CC == AGX_ISA_FCMPSEL_CC,
                 "icmpsel and fcmpsel operands differ");
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_ICMPSEL_D);
   const struct agx_isa_operand *A = asahi_sim_op(I, AGX_ISA_ICMPSEL_A);
   const struct agx_isa_operand *B = asahi_sim_op(I, AGX_ISA_ICMPSEL_B);
   const struct agx_isa_operand *X = asahi_sim_op(I, AGX_ISA_ICMPSEL_X);
   const struct agx_isa_operand *Y = asahi_sim_op(I, AGX_ISA_ICMPSEL_Y);
   unsigned cc = (unsigned)asahi_sim_op(I, AGX_ISA_ICMPSEL_CC)->value;

   if (is_float) {
      foreach_active_lane (g, t) {
         bool c;
         enum asahi_sim_status st =
            asahi_sim_lane_compare(g, cc, is_float, A, B, t, &c);
         if (st != ASAHI_SIM_RUNNING)
            return st;
         asahi_sim_write(g, D, t, asahi_sim_read_raw(g, c ? X : Y, t));
      }
      return ASAHI_SIM_RUNNING;
   }
   /* Integers: the comparison inline, the widths once. */
   unsigned a_bits = asahi_sim_src_bits(A), b_bits = asahi_sim_src_bits(B);
   struct asahi_sim_src32 sa, sb, sx, sy;
   if (asahi_sim_resolve32(g, A, &sa) && asahi_sim_resolve32(g, B, &sb) &&
       asahi_sim_resolve32(g, X, &sx) && asahi_sim_resolve32(g, Y, &sy) &&
       D->kind == AGX_ISA_KIND_REG && D->size == 32 && (cc & 3) != 3) {
      /* 32-bit operands and result, a defined condition: each operand
       * resolved once. */
      uint32_t *d = asahi_sim_dest32(g, D);
      foreach_active_lane (g, t) {
         bool valid;
         bool c = asahi_sim_icompare(cc, asahi_sim_src32_lane(&sa, t), a_bits,
                                     asahi_sim_src32_lane(&sb, t), b_bits,
                                     &valid);
         d[t] = asahi_sim_src32_lane(c ? &sx : &sy, t);
      }
      return ASAHI_SIM_RUNNING;
   }
   foreach_active_lane (g, t) {
      bool valid;
      bool c = asahi_sim_icompare(cc, asahi_sim_read_int(g, A, t), a_bits,
                                  asahi_sim_read_int(g, B, t), b_bits, &valid);
      if (!valid)
         return asahi_sim_error(g, ASAHI_SIM_ERR_DECODE,
                                "undefined integer condition %u", cc);
      asahi_sim_write(g, D, t, asahi_sim_read_raw(g, c ? X : Y, t));
   }
   return ASAHI_SIM_RUNNING;
}
