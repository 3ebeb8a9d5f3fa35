/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Shader storage blocks, shared variables and compute shaders through
 * the translator and the linker: std430 and std140 offsets worked by hand
 * from GLSL 4.60 section 7.6.2.2 (GL 4.6 7.6.2.2), the buffer-variable
 * list of GL 4.6 7.3.1.1, binding points in the NIR, the compute link
 * rules of ARB_compute_shader, and compute shaders run invocation by
 * invocation on the NIR interpreter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "glsl_link_test_util.h"

static struct glsl_program *
link_cs(void *mem, const char *cs)
{
   struct glsl_program *p = test_link(mem, 430, false, NULL,
                                      MESA_SHADER_COMPUTE, cs,
                                      MESA_SHADER_COMPUTE, NULL);
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   return p;
}

static void
expect_error(void *mem, gl_shader_stage s0, const char *src0,
             gl_shader_stage s1, const char *src1, const char *words)
{
   struct glsl_program *p = test_link(mem, 430, false, NULL, s0, src0, s1,
                                      src1);
   assert_non_null(p);
   if (p->link_status)
      fail_msg("linked, but should not have (%s)", words);
   if (!strstr(p->info_log, words))
      fail_msg("log without \"%s\": %s", words, p->info_log);
}

static const struct glsl_program_block_member *
member(const struct glsl_program_block *b, const char *name)
{
   for (unsigned i = 0; i < b->num_members; i++) {
      if (!strcmp(b->members[i].name, name))
         return &b->members[i];
   }
   fail_msg("no member %s", name);
   return NULL;
}

static void
expect_member(const struct glsl_program_block *b, const char *name,
              unsigned offset, unsigned array_size, unsigned stride,
              unsigned mstride)
{
   const struct glsl_program_block_member *m = member(b, name);
   if (m->offset_B != offset || m->array_size != array_size ||
       m->array_stride_B != stride || m->matrix_stride_B != mstride)
      fail_msg("%s: offset %u size %u stride %u mstride %u, expected "
               "%u %u %u %u", name, m->offset_B, m->array_size,
               m->array_stride_B, m->matrix_stride_B, offset, array_size,
               stride, mstride);
}

#define LAYOUT_CS(packing)                                                   \
   "#version 430\n"                                                          \
   "layout(local_size_x = 1) in;\n"                                          \
   "struct S { vec3 v; float f; };\n"                                        \
   "layout(" packing ", binding = 2) buffer B {\n"                           \
   "   float a; vec3 b; float c; vec2 d; float e[3]; mat3 m;\n"              \
   "   S s[2]; layout(row_major) mat2x3 r; vec4 tail[];\n"                   \
   "};\n"                                                                    \
   "void main() { tail[1] = vec4(a); }\n"

/* std430 (GLSL 4.60 7.6.2.2 rules 1-10 without rounding arrays and
 * structures up to a vec4):
 *   a     0   float
 *   b    16   vec3: aligned like a vec4, 12 bytes, to 28
 *   c    28   a float fits after it, to 32
 *   d    32   vec2: 8-aligned, to 40
 *   e    40   float[3]: stride 4 (rule 4 without the vec4 rounding), to 52
 *   m    64   mat3: three vec3 columns, each 16-aligned: stride 16, to 112
 *   s   112   S {vec3 v; float f;}: alignment 16, size 16: stride 16;
 *             s[0].v 112, s[0].f 124, to 144
 *   r   144   row-major mat2x3: three rows of vec2, stride 8, to 168
 *   tail 176  vec4[]: 16-aligned, stride 16
 * BUFFER_DATA_SIZE counts one element of tail: 192. */
