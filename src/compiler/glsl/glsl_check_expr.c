/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Expression checks: operand types per operator, implicit conversions per
 * version, l-values, swizzles, indexing, constructors, calls with overload
 * resolution, and constant folding of operators on scalars, vectors and
 * matrices (including linear-algebra products).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "glsl_check_priv.h"
#include "glsl_parser.h"
#include "util/ralloc.h"

static struct expr
err_expr(void)
{
   struct expr e = { .type = &glsl_type_builtin_error };
   return e;
}

static struct expr
rvalue(const struct glsl_type *t, bool is_const)
{
   struct expr e = { .type = t, .is_const = is_const };
   e.not_lvalue_why = "expression";
   return e;
}

static const char *
tname(struct check *c, const struct glsl_type *t)
{
   return glsl_type_name(c->mem, t);
}

/* Extensions add built-in variables our tables may not list; with one
 * enabled, unknown gl_ names are accepted unchecked. */
static bool
any_extension_on(struct check *c)
{
   for (unsigned i = 0; i < glsl_num_extensions; i++) {
      if (c->st->ext_enabled[i])
         return true;
   }
   return false;
}

/* True if the tables describe a built-in variable of this name (in any
 * version or stage). */
static bool
builtin_var_tabled(const char *name)
{
   for (unsigned i = 0; i < glsl_num_builtin_vars; i++) {
      if (!strcmp(glsl_builtin_vars[i].name, name))
         return true;
   }
   return false;
}

/* ---- conversions ------------------------------------------------------- */

static bool
base_converts(struct check *c, enum glsl_base_type from,
              enum glsl_base_type to)
{
   struct glsl_parse_state *st = c->st;
   if (from == to)
      return true;
   if (st->es || !glsl_is_version(st, 120, 0))
      return false;
   bool v400 = glsl_is_version(st, 400, 0);
   bool fp64 = v400 || glsl_ext_enabled(st, "GL_ARB_gpu_shader_fp64");
   bool g5 = v400 || glsl_ext_enabled(st, "GL_ARB_gpu_shader5");
   switch (to) {
   case GLSL_TYPE_UINT:
      return from == GLSL_TYPE_INT && g5;
   case GLSL_TYPE_FLOAT:
      return from == GLSL_TYPE_INT || from == GLSL_TYPE_UINT;
   case GLSL_TYPE_DOUBLE:
      return fp64 && (from == GLSL_TYPE_INT || from == GLSL_TYPE_UINT ||
                      from == GLSL_TYPE_FLOAT);
   default:
      return false;
   }
}

bool
check_can_convert(struct check *c, const struct glsl_type *from,
                  const struct glsl_type *to)
{
   if (type_is_error(from) || type_is_error(to))
      return true;
   if (glsl_type_equal(from, to))
      return true;
   if (!glsl_type_is_basic(from) || !glsl_type_is_basic(to))
      return false;
   return from->vector_elements == to->vector_elements &&
          from->matrix_columns == to->matrix_columns &&
          base_converts(c, from->base_type, to->base_type);
}

static double
comp_as_double(enum glsl_base_type b, const struct cval *v, unsigned i)
{
   switch (b) {
   case GLSL_TYPE_FLOAT:
   case GLSL_TYPE_DOUBLE:
      return v->c[i].f;
   case GLSL_TYPE_BOOL:
      return v->c[i].b;
   case GLSL_TYPE_UINT:
      return (double)(uint32_t)v->c[i].i;
   default:
      return (double)v->c[i].i;
   }
}

static void
convert_value(struct cval *v, enum glsl_base_type from,
              enum glsl_base_type to, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      double d = comp_as_double(from, v, i);
      switch (to) {
      case GLSL_TYPE_FLOAT:
         v->c[i].f = (float)d;
         break;
      case GLSL_TYPE_DOUBLE:
         v->c[i].f = d;
         break;
      case GLSL_TYPE_BOOL:
         v->c[i].b = d != 0;
         break;
      case GLSL_TYPE_UINT:
         if (from == GLSL_TYPE_INT || from == GLSL_TYPE_BOOL)
            v->c[i].i = (uint32_t)v->c[i].i;
         else
            v->c[i].i = d < 0 ? (uint32_t)(int32_t)d :
                        d >= 4294967296.0 ? 0 : (uint32_t)d;
         break;
      default:
         if (from == GLSL_TYPE_UINT)
            v->c[i].i = (int32_t)(uint32_t)v->c[i].i;
         else if (from != GLSL_TYPE_INT)
            v->c[i].i = isnan(d) || fabs(d) >= 2147483648.0 ? 0 :
                        (int32_t)d;
         break;
      }
   }
}

struct expr
check_convert(struct check *c, struct expr e, const struct glsl_type *to)
{
   if (type_is_error(e.type) || type_is_error(to) ||
       glsl_type_equal(e.type, to))
      return e;
   if (e.has_value)
      convert_value(&e.val, e.type->base_type, to->base_type,
                    glsl_type_components(to));
   e.type = to;
   e.lvalue = false;
   return e;
}

/* ---- helpers ------------------------------------------------------------ */

static bool
is_numeric(const struct glsl_type *t)
{
   return glsl_type_is_basic(t) && t->base_type != GLSL_TYPE_BOOL;
}

static bool
is_bool_scalar(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_BOOL && glsl_type_is_scalar(t);
}

static bool
integer_ops_allowed(struct check *c, struct ast_node *n, const char *op)
{
   if (!glsl_is_version(c->st, 130, 300)) {
      check_error(c, n, "operator '%s' needs GLSL 1.30 or ES 3.00", op);
      return false;
   }
   return true;
}

static const char *
op_name(int op)
{
   /* Single-character operators are their own character; each has a
    * literal here so the function keeps no state (compiles may run in
    * parallel threads). */
   static const char single[] = "+-*/%<>&|^!~=?:,";
   switch (op) {
   case LEFT_OP: return "<<";
   case RIGHT_OP: return ">>";
   case LE_OP: return "<=";
   case GE_OP: return ">=";
   case EQ_OP: return "==";
   case NE_OP: return "!=";
   case AND_OP: return "&&";
   case OR_OP: return "||";
   case XOR_OP: return "^^";
   default: {
      const char *p = op > 0 && op < 128 ? strchr(single, op) : NULL;
      static const char *const names[] = {
         "+", "-", "*", "/", "%", "<", ">", "&", "|", "^", "!", "~", "=",
         "?", ":", ",",
      };
      return p && *p ? names[p - single] : "operator";
   }
   }
}

/* Unifies the base types of a and b by implicit conversion. */
static bool
unify_bases(struct check *c, struct expr *a, struct expr *b)
{
   enum glsl_base_type ba = a->type->base_type, bb = b->type->base_type;
   if (ba == bb)
      return true;
   if (base_converts(c, ba, bb)) {
      *a = check_convert(c, *a, glsl_simple_type(bb,
                                                 a->type->vector_elements,
                                                 a->type->matrix_columns));
      return true;
   }
   if (base_converts(c, bb, ba)) {
      *b = check_convert(c, *b, glsl_simple_type(ba,
                                                 b->type->vector_elements,
                                                 b->type->matrix_columns));
      return true;
   }
   return false;
}

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
fold_linear_mul(const struct glsl_type *rt, struct expr *a, struct expr *b,
                struct cval *out)
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
fold_componentwise(int op, const struct glsl_type *rt, struct expr *a,
                   struct expr *b, struct cval *out)
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

