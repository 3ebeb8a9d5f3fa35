/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A GBM surface as a KMS program uses it (kmscube's pattern): an EGL
 * window surface on it, a frame cleared with OpenGL ES, eglSwapBuffers,
 * then the front buffer locked as a buffer object and read on the CPU.
 * Runs on the real asahi_dri.so over the simulator drm-shim, so the clear
 * really happens; the expected bytes follow from the format: ARGB8888 is a
 * little-endian 32-bit word, bytes B, G, R, A (DRM fourcc definition).
 * A 4x window's frame is resolved into the buffer GBM gets.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
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

/* The config whose visual is the GBM format, as programs find it. */
static EGLConfig
config_for(EGLDisplay dpy, uint32_t format)
{
   const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT,
                             EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                             EGL_NONE};
   EGLConfig configs[64];
   EGLint n = 0;
   assert_true(eglChooseConfig(dpy, attribs, configs, 64, &n));
   for (EGLint i = 0; i < n; i++) {
      EGLint visual = 0;
      eglGetConfigAttrib(dpy, configs[i], EGL_NATIVE_VISUAL_ID, &visual);
      if ((uint32_t)visual == format)
         return configs[i];
   }
   skip();
   return NULL;
}

/* Checks a locked front buffer's pixels. */
static void
check_bo(struct gbm_bo *bo, const uint8_t want[4])
{
   assert_non_null(bo);
   assert_int_equal(gbm_bo_get_width(bo), 32);
   assert_int_equal(gbm_bo_get_height(bo), 16);

   uint32_t stride = 0;
   void *cookie = NULL;
   uint8_t *p = gbm_bo_map(bo, 0, 0, 32, 16, GBM_BO_TRANSFER_READ, &stride,
                           &cookie);
   assert_non_null(p);
   for (unsigned y = 0; y < 16; y += 5) {
      for (unsigned x = 0; x < 32; x += 7) {
         const uint8_t *px = p + (size_t)y * stride + x * 4;
         if (memcmp(px, want, 4))
            fail_msg("pixel (%u, %u) is %u %u %u %u, want %u %u %u %u", x,
                     y, px[0], px[1], px[2], px[3], want[0], want[1],
                     want[2], want[3]);
      }
   }
   gbm_bo_unmap(bo, cookie);
}

static void
test_window_frames(void **state)
{
   int fd = open_node();
   struct gbm_device *gbm = gbm_create_device(fd);
   assert_non_null(gbm);
   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_GBM_MESA, gbm, NULL);
   assert_true(eglInitialize(dpy, NULL, NULL));
   EGLConfig cfg = config_for(dpy, GBM_FORMAT_ARGB8888);

   struct gbm_surface *surf = gbm_surface_create(
      gbm, 32, 16, GBM_FORMAT_ARGB8888,
      GBM_BO_USE_SCANOUT | GBM_BO_USE_RENDERING);
   assert_non_null(surf);
   EGLSurface win = eglCreateWindowSurface(dpy, cfg,
                                           (EGLNativeWindowType)surf, NULL);
   assert_ptr_not_equal(win, EGL_NO_SURFACE);
   /* One EGL surface per GBM surface. */
   assert_ptr_equal(eglCreateWindowSurface(dpy, cfg,
                                           (EGLNativeWindowType)surf, NULL),
                    EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_ALLOC);
   EGLint w = 0;
   assert_true(eglQuerySurface(dpy, win, EGL_WIDTH, &w));
   assert_int_equal(w, 32);

   assert_true(eglBindAPI(EGL_OPENGL_ES_API));
   const EGLint es2[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es2);
   assert_ptr_not_equal(ctx, EGL_NO_CONTEXT);
   assert_true(eglMakeCurrent(dpy, win, win, ctx));

   /* Nothing to lock before the first swap. */
   assert_null(gbm_surface_lock_front_buffer(surf));

   /* Page flipping: the frame on screen stays locked while the next one
    * is drawn, swapped and locked; then the older one is released.
    */
   glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   assert_true(eglSwapBuffers(dpy, win));
   struct gbm_bo *on_screen = gbm_surface_lock_front_buffer(surf);
   check_bo(on_screen, (const uint8_t[4]){0, 0, 255, 255});
   assert_true(gbm_surface_has_free_buffers(surf));

   glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   assert_true(eglSwapBuffers(dpy, win));
   struct gbm_bo *next = gbm_surface_lock_front_buffer(surf);
   check_bo(next, (const uint8_t[4]){255, 0, 0, 255});
   assert_false(gbm_surface_has_free_buffers(surf));
   gbm_surface_release_buffer(surf, on_screen);
   assert_true(gbm_surface_has_free_buffers(surf));
   gbm_surface_release_buffer(surf, next);

   assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE,
                              EGL_NO_CONTEXT));
   assert_true(eglDestroySurface(dpy, win));
   assert_true(eglDestroyContext(dpy, ctx));
   assert_true(eglTerminate(dpy));
   gbm_surface_destroy(surf);
   gbm_device_destroy(gbm);
   close(fd);
}

