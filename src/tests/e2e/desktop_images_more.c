/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Images beyond fragment and compute shaders and single-sample 32-bit
 * formats (GL_ARB_shader_image_load_store) in a desktop 3.3 core context.
 * Every value is worked out by hand from the GL and GLSL rules:
 *   1 stages: a vertex shader drawing 128 points (vertex i at the centre
 *     of pixel (i % 16, i / 16)) stores 1000 + i into texel i of a 16x8
 *     R32UI image, and the fragment shader of the same draw reads that
 *     texel back (coherent: the fragment's inputs come from the vertex
 *     that wrote it) and stores it + 1 into a second image: 1001 + i.  A
 *     geometry shader over the same 128 points stores 2000 +
 *     gl_PrimitiveIDIn into texel gl_PrimitiveIDIn of a third image.
 *   2 limits: a vertex shader using one image more than
 *     MAX_VERTEX_IMAGE_UNIFORMS, and a program using one more than
 *     MAX_COMBINED_IMAGE_UNIFORMS in two stages, fail to link
 *     (ARB_shader_image_load_store: exceeding either is a link error).
 *   3 multisample images (MAX_IMAGE_SAMPLES >= 2; n = min(it, 4)): a
 *     compute shader stores 100 s + 10 y + x into sample s of texel (x, y)
 *     of a 4x4 R32UI image of n samples; imageLoad and texelFetch of a
 *     usampler2DMS read every sample back.  Then sample 1 of layer 1 of a
 *     two-layer multisample array, bound non-layered, gets 7 + x + 4 y and
 *     a layered image2DMSArray load of layer 1 reads it.
 *   4 formats: a 2x2 GL_RG16 texture of (r, g) = (1000 i + 1, 60000 - i)
 *     read through an r32ui image gives g << 16 | r (GL 4.6 table 8.27:
 *     same texel size, bits as they are); imageStore of (0.25, 1.0) to an
 *     rg16 image stores (16384, 65535) (round(v * 65535)); layer 2 of a
 *     mipmapped 4x4x3 GL_RG8_SNORM array texel (x, y) holding bytes
 *     (x + 4 y + 16 l, -(x + 4 y + 16 l)) loads as those / 127; the
 *     RG16 texture through an rgba32f unit (texel sizes differ: an
 *     invalid access, GL 4.6 section 8.26) loads 0.
 *   5 glMultiDrawArraysIndirect (see test_multi_draw_indirect).
 *   6 snorm colour attachments (see test_snorm_render).
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e_gl_images.h"

#define W 16
#define H 8

/* Tokens of GL 3.2-4.3 the ES 3.0 headers lack. */
#define E2E_GL_DRAW_INDIRECT_BUFFER 0x8F3F
#define E2E_GL_SHADER_STORAGE_BUFFER 0x90D2
#define E2E_GL_TEXTURE_2D_MULTISAMPLE 0x9100
#define E2E_GL_TEXTURE_2D_MULTISAMPLE_ARRAY 0x9102
#define E2E_GL_MAX_IMAGE_SAMPLES 0x906D
#define E2E_GL_MAX_VERTEX_IMAGE_UNIFORMS 0x90CA
#define E2E_GL_MAX_FRAGMENT_IMAGE_UNIFORMS 0x90CE
#define E2E_GL_MAX_COMBINED_IMAGE_UNIFORMS 0x90CF
#define E2E_GL_ALL_BARRIER_BITS 0xFFFFFFFF
#define E2E_GL_RG16 0x822C
#define E2E_GL_RG16_SNORM 0x8F99
#define E2E_GL_READ_ONLY 0x88B8
#define E2E_GL_WRITE_ONLY 0x88B9
#define E2E_GL_READ_WRITE 0x88BA

typedef void (*tex_ms_fn)(GLenum, GLsizei, GLenum, GLsizei, GLsizei,
                          GLboolean);
typedef void (*tex_ms3_fn)(GLenum, GLsizei, GLenum, GLsizei, GLsizei,
                           GLsizei, GLboolean);

static struct e2e_gl_images gl4;
static tex_ms_fn tex_image_ms;
static tex_ms3_fn tex_image_ms3;
static bool quiet;

static const char header[] =
   "#version 330\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_storage_buffer_object : require\n"
   "#extension GL_ARB_shader_image_load_store : require\n";

static bool
check(const char *what, double got, double want)
{
   return e2e_gl_check(what, got, want, quiet);
}

