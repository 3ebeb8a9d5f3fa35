/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Generic vertex attributes in a desktop compatibility context (GL 2.1
 * section 2.7; GL 3.0 compatibility section 2.10), with a GLSL 1.10
 * program that reads "pos" bound to generic attribute 0 and "col" bound
 * to attribute 3:
 * Column 0: glBegin(GL_TRIANGLES), two triangles covering the left and
 *           the right half of the column; before each vertex
 *           glVertexAttrib4fv(3, colour), then glVertexAttrib2f(0, x, y),
 *           which specifies the vertex (attribute 0 is the position).
 *           The left triangle's three vertices are red, the right one's
 *           green: each half has its own colour only when the generic
 *           attribute is taken per vertex.
 * Column 1: the same compiled into a display list (GL_COMPILE), then
 *           called: blue left, yellow right.
 * Column 2: a vertex array object of glGenVertexArrays refuses a client
 *           array (GL_INVALID_OPERATION with no buffer bound and a
 *           pointer not NULL: ARB_vertex_array_object, unlike
 *           APPLE_vertex_array_object, keeps client memory out of named
 *           objects in compatibility contexts too; llvmpipe agrees), and
 *           drawing from it draws nothing; the default object takes the
 *           same client arrays: a magenta quad.
 *
 * Each column is 16 x 16 (its own viewport), cleared to black; pixels are
 * probed away from the diagonal the triangles share.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>

#include "e2e_gl_compat.h"

#define COL 16
#define W (3 * COL)
#define H COL

static const char vs[] = "attribute vec4 pos;\n"
                         "attribute vec4 col;\n"
                         "varying vec4 c;\n"
                         "void main() {\n"
                         "   gl_Position = pos;\n"
                         "   c = col;\n"
                         "}\n";
static const char fs[] = "varying vec4 c;\n"
                         "void main() {\n"
                         "   gl_FragColor = c;\n"
                         "}\n";

#define COL_ATTRIB 3

/* Two triangles splitting the viewport along its rising diagonal: the
 * upper-left one in colour a, the lower-right one in colour b, each
 * vertex given as glVertexAttrib(0) after its colour. */
static void
two_triangles(const struct e2e_gl_compat *ff, const GLfloat a[4],
              const GLfloat b[4])
{
   static const GLfloat corners[2][3][2] = {
      {{-1, -1}, {1, 1}, {-1, 1}},
      {{-1, -1}, {1, -1}, {1, 1}},
   };
   ff->begin(GL_TRIANGLES);
   for (int t = 0; t < 2; t++) {
      for (int v = 0; v < 3; v++) {
         glVertexAttrib4fv(COL_ATTRIB, t ? b : a);
         glVertexAttrib2f(0, corners[t][v][0], corners[t][v][1]);
      }
   }
   ff->end();
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   int status = e2e_gl_start_ff(&gl, argc, argv, W, H, &quiet, &ff);
   if (status)
      return status;

   void (*gen_vertex_arrays)(GLsizei, GLuint *) = NULL;
   void (*bind_vertex_array)(GLuint) = NULL;
   void (*delete_vertex_arrays)(GLsizei, const GLuint *) = NULL;
   const struct e2e_gl_proc procs[] = {
      {"glGenVertexArrays", &gen_vertex_arrays},
      {"glBindVertexArray", &bind_vertex_array},
      {"glDeleteVertexArrays", &delete_vertex_arrays},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;

   static const char *const attribs[] = {"pos", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   if (!prog) {
      e2e_gl_close(&gl);
      return 1;
   }
   glBindAttribLocation(prog, COL_ATTRIB, "col");
   glLinkProgram(prog);
   glUseProgram(prog);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);

   static const GLfloat red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
   static const GLfloat blue[4] = {0, 0, 1, 1}, yellow[4] = {1, 1, 0, 1};
   glViewport(0, 0, COL, COL);
   two_triangles(&ff, red, green);

   GLuint list = ff.gen_lists(1);
   ff.new_list(list, E2E_GL_COMPILE);
   two_triangles(&ff, blue, yellow);
   ff.end_list();
   glViewport(COL, 0, COL, COL);
   ff.call_list(list);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "Begin/End and list", quiet);

   static const GLfloat quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
   static const GLfloat magenta[4][4] = {
      {1, 0, 1, 1}, {1, 0, 1, 1}, {1, 0, 1, 1}, {1, 0, 1, 1}};
   GLuint vao;
   gen_vertex_arrays(1, &vao);
   bind_vertex_array(vao);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION,
                             "a client array of a generated VAO", quiet);
   bind_vertex_array(0);
   delete_vertex_arrays(1, &vao);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glVertexAttribPointer(COL_ATTRIB, 4, GL_FLOAT, GL_FALSE, 0, magenta);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(COL_ATTRIB);
   glViewport(2 * COL, 0, COL, COL);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "client arrays of VAO 0", quiet);

   static const uint8_t want_red[4] = {255, 0, 0, 255};
   static const uint8_t want_green[4] = {0, 255, 0, 255};
   static const uint8_t want_blue[4] = {0, 0, 255, 255};
   static const uint8_t want_yellow[4] = {255, 255, 0, 255};
   static const uint8_t want_magenta[4] = {255, 0, 255, 255};
   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= e2e_gl_probe(pixels, W, 3, 12, want_red, 0,
                      "Begin/End, upper-left triangle", quiet);
   ok &= e2e_gl_probe(pixels, W, 12, 3, want_green, 0,
                      "Begin/End, lower-right triangle", quiet);
   ok &= e2e_gl_probe(pixels, W, COL + 3, 12, want_blue, 0,
                      "list, upper-left triangle", quiet);
   ok &= e2e_gl_probe(pixels, W, COL + 12, 3, want_yellow, 0,
                      "list, lower-right triangle", quiet);
   ok &= e2e_gl_probe(pixels, W, 2 * COL + 8, 8, want_magenta, 0,
                      "client arrays of VAO 0", quiet);

   glDeleteProgram(prog);
   e2e_gl_close(&gl);
   if (!quiet || !ok)
      printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
