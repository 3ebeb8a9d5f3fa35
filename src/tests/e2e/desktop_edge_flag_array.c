/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Edge flag arrays (GL 2.1 sections 2.6.2, 2.8 and 3.5.4) in a desktop
 * 2.1 context: glEdgeFlagPointer gives each vertex its flag, and in
 * polygon mode GL_LINE only the edges of independent triangles, quads
 * and polygons that start at a flagged vertex are drawn.  Also the array
 * state of table 6.8 (GL_EDGE_FLAG_ARRAY_STRIDE, GL_INDEX_ARRAY_TYPE,
 * GL_INDEX_ARRAY_STRIDE, glGetPointerv) and GL_EXT_vertex_array's
 * glVertexPointerEXT.
 *
 * The window is 32 x 16, cleared to black, with glOrtho(0, 32, 0, 16);
 * corners at pixel centres, flags TRUE, FALSE, TRUE, FALSE:
 *  - a GL_POLYGON (2, 2), (12, 2), (12, 12), (2, 12) drawn with a GLSL
 *    program (green) in glPolygonMode(GL_FRONT_AND_BACK, GL_LINE): its
 *    bottom (7, 2) and top (7, 12) edges drawn, its right (12, 7) and left
 *    (2, 7) ones and its inside not;
 *  - without a program, glPolygonMode(GL_FRONT, GL_LINE) and
 *    glPolygonMode(GL_BACK, GL_FILL): a counter-clockwise (front) GL_QUADS
 *    quad (18, 2), (28, 2), (28, 12), (18, 12) the same way (bottom
 *    (23, 2) drawn, right (28, 7) not), in the colour of its vertices;
 *  - that quad's glDrawArrays compiled into a display list (GL 2.1
 *    section 5.4: the list keeps the arrays' values, edge flags too), the
 *    edge flag array disabled, then the list called after
 *    glTranslatef(0, 16, 0): bottom (23, 18) drawn, right (28, 23) and
 *    inside (23, 23) not.
 * The window is 32 x 32 for that; llvmpipe draws the same.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl_compat.h"

#define W 32
#define H 32
#define E2E_GL_INDEX_ARRAY_TYPE 0x8085
#define E2E_GL_INDEX_ARRAY_STRIDE 0x8086
#define E2E_GL_EDGE_FLAG_ARRAY_STRIDE 0x808C
#define E2E_GL_EDGE_FLAG_ARRAY_POINTER 0x8093

typedef void (*vertex_pointer_ext_fn)(GLint, GLenum, GLsizei, GLsizei,
                                      const void *);

static const char *vs =
   "#version 110\n"
   "void main() { gl_Position = ftransform(); }\n";
