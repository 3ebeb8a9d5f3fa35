/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * System values: loads of nir_var_system_value variables (whose location
 * is a gl_system_value) become the matching load_* intrinsics, and the
 * variables go away.  Component selection through a deref on the vector
 * is kept as a channel of the intrinsic's result.
 */
#include "nir_builder.h"
#include "nir_passes.h"

static nir_intrinsic_op
sysval_intrinsic(int sv)
{
   switch (sv) {
   case SYSTEM_VALUE_VERTEX_ID: return nir_intrinsic_load_vertex_id;
   case SYSTEM_VALUE_VERTEX_ID_ZERO_BASE:
      return nir_intrinsic_load_vertex_id_zero_base;
   case SYSTEM_VALUE_BASE_VERTEX: return nir_intrinsic_load_base_vertex;
   case SYSTEM_VALUE_INSTANCE_ID: return nir_intrinsic_load_instance_id;
   case SYSTEM_VALUE_BASE_INSTANCE: return nir_intrinsic_load_base_instance;
   case SYSTEM_VALUE_FRAG_COORD: return nir_intrinsic_load_frag_coord;
   case SYSTEM_VALUE_FRONT_FACE: return nir_intrinsic_load_front_face;
   case SYSTEM_VALUE_SAMPLE_ID: return nir_intrinsic_load_sample_id;
   case SYSTEM_VALUE_SAMPLE_POS: return nir_intrinsic_load_sample_pos;
   case SYSTEM_VALUE_POINT_COORD: return nir_intrinsic_load_point_coord;
   case SYSTEM_VALUE_HELPER_INVOCATION:
      return nir_intrinsic_load_helper_invocation;
   case SYSTEM_VALUE_LOCAL_INVOCATION_ID:
      return nir_intrinsic_load_local_invocation_id;
   case SYSTEM_VALUE_LOCAL_INVOCATION_INDEX:
      return nir_intrinsic_load_local_invocation_index;
   case SYSTEM_VALUE_WORKGROUP_ID: return nir_intrinsic_load_workgroup_id;
   case SYSTEM_VALUE_NUM_WORKGROUPS: return nir_intrinsic_load_num_workgroups;
   case SYSTEM_VALUE_WORKGROUP_SIZE: return nir_intrinsic_load_workgroup_size;
   case SYSTEM_VALUE_GLOBAL_INVOCATION_ID:
      return nir_intrinsic_load_global_invocation_id;
   default: return nir_num_intrinsics;
   }
}

bool
nir_lower_system_values(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      nir_builder b = nir_builder_create(impl);
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            if (intr->intrinsic != nir_intrinsic_load_deref)
               continue;
            nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
            if (d->modes != nir_var_system_value)
               continue;
            nir_variable *var = nir_deref_instr_get_variable(d);
            nir_intrinsic_op op =
               var ? sysval_intrinsic(var->data.location) : nir_num_intrinsics;
            if (op == nir_num_intrinsics)
               continue;
            b.cursor = nir_before_instr(instr);
            nir_def *v = nir_load_system_value(&b, op, intr->def.bit_size);
            if (d->deref_type == nir_deref_type_array) {
               nir_def *idx = d->arr_index.ssa;
               v = nir_vector_extract(&b, v, idx);
            }
            nir_def_rewrite_uses(&intr->def, v);
            nir_instr_remove(instr);
            /* The variable goes away: so must the deref chain. */
            while (d && nir_def_is_unused(&d->def)) {
               nir_deref_instr *parent = nir_deref_instr_parent(d);
               nir_instr_remove(&d->instr);
               d = parent;
            }
            shader->info.system_values_read |= 1ull << var->data.location;
            progress = true;
         }
      }
      if (progress)
         nir_metadata_preserve(impl, nir_metadata_block_index |
                                        nir_metadata_dominance);
   }
   nir_foreach_variable_in_shader_safe(var, shader) {
      if (var->mode == nir_var_system_value &&
          sysval_intrinsic(var->data.location) != nir_num_intrinsics)
         list_del(&var->link);
   }
   return progress;
}
