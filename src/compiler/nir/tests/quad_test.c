/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * nir_eval_run_quad: derivatives as differences across a 2x2 quad
 * (GLSL 4.60 8.14.1, fine forms).  Expected values are worked by hand
 * from the inputs below.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "nir.h"
#include "nir_builder.h"
#include "nir_eval.h"

static const nir_shader_compiler_options opts = { 0 };

/* A fragment shader reading the vec2 input p (cells 0-1) into *p, with
 * the vec4 output *out. */
static nir_builder
quad_shader(void *ctx, const char *name, nir_def **p, nir_variable **out)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT,
                                                  &opts, name, ctx);
   nir_shader *s = b.shader;
   nir_variable *in = nir_variable_create(
      s, nir_var_shader_in, nir_vtype_vector(s, nir_type_float32, 2), "p");
   *out = nir_variable_create(
      s, nir_var_shader_out, nir_vtype_vector(s, nir_type_float32, 4), "o");
   *p = nir_load_var(&b, in);
   return b;
}

/* out = vec4(dFdx(x * x), dFdy(x * y), dFdx(dFdy(x * y)), dFdx(y)) */
static nir_shader *
build(void *ctx)
{
   nir_def *p;
   nir_variable *out;
   nir_builder b = quad_shader(ctx, "quad", &p, &out);
   nir_shader *s = b.shader;
   nir_def *x = nir_channel(&b, p, 0), *y = nir_channel(&b, p, 1);
   nir_def *xy = nir_fmul(&b, x, y);
   nir_def *r = nir_vec4(&b, nir_fddx(&b, nir_fmul(&b, x, x)),
                         nir_fddy(&b, xy),
                         nir_fddx(&b, nir_fddy(&b, xy)), nir_fddx(&b, y));
   nir_store_var(&b, out, r, 0xf);
   return s;
}

/* Lane l reads (xs[l], ys[l]) from input cells 0-1 and writes out[l]. */
static void
setup_lanes(nir_eval_state st[4], nir_const_value in[4][4],
            nir_const_value out[4][4], const float *xs, const float *ys)
{
   memset(st, 0, 4 * sizeof(*st));
   memset(in, 0, 4 * sizeof(*in));
   for (unsigned l = 0; l < 4; l++) {
      in[l][0].f32 = xs[l];
      in[l][1].f32 = ys[l];
      st[l].inputs = in[l];
      st[l].num_input_cells = 4;
      st[l].outputs = out[l];
      st[l].num_output_cells = 4;
   }
}

static void
test_quad_derivatives(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_shader *s = build(ctx);
   nir_const_value in[4][4], out[4][4];
   nir_eval_state st[4];
   /* lane l at (x, y) = (3 + (l & 1), 7 + (l >> 1)) */
   const float xs[4] = { 3, 4, 3, 4 }, ys[4] = { 7, 7, 8, 8 };
   setup_lanes(st, in, out, xs, ys);
   assert_true(nir_eval_run_quad(s, st));
   for (unsigned l = 0; l < 4; l++) {
      /* d(x^2)/dx over one pixel: 4^2 - 3^2 */
      assert_true(out[l][0].f32 == 7.0f);
      /* d(xy)/dy in the lane's column: x */
      assert_true(out[l][1].f32 == 3.0f + (float)(l & 1));
      /* the column results 3 and 4 differ by 1 along x */
      assert_true(out[l][2].f32 == 1.0f);
      assert_true(out[l][3].f32 == 0.0f);
      assert_null(st[l].tape_out);
   }

   /* One invocation has no neighbours: derivatives are 0. */
   nir_eval_state one;
   assert_true(nir_eval_run_io(s, in[0], 4, out[0], 4, &one));
   assert_true(out[0][0].f32 == 0.0f && out[0][1].f32 == 0.0f);
   ralloc_free(ctx);
}

/* A lane that discards before the derivative leaves the others with no
 * neighbour value: their derivative is 0, and nothing fails. */
