/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Transform feedback in a desktop 3.2 core context, values worked out
 * from the GL rules; nothing is rasterised (RASTERIZER_DISCARD) while
 * capturing.
 *
 * 1. Strips and fans captured as separate triangles (GL 3.2 section
 *    2.15) keep each triangle's provoking vertex (section 2.18.8, table
 *    2.12) in its place: last with LAST_VERTEX_CONVENTION (the strip's
 *    odd triangles p + 1, p, p + 2; fan triangles 0, p + 1, p + 2), first
 *    with FIRST_VERTEX_CONVENTION (odd strip triangles p, p + 2, p + 1,
 *    fan triangles p + 1, p + 2, 0: rotations, so winding stays).  The
 *    vertex shader outputs gl_VertexID; drawn both as arrays from vertex
 *    2 (vertices 2..6) and as elements 7 1 4 0 9.
 * 2. A geometry shader's gl_ClipDistance, redeclared with 3 elements,
 *    captured whole ("gl_ClipDistance": 3 floats) beside one element and
 *    an ordinary output: point k writes tag = 7 and distances 10 k + i.
 * 3. With RASTERIZER_DISCARD on, glClear and glClearBufferfv leave a
 *    green framebuffer object alone (section 2.17); with it off they
 *    clear.
 *
 * Usage: desktop_xfb_capture [--quiet] [--no-skip]
 * Exit status: 0 pass, 1 fail, 77 no desktop 3.2 context.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl_compat.h"

#define W 8
#define H 8

static const char id_vs[] = "#version 150\n"
                            "flat out int id;\n"
                            "void main() {\n"
                            "   id = gl_VertexID;\n"
                            "   gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n"
                            "}\n";
static const char fs[] = "#version 150\n"
                         "out vec4 c;\n"
                         "void main() { c = vec4(1.0); }\n";

static const char clip_vs[] = "#version 150\n"
                              "flat out int vid;\n"
                              "void main() {\n"
                              "   vid = gl_VertexID;\n"
                              "   gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n"
                              "}\n";
static const char clip_gs[] =
   "#version 150\n"
   "layout(points) in;\n"
   "layout(points, max_vertices = 1) out;\n"
   "flat in int vid[];\n"
   "out float tag;\n"
   "out float gl_ClipDistance[3];\n"
   "void main() {\n"
   "   gl_Position = gl_in[0].gl_Position;\n"
   "   tag = 7.0;\n"
   "   for (int i = 0; i < 3; i++)\n"
   "      gl_ClipDistance[i] = float(10 * vid[0] + i);\n"
   "   EmitVertex();\n"
   "}\n";

/* A program of the shaders (gs may be NULL) relinked to capture names
 * interleaved; 0 when it does not link. */
static GLuint
capture_program(const char *vs_src, const char *gs_src,
                const char *const *names, GLsizei n)
{
   GLuint prog = gs_src ? e2e_gl_program_gs(vs_src, gs_src, fs, NULL)
                        : e2e_gl_program(vs_src, fs, NULL);
   if (!prog)
      return 0;
   glTransformFeedbackVaryings(prog, n, names, GL_INTERLEAVED_ATTRIBS);
   glLinkProgram(prog);
   if (!e2e_gl_linked(prog, "link failed")) {
      glDeleteProgram(prog);
      return 0;
   }
   return prog;
}

/* Captures one draw of 5 vertices (the bound elements when indexed,
 * else arrays from vertex 2) into buf and compares the n words with
 * want. */
static bool
check_capture(GLuint buf, GLenum mode, bool indexed, const GLint *want, int n,
              const char *what, bool quiet)
{
   static const GLint zero[32];
   glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(zero), zero,
                GL_STREAM_READ);
   glBeginTransformFeedback(GL_TRIANGLES);
   if (indexed)
      glDrawElements(mode, 5, GL_UNSIGNED_BYTE, NULL);
   else
      glDrawArrays(mode, 2, 5);
   glEndTransformFeedback();
   GLint got[32];
   if (!e2e_gl_read_buffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf, 0, sizeof(got),
                           got))
      return false;
   bool ok = true;
   for (int i = 0; i < n + 1; i++) {
      GLint w = i < n ? want[i] : 0; /* nothing past the 3 triangles */
      if (got[i] != w) {
         printf("FAIL %s: word %d is %d, expected %d\n", what, i, got[i], w);
         ok = false;
      }
   }
   if (ok && !quiet)
      printf("ok %s\n", what);
   return ok;
}

