/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Booleans to integers: every 1-bit boolean becomes a 16- or 32-bit integer
 * that is 0 for false and ~0 for true, for hardware without predicate
 * registers.  Comparisons switch to their sized variants (flt -> flt32),
 * bcsel to b32csel, and the bitwise ops, movs, vecs, phis, constants and
 * undefs simply widen (on 0 / ~0, and/or/xor/not are the logical ops).
 * Values entering from opcodes or intrinsics that only produce 1-bit
 * results get a b2b32 after them; 1-bit variables being stored get a b2b1.
 */
#include "nir_builder.h"
#include "nir_passes.h"

static nir_op
sized_op(nir_op op, unsigned bits)
{
#define CMP(x)                                                                 \
   case nir_op_##x:                                                            \
      return bits == 16 ? nir_op_##x##16 : nir_op_##x##32;
   switch (op) {
   CMP(flt) CMP(fge) CMP(feq) CMP(fneu)
   CMP(ilt) CMP(ige) CMP(ieq) CMP(ine) CMP(ult) CMP(uge)
   case nir_op_bcsel:
      return bits == 16 ? nir_op_b16csel : nir_op_b32csel;
   case nir_op_b2b1:
      return bits == 16 ? nir_op_b2b16 : nir_op_b2b32;
   default:
      return nir_op_invalid;
   }
#undef CMP
}

static bool
widens(nir_op op)
{
   return op == nir_op_iand || op == nir_op_ior || op == nir_op_ixor ||
          op == nir_op_inot || op == nir_op_mov || nir_op_is_vec(op);
}

static nir_def *
convert_after(nir_builder *b, nir_def *def, unsigned bits)
{
   b->cursor = nir_after_instr(nir_def_instr(def));
   if (nir_def_instr(def)->type == nir_instr_type_phi)
      b->cursor = nir_after_phis(nir_def_instr(def)->block);
   nir_def *w = bits == 16 ? nir_b2b16(b, def) : nir_b2b32(b, def);
   nir_def_rewrite_uses_after(def, w, nir_def_instr(w));
   return w;
}

static bool
lower_instr(nir_builder *b, nir_instr *instr, unsigned bits)
{
   switch (instr->type) {
   case nir_instr_type_alu: {
      nir_alu_instr *alu = nir_instr_as_alu(instr);
      nir_op s = sized_op(alu->op, bits);
      if (s != nir_op_invalid) {
         alu->op = s;
         if (alu->def.bit_size == 1)
            alu->def.bit_size = bits;
         return true;
      }
      if (alu->def.bit_size != 1)
         return false;
      if (widens(alu->op)) {
         alu->def.bit_size = bits;
         return true;
      }
      convert_after(b, &alu->def, bits);
      return true;
   }
   case nir_instr_type_load_const: {
      nir_load_const_instr *lc = nir_instr_as_load_const(instr);
      if (lc->def.bit_size != 1)
         return false;
      for (unsigned c = 0; c < lc->def.num_components; c++)
         lc->value[c] = nir_const_value_for_int(lc->value[c].b ? -1 : 0, bits);
      lc->def.bit_size = bits;
      return true;
   }
   case nir_instr_type_undef: {
      nir_def *d = &nir_instr_as_undef(instr)->def;
      if (d->bit_size != 1)
         return false;
      d->bit_size = bits;
      return true;
   }
   case nir_instr_type_phi: {
      nir_def *d = &nir_instr_as_phi(instr)->def;
      if (d->bit_size != 1)
         return false;
      d->bit_size = bits;
      return true;
   }
   case nir_instr_type_intrinsic: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      if (intr->intrinsic == nir_intrinsic_store_deref &&
          intr->src[1].ssa->bit_size == bits) {
         nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
         if (nir_alu_type_get_type_size(d->type->base) == 1) {
            b->cursor = nir_before_instr(instr);
            nir_instr_rewrite_src(instr, &intr->src[1],
                                  nir_b2b1(b, intr->src[1].ssa));
            return true;
         }
      }
      if (nir_intrinsic_infos[intr->intrinsic].has_dest &&
          intr->def.bit_size == 1) {
         convert_after(b, &intr->def, bits);
         return true;
      }
      return false;
   }
   default:
      return false;
   }
}

static bool
lower_cb(nir_builder *b, nir_instr *instr, void *data)
{
   return lower_instr(b, instr, *(const unsigned *)data);
}

bool
nir_lower_bool_to_int(nir_shader *shader, unsigned bit_size)
{
   return nir_shader_instructions_pass(shader, lower_cb,
                                       nir_metadata_block_index |
                                          nir_metadata_dominance,
                                       &bit_size);
}
