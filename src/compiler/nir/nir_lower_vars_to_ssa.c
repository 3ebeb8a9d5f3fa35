/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Variables to SSA: promotes function temporaries to SSA values.
 *
 * A variable qualifies when every access is a load_deref / store_deref
 * through a chain of derefs with constant array indices (struct fields,
 * array elements, matrix columns, single vector components).  Each vector
 * "leaf" reached this way (a field, an array element ...) becomes its own
 * SSA value, built with the classic construction: phis at the iterated
 * dominance frontier of the blocks that store the leaf, then renaming
 * along the dominator tree with a stack of current values per leaf.
 * Reads before any write see an undef.  Partial writes (write masks,
 * single components) merge with the current value through a vecN.
 *
 * Variables indexed with non-constant indices are left alone; run
 * nir_lower_indirect_derefs first to turn those into if-ladders.
 */
#include "nir_builder.h"
#include "nir_passes.h"

#include <stdlib.h>
#include <string.h>

#include "util/u_dynarray.h"

typedef struct {
   nir_variable *var;
   unsigned cell;
   unsigned id;                   /* position in state::all_leaves */
   unsigned num_components, bit_size;
   struct util_dynarray stack;   /* nir_def * */
   struct util_dynarray def_blocks; /* nir_block * */
   nir_def *undef;
} leaf;

/* One per deref of the function, read back by every access: 24 bytes, so
 * that the table of a large shader stays small. */
typedef struct {
   nir_variable *var;
   leaf *leaf;                    /* for vector / component derefs */
   unsigned cell;                 /* scalar cell offset */
   int8_t component;              /* -1: the whole leaf */
   bool present;                  /* leads to a function temporary */
   bool ok;                       /* constant path to something */
} deref_info;

static_assert(sizeof(deref_info) <= 24, "deref_info is kept per deref");

typedef struct {
   nir_function_impl *impl;
   nir_shader *shader;
   void *mem;
   /* The derefs of the function in program order, and what is known of
    * each: a deref's instr->index is its position in both (side arrays,
    * not a hash table keyed by pointer: a large shader has tens of
    * thousands of derefs, and a per-deref allocation and hashed lookup
    * each cost a cache miss). */
   nir_deref_instr **derefs;
   deref_info *infos;
   unsigned num_derefs;
   struct hash_table *leaves;     /* var -> leaf *[scalar cells] */
   struct set *bad_vars;
   struct util_dynarray all_leaves;
   /* The load/store_deref instructions of the shader, and for each the
    * leaf it accesses (NULL: not promoted, or already renamed) and the
    * component (-1: all). */
   nir_intrinsic_instr **accesses;
   leaf **access_leaves;
   int8_t *access_comps;
   unsigned num_accesses;
   /* The accesses of block b are accesses[block_accesses[b->index] ..
    * block_accesses[b->index + 1]) (collected in program order, which is
    * block-index order): the renaming visits them without walking the
    * block's other instructions. */
   unsigned *block_accesses;
   nir_block **blocks;            /* by index (the end block excepted) */
   uint8_t *renamed;              /* by block index: the renaming met it */
} state;

static deref_info *
get_info(state *st, nir_deref_instr *d)
{
   unsigned i = d->instr.index;
   assert(i < st->num_derefs && st->derefs[i] == d);
   return st->infos[i].present ? &st->infos[i] : NULL;
}

/* The phis this pass placed carry pass_flags 1 and their leaf's id in
 * instr->index (the other phis' pass_flags are cleared by the first
 * walk). */
static leaf *
phi_leaf(state *st, nir_phi_instr *phi)
{
   if (!phi->instr.pass_flags)
      return NULL;
   return *util_dynarray_element(&st->all_leaves, leaf *, phi->instr.index);
}

/* The leaf of var starting at scalar cell `cell`: one table of leaves per
 * variable, indexed by cell (no key to build per deref). */
static leaf *
get_leaf(state *st, nir_variable *var, unsigned cell, const nir_vtype *type)
{
   leaf **cells = hash_table_search_data(st->leaves, var);
   if (!cells) {
      unsigned n = nir_vtype_count_scalars(var->type);
      cells = rzalloc_array(st->mem, leaf *, n ? n : 1);
      hash_table_insert(st->leaves, var, cells);
   }
   assert(cell < nir_vtype_count_scalars(var->type));
   leaf *l = cells[cell];
   if (l)
      return l;
   l = rzalloc(st->mem, leaf);
   l->var = var;
   l->cell = cell;
   l->id = util_dynarray_num_elements(&st->all_leaves, leaf *);
   l->num_components = type->components;
   l->bit_size = nir_alu_type_get_type_size(type->base);
   util_dynarray_init(&l->stack, st->mem);
   util_dynarray_init(&l->def_blocks, st->mem);
   cells[cell] = l;
   util_dynarray_append(&st->all_leaves, leaf *, l);
   return l;
}

