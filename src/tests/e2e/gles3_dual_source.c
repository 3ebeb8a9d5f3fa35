/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Dual-source blending, GL_EXT_blend_func_extended on OpenGL ES 3.0: a
 * fragment shader's second colour (layout(location = 0, index = 1), an
 * output bound with glBindFragDataLocationIndexedEXT, or GLSL ES 1.00's
 * gl_SecondaryFragColorEXT) feeds the SRC1_COLOR, SRC1_ALPHA and
 * ONE_MINUS_SRC1_* factors of draw buffer 0.
 *
 * Each case clears a 16 x 16 RGBA8 framebuffer object to the destination
 * D, draws a full-screen quad with the first colour S and the second S1
 * (both uniforms), and compares the pixels with the blend equation of ES
 * 3.0.6 section 4.1.7 with the extension's table of factors (EXT spec,
 * table 15.2 as amended), evaluated here in double precision: fixed-point
 * buffers take sources and factors clamped to [0, 1] and the result
 * rounded to the nearest of 255 steps (one step of tolerance).  All
 * inputs are multiples of 0.2 (51 / 255), so D is stored exactly.
 *
 * Then: a second colour that differs per pixel (odd and even columns,
 * so neighbouring lanes of one shader invocation group differ), the
 * binding API and its queries, the GLSL ES 1.00 built-in, and the
 * INVALID_OPERATION of a draw with two draw buffers.  The program passes
 * on llvmpipe too.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 16
#define H 16

static const char vs300[] = "#version 300 es\n"
                            "in vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 0, 1); }\n";
static const char fs_layout[] =
   "#version 300 es\n"
   "#extension GL_EXT_blend_func_extended : require\n"
   "precision highp float;\n"
   "uniform vec4 u_s0, u_s1, u_s2;\n"
   "layout(location = 0, index = 1) out vec4 second;\n"
   "layout(location = 0, index = 0) out vec4 first;\n"
   "void main() {\n"
   "   first = u_s0;\n"
   "   /* u_s2 in odd columns when it is not zero */\n"
   "   bool odd = mod(floor(gl_FragCoord.x), 2.0) == 1.0;\n"
   "   second = odd && u_s2 != vec4(0.0) ? u_s2 : u_s1;\n"
   "}\n";
/* Bound with glBindFragDataLocationIndexedEXT. */
static const char fs_bound[] =
   "#version 300 es\n"
   "#extension GL_EXT_blend_func_extended : require\n"
   "precision highp float;\n"
   "uniform vec4 u_s0, u_s1;\n"
   "out vec4 c0;\n"
   "out vec4 c1;\n"
   "void main() { c0 = u_s0; c1 = u_s1; }\n";
static const char vs100[] = "attribute vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 0, 1); }\n";
static const char fs100[] =
   "#extension GL_EXT_blend_func_extended : require\n"
   "precision highp float;\n"
   "uniform vec4 u_s0, u_s1;\n"
   "void main() {\n"
   "   gl_FragColor = u_s0;\n"
   "   gl_SecondaryFragColorEXT = u_s1;\n"
   "}\n";

static const GLfloat quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};

struct blend_case {
   const char *what;
   GLenum eq;
   GLenum src_rgb, dst_rgb, src_a, dst_a;
   float s0[4], s1[4], d[4];
};

