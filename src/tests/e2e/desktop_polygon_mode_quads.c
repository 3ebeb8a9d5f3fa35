/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Polygon modes of quads (GL 2.1 section 3.5.4) in a desktop 2.1 context
 * without a program: a quad in mode GL_LINE draws its four boundary edges
 * only (not the diagonal of the triangles a renderer may split it into),
 * in GL_POINT its four corners, and the mode is that of the quad's
 * facing (section 3.5.1: counter-clockwise in the window is front).
 *
 * The window is 40 x 32, cleared to black, with glOrtho(0, 40, 0, 32);
 * corners lie at pixel centres.  glPolygonMode(GL_FRONT, GL_LINE) and
 * glPolygonMode(GL_BACK, GL_FILL), then one glDrawArrays(GL_QUADS) of
 *  - a counter-clockwise (front) square with corners (2, 2) and (12, 12):
 *    its bottom edge at (7, 2) and left edge at (2, 7) green, its centre
 *    (7, 7), on both diagonals, black;
 *  - a clockwise (back) square with corners (20, 2) and (30, 12): filled,
 *    so its centre (25, 7) is green.
 * Then glPolygonMode(GL_FRONT_AND_BACK, GL_POINT) and a GL_QUAD_STRIP of
 * one quad, (32, 2), (38, 2), (32, 8), (38, 8), as points: corner
 * (32, 2) green, the middle of its bottom edge (35, 2) black.
 * Then flat shading with the first-vertex convention (GL 3.2 section
 * 2.18.8, table 2.12) in GL_LINE mode, vertex colours red, blue, blue,
 * blue: a quad with corners (2, 18) and (12, 28) has every edge red (its
 * first vertex provokes it; (7, 18) and (12, 23) probed) where
 * GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION is true, else blue (its
 * last vertex, as llvmpipe does); a triangle fan
 * (22, 18), (32, 18), (32, 28), (22, 28) has triangle 1 provoked by its
 * second vertex, blue ((27, 18) probed), and triangle 2 by its third,
 * blue ((27, 28) probed), never the centre's red.
 * Then with a GLSL 1.10 program (gl_ModelViewProjectionMatrix *
 * gl_Vertex, a constant green) in GL_LINE mode for both faces, smooth
 * shading: a GL_QUADS square with corners (34, 12) and (38, 16) has its
 * bottom edge (36, 12) green and its centre (36, 14), on the diagonal
 * (34, 12)-(38, 16), black; a GL_QUAD_STRIP of one quad, (34, 20),
 * (38, 20), (34, 24), (38, 24), its top edge (36, 24) and right edge
 * (38, 22) green, its centre (36, 22) black (GL 3.0 section 3.5.4: the
 * polygon's boundary edges, whatever draws it); a GL_POLYGON of 80
 * vertices, 20 along each side of the rectangle with corners (14, 2) and
 * (18, 12), its left edge (14, 7) and bottom edge (16, 2) green, its
 * inside (16, 7) black.  Then in GL_POINT mode, with a program writing
 * (0, 0.5, 0, 1) and additive blending (glBlendFunc(GL_ONE, GL_ONE)), a
 * GL_QUADS quad (22, 14), (26, 14), (26, 16), (22, 16): each corner is
 * one point drawn once, so (26, 14) and (22, 16), the corners a split
 * into two triangles would share, are 128 green like (22, 14), not 255.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "e2e_gl_compat.h"

#define W 40
#define H 32

typedef void (*enum_fn)(GLenum);

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   enum_fn provoking_vertex;
   const struct e2e_gl_proc procs[] = {
      {"glProvokingVertex", &provoking_vertex},
   };
   int status = E2E_GL_START_FF_PROCS(&gl, argc, argv, W, H, &quiet, &ff, true,
                                      procs);
   if (status)
      return status;

   /* Pixel centres: (x + 0.5, y + 0.5). */
   static const GLfloat quads[] = {
      2.5f,  2.5f, 12.5f, 2.5f, 12.5f, 12.5f, 2.5f,  12.5f, /* ccw */
      20.5f, 2.5f, 20.5f, 12.5f, 30.5f, 12.5f, 30.5f, 2.5f, /* cw */
   };
   static const GLfloat strip[] = {32.5f, 2.5f, 38.5f, 2.5f,
                                   32.5f, 8.5f, 38.5f, 8.5f};
   ff.color3f(0, 1, 0);
   ff.enable_client_state(E2E_GL_VERTEX_ARRAY);
   ff.polygon_mode(GL_FRONT, E2E_GL_LINE);
   ff.polygon_mode(GL_BACK, E2E_GL_FILL);
   ff.vertex_pointer(2, GL_FLOAT, 0, quads);
   glDrawArrays(E2E_GL_QUADS, 0, 8);
   ff.polygon_mode(GL_FRONT_AND_BACK, E2E_GL_POINT);
   ff.vertex_pointer(2, GL_FLOAT, 0, strip);
   glDrawArrays(E2E_GL_QUAD_STRIP, 0, 4);
   static const GLfloat flat[] = {2.5f,  18.5f, 12.5f, 18.5f, 12.5f, 28.5f,
                                  2.5f,  28.5f, 22.5f, 18.5f, 32.5f, 18.5f,
                                  32.5f, 28.5f, 22.5f, 28.5f};
   static const GLfloat colors[] = {1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1,
                                    1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1};
   ff.polygon_mode(GL_FRONT_AND_BACK, E2E_GL_LINE);
   ff.shade_model(E2E_GL_FLAT);
   provoking_vertex(E2E_GL_FIRST_VERTEX_CONVENTION);
   ff.enable_client_state(E2E_GL_COLOR_ARRAY);
   ff.vertex_pointer(2, GL_FLOAT, 0, flat);
   ff.color_pointer(3, GL_FLOAT, 0, colors);
   glDrawArrays(E2E_GL_QUADS, 0, 4);
   glDrawArrays(GL_TRIANGLE_FAN, 4, 4);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   /* The same polygon mode with an application's program. */
   static const char *vs = "void main() {\n"
                           "   gl_Position = gl_ModelViewProjectionMatrix *"
                           " gl_Vertex;\n"
                           "}\n";
   static const char *fs = "void main() {\n"
                           "   gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0);\n"
                           "}\n";
   GLuint prog;
   if ((status = e2e_gl_need_program(&gl, vs, fs, "the program", &prog)))
      return status;
   static const GLfloat prog_quad[] = {34.5f, 12.5f, 38.5f, 12.5f,
                                       38.5f, 16.5f, 34.5f, 16.5f};
   static const GLfloat prog_strip[] = {34.5f, 20.5f, 38.5f, 20.5f,
                                        34.5f, 24.5f, 38.5f, 24.5f};
   ff.shade_model(E2E_GL_SMOOTH);
   ff.disable_client_state(E2E_GL_COLOR_ARRAY);
   glUseProgram(prog);
   ff.vertex_pointer(2, GL_FLOAT, 0, prog_quad);
   glDrawArrays(E2E_GL_QUADS, 0, 4);
   ff.vertex_pointer(2, GL_FLOAT, 0, prog_strip);
   glDrawArrays(E2E_GL_QUAD_STRIP, 0, 4);
   /* 20 vertices a side, counter-clockwise from (14, 2) */
   static GLfloat ring[80 * 2];
   for (int i = 0; i < 20; i++) {
      GLfloat t = (GLfloat)i / 20.0f;
      const GLfloat at[4][2] = {{14.5f + 4 * t, 2.5f},
                                {18.5f, 2.5f + 10 * t},
                                {18.5f - 4 * t, 12.5f},
                                {14.5f, 12.5f - 10 * t}};
      for (int side = 0; side < 4; side++) {
         ring[2 * (side * 20 + i)] = at[side][0];
         ring[2 * (side * 20 + i) + 1] = at[side][1];
      }
   }
   ff.vertex_pointer(2, GL_FLOAT, 0, ring);
   glDrawArrays(E2E_GL_POLYGON, 0, 80);
   static const char *fs_half = "void main() {\n"
                                "   gl_FragColor = vec4(0.0, 0.5, 0.0, 1.0);\n"
                                "}\n";
   GLuint half;
   if ((status = e2e_gl_need_program(&gl, vs, fs_half, "the half-green program",
                                     &half)))
      return status;
   static const GLfloat corners[] = {22.5f, 14.5f, 26.5f, 14.5f,
                                     26.5f, 16.5f, 22.5f, 16.5f};
   ff.polygon_mode(GL_FRONT_AND_BACK, E2E_GL_POINT);
   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_ONE);
   glUseProgram(half);
   ff.vertex_pointer(2, GL_FLOAT, 0, corners);
   glDrawArrays(E2E_GL_QUADS, 0, 4);
   glDisable(GL_BLEND);
   glUseProgram(0);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing with a program", quiet);

   static uint8_t pixels[W * H * 4];
   static const uint8_t green[4] = {0, 255, 0, 255};
   static const uint8_t black[4] = {0, 0, 0, 255};
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= e2e_gl_probe(pixels, W, 7, 2, green, 0, "front quad: bottom edge",
                      quiet);
   ok &= e2e_gl_probe(pixels, W, 2, 7, green, 0, "front quad: left edge",
                      quiet);
   ok &= e2e_gl_probe(pixels, W, 7, 7, black, 0,
                      "front quad: no diagonal through the centre", quiet);
   ok &= e2e_gl_probe(pixels, W, 25, 7, green, 0, "back quad: filled",
                      quiet);
   ok &= e2e_gl_probe(pixels, W, 32, 2, green, 0, "points: a corner",
                      quiet);
   ok &= e2e_gl_probe(pixels, W, 35, 2, black, 0,
                      "points: no edge between corners", quiet);
   static const uint8_t red[4] = {255, 0, 0, 255};
   static const uint8_t blue[4] = {0, 0, 255, 255};
   GLboolean quads_follow = GL_FALSE;
   glGetBooleanv(E2E_GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION,
                 &quads_follow);
   const uint8_t *quad = quads_follow ? red : blue;
   ok &= e2e_gl_probe(pixels, W, 7, 18, quad, 0,
                      "flat quad, first vertex: bottom edge", quiet);
   ok &= e2e_gl_probe(pixels, W, 12, 23, quad, 0,
                      "flat quad, first vertex: right edge", quiet);
   ok &= e2e_gl_probe(pixels, W, 27, 18, blue, 0,
                      "flat fan, first vertex: triangle 1", quiet);
   ok &= e2e_gl_probe(pixels, W, 27, 28, blue, 0,
                      "flat fan, first vertex: triangle 2", quiet);
   ok &= e2e_gl_probe(pixels, W, 36, 12, green, 0,
                      "program quad: bottom edge", quiet);
   ok &= e2e_gl_probe(pixels, W, 36, 14, black, 0,
                      "program quad: no diagonal through the centre", quiet);
   ok &= e2e_gl_probe(pixels, W, 36, 24, green, 0,
                      "program quad strip: top edge", quiet);
   ok &= e2e_gl_probe(pixels, W, 38, 22, green, 0,
                      "program quad strip: right edge", quiet);
   ok &= e2e_gl_probe(pixels, W, 36, 22, black, 0,
                      "program quad strip: no diagonal", quiet);
   ok &= e2e_gl_probe(pixels, W, 14, 7, green, 0,
                      "program polygon of 80: left edge", quiet);
   ok &= e2e_gl_probe(pixels, W, 16, 2, green, 0,
                      "program polygon of 80: bottom edge", quiet);
   ok &= e2e_gl_probe(pixels, W, 16, 7, black, 0,
                      "program polygon of 80: nothing inside", quiet);
   static const uint8_t half_green[4] = {0, 128, 0, 255};
   ok &= e2e_gl_probe(pixels, W, 22, 14, half_green, 1,
                      "program points: corner 0 once", quiet);
   ok &= e2e_gl_probe(pixels, W, 26, 14, half_green, 1,
                      "program points: corner 1 once", quiet);
   ok &= e2e_gl_probe(pixels, W, 22, 16, half_green, 1,
                      "program points: corner 3 once", quiet);
   return e2e_gl_finish(&gl, ok, quiet);
}
