/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Instruction selection of 16-bit (mediump) values where they meet 32-bit
 * work: float-to-integer conversions of 16-bit results, and 16-bit
 * integers widened into 32-bit adds and multiplies.  Each shader is built
 * by hand at the bit sizes nir_lower_mediump produces, run on the
 * simulator over a row of 32 pixels and compared bit for bit with the NIR
 * interpreter on the same shader; the binary is also checked for the
 * instruction forms the selection should pick.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "nir_builder.h"
#include "agx_test_nir.h"
#include "agx_test_steps.h"
#include "agx_test_util.h"

/* Pixel (x, 0) sees uv = (x + 500.5, 0.5): 500.5 .. 531.5, all exact in
 * binary16 (its spacing is 0.25 in [256, 512), 0.5 in [512, 1024)). */
static const struct agx_test_uv row = {1.0f, 500.0f, 0.0f};

/* Compiles b's shader, runs it over the row and compares with nir_eval. */
static void
compile_run_check(nir_builder *b, void *mem, struct agx_shader_binary *bin)
{
   struct agx_shader_key key = agx_test_rgba32f_fs_key();
   agx_test_must_compile(b->shader, &key, mem, bin);

   char error[256];
   uint8_t tib[32 * 16];
   struct agx_test_draw draw = {0};
   if (!agx_test_run_uv_fs(bin, &draw, &row, tib, error, sizeof(error)))
      fail_msg("%s", error);
   if (!agx_test_check_uv_fs(b->shader, &row, NULL, NULL, tib, error,
                             sizeof(error)))
      fail_msg("%s", error);
}

/*
 * f2i32 / f2u32 of a 16-bit product widened by f2f32: the product is
 * rounded to binary16 before the conversion truncates it.  uv.x * 3 is
 * 1501.5, 1504.5, ... for the even pixels, halfway between two binary16
 * values (spacing 1 in [1024, 2048)): binary16 rounds to the even one
 * (1502, 1504, ...), so an unrounded f32 product would truncate to 1501
 * on every other pixel.  Through fabs (a negated product) too.
 */
static void
test_convert_rounded_half(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *uv;
   nir_variable *out;
   nir_builder b = agx_test_uv_fs_builder(mem, "cvt-half", &uv, &out);
   nir_def *x16 = nir_f2f16(&b, nir_channel(&b, uv, 0));
   nir_def *p = nir_fmul(&b, x16, nir_imm_floatN_t(&b, 3.0, 16));
   nir_def *n = nir_fmul(&b, x16, nir_imm_floatN_t(&b, -3.0, 16));
   nir_def *i = nir_f2i32(&b, nir_f2f32(&b, p));
   nir_def *u = nir_f2u32(&b, nir_fabs(&b, nir_f2f32(&b, n)));
   nir_store_var(&b, out,
                 nir_vec4(&b, nir_i2f32(&b, i), nir_u2f32(&b, u),
                          nir_channel(&b, uv, 0), nir_imm_float(&b, 1.0f)),
                 0xf);

   struct agx_shader_binary bin;
   compile_run_check(&b, mem, &bin);

   /* the f2i32 converts the product's 16-bit register itself */
   unsigned from_half = 0;
   struct agx_isa_instr I;
   for (size_t off = 0; agx_test_next_instr(&bin, &off, &I);) {
      from_half += I.op == AGX_ISA_OP_CONVERT &&
                   I.operands[AGX_ISA_CONVERT_SRC].kind == AGX_ISA_KIND_REG &&
                   I.operands[AGX_ISA_CONVERT_SRC].size == 16;
   }
   assert_int_equal(from_half, 1);
   ralloc_free(mem);
}

/* d = x - 516 at 16 bits, x = int(uv.x) (500 .. 531 over the row, so
 * d is -16 .. 15); *x gets x. */
static nir_def *
row_difference(nir_builder *b, nir_def *uv, nir_def **x)
{
   *x = nir_f2i32(b, nir_channel(b, uv, 0));
   return nir_isub(b, nir_i2i16(b, *x), nir_imm_intN_t(b, 516, 16));
}

/* Whether I is an add or multiply-add reading a 16-bit register (or
 * uniform) as a 32-bit integer source, sign-extended when sx. */
static bool
reads_half(const struct agx_isa_instr *I, bool sx)
{
   unsigned a, b;
   if (I->op == AGX_ISA_OP_IADD || I->op == AGX_ISA_OP_ISUB) {
      a = AGX_ISA_IADD_A;
      b = AGX_ISA_IADD_B;
   } else if (I->op == AGX_ISA_OP_IMADD) {
      a = AGX_ISA_IMADD_A;
      b = AGX_ISA_IMADD_B;
   } else {
      return false;
   }
   if (I->operands[AGX_ISA_IADD_D].size != 32)
      return false;
   for (unsigned k = a; k <= b; k += b - a) {
      const struct agx_isa_operand *o = &I->operands[k];
      if (o->kind == AGX_ISA_KIND_REG && o->size == 16 &&
          !!(o->flags & AGX_ISA_SX) == sx)
         return true;
   }
   return false;
}

