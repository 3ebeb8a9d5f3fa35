/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * nir_lower_mediump on integers (nir_lower_mediump_int.c), run by the NIR
 * interpreter before and after the pass.
 *
 * GLSL ES 3.00 section 4.5.1 asks of a mediump int the range
 * [-2^15, 2^15 - 1] and of a mediump uint [0, 2^16 - 1].  So:
 *  - random trees of marked add/sub/neg/mul/and/or/xor/not/shift-left
 *    (by a constant below 16; larger counts keep their shift at 32 bits) on
 *    inputs of any size must give, narrowed, the 32-bit result's low 16
 *    bits extended by the tree's signedness (wraparound, which the range
 *    rule allows), with every operation at 16 bits;
 *  - results in the range are exact: a uint sum of 60000 stays 60000 (a
 *    sign extension would give 4294961760), an int product of -30000
 *    stays -30000;
 *  - what must not narrow stays 32-bit: unmarked operations, division, a
 *    comparison with a constant outside the range (x < 70000 is true for
 *    every mediump x), a shift by a variable count or by 16 or more
 *    (at 32 bits x >> 20 is 0 or -1, NIR's 16-bit shift takes the count
 *    modulo 16).
 * NIR_DIFF_SEED varies the run.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "nir.h"
#include "util/u_math.h"
#include "nir_builder.h"
#include "nir_eval.h"
#include "nir_passes.h"
#include "test_rng.h"

static const nir_shader_compiler_options opts = { 0 };
struct shader {
   void *ctx;
   nir_shader *s;
   nir_builder b;
   nir_def *in;
   nir_variable *out;
};

static void
shader_init(struct shader *sh)
{
   sh->ctx = ralloc_context(NULL);
   sh->b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, &opts,
                                          "mediump_int", sh->ctx);
   sh->s = sh->b.shader;
   nir_variable *iv = nir_variable_create(
      sh->s, nir_var_shader_in, nir_vtype_vector(sh->s, nir_type_int32, 4),
      "in");
   sh->out = nir_variable_create(sh->s, nir_var_shader_out,
                                 nir_vtype_vector(sh->s, nir_type_int32, 4),
                                 "out");
   sh->in = nir_load_var(&sh->b, iv);
}

/* Runs s on four inputs; the four outputs to out. */
static void
run(nir_shader *s, const uint32_t *vals, uint32_t *out)
{
   nir_const_value in[4], o[4];
   for (unsigned c = 0; c < 4; c++)
      in[c].u32 = vals[c];
   nir_eval_state st;
   assert_true(nir_eval_run_io(s, in, 4, o, 4, &st));
   for (unsigned c = 0; c < 4; c++)
      out[c] = o[c].u32;
}

static void
lower(struct shader *sh, bool expect_progress)
{
   bool progress = nir_lower_mediump(sh->s);
   assert_int_equal(progress, expect_progress);
   nir_opt_dce(sh->s);
   char *msg = NULL;
   if (!nir_validate_shader_msg(sh->s, sh->ctx, &msg))
      fail_msg("invalid IR after nir_lower_mediump:\n%s", msg);
}

static nir_def *
build_tree(nir_builder *b, nir_def *in, unsigned depth)
{
   if (depth == 0 || rng() % 4 == 0) {
      if (rng() % 5 == 0)
         return nir_imm_int(b, (int32_t)rng());
      return nir_channel(b, in, rng() % 4);
   }
   nir_def *x = build_tree(b, in, depth - 1);
   nir_def *y = build_tree(b, in, depth - 1);
   b->mediump = true;
   nir_def *r;
   switch (rng() % 9) {
   case 0: r = nir_iadd(b, x, y); break;
   case 1: r = nir_isub(b, x, y); break;
   case 2: r = nir_ineg(b, x); break;
   case 3: r = nir_imul(b, x, y); break;
   case 4: r = nir_iand(b, x, y); break;
   case 5: r = nir_ior(b, x, y); break;
   case 6: r = nir_ixor(b, x, y); break;
   case 7: r = nir_inot(b, x); break;
   default: r = nir_ishl(b, x, nir_imm_int(b, (int32_t)(rng() % 16))); break;
   }
   b->mediump = false;
   return r;
}

struct counts {
   unsigned ops16, ops32;
};

