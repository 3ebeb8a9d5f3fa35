/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * OpenGL ES 3.0 texture and renderbuffer formats, end to end: an ordinary
 * EGL + GLES 3.0 program (linked against the system's libglvnd only) that
 *
 *  1. samples 1x1 textures of float, packed-float, shared-exponent,
 *     signed-normalized, two-channel and sRGB formats, mapping each texel
 *     with v * 0.125 + 0.5 into an RGBA8 framebuffer object, and checks
 *     the pixel against the value computed here from the spec's format
 *     rules (ES 3.0.6 sections 2.1.x, 3.8.17 sRGB decode);
 *  2. renders unsigned and signed integers into RGBA32UI, RGBA16I and
 *     RGBA8UI textures (fragment outputs of integer type), reads them back
 *     with RGBA_INTEGER (ES 3.0.6 section 4.3.2), then samples the RGBA32UI
 *     one through a usampler2D and checks the raw integers arrive;
 *  3. renders 0.5 into an SRGB8_ALPHA8 texture and checks the stored value
 *     is the sRGB encoding of 0.5 (ES 3.0.6 section 4.1.8).
 *
 * The expected values were checked against llvmpipe (Debian's Mesa) with
 * the same program.  Exit status: 0 pass, 1 fail, 77 no display/ES 3.0
 * context (1 with --no-skip).
 */

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GLES3/gl3.h>

#include "e2e_gl.h"

static bool quiet;
static unsigned failures;

static const char *vs_source =
   "#version 300 es\n"
   "in vec2 a_position;\n"
   "void main()\n"
   "{\n"
   "   gl_Position = vec4(a_position, 0.0, 1.0);\n"
   "}\n";

static const char *fs_sample =
   "#version 300 es\n"
   "precision highp float;\n"
   "precision highp int;\n"
   "uniform highp sampler2D u_tex;\n"
   "out vec4 o;\n"
   "void main()\n"
   "{\n"
   "   o = texelFetch(u_tex, ivec2(0, 0), 0) * 0.125 + 0.5;\n"
   "}\n";

/* Integers of the pixel at (x, y): every component depends on the
 * position so that misplaced or unconverted values show. */
static const char *fs_uint =
   "#version 300 es\n"
   "precision highp float;\n"
   "precision highp int;\n"
   "layout(location = 0) out highp uvec4 o;\n"
   "void main()\n"
   "{\n"
   "   uvec2 p = uvec2(gl_FragCoord.xy);\n"
   "   o = uvec4(p.x + 7u, p.y * 1000000u, 0xdeadbeefu - p.x,\n"
   "             3000000000u + p.y);\n"
   "}\n";

static const char *fs_int16 =
   "#version 300 es\n"
   "precision highp float;\n"
   "precision highp int;\n"
   "layout(location = 0) out highp ivec4 o;\n"
   "void main()\n"
   "{\n"
   "   ivec2 p = ivec2(gl_FragCoord.xy);\n"
   "   o = ivec4(-1234 - p.x, 32000 + p.y, p.x * 100, -32768);\n"
   "}\n";

static const char *fs_uint8 =
   "#version 300 es\n"
   "precision highp float;\n"
   "precision highp int;\n"
   "layout(location = 0) out highp uvec4 o;\n"
   "void main()\n"
   "{\n"
   "   uvec2 p = uvec2(gl_FragCoord.xy);\n"
   "   o = uvec4(p.x, p.y, 200u, 255u);\n"
   "}\n";

/* Reads back the RGBA32UI texture through a usampler2D. */
static const char *fs_usample =
   "#version 300 es\n"
   "precision highp float;\n"
   "precision highp int;\n"
   "uniform highp usampler2D u_tex;\n"
   "out vec4 o;\n"
   "void main()\n"
   "{\n"
   "   uvec4 v = texelFetch(u_tex, ivec2(gl_FragCoord.xy), 0);\n"
   "   o = vec4(float(v.x) / 255.0, float(v.y / 1000000u) / 255.0,\n"
   "            float((0xdeadbeefu - v.z) & 255u) / 255.0,\n"
   "            float(v.w - 3000000000u) / 255.0);\n"
   "}\n";

/* Depth comparison: the texture of a 2-texel-wide depth image at the
 * pixel's column, against reference 0.5. */
static const char *fs_shadow =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform highp sampler2DShadow u_tex;\n"
   "out vec4 o;\n"
   "void main()\n"
   "{\n"
   "   float s = texture(u_tex, vec3(gl_FragCoord.x / 4.0, 0.5, 0.5));\n"
   "   o = vec4(s, 0.0, 0.0, 1.0);\n"
   "}\n";

/* Values beyond [0, 1], exact in f16 and in 11/10-bit floats. */
static const char *fs_float =
   "#version 300 es\n"
   "precision highp float;\n"
   "out vec4 o;\n"
   "void main()\n"
   "{\n"
   "   o = vec4(-2.5, 1024.0, 0.375, 3.0);\n"
   "}\n";

static const char *fs_packed =
   "#version 300 es\n"
   "precision highp float;\n"
   "out vec4 o;\n"
   "void main()\n"
   "{\n"
   "   o = vec4(0.25, 0.5, 0.75, 0.6667);\n"
   "}\n";

static const char *fs_half =
   "#version 300 es\n"
   "precision highp float;\n"
   "precision highp int;\n"
   "out vec4 o;\n"
   "void main()\n"
   "{\n"
   "   o = vec4(0.5, 0.25, 1.0, 0.5);\n"
   "}\n";

#define SIZE 4

static int
unorm8(double f)
{
   if (f < 0)
      f = 0;
   if (f > 1)
      f = 1;
   return (int)lrint(f * 255.0);
}

/* ES 3.0.6 equation 3.24: sRGB decode of an 8-bit code. */
static double
srgb_decode(int code)
{
   double c = code / 255.0;
   return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/* ES 3.0.6 equation 4.1 (section 4.1.8): sRGB encode, then to 8 bits. */
static int
srgb_encode8(double l)
{
   double s = l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
   return unorm8(s);
}

static void
check(const char *what, bool ok)
{
   if (!ok) {
      failures++;
      fprintf(stderr, "FAIL: %s\n", what);
   } else if (!quiet) {
      printf("ok: %s\n", what);
   }
}

static GLuint
program(const char *fs_source)
{
   static const char *const attribs[] = {"a_position", NULL};
   return e2e_gl_program(vs_source, fs_source, attribs);
}

/* A new SIZE x SIZE 2D texture of one level of `internalformat`, left
 * bound, filtered NEAREST. */
static GLuint
storage_2d(GLenum internalformat)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexStorage2D(GL_TEXTURE_2D, 1, internalformat, SIZE, SIZE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   return tex;
}

/* A texture of `internalformat` as the only colour attachment of a new
 * framebuffer object (bound); SIZE x SIZE. */
static GLuint
target(GLenum internalformat, GLuint *tex)
{
   GLuint fbo;
   *tex = storage_2d(internalformat);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                          *tex, 0);
   glViewport(0, 0, SIZE, SIZE);
   return fbo;
}

static void
draw_quad(GLuint prog)
{
   static const float quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* Draws tex through fs_sample into a new RGBA8 target at unit 0 and
 * reads its pixel (x, y) into px; deletes what it made.  False on a GL
 * error. */
static bool
sample_back(GLuint tex, int x, int y, uint8_t px[4])
{
   GLuint sprog = program(fs_sample);
   GLuint rt;
   GLuint fbo = target(GL_RGBA8, &rt);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   glUseProgram(sprog);
   glUniform1i(glGetUniformLocation(sprog, "u_tex"), 0);
   draw_quad(sprog);
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   bool ok = glGetError() == GL_NO_ERROR;
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &rt);
   glDeleteProgram(sprog);
   return ok;
}

/* --- 1. sampling ------------------------------------------------------- */

struct sample_case {
   const char *name;
   GLenum internalformat, format, type;
   uint32_t data[4]; /* one texel, client layout (up to 16 bytes) */
   double want[4];   /* what texelFetch returns */
};

static uint32_t
f32(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static void
test_sampling(void)
{
   struct sample_case cases[] = {
      {"RGBA16F from FLOAT", GL_RGBA16F, GL_RGBA, GL_FLOAT,
       {f32(-2.0f), f32(3.5f), f32(0.25f), f32(-4.0f)},
       {-2.0, 3.5, 0.25, -4.0}},
      {"RGBA32F", GL_RGBA32F, GL_RGBA, GL_FLOAT,
       {f32(1.5f), f32(-1.0f), f32(2.0f), f32(3.0f)},
       {1.5, -1.0, 2.0, 3.0}},
      {"R32F", GL_R32F, GL_RED, GL_FLOAT, {f32(-3.0f)}, {-3.0, 0, 0, 1}},
      {"RG16F", GL_RG16F, GL_RG, GL_FLOAT, {f32(2.5f), f32(-0.5f)},
       {2.5, -0.5, 0, 1}},
      /* 11/11/10-bit floats: R = 2.5 (exp 16, mantissa 16), G = 6.0 (exp
       * 17, mantissa 32), B = 0.5 (exp 14, mantissa 0); ES 3.0.6 2.1.3. */
      {"R11F_G11F_B10F", GL_R11F_G11F_B10F, GL_RGB,
       GL_UNSIGNED_INT_10F_11F_11F_REV,
       {(16u << 6 | 16u) | (17u << 6 | 32u) << 11 | (14u << 5) << 22},
       {2.5, 6.0, 0.5, 1}},
      /* Shared exponent (ES 3.0.6 equation 3.3): a mantissa m with
       * exponent E is m * 2^(E - 15 - 9); E = 17: m = 128 -> 1.0,
       * 64 -> 0.5, 32 -> 0.25. */
      {"RGB9_E5", GL_RGB9_E5, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV,
       {128u | 64u << 9 | 32u << 18 | 17u << 27}, {1.0, 0.5, 0.25, 1}},
      /* snorm: -128 and -127 are -1 (ES 3.0.6 equation 2.2). */
      {"RGBA8_SNORM", GL_RGBA8_SNORM, GL_RGBA, GL_BYTE,
       {0x7f | 0xc0u << 8 | 0x80u << 16 | 0x81u << 24},
       {1.0, -64 / 127.0, -1.0, -1.0}},
      {"RG8", GL_RG8, GL_RG, GL_UNSIGNED_BYTE, {51 | 204 << 8},
       {0.2, 0.8, 0, 1}},
      {"R8", GL_R8, GL_RED, GL_UNSIGNED_BYTE, {102}, {0.4, 0, 0, 1}},
      {"RGB10_A2", GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV,
       {1023u | 0u << 10 | 341u << 20 | 1u << 30},
       {1.0, 0.0, 341 / 1023.0, 1 / 3.0}},
      {"SRGB8_ALPHA8", GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE,
       {188 | 255 << 8 | 0 << 16 | 128u << 24},
       {srgb_decode(188), 1.0, 0.0, 128 / 255.0}},
      {"SRGB8", GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE, {64 | 128 << 8 | 32 << 16},
       {srgb_decode(64), srgb_decode(128), srgb_decode(32), 1}},
      {"RGB565", GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5,
       {31u << 11 | 0u << 5 | 15u}, {1.0, 0.0, 15 / 31.0, 1}},
      {"RGBA4", GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4,
       {15u << 12 | 5u << 8 | 0u << 4 | 10u}, {1.0, 5 / 15.0, 0, 10 / 15.0}},
      /* Depth textures read as (D, 0, 0, 1) (ES 3.0.6 section 3.8.14);
       * unsigned integer depth is normalized (equation 2.1). */
      {"DEPTH_COMPONENT16", GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT,
       GL_UNSIGNED_SHORT, {0x4000}, {0x4000 / 65535.0, 0, 0, 1}},
      {"DEPTH_COMPONENT24", GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT,
       GL_UNSIGNED_INT, {0xc0000000u}, {0.75, 0, 0, 1}},
      /* Depth is clamped to [0, 1] when specified (ES 3.0.6 3.8.3). */
      {"DEPTH_COMPONENT32F", GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT,
       GL_FLOAT, {f32(-0.5f)}, {0.0, 0, 0, 1}},
      /* UNSIGNED_INT_24_8: depth in the top 24 bits. */
      {"DEPTH24_STENCIL8", GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL,
       GL_UNSIGNED_INT_24_8, {0x400000u << 8 | 0x55}, {0x400000 / 16777215.0,
                                                      0, 0, 1}},
   };

   GLuint prog = program(fs_sample);
   if (!prog) {
      check("sampling program", false);
      return;
   }
   GLuint rt;
   GLuint fbo = target(GL_RGBA8, &rt);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "u_tex"), 0);

   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const struct sample_case *c = &cases[i];
      GLuint tex;
      glActiveTexture(GL_TEXTURE0);
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)c->internalformat, 1, 1, 0,
                   c->format, c->type, c->data);
      GLenum err = glGetError();
      draw_quad(prog);
      uint8_t px[4] = {0};
      glReadPixels(1, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      bool ok = err == GL_NO_ERROR && glGetError() == GL_NO_ERROR;
      for (unsigned k = 0; k < 4; k++) {
         int want = unorm8(c->want[k] * 0.125 + 0.5);
         ok &= abs(px[k] - want) <= 1;
      }
      if (!ok)
         fprintf(stderr, "%s: got %d %d %d %d (error 0x%x)\n", c->name, px[0],
                 px[1], px[2], px[3], err);
      char what[96];
      snprintf(what, sizeof(what), "sample %s", c->name);
      check(what, ok);
      glDeleteTextures(1, &tex);
   }
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &rt);
   glDeleteProgram(prog);
}

