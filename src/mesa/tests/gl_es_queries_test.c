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
   setenv("MESA_GLES_VERSION_OVERRIDE", "3.0", 1);
   struct gl_test *t = gl_test_create(3, 0, 8, 8);
   unsetenv("MESA_GLES_VERSION_OVERRIDE");
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

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_es3_lists_agree),
      cmocka_unit_test(test_es2_string),
      cmocka_unit_test(test_discard_framebuffer),
      cmocka_unit_test(test_es3_limits),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
