/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Error bounds of ALU results (see nir_eval_bound.h for the method).
 */
#include "nir_eval_bound.h"

#include <math.h>
#include <string.h>

#include "util/half_float.h"

typedef struct {
   double lo, hi;
} range;

double
nir_eval_ulp(double x, unsigned bit_size)
{
   int mant = bit_size == 16 ? 10 : bit_size == 64 ? 52 : 23;
   int emin = bit_size == 16 ? -14 : bit_size == 64 ? -1022 : -126;
   int e = emin;
   if (x != 0 && isfinite(x)) {
      frexp(fabs(x), &e); /* |x| = m 2^e, m in [0.5, 1) */
      e = e - 1 < emin ? emin : e - 1;
   }
   return ldexp(1.0, e - mant);
}

static double
max_finite(unsigned bit_size)
{
   return bit_size == 16 ? 65504.0 : bit_size == 64 ? 1.7976931348623157e308
                                                     : 3.4028234663852886e38;
}

static double
as_double(nir_const_value v, nir_alu_type type, unsigned bit_size)
{
   switch (nir_alu_type_get_base_type(type)) {
   case nir_type_float:
      if (bit_size == 16)
         return util_half_to_float(v.u16);
      return bit_size == 64 ? v.f64 : v.f32;
   case nir_type_int:
      return (double)nir_const_value_as_int(v, bit_size);
   case nir_type_bool:
      return nir_const_value_as_bool(v, bit_size);
   default:
      return (double)nir_const_value_as_uint(v, bit_size);
   }
}

static range
hull4(double a, double b, double c, double d)
{
   range r = {fmin(fmin(a, b), fmin(c, d)), fmax(fmax(a, b), fmax(c, d))};
   return r;
}

static range
mul_range(range a, range b)
{
   return hull4(a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi);
}

/* A monotone non-decreasing f at both ends. */
static range
up(double (*f)(double), range a)
{
   range r = {f(a.lo), f(a.hi)};
   return r;
}

static double
sat(double x)
{
   return fmin(fmax(x, 0.0), 1.0);
}

static double
sign(double x)
{
   return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0;
}

static double
rsq(double x)
{
   return 1.0 / sqrt(x);
}

/* The exact result of a float op over the operands' box; false when it is
 * not bounded (a pole, the edge of the domain, an op not modelled). */
