/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Indirectly indexed variables to scratch memory.  A function temporary
 * (the only mode handled: a shader temporary may be shared by several
 * functions, each with its own scratch layout) that some load_deref /
 * store_deref reaches through a non-constant array index, and whose size
 * is at least min_size_B bytes, is laid out in the shader's scratch area:
 * it gets an aligned byte offset (shader->scratch_size grows by its size)
 * and each of its loads and stores becomes load_scratch / store_scratch at
 * that base plus a byte offset computed from the deref chain (array index
 * times the element stride, struct field offsets, vector component size).
 * The variable is then deleted.  Everything else is left for
 * nir_lower_vars_to_ssa.
 *
 * Sizes come from a driver callback (size and alignment in bytes; NULL
 * means natural packing: each scalar as wide as its bit size, booleans as
 * 32-bit words).  Booleans are stored as 0 / ~0 32-bit words and turned
 * back into 1-bit values on load.  A variable also used in a way this pass
 * does not rewrite (copy_deref, casts) is skipped as a whole.
 * Assumes nothing about metadata; keeps block structure.
 */
#include "nir_builder.h"
#include "nir_passes.h"

#include "util/u_math.h"

/* v rounded up to a multiple of a (drivers may report any alignment). */
static unsigned
pad_to(unsigned v, unsigned a)
{
   return (unsigned)util_round_up_npot(v, a ? a : 1);
}

static void
natural_size_align(const nir_vtype *t, unsigned *size, unsigned *align)
{
   switch (t->kind) {
   case NIR_VTYPE_VECTOR: {
      unsigned bits = nir_alu_type_get_type_size(t->base);
      unsigned comp = bits == 1 ? 4 : bits / 8;
      *size = comp * t->components;
      *align = comp;
      return;
   }
   case NIR_VTYPE_MATRIX:
   case NIR_VTYPE_ARRAY: {
      unsigned es, ea;
      natural_size_align(t->elem, &es, &ea);
      *size = t->length * pad_to(es, ea);
      *align = ea;
      return;
   }
   case NIR_VTYPE_STRUCT: {
      unsigned off = 0, max_align = 1;
      for (unsigned i = 0; i < t->num_fields; i++) {
         unsigned fs, fa;
         natural_size_align(t->fields[i].type, &fs, &fa);
         off = pad_to(off, fa) + fs;
         max_align = MAX2(max_align, fa);
      }
      *size = pad_to(off, max_align);
      *align = max_align;
      return;
   }
   default:
      /* Opaque types never live in scratch; give them a word. */
      *size = *align = 4;
      return;
   }
}

typedef struct {
   nir_shader *shader;
   nir_type_size_align_fn size_align;
   nir_variable_mode modes;
   struct hash_table *offsets;  /* nir_variable -> base offset + 1 */
} state;

static nir_variable *
chain_var(nir_deref_instr *d, bool *indirect)
{
   for (; d; d = nir_deref_instr_parent(d)) {
      if (d->deref_type == nir_deref_type_var)
         return d->var;
      if (d->deref_type == nir_deref_type_cast)
         return NULL;
      if (d->deref_type == nir_deref_type_array &&
          nir_def_instr(d->arr_index.ssa)->type != nir_instr_type_load_const)
         *indirect = true;
   }
   return NULL;
}

/* Whether every use of the deref, and of its children, is a plain load,
 * store or child deref (what this pass rewrites). */
static bool
uses_rewritable(nir_deref_instr *d)
{
   nir_foreach_use_including_if(src, &d->def) {
      if (!nir_deref_use_is_plain(src))
         return false;
      nir_instr *user = nir_src_parent_instr(src);
      if (user->type == nir_instr_type_deref &&
          !uses_rewritable(nir_instr_as_deref(user)))
         return false;
   }
   return true;
}

/* Pick the variables and give them scratch offsets. */
static void
choose_vars(state *st, nir_function_impl *impl, unsigned min_size_B)
{
   struct set *wanted = set_create_pointer_keys(st->offsets);
   struct set *unfit = set_create_pointer_keys(st->offsets);
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_deref)
            continue;
         nir_deref_instr *d = nir_instr_as_deref(instr);
         bool indirect = false;
         nir_variable *var = chain_var(d, &indirect);
         if (!var) {
            /* A cast of something: its root is unknown, so any variable
             * under it must stay a variable. */
            for (nir_deref_instr *p = d; p; p = nir_deref_instr_parent(p)) {
               if (p->deref_type == nir_deref_type_var)
                  set_add(unfit, p->var);
            }
            continue;
         }
         if (!(var->mode & st->modes))
            continue;
         if (!uses_rewritable(d))
            set_add(unfit, var);
         else if (indirect)
            set_add(wanted, var);
      }
   }
   set_foreach(wanted, entry) {
      nir_variable *var = (nir_variable *)entry->key;
      if (set_contains(unfit, var))
         continue;
      unsigned size, align;
      st->size_align(var->type, &size, &align);
      if (size < min_size_B || !size)
         continue;
      align = MAX2(align, 1);
      unsigned base = pad_to(st->shader->scratch_size, align);
      st->shader->scratch_size = base + size;
      hash_table_insert(st->offsets, var, (void *)(uintptr_t)(base + 1));
   }
}

/* Byte offset of the deref from the start of its variable, built in front
 * of the access; *align receives the alignment the offset is known to
 * have. */
