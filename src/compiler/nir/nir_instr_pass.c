/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The walk every instruction-wise pass shares: functions, blocks in program
 * order, instructions (safe against the callback removing its own), one
 * builder per function, and the metadata rule applied once per function.
 * A pass only writes what it does to one instruction.
 */
#include "nir_builder.h"

/* Which callback to call on which instructions. */
typedef struct {
   nir_instr_pass_cb any;
   nir_alu_pass_cb alu;
   nir_intrinsic_pass_cb intrinsic;
   void *data;
} walk;

static bool
visit(nir_builder *b, nir_instr *instr, const walk *w)
{
   if (w->any) {
      b->cursor = nir_before_instr(instr);
      return w->any(b, instr, w->data);
   }
   if (w->alu && instr->type == nir_instr_type_alu) {
      b->cursor = nir_before_instr(instr);
      return w->alu(b, nir_instr_as_alu(instr), w->data);
   }
   if (w->intrinsic && instr->type == nir_instr_type_intrinsic) {
      b->cursor = nir_before_instr(instr);
      return w->intrinsic(b, nir_instr_as_intrinsic(instr), w->data);
   }
   return false;
}

static bool
walk_impl(nir_function_impl *impl, const walk *w, nir_metadata preserved)
{
   nir_builder b = nir_builder_create(impl);
   bool progress = false;
   nir_foreach_block(block, impl) {
      nir_foreach_instr_safe(instr, block)
         progress |= visit(&b, instr, w);
   }
   /* Only a function that changed loses metadata: the shader-wide result
    * must not decide for the functions after it. */
   if (progress)
      nir_metadata_preserve(impl, preserved);
   return progress;
}

static bool
walk_shader(nir_shader *shader, const walk *w, nir_metadata preserved)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader)
      progress |= walk_impl(impl, w, preserved);
   return progress;
}

bool
nir_function_instructions_pass(nir_function_impl *impl, nir_instr_pass_cb cb,
                               nir_metadata preserved, void *data)
{
   walk w = { .any = cb, .data = data };
   return walk_impl(impl, &w, preserved);
}

bool
nir_function_alu_pass(nir_function_impl *impl, nir_alu_pass_cb cb,
                      nir_metadata preserved, void *data)
{
   walk w = { .alu = cb, .data = data };
   return walk_impl(impl, &w, preserved);
}

bool
nir_function_intrinsics_pass(nir_function_impl *impl,
                             nir_intrinsic_pass_cb cb, nir_metadata preserved,
                             void *data)
{
   walk w = { .intrinsic = cb, .data = data };
   return walk_impl(impl, &w, preserved);
}

bool
nir_shader_instructions_pass(nir_shader *shader, nir_instr_pass_cb cb,
                             nir_metadata preserved, void *data)
{
   walk w = { .any = cb, .data = data };
   return walk_shader(shader, &w, preserved);
}

bool
nir_shader_alu_pass(nir_shader *shader, nir_alu_pass_cb cb,
                    nir_metadata preserved, void *data)
{
   walk w = { .alu = cb, .data = data };
   return walk_shader(shader, &w, preserved);
}

bool
nir_shader_intrinsics_pass(nir_shader *shader, nir_intrinsic_pass_cb cb,
                           nir_metadata preserved, void *data)
{
   walk w = { .intrinsic = cb, .data = data };
   return walk_shader(shader, &w, preserved);
}
