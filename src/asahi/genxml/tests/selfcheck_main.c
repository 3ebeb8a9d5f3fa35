/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Runs every generated per-struct self-check: defaults round-trip, each
 * field lands on exactly its bits, random in-range values round-trip.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "genxml_selfcheck.h"

static void
test_every_struct(void **state)
{
   unsigned count = 0;
   for (const struct agx_genxml_selfcheck *c = agx_genxml_selfchecks; c->name;
        c++) {
      /* A fixed seed per struct keeps failures reproducible. */
      uint64_t seed = 0x9e3779b97f4a7c15ull ^ (count * 0x100000001b3ull);
      char msg[256] = "";
      if (!c->check(&seed, msg, sizeof(msg)))
         fail_msg("%s", msg);
      assert_true(c->length_B > 0);
      count++;
   }
   /* Every struct described in the XML has a check. */
   assert_true(count > 0);
   print_message("%u structs checked\n", count);
}

#ifdef GENXML_EXTRA_TESTS
void genxml_types_extra_tests(void **state);
#endif

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_struct),
#ifdef GENXML_EXTRA_TESTS
      cmocka_unit_test(genxml_types_extra_tests),
#endif
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