/* Derefs that do not lead to a function temporary (shader I/O, uniforms,
 * casts) get no entry: a missing entry means "not promotable", and most
 * derefs of a shader are of that kind. */
static void
analyse_deref(state *st, nir_deref_instr *d)
{
   deref_info *pi = NULL;
   if (d->deref_type == nir_deref_type_var) {
      if (d->var->mode != nir_var_function_temp)
         return;
   } else if (d->deref_type == nir_deref_type_cast) {
      return;
   } else {
      pi = get_info(st, nir_deref_instr_parent(d));
      if (!pi || !pi->var)
         return;
   }

   deref_info *info = &st->infos[d->instr.index];
   info->present = true;
   info->component = -1;

   if (d->deref_type == nir_deref_type_var) {
      info->ok = true;
      info->var = d->var;
   } else {
      nir_deref_instr *parent = nir_deref_instr_parent(d);
      info->var = pi->var;
      if (!pi->ok) {
         set_add(st->bad_vars, info->var);
         return;
      }
      const nir_vtype *pt = parent->type;
      if (d->deref_type == nir_deref_type_struct) {
         info->cell = pi->cell;
         for (unsigned i = 0; i < d->field_index; i++)
            info->cell += nir_vtype_count_scalars(pt->fields[i].type);
         info->ok = true;
      } else {
         nir_instr *ii = nir_def_instr(d->arr_index.ssa);
         if (ii->type != nir_instr_type_load_const) {
            set_add(st->bad_vars, info->var);
            return;
         }
         uint64_t idx = nir_const_value_as_uint(
            nir_instr_as_load_const(ii)->value[0], d->arr_index.ssa->bit_size);
         unsigned len = pt->kind == NIR_VTYPE_VECTOR ? pt->components
                                                     : pt->length;
         if (idx >= len) {
            /* Out of bounds: undefined behaviour; do not promote. */
            set_add(st->bad_vars, info->var);
            return;
         }
         if (pt->kind == NIR_VTYPE_VECTOR) {
            info->cell = pi->cell;
            info->ok = true;
            info->leaf = get_leaf(st, info->var, pi->cell, pt);
            info->component = (int8_t)idx;
         } else {
            info->cell =
               pi->cell + (unsigned)idx * nir_vtype_count_scalars(pt->elem);
            info->ok = true;
         }
      }
   }
   if (info->ok && d->type->kind == NIR_VTYPE_VECTOR && !info->leaf)
      info->leaf = get_leaf(st, info->var, info->cell, d->type);

   nir_foreach_use_including_if(src, &d->def) {
      if (!nir_deref_use_is_plain(src))
         set_add(st->bad_vars, info->var);
   }
}

static leaf *
access_leaf(state *st, nir_intrinsic_instr *intr, int *component)
{
   if (intr->intrinsic != nir_intrinsic_load_deref &&
       intr->intrinsic != nir_intrinsic_store_deref)
      return NULL;
   nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
   deref_info *info = get_info(st, d);
   if (!info || !info->ok || !info->leaf || set_contains(st->bad_vars,
                                                          info->var))
      return NULL;
   *component = info->component;
   return info->leaf;
}

static nir_def *
leaf_value(state *st, leaf *l)
{
   if (util_dynarray_num_elements(&l->stack, nir_def *))
      return util_dynarray_top(&l->stack, nir_def *);
   if (!l->undef) {
      nir_undef_instr *u =
         nir_undef_instr_create(st->shader, l->num_components, l->bit_size);
      nir_instr_insert(nir_before_impl(st->impl), &u->instr);
      l->undef = &u->def;
   }
   return l->undef;
}

