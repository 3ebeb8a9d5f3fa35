/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Differential test of the inexact ('~') algebraic rules.  Bit-exact
 * comparison cannot judge them: they are allowed to change rounding,
 * signed zeros and results involving NaN or infinity.  So for each such
 * rule in nir_opt_algebraic's table this builds random shaders whose
 * expression is an instance of the rule's search pattern (variables read
 * from shader inputs, `#` variables as random constants, nothing marked
 * exact), runs nir_opt_algebraic, checks that the rule fired, and
 * compares interpreter outputs on random finite inputs:
 *
 *  - a run where either side produced a NaN, an infinity or a subnormal
 *    in any float operation is not compared (saw_special_float): these
 *    rules make no promise there;
 *  - integer and boolean results must be identical;
 *  - float results may differ by 2^-20 times the largest magnitude
 *    involved (the result, the sum of the magnitudes of the pattern's
 *    leaves, or for flrp the magnitudes of mix's products, see
 *    flrp_products).  Reassociating two roundings moves a result by at most about
 *    2^-22 of that sum; a wrong rule is off by the order of the values
 *    themselves.  -0 and +0 compare equal.  Rules reading fexp2 (pow as
 *    multiplies) may also differ by GLSL's precision for exp2, which pow
 *    inherits: 3 + 2 |x| ULP of the result for exp2(x) (GLSL 4.60 section
 *    4.7.1), x being about log2 of the result.
 *
 * The test fails if some inexact rule never fired or if fewer than half
 * of the runs could be compared (so it cannot pass vacuously).
 * NIR_DIFF_COUNT (instances per rule) and NIR_DIFF_SEED vary the run.
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
#include "nir_search.h"
#include "util/u_math.h"

static const nir_shader_compiler_options opts = { 0 };
/* for the lowering table: the lowerings whose rules have inexact forms */
static const nir_shader_compiler_options lower_opts = {
   .lower_flrp32 = true,
   .lower_flrp_single_ffma = true,
};

/* A finite float of varied magnitude and sign, with the usual suspects
 * (zeros, ones) now and then. */
static float
random_float(void)
{
   static const float special[] = { 0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.0f,
                                    3.0f, -7.25f };
   if (rng() % 5 == 0)
      return special[rng() % ARRAY_SIZE(special)];
   float mant = (float)(rng() % 2000001) / 1000000.0f; /* 0 .. 2 */
   int exp = (int)(rng() % 41) - 20;                    /* 2^-20 .. 2^20 */
   float v = ldexpf(mant, exp);
   return rng() & 1 ? -v : v;
}

typedef struct {
   const nir_search_table *t;
   nir_builder *b;
   nir_def *in;
   nir_def *vars[8];
   double leaf_sum_const;     /* magnitudes of the constants used */
   unsigned var_mask;         /* input-read variables (channel = index) */
} instance;

/* A variable in a boolean position (a select's condition) is a compare
 * of its input channel with 0. */
static nir_def *
build_node(instance *x, unsigned idx, bool want_bool)
{
   const nir_search_node *n = &x->t->nodes[idx];
   nir_builder *b = x->b;
   switch (n->kind) {
   case NIR_SEARCH_VARIABLE:
      if (!x->vars[n->var]) {
         if (want_bool) {
            x->vars[n->var] =
               nir_flt(b, nir_channel(b, x->in, n->var), nir_imm_float(b, 0));
            x->var_mask |= 1u << n->var;
         } else if (n->must_be_const) {
            float c = random_float();
            x->leaf_sum_const += fabs(c);
            x->vars[n->var] = nir_imm_float(b, c);
         } else {
            x->vars[n->var] = nir_channel(b, x->in, n->var);
            x->var_mask |= 1u << n->var;
         }
      }
      return x->vars[n->var];
   case NIR_SEARCH_CONST_FLOAT:
      x->leaf_sum_const += fabs(n->fval);
      return nir_imm_float(b, (float)n->fval);
   case NIR_SEARCH_CONST_INT:
      return nir_imm_int(b, (int32_t)n->ival);
   case NIR_SEARCH_CONST_BOOL:
      return nir_imm_bool(b, n->ival != 0);
   default: {
      const nir_op_info *info = &nir_op_infos[n->op];
      nir_def *srcs[4] = { NULL };
      for (unsigned i = 0; i < info->num_inputs; i++) {
         bool is_bool = nir_alu_type_get_base_type(info->input_types[i]) ==
                        nir_type_bool;
         srcs[i] = build_node(x, (unsigned)n->src[i], is_bool);
         if (!srcs[i])
            return NULL;
      }
      if (info->num_inputs == 1)
         return nir_build_alu1(b, (nir_op)n->op, srcs[0]);
      if (info->num_inputs == 2)
         return nir_build_alu2(b, (nir_op)n->op, srcs[0], srcs[1]);
      if (info->num_inputs == 3)
         return nir_build_alu3(b, (nir_op)n->op, srcs[0], srcs[1], srcs[2]);
      return NULL;
   }
   }
}