/* A depth texture written by depth testing, then sampled. */
static void
test_depth_render(void)
{
   GLuint prog = program(fs_half);
   GLuint colour, depth;
   GLuint fbo = target(GL_RGBA8, &colour);
   depth = storage_2d(GL_DEPTH_COMPONENT32F);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D,
                          depth, 0);
   check("RGBA8 + DEPTH_COMPONENT32F texture framebuffer complete",
         glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE);
   glEnable(GL_DEPTH_TEST);
   glClearDepthf(1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   /* z = 0 in clip space: window depth 0.5 (ES 3.0.6 section 2.13.1). */
   draw_quad(prog);
   glDisable(GL_DEPTH_TEST);

   uint8_t px[4] = {0};
   bool ok = sample_back(depth, 2, 1, px);
   const int want[4] = {unorm8(0.5 * 0.125 + 0.5), unorm8(0.5), unorm8(0.5),
                        unorm8(0.625)};
   for (unsigned k = 0; k < 4; k++)
      ok &= abs(px[k] - want[k]) <= 1;
   if (!ok)
      fprintf(stderr, "depth render: got %d %d %d %d\n", px[0], px[1], px[2],
              px[3]);
   check("depth written to a DEPTH_COMPONENT32F texture samples as D", ok);
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &colour);
   glDeleteTextures(1, &depth);
   glDeleteProgram(prog);
}

