/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * nir_eval's error bounds (nir_eval_bound.h).  The operations' error is
 * half an ulp of the result (a correctly rounded implementation that may
 * round where the reference did not); expected bounds are worked by hand.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "nir.h"
#include "nir_builder.h"
#include "nir_eval.h"

static const nir_shader_compiler_options opts = { 0 };

/* exact: bit for bit the reference's when the operands are.  floor has
 * no error (GLSL 4.60 section 4.7.1: exact). */
static bool
half_ulp(const nir_alu_instr *alu, const double *x, nir_eval_op_error *e,
         void *data)
{
   (void)x;
   memset(e, 0, sizeof(*e));
   e->exact = *(const bool *)data || alu->op == nir_op_ffloor;
   e->ulps = alu->op == nir_op_ffloor ? 0 : 0.5;
   return true;
}

/* Half an ulp, never bit-exact, but correctly rounded: a 16-bit
 * operation that the implementation may compute at 32 bits */
static bool
rounded_wider(const nir_alu_instr *alu, const double *x,
              nir_eval_op_error *e, void *data)
{
   half_ulp(alu, x, e, data);
   e->correctly_rounded = true;
   return true;
}

typedef struct {
   void *ctx;
   nir_builder b;
   nir_def *x, *y;
   nir_variable *out;
} fixture;

/* inputs x, y (cells 0, 1), the vec4 output at cells 0-3 */
static void
setup(fixture *f)
{
   f->ctx = ralloc_context(NULL);
   f->b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX, &opts, "b",
                                         f->ctx);
   nir_shader *s = f->b.shader;
   nir_variable *in = nir_variable_create(
      s, nir_var_shader_in, nir_vtype_vector(s, nir_type_float32, 2), "in");
   f->out = nir_variable_create(
      s, nir_var_shader_out, nir_vtype_vector(s, nir_type_float32, 4), "o");
   nir_def *v = nir_load_var(&f->b, in);
   f->x = nir_channel(&f->b, v, 0);
   f->y = nir_channel(&f->b, v, 1);
}

static void
run_with(fixture *f, const nir_eval_bounds *b, float x, float y,
         nir_const_value out[4], double bound[4], nir_eval_state *st)
{
   nir_const_value in[4] = { { .f32 = x }, { .f32 = y } };
   memset(st, 0, sizeof(*st));
   st->inputs = in;
   st->num_input_cells = 4;
   st->outputs = out;
   st->num_output_cells = 4;
   st->bounds = b;
   st->output_bound = bound;
   assert_true(nir_eval_run(f->b.shader, st));
}

static void
run(fixture *f, bool exact, float x, float y, nir_const_value out[4],
    double bound[4], nir_eval_state *st)
{
   nir_eval_bounds b = { half_ulp, &exact };
   run_with(f, &b, x, y, out, bound, st);
}

/* if (cond) o = (d, d, d, d) */
static void
store_if(fixture *f, nir_def *cond, nir_def *d)
{
   nir_if *nif = nir_push_if(&f->b, cond);
   nir_store_var(&f->b, f->out, nir_vec4(&f->b, d, d, d, d), 0xf);
   nir_pop_if(&f->b, nif);
}

/* s = x + y with x = 1, y = 2^-30 is 1 in fp32: its bound is the 2^-30
 * the reference dropped plus the implementation's 2^-24 (half an ulp of
 * 1).  s - x is then 0 with the same absolute bound, plus half an ulp of
 * it (2^-48): a cancellation keeps the absolute error, which no relative
 * tolerance at the output would.  rcp(s - x) has a pole in that box
 * (unbounded), and floor(s) may be 0 or 1 (bound 1). */
