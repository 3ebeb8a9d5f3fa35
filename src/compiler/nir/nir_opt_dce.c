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
 * One reverse walk over the blocks in program order decides and removes.
 * In SSA form every use except a loop header phi's back-edge source
 * comes after its definition, so by the time the walk reaches an
 * instruction all its uses have been seen and its liveness is final: a
 * live instruction marks its sources, a dead one outside every loop is
 * removed on the spot, and the walk moves on, touching each instruction
 * once and in memory order.  The exception: a loop header phi found live
 * after its loop body was walked makes its back-edge value live late.
 * Such a value, and anything already walked that it reads, goes on a
 * small work list; so dead instructions inside loops are only removed
 * once the whole function is walked (a sweep of the loop blocks that had
 * any).  Values only a dead loop phi reads stay dead, so dead phi cycles
 * are still removed.
 *
 * Liveness and "walked" are flags in a byte array by def index
 * (impl->ssa_alloc: dense after nir_shader_compact_instrs), not in the
 * instructions: no walk to reset flags first, and the array of a large
 * shader (a byte a def) stays in the cache while its instructions do
 * not.  An instruction without a def is
 * live exactly when it cannot be eliminated.
 *
 * An if outside every loop whose branches hold nothing live and whose
 * phis are dead is no reason to keep its condition: the walk reaches the
 * block before it knowing both (from a count of live instructions taken
 * when the walk left the block after the if), and gives such an if a
 * constant false condition instead, which nir_opt_dead_cf then removes.
 * Otherwise a chain of ifs, each deciding on values only the next one's
 * condition reads, lost one link per round of nir_optimize (nir-bench
 * seed 2: 36 pass runs at 20k instructions, 114 at 80k).  Inside loops a
 * back-edge value can become live after the walk has passed an if, so
 * there conditions stay live as before.
 */
#include "nir_passes.h"

#include <stdlib.h>

#include "util/u_dynarray.h"

enum {
   DCE_LIVE = 1 << 0,
   DCE_WALKED = 1 << 1, /* the reverse walk has passed this def */
};

typedef struct {
   uint8_t *flags;            /* DCE_* by def index */
   unsigned num_defs;         /* impl->ssa_alloc */
   struct util_dynarray late; /* walked instructions made live afterwards */
   unsigned num_live;         /* live instructions walked so far */
   struct util_dynarray ifs;  /* if_mark of the ifs the walk is inside */
} dce_state;

/* An if whose branches the walk is in: num_live when it left the block
 * after the if. */
typedef struct {
   nir_if *nif;
   unsigned num_live;
} if_mark;

/* The def of an instruction that may be removed when nothing reads it;
 * NULL with *root set for one that must stay (an effect), NULL alone for
 * one that may go and has no def.  (nir_instr_can_eliminate and
 * nir_instr_def in one switch: this runs once per instruction.) */
static nir_def *
eliminable_def(nir_instr *instr, bool *root)
{
   *root = false;
   switch (instr->type) {
   case nir_instr_type_alu:
      return &nir_instr_as_alu(instr)->def;
   case nir_instr_type_deref:
      return &nir_instr_as_deref(instr)->def;
   case nir_instr_type_tex:
      return &nir_instr_as_tex(instr)->def;
   case nir_instr_type_load_const:
      return &nir_instr_as_load_const(instr)->def;
   case nir_instr_type_undef:
      return &nir_instr_as_undef(instr)->def;
   case nir_instr_type_phi:
      return &nir_instr_as_phi(instr)->def;
   default:
      *root = !nir_instr_can_eliminate(instr);
      return *root ? NULL : nir_instr_def(instr);
   }
}

static bool
is_live(const dce_state *st, nir_instr *instr, nir_def **def_out)
{
   bool root;
   nir_def *def = eliminable_def(instr, &root);
   *def_out = def;
   if (root)
      return true;
   if (!def)
      return false;
   /* (an index out of range is invalid IR: keep the instruction) */
   return def->index >= st->num_defs || (st->flags[def->index] & DCE_LIVE);
}

static bool
mark_src(nir_src *src, void *data)
{
   dce_state *st = data;
   unsigned i = src->ssa->index;
   if (i >= st->num_defs || (st->flags[i] & DCE_LIVE))
      return true;
   st->flags[i] |= DCE_LIVE;
   /* Only a loop header phi's back edge reaches back to a walked one. */
   if (st->flags[i] & DCE_WALKED)
      util_dynarray_append(&st->late, nir_instr *, nir_def_instr(src->ssa));
   return true;
}

