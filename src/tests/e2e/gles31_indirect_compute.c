/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * An OpenGL ES 3.1 context (EGL_CONTEXT_MAJOR_VERSION 3, MINOR 1): its
 * version strings, a GLSL ES 3.10 compute shader writing storage
 * buffers, and draws whose parameters come from a DRAW_INDIRECT_BUFFER.
 * Every value follows from the ES 3.1 rules:
 *   1 GL_VERSION "OpenGL ES 3.x", MAJOR_VERSION 3 and MINOR_VERSION >= 1
 *     (EGL_KHR_create_context: a compatible later version may be given),
 *     GL_SHADING_LANGUAGE_VERSION "OpenGL ES GLSL ES 3.x" (section 20.2).
 *   2 a compute shader of 2 groups of 4 invocations: invocation i stores
 *     i * i + k (uniform k = 5) into v[i], and invocation 0 writes the
 *     DrawArraysIndirectCommand (4, 2, 0, 0) into a second buffer.
 *   3 the errors of section 10.5: no DRAW_INDIRECT_BUFFER, the vertex
 *     array object 0 or an offset past the buffer's end are
 *     INVALID_OPERATION, an offset not a multiple of 4 INVALID_VALUE, an
 *     index type not one of the three INVALID_ENUM; the binding query.
 *   4 glDrawArraysIndirect with that buffer (after
 *     glMemoryBarrier(COMMAND_BARRIER_BIT)): a 4-vertex strip of the
 *     window-sized square, 2 instances; the vertex shader puts instance
 *     i in the left (i = 0, red) or right (i = 1, blue) half.
 *   5 glDrawElementsIndirect (3, 1, 3, 0, 0) over the indices
 *     {0, 1, 2, 1, 3, 2}: only the second triangle, (1, -1) (1, 1)
 *     (-1, 1) squeezed into the left half: its upper-right half red,
 *     the rest black.
 *   6 the arrays command of 4 again with a per-instance colour
 *     (glVertexAttribDivisor 1: green, then white): left green, right
 *     white.
 * llvmpipe (an ES 3.2 context) passes it too.
 *
 * Usage: gles31_indirect_compute [--quiet] [--no-skip]
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
   "flat out int inst;\n"
   "void main() {\n"
   "   inst = gl_InstanceID;\n"
   "   float x = pos.x * 0.5 - 0.5 + float(gl_InstanceID);\n"
   "   gl_Position = vec4(x, pos.y, 0.0, 1.0);\n"
   "}\n";
static const char fs[] =
   "#version 310 es\n"
   "precision mediump float;\n"
   "flat in int inst;\n"
   "out vec4 c;\n"
   "void main() {\n"
   "   c = inst == 0 ? vec4(1.0, 0.0, 0.0, 1.0) : vec4(0.0, 0.0, 1.0, 1.0);\n"
   "}\n";
static const char vs_colour[] =
   "#version 310 es\n"
   "layout(location = 0) in vec2 pos;\n"
   "layout(location = 1) in vec4 colour;\n"
   "out vec4 v_colour;\n"
   "void main() {\n"
   "   v_colour = colour;\n"
   "   float x = pos.x * 0.5 - 0.5 + float(gl_InstanceID);\n"
   "   gl_Position = vec4(x, pos.y, 0.0, 1.0);\n"
   "}\n";
static const char fs_colour[] =
   "#version 310 es\n"
   "precision mediump float;\n"
   "in vec4 v_colour;\n"
   "out vec4 c;\n"
   "void main() { c = v_colour; }\n";
static const char cs[] =
   "layout(local_size_x = 4) in;\n"
   "layout(std430, binding = 0) buffer Cmd { uint cmd[4]; };\n"
   "layout(std430, binding = 1) buffer Out { uint v[]; };\n"
   "uniform uint k;\n"
   "void main() {\n"
   "   uint i = gl_GlobalInvocationID.x;\n"
   "   v[i] = i * i + k;\n"
   "   if (i == 0u) {\n"
   "      cmd[0] = 4u;\n"
   "      cmd[1] = 2u;\n"
   "      cmd[2] = 0u;\n"
   "      cmd[3] = 0u;\n"
   "   }\n"
   "}\n";

/* 1 */
static bool
versions(void)
{
   const char *v = (const char *)glGetString(GL_VERSION);
   const char *sl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
   GLint major = 0, minor = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(GL_MINOR_VERSION, &minor);
   bool ok = v && !strncmp(v, "OpenGL ES 3.", 12) && major == 3 &&
             minor >= 1 && sl && !strncmp(sl, "OpenGL ES GLSL ES 3.", 20);
   if (!ok || !quiet)
      printf("%s GL_VERSION \"%s\" (%d.%d), GLSL \"%s\"\n",
             ok ? "ok  " : "FAIL", v ? v : "(null)", major, minor,
             sl ? sl : "(null)");
   return ok;
}