/* Result type of an arithmetic operator (+ - * / %), or NULL. */
static const struct glsl_type *
arith_type(int op, const struct glsl_type *a, const struct glsl_type *b,
           bool *linear)
{
   *linear = false;
   enum glsl_base_type base = a->base_type;
   if (glsl_type_is_scalar(a))
      return b;
   if (glsl_type_is_scalar(b))
      return a;
   if (glsl_type_is_vector(a) && glsl_type_is_vector(b))
      return a->vector_elements == b->vector_elements ? a : NULL;
   if (op == '*') {
      *linear = true;
      if (glsl_type_is_matrix(a) && glsl_type_is_vector(b))
         return a->matrix_columns == b->vector_elements ?
                glsl_simple_type(base, a->vector_elements, 1) : NULL;
      if (glsl_type_is_vector(a) && glsl_type_is_matrix(b))
         return a->vector_elements == b->vector_elements ?
                glsl_simple_type(base, b->matrix_columns, 1) : NULL;
      if (glsl_type_is_matrix(a) && glsl_type_is_matrix(b))
         return a->matrix_columns == b->vector_elements ?
                glsl_simple_type(base, a->vector_elements,
                                 b->matrix_columns) : NULL;
      return NULL;
   }
   if (glsl_type_is_matrix(a) && glsl_type_is_matrix(b) && op != '%')
      return glsl_type_equal(a, b) ? a : NULL;
   return NULL;
}

static bool
contains_opaque(const struct glsl_type *t)
{
   return glsl_type_contains(t, GLSL_TYPE_SAMPLER) ||
          glsl_type_contains(t, GLSL_TYPE_IMAGE) ||
          glsl_type_contains(t, GLSL_TYPE_ATOMIC_UINT);
}

static struct expr
check_binary(struct check *c, struct ast_node *n, int op, struct expr a,
             struct expr b)
{
   const char *name = op_name(op);
   if (type_is_error(a.type) || type_is_error(b.type))
      return err_expr();
   bool is_const = a.is_const && b.is_const;
   struct expr r = { 0 };

   switch (op) {
   case AND_OP:
   case OR_OP:
   case XOR_OP:
      if (!is_bool_scalar(a.type) || !is_bool_scalar(b.type)) {
         check_error(c, n, "operands of '%s' must be scalar booleans", name);
         return err_expr();
      }
      r = rvalue(a.type, is_const);
      if (a.has_value && b.has_value) {
         bool x = a.val.c[0].b, y = b.val.c[0].b;
         r.has_value = true;
         r.val.c[0].b = op == AND_OP ? x && y : op == OR_OP ? x || y : x != y;
      }
      return r;
   case EQ_OP:
   case NE_OP:
      if (a.type->base_type == GLSL_TYPE_VOID ||
          b.type->base_type == GLSL_TYPE_VOID ||
          contains_opaque(a.type) || contains_opaque(b.type)) {
         check_error(c, n, "operands of '%s' cannot be void or opaque",
                     name);
         return err_expr();
      }
      if (glsl_type_is_basic(a.type) && glsl_type_is_basic(b.type))
         unify_bases(c, &a, &b);
      if (!glsl_type_equal(a.type, b.type)) {
         check_error(c, n, "operands of '%s' have different types (%s, %s)",
                     name, tname(c, a.type), tname(c, b.type));
         return err_expr();
      }
      if (glsl_type_is_array(a.type) && !glsl_is_version(c->st, 120, 300)) {
         check_error(c, n, "arrays cannot be compared in this version");
         return err_expr();
      }
      r = rvalue(glsl_simple_type(GLSL_TYPE_BOOL, 1, 1), is_const);
      if (a.has_value && b.has_value) {
         bool eq = true;
         for (unsigned i = 0; i < glsl_type_components(a.type); i++) {
            double x = comp_as_double(a.type->base_type, &a.val, i);
            double y = comp_as_double(b.type->base_type, &b.val, i);
            eq &= x == y;
         }
         r.has_value = true;
         r.val.c[0].b = op == EQ_OP ? eq : !eq;
      }
      return r;
   case '<':
   case '>':
   case LE_OP:
   case GE_OP:
      if (!glsl_type_is_scalar(a.type) || !glsl_type_is_scalar(b.type) ||
          !is_numeric(a.type) || !is_numeric(b.type) ||
          !unify_bases(c, &a, &b)) {
         check_error(c, n, "operands of '%s' must be numeric scalars of "
                     "the same type (%s, %s)", name, tname(c, a.type),
                     tname(c, b.type));
         return err_expr();
      }
      r = rvalue(glsl_simple_type(GLSL_TYPE_BOOL, 1, 1), is_const);
      if (a.has_value && b.has_value) {
         double x = comp_as_double(a.type->base_type, &a.val, 0);
         double y = comp_as_double(b.type->base_type, &b.val, 0);
         r.has_value = true;
         r.val.c[0].b = op == '<' ? x < y : op == '>' ? x > y :
                        op == LE_OP ? x <= y : x >= y;
      }
      return r;
   case LEFT_OP:
   case RIGHT_OP:
      if (!integer_ops_allowed(c, n, name))
         return err_expr();
      if (!glsl_type_is_integer_base(a.type->base_type) ||
          !glsl_type_is_integer_base(b.type->base_type) ||
          glsl_type_is_matrix(a.type) || glsl_type_is_matrix(b.type) ||
          !(glsl_type_is_scalar(a.type) || glsl_type_is_vector(a.type)) ||
          !(glsl_type_is_scalar(b.type) || glsl_type_is_vector(b.type)) ||
          (glsl_type_is_vector(b.type) &&
           b.type->vector_elements != a.type->vector_elements)) {
         check_error(c, n, "invalid operands to '%s' (%s, %s)", name,
                     tname(c, a.type), tname(c, b.type));
         return err_expr();
      }
      r = rvalue(a.type, is_const);
      if (a.has_value && b.has_value) {
         struct expr bb = b;
         r.has_value = fold_componentwise(op, a.type, &a, &bb, &r.val);
      }
      return r;
   case '&':
   case '|':
   case '^':
   case '%':
      if (!integer_ops_allowed(c, n, name))
         return err_expr();
      if (!glsl_type_is_integer_base(a.type->base_type) ||
          !glsl_type_is_integer_base(b.type->base_type)) {
         check_error(c, n, "operands of '%s' must be integers (%s, %s)",
                     name, tname(c, a.type), tname(c, b.type));
         return err_expr();
      }
      break;
   default:
      if (!is_numeric(a.type) || !is_numeric(b.type)) {
         check_error(c, n, "operands of '%s' must be numeric (%s, %s)",
                     name, tname(c, a.type), tname(c, b.type));
         return err_expr();
      }
      break;
   }

   if (!unify_bases(c, &a, &b)) {
      check_error(c, n, "operands of '%s' have incompatible types (%s, %s)",
                  name, tname(c, a.type), tname(c, b.type));
      return err_expr();
   }
   bool linear;
   const struct glsl_type *rt = arith_type(op, a.type, b.type, &linear);
   if (!rt || ((op == '&' || op == '|' || op == '^' || op == '%') &&
               glsl_type_is_matrix(rt))) {
      check_error(c, n, "operands of '%s' have incompatible shapes (%s, %s)",
                  name, tname(c, a.type), tname(c, b.type));
      return err_expr();
   }
   r = rvalue(rt, is_const);
   if (a.has_value && b.has_value)
      r.has_value = linear ? fold_linear_mul(rt, &a, &b, &r.val)
                           : fold_componentwise(op, rt, &a, &b, &r.val);
   return r;
}

