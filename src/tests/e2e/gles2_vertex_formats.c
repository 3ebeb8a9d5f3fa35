/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Vertex positions in the attribute formats the hardware's load does not
 * convert by itself (ES 2.0 section 2.8, table 2.4; OES_vertex_half_float):
 * GL_HALF_FLOAT_OES, GL_FIXED (16.16), and GL_UNSIGNED_BYTE / GL_SHORT not
 * normalized (integers taken as floats).  Each format draws the unit
 * square (0,0)-(1,1), scaled and moved by uniforms into its own column of
 * a 64 x 16 framebuffer; a wrong conversion leaves the column black.
 */
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 64
#define H 16

static const char vs[] =
   "attribute vec2 pos;\n"
   "uniform vec2 offset;\n"
   "void main() {\n"
   "   gl_Position = vec4(pos * vec2(0.5, 2.0) + offset, 0.0, 1.0);\n"
   "}\n";
static const char fs[] =
   "precision mediump float;\n"
   "uniform vec4 color;\n"
   "void main() { gl_FragColor = color; }\n";

/* The unit square as a triangle strip in each format. */
static const GLushort half_square[] = {0, 0, 0x3c00, 0, 0, 0x3c00, 0x3c00,
                                       0x3c00};
static const GLint fixed_square[] = {0, 0, 0x10000, 0, 0, 0x10000, 0x10000,
                                     0x10000};
static const GLubyte ubyte_square[] = {0, 0, 1, 0, 0, 1, 1, 1};
static const GLshort short_square[] = {0, 0, 1, 0, 0, 1, 1, 1};

struct column {
   const char *what;
   GLenum type;
   const void *data;
   uint8_t rgba[4];
};

static const struct column columns[] = {
   {"GL_HALF_FLOAT_OES", GL_HALF_FLOAT_OES, half_square, {255, 0, 0, 255}},
   {"GL_FIXED", GL_FIXED, fixed_square, {0, 255, 0, 255}},
   {"GL_UNSIGNED_BYTE, not normalized", GL_UNSIGNED_BYTE, ubyte_square,
    {0, 0, 255, 255}},
   {"GL_SHORT, not normalized", GL_SHORT, short_square, {255, 255, 0, 255}},
};

int
main(int argc, char **argv)
{
   bool quiet = false;
   struct e2e_gl_options opts = {.width = W, .height = H, .es_major = 2};
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   if (!ext || !strstr(ext, "GL_OES_vertex_half_float")) {
      fprintf(stderr, "FAIL: GL_OES_vertex_half_float is not offered\n");
      e2e_gl_close(&gl);
      return 1;
   }

   const char *const attribs[] = {"pos", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   if (!prog) {
      e2e_gl_close(&gl);
      return 1;
   }
   glUseProgram(prog);
   GLint offset = glGetUniformLocation(prog, "offset");
   GLint color = glGetUniformLocation(prog, "color");
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnableVertexAttribArray(0);

   const unsigned n = sizeof(columns) / sizeof(columns[0]);
   for (unsigned i = 0; i < n; i++) {
      const struct column *c = &columns[i];
      glUniform2f(offset, -1.0f + 0.5f * (float)i, -1.0f);
      glUniform4f(color, c->rgba[0] / 255.0f, c->rgba[1] / 255.0f,
                  c->rgba[2] / 255.0f, c->rgba[3] / 255.0f);
      glVertexAttribPointer(0, 2, c->type, GL_FALSE, 0, c->data);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   }

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   bool ok = glGetError() == GL_NO_ERROR;
   if (!ok)
      fprintf(stderr, "FAIL: GL error\n");
   for (unsigned i = 0; i < n; i++)
      ok &= e2e_gl_probe(pixels, W, 16 * (int)i + 8, 8, columns[i].rgba, 1,
                         columns[i].what, quiet);
   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
