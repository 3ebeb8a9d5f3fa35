/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Float ALU instructions: fmadd/fadd/fmul (32 and 16), fcmpsel (shared
 * with icmpsel in asahi_sim_operand.c) and the float unary ops.  The
 * number-format helpers they use (conversions, rounding, the fused
 * multiply-add) are in asahi_sim_float.c, which executes no instruction.
 *
 * Arithmetic (applegpu.py FMAdd32/FAdd32/FMul32... exec_thread and fma.py,
 * hardware-tested for the 32-bit forms and fmadd16): the exact result is
 * rounded once.  fadd is fma(a, 1, b) and fmul is fma(a, b, +0), so a
 * product of -0 is +0.  32-bit forms round to f32 with flush-to-zero first,
 * even when the destination is 16-bit (double rounding, hardware-checked).
 * .sat clamps to [0, 1] before the final rounding.
 *
 * Unary ops have no exec in applegpu; see the comments on each.
 */

#include <math.h>
#include <string.h>

#include "asahi_sim_float.h"
#include "asahi_sim_internal.h"

static void
write_float(struct asahi_sim_group *g, const struct agx_isa_operand *D,
            unsigned lane, double v, bool sat)
{
   if (sat)
      v = asahi_sim_saturate(v);
   if (D->size == 16)
      asahi_sim_write(g, D, lane, asahi_sim_double_to_f16(v));
   else
      asahi_sim_write(g, D, lane, asahi_sim_double_to_f32(v, true));
}

/* A 32-bit source as the floats the arithmetic takes: flushed to zero
 * (not float immediates), then .abs and .neg applied to the bits.  A
 * uniform or an immediate is converted once (lanes NULL, `value`); a
 * register's lanes each time, with the modifiers as masks. */
struct fast_src {
   const uint32_t *lanes;
   float value;
   uint32_t and_mask, xor_mask;
};

static uint32_t
fast_bits(const struct fast_src *f, uint32_t bits, bool flush)
{
   if (flush && !(bits & 0x7f800000u))
      bits &= 0x80000000u;
   return (bits & f->and_mask) ^ f->xor_mask;
}

/* false for other kinds and sizes */
static bool
fast_source(const struct asahi_sim_group *g, const struct agx_isa_operand *o,
            struct fast_src *f)
{
   f->lanes = NULL;
   f->and_mask = (o->flags & AGX_ISA_ABS) ? 0x7fffffffu : ~0u;
   f->xor_mask = (o->flags & AGX_ISA_NEG) ? 0x80000000u : 0;
   uint32_t bits;
   if (o->kind == AGX_ISA_KIND_FIMM) {
      float v = (float)asahi_sim_minifloat((uint8_t)o->value);
      memcpy(&bits, &v, sizeof(bits));
      bits = fast_bits(f, bits, false);
   } else if (o->kind == AGX_ISA_KIND_REG && o->size == 32) {
      f->lanes = g->r[((unsigned)o->value >> 1) % ASAHI_SIM_GPRS];
      return true;
   } else if (o->kind == AGX_ISA_KIND_UREG && o->size == 32) {
      bits = fast_bits(f, (uint32_t)asahi_sim_read_raw(g, o, 0), true);
   } else {
      return false;
   }
   memcpy(&f->value, &bits, sizeof(bits));
   return true;
}

/* A constant operand (fadd's multiplier 1, fmul's addend +0). */
static void
fast_constant(struct fast_src *f, float v)
{
   *f = (struct fast_src){.value = v};
}

static inline float
fast_value(const struct fast_src *f, unsigned t)
{
   if (!f->lanes)
      return f->value;
   uint32_t bits = fast_bits(f, f->lanes[t], true);
   float v;
   memcpy(&v, &bits, sizeof(v));
   return v;
}

/*
 * fmadd32/fadd32/fmul32 on 32-bit registers, uniforms and float
 * immediates into a 32-bit register: C's fmaf rounds the exact a * b + c
 * once to f32, which is what rounding to odd in double then to f32 gives
 * (asahi_sim_fma_odd).  Returns the lanes left to the general path: those
 * whose result is a NaN or below the normal range (where flushing and the
 * canonical NaN apply), or all of them when the operands do not fit.
 */