static bool
float_range(nir_op op, const range *a, unsigned n, range *r)
{
   switch (op) {
   case nir_op_fadd:
      *r = (range){a[0].lo + a[1].lo, a[0].hi + a[1].hi};
      return true;
   case nir_op_fsub:
      *r = (range){a[0].lo - a[1].hi, a[0].hi - a[1].lo};
      return true;
   case nir_op_fmul:
      *r = mul_range(a[0], a[1]);
      return true;
   case nir_op_ffma: {
      range p = mul_range(a[0], a[1]);
      *r = (range){p.lo + a[2].lo, p.hi + a[2].hi};
      return true;
   }
   case nir_op_fneg:
      *r = (range){-a[0].hi, -a[0].lo};
      return true;
   case nir_op_fabs:
      if (a[0].lo >= 0)
         *r = a[0];
      else if (a[0].hi <= 0)
         *r = (range){-a[0].hi, -a[0].lo};
      else
         *r = (range){0, fmax(-a[0].lo, a[0].hi)};
      return true;
   case nir_op_fmin:
      *r = (range){fmin(a[0].lo, a[1].lo), fmin(a[0].hi, a[1].hi)};
      return true;
   case nir_op_fmax:
      *r = (range){fmax(a[0].lo, a[1].lo), fmax(a[0].hi, a[1].hi)};
      return true;
   case nir_op_fsat:
      *r = up(sat, a[0]);
      return true;
   case nir_op_ffloor:
      *r = up(floor, a[0]);
      return true;
   case nir_op_fceil:
      *r = up(ceil, a[0]);
      return true;
   case nir_op_ftrunc:
      *r = up(trunc, a[0]);
      return true;
   case nir_op_fround_even:
      *r = up(nearbyint, a[0]);
      return true;
   case nir_op_fsign:
      *r = up(sign, a[0]);
      return true;
   case nir_op_ffract: {
      double f = floor(a[0].lo);
      *r = f == floor(a[0].hi) ? (range){a[0].lo - f, a[0].hi - f}
                               : (range){0, 1};
      return true;
   }
   case nir_op_frcp:
      if (a[0].lo <= 0 && a[0].hi >= 0 && a[0].lo != a[0].hi)
         return false;
      *r = (range){1 / a[0].hi, 1 / a[0].lo};
      if (r->lo > r->hi)
         *r = (range){r->hi, r->lo};
      return true;
   case nir_op_frsq:
      if (a[0].lo <= 0 && a[0].lo != a[0].hi)
         return false;
      *r = (range){rsq(a[0].hi), rsq(a[0].lo)};
      return true;
   case nir_op_fsqrt:
      if (a[0].lo < 0 && a[0].lo != a[0].hi)
         return false;
      *r = up(sqrt, a[0]);
      return true;
   case nir_op_fexp2:
      *r = up(exp2, a[0]);
      return true;
   case nir_op_flog2:
      if (a[0].lo <= 0 && a[0].lo != a[0].hi)
         return false;
      *r = up(log2, a[0]);
      return true;
   case nir_op_fsin:
   case nir_op_fcos: {
      /* |sin'|, |cos'| <= 1 */
      double mid = (a[0].lo + a[0].hi) / 2, half = (a[0].hi - a[0].lo) / 2;
      double v = op == nir_op_fsin ? sin(mid) : cos(mid);
      *r = (range){fmax(v - half, -1), fmin(v + half, 1)};
      return true;
   }
   case nir_op_fstep: /* src1 < src0 ? 0 : 1, non-decreasing in src1 */
      *r = (range){a[1].lo < a[0].hi ? 0 : 1, a[1].hi < a[0].lo ? 0 : 1};
      return true;
   default:
      break;
   }
   /* conversions: the same value, rounded (the rounding is op_error's) */
   const nir_op_info *info = &nir_op_infos[op];
   if (n == 1 && info->output_size == 0 &&
       nir_alu_type_get_base_type(info->output_type) == nir_type_float &&
       (strncmp(info->name, "f2f", 3) == 0 || strncmp(info->name, "i2f", 3) == 0 ||
        strncmp(info->name, "u2f", 3) == 0 || strncmp(info->name, "b2f", 3) == 0)) {
      *r = a[0];
      return true;
   }
   return false;
}

enum cmp { CMP_NONE, CMP_LT, CMP_GE, CMP_EQ, CMP_NE };

static enum cmp
float_compare(nir_op op)
{
   switch (op) {
   case nir_op_flt:
   case nir_op_flt16:
   case nir_op_flt32:
      return CMP_LT;
   case nir_op_fge:
   case nir_op_fge16:
   case nir_op_fge32:
      return CMP_GE;
   case nir_op_feq:
   case nir_op_feq16:
   case nir_op_feq32:
      return CMP_EQ;
   case nir_op_fneu:
   case nir_op_fneu16:
   case nir_op_fneu32:
      return CMP_NE;
   default:
      return CMP_NONE;
   }
}

/* Are operands 0 and 1 of component c one value (x == x, x != x: the
 * NaN tests)?  The implementation then compares its one value with
 * itself, however far from the reference's it is. */
static bool
same_operands(const nir_alu_instr *alu, unsigned c)
{
   return alu->src[0].src.ssa == alu->src[1].src.ssa &&
          nir_alu_src_swizzle(&alu->src[0], c) ==
             nir_alu_src_swizzle(&alu->src[1], c);
}

/* Does the box decide a non-float result of component c: the comparisons
 * and the float-to-integer conversions (monotone, so both ends tell)? */
static bool
decided(const nir_alu_instr *alu, unsigned c, const range *a)
{
   nir_op op = alu->op;
   if (float_compare(op) != CMP_NONE && same_operands(alu, c))
      return true;
   switch (float_compare(op)) {
   case CMP_LT:
   case CMP_GE:
      return (a[0].hi < a[1].lo) == (a[0].lo < a[1].hi);
   case CMP_EQ:
   case CMP_NE:
      /* equal somewhere in the box unless the ranges are apart */
      return a[0].hi < a[1].lo || a[1].hi < a[0].lo ||
             (a[0].lo == a[0].hi && a[1].lo == a[1].hi);
   default:
      break;
   }
   const char *name = nir_op_infos[op].name;
   if (strncmp(name, "f2i", 3) == 0 || strncmp(name, "f2u", 3) == 0) {
      /* saturating: -inf..inf ends beyond the range agree too */
      double lo = trunc(a[0].lo), hi = trunc(a[0].hi);
      unsigned bits = nir_alu_type_get_type_size(nir_op_infos[op].output_type);
      double min = name[2] == 'u' ? 0 : -ldexp(1, (int)bits - 1);
      double max = name[2] == 'u' ? ldexp(1, (int)bits) - 1
                                  : ldexp(1, (int)bits - 1) - 1;
      return fmin(fmax(lo, min), max) == fmin(fmax(hi, min), max);
   }
   return false;
}

