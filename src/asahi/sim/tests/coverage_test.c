/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Which instruction forms the interpreter does not execute: every form the
 * ISA library describes is built with its default operands and executed
 * once; the forms the dispatcher rejects as "not executed" must be
 * exactly the list below, and docs/simulator.rst must name each of them
 * (so the documentation cannot promise an instruction the simulator lacks,
 * nor forget one).
 */

#include "sim_test_util.h"

#include "asahi/sim/asahi_sim_internal.h"

static const char *const unexecuted[] = {
   "iunop",
   "funop",
   "simd_matrix_fmadd32",
   "simd_matrix_fmadd16",
   "simd_shuf_op",
   "simd_op",
   "device_load_todo",
   "device_store_todo",
   "stack_adjust2",
   "async_load",
   "async_store",
   "no_var",
   "map",
   "unk75_alt",
   "get_sr_todo",
   "pop_exec2",
   "doorbell",
   "jmp_if_skipping_doorbell",
   "todo_after_sampling1",
   "todo_after_sampling2",
   "todo_unk30c0",
   "todo_unk40c0",
   "todo_unkc0000000",
   "todo_unke800",
   "todo_unk0c00",
};

static bool
listed(const char *name)
{
   for (unsigned i = 0; i < sizeof(unexecuted) / sizeof(unexecuted[0]); i++) {
      if (!strcmp(unexecuted[i], name))
         return true;
   }
   return false;
}

/* Whether the dispatcher has no executor for `op`. */
static bool
not_executed(enum agx_isa_op op)
{
   struct agx_isa_instr I;
   if (!agx_isa_instr_init(&I, op))
      return false;

   struct asahi_sim_group *g = calloc(1, sizeof(*g));
   asahi_sim_group_init(g);
   struct asahi_sim_exec x = {.I = &I, .pc = 0, .next_pc = 8};
   enum asahi_sim_status s = asahi_sim_execute(g, &x);
   bool r = s == ASAHI_SIM_ERR_UNSUPPORTED &&
            strstr(g->error, "is not executed by the simulator");
   free(g);
   return r;
}

static char *
read_doc(void)
{
   FILE *f = fopen(SIMULATOR_RST, "rb");
   if (!f)
      return NULL;
   char *buf = calloc(1, 1 << 20);
   size_t n = fread(buf, 1, (1 << 20) - 1, f);
   buf[n] = 0;
   fclose(f);
   return buf;
}

static void
test_unexecuted_list(void **state)
{
   (void)state;
   unsigned found = 0;
   for (unsigned op = 1;; op++) {
      const struct agx_isa_op_info *info = agx_isa_op_info(op);
      if (!info)
         break;
      bool no = not_executed(op);
      if (no != listed(info->name))
         fail_msg("%s is %s by the simulator but %s in the list", info->name,
                  no ? "not executed" : "executed",
                  no ? "missing" : "present");
      found += no;
   }
   assert_int_equal(found, sizeof(unexecuted) / sizeof(unexecuted[0]));
}

static void
test_doc_names_them(void **state)
{
   (void)state;
   char *doc = read_doc();
   assert_non_null(doc);
   for (unsigned i = 0; i < sizeof(unexecuted) / sizeof(unexecuted[0]); i++) {
      char quoted[96];
      snprintf(quoted, sizeof(quoted), "``%s``", unexecuted[i]);
      if (!strstr(doc, quoted))
         fail_msg("docs/simulator.rst does not name %s", quoted);
   }
   free(doc);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_unexecuted_list),
      cmocka_unit_test(test_doc_names_them),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
