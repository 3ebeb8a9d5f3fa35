/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Constructors (GLSL 1.10 5.4 and later): scalar, vector and matrix
 * constructors with their conversions and component counts, array
 * constructors (GLSL 1.20, ES 3.00), structure constructors, and their
 * constant values.
 */
#include <string.h>

#include "glsl_check_priv.h"
#include "util/ralloc.h"

struct check_value
check_constructor(struct check *c, struct ast_node *n,
                  const struct glsl_type *t, struct check_value *args,
                  unsigned nargs)
{
   bool all_const = true;
   for (unsigned i = 0; i < nargs; i++) {
      if (type_is_error(args[i].type))
         return check_rvalue(t, false);
      all_const &= args[i].is_const;
      if (args[i].type->base_type == GLSL_TYPE_VOID) {
         check_error(c, n, "constructor argument of type void");
         return check_expr_error();
      }
   }

   if (glsl_type_is_array(t)) {
      if (!glsl_is_version(c->st, 120, 300)) {
         check_error(c, n, "array constructors need GLSL 1.20 or ES 3.00");
         return check_expr_error();
      }
      if (t->length >= 0 && (unsigned)t->length != nargs) {
         check_error(c, n, "array constructor needs %d arguments, %u given",
                     t->length, nargs);
         return check_expr_error();
      }
      const struct glsl_type *elem = t->element;
      for (unsigned i = 0; i < nargs; i++) {
         bool elem_unsized = glsl_type_is_array(elem) && elem->length < 0;
         if (elem_unsized && glsl_type_is_array(args[i].type) &&
             check_can_convert(c, args[i].type->element, elem->element))
            continue;
         if (!check_can_convert(c, args[i].type, elem)) {
            check_error(c, n, "array constructor argument %u has type %s, "
                        "not %s", i + 1, check_type_name(c, args[i].type),
                        check_type_name(c, elem));
            return check_expr_error();
         }
      }
      if (t->length < 0) {
         const struct glsl_type *e = elem;
         if (glsl_type_is_array(e) && e->length < 0 && nargs)
            e = args[0].type;
         t = glsl_array_type(c->mem, e, nargs);
      }
      return check_rvalue(t, all_const);
   }

   if (t->base_type == GLSL_TYPE_STRUCT) {
      if (nargs != t->num_fields) {
         check_error(c, n, "constructor of %s needs %u arguments, %u given",
                     check_type_name(c, t), t->num_fields, nargs);
         return check_expr_error();
      }
      for (unsigned i = 0; i < nargs; i++) {
         if (!check_can_convert(c, args[i].type, t->fields[i].type)) {
            check_error(c, n, "argument %u of the %s constructor has type "
                        "%s, not %s", i + 1, check_type_name(c, t),
                        check_type_name(c, args[i].type),
                        check_type_name(c, t->fields[i].type));
            return check_expr_error();
         }
      }
      return check_rvalue(t, all_const);
   }

   if (!glsl_type_is_basic(t)) {
      check_error(c, n, "cannot construct values of type %s",
                  check_type_name(c, t));
      return check_expr_error();
   }
   if (nargs == 0) {
      check_error(c, n, "constructor of %s needs arguments",
                  check_type_name(c, t));
      return check_expr_error();
   }
   unsigned need = glsl_type_components(t), have = 0;
   bool has_matrix_arg = false;
   for (unsigned i = 0; i < nargs; i++) {
      const struct glsl_type *a = args[i].type;
      if (!glsl_type_is_basic(a)) {
         check_error(c, n, "constructor argument %u has type %s", i + 1,
                     check_type_name(c, a));
         return check_expr_error();
      }
      if (have >= need && !(nargs == 1)) {
         check_error(c, n, "too many arguments to the %s constructor",
                     check_type_name(c, t));
         return check_expr_error();
      }
      has_matrix_arg |= glsl_type_is_matrix(a);
      have += glsl_type_components(a);
   }
   if (glsl_type_is_matrix(t) && has_matrix_arg && nargs > 1) {
      check_error(c, n, "a matrix constructor with a matrix argument takes "
                  "no other arguments");
      return check_expr_error();
   }
   if (nargs == 1 && glsl_type_is_scalar(args[0].type)) {
      /* Splat (vector) or diagonal (matrix). */
   } else if (nargs == 1 && glsl_type_is_matrix(t) &&
              glsl_type_is_matrix(args[0].type)) {
      /* Matrix from matrix: any sizes. */
   } else if (glsl_type_is_matrix(args[0].type) && !glsl_type_is_matrix(t) &&
              c->st->es && !glsl_is_version(c->st, 120, 300) && nargs >= 1) {
      /* Desktop GLSL 1.10 takes matrices in vector constructors too,
       * column by column (GLSL 1.10 section 5.4.2; piglit's
       * glsl-fs-vec4-mat2 passes on Mesa). */
      check_error(c, n, "constructing a vector from a matrix needs GLSL "
                  "ES 3.00");
      return check_expr_error();
   } else if (have < need) {
      check_error(c, n, "not enough components for the %s constructor",
                  check_type_name(c, t));
      return check_expr_error();
   }

   struct check_value r = check_rvalue(t, all_const);
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
      struct check_cval v = args[0].val;
      check_convert_value(&v, a->base_type, t->base_type,
                    glsl_type_components(a));
      struct check_cval one = { .c[0].i = 1 }, zero = { .c[0].i = 0 };
      check_convert_value(&one, GLSL_TYPE_INT, t->base_type, 1);
      check_convert_value(&zero, GLSL_TYPE_INT, t->base_type, 1);
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
         struct check_cval v = args[i].val;
         unsigned na = glsl_type_components(args[i].type);
         check_convert_value(&v, args[i].type->base_type, t->base_type, na);
         for (unsigned j = 0; j < na && k < need; j++)
            r.val.c[k++] = v.c[j];
      }
      for (; k < need; k++)
         r.val.c[k] = r.val.c[0];
      r.has_value = true;
   }
   return r;
}
