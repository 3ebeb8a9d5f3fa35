/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL_POLYGON in polygon modes chosen per face with a program reading
 * gl_FrontFacing (GL 2.1 sections 3.5.1 and 3.5.4): each polygon is
 * drawn by the mode of its own facing, as its boundary edges in GL_LINE
 * mode (no inner edge of a triangulation shows), and its edges keep the
 * polygon's facing.  A 32 x 16 window with glOrtho(0, 32, 0, 16),
 * vertices at pixel centres, the fragment shader writing red for a front
 * face and green for a back face, cleared to black between rounds.
 *
 * Polygon A is counter-clockwise (front): (1, 1), (13, 1), (13, 13),
 * (7, 13), (1, 7); a fan from its first vertex would have inner edges
 * through (7, 7) and (4, 7).  Polygon B is the same shape moved 16 to
 * the right with its vertices in the other order (clockwise: back):
 * (17, 7), (23, 13), (29, 13), (29, 1), (17, 1); a fan from (17, 7)
 * would have inner edges through (23, 10) and (23, 4).  Rounds:
 *  1. front GL_LINE, back GL_FILL: A red on its bottom and right edges,
 *     black at (7, 7) and (4, 7); B green at its centre (23, 7);
 *  2. front GL_FILL, back GL_LINE: A red at (7, 7); B green on its
 *     bottom and right edges (gl_FrontFacing false on a back polygon's
 *     edges), black at (23, 10), (23, 4) and (23, 7);
 *  3. as 1 with back faces culled: B not drawn, black at (23, 7);
 *  4. both GL_LINE: A's edges red, B's green, no inner edges.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "e2e_gl_compat.h"

#define W 32
#define H 16
#define E2E_GL_CULL_FACE 0x0B44

struct probe {
   int x, y;
   const uint8_t *want;
   const char *what;
};

static const uint8_t red[4] = {255, 0, 0, 255};
static const uint8_t green[4] = {0, 255, 0, 255};
static const uint8_t black[4] = {0, 0, 0, 255};

struct round {
   GLenum front, back;
   bool cull;
   struct probe probes[6];
};

static const struct round rounds[] = {
   {E2E_GL_LINE,
    E2E_GL_FILL,
    false,
    {{7, 1, red, "line/fill: front polygon's bottom edge"},
     {13, 7, red, "line/fill: front polygon's right edge"},
     {7, 7, black, "line/fill: no inner edge through (7, 7)"},
     {4, 7, black, "line/fill: no inner edge through (4, 7)"},
     {23, 7, green, "line/fill: back polygon filled"}}},
   {E2E_GL_FILL,
    E2E_GL_LINE,
    false,
    {{7, 7, red, "fill/line: front polygon filled"},
     {23, 1, green, "fill/line: back polygon's bottom edge, back facing"},
     {29, 7, green, "fill/line: back polygon's right edge, back facing"},
     {23, 10, black, "fill/line: no inner edge through (23, 10)"},
     {23, 4, black, "fill/line: no inner edge through (23, 4)"},
     {23, 7, black, "fill/line: back polygon hollow"}}},
   {E2E_GL_LINE,
    E2E_GL_FILL,
    true,
    {{7, 1, red, "culled back: front polygon's bottom edge"},
     {7, 7, black, "culled back: no inner edge"},
     {23, 7, black, "culled back: back polygon not drawn"}}},
   {E2E_GL_LINE,
    E2E_GL_LINE,
    false,
    {{13, 7, red, "line/line: front polygon's right edge"},
     {29, 7, green, "line/line: back polygon's right edge, back facing"},
     {7, 7, black, "line/line: no inner edge in the front polygon"},
     {23, 10, black, "line/line: no inner edge in the back polygon"}}},
};

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   int status = e2e_gl_start_compat_window(&gl, argc, argv, W, H, &quiet, &ff);
   if (status)
      return status;

   static const char *vs = "void main() {\n"
                           "   gl_Position = gl_ModelViewProjectionMatrix *"
                           " gl_Vertex;\n"
                           "}\n";
   static const char *fs = "void main() {\n"
                           "   gl_FragColor = gl_FrontFacing ?"
                           " vec4(1.0, 0.0, 0.0, 1.0) :"
                           " vec4(0.0, 1.0, 0.0, 1.0);\n"
                           "}\n";
   GLuint prog;
   if ((status =
           e2e_gl_need_program(&gl, vs, fs, "the facing program", &prog)))
      return status;
   glUseProgram(prog);

   /* Pixel centres: (x + 0.5, y + 0.5). */
   static const GLfloat polygons[] = {
      1.5f,  1.5f,  13.5f, 1.5f,  13.5f, 13.5f, 7.5f,  13.5f, 1.5f,  7.5f,
      17.5f, 7.5f,  23.5f, 13.5f, 29.5f, 13.5f, 29.5f, 1.5f,  17.5f, 1.5f,
   };
   ff.enable_client_state(E2E_GL_VERTEX_ARRAY);
   ff.vertex_pointer(2, GL_FLOAT, 0, polygons);

   static uint8_t pixels[W * H * 4];
   for (unsigned r = 0; r < sizeof(rounds) / sizeof(rounds[0]); r++) {
      const struct round *rd = &rounds[r];
      glClearColor(0, 0, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      ff.polygon_mode(GL_FRONT, rd->front);
      ff.polygon_mode(GL_BACK, rd->back);
      if (rd->cull)
         glEnable(E2E_GL_CULL_FACE);
      glDrawArrays(E2E_GL_POLYGON, 0, 5);
      glDrawArrays(E2E_GL_POLYGON, 5, 5);
      glDisable(E2E_GL_CULL_FACE);
      ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);
      glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
      for (unsigned i = 0; i < 6 && rd->probes[i].what; i++) {
         const struct probe *p = &rd->probes[i];
         ok &= e2e_gl_probe(pixels, W, p->x, p->y, p->want, 0, p->what,
                            quiet);
      }
   }
   return e2e_gl_finish(&gl, ok, quiet);
}
