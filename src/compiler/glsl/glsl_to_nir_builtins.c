/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: built-in functions.
 *
 * The overload comes from the same table the checker uses
 * (glsl_builtins.py): the row whose parameter types the arguments match
 * (exactly, else by implicit conversion) gives the types the arguments
 * are converted to and which parameters are `out`.  The NIR is then
 * written once per function family, whatever the vector size or base
 * type: a scalar argument of a vector overload (min(vec3, float)) is
 * broadcast, and integer or float opcodes are chosen from the base type.
 *
 * Functions without an exact NIR opcode are expanded here, with the
 * formulas of the GLSL specification (8.x "Built-in functions"); inverse
 * trigonometry uses argument halving and a short series (see atan_approx).
 */
#include <math.h>
#include <string.h>

#include "glsl_builtins.h"
#include "glsl_to_nir_priv.h"

struct bargs {
   struct g2n_val v[8];
   unsigned n;
   const struct glsl_type *rt;
   const char *name;
   /* Values for `out` parameters, stored by the caller afterwards. */
   struct g2n_val out[8];
};

typedef struct g2n_val (*builtin_fn)(struct g2n *c, struct bargs *a);

static nir_def *
splat(nir_builder *b, nir_def *x, unsigned n)
{
   if (x->num_components == n)
      return x;
   unsigned swz[16] = { 0 };
   return nir_swizzle(b, x, swz, n);
}

/* Argument i, broadcast to the result's width. */
static nir_def *
arg(struct g2n *c, struct bargs *a, unsigned i)
{
   unsigned n = a->rt->vector_elements;
   for (unsigned k = 0; k < a->n; k++)
      n = MAX2(n, a->v[k].col[0] ? a->v[k].col[0]->num_components : 1);
   return splat(&c->b, a->v[i].col[0], n);
}

static enum glsl_base_type
base0(struct bargs *a)
{
   return a->v[0].type->base_type;
}

static bool
is_float(struct bargs *a)
{
   return glsl_type_is_float_base(base0(a));
}

static struct g2n_val
ret(struct bargs *a, nir_def *x)
{
   return g2n_basic(a->rt, x);
}

static nir_def *
fconst(nir_builder *b, double v, nir_def *like)
{
   return nir_imm_float_like(b, v, like);
}

/* ---- angle and trigonometry (GLSL 4.60 8.1) ------------------------------ */

/* atan on any finite or infinite x: |x| > 1 folds to pi/2 - atan(1/x);
 * two argument halvings, atan(x) = 2 atan(x / (1 + sqrt(1 + x^2))), bring
 * |x| below tan(pi/16) ~ 0.199, where five terms of the Taylor series
 * are within 2e-9. */
static nir_def *
atan_approx(nir_builder *b, nir_def *x)
{
   nir_def *one = fconst(b, 1.0, x);
   nir_def *ax = nir_fabs(b, x);
   nir_def *big = nir_flt(b, one, ax);
   nir_def *t = nir_bcsel(b, big, nir_frcp(b, ax), ax);
   for (unsigned i = 0; i < 2; i++) {
      nir_def *r = nir_fsqrt(b, nir_fadd(b, one, nir_fmul(b, t, t)));
      t = nir_fdiv(b, t, nir_fadd(b, one, r));
   }
   nir_def *t2 = nir_fmul(b, t, t);
   /* t (1 - t2/3 + t2^2/5 - t2^3/7 + t2^4/9) */
   nir_def *p = fconst(b, 1.0 / 9.0, x);
   p = nir_fadd(b, nir_fmul(b, p, t2), fconst(b, -1.0 / 7.0, x));
   p = nir_fadd(b, nir_fmul(b, p, t2), fconst(b, 1.0 / 5.0, x));
   p = nir_fadd(b, nir_fmul(b, p, t2), fconst(b, -1.0 / 3.0, x));
   p = nir_fadd(b, nir_fmul(b, p, t2), one);
   nir_def *r = nir_fmul(b, nir_fmul(b, t, p), fconst(b, 4.0, x));
   r = nir_bcsel(b, big, nir_fsub(b, fconst(b, M_PI_2, x), r), r);
   /* Odd function; keeps the sign of zero. */
   return nir_bcsel(b, nir_flt(b, x, fconst(b, 0.0, x)), nir_fneg(b, r), r);
}

