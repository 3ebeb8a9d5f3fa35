/*
 * Divergence analysis: marks each SSA def `divergent` when invocations of
 * one draw or dispatch may see different values, `uniform` otherwise.
 *
 * A def is divergent when one of its sources is, when it reads per-
 * invocation state (inputs, vertex/invocation ids, fragment coordinates,
 * writable memory, textures with divergent coordinates), or when it is a
 * phi merging paths that divergent control flow chose between: after an
 * if with a divergent condition, or at a loop header / after a loop whose
 * body holds a divergent if.  Iterates to a fixed point, so loops settle.
 */
#include "nir.h"

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
      return !(d->modes & (nir_var_uniform | nir_var_mem_ubo));
   }
   case nir_intrinsic_load_input:
      /* Flat fragment inputs could be uniform per primitive; without the
       * interpolation mode at hand, assume not. */
      return true;
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
