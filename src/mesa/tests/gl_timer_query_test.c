/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Timer queries in the front end (EXT_disjoint_timer_query on ES,
 * ARB_timer_query and EXT_timer_query on desktop GL), on the noop driver,
 * which has PIPE_QUERY_TIME_ELAPSED and PIPE_QUERY_TIMESTAMP (its clock
 * reads 0): the targets, glQueryCounter and the 64-bit result getters with
 * the errors of EXT_disjoint_timer_query's "Errors" section, and the
 * GL_TIMESTAMP / GL_GPU_DISJOINT_EXT states.  Values from a real clock are
 * checked on the simulator (src/tests/e2e/gles3_timer_query.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gl_test_context.h"
#include "main/extensions.h"
#include "main/mtypes.h"
#include "state_tracker/st_context.h"

static void
test_es_timer_queries(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   struct gl_context *ctx = &t->ctx->ctx;
   GLint v = -1;
   GLuint q[3];

   assert_true(_mesa_has_extension(ctx, "GL_EXT_disjoint_timer_query"));
   _mesa_GetQueryiv(GL_TIME_ELAPSED, GL_QUERY_COUNTER_BITS, &v);
   assert_int_equal(v, 64);
   _mesa_GetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &v);
   assert_int_equal(v, 64);
   _mesa_GetQueryiv(GL_TIMESTAMP, GL_CURRENT_QUERY, &v);
   assert_int_equal(v, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_GenQueries(3, q);
   _mesa_BeginQuery(GL_TIME_ELAPSED, q[0]);
   _mesa_GetQueryiv(GL_TIME_ELAPSED, GL_CURRENT_QUERY, &v);
   assert_int_equal(v, (GLint)q[0]);
   /* QueryCounter on the active query; BeginQuery of an active id. */
   _mesa_QueryCounter(q[0], GL_TIMESTAMP);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BeginQuery(GL_ANY_SAMPLES_PASSED, q[0]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   GLuint64 u = 0;
   _mesa_GetQueryObjectui64v(q[0], GL_QUERY_RESULT, &u);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_EndQuery(GL_TIME_ELAPSED);
   _mesa_GetQueryObjectui64v(q[0], GL_QUERY_RESULT, &u);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetQueryObjectui64v(q[0], GL_QUERY_COUNTER_BITS, &u);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   /* QueryCounter: target GL_TIMESTAMP only, a generated name, and not
    * an object of another target. */
   _mesa_QueryCounter(q[1], GL_TIME_ELAPSED);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_QueryCounter(4321, GL_TIMESTAMP);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_QueryCounter(q[0], GL_TIMESTAMP);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_QueryCounter(q[1], GL_TIMESTAMP);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(_mesa_IsQuery(q[1]));
   GLint64 i64 = -1;
   _mesa_GetQueryObjecti64v(q[1], GL_QUERY_RESULT_AVAILABLE, &i64);
   assert_int_equal(i64, 1);
   /* A timestamp object is not a TIME_ELAPSED one. */
   _mesa_BeginQuery(GL_TIME_ELAPSED, q[1]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* GL_TIMESTAMP is glQueryCounter's target only. */
   _mesa_BeginQuery(GL_TIMESTAMP, q[2]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   _mesa_GetInteger64v(GL_GPU_DISJOINT_EXT, &i64);
   assert_int_equal(i64, 0);
   _mesa_GetInteger64v(GL_TIMESTAMP, &i64);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteQueries(3, q);

   /* Without the driver's timer queries, none of it. */
   ctx->Const.TimerQueries = false;
   assert_false(_mesa_has_extension(ctx, "GL_EXT_disjoint_timer_query"));
   _mesa_GenQueries(1, q);
   _mesa_BeginQuery(GL_TIME_ELAPSED, q[0]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_QueryCounter(q[0], GL_TIMESTAMP);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetInteger64v(GL_TIMESTAMP, &i64);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetInteger64v(GL_GPU_DISJOINT_EXT, &i64);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_DeleteQueries(1, q);
   gl_test_destroy(t);
}

static void
test_desktop_timer_queries(void **state)
{
   (void)state;
   struct gl_test *t =
      gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   struct gl_context *ctx = &t->ctx->ctx;
   GLint64 i64;
   GLuint q;

   assert_true(_mesa_has_extension(ctx, "GL_ARB_timer_query"));
   assert_true(_mesa_has_extension(ctx, "GL_EXT_timer_query"));
   assert_false(_mesa_has_extension(ctx, "GL_EXT_disjoint_timer_query"));
   /* GPU_DISJOINT_EXT is the ES extension's. */
   _mesa_GetInteger64v(GL_GPU_DISJOINT_EXT, &i64);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GenQueries(1, &q);
   _mesa_BeginQuery(GL_TIME_ELAPSED, q);
   _mesa_EndQuery(GL_TIME_ELAPSED);
   GLint r = -1;
   _mesa_GetQueryObjectiv(q, GL_QUERY_RESULT, &r);
   assert_int_equal(r, 0); /* the noop driver's clock stands still */
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteQueries(1, &q);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_es_timer_queries),
      cmocka_unit_test(test_desktop_timer_queries),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