/* A DEPTH24_STENCIL8 texture at DEPTH_STENCIL_ATTACHMENT: a stencil pass
 * marks the pixels, a second draw passes only where the mark is, and the
 * depth written (0.5) samples back from the texture. */
static void
test_depth_stencil_texture(void)
{
   GLuint prog = program(fs_half);
   GLuint colour, ds;
   GLuint fbo = target(GL_RGBA8, &colour);
   ds = storage_2d(GL_DEPTH24_STENCIL8);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                          GL_TEXTURE_2D, ds, 0);
   bool ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) ==
             GL_FRAMEBUFFER_COMPLETE;
   glClearColor(0, 0, 0, 0);
   glClearDepthf(1.0f);
   glClearStencil(0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glEnable(GL_STENCIL_TEST);
   glEnable(GL_DEPTH_TEST);
   /* Left half: stencil 1 (scissored), depth 0.5. */
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, SIZE / 2, SIZE);
   glStencilFunc(GL_ALWAYS, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   draw_quad(prog);
   glDisable(GL_SCISSOR_TEST);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   /* Everywhere where stencil is 1, depth test ALWAYS. */
   glDepthFunc(GL_ALWAYS);
   glStencilFunc(GL_EQUAL, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   glDepthMask(GL_FALSE);
   draw_quad(prog);
   glDepthMask(GL_TRUE);
   glDepthFunc(GL_LESS);
   glDisable(GL_STENCIL_TEST);
   glDisable(GL_DEPTH_TEST);
   uint8_t px[SIZE * SIZE * 4];
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, px);
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         const uint8_t *p = &px[(y * SIZE + x) * 4];
         bool marked = x < SIZE / 2;
         ok &= p[0] == (marked ? 128 : 0) && p[3] == (marked ? 128 : 0);
      }
   }
   check("DEPTH24_STENCIL8 texture at DEPTH_STENCIL_ATTACHMENT: stencil", ok);

   /* The depth the first draw wrote: 0.5 left, the clear's 1.0 right. */
   uint8_t d[4] = {0};
   ok = sample_back(ds, 0, 0, d) && /* texel (0, 0): left */
        abs(d[0] - unorm8(0.5 * 0.125 + 0.5)) <= 1;
   if (!ok)
      fprintf(stderr, "D24S8 depth: got %d\n", d[0]);
   check("DEPTH24_STENCIL8 texture: the depth written samples back", ok);
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &colour);
   glDeleteTextures(1, &ds);
   glDeleteProgram(prog);
}

