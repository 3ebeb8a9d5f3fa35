/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl_CullDistance (ARB_cull_distance; GL 4.5 section 13.5): a primitive
 * is discarded when, for some cull distance i, every one of its vertices
 * has a negative distance i.  A distance of 0 is not negative, and one
 * vertex inside keeps the whole primitive, including the fragments where
 * the interpolated distance is negative (culling is not clipping).
 *
 * In a desktop 3.2 core context, eleven 16 x 16 regions of a 176 x 16
 * framebuffer, each drawn with vertices that carry two cull distances
 * (an attribute) and white fragments on black:
 *   0  triangle, distance 0 negative at all vertices     culled
 *   1  triangle, distance 0 negative at two vertices     drawn, also
 *      near those two (where the interpolated distance is negative)
 *   2  triangle, distance 1 negative at all vertices     culled
 *   3  triangle, each vertex negative in one distance,
 *      neither distance negative at all three            drawn
 *   4  triangle, both distances 0 everywhere             drawn
 *   5  point (size 6), distance 0 negative               culled
 *   6  point (size 6), distance 0 positive               drawn
 *   7  line, distance 1 negative at both ends            culled
 *   8  line, distance 1 negative at one end              drawn
 * and through a geometry shader that makes a 8 x 8 square (a strip of
 * two triangles, v0 lower left, v3 upper right) of each point, with
 * gl_CullDistance[0] the point's value at v0 and -1 at the others:
 *   9  point value -1: both triangles outside            culled
 *  10  point value 1: the lower-left triangle (v0 v1 v2) drawn, the
 *      upper-right one (v1 v2 v3) culled
 * It also checks GL_MAX_CULL_DISTANCES and
 * GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES (8 each: gl_MaxCullDistances).
 *
 * Usage: desktop_cull_distance [--quiet] [--no-skip]
 * Exit status: 0 pass, 1 fail, 77 no desktop 3.2 core context or no
 * GL_ARB_cull_distance.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 176
#define H 16
#define MAX_CULL_DISTANCES 0x82F9
#define MAX_COMBINED_CLIP_AND_CULL_DISTANCES 0x82FA
#define PROGRAM_POINT_SIZE 0x8642

static const char vs[] = "#version 130\n"
                         "#extension GL_ARB_cull_distance : require\n"
                         "in vec2 pos;\n"
                         "in vec2 dist;\n"
                         "out float gl_CullDistance[2];\n"
                         "void main() {\n"
                         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                         "   gl_PointSize = 6.0;\n"
                         "   gl_CullDistance[0] = dist.x;\n"
                         "   gl_CullDistance[1] = dist.y;\n"
                         "}\n";
static const char fs[] = "#version 130\n"
                         "out vec4 color;\n"
                         "void main() { color = vec4(1.0); }\n";
static const char gs_vs[] = "#version 150\n"
                            "in vec2 pos;\n"
                            "in vec2 dist;\n"
                            "out float d;\n"
                            "void main() {\n"
                            "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                            "   d = dist.x;\n"
                            "}\n";
/* half a side: 4 pixels of the W x H framebuffer in NDC */
static const char gs[] =
   "#version 150\n"
   "#extension GL_ARB_cull_distance : require\n"
   "layout(points) in;\n"
   "layout(triangle_strip, max_vertices = 4) out;\n"
   "in float d[];\n"
   "out float gl_CullDistance[1];\n"
   "void main() {\n"
   "   for (int i = 0; i < 4; i++) {\n"
   "      vec2 o = vec2(float(i & 1), float(i >> 1)) * 2.0 - 1.0;\n"
   "      gl_Position = gl_in[0].gl_Position +\n"
   "                    vec4(o * vec2(8.0 / 176.0, 8.0 / 16.0), 0.0, 0.0);\n"
   "      gl_CullDistance[0] = i == 0 ? d[0] : -1.0;\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";

struct vert {
   float pos[2];
   float dist[2];
};

/* pixel coordinates to NDC */
static float
ndc_x(float px)
{
   return px / (W / 2) - 1.0f;
}

static float
ndc_y(float px)
{
   return px / (H / 2) - 1.0f;
}

static void
put(struct vert *v, float px, float py, float d0, float d1)
{
   v->pos[0] = ndc_x(px);
   v->pos[1] = ndc_y(py);
   v->dist[0] = d0;
   v->dist[1] = d1;
}

/* The lower-left half of region r: corners (x0, 0), (x0 + 16, 0),
 * (x0, 16) with the distances d[vertex][i]. */
static void
triangle(struct vert *v, int r, const float d[3][2])
{
   float x0 = 16.0f * r;
   put(&v[0], x0, 0, d[0][0], d[0][1]);
   put(&v[1], x0 + 16, 0, d[1][0], d[1][1]);
   put(&v[2], x0, 16, d[2][0], d[2][1]);
}

