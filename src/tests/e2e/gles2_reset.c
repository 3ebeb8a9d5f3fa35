/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A GPU fault becomes a guilty context reset (GL_KHR_robustness /
 * GL_EXT_robustness), and the process goes on.
 *
 * An ordinary EGL + GLES 2.0 program, linked against the system's libEGL
 * and libGLESv2 only.  It creates a robust context
 * (EGL_EXT_create_context_robustness, EGL_LOSE_CONTEXT_ON_RESET), draws
 * once correctly, then makes the GPU fault honestly through GL: an
 * element index far past the end of the bound vertex buffer.  The GL ES
 * 2.0 spec (section 2.8, "Vertex Arrays") leaves such reads undefined and
 * allows them to terminate the context; without robust buffer access
 * (not requested here) the vertex fetch reads unmapped GPU memory, which
 * faults.  The checks: glGetGraphicsResetStatus reports
 * GL_GUILTY_CONTEXT_RESET once, later GL calls return without crashing or
 * hanging, and a second, fresh context on the same display draws again.
 *
 * With another driver (llvmpipe clamps or reads host memory) no reset may
 * happen: the test then only checks that nothing crashed and reports
 * "no reset", unless --expect-reset is given (as the simulator run does).
 *
 * Exit status: 0 pass, 1 fail, 77 no display (skip).
 */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "e2e_gl.h"

#define SKIP 77

#ifndef GL_GUILTY_CONTEXT_RESET
#define GL_GUILTY_CONTEXT_RESET 0x8253 /* KHR_robustness */
#endif

typedef GLenum (*reset_status_fn)(void);

static const char *vs_source = "attribute vec2 a_position;\n"
                               "void main()\n"
                               "{\n"
                               "   gl_Position = vec4(a_position, 0.0, 1.0);\n"
                               "}\n";

static const char *fs_source = "precision mediump float;\n"
                               "void main()\n"
                               "{\n"
                               "   gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0);\n"
                               "}\n";

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static GLuint
build_program(void)
{
   GLuint prog = glCreateProgram();
   const char *src[2] = {vs_source, fs_source};
   GLenum type[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
   for (int i = 0; i < 2; i++) {
      GLuint sh = glCreateShader(type[i]);
      glShaderSource(sh, 1, &src[i], NULL);
      glCompileShader(sh);
      glAttachShader(prog, sh);
      glDeleteShader(sh);
   }
   glBindAttribLocation(prog, 0, "a_position");
   glLinkProgram(prog);
   return e2e_gl_linked(prog, "program does not link") ? prog : 0;
}

/* Make a robust ES 2.0 context with a 16x16 pbuffer current. */
static EGLContext
make_current(EGLDisplay dpy, EGLConfig config, EGLSurface *surf)
{
   static const EGLint ctx_attribs[] = {
      EGL_CONTEXT_CLIENT_VERSION, 2,
      EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT,
      EGL_LOSE_CONTEXT_ON_RESET_EXT,
      EGL_NONE,
   };
   static const EGLint pb_attribs[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16,
                                       EGL_NONE};
   EGLContext ctx =
      eglCreateContext(dpy, config, EGL_NO_CONTEXT, ctx_attribs);
   if (ctx == EGL_NO_CONTEXT)
      return ctx;
   *surf = eglCreatePbufferSurface(dpy, config, pb_attribs);
   if (*surf == EGL_NO_SURFACE || !eglMakeCurrent(dpy, *surf, *surf, ctx)) {
      eglDestroyContext(dpy, ctx);
      return EGL_NO_CONTEXT;
   }
   return ctx;
}

/* Draw a full-screen pair of triangles; with bad_index, one index points
 * far past the vertex buffer.  Returns the centre pixel. */
static unsigned
draw(GLuint prog, bool bad_index)
{
   static const float quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
   GLuint vbo, ibo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   /* A large stride (4-byte aligned, as vertex fetch wants) and the
    * largest 16-bit index put the vertex 252 * 65535 bytes (16 MB) past a
    * 32-byte buffer. */
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, bad_index ? 252 : 0,
                         NULL);
   glEnableVertexAttribArray(0);

   GLushort indices[6] = {0, 1, 2, 2, 1, 3};
   if (bad_index) {
      indices[0] = indices[1] = indices[2] = 0;
      indices[3] = 0;
      indices[4] = 0;
      indices[5] = 65535;
   }
   glGenBuffers(1, &ibo);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices,
                GL_STATIC_DRAW);

   glUseProgram(prog);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL);
   unsigned char px[4] = {0};
   glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glDeleteBuffers(1, &vbo);
   glDeleteBuffers(1, &ibo);
   return px[0] | px[1] << 8 | px[2] << 16 | (unsigned)px[3] << 24;
}