/* 2: returns the command buffer (0 on failure) */
static GLuint
compute(bool *ok)
{
   GLuint p = e2e_gl_compute_program("#version 310 es\n", cs);
   if (!p) {
      *ok = false;
      return 0;
   }
   static const uint32_t zero[8] = {0};
   GLuint cmd = e2e_gl_new_buffer(GL_SHADER_STORAGE_BUFFER, 16, zero,
                                GL_DYNAMIC_COPY);
   GLuint out = e2e_gl_new_buffer(GL_SHADER_STORAGE_BUFFER, sizeof(zero),
                                zero, GL_DYNAMIC_COPY);
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, cmd);
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, out);
   glUseProgram(p);
   glUniform1ui(glGetUniformLocation(p, "k"), 5);
   glDispatchCompute(2, 1, 1);
   glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
   *ok &= e2e_gl_expect_error(GL_NO_ERROR, "glDispatchCompute", quiet);
   uint32_t v[8];
   if (!e2e_gl_read_buffer(GL_SHADER_STORAGE_BUFFER, out, 0, sizeof(v), v)) {
      *ok = false;
   } else {
      for (unsigned i = 0; i < 8; i++) {
         char what[32];
         snprintf(what, sizeof(what), "v[%u]", i);
         *ok &= e2e_gl_check(what, v[i], i * i + 5, quiet);
      }
   }
   glDeleteBuffers(1, &out);
   glDeleteProgram(p);
   return cmd;
}

/* 3 */
static bool
errors(GLuint cmd, GLuint vao)
{
   bool ok = true;
   glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
   glDrawArraysIndirect(GL_TRIANGLE_STRIP, NULL);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION, "no DRAW_INDIRECT_BUFFER",
                             quiet);
   glBindBuffer(GL_DRAW_INDIRECT_BUFFER, cmd);
   GLint bound = 0;
   glGetIntegerv(GL_DRAW_INDIRECT_BUFFER_BINDING, &bound);
   ok &= e2e_gl_check("DRAW_INDIRECT_BUFFER_BINDING", bound, cmd, quiet);
   glDrawArraysIndirect(GL_TRIANGLE_STRIP, (const void *)2);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "offset 2", quiet);
   glDrawArraysIndirect(GL_TRIANGLE_STRIP, (const void *)4);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION, "past the end", quiet);
   glDrawElementsIndirect(GL_TRIANGLES, GL_FLOAT, NULL);
   ok &= e2e_gl_expect_error(GL_INVALID_ENUM, "index type FLOAT", quiet);
   glBindVertexArray(0);
   glDrawArraysIndirect(GL_TRIANGLE_STRIP, NULL);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION, "vertex array object 0",
                             quiet);
   glBindVertexArray(vao);
   return ok;
}

static bool
probe(int x, int y, const uint8_t want[4], const char *what)
{
   return e2e_gl_probe_read(W, H, x, y, want, 1, what, quiet);
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts =
      e2e_gl_version_options(W, H, 3, 1, false);
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   bool ok = versions();
   GLuint cmd = compute(&ok);
   GLuint prog = e2e_gl_program(vs, fs, NULL);
   if (!cmd || !prog)
      return e2e_gl_finish(&gl, false, quiet);

   struct e2e_gl_vertices quad;
   e2e_gl_vec2_vertices(&quad, e2e_gl_quad_strip, 4);
   ok &= errors(cmd, quad.vao);

   /* 4 */
   static const uint8_t red[4] = {255, 0, 0, 255}, blue[4] = {0, 0, 255, 255},
                        black[4] = {0, 0, 0, 255};
   glUseProgram(prog);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArraysIndirect(GL_TRIANGLE_STRIP, NULL);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "glDrawArraysIndirect", quiet);
   ok &= probe(3, 4, red, "instance 0 (left)");
   ok &= probe(12, 4, blue, "instance 1 (right)");

   /* 5 */
   static const GLubyte indices[6] = {0, 1, 2, 1, 3, 2};
   static const GLuint elements_cmd[5] = {3, 1, 3, 0, 0};
   GLuint ib = e2e_gl_new_buffer(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices),
                                 indices, GL_STATIC_DRAW);
   GLuint eb = e2e_gl_new_buffer(GL_DRAW_INDIRECT_BUFFER,
                                 sizeof(elements_cmd), elements_cmd,
                                 GL_STATIC_DRAW);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_BYTE, NULL);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "glDrawElementsIndirect", quiet);
   ok &= probe(6, 6, red, "second triangle");
   ok &= probe(1, 1, black, "first triangle not drawn");
   ok &= probe(12, 4, black, "right half not drawn");

   /* 6 */
   static const GLubyte colours[2][4] = {{0, 255, 0, 255},
                                         {255, 255, 255, 255}};
   GLuint coloured = e2e_gl_program(vs_colour, fs_colour, NULL);
   GLuint cb = e2e_gl_new_buffer(GL_ARRAY_BUFFER, sizeof(colours), colours,
                                 GL_STATIC_DRAW);
   glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, NULL);
   glVertexAttribDivisor(1, 1);
   glEnableVertexAttribArray(1);
   glUseProgram(coloured);
   glBindBuffer(GL_DRAW_INDIRECT_BUFFER, cmd);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArraysIndirect(GL_TRIANGLE_STRIP, NULL);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "instanced attribute", quiet);
   ok &= probe(3, 4, colours[0], "instance 0 colour");
   ok &= probe(12, 4, colours[1], "instance 1 colour");

   glDeleteBuffers(1, &cb);
   glDeleteProgram(coloured);
   glDeleteBuffers(1, &ib);
   glDeleteBuffers(1, &eb);
   glDeleteBuffers(1, &cmd);
   e2e_gl_vertices_delete(&quad);
   glDeleteProgram(prog);
   return e2e_gl_finish(&gl, ok, quiet);
}