static bool
count_cb(nir_builder *b, nir_alu_instr *alu, void *data)
{
   (void)b;
   struct counts *c = data;
   switch (alu->op) {
   case nir_op_i2i16:
   case nir_op_u2u16:
   case nir_op_i2i32:
   case nir_op_u2u32:
   case nir_op_mov:
      return false;
   default:
      if (nir_op_is_vec(alu->op))
         return false;
      if (alu->def.bit_size == 16)
         c->ops16++;
      else
         c->ops32++;
      return false;
   }
}

static void
test_wrap_trees(void **state)
{
   (void)state;
   const char *seed = getenv("NIR_DIFF_SEED");
   rng_state = 0x13198a2e03707344ull ^ (seed ? strtoull(seed, NULL, 10) : 1);
   unsigned narrowed = 0;

   for (unsigned k = 0; k < 300; k++) {
      struct shader sh;
      shader_init(&sh);
      bool is_uint = k & 1;
      sh.b.mediump_unsigned = is_uint;
      nir_def *t = build_tree(&sh.b, sh.in, 1 + k % 4);
      nir_store_var(&sh.b, sh.out, nir_vec4(&sh.b, t, t, t, t), 0xf);
      nir_shader *ref = nir_shader_clone(sh.ctx, sh.s);
      /* (a leaf alone: an input channel's mov, or a constant) */
      bool marked = nir_def_instr(t)->type == nir_instr_type_alu &&
                    nir_instr_as_alu(nir_def_instr(t))->mediump;
      lower(&sh, marked);

      struct counts c = { 0 };
      nir_shader_alu_pass(sh.s, count_cb, nir_metadata_all, &c);
      /* a root on two leaves is only widened and reads truncated words:
       * it is made at 32 bits again, and is then the 32-bit result */
      bool root32 = marked && c.ops16 == 0;
      if (marked && c.ops32 != root32) {
         nir_print_shader(sh.s, stderr);
         fail_msg("tree %u: a 32-bit operation is left", k);
      }
      narrowed += c.ops16 > 0;

      for (unsigned v = 0; v < 8; v++) {
         uint32_t in[4], want[4], got[4];
         for (unsigned i = 0; i < 4; i++)
            in[i] = v & 1 ? rng() : rng() % 0x10000 - 0x8000;
         run(ref, in, want);
         run(sh.s, in, got);
         uint32_t w = marked && !root32
                         ? (is_uint ? want[0] & 0xffff
                                    : (uint32_t)(int32_t)(int16_t)want[0])
                         : want[0];
         if (got[0] != w)
            fail_msg("tree %u (%s): 0x%08x at 16 bits, 32-bit 0x%08x", k,
                     is_uint ? "uint" : "int", got[0], want[0]);
      }
      ralloc_free(sh.ctx);
   }
   print_message("%u narrowed trees\n", narrowed);
   assert_true(narrowed > 100);
}

/* Results in the mediump range are exact: a uint beyond 2^15 keeps its
 * value (zero extension), a negative int too (sign extension).  (Each
 * result is computed from another 16-bit one: an operation on two
 * truncated inputs whose result is only widened is made at 32 bits.) */
static void
test_exact_in_range(void **state)
{
   (void)state;
   struct shader sh;
   shader_init(&sh);
   nir_builder *b = &sh.b;
   nir_def *x = nir_channel(b, sh.in, 0), *y = nir_channel(b, sh.in, 1);
   nir_def *z = nir_channel(b, sh.in, 2);
   b->mediump = true;
   b->mediump_unsigned = true;
   nir_def *xz = nir_ior(b, x, z);
   nir_def *usum = nir_iadd(b, xz, y);
   nir_def *umax = nir_umax(b, xz, y);
   b->mediump_unsigned = false;
   nir_def *prod = nir_imul(b, nir_isub(b, x, z), nir_imm_int(b, 100));
   nir_def *shr = nir_ishr(b, nir_ineg(b, y), nir_imm_int(b, 3));
   b->mediump = false;
   nir_store_var(b, sh.out, nir_vec4(b, usum, umax, prod, shr), 0xf);
   lower(&sh, true);
   assert_int_equal(usum->bit_size, 16);
   assert_int_equal(umax->bit_size, 16);
   assert_int_equal(prod->bit_size, 16);
   assert_int_equal(shr->bit_size, 16);

   /* 40000 + 20000 = 60000, max 40000; the int run: -300 * 100 = -30000,
    * -20000 >> 3 = -2500 */
   uint32_t out[4];
   run(sh.s, (const uint32_t[]){ 40000, 20000, 0, 0 }, out);
   assert_int_equal(out[0], 60000);
   assert_int_equal(out[1], 40000);
   run(sh.s, (const uint32_t[]){ (uint32_t)-300, 20000, 0, 0 }, out);
   assert_int_equal((int32_t)out[2], -30000);
   assert_int_equal((int32_t)out[3], -2500);
   ralloc_free(sh.ctx);
}

