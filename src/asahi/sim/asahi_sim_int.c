/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Integer ALU: moves, special registers, add/multiply-add, shifts and
 * bitfields, bit manipulation, integer select and convert.
 *
 * Semantics are applegpu's (applegpu.py: IAdd/IMAdd/Bitfield/Bitop/...
 * InstructionDesc.exec_thread and their documented pseudocode), which
 * hwtest.py checks on an M1 for most of these; see docs/simulator.rst for
 * which families were hardware-tested.  All lanes compute independently,
 * so lanes run in order and only active lanes are written.
 */

#include <math.h>

#include "asahi_sim_float.h"
#include "asahi_sim_internal.h"

typedef unsigned __int128 u128;
typedef __int128 s128;

/* --- special registers (get_sr) ---------------------------------------- */

static bool
read_sr(const struct asahi_sim_group *g, unsigned sr, unsigned lane,
        uint32_t *out)
{
   const struct asahi_sim_dispatch *d = &g->dispatch;
   uint32_t below = g->exec & ((1u << lane) - 1);
   uint32_t tsize[3] = {
      d->threads_per_threadgroup[0] ? d->threads_per_threadgroup[0] : 1,
      d->threads_per_threadgroup[1] ? d->threads_per_threadgroup[1] : 1,
      d->threads_per_threadgroup[2] ? d->threads_per_threadgroup[2] : 1,
   };
   uint32_t linear = d->first_thread_in_threadgroup + lane;

   /* Numbers and names: applegpu.py SR_NAMES. */
   switch (sr) {
   case 0:
   case 1:
   case 2:
      *out = d->threadgroup_position[sr];
      return true;
   case 4:
   case 5:
   case 6:
      *out = d->threads_per_threadgroup[sr - 4];
      return true;
   case 8:
   case 9:
   case 10:
      *out = d->dispatch_threads_per_tg[sr - 8];
      return true;
   case 20:
      *out = d->core_index;
      return true;
   case 21:
      *out = d->vm_slot;
      return true;
   case 48:
      *out = linear % tsize[0];
      return true;
   case 49:
      *out = (linear / tsize[0]) % tsize[1];
      return true;
   case 50:
      *out = linear / (tsize[0] * tsize[1]);
      return true;
   case 51:
      *out = linear;
      return true;
   case 52:
      *out = lane;
      return true;
   case 53:
      *out = d->simdgroup_index;
      return true;
   case 56:
      *out = (uint32_t)__builtin_popcount(below & (0xfu << (lane & ~3u)));
      return true;
   case 58:
      *out = (uint32_t)__builtin_popcount(below);
      return true;
   case 60:
   case 124:
      *out = d->coverage_mask[lane];
      return true;
   case 62:
      *out = d->backfacing;
      return true;
   case 63:
      *out = ((g->exec & ~d->helper_mask) >> lane) & 1;
      return true;
   case 80:
   case 81:
   case 82:
      *out = d->grid_position[lane][sr - 80];
      return true;
   default:
      return false;
   }
}

/* --- add and multiply-add ---------------------------------------------- */

static s128
saturate(s128 v, unsigned bits, bool is_signed)
{
   s128 lo, hi;
   if (is_signed) {
      lo = -((s128)1 << (bits - 1));
      hi = ((s128)1 << (bits - 1)) - 1;
   } else {
      lo = 0;
      hi = ((s128)1 << bits) - 1;
   }
   return v < lo ? lo : (v > hi ? hi : v);
}

/* An integer source as a mathematical integer: sign-extended with .sx. */
static s128
int_value(const struct asahi_sim_group *g, const struct agx_isa_operand *o,
          unsigned lane)
{
   uint64_t v = asahi_sim_read_int(g, o, lane);
   bool sx = (o->flags & AGX_ISA_SX) &&
             (o->kind == AGX_ISA_KIND_REG || o->kind == AGX_ISA_KIND_UREG);
   return sx ? (s128)(int64_t)v : (s128)v;
}

static void
exec_iadd(struct asahi_sim_group *g, const struct agx_isa_instr *I, bool sub)
{
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_IADD_D);
   const struct agx_isa_operand *A = asahi_sim_op(I, AGX_ISA_IADD_A);
   const struct agx_isa_operand *B = asahi_sim_op(I, AGX_ISA_IADD_B);
   unsigned shift = (unsigned)asahi_sim_op(I, AGX_ISA_IADD_SHIFT)->value;
   bool sat = asahi_sim_op(I, AGX_ISA_IADD_S)->value && shift == 0 &&
              asahi_sim_src_bits(A) <= 32 && asahi_sim_src_bits(B) <= 32 &&
              D->size <= 32;
   bool is_signed = (A->flags | B->flags) & AGX_ISA_SX;

   foreach_active_lane (g, t) {
      s128 a = int_value(g, A, t);
      s128 b = int_value(g, B, t);
      if (sub)
         b = -b;
      /* Shifts of 5..7 zero the term (applegpu; hardware-tested). */
      b = shift < 5 ? (s128)((u128)b << shift) : 0;
      s128 r = a + b;
      if (sat)
         r = saturate(r, D->size, is_signed);
      asahi_sim_write(g, D, t, (uint64_t)r);
   }
}

