/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * What piglit's GLES API tests query: the extension lists
 * (glGetString(GL_EXTENSIONS), glGetStringi, GL_NUM_EXTENSIONS; ES 3.0
 * section 6.1.6), the ES 3.0 implementation limits (tables 6.28-6.32, the
 * minimums piglit's minmax_gles3 checks) and the entry points of the
 * small ES extensions.
 */
#include <stdlib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"

/* Whether name is a whole word of the space-separated list. */
static bool
in_list(const char *list, const char *name)
{
   size_t n = strlen(name);

   for (const char *p = list; (p = strstr(p, name)); p += n) {
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   }
   return false;
}

/* The string, glGetStringi and GL_NUM_EXTENSIONS name the same set. */
static void
check_lists_agree(void)
{
   const char *all = (const char *)_mesa_GetString(GL_EXTENSIONS);
   GLint n = -1;
   size_t len = 0;

   assert_non_null(all);
   _mesa_GetIntegerv(GL_NUM_EXTENSIONS, &n);
   assert_true(n > 0);
   for (GLint i = 0; i < n; i++) {
      const char *e = (const char *)_mesa_GetStringi(GL_EXTENSIONS, (GLuint)i);
      assert_non_null(e);
      assert_true(in_list(all, e));
      len += strlen(e) + 1;
   }
   assert_int_equal(len - 1, strlen(all)); /* nothing else in the string */
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
}

static struct gl_test *
create_es3(void)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   return t;
}

static void
test_es3_lists_agree(void **state)
{
   struct gl_test *t = create_es3();
   check_lists_agree();
   gl_test_destroy(t);
}

/* A compatibility context advertises the most extensions (the desktop
 * ones and those of the fixed-function commands): the whole list still
 * fits the string (it was cut short once the table outgrew 2 KiB). */
static void
test_desktop_lists_agree(void **state)
{
   struct gl_test *t = gl_test_create_version(ST_PROFILE_DEFAULT, 3, 3, 8,
                                              8);
   assert_non_null(t);
   check_lists_agree();
   const char *all = (const char *)_mesa_GetString(GL_EXTENSIONS);
   assert_true(in_list(all, "GL_EXT_vertex_array"));
   assert_true(in_list(all, "GL_EXT_texture_array"));
   assert_true(in_list(all, "GL_EXT_stencil_wrap"));
   gl_test_destroy(t);
}

static void
test_es2_string(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   const char *all = (const char *)_mesa_GetString(GL_EXTENSIONS);

   assert_true(in_list(all, "GL_OES_element_index_uint"));
   assert_true(in_list(all, "GL_EXT_discard_framebuffer"));
   assert_false(in_list(all, "GL_ARB_framebuffer_object")); /* desktop */
   gl_test_destroy(t);
}

/* EXT_discard_framebuffer: target GL_FRAMEBUFFER only; the window-system
 * framebuffer's attachments are GL_COLOR_EXT, GL_DEPTH_EXT and
 * GL_STENCIL_EXT, an FBO's GL_*_ATTACHMENT; numAttachments >= 0. */
static void
test_discard_framebuffer(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   const GLenum ws[] = {GL_COLOR_EXT, GL_DEPTH_EXT, GL_STENCIL_EXT};
   const GLenum fbo[] = {GL_COLOR_ATTACHMENT0, GL_DEPTH_ATTACHMENT};
   GLuint name;

   _mesa_DiscardFramebufferEXT(GL_FRAMEBUFFER, 3, ws);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DiscardFramebufferEXT(GL_RENDERBUFFER, 1, ws);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_DiscardFramebufferEXT(GL_FRAMEBUFFER, -1, ws);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_DiscardFramebufferEXT(GL_FRAMEBUFFER, 1, fbo);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   _mesa_GenFramebuffers(1, &name);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, name);
   _mesa_DiscardFramebufferEXT(GL_FRAMEBUFFER, 2, fbo);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DiscardFramebufferEXT(GL_FRAMEBUFFER, 1, ws);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* ES 3.0.6 tables 6.28-6.32: each limit exists and meets its minimum. */
