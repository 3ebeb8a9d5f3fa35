/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glPointSize with a program in a desktop 2.1 context (GL 2.0 section
 * 2.15.4 and 3.3): while VERTEX_PROGRAM_POINT_SIZE (= GL 3.2's
 * PROGRAM_POINT_SIZE) is off, a point takes glPointSize's size whatever
 * the vertex shader writes to gl_PointSize; while it is on, the shader's.
 *
 * The window is 32 x 16, cleared to black, with glOrtho(0, 32, 0, 16);
 * the vertex shader writes gl_PointSize = 1.0, the fragment shader green.
 * glPointSize(5.0), then a point at the centre of pixel (8, 8): a square
 * of 5 x 5 pixels, x and y in [6, 11) (section 3.3: non-antialiased
 * points of an odd size are centred on the pixel), so (6, 8) and (10, 8)
 * are green and (11, 8) and (5, 8) black.  Then glEnable(
 * VERTEX_PROGRAM_POINT_SIZE) and a point at pixel (24, 8): size 1, so
 * (24, 8) is green and (25, 8) black.  llvmpipe draws the same.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "e2e_gl_compat.h"

#define W 32
#define H 16
#define E2E_GL_VERTEX_PROGRAM_POINT_SIZE 0x8642
#define E2E_GL_POINTS 0x0000

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   static const char *vs = "void main() {\n"
                           "   gl_Position = gl_ModelViewProjectionMatrix *"
                           " gl_Vertex;\n"
                           "   gl_PointSize = 1.0;\n"
                           "}\n";
   static const char *fs = "void main() {\n"
                           "   gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0);\n"
                           "}\n";
   GLuint prog;
   int status = e2e_gl_start_compat_program(&gl, argc, argv, W, H, &quiet,
                                            &ff, vs, fs, "the program", &prog);
   if (status)
      return status;

   static const GLfloat points[] = {8.5f, 8.5f, 24.5f, 8.5f};
   ff.enable_client_state(E2E_GL_VERTEX_ARRAY);
   ff.vertex_pointer(2, GL_FLOAT, 0, points);
   ff.point_size(5.0f);
   glDrawArrays(E2E_GL_POINTS, 0, 1);
   glEnable(E2E_GL_VERTEX_PROGRAM_POINT_SIZE);
   glDrawArrays(E2E_GL_POINTS, 1, 1);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   static const uint8_t green[4] = {0, 255, 0, 255};
   static const uint8_t black[4] = {0, 0, 0, 255};
   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= e2e_gl_probe(pixels, W, 6, 8, green, 0, "glPointSize(5): left column",
                      quiet);
   ok &= e2e_gl_probe(pixels, W, 10, 8, green, 0,
                      "glPointSize(5): right column", quiet);
   ok &= e2e_gl_probe(pixels, W, 8, 10, green, 0, "glPointSize(5): top row",
                      quiet);
   ok &= e2e_gl_probe(pixels, W, 11, 8, black, 0,
                      "glPointSize(5): past the right column", quiet);
   ok &= e2e_gl_probe(pixels, W, 5, 8, black, 0,
                      "glPointSize(5): before the left column", quiet);
   ok &= e2e_gl_probe(pixels, W, 24, 8, green, 0,
                      "program point size: the centre", quiet);
   ok &= e2e_gl_probe(pixels, W, 25, 8, black, 0,
                      "program point size 1: one pixel", quiet);
   return e2e_gl_finish(&gl, ok, quiet);
}
