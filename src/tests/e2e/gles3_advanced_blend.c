/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Advanced blend equations, GL_KHR_blend_equation_advanced on OpenGL ES
 * 3.0: a fragment shader declares the equations it is drawn with
 * (layout(blend_support_*) out;), glBlendEquation selects one, and the
 * pixels of a 16 x 16 RGBA8 framebuffer object are compared with the
 * extension's formulas ("Advanced Blend Equations": unpremultiplied Cs,
 * Cd; f(Cs, Cd) weighted by p0 = As Ad, plus Cs As (1 - Ad) and
 * Cd Ad (1 - As)), evaluated here in double precision and rounded to 255
 * steps (one step of tolerance).  All inputs are multiples of 0.2, so
 * the destination is stored exactly.
 *
 * Then the errors of the extension: glBlendEquationSeparate rejects the
 * advanced enums (INVALID_ENUM), and a draw is an INVALID_OPERATION with
 * an equation the shader did not declare, or with two draw buffers.
 * glBlendBarrierKHR and GL_BLEND_ADVANCED_COHERENT_KHR (when _coherent is
 * offered).  The program passes on llvmpipe too.
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

static const char vs[] = "#version 300 es\n"
                         "in vec2 pos;\n"
                         "void main() { gl_Position = vec4(pos, 0, 1); }\n";
/* (Mesa's GLSL ES 3.00 takes one blend_support qualifier per layout
 * declaration, so: all equations, or one.) */
static const char fs[] =
   "#version 300 es\n"
   "#extension GL_KHR_blend_equation_advanced : require\n"
   "precision highp float;\n"
   "layout(blend_support_all_equations) out;\n"
   "uniform vec4 u_s;\n"
   "out vec4 color;\n"
   "void main() { color = u_s; }\n";
static const char fs_multiply[] =
   "#version 300 es\n"
   "#extension GL_KHR_blend_equation_advanced : require\n"
   "precision highp float;\n"
   "layout(blend_support_multiply) out;\n"
   "uniform vec4 u_s;\n"
   "out vec4 color;\n"
   "void main() { color = u_s; }\n";

static const GLfloat quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};

struct adv_case {
   const char *what;
   GLenum eq;
   float s[4], d[4]; /* premultiplied */
};

static const struct adv_case cases[] = {
   {"MULTIPLY", GL_MULTIPLY_KHR, {0.4f, 0.2f, 0.6f, 0.8f},
    {0.2f, 0.6f, 0.4f, 0.6f}},
   {"SCREEN", GL_SCREEN_KHR, {0.4f, 0.2f, 0.6f, 0.8f},
    {0.2f, 0.6f, 0.4f, 0.6f}},
   {"OVERLAY", GL_OVERLAY_KHR, {0.2f, 0.6f, 0.8f, 1.0f},
    {0.2f, 0.6f, 0.8f, 1.0f}},
   {"DIFFERENCE", GL_DIFFERENCE_KHR, {0.8f, 0.2f, 0.4f, 1.0f},
    {0.2f, 0.4f, 0.4f, 0.6f}},
   {"HSL_LUMINOSITY", GL_HSL_LUMINOSITY_KHR, {0.2f, 0.4f, 0.6f, 0.8f},
    {0.6f, 0.2f, 0.4f, 0.8f}},
};

static double
lum(const double *c)
{
   return 0.30 * c[0] + 0.59 * c[1] + 0.11 * c[2];
}

/* SetLum(cbase, clum) with ClipColor, the extension's definitions. */
static void
set_lum(const double *base, const double *l, double *out)
{
   double diff = lum(l) - lum(base);
   for (int i = 0; i < 3; i++)
      out[i] = base[i] + diff;
   double ll = lum(out);
   double mn = fmin(fmin(out[0], out[1]), out[2]);
   double mx = fmax(fmax(out[0], out[1]), out[2]);
   if (mn < 0)
      for (int i = 0; i < 3; i++)
         out[i] = ll + (out[i] - ll) * ll / (ll - mn);
   if (mx > 1)
      for (int i = 0; i < 3; i++)
         out[i] = ll + (out[i] - ll) * (1 - ll) / (mx - ll);
}

static void
expected(const struct adv_case *ac, uint8_t out[4])
{
   double cs[3], cd[3], f[3];
   double as = ac->s[3], ad = ac->d[3];
   for (int i = 0; i < 3; i++) {
      cs[i] = as ? ac->s[i] / as : 0;
      cd[i] = ad ? ac->d[i] / ad : 0;
   }
   if (ac->eq == GL_HSL_LUMINOSITY_KHR) {
      set_lum(cd, cs, f);
   } else {
      for (int i = 0; i < 3; i++) {
         double s = cs[i], d = cd[i];
         switch (ac->eq) {
         case GL_MULTIPLY_KHR:
            f[i] = s * d;
            break;
         case GL_SCREEN_KHR:
            f[i] = s + d - s * d;
            break;
         case GL_OVERLAY_KHR:
            f[i] = d <= 0.5 ? 2 * s * d : 1 - 2 * (1 - s) * (1 - d);
            break;
         default: /* DIFFERENCE */
            f[i] = fabs(d - s);
            break;
         }
      }
   }
   double p0 = as * ad, p1 = as * (1 - ad), p2 = ad * (1 - as);
   double r[4];
   for (int i = 0; i < 3; i++)
      r[i] = f[i] * p0 + cs[i] * p1 + cd[i] * p2;
   r[3] = p0 + p1 + p2;
   for (int i = 0; i < 4; i++) {
      double v = r[i] < 0 ? 0 : r[i] > 1 ? 1 : r[i];
      out[i] = (uint8_t)floor(v * 255.0 + 0.5);
   }
}

