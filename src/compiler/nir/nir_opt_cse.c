/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Common subexpression elimination (value numbering over the dominator
 * tree).  Two instructions are equal when they compute the same function
 * of the same SSA values: same opcode / intrinsic / constant, same sources
 * and swizzles (commutative two-source ops in either order), same shape
 * and indices.  Walking the dominator tree in pre-order with a table scoped
 * to the current path guarantees the instruction kept dominates the one
 * removed.  Only side-effect-free, reorderable instructions take part,
 * plus variable loads from read-only storage (inputs, uniforms, UBOs) and
 * texture instructions (textures are read-only in a shader; an implicit
 * LOD taken where the first lookup ran is as defined as one taken in the
 * dominated, possibly divergent, place).
 */
#include "nir_passes.h"

#include <stdlib.h>
#include <string.h>

#include "util/u_dynarray.h"
#include "util/u_math.h"

static bool
instr_can_cse(nir_instr *instr)
{
   switch (instr->type) {
   case nir_instr_type_alu:
   case nir_instr_type_load_const:
      return true;
   case nir_instr_type_tex:
      return !nir_instr_as_tex(instr)->storage_image;
   case nir_instr_type_deref:
      return nir_instr_as_deref(instr)->deref_type != nir_deref_type_cast;
   case nir_instr_type_intrinsic: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
      /* Loads of storage nothing in the shader can write. */
      if (intr->intrinsic == nir_intrinsic_load_deref) {
         nir_instr *d = nir_def_instr(intr->src[0].ssa);
         return d->type == nir_instr_type_deref &&
                !(nir_instr_as_deref(d)->modes &
                  ~(nir_var_shader_in | nir_var_uniform | nir_var_mem_ubo |
                    nir_var_system_value));
      }
      return info->has_dest && (info->flags & NIR_INTRINSIC_CAN_REORDER);
   }
   default:
      return false;
   }
}

static uint32_t
hash_mix(uint32_t h, uint64_t v)
{
   h ^= (uint32_t)v + 0x9e3779b9u + (h << 6) + (h >> 2);
   h ^= (uint32_t)(v >> 32) + 0x9e3779b9u + (h << 6) + (h >> 2);
   return h;
}

static uint32_t
hash_alu_src(const nir_alu_instr *alu, unsigned i)
{
   uint32_t h = util_hash_pointer(alu->src[i].src.ssa);
   unsigned n = nir_ssa_alu_instr_src_components(alu, i);
   for (unsigned c = 0; c < n; c++)
      h = hash_mix(h, nir_alu_src_swizzle(&alu->src[i], c));
   return h;
}