static void
place_phis(state *st)
{
   nir_function_impl *impl = st->impl;
   unsigned nb = impl->num_blocks;
   leaf **has_phi = calloc(nb, sizeof(*has_phi));
   leaf **in_work = calloc(nb, sizeof(*in_work));
   nir_block **work = calloc(nb + 1, sizeof(*work));
   if (!has_phi || !in_work || !work)
      goto out;

   nir_dynarray_foreach(&st->all_leaves, leaf *, lp) {
      leaf *l = *lp;
      if (set_contains(st->bad_vars, l->var))
         continue;
      unsigned n = 0;
      nir_dynarray_foreach(&l->def_blocks, nir_block *, bp) {
         if (in_work[(*bp)->index] != l) {
            in_work[(*bp)->index] = l;
            work[n++] = *bp;
         }
      }
      while (n) {
         nir_block *b = work[--n];
         for (unsigned fi = 0; fi < b->num_dom_frontier; fi++) {
            nir_block *f = b->dom_frontier[fi];
            if (f == impl->end_block || has_phi[f->index] == l)
               continue;
            has_phi[f->index] = l;
            nir_phi_instr *phi = nir_phi_instr_create(st->shader);
            nir_def_init(&phi->instr, &phi->def, l->num_components,
                         l->bit_size);
            nir_instr_insert(nir_before_block(f), &phi->instr);
            phi->instr.pass_flags = 1;
            phi->instr.index = l->id;
            if (in_work[f->index] != l) {
               in_work[f->index] = l;
               work[n++] = f;
            }
         }
      }
   }
out:
   free(has_phi);
   free(in_work);
   free(work);
}

/* The leaf's new value after a partial write: the channels in `mask`
 * from `value` (its channel 0 for a single-component write, else the
 * same channel), the others from `cur`.  One vecN reading both through
 * swizzles, not a mov per channel: those would be left for copy
 * propagation and DCE, on the largest shader the loop sees. */
static nir_def *
merge_channels(nir_builder *b, nir_def *cur, nir_def *value, unsigned mask,
               bool single)
{
   unsigned n = cur->num_components;
   if (n == 1)
      return mask & 1 ? nir_channel(b, value, 0) : cur;
   nir_alu_instr *vec = nir_alu_instr_create(b->shader, nir_op_vec(n));
   for (unsigned c = 0; c < n; c++) {
      bool from_value = mask & (1u << c);
      vec->src[c].src.ssa = from_value ? value : cur;
      nir_alu_src_set_swizzle(&vec->src[c], 0, from_value && single ? 0 : c);
   }
   return nir_builder_alu_instr_finish_and_insert(b, vec);
}

/* The placed phis in block's successors get their source from block: the
 * leaf's current value. */
static void
fill_successor_phis(state *st, nir_block *block)
{
   for (unsigned s = 0; s < 2; s++) {
      nir_block *succ = block->successors[s];
      if (!succ)
         continue;
      nir_foreach_phi(phi, succ) {
         leaf *l = phi_leaf(st, phi);
         if (l)
            nir_phi_instr_add_src(phi, block, leaf_value(st, l));
      }
   }
}

static void
rename_block(state *st, nir_block *block)
{
   struct util_dynarray pushed;
   util_dynarray_init(&pushed, NULL);

   st->renamed[block->index] = 1;
   nir_foreach_phi(phi, block) {
      leaf *l = phi_leaf(st, phi);
      if (l) {
         util_dynarray_append(&l->stack, nir_def *, &phi->def);
         util_dynarray_append(&pushed, leaf *, l);
      }
   }

   for (unsigned i = st->block_accesses[block->index];
        i < st->block_accesses[block->index + 1]; i++) {
      /* (an access not promoted is not even read) */
      leaf *l = st->access_leaves[i];
      if (!l)
         continue;
      int comp = st->access_comps[i];
      nir_intrinsic_instr *intr = st->accesses[i];
      nir_instr *instr = &intr->instr;
      nir_builder b = nir_builder_at(nir_before_instr(instr));
      nir_def *cur = leaf_value(st, l);
      if (intr->intrinsic == nir_intrinsic_load_deref) {
         nir_def *v = comp >= 0 ? nir_channel(&b, cur, (unsigned)comp) : cur;
         nir_def_rewrite_uses(&intr->def, v);
      } else {
         nir_def *value = intr->src[1].ssa;
         unsigned mask = nir_intrinsic_write_mask(intr);
         unsigned all = (1u << l->num_components) - 1;
         nir_def *nv;
         if (comp >= 0) {
            nv = merge_channels(&b, cur, value, 1u << comp, true);
         } else if (mask == all) {
            nv = value;
         } else {
            nv = merge_channels(&b, cur, value, mask, false);
         }
         util_dynarray_append(&l->stack, nir_def *, nv);
         util_dynarray_append(&pushed, leaf *, l);
      }
      nir_instr_remove(instr);
      st->access_leaves[i] = NULL; /* done: see lower_impl() */
   }

   fill_successor_phis(st, block);

   for (unsigned i = 0; i < block->num_dom_children; i++)
      rename_block(st, block->dom_children[i]);

   nir_dynarray_foreach(&pushed, leaf *, lp)
      (void)util_dynarray_pop(&(*lp)->stack, nir_def *);
   util_dynarray_fini(&pushed);
}

