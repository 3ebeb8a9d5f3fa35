/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Pass shape tests: small builder-made shaders, one pass (plus DCE where
 * noted), and the printed function body compared with the shape the pass
 * is meant to produce, written out by hand.  The validator must accept the
 * result.
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
#include "util/u_math.h"

#include <math.h>

static const nir_shader_compiler_options opts = { 0 };

typedef struct {
   void *ctx;
   nir_builder b;
   nir_variable *in, *out, *outi;
} fixture;

static void
setup(fixture *f, gl_shader_stage stage)
{
   f->ctx = ralloc_context(NULL);
   f->b = nir_builder_init_simple_shader(stage, &opts, "t", f->ctx);
   nir_shader *s = f->b.shader;
   f->in = nir_variable_create(s, nir_var_shader_in,
                               nir_vtype_vector(s, nir_type_float32, 4), "in");
   f->out = nir_variable_create(s, nir_var_shader_out,
                                nir_vtype_scalar(s, nir_type_float32), "out");
   f->outi = nir_variable_create(s, nir_var_shader_out,
                                 nir_vtype_scalar(s, nir_type_int32), "outi");
   f->outi->data.driver_location = 1;
}

/* The printed entry point, from its "entrypoint" line on. */
static void
check_body(fixture *f, const char *expect)
{
   char *msg = NULL;
   if (!nir_validate_shader_msg(f->b.shader, f->ctx, &msg))
      fail_msg("invalid IR:\n%s", msg);
   char *text = nir_shader_as_str(f->b.shader, f->ctx);
   char *body = strstr(text, "entrypoint main {");
   assert_non_null(body);
   if (strcmp(body, expect) != 0)
      fail_msg("got:\n%s\nexpected:\n%s", body, expect);
   ralloc_free(f->ctx);
}

static nir_def *
in_x(fixture *f)
{
   return nir_channel(&f->b, nir_load_var(&f->b, f->in), 0);
}

/* Runs the shader on the given input vector; out[0] is "out", out[4] is
 * "outi" (driver location 1, four cells a location). */
static void
run_io(fixture *f, const float in4[4], nir_const_value out[8])
{
   nir_const_value in[4];
   for (unsigned c = 0; c < 4; c++)
      in[c].f32 = in4[c];
   nir_eval_state st;
   assert_true(nir_eval_run_io(f->b.shader, in, 4, out, 8, &st));
}

/* Runs the shader on the given input vector and returns outi. */
static int
run_outi4(fixture *f, const float in4[4])
{
   nir_const_value out[8];
   run_io(f, in4, out);
   return out[4].i32;
}

/* Runs the shader on the given input vector and returns out. */
static float
run_out4(fixture *f, const float in4[4])
{
   nir_const_value out[8];
   run_io(f, in4, out);
   return out[0].f32;
}

static int
run_outi(fixture *f, float x)
{
   const float in[4] = { x, 0, 0, 0 };
   return run_outi4(f, in);
}

static void
test_constant_folding_and_dce(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *c = nir_iadd(&f.b, nir_imm_int(&f.b, 2), nir_imm_int(&f.b, 3));
   nir_store_var(&f.b, f.outi, c, 1);
   assert_true(nir_opt_constant_folding(f.b.shader));
   /* the constants only the iadd read went with it (since wave 17) */
   assert_false(nir_opt_dce(f.b.shader));
   check_body(&f, "entrypoint main {\n"
                  "   block b0:\n"
                  "      32 %0 = load_const (0x00000005 /* 7.00649232e-45 */)\n"
                  "      32 %1 = deref_var &outi (shader_out int32)\n"
                  "      @store_deref (%1, %0) (write_mask=x, access=0)\n"
                  "   block b1:\n"
                  "}\n");
}

static void
test_algebraic_identity(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *x = in_x(&f);
   nir_def *m = nir_fmul(&f.b, x, nir_imm_float(&f.b, 1.0f));
   nir_store_var(&f.b, f.out, nir_fneg(&f.b, nir_fneg(&f.b, m)), 1);
   assert_true(nir_opt_algebraic(f.b.shader));
   nir_copy_prop(f.b.shader);
   /* the replaced operations and the 1.0 went in algebraic (wave 17) */
   assert_false(nir_opt_dce(f.b.shader));
   /* x * 1.0 and -(-y) both reduce to x itself. */
   check_body(&f, "entrypoint main {\n"
                  "   block b0:\n"
                  "      32 %0 = deref_var &in (shader_in float32vec4)\n"
                  "      32x4 %1 = @load_deref (%0) (access=0)\n"
                  "      32 %2 = mov %1.x\n"
                  "      32 %3 = deref_var &out (shader_out float32)\n"
                  "      @store_deref (%3, %2) (write_mask=x, access=0)\n"
                  "   block b1:\n"
                  "}\n");
}

static void
test_cse(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *x = in_x(&f);
   nir_def *a = nir_fadd(&f.b, x, x);
   nir_def *b2 = nir_fadd(&f.b, x, x);
   nir_store_var(&f.b, f.out, nir_fmul(&f.b, a, b2), 1);
   assert_true(nir_opt_cse(f.b.shader));
   nir_opt_dce(f.b.shader);
   check_body(&f, "entrypoint main {\n"
                  "   block b0:\n"
                  "      32 %0 = deref_var &in (shader_in float32vec4)\n"
                  "      32x4 %1 = @load_deref (%0) (access=0)\n"
                  "      32 %2 = mov %1.x\n"
                  "      32 %3 = fadd %2, %2\n"
                  "      32 %4 = fmul %3, %3\n"
                  "      32 %5 = deref_var &out (shader_out float32)\n"
                  "      @store_deref (%5, %4) (write_mask=x, access=0)\n"
                  "   block b1:\n"
                  "}\n");
}

/* A 2D explicit-LOD lookup of texture `index` at (x, x), LOD 0. */
static nir_def *
build_txl(fixture *f, nir_def *x, unsigned index)
{
   nir_tex_instr *tex = nir_tex_instr_create(f->b.shader, 2);
   tex->op = nir_texop_txl;
   tex->sampler_dim = NIR_SAMPLER_DIM_2D;
   tex->coord_components = 2;
   tex->dest_type = nir_type_float32;
   tex->texture_index = tex->sampler_index = index;
   tex->src[0].src_type = nir_tex_src_coord;
   tex->src[0].src.ssa = nir_vec2(&f->b, x, x);
   tex->src[1].src_type = nir_tex_src_lod;
   tex->src[1].src.ssa = nir_imm_float(&f->b, 0.0f);
   nir_def_init(&tex->instr, &tex->def, 4, 32);
   nir_builder_instr_insert(&f->b, &tex->instr);
   return nir_channel(&f->b, &tex->def, 0);
}

/* Instructions of a type in the entry point (ALU ones of opcode `op`
 * when op >= 0). */
static unsigned
count_instrs(fixture *f, nir_instr_type type, int op)
{
   unsigned n = 0;
   nir_foreach_block(block, nir_shader_get_entrypoint(f->b.shader)) {
      nir_foreach_instr(instr, block)
         n += instr->type == type &&
              (op < 0 || nir_instr_as_alu(instr)->op == (nir_op)op);
   }
   return n;
}

static unsigned
count_tex(fixture *f)
{
   return count_instrs(f, nir_instr_type_tex, -1);
}

/* Textures are read-only: the same lookup twice is one lookup, a lookup
 * of another texture stays. */
static void
test_cse_tex(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_FRAGMENT);
   nir_def *x = in_x(&f);
   nir_def *a = build_txl(&f, x, 0);
   nir_def *b2 = build_txl(&f, x, 0);
   nir_def *c = build_txl(&f, x, 1);
   nir_store_var(&f.b, f.out, nir_fadd(&f.b, nir_fadd(&f.b, a, b2), c), 1);
   assert_int_equal(count_tex(&f), 3);
   assert_true(nir_opt_cse(f.b.shader));
   nir_opt_dce(f.b.shader);
   assert_int_equal(count_tex(&f), 2);
   /* the sum reads the one remaining lookup of texture 0 twice */
   nir_foreach_block(block, nir_shader_get_entrypoint(f.b.shader)) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_alu ||
             nir_instr_as_alu(instr)->op != nir_op_fadd)
            continue;
         nir_alu_instr *add = nir_instr_as_alu(instr);
         if (nir_def_instr(add->src[0].src.ssa)->type == nir_instr_type_alu &&
             nir_instr_as_alu(nir_def_instr(add->src[0].src.ssa))->op ==
                nir_op_mov) {
            assert_ptr_equal(add->src[0].src.ssa, add->src[1].src.ssa);
            ralloc_free(f.ctx);
            return;
         }
      }
   }
   fail_msg("no fadd of the shared lookup");
}

/* A dead deref chain whose middle is a cast must go whole before the
 * analysis: a cast child makes its parent's use not plain, which would
 * keep the variable in memory.  Here only the last deref of the chain is
 * unused at first; its parents die with it. */
static void
test_vars_to_ssa_dead_chain(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_builder *b = &f.b;
   const nir_vtype *arr = nir_vtype_array(
      b->shader, nir_vtype_scalar(b->shader, nir_type_float32), 2);
   nir_variable *v = nir_local_variable_create(b->impl, arr, "v");
   nir_deref_instr *cast = nir_build_deref_cast(
      b, &nir_build_deref_var(b, v)->def, nir_var_function_temp, arr, 0);
   nir_build_deref_array_imm(b, cast, 1); /* unused */
   nir_deref_instr *e0 = nir_build_deref_array_imm(
      b, nir_build_deref_var(b, v), 0);
   nir_store_deref(b, e0, in_x(&f), 1);
   nir_store_var(b, f.out, nir_load_deref(b, e0), 1);

   assert_true(nir_lower_vars_to_ssa(b->shader));
   nir_validate_shader(b->shader, "after vars_to_ssa");
   nir_foreach_block(block, b->impl) {
      nir_foreach_instr(instr, block) {
         /* only the input's and the output's derefs are left */
         if (instr->type == nir_instr_type_deref)
            assert_int_not_equal(nir_instr_as_deref(instr)->modes,
                                 nir_var_function_temp);
      }
   }
   assert_true(list_is_empty(&b->impl->locals));
   ralloc_free(f.ctx);
}

