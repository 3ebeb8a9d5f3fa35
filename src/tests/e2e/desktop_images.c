/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Image load/store (GL_ARB_shader_image_load_store,
 * GL_ARB_shader_image_size) in a desktop core context through
 * EGL_OPENGL_API.  Every value is worked out from the GL and GLSL rules:
 *   1 glBindImageTexture's errors (the extension's "Errors": INVALID_VALUE
 *     for a unit past MAX_IMAGE_UNITS, an unknown texture, a negative
 *     level or layer, a bad access or format), the unit's state queries
 *     before (GL 4.6 table 23.45: READ_ONLY, R8) and after binding, and
 *     glMemoryBarrier's INVALID_VALUE for an unknown bit.
 *   2 a compute shader over an 8x8 RGBA32F image (2x2 groups of 4x4):
 *     texel (x, y) of the source holds (x, y, x + y, 1); the shader
 *     stores 2 * texel + (x, y, w, h) of imageSize into the destination:
 *     (3x, 3y, 2x + 2y + 8, 10), read back with glGetTexImage.
 *   3 an R32UI 2D array of 4x4x3 written through a layered binding:
 *     texel (x, y, l) = 100 l + 10 y + x; then layer 1 alone bound as a
 *     2D image (non-layered binding) and read back by a second dispatch
 *     into a storage buffer: word 4 y + x = 100 + 10 y + x.  The same
 *     with a 4x4x3 3D texture (its slices are layers of a layered
 *     binding, GL 4.6 section 8.26).
 *   4 a fragment shader storing gl_FragCoord into an RGBA8UI image over
 *     a 16x8 quad: texel (x, y) = (x, y, 7, 1); the same stores from a
 *     vertex shader drawing 128 points (vertex i for texel (i % 16,
 *     i / 16)).
 *   5 atomics: 64 invocations (2x2 groups of 4x4) add 1 to texel p / 4
 *     of a 2x2 R32UI image (16 each) and imageAtomicMax x - y into a 1x1
 *     R32I image holding -5 (7 = 7 - 0); imageAtomicCompSwap of 0 by 9
 *     on a 1x1 R32UI image holding 0 (9: only the first swap matches).
 *   6 a red 4x4 RGBA8 texture attached to a framebuffer and bound as a
 *     read-only image of the current program, cleared to blue, then read
 *     through the image by a draw into another framebuffer: every pixel
 *     is blue (the clear must land in the storage the image reads).
 * Image uniforms get their units with glUniform1i.
 * On Debian's llvmpipe every check passes but the unknown barrier bit,
 * for which Mesa raises no error (GL 4.6 section 7.13.2 asks for
 * INVALID_VALUE).
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e_gl_images.h"

#define W 16
#define H 8

/* Tokens of GL 4.2/4.3 the ES 3.0 headers lack. */
#define E2E_GL_COMPUTE_SHADER 0x91B9
#define E2E_GL_SHADER_STORAGE_BUFFER 0x90D2
#define E2E_GL_MAX_IMAGE_UNITS 0x8F38
#define E2E_GL_IMAGE_BINDING_NAME 0x8F3A
#define E2E_GL_IMAGE_BINDING_LEVEL 0x8F3B
#define E2E_GL_IMAGE_BINDING_LAYERED 0x8F3C
#define E2E_GL_IMAGE_BINDING_LAYER 0x8F3D
#define E2E_GL_IMAGE_BINDING_ACCESS 0x8F3E
#define E2E_GL_IMAGE_BINDING_FORMAT 0x906E
#define E2E_GL_SHADER_IMAGE_ACCESS_BARRIER_BIT 0x20
#define E2E_GL_TEXTURE_UPDATE_BARRIER_BIT 0x100
#define E2E_GL_BUFFER_UPDATE_BARRIER_BIT 0x200
#define E2E_GL_ALL_BARRIER_BITS 0xFFFFFFFF
#define E2E_GL_READ_ONLY 0x88B8
#define E2E_GL_WRITE_ONLY 0x88B9
#define E2E_GL_READ_WRITE 0x88BA

