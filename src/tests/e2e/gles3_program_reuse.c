/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Programs deleted and made again, one after another, each drawing once:
 * every draw must use the uniform values of the program it draws with
 * (ES 3.0 section 2.10.4: uniforms belong to the program object).  Each
 * round links a new program of the same shader objects, so its executable
 * is the same size as the previous one's and an allocator may well put it
 * where the freed one was (glibc's does, by round 3); each round sets the uniform once and draws once, so
 * whatever counts value changes counts the same in every round.  A cache
 * of "the constants last uploaded" keyed on the executable's address
 * would then keep the previous round's colour.
 *
 * The colour of round i is ((i & 1) * 255, (i >> 1 & 1) * 255,
 * (i >> 2 & 1) * 255), full alpha; the window is 8 x 8, all covered.
 */
#include <stdio.h>

#include <GLES3/gl3.h>

#include "e2e_gl.h"

#define W 8
#define H 8
#define ROUNDS 24

static const char *vs =
   "#version 300 es\n"
   "layout(location = 0) in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static const char *fs =
   "#version 300 es\n"
   "precision mediump float;\n"
   "uniform vec4 color;\n"
   "out vec4 frag;\n"
   "void main() { frag = color; }\n";

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 3, 0, false);
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;

   struct e2e_gl_vertices quad;
   e2e_gl_vec2_vertices(&quad, e2e_gl_quad_strip, 4);
   /* One pair of shader objects linked into every round's program: little
    * is allocated between one round's free and the next one's link. */
   GLuint shaders[2] = {glCreateShader(GL_VERTEX_SHADER),
                        glCreateShader(GL_FRAGMENT_SHADER)};
   glShaderSource(shaders[0], 1, &vs, NULL);
   glShaderSource(shaders[1], 1, &fs, NULL);
   for (unsigned s = 0; s < 2; s++)
      glCompileShader(shaders[s]);
   for (unsigned i = 0; i < ROUNDS && ok; i++) {
      GLuint prog = glCreateProgram();
      for (unsigned s = 0; s < 2; s++)
         glAttachShader(prog, shaders[s]);
      glLinkProgram(prog);
      char failed[64];
      snprintf(failed, sizeof(failed),
               "FAIL: round %u: the program did not link", i);
      if (!e2e_gl_linked(prog, failed)) {
         ok = false;
         break;
      }
      glUseProgram(prog);
      glUniform4f(glGetUniformLocation(prog, "color"), (float)(i & 1),
                  (float)(i >> 1 & 1), (float)(i >> 2 & 1), 1.0f);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);

      uint8_t pixel[4];
      const uint8_t want[4] = {(uint8_t)((i & 1) * 255),
                               (uint8_t)((i >> 1 & 1) * 255),
                               (uint8_t)((i >> 2 & 1) * 255), 255};
      char what[48];
      snprintf(what, sizeof(what), "round %u: its own colour", i);
      glReadPixels(W / 2, H / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
      ok &= e2e_gl_probe(pixel, 1, 0, 0, want, 0, what, quiet);

      glUseProgram(0);
      glDeleteProgram(prog);
   }
   for (unsigned s = 0; s < 2; s++)
      glDeleteShader(shaders[s]);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "the rounds", quiet);
   e2e_gl_vertices_delete(&quad);
   return e2e_gl_finish(&gl, ok, quiet);
}
