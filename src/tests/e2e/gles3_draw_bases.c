/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Draws with a base vertex, a base instance and an instance divisor above
 * 1 (OES_draw_elements_base_vertex, EXT_base_instance; ES 3.0 section
 * 2.9.3 for divisors), the draw paths piglit's oes_draw_elements_base_vertex
 * and arb_base_instance tests use, and checks the pixels.
 *
 * The framebuffer is four columns wide and two rows high (64 x 16).
 * Lower row: one quad drawn 4 times with glDrawArraysInstancedBaseInstance
 * (base instance 1), each instance one column further right
 * (gl_InstanceID, which the base instance does not change), its colour
 * from an array with divisor 2: element 1 + instance / 2 of {black, red,
 * green, blue, white}, so red, red, green, green.
 * Upper row: glDrawElementsBaseVertex with indices 0..3 and base vertex 4
 * draws the second quad of the position array (third column) in blue, not
 * the first (first column, left black).
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 64
#define H 16

typedef void (*draw_arrays_bi_fn)(GLenum, GLint, GLsizei, GLsizei, GLuint);
typedef void (*draw_elements_bv_fn)(GLenum, GLsizei, GLenum, const void *,
                                    GLint);

static const char vs[] =
   "#version 300 es\n"
   "in vec2 pos;\n"
   "in vec4 color;\n"
   "out vec4 v_color;\n"
   "void main() {\n"
   "   gl_Position = vec4(pos.x + 0.5 * float(gl_InstanceID), pos.y, 0, 1);\n"
   "   v_color = color;\n"
   "}\n";
static const char fs[] =
   "#version 300 es\n"
   "precision mediump float;\n"
   "in vec4 v_color;\n"
   "out vec4 o;\n"
   "void main() { o = v_color; }\n";

/* Triangle strips: the first column's lower quad; then the first and third
 * columns' upper quads. */
static const GLfloat lower[] = {-1, -1, -0.5f, -1, -1, 0, -0.5f, 0};
static const GLfloat upper[] = {-1, 0, -0.5f, 0, -1, 1, -0.5f, 1,
                                0,  0, 0.5f,  0, 0,  1, 0.5f,  1};
static const GLubyte colors[] = {0,   0,   0,   255, 255, 0,   0,
                                 255, 0,   255, 0,   255, 0,   0,
                                 255, 255, 255, 255, 255, 255};
static const GLushort indices[] = {0, 1, 2, 3};

struct probe {
   const char *what;
   int x, y;
   uint8_t rgba[4];
};

static const struct probe probes[] = {
   {"instance 0: element 1 (red)", 8, 4, {255, 0, 0, 255}},
   {"instance 1: element 1 (red)", 24, 4, {255, 0, 0, 255}},
   {"instance 2: element 2 (green)", 40, 4, {0, 255, 0, 255}},
   {"instance 3: element 2 (green)", 56, 4, {0, 255, 0, 255}},
   {"base vertex 4 skips the first quad", 8, 12, {0, 0, 0, 255}},
   {"base vertex 4 draws the second quad", 40, 12, {0, 0, 255, 255}},
   {"nothing else drawn", 56, 12, {0, 0, 0, 255}},
};

int
main(int argc, char **argv)
{
   bool quiet = false;
   struct e2e_gl_options opts = {.width = W, .height = H, .es_major = 3};
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;

   draw_arrays_bi_fn draw_arrays_bi;
   draw_elements_bv_fn draw_elements_bv;
   const struct e2e_gl_proc procs[] = {
      {"glDrawArraysInstancedBaseInstanceEXT", &draw_arrays_bi},
      {"glDrawElementsBaseVertexOES", &draw_elements_bv},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;

   const char *const attribs[] = {"pos", "color", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   if (!prog) {
      e2e_gl_close(&gl);
      return 1;
   }
   glUseProgram(prog);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);

   GLuint bufs[4];
   glGenBuffers(4, bufs);
   glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(lower), lower, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
   glEnableVertexAttribArray(0);
   glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(colors), colors, GL_STATIC_DRAW);
   glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, 0);
   glVertexAttribDivisor(1, 2);
   glEnableVertexAttribArray(1);
   draw_arrays_bi(GL_TRIANGLE_STRIP, 0, 4, 4, 1);

   glBindBuffer(GL_ARRAY_BUFFER, bufs[2]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(upper), upper, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
   glDisableVertexAttribArray(1);
   glVertexAttrib4f(1, 0, 0, 1, 1);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[3]);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices,
                GL_STATIC_DRAW);
   draw_elements_bv(GL_TRIANGLE_STRIP, 4, GL_UNSIGNED_SHORT, 0, 4);

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   bool ok = glGetError() == GL_NO_ERROR;
   if (!ok)
      fprintf(stderr, "FAIL: GL error\n");
   for (unsigned i = 0; i < sizeof(probes) / sizeof(probes[0]); i++) {
      const struct probe *p = &probes[i];
      ok &= e2e_gl_probe(pixels, W, p->x, p->y, p->rgba, 1, p->what, quiet);
   }
   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
