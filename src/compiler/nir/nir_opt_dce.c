/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Dead code elimination.  Marks as live every instruction with an effect
 * (stores, jumps, discards, intrinsics that cannot be eliminated) and every
 * value an if condition reads, then everything those read, transitively;
 * deletes the rest.  Marking from the roots removes dead cycles of loop
 * phis too.  Assumes nothing about metadata; preserves block structure.
 */
#include "nir_passes.h"

#include "util/u_dynarray.h"

typedef struct {
   struct util_dynarray worklist;
   unsigned live; /* instructions marked live so far */
} dce_state;

static bool
mark_src(nir_src *src, void *data)
{
   dce_state *st = data;
   nir_instr *instr = nir_def_instr(src->ssa);
   if (!instr->pass_flags) {
      instr->pass_flags = 1;
      st->live++;
      util_dynarray_append(&st->worklist, nir_instr *, instr);
   }
   return true;
}

static bool
dce_impl(nir_function_impl *impl)
{
   dce_state st = { .live = 0 };
   util_dynarray_init(&st.worklist, NULL);
   unsigned total = 0;

   /* Roots: instructions with effects, and if conditions.  A condition
    * only marks instructions above it, which the walk has already reset,
    * so one walk does both. */
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         total++;
         instr->pass_flags = !nir_instr_can_eliminate(instr);
         if (instr->pass_flags) {
            st.live++;
            util_dynarray_append(&st.worklist, nir_instr *, instr);
         }
      }
      nir_cf_node *next = nir_cf_node_next(&block->cf_node);
      if (next && next->type == nir_cf_node_if)
         mark_src(&nir_cf_node_as_if(next)->condition, &st);
   }

   while (util_dynarray_num_elements(&st.worklist, nir_instr *)) {
      nir_instr *instr = util_dynarray_pop(&st.worklist, nir_instr *);
      nir_foreach_src(instr, mark_src, &st);
   }
   util_dynarray_fini(&st.worklist);

   /* Everything live: no walk to find nothing to remove (the last run in
    * nir_optimize's loop is such a run, and on a shader larger than the
    * caches every walk costs a miss per instruction). */
   if (st.live == total)
      return false;

   bool progress = false;
   nir_foreach_block(block, impl) {
      nir_foreach_instr_safe(instr, block) {
         if (!instr->pass_flags) {
            nir_instr_remove(instr);
            progress = true;
         }
      }
   }
   if (progress)
      nir_metadata_preserve(impl, nir_metadata_block_index |
                                     nir_metadata_dominance);
   return progress;
}

bool
nir_opt_dce(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader)
      progress |= dce_impl(impl);
   return progress;
}
