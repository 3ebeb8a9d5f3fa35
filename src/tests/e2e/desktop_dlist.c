/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Display lists that compile draws, per-vertex materials and evaluators
 * in a desktop 2.1 context without a program (GL 2.1 sections 5.4,
 * 2.14.2 and 5.1).  The framebuffer is 16 x 16, the matrices identity.
 *
 * 1. A list compiles glDrawArrays of a client array covering the left
 *    half in green; the array then moves to the right half and turns
 *    red.  glCallList draws the left half green: the list kept the
 *    vertices of compile time.
 * 2. Lighting with a white ambient light and glMaterial(GL_AMBIENT)
 *    between the vertices of a flat-shaded triangle strip: its left
 *    quad is red and its right quad green (each triangle's last vertex
 *    carries its material).
 * 3. A flat evaluator patch (GL_MAP2_VERTEX_3) over the top-right
 *    quadrant, drawn blue by glEvalMesh2(GL_FILL).
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>

#include "e2e_gl_compat.h"

#define W 16
#define H 16
/* Compatibility tokens (gl.xml). */
#define E2E_GL_LIGHTING 0x0B50
#define E2E_GL_LIGHT0 0x4000
#define E2E_GL_AMBIENT 0x1200
#define E2E_GL_DIFFUSE 0x1201
#define E2E_GL_SPECULAR 0x1202
#define E2E_GL_MAP2_VERTEX_3 0x0DB7

typedef void (*light_fn)(GLenum, GLenum, const GLfloat *);
typedef void (*map2f_fn)(GLenum, GLfloat, GLfloat, GLint, GLint, GLfloat,
                         GLfloat, GLint, GLint, const GLfloat *);
typedef void (*map_grid2f_fn)(GLint, GLfloat, GLfloat, GLint, GLfloat,
                              GLfloat);
typedef void (*eval_mesh2_fn)(GLenum, GLint, GLint, GLint, GLint);

/* A table row for the entry point glNAME held in the variable NAME. */
#define PROC(name) {"gl" #name, &name}

static const uint8_t red[4] = {255, 0, 0, 255};
static const uint8_t green[4] = {0, 255, 0, 255};
static const uint8_t blue[4] = {0, 0, 255, 255};
static const uint8_t black[4] = {0, 0, 0, 255};

static bool
probe(const char *what, int x, int y, const uint8_t *want, bool quiet)
{
   static uint8_t pixels[W * H * 4];

   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   return e2e_gl_probe(pixels, W, x, y, want, 1, what, quiet);
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   int status = e2e_gl_start_ff(&gl, argc, argv, W, H, &quiet, &ff);
   if (status)
      return status;

   light_fn Lightfv;
   map2f_fn Map2f;
   map_grid2f_fn MapGrid2f;
   eval_mesh2_fn EvalMesh2;
   const struct e2e_gl_proc procs[] = {
      PROC(Lightfv), PROC(Map2f), PROC(MapGrid2f), PROC(EvalMesh2),
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;
   glClearColor(0, 0, 0, 1);

   /* 1. The list keeps the vertices of compile time. */
   GLfloat quad[4][2] = {{-1, -1}, {0, -1}, {0, 1}, {-1, 1}};
   ff.vertex_pointer(2, GL_FLOAT, 0, quad);
   ff.enable_client_state(E2E_GL_VERTEX_ARRAY);
   ff.color4f(0, 1, 0, 1);
   ff.new_list(1, E2E_GL_COMPILE);
   glDrawArrays(E2E_GL_QUADS, 0, 4);
   ff.end_list();
   for (unsigned v = 0; v < 4; v++)
      quad[v][0] += 1.0f;
   glClear(GL_COLOR_BUFFER_BIT);
   ff.call_list(1);
   ok &= glGetError() == GL_NO_ERROR;
   ok &= probe("list draw: left half", 4, 8, green, quiet);
   ok &= probe("list draw: right half", 12, 8, black, quiet);

   /* 2. glMaterial between the vertices of a strip. */
   static const GLfloat white[4] = {1, 1, 1, 1};
   static const GLfloat redf[4] = {1, 0, 0, 1}, greenf[4] = {0, 1, 0, 1};
   static const GLfloat blackf[4] = {0, 0, 0, 1};
   glEnable(E2E_GL_LIGHTING);
   glEnable(E2E_GL_LIGHT0);
   Lightfv(E2E_GL_LIGHT0, E2E_GL_AMBIENT, white);
   ff.materialfv(GL_FRONT_AND_BACK, E2E_GL_DIFFUSE, blackf);
   ff.materialfv(GL_FRONT_AND_BACK, E2E_GL_SPECULAR, blackf);
   ff.shade_model(E2E_GL_FLAT);
   glClear(GL_COLOR_BUFFER_BIT);
   ff.begin(GL_TRIANGLE_STRIP);
   ff.normal3f(0, 0, 1);
   ff.materialfv(GL_FRONT_AND_BACK, E2E_GL_AMBIENT, redf);
   ff.vertex2f(-1, -1);
   ff.vertex2f(-1, 1);
   ff.vertex2f(0, -1);
   ff.vertex2f(0, 1);
   ff.materialfv(GL_FRONT_AND_BACK, E2E_GL_AMBIENT, greenf);
   ff.vertex2f(1, -1);
   ff.vertex2f(1, 1);
   ff.end();
   glDisable(E2E_GL_LIGHTING);
   ff.shade_model(E2E_GL_SMOOTH);
   ok &= glGetError() == GL_NO_ERROR;
   ok &= probe("per-vertex material: left quad", 4, 8, red, quiet);
   ok &= probe("per-vertex material: right quad", 12, 8, green, quiet);

   /* 3. An evaluated patch over x, y in [0, 1]. */
   static const GLfloat patch[2][2][3] = {{{0, 0, 0}, {0, 1, 0}},
                                          {{1, 0, 0}, {1, 1, 0}}};
   Map2f(E2E_GL_MAP2_VERTEX_3, 0, 1, 6, 2, 0, 1, 3, 2, &patch[0][0][0]);
   glEnable(E2E_GL_MAP2_VERTEX_3);
   MapGrid2f(2, 0, 1, 2, 0, 1);
   ff.color4f(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   EvalMesh2(E2E_GL_FILL, 0, 2, 0, 2);
   ok &= glGetError() == GL_NO_ERROR;
   ok &= probe("evaluated patch: inside", 12, 12, blue, quiet);
   ok &= probe("evaluated patch: outside", 4, 4, black, quiet);

   return e2e_gl_finish(&gl, ok, quiet);
}