/* The first `n` words of a w-wide R32UI texture against want(i). */
static unsigned
count_wrong(GLuint t, unsigned n, uint32_t base, const char *what)
{
   uint32_t out[W * H];
   memset(out, 0, sizeof(out));
   e2e_gl_texels_2d(t, GL_RED_INTEGER, GL_UNSIGNED_INT, out);
   unsigned bad = 0;
   for (unsigned i = 0; i < n; i++) {
      if (out[i] != base + i && bad++ < 4)
         printf("FAIL %s texel %u: %u, expected %u\n", what, i, out[i],
                base + i);
   }
   return bad;
}

/* 1: a vertex shader's stores read by the fragment shader of the same
 * draw; a geometry shader's stores */
static bool
test_stages(void)
{
   static const char vs[] =
      "#version 330\n"
      "#extension GL_ARB_shader_image_load_store : require\n"
      "layout(r32ui) coherent uniform uimage2D a;\n"
      "void main() {\n"
      "   int i = gl_VertexID;\n"
      "   imageStore(a, ivec2(i % 16, i / 16), uvec4(1000 + i));\n"
      "   vec2 c = (vec2(i % 16, i / 16) + 0.5) / vec2(16.0, 8.0);\n"
      "   gl_Position = vec4(2.0 * c - 1.0, 0.0, 1.0);\n"
      "}\n";
   static const char fs[] =
      "#version 330\n"
      "#extension GL_ARB_shader_image_load_store : require\n"
      "layout(r32ui) coherent uniform uimage2D a;\n"
      "layout(r32ui) writeonly uniform uimage2D b;\n"
      "out vec4 c;\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_FragCoord.xy);\n"
      "   imageStore(b, p, imageLoad(a, p) + 1u);\n"
      "   c = vec4(1.0);\n"
      "}\n";
   static const char vs_plain[] =
      "#version 330\n"
      "void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n";
   static const char gs[] =
      "#version 330\n"
      "#extension GL_ARB_shader_image_load_store : require\n"
      "layout(points) in;\n"
      "layout(points, max_vertices = 1) out;\n"
      "layout(r32ui) writeonly uniform uimage2D g;\n"
      "void main() {\n"
      "   int i = gl_PrimitiveIDIn;\n"
      "   imageStore(g, ivec2(i % 16, i / 16), uvec4(2000 + i));\n"
      "   gl_Position = gl_in[0].gl_Position;\n"
      "   EmitVertex();\n"
      "}\n";
   static const char fs_plain[] =
      "#version 330\n"
      "out vec4 c;\n"
      "void main() { c = vec4(1.0); }\n";
   GLuint p = e2e_gl_program(vs, fs, NULL);
   GLuint pg = e2e_gl_program_gs(vs_plain, gs, fs_plain, NULL);
   bool ok = check("vertex/fragment image program links", p != 0, 1);
   ok &= check("geometry image program links", pg != 0, 1);
   GLuint t[3];
   for (unsigned i = 0; i < 3; i++)
      t[i] = e2e_gl_texture_2d(GL_R32UI, W, H, GL_RED_INTEGER,
                               GL_UNSIGNED_INT, NULL);
   GLuint vao;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   if (p) {
      gl4.bind_image_texture(0, t[0], 0, GL_FALSE, 0, E2E_GL_READ_WRITE,
                             GL_R32UI);
      gl4.bind_image_texture(1, t[1], 0, GL_FALSE, 0, E2E_GL_WRITE_ONLY,
                             GL_R32UI);
      glUseProgram(p);
      e2e_gl_uniform_unit(p, "a", 0);
      e2e_gl_uniform_unit(p, "b", 1);
      glDrawArrays(GL_POINTS, 0, W * H);
      gl4.memory_barrier(E2E_GL_ALL_BARRIER_BITS);
      ok &= e2e_gl_expect_error(GL_NO_ERROR, "vertex/fragment draw", quiet);
      ok &= check("vertex stores wrong", count_wrong(t[0], W * H, 1000,
                                                     "vertex"), 0);
      ok &= check("fragment reads of vertex stores wrong",
                  count_wrong(t[1], W * H, 1001, "fragment"), 0);
   }
   if (pg) {
      gl4.bind_image_texture(2, t[2], 0, GL_FALSE, 0, E2E_GL_WRITE_ONLY,
                             GL_R32UI);
      glUseProgram(pg);
      e2e_gl_uniform_unit(pg, "g", 2);
      glDrawArrays(GL_POINTS, 0, W * H);
      gl4.memory_barrier(E2E_GL_ALL_BARRIER_BITS);
      ok &= e2e_gl_expect_error(GL_NO_ERROR, "geometry draw", quiet);
      ok &= check("geometry stores wrong",
                  count_wrong(t[2], W * H, 2000, "geometry"), 0);
   }
   glDeleteVertexArrays(1, &vao);
   glDeleteTextures(3, t);
   glDeleteProgram(p);
   glDeleteProgram(pg);
   return ok;
}