static struct g2n_val
bi_trig(struct g2n *c, struct bargs *a)
{
   nir_builder *b = &c->b;
   nir_def *x = arg(c, a, 0);
   const char *n = a->name;
   nir_def *r = x;
   if (!strcmp(n, "radians")) {
      r = nir_fmul(b, x, fconst(b, M_PI / 180.0, x));
   } else if (!strcmp(n, "degrees")) {
      r = nir_fmul(b, x, fconst(b, 180.0 / M_PI, x));
   } else if (!strcmp(n, "sin")) {
      r = nir_fsin(b, x);
   } else if (!strcmp(n, "cos")) {
      r = nir_fcos(b, x);
   } else if (!strcmp(n, "tan")) {
      r = nir_fdiv(b, nir_fsin(b, x), nir_fcos(b, x));
   } else if (!strcmp(n, "atan") && a->n == 2) {
      /* atan(y, x): the quadrant from the signs of x and y. */
      nir_def *y = x;
      nir_def *xx = arg(c, a, 1);
      nir_def *q = atan_approx(b, nir_fdiv(b, y, xx));
      nir_def *pi = nir_bcsel(b, nir_fge(b, y, fconst(b, 0.0, y)),
                              fconst(b, M_PI, y), fconst(b, -M_PI, y));
      r = nir_bcsel(b, nir_flt(b, xx, fconst(b, 0.0, xx)), nir_fadd(b, q, pi),
                    q);
   } else if (!strcmp(n, "atan")) {
      r = atan_approx(b, x);
   } else if (!strcmp(n, "asin") || !strcmp(n, "acos")) {
      nir_def *one = fconst(b, 1.0, x);
      nir_def *s = nir_fsqrt(b, nir_fsub(b, one, nir_fmul(b, x, x)));
      r = atan_approx(b, nir_fdiv(b, x, s));
      if (!strcmp(n, "acos"))
         r = nir_fsub(b, fconst(b, M_PI_2, x), r);
   } else {
      /* Hyperbolic functions from exp and log (GLSL 8.1). */
      nir_def *one = fconst(b, 1.0, x);
      nir_def *half = fconst(b, 0.5, x);
      nir_def *log2e = fconst(b, M_LOG2E, x);
      nir_def *ln2 = fconst(b, M_LN2, x);
      nir_def *ep = nir_fexp2(b, nir_fmul(b, x, log2e));
      nir_def *en = nir_fexp2(b, nir_fmul(b, nir_fneg(b, x), log2e));
      if (!strcmp(n, "sinh")) {
         r = nir_fmul(b, nir_fsub(b, ep, en), half);
      } else if (!strcmp(n, "cosh")) {
         r = nir_fmul(b, nir_fadd(b, ep, en), half);
      } else if (!strcmp(n, "tanh")) {
         r = nir_fdiv(b, nir_fsub(b, ep, en), nir_fadd(b, ep, en));
         /* exp overflows beyond |x| ~ 88; the limit is +-1. */
         r = nir_bcsel(b, nir_flt(b, fconst(b, 20.0, x), nir_fabs(b, x)),
                       nir_fsign(b, x), r);
      } else if (!strcmp(n, "asinh")) {
         nir_def *ax = nir_fabs(b, x);
         nir_def *s = nir_fsqrt(b, nir_fadd(b, nir_fmul(b, ax, ax), one));
         r = nir_fmul(b, nir_flog2(b, nir_fadd(b, ax, s)), ln2);
         r = nir_bcsel(b, nir_flt(b, x, fconst(b, 0.0, x)), nir_fneg(b, r),
                       r);
      } else if (!strcmp(n, "acosh")) {
         nir_def *s = nir_fsqrt(b, nir_fsub(b, nir_fmul(b, x, x), one));
         r = nir_fmul(b, nir_flog2(b, nir_fadd(b, x, s)), ln2);
      } else if (!strcmp(n, "atanh")) {
         nir_def *q = nir_fdiv(b, nir_fadd(b, one, x), nir_fsub(b, one, x));
         r = nir_fmul(b, nir_fmul(b, nir_flog2(b, q), ln2), half);
      }
   }
   return ret(a, r);
}

/* ---- exponential (8.2) ------------------------------------------------------ */

static struct g2n_val
bi_exp(struct g2n *c, struct bargs *a)
{
   nir_builder *b = &c->b;
   nir_def *x = arg(c, a, 0);
   const char *n = a->name;
   nir_def *r;
   if (!strcmp(n, "pow"))
      r = nir_fpow(b, x, arg(c, a, 1));
   else if (!strcmp(n, "exp"))
      r = nir_fexp2(b, nir_fmul(b, x, fconst(b, M_LOG2E, x)));
   else if (!strcmp(n, "log"))
      r = nir_fmul(b, nir_flog2(b, x), fconst(b, M_LN2, x));
   else if (!strcmp(n, "exp2"))
      r = nir_fexp2(b, x);
   else if (!strcmp(n, "log2"))
      r = nir_flog2(b, x);
   else if (!strcmp(n, "sqrt"))
      r = nir_fsqrt(b, x);
   else
      r = nir_frsq(b, x);
   return ret(a, r);
}

/* ---- common functions (8.3) ------------------------------------------------- */

static struct g2n_val
bi_common(struct g2n *c, struct bargs *a)
{
   nir_builder *b = &c->b;
   const char *n = a->name;
   bool f = is_float(a);
   bool u = base0(a) == GLSL_TYPE_UINT;
   nir_def *x = arg(c, a, 0);
   nir_def *r = x;
   if (!strcmp(n, "abs")) {
      r = f ? nir_fabs(b, x) : nir_iabs(b, x);
   } else if (!strcmp(n, "sign")) {
      r = f ? nir_fsign(b, x) : nir_isign(b, x);
   } else if (!strcmp(n, "floor")) {
      r = nir_ffloor(b, x);
   } else if (!strcmp(n, "ceil")) {
      r = nir_fceil(b, x);
   } else if (!strcmp(n, "trunc")) {
      r = nir_ftrunc(b, x);
   } else if (!strcmp(n, "round") || !strcmp(n, "roundEven")) {
      r = nir_fround_even(b, x);
   } else if (!strcmp(n, "fract")) {
      r = nir_ffract(b, x);
   } else if (!strcmp(n, "mod")) {
      nir_def *y = arg(c, a, 1);
      r = nir_fsub(b, x, nir_fmul(b, y, nir_ffloor(b, nir_fdiv(b, x, y))));
   } else if (!strcmp(n, "min") || !strcmp(n, "max")) {
      nir_def *y = arg(c, a, 1);
      bool mn = !strcmp(n, "min");
      r = f ? (mn ? nir_fmin(b, x, y) : nir_fmax(b, x, y))
          : u ? (mn ? nir_umin(b, x, y) : nir_umax(b, x, y))
              : (mn ? nir_imin(b, x, y) : nir_imax(b, x, y));
   } else if (!strcmp(n, "clamp")) {
      nir_def *lo = arg(c, a, 1), *hi = arg(c, a, 2);
      r = f ? nir_fmin(b, nir_fmax(b, x, lo), hi)
          : u ? nir_umin(b, nir_umax(b, x, lo), hi)
              : nir_imin(b, nir_imax(b, x, lo), hi);
   } else if (!strcmp(n, "mix")) {
      nir_def *y = arg(c, a, 1);
      nir_def *t = arg(c, a, 2);
      if (a->v[2].type->base_type == GLSL_TYPE_BOOL)
         r = nir_bcsel(b, t, y, x);
      else
         r = nir_flrp(b, x, y, t);
   } else if (!strcmp(n, "step")) {
      r = nir_fstep(b, x, arg(c, a, 1));
   } else if (!strcmp(n, "smoothstep")) {
      nir_def *e0 = x, *e1 = arg(c, a, 1), *v = arg(c, a, 2);
      nir_def *t = nir_fsat(b, nir_fdiv(b, nir_fsub(b, v, e0),
                                        nir_fsub(b, e1, e0)));
      r = nir_fmul(b, nir_fmul(b, t, t),
                   nir_fsub(b, fconst(b, 3.0, t),
                            nir_fmul(b, fconst(b, 2.0, t), t)));
   } else if (!strcmp(n, "isnan")) {
      r = nir_fneu(b, x, x);
   } else if (!strcmp(n, "isinf")) {
      r = nir_feq(b, nir_fabs(b, x), fconst(b, INFINITY, x));
   } else if (!strcmp(n, "fma")) {
      r = nir_ffma(b, x, arg(c, a, 1), arg(c, a, 2));
   } else {
      /* floatBitsToInt, intBitsToFloat ...: the bits stay. */
      r = x;
   }
   return ret(a, r);
}

