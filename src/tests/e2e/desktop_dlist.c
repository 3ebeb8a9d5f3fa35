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

#include "e2e_gl.h"

#define W 16
#define H 16
/* Compatibility tokens (gl.xml). */
#define E2E_GL_COMPILE 0x1300
#define E2E_GL_VERTEX_ARRAY 0x8074
#define E2E_GL_QUADS 0x0007
#define E2E_GL_LIGHTING 0x0B50
#define E2E_GL_LIGHT0 0x4000
#define E2E_GL_AMBIENT 0x1200
#define E2E_GL_DIFFUSE 0x1201
#define E2E_GL_SPECULAR 0x1202
#define E2E_GL_FLAT 0x1D00
#define E2E_GL_SMOOTH 0x1D01
#define E2E_GL_MAP2_VERTEX_3 0x0DB7
#define E2E_GL_FILL 0x1B02

typedef void (*begin_fn)(GLenum);
typedef void (*end_fn)(void);
typedef void (*vertex2f_fn)(GLfloat, GLfloat);
typedef void (*color4f_fn)(GLfloat, GLfloat, GLfloat, GLfloat);
typedef void (*new_list_fn)(GLuint, GLenum);
typedef void (*end_list_fn)(void);
typedef void (*call_list_fn)(GLuint);
typedef void (*client_state_fn)(GLenum);
typedef void (*vertex_pointer_fn)(GLint, GLenum, GLsizei, const void *);
typedef void (*material_fn)(GLenum, GLenum, const GLfloat *);
typedef void (*light_fn)(GLenum, GLenum, const GLfloat *);
typedef void (*normal3f_fn)(GLfloat, GLfloat, GLfloat);
typedef void (*shade_model_fn)(GLenum);
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
   int status = e2e_gl_start_compat(&gl, argc, argv, W, H, &quiet);
   if (status)
      return status;

   begin_fn Begin;
   end_fn End;
   vertex2f_fn Vertex2f;
   color4f_fn Color4f;
   new_list_fn NewList;
   end_list_fn EndList;
   call_list_fn CallList;
   client_state_fn EnableClientState;
   vertex_pointer_fn VertexPointer;
   material_fn Materialfv;
   light_fn Lightfv;
   normal3f_fn Normal3f;
   shade_model_fn ShadeModel;
   map2f_fn Map2f;
   map_grid2f_fn MapGrid2f;
   eval_mesh2_fn EvalMesh2;
   const struct e2e_gl_proc procs[] = {
      PROC(Begin), PROC(End), PROC(Vertex2f), PROC(Color4f), PROC(NewList),
      PROC(EndList), PROC(CallList), PROC(EnableClientState),
      PROC(VertexPointer), PROC(Materialfv), PROC(Lightfv), PROC(Normal3f),
      PROC(ShadeModel), PROC(Map2f), PROC(MapGrid2f), PROC(EvalMesh2),
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;
   glClearColor(0, 0, 0, 1);

   /* 1. The list keeps the vertices of compile time. */
   GLfloat quad[4][2] = {{-1, -1}, {0, -1}, {0, 1}, {-1, 1}};
   VertexPointer(2, GL_FLOAT, 0, quad);
   EnableClientState(E2E_GL_VERTEX_ARRAY);
   Color4f(0, 1, 0, 1);
   NewList(1, E2E_GL_COMPILE);
   glDrawArrays(E2E_GL_QUADS, 0, 4);
   EndList();
   for (unsigned v = 0; v < 4; v++)
      quad[v][0] += 1.0f;
   glClear(GL_COLOR_BUFFER_BIT);
   CallList(1);
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
   Materialfv(GL_FRONT_AND_BACK, E2E_GL_DIFFUSE, blackf);
   Materialfv(GL_FRONT_AND_BACK, E2E_GL_SPECULAR, blackf);
   ShadeModel(E2E_GL_FLAT);
   glClear(GL_COLOR_BUFFER_BIT);
   Begin(GL_TRIANGLE_STRIP);
   Normal3f(0, 0, 1);
   Materialfv(GL_FRONT_AND_BACK, E2E_GL_AMBIENT, redf);
   Vertex2f(-1, -1);
   Vertex2f(-1, 1);
   Vertex2f(0, -1);
   Vertex2f(0, 1);
   Materialfv(GL_FRONT_AND_BACK, E2E_GL_AMBIENT, greenf);
   Vertex2f(1, -1);
   Vertex2f(1, 1);
   End();
   glDisable(E2E_GL_LIGHTING);
   ShadeModel(E2E_GL_SMOOTH);
   ok &= glGetError() == GL_NO_ERROR;
   ok &= probe("per-vertex material: left quad", 4, 8, red, quiet);
   ok &= probe("per-vertex material: right quad", 12, 8, green, quiet);

   /* 3. An evaluated patch over x, y in [0, 1]. */
   static const GLfloat patch[2][2][3] = {{{0, 0, 0}, {0, 1, 0}},
                                          {{1, 0, 0}, {1, 1, 0}}};
   Map2f(E2E_GL_MAP2_VERTEX_3, 0, 1, 6, 2, 0, 1, 3, 2, &patch[0][0][0]);
   glEnable(E2E_GL_MAP2_VERTEX_3);
   MapGrid2f(2, 0, 1, 2, 0, 1);
   Color4f(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   EvalMesh2(E2E_GL_FILL, 0, 2, 0, 2);
   ok &= glGetError() == GL_NO_ERROR;
   ok &= probe("evaluated patch: inside", 12, 12, blue, quiet);
   ok &= probe("evaluated patch: outside", 4, 4, black, quiet);

   e2e_gl_close(&gl);
   if (!quiet || !ok)
      printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
