/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Buffer textures (GL 3.1 section 3.8.5, or GL_ARB_texture_buffer_object
 * in a 3.0 context) through EGL_OPENGL_API: a buffer filled by the
 * program is read with texelFetch in several formats and the pixels are
 * checked against values worked out from the GL conversion rules.
 *
 * The framebuffer is 64 pixels wide, one 4-pixel-high band per case
 * (glViewport).  Pixel column x of a band fetches texel base + x * step:
 *   0 RGBA8 (samplerBuffer), step 31: texel i = (i & 255, i >> 8, 7 i, 255)
 *     as bytes, read back exactly; indices run past 1024 (the AGX driver
 *     describes buffers as 1024-texel rows).
 *   1 R32F, base 1000: texel i = i / 2048, sampled as (r, 0, 0, 1).
 *   2 RG16UI (usamplerBuffer): texel i = (i, 3 i); the shader writes the
 *     low bytes, and 1 / 255 for the alpha an integer RG format gives.
 *   3 RGBA32I (isamplerBuffer): texel i = (-i, i - 64, 100, -100) plus 128.
 *   4 textureSize of a TexBufferRange view of R8 texels (byte offset 256,
 *     48 texels): red = size, green = the first texel (byte 256 of the
 *     buffer), blue = the size of the whole-buffer R32F view / 16.
 *   5 LUMINANCE8_ALPHA8 (compatibility): texel i = (i, 255 - i) read as
 *     (L, L, L, A).
 *   6 RGBA8 again after glBufferSubData rewrote texels 0..63 to
 *     (0, 200, x, 50) and 7 after glBufferData gave the R32F buffer new
 *     storage of 4096 texels of 0.25: the draw reads the new data.
 *   8 the vertex shader fetches texel 1000 * gl_VertexID (0.25 each, in
 *     four different rows) and passes it on: (0.25, 0, 0, 1).
 * Then the errors of glTexBuffer/glTexBufferRange and of parameter calls
 * on TEXTURE_BUFFER.  The program passes on Debian's llvmpipe too.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e_gl.h"

#define W 64
#define BAND 4
#define CASES 9
#define H (BAND * CASES)

/* Tokens of GL 3.1 / ARB_texture_buffer_object the ES headers lack. */
#define E2E_GL_TEXTURE_BUFFER 0x8C2A
#define E2E_GL_MAX_TEXTURE_BUFFER_SIZE 0x8C2B
#define E2E_GL_TEXTURE_BINDING_BUFFER 0x8C2C
#define E2E_GL_TEXTURE_BUFFER_DATA_STORE_BINDING 0x8C2D
#define E2E_GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT 0x919F
#define E2E_GL_LUMINANCE8_ALPHA8 0x8045
typedef void (*tex_buffer_fn)(GLenum, GLenum, GLuint);
typedef void (*tex_buffer_range_fn)(GLenum, GLenum, GLuint, GLintptr,
                                    GLsizeiptr);

static tex_buffer_fn tex_buffer;
static tex_buffer_range_fn tex_buffer_range;

static const char vs_body[] = "in vec2 pos;\n"
                              "void main() {\n"
                              "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                              "}\n";

/* Band 8: the fetch in the vertex shader. */
static GLuint
vs_program(const char *header)
{
   char vs[512], fs[256];
   snprintf(vs, sizeof(vs),
            "%s"
            "in vec2 pos;\n"
            "uniform samplerBuffer tb;\n"
            "uniform int base;\n"
            "uniform int step;\n"
            "out vec4 v;\n"
            "void main() {\n"
            "   gl_Position = vec4(pos, 0.0, 1.0);\n"
            "   v = texelFetch(tb, base + gl_VertexID * step);\n"
            "}\n",
            header);
   snprintf(fs, sizeof(fs),
            "%s"
            "in vec4 v;\n"
            "out vec4 color;\n"
            "void main() {\n"
            "   color = v;\n"
            "}\n",
            header);
   static const char *const attribs[] = {"pos", NULL};
   return e2e_gl_program(vs, fs, attribs);
}

/* prefix: "", "i" or "u"; expr: the colour from t (the texel), tb and
 * what decl declares. */
static GLuint
program(const char *header, const char *decl, const char *prefix,
        const char *expr)
{
   char vs[512], fs[1024];
   snprintf(vs, sizeof(vs), "%s%s", header, vs_body);
   snprintf(fs, sizeof(fs),
            "%s%s"
            "uniform %ssamplerBuffer tb;\n"
            "uniform int base;\n"
            "uniform int step;\n"
            "out vec4 color;\n"
            "void main() {\n"
            "   int x = int(gl_FragCoord.x);\n"
            "   %svec4 t = texelFetch(tb, base + x * step);\n"
            "   color = %s;\n"
            "}\n",
            header, decl, prefix, prefix, expr);
   static const char *const attribs[] = {"pos", NULL};
   return e2e_gl_program(vs, fs, attribs);
}

