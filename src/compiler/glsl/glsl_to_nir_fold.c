/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Constant conditions while translating: the ALU tree behind an if, ?:,
 * && or || condition is folded on the spot, so that a branch a constant
 * expression rules out is never translated (GLSL 1.20 4.3.3 makes
 * built-in calls with constant arguments constant expressions; Mesa
 * removes such dead code before linking, and piglit's
 * glsl-const-folding-01 calls a function it never defines there).
 */
#include "glsl_to_nir_priv.h"
#include "nir_passes.h"

/* pass_flags of an ALU instruction whose whole tree was tried: its
 * sources do not change any more, so a later condition reading it (locals
 * kept as values reach back into earlier statements' trees) need not walk
 * it again. */
#define FOLD_TRIED 0x1

/* Folds the instructions under d whose leaves are constants, visiting at
 * most *budget ALU instructions (a condition is a small tree; the budget
 * keeps shared subtrees from costing more). */
static void
fold_tree(nir_shader *shader, nir_def *d, unsigned *budget)
{
   nir_instr *p = nir_def_instr(d);
   if (!*budget || p->type != nir_instr_type_alu ||
       (p->pass_flags & FOLD_TRIED))
      return;
   (*budget)--;
   nir_alu_instr *alu = nir_instr_as_alu(p);
   for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++)
      fold_tree(shader, alu->src[i].src.ssa, budget);
   nir_fold_alu_instr_keep(shader, alu);
   /* with budget left, every source's tree was tried too */
   if (*budget)
      p->pass_flags |= FOLD_TRIED;
}

int
g2n_fold_bool(struct g2n *c, nir_def **d)
{
   nir_builder *b = &c->b;
   nir_instr *p = nir_def_instr((*d));
   if (p->type == nir_instr_type_alu) {
      /* Folding adds constants before the folded instructions and
       * leaves those in place (locals kept as values may point at them:
       * glsl_to_nir_ssa.c); the builder must append at the end of its
       * block again afterwards. */
      nir_block *blk = g2n_append_block(c);
      if (!blk)
         return -1;
      unsigned budget = 256;
      nir_alu_instr *alu = nir_instr_as_alu(p);
      for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++)
         fold_tree(c->shader, alu->src[i].src.ssa, &budget);
      nir_def *folded = nir_fold_alu_instr_keep(c->shader, alu);
      if (folded)
         *d = folded;
      b->cursor = nir_after_block(blk);
      p = nir_def_instr((*d));
   }
   if (p->type != nir_instr_type_load_const)
      return -1;
   return nir_instr_as_load_const(p)->value[0].b ? 1 : 0;
}
