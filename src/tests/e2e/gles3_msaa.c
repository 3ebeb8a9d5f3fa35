/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Multisampling end to end: an ordinary EGL + GLES 3.0 program draws a
 * white right triangle on black into a 4x RGBA8 renderbuffer, flushes,
 * draws a green rectangle in a second render pass (the first pass's
 * samples are reloaded), resolves with glBlitFramebuffer into a
 * single-sampled renderbuffer and reads the pixels back.
 *
 * Expected values by hand.  The 16x16 framebuffer's triangle has window
 * corners (4.5, 4.5), (12.5, 4.5), (4.5, 12.5): a sample at window (X, Y)
 * is inside when X > 4.5, Y > 4.5 and X + Y < 17 (no sample lies on an
 * edge).  The 4x sample positions are the standard pattern that Mesa's
 * AGX driver programs (agx_default_sample_positions, 0xeaa26e26) and
 * Direct3D and llvmpipe use: (6, 2), (14, 6), (2, 10), (10, 14) sixteenths
 * of the pixel from its lower-left corner in GL window coordinates (the
 * framebuffer object's row 0 is its first row in memory, where the
 * hardware measures from).  Those positions are implementation-defined in
 * GL; every pixel checked gives the same count under either vertical
 * orientation of the pattern except the acute corner (12, 4), which has
 * one sample inside (sample 2, at X + Y = 16.75) with the pattern as given
 * and none upside down.  A pixel with n of 4 samples covered resolves
 * to n/4 white: 0, 64, 128, 191 or 255 (tolerance 1 for the rounding of
 * the average).  The green rectangle covers whole pixels x 12..15,
 * y 0..3.  Then SAMPLE_COVERAGE and SAMPLE_ALPHA_TO_COVERAGE
 * (coverage_state) and a 4x depth buffer kept across passes and resolved
 * into a single-sampled one (depth_per_sample).
 *
 * Usage: gles3_msaa [--quiet] [--no-skip]
 * Exit status: 0 when every pixel checked is right, 1 otherwise, 77 when
 * no ES 3.0 context or no 4x renderbuffer is available (unless
 * --no-skip).
 */
#include <GLES3/gl3.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define SIZE 16

static const char *vs =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform float u_z;\n"
   "void main() { gl_Position = vec4(a_pos, u_z, 1.0); }\n";
static const char *fs = "#version 300 es\n"
                        "precision mediump float;\n"
                        "uniform vec4 u_colour;\n"
                        "out vec4 o_colour;\n"
                        "void main() { o_colour = u_colour; }\n";

/* The samples of pixel (x, y) inside the triangle. */
static int
covered(int x, int y)
{
   static const int pos[4][2] = {{6, 2}, {14, 6}, {2, 10}, {10, 14}};
   int n = 0;
   for (int s = 0; s < 4; s++) {
      double X = x + pos[s][0] / 16.0, Y = y + pos[s][1] / 16.0;
      n += X > 4.5 && Y > 4.5 && X + Y < 17;
   }
   return n;
}

static float
ndc(float window)
{
   return window / SIZE * 2 - 1;
}

static void
draw(GLuint prog, const float *window_xy, int n, const float colour[4])
{
   float v[12];
   for (int i = 0; i < 2 * n; i++)
      v[i] = ndc(window_xy[i]);
   glUniform4fv(glGetUniformLocation(prog, "u_colour"), 1, colour);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, n);
}

/* The scenes: window coordinates of the triangle whose samples covered()
 * counts and of two triangles over the whole window; the grey levels of
 * 0..4 covered samples of 4. */
static const float triangle[] = {4.5f, 4.5f, 12.5f, 4.5f, 4.5f, 12.5f};
static const float screen[] = {0, 0, SIZE, 0, SIZE, SIZE,
                               0, 0, SIZE, SIZE, 0, SIZE};