static struct e2e_gl_images gl4;
static bool quiet;

/* The vertex shader of the draws that cover the target with a quad. */
static const char pos_vs[] =
   "#version 330\n"
   "in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static const char header[] =
   "#version 330\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_storage_buffer_object : require\n"
   "#extension GL_ARB_shader_image_load_store : require\n"
   "#extension GL_ARB_shader_image_size : require\n";

static bool
check(const char *what, double got, double want)
{
   return e2e_gl_check(what, got, want, quiet);
}

static GLint
unit_state(GLenum pname, GLuint unit)
{
   GLint v = -1;
   glGetIntegeri_v(pname, unit, &v);
   return v;
}

/* 1: errors and state */
static bool
test_api(void)
{
   GLint units = 0;
   glGetIntegerv(E2E_GL_MAX_IMAGE_UNITS, &units);
   bool ok = check("MAX_IMAGE_UNITS >= 8", units >= 8, 1);
   ok &= check("initial access", unit_state(E2E_GL_IMAGE_BINDING_ACCESS, 0),
               E2E_GL_READ_ONLY);
   ok &= check("initial format", unit_state(E2E_GL_IMAGE_BINDING_FORMAT, 0),
               GL_R8);

   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D_ARRAY, t);
   glTexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA8, 4, 4, 3);
   static const struct {
      const char *what;
      GLuint unit, texture;
      GLint level, layer;
      GLenum access, format;
   } bad[] = {
      {"unit past the last", 0, 0, 0, 0, E2E_GL_READ_ONLY, GL_RGBA8},
      {"unknown texture", 1, 12345, 0, 0, E2E_GL_READ_ONLY, GL_RGBA8},
      {"negative level", 1, 0, -1, 0, E2E_GL_READ_ONLY, GL_RGBA8},
      {"negative layer", 1, 0, 0, -1, E2E_GL_READ_ONLY, GL_RGBA8},
      {"bad access", 1, 0, 0, 0, GL_RGBA8, GL_RGBA8},
      {"bad format", 1, 0, 0, 0, E2E_GL_READ_ONLY, GL_RGB8},
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      GLuint unit = i == 0 ? (GLuint)units : bad[i].unit;
      GLuint tex = bad[i].texture ? bad[i].texture : t;
      gl4.bind_image_texture(unit, tex, bad[i].level, GL_FALSE, bad[i].layer,
                             bad[i].access, bad[i].format);
      ok &= e2e_gl_expect_error(GL_INVALID_VALUE, bad[i].what, quiet);
   }
   gl4.bind_image_texture(1, t, 1, GL_FALSE, 2, E2E_GL_READ_WRITE, GL_R32UI);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "glBindImageTexture", quiet);
   ok &= check("name", unit_state(E2E_GL_IMAGE_BINDING_NAME, 1), t);
   ok &= check("level", unit_state(E2E_GL_IMAGE_BINDING_LEVEL, 1), 1);
   ok &= check("layered", unit_state(E2E_GL_IMAGE_BINDING_LAYERED, 1), 0);
   ok &= check("layer", unit_state(E2E_GL_IMAGE_BINDING_LAYER, 1), 2);
   ok &= check("access", unit_state(E2E_GL_IMAGE_BINDING_ACCESS, 1),
               E2E_GL_READ_WRITE);
   ok &= check("format", unit_state(E2E_GL_IMAGE_BINDING_FORMAT, 1),
               GL_R32UI);
   /* GL 4.6 section 8.1: deleting the texture unbinds it */
   glDeleteTextures(1, &t);
   ok &= check("name after delete",
               unit_state(E2E_GL_IMAGE_BINDING_NAME, 1), 0);
   glGetIntegeri_v(E2E_GL_IMAGE_BINDING_NAME, (GLuint)units, &units);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "query past the units",
                             quiet);
   gl4.memory_barrier(0x10);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "unknown barrier bit", quiet);
   gl4.memory_barrier(E2E_GL_ALL_BARRIER_BITS);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "ALL_BARRIER_BITS", quiet);
   return ok;
}

