/*
 * Phi simplification: a phi whose sources are all one value (ignoring
 * sources that are the phi itself, as in a loop that never changes it, and
 * undefs when the value dominates the phi) is that value.  A phi of only
 * undefs becomes an undef.  Runs until nothing changes, so chains of
 * trivial phis collapse.
 */
#include "nir_passes.h"

static bool
remove_phis_block(nir_block *block)
{
   bool progress = false;
   nir_foreach_phi_safe(phi, block) {
      nir_def *same = NULL;
      bool trivial = true;
      nir_foreach_phi_src(ps, phi) {
         nir_def *d = ps->src.ssa;
         if (d == &phi->def)
            continue;
         if (d->parent_instr->type == nir_instr_type_undef)
            continue;
         if (same && same != d) {
            trivial = false;
            break;
         }
         same = d;
      }
      if (!trivial)
         continue;
      /* With undef sources ignored, `same` must still dominate the phi
       * (and not be defined later in the phi's own block). */
      if (same && (same->parent_instr->block == block ||
                   !nir_block_dominates(same->parent_instr->block, block)))
         continue;
      if (!same) {
         /* Only undefs (or itself): any undef will do; make one. */
         nir_undef_instr *u = nir_undef_instr_create(
            nir_cf_node_get_function(&block->cf_node)->function->shader,
            phi->def.num_components, phi->def.bit_size);
         nir_function_impl *impl = nir_cf_node_get_function(&block->cf_node);
         nir_instr_insert(nir_before_impl(impl), &u->instr);
         same = &u->def;
      }
      /* `same` dominates the phi: it reaches every predecessor. */
      nir_def_rewrite_uses(&phi->def, same);
      nir_instr_remove(&phi->instr);
      progress = true;
   }
   return progress;
}

bool
nir_opt_remove_phis(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      bool p = true, any = false;
      nir_metadata_require(impl, nir_metadata_dominance);
      while (p) {
         p = false;
         nir_foreach_block(block, impl)
            p |= remove_phis_block(block);
         any |= p;
      }
      if (any)
         nir_metadata_preserve(impl, nir_metadata_block_index |
                                        nir_metadata_dominance);
      progress |= any;
   }
   return progress;
}
