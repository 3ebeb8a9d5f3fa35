/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A forward-compatible desktop OpenGL 3.0 context through EGL
 * (EGL_OPENGL_API): checks what the context says it is, the appendix E
 * rule that drawing needs a vertex array object, and then draws with GL
 * 3.0 features and checks the pixels.
 *
 * The framebuffer is four 16x16 columns (64 x 16), cleared to black.  The
 * fragment shader (GLSL 1.30) has two outputs, "unused" (red) declared
 * first and "color"; glBindFragDataLocation puts "color" on draw buffer 0,
 * so red never shows.  "color" depends on a flat integer attribute from
 * glVertexAttribIPointer: 1 green, 0 blue, 2 white.
 * Column 0: green quad inside a GL_SAMPLES_PASSED query (samples pass).
 * Column 1: a quad drawn outside the viewport inside a second query (no
 *           samples), then, conditionally on that query, a green quad:
 *           discarded, so black (GL 3.0 section 2.18).
 * Column 2: conditionally on the first query, a blue quad: drawn.
 * Column 3: white quad with glColorMaski(0, false, true, false, true):
 *           only green and alpha written (section 4.2.2).
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 64
#define H 16

/* GL 3.0 tokens and entry points that the ES headers lack. */
#define E2E_GL_CONTEXT_FLAGS 0x821E
#define E2E_GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT 0x1
#define E2E_GL_SAMPLES_PASSED 0x8914
#define E2E_GL_QUERY_WAIT 0x8E13
typedef void (*bind_frag_data_location_fn)(GLuint, GLuint, const GLchar *);
typedef void (*begin_conditional_render_fn)(GLuint, GLenum);
typedef void (*end_conditional_render_fn)(void);
typedef void (*color_mask_i_fn)(GLuint, GLboolean, GLboolean, GLboolean,
                                GLboolean);

static const char vs[] = "#version 130\n"
                         "in vec2 pos;\n"
                         "in int which;\n"
                         "flat out int v_which;\n"
                         "void main() {\n"
                         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                         "   v_which = which;\n"
                         "}\n";
static const char fs[] = "#version 130\n"
                         "flat in int v_which;\n"
                         "out vec4 unused;\n"
                         "out vec4 color;\n"
                         "void main() {\n"
                         "   unused = vec4(1.0, 0.0, 0.0, 1.0);\n"
                         "   if (v_which == 1)\n"
                         "      color = vec4(0.0, 1.0, 0.0, 1.0);\n"
                         "   else if (v_which == 2)\n"
                         "      color = vec4(1.0);\n"
                         "   else\n"
                         "      color = vec4(0.0, 0.0, 1.0, 1.0);\n"
                         "}\n";

/* One quad (triangle strip) per column, then one far outside the
 * viewport; 2 floats then 1 int per vertex. */
struct vertex {
   GLfloat x, y;
   GLint which;
};

static void
quad(struct vertex *v, float x0, int which)
{
   const float x1 = x0 + 0.5f;
   const struct vertex q[4] = {
      {x0, -1, which}, {x1, -1, which}, {x0, 1, which}, {x1, 1, which}};
   memcpy(v, q, sizeof(q));
}

struct probe {
   const char *what;
   int x;
   uint8_t rgba[4];
};

static const struct probe probes[] = {
   {"bound fragment output, integer attribute", 8, {0, 255, 0, 255}},
   {"draw discarded by a zero-sample query", 24, {0, 0, 0, 255}},
   {"draw kept by a query with samples", 40, {0, 0, 255, 255}},
   {"glColorMaski writes green and alpha only", 56, {0, 255, 0, 255}},
};

