/*
 * Core IR tests: building shaders with the builder, printing them, and the
 * validator accepting good IR and rejecting broken IR.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "nir.h"
#include "nir_builder.h"

static const nir_shader_compiler_options opts = { 0 };

static void
test_build_print_validate(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, &opts, "t", ctx);
   nir_def *x = nir_imm_float(&b, 1.5f);
   nir_def *y = nir_imm_float(&b, 2.0f);
   nir_def *s = nir_fadd(&b, x, y);
   nir_def *c = nir_flt(&b, s, y);
   nir_if *nif = nir_push_if(&b, c);
   nir_def *t = nir_fmul(&b, s, s);
   nir_push_else(&b, nif);
   nir_def *e = nir_fneg(&b, s);
   nir_pop_if(&b, nif);
   nir_def *p = nir_if_phi(&b, t, e);
   (void)p;
   assert_true(nir_validate_shader_msg(b.shader, ctx, NULL));
   char *text = nir_shader_as_str(b.shader, ctx);
   assert_non_null(strstr(text, "fadd %0, %1"));
   assert_non_null(strstr(text, "= phi b1: %4, b2: %5"));
   ralloc_free(ctx);
}

static void
test_validator_catches_dominance(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, &opts, "t", ctx);
   nir_def *c = nir_imm_true(&b);
   nir_if *nif = nir_push_if(&b, c);
   nir_def *t = nir_imm_int(&b, 3);
   nir_pop_if(&b, nif);
   /* Using a then-side value after the if is invalid without a phi. */
   nir_iadd(&b, t, t);
   char *msg = NULL;
   assert_false(nir_validate_shader_msg(b.shader, ctx, &msg));
   assert_non_null(strstr(msg, "does not dominate"));
   ralloc_free(ctx);
}

static void
test_validator_catches_bit_size(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, &opts, "t", ctx);
   nir_def *a = nir_imm_int(&b, 3);
   nir_def *c = nir_imm_int64(&b, 3);
   nir_iadd(&b, a, c);
   char *msg = NULL;
   assert_false(nir_validate_shader_msg(b.shader, ctx, &msg));
   assert_non_null(strstr(msg, "does not match"));
   ralloc_free(ctx);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_build_print_validate),
      cmocka_unit_test(test_validator_catches_dominance),
      cmocka_unit_test(test_validator_catches_bit_size),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