static uint32_t
hash_instr(const void *key)
{
   nir_instr *instr = (nir_instr *)key;
   uint32_t h = instr->type;
   nir_def *def = nir_instr_def(instr);
   h = hash_mix(h, def->num_components | (def->bit_size << 8));
   switch (instr->type) {
   case nir_instr_type_alu: {
      nir_alu_instr *alu = nir_instr_as_alu(instr);
      h = hash_mix(h, alu->op);
      unsigned n = nir_op_infos[alu->op].num_inputs;
      if (n == 2 && (nir_op_infos[alu->op].props & NIR_OP_COMMUTATIVE)) {
         /* Order-independent combination. */
         h = hash_mix(h, hash_alu_src(alu, 0) + hash_alu_src(alu, 1));
      } else {
         for (unsigned i = 0; i < n; i++)
            h = hash_mix(h, hash_alu_src(alu, i));
      }
      break;
   }
   case nir_instr_type_load_const: {
      nir_load_const_instr *lc = nir_instr_as_load_const(instr);
      for (unsigned c = 0; c < lc->def.num_components; c++)
         h = hash_mix(h, nir_const_value_as_uint(lc->value[c],
                                                 lc->def.bit_size));
      break;
   }
   case nir_instr_type_deref: {
      nir_deref_instr *d = nir_instr_as_deref(instr);
      h = hash_mix(h, d->deref_type);
      /* Only the fields of its kind exist (nir_deref_instr_size()). */
      if (d->deref_type == nir_deref_type_var) {
         h = hash_mix(h, (uintptr_t)d->var);
         break;
      }
      h = hash_mix(h, (uintptr_t)d->parent.ssa);
      if (d->deref_type == nir_deref_type_array)
         h = hash_mix(h, (uintptr_t)d->arr_index.ssa);
      else
         h = hash_mix(h, d->field_index); /* or cast_stride */
      break;
   }
   case nir_instr_type_intrinsic: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      h = hash_mix(h, intr->intrinsic);
      for (unsigned i = 0; i < nir_intrinsic_infos[intr->intrinsic].num_srcs;
           i++)
         h = hash_mix(h, (uintptr_t)intr->src[i].ssa);
      for (unsigned k = 0; k < NIR_INTRINSIC_MAX_INDICES; k++)
         h = hash_mix(h, (uint32_t)intr->index_value[k]);
      break;
   }
   case nir_instr_type_tex: {
      nir_tex_instr *tex = nir_instr_as_tex(instr);
      h = hash_mix(h, tex->op | (tex->sampler_dim << 8) |
                         ((uint64_t)tex->texture_index << 32));
      h = hash_mix(h, tex->sampler_index | ((uint64_t)tex->num_srcs << 32));
      for (unsigned i = 0; i < tex->num_srcs; i++)
         h = hash_mix(h, (uintptr_t)tex->src[i].src.ssa +
                            tex->src[i].src_type);
      break;
   }
   default:
      break;
   }
   /* The table takes its slot from the low bits, which hash_mix leaves
    * poorly mixed (small opcodes, swizzles and constants): finish with an
    * avalanche, or clusters in the linear probing grow with the number of
    * live keys and the table costs more per instruction the larger the
    * shader. */
   h ^= h >> 16;
   h *= 0x85ebca6bu;
   h ^= h >> 13;
   h *= 0xc2b2ae35u;
   h ^= h >> 16;
   return h;
}

static bool
alu_srcs_equal(const nir_alu_instr *a, unsigned ia, const nir_alu_instr *b,
               unsigned ib)
{
   if (a->src[ia].src.ssa != b->src[ib].src.ssa)
      return false;
   unsigned n = nir_ssa_alu_instr_src_components(a, ia);
   return nir_alu_src_swizzle_equal(&a->src[ia], &b->src[ib], n);
}