static struct expr
check_unary(struct check *c, struct ast_node *n, struct expr a)
{
   if (type_is_error(a.type))
      return err_expr();
   struct expr r = rvalue(a.type, a.is_const);
   unsigned nc = glsl_type_components(a.type);
   switch (n->op) {
   case '!':
      if (!is_bool_scalar(a.type)) {
         check_error(c, n, "operand of '!' must be a scalar boolean");
         return err_expr();
      }
      if (a.has_value) {
         r.has_value = true;
         r.val.c[0].b = !a.val.c[0].b;
      }
      return r;
   case '~':
      if (!integer_ops_allowed(c, n, "~"))
         return err_expr();
      if (!glsl_type_is_integer_base(a.type->base_type) ||
          glsl_type_is_array(a.type)) {
         check_error(c, n, "'~' needs an integer operand");
         return err_expr();
      }
      if (a.has_value) {
         r.has_value = true;
         for (unsigned i = 0; i < nc; i++)
            r.val.c[i].i = a.type->base_type == GLSL_TYPE_UINT ?
                           (int64_t)(uint32_t)~a.val.c[i].i :
                           (int64_t)(int32_t)~a.val.c[i].i;
      }
      return r;
   default:
      if (!is_numeric(a.type)) {
         check_error(c, n, "operand of unary '%c' must be numeric",
                     n->op);
         return err_expr();
      }
      if (a.has_value) {
         r.has_value = true;
         r.val = a.val;
         if (n->op == '-') {
            for (unsigned i = 0; i < nc; i++) {
               if (glsl_type_is_float_base(a.type->base_type))
                  r.val.c[i].f = -a.val.c[i].f;
               else if (a.type->base_type == GLSL_TYPE_UINT)
                  r.val.c[i].i = (uint32_t)-a.val.c[i].i;
               else
                  r.val.c[i].i = (int32_t)(0 - (uint32_t)a.val.c[i].i);
            }
         }
      }
      return r;
   }
}

static bool
require_lvalue(struct check *c, struct ast_node *n, struct expr *e,
               const char *what)
{
   if (type_is_error(e->type) || e->lvalue)
      return true;
   check_error(c, n, "%s requires an l-value (%s is not one)", what,
               e->not_lvalue_why ? e->not_lvalue_why : "the operand");
   return false;
}

/* ---- swizzles and fields ---------------------------------------------- */

static struct expr
check_swizzle(struct check *c, struct ast_node *n, struct expr base)
{
   static const char *const sets[] = { "xyzw", "rgba", "stpq" };
   const char *s = n->name;
   size_t len = strlen(s);
   unsigned size = base.type->vector_elements;
   int set = -1;
   bool repeated = false;
   unsigned seen = 0;
   int idx[4];

   if (len > 4) {
      check_error(c, n, "swizzle '%s' is too long", s);
      return err_expr();
   }
   for (size_t i = 0; i < len; i++) {
      int found = -1, fset = -1;
      for (int k = 0; k < 3 && found < 0; k++) {
         const char *p = strchr(sets[k], s[i]);
         if (p && s[i]) {
            found = p - sets[k];
            fset = k;
         }
      }
      if (found < 0 || (set >= 0 && fset != set)) {
         check_error(c, n, "invalid swizzle '%s'", s);
         return err_expr();
      }
      set = fset;
      if ((unsigned)found >= size) {
         check_error(c, n, "swizzle '%s' selects a component beyond %s", s,
                     tname(c, base.type));
         return err_expr();
      }
      if (seen & (1u << found))
         repeated = true;
      seen |= 1u << found;
      idx[i] = found;
   }
   struct expr r = base;
   r.whole_var = false; /* a swizzle is a part of the variable */
   r.member = NULL;
   r.type = glsl_simple_type(base.type->base_type, len, 1);
   r.lvalue = base.lvalue && !repeated;
   if (repeated)
      r.not_lvalue_why = "a swizzle with repeated components";
   if (base.has_value) {
      for (size_t i = 0; i < len; i++)
         r.val.c[i] = base.val.c[idx[i]];
   }
   return r;
}

static struct expr
check_field(struct check *c, struct ast_node *n)
{
   struct expr base = check_expr(c, n->a);
   if (type_is_error(base.type))
      return err_expr();
   const struct glsl_type *t = base.type;
   if (t->base_type == GLSL_TYPE_STRUCT ||
       t->base_type == GLSL_TYPE_INTERFACE) {
      for (unsigned i = 0; i < t->num_fields; i++) {
         if (!strcmp(t->fields[i].name, n->name)) {
            struct expr r = base;
            r.type = t->fields[i].type;
            r.has_value = false;
            /* GLSL 4.30 section 4.10: readonly buffer members. */
            if (t->base_type == GLSL_TYPE_INTERFACE &&
                (t->fields[i].qualifiers & AST_Q_READONLY)) {
               r.lvalue = false;
               r.not_lvalue_why = "a readonly buffer member";
            }
            if (t->base_type == GLSL_TYPE_INTERFACE)
               check_buffer_read(c, n, n->name, t->fields[i].qualifiers,
                                 r.type);
            r.member = t->base_type == GLSL_TYPE_INTERFACE ? n->name : NULL;
            return r;
         }
      }
      if (t->name && !strcmp(t->name, "gl_PerVertex")) {
         /* Every built-in gl_PerVertex has these three; a block without
          * one was redeclared without it (GLSL 4.10 7.1: using a member
          * left out of the redeclaration is an error).  Compatibility
          * members are not listed: accept them unchecked. */
         if (!strcmp(n->name, "gl_Position") ||
             !strcmp(n->name, "gl_PointSize") ||
             !strcmp(n->name, "gl_ClipDistance")) {
            check_error(c, n, "'%s' is not in the redeclared gl_PerVertex",
                        n->name);
         }
         return err_expr();
      }
      check_error(c, n, "'%s' has no member '%s'", tname(c, t), n->name);
      return err_expr();
   }
   if (glsl_type_is_vector(t))
      return check_swizzle(c, n, base);
   if (glsl_type_is_scalar(t)) {
      if (!glsl_is_version(c->st, 420, 0) &&
          !glsl_ext_enabled(c->st, "GL_ARB_shading_language_420pack")) {
         check_error(c, n, "swizzling scalars needs GLSL 4.20");
         return err_expr();
      }
      return check_swizzle(c, n, base);
   }
   check_error(c, n, "cannot select '%s' from a value of type %s", n->name,
               tname(c, t));
   return err_expr();
}

