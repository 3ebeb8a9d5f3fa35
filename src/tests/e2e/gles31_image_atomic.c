/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL_OES_shader_image_atomic in an OpenGL ES 3.1 context: the image
 * atomics of GLSL ES 3.20 section 8.12 on r32ui, r32i and r32f images.
 * Every value follows from the atomics' definition (the function returns
 * the texel's value before the operation; the operations of different
 * invocations on one texel happen one after another in some order):
 *   1 the extension is listed and a shader may #extension it.
 *   2 exchange on r32f: a 4x4 image holds x + 4 y + 0.5; invocation
 *     (x, y) of one 4x4 group exchanges (x + 4 y) * 0.25 + 100.0 in
 *     and writes what it got out: the old values, and imageLoad then
 *     reads the new ones.
 *   3 one texel, 16 invocations: each exchanges 1.0 + i into texel (0, 0)
 *     of the r32f image (initially 0.5).  The 16 returned values and the
 *     final texel are, in some order, 0.5, 1.0 ... 16.0: each exactly
 *     once.
 *   4 on r32ui and r32i: imageAtomicAdd of i + 1 by 16 invocations on one
 *     texel of 7 gives 7 + 136; imageAtomicMin of -i on an r32i texel of
 *     0 gives -15; imageAtomicCompSwap(compare 3, data 100 + i) on a
 *     texel of 3 succeeds for one invocation only: exactly one of them
 *     returns 3 and the texel ends 100 + that invocation.
 * llvmpipe (an ES 3.2 context) passes it too.
 *
 * Usage: gles31_image_atomic [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl31.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define N 16

static bool quiet;

static const char header[] =
   "#version 310 es\n"
   "#extension GL_OES_shader_image_atomic : require\n"
   "precision highp float;\n"
   "precision highp int;\n"
   "precision highp image2D;\n"
   "precision highp uimage2D;\n"
   "precision highp iimage2D;\n";

static bool
check(const char *what, double got, double want)
{
   return e2e_gl_check(what, got, want, quiet);
}

/* A new 4x4 immutable texture of `internal` holding data, bound to image
 * unit `unit` for reading and writing in `internal`. */
static GLuint
image_4x4(GLuint unit, GLenum internal, GLenum format, GLenum type,
          const void *data)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexStorage2D(GL_TEXTURE_2D, 1, internal, 4, 4);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, format, type, data);
   glBindImageTexture(unit, t, 0, GL_FALSE, 0, GL_READ_WRITE, internal);
   return t;
}

/* Runs one 4x4 group of `body` (after the header) and reads the N words
 * it wrote into o[] of a storage buffer at binding 0. */
static bool
run(const char *what, const char *body, uint32_t out[N])
{
   GLuint p = e2e_gl_compute_program(header, body);
   if (!check(what, p != 0, 1))
      return false;
   uint32_t zero[N];
   memset(zero, 0, sizeof(zero));
   GLuint b = e2e_gl_new_buffer(GL_SHADER_STORAGE_BUFFER, sizeof(zero),
                                zero, GL_DYNAMIC_COPY);
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
   glUseProgram(p);
   glDispatchCompute(1, 1, 1);
   glMemoryBarrier(GL_ALL_BARRIER_BITS);
   bool ok = e2e_gl_read_buffer(GL_SHADER_STORAGE_BUFFER, b, 0,
                                sizeof(zero), out);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, what, quiet);
   glDeleteBuffers(1, &b);
   glDeleteProgram(p);
   return ok;
}

