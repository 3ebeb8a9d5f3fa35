/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * std140 / std430 layout rules.  Expected values are the worked rules of
 * GLSL 4.60 section 7.6.2.2 (and the OpenGL 4.6 spec's "Standard Uniform
 * Block Layout"): scalars N, vec2 2N, vec3/vec4 4N; std140 rounds array and
 * structure alignment (and array strides) up to vec4, std430 does not.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "compiler/glsl_types.h"
#include "util/ralloc.h"

static const struct glsl_type *
T(const char *name)
{
   return glsl_builtin_type_by_name(name, NULL);
}

static void
test_vectors(void **state)
{
   for (int r = 0; r < 2; r++) {
      enum glsl_layout_rules rules = r ? GLSL_LAYOUT_STD430 :
                                         GLSL_LAYOUT_STD140;
      assert_int_equal(glsl_type_alignment_B(T("float"), rules, false), 4);
      assert_int_equal(glsl_type_alignment_B(T("vec2"), rules, false), 8);
      assert_int_equal(glsl_type_alignment_B(T("vec3"), rules, false), 16);
      assert_int_equal(glsl_type_size_B(T("vec3"), rules, false), 12);
      assert_int_equal(glsl_type_alignment_B(T("dvec2"), rules, false), 16);
      assert_int_equal(glsl_type_alignment_B(T("dvec3"), rules, false), 32);
      assert_int_equal(glsl_type_size_B(T("dvec3"), rules, false), 24);
   }
}

static void
test_arrays(void **state)
{
   void *mem = ralloc_context(NULL);
   const struct glsl_type *fa = glsl_array_type(mem, T("float"), 3);
   /* std140: each element padded to 16 bytes. */
   assert_int_equal(glsl_type_size_B(fa, GLSL_LAYOUT_STD140, false), 48);
   assert_int_equal(glsl_type_alignment_B(fa, GLSL_LAYOUT_STD140, false),
                    16);
   /* std430: tightly packed. */
   assert_int_equal(glsl_type_size_B(fa, GLSL_LAYOUT_STD430, false), 12);
   assert_int_equal(glsl_type_alignment_B(fa, GLSL_LAYOUT_STD430, false), 4);
   const struct glsl_type *v3a = glsl_array_type(mem, T("vec3"), 2);
   assert_int_equal(glsl_type_size_B(v3a, GLSL_LAYOUT_STD430, false), 32);
   ralloc_free(mem);
}

static void
test_matrices(void **state)
{
   /* mat3 column-major: 3 columns of vec3, each a vec4 slot. */
   assert_int_equal(glsl_type_size_B(T("mat3"), GLSL_LAYOUT_STD140, false),
                    48);
   /* mat2 in std140 has 16-byte column stride, in std430 8 bytes. */
   assert_int_equal(glsl_type_size_B(T("mat2"), GLSL_LAYOUT_STD140, false),
                    32);
   assert_int_equal(glsl_type_size_B(T("mat2"), GLSL_LAYOUT_STD430, false),
                    16);
   /* mat2x3 (2 columns, 3 rows) row-major: 3 rows of vec2. */
   assert_int_equal(glsl_type_size_B(T("mat2x3"), GLSL_LAYOUT_STD430, true),
                    24);
   assert_int_equal(glsl_type_size_B(T("mat2x3"), GLSL_LAYOUT_STD140, true),
                    48);
}

static void
test_struct(void **state)
{
   /* struct { float a; vec3 b; } : b at offset 16, size 28, rounded to the
    * struct alignment (16) = 32 in both layouts. */
   struct glsl_struct_field f[2] = {
      { .type = T("float"), .name = "a" },
      { .type = T("vec3"), .name = "b" },
   };
   struct glsl_type s = {
      .base_type = GLSL_TYPE_STRUCT, .vector_elements = 1,
      .matrix_columns = 1, .length = -1, .fields = f, .num_fields = 2,
      .name = "S",
   };
   assert_int_equal(glsl_type_size_B(&s, GLSL_LAYOUT_STD140, false), 32);
   assert_int_equal(glsl_type_size_B(&s, GLSL_LAYOUT_STD430, false), 32);
   /* struct { float a; } : std140 rounds to 16, std430 keeps 4. */
   s.num_fields = 1;
   assert_int_equal(glsl_type_size_B(&s, GLSL_LAYOUT_STD140, false), 16);
   assert_int_equal(glsl_type_size_B(&s, GLSL_LAYOUT_STD430, false), 4);
}

/* The constructors build the same shape as a hand-written record: the
 * struct type of test_struct has the same std140 size, and an interface
 * block with the same members is a distinct kind of type. */
static void
test_record_constructors(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_struct_field f[2] = {
      { .type = T("float"), .name = "a" },
      { .type = T("vec3"), .name = "b" },
   };
   const struct glsl_type *s = glsl_struct_type(mem, f, 2, "S");
   assert_int_equal(s->base_type, GLSL_TYPE_STRUCT);
   assert_int_equal(s->num_fields, 2);
   assert_int_equal(s->length, -1);
   assert_string_equal(s->name, "S");
   assert_int_equal(glsl_type_size_B(s, GLSL_LAYOUT_STD140, false), 32);
   const struct glsl_type *b = glsl_interface_type(mem, f, 2, "B");
   assert_int_equal(b->base_type, GLSL_TYPE_INTERFACE);
   assert_ptr_equal(b->fields, f);
   assert_false(glsl_type_equal(s, b));
   assert_true(glsl_type_equal(s, glsl_struct_type(mem, f, 2, "S")));
   ralloc_free(mem);
}

static void
test_lookup(void **state)
{
   const struct glsl_builtin_type_info *info = NULL;
   const struct glsl_type *t = glsl_builtin_type_by_name("mat3x2", &info);
   assert_non_null(t);
   assert_int_equal(t->matrix_columns, 3);
   assert_int_equal(t->vector_elements, 2);
   assert_int_equal(info->min_version, 120);
   assert_int_equal(info->min_es_version, 300);
   assert_null(glsl_builtin_type_by_name("vec5", NULL));
   assert_ptr_equal(glsl_simple_type(GLSL_TYPE_UINT, 3, 1), T("uvec3"));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vectors),
      cmocka_unit_test(test_arrays),
      cmocka_unit_test(test_matrices),
      cmocka_unit_test(test_struct),
      cmocka_unit_test(test_record_constructors),
      cmocka_unit_test(test_lookup),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