/* 2: load, size and store of RGBA32F */
static bool
test_rgba32f(void)
{
   GLuint p = e2e_gl_compute_program(
      header,
      "layout(local_size_x = 4, local_size_y = 4) in;\n"
      "layout(rgba32f) readonly uniform image2D src;\n"
      "layout(rgba32f) writeonly uniform image2D dst;\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
      "   vec4 v = imageLoad(src, p);\n"
      "   imageStore(dst, p, 2.0 * v + vec4(p, imageSize(src)));\n"
      "}\n");
   if (!p)
      return false;
   float in[8][8][4], out[8][8][4];
   for (int y = 0; y < 8; y++) {
      for (int x = 0; x < 8; x++) {
         in[y][x][0] = (float)x;
         in[y][x][1] = (float)y;
         in[y][x][2] = (float)(x + y);
         in[y][x][3] = 1.0f;
      }
   }
   GLuint src = e2e_gl_texture_2d(GL_RGBA32F, 8, 8, GL_RGBA, GL_FLOAT, in);
   GLuint dst = e2e_gl_texture_2d(GL_RGBA32F, 8, 8, GL_RGBA, GL_FLOAT, NULL);
   gl4.bind_image_texture(0, src, 0, GL_FALSE, 0, E2E_GL_READ_ONLY, GL_RGBA32F);
   gl4.bind_image_texture(1, dst, 0, GL_FALSE, 0, E2E_GL_WRITE_ONLY,
                          GL_RGBA32F);
   glUseProgram(p);
   e2e_gl_uniform_unit(p, "src", 0);
   e2e_gl_uniform_unit(p, "dst", 1);
   gl4.dispatch_compute(2, 2, 1);
   gl4.memory_barrier(E2E_GL_TEXTURE_UPDATE_BARRIER_BIT);
   bool ok = e2e_gl_expect_error(GL_NO_ERROR, "rgba32f dispatch", quiet);
   memset(out, 0, sizeof(out));
   glBindTexture(GL_TEXTURE_2D, dst);
   gl4.get_tex_image(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, out);
   unsigned bad = 0;
   for (int y = 0; y < 8; y++) {
      for (int x = 0; x < 8; x++) {
         float want[4] = {3.0f * x, 3.0f * y, 2.0f * (x + y) + 8.0f, 10.0f};
         for (int c = 0; c < 4; c++) {
            if (out[y][x][c] != want[c] && bad++ < 4)
               printf("FAIL rgba32f texel (%d, %d).%d: %g, expected %g\n",
                      x, y, c, out[y][x][c], want[c]);
         }
      }
   }
   ok &= check("rgba32f texels wrong", bad, 0);
   glDeleteTextures(1, &src);
   glDeleteTextures(1, &dst);
   glDeleteProgram(p);
   return ok;
}