/* A shader computing one instance of rule r's search pattern into `out`
 * (floats) or `outi` (integers and booleans as 0/1). */
static nir_shader *
build_instance(void *ctx, const nir_search_table *t, unsigned r,
               const nir_shader_compiler_options *o, double *leaf_const)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX, o,
                                                  "inexact", ctx);
   nir_shader *s = b.shader;
   nir_variable *in = nir_variable_create(
      s, nir_var_shader_in, nir_vtype_vector(s, nir_type_float32, 4), "in");
   nir_variable *out = nir_variable_create(
      s, nir_var_shader_out, nir_vtype_scalar(s, nir_type_float32), "out");
   nir_variable *outi = nir_variable_create(
      s, nir_var_shader_out, nir_vtype_scalar(s, nir_type_int32), "outi");
   outi->data.driver_location = 1;
   instance x = { .t = t, .b = &b, .in = nir_load_var(&b, in) };
   nir_def *v = build_node(&x, t->rules[r].search, false);
   if (!v)
      return NULL;
   const nir_search_node *root = &t->nodes[t->rules[r].search];
   nir_alu_type base =
      nir_alu_type_get_base_type(nir_op_infos[root->op].output_type);
   if (v->bit_size == 1)
      nir_store_var(&b, outi, nir_b2i32(&b, v), 1);
   else if (base == nir_type_float)
      nir_store_var(&b, out, v, 1);
   else
      nir_store_var(&b, outi, v, 1);
   *leaf_const = x.leaf_sum_const;
   return s;
}

static bool
run(nir_shader *s, const float *in4, nir_const_value *out, bool *special)
{
   nir_const_value in[4];
   for (unsigned c = 0; c < 4; c++)
      in[c].f32 = in4[c];
   nir_eval_state st;
   bool ok = nir_eval_run_io(s, in, 4, out, 8, &st);
   *special = st.saw_special_float;
   return ok;
}

/* Whether rule r's search pattern has opcode op */
static bool
search_has_op(const nir_search_table *t, int idx, unsigned op)
{
   if (idx < 0)
      return false;
   const nir_search_node *n = &t->nodes[idx];
   if (n->kind != NIR_SEARCH_OP)
      return false;
   if (n->op == op)
      return true;
   for (unsigned i = 0; i < 4; i++) {
      if (search_has_op(t, n->src[i], op))
         return true;
   }
   return false;
}

/* GLSL 4.60 section 4.7.1: exp2(x) within 3 + 2 |x| ULP, for a result
 * v = exp2(x) */
static double
exp2_bound(double v)
{
   if (v == 0 || !isfinite(v))
      return 0;
   double ulp = ldexp(1.0, ilogb(v) - 23);
   return (3 + 2 * fabs(log2(fabs(v)))) * ulp;
}

/* The value of pattern node idx when it is a variable read from the
 * inputs (build_node gives variable v channel v); NAN otherwise. */
static double
input_value(const nir_search_table *t, int idx, const float *in)
{
   const nir_search_node *n = &t->nodes[idx];
   if (n->kind != NIR_SEARCH_VARIABLE || n->must_be_const || n->var >= 4)
      return NAN;
   return in[n->var];
}

/* flrp(a, b, c) is GLSL's mix, defined as a (1 - c) + b c and as precise
 * as those operations (GLSL 4.60 sections 8.3 and 4.7.1: correctly
 * rounded products and sums).  For c outside [0, 1] the products are
 * larger than the operands, so the reference's own rounding is a
 * fraction of |a| |1 - c| + |b| |c|, not of |a| + |b| + |c| (a = -458184,
 * b = -458098, c = 51909.1 evaluated that way is off by 2^-11 of the
 * operands).  The largest such sum over the pattern's flrp nodes with
 * input operands (0 when there are none). */
