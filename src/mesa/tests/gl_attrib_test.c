/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The attribute stacks (GL 2.1 section 6.1.14): a pop restores exactly
 * the groups pushed, the stacks are 16 deep (table 6.46) with
 * GL_STACK_OVERFLOW / GL_STACK_UNDERFLOW beyond, the client stack is a
 * separate one, glPushAttrib between glBegin and glEnd is
 * GL_INVALID_OPERATION (section 2.6.3), and core contexts have none.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gl_test_context.h"
#include "main/context.h"
#include "state_tracker/st_context.h"

typedef void(GLAPIENTRY *push_attrib_fn)(GLbitfield);

static struct gl_test *
compat21(void)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   assert_non_null(t);
   return t;
}

static GLint
get_int(GLenum pname)
{
   GLint v = -1;
   _mesa_GetIntegerv(pname, &v);
   return v;
}

/* COLOR_BUFFER and ENABLE pushed: blending, the clear colour, the logic
 * op and the depth test's enable come back; the depth function (depth
 * buffer group, not pushed) keeps its new value. */
static void
test_groups(void **state)
{
   (void)state;
   struct gl_test *t = compat21();

   _mesa_PushAttrib(GL_COLOR_BUFFER_BIT | GL_ENABLE_BIT);
   assert_int_equal(get_int(GL_ATTRIB_STACK_DEPTH), 1);
   _mesa_BlendFunc(GL_SRC_ALPHA, GL_ONE);
   _mesa_ClearColor(0.5f, 0.25f, 0.0f, 1.0f);
   _mesa_LogicOp(GL_XOR);
   _mesa_Enable(GL_BLEND);
   _mesa_Enable(GL_DEPTH_TEST);
   _mesa_DepthFunc(GL_GREATER);
   _mesa_PopAttrib();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(get_int(GL_ATTRIB_STACK_DEPTH), 0);
   assert_int_equal(get_int(GL_BLEND_SRC_RGB), GL_ONE);
   assert_int_equal(get_int(GL_LOGIC_OP_MODE), GL_COPY);
   assert_false(_mesa_IsEnabled(GL_BLEND));
   assert_false(_mesa_IsEnabled(GL_DEPTH_TEST));
   GLfloat clear[4];
   _mesa_GetFloatv(GL_COLOR_CLEAR_VALUE, clear);
   assert_true(clear[0] == 0.0f && clear[1] == 0.0f && clear[3] == 0.0f);
   assert_int_equal(get_int(GL_DEPTH_FUNC), GL_GREATER);

   /* The polygon stipple and the line width, each in its own group. */
   GLubyte zeros[128] = {0};
   _mesa_PushAttrib(GL_POLYGON_STIPPLE_BIT);
   _mesa_PolygonStipple(zeros);
   _mesa_LineWidth(3.0f);
   _mesa_PopAttrib();
   struct gl_context *ctx = &t->ctx->ctx;
   assert_int_equal(ctx->Polygon.Stipple[3], 0xffffffffu);
   GLfloat width = 0;
   _mesa_GetFloatv(GL_LINE_WIDTH, &width);
   assert_true(width == 3.0f);
   gl_test_destroy(t);
}

/* 16 pushes fit; the 17th overflows and changes nothing; 16 pops, then
 * one underflows.  The client stack counts on its own. */
static void
test_depth_limits(void **state)
{
   (void)state;
   struct gl_test *t = compat21();

   assert_int_equal(get_int(GL_MAX_ATTRIB_STACK_DEPTH), 16);
   assert_int_equal(get_int(GL_MAX_CLIENT_ATTRIB_STACK_DEPTH), 16);
   for (int i = 0; i < 16; i++)
      _mesa_PushAttrib(GL_ALL_ATTRIB_BITS);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_PushAttrib(GL_ALL_ATTRIB_BITS);
   assert_int_equal(_mesa_GetError(), GL_STACK_OVERFLOW);
   assert_int_equal(get_int(GL_ATTRIB_STACK_DEPTH), 16);
   assert_int_equal(get_int(GL_CLIENT_ATTRIB_STACK_DEPTH), 0);

   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 2);
   _mesa_PushClientAttrib(GL_CLIENT_PIXEL_STORE_BIT);
   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 8);
   _mesa_PixelStorei(GL_UNPACK_SWAP_BYTES, GL_TRUE);
   _mesa_PopClientAttrib();
   assert_int_equal(get_int(GL_UNPACK_ALIGNMENT), 2);
   assert_int_equal(get_int(GL_UNPACK_SWAP_BYTES), 0);

   for (int i = 0; i < 16; i++)
      _mesa_PopAttrib();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_PopAttrib();
   assert_int_equal(_mesa_GetError(), GL_STACK_UNDERFLOW);
   _mesa_PopClientAttrib();
   assert_int_equal(_mesa_GetError(), GL_STACK_UNDERFLOW);
   /* Left pushed on purpose: destroying the context frees them. */
   _mesa_PushAttrib(GL_ALL_ATTRIB_BITS);
   _mesa_PushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS);
   gl_test_destroy(t);
}

/* Through the dispatch layer: between glBegin and glEnd. */
static void
test_inside_begin_end(void **state)
{
   (void)state;
   struct gl_test *t = compat21();
   push_attrib_fn push = (push_attrib_fn)st_get_proc_address("glPushAttrib");

   assert_non_null(push);
   _mesa_Begin(GL_TRIANGLES);
   push(GL_CURRENT_BIT);
   _mesa_End();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(get_int(GL_ATTRIB_STACK_DEPTH), 0);
   gl_test_destroy(t);
}

/* Forward-compatible (core) contexts have no attribute stacks
 * (appendix E). */
static void
test_core(void **state)
{
   (void)state;
   struct gl_test *t =
      gl_test_create_profile(ST_PROFILE_OPENGL_CORE, 3, 0, 8, 8);
   assert_non_null(t);
   _mesa_PushAttrib(GL_ALL_ATTRIB_BITS);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_groups),
      cmocka_unit_test(test_depth_limits),
      cmocka_unit_test(test_inside_begin_end),
      cmocka_unit_test(test_core),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
