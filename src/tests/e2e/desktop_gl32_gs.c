/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Geometry shaders (GL 3.2, GLSL 1.50) in a forward-compatible desktop
 * context, checked against pixels worked out by hand from the GL 3.2 core
 * specification (2009-12-07) and GLSL 1.50.
 *
 * The framebuffer is 64 x 64, cleared to black; NDC x maps to window
 * 32 x + 32.
 *
 * 1. Points to quads (section 2.12, layout(points) in,
 *    layout(triangle_strip, max_vertices = 4) out): points at (-0.5,
 *    -0.5), red, and (0.5, 0.5), green, become squares 0.25 around them,
 *    pixels 8-23 and 40-55 on both axes, in the point's colour (a vertex
 *    shader output read through gl_in's companion array).
 * 2. A triangle strip through a geometry shader that passes triangles on
 *    with a colour chosen by gl_PrimitiveIDIn (blue for 0, white for 1)
 *    and a second copy of each, moved down by 1 after EndPrimitive(), in
 *    the vertices' colour halved: the strip (-1,0) (1,0) (-1,1) (1,1)
 *    covers the top half, triangle 0 below its diagonal; its copy covers
 *    the bottom half.  The points of part 1 are drawn after, on top.
 *
 * Probes: (16, 16) red, (48, 48) green (part 1 over part 2); (26, 16)
 * half blue (26 / 64 + 16 / 32 < 1: below the copy's diagonal); (8, 36)
 * blue, (56, 60) white (part 2, top half); (8, 4) half blue, (56, 28)
 * half white (the copies); (20, 52) blue.
 *
 * Without geometry shaders in the stack (no 3.2 context, or the shader
 * does not compile) the program skips, or fails with --no-skip.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 64
#define H 64
#define E2E_GL_GEOMETRY_SHADER 0x8DD9

static const char vs[] = "#version 150\n"
                         "in vec2 pos;\n"
                         "in vec4 colour;\n"
                         "out vec4 v_colour;\n"
                         "void main() {\n"
                         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                         "   v_colour = colour;\n"
                         "}\n";
static const char gs_quads[] =
   "#version 150\n"
   "layout(points) in;\n"
   "layout(triangle_strip, max_vertices = 4) out;\n"
   "in vec4 v_colour[];\n"
   "out vec4 g_colour;\n"
   "void main() {\n"
   "   for (int i = 0; i < 4; i++) {\n"
   "      vec2 d = vec2(i % 2 == 0 ? -0.25 : 0.25, i < 2 ? -0.25 : 0.25);\n"
   "      gl_Position = gl_in[0].gl_Position + vec4(d, 0.0, 0.0);\n"
   "      g_colour = v_colour[0];\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";
static const char gs_copy[] =
   "#version 150\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 6) out;\n"
   "out vec4 g_colour;\n"
   "void main() {\n"
   "   vec4 c = gl_PrimitiveIDIn == 0 ? vec4(0.0, 0.0, 1.0, 1.0)\n"
   "                                  : vec4(1.0);\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      gl_Position = gl_in[i].gl_Position;\n"
   "      g_colour = c;\n"
   "      EmitVertex();\n"
   "   }\n"
   "   EndPrimitive();\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      gl_Position = gl_in[i].gl_Position - vec4(0.0, 1.0, 0.0, 0.0);\n"
   "      g_colour = vec4(c.rgb * 0.5, 1.0);\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";
static const char fs[] = "#version 150\n"
                         "in vec4 g_colour;\n"
                         "out vec4 color;\n"
                         "void main() {\n"
                         "   color = g_colour;\n"
                         "}\n";

/* 0 when the geometry shader is not accepted (*skip) or linking fails. */
static GLuint
program(const char *gs_src, bool *skip)
{
   GLuint g = e2e_gl_shader(E2E_GL_GEOMETRY_SHADER, gs_src);
   if (!g) {
      *skip = true;
      return 0;
   }
   glDeleteShader(g);
   static const char *const attribs[] = {"pos", "colour", NULL};
   return e2e_gl_program_gs(vs, gs_src, fs, attribs);
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true, skip = false;
   struct e2e_gl_options opts = e2e_gl_core_options(W, H, 3, 2);
   e2e_gl_common_args(argc, argv, &opts, &quiet);

   struct e2e_gl gl;
   int status = e2e_gl_open(&gl, &opts);
   if (status)
      return status;

   GLuint quads = program(gs_quads, &skip);
   GLuint copy = quads ? program(gs_copy, &skip) : 0;
   if (!quads || !copy) {
      e2e_gl_close(&gl);
      if (skip && !opts.no_skip) {
         printf("SKIP: geometry shaders are not accepted\n");
         return E2E_SKIP;
      }
      return 1;
   }

   /* pos (2 floats), colour (4): the strip, then the two points */
   static const float v[] = {
      -1, 0, 0, 0, 0, 1, /**/ 1, 0, 0, 0, 0, 1, /**/ -1, 1, 0, 0, 0, 1,
      1,  1, 0, 0, 0, 1, /**/ -0.5f, -0.5f, 1, 0, 0, 1, /**/
      0.5f, 0.5f, 0, 1, 0, 1,
   };
   GLuint vao, buf;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &buf);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);

   glUseProgram(copy);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glUseProgram(quads);
   glDrawArrays(GL_POINTS, 4, 2);

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   static const struct {
      int x, y;
      uint8_t want[4];
      const char *what;
   } probes[] = {
      {16, 16, {255, 0, 0, 255}, "point 0 as a quad, red"},
      {48, 48, {0, 255, 0, 255}, "point 1 as a quad, green"},
      {26, 16, {0, 0, 128, 255}, "right of quad 0: copy of triangle 0"},
      {8, 36, {0, 0, 255, 255}, "strip triangle 0 (gl_PrimitiveIDIn 0)"},
      {56, 60, {255, 255, 255, 255}, "strip triangle 1 (gl_PrimitiveIDIn 1)"},
      {8, 4, {0, 0, 128, 255}, "copy of triangle 0, moved down"},
      {56, 28, {128, 128, 128, 255}, "copy of triangle 1, moved down"},
      {20, 52, {0, 0, 255, 255}, "triangle 0 left of quad 1"},
   };
   for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); ++i)
      ok &= e2e_gl_probe(pixels, W, probes[i].x, probes[i].y,
                         probes[i].want, 2, probes[i].what, quiet);
   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      printf("FAIL: GL error 0x%x\n", err);
      ok = false;
   }
   glDeleteProgram(quads);
   glDeleteProgram(copy);
   glDeleteBuffers(1, &buf);
   glDeleteVertexArrays(1, &vao);
   e2e_gl_close(&gl);
   if (!quiet || !ok)
      printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
