/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Desktop OpenGL through libglvnd's libOpenGL.so.0 and our EGL vendor,
 * on the real asahi_dri.so (pipe driver chosen by the environment): the
 * path shader-db and piglit's GL tests take.  What the front end offers is
 * asked of the front end itself (GL_VERSION), never assumed: the test
 * checks that EGL's answers agree with it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>

static void
test_compat_context(void **state)
{
   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
                                          EGL_DEFAULT_DISPLAY, NULL);
   assert_true(eglInitialize(dpy, NULL, NULL));
   /* EGL_CLIENT_APIS is a space-separated list of tokens. */
   char apis[64];
   snprintf(apis, sizeof(apis), " %s ", eglQueryString(dpy, EGL_CLIENT_APIS));
   if (!strstr(apis, " OpenGL "))
      skip(); /* the front end offers no desktop GL */

   assert_true(eglBindAPI(EGL_OPENGL_API));
   assert_int_equal(eglQueryAPI(), EGL_OPENGL_API);
   EGLContext ctx =
      eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, NULL);
   assert_ptr_not_equal(ctx, EGL_NO_CONTEXT);
   EGLint type = 0;
   assert_true(eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_TYPE, &type));
   assert_int_equal(type, EGL_OPENGL_API);
   assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));

   /* Desktop GL_VERSION strings start with "<major>.<minor>". */
   const char *version = (const char *)glGetString(GL_VERSION);
   assert_non_null(version);
   int major = 0, minor = 0;
   assert_int_equal(sscanf(version, "%d.%d", &major, &minor), 2);
   assert_true(major >= 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* A 1.x compatibility request is always satisfiable by a newer one. */
   assert_true(
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   assert_true(eglDestroyContext(dpy, ctx));

   /* Asking for more than the front end gave is EGL_BAD_MATCH. */
   const EGLint too_new[] = {EGL_CONTEXT_MAJOR_VERSION,
                             4,
                             EGL_CONTEXT_MINOR_VERSION,
                             6,
                             EGL_CONTEXT_OPENGL_PROFILE_MASK,
                             EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
                             EGL_NONE};
   if (major < 4 || (major == 4 && minor < 6)) {
      assert_ptr_equal(
         eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, too_new),
         EGL_NO_CONTEXT);
      assert_int_equal(eglGetError(), EGL_BAD_MATCH);
   }
   assert_true(eglTerminate(dpy));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_compat_context),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
