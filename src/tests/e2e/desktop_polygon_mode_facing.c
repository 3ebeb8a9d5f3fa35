/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Polygon modes chosen per face with a program reading gl_FrontFacing
 * (GL 2.1 sections 3.5.1 and 3.5.4, GLSL 1.10 section 7.2): a polygon
 * drawn as lines or points keeps the facing of the whole polygon, so its
 * edges of a back-facing quad see gl_FrontFacing false; the quad is one
 * polygon, so no diagonal shows in GL_LINE mode.  The case of piglit's
 * polygon-mode-facing (without its GL_LINE_SMOOTH, which may change the
 * lines' alpha), in a 48 x 16 window with glOrtho(0, 48, 0, 16),
 * corners at pixel centres, the fragment shader writing red for a front
 * face and green for a back face, cleared to black between rounds.
 *
 * Each round draws a counter-clockwise (front) quad with corners (1, 1)
 * and (13, 13) and a clockwise (back) one with corners (17, 1) and
 * (29, 13) in one glDrawArrays(GL_QUADS), and with glFrontFace(GL_CW) a
 * counter-clockwise quad (33, 1)-(45, 13), now back-facing.  Rounds:
 *  1. front GL_LINE, back GL_FILL: quad 1 red on its bottom edge (7, 1)
 *     and left edge (1, 7), black at its centre (7, 7) (on its diagonal);
 *     quad 2 green at its centre (23, 7); quad 3 green at its centre.
 *  2. front GL_FILL, back GL_LINE: quad 1 red at its
 *     centre; quad 2 green on its bottom edge (23, 1) and right edge
 *     (29, 7), black at its centre; quad 3 green on its top edge
 *     (39, 13), black at its centre.
 *  3. front GL_POINT, back GL_LINE: quad 1 red at its corner (1, 1) and
 *     black at the middle of its bottom edge (7, 1); quad 2 green on its
 *     left edge (17, 7).
 *
 * Then GL_POLYGON (since wave 15), each polygon by the mode of its own
 * facing with no inner edge of a triangulation: polygon A is
 * counter-clockwise (front), (1, 1), (13, 1), (13, 13), (7, 13), (1, 7);
 * a fan from its first vertex would have inner edges through (7, 7) and
 * (4, 7).  Polygon B is the same shape moved 16 to the right with its
 * vertices in the other order (clockwise: back), (17, 7), (23, 13),
 * (29, 13), (29, 1), (17, 1); a fan would have inner edges through
 * (23, 10) and (23, 4).  Rounds:
 *  4. front GL_LINE, back GL_FILL: A red on its bottom and right edges,
 *     black at (7, 7) and (4, 7); B green at its centre (23, 7);
 *  5. front GL_FILL, back GL_LINE: A red at (7, 7); B green on its
 *     bottom and right edges (gl_FrontFacing false on a back polygon's
 *     edges), black at (23, 10), (23, 4) and (23, 7);
 *  6. as 4 with back faces culled: B not drawn, black at (23, 7);
 *  7. both GL_LINE: A's edges red, B's green, no inner edges.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "e2e_gl_compat.h"

#define W 48
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
   bool polygons, cull; /* GL_POLYGON rounds; back faces culled */
   struct probe probes[6];
};

