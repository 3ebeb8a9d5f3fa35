/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Colour clamping of a compatibility context (GL 3.0 sections 2.19.6 and
 * 3.9.11, glClampColor) into an RGBA32F framebuffer object, read back as
 * floats (CLAMP_READ_COLOR stays FIXED_ONLY, which does not clamp float
 * buffers, section 4.3.2):
 *  - CLAMP_VERTEX_COLOR TRUE (the initial value): a vertex shader's
 *    gl_FrontColor (2, -1, 0.5, 1) reaches the fragment shader as
 *    (1, 0, 0.5, 1); FALSE: as (2, -1, 0.5, 1); FIXED_ONLY with a float
 *    buffer bound: unclamped too;
 *  - without a program, glColor4f(2, -1, 0.5, 1): (1, 0, 0.5, 1) with
 *    vertex clamping TRUE, (2, -1, 0.5, 1) with FALSE;
 *  - CLAMP_FRAGMENT_COLOR FIXED_ONLY (the initial value) with a float
 *    buffer: a fragment colour (3, -2, 0.25, 1) is stored as it is;
 *    TRUE: (1, 0, 0.25, 1).
 * Each case is one full-window glRectf, and the queries of both states.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "e2e_gl_compat.h"

#define W 4
#define H 4
#define GL_RGBA32F 0x8814
#define GL_CLAMP_VERTEX_COLOR 0x891A
#define GL_CLAMP_FRAGMENT_COLOR 0x891B
#define GL_FIXED_ONLY 0x891D

typedef void (*clamp_fn)(GLenum, GLenum);

static bool
expect(const char *what, const float want[4], bool quiet)
{
   float px[4];
   glReadPixels(1, 1, 1, 1, GL_RGBA, GL_FLOAT, px);
   bool same = true;
   for (unsigned c = 0; c < 4; c++)
      same &= fabsf(px[c] - want[c]) < 1e-3f;
   if (!same || !quiet)
      printf("%s %s: %g %g %g %g (want %g %g %g %g)\n", same ? "ok  " : "FAIL",
             what, px[0], px[1], px[2], px[3], want[0], want[1], want[2],
             want[3]);
   return same;
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   clamp_fn clamp_color;
   const struct e2e_gl_proc procs[] = {{"glClampColor", &clamp_color}};
   int status = E2E_GL_START_FF_PROCS(&gl, argc, argv, W, H, &quiet, &ff, true,
                                      procs);
   if (status)
      return status;

   GLuint tex, fbo;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, W, H, 0, GL_RGBA, GL_FLOAT,
                NULL);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                          tex, 0);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL RGBA32F framebuffer incomplete\n");
      return e2e_gl_finish(&gl, false, quiet);
   }

   GLint v = 0;
   glGetIntegerv(GL_CLAMP_VERTEX_COLOR, &v);
   ok &= e2e_gl_check("CLAMP_VERTEX_COLOR initially", v, GL_TRUE, quiet);
   glGetIntegerv(GL_CLAMP_FRAGMENT_COLOR, &v);
   ok &= e2e_gl_check("CLAMP_FRAGMENT_COLOR initially", v, GL_FIXED_ONLY,
                      quiet);

   static const char *vs = "void main() {\n"
                           "   gl_Position = ftransform();\n"
                           "   gl_FrontColor = vec4(2.0, -1.0, 0.5, 1.0);\n"
                           "}\n";
   static const char *fs_color = "void main() {\n"
                                 "   gl_FragColor = gl_Color;\n"
                                 "}\n";
   static const char *fs_wide = "void main() {\n"
                                "   gl_FragColor = vec4(3.0, -2.0, 0.25,"
                                " 1.0);\n"
                                "}\n";
   GLuint vcol, wide;
   if ((status = e2e_gl_need_program(&gl, vs, fs_color, "the colour program",
                                     &vcol)) ||
       (status = e2e_gl_need_program(&gl, vs, fs_wide, "the wide program",
                                     &wide)))
      return status;

   static const float clamped[4] = {1, 0, 0.5f, 1};
   static const float raw[4] = {2, -1, 0.5f, 1};
   static const float wide_raw[4] = {3, -2, 0.25f, 1};
   static const float wide_clamped[4] = {1, 0, 0.25f, 1};

   glUseProgram(vcol);
   ff.rectf(0, 0, W, H);
   ok &= expect("vertex clamping TRUE", clamped, quiet);
   clamp_color(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   ff.rectf(0, 0, W, H);
   ok &= expect("vertex clamping FALSE", raw, quiet);
   clamp_color(GL_CLAMP_VERTEX_COLOR, GL_FIXED_ONLY);
   ff.rectf(0, 0, W, H);
   ok &= expect("vertex clamping FIXED_ONLY, float buffer", raw, quiet);

   glUseProgram(0);
   ff.color4f(2, -1, 0.5f, 1);
   clamp_color(GL_CLAMP_VERTEX_COLOR, GL_TRUE);
   ff.rectf(0, 0, W, H);
   ok &= expect("fixed function, vertex clamping TRUE", clamped, quiet);
   clamp_color(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   ff.rectf(0, 0, W, H);
   ok &= expect("fixed function, vertex clamping FALSE", raw, quiet);

   glUseProgram(wide);
   ff.rectf(0, 0, W, H);
   ok &= expect("fragment clamping FIXED_ONLY, float buffer", wide_raw,
                quiet);
   clamp_color(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE);
   ff.rectf(0, 0, W, H);
   ok &= expect("fragment clamping TRUE", wide_clamped, quiet);
   glGetIntegerv(GL_CLAMP_FRAGMENT_COLOR, &v);
   ok &= e2e_gl_check("CLAMP_FRAGMENT_COLOR set", v, GL_TRUE, quiet);
   glGetIntegerv(GL_CLAMP_VERTEX_COLOR, &v);
   ok &= e2e_gl_check("CLAMP_VERTEX_COLOR set", v, GL_FALSE, quiet);
   glUseProgram(0);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);
   return e2e_gl_finish(&gl, ok, quiet);
}