/* modf(x, out i): fractional part returned, whole part stored. */
static struct g2n_val
bi_modf(struct g2n *c, struct bargs *a)
{
   nir_builder *b = &c->b;
   nir_def *x = arg(c, a, 0);
   nir_def *whole = nir_ftrunc(b, x);
   a->out[1] = g2n_basic(a->v[0].type, whole);
   return ret(a, nir_fsub(b, x, whole));
}

/* ---- geometric (8.5) -------------------------------------------------------- */

static nir_def *
dot(nir_builder *b, nir_def *x, nir_def *y)
{
   switch (x->num_components) {
   case 1: return nir_fmul(b, x, y);
   case 2: return nir_fdot2(b, x, y);
   case 3: return nir_fdot3(b, x, y);
   default: return nir_fdot4(b, x, y);
   }
}

static struct g2n_val
bi_geometric(struct g2n *c, struct bargs *a)
{
   nir_builder *b = &c->b;
   const char *n = a->name;
   nir_def *x = a->v[0].col[0];
   nir_def *y = a->n > 1 ? a->v[1].col[0] : NULL;
   nir_def *r = x;
   if (!strcmp(n, "length")) {
      r = nir_fsqrt(b, dot(b, x, x));
   } else if (!strcmp(n, "distance")) {
      nir_def *d = nir_fsub(b, x, y);
      r = nir_fsqrt(b, dot(b, d, d));
   } else if (!strcmp(n, "dot")) {
      r = dot(b, x, y);
   } else if (!strcmp(n, "cross")) {
      unsigned s1[3] = { 1, 2, 0 }, s2[3] = { 2, 0, 1 };
      r = nir_fsub(b, nir_fmul(b, nir_swizzle(b, x, s1, 3),
                               nir_swizzle(b, y, s2, 3)),
                   nir_fmul(b, nir_swizzle(b, x, s2, 3),
                            nir_swizzle(b, y, s1, 3)));
   } else if (!strcmp(n, "normalize")) {
      r = nir_fmul(b, x, splat(b, nir_frsq(b, dot(b, x, x)),
                               x->num_components));
   } else if (!strcmp(n, "faceforward")) {
      /* dot(Nref, I) < 0 ? N : -N */
      nir_def *nref = a->v[2].col[0];
      r = nir_bcsel(b, splat(b, nir_flt(b, dot(b, nref, y),
                                        fconst(b, 0.0, x)),
                             x->num_components),
                    x, nir_fneg(b, x));
   } else if (!strcmp(n, "reflect")) {
      /* I - 2 dot(N, I) N */
      nir_def *d = dot(b, y, x);
      r = nir_fsub(b, x, nir_fmul(b, splat(b, nir_fmul(b, fconst(b, 2.0, d),
                                                       d),
                                           x->num_components),
                                  y));
   } else if (!strcmp(n, "refract")) {
      /* k = 1 - eta^2 (1 - dot(N, I)^2); k < 0 ? 0 : eta I - (eta dot + sqrt k) N */
      nir_def *eta = a->v[2].col[0];
      nir_def *d = dot(b, y, x);
      nir_def *one = fconst(b, 1.0, d);
      nir_def *k = nir_fsub(b, one, nir_fmul(b, nir_fmul(b, eta, eta),
                                             nir_fsub(b, one,
                                                      nir_fmul(b, d, d))));
      unsigned nc = x->num_components;
      nir_def *v = nir_fsub(b, nir_fmul(b, splat(b, eta, nc), x),
                            nir_fmul(b, splat(b, nir_fadd(b,
                                                          nir_fmul(b, eta, d),
                                                          nir_fsqrt(b, k)),
                                              nc),
                                     y));
      r = nir_bcsel(b, splat(b, nir_flt(b, k, fconst(b, 0.0, k)), nc),
                    nir_imm_zero(b, nc, 32), v);
   }
   return ret(a, r);
}

/* ---- matrices (8.6) ------------------------------------------------------------ */

static nir_def *
mcomp(nir_builder *b, struct g2n_val m, unsigned col, unsigned row)
{
   return nir_channel(b, m.col[col], row);
}

static nir_def *
det2(nir_builder *b, nir_def *a, nir_def *bb, nir_def *cc, nir_def *d)
{
   return nir_fsub(b, nir_fmul(b, a, d), nir_fmul(b, bb, cc));
}

