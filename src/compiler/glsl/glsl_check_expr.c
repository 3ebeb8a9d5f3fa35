/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Expression checks: the dispatcher over expression nodes, operand types
 * per operator, l-values, the comma and ?: operators, initializers and
 * integral constant expressions.  Swizzles, members and indexing are in
 * glsl_check_access.c, conversions in glsl_check_convert.c, constructors
 * in glsl_check_constructor.c, calls in glsl_check_calls.c, constant
 * folding in glsl_check_fold.c.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "glsl_check_priv.h"
#include "glsl_parser.h"
#include "util/ralloc.h"

struct check_value
check_expr_error(void)
{
   struct check_value e = { .type = &glsl_type_builtin_error };
   return e;
}

struct check_value
check_rvalue(const struct glsl_type *t, bool is_const)
{
   struct check_value e = { .type = t, .is_const = is_const };
   e.not_lvalue_why = "expression";
   return e;
}

const char *
check_type_name(struct check *c, const struct glsl_type *t)
{
   return glsl_type_name(c->mem, t);
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
unify_bases(struct check *c, struct check_value *a, struct check_value *b)
{
   enum glsl_base_type ba = a->type->base_type, bb = b->type->base_type;
   if (ba == bb)
      return true;
   if (check_base_converts(c, ba, bb)) {
      *a = check_convert(c, *a, glsl_simple_type(bb,
                                                 a->type->vector_elements,
                                                 a->type->matrix_columns));
      return true;
   }
   if (check_base_converts(c, bb, ba)) {
      *b = check_convert(c, *b, glsl_simple_type(ba,
                                                 b->type->vector_elements,
                                                 b->type->matrix_columns));
      return true;
   }
   return false;
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

static struct check_value
binary_op(struct check *c, struct ast_node *n, int op, struct check_value a,
          struct check_value b)
{
   const char *name = op_name(op);
   if (type_is_error(a.type) || type_is_error(b.type))
      return check_expr_error();
   bool is_const = a.is_const && b.is_const;
   struct check_value r = { 0 };

   switch (op) {
   case AND_OP:
   case OR_OP:
   case XOR_OP:
      if (!is_bool_scalar(a.type) || !is_bool_scalar(b.type)) {
         check_error(c, n, "operands of '%s' must be scalar booleans", name);
         return check_expr_error();
      }
      r = check_rvalue(a.type, is_const);
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
          glsl_type_contains_opaque(a.type) || glsl_type_contains_opaque(b.type)) {
         check_error(c, n, "operands of '%s' cannot be void or opaque",
                     name);
         return check_expr_error();
      }
      if (glsl_type_is_basic(a.type) && glsl_type_is_basic(b.type))
         unify_bases(c, &a, &b);
      if (!glsl_type_equal(a.type, b.type)) {
         check_error(c, n, "operands of '%s' have different types (%s, %s)",
                     name, check_type_name(c, a.type),
                     check_type_name(c, b.type));
         return check_expr_error();
      }
      if (glsl_type_is_array(a.type) && !glsl_is_version(c->st, 120, 300)) {
         check_error(c, n, "arrays cannot be compared in this version");
         return check_expr_error();
      }
      r = check_rvalue(glsl_simple_type(GLSL_TYPE_BOOL, 1, 1), is_const);
      if (a.has_value && b.has_value) {
         bool eq = true;
         for (unsigned i = 0; i < glsl_type_components(a.type); i++) {
            double x = check_comp_as_double(a.type->base_type, &a.val, i);
            double y = check_comp_as_double(b.type->base_type, &b.val, i);
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
                     "the same type (%s, %s)", name, check_type_name(c, a.type),
                     check_type_name(c, b.type));
         return check_expr_error();
      }
      r = check_rvalue(glsl_simple_type(GLSL_TYPE_BOOL, 1, 1), is_const);
      if (a.has_value && b.has_value) {
         double x = check_comp_as_double(a.type->base_type, &a.val, 0);
         double y = check_comp_as_double(b.type->base_type, &b.val, 0);
         r.has_value = true;
         r.val.c[0].b = op == '<' ? x < y : op == '>' ? x > y :
                        op == LE_OP ? x <= y : x >= y;
      }
      return r;
   case LEFT_OP:
   case RIGHT_OP:
      if (!integer_ops_allowed(c, n, name))
         return check_expr_error();
      if (!glsl_type_is_integer_base(a.type->base_type) ||
          !glsl_type_is_integer_base(b.type->base_type) ||
          glsl_type_is_matrix(a.type) || glsl_type_is_matrix(b.type) ||
          !(glsl_type_is_scalar(a.type) || glsl_type_is_vector(a.type)) ||
          !(glsl_type_is_scalar(b.type) || glsl_type_is_vector(b.type)) ||
          (glsl_type_is_vector(b.type) &&
           b.type->vector_elements != a.type->vector_elements)) {
         check_error(c, n, "invalid operands to '%s' (%s, %s)", name,
                     check_type_name(c, a.type), check_type_name(c, b.type));
         return check_expr_error();
      }
      r = check_rvalue(a.type, is_const);
      if (a.has_value && b.has_value) {
         struct check_value bb = b;
         r.has_value = check_fold_operator(op, a.type, false, &a, &bb,
                                           &r.val);
      }
      return r;
   case '&':
   case '|':
   case '^':
   case '%':
      if (!integer_ops_allowed(c, n, name))
         return check_expr_error();
      if (!glsl_type_is_integer_base(a.type->base_type) ||
          !glsl_type_is_integer_base(b.type->base_type)) {
         check_error(c, n, "operands of '%s' must be integers (%s, %s)",
                     name, check_type_name(c, a.type),
                     check_type_name(c, b.type));
         return check_expr_error();
      }
      break;
   default:
      if (!is_numeric(a.type) || !is_numeric(b.type)) {
         check_error(c, n, "operands of '%s' must be numeric (%s, %s)",
                     name, check_type_name(c, a.type),
                     check_type_name(c, b.type));
         return check_expr_error();
      }
      break;
   }

   if (!unify_bases(c, &a, &b)) {
      check_error(c, n, "operands of '%s' have incompatible types (%s, %s)",
                  name, check_type_name(c, a.type), check_type_name(c, b.type));
      return check_expr_error();
   }
   bool linear;
   const struct glsl_type *rt = arith_type(op, a.type, b.type, &linear);
   if (!rt || ((op == '&' || op == '|' || op == '^' || op == '%') &&
               glsl_type_is_matrix(rt))) {
      check_error(c, n, "operands of '%s' have incompatible shapes (%s, %s)",
                  name, check_type_name(c, a.type), check_type_name(c, b.type));
      return check_expr_error();
   }
   r = check_rvalue(rt, is_const);
   if (a.has_value && b.has_value)
      r.has_value = check_fold_operator(op, rt, linear, &a, &b, &r.val);
   return r;
}

static struct check_value
unary_op(struct check *c, struct ast_node *n, struct check_value a)
{
   if (type_is_error(a.type))
      return check_expr_error();
   struct check_value r = check_rvalue(a.type, a.is_const);
   unsigned nc = glsl_type_components(a.type);
   switch (n->op) {
   case '!':
      if (!is_bool_scalar(a.type)) {
         check_error(c, n, "operand of '!' must be a scalar boolean");
         return check_expr_error();
      }
      if (a.has_value) {
         r.has_value = true;
         r.val.c[0].b = !a.val.c[0].b;
      }
      return r;
   case '~':
      if (!integer_ops_allowed(c, n, "~"))
         return check_expr_error();
      if (!glsl_type_is_integer_base(a.type->base_type) ||
          glsl_type_is_array(a.type)) {
         check_error(c, n, "'~' needs an integer operand");
         return check_expr_error();
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
         return check_expr_error();
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

void
check_note_write(struct check *c, struct check_var *v)
{
   v->written = true;
   if (v->decl && c->repeat_depth != v->repeat_depth)
      v->decl->loop_written = true;
}

bool
check_require_lvalue(struct check *c, struct ast_node *n, struct check_value *e,
                     const char *what)
{
   if (type_is_error(e->type) || e->lvalue)
      return true;
   check_error(c, n, "%s requires an l-value (%s is not one)", what,
               e->not_lvalue_why ? e->not_lvalue_why : "the operand");
   return false;
}

/* ---- the dispatcher ---------------------------------------------------- */

static struct check_value
expr_inner(struct check *c, struct ast_node *n)
{
   struct check_value r = { 0 };
   switch (n->kind) {
   case AST_INT_CONST:
   case AST_UINT_CONST:
      r = check_rvalue(glsl_simple_type(n->kind == AST_INT_CONST ?
                                        GLSL_TYPE_INT : GLSL_TYPE_UINT,
                                        1, 1), true);
      r.has_value = true;
      r.val.c[0].i = n->kind == AST_INT_CONST ? (int32_t)n->value.u :
                     (int64_t)(uint32_t)n->value.u;
      return r;
   case AST_FLOAT_CONST:
   case AST_DOUBLE_CONST:
      r = check_rvalue(glsl_simple_type(n->kind == AST_FLOAT_CONST ?
                                  GLSL_TYPE_FLOAT : GLSL_TYPE_DOUBLE, 1, 1),
                 true);
      r.has_value = true;
      r.val.c[0].f = n->value.f;
      return r;
   case AST_BOOL_CONST:
      r = check_rvalue(glsl_simple_type(GLSL_TYPE_BOOL, 1, 1), true);
      r.has_value = true;
      r.val.c[0].b = n->value.b;
      return r;
   case AST_IDENT: {
      struct check_var *v = check_lookup_var(c, n->name);
      if (!v) {
         struct check_sym *sym = check_lookup(c, n->name);
         if (sym)
            check_error(c, n, "'%s' is not a variable", n->name);
         else if ((!strncmp(n->name, "gl_Max", 6) ||
                   !strncmp(n->name, "gl_Min", 6) ||
                   (!strncmp(n->name, "gl_", 3) &&
                    check_any_extension_on(c))) &&
                  !check_builtin_var_tabled(n->name))
            return (struct check_value){ .type = &glsl_type_builtin_error,
                                  .is_const = true };
         else
            check_error(c, n, "'%s' is not declared", n->name);
         return check_expr_error();
      }
      if (v->builtin && c->st->stage == MESA_SHADER_COMPUTE)
         check_layout_builtin_use(c, n);
      r.type = v->type;
      r.is_const = v->is_const;
      r.has_value = v->has_value && glsl_type_is_basic(v->type);
      if (v->value)
         r.val = *v->value;
      /* ARB_compute_shader: gl_WorkGroupSize is a constant of the
       * declared local size (array sizes use it) */
      if (v->builtin && c->cs_local_size[0] &&
          !strcmp(n->name, "gl_WorkGroupSize")) {
         r.has_value = true;
         for (unsigned i = 0; i < 3; i++)
            r.val.c[i].i = c->cs_local_size[i];
      }
      check_buffer_read(c, n, v->name, v->qual, v->type);
      r.lvalue = !v->read_only;
      r.not_lvalue_why = v->read_only ? "a read-only variable" : NULL;
      r.var = v;
      r.whole_var = true;
      v->used = true;
      /* a global constant's declarator has its list in sema */
      if (v->global && v->is_const && v->decl &&
          v->decl->kind == AST_DECLARATOR && v->decl->sema)
         n->sema = v->decl;
      return r;
   }
   case AST_BINARY: {
      struct check_value a = check_expr(c, n->a);
      struct check_value b = check_expr(c, n->b);
      return binary_op(c, n, n->op, a, b);
   }
   case AST_UNARY:
      return unary_op(c, n, check_expr(c, n->a));
   case AST_PRE_INC:
   case AST_PRE_DEC:
   case AST_POST_INC:
   case AST_POST_DEC: {
      struct check_value a = check_expr(c, n->a);
      if (type_is_error(a.type))
         return check_expr_error();
      if (!is_numeric(a.type) || glsl_type_is_array(a.type)) {
         check_error(c, n, "++/-- need a numeric operand");
         return check_expr_error();
      }
      if (check_require_lvalue(c, n, &a, "++/--") && a.var)
         check_note_write(c, a.var);
      r = check_rvalue(a.type, false);
      r.not_lvalue_why = "an increment or decrement";
      return r;
   }
   case AST_ASSIGN: {
      c->not_read = n->op == '=';
      struct check_value a = check_expr(c, n->a);
      c->not_read = false;
      struct check_value b = check_expr(c, n->b);
      if (type_is_error(a.type) || type_is_error(b.type))
         return check_expr_error();
      if (!check_require_lvalue(c, n, &a, "assignment"))
         return check_expr_error();
      check_tess_output_write(c, n->a, a.var);
      if (a.var)
         check_note_write(c, a.var);
      if (n->op != '=') {
         struct check_value res = binary_op(c, n, n->op, a, b);
         if (type_is_error(res.type))
            return check_expr_error();
         b = res;
      }
      if (glsl_type_is_array(a.type) &&
          !glsl_is_version(c->st, 120, 300)) {
         check_error(c, n, "arrays cannot be assigned in this version");
         return check_expr_error();
      }
      if (glsl_type_contains_opaque(a.type)) {
         check_error(c, n, "opaque variables cannot be assigned");
         return check_expr_error();
      }
      if (!check_can_convert(c, b.type, a.type)) {
         check_error(c, n, "cannot assign a value of type %s to %s",
                     check_type_name(c, b.type), check_type_name(c, a.type));
         return check_expr_error();
      }
      r = check_rvalue(a.type, false);
      r.not_lvalue_why = "an assignment";
      return r;
   }
   case AST_COND: {
      struct check_value a = check_expr(c, n->a);
      struct check_value b = check_expr(c, n->b);
      struct check_value d = check_expr(c, n->c);
      if (type_is_error(a.type) || type_is_error(b.type) ||
          type_is_error(d.type))
         return check_expr_error();
      if (!is_bool_scalar(a.type)) {
         check_error(c, n, "the condition of ?: must be a scalar boolean");
         return check_expr_error();
      }
      if (glsl_type_is_basic(b.type) && glsl_type_is_basic(d.type))
         unify_bases(c, &b, &d);
      if (!glsl_type_equal(b.type, d.type)) {
         check_error(c, n, "the two sides of ?: have different types (%s, "
                     "%s)", check_type_name(c, b.type),
                     check_type_name(c, d.type));
         return check_expr_error();
      }
      /* GLSL 4.20 section 4.1.7: opaque values are not operands of
       * expressions other than indexing and member selection. */
      if (glsl_type_contains_opaque(b.type)) {
         check_error(c, n, "?: cannot select values of opaque type %s",
                     check_type_name(c, b.type));
         return check_expr_error();
      }
      if (glsl_type_is_array(b.type) && !glsl_is_version(c->st, 120, 300)) {
         check_error(c, n, "?: cannot select arrays in this version");
         return check_expr_error();
      }
      r = check_rvalue(b.type, a.is_const && b.is_const && d.is_const);
      r.not_lvalue_why = "a ?: expression";
      if (a.has_value && b.has_value && d.has_value) {
         r.has_value = true;
         r.val = a.val.c[0].b ? b.val : d.val;
      }
      return r;
   }
   case AST_SEQUENCE: {
      struct check_value a = check_expr(c, n->a);
      struct check_value b = check_expr(c, n->b);
      /* Only GLSL ES 1.00 counts a comma expression of constants as a
       * constant expression. */
      r = check_rvalue(b.type, a.is_const && b.is_const &&
                 c->st->es && c->st->version == 100);
      r.has_value = r.is_const && b.has_value;
      r.val = b.val;
      r.not_lvalue_why = "a comma expression";
      return r;
   }
   case AST_INDEX:
      return check_access_index(c, n);
   case AST_FIELD:
      return check_access_field(c, n);
   case AST_CALL:
      r = check_call(c, n);
      r.lvalue = false;
      r.not_lvalue_why = "a function call";
      return r;
   case AST_METHOD:
      return check_method(c, n);
   default:
      check_error(c, n, "unexpected expression");
      return check_expr_error();
   }
}

struct check_value
check_expr(struct check *c, struct ast_node *n)
{
   if (!n)
      return check_expr_error();
   if (c->depth >= CHECK_MAX_DEPTH) {
      if (!c->too_deep_reported)
         check_error(c, n, "expression nested too deeply");
      c->too_deep_reported = true;
      return check_expr_error();
   }
   /* Only the variable, member and element chain of an assignment's
    * left side (or of a length() call) is not read; everything below it,
    * indices included, is. */
   bool target = c->not_read;
   if (n->kind != AST_IDENT && n->kind != AST_FIELD && n->kind != AST_INDEX)
      c->not_read = false;
   c->depth++;
   struct check_value r = expr_inner(c, n);
   c->depth--;
   c->not_read = target;
   /* A void value comes only from a call, or from ?: choosing between
    * two of them (GLSL 1.10 5.9: "The second and third expressions can
    * be any type, as long their types match"). */
   if (r.type && r.type->base_type == GLSL_TYPE_VOID &&
       n->kind != AST_CALL && n->kind != AST_COND) {
      check_error(c, n, "expression of type void");
      return check_expr_error();
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

struct check_value
check_initializer(struct check *c, struct ast_node *init,
                  const struct glsl_type *type)
{
   if (init->kind == AST_INIT_LIST) {
      if (!glsl_is_version(c->st, 420, 0) &&
          !glsl_ext_enabled(c->st, "GL_ARB_shading_language_420pack")) {
         check_error(c, init, "initializer lists need GLSL 4.20");
         return check_expr_error();
      }
      /* ARB_shading_language_420pack: braces initialize aggregates
       * (arrays, structures, vectors, matrices), not scalars. */
      if (!type_is_error(type) && glsl_type_is_scalar(type)) {
         check_error(c, init, "a scalar cannot have an initializer list");
         return check_expr_error();
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
         struct check_value r = check_initializer(c, e, et);
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
         return check_expr_error();
      }
      return check_rvalue(type, all_const);
   }
   struct check_value e = check_expr(c, init);
   if (type_is_error(e.type) || type_is_error(type))
      return e;
   if (glsl_type_is_array(type) && glsl_type_is_array(e.type) &&
       type->length < 0 && sized_by(type, e.type)) {
      if (!glsl_is_version(c->st, 120, 300)) {
         check_error(c, init, "arrays cannot be initialized in this "
                     "version");
         return check_expr_error();
      }
      return e;
   }
   if (glsl_type_is_array(type) && !glsl_is_version(c->st, 120, 300)) {
      check_error(c, init, "arrays cannot be initialized in this version");
      return check_expr_error();
   }
   if (!check_can_convert(c, e.type, type)) {
      check_error(c, init, "cannot initialize a variable of type %s with "
                  "a value of type %s", check_type_name(c, type),
                  check_type_name(c, e.type));
      return check_expr_error();
   }
   return check_convert(c, e, type);
}

bool
check_const_int(struct check *c, struct ast_node *n, int64_t *value,
                bool *known)
{
   struct check_value e = check_expr(c, n);
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
