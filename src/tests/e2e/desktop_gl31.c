/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A forward-compatible desktop OpenGL 3.1 context through EGL
 * (EGL_OPENGL_API) drawing with rectangle textures and primitive restart,
 * checked against values worked out by hand from the GL 3.1
 * specification (2009-05-28).
 *
 * The framebuffer is 64 x 32, cleared to black.
 *
 * Bottom half (rows 0-15): a 4x3 RGBA8 rectangle texture whose texel
 * (i, j) is (40 + 50i, 30 + 60j, 100 + 20(i + j), 255), sampled with
 * texel coordinates (section 3.8.15: sampler2DRect lookups are not
 * normalized) by a GLSL 1.40 fragment shader:
 *   x 0-31:  texture() at (x / 8 + 0.5, y / 8 + 0.5) with NEAREST, so
 *            each 8x8 block shows texel (x / 8, y / 8);
 *   x 32-47: texture() at (1.0, 0.5) through a sampler object with
 *            LINEAR filtering, half way between texels (0, 0) and (1, 0):
 *            (65, 30, 110, 255);
 *   x 48-63: rows 0-7 texelFetch() of texel (3, 2): (190, 150, 200, 255);
 *            rows 8-15 textureSize() as bytes: (4, 3, 0, 255).
 *
 * Top half (rows 16-31): triangle strips with primitive restart (section
 * 2.8.1) at an index that is not all ones:
 *   16-bit indices 4 5 6 7 1000 8 9 10 11 with restart index 1000:
 *   green quads at x 0-15 and 32-47, nothing between them (without the
 *   restart the strip would join the quads across x 16-31);
 *   32-bit indices 12 13 14 15 70000 16 17 18 19 with restart index
 *   70000: blue quads at x 48-55 and 60-63, nothing at x 56-59.
 * The restart index is never fetched as a vertex (the buffer has 20).
 *
 * Last, a 5x2 rectangle texture as a framebuffer attachment: cleared to
 * (51, 102, 153, 255), its bottom row drawn green, read back.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 64
#define H 32

/* GL 3.1 tokens and entry points that the ES headers lack. */
#define E2E_GL_TEXTURE_RECTANGLE 0x84F5
#define E2E_GL_PRIMITIVE_RESTART 0x8F9D
typedef void (*primitive_restart_index_fn)(GLuint);

static const char vs[] = "#version 140\n"
                         "in vec2 pos;\n"
                         "void main() {\n"
                         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                         "}\n";
static const char fs_rect[] =
   "#version 140\n"
   "uniform sampler2DRect nearest_tex;\n"
   "uniform sampler2DRect linear_tex;\n"
   "out vec4 color;\n"
   "void main() {\n"
   "   vec2 p = floor(gl_FragCoord.xy);\n"
   "   if (p.x < 32.0)\n"
   "      color = texture(nearest_tex, floor(p / 8.0) + 0.5);\n"
   "   else if (p.x < 48.0)\n"
   "      color = texture(linear_tex, vec2(1.0, 0.5));\n"
   "   else if (p.y < 8.0)\n"
   "      color = texelFetch(nearest_tex, ivec2(3, 2));\n"
   "   else\n"
   "      color = vec4(vec2(textureSize(nearest_tex)) / 255.0, 0.0, 1.0);\n"
   "}\n";
static const char fs_flat[] = "#version 140\n"
                              "uniform vec4 u_color;\n"
                              "out vec4 color;\n"
                              "void main() {\n"
                              "   color = u_color;\n"
                              "}\n";

struct probe {
   const char *what;
   int x, y;
   uint8_t rgba[4];
};

static const struct probe probes[] = {
   {"rect texel (0, 0), NEAREST", 4, 4, {40, 30, 100, 255}},
   {"rect texel (1, 0), NEAREST", 12, 4, {90, 30, 120, 255}},
   {"rect texel (2, 0), NEAREST", 20, 4, {140, 30, 140, 255}},
   {"rect texel (3, 0), NEAREST", 28, 4, {190, 30, 160, 255}},
   {"rect texel (0, 1), NEAREST", 4, 12, {40, 90, 120, 255}},
   {"rect texel (3, 1), NEAREST", 28, 12, {190, 90, 180, 255}},
   {"rect LINEAR between (0, 0) and (1, 0)", 40, 8, {65, 30, 110, 255}},
   {"rect texelFetch (3, 2)", 56, 4, {190, 150, 200, 255}},
   {"rect textureSize (4, 3)", 56, 12, {4, 3, 0, 255}},
   {"restart 1000: first quad", 8, 24, {0, 255, 0, 255}},
   {"restart 1000: nothing between the quads", 24, 24, {0, 0, 0, 255}},
   {"restart 1000: second quad", 40, 24, {0, 255, 0, 255}},
   {"restart 70000: first quad", 52, 24, {0, 0, 255, 255}},
   {"restart 70000: nothing between the quads", 58, 24, {0, 0, 0, 255}},
   {"restart 70000: second quad", 62, 24, {0, 0, 255, 255}},
};

static bool
check_error(const char *what)
{
   GLenum e = glGetError();
   if (e == GL_NO_ERROR)
      return true;
   printf("FAIL %s: GL error 0x%x\n", what, e);
   return false;
}

/* NDC of a pixel edge. */
static float
ndc_x(int px)
{
   return (float)px / (W / 2) - 1.0f;
}

static float
ndc_y(int px)
{
   return (float)px / (H / 2) - 1.0f;
}

/* A strip quad over pixels [x0, x1) x [y0, y1) into v (8 floats). */
static void
quad(float *v, int x0, int x1, int y0, int y1)
{
   const float q[8] = {ndc_x(x0), ndc_y(y0), ndc_x(x1), ndc_y(y0),
                       ndc_x(x0), ndc_y(y1), ndc_x(x1), ndc_y(y1)};
   memcpy(v, q, sizeof(q));
}

