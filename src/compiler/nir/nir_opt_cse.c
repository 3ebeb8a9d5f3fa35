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
         nir_instr *d = intr->src[0].ssa->parent_instr;
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
      h = hash_mix(h, alu->src[i].swizzle[c]);
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
      h = hash_mix(h, (uintptr_t)d->var);
      h = hash_mix(h, (uintptr_t)d->parent.ssa);
      h = hash_mix(h, (uintptr_t)d->arr_index.ssa);
      h = hash_mix(h, d->field_index);
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
   return memcmp(a->src[ia].swizzle, b->src[ib].swizzle, n) == 0;
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
      return a->deref_type == b->deref_type && a->var == b->var &&
             a->parent.ssa == b->parent.ssa &&
             a->arr_index.ssa == b->arr_index.ssa &&
             a->field_index == b->field_index && a->modes == b->modes &&
             nir_vtype_equal(a->type, b->type);
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

static bool
cse_block(nir_block *block, struct set *table)
{
   bool progress = false;
   struct util_dynarray added;
   util_dynarray_init(&added, NULL);

   nir_foreach_instr_safe(instr, block) {
      if (!instr_can_cse(instr))
         continue;
      bool found;
      struct set_entry *e = set_search_or_add(table, instr, &found);
      if (found) {
         nir_instr *other = (nir_instr *)e->key;
         if (instr->type == nir_instr_type_alu &&
             nir_instr_as_alu(instr)->exact)
            nir_instr_as_alu(other)->exact = true;
         /* one of them must be computed at full precision: both are */
         if (instr->type == nir_instr_type_alu &&
             !nir_instr_as_alu(instr)->mediump)
            nir_instr_as_alu(other)->mediump = false;
         nir_def_rewrite_uses(nir_instr_def(instr), nir_instr_def(other));
         nir_instr_remove(instr);
         progress = true;
      } else {
         added_instr a = { instr, e->hash };
         util_dynarray_append(&added, added_instr, a);
      }
   }

   for (unsigned i = 0; i < block->num_dom_children; i++)
      progress |= cse_block(block->dom_children[i], table);

   /* In reverse order: the table then uses its entries as a stack. */
   unsigned n = util_dynarray_num_elements(&added, added_instr);
   for (unsigned i = n; i-- > 0;) {
      added_instr *a = util_dynarray_element(&added, added_instr, i);
      set_remove(table, set_search_pre_hashed(table, a->hash, a->instr));
   }
   util_dynarray_fini(&added);
   return progress;
}

bool
nir_opt_cse(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      nir_metadata_require(impl, nir_metadata_dominance);
      struct set *table = set_create(NULL, hash_instr, instrs_equal);
      bool p = cse_block(nir_start_block(impl), table);
      set_destroy(table, NULL);
      if (p)
         nir_metadata_preserve(impl, nir_metadata_block_index |
                                        nir_metadata_dominance);
      progress |= p;
   }
   return progress;
}
