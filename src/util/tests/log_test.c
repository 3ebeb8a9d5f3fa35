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
#include "util/log.h"

static void
test_prefix_and_newline(void **state)
{
   char *buf = NULL;
   size_t len = 0;
   FILE *out = open_memstream(&buf, &len);
   u_log_set_stream(out);
   u_loge("agx", "bad thing %d", 3);
   u_logw("ail", "careful\n");
   u_logd("nir", "hidden at the default level");
   u_log_set_stream(NULL);
   fclose(out);
   assert_string_equal(buf, "agx: error: bad thing 3\n"
                            "ail: warning: careful\n");
   free(buf);
}

static void
test_long_message_truncated_safely(void **state)
{
   char big[4000];
   memset(big, 'x', sizeof(big) - 1);
   big[sizeof(big) - 1] = '\0';
   char *buf = NULL;
   size_t len = 0;
   FILE *out = open_memstream(&buf, &len);
   u_log_set_stream(out);
   u_logi("t", "%s", big);
   u_log_set_stream(NULL);
   fclose(out);
   assert_true(len > 100 && len < 1100);
   assert_int_equal(buf[len - 1], '\n');
   free(buf);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_prefix_and_newline),
      cmocka_unit_test(test_long_message_truncated_safely),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
