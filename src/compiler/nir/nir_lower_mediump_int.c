/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The integer half of nir_lower_mediump: GLSL ES mediump and lowp int and
 * uint operations at 16 bits.
 *
 * GLSL ES 3.00 section 4.5.1 (ES 1.00 section 4.5.2) asks of a mediump
 * int only the range [-2^15, 2^15 - 1] and of a mediump uint [0, 2^16 - 1],
 * which 16 bits hold; a result outside the range is not required to be
 * right, so wrapping around is allowed.  What this file assumes of a
 * marked operation is therefore that its operands are in the range of
 * its signedness (nir_alu_instr::mediump_unsigned, set by the front end
 * from the expression's type): then
 *  - iadd, isub, ineg, imul, iand, ior, ixor, inot and ishl by a
 *    constant below 16 give in their low 16 bits what they give at 32
 *    bits, operands truncated (i2i16): any in-range result is exact, an
 *    out-of-range one wraps (a larger count would not: NIR's 16-bit
 *    shift takes it modulo 16);
 *  - ishl by a variable count would be exact too (GLSL defines x << n
 *    only for n in [0, 31], and for n of 16 or more x << n is in the
 *    range only when x is 0, 0 at either width) but stays 32-bit: its
 *    16-bit form needs the same count mask and a widening of the result
 *    more often than it saves one (agx-difftest --mediump-int, 2,000
 *    shaders: 30 instructions more);
 *  - find_lsb, ifind_msb (int operands) and ufind_msb (uint operands)
 *    give the same bit index for an in-range operand truncated to 16
 *    bits (the lowest set bit of a non-zero in-range value, and the
 *    highest bit that differs from the sign, lie in its low 16 bits);
 *    the index stays 32-bit, only the operand narrows.  bit_count is
 *    exact on uint operands only (a negative int has 16 more bits set at
 *    32 bits) and bitfield_reverse never (it moves bits to the top).
 *    Both only when the operand is a 16-bit result already: on a 32-bit
 *    word the 16-bit form saves nothing;
 *  - imul_high and umul_high stay 32-bit: the high word of an in-range
 *    product is only its sign (0 or -1), while NIR's 16-bit imul_high is
 *    the product's bits 16-31, a different value;
 *  - imin, imax, umin, umax, iabs, the comparisons and the right shifts
 *    by a constant below 16 are exact on in-range operands; a constant
 *    operand outside the range keeps the operation at 32 bits (x < 70000
 *    must stay true), and so does a right shift by a variable or larger
 *    count (at 32 bits x >> 20 is 0 or -1; NIR's 16-bit shift would take
 *    the count modulo 16);
 *  - division and remainder stay at 32 bits: AGX has no integer divider
 *    (they are lowered to multiplications, exact only at their width),
 *    and so do conversions and bitfield_extract/insert (32-bit only in
 *    NIR), which are where values enter and leave the mediump chains;
 *    but a marked f2i32 or
 *    f2u32 of a 16-bit float (f2f32 of one) that only narrowed operations
 *    read becomes f2i16/f2u16 of that float: in range its result is the
 *    same, out of range the conversion is undefined (GLSL ES 3.00 section
 *    5.4.1) and both saturate anyway.
 * A 16-bit result goes back to 32 bits sign-extended (i2i32) for an int,
 * zero-extended (u2u32) for a uint, so that highp work, stores and phis
 * read the value itself.  Shift counts stay 32-bit (NIR's rule).  An
 * operation whose 16-bit result is only widened and whose operands are
 * only truncated 32-bit values is made at 32 bits again on those values
 * (nir_mediump_widen_int): the widening would cost an instruction and
 * the 16-bit form saves nothing there (a loop counter's i + 1 read by its
 * 32-bit phi).  Its result then differs from the 16-bit one only where
 * that one wrapped around.
 */

#include "nir_builder.h"
#include "nir_lower_mediump.h"

enum int_kind {
   INT_NONE,
   INT_WRAP,  /* low 16 bits depend on the operands' low 16 bits only
               * (ishl: by a constant count below 16) */
   INT_RANGE, /* exact on in-range operands */
   INT_SHR,   /* exact by a constant count below 16 */
   INT_CMP,   /* a comparison: the boolean stays */
   INT_FIND,  /* find_lsb / ifind_msb / ufind_msb: the 32-bit bit index
               * stays, exact on in-range operands */
   INT_COUNT, /* bit_count: exact on in-range unsigned operands */
};

static enum int_kind
int_kind(nir_op op)
{
   switch (op) {
   case nir_op_iadd:
   case nir_op_isub:
   case nir_op_ineg:
   case nir_op_imul:
   case nir_op_iand:
   case nir_op_ior:
   case nir_op_ixor:
   case nir_op_inot:
   case nir_op_ishl:
      return INT_WRAP;
   case nir_op_imin:
   case nir_op_imax:
   case nir_op_umin:
   case nir_op_umax:
   case nir_op_iabs:
      return INT_RANGE;
   case nir_op_ishr:
   case nir_op_ushr:
      return INT_SHR;
   case nir_op_ilt:
   case nir_op_ige:
   case nir_op_ult:
   case nir_op_uge:
   case nir_op_ieq:
   case nir_op_ine:
   case nir_op_ilt32:
   case nir_op_ige32:
   case nir_op_ult32:
   case nir_op_uge32:
   case nir_op_ieq32:
   case nir_op_ine32:
      return INT_CMP;
   case nir_op_find_lsb:
   case nir_op_ifind_msb:
   case nir_op_ufind_msb:
      return INT_FIND;
   case nir_op_bit_count:
      return INT_COUNT;
   default:
      return INT_NONE;
   }
}

bool
nir_mediump_int_op(nir_op op)
{
   return int_kind(op) != INT_NONE;
}

/* Whether the operation's values are unsigned: by the opcode when it
 * says, else by the type the front end recorded. */
static bool
is_unsigned(const nir_alu_instr *alu)
{
   switch (alu->op) {
   case nir_op_umin:
   case nir_op_umax:
   case nir_op_ushr:
   case nir_op_ult:
   case nir_op_uge:
   case nir_op_ult32:
   case nir_op_uge32:
   case nir_op_ufind_msb:
      return true;
   case nir_op_ifind_msb:
   case nir_op_imin:
   case nir_op_imax:
   case nir_op_iabs:
   case nir_op_ishr:
   case nir_op_ilt:
   case nir_op_ige:
   case nir_op_ilt32:
   case nir_op_ige32:
      return false;
   default:
      return alu->mediump_unsigned;
   }
}

/* Whether source i, if a constant, is in the mediump range. */
static bool
const_in_range(const nir_alu_instr *alu, unsigned i, bool is_uint)
{
   nir_def *s = alu->src[i].src.ssa;
   nir_instr *p = nir_def_instr(s);
   if (p->type != nir_instr_type_load_const)
      return true;
   nir_load_const_instr *lc = nir_instr_as_load_const(p);
   for (unsigned c = 0; c < alu->def.num_components; c++) {
      unsigned k = nir_alu_src_swizzle(&alu->src[i], c);
      int64_t v = is_uint
                     ? (int64_t)nir_const_value_as_uint(lc->value[k], 32)
                     : nir_const_value_as_int(lc->value[k], 32);
      if (is_uint ? v > 0xffff : (v < -0x8000 || v > 0x7fff))
         return false;
   }
   return true;
}

/* Component 0 of source i as a constant, if it is one. */
static bool
const_u32(const nir_alu_instr *alu, unsigned i, uint32_t *v)
{
   nir_instr *p = nir_def_instr(alu->src[i].src.ssa);
   if (p->type != nir_instr_type_load_const)
      return false;
   nir_load_const_instr *lc = nir_instr_as_load_const(p);
   *v = (uint32_t)nir_const_value_as_uint(
      lc->value[nir_alu_src_swizzle(&alu->src[i], 0)], 32);
   return true;
}

/* The count of a shift, when a constant below 16. */
static bool
small_shift(const nir_alu_instr *alu)
{
   nir_def *s = alu->src[1].src.ssa;
   nir_instr *p = nir_def_instr(s);
   if (p->type != nir_instr_type_load_const)
      return false;
   nir_load_const_instr *lc = nir_instr_as_load_const(p);
   for (unsigned c = 0; c < alu->def.num_components; c++) {
      unsigned k = nir_alu_src_swizzle(&alu->src[1], c);
      if ((nir_const_value_as_uint(lc->value[k], 32) & 31) >= 16)
         return false;
   }
   return true;
}

bool
nir_mediump_narrow_int(nir_builder *b, nir_alu_instr *alu)
{
   enum int_kind kind = int_kind(alu->op);
   if (!alu->mediump || kind == INT_NONE)
      return false;
   bool is_uint = is_unsigned(alu);
   bool shift = alu->op == nir_op_ishl || kind == INT_SHR;
   unsigned n = shift ? 1 : nir_op_infos[alu->op].num_inputs;
   /* the result keeps 32 bits: a boolean or a bit index */
   bool keeps_word = kind == INT_CMP || kind == INT_FIND;
   if (!keeps_word && alu->def.bit_size != 32)
      return false;
   if (kind == INT_SHR && !small_shift(alu))
      return false;
   /* ishl by a variable or large count stays (above) */
   if (alu->op == nir_op_ishl && !small_shift(alu))
      return false;
   if (kind == INT_COUNT && !is_uint)
      return false;
   /* the bit searches and counts cost as much at 16 bits as at 32:
    * narrowed only where the operand is already a 16-bit value, whose
    * widening they then save */
   bool operand_uint;
   if ((kind == INT_FIND || kind == INT_COUNT) &&
       !nir_mediump_widened_int(alu->src[0].src.ssa, &operand_uint))
      return false;
   for (unsigned i = 0; i < n; i++) {
      if (alu->src[i].src.ssa->bit_size != 32)
         return false;
      if (kind != INT_WRAP && !const_in_range(alu, i, is_uint))
         return false;
   }

   /* x & m with the low 16 bits of the constant m all set is x at 16
    * bits (a mask to the uint range, which packing code writes) */
   int keep = -1;
   for (unsigned i = 0; alu->op == nir_op_iand && i < 2; i++) {
      uint32_t m;
      if (alu->def.num_components == 1 && const_u32(alu, i, &m) &&
          (m & 0xffff) == 0xffff)
         keep = 1 - (int)i;
   }

   nir_mediump_narrow_srcs(b, alu, n, false);
   if (!keeps_word) {
      alu->def.bit_size = 16;
      b->cursor = nir_after_instr(&alu->instr);
      nir_def *r = keep >= 0 ? alu->src[keep].src.ssa : &alu->def;
      nir_def *w = is_uint ? nir_u2u32(b, r) : nir_i2i32(b, r);
      nir_def_rewrite_uses_after(&alu->def, w, nir_def_instr(w));
   }
   return true;
}

nir_def *
nir_mediump_widened_int(nir_def *d, bool *is_uint)
{
   nir_instr *p = nir_def_instr(d);
   if (p->type != nir_instr_type_alu)
      return NULL;
   nir_alu_instr *w = nir_instr_as_alu(p);
   if ((w->op != nir_op_i2i32 && w->op != nir_op_u2u32) ||
       w->src[0].src.ssa->bit_size != 16 || w->def.num_components != 1 ||
       nir_alu_src_swizzle(&w->src[0], 0) != 0)
      return NULL;
   *is_uint = w->op == nir_op_u2u32;
   return w->src[0].src.ssa;
}

/* Whether d has uses and every one is an ALU instruction a or b. */
static bool
all_uses_are(nir_def *d, nir_op a, nir_op b)
{
   if (list_is_empty(&d->uses))
      return false;
   nir_foreach_use_including_if(src, d) {
      if (nir_src_is_if(src))
         return false;
      nir_instr *u = nir_src_parent_instr(src);
      if (u->type != nir_instr_type_alu ||
          (nir_instr_as_alu(u)->op != a && nir_instr_as_alu(u)->op != b))
         return false;
   }
   return true;
}

bool
nir_mediump_fold_int(nir_builder *b, nir_alu_instr *alu)
{
   bool is_uint, other_uint;
   if (alu->def.num_components != 1)
      return false;

   /* i2i16 of a widened 16-bit value: that value (either extension) */
   if (alu->op == nir_op_i2i16 || alu->op == nir_op_u2u16) {
      nir_def *x = nir_mediump_widened_int(alu->src[0].src.ssa, &is_uint);
      if (!x || nir_alu_src_swizzle(&alu->src[0], 0) != 0)
         return false;
      nir_def_rewrite_uses(&alu->def, x);
      return true;
   }

   /* f2i32/f2u32 of a widened half that only narrowed operations read:
    * the conversion to 16 bits of the half (exact: an in-range result
    * is the same, and both saturate) */
   if (alu->mediump && (alu->op == nir_op_f2i32 || alu->op == nir_op_f2u32) &&
       nir_alu_src_swizzle(&alu->src[0], 0) == 0 &&
       all_uses_are(&alu->def, nir_op_i2i16, nir_op_u2u16)) {
      nir_def *h = nir_mediump_widened_half(alu->src[0].src.ssa);
      if (!h)
         return false;
      bool u = alu->op == nir_op_f2u32;
      b->cursor = nir_before_instr(&alu->instr);
      nir_def *c = u ? nir_f2u16(b, h) : nir_f2i16(b, h);
      nir_def_rewrite_uses(&alu->def, u ? nir_u2u32(b, c) : nir_i2i32(b, c));
      return true;
   }

   /* a select of two values widened alike: made at 16 bits, widened once */
   if ((alu->op == nir_op_bcsel || alu->op == nir_op_b32csel) &&
       alu->def.bit_size == 32 && nir_alu_src_swizzle(&alu->src[1], 0) == 0 &&
       nir_alu_src_swizzle(&alu->src[2], 0) == 0) {
      nir_def *x = nir_mediump_widened_int(alu->src[1].src.ssa, &is_uint);
      nir_def *y = nir_mediump_widened_int(alu->src[2].src.ssa, &other_uint);
      if (!x || !y || is_uint != other_uint)
         return false;
      b->cursor = nir_before_instr(&alu->instr);
      nir_def *c = nir_channel(b, alu->src[0].src.ssa,
                               nir_alu_src_swizzle(&alu->src[0], 0));
      nir_def *s = alu->op == nir_op_bcsel ? nir_bcsel(b, c, x, y)
                                           : nir_b32csel(b, c, x, y);
      nir_def_rewrite_uses(&alu->def,
                           is_uint ? nir_u2u32(b, s) : nir_i2i32(b, s));
      return true;
   }
   return false;
}

/* The 32-bit value that source i of a narrowed operation truncates
 * (i2i16 of it), or NULL. */
static nir_def *
truncated_word(const nir_alu_instr *alu, unsigned i)
{
   nir_instr *p = nir_def_instr(alu->src[i].src.ssa);
   if (p->type != nir_instr_type_alu)
      return NULL;
   nir_alu_instr *t = nir_instr_as_alu(p);
   if ((t->op != nir_op_i2i16 && t->op != nir_op_u2u16) ||
       t->src[0].src.ssa->bit_size != 32 || t->def.num_components != 1)
      return NULL;
   return t->src[0].src.ssa;
}

bool
nir_mediump_widen_int(nir_builder *b, nir_alu_instr *alu)
{
   enum int_kind kind = int_kind(alu->op);
   if (alu->def.bit_size != 16 || kind == INT_NONE || kind == INT_CMP ||
       alu->def.num_components != 1 ||
       !all_uses_are(&alu->def, nir_op_i2i32, nir_op_u2u32))
      return false;
   bool shift = alu->op == nir_op_ishl || kind == INT_SHR;
   unsigned n = nir_op_infos[alu->op].num_inputs;
   nir_def *src[2] = { NULL, NULL };
   for (unsigned i = 0; i < (shift ? 1 : n); i++) {
      src[i] = truncated_word(alu, i);
      if (!src[i])
         return false;
   }
   b->cursor = nir_before_instr(&alu->instr);
   if (shift)
      src[1] = nir_ssa_for_alu_src(b, alu, 1);
   nir_mediump_copy_widenings(&alu->def,
                              nir_build_alu(b, alu->op, src[0], src[1], NULL,
                                            NULL));
   return true;
}