static struct expr
check_index(struct check *c, struct ast_node *n)
{
   struct expr base = check_expr(c, n->a);
   bool target = c->not_read;
   c->not_read = false;
   struct expr idx = check_expr(c, n->b);
   c->not_read = target;
   if (type_is_error(base.type) || type_is_error(idx.type))
      return err_expr();
   if (!glsl_type_is_scalar(idx.type) ||
       !(idx.type->base_type == GLSL_TYPE_INT ||
         idx.type->base_type == GLSL_TYPE_UINT)) {
      check_error(c, n, "array index must be a scalar integer");
      return err_expr();
   }
   const struct glsl_type *t = base.type;
   int64_t i = idx.has_value ? idx.val.c[0].i : 0;
   struct expr r = base;
   r.is_const = base.is_const && idx.is_const;
   r.has_value = false;
   r.whole_var = false;
   r.member = NULL;
   int limit;
   if (glsl_type_is_array(t)) {
      r.type = t->element;
      limit = t->length;
      const struct glsl_type *el = glsl_without_array(t);
      bool dyn_ok = glsl_is_version(c->st, 400, 320) ||
                    glsl_ext_enabled(c->st, "GL_ARB_gpu_shader5") ||
                    glsl_ext_enabled(c->st, "GL_EXT_gpu_shader5");
      if (!idx.is_const && !dyn_ok && glsl_is_version(c->st, 130, 300) &&
          (el->base_type == GLSL_TYPE_SAMPLER ||
           (el->base_type == GLSL_TYPE_INTERFACE && base.var &&
            (base.var->qual & AST_Q_UNIFORM)))) {
         check_error(c, n, "arrays of samplers and uniform blocks need "
                     "constant indices in this version");
         return err_expr();
      }
      if (limit < 0 && base.member && !glsl_type_is_array(r.type)) {
         /* An unsized member of a named block (or of gl_in[]) is sized by
          * its constant indices, so it cannot be indexed dynamically
          * (GLSL 1.50 4.3.7), except the last member of a buffer block.
          * gl_ClipDistance holds at most gl_MaxClipDistances (8). */
         if (!idx.is_const && !(base.var && (base.var->qual & AST_Q_BUFFER))) {
            check_error(c, n, "unsized array '%s' indexed with a "
                        "non-constant expression", base.member);
            return err_expr();
         }
         if (idx.has_value && !strcmp(base.member, "gl_ClipDistance") &&
             idx.val.c[0].i >= 8) {
            check_error(c, n, "index %lld is beyond the size of %s",
                        (long long)idx.val.c[0].i, base.member);
            return err_expr();
         }
      }
      if (limit < 0 && base.whole_var && base.var) {
         /* Implicitly sized: constant indices size it later. */
         /* Inputs, buffer arrays and tessellation per-vertex outputs are
          * sized by the primitive, at run time or by "vertices". */
         if (!idx.is_const && !(base.var->qual & (AST_Q_BUFFER | AST_Q_IN)) &&
             !check_tess_per_vertex(c, base.var->qual) &&
             !base.var->block_field) {
            check_error(c, n, "unsized array '%s' indexed with a "
                        "non-constant expression", base.var->name);
            return err_expr();
         }
         if (idx.has_value && base.var->builtin &&
             (!strcmp(base.var->name, "gl_TexCoord") ||
              !strcmp(base.var->name, "gl_ClipDistance")) &&
             idx.val.c[0].i >= 8) {
            check_error(c, n, "index %lld is beyond the size of %s",
                        (long long)idx.val.c[0].i, base.var->name);
            return err_expr();
         }
         if (idx.has_value && idx.val.c[0].i >= base.var->max_index)
            base.var->max_index = (int)MIN2(idx.val.c[0].i + 1, 1 << 28);
      }
   } else if (glsl_type_is_matrix(t)) {
      r.type = glsl_column_type(t);
      limit = t->matrix_columns;
      if (base.has_value && idx.has_value && i >= 0 && i < limit) {
         r.has_value = true;
         for (unsigned k = 0; k < t->vector_elements; k++)
            r.val.c[k] = base.val.c[i * t->vector_elements + k];
      }
   } else if (glsl_type_is_vector(t)) {
      r.type = glsl_simple_type(t->base_type, 1, 1);
      limit = t->vector_elements;
      if (base.has_value && idx.has_value && i >= 0 && i < limit) {
         r.has_value = true;
         r.val.c[0] = base.val.c[i];
      }
   } else {
      check_error(c, n, "cannot index a value of type %s", tname(c, t));
      return err_expr();
   }
   if (idx.has_value && (i < 0 || (limit > 0 && i >= limit))) {
      check_error(c, n, "index %lld is out of bounds", (long long)i);
      return err_expr();
   }
   return r;
}

/* ---- constructors ------------------------------------------------------ */

static struct expr
check_constructor(struct check *c, struct ast_node *n,
                  const struct glsl_type *t, struct expr *args,
                  unsigned nargs)
{
   bool all_const = true;
   for (unsigned i = 0; i < nargs; i++) {
      if (type_is_error(args[i].type))
         return rvalue(t, false);
      all_const &= args[i].is_const;
      if (args[i].type->base_type == GLSL_TYPE_VOID) {
         check_error(c, n, "constructor argument of type void");
         return err_expr();
      }
   }

   if (glsl_type_is_array(t)) {
      if (!glsl_is_version(c->st, 120, 300)) {
         check_error(c, n, "array constructors need GLSL 1.20 or ES 3.00");
         return err_expr();
      }
      if (t->length >= 0 && (unsigned)t->length != nargs) {
         check_error(c, n, "array constructor needs %d arguments, %u given",
                     t->length, nargs);
         return err_expr();
      }
      const struct glsl_type *elem = t->element;
      for (unsigned i = 0; i < nargs; i++) {
         bool elem_unsized = glsl_type_is_array(elem) && elem->length < 0;
         if (elem_unsized && glsl_type_is_array(args[i].type) &&
             check_can_convert(c, args[i].type->element, elem->element))
            continue;
         if (!check_can_convert(c, args[i].type, elem)) {
            check_error(c, n, "array constructor argument %u has type %s, "
                        "not %s", i + 1, tname(c, args[i].type),
                        tname(c, elem));
            return err_expr();
         }
      }
      if (t->length < 0) {
         const struct glsl_type *e = elem;
         if (glsl_type_is_array(e) && e->length < 0 && nargs)
            e = args[0].type;
         t = glsl_array_type(c->mem, e, nargs);
      }
      return rvalue(t, all_const);
   }

   if (t->base_type == GLSL_TYPE_STRUCT) {
      if (nargs != t->num_fields) {
         check_error(c, n, "constructor of %s needs %u arguments, %u given",
                     tname(c, t), t->num_fields, nargs);
         return err_expr();
      }
      for (unsigned i = 0; i < nargs; i++) {
         if (!check_can_convert(c, args[i].type, t->fields[i].type)) {
            check_error(c, n, "argument %u of the %s constructor has type "
                        "%s, not %s", i + 1, tname(c, t),
                        tname(c, args[i].type),
                        tname(c, t->fields[i].type));
            return err_expr();
         }
      }
      return rvalue(t, all_const);
   }

   if (!glsl_type_is_basic(t)) {
      check_error(c, n, "cannot construct values of type %s", tname(c, t));
      return err_expr();
   }
   if (nargs == 0) {
      check_error(c, n, "constructor of %s needs arguments", tname(c, t));
      return err_expr();
   }
   unsigned need = glsl_type_components(t), have = 0;
   bool has_matrix_arg = false;
   for (unsigned i = 0; i < nargs; i++) {
      const struct glsl_type *a = args[i].type;
      if (!glsl_type_is_basic(a)) {
         check_error(c, n, "constructor argument %u has type %s", i + 1,
                     tname(c, a));
         return err_expr();
      }
      if (have >= need && !(nargs == 1)) {
         check_error(c, n, "too many arguments to the %s constructor",
                     tname(c, t));
         return err_expr();
      }
      has_matrix_arg |= glsl_type_is_matrix(a);
      have += glsl_type_components(a);
   }
   if (glsl_type_is_matrix(t) && has_matrix_arg && nargs > 1) {
      check_error(c, n, "a matrix constructor with a matrix argument takes "
                  "no other arguments");
      return err_expr();
   }
   if (nargs == 1 && glsl_type_is_scalar(args[0].type)) {
      /* Splat (vector) or diagonal (matrix). */
   } else if (nargs == 1 && glsl_type_is_matrix(t) &&
              glsl_type_is_matrix(args[0].type)) {
      /* Matrix from matrix: any sizes. */
   } else if (glsl_type_is_matrix(args[0].type) && !glsl_type_is_matrix(t) &&
              !glsl_is_version(c->st, 120, 300) && nargs >= 1) {
      check_error(c, n, "constructing a vector from a matrix needs GLSL "
                  "1.20");
      return err_expr();
   } else if (have < need) {
      check_error(c, n, "not enough components for the %s constructor",
                  tname(c, t));
      return err_expr();
   }

   struct expr r = rvalue(t, all_const);
   /* Fold constructors from known values (components column-major). */
   bool known = all_const;
   for (unsigned i = 0; i < nargs && known; i++)
      known = args[i].has_value;
   if (known && glsl_type_is_matrix(t) && nargs == 1 &&
       (glsl_type_is_scalar(args[0].type) ||
        glsl_type_is_matrix(args[0].type))) {
      /* Diagonal from a scalar, or the overlap of a matrix over the
       * identity (GLSL 1.20 5.4.2). */
      const struct glsl_type *a = args[0].type;
      struct cval v = args[0].val;
      convert_value(&v, a->base_type, t->base_type,
                    glsl_type_components(a));
      struct cval one = { .c[0].i = 1 }, zero = { .c[0].i = 0 };
      convert_value(&one, GLSL_TYPE_INT, t->base_type, 1);
      convert_value(&zero, GLSL_TYPE_INT, t->base_type, 1);
      for (unsigned col = 0; col < t->matrix_columns; col++) {
         for (unsigned row = 0; row < t->vector_elements; row++) {
            unsigned k = col * t->vector_elements + row;
            if (glsl_type_is_scalar(a))
               r.val.c[k] = row == col ? v.c[0] : zero.c[0];
            else if (col < a->matrix_columns && row < a->vector_elements)
               r.val.c[k] = v.c[col * a->vector_elements + row];
            else
               r.val.c[k] = row == col ? one.c[0] : zero.c[0];
         }
      }
      r.has_value = true;
   } else if (known) {
      unsigned k = 0;
      for (unsigned i = 0; i < nargs && k < need; i++) {
         struct cval v = args[i].val;
         unsigned na = glsl_type_components(args[i].type);
         convert_value(&v, args[i].type->base_type, t->base_type, na);
         for (unsigned j = 0; j < na && k < need; j++)
            r.val.c[k++] = v.c[j];
      }
      for (; k < need; k++)
         r.val.c[k] = r.val.c[0];
      r.has_value = true;
   }
   return r;
}