static const struct blend_case cases[] = {
   /* per-channel coverage, as in sub-pixel text rendering */
   {"SRC1_COLOR, ONE_MINUS_SRC1_COLOR", GL_FUNC_ADD, GL_SRC1_COLOR_EXT,
    GL_ONE_MINUS_SRC1_COLOR_EXT, GL_SRC1_COLOR_EXT,
    GL_ONE_MINUS_SRC1_COLOR_EXT, {1.0f, 0.2f, 0.6f, 1.0f},
    {0.2f, 0.4f, 0.8f, 0.6f}, {0.8f, 0.2f, 0.4f, 0.6f}},
   /* the extension's "coloured glass" example */
   {"SRC_ALPHA, SRC1_COLOR", GL_FUNC_ADD, GL_SRC_ALPHA, GL_SRC1_COLOR_EXT,
    GL_SRC_ALPHA, GL_SRC1_COLOR_EXT, {0.4f, 0.6f, 0.2f, 0.4f},
    {0.6f, 0.2f, 1.0f, 0.8f}, {0.8f, 0.6f, 0.4f, 0.2f}},
   /* alpha factors of the second colour, separate alpha */
   {"SRC1_ALPHA, ONE_MINUS_SRC1_ALPHA / ONE_MINUS_SRC1_ALPHA, ZERO",
    GL_FUNC_ADD, GL_SRC1_ALPHA_EXT, GL_ONE_MINUS_SRC1_ALPHA_EXT,
    GL_ONE_MINUS_SRC1_ALPHA_EXT, GL_ZERO, {0.8f, 0.4f, 1.0f, 0.6f},
    {0.0f, 0.0f, 0.0f, 0.4f}, {0.2f, 1.0f, 0.6f, 0.8f}},
   /* subtraction, and a second colour above 1 that the fixed-point
    * buffer clamps */
   {"REVERSE_SUBTRACT ONE, SRC1_COLOR (second colour clamped)",
    GL_FUNC_REVERSE_SUBTRACT, GL_ONE, GL_SRC1_COLOR_EXT, GL_ONE,
    GL_SRC1_COLOR_EXT, {0.2f, 0.2f, 0.4f, 0.2f}, {2.0f, 1.0f, 0.6f, 4.0f},
    {0.8f, 0.6f, 1.0f, 0.8f}},
   /* SRC_ALPHA_SATURATE as a destination factor (the extension allows
    * it in ES 2.0 too) */
   {"ONE_MINUS_SRC1_COLOR, SRC_ALPHA_SATURATE", GL_FUNC_ADD,
    GL_ONE_MINUS_SRC1_COLOR_EXT, GL_SRC_ALPHA_SATURATE,
    GL_ONE_MINUS_SRC1_COLOR_EXT, GL_SRC_ALPHA_SATURATE,
    {0.6f, 0.8f, 0.2f, 0.8f}, {0.4f, 0.2f, 0.8f, 0.6f},
    {0.4f, 0.6f, 0.8f, 0.6f}},
};

static double
clamp01(double x)
{
   return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* The factor f for channel c (EXT_blend_func_extended, table 15.2). */
static double
factor(GLenum f, int c, const double *s, const double *s1, const double *d)
{
   bool alpha = c == 3;
   switch (f) {
   case GL_ZERO:
      return 0;
   case GL_ONE:
      return 1;
   case GL_SRC_ALPHA:
      return s[3];
   case GL_SRC1_COLOR_EXT:
      return s1[c];
   case GL_SRC1_ALPHA_EXT:
      return s1[3];
   case GL_ONE_MINUS_SRC1_COLOR_EXT:
      return 1 - s1[c];
   case GL_ONE_MINUS_SRC1_ALPHA_EXT:
      return 1 - s1[3];
   case GL_SRC_ALPHA_SATURATE:
      return alpha ? 1 : fmin(s[3], 1 - d[3]);
   default:
      return NAN;
   }
}

static void
expected(const struct blend_case *bc, const float *s1f, uint8_t out[4])
{
   double s[4], s1[4], d[4];
   for (int c = 0; c < 4; c++) {
      s[c] = clamp01(bc->s0[c]);
      s1[c] = clamp01(s1f[c]);
      d[c] = bc->d[c];
   }
   for (int c = 0; c < 4; c++) {
      bool a = c == 3;
      double sf = clamp01(factor(a ? bc->src_a : bc->src_rgb, c, s, s1, d));
      double df = clamp01(factor(a ? bc->dst_a : bc->dst_rgb, c, s, s1, d));
      double r;
      if (bc->eq == GL_FUNC_ADD)
         r = s[c] * sf + d[c] * df;
      else if (bc->eq == GL_FUNC_SUBTRACT)
         r = s[c] * sf - d[c] * df;
      else
         r = d[c] * df - s[c] * sf;
      out[c] = (uint8_t)floor(clamp01(r) * 255.0 + 0.5);
   }
}

static void
set4(GLuint prog, const char *name, const float *v)
{
   GLint loc = glGetUniformLocation(prog, name);
   if (loc >= 0)
      glUniform4fv(loc, 1, v);
}

static bool
draw_case(GLuint prog, const struct blend_case *bc, const float *s2,
          bool quiet)
{
   static const float zero[4] = {0, 0, 0, 0};
   glDisable(GL_BLEND);
   glClearColor(bc->d[0], bc->d[1], bc->d[2], bc->d[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_BLEND);
   glBlendEquation(bc->eq);
   glBlendFuncSeparate(bc->src_rgb, bc->dst_rgb, bc->src_a, bc->dst_a);
   glUseProgram(prog);
   set4(prog, "u_s0", bc->s0);
   set4(prog, "u_s1", bc->s1);
   set4(prog, "u_s2", s2 ? s2 : zero);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisable(GL_BLEND);

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   GLenum err = glGetError();
   if (err) {
      fprintf(stderr, "FAIL: %s: GL error 0x%x\n", bc->what, err);
      return false;
   }
   uint8_t want_even[4], want_odd[4];
   expected(bc, bc->s1, want_even);
   expected(bc, s2 ? s2 : bc->s1, want_odd);
   bool ok = true;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         bool print = !quiet && x < 2 && y == H / 2;
         ok &= e2e_gl_probe(pixels, W, x, y, x & 1 ? want_odd : want_even, 1,
                            bc->what, !print);
      }
   }
   return ok;
}

