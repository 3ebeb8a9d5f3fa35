/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

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
#include "nir_passes.h"

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

static nir_builder
new_shader(void *ctx)
{
   return nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, &opts, "t", ctx);
}

static void
expect_invalid(nir_builder *b, void *ctx, const char *what)
{
   char *msg = NULL;
   assert_false(nir_validate_shader_msg(b->shader, ctx, &msg));
   if (!strstr(msg, what))
      fail_msg("expected \"%s\" in:\n%s", what, msg);
}

static void
test_validator_catches_structure(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);

   /* break outside a loop */
   nir_builder b = new_shader(ctx);
   nir_jump(&b, nir_jump_break);
   expect_invalid(&b, ctx, "outside a loop");

   /* an instruction after a jump */
   b = new_shader(ctx);
   nir_loop *loop = nir_push_loop(&b);
   nir_jump_instr *j = nir_jump_instr_create(b.shader, nir_jump_break);
   nir_builder_instr_insert(&b, &j->instr);
   nir_imm_int(&b, 1);
   nir_pop_loop(&b, loop);
   expect_invalid(&b, ctx, "not the last instruction");

   /* swizzle beyond the source */
   b = new_shader(ctx);
   nir_def *v2 = nir_imm_zero(&b, 2, 32);
   nir_def *s = nir_iadd(&b, v2, v2);
   nir_alu_src_set_swizzle(&nir_instr_as_alu(nir_def_instr(s))->src[0], 1, 3);
   expect_invalid(&b, ctx, "swizzle");

   /* a phi missing a predecessor */
   b = new_shader(ctx);
   nir_if *nif = nir_push_if(&b, nir_imm_true(&b));
   nir_def *one = nir_imm_int(&b, 1);
   nir_pop_if(&b, nif);
   nir_def *p = nir_if_phi(&b, one, nir_imm_int(&b, 2));
   (void)p;
   nir_phi_instr *phi = nir_instr_as_phi(nir_def_instr(p));
   nir_phi_src *last = list_last_entry(&phi->srcs, nir_phi_src, node);
   nir_src_set_ssa(&last->src, NULL);
   list_del(&last->node);
   expect_invalid(&b, ctx, "sources for 2 predecessors");

   /* a phi source taken out of its phi but left on its value's uses */
   b = new_shader(ctx);
   nif = nir_push_if(&b, nir_imm_true(&b));
   one = nir_imm_int(&b, 1);
   nir_pop_if(&b, nif);
   p = nir_if_phi(&b, one, nir_imm_int(&b, 2));
   phi = nir_instr_as_phi(nir_def_instr(p));
   last = list_last_entry(&phi->srcs, nir_phi_src, node);
   list_del(&last->node);
   expect_invalid(&b, ctx, "does not match the sources reading it");

   /* intrinsic source of the wrong width */
   b = new_shader(ctx);
   nir_def *srcs[1] = { nir_imm_zero(&b, 2, 32) };
   nir_build_intrinsic(&b, nir_intrinsic_load_uniform, 1, 32, srcs,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   expect_invalid(&b, ctx, "source 0 has 2 components");

   /* a use list that lost a source */
   b = new_shader(ctx);
   nir_def *a = nir_imm_int(&b, 4);
   nir_def *n = nir_ineg(&b, a);
   (void)n;
   list_delinit(&nir_instr_as_alu(nir_def_instr(n))->src[0].src.use_link);
   expect_invalid(&b, ctx, "missing from its def's uses");

   /* a use list that kept the source of an instruction not in the shader
    * (besides the real use, so that only the stale entry is wrong) */
   b = new_shader(ctx);
   a = nir_imm_int(&b, 4);
   (void)nir_ineg(&b, a);
   nir_alu_instr *stale = nir_alu_instr_create(b.shader, nir_op_ineg);
   stale->src[0].src.ssa = a;
   list_addtail(&stale->src[0].src.use_link, &a->uses);
   expect_invalid(&b, ctx, "does not match the sources reading it");

   /* the same stale entry standing in for a source missing from the list:
    * the counts match, the user does not */
   b = new_shader(ctx);
   a = nir_imm_int(&b, 4);
   n = nir_ineg(&b, a);
   list_delinit(&nir_instr_as_alu(nir_def_instr(n))->src[0].src.use_link);
   stale = nir_alu_instr_create(b.shader, nir_op_ineg);
   stale->src[0].src.ssa = a;
   list_addtail(&stale->src[0].src.use_link, &a->uses);
   expect_invalid(&b, ctx, "does not match the sources reading it");

   /* a source on the use list of another def than the one it reads */
   b = new_shader(ctx);
   a = nir_imm_int(&b, 4);
   nir_def *a2 = nir_imm_int(&b, 5);
   n = nir_ineg(&b, a);
   nir_src *moved = &nir_instr_as_alu(nir_def_instr(n))->src[0].src;
   list_del(&moved->use_link);
   list_addtail(&moved->use_link, &a2->uses);
   expect_invalid(&b, ctx, "does not match the sources reading it");

   /* a deref of a variable the shader does not have */
   b = new_shader(ctx);
   void *other = ralloc_context(NULL);
   nir_builder ob = new_shader(other);
   nir_variable *foreign = nir_local_variable_create(
      ob.impl, nir_vtype_scalar(ob.shader, nir_type_int32), "x");
   nir_build_deref_var(&b, foreign);
   expect_invalid(&b, ctx, "does not declare");
   ralloc_free(other);

   ralloc_free(ctx);
}