static uint32_t
fma32_fast(struct asahi_sim_group *g, const struct agx_isa_instr *I,
           const struct agx_isa_operand *D, const struct agx_isa_operand *A,
           const struct agx_isa_operand *B, const struct agx_isa_operand *C,
           bool sat)
{
   /* fadd: a * 1 + b; fmul: a * b + 0. */
   struct fast_src fa, fb, fc;
   bool add = I->op == AGX_ISA_OP_FADD32;
   fast_constant(&fb, 1.0f);
   fast_constant(&fc, 0.0f);
   if (D->kind != AGX_ISA_KIND_REG || D->size != 32 ||
       !fast_source(g, A, &fa) || !fast_source(g, B, add ? &fc : &fb) ||
       (C && !fast_source(g, C, &fc)))
      return g->exec;
   unsigned reg = ((unsigned)D->value >> 1) % ASAHI_SIM_GPRS;
   uint32_t slow = 0;
   foreach_active_lane (g, t) {
      float r = fmaf(fast_value(&fa, t), fast_value(&fb, t),
                     fast_value(&fc, t));
      if (r != r || (r != 0 && fabsf(r) < 0x1p-125f)) {
         slow |= 1u << t;
         continue;
      }
      if (sat)
         r = r > 0 ? (r < 1 ? r : 1) : 0;
      uint32_t bits;
      memcpy(&bits, &r, sizeof(bits));
      g->r[reg][t] = bits;
   }
   g->written[reg / 32] |= 1u << (reg % 32);
   return slow;
}

static void
exec_fma(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   const struct agx_isa_operand *D, *A, *B, *C = NULL;
   bool sat, is32;

   switch (I->op) {
   case AGX_ISA_OP_FMADD32:
   case AGX_ISA_OP_FMADD16:
      /* fmadd16 has the same operand order. */
      D = asahi_sim_op(I, AGX_ISA_FMADD32_D);
      A = asahi_sim_op(I, AGX_ISA_FMADD32_A);
      B = asahi_sim_op(I, AGX_ISA_FMADD32_B);
      C = asahi_sim_op(I, AGX_ISA_FMADD32_C);
      sat = asahi_sim_op(I, AGX_ISA_FMADD32_S)->value;
      is32 = I->op == AGX_ISA_OP_FMADD32;
      break;
   default:
      /* fadd32/16, fmul32/16: D, A, B, S. */
      D = asahi_sim_op(I, AGX_ISA_FADD32_D);
      A = asahi_sim_op(I, AGX_ISA_FADD32_A);
      B = asahi_sim_op(I, AGX_ISA_FADD32_B);
      sat = asahi_sim_op(I, AGX_ISA_FADD32_S)->value;
      is32 = I->op == AGX_ISA_OP_FADD32 || I->op == AGX_ISA_OP_FMUL32;
      break;
   }

   /* The lanes the fast path left (usually none): their bits only. */
   uint32_t lanes = is32 ? fma32_fast(g, I, D, A, B, C, sat) : g->exec;
   for (uint32_t left = lanes; left; left &= left - 1) {
      unsigned t = (unsigned)__builtin_ctz(left);
      double a = asahi_sim_read_float(g, A, t);
      double b = asahi_sim_read_float(g, B, t);
      double r;

      switch (I->op) {
      case AGX_ISA_OP_FADD32:
      case AGX_ISA_OP_FADD16:
         r = asahi_sim_fma_odd(a, 1.0, b);
         break;
      case AGX_ISA_OP_FMUL32:
      case AGX_ISA_OP_FMUL16:
         r = asahi_sim_fma_odd(a, b, 0.0);
         break;
      default:
         r = asahi_sim_fma_odd(a, b, asahi_sim_read_float(g, C, t));
         break;
      }

      if (is32)
         r = asahi_sim_f32_to_double(asahi_sim_double_to_f32(r, true), false);
      write_float(g, D, t, r, sat);
   }
}

/*
 * Float unary ops.  applegpu decodes them but has no exec, so:
 *  - floor/ceil/trunc/rint are exact operations: certain, except that rint
 *    is assumed to round half to even (Metal's rint).
 *  - rcp, rsqrt, log2, exp2 are computed in double and rounded once, i.e.
 *    correctly rounded.  The hardware is documented only as "fast"
 *    approximations (Metal: a few ulp); our results are within that, but
 *    not bit-exact with hardware (low confidence on the last bit).
 *  - rsqrt_special is taken to be rsqrt (low confidence).
 *  - sin_pt_1 / sin_pt_2: Mesa computes sin(x * pi / 2) (x in quadrants)
 *    as f = sin_pt_1(x); sin_pt_2(f) * f (alexvorxx/Mesa-VirGL
 *    src/asahi/compiler/agx_compile.c, nir_opcodes.py fsin_agx).  The
 *    split between the two halves is not known; here sin_pt_1 folds x to
 *    f in [-1, 1] with sin(x pi/2) = sin(f pi/2), and sin_pt_2 gives
 *    sin(f pi/2) / f (pi/2 at 0), so the sequence is right while each half
 *    alone may differ from hardware (low confidence).
 */
