/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Computes mediump float arithmetic at 16 bits.
 *
 * GLSL ES 3.00 section 4.5.1 only asks of a mediump operation a relative
 * precision of 2^-10 over the range (-2^14, 2^14) (table in 4.5.1; ES
 * 1.00 section 4.5.2 is the same), which binary16 meets (11 significant
 * bits).  The front end marks the ALU instructions of mediump and lowp
 * float expressions (nir_alu_instr::mediump, GLSL ES 3.00 section 4.5.2:
 * an operation takes the highest precision of its operands); desktop
 * GLSL ignores precision qualifiers (GLSL 4.60 section 4.7), so nothing
 * is marked there.  Each marked 32-bit float operation of the supported
 * kinds becomes its 16-bit form: its float sources are converted with
 * f2f16 and its float result, if any, goes back through f2f32.  The
 * boundaries (loads of uniforms and varyings, texture results, stores of
 * outputs, highp operations) thus keep 32-bit values.  Then a 16-bit
 * value that went to 32 bits and back, f2f16(f2f32(x)), is x again, which
 * joins chains of mediump operations; a select of two such widened values
 * is made at 16 bits and widened once (exact).  min, max, neg and abs
 * are exact at any width: they are narrowed only when their operands are
 * 16-bit results already, and the other way round, a 16-bit one whose
 * result is only widened is made at 32 bits on widened operands when
 * those come from operations used nowhere else: backends whose float
 * operations round into either width (AGX) then widen them for free
 * where they are computed, which they cannot do through a select.
 * Marked integer operations narrow the same way, with i2i16 and i2i32 or
 * u2u32 at the boundaries (nir_lower_mediump_int.c says which and why).
 * Run it on scalar ALU code after nir_lower_bool_to_int (the 32-bit
 * comparisons are handled).
 */

#include "nir_builder.h"
#include "nir_lower_mediump.h"
#include "nir_passes.h"

/* How a marked operation narrows: whether its result is a float (else a
 * boolean, which stays as it is). */
static bool
narrowable(nir_op op, bool *float_result)
{
   *float_result = true;
   switch (op) {
   case nir_op_fadd:
   case nir_op_fsub:
   case nir_op_fmul:
   case nir_op_ffma:
   case nir_op_fneg:
   case nir_op_fabs:
   case nir_op_fsat:
   case nir_op_fmin:
   case nir_op_fmax:
   case nir_op_ffloor:
   case nir_op_fceil:
   case nir_op_ftrunc:
   case nir_op_fround_even:
   case nir_op_frcp:
   case nir_op_frsq:
   case nir_op_fexp2:
   case nir_op_flog2:
   case nir_op_fddx:
   case nir_op_fddy:
      return true;
   case nir_op_flt:
   case nir_op_fge:
   case nir_op_feq:
   case nir_op_fneu:
   case nir_op_flt32:
   case nir_op_fge32:
   case nir_op_feq32:
   case nir_op_fneu32:
      *float_result = false;
      return true;
   default:
      return false;
   }
}


/* min, max, neg, abs: exact at any width, so nothing is gained by
 * narrowing them unless their operands are 16-bit already */
static bool
is_selection(nir_op op)
{
   return op == nir_op_fmin || op == nir_op_fmax || op == nir_op_fneg ||
          op == nir_op_fabs;
}

static bool
narrow(nir_builder *b, nir_alu_instr *alu)
{
   bool float_result;
   if (!alu->mediump || !narrowable(alu->op, &float_result) ||
       (float_result && alu->def.bit_size != 32))
      return false;
   unsigned n = nir_op_infos[alu->op].num_inputs;
   for (unsigned i = 0; i < n; i++) {
      nir_def *s = alu->src[i].src.ssa;
      if (s->bit_size != 32)
         return false;
      if (is_selection(alu->op) && !nir_mediump_widened_half(s) &&
          nir_def_instr(s)->type != nir_instr_type_load_const)
         return false;
   }

   nir_mediump_narrow_srcs(b, alu, n, true);
   if (float_result) {
      alu->def.bit_size = 16;
      b->cursor = nir_after_instr(&alu->instr);
      nir_def *w = nir_f2f32(b, &alu->def);
      nir_def_rewrite_uses_after(&alu->def, w, nir_def_instr(w));
   }
   return true;
}

nir_def *
nir_mediump_widened_half(nir_def *d)
{
   nir_instr *p = nir_def_instr(d);
   if (p->type != nir_instr_type_alu)
      return NULL;
   nir_alu_instr *w = nir_instr_as_alu(p);
   if (w->op != nir_op_f2f32 || w->src[0].src.ssa->bit_size != 16 ||
       w->def.num_components != 1 || nir_alu_src_swizzle(&w->src[0], 0) != 0)
      return NULL;
   return w->src[0].src.ssa;
}

