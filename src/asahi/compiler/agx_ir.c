/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* IR construction: context, blocks, values and the instruction builder. */

#include <stdarg.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "agx_compiler.h"

agx_context *
agx_context_create(void *mem, gl_shader_stage stage,
                   const struct agx_shader_key *key,
                   struct agx_shader_info *info)
{
   agx_context *ctx = rzalloc_size(mem, sizeof(*ctx));
   ctx->mem = ctx;
   ctx->stage = stage;
   ctx->key = key;
   ctx->info = info;
   list_inithead(&ctx->blocks);
   return ctx;
}

agx_block *
agx_block_create(agx_context *ctx)
{
   agx_block *blk = rzalloc_size(ctx->mem, sizeof(*blk));
   list_inithead(&blk->instrs);
   blk->index = ctx->nr_blocks++;
   list_addtail(&blk->link, &ctx->blocks);
   return blk;
}

void
agx_block_add_pred(agx_context *ctx, agx_block *blk, agx_block *pred)
{
   for (unsigned i = 0; i < blk->nr_preds; ++i) {
      if (blk->preds[i] == pred)
         return;
   }
   blk->preds = reralloc_array_size(ctx->mem, blk->preds, sizeof(agx_block *),
                                    blk->nr_preds + 1);
   blk->preds[blk->nr_preds++] = pred;
}

void
agx_block_add_succ(agx_context *ctx, agx_block *blk, agx_block *succ)
{
   for (unsigned i = 0; i < 2; ++i) {
      if (blk->succs[i] == succ)
         return;
      if (!blk->succs[i]) {
         blk->succs[i] = succ;
         agx_block_add_pred(ctx, succ, blk);
         return;
      }
   }
   assert(!"a block has at most two successors");
}

agx_operand
agx_temp(agx_context *ctx, unsigned size, unsigned count)
{
   if (ctx->nr_values == ctx->values_cap) {
      ctx->values_cap = ctx->values_cap ? ctx->values_cap * 2 : 64;
      ctx->values = reralloc_array_size(
         ctx->mem, ctx->values, sizeof(struct agx_value), ctx->values_cap);
   }
   unsigned index = ctx->nr_values++;
   ctx->values[index] = (struct agx_value){
      .size = (uint8_t)size, .count = (uint8_t)count, .fixed = -1, .reg = -1};
   return agx_ssa(index, size, count);
}

void
agx_insert(agx_builder *b, agx_instr *I)
{
   I->block = b->block;
   if (b->before)
      list_addtail(&I->link, &b->before->link);
   else
      list_addtail(&I->link, &b->block->instrs);
}

void
agx_remove(agx_instr *I)
{
   list_del(&I->link);
}

/* An instruction with room for nr_ops operands only: most have a few of
 * the AGX_MAX_OPS, and the full array made every instruction 360 bytes,
 * which on large shaders made every walk over the IR a walk over memory
 * several times larger than the caches.  Operands past nr_ops must never
 * be touched.  Instructions are carved in creation order from 64 KiB
 * chunks of the context (no allocation header each, and a walk in
 * program order mostly reads memory in order); agx_remove only unlinks,
 * the chunks go with the context. */
#define INSTR_CHUNK_SIZE (64 * 1024)

static agx_instr *
instr_alloc(agx_context *ctx, unsigned nr_ops)
{
   assert(nr_ops <= AGX_MAX_OPS);
   size_t size = offsetof(agx_instr, ops) + nr_ops * sizeof(agx_operand);
   size = (size + 7) & ~(size_t)7;
   if ((size_t)(ctx->instr_mem_end - ctx->instr_mem_cur) < size) {
      char *chunk = ralloc_size(ctx->mem, INSTR_CHUNK_SIZE);
      if (!chunk)
         return NULL;
      ctx->instr_mem_cur = chunk;
      ctx->instr_mem_end = chunk + INSTR_CHUNK_SIZE;
   }
   agx_instr *I = (agx_instr *)ctx->instr_mem_cur;
   ctx->instr_mem_cur += size;
   memset(I, 0, size);
   return I;
}