/* sampler2DShadow: depth 0.25 and 0.75 compared with 0.5 (ES 3.0.6
 * section 3.8.16). */
static void
test_shadow(void)
{
   GLuint prog = program(fs_shadow);
   GLuint rt, depth;
   GLuint fbo = target(GL_RGBA8, &rt);
   static const float z[2] = {0.25f, 0.75f};
   glActiveTexture(GL_TEXTURE0);
   glGenTextures(1, &depth);
   glBindTexture(GL_TEXTURE_2D, depth);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 2, 1, 0,
                GL_DEPTH_COMPONENT, GL_FLOAT, z);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE,
                   GL_COMPARE_REF_TO_TEXTURE);
   static const struct {
      GLenum func;
      int left, right; /* pixel 0 reads 0.25, pixels 2-3 read 0.75 */
   } cases[] = {
      {GL_LEQUAL, 0, 255}, {GL_GREATER, 255, 0}, {GL_ALWAYS, 255, 255},
      {GL_NEVER, 0, 0},    {GL_LESS, 0, 255},    {GL_GEQUAL, 255, 0},
   };
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "u_tex"), 0);
   bool ok = true;
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, cases[i].func);
      draw_quad(prog);
      uint8_t px[SIZE * 4];
      glReadPixels(0, 0, SIZE, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      if (px[0] != cases[i].left || px[12] != cases[i].right ||
          glGetError() != GL_NO_ERROR) {
         fprintf(stderr, "shadow func 0x%x: got %d, %d\n", cases[i].func,
                 px[0], px[12]);
         ok = false;
      }
   }
   check("sampler2DShadow compares with every function", ok);
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &rt);
   glDeleteTextures(1, &depth);
   glDeleteProgram(prog);
}

