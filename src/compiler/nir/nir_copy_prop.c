/*
 * Copy propagation: uses of a mov (or of a vecN gathering components of a
 * single value) are pointed at the original value.  ALU users absorb the
 * swizzle; other users (intrinsics, phis, if conditions) only see through
 * copies that keep every component in place.  ALU sources reading the
 * components of a vecN that all come from one value read that value
 * directly.  The copies themselves are left for DCE.
 */
#include "nir_passes.h"

#include <string.h>

/* If alu is a pure copy of one def, return it and fill swz (per output
 * component, the source component). */
static nir_def *
copy_source(nir_alu_instr *alu, uint8_t *swz)
{
   if (alu->op == nir_op_mov) {
      for (unsigned c = 0; c < alu->def.num_components; c++)
         swz[c] = alu->src[0].swizzle[c];
      return alu->src[0].src.ssa;
   }
   if (!nir_op_is_vec(alu->op))
      return NULL;
   nir_def *def = alu->src[0].src.ssa;
   for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++) {
      if (alu->src[i].src.ssa != def)
         return NULL;
      swz[i] = alu->src[i].swizzle[0];
   }
   return def;
}

static bool
is_identity(const uint8_t *swz, unsigned n, const nir_def *src)
{
   if (n != src->num_components)
      return false;
   for (unsigned c = 0; c < n; c++) {
      if (swz[c] != c)
         return false;
   }
   return true;
}

/* An ALU source reading components of a vecN that all come from one
 * value reads that value directly. */
static bool
prop_through_vec(nir_alu_instr *user, unsigned i)
{
   nir_def *def = user->src[i].src.ssa;
   if (def->parent_instr->type != nir_instr_type_alu)
      return false;
   nir_alu_instr *vec = nir_instr_as_alu(def->parent_instr);
   if (!nir_op_is_vec(vec->op))
      return false;
   unsigned n = nir_ssa_alu_instr_src_components(user, i);
   nir_def *src = NULL;
   uint8_t swz[NIR_MAX_VEC_COMPONENTS];
   for (unsigned c = 0; c < n; c++) {
      nir_alu_src *vs = &vec->src[user->src[i].swizzle[c]];
      if (src && vs->src.ssa != src)
         return false;
      src = vs->src.ssa;
      swz[c] = vs->swizzle[0];
   }
   memcpy(user->src[i].swizzle, swz, n);
   nir_src_set_ssa(&user->src[i].src, src);
   return true;
}

static bool
prop_impl(nir_function_impl *impl)
{
   bool progress = false;
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_alu)
            continue;
         nir_alu_instr *user = nir_instr_as_alu(instr);
         for (unsigned i = 0; i < nir_op_infos[user->op].num_inputs; i++)
            progress |= prop_through_vec(user, i);
         nir_alu_instr *copy = nir_instr_as_alu(instr);
         uint8_t swz[NIR_MAX_VEC_COMPONENTS];
         nir_def *src = copy_source(copy, swz);
         if (!src)
            continue;
         bool identity = is_identity(swz, copy->def.num_components, src);
         nir_foreach_use_including_if_safe(use, &copy->def) {
            if (!nir_src_is_if(use) && use->parent_instr->type == nir_instr_type_alu) {
               nir_alu_instr *user = nir_instr_as_alu(use->parent_instr);
               nir_alu_src *asrc = (nir_alu_src *)use;
               unsigned i = (unsigned)(asrc - user->src);
               unsigned n = nir_ssa_alu_instr_src_components(user, i);
               for (unsigned c = 0; c < n; c++)
                  asrc->swizzle[c] = swz[asrc->swizzle[c]];
               nir_src_set_ssa(use, src);
               progress = true;
            } else if (identity) {
               nir_src_set_ssa(use, src);
               progress = true;
            }
         }
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