static void
test_std430_offsets(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_cs(mem, LAYOUT_CS("std430"));
   assert_int_equal(p->num_ssbos, 1);
   const struct glsl_program_block *b = &p->ssbos[0];
   assert_string_equal(b->name, "B");
   assert_int_equal(b->binding, 2);
   assert_true(b->std430);
   expect_member(b, "a", 0, 1, 0, 0);
   expect_member(b, "b", 16, 1, 0, 0);
   expect_member(b, "c", 28, 1, 0, 0);
   expect_member(b, "d", 32, 1, 0, 0);
   expect_member(b, "e[0]", 40, 3, 4, 0);
   expect_member(b, "m", 64, 1, 0, 16);
   expect_member(b, "s[0].v", 112, 1, 0, 0);
   expect_member(b, "s[0].f", 124, 1, 0, 0);
   expect_member(b, "r", 144, 1, 0, 8);
   expect_member(b, "tail[0]", 176, 0, 16, 0);
   /* GL 4.6 7.3.1.1: of a top-level array of structures only the first
    * element is listed */
   for (unsigned i = 0; i < b->num_members; i++)
      assert_null(strstr(b->members[i].name, "s[1]"));
   assert_int_equal(member(b, "s[0].f")->top_array_size, 2);
   assert_int_equal(member(b, "s[0].f")->top_array_stride_B, 16);
   assert_int_equal(member(b, "tail[0]")->top_array_size, 0);
   assert_true(member(b, "r")->row_major);
   assert_int_equal(b->size_B, 192);
   assert_int_equal(b->stages, 1u << MESA_SHADER_COMPUTE);
   assert_int_equal(b->written_stages, 1u << MESA_SHADER_COMPUTE);
   ralloc_free(mem);
}

/* The same block with std140 (rule 4: array strides and structure
 * alignments rounded up to a vec4):
 *   a 0, b 16, c 28, d 32
 *   e    48   float[3], stride 16, to 96
 *   m    96   stride 16, to 144
 *   s   144   stride 16: s[0].v 144, s[0].f 156, to 176
 *   r   176   row-major mat2x3: rows rounded up to 16: stride 16, to 224
 *   tail 224  stride 16; size with one element 240 */
static void
test_std140_offsets(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_cs(mem, LAYOUT_CS("std140"));
   const struct glsl_program_block *b = &p->ssbos[0];
   assert_false(b->std430);
   expect_member(b, "c", 28, 1, 0, 0);
   expect_member(b, "d", 32, 1, 0, 0);
   expect_member(b, "e[0]", 48, 3, 16, 0);
   expect_member(b, "m", 96, 1, 0, 16);
   expect_member(b, "s[0].f", 156, 1, 0, 0);
   expect_member(b, "r", 176, 1, 0, 16);
   expect_member(b, "tail[0]", 224, 0, 16, 0);
   assert_int_equal(b->size_B, 240);
   ralloc_free(mem);
}

/* Runs one invocation of a compute shader. */
static void
run_invocation(nir_shader *s, nir_eval_state *es, unsigned x, unsigned y,
               unsigned z, const unsigned *wg, const unsigned *group)
{
   es->sysvals[SYSTEM_VALUE_LOCAL_INVOCATION_ID][0].u32 = x;
   es->sysvals[SYSTEM_VALUE_LOCAL_INVOCATION_ID][1].u32 = y;
   es->sysvals[SYSTEM_VALUE_LOCAL_INVOCATION_ID][2].u32 = z;
   es->sysvals[SYSTEM_VALUE_LOCAL_INVOCATION_INDEX][0].u32 =
      x + wg[0] * (y + wg[1] * z);
   for (unsigned i = 0; i < 3; i++) {
      unsigned l = i == 0 ? x : i == 1 ? y : z;
      es->sysvals[SYSTEM_VALUE_WORKGROUP_ID][i].u32 = group[i];
      es->sysvals[SYSTEM_VALUE_WORKGROUP_SIZE][i].u32 = wg[i];
      es->sysvals[SYSTEM_VALUE_GLOBAL_INVOCATION_ID][i].u32 =
         group[i] * wg[i] + l;
   }
   if (!nir_eval_run(s, es))
      fail_msg("nir_eval: %s", es->error);
}

static uint32_t
word(const uint8_t *m, unsigned offset)
{
   uint32_t v;
   memcpy(&v, m + offset, 4);
   return v;
}

/* Every invocation of a 4x2 work group writes its global id into an
 * unsized array at its layout(binding) point, counts itself with
 * atomicAdd, keeps the largest index with atomicMax and reads
 * gl_WorkGroupSize and .length(). */