static void
test_cancellation(void **state)
{
   (void)state;
   fixture f;
   setup(&f);
   nir_def *s = nir_fadd(&f.b, f.x, f.y);
   nir_def *d = nir_fsub(&f.b, s, f.x);
   nir_def *r[4] = { d, nir_fadd(&f.b, f.x, nir_imm_float(&f.b, 2)),
                     nir_frcp(&f.b, d), nir_ffloor(&f.b, s) };
   nir_store_var(&f.b, f.out, nir_vec(&f.b, r, 4), 0xf);

   nir_const_value out[4];
   double bound[4];
   nir_eval_state st;
   run(&f, false, 1.0f, 0x1p-30f, out, bound, &st);
   assert_true(out[0].f32 == 0.0f);
   double want = 0x1p-30 + 0x1p-24 + 0x1p-48;
   assert_true(fabs(bound[0] - want) < 0x1p-45);
   /* 1 + 2 = 3: an exact sum, but an implementation may round it
    * elsewhere: half an ulp of 3 (2^-23) */
   assert_true(out[1].f32 == 3.0f);
   assert_true(fabs(bound[1] - 0x1p-23) < 0x1p-45);
   assert_true(isinf(bound[2]));
   assert_true(out[3].f32 == 1.0f);
   assert_true(bound[3] >= 1.0 && bound[3] < 1.0 + 0x1p-20);
   assert_false(st.bound_lost);

   /* bit-exact operations with exact operands: no bound at all */
   run(&f, true, 1.0f, 0.5f, out, bound, &st);
   assert_true(bound[0] == 0 && bound[1] == 0 && bound[3] == 0);
   ralloc_free(f.ctx);
}

/* A branch on a comparison the error may turn loses every bound; one it
 * cannot turn keeps them. */
static void
test_control_flow(void **state)
{
   (void)state;
   fixture f;
   setup(&f);
   nir_def *d = nir_fsub(&f.b, nir_fadd(&f.b, f.x, f.y), f.x);
   nir_if *nif =
      nir_push_if(&f.b, nir_flt(&f.b, d, nir_imm_float(&f.b, 0.25f)));
   nir_store_var(&f.b, f.out, nir_vec4(&f.b, d, d, d, d), 0xf);
   nir_pop_if(&f.b, nif);

   nir_const_value out[4];
   double bound[4];
   nir_eval_state st;
   /* d = 0 within 2^-24 and some: d < 0.25 whatever the error */
   run(&f, false, 1.0f, 0x1p-30f, out, bound, &st);
   assert_false(st.bound_lost);
   assert_true(bound[0] > 0 && bound[0] < 0x1p-23);
   /* d = 0.25 exactly in the reference, its bound 2^-24 and some: the
    * branch could go either way */
   run(&f, false, 1.0f, 0.25f, out, bound, &st);
   assert_true(st.bound_lost);
   ralloc_free(f.ctx);
}

/* A select on a comparison the error may turn: either value, each within
 * its bound.  d = 0 (bound b = 2^-30 + 2^-24 + 2^-48 as above), d < 0 is
 * false in the reference, which picks s = 1 (bound 2^-30 + 2^-24); the
 * implementation may pick d: 1 + b away. */
static void
test_undecided_select(void **state)
{
   (void)state;
   fixture f;
   setup(&f);
   nir_def *s = nir_fadd(&f.b, f.x, f.y);
   nir_def *d = nir_fsub(&f.b, s, f.x);
   nir_def *sel = nir_bcsel(&f.b, nir_flt(&f.b, d, nir_imm_float(&f.b, 0)),
                            d, s);
   nir_store_var(&f.b, f.out, nir_vec4(&f.b, sel, sel, sel, sel), 0xf);

   nir_const_value out[4];
   double bound[4];
   nir_eval_state st;
   run(&f, false, 1.0f, 0x1p-30f, out, bound, &st);
   assert_true(out[0].f32 == 1.0f);
   double want = 1 + 0x1p-30 + 0x1p-24 + 0x1p-48;
   assert_true(fabs(bound[0] - want) < 0x1p-40);
   assert_false(st.bound_lost);
   ralloc_free(f.ctx);
}

/* A sum that needs no rounding is the same at any precision an
 * implementation rounds it to: 1 + 2 = 3 is exact even where operations
 * are not bit-exact, so a branch on s >= 3 is decided.  So is 3 + 2^-21
 * (representable in fp32); 3 + 2^-30 is not, and keeps its bound. */
static void
test_representable_result(void **state)
{
   (void)state;
   fixture f;
   setup(&f);
   nir_def *s = nir_fadd(&f.b, f.x, f.y);
   store_if(&f, nir_inot(&f.b, nir_flt(&f.b, s, nir_imm_float(&f.b, 3))), s);

   bool exact = false;
   nir_eval_bounds b = { rounded_wider, &exact };
   nir_const_value out[4];
   double bound[4];
   nir_eval_state st;
   run_with(&f, &b, 1.0f, 2.0f, out, bound, &st);
   assert_false(st.bound_lost);
   assert_true(out[0].f32 == 3.0f && bound[0] == 0);
   /* 3 + 2^-21 is representable too; 3 + 2^-30 is not (the reference
    * rounds it to 3) */
   run_with(&f, &b, 3.0f, 0x1p-21f, out, bound, &st);
   assert_true(bound[0] == 0);
   run_with(&f, &b, 3.0f, 0x1p-30f, out, bound, &st);
   assert_true(st.bound_lost);
   ralloc_free(f.ctx);
}