/* --- 2. integer render targets ------------------------------------------ */

static void
test_integer(void)
{
   GLuint prog = program(fs_uint);
   GLuint tex;
   GLuint fbo = target(GL_RGBA32UI, &tex);
   check("RGBA32UI framebuffer complete",
         glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE);
   GLint rf = 0, rtype = 0;
   glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &rf);
   glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &rtype);
   draw_quad(prog);
   uint32_t px[SIZE * SIZE * 4];
   memset(px, 0, sizeof(px));
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
   bool ok = glGetError() == GL_NO_ERROR;
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         const uint32_t *p = &px[(y * SIZE + x) * 4];
         const uint32_t want[4] = {x + 7, y * 1000000u, 0xdeadbeefu - x,
                                   3000000000u + y};
         for (unsigned k = 0; k < 4; k++) {
            if (p[k] != want[k]) {
               if (ok)
                  fprintf(stderr, "RGBA32UI (%u, %u)[%u]: %u, want %u\n", x,
                          y, k, p[k], want[k]);
               ok = false;
            }
         }
      }
   }
   check("render RGBA32UI, read RGBA_INTEGER/UNSIGNED_INT", ok);
   check("IMPLEMENTATION_COLOR_READ_FORMAT/TYPE of RGBA32UI",
         rf == GL_RGBA_INTEGER && rtype == GL_UNSIGNED_INT);
   /* ES 3.0.6 section 4.3.2: an integer buffer read as RGBA/UNSIGNED_BYTE
    * is an INVALID_OPERATION. */
   uint8_t b[4];
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, b);
   check("RGBA/UNSIGNED_BYTE from an integer buffer is INVALID_OPERATION",
         glGetError() == GL_INVALID_OPERATION);

   /* Sample it as integers into an RGBA8 target. */
   GLuint prog2 = program(fs_usample);
   GLuint rt;
   GLuint fbo2 = target(GL_RGBA8, &rt);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   glUseProgram(prog2);
   glUniform1i(glGetUniformLocation(prog2, "u_tex"), 0);
   draw_quad(prog2);
   uint8_t rgba[SIZE * SIZE * 4];
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   ok = glGetError() == GL_NO_ERROR;
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         const uint8_t *p = &rgba[(y * SIZE + x) * 4];
         const int want[4] = {(int)x + 7, (int)y, (int)x, (int)y};
         for (unsigned k = 0; k < 4; k++) {
            if (p[k] != want[k]) {
               if (ok)
                  fprintf(stderr, "usampler (%u, %u)[%u]: %u, want %d\n", x,
                          y, k, p[k], want[k]);
               ok = false;
            }
         }
      }
   }
   check("usampler2D texelFetch of RGBA32UI gives the raw integers", ok);
   glDeleteFramebuffers(1, &fbo2);
   glDeleteTextures(1, &rt);

   /* Signed 16-bit integers (16-bit tilebuffer registers). */
   GLuint prog3 = program(fs_int16);
   GLuint tex16;
   GLuint fbo3 = target(GL_RGBA16I, &tex16);
   /* ClearBufferiv writes integers as they are (ES 3.0.6 4.2.3). */
   static const GLint clear_i[4] = {-30000, 12345, -1, 32767};
   glClearBufferiv(GL_COLOR, 0, clear_i);
   int32_t cpx[4] = {0};
   glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER, GL_INT, cpx);
   check("ClearBufferiv of RGBA16I",
         glGetError() == GL_NO_ERROR && cpx[0] == -30000 &&
            cpx[1] == 12345 && cpx[2] == -1 && cpx[3] == 32767);
   draw_quad(prog3);
   int32_t ipx[SIZE * SIZE * 4];
   memset(ipx, 0, sizeof(ipx));
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA_INTEGER, GL_INT, ipx);
   ok = glGetError() == GL_NO_ERROR;
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         const int32_t *p = &ipx[(y * SIZE + x) * 4];
         const int32_t want[4] = {-1234 - (int)x, 32000 + (int)y,
                                  (int)x * 100, -32768};
         for (unsigned k = 0; k < 4; k++) {
            if (p[k] != want[k]) {
               if (ok)
                  fprintf(stderr, "RGBA16I (%u, %u)[%u]: %d, want %d\n", x,
                          y, k, p[k], want[k]);
               ok = false;
            }
         }
      }
   }
   check("render RGBA16I, read RGBA_INTEGER/INT", ok);

   /* 8-bit unsigned integers in a renderbuffer. */
   GLuint prog4 = program(fs_uint8);
   GLuint rb, fbo4;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8UI, SIZE, SIZE);
   glGenFramebuffers(1, &fbo4);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo4);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   static const GLuint clear_u[4] = {255, 0, 128, 7};
   glClearBufferuiv(GL_COLOR, 0, clear_u);
   uint32_t upx[4] = {0};
   glReadPixels(2, 3, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, upx);
   check("ClearBufferuiv of an RGBA8UI renderbuffer",
         glGetError() == GL_NO_ERROR && upx[0] == 255 && upx[1] == 0 &&
            upx[2] == 128 && upx[3] == 7);
   draw_quad(prog4);
   memset(px, 0, sizeof(px));
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
   ok = glGetError() == GL_NO_ERROR;
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         const uint32_t *p = &px[(y * SIZE + x) * 4];
         ok &= p[0] == x && p[1] == y && p[2] == 200 && p[3] == 255;
      }
   }
   check("render RGBA8UI renderbuffer, read RGBA_INTEGER/UNSIGNED_INT", ok);

   glDeleteFramebuffers(1, &fbo);
   glDeleteFramebuffers(1, &fbo3);
   glDeleteFramebuffers(1, &fbo4);
   glDeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &tex);
   glDeleteTextures(1, &tex16);
   glDeleteProgram(prog);
   glDeleteProgram(prog2);
   glDeleteProgram(prog3);
   glDeleteProgram(prog4);
}