static void
test_compute_runs(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_cs(
      mem, "#version 430\n"
           "layout(local_size_x = 4, local_size_y = 2) in;\n"
           "layout(std430, binding = 3) buffer Out {\n"
           "   uint count; int biggest; uvec2 size; uint len;\n"
           "   uint ids[];\n"
           "} o;\n"
           "void main() {\n"
           "   uint i = gl_LocalInvocationIndex;\n"
           "   o.ids[i] = gl_GlobalInvocationID.x * 100u +\n"
           "              gl_GlobalInvocationID.y;\n"
           "   atomicAdd(o.count, 1u);\n"
           "   atomicMax(o.biggest, int(i));\n"
           "   o.size = gl_WorkGroupSize.xy;\n"
           "   o.len = uint(o.ids.length());\n"
           "}\n");
   assert_int_equal(p->workgroup_size[0], 4);
   assert_int_equal(p->workgroup_size[1], 2);
   assert_int_equal(p->workgroup_size[2], 1);
   nir_shader *s = p->nir[MESA_SHADER_COMPUTE];
   assert_int_equal(s->info.workgroup_size[0], 4);
   /* offsets: count 0, biggest 4, size 8 (uvec2, 8-aligned), len 16,
    * ids 20; 8 ids and two spare words: 60 bytes */
   uint8_t buf[60];
   memset(buf, 0, sizeof(buf));
   nir_eval_state es;
   memset(&es, 0, sizeof(es));
   es.ssbos[3].data = buf;
   es.ssbos[3].size_B = sizeof(buf);
   const unsigned wg[3] = { 4, 2, 1 }, group[3] = { 1, 0, 0 };
   for (unsigned y = 0; y < 2; y++) {
      for (unsigned x = 0; x < 4; x++)
         run_invocation(s, &es, x, y, 0, wg, group);
   }
   assert_int_equal(word(buf, 0), 8);
   assert_int_equal(word(buf, 4), 7);
   assert_int_equal(word(buf, 8), 4);
   assert_int_equal(word(buf, 12), 2);
   assert_int_equal(word(buf, 16), (60 - 20) / 4);
   for (unsigned y = 0; y < 2; y++) {
      for (unsigned x = 0; x < 4; x++)
         assert_int_equal(word(buf, 20 + 4 * (x + 4 * y)),
                          (4 + x) * 100 + y);
   }
   ralloc_free(mem);
}

/* Shared variables have their own offsets; atomics on them return the
 * old value (GLSL 4.60 8.11). */
static void
test_shared_atomics(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_cs(
      mem, "#version 430\n"
           "layout(local_size_x = 2) in;\n"
           "shared uint a;\n"
           "shared ivec2 pair[2];\n"
           "layout(std430, binding = 0) buffer R { uint r[6]; };\n"
           "void main() {\n"
           "   uint i = gl_LocalInvocationIndex;\n"
           "   if (i == 0u) { a = 5u; pair[1] = ivec2(7, -3); }\n"
           "   barrier();\n"
           "   r[i] = atomicAdd(a, 10u);\n"
           "   r[2u + i] = uint(atomicCompSwap(pair[1].y, -3, 9));\n"
           "   r[4u + i] = uint(atomicExchange(pair[1].x, int(i)));\n"
           "}\n");
   nir_shader *s = p->nir[MESA_SHADER_COMPUTE];
   /* a at 0 (4 bytes), pair at 8 (ivec2: 8-aligned), two elements: 24 */
   assert_int_equal(p->shared_size_B, 24);
   uint8_t shared[24], out[24];
   memset(shared, 0, sizeof(shared));
   memset(out, 0, sizeof(out));
   nir_eval_state es;
   memset(&es, 0, sizeof(es));
   es.shared.data = shared;
   es.shared.size_B = sizeof(shared);
   es.ssbos[0].data = out;
   es.ssbos[0].size_B = sizeof(out);
   const unsigned wg[3] = { 2, 1, 1 }, group[3] = { 0, 0, 0 };
   run_invocation(s, &es, 0, 0, 0, wg, group);
   run_invocation(s, &es, 1, 0, 0, wg, group);
   assert_int_equal(word(out, 0), 5);
   assert_int_equal(word(out, 4), 15);
   assert_int_equal((int32_t)word(out, 8), -3);  /* swapped to 9 */
   assert_int_equal(word(out, 12), 9);            /* 9 != -3: kept */
   assert_int_equal(word(out, 16), 7);
   assert_int_equal(word(out, 20), 0);
   assert_int_equal(word(shared, 0), 25);
   assert_int_equal(word(shared, 16), 1);
   assert_int_equal(word(shared, 20), 9);
   ralloc_free(mem);
}

