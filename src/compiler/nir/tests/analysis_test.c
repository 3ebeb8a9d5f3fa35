/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Analyses and the interpreter on hand-built shaders: dominance, liveness,
 * divergence; interpreter memory (SSBO loads/stores/atomics, shared),
 * system values, discard, textures through the callback, error reporting.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "nir.h"
#include "nir_builder.h"
#include "nir_eval.h"
#include "nir_passes.h"
#include "nir_random_shader.h"

static const nir_shader_compiler_options opts = { 0 };

static bool
live_in(nir_liveness *l, nir_block *b, nir_def *d)
{
   return l->live_in[b->index * (l->num_words ? l->num_words : 1) +
                     d->index / 32] & (1u << (d->index % 32));
}

static bool
in_frontier(const nir_block *block, const nir_block *f)
{
   for (unsigned i = 0; i < block->num_dom_frontier; i++) {
      if (block->dom_frontier[i] == f)
         return true;
   }
   return false;
}

static void
test_dominance_and_liveness(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, &opts, "t", ctx);
   nir_def *x = nir_load_system_value(
      &b, nir_intrinsic_load_local_invocation_index, 32);
   nir_def *k = nir_imm_int(&b, 7);
   nir_if *nif = nir_push_if(&b, nir_ilt(&b, x, k));
   nir_def *t = nir_iadd(&b, x, k);
   nir_push_else(&b, nif);
   nir_def *e = nir_imul(&b, x, x);
   nir_pop_if(&b, nif);
   nir_def *p = nir_if_phi(&b, t, e);
   nir_def *sum = nir_iadd(&b, p, k);
   (void)sum;

   nir_function_impl *impl = b.impl;
   nir_metadata_require(impl, nir_metadata_dominance);
   nir_block *b0 = nir_start_block(impl);
   nir_block *bt = nir_if_first_then_block(nif);
   nir_block *be = nir_if_first_else_block(nif);
   nir_block *bj = nir_cf_node_as_block_after(&nif->cf_node);
   /* The entry dominates all; branches dominate only themselves; the join
    * is dominated by the entry, and both branches have it in their
    * frontier. */
   assert_true(nir_block_dominates(b0, bj));
   assert_false(nir_block_dominates(bt, bj));
   assert_false(nir_block_dominates(be, bt));
   assert_ptr_equal(bj->imm_dom, b0);
   assert_ptr_equal(bt->imm_dom, b0);
   assert_true(in_frontier(bt, bj));
   assert_true(in_frontier(be, bj));
   assert_false(in_frontier(b0, bj));
   assert_ptr_equal(nir_dominance_lca(bt, be), b0);

   nir_liveness *l = nir_live_defs_impl(impl);
   /* x is read in both branches: live into them; k is live into the join
    * (sum reads it); t is not live into the else branch. */
   assert_true(live_in(l, bt, x));
   assert_true(live_in(l, be, x));
   assert_true(live_in(l, bj, k));
   assert_false(live_in(l, bj, x));
   assert_false(live_in(l, be, t));
   assert_false(live_in(l, b0, x));
   ralloc_free(ctx);
}

static void
test_divergence(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, &opts, "t", ctx);
   nir_def *wg = nir_load_system_value(
      &b, nir_intrinsic_load_workgroup_id, 32);
   nir_def *li = nir_load_system_value(
      &b, nir_intrinsic_load_local_invocation_index, 32);
   nir_def *u = nir_iadd(&b, nir_channel(&b, wg, 0), nir_imm_int(&b, 1));
   nir_def *d = nir_iadd(&b, u, li);
   nir_if *nif = nir_push_if(&b, nir_ilt(&b, li, nir_imm_int(&b, 4)));
   nir_def *t = nir_imm_int(&b, 1);
   nir_push_else(&b, nif);
   nir_def *e = nir_imm_int(&b, 2);
   nir_pop_if(&b, nif);
   nir_def *p = nir_if_phi(&b, t, e);
   nir_if *nif2 = nir_push_if(&b, nir_ilt(&b, u, nir_imm_int(&b, 4)));
   nir_def *t2 = nir_imm_int(&b, 1);
   nir_push_else(&b, nif2);
   nir_def *e2 = nir_imm_int(&b, 2);
   nir_pop_if(&b, nif2);
   nir_def *p2 = nir_if_phi(&b, t2, e2);

   nir_divergence_analysis(b.shader);
   assert_false(wg->divergent);
   assert_false(u->divergent);
   assert_true(li->divergent);
   assert_true(d->divergent);
   /* Constants merged by a divergent branch differ per invocation... */
   assert_true(p->divergent);
   /* ... by a uniform branch they do not. */
   assert_false(p2->divergent);
   ralloc_free(ctx);
}

