/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The fixed-function state of compatibility contexts on the noop driver:
 * initial values, errors and queries of glTexEnv, glFog, glAlphaFunc,
 * glLight, glLightModel, glMaterial, glTexGen, the texture matrix stack,
 * glBegin/glEnd and display lists, from the GL 2.1 specification
 * (sections named at each test); and draws without a program, which must
 * make the generated programs link.
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

/* Section 3.13 and table 6.20: MODULATE and a black colour at first; a
 * bad mode or pname is INVALID_ENUM, a bad scale INVALID_VALUE. */
static void
test_tex_env(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLint mode = 0;
   GLfloat c[4] = {1, 1, 1, 1}, want[4] = {0.25f, 0.5f, 1.0f, 0.0f};

   _mesa_GetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &mode);
   assert_int_equal(mode, GL_MODULATE);
   _mesa_GetTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, c);
   assert_true(c[0] == 0 && c[1] == 0 && c[2] == 0 && c[3] == 0);
   _mesa_TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_DECAL);
   _mesa_GetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &mode);
   assert_int_equal(mode, GL_DECAL);
   /* The colour is clamped to [0, 1]. */
   GLfloat set[4] = {0.25f, 0.5f, 2.0f, -1.0f};
   _mesa_TexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, set);
   _mesa_GetTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, c);
   assert_memory_equal(c, want, sizeof(want));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_LINEAR);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexEnvi(GL_TEXTURE_2D, GL_TEXTURE_ENV_MODE, GL_DECAL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 3.0f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, GL_DOT3_RGB);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_DOT3_RGB);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   /* Not in forward-compatible contexts (appendix E). */
   t = gl_test_create_profile(ST_PROFILE_OPENGL_CORE, 3, 0, 8, 8);
   assert_non_null(t);
   _mesa_TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_DECAL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* Sections 3.10 and 4.1.4, tables 6.19 and 6.21. */
