/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * agx_nir_opt_preamble on hand-built NIR, checked structurally:
 *  - a product of two uniforms that feeds per-vertex work moves: the
 *    preamble computes it and stores it (slot 0, two halves), the shader
 *    reads it with load_preamble and no longer multiplies uniforms;
 *  - work that reads an input stays, and nothing is split off;
 *  - a negated uniform (free as a source modifier) read only as an ALU
 *    source is not worth a preamble;
 *  - a uniform-block load at a constant offset moves, one slot per
 *    component read;
 *  - the storage budget is respected.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "asahi/compiler/agx_compile.h"
#include "asahi/compiler/agx_nir.h"
#include "compiler/nir/nir_builder.h"

static nir_def *
uniform(nir_builder *b, unsigned slot)
{
   nir_def *zero = nir_imm_int(b, 0);
   nir_def *srcs[1] = {zero};
   return &nir_build_intrinsic(b, nir_intrinsic_load_uniform, 1, 32, srcs,
                               NIR_INTRINSIC_BASE, (int)slot,
                               NIR_INTRINSIC_NUM_INDEX_FLAGS)
              ->def;
}

static nir_def *
input(nir_builder *b)
{
   nir_def *zero = nir_imm_int(b, 0);
   nir_def *srcs[1] = {zero};
   return &nir_build_intrinsic(b, nir_intrinsic_load_input, 1, 32, srcs,
                               NIR_INTRINSIC_BASE, 16,
                               NIR_INTRINSIC_NUM_INDEX_FLAGS)
              ->def;
}

static void
output(nir_builder *b, nir_def *v)
{
   nir_def *srcs[2] = {v, nir_imm_int(b, 0)};
   nir_build_intrinsic(b, nir_intrinsic_store_output, 1, 32, srcs,
                       NIR_INTRINSIC_BASE, 32, NIR_INTRINSIC_WRITE_MASK, 1,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
}

static nir_builder
start(void)
{
   return nir_builder_init_simple_shader(MESA_SHADER_VERTEX,
                                         &agx_nir_options, "preamble", NULL);
}

struct census {
   unsigned alu[nir_num_opcodes];
   unsigned intr[nir_num_intrinsics];
   int store_base[8];
   nir_op stored_op[8];
   unsigned stores;
};

static void
count(nir_shader *s, struct census *c)
{
   memset(c, 0, sizeof(*c));
   nir_foreach_block(block, nir_shader_get_entrypoint(s))
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type == nir_instr_type_alu) {
            c->alu[nir_instr_as_alu(instr)->op]++;
         } else if (instr->type == nir_instr_type_intrinsic) {
            nir_intrinsic_instr *i = nir_instr_as_intrinsic(instr);
            c->intr[i->intrinsic]++;
            if (i->intrinsic == nir_intrinsic_store_preamble &&
                c->stores < 8) {
               nir_instr *p = nir_def_instr(i->src[0].ssa);
               c->store_base[c->stores] = nir_intrinsic_base(i);
               c->stored_op[c->stores++] =
                  p->type == nir_instr_type_alu ? nir_instr_as_alu(p)->op
                                                : nir_op_mov;
            }
         }
      }
   }
}

static void
test_uniform_product_moves(void **state)
{
   (void)state;
   nir_builder b = start();
   nir_def *k = nir_fmul(&b, uniform(&b, 0), uniform(&b, 1));
   output(&b, nir_fadd(&b, k, input(&b)));

   unsigned halves = 99;
   nir_shader *pre =
      agx_nir_opt_preamble(b.shader, b.shader, 128, false, &halves);
   assert_non_null(pre);
   assert_int_equal(halves, 2);

   struct census c;
   count(pre, &c);
   assert_int_equal(c.stores, 1);
   assert_int_equal(c.store_base[0], 0);
   assert_int_equal(c.stored_op[0], nir_op_fmul);
   assert_int_equal(c.intr[nir_intrinsic_load_uniform], 2);
   assert_int_equal(c.intr[nir_intrinsic_load_input], 0);
   assert_int_equal(c.intr[nir_intrinsic_store_output], 0);

   count(b.shader, &c);
   assert_int_equal(c.alu[nir_op_fmul], 0);
   assert_int_equal(c.alu[nir_op_fadd], 1);
   assert_int_equal(c.intr[nir_intrinsic_load_preamble], 1);
   assert_int_equal(c.intr[nir_intrinsic_load_uniform], 0);
   assert_int_equal(c.intr[nir_intrinsic_store_output], 1);
   ralloc_free(b.shader);
}