static void
test_vars_to_ssa_if(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_variable *v = nir_local_variable_create(
      f.b.impl, nir_vtype_scalar(f.b.shader, nir_type_float32), "v");
   nir_store_var(&f.b, v, nir_imm_float(&f.b, 1.0f), 1);
   nir_def *x = in_x(&f);
   nir_if *nif = nir_push_if(&f.b, nir_flt(&f.b, x, nir_imm_float(&f.b, 0)));
   nir_store_var(&f.b, v, x, 1);
   nir_pop_if(&f.b, nif);
   nir_store_var(&f.b, f.out, nir_load_var(&f.b, v), 1);
   assert_true(nir_lower_vars_to_ssa(f.b.shader));
   nir_opt_dce(f.b.shader);
   check_body(&f,
              "entrypoint main {\n"
              "   block b0:\n"
              "      32 %0 = load_const (0x3f800000 /* 1 */)\n"
              "      32 %1 = deref_var &in (shader_in float32vec4)\n"
              "      32x4 %2 = @load_deref (%1) (access=0)\n"
              "      32 %3 = mov %2.x\n"
              "      32 %4 = load_const (0x00000000 /* 0 */)\n"
              "      1 %5 = flt %3, %4\n"
              "   if %5 {\n"
              "      block b1:  // preds: b0\n"
              "   } else {\n"
              "      block b2:  // preds: b0\n"
              "   }\n"
              "   block b3:  // preds: b1 b2\n"
              "      32 %6 = phi b1: %3, b2: %0\n"
              "      32 %7 = deref_var &out (shader_out float32)\n"
              "      @store_deref (%7, %6) (write_mask=x, access=0)\n"
              "   block b4:\n"
              "}\n");
}

/* A chain of ifs, each deciding on the value the one before it chose
 * (its phi), where nothing reads the last value: one nir_opt_dce and one
 * nir_opt_dead_cf remove the whole chain, not only its last if (which
 * cost a round of nir_optimize per if, docs/nir.rst). */
static void
test_dce_dead_if_chain(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *v = in_x(&f);
   for (unsigned i = 0; i < 3; i++) {
      nir_if *nif =
         nir_push_if(&f.b, nir_flt(&f.b, v, nir_imm_float(&f.b, i)));
      nir_def *t = nir_fadd(&f.b, v, nir_imm_float(&f.b, 1.0f));
      nir_pop_if(&f.b, nif);
      v = nir_if_phi(&f.b, t, v);
   }
   nir_store_var(&f.b, f.out, nir_imm_float(&f.b, 2.0f), 1);
   assert_true(nir_opt_dce(f.b.shader));
   assert_true(nir_opt_dead_cf(f.b.shader));
   /* dead_cf took DCE's shared false condition with the last if (since
    * wave 17; it was left for the next DCE, a round of nir_optimize) */
   assert_false(nir_opt_dce(f.b.shader));
   check_body(&f, "entrypoint main {\n"
                  "   block b0:\n"
                  "      32 %0 = load_const (0x40000000 /* 2 */)\n"
                  "      32 %1 = deref_var &out (shader_out float32)\n"
                  "      @store_deref (%1, %0) (write_mask=x, access=0)\n"
                  "   block b1:\n"
                  "}\n");
}

static void
test_peephole_select(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *x = in_x(&f);
   nir_def *c = nir_flt(&f.b, x, nir_imm_float(&f.b, 0));
   nir_if *nif = nir_push_if(&f.b, c);
   nir_def *t = nir_fneg(&f.b, x);
   nir_push_else(&f.b, nif);
   nir_pop_if(&f.b, nif);
   nir_def *p = nir_if_phi(&f.b, t, x);
   nir_store_var(&f.b, f.out, p, 1);
   assert_true(nir_opt_peephole_select(f.b.shader, 4));
   check_body(&f, "entrypoint main {\n"
                  "   block b0:\n"
                  "      32 %0 = deref_var &in (shader_in float32vec4)\n"
                  "      32x4 %1 = @load_deref (%0) (access=0)\n"
                  "      32 %2 = mov %1.x\n"
                  "      32 %3 = load_const (0x00000000 /* 0 */)\n"
                  "      1 %4 = flt %2, %3\n"
                  "      32 %5 = fneg %2\n"
                  "      32 %6 = bcsel %4, %5, %2\n"
                  "      32 %7 = deref_var &out (shader_out float32)\n"
                  "      @store_deref (%7, %6) (write_mask=x, access=0)\n"
                  "   block b1:\n"
                  "}\n");
}

static void
test_dead_cf_constant_if(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_if *nif = nir_push_if(&f.b, nir_imm_false(&f.b));
   nir_store_var(&f.b, f.outi, nir_imm_int(&f.b, 1), 1);
   nir_push_else(&f.b, nif);
   nir_store_var(&f.b, f.outi, nir_imm_int(&f.b, 2), 1);
   nir_pop_if(&f.b, nif);
   assert_true(nir_opt_dead_cf(f.b.shader));
   nir_opt_dce(f.b.shader);
   check_body(&f, "entrypoint main {\n"
                  "   block b0:\n"
                  "      32 %0 = load_const (0x00000002 /* 2.80259693e-45 */)\n"
                  "      32 %1 = deref_var &outi (shader_out int32)\n"
                  "      @store_deref (%1, %0) (write_mask=x, access=0)\n"
                  "   block b1:\n"
                  "}\n");
}

/* Nothing reaches code after an if whose branches both jump: dead_cf
 * removes it, keeping only the (empty) block NIR needs after the if. */
static void
test_dead_cf_after_if_that_jumps(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *x = in_x(&f);
   nir_if *nif = nir_push_if(&f.b, nir_flt(&f.b, x, nir_imm_float(&f.b, 0)));
   nir_store_var(&f.b, f.outi, nir_imm_int(&f.b, 1), 1);
   nir_jump(&f.b, nir_jump_return);
   nir_push_else(&f.b, nif);
   nir_store_var(&f.b, f.outi, nir_imm_int(&f.b, 2), 1);
   nir_jump(&f.b, nir_jump_return);
   nir_pop_if(&f.b, nif);
   nir_store_var(&f.b, f.outi, nir_imm_int(&f.b, 3), 1);
   nir_if *later = nir_push_if(&f.b, nir_flt(&f.b, nir_imm_float(&f.b, 0), x));
   nir_store_var(&f.b, f.outi, nir_imm_int(&f.b, 4), 1);
   nir_pop_if(&f.b, later);
   assert_true(nir_opt_dead_cf(f.b.shader));
   nir_validate_shader(f.b.shader, "after dead_cf");
   nir_block *after = nir_cf_node_as_block_after(&nif->cf_node);
   assert_true(list_is_empty(&after->instr_list));
   assert_null(nir_cf_node_next(&after->cf_node));
   assert_int_equal(run_outi(&f, -1.0f), 1);
   assert_int_equal(run_outi(&f, 1.0f), 2);
   assert_false(nir_opt_dead_cf(f.b.shader));
   ralloc_free(f.ctx);
}

/* Which load_const values of the shader are left. */
static bool
has_const(nir_function_impl *impl, int32_t k)
{
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type == nir_instr_type_load_const &&
             nir_instr_as_load_const(instr)->value[0].i32 == k)
            return true;
      }
   }
   return false;
}

/* Where a reverse walk in program order and marking from the roots could
 * differ: acc's back-edge value (acc + 3) is read only by the live header
 * phi, which the walk reaches after the body; d's (d * 7) only by its own
 * header phi, a dead cycle; t = i * 11 is made before an if and read
 * only by a dead value inside it (a dead chain across blocks).  acc
 * after 4 turns is 12. */
static void
test_dce_loop_phis(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_builder *b = &f.b;
   const nir_vtype *int_t = nir_vtype_scalar(b->shader, nir_type_int32);
   nir_variable *i = nir_local_variable_create(b->impl, int_t, "i");
   nir_variable *acc = nir_local_variable_create(b->impl, int_t, "acc");
   nir_variable *d = nir_local_variable_create(b->impl, int_t, "d");
   nir_store_var(b, i, nir_imm_int(b, 0), 1);
   nir_store_var(b, acc, nir_imm_int(b, 0), 1);
   nir_store_var(b, d, nir_f2i32(b, in_x(&f)), 1);
   nir_loop *loop = nir_push_loop(b);
   nir_def *iv = nir_load_var(b, i);
   nir_break_if(b, nir_ige(b, iv, nir_imm_int(b, 4)));
   nir_def *t = nir_imul(b, iv, nir_imm_int(b, 11));
   nir_if *nif = nir_push_if(b, nir_ieq(b, iv, nir_imm_int(b, 2)));
   nir_iadd(b, t, nir_imm_int(b, 13));
   nir_pop_if(b, nif);
   nir_store_var(b, acc, nir_iadd(b, nir_load_var(b, acc),
                                  nir_imm_int(b, 3)), 1);
   nir_store_var(b, d, nir_imul(b, nir_load_var(b, d), nir_imm_int(b, 7)),
                 1);
   nir_store_var(b, i, nir_iadd(b, iv, nir_imm_int(b, 1)), 1);
   nir_pop_loop(b, loop);
   nir_store_var(b, f.outi, nir_load_var(b, acc), 1);
   assert_true(nir_lower_vars_to_ssa(b->shader));
   nir_validate_shader(b->shader, "after vars_to_ssa");
   unsigned phis = 0;
   nir_foreach_instr(instr, nir_loop_first_block(loop))
      phis += instr->type == nir_instr_type_phi;
   assert_int_equal(phis, 3);

   assert_true(nir_opt_dce(b->shader));
   char *msg = NULL;
   if (!nir_validate_shader_msg(b->shader, f.ctx, &msg))
      fail_msg("invalid IR:\n%s", msg);
   phis = 0;
   nir_foreach_instr(instr, nir_loop_first_block(loop))
      phis += instr->type == nir_instr_type_phi;
   assert_int_equal(phis, 2); /* i and acc; d's cycle is gone */
   assert_true(has_const(b->impl, 3));
   assert_false(has_const(b->impl, 7));
   assert_false(has_const(b->impl, 11));
   assert_false(has_const(b->impl, 13));
   const float in4[4] = { 5.0f, 0, 0, 0 };
   assert_int_equal(run_outi4(&f, in4), 12);
   assert_false(nir_opt_dce(b->shader));
   ralloc_free(f.ctx);
}

