/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The GBM platform as shader-db's run uses it: a GBM device on a render
 * node (the noop drm-shim's), eglGetPlatformDisplay(EGL_PLATFORM_GBM_MESA),
 * a config chosen with only EGL_RENDERABLE_TYPE (so the default
 * EGL_SURFACE_TYPE, EGL_WINDOW_BIT, must match), and contexts made current
 * without surfaces.  Stand-in driver: configs ABGR8888 (+Z24S8) and
 * RGB565, GLES up to 3.0.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

#include "gbm.h"

static int
open_node(void)
{
   for (int minor = 128; minor < 138; minor++) {
      char path[64];
      snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
      int fd = open(path, O_RDWR | O_CLOEXEC);
      if (fd >= 0)
         return fd;
   }
   skip();
   return -1;
}

static void
test_shader_db_style_setup(void **state)
{
   const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   assert_non_null(strstr(client, "EGL_MESA_platform_gbm"));

   int fd = open_node();
   struct gbm_device *gbm = gbm_create_device(fd);
   assert_non_null(gbm);

   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_GBM_MESA, gbm, NULL);
   assert_ptr_not_equal(dpy, EGL_NO_DISPLAY);
   /* libglvnd recognises the GBM device by itself too. */
   assert_ptr_equal(eglGetDisplay((EGLNativeDisplayType)gbm), dpy);
   assert_true(eglInitialize(dpy, NULL, NULL));

   const EGLint attribs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE};
   EGLConfig cfg;
   EGLint count = 0, visual = 0, type = 0;
   assert_true(eglChooseConfig(dpy, attribs, &cfg, 1, &count));
   assert_int_equal(count, 1);
   assert_true(eglGetConfigAttrib(dpy, cfg, EGL_SURFACE_TYPE, &type));
   assert_true(type & EGL_WINDOW_BIT);
   /* The visual of a GBM config is its GBM format. */
   assert_true(eglGetConfigAttrib(dpy, cfg, EGL_NATIVE_VISUAL_ID, &visual));
   assert_true((uint32_t)visual == GBM_FORMAT_ABGR8888 ||
               (uint32_t)visual == GBM_FORMAT_RGB565);

   assert_true(eglBindAPI(EGL_OPENGL_ES_API));
   const EGLint es2[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es2);
   assert_ptr_not_equal(ctx, EGL_NO_CONTEXT);
   assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   assert_string_equal((const char *)glGetString(GL_VERSION),
                       "OpenGL ES 2.0 fake");
   assert_true(
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   assert_true(eglDestroyContext(dpy, ctx));
   assert_true(eglTerminate(dpy));
   gbm_device_destroy(gbm);
   close(fd);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_shader_db_style_setup),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