static const struct round rounds[] = {
   {E2E_GL_LINE,
    E2E_GL_FILL,
    false,
    false,
    {{7, 1, red, "line/fill: front quad's bottom edge"},
     {1, 7, red, "line/fill: front quad's left edge"},
     {7, 7, black, "line/fill: no diagonal in the front quad"},
     {23, 7, green, "line/fill: back quad filled"},
     {39, 7, green, "line/fill: clockwise-front quad filled as back"}}},
   {E2E_GL_FILL,
    E2E_GL_LINE,
    false,
    false,
    {{7, 7, red, "fill/line: front quad filled"},
     {23, 1, green, "fill/line: back quad's bottom edge"},
     {29, 7, green, "fill/line: back quad's right edge"},
     {23, 7, black, "fill/line: no diagonal in the back quad"},
     {39, 13, green, "fill/line: clockwise-front back quad's top edge"},
     {39, 7, black, "fill/line: clockwise-front back quad hollow"}}},
   {E2E_GL_POINT,
    E2E_GL_LINE,
    false,
    false,
    {{1, 1, red, "point/line: front quad's corner"},
     {7, 1, black, "point/line: no edge between the corners"},
     {17, 7, green, "point/line: back quad's left edge"}}},
   {E2E_GL_LINE,
    E2E_GL_FILL,
    true,
    false,
    {{7, 1, red, "polygons line/fill: front polygon's bottom edge"},
     {13, 7, red, "polygons line/fill: front polygon's right edge"},
     {7, 7, black, "polygons line/fill: no inner edge through (7, 7)"},
     {4, 7, black, "polygons line/fill: no inner edge through (4, 7)"},
     {23, 7, green, "polygons line/fill: back polygon filled"}}},
   {E2E_GL_FILL,
    E2E_GL_LINE,
    true,
    false,
    {{7, 7, red, "polygons fill/line: front polygon filled"},
     {23, 1, green, "polygons fill/line: back polygon's bottom edge"},
     {29, 7, green, "polygons fill/line: back polygon's right edge"},
     {23, 10, black, "polygons fill/line: no inner edge through (23, 10)"},
     {23, 4, black, "polygons fill/line: no inner edge through (23, 4)"},
     {23, 7, black, "polygons fill/line: back polygon hollow"}}},
   {E2E_GL_LINE,
    E2E_GL_FILL,
    true,
    true,
    {{7, 1, red, "polygons, back culled: front polygon's bottom edge"},
     {7, 7, black, "polygons, back culled: no inner edge"},
     {23, 7, black, "polygons, back culled: back polygon not drawn"}}},
   {E2E_GL_LINE,
    E2E_GL_LINE,
    true,
    false,
    {{13, 7, red, "polygons line/line: front polygon's right edge"},
     {29, 7, green, "polygons line/line: back polygon's right edge"},
     {7, 7, black, "polygons line/line: no inner edge in the front one"},
     {23, 10, black, "polygons line/line: no inner edge in the back one"}}},
};

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
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
   int status =
      e2e_gl_start_compat_program(&gl, argc, argv, W, H, &quiet, &ff, vs, fs,
                                  "the facing program", &prog);
   if (status)
      return status;

   /* Pixel centres: (x + 0.5, y + 0.5). */
   static const GLfloat quads[] = {
      1.5f,  1.5f, 13.5f, 1.5f,  13.5f, 13.5f, 1.5f,  13.5f, /* ccw */
      17.5f, 1.5f, 17.5f, 13.5f, 29.5f, 13.5f, 29.5f, 1.5f,  /* cw */
      33.5f, 1.5f, 45.5f, 1.5f,  45.5f, 13.5f, 33.5f, 13.5f, /* ccw */
      /* polygons A (ccw) and B (cw) */
      1.5f,  1.5f, 13.5f, 1.5f,  13.5f, 13.5f, 7.5f,  13.5f, 1.5f,  7.5f,
      17.5f, 7.5f, 23.5f, 13.5f, 29.5f, 13.5f, 29.5f, 1.5f,  17.5f, 1.5f,
   };
   ff.enable_client_state(E2E_GL_VERTEX_ARRAY);
   ff.vertex_pointer(2, GL_FLOAT, 0, quads);

   static uint8_t pixels[W * H * 4];
   for (unsigned r = 0; r < sizeof(rounds) / sizeof(rounds[0]); r++) {
      const struct round *rd = &rounds[r];
      glClearColor(0, 0, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      ff.polygon_mode(GL_FRONT, rd->front);
      ff.polygon_mode(GL_BACK, rd->back);
      if (rd->polygons) {
         if (rd->cull)
            glEnable(E2E_GL_CULL_FACE);
         glDrawArrays(E2E_GL_POLYGON, 12, 5);
         glDrawArrays(E2E_GL_POLYGON, 17, 5);
         glDisable(E2E_GL_CULL_FACE);
      } else {
         glFrontFace(GL_CCW);
         glDrawArrays(E2E_GL_QUADS, 0, 8);
         glFrontFace(GL_CW);
         glDrawArrays(E2E_GL_QUADS, 8, 4);
         glFrontFace(GL_CCW);
      }
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