static bool
has_intrinsic(nir_shader *s, nir_intrinsic_op op)
{
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == nir_instr_type_intrinsic &&
                nir_instr_as_intrinsic(instr)->intrinsic == op)
               return true;
         }
      }
   }
   return false;
}

/* barrier() and memoryBarrier*() */
static void
test_barriers(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_cs(
      mem, "#version 430\n"
           "layout(local_size_x = 1) in;\n"
           "void main() { groupMemoryBarrier(); barrier(); }\n");
   nir_shader *s = p->nir[MESA_SHADER_COMPUTE];
   assert_true(has_intrinsic(s, nir_intrinsic_barrier));
   assert_true(has_intrinsic(s, nir_intrinsic_memory_barrier));
   ralloc_free(mem);
}

/* Block sources are binding points; glsl_program_bind_ssbos gives other
 * ones, element by element for an array of blocks. */
static void
test_binding_points(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_cs(
      mem, "#version 430\n"
           "layout(local_size_x = 1) in;\n"
           "uniform int k;\n"
           "layout(std430, binding = 4) buffer A { uint x; } a[2];\n"
           "layout(std430) buffer C { uint y; };\n"
           "void main() { a[k].x = 11u; y = 12u; }\n");
   assert_int_equal(p->num_ssbos, 3);
   assert_string_equal(p->ssbos[0].name, "A[0]");
   assert_string_equal(p->ssbos[1].name, "A[1]");
   assert_int_equal(p->ssbos[0].binding, 4);
   assert_int_equal(p->ssbos[1].binding, 5);
   assert_int_equal(p->ssbos[2].binding, 0);
   uint8_t b[8][4];
   memset(b, 0, sizeof(b));
   nir_eval_state es;
   memset(&es, 0, sizeof(es));
   for (unsigned i = 0; i < 8; i++) {
      es.ssbos[i].data = b[i];
      es.ssbos[i].size_B = 4;
   }
   nir_const_value uni[4] = { { .i32 = 1 } };
   es.uniforms = uni;
   es.num_uniform_cells = 4;
   const unsigned wg[3] = { 1, 1, 1 }, group[3] = { 0, 0, 0 };
   run_invocation(p->nir[MESA_SHADER_COMPUTE], &es, 0, 0, 0, wg, group);
   assert_int_equal(word(b[5], 0), 11);
   assert_int_equal(word(b[0], 0), 12);
   /* A[0] -> 7, A[1] -> 2, C -> 6 (not consecutive any more) */
   const unsigned bindings[3] = { 7, 2, 6 };
   nir_shader *s = glsl_program_bind_ssbos(mem, p, MESA_SHADER_COMPUTE,
                                           bindings);
   assert_non_null(s);
   memset(b, 0, sizeof(b));
   run_invocation(s, &es, 0, 0, 0, wg, group);
   assert_int_equal(word(b[2], 0), 11);
   assert_int_equal(word(b[6], 0), 12);
   assert_int_equal(word(b[5], 0), 0);
   assert_null(glsl_program_bind_ssbos(mem, p, MESA_SHADER_VERTEX,
                                       bindings));
   ralloc_free(mem);
}

static const char *plain_vs = "#version 430\n"
                              "void main() { gl_Position = vec4(0.0); }\n";