static const char *fs =
   "#version 110\n"
   "void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n";

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   vertex_pointer_ext_fn vertex_pointer_ext;
   const struct e2e_gl_proc procs[] = {
      {"glVertexPointerEXT", &vertex_pointer_ext},
   };
   int status = E2E_GL_START_FF_PROCS(&gl, argc, argv, W, H, &quiet, &ff, true,
                                      procs);
   if (status)
      return status;
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   bool has_ext = ext && strstr(ext, "GL_EXT_vertex_array");
   if (!has_ext || !quiet)
      printf("%s GL_EXT_vertex_array advertised\n", has_ext ? "ok  " : "FAIL");
   ok &= has_ext;

   /* x, y and the flag of each vertex, interleaved */
   static const struct {
      GLfloat x, y;
      GLboolean flag;
   } v[8] = {
      {2.5f, 2.5f, GL_TRUE},   {12.5f, 2.5f, GL_FALSE},
      {12.5f, 12.5f, GL_TRUE}, {2.5f, 12.5f, GL_FALSE},
      {18.5f, 2.5f, GL_TRUE},  {28.5f, 2.5f, GL_FALSE},
      {28.5f, 12.5f, GL_TRUE}, {18.5f, 12.5f, GL_FALSE},
   };
   static const GLshort colour_indices[8] = {0};
   vertex_pointer_ext(2, GL_FLOAT, (GLsizei)sizeof(v[0]), 8, &v[0].x);
   ff.edge_flag_pointer((GLsizei)sizeof(v[0]), &v[0].flag);
   ff.index_pointer(GL_SHORT, 2 * (GLsizei)sizeof(GLshort), colour_indices);
   ff.enable_client_state(E2E_GL_VERTEX_ARRAY);
   ff.enable_client_state(E2E_GL_EDGE_FLAG_ARRAY);
   ff.enable_client_state(E2E_GL_INDEX_ARRAY);

   GLint stride = 0, type = 0, index_stride = 0;
   void *ptr = NULL;
   glGetIntegerv(E2E_GL_EDGE_FLAG_ARRAY_STRIDE, &stride);
   glGetIntegerv(E2E_GL_INDEX_ARRAY_TYPE, &type);
   glGetIntegerv(E2E_GL_INDEX_ARRAY_STRIDE, &index_stride);
   ff.get_pointerv(E2E_GL_EDGE_FLAG_ARRAY_POINTER, &ptr);
   ok &= e2e_gl_check("GL_EDGE_FLAG_ARRAY_STRIDE", stride,
                      (double)sizeof(v[0]), quiet);
   ok &= e2e_gl_check("GL_INDEX_ARRAY_TYPE", type, GL_SHORT, quiet);
   ok &= e2e_gl_check("GL_INDEX_ARRAY_STRIDE", index_stride,
                      2 * sizeof(GLshort), quiet);
   ok &= e2e_gl_check("GL_EDGE_FLAG_ARRAY_POINTER is the flags",
                      ptr == (const void *)&v[0].flag, 1, quiet);
   ok &= e2e_gl_check("GL_INDEX_ARRAY enabled",
                      glIsEnabled(E2E_GL_INDEX_ARRAY), GL_TRUE, quiet);

   GLuint prog = e2e_gl_program(vs, fs, NULL);
   ok &= e2e_gl_check("the program links", prog != 0, 1, quiet);
   glUseProgram(prog);
   ff.polygon_mode(GL_FRONT_AND_BACK, E2E_GL_LINE);
   glDrawArrays(E2E_GL_POLYGON, 0, 4);
   glUseProgram(0);

   ff.polygon_mode(GL_FRONT, E2E_GL_LINE);
   ff.polygon_mode(GL_BACK, E2E_GL_FILL);
   ff.color3f(0, 0, 1);
   glDrawArrays(E2E_GL_QUADS, 4, 4);
   /* the same draw from a display list, its flags no longer in an array */
   ff.new_list(1, E2E_GL_COMPILE);
   glDrawArrays(E2E_GL_QUADS, 4, 4);
   ff.end_list();
   ff.disable_client_state(E2E_GL_EDGE_FLAG_ARRAY);
   ff.translatef(0, 16, 0);
   ff.call_list(1);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   static uint8_t pixels[W * H * 4];
   static const uint8_t green[4] = {0, 255, 0, 255};
   static const uint8_t blue[4] = {0, 0, 255, 255};
   static const uint8_t black[4] = {0, 0, 0, 255};
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= e2e_gl_probe(pixels, W, 7, 2, green, 0,
                      "program: bottom edge (flag TRUE)", quiet);
   ok &= e2e_gl_probe(pixels, W, 7, 12, green, 0,
                      "program: top edge (flag TRUE)", quiet);
   ok &= e2e_gl_probe(pixels, W, 12, 7, black, 0,
                      "program: right edge (flag FALSE)", quiet);
   ok &= e2e_gl_probe(pixels, W, 2, 7, black, 0,
                      "program: left edge (flag FALSE)", quiet);
   ok &= e2e_gl_probe(pixels, W, 7, 7, black, 0, "program: inside", quiet);
   ok &= e2e_gl_probe(pixels, W, 23, 2, blue, 0,
                      "fixed function: bottom edge (flag TRUE)", quiet);
   ok &= e2e_gl_probe(pixels, W, 28, 7, black, 0,
                      "fixed function: right edge (flag FALSE)", quiet);
   ok &= e2e_gl_probe(pixels, W, 23, 7, black, 0,
                      "fixed function: inside", quiet);
   ok &= e2e_gl_probe(pixels, W, 23, 18, blue, 0,
                      "display list: bottom edge (flag TRUE)", quiet);
   ok &= e2e_gl_probe(pixels, W, 28, 23, black, 0,
                      "display list: right edge (flag FALSE)", quiet);
   ok &= e2e_gl_probe(pixels, W, 23, 23, black, 0, "display list: inside",
                      quiet);
   return e2e_gl_finish(&gl, ok, quiet);
}