static const uint8_t level[5] = {0, 64, 128, 191, 255};
static const float white[4] = {1, 1, 1, 1}, red[4] = {1, 0, 0, 1};

/* Resolves ms into ss (a blit of the colour) and reads the whole of ss
 * into pixels (SIZE x SIZE RGBA8). */
static void
resolve_and_read(GLuint ms, GLuint ss, uint8_t *pixels)
{
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ss);
   glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT,
                     GL_NEAREST);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ss);
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
}

static GLuint
framebuffer_of(GLenum format, GLsizei samples, GLuint *rb)
{
   GLuint fbo;
   glGenRenderbuffers(1, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, *rb);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, SIZE,
                                    SIZE);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, *rb);
   return fbo;
}

static GLuint
framebuffer(GLsizei samples, GLuint *rb)
{
   return framebuffer_of(GL_RGBA8, samples, rb);
}

/* Clear the 4x buffer to black (with `clear`), draw the whole screen in
 * `colour` with the coverage state set by the caller, resolve and read
 * pixel (8, 8). */
static void
cover_and_resolve(GLuint prog, GLuint ms, GLuint ss, const float colour[4],
                  bool clear, uint8_t px[4])
{
   glBindFramebuffer(GL_FRAMEBUFFER, ms);
   if (clear)
      glClear(GL_COLOR_BUFFER_BIT);
   draw(prog, screen, 6, colour);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ss);
   glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT,
                     GL_NEAREST);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ss);
   glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

/*
 * ES 3.0.6 section 4.1.3: SAMPLE_COVERAGE with value 0.5 keeps
 * round(0.5 * 4) = 2 of the 4 samples of every pixel (which ones is the
 * implementation's choice): the resolve is half white.  Inverted, the
 * other two: drawn over the first, every sample is white.
 * SAMPLE_ALPHA_TO_COVERAGE maps alpha to a sample count by an
 * implementation-chosen monotonic function; alpha 0 keeps none, alpha 1
 * all, and the count for alpha 0.25 lies between.
 */
static bool
coverage_state(GLuint prog, GLuint ms, GLuint ss, bool quiet)
{
   static const uint8_t half[4] = {128, 128, 128, 255};
   static const uint8_t black[4] = {0, 0, 0, 255};
   static const uint8_t full[4] = {255, 255, 255, 255};
   uint8_t px[4];
   bool ok = true;

   glEnable(GL_SAMPLE_COVERAGE);
   glSampleCoverage(0.5f, GL_FALSE);
   cover_and_resolve(prog, ms, ss, white, true, px);
   ok &= e2e_gl_probe(px, 1, 0, 0, half, 1, "sample coverage 0.5", quiet);
   glSampleCoverage(0.5f, GL_TRUE);
   cover_and_resolve(prog, ms, ss, white, false, px);
   ok &= e2e_gl_probe(px, 1, 0, 0, full, 0,
                      "sample coverage 0.5, then 0.5 inverted", quiet);
   glSampleCoverage(0.0f, GL_FALSE);
   cover_and_resolve(prog, ms, ss, white, true, px);
   ok &= e2e_gl_probe(px, 1, 0, 0, black, 0, "sample coverage 0", quiet);
   glDisable(GL_SAMPLE_COVERAGE);

   glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
   static const float clear_alpha[4] = {1, 1, 1, 0};
   cover_and_resolve(prog, ms, ss, clear_alpha, true, px);
   ok &= e2e_gl_probe(px, 1, 0, 0, black, 0, "alpha to coverage, alpha 0",
                      quiet);
   cover_and_resolve(prog, ms, ss, white, true, px);
   ok &= e2e_gl_probe(px, 1, 0, 0, full, 0, "alpha to coverage, alpha 1",
                      quiet);
   static const float quarter[4] = {1, 1, 1, 0.25f};
   cover_and_resolve(prog, ms, ss, quarter, true, px);
   bool between = px[0] > 0 && px[0] < 255;
   if (!quiet || !between)
      printf("%s alpha to coverage, alpha 0.25: red %u (0 < red < 255)\n",
             between ? "ok  " : "FAIL", px[0]);
   ok &= between;
   glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);
   if (glGetError() != GL_NO_ERROR) {
      fprintf(stderr, "FAIL: a GL error in the coverage tests\n");
      ok = false;
   }
   return ok;
}