/* The renaming walk follows the dominator tree from the start block, so
 * it never meets a block control cannot reach, such as the empty block
 * after an if whose branches both jump.  That block still falls through
 * to its structural successor and is one of its predecessors, so the
 * placed phis there need a source from it: undefined, as nothing reaches
 * it (the validator wants one source per predecessor).  Those are the
 * blocks the walk did not mark (found without reading the others). */
static void
fill_unreachable_preds(state *st)
{
   /* the walk is over: every stack is empty, every value undefined */
   for (unsigned i = 0; i + 1 < st->impl->num_blocks; i++) {
      if (!st->renamed[i])
         fill_successor_phis(st, st->blocks[i]);
   }
}

/* Removes the derefs found unused (their positions in `dead`, in program
 * order), last first, and with each its parents that it was the last
 * user of: a chain dies whole, and only dead derefs and their parents are
 * read (the first walk saw the rest used).  Removed ones become NULL in
 * all_derefs. */
static bool
remove_dead_derefs(nir_deref_instr **all_derefs, struct util_dynarray *dead)
{
   bool removed = false;
   while (util_dynarray_num_elements(dead, unsigned)) {
      nir_deref_instr *d = all_derefs[util_dynarray_pop(dead, unsigned)];
      while (d && nir_def_is_unused(&d->def)) {
         nir_deref_instr *parent = NULL;
         if (d->deref_type != nir_deref_type_var &&
             nir_def_instr(d->parent.ssa)->type == nir_instr_type_deref)
            parent = nir_src_as_deref(d->parent);
         all_derefs[d->instr.index] = NULL;
         nir_instr_remove(&d->instr);
         removed = true;
         d = parent;
      }
   }
   return removed;
}