/* Two loops, each adding its counter (v[0], v[2]: 0 to 3) to its sum
 * (v[1], v[3]); with `first_counter`, the second adds the first loop's
 * counter instead, read after the first loop: its last value, 4. */
static void
build_counted_loops(fixture *f, nir_variable *v[4], bool first_counter)
{
   nir_builder *b = &f->b;
   const nir_vtype *int_t = nir_vtype_scalar(b->shader, nir_type_int32);
   for (unsigned k = 0; k < 4; k++) {
      v[k] = nir_local_variable_create(b->impl, int_t, "v");
      nir_store_var(b, v[k], nir_imm_int(b, 0), 1);
   }
   nir_def *first = NULL;
   for (unsigned l = 0; l < 2; l++) {
      nir_loop *loop = nir_push_loop(b);
      nir_def *iv = nir_load_var(b, v[2 * l]);
      if (!l)
         first = iv;
      nir_break_if(b, nir_ige(b, iv, nir_imm_int(b, 4)));
      nir_def *add = first_counter ? first : iv;
      nir_store_var(b, v[2 * l + 1],
                    nir_iadd(b, nir_load_var(b, v[2 * l + 1]), add), 1);
      nir_store_var(b, v[2 * l], nir_iadd(b, iv, nir_imm_int(b, 1)), 1);
      nir_pop_loop(b, loop);
   }
}

/* nir_opt_loop_cse: the second loop repeats the first instruction for
 * instruction, but where the first adds its own counter (acc = 6), the
 * second adds the first's last value (4 times 4: 16).  They stay apart. */
static void
test_loop_cse_reads_earlier_loop(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_variable *v[4];
   build_counted_loops(&f, v, true);
   nir_store_var(&f.b, f.outi, nir_load_var(&f.b, v[3]), 1);
   assert_true(nir_lower_vars_to_ssa(f.b.shader));
   nir_validate_shader(f.b.shader, "after vars_to_ssa");
   const float in4[4] = { 0, 0, 0, 0 };
   assert_int_equal(run_outi4(&f, in4), 16);
   assert_false(nir_opt_loop_cse(f.b.shader));
   assert_int_equal(run_outi4(&f, in4), 16);
   ralloc_free(f.ctx);
}

/* The same loop twice (6 and 6: out = 6 + 10 * 6): the second is removed
 * and its value is the first one's. */
static void
test_loop_cse_repeated(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_builder *b = &f.b;
   nir_variable *v[4];
   build_counted_loops(&f, v, false);
   nir_store_var(b, f.outi,
                 nir_iadd(b, nir_load_var(b, v[1]),
                          nir_imul(b, nir_load_var(b, v[3]),
                                   nir_imm_int(b, 10))),
                 1);
   assert_true(nir_lower_vars_to_ssa(b->shader));
   nir_validate_shader(b->shader, "after vars_to_ssa");
   const float in4[4] = { 0, 0, 0, 0 };
   assert_int_equal(run_outi4(&f, in4), 66);
   assert_true(nir_opt_loop_cse(b->shader));
   char *msg = NULL;
   if (!nir_validate_shader_msg(b->shader, f.ctx, &msg))
      fail_msg("invalid IR:\n%s", msg);
   unsigned loops = 0;
   list_for_each_entry(nir_cf_node, node, &b->impl->body, node)
      loops += node->type == nir_cf_node_loop;
   assert_int_equal(loops, 1);
   assert_int_equal(run_outi4(&f, in4), 66);
   ralloc_free(f.ctx);
}

/* The same at the end of a loop body, where the block after the if falls
 * through to the loop header: the header's phi takes an undef from it in
 * place of the value computed in the removed code.  Nested: the inner if
 * that jumps both ways makes the outer then-branch jump too. */
static void
test_dead_cf_after_if_that_jumps_in_loop(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_builder *b = &f.b;
   nir_variable *v = nir_local_variable_create(
      b->impl, nir_vtype_scalar(b->shader, nir_type_int32), "v");
   nir_store_var(b, v, nir_imm_int(b, 0), 1);
   nir_loop *loop = nir_push_loop(b);
   nir_def *i = nir_load_var(b, v);
   nir_if *outer = nir_push_if(b, nir_ilt(b, i, nir_imm_int(b, 3)));
   nir_if *inner = nir_push_if(b, nir_ieq(b, i, nir_imm_int(b, 1)));
   nir_store_var(b, v, nir_iadd(b, i, nir_imm_int(b, 1)), 1);
   nir_jump(b, nir_jump_continue);
   nir_push_else(b, inner);
   nir_store_var(b, v, nir_iadd(b, i, nir_imm_int(b, 1)), 1);
   nir_jump(b, nir_jump_continue);
   nir_pop_if(b, inner);
   nir_store_var(b, v, nir_iadd(b, i, nir_imm_int(b, 100)), 1);
   nir_push_else(b, outer);
   nir_jump(b, nir_jump_break);
   nir_pop_if(b, outer);
   nir_store_var(b, v, nir_iadd(b, i, nir_imm_int(b, 1000)), 1);
   /* the block after the outer if is not the body's last one: once the
    * rest goes, it becomes the header's predecessor in its place */
   nir_if *tail = nir_push_if(b, nir_ieq(b, i, nir_imm_int(b, 7)));
   nir_store_var(b, v, nir_imm_int(b, 1000), 1);
   nir_pop_if(b, tail);
   nir_pop_loop(b, loop);
   nir_store_var(b, f.outi, nir_load_var(b, v), 1);
   assert_true(nir_lower_vars_to_ssa(b->shader));
   nir_validate_shader(b->shader, "after vars_to_ssa");
   assert_true(nir_opt_dead_cf(b->shader));
   nir_validate_shader(b->shader, "after dead_cf");
   nir_opt_dce(b->shader);
   /* nothing of the unreachable code is left */
   nir_foreach_block(block, b->impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type == nir_instr_type_load_const) {
            int32_t k = nir_instr_as_load_const(instr)->value[0].i32;
            assert_true(k != 100 && k != 1000 && k != 7);
         }
      }
   }
   assert_int_equal(run_outi(&f, 0.0f), 3);
   ralloc_free(f.ctx);
}

static void
test_remove_phis(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *x = in_x(&f);
   nir_if *nif = nir_push_if(&f.b, nir_flt(&f.b, x, x));
   nir_pop_if(&f.b, nif);
   nir_store_var(&f.b, f.out, nir_if_phi(&f.b, x, x), 1);
   assert_true(nir_opt_remove_phis(f.b.shader));
   check_body(&f, "entrypoint main {\n"
                  "   block b0:\n"
                  "      32 %0 = deref_var &in (shader_in float32vec4)\n"
                  "      32x4 %1 = @load_deref (%0) (access=0)\n"
                  "      32 %2 = mov %1.x\n"
                  "      1 %3 = flt %2, %2\n"
                  "   if %3 {\n"
                  "      block b1:  // preds: b0\n"
                  "   } else {\n"
                  "      block b2:  // preds: b0\n"
                  "   }\n"
                  "   block b3:  // preds: b1 b2\n"
                  "      32 %4 = deref_var &out (shader_out float32)\n"
                  "      @store_deref (%4, %2) (write_mask=x, access=0)\n"
                  "   block b4:\n"
                  "}\n");
}

static void
test_bool_to_int(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *x = in_x(&f);
   nir_def *c = nir_flt(&f.b, x, nir_imm_float(&f.b, 0));
   nir_store_var(&f.b, f.out, nir_bcsel(&f.b, c, x, nir_fneg(&f.b, x)), 1);
   assert_true(nir_lower_bool_to_int(f.b.shader, 32));
   check_body(&f, "entrypoint main {\n"
                  "   block b0:\n"
                  "      32 %0 = deref_var &in (shader_in float32vec4)\n"
                  "      32x4 %1 = @load_deref (%0) (access=0)\n"
                  "      32 %2 = mov %1.x\n"
                  "      32 %3 = load_const (0x00000000 /* 0 */)\n"
                  "      32 %4 = flt32 %2, %3\n"
                  "      32 %5 = fneg %2\n"
                  "      32 %6 = b32csel %4, %2, %5\n"
                  "      32 %7 = deref_var &out (shader_out float32)\n"
                  "      @store_deref (%7, %6) (write_mask=x, access=0)\n"
                  "   block b1:\n"
                  "}\n");
}

static void
test_scalarise(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *v = nir_load_var(&f.b, f.in);
   nir_def *s = nir_fadd(&f.b, nir_channels(&f.b, v, 0x3),
                         nir_channels(&f.b, v, 0xc));
   nir_store_var(&f.b, f.out, nir_fdot2(&f.b, s, s), 1);
   assert_true(nir_lower_alu_to_scalar(f.b.shader));
   nir_copy_prop(f.b.shader);
   nir_opt_dce(f.b.shader);
   check_body(&f, "entrypoint main {\n"
                  "   block b0:\n"
                  "      32 %0 = deref_var &in (shader_in float32vec4)\n"
                  "      32x4 %1 = @load_deref (%0) (access=0)\n"
                  "      32 %2 = fadd %1.x, %1.z\n"
                  "      32 %3 = fadd %1.y, %1.w\n"
                  "      32 %4 = fmul %2, %2\n"
                  "      32 %5 = fmul %3, %3\n"
                  "      32 %6 = fadd %4, %5\n"
                  "      32 %7 = deref_var &out (shader_out float32)\n"
                  "      @store_deref (%7, %6) (write_mask=x, access=0)\n"
                  "   block b1:\n"
                  "}\n");
}

