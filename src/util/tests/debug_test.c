/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/u_debug.h"

enum { F_A = 1, F_B = 2, F_LONG = 4 };
static const struct debug_named_value table[] = {
   {"alpha", F_A, "first"},
   {"beta", F_B, "second"},
   {"longname", F_LONG, "third"},
   DEBUG_NAMED_VALUE_END,
};

static char *
parse(const char *s, uint64_t *flags)
{
   char *buf = NULL;
   size_t len = 0;
   FILE *out = open_memstream(&buf, &len);
   *flags = debug_parse_flags("TEST_DEBUG", s, table, out);
   fclose(out);
   return buf;
}

static void
test_parse(void **state)
{
   uint64_t f;
   char *msg = parse("alpha,beta", &f);
   assert_int_equal(f, F_A | F_B);
   assert_string_equal(msg, "");
   free(msg);

   msg = parse(" BETA ;;longname:", &f);
   assert_int_equal(f, F_B | F_LONG);
   free(msg);

   msg = parse("all", &f);
   assert_int_equal(f, F_A | F_B | F_LONG);
   free(msg);

   /* A prefix of a name is not the name. */
   msg = parse("long", &f);
   assert_int_equal(f, 0);
   free(msg);
}

static void
test_unknown_lists_once(void **state)
{
   static const struct debug_named_value other[] = {
      {"x", 1, "only"},
      DEBUG_NAMED_VALUE_END,
   };
   char *buf = NULL;
   size_t len = 0;
   FILE *out = open_memstream(&buf, &len);
   uint64_t f = debug_parse_flags("OTHER_DEBUG", "bogus,x,bogus2", other, out);
   fclose(out);
   assert_int_equal(f, 1);
   assert_non_null(strstr(buf, "unknown flag 'bogus'"));
   assert_non_null(strstr(buf, "unknown flag 'bogus2'"));
   /* The list of valid flags appears exactly once. */
   char *first = strstr(buf, "valid flags");
   assert_non_null(first);
   assert_null(strstr(first + 1, "valid flags"));
   free(buf);
}

static void
test_help_and_env(void **state)
{
   uint64_t f;
   char *msg = parse("help", &f);
   assert_int_equal(f, 0);
   assert_non_null(strstr(msg, "longname"));
   assert_non_null(strstr(msg, "third"));
   free(msg);

   setenv("TEST_DEBUG", "beta", 1);
   assert_int_equal(debug_get_flags_option("TEST_DEBUG", table, 0), F_B);
   unsetenv("TEST_DEBUG");
   assert_int_equal(debug_get_flags_option("TEST_DEBUG", table, 7), 7);

   setenv("TEST_BOOL", "yes", 1);
   assert_true(debug_get_bool_option("TEST_BOOL", false));
   setenv("TEST_BOOL", "off", 1);
   assert_false(debug_get_bool_option("TEST_BOOL", true));
   setenv("TEST_NUM", "0x10", 1);
   assert_int_equal(debug_get_num_option("TEST_NUM", 3), 16);
   setenv("TEST_NUM", "12abc", 1);
   assert_int_equal(debug_get_num_option("TEST_NUM", 3), 3);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_parse),
      cmocka_unit_test(test_unknown_lists_once),
      cmocka_unit_test(test_help_and_env),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