/* Flat fragment inputs: uniform only when the driver promises that a
 * subgroup holds a single primitive; smooth inputs are divergent either
 * way, through variables and through lowered load_input alike. */
static void
check_flat_inputs(bool single_primitive)
{
   nir_shader_compiler_options o = { 0 };
   o.subgroup_single_primitive = single_primitive;
   void *ctx = ralloc_context(NULL);
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, &o, "t", ctx);
   nir_shader *s = b.shader;
   nir_variable *smooth = nir_variable_create(
      s, nir_var_shader_in, nir_vtype_vector(s, nir_type_float32, 4), "sm");
   nir_variable *flat = nir_variable_create(
      s, nir_var_shader_in,
      nir_vtype_array(s, nir_vtype_vector(s, nir_type_int32, 4), 2), "fl");
   flat->data.flat = true;
   smooth->data.driver_location = 0;
   flat->data.driver_location = 1;
   nir_def *vs = nir_load_var(&b, smooth);
   nir_def *vf = nir_load_deref(
      &b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, flat), 1));
   nir_def *sum = nir_iadd(&b, vf, vf);
   nir_def *off[1] = { nir_imm_int(&b, 0) };
   /* Slot 2 is the second element of the flat array, slot 0 the smooth
    * input. */
   nir_def *lf = &nir_build_intrinsic(
      &b, nir_intrinsic_load_input, 4, 32, off, NIR_INTRINSIC_BASE, 2,
      NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
   nir_def *ls = &nir_build_intrinsic(
      &b, nir_intrinsic_load_input, 4, 32, off, NIR_INTRINSIC_BASE, 0,
      NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;

   nir_divergence_analysis(s);
   assert_true(vs->divergent);
   assert_true(ls->divergent);
   assert_int_equal(vf->divergent, !single_primitive);
   assert_int_equal(sum->divergent, !single_primitive);
   assert_int_equal(lf->divergent, !single_primitive);
   ralloc_free(ctx);
}

static void
test_divergence_flat_inputs(void **state)
{
   (void)state;
   check_flat_inputs(false);
   check_flat_inputs(true);
}

/* for (i = start; i < limit; i += step) with a counter variable. */
static nir_loop *
counted_loop(nir_builder *b, nir_def *start, nir_def *limit, int step)
{
   nir_variable *i = nir_local_variable_create(
      b->impl, nir_vtype_scalar(b->shader, nir_type_int32), "i");
   nir_store_var(b, i, start, 1);
   nir_loop *loop = nir_push_loop(b);
   nir_def *iv = nir_load_var(b, i);
   nir_break_if(b, nir_ige(b, iv, limit));
   nir_store_var(b, i, nir_iadd(b, iv, nir_imm_int(b, step)), 1);
   nir_pop_loop(b, loop);
   return loop;
}

static void
test_loop_analysis(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, &opts, "t", ctx);
   nir_loop *l1 = counted_loop(&b, nir_imm_int(&b, 0), nir_imm_int(&b, 5), 1);
   nir_loop *l2 = counted_loop(&b, nir_imm_int(&b, 10), nir_imm_int(&b, 3), 1);
   nir_loop *l3 = counted_loop(&b, nir_imm_int(&b, -7), nir_imm_int(&b, 8), 3);
   nir_def *n = nir_load_system_value(
      &b, nir_intrinsic_load_local_invocation_index, 32);
   nir_loop *l4 = counted_loop(&b, nir_imm_int(&b, 0), n, 1);
   nir_loop *l5 = counted_loop(&b, nir_imm_int(&b, 0), nir_imm_int(&b, 100), 1);
   assert_true(nir_lower_vars_to_ssa(b.shader));
   nir_copy_prop(b.shader);
   nir_validate_shader(b.shader, "loops");

   nir_loop_info info;
   assert_true(nir_loop_analyze(l1, 16, &info));
   assert_int_equal(info.trip_count, 5);
   assert_true(info.break_on_true);
   assert_true(nir_loop_analyze(l2, 16, &info));
   assert_int_equal(info.trip_count, 0);
   assert_true(nir_loop_analyze(l3, 16, &info));
   assert_int_equal(info.trip_count, 5); /* -7, -4, -1, 2, 5 */
   assert_true(nir_loop_analyze(l4, 16, &info));
   assert_int_equal(info.trip_count, -1); /* limit not constant */
   assert_true(nir_loop_analyze(l5, 16, &info));
   assert_int_equal(info.trip_count, -1); /* above the limit */
   assert_true(nir_loop_analyze(l5, 200, &info));
   assert_int_equal(info.trip_count, 100);
   ralloc_free(ctx);
}