static bool
instrs_equal(const void *ka, const void *kb)
{
   nir_instr *ia = (nir_instr *)ka, *ib = (nir_instr *)kb;
   if (ia->type != ib->type)
      return false;
   nir_def *da = nir_instr_def(ia), *db = nir_instr_def(ib);
   if (da->num_components != db->num_components ||
       da->bit_size != db->bit_size)
      return false;
   switch (ia->type) {
   case nir_instr_type_alu: {
      nir_alu_instr *a = nir_instr_as_alu(ia), *b = nir_instr_as_alu(ib);
      if (a->op != b->op)
         return false;
      unsigned n = nir_op_infos[a->op].num_inputs;
      bool same = true;
      for (unsigned i = 0; i < n; i++)
         same = same && alu_srcs_equal(a, i, b, i);
      if (same)
         return true;
      if (n == 2 && (nir_op_infos[a->op].props & NIR_OP_COMMUTATIVE))
         return alu_srcs_equal(a, 0, b, 1) && alu_srcs_equal(a, 1, b, 0);
      return false;
   }
   case nir_instr_type_load_const: {
      nir_load_const_instr *a = nir_instr_as_load_const(ia);
      nir_load_const_instr *b = nir_instr_as_load_const(ib);
      for (unsigned c = 0; c < a->def.num_components; c++) {
         if (nir_const_value_as_uint(a->value[c], a->def.bit_size) !=
             nir_const_value_as_uint(b->value[c], b->def.bit_size))
            return false;
      }
      return true;
   }
   case nir_instr_type_deref: {
      nir_deref_instr *a = nir_instr_as_deref(ia), *b = nir_instr_as_deref(ib);
      if (a->deref_type != b->deref_type || a->modes != b->modes ||
          !nir_vtype_equal(a->type, b->type))
         return false;
      /* Only the fields of its kind exist (nir_deref_instr_size()). */
      switch (a->deref_type) {
      case nir_deref_type_var:
         return a->var == b->var;
      case nir_deref_type_array:
         return a->parent.ssa == b->parent.ssa &&
                a->arr_index.ssa == b->arr_index.ssa;
      case nir_deref_type_struct:
         return a->parent.ssa == b->parent.ssa &&
                a->field_index == b->field_index;
      case nir_deref_type_cast:
         return a->parent.ssa == b->parent.ssa &&
                a->cast_stride == b->cast_stride;
      }
      return false;
   }
   case nir_instr_type_intrinsic: {
      nir_intrinsic_instr *a = nir_instr_as_intrinsic(ia);
      nir_intrinsic_instr *b = nir_instr_as_intrinsic(ib);
      if (a->intrinsic != b->intrinsic ||
          a->num_components != b->num_components ||
          memcmp(a->index_value, b->index_value, sizeof(a->index_value)))
         return false;
      for (unsigned i = 0; i < nir_intrinsic_infos[a->intrinsic].num_srcs;
           i++) {
         if (a->src[i].ssa != b->src[i].ssa)
            return false;
      }
      return true;
   }
   case nir_instr_type_tex: {
      nir_tex_instr *a = nir_instr_as_tex(ia), *b = nir_instr_as_tex(ib);
      if (a->op != b->op || a->sampler_dim != b->sampler_dim ||
          a->is_array != b->is_array || a->is_shadow != b->is_shadow ||
          a->dest_type != b->dest_type ||
          a->coord_components != b->coord_components ||
          a->component != b->component ||
          a->texture_index != b->texture_index ||
          a->sampler_index != b->sampler_index || a->num_srcs != b->num_srcs)
         return false;
      for (unsigned i = 0; i < a->num_srcs; i++) {
         if (a->src[i].src.ssa != b->src[i].src.ssa ||
             a->src[i].src_type != b->src[i].src_type)
            return false;
      }
      return true;
   }
   default:
      return false;
   }
}

/* An instruction this block added to the table, with its hash, so that
 * leaving the block does not hash it again (on a large shader, hashing
 * reads the instruction back from memory). */
typedef struct {
   nir_instr *instr;
   uint32_t hash;
} added_instr;

/*
 * The table holds only instructions something later could equal.  An
 * equal instruction reads the same values, so an instruction one of
 * whose sources has no other user cannot be matched, and stays out
 * (CSE_SKIPPED in pass_flags): most instructions of a large shader are
 * such (chains of single-use values), and a table of every instruction
 * in scope outgrows the caches, a miss per lookup.  A value gains users
 * only when a duplicate of its instruction is folded into it; then its
 * old users that were skipped, visited and still in scope may have
 * become matchable and enter the table at once, before any new user is
 * visited.  So the pass finds exactly what a table of every instruction
 * would.
 */
enum { CSE_OTHER = 0, CSE_IN_TABLE = 1, CSE_SKIPPED = 2 };

typedef struct {
   struct set *table;
   nir_block *block;                /* the block being walked */
   struct util_dynarray **added_of; /* by block index; NULL off the path */
   /* The instructions of `block` visited so far, in order (instr->index
    * is the position): tells a visited one from one further down whose
    * pass_flags are another pass's. */
   struct util_dynarray visited;
} cse_state;

static bool
src_has_other_users(nir_src *src, void *data)
{
   (void)data;
   /* The list holds this source: one entry when next == prev. */
   return src->ssa->uses.next != src->ssa->uses.prev;
}

static bool
cannot_be_matched(nir_instr *instr)
{
   return !nir_foreach_src(instr, src_has_other_users, NULL);
}

static bool
visited_in_scope(const cse_state *st, nir_instr *instr)
{
   if (!st->added_of[instr->block->index])
      return false;
   if (instr->block != st->block)
      return true; /* an ancestor: walked to its end */
   unsigned n = util_dynarray_num_elements(&st->visited, nir_instr *);
   return instr->index < n &&
          *util_dynarray_element(&st->visited, nir_instr *, instr->index) ==
             instr;
}