static float
as_float(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

/* Whether the N words of out are the floats want[]; prints the first
 * three that are not. */
static bool
check_floats(const char *what, const uint32_t out[N], const float want[N])
{
   unsigned bad = 0;
   for (unsigned i = 0; i < N; i++) {
      if (as_float(out[i]) != want[i] && bad++ < 3)
         printf("FAIL %s: word %u is %g, expected %g\n", what, i,
                as_float(out[i]), want[i]);
   }
   return check(what, bad, 0);
}

/* What the r32f shaders declare: their group size (x by y), the image at
 * unit 0 with `access` ("" or "readonly"), and the output floats o[]. */
#define R32F_SHADER(x, y, access)                                              \
   "layout(local_size_x = " #x ", local_size_y = " #y ") in;\n"                \
   "layout(r32f, binding = 0) " access " uniform image2D img;\n"               \
   "layout(std430, binding = 0) buffer B { float o[]; };\n"

/* 2 and 3: exchange on r32f */
static bool
test_exchange_float(void)
{
   float init[N], exchanged[N];
   for (unsigned i = 0; i < N; i++) {
      init[i] = (float)i + 0.5f;
      exchanged[i] = (float)i * 0.25f + 100.0f;
   }
   GLuint t = image_4x4(0, GL_R32F, GL_RED, GL_FLOAT, init);
   uint32_t out[N] = {0};
   bool ok = run("exchange per texel",
                 R32F_SHADER(4, 4, "")
                 "void main() {\n"
                 "   ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
                 "   float v = float(p.x + 4 * p.y) * 0.25 + 100.0;\n"
                 "   o[p.x + 4 * p.y] = imageAtomicExchange(img, p, v);\n"
                 "}\n",
                 out);
   ok = ok && check_floats("exchange returned the old texels", out, init);

   ok &= run("load after exchange",
             R32F_SHADER(4, 4, "readonly")
             "void main() {\n"
             "   ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
             "   o[p.x + 4 * p.y] = imageLoad(img, p).x;\n"
             "}\n",
             out);
   ok = ok && check_floats("exchange stored the new texels", out, exchanged);

   /* 3: all on texel (0, 0), which holds 0.5 again */
   float half = 0.5f;
   glBindTexture(GL_TEXTURE_2D, t);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RED, GL_FLOAT, &half);
   ok &= run("exchange on one texel",
             R32F_SHADER(16, 1, "")
             "void main() {\n"
             "   uint i = gl_LocalInvocationIndex;\n"
             "   o[i] = imageAtomicExchange(img, ivec2(0), 1.0 + float(i));\n"
             "}\n",
             out);
   uint32_t last[N] = {0};
   ok &= run("load of the exchanged texel",
             R32F_SHADER(1, 1, "readonly")
             "void main() { o[0] = imageLoad(img, ivec2(0)).x; }\n",
             last);
   /* seen[0]: 0.5, seen[k]: k.0 */
   unsigned seen[N + 1] = {0};
   for (unsigned i = 0; i <= N; i++) {
      float v = as_float(i < N ? out[i] : last[0]);
      if (v == 0.5f)
         seen[0]++;
      else if (v >= 1.0f && v <= (float)N && v == (float)(int)v)
         seen[(int)v]++;
      else
         printf("FAIL exchange chain value %g\n", v);
   }
   unsigned once = 0;
   for (unsigned k = 0; k <= N; k++)
      once += seen[k] == 1;
   ok &= check("each exchanged value seen once", once, N + 1);
   glDeleteTextures(1, &t);
   return ok;
}

/* 4: integer atomics on one texel */
static bool
test_integer(void)
{
   uint32_t u_init[N] = {7};
   int32_t i_init[N] = {0, 3};
   GLuint tu = image_4x4(1, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT,
                         u_init);
   GLuint ti = image_4x4(2, GL_R32I, GL_RED_INTEGER, GL_INT, i_init);
   uint32_t out[N] = {0};
   bool ok = run("integer atomics",
                 "layout(local_size_x = 16) in;\n"
                 "layout(r32ui, binding = 1) uniform uimage2D u;\n"
                 "layout(r32i, binding = 2) uniform iimage2D s;\n"
                 "layout(std430, binding = 0) buffer B { int o[]; };\n"
                 "void main() {\n"
                 "   int i = int(gl_LocalInvocationIndex);\n"
                 "   imageAtomicAdd(u, ivec2(0), uint(i + 1));\n"
                 "   imageAtomicMin(s, ivec2(0), -i);\n"
                 "   o[i] = imageAtomicCompSwap(s, ivec2(1, 0), 3, 100 + i);\n"
                 "}\n",
                 out);
   uint32_t fin[N] = {0};
   ok &= run("integer loads",
             "layout(local_size_x = 1) in;\n"
             "layout(r32ui, binding = 1) readonly uniform uimage2D u;\n"
             "layout(r32i, binding = 2) readonly uniform iimage2D s;\n"
             "layout(std430, binding = 0) buffer B { int o[]; };\n"
             "void main() {\n"
             "   o[0] = int(imageLoad(u, ivec2(0)).x);\n"
             "   o[1] = imageLoad(s, ivec2(0)).x;\n"
             "   o[2] = imageLoad(s, ivec2(1, 0)).x;\n"
             "}\n",
             fin);
   ok &= check("r32ui add", fin[0], 7 + 136);
   ok &= check("r32i min", (int32_t)fin[1], -15);
   unsigned winners = 0, winner = 0;
   for (unsigned i = 0; i < N; i++) {
      if (out[i] == 3) {
         winners++;
         winner = i;
      } else if (out[i] < 100 || out[i] >= 100 + N) {
         printf("FAIL compswap %u returned %d\n", i, (int32_t)out[i]);
      }
   }
   ok &= check("compswap winners", winners, 1);
   ok &= check("compswap result", (int32_t)fin[2], 100 + (int)winner);
   glDeleteTextures(1, &tu);
   glDeleteTextures(1, &ti);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_version_options(4, 4, 3, 1, false);
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   if ((status = e2e_gl_need_extension(&gl, &opts,
                                       "GL_OES_shader_image_atomic")))
      return status;
   bool ok = test_exchange_float();
   ok &= test_integer();
   return e2e_gl_finish(&gl, ok, quiet);
}