/*
 * Depth per sample, kept across passes: with a 4x depth buffer, the white
 * triangle at depth 0.5 (NDC z 0), a flush, then the whole screen in red
 * at depth 0.7 (NDC z 0.4) under LESS.  Red lands only on the samples the
 * triangle left at the cleared depth 1, so a pixel with n of 4 samples in
 * the triangle resolves to (255, n/4 white, n/4 white).
 */
static bool
depth_per_sample(GLuint prog, GLuint ms, GLuint ss, uint8_t *pixels,
                 bool quiet)
{
   GLuint depth;
   bool ok = true;

   glGenRenderbuffers(1, &depth);
   glBindRenderbuffer(GL_RENDERBUFFER, depth);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH24_STENCIL8,
                                    SIZE, SIZE);
   glBindFramebuffer(GL_FRAMEBUFFER, ms);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, depth);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      fprintf(stderr, "FAIL: 4x colour + 4x depth is incomplete\n");
      return false;
   }
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glClearDepthf(1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   GLint z = glGetUniformLocation(prog, "u_z");
   glUniform1f(z, 0.0f);
   draw(prog, triangle, 3, white);
   glFlush();
   glUniform1f(z, 0.4f);
   draw(prog, screen, 6, red);
   glUniform1f(z, 0.0f);
   glDisable(GL_DEPTH_TEST);

   resolve_and_read(ms, ss, pixels);
   static const int at[][2] = {{6, 6},  {3, 8},  {4, 6},  {6, 4},
                               {4, 4},  {8, 8},  {12, 4}, {10, 10}};
   for (unsigned i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
      int n = covered(at[i][0], at[i][1]);
      const uint8_t want[4] = {255, level[n], level[n], 255};
      char what[64];
      snprintf(what, sizeof(what), "depth per sample, %d of 4 in front", n);
      ok &= e2e_gl_probe(pixels, SIZE, at[i][0], at[i][1], want, 1, what,
                         quiet);
   }

   /* The depth resolve (GL 4.6 section 18.3.2: implementation-dependent
    * for depth, so only whole pixels are checked): blue at depth 0.6 (NDC
    * 0.2) under LESS lands outside the triangle (0.7 there), not inside
    * (0.5). */
   GLuint ss_depth;
   glGenRenderbuffers(1, &ss_depth);
   glBindRenderbuffer(GL_RENDERBUFFER, ss_depth);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, SIZE, SIZE);
   glBindFramebuffer(GL_FRAMEBUFFER, ss);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, ss_depth);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
   glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_DEPTH_BUFFER_BIT,
                     GL_NEAREST);
   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      fprintf(stderr, "FAIL: GL error 0x%x after the depth resolve\n", err);
      ok = false;
   }
   static const float blue[4] = {0, 0, 1, 1};
   glBindFramebuffer(GL_FRAMEBUFFER, ss);
   glEnable(GL_DEPTH_TEST);
   glUniform1f(z, 0.2f);
   draw(prog, screen, 6, blue);
   glUniform1f(z, 0.0f);
   glDisable(GL_DEPTH_TEST);
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   static const uint8_t want_white[4] = {255, 255, 255, 255};
   static const uint8_t want_blue[4] = {0, 0, 255, 255};
   ok &= e2e_gl_probe(pixels, SIZE, 6, 6, want_white, 0,
                      "depth resolve, inside (0.5 < 0.6)", quiet);
   ok &= e2e_gl_probe(pixels, SIZE, 10, 10, want_blue, 0,
                      "depth resolve, outside (0.7 > 0.6)", quiet);
   ok &= e2e_gl_probe(pixels, SIZE, 2, 8, want_blue, 0,
                      "depth resolve, outside, left", quiet);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, 0);
   glDeleteRenderbuffers(1, &ss_depth);

   glBindFramebuffer(GL_FRAMEBUFFER, ms);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, 0);
   glDeleteRenderbuffers(1, &depth);
   return ok;
}