static bool
fold(nir_builder *b, nir_alu_instr *alu)
{
   if (alu->def.num_components != 1)
      return false;

   if (alu->op == nir_op_f2f16) {
      nir_def *x = nir_mediump_widened_half(alu->src[0].src.ssa);
      if (!x || nir_alu_src_swizzle(&alu->src[0], 0) != 0)
         return false;
      nir_def_rewrite_uses(&alu->def, x);
      return true;
   }

   if ((alu->op == nir_op_bcsel || alu->op == nir_op_b32csel) &&
       alu->def.bit_size == 32 && nir_alu_src_swizzle(&alu->src[1], 0) == 0 &&
       nir_alu_src_swizzle(&alu->src[2], 0) == 0) {
      nir_def *x = nir_mediump_widened_half(alu->src[1].src.ssa);
      nir_def *y = nir_mediump_widened_half(alu->src[2].src.ssa);
      if (!x || !y)
         return false;
      b->cursor = nir_before_instr(&alu->instr);
      nir_def *c = nir_channel(b, alu->src[0].src.ssa,
                               nir_alu_src_swizzle(&alu->src[0], 0));
      nir_def *s = alu->op == nir_op_bcsel ? nir_bcsel(b, c, x, y)
                                           : nir_b32csel(b, c, x, y);
      nir_def_rewrite_uses(&alu->def, nir_f2f32(b, s));
      return true;
   }
   return false;
}

static bool
only_widened(nir_def *d)
{
   nir_foreach_use_including_if(src, d) {
      if (nir_src_is_if(src))
         return false;
      nir_instr *u = nir_src_parent_instr(src);
      if (u->type != nir_instr_type_alu ||
          nir_instr_as_alu(u)->op != nir_op_f2f32)
         return false;
   }
   return !list_is_empty(&d->uses);
}

/* Whether widening s (a source of user) is free for a backend whose
 * float operations round into either width: a constant, or an operation
 * that only user reads and that can give its result at 32 bits. */
static bool
cheap_to_widen(nir_def *s, nir_alu_instr *user)
{
   nir_instr *p = nir_def_instr(s);
   if (p->type == nir_instr_type_load_const)
      return true;
   if (p->type != nir_instr_type_alu)
      return false;
   /* a constant this pass converted (constant folding comes later) */
   nir_alu_instr *pa = nir_instr_as_alu(p);
   if (pa->op == nir_op_f2f16 &&
       nir_def_instr(pa->src[0].src.ssa)->type == nir_instr_type_load_const)
      return true;
   bool float_result;
   if (!narrowable(pa->op, &float_result) || !float_result)
      return false;
   nir_foreach_use_including_if(src, s) {
      if (nir_src_is_if(src) || nir_src_parent_instr(src) != &user->instr)
         return false;
   }
   return true;
}

/* op(a, b) at 16 bits, then widened: op(f2f32 a, f2f32 b), which the
 * widenings copy (the 16-bit op is left to DCE) */
static bool
widen(nir_builder *b, nir_alu_instr *alu)
{
   if (alu->def.bit_size != 16 || !is_selection(alu->op) ||
       !only_widened(&alu->def))
      return false;
   for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++) {
      if (!cheap_to_widen(alu->src[i].src.ssa, alu))
         return false;
   }
   b->cursor = nir_before_instr(&alu->instr);
   nir_def *src[2] = { NULL, NULL };
   for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++)
      src[i] = nir_f2f32(b, nir_ssa_for_alu_src(b, alu, i));
   nir_def *w = nir_build_alu(b, alu->op, src[0], src[1], NULL, NULL);
   nir_mediump_copy_widenings(&alu->def, w);
   return true;
}

void
nir_mediump_narrow_srcs(nir_builder *b, nir_alu_instr *alu, unsigned n,
                        bool is_float)
{
   b->cursor = nir_before_instr(&alu->instr);
   for (unsigned i = 0; i < n; i++) {
      /* only the components read (a scalar of a loaded vector, say) */
      nir_def *s = nir_ssa_for_alu_src(b, alu, i);
      nir_def *h = is_float ? nir_f2f16(b, s) : nir_i2i16(b, s);
      nir_instr_rewrite_src(&alu->instr, &alu->src[i].src, h);
      for (unsigned c = 0; c < NIR_MAX_VEC_COMPONENTS; c++)
         nir_alu_src_set_swizzle(&alu->src[i], c, (uint8_t)c);
   }
}

void
nir_mediump_copy_widenings(nir_def *narrow, nir_def *wide)
{
   /* (removing them here would upset the walk, which has yet to visit
    * them) */
   nir_foreach_use_including_if_safe(use, narrow) {
      nir_alu_instr *cvt = nir_instr_as_alu(nir_src_parent_instr(use));
      cvt->op = nir_op_mov;
      nir_instr_rewrite_src(&cvt->instr, &cvt->src[0].src, wide);
   }
}

static bool
narrow_cb(nir_builder *b, nir_alu_instr *alu, void *data)
{
   (void)data;
   return narrow(b, alu) || nir_mediump_narrow_int(b, alu);
}

static bool
fold_cb(nir_builder *b, nir_alu_instr *alu, void *data)
{
   (void)data;
   return fold(b, alu) || nir_mediump_fold_int(b, alu);
}

static bool
widen_cb(nir_builder *b, nir_alu_instr *alu, void *data)
{
   (void)data;
   return widen(b, alu) || nir_mediump_widen_int(b, alu);
}

bool
nir_lower_mediump(nir_shader *shader)
{
   const nir_metadata keep = nir_metadata_block_index |
                             nir_metadata_dominance;
   bool progress = nir_shader_alu_pass(shader, narrow_cb, keep, NULL);
   if (progress) {
      nir_shader_alu_pass(shader, fold_cb, keep, NULL);
      /* (the widening rule counts uses: dead conversions go first) */
      nir_opt_dce(shader);
      /* each round widens the selects that the last made only widened */
      while (nir_shader_alu_pass(shader, widen_cb, keep, NULL))
         nir_opt_dce(shader);
   }
   return progress;
}