/* EXT_color_buffer_float: float render targets keep values beyond [0, 1]
 * (no clamping for float buffers, ES 3.0.6 section 4.1.7; nor of the
 * clear colour, section 4.2.3) and read back
 * as RGBA/FLOAT (section 4.3.2); R11F_G11F_B10F has no sign and no
 * alpha (-2.5 becomes 0, alpha reads 1). */
static void
test_float_targets(void)
{
   const char *exts = (const char *)glGetString(GL_EXTENSIONS);
   if (!exts || !strstr(exts, "GL_EXT_color_buffer_float")) {
      check("EXT_color_buffer_float advertised", false);
      return;
   }
   static const struct {
      GLenum internalformat;
      float want[4];
   } cases[] = {
      {GL_RGBA16F, {-2.5f, 1024.0f, 0.375f, 3.0f}},
      {GL_RGBA32F, {-2.5f, 1024.0f, 0.375f, 3.0f}},
      {GL_R32F, {-2.5f, 0.0f, 0.0f, 1.0f}},
      {GL_RG16F, {-2.5f, 1024.0f, 0.0f, 1.0f}},
      {GL_R11F_G11F_B10F, {0.0f, 1024.0f, 0.375f, 1.0f}},
      /* EXT_color_buffer_half_float: RGB16F too (alpha reads 1). */
      {GL_RGB16F, {-2.5f, 1024.0f, 0.375f, 1.0f}},
   };
   GLuint prog = program(fs_float);
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      GLuint tex;
      GLuint fbo = target(cases[i].internalformat, &tex);
      bool ok =
         glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
      char what[96];
      /* glClearColor keeps values beyond [0, 1] (ES 3.0.6 section 4.2.3),
       * so the clear gives what the shader below writes. */
      float cleared[4] = {0};
      glClearColor(-2.5f, 1024.0f, 0.375f, 3.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
      glReadPixels(2, 2, 1, 1, GL_RGBA, GL_FLOAT, cleared);
      bool clear_ok = glGetError() == GL_NO_ERROR;
      for (unsigned k = 0; k < 4; k++)
         clear_ok &= cleared[k] == cases[i].want[k];
      snprintf(what, sizeof(what), "clear float target 0x%x beyond [0, 1]",
               cases[i].internalformat);
      check(what, clear_ok);
      draw_quad(prog);
      /* RGBA/FLOAT is always allowed for float buffers; the
       * implementation's own pair may be another (llvmpipe: HALF_FLOAT
       * for 16-bit ones). */
      float px[4] = {0};
      glReadPixels(1, 1, 1, 1, GL_RGBA, GL_FLOAT, px);
      ok &= glGetError() == GL_NO_ERROR;
      for (unsigned k = 0; k < 4; k++)
         ok &= px[k] == cases[i].want[k];
      if (!ok)
         fprintf(stderr, "float target 0x%x: %g %g %g %g\n",
                 cases[i].internalformat, px[0], px[1], px[2], px[3]);
      snprintf(what, sizeof(what), "render float target 0x%x, read FLOAT",
               cases[i].internalformat);
      check(what, ok);
      glDeleteFramebuffers(1, &fbo);
      glDeleteTextures(1, &tex);
   }
   glDeleteProgram(prog);
}

