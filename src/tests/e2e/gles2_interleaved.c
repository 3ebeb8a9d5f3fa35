/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Interleaved vertex arrays in client memory (ES 2.0 section 2.8): one
 * struct a vertex holding a vec2 position, an unsigned-byte normalized
 * RGBA colour and a float that scales the colour, each attribute a
 * pointer into the first struct with the struct's stride.  Drawn with
 * glDrawArrays from a first vertex past 0 and with glDrawElements whose
 * client indices use a range in the middle of the array, so the copied
 * range does not start at the array's start.  Expected: every quadrant
 * of the window in its vertices' (flat) colour times the scale, by hand.
 */
#include <stddef.h>
#include <stdint.h>

#include "e2e_gl.h"

#define W 32
#define H 32

struct vertex {
   float pos[2];
   uint8_t colour[4];
   float scale;
};

static const char vs[] = "attribute vec2 pos;\n"
                         "attribute vec4 colour;\n"
                         "attribute float scale;\n"
                         "varying vec4 v;\n"
                         "void main() {\n"
                         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                         "   v = vec4(colour.rgb * scale, 1.0);\n"
                         "}\n";
static const char fs[] = "precision mediump float;\n"
                         "varying vec4 v;\n"
                         "void main() { gl_FragColor = v; }\n";

/* A quad (two triangles, 6 vertices) of one colour over the window's
 * quadrant (qx, qy), 0 or 1 each. */
static void
quad(struct vertex *v, int qx, int qy, const uint8_t rgb[3], float scale)
{
   static const float corner[6][2] = {{0, 0}, {1, 0}, {0, 1},
                                      {1, 0}, {1, 1}, {0, 1}};
   for (int i = 0; i < 6; i++) {
      v[i].pos[0] = (float)qx - 1.0f + corner[i][0];
      v[i].pos[1] = (float)qy - 1.0f + corner[i][1];
      for (int c = 0; c < 3; c++)
         v[i].colour[c] = rgb[c];
      v[i].colour[3] = 255;
      v[i].scale = scale;
   }
}

int
main(int argc, char **argv)
{
   struct e2e_gl gl;
   bool quiet = false;
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 2, 0, false);
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   static const char *const attribs[] = {"pos", "colour", "scale", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   if (!prog) {
      e2e_gl_close(&gl);
      return 1;
   }
   glUseProgram(prog);

   /* Vertices 0-5 are never drawn; 6-11 and 12-17 by glDrawArrays,
    * 18-23 and 24-29 by glDrawElements. */
   static const uint8_t red[3] = {255, 0, 0}, green[3] = {0, 255, 0},
                        blue[3] = {0, 0, 255}, white[3] = {255, 255, 255};
   static struct vertex v[30];
   quad(&v[0], 0, 0, white, 1.0f);
   quad(&v[6], 0, 0, red, 1.0f);
   quad(&v[12], 1, 0, green, 0.5f);
   quad(&v[18], 0, 1, blue, 1.0f);
   quad(&v[24], 1, 1, white, 0.25f);

   GLsizei stride = (GLsizei)sizeof(struct vertex);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, v[0].pos);
   glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                         v[0].colour);
   glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, stride, &v[0].scale);
   for (GLuint i = 0; i < 3; i++)
      glEnableVertexAttribArray(i);

   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 6, 12);
   GLushort idx[12];
   for (int i = 0; i < 12; i++)
      idx[i] = (GLushort)(18 + i);
   glDrawElements(GL_TRIANGLES, 12, GL_UNSIGNED_SHORT, idx);

   bool ok = e2e_gl_expect_error(GL_NO_ERROR, "draws", quiet);
   /* GL's row 0 is the bottom: quadrant (0, 0) is the lower left. */
   static const struct {
      int x, y;
      uint8_t want[4];
      const char *what;
   } probes[] = {
      {8, 8, {255, 0, 0, 255}, "lower left: red, DrawArrays from 6"},
      {24, 8, {0, 128, 0, 255}, "lower right: green * 0.5"},
      {8, 24, {0, 0, 255, 255}, "upper left: blue, DrawElements 18.."},
      {24, 24, {64, 64, 64, 255}, "upper right: white * 0.25"},
   };
   for (unsigned i = 0; i < sizeof(probes) / sizeof(probes[0]); i++)
      ok &= e2e_gl_probe_read(W, H, probes[i].x, probes[i].y,
                              probes[i].want, 2, probes[i].what, quiet);
   return e2e_gl_finish(&gl, ok, quiet);
}