/* glBindFragDataLocationIndexedEXT, glGetFragDataIndexEXT. */
static bool
binding_api(GLuint *prog_out)
{
   PFNGLBINDFRAGDATALOCATIONINDEXEDEXTPROC bind;
   PFNGLGETFRAGDATAINDEXEXTPROC get_index;
   const struct e2e_gl_proc procs[] = {
      {"glBindFragDataLocationIndexedEXT", &bind},
      {"glGetFragDataIndexEXT", &get_index},
   };
   if (!E2E_GL_PROCS(procs))
      return false;
   GLuint prog = glCreateProgram();
   const char *src[2] = {vs300, fs_bound};
   GLenum types[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
   for (int i = 0; i < 2; i++) {
      GLuint sh = glCreateShader(types[i]);
      glShaderSource(sh, 1, &src[i], NULL);
      glCompileShader(sh);
      glAttachShader(prog, sh);
      glDeleteShader(sh);
   }
   glBindAttribLocation(prog, 0, "pos");
   /* Errors of the extension's section 14.2.3. */
   bind(prog, 0, 2, "c1");
   bool ok = glGetError() == GL_INVALID_VALUE;
   bind(prog, 1, 1, "c1");
   ok &= glGetError() == GL_INVALID_VALUE;
   bind(prog, 0, 0, "gl_FragColor");
   ok &= glGetError() == GL_INVALID_OPERATION;
   bind(prog, 0, 0, "c0");
   bind(prog, 0, 1, "c1");
   glLinkProgram(prog);
   GLint linked = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &linked);
   ok &= linked && glGetError() == GL_NO_ERROR;
   ok &= get_index(prog, "c0") == 0 && get_index(prog, "c1") == 1 &&
         get_index(prog, "nothing") == -1;
   ok &= glGetFragDataLocation(prog, "c1") == 0;
   if (!ok)
      fprintf(stderr, "FAIL: glBindFragDataLocationIndexedEXT and "
                      "glGetFragDataIndexEXT\n");
   *prog_out = prog;
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false;
   struct e2e_gl_options opts = {.width = W, .height = H, .es_major = 3};
   struct e2e_gl gl;
   int status = e2e_gl_start_ext(&gl, argc, argv, &opts, &quiet,
                                 "GL_EXT_blend_func_extended");
   if (status)
      return status;
   GLint max_dual = 0;
   glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT, &max_dual);
   bool ok = max_dual >= 1;
   if (!ok)
      fprintf(stderr, "FAIL: MAX_DUAL_SOURCE_DRAW_BUFFERS is %d\n", max_dual);

   GLuint rb[2];
   GLuint fbo = e2e_gl_rgba8_framebuffer(W, H, 2, rb);
   glViewport(0, 0, W, H);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);

   const char *const attribs[] = {"pos", NULL};
   GLuint p_layout = e2e_gl_program(vs300, fs_layout, attribs);
   GLuint p100 = e2e_gl_program(vs100, fs100, attribs);
   GLuint p_bound = 0;
   ok &= p_layout && p100;
   ok &= binding_api(&p_bound);

   for (unsigned i = 0; ok && i < sizeof(cases) / sizeof(cases[0]); i++)
      ok &= draw_case(p_layout, &cases[i], NULL, quiet);
   /* A second colour that changes from one column to the next. */
   static const float odd[4] = {1.0f, 0.6f, 0.2f, 0.2f};
   if (p_layout)
      ok &= draw_case(p_layout, &cases[0], odd, quiet);
   if (p_bound)
      ok &= draw_case(p_bound, &cases[1], NULL, quiet);
   /* GLSL ES 1.00's built-in in an ES 3.0 context (the extension's issue
    * 10). */
   if (p100)
      ok &= draw_case(p100, &cases[2], NULL, quiet);

   /* Two draw buffers with a second source factor: INVALID_OPERATION at
    * the draw (the extension's "Errors"); one is fine. */
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                             GL_RENDERBUFFER, rb[1]);
   static const GLenum two[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   glDrawBuffers(2, two);
   glUseProgram(p_layout);
   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_SRC1_COLOR_EXT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   GLenum err = glGetError();
   if (err != GL_INVALID_OPERATION) {
      fprintf(stderr, "FAIL: dual-source draw with two draw buffers gave "
                      "0x%x, not INVALID_OPERATION\n", err);
      ok = false;
   }
   glDisable(GL_BLEND);

   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(2, rb);
   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