static bool
tex_cb(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
       nir_const_value *result)
{
   (void)data;
   int c = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   /* A "texture" whose texel is (u + v, u - v, texture index, 1). */
   float u = srcs[c][0].f32, v = srcs[c][1].f32;
   result[0].f32 = u + v;
   result[1].f32 = u - v;
   result[2].f32 = (float)tex->texture_index;
   result[3].f32 = 1.0f;
   return true;
}

/* A loop condition reached through a long chain of shared subexpressions
 * (x = imax(x, x), 50 times): evaluating it must take linear time, not
 * 2^50 steps.  The chain leaves x == i, so the loop runs 3 times. */
static void
test_loop_analysis_shared_chain(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, &opts, "t", ctx);
   nir_variable *i = nir_local_variable_create(
      b.impl, nir_vtype_scalar(b.shader, nir_type_int32), "i");
   nir_store_var(&b, i, nir_imm_int(&b, 0), 1);
   nir_loop *loop = nir_push_loop(&b);
   nir_def *iv = nir_load_var(&b, i);
   nir_def *x = iv;
   for (unsigned k = 0; k < 50; k++)
      x = nir_imax(&b, x, x);
   nir_break_if(&b, nir_ige(&b, x, nir_imm_int(&b, 3)));
   nir_store_var(&b, i, nir_iadd(&b, iv, nir_imm_int(&b, 1)), 1);
   nir_pop_loop(&b, loop);
   assert_true(nir_lower_vars_to_ssa(b.shader));
   nir_copy_prop(b.shader);
   nir_loop_info info;
   assert_true(nir_loop_analyze(loop, 16, &info));
   assert_int_equal(info.trip_count, 3);
   ralloc_free(ctx);
}

