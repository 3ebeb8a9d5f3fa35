/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * What an unmodified EGL + GLES2 program sees: it links Debian's
 * libEGL.so.1 and libGLESv2.so.2, glvnd loads our vendor library from
 * __EGL_VENDOR_LIBRARY_FILENAMES, and our loader finds the stand-in
 * asahi_dri.so through LIBGL_DRIVERS_PATH (see meson.build).  Expected
 * values come from the EGL 1.5 specification and the stand-in driver's
 * definition (three configs, GLES up to 3.0, RGBA8 pbuffers).
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

static EGLDisplay
get_display(void)
{
   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
                                          EGL_DEFAULT_DISPLAY, NULL);
   assert_ptr_not_equal(dpy, EGL_NO_DISPLAY);
   return dpy;
}

static const EGLint es2_pbuffer_config[] = {
   EGL_SURFACE_TYPE,
   EGL_PBUFFER_BIT,
   EGL_RENDERABLE_TYPE,
   EGL_OPENGL_ES2_BIT,
   EGL_RED_SIZE,
   8,
   EGL_GREEN_SIZE,
   8,
   EGL_BLUE_SIZE,
   8,
   EGL_ALPHA_SIZE,
   8,
   EGL_NONE,
};

static void
test_client_extensions_name_the_platform(void **state)
{
   const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   assert_non_null(ext);
   assert_non_null(strstr(ext, "EGL_MESA_platform_surfaceless"));
   assert_non_null(strstr(ext, "EGL_EXT_platform_base"));
}

static void
test_initialize_and_strings(void **state)
{
   EGLDisplay dpy = get_display();
   EGLint major = 0, minor = 0;

   /* Before eglInitialize: EGL_NOT_INITIALIZED. */
   assert_null(eglQueryString(dpy, EGL_VENDOR));
   assert_int_equal(eglGetError(), EGL_NOT_INITIALIZED);

   assert_true(eglInitialize(dpy, &major, &minor));
   assert_int_equal(major, 1);
   assert_int_equal(minor, 5);
   assert_string_equal(eglQueryString(dpy, EGL_VENDOR), "asahi-gl");
   assert_string_equal(eglQueryString(dpy, EGL_CLIENT_APIS), "OpenGL_ES");
   const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
   assert_non_null(strstr(ext, "EGL_KHR_surfaceless_context"));
   assert_non_null(strstr(ext, "EGL_KHR_no_config_context"));
   assert_non_null(strstr(ext, "EGL_KHR_create_context"));
   assert_null(eglQueryString(dpy, 0x1234));
   assert_int_equal(eglGetError(), EGL_BAD_PARAMETER);

   /* The same arguments give the same display. */
   assert_ptr_equal(get_display(), dpy);
   assert_true(eglTerminate(dpy));
}

static void
test_default_display_follows_egl_platform(void **state)
{
   /* EGL_PLATFORM=surfaceless is set by the test environment. */
   EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   assert_ptr_equal(dpy, get_display());
}

static void
test_configs(void **state)
{
   EGLDisplay dpy = get_display();
   EGLint n = 0;
   EGLConfig configs[8];
   assert_true(eglInitialize(dpy, NULL, NULL));

   assert_true(eglGetConfigs(dpy, NULL, 0, &n));
   assert_int_equal(n, 3);

   /* Without EGL_SURFACE_TYPE the default is EGL_WINDOW_BIT: none. */
   const EGLint rgb[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE};
   assert_true(eglChooseConfig(dpy, rgb, configs, 8, &n));
   assert_int_equal(n, 0);

   /* RGBA8 asked: the two RGBA8 configs, the one without depth first
    * (smaller EGL_DEPTH_SIZE sorts first), never RGB565 (no alpha).
    */
   assert_true(eglChooseConfig(dpy, es2_pbuffer_config, configs, 8, &n));
   assert_int_equal(n, 2);
   EGLint depth = -1, id = -1, buf = -1;
   assert_true(eglGetConfigAttrib(dpy, configs[0], EGL_DEPTH_SIZE, &depth));
   assert_int_equal(depth, 0);
   assert_true(eglGetConfigAttrib(dpy, configs[1], EGL_DEPTH_SIZE, &depth));
   assert_int_equal(depth, 24);
   assert_true(eglGetConfigAttrib(dpy, configs[0], EGL_BUFFER_SIZE, &buf));
   assert_int_equal(buf, 32);

   /* EGL_CONFIG_ID wins over everything else. */
   assert_true(eglGetConfigAttrib(dpy, configs[1], EGL_CONFIG_ID, &id));
   const EGLint by_id[] = {EGL_CONFIG_ID, id, EGL_RED_SIZE, 100, EGL_NONE};
   assert_true(eglChooseConfig(dpy, by_id, configs, 8, &n));
   assert_int_equal(n, 1);

   assert_false(eglGetConfigAttrib(dpy, configs[0], 0x1234, &id));
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);
   assert_false(eglGetConfigAttrib(dpy, (EGLConfig)&n, EGL_CONFIG_ID, &id));
   assert_int_equal(eglGetError(), EGL_BAD_CONFIG);
   const EGLint bad[] = {0x1234, 0, EGL_NONE};
   assert_false(eglChooseConfig(dpy, bad, configs, 8, &n));
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);
   assert_true(eglTerminate(dpy));
}

