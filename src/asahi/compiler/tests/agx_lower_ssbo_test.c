/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * agx_nir_lower_ssbo on hand-built NIR, checked structurally:
 *  - every access ends with a constant binding, inside an if whose
 *    condition reads get_ssbo_size of that binding (the bounds check);
 *  - a run-time binding becomes one access per binding 0 .. 15;
 *  - loads and atomics keep a value: a phi of the access and 0;
 *  - in fragment shaders stores and atomics also test
 *    load_helper_invocation, loads do not;
 *  - get_ssbo_size of a constant binding is left alone.
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

struct counts {
   unsigned access[nir_num_intrinsics];
   unsigned guarded, helper_guarded, dynamic_binding;
   unsigned phis;
};

/* Does the value (through iand/inot chains) read intrinsic `op`? */
static bool
reads(nir_def *def, nir_intrinsic_op op, int binding, unsigned depth)
{
   nir_instr *p = nir_def_instr(def);
   if (depth > 8)
      return false;
   if (p->type == nir_instr_type_intrinsic) {
      nir_intrinsic_instr *i = nir_instr_as_intrinsic(p);
      if (i->intrinsic != op)
         return false;
      if (binding < 0)
         return true;
      nir_instr *b = nir_def_instr(i->src[0].ssa);
      return b->type == nir_instr_type_load_const &&
             nir_instr_as_load_const(b)->value[0].u32 == (uint32_t)binding;
   }
   if (p->type != nir_instr_type_alu)
      return false;
   nir_alu_instr *alu = nir_instr_as_alu(p);
   for (unsigned s = 0; s < nir_op_infos[alu->op].num_inputs; ++s) {
      if (reads(alu->src[s].src.ssa, op, binding, depth + 1))
         return true;
   }
   return false;
}

static void
count(nir_shader *nir, struct counts *c)
{
   memset(c, 0, sizeof(*c));
   nir_foreach_block(block, nir_shader_get_entrypoint(nir))
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type == nir_instr_type_phi)
            c->phis++;
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         int bs;
         switch (intr->intrinsic) {
         case nir_intrinsic_load_ssbo:
         case nir_intrinsic_ssbo_atomic:
         case nir_intrinsic_ssbo_atomic_swap:
            bs = 0;
            break;
         case nir_intrinsic_store_ssbo:
            bs = 1;
            break;
         default:
            continue;
         }
         c->access[intr->intrinsic]++;
         nir_instr *b = nir_def_instr(intr->src[bs].ssa);
         if (b->type != nir_instr_type_load_const) {
            c->dynamic_binding++;
            continue;
         }
         int k = (int)nir_instr_as_load_const(b)->value[0].u32;
         nir_cf_node *parent = block->cf_node.parent;
         if (parent->type != nir_cf_node_if)
            continue;
         nir_if *nif = (nir_if *)parent;
         if (reads(nif->condition.ssa, nir_intrinsic_get_ssbo_size, k, 0))
            c->guarded++;
         if (reads(nif->condition.ssa, nir_intrinsic_load_helper_invocation,
                   -1, 0))
            c->helper_guarded++;
      }
   }
}

static nir_def *
load_ssbo(nir_builder *b, nir_def *binding, nir_def *offset)
{
   nir_def *srcs[2] = {binding, offset};
   return &nir_build_intrinsic(b, nir_intrinsic_load_ssbo, 2, 32, srcs,
                               NIR_INTRINSIC_ALIGN_MUL, 4,
                               NIR_INTRINSIC_NUM_INDEX_FLAGS)
              ->def;
}