/* ARB_compute_shader / GL 4.6 7.3: the link errors. */
static void
test_compute_link_errors(void **state)
{
   void *mem = ralloc_context(NULL);
   expect_error(mem, MESA_SHADER_COMPUTE,
                "#version 430\nlayout(local_size_x = 2) in;\n"
                "void main() {}\n",
                MESA_SHADER_VERTEX, plain_vs, "another stage");
   expect_error(mem, MESA_SHADER_COMPUTE, "#version 430\nvoid main() {}\n",
                MESA_SHADER_COMPUTE, NULL, "local work group size");
   expect_error(mem, MESA_SHADER_COMPUTE,
                "#version 430\nlayout(local_size_x = 2) in;\n"
                "void f() {}\n",
                MESA_SHADER_COMPUTE,
                "#version 430\nlayout(local_size_x = 3) in;\n"
                "void main() {}\n",
                "different local sizes");
   /* 64 x 32 = 2048 invocations, more than 1024: already a compile
    * error (as piglit's work_group_size_too_large wants) */
   assert_null(test_link(mem, 430, false, NULL, MESA_SHADER_COMPUTE,
                         "#version 430\nlayout(local_size_x = 64, "
                         "local_size_y = 32) in;\nvoid main() {}\n",
                         MESA_SHADER_COMPUTE, NULL));
   expect_error(mem, MESA_SHADER_COMPUTE,
                "#version 430\nlayout(local_size_x = 1) in;\n"
                "shared vec4 big[2049];\n"
                "void main() { big[0] = vec4(1.0); }\n",
                MESA_SHADER_COMPUTE, NULL,
                "GL_MAX_COMPUTE_SHARED_MEMORY_SIZE");
   /* nine storage blocks: one more than the default limit of 8 */
   expect_error(mem, MESA_SHADER_COMPUTE,
                "#version 430\nlayout(local_size_x = 1) in;\n"
                "buffer B { uint x; } b[9];\n"
                "void main() { b[0].x = 1u; }\n",
                MESA_SHADER_COMPUTE, NULL,
                "GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS");
   ralloc_free(mem);
}

/* A block shared by two stages is one block; declared differently it
 * does not link (GL 4.6 7.6.2). */
static void
test_stages_share_blocks(void **state)
{
   void *mem = ralloc_context(NULL);
   const char *vs = "#version 430\n"
                    "layout(std430, binding = 1) buffer S { vec4 v[4]; };\n"
                    "void main() { gl_Position = v[gl_VertexID]; }\n";
   const char *fs = "#version 430\n"
                    "layout(std430, binding = 1) buffer S { vec4 v[4]; };\n"
                    "out vec4 c;\n"
                    "void main() { c = v[0]; v[1] = c; }\n";
   struct glsl_program *p = test_link(mem, 430, false, NULL,
                                      MESA_SHADER_VERTEX, vs,
                                      MESA_SHADER_FRAGMENT, fs);
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   assert_int_equal(p->num_ssbos, 1);
   assert_int_equal(p->ssbos[0].stages, (1u << MESA_SHADER_VERTEX) |
                                           (1u << MESA_SHADER_FRAGMENT));
   assert_int_equal(p->ssbos[0].written_stages, 1u << MESA_SHADER_FRAGMENT);
   expect_error(mem, MESA_SHADER_VERTEX, vs, MESA_SHADER_FRAGMENT,
                "#version 430\n"
                "layout(std430, binding = 1) buffer S { vec3 v[4]; };\n"
                "out vec4 c;\n"
                "void main() { c = v[0].xyzz; }\n",
                "shader storage block 'S'");
   ralloc_free(mem);
}

/* ARB_shader_atomic_counters: offsets follow each other per binding
 * unless given (GLSL 4.60 4.4.6.1); Increment returns the value before,
 * Decrement the value after; the counters of binding b are in storage
 * slot GLSL_DEFAULT_ABO_SLOT_BASE + b. */