static bool
is_select(nir_op op)
{
   return op == nir_op_bcsel || op == nir_op_b16csel ||
          op == nir_op_b32csel || op == nir_op_fcsel;
}

/* A select whose condition the error may turn: the implementation
 * picks either value, each within its own bound.  Only floats have
 * finite non-zero bounds, so such an operand tells the values are
 * floats; two exact values are only known when they are the same. */
static double
undecided_select(const nir_alu_instr *alu, nir_const_value **srcs,
                 double (*src_bound)[NIR_MAX_VEC_COMPONENTS], unsigned c,
                 const nir_const_value *dst)
{
   unsigned bits = alu->def.bit_size;
   double e1 = src_bound[1][c], e2 = src_bound[2][c];
   if (isinf(e1) || isinf(e2))
      return INFINITY;
   if (e1 == 0 && e2 == 0)
      return nir_const_value_as_uint(srcs[1][c], bits) ==
                   nir_const_value_as_uint(srcs[2][c], bits)
                ? 0
                : INFINITY;
   if (bits != 16 && bits != 32 && bits != 64)
      return INFINITY;
   double r = as_double(dst[c], nir_type_float, bits);
   double x1 = as_double(srcs[1][c], nir_type_float, bits);
   double x2 = as_double(srcs[2][c], nir_type_float, bits);
   double e = fmax(fabs(r - x1) + e1, fabs(r - x2) + e2);
   return isfinite(e) ? e : INFINITY;
}

/* Where the box gives one value of these, the result is exact and takes
 * none of the rounding slack of component_bound (floor(x) = 3 over [3.2,
 * 3.4] is 3, so a branch on it is decided). */
bool
nir_eval_piecewise_constant(nir_op op)
{
   switch (op) {
   case nir_op_ffloor:
   case nir_op_fceil:
   case nir_op_ftrunc:
   case nir_op_fround_even:
   case nir_op_fsign:
   case nir_op_fstep:
      return true;
   default:
      return false;
   }
}

/* A bitwise and with an exact zero operand is zero, an or with an exact
 * all-ones operand (a true boolean) all ones, whatever the other operand
 * is: `a && b` with a exactly false decides a branch. */
static bool
absorbed(const nir_alu_instr *alu, nir_const_value **srcs,
         double (*src_bound)[NIR_MAX_VEC_COMPONENTS], unsigned c)
{
   if (alu->op != nir_op_iand && alu->op != nir_op_ior)
      return false;
   unsigned bits = alu->def.bit_size;
   uint64_t ones = bits == 64 ? ~0ull : (1ull << bits) - 1;
   uint64_t absorbing = alu->op == nir_op_iand ? 0 : ones;
   for (unsigned i = 0; i < 2; i++) {
      if (src_bound[i][c] == 0 &&
          nir_const_value_as_uint(srcs[i][c], bits) == absorbing)
         return true;
   }
   return false;
}

