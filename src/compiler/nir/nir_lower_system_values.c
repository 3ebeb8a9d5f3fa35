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
   case SYSTEM_VALUE_PRIMITIVE_ID: return nir_intrinsic_load_primitive_id;
   case SYSTEM_VALUE_INVOCATION_ID: return nir_intrinsic_load_invocation_id;
   default: return nir_num_intrinsics;
   }
}

static bool
lower_sysval_load(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   nir_shader *shader = data;
   if (intr->intrinsic != nir_intrinsic_load_deref)
      return false;
   nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
   if (d->modes != nir_var_system_value)
      return false;
   nir_variable *var = nir_deref_instr_get_variable(d);
   nir_intrinsic_op op =
      var ? sysval_intrinsic(var->data.location) : nir_num_intrinsics;
   if (op == nir_num_intrinsics)
      return false;
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *v = nir_load_system_value(b, op, intr->def.bit_size);
   if (d->deref_type == nir_deref_type_array) {
      nir_def *idx = d->arr_index.ssa;
      v = nir_vector_extract(b, v, idx);
   }
   nir_def_rewrite_uses(&intr->def, v);
   nir_instr_remove(&intr->instr);
   /* The variable goes away: so must the deref chain (it comes before the
    * load, so the walk is past it). */
   while (d && nir_def_is_unused(&d->def)) {
      nir_deref_instr *parent = nir_deref_instr_parent(d);
      nir_instr_remove(&d->instr);
      d = parent;
   }
   shader->info.system_values_read |= 1ull << var->data.location;
   return true;
}

bool
nir_lower_system_values(nir_shader *shader)
{
   bool progress = nir_shader_intrinsics_pass(
      shader, lower_sysval_load,
      nir_metadata_block_index | nir_metadata_dominance, shader);
   nir_foreach_variable_in_shader_safe(var, shader) {
      if (var->mode == nir_var_system_value &&
          sysval_intrinsic(var->data.location) != nir_num_intrinsics)
         list_del(&var->link);
   }
   return progress;
}