static void
exec_imadd(struct asahi_sim_group *g, const struct agx_isa_instr *I, bool sub)
{
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_IMADD_D);
   const struct agx_isa_operand *A = asahi_sim_op(I, AGX_ISA_IMADD_A);
   const struct agx_isa_operand *B = asahi_sim_op(I, AGX_ISA_IMADD_B);
   const struct agx_isa_operand *C = asahi_sim_op(I, AGX_ISA_IMADD_C);
   unsigned shift = (unsigned)asahi_sim_op(I, AGX_ISA_IMADD_SHIFT)->value;
   bool sat = asahi_sim_op(I, AGX_ISA_IMADD_S)->value && shift == 0 &&
              asahi_sim_src_bits(C) <= 32 && D->size <= 32;
   bool is_signed = (A->flags | B->flags | C->flags) & AGX_ISA_SX;

   foreach_active_lane (g, t) {
      s128 a = int_value(g, A, t);
      s128 b = int_value(g, B, t);
      s128 c = int_value(g, C, t);
      if (sub)
         c = -c;
      c = shift < 5 ? (s128)((u128)c << shift) : 0;
      /* a and b are at most 32 bits, so the product fits. */
      s128 r = a * b + c;
      if (sat)
         r = saturate(r, D->size, is_signed);
      asahi_sim_write(g, D, t, (uint64_t)r);
   }
}

/* --- shifts and bitfields ---------------------------------------------- */

static u128
shl128(u128 v, unsigned n)
{
   return n >= 128 ? 0 : v << n;
}

static u128
shr128(u128 v, unsigned n)
{
   return n >= 128 ? 0 : v >> n;
}

static void
exec_bitfield(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   /* All five forms share the operand layout of bfi. */
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_BFI_D);
   const struct agx_isa_operand *A = asahi_sim_op(I, AGX_ISA_BFI_A);
   const struct agx_isa_operand *B = asahi_sim_op(I, AGX_ISA_BFI_B);
   const struct agx_isa_operand *C = asahi_sim_op(I, AGX_ISA_BFI_C);
   unsigned m = (unsigned)asahi_sim_op(I, AGX_ISA_BFI_M)->value;
   u128 mask = m ? (((u128)1 << m) - 1) : 0xffffffffu;

   foreach_active_lane (g, t) {
      u128 a = asahi_sim_read_int(g, A, t);
      u128 b = asahi_sim_read_int(g, B, t);
      unsigned s = asahi_sim_read_int(g, C, t) & 0x7f;
      u128 r, sm;

      switch (I->op) {
      case AGX_ISA_OP_BFI:
         r = (a & ~shl128(mask, s)) | shl128(b & mask, s);
         break;
      case AGX_ISA_OP_BFEIL:
         r = (a & ~mask) | (shr128(b, s) & mask);
         break;
      case AGX_ISA_OP_EXTR:
         r = shr128((b << 32) | a, s) & mask;
         break;
      case AGX_ISA_OP_SHLHI:
         sm = shl128(mask, s > 32 ? s - 32 : 0);
         r = (shr128(shl128(b, s), 32) & sm) | (a & ~sm);
         break;
      default: /* SHRHI */
         sm = shr128(mask << 32, s < 32 ? s : 32);
         r = (shr128(b << 32, s) & sm) | (a & ~sm);
         break;
      }
      asahi_sim_write(g, D, t, (uint64_t)r);
   }
}

static void
exec_asr(struct asahi_sim_group *g, const struct agx_isa_instr *I, bool high)
{
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_ASR_D);
   const struct agx_isa_operand *A = asahi_sim_op(I, AGX_ISA_ASR_A);
   const struct agx_isa_operand *B = asahi_sim_op(I, AGX_ISA_ASR_B);

   foreach_active_lane (g, t) {
      s128 a = (int64_t)asahi_sim_sext(asahi_sim_read_raw(g, A, t),
                                       asahi_sim_src_bits(A));
      unsigned s = asahi_sim_read_int(g, B, t) & 0x7f;
      if (high)
         a *= (s128)1 << 32;
      asahi_sim_write(g, D, t, (uint64_t)(a >> s));
   }
}

