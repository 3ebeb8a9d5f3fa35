/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Compute shaders and shader storage buffers (GL_ARB_compute_shader,
 * GL_ARB_shader_storage_buffer_object in a desktop context) through
 * EGL_OPENGL_API.  Every value read back is worked out from the GL and
 * GLSL rules:
 *   1 a 4x2x1 work group over a 3x2x1 grid: invocation with global id
 *     (x, y) stores 1000 y + 10 x + its local index + the uniform k into
 *     out.v[y * 12 + x] (an unsized std430 array after a uint and a vec3:
 *     offset 28; 52 elements fit the 236-byte buffer), reads in.w[1] of an input buffer bound with a range
 *     (offset 256) and counts itself with atomicAdd; invocation 0 also
 *     writes gl_NumWorkGroups and .length() of v.
 *   2 shared memory and barrier(): each 8-invocation group reverses its 8
 *     words through a shared array.
 *   3 glDispatchComputeIndirect with counts (2, 1, 1) read at offset 4 of
 *     a DISPATCH_INDIRECT_BUFFER.
 *   4 glShaderStorageBlockBinding moves the output block to binding 5.
 *   5 a fragment shader adds 1 to a storage-buffer counter per covered
 *     pixel of a 16x8 quad and atomicMax-es its x.
 * The program passes on Debian's llvmpipe too.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e_gl.h"

#define W 16
#define H 8

/* Tokens of GL 4.3 the ES 3.0 headers lack. */
#define E2E_GL_COMPUTE_SHADER 0x91B9
#define E2E_GL_SHADER_STORAGE_BUFFER 0x90D2
#define E2E_GL_DISPATCH_INDIRECT_BUFFER 0x90EE
#define E2E_GL_SHADER_STORAGE_BARRIER_BIT 0x2000
#define E2E_GL_BUFFER_UPDATE_BARRIER_BIT 0x200
#define E2E_GL_COMMAND_BARRIER_BIT 0x40
#define E2E_GL_COMPUTE_WORK_GROUP_SIZE 0x8267
#define E2E_GL_SHADER_STORAGE_BLOCK 0x92E6

typedef void (*dispatch_fn)(GLuint, GLuint, GLuint);
typedef void (*dispatch_indirect_fn)(GLintptr);
typedef void (*barrier_fn)(GLbitfield);
typedef void (*block_binding_fn)(GLuint, GLuint, GLuint);
typedef GLuint (*resource_index_fn)(GLuint, GLenum, const GLchar *);

static dispatch_fn dispatch;
static dispatch_indirect_fn dispatch_indirect;
static barrier_fn memory_barrier;
static block_binding_fn block_binding;
static resource_index_fn resource_index;
static bool quiet;

static const char header[] =
   "#version 150\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_storage_buffer_object : require\n";

static GLuint
storage(GLsizeiptr size, const void *data)
{
   return e2e_gl_new_buffer(E2E_GL_SHADER_STORAGE_BUFFER, size, data,
                            GL_DYNAMIC_COPY);
}

/* Words [first, first + n) of buffer b. */
static bool
read_words(GLuint b, unsigned first, unsigned n, uint32_t *out)
{
   return e2e_gl_read_buffer(E2E_GL_SHADER_STORAGE_BUFFER, b, first * 4,
                             n * 4, out);
}

static bool
check(const char *what, uint32_t got, uint32_t want)
{
   return e2e_gl_check(what, got, want, quiet);
}

/* 1: ids, a uniform, an input range, atomics, gl_NumWorkGroups,
 * .length(); 4: the same program with its output block moved. */
