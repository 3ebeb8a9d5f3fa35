/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL_ARB_gpu_shader5 in a desktop 3.3 core context: the extension is
 * listed, its limits answer glGet (the spec's minimums: 32 geometry
 * shader invocations, 4 vertex streams, interpolation offsets
 * [-0.5, 0.5] with 4 bits), glGetProgramiv(GL_GEOMETRY_SHADER_INVOCATIONS)
 * gives a geometry shader's layout(invocations = 3), and
 * interpolateAtOffset/Sample/Centroid evaluate inputs where GLSL 4.00
 * section 8.13.2 says.
 *
 * The interpolation draws cover the 16x16 window with a quad whose clip
 * w goes from 1 at the left edge to 3 at the right.  A smooth input t
 * that is 0 on the left and 1 on the right is then, at the window
 * fraction l = x / 16 (perspective-correct interpolation, GL 4.6 section
 * 14.5.1), t(l) = (l / 3) / ((1 - l) + l / 3) = l / (3 - 2 l): not
 * linear in window coordinates, so a first-order estimate from
 * derivatives misses by more than 1e-4 at offset 0.4375 / 16 (t'' / 2 *
 * dl^2 with t'' = 12 / (3 - 2 l)^3 >= 0.44).  The fragment shader
 * computes t(l) itself at the pixel centre moved by the offset, or at
 * each sample position glGetMultisamplefv reports, and writes green when
 * interpolateAt* agree within 4e-6, red otherwise.  A noperspective
 * input equal to y / 16 checks the offset's y, and an element of an
 * input array picked by a uniform the dynamically indexed form.  Single
 * sampled, interpolateAtSample(t, 0) and interpolateAtCentroid(t) are t
 * itself (the sample is the pixel centre).  With 4 samples the centroid
 * is the centre of a pixel the triangle covers whole, and may be one of
 * its covered samples on the edge the quad's two triangles share (GL 4.6
 * section 14.6.3: any point of the pixel inside the primitive; the
 * simulator takes the lowest covered sample, Direct3D's rule).
 *
 * Usage: desktop_gpu_shader5 [--quiet] [--no-skip]
 * Exit status: 0 pass, 1 fail, 77 no desktop 3.3 context or extension
 * missing (unless --no-skip).
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 16
#define H 16

/* GL 3.2 / ARB_gpu_shader5 tokens and entry points that the ES 3.0
 * headers lack. */
#define E2E_GL_GEOMETRY_SHADER_INVOCATIONS 0x887F
#define E2E_GL_MAX_GEOMETRY_SHADER_INVOCATIONS 0x8E5A
#define E2E_GL_MIN_FRAGMENT_INTERPOLATION_OFFSET 0x8E5B
#define E2E_GL_MAX_FRAGMENT_INTERPOLATION_OFFSET 0x8E5C
#define E2E_GL_FRAGMENT_INTERPOLATION_OFFSET_BITS 0x8E5D
#define E2E_GL_MAX_VERTEX_STREAMS 0x8E71
#define E2E_GL_SAMPLE_POSITION 0x8E50
typedef void (*get_multisamplefv_fn)(GLenum, GLuint, GLfloat *);

static const char vs[] =
   "#version 150\n"
   "out float t;\n"
   "noperspective out float s;\n"
   "out float arr[2];\n"
   "void main() {\n"
   "   vec2 p = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;\n"
   "   float w = 2.0 + p.x;\n"
   "   gl_Position = vec4(p * w, 0.0, w);\n"
   "   t = p.x * 0.5 + 0.5;\n"
   "   s = p.y * 0.5 + 0.5;\n"
   "   arr[0] = t;\n"
   "   arr[1] = 1.0 - t;\n"
   "}\n";