static void
test_clear_and_read_back_through_glvnd(void **state)
{
   EGLDisplay dpy = get_display();
   EGLConfig config;
   EGLint n;
   assert_true(eglInitialize(dpy, NULL, NULL));
   assert_true(eglChooseConfig(dpy, es2_pbuffer_config, &config, 1, &n));
   assert_int_equal(n, 1);

   const EGLint pb_attribs[] = {EGL_WIDTH, 16, EGL_HEIGHT, 8, EGL_NONE};
   EGLSurface surf = eglCreatePbufferSurface(dpy, config, pb_attribs);
   assert_ptr_not_equal(surf, EGL_NO_SURFACE);
   EGLint w = 0, h = 0;
   assert_true(eglQuerySurface(dpy, surf, EGL_WIDTH, &w));
   assert_true(eglQuerySurface(dpy, surf, EGL_HEIGHT, &h));
   assert_int_equal(w, 16);
   assert_int_equal(h, 8);

   assert_true(eglBindAPI(EGL_OPENGL_ES_API));
   const EGLint ctx_attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, ctx_attribs);
   assert_ptr_not_equal(ctx, EGL_NO_CONTEXT);
   assert_true(eglMakeCurrent(dpy, surf, surf, ctx));
   assert_ptr_equal(eglGetCurrentContext(), ctx);

   assert_string_equal((const char *)glGetString(GL_VERSION),
                       "OpenGL ES 2.0 fake");
   glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   uint8_t px[4] = {0};
   glReadPixels(3, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(px[0], 255);
   assert_int_equal(px[1], 0);
   assert_int_equal(px[2], 0);
   assert_int_equal(px[3], 255);

   /* eglGetProcAddress reaches GL functions too. */
   assert_non_null(eglGetProcAddress("glClear"));

   assert_true(eglSwapBuffers(dpy, surf));
   EGLint rb = 0;
   assert_true(eglQueryContext(dpy, ctx, EGL_RENDER_BUFFER, &rb));
   assert_int_equal(rb, EGL_BACK_BUFFER);

   assert_true(
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   assert_ptr_equal(eglGetCurrentContext(), EGL_NO_CONTEXT);
   /* Not current any more: swapping is EGL_BAD_SURFACE. */
   assert_false(eglSwapBuffers(dpy, surf));
   assert_int_equal(eglGetError(), EGL_BAD_SURFACE);
   assert_true(eglDestroyContext(dpy, ctx));
   assert_true(eglDestroySurface(dpy, surf));
   assert_false(eglDestroySurface(dpy, surf));
   assert_int_equal(eglGetError(), EGL_BAD_SURFACE);
   assert_true(eglTerminate(dpy));
}

/* eglSurfaceAttrib of the two-valued attributes (EGL 1.5 section 3.5.6):
 * the value that needs a surface-type bit is EGL_BAD_MATCH without it,
 * an unknown value EGL_BAD_PARAMETER, and a value taken is what
 * eglQuerySurface answers. */
static void
check_two_valued(EGLDisplay dpy, EGLSurface surf, EGLint attrib,
                 EGLint special, EGLint plain, bool special_ok)
{
   EGLint got = 0;
   assert_true(eglSurfaceAttrib(dpy, surf, attrib, plain));
   assert_true(eglQuerySurface(dpy, surf, attrib, &got));
   assert_int_equal(got, plain);
   assert_false(eglSurfaceAttrib(dpy, surf, attrib, 0x1234));
   assert_int_equal(eglGetError(), EGL_BAD_PARAMETER);
   assert_int_equal(eglSurfaceAttrib(dpy, surf, attrib, special),
                    special_ok ? EGL_TRUE : EGL_FALSE);
   assert_int_equal(eglGetError(), special_ok ? EGL_SUCCESS : EGL_BAD_MATCH);
   assert_true(eglQuerySurface(dpy, surf, attrib, &got));
   assert_int_equal(got, special_ok ? special : plain);
}

static void
test_surface_attrib(void **state)
{
   EGLDisplay dpy = get_display();
   EGLConfig config;
   EGLint n, type = 0;
   assert_true(eglInitialize(dpy, NULL, NULL));
   assert_true(eglChooseConfig(dpy, es2_pbuffer_config, &config, 1, &n));
   assert_int_equal(n, 1);
   assert_true(eglGetConfigAttrib(dpy, config, EGL_SURFACE_TYPE, &type));
   const EGLint pb_attribs[] = {EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_NONE};
   EGLSurface surf = eglCreatePbufferSurface(dpy, config, pb_attribs);
   assert_ptr_not_equal(surf, EGL_NO_SURFACE);

   check_two_valued(dpy, surf, EGL_SWAP_BEHAVIOR, EGL_BUFFER_PRESERVED,
                    EGL_BUFFER_DESTROYED,
                    type & EGL_SWAP_BEHAVIOR_PRESERVED_BIT);
   check_two_valued(dpy, surf, EGL_MULTISAMPLE_RESOLVE,
                    EGL_MULTISAMPLE_RESOLVE_BOX,
                    EGL_MULTISAMPLE_RESOLVE_DEFAULT,
                    type & EGL_MULTISAMPLE_RESOLVE_BOX_BIT);
   assert_false(eglSurfaceAttrib(dpy, surf, EGL_WIDTH, 8));
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);

   assert_true(eglDestroySurface(dpy, surf));
   assert_true(eglTerminate(dpy));
}