static void
test_interpreter_memory_and_tex(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, &opts, "t", ctx);
   nir_def *zero = nir_imm_int(&b, 0);
   nir_def *srcs[3];

   /* ssbo[0] at 4: load, add the vertex id, store at 8. */
   srcs[0] = zero;
   srcs[1] = nir_imm_int(&b, 4);
   nir_def *v = &nir_build_intrinsic(&b, nir_intrinsic_load_ssbo, 1, 32,
                                     srcs, NIR_INTRINSIC_ALIGN_MUL, 4,
                                     NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
   nir_def *fc = nir_load_system_value(&b, nir_intrinsic_load_frag_coord, 32);
   nir_def *sum = nir_iadd(&b, v, nir_f2i32(&b, nir_channel(&b, fc, 0)));
   srcs[0] = sum;
   srcs[1] = zero;
   srcs[2] = nir_imm_int(&b, 8);
   nir_build_intrinsic(&b, nir_intrinsic_store_ssbo, 1, 0, srcs,
                       NIR_INTRINSIC_WRITE_MASK, 1,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   /* atomic add 5 at 0 returns the old value, written to 12. */
   srcs[0] = zero;
   srcs[1] = zero;
   srcs[2] = nir_imm_int(&b, 5);
   nir_def *old = &nir_build_intrinsic(&b, nir_intrinsic_ssbo_atomic, 1, 32,
                                       srcs, NIR_INTRINSIC_ATOMIC_OP,
                                       nir_atomic_op_iadd,
                                       NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
   srcs[0] = old;
   srcs[1] = zero;
   srcs[2] = nir_imm_int(&b, 12);
   nir_build_intrinsic(&b, nir_intrinsic_store_ssbo, 1, 0, srcs,
                       NIR_INTRINSIC_WRITE_MASK, 1,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);

   /* A texture sample stored to an output. */
   nir_tex_instr *tex = nir_tex_instr_create(b.shader, 1);
   tex->op = nir_texop_tex;
   tex->sampler_dim = NIR_SAMPLER_DIM_2D;
   tex->coord_components = 2;
   tex->texture_index = 3;
   tex->src[0].src_type = nir_tex_src_coord;
   tex->src[0].src.ssa = nir_imm_vec4(&b, 0.25f, 0.5f, 0, 0);
   tex->src[0].src.ssa = nir_channels(&b, tex->src[0].src.ssa, 0x3);
   nir_def_init(&tex->instr, &tex->def, 4, 32);
   nir_builder_instr_insert(&b, &tex->instr);
   nir_variable *out = nir_variable_create(
      b.shader, nir_var_shader_out,
      nir_vtype_vector(b.shader, nir_type_float32, 4), "color");
   nir_store_var(&b, out, &tex->def, 0xf);
   /* discard_if(front_face) ends the invocation. */
   nir_def *ff = nir_load_system_value(&b, nir_intrinsic_load_front_face, 1);
   srcs[0] = ff;
   nir_build_intrinsic(&b, nir_intrinsic_discard_if, 0, 0, srcs,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   nir_store_var(&b, out, nir_imm_vec4(&b, 9, 9, 9, 9), 0xf);
   assert_true(nir_validate_shader_msg(b.shader, ctx, NULL));

   for (unsigned front = 0; front < 2; front++) {
      uint8_t mem[16] = { 10, 0, 0, 0, 0x34, 0x12, 0, 0 };
      nir_const_value outs[4];
      nir_eval_state st;
      memset(&st, 0, sizeof(st));
      st.ssbos[0].data = mem;
      st.ssbos[0].size_B = sizeof(mem);
      st.sysvals[SYSTEM_VALUE_FRAG_COORD][0].f32 = 3.0f;
      st.sysvals[SYSTEM_VALUE_FRONT_FACE][0].u32 = front;
      st.tex = tex_cb;
      st.outputs = outs;
      st.num_output_cells = 4;
      assert_true(nir_eval_run(b.shader, &st));
      uint32_t w[4];
      memcpy(w, mem, 16);
      assert_int_equal(w[0], 15);            /* 10 + 5 */
      assert_int_equal(w[1], 0x1234);
      assert_int_equal(w[2], 0x1234 + 3);
      assert_int_equal(w[3], 10);            /* old value */
      assert_int_equal(st.discarded, front == 1);
      if (front) {
         assert_true(outs[0].f32 == 0.75f && outs[1].f32 == -0.25f &&
                     outs[2].f32 == 3.0f && outs[3].f32 == 1.0f);
      } else {
         assert_true(outs[0].f32 == 9.0f);
      }
   }

   /* Without a texture callback: an error, not a crash. */
   nir_eval_state st;
   memset(&st, 0, sizeof(st));
   nir_const_value outs[4];
   st.outputs = outs;
   st.num_output_cells = 4;
   assert_false(nir_eval_run(b.shader, &st));
   assert_non_null(strstr(st.error, "texture"));
   ralloc_free(ctx);
}

static void
test_interpreter_step_limit(void **state)
{
   (void)state;
   void *ctx = ralloc_context(NULL);
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, &opts, "t", ctx);
   nir_loop *loop = nir_push_loop(&b);
   nir_imm_int(&b, 1);
   nir_pop_loop(&b, loop);
   nir_eval_state st;
   memset(&st, 0, sizeof(st));
   st.max_steps = 1000;
   assert_false(nir_eval_run(b.shader, &st));
   assert_non_null(strstr(st.error, "step limit"));
   ralloc_free(ctx);
}

/* Whether some if inside `node` has a divergent condition, by walking it
 * (the definition, independent of the analysis's bookkeeping). */
static bool
walk_has_divergent_if(nir_cf_node *node)
{
   nir_foreach_block_in_cf_node(block, node) {
      nir_cf_node *next = nir_cf_node_next(&block->cf_node);
      if (next && next->type == nir_cf_node_if &&
          nir_cf_node_as_if(next)->condition.ssa->divergent)
         return true;
   }
   return false;
}

static bool
flag_src(nir_src *src, void *data)
{
   if (src->ssa->divergent)
      *(bool *)data = true;
   return true;
}

/* The analysis's result must satisfy its own rules at every def: ALU and
 * other value instructions are divergent exactly when a source is, phis
 * exactly when a source is or divergent control flow chose between their
 * paths, intrinsics at least when a source is. */
static void
check_divergence_rules(nir_shader *s, unsigned *divergent, unsigned *uniform)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(s);
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         nir_def *def = nir_instr_def(instr);
         if (!def)
            continue;
         (def->divergent ? (*divergent)++ : (*uniform)++);
         bool any = false;
         nir_foreach_src(instr, flag_src, &any);
         if (instr->type == nir_instr_type_intrinsic) {
            if (any)
               assert_true(def->divergent);
            continue;
         }
         if (instr->type == nir_instr_type_phi) {
            nir_cf_node *prev = nir_cf_node_prev(&block->cf_node);
            nir_cf_node *parent = block->cf_node.parent;
            if (prev && prev->type == nir_cf_node_if)
               any |= nir_cf_node_as_if(prev)->condition.ssa->divergent ||
                      walk_has_divergent_if(prev);
            else if (prev && prev->type == nir_cf_node_loop)
               any |= walk_has_divergent_if(prev);
            else if (!prev && parent->type == nir_cf_node_loop)
               any |= walk_has_divergent_if(parent);
         }
         assert_int_equal(def->divergent, any);
      }
   }
}