/* 3: a layered R32UI array, then one layer of it */
static bool
test_layers(GLenum target, const char *type)
{
   char body[512];
   snprintf(body, sizeof(body),
            "layout(local_size_x = 4, local_size_y = 4, local_size_z = 3) "
            "in;\n"
            "layout(r32ui) writeonly uniform %s a;\n"
            "void main() {\n"
            "   ivec3 p = ivec3(gl_LocalInvocationID);\n"
            "   imageStore(a, p, uvec4(100 * p.z + 10 * p.y + p.x));\n"
            "}\n",
            type);
   GLuint wr = e2e_gl_compute_program(header, body);
   GLuint rd = e2e_gl_compute_program(
      header,
      "layout(local_size_x = 4, local_size_y = 4) in;\n"
      "layout(r32ui) readonly uniform uimage2D one;\n"
      "layout(std430, binding = 1) buffer B { uint w[16]; };\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
      "   w[4 * p.y + p.x] = imageLoad(one, p).x;\n"
      "}\n");
   if (!wr || !rd)
      return false;
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(target, t);
   glTexStorage3D(target, 1, GL_R32UI, 4, 4, 3);
   gl4.bind_image_texture(2, t, 0, GL_TRUE, 0, E2E_GL_WRITE_ONLY, GL_R32UI);
   glUseProgram(wr);
   e2e_gl_uniform_unit(wr, "a", 2);
   gl4.dispatch_compute(1, 1, 1);
   gl4.memory_barrier(E2E_GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);

   uint32_t zero[16] = {0};
   GLuint b;
   glGenBuffers(1, &b);
   glBindBuffer(E2E_GL_SHADER_STORAGE_BUFFER, b);
   glBufferData(E2E_GL_SHADER_STORAGE_BUFFER, sizeof(zero), zero,
                GL_DYNAMIC_COPY);
   glBindBufferBase(E2E_GL_SHADER_STORAGE_BUFFER, 1, b);
   gl4.bind_image_texture(3, t, 0, GL_FALSE, 1, E2E_GL_READ_ONLY, GL_R32UI);
   glUseProgram(rd);
   e2e_gl_uniform_unit(rd, "one", 3);
   gl4.dispatch_compute(1, 1, 1);
   gl4.memory_barrier(E2E_GL_BUFFER_UPDATE_BARRIER_BIT);
   bool ok = e2e_gl_expect_error(GL_NO_ERROR, type, quiet);
   uint32_t m[16];
   if (!e2e_gl_read_buffer(E2E_GL_SHADER_STORAGE_BUFFER, b, 0, sizeof(m), m))
      return false;
   unsigned bad = 0;
   for (unsigned i = 0; i < 16; i++) {
      uint32_t want = 100 + 10 * (i / 4) + i % 4;
      if (m[i] != want && bad++ < 4)
         printf("FAIL layer 1 word %u: %u, expected %u\n", i, m[i], want);
   }
   ok &= check("layer 1 words wrong", bad, 0);
   glDeleteBuffers(1, &b);
   glDeleteTextures(1, &t);
   glDeleteProgram(wr);
   glDeleteProgram(rd);
   return ok;
}

/* 4: stores from a fragment shader, or from a vertex shader drawing one
 * point a texel (vertex i for texel (i % W, i / W)) */
static bool
test_stage_stores(bool vertex)
{
   static const char *const attribs[] = {"pos", NULL};
   static const char fs[] =
      "#version 330\n"
      "#extension GL_ARB_shader_image_load_store : require\n"
      "layout(rgba8ui) writeonly uniform uimage2D img;\n"
      "out vec4 c;\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_FragCoord.xy);\n"
      "   imageStore(img, p, uvec4(p, 7, 1));\n"
      "   c = vec4(0.0, 1.0, 0.0, 1.0);\n"
      "}\n";
   static const char vs_store[] =
      "#version 330\n"
      "#extension GL_ARB_shader_image_load_store : require\n"
      "layout(rgba8ui) writeonly uniform uimage2D img;\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_VertexID % 16, gl_VertexID / 16);\n"
      "   imageStore(img, p, uvec4(p, 7, 1));\n"
      "   gl_Position = vec4(2.0, 2.0, 0.0, 1.0);\n"
      "}\n";
   static const char fs_plain[] =
      "#version 330\n"
      "out vec4 c;\n"
      "void main() { c = vec4(1.0); }\n";
   const char *what = vertex ? "vertex" : "fragment";
   GLuint p = vertex ? e2e_gl_program(vs_store, fs_plain, attribs)
                     : e2e_gl_program(pos_vs, fs, attribs);
   if (!p)
      return false;
   GLuint t = e2e_gl_texture_2d(GL_RGBA8UI, W, H, GL_RGBA_INTEGER,
                                GL_UNSIGNED_BYTE, NULL);
   gl4.bind_image_texture(4, t, 0, GL_FALSE, 0, E2E_GL_WRITE_ONLY, GL_RGBA8UI);
   struct e2e_gl_vertices quad;
   e2e_gl_vec2_vertices(&quad, e2e_gl_quad_strip, 4);
   glUseProgram(p);
   e2e_gl_uniform_unit(p, "img", 4);
   if (vertex) {
      glDisableVertexAttribArray(0);
      glDrawArrays(GL_POINTS, 0, W * H);
   } else {
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   }
   gl4.memory_barrier(E2E_GL_TEXTURE_UPDATE_BARRIER_BIT);
   bool ok = e2e_gl_expect_error(GL_NO_ERROR, what, quiet);
   uint8_t out[H][W][4];
   memset(out, 0xff, sizeof(out));
   glBindTexture(GL_TEXTURE_2D, t);
   gl4.get_tex_image(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, out);
   unsigned bad = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         uint8_t want[4] = {(uint8_t)x, (uint8_t)y, 7, 1};
         if (memcmp(out[y][x], want, 4) && bad++ < 4)
            printf("FAIL %s texel (%d, %d): %u %u %u %u\n", what, x, y,
                   out[y][x][0], out[y][x][1], out[y][x][2], out[y][x][3]);
      }
   }
   ok &= check(vertex ? "vertex texels wrong" : "fragment texels wrong", bad,
               0);
   e2e_gl_vertices_delete(&quad);
   glDeleteTextures(1, &t);
   glDeleteProgram(p);
   return ok;
}