static double
srgb_encode(double v)
{
   return v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055;
}

/*
 * Other formats: the triangle in (1, 0.5, 0.25, 1), then in a second pass
 * (which reloads the samples) the rectangle of pixels x 12..15, y 0..3 in
 * the same colour: a pixel with n of
 * 4 samples covered resolves to n/4 of the colour.  R8 keeps red (green,
 * blue 0, alpha 1 when read); SRGB8_ALPHA8 averages in linear space and
 * encodes the result (ES 3.0.6 section 4.3.3: blits from sRGB sources
 * linearize them), e.g. linear 0.5 * 2/4 = 0.25 reads as 137.
 */
static bool
other_formats(GLuint prog, uint8_t *pixels, bool quiet)
{
   static const struct {
      GLenum format;
      const char *name;
      bool srgb, red_only;
   } formats[] = {
      {GL_R8, "R8", false, true},
      {GL_SRGB8_ALPHA8, "SRGB8_ALPHA8", true, false},
   };
   static const float colour[4] = {1, 0.5f, 0.25f, 1};
   static const float first[] = {4.5f, 4.5f, 12.5f, 4.5f, 4.5f, 12.5f};
   static const int at[][2] = {{6, 6}, {4, 6}, {4, 4},
                               {3, 3}, {8, 8}, {13, 1}};
   bool ok = true;

   for (unsigned f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
      GLuint ms_rb, ss_rb;
      GLuint ss = framebuffer_of(formats[f].format, 0, &ss_rb);
      GLuint ms = framebuffer_of(formats[f].format, 4, &ms_rb);
      if (glCheckFramebufferStatus(GL_FRAMEBUFFER) !=
          GL_FRAMEBUFFER_COMPLETE) {
         fprintf(stderr, "FAIL: 4x %s is incomplete\n", formats[f].name);
         ok = false;
         continue;
      }
      glClearColor(0, 0, 0, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      /* The triangle, a flush, then the rectangle x 12..15, y 0..3 in a
       * second pass that reloads the triangle's samples. */
      static const float rect[] = {12, 0, 16, 0, 16, 4, 12, 0, 16, 4, 12, 4};
      draw(prog, first, 3, colour);
      glFlush();
      draw(prog, rect, 6, colour);
      glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
      glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ss);
      glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE,
                        GL_COLOR_BUFFER_BIT, GL_NEAREST);
      glBindFramebuffer(GL_READ_FRAMEBUFFER, ss);
      glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
      for (unsigned i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
         bool in_rect = at[i][0] >= 12 && at[i][1] < 4;
         int n = in_rect ? 4 : covered(at[i][0], at[i][1]);
         double share = n / 4.0;
         uint8_t want[4];
         for (unsigned c = 0; c < 4; c++) {
            double v = colour[c] * share;
            if (formats[f].srgb && c < 3)
               v = srgb_encode(v);
            if (formats[f].red_only)
               v = c == 0 ? v : c == 3 ? 1 : 0;
            want[c] = (uint8_t)floor(v * 255 + 0.5);
         }
         char what[96];
         snprintf(what, sizeof(what), "%s, %d of 4 samples%s",
                  formats[f].name, n, in_rect ? " (second pass)" : "");
         ok &= e2e_gl_probe(pixels, SIZE, at[i][0], at[i][1], want, 1, what,
                            quiet);
      }
      glDeleteFramebuffers(1, &ms);
      glDeleteFramebuffers(1, &ss);
      glDeleteRenderbuffers(1, &ms_rb);
      glDeleteRenderbuffers(1, &ss_rb);
   }
   if (glGetError() != GL_NO_ERROR) {
      fprintf(stderr, "FAIL: a GL error in the format tests\n");
      ok = false;
   }
   return ok;
}

