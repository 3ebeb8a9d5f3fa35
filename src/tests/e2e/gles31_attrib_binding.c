/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Vertex buffer bindings in an OpenGL ES 3.1 context (ES 3.1 section
 * 10.3.1, ARB_vertex_attrib_binding).  Every value follows from the
 * spec:
 *   1 the initial state (table 20.3: attribute i reads binding i at
 *     relative offset 0, bindings have stride 16) and the limits (table
 *     20.41: 16 bindings, relative offsets to 2047, strides to 2048 at
 *     least).
 *   2 the errors: the vertex array object 0 bound, a name GenBuffers
 *     never gave (INVALID_OPERATION); a binding or attribute index past
 *     the limit, a negative offset, a stride past the limit, a relative
 *     offset past its limit, size 5 (INVALID_VALUE); FLOAT for
 *     glVertexAttribIFormat (INVALID_ENUM).
 *   3 one buffer of interleaved vertices (vec2 position at 0, RGBA8
 *     colour at relative offset 8, stride 12) on binding 0 read by
 *     attributes 0 and 1: the window-sized square in its colour (red).
 *   4 attribute 1 moved to binding 3 (a buffer of two RGBA8 colours,
 *     divisor 1), 2 instances each in its half of the window: left
 *     green, right white; VERTEX_ATTRIB_ARRAY_DIVISOR and
 *     VERTEX_BINDING_BUFFER follow the binding.
 *   5 glVertexAttribPointer(1, ...) makes attribute 1 read binding 1
 *     again (section 10.3.2).
 * llvmpipe (an ES 3.2 context) passes it too.
 *
 * Usage: gles31_attrib_binding [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl31.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 16
#define H 8

static bool quiet;

static const char vs[] =
   "#version 310 es\n"
   "layout(location = 0) in vec2 pos;\n"
   "layout(location = 1) in vec4 colour;\n"
   "uniform float halves;\n"
   "out vec4 v_colour;\n"
   "void main() {\n"
   "   v_colour = colour;\n"
   "   float x = mix(pos.x, pos.x * 0.5 - 0.5 + float(gl_InstanceID),\n"
   "                 halves);\n"
   "   gl_Position = vec4(x, pos.y, 0.0, 1.0);\n"
   "}\n";
static const char fs[] =
   "#version 310 es\n"
   "precision mediump float;\n"
   "in vec4 v_colour;\n"
   "out vec4 c;\n"
   "void main() { c = v_colour; }\n";

static GLint
attrib(GLuint i, GLenum pname)
{
   GLint v = -1;
   glGetVertexAttribiv(i, pname, &v);
   return v;
}

/* 1 */
static bool
initial_state(void)
{
   bool ok = e2e_gl_check("VERTEX_ATTRIB_BINDING of 3",
                          attrib(3, GL_VERTEX_ATTRIB_BINDING), 3, quiet);
   ok &= e2e_gl_check("VERTEX_ATTRIB_RELATIVE_OFFSET of 3",
                      attrib(3, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 0, quiet);
   ok &= e2e_gl_check("VERTEX_BINDING_STRIDE of 2",
                      e2e_gl_integer_i(GL_VERTEX_BINDING_STRIDE, 2), 16, quiet);
   ok &= e2e_gl_check("MAX_VERTEX_ATTRIB_BINDINGS >= 16",
                      e2e_gl_integer(GL_MAX_VERTEX_ATTRIB_BINDINGS) >= 16, 1, quiet);
   ok &= e2e_gl_check("MAX_VERTEX_ATTRIB_RELATIVE_OFFSET >= 2047",
                      e2e_gl_integer(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET) >= 2047,
                      1, quiet);
   ok &= e2e_gl_check("MAX_VERTEX_ATTRIB_STRIDE >= 2048",
                      e2e_gl_integer(GL_MAX_VERTEX_ATTRIB_STRIDE) >= 2048, 1, quiet);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "queries", quiet);
   return ok;
}

/* 2, with vao bound and buf a buffer */
static bool
errors(GLuint vao, GLuint buf)
{
   GLuint bindings = (GLuint)e2e_gl_integer(GL_MAX_VERTEX_ATTRIB_BINDINGS);
   GLuint attribs = (GLuint)e2e_gl_integer(GL_MAX_VERTEX_ATTRIBS);
   GLint relative = e2e_gl_integer(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET);
   GLint stride = e2e_gl_integer(GL_MAX_VERTEX_ATTRIB_STRIDE);
   bool ok = true;

   glBindVertexArray(0);
   glBindVertexBuffer(0, buf, 0, 8);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION, "vertex array object 0",
                             quiet);
   glBindVertexArray(vao);
   glBindVertexBuffer(0, 12345, 0, 8);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION, "buffer never generated",
                             quiet);
   glBindVertexBuffer(bindings, buf, 0, 8);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "binding past the last",
                             quiet);
   glBindVertexBuffer(0, buf, -4, 8);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "negative offset", quiet);
   glBindVertexBuffer(0, buf, 0, stride + 4);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "stride past the limit",
                             quiet);
   glVertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, (GLuint)relative + 1);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "relative offset past the "
                             "limit", quiet);
   glVertexAttribFormat(0, 5, GL_FLOAT, GL_FALSE, 0);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "size 5", quiet);
   glVertexAttribIFormat(0, 2, GL_FLOAT, 0);
   ok &= e2e_gl_expect_error(GL_INVALID_ENUM, "integer format FLOAT", quiet);
   glVertexAttribBinding(attribs, 0);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "attribute past the last",
                             quiet);
   glVertexBindingDivisor(bindings, 1);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "divisor of a binding past "
                             "the last", quiet);
   return ok;
}

