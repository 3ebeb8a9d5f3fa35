/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Constant folding: an ALU instruction whose sources are all load_const is
 * evaluated with the generated evaluator (the same code the interpreter
 * uses, so folding is exact by construction) and replaced by a load_const.
 */
#include "nir_builder.h"
#include "nir_passes.h"

#include <string.h>

static uint32_t
hash_const(const void *key)
{
   const nir_load_const_instr *lc = key;
   uint32_t h = lc->def.bit_size * 31u + lc->def.num_components;
   for (unsigned c = 0; c < lc->def.num_components; c++) {
      uint64_t v = nir_const_value_as_uint(lc->value[c], lc->def.bit_size);
      h = (h ^ (uint32_t)v ^ (uint32_t)(v >> 32)) * 0x9e3779b1u;
   }
   return h ^ (h >> 15);
}

static bool
consts_equal(const void *ka, const void *kb)
{
   const nir_load_const_instr *a = ka, *b = kb;
   if (a->def.bit_size != b->def.bit_size ||
       a->def.num_components != b->def.num_components)
      return false;
   for (unsigned c = 0; c < a->def.num_components; c++) {
      if (nir_const_value_as_uint(a->value[c], a->def.bit_size) !=
          nir_const_value_as_uint(b->value[c], b->def.bit_size))
         return false;
   }
   return true;
}

void
nir_const_pool_fini(nir_const_pool *pool)
{
   if (pool->consts)
      set_destroy(pool->consts, NULL);
   pool->consts = NULL;
   pool->impl = NULL;
}

/* An equal constant of the start block of `instr`'s function that
 * dominates it, or NULL. */
static nir_def *
pool_find(nir_const_pool *pool, nir_instr *instr, nir_load_const_instr *lc)
{
   nir_function_impl *impl = nir_cf_node_get_function(&instr->block->cf_node);
   nir_block *start = nir_start_block(impl);
   /* (in the start block itself an equal one may come later) */
   if (instr->block == start)
      return NULL;
   if (pool->impl != impl) {
      nir_const_pool_fini(pool);
      pool->impl = impl;
      pool->consts = set_create(NULL, hash_const, consts_equal);
      nir_foreach_instr(i, start) {
         if (i->type == nir_instr_type_load_const)
            set_add(pool->consts, nir_instr_as_load_const(i));
      }
   }
   struct set_entry *e = set_search(pool->consts, lc);
   if (!e)
      return NULL;
   nir_load_const_instr *found = (nir_load_const_instr *)e->key;
   if (!found->instr.block) { /* removed since */
      set_remove(pool->consts, e);
      return NULL;
   }
   return &found->def;
}

static nir_def *
fold_alu_instr(nir_shader *shader, nir_alu_instr *alu, bool remove,
               nir_const_pool *pool)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   nir_const_value buf[16][NIR_MAX_VEC_COMPONENTS];
   nir_const_value *srcs[16];
   unsigned comps[16];
   for (unsigned i = 0; i < info->num_inputs; i++) {
      nir_instr *p = nir_def_instr(alu->src[i].src.ssa);
      if (p->type != nir_instr_type_load_const)
         return NULL;
      nir_load_const_instr *lc = nir_instr_as_load_const(p);
      unsigned n = nir_ssa_alu_instr_src_components(alu, i);
      for (unsigned c = 0; c < n; c++)
         buf[i][c] = lc->value[nir_alu_src_swizzle(&alu->src[i], c)];
      srcs[i] = buf[i];
      comps[i] = n;
   }
   nir_const_value out[NIR_MAX_VEC_COMPONENTS];
   memset(out, 0, sizeof(out));
   if (!nir_eval_const_opcode(alu->op, out, alu->def.num_components,
                              nir_alu_instr_eval_bit_size(alu), srcs, comps))
      return NULL;

   nir_load_const_instr *lc = nir_load_const_instr_create(
      shader, alu->def.num_components, alu->def.bit_size);
   memcpy(lc->value, out, alu->def.num_components * sizeof(out[0]));
   nir_instr_insert(nir_before_instr(&alu->instr), &lc->instr);
   nir_def *value = pool ? pool_find(pool, &alu->instr, lc) : NULL;
   if (value)
      nir_instr_remove(&lc->instr); /* (inserted: memory bookkeeping) */
   else
      value = &lc->def;
   nir_def_rewrite_uses(&alu->def, value);
   /* constants only the folded instruction read go with it */
   if (remove)
      nir_instr_remove_with_operands(&alu->instr);
   return value;
}

nir_def *
nir_fold_alu_instr(nir_shader *shader, nir_alu_instr *alu)
{
   return fold_alu_instr(shader, alu, true, NULL);
}

nir_def *
nir_fold_alu_instr_pooled(nir_shader *shader, nir_alu_instr *alu,
                          nir_const_pool *pool)
{
   return fold_alu_instr(shader, alu, true, pool);
}

nir_def *
nir_fold_alu_instr_keep(nir_shader *shader, nir_alu_instr *alu)
{
   return fold_alu_instr(shader, alu, false, NULL);
}

static bool
fold_alu(nir_builder *b, nir_alu_instr *alu, void *data)
{
   return nir_fold_alu_instr_pooled(b->shader, alu, data) != NULL;
}

bool
nir_opt_constant_folding(nir_shader *shader)
{
   nir_const_pool pool = { 0 };
   bool progress = nir_shader_alu_pass(shader, fold_alu,
                                       nir_metadata_block_index |
                                          nir_metadata_dominance,
                                       &pool);
   nir_const_pool_fini(&pool);
   return progress;
}