/* ---- calls ------------------------------------------------------------- */

struct cand {
   const struct glsl_type *ret;
   unsigned nparams;
   const struct glsl_type *params[16];
   bool out[16];
   bool inout[16];
   bool constant;
   bool builtin;
   struct glsl_func_sig *sig; /* user function */
};

/* Conversion rank for overload ranking (GLSL 4.00 6.1): 0 exact, 1
 * float->double, 2 int/uint->float, 3 other. */
static int
conv_rank(const struct glsl_type *from, const struct glsl_type *to)
{
   if (glsl_type_equal(from, to) || type_is_error(from))
      return 0;
   if (from->base_type == GLSL_TYPE_FLOAT && to->base_type == GLSL_TYPE_DOUBLE)
      return 1;
   if (to->base_type == GLSL_TYPE_FLOAT)
      return 2;
   return 3;
}

/* Whether converting `from` to `a` is better than to `b` (GLSL 4.00 6.1):
 * an exact match beats any conversion, float->double beats every other
 * conversion, and int/uint->float beats int/uint->double.  Other pairs
 * (int->float against int->uint, say) are not ordered. */
static bool
conv_better(const struct glsl_type *from, const struct glsl_type *a,
            const struct glsl_type *b)
{
   int ra = conv_rank(from, a), rb = conv_rank(from, b);
   if (ra == rb || rb == 0)
      return false;
   if (ra == 0 || ra == 1)
      return ra < rb;
   return ra == 2 && b->base_type == GLSL_TYPE_DOUBLE;
}

static bool
cand_matches(struct check *c, const struct cand *k, struct expr *args,
             unsigned nargs, bool exact)
{
   if (k->nparams != nargs)
      return false;
   for (unsigned i = 0; i < nargs; i++) {
      if (type_is_error(args[i].type) || type_is_error(k->params[i]))
         continue;
      if (glsl_type_equal(args[i].type, k->params[i]))
         continue;
      /* An inout argument converts both ways, so only its own type
       * fits (GLSL 4.00 section 6.1). */
      if (exact || k->inout[i])
         return false;
      if (k->out[i] ? !check_can_convert(c, k->params[i], args[i].type)
                    : !check_can_convert(c, args[i].type, k->params[i]))
         return false;
   }
   return true;
}

static bool
cand_better(const struct cand *a, const struct cand *b, struct expr *args,
            unsigned nargs)
{
   bool strictly = false;
   for (unsigned i = 0; i < nargs; i++) {
      if (conv_better(args[i].type, b->params[i], a->params[i]))
         return false;
      if (conv_better(args[i].type, a->params[i], b->params[i]))
         strictly = true;
   }
   return strictly;
}

/* Built-in families whose overloads the tables only partly describe: a
 * call that matches none of the listed ones is accepted unchecked. */
static bool
lenient_builtin(const char *name)
{
   /* Texture functions whose every overload is tabled are checked. */
   static const char *const strict[] = {
      "textureGather", "textureGatherOffset", "textureGatherOffsets",
      "textureQueryLevels", "textureSize", "texelFetch",
   };
   for (unsigned i = 0; i < ARRAY_SIZE(strict); i++) {
      if (!strcmp(name, strict[i]))
         return false;
   }
   static const char *const prefixes[] = {
      "texture", "texel", "shadow", "atomicCounter", "interpolate",
      "Emit", "End", "barrier", "memory", "groupMemory",
   };
   for (unsigned i = 0; i < ARRAY_SIZE(prefixes); i++) {
      if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
         return true;
   }
   return false;
}

/* True if an earlier built-in candidate has f's parameter types. */
static bool
builtin_row_listed(struct check *c, const struct cand *cands,
                   unsigned ncands, const struct glsl_builtin_func *f)
{
   for (unsigned k = 0; k < ncands; k++) {
      if (!cands[k].builtin || cands[k].nparams != f->nparams)
         continue;
      bool same = true;
      for (unsigned p = 0; p < f->nparams && same; p++)
         same = cands[k].params[p] ==
                check_type_from_string(c, f->params[p].type);
      if (same)
         return true;
   }
   return false;
}