/* --- bit manipulation -------------------------------------------------- */

static void
exec_bitop(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_BITOP_D);
   const struct agx_isa_operand *A = asahi_sim_op(I, AGX_ISA_BITOP_A);
   const struct agx_isa_operand *B = asahi_sim_op(I, AGX_ISA_BITOP_B);
   /* Bit i of the table is tt_i. */
   unsigned tt = (unsigned)asahi_sim_op(I, AGX_ISA_BITOP_TT)->value;

   /* 32-bit results of 32-bit operands: the operands resolved once (the
    * result's low 32 bits only depend on theirs). */
   struct asahi_sim_src32 sa, sb;
   if (asahi_sim_resolve32(g, A, &sa) && asahi_sim_resolve32(g, B, &sb) &&
       D->kind == AGX_ISA_KIND_REG && D->size == 32) {
      uint32_t *d = asahi_sim_dest32(g, D);
      foreach_active_lane (g, t) {
         uint32_t a = asahi_sim_src32_lane(&sa, t);
         uint32_t b = asahi_sim_src32_lane(&sb, t);
         d[t] = tt == 0xc || tt == 0x3
                   ? a
                   : ((tt & 1) ? ~a & ~b : 0) | ((tt & 2) ? a & ~b : 0) |
                        ((tt & 4) ? ~a & b : 0) | ((tt & 8) ? a & b : 0);
      }
      return;
   }

   foreach_active_lane (g, t) {
      uint64_t a = asahi_sim_read_int(g, A, t);
      uint64_t b = asahi_sim_read_int(g, B, t);
      uint64_t r = 0;
      if (tt == 0xc || tt == 0x3) {
         /* 0011 and 1100 are documented UNDEFINED; applegpu returns A. */
         r = a;
      } else {
         if (tt & 1)
            r |= ~a & ~b;
         if (tt & 2)
            r |= a & ~b;
         if (tt & 4)
            r |= ~a & b;
         if (tt & 8)
            r |= a & b;
      }
      asahi_sim_write(g, D, t, r);
   }
}

static void
exec_iunary(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   /* bitrev, popcount and ffs share the layout D, A. */
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_BITREV_D);
   const struct agx_isa_operand *A = asahi_sim_op(I, AGX_ISA_BITREV_A);

   foreach_active_lane (g, t) {
      uint32_t a = (uint32_t)asahi_sim_read_int(g, A, t);
      uint64_t r;
      switch (I->op) {
      case AGX_ISA_OP_BITREV:
         r = 0;
         for (unsigned i = 0; i < 32; i++)
            r |= (uint64_t)((a >> i) & 1) << (31 - i);
         break;
      case AGX_ISA_OP_POPCOUNT:
         r = (uint64_t)__builtin_popcount(a);
         break;
      default: /* FFS: index of the highest set bit, all ones if none */
         r = a ? (uint64_t)(31 - __builtin_clz(a)) : ~0ull;
         break;
      }
      asahi_sim_write(g, D, t, r);
   }
}

static void
exec_intl(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   /* applegpu InterleaveInstructionDesc pseudocode (no exec there): bits of
    * A go to even positions, bits of B to odd ones. */
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_INTL_D);
   const struct agx_isa_operand *A = asahi_sim_op(I, AGX_ISA_INTL_A);
   const struct agx_isa_operand *B = asahi_sim_op(I, AGX_ISA_INTL_B);

   foreach_active_lane (g, t) {
      uint64_t a = asahi_sim_read_int(g, A, t);
      uint64_t b = asahi_sim_read_int(g, B, t);
      uint64_t r = 0;
      for (unsigned i = 0; i < 16; i++) {
         r |= ((a >> i) & 1) << (2 * i);
         r |= ((b >> i) & 1) << (2 * i + 1);
      }
      asahi_sim_write(g, D, t, r);
   }
}

/* --- convert ----------------------------------------------------------- */

/*
 * applegpu names the modes but has no exec for convert: the semantics here
 * are inferred (medium confidence): integer-to-float reads the low 8/16/32
 * bits of the source and rounds to the destination's float width with the
 * given rounding; float-to-integer reads a float of the source's width,
 * rounds, saturates to the integer range, and NaN gives 0 (as Metal's
 * conversions do).
 */
