/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The extension lists (glGetString(GL_EXTENSIONS), glGetStringi,
 * GL_NUM_EXTENSIONS; ES 3.0 section 6.1.6) and the entry points of the
 * small ES extensions piglit's GLES tests ask for.
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

static void
test_es3_lists_agree(void **state)
{
   setenv("MESA_GLES_VERSION_OVERRIDE", "3.0", 1);
   struct gl_test *t = gl_test_create(3, 0, 8, 8);
   unsetenv("MESA_GLES_VERSION_OVERRIDE");
   assert_non_null(t);
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

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_es3_lists_agree),
      cmocka_unit_test(test_es2_string),
      cmocka_unit_test(test_discard_framebuffer),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
