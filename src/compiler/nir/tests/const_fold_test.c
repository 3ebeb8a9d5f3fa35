/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Constant folding of every ALU opcode against hand-written expectations
 * for edge values: signed zeros, denormals, infinities, NaN, INT_MIN,
 * shifts at and beyond the bit size, division by zero, saturation of
 * float-to-int conversions.  Expected values come from IEEE 754 (round to
 * nearest even), GLSL 4.60 section 8, and the definitions NIR gives for
 * cases those leave undefined (docs/nir.rst, "Defined behaviour").
 *
 * Each case builds `op(load_const...)`, runs nir_opt_constant_folding and
 * reads the load_const that replaced it.  A final test fails if any opcode
 * has no case.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "nir.h"
#include "nir_builder.h"
#include "nir_passes.h"
#include "util/u_math.h"

static bool covered[nir_num_opcodes];

static uint64_t
d2u(double d)
{
   uint64_t u;
   memcpy(&u, &d, 8);
   return u;
}

#define F(x) ((uint64_t)fui((float)(x)))
#define D(x) d2u((double)(x))
#define NANF 0x7fc00000ull
#define NAN_EXPECT 0xdeadull /* marker: any NaN of the result size */
#define I(x) ((uint64_t)(uint32_t)(int32_t)(x))

/* Fold op on scalar (or explicitly sized) constant sources; return the
 * folded bits of component `comp`. */
static uint64_t
fold(nir_op op, unsigned bits, const uint64_t *srcs, unsigned comp,
     unsigned *out_bits)
{
   const nir_op_info *info = &nir_op_infos[op];
   void *ctx = ralloc_context(NULL);
   static const nir_shader_compiler_options opts = { 0 };
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, &opts, "cf", ctx);
   nir_def *s[16];
   unsigned k = 0;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      unsigned sb = nir_alu_type_get_type_size(info->input_types[i]);
      if (!sb)
         sb = bits;
      unsigned nc = info->input_sizes[i] ? info->input_sizes[i] : 1;
      nir_const_value v[4];
      for (unsigned c = 0; c < nc; c++)
         v[c] = nir_const_value_for_uint(srcs[k++], sb);
      s[i] = nir_build_imm(&b, nc, sb, v);
   }
   nir_def *r = nir_build_alu_src_arr(&b, op, s);
   nir_variable *var = nir_local_variable_create(
      b.impl, nir_vtype_vector(b.shader, nir_type_uint | r->bit_size,
                               r->num_components), "out");
   nir_store_var(&b, var, r, (1u << r->num_components) - 1);
   assert_true(nir_opt_constant_folding(b.shader));
   nir_validate_shader(b.shader, "after folding");

   nir_block *blk = nir_start_block(b.impl);
   nir_instr *last = nir_block_last_instr(blk);
   nir_intrinsic_instr *st = nir_instr_as_intrinsic(last);
   nir_def *v = st->src[1].ssa;
   assert_int_equal(nir_def_instr(v)->type, nir_instr_type_load_const);
   nir_load_const_instr *lc = nir_instr_as_load_const(nir_def_instr(v));
   *out_bits = v->bit_size;
   uint64_t res = nir_const_value_as_uint(lc->value[comp], v->bit_size);
   ralloc_free(ctx);
   covered[op] = true;
   return res;
}

static bool
is_nan_bits(uint64_t v, unsigned bits)
{
   switch (bits) {
   case 16: return (v & 0x7c00) == 0x7c00 && (v & 0x3ff);
   case 32: return isnan(uif((uint32_t)v));
   default: {
      double d;
      memcpy(&d, &v, 8);
      return isnan(d);
   }
   }
}

