/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Desktop OpenGL 3.0 contexts on the noop driver: the versions a request
 * gets, the forward-compatible rules of GL 3.0 appendix E, and the GL 3.0
 * commands ES lacks (indexed blend state, glClampColor, conditional
 * rendering, glBindFragDataLocation, the integer attribute and texture
 * parameter forms).  Expected values come from the GL 3.0 specification
 * (2008-08-11), sections named at each test.
 */
#include <stdlib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "noop_public.h"
#include "pipe/p_screen.h"

static struct gl_test *
desktop30(void)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   return t;
}

/* Since wave 17: EXT_packed_float and ARB_ES2_compatibility are listed.
 * ARB_ES2_compatibility's GL_FIXED arrays (GL 4.1 table 2.5: a type of
 * glVertexAttribPointer, not of glVertexAttribIPointer); GL 3.0 section
 * 3.7.2 (EXT_packed_float): UNSIGNED_INT_10F_11F_11F_REV with a format
 * other than RGB is INVALID_OPERATION, in uploads and readbacks alike
 * (llvmpipe answers so to getteximage-invalid-format-for-packed-type). */
static void
test_es2_compat_packed_float(void **state)
{
   struct gl_test *t = desktop30();
   static const GLint fixed[4] = {65536, 0, 0, 65536};
   GLuint tex = 0;
   GLuint px[4] = {0};

   assert_true(gl_test_has_extension("GL_EXT_packed_float"));
   assert_true(gl_test_has_extension("GL_ARB_ES2_compatibility"));
   _mesa_VertexAttribPointer(0, 4, GL_FIXED, GL_FALSE, 0, fixed);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_VertexAttribIPointer(0, 4, GL_FIXED, 0, fixed);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_R11F_G11F_B10F, 1, 1, 0, GL_RGB,
                    GL_UNSIGNED_INT_10F_11F_11F_REV, px);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_RGBA,
                     GL_UNSIGNED_INT_10F_11F_11F_REV, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_LUMINANCE,
                     GL_UNSIGNED_INT_10F_11F_11F_REV, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16F, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_INT_10F_11F_11F_REV, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DeleteTextures(1, &tex);
   gl_test_destroy(t);
   (void)state;
}

/* Section 6.1.5 and EGL_KHR_create_context: a compatibility request up to
 * 3.0 gets 3.0 with GLSL 1.30; nothing above 3.0 exists (no buffer
 * textures for 3.1, no geometry shaders for 3.2). */
