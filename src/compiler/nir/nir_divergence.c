/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Divergence analysis: marks each SSA def `divergent` when invocations of
 * one draw or dispatch may see different values, `uniform` otherwise.
 *
 * A def is divergent when one of its sources is, when it reads per-
 * invocation state (inputs except flat fragment inputs when a subgroup
 * holds one primitive, vertex/invocation ids, fragment coordinates,
 * writable memory, textures with divergent coordinates), or when it is a
 * phi merging paths that divergent control flow chose between: after an
 * if with a divergent condition, or at a loop header / after a loop whose
 * body holds a divergent if.  Iterates to a fixed point, so loops settle.
 */
#include "nir.h"

/* Flat fragment inputs hold one value per primitive: uniform when the
 * driver says a subgroup never mixes primitives
 * (options->subgroup_single_primitive), divergent otherwise. */
static bool
flat_input_is_uniform(nir_shader *shader, const nir_variable *var)
{
   return shader->info.stage == MESA_SHADER_FRAGMENT && var && var->data.flat &&
          shader->options && shader->options->subgroup_single_primitive;
}

/* The input variable whose slots hold driver location `base`. */
static const nir_variable *
input_at(nir_shader *shader, unsigned base)
{
   nir_foreach_variable_with_modes(var, shader, nir_var_shader_in) {
      unsigned first = var->data.driver_location;
      if (base >= first && base < first + nir_vtype_count_slots(var->type))
         return var;
   }
   return NULL;
}

static const nir_variable *
deref_root_var(nir_deref_instr *d)
{
   for (; d; d = nir_deref_instr_parent(d)) {
      if (d->deref_type == nir_deref_type_var)
         return d->var;
      if (d->deref_type == nir_deref_type_cast)
         return NULL;
   }
   return NULL;
}

static bool
intrinsic_is_divergent(nir_shader *shader, nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case nir_intrinsic_load_uniform:
   case nir_intrinsic_load_ubo:
   case nir_intrinsic_load_base_vertex:
   case nir_intrinsic_load_base_instance:
   case nir_intrinsic_load_workgroup_id:
   case nir_intrinsic_load_num_workgroups:
   case nir_intrinsic_load_workgroup_size:
   case nir_intrinsic_image_deref_size:
      return false;
   case nir_intrinsic_load_deref: {
      nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
      if (d->modes == nir_var_shader_in)
         return !flat_input_is_uniform(shader, deref_root_var(d));
      return !(d->modes & (nir_var_uniform | nir_var_mem_ubo));
   }
   case nir_intrinsic_load_input:
      return !flat_input_is_uniform(
         shader, input_at(shader, (unsigned)nir_intrinsic_base(intr)));
   default:
      return true;
   }
}

static bool
any_src_divergent(nir_src *src, void *state)
{
   bool *d = state;
   if (src->ssa->divergent)
      *d = true;
   return true;
}

static bool
cf_has_divergent_if(nir_cf_node *node)
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
phi_is_divergent(nir_phi_instr *phi)
{
   nir_foreach_phi_src(ps, phi) {
      if (ps->src.ssa->divergent)
         return true;
   }
   nir_block *block = phi->instr.block;
   nir_cf_node *prev = nir_cf_node_prev(&block->cf_node);
   if (prev && prev->type == nir_cf_node_if)
      return nir_cf_node_as_if(prev)->condition.ssa->divergent ||
             cf_has_divergent_if(prev);
   if (prev && prev->type == nir_cf_node_loop)
      return cf_has_divergent_if(prev);
   nir_cf_node *parent = block->cf_node.parent;
   if (!prev && parent->type == nir_cf_node_loop)
      return cf_has_divergent_if(parent);
   return false;
}

void
nir_divergence_analysis(nir_shader *shader)
{
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            nir_def *def = nir_instr_def(instr);
            if (def)
               def->divergent = false;
         }
      }
      bool progress = true;
      while (progress) {
         progress = false;
         nir_foreach_block(block, impl) {
            nir_foreach_instr(instr, block) {
               nir_def *def = nir_instr_def(instr);
               if (!def || def->divergent)
                  continue;
               bool d = false;
               switch (instr->type) {
               case nir_instr_type_phi:
                  d = phi_is_divergent(nir_instr_as_phi(instr));
                  break;
               case nir_instr_type_intrinsic:
                  d = intrinsic_is_divergent(shader,
                                             nir_instr_as_intrinsic(instr));
                  nir_foreach_src(instr, any_src_divergent, &d);
                  break;
               default:
                  nir_foreach_src(instr, any_src_divergent, &d);
                  break;
               }
               if (d) {
                  def->divergent = true;
                  progress = true;
               }
            }
         }
      }
   }
}
