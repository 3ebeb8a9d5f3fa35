/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Copy propagation: uses of a mov (or of a vecN gathering components of a
 * single value) are pointed at the original value.  ALU users absorb the
 * swizzle; other users (intrinsics, phis, if conditions) only see through
 * copies that keep every component in place.  ALU sources reading the
 * components of a vecN that all come from one value read that value
 * directly.  The copies themselves are left for DCE.
 *
 * The pass works from the copies' side (since wave 16): it walks the
 * instructions and, for each copy, visits the sources on its use list;
 * each of those follows copies back until it reaches a value that is not
 * one.  Working from the readers' side looked at every source of the
 * shader, and reading a source's defining instruction (somewhere earlier
 * in memory) missed the cache once per source in a shader larger than
 * the caches; now only the readers of copies are visited, and after the
 * first round there are few copies.  In program order a copy's own
 * sources are already resolved when its readers are visited, as they
 * were when the walk went reader by reader.
 */
#include "nir_passes.h"

#include <string.h>

static nir_alu_instr *
producing_copy(const nir_def *def)
{
   if (nir_def_instr(def)->type != nir_instr_type_alu)
      return NULL;
   nir_alu_instr *alu = nir_instr_as_alu(nir_def_instr(def));
   return alu->op == nir_op_mov || nir_op_is_vec(alu->op) ? alu : NULL;
}

/* One step back for an ALU source reading n components through `swz`:
 * which single value and which of its components those are, or NULL when
 * the components come from more than one value. */
static nir_def *
step_back(nir_alu_instr *copy, const uint8_t *swz, unsigned n, uint8_t *out)
{
   if (copy->op == nir_op_mov) {
      for (unsigned c = 0; c < n; c++)
         out[c] = nir_alu_src_swizzle(&copy->src[0], swz[c]);
      return copy->src[0].src.ssa;
   }
   nir_def *origin = copy->src[swz[0]].src.ssa;
   for (unsigned c = 0; c < n; c++) {
      const nir_alu_src *part = &copy->src[swz[c]];
      if (part->src.ssa != origin)
         return NULL;
      out[c] = nir_alu_src_swizzle(part, 0);
   }
   return origin;
}

static bool
prop_alu_src(nir_alu_instr *user, unsigned i)
{
   nir_alu_src *s = &user->src[i];
   unsigned n = nir_ssa_alu_instr_src_components(user, i);
   bool changed = false;
   nir_alu_instr *copy;
   while ((copy = producing_copy(s->src.ssa))) {
      uint8_t cur[NIR_MAX_VEC_COMPONENTS], next[NIR_MAX_VEC_COMPONENTS];
      for (unsigned c = 0; c < n; c++)
         cur[c] = (uint8_t)nir_alu_src_swizzle(s, c);
      nir_def *origin = step_back(copy, cur, n, next);
      if (!origin)
         break;
      nir_alu_src_set_swizzles(s, next, n);
      nir_src_set_ssa(&s->src, origin);
      changed = true;
   }
   return changed;
}

/* For a reader without a swizzle: the value a copy hands through
 * unchanged (same width, every component in its own place), or NULL. */
static nir_def *
transparent_origin(nir_alu_instr *copy)
{
   unsigned n = copy->def.num_components;
   uint8_t all[NIR_MAX_VEC_COMPONENTS], out[NIR_MAX_VEC_COMPONENTS];
   for (unsigned c = 0; c < n; c++)
      all[c] = c;
   nir_def *origin = step_back(copy, all, n, out);
   if (!origin || origin->num_components != n)
      return NULL;
   return memcmp(all, out, n) == 0 ? origin : NULL;
}

static bool
prop_plain_src(nir_src *src, void *data)
{
   bool *changed = data;
   nir_alu_instr *copy;
   nir_def *origin;
   while ((copy = producing_copy(src->ssa)) &&
          (origin = transparent_origin(copy))) {
      nir_src_set_ssa(src, origin);
      *changed = true;
   }
   return true;
}

/* A use of a copy: resolve it as its reader sees it (ALU readers absorb
 * the swizzle, the others only see through transparent copies). */
static bool
prop_use(nir_src *use)
{
   bool changed = false;
   if (!nir_src_is_if(use)) {
      nir_instr *user = nir_src_parent_instr(use);
      if (user->type == nir_instr_type_alu) {
         nir_alu_instr *alu = nir_instr_as_alu(user);
         /* the nir_src is the first member of its nir_alu_src */
         unsigned i = (unsigned)((nir_alu_src *)use - alu->src);
         return prop_alu_src(alu, i);
      }
   }
   prop_plain_src(use, &changed);
   return changed;
}

void
nir_def_rewrite_uses_past_copies(nir_def *def, nir_def *value)
{
   assert(def != value);
   bool copy = producing_copy(value) != NULL;
   nir_foreach_use_including_if_safe(use, def) {
      nir_src_set_ssa(use, value);
      if (copy)
         prop_use(use);
   }
}

static bool
prop_impl(nir_function_impl *impl)
{
   bool progress = false;
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_alu)
            continue;
         nir_alu_instr *copy = nir_instr_as_alu(instr);
         if (copy->op != nir_op_mov && !nir_op_is_vec(copy->op))
            continue;
         /* prop_use() moves only the use it is given off this list */
         nir_foreach_use_including_if_safe(use, &copy->def)
            progress |= prop_use(use);
      }
   }
   if (progress)
      nir_metadata_preserve(impl, nir_metadata_block_index |
                                     nir_metadata_dominance);
   return progress;
}

bool
nir_copy_prop(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader)
      progress |= prop_impl(impl);
   return progress;
}
