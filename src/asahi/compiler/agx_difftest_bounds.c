/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The precision of each operation, for agx-difftest's error bounds.
 *
 * Facts:
 *  - a + b, a * b, fma and conversions are correctly rounded; 1.0 / x is
 *    2.5 ULP, inversesqrt 2 ULP, exp2 (3 + 2 |x|) ULP, log2 3 ULP outside
 *    [0.5, 2] and an absolute error below 2^-21 inside; sqrt and pow are
 *    inherited from 1.0 / inversesqrt(x) and exp2(y log2(x)) (GLSL ES
 *    3.00 section 4.5.1 / GLSL 4.60 section 4.7.1; the same table in the
 *    Vulkan specification, "Precision of GLSL.std.450 Instructions").
 *    Both lowerings happen in NIR before the reference runs
 *    (agx_nir_lower_sqrt.c, lower_fpow), so the bound follows them.
 *  - sin and cos: GLSL leaves them undefined; Vulkan asks an absolute
 *    error of 2^-11 in [-pi, pi].  The compiler takes sin(x) as
 *    sin_pt(x * 2/pi) with an fp32 (or fp16) multiply (agx_isel.c, as
 *    Mesa's fsin_agx: alexvorxx/Mesa-VirGL src/asahi/compiler), whose
 *    rounding moves the angle by up to |x| 2^-24 (2^-11) quadrants: so
 *    2^-11 + |x| 2^-22 (2^-9 at 16 bits) absolute, twice that movement.
 *  - mediump (GLSL ES 3.00 section 4.5.1: relative precision 2^-10): a
 *    16-bit operation is rounded to binary16 or, where the backend
 *    computes it at 32 bits and reads a 16-bit value unrounded, not
 *    (docs/compiler.rst), so it is not bit-exact even with exact operands:
 *    half an ulp of binary16, plus the 32-bit rounding before (2^-13 ulp).
 *    The absolute error of log2 in [0.5, 2] is scaled by the 13 bits
 *    binary16 has fewer.
 *  - floor, ceil, trunc, rint, min, max, abs, neg, saturate, sign and
 *    widening conversions are exact.
 */
#include "agx_difftest_bounds.h"

#include <math.h>
#include <string.h>

/* rounding at 16 bits may come after a 32-bit one */
#define HALF_ULP16 (0.5 + 0x1p-13)

static bool
relaxed(const nir_alu_instr *alu, void *data)
{
   return *(const bool *)data && alu->def.bit_size == 16;
}

/* A correctly rounded operation */
static void
rounded(const nir_alu_instr *alu, void *data, nir_eval_op_error *e)
{
   e->exact = !relaxed(alu, data);
   e->ulps = e->exact ? 0.5 : HALF_ULP16;
   /* rounded once or twice (32 then 16 bits), or not at all: an exact
    * result that is representable comes out as it is */
   e->correctly_rounded = true;
}

static bool
op_error(const nir_alu_instr *alu, const double *x, nir_eval_op_error *e,
         void *data)
{
   unsigned bits = alu->def.bit_size;
   bool half = bits == 16;
   const char *name = nir_op_infos[alu->op].name;
   memset(e, 0, sizeof(*e));
   if (nir_eval_piecewise_constant(alu->op)) {
      e->exact = true; /* floor, ceil, trunc, rint, sign, step */
      return true;
   }
   switch (alu->op) {
   case nir_op_fneg:
   case nir_op_fabs:
   case nir_op_fsat:
   case nir_op_fmin:
   case nir_op_fmax:
      e->exact = true;
      return true;
   case nir_op_fadd:
   case nir_op_fsub:
   case nir_op_fmul:
   case nir_op_ffma:
   case nir_op_ffract:
      rounded(alu, data, e);
      return true;
   case nir_op_frcp:
      e->ulps = 2.5;
      return true;
   case nir_op_frsq:
      e->ulps = 2;
      return true;
   case nir_op_fsqrt:
      e->ulps = 2 + 2.5; /* 1.0 / inversesqrt(x) */
      return true;
   case nir_op_fexp2:
      e->ulps = 3 + 2 * fabs(x[0]);
      return true;
   case nir_op_flog2:
      if (x[0] >= 0.5 && x[0] <= 2)
         e->abs = half ? 0x1p-8 : 0x1p-21;
      else
         e->ulps = 3;
      return true;
   case nir_op_fsin:
   case nir_op_fcos:
      e->abs = 0x1p-11 + fabs(x[0]) * (half ? 0x1p-9 : 0x1p-22);
      e->ulps = half ? HALF_ULP16 : 0;
      return true;
   default:
      break;
   }
   /* conversions to float: widening is exact, the others round */
   if (!strncmp(name, "b2f", 3)) {
      e->exact = true;
      return true;
   }
   if (!strncmp(name, "f2f", 3) || !strncmp(name, "i2f", 3) ||
       !strncmp(name, "u2f", 3)) {
      if (!strncmp(name, "f2f", 3) &&
          bits > alu->src[0].src.ssa->bit_size) {
         e->exact = true;
         return true;
      }
      rounded(alu, data, e);
      return true;
   }
   return false;
}

static bool mediump_rules = true, lossy_rules = false;

void
agx_difftest_bounds(nir_eval_bounds *b, bool mediump)
{
   b->op_error = op_error;
   b->data = mediump ? &mediump_rules : &lossy_rules;
}

bool
agx_difftest_within(uint32_t got, uint32_t want, double bound)
{
   if (got == want)
      return true;
   float x, y;
   memcpy(&x, &got, 4);
   memcpy(&y, &want, 4);
   if (!isfinite(x) || !isfinite(y))
      return false;
   return fabs((double)x - (double)y) <= bound;
}