/* 6: a read-only image of a texture just cleared as an FBO attachment */
static bool
test_cleared_attachment(void)
{
   static const char *const attribs[] = {"pos", NULL};
   static const char fs[] =
      "#version 330\n"
      "#extension GL_ARB_shader_image_load_store : require\n"
      "layout(rgba8) readonly uniform image2D src;\n"
      "out vec4 c;\n"
      "void main() { c = imageLoad(src, ivec2(gl_FragCoord.xy)); }\n";
   GLuint p = e2e_gl_program(pos_vs, fs, attribs);
   if (!p)
      return false;
   /* Red texels and the default, mipmapped minification filter: the
    * texture has one level, so its storage is remade when it is first
    * used as an image, which happens inside the glClear below (the
    * program with the image is current). */
   uint8_t red[4][4][4];
   for (unsigned i = 0; i < 16; i++)
      memcpy(red[i / 4][i % 4], (uint8_t[4]){255, 0, 0, 255}, 4);
   GLuint tex[2], fbo[2];
   glGenTextures(2, tex);
   glGenFramebuffers(2, fbo);
   for (unsigned i = 0; i < 2; i++) {
      glBindTexture(GL_TEXTURE_2D, tex[i]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, red);
      glBindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_TEXTURE_2D, tex[i], 0);
   }
   glUseProgram(p);
   e2e_gl_uniform_unit(p, "src", 0);
   gl4.bind_image_texture(0, tex[0], 0, GL_FALSE, 0, E2E_GL_READ_ONLY,
                          GL_RGBA8);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   glViewport(0, 0, 4, 4);
   glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);

   struct e2e_gl_vertices quad;
   e2e_gl_vec2_vertices(&quad, e2e_gl_quad_strip, 4);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   /* The cleared blue, through the image: GL 4.6 section 8.26 reads the
    * texture's level 0, which the clear wrote (section 17.4.3). */
   uint8_t out[4][4][4];
   memset(out, 0, sizeof(out));
   glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, out);
   bool ok = e2e_gl_expect_error(GL_NO_ERROR, "cleared image draw", quiet);
   unsigned bad = 0;
   for (unsigned i = 0; i < 16; i++) {
      const uint8_t *px = out[i / 4][i % 4];
      if ((px[0] != 0 || px[1] != 0 || px[2] != 255 || px[3] != 255) &&
          bad++ < 2)
         printf("FAIL cleared image pixel %u: %u %u %u %u\n", i, px[0],
                px[1], px[2], px[3]);
   }
   ok &= check("pixels not the cleared colour", bad, 0);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   glDeleteFramebuffers(2, fbo);
   glDeleteTextures(2, tex);
   e2e_gl_vertices_delete(&quad);
   glDeleteProgram(p);
   return ok;
}