agx_instr *
agx_emit(agx_builder *b, enum agx_isa_op op)
{
   struct agx_isa_instr hw;
   bool ok = agx_isa_instr_init(&hw, op);
   assert(ok);
   (void)ok;
   agx_instr *I = instr_alloc(b->ctx, hw.nr_operands);

   const struct agx_isa_op_info *info = agx_isa_op_info(op);
   I->op = op;
   I->nr_ops = hw.nr_operands;
   for (unsigned i = 0; i < hw.nr_operands; ++i) {
      I->ops[i] = hw.operands[i];
      if (info->operands[i].writes)
         I->writes |= 1u << i;
   }
   agx_insert(b, I);
   return I;
}

agx_instr *
agx_emit_pseudo(agx_builder *b, unsigned op, unsigned nr_ops, unsigned nr_dests)
{
   agx_instr *I = instr_alloc(b->ctx, nr_ops);
   I->op = op;
   I->nr_ops = (uint8_t)nr_ops;
   I->writes = (1u << nr_dests) - 1;
   agx_insert(b, I);
   return I;
}

agx_operand
agx_mov_imm(agx_builder *b, unsigned size, uint32_t value)
{
   agx_operand dst = agx_temp(b->ctx, size, 1);
   agx_instr *I = agx_emit_pseudo(b, AGX_OP_MOV, 2, 1);
   I->ops[0] = dst;
   I->ops[1] = agx_isa_imm(value, size);
   return dst;
}

void
agx_mov_to(agx_builder *b, agx_operand dst, agx_operand src)
{
   agx_instr *I = agx_emit_pseudo(b, AGX_OP_MOV, 2, 1);
   I->ops[0] = dst;
   I->ops[1] = src;
}

agx_operand
agx_collect(agx_builder *b, unsigned n, const agx_operand *srcs)
{
   assert(n >= 1 && n < AGX_MAX_OPS);
   agx_operand dst = agx_temp(b->ctx, srcs[0].size, n);
   agx_instr *I = agx_emit_pseudo(b, AGX_OP_COLLECT, n + 1, 1);
   I->ops[0] = dst;
   for (unsigned i = 0; i < n; ++i)
      I->ops[1 + i] = srcs[i];
   return dst;
}

void
agx_split(agx_builder *b, agx_operand *dsts, unsigned n, agx_operand vec)
{
   assert(n >= 1 && n < AGX_MAX_OPS);
   agx_instr *I = agx_emit_pseudo(b, AGX_OP_SPLIT, n + 1, n);
   /* elements of the vector, or halves of one wide value */
   unsigned size = vec.size * vec.count / n;
   for (unsigned i = 0; i < n; ++i) {
      dsts[i] = agx_temp(b->ctx, size, 1);
      I->ops[i] = dsts[i];
   }
   I->ops[n] = vec;
}

void
agx_fail(agx_context *ctx, int status, const char *fmt, ...)
{
   if (ctx->status)
      return;
   ctx->status = status;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(ctx->error, sizeof(ctx->error), fmt, ap);
   va_end(ap);
}

unsigned
agx_push(agx_context *ctx, enum agx_push_kind kind, uint32_t index,
         unsigned halves)
{
   struct agx_shader_info *info = ctx->info;

   /* Reuse an identical range. */
   for (unsigned i = 0; i < info->nr_push; ++i) {
      struct agx_push_range *r = &info->push[i];
      if (r->kind == kind && r->index == index && r->length == halves)
         return r->uniform;
   }

   /* Keep 64-bit values aligned, never cross the 256-half boundary of the
    * USC Uniform / Uniform High words. */
   unsigned start = AGX_ALIGN(ctx->next_uniform, halves >= 4 ? 4u : 2u);
   if (start < 256 && start + halves > 256)
      start = 256;
   if (start + halves > 512 || info->nr_push == AGX_MAX_PUSH_RANGES) {
      agx_fail(ctx, AGX_COMPILE_TOO_BIG, "out of uniform registers");
      return 0;
   }
   info->push[info->nr_push++] = (struct agx_push_range){
      .uniform = (uint16_t)start,
      .length = (uint16_t)halves,
      .kind = kind,
      .index = index,
   };
   ctx->next_uniform = start + halves;
   if (ctx->next_uniform > info->push_count)
      info->push_count = ctx->next_uniform;
   return start;
}

