/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ARB_texture_float's alpha, luminance, luminance-alpha and intensity
 * formats in a desktop OpenGL 3.0 context (not forward-compatible: core
 * and forward-compatible contexts have no such formats).  Each is a 1x1 texture made
 * from the RGBA float texel (0.25, 0.5, 0.75, 0.5) and read by texture():
 * GL 3.2 compatibility table 3.15 keeps R as L or I and A as A, and table
 * 3.20 (section 3.8.15) gives what a lookup returns:
 *
 * - LUMINANCE32F  (L, L, L, 1)  = (0.25, 0.25, 0.25, 1)  -> (64, 64, 64, 255)
 * - LUMINANCE16F  the same
 * - INTENSITY32F  (I, I, I, I)  = (0.25 each)            -> (64, 64, 64, 64)
 * - INTENSITY16F  the same
 * - ALPHA32F      (0, 0, 0, A)  = (0, 0, 0, 0.5)         -> (0, 0, 0, 128)
 * - LUMINANCE_ALPHA32F (L, L, L, A)                      -> (64, 64, 64, 128)
 *
 * (unorm8 = round(255 c), within 1), and the level queries of an
 * intensity image: INTENSITY_SIZE 32, INTENSITY_TYPE FLOAT,
 * LUMINANCE_SIZE 0.  glGetTexImage(RGBA, FLOAT) of each image gives its
 * base format's components (GL 3.0 table 6.1: L and I as R, missing
 * colour components 0, missing alpha 1): LUMINANCE (0.25, 0, 0, 1),
 * INTENSITY (0.25, 0, 0, 1), ALPHA (0, 0, 0, 0.5), LUMINANCE_ALPHA
 * (0.25, 0, 0, 0.5).  llvmpipe passes it too.
 *
 * Usage: desktop_float_lai [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define E2E_GL_ALPHA32F 0x8816
#define E2E_GL_INTENSITY32F 0x8817
#define E2E_GL_LUMINANCE32F 0x8818
#define E2E_GL_LUMINANCE_ALPHA32F 0x8819
#define E2E_GL_INTENSITY16F 0x881D
#define E2E_GL_LUMINANCE16F 0x881E
#define E2E_GL_TEXTURE_LUMINANCE_SIZE 0x8060
#define E2E_GL_TEXTURE_INTENSITY_SIZE 0x8061
#define E2E_GL_TEXTURE_INTENSITY_TYPE 0x8C15
typedef void (*get_tex_level_parameteriv_fn)(GLenum, GLint, GLenum, GLint *);
typedef void (*get_tex_image_fn)(GLenum, GLint, GLenum, GLenum, void *);

static const char vs[] = "#version 130\n"
                         "in vec2 pos;\n"
                         "void main() {\n"
                         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                         "}\n";
static const char fs[] = "#version 130\n"
                         "uniform sampler2D t;\n"
                         "out vec4 color;\n"
                         "void main() {\n"
                         "   color = texture(t, vec2(0.5));\n"
                         "}\n";

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl_options opts =
      e2e_gl_version_options(4, 4, 3, 0, true);
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   if ((status = e2e_gl_need_extension(&gl, &opts, "GL_ARB_texture_float")))
      return status;
   get_tex_level_parameteriv_fn level_param;
   get_tex_image_fn get_tex_image;
   const struct e2e_gl_proc procs[] = {
      {"glGetTexLevelParameteriv", &level_param},
      {"glGetTexImage", &get_tex_image},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;

   static const char *const attribs[] = {"pos", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   if (!prog) {
      e2e_gl_close(&gl);
      return 1;
   }
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "t"), 0);
   struct e2e_gl_vertices quad;
   e2e_gl_vec2_vertices(&quad, e2e_gl_quad_strip, 4);
   glViewport(0, 0, 4, 4);

   static const struct {
      GLenum ifmt;
      const char *name;
      GLubyte want[4];
      float back[4]; /* glGetTexImage(RGBA, FLOAT) */
   } cases[] = {
      {E2E_GL_LUMINANCE32F, "LUMINANCE32F", {64, 64, 64, 255}, {0.25f, 0, 0, 1}},
      {E2E_GL_LUMINANCE16F, "LUMINANCE16F", {64, 64, 64, 255}, {0.25f, 0, 0, 1}},
      {E2E_GL_INTENSITY32F, "INTENSITY32F", {64, 64, 64, 64}, {0.25f, 0, 0, 1}},
      {E2E_GL_INTENSITY16F, "INTENSITY16F", {64, 64, 64, 64}, {0.25f, 0, 0, 1}},
      {E2E_GL_ALPHA32F, "ALPHA32F", {0, 0, 0, 128}, {0, 0, 0, 0.5f}},
      {E2E_GL_LUMINANCE_ALPHA32F, "LUMINANCE_ALPHA32F", {64, 64, 64, 128},
       {0.25f, 0, 0, 0.5f}},
   };
   static const float texel[4] = {0.25f, 0.5f, 0.75f, 0.5f};
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[i].ifmt, 1, 1, 0, GL_RGBA,
                   GL_FLOAT, texel);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      char what[64];
      snprintf(what, sizeof(what), "glTexImage2D(%s)", cases[i].name);
      ok &= e2e_gl_expect_error(GL_NO_ERROR, what, quiet);
      glClearColor(1, 0, 1, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      GLubyte px[4 * 4 * 4];
      glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
      ok &= e2e_gl_probe(px, 4, 1, 1, cases[i].want, 1, cases[i].name, quiet);
      float back[4] = {-1, -1, -1, -1};
      get_tex_image(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, back);
      if (memcmp(back, cases[i].back, sizeof(back))) {
         printf("FAIL %s: glGetTexImage %g %g %g %g\n", cases[i].name, back[0],
                back[1], back[2], back[3]);
         ok = false;
      } else if (!quiet) {
         printf("ok   %s: glGetTexImage\n", cases[i].name);
      }
      if (cases[i].ifmt == E2E_GL_INTENSITY32F) {
         GLint isize = -1, itype = -1, lsize = -1;
         level_param(GL_TEXTURE_2D, 0, E2E_GL_TEXTURE_INTENSITY_SIZE, &isize);
         level_param(GL_TEXTURE_2D, 0, E2E_GL_TEXTURE_INTENSITY_TYPE, &itype);
         level_param(GL_TEXTURE_2D, 0, E2E_GL_TEXTURE_LUMINANCE_SIZE, &lsize);
         if (isize != 32 || itype != GL_FLOAT || lsize != 0) {
            printf("FAIL INTENSITY32F queries: size %d type 0x%x "
                   "luminance size %d\n",
                   isize, itype, lsize);
            ok = false;
         } else if (!quiet) {
            printf("ok   INTENSITY32F queries\n");
         }
      }
      glDeleteTextures(1, &tex);
   }

   e2e_gl_vertices_delete(&quad);
   return e2e_gl_finish(&gl, ok, quiet);
}