static bool
test_ids(void)
{
   GLuint p = e2e_gl_compute_program(
      header,
      "layout(local_size_x = 4, local_size_y = 2) in;\n"
      "layout(std430, binding = 2) buffer Out {\n"
      "   uint count; vec3 pad; uint v[];\n"
      "} o;\n"
      "layout(std430, binding = 1) buffer In { uint w[]; };\n"
      "uniform uint k;\n"
      "void main() {\n"
      "   uvec3 g = gl_GlobalInvocationID;\n"
      "   o.v[g.y * 12u + g.x] = 1000u * g.y + 10u * g.x +\n"
      "                          gl_LocalInvocationIndex + k + w[1];\n"
      "   atomicAdd(o.count, 1u);\n"
      "   if (g == uvec3(0u)) {\n"
      "      o.pad = vec3(gl_NumWorkGroups);\n"
      "      o.v[50] = uint(o.v.length());\n"
      "   }\n"
      "}\n");
   if (!p)
      return false;
   bool ok = true;
   GLint wg[3] = { 0 };
   glGetProgramiv(p, E2E_GL_COMPUTE_WORK_GROUP_SIZE, wg);
   ok &= check("COMPUTE_WORK_GROUP_SIZE x", (uint32_t)wg[0], 4);
   ok &= check("COMPUTE_WORK_GROUP_SIZE y", (uint32_t)wg[1], 2);
   /* output: 28 bytes of header, 52 words of v */
   uint32_t zero[7 + 52];
   memset(zero, 0, sizeof(zero));
   GLuint out = storage(sizeof(zero), zero);
   uint32_t in[64 + 4];
   memset(in, 0, sizeof(in));
   in[64 + 1] = 5; /* w[1] of the range at byte 256 */
   GLuint inb = storage(sizeof(in), in);
   glBindBufferBase(E2E_GL_SHADER_STORAGE_BUFFER, 2, out);
   glBindBufferRange(E2E_GL_SHADER_STORAGE_BUFFER, 1, inb, 256, 16);
   glUseProgram(p);
   glUniform1ui(glGetUniformLocation(p, "k"), 300);
   dispatch(3, 2, 1);
   memory_barrier(E2E_GL_BUFFER_UPDATE_BARRIER_BIT);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "dispatch 3x2x1", quiet);
   uint32_t r[7 + 52];
   if (!read_words(out, 0, 7 + 52, r))
      return false;
   ok &= check("atomicAdd count (48 invocations)", r[0], 48);
   float nwg[3];
   memcpy(nwg, &r[4], sizeof(nwg));
   ok &= check("gl_NumWorkGroups.x", (uint32_t)nwg[0], 3);
   ok &= check("gl_NumWorkGroups.y", (uint32_t)nwg[1], 2);
   /* (236 - 28) / 4 elements */
   ok &= check(".length()", r[7 + 50], 52);
   for (uint32_t y = 0; y < 4 && ok; y++) {
      for (uint32_t x = 0; x < 12; x++) {
         char what[64];
         snprintf(what, sizeof(what), "v[%u] (global id %u, %u)",
                  y * 12 + x, x, y);
         /* the grid covers x < 12, y < 4 */
         uint32_t local = (x % 4) + 4 * (y % 2);
         ok &= check(what, r[7 + y * 12 + x],
                     1000 * y + 10 * x + local + 300 + 5);
         if (!ok)
            break;
      }
   }

   /* 4: block "Out" to binding 5 */
   GLuint index = resource_index(p, E2E_GL_SHADER_STORAGE_BLOCK, "Out");
   ok &= check("index of Out", index, 0);
   GLuint out5 = storage(sizeof(zero), zero);
   block_binding(p, index, 5);
   glBindBufferBase(E2E_GL_SHADER_STORAGE_BUFFER, 5, out5);
   dispatch(1, 1, 1);
   memory_barrier(E2E_GL_BUFFER_UPDATE_BARRIER_BIT);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "block binding 5", quiet);
   if (!read_words(out5, 0, 1, r))
      return false;
   ok &= check("count at binding 5 (8 invocations)", r[0], 8);
   if (!read_words(out, 0, 1, r))
      return false;
   ok &= check("count at binding 2 unchanged", r[0], 48);
   glDeleteBuffers(1, &out5);
   glDeleteBuffers(1, &out);
   glDeleteBuffers(1, &inb);
   glDeleteProgram(p);
   return ok;
}