static bool
test_provoking(e2e_gl_provoking_vertex_fn provoking, GLuint buf, bool quiet)
{
   const char *names[] = {"id"};
   GLuint prog = capture_program(id_vs, NULL, names, 1);
   if (!prog)
      return false;
   glUseProgram(prog);
   /* elements: strip and fan vertices 7 1 4 0 9 */
   static const GLubyte elements[5] = {7, 1, 4, 0, 9};
   GLuint ibo = e2e_gl_new_buffer(GL_ELEMENT_ARRAY_BUFFER, sizeof(elements),
                                  elements, GL_STATIC_DRAW);
   static const struct {
      GLenum convention, mode;
      bool indexed;
      GLint want[9];
      const char *what;
   } cases[] = {
      {E2E_GL_LAST_VERTEX_CONVENTION,
       GL_TRIANGLE_STRIP,
       false,
       {2, 3, 4, 4, 3, 5, 4, 5, 6},
       "strip, last"},
      {E2E_GL_LAST_VERTEX_CONVENTION,
       GL_TRIANGLE_FAN,
       false,
       {2, 3, 4, 2, 4, 5, 2, 5, 6},
       "fan, last"},
      {E2E_GL_FIRST_VERTEX_CONVENTION,
       GL_TRIANGLE_STRIP,
       false,
       {2, 3, 4, 3, 5, 4, 4, 5, 6},
       "strip, first"},
      {E2E_GL_FIRST_VERTEX_CONVENTION,
       GL_TRIANGLE_FAN,
       false,
       {3, 4, 2, 4, 5, 2, 5, 6, 2},
       "fan, first"},
      {E2E_GL_LAST_VERTEX_CONVENTION,
       GL_TRIANGLE_STRIP,
       true,
       {7, 1, 4, 4, 1, 0, 4, 0, 9},
       "indexed strip, last"},
      {E2E_GL_LAST_VERTEX_CONVENTION,
       GL_TRIANGLE_FAN,
       true,
       {7, 1, 4, 7, 4, 0, 7, 0, 9},
       "indexed fan, last"},
      {E2E_GL_FIRST_VERTEX_CONVENTION,
       GL_TRIANGLE_STRIP,
       true,
       {7, 1, 4, 1, 0, 4, 4, 0, 9},
       "indexed strip, first"},
      {E2E_GL_FIRST_VERTEX_CONVENTION,
       GL_TRIANGLE_FAN,
       true,
       {1, 4, 7, 4, 0, 7, 0, 9, 7},
       "indexed fan, first"},
   };
   bool ok = true;
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      provoking(cases[i].convention);
      ok &= check_capture(buf, cases[i].mode, cases[i].indexed, cases[i].want,
                          9, cases[i].what, quiet);
   }
   glDeleteBuffers(1, &ibo);
   glDeleteProgram(prog);
   return ok;
}

static bool
test_gs_clip_distance(GLuint buf, bool quiet)
{
   const char *names[] = {"tag", "gl_ClipDistance", "gl_ClipDistance[1]"};
   GLuint prog = capture_program(clip_vs, clip_gs, names, 3);
   if (!prog)
      return false;
   bool ok = true;
   GLsizei size = 0;
   GLenum type = 0;
   glGetTransformFeedbackVarying(prog, 1, 0, NULL, &size, &type, NULL);
   ok &= e2e_gl_check("gl_ClipDistance size", size, 3, quiet);
   ok &= e2e_gl_check("gl_ClipDistance type", type, GL_FLOAT, quiet);
   glUseProgram(prog);
   static const GLfloat zero[12];
   glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(zero), zero,
                GL_STREAM_READ);
   glBeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, 2);
   glEndTransformFeedback();
   GLfloat got[12];
   if (!e2e_gl_read_buffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf, 0, sizeof(got),
                           got))
      return false;
   /* records of 5 floats: tag, the 3 distances, distance 1 */
   static const GLfloat want[12] = {7, 0, 1, 2, 1, 7, 10, 11, 12, 11, 0, 0};
   for (int i = 0; i < 12; i++) {
      char what[48];
      snprintf(what, sizeof(what), "geometry capture word %d", i);
      ok &= e2e_gl_check(what, got[i], want[i], quiet);
   }
   glDeleteProgram(prog);
   return ok;
}

/* (in a framebuffer object: llvmpipe's glClearBuffer* leave its pbuffer
 * alone) */
static bool
test_discarded_clears(bool quiet)
{
   static const GLfloat red[4] = {1, 0, 0, 1};
   GLuint fb, rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_RASTERIZER_DISCARD);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glClearBufferfv(GL_COLOR, 0, red);
   glDisable(GL_RASTERIZER_DISCARD);
   bool ok = e2e_gl_probe_read(W, H, 3, 3, e2e_gl_green, 0,
                               "clears under RASTERIZER_DISCARD", quiet);
   glClearBufferfv(GL_COLOR, 0, red);
   ok &= e2e_gl_probe_read(W, H, 3, 3, e2e_gl_red, 0,
                           "ClearBufferfv without it", quiet);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &rb);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl gl;
   bool quiet = false;
   struct e2e_gl_options opts = e2e_gl_core_options(W, H, 3, 2);
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   e2e_gl_provoking_vertex_fn provoking;
   const struct e2e_gl_proc procs[] = {
      {"glProvokingVertex", &provoking},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;

   GLuint vao;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   GLuint buf = e2e_gl_new_buffer(GL_TRANSFORM_FEEDBACK_BUFFER, 128, NULL,
                                  GL_STREAM_READ);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
   glEnable(GL_RASTERIZER_DISCARD);
   bool ok = test_provoking(provoking, buf, quiet);
   ok &= test_gs_clip_distance(buf, quiet);
   glDisable(GL_RASTERIZER_DISCARD);
   ok &= test_discarded_clears(quiet);
   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      printf("FAIL GL error 0x%x\n", err);
      ok = false;
   }
   glDeleteBuffers(1, &buf);
   glDeleteVertexArrays(1, &vao);
   return e2e_gl_finish(&gl, ok, quiet);
}
