/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Liveness of SSA defs per block: a def is live into a block when some path
 * from the block's start reaches a use without passing its definition.
 * Backward data-flow over bitsets indexed by def index, iterated in reverse
 * block order until nothing changes.  Phi sources count as uses at the end
 * of their predecessor, phi results as defined at the top of their block.
 */
#include "nir.h"

#include <string.h>

typedef struct {
   uint32_t *set;
} live_cb_state;

static bool
mark_use(nir_src *src, void *state)
{
   live_cb_state *st = state;
   st->set[src->ssa->index / 32] |= 1u << (src->ssa->index % 32);
   return true;
}

nir_liveness *
nir_live_defs_impl(nir_function_impl *impl)
{
   nir_index_ssa_defs(impl);
   nir_index_blocks(impl);
   nir_update_cfg(impl);

   nir_liveness *l = rzalloc(impl, nir_liveness);
   l->num_words = (impl->ssa_alloc + 31) / 32;
   unsigned nw = l->num_words ? l->num_words : 1;
   l->live_in = rzalloc_array(l, uint32_t, nw * impl->num_blocks);
   l->live_out = rzalloc_array(l, uint32_t, nw * impl->num_blocks);
   uint32_t *tmp = rzalloc_array(l, uint32_t, nw);

   bool progress = true;
   while (progress) {
      progress = false;
      nir_foreach_block_reverse(block, impl) {
         uint32_t *out = &l->live_out[block->index * nw];
         /* out = union of successors' in, plus phi sources from here. */
         for (unsigned s = 0; s < 2; s++) {
            nir_block *succ = block->successors[s];
            if (!succ)
               continue;
            uint32_t *in = &l->live_in[succ->index * nw];
            for (unsigned w = 0; w < nw; w++)
               out[w] |= in[w];
            nir_foreach_phi(phi, succ) {
               /* The phi's own result is not live into succ from here. */
               nir_phi_src *ps = nir_phi_get_src_from_block(phi, block);
               if (ps)
                  out[ps->src.ssa->index / 32] |=
                     1u << (ps->src.ssa->index % 32);
            }
         }
         memcpy(tmp, out, nw * sizeof(uint32_t));
         live_cb_state st = { tmp };
         nir_cf_node *next = nir_cf_node_next(&block->cf_node);
         if (next && next->type == nir_cf_node_if)
            mark_use(&nir_cf_node_as_if(next)->condition, &st);
         nir_foreach_instr_reverse(instr, block) {
            nir_def *def = nir_instr_def(instr);
            if (def)
               tmp[def->index / 32] &= ~(1u << (def->index % 32));
            if (instr->type != nir_instr_type_phi)
               nir_foreach_src(instr, mark_use, &st);
         }
         uint32_t *in = &l->live_in[block->index * nw];
         if (memcmp(in, tmp, nw * sizeof(uint32_t))) {
            memcpy(in, tmp, nw * sizeof(uint32_t));
            progress = true;
         }
      }
   }
   return l;
}
