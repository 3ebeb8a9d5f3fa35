/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The provoking vertex of quads, quad strips, polygons and triangle fans
 * in both conventions (GL 3.2 compatibility section 2.18.8, table 2.15,
 * ARB_provoking_vertex), in a desktop compatibility context, with a flat colour output
 * per vertex: vertex 0 red, 1 green, 2 blue, 3 white.
 *
 * The 64 x 16 framebuffer holds four 16 x 16 regions: GL_QUADS,
 * GL_QUAD_STRIP, GL_POLYGON and GL_TRIANGLE_FAN, each one draw of the
 * four corners of a rectangle; the lower half (rows 0-7) drawn with
 * FIRST_VERTEX_CONVENTION, the upper half (rows 8-15) with
 * LAST_VERTEX_CONVENTION.  Vertex numbers from 0 (the table's i + 1 is
 * vertex i here):
 *   quad (v0 v1 v2 v3):        first v0, last v3;
 *   quad strip (v0 v1 v3 v2):  first v0, last v3;
 *   (quads and strips: v3 in both when the implementation says
 *   QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION is false, as llvmpipe does;
 *   ours says true)
 *   polygon:                   v0 in both;
 *   fan triangles (v0 v1 v2) and (v0 v2 v3): first v1 and v2, last v2
 *   and v3.
 * Quads, strips and polygons are corners (x0,y0) (x1,y0) (x1,y1) (x0,y1)
 * (the strip's order (x0,y0) (x1,y0) (x0,y1) (x1,y1)); the fan's first
 * triangle is the lower right half of its rectangle.
 *
 * Usage: desktop_provoking [--quiet] [--no-skip]
 * Exit status: 0 pass, 1 fail, 77 no desktop compatibility context.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl_compat.h"

#define W 64
#define H 16


static const char vs[] = "#version 130\n"
                         "in vec2 pos;\n"
                         "in vec4 col;\n"
                         "flat out vec4 c;\n"
                         "void main() {\n"
                         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                         "   c = col;\n"
                         "}\n";
static const char fs[] = "#version 130\n"
                         "flat in vec4 c;\n"
                         "out vec4 color;\n"
                         "void main() {\n"
                         "   color = c;\n"
                         "}\n";

static const uint8_t colors[4][4] = {
   {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 255, 255}};

struct vert {
   float pos[2];
   float col[4];
};

static float
ndc_x(int px)
{
   return (float)px / (W / 2) - 1.0f;
}

static float
ndc_y(int px)
{
   return (float)px / (H / 2) - 1.0f;
}

/* The four corners of pixels [x0, x1) x [y0, y1), vertex i coloured
 * colors[i]; strip: the quad strip's order. */
static void
corners(struct vert *v, int x0, int x1, int y0, int y1, bool strip)
{
   const int px[4][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
   const int order[4] = {0, 1, 3, 2};
   for (int i = 0; i < 4; i++) {
      int c = strip ? order[i] : i;
      v[i].pos[0] = ndc_x(px[c][0]);
      v[i].pos[1] = ndc_y(px[c][1]);
      for (int k = 0; k < 4; k++)
         v[i].col[k] = colors[i][k] / 255.0f;
   }
}

int
main(int argc, char **argv)
{
   struct e2e_gl gl;
   bool quiet = false;
   struct e2e_gl_options opts =
      e2e_gl_version_options(W, H, 3, 0, true);
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   e2e_gl_provoking_vertex_fn provoking;
   const struct e2e_gl_proc procs[] = {
      {"glProvokingVertex", &provoking},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;

   static const char *const attribs[] = {"pos", "col", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   if (!prog)
      return 1;
   glUseProgram(prog);
   GLuint buf;
   glGenBuffers(1, &buf);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glBufferData(GL_ARRAY_BUFFER, sizeof(struct vert) * 4, NULL,
                GL_STREAM_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(struct vert),
                         (void *)offsetof(struct vert, pos));
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(struct vert),
                         (void *)offsetof(struct vert, col));
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);

   static const GLenum modes[4] = {E2E_GL_QUADS, E2E_GL_QUAD_STRIP,
                                   E2E_GL_POLYGON, GL_TRIANGLE_FAN};
   for (int half = 0; half < 2; half++) {
      provoking(half ? E2E_GL_LAST_VERTEX_CONVENTION
                     : E2E_GL_FIRST_VERTEX_CONVENTION);
      for (int m = 0; m < 4; m++) {
         struct vert v[4];
         corners(v, 16 * m, 16 * m + 16, 8 * half, 8 * half + 8,
                 modes[m] == E2E_GL_QUAD_STRIP);
         glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(v), v);
         glDrawArrays(modes[m], 0, 4);
      }
   }
   bool ok = true;
   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      printf("FAIL GL error 0x%x\n", err);
      ok = false;
   }

   GLboolean follow = GL_FALSE;
   glGetBooleanv(E2E_GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, &follow);
   int quad_first = follow ? 0 : 3;
   if (!quiet)
      printf("QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION %d\n", follow);

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   const struct {
      const char *what;
      int x, y, vertex;
   } probes[] = {
      {"quads, first: v0", 8, 4, quad_first},
      {"quads, last: v3", 8, 12, 3},
      {"quad strip, first: v0", 24, 4, quad_first},
      {"quad strip, last: v3", 24, 12, 3},
      {"polygon, first: v0", 40, 4, 0},
      {"polygon, last: v0", 40, 12, 0},
      {"fan triangle 0, first: v1", 61, 1, 1},
      {"fan triangle 1, first: v2", 50, 6, 2},
      {"fan triangle 0, last: v2", 61, 9, 2},
      {"fan triangle 1, last: v3", 50, 14, 3},
   };
   for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); ++i)
      ok &= e2e_gl_probe(pixels, W, probes[i].x, probes[i].y,
                         colors[probes[i].vertex], 1, probes[i].what, quiet);

   glDeleteBuffers(1, &buf);
   glDeleteProgram(prog);
   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
