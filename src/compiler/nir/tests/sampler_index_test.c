/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * nir_resolve_sampler_deref: the flat index of sampler derefs through
 * arrays, structures and arrays of structures, numbered depth first as
 * the GLSL linker numbers the samplers of a uniform.  The expected
 * indices are counted by hand from the declarations.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "nir.h"
#include "nir_builder.h"

static const nir_shader_compiler_options opts = {0};

struct fixture {
   void *mem;
   nir_builder b;
   const nir_vtype *smp, *s_type; /* struct { vec4 v; sampler2D a;
                                     sampler2D b[3]; } */
   nir_variable *var;              /* that struct s[2], first index 5 */
};

static void
setup(struct fixture *f)
{
   f->mem = ralloc_context(NULL);
   f->b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, &opts, "t",
                                         f->mem);
   f->smp = nir_vtype_sampler(f->mem, NIR_SAMPLER_DIM_2D, false, false,
                              nir_type_float32);
   nir_vtype_field fields[3] = {
      {"v", nir_vtype_vector(f->mem, nir_type_float32, 4)},
      {"a", f->smp},
      {"b", nir_vtype_array(f->mem, f->smp, 3)},
   };
   f->s_type = nir_vtype_struct(f->mem, "S", fields, 3);
   f->var = nir_variable_create(f->b.shader, nir_var_uniform,
                                nir_vtype_array(f->mem, f->s_type, 2), "s");
   f->var->data.binding = 5;
}

static void
test_slots(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   /* a vec4 takes none, a sampler one, an array its length of them */
   assert_int_equal(nir_vtype_sampler_slots(f.smp), 1);
   assert_int_equal(nir_vtype_sampler_slots(f.s_type), 4);
   assert_int_equal(nir_vtype_sampler_slots(f.var->type), 8);
   ralloc_free(f.mem);
}

static void
test_constant_chain(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   nir_builder *b = &f.b;
   /* s[1].b[2]: 5 + 4 (s[0]) + 1 (s[1].a) + 2 = 12 */
   nir_deref_instr *d = nir_build_deref_var(b, f.var);
   d = nir_build_deref_array_imm(b, d, 1);
   d = nir_build_deref_struct(b, d, 2);
   d = nir_build_deref_array_imm(b, d, 2);
   nir_sampler_index si;
   assert_true(nir_resolve_sampler_deref(d, &si));
   assert_null(si.dynamic);
   assert_int_equal(si.base, 12);

   /* s[0].a: 5 + 0 + 0 (the vec4 holds no sampler) */
   d = nir_build_deref_struct(b,
                              nir_build_deref_array_imm(
                                 b, nir_build_deref_var(b, f.var), 0),
                              1);
   assert_true(nir_resolve_sampler_deref(d, &si));
   assert_int_equal(si.base, 5);
   ralloc_free(f.mem);
}

static void
test_dynamic_chain(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   nir_builder *b = &f.b;
   nir_def *i = nir_load_system_value(b, nir_intrinsic_load_sample_id, 32);
   /* s[i].b[2]: 5 + 1 + 2 + 4 * i, over 2 elements */
   nir_deref_instr *d = nir_build_deref_var(b, f.var);
   d = nir_build_deref_array(b, d, i);
   d = nir_build_deref_struct(b, d, 2);
   d = nir_build_deref_array_imm(b, d, 2);
   nir_sampler_index si;
   assert_true(nir_resolve_sampler_deref(d, &si));
   assert_ptr_equal(si.dynamic, i);
   assert_int_equal(si.base, 8);
   assert_int_equal(si.stride, 4);
   assert_int_equal(si.length, 2);

   /* s[i].b[i]: two levels indexed at run time do not resolve */
   d = nir_build_deref_var(b, f.var);
   d = nir_build_deref_array(b, d, i);
   d = nir_build_deref_struct(b, d, 2);
   d = nir_build_deref_array(b, d, i);
   assert_false(nir_resolve_sampler_deref(d, &si));
   ralloc_free(f.mem);
}

/* Images are counted among images: in struct { sampler2D a; image2D m[3]; }
 * t[2][2] with first image unit 4, t[1][1].m[2] is image 4 + 3 * 3 + 2,
 * the samplers beside them taking none of the image units. */
static void
test_image_chain(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   nir_builder *b = &f.b;
   const nir_vtype *img =
      nir_vtype_image(f.mem, NIR_SAMPLER_DIM_2D, false, nir_type_float32);
   nir_vtype_field fields[2] = {
      {"a", f.smp},
      {"m", nir_vtype_array(f.mem, img, 3)},
   };
   const nir_vtype *st = nir_vtype_struct(f.mem, "T", fields, 2);
   nir_variable *t = nir_variable_create(
      b->shader, nir_var_uniform,
      nir_vtype_array(f.mem, nir_vtype_array(f.mem, st, 2), 2), "t");
   t->data.binding = 4;
   nir_deref_instr *d = nir_build_deref_var(b, t);
   d = nir_build_deref_array_imm(b, d, 1);
   d = nir_build_deref_array_imm(b, d, 1);
   d = nir_build_deref_struct(b, d, 1);
   d = nir_build_deref_array_imm(b, d, 2);
   nir_sampler_index si;
   assert_true(nir_resolve_sampler_deref(d, &si));
   assert_null(si.dynamic);
   assert_int_equal(si.base, 15);
   ralloc_free(f.mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_slots),
      cmocka_unit_test(test_constant_chain),
      cmocka_unit_test(test_dynamic_chain),
      cmocka_unit_test(test_image_chain),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
