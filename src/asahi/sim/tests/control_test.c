/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Control flow on the interpreter: nested ifs with divergent lanes, loops
 * with break, calls, the budget, breakpoints and stepping, and bad code.
 * Expected values follow from the r0l rules in applegpu's documentation
 * ("Conditional Execution"), worked out by hand for each program.
 */

#include "sim_test_util.h"

static void
test_nested_if_else(void **state)
{
   struct sim_test t;
   struct asahi_sim_group *g = sim_test_run(&t,
      "get_sr r2, sr80\n"                 /* lane index */
      "mov_imm r3, 0, 0\n"
      "if_icmp r0l, ult, r2, 16, 1\n"     /* lanes 0..15 */
      "  mov_imm r3, 1, 0\n"
      "  if_icmp r0l, ult, r2, 8, 1\n"    /* lanes 0..7 */
      "    mov_imm r3, 2, 0\n"
      "  else_icmp r0l, ueq, 0, 0, 1\n"   /* lanes 8..15 */
      "    mov_imm r3, 3, 0\n"
      "  pop_exec r0l, 1\n"
      "  iadd r3, r3, 10\n"               /* lanes 0..15 again */
      "pop_exec r0l, 1\n"
      "stop\n");

   for (unsigned l = 0; l < 32; l++) {
      uint32_t want = l < 8 ? 12 : l < 16 ? 13 : 0;
      assert_int_equal(g->r[3][l], want);
      assert_int_equal(asahi_sim_get16(g, 0, l), 0);
   }
   assert_int_equal(g->exec, 0xffffffffu);
   sim_test_free(&t);
}

static void
test_if_inside_inactive_lanes(void **state)
{
   /* Lanes disabled before the program starts (r0l = 1) stay disabled
    * through a nested if and come back with the right count. */
   struct sim_test t;
   sim_test_load(&t,
      "get_sr r2, sr80\n"
      "if_icmp r0l, ugt, r2, 3, 1\n"
      "  mov_imm r3, 7, 0\n"
      "pop_exec r0l, 1\n"
      "stop\n");
   for (unsigned l = 0; l < 32; l++)
      asahi_sim_set16(t.g, 0, l, l % 2);
   t.g->exec = 0x55555555u;

   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   for (unsigned l = 0; l < 32; l++) {
      assert_int_equal(t.g->r[3][l], (l % 2 == 0 && l > 3) ? 7 : 0);
      assert_int_equal(asahi_sim_get16(t.g, 0, l), l % 2);
   }
   assert_int_equal(t.g->exec, 0x55555555u);
   sim_test_free(&t);
}

static void
test_loop_with_break(void **state)
{
   /* Lane t runs t iterations: sum = 0 + 1 + ... + (t - 1). */
   struct sim_test t;
   struct asahi_sim_group *g = sim_test_run(&t,
      "get_sr r2, sr80\n"
      "mov_imm r3, 0, 0\n"
      "mov_imm r4, 0, 0\n"
      "if_icmp r0l, ueq, 0, 0, 2\n"       /* push_exec 2 */
      "loop:\n"
      "  while_icmp r0l, ult, r3, r2, 2\n" /* break when i >= n */
      "  jmp_exec_none done\n"
      "  iadd r4, r4, r3\n"
      "  iadd r3, r3, 1\n"
      "  jmp_exec_any loop\n"
      "done:\n"
      "pop_exec r0l, 2\n"
      "stop\n");

   for (unsigned l = 0; l < 32; l++) {
      assert_int_equal(g->r[3][l], l);
      assert_int_equal(g->r[4][l], l * (l - 1) / 2);
   }
   assert_int_equal(g->exec, 0xffffffffu);
   sim_test_free(&t);
}

static void
test_call_ret(void **state)
{
   struct sim_test t;
   struct asahi_sim_group *g = sim_test_run(&t,
      "mov_imm r5, 7, 0\n"
      "call func\n"
      "iadd r5, r5, 1\n"
      "stop\n"
      "func:\n"
      "iadd r5, r5, r5\n"
      "ret r1\n");

   for (unsigned l = 0; l < 32; l++) {
      assert_int_equal(g->r[5][l], 15);
      /* The 6-byte call sits after a 6-byte mov_imm; r1 holds the offset
       * of the instruction after it. */
      assert_int_equal(g->r[1][l], 6 + 6);
   }
   sim_test_free(&t);
}

static void
test_budget(void **state)
{
   struct sim_test t;
   sim_test_load(&t, "loop:\njmp_exec_any loop\n");
   t.g->budget = 1000;
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_BUDGET);
   assert_int_equal(t.g->executed, 1000);
   assert_non_null(strstr(t.g->error, "budget"));
   sim_test_free(&t);
}

