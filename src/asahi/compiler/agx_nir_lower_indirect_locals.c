/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Local arrays indexed at run time, without control flow.
 *
 * Arrays large enough to go to the stack frame (agx_nir_options'
 * indirect_locals_scratch_min_bytes) are moved there first.  The others
 * stay in registers, and each access through a run-time index becomes
 * accesses with constant indices:
 *
 *  - a load of a[i] is a chain of selects over the elements,
 *    bcsel(i == 0, a[0], bcsel(i == 1, a[1], ... a[n - 1])): an index out
 *    of range reads the last element (GLSL leaves it undefined);
 *  - a store a[i] = v rewrites every element, a[k] = bcsel(i == k, v,
 *    a[k]): an index out of range writes nothing.
 *
 * Several run-time indices on one access (a[i][j]) multiply out.  After
 * nir_lower_vars_to_ssa each element is one SSA value per version, and a
 * store's selects consume the old version as they make the new one, so
 * register demand stays at the array's size.  The if-ladder that
 * nir_lower_indirect_derefs builds instead merges, at each of its n
 * levels, every element the levels below may have changed: about n^2 / 2
 * phis, whose webs and the values they copy are live together (a vertex
 * shader storing into two output arrays of 16 and 15 vec2 at a run-time
 * index ran out of registers that way).
 *
 * Accesses whose indices would multiply out to more than
 * AGX_MAX_SELECT_PATHS elements are left to nir_lower_indirect_derefs.
 */

#include "nir_builder.h"
#include "nir_passes.h"
#include "agx_nir.h"

#define AGX_MAX_SELECT_PATHS 64
#define AGX_MAX_DEREF_DEPTH 32

struct access {
   nir_intrinsic_instr *intr;
   nir_deref_instr *path[AGX_MAX_DEREF_DEPTH]; /* var first */
   unsigned n;
};

static bool
is_const(nir_def *def)
{
   return nir_def_instr(def)->type == nir_instr_type_load_const;
}

static unsigned
array_length(const nir_deref_instr *parent)
{
   const nir_vtype *t = parent->type;
   return t->kind == NIR_VTYPE_VECTOR ? t->components : t->length;
}

/* Fill a->path; false when the access is not a local one through at least
 * one run-time index, or would need too many selects. */
static bool
collect_path(struct access *a)
{
   nir_deref_instr *chain[AGX_MAX_DEREF_DEPTH];
   unsigned n = 0;
   nir_deref_instr *d = nir_src_as_deref(a->intr->src[0]);
   if (!(d->modes & nir_var_function_temp))
      return false;
   for (; d; d = nir_deref_instr_parent(d)) {
      if (d->deref_type == nir_deref_type_cast || n == AGX_MAX_DEREF_DEPTH)
         return false;
      chain[n++] = d;
   }
   unsigned paths = 1;
   bool indirect = false;
   for (unsigned i = 0; i < n; i++) {
      nir_deref_instr *p = chain[n - 1 - i];
      a->path[i] = p;
      if (p->deref_type == nir_deref_type_array && !is_const(p->arr_index.ssa)) {
         unsigned len = array_length(nir_deref_instr_parent(p));
         if (!len)
            return false;
         paths *= len;
         if (paths > AGX_MAX_SELECT_PATHS)
            return false;
         indirect = true;
      }
   }
   a->n = n;
   return indirect && a->path[0]->deref_type == nir_deref_type_var;
}

/* The deref of path level i under `parent` with constant indices. */
static nir_deref_instr *
rebuild(nir_builder *b, const nir_deref_instr *d, nir_deref_instr *parent)
{
   switch (d->deref_type) {
   case nir_deref_type_var:
      return nir_build_deref_var(b, d->var);
   case nir_deref_type_struct:
      return nir_build_deref_struct(b, parent, d->field_index);
   default:
      return nir_build_deref_array(b, parent, d->arr_index.ssa);
   }
}

static bool
is_indirect(const nir_deref_instr *d)
{
   return d->deref_type == nir_deref_type_array && !is_const(d->arr_index.ssa);
}

static nir_def *
index_is(nir_builder *b, nir_def *idx, unsigned k)
{
   return nir_ieq(b, idx, nir_imm_intN_t(b, k, idx->bit_size));
}

static nir_def *
emit_load(nir_builder *b, const struct access *a, unsigned i,
          nir_deref_instr *parent)
{
   if (i == a->n)
      return nir_load_deref(b, parent);
   const nir_deref_instr *d = a->path[i];
   if (!is_indirect(d))
      return emit_load(b, a, i + 1, rebuild(b, d, parent));
   unsigned len = array_length(parent);
   nir_def *idx = d->arr_index.ssa;
   nir_def *r =
      emit_load(b, a, i + 1, nir_build_deref_array_imm(b, parent, len - 1));
   for (unsigned k = len - 1; k-- > 0;) {
      nir_def *e =
         emit_load(b, a, i + 1, nir_build_deref_array_imm(b, parent, k));
      r = nir_bcsel(b, index_is(b, idx, k), e, r);
   }
   return r;
}

/* `cond`: the lanes whose indices so far select `parent` (NULL: all) */
static void
emit_store(nir_builder *b, const struct access *a, unsigned i,
           nir_deref_instr *parent, nir_def *cond)
{
   nir_def *value = a->intr->src[1].ssa;
   unsigned mask = nir_intrinsic_write_mask(a->intr);
   if (i == a->n) {
      if (cond)
         value = nir_bcsel(b, cond, value, nir_load_deref(b, parent));
      nir_store_deref(b, parent, value, mask);
      return;
   }
   const nir_deref_instr *d = a->path[i];
   if (!is_indirect(d)) {
      emit_store(b, a, i + 1, rebuild(b, d, parent), cond);
      return;
   }
   unsigned len = array_length(parent);
   for (unsigned k = 0; k < len; ++k) {
      nir_def *c = index_is(b, d->arr_index.ssa, k);
      emit_store(b, a, i + 1, nir_build_deref_array_imm(b, parent, k),
                 cond ? nir_iand(b, cond, c) : c);
   }
}

bool
agx_nir_lower_indirect_locals(nir_shader *nir)
{
   const nir_shader_compiler_options *o = nir->options;
   bool progress = false;
   if (o && o->indirect_locals_scratch_min_bytes)
      progress |= nir_lower_vars_to_scratch(
         nir, nir_var_function_temp, o->indirect_locals_scratch_min_bytes,
         NULL);

   nir_foreach_function_impl(impl, nir)
   {
      bool changed = false;
      nir_builder b = nir_builder_create(impl);
      nir_foreach_block(block, impl)
      {
         nir_foreach_instr_safe(instr, block)
         {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            struct access a = {nir_instr_as_intrinsic(instr), {NULL}, 0};
            nir_intrinsic_op op = a.intr->intrinsic;
            if ((op != nir_intrinsic_load_deref &&
                 op != nir_intrinsic_store_deref) ||
                !collect_path(&a))
               continue;
            b.cursor = nir_before_instr(instr);
            if (op == nir_intrinsic_load_deref)
               nir_def_rewrite_uses(&a.intr->def, emit_load(&b, &a, 0, NULL));
            else
               emit_store(&b, &a, 0, NULL, NULL);
            nir_instr_remove(instr);
            changed = true;
         }
      }
      if (changed) {
         nir_metadata_preserve(impl, nir_metadata_block_index |
                                        nir_metadata_dominance);
         progress = true;
      }
   }
   return progress;
}