/*
 * Centroid interpolation (GLSL ES 3.00 section 4.3.9, ES 3.0.6 section
 * 3.6.4): t = 16.625 - (X + Y) is interpolated over the triangle
 * (4.5, 4.5), (12.125, 4.5), (4.5, 12.125), whose hypotenuse is
 * t = 0.  A pixel with x + y = 16 (x, y >= 5) has only sample 0 inside
 * (X + Y = 16.5; the others give 17.25, 16.75 and 17.5) and its centre
 * outside (17): at the centre t would be -0.375, at a covered sample it
 * is 0.125.  The shader writes green for t >= 0 and red otherwise, so
 * with centroid such a pixel resolves to 1/4 green, never red.
 */
static bool
centroid(GLuint ms, GLuint ss, uint8_t *pixels, bool quiet)
{
   static const char *cvs =
      "#version 300 es\n"
      "layout(location = 0) in vec2 a_pos;\n"
      "layout(location = 1) in float a_t;\n"
      "centroid out float v_t;\n"
      "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); v_t = a_t; }\n";
   static const char *cfs =
      "#version 300 es\n"
      "precision highp float;\n"
      "centroid in float v_t;\n"
      "out vec4 o_colour;\n"
      "void main() {\n"
      "   o_colour = v_t >= 0.0 ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1);\n"
      "}\n";
   GLuint prog = e2e_gl_program(cvs, cfs, NULL);
   if (!prog)
      return false;
   static const float window[] = {4.5f, 4.5f, 12.125f, 4.5f, 4.5f, 12.125f};
   float pos[6], t[3];
   for (unsigned i = 0; i < 3; i++) {
      pos[2 * i] = ndc(window[2 * i]);
      pos[2 * i + 1] = ndc(window[2 * i + 1]);
      t[i] = 16.625f - window[2 * i] - window[2 * i + 1];
   }
   glUseProgram(prog);
   glBindFramebuffer(GL_FRAMEBUFFER, ms);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
   glEnableVertexAttribArray(0);
   glVertexAttribPointer(1, 1, GL_FLOAT, GL_FALSE, 0, t);
   glEnableVertexAttribArray(1);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glDisableVertexAttribArray(1);
   resolve_and_read(ms, ss, pixels);

   static const uint8_t quarter_green[4] = {0, 64, 0, 255};
   static const uint8_t green[4] = {0, 255, 0, 255};
   static const int edge[][2] = {{8, 8}, {7, 9}, {10, 6}, {6, 10}, {5, 11}};
   bool ok = e2e_gl_probe(pixels, SIZE, 6, 6, green, 0, "centroid, interior",
                          quiet);
   for (unsigned i = 0; i < sizeof(edge) / sizeof(edge[0]); i++)
      ok &= e2e_gl_probe(pixels, SIZE, edge[i][0], edge[i][1], quarter_green,
                         1, "centroid, centre outside, 1 of 4 samples",
                         quiet);
   glUseProgram(0);
   glDeleteProgram(prog);
   return ok;
}

/* Clears of a 4x buffer reach every sample: a scissored glClear (x < 8)
 * and glClearBufferfv; the resolve shows the clear colours exactly. */
static bool
clears(GLuint ms, GLuint ss, uint8_t *pixels, bool quiet)
{
   static const float blue[4] = {0, 0, 1, 1};
   glBindFramebuffer(GL_FRAMEBUFFER, ms);
   glClearBufferfv(GL_COLOR, 0, blue);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, 8, SIZE);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   resolve_and_read(ms, ss, pixels);
   static const uint8_t want_red[4] = {255, 0, 0, 255};
   static const uint8_t want_blue[4] = {0, 0, 255, 255};
   bool ok = e2e_gl_probe(pixels, SIZE, 3, 3, want_red, 0,
                          "scissored clear, inside", quiet);
   ok &= e2e_gl_probe(pixels, SIZE, 7, 12, want_red, 0,
                      "scissored clear, inside", quiet);
   ok &= e2e_gl_probe(pixels, SIZE, 8, 3, want_blue, 0,
                      "glClearBufferfv, outside the scissor", quiet);
   glClearColor(0, 0, 0, 1);
   return ok;
}