static uint8_t
unorm8(double v)
{
   v = v < 0 ? 0 : v > 1 ? 1 : v;
   return (uint8_t)floor(v * 255.0 + 0.5);
}

struct band {
   GLuint prog, tex;
   int base, step;
};

static void
draw_band(int i, const struct band *b)
{
   glViewport(0, i * BAND, W, BAND);
   glUseProgram(b->prog);
   glUniform1i(glGetUniformLocation(b->prog, "tb"), 0);
   glUniform1i(glGetUniformLocation(b->prog, "base"), b->base);
   glUniform1i(glGetUniformLocation(b->prog, "step"), b->step);
   glBindTexture(E2E_GL_TEXTURE_BUFFER, b->tex);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

static bool
check_error(GLenum want, const char *what, bool quiet)
{
   GLenum e = glGetError();
   if (e == want) {
      if (!quiet)
         printf("ok   %s\n", what);
      return true;
   }
   printf("FAIL %s: GL error 0x%x (want 0x%x)\n", what, e, want);
   return false;
}

/* The expected colour of pixel x of band i. */
static void
expected(int i, int x, int range_size, int whole_size, uint8_t want[4])
{
   int t;
   switch (i) {
   case 0:
      t = x * 31;
      want[0] = t & 255;
      want[1] = (t >> 8) & 255;
      want[2] = (7 * t) & 255;
      want[3] = 255;
      break;
   case 1:
      want[0] = unorm8((1000 + x) / 2048.0);
      want[1] = want[2] = 0;
      want[3] = 255;
      break;
   case 2:
      want[0] = (uint8_t)x;
      want[1] = (uint8_t)(3 * x);
      want[2] = 0;
      want[3] = 1; /* (R, G, 0, 1) of an integer format */
      break;
   case 3:
      want[0] = (uint8_t)(128 - x);
      want[1] = (uint8_t)(x - 64 + 128);
      want[2] = 228;
      want[3] = 28;
      break;
   case 4:
      want[0] = (uint8_t)range_size;
      want[1] = 3; /* byte 256 of the R8 data: (256 * 7 + 3) & 255 */
      want[2] = (uint8_t)(whole_size / 16);
      want[3] = 255;
      break;
   case 5:
      want[0] = want[1] = want[2] = (uint8_t)(2 * x);
      want[3] = (uint8_t)(255 - 2 * x);
      break;
   case 6:
      want[0] = 0;
      want[1] = 200;
      want[2] = (uint8_t)x;
      want[3] = 50;
      break;
   default:
      want[0] = unorm8(0.25);
      want[1] = want[2] = 0;
      want[3] = 255;
      break;
   }
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl_options opts =
      e2e_gl_version_options(W, H, 3, 0, true);
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;

   /* GL 3.1, or 3.0 with the extension (and GLSL 1.30 enabling it). */
   GLint major = 0, minor = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(GL_MINOR_VERSION, &minor);
   bool gl31 = major * 10 + minor >= 31;
   bool ext = e2e_gl_has_extension("GL_ARB_texture_buffer_object");
   tex_buffer = (tex_buffer_fn)eglGetProcAddress("glTexBuffer");
   tex_buffer_range =
      (tex_buffer_range_fn)eglGetProcAddress("glTexBufferRange");
   if ((!gl31 && !ext) || !tex_buffer || !tex_buffer_range) {
      printf("%s: no buffer textures (GL %d.%d)\n",
             opts.no_skip ? "FAIL" : "SKIP", major, minor);
      e2e_gl_close(&gl);
      return opts.no_skip ? 1 : E2E_SKIP;
   }
   if (!quiet)
      printf("ok   GL %d.%d on %s%s\n", major, minor,
             (const char *)glGetString(GL_RENDERER),
             gl31 ? "" : ", GL_ARB_texture_buffer_object");
   const char *header = gl31 ? "#version 140\n"
                             : "#version 130\n"
                               "#extension GL_ARB_texture_buffer_object"
                               " : require\n";

   GLint max_size = 0, align = 0;
   glGetIntegerv(E2E_GL_MAX_TEXTURE_BUFFER_SIZE, &max_size);
   glGetIntegerv(E2E_GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT, &align);
   /* GL 3.1 table 6.50; ARB_texture_buffer_range: at most 256. */
   if (max_size < 65536 || align < 1 || align > 256) {
      printf("FAIL: MAX_TEXTURE_BUFFER_SIZE %d, alignment %d\n", max_size,
             align);
      ok = false;
   }

   /* The data: one buffer per format. */
   enum { N = 2048 };
   static uint8_t rgba8[N * 4], r8[N];
   static float r32f[N];
   static uint16_t rg16[N * 2];
   static int32_t rgba32[N * 4];
   static uint8_t la8[N * 2];
   for (int i = 0; i < N; ++i) {
      rgba8[4 * i + 0] = i & 255;
      rgba8[4 * i + 1] = (i >> 8) & 255;
      rgba8[4 * i + 2] = (7 * i) & 255;
      rgba8[4 * i + 3] = 255;
      r8[i] = (uint8_t)((7 * i + 3) & 255);
      r32f[i] = (float)i / 2048.0f;
      rg16[2 * i] = (uint16_t)i;
      rg16[2 * i + 1] = (uint16_t)(3 * i);
      rgba32[4 * i + 0] = -i;
      rgba32[4 * i + 1] = i - 64;
      rgba32[4 * i + 2] = 100;
      rgba32[4 * i + 3] = -100;
      la8[2 * i] = (uint8_t)(2 * i);
      la8[2 * i + 1] = (uint8_t)(255 - 2 * i);
   }
   struct {
      const void *data;
      size_t size;
      GLenum format;
   } bufs[] = {
      {rgba8, sizeof(rgba8), GL_RGBA8},
      {r32f, sizeof(r32f), GL_R32F},
      {rg16, sizeof(rg16), GL_RG16UI},
      {rgba32, sizeof(rgba32), GL_RGBA32I},
      {r8, sizeof(r8), GL_R8},
      {la8, sizeof(la8), E2E_GL_LUMINANCE8_ALPHA8},
   };
   enum { NBUF = sizeof(bufs) / sizeof(bufs[0]) };
   GLuint bo[NBUF], tex[NBUF + 1];
   glGenBuffers(NBUF, bo);
   glGenTextures(NBUF + 1, tex);
   for (int i = 0; i < NBUF; ++i) {
      glBindBuffer(E2E_GL_TEXTURE_BUFFER, bo[i]);
      glBufferData(E2E_GL_TEXTURE_BUFFER, (GLsizeiptr)bufs[i].size,
                   bufs[i].data, GL_STATIC_DRAW);
      glBindTexture(E2E_GL_TEXTURE_BUFFER, tex[i]);
      tex_buffer(E2E_GL_TEXTURE_BUFFER, bufs[i].format, bo[i]);
   }
   /* R8 texels 256.. (48 of them) of the R8 buffer. */
   const int range_size = 48;
   glBindTexture(E2E_GL_TEXTURE_BUFFER, tex[NBUF]);
   tex_buffer_range(E2E_GL_TEXTURE_BUFFER, GL_R8, bo[4], 256, range_size);
   ok &= check_error(GL_NO_ERROR, "TexBuffer and TexBufferRange", quiet);

   GLint got = -1;
   glGetIntegerv(E2E_GL_TEXTURE_BINDING_BUFFER, &got);
   if (got != (GLint)tex[NBUF]) {
      printf("FAIL: TEXTURE_BINDING_BUFFER %d (want %u)\n", got, tex[NBUF]);
      ok = false;
   }
   glGetIntegerv(E2E_GL_TEXTURE_BUFFER, &got);
   if (got != (GLint)bo[NBUF - 1]) {
      printf("FAIL: TEXTURE_BUFFER binding %d (want %u)\n", got, bo[NBUF - 1]);
      ok = false;
   }
   /* ARB_texture_buffer_object's state (GL 3.1 table 6.21). */
   glGetIntegerv(E2E_GL_TEXTURE_BUFFER_DATA_STORE_BINDING, &got);
   if (got != (GLint)bo[4]) {
      printf("FAIL: TEXTURE_BUFFER_DATA_STORE_BINDING %d (want %u)\n", got,
             bo[4]);
      ok = false;
   }

   struct band bands[CASES] = {
      {program(header, "", "", "t"), tex[0], 0, 31},
      {program(header, "", "", "t"), tex[1], 1000, 1},
      {program(header, "", "u", "vec4(t & 255u) / 255.0"), tex[2], 0, 1},
      {program(header, "", "i", "vec4((t + 128) & 255) / 255.0"), tex[3], 0, 1},
      {program(header, "uniform samplerBuffer tb1;\n", "",
               "vec4(float(textureSize(tb)), t.r * 255.0, "
               "float(textureSize(tb1)) / 16.0, 255.0) / 255.0"),
       tex[NBUF], 0, 0},
      {program(header, "", "", "t"), tex[5], 0, 1},
      {0, tex[0], 0, 1},
      {0, tex[1], 0, 1},
      {vs_program(header), tex[1], 0, 1000},
   };
   bands[6].prog = bands[0].prog;
   bands[7].prog = bands[1].prog;
   for (int i = 0; i < CASES; ++i) {
      if (!bands[i].prog) {
         printf("FAIL: program of band %d\n", i);
         e2e_gl_close(&gl);
         return 1;
      }
   }

   struct e2e_gl_vertices quad_vertices;
   e2e_gl_vec2_vertices(&quad_vertices, e2e_gl_quad_strip, 4);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);

   /* Band 4 also reads the whole R32F buffer's size on unit 1. */
   glActiveTexture(GL_TEXTURE1);
   glBindTexture(E2E_GL_TEXTURE_BUFFER, tex[1]);
   glActiveTexture(GL_TEXTURE0);
   glUseProgram(bands[4].prog);
   glUniform1i(glGetUniformLocation(bands[4].prog, "tb1"), 1);

   for (int i = 0; i < 6; ++i)
      draw_band(i, &bands[i]);

   /* New data in the same storage, then new storage. */
   uint8_t sub[64 * 4];
   for (int x = 0; x < 64; ++x) {
      sub[4 * x + 0] = 0;
      sub[4 * x + 1] = 200;
      sub[4 * x + 2] = (uint8_t)x;
      sub[4 * x + 3] = 50;
   }
   glBindBuffer(E2E_GL_TEXTURE_BUFFER, bo[0]);
   glBufferSubData(E2E_GL_TEXTURE_BUFFER, 0, sizeof(sub), sub);
   draw_band(6, &bands[6]);
   static float quarter[4096];
   for (int i = 0; i < 4096; ++i)
      quarter[i] = 0.25f;
   glBindBuffer(E2E_GL_TEXTURE_BUFFER, bo[1]);
   glBufferData(E2E_GL_TEXTURE_BUFFER, sizeof(quarter), quarter,
                GL_STATIC_DRAW);
   draw_band(7, &bands[7]);
   draw_band(8, &bands[8]);
   ok &= check_error(GL_NO_ERROR, "drawing", quiet);

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= check_error(GL_NO_ERROR, "glReadPixels", quiet);
   static const char *const what[CASES] = {
      "RGBA8 texels across 1024-texel rows",
      "R32F texels as (r, 0, 0, 1)",
      "RG16UI texels in a usamplerBuffer",
      "RGBA32I texels in an isamplerBuffer",
      "textureSize of a TexBufferRange view and its first texel",
      "LUMINANCE8_ALPHA8 texels as (L, L, L, A)",
      "texels rewritten by glBufferSubData",
      "texels of new storage from glBufferData",
      "texels fetched by the vertex shader",
   };
   for (int i = 0; i < CASES; ++i) {
      bool band_ok = true;
      for (int x = 0; x < W; ++x) {
         uint8_t want[4];
         expected(i, x, range_size, N, want);
         band_ok &= e2e_gl_probe(pixels, W, x, i * BAND + BAND / 2, want, 1,
                                 what[i], true);
      }
      if (band_ok && !quiet)
         printf("ok   %s\n", what[i]);
      ok &= band_ok;
   }

   /* Errors (GL 4.6 section 8.9 and ARB_texture_buffer_range). */
   glBindTexture(E2E_GL_TEXTURE_BUFFER, tex[0]);
   tex_buffer(GL_TEXTURE_2D, GL_RGBA8, bo[0]);
   ok &= check_error(GL_INVALID_ENUM, "TexBuffer on TEXTURE_2D", quiet);
   tex_buffer(E2E_GL_TEXTURE_BUFFER, GL_RGB8, bo[0]);
   ok &= check_error(GL_INVALID_ENUM, "TexBuffer with RGB8", quiet);
   GLuint unused_name = bo[NBUF - 1] + 100;
   tex_buffer(E2E_GL_TEXTURE_BUFFER, GL_RGBA8, unused_name);
   ok &= check_error(GL_INVALID_OPERATION, "TexBuffer of no buffer", quiet);
   tex_buffer_range(E2E_GL_TEXTURE_BUFFER, GL_R8, bo[4], 0, (GLsizeiptr)N + 1);
   ok &= check_error(GL_INVALID_VALUE, "TexBufferRange past the end", quiet);
   tex_buffer_range(E2E_GL_TEXTURE_BUFFER, GL_R8, bo[4], 0, 0);
   ok &= check_error(GL_INVALID_VALUE, "TexBufferRange of size 0", quiet);
   if (align > 1) {
      tex_buffer_range(E2E_GL_TEXTURE_BUFFER, GL_R8, bo[4], align / 2, 16);
      ok &= check_error(GL_INVALID_VALUE, "TexBufferRange unaligned", quiet);
   }
   glTexParameteri(E2E_GL_TEXTURE_BUFFER, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   ok &= check_error(GL_INVALID_ENUM, "TexParameteri on TEXTURE_BUFFER", quiet);

   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