static void
test_es3_limits(void **state)
{
   static const struct {
      GLenum pname;
      GLint min;
   } limits[] = {
      {GL_MAX_VERTEX_UNIFORM_COMPONENTS, 1024},
      {GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, 896},
      {GL_MAX_VARYING_COMPONENTS, 60},
      {GL_MAX_VERTEX_OUTPUT_COMPONENTS, 64},
      {GL_MAX_FRAGMENT_INPUT_COMPONENTS, 60},
      {GL_MAX_PROGRAM_TEXEL_OFFSET, 7},
      {GL_MAX_ELEMENT_INDEX, (1 << 24) - 1},
      {GL_NUM_PROGRAM_BINARY_FORMATS, 0},
      {GL_MAX_SERVER_WAIT_TIMEOUT, 0},
   };
   struct gl_test *t = create_es3();

   for (unsigned i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
      GLint v = -1;
      _mesa_GetIntegerv(limits[i].pname, &v);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      assert_true(v >= limits[i].min);
   }
   GLint v = 0;
   _mesa_GetIntegerv(GL_MIN_PROGRAM_TEXEL_OFFSET, &v);
   assert_true(v <= -8);
   GLfloat bias = 0;
   _mesa_GetFloatv(GL_MAX_TEXTURE_LOD_BIAS, &bias);
   assert_true(bias >= 2.0f);
   GLint64 index = 0;
   _mesa_GetInteger64v(GL_MAX_ELEMENT_INDEX, &index);
   assert_true(index >= (1 << 24) - 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   /* Not states of ES 2.0 */
   t = gl_test_create(2, 0, 8, 8);
   _mesa_GetIntegerv(GL_MAX_FRAGMENT_INPUT_COMPONENTS, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* KHR_debug: transform feedback objects take labels like the others;
 * names of no object are INVALID_VALUE (ES 3.2 section 20.9). */
static void
test_label_transform_feedback(void **state)
{
   struct gl_test *t = create_es3();
   GLuint tf;
   char label[16];
   GLsizei len = 0;

   _mesa_GenTransformFeedbacks(1, &tf);
   _mesa_BindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf);
   _mesa_ObjectLabel(GL_TRANSFORM_FEEDBACK, tf, -1, "capture");
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetObjectLabel(GL_TRANSFORM_FEEDBACK, tf, sizeof(label), &len,
                        label);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(len, 7);
   assert_string_equal(label, "capture");
   _mesa_ObjectLabel(GL_TRANSFORM_FEEDBACK, tf + 100, -1, "none");
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

/* The ES 2.0 extensions' entry points are found by name (glvnd asks for
 * each with GetProcAddress) and act like their ES 3.0 forms. */
static void
test_extension_entry_points(void **state)
{
   static const char *const names[] = {
      "glGenQueriesEXT", "glBeginQueryEXT", "glEndQueryEXT",
      "glGetQueryivEXT", "glGetQueryObjectuivEXT", "glIsQueryEXT",
      "glDeleteQueriesEXT", "glDiscardFramebufferEXT",
      "glDrawElementsBaseVertexOES", "glDrawRangeElementsBaseVertexOES",
      "glMultiDrawArraysEXT", "glMultiDrawElementsEXT",
      "glDrawArraysInstancedBaseInstanceEXT",
   };
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLuint q;
   GLint cur = -1;

   for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
      assert_non_null(st_get_proc_address(names[i]));

   _mesa_GenQueriesEXT(1, &q);
   assert_false(_mesa_IsQueryEXT(q)); /* an object once begun */
   _mesa_BeginQueryEXT(GL_ANY_SAMPLES_PASSED, q);
   _mesa_GetQueryivEXT(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &cur);
   assert_int_equal(cur, (GLint)q);
   _mesa_EndQueryEXT(GL_ANY_SAMPLES_PASSED);
   assert_true(_mesa_IsQueryEXT(q));
   _mesa_DeleteQueriesEXT(1, &q);
   assert_false(_mesa_IsQueryEXT(q));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* KHR_parallel_shader_compile: the thread count starts at 0xffffffff and
 * reads back what was set; compiles and links are complete on return. */
static void
test_parallel_shader_compile(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLint v = 0;

   _mesa_GetIntegerv(GL_MAX_SHADER_COMPILER_THREADS_KHR, &v);
   assert_int_equal((GLuint)v, 0xffffffffu);
   _mesa_MaxShaderCompilerThreadsKHR(2);
   _mesa_GetIntegerv(GL_MAX_SHADER_COMPILER_THREADS_KHR, &v);
   assert_int_equal(v, 2);

   GLuint sh = _mesa_CreateShader(GL_VERTEX_SHADER);
   GLuint prog = _mesa_CreateProgram();
   v = 0;
   _mesa_GetShaderiv(sh, GL_COMPLETION_STATUS_KHR, &v);
   assert_int_equal(v, GL_TRUE);
   v = 0;
   _mesa_GetProgramiv(prog, GL_COMPLETION_STATUS_KHR, &v);
   assert_int_equal(v, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* GL_EXT_draw_buffers in ES 2.0: GL_MAX_DRAW_BUFFERS, colour attachments
 * above 0, glDrawBuffers; the default framebuffer takes exactly one buffer
 * (ES 3.0 section 4.2.1, which the extension follows). */
static void
test_draw_buffers_es2(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   const GLenum back = GL_BACK;
   const GLenum two[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   GLint max = 0;
   GLuint fbo, rb;

   _mesa_GetIntegerv(GL_MAX_DRAW_BUFFERS, &max);
   assert_true(max >= 2);
   _mesa_DrawBuffers(0, &back);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DrawBuffers(1, &back);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_GenRenderbuffers(1, &rb);
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, rb);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, 4, 4);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                                 GL_RENDERBUFFER, rb);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DrawBuffers(2, two);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DrawBuffers(max + 1, two);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

/* EXT_polygon_offset_clamp in ES 2.0: listed, found by name; the clamp
 * reads back from GL_POLYGON_OFFSET_CLAMP and glPolygonOffset sets it to 0
 * (the extension's changes to ES 2.0 section 3.5.5). */
static void
test_polygon_offset_clamp(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLfloat v[3] = {1, 1, 1};

   assert_true(in_list((const char *)_mesa_GetString(GL_EXTENSIONS),
                       "GL_EXT_polygon_offset_clamp"));
   assert_non_null(st_get_proc_address("glPolygonOffsetClampEXT"));
   _mesa_GetFloatv(GL_POLYGON_OFFSET_CLAMP, &v[0]);
   assert_true(v[0] == 0.0f);
   _mesa_PolygonOffsetClampEXT(-2.0f, 3.0f, -0.25f);
   _mesa_GetFloatv(GL_POLYGON_OFFSET_FACTOR, &v[0]);
   _mesa_GetFloatv(GL_POLYGON_OFFSET_UNITS, &v[1]);
   _mesa_GetFloatv(GL_POLYGON_OFFSET_CLAMP, &v[2]);
   assert_true(v[0] == -2.0f && v[1] == 3.0f && v[2] == -0.25f);
   _mesa_PolygonOffset(1.0f, 1.0f);
   _mesa_GetFloatv(GL_POLYGON_OFFSET_CLAMP, &v[2]);
   assert_true(v[2] == 0.0f);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* APPLE_texture_max_level: GL_TEXTURE_MAX_LEVEL (initially 1000, ES
 * 3.0 table 6.10) is set and queried in ES 2.0; GL_TEXTURE_BASE_LEVEL
 * stays ES 3.0's (INVALID_ENUM). */
static void
test_texture_max_level_es2(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLuint tex;
   GLint v = -1;

   assert_true(in_list((const char *)_mesa_GetString(GL_EXTENSIONS),
                       "GL_APPLE_texture_max_level"));
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &v);
   assert_int_equal(v, 1000);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &v);
   assert_int_equal(v, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, -1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_DeleteTextures(1, &tex);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_es3_lists_agree),
      cmocka_unit_test(test_desktop_lists_agree),
      cmocka_unit_test(test_es2_string),
      cmocka_unit_test(test_discard_framebuffer),
      cmocka_unit_test(test_es3_limits),
      cmocka_unit_test(test_label_transform_feedback),
      cmocka_unit_test(test_extension_entry_points),
      cmocka_unit_test(test_parallel_shader_compile),
      cmocka_unit_test(test_draw_buffers_es2),
      cmocka_unit_test(test_polygon_offset_clamp),
      cmocka_unit_test(test_texture_max_level_es2),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