static const char fs[] =
   "#version 150\n"
   "#extension GL_ARB_gpu_shader5 : require\n"
   "in float t;\n"
   "noperspective in float s;\n"
   "in float arr[2];\n"
   "uniform vec2 off;\n"
   "uniform int idx;\n"
   "uniform int nsamples;\n"
   "uniform vec2 spos[4];\n"
   "out vec4 color;\n"
   "float exact(float x) {\n"
   "   float l = x / 16.0;\n"
   "   return l / (3.0 - 2.0 * l);\n"
   "}\n"
   "bool near(float a, float b) { return abs(a - b) < 4e-6; }\n"
   "void main() {\n"
   "   vec2 c = gl_FragCoord.xy + off;\n"
   "   bool ok = near(interpolateAtOffset(t, off), exact(c.x));\n"
   "   ok = ok && near(interpolateAtOffset(s, off), c.y / 16.0);\n"
   "   float e = exact(c.x);\n"
   "   ok = ok && near(interpolateAtOffset(arr[idx], off),\n"
   "                   idx == 0 ? e : 1.0 - e);\n"
   "   float ct = interpolateAtCentroid(t);\n"
   "   bool cok = ct == t;\n"
   "   if (nsamples == 1) {\n"
   "      ok = ok && interpolateAtSample(t, 0) == t;\n"
   "   } else {\n"
   "      for (int i = 0; i < nsamples; i++) {\n"
   "         float x = floor(gl_FragCoord.x) + spos[i].x;\n"
   "         float v = interpolateAtSample(t, i);\n"
   "         ok = ok && near(v, exact(x));\n"
   "         cok = cok || ct == v;\n"
   "      }\n"
   "   }\n"
   "   ok = ok && cok;\n"
   "   color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";

static const char gs_vs[] = "#version 150\n"
                            "void main() { gl_Position = vec4(0.0); }\n";
static const char gs[] = "#version 150\n"
                         "#extension GL_ARB_gpu_shader5 : require\n"
                         "layout(points, invocations = 3) in;\n"
                         "layout(points, max_vertices = 1) out;\n"
                         "void main() {\n"
                         "   gl_Position = vec4(float(gl_InvocationID));\n"
                         "   EmitVertex();\n"
                         "}\n";
static const char gs_fs[] = "#version 150\n"
                            "out vec4 color;\n"
                            "void main() { color = vec4(1.0); }\n";

static bool
check_limits(bool quiet)
{
   GLint i = 0;
   GLfloat f = 0;
   bool ok = true;
   glGetIntegerv(E2E_GL_MAX_GEOMETRY_SHADER_INVOCATIONS, &i);
   ok &= e2e_gl_check("GL_MAX_GEOMETRY_SHADER_INVOCATIONS", i, 32, quiet);
   glGetIntegerv(E2E_GL_MAX_VERTEX_STREAMS, &i);
   ok &= e2e_gl_check("GL_MAX_VERTEX_STREAMS", i, 4, quiet);
   glGetIntegerv(E2E_GL_FRAGMENT_INTERPOLATION_OFFSET_BITS, &i);
   ok &= e2e_gl_check("GL_FRAGMENT_INTERPOLATION_OFFSET_BITS", i, 4, quiet);
   glGetFloatv(E2E_GL_MIN_FRAGMENT_INTERPOLATION_OFFSET, &f);
   ok &= e2e_gl_check("GL_MIN_FRAGMENT_INTERPOLATION_OFFSET", f, -0.5,
                      quiet);
   glGetFloatv(E2E_GL_MAX_FRAGMENT_INTERPOLATION_OFFSET, &f);
   ok &= e2e_gl_check("GL_MAX_FRAGMENT_INTERPOLATION_OFFSET", f, 0.5, quiet);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "the limits", quiet);
   return ok;
}

static bool
check_invocations(bool quiet)
{
   GLuint prog = e2e_gl_program_gs(gs_vs, gs, gs_fs, NULL);
   if (!prog) {
      printf("FAIL the invocations program\n");
      return false;
   }
   GLint n = 0;
   glGetProgramiv(prog, E2E_GL_GEOMETRY_SHADER_INVOCATIONS, &n);
   bool ok = e2e_gl_check("GL_GEOMETRY_SHADER_INVOCATIONS", n, 3, quiet);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "the invocations query", quiet);
   glDeleteProgram(prog);
   return ok;
}

