/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * nir_lower_mediump: random trees of mediump-marked float operations on
 * shader inputs, run by the NIR interpreter before and after the pass.
 * The narrowed shader must validate, compute every marked operation at 16
 * bits with one f2f16 per leaf at most (chains joined), and give a result
 * within the error binary16 arithmetic allows: each rounding of a value v
 * costs at most |v| 2^-11 (round to nearest), propagated through the tree
 * in double (a + b: ea + eb; a * b: |a| eb + |b| ea + ea eb; min/max/abs/
 * neg keep the larger error).  A result off by more (a lost conversion, a
 * value read at the wrong width) is a failure.  Unmarked operations must
 * stay at 32 bits (min, max, neg and abs may be made at 32 bits on
 * widened operands).  NIR_DIFF_SEED varies the run.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nir.h"
#include "nir_builder.h"
#include "nir_eval.h"
#include "nir_passes.h"
#include "test_rng.h"
#include "util/u_math.h"

static const nir_shader_compiler_options opts = { 0 };
/* Inputs of either sign with magnitudes in [0.5, 2): products of eight
 * stay far below the binary16 maximum (65504). */
static float
random_input(void)
{
   float v = 0.5f + (float)(rng() % 1500001) / 1000000.0f;
   return rng() & 1 ? -v : v;
}

/* A value and its error bound, in double, beside the NIR that computes
 * it. */
struct node {
   nir_def *def;
   double v, e;
};

static const double half_ulp = 1.0 / 2048.0; /* 2^-11 */

static double
rounded(double v)
{
   return fabs(v) * half_ulp;
}

static struct node
build_tree(nir_builder *b, nir_def *in, const float *vals, unsigned depth,
           unsigned *leaves)
{
   if (depth == 0 || rng() % 4 == 0) {
      unsigned c = rng() % 4;
      (*leaves)++;
      return (struct node){ nir_channel(b, in, c), vals[c],
                            rounded(vals[c]) };
   }
   struct node x = build_tree(b, in, vals, depth - 1, leaves);
   struct node y = build_tree(b, in, vals, depth - 1, leaves);
   unsigned op = rng() % 7;
   struct node z = { 0 };
   if (op == 6)
      z = build_tree(b, in, vals, depth - 1, leaves);
   struct node r;
   b->mediump = true;
   switch (op) {
   case 0:
      r.def = nir_fadd(b, x.def, y.def);
      r.v = x.v + y.v;
      r.e = x.e + y.e;
      break;
   case 1:
      r.def = nir_fsub(b, x.def, y.def);
      r.v = x.v - y.v;
      r.e = x.e + y.e;
      break;
   case 2:
   case 3:
      r.def = nir_fmul(b, x.def, y.def);
      r.v = x.v * y.v;
      r.e = fabs(x.v) * y.e + fabs(y.v) * x.e + x.e * y.e;
      break;
   case 4:
      r.def = rng() & 1 ? nir_fmin(b, x.def, y.def)
                        : nir_fmax(b, x.def, y.def);
      r.v = 0; /* set below from the interpreter's 32-bit run */
      r.e = fmax(x.e, y.e);
      break;
   case 5:
      r.def = nir_fneg(b, nir_fabs(b, x.def));
      r.v = -fabs(x.v);
      r.e = x.e;
      break;
   default:
      r.def = nir_ffma(b, x.def, y.def, z.def);
      r.v = x.v * y.v + z.v;
      r.e = fabs(x.v) * y.e + fabs(y.v) * x.e + x.e * y.e + z.e;
      break;
   }
   b->mediump = false;
   if (r.v == 0) /* min / max */
      r.v = fmax(fabs(x.v), fabs(y.v));
   r.e += rounded(r.v);
   return r;
}

struct counts {
   unsigned f16_ops, f32_ops, f2f16;
};

static bool
count_cb(nir_builder *b, nir_alu_instr *alu, void *data)
{
   (void)b;
   struct counts *c = data;
   if (alu->op == nir_op_f2f16)
      c->f2f16++;
   else if (alu->op == nir_op_f2f32 || alu->op == nir_op_mov ||
            nir_op_is_vec(alu->op))
      ;
   else if ((alu->op == nir_op_fmin || alu->op == nir_op_fmax ||
             alu->op == nir_op_fneg || alu->op == nir_op_fabs) &&
            alu->def.bit_size == 32)
      ; /* exact on widened operands: the pass may widen them */
   else if (alu->def.bit_size == 16)
      c->f16_ops++;
   else if (alu->def.bit_size == 32)
      c->f32_ops++;
   return false;
}