static bool
draw_case(GLuint prog, const struct adv_case *ac, bool quiet)
{
   glDisable(GL_BLEND);
   glClearColor(ac->d[0], ac->d[1], ac->d[2], ac->d[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_BLEND);
   glBlendEquation(ac->eq);
   glUseProgram(prog);
   glUniform4fv(glGetUniformLocation(prog, "u_s"), 1, ac->s);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisable(GL_BLEND);

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   GLenum err = glGetError();
   if (err) {
      fprintf(stderr, "FAIL: %s: GL error 0x%x\n", ac->what, err);
      return false;
   }
   uint8_t want[4];
   expected(ac, want);
   bool ok = true;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         bool print = !quiet && x == 0 && y == H / 2;
         ok &= e2e_gl_probe(pixels, W, x, y, want, 1, ac->what, !print);
      }
   }
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false;
   struct e2e_gl_options opts = {.width = W, .height = H, .es_major = 3};
   struct e2e_gl gl;
   int status = e2e_gl_start_ext(&gl, argc, argv, &opts, &quiet,
                                 "GL_KHR_blend_equation_advanced");
   if (status)
      return status;

   GLuint rb[2];
   GLuint fbo = e2e_gl_rgba8_framebuffer(W, H, 2, rb);
   glViewport(0, 0, W, H);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);

   const char *const attribs[] = {"pos", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   GLuint prog_mul = e2e_gl_program(vs, fs_multiply, attribs);
   bool ok = prog != 0 && prog_mul != 0;
   for (unsigned i = 0; ok && i < sizeof(cases) / sizeof(cases[0]); i++)
      ok &= draw_case(prog, &cases[i], quiet);

   /* The state query gives the advanced enum back. */
   glBlendEquation(GL_SCREEN_KHR);
   GLint eq = 0;
   glGetIntegerv(GL_BLEND_EQUATION_RGB, &eq);
   if (eq != GL_SCREEN_KHR) {
      fprintf(stderr, "FAIL: BLEND_EQUATION_RGB is 0x%x\n", eq);
      ok = false;
   }

   /* Only glBlendEquation(i) takes the advanced equations. */
   glBlendEquationSeparate(GL_MULTIPLY_KHR, GL_FUNC_ADD);
   ok &= e2e_gl_expect_error(GL_INVALID_ENUM,
                             "glBlendEquationSeparate(GL_MULTIPLY_KHR)", quiet);

   /* An equation the shader did not declare; then one it did. */
   glUseProgram(prog_mul);
   glEnable(GL_BLEND);
   glBlendEquation(GL_DARKEN_KHR);
   ok &=
      e2e_gl_expect_error(GL_NO_ERROR, "glBlendEquation(GL_DARKEN_KHR)", quiet);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION,
                             "a draw with an undeclared equation", quiet);
   glBlendEquation(GL_MULTIPLY_KHR);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "a draw with a declared equation",
                             quiet);
   /* Blending disabled: no rule applies. */
   glDisable(GL_BLEND);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   ok &=
      e2e_gl_expect_error(GL_NO_ERROR, "a draw with blending disabled", quiet);

   /* Two draw buffers. */
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                             GL_RENDERBUFFER, rb[1]);
   static const GLenum two[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   glDrawBuffers(2, two);
   glEnable(GL_BLEND);
   glBlendEquation(GL_MULTIPLY_KHR);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION,
                             "a draw with two draw buffers", quiet);
   glDisable(GL_BLEND);

   PFNGLBLENDBARRIERKHRPROC barrier =
      (PFNGLBLENDBARRIERKHRPROC)eglGetProcAddress("glBlendBarrierKHR");
   if (!barrier) {
      fprintf(stderr, "FAIL: no glBlendBarrierKHR\n");
      ok = false;
   } else {
      barrier();
      ok &= e2e_gl_expect_error(GL_NO_ERROR, "glBlendBarrierKHR", quiet);
   }
   if (e2e_gl_has_extension("GL_KHR_blend_equation_advanced_coherent")) {
      /* Initially enabled (the _coherent extension). */
      ok &= glIsEnabled(GL_BLEND_ADVANCED_COHERENT_KHR) == GL_TRUE;
      glDisable(GL_BLEND_ADVANCED_COHERENT_KHR);
      ok &= glIsEnabled(GL_BLEND_ADVANCED_COHERENT_KHR) == GL_FALSE;
      ok &=
         e2e_gl_expect_error(GL_NO_ERROR, "BLEND_ADVANCED_COHERENT_KHR", quiet);
   }

   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(2, rb);
   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