static enum asahi_sim_status
exec_convert(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_CONVERT_D);
   const struct agx_isa_operand *S = asahi_sim_op(I, AGX_ISA_CONVERT_SRC);
   unsigned mode = (unsigned)asahi_sim_op(I, AGX_ISA_CONVERT_MODE)->value;
   bool rte = asahi_sim_op(I, AGX_ISA_CONVERT_ROUND)->value == 1;

   foreach_active_lane (g, t) {
      uint64_t raw = asahi_sim_read_raw(g, S, t);
      double v;
      uint64_t r;

      switch (mode) {
      case 0:
         v = (double)(uint8_t)raw;
         goto to_float;
      case 1:
         v = (double)(int8_t)raw;
         goto to_float;
      case 6:
         v = (double)(uint16_t)raw;
         goto to_float;
      case 7:
         v = (double)(int16_t)raw;
         goto to_float;
      case 10:
         v = (double)(uint32_t)raw;
         goto to_float;
      case 11:
         v = (double)(int32_t)raw;
         goto to_float;
      case 4:
      case 5:
      case 8:
      case 9: {
         double f = S->size == 16
                       ? asahi_sim_f16_to_double((uint16_t)raw)
                       : asahi_sim_f32_to_double((uint32_t)raw, true);
         double lo, hi;
         if (mode == 4) {
            lo = 0;
            hi = 65535.0;
         } else if (mode == 5) {
            lo = -32768.0;
            hi = 32767.0;
         } else if (mode == 8) {
            lo = 0;
            hi = 4294967295.0;
         } else {
            lo = -2147483648.0;
            hi = 2147483647.0;
         }
         if (isnan(f))
            f = 0;
         f = rte ? nearbyint(f) : trunc(f);
         f = f < lo ? lo : (f > hi ? hi : f);
         r = (uint64_t)(int64_t)f;
         break;
      }
      default:
         return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED, "convert mode %u",
                                mode);
      }
      asahi_sim_write(g, D, t, r);
      continue;

   to_float:
      /* Integers up to 32 bits are exact in a double; one rounding. */
      if (D->size == 16) {
         if (!rte) {
            /* Round towards zero: truncate to an f16 value. */
            uint16_t h = asahi_sim_double_to_f16(v);
            if (fabs(asahi_sim_f16_to_double(h)) > fabs(v))
               h -= 1;
            r = h;
         } else {
            r = asahi_sim_double_to_f16(v);
         }
      } else {
         uint32_t f = asahi_sim_double_to_f32(v, true);
         if (!rte && fabs(asahi_sim_f32_to_double(f, false)) > fabs(v))
            f -= 1;
         r = f;
      }
      asahi_sim_write(g, D, t, r);
   }
   return ASAHI_SIM_RUNNING;
}

/* --- dispatcher -------------------------------------------------------- */

enum asahi_sim_status
asahi_sim_exec_int(struct asahi_sim_group *g, struct asahi_sim_exec *x)
{
   const struct agx_isa_instr *I = x->I;

   switch (I->op) {
   case AGX_ISA_OP_MOV_IMM16:
   case AGX_ISA_OP_MOV_IMM32: {
      const struct agx_isa_operand *D = asahi_sim_op(I, 0);
      uint64_t imm = (uint64_t)asahi_sim_op(I, 1)->value;
      foreach_active_lane (g, t)
         asahi_sim_write(g, D, t, imm);
      return ASAHI_SIM_RUNNING;
   }
   case AGX_ISA_OP_GET_SR: {
      const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_GET_SR_D);
      unsigned sr = (unsigned)asahi_sim_op(I, AGX_ISA_GET_SR_SR)->value;
      foreach_active_lane (g, t) {
         uint32_t v;
         if (!read_sr(g, sr, t, &v))
            return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                                   "special register sr%u", sr);
         asahi_sim_write(g, D, t, v);
      }
      return ASAHI_SIM_RUNNING;
   }
   case AGX_ISA_OP_IADD:
   case AGX_ISA_OP_ISUB:
      exec_iadd(g, I, I->op == AGX_ISA_OP_ISUB);
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_IMADD:
   case AGX_ISA_OP_IMSUB:
      exec_imadd(g, I, I->op == AGX_ISA_OP_IMSUB);
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_BFI:
   case AGX_ISA_OP_BFEIL:
   case AGX_ISA_OP_EXTR:
   case AGX_ISA_OP_SHLHI:
   case AGX_ISA_OP_SHRHI:
      exec_bitfield(g, I);
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_ASR:
   case AGX_ISA_OP_ASRH:
      exec_asr(g, I, I->op == AGX_ISA_OP_ASRH);
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_BITOP:
      exec_bitop(g, I);
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_BITREV:
   case AGX_ISA_OP_POPCOUNT:
   case AGX_ISA_OP_FFS:
      exec_iunary(g, I);
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_INTL:
      exec_intl(g, I);
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_ICMPSEL:
      return asahi_sim_exec_cmpsel(g, I, false);
   case AGX_ISA_OP_CONVERT:
      return exec_convert(g, I);
   default:
      return ASAHI_SIM_ERR_UNSUPPORTED;
   }
}