static double
component_bound(const nir_eval_bounds *b, const nir_alu_instr *alu,
                nir_const_value **srcs,
                double (*src_bound)[NIR_MAX_VEC_COMPONENTS], unsigned c,
                const nir_const_value *dst)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   unsigned n = info->num_inputs;
   double x[4];
   range a[4];
   bool exact = true, finite = true;

   if (alu->op == nir_op_mov)
      return src_bound[0][c];
   /* a derivative reads the neighbours' values, whose bounds are not
    * known here */
   if (alu->op == nir_op_fddx || alu->op == nir_op_fddy)
      return INFINITY;
   if (is_select(alu->op)) {
      if (src_bound[0][c] != 0)
         return undecided_select(alu, srcs, src_bound, c, dst);
      bool cond = alu->op == nir_op_fcsel
                     ? as_double(srcs[0][c], nir_type_float,
                                 alu->src[0].src.ssa->bit_size) != 0
                     : nir_const_value_as_bool(srcs[0][c],
                                               alu->src[0].src.ssa->bit_size);
      return src_bound[cond ? 1 : 2][c];
   }
   if (n > 4)
      return INFINITY;
   for (unsigned i = 0; i < n; i++) {
      double e = src_bound[i][c];
      x[i] = as_double(srcs[i][c], info->input_types[i],
                       alu->src[i].src.ssa->bit_size);
      a[i] = (range){x[i] - e, x[i] + e};
      exact &= e == 0;
      finite &= e == 0 || (isfinite(x[i]) && isfinite(e));
   }
   if (exact && nir_alu_type_get_base_type(info->output_type) != nir_type_float)
      return 0;
   if (nir_alu_type_get_base_type(info->output_type) != nir_type_float &&
       absorbed(alu, srcs, src_bound, c))
      return 0;
   if (!finite)
      return INFINITY;

   if (nir_alu_type_get_base_type(info->output_type) != nir_type_float) {
      bool float_in = n && nir_alu_type_get_base_type(info->input_types[0]) ==
                              nir_type_float;
      return float_in && decided(alu, c, a) ? 0 : INFINITY;
   }

   unsigned bits = alu->def.bit_size;
   double r = as_double(dst[c], nir_type_float, bits);
   nir_eval_op_error err = {0};
   if (!b->op_error(alu, x, &err, b->data))
      return INFINITY;
   if (exact && err.exact)
      return 0;
   if (isnan(r) || isinf(r)) {
      /* an overflow of finite operands is the reference's rounding: an
       * implementation that rounds at a wider precision (a 16-bit sum
       * computed at 32 bits: correctly rounded, not bit-exact) may stay
       * finite */
      bool overflow = isinf(r) && err.correctly_rounded && !err.exact;
      for (unsigned i = 0; i < n; i++)
         overflow &= isfinite(x[i]);
      return exact && !overflow ? 0 : INFINITY;
   }
   range f;
   if (!float_range(alu->op, a, n, &f) || isnan(f.lo) || isnan(f.hi) ||
       isinf(f.lo) || isinf(f.hi))
      return INFINITY;
   /* Exact operands and an exact result that needs no rounding: every
    * correctly rounded implementation, at 16 bits or more, gives it.  (f
    * is that result rounded to double; where it equals r, the exact
    * result is within half a double ulp of r, so binary16 and binary32
    * round it to r too.) */
   if (exact && err.correctly_rounded && f.lo == r && f.hi == r)
      return 0;
   double big = fmax(fabs(f.lo), fabs(f.hi));
   /* the double arithmetic above rounds too: a little slack */
   double slack = nir_eval_piecewise_constant(alu->op) ? 0 : big * 0x1p-50;
   double d = fmax(fabs(r - f.lo), fabs(f.hi - r)) + slack;
   double e = d + err.ulps * nir_eval_ulp(big, bits) + err.abs;
   if (fabs(r) + e > max_finite(bits))
      return INFINITY; /* the implementation may overflow */
   return e;
}

void
nir_eval_bound_alu(const nir_eval_bounds *b, const nir_alu_instr *alu,
                   nir_const_value **srcs, const unsigned *comps,
                   double (*src_bound)[NIR_MAX_VEC_COMPONENTS],
                   const nir_const_value *dst, double *dst_bound)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   unsigned nc = alu->def.num_components;
   (void)comps;

   if (nir_op_is_vec(alu->op)) {
      for (unsigned c = 0; c < nc; c++)
         dst_bound[c] = src_bound[c][0];
      return;
   }
   if (info->output_size != 0) {
      /* horizontal ops (fdot, pack/unpack, all_equal): exact operands
       * give the reference's value, anything else is not modelled */
      bool exact = true;
      for (unsigned i = 0; i < info->num_inputs; i++) {
         unsigned sn = nir_ssa_alu_instr_src_components(alu, i);
         for (unsigned k = 0; k < sn; k++)
            exact &= src_bound[i][k] == 0;
      }
      for (unsigned c = 0; c < nc; c++)
         dst_bound[c] = exact ? 0 : INFINITY;
      return;
   }
   for (unsigned c = 0; c < nc; c++)
      dst_bound[c] = component_bound(b, alu, srcs, src_bound, c, dst);
}