/*
 * Stencil per sample, kept across passes: the triangle writes stencil 1
 * (no colour), a flush, then the whole screen in red where stencil is 0.
 * A pixel with n of 4 samples in the triangle resolves to red (4 - n)/4.
 */
static bool
stencil_per_sample(GLuint prog, GLuint ms, GLuint ss, uint8_t *pixels,
                   bool quiet)
{
   GLuint zs;
   bool ok = true;

   glUseProgram(prog);
   glGenRenderbuffers(1, &zs);
   glBindRenderbuffer(GL_RENDERBUFFER, zs);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH24_STENCIL8,
                                    SIZE, SIZE);
   glBindFramebuffer(GL_FRAMEBUFFER, ms);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                             GL_RENDERBUFFER, zs);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      fprintf(stderr, "FAIL: 4x colour + 4x depth-stencil is incomplete\n");
      return false;
   }
   glClearColor(0, 0, 0, 1);
   glClearStencil(0);
   glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_ALWAYS, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   draw(prog, triangle, 3, white);
   glFlush();
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glStencilFunc(GL_EQUAL, 0, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   draw(prog, screen, 6, red);
   glDisable(GL_STENCIL_TEST);

   resolve_and_read(ms, ss, pixels);
   static const int at[][2] = {{6, 6}, {3, 8}, {4, 6}, {4, 4}, {8, 8},
                               {12, 4}};
   for (unsigned i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
      int n = covered(at[i][0], at[i][1]);
      const uint8_t want[4] = {level[4 - n], 0, 0, 255};
      char what[64];
      snprintf(what, sizeof(what), "stencil per sample, %d of 4 marked", n);
      ok &= e2e_gl_probe(pixels, SIZE, at[i][0], at[i][1], want, 1, what,
                         quiet);
   }
   glBindFramebuffer(GL_FRAMEBUFFER, ms);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                             GL_RENDERBUFFER, 0);
   glDeleteRenderbuffers(1, &zs);
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false, no_skip = false;
   for (int i = 1; i < argc; i++) {
      quiet |= !strcmp(argv[i], "--quiet");
      no_skip |= !strcmp(argv[i], "--no-skip");
   }
   struct e2e_gl gl;
   struct e2e_gl_options opts = {.width = SIZE,
                                 .height = SIZE,
                                 .es_major = 3,
                                 .no_skip = no_skip};
   int st = e2e_gl_open(&gl, &opts);
   if (st)
      return st;

   GLint max_samples = 0, samples = 0, sample_buffers = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
   if (max_samples < 4) {
      fprintf(stderr, "%s: GL_MAX_SAMPLES is %d (ES 3.0 asks for 4)\n",
              no_skip ? "FAIL" : "SKIP", max_samples);
      e2e_gl_close(&gl);
      return no_skip ? 1 : E2E_SKIP;
   }

   GLuint ms_rb, ss_rb;
   GLuint ss = framebuffer(0, &ss_rb);
   GLuint ms = framebuffer(4, &ms_rb);
   GLint rb_samples = 0;
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES,
                                &rb_samples);
   glGetIntegerv(GL_SAMPLES, &samples);
   glGetIntegerv(GL_SAMPLE_BUFFERS, &sample_buffers);
   bool ok = rb_samples == 4 && samples == 4 && sample_buffers == 1 &&
             glCheckFramebufferStatus(GL_FRAMEBUFFER) ==
                GL_FRAMEBUFFER_COMPLETE;
   if (!ok)
      fprintf(stderr,
              "FAIL: 4x renderbuffer: RENDERBUFFER_SAMPLES %d, SAMPLES %d, "
              "SAMPLE_BUFFERS %d, status 0x%x\n",
              rb_samples, samples, sample_buffers,
              glCheckFramebufferStatus(GL_FRAMEBUFFER));

   GLuint prog = e2e_gl_program(vs, fs, NULL);
   glUseProgram(prog);
   glViewport(0, 0, SIZE, SIZE);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   static const float green[4] = {0, 1, 0, 1};
   draw(prog, triangle, 3, white);
   /* A second pass over the same samples. */
   glFlush();
   static const float rect[] = {12, 0, 16, 0, 16, 4, 12, 0, 16, 4, 12, 4};
   draw(prog, rect, 6, green);

   /* The resolve. */
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ss);
   glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT,
                     GL_NEAREST);
   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      fprintf(stderr, "FAIL: GL error 0x%x after the resolve\n", err);
      ok = false;
   }
   /* A multisampled framebuffer cannot be read directly. */
   uint8_t pixels[SIZE * SIZE * 4];
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   if (glGetError() != GL_INVALID_OPERATION) {
      fprintf(stderr, "FAIL: ReadPixels of a 4x framebuffer is not an "
                      "INVALID_OPERATION\n");
      ok = false;
   }
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ss);
   memset(pixels, 0x55, sizeof(pixels));
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, pixels);

   static const struct {
      const char *what;
      int x, y;
   } checks[] = {
      {"interior", 6, 6},
      {"interior", 8, 5},
      {"outside, left", 3, 8},
      {"outside, below", 8, 3},
      {"outside, beyond the hypotenuse", 10, 10},
      {"left edge (2 of 4)", 4, 6},
      {"left edge (2 of 4)", 4, 9},
      {"bottom edge (2 of 4)", 6, 4},
      {"bottom edge (2 of 4)", 9, 4},
      {"corner (1 of 4)", 4, 4},
      {"hypotenuse", 8, 8},
      {"hypotenuse", 7, 9},
      {"hypotenuse", 11, 5},
      {"hypotenuse", 5, 11},
      {"bottom edge near the acute corner", 11, 4},
      {"acute corner (orientation of the pattern)", 12, 4},
   };
   int partial = 0;
   for (unsigned i = 0; i < sizeof(checks) / sizeof(checks[0]); i++) {
      int n = covered(checks[i].x, checks[i].y);
      partial += n > 0 && n < 4;
      uint8_t v = level[n];
      const uint8_t want[4] = {v, v, v, 255};
      char what[96];
      snprintf(what, sizeof(what), "%s, %d of 4 samples", checks[i].what, n);
      ok &= e2e_gl_probe(pixels, SIZE, checks[i].x, checks[i].y, want, 1,
                         what, quiet);
   }
   static const uint8_t want_green[4] = {0, 255, 0, 255};
   static const uint8_t want_black[4] = {0, 0, 0, 255};
   ok &= e2e_gl_probe(pixels, SIZE, 13, 1, want_green,
                      0, "second pass, green", quiet);
   ok &= e2e_gl_probe(pixels, SIZE, 11, 1, want_black, 0,
                      "second pass, left of the rectangle", quiet);
   if (partial < 8) {
      fprintf(stderr, "FAIL: only %d partly covered pixels checked\n",
              partial);
      ok = false;
   }

   ok &= coverage_state(prog, ms, ss, quiet);
   ok &= depth_per_sample(prog, ms, ss, pixels, quiet);
   ok &= other_formats(prog, pixels, quiet);
   ok &= centroid(ms, ss, pixels, quiet);
   ok &= clears(ms, ss, pixels, quiet);
   ok &= stencil_per_sample(prog, ms, ss, pixels, quiet);

   e2e_gl_close(&gl);
   if (!quiet || !ok)
      printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