/* Draws the quad into the bound framebuffer (nsamples samples) with the
 * offset and array index given; the result is read from fb_read. */
static bool
draw(GLuint prog, int nsamples, const GLfloat off[2], int idx,
     GLuint fb_draw, GLuint fb_read, const char *what, bool quiet)
{
   static const uint8_t green[4] = {0, 255, 0, 255};
   glBindFramebuffer(GL_FRAMEBUFFER, fb_draw);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glUniform2fv(glGetUniformLocation(prog, "off"), 1, off);
   glUniform1i(glGetUniformLocation(prog, "idx"), idx);
   glUniform1i(glGetUniformLocation(prog, "nsamples"), nsamples);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   if (fb_read != fb_draw) {
      glBindFramebuffer(GL_READ_FRAMEBUFFER, fb_draw);
      glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb_read);
      glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT,
                        GL_NEAREST);
   }
   glBindFramebuffer(GL_FRAMEBUFFER, fb_read);
   static uint8_t px[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   bool ok = e2e_gl_expect_error(GL_NO_ERROR, what, quiet);
   /* the first pixel that is not green, else the centre */
   int at = (H / 2) * W + W / 2;
   for (int i = W * H - 1; i >= 0; i--) {
      if (px[4 * i] != 0 || px[4 * i + 1] != 255 || px[4 * i + 2] != 0)
         at = i;
   }
   ok &= e2e_gl_probe(px, W, at % W, at / W, green, 1, what, quiet);
   return ok;
}

static bool
check_interpolation(bool quiet)
{
   GLuint prog = e2e_gl_program(vs, fs, NULL);
   if (!prog) {
      printf("FAIL interpolateAt* program\n");
      return false;
   }
   glUseProgram(prog);
   bool ok = true;
   static const GLfloat offsets[3][2] = {
      {0.0f, 0.0f}, {0.4375f, -0.5f}, {-0.25f, 0.375f}};
   for (int k = 0; k < 3; k++) {
      char what[96];
      snprintf(what, sizeof(what), "interpolateAt* single-sampled, offset "
               "(%g, %g)", offsets[k][0], offsets[k][1]);
      ok &= draw(prog, 1, offsets[k], k & 1, 0, 0, what, quiet);
   }

   /* 4 samples: every sample position the context reports. */
   get_multisamplefv_fn get_multisamplefv =
      (get_multisamplefv_fn)eglGetProcAddress("glGetMultisamplefv");
   GLuint rb[2], fb[2];
   e2e_gl_msaa_pair(W, H, 4, fb, rb);
   GLint samples = 0;
   glGetIntegerv(GL_SAMPLES, &samples);
   ok &= e2e_gl_check("GL_SAMPLES of the 4-sample framebuffer", samples, 4,
                      quiet);
   GLfloat pos[4][2] = {{0}};
   for (int i = 0; i < 4 && get_multisamplefv; i++)
      get_multisamplefv(E2E_GL_SAMPLE_POSITION, (GLuint)i, pos[i]);
   glUniform2fv(glGetUniformLocation(prog, "spos"), 4, &pos[0][0]);
   ok &= draw(prog, 4, offsets[1], 1, fb[0], fb[1],
              "interpolateAtSample at the 4 sample positions", quiet);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(2, fb);
   glDeleteRenderbuffers(2, rb);
   glUseProgram(0);
   glDeleteProgram(prog);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl gl;
   bool quiet = false;
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 3, 3, true);
   int status =
      e2e_gl_start_ext(&gl, argc, argv, &opts, &quiet, "GL_ARB_gpu_shader5");
   if (status)
      return status;

   /* Core profile: a vertex array object must be bound (GL 3.3 appendix
    * E.2.2). */
   GLuint vao;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   bool ok = check_limits(quiet);
   ok &= check_invocations(quiet);
   ok &= check_interpolation(quiet);
   glBindVertexArray(0);
   glDeleteVertexArrays(1, &vao);

   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