static void
drain_late(dce_state *st)
{
   while (util_dynarray_num_elements(&st->late, nir_instr *)) {
      nir_instr *instr = util_dynarray_pop(&st->late, nir_instr *);
      st->num_live++;
      nir_foreach_src(instr, mark_src, st);
   }
}

/* Whether the walk, arriving at the block before `nif`, must keep its
 * condition (see the top of the file). */
static bool
if_needed(dce_state *st, nir_if *nif, bool in_loop)
{
   if_mark m = util_dynarray_pop(&st->ifs, if_mark);
   assert(m.nif == nif);
   if (in_loop || m.num_live != st->num_live)
      return true;
   nir_block *after = nir_cf_node_as_block(nir_cf_node_next(&nif->cf_node));
   nir_foreach_phi(phi, after) {
      unsigned i = phi->def.index;
      if (i >= st->num_defs || (st->flags[i] & DCE_LIVE))
         return true;
   }
   return false;
}

/* Gives an if that needs no condition the constant false (one per
 * function and bit size, made on first use). */
static void
drop_condition(nir_function_impl *impl, nir_if *nif,
               nir_load_const_instr **no)
{
   unsigned bits = nif->condition.ssa->bit_size;
   if (!*no || (*no)->def.bit_size != bits) {
      *no = nir_load_const_instr_create(impl->function->shader, 1, bits);
      (*no)->value[0].u64 = 0;
      nir_instr_insert(nir_before_impl(impl), &(*no)->instr);
   }
   nir_src_set_ssa(&nif->condition, &(*no)->def);
}

static bool
dce_impl(nir_function_impl *impl)
{
   dce_state st = { .num_defs = impl->ssa_alloc };
   st.flags = calloc(st.num_defs + 1, 1);
   if (!st.flags)
      return false; /* out of memory: remove nothing */
   util_dynarray_init(&st.late, NULL);
   util_dynarray_init(&st.ifs, NULL);
   nir_load_const_instr *no = NULL;
   /* loop blocks the walk left dead instructions in */
   struct util_dynarray loop_blocks;
   util_dynarray_init(&loop_blocks, NULL);

   bool progress = false;
   nir_foreach_block_reverse(block, impl) {
      nir_cf_node *next = nir_cf_node_next(&block->cf_node);
      bool in_loop = nir_block_get_loop(block) != NULL;
      if (next && next->type == nir_cf_node_if) {
         nir_if *nif = nir_cf_node_as_if(next);
         if (if_needed(&st, nif, in_loop) ||
             nir_def_instr(nif->condition.ssa)->type ==
                nir_instr_type_load_const) {
            mark_src(&nif->condition, &st);
         } else {
            drop_condition(impl, nif, &no);
            progress = true;
         }
      }
      bool left_dead = false;
      nir_foreach_instr_reverse_safe(instr, block) {
         nir_def *def;
         bool live = is_live(&st, instr, &def);
         if (def && def->index < st.num_defs)
            st.flags[def->index] |= DCE_WALKED;
         if (live) {
            st.num_live++;
            nir_foreach_src(instr, mark_src, &st);
         } else if (in_loop) {
            left_dead = true;
         } else {
            nir_instr_remove(instr);
            progress = true;
         }
      }
      drain_late(&st);
      if (left_dead)
         util_dynarray_append(&loop_blocks, nir_block *, block);
      nir_cf_node *prev = nir_cf_node_prev(&block->cf_node);
      if (prev && prev->type == nir_cf_node_if) {
         if_mark m = { nir_cf_node_as_if(prev), st.num_live };
         util_dynarray_append(&st.ifs, if_mark, m);
      }
   }

   util_dynarray_foreach(&loop_blocks, nir_block *, b) {
      nir_foreach_instr_safe(instr, *b) {
         nir_def *def;
         if (!is_live(&st, instr, &def)) {
            nir_instr_remove(instr);
            progress = true;
         }
      }
   }
   util_dynarray_fini(&loop_blocks);
   util_dynarray_fini(&st.late);
   util_dynarray_fini(&st.ifs);
   free(st.flags);

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
