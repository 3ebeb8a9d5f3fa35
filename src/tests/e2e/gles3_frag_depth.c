/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl_FragDepth (GLSL ES 3.00 section 7.2; ES 3.0.6 section 3.9.2.3): the
 * depth a fragment shader writes replaces the rasterised one in the depth
 * test and in the depth buffer, and the test runs after the shader.
 *
 * A 64 x 16 framebuffer object, depth cleared to 1, GL_LESS, for each of
 * the depth formats DEPTH_COMPONENT16, DEPTH_COMPONENT24 and
 * DEPTH_COMPONENT32F:
 *  1. a full-screen quad at clip z 0.9 (window 0.95) whose shader writes
 *     gl_FragDepth = gl_FragCoord.x / 64: red, depth (x + 0.5) / 64;
 *  2. a full-screen quad at clip z 0 (window 0.5) with a plain shader:
 *     green where 0.5 < (x + 0.5) / 64, i.e. x >= 32;
 *  3. the upper half (rows 8-15) at clip z 0.9 again with the first
 *     shader and a bias of -0.25: its rasterised depth 0.95 fails against
 *     every stored value, but its shader depth (x + 0.5) / 64 - 0.25
 *     passes in columns 0-31 (stored (x + 0.5) / 64) and in 32-47 (stored
 *     0.5): blue there, green in 48-63.
 * So the lower half is red in 0-31, green in 32-63; the upper half blue in
 * 0-47, green in 48-63.  Probes stay two pixels away from the edges.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 64
#define H 16

static const char vs[] = "#version 300 es\n"
                         "in vec2 pos;\n"
                         "uniform float u_z;\n"
                         "void main() { gl_Position = vec4(pos, u_z, 1); }\n";
static const char fs_depth[] =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform vec4 u_color;\n"
   "uniform float u_bias;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   o = u_color;\n"
   "   gl_FragDepth = gl_FragCoord.x / 64.0 + u_bias;\n"
   "}\n";
static const char fs_plain[] = "#version 300 es\n"
                               "precision highp float;\n"
                               "uniform vec4 u_color;\n"
                               "out vec4 o;\n"
                               "void main() { o = u_color; }\n";

static const GLfloat full[] = {-1, -1, 1, -1, -1, 1, 1, 1};
static const GLfloat upper[] = {-1, 0, 1, 0, -1, 1, 1, 1};

struct probe {
   const char *what;
   int x, y;
   uint8_t rgba[4];
};

static const struct probe probes[] = {
   {"shader depth below 0.5 keeps red", 2, 2, {255, 0, 0, 255}},
   {"shader depth below 0.5 keeps red", 29, 5, {255, 0, 0, 255}},
   {"shader depth above 0.5 loses to green", 34, 2, {0, 255, 0, 255}},
   {"shader depth above 0.5 loses to green", 61, 5, {0, 255, 0, 255}},
   {"late test with the shader's depth passes", 2, 10, {0, 0, 255, 255}},
   {"late test with the shader's depth passes", 29, 13, {0, 0, 255, 255}},
   {"late test against 0.5 passes", 34, 10, {0, 0, 255, 255}},
   {"late test against 0.5 passes", 45, 13, {0, 0, 255, 255}},
   {"late test against 0.5 fails", 50, 10, {0, 255, 0, 255}},
   {"late test against 0.5 fails", 61, 13, {0, 255, 0, 255}},
};

static void
draw(GLuint prog, const GLfloat *quad, float z, float bias,
     const float color[4])
{
   glUseProgram(prog);
   glUniform1f(glGetUniformLocation(prog, "u_z"), z);
   GLint b = glGetUniformLocation(prog, "u_bias");
   if (b >= 0)
      glUniform1f(b, bias);
   glUniform4fv(glGetUniformLocation(prog, "u_color"), 1, color);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

static bool
run(GLenum depth_format, const char *name, GLuint pa, GLuint pb, bool quiet)
{
   GLuint fbo, rb[2];
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb[0]);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, depth_format, W, H);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, rb[1]);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      fprintf(stderr, "FAIL: %s: framebuffer incomplete\n", name);
      return false;
   }

   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   glClearDepthf(1);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);

   const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1},
               blue[4] = {0, 0, 1, 1};
   draw(pa, full, 0.9f, 0, red);
   draw(pb, full, 0, 0, green);
   draw(pa, upper, 0.9f, -0.25f, blue);

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   bool ok = glGetError() == GL_NO_ERROR;
   if (!ok)
      fprintf(stderr, "FAIL: %s: GL error\n", name);
   for (unsigned i = 0; i < sizeof(probes) / sizeof(probes[0]); i++) {
      const struct probe *p = &probes[i];
      char what[128];
      snprintf(what, sizeof(what), "%s: %s", name, p->what);
      ok &= e2e_gl_probe(pixels, W, p->x, p->y, p->rgba, 1, what, quiet);
   }
   glDisable(GL_DEPTH_TEST);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteRenderbuffers(2, rb);
   glDeleteFramebuffers(1, &fbo);
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false;
   struct e2e_gl_options opts = {.width = W, .height = H, .es_major = 3};
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;

   const char *const attribs[] = {"pos", NULL};
   GLuint pa = e2e_gl_program(vs, fs_depth, attribs);
   GLuint pb = e2e_gl_program(vs, fs_plain, attribs);
   bool ok = pa && pb;
   if (ok) {
      ok &= run(GL_DEPTH_COMPONENT16, "DEPTH_COMPONENT16", pa, pb, quiet);
      ok &= run(GL_DEPTH_COMPONENT24, "DEPTH_COMPONENT24", pa, pb, quiet);
      ok &= run(GL_DEPTH_COMPONENT32F, "DEPTH_COMPONENT32F", pa, pb, quiet);
   }
   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
