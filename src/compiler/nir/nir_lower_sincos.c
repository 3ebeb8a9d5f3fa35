/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * sin/cos to polynomials, for hardware without them.  The argument is
 * reduced to [-pi, pi] with a round-to-nearest multiple of 2*pi, folded to
 * [-pi/2, pi/2] with sin(x) = sin(+-pi - x), and evaluated with the odd
 * Taylor polynomial to x^11 (truncation error below 6e-8 there).  cos(x)
 * is sin(x + pi/2).  Results differ from libm in the last bits; tests
 * compare with a tolerance.  32-bit only.
 */
#include "nir_builder.h"
#include "nir_passes.h"

static nir_def *
build_sin(nir_builder *b, nir_def *x)
{
   const double two_pi = 6.283185307179586;
   const double pi = 3.141592653589793;
   nir_def *t = nir_fmul(b, x, nir_imm_float(b, (float)(1.0 / two_pi)));
   t = nir_fsub(b, t, nir_fround_even(b, t));
   nir_def *y = nir_fmul(b, t, nir_imm_float(b, (float)two_pi));
   nir_def *hi = nir_fsub(b, nir_imm_float(b, (float)pi), y);
   nir_def *lo = nir_fsub(b, nir_imm_float(b, (float)-pi), y);
   y = nir_bcsel(b, nir_flt(b, nir_imm_float(b, (float)(pi / 2)), y), hi, y);
   y = nir_bcsel(b, nir_flt(b, y, nir_imm_float(b, (float)(-pi / 2))), lo, y);

   /* Horner in y^2: y * (1 - y2/3! * (1 - y2/(4*5) * (1 - ...))) */
   nir_def *y2 = nir_fmul(b, y, y);
   static const double coef[] = {
      1.0, -1.0 / 6, 1.0 / 120, -1.0 / 5040, 1.0 / 362880, -1.0 / 39916800,
   };
   nir_def *p = nir_imm_float(b, (float)coef[5]);
   for (int i = 4; i >= 0; i--)
      p = nir_fadd(b, nir_fmul(b, p, y2), nir_imm_float(b, (float)coef[i]));
   return nir_fmul(b, y, p);
}

static bool
lower_trig(nir_builder *b, nir_alu_instr *alu, void *data)
{
   (void)data;
   if ((alu->op != nir_op_fsin && alu->op != nir_op_fcos) ||
       alu->def.bit_size != 32)
      return false;
   b->cursor = nir_before_instr(&alu->instr);
   nir_def *x = nir_ssa_for_alu_src(b, alu, 0);
   if (alu->op == nir_op_fcos)
      x = nir_fadd(b, x, nir_imm_float(b, 1.57079632679f));
   nir_def_rewrite_uses(&alu->def, build_sin(b, x));
   nir_instr_remove(&alu->instr);
   return true;
}

bool
nir_lower_sincos(nir_shader *shader)
{
   return nir_shader_alu_pass(shader, lower_trig,
                              nir_metadata_block_index |
                                 nir_metadata_dominance,
                              NULL);
}
