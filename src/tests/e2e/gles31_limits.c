/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ES 3.1 implementation limits and queries: every limit of ES 3.1 tables
 * 20.40-20.48 this stack did not answer before meets its minimum
 * (MAX_SAMPLE_MASK_WORDS, the multisample texture sample counts,
 * MAX_UNIFORM_LOCATIONS, ES 3.0's MAX_ELEMENTS_INDICES/VERTICES);
 * glGetInternalformativ answers TEXTURE_2D_MULTISAMPLE (section 20.3) with
 * counts largest first; and a GLSL ES 3.10 uniform with layout(location)
 * is at that location (section 7.6.1, GLSL ES 3.10 4.4.3): set there with
 * glUniform4f, it colours the window.
 */
#include <GLES3/gl31.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 8
#define H 8

static const char vs[] = "#version 310 es\n"
                         "in vec2 pos;\n"
                         "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs[] = "#version 310 es\n"
                         "precision mediump float;\n"
                         "uniform vec4 unplaced;\n"
                         "layout(location = 7) uniform vec4 colour;\n"
                         "out vec4 o;\n"
                         "void main() { o = colour + unplaced; }\n";

int
main(int argc, char **argv)
{
   struct e2e_gl gl;
   bool quiet = false;
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 3, 1, false);
   GLuint prog;
   int status =
      e2e_gl_start_program(&gl, argc, argv, &opts, &quiet, vs, fs, &prog);
   if (status)
      return status;

   /* (name, pname, minimum) */
   static const struct {
      const char *name;
      GLenum pname;
      GLint min;
   } limits[] = {
      {"MAX_SAMPLE_MASK_WORDS", GL_MAX_SAMPLE_MASK_WORDS, 1},
      {"MAX_COLOR_TEXTURE_SAMPLES", GL_MAX_COLOR_TEXTURE_SAMPLES, 1},
      {"MAX_DEPTH_TEXTURE_SAMPLES", GL_MAX_DEPTH_TEXTURE_SAMPLES, 1},
      {"MAX_INTEGER_SAMPLES", GL_MAX_INTEGER_SAMPLES, 1},
      {"MAX_UNIFORM_LOCATIONS", GL_MAX_UNIFORM_LOCATIONS, 1024},
      {"MAX_ELEMENTS_INDICES", GL_MAX_ELEMENTS_INDICES, 1},
      {"MAX_ELEMENTS_VERTICES", GL_MAX_ELEMENTS_VERTICES, 1},
   };
   bool ok = true;
   for (unsigned i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
      GLint v = e2e_gl_integer(limits[i].pname);
      bool good = v >= limits[i].min;
      if (!good || !quiet)
         printf("%s %s = %d (at least %d)\n", good ? "ok  " : "FAIL",
                limits[i].name, v, limits[i].min);
      ok &= good;
   }
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "limits", quiet);
   ok &= e2e_gl_check("TEXTURE_BINDING_2D_MULTISAMPLE",
                      e2e_gl_integer(GL_TEXTURE_BINDING_2D_MULTISAMPLE), 0,
                      quiet);

   GLint n = 0, counts[8] = {0};
   glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8,
                         GL_NUM_SAMPLE_COUNTS, 1, &n);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "internalformat query", quiet);
   if (n < 1 || n > 8) {
      printf("FAIL TEXTURE_2D_MULTISAMPLE RGBA8 has %d sample counts\n", n);
      ok = false;
   } else {
      glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_SAMPLES,
                            n, counts);
      for (GLint i = 1; i < n; i++)
         ok &= e2e_gl_check("counts largest first", counts[i] < counts[i - 1],
                            1, quiet);
      ok &= e2e_gl_check("no count above MAX_SAMPLES",
                         counts[0] <= e2e_gl_integer(GL_MAX_SAMPLES), 1,
                         quiet);
   }
   glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &n);
   ok &= e2e_gl_expect_error(GL_INVALID_ENUM, "TEXTURE_2D target", quiet);

   ok &= e2e_gl_check("location of colour",
                      glGetUniformLocation(prog, "colour"), 7, quiet);
   GLint other = glGetUniformLocation(prog, "unplaced");
   ok &= e2e_gl_check("unplaced uniform elsewhere", other >= 0 && other != 7,
                      1, quiet);
   glUseProgram(prog);
   glUniform4f(7, 0.0f, 1.0f, 0.0f, 1.0f);
   glUniform4f(other, 0.25f, 0.0f, 0.0f, 0.0f);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, e2e_gl_quad_strip);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "draw", quiet);
   static const uint8_t want[4] = {64, 255, 0, 255};
   ok &= e2e_gl_probe_read(W, H, 4, 4, want, 2, "colour at location 7", quiet);
   return e2e_gl_finish(&gl, ok, quiet);
}
