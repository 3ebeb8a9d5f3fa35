/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glGet of GL 1.x state of compatibility contexts on the noop driver
 * (GL 2.1 chapter 6 tables), each value as llvmpipe answers it: the
 * transposed matrices, the framebuffer's colour index and accumulation
 * properties, the GL 1.x blend factor names, the initial feedback type
 * and secondary colour array size, the line width granularity, the
 * glEnable capabilities without a case of their own in get.c (the
 * smooth ones among them), and the
 * point parameters (kept and queried; main/point_param.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"

static void
test_transpose_matrices(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat m[16];

   _mesa_MatrixMode(GL_MODELVIEW);
   _mesa_Translatef(1, 2, 3);
   _mesa_GetFloatv(GL_TRANSPOSE_MODELVIEW_MATRIX, m);
   /* Row-major: the translation ends each of the first three rows. */
   assert_true(m[0] == 1 && m[3] == 1 && m[7] == 2 && m[11] == 3 &&
               m[12] == 0 && m[15] == 1);
   _mesa_MatrixMode(GL_PROJECTION);
   _mesa_Scalef(2, 4, 8);
   _mesa_GetFloatv(GL_TRANSPOSE_PROJECTION_MATRIX, m);
   assert_true(m[0] == 2 && m[5] == 4 && m[10] == 8 && m[15] == 1);
   _mesa_MatrixMode(GL_TEXTURE);
   _mesa_Translatef(5, 0, 0);
   _mesa_GetFloatv(GL_TRANSPOSE_TEXTURE_MATRIX, m);
   assert_true(m[3] == 5 && m[12] == 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static void
test_framebuffer_modes(void **state)
{
   struct gl_test *t = gl_test_compat21();
   static const GLenum zero[] = {GL_INDEX_BITS, GL_ACCUM_RED_BITS,
                                 GL_ACCUM_GREEN_BITS, GL_ACCUM_BLUE_BITS,
                                 GL_ACCUM_ALPHA_BITS};
   GLboolean b = GL_FALSE;

   for (unsigned i = 0; i < sizeof(zero) / sizeof(zero[0]); i++)
      assert_int_equal(gl_test_get_int(zero[i]), 0);
   _mesa_GetBooleanv(GL_RGBA_MODE, &b);
   assert_true(b);
   _mesa_GetBooleanv(GL_INDEX_MODE, &b);
   assert_false(b);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static void
test_initial_and_named_state(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat f = 0;

   /* Tables 6.68 and 6.7: the initial feedback type and secondary
    * colour array size. */
   assert_int_equal(gl_test_get_int(GL_FEEDBACK_BUFFER_TYPE), GL_2D);
   assert_int_equal(gl_test_get_int(GL_SECONDARY_COLOR_ARRAY_SIZE), 3);
   /* Table 6.21's GL 1.x names of the RGB factors. */
   _mesa_BlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE,
                           GL_ZERO);
   assert_int_equal(gl_test_get_int(GL_BLEND_SRC), GL_SRC_ALPHA);
   assert_int_equal(gl_test_get_int(GL_BLEND_DST), GL_ONE_MINUS_SRC_ALPHA);
   _mesa_GetFloatv(GL_LINE_WIDTH_GRANULARITY, &f);
   assert_true(f > 0);
   /* A capability without a get.c case of its own. */
   GLboolean b = GL_TRUE;
   _mesa_GetBooleanv(GL_VERTEX_PROGRAM_TWO_SIDE, &b);
   assert_false(b);
   _mesa_Enable(GL_VERTEX_PROGRAM_TWO_SIDE);
   _mesa_GetBooleanv(GL_VERTEX_PROGRAM_TWO_SIDE, &b);
   assert_true(b);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   /* Core contexts have none of the compatibility names. */
   t = gl_test_create_version(ST_PROFILE_OPENGL_CORE, 3, 2, 8, 8);
   assert_non_null(t);
   GLint i;
   _mesa_GetIntegerv(GL_BLEND_SRC, &i);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetIntegerv(GL_VERTEX_PROGRAM_TWO_SIDE, &i);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* GL 2.1 tables 6.12-6.14: POINT_SMOOTH, LINE_SMOOTH and POLYGON_SMOOTH
 * are capabilities (initially off) that ENABLE_BIT saves; core contexts
 * keep the line and polygon ones (GL 3.2 core table 6.11 and 6.12) and
 * refuse the point one. */
static void
test_smooth_enables(void **state)
{
   static const GLenum caps[] = {GL_POINT_SMOOTH, GL_LINE_SMOOTH,
                                 GL_POLYGON_SMOOTH};
   struct gl_test *t = gl_test_compat21();
   GLboolean b = GL_TRUE;

   for (unsigned i = 0; i < 3; i++) {
      assert_false(_mesa_IsEnabled(caps[i]));
      _mesa_Enable(caps[i]);
      _mesa_GetBooleanv(caps[i], &b);
      assert_true(b);
   }
   _mesa_PushAttrib(GL_ENABLE_BIT);
   for (unsigned i = 0; i < 3; i++)
      _mesa_Disable(caps[i]);
   assert_false(_mesa_IsEnabled(GL_LINE_SMOOTH));
   _mesa_PopAttrib();
   for (unsigned i = 0; i < 3; i++)
      assert_true(_mesa_IsEnabled(caps[i]));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = gl_test_create_version(ST_PROFILE_OPENGL_CORE, 3, 2, 8, 8);
   assert_non_null(t);
   _mesa_Enable(GL_LINE_SMOOTH);
   _mesa_Enable(GL_POLYGON_SMOOTH);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(_mesa_IsEnabled(GL_LINE_SMOOTH));
   _mesa_Enable(GL_POINT_SMOOTH);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* GL 2.1 section 3.4 and table 6.12: glPointParameter's values, errors,
 * display lists and attribute stack; core contexts keep two of them. */
static void
test_point_parameters(void **state)
{
   struct gl_test *t = gl_test_compat21();
   void (*paramf)(GLenum, GLfloat) =
      (void (*)(GLenum, GLfloat))st_get_proc_address("glPointParameterf");
   void (*paramiv)(GLenum, const GLint *) =
      (void (*)(GLenum, const GLint *))st_get_proc_address(
         "glPointParameteriv");
   GLfloat f[3];

   assert_non_null(paramf);
   _mesa_GetFloatv(GL_POINT_SIZE_MAX, f);
   GLfloat max = f[0];
   assert_true(max >= 1.0f); /* the largest aliased size */
   _mesa_GetFloatv(GL_POINT_DISTANCE_ATTENUATION, f);
   assert_true(f[0] == 1 && f[1] == 0 && f[2] == 0);
   assert_int_equal(gl_test_get_int(GL_POINT_SPRITE_COORD_ORIGIN),
                    GL_UPPER_LEFT);
   _mesa_GetFloatv(GL_POINT_FADE_THRESHOLD_SIZE, f);
   assert_true(f[0] == 1);

   paramf(GL_POINT_SIZE_MIN, 2.5f);
   static const GLint att[3] = {1, 2, 3};
   paramiv(GL_POINT_DISTANCE_ATTENUATION, att);
   paramf(GL_POINT_SPRITE_COORD_ORIGIN, (GLfloat)GL_LOWER_LEFT);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetFloatv(GL_POINT_SIZE_MIN, f);
   assert_true(f[0] == 2.5f);
   _mesa_GetFloatv(GL_POINT_DISTANCE_ATTENUATION, f);
   assert_true(f[0] == 1 && f[1] == 2 && f[2] == 3);
   assert_int_equal(gl_test_get_int(GL_POINT_SPRITE_COORD_ORIGIN),
                    GL_LOWER_LEFT);
   paramf(GL_POINT_SIZE_MAX, -1.0f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   paramf(GL_POINT_SPRITE_COORD_ORIGIN, (GLfloat)GL_FRONT);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   paramf(GL_POINT_SIZE, 1.0f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   /* GL_POINT_BIT saves them; a list keeps the vector's three values. */
   _mesa_PushAttrib(GL_POINT_BIT);
   paramf(GL_POINT_SIZE_MIN, 7.0f);
   GLuint list = _mesa_GenLists(1);
   _mesa_NewList(list, GL_COMPILE);
   static const GLint att2[3] = {4, 5, 6};
   paramiv(GL_POINT_DISTANCE_ATTENUATION, att2);
   _mesa_EndList();
   _mesa_PopAttrib();
   _mesa_GetFloatv(GL_POINT_SIZE_MIN, f);
   assert_true(f[0] == 2.5f);
   _mesa_GetFloatv(GL_POINT_DISTANCE_ATTENUATION, f);
   assert_true(f[0] == 1 && f[1] == 2 && f[2] == 3);
   _mesa_CallList(list);
   _mesa_GetFloatv(GL_POINT_DISTANCE_ATTENUATION, f);
   assert_true(f[0] == 4 && f[1] == 5 && f[2] == 6);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = gl_test_create_version(ST_PROFILE_OPENGL_CORE, 3, 2, 8, 8);
   assert_non_null(t);
   paramf(GL_POINT_FADE_THRESHOLD_SIZE, 3.0f);
   _mesa_GetFloatv(GL_POINT_FADE_THRESHOLD_SIZE, f);
   assert_true(f[0] == 3.0f);
   paramf(GL_POINT_SIZE_MIN, 2.0f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_transpose_matrices),
      cmocka_unit_test(test_framebuffer_modes),
      cmocka_unit_test(test_initial_and_named_state),
      cmocka_unit_test(test_point_parameters),
      cmocka_unit_test(test_smooth_enables),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