static void
test_fog_alpha(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLint v = 0;
   GLfloat f = 0;

   _mesa_GetIntegerv(GL_FOG_MODE, &v);
   assert_int_equal(v, GL_EXP);
   _mesa_GetFloatv(GL_FOG_DENSITY, &f);
   assert_true(f == 1.0f);
   _mesa_Fogf(GL_FOG_DENSITY, -0.5f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_Fogi(GL_FOG_MODE, GL_LINEAR);
   _mesa_Fogf(GL_FOG_END, 5.0f);
   _mesa_GetIntegerv(GL_FOG_MODE, &v);
   assert_int_equal(v, GL_LINEAR);
   _mesa_GetFloatv(GL_FOG_END, &f);
   assert_true(f == 5.0f);
   _mesa_Fogi(GL_FOG_MODE, GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   assert_false(_mesa_IsEnabled(GL_FOG));
   _mesa_Enable(GL_FOG);
   assert_true(_mesa_IsEnabled(GL_FOG));

   _mesa_GetIntegerv(GL_ALPHA_TEST_FUNC, &v);
   assert_int_equal(v, GL_ALWAYS);
   _mesa_AlphaFunc(GL_GREATER, 1.5f); /* the reference is clamped */
   _mesa_GetFloatv(GL_ALPHA_TEST_REF, &f);
   assert_true(f == 1.0f);
   _mesa_AlphaFunc(GL_ADD, 0.5f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Section 2.14.2, table 2.10: light 0 white, others black; POSITION is
 * transformed by the modelview matrix; cutoff 0..90 or 180. */
static void
test_lights(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat v[4];

   _mesa_GetLightfv(GL_LIGHT0, GL_DIFFUSE, v);
   assert_true(v[0] == 1 && v[1] == 1 && v[2] == 1 && v[3] == 1);
   _mesa_GetLightfv(GL_LIGHT1, GL_DIFFUSE, v);
   assert_true(v[0] == 0 && v[3] == 1);
   _mesa_Translatef(1.0f, 2.0f, 3.0f);
   GLfloat pos[4] = {1, 1, 1, 1};
   _mesa_Lightfv(GL_LIGHT2, GL_POSITION, pos);
   _mesa_GetLightfv(GL_LIGHT2, GL_POSITION, v);
   assert_true(v[0] == 2 && v[1] == 3 && v[2] == 4 && v[3] == 1);
   _mesa_Lightf(GL_LIGHT0, GL_SPOT_CUTOFF, 95.0f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_Lightf(GL_LIGHT0, GL_DIFFUSE, 1.0f); /* a vector parameter */
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_Lightf(GL_LIGHT0 + 8, GL_SPOT_EXPONENT, 1.0f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   GLint max = 0;
   _mesa_GetIntegerv(GL_MAX_LIGHTS, &max);
   assert_true(max >= 8);
   _mesa_Enable(GL_LIGHT3);
   assert_true(_mesa_IsEnabled(GL_LIGHT3));

   /* Table 6.12: material ambient 0.2, diffuse 0.8; shininess 0..128. */
   _mesa_GetMaterialfv(GL_BACK, GL_AMBIENT, v);
   assert_true(v[0] == 0.2f && v[3] == 1.0f);
   _mesa_Materialf(GL_FRONT, GL_SHININESS, 200.0f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_GetMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   /* Section 2.14.3: colour material tracks the current colour. */
   _mesa_ColorMaterial(GL_FRONT, GL_EMISSION);
   _mesa_Enable(GL_COLOR_MATERIAL);
   _mesa_Color4f(0.5f, 0.25f, 0.0f, 1.0f);
   _mesa_GetMaterialfv(GL_FRONT, GL_EMISSION, v);
   assert_true(v[0] == 0.5f && v[1] == 0.25f);
   _mesa_GetMaterialfv(GL_BACK, GL_EMISSION, v);
   assert_true(v[0] == 0.0f);
   gl_test_destroy(t);
}

/* Section 2.12.3: EYE_LINEAR at first, SPHERE_MAP not for r and q. */
static void
test_tex_gen(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLint mode = 0;
   GLfloat p[4];

   _mesa_GetTexGeniv(GL_R, GL_TEXTURE_GEN_MODE, &mode);
   assert_int_equal(mode, GL_EYE_LINEAR);
   _mesa_GetTexGenfv(GL_T, GL_OBJECT_PLANE, p);
   assert_true(p[0] == 0 && p[1] == 1 && p[2] == 0 && p[3] == 0);
   _mesa_TexGeni(GL_R, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexGenf(GL_S, GL_EYE_PLANE, 1.0f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   /* The eye plane is stored times the inverse modelview matrix. */
   _mesa_Scalef(2.0f, 2.0f, 2.0f);
   GLfloat plane[4] = {1, 0, 0, 0};
   _mesa_TexGenfv(GL_S, GL_EYE_PLANE, plane);
   _mesa_GetTexGenfv(GL_S, GL_EYE_PLANE, p);
   assert_true(p[0] == 0.5f && p[1] == 0 && p[3] == 0);
   _mesa_Enable(GL_TEXTURE_GEN_S);
   assert_true(_mesa_IsEnabled(GL_TEXTURE_GEN_S));
   gl_test_destroy(t);
}

/* Section 2.11.2: a texture matrix stack per unit. */
static void
test_texture_matrix(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat m[16];
   GLint depth = 0;

   _mesa_MatrixMode(GL_TEXTURE);
   _mesa_Translatef(0.5f, 0.0f, 0.0f);
   _mesa_GetFloatv(GL_TEXTURE_MATRIX, m);
   assert_true(m[12] == 0.5f && m[0] == 1.0f);
   _mesa_PushMatrix();
   _mesa_GetIntegerv(GL_TEXTURE_STACK_DEPTH, &depth);
   assert_int_equal(depth, 2);
   _mesa_ActiveTexture(GL_TEXTURE1);
   _mesa_GetFloatv(GL_TEXTURE_MATRIX, m);
   assert_true(m[12] == 0.0f);
   _mesa_PopMatrix();
   assert_int_equal(_mesa_GetError(), GL_STACK_UNDERFLOW);
   _mesa_GetIntegerv(GL_MATRIX_MODE, &depth);
   assert_int_equal(depth, GL_TEXTURE);
   gl_test_destroy(t);
}

/* Section 2.6.3: only some commands between glBegin and glEnd; then a
 * draw through the generated programs. */
static void
test_begin_end(void **state)
{
   struct gl_test *t = gl_test_compat21();

   _mesa_End();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_Begin(GL_POLYGON + 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_Begin(GL_TRIANGLES);
   _mesa_Color3f(1, 0, 0);
   _mesa_Vertex2f(-1, -1);
   _mesa_Vertex2f(1, -1);
   _mesa_Enable(GL_BLEND);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR); /* 0 inside */
   _mesa_Vertex2f(0, 1);
   _mesa_End();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_false(_mesa_IsEnabled(GL_BLEND));

   /* Lighting, fog, texturing and texgen at once must link. */
   _mesa_Enable(GL_LIGHTING);
   _mesa_Enable(GL_LIGHT0);
   _mesa_Enable(GL_FOG);
   _mesa_Enable(GL_TEXTURE_GEN_S);
   _mesa_Enable(GL_ALPHA_TEST);
   _mesa_AlphaFunc(GL_LESS, 0.5f);
   _mesa_TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE);
   _mesa_Rectf(-1, -1, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_non_null(t->ctx->ff_exec);
   gl_test_destroy(t);
}

/* Section 5.4: names, modes and errors of display lists. */
/* Section 2.13 and table 6.5: the raster position starts at (0, 0, 0, 1)
 * and valid; glRasterPos transforms like a vertex (here an orthographic
 * projection onto the 8x8 viewport, depth range [0, 1]: z 0 -> 0.5) and
 * takes the current colour; outside the clip volume it only becomes
 * invalid; glWindowPos sets window coordinates as given.  Instanced draws
 * are INVALID_OPERATION while a list is compiled (ARB_draw_instanced). */
static void
test_raster_pos(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat p[4];
   GLboolean valid = GL_FALSE;

   _mesa_GetFloatv(GL_CURRENT_RASTER_POSITION, p);
   assert_true(p[0] == 0 && p[1] == 0 && p[2] == 0 && p[3] == 1);
   _mesa_GetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   assert_true(valid);

   _mesa_MatrixMode(GL_PROJECTION);
   _mesa_Ortho(0, 8, 0, 8, -1, 1);
   _mesa_Color4f(0.25f, 0.5f, 0.75f, 1.0f);
   _mesa_RasterPos2f(2, 3);
   _mesa_GetFloatv(GL_CURRENT_RASTER_POSITION, p);
   assert_true(p[0] == 2 && p[1] == 3 && p[2] == 0.5f && p[3] == 1);
   _mesa_GetFloatv(GL_CURRENT_RASTER_COLOR, p);
   assert_true(p[0] == 0.25f && p[1] == 0.5f && p[2] == 0.75f);

   _mesa_RasterPos2f(9, 3);
   _mesa_GetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   assert_false(valid);
   _mesa_GetFloatv(GL_CURRENT_RASTER_POSITION, p);
   assert_true(p[0] == 2 && p[1] == 3);

   _mesa_WindowPos2f(5, 6);
   _mesa_GetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   assert_true(valid);
   _mesa_GetFloatv(GL_CURRENT_RASTER_POSITION, p);
   assert_true(p[0] == 5 && p[1] == 6 && p[2] == 0 && p[3] == 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* Section 2.13: texture coordinates of every unit, read back of the
    * active one; none past the coordinate units (INVALID_OPERATION). */
   _mesa_MultiTexCoord4f(GL_TEXTURE0, 0.125f, 0.25f, 0.375f, 0.5f);
   _mesa_MultiTexCoord4f(GL_TEXTURE3, 0.5f, 0.625f, 0.75f, 0.875f);
   _mesa_RasterPos2f(1, 1);
   _mesa_MultiTexCoord4f(GL_TEXTURE3, 0, 0, 0, 1);
   _mesa_ActiveTexture(GL_TEXTURE3);
   _mesa_GetFloatv(GL_CURRENT_RASTER_TEXTURE_COORDS, p);
   assert_true(p[0] == 0.5f && p[1] == 0.625f && p[2] == 0.75f &&
               p[3] == 0.875f);
   _mesa_ActiveTexture(GL_TEXTURE0);
   _mesa_GetFloatv(GL_CURRENT_RASTER_TEXTURE_COORDS, p);
   assert_true(p[0] == 0.125f && p[3] == 0.5f);
   _mesa_ActiveTexture(GL_TEXTURE8);
   _mesa_GetFloatv(GL_CURRENT_RASTER_TEXTURE_COORDS, p);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_ActiveTexture(GL_TEXTURE0);

   _mesa_Begin(GL_POINTS);
   _mesa_RasterPos2f(1, 1);
   _mesa_End();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   GLuint list = _mesa_GenLists(1);
   _mesa_NewList(list, GL_COMPILE_AND_EXECUTE);
   _mesa_DrawArraysInstanced(GL_TRIANGLES, 0, 3, 2);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_EndList();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
   (void)state;
}

static void
test_display_lists(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLint v = -1;

   GLuint base = _mesa_GenLists(3);
   assert_true(base != 0);
   /* GenLists makes empty lists of those names. */
   assert_true(_mesa_IsList(base + 2));
   _mesa_NewList(0, GL_COMPILE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_NewList(base, GL_RENDER);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_EndList();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   _mesa_NewList(base, GL_COMPILE);
   _mesa_NewList(base + 1, GL_COMPILE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetIntegerv(GL_LIST_INDEX, &v);
   assert_int_equal(v, (GLint)base);
   /* Compiled, not executed. */
   _mesa_Color4f(0.5f, 0.5f, 0.5f, 0.5f);
   _mesa_EndList();
   GLfloat c[4];
   _mesa_GetFloatv(GL_CURRENT_COLOR, c);
   assert_true(c[0] == 1.0f);
   assert_true(_mesa_IsList(base));
   _mesa_CallList(base);
   _mesa_GetFloatv(GL_CURRENT_COLOR, c);
   assert_true(c[0] == 0.5f);

   /* GL_COMPILE_AND_EXECUTE runs as it compiles. */
   _mesa_NewList(base + 1, GL_COMPILE_AND_EXECUTE);
   _mesa_Color4f(0.25f, 0.25f, 0.25f, 0.25f);
   _mesa_EndList();
   _mesa_GetFloatv(GL_CURRENT_COLOR, c);
   assert_true(c[0] == 0.25f);

   /* glCallLists adds the base. */
   GLubyte lists[1] = {0};
   _mesa_ListBase(base);
   _mesa_CallLists(1, GL_UNSIGNED_BYTE, lists);
   _mesa_GetFloatv(GL_CURRENT_COLOR, c);
   assert_true(c[0] == 0.5f);
   _mesa_CallLists(1, GL_DOUBLE, lists);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_DeleteLists(base, 3);
   assert_false(_mesa_IsList(base));
   _mesa_DeleteLists(base, -1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tex_env),
      cmocka_unit_test(test_fog_alpha),
      cmocka_unit_test(test_lights),
      cmocka_unit_test(test_tex_gen),
      cmocka_unit_test(test_texture_matrix),
      cmocka_unit_test(test_begin_end),
      cmocka_unit_test(test_display_lists),
      cmocka_unit_test(test_raster_pos),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
