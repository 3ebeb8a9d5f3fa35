/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Normalised 32-bit integer vertex attributes (ES 3.0.6 section 2.9,
 * table 2.5 and equations 2.1-2.2; GL 4.6 section 2.3.5.1): GL_UNSIGNED_INT
 * normalised is c / (2^32 - 1), GL_INT normalised max(c / (2^31 - 1), -1).
 * The hardware's loads normalise 8- and 16-bit words only.  Two halves of
 * a 16 x 8 window, each a quad whose vertices all carry one vec4:
 *
 * - left, GL_UNSIGNED_INT (0xffffffff, 0x80000000, 0, 0x40000000): the
 *   colour (1, 0.5, 0, 0.25), read as (255, 128, 0, 64);
 * - right, GL_INT (2^31 - 1, -2^31, 0, -2^30) through colour
 *   v * 0.5 + 0.5: (1, 0, 0.5, 0.25), read as (255, 0, 128, 64) (-2^31
 *   clamps to -1).
 *
 * Values from the equations (unorm8: round(255 c), one off allowed for
 * the halves); llvmpipe passes it too.
 *
 * Usage: gles3_int_norm_attribs [--quiet] [--no-skip]
 */
#include <GLES3/gl3.h>
#include <stdint.h>

#include "e2e_gl.h"

#define W 16
#define H 8

static const char vs[] = "#version 300 es\n"
                         "layout(location = 0) in vec2 pos;\n"
                         "layout(location = 1) in vec4 v;\n"
                         "uniform float sgn;\n"
                         "out vec4 c;\n"
                         "void main() {\n"
                         "   c = sgn > 0.0 ? v * 0.5 + 0.5 : v;\n"
                         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                         "}\n";
static const char fs[] = "#version 300 es\n"
                         "precision highp float;\n"
                         "in vec4 c;\n"
                         "out vec4 o;\n"
                         "void main() { o = c; }\n";

static bool
draw(GLuint prog, bool quiet)
{
   static const GLuint u[4][4] = {
      {0xffffffffu, 0x80000000u, 0, 0x40000000u},
      {0xffffffffu, 0x80000000u, 0, 0x40000000u},
      {0xffffffffu, 0x80000000u, 0, 0x40000000u},
      {0xffffffffu, 0x80000000u, 0, 0x40000000u},
   };
   static const GLint s[4][4] = {
      {INT32_MAX, INT32_MIN, 0, -0x40000000},
      {INT32_MAX, INT32_MIN, 0, -0x40000000},
      {INT32_MAX, INT32_MIN, 0, -0x40000000},
      {INT32_MAX, INT32_MIN, 0, -0x40000000},
   };
   static const float left[8] = {-1, -1, 0, -1, -1, 1, 0, 1};
   static const float right[8] = {0, -1, 1, -1, 0, 1, 1, 1};

   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   GLint sgn = glGetUniformLocation(prog, "sgn");
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);

   glUniform1f(sgn, 0.0f);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, left);
   glVertexAttribPointer(1, 4, GL_UNSIGNED_INT, GL_TRUE, 0, u);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glUniform1f(sgn, 1.0f);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, right);
   glVertexAttribPointer(1, 4, GL_INT, GL_TRUE, 0, s);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   bool ok = e2e_gl_expect_error(GL_NO_ERROR, "draws", quiet);

   static const uint8_t want_u[4] = {255, 128, 0, 64};
   static const uint8_t want_s[4] = {255, 0, 128, 64};
   ok &= e2e_gl_probe_read(W, H, 3, 4, want_u, 1,
                           "GL_UNSIGNED_INT normalised", quiet);
   ok &= e2e_gl_probe_read(W, H, 12, 4, want_s, 1, "GL_INT normalised",
                           quiet);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 3, 0, false);
   return e2e_gl_run_program(argc, argv, &opts, vs, fs, draw);
}
