/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Implicit conversions (GLSL 1.20 4.1.10, GLSL 4.00 4.1.10 with doubles,
 * ARB_gpu_shader5 and ARB_gpu_shader_int64): which base types convert to
 * which in this version, and converting constant values.
 */
#include <math.h>

#include "glsl_check_priv.h"

bool
check_base_converts(struct check *c, enum glsl_base_type from,
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
          check_base_converts(c, from->base_type, to->base_type);
}

double
check_comp_as_double(enum glsl_base_type b, const struct check_cval *v,
                     unsigned i)
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

void
check_convert_value(struct check_cval *v, enum glsl_base_type from,
                    enum glsl_base_type to, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      double d = check_comp_as_double(from, v, i);
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

struct check_value
check_convert(struct check *c, struct check_value e, const struct glsl_type *to)
{
   if (type_is_error(e.type) || type_is_error(to) ||
       glsl_type_equal(e.type, to))
      return e;
   if (e.has_value)
      check_convert_value(&e.val, e.type->base_type, to->base_type,
                    glsl_type_components(to));
   e.type = to;
   e.lvalue = false;
   return e;
}