/* What keeps 32 bits: a division, a comparison with 70000, a right shift
 * by a variable and by 20; an unmarked add. */
static void
test_kept_32bit(void **state)
{
   (void)state;
   struct shader sh;
   shader_init(&sh);
   nir_builder *b = &sh.b;
   nir_def *x = nir_channel(b, sh.in, 0), *y = nir_channel(b, sh.in, 1);
   nir_def *hi = nir_iadd(b, x, y);
   b->mediump = true;
   nir_def *q = nir_idiv(b, x, y);
   nir_def *lt = nir_ilt32(b, x, nir_imm_int(b, 70000));
   nir_def *sv = nir_ishr(b, x, y);
   nir_def *s20 = nir_ishr(b, x, nir_imm_int(b, 20));
   nir_def *l16 = nir_ishl(b, x, nir_imm_int(b, 16));
   nir_def *lt_small = nir_ilt32(b, x, nir_imm_int(b, -7));
   b->mediump = false;
   nir_def *sum = nir_iadd(b, nir_iadd(b, q, lt),
                           nir_iadd(b, nir_iadd(b, sv, s20), l16));
   nir_store_var(b, sh.out, nir_vec4(b, hi, sum, lt_small, lt), 0xf);
   lower(&sh, true); /* the comparison with -7 narrows */
   assert_int_equal(hi->bit_size, 32);
   nir_alu_instr *c = nir_instr_as_alu(nir_def_instr(lt_small));
   assert_int_equal(c->src[0].src.ssa->bit_size, 16);
   nir_alu_instr *d = nir_instr_as_alu(nir_def_instr(lt));
   assert_int_equal(d->src[0].src.ssa->bit_size, 32);
   assert_int_equal(q->bit_size, 32);
   assert_int_equal(sv->bit_size, 32);
   assert_int_equal(s20->bit_size, 32);
   assert_int_equal(l16->bit_size, 32);

   /* x = -1000, y = 18: q = -55, lt = ~0, sv = -1, s20 = -1,
    * l16 = -1000 << 16 */
   uint32_t out[4];
   run(sh.s, (const uint32_t[]){ (uint32_t)-1000, 18, 0, 0 }, out);
   assert_int_equal((int32_t)out[0], -982);
   assert_int_equal((int32_t)out[1],
                    -55 - 1 - 1 - 1 + (int32_t)(-1000 * 65536));
   assert_int_equal(out[2], ~0u);
   assert_int_equal(out[3], ~0u);
   ralloc_free(sh.ctx);
}

/* The operand of a marked instruction, if it is an i2i16/u2u16. */
static bool
src_narrowed(nir_def *d, unsigned i)
{
   nir_alu_instr *alu = nir_instr_as_alu(nir_def_instr(d));
   return alu->src[i].src.ssa->bit_size == 16;
}

/* Narrowed since wave 12, on operands that are 16-bit results (marked
 * sums x + z, u + z with z = 0): the bit searches (operand only: the
 * index stays 32-bit) and a uint bit count; in-range results equal the
 * 32-bit ones.  Kept: an int bit count (a negative int has 16 more bits
 * set at 32 bits), imul_high (the high word of an in-range product is
 * its sign; NIR's 16-bit imul_high is the product's bits 16-31) and a
 * shift left by a variable count (exact, but dearer at 16 bits). */