int
main(int argc, char **argv)
{
   bool expect_reset = false;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--expect-reset")) {
         expect_reset = true;
      } else {
         fprintf(stderr, "usage: gles2_reset [--expect-reset]\n");
         return 2;
      }
   }

   PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress(
         "eglGetPlatformDisplayEXT");
   EGLDisplay dpy = get_platform_display
                       ? get_platform_display(EGL_PLATFORM_SURFACELESS_MESA,
                                              EGL_DEFAULT_DISPLAY, NULL)
                       : EGL_NO_DISPLAY;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
      fprintf(stderr, "SKIP: no surfaceless EGL display\n");
      return SKIP;
   }
   const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
   if (!exts || !strstr(exts, "EGL_EXT_create_context_robustness")) {
      fprintf(stderr, "FAIL: no EGL_EXT_create_context_robustness\n");
      return 1;
   }
   static const EGLint config_attribs[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
      EGL_OPENGL_ES2_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8,
      EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
   };
   EGLConfig config;
   EGLint n = 0;
   if (!eglChooseConfig(dpy, config_attribs, &config, 1, &n) || n < 1 ||
       !eglBindAPI(EGL_OPENGL_ES_API)) {
      fprintf(stderr, "FAIL: no RGBA8 pbuffer config\n");
      return 1;
   }

   EGLSurface surf;
   EGLContext ctx = make_current(dpy, config, &surf);
   if (ctx == EGL_NO_CONTEXT) {
      fprintf(stderr, "FAIL: no robust ES 2.0 context (0x%x)\n",
              eglGetError());
      return 1;
   }
   reset_status_fn reset_status =
      (reset_status_fn)eglGetProcAddress("glGetGraphicsResetStatusEXT");
   if (!reset_status)
      reset_status =
         (reset_status_fn)eglGetProcAddress("glGetGraphicsResetStatusKHR");
   if (!reset_status) {
      fprintf(stderr, "FAIL: no glGetGraphicsResetStatus entry point\n");
      return 1;
   }

   GLuint prog = build_program();
   if (!prog) {
      fprintf(stderr, "FAIL: program did not link\n");
      return 1;
   }
   int fails = 0;

   /* A good draw: red, and no reset. */
   unsigned px = draw(prog, false);
   if (px != 0xff0000ffu) {
      fprintf(stderr, "FAIL: good draw gave 0x%08x, want 0xff0000ff\n", px);
      fails++;
   }
   if (reset_status() != GL_NO_ERROR) {
      fprintf(stderr, "FAIL: reset reported before any fault\n");
      fails++;
   }

   /* The faulting draw.  glReadPixels waits for it. */
   double t0 = now_s();
   draw(prog, true);
   glFinish();
   GLenum status = reset_status();
   GLenum again = reset_status();
   if (status == GL_GUILTY_CONTEXT_RESET) {
      if (again != GL_NO_ERROR) {
         fprintf(stderr, "FAIL: the reset was reported twice\n");
         fails++;
      }
      /* Lost: calls go on without crashing or hanging. */
      draw(prog, false);
      glFinish();
   } else if (status == GL_NO_ERROR && !expect_reset) {
      printf("no reset (this driver did not fault)\n");
   } else {
      fprintf(stderr, "FAIL: reset status 0x%x, want 0x%x "
              "(GL_GUILTY_CONTEXT_RESET)\n", status, GL_GUILTY_CONTEXT_RESET);
      fails++;
   }
   if (now_s() - t0 > 30) {
      fprintf(stderr, "FAIL: the faulting draw took %.1f s\n", now_s() - t0);
      fails++;
   }
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surf);
   eglDestroyContext(dpy, ctx);

   /* A fresh context works (the device was not lost). */
   ctx = make_current(dpy, config, &surf);
   if (ctx == EGL_NO_CONTEXT) {
      fprintf(stderr, "FAIL: no context after the reset (0x%x)\n",
              eglGetError());
      return 1;
   }
   prog = build_program();
   px = prog ? draw(prog, false) : 0;
   if (px != 0xff0000ffu || reset_status() != GL_NO_ERROR) {
      fprintf(stderr, "FAIL: fresh context after the reset: 0x%08x\n", px);
      fails++;
   }
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surf);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);

   if (!fails)
      printf("PASS: %s\n", status == GL_GUILTY_CONTEXT_RESET
                              ? "guilty reset reported once, process alive"
                              : "no crash");
   return fails ? 1 : 0;
}