static void
test_lower_io_and_sysvals(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_variable *vid = nir_variable_create(
      f.b.shader, nir_var_system_value,
      nir_vtype_scalar(f.b.shader, nir_type_int32), "vid");
   vid->data.location = SYSTEM_VALUE_VERTEX_ID;
   f.in->data.driver_location = 3;
   nir_def *x = nir_channel(&f.b, nir_load_var(&f.b, f.in), 2);
   nir_def *i = nir_i2f32(&f.b, nir_load_var(&f.b, vid));
   nir_store_var(&f.b, f.out, nir_fadd(&f.b, x, i), 1);
   assert_true(nir_lower_system_values(f.b.shader));
   nir_validate_shader(f.b.shader, "after nir_lower_system_values");
   assert_true(nir_lower_io(f.b.shader, nir_var_shader_in | nir_var_shader_out,
                            NULL));
   nir_opt_dce(f.b.shader);
   check_body(&f,
              "entrypoint main {\n"
              "   block b0:\n"
              "      32 %0 = load_const (0x00000000 /* 0 */)\n"
              "      32x4 %1 = @load_input (%0) (base=3, component=0, "
              "location=-1, dest_type=float32)\n"
              "      32 %2 = mov %1.z\n"
              "      32 %3 = @load_vertex_id ()\n"
              "      32 %4 = i2f32 %3\n"
              "      32 %5 = fadd %2, %4\n"
              "      32 %6 = load_const (0x00000000 /* 0 */)\n"
              "      @store_output (%5, %6) (base=0, component=0, "
              "write_mask=x, location=-1, src_type=float32)\n"
              "   block b1:\n"
              "}\n");
}

/* Geometry-shader inputs: the index into the per-vertex array is the
 * vertex source, what follows it the slot offset. */
static void
test_lower_io_per_vertex(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_GEOMETRY);
   nir_shader *s = f.b.shader;
   const nir_vtype *vec4 = nir_vtype_vector(s, nir_type_float32, 4);
   nir_variable *v = nir_variable_create(
      s, nir_var_shader_in, nir_vtype_array(s, vec4, 3), "v");
   v->data.driver_location = 5;
   nir_deref_instr *base = nir_build_deref_var(&f.b, v);
   /* v[2].w */
   nir_def *w = nir_channel(
      &f.b, nir_load_deref(&f.b, nir_build_deref_array_imm(&f.b, base, 2)),
      3);
   nir_store_var(&f.b, f.out, w, 1);
   assert_true(nir_lower_io(s, nir_var_shader_in | nir_var_shader_out,
                            NULL));
   nir_opt_dce(s);
   check_body(&f,
              "entrypoint main {\n"
              "   block b0:\n"
              "      32 %0 = load_const (0x00000002 /* 2.80259693e-45 */)\n"
              "      32 %1 = load_const (0x00000000 /* 0 */)\n"
              "      32x4 %2 = @load_per_vertex_input (%0, %1) (base=5, "
              "component=0, location=-1, dest_type=float32)\n"
              "      32 %3 = mov %2.w\n"
              "      32 %4 = load_const (0x00000000 /* 0 */)\n"
              "      @store_output (%3, %4) (base=0, component=0, "
              "write_mask=x, location=-1, src_type=float32)\n"
              "   block b1:\n"
              "}\n");
}

/* Metadata is a per-function promise: a lowering that changes one function
 * must leave every other function's metadata alone.  "other" comes after
 * main, which is where a shader-wide progress flag used to leak. */
static void
test_sysvals_metadata_per_function(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_shader *s = f.b.shader;
   nir_variable *vid = nir_variable_create(
      s, nir_var_system_value, nir_vtype_scalar(s, nir_type_int32), "vid");
   vid->data.location = SYSTEM_VALUE_VERTEX_ID;
   nir_store_var(&f.b, f.outi, nir_load_var(&f.b, vid), 1);
   nir_function_impl *main_impl = nir_shader_get_entrypoint(s);
   main_impl->function->is_entrypoint = true;

   nir_function_impl *other =
      nir_function_impl_create(nir_function_create(s, "other"));
   nir_builder ob = nir_builder_create(other);
   nir_store_var(&ob, f.out, nir_imm_float(&ob, 1.0f), 1);

   const nir_metadata all = nir_metadata_block_index |
                            nir_metadata_dominance | nir_metadata_instr_index;
   nir_metadata_require(main_impl, all);
   nir_metadata_require(other, all);
   assert_true(nir_lower_system_values(s));
   /* (Validation recomputes what it checks without touching metadata.) */
   nir_validate_shader(s, "after nir_lower_system_values");
   /* The changed function keeps what the pass promises (block structure)
    * and loses the instruction indices. */
   assert_int_equal(main_impl->valid_metadata & all,
                    nir_metadata_block_index | nir_metadata_dominance);
   /* The untouched one keeps everything. */
   assert_int_equal(other->valid_metadata & all, all);
   ralloc_free(f.ctx);
}

typedef struct {
   unsigned calls, changes_left;
} count_state;

static bool
count_alu(nir_builder *b, nir_alu_instr *alu, void *data)
{
   count_state *st = data;
   /* The cursor is handed over just before the instruction. */
   assert_true(b->cursor.option == nir_cursor_before_instr &&
               b->cursor.instr == &alu->instr);
   st->calls++;
   if (!st->changes_left)
      return false;
   st->changes_left--;
   return true;
}

static bool
count_intrinsic(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   (void)b;
   (void)intr;
   ((count_state *)data)->calls++;
   return false;
}

static bool
count_any(nir_builder *b, nir_instr *instr, void *data)
{
   (void)b;
   (void)instr;
   ((count_state *)data)->calls++;
   return false;
}

/* The helpers visit what they say, and a function whose callbacks all
 * said "no change" keeps all its metadata. */
static void
test_instructions_pass_helpers(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_shader *s = f.b.shader;
   /* load_deref + mov (channel) + fadd + fmul + store_deref, plus two
    * deref_var, one load_const: 3 ALU, 2 intrinsics, 8 in all. */
   nir_def *x = in_x(&f);
   nir_store_var(&f.b, f.out,
                 nir_fmul(&f.b, nir_fadd(&f.b, x, x),
                          nir_imm_float(&f.b, 2.0f)), 1);
   nir_function_impl *impl = nir_shader_get_entrypoint(s);
   const nir_metadata all = nir_metadata_block_index |
                            nir_metadata_dominance | nir_metadata_instr_index;

   count_state st = { 0, 0 };
   nir_metadata_require(impl, all);
   assert_false(nir_shader_alu_pass(s, count_alu, nir_metadata_none, &st));
   assert_int_equal(st.calls, 3);
   assert_int_equal(impl->valid_metadata & all, all);

   st = (count_state){ 0, 0 };
   assert_false(nir_shader_intrinsics_pass(s, count_intrinsic,
                                           nir_metadata_none, &st));
   assert_int_equal(st.calls, 2);
   st = (count_state){ 0, 0 };
   assert_false(nir_shader_instructions_pass(s, count_any, nir_metadata_none,
                                             &st));
   assert_int_equal(st.calls, 8);
   assert_int_equal(impl->valid_metadata & all, all);

   /* One change is enough to drop what the pass does not preserve. */
   st = (count_state){ 0, 1 };
   assert_true(nir_function_alu_pass(impl, count_alu,
                                     nir_metadata_block_index, &st));
   assert_int_equal(st.calls, 3);
   assert_int_equal(impl->valid_metadata & all, nir_metadata_block_index);
   ralloc_free(f.ctx);
}

static void
test_lower_idiv_exact(void **state)
{
   (void)state;
   /* Not a shape: long division is long.  Fold it and check the values
    * against C on edge operands instead. */
   static const int32_t vals[] = { 0, 1, -1, 7, -7, 2, -2, INT32_MIN,
                                   INT32_MAX, 1000, -3 };
   /* long division, then the reciprocal method (constant divisors) */
   static const nir_lower_idiv_options rcp = { .reciprocal = true };
   const nir_lower_idiv_options *opts[2] = { NULL, &rcp };
   for (unsigned m = 0; m < 2; m++)
   for (unsigned i = 0; i < 11; i++) {
      for (unsigned j = 0; j < 11; j++) {
         fixture f;
         setup(&f, MESA_SHADER_VERTEX);
         nir_def *a = nir_imm_int(&f.b, vals[i]);
         nir_def *d = nir_imm_int(&f.b, vals[j]);
         nir_def *r[5] = { nir_idiv(&f.b, a, d), nir_irem(&f.b, a, d),
                           nir_imod(&f.b, a, d), nir_udiv(&f.b, a, d),
                           nir_umod(&f.b, a, d) };
         nir_variable *o = nir_local_variable_create(
            f.b.impl, nir_vtype_vector(f.b.shader, nir_type_int32, 5), "o");
         nir_store_var(&f.b, o, nir_vec(&f.b, r, 5), 0x1f);
         assert_true(nir_lower_idiv(f.b.shader, opts[m]));
         bool again;
         do {
            again = nir_opt_constant_folding(f.b.shader);
            again |= nir_copy_prop(f.b.shader);
            again |= nir_opt_dce(f.b.shader);
         } while (again);
         nir_intrinsic_instr *st = nir_instr_as_intrinsic(
            nir_block_last_instr(nir_start_block(f.b.impl)));
         nir_instr *pi = nir_def_instr(st->src[1].ssa);
         assert_int_equal(pi->type, nir_instr_type_load_const);
         nir_load_const_instr *lc = nir_instr_as_load_const(pi);
         int64_t x = vals[i], y = vals[j];
         uint32_t ux = (uint32_t)vals[i], uy = (uint32_t)vals[j];
         int32_t want[5];
         want[0] = y == 0    ? 0
                   : y == -1 ? (int32_t)(0u - ux)
                             : (int32_t)(x / y);
         want[1] = (y == 0 || y == -1) ? 0 : (int32_t)(x % y);
         want[2] = want[1] != 0 && ((want[1] < 0) != (y < 0))
                      ? (int32_t)(want[1] + y) : want[1];
         want[3] = uy ? (int32_t)(ux / uy) : 0;
         want[4] = uy ? (int32_t)(ux % uy) : 0;
         for (unsigned k = 0; k < 5; k++) {
            if (lc->value[k].i32 != want[k])
               fail_msg("%d op%u %d: got %d want %d", vals[i], k, vals[j],
                        lc->value[k].i32, want[k]);
         }
         ralloc_free(f.ctx);
      }
   }
}

/* fmod lowers to a division, which lower_fdiv lowers in turn: no fdiv
 * is left for a backend without one (agx-difftest --lossy found it).
 * mod(7.5, 2) = 7.5 - 2 floor(7.5 / 2) = 1.5 (GLSL 4.60 8.3), exact
 * here since 1 / 2 is. */