int
main(int argc, char **argv)
{
   struct e2e_gl gl;
   bool quiet = false;
   struct e2e_gl_options opts = e2e_gl_core_options(W, H, 3, 2);
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   if ((status = e2e_gl_need_extension(&gl, &opts, "GL_ARB_cull_distance")))
      return status;

   bool ok = true;
   GLint max_cull = 0, max_combined = 0;
   glGetIntegerv(MAX_CULL_DISTANCES, &max_cull);
   glGetIntegerv(MAX_COMBINED_CLIP_AND_CULL_DISTANCES, &max_combined);
   if (max_cull != 8 || max_combined != 8) {
      printf("FAIL GL_MAX_CULL_DISTANCES %d, "
             "GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES %d (want 8, 8)\n",
             max_cull, max_combined);
      ok = false;
   }

   static const char *const attribs[] = {"pos", "dist", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   if (!prog)
      return 1;
   GLuint gs_prog = e2e_gl_program_gs(gs_vs, gs, fs, attribs);
   if (!gs_prog)
      return 1;
   glUseProgram(prog);
   glEnable(PROGRAM_POINT_SIZE);
   GLuint vao;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);

   static const float tri[5][3][2] = {
      {{-1, 1}, {-2, 1}, {-3, 1}},  /* 0: culled by distance 0 */
      {{-1, 1}, {-1, 1}, {2, 1}},   /* 1: drawn */
      {{1, -1}, {1, -2}, {1, -1}},  /* 2: culled by distance 1 */
      {{-1, 1}, {1, -1}, {-1, 1}},  /* 3: drawn */
      {{0, 0}, {0, 0}, {0, 0}},     /* 4: drawn */
   };
   struct vert v[5 * 3 + 2 + 4 + 2];
   for (int r = 0; r < 5; r++)
      triangle(&v[3 * r], r, tri[r]);
   put(&v[15], 16 * 5 + 8, 8, -1, 1); /* 5: culled point */
   put(&v[16], 16 * 6 + 8, 8, 1, 1);  /* 6: drawn point */
   put(&v[17], 16 * 7 + 1, 8.5f, 1, -1); /* 7: culled line */
   put(&v[18], 16 * 7 + 15, 8.5f, 1, -2);
   put(&v[19], 16 * 8 + 1, 8.5f, 1, -1); /* 8: drawn line */
   put(&v[20], 16 * 8 + 15, 8.5f, 1, 3);
   put(&v[21], 16 * 9 + 8, 8, -1, 0);  /* 9: both triangles culled */
   put(&v[22], 16 * 10 + 8, 8, 1, 0);  /* 10: one triangle culled */

   GLuint buf;
   glGenBuffers(1, &buf);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(struct vert),
                         (void *)offsetof(struct vert, pos));
   glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(struct vert),
                         (void *)offsetof(struct vert, dist));
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 15);
   glDrawArrays(GL_POINTS, 15, 2);
   glDrawArrays(GL_LINES, 17, 4);
   glUseProgram(gs_prog);
   glDrawArrays(GL_POINTS, 21, 2);

   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      printf("FAIL GL error 0x%x\n", err);
      ok = false;
   }

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   static const uint8_t white[4] = {255, 255, 255, 255};
   static const uint8_t black[4] = {0, 0, 0, 255};
   const struct {
      const char *what;
      int x, y;
      bool drawn;
   } probes[] = {
      {"triangle 0 (all outside distance 0): culled", 3, 3, false},
      {"triangle 1 (one vertex inside): drawn where distance 0 < 0", 18, 2,
       true},
      {"triangle 1: drawn near the inside vertex", 18, 12, true},
      {"triangle 2 (all outside distance 1): culled", 35, 3, false},
      {"triangle 3 (outside different distances): drawn", 51, 3, true},
      {"triangle 4 (distances 0): drawn", 67, 3, true},
      {"point 5 (outside): culled", 88, 8, false},
      {"point 6 (inside): drawn", 104, 8, true},
      {"line 7 (both ends outside): culled", 120, 8, false},
      {"line 8 (one end inside): drawn", 136, 8, true},
      {"geometry square 9 (all outside): culled", 152, 8, false},
      {"geometry square 10, lower-left triangle (v0 inside): drawn", 166,
       6, true},
      {"geometry square 10, upper-right triangle: culled", 170, 10,
       false},
   };
   for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); ++i)
      ok &= e2e_gl_probe(pixels, W, probes[i].x, probes[i].y,
                         probes[i].drawn ? white : black, 1, probes[i].what,
                         quiet);

   glDeleteBuffers(1, &buf);
   glDeleteVertexArrays(1, &vao);
   glDeleteProgram(gs_prog);
   glDeleteProgram(prog);
   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