static struct expr
check_call(struct check *c, struct ast_node *n)
{
   unsigned nargs = n->list.count;
   struct expr *args = ralloc_array(c->mem, struct expr, nargs ? nargs : 1);
   unsigned i = 0;
   for (struct ast_node *a = n->list.head; a; a = a->next)
      args[i++] = check_expr(c, a);

   /* Constructors: a type specifier, or a name that is a type. */
   const struct glsl_type *ctor = NULL;
   if (n->type) {
      if (n->type->type_name && !n->type->builtin &&
          check_subroutine_type(c, n->type->type_name)) {
         check_error(c, n, "'%s' is a subroutine type, not a function",
                     n->type->type_name);
         return err_expr();
      }
      ctor = check_resolve_type(c, n->type, n);
      if (type_is_error(ctor))
         return err_expr();
   } else {
      struct glsl_sym *sym = check_lookup(c, n->name);
      if (sym && sym->kind == SYM_TYPE)
         ctor = sym->type;
      else if (sym && sym->kind == SYM_VAR) {
         /* Subroutine uniforms are called like functions. */
         if (sym->var->subroutine_type ||
             ((sym->var->qual & AST_Q_SUBROUTINE) &&
              type_is_error(glsl_without_array(sym->var->type))))
            return check_subroutine_call(c, n, sym->var, args, nargs);
         check_error(c, n, "'%s' is a variable, not a function", n->name);
         return err_expr();
      }
      if (n->b) {
         check_error(c, n, "only subroutine uniform arrays can be indexed "
                     "and called");
         return err_expr();
      }
      if (sym && sym->kind == SYM_FUNC && sym->sigs &&
          sym->sigs->subroutine_type && !sym->sigs->next) {
         check_error(c, n, "'%s' is a subroutine type, not a function",
                     n->name);
         return err_expr();
      }
   }
   if (ctor) {
      if (n->is_definition)
         nargs = 0; /* T(void) */
      return check_constructor(c, n, ctor, args, nargs);
   }

   /* Candidates: user signatures, then built-ins unless hidden. */
   struct cand *cands = NULL;
   unsigned ncands = 0, cap = 0;
   struct glsl_sym *sym = check_lookup(c, n->name);
   bool user = sym && sym->kind == SYM_FUNC;
   bool hide_builtins = user && glsl_is_version(c->st, 120, 300);
   for (struct glsl_func_sig *s = user ? sym->sigs : NULL; s; s = s->next) {
      if (ncands == cap) {
         cap = cap ? cap * 2 : 16;
         cands = reralloc(c->mem, cands, struct cand, cap);
      }
      struct cand *k = &cands[ncands++];
      memset(k, 0, sizeof(*k));
      k->ret = s->ret;
      k->sig = s;
      k->nparams = MIN2(s->nparams, 16);
      for (unsigned p = 0; p < k->nparams; p++) {
         k->params[p] = s->params[p];
         k->out[p] = s->param_qual[p] & (AST_Q_OUT | AST_Q_INOUT);
         k->inout[p] = s->param_qual[p] & AST_Q_INOUT;
      }
   }
   bool builtin_name = false, stage_miss = false;
   if (!hide_builtins) {
      for (unsigned b = 0; b < glsl_num_builtin_funcs; b++) {
         const struct glsl_builtin_func *f = &glsl_builtin_funcs[b];
         if (strcmp(f->name, n->name))
            continue;
         builtin_name = true;
         struct glsl_parse_state *st = c->st;
         bool avail = (f->ext && glsl_ext_enabled(st, f->ext)) ||
                      (st->es ? f->es && st->version >= f->es &&
                                (!f->es_until || st->version < f->es_until)
                              : f->desk && st->version >= f->desk &&
                                (!f->desk_until ||
                                 st->version < f->desk_until || st->compat));
         if (avail && !(f->stages & (1u << st->stage)))
            stage_miss = true;
         if (!avail || !(f->stages & (1u << st->stage)))
            continue;
         if (builtin_row_listed(c, cands, ncands, f))
            continue; /* the same overload from another extension */
         if (ncands == cap) {
            cap = cap ? cap * 2 : 16;
            cands = reralloc(c->mem, cands, struct cand, cap);
         }
         struct cand *k = &cands[ncands++];
         memset(k, 0, sizeof(*k));
         k->ret = check_type_from_string(c, f->ret);
         k->nparams = MIN2(f->nparams, 16);
         k->builtin = true;
         k->constant = f->constant;
         for (unsigned p = 0; p < k->nparams; p++) {
            k->params[p] = check_type_from_string(c, f->params[p].type);
            k->out[p] = f->params[p].out;
            k->inout[p] = f->params[p].inout;
         }
      }
      if (!builtin_name && !user && check_builtin_func_name(c, n->name))
         return err_expr(); /* known built-in we do not describe */
      if (builtin_name && !user && ncands == 0 &&
          (stage_miss ||
           !(lenient_builtin(n->name) && any_extension_on(c)))) {
         check_error(c, n, "built-in function '%s' is not available in "
                     "this version or stage", n->name);
         return err_expr();
      }
   }
   if (!user && !builtin_name) {
      check_error(c, n, "function '%s' is not declared", n->name);
      return err_expr();
   }

   for (i = 0; i < nargs; i++) {
      if (type_is_error(args[i].type))
         return err_expr();
   }

   const struct cand *best = NULL;
   for (unsigned k = 0; k < ncands; k++) {
      if (cand_matches(c, &cands[k], args, nargs, true)) {
         best = &cands[k];
         break;
      }
   }
   if (!best) {
      unsigned nmatch = 0;
      for (unsigned k = 0; k < ncands; k++) {
         if (!cand_matches(c, &cands[k], args, nargs, false))
            continue;
         nmatch++;
         if (!best || cand_better(&cands[k], best, args, nargs))
            best = &cands[k];
      }
      if (nmatch > 1) {
         /* Before 4.00 several matches through conversions are an error;
          * from 4.00 the best one must beat every other. */
         bool unique = glsl_is_version(c->st, 400, 0) ||
                       glsl_ext_enabled(c->st, "GL_ARB_gpu_shader5");
         for (unsigned k = 0; k < ncands && unique; k++) {
            if (&cands[k] != best &&
                cand_matches(c, &cands[k], args, nargs, false) &&
                !cand_better(best, &cands[k], args, nargs))
               unique = false;
         }
         if (!unique) {
            check_error(c, n, "call to '%s' is ambiguous", n->name);
            return err_expr();
         }
      }
   }
   if (!best && lenient_builtin(n->name) && !user &&
       (ncands > 0 || any_extension_on(c)))
      return err_expr(); /* the tables do not describe every overload */
   if (!best) {
      char *sig = ralloc_asprintf(c->mem, "%s(", n->name);
      for (i = 0; i < nargs; i++)
         ralloc_asprintf_append(&sig, "%s%s", i ? ", " : "",
                                tname(c, args[i].type));
      check_error(c, n, "no overload of %s) matches", sig);
      return err_expr();
   }
   for (i = 0; i < nargs; i++) {
      if (best->out[i] &&
          require_lvalue(c, n, &args[i], "an out or inout argument") &&
          args[i].var)
         args[i].var->written = true;
   }
   if (best->sig)
      check_note_call(c, best->sig);
   check_image_call(c, n, n->name, best->sig, args, nargs);
   if (best->builtin)
      check_texture_call(c, n, n->name, args, nargs);
   if (best->builtin && !strcmp(n->name, "barrier"))
      check_tess_barrier(c, n);
   if (best->builtin)
      check_interpolant(c, n, n->name, args, nargs);
   bool is_const = best->builtin && best->constant;
   bool known = is_const;
   for (i = 0; i < nargs; i++) {
      is_const &= args[i].is_const;
      known &= args[i].has_value;
   }
   struct expr r = rvalue(best->ret, is_const);
   if (is_const && known) {
      for (i = 0; i < nargs; i++)
         args[i] = check_convert(c, args[i], best->params[i]);
      r.has_value = check_fold_builtin(n->name, best->ret, args, nargs,
                                       &r.val);
   }
   return r;
}

