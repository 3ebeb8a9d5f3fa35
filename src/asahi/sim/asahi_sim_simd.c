/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Cross-lane operations: ballots and SIMD shuffles.
 *
 * Ballots (applegpu ICmpBallot exec, hardware-tested): bit t of the result
 * is the comparison in active lane t; the result goes to every active lane.
 *
 * Shuffles (applegpu SimdShuffle* exec; simd_shuffle and _down are
 * hardware-tested, the others are not): the hardware moves data in quads.
 * For each quad it ORs the low two bits of the lane index of all four lanes,
 * active or not, and uses that as the position inside the source quad;
 * the upper bits of each lane's own index pick the quad.  An index out of
 * range returns the lane's own value.  This is reverse-engineered
 * behaviour; it agrees with Metal's results when every lane of a quad asks
 * for the same position.
 */

#include "asahi_sim_float.h"
#include "asahi_sim_internal.h"

static enum asahi_sim_status
exec_ballot(struct asahi_sim_group *g, const struct agx_isa_instr *I,
            bool is_float)
{
   /* icmp_ballot and fcmp_ballot share the layout D, cc, A, B. */
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_ICMP_BALLOT_D);
   const struct agx_isa_operand *A = asahi_sim_op(I, AGX_ISA_ICMP_BALLOT_A);
   const struct agx_isa_operand *B = asahi_sim_op(I, AGX_ISA_ICMP_BALLOT_B);
   unsigned cc = (unsigned)asahi_sim_op(I, AGX_ISA_ICMP_BALLOT_CC)->value;
   uint32_t result = 0;

   foreach_active_lane (g, t) {
      bool c;
      enum asahi_sim_status st =
         asahi_sim_lane_compare(g, cc, is_float, A, B, t, &c);
      if (st != ASAHI_SIM_RUNNING)
         return st;
      if (c)
         result |= 1u << t;
   }

   foreach_active_lane (g, t)
      asahi_sim_write(g, D, t, result);
   return ASAHI_SIM_RUNNING;
}

static void
exec_shuffle(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_SIMD_SHUFFLE_D);
   const struct agx_isa_operand *A = asahi_sim_op(I, AGX_ISA_SIMD_SHUFFLE_A);
   const struct agx_isa_operand *B = asahi_sim_op(I, AGX_ISA_SIMD_SHUFFLE_B);
   uint64_t a[ASAHI_SIM_LANES];
   uint64_t b[ASAHI_SIM_LANES];
   unsigned quad_bits[ASAHI_SIM_LANES / 4] = {0};

   /* Snapshot first: D may alias A or B. */
   for (unsigned t = 0; t < ASAHI_SIM_LANES; t++) {
      a[t] = asahi_sim_read_raw(g, A, t);
      b[t] = asahi_sim_read_raw(g, B, t);
      quad_bits[t / 4] |= b[t] & 3;
   }

   foreach_active_lane (g, t) {
      uint64_t idx = b[t];
      uint64_t src; /* the lane whose quad supplies the value */
      unsigned q;
      uint64_t r = a[t];

      /* The position inside the source quad uses that quad's OR of index
       * bits (applegpu builds one table per source quad). */
      switch (I->op) {
      case AGX_ISA_OP_SIMD_SHUFFLE:
         if (idx < ASAHI_SIM_LANES) {
            q = quad_bits[idx / 4];
            r = a[(idx & ~3ull) + q];
         }
         break;
      case AGX_ISA_OP_SIMD_SHUFFLE_DOWN:
         src = idx + t;
         if (src < ASAHI_SIM_LANES) {
            q = quad_bits[src / 4];
            r = a[(src & ~3ull) + ((t + q) & 3)];
         }
         break;
      case AGX_ISA_OP_SIMD_SHUFFLE_UP:
         if (idx <= t) {
            src = t - idx;
            q = quad_bits[src / 4];
            r = a[(src & ~3ull) + ((t - q) & 3)];
         }
         break;
      case AGX_ISA_OP_SIMD_SHUFFLE_ROTATE_UP:
         src = (t - idx) & 31;
         q = quad_bits[src / 4];
         r = a[(src & ~3ull) + ((t - q) & 3)];
         break;
      default: /* SIMD_SHUFFLE_XOR */
         src = t ^ idx;
         if (src < ASAHI_SIM_LANES) {
            q = quad_bits[src / 4];
            r = a[(src & ~3ull) + ((t ^ q) & 3)];
         }
         break;
      }
      asahi_sim_write(g, D, t, r);
   }
}

enum asahi_sim_status
asahi_sim_exec_simd(struct asahi_sim_group *g, struct asahi_sim_exec *x)
{
   const struct agx_isa_instr *I = x->I;

   switch (I->op) {
   case AGX_ISA_OP_ICMP_BALLOT:
      return exec_ballot(g, I, false);
   case AGX_ISA_OP_FCMP_BALLOT:
      return exec_ballot(g, I, true);
   case AGX_ISA_OP_SIMD_SHUFFLE:
   case AGX_ISA_OP_SIMD_SHUFFLE_DOWN:
   case AGX_ISA_OP_SIMD_SHUFFLE_UP:
   case AGX_ISA_OP_SIMD_SHUFFLE_ROTATE_UP:
   case AGX_ISA_OP_SIMD_SHUFFLE_XOR:
      exec_shuffle(g, I);
      return ASAHI_SIM_RUNNING;
   default:
      return ASAHI_SIM_ERR_UNSUPPORTED;
   }
}
