/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Constant folding of built-in function calls and of operators (the
 * operand rules are in glsl_check_expr.c).
 *
 * GLSL (1.20 4.3.3 and later, ES 3.00 4.3.3) makes a call to a built-in
 * function a constant expression when every argument is one, except for the
 * texture, noise and side-effect functions (the table marks those
 * non-constant).  A derivative of a constant is 0.  Array sizes, const initialisers and case labels
 * need the value, so it is computed here with the per-component definitions
 * of the "Built-in Functions" chapter.  float results are computed in
 * single precision, double results in double precision.  Where the spec
 * leaves a result undefined (bitfieldExtract past bit 31, a singular
 * inverse, ...) nothing is folded: the expression stays constant, with an
 * unknown value.
 */
#include <math.h>
#include <string.h>

#include "glsl_check_priv.h"
#include "glsl_parser.h"

/* Rounds to the precision of the result type. */
#define P(x) (fl ? (double)(float)(x) : (double)(x))
/* One libm call in the result precision. */
#define M1(fn, x) (fl ? (double)fn##f((float)(x)) : fn(x))
#define M2(fn, x, y) \
   (fl ? (double)fn##f((float)(x), (float)(y)) : fn(x, y))

static bool
is_float_base(enum glsl_base_type b)
{
   return b == GLSL_TYPE_FLOAT || b == GLSL_TYPE_DOUBLE;
}

/* Component i of an argument, a scalar broadcast to every component. */
static double
argf(const struct check_value *e, unsigned i)
{
   unsigned n = glsl_type_components(e->type);
   const struct check_cval *v = &e->val;
   unsigned k = n == 1 ? 0 : i;
   switch (e->type->base_type) {
   case GLSL_TYPE_FLOAT:
   case GLSL_TYPE_DOUBLE:
      return v->c[k].f;
   case GLSL_TYPE_BOOL:
      return v->c[k].b;
   case GLSL_TYPE_UINT:
      return (double)(uint32_t)v->c[k].i;
   default:
      return (double)v->c[k].i;
   }
}

static int64_t
argi(const struct check_value *e, unsigned i)
{
   unsigned n = glsl_type_components(e->type);
   unsigned k = n == 1 ? 0 : i;
   if (e->type->base_type == GLSL_TYPE_BOOL)
      return e->val.c[k].b;
   return e->val.c[k].i;
}

static bool
argb(const struct check_value *e, unsigned i)
{
   unsigned n = glsl_type_components(e->type);
   return e->val.c[n == 1 ? 0 : i].b;
}

/* ---- per-component float functions ------------------------------------- */

static double
round_even(double x, bool fl)
{
   /* Round-to-nearest-even is the default FP rounding mode. */
   return fl ? (double)nearbyintf((float)x) : nearbyint(x);
}

static bool
fold_float_comp(const char *name, bool fl, double x, double y, double z,
                double *r)
{
   static const double pi = 3.14159265358979323846;
   if (!strcmp(name, "radians"))
      *r = P(x * (pi / 180.0));
   else if (!strcmp(name, "degrees"))
      *r = P(x * (180.0 / pi));
   else if (!strcmp(name, "sin"))
      *r = M1(sin, x);
   else if (!strcmp(name, "cos"))
      *r = M1(cos, x);
   else if (!strcmp(name, "tan"))
      *r = M1(tan, x);
   else if (!strcmp(name, "asin"))
      *r = M1(asin, x);
   else if (!strcmp(name, "acos"))
      *r = M1(acos, x);
   else if (!strcmp(name, "atan1"))
      *r = M1(atan, x);
   else if (!strcmp(name, "atan"))
      *r = M2(atan2, x, y); /* atan(y_over_x numerator, denominator) */
   else if (!strcmp(name, "sinh"))
      *r = M1(sinh, x);
   else if (!strcmp(name, "cosh"))
      *r = M1(cosh, x);
   else if (!strcmp(name, "tanh"))
      *r = M1(tanh, x);
   else if (!strcmp(name, "asinh"))
      *r = M1(asinh, x);
   else if (!strcmp(name, "acosh"))
      *r = M1(acosh, x);
   else if (!strcmp(name, "atanh"))
      *r = M1(atanh, x);
   else if (!strcmp(name, "pow"))
      *r = M2(pow, x, y);
   else if (!strcmp(name, "exp"))
      *r = M1(exp, x);
   else if (!strcmp(name, "log"))
      *r = M1(log, x);
   else if (!strcmp(name, "exp2"))
      *r = M1(exp2, x);
   else if (!strcmp(name, "log2"))
      *r = M1(log2, x);
   else if (!strcmp(name, "sqrt"))
      *r = M1(sqrt, x);
   else if (!strcmp(name, "inversesqrt"))
      *r = P(1.0 / M1(sqrt, x));
   else if (!strcmp(name, "abs"))
      *r = fabs(x);
   else if (!strcmp(name, "sign"))
      *r = x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0;
   else if (!strcmp(name, "floor"))
      *r = floor(x);
   else if (!strcmp(name, "ceil"))
      *r = ceil(x);
   else if (!strcmp(name, "trunc"))
      *r = trunc(x);
   else if (!strcmp(name, "round") || !strcmp(name, "roundEven"))
      *r = round_even(x, fl); /* round: halves go either way (spec) */
   else if (!strcmp(name, "fract"))
      *r = P(x - floor(x));
   else if (!strcmp(name, "mod"))
      *r = P(x - P(y * M1(floor, P(x / y))));
   else if (!strcmp(name, "min"))
      *r = y < x ? y : x;
   else if (!strcmp(name, "max"))
      *r = x < y ? y : x;
   else if (!strcmp(name, "clamp")) {
      if (y > z)
         return false; /* undefined when minVal > maxVal */
      *r = x < y ? y : x > z ? z : x;
   } else if (!strcmp(name, "mix"))
      *r = P(P(x * P(1.0 - z)) + P(y * z));
   else if (!strcmp(name, "step"))
      *r = y < x ? 0.0 : 1.0; /* step(edge, x) */
   else if (!strcmp(name, "smoothstep")) {
      if (x >= y)
         return false; /* undefined when edge0 >= edge1 */
      double t = P(P(z - x) / P(y - x));
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      *r = P(P(t * t) * P(3.0 - 2.0 * t));
   } else if (!strcmp(name, "fma"))
      *r = fl ? (double)fmaf((float)x, (float)y, (float)z) : fma(x, y, z);
   else if (!strcmp(name, "matrixCompMult"))
      *r = P(x * y);
   else
      return false;
   return true;
}

/* ---- per-component integer functions ----------------------------------- */

static int
bit_count(uint32_t v)
{
   int n = 0;
   for (; v; v &= v - 1)
      n++;
   return n;
}

static bool
fold_int_comp(const char *name, bool u, int64_t x, int64_t y, int64_t z,
              int64_t w, int64_t *r)
{
   uint32_t ux = (uint32_t)x;
   int32_t sx = (int32_t)x;
   if (!strcmp(name, "abs"))
      *r = sx < 0 ? -(int64_t)sx : sx;
   else if (!strcmp(name, "sign"))
      *r = sx > 0 ? 1 : sx < 0 ? -1 : 0;
   else if (!strcmp(name, "min"))
      *r = u ? MIN2(ux, (uint32_t)y) : MIN2(sx, (int32_t)y);
   else if (!strcmp(name, "max"))
      *r = u ? MAX2(ux, (uint32_t)y) : MAX2(sx, (int32_t)y);
   else if (!strcmp(name, "clamp")) {
      if (u ? (uint32_t)y > (uint32_t)z : (int32_t)y > (int32_t)z)
         return false;
      *r = u ? MIN2(MAX2(ux, (uint32_t)y), (uint32_t)z)
             : MIN2(MAX2(sx, (int32_t)y), (int32_t)z);
   } else if (!strcmp(name, "bitfieldExtract")) {
      /* (value, offset, bits): the top bit of the field is the sign
       * for int (GLSL 4.00 8.8). */
      if (y < 0 || z < 0 || y + z > 32)
         return false;
      if (z == 0) {
         *r = 0;
         return true;
      }
      uint32_t f = (uint32_t)(((uint64_t)ux >> y) & (((uint64_t)1 << z) - 1));
      if (!u && (f >> (z - 1)) & 1)
         f |= (uint32_t)(~(((uint64_t)1 << z) - 1));
      *r = f;
   } else if (!strcmp(name, "bitfieldInsert")) {
      /* (base, insert, offset, bits) */
      if (z < 0 || w < 0 || z + w > 32)
         return false;
      if (w == 0) {
         *r = ux; /* no bits inserted; offset may be 32 */
         return true;
      }
      uint32_t mask = (uint32_t)((((uint64_t)1 << w) - 1) << z);
      *r = (ux & ~mask) | (((uint32_t)y << z) & mask);
   } else if (!strcmp(name, "bitfieldReverse")) {
      uint32_t v = 0;
      for (unsigned b = 0; b < 32; b++)
         v |= ((ux >> b) & 1u) << (31 - b);
      *r = v;
   } else if (!strcmp(name, "bitCount"))
      *r = bit_count(ux);
   else if (!strcmp(name, "findLSB"))
      *r = ux ? __builtin_ctz(ux) : -1;
   else if (!strcmp(name, "findMSB")) {
      /* For negative ints the most significant 0 bit. */
      uint32_t v = !u && sx < 0 ? ~ux : ux;
      *r = v ? 31 - __builtin_clz(v) : -1;
   } else
      return false;
   return true;
}

/* ---- whole-value functions --------------------------------------------- */

static double
dot_of(const struct check_value *a, const struct check_value *b, unsigned n,
       bool fl)
{
   double s = 0;
   for (unsigned i = 0; i < n; i++)
      s = P(s + P(argf(a, i) * argf(b, i)));
   return s;
}

static double
det_of(const double *m, unsigned n)
{
   /* Cofactor expansion along the first column; m is column-major. */
   if (n == 1)
      return m[0];
   if (n == 2)
      return m[0] * m[3] - m[2] * m[1];
   double d = 0, sub[9];
   for (unsigned row = 0; row < n; row++) {
      unsigned k = 0;
      for (unsigned col = 1; col < n; col++) {
         for (unsigned r = 0; r < n; r++) {
            if (r != row)
               sub[k++] = m[col * n + r];
         }
      }
      double cof = det_of(sub, n - 1);
      d += (row & 1 ? -1.0 : 1.0) * m[row] * cof;
   }
   return d;
}

static bool
fold_inverse(const double *m, unsigned n, double *out)
{
   double det = det_of(m, n);
   if (det == 0 || !isfinite(det))
      return false; /* undefined for singular matrices */
   /* inverse = adjugate / det; adj[col][row] = cofactor(row, col). */
   for (unsigned col = 0; col < n; col++) {
      for (unsigned row = 0; row < n; row++) {
         double sub[9];
         unsigned k = 0;
         for (unsigned cc = 0; cc < n; cc++) {
            for (unsigned rr = 0; rr < n; rr++) {
               if (cc != row && rr != col)
                  sub[k++] = m[cc * n + rr];
            }
         }
         double cof = (n == 1 ? 1.0 : det_of(sub, n - 1)) *
                      ((row + col) & 1 ? -1.0 : 1.0);
         out[col * n + row] = cof / det;
      }
   }
   return true;
}

static bool
fold_whole(const char *name, const struct glsl_type *ret,
           const struct check_value *args, unsigned nargs,
           struct check_cval *out)
{
   const struct glsl_type *t0 = args[0].type;
   unsigned n0 = glsl_type_components(t0);
   bool fl = ret->base_type == GLSL_TYPE_FLOAT ||
             (ret->base_type == GLSL_TYPE_BOOL &&
              t0->base_type == GLSL_TYPE_FLOAT);

   if (!strcmp(name, "length")) {
      out->c[0].f = M1(sqrt, dot_of(&args[0], &args[0], n0, fl));
   } else if (!strcmp(name, "distance") && nargs == 2) {
      double s = 0;
      for (unsigned i = 0; i < n0; i++) {
         double d = P(argf(&args[0], i) - argf(&args[1], i));
         s = P(s + P(d * d));
      }
      out->c[0].f = M1(sqrt, s);
   } else if (!strcmp(name, "dot") && nargs == 2) {
      out->c[0].f = dot_of(&args[0], &args[1], n0, fl);
   } else if (!strcmp(name, "cross") && nargs == 2) {
      const struct check_value *a = &args[0], *b = &args[1];
      for (unsigned i = 0; i < 3; i++) {
         unsigned j = (i + 1) % 3, k = (i + 2) % 3;
         out->c[i].f = P(P(argf(a, j) * argf(b, k)) -
                         P(argf(b, j) * argf(a, k)));
      }
   } else if (!strcmp(name, "normalize")) {
      double len = M1(sqrt, dot_of(&args[0], &args[0], n0, fl));
      for (unsigned i = 0; i < n0; i++)
         out->c[i].f = P(argf(&args[0], i) / len);
   } else if (!strcmp(name, "faceforward") && nargs == 3) {
      /* faceforward(N, I, Nref) = dot(Nref, I) < 0 ? N : -N */
      bool keep = dot_of(&args[2], &args[1], n0, fl) < 0;
      for (unsigned i = 0; i < n0; i++)
         out->c[i].f = keep ? argf(&args[0], i) : -argf(&args[0], i);
   } else if (!strcmp(name, "reflect") && nargs == 2) {
      /* reflect(I, N) = I - 2 dot(N, I) N */
      double d = P(2.0 * dot_of(&args[1], &args[0], n0, fl));
      for (unsigned i = 0; i < n0; i++)
         out->c[i].f = P(argf(&args[0], i) - P(d * argf(&args[1], i)));
   } else if (!strcmp(name, "refract") && nargs == 3) {
      /* refract(I, N, eta): k = 1 - eta^2 (1 - dot(N, I)^2); 0 if k < 0,
       * else eta I - (eta dot(N, I) + sqrt(k)) N. */
      double eta = argf(&args[2], 0);
      double d = dot_of(&args[1], &args[0], n0, fl);
      double k = P(1.0 - P(P(eta * eta) * P(1.0 - P(d * d))));
      double f = k < 0 ? 0 : P(P(eta * d) + M1(sqrt, k));
      for (unsigned i = 0; i < n0; i++)
         out->c[i].f = k < 0 ? 0.0 : P(P(eta * argf(&args[0], i)) -
                                       P(f * argf(&args[1], i)));
   } else if (!strcmp(name, "outerProduct") && nargs == 2) {
      /* outerProduct(c, r)[col][row] = c[row] * r[col] */
      for (unsigned col = 0; col < ret->matrix_columns; col++) {
         for (unsigned row = 0; row < ret->vector_elements; row++)
            out->c[col * ret->vector_elements + row].f =
               P(argf(&args[0], row) * argf(&args[1], col));
      }
   } else if (!strcmp(name, "transpose")) {
      for (unsigned col = 0; col < ret->matrix_columns; col++) {
         for (unsigned row = 0; row < ret->vector_elements; row++)
            out->c[col * ret->vector_elements + row] =
               args[0].val.c[row * t0->vector_elements + col];
      }
   } else if (!strcmp(name, "determinant") || !strcmp(name, "inverse")) {
      unsigned n = t0->matrix_columns;
      double m[16];
      if (n != t0->vector_elements || n > 4)
         return false;
      for (unsigned i = 0; i < n * n; i++)
         m[i] = args[0].val.c[i].f;
      if (name[0] == 'd') {
         out->c[0].f = P(det_of(m, n));
      } else {
         double inv[16];
         if (!fold_inverse(m, n, inv))
            return false;
         for (unsigned i = 0; i < n * n; i++)
            out->c[i].f = P(inv[i]);
      }
   } else if (!strcmp(name, "any") || !strcmp(name, "all")) {
      bool all = name[1] == 'l', v = all;
      for (unsigned i = 0; i < n0; i++)
         v = all ? v && argb(&args[0], i) : v || argb(&args[0], i);
      out->c[0].b = v;
   } else {
      return false;
   }
   return true;
}

/* Vector relational functions: compare component by component. */
static bool
fold_relational(const char *name, const struct glsl_type *ret,
                const struct check_value *args, struct check_cval *out)
{
   enum { LT, LE, GT, GE, EQ, NE } op;
   if (!strcmp(name, "lessThan"))
      op = LT;
   else if (!strcmp(name, "lessThanEqual"))
      op = LE;
   else if (!strcmp(name, "greaterThan"))
      op = GT;
   else if (!strcmp(name, "greaterThanEqual"))
      op = GE;
   else if (!strcmp(name, "equal"))
      op = EQ;
   else if (!strcmp(name, "notEqual"))
      op = NE;
   else
      return false;
   enum glsl_base_type b = args[0].type->base_type;
   for (unsigned i = 0; i < ret->vector_elements; i++) {
      int cmp;
      if (is_float_base(b) || b == GLSL_TYPE_BOOL) {
         double x = argf(&args[0], i), y = argf(&args[1], i);
         if (isnan(x) || isnan(y)) {
            out->c[i].b = op == NE;
            continue;
         }
         cmp = x < y ? -1 : x > y;
      } else if (b == GLSL_TYPE_UINT) {
         uint32_t x = (uint32_t)argi(&args[0], i);
         uint32_t y = (uint32_t)argi(&args[1], i);
         cmp = x < y ? -1 : x > y;
      } else {
         int32_t x = (int32_t)argi(&args[0], i);
         int32_t y = (int32_t)argi(&args[1], i);
         cmp = x < y ? -1 : x > y;
      }
      bool r;
      switch (op) {
      case LT: r = cmp < 0; break;
      case LE: r = cmp <= 0; break;
      case GT: r = cmp > 0; break;
      case GE: r = cmp >= 0; break;
      case EQ: r = cmp == 0; break;
      default: r = cmp != 0; break;
      }
      out->c[i].b = r;
   }
   return true;
}

bool
check_fold_builtin(const char *name, const struct glsl_type *ret,
                   const struct check_value *args, unsigned nargs,
                   struct check_cval *out)
{
   if (nargs == 0 || nargs > 4 || type_is_error(ret) ||
       !glsl_type_is_basic(ret))
      return false;
   for (unsigned i = 0; i < nargs; i++) {
      if (!args[i].has_value || !glsl_type_is_basic(args[i].type) ||
          glsl_type_components(args[i].type) > 16)
         return false;
      enum glsl_base_type b = args[i].type->base_type;
      if (b != GLSL_TYPE_FLOAT && b != GLSL_TYPE_DOUBLE &&
          b != GLSL_TYPE_INT && b != GLSL_TYPE_UINT && b != GLSL_TYPE_BOOL)
         return false;
   }
   memset(out, 0, sizeof(*out));
   if (fold_relational(name, ret, args, out) ||
       fold_whole(name, ret, args, nargs, out))
      return true;

   unsigned n = glsl_type_components(ret);
   enum glsl_base_type rb = ret->base_type;
   enum glsl_base_type ab = args[0].type->base_type;
   for (unsigned i = 0; i < n; i++) {
      if (!strcmp(name, "not")) {
         out->c[i].b = !argb(&args[0], i);
      } else if (!strcmp(name, "isnan") || !strcmp(name, "isinf")) {
         double x = argf(&args[0], i);
         out->c[i].b = name[2] == 'n' ? isnan(x) : isinf(x);
      } else if (!strcmp(name, "mix") && nargs == 3 &&
                 args[2].type->base_type == GLSL_TYPE_BOOL) {
         /* mix(x, y, a) with a bool selector picks y where a is true. */
         const struct check_value *pick = argb(&args[2],
                                               i) ? &args[1] : &args[0];
         unsigned k = glsl_type_components(pick->type) == 1 ? 0 : i;
         out->c[i] = pick->val.c[k];
      } else if (!strncmp(name, "dFd", 3) || !strncmp(name, "fwidth", 6)) {
         out->c[i].f = 0.0;
      } else if (is_float_base(rb) && is_float_base(ab)) {
         bool fl = rb == GLSL_TYPE_FLOAT;
         const char *fn = name;
         if (!strcmp(name, "atan") && nargs == 1)
            fn = "atan1";
         double x = argf(&args[0], i);
         double y = nargs > 1 ? argf(&args[1], i) : 0;
         double z = nargs > 2 ? argf(&args[2], i) : 0;
         double r;
         if (!fold_float_comp(fn, fl, x, y, z, &r))
            return false;
         out->c[i].f = P(r);
      } else if ((rb == GLSL_TYPE_INT || rb == GLSL_TYPE_UINT) &&
                 (ab == GLSL_TYPE_INT || ab == GLSL_TYPE_UINT)) {
         int64_t a[4] = { 0 };
         for (unsigned k = 0; k < nargs; k++)
            a[k] = argi(&args[k], i);
         int64_t r;
         if (!fold_int_comp(name, ab == GLSL_TYPE_UINT, a[0], a[1], a[2],
                            a[3], &r))
            return false;
         out->c[i].i = rb == GLSL_TYPE_UINT ? (int64_t)(uint32_t)r
                                            : (int64_t)(int32_t)r;
      } else {
         return false;
      }
   }
   return true;
}

/* ---- operators ---------------------------------------------------------- */

static double
fold_f(int op, double x, double y)
{
   switch (op) {
   case '+': return x + y;
   case '-': return x - y;
   case '*': return x * y;
   case '/': return x / y;
   default: return 0;
   }
}

/* Folds the linear-algebra product of 4.1.x / 5.10: matrix * matrix,
 * matrix * column vector, row vector * matrix.  Values are column-major
 * (component col * rows + row); a vector is a one-column matrix on the
 * right and a one-row matrix on the left.  Floats are rounded after each
 * product and each partial sum, summing in index order. */
static bool
fold_linear_mul(const struct glsl_type *rt, struct check_value *a,
                struct check_value *b,
                struct check_cval *out)
{
   bool single = a->type->base_type == GLSL_TYPE_FLOAT;
   /* Shapes as (rows x cols); a left-hand vector is 1 x n. */
   unsigned a_rows = glsl_type_is_vector(a->type) ? 1
                                                  : a->type->vector_elements;
   unsigned inner = glsl_type_is_vector(a->type) ? a->type->vector_elements
                                                 : a->type->matrix_columns;
   unsigned b_cols = glsl_type_is_vector(b->type) ? 1
                                                  : b->type->matrix_columns;
   if (a_rows * b_cols != glsl_type_components(rt))
      return false;
   for (unsigned col = 0; col < b_cols; col++) {
      for (unsigned row = 0; row < a_rows; row++) {
         double sum = 0;
         for (unsigned k = 0; k < inner; k++) {
            /* a[k][row] (column k) times b[col][k] (row k). */
            double x = a->val.c[k * a_rows + row].f;
            double y = b->val.c[col * inner + k].f;
            double p = single ? (float)(x * y) : x * y;
            sum = single ? (float)(sum + p) : sum + p;
         }
         out->c[col * a_rows + row].f = sum;
      }
   }
   return true;
}

/* Folds a componentwise op; returns false when it cannot (e.g. integer
 * division by zero). */
static bool
fold_componentwise(int op, const struct glsl_type *rt, struct check_value *a,
                   struct check_value *b, struct check_cval *out)
{
   unsigned n = glsl_type_components(rt);
   unsigned na = glsl_type_components(a->type);
   unsigned nb = glsl_type_components(b->type);
   enum glsl_base_type base = a->type->base_type;
   for (unsigned i = 0; i < n; i++) {
      unsigned ia = na == 1 ? 0 : i, ib = nb == 1 ? 0 : i;
      if (base == GLSL_TYPE_FLOAT || base == GLSL_TYPE_DOUBLE) {
         double r = fold_f(op, a->val.c[ia].f, b->val.c[ib].f);
         out->c[i].f = base == GLSL_TYPE_FLOAT ? (float)r : r;
      } else {
         int64_t x = a->val.c[ia].i, y = b->val.c[ib].i, r;
         bool u = base == GLSL_TYPE_UINT;
         switch (op) {
         case '+': r = x + y; break;
         case '-': r = x - y; break;
         case '*': r = x * y; break;
         case '/':
         case '%':
            if (y == 0)
               return false;
            if (u)
               r = op == '/' ? (int64_t)((uint32_t)x / (uint32_t)y)
                             : (int64_t)((uint32_t)x % (uint32_t)y);
            else if (x == INT32_MIN && y == -1)
               r = op == '/' ? x : 0;
            else
               r = op == '/' ? (int32_t)x / (int32_t)y
                             : (int32_t)x % (int32_t)y;
            break;
         case '&': r = x & y; break;
         case '|': r = x | y; break;
         case '^': r = x ^ y; break;
         case LEFT_OP: r = (int64_t)((uint64_t)x << (y & 31)); break;
         case RIGHT_OP:
            r = u ? (int64_t)((uint32_t)x >> (y & 31))
                  : (int64_t)((int32_t)x >> (y & 31));
            break;
         default: return false;
         }
         out->c[i].i = u ? (int64_t)(uint32_t)r : (int64_t)(int32_t)r;
      }
   }
   return true;
}

bool
check_fold_operator(int op, const struct glsl_type *rt, bool linear,
                    struct check_value *a, struct check_value *b,
                    struct check_cval *out)
{
   return linear ? fold_linear_mul(rt, a, b, out)
                 : fold_componentwise(op, rt, a, b, out);
}
