/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Phi simplification: a phi whose sources are all one value (ignoring
 * sources that are the phi itself, as in a loop that never changes it, and
 * undefs when the value dominates the phi) is that value.  A phi of only
 * undefs becomes an undef.  Runs until nothing changes, so chains of
 * trivial phis collapse: one walk over every phi, then a worklist of the
 * phis that read a removed one (the only ones whose answer can change).
 */
#include "nir_passes.h"

#include "util/u_dynarray.h"

enum phi_kind {
   PHI_KEEP,        /* two or more distinct real values */
   PHI_ONE_VALUE,   /* exactly one real value */
   PHI_UNDEF_ONLY,  /* nothing but itself and undefs */
};

/* A "real" source is neither the phi's own result nor an undef. */
static enum phi_kind
classify_phi(nir_phi_instr *phi, nir_def **value)
{
   *value = NULL;
   nir_foreach_phi_src(ps, phi) {
      nir_def *d = ps->src.ssa;
      bool real =
         d != &phi->def && nir_def_instr(d)->type != nir_instr_type_undef;
      if (!real || d == *value)
         continue;
      if (*value)
         return PHI_KEEP;
      *value = d;
   }
   return *value ? PHI_ONE_VALUE : PHI_UNDEF_ONLY;
}

static bool
simplify_phi(nir_function_impl *impl, nir_phi_instr *phi,
             struct util_dynarray *worklist)
{
   nir_block *block = phi->instr.block;
   nir_def *value;

   switch (classify_phi(phi, &value)) {
   case PHI_KEEP:
      return false;
   case PHI_ONE_VALUE: {
      /* Setting undefs aside is only sound when the value reaches every
       * predecessor, i.e. strictly dominates the phi's block. */
      nir_block *home = nir_def_instr(value)->block;
      if (home == block)
         return false;
      /* Computed on first need: most runs find no such phi, and the
       * next pass to change the control flow would drop it unused. */
      nir_metadata_require(impl, nir_metadata_dominance);
      if (!nir_block_dominates(home, block))
         return false;
      break;
   }
   case PHI_UNDEF_ONLY: {
      /* Any undef of the right shape will do; put it at the very top. */
      nir_undef_instr *u = nir_undef_instr_create(
         impl->function->shader, phi->def.num_components, phi->def.bit_size);
      nir_instr_insert(nir_before_impl(impl), &u->instr);
      value = &u->def;
      break;
   }
   }

   /* Phis reading this one see a new source: look at them again. */
   nir_foreach_use_including_if(src, &phi->def) {
      if (nir_src_is_if(src))
         continue;
      nir_instr *user = nir_src_parent_instr(src);
      if (user != &phi->instr && user->type == nir_instr_type_phi)
         util_dynarray_append(worklist, nir_phi_instr *,
                              nir_instr_as_phi(user));
   }
   nir_def_rewrite_uses_past_copies(&phi->def, value);
   nir_instr_remove(&phi->instr);
   return true;
}

/* One walk over every phi of the function, then the worklist; true if
 * any phi went away. */
static bool
sweep(nir_function_impl *impl)
{
   struct util_dynarray worklist;
   util_dynarray_init(&worklist, NULL);
   bool changed = false;
   nir_foreach_block(block, impl) {
      nir_foreach_phi_safe(phi, block)
         changed |= simplify_phi(impl, phi, &worklist);
   }
   while (util_dynarray_num_elements(&worklist, nir_phi_instr *)) {
      nir_phi_instr *phi = util_dynarray_pop(&worklist, nir_phi_instr *);
      if (phi->instr.block) /* not removed meanwhile */
         changed |= simplify_phi(impl, phi, &worklist);
   }
   util_dynarray_fini(&worklist);
   return changed;
}

bool
nir_opt_remove_phis(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      /* Removing phis keeps blocks, so dominance, once computed, stays
       * valid across the sweep. */
      bool changed = sweep(impl);
      if (changed)
         nir_metadata_preserve(impl, nir_metadata_block_index |
                                        nir_metadata_dominance);
      progress |= changed;
   }
   return progress;
}