static GLuint
shader(GLenum stage, const char *source)
{
   GLuint sh = glCreateShader(stage);
   glShaderSource(sh, 1, &source, NULL);
   glCompileShader(sh);
   GLint ok = 0;
   glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   assert_true(ok);
   return sh;
}

/*
 * A 4x window (the asahi driver's EGL_SAMPLES 4 configs are window configs
 * too): a white triangle on black with window corners (4.5, 4.5),
 * (12.5, 4.5), (4.5, 12.5) is rendered into the multisampled buffer and
 * resolved into the buffer GBM gets at eglSwapBuffers.  With the 4x
 * pattern (6, 2), (14, 6), (2, 10), (10, 14) sixteenths (Mesa's
 * agx_default_sample_positions), pixel (4, 6) on the left edge has 2 of
 * 4 samples inside and the corner (4, 4) one, whichever vertical
 * orientation the pattern takes: grey 128 and 64.  GL row y is bo row
 * 15 - y.
 */
static void
test_multisampled_window(void **state)
{
   int fd = open_node();
   struct gbm_device *gbm = gbm_create_device(fd);
   assert_non_null(gbm);
   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_GBM_MESA, gbm, NULL);
   assert_true(eglInitialize(dpy, NULL, NULL));
   const EGLint attribs[] = {EGL_SURFACE_TYPE,    EGL_WINDOW_BIT,
                             EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                             EGL_SAMPLES,         4,
                             EGL_NONE};
   EGLConfig configs[64], cfg = NULL;
   EGLint n = 0;
   assert_true(eglChooseConfig(dpy, attribs, configs, 64, &n));
   for (EGLint i = 0; i < n && !cfg; i++) {
      EGLint visual = 0;
      eglGetConfigAttrib(dpy, configs[i], EGL_NATIVE_VISUAL_ID, &visual);
      if ((uint32_t)visual == GBM_FORMAT_ARGB8888)
         cfg = configs[i];
   }
   if (!cfg)
      skip();

   struct gbm_surface *surf = gbm_surface_create(
      gbm, 32, 16, GBM_FORMAT_ARGB8888,
      GBM_BO_USE_SCANOUT | GBM_BO_USE_RENDERING);
   assert_non_null(surf);
   EGLSurface win = eglCreateWindowSurface(dpy, cfg,
                                           (EGLNativeWindowType)surf, NULL);
   assert_ptr_not_equal(win, EGL_NO_SURFACE);
   assert_true(eglBindAPI(EGL_OPENGL_ES_API));
   const EGLint es2[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es2);
   assert_true(eglMakeCurrent(dpy, win, win, ctx));
   GLint samples = 0;
   glGetIntegerv(GL_SAMPLES, &samples);
   assert_int_equal(samples, 4);

   GLuint prog = glCreateProgram();
   glAttachShader(prog, shader(GL_VERTEX_SHADER,
                               "attribute vec2 p;\n"
                               "void main() { gl_Position = vec4(p, 0, 1); }"));
   glAttachShader(prog, shader(GL_FRAGMENT_SHADER,
                               "precision mediump float;\n"
                               "void main() { gl_FragColor = vec4(1); }"));
   glBindAttribLocation(prog, 0, "p");
   glLinkProgram(prog);
   glUseProgram(prog);
   /* NDC of window x over 32 pixels, y over 16 */
   const float tri[] = {4.5f / 16 - 1, 4.5f / 8 - 1,  12.5f / 16 - 1,
                        4.5f / 8 - 1,  4.5f / 16 - 1, 12.5f / 8 - 1};
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
   glEnableVertexAttribArray(0);
   glViewport(0, 0, 32, 16);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   assert_true(eglSwapBuffers(dpy, win));

   struct gbm_bo *bo = gbm_surface_lock_front_buffer(surf);
   assert_non_null(bo);
   uint32_t stride = 0;
   void *cookie = NULL;
   uint8_t *p = gbm_bo_map(bo, 0, 0, 32, 16, GBM_BO_TRANSFER_READ, &stride,
                           &cookie);
   assert_non_null(p);
   static const struct {
      unsigned x, y, grey;
   } at[] = {{6, 6, 255}, {4, 6, 128}, {6, 4, 128}, {4, 4, 64}, {3, 8, 0}};
   for (unsigned i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
      const uint8_t *px = p + (size_t)stride * (15 - at[i].y) + 4 * at[i].x;
      if (px[0] != at[i].grey || px[1] != at[i].grey || px[2] != at[i].grey ||
          px[3] != 255)
         fail_msg("pixel (%u, %u): %u %u %u %u, expected grey %u", at[i].x,
                  at[i].y, px[0], px[1], px[2], px[3], at[i].grey);
   }
   gbm_bo_unmap(bo, cookie);
   gbm_surface_release_buffer(surf, bo);

   assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE,
                              EGL_NO_CONTEXT));
   assert_true(eglDestroySurface(dpy, win));
   assert_true(eglDestroyContext(dpy, ctx));
   assert_true(eglTerminate(dpy));
   gbm_surface_destroy(surf);
   gbm_device_destroy(gbm);
   close(fd);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_window_frames),
      cmocka_unit_test(test_multisampled_window),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