static void
test_lower_fmod_without_fdiv(void **state)
{
   (void)state;
   static const nir_shader_compiler_options lower = {
      .lower_fdiv = true, .lower_fmod = true,
   };
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   f.b.shader->options = &lower;
   nir_def *v = nir_load_var(&f.b, f.in);
   nir_store_var(&f.b, f.out,
                 nir_fmod(&f.b, nir_channel(&f.b, v, 0),
                          nir_channel(&f.b, v, 1)),
                 1);
   nir_lower_for_options(f.b.shader);
   nir_validate_shader(f.b.shader, "after lowering");
   nir_foreach_function_impl(impl, f.b.shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == nir_instr_type_alu) {
               nir_op op = nir_instr_as_alu(instr)->op;
               assert_true(op != nir_op_fdiv && op != nir_op_fmod);
            }
         }
      }
   }
   const float in[4] = { 7.5f, 2.0f, 0, 0 };
   assert_true(run_out4(&f, in) == 1.5f);
   ralloc_free(f.ctx);
}

/* Lowerings that change rounding: compared with libm on a grid, within
 * the accuracy each documents. */
static void
test_lossy_lowering(void **state)
{
   (void)state;
   static const nir_shader_compiler_options lower = {
      .lower_fdiv = true, .lower_fpow = true, .lower_ffma = true,
   };
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   f.b.shader->options = &lower;
   nir_variable *o4 = nir_variable_create(
      f.b.shader, nir_var_shader_out,
      nir_vtype_vector(f.b.shader, nir_type_float32, 4), "o4");
   o4->data.driver_location = 2;
   nir_def *v = nir_load_var(&f.b, f.in);
   nir_def *x = nir_channel(&f.b, v, 0), *y = nir_channel(&f.b, v, 1);
   nir_def *e = nir_fmul(&f.b, x, nir_imm_float(&f.b, 0.1f));
   nir_def *r[4] = { nir_fsin(&f.b, x), nir_fcos(&f.b, x),
                     nir_fdiv(&f.b, x, y),
                     nir_fpow(&f.b, nir_fabs(&f.b, y), e) };
   nir_store_var(&f.b, o4, nir_vec(&f.b, r, 4), 0xf);
   f.in->data.driver_location = 0;
   assert_true(nir_lower_sincos(f.b.shader));
   assert_true(nir_opt_algebraic_lower(f.b.shader));
   nir_validate_shader(f.b.shader, "after lowering");
   /* Nothing lossy is left. */
   nir_foreach_block(block, f.b.impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type == nir_instr_type_alu) {
            nir_op op = nir_instr_as_alu(instr)->op;
            assert_true(op != nir_op_fsin && op != nir_op_fcos &&
                        op != nir_op_fdiv && op != nir_op_fpow);
         }
      }
   }
   double worst[4] = { 0 };
   for (int i = -400; i <= 400; i++) {
      float xv = (float)i * 0.05f, yv = 0.75f + (float)(i % 7) * 0.5f;
      nir_const_value in[4] = { { .f32 = xv }, { .f32 = yv } };
      nir_const_value out[12];
      nir_eval_state st;
      assert_true(nir_eval_run_io(f.b.shader, in, 4, out, 12, &st));
      double want[4] = { sin(xv), cos(xv), (double)xv / yv,
                         pow(fabs(yv), xv * 0.1) };
      for (unsigned c = 0; c < 4; c++) {
         double err = fabs(out[8 + c].f32 - want[c]);
         if (c >= 2)
            err /= fmax(fabs(want[c]), 1e-30);
         if (err > worst[c])
            worst[c] = err;
      }
   }
   /* sin/cos: absolute error on [-20, 20]; fdiv, fpow: relative. */
   assert_true(worst[0] < 2e-5 && worst[1] < 2e-5);
   assert_true(worst[2] < 1e-6);
   assert_true(worst[3] < 1e-5);
   ralloc_free(f.ctx);
}

/* An array of vec4 indexed by a computed value: both accesses go to
 * scratch at base 0, offset = index * 16 bytes; the store keeps its write
 * mask. */
static void
test_vars_to_scratch_vec4_array(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_shader *s = f.b.shader;
   nir_variable *a = nir_local_variable_create(
      f.b.impl, nir_vtype_array(s, nir_vtype_vector(s, nir_type_float32, 4), 3),
      "a");
   nir_def *v = nir_load_var(&f.b, f.in);
   nir_def *i = nir_f2i32(&f.b, nir_channel(&f.b, v, 0));
   nir_store_deref(&f.b, nir_build_deref_array(&f.b, nir_build_deref_var(&f.b, a), i),
                   v, 0x5);
   nir_def *l = nir_load_deref(
      &f.b, nir_build_deref_array(&f.b, nir_build_deref_var(&f.b, a), i));
   nir_store_var(&f.b, f.out, nir_channel(&f.b, l, 2), 1);
   assert_true(nir_lower_vars_to_scratch(s, nir_var_function_temp, 1, NULL));
   assert_int_equal(s->scratch_size, 48);
   assert_true(list_is_empty(&f.b.impl->locals));
   check_body(&f,
              "entrypoint main {\n"
              "   block b0:\n"
              "      32 %0 = deref_var &in (shader_in float32vec4)\n"
              "      32x4 %1 = @load_deref (%0) (access=0)\n"
              "      32 %2 = mov %1.x\n"
              "      32 %3 = f2i32 %2\n"
              "      32 %4 = load_const (0x00000000 /* 0 */)\n"
              "      32 %5 = load_const (0x00000010 /* 2.24207754e-44 */)\n"
              "      32 %6 = imul %3, %5\n"
              "      32 %7 = iadd %4, %6\n"
              "      @store_scratch (%1, %7) (base=0, write_mask=xz, "
              "align_mul=4)\n"
              "      32 %8 = load_const (0x00000000 /* 0 */)\n"
              "      32 %9 = load_const (0x00000010 /* 2.24207754e-44 */)\n"
              "      32 %10 = imul %3, %9\n"
              "      32 %11 = iadd %8, %10\n"
              "      32x4 %12 = @load_scratch (%11) (base=0, align_mul=4)\n"
              "      32 %13 = mov %12.z\n"
              "      32 %14 = deref_var &out (shader_out float32)\n"
              "      @store_deref (%14, %13) (write_mask=x, access=0)\n"
              "   block b1:\n"
              "}\n");
}

/* Arrays of structs: the field offset follows the natural layout
 * (struct { int n; vec2 p; } is 12 bytes: n at 0, p at 4), a direct
 * variable next to it stays a variable, and a small indirect array under
 * the size threshold stays too. */
static void
test_vars_to_scratch_structs(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_shader *s = f.b.shader;
   nir_vtype_field fields[2] = {
      { "n", nir_vtype_scalar(s, nir_type_int32) },
      { "p", nir_vtype_vector(s, nir_type_float32, 2) },
   };
   const nir_vtype *st = nir_vtype_struct(s, "S", fields, 2);
   nir_variable *a = nir_local_variable_create(
      f.b.impl, nir_vtype_array(s, st, 4), "a");
   nir_variable *small = nir_local_variable_create(
      f.b.impl, nir_vtype_array(s, nir_vtype_scalar(s, nir_type_float32), 2),
      "small");
   nir_variable *d = nir_local_variable_create(
      f.b.impl, nir_vtype_scalar(s, nir_type_float32), "d");
   nir_def *x = in_x(&f);
   nir_def *i = nir_f2i32(&f.b, x);
   nir_store_var(&f.b, d, x, 1);
   nir_deref_instr *el =
      nir_build_deref_array(&f.b, nir_build_deref_var(&f.b, a), i);
   nir_def *p = nir_load_deref(&f.b, nir_build_deref_struct(&f.b, el, 1));
   nir_deref_instr *sm =
      nir_build_deref_array(&f.b, nir_build_deref_var(&f.b, small), i);
   nir_store_deref(&f.b, sm, nir_channel(&f.b, p, 1), 1);
   nir_store_var(&f.b, f.out, nir_load_var(&f.b, d), 1);
   /* a is 48 bytes, small 8: only a reaches the 16-byte threshold. */
   assert_true(nir_lower_vars_to_scratch(s, nir_var_function_temp, 16, NULL));
   assert_int_equal(s->scratch_size, 48);
   check_body(&f,
              "entrypoint main {\n"
              "   decl_var function_temp float32[2] small\n"
              "   decl_var function_temp float32 d\n"
              "   block b0:\n"
              "      32 %0 = deref_var &in (shader_in float32vec4)\n"
              "      32x4 %1 = @load_deref (%0) (access=0)\n"
              "      32 %2 = mov %1.x\n"
              "      32 %3 = f2i32 %2\n"
              "      32 %4 = deref_var &d (function_temp float32)\n"
              "      @store_deref (%4, %2) (write_mask=x, access=0)\n"
              "      32 %5 = load_const (0x00000000 /* 0 */)\n"
              "      32 %6 = load_const (0x0000000c /* 1.68155816e-44 */)\n"
              "      32 %7 = imul %3, %6\n"
              "      32 %8 = iadd %5, %7\n"
              "      32 %9 = load_const (0x00000004 /* 5.60519386e-45 */)\n"
              "      32 %10 = iadd %8, %9\n"
              "      32x2 %11 = @load_scratch (%10) (base=0, align_mul=4)\n"
              "      32 %12 = deref_var &small (function_temp float32[2])\n"
              "      32 %13 = deref_array &%12[%3] (function_temp float32)\n"
              "      32 %14 = mov %11.y\n"
              "      @store_deref (%13, %14) (write_mask=x, access=0)\n"
              "      32 %15 = deref_var &d (function_temp float32)\n"
              "      32 %16 = @load_deref (%15) (access=0)\n"
              "      32 %17 = deref_var &out (shader_out float32)\n"
              "      @store_deref (%17, %16) (write_mask=x, access=0)\n"
              "   block b1:\n"
              "}\n");
}

/* Booleans live in scratch as 32-bit words: an indirectly indexed bool
 * array keeps its values (checked with the interpreter, since the
 * expected outputs are simply the comparisons themselves). */