static void
test_surfaceless_no_config_es3(void **state)
{
   EGLDisplay dpy = get_display();
   assert_true(eglInitialize(dpy, NULL, NULL));
   assert_true(eglBindAPI(EGL_OPENGL_ES_API));
   const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
   EGLContext ctx =
      eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
   assert_ptr_not_equal(ctx, EGL_NO_CONTEXT);
   EGLint id = -1;
   assert_true(eglQueryContext(dpy, ctx, EGL_CONFIG_ID, &id));
   assert_int_equal(id, 0);
   assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   assert_string_equal((const char *)glGetString(GL_VERSION),
                       "OpenGL ES 3.0 fake");

   /* A fence after the work so far signals. */
   EGLSync sync = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
   assert_ptr_not_equal(sync, EGL_NO_SYNC);
   assert_int_equal(
      eglClientWaitSync(dpy, sync, EGL_SYNC_FLUSH_COMMANDS_BIT, EGL_FOREVER),
      EGL_CONDITION_SATISFIED);
   EGLAttrib status = 0;
   assert_true(eglGetSyncAttrib(dpy, sync, EGL_SYNC_STATUS, &status));
   assert_int_equal(status, EGL_SIGNALED);
   assert_true(eglDestroySync(dpy, sync));

   /* The KHR entry points come through glvnd's dispatch stubs. */
   PFNEGLCREATESYNCKHRPROC create_khr =
      (PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
   PFNEGLDESTROYSYNCKHRPROC destroy_khr =
      (PFNEGLDESTROYSYNCKHRPROC)eglGetProcAddress("eglDestroySyncKHR");
   assert_non_null(create_khr);
   assert_non_null(destroy_khr);
   EGLSyncKHR ks = create_khr(dpy, EGL_SYNC_FENCE_KHR, NULL);
   assert_ptr_not_equal(ks, EGL_NO_SYNC_KHR);
   assert_true(destroy_khr(dpy, ks));
   assert_ptr_equal(create_khr(dpy, 0x1234, NULL), EGL_NO_SYNC_KHR);
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);

   assert_true(
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   /* No current context: a fence is EGL_BAD_MATCH. */
   assert_ptr_equal(eglCreateSync(dpy, EGL_SYNC_FENCE, NULL), EGL_NO_SYNC);
   assert_int_equal(eglGetError(), EGL_BAD_MATCH);
   assert_true(eglDestroyContext(dpy, ctx));
   assert_true(eglTerminate(dpy));
}

static void
test_no_native_surfaces(void **state)
{
   /* EGL_MESA_platform_surfaceless: unconditional failures. */
   EGLDisplay dpy = get_display();
   assert_true(eglInitialize(dpy, NULL, NULL));
   assert_ptr_equal(
      eglCreatePlatformWindowSurface(dpy, EGL_NO_CONFIG_KHR, NULL, NULL),
      EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_NATIVE_WINDOW);
   assert_ptr_equal(
      eglCreatePlatformPixmapSurface(dpy, EGL_NO_CONFIG_KHR, NULL, NULL),
      EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_NATIVE_PIXMAP);
   assert_true(eglTerminate(dpy));
}

struct thread_args {
   EGLDisplay dpy;
   EGLContext ctx;
   EGLBoolean ok;
   EGLint error;
};

static void *
make_current_elsewhere(void *data)
{
   struct thread_args *a = data;
   a->ok = eglMakeCurrent(a->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, a->ctx);
   a->error = eglGetError();
   if (a->ok)
      eglReleaseThread();
   return NULL;
}

static void
test_one_thread_per_context(void **state)
{
   /* EGL 1.5 section 3.7.3: a context current to another thread is
    * EGL_BAD_ACCESS; once released there, it can move.
    */
   EGLDisplay dpy = get_display();
   assert_true(eglInitialize(dpy, NULL, NULL));
   assert_true(eglBindAPI(EGL_OPENGL_ES_API));
   const EGLint es2[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLContext ctx =
      eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, es2);
   assert_ptr_not_equal(ctx, EGL_NO_CONTEXT);
   assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));

   struct thread_args a = {dpy, ctx, EGL_TRUE, EGL_SUCCESS};
   pthread_t t;
   assert_int_equal(pthread_create(&t, NULL, make_current_elsewhere, &a), 0);
   pthread_join(t, NULL);
   assert_false(a.ok);
   assert_int_equal(a.error, EGL_BAD_ACCESS);

   assert_true(eglReleaseThread());
   assert_ptr_equal(eglGetCurrentContext(), EGL_NO_CONTEXT);
   assert_int_equal(pthread_create(&t, NULL, make_current_elsewhere, &a), 0);
   pthread_join(t, NULL);
   assert_true(a.ok);

   assert_true(eglDestroyContext(dpy, ctx));
   assert_true(eglTerminate(dpy));
}