/* A vertex or fragment shader using an array of n images, every element
 * (a uniform index makes the whole array active). */
static char *
images_shader(bool vertex, int n)
{
   char *s = malloc(1024);
   if (!s)
      return NULL;
   snprintf(s, 1024,
            "#version 330\n"
            "#extension GL_ARB_shader_image_load_store : require\n"
            "layout(r32ui) writeonly uniform uimage2D imgs%s[%d];\n"
            "uniform int k;\n"
            "%s"
            "void main() {\n"
            "   imageStore(imgs%s[k], ivec2(0), uvec4(1u));\n"
            "   %s\n"
            "}\n",
            vertex ? "_v" : "_f", n, vertex ? "" : "out vec4 c;\n",
            vertex ? "_v" : "_f",
            vertex ? "gl_Position = vec4(0.0);" : "c = vec4(1.0);");
   return s;
}

/* 2: the per-stage and combined limits at link time */
static bool
test_limits(void)
{
   GLint max_v = 0, max_f = 0, max_all = 0;
   glGetIntegerv(E2E_GL_MAX_VERTEX_IMAGE_UNIFORMS, &max_v);
   glGetIntegerv(E2E_GL_MAX_FRAGMENT_IMAGE_UNIFORMS, &max_f);
   glGetIntegerv(E2E_GL_MAX_COMBINED_IMAGE_UNIFORMS, &max_all);
   bool ok = check("MAX_VERTEX_IMAGE_UNIFORMS >= 1", max_v >= 1, 1);
   ok &= check("MAX_COMBINED_IMAGE_UNIFORMS >= 8", max_all >= 8, 1);
   if (max_v < 1 || max_all < 8)
      return false;
   static const char fs_plain[] =
      "#version 330\n"
      "out vec4 c;\n"
      "void main() { c = vec4(1.0); }\n";
   /* (the failing links print their logs on stderr) */
   char *vs = images_shader(true, max_v + 1);
   GLuint p = e2e_gl_program(vs, fs_plain, NULL);
   ok &= check("too many vertex images link", p != 0, 0);
   glDeleteProgram(p);
   free(vs);

   vs = images_shader(true, max_v);
   p = e2e_gl_program(vs, fs_plain, NULL);
   ok &= check("MAX_VERTEX_IMAGE_UNIFORMS vertex images link", p != 0, 1);
   glDeleteProgram(p);
   free(vs);

   /* one more than the combined limit, split between the stages within
    * their own limits (when the stage limits allow it) */
   int nv = max_v < max_all ? max_v : max_all;
   int nf = max_all + 1 - nv;
   if (nf >= 1 && nf <= max_f) {
      vs = images_shader(true, nv);
      char *fs = images_shader(false, nf);
      p = e2e_gl_program(vs, fs, NULL);
      ok &= check("too many combined images link", p != 0, 0);
      glDeleteProgram(p);
      free(vs);
      free(fs);
   }
   return ok;
}

/* Runs a compute shader (one group) and reads back the `words` words it
 * wrote into a zeroed storage buffer at binding 1. */
static bool
run_to_buffer(GLuint p, unsigned words, uint32_t *out)
{
   uint32_t *zero = calloc(words, 4);
   if (!zero)
      return false;
   GLuint b;
   glGenBuffers(1, &b);
   glBindBuffer(E2E_GL_SHADER_STORAGE_BUFFER, b);
   glBufferData(E2E_GL_SHADER_STORAGE_BUFFER, words * 4, zero,
                GL_DYNAMIC_COPY);
   glBindBufferBase(E2E_GL_SHADER_STORAGE_BUFFER, 1, b);
   free(zero);
   glUseProgram(p);
   gl4.dispatch_compute(1, 1, 1);
   gl4.memory_barrier(E2E_GL_ALL_BARRIER_BITS);
   bool ok = e2e_gl_read_buffer(E2E_GL_SHADER_STORAGE_BUFFER, b, 0,
                                words * 4, out);
   glDeleteBuffers(1, &b);
   return ok;
}