static void
add_to_table(cse_state *st, nir_instr *instr, uint32_t hash)
{
   instr->pass_flags = CSE_IN_TABLE;
   added_instr a = { instr, hash };
   util_dynarray_append(st->added_of[instr->block->index], added_instr, a);
}

/* def's instruction took over a duplicate's users.  If def had one user
 * before, that user may have been left out for it and may now be
 * matchable.  (With more users before, every user saw def shared.) */
static void
admit_earlier_user(cse_state *st, nir_src *only_use)
{
   if (!only_use || nir_src_is_if(only_use))
      return;
   nir_instr *user = nir_src_parent_instr(only_use);
   if (user->pass_flags != CSE_SKIPPED || !visited_in_scope(st, user) ||
       cannot_be_matched(user))
      return;
   bool found;
   struct set_entry *e = set_search_or_add(st->table, user, &found);
   if (!found)
      add_to_table(st, user, e->hash);
}

static bool
cse_block(cse_state *st, nir_block *block)
{
   bool progress = false;
   struct util_dynarray added;
   util_dynarray_init(&added, NULL);
   st->added_of[block->index] = &added;
   st->block = block;
   util_dynarray_clear(&st->visited);

   nir_foreach_instr_safe(instr, block) {
      instr->index = util_dynarray_num_elements(&st->visited, nir_instr *);
      util_dynarray_append(&st->visited, nir_instr *, instr);
      instr->pass_flags = CSE_OTHER;
      if (!instr_can_cse(instr))
         continue;
      if (cannot_be_matched(instr)) {
         instr->pass_flags = CSE_SKIPPED;
         continue;
      }
      bool found;
      struct set_entry *e = set_search_or_add(st->table, instr, &found);
      if (found) {
         nir_instr *other = (nir_instr *)e->key;
         if (instr->type == nir_instr_type_alu &&
             nir_instr_as_alu(instr)->exact)
            nir_instr_as_alu(other)->exact = true;
         /* one of them must be computed at full precision: both are */
         /* (so must an integer one read as int by one and as uint by
          * the other: their 16-bit forms widen differently) */
         if (instr->type == nir_instr_type_alu &&
             (!nir_instr_as_alu(instr)->mediump ||
              nir_instr_as_alu(instr)->mediump_unsigned !=
                 nir_instr_as_alu(other)->mediump_unsigned))
            nir_instr_as_alu(other)->mediump = false;
         nir_def *kept = nir_instr_def(other);
         nir_src *only_use = NULL;
         if (!list_is_empty(&kept->uses) &&
             kept->uses.next == kept->uses.prev)
            only_use = list_first_entry(&kept->uses, nir_src, use_link);
         nir_def_rewrite_uses(nir_instr_def(instr), kept);
         nir_instr_remove(instr);
         admit_earlier_user(st, only_use);
         progress = true;
      } else {
         add_to_table(st, instr, e->hash);
      }
   }

   for (unsigned i = 0; i < block->num_dom_children; i++)
      progress |= cse_block(st, block->dom_children[i]);

   /* In reverse order: the table then uses its entries as a stack. */
   unsigned n = util_dynarray_num_elements(&added, added_instr);
   for (unsigned i = n; i-- > 0;) {
      added_instr *a = util_dynarray_element(&added, added_instr, i);
      set_remove(st->table, set_search_pre_hashed(st->table, a->hash,
                                                  a->instr));
   }
   util_dynarray_fini(&added);
   st->added_of[block->index] = NULL;
   return progress;
}

bool
nir_opt_cse(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      nir_metadata_require(impl, nir_metadata_block_index |
                                    nir_metadata_dominance);
      cse_state st = {
         .table = set_create(NULL, hash_instr, instrs_equal),
         .added_of = calloc(impl->num_blocks, sizeof(*st.added_of)),
      };
      util_dynarray_init(&st.visited, NULL);
      bool p = cse_block(&st, nir_start_block(impl));
      util_dynarray_fini(&st.visited);
      free(st.added_of);
      set_destroy(st.table, NULL);
      /* instr->index held positions in a block. */
      nir_metadata_preserve(impl, p ? nir_metadata_block_index |
                                         nir_metadata_dominance
                                    : ~nir_metadata_instr_index);
      progress |= p;
   }
   return progress;
}