static double
flrp_products(const nir_search_table *t, int idx, const float *in)
{
   if (idx < 0)
      return 0;
   const nir_search_node *n = &t->nodes[idx];
   if (n->kind != NIR_SEARCH_OP)
      return 0;
   double m = 0;
   for (unsigned i = 0; i < 4; i++)
      m = fmax(m, flrp_products(t, n->src[i], in));
   if (n->op == nir_op_flrp) {
      double a = input_value(t, n->src[0], in);
      double b = input_value(t, n->src[1], in);
      double c = input_value(t, n->src[2], in);
      if (!isnan(a) && !isnan(b) && !isnan(c))
         m = fmax(m, fabs(a) * fabs(1 - c) + fabs(b) * fabs(c));
   }
   return m;
}

static unsigned
env_unsigned(const char *name, unsigned dflt)
{
   const char *s = getenv(name);
   return s ? (unsigned)strtoul(s, NULL, 10) : dflt;
}

static void
check_inexact_rules(const nir_search_table *t,
                    const nir_shader_compiler_options *o)
{
   unsigned count = env_unsigned("NIR_DIFF_COUNT", 300);
   rng_state = 0x9e3779b97f4a7c15ull ^ env_unsigned("NIR_DIFF_SEED", 1);
   unsigned *hits = calloc(t->num_rules, sizeof(*hits));
   assert_non_null(hits);
   unsigned inexact_rules = 0, fired_rules = 0, compared = 0, runs = 0;
   double worst = 0;

   for (unsigned r = 0; r < t->num_rules; r++) {
      if (!t->rules[r].inexact)
         continue;
      inexact_rules++;
      unsigned before = hits[r];
      bool reads_exp2 = search_has_op(t, t->rules[r].search, nir_op_fexp2);
      for (unsigned k = 0; k < count; k++) {
         void *ctx = ralloc_context(NULL);
         double leaf_const = 0;
         nir_shader *ref = build_instance(ctx, t, r, o, &leaf_const);
         if (!ref) {
            ralloc_free(ctx);
            fail_msg("rule %s: pattern cannot be instantiated",
                     t->rules[r].text);
         }
         nir_shader *opt = nir_shader_clone(ctx, ref);
         nir_algebraic_run_counted(opt, t, hits);
         char *msg = NULL;
         if (!nir_validate_shader_msg(opt, ctx, &msg))
            fail_msg("rule %s: invalid IR:\n%s", t->rules[r].text, msg);
         for (unsigned v = 0; v < 8; v++) {
            float in[4];
            double leaf = leaf_const;
            for (unsigned c = 0; c < 4; c++) {
               in[c] = random_float();
               leaf += fabs(in[c]);
            }
            nir_const_value a[8], b[8];
            bool sa, sb;
            assert_true(run(ref, in, a, &sa));
            assert_true(run(opt, in, b, &sb));
            runs++;
            if (sa || sb)
               continue;
            compared++;
            if (a[4].u32 != b[4].u32)
               fail_msg("rule %s: integer result %d became %d",
                        t->rules[r].text, a[4].i32, b[4].i32);
            double fa = a[0].f32, fb = b[0].f32;
            double scale = fmax(fmax(fabs(fa), leaf),
                                flrp_products(t, t->rules[r].search, in));
            double err = fabs(fa - fb);
            if (scale > 0 && err / scale > worst)
               worst = err / scale;
            double bound = ldexp(scale, -20);
            if (reads_exp2)
               bound = fmax(bound, exp2_bound(fa));
            if (err > bound)
               fail_msg("rule %s: %.9g became %.9g (inputs %g %g %g %g)",
                        t->rules[r].text, fa, fb, in[0], in[1], in[2],
                        in[3]);
         }
         ralloc_free(ctx);
      }
      if (hits[r] > before)
         fired_rules++;
      else
         fail_msg("inexact rule %s never fired", t->rules[r].text);
      print_message("%-60s fired %u times\n", t->rules[r].text,
                    hits[r] - before);
   }
   print_message("%u inexact rules, %u fired; %u of %u runs compared; "
                 "largest relative difference %.3g\n",
                 inexact_rules, fired_rules, compared, runs, worst);
   assert_true(inexact_rules > 0);
   assert_int_equal(fired_rules, inexact_rules);
   assert_true(compared * 2 >= runs);
   free(hits);
}

static void
test_inexact_rules(void **state)
{
   (void)state;
   check_inexact_rules(nir_opt_algebraic_table(), &opts);
}

/* The lowerings' inexact forms (flrp as a + c (b - a)), which apply to
 * instructions not marked exact only */
static void
test_inexact_lowerings(void **state)
{
   (void)state;
   check_inexact_rules(nir_opt_algebraic_lower_table(), &lower_opts);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_inexact_rules),
      cmocka_unit_test(test_inexact_lowerings),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