/* 3: multisample images */
static bool
test_multisample(void)
{
   GLint max = 0;
   glGetIntegerv(E2E_GL_MAX_IMAGE_SAMPLES, &max);
   bool ok = check("MAX_IMAGE_SAMPLES >= 2", max >= 2, 1);
   if (max < 2)
      return false;
   int n = max < 4 ? max : 4;
   char defs[64];
   snprintf(defs, sizeof(defs), "#define N %d\n", n);
   char head[512];
   snprintf(head, sizeof(head), "%s%s", header, defs);
   GLuint wr = e2e_gl_compute_program(
      head,
      "layout(local_size_x = 4, local_size_y = 4) in;\n"
      "layout(r32ui) writeonly uniform uimage2DMS ms;\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
      "   for (int s = 0; s < N; s++)\n"
      "      imageStore(ms, p, s, uvec4(100 * s + 10 * p.y + p.x));\n"
      "}\n");
   GLuint rd = e2e_gl_compute_program(
      head,
      "layout(local_size_x = 4, local_size_y = 4) in;\n"
      "layout(r32ui) readonly uniform uimage2DMS ms;\n"
      "uniform usampler2DMS tex;\n"
      "layout(std430, binding = 1) buffer B { uint w[]; };\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
      "   int i = 4 * p.y + p.x;\n"
      "   for (int s = 0; s < N; s++) {\n"
      "      w[2 * (N * i + s)] = imageLoad(ms, p, s).x;\n"
      "      w[2 * (N * i + s) + 1] = texelFetch(tex, p, s).x;\n"
      "   }\n"
      "}\n");
   GLuint wr_layer = e2e_gl_compute_program(
      header,
      "layout(local_size_x = 4, local_size_y = 4) in;\n"
      "layout(r32ui) writeonly uniform uimage2DMS one;\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
      "   imageStore(one, p, 1, uvec4(7 + p.x + 4 * p.y));\n"
      "}\n");
   GLuint rd_layer = e2e_gl_compute_program(
      header,
      "layout(local_size_x = 4, local_size_y = 4) in;\n"
      "layout(r32ui) readonly uniform uimage2DMSArray arr;\n"
      "layout(std430, binding = 1) buffer B { uint w[16]; };\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
      "   w[4 * p.y + p.x] = imageLoad(arr, ivec3(p, 1), 1).x;\n"
      "}\n");
   if (!wr || !rd || !wr_layer || !rd_layer)
      return false;

   GLuint t[2];
   glGenTextures(2, t);
   glBindTexture(E2E_GL_TEXTURE_2D_MULTISAMPLE, t[0]);
   tex_image_ms(E2E_GL_TEXTURE_2D_MULTISAMPLE, n, GL_R32UI, 4, 4, GL_TRUE);
   glBindTexture(E2E_GL_TEXTURE_2D_MULTISAMPLE_ARRAY, t[1]);
   tex_image_ms3(E2E_GL_TEXTURE_2D_MULTISAMPLE_ARRAY, n, GL_R32UI, 4, 4, 2,
                 GL_TRUE);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "multisample textures", quiet);

   gl4.bind_image_texture(0, t[0], 0, GL_FALSE, 0, E2E_GL_READ_WRITE, GL_R32UI);
   glUseProgram(wr);
   e2e_gl_uniform_unit(wr, "ms", 0);
   gl4.dispatch_compute(1, 1, 1);
   gl4.memory_barrier(E2E_GL_ALL_BARRIER_BITS);
   glUseProgram(rd);
   e2e_gl_uniform_unit(rd, "ms", 0);
   e2e_gl_uniform_unit(rd, "tex", 0);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(E2E_GL_TEXTURE_2D_MULTISAMPLE, t[0]);
   uint32_t m[2 * 16 * 4];
   if (!run_to_buffer(rd, 2 * 16 * (unsigned)n, m))
      return false;
   unsigned bad = 0;
   for (int i = 0; i < 16; i++) {
      for (int s = 0; s < n; s++) {
         uint32_t want = (uint32_t)(100 * s + 10 * (i / 4) + i % 4);
         const uint32_t *got = &m[2 * (n * i + s)];
         if ((got[0] != want || got[1] != want) && bad++ < 4)
            printf("FAIL texel %d sample %d: imageLoad %u, texelFetch %u, "
                   "expected %u\n", i, s, got[0], got[1], want);
      }
   }
   ok &= check("multisample samples wrong", bad, 0);

   gl4.bind_image_texture(1, t[1], 0, GL_FALSE, 1, E2E_GL_WRITE_ONLY, GL_R32UI);
   glUseProgram(wr_layer);
   e2e_gl_uniform_unit(wr_layer, "one", 1);
   gl4.dispatch_compute(1, 1, 1);
   gl4.memory_barrier(E2E_GL_ALL_BARRIER_BITS);
   gl4.bind_image_texture(2, t[1], 0, GL_TRUE, 0, E2E_GL_READ_ONLY, GL_R32UI);
   glUseProgram(rd_layer);
   e2e_gl_uniform_unit(rd_layer, "arr", 2);
   uint32_t l[16];
   if (!run_to_buffer(rd_layer, 16, l))
      return false;
   bad = 0;
   for (unsigned i = 0; i < 16; i++) {
      if (l[i] != 7 + i && bad++ < 4)
         printf("FAIL array layer 1 texel %u: %u, expected %u\n", i, l[i],
                7 + i);
   }
   ok &= check("multisample array layer wrong", bad, 0);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "multisample images", quiet);
   glDeleteTextures(2, t);
   glDeleteProgram(wr);
   glDeleteProgram(rd);
   glDeleteProgram(wr_layer);
   glDeleteProgram(rd_layer);
   return ok;
}

