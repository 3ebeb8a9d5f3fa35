/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Constants to uniforms.  After operand folding, a 32- or 16-bit constant that
 * no reader could take as an immediate (not below 256, not a minifloat)
 * is still a mov of the constant into a register.  When every reader is
 * an ALU source that accepts a uniform, the constant goes into the
 * shader's constant table (agx_shader_info::constants), which the driver
 * pushes like any uniform (AGX_PUSH_CONSTANTS), and the readers read the
 * uniform: the mov dies (agx_dce) and so does its register.  Mesa's AGX
 * compiler does the same (alexvorxx/Mesa-VirGL src/asahi/compiler, the
 * agx_opt_promote_constants pass named in agx_compile.c).
 *
 * Equal constants share a slot.  The table takes at most
 * AGX_MAX_CONSTANT_WORDS words, and only uniform halves below 256 (which
 * every ALU source can address) that the shader's other pushes left
 * free; constants that do not fit stay movs.  The preamble keeps its
 * movs (it runs once per draw).
 */

#include <stdlib.h>

#include "agx_compiler.h"

/* Can source i of I read a uniform (of its width, 32 or 16 bits)
 * instead? */
static bool
takes_uniform(const agx_instr *I, unsigned i)
{
   const agx_operand *o = &I->ops[i];
   if (!agx_is_alu(I->op) || (o->size != 32 && o->size != 16) ||
       o->count != 1)
      return false;
   const struct agx_isa_op_info *info = agx_isa_op_info(I->op);
   return info && (info->operands[i].accepts & AGX_ISA_ACCEPTS_UREG);
}

/* The word a constant mov puts in the table: a 16-bit constant (mediump)
 * in the low half, which a 16-bit uniform operand of the word's first
 * half reads, zero-extended, so that it shares a slot with the 32-bit
 * constant of that value. */
static uint32_t
const_word(const agx_instr *M)
{
   uint32_t v = (uint32_t)M->ops[1].value;
   return M->ops[0].size == 16 ? v & 0xffff : v;
}

static int
cmp_u32(const void *a, const void *b)
{
   uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
   return x < y ? -1 : x > y;
}

/* The first uniform half of a range of `halves` after the shader's
 * pushes, as agx_push would place it, or -1 when it would not lie below
 * half 256. */
static int
free_uniforms(const agx_context *ctx, unsigned halves)
{
   unsigned start = AGX_ALIGN(ctx->next_uniform, halves >= 4 ? 4u : 2u);
   if (start + halves > 256 || ctx->info->nr_push == AGX_MAX_PUSH_RANGES)
      return -1;
   return (int)start;
}

void
agx_opt_promote_constants(agx_context *ctx)
{
   unsigned n = ctx->nr_values;
   if (ctx->is_preamble || !n)
      return;
   agx_instr **def = calloc(n, sizeof(*def));
   unsigned *ndefs = calloc(n, sizeof(unsigned));
   unsigned *reads = calloc(n, sizeof(unsigned));
   unsigned *uniform_reads = calloc(n, sizeof(unsigned));

   agx_foreach_instr_global(ctx, I) {
      agx_foreach_dest(I, d) {
         if (agx_is_ssa(I->ops[d])) {
            def[I->ops[d].value] = I;
            ndefs[I->ops[d].value]++;
         }
      }
      agx_foreach_src(I, i) {
         if (!agx_is_ssa(I->ops[i]))
            continue;
         reads[I->ops[i].value]++;
         uniform_reads[I->ops[i].value] += takes_uniform(I, i);
      }
   }

   /* the constants worth a slot, sorted, without repeats */
   uint32_t *vals = calloc(n, sizeof(uint32_t));
   unsigned nr = 0;
   for (unsigned v = 0; v < n; ++v) {
      const agx_instr *M = def[v];
      bool promote = M && ndefs[v] == 1 && M->op == AGX_OP_MOV &&
                     (M->ops[0].size == 32 || M->ops[0].size == 16) &&
                     M->ops[0].count == 1 &&
                     M->ops[1].kind == AGX_ISA_KIND_IMM && reads[v] &&
                     uniform_reads[v] == reads[v];
      if (promote)
         vals[nr++] = const_word(M);
      else
         reads[v] = 0; /* not promoted */
   }
   qsort(vals, nr, sizeof(uint32_t), cmp_u32);
   unsigned distinct = 0;
   for (unsigned k = 0; k < nr; ++k) {
      if (!distinct || vals[distinct - 1] != vals[k])
         vals[distinct++] = vals[k];
   }

   struct agx_shader_info *info = ctx->info;
   unsigned room = AGX_MAX_CONSTANT_WORDS - info->nr_constants;
   unsigned words = MIN2(distinct, room);
   while (words && free_uniforms(ctx, 2 * words) < 0)
      words /= 2;
   if (words) {
      unsigned first = info->nr_constants;
      unsigned base = agx_push(ctx, AGX_PUSH_CONSTANTS, first, 2 * words);
      /* the most frequent would be better; the smallest values go in */
      for (unsigned k = 0; k < words; ++k)
         info->constants[first + k] = vals[k];
      info->nr_constants += words;

      agx_foreach_instr_global(ctx, I) {
         agx_foreach_src(I, i) {
            agx_operand o = I->ops[i];
            if (!agx_is_ssa(o) || !reads[o.value])
               continue;
            uint32_t c = const_word(def[o.value]);
            const uint32_t *at =
               bsearch(&c, vals, words, sizeof(uint32_t), cmp_u32);
            if (!at)
               continue;
            agx_operand u =
               agx_uniform(base + 2 * (unsigned)(at - vals), o.size);
            u.flags = o.flags;
            I->ops[i] = u;
         }
      }
   }

   free(def);
   free(ndefs);
   free(reads);
   free(uniform_reads);
   free(vals);
}
