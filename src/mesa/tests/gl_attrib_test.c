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

/* COLOR_BUFFER and ENABLE pushed: blending, the clear colour, the logic
 * op and the depth test's enable come back; the depth function (depth
 * buffer group, not pushed) keeps its new value. */
static void
test_groups(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_compat21();

   _mesa_PushAttrib(GL_COLOR_BUFFER_BIT | GL_ENABLE_BIT);
   assert_int_equal(gl_test_get_int(GL_ATTRIB_STACK_DEPTH), 1);
   _mesa_BlendFunc(GL_SRC_ALPHA, GL_ONE);
   _mesa_ClearColor(0.5f, 0.25f, 0.0f, 1.0f);
   _mesa_LogicOp(GL_XOR);
   _mesa_Enable(GL_BLEND);
   _mesa_Enable(GL_DEPTH_TEST);
   _mesa_DepthFunc(GL_GREATER);
   _mesa_PopAttrib();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(gl_test_get_int(GL_ATTRIB_STACK_DEPTH), 0);
   assert_int_equal(gl_test_get_int(GL_BLEND_SRC_RGB), GL_ONE);
   assert_int_equal(gl_test_get_int(GL_LOGIC_OP_MODE), GL_COPY);
   assert_false(_mesa_IsEnabled(GL_BLEND));
   assert_false(_mesa_IsEnabled(GL_DEPTH_TEST));
   GLfloat clear[4];
   _mesa_GetFloatv(GL_COLOR_CLEAR_VALUE, clear);
   assert_true(clear[0] == 0.0f && clear[1] == 0.0f && clear[3] == 0.0f);
   assert_int_equal(gl_test_get_int(GL_DEPTH_FUNC), GL_GREATER);

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

/* GL 2.1 table 6.39: the map enables and GL_AUTO_NORMAL are in the eval
 * and enable groups, the grids in the eval group only. */
static void
test_eval_group(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_compat21();

   _mesa_PushAttrib(GL_EVAL_BIT);
   _mesa_Enable(GL_MAP1_VERTEX_3);
   _mesa_Enable(GL_MAP2_COLOR_4);
   _mesa_Enable(GL_AUTO_NORMAL);
   _mesa_MapGrid1f(7, 2.0f, 3.0f);
   _mesa_MapGrid2f(4, 0.0f, 0.5f, 9, -1.0f, 1.0f);
   _mesa_PopAttrib();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_false(_mesa_IsEnabled(GL_MAP1_VERTEX_3));
   assert_false(_mesa_IsEnabled(GL_MAP2_COLOR_4));
   assert_false(_mesa_IsEnabled(GL_AUTO_NORMAL));
   assert_int_equal(gl_test_get_int(GL_MAP1_GRID_SEGMENTS), 1);
   GLint segs[2];
   _mesa_GetIntegerv(GL_MAP2_GRID_SEGMENTS, segs);
   assert_int_equal(segs[0], 1);
   assert_int_equal(segs[1], 1);
   GLfloat dom[4];
   _mesa_GetFloatv(GL_MAP1_GRID_DOMAIN, dom);
   assert_true(dom[0] == 0.0f && dom[1] == 1.0f);

   /* The enable group brings the enables back, not the grid. */
   _mesa_PushAttrib(GL_ENABLE_BIT);
   _mesa_Enable(GL_MAP2_VERTEX_4);
   _mesa_Enable(GL_AUTO_NORMAL);
   _mesa_MapGrid1f(5, 0.0f, 2.0f);
   _mesa_PopAttrib();
   assert_false(_mesa_IsEnabled(GL_MAP2_VERTEX_4));
   assert_false(_mesa_IsEnabled(GL_AUTO_NORMAL));
   assert_int_equal(gl_test_get_int(GL_MAP1_GRID_SEGMENTS), 5);

   /* The list base is the list group's (GL 2.1 table 6.46). */
   _mesa_ListBase(10);
   _mesa_PushAttrib(GL_LIST_BIT);
   _mesa_ListBase(42);
   _mesa_PopAttrib();
   assert_int_equal(gl_test_get_int(GL_LIST_BASE), 10);
   gl_test_destroy(t);
}

/* GL 2.1 section 3.4.2 and table 6.12: the line stipple's defaults, the
 * factor clamped to [1, 256], the pattern and repeat in the line group,
 * the enable in the line and enable groups. */
static void
test_line_stipple(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_compat21();

   assert_false(_mesa_IsEnabled(GL_LINE_STIPPLE));
   assert_int_equal(gl_test_get_int(GL_LINE_STIPPLE_PATTERN), 0xffff);
   assert_int_equal(gl_test_get_int(GL_LINE_STIPPLE_REPEAT), 1);
   _mesa_LineStipple(300, 0x0f0f);
   assert_int_equal(gl_test_get_int(GL_LINE_STIPPLE_REPEAT), 256);
   _mesa_LineStipple(-4, 0x00ff);
   assert_int_equal(gl_test_get_int(GL_LINE_STIPPLE_REPEAT), 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_LineStipple(3, 0xaaaa);
   _mesa_PushAttrib(GL_LINE_BIT);
   _mesa_LineStipple(5, 0x1234);
   _mesa_Enable(GL_LINE_STIPPLE);
   assert_true(_mesa_IsEnabled(GL_LINE_STIPPLE));
   _mesa_PopAttrib();
   assert_false(_mesa_IsEnabled(GL_LINE_STIPPLE));
   assert_int_equal(gl_test_get_int(GL_LINE_STIPPLE_PATTERN), 0xaaaa);
   assert_int_equal(gl_test_get_int(GL_LINE_STIPPLE_REPEAT), 3);

   _mesa_PushAttrib(GL_ENABLE_BIT);
   _mesa_Enable(GL_LINE_STIPPLE);
   _mesa_LineStipple(2, 0x0001);
   _mesa_PopAttrib();
   assert_false(_mesa_IsEnabled(GL_LINE_STIPPLE));
   assert_int_equal(gl_test_get_int(GL_LINE_STIPPLE_PATTERN), 0x0001);
   gl_test_destroy(t);
}

/* 16 pushes fit; the 17th overflows and changes nothing; 16 pops, then
 * one underflows.  The client stack counts on its own. */
static void
test_depth_limits(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_compat21();

   assert_int_equal(gl_test_get_int(GL_MAX_ATTRIB_STACK_DEPTH), 16);
   assert_int_equal(gl_test_get_int(GL_MAX_CLIENT_ATTRIB_STACK_DEPTH), 16);
   for (int i = 0; i < 16; i++)
      _mesa_PushAttrib(GL_ALL_ATTRIB_BITS);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_PushAttrib(GL_ALL_ATTRIB_BITS);
   assert_int_equal(_mesa_GetError(), GL_STACK_OVERFLOW);
   assert_int_equal(gl_test_get_int(GL_ATTRIB_STACK_DEPTH), 16);
   assert_int_equal(gl_test_get_int(GL_CLIENT_ATTRIB_STACK_DEPTH), 0);

   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 2);
   _mesa_PushClientAttrib(GL_CLIENT_PIXEL_STORE_BIT);
   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 8);
   _mesa_PixelStorei(GL_UNPACK_SWAP_BYTES, GL_TRUE);
   _mesa_PopClientAttrib();
   assert_int_equal(gl_test_get_int(GL_UNPACK_ALIGNMENT), 2);
   assert_int_equal(gl_test_get_int(GL_UNPACK_SWAP_BYTES), 0);

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
   struct gl_test *t = gl_test_compat21();
   push_attrib_fn push = (push_attrib_fn)st_get_proc_address("glPushAttrib");

   assert_non_null(push);
   _mesa_Begin(GL_TRIANGLES);
   push(GL_CURRENT_BIT);
   _mesa_End();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(gl_test_get_int(GL_ATTRIB_STACK_DEPTH), 0);
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
   /* Line stipple was removed too (appendix E). */
   _mesa_LineStipple(2, 0x00ff);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_Enable(GL_LINE_STIPPLE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* GL_TEXTURE_BIT keeps the texture bindings of every unit (GL 2.1 table
 * 6.20, TEXTURE_BINDING_*): a pop binds them again; a texture deleted
 * while pushed comes back as the default one (0); a texture still on the
 * stack outlives its deletion until the pop, and a context destroyed with
 * a pushed entry lets its references go. */
static void
test_texture_bindings(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_compat21();
   GLuint tex[3];

   _mesa_GenTextures(3, tex);
   _mesa_ActiveTexture(GL_TEXTURE1);
   _mesa_BindTexture(GL_TEXTURE_2D, tex[0]);
   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
   _mesa_ActiveTexture(GL_TEXTURE0);
   _mesa_PushAttrib(GL_TEXTURE_BIT);
   _mesa_ActiveTexture(GL_TEXTURE1);
   _mesa_BindTexture(GL_TEXTURE_2D, tex[2]);
   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP, 0);
   _mesa_DeleteTextures(1, &tex[1]);
   _mesa_PopAttrib();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* the active unit is texture state too: back to 0 */
   assert_int_equal(gl_test_get_int(GL_ACTIVE_TEXTURE), GL_TEXTURE0);
   _mesa_ActiveTexture(GL_TEXTURE1);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BINDING_2D), (GLint)tex[0]);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BINDING_CUBE_MAP), 0);

   /* The binding of a deleted texture on the stack at destruction. */
   _mesa_PushAttrib(GL_TEXTURE_BIT);
   _mesa_BindTexture(GL_TEXTURE_2D, 0);
   _mesa_DeleteTextures(1, &tex[0]);
   assert_int_equal(gl_test_get_int(GL_ATTRIB_STACK_DEPTH), 1);
   gl_test_destroy(t);
}