static void
test_versions(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   GLint v = -1;

   assert_non_null(t);
   assert_memory_equal(_mesa_GetString(GL_VERSION), "3.0 ", 4);
   assert_string_equal((const char *)_mesa_GetString(
                          GL_SHADING_LANGUAGE_VERSION),
                       "1.30");
   _mesa_GetIntegerv(GL_MAJOR_VERSION, &v);
   assert_int_equal(v, 3);
   _mesa_GetIntegerv(GL_MINOR_VERSION, &v);
   assert_int_equal(v, 0);
   _mesa_GetIntegerv(GL_CONTEXT_FLAGS, &v);
   assert_int_equal(v, 0);
   /* Section 2.6.1: quads, quad strips and polygons draw here. */
   static const float quad[8] = {-1, -1, 1, -1, 1, 1, -1, 1};
   _mesa_VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   _mesa_EnableVertexAttribArray(0);
   _mesa_DrawArrays(GL_QUADS, 0, 4);
   _mesa_DrawArrays(GL_QUAD_STRIP, 0, 4);
   _mesa_DrawArrays(GL_POLYGON, 0, 4);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DrawArrays(GL_POLYGON + 1, 0, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_Enable(GL_VERTEX_PROGRAM_TWO_SIDE);
   assert_true(_mesa_IsEnabled(GL_VERTEX_PROGRAM_TWO_SIDE));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* CONTEXT_PROFILE_MASK is GL 3.2 state. */
   _mesa_GetIntegerv(GL_CONTEXT_PROFILE_MASK, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   struct st_context_attribs a31 = {
      .profile = ST_PROFILE_DEFAULT, .major = 3, .minor = 1};
   struct st_context_attribs core32 = {
      .profile = ST_PROFILE_OPENGL_CORE, .major = 3, .minor = 2};
   enum st_context_error err;
   assert_null(st_context_create(t->screen, &a31, NULL, &err));
   assert_int_equal(err, ST_CONTEXT_ERROR_BAD_VERSION);
   assert_null(st_context_create(t->screen, &core32, NULL, &err));
   assert_int_equal(err, ST_CONTEXT_ERROR_BAD_VERSION);
   gl_test_destroy(t);
}

/* Appendix E: a forward-compatible context (the core API, as EGL makes
 * it) has no default vertex array object and no client arrays, and the
 * deprecated clamps are INVALID_ENUM. */
static void
test_forward_compatible(void **state)
{
   struct gl_test *t =
      gl_test_create_profile(ST_PROFILE_OPENGL_CORE, 3, 0, 8, 8);
   GLint v = 0;
   GLuint vao, buf;

   assert_non_null(t);
   assert_memory_equal(_mesa_GetString(GL_VERSION), "3.0 ", 4);
   _mesa_GetIntegerv(GL_CONTEXT_FLAGS, &v);
   assert_int_equal(v, GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT);

   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   _mesa_GenVertexArrays(1, &vao);
   _mesa_BindVertexArray(vao);
   static const float client[4];
   _mesa_VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, client);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf);
   _mesa_BufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   _mesa_VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* So is two-sided colour (section 2.19.1). */
   _mesa_Enable(GL_VERTEX_PROGRAM_TWO_SIDE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   /* Quads and polygons are deprecated. */
   _mesa_DrawArrays(GL_QUADS, 0, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_ClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_ClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);

   /* The same rules for the compatibility API with the flag. */
   struct st_context_attribs fc = {.profile = ST_PROFILE_DEFAULT,
                                   .major = 3,
                                   .minor = 0,
                                   .flags =
                                      ST_CONTEXT_FLAG_FORWARD_COMPATIBLE};
   struct pipe_screen *screen = noop_screen_create();
   struct st_context *c = st_context_create(screen, &fc, NULL, NULL);
   assert_non_null(c);
   assert_true(st_make_current(c, NULL, NULL));
   _mesa_GetIntegerv(GL_CONTEXT_FLAGS, &v);
   assert_int_equal(v, GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT);
   st_make_current(NULL, NULL, NULL);
   st_context_destroy(c);
   screen->destroy(screen);
}

/* Sections 4.1.8 and 4.2.2: BLEND and the colour write mask per draw
 * buffer; the unindexed forms set every buffer and query buffer 0. */
static void
test_indexed_blend_and_masks(void **state)
{
   struct gl_test *t = desktop30();
   GLboolean b[4];

   _mesa_Enablei(GL_BLEND, 1);
   assert_true(_mesa_IsEnabledi(GL_BLEND, 1));
   assert_false(_mesa_IsEnabledi(GL_BLEND, 0));
   assert_false(_mesa_IsEnabled(GL_BLEND));
   _mesa_Enable(GL_BLEND);
   assert_true(_mesa_IsEnabledi(GL_BLEND, 3));
   _mesa_Disablei(GL_BLEND, 0);
   assert_false(_mesa_IsEnabled(GL_BLEND));
   assert_true(_mesa_IsEnabledi(GL_BLEND, 1));
   _mesa_GetBooleani_v(GL_BLEND, 1, b);
   assert_int_equal(b[0], GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_ColorMaski(2, GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   _mesa_GetBooleani_v(GL_COLOR_WRITEMASK, 2, b);
   assert_int_equal(b[0], GL_TRUE);
   assert_int_equal(b[1], GL_FALSE);
   assert_int_equal(b[2], GL_TRUE);
   assert_int_equal(b[3], GL_FALSE);
   _mesa_GetBooleanv(GL_COLOR_WRITEMASK, b); /* buffer 0 unchanged */
   assert_int_equal(b[1], GL_TRUE);
   _mesa_ColorMask(GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
   _mesa_GetBooleani_v(GL_COLOR_WRITEMASK, 2, b);
   assert_int_equal(b[0], GL_FALSE);
   assert_int_equal(b[1], GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   GLint max = 0;
   _mesa_GetIntegerv(GL_MAX_DRAW_BUFFERS, &max);
   _mesa_Enablei(GL_BLEND, (GLuint)max);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_ColorMaski((GLuint)max, 1, 1, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_Enablei(GL_DEPTH_TEST, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);

   /* ES 2.0 has none of them. */
   t = gl_test_create(2, 0, 8, 8);
   _mesa_Enablei(GL_BLEND, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* Section 4.3.2 / table 6.33: CLAMP_READ_COLOR starts FIXED_ONLY. */
static void
test_clamp_color(void **state)
{
   struct gl_test *t = desktop30();
   GLint v = 0;

   _mesa_GetIntegerv(GL_CLAMP_READ_COLOR, &v);
   assert_int_equal(v, GL_FIXED_ONLY);
   _mesa_ClampColor(GL_CLAMP_READ_COLOR, GL_TRUE);
   _mesa_GetIntegerv(GL_CLAMP_READ_COLOR, &v);
   assert_int_equal(v, GL_TRUE);
   _mesa_ClampColor(GL_CLAMP_READ_COLOR, GL_RED);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_ClampColor(GL_BLEND, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   /* CLAMP_FRAGMENT_COLOR (ARB_color_buffer_float, kept by compatibility
    * contexts) starts FIXED_ONLY too. */
   _mesa_GetIntegerv(GL_CLAMP_FRAGMENT_COLOR, &v);
   assert_int_equal(v, GL_FIXED_ONLY);
   _mesa_ClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetIntegerv(GL_CLAMP_FRAGMENT_COLOR, &v);
   assert_int_equal(v, GL_FALSE);
   /* CLAMP_VERTEX_COLOR (section 2.19.6) starts TRUE; since wave 14 it
    * is taken, and GL_LIGHTING_BIT saves it (table 6.11). */
   _mesa_GetIntegerv(GL_CLAMP_VERTEX_COLOR, &v);
   assert_int_equal(v, GL_TRUE);
   _mesa_PushAttrib(GL_LIGHTING_BIT);
   _mesa_ClampColor(GL_CLAMP_VERTEX_COLOR, GL_FIXED_ONLY);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetIntegerv(GL_CLAMP_VERTEX_COLOR, &v);
   assert_int_equal(v, GL_FIXED_ONLY);
   _mesa_PopAttrib();
   _mesa_GetIntegerv(GL_CLAMP_VERTEX_COLOR, &v);
   assert_int_equal(v, GL_TRUE);
   gl_test_destroy(t);
}

/* Since wave 15, GL 3.0 section 6.1.2 (ARB_color_buffer_float, now
 * advertised in compatibility contexts): state colours are kept as given
 * and queries clamp them while fragment colour clamping is on (TRUE, or
 * FIXED_ONLY with the window's fixed-point buffers). */
static void
test_clamped_queries(void **state)
{
   (void)state;
   struct gl_test *t = desktop30();
   GLfloat c[4] = {0}, ref = 0;

   assert_true(gl_test_has_extension("GL_ARB_color_buffer_float"));
   _mesa_ClearColor(2.0f, -1.0f, 0.5f, 3.0f);
   _mesa_AlphaFunc(GL_ALWAYS, 7.0f);
   _mesa_Fogfv(GL_FOG_COLOR, (const GLfloat[4]){-2.0f, 0.25f, 4.0f, 1.5f});
   _mesa_ClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
   _mesa_GetFloatv(GL_COLOR_CLEAR_VALUE, c);
   assert_true(c[0] == 2.0f && c[1] == -1.0f && c[2] == 0.5f && c[3] == 3.0f);
   _mesa_GetFloatv(GL_ALPHA_TEST_REF, &ref);
   assert_true(ref == 7.0f);
   _mesa_GetFloatv(GL_FOG_COLOR, c);
   assert_true(c[0] == -2.0f && c[2] == 4.0f);
   _mesa_ClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FIXED_ONLY);
   _mesa_GetFloatv(GL_COLOR_CLEAR_VALUE, c);
   assert_true(c[0] == 1.0f && c[1] == 0.0f && c[2] == 0.5f && c[3] == 1.0f);
   _mesa_GetFloatv(GL_ALPHA_TEST_REF, &ref);
   assert_true(ref == 1.0f);
   _mesa_ClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE);
   _mesa_GetFloatv(GL_FOG_COLOR, c);
   assert_true(c[0] == 0.0f && c[1] == 0.25f && c[2] == 1.0f && c[3] == 1.0f);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   /* Core contexts: no such extension, no clamping. */
   t = gl_test_create_profile(ST_PROFILE_OPENGL_CORE, 3, 0, 8, 8);
   assert_non_null(t);
   assert_false(gl_test_has_extension("GL_ARB_color_buffer_float"));
   _mesa_ClearColor(2.0f, -1.0f, 0.5f, 3.0f);
   _mesa_GetFloatv(GL_COLOR_CLEAR_VALUE, c);
   assert_true(c[0] == 2.0f && c[1] == -1.0f);
   gl_test_destroy(t);
}

/* The framebuffer status of a 4 x 4 texture of internalformat (its
 * definition must succeed). */
static GLenum
texture_fbo_status(GLenum internalformat, GLenum format)
{
   GLenum status =
      gl_test_texture_fbo_status(internalformat, format, GL_UNSIGNED_BYTE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   return status;
}

/* The same in an ES 3.0 context of its own. */
static GLenum
es30_texture_fbo_status(GLenum internalformat, GLenum format)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   GLenum status = texture_fbo_status(internalformat, format);
   gl_test_destroy(t);
   return status;
}

/* Since wave 15: SRGB8 is colour-renderable in desktop GL (base RGB, as in
 * Mesa; piglit's fbo-srgb), not in ES 3.0 (table 3.13). */
static void
test_srgb8_renderable(void **state)
{
   (void)state;
   struct gl_test *t = desktop30();
   assert_int_equal(texture_fbo_status(GL_SRGB8, GL_RGB),
                    GL_FRAMEBUFFER_COMPLETE);
   assert_int_equal(texture_fbo_status(GL_SRGB8_ALPHA8, GL_RGBA),
                    GL_FRAMEBUFFER_COMPLETE);
   gl_test_destroy(t);
   assert_int_equal(es30_texture_fbo_status(GL_SRGB8, GL_RGB),
                    GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
}

/* Since wave 16: GL 3.0 section 4.4.4 names RED, RG, RGB, RGBA, ALPHA,
 * LUMINANCE, LUMINANCE_ALPHA and INTENSITY colour-renderable base formats
 * (with their sized formats): luminance and intensity textures and the
 * integer, snorm and float RGB ones complete a framebuffer in
 * compatibility contexts (as Mesa, whose llvmpipe passes piglit's
 * arb_copy_image-formats --samples=2 with them; their multisample
 * textures: gl_desktop32); ES 3.0 keeps table 3.13 (RGB8UI not CR). */
static void
test_lum_int_rgb_renderable(void **state)
{
   (void)state;
   static const GLenum ok[][2] = {
      {GL_LUMINANCE8, GL_LUMINANCE},
      {GL_LUMINANCE16, GL_LUMINANCE},
      {GL_LUMINANCE12_ALPHA12, GL_LUMINANCE_ALPHA},
      {GL_INTENSITY8, GL_LUMINANCE},
      {GL_INTENSITY16, GL_LUMINANCE},
      {GL_RED, GL_RED},
      {GL_RG, GL_RG},
      {GL_RGB8UI, GL_RGB_INTEGER},
      {GL_RGB16I, GL_RGB_INTEGER},
      {GL_RGB8_SNORM, GL_RGB},
      {GL_RGB16_SNORM, GL_RGB},
      {GL_RGB32F, GL_RGB},
   };
   struct gl_test *t = desktop30();
   for (unsigned i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
      assert_int_equal(texture_fbo_status(ok[i][0], ok[i][1]),
                       GL_FRAMEBUFFER_COMPLETE);
   gl_test_destroy(t);
   assert_int_equal(es30_texture_fbo_status(GL_RGB8UI, GL_RGB_INTEGER),
                    GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
}

/* Section 2.17 / table 6.47: at least 6 clip distances (8 here), each
 * enabled on its own, all off at first. */
static void
test_clip_distance_enables(void **state)
{
   struct gl_test *t = desktop30();
   GLint max = 0;

   _mesa_GetIntegerv(GL_MAX_CLIP_DISTANCES, &max);
   assert_true(max >= 6);
   for (GLint i = 0; i < max; i++)
      assert_false(_mesa_IsEnabled(GL_CLIP_DISTANCE0 + (GLenum)i));
   _mesa_Enable(GL_CLIP_DISTANCE0 + 3);
   assert_true(_mesa_IsEnabled(GL_CLIP_DISTANCE0 + 3));
   assert_false(_mesa_IsEnabled(GL_CLIP_DISTANCE0 + 2));
   _mesa_Disable(GL_CLIP_DISTANCE0 + 3);
   assert_false(_mesa_IsEnabled(GL_CLIP_DISTANCE0 + 3));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   /* Not ES 2.0 capabilities. */
   t = gl_test_create(2, 0, 8, 8);
   _mesa_Enable(GL_CLIP_DISTANCE0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Section 3.5.4 / table 6.13: POLYGON_MODE is (front, back), FILL at
 * first; separate faces are deprecated (appendix E). */
static void
test_polygon_mode(void **state)
{
   struct gl_test *t = desktop30();
   GLint m[2] = {0, 0};

   _mesa_GetIntegerv(GL_POLYGON_MODE, m);
   assert_int_equal(m[0], GL_FILL);
   assert_int_equal(m[1], GL_FILL);
   _mesa_PolygonMode(GL_BACK, GL_LINE);
   _mesa_GetIntegerv(GL_POLYGON_MODE, m);
   assert_int_equal(m[0], GL_FILL);
   assert_int_equal(m[1], GL_LINE);
   _mesa_PolygonMode(GL_FRONT_AND_BACK, GL_POINT);
   _mesa_GetIntegerv(GL_POLYGON_MODE, m);
   assert_int_equal(m[0], GL_POINT);
   assert_int_equal(m[1], GL_POINT);
   _mesa_PolygonMode(GL_FRONT_AND_BACK, GL_TRIANGLES);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);

   t = gl_test_create_profile(ST_PROFILE_OPENGL_CORE, 3, 0, 8, 8);
   _mesa_PolygonMode(GL_FRONT, GL_LINE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_PolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 2.18: the errors of conditional rendering. */
static void
test_conditional_render_errors(void **state)
{
   struct gl_test *t = desktop30();
   GLuint q;

   _mesa_GenQueries(1, &q);
   _mesa_BeginConditionalRender(q, GL_QUERY_WAIT);
   /* Never begun: not a query object yet. */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BeginQuery(GL_SAMPLES_PASSED, q);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_BeginConditionalRender(q, GL_QUERY_WAIT);
   /* Active. */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_EndQuery(GL_SAMPLES_PASSED);
   _mesa_BeginConditionalRender(q, GL_RED);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_BeginConditionalRender(q, GL_QUERY_BY_REGION_NO_WAIT);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_BeginConditionalRender(q, GL_QUERY_WAIT);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_EndConditionalRender();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_EndConditionalRender();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DeleteQueries(1, &q);
   gl_test_destroy(t);

   /* SAMPLES_PASSED is desktop GL only. */
   t = gl_test_create(2, 0, 8, 8);
   _mesa_GenQueries(1, &q);
   _mesa_BeginQuery(GL_SAMPLES_PASSED, q);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Section 2.15 / 2.6.1: GL_PRIMITIVES_GENERATED counts the primitives of
 * the draws between Begin and End (7 triangle vertices: 2; a 5-vertex
 * strip drawn 3 times: 9; 8 quad vertices: 2); ES has no such query. */
static void
test_primitives_generated(void **state)
{
   struct gl_test *t = desktop30();
   GLuint q, n = 0;

   _mesa_GenQueries(1, &q);
   _mesa_BeginQuery(GL_PRIMITIVES_GENERATED, q);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 7);
   _mesa_DrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 5, 3);
   _mesa_DrawArrays(GL_QUADS, 0, 8);
   _mesa_EndQuery(GL_PRIMITIVES_GENERATED);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3); /* after End: not counted */
   _mesa_GetQueryObjectuiv(q, GL_QUERY_RESULT_AVAILABLE, &n);
   assert_int_equal(n, GL_TRUE);
   _mesa_GetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
   assert_int_equal(n, 2 + 9 + 2);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteQueries(1, &q);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   _mesa_GenQueries(1, &q);
   _mesa_BeginQuery(GL_PRIMITIVES_GENERATED, q);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Section 2.7: the short integer forms fill y, z with 0 and w with 1. */
static void
test_integer_attribs(void **state)
{
   struct gl_test *t = desktop30();
   GLint v[4];
   GLuint u[4];
   static const GLshort s4[4] = {-1, 2, -3, 4};

   _mesa_VertexAttribI2i(1, -5, 6);
   _mesa_GetVertexAttribIiv(1, GL_CURRENT_VERTEX_ATTRIB, v);
   assert_int_equal(v[0], -5);
   assert_int_equal(v[1], 6);
   assert_int_equal(v[2], 0);
   assert_int_equal(v[3], 1);
   _mesa_VertexAttribI1ui(2, 7);
   _mesa_GetVertexAttribIuiv(2, GL_CURRENT_VERTEX_ATTRIB, u);
   assert_int_equal(u[0], 7);
   assert_int_equal(u[3], 1);
   _mesa_VertexAttribI4sv(3, s4);
   _mesa_GetVertexAttribIiv(3, GL_CURRENT_VERTEX_ATTRIB, v);
   assert_int_equal(v[0], -1);
   assert_int_equal(v[2], -3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_VertexAttribI3i(1000, 0, 0, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

/* Section 3.12.2: BindFragDataLocation takes effect at the next link;
 * gl_ names are INVALID_OPERATION and colours past MAX_DRAW_BUFFERS
 * INVALID_VALUE. */
static void
test_bind_frag_data_location(void **state)
{
   struct gl_test *t = desktop30();
   static const char *vs = "#version 130\n"
                           "in vec4 p;\n"
                           "void main() { gl_Position = p; }\n";
   static const char *fs = "#version 130\n"
                           "out vec4 a;\n"
                           "out vec4 b;\n"
                           "void main() { a = vec4(1.0); b = vec4(0.5); }\n";
   GLuint prog = gl_test_program(vs, fs);
   GLint max = 0;

   assert_int_not_equal(prog, 0);
   _mesa_BindFragDataLocation(prog, 1, "a");
   _mesa_BindFragDataLocation(prog, 0, "b");
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_LinkProgram(prog);
   assert_int_equal(_mesa_GetFragDataLocation(prog, "a"), 1);
   assert_int_equal(_mesa_GetFragDataLocation(prog, "b"), 0);

   _mesa_BindFragDataLocation(prog, 0, "gl_FragColor");
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetIntegerv(GL_MAX_DRAW_BUFFERS, &max);
   _mesa_BindFragDataLocation(prog, (GLuint)max, "a");
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

/* Section 3.9.4: the integer parameter forms set the same state. */
static void
test_tex_parameter_integer(void **state)
{
   struct gl_test *t = desktop30();
   GLuint tex;
   GLint v = 0;
   GLuint u = 0;
   const GLint nearest = GL_NEAREST;
   const GLuint level = 3;

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &nearest);
   _mesa_GetTexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
   assert_int_equal(v, GL_NEAREST);
   _mesa_TexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &level);
   _mesa_GetTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &u);
   assert_int_equal(u, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexParameterIiv(GL_TEXTURE_2D, GL_RED, &nearest);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Section 3.9.7 (TEXTURE_LOD_BIAS, table 6.20; a float state) and, for
 * sampler objects, GL 3.3 table 6.23: desktop only, ES has no such
 * parameter (ES 2.0 table 3.10 lists none). */
static void
test_tex_lod_bias(void **state)
{
   struct gl_test *t = desktop30();
   GLuint tex;
   GLfloat f = 0;
   GLint i = 0;

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_GetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, &f);
   assert_float_equal(f, 0.0f, 0); /* table 6.20: initial 0.0 */
   _mesa_TexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 1.25f);
   _mesa_GetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, &f);
   assert_float_equal(f, 1.25f, 0);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, &i);
   assert_int_equal(i, 1); /* section 6.1.2: rounded */
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_non_null(t);
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 1.0f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* A program without shaders (GL 2.1 sections 2.15 and 3.11): it links in
 * a compatibility context, and is used with both stages fixed-function;
 * in a forward-compatible one linking it fails. */
static void
test_empty_program(void **state)
{
   struct gl_test *t = gl_test_create_version(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   GLint v = -1;

   assert_non_null(t);
   GLuint prog = _mesa_CreateProgram();
   _mesa_LinkProgram(prog);
   _mesa_GetProgramiv(prog, GL_LINK_STATUS, &v);
   assert_int_equal(v, GL_TRUE);
   _mesa_UseProgram(prog);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetProgramiv(prog, GL_ACTIVE_UNIFORMS, &v);
   assert_int_equal(v, 0);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = gl_test_create_profile(ST_PROFILE_OPENGL_CORE, 3, 0, 8, 8);
   assert_non_null(t);
   prog = _mesa_CreateProgram();
   _mesa_LinkProgram(prog);
   _mesa_GetProgramiv(prog, GL_LINK_STATUS, &v);
   assert_int_equal(v, GL_FALSE);
   gl_test_destroy(t);
}

/* GL_AUX_BUFFERS (GL 2.1 table 6.60): none in a compatibility context;
 * the forward-compatible one has no such query (GL 3.0 appendix E). */
static void
test_aux_buffers(void **state)
{
   struct gl_test *t = gl_test_create_version(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   GLint v = -1;

   assert_non_null(t);
   _mesa_GetIntegerv(GL_AUX_BUFFERS, &v);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(v, 0);
   gl_test_destroy(t);

   t = gl_test_create_profile(ST_PROFILE_OPENGL_CORE, 3, 0, 8, 8);
   assert_non_null(t);
   _mesa_GetIntegerv(GL_AUX_BUFFERS, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* glHint's targets of GL 2.1 table 6.70: DONT_CARE at first, then what
 * was set; the forward-compatible context keeps LINE_SMOOTH_HINT and
 * POLYGON_SMOOTH_HINT only (GL 4.6 core table 21.6). */
static void
test_quality_hints(void **state)
{
   struct gl_test *t = gl_test_create_version(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   GLint v = -1;

   assert_non_null(t);
   _mesa_GetIntegerv(GL_PERSPECTIVE_CORRECTION_HINT, &v);
   assert_int_equal(v, GL_DONT_CARE);
   _mesa_Hint(GL_FOG_HINT, GL_NICEST);
   _mesa_Hint(GL_POINT_SMOOTH_HINT, GL_FASTEST);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetIntegerv(GL_FOG_HINT, &v);
   assert_int_equal(v, GL_NICEST);
   _mesa_GetIntegerv(GL_POINT_SMOOTH_HINT, &v);
   assert_int_equal(v, GL_FASTEST);
   gl_test_destroy(t);

   t = gl_test_create_profile(ST_PROFILE_OPENGL_CORE, 3, 0, 8, 8);
   assert_non_null(t);
   _mesa_Hint(GL_FOG_HINT, GL_NICEST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_Hint(GL_LINE_SMOOTH_HINT, GL_NICEST);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetIntegerv(GL_LINE_SMOOTH_HINT, &v);
   assert_int_equal(v, GL_NICEST);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_versions),
      cmocka_unit_test(test_forward_compatible),
      cmocka_unit_test(test_indexed_blend_and_masks),
      cmocka_unit_test(test_clamp_color),
      cmocka_unit_test(test_clamped_queries),
      cmocka_unit_test(test_srgb8_renderable),
      cmocka_unit_test(test_lum_int_rgb_renderable),
      cmocka_unit_test(test_clip_distance_enables),
      cmocka_unit_test(test_conditional_render_errors),
      cmocka_unit_test(test_primitives_generated),
      cmocka_unit_test(test_polygon_mode),
      cmocka_unit_test(test_integer_attribs),
      cmocka_unit_test(test_bind_frag_data_location),
      cmocka_unit_test(test_tex_parameter_integer),
      cmocka_unit_test(test_tex_lod_bias),
      cmocka_unit_test(test_empty_program),
      cmocka_unit_test(test_aux_buffers),
      cmocka_unit_test(test_quality_hints),
      cmocka_unit_test(test_es2_compat_packed_float),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