/* Determinant of the n x n matrix given by comps[col][row]. */
static nir_def *
det_n(nir_builder *b, nir_def *m[4][4], unsigned n)
{
   if (n == 2)
      return det2(b, m[0][0], m[1][0], m[0][1], m[1][1]);
   nir_def *sum = NULL;
   for (unsigned j = 0; j < n; j++) {
      nir_def *sub[4][4];
      for (unsigned col = 0, sc = 0; col < n; col++) {
         if (col == j)
            continue;
         for (unsigned row = 1; row < n; row++)
            sub[sc][row - 1] = m[col][row];
         sc++;
      }
      nir_def *t = nir_fmul(b, m[j][0], det_n(b, sub, n - 1));
      if (!sum)
         sum = t;
      else if (j & 1)
         sum = nir_fsub(b, sum, t);
      else
         sum = nir_fadd(b, sum, t);
   }
   return sum;
}

static struct g2n_val
bi_matrix(struct g2n *c, struct bargs *a)
{
   nir_builder *b = &c->b;
   const char *n = a->name;
   struct g2n_val r = { .type = a->rt };
   struct g2n_val m = a->v[0];
   if (!strcmp(n, "matrixCompMult")) {
      for (unsigned i = 0; i < a->rt->matrix_columns; i++)
         r.col[i] = nir_fmul(b, m.col[i], a->v[1].col[i]);
   } else if (!strcmp(n, "outerProduct")) {
      /* column j = c * r[j] */
      for (unsigned j = 0; j < a->rt->matrix_columns; j++)
         r.col[j] = nir_fmul(b, m.col[0],
                             splat(b, nir_channel(b, a->v[1].col[0], j),
                                   a->rt->vector_elements));
   } else if (!strcmp(n, "transpose")) {
      for (unsigned col = 0; col < a->rt->matrix_columns; col++) {
         nir_def *comps[4];
         for (unsigned row = 0; row < a->rt->vector_elements; row++)
            comps[row] = mcomp(b, m, row, col);
         r.col[col] = nir_vec(b, comps, a->rt->vector_elements);
      }
   } else {
      unsigned dim = m.type->matrix_columns;
      nir_def *e[4][4];
      for (unsigned col = 0; col < dim; col++)
         for (unsigned row = 0; row < dim; row++)
            e[col][row] = mcomp(b, m, col, row);
      nir_def *det = det_n(b, e, dim);
      if (!strcmp(n, "determinant"))
         return ret(a, det);
      /* inverse: adjugate / determinant; cofactor (i, j) goes to
       * column j, row i of the transpose. */
      nir_def *inv_det = nir_frcp(b, det);
      for (unsigned col = 0; col < dim; col++) {
         nir_def *comps[4];
         for (unsigned row = 0; row < dim; row++) {
            /* Element (col, row) of the inverse is cofactor of
             * (row, col) of m, i.e. drop column `row` and row `col`. */
            nir_def *sub[4][4];
            unsigned sc = 0;
            for (unsigned cc = 0; cc < dim; cc++) {
               if (cc == row)
                  continue;
               unsigned sr = 0;
               for (unsigned rr = 0; rr < dim; rr++) {
                  if (rr == col)
                     continue;
                  sub[sc][sr++] = e[cc][rr];
               }
               sc++;
            }
            nir_def *cof = dim == 2 ? sub[0][0] : det_n(b, sub, dim - 1);
            if ((row + col) & 1)
               cof = nir_fneg(b, cof);
            comps[row] = nir_fmul(b, cof, inv_det);
         }
         r.col[col] = nir_vec(b, comps, dim);
      }
   }
   return r;
}

/* ---- vector relational (8.7) -------------------------------------------------- */

static struct g2n_val
bi_relational(struct g2n *c, struct bargs *a)
{
   nir_builder *b = &c->b;
   const char *n = a->name;
   nir_def *x = a->v[0].col[0];
   nir_def *r = x;
   if (!strcmp(n, "any") || !strcmp(n, "all")) {
      bool any = !strcmp(n, "any");
      r = nir_channel(b, x, 0);
      for (unsigned i = 1; i < x->num_components; i++) {
         nir_def *ch = nir_channel(b, x, i);
         r = any ? nir_ior(b, r, ch) : nir_iand(b, r, ch);
      }
      return ret(a, r);
   }
   if (!strcmp(n, "not"))
      return ret(a, nir_inot(b, x));
   nir_def *y = a->v[1].col[0];
   bool f = is_float(a);
   bool u = base0(a) == GLSL_TYPE_UINT;
   bool bl = base0(a) == GLSL_TYPE_BOOL;
   if (!strcmp(n, "lessThan"))
      r = f ? nir_flt(b, x, y) : u ? nir_ult(b, x, y) : nir_ilt(b, x, y);
   else if (!strcmp(n, "lessThanEqual"))
      r = f ? nir_fge(b, y, x) : u ? nir_uge(b, y, x) : nir_ige(b, y, x);
   else if (!strcmp(n, "greaterThan"))
      r = f ? nir_flt(b, y, x) : u ? nir_ult(b, y, x) : nir_ilt(b, y, x);
   else if (!strcmp(n, "greaterThanEqual"))
      r = f ? nir_fge(b, x, y) : u ? nir_uge(b, x, y) : nir_ige(b, x, y);
   else if (!strcmp(n, "equal"))
      r = f ? nir_feq(b, x, y) : bl ? nir_inot(b, nir_ixor(b, x, y))
                                    : nir_ieq(b, x, y);
   else
      r = f ? nir_fneu(b, x, y) : bl ? nir_ixor(b, x, y) : nir_ine(b, x, y);
   return ret(a, r);
}

/* ---- integer functions (8.8) ------------------------------------------------ */