/* RGB10_A2: a packed render target, with green masked (ES 3.0.6 4.2.2),
 * read back as UNSIGNED_INT_2_10_10_10_REV (section 4.3.2): red
 * round(0.25 * 1023) = 256, green kept from the clear (1023), blue
 * round(0.75 * 1023) = 767, alpha round(0.6667 * 3) = 2. */
static void
test_rgb10_a2(void)
{
   GLuint prog = program(fs_packed);
   GLuint tex;
   GLuint fbo = target(GL_RGB10_A2, &tex);
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
   draw_quad(prog);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   uint32_t w[SIZE * SIZE];
   memset(w, 0, sizeof(w));
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, w);
   const uint32_t want = 256u | 1023u << 10 | 767u << 20 | 2u << 30;
   bool ok = glGetError() == GL_NO_ERROR;
   for (unsigned i = 0; i < SIZE * SIZE; i++)
      ok &= w[i] == want;
   if (!ok)
      fprintf(stderr, "RGB10_A2: 0x%08x, want 0x%08x\n", w[5], want);
   check("render to RGB10_A2 (green masked), read 2_10_10_10_REV", ok);
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &tex);
   glDeleteProgram(prog);
}

/* --- 3. sRGB rendering --------------------------------------------------- */

static void
test_srgb(void)
{
   GLuint prog = program(fs_half);
   GLuint tex;
   GLuint fbo = target(GL_SRGB8_ALPHA8, &tex);
   GLint enc = 0;
   glGetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &enc);
   check("SRGB8_ALPHA8 attachment encoding is SRGB", enc == GL_SRGB);
   draw_quad(prog);
   /* ReadPixels returns the stored codes (no decode). */
   uint8_t raw[4] = {0};
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, raw);
   if (!quiet)
      printf("sRGB codes read: %d %d %d %d\n", raw[0], raw[1], raw[2], raw[3]);
   check("ReadPixels of SRGB8_ALPHA8 gives the encoded values",
         abs(raw[0] - srgb_encode8(0.5)) <= 1 &&
            abs(raw[1] - srgb_encode8(0.25)) <= 1 && raw[2] == 255 &&
            abs(raw[3] - 128) <= 1);

   /* Sample it back (decoded to linear) into an RGBA8 target. */
   uint8_t px[4] = {0};
   bool ok = sample_back(tex, 0, 0, px);
   /* 0.5 is stored as its 8-bit encoding, sampled as that code decoded;
    * alpha is linear. */
   const double stored[4] = {srgb_decode(srgb_encode8(0.5)),
                             srgb_decode(srgb_encode8(0.25)),
                             srgb_decode(srgb_encode8(1.0)),
                             unorm8(0.5) / 255.0};
   for (unsigned k = 0; k < 4; k++)
      ok &= abs(px[k] - unorm8(stored[k] * 0.125 + 0.5)) <= 1;
   if (!ok)
      fprintf(stderr, "sRGB round trip: got %d %d %d %d\n", px[0], px[1],
              px[2], px[3]);
   check("render to SRGB8_ALPHA8 encodes, sampling decodes", ok);
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &tex);
   glDeleteProgram(prog);
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = {
      .width = 8, .height = 8, .es_major = 3, .es_minor = 0,
   };
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--quiet"))
         quiet = true;
      else if (!strcmp(argv[i], "--no-skip"))
         opts.no_skip = true;
      else {
         fprintf(stderr, "usage: gles3_formats [--quiet] [--no-skip]\n");
         return 2;
      }
   }

   struct e2e_gl gl;
   int ret = e2e_gl_open(&gl, &opts);
   if (ret)
      return ret;
   if (!quiet)
      printf("GL_RENDERER: %s\nGL_VERSION: %s\n",
             (const char *)glGetString(GL_RENDERER),
             (const char *)glGetString(GL_VERSION));

   test_sampling();
   test_depth_render();
   test_shadow();
   test_depth_stencil_texture();
   test_integer();
   test_rgb10_a2();
   test_float_targets();
   test_srgb();

   e2e_gl_close(&gl);
   printf("%s: %u failures\n", failures ? "FAIL" : "PASS", failures);
   return failures ? 1 : 0;
}