static void
test_vars_to_scratch_bools(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_shader *s = f.b.shader;
   nir_variable *a = nir_local_variable_create(
      f.b.impl, nir_vtype_array(s, nir_vtype_scalar(s, nir_type_bool1), 3),
      "a");
   nir_def *v = nir_load_var(&f.b, f.in);
   nir_def *i = nir_f2i32(&f.b, nir_channel(&f.b, v, 0));
   nir_def *j = nir_f2i32(&f.b, nir_channel(&f.b, v, 1));
   for (unsigned k = 0; k < 3; k++)
      nir_store_deref(&f.b, nir_build_deref_array_imm(
                               &f.b, nir_build_deref_var(&f.b, a), k),
                      nir_imm_bool(&f.b, k == 1), 1);
   nir_store_deref(&f.b, nir_build_deref_array(
                            &f.b, nir_build_deref_var(&f.b, a), i),
                   nir_flt(&f.b, nir_channel(&f.b, v, 2),
                           nir_imm_float(&f.b, 0)), 1);
   nir_def *l = nir_load_deref(
      &f.b, nir_build_deref_array(&f.b, nir_build_deref_var(&f.b, a), j));
   nir_store_var(&f.b, f.outi, nir_b2i32(&f.b, l), 1);
   assert_true(nir_lower_vars_to_scratch(s, nir_var_function_temp, 1, NULL));
   assert_int_equal(s->scratch_size, 12);
   char *msg = NULL;
   if (!nir_validate_shader_msg(s, f.ctx, &msg))
      fail_msg("invalid IR:\n%s", msg);
   /* (i, j, z) -> expected a[j] */
   static const float cases[][4] = {
      { 0, 0, -1, 1 }, { 0, 0, 1, 0 }, { 2, 1, -1, 1 }, { 1, 1, 1, 0 },
      { 2, 2, -5, 1 }, { 0, 2, -5, 0 },
   };
   for (unsigned c = 0; c < ARRAY_SIZE(cases); c++) {
      const float in[4] = { cases[c][0], cases[c][1], cases[c][2], 0 };
      assert_int_equal(run_outi4(&f, in), (int)cases[c][3]);
   }
   ralloc_free(f.ctx);
}

/* ---- nested loops ------------------------------------------------------ */

typedef struct {
   nir_variable *counter;
   nir_loop *loop;
   nir_def *i;               /* the counter's value in this iteration */
} counted;

/* for (counter = 0; counter < limit; counter++) { ...; left open. */
static counted
begin_counted(fixture *f, const char *name, nir_def *limit)
{
   nir_builder *b = &f->b;
   counted c;
   c.counter = nir_local_variable_create(
      b->impl, nir_vtype_scalar(b->shader, nir_type_int32), name);
   nir_store_var(b, c.counter, nir_imm_int(b, 0), 1);
   c.loop = nir_push_loop(b);
   c.i = nir_load_var(b, c.counter);
   nir_break_if(b, nir_ige(b, c.i, limit));
   nir_store_var(b, c.counter, nir_iadd(b, c.i, nir_imm_int(b, 1)), 1);
   return c;
}

static void
end_counted(fixture *f, counted *c)
{
   nir_pop_loop(&f->b, c->loop);
}

/* The value stored to outi when it is a constant (fails otherwise). */
static int
stored_constant(fixture *f)
{
   nir_foreach_block(block, f->b.impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic != nir_intrinsic_store_deref ||
             nir_src_as_deref(intr->src[0])->var != f->outi)
            continue;
         nir_instr *v = nir_def_instr(intr->src[1].ssa);
         assert_int_equal(v->type, nir_instr_type_load_const);
         return nir_instr_as_load_const(v)->value[0].i32;
      }
   }
   fail_msg("no store to outi");
   return 0;
}

/* An int local initialised to 0 (the loop tests' accumulator). */
static nir_variable *
new_acc(fixture *f)
{
   nir_builder *b = &f->b;
   nir_variable *acc = nir_local_variable_create(
      b->impl, nir_vtype_scalar(b->shader, nir_type_int32), "acc");
   nir_store_var(b, acc, nir_imm_int(b, 0), 1);
   return acc;
}

/* outi = acc, then the optimisation loop; counts the loops left. */
static void
store_acc_and_optimize(fixture *f, nir_variable *acc, unsigned *loops,
                       unsigned *nested)
{
   nir_store_var(&f->b, f->outi, nir_load_var(&f->b, acc), 1);
   nir_optimize(f->b.shader);
   *loops = *nested = 0;
   nir_count_loops(&f->b.impl->body, loops, nested);
}

/* acc += 1 for i < 3, j < i + 1: the inner trip count is only known once
 * the outer loop is unrolled.  1 + 2 + 3 = 6. */
static void
test_unroll_dependent_nest(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_builder *b = &f.b;
   nir_variable *acc = new_acc(&f);
   counted i = begin_counted(&f, "i", nir_imm_int(b, 3));
   counted j = begin_counted(&f, "j", nir_iadd(b, i.i, nir_imm_int(b, 1)));
   nir_store_var(b, acc, nir_iadd(b, nir_load_var(b, acc), nir_imm_int(b, 1)),
                 1);
   end_counted(&f, &j);
   end_counted(&f, &i);
   unsigned loops, nested;
   store_acc_and_optimize(&f, acc, &loops, &nested);
   assert_int_equal(loops, 0);
   assert_int_equal(stored_constant(&f), 6);
   ralloc_free(f.ctx);
}

/* Three deep: acc += i * 100 + j * 10 + k for i < 2, j < 3, k < 2:
 * 100 * 1 * 6 + 10 * 3 * 4 + 1 * 6 = 726. */
static void
test_unroll_three_deep(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_builder *b = &f.b;
   nir_variable *acc = new_acc(&f);
   counted i = begin_counted(&f, "i", nir_imm_int(b, 2));
   counted j = begin_counted(&f, "j", nir_imm_int(b, 3));
   counted k = begin_counted(&f, "k", nir_imm_int(b, 2));
   nir_def *term = nir_iadd(
      b, nir_iadd(b, nir_imul(b, i.i, nir_imm_int(b, 100)),
                  nir_imul(b, j.i, nir_imm_int(b, 10))),
      k.i);
   nir_store_var(b, acc, nir_iadd(b, nir_load_var(b, acc), term), 1);
   end_counted(&f, &k);
   end_counted(&f, &j);
   end_counted(&f, &i);
   unsigned loops, nested;
   store_acc_and_optimize(&f, acc, &loops, &nested);
   assert_int_equal(loops, 0);
   assert_int_equal(stored_constant(&f), 726);
   ralloc_free(f.ctx);
}

/* Trip counts and sizes nir_opt_loop_unroll takes with
 * max_unroll_iterations = 32 (AGX's, as in Mesa): 20 trips of a small
 * body, 20 trips of a body costing more than 26 * 32 / 20 ALU
 * instructions, and 28 such trips walking a 28-element local array
 * (unrolled anyway: every index becomes constant). */
static const nir_shader_compiler_options opts32 = {
   .max_unroll_iterations = 32,
};

/* acc = acc * 3 ^ x, cost times over (2 ALU instructions each) */
static void
heavy_step(fixture *f, nir_variable *acc, nir_def *x, unsigned cost)
{
   nir_builder *b = &f->b;
   nir_def *v = nir_load_var(b, acc);
   for (unsigned k = 0; k < cost / 2; k++)
      v = nir_ixor(b, nir_imul(b, v, nir_imm_int(b, 3)), x);
   nir_store_var(b, acc, v, 1);
}

static int
heavy_expect(unsigned trips, unsigned cost, int x)
{
   uint32_t v = 0;
   for (unsigned t = 0; t < trips; t++) {
      for (unsigned k = 0; k < cost / 2; k++)
         v = (v * 3u) ^ (uint32_t)x;
   }
   return (int)v;
}

/* A loop of `trips` trips of heavy_step(cost), indexing a local array
 * of `trips` elements when `walk`, optimised with max_unroll_iterations
 * 32: how many loops are left (the result is checked too). */
static unsigned
heavy_loops_left(unsigned trips, unsigned cost, bool walk)
{
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   f.b.shader->options = &opts32;
   nir_builder *b = &f.b;
   nir_variable *acc = new_acc(&f);
   nir_def *x = nir_f2i32(b, in_x(&f));
   nir_variable *arr = nir_local_variable_create(
      b->impl,
      nir_vtype_array(b->shader, nir_vtype_scalar(b->shader, nir_type_int32),
                      trips),
      "a");
   for (unsigned k = 0; k < trips; k++) {
      nir_store_deref(
         b, nir_build_deref_array_imm(b, nir_build_deref_var(b, arr), k),
         nir_imm_int(b, (int)k), 1);
   }
   counted i = begin_counted(&f, "i", nir_imm_int(b, (int)trips));
   nir_def *xi = x;
   if (walk) {
      nir_def *e = nir_load_deref(
         b, nir_build_deref_array(b, nir_build_deref_var(b, arr), i.i));
      /* a[i] - i is 0: the same arithmetic as without the walk */
      xi = nir_iadd(b, x, nir_isub(b, e, i.i));
   }
   heavy_step(&f, acc, xi, cost);
   end_counted(&f, &i);
   unsigned loops, nested;
   store_acc_and_optimize(&f, acc, &loops, &nested);
   assert_int_equal(run_outi(&f, 5.0f), heavy_expect(trips, cost, 5));
   ralloc_free(f.ctx);
   return loops;
}

static void
test_unroll_32_trips(void **state)
{
   (void)state;
   /* small: sum of 0..19 = 190; a loop with the default limit of 16 */
   for (unsigned limit = 16; limit <= 32; limit += 16) {
      fixture f;
      setup(&f, MESA_SHADER_VERTEX);
      if (limit == 32)
         f.b.shader->options = &opts32;
      nir_builder *b = &f.b;
      nir_variable *acc = new_acc(&f);
      counted i = begin_counted(&f, "i", nir_imm_int(b, 20));
      nir_store_var(b, acc, nir_iadd(b, nir_load_var(b, acc), i.i), 1);
      end_counted(&f, &i);
      unsigned loops, nested;
      store_acc_and_optimize(&f, acc, &loops, &nested);
      assert_int_equal(loops, limit == 32 ? 0 : 1);
      assert_int_equal(run_outi(&f, 0.0f), 190);
      ralloc_free(f.ctx);
   }
   /* heavy: 20 trips of 44 ALU instructions (880 > 26 * 32) stay a
    * loop; 28 trips of them indexing int a[28] do not */
   assert_int_equal(heavy_loops_left(20, 44, false), 1);
   assert_int_equal(heavy_loops_left(28, 44, true), 0);
}