static struct g2n_val
bi_integer(struct g2n *c, struct bargs *a)
{
   nir_builder *b = &c->b;
   const char *n = a->name;
   bool u = base0(a) == GLSL_TYPE_UINT;
   nir_def *x = arg(c, a, 0);
   nir_def *r = x;
   if (!strcmp(n, "bitfieldExtract")) {
      nir_def *off = splat(b, a->v[1].col[0], x->num_components);
      nir_def *bits = splat(b, a->v[2].col[0], x->num_components);
      r = u ? nir_ubitfield_extract(b, x, off, bits)
            : nir_ibitfield_extract(b, x, off, bits);
   } else if (!strcmp(n, "bitfieldInsert")) {
      nir_def *off = splat(b, a->v[2].col[0], x->num_components);
      nir_def *bits = splat(b, a->v[3].col[0], x->num_components);
      r = nir_bitfield_insert(b, x, a->v[1].col[0], off, bits);
   } else if (!strcmp(n, "bitfieldReverse")) {
      r = nir_bitfield_reverse(b, x);
   } else if (!strcmp(n, "bitCount")) {
      r = nir_bit_count(b, x);
   } else if (!strcmp(n, "findLSB")) {
      r = nir_find_lsb(b, x);
   } else if (!strcmp(n, "findMSB")) {
      r = u ? nir_ufind_msb(b, x) : nir_ifind_msb(b, x);
   }
   return ret(a, r);
}

/* uaddCarry, usubBorrow, umulExtended and imulExtended (GLSL 4.00 8.8):
 * the carry of a + b is whether the 32-bit sum wrapped below a, the
 * borrow of a - b whether a < b; the products' high words are
 * [iu]mul_high, their low ones the ordinary product. */
static struct g2n_val
bi_extended(struct g2n *c, struct bargs *a)
{
   nir_builder *b = &c->b;
   const char *n = a->name;
   nir_def *x = arg(c, a, 0), *y = arg(c, a, 1);
   if (!strcmp(n, "uaddCarry")) {
      nir_def *sum = nir_iadd(b, x, y);
      a->out[2] = g2n_basic(a->v[2].type, nir_b2i32(b, nir_ult(b, sum, x)));
      return ret(a, sum);
   }
   if (!strcmp(n, "usubBorrow")) {
      a->out[2] = g2n_basic(a->v[2].type, nir_b2i32(b, nir_ult(b, x, y)));
      return ret(a, nir_isub(b, x, y));
   }
   bool is_signed = n[0] == 'i';
   a->out[2] = g2n_basic(a->v[2].type, is_signed ? nir_imul_high(b, x, y)
                                                 : nir_umul_high(b, x, y));
   a->out[3] = g2n_basic(a->v[3].type, nir_imul(b, x, y));
   return (struct g2n_val){ .type = a->rt };
}

/* frexp and ldexp (GLSL 4.00 8.3) on the fp32 encoding: frexp's
 * significand keeps x's sign and mantissa with the exponent of [0.5, 1),
 * its exponent is the biased one less 126; zero (and denormals, which
 * AGX flushes) give 0 and 0.  ldexp multiplies by two powers of two made
 * from halves of the exponent, clamped to [-254, 254] (beyond, the
 * result is out of range either way: undefined). */
static struct g2n_val
bi_frexp(struct g2n *c, struct bargs *a)
{
   nir_builder *b = &c->b;
   nir_def *x = arg(c, a, 0);
   if (!strcmp(a->name, "frexp")) {
      nir_def *biased = nir_ubitfield_extract(b, x, nir_imm_int_like(b, 23, x),
                                              nir_imm_int_like(b, 8, x));
      nir_def *zero = nir_ieq(b, biased, nir_imm_int_like(b, 0, x));
      nir_def *e = nir_bcsel(b, zero, nir_imm_int_like(b, 0, x),
                             nir_iadd(b, biased, nir_imm_int_like(b, -126, x)));
      nir_def *m = nir_ior(b, nir_iand(b, x, nir_imm_int_like(b, (int32_t)0x807fffff, x)),
                           nir_imm_int_like(b, 0x3f000000, x));
      a->out[1] = g2n_basic(a->v[1].type, e);
      return ret(a, nir_bcsel(b, zero, nir_iand(b, x, nir_imm_int_like(
                                                   b, (int32_t)0x80000000, x)),
                              m));
   }
   nir_def *e = nir_imin(b, nir_imax(b, arg(c, a, 1),
                                     nir_imm_int_like(b, -254, x)),
                         nir_imm_int_like(b, 254, x));
   nir_def *e1 = nir_ishr(b, e, nir_imm_int(b, 1));
   nir_def *e2 = nir_isub(b, e, e1);
   nir_def *p1 = nir_ishl(b, nir_iadd(b, e1, nir_imm_int_like(b, 127, x)),
                          nir_imm_int(b, 23));
   nir_def *p2 = nir_ishl(b, nir_iadd(b, e2, nir_imm_int_like(b, 127, x)),
                          nir_imm_int(b, 23));
   return ret(a, nir_fmul(b, nir_fmul(b, x, p1), p2));
}

/* ---- packing (8.4) ---------------------------------------------------------- */

/* pack{U,S}norm{2x16,4x8} (GLSL 4.60 8.4): each component clamped to
 * [0, 1] or [-1, 1], scaled to 2^bits - 1 or 2^(bits-1) - 1, rounded and
 * placed in its bit field, the first component lowest. */
static nir_def *
pack_norm(nir_builder *b, nir_def *x, unsigned bits, bool snorm)
{
   double scale = snorm ? (double)((1u << (bits - 1)) - 1)
                        : (double)((1u << bits) - 1);
   nir_def *lo = fconst(b, snorm ? -1.0 : 0.0, x);
   nir_def *cl = nir_fmin(b, nir_fmax(b, x, lo), fconst(b, 1.0, x));
   nir_def *q = nir_f2i32(b, nir_fround_even(b, nir_fmul(b, cl,
                                                         fconst(b, scale,
                                                                x))));
   nir_def *mask = nir_imm_int(b, (int)((1u << bits) - 1));
   nir_def *r = NULL;
   for (unsigned i = 0; i < x->num_components; i++) {
      nir_def *f = nir_iand(b, nir_channel(b, q, i), mask);
      f = nir_ishl(b, f, nir_imm_int(b, (int)(i * bits)));
      r = r ? nir_ior(b, r, f) : f;
   }
   return r;
}

