/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Polygon offset (ES 2.0 section 3.5.5, GL_POLYGON_OFFSET_FILL).  A quad
 * filling the 16 x 16 viewport, tilted in depth (window z from 0.25 at the
 * left edge to 0.75 at the right, slope 1/32 per pixel), is drawn in red
 * with GL_LESS into a depth buffer cleared to 1.  The same quad is drawn
 * again in green, coplanar.  Its fragments have exactly the depths of the
 * red ones (the invariance rule, ES 2.0 appendix A), so GL_LESS rejects
 * them unless the offset moves them nearer:
 *
 *    no offset                  -> every pixel stays red
 *    glPolygonOffset(0, -4)     -> o = -4r < 0, every pixel green
 *    glPolygonOffset(-1, 0)     -> o = -m = -1/32 < 0, every pixel green
 *    glPolygonOffset(0, 4)      -> o > 0, every pixel stays red
 *    offset set but disabled    -> red
 *
 * Run on the window surface (with a depth buffer) and in a framebuffer
 * object with a DEPTH_COMPONENT16 renderbuffer.
 */
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>

#include "e2e_gl.h"

#define S 16

static const char vs[] = "attribute vec4 pos;\n"
                         "void main() { gl_Position = pos; }\n";
static const char fs[] = "precision mediump float;\n"
                         "uniform vec4 colour;\n"
                         "void main() { gl_FragColor = colour; }\n";

struct pass {
   const char *name;
   bool enable;
   float factor, units;
   bool green;
};

static const struct pass passes[] = {
   {"no offset", false, 0, 0, false},
   {"units -4", true, 0, -4, true},
   {"factor -1", true, -1, 0, true},
   {"units +4", true, 0, 4, false},
   {"units -4, disabled", false, 0, -4, false},
};

static bool
run_pass(GLint colour, const struct pass *p, const char *where, bool quiet)
{
   /* NDC z from -0.5 (left) to 0.5 (right): window z 0.25 to 0.75. */
   static const GLfloat quad[] = {
      -1, -1, -0.5, 1, 1, -1, 0.5, 1, -1, 1, -0.5, 1, 1, 1, 0.5, 1,
   };
   static uint8_t pixels[S * S * 4];
   const uint8_t red[4] = {255, 0, 0, 255}, green[4] = {0, 255, 0, 255};
   static const int spots[][2] = {{0, 0}, {3, 12}, {8, 8}, {15, 15},
                                  {12, 2}};
   char what[128];

   glClearColor(0, 0, 1, 1);
   glClearDepthf(1);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);

   glDisable(GL_POLYGON_OFFSET_FILL);
   glUniform4f(colour, 1, 0, 0, 1);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);

   glPolygonOffset(p->factor, p->units);
   if (p->enable)
      glEnable(GL_POLYGON_OFFSET_FILL);
   glUniform4f(colour, 0, 1, 0, 1);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisable(GL_POLYGON_OFFSET_FILL);

   glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   bool ok = glGetError() == GL_NO_ERROR;
   if (!ok)
      fprintf(stderr, "FAIL: %s, %s: GL error\n", where, p->name);
   for (unsigned i = 0; i < sizeof(spots) / sizeof(spots[0]); i++) {
      snprintf(what, sizeof(what), "%s, %s, (%d, %d)", where, p->name,
               spots[i][0], spots[i][1]);
      ok &= e2e_gl_probe(pixels, S, spots[i][0], spots[i][1],
                         p->green ? green : red, 1, what, quiet);
   }
   return ok;
}

static bool
run_all(GLint colour, const char *where, bool quiet)
{
   bool ok = true;
   for (unsigned i = 0; i < sizeof(passes) / sizeof(passes[0]); i++)
      ok &= run_pass(colour, &passes[i], where, quiet);
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false;
   struct e2e_gl_options opts = {
      .width = S, .height = S, .depth_bits = 16, .es_major = 2};
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   const char *const attribs[] = {"pos", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   if (!prog) {
      e2e_gl_close(&gl);
      return 1;
   }
   glUseProgram(prog);
   GLint colour = glGetUniformLocation(prog, "colour");
   glViewport(0, 0, S, S);
   bool ok = run_all(colour, "window", quiet);

   GLuint fbo, rb[2];
   glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, S, S);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, S, S);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb[0]);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, rb[1]);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      fprintf(stderr, "FAIL: the RGBA8 + DEPTH16 framebuffer is "
                      "incomplete\n");
      ok = false;
   } else {
      ok &= run_all(colour, "framebuffer object", quiet);
   }
   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
