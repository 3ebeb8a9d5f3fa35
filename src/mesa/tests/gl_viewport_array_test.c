/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Viewport arrays (ARB_viewport_array, OES_viewport_array) on the noop
 * driver, which offers 16 viewports: the error rules and state of GL 4.6
 * sections 13.6.1 (viewports and depth ranges) and 14.9.2 (scissor
 * boxes), the unindexed commands setting every index, and the contexts
 * without the extension.  Expected values come from the ARB_viewport_array
 * specification (errors section) and the GL 4.6 state table 23.8.
 */
#include <stdlib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "main/mtypes.h"

static struct gl_test *
core33(void)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_CORE, 3, 3, 16, 16);
   assert_non_null(t);
   return t;
}

/* The limits: 16 viewports, bounds of twice MAX_VIEWPORT_DIMS (the
 * smallest the spec allows), and the initial state of every index. */
static void
test_limits_and_initial_state(void **state)
{
   struct gl_test *t = core33();
   GLfloat f[4];
   GLint i4[4];

   assert_true(gl_test_has_extension("GL_ARB_viewport_array"));
   assert_int_equal(gl_test_get_int(GL_MAX_VIEWPORTS), 16);
   _mesa_GetFloatv(GL_VIEWPORT_BOUNDS_RANGE, f);
   assert_true(f[0] <= -32768.0f && f[1] >= 32767.0f);
   GLint pv = gl_test_get_int(GL_VIEWPORT_INDEX_PROVOKING_VERTEX);
   assert_true(pv == GL_FIRST_VERTEX_CONVENTION ||
               pv == GL_LAST_VERTEX_CONVENTION ||
               pv == GL_PROVOKING_VERTEX || pv == GL_UNDEFINED_VERTEX);
   for (GLuint v = 0; v < 16; v++) {
      _mesa_GetFloati_v(GL_VIEWPORT, v, f);
      assert_true(f[0] == 0 && f[1] == 0 && f[2] == 16 && f[3] == 16);
      _mesa_GetFloati_v(GL_DEPTH_RANGE, v, f);
      assert_true(f[0] == 0.0f && f[1] == 1.0f);
      _mesa_GetIntegeri_v(GL_SCISSOR_BOX, v, i4);
      assert_int_equal(i4[2], 16);
      assert_false(_mesa_IsEnabledi(GL_SCISSOR_TEST, v));
   }
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 13.6.1's INVALID_VALUE: an index or first + count past
 * MAX_VIEWPORTS, a negative count, width or height; nothing changes. */
static void
test_viewport_errors(void **state)
{
   struct gl_test *t = core33();
   static const GLfloat two[8] = {1, 2, 3, 4, 5, 6, -7, 8};
   GLfloat f[4];

   _mesa_ViewportIndexedf(16, 0, 0, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_ViewportIndexedf(3, 0, 0, -1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_ViewportArrayv(15, 2, two);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_ViewportArrayv(0, -1, two);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* the second viewport's width is negative: the first stays too */
   _mesa_ViewportArrayv(4, 2, two);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_GetFloati_v(GL_VIEWPORT, 4, f);
   assert_true(f[0] == 0 && f[2] == 16);
   _mesa_GetFloati_v(GL_VIEWPORT, 16, f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_DepthRangeIndexed(16, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   static const GLdouble dr[4] = {0, 1, 0, 1};
   _mesa_DepthRangeArrayv(15, 2, dr);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* the ES form is not a desktop command */
   _mesa_DepthRangeIndexedfOES(0, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* Indexed values are kept per index, as floats, clamped: the corner to
 * VIEWPORT_BOUNDS_RANGE, the size to MAX_VIEWPORT_DIMS, depths to
 * [0, 1]; integer queries round. */
static void
test_viewport_values(void **state)
{
   struct gl_test *t = core33();
   GLfloat f[4];
   GLdouble d[4];
   GLint i4[4];
   GLfloat bounds[2];

   _mesa_GetFloatv(GL_VIEWPORT_BOUNDS_RANGE, bounds);
   _mesa_ViewportIndexedf(2, 1.25f, 2.5f, 10.75f, 20.0f);
   _mesa_GetFloati_v(GL_VIEWPORT, 2, f);
   assert_true(f[0] == 1.25f && f[1] == 2.5f && f[2] == 10.75f &&
               f[3] == 20.0f);
   _mesa_GetIntegeri_v(GL_VIEWPORT, 2, i4);
   assert_true(i4[0] == 1 && i4[1] == 3 && i4[2] == 11 && i4[3] == 20);
   _mesa_GetDoublei_v(GL_VIEWPORT, 2, d);
   assert_true(d[0] == 1.25 && d[3] == 20.0);
   /* its neighbours kept theirs */
   _mesa_GetFloati_v(GL_VIEWPORT, 1, f);
   assert_true(f[0] == 0 && f[2] == 16);

   _mesa_ViewportIndexedf(5, -1e6f, 1e6f, 1e6f, 1e6f);
   _mesa_GetFloati_v(GL_VIEWPORT, 5, f);
   assert_true(f[0] == bounds[0] && f[1] == bounds[1]);
   GLint dims[2];
   _mesa_GetIntegerv(GL_MAX_VIEWPORT_DIMS, dims);
   assert_true(f[2] == (GLfloat)dims[0] && f[3] == (GLfloat)dims[1]);

   _mesa_DepthRangeIndexed(7, -0.5, 0.25);
   _mesa_GetDoublei_v(GL_DEPTH_RANGE, 7, d);
   assert_true(d[0] == 0.0 && d[1] == 0.25);
   static const GLdouble dr[4] = {0.5, 0.75, 1.5, 0.0};
   _mesa_DepthRangeArrayv(8, 2, dr);
   _mesa_GetFloati_v(GL_DEPTH_RANGE, 9, f);
   assert_true(f[0] == 1.0f && f[1] == 0.0f);

   /* glViewport and glDepthRange set every index; the unindexed query
    * reads index 0 */
   _mesa_Viewport(3, 4, 5, 6);
   _mesa_DepthRange(0.125, 0.5);
   for (GLuint v = 0; v < 16; v++) {
      _mesa_GetFloati_v(GL_VIEWPORT, v, f);
      assert_true(f[0] == 3 && f[1] == 4 && f[2] == 5 && f[3] == 6);
      _mesa_GetFloati_v(GL_DEPTH_RANGE, v, f);
      assert_true(f[0] == 0.125f && f[1] == 0.5f);
   }
   _mesa_ViewportIndexedf(0, 7.5f, 0, 1, 1);
   _mesa_GetFloatv(GL_VIEWPORT, f);
   assert_true(f[0] == 7.5f);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 14.9.2: indexed scissor boxes and tests; glScissor and
 * glEnable(GL_SCISSOR_TEST) set every index, glIsEnabled reads index
 * 0. */
static void
test_scissors(void **state)
{
   struct gl_test *t = core33();
   GLint b[4];
   static const GLint boxes[8] = {1, 2, 3, 4, 5, 6, 7, -8};

   _mesa_ScissorIndexed(16, 0, 0, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_ScissorIndexed(1, 0, 0, -1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_ScissorArrayv(10, 7, boxes);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_ScissorArrayv(2, 2, boxes);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_GetIntegeri_v(GL_SCISSOR_BOX, 2, b);
   assert_int_equal(b[0], 0);
   _mesa_ScissorArrayv(2, 1, boxes);
   _mesa_GetIntegeri_v(GL_SCISSOR_BOX, 2, b);
   assert_true(b[0] == 1 && b[1] == 2 && b[2] == 3 && b[3] == 4);
   _mesa_ScissorIndexedv(3, boxes + 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   _mesa_Enablei(GL_SCISSOR_TEST, 16);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_IsEnabledi(GL_SCISSOR_TEST, 16);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_Enablei(GL_SCISSOR_TEST, 3);
   assert_true(_mesa_IsEnabledi(GL_SCISSOR_TEST, 3));
   assert_false(_mesa_IsEnabledi(GL_SCISSOR_TEST, 0));
   assert_false(_mesa_IsEnabled(GL_SCISSOR_TEST));
   GLboolean on = GL_FALSE;
   _mesa_GetBooleani_v(GL_SCISSOR_TEST, 3, &on);
   assert_true(on);
   _mesa_Enable(GL_SCISSOR_TEST);
   for (GLuint v = 0; v < 16; v++)
      assert_true(_mesa_IsEnabledi(GL_SCISSOR_TEST, v));
   _mesa_Disablei(GL_SCISSOR_TEST, 0);
   assert_false(_mesa_IsEnabled(GL_SCISSOR_TEST));
   assert_true(_mesa_IsEnabledi(GL_SCISSOR_TEST, 1));
   _mesa_Scissor(9, 8, 7, 6);
   for (GLuint v = 0; v < 16; v++) {
      _mesa_GetIntegeri_v(GL_SCISSOR_BOX, v, b);
      assert_true(b[0] == 9 && b[1] == 8 && b[2] == 7 && b[3] == 6);
   }
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Without geometry shaders (a 3.0 context) there is no gl_ViewportIndex
 * to pick a viewport: no extension, one viewport, and its commands are
 * INVALID_OPERATION; the indexed queries of these targets are unknown. */
static void
test_without_extension(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   GLfloat f[4];
   assert_non_null(t);

   assert_false(gl_test_has_extension("GL_ARB_viewport_array"));
   _mesa_ViewportIndexedf(0, 0, 0, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_ScissorIndexed(0, 0, 0, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetIntegerv(GL_MAX_VIEWPORTS, (GLint *)f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_Enablei(GL_SCISSOR_TEST, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetFloati_v(GL_VIEWPORT, 0, f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   /* glViewport still works */
   _mesa_Viewport(1, 2, 3, 4);
   _mesa_GetFloatv(GL_VIEWPORT, f);
   assert_true(f[0] == 1 && f[3] == 4);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_limits_and_initial_state),
      cmocka_unit_test(test_viewport_errors),
      cmocka_unit_test(test_viewport_values),
      cmocka_unit_test(test_scissors),
      cmocka_unit_test(test_without_extension),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
