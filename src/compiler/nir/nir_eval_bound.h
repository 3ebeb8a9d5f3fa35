/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Error bounds for the reference interpreter (nir_eval).
 *
 * A differential test that compares an implementation allowed to round
 * differently (approximate rcp/exp2/log2, 16-bit arithmetic computed at 32
 * bits, fused multiply-adds) against nir_eval cannot compare bits, and a
 * fixed tolerance at the outputs is either too loose (it hides
 * miscompiles) or too tight (cancellation magnifies one legitimate
 * rounding difference without limit).  Instead nir_eval can carry, next to
 * every value it computes, a bound E on how far the implementation's value
 * may be from it: the implementation's value lies in [v - E, v + E].
 *
 * For an ALU instruction f with operand values x_i (bounds e_i), the exact
 * f over the box of [x_i - e_i, x_i + e_i] is enclosed in an interval
 * [lo, hi] computed in double (monotone ops at the corners, sin/cos by
 * their Lipschitz constant, floor and comparisons by their value at both
 * ends); the implementation's result is within its own error (`op_error`,
 * the documented precision of the operation) of some point of it.  So
 * the result's bound is the largest distance from the reference's value
 * to [lo, hi] plus that error.  Integer and boolean values are exact
 * (bound 0) or unknown (infinite): a comparison or conversion whose
 * answer the box does not decide, or any integer operation of an
 * unknown value (except an and with an exact 0, an or with exact ones,
 * and a comparison of a value with itself, which are decided).  A
 * correctly rounded result that needs no rounding and a floor-like
 * result constant over the box are exact.  When an unknown or inexact value decides control flow
 * or is stored where no bound is kept, the whole run is unbounded
 * (nir_eval_state.bound_lost).
 */
#ifndef NIR_EVAL_BOUND_H
#define NIR_EVAL_BOUND_H

#include "nir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The implementation's error for one operation, beyond the exact result of
 * the operands it was given: `ulps` units in the last place of the result
 * (at the instruction's bit size) plus `abs`.  `exact`: when every operand
 * is exactly the reference's, the result is bit for bit the reference's
 * (both round the same exact value correctly). */
typedef struct {
   double ulps;
   double abs;
   bool exact;
   /* The implementation rounds the exact result correctly, at the
    * result's precision or a wider one: so with exact operands whose
    * exact result is representable at the result's bit size, it gives
    * that value even when `exact` is false (a 16-bit add computed at 32
    * bits). */
   bool correctly_rounded;
} nir_eval_op_error;

typedef struct nir_eval_bounds {
   /* The error of `alu` at operand values x[] (component-wise: x[i] is
    * operand i of this component, as a double); false when unknown (the
    * result is then unbounded). */
   bool (*op_error)(const nir_alu_instr *alu, const double *x,
                    nir_eval_op_error *err, void *data);
   void *data;
} nir_eval_bounds;

/* Unit in the last place of |x| in the IEEE format of `bit_size` (16, 32
 * or 64); below the smallest normal, that of the smallest normal. */
double nir_eval_ulp(double x, unsigned bit_size);

/* floor, ceil, trunc, round_even, sign and step: exact operations whose
 * value over an interval is a few integers, computed exactly from its
 * ends. */
bool nir_eval_piecewise_constant(nir_op op);

/* For nir_eval.c: the bounds of an ALU result.  srcs/comps are what
 * nir_eval_const_opcode got, src_bound[i][c] the bound of srcs[i][c],
 * dst the reference's result; writes dst_bound[c] (INFINITY: unknown). */
void nir_eval_bound_alu(const nir_eval_bounds *b, const nir_alu_instr *alu,
                        nir_const_value **srcs, const unsigned *comps,
                        double (*src_bound)[NIR_MAX_VEC_COMPONENTS],
                        const nir_const_value *dst, double *dst_bound);

#ifdef __cplusplus
}
#endif

#endif