static void
test_quad_discard(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT,
                                                  &opts, "quad", ctx);
   nir_shader *s = b.shader;
   nir_variable *in = nir_variable_create(
      s, nir_var_shader_in, nir_vtype_scalar(s, nir_type_float32), "x");
   nir_variable *out = nir_variable_create(
      s, nir_var_shader_out, nir_vtype_scalar(s, nir_type_float32), "o");
   nir_def *x = nir_load_var(&b, in);
   nir_def *neg = nir_flt(&b, x, nir_imm_float(&b, 0.0f));
   nir_build_intrinsic(&b, nir_intrinsic_discard_if, 0, 0, &neg,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   nir_store_var(&b, out, nir_fddx(&b, x), 1);
   nir_const_value inv[4][4], outv[4][4];
   nir_eval_state st[4];
   static const float xs[4] = { -1.0f, 2.0f, 5.0f, 7.5f };
   static const float ys[4] = { 0 };
   setup_lanes(st, inv, outv, xs, ys);
   assert_true(nir_eval_run_quad(s, st));
   assert_true(st[0].discarded);
   assert_true(outv[1][0].f32 == 0.0f);
   assert_true(outv[2][0].f32 == 2.5f);
   assert_true(outv[3][0].f32 == 2.5f);
   ralloc_free(ctx);
}

/* The texture callback's view of an implicit-LOD lookup: the coordinate
 * derivatives along x then y (nir_eval_tex_cb), or -1 without them. */
static bool
deriv_tex_cb(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
             nir_const_value *result)
{
   (void)data;
   for (unsigned d = 0; d < 2; d++) {
      const nir_const_value *v = srcs[tex->num_srcs + d];
      for (unsigned c = 0; c < 2; c++)
         result[2 * d + c].f32 = v ? v[c].f32 : -1.0f;
   }
   return true;
}

/* texture(s, vec2(x * x, y)) in a quad: the callback gets the
 * coordinate's fine differences, ((x+1)^2 - x^2, 0) along x and (0, 1)
 * along y; one invocation (nir_eval_run) gets none. */
static void
test_quad_tex_derivatives(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_def *p;
   nir_variable *out;
   nir_builder b = quad_shader(ctx, "quad_tex", &p, &out);
   nir_shader *s = b.shader;
   nir_def *x = nir_channel(&b, p, 0);
   nir_tex_instr *tex = nir_tex_instr_create(s, 1);
   tex->op = nir_texop_tex;
   tex->sampler_dim = NIR_SAMPLER_DIM_2D;
   tex->coord_components = 2;
   tex->src[0].src_type = nir_tex_src_coord;
   tex->src[0].src.ssa = nir_vec2(&b, nir_fmul(&b, x, x),
                                  nir_channel(&b, p, 1));
   nir_def_init(&tex->instr, &tex->def, 4, 32);
   nir_builder_instr_insert(&b, &tex->instr);
   nir_store_var(&b, out, &tex->def, 0xf);

   nir_const_value ins[4][4], outs[4][4];
   nir_eval_state st[4];
   const float xs[4] = { 3, 4, 3, 4 }, ys[4] = { 7, 7, 8, 8 };
   setup_lanes(st, ins, outs, xs, ys);
   for (unsigned l = 0; l < 4; l++)
      st[l].tex = deriv_tex_cb;
   assert_true(nir_eval_run_quad(s, st));
   for (unsigned l = 0; l < 4; l++) {
      assert_true(outs[l][0].f32 == 7.0f); /* 16 - 9 */
      assert_true(outs[l][1].f32 == 0.0f);
      assert_true(outs[l][2].f32 == 0.0f);
      assert_true(outs[l][3].f32 == 1.0f); /* 8 - 7 */
   }
   setup_lanes(st, ins, outs, xs, ys);
   st[0].tex = deriv_tex_cb;
   assert_true(nir_eval_run(s, &st[0]));
   for (unsigned c = 0; c < 4; c++)
      assert_true(outs[0][c].f32 == -1.0f);
   ralloc_free(ctx);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_quad_derivatives),
      cmocka_unit_test(test_quad_discard),
      cmocka_unit_test(test_quad_tex_derivatives),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
