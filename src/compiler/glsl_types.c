/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Derived types (arrays), type comparison and naming, and the std140 /
 * std430 layout rules (GLSL 4.60 section 7.6.2.2 "Standard Uniform Block
 * Layout"; std430 drops the rounding of arrays and structures to vec4).
 */
#include "glsl_types.h"

#include <string.h>

#include "util/ralloc.h"
#include "util/u_math.h"

const struct glsl_type *
glsl_array_type(void *mem_ctx, const struct glsl_type *element, int length)
{
   struct glsl_type *t = rzalloc(mem_ctx, struct glsl_type);
   if (!t)
      return &glsl_type_builtin_error;
   t->base_type = GLSL_TYPE_ARRAY;
   t->vector_elements = 1;
   t->matrix_columns = 1;
   t->element = element;
   t->length = length;
   t->name = "[]";
   return t;
}

static const struct glsl_type *
record_type(void *mem_ctx, enum glsl_base_type base,
            const struct glsl_struct_field *fields, unsigned num_fields,
            const char *name)
{
   struct glsl_type *t = rzalloc(mem_ctx, struct glsl_type);
   if (!t)
      return &glsl_type_builtin_error;
   t->base_type = base;
   t->vector_elements = 1;
   t->matrix_columns = 1;
   t->length = -1;
   t->fields = fields;
   t->num_fields = num_fields;
   t->name = name;
   return t;
}

const struct glsl_type *
glsl_struct_type(void *mem_ctx, const struct glsl_struct_field *fields,
                 unsigned num_fields, const char *name)
{
   return record_type(mem_ctx, GLSL_TYPE_STRUCT, fields, num_fields, name);
}

const struct glsl_type *
glsl_interface_type(void *mem_ctx, const struct glsl_struct_field *fields,
                    unsigned num_fields, const char *name)
{
   return record_type(mem_ctx, GLSL_TYPE_INTERFACE, fields, num_fields,
                      name);
}

bool
glsl_type_equal(const struct glsl_type *a, const struct glsl_type *b)
{
   if (a == b)
      return true;
   if (!a || !b || a->base_type != b->base_type)
      return false;
   switch (a->base_type) {
   case GLSL_TYPE_ARRAY:
      return a->length == b->length && glsl_type_equal(a->element, b->element);
   case GLSL_TYPE_STRUCT:
   case GLSL_TYPE_INTERFACE:
      /* Each struct definition makes one type object. */
      return a->fields == b->fields;
   case GLSL_TYPE_SAMPLER:
   case GLSL_TYPE_IMAGE:
      return a->sampler_dim == b->sampler_dim &&
             a->sampler_shadow == b->sampler_shadow &&
             a->sampler_array == b->sampler_array &&
             a->sampled_type == b->sampled_type;
   case GLSL_TYPE_VOID:
   case GLSL_TYPE_ERROR:
   case GLSL_TYPE_ATOMIC_UINT:
      return true;
   default:
      return a->vector_elements == b->vector_elements &&
             a->matrix_columns == b->matrix_columns;
   }
}

const char *
glsl_type_name(void *mem_ctx, const struct glsl_type *t)
{
   if (t->base_type != GLSL_TYPE_ARRAY)
      return t->name ? t->name : "(anonymous)";
   char *dims = ralloc_strdup(mem_ctx, "");
   const struct glsl_type *e = t;
   for (; e->base_type == GLSL_TYPE_ARRAY; e = e->element) {
      if (e->length < 0)
         ralloc_strcat(&dims, "[]");
      else
         ralloc_asprintf_append(&dims, "[%d]", e->length);
   }
   return ralloc_asprintf(mem_ctx, "%s%s", glsl_type_name(mem_ctx, e), dims);
}

const struct glsl_type *
glsl_without_array(const struct glsl_type *t)
{
   while (t->base_type == GLSL_TYPE_ARRAY)
      t = t->element;
   return t;
}

bool
glsl_type_contains(const struct glsl_type *t, enum glsl_base_type b)
{
   t = glsl_without_array(t);
   if (t->base_type == b)
      return true;
   if (t->base_type == GLSL_TYPE_STRUCT ||
       t->base_type == GLSL_TYPE_INTERFACE) {
      for (unsigned i = 0; i < t->num_fields; i++) {
         if (glsl_type_contains(t->fields[i].type, b))
            return true;
      }
   }
   return false;
}

bool
glsl_type_contains_opaque(const struct glsl_type *t)
{
   return glsl_type_contains(t, GLSL_TYPE_SAMPLER) ||
          glsl_type_contains(t, GLSL_TYPE_IMAGE) ||
          glsl_type_contains(t, GLSL_TYPE_ATOMIC_UINT);
}

const struct glsl_type *
glsl_column_type(const struct glsl_type *t)
{
   return glsl_simple_type(t->base_type, t->vector_elements, 1);
}

static unsigned
scalar_size_B(enum glsl_base_type b)
{
   switch (b) {
   case GLSL_TYPE_DOUBLE:
   case GLSL_TYPE_INT64:
   case GLSL_TYPE_UINT64:
      return 8;
   default:
      return 4;
   }
}

unsigned
glsl_type_alignment_B(const struct glsl_type *t,
                      enum glsl_layout_rules rules, bool row_major)
{
   unsigned align_B = 0;

   if (glsl_type_is_scalar(t) || glsl_type_is_vector(t)) {
      unsigned n = t->vector_elements == 3 ? 4 : t->vector_elements;
      return n * scalar_size_B(t->base_type);
   }
   if (glsl_type_is_matrix(t)) {
      /* A column-major matrix is an array of its columns, a row-major one
       * an array of its rows. */
      unsigned n = row_major ? t->matrix_columns : t->vector_elements;
      const struct glsl_type *v = glsl_simple_type(t->base_type, n, 1);
      align_B = glsl_type_alignment_B(v, rules, false);
   } else if (t->base_type == GLSL_TYPE_ARRAY) {
      align_B = glsl_type_alignment_B(t->element, rules, row_major);
   } else if (t->base_type == GLSL_TYPE_STRUCT ||
              t->base_type == GLSL_TYPE_INTERFACE) {
      for (unsigned i = 0; i < t->num_fields; i++)
         align_B = MAX2(align_B, glsl_type_alignment_B(t->fields[i].type, rules,
                                                   row_major));
   } else {
      return 0;
   }
   if (rules == GLSL_LAYOUT_STD140)
      align_B = align(align_B, 16);
   return align_B;
}

unsigned
glsl_type_size_B(const struct glsl_type *t, enum glsl_layout_rules rules,
                 bool row_major)
{
   if (glsl_type_is_scalar(t) || glsl_type_is_vector(t))
      return t->vector_elements * scalar_size_B(t->base_type);
   if (glsl_type_is_matrix(t)) {
      unsigned vecs = row_major ? t->vector_elements : t->matrix_columns;
      unsigned n = row_major ? t->matrix_columns : t->vector_elements;
      const struct glsl_type *v = glsl_simple_type(t->base_type, n, 1);
      unsigned stride = glsl_type_alignment_B(v, rules, false);
      if (rules == GLSL_LAYOUT_STD140)
         stride = align(stride, 16);
      return vecs * stride;
   }
   if (t->base_type == GLSL_TYPE_ARRAY) {
      if (t->length < 0)
         return 0;
      unsigned stride = align(glsl_type_size_B(t->element, rules, row_major),
                              glsl_type_alignment_B(t->element, rules,
                                                    row_major));
      if (rules == GLSL_LAYOUT_STD140)
         stride = align(stride, 16);
      return stride * t->length;
   }
   if (t->base_type == GLSL_TYPE_STRUCT ||
       t->base_type == GLSL_TYPE_INTERFACE) {
      unsigned offset = 0;
      for (unsigned i = 0; i < t->num_fields; i++) {
         const struct glsl_type *f = t->fields[i].type;
         offset = align(offset, glsl_type_alignment_B(f, rules, row_major));
         offset += glsl_type_size_B(f, rules, row_major);
      }
      return align(offset, glsl_type_alignment_B(t, rules, row_major));
   }
   return 0;
}