static void
draw_rect_textures(void)
{
   uint8_t texels[3][4][4];
   for (int j = 0; j < 3; j++) {
      for (int i = 0; i < 4; i++) {
         texels[j][i][0] = (uint8_t)(40 + 50 * i);
         texels[j][i][1] = (uint8_t)(30 + 60 * j);
         texels[j][i][2] = (uint8_t)(100 + 20 * (i + j));
         texels[j][i][3] = 255;
      }
   }
   GLuint tex, smp;
   glGenTextures(1, &tex);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(E2E_GL_TEXTURE_RECTANGLE, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(E2E_GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 4, 3, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, texels);
   glTexParameteri(E2E_GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER,
                   GL_NEAREST);
   glTexParameteri(E2E_GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER,
                   GL_NEAREST);
   /* Unit 1: the same texture through a LINEAR sampler object. */
   glActiveTexture(GL_TEXTURE1);
   glBindTexture(E2E_GL_TEXTURE_RECTANGLE, tex);
   glGenSamplers(1, &smp);
   glSamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glSamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glSamplerParameteri(smp, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glSamplerParameteri(smp, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   glBindSampler(1, smp);
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl_options opts = e2e_gl_core_options(W, H, 3, 1);
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;

   primitive_restart_index_fn restart_index;
   const struct e2e_gl_proc procs[] = {
      {"glPrimitiveRestartIndex", &restart_index},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;

   /* What the context is (section 6.1.5); EGL_KHR_create_context: a
    * newer compatible version may be given. */
   GLint major = 0, minor = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(GL_MINOR_VERSION, &minor);
   if (major * 10 + minor < 31) {
      printf("FAIL: context is %d.%d\n", major, minor);
      e2e_gl_close(&gl);
      return 1;
   } else if (!quiet) {
      printf("ok   context \"%s\", GLSL \"%s\"\n", glGetString(GL_VERSION),
             glGetString(GL_SHADING_LANGUAGE_VERSION));
   }

   static const char *const attribs[] = {"pos", NULL};
   GLuint rect_prog = e2e_gl_program(vs, fs_rect, attribs);
   GLuint flat_prog = e2e_gl_program(vs, fs_flat, attribs);
   if (!rect_prog || !flat_prog) {
      e2e_gl_close(&gl);
      return 1;
   }

   /* Vertices: 0-3 the bottom half, 4-19 the restart strips. */
   float v[20 * 2];
   quad(v + 0, 0, W, 0, H / 2);
   quad(v + 8, 0, 16, 16, 32);
   quad(v + 16, 32, 48, 16, 32);
   quad(v + 24, 48, 56, 16, 32);
   quad(v + 32, 60, 64, 16, 32);
   static const GLushort idx16[9] = {4, 5, 6, 7, 1000, 8, 9, 10, 11};
   static const GLuint idx32[9] = {12, 13, 14, 15, 70000, 16, 17, 18, 19};

   GLuint vao, bufs[3];
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(3, bufs);
   glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   glEnableVertexAttribArray(0);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);

   draw_rect_textures();
   glUseProgram(rect_prog);
   glUniform1i(glGetUniformLocation(rect_prog, "nearest_tex"), 0);
   glUniform1i(glGetUniformLocation(rect_prog, "linear_tex"), 1);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   ok &= check_error("rectangle texture draw");

   glUseProgram(flat_prog);
   GLint color = glGetUniformLocation(flat_prog, "u_color");
   glEnable(E2E_GL_PRIMITIVE_RESTART);
   restart_index(1000);
   glUniform4f(color, 0, 1, 0, 1);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[1]);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx16), idx16,
                GL_STATIC_DRAW);
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, (void *)0);
   restart_index(70000);
   glUniform4f(color, 0, 0, 1, 1);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[2]);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx32), idx32,
                GL_STATIC_DRAW);
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_INT, (void *)0);
   glDisable(E2E_GL_PRIMITIVE_RESTART);
   ok &= check_error("primitive restart draws");

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= check_error("glReadPixels");
   for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); ++i)
      ok &= e2e_gl_probe(pixels, W, probes[i].x, probes[i].y,
                         probes[i].rgba, 2, probes[i].what, quiet);

   /* A rectangle texture as a colour attachment (section 4.4.2, level 0)
    * cleared to (0.2, 0.4, 0.6, 1.0) and read back: 51 102 153 255. */
   GLuint rt, fbo;
   glGenTextures(1, &rt);
   glBindTexture(E2E_GL_TEXTURE_RECTANGLE, rt);
   glTexImage2D(E2E_GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 5, 2, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          E2E_GL_TEXTURE_RECTANGLE, rt, 0);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL rectangle texture attachment incomplete\n");
      ok = false;
   } else {
      static const uint8_t want[4] = {51, 102, 153, 255};
      uint8_t rect_px[5 * 2 * 4];
      static const uint8_t green[4] = {0, 255, 0, 255};
      glClearColor(0.2f, 0.4f, 0.6f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      /* Vertices 0-3 cover NDC y -1..0: row 0 of the 2 rows. */
      glViewport(0, 0, 5, 2);
      glUniform4f(color, 0, 1, 0, 1);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      glReadPixels(0, 0, 5, 2, GL_RGBA, GL_UNSIGNED_BYTE, rect_px);
      ok &= check_error("rectangle texture attachment");
      ok &= e2e_gl_probe(rect_px, 5, 4, 1, want, 1,
                         "cleared rectangle texture attachment", quiet);
      ok &= e2e_gl_probe(rect_px, 5, 2, 0, green, 1,
                         "draw into a rectangle texture attachment", quiet);
   }

   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