static void
test_clone_prints_identically(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_builder b = new_shader(ctx);
   nir_variable *v = nir_local_variable_create(
      b.impl, nir_vtype_array(b.shader, nir_vtype_scalar(b.shader,
                                                         nir_type_float32),
                              3), "arr");
   nir_loop *loop = nir_push_loop(&b);
   nir_def *c = nir_load_system_value(
      &b, nir_intrinsic_load_local_invocation_index, 32);
   nir_if *nif = nir_push_if(&b, nir_ilt(&b, c, nir_imm_int(&b, 3)));
   nir_store_deref(&b, nir_build_deref_array(&b, nir_build_deref_var(&b, v), c),
                   nir_imm_float(&b, 2.0f), 1);
   nir_jump(&b, nir_jump_break);
   nir_pop_if(&b, nif);
   nir_pop_loop(&b, loop);
   char *a = nir_shader_as_str(b.shader, ctx);
   nir_shader *clone = nir_shader_clone(ctx, b.shader);
   assert_true(nir_validate_shader_msg(clone, ctx, NULL));
   char *bt = nir_shader_as_str(clone, ctx);
   assert_string_equal(a, bt);
   ralloc_free(ctx);
}

/* Every ALU flag shows in the printout: exact (!), mediump (.mp) and
 * mediump_unsigned (.u); an unflagged operation shows none, and a clone
 * keeps them all. */
static void
test_print_alu_flags(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_builder b = new_shader(ctx);
   nir_def *x = nir_load_system_value(
      &b, nir_intrinsic_load_local_invocation_index, 32);
   nir_def *plain = nir_iadd(&b, x, x);
   b.mediump = true;
   nir_def *mp = nir_imul(&b, plain, x);
   b.mediump_unsigned = true;
   nir_def *mpu = nir_isub(&b, mp, x);
   b.mediump = false;
   b.mediump_unsigned = false;
   nir_def *f = nir_i2f32(&b, mpu);
   nir_def *ex = nir_fmul(&b, f, f);
   nir_instr_as_alu(nir_def_instr(ex))->exact = true;
   assert_true(nir_validate_shader_msg(b.shader, ctx, NULL));
   char *text = nir_shader_as_str(b.shader, ctx);
   assert_non_null(strstr(text, " iadd %"));
   assert_non_null(strstr(text, " imul.mp %"));
   assert_non_null(strstr(text, " isub.mp.u %"));
   assert_non_null(strstr(text, " i2f32 %"));
   assert_non_null(strstr(text, " !fmul %"));
   assert_null(strstr(text, "iadd.mp"));
   char *ct = nir_shader_as_str(nir_shader_clone(ctx, b.shader), ctx);
   assert_string_equal(text, ct);
   ralloc_free(ctx);
}

