/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Dead code elimination.  An instruction is live if it has an effect
 * (stores, jumps, discards, intrinsics that cannot be eliminated), if an
 * if condition reads it, or if a live instruction reads it; the rest is
 * deleted.  Block structure is kept.
 *
 * Marking is one reverse walk over the blocks in program order.  In SSA
 * form every use except a loop header phi's back-edge source comes after
 * its definition, so by the time the walk reaches an instruction all its
 * uses have been seen and its liveness is final: a live instruction marks
 * its sources and the walk moves on, touching each instruction once and
 * in memory order (the old marking chased sources from the roots, one
 * dependent cache miss per step).  The exception: a loop header phi found
 * live after its loop body was walked makes its back-edge value live
 * late.  Such a value, and anything already walked that it reads, goes
 * on a small work list.  Values only a dead loop phi reads stay dead, so
 * dead phi cycles are still removed.
 */
#include "nir_passes.h"

#include "util/u_dynarray.h"

enum {
   DCE_LIVE = 1 << 0,
   DCE_WALKED = 1 << 1, /* the reverse walk has passed this instruction */
};

typedef struct {
   struct util_dynarray late; /* walked instructions made live afterwards */
   unsigned live;
} dce_state;

static bool
mark_src(nir_src *src, void *data)
{
   dce_state *st = data;
   nir_instr *instr = nir_def_instr(src->ssa);
   if (instr->pass_flags & DCE_LIVE)
      return true;
   instr->pass_flags |= DCE_LIVE;
   st->live++;
   /* Only a loop header phi's back edge reaches back to a walked one. */
   if (instr->pass_flags & DCE_WALKED)
      util_dynarray_append(&st->late, nir_instr *, instr);
   return true;
}

static void
drain_late(dce_state *st)
{
   while (util_dynarray_num_elements(&st->late, nir_instr *)) {
      nir_instr *instr = util_dynarray_pop(&st->late, nir_instr *);
      nir_foreach_src(instr, mark_src, st);
   }
}

static bool
dce_impl(nir_function_impl *impl)
{
   dce_state st = { .live = 0 };
   util_dynarray_init(&st.late, NULL);
   unsigned total = 0;

   /* Reset, marking the roots: instructions with effects. */
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         total++;
         instr->pass_flags = nir_instr_can_eliminate(instr) ? 0 : DCE_LIVE;
         st.live += instr->pass_flags;
      }
   }

   nir_foreach_block_reverse(block, impl) {
      nir_cf_node *next = nir_cf_node_next(&block->cf_node);
      if (next && next->type == nir_cf_node_if)
         mark_src(&nir_cf_node_as_if(next)->condition, &st);
      nir_foreach_instr_reverse(instr, block) {
         instr->pass_flags |= DCE_WALKED;
         if (instr->pass_flags & DCE_LIVE)
            nir_foreach_src(instr, mark_src, &st);
      }
      drain_late(&st);
   }
   util_dynarray_fini(&st.late);

   /* Everything live: no walk to find nothing to remove (the last run in
    * nir_optimize's loop is such a run, and on a shader larger than the
    * caches every walk costs a miss per instruction). */
   if (st.live == total)
      return false;

   bool progress = false;
   nir_foreach_block(block, impl) {
      nir_foreach_instr_safe(instr, block) {
         if (!(instr->pass_flags & DCE_LIVE)) {
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
