/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The generated many-typed entry points of compatibility contexts
 * (gl_ff_entry_gen.py) on the noop driver: every spelling of glColor,
 * glNormal, glTexCoord, glRasterPos, glWindowPos, glLight ... converts
 * its arguments as the specification says, and the extension names of
 * the core features they belong to are advertised where they exist.
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

static void
assert_vec4(const GLfloat *got, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   const GLfloat want[4] = {x, y, z, w};
   for (unsigned c = 0; c < 4; c++)
      assert_float_equal(got[c], want[c], 1e-6);
}

/* GL 4.6 compatibility section 2.3.5.1: unsigned c / (2^b - 1), signed
 * max(c / (2^(b-1) - 1), -1); the secondary colour's alpha is 1 and
 * missing components take (0, 0, 0, 1) (GL 2.1 section 2.7). */
static void
test_color_normalisation(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat v[4];

   _mesa_Color4b(127, -128, 0, -127);
   _mesa_GetFloatv(GL_CURRENT_COLOR, v);
   assert_vec4(v, 1.0f, -1.0f, 0.0f, -1.0f);
   _mesa_Color3us(65535, 0, 13107);
   _mesa_GetFloatv(GL_CURRENT_COLOR, v);
   assert_vec4(v, 1.0f, 0.0f, 0.2f, 1.0f);
   const GLuint ui[3] = {0, 4294967295u, 0};
   _mesa_Color3uiv(ui);
   _mesa_GetFloatv(GL_CURRENT_COLOR, v);
   assert_vec4(v, 0.0f, 1.0f, 0.0f, 1.0f);
   _mesa_SecondaryColor3s(32767, -32768, 0);
   _mesa_GetFloatv(GL_CURRENT_SECONDARY_COLOR, v);
   assert_vec4(v, 1.0f, -1.0f, 0.0f, 1.0f);
   _mesa_Normal3i(0, 2147483647, 0);
   _mesa_GetFloatv(GL_CURRENT_NORMAL, v);
   assert_float_equal(v[1], 1.0f, 1e-6);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Texture coordinates and positions are not normalised (GL 2.1 2.7). */
static void
test_coords(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat v[4];

   _mesa_TexCoord2s(3, -4);
   _mesa_GetFloatv(GL_CURRENT_TEXTURE_COORDS, v);
   assert_vec4(v, 3.0f, -4.0f, 0.0f, 1.0f);
   const GLint st[3] = {5, 6, 7};
   _mesa_MultiTexCoord3iv(GL_TEXTURE1, st);
   _mesa_ActiveTexture(GL_TEXTURE1);
   _mesa_GetFloatv(GL_CURRENT_TEXTURE_COORDS, v);
   assert_vec4(v, 5.0f, 6.0f, 7.0f, 1.0f);
   _mesa_MultiTexCoord1d(GL_TEXTURE0 + 100, 1.0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   /* GL 2.1 section 2.13: glWindowPos takes window coordinates as they
    * are, z mapped to the depth range. */
   const GLshort xy[2] = {3, 5};
   _mesa_WindowPos2sv(xy);
   _mesa_GetFloatv(GL_CURRENT_RASTER_POSITION, v);
   assert_vec4(v, 3.0f, 5.0f, 0.0f, 1.0f);
   _mesa_WindowPos3d(1.0, 2.0, 4.0);
   _mesa_GetFloatv(GL_CURRENT_RASTER_POSITION, v);
   assert_vec4(v, 1.0f, 2.0f, 1.0f, 1.0f);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* GL 2.1 sections 2.14.2 and 6.1.2: integer colours of glLightiv map
 * the integer range to [-1, 1]; integer queries of other state round to
 * the nearest integer. */
static void
test_param_conversion(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat f[4];
   GLint i[4];

   const GLint diffuse[4] = {2147483647, 0, -2147483647, 0};
   _mesa_Lightiv(GL_LIGHT1, GL_DIFFUSE, diffuse);
   _mesa_GetLightfv(GL_LIGHT1, GL_DIFFUSE, f);
   assert_vec4(f, 1.0f, 0.0f, -1.0f, 0.0f);
   _mesa_GetLightiv(GL_LIGHT1, GL_DIFFUSE, i);
   assert_int_equal(i[0], 2147483647);
   _mesa_Lightf(GL_LIGHT1, GL_SPOT_EXPONENT, 2.6f);
   _mesa_GetLightiv(GL_LIGHT1, GL_SPOT_EXPONENT, i);
   assert_int_equal(i[0], 3);
   /* A light colour may exceed 1; its integer form saturates. */
   const GLfloat bright[4] = {4.0f, 0.5f, 0.0f, 1.0f};
   _mesa_Lightfv(GL_LIGHT1, GL_SPECULAR, bright);
   _mesa_GetLightiv(GL_LIGHT1, GL_SPECULAR, i);
   assert_int_equal(i[0], 2147483647);

   const GLdouble plane[4] = {0.6, -1.6, 2.0, 0.0};
   _mesa_TexGendv(GL_S, GL_OBJECT_PLANE, plane);
   _mesa_GetTexGeniv(GL_S, GL_OBJECT_PLANE, i);
   assert_int_equal(i[0], 1);
   assert_int_equal(i[1], -2);
   _mesa_TexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
   _mesa_GetTexGeniv(GL_T, GL_TEXTURE_GEN_MODE, i);
   assert_int_equal(i[0], GL_SPHERE_MAP);

   _mesa_Fogi(GL_FOG_MODE, GL_LINEAR);
   _mesa_GetIntegerv(GL_FOG_MODE, i);
   assert_int_equal(i[0], GL_LINEAR);
   _mesa_LightModeli(GL_LIGHT_MODEL_TWO_SIDE, 1);
   _mesa_GetIntegerv(GL_LIGHT_MODEL_TWO_SIDE, i);
   assert_int_equal(i[0], 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* GL 2.1 table 6.8: the clip plane enables are glGet state too. */
   GLboolean b = GL_TRUE;
   _mesa_GetBooleanv(GL_CLIP_PLANE3, &b);
   assert_false(b);
   _mesa_Enable(GL_CLIP_PLANE3);
   _mesa_GetBooleanv(GL_CLIP_PLANE3, &b);
   assert_true(b);
   _mesa_GetBooleanv(GL_CLIP_PLANE0 + 8, &b);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   /* The scalar forms take one-value parameters only. */
   _mesa_Lighti(GL_LIGHT0, GL_POSITION, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* ARB_window_pos names compatibility commands: advertised there only;
 * the core features' extension names in both profiles, with their
 * suffixed entry points. */
static void
test_extensions(void **state)
{
   struct gl_test *t =
      gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   assert_true(gl_test_has_extension("GL_ARB_window_pos"));
   assert_true(gl_test_has_extension("GL_ARB_vertex_buffer_object"));
   assert_true(gl_test_has_extension("GL_EXT_framebuffer_object"));
   assert_non_null(st_get_proc_address("glWindowPos2fARB"));
   assert_non_null(st_get_proc_address("glBindFramebufferEXT"));
   assert_non_null(st_get_proc_address("glBindRenderbufferEXT"));
   assert_non_null(st_get_proc_address("glColor4usv"));
   gl_test_destroy(t);

   t = gl_test_create_profile(ST_PROFILE_OPENGL_CORE, 3, 0, 8, 8);
   assert_non_null(t);
   assert_false(gl_test_has_extension("GL_ARB_window_pos"));
   assert_true(gl_test_has_extension("GL_ARB_vertex_buffer_object"));
   gl_test_destroy(t);
}

typedef void (*clear_color_fn)(GLfloat, GLfloat, GLfloat, GLfloat);
typedef void (*enum_fn)(GLenum);
typedef void (*lightf_fn)(GLenum, GLenum, GLfloat);
typedef void (*get_integerv_fn)(GLenum, GLint *);
typedef void (*rectf_fn)(GLfloat, GLfloat, GLfloat, GLfloat);

/* GL 2.1 section 5.4: in GL_COMPILE mode the commands of the dispatch
 * layer (gl_dispatch.py) are stored, not executed, and run when the list
 * is called; section 2.6.3: between glBegin and glEnd they are
 * INVALID_OPERATION, also when a list runs them there. */
static void
test_dispatch_layer(void **state)
{
   struct gl_test *t = gl_test_compat21();
   clear_color_fn clear_color =
      (clear_color_fn)st_get_proc_address("glClearColor");
   enum_fn depth_func = (enum_fn)st_get_proc_address("glDepthFunc");
   lightf_fn lightf = (lightf_fn)st_get_proc_address("glLightf");
   get_integerv_fn get_integerv =
      (get_integerv_fn)st_get_proc_address("glGetIntegerv");
   rectf_fn rectf = (rectf_fn)st_get_proc_address("glRectf");
   GLfloat f[4];
   GLint i = 0;

   _mesa_NewList(1, GL_COMPILE);
   clear_color(0.5f, 0.25f, 1.0f, 0.0f);
   depth_func(GL_GREATER);
   lightf(GL_LIGHT2, GL_SPOT_EXPONENT, 7.0f);
   _mesa_EndList();
   _mesa_GetFloatv(GL_COLOR_CLEAR_VALUE, f);
   assert_vec4(f, 0.0f, 0.0f, 0.0f, 0.0f);
   _mesa_GetIntegerv(GL_DEPTH_FUNC, &i);
   assert_int_equal(i, GL_LESS);
   _mesa_GetLightfv(GL_LIGHT2, GL_SPOT_EXPONENT, f);
   assert_float_equal(f[0], 0.0f, 0.0);
   _mesa_CallList(1);
   _mesa_GetFloatv(GL_COLOR_CLEAR_VALUE, f);
   assert_vec4(f, 0.5f, 0.25f, 1.0f, 0.0f);
   _mesa_GetIntegerv(GL_DEPTH_FUNC, &i);
   assert_int_equal(i, GL_GREATER);
   _mesa_GetLightfv(GL_LIGHT2, GL_SPOT_EXPONENT, f);
   assert_float_equal(f[0], 7.0f, 0.0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* Queries and state commands between glBegin and glEnd. */
   _mesa_Begin(GL_POINTS);
   get_integerv(GL_DEPTH_FUNC, &i);
   _mesa_End();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_Begin(GL_POINTS);
   _mesa_CallList(1);
   _mesa_End();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* glRect compiles as one command: within glBegin/glEnd in
    * GL_COMPILE_AND_EXECUTE it fails now and again when called. */
   _mesa_NewList(2, GL_COMPILE_AND_EXECUTE);
   _mesa_Begin(GL_POINTS);
   rectf(0, 0, 1, 1);
   _mesa_End();
   _mesa_EndList();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_CallList(2);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* GL 2.1 section 5.2: a hit record per name stack change with a hit:
 * the name count, the window z range times 2^32 - 1, the names; the
 * primitive outside the view volume is no hit; glRenderMode returns the
 * hit count, -1 when the buffer overflowed. */
static void
test_selection(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLuint buf[8];
   GLint i = 0;

   _mesa_RenderMode(GL_SELECT);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   memset(buf, 0xab, sizeof(buf));
   _mesa_SelectBuffer(8, buf);
   assert_int_equal(_mesa_RenderMode(GL_SELECT), 0);
   _mesa_GetIntegerv(GL_RENDER_MODE, &i);
   assert_int_equal(i, GL_SELECT);
   _mesa_InitNames();
   _mesa_PushName(7);
   /* z 0 and -0.5 in NDC: window z 0.5 and 0.25 (depth range 0..1). */
   _mesa_Begin(GL_TRIANGLES);
   _mesa_Vertex3f(-0.5f, -0.5f, 0.0f);
   _mesa_Vertex3f(0.5f, -0.5f, -0.5f);
   _mesa_Vertex3f(0.0f, 0.5f, 0.0f);
   _mesa_End();
   _mesa_PushName(8);
   _mesa_Begin(GL_TRIANGLES); /* outside: x > 1 */
   _mesa_Vertex2f(2.0f, 0.0f);
   _mesa_Vertex2f(3.0f, 0.0f);
   _mesa_Vertex2f(2.5f, 1.0f);
   _mesa_End();
   _mesa_GetIntegerv(GL_NAME_STACK_DEPTH, &i);
   assert_int_equal(i, 2);
   assert_int_equal(_mesa_RenderMode(GL_RENDER), 1);
   assert_int_equal(buf[0], 1);
   assert_int_equal(buf[1], 1073741824u);
   assert_int_equal(buf[2], 2147483648u);
   assert_int_equal(buf[3], 7);
   assert_int_equal(buf[4], 0xabababab);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* Outside GL_SELECT the name stack commands are ignored. */
   _mesa_PopName();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_SelectBuffer(2, buf);
   _mesa_RenderMode(GL_SELECT);
   _mesa_PopName();
   assert_int_equal(_mesa_GetError(), GL_STACK_UNDERFLOW);
   _mesa_PushName(1);
   _mesa_Rectf(-1, -1, 1, 1);
   assert_int_equal(_mesa_RenderMode(GL_RENDER), -1); /* 4 words, room 2 */
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_color_normalisation),
      cmocka_unit_test(test_coords),
      cmocka_unit_test(test_param_conversion),
      cmocka_unit_test(test_extensions),
      cmocka_unit_test(test_dispatch_layer),
      cmocka_unit_test(test_selection),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
