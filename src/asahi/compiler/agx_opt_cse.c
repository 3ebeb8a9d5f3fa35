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
   switch (I->op) {
   case AGX_OP_MOV:
   case AGX_OP_COLLECT:
   case AGX_OP_SPLIT:
      return true;
   case AGX_OP_PHI:
   case AGX_OP_PRELOAD:
      return false;
   case AGX_ISA_OP_FADD32:
   case AGX_ISA_OP_FMUL32:
   case AGX_ISA_OP_FMADD32:
   case AGX_ISA_OP_IADD:
   case AGX_ISA_OP_ISUB:
   case AGX_ISA_OP_IMADD:
   case AGX_ISA_OP_BITOP:
   case AGX_ISA_OP_ICMPSEL:
   case AGX_ISA_OP_FCMPSEL:
   case AGX_ISA_OP_CONVERT:
   case AGX_ISA_OP_BFI:
   case AGX_ISA_OP_BFEIL:
   case AGX_ISA_OP_ASR:
   case AGX_ISA_OP_FLOOR:
   case AGX_ISA_OP_CEIL:
   case AGX_ISA_OP_TRUNC:
   case AGX_ISA_OP_RINT:
   case AGX_ISA_OP_RCP:
   case AGX_ISA_OP_RSQRT:
   case AGX_ISA_OP_LOG2:
   case AGX_ISA_OP_EXP2:
   case AGX_ISA_OP_POPCOUNT:
   case AGX_ISA_OP_BITREV:
   case AGX_ISA_OP_FFS:
   case AGX_ISA_OP_GET_SR:
      return true;
   default:
      return false;
   }
}

/* Key: opcode and every operand that is not written. */
struct cse_key {
   unsigned op;
   uint8_t nr_ops;
   uint32_t writes;
   agx_operand ops[AGX_MAX_OPS];
};

static void
make_key(const agx_instr *I, struct cse_key *k)
{
   memset(k, 0, sizeof(*k));
   k->op = I->op;
   k->nr_ops = I->nr_ops;
   k->writes = I->writes;
   agx_foreach_src(I, s) k->ops[s] = I->ops[s];
   /* destinations only by shape */
   agx_foreach_dest(I, d)
   {
      k->ops[d].size = I->ops[d].size;
      k->ops[d].count = I->ops[d].count;
   }
}

static uint32_t
hash_key(const void *p)
{
   return util_hash_bytes(p, sizeof(struct cse_key), 0);
}

static bool
key_equal(const void *a, const void *b)
{
   return !memcmp(a, b, sizeof(struct cse_key));
}

void
agx_opt_cse(agx_context *ctx)
{
   unsigned n = ctx->nr_values;
   uint8_t *ndefs = rzalloc_array_size(ctx->mem, 1, n ? n : 1);
   int32_t *rename = ralloc_array_size(ctx->mem, sizeof(int32_t), n ? n : 1);
   for (unsigned v = 0; v < n; ++v)
      rename[v] = -1;

   agx_foreach_instr_global(ctx, I)
   {
      agx_foreach_dest(I, d)
      {
         if (agx_is_ssa(I->ops[d]) && ndefs[I->ops[d].value] < 2)
            ndefs[I->ops[d].value]++;
      }
   }

   struct hash_table *ht = hash_table_create(ctx->mem, hash_key, key_equal);

   agx_foreach_block(ctx, blk)
   {
      hash_table_clear(ht);
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

         struct cse_key *key = ralloc_size(ctx->mem, sizeof(*key));
         make_key(I, key);
         struct hash_entry *e = hash_table_search(ht, key);
         if (!e) {
            hash_table_insert(ht, key, I);
            continue;
         }
         const agx_instr *prev = e->data;
         agx_foreach_dest(I, d) rename[I->ops[d].value] =
            (int32_t)prev->ops[d].value;
         agx_remove(I);
      }
   }
}