static void
test_shift_and_bit_ops(void **state)
{
   (void)state;
   struct shader sh;
   shader_init(&sh);
   nir_builder *b = &sh.b;
   nir_def *n = nir_channel(b, sh.in, 1), *z = nir_channel(b, sh.in, 3);
   b->mediump = true;
   nir_def *x = nir_iadd(b, nir_channel(b, sh.in, 0), z);
   b->mediump_unsigned = true;
   nir_def *u = nir_iadd(b, nir_channel(b, sh.in, 2), z);
   b->mediump_unsigned = false;
   nir_def *shl = nir_ishl(b, x, n);
   nir_def *lsb = nir_find_lsb(b, x);
   nir_def *imsb = nir_ifind_msb(b, x);
   nir_def *umsb = nir_ufind_msb(b, u);
   nir_def *icount = nir_bit_count(b, x);
   nir_def *hi = nir_imul_high(b, x, n);
   b->mediump_unsigned = true;
   nir_def *ucount = nir_bit_count(b, u);
   b->mediump_unsigned = false;
   b->mediump = false;
   nir_def *bits = nir_iadd(b, nir_iadd(b, lsb, nir_ishl(b, imsb,
                                                          nir_imm_int(b, 8))),
                            nir_ishl(b, umsb, nir_imm_int(b, 16)));
   nir_def *counts = nir_iadd(b, icount, nir_ishl(b, ucount,
                                                   nir_imm_int(b, 8)));
   nir_store_var(b, sh.out, nir_vec4(b, shl, bits, counts, hi), 0xf);
   lower(&sh, true);
   assert_int_equal(shl->bit_size, 32);
   assert_true(src_narrowed(lsb, 0) && src_narrowed(imsb, 0) &&
               src_narrowed(umsb, 0));
   assert_int_equal(lsb->bit_size, 32);
   assert_int_equal(ucount->bit_size, 16);
   assert_int_equal(icount->bit_size, 32);
   assert_int_equal(hi->bit_size, 32);

   /* in range, the 32-bit results; lanes: x, n (the count), u */
   static const struct {
      int32_t x, n;
      uint32_t u;
      int32_t shl, lsb, imsb, umsb, icount, ucount, hi;
   } cases[] = {
      /* -2 << 14 = -32768; 0xfffe: lsb 1, highest bit unlike the sign 0;
       * 60000 = 0xea60: msb 15, 7 bits set; -2 has 31 bits set */
      { -2, 14, 60000, -32768, 1, 0, 15, 31, 7, -1 },
      /* 0 << 20 = 0 (every other x << 20 is outside the range) */
      { 0, 20, 0, 0, -1, -1, -1, 0, 0, 0 },
      /* 3 << 12 = 12288; -32768 = 0xffff8000: lsb 15, msb unlike the
       * sign 14 (for x = 3: 1); 1 */
      { 3, 12, 1, 12288, 0, 1, 0, 2, 1, 0 },
      { -32768, 0, 32768, -32768, 15, 14, 15, 17, 1, 0 },
   };
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      uint32_t out[4];
      run(sh.s,
          (const uint32_t[]){ (uint32_t)cases[i].x, (uint32_t)cases[i].n,
                              cases[i].u, 0 },
          out);
      assert_int_equal((int32_t)out[0], cases[i].shl);
      assert_int_equal((int32_t)out[1], cases[i].lsb + cases[i].imsb * 256 +
                                           (int32_t)((uint32_t)cases[i].umsb
                                                     << 16));
      assert_int_equal((int32_t)out[2], cases[i].icount + cases[i].ucount * 256);
      assert_int_equal((int32_t)out[3], cases[i].hi);
   }
   ralloc_free(sh.ctx);
}

/* Chains join (an i2i16 of a widened value is that value) and a select
 * of two values widened alike is made at 16 bits; int and uint
 * widenings are not mixed. */
