/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Transform feedback (ES 3.0.6 section 2.15): what lands in the buffers,
 * computed by hand from the GL rules.
 *
 * Five vertices pos = (x, y, a, b); the vertex shader outputs
 * v_a = 2 pos + 1 and v_b = gl_VertexID.
 *
 * 1. Interleaved (v_a, v_b: records of 5 floats), points: draw vertices
 *    1..3, pause, draw vertex 4 (not captured), resume, draw vertex 0.
 *    Records 0-3 hold vertices 1, 2, 3, 0; records 4-5 keep the values
 *    the buffer had.  PRIMITIVES_WRITTEN: 4.
 * 2. Separate attributes (v_a to buffer A, v_b to a range of buffer B
 *    starting at its second float), triangles, with rasterizer discard:
 *    DrawArrays(0, 4) captures one triangle (vertex 3 completes none),
 *    DrawArrays(1, 3) a second one: A holds vertices 0 1 2 1 2 3, B's
 *    range their ids.  PRIMITIVES_WRITTEN: 2; nothing is rasterised.
 * 3. Buffer A, still unread by the CPU, as the vertex buffer of a red
 *    triangle (positions recovered as (v_a - 1) / 2): the lower-left half
 *    turns red, which needs the captured data to be in memory.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 32
#define H 32
#define SENTINEL 99.0f

static const char vs[] =
   "#version 300 es\n"
   "in vec4 pos;\n"
   "out vec4 v_a;\n"
   "out float v_b;\n"
   "void main() {\n"
   "   gl_Position = vec4(pos.xy, 0, 1);\n"
   "   gl_PointSize = 1.0;\n"
   "   v_a = pos * 2.0 + 1.0;\n"
   "   v_b = float(gl_VertexID);\n"
   "}\n";
static const char fs[] =
   "#version 300 es\n"
   "precision mediump float;\n"
   "in vec4 v_a;\n"
   "in float v_b;\n"
   "out vec4 o;\n"
   "void main() { o = vec4(0, 0, 1, 1); }\n";

static const char draw_vs[] =
   "#version 300 es\n"
   "in vec4 a;\n"
   "void main() { gl_Position = vec4((a.xy - 1.0) * 0.5, 0, 1); }\n";
static const char draw_fs[] =
   "#version 300 es\n"
   "precision mediump float;\n"
   "out vec4 o;\n"
   "void main() { o = vec4(1, 0, 0, 1); }\n";

static const GLfloat verts[5][4] = {
   {-1, -1, 0.5f, 3}, {1, -1, 1.5f, 4}, {-1, 1, 2.5f, 5},
   {1, 1, 3.5f, 6},   {0, 0, 4.5f, 7},
};

/* v_a of each vertex: 2 pos + 1. */
static const GLfloat va[5][4] = {
   {-1, -1, 2, 7}, {3, -1, 4, 9}, {-1, 3, 6, 11}, {3, 3, 8, 13},
   {1, 1, 10, 15},
};

static bool
check_floats(const char *what, const GLfloat *got, const GLfloat *want,
             unsigned n, bool quiet)
{
   bool ok = got != NULL;
   for (unsigned i = 0; ok && i < n; ++i)
      ok = got[i] == want[i];
   if (!ok || !quiet) {
      printf("%s %s:", ok ? "ok" : "FAIL", what);
      for (unsigned i = 0; got && i < n; ++i)
         printf(" %g%s", got[i], got[i] == want[i] ? "" : "(!)");
      printf("\n");
   }
   return ok;
}

static bool
check_buffer(GLuint buf, GLsizeiptr size, const char *what,
             const GLfloat *want, bool quiet)
{
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   const GLfloat *p =
      glMapBufferRange(GL_ARRAY_BUFFER, 0, size, GL_MAP_READ_BIT);
   bool ok = check_floats(what, p, want, (unsigned)(size / 4), quiet);
   if (p)
      glUnmapBuffer(GL_ARRAY_BUFFER);
   return ok;
}

static GLuint
xfb_program(GLenum mode)
{
   const char *const attribs[] = {"pos", NULL};
   const char *const varyings[] = {"v_a", "v_b"};
   GLuint vso = glCreateShader(GL_VERTEX_SHADER);
   GLuint fso = glCreateShader(GL_FRAGMENT_SHADER);
   const char *s = vs;
   glShaderSource(vso, 1, &s, NULL);
   glCompileShader(vso);
   s = fs;
   glShaderSource(fso, 1, &s, NULL);
   glCompileShader(fso);
   GLuint prog = glCreateProgram();
   glAttachShader(prog, vso);
   glAttachShader(prog, fso);
   glBindAttribLocation(prog, 0, attribs[0]);
   glTransformFeedbackVaryings(prog, 2, varyings, mode);
   glLinkProgram(prog);
   return e2e_gl_linked(prog, "FAIL: link") ? prog : 0;
}

