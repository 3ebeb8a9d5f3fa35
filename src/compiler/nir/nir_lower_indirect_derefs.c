/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Indirect derefs to if-ladders: a load or store through an array deref
 * with a non-constant index, on variables of the given modes and arrays
 * of at most max_length elements, becomes a chain of ifs comparing the
 * index with each constant (the last element takes every remaining index,
 * which covers out-of-bounds indices, whose result is undefined anyway).
 * Loads merge their results with phis.  Afterwards every access uses
 * constant indices, so nir_lower_vars_to_ssa can promote the variable.
 *
 * nir_lower_interp_derefs does the same for interpolateAt*'s
 * interp_deref_at of inputs (whatever the array lengths), and gives every
 * one of them a deref chain of its own, which nothing else uses: a
 * backend may then move the other accesses of the variable elsewhere
 * (agx_nir_lower_indirect_inputs) and leave these on the input.
 */
#include "nir_builder.h"
#include "nir_passes.h"

typedef struct {
   nir_intrinsic_instr *intr;
   nir_deref_instr *path[32];
   unsigned n;
   unsigned max_length;
   bool interp_only; /* nir_lower_interp_derefs */
} access;

static nir_def *emit(nir_builder *b, access *a, unsigned i,
                     nir_deref_instr *parent);

static nir_def *
finish(nir_builder *b, access *a, nir_deref_instr *d)
{
   if (a->intr->intrinsic == nir_intrinsic_load_deref)
      return nir_load_deref(b, d);
   if (a->intr->intrinsic == nir_intrinsic_interp_deref_at) {
      nir_def *srcs[2] = { &d->def, a->intr->src[1].ssa };
      return &nir_build_intrinsic(
                b, nir_intrinsic_interp_deref_at,
                a->intr->def.num_components, a->intr->def.bit_size, srcs,
                NIR_INTRINSIC_INTERP_AT, (int)nir_intrinsic_interp_at(a->intr),
                NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
   }
   nir_store_deref(b, d, a->intr->src[1].ssa,
                   nir_intrinsic_write_mask(a->intr));
   return NULL;
}

static nir_def *
ladder(nir_builder *b, access *a, unsigned i, nir_deref_instr *parent,
       nir_def *idx, unsigned lo, unsigned len)
{
   if (lo + 1 >= len)
      return emit(b, a, i + 1, nir_build_deref_array_imm(b, parent, lo));
   nir_if *nif = nir_push_if(
      b, nir_ieq(b, idx, nir_imm_intN_t(b, lo, idx->bit_size)));
   nir_def *t = emit(b, a, i + 1, nir_build_deref_array_imm(b, parent, lo));
   nir_push_else(b, nif);
   nir_def *e = ladder(b, a, i, parent, idx, lo + 1, len);
   nir_pop_if(b, nif);
   return t ? nir_if_phi(b, t, e) : NULL;
}

static nir_def *
emit(nir_builder *b, access *a, unsigned i, nir_deref_instr *parent)
{
   if (i == a->n)
      return finish(b, a, parent);
   nir_deref_instr *d = a->path[i];
   switch (d->deref_type) {
   case nir_deref_type_var:
      return emit(b, a, i + 1, nir_build_deref_var(b, d->var));
   case nir_deref_type_struct:
      return emit(b, a, i + 1,
                  nir_build_deref_struct(b, parent, d->field_index));
   case nir_deref_type_array: {
      nir_def *idx = d->arr_index.ssa;
      unsigned len = parent->type->kind == NIR_VTYPE_VECTOR
                        ? parent->type->components
                        : parent->type->length;
      if (nir_def_instr(idx)->type == nir_instr_type_load_const || len == 0 ||
          len > a->max_length)
         return emit(b, a, i + 1, nir_build_deref_array(b, parent, idx));
      return ladder(b, a, i, parent, idx, 0, len);
   }
   default:
      return NULL;
   }
}

static bool
needs_lowering(access *a, nir_variable_mode modes)
{
   nir_deref_instr *d = nir_src_as_deref(a->intr->src[0]);
   if (!(d->modes & modes))
      return false;
   a->n = 0;
   nir_deref_instr *chain[32];
   unsigned n = 0;
   for (; d; d = nir_deref_instr_parent(d)) {
      if (d->deref_type == nir_deref_type_cast || n == 32)
         return false;
      chain[n++] = d;
   }
   bool indirect = false;
   for (unsigned i = 0; i < n; i++) {
      a->path[i] = chain[n - 1 - i];
      if (a->path[i]->deref_type == nir_deref_type_array &&
          nir_def_instr(a->path[i]->arr_index.ssa)->type !=
             nir_instr_type_load_const)
         indirect = true;
   }
   a->n = n;
   return indirect;
}

/* One walk over the function, lowering every indirect access it meets.
 * Lowering splits the access's block around the new ifs; the walk goes on
 * from the instruction that followed the access (now in the block after
 * the ifs) or, when there was none, from the block that followed the
 * access's block, so that nothing is visited twice and the ladders just
 * built (whose accesses use constant indices) are skipped. */
static bool
lower_impl(nir_function_impl *impl, nir_variable_mode modes,
           unsigned max_length, bool interp_only)
{
   nir_builder b = nir_builder_create(impl);
   bool progress = false;
   nir_block *block = nir_start_block(impl);
   nir_instr *instr = nir_block_first_instr(block);
   while (block) {
      if (!instr) {
         block = nir_block_cf_tree_next(block);
         instr = block ? nir_block_first_instr(block) : NULL;
         continue;
      }
      nir_instr *next = instr->node.next == &block->instr_list
                           ? NULL
                           : list_entry(instr->node.next, nir_instr, node);
      access a = { .max_length = max_length, .interp_only = interp_only };
      if (instr->type != nir_instr_type_intrinsic) {
         instr = next;
         continue;
      }
      a.intr = nir_instr_as_intrinsic(instr);
      bool wanted = interp_only
                       ? a.intr->intrinsic == nir_intrinsic_interp_deref_at
                       : a.intr->intrinsic == nir_intrinsic_load_deref ||
                            a.intr->intrinsic == nir_intrinsic_store_deref;
      /* interp_only rebuilds every chain, indirect or not, so that each
       * interp_deref_at has derefs of its own */
      bool lower = wanted && (needs_lowering(&a, modes) ||
                              (interp_only && a.n > 0));
      if (!lower) {
         instr = next;
         continue;
      }
      nir_block *next_block = nir_block_cf_tree_next(block);
      b.cursor = nir_before_instr(instr);
      nir_def *r = emit(&b, &a, 0, NULL);
      if (r)
         nir_def_rewrite_uses(&a.intr->def, r);
      nir_instr_remove(instr);
      progress = true;
      if (next) {
         block = next->block;
         instr = next;
      } else {
         block = next_block;
         instr = block ? nir_block_first_instr(block) : NULL;
      }
   }
   return progress;
}

bool
nir_lower_indirect_derefs(nir_shader *shader, nir_variable_mode modes,
                          unsigned max_length)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      if (lower_impl(impl, modes, max_length, false)) {
         nir_metadata_preserve(impl, nir_metadata_none);
         progress = true;
      }
   }
   return progress;
}

bool
nir_lower_interp_derefs(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      if (lower_impl(impl, nir_var_shader_in, ~0u, true)) {
         nir_metadata_preserve(impl, nir_metadata_none);
         progress = true;
      }
   }
   return progress;
}