/* unpack{U,S}norm{2x16,4x8}: field / (2^bits - 1), or the sign-extended
 * field / (2^(bits-1) - 1) clamped to [-1, 1]. */
static nir_def *
unpack_norm(nir_builder *b, nir_def *p, unsigned bits, unsigned n,
            bool snorm)
{
   nir_def *comps[4];
   for (unsigned i = 0; i < n; i++) {
      nir_def *off = nir_imm_int(b, (int)(i * bits));
      nir_def *w = nir_imm_int(b, (int)bits);
      if (snorm) {
         nir_def *f = nir_i2f32(b, nir_ibitfield_extract(b, p, off, w));
         f = nir_fdiv(b, f, nir_imm_float(b, (float)((1u << (bits - 1)) - 1)));
         comps[i] = nir_fmax(b, f, nir_imm_float(b, -1.0f));
      } else {
         nir_def *f = nir_u2f32(b, nir_ubitfield_extract(b, p, off, w));
         comps[i] = nir_fdiv(b, f, nir_imm_float(b, (float)((1u << bits) -
                                                          1)));
      }
   }
   return nir_vec(b, comps, n);
}

static struct g2n_val
bi_pack(struct g2n *c, struct bargs *a)
{
   nir_builder *b = &c->b;
   const char *n = a->name;
   nir_def *x = a->v[0].col[0];
   if (!strcmp(n, "packHalf2x16"))
      return ret(a, nir_pack_half_2x16(b, x));
   if (!strcmp(n, "unpackHalf2x16"))
      return ret(a, nir_unpack_half_2x16(b, x));
   bool snorm = strstr(n, "Snorm") != NULL;
   bool is16 = strstr(n, "2x16") != NULL;
   if (!strncmp(n, "pack", 4))
      return ret(a, pack_norm(b, x, is16 ? 16 : 8, snorm));
   return ret(a, unpack_norm(b, x, is16 ? 16 : 8, is16 ? 2 : 4, snorm));
}

/* ftransform() (GLSL 1.10 8.5): the fixed-function position. */
static struct g2n_val
bi_ftransform(struct g2n *c, struct bargs *a)
{
   struct g2n_sym *m = g2n_lookup(c, "gl_ModelViewProjectionMatrix");
   struct g2n_sym *v = g2n_lookup(c, "gl_Vertex");
   if (!m || !v || !m->var || !v->var) {
      g2n_fail(c, NULL, "ftransform() needs the compatibility built-ins");
      return ret(a, NULL);
   }
   if (m->var_index >= 0)
      util_dynarray_element(&c->vars, struct glsl_nir_var,
                            m->var_index)->used = true;
   if (v->var_index >= 0)
      util_dynarray_element(&c->vars, struct glsl_nir_var,
                            v->var_index)->used = true;
   struct g2n_val mv = g2n_load(c, nir_build_deref_var(&c->b, m->var),
                                m->type);
   struct g2n_val vv = g2n_load(c, nir_build_deref_var(&c->b, v->var),
                                v->type);
   return g2n_binop(c, '*', mv, vv, a->rt);
}

static struct g2n_val
bi_texture(struct g2n *c, struct bargs *a)
{
   return g2n_texture_call(c, a->name, a->v, a->n, a->rt);
}

static struct g2n_val
bi_image(struct g2n *c, struct bargs *a)
{
   return g2n_image_call(c, a->name, a->v, a->n, a->rt);
}

/* Derivatives (GLSL 4.60 8.14): the Fine and Coarse forms are the plain
 * ones here; fwidth = |dFdx| + |dFdy|. */
static struct g2n_val
bi_derivative(struct g2n *c, struct bargs *a)
{
   nir_builder *b = &c->b;
   nir_def *x = arg(c, a, 0);
   if (!strncmp(a->name, "dFdx", 4))
      return ret(a, nir_fddx(b, x));
   if (!strncmp(a->name, "dFdy", 4))
      return ret(a, nir_fddy(b, x));
   return ret(a, nir_fadd(b, nir_fabs(b, nir_fddx(b, x)),
                          nir_fabs(b, nir_fddy(b, x))));
}

/* interpolateAtCentroid/Sample/Offset (GLSL 4.00 8.13.2) of an input
 * that is not a fragment shader input variable (which the checker
 * rejects; reached only through forms g2n_interpolate_call does not
 * take): the value at the fragment's own point. */
static struct g2n_val
bi_interpolate(struct g2n *c, struct bargs *a)
{
   (void)c;
   return ret(a, a->v[0].col[0]);
}

/* ARB_shader_group_vote: any and all are the NIR votes; the invocations
 * are equal when all of them are true or none is. */