static struct counts
count(nir_shader *s)
{
   struct counts c = { 0 };
   nir_shader_alu_pass(s, count_cb, nir_metadata_all, &c);
   return c;
}

static nir_shader *
make_shader(void *ctx, nir_def **in, nir_variable **out)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT,
                                                  &opts, "mediump", ctx);
   nir_shader *s = b.shader;
   nir_variable *iv = nir_variable_create(
      s, nir_var_shader_in, nir_vtype_vector(s, nir_type_float32, 4), "in");
   *out = nir_variable_create(s, nir_var_shader_out,
                              nir_vtype_scalar(s, nir_type_float32), "out");
   *in = nir_load_var(&b, iv);
   return s;
}

static float
run(nir_shader *s, const float *vals)
{
   nir_const_value in[4], out[4];
   for (unsigned c = 0; c < 4; c++)
      in[c].f32 = vals[c];
   nir_eval_state st;
   assert_true(nir_eval_run_io(s, in, 4, out, 4, &st));
   return out[0].f32;
}

static void
test_trees(void **state)
{
   (void)state;
   const char *seed = getenv("NIR_DIFF_SEED");
   rng_state = 0x243f6a8885a308d3ull ^ (seed ? strtoull(seed, NULL, 10) : 1);
   unsigned narrowed = 0;
   double worst = 0;

   for (unsigned k = 0; k < 400; k++) {
      void *ctx = ralloc_context(NULL);
      float vals[4];
      for (unsigned c = 0; c < 4; c++)
         vals[c] = random_input();
      nir_def *in;
      nir_variable *out;
      nir_shader *ref = make_shader(ctx, &in, &out);
      nir_builder b = nir_builder_at(nir_after_impl(
         nir_shader_get_entrypoint(ref)));
      unsigned leaves = 0;
      struct node t = build_tree(&b, in, vals, 1 + k % 4, &leaves);
      nir_store_var(&b, out, t.def, 1);

      nir_shader *lo = nir_shader_clone(ctx, ref);
      bool progress = nir_lower_mediump(lo);
      nir_opt_dce(lo);
      char *msg = NULL;
      if (!nir_validate_shader_msg(lo, ctx, &msg))
         fail_msg("invalid IR after nir_lower_mediump:\n%s", msg);

      struct counts c = count(lo);
      if (nir_def_instr(t.def)->type == nir_instr_type_alu &&
          nir_instr_as_alu(nir_def_instr(t.def))->mediump) {
         /* (trees of min/max/neg/abs alone stay at 32 bits) */
         assert_true(progress || c.f16_ops == 0);
         narrowed += c.f16_ops > 0;
         if (c.f32_ops) {
            nir_print_shader(lo, stderr);
            fail_msg("tree %u: a 32-bit operation is left", k);
         }
         assert_true(c.f2f16 <= leaves);
      }

      double r32 = run(ref, vals), r16 = run(lo, vals);
      double err = fabs(r32 - r16);
      double allowed = t.e * 1.01 + fabs(r32) * ldexp(1.0, -20);
      if (t.e > 0 && err / t.e > worst)
         worst = err / t.e;
      if (err > allowed)
         fail_msg("tree %u: %.9g at 32 bits, %.9g at 16 bits (bound %.3g)",
                  k, r32, r16, t.e);
      ralloc_free(ctx);
   }
   print_message("%u narrowed trees; largest error / bound %.3f\n", narrowed,
                 worst);
   assert_true(narrowed > 200);
}

/* The shader the tests below build on: b after the load of in, x and y
 * its first two channels. */
struct fixture {
   void *ctx;
   nir_shader *s;
   nir_def *in, *x, *y;
   nir_variable *out;
   nir_builder b;
};