static void
store_ssbo(nir_builder *b, nir_def *v, nir_def *binding, nir_def *offset)
{
   nir_def *srcs[3] = {v, binding, offset};
   nir_build_intrinsic(b, nir_intrinsic_store_ssbo, v->num_components, 32,
                       srcs, NIR_INTRINSIC_WRITE_MASK, 0x3,
                       NIR_INTRINSIC_ALIGN_MUL, 4,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
}

static nir_def *
atomic(nir_builder *b, nir_def *binding, nir_def *offset, nir_def *data)
{
   nir_def *srcs[3] = {binding, offset, data};
   return &nir_build_intrinsic(b, nir_intrinsic_ssbo_atomic, 1, 32, srcs,
                               NIR_INTRINSIC_ATOMIC_OP, nir_atomic_op_iadd,
                               NIR_INTRINSIC_NUM_INDEX_FLAGS)
              ->def;
}

/* load(3, off) -> store(v, 5, off + 8); atomic(dyn, 0, 1) -> store(., 2, 0) */
static nir_shader *
build(gl_shader_stage stage, bool dynamic_load)
{
   nir_builder b =
      nir_builder_init_simple_shader(stage, &agx_nir_options, "ssbo", NULL);
   nir_def *off = nir_imul(
      &b, nir_load_system_value(&b, nir_intrinsic_load_vertex_id, 32),
      nir_imm_int(&b, 8));
   nir_def *dyn =
      nir_iand(&b, nir_load_system_value(&b, nir_intrinsic_load_vertex_id, 32),
               nir_imm_int(&b, 3));
   nir_def *v = load_ssbo(&b, dynamic_load ? dyn : nir_imm_int(&b, 3), off);
   store_ssbo(&b, v, nir_imm_int(&b, 5), nir_iadd(&b, off, nir_imm_int(&b, 8)));
   nir_def *old = atomic(&b, dyn, nir_imm_int(&b, 0), nir_imm_int(&b, 1));
   nir_def *pair[2] = {old, old};
   store_ssbo(&b, nir_vec(&b, pair, 2), nir_imm_int(&b, 2), nir_imm_int(&b, 0));
   return b.shader;
}

static void
constant_bindings(void **state)
{
   (void)state;
   nir_shader *nir = build(MESA_SHADER_VERTEX, false);
   assert_true(agx_nir_lower_ssbo(nir));
   struct counts c;
   count(nir, &c);
   assert_int_equal(c.dynamic_binding, 0);
   assert_int_equal(c.access[nir_intrinsic_load_ssbo], 1);
   assert_int_equal(c.access[nir_intrinsic_store_ssbo], 2);
   /* the run-time binding of the atomic: one per binding */
   assert_int_equal(c.access[nir_intrinsic_ssbo_atomic], AGX_MAX_SSBOS);
   /* every access checked against its own binding's size */
   assert_int_equal(c.guarded, 3 + AGX_MAX_SSBOS);
   assert_int_equal(c.helper_guarded, 0);
   /* values: load (1) and each atomic (16) through a guard phi, and the
    * chain's 15 merges */
   assert_true(c.phis >= 1 + AGX_MAX_SSBOS + (AGX_MAX_SSBOS - 1));
   ralloc_free(nir);
}

static void
dynamic_load(void **state)
{
   (void)state;
   nir_shader *nir = build(MESA_SHADER_VERTEX, true);
   assert_true(agx_nir_lower_ssbo(nir));
   struct counts c;
   count(nir, &c);
   assert_int_equal(c.dynamic_binding, 0);
   assert_int_equal(c.access[nir_intrinsic_load_ssbo], AGX_MAX_SSBOS);
   assert_int_equal(c.guarded, 2 * AGX_MAX_SSBOS + 2);
   ralloc_free(nir);
}

static void
fragment_helpers(void **state)
{
   (void)state;
   nir_shader *nir = build(MESA_SHADER_FRAGMENT, false);
   assert_true(agx_nir_lower_ssbo(nir));
   struct counts c;
   count(nir, &c);
   /* the two stores and the sixteen atomics, not the load */
   assert_int_equal(c.helper_guarded, 2 + AGX_MAX_SSBOS);
   assert_int_equal(c.guarded, 3 + AGX_MAX_SSBOS);
   ralloc_free(nir);
}

static void
size_left_alone(void **state)
{
   (void)state;
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_COMPUTE, &agx_nir_options, "size", NULL);
   nir_def *srcs[1] = {nir_imm_int(&b, 4)};
   nir_build_intrinsic(&b, nir_intrinsic_get_ssbo_size, 1, 32, srcs,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   assert_false(agx_nir_lower_ssbo(b.shader));
   ralloc_free(b.shader);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(constant_bindings),
      cmocka_unit_test(dynamic_load),
      cmocka_unit_test(fragment_helpers),
      cmocka_unit_test(size_left_alone),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