/*
 * The control flow graph the code really has: under the execution mask
 * every instruction runs in program order (with some lanes masked) and the
 * only jumps are the loops' backward jmp_exec_any.  So each block falls
 * through to the next, plus the backward edges.  Liveness on this graph
 * keeps a value alive across a branch its lanes skip, which masked writes
 * need.
 */
void
agx_build_cfg(agx_context *ctx)
{
   agx_block **by_index = calloc(ctx->nr_blocks, sizeof(agx_block *));
   agx_foreach_block(ctx, blk)
   {
      by_index[blk->index] = blk;
      blk->succs[0] = blk->succs[1] = NULL;
      blk->nr_preds = 0;
   }

   agx_foreach_block(ctx, blk)
   {
      if (blk->link.next != &ctx->blocks)
         agx_block_add_succ(ctx, blk,
                            list_entry(blk->link.next, agx_block, link));
      agx_foreach_instr(blk, I)
      {
         agx_foreach_op(I, i)
         {
            if (I->ops[i].kind == AGX_KIND_BLOCK &&
                I->ops[i].value < ctx->nr_blocks && by_index[I->ops[i].value])
               agx_block_add_succ(ctx, blk, by_index[I->ops[i].value]);
         }
      }
   }
   free(by_index);
}

/* stack_load / stack_store of the run `data` (32- or 16-bit registers, one
 * per mask bit) at byte offset `offset` of the thread's stack frame.  The
 * fields nobody has decoded (i1, i2, i5) take the values Mesa's AGX
 * compiler emits (alexvorxx/Mesa-VirGL src/asahi/compiler/agx_pack.c);
 * loads signal scoreboard 0, which the `wait` after them waits on. */
void
agx_emit_stack_op(agx_builder *b, bool store, agx_operand data, unsigned fmt,
                  unsigned mask, agx_operand offset)
{
   agx_instr *I;
   if (store) {
      I = agx_emit(b, AGX_ISA_OP_STACK_STORE);
      I->ops[AGX_ISA_STACK_STORE_F] = agx_isa_enum(fmt, 4);
      I->ops[AGX_ISA_STACK_STORE_I1] = agx_isa_imm(1, 1);
      I->ops[AGX_ISA_STACK_STORE_I2] = agx_isa_imm(0, 3);
      I->ops[AGX_ISA_STACK_STORE_MASK] = agx_isa_enum(mask, 4);
      I->ops[AGX_ISA_STACK_STORE_I5] = agx_isa_imm(4, 3);
      I->ops[AGX_ISA_STACK_STORE_R] = data;
      I->ops[AGX_ISA_STACK_STORE_O] = offset;
      return;
   }
   I = agx_emit(b, AGX_ISA_OP_STACK_LOAD);
   I->ops[AGX_ISA_STACK_LOAD_R] = data;
   I->ops[AGX_ISA_STACK_LOAD_F] = agx_isa_enum(fmt, 4);
   I->ops[AGX_ISA_STACK_LOAD_I1] = agx_isa_imm(1, 1);
   I->ops[AGX_ISA_STACK_LOAD_I2] = agx_isa_imm(0, 3);
   I->ops[AGX_ISA_STACK_LOAD_MASK] = agx_isa_enum(mask, 4);
   I->ops[AGX_ISA_STACK_LOAD_I5] = agx_isa_imm(4, 3);
   I->ops[AGX_ISA_STACK_LOAD_O] = offset;
   I = agx_emit(b, AGX_ISA_OP_WAIT);
   I->ops[0] = agx_isa_imm(0, 1);
}