/* Since wave 15 the size rule holds for every trip count, as Mesa's
 * (check_unrolling_restrictions): 16 trips of 60 ALU instructions
 * (960 > 26 * 32) stay a loop, though their copies would fit the 2000
 * instructions that short loops were allowed before; walking a
 * 16-element array they are unrolled; 13 trips of them (780) are. */
static void
test_unroll_one_rule(void **state)
{
   (void)state;
   assert_int_equal(heavy_loops_left(16, 60, false), 1);
   assert_int_equal(heavy_loops_left(16, 60, true), 0);
   assert_int_equal(heavy_loops_left(13, 60, false), 0);
}

/* An inner loop with a constant trip count inside an outer loop whose
 * count comes from an input: the inner one is unrolled, the outer one
 * stays.  acc = n * (0 + 1 + 2 + 3). */
static void
test_unroll_inner_only(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_builder *b = &f.b;
   nir_variable *acc = new_acc(&f);
   counted i = begin_counted(&f, "i", nir_f2i32(b, in_x(&f)));
   counted j = begin_counted(&f, "j", nir_imm_int(b, 4));
   nir_store_var(b, acc, nir_iadd(b, nir_load_var(b, acc), j.i), 1);
   end_counted(&f, &j);
   end_counted(&f, &i);
   unsigned loops, nested;
   store_acc_and_optimize(&f, acc, &loops, &nested);
   assert_int_equal(loops, 1);
   assert_int_equal(nested, 0);
   assert_int_equal(run_outi(&f, 0.0f), 0);
   assert_int_equal(run_outi(&f, 3.0f), 18);
   assert_int_equal(run_outi(&f, 5.0f), 30);
   ralloc_free(f.ctx);
}

/* nir_optimize stops at the fixed point and not later: when it returns,
 * no pass of the loop changes the shader any more, and on a shader that
 * is already there each pass ran exactly once. */
static void
test_optimize_stops_at_fixed_point(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_builder *b = &f.b;
   nir_variable *acc = new_acc(&f);
   counted i = begin_counted(&f, "i", nir_imm_int(b, 3));
   nir_store_var(b, acc, nir_iadd(b, nir_load_var(b, acc), i.i), 1);
   end_counted(&f, &i);
   nir_store_var(b, f.outi, nir_load_var(b, acc), 1);

   nir_optimize_stats st;
   nir_optimize_with_stats(b->shader, &st);
   assert_true(st.num_passes >= 10 &&
               st.num_passes <= NIR_OPTIMIZE_MAX_PASSES);
   unsigned runs = 0, progress = 0;
   for (unsigned p = 0; p < st.num_passes; p++) {
      runs += st.passes[p].runs;
      progress += st.passes[p].progress;
   }
   assert_int_equal(runs, st.pass_runs);
   assert_true(progress > 0);
   /* Every progress is followed by one quiet run of each pass. */
   assert_true(st.pass_runs <= (progress + 1) * st.num_passes);
   assert_int_equal(stored_constant(&f), 0 + 1 + 2);

   /* Already at the fixed point: one quiet run each. */
   nir_optimize_with_stats(b->shader, &st);
   assert_int_equal(st.pass_runs, st.num_passes);
   for (unsigned p = 0; p < st.num_passes; p++) {
      assert_int_equal(st.passes[p].runs, 1);
      assert_int_equal(st.passes[p].progress, 0);
   }
   /* And the passes agree, run by hand. */
   nir_shader *s = b->shader;
   assert_false(nir_lower_vars_to_ssa(s));
   assert_false(nir_copy_prop(s));
   assert_false(nir_opt_remove_phis(s));
   assert_false(nir_opt_dce(s));
   assert_false(nir_opt_dead_cf(s));
   assert_false(nir_opt_cse(s));
   assert_false(nir_opt_peephole_select(s, 8));
   assert_false(nir_opt_algebraic(s));
   assert_false(nir_opt_constant_folding(s));
   assert_false(nir_opt_loop_unroll(s));
   ralloc_free(f.ctx);
}

/* How many ALU instructions of op the entry point has. */
static unsigned
count_alu_op(fixture *f, nir_op op)
{
   unsigned n = 0;
   nir_foreach_block(block, nir_shader_get_entrypoint(f->b.shader)) {
      nir_foreach_instr(instr, block) {
         if (instr->type == nir_instr_type_alu &&
             nir_instr_as_alu(instr)->op == op)
            n++;
      }
   }
   return n;
}

/* Two copies of a chain of single-use values: when the first copy is
 * walked, nothing else reads its values yet, and it only becomes
 * matchable once the second copy's first instruction folds into it.
 * One run still folds the whole second copy. */
static void
test_cse_chain_in_one_run(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *x = in_x(&f);
   nir_def *a = nir_ffloor(&f.b, nir_fneg(&f.b, nir_fabs(&f.b, x)));
   nir_def *b2 = nir_ffloor(&f.b, nir_fneg(&f.b, nir_fabs(&f.b, x)));
   nir_store_var(&f.b, f.out, nir_fmul(&f.b, a, b2), 1);
   assert_true(nir_opt_cse(f.b.shader));
   nir_opt_dce(f.b.shader);
   assert_int_equal(count_alu_op(&f, nir_op_fabs), 1);
   assert_int_equal(count_alu_op(&f, nir_op_fneg), 1);
   assert_int_equal(count_alu_op(&f, nir_op_ffloor), 1);
   assert_false(nir_opt_cse(f.b.shader));
   /* (floor(-|x|))^2 at x = 2.5: 9 */
   const float in[4] = { 2.5f, 0, 0, 0 };
   assert_true(run_out4(&f, in) == 9.0f);
   ralloc_free(f.ctx);
}

/* x * y + z becomes one ffma; values whose products are exact give the
 * same result fused or not. */
static void
test_fuse_ffma(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *v = nir_load_var(&f.b, f.in);
   nir_def *m = nir_fmul(&f.b, nir_channel(&f.b, v, 0),
                         nir_channel(&f.b, v, 1));
   nir_store_var(&f.b, f.out, nir_fadd(&f.b, nir_channel(&f.b, v, 2), m), 1);
   assert_true(nir_opt_fuse_ffma(f.b.shader));
   nir_opt_dce(f.b.shader);
   assert_int_equal(count_alu_op(&f, nir_op_ffma), 1);
   assert_int_equal(count_alu_op(&f, nir_op_fmul), 0);
   assert_int_equal(count_alu_op(&f, nir_op_fadd), 0);
   const float in[4] = { 2.0f, 3.0f, 4.0f, 0.0f };
   assert_true(run_out4(&f, in) == 10.0f);
   ralloc_free(f.ctx);
}

/* The swizzle the add applies to a vector product reaches the fused
 * multiply's sources: (in.xy * in.zw).yx + in.xy, component 0. */
static void
test_fuse_ffma_swizzle(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *v = nir_load_var(&f.b, f.in);
   nir_def *m = nir_fmul(&f.b, nir_channels(&f.b, v, 0x3),
                         nir_channels(&f.b, v, 0xc));
   unsigned yx[2] = { 1, 0 };
   nir_def *sum = nir_fadd(&f.b, nir_swizzle(&f.b, m, yx, 2),
                           nir_channels(&f.b, v, 0x3));
   nir_store_var(&f.b, f.out, nir_channel(&f.b, sum, 0), 1);
   /* The swizzling mov folded into the add's source, then removed. */
   nir_copy_prop(f.b.shader);
   nir_opt_dce(f.b.shader);
   assert_true(nir_opt_fuse_ffma(f.b.shader));
   nir_opt_dce(f.b.shader);
   assert_int_equal(count_alu_op(&f, nir_op_fmul), 0);
   /* y * w + x = 3 * 5 + 2 */
   const float in[4] = { 2.0f, 3.0f, 4.0f, 5.0f };
   assert_true(run_out4(&f, in) == 17.0f);
   ralloc_free(f.ctx);
}

/* z - x * y (fadd(z, fneg(fmul(x, y))), what lowered fsub leaves) becomes
 * ffma(-x, y, z); not when the negated product has another use. */
static void
test_fuse_ffma_negated(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *v = nir_load_var(&f.b, f.in);
   nir_def *m = nir_fmul(&f.b, nir_channel(&f.b, v, 0),
                         nir_channel(&f.b, v, 1));
   nir_store_var(&f.b, f.out,
                 nir_fadd(&f.b, nir_channel(&f.b, v, 2), nir_fneg(&f.b, m)),
                 1);
   assert_true(nir_opt_fuse_ffma(f.b.shader));
   nir_opt_dce(f.b.shader);
   assert_int_equal(count_alu_op(&f, nir_op_ffma), 1);
   assert_int_equal(count_alu_op(&f, nir_op_fmul), 0);
   assert_int_equal(count_alu_op(&f, nir_op_fadd), 0);
   /* 4 - 2 * 3 */
   const float in[4] = { 2.0f, 3.0f, 4.0f, 0.0f };
   assert_true(run_out4(&f, in) == -2.0f);
   ralloc_free(f.ctx);

   setup(&f, MESA_SHADER_VERTEX);
   nir_def *x = in_x(&f);
   nir_def *n = nir_fneg(&f.b, nir_fmul(&f.b, x, x));
   nir_store_var(&f.b, f.out, nir_fadd(&f.b, nir_fadd(&f.b, x, n), n), 1);
   assert_false(nir_opt_fuse_ffma(f.b.shader));
   ralloc_free(f.ctx);
}

/* Nothing fuses when the product has a second use or either op is exact
 * (`precise`). */