static bool
check_error(GLenum want, const char *what)
{
   GLenum e = glGetError();
   if (e == want)
      return true;
   printf("FAIL %s: GL error 0x%x (want 0x%x)\n", what, e, want);
   return false;
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl_options opts = e2e_gl_core_options(W, H, 3, 0);
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;

   bind_frag_data_location_fn bind_frag_data_location;
   begin_conditional_render_fn begin_cr;
   end_conditional_render_fn end_cr;
   color_mask_i_fn color_mask_i;
   const struct e2e_gl_proc procs[] = {
      {"glBindFragDataLocation", &bind_frag_data_location},
      {"glBeginConditionalRender", &begin_cr},
      {"glEndConditionalRender", &end_cr},
      {"glColorMaski", &color_mask_i},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;

   /* What the context is (GL 3.0 section 6.1.5). */
   const char *version = (const char *)glGetString(GL_VERSION);
   GLint major = 0, flags = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(E2E_GL_CONTEXT_FLAGS, &flags);
   /* EGL_KHR_create_context: a newer compatible version may be given. */
   if (!version || major < 3 || version[0] != '0' + major ||
       !(flags & E2E_GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT)) {
      printf("FAIL: context is \"%s\", major %d, flags 0x%x\n",
             version ? version : "(null)", major, flags);
      ok = false;
   } else if (!quiet) {
      printf("ok   context \"%s\", forward-compatible\n", version);
   }

   /* Appendix E: no default vertex array object. */
   glDrawArrays(GL_TRIANGLES, 0, 3);
   ok &= check_error(GL_INVALID_OPERATION, "draw without a VAO");

   GLuint prog = e2e_gl_program(vs, fs, NULL);
   if (!prog) {
      e2e_gl_close(&gl);
      return 1;
   }
   bind_frag_data_location(prog, 0, "color");
   bind_frag_data_location(prog, 1, "unused");
   glBindAttribLocation(prog, 0, "pos");
   glBindAttribLocation(prog, 1, "which");
   glLinkProgram(prog);
   GLint linked = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &linked);
   if (!linked || glGetFragDataLocation(prog, "color") != 0) {
      printf("FAIL: relink with bound outputs\n");
      e2e_gl_close(&gl);
      return 1;
   }

   struct vertex v[5 * 4];
   quad(v + 0, -1.0f, 1);  /* column 0, green */
   quad(v + 4, 4.0f, 1);   /* outside the viewport */
   quad(v + 8, -0.5f, 1);  /* column 1, green (discarded) */
   quad(v + 12, 0.0f, 0);  /* column 2, blue */
   quad(v + 16, 0.5f, 2);  /* column 3, white */

   GLuint vao, buf, q[2];
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &buf);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(struct vertex),
                         (void *)0);
   glVertexAttribIPointer(1, 1, GL_INT, sizeof(struct vertex),
                          (void *)offsetof(struct vertex, which));
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glUseProgram(prog);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);

   glGenQueries(2, q);
   glBeginQuery(E2E_GL_SAMPLES_PASSED, q[0]);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glEndQuery(E2E_GL_SAMPLES_PASSED);
   glBeginQuery(E2E_GL_SAMPLES_PASSED, q[1]);
   glDrawArrays(GL_TRIANGLE_STRIP, 4, 4);
   glEndQuery(E2E_GL_SAMPLES_PASSED);

   begin_cr(q[1], E2E_GL_QUERY_WAIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 8, 4);
   end_cr();
   begin_cr(q[0], E2E_GL_QUERY_WAIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 12, 4);
   end_cr();
   color_mask_i(0, GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
   glDrawArrays(GL_TRIANGLE_STRIP, 16, 4);
   color_mask_i(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   ok &= check_error(GL_NO_ERROR, "drawing");

   GLuint samples[2] = {0, 0};
   glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &samples[0]);
   glGetQueryObjectuiv(q[1], GL_QUERY_RESULT, &samples[1]);
   /* 16 x 16 pixels, one sample each. */
   if (samples[0] != 256 || samples[1] != 0) {
      printf("FAIL: samples passed %u and %u (want 256 and 0)\n", samples[0],
             samples[1]);
      ok = false;
   }

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= check_error(GL_NO_ERROR, "glReadPixels");
   for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); ++i)
      ok &= e2e_gl_probe(pixels, W, probes[i].x, 8, probes[i].rgba, 1,
                         probes[i].what, quiet);

   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