/* 2 and 3: shared memory, barrier(), an indirect dispatch. */
static bool
test_shared(void)
{
   GLuint p = e2e_gl_compute_program(
      header,
      "layout(local_size_x = 8) in;\n"
      "layout(std430, binding = 0) buffer Data { uint d[]; };\n"
      "shared uint t[8];\n"
      "void main() {\n"
      "   uint i = gl_LocalInvocationIndex;\n"
      "   uint base = gl_WorkGroupID.x * 8u;\n"
      "   t[i] = d[base + i];\n"
      "   barrier();\n"
      "   d[base + i] = t[7u - i] + 100u * gl_WorkGroupID.x;\n"
      "}\n");
   if (!p)
      return false;
   bool ok = true;
   uint32_t data[32];
   for (unsigned i = 0; i < 32; i++)
      data[i] = i;
   GLuint b = storage(sizeof(data), data);
   glBindBufferBase(E2E_GL_SHADER_STORAGE_BUFFER, 0, b);
   glUseProgram(p);
   dispatch(2, 1, 1);
   memory_barrier(E2E_GL_SHADER_STORAGE_BARRIER_BIT);
   /* 3: counts (2, 1, 1) at offset 4: groups 0 and 1 again */
   const GLuint counts[4] = { 99, 2, 1, 1 };
   GLuint ib;
   glGenBuffers(1, &ib);
   glBindBuffer(E2E_GL_DISPATCH_INDIRECT_BUFFER, ib);
   glBufferData(E2E_GL_DISPATCH_INDIRECT_BUFFER, sizeof(counts), counts,
                GL_STATIC_DRAW);
   memory_barrier(E2E_GL_COMMAND_BARRIER_BIT);
   dispatch_indirect(4);
   memory_barrier(E2E_GL_BUFFER_UPDATE_BARRIER_BIT);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "direct and indirect dispatch",
                             quiet);
   uint32_t r[32];
   if (!read_words(b, 0, 32, r))
      return false;
   /* group g reversed twice, +100 g each time: d[8g + i] = 8g + i +
    * 200 g for the two groups dispatched; words 16.. untouched */
   for (unsigned g = 0; g < 2 && ok; g++) {
      for (unsigned i = 0; i < 8; i++) {
         char what[48];
         snprintf(what, sizeof(what), "d[%u] after two reversals",
                  8 * g + i);
         ok &= check(what, r[8 * g + i], 8 * g + i + 200 * g);
      }
   }
   ok &= check("d[16] untouched", r[16], 16);
   glDeleteBuffers(1, &ib);
   glDeleteBuffers(1, &b);
   glDeleteProgram(p);
   return ok;
}

/* 5: storage buffers in a fragment shader. */
static bool
test_fragment(void)
{
   static const char *const attribs[] = { "pos", NULL };
   char vs[256], fs[512];
   snprintf(vs, sizeof(vs),
            "#version 150\n"
            "in vec2 pos;\n"
            "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n");
   snprintf(fs, sizeof(fs),
            "%s"
            "layout(std430, binding = 3) buffer C { uint n; uint far; };\n"
            "out vec4 c;\n"
            "void main() {\n"
            "   atomicAdd(n, 1u);\n"
            "   atomicMax(far, uint(gl_FragCoord.x));\n"
            "   c = vec4(0.0, 1.0, 0.0, 1.0);\n"
            "}\n",
            header);
   GLuint p = e2e_gl_program(vs, fs, attribs);
   if (!p)
      return false;
   uint32_t zero[2] = { 0, 0 };
   GLuint b = storage(sizeof(zero), zero);
   glBindBufferBase(E2E_GL_SHADER_STORAGE_BUFFER, 3, b);
   struct e2e_gl_vertices quad;
   e2e_gl_vec2_vertices(&quad, e2e_gl_quad_strip, 4);
   glUseProgram(p);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   memory_barrier(E2E_GL_BUFFER_UPDATE_BARRIER_BIT);
   bool ok = e2e_gl_expect_error(GL_NO_ERROR, "fragment draw", quiet);
   uint32_t r[2];
   if (!read_words(b, 0, 2, r))
      return false;
   ok &= check("fragments counted", r[0], W * H);
   ok &= check("largest gl_FragCoord.x", r[1], W - 1);
   e2e_gl_vertices_delete(&quad);
   glDeleteBuffers(1, &b);
   glDeleteProgram(p);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_core_options(W, H, 3, 2);
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   if ((status = e2e_gl_need_extension(&gl, &opts, "GL_ARB_compute_shader")) ||
       (status = e2e_gl_need_extension(&gl, &opts,
                                       "GL_ARB_shader_storage_buffer_object")))
      return status;
   const struct e2e_gl_proc procs[] = {
      {"glDispatchCompute", &dispatch},
      {"glDispatchComputeIndirect", &dispatch_indirect},
      {"glMemoryBarrier", &memory_barrier},
      {"glShaderStorageBlockBinding", &block_binding},
      {"glGetProgramResourceIndex", &resource_index},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;
   bool ok = test_ids();
   ok &= test_shared();
   ok &= test_fragment();
   return e2e_gl_finish(&gl, ok, quiet);
}
