/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Shader storage buffer accesses in the form instruction selection takes:
 * a constant binding, and no access outside the bound range.
 *
 * Every load_ssbo, store_ssbo, ssbo_atomic and ssbo_atomic_swap is put
 * under `if (size >= bytes && offset <= size - bytes)`, size being
 * get_ssbo_size of its binding (the bound range, AGX_PUSH_SSBO) and bytes
 * the access's width: an access that does not lie wholly inside the range
 * does nothing, and loads and atomics give 0 there.  That is one of the
 * results robust buffer access allows (GL 4.6 section 6.8: reads outside
 * return values from the buffer or zero, writes outside may be
 * discarded); without robustness GL leaves them undefined, and here they
 * can neither fault nor touch other memory.  In fragment shaders, stores
 * and atomics of helper invocations are skipped the same way.
 *
 * A binding that is not a constant (an element of a buffer-block array
 * chosen at run time) becomes a chain of ifs over the bindings, one
 * access with a constant binding in each, as agx_nir_lower_ubo.c does for
 * uniform blocks: each binding's address lives in its own uniform
 * registers, which cannot be indexed.  get_ssbo_size with a run-time
 * binding is chained the same way.
 */

#include <stdint.h>
#include <string.h>

#include "nir_builder.h"
#include "agx_compile.h"
#include "agx_nir.h"

/* Source index of the binding, or -1 for other intrinsics. */
static int
binding_src(nir_intrinsic_op op)
{
   switch (op) {
   case nir_intrinsic_load_ssbo:
   case nir_intrinsic_ssbo_atomic:
   case nir_intrinsic_ssbo_atomic_swap:
   case nir_intrinsic_get_ssbo_size:
      return 0;
   case nir_intrinsic_store_ssbo:
      return 1;
   default:
      return -1;
   }
}

/* A copy of `intr` at the cursor with binding k (indices kept). */
static nir_intrinsic_instr *
copy_with_binding(nir_builder *b, nir_intrinsic_instr *intr, uint32_t k)
{
   const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
   nir_def *srcs[4];
   for (unsigned i = 0; i < info->num_srcs; ++i)
      srcs[i] = intr->src[i].ssa;
   srcs[binding_src(intr->intrinsic)] = nir_imm_int(b, (int)k);
   unsigned bits = info->has_dest ? intr->def.bit_size : 32;
   nir_intrinsic_instr *c = nir_build_intrinsic(
      b, intr->intrinsic, intr->num_components, bits, srcs,
      NIR_INTRINSIC_NUM_INDEX_FLAGS);
   memcpy(c->index_value, intr->index_value, sizeof(c->index_value));
   return c;
}

/* The access with binding k, done only when it lies inside the bound
 * range; its value (0 outside), or NULL for stores. */
static nir_def *
guarded_access(nir_builder *b, nir_intrinsic_instr *intr, uint32_t k)
{
   const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
   if (intr->intrinsic == nir_intrinsic_get_ssbo_size)
      return &copy_with_binding(b, intr, k)->def;

   nir_def *offset, *data;
   if (intr->intrinsic == nir_intrinsic_store_ssbo) {
      offset = intr->src[2].ssa;
      data = intr->src[0].ssa;
   } else {
      offset = intr->src[1].ssa;
      data = &intr->def;
   }
   unsigned bytes = data->num_components * data->bit_size / 8;
   nir_def *size_srcs[1] = {nir_imm_int(b, (int)k)};
   nir_def *size =
      &nir_build_intrinsic(b, nir_intrinsic_get_ssbo_size, 1, 32, size_srcs,
                           NIR_INTRINSIC_NUM_INDEX_FLAGS)
          ->def;
   nir_def *cond;
   if (nir_def_instr(offset)->type == nir_instr_type_load_const &&
       nir_instr_as_load_const(nir_def_instr(offset))->value[0].u32 <=
          UINT32_MAX - bytes) {
      /* a constant offset (a block member): one compare */
      uint32_t end =
         nir_instr_as_load_const(nir_def_instr(offset))->value[0].u32 + bytes;
      cond = nir_uge(b, size, nir_imm_int(b, (int)end));
   } else {
      nir_def *fits = nir_uge(b, size, nir_imm_int(b, (int)bytes));
      nir_def *inside =
         nir_uge(b, nir_isub(b, size, nir_imm_int(b, (int)bytes)), offset);
      cond = nir_iand(b, fits, inside);
   }
   /* helper invocations of fragment shaders write nothing (GLSL 4.60
    * section 7.1.4: their stores and atomics have no effect) */
   if (b->shader->info.stage == MESA_SHADER_FRAGMENT &&
       intr->intrinsic != nir_intrinsic_load_ssbo)
      cond = nir_iand(b, cond,
                      nir_inot(b, nir_load_system_value(
                                     b, nir_intrinsic_load_helper_invocation,
                                     1)));
   /* the value outside, made before the if so that it dominates the
    * else edge */
   nir_def *zero = info->has_dest ? nir_imm_zero(b, intr->def.num_components,
                                                  intr->def.bit_size)
                                  : NULL;
   nir_if *nif = nir_push_if(b, cond);
   nir_intrinsic_instr *c = copy_with_binding(b, intr, k);
   nir_pop_if(b, nif);
   if (!info->has_dest)
      return NULL;
   return nir_if_phi(b, &c->def, zero);
}

/* if (binding == k) access k else (if (binding == k + 1) ... access hi) */
static nir_def *
binding_chain(nir_builder *b, nir_intrinsic_instr *intr, nir_def *binding,
              uint32_t k, uint32_t hi)
{
   const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
   if (k == hi)
      return guarded_access(b, intr, k);
   nir_if *nif = nir_push_if(b, nir_ieq(b, binding, nir_imm_int(b, (int)k)));
   nir_def *then_v = guarded_access(b, intr, k);
   nir_push_else(b, nif);
   nir_def *else_v = binding_chain(b, intr, binding, k + 1, hi);
   nir_pop_if(b, nif);
   return info->has_dest ? nir_if_phi(b, then_v, else_v) : NULL;
}

static bool
lower_access(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   (void)data;
   nir_def *binding = intr->src[binding_src(intr->intrinsic)].ssa;
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *v;
   if (nir_def_instr(binding)->type == nir_instr_type_load_const) {
      uint32_t k =
         nir_instr_as_load_const(nir_def_instr(binding))->value[0].u32;
      v = guarded_access(b, intr, k);
   } else {
      v = binding_chain(b, intr, binding, 0, AGX_MAX_SSBOS - 1);
   }
   if (v)
      nir_def_rewrite_uses(&intr->def, v);
   nir_instr_remove(&intr->instr);
   return true;
}

static bool
is_lowered(const nir_intrinsic_instr *intr, void *data)
{
   (void)data;
   int s = binding_src(intr->intrinsic);
   if (s < 0)
      return false;
   /* get_ssbo_size of a constant binding is what isel reads */
   return intr->intrinsic != nir_intrinsic_get_ssbo_size ||
          nir_def_instr(intr->src[s].ssa)->type != nir_instr_type_load_const;
}

bool
agx_nir_lower_ssbo(nir_shader *nir)
{
   return agx_nir_lower_collected(nir, is_lowered, lower_access, NULL);
}