static bool
probe(int x, int y, const uint8_t want[4], const char *what)
{
   return e2e_gl_probe_read(W, H, x, y, want, 1, what, quiet);
}

static bool
draw(GLuint prog, bool quiet_arg)
{
   quiet = quiet_arg;
   /* x, y as floats, then RGBA8 red: 12 bytes a vertex */
   struct vertex {
      float x, y;
      uint8_t rgba[4];
   } vertices[4];
   for (unsigned i = 0; i < 4; i++) {
      vertices[i].x = e2e_gl_quad_strip[2 * i];
      vertices[i].y = e2e_gl_quad_strip[2 * i + 1];
      memcpy(vertices[i].rgba, (const uint8_t[4]){255, 0, 0, 255}, 4);
   }
   static const uint8_t colours[2][4] = {{0, 255, 0, 255},
                                         {255, 255, 255, 255}};
   GLuint vao;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   bool ok = initial_state();
   GLuint vb = e2e_gl_new_buffer(GL_ARRAY_BUFFER, sizeof(vertices),
                                 vertices, GL_STATIC_DRAW);
   GLuint cb = e2e_gl_new_buffer(GL_ARRAY_BUFFER, sizeof(colours), colours,
                                 GL_STATIC_DRAW);
   ok &= errors(vao, vb);

   /* 3 */
   glBindVertexBuffer(0, vb, 0, sizeof(struct vertex));
   glVertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 0);
   glVertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 8);
   glVertexAttribBinding(0, 0);
   glVertexAttribBinding(1, 0);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glUniform1f(glGetUniformLocation(prog, "halves"), 0.0f);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "interleaved draw", quiet);
   static const uint8_t red[4] = {255, 0, 0, 255};
   ok &= probe(3, 4, red, "colour at relative offset 8");
   ok &= probe(12, 4, red, "colour at relative offset 8");

   /* 4 */
   glBindVertexBuffer(3, cb, 0, 4);
   glVertexBindingDivisor(3, 1);
   glVertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0);
   glVertexAttribBinding(1, 3);
   glUniform1f(glGetUniformLocation(prog, "halves"), 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 2);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "instanced draw", quiet);
   ok &= probe(3, 4, colours[0], "instance 0 colour (binding 3)");
   ok &= probe(12, 4, colours[1], "instance 1 colour (binding 3)");
   ok &= e2e_gl_check("VERTEX_ATTRIB_ARRAY_DIVISOR of 1",
                      attrib(1, GL_VERTEX_ATTRIB_ARRAY_DIVISOR), 1, quiet);
   ok &= e2e_gl_check("VERTEX_ATTRIB_ARRAY_BUFFER_BINDING of 1",
                      attrib(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), cb,
                      quiet);
   ok &= e2e_gl_check("VERTEX_BINDING_BUFFER of 3",
                      e2e_gl_integer_i(GL_VERTEX_BINDING_BUFFER, 3), cb, quiet);
   ok &= e2e_gl_check("VERTEX_BINDING_DIVISOR of 3",
                      e2e_gl_integer_i(GL_VERTEX_BINDING_DIVISOR, 3), 1, quiet);

   /* 5 */
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE,
                         sizeof(struct vertex), (const void *)8);
   ok &= e2e_gl_check("VERTEX_ATTRIB_BINDING of 1 after the pointer",
                      attrib(1, GL_VERTEX_ATTRIB_BINDING), 1, quiet);
   ok &= e2e_gl_check("VERTEX_BINDING_STRIDE of 1 after the pointer",
                      e2e_gl_integer_i(GL_VERTEX_BINDING_STRIDE, 1),
                      sizeof(struct vertex), quiet);

   glDeleteBuffers(1, &vb);
   glDeleteBuffers(1, &cb);
   glDeleteVertexArrays(1, &vao);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 3, 1, false);
   return e2e_gl_run_program(argc, argv, &opts, vs, fs, draw);
}