/* floor(s) with s = 1.5 + 2^-30 (rounded to 1.5, bound about 2^-24) is 1
 * over the whole box: exact, so floor(s) == 1 decides a branch. */
static void
test_floor_of_inexact(void **state)
{
   (void)state;
   fixture f;
   setup(&f);
   nir_def *fl = nir_ffloor(&f.b, nir_fadd(&f.b, f.x, f.y));
   store_if(&f, nir_feq(&f.b, fl, nir_imm_float(&f.b, 1)), fl);

   nir_const_value out[4];
   double bound[4];
   nir_eval_state st;
   run(&f, false, 1.5f, 0x1p-30f, out, bound, &st);
   assert_false(st.bound_lost);
   assert_true(out[0].f32 == 1.0f && bound[0] == 0);
   ralloc_free(f.ctx);
}

/* d = (0.25 + 1) - 1 = 0.25 with a bound: d < 0.25 is undecided (as in
 * test_control_flow).  (d < 0.25) && (x < 0) with x = 1 is false
 * whatever d is, (d < 0.25) || (x > 0) true; d != d (a NaN test) is
 * false for every value d may have. */
static void
test_decided_conditions(void **state)
{
   (void)state;
   nir_const_value out[4];
   double bound[4];
   nir_eval_state st;
   for (unsigned k = 0; k < 4; k++) {
      fixture f;
      setup(&f);
      nir_def *d = nir_fsub(&f.b, nir_fadd(&f.b, f.x, f.y), f.x);
      nir_def *undecided = nir_flt(&f.b, d, nir_imm_float(&f.b, 0.25f));
      nir_def *zero = nir_imm_float(&f.b, 0);
      nir_def *cond[4] = {
         nir_iand(&f.b, undecided, nir_flt(&f.b, f.x, zero)),
         nir_ior(&f.b, undecided, nir_flt(&f.b, zero, f.x)),
         nir_fneu(&f.b, d, d),
         undecided, /* the control: still lost */
      };
      /* the fneu must stay a self-comparison (no folding here) */
      store_if(&f, k == 2 ? nir_inot(&f.b, cond[k]) : cond[k], d);
      run(&f, false, 1.0f, 0.25f, out, bound, &st);
      if (k == 3)
         assert_true(st.bound_lost);
      else
         assert_false(st.bound_lost);
      ralloc_free(f.ctx);
   }
}

/* x + y overflows to infinity in the reference.  A bit-exact
 * implementation overflows too; one that rounds at a wider precision (a
 * 16-bit sum computed at 32 bits) may not: the sum is then unknown, and
 * so is a branch on it.  inf + 1 is infinite everywhere. */
static void
test_overflow(void **state)
{
   (void)state;
   fixture f;
   setup(&f);
   nir_def *s = nir_fadd(&f.b, f.x, f.y);
   nir_def *t = nir_fadd(&f.b, f.x, nir_imm_float(&f.b, 1));
   nir_store_var(&f.b, f.out, nir_vec4(&f.b, s, s, t, t), 0xf);

   nir_const_value out[4];
   double bound[4];
   nir_eval_state st;
   run(&f, true, 3e38f, 3e38f, out, bound, &st);
   assert_true(isinf(out[0].f32) && bound[0] == 0);
   bool exact = false;
   nir_eval_bounds b = { rounded_wider, &exact };
   run_with(&f, &b, 3e38f, 3e38f, out, bound, &st);
   assert_true(isinf(out[0].f32) && isinf(bound[0]));
   run_with(&f, &b, INFINITY, 1.0f, out, bound, &st);
   assert_true(isinf(out[2].f32) && bound[2] == 0);
   ralloc_free(f.ctx);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cancellation),
      cmocka_unit_test(test_control_flow),
      cmocka_unit_test(test_undecided_select),
      cmocka_unit_test(test_representable_result),
      cmocka_unit_test(test_floor_of_inexact),
      cmocka_unit_test(test_decided_conditions),
      cmocka_unit_test(test_overflow),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