static void
test_per_vertex_work_stays(void **state)
{
   (void)state;
   nir_builder b = start();
   output(&b, nir_fmul(&b, uniform(&b, 0), input(&b)));
   unsigned halves = 99;
   assert_null(agx_nir_opt_preamble(b.shader, b.shader, 128, false, &halves));
   assert_int_equal(halves, 0);
   struct census c;
   count(b.shader, &c);
   assert_int_equal(c.alu[nir_op_fmul], 1);
   assert_int_equal(c.intr[nir_intrinsic_load_preamble], 0);
   ralloc_free(b.shader);
}

static void
test_free_modifier_stays(void **state)
{
   (void)state;
   nir_builder b = start();
   output(&b, nir_fadd(&b, nir_fneg(&b, uniform(&b, 0)), input(&b)));
   unsigned halves;
   assert_null(agx_nir_opt_preamble(b.shader, b.shader, 128, false, &halves));
   ralloc_free(b.shader);
}

static void
test_ubo_load_moves(void **state)
{
   (void)state;
   nir_builder b = start();
   nir_def *srcs[2] = {nir_imm_int(&b, 2), nir_imm_int(&b, 16)};
   nir_def *v = &nir_build_intrinsic(&b, nir_intrinsic_load_ubo, 4, 32, srcs,
                                     NIR_INTRINSIC_ALIGN_MUL, 4,
                                     NIR_INTRINSIC_NUM_INDEX_FLAGS)
                    ->def;
   /* components 0 and 2 read */
   output(&b, nir_fadd(&b, nir_channel(&b, v, 0), input(&b)));
   output(&b, nir_fadd(&b, nir_channel(&b, v, 2), input(&b)));
   unsigned halves;
   nir_shader *pre =
      agx_nir_opt_preamble(b.shader, b.shader, 128, false, &halves);
   assert_non_null(pre);
   assert_int_equal(halves, 4);
   struct census c;
   count(pre, &c);
   assert_int_equal(c.intr[nir_intrinsic_load_ubo], 1);
   assert_int_equal(c.stores, 2);
   count(b.shader, &c);
   assert_int_equal(c.intr[nir_intrinsic_load_ubo], 0);
   assert_int_equal(c.intr[nir_intrinsic_load_preamble], 2);
   ralloc_free(b.shader);
}

static void
test_budget(void **state)
{
   (void)state;
   nir_builder b = start();
   for (unsigned i = 0; i < 4; ++i) {
      nir_def *k = nir_fmul(&b, uniform(&b, i), uniform(&b, i + 4));
      output(&b, nir_fadd(&b, k, input(&b)));
   }
   unsigned halves;
   nir_shader *pre =
      agx_nir_opt_preamble(b.shader, b.shader, 4, false, &halves);
   assert_non_null(pre);
   assert_int_equal(halves, 4);
   struct census c;
   count(b.shader, &c);
   assert_int_equal(c.intr[nir_intrinsic_load_preamble], 2);
   assert_int_equal(c.alu[nir_op_fmul], 2); /* the rest stays */
   ralloc_free(b.shader);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_uniform_product_moves),
      cmocka_unit_test(test_per_vertex_work_stays),
      cmocka_unit_test(test_free_modifier_stays),
      cmocka_unit_test(test_ubo_load_moves),
      cmocka_unit_test(test_budget),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
