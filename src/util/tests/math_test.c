/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "util/u_math.h"

static void
test_powers_and_logs(void **state)
{
   assert_int_equal(util_logbase2(1), 0);
   assert_int_equal(util_logbase2(2), 1);
   assert_int_equal(util_logbase2(3), 1);
   assert_int_equal(util_logbase2(UINT64_C(1) << 40), 40);
   assert_int_equal(util_logbase2_ceil(1), 0);
   assert_int_equal(util_logbase2_ceil(3), 2);
   assert_int_equal(util_logbase2_ceil(4), 2);
   assert_int_equal(util_logbase2_ceil(5), 3);
   assert_int_equal(util_next_power_of_two(0), 1);
   assert_int_equal(util_next_power_of_two(5), 8);
   assert_int_equal(util_next_power_of_two(64), 64);
   assert_int_equal(util_next_power_of_two(1u << 31), 1u << 31);
   assert_true(util_is_power_of_two_nonzero(1));
   assert_false(util_is_power_of_two_nonzero(0));
   assert_true(util_is_power_of_two_or_zero(0));
   assert_false(util_is_power_of_two_or_zero(6));
}

static void
test_align(void **state)
{
   assert_int_equal(align(0, 16), 0);
   assert_int_equal(align(1, 16), 16);
   assert_int_equal(align(16, 16), 16);
   assert_int_equal(align64(UINT64_C(0x100000001), 0x4000), UINT64_C(0x100004000));
   assert_int_equal(util_round_up_npot(10, 3), 12);
   assert_int_equal(DIV_ROUND_UP(7, 2), 4);
}

static void
test_bits(void **state)
{
   assert_int_equal(util_bitcount(0xf0f0), 8);
   assert_int_equal(util_bitcount64(~UINT64_C(0)), 64);
   assert_int_equal(util_ffs(0), 0);
   assert_int_equal(util_ffs(8), 4);
   assert_int_equal(util_last_bit(0), 0);
   assert_int_equal(util_last_bit(0x80000000u), 32);
   assert_int_equal(util_last_bit64(UINT64_C(1) << 63), 64);
   assert_int_equal(BITFIELD_MASK(32), 0xffffffffu);
   assert_int_equal(BITFIELD_MASK(5), 0x1f);
   assert_int_equal(BITFIELD64_MASK(64), ~UINT64_C(0));
   assert_int_equal(BITFIELD_RANGE(4, 4), 0xf0);
   assert_int_equal(util_sign_extend(0x80, 8), -128);
   assert_int_equal(util_sign_extend(0x7f, 8), 127);
   assert_int_equal(util_sign_extend(0xffffffff, 32), -1);
   assert_int_equal(util_bitreverse(1), 0x80000000u);
   assert_int_equal(util_bitreverse(0x12345678u), 0x1e6a2c48u);

   unsigned bits[32], n = 0;
   u_foreach_bit(b, 0x80000005u)
      bits[n++] = b;
   assert_int_equal(n, 3);
   assert_int_equal(bits[0], 0);
   assert_int_equal(bits[1], 2);
   assert_int_equal(bits[2], 31);
   n = 0;
   u_foreach_bit64(b, UINT64_C(1) << 50)
      bits[n++] = b;
   assert_int_equal(n, 1);
   assert_int_equal(bits[0], 50);
}

static void
test_minmax_and_casts(void **state)
{
   assert_int_equal(MIN2(3, -1), -1);
   assert_int_equal(MAX3(1, 9, 4), 9);
   assert_int_equal(CLAMP(12, 0, 10), 10);
   assert_int_equal(CLAMP(-2, 0, 10), 0);
   assert_int_equal(fui(1.0f), 0x3f800000u);
   assert_true(uif(0xbf800000u) == -1.0f);
   assert_int_equal(dui(2.0), UINT64_C(0x4000000000000000));
   assert_true(uid(UINT64_C(0x3ff0000000000000)) == 1.0);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_powers_and_logs),
      cmocka_unit_test(test_align),
      cmocka_unit_test(test_bits),
      cmocka_unit_test(test_minmax_and_casts),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