static struct expr
check_method(struct check *c, struct ast_node *n)
{
   /* length() reads no element (writeonly buffer arrays have one). */
   c->not_read = !strcmp(n->name, "length");
   struct expr base = check_expr(c, n->a);
   c->not_read = false;
   if (type_is_error(base.type))
      return err_expr();
   if (strcmp(n->name, "length")) {
      check_error(c, n, "unknown method '%s'", n->name);
      return err_expr();
   }
   if (n->list.count) {
      check_error(c, n, "length() takes no arguments");
      return err_expr();
   }
   struct expr r = rvalue(glsl_simple_type(GLSL_TYPE_INT, 1, 1), true);
   const struct glsl_type *t = base.type;
   if (glsl_type_is_array(t)) {
      if (!glsl_is_version(c->st, 120, 300)) {
         check_error(c, n, "length() needs GLSL 1.20 or ES 3.00");
         return err_expr();
      }
      if (t->length < 0) {
         /* Sized later (geometry inputs, by the linker) or at run time
          * (buffer arrays): unknown here.  Other unsized arrays have no
          * length yet. */
         struct glsl_var *v = base.var;
         if (v && base.whole_var && !check_tess_length_known(c, n, v))
            return err_expr();
         /* Patch arrays are sized by their declaration only. */
         if (v && base.whole_var && (v->qual & AST_Q_PATCH)) {
            check_error(c, n, "length() of the unsized patch array '%s'",
                        v->name);
            return err_expr();
         }
         if (v && base.whole_var && v->builtin &&
             (!strcmp(v->name, "gl_TexCoord") ||
              !strcmp(v->name, "gl_ClipDistance"))) {
            check_error(c, n, "length() of %s before it is sized", v->name);
            return err_expr();
         }
         if (v && base.whole_var && !v->builtin &&
             !(v->qual & (AST_Q_BUFFER | AST_Q_IN | AST_Q_OUT)) &&
             !v->block_field && !any_extension_on(c)) {
            check_error(c, n, "length() of the unsized array '%s'",
                        v->name);
            return err_expr();
         }
         r.is_const = !(v && (v->qual & AST_Q_BUFFER));
         if (c->st->stage == MESA_SHADER_GEOMETRY && v &&
             (v->qual & AST_Q_IN)) {
            check_error(c, n, "length() of a geometry input before the "
                        "input primitive is declared");
            c->gs_length_unsized = true;
            return err_expr();
         }
      } else {
         r.has_value = true;
         r.val.c[0].i = t->length;
      }
      return r;
   }
   if ((glsl_type_is_vector(t) || glsl_type_is_matrix(t)) &&
       (glsl_is_version(c->st, 420, 0) ||
        glsl_ext_enabled(c->st, "GL_ARB_shading_language_420pack"))) {
      r.has_value = true;
      r.val.c[0].i = glsl_type_is_matrix(t) ? t->matrix_columns :
                     t->vector_elements;
      return r;
   }
   check_error(c, n, "length() is not defined for %s", tname(c, t));
   return err_expr();
}

/* ---- the dispatcher ---------------------------------------------------- */

static struct expr
check_expr_inner(struct check *c, struct ast_node *n)
{
   struct expr r = { 0 };
   switch (n->kind) {
   case AST_INT_CONST:
   case AST_UINT_CONST:
      r = rvalue(glsl_simple_type(n->kind == AST_INT_CONST ? GLSL_TYPE_INT :
                                  GLSL_TYPE_UINT, 1, 1), true);
      r.has_value = true;
      r.val.c[0].i = n->kind == AST_INT_CONST ? (int32_t)n->value.u :
                     (int64_t)(uint32_t)n->value.u;
      return r;
   case AST_FLOAT_CONST:
   case AST_DOUBLE_CONST:
      r = rvalue(glsl_simple_type(n->kind == AST_FLOAT_CONST ?
                                  GLSL_TYPE_FLOAT : GLSL_TYPE_DOUBLE, 1, 1),
                 true);
      r.has_value = true;
      r.val.c[0].f = n->value.f;
      return r;
   case AST_BOOL_CONST:
      r = rvalue(glsl_simple_type(GLSL_TYPE_BOOL, 1, 1), true);
      r.has_value = true;
      r.val.c[0].b = n->value.b;
      return r;
   case AST_IDENT: {
      struct glsl_var *v = check_lookup_var(c, n->name);
      if (!v) {
         struct glsl_sym *sym = check_lookup(c, n->name);
         if (sym)
            check_error(c, n, "'%s' is not a variable", n->name);
         else if ((!strncmp(n->name, "gl_Max", 6) ||
                   !strncmp(n->name, "gl_Min", 6) ||
                   (!strncmp(n->name, "gl_", 3) && any_extension_on(c))) &&
                  !builtin_var_tabled(n->name))
            return (struct expr){ .type = &glsl_type_builtin_error,
                                  .is_const = true };
         else
            check_error(c, n, "'%s' is not declared", n->name);
         return err_expr();
      }
      if (v->builtin && c->st->stage == MESA_SHADER_COMPUTE)
         check_layout_builtin_use(c, n);
      r.type = v->type;
      r.is_const = v->is_const;
      r.has_value = v->has_value && glsl_type_is_basic(v->type);
      r.val = v->value;
      check_buffer_read(c, n, v->name, v->qual, v->type);
      r.lvalue = !v->read_only;
      r.not_lvalue_why = v->read_only ? "a read-only variable" : NULL;
      r.var = v;
      r.whole_var = true;
      v->used = true;
      return r;
   }
   case AST_BINARY: {
      struct expr a = check_expr(c, n->a);
      struct expr b = check_expr(c, n->b);
      return check_binary(c, n, n->op, a, b);
   }
   case AST_UNARY:
      return check_unary(c, n, check_expr(c, n->a));
   case AST_PRE_INC:
   case AST_PRE_DEC:
   case AST_POST_INC:
   case AST_POST_DEC: {
      struct expr a = check_expr(c, n->a);
      if (type_is_error(a.type))
         return err_expr();
      if (!is_numeric(a.type) || glsl_type_is_array(a.type)) {
         check_error(c, n, "++/-- need a numeric operand");
         return err_expr();
      }
      if (require_lvalue(c, n, &a, "++/--") && a.var)
         a.var->written = true;
      r = rvalue(a.type, false);
      r.not_lvalue_why = "an increment or decrement";
      return r;
   }
   case AST_ASSIGN: {
      c->not_read = n->op == '=';
      struct expr a = check_expr(c, n->a);
      c->not_read = false;
      struct expr b = check_expr(c, n->b);
      if (type_is_error(a.type) || type_is_error(b.type))
         return err_expr();
      if (!require_lvalue(c, n, &a, "assignment"))
         return err_expr();
      check_tess_output_write(c, n->a, a.var);
      if (a.var)
         a.var->written = true;
      if (n->op != '=') {
         struct expr res = check_binary(c, n, n->op, a, b);
         if (type_is_error(res.type))
            return err_expr();
         b = res;
      }
      if (glsl_type_is_array(a.type) &&
          !glsl_is_version(c->st, 120, 300)) {
         check_error(c, n, "arrays cannot be assigned in this version");
         return err_expr();
      }
      if (contains_opaque(a.type)) {
         check_error(c, n, "opaque variables cannot be assigned");
         return err_expr();
      }
      if (!check_can_convert(c, b.type, a.type)) {
         check_error(c, n, "cannot assign a value of type %s to %s",
                     tname(c, b.type), tname(c, a.type));
         return err_expr();
      }
      r = rvalue(a.type, false);
      r.not_lvalue_why = "an assignment";
      return r;
   }
   case AST_COND: {
      struct expr a = check_expr(c, n->a);
      struct expr b = check_expr(c, n->b);
      struct expr d = check_expr(c, n->c);
      if (type_is_error(a.type) || type_is_error(b.type) ||
          type_is_error(d.type))
         return err_expr();
      if (!is_bool_scalar(a.type)) {
         check_error(c, n, "the condition of ?: must be a scalar boolean");
         return err_expr();
      }
      if (glsl_type_is_basic(b.type) && glsl_type_is_basic(d.type))
         unify_bases(c, &b, &d);
      if (!glsl_type_equal(b.type, d.type)) {
         check_error(c, n, "the two sides of ?: have different types (%s, "
                     "%s)", tname(c, b.type), tname(c, d.type));
         return err_expr();
      }
      /* GLSL 4.20 section 4.1.7: opaque values are not operands of
       * expressions other than indexing and member selection. */
      if (contains_opaque(b.type)) {
         check_error(c, n, "?: cannot select values of opaque type %s",
                     tname(c, b.type));
         return err_expr();
      }
      if (glsl_type_is_array(b.type) && !glsl_is_version(c->st, 120, 300)) {
         check_error(c, n, "?: cannot select arrays in this version");
         return err_expr();
      }
      r = rvalue(b.type, a.is_const && b.is_const && d.is_const);
      r.not_lvalue_why = "a ?: expression";
      if (a.has_value && b.has_value && d.has_value) {
         r.has_value = true;
         r.val = a.val.c[0].b ? b.val : d.val;
      }
      return r;
   }
   case AST_SEQUENCE: {
      struct expr a = check_expr(c, n->a);
      struct expr b = check_expr(c, n->b);
      /* Only GLSL ES 1.00 counts a comma expression of constants as a
       * constant expression. */
      r = rvalue(b.type, a.is_const && b.is_const &&
                 c->st->es && c->st->version == 100);
      r.has_value = r.is_const && b.has_value;
      r.val = b.val;
      r.not_lvalue_why = "a comma expression";
      return r;
   }
   case AST_INDEX:
      return check_index(c, n);
   case AST_FIELD:
      return check_field(c, n);
   case AST_CALL:
      r = check_call(c, n);
      r.lvalue = false;
      r.not_lvalue_why = "a function call";
      return r;
   case AST_METHOD:
      return check_method(c, n);
   default:
      check_error(c, n, "unexpected expression");
      return err_expr();
   }
}