/* 4: 16-bit unorm images through 32-bit ones, rg16 stores, a layered
 * snorm array of a mipmapped texture */
static bool
test_formats(void)
{
   GLuint rd = e2e_gl_compute_program(
      header,
      "layout(local_size_x = 2, local_size_y = 2) in;\n"
      "layout(r32ui) readonly uniform uimage2D words;\n"
      "layout(rg16) writeonly uniform image2D un;\n"
      "layout(std430, binding = 1) buffer B { uint w[4]; };\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
      "   w[2 * p.y + p.x] = imageLoad(words, p).x;\n"
      "   imageStore(un, p, vec4(0.25, 1.0, 0.0, 1.0));\n"
      "}\n");
   GLuint rs = e2e_gl_compute_program(
      header,
      "layout(local_size_x = 4, local_size_y = 4) in;\n"
      "layout(rg8_snorm) readonly uniform image2DArray sn;\n"
      "layout(std430, binding = 1) buffer B { vec2 v[16]; };\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
      "   v[4 * p.y + p.x] = imageLoad(sn, ivec3(p, 2)).xy;\n"
      "}\n");
   if (!rd || !rs)
      return false;
   uint16_t rg[4][2];
   for (unsigned i = 0; i < 4; i++) {
      rg[i][0] = (uint16_t)(1000 * i + 1);
      rg[i][1] = (uint16_t)(60000 - i);
   }
   GLuint t16 =
      e2e_gl_texture_2d(E2E_GL_RG16, 2, 2, GL_RG, GL_UNSIGNED_SHORT, rg);
   GLuint tun =
      e2e_gl_texture_2d(E2E_GL_RG16, 2, 2, GL_RG, GL_UNSIGNED_SHORT, NULL);
   gl4.bind_image_texture(0, t16, 0, GL_FALSE, 0, E2E_GL_READ_ONLY, GL_R32UI);
   gl4.bind_image_texture(1, tun, 0, GL_FALSE, 0, E2E_GL_WRITE_ONLY,
                          E2E_GL_RG16);
   glUseProgram(rd);
   e2e_gl_uniform_unit(rd, "words", 0);
   e2e_gl_uniform_unit(rd, "un", 1);
   uint32_t w[4];
   bool ok = run_to_buffer(rd, 4, w);
   for (unsigned i = 0; ok && i < 4; i++)
      ok &= check("rg16 texel read as r32ui",
                  w[i], (double)(((uint32_t)rg[i][1] << 16) | rg[i][0]));
   uint16_t st[4][2];
   memset(st, 0, sizeof(st));
   e2e_gl_texels_2d(tun, GL_RG, GL_UNSIGNED_SHORT, st);
   for (unsigned i = 0; i < 4; i++) {
      ok &= check("rg16 store r", st[i][0], 16384);
      ok &= check("rg16 store g", st[i][1], 65535);
   }

   GLuint ta;
   glGenTextures(1, &ta);
   glBindTexture(GL_TEXTURE_2D_ARRAY, ta);
   glTexStorage3D(GL_TEXTURE_2D_ARRAY, 3, GL_RG8_SNORM, 4, 4, 3);
   int8_t sn[3][16][2];
   for (int l = 0; l < 3; l++) {
      for (int i = 0; i < 16; i++) {
         sn[l][i][0] = (int8_t)(i + 16 * l);
         sn[l][i][1] = (int8_t)-(i + 16 * l);
      }
   }
   glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 4, 4, 3, GL_RG, GL_BYTE,
                   sn);
   gl4.bind_image_texture(2, ta, 0, GL_TRUE, 0, E2E_GL_READ_ONLY, GL_RG8_SNORM);
   glUseProgram(rs);
   e2e_gl_uniform_unit(rs, "sn", 2);
   float v[16][2];
   ok &= run_to_buffer(rs, 32, (uint32_t *)v);
   unsigned bad = 0;
   for (int i = 0; i < 16; i++) {
      float want = (float)(i + 32) / 127.0f;
      if ((fabsf(v[i][0] - want) > 1e-6f || fabsf(v[i][1] + want) > 1e-6f) &&
          bad++ < 4)
         printf("FAIL snorm layer 2 texel %d: %g %g, expected %g %g\n", i,
                v[i][0], v[i][1], want, -want);
   }
   ok &= check("rg8_snorm layer 2 texels wrong", bad, 0);

   /* the RG16 texture (4-byte texels) through an rgba32f unit: texel
    * sizes differ, so the access is invalid and loads read 0 (GL 4.6
    * section 8.26, table 8.27) */
   GLuint rz = e2e_gl_compute_program(
      header,
      "layout(local_size_x = 1) in;\n"
      "layout(rgba32f) readonly uniform image2D wide;\n"
      "layout(std430, binding = 1) buffer B { vec4 v; };\n"
      "void main() { v = imageLoad(wide, ivec2(1, 1)) + 1.0; }\n");
   if (!rz)
      return false;
   gl4.bind_image_texture(3, t16, 0, GL_FALSE, 0, E2E_GL_READ_ONLY, GL_RGBA32F);
   glUseProgram(rz);
   e2e_gl_uniform_unit(rz, "wide", 3);
   float one[4];
   ok &= run_to_buffer(rz, 4, (uint32_t *)one);
   for (unsigned c = 0; c < 4; c++)
      ok &= check("incompatible texel size load + 1", one[c], 1.0);
   glDeleteProgram(rz);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "format images", quiet);
   glDeleteTextures(1, &t16);
   glDeleteTextures(1, &tun);
   glDeleteTextures(1, &ta);
   glDeleteProgram(rd);
   glDeleteProgram(rs);
   return ok;
}