static void
test_step_and_breakpoint(void **state)
{
   struct sim_test t;
   sim_test_load(&t,
      "mov_imm r2, 1, 0\n"   /* 0: 6 bytes */
      "mov_imm r3, 2, 0\n"   /* 6 */
      "mov_imm r4, 3, 0\n"   /* 12 */
      "stop\n");             /* 18 */

   assert_int_equal(asahi_sim_step_n(t.g, 2), ASAHI_SIM_RUNNING);
   assert_int_equal(t.g->pc, 12);
   assert_int_equal(t.g->r[3][0], 2);
   assert_int_equal(t.g->r[4][0], 0);

   /* Rewind; stop before the third instruction, then resume past it. */
   asahi_sim_set_code(t.g, t.code, t.size, 0);
   t.g->r[3][0] = 0;
   assert_true(asahi_sim_add_breakpoint(t.g, 12));
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_BREAKPOINT);
   assert_int_equal(t.g->pc, 12);
   assert_int_equal(t.g->r[3][0], 2);
   assert_int_equal(t.g->r[4][0], 0);
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   assert_int_equal(t.g->r[4][0], 3);
   sim_test_free(&t);
}

static void
test_bad_code(void **state)
{
   struct asahi_sim_group *g = calloc(1, sizeof(*g));
   asahi_sim_group_init(g);

   /* Runs off the end: an instruction-fetch fault, not a host crash. */
   static const uint8_t no_stop[] = { 0x38, 0x00 }; /* wait 0 */
   asahi_sim_set_code(g, no_stop, sizeof(no_stop), 0x1000);
   assert_int_equal(asahi_sim_run(g), ASAHI_SIM_FAULT);
   assert_true(g->faulted);
   assert_int_equal(g->fault.unit, ASAHI_SIM_UNIT_FETCH);
   assert_int_equal(g->fault.addr, 0x1002);

   /* Truncated instruction: a decode error. */
   static const uint8_t truncated[] = { 0x0e, 0x00, 0x00 };
   asahi_sim_group_init(g);
   asahi_sim_set_code(g, truncated, sizeof(truncated), 0);
   assert_int_equal(asahi_sim_run(g), ASAHI_SIM_ERR_DECODE);

   /* Every 2-byte pattern, alone: never crashes, always ends. */
   for (unsigned v = 0; v < 0x10000; v++) {
      uint8_t b[2] = { v & 0xff, v >> 8 };
      asahi_sim_group_init(g);
      g->budget = 4;
      asahi_sim_set_code(g, b, 2, 0);
      assert_int_not_equal(asahi_sim_run(g), ASAHI_SIM_RUNNING);
   }

   /* trap is an error. */
   static const uint8_t trap[] = { 0x08, 0x00 };
   asahi_sim_group_init(g);
   asahi_sim_set_code(g, trap, sizeof(trap), 0);
   assert_int_equal(asahi_sim_run(g), ASAHI_SIM_ERR_EXEC);
   free(g);
}

static void
test_special_registers(void **state)
{
   struct sim_test t;
   sim_test_load(&t,
      "get_sr r2, sr58\n"   /* active_thread_index_in_simdgroup */
      "get_sr r3, sr52\n"   /* thread_index_in_simdgroup */
      "get_sr r4, sr0\n"    /* threadgroup_position_in_grid.x */
      "stop\n");
   t.g->exec = 0xf0f0f0f0u;
   t.g->dispatch.threadgroup_position[0] = 9;
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   unsigned n = 0;
   for (unsigned l = 0; l < 32; l++) {
      if (t.g->exec & (1u << l)) {
         assert_int_equal(t.g->r[2][l], n++);
         assert_int_equal(t.g->r[3][l], l);
         assert_int_equal(t.g->r[4][l], 9);
      } else {
         assert_int_equal(t.g->r[2][l], 0);
      }
   }
   sim_test_free(&t);
}

static void
test_code_reload(void **state)
{
   /* Decoded instructions are cached by pc; asahi_sim_set_code drops them,
    * so new code at the same offsets runs. */
   struct sim_test a, b;
   sim_test_load(&a, "mov_imm r2, 1, 0\nstop\n");
   sim_test_load(&b, "mov_imm r2, 2, 0\nstop\n");
   uint8_t *code = malloc(a.size);
   memcpy(code, a.code, a.size);

   asahi_sim_set_code(a.g, code, a.size, 0);
   assert_int_equal(asahi_sim_run(a.g), ASAHI_SIM_STOPPED);
   assert_int_equal(a.g->r[2][0], 1);

   memcpy(code, b.code, b.size);
   asahi_sim_set_code(a.g, code, b.size, 0);
   assert_int_equal(asahi_sim_run(a.g), ASAHI_SIM_STOPPED);
   assert_int_equal(a.g->r[2][0], 2);

   free(code);
   sim_test_free(&a);
   sim_test_free(&b);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_nested_if_else),
      cmocka_unit_test(test_if_inside_inactive_lanes),
      cmocka_unit_test(test_loop_with_break),
      cmocka_unit_test(test_call_ret),
      cmocka_unit_test(test_budget),
      cmocka_unit_test(test_step_and_breakpoint),
      cmocka_unit_test(test_bad_code),
      cmocka_unit_test(test_special_registers),
      cmocka_unit_test(test_code_reload),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