/* GL_TEXTURE_BIT keeps the bound textures' parameters too (GL 2.1
 * tables 6.21-6.22, attribute "texture"): filters, wraps, border colour,
 * levels, comparison come back at the pop, also for a texture bound on a
 * unit other than the active one; a texture not bound at the push keeps
 * its changes (piglit's push-pop-texture-state asks the same of
 * llvmpipe). */
static void
test_texture_parameters(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_compat21();
   GLuint tex[2];
   GLint v;
   GLfloat border[4];
   static const GLfloat red[4] = {1, 0, 0, 1};

   _mesa_GenTextures(2, tex);
   _mesa_ActiveTexture(GL_TEXTURE2);
   _mesa_BindTexture(GL_TEXTURE_2D, tex[0]);
   _mesa_ActiveTexture(GL_TEXTURE0);
   _mesa_PushAttrib(GL_TEXTURE_BIT);
   _mesa_ActiveTexture(GL_TEXTURE2);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 3);
   _mesa_TexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, red);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE,
                       GL_COMPARE_REF_TO_TEXTURE);
   /* a texture bound after the push: its parameters are its own */
   _mesa_BindTexture(GL_TEXTURE_1D, tex[1]);
   _mesa_TexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   _mesa_PopAttrib();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_ActiveTexture(GL_TEXTURE2);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BINDING_2D), (GLint)tex[0]);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
   assert_int_equal(v, GL_NEAREST_MIPMAP_LINEAR);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, &v);
   assert_int_equal(v, GL_REPEAT);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &v);
   assert_int_equal(v, 1000);
   _mesa_GetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
   assert_true(border[0] == 0.0f && border[3] == 0.0f);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, &v);
   assert_int_equal(v, GL_NONE);
   _mesa_BindTexture(GL_TEXTURE_1D, tex[1]);
   _mesa_GetTexParameteriv(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, &v);
   assert_int_equal(v, GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* GL_CLIENT_VERTEX_ARRAY_BIT keeps the vertex arrays (GL 2.1 tables
 * 6.8-6.9): enables, sizes, types, strides, pointers, the buffer of an
 * array and GL_ARRAY_BUFFER_BINDING come back at the pop; a buffer on
 * the stack lives on until the context goes. */
static void
test_client_arrays(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_compat21();
   static const GLfloat colours[16], other[16];
   GLuint buf = 0;
   void *ptr = NULL;

   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf);
   _mesa_BufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   _mesa_VertexPointer(2, GL_FLOAT, 0, (const void *)(uintptr_t)16);
   _mesa_EnableClientState(GL_VERTEX_ARRAY);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, 0);
   _mesa_ColorPointer(4, GL_FLOAT, 0, colours);
   _mesa_PushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   _mesa_DisableClientState(GL_VERTEX_ARRAY);
   _mesa_VertexPointer(3, GL_SHORT, 8, other);
   _mesa_ColorPointer(3, GL_FLOAT, 0, other);
   _mesa_EnableClientState(GL_COLOR_ARRAY);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf);
   _mesa_PopClientAttrib();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(_mesa_IsEnabled(GL_VERTEX_ARRAY));
   assert_false(_mesa_IsEnabled(GL_COLOR_ARRAY));
   assert_int_equal(gl_test_get_int(GL_VERTEX_ARRAY_SIZE), 2);
   assert_int_equal(gl_test_get_int(GL_VERTEX_ARRAY_TYPE), GL_FLOAT);
   assert_int_equal(gl_test_get_int(GL_VERTEX_ARRAY_STRIDE), 0);
   assert_int_equal(gl_test_get_int(GL_VERTEX_ARRAY_BUFFER_BINDING),
                    (GLint)buf);
   assert_int_equal(gl_test_get_int(GL_ARRAY_BUFFER_BINDING), 0);
   assert_int_equal(gl_test_get_int(GL_COLOR_ARRAY_SIZE), 4);
   _mesa_GetPointerv(GL_COLOR_ARRAY_POINTER, &ptr);
   assert_ptr_equal(ptr, colours);

   /* pushed with the buffer, which is deleted while on the stack */
   _mesa_PushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   _mesa_DeleteBuffers(1, &buf);
   assert_int_equal(gl_test_get_int(GL_CLIENT_ATTRIB_STACK_DEPTH), 1);
   gl_test_destroy(t);
}