/* 6: snorm formats render on desktop (as Mesa renders them with
 * EXT_texture_snorm), so piglit's multisample snorm images exist: an
 * RG8_SNORM texture is a complete colour attachment, glClearBufferfv of
 * (-1, 64 / 127) stores bytes (-127, 64) (GL 4.6 equation 2.4: round(f *
 * 127)), and a 4-sample RG16_SNORM texture is made without error. */
static bool
test_snorm_render(void)
{
   GLuint t = e2e_gl_texture_2d(GL_RG8_SNORM, 4, 4, GL_RG, GL_BYTE, NULL);
   GLuint fb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_2D, t, 0);
   bool ok = check("RG8_SNORM attachment complete",
                   glCheckFramebufferStatus(GL_FRAMEBUFFER),
                   GL_FRAMEBUFFER_COMPLETE);
   const float c[4] = {-1.0f, 64.0f / 127.0f, 0.0f, 1.0f};
   glClearBufferfv(GL_COLOR, 0, c);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   int8_t out[16][2];
   memset(out, 0, sizeof(out));
   e2e_gl_texels_2d(t, GL_RG, GL_BYTE, out);
   ok &= check("snorm clear r", out[5][0], -127);
   ok &= check("snorm clear g", out[5][1], 64);
   GLuint ms;
   glGenTextures(1, &ms);
   glBindTexture(E2E_GL_TEXTURE_2D_MULTISAMPLE, ms);
   tex_image_ms(E2E_GL_TEXTURE_2D_MULTISAMPLE, 4, E2E_GL_RG16_SNORM, 4, 4,
                GL_TRUE);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "multisample RG16_SNORM", quiet);
   glDeleteTextures(1, &ms);
   glDeleteFramebuffers(1, &fb);
   glDeleteTextures(1, &t);
   return ok;
}