static GLuint
make_buffer(unsigned floats)
{
   GLfloat data[64];
   for (unsigned i = 0; i < floats; ++i)
      data[i] = SENTINEL;
   GLuint b;
   glGenBuffers(1, &b);
   glBindBuffer(GL_ARRAY_BUFFER, b);
   glBufferData(GL_ARRAY_BUFFER, floats * 4, data, GL_STATIC_READ);
   return b;
}

static GLuint
query_result(GLuint q)
{
   GLuint v = 0;
   glGetQueryObjectuiv(q, GL_QUERY_RESULT, &v);
   return v;
}

int
main(int argc, char **argv)
{
   bool quiet = false;
   struct e2e_gl_options opts = {.width = W, .height = H, .es_major = 3};
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;

   GLuint inter = xfb_program(GL_INTERLEAVED_ATTRIBS);
   GLuint sep = xfb_program(GL_SEPARATE_ATTRIBS);
   const char *const draw_attribs[] = {"a", NULL};
   GLuint draw = e2e_gl_program(draw_vs, draw_fs, draw_attribs);
   if (!inter || !sep || !draw) {
      e2e_gl_close(&gl);
      return 1;
   }
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);

   GLuint vbo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, 0);
   glEnableVertexAttribArray(0);

   GLuint q[2];
   glGenQueries(2, q);
   bool ok = true;

   /* 1. Interleaved points, pause and resume. */
   GLuint ibuf = make_buffer(6 * 5);
   glUseProgram(inter);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, ibuf);
   glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[0]);
   glBeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 1, 3);
   glPauseTransformFeedback();
   glDrawArrays(GL_POINTS, 4, 1);
   glResumeTransformFeedback();
   glDrawArrays(GL_POINTS, 0, 1);
   glEndTransformFeedback();
   glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);

   GLfloat want1[6 * 5];
   const unsigned order1[4] = {1, 2, 3, 0};
   for (unsigned r = 0; r < 6; ++r) {
      for (unsigned c = 0; c < 5; ++c) {
         want1[5 * r + c] = r >= 4   ? SENTINEL
                            : c < 4 ? va[order1[r]][c]
                                    : (GLfloat)order1[r];
      }
   }

   /* 2. Separate attributes, triangles, rasterizer discard. */
   GLuint abuf = make_buffer(9 * 4);
   GLuint bbuf = make_buffer(8);
   glUseProgram(sep);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, abuf);
   glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 1, bbuf, 4, 6 * 4);
   glEnable(GL_RASTERIZER_DISCARD);
   glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
   glBeginTransformFeedback(GL_TRIANGLES);
   glDrawArrays(GL_TRIANGLES, 0, 4);
   glDrawArrays(GL_TRIANGLES, 1, 3);
   glEndTransformFeedback();
   glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   glDisable(GL_RASTERIZER_DISCARD);

   static uint8_t pixels[W * H * 4];
   const uint8_t black[4] = {0, 0, 0, 255}, red[4] = {255, 0, 0, 255};
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= e2e_gl_probe(pixels, W, 4, 4, black, 0,
                      "rasterizer discard: nothing drawn", quiet);

   const unsigned order2[6] = {0, 1, 2, 1, 2, 3};
   GLfloat want_a[9 * 4], want_b[8];
   for (unsigned r = 0; r < 9; ++r) {
      for (unsigned c = 0; c < 4; ++c)
         want_a[4 * r + c] = r < 6 ? va[order2[r]][c] : SENTINEL;
   }
   want_b[0] = want_b[7] = SENTINEL;
   for (unsigned r = 0; r < 6; ++r)
      want_b[1 + r] = (GLfloat)order2[r];

   /* 3. Buffer A as a vertex buffer, before the CPU reads anything. */
   glUseProgram(draw);
   glBindBuffer(GL_ARRAY_BUFFER, abuf);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, 0);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= e2e_gl_probe(pixels, W, 4, 4, red, 0,
                      "captured positions drawn (lower left)", quiet);
   ok &= e2e_gl_probe(pixels, W, 28, 28, black, 0,
                      "captured positions drawn (upper right empty)",
                      quiet);

   ok &= check_buffer(ibuf, sizeof(want1), "interleaved points", want1,
                      quiet);
   ok &= check_buffer(abuf, sizeof(want_a), "separate: v_a", want_a, quiet);
   ok &= check_buffer(bbuf, sizeof(want_b), "separate: v_b (range)",
                      want_b, quiet);
   GLuint n0 = query_result(q[0]), n1 = query_result(q[1]);
   if (n0 != 4 || n1 != 2 || !quiet)
      printf("%s PRIMITIVES_WRITTEN: %u (want 4), %u (want 2)\n",
             n0 == 4 && n1 == 2 ? "ok" : "FAIL", n0, n1);
   ok &= n0 == 4 && n1 == 2;

   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      fprintf(stderr, "FAIL: GL error 0x%x\n", err);
      ok = false;
   }
   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
