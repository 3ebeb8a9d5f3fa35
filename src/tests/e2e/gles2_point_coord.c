/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl_PointCoord runs from (0, 0) at the upper left of a point to (1, 1) at
 * its lower right, "upper" meaning higher window y (ES 2.0 section 3.3,
 * GLSL ES 1.00 7.2), both in the window-system framebuffer and in a
 * framebuffer object (whose rows the driver stores the other way up).  A
 * 16-pixel point fills a 16 x 16 framebuffer; the shader writes
 * gl_PointCoord to red and green, so the bottom-left pixel is about
 * (0.03, 0.97) and the top-left one (0.03, 0.03).  piglit's
 * glsl-fs-pointcoord_gles2 checks the same in an FBO.
 */
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>

#include "e2e_gl.h"

#define S 16

static const char vs[] =
   "attribute vec4 pos;\n"
   "void main() { gl_Position = pos; gl_PointSize = 16.0; }\n";
static const char fs[] =
   "precision mediump float;\n"
   "void main() { gl_FragColor = vec4(gl_PointCoord, 0.0, 1.0); }\n";

/* (0.5 / 16) and (15.5 / 16) of 255 */
#define LO 8
#define HI 247

static bool
draw_and_check(const char *where, bool quiet)
{
   static const GLfloat centre[] = {0, 0, 0, 1};
   static uint8_t pixels[S * S * 4];
   const uint8_t bottom_left[4] = {LO, HI, 0, 255};
   const uint8_t top_left[4] = {LO, LO, 0, 255};
   const uint8_t top_right[4] = {HI, LO, 0, 255};
   char what[64];
   bool ok;

   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, centre);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_POINTS, 0, 1);
   glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok = glGetError() == GL_NO_ERROR;
   snprintf(what, sizeof(what), "%s, bottom left", where);
   ok &= e2e_gl_probe(pixels, S, 0, 0, bottom_left, 3, what, quiet);
   snprintf(what, sizeof(what), "%s, top left", where);
   ok &= e2e_gl_probe(pixels, S, 0, S - 1, top_left, 3, what, quiet);
   snprintf(what, sizeof(what), "%s, top right", where);
   ok &= e2e_gl_probe(pixels, S, S - 1, S - 1, top_right, 3, what, quiet);
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false;
   struct e2e_gl gl;
   int status = e2e_gl_start_es2(&gl, argc, argv, S, S, &quiet);
   if (status)
      return status;
   GLfloat range[2] = {0, 0};
   glGetFloatv(GL_ALIASED_POINT_SIZE_RANGE, range);
   if (range[1] < S) {
      fprintf(stderr, "FAIL: points of %d pixels are not offered\n", S);
      e2e_gl_close(&gl);
      return 1;
   }
   const char *const attribs[] = {"pos", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   if (!prog) {
      e2e_gl_close(&gl);
      return 1;
   }
   glUseProgram(prog);
   glViewport(0, 0, S, S);
   bool ok = draw_and_check("window", quiet);

   GLuint fbo, rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, S, S);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      fprintf(stderr, "FAIL: the RGBA8 framebuffer is incomplete\n");
      ok = false;
   } else {
      ok &= draw_and_check("framebuffer object", quiet);
   }
   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