struct expr
check_expr(struct check *c, struct ast_node *n)
{
   if (!n)
      return err_expr();
   if (c->depth >= CHECK_MAX_DEPTH) {
      if (!c->too_deep_reported)
         check_error(c, n, "expression nested too deeply");
      c->too_deep_reported = true;
      return err_expr();
   }
   /* Only the variable, member and element chain of an assignment's
    * left side (or of a length() call) is not read; everything below it,
    * indices included, is. */
   bool target = c->not_read;
   if (n->kind != AST_IDENT && n->kind != AST_FIELD && n->kind != AST_INDEX)
      c->not_read = false;
   c->depth++;
   struct expr r = check_expr_inner(c, n);
   c->depth--;
   c->not_read = target;
   if (r.type && r.type->base_type == GLSL_TYPE_VOID &&
       n->kind != AST_CALL) {
      check_error(c, n, "expression of type void");
      return err_expr();
   }
   n->vtype = r.type;
   return r;
}

/* Whether a value of type `value` can size the declared array type
 * `decl`, whose unsized dimensions match any length.  Element types must
 * be the same: there are no implicit array conversions (4.1.10). */
static bool
sized_by(const struct glsl_type *decl, const struct glsl_type *value)
{
   if (!glsl_type_is_array(decl))
      return glsl_type_equal(decl, value);
   return glsl_type_is_array(value) &&
          (decl->length < 0 || decl->length == value->length) &&
          sized_by(decl->element, value->element);
}

struct expr
check_initializer(struct check *c, struct ast_node *init,
                  const struct glsl_type *type)
{
   if (init->kind == AST_INIT_LIST) {
      if (!glsl_is_version(c->st, 420, 0) &&
          !glsl_ext_enabled(c->st, "GL_ARB_shading_language_420pack")) {
         check_error(c, init, "initializer lists need GLSL 4.20");
         return err_expr();
      }
      /* ARB_shading_language_420pack: braces initialize aggregates
       * (arrays, structures, vectors, matrices), not scalars. */
      if (!type_is_error(type) && glsl_type_is_scalar(type)) {
         check_error(c, init, "a scalar cannot have an initializer list");
         return err_expr();
      }
      /* Check each element against the aggregate's member types. */
      unsigned i = 0;
      bool all_const = true;
      for (struct ast_node *e = init->list.head; e; e = e->next, i++) {
         const struct glsl_type *et = &glsl_type_builtin_error;
         if (glsl_type_is_array(type))
            et = type->element;
         else if (type->base_type == GLSL_TYPE_STRUCT && i < type->num_fields)
            et = type->fields[i].type;
         else if (glsl_type_is_matrix(type))
            et = glsl_column_type(type);
         else if (glsl_type_is_vector(type))
            et = glsl_simple_type(type->base_type, 1, 1);
         struct expr r = check_initializer(c, e, et);
         all_const &= r.is_const;
      }
      unsigned need = glsl_type_is_array(type) ? (unsigned)type->length :
                      type->base_type == GLSL_TYPE_STRUCT ? type->num_fields :
                      glsl_type_is_matrix(type) ? type->matrix_columns :
                      type->vector_elements;
      if (glsl_type_is_array(type) && type->length < 0)
         type = glsl_array_type(c->mem, type->element, i);
      else if (!type_is_error(type) && i != need) {
         check_error(c, init, "initializer list has %u elements, %u "
                     "expected", i, need);
         return err_expr();
      }
      return rvalue(type, all_const);
   }
   struct expr e = check_expr(c, init);
   if (type_is_error(e.type) || type_is_error(type))
      return e;
   if (glsl_type_is_array(type) && glsl_type_is_array(e.type) &&
       type->length < 0 && sized_by(type, e.type)) {
      if (!glsl_is_version(c->st, 120, 300)) {
         check_error(c, init, "arrays cannot be initialized in this "
                     "version");
         return err_expr();
      }
      return e;
   }
   if (glsl_type_is_array(type) && !glsl_is_version(c->st, 120, 300)) {
      check_error(c, init, "arrays cannot be initialized in this version");
      return err_expr();
   }
   if (!check_can_convert(c, e.type, type)) {
      check_error(c, init, "cannot initialize a variable of type %s with "
                  "a value of type %s", tname(c, type), tname(c, e.type));
      return err_expr();
   }
   return check_convert(c, e, type);
}

bool
check_const_int(struct check *c, struct ast_node *n, int64_t *value,
                bool *known)
{
   struct expr e = check_expr(c, n);
   *known = false;
   if (type_is_error(e.type))
      return true; /* already reported, or unknown: accept */
   if (!glsl_type_is_scalar(e.type) ||
       !(e.type->base_type == GLSL_TYPE_INT ||
         e.type->base_type == GLSL_TYPE_UINT)) {
      check_error(c, n, "array size must be a scalar integer");
      return false;
   }
   if (!e.is_const) {
      check_error(c, n, "array size must be a constant expression");
      return false;
   }
   if (e.has_value) {
      *known = true;
      *value = e.type->base_type == GLSL_TYPE_UINT ?
               (int64_t)(uint32_t)e.val.c[0].i : e.val.c[0].i;
   }
   return true;
}