/* Random shaders with loops and ifs over inputs (divergent) and uniforms
 * (not), before and after optimisation. */
static void
test_divergence_random(void **state)
{
   (void)state;
   nir_random_options ro;
   nir_random_default_options(&ro);
   ro.num_statements = 24;
   unsigned divergent = 0, uniform = 0;
   for (uint64_t seed = 1; seed <= 150; seed++) {
      nir_shader *s = nir_random_shader(NULL, seed, &ro, &opts);
      nir_lower_vars_to_ssa(s);
      nir_divergence_analysis(s);
      check_divergence_rules(s, &divergent, &uniform);
      nir_optimize(s);
      nir_divergence_analysis(s);
      check_divergence_rules(s, &divergent, &uniform);
      ralloc_free(s);
   }
   /* Both answers must occur for the check to mean anything. */
   assert_true(divergent > 100 && uniform > 100);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_dominance_and_liveness),
      cmocka_unit_test(test_divergence),
      cmocka_unit_test(test_divergence_flat_inputs),
      cmocka_unit_test(test_divergence_random),
      cmocka_unit_test(test_loop_analysis),
      cmocka_unit_test(test_loop_analysis_shared_chain),
      cmocka_unit_test(test_interpreter_memory_and_tex),
      cmocka_unit_test(test_interpreter_step_limit),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