static void
check_comp(nir_op op, unsigned bits, const uint64_t *srcs, unsigned comp,
           uint64_t expect, int line)
{
   unsigned ob;
   uint64_t got = fold(op, bits, srcs, comp, &ob);
   if (expect == NAN_EXPECT) {
      if (!is_nan_bits(got, ob))
         fail_msg("line %d: %s@%u gave 0x%llx, expected NaN", line,
                  nir_op_infos[op].name, bits, (unsigned long long)got);
      return;
   }
   if (got != expect)
      fail_msg("line %d: %s@%u gave 0x%llx, expected 0x%llx", line,
               nir_op_infos[op].name, bits, (unsigned long long)got,
               (unsigned long long)expect);
}

#define C1(op, bits, a, r)                                                     \
   do {                                                                        \
      uint64_t s_[] = { a };                                                   \
      check_comp(nir_op_##op, bits, s_, 0, r, __LINE__);                       \
   } while (0)
#define C2(op, bits, a, b, r)                                                  \
   do {                                                                        \
      uint64_t s_[] = { a, b };                                                \
      check_comp(nir_op_##op, bits, s_, 0, r, __LINE__);                       \
   } while (0)
#define C3(op, bits, a, b, c, r)                                               \
   do {                                                                        \
      uint64_t s_[] = { a, b, c };                                             \
      check_comp(nir_op_##op, bits, s_, 0, r, __LINE__);                       \
   } while (0)
#define CN(op, bits, comp, r, ...)                                             \
   do {                                                                        \
      uint64_t s_[] = { __VA_ARGS__ };                                         \
      check_comp(nir_op_##op, bits, s_, comp, r, __LINE__);                    \
   } while (0)

static void
test_float_arith(void **state)
{
   (void)state;
   /* IEEE 754 6.3: x + x keeps the sign of zero; (-0) + (+0) is +0. */
   C2(fadd, 32, F(-0.0), F(-0.0), F(-0.0));
   C2(fadd, 32, F(-0.0), F(0.0), F(0.0));
   C2(fadd, 32, F(INFINITY), F(-INFINITY), NAN_EXPECT);
   C2(fadd, 32, 0x00000001, 0x00000001, 0x00000002); /* denormals kept */
   C2(fadd, 32, F(1.0), 0x00000001, F(1.0));         /* rounds away */
   C2(fadd, 16, 0x7bff, 0x5000, 0x7c00);             /* 65504+32 -> inf */
   C2(fadd, 64, D(0.1), D(0.2), D(0.1 + 0.2));
   C2(fsub, 32, F(1.0), F(1.0), F(0.0));
   C2(fsub, 32, F(-0.0), F(0.0), F(-0.0));
   C2(fmul, 32, F(-0.0), F(5.0), F(-0.0));
   C2(fmul, 32, F(0.0), F(INFINITY), NAN_EXPECT);
   C2(fmul, 32, 0x00000001, F(0.5), F(0.0)); /* tie to even */
   C2(fmul, 16, 0x3c00, 0x8000, 0x8000);     /* 1 * -0 */
   C2(fdiv, 32, F(1.0), F(0.0), F(INFINITY));
   C2(fdiv, 32, F(1.0), F(-0.0), F(-INFINITY));
   C2(fdiv, 32, F(0.0), F(0.0), NAN_EXPECT);
   C2(fmod, 32, F(-1.0), F(3.0), F(2.0)); /* GLSL mod: x - y*floor(x/y) */
   C2(fmod, 32, F(5.5), F(2.0), F(1.5));
   C2(fpow, 32, F(2.0), F(10.0), F(1024.0));
   C2(fpow, 32, F(0.0), F(0.0), F(1.0));
   C2(fmin, 32, NANF, F(1.0), F(1.0));
   C2(fmin, 32, F(-0.0), F(0.0), F(-0.0));
   C2(fmin, 32, F(0.0), F(-0.0), F(-0.0));
   C2(fmax, 32, F(-0.0), F(0.0), F(0.0));
   C2(fmax, 32, F(1.0), NANF, F(1.0));
   C2(fmax, 64, D(-INFINITY), D(-1e300), D(-1e300));
   C2(fstep, 32, F(1.0), F(0.5), F(0.0)); /* step(edge, x) */
   C2(fstep, 32, F(1.0), F(1.0), F(1.0));
   C3(ffma, 32, F(1.0 + 0x1p-23), F(1.0 - 0x1p-23), F(-1.0), F(-0x1p-46));
   C3(ffma, 64, D(2.0), D(3.0), D(1.0), D(7.0));
   C3(flrp, 32, F(1.0), F(3.0), F(0.5), F(2.0));
   C3(flrp, 32, F(2.0), F(4.0), F(0.0), F(2.0));
   C3(fclamp, 32, F(5.0), F(0.0), F(1.0), F(1.0));
   C3(fclamp, 32, NANF, F(0.0), F(1.0), F(0.0));
}

static void
test_float_unary(void **state)
{
   (void)state;
   C1(fneg, 32, F(0.0), F(-0.0));
   C1(fneg, 16, 0x3c00, 0xbc00);
   C1(fabs, 32, F(-0.0), F(0.0));
   C1(fabs, 64, D(-INFINITY), D(INFINITY));
   C1(fsat, 32, NANF, F(0.0));
   C1(fsat, 32, F(-0.0), F(0.0));
   C1(fsat, 32, F(2.0), F(1.0));
   C1(fsat, 32, F(0.5), F(0.5));
   C1(fsign, 32, F(-3.0), F(-1.0));
   C1(fsign, 32, F(-0.0), F(-0.0));
   C1(fsign, 32, NANF, F(0.0));
   C1(frcp, 32, F(-0.0), F(-INFINITY));
   C1(frcp, 32, F(4.0), F(0.25));
   C1(frsq, 32, F(0.0), F(INFINITY));
   C1(frsq, 32, F(4.0), F(0.5));
   C1(fsqrt, 32, F(-0.0), F(-0.0)); /* IEEE: sqrt(-0) = -0 */
   C1(fsqrt, 32, F(-1.0), NAN_EXPECT);
   C1(fsqrt, 64, D(2.0), D(sqrt(2.0)));
   C1(fexp2, 32, F(-INFINITY), F(0.0));
   C1(fexp2, 32, F(10.0), F(1024.0));
   C1(flog2, 32, F(0.0), F(-INFINITY));
   C1(flog2, 32, F(-1.0), NAN_EXPECT);
   C1(fsin, 32, F(0.0), F(0.0));
   C1(fsin, 32, F(-0.0), F(-0.0));
   C1(fcos, 32, F(0.0), F(1.0));
   C1(ffloor, 32, F(-0.5), F(-1.0));
   C1(ffloor, 32, F(-0.0), F(-0.0));
   C1(fceil, 32, F(-0.5), F(-0.0));
   C1(ftrunc, 32, F(-1.5), F(-1.0));
   C1(fround_even, 32, F(2.5), F(2.0));
   C1(fround_even, 32, F(3.5), F(4.0));
   C1(fround_even, 32, F(-0.5), F(-0.0));
   C1(ffract, 32, F(-0.25), F(0.75));
   C1(ffract, 32, F(1.5), F(0.5));
   C1(fddx, 32, F(7.0), F(0.0)); /* one invocation: no neighbours */
   C1(fddy, 32, F(7.0), F(0.0));
   C1(mov, 32, 0x12345678, 0x12345678);
}

static void
test_float_compare(void **state)
{
   (void)state;
   C2(flt, 32, NANF, F(1.0), 0);
   C2(flt, 32, F(-0.0), F(0.0), 0);
   C2(flt, 32, F(-INFINITY), F(-1e30), 1);
   C2(fge, 32, NANF, NANF, 0);
   C2(fge, 32, F(-0.0), F(0.0), 1);
   C2(feq, 32, F(-0.0), F(0.0), 1);
   C2(feq, 32, NANF, NANF, 0);
   C2(fneu, 32, NANF, NANF, 1);
   C2(fneu, 64, D(1.0), D(1.0), 0);
   C2(flt32, 32, F(1.0), F(2.0), 0xffffffff);
   C2(flt16, 32, F(2.0), F(1.0), 0);
   C2(fge32, 32, F(2.0), F(1.0), 0xffffffff);
   C2(fge16, 16, 0x3c00, 0x3c00, 0xffff);
   C2(feq32, 32, F(-0.0), F(0.0), 0xffffffff);
   C2(feq16, 32, NANF, NANF, 0);
   C2(fneu32, 32, NANF, F(0.0), 0xffffffff);
   C2(fneu16, 32, F(1.0), F(1.0), 0);
   C3(fcsel, 32, F(-0.0), F(1.0), F(2.0), F(2.0)); /* -0 == 0: false */
   C3(fcsel, 32, NANF, F(1.0), F(2.0), F(1.0));
}

static void
test_conversions(void **state)
{
   (void)state;
   /* GLSL / NIR: float->int rounds toward zero and saturates; NaN -> 0. */
   C1(f2i32, 32, F(-1.9), I(-1));
   C1(f2i32, 32, NANF, 0);
   C1(f2i32, 32, F(3e9), 0x7fffffff);
   C1(f2i32, 32, F(-3e9), 0x80000000);
   C1(f2i8, 32, F(300.0), 127);
   C1(f2i8, 32, F(-300.0), 0x80);
   C1(f2i16, 32, F(-40000.0), 0x8000);
   C1(f2i64, 64, D(1e19), 0x7fffffffffffffffull);
   C1(f2u32, 32, F(-1.0), 0);
   C1(f2u32, 32, F(5e9), 0xffffffff);
   C1(f2u8, 32, F(255.9), 255);
   C1(f2u16, 16, 0x7c00, 0xffff); /* +inf */
   C1(f2u64, 32, F(-0.5), 0);
   C1(i2f32, 32, I(16777217), F(16777216.0)); /* ties to even */
   C1(i2f32, 32, I(INT32_MIN), F(-2147483648.0));
   C1(u2f32, 32, 0xffffffff, F(4294967296.0));
   C1(i2f16, 32, I(-2), 0xc000);
   C1(u2f16, 32, 70000, 0x7c00); /* above the half range */
   C1(i2f64, 64, 0x8000000000000000ull, D(-9223372036854775808.0));
   C1(u2f64, 8, 255, D(255.0));
   C1(f2f16, 32, F(65520.0), 0x7c00);
   C1(f2f16, 32, F(65504.0), 0x7bff);
   C1(f2f16, 32, F(0x1p-24), 0x0001);
   C1(f2f16, 32, F(0x1p-25), 0x0000);     /* tie: to even (zero) */
   C1(f2f16, 32, F(0x3p-25), 0x0002);     /* 1.5 units: to even */
   C1(f2f16, 32, NANF, NAN_EXPECT);
   C1(f2f16, 64, D(1.0 + 0x1p-11), 0x3c00); /* tie below: to even */
   C1(f2f32, 16, 0x0001, F(0x1p-24));
   C1(f2f32, 64, D(1e300), F(INFINITY));
   C1(f2f64, 32, F(-0.0), D(-0.0));
   C1(i2i8, 32, 0x1ff, 0xff);
   C1(i2i16, 8, 0x80, 0xff80); /* sign extends */
   C1(i2i32, 16, 0x8000, 0xffff8000);
   C1(i2i64, 32, 0xffffffff, 0xffffffffffffffffull);
   C1(u2u8, 32, 0x1ff, 0xff);
   C1(u2u16, 8, 0x80, 0x0080); /* zero extends */
   C1(u2u32, 64, 0x123456789ull, 0x23456789);
   C1(u2u64, 32, 0xffffffff, 0xffffffffull);
   C1(b2f16, 1, 1, 0x3c00);
   C1(b2f32, 1, 1, F(1.0));
   C1(b2f32, 32, 0xffffffff, F(1.0)); /* a 32-bit boolean */
   C1(b2f64, 1, 0, D(0.0));
   C1(b2i8, 1, 1, 1);
   C1(b2i16, 1, 1, 1);
   C1(b2i32, 32, 0xffffffff, 1);
   C1(b2i64, 1, 0, 0);
   C1(b2b1, 32, 0xffffffff, 1);
   C1(b2b32, 1, 1, 0xffffffff);
   C1(b2b16, 1, 0, 0);
}

static void
test_int_arith(void **state)
{
   (void)state;
   C2(iadd, 32, 0x7fffffff, 1, 0x80000000); /* wraps */
   C2(iadd, 8, 0xff, 1, 0);
   C2(iadd, 64, 0xffffffffffffffffull, 2, 1);
   C2(iadd, 1, 1, 1, 0);
   C2(isub, 32, 0, 1, 0xffffffff);
   C2(imul, 32, 0x10000, 0x10000, 0);
   C2(imul, 16, 0xffff, 0xffff, 1);
   C2(imul_high, 32, I(INT32_MIN), I(INT32_MIN), 0x40000000);
   C2(imul_high, 32, I(-1), 1, 0xffffffff);
   C2(imul_high, 64, 0x8000000000000000ull, 2, 0xffffffffffffffffull);
   C2(umul_high, 32, 0xffffffff, 0xffffffff, 0xfffffffe);
   C2(umul_high, 64, 0xffffffffffffffffull, 2, 1);
   C1(ineg, 32, I(INT32_MIN), I(INT32_MIN));
   C1(ineg, 32, 5, I(-5));
   C1(iabs, 32, I(INT32_MIN), I(INT32_MIN));
   C1(iabs, 32, I(-7), 7);
   C1(isign, 32, I(-7), I(-1));
   C1(isign, 32, 0, 0);
   C1(inot, 32, 0, 0xffffffff);
   C1(inot, 1, 1, 0);
   /* Division: truncation; NIR defines x/0 = 0 and INT_MIN/-1 = INT_MIN. */
   C2(idiv, 32, I(INT32_MIN), I(-1), I(INT32_MIN));
   C2(idiv, 32, 7, I(-2), I(-3));
   C2(idiv, 32, 5, 0, 0);
   C2(idiv, 64, 0x8000000000000000ull, 0xffffffffffffffffull,
      0x8000000000000000ull);
   C2(udiv, 32, 0xffffffff, 2, 0x7fffffff);
   C2(udiv, 32, 9, 0, 0);
   C2(irem, 32, I(-7), 2, I(-1));
   C2(irem, 32, 7, I(-2), 1);
   C2(irem, 32, I(INT32_MIN), I(-1), 0);
   C2(irem, 32, 3, 0, 0);
   C2(imod, 32, I(-7), 2, 1);
   C2(imod, 32, 7, I(-2), I(-1));
   C2(imod, 32, 6, I(-3), 0);
   C2(umod, 32, 7, 0, 0);
   C2(umod, 32, 0xffffffff, 10, 5);
   C2(imin, 32, I(-1), 0, I(-1));
   C2(imax, 32, I(-1), 0, 0);
   C2(umin, 32, 0xffffffff, 0, 0);
   C2(umax, 32, 0xffffffff, 0, 0xffffffff);
   C2(iand, 32, 0xf0f0, 0xff00, 0xf000);
   C2(ior, 32, 0xf0f0, 0x0f00, 0xfff0);
   C2(ixor, 32, 0xffff, 0x0ff0, 0xf00f);
   C2(iand, 1, 1, 0, 0);
   C2(uadd_carry, 32, 0xffffffff, 1, 1);
   C2(uadd_carry, 32, 0xfffffffe, 1, 0);
   C2(usub_borrow, 32, 0, 1, 1);
   C2(usub_borrow, 32, 1, 1, 0);
}

static void
test_shifts_and_bits(void **state)
{
   (void)state;
   /* Shift counts are taken modulo the bit size. */
   C2(ishl, 32, 1, 32, 1);
   C2(ishl, 32, 1, 33, 2);
   C2(ishl, 8, 1, 8, 1);
   C2(ishl, 64, 1, 63, 0x8000000000000000ull);
   C2(ushr, 32, 0x80000000, 31, 1);
   C2(ushr, 32, 0x80000000, 32, 0x80000000);
   C2(ishr, 32, 0x80000000, 31, 0xffffffff);
   C2(ishr, 32, I(-8), 1, I(-4));
   C2(ishr, 16, 0x8000, 15, 0xffff);
   C1(bit_count, 32, 0xffffffff, 32);
   C1(bit_count, 64, 0x8000000000000001ull, 2);
   C1(bitfield_reverse, 32, 1, 0x80000000);
   C1(bitfield_reverse, 8, 0x01, 0x80);
   C1(ufind_msb, 32, 0, I(-1));
   C1(ufind_msb, 32, 0x80000000, 31);
   C1(ufind_msb, 64, 0x100000000ull, 32);
   C1(ifind_msb, 32, I(-1), I(-1));
   C1(ifind_msb, 32, I(-2), 0);
   C1(ifind_msb, 32, 0x40000000, 30);
   C1(find_lsb, 32, 0, I(-1));
   C1(find_lsb, 32, 8, 3);
   C1(find_lsb, 32, 0x80000000, 31);
   /* GLSL bitfieldInsert/Extract; out-of-range fields are defined as 0. */
   CN(bitfield_insert, 32, 0, 0xffff00ff, 0xffffffff, 0, 8, 8);
   CN(bitfield_insert, 32, 0, 0x12345678, 0x12345678, 0xff, 4, 0);
   CN(bitfield_insert, 32, 0, 0, 0x12345678, 0xff, 30, 4);
   C3(ubitfield_extract, 32, 0xf0, 4, 4, 0xf);
   C3(ubitfield_extract, 32, 0xffffffff, 0, 32, 0xffffffff);
   C3(ubitfield_extract, 32, 0xf0, 30, 4, 0);
   C3(ibitfield_extract, 32, 0xf0, 4, 4, I(-1));
   C3(ibitfield_extract, 32, 0x70, 4, 4, 7);
}

static void
test_int_compare_select(void **state)
{
   (void)state;
   C2(ilt, 32, I(-1), 0, 1);
   C2(ult, 32, I(-1), 0, 0);
   C2(ige, 32, I(INT32_MIN), I(INT32_MAX), 0);
   C2(uge, 32, 0x80000000, 0x7fffffff, 1);
   C2(ieq, 64, 1, 1, 1);
   C2(ine, 8, 0xff, 0x7f, 1);
   C2(ilt32, 32, I(-1), 0, 0xffffffff);
   C2(ilt16, 32, 0, 0, 0);
   C2(ige32, 32, 0, 0, 0xffffffff);
   C2(ige16, 16, 0x8000, 0, 0);
   C2(ult32, 32, 0, 1, 0xffffffff);
   C2(ult16, 8, 1, 0, 0);
   C2(uge32, 32, 1, 0, 0xffffffff);
   C2(uge16, 32, 0, 1, 0);
   C2(ieq32, 32, 5, 5, 0xffffffff);
   C2(ieq16, 32, 5, 6, 0);
   C2(ine32, 32, 5, 6, 0xffffffff);
   C2(ine16, 16, 5, 5, 0);
   C3(bcsel, 32, 1, 11, 22, 11);
   C3(bcsel, 1, 0, 1, 0, 0);
   C3(b32csel, 32, 0xffffffff, 11, 22, 11);
   C3(b32csel, 64, 0, 11, 22, 22);
   C3(b16csel, 32, 0, 11, 22, 22);
}

static void
test_horizontal(void **state)
{
   (void)state;
   CN(vec2, 32, 1, 8, 7, 8);
   CN(vec3, 32, 2, 3, 1, 2, 3);
   CN(vec4, 16, 3, 0x3c00, 1, 2, 3, 0x3c00);
   CN(vec5, 32, 4, 5, 1, 2, 3, 4, 5);
   CN(vec8, 8, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8);
   CN(vec16, 32, 15, 16, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
      16);
   CN(fdot2, 32, 0, F(11.0), F(1), F(2), F(3), F(4));
   CN(fdot3, 32, 0, F(32.0), F(1), F(2), F(3), F(4), F(5), F(6));
   CN(fdot4, 32, 0, NAN_EXPECT, F(INFINITY), F(0), F(0), F(0), F(0), F(1),
      F(0), F(0));
   /* Each product and sum rounds: (2^24 + 1) is lost, then -2^24. */
   CN(fdot3, 32, 0, F(0.0), F(16777216.0), F(1.0), F(-16777216.0), F(1.0),
      F(1.0), F(1.0));
   CN(bfall_equal2, 32, 0, 1, F(1), F(-0.0), F(1), F(0.0));
   CN(bfall_equal3, 32, 0, 0, NANF, F(1), F(1), NANF, F(1), F(1));
   CN(bfall_equal4, 32, 0, 1, F(1), F(2), F(3), F(4), F(1), F(2), F(3),
      F(4));
   CN(bfany_nequal2, 32, 0, 1, NANF, F(1), NANF, F(1));
   CN(bfany_nequal3, 32, 0, 0, F(1), F(2), F(3), F(1), F(2), F(3));
   CN(bfany_nequal4, 32, 0, 1, F(1), F(2), F(3), F(4), F(1), F(2), F(3),
      F(5));
   CN(biall_equal2, 32, 0, 1, 1, 2, 1, 2);
   CN(biall_equal3, 32, 0, 0, 1, 2, 3, 1, 2, 4);
   CN(biall_equal4, 8, 0, 1, 1, 2, 3, 4, 1, 2, 3, 4);
   CN(biany_nequal2, 32, 0, 0, 1, 2, 1, 2);
   CN(biany_nequal3, 32, 0, 1, 1, 2, 3, 1, 2, 4);
   CN(biany_nequal4, 64, 0, 0, 1, 2, 3, 4, 1, 2, 3, 4);
   /* GLSL packHalf2x16: x in the low half. */
   CN(pack_half_2x16, 32, 0, 0xc0003c00, F(1.0), F(-2.0));
   CN(unpack_half_2x16, 32, 0, F(-2.0), 0x3c00c000);
   CN(unpack_half_2x16, 32, 1, F(1.0), 0x3c00c000);
   CN(pack_64_2x32, 32, 0, 0x1122334455667788ull, 0x55667788, 0x11223344);
   CN(unpack_64_2x32, 64, 1, 0x11223344, 0x1122334455667788ull);
}

static void
test_every_opcode_covered(void **state)
{
   (void)state;
   char missing[4096] = "";
   for (unsigned op = 0; op < nir_num_opcodes; op++) {
      if (!covered[op]) {
         strncat(missing, " ", sizeof(missing) - strlen(missing) - 1);
         strncat(missing, nir_op_infos[op].name,
                 sizeof(missing) - strlen(missing) - 1);
      }
   }
   if (missing[0])
      fail_msg("opcodes without a constant-folding case:%s", missing);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_float_arith),
      cmocka_unit_test(test_float_unary),
      cmocka_unit_test(test_float_compare),
      cmocka_unit_test(test_conversions),
      cmocka_unit_test(test_int_arith),
      cmocka_unit_test(test_shifts_and_bits),
      cmocka_unit_test(test_int_compare_select),
      cmocka_unit_test(test_horizontal),
      cmocka_unit_test(test_every_opcode_covered),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