static void *
context_churn(void *data)
{
   EGLDisplay dpy = data;
   const EGLint es2[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   intptr_t failures = 0;
   eglBindAPI(EGL_OPENGL_ES_API);
   for (unsigned i = 0; i < 50; i++) {
      EGLContext ctx =
         eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, es2);
      if (ctx == EGL_NO_CONTEXT ||
          !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx) ||
          strcmp((const char *)glGetString(GL_VERSION), "OpenGL ES 2.0 fake") ||
          !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE,
                          EGL_NO_CONTEXT) ||
          !eglDestroyContext(dpy, ctx))
         failures++;
   }
   eglReleaseThread();
   return (void *)failures;
}

static void
test_threads_share_a_display(void **state)
{
   /* What shader-db's run does: one display, a context per thread. */
   EGLDisplay dpy = get_display();
   assert_true(eglInitialize(dpy, NULL, NULL));
   pthread_t t[4];
   for (unsigned i = 0; i < 4; i++)
      assert_int_equal(pthread_create(&t[i], NULL, context_churn, dpy), 0);
   for (unsigned i = 0; i < 4; i++) {
      void *failures;
      pthread_join(t[i], &failures);
      assert_int_equal((intptr_t)failures, 0);
   }
   assert_true(eglTerminate(dpy));
}

