/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Uniform-only arithmetic: an ordinary EGL + GLES 2.0 program whose vertex
 * shader multiplies two uniform matrices and whose fragment shader derives
 * its colour factor from a uniform through a comparison, a multiply and an
 * add.  On AGX that work runs once per draw in the shader's preamble,
 * which writes its results to uniform registers (docs/compiler.rst,
 * "The preamble"); a driver that did not run it would leave those
 * registers unwritten.  It checks what a user sees:
 *  - the product of the two matrices places the quad (right half);
 *  - the factor k > 0.5 ? k * 0.5 + 0.25 : 0 scales the colour;
 *  - new uniform values between draws give new pixels (the preamble
 *    runs again for each draw): another k, then k below the threshold,
 *    then another matrix (left half).
 * Expected values: GLSL ES 1.00 arithmetic by hand, colours converted to
 * 8 bits by rounding (ES 2.0.25 section 2.1.2), within 1.
 *
 * Usage: gles2_preamble [--quiet] [--no-skip]
 * Exit status: 0 when every check passes, 1 otherwise, 77 when no ES 2.0
 * context exists (unless --no-skip).
 */
#include <GLES2/gl2.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 16
#define H 8

static bool quiet;
static int failures;
static uint8_t pixels[W * H * 4];

static const char *vs = "uniform mat4 scale;\n"
                        "uniform mat4 move;\n"
                        "attribute vec4 a_pos;\n"
                        "void main() {\n"
                        "   gl_Position = (scale * move) * a_pos;\n"
                        "}\n";
static const char *fs = "precision mediump float;\n"
                        "uniform vec4 color;\n"
                        "uniform float k;\n"
                        "void main() {\n"
                        "   float f = k > 0.5 ? k * 0.5 + 0.25 : 0.0;\n"
                        "   gl_FragColor = color * f;\n"
                        "}\n";

static void
probe(int x, int y, int r, int g, int b, int a, const char *what)
{
   const uint8_t want[4] = {(uint8_t)r, (uint8_t)g, (uint8_t)b, (uint8_t)a};
   if (!e2e_gl_probe(pixels, W, x, y, want, 1, what, quiet))
      failures++;
}

static void
draw_and_read(void)
{
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = {
      .width = W, .height = H, .es_major = 2, .es_minor = 0,
   };
   struct e2e_gl gl;
   int rc = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (rc)
      return rc;

   GLuint prog = e2e_gl_program(vs, fs, NULL);
   if (!prog) {
      e2e_gl_close(&gl);
      return 1;
   }
   glBindAttribLocation(prog, 0, "a_pos");
   glLinkProgram(prog);
   glUseProgram(prog);

   static const float quad[] = {-1, -1, 0, 1, 1, -1, 0, 1,
                                -1, 1,  0, 1, 1, 1,  0, 1};
   GLuint vbo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glEnableVertexAttribArray(0);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);

   /* Column-major: scale halves x, move adds 1 to x, so scale * move
    * maps x in [-1, 1] to [0, 1], the right half of the window. */
   static const float scale[16] = {0.5f, 0, 0, 0, 0, 1, 0, 0,
                                   0,    0, 1, 0, 0, 0, 0, 1};
   float move[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1};
   glUniformMatrix4fv(glGetUniformLocation(prog, "scale"), 1, GL_FALSE,
                      scale);
   GLint move_loc = glGetUniformLocation(prog, "move");
   glUniformMatrix4fv(move_loc, 1, GL_FALSE, move);
   glUniform4f(glGetUniformLocation(prog, "color"), 1.0f, 0.5f, 0.25f, 1.0f);
   GLint k_loc = glGetUniformLocation(prog, "k");
   glUniform1f(k_loc, 1.0f);

   glViewport(0, 0, W, H);
   glClearColor(0, 0, 1, 1);

   /* k = 1: f = 0.75, colour (0.75, 0.375, 0.1875, 0.75) */
   draw_and_read();
   probe(3, 4, 0, 0, 255, 255, "left half not drawn (matrix product)");
   probe(12, 4, 191, 96, 48, 191, "k = 1 scales by 0.75");
   probe(8, 1, 191, 96, 48, 191, "first column of the right half");
   probe(7, 1, 0, 0, 255, 255, "last column of the left half");

   /* k = 2: f = 1.25, clamped where above 1 */
   glUniform1f(k_loc, 2.0f);
   draw_and_read();
   probe(12, 4, 255, 159, 80, 255, "k = 2 scales by 1.25");

   /* k = 0.25 fails the comparison: f = 0 */
   glUniform1f(k_loc, 0.25f);
   draw_and_read();
   probe(12, 4, 0, 0, 0, 0, "k = 0.25: the comparison gives 0");

   /* move subtracts 1 from x now: the quad covers the left half */
   move[12] = -1.0f;
   glUniformMatrix4fv(move_loc, 1, GL_FALSE, move);
   glUniform1f(k_loc, 1.0f);
   draw_and_read();
   probe(3, 4, 191, 96, 48, 191, "new matrix: left half drawn");
   probe(12, 4, 0, 0, 255, 255, "new matrix: right half clear");

   if (glGetError() != GL_NO_ERROR) {
      fprintf(stderr, "FAIL: a GL error\n");
      failures++;
   }
   glDeleteBuffers(1, &vbo);
   glDeleteProgram(prog);
   e2e_gl_close(&gl);
   printf("%s: %d failure(s)\n", failures ? "FAIL" : "ok", failures);
   return failures ? 1 : 0;
}