static void
test_chains(void **state)
{
   (void)state;
   struct shader sh;
   shader_init(&sh);
   nir_builder *b = &sh.b;
   nir_def *x = nir_channel(b, sh.in, 0), *y = nir_channel(b, sh.in, 1);
   b->mediump = true;
   nir_def *s = nir_iadd(b, x, y);
   nir_def *p = nir_imul(b, s, s);
   nir_def *m = nir_isub(b, s, y);
   b->mediump = false;
   nir_def *sel = nir_bcsel(b, nir_ilt(b, x, y), p, m);
   nir_store_var(b, sh.out, nir_vec4(b, sel, sel, sel, sel), 0xf);
   lower(&sh, true);
   nir_opt_cse(sh.s);
   nir_opt_dce(sh.s);

   unsigned i2i16 = 0, bcsel16 = 0;
   nir_foreach_block(block, nir_shader_get_entrypoint(sh.s)) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_alu)
            continue;
         nir_alu_instr *alu = nir_instr_as_alu(instr);
         i2i16 += alu->op == nir_op_i2i16;
         bcsel16 += alu->op == nir_op_bcsel && alu->def.bit_size == 16;
      }
   }
   assert_int_equal(i2i16, 2); /* x and y once each */
   assert_int_equal(bcsel16, 1);

   /* x = 3, y = 100: 103 * 103 = 10609; x = 100, y = 3: 103 - 3 */
   uint32_t out[4];
   run(sh.s, (const uint32_t[]){ 3, 100, 0, 0 }, out);
   assert_int_equal(out[0], 10609);
   run(sh.s, (const uint32_t[]){ 100, 3, 0, 0 }, out);
   assert_int_equal(out[0], 100);
   ralloc_free(sh.ctx);
}

static unsigned
count_op(nir_shader *s, nir_op op)
{
   unsigned n = 0;
   nir_foreach_block(block, nir_shader_get_entrypoint(s)) {
      nir_foreach_instr(instr, block)
         n += instr->type == nir_instr_type_alu &&
              nir_instr_as_alu(instr)->op == op;
   }
   return n;
}

static uint32_t
fbits(float f)
{
   union { float f; uint32_t u; } v = { .f = f };
   return v.u;
}

/* A marked float-to-int conversion of a mediump float that narrowed
 * integer operations read converts the 16-bit float to 16 bits directly
 * (f2i16 / f2u16): int(2.5 * -3.0) + 100 = 93, uint(300.0 * 200.0) + 5 =
 * 60005 (60000 is exact in f16, above the int range).  One whose result
 * is also used at 32 bits, or of a highp float, keeps f2i32. */
static void
test_float_to_int(void **state)
{
   (void)state;
   struct shader sh;
   shader_init(&sh);
   nir_builder *b = &sh.b;
   nir_def *x = nir_channel(b, sh.in, 0), *y = nir_channel(b, sh.in, 1);
   nir_def *z = nir_channel(b, sh.in, 2), *w = nir_channel(b, sh.in, 3);
   nir_def *hi = nir_f2i32(b, nir_fadd(b, x, y)); /* highp */
   b->mediump = true;
   nir_def *prod = nir_fmul(b, x, y);
   nir_def *si = nir_iadd(b, nir_f2i32(b, prod), z);
   nir_def *kept = nir_f2i32(b, nir_fadd(b, x, x));
   nir_def *ks = nir_iadd(b, kept, z);
   nir_def *hs = nir_iadd(b, hi, z);
   b->mediump_unsigned = true;
   nir_def *su = nir_iadd(b, nir_f2u32(b, prod), w);
   b->mediump = false;
   b->mediump_unsigned = false;
   nir_store_var(b, sh.out,
                 nir_vec4(b, si, su, nir_iadd(b, ks, kept), hs), 0xf);
   lower(&sh, true);
   assert_int_equal(count_op(sh.s, nir_op_f2i16), 1);
   assert_int_equal(count_op(sh.s, nir_op_f2u16), 1);
   assert_int_equal(count_op(sh.s, nir_op_f2u32), 0);
   assert_int_equal(count_op(sh.s, nir_op_f2i32), 2); /* kept, hi */

   uint32_t out[4];
   run(sh.s, (const uint32_t[]){ fbits(2.5f), fbits(-3.0f), 100, 0 }, out);
   assert_int_equal((int32_t)out[0], 93);
   /* kept: int(5.0) + 100 + 5; hi: int(-0.5) + 100 */
   assert_int_equal((int32_t)out[2], 110);
   assert_int_equal((int32_t)out[3], 100);
   run(sh.s, (const uint32_t[]){ fbits(300.0f), fbits(200.0f), 0, 5 }, out);
   assert_int_equal(out[1], 60005);
   ralloc_free(sh.ctx);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_wrap_trees),
      cmocka_unit_test(test_exact_in_range),
      cmocka_unit_test(test_kept_32bit),
      cmocka_unit_test(test_shift_and_bit_ops),
      cmocka_unit_test(test_chains),
      cmocka_unit_test(test_float_to_int),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