static void
test_atomic_counters(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_cs(
      mem, "#version 430\n"
           "layout(local_size_x = 1) in;\n"
           "layout(binding = 1) uniform atomic_uint a;\n"
           "layout(binding = 1) uniform atomic_uint b[2];\n"
           "layout(binding = 0, offset = 12) uniform atomic_uint z;\n"
           "layout(std430, binding = 0) buffer O { uint o[4]; };\n"
           "void main() {\n"
           "   o[0] = atomicCounterIncrement(b[1]);\n"
           "   o[1] = atomicCounterDecrement(a);\n"
           "   o[2] = atomicCounter(b[0]);\n"
           "   o[3] = atomicCounterIncrement(z);\n"
           "}\n");
   assert_int_equal(p->num_counters, 3);
   /* a: binding 1 offset 0; b: 4 and 8; z: binding 0 offset 12 */
   assert_int_equal(p->counters[0].offset_B, 0);
   assert_int_equal(p->counters[1].offset_B, 4);
   assert_int_equal(p->counters[1].array_size, 2);
   assert_int_equal(p->counters[2].binding, 0);
   assert_int_equal(p->counters[2].offset_B, 12);
   assert_int_equal(p->abo_size_B[1], 12);
   assert_int_equal(p->abo_size_B[0], 16);
   assert_int_equal(p->abo_stages[1], 1u << MESA_SHADER_COMPUTE);
   uint32_t c0[4] = { 0, 0, 0, 40 }, c1[3] = { 10, 20, 30 }, o[4] = { 0 };
   nir_eval_state es;
   memset(&es, 0, sizeof(es));
   es.ssbos[0].data = (uint8_t *)o;
   es.ssbos[0].size_B = sizeof(o);
   es.ssbos[GLSL_DEFAULT_ABO_SLOT_BASE].data = (uint8_t *)c0;
   es.ssbos[GLSL_DEFAULT_ABO_SLOT_BASE].size_B = sizeof(c0);
   es.ssbos[GLSL_DEFAULT_ABO_SLOT_BASE + 1].data = (uint8_t *)c1;
   es.ssbos[GLSL_DEFAULT_ABO_SLOT_BASE + 1].size_B = sizeof(c1);
   const unsigned wg[3] = { 1, 1, 1 }, group[3] = { 0, 0, 0 };
   run_invocation(p->nir[MESA_SHADER_COMPUTE], &es, 0, 0, 0, wg, group);
   assert_int_equal(o[0], 30);
   assert_int_equal(c1[2], 31);
   assert_int_equal(o[1], 9);
   assert_int_equal(c1[0], 9);
   assert_int_equal(o[2], 20);
   assert_int_equal(o[3], 40);
   assert_int_equal(c0[3], 41);
   /* ARB_arrays_of_arrays: a counter array of arrays takes 4 bytes per
    * counter, row by row: c[1][2] is counter 1 * 3 + 2 = 5, at 20 */
   struct glsl_program *q = link_cs(
      mem, "#version 430\n"
           "layout(local_size_x = 1) in;\n"
           "layout(binding = 0) uniform atomic_uint c[2][3];\n"
           "layout(binding = 0) uniform atomic_uint after;\n"
           "layout(std430, binding = 0) buffer O { uint o[4]; };\n"
           "void main() {\n"
           "   o[0] = atomicCounterIncrement(c[1][2]);\n"
           "   o[1] = atomicCounter(after);\n"
           "}\n");
   assert_int_equal(q->counters[0].array_size, 6);
   assert_int_equal(q->counters[1].offset_B, 24);
   assert_int_equal(q->abo_size_B[0], 28);
   uint32_t cc[7] = { 0, 1, 2, 3, 4, 50, 60 };
   memset(&es, 0, sizeof(es));
   memset(o, 0, sizeof(o));
   es.ssbos[0].data = (uint8_t *)o;
   es.ssbos[0].size_B = sizeof(o);
   es.ssbos[GLSL_DEFAULT_ABO_SLOT_BASE].data = (uint8_t *)cc;
   es.ssbos[GLSL_DEFAULT_ABO_SLOT_BASE].size_B = sizeof(cc);
   run_invocation(q->nir[MESA_SHADER_COMPUTE], &es, 0, 0, 0, wg, group);
   assert_int_equal(o[0], 50);
   assert_int_equal(cc[5], 51);
   assert_int_equal(o[1], 60);
   /* two counters on one word of a binding do not link */
   expect_error(mem, MESA_SHADER_COMPUTE,
                "#version 430\nlayout(local_size_x = 1) in;\n"
                "layout(binding = 2, offset = 4) uniform atomic_uint x;\n"
                "layout(binding = 2, offset = 4) uniform atomic_uint y;\n"
                "void main() { atomicCounterIncrement(x); "
                "atomicCounterIncrement(y); }\n",
                MESA_SHADER_COMPUTE, NULL, "overlap");
   /* 1025 counters: one more than GL_MAX_COMPUTE_ATOMIC_COUNTERS */
   expect_error(mem, MESA_SHADER_COMPUTE,
                "#version 430\nlayout(local_size_x = 1) in;\n"
                "layout(binding = 0) uniform atomic_uint x[1025];\n"
                "void main() { atomicCounterIncrement(x[0]); }\n",
                MESA_SHADER_COMPUTE, NULL,
                "GL_MAX_COMPUTE_ATOMIC_COUNTERS");
   ralloc_free(mem);
}