static void
test_terminate_while_current(void **state)
{
   /* EGL 1.5 section 3.2: handles die at eglTerminate, but a current
    * context lives until released, and releasing it is no error.
    */
   EGLDisplay dpy = get_display();
   assert_true(eglInitialize(dpy, NULL, NULL));
   assert_true(eglBindAPI(EGL_OPENGL_ES_API));
   const EGLint es2[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLContext ctx =
      eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, es2);
   assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   assert_true(eglTerminate(dpy));

   /* Still current: GL keeps working. */
   assert_string_equal((const char *)glGetString(GL_VERSION),
                       "OpenGL ES 2.0 fake");
   assert_true(
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));

   /* Initialize again: the old handle is gone. */
   assert_true(eglInitialize(dpy, NULL, NULL));
   assert_false(eglDestroyContext(dpy, ctx));
   assert_int_equal(eglGetError(), EGL_BAD_CONTEXT);
   assert_true(eglTerminate(dpy));
}

static void
test_context_errors(void **state)
{
   EGLDisplay dpy = get_display();
   EGLConfig config;
   EGLint n;
   assert_true(eglInitialize(dpy, NULL, NULL));
   assert_true(eglChooseConfig(dpy, es2_pbuffer_config, &config, 1, &n));
   assert_true(eglBindAPI(EGL_OPENGL_ES_API));

   /* GLES 2.1 does not exist. */
   const EGLint es21[] = {EGL_CONTEXT_MAJOR_VERSION, 2,
                          EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
   assert_ptr_equal(eglCreateContext(dpy, config, EGL_NO_CONTEXT, es21),
                    EGL_NO_CONTEXT);
   assert_int_equal(eglGetError(), EGL_BAD_MATCH);

   /* The driver offers GLES up to 3.0: 3.1 is EGL_BAD_MATCH. */
   const EGLint es31[] = {EGL_CONTEXT_MAJOR_VERSION, 3,
                          EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
   assert_ptr_equal(eglCreateContext(dpy, config, EGL_NO_CONTEXT, es31),
                    EGL_NO_CONTEXT);
   assert_int_equal(eglGetError(), EGL_BAD_MATCH);

   /* A profile mask is not an OpenGL ES attribute. */
   const EGLint profile[] = {EGL_CONTEXT_OPENGL_PROFILE_MASK,
                             EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
   assert_ptr_equal(eglCreateContext(dpy, config, EGL_NO_CONTEXT, profile),
                    EGL_NO_CONTEXT);
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);

   /* GLES 1.x: the configs have no EGL_OPENGL_ES_BIT. */
   assert_ptr_equal(eglCreateContext(dpy, config, EGL_NO_CONTEXT, NULL),
                    EGL_NO_CONTEXT);
   assert_int_equal(eglGetError(), EGL_BAD_CONFIG);

   const EGLint es2[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   assert_ptr_equal(eglCreateContext(dpy, config, (EGLContext)&n, es2),
                    EGL_NO_CONTEXT);
   assert_int_equal(eglGetError(), EGL_BAD_CONTEXT);

   assert_false(
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, (EGLContext)&n));
   assert_int_equal(eglGetError(), EGL_BAD_CONTEXT);
   assert_true(eglTerminate(dpy));

   assert_ptr_equal(eglCreateContext(dpy, config, EGL_NO_CONTEXT, es2),
                    EGL_NO_CONTEXT);
   assert_int_equal(eglGetError(), EGL_NOT_INITIALIZED);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_client_extensions_name_the_platform),
      cmocka_unit_test(test_initialize_and_strings),
      cmocka_unit_test(test_default_display_follows_egl_platform),
      cmocka_unit_test(test_configs),
      cmocka_unit_test(test_clear_and_read_back_through_glvnd),
      cmocka_unit_test(test_surface_attrib),
      cmocka_unit_test(test_surfaceless_no_config_es3),
      cmocka_unit_test(test_no_native_surfaces),
      cmocka_unit_test(test_one_thread_per_context),
      cmocka_unit_test(test_terminate_while_current),
      cmocka_unit_test(test_threads_share_a_display),
      cmocka_unit_test(test_context_errors),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