/* With vertex array objects (GL 4.6 compatibility table 23.3:
 * VERTEX_ARRAY_BINDING is vertex-array state): the pop binds the object
 * bound at the push again and its arrays come back there, not into the
 * object bound at the pop; an object deleted while pushed is not made
 * again (ARB_vertex_array_object), the binding stays. */
static void
test_client_arrays_vao(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_compat21();
   GLuint vao[2], buf;
   void *ptr = NULL;

   /* (non-default objects take buffer arrays, not client memory) */
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf);
   _mesa_BufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   _mesa_GenVertexArrays(2, vao);
   _mesa_BindVertexArray(vao[0]);
   _mesa_ColorPointer(4, GL_FLOAT, 0, (const void *)(uintptr_t)16);
   _mesa_PushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   _mesa_ColorPointer(3, GL_FLOAT, 0, (const void *)(uintptr_t)32);
   _mesa_BindVertexArray(vao[1]);
   _mesa_ColorPointer(3, GL_FLOAT, 0, (const void *)(uintptr_t)8);
   _mesa_PopClientAttrib();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(gl_test_get_int(GL_VERTEX_ARRAY_BINDING), (GLint)vao[0]);
   assert_int_equal(gl_test_get_int(GL_COLOR_ARRAY_SIZE), 4);
   _mesa_GetPointerv(GL_COLOR_ARRAY_POINTER, &ptr);
   assert_ptr_equal(ptr, (void *)(uintptr_t)16);
   _mesa_BindVertexArray(vao[1]);
   _mesa_GetPointerv(GL_COLOR_ARRAY_POINTER, &ptr);
   assert_ptr_equal(ptr, (void *)(uintptr_t)8); /* untouched */

   _mesa_BindVertexArray(vao[0]);
   _mesa_PushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   _mesa_BindVertexArray(vao[1]);
   _mesa_DeleteVertexArrays(1, &vao[0]);
   _mesa_PopClientAttrib();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(gl_test_get_int(GL_VERTEX_ARRAY_BINDING), (GLint)vao[1]);
   _mesa_GetPointerv(GL_COLOR_ARRAY_POINTER, &ptr);
   assert_ptr_equal(ptr, (void *)(uintptr_t)8);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_groups),
      cmocka_unit_test(test_eval_group),
      cmocka_unit_test(test_line_stipple),
      cmocka_unit_test(test_depth_limits),
      cmocka_unit_test(test_inside_begin_end),
      cmocka_unit_test(test_core),
      cmocka_unit_test(test_texture_bindings),
      cmocka_unit_test(test_texture_parameters),
      cmocka_unit_test(test_client_arrays),
      cmocka_unit_test(test_client_arrays_vao),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