static unsigned
count_derefs(nir_shader *s, nir_deref_type type)
{
   unsigned n = 0;
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            n += instr->type == nir_instr_type_deref &&
                 nir_instr_as_deref(instr)->deref_type == type;
         }
      }
   }
   return n;
}

/* A deref takes only the bytes of its kind's fields (derefs are a third
 * of a large shader's memory before nir_lower_vars_to_ssa; every one was
 * 152 bytes), and what reads the fields of a kind reads only those: a
 * clone prints the same, compaction keeps it valid, and CSE merges equal
 * derefs and keeps those of other fields. */
static void
test_deref_sizes(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_builder b = new_shader(ctx);
   const nir_vtype *f32 = nir_vtype_scalar(b.shader, nir_type_float32);
   const nir_vtype_field fields[2] = {
      { "a", f32 }, { "arr", nir_vtype_array(b.shader, f32, 4) },
   };
   nir_variable *v = nir_local_variable_create(
      b.impl, nir_vtype_struct(b.shader, "S", fields, 2), "s");
   nir_def *i = nir_load_system_value(
      &b, nir_intrinsic_load_local_invocation_index, 32);
   nir_deref_instr *dv = nir_build_deref_var(&b, v);
   nir_deref_instr *ds = nir_build_deref_struct(&b, dv, 1);
   nir_deref_instr *da = nir_build_deref_array(&b, ds, i);
   nir_store_deref(&b, da, nir_imm_float(&b, 1.0f), 1);
   nir_deref_instr *c4 =
      nir_build_deref_cast(&b, i, nir_var_mem_ssbo, f32, 4);
   nir_deref_instr *c8 =
      nir_build_deref_cast(&b, i, nir_var_mem_ssbo, f32, 8);
   nir_deref_instr *c4b =
      nir_build_deref_cast(&b, i, nir_var_mem_ssbo, f32, 4);
   nir_store_deref(&b, c4, nir_load_deref(&b, c8), 1);
   nir_store_deref(&b, c4b, nir_imm_float(&b, 2.0f), 1);
   nir_deref_instr *dv2 = nir_build_deref_var(&b, v);
   nir_store_deref(&b, nir_build_deref_struct(&b, dv2, 0),
                   nir_load_deref(&b, nir_build_deref_array(
                                         &b, nir_build_deref_struct(&b, dv2, 1),
                                         i)),
                   1);
   assert_true(nir_validate_shader_msg(b.shader, ctx, NULL));

   assert_int_equal(nir_instr_mem_size(&dv->instr), 80);
   assert_int_equal(nir_instr_mem_size(&ds->instr), 112);
   assert_int_equal(nir_instr_mem_size(&c4->instr), 112);
   assert_int_equal(nir_instr_mem_size(&da->instr), 136);

   char *text = nir_shader_as_str(b.shader, ctx);
   nir_shader *clone = nir_shader_clone(ctx, b.shader);
   assert_true(nir_validate_shader_msg(clone, ctx, NULL));
   assert_string_equal(text, nir_shader_as_str(clone, ctx));
   nir_shader_compact_instrs(clone);
   assert_true(nir_validate_shader_msg(clone, ctx, NULL));
   assert_string_equal(text, nir_shader_as_str(clone, ctx));

   assert_true(nir_opt_cse(b.shader));
   assert_true(nir_validate_shader_msg(b.shader, ctx, NULL));
   assert_int_equal(count_derefs(b.shader, nir_deref_type_cast), 3);
   assert_int_equal(count_derefs(b.shader, nir_deref_type_var), 1);
   assert_int_equal(count_derefs(b.shader, nir_deref_type_struct), 2);
   assert_int_equal(count_derefs(b.shader, nir_deref_type_array), 1);
   ralloc_free(ctx);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_build_print_validate),
      cmocka_unit_test(test_validator_catches_dominance),
      cmocka_unit_test(test_validator_catches_bit_size),
      cmocka_unit_test(test_validator_catches_structure),
      cmocka_unit_test(test_clone_prints_identically),
      cmocka_unit_test(test_print_alu_flags),
      cmocka_unit_test(test_deref_sizes),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
