/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Common subexpression elimination inside a block: an instruction without
 * side effects that repeats an earlier one of the same block (same opcode,
 * same sources and modifiers) is dropped and its results renamed to the
 * earlier results.  Selection creates such repeats (the same vertex index
 * times stride for several attributes, one ~0 constant per comparison);
 * NIR's own CSE has run before and catches the rest.  Memory, texture,
 * varying and control instructions are never merged, nor are values with
 * several definitions (phi webs).
 */

#include <assert.h>
#include <string.h>

#include "util/hash_table.h"
#include "agx_compiler.h"

static bool
can_cse(const agx_instr *I, const uint8_t *ndefs)
{
   if (!I->writes)
      return false;
   agx_foreach_dest(I, d)
   {
      if (!agx_is_ssa(I->ops[d]) || ndefs[I->ops[d].value] != 1)
         return false;
   }
   agx_foreach_src(I, s)
   {
      /* a copy of a web value is not a pure function of its source */
      if (agx_is_ssa(I->ops[s]) && ndefs[I->ops[s].value] != 1)
         return false;
   }
   if (agx_is_alu(I->op))
      return true;
   switch (I->op) {
   case AGX_OP_MOV:
   case AGX_OP_COLLECT:
   case AGX_OP_SPLIT:
      return true;
   case AGX_OP_PHI:
   case AGX_OP_PRELOAD:
      return false;
   case AGX_ISA_OP_GET_SR:
      return true;
   default:
      return false;
   }
}

/* Key: opcode and every operand that is not written (destinations only by
 * shape), with the instruction it stands for (not part of the key).  Only
 * the first nr_ops operands are hashed and compared: hashing the whole
 * operand array byte by byte cost more than the rest of the pass. */
struct cse_key {
   const agx_instr *I;
   unsigned op;
   uint8_t nr_ops;
   uint32_t writes;
   agx_operand ops[AGX_MAX_OPS];
};

static_assert(sizeof(agx_operand) == 16, "operands compared with memcmp "
                                         "must have no padding");

static void
make_key(const agx_instr *I, struct cse_key *k)
{
   k->I = I;
   k->op = I->op;
   k->nr_ops = I->nr_ops;
   k->writes = I->writes;
   agx_foreach_src(I, s) k->ops[s] = I->ops[s];
   /* destinations only by shape */
   agx_foreach_dest(I, d)
   {
      memset(&k->ops[d], 0, sizeof(k->ops[d]));
      k->ops[d].size = I->ops[d].size;
      k->ops[d].count = I->ops[d].count;
   }
}

static uint32_t
mix(uint32_t h, uint64_t v)
{
   v *= UINT64_C(0x9e3779b97f4a7c15);
   return (h ^ (uint32_t)(v >> 32)) * 0x01000193u + (uint32_t)v;
}

static uint32_t
hash_key(const void *p)
{
   const struct cse_key *k = p;
   uint32_t h = mix(k->op, ((uint64_t)k->writes << 8) | k->nr_ops);
   for (unsigned i = 0; i < k->nr_ops; ++i) {
      const agx_operand *o = &k->ops[i];
      h = mix(h, (uint64_t)o->kind | (uint64_t)o->size << 32 |
                    (uint64_t)o->count << 40 | (uint64_t)o->flags << 48);
      h = mix(h, (uint64_t)o->value);
   }
   return h;
}

static bool
key_equal(const void *a, const void *b)
{
   const struct cse_key *x = a, *y = b;
   return x->op == y->op && x->nr_ops == y->nr_ops && x->writes == y->writes &&
          !memcmp(x->ops, y->ops, x->nr_ops * sizeof(x->ops[0]));
}

void
agx_opt_cse(agx_context *ctx)
{
   unsigned n = ctx->nr_values;
   uint8_t *ndefs = rzalloc_array_size(ctx->mem, 1, n ? n : 1);
   int32_t *rename = ralloc_array_size(ctx->mem, sizeof(int32_t), n ? n : 1);
   for (unsigned v = 0; v < n; ++v)
      rename[v] = -1;

   /* Keys live as long as their block's table: one array sized for the
    * largest block, reused by every block. */
   unsigned max_block = 0;
   agx_foreach_block(ctx, blk)
   {
      unsigned in_block = 0;
      agx_foreach_instr(blk, I)
      {
         ++in_block;
         agx_foreach_dest(I, d)
         {
            if (agx_is_ssa(I->ops[d]) && ndefs[I->ops[d].value] < 2)
               ndefs[I->ops[d].value]++;
         }
      }
      max_block = MAX2(max_block, in_block);
   }
   struct cse_key *keys =
      ralloc_array(ctx->mem, struct cse_key, max_block ? max_block : 1);
   struct set *set = set_create(ctx->mem, hash_key, key_equal);

   agx_foreach_block(ctx, blk)
   {
      set_clear(set);
      unsigned nr_keys = 0;
      agx_foreach_instr_safe(blk, I)
      {
         /* uses of renamed values first */
         agx_foreach_src(I, s)
         {
            if (agx_is_ssa(I->ops[s]) && rename[I->ops[s].value] >= 0)
               I->ops[s].value = rename[I->ops[s].value];
         }
         if (!can_cse(I, ndefs))
            continue;

         struct cse_key *key = &keys[nr_keys];
         make_key(I, key);
         bool found;
         struct set_entry *e = set_search_or_add(set, key, &found);
         if (!found) {
            ++nr_keys;
            continue;
         }
         const agx_instr *prev = ((const struct cse_key *)e->key)->I;
         agx_foreach_dest(I, d) rename[I->ops[d].value] =
            (int32_t)prev->ops[d].value;
         agx_remove(I);
      }
   }
}