static enum asahi_sim_status
exec_funary(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_FLOOR_D);
   const struct agx_isa_operand *A = asahi_sim_op(I, AGX_ISA_FLOOR_A);
   bool sat = asahi_sim_op(I, AGX_ISA_FLOOR_S)->value;

   foreach_active_lane (g, t) {
      double a = asahi_sim_read_float(g, A, t);
      double r;
      switch (I->op) {
      case AGX_ISA_OP_FLOOR:
         r = floor(a);
         break;
      case AGX_ISA_OP_CEIL:
         r = ceil(a);
         break;
      case AGX_ISA_OP_TRUNC:
         r = trunc(a);
         break;
      case AGX_ISA_OP_RINT:
         r = nearbyint(a);
         break;
      case AGX_ISA_OP_RCP:
         r = 1.0 / a;
         break;
      case AGX_ISA_OP_RSQRT:
      case AGX_ISA_OP_RSQRT_SPECIAL:
         r = 1.0 / sqrt(a);
         break;
      case AGX_ISA_OP_LOG2:
         r = log2(a);
         break;
      case AGX_ISA_OP_SIN_PT_1: {
         double q = a - 4.0 * floor(a / 4.0); /* [0, 4) */
         r = q < 1.0 ? q : (q < 3.0 ? 2.0 - q : q - 4.0);
         break;
      }
      case AGX_ISA_OP_SIN_PT_2:
         r = a == 0.0 ? M_PI_2 : sin(a * M_PI_2) / a;
         break;
      case AGX_ISA_OP_EXP2:
         r = exp2(a);
         break;
      default:
         return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                                "float unary op %s not modelled",
                                agx_isa_op_info(I->op)->name);
      }
      if (isnan(r))
         r = NAN;
      write_float(g, D, t, r, sat);
   }
   return ASAHI_SIM_RUNNING;
}

/*
 * dfdx/dfdy: the difference across the lane's quad, reading inactive
 * (helper) lanes too.  The quad layout is taken to be the usual one: bit 0
 * of the lane index is x, bit 1 is y (inferred, medium confidence).  The
 * subtraction rounds like fadd32 / fadd16.
 */
static void
exec_derivative(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_DFDX_D);
   const struct agx_isa_operand *A = asahi_sim_op(I, AGX_ISA_DFDX_A);
   bool sat = asahi_sim_op(I, AGX_ISA_DFDX_S)->value;
   unsigned bit = I->op == AGX_ISA_OP_DFDX ? 1 : 2;
   double a[ASAHI_SIM_LANES];

   for (unsigned t = 0; t < ASAHI_SIM_LANES; t++)
      a[t] = asahi_sim_read_float(g, A, t);

   foreach_active_lane (g, t) {
      double r = asahi_sim_fma_odd(a[t | bit], 1.0, -a[t & ~bit]);
      if (D->size != 16)
         r = asahi_sim_f32_to_double(asahi_sim_double_to_f32(r, true), false);
      write_float(g, D, t, r, sat);
   }
}

enum asahi_sim_status
asahi_sim_exec_float(struct asahi_sim_group *g, struct asahi_sim_exec *x)
{
   const struct agx_isa_instr *I = x->I;

   switch (I->op) {
   case AGX_ISA_OP_FMADD32:
   case AGX_ISA_OP_FMADD16:
   case AGX_ISA_OP_FADD32:
   case AGX_ISA_OP_FADD16:
   case AGX_ISA_OP_FMUL32:
   case AGX_ISA_OP_FMUL16:
      exec_fma(g, I);
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_FCMPSEL:
      return asahi_sim_exec_cmpsel(g, I, true);
   case AGX_ISA_OP_DFDX:
   case AGX_ISA_OP_DFDY:
      exec_derivative(g, I);
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_FLOOR:
   case AGX_ISA_OP_CEIL:
   case AGX_ISA_OP_TRUNC:
   case AGX_ISA_OP_RINT:
   case AGX_ISA_OP_RCP:
   case AGX_ISA_OP_RSQRT:
   case AGX_ISA_OP_RSQRT_SPECIAL:
   case AGX_ISA_OP_LOG2:
   case AGX_ISA_OP_EXP2:
   case AGX_ISA_OP_SIN_PT_1:
   case AGX_ISA_OP_SIN_PT_2:
      return exec_funary(g, I);
   default:
      return ASAHI_SIM_ERR_UNSUPPORTED;
   }
}