typedef void (*multi_draw_fn)(GLenum, const void *, GLsizei, GLsizei);

/* 5: glMultiDrawArraysIndirect (ARB_multi_draw_indirect, GL 4.6 section
 * 10.4), as piglit's host-mem-barrier uses it with vertex images: two
 * commands 32 bytes apart, (count 4, 1 instance, first 0) and (count 4,
 * 1 instance, first 8), each vertex storing 1 at texel gl_VertexID:
 * texels 0-3 and 8-11 are 1, 4-7 and 12-15 0.  A stride that is not a
 * multiple of four and a negative count are INVALID_VALUE. */
static bool
test_multi_draw_indirect(void)
{
   multi_draw_fn multi_draw =
      (multi_draw_fn)eglGetProcAddress("glMultiDrawArraysIndirect");
   bool ok = check("GL_ARB_multi_draw_indirect",
                   e2e_gl_has_extension("GL_ARB_multi_draw_indirect"), 1);
   if (!multi_draw || !ok)
      return false;
   static const char vs[] =
      "#version 330\n"
      "#extension GL_ARB_shader_image_load_store : require\n"
      "layout(r32ui) writeonly uniform uimage2D m;\n"
      "void main() {\n"
      "   imageStore(m, ivec2(gl_VertexID, 0), uvec4(1u));\n"
      "   gl_Position = vec4(2.0, 2.0, 0.0, 1.0);\n"
      "}\n";
   static const char fs[] =
      "#version 330\n"
      "out vec4 c;\n"
      "void main() { c = vec4(1.0); }\n";
   GLuint p = e2e_gl_program(vs, fs, NULL);
   if (!p)
      return false;
   uint32_t cmds[16] = {4, 1, 0, 0, 0, 0, 0, 0, 4, 1, 8, 0};
   GLuint buf, vao;
   glGenBuffers(1, &buf);
   glBindBuffer(E2E_GL_DRAW_INDIRECT_BUFFER, buf);
   glBufferData(E2E_GL_DRAW_INDIRECT_BUFFER, sizeof(cmds), cmds,
                GL_STATIC_DRAW);
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   uint32_t zero[16] = {0};
   GLuint t = e2e_gl_texture_2d(GL_R32UI, 16, 1, GL_RED_INTEGER,
                                GL_UNSIGNED_INT, zero);
   gl4.bind_image_texture(0, t, 0, GL_FALSE, 0, E2E_GL_WRITE_ONLY, GL_R32UI);
   glUseProgram(p);
   e2e_gl_uniform_unit(p, "m", 0);
   multi_draw(GL_POINTS, NULL, 2, 6);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "stride 6", quiet);
   multi_draw(GL_POINTS, NULL, -1, 0);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "drawcount -1", quiet);
   multi_draw(GL_POINTS, NULL, 2, 32);
   gl4.memory_barrier(E2E_GL_ALL_BARRIER_BITS);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "glMultiDrawArraysIndirect",
                             quiet);
   uint32_t out[16];
   memset(out, 0xff, sizeof(out));
   e2e_gl_texels_2d(t, GL_RED_INTEGER, GL_UNSIGNED_INT, out);
   unsigned bad = 0;
   for (unsigned i = 0; i < 16; i++) {
      uint32_t want = (i & 4) ? 0 : 1;
      if (out[i] != want && bad++ < 4)
         printf("FAIL multi-draw texel %u: %u, expected %u\n", i, out[i],
                want);
   }
   ok &= check("multi-draw texels wrong", bad, 0);
   glBindBuffer(E2E_GL_DRAW_INDIRECT_BUFFER, 0);
   glDeleteBuffers(1, &buf);
   glDeleteVertexArrays(1, &vao);
   glDeleteTextures(1, &t);
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
   /* the GL 3.2 entry points the ES headers do not declare */
   const struct e2e_gl_proc procs[] = {
      {"glTexImage2DMultisample", &tex_image_ms},
      {"glTexImage3DMultisample", &tex_image_ms3},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;
   bool ok = test_stages();
   ok &= test_limits();
   ok &= test_multisample();
   ok &= test_formats();
   ok &= test_multi_draw_indirect();
   ok &= test_snorm_render();
   return e2e_gl_finish(&gl, ok, quiet);
}
