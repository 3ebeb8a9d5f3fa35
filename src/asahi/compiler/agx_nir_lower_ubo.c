/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Uniform block loads whose block index is not a constant (an element of
 * a block array chosen at run time, GLSL 4.00 / ARB_gpu_shader5) become a
 * chain of ifs, one load with a constant index in each branch: every
 * block's address is a pair of uniform registers (AGX_PUSH_UBO_BASE), and
 * uniform registers cannot be indexed, so the selection happens in code.
 * Only the chosen load runs, so an unbound element of the array is never
 * read.
 *
 * The candidates are the values the index can take: the GLSL linker
 * writes first + umin(i, size - 1) (first + umin(i, n - 1) * inner +
 * umin(j, m - 1) for arrays of arrays), whose bounds are read off the
 * expression; an index without a visible bound tries every block up to
 * AGX_MAX_UBOS - 1.  Assumes: load_ubo as the GLSL front end makes it
 * (32-bit, block in source 0, byte offset in source 1).  Runs before
 * instruction selection, which takes constant block indices only.
 */

#include "nir_builder.h"
#include "util/u_math.h"
#include "agx_compile.h"
#include "agx_nir.h"

/* Inclusive bounds of component c of an unsigned integer value, looking
 * through iadd, umin, imul, ishl and constants (enough for the linker's
 * clamped indices). */
static void
value_bounds(nir_def *def, unsigned c, unsigned depth, uint32_t *lo,
             uint32_t *hi)
{
   nir_instr *p = nir_def_instr(def);
   *lo = 0;
   *hi = UINT32_MAX;
   if (depth > 8 || def->bit_size != 32)
      return;
   if (p->type == nir_instr_type_load_const) {
      *lo = *hi = nir_instr_as_load_const(p)->value[c].u32;
      return;
   }
   if (p->type != nir_instr_type_alu)
      return;
   nir_alu_instr *alu = nir_instr_as_alu(p);
   if (alu->op != nir_op_iadd && alu->op != nir_op_umin &&
       alu->op != nir_op_imul && alu->op != nir_op_ishl)
      return;
   uint32_t alo, ahi, blo, bhi;
   value_bounds(alu->src[0].src.ssa, nir_alu_src_swizzle(&alu->src[0], c),
                depth + 1, &alo, &ahi);
   value_bounds(alu->src[1].src.ssa, nir_alu_src_swizzle(&alu->src[1], c),
                depth + 1, &blo, &bhi);
   if (alu->op == nir_op_umin) {
      *lo = MIN2(alo, blo);
      *hi = MIN2(ahi, bhi);
   } else if (alu->op == nir_op_ishl) {
      /* i * inner with inner a power of two */
      if (blo == bhi && bhi < 32 && ((uint64_t)ahi << bhi) <= UINT32_MAX) {
         *lo = alo << blo;
         *hi = ahi << bhi;
      }
   } else if (alu->op == nir_op_imul) {
      /* arrays of arrays of blocks: i * inner + j (unsigned here) */
      if ((uint64_t)ahi * bhi <= UINT32_MAX) {
         *lo = alo * blo;
         *hi = ahi * bhi;
      }
   } else if ((uint64_t)ahi + bhi <= UINT32_MAX) {
      *lo = alo + blo;
      *hi = ahi + bhi;
   }
}

static nir_def *
load_block(nir_builder *b, nir_intrinsic_instr *load, uint32_t block)
{
   nir_def *srcs[2] = {nir_imm_int(b, (int)block), load->src[1].ssa};
   nir_intrinsic_instr *copy = nir_build_intrinsic(
      b, nir_intrinsic_load_ubo, load->def.num_components,
      load->def.bit_size, srcs, NIR_INTRINSIC_ALIGN_MUL,
      nir_intrinsic_align_mul(load), NIR_INTRINSIC_NUM_INDEX_FLAGS);
   return &copy->def;
}

/* if (index == k) load k else (if (index == k + 1) ... else load hi) */
static nir_def *
select_chain(nir_builder *b, nir_intrinsic_instr *load, nir_def *index,
             uint32_t k, uint32_t hi)
{
   if (k == hi)
      return load_block(b, load, k);
   nir_if *nif = nir_push_if(b, nir_ieq(b, index, nir_imm_int(b, (int)k)));
   nir_def *then_v = load_block(b, load, k);
   nir_push_else(b, nif);
   nir_def *else_v = select_chain(b, load, index, k + 1, hi);
   nir_pop_if(b, nif);
   return nir_if_phi(b, then_v, else_v);
}

static bool
lower_load(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   (void)data;
   nir_def *index = intr->src[0].ssa;
   uint32_t lo, hi;
   value_bounds(index, 0, 0, &lo, &hi);
   hi = MIN2(hi, AGX_MAX_UBOS - 1);
   lo = MIN2(lo, hi);

   b->cursor = nir_before_instr(&intr->instr);
   nir_def *v = select_chain(b, intr, index, lo, hi);
   nir_def_rewrite_uses(&intr->def, v);
   nir_instr_remove(&intr->instr);
   return true;
}

/* load_ubo with a run-time block index */
static bool
is_dynamic_load(const nir_intrinsic_instr *intr, void *data)
{
   (void)data;
   return intr->intrinsic == nir_intrinsic_load_ubo &&
          nir_def_instr(intr->src[0].ssa)->type != nir_instr_type_load_const;
}

bool
agx_nir_lower_ubo(nir_shader *nir)
{
   return agx_nir_lower_collected(nir, is_dynamic_load, lower_load, NULL);
}