static GLuint
int_texture(GLenum internal, GLenum format, GLsizei size, const void *data)
{
   GLuint t = e2e_gl_texture_2d(
      internal, size, size, format,
      internal == GL_R32I ? GL_INT : GL_UNSIGNED_INT, data);
   return t;
}

/* 5: atomics */
static bool
test_atomics(void)
{
   GLuint p = e2e_gl_compute_program(
      header,
      "layout(local_size_x = 4, local_size_y = 4) in;\n"
      "layout(r32ui) uniform uimage2D counts;\n"
      "layout(r32i) uniform iimage2D mx;\n"
      "layout(r32ui) uniform uimage2D sw;\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
      "   imageAtomicAdd(counts, p / 4, 1u);\n"
      "   imageAtomicMax(mx, ivec2(0), p.x - p.y);\n"
      "   imageAtomicCompSwap(sw, ivec2(0), 0u, 9u);\n"
      "}\n");
   if (!p)
      return false;
   uint32_t zero[4] = {0, 0, 0, 0};
   int32_t minus5 = -5;
   GLuint counts = int_texture(GL_R32UI, GL_RED_INTEGER, 2, zero);
   GLuint mx = int_texture(GL_R32I, GL_RED_INTEGER, 1, &minus5);
   GLuint sw = int_texture(GL_R32UI, GL_RED_INTEGER, 1, zero);
   gl4.bind_image_texture(0, counts, 0, GL_FALSE, 0, E2E_GL_READ_WRITE,
                          GL_R32UI);
   gl4.bind_image_texture(1, mx, 0, GL_FALSE, 0, E2E_GL_READ_WRITE, GL_R32I);
   gl4.bind_image_texture(2, sw, 0, GL_FALSE, 0, E2E_GL_READ_WRITE, GL_R32UI);
   glUseProgram(p);
   e2e_gl_uniform_unit(p, "counts", 0);
   e2e_gl_uniform_unit(p, "mx", 1);
   e2e_gl_uniform_unit(p, "sw", 2);
   gl4.dispatch_compute(2, 2, 1);
   gl4.memory_barrier(E2E_GL_TEXTURE_UPDATE_BARRIER_BIT);
   bool ok = e2e_gl_expect_error(GL_NO_ERROR, "atomic dispatch", quiet);
   uint32_t c[4] = {0, 0, 0, 0}, s = 0;
   int32_t m = 0;
   glBindTexture(GL_TEXTURE_2D, counts);
   gl4.get_tex_image(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, c);
   glBindTexture(GL_TEXTURE_2D, mx);
   gl4.get_tex_image(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_INT, &m);
   glBindTexture(GL_TEXTURE_2D, sw);
   gl4.get_tex_image(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, &s);
   for (unsigned i = 0; i < 4; i++)
      ok &= check("imageAtomicAdd count", c[i], 16);
   ok &= check("imageAtomicMax", m, 7);
   ok &= check("imageAtomicCompSwap", s, 9);
   glDeleteTextures(1, &counts);
   glDeleteTextures(1, &mx);
   glDeleteTextures(1, &sw);
   glDeleteProgram(p);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl gl;
   int status = e2e_gl_start_images(&gl, argc, argv, W, H, &quiet, &gl4);
   if (status)
      return status;
   bool ok = test_api();
   ok &= test_rgba32f();
   ok &= test_layers(GL_TEXTURE_2D_ARRAY, "uimage2DArray");
   ok &= test_layers(GL_TEXTURE_3D, "uimage3D");
   ok &= test_stage_stores(false);
   ok &= test_stage_stores(true);
   ok &= test_atomics();
   ok &= test_cleared_attachment();
   return e2e_gl_finish(&gl, ok, quiet);
}