static bool
lower_impl(nir_shader *shader, nir_function_impl *impl)
{
   if (list_is_empty(&impl->locals))
      return false;

   state st;
   memset(&st, 0, sizeof(st));
   st.impl = impl;
   st.shader = shader;
   st.mem = ralloc_context(NULL);
   st.leaves = hash_table_create_pointer_keys(st.mem);
   st.bad_vars = set_create_pointer_keys(st.mem);
   util_dynarray_init(&st.all_leaves, st.mem);

   /* One walk over the shader collects the derefs and the variable
    * accesses; everything after it works from those lists (the pass runs
    * in every round of nir_optimize, mostly to find that nothing is left
    * to promote, and on the largest shader the loop sees: in a shader
    * larger than the caches each walk costs a miss per instruction).
    * Dead derefs (left by other passes) must not block promotion: they go
    * first (remove_dead_derefs()).  The renaming then visits only each
    * block's accesses (block_starts), not its other instructions. */
   struct util_dynarray derefs, dead, accesses, block_starts, blocks;
   util_dynarray_init(&derefs, st.mem);
   util_dynarray_init(&dead, st.mem);
   util_dynarray_init(&accesses, st.mem);
   util_dynarray_init(&block_starts, st.mem);
   util_dynarray_init(&blocks, st.mem);
   nir_foreach_block(block, impl) {
      util_dynarray_append(&blocks, nir_block *, block);
      /* (blocks are indexed in this order: see state::block_accesses) */
      util_dynarray_append(
         &block_starts, unsigned,
         util_dynarray_num_elements(&accesses, nir_intrinsic_instr *));
      nir_foreach_instr(instr, block) {
         if (instr->type == nir_instr_type_deref) {
            nir_deref_instr *d = nir_instr_as_deref(instr);
            instr->index =
               util_dynarray_num_elements(&derefs, nir_deref_instr *);
            util_dynarray_append(&derefs, nir_deref_instr *, d);
            if (nir_def_is_unused(&d->def))
               util_dynarray_append(&dead, unsigned, instr->index);
         } else if (instr->type == nir_instr_type_phi) {
            instr->pass_flags = 0;
         } else if (instr->type == nir_instr_type_intrinsic) {
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            if (intr->intrinsic == nir_intrinsic_load_deref ||
                intr->intrinsic == nir_intrinsic_store_deref)
               util_dynarray_append(&accesses, nir_intrinsic_instr *, intr);
         }
      }
   }
   /* The derefs' instr->index now says where they are in the list. */
   nir_metadata_preserve(impl, ~nir_metadata_instr_index);
   nir_deref_instr **all_derefs = util_dynarray_begin(&derefs);
   unsigned num_derefs =
      util_dynarray_num_elements(&derefs, nir_deref_instr *);
   st.derefs = all_derefs;
   st.num_derefs = num_derefs;
   st.infos = rzalloc_array(st.mem, deref_info, num_derefs + 1);
   if (!st.infos) {
      ralloc_free(st.mem);
      return false;
   }
   bool removed = remove_dead_derefs(all_derefs, &dead);
   for (unsigned i = 0; i < num_derefs; i++) {
      if (all_derefs[i])
         analyse_deref(&st, all_derefs[i]);
   }

   bool any = false;
   list_for_each_entry(nir_variable, var, &impl->locals, link)
      any |= !set_contains(st.bad_vars, var);
   if (!any) {
      ralloc_free(st.mem);
      return removed;
   }

   /* Which leaf each access reaches, looked up once (the renaming walk
    * finds it by the access's position: a deref-table lookup per access
    * was a cache miss on a large shader).  The pass reports progress from
    * here on, which drops the instruction-index metadata. */
   nir_metadata_require(impl, nir_metadata_block_index |
                                 nir_metadata_dominance);
   st.accesses = util_dynarray_begin(&accesses);
   st.num_accesses =
      util_dynarray_num_elements(&accesses, nir_intrinsic_instr *);
   st.access_leaves = ralloc_array(st.mem, leaf *, st.num_accesses + 1);
   st.access_comps = ralloc_array(st.mem, int8_t, st.num_accesses + 1);
   /* the end of the last block, and the end block (no instructions) */
   util_dynarray_append(&block_starts, unsigned, st.num_accesses);
   util_dynarray_append(&block_starts, unsigned, st.num_accesses);
   st.block_accesses = util_dynarray_begin(&block_starts);
   assert(util_dynarray_num_elements(&block_starts, unsigned) ==
          impl->num_blocks + 1);
   st.blocks = util_dynarray_begin(&blocks);
   st.renamed = rzalloc_array(st.mem, uint8_t, impl->num_blocks);
   for (unsigned i = 0; i < st.num_accesses; i++) {
      nir_intrinsic_instr *intr = st.accesses[i];
      int comp = -1;
      leaf *l = access_leaf(&st, intr, &comp);
      st.access_leaves[i] = l;
      st.access_comps[i] = (int8_t)comp;
      if (l && intr->intrinsic == nir_intrinsic_store_deref)
         util_dynarray_append(&l->def_blocks, nir_block *, intr->instr.block);
   }

   place_phis(&st);
   rename_block(&st, nir_start_block(impl));
   fill_unreachable_preds(&st);

   /* The renaming walk removed every access it met (and cleared its
    * leaf); what is left of the promoted ones is in unreachable blocks. */
   for (unsigned i = 0; i < st.num_accesses; i++) {
      if (!st.access_leaves[i])
         continue;
      nir_intrinsic_instr *intr = st.accesses[i];
      assert(intr->instr.block);
      if (intr->intrinsic == nir_intrinsic_load_deref) {
         nir_undef_instr *u = nir_undef_instr_create(
            shader, intr->def.num_components, intr->def.bit_size);
         nir_instr_insert(nir_before_impl(impl), &u->instr);
         nir_def_rewrite_uses(&intr->def, &u->def);
      }
      nir_instr_remove(&intr->instr);
   }

   /* Remove the derefs of promoted variables, children before parents
    * (a deref follows its parent in program order).  The side table says
    * which those are: the other derefs are not read. */
   for (unsigned i = num_derefs; i-- > 0;) {
      const deref_info *info = &st.infos[i];
      nir_deref_instr *d = all_derefs[i];
      if (!d || !info->present || !info->var ||
          set_contains(st.bad_vars, info->var))
         continue;
      if (d->instr.block && nir_def_is_unused(&d->def))
         nir_instr_remove(&d->instr);
   }
   list_for_each_entry_safe(nir_variable, var, &impl->locals, link) {
      if (!set_contains(st.bad_vars, var))
         list_del(&var->link);
   }

   ralloc_free(st.mem);
   nir_metadata_preserve(impl, nir_metadata_block_index |
                                  nir_metadata_dominance);
   return true;
}

bool
nir_lower_vars_to_ssa(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader)
      progress |= lower_impl(shader, impl);
   return progress;
}