static nir_def *
vote(nir_builder *b, nir_intrinsic_op op, nir_def *x)
{
   nir_def *srcs[1] = { x };
   return &nir_build_intrinsic(b, op, 1, 1, srcs,
                               NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
}

static struct g2n_val
bi_vote(struct g2n *c, struct bargs *a)
{
   nir_builder *b = &c->b;
   nir_def *x = a->v[0].col[0];
   if (!strncmp(a->name, "anyInvocation", 13))
      return ret(a, vote(b, nir_intrinsic_vote_any, x));
   nir_def *all = vote(b, nir_intrinsic_vote_all, x);
   if (!strncmp(a->name, "allInvocationsEqual", 19))
      return ret(a, nir_ior(b, all,
                            nir_inot(b, vote(b, nir_intrinsic_vote_any, x))));
   return ret(a, all);
}

/* interpolateAt*: interp_deref_at on the interpolant's deref (an input
 * variable, an element or member of one; GLSL 4.40's swizzles after it),
 * which nir_lower_io turns into load_input_at.  The second source is the
 * sample index or the offset; the centroid form passes zeros. */
static bool
g2n_interpolate_call(struct g2n *c, struct ast_node *n, struct g2n_val *r)
{
   static const struct {
      const char *name;
      nir_interp_at at;
   } forms[] = {
      { "interpolateAtCentroid", nir_interp_at_centroid },
      { "interpolateAtSample", nir_interp_at_sample },
      { "interpolateAtOffset", nir_interp_at_offset },
   };
   int form = -1;
   for (unsigned i = 0; i < ARRAY_SIZE(forms); i++) {
      if (!strcmp(n->name, forms[i].name))
         form = (int)i;
   }
   if (form < 0 || !n->list.head)
      return false;
   nir_builder *b = &c->b;
   struct g2n_lval lv;
   if (!g2n_lvalue(c, n->list.head, &lv) || c->failed || !lv.deref ||
       lv.ubo || lv.dyn_index || lv.deref->modes != nir_var_shader_in ||
       lv.dtype->base_type != GLSL_TYPE_FLOAT ||
       glsl_type_is_matrix(lv.dtype) || glsl_type_is_array(lv.dtype))
      return false;

   nir_def *pos = nir_imm_zero(b, 2, 32);
   if (forms[form].at != nir_interp_at_centroid) {
      struct ast_node *e = n->list.head->next;
      if (!e)
         return false;
      nir_def *v = g2n_expr(c, e).col[0];
      if (c->failed || !v)
         return false;
      /* the sample index in .x (an int), or the vec2 offset */
      pos = v->num_components == 2 ? v : nir_vec2(b, v, nir_imm_int(b, 0));
   }
   nir_def *srcs[2] = { &lv.deref->def, pos };
   unsigned nc = lv.dtype->vector_elements;
   nir_def *v = &nir_build_intrinsic(
                   b, nir_intrinsic_interp_deref_at, nc, 32, srcs,
                   NIR_INTRINSIC_INTERP_AT, (int)forms[form].at,
                   NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
   if (lv.nswz)
      v = nir_swizzle(b, v, lv.swz, lv.nswz);
   *r = g2n_basic(n->vtype, v);
   return true;
}

/* ---- the family table ------------------------------------------------------- */

static const struct {
   const char *name;
   builtin_fn fn;
} families[] = {
   { "radians", bi_trig },   { "degrees", bi_trig },
   { "sin", bi_trig },       { "cos", bi_trig },
   { "tan", bi_trig },       { "asin", bi_trig },
   { "acos", bi_trig },      { "atan", bi_trig },
   { "sinh", bi_trig },      { "cosh", bi_trig },
   { "tanh", bi_trig },      { "asinh", bi_trig },
   { "acosh", bi_trig },     { "atanh", bi_trig },
   { "pow", bi_exp },        { "exp", bi_exp },
   { "log", bi_exp },        { "exp2", bi_exp },
   { "log2", bi_exp },       { "sqrt", bi_exp },
   { "inversesqrt", bi_exp },
   { "abs", bi_common },     { "sign", bi_common },
   { "floor", bi_common },   { "ceil", bi_common },
   { "trunc", bi_common },   { "round", bi_common },
   { "roundEven", bi_common }, { "fract", bi_common },
   { "mod", bi_common },     { "min", bi_common },
   { "max", bi_common },     { "clamp", bi_common },
   { "mix", bi_common },     { "step", bi_common },
   { "smoothstep", bi_common }, { "isnan", bi_common },
   { "isinf", bi_common },   { "fma", bi_common },
   { "floatBitsToInt", bi_common }, { "floatBitsToUint", bi_common },
   { "intBitsToFloat", bi_common }, { "uintBitsToFloat", bi_common },
   { "modf", bi_modf },
   { "length", bi_geometric }, { "distance", bi_geometric },
   { "dot", bi_geometric },  { "cross", bi_geometric },
   { "normalize", bi_geometric }, { "faceforward", bi_geometric },
   { "reflect", bi_geometric }, { "refract", bi_geometric },
   { "matrixCompMult", bi_matrix }, { "outerProduct", bi_matrix },
   { "transpose", bi_matrix }, { "determinant", bi_matrix },
   { "inverse", bi_matrix },
   { "lessThan", bi_relational }, { "lessThanEqual", bi_relational },
   { "greaterThan", bi_relational }, { "greaterThanEqual", bi_relational },
   { "equal", bi_relational }, { "notEqual", bi_relational },
   { "any", bi_relational }, { "all", bi_relational },
   { "not", bi_relational },
   { "bitfieldExtract", bi_integer }, { "bitfieldInsert", bi_integer },
   { "bitfieldReverse", bi_integer }, { "bitCount", bi_integer },
   { "findLSB", bi_integer }, { "findMSB", bi_integer },
   { "uaddCarry", bi_extended }, { "usubBorrow", bi_extended },
   { "umulExtended", bi_extended }, { "imulExtended", bi_extended },
   { "frexp", bi_frexp }, { "ldexp", bi_frexp },
   { "ftransform", bi_ftransform },
   { "dFdx", bi_derivative }, { "dFdy", bi_derivative },
   { "fwidth", bi_derivative }, { "dFdxFine", bi_derivative },
   { "dFdyFine", bi_derivative }, { "fwidthFine", bi_derivative },
   { "dFdxCoarse", bi_derivative }, { "dFdyCoarse", bi_derivative },
   { "fwidthCoarse", bi_derivative },
   { "anyInvocationARB", bi_vote }, { "allInvocationsARB", bi_vote },
   { "allInvocationsEqualARB", bi_vote }, { "anyInvocation", bi_vote },
   { "allInvocations", bi_vote }, { "allInvocationsEqual", bi_vote },
   { "interpolateAtCentroid", bi_interpolate },
   { "interpolateAtSample", bi_interpolate },
   { "interpolateAtOffset", bi_interpolate },
   { "packHalf2x16", bi_pack }, { "unpackHalf2x16", bi_pack },
   { "packUnorm2x16", bi_pack }, { "unpackUnorm2x16", bi_pack },
   { "packSnorm2x16", bi_pack }, { "unpackSnorm2x16", bi_pack },
   { "packUnorm4x8", bi_pack }, { "unpackUnorm4x8", bi_pack },
   { "packSnorm4x8", bi_pack }, { "unpackSnorm4x8", bi_pack },
};

/* 2: exact, 1: implicit conversion, 0: no match. */
static int
param_match(const struct glsl_type *arg, const struct glsl_type *param)
{
   if (!arg || !param)
      return 0;
   if (arg == param || glsl_type_equal(arg, param))
      return 2;
   if (!glsl_type_is_basic(arg) || !glsl_type_is_basic(param) ||
       arg->vector_elements != param->vector_elements ||
       arg->matrix_columns != param->matrix_columns)
      return 0;
   enum glsl_base_type f = arg->base_type, t = param->base_type;
   if ((t == GLSL_TYPE_UINT && f == GLSL_TYPE_INT) ||
       (t == GLSL_TYPE_FLOAT && (f == GLSL_TYPE_INT || f == GLSL_TYPE_UINT)) ||
       (t == GLSL_TYPE_DOUBLE && (f == GLSL_TYPE_INT || f == GLSL_TYPE_UINT ||
                                  f == GLSL_TYPE_FLOAT)))
      return 1;
   return 0;
}

const unsigned *
g2n_builtin_rows(struct g2n *c, const char *name, unsigned *count)
{
   if (!c->builtin_func_index)
      c->builtin_func_index = glsl_builtin_func_index_create(c->mem);
   return glsl_builtin_func_index_rows(c->builtin_func_index, name, count);
}

static const struct glsl_builtin_func *
find_row(struct g2n *c, struct ast_node *n)
{
   const struct glsl_builtin_func *best = NULL;
   int best_score = 0;
   unsigned nrows;
   const unsigned *rows = g2n_builtin_rows(c, n->name, &nrows);
   for (unsigned r = 0; r < nrows; r++) {
      const struct glsl_builtin_func *f = &glsl_builtin_funcs[rows[r]];
      if (f->nparams != n->list.count)
         continue;
      int score = 2;
      unsigned k = 0;
      for (struct ast_node *a = n->list.head; a; a = a->next, k++) {
         const struct glsl_type *pt =
            glsl_builtin_type_by_name(f->params[k].type, NULL);
         score = MIN2(score, param_match(a->vtype, pt));
      }
      if (score > best_score) {
         best = f;
         best_score = score;
      }
   }
   return best;
}

struct g2n_val
g2n_builtin_call(struct g2n *c, struct ast_node *n)
{
   struct g2n_val none = { .type = n->vtype };
   if (g2n_geom_call(c, n))
      return none;
   struct g2n_val mem_r;
   if (g2n_mem_call(c, n, &mem_r))
      return mem_r;
   if (g2n_interpolate_call(c, n, &mem_r) || c->failed)
      return c->failed ? none : mem_r;
   builtin_fn fn = NULL;
   for (unsigned i = 0; i < ARRAY_SIZE(families); i++) {
      if (!strcmp(families[i].name, n->name))
         fn = families[i].fn;
   }
   if (!fn && (!strncmp(n->name, "texture", 7) ||
               !strncmp(n->name, "shadow", 6) ||
               !strncmp(n->name, "texel", 5)))
      fn = bi_texture;
   if (!fn && !strncmp(n->name, "image", 5))
      fn = bi_image;
   if (!fn) {
      g2n_fail(c, n, "built-in function '%s' is not translated yet",
               n->name);
      return none;
   }
   if (n->list.count > 8) {
      g2n_fail(c, n, "too many arguments");
      return none;
   }
   const struct glsl_builtin_func *row = find_row(c, n);
   struct bargs a = { .n = n->list.count, .rt = n->vtype, .name = n->name };
   struct g2n_lval outs[8];
   bool is_out[8] = { false };
   unsigned k = 0;
   for (struct ast_node *e = n->list.head; e && !c->failed; e = e->next, k++) {
      const struct glsl_type *pt =
         row ? glsl_builtin_type_by_name(row->params[k].type, NULL) : NULL;
      if (row && (row->params[k].out || row->params[k].inout)) {
         is_out[k] = true;
         if (!g2n_lvalue(c, e, &outs[k])) {
            g2n_fail(c, e, "out argument is not an l-value");
            return none;
         }
         a.v[k] = (struct g2n_val){ .type = pt ? pt : e->vtype };
         if (row->params[k].inout)
            a.v[k] = g2n_load_lval(c, &outs[k]);
         continue;
      }
      a.v[k] = g2n_expr(c, e);
      if (pt)
         a.v[k] = g2n_convert(c, a.v[k], pt);
   }
   if (c->failed)
      return none;
   if (g2n_builtin_follows_arguments(n->name))
      g2n_prec_begin(c, c->operand_prec, n->vtype->base_type);
   struct g2n_val r = fn(c, &a);
   g2n_prec_end(c);
   for (k = 0; k < a.n && !c->failed; k++) {
      if (is_out[k] && a.out[k].type)
         g2n_store_lval(c, &outs[k], g2n_convert(c, a.out[k],
                                                 outs[k].type));
   }
   return r;
}