static void
test_fuse_ffma_refused(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *x = in_x(&f);
   nir_def *m = nir_fmul(&f.b, x, x);
   nir_def *a = nir_fadd(&f.b, m, x);
   nir_store_var(&f.b, f.out, nir_fadd(&f.b, a, m), 1);
   assert_false(nir_opt_fuse_ffma(f.b.shader));
   ralloc_free(f.ctx);

   setup(&f, MESA_SHADER_VERTEX);
   x = in_x(&f);
   f.b.exact = true;
   m = nir_fmul(&f.b, x, x);
   f.b.exact = false;
   nir_store_var(&f.b, f.out, nir_fadd(&f.b, m, x), 1);
   assert_false(nir_opt_fuse_ffma(f.b.shader));
   ralloc_free(f.ctx);
}

/* A rule whose replacement is all constants (iadd(iadd(#1, #2), #3)
 * matches the reassociation rule) must leave nothing for the next run to
 * rewrite: nir_optimize's loop only stops once every pass is quiet. */
static void
test_algebraic_settles_on_constants(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *s = nir_iadd(&f.b,
                         nir_iadd(&f.b, nir_imm_int(&f.b, 1),
                                  nir_imm_int(&f.b, 2)),
                         nir_imm_int(&f.b, 3));
   nir_store_var(&f.b, f.outi, s, 1);
   assert_true(nir_opt_algebraic(f.b.shader));
   assert_false(nir_opt_algebraic(f.b.shader));
   assert_int_equal(run_outi(&f, 0.0f), 6);
   ralloc_free(f.ctx);
}

static unsigned
count_op(fixture *f, nir_op op)
{
   return count_instrs(f, nir_instr_type_alu, (int)op);
}

/* A value that turns constant is seen as one further down in the same
 * run of nir_opt_algebraic: ior(1, 2) == 3 decides the bcsel at once
 * (it waited for nir_opt_constant_folding, after algebraic in the loop:
 * a round of nir_optimize on nir-bench's 4N shaders). */
static void
test_algebraic_folds_as_it_goes(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *x = nir_f2i32(&f.b, in_x(&f));
   nir_def *k = nir_ior(&f.b, nir_imm_int(&f.b, 1), nir_imm_int(&f.b, 2));
   nir_def *c = nir_ieq(&f.b, k, nir_imm_int(&f.b, 3));
   nir_def *v = nir_bcsel(&f.b, c, x, nir_ineg(&f.b, x));
   nir_store_var(&f.b, f.outi, v, 1);
   assert_int_equal(count_op(&f, nir_op_bcsel), 1);
   assert_true(nir_opt_algebraic(f.b.shader));
   nir_validate_shader(f.b.shader, "after algebraic");
   assert_int_equal(count_op(&f, nir_op_bcsel), 0);
   assert_int_equal(count_op(&f, nir_op_ieq), 0);
   assert_int_equal(run_outi(&f, -5.0f), -5);
   ralloc_free(f.ctx);
}

/* A value folded in a branch that the start block already has is that
 * constant, not a new one CSE would merge a round later. */
static void
test_fold_reuses_start_constant(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *five = nir_imm_int(&f.b, 5);
   nir_store_var(&f.b, f.outi, five, 1);
   nir_if *nif = nir_push_if(&f.b, nir_flt(&f.b, in_x(&f),
                                           nir_imm_float(&f.b, 0.0f)));
   nir_def *sum = nir_iadd(&f.b, nir_imm_int(&f.b, 2), nir_imm_int(&f.b, 3));
   nir_store_var(&f.b, f.outi, sum, 1);
   nir_pop_if(&f.b, nif);
   assert_true(nir_opt_constant_folding(f.b.shader));
   nir_validate_shader(f.b.shader, "after constant folding");
   /* the branch has its store and nothing else */
   nir_block *then = nir_if_first_then_block(nif);
   nir_foreach_instr(instr, then) {
      if (instr->type == nir_instr_type_intrinsic)
         assert_ptr_equal(nir_instr_as_intrinsic(instr)->src[1].ssa, five);
      else
         assert_int_equal(instr->type, nir_instr_type_deref);
   }
   ralloc_free(f.ctx);
}

/* A trivial phi of a copy leaves its ALU readers reading the copied
 * value itself, not the mov (which copy propagation, before
 * remove_phis in the loop, would have fixed a round later). */
static void
test_remove_phis_past_copy(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *v = nir_load_var(&f.b, f.in);
   nir_def *m = nir_channel(&f.b, v, 1);
   nir_if *nif = nir_push_if(&f.b, nir_flt(&f.b, m, nir_imm_float(&f.b, 0)));
   nir_store_var(&f.b, f.out, m, 1);
   nir_pop_if(&f.b, nif);
   nir_def *p = nir_if_phi(&f.b, m, m);
   nir_def *neg = nir_fneg(&f.b, p);
   nir_store_var(&f.b, f.out, neg, 1);
   assert_true(nir_opt_remove_phis(f.b.shader));
   nir_validate_shader(f.b.shader, "after remove_phis");
   nir_alu_instr *alu = nir_instr_as_alu(nir_def_instr(neg));
   assert_ptr_equal(alu->src[0].src.ssa, v);
   assert_int_equal(nir_alu_src_swizzle(&alu->src[0], 0), 1);
   const float in4[4] = { 1.0f, 2.5f, 3.0f, 4.0f };
   assert_true(run_out4(&f, in4) == -2.5f);
   ralloc_free(f.ctx);
}

/* A rule whose replacement is one of its operands (iadd(a, 0) -> a) hands
 * that operand to ALU readers through their swizzle, without a mov for
 * copy propagation and DCE to clear in the next round. */
static void
test_algebraic_operand_without_mov(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *v = nir_f2i32(&f.b, nir_load_var(&f.b, f.in));
   nir_def *t = nir_iadd(&f.b, nir_channel(&f.b, v, 1), nir_imm_int(&f.b, 0));
   nir_store_var(&f.b, f.outi, nir_ineg(&f.b, t), 1);
   nir_copy_prop(f.b.shader); /* iadd reads v.y */
   nir_opt_dce(f.b.shader);
   assert_int_equal(count_op(&f, nir_op_mov), 0);
   assert_true(nir_opt_algebraic(f.b.shader));
   nir_opt_dce(f.b.shader);
   assert_int_equal(count_op(&f, nir_op_mov), 0);
   assert_int_equal(count_op(&f, nir_op_iadd), 0);
   const float in4[4] = { 1.0f, 7.0f, 3.0f, 4.0f };
   assert_int_equal(run_outi4(&f, in4), -7);
   ralloc_free(f.ctx);
}

/* An if whose condition is computed from constants goes in one run of
 * dead_cf (conditions become constant when a loop is unrolled; waiting
 * for constant folding cost a round of nir_optimize). */
static void
test_dead_cf_folds_condition(void **state)
{
   (void)state;
   fixture f;
   setup(&f, MESA_SHADER_VERTEX);
   nir_def *c = nir_ilt(&f.b, nir_imm_int(&f.b, 1),
                        nir_iadd(&f.b, nir_imm_int(&f.b, 1),
                                 nir_imm_int(&f.b, 1)));
   nir_if *nif = nir_push_if(&f.b, c);
   nir_store_var(&f.b, f.outi, nir_imm_int(&f.b, 7), 1);
   nir_push_else(&f.b, nif);
   nir_store_var(&f.b, f.outi, nir_imm_int(&f.b, 9), 1);
   nir_pop_if(&f.b, nif);
   assert_true(nir_opt_dead_cf(f.b.shader));
   nir_validate_shader(f.b.shader, "after dead_cf");
   /* One block and the end block: the if is gone. */
   assert_true(list_is_singular(&f.b.impl->body));
   assert_int_equal(run_outi(&f, 0.0f), 7);
   assert_false(nir_opt_dead_cf(f.b.shader));
   ralloc_free(f.ctx);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_constant_folding_and_dce),
      cmocka_unit_test(test_algebraic_identity),
      cmocka_unit_test(test_cse),
      cmocka_unit_test(test_cse_tex),
      cmocka_unit_test(test_cse_chain_in_one_run),
      cmocka_unit_test(test_vars_to_ssa_if),
      cmocka_unit_test(test_vars_to_ssa_dead_chain),
      cmocka_unit_test(test_peephole_select),
      cmocka_unit_test(test_dead_cf_constant_if),
      cmocka_unit_test(test_dead_cf_after_if_that_jumps),
      cmocka_unit_test(test_dead_cf_after_if_that_jumps_in_loop),
      cmocka_unit_test(test_loop_cse_reads_earlier_loop),
      cmocka_unit_test(test_loop_cse_repeated),
      cmocka_unit_test(test_dce_loop_phis),
      cmocka_unit_test(test_dce_dead_if_chain),
      cmocka_unit_test(test_remove_phis),
      cmocka_unit_test(test_bool_to_int),
      cmocka_unit_test(test_scalarise),
      cmocka_unit_test(test_lower_io_and_sysvals),
      cmocka_unit_test(test_lower_io_per_vertex),
      cmocka_unit_test(test_sysvals_metadata_per_function),
      cmocka_unit_test(test_instructions_pass_helpers),
      cmocka_unit_test(test_lower_idiv_exact),
      cmocka_unit_test(test_lossy_lowering),
      cmocka_unit_test(test_lower_fmod_without_fdiv),
      cmocka_unit_test(test_vars_to_scratch_vec4_array),
      cmocka_unit_test(test_vars_to_scratch_structs),
      cmocka_unit_test(test_vars_to_scratch_bools),
      cmocka_unit_test(test_unroll_dependent_nest),
      cmocka_unit_test(test_unroll_three_deep),
      cmocka_unit_test(test_unroll_inner_only),
      cmocka_unit_test(test_unroll_32_trips),
      cmocka_unit_test(test_unroll_one_rule),
      cmocka_unit_test(test_optimize_stops_at_fixed_point),
      cmocka_unit_test(test_fuse_ffma),
      cmocka_unit_test(test_fuse_ffma_swizzle),
      cmocka_unit_test(test_fuse_ffma_negated),
      cmocka_unit_test(test_fuse_ffma_refused),
      cmocka_unit_test(test_algebraic_settles_on_constants),
      cmocka_unit_test(test_dead_cf_folds_condition),
      cmocka_unit_test(test_algebraic_folds_as_it_goes),
      cmocka_unit_test(test_algebraic_operand_without_mov),
      cmocka_unit_test(test_fold_reuses_start_constant),
      cmocka_unit_test(test_remove_phis_past_copy),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