/* GLSL 4.30 4.1.9 (ARB_shader_storage_buffer_object): an unsized member
 * other than the last is sized by its largest constant index; without
 * one the program does not link.  vec4 s[] used at [0] and [1]: 32
 * bytes, then a[] at 32 with one element for BUFFER_DATA_SIZE: 48 (what
 * piglit's implicit_size_array_member expects). */
static void
test_unsized_members(void **state)
{
   void *mem = ralloc_context(NULL);
   const char *fs = "#version 150\n"
                    "#extension GL_ARB_shader_storage_buffer_object : "
                    "require\n"
                    "buffer a { vec4 s[]; vec4 a[]; } b;\n"
                    "out vec4 c;\n"
                    "void main() { c = b.s[0] + b.s[1]; }\n";
   struct glsl_program *p = test_link(mem, 150, false, NULL,
                                      MESA_SHADER_FRAGMENT, fs,
                                      MESA_SHADER_FRAGMENT, NULL);
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   assert_int_equal(p->ssbos[0].size_B, 48);
   expect_member(&p->ssbos[0], "a.s[0]", 0, 2, 16, 0);
   expect_member(&p->ssbos[0], "a.a[0]", 32, 0, 16, 0);
   p = test_link(mem, 150, false, NULL, MESA_SHADER_FRAGMENT,
                 "#version 150\n"
                 "#extension GL_ARB_shader_storage_buffer_object : "
                 "require\n"
                 "buffer a { vec4 s[]; vec4 a[]; } b;\n"
                 "out vec4 c;\n"
                 "void main() { c = b.a[0]; }\n",
                 MESA_SHADER_FRAGMENT, NULL);
   assert_non_null(p);
   assert_false(p->link_status);
   ralloc_free(mem);
}

/* An atomic counter passed to a function is the same counter. */
static void
test_counter_argument(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_cs(
      mem, "#version 430\n"
           "layout(local_size_x = 1) in;\n"
           "layout(binding = 0) uniform atomic_uint c[3];\n"
           "layout(std430, binding = 0) buffer O { uint o; };\n"
           "uint bump(atomic_uint x) { return atomicCounterIncrement(x); }\n"
           "void main() { o = bump(c[2]) * 10u + bump(c[2]); }\n");
   uint32_t ctr[3] = { 0, 0, 5 }, o = 0;
   nir_eval_state es;
   memset(&es, 0, sizeof(es));
   es.ssbos[0].data = (uint8_t *)&o;
   es.ssbos[0].size_B = 4;
   es.ssbos[GLSL_DEFAULT_ABO_SLOT_BASE].data = (uint8_t *)ctr;
   es.ssbos[GLSL_DEFAULT_ABO_SLOT_BASE].size_B = sizeof(ctr);
   const unsigned wg[3] = { 1, 1, 1 }, group[3] = { 0, 0, 0 };
   run_invocation(p->nir[MESA_SHADER_COMPUTE], &es, 0, 0, 0, wg, group);
   assert_int_equal(o, 5 * 10 + 6);
   assert_int_equal(ctr[2], 7);
   assert_int_equal(ctr[0], 0);
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_std430_offsets),
      cmocka_unit_test(test_std140_offsets),
      cmocka_unit_test(test_compute_runs),
      cmocka_unit_test(test_shared_atomics),
      cmocka_unit_test(test_barriers),
      cmocka_unit_test(test_binding_points),
      cmocka_unit_test(test_compute_link_errors),
      cmocka_unit_test(test_stages_share_blocks),
      cmocka_unit_test(test_atomic_counters),
      cmocka_unit_test(test_unsized_members),
      cmocka_unit_test(test_counter_argument),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