static void
fixture_init(struct fixture *f)
{
   f->ctx = ralloc_context(NULL);
   f->s = make_shader(f->ctx, &f->in, &f->out);
   f->b = nir_builder_at(nir_after_impl(nir_shader_get_entrypoint(f->s)));
   f->x = nir_channel(&f->b, f->in, 0);
   f->y = nir_channel(&f->b, f->in, 1);
}

/* Lowers the shader (which must change), then removes what is dead and
 * validates it. */
static void
fixture_lower(struct fixture *f)
{
   assert_true(nir_lower_mediump(f->s));
   nir_opt_dce(f->s);
   assert_true(nir_validate_shader_msg(f->s, f->ctx, NULL));
}

/* Unmarked operations and comparisons of marked ones: the first stay at
 * 32 bits, the second compare 16-bit operands and still give a boolean;
 * a select of two widened halves is made at 16 bits. */
static void
test_boundaries(void **state)
{
   (void)state;
   struct fixture f;
   fixture_init(&f);
   nir_builder *b = &f.b;
   nir_def *hi = nir_fadd(b, f.x, f.y); /* unmarked: highp */
   b->mediump = true;
   nir_def *p = nir_fmul(b, f.x, f.y);
   nir_def *q = nir_fadd(b, f.x, nir_imm_float(b, 1.0f));
   nir_def *lt = nir_flt(b, p, q);
   b->mediump = false;
   nir_def *sel = nir_bcsel(b, lt, p, q);
   nir_store_var(b, f.out, nir_fadd(b, sel, hi), 1);

   fixture_lower(&f);
   nir_shader *s = f.s;
   assert_int_equal(hi->bit_size, 32);
   assert_int_equal(p->bit_size, 16);
   assert_int_equal(q->bit_size, 16);
   assert_int_equal(lt->bit_size, 1);
   nir_alu_instr *cmp = nir_instr_as_alu(nir_def_instr(lt));
   assert_ptr_equal(cmp->src[0].src.ssa, p);
   assert_ptr_equal(cmp->src[1].src.ssa, q);

   /* x = 3, y = 0.5: p = 1.5 < q = 4, sel = 1.5, + 3.5 = 5 */
   const float v[4] = { 3.0f, 0.5f, 0, 0 };
   assert_true(run(s, v) == 5.0f);
   const float w[4] = { 3.0f, 2.0f, 0, 0 };
   assert_true(run(s, w) == 9.0f); /* q = 4 < p = 6: 4 + 5 */
   ralloc_free(f.ctx);
}

/* max(x + y, 0) marked, read only by highp work: computed at 32 bits on
 * the widened sum (which then widens for free where it is computed), the
 * constant operand too. */
static void
test_widened_select(void **state)
{
   (void)state;
   struct fixture f;
   fixture_init(&f);
   nir_builder *b = &f.b;
   b->mediump = true;
   nir_def *sum = nir_fadd(b, f.x, f.y);
   nir_def *m = nir_fmax(b, sum, nir_imm_float(b, 0.0f));
   b->mediump = false;
   nir_store_var(b, f.out, nir_fmul(b, m, nir_channel(b, f.in, 2)), 1);

   fixture_lower(&f);
   nir_shader *s = f.s;
   assert_int_equal(sum->bit_size, 16);
   /* the max that the store reads is a 32-bit one */
   bool max32 = false, max16 = false;
   nir_foreach_block(block, nir_shader_get_entrypoint(s)) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_alu ||
             nir_instr_as_alu(instr)->op != nir_op_fmax)
            continue;
         max32 |= nir_instr_as_alu(instr)->def.bit_size == 32;
         max16 |= nir_instr_as_alu(instr)->def.bit_size == 16;
      }
   }
   assert_true(max32);
   assert_false(max16);

   /* 1.5 + -3 < 0: 0 * 2; 1.5 + 0.25 = 1.75, * 2 = 3.5 */
   const float v[4] = { 1.5f, -3.0f, 2.0f, 0 };
   assert_true(run(s, v) == 0.0f);
   const float w[4] = { 1.5f, 0.25f, 2.0f, 0 };
   assert_true(run(s, w) == 3.5f);
   ralloc_free(f.ctx);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_trees),
      cmocka_unit_test(test_boundaries),
      cmocka_unit_test(test_widened_select),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
