/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Timer queries, GL_EXT_disjoint_timer_query on OpenGL ES 3.0: the time a
 * set of draws takes (GL_TIME_ELAPSED) and the GL's time once earlier
 * commands are done (glQueryCounterEXT(GL_TIMESTAMP)), in nanoseconds.
 *
 * Draws a hundred full-screen quads of a 64 x 64 framebuffer object
 * inside a TIME_ELAPSED query, between two timestamp queries, and checks what the extension's section 5.3 implies, with a CPU
 * clock (CLOCK_MONOTONIC) around it all:
 *  - the elapsed time is positive (draws ran) and no longer than the CPU
 *    saw pass from glBeginQuery to the end of glFinish;
 *  - the timestamps do not go back: the GL time read before
 *    (glGetInteger64v(GL_TIMESTAMP)) <= the first counter <= the second
 *    <= the GL time read after glFinish, and the counters are at least the
 *    elapsed time apart (the timed draws lie between them);
 *  - GL_GPU_DISJOINT_EXT reads without an error, and the query results
 *    are available after glFinish.
 * The program passes on llvmpipe too.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "e2e_gl.h"

#define W 64
#define H 64

static const char vs[] = "#version 300 es\n"
                         "in vec2 pos;\n"
                         "void main() { gl_Position = vec4(pos, 0, 1); }\n";
static const char fs[] = "#version 300 es\n"
                         "precision highp float;\n"
                         "uniform float u_k;\n"
                         "out vec4 o;\n"
                         "void main() {\n"
                         "   vec2 p = gl_FragCoord.xy / 64.0;\n"
                         "   o = vec4(fract(p * u_k), 0.5, 1.0);\n"
                         "}\n";

static const GLfloat quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};

static long long
cpu_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (long long)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

static void
draws(GLuint prog, int n)
{
   GLint k = glGetUniformLocation(prog, "u_k");
   for (int i = 0; i < n; i++) {
      glUniform1f(k, 1.0f + (float)i);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   }
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = {.width = W, .height = H, .es_major = 3};
   for (int i = 1; i < argc; ++i) {
      if (!strcmp(argv[i], "--no-skip"))
         opts.no_skip = true;
   }

   struct e2e_gl gl;
   int status = e2e_gl_open(&gl, &opts);
   if (status)
      return status;
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   if (!ext || !strstr(ext, "GL_EXT_disjoint_timer_query")) {
      fprintf(stderr, "no GL_EXT_disjoint_timer_query\n");
      e2e_gl_close(&gl);
      return opts.no_skip ? 1 : E2E_SKIP;
   }
   PFNGLQUERYCOUNTEREXTPROC query_counter;
   PFNGLGETQUERYOBJECTUI64VEXTPROC get_u64;
   const struct e2e_gl_proc procs[] = {
      {"glQueryCounterEXT", &query_counter},
      {"glGetQueryObjectui64vEXT", &get_u64},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;
   bool ok = true;

   GLint bits = 0;
   glGetQueryiv(GL_TIME_ELAPSED_EXT, GL_QUERY_COUNTER_BITS_EXT, &bits);
   ok &= bits == 0 || bits >= 30;
   glGetQueryiv(GL_TIMESTAMP_EXT, GL_QUERY_COUNTER_BITS_EXT, &bits);
   ok &= bits == 0 || bits >= 30;
   if (!ok)
      fprintf(stderr, "FAIL: counter bits %d\n", bits);

   GLuint fbo, rb;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   glViewport(0, 0, W, H);
   const char *const attribs[] = {"pos", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   if (!prog) {
      e2e_gl_close(&gl);
      return 1;
   }
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);

   GLint64 disjoint = 0, gl_before = 0, gl_after = 0;
   glGetInteger64v(GL_GPU_DISJOINT_EXT, &disjoint); /* clears it */

   GLuint q[3];
   glGenQueries(3, q);
   glClear(GL_COLOR_BUFFER_BIT);
   draws(prog, 8);
   glGetInteger64v(GL_TIMESTAMP_EXT, &gl_before);
   query_counter(q[0], GL_TIMESTAMP_EXT);
   long long cpu_begin = cpu_ns();
   glBeginQuery(GL_TIME_ELAPSED_EXT, q[1]);
   draws(prog, 100);
   glEndQuery(GL_TIME_ELAPSED_EXT);
   query_counter(q[2], GL_TIMESTAMP_EXT);
   glFinish();
   long long cpu_end = cpu_ns();
   glGetInteger64v(GL_TIMESTAMP_EXT, &gl_after);

   GLuint available = 0;
   glGetQueryObjectuiv(q[2], GL_QUERY_RESULT_AVAILABLE, &available);
   GLuint64 t0 = 0, elapsed = 0, t1 = 0;
   get_u64(q[0], GL_QUERY_RESULT_EXT, &t0);
   get_u64(q[1], GL_QUERY_RESULT_EXT, &elapsed);
   get_u64(q[2], GL_QUERY_RESULT_EXT, &t1);
   glGetInteger64v(GL_GPU_DISJOINT_EXT, &disjoint);
   GLenum err = glGetError();

   printf("elapsed %llu ns (CPU %lld ns); timestamps %lld <= %llu <= %llu "
          "<= %lld; disjoint %lld\n",
          (unsigned long long)elapsed, cpu_end - cpu_begin,
          (long long)gl_before, (unsigned long long)t0,
          (unsigned long long)t1, (long long)gl_after, (long long)disjoint);
   if (err) {
      fprintf(stderr, "FAIL: GL error 0x%x\n", err);
      ok = false;
   }
   if (!available) {
      fprintf(stderr, "FAIL: no result after glFinish\n");
      ok = false;
   }
   if (!disjoint) {
      if (elapsed == 0 || elapsed > (GLuint64)(cpu_end - cpu_begin)) {
         fprintf(stderr, "FAIL: elapsed time outside (0, CPU time]\n");
         ok = false;
      }
      if (!((GLuint64)gl_before <= t0 && t0 <= t1 &&
            t1 <= (GLuint64)gl_after)) {
         fprintf(stderr, "FAIL: timestamps go back\n");
         ok = false;
      }
      if (t1 - t0 < elapsed) {
         fprintf(stderr, "FAIL: the counters are closer than the timed "
                         "draws took\n");
         ok = false;
      }
   }

   glDeleteQueries(3, q);
   glDeleteProgram(prog);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(1, &rb);
   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
