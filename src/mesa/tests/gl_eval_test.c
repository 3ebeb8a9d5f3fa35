/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Evaluators (GL 2.1 section 5.1) on the noop driver, seen through
 * feedback (section 5.3): the framebuffer is 8 x 8 and the matrices are
 * the identity, so NDC (x, y) is at window (4x + 4, 4y + 4).
 */
#include <stdlib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "state_tracker/st_context.h"
#include "util/u_math.h"

static void
assert_floats(const GLfloat *got, const GLfloat *want, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      assert_float_equal(got[i], want[i], 1e-5);
}

/* A quadratic curve through (-1, -1), control (0, 1), to (1, -1) over
 * u in [0, 2]: at u = 1 it is 1/4 P0 + 1/2 P1 + 1/4 P2 = (0, 0). */
static const GLfloat curve[3][3] = {{-1, -1, 0}, {0, 1, 0}, {1, -1, 0}};
static const GLfloat red_blue[2][4] = {{1, 0, 0, 1}, {0, 0, 1, 1}};

/* Table 6.29's initial maps and grids, the enables, and the errors of
 * glMap, glMapGrid, glEvalMesh and glGetMap. */
static void
test_state_and_errors(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat f[4];
   GLint i[2];
   GLboolean b;

   _mesa_GetMapfv(GL_MAP1_COLOR_4, GL_COEFF, f);
   assert_floats(f, (const GLfloat[]){1, 1, 1, 1}, 4);
   _mesa_GetMapiv(GL_MAP2_VERTEX_3, GL_ORDER, i);
   assert_int_equal(i[0], 1);
   assert_int_equal(i[1], 1);
   _mesa_GetMapfv(GL_MAP1_NORMAL, GL_DOMAIN, f);
   assert_floats(f, (const GLfloat[]){0, 1}, 2);
   _mesa_GetIntegerv(GL_MAX_EVAL_ORDER, i);
   assert_true(i[0] >= 8);
   _mesa_GetIntegerv(GL_MAP2_GRID_SEGMENTS, i);
   assert_int_equal(i[0], 1);
   assert_int_equal(i[1], 1);
   assert_false(_mesa_IsEnabled(GL_MAP1_VERTEX_3));
   _mesa_Enable(GL_MAP1_VERTEX_3);
   _mesa_Enable(GL_AUTO_NORMAL);
   assert_true(_mesa_IsEnabled(GL_MAP1_VERTEX_3));
   _mesa_GetBooleanv(GL_AUTO_NORMAL, &b);
   assert_true(b);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_Map1f(GL_MAP2_VERTEX_3, 0, 1, 3, 3, &curve[0][0]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_Map1f(GL_MAP1_VERTEX_3, 1, 1, 3, 3, &curve[0][0]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_Map1f(GL_MAP1_VERTEX_3, 0, 1, 2, 3, &curve[0][0]); /* stride < 3 */
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_Map1f(GL_MAP1_VERTEX_3, 0, 1, 3, 0, &curve[0][0]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_Map2f(GL_MAP2_VERTEX_3, 0, 1, 3, 1, 0, 1, 3, 0, &curve[0][0]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_MapGrid1f(0, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_EvalMesh1(GL_FILL, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetMapfv(GL_MAP1_VERTEX_3, GL_MAP1_VERTEX_3, f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   /* GL_COEFF gives the points back, without the stride's gaps. */
   static const GLfloat strided[] = {1, 2, 3, 99, 4, 5, 6, 99};
   _mesa_Map1f(GL_MAP1_VERTEX_3, -1, 3, 4, 2, strided);
   GLfloat coeff[6];
   _mesa_GetMapfv(GL_MAP1_VERTEX_3, GL_COEFF, coeff);
   assert_floats(coeff, (const GLfloat[]){1, 2, 3, 4, 5, 6}, 6);
   _mesa_GetMapfv(GL_MAP1_VERTEX_3, GL_DOMAIN, f);
   assert_floats(f, (const GLfloat[]){-1, 3}, 2);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* glEvalMesh1 at the grid points u = 0, 1, 2: the curve's vertices with
 * the colour map's colours; the current colour stays. */
static void
test_curve(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat buf[64], c[4];

   _mesa_Map1f(GL_MAP1_VERTEX_3, 0, 2, 3, 3, &curve[0][0]);
   _mesa_Map1f(GL_MAP1_COLOR_4, 0, 2, 4, 2, &red_blue[0][0]);
   _mesa_Enable(GL_MAP1_VERTEX_3);
   _mesa_Enable(GL_MAP1_COLOR_4);
   _mesa_MapGrid1f(2, 0, 2);
   _mesa_FeedbackBuffer(64, GL_3D_COLOR, buf);
   _mesa_RenderMode(GL_FEEDBACK);
   _mesa_EvalMesh1(GL_POINT, 0, 2);
   static const GLfloat want[] = {
      GL_POINT_TOKEN, 0, 0, 0.5f, 1, 0, 0, 1,
      GL_POINT_TOKEN, 4, 4, 0.5f, 0.5f, 0, 0.5f, 1,
      GL_POINT_TOKEN, 8, 0, 0.5f, 0, 0, 1, 1,
   };
   assert_int_equal(_mesa_RenderMode(GL_RENDER), ARRAY_SIZE(want));
   assert_floats(buf, want, ARRAY_SIZE(want));
   _mesa_GetFloatv(GL_CURRENT_COLOR, c);
   assert_floats(c, (const GLfloat[]){1, 1, 1, 1}, 4);

   /* Without a vertex map, glEvalCoord sends no vertex. */
   _mesa_Disable(GL_MAP1_VERTEX_3);
   _mesa_RenderMode(GL_FEEDBACK);
   _mesa_Begin(GL_POINTS);
   _mesa_EvalCoord1f(1.0f);
   _mesa_End();
   assert_int_equal(_mesa_RenderMode(GL_RENDER), 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* A flat patch p(u, v) = (2u - 1, 2v - 1, 0): glEvalMesh2 GL_FILL over
 * one grid cell is one quad (i, j) = (0, 0), (0, 1), (1, 1), (1, 0);
 * GL_LINE is two rows and two columns. */
static void
test_surface(void **state)
{
   struct gl_test *t = gl_test_compat21();
   static const GLfloat patch[2][2][3] = {
      {{-1, -1, 0}, {-1, 1, 0}}, /* u = 0: v = 0, 1 */
      {{1, -1, 0}, {1, 1, 0}},   /* u = 1 */
   };
   GLfloat buf[64];

   _mesa_Map2f(GL_MAP2_VERTEX_3, 0, 1, 6, 2, 0, 1, 3, 2, &patch[0][0][0]);
   _mesa_Enable(GL_MAP2_VERTEX_3);
   _mesa_MapGrid2f(1, 0, 1, 1, 0, 1);
   _mesa_FeedbackBuffer(64, GL_2D, buf);
   _mesa_RenderMode(GL_FEEDBACK);
   _mesa_EvalMesh2(GL_FILL, 0, 1, 0, 1);
   static const GLfloat fill[] = {GL_POLYGON_TOKEN, 4, 0, 0, 0, 8,
                                  8, 8, 8, 0};
   assert_int_equal(_mesa_RenderMode(GL_RENDER), ARRAY_SIZE(fill));
   assert_floats(buf, fill, ARRAY_SIZE(fill));

   _mesa_RenderMode(GL_FEEDBACK);
   _mesa_EvalMesh2(GL_LINE, 0, 1, 0, 1);
   static const GLfloat lines[] = {
      GL_LINE_RESET_TOKEN, 0, 0, 8, 0, GL_LINE_RESET_TOKEN, 0, 8, 8, 8,
      GL_LINE_RESET_TOKEN, 0, 0, 0, 8, GL_LINE_RESET_TOKEN, 8, 0, 8, 8,
   };
   assert_int_equal(_mesa_RenderMode(GL_RENDER), ARRAY_SIZE(lines));
   assert_floats(buf, lines, ARRAY_SIZE(lines));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 5.4: glMap compiles with its points; glEvalCoord compiles as
 * itself and evaluates the maps of the moment the list runs. */
static void
test_display_lists(void **state)
{
   struct gl_test *t = gl_test_compat21();
   void (*map1f)(GLenum, GLfloat, GLfloat, GLint, GLint, const GLfloat *) =
      (void (*)(GLenum, GLfloat, GLfloat, GLint, GLint, const GLfloat *))
         st_get_proc_address("glMap1f");
   void (*eval_coord1f)(GLfloat) =
      (void (*)(GLfloat))st_get_proc_address("glEvalCoord1f");
   static const GLfloat line[2][3] = {{-0.5f, -0.5f, 0}, {0.5f, 0.5f, 0}};
   GLfloat buf[16], f[6];

   _mesa_Enable(GL_MAP1_VERTEX_3);
   _mesa_NewList(1, GL_COMPILE);
   map1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, &line[0][0]);
   _mesa_EndList();
   _mesa_GetMapfv(GL_MAP1_VERTEX_3, GL_COEFF, f); /* not yet */
   assert_floats(f, (const GLfloat[]){0, 0, 0}, 3);
   _mesa_NewList(2, GL_COMPILE);
   _mesa_Begin(GL_POINTS);
   eval_coord1f(1.0f);
   _mesa_End();
   _mesa_EndList();
   _mesa_CallList(1);
   _mesa_GetMapfv(GL_MAP1_VERTEX_3, GL_COEFF, f);
   assert_floats(f, &line[0][0], 6);
   _mesa_FeedbackBuffer(16, GL_2D, buf);
   _mesa_RenderMode(GL_FEEDBACK);
   _mesa_CallList(2);
   static const GLfloat want[] = {GL_POINT_TOKEN, 6, 6};
   assert_int_equal(_mesa_RenderMode(GL_RENDER), ARRAY_SIZE(want));
   assert_floats(buf, want, ARRAY_SIZE(want));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_state_and_errors),
      cmocka_unit_test(test_curve),
      cmocka_unit_test(test_surface),
      cmocka_unit_test(test_display_lists),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