/* Whether I is a 32-bit shift of a 16-bit register (asr, bfeil). */
static bool
shifts_half(const struct agx_isa_instr *I)
{
   const struct agx_isa_operand *x =
      I->op == AGX_ISA_OP_ASR     ? &I->operands[AGX_ISA_ASR_A]
      : I->op == AGX_ISA_OP_BFEIL ? &I->operands[AGX_ISA_BFEIL_B]
                                  : NULL;
   return x && x->kind == AGX_ISA_KIND_REG && x->size == 16 &&
          I->operands[AGX_ISA_ASR_D].size == 32;
}

/* Whether I is a widening alone: an add of 0 to a 16-bit register. */
static bool
is_bare_widening(const struct agx_isa_instr *I)
{
   const struct agx_isa_operand *a = &I->operands[AGX_ISA_IADD_A];
   const struct agx_isa_operand *b = &I->operands[AGX_ISA_IADD_B];
   return I->op == AGX_ISA_OP_IADD && a->kind == AGX_ISA_KIND_REG &&
          a->size == 16 && b->kind == AGX_ISA_KIND_IMM && b->value == 0;
}

/*
 * A 16-bit difference d = x - 516 (-16 .. 15 over the row) widened into
 * 32-bit work: d + 1000 and d * 3000 sign-extended (i2i32), d + 7
 * zero-extended (u2u32: 65527 for d = -16), and shifted right.  The
 * adds, the multiply and the shifts read d's 16-bit register directly
 * (.sx for the signed adds; asr extends by the sign itself); only the
 * logical shift of the sign-extended d keeps its widening (an add of 0).
 */
static void
test_widened_int16_sources(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *uv;
   nir_variable *out;
   nir_builder b = agx_test_uv_fs_builder(mem, "int16-widen", &uv, &out);
   nir_def *x;
   nir_def *d = row_difference(&b, uv, &x);
   nir_def *s = nir_iadd(&b, nir_i2i32(&b, d), nir_imm_int(&b, 1000));
   nir_def *m = nir_imul(&b, nir_i2i32(&b, d), nir_imm_int(&b, 3000));
   nir_def *u = nir_iadd(&b, nir_u2u32(&b, d), nir_imm_int(&b, 7));
   /* and shifts by a variable n (0 .. 7): ishr of the sign-extended d,
    * ushr of the zero-extended one */
   nir_def *n = nir_iand(&b, x, nir_imm_int(&b, 7));
   nir_def *sr = nir_ishr(&b, nir_i2i32(&b, d), n);
   nir_def *ur = nir_ushr(&b, nir_u2u32(&b, d), n);
   /* not read through: a logical shift of the sign-extended d */
   nir_def *mixed = nir_ushr(&b, nir_i2i32(&b, d), n);
   nir_store_var(&b, out,
                 nir_vec4(&b, nir_i2f32(&b, s), nir_u2f32(&b, u),
                          nir_i2f32(&b, m),
                          nir_fadd(&b, nir_fadd(&b, nir_i2f32(&b, sr),
                                                nir_u2f32(&b, ur)),
                                   nir_u2f32(&b, mixed))),
                 0xf);

   struct agx_shader_binary bin;
   compile_run_check(&b, mem, &bin);

   unsigned signed_reads = 0, unsigned_reads = 0, bare = 0, shifts = 0;
   struct agx_isa_instr I;
   for (size_t off = 0; agx_test_next_instr(&bin, &off, &I);) {
      signed_reads += reads_half(&I, true);
      unsigned_reads += reads_half(&I, false);
      bare += is_bare_widening(&I);
      shifts += shifts_half(&I);
   }
   /* the add, the multiply, and the one widening the logical shift of
    * the sign-extended d still needs */
   assert_int_equal(signed_reads, 3);
   assert_int_equal(unsigned_reads, 1);
   assert_int_equal(shifts, 2);
   assert_int_equal(bare, 1);
   ralloc_free(mem);
}

/*
 * The narrowed bit operations (nir_lower_mediump_int.c) on a 16-bit d
 * (-16 .. 15 as above): ifind_msb and find_lsb of d (32-bit indices:
 * the highest bit unlike d's own sign, in a 16-bit register), bit_count
 * at 16 bits (d read zero-extended: a negative d has its 16 bits' count)
 * and d << n by a variable n (0 .. 7) at 16 bits.
 */
static void
test_int16_bit_ops(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *uv;
   nir_variable *out;
   nir_builder b = agx_test_uv_fs_builder(mem, "int16-bits", &uv, &out);
   nir_def *x;
   nir_def *d = row_difference(&b, uv, &x);
   nir_def *n = nir_iand(&b, x, nir_imm_int(&b, 7));
   nir_def *msb = nir_ifind_msb(&b, d);
   nir_def *lsb = nir_find_lsb(&b, d);
   nir_def *count = nir_u2u32(&b, nir_bit_count(&b, d));
   nir_def *shl = nir_i2i32(&b, nir_ishl(&b, d, n));
   nir_store_var(&b, out,
                 nir_vec4(&b, nir_i2f32(&b, msb), nir_u2f32(&b, count),
                          nir_i2f32(&b, shl), nir_i2f32(&b, lsb)),
                 0xf);

   struct agx_shader_binary bin;
   compile_run_check(&b, mem, &bin);
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_convert_rounded_half),
      cmocka_unit_test(test_widened_int16_sources),
      cmocka_unit_test(test_int16_bit_ops),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
