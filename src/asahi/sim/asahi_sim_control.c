/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Control flow: the execution-mask stack and branches.
 *
 * r0l counts, per lane, how many nested constructs disabled the lane; a
 * lane is active when its count is 0 (applegpu docs, "Conditional
 * Execution").  The if/else/while/pop_exec forms update r0l for every lane,
 * active or not, then set exec[t] = (r0l[t] == 0) (applegpu
 * IfICmp/ElseICmp/WhileICmp/PopExec exec, hardware-tested for the icmp
 * forms).  Branches (jmp_exec_any/none, call, ret) have no exec in
 * applegpu; their pseudocode there is followed: offsets are bytes from the
 * start of the branch, call writes the return address pc + 6 to r1 of the
 * active lanes, and ret jumps to a 32-bit register (taken from the first
 * active lane; lanes disagreeing is not modelled).
 */

#include "asahi_sim_internal.h"

static enum asahi_sim_status
exec_mask_op(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   bool is_float = I->op == AGX_ISA_OP_IF_FCMP ||
                   I->op == AGX_ISA_OP_ELSE_FCMP ||
                   I->op == AGX_ISA_OP_WHILE_FCMP;
   /* All six forms share the layout D(r0l), cc, A, B, n. */
   const struct agx_isa_operand *A = asahi_sim_op(I, AGX_ISA_IF_ICMP_A);
   const struct agx_isa_operand *B = asahi_sim_op(I, AGX_ISA_IF_ICMP_B);
   unsigned cc = (unsigned)asahi_sim_op(I, AGX_ISA_IF_ICMP_CC)->value;
   unsigned n = (unsigned)asahi_sim_op(I, AGX_ISA_IF_ICMP_N)->value;
   uint32_t exec = 0;

   for (unsigned t = 0; t < ASAHI_SIM_LANES; t++) {
      unsigned v = asahi_sim_get16(g, 0, t);
      bool c = false;

      /* Only evaluate the condition where it is used, so lanes that skip
       * it cannot fail on it. */
      bool need;
      if (I->op == AGX_ISA_OP_IF_ICMP || I->op == AGX_ISA_OP_IF_FCMP)
         need = v == 0;
      else if (I->op == AGX_ISA_OP_ELSE_ICMP || I->op == AGX_ISA_OP_ELSE_FCMP)
         need = v == 1;
      else
         need = v < n;

      if (need) {
         enum asahi_sim_status st =
            asahi_sim_lane_compare(g, cc, is_float, A, B, t, &c);
         if (st != ASAHI_SIM_RUNNING)
            return st;
      }

      switch (I->op) {
      case AGX_ISA_OP_IF_ICMP:
      case AGX_ISA_OP_IF_FCMP:
         if (v != 0)
            v += n;
         else if (!c)
            v = 1;
         break;
      case AGX_ISA_OP_ELSE_ICMP:
      case AGX_ISA_OP_ELSE_FCMP:
         if (v == 0)
            v = n;
         else if (v == 1)
            v = c ? 0 : 1;
         break;
      default: /* while */
         if (v < n)
            v = c ? 0 : n;
         break;
      }

      asahi_sim_set16(g, 0, t, (uint16_t)v);
      if ((v & 0xffff) == 0)
         exec |= 1u << t;
   }

   g->written[0] |= 1;
   g->exec = exec & g->launched;
   return ASAHI_SIM_RUNNING;
}

static void
exec_pop(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   unsigned n = (unsigned)asahi_sim_op(I, AGX_ISA_POP_EXEC_N)->value;
   uint32_t exec = 0;

   for (unsigned t = 0; t < ASAHI_SIM_LANES; t++) {
      unsigned v = asahi_sim_get16(g, 0, t);
      v = v > n ? v - n : 0;
      asahi_sim_set16(g, 0, t, (uint16_t)v);
      if (v == 0)
         exec |= 1u << t;
   }
   g->written[0] |= 1;
   g->exec = exec & g->launched;
}

/* ret/call take a bare 32-bit register; accept it as a number or as a
 * register operand counted in halves. */
static unsigned
reg32_index(const struct agx_isa_operand *o)
{
   unsigned v = (unsigned)o->value;
   return (o->kind == AGX_ISA_KIND_REG ? v >> 1 : v) % ASAHI_SIM_GPRS;
}

static unsigned
first_active_lane(const struct asahi_sim_group *g)
{
   return g->exec ? (unsigned)__builtin_ctz(g->exec) : 0;
}

enum asahi_sim_status
asahi_sim_exec_control(struct asahi_sim_group *g, struct asahi_sim_exec *x)
{
   const struct agx_isa_instr *I = x->I;

   switch (I->op) {
   case AGX_ISA_OP_IF_ICMP:
   case AGX_ISA_OP_IF_FCMP:
   case AGX_ISA_OP_ELSE_ICMP:
   case AGX_ISA_OP_ELSE_FCMP:
   case AGX_ISA_OP_WHILE_ICMP:
   case AGX_ISA_OP_WHILE_FCMP:
      return exec_mask_op(g, I);
   case AGX_ISA_OP_POP_EXEC:
      exec_pop(g, I);
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_STOP:
      return ASAHI_SIM_STOPPED;
   case AGX_ISA_OP_TRAP:
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC, "trap at pc 0x%llx",
                             (unsigned long long)x->pc);
   case AGX_ISA_OP_JMP_EXEC_ANY:
      if (g->exec)
         x->next_pc = x->pc + asahi_sim_op(I, AGX_ISA_JMP_EXEC_ANY_OFF)->value;
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_JMP_EXEC_NONE:
      if (!g->exec)
         x->next_pc = x->pc + asahi_sim_op(I, AGX_ISA_JMP_EXEC_NONE_OFF)->value;
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_CALL:
      foreach_active_lane (g, t) {
         g->r[1][t] = (uint32_t)(x->pc + I->length);
      }
      g->written[0] |= 2;
      x->next_pc = x->pc + asahi_sim_op(I, AGX_ISA_CALL_OFF)->value;
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_CALL_REG: {
      unsigned reg = reg32_index(asahi_sim_op(I, AGX_ISA_CALL_REG_REG32));
      uint32_t target = g->r[reg][first_active_lane(g)];
      foreach_active_lane (g, t) {
         g->r[1][t] = (uint32_t)(x->pc + I->length);
      }
      g->written[0] |= 2;
      x->next_pc = target;
      return ASAHI_SIM_RUNNING;
   }
   case AGX_ISA_OP_RET: {
      unsigned reg = reg32_index(asahi_sim_op(I, AGX_ISA_RET_REG32));
      x->next_pc = g->r[reg][first_active_lane(g)];
      return ASAHI_SIM_RUNNING;
   }
   default:
      return ASAHI_SIM_ERR_UNSUPPORTED;
   }
}