static nir_def *
byte_offset(state *st, nir_builder *b, nir_deref_instr *d, unsigned *align)
{
   if (d->deref_type == nir_deref_type_var) {
      unsigned size;
      st->size_align(d->var->type, &size, align);
      return nir_imm_int(b, 0);
   }
   nir_deref_instr *parent = nir_deref_instr_parent(d);
   nir_def *base = byte_offset(st, b, parent, align);
   const nir_vtype *pt = parent->type;
   if (d->deref_type == nir_deref_type_struct) {
      unsigned off = 0, fs = 0, fa = 1;
      for (unsigned i = 0; i <= d->field_index; i++) {
         st->size_align(pt->fields[i].type, &fs, &fa);
         off = pad_to(off, MAX2(fa, 1));
         if (i < d->field_index)
            off += fs;
      }
      *align = MAX2(fa, 1);
      return nir_iadd(b, base, nir_imm_int(b, (int)off));
   }
   /* Array element, matrix column or vector component. */
   unsigned stride, ea;
   if (pt->kind == NIR_VTYPE_VECTOR) {
      const nir_vtype *scalar = nir_vtype_scalar(st->shader, pt->base);
      st->size_align(scalar, &stride, &ea);
   } else {
      st->size_align(pt->elem, &stride, &ea);
   }
   ea = MAX2(ea, 1);
   stride = pad_to(stride, ea);
   *align = ea;
   nir_def *idx = d->arr_index.ssa;
   if (idx->bit_size != 32)
      idx = nir_u2u32(b, idx);
   return nir_iadd(b, base, nir_imul(b, idx, nir_imm_int(b, (int)stride)));
}

static bool
rewrite_access(state *st, nir_builder *b, nir_intrinsic_instr *intr)
{
   nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
   bool indirect = false;
   nir_variable *var = chain_var(d, &indirect);
   if (!var)
      return false;
   uintptr_t base = (uintptr_t)hash_table_search_data(st->offsets, var);
   if (!base)
      return false;

   b->cursor = nir_before_instr(&intr->instr);
   unsigned align = 1;
   nir_def *offset = byte_offset(st, b, d, &align);
   bool is_bool = nir_alu_type_get_type_size(d->type->base) == 1;
   if (intr->intrinsic == nir_intrinsic_load_deref) {
      nir_def *srcs[1] = { offset };
      nir_def *v = &nir_build_intrinsic(
         b, nir_intrinsic_load_scratch, intr->def.num_components,
         is_bool ? 32 : intr->def.bit_size, srcs,
         NIR_INTRINSIC_BASE, (int)(base - 1),
         NIR_INTRINSIC_ALIGN_MUL, (int)align,
         NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
      if (is_bool)
         v = nir_b2b1(b, v);
      nir_def_rewrite_uses(&intr->def, v);
   } else {
      nir_def *v = intr->src[1].ssa;
      if (is_bool)
         v = nir_b2b32(b, v);
      nir_def *srcs[2] = { v, offset };
      nir_build_intrinsic(
         b, nir_intrinsic_store_scratch, v->num_components, 0, srcs,
         NIR_INTRINSIC_BASE, (int)(base - 1),
         NIR_INTRINSIC_WRITE_MASK, (int)nir_intrinsic_write_mask(intr),
         NIR_INTRINSIC_ALIGN_MUL, (int)align, NIR_INTRINSIC_NUM_INDEX_FLAGS);
   }
   nir_instr_remove(&intr->instr);
   return true;
}

static bool
rewrite_cb(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   /* only these take a deref as their first source */
   if (intr->intrinsic != nir_intrinsic_load_deref &&
       intr->intrinsic != nir_intrinsic_store_deref)
      return false;
   return rewrite_access(data, b, intr);
}

/* Derefs of the lowered variables are unused now: delete them (children
 * before parents) and then the variables. */
static void
remove_vars(state *st, nir_function_impl *impl)
{
   nir_foreach_block_reverse(block, impl) {
      nir_foreach_instr_reverse_safe(instr, block) {
         if (instr->type != nir_instr_type_deref)
            continue;
         nir_deref_instr *d = nir_instr_as_deref(instr);
         bool indirect = false;
         nir_variable *var = chain_var(d, &indirect);
         if (var && hash_table_search(st->offsets, var) &&
             list_is_empty(&d->def.uses))
            nir_instr_remove(instr);
      }
   }
   hash_table_foreach(st->offsets, entry)
      list_del(&((nir_variable *)entry->key)->link);
}

bool
nir_lower_vars_to_scratch(nir_shader *shader, nir_variable_mode modes,
                          unsigned min_size_B,
                          nir_type_size_align_fn size_align)
{
   modes &= nir_var_function_temp;
   state st = {
      .shader = shader,
      .size_align = size_align ? size_align : natural_size_align,
      .modes = modes,
   };
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      void *mem = ralloc_context(NULL);
      st.offsets = hash_table_create_pointer_keys(mem);
      choose_vars(&st, impl, min_size_B);
      if (!st.offsets->live) {
         ralloc_free(mem);
         continue;
      }
      /* Metadata is settled below: removing the variables changes the
       * function even where no access was rewritten. */
      nir_function_intrinsics_pass(impl, rewrite_cb, nir_metadata_all, &st);
      remove_vars(&st, impl);
      nir_metadata_preserve(impl, nir_metadata_block_index |
                                     nir_metadata_dominance);
      ralloc_free(mem);
      progress = true;
   }
   return progress;
}

bool
nir_lower_indirect_locals(nir_shader *shader)
{
   const nir_shader_compiler_options *o = shader->options;
   unsigned min = o ? o->indirect_locals_scratch_min_bytes : 0;
   bool progress = false;
   if (min)
      progress |= nir_lower_vars_to_scratch(shader, nir_var_function_temp,
                                            min, NULL);
   progress |= nir_lower_indirect_derefs(shader, nir_var_function_temp,
                                         o && o->indirect_locals_max_ladder
                                            ? o->indirect_locals_max_ladder
                                            : 64);
   return progress;
}
