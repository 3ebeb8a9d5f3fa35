/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Uniform blocks through the compiler: GLSL with uniform blocks, linked
 * (src/compiler/glsl), preprocessed and compiled as the driver does, run
 * on the simulator with each block in memory at the address its
 * AGX_PUSH_UBO_BASE range asks for.  Expected values are worked out by
 * hand from the std140 rules (GLSL 4.60 7.6.2.2): constant and dynamic
 * offsets inside a block, a row-major matrix, a bool, and a block array
 * indexed per vertex (agx_nir_lower_ubo).
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler/glsl/glsl_program.h"
#include "compiler/glsl/glsl_state.h"
#include "agx_test_nir.h"
#include "agx_test_util.h"

static struct glsl_program *
link_pair(void *mem, int version, bool es, const char *vs_src,
          const char *fs_src)
{
   struct glsl_compile_options vo = {.stage = MESA_SHADER_VERTEX,
                                     .default_version = version,
                                     .default_es = es};
   struct glsl_compile_options fo = vo;
   fo.stage = MESA_SHADER_FRAGMENT;
   struct glsl_parse_state *sh[2] = {
      glsl_compile_shader(mem, vs_src, strlen(vs_src), &vo),
      glsl_compile_shader(mem, fs_src, strlen(fs_src), &fo),
   };
   for (unsigned i = 0; i < 2; ++i) {
      if (!sh[i] || sh[i]->log.errors)
         fail_msg("GLSL compile failed: %s", sh[i] ? sh[i]->log.text : "");
   }
   struct glsl_link_options lo = {.nir_options = &agx_nir_options};
   struct glsl_program *prog = glsl_link_program(mem, sh, 2, &lo);
   if (!prog || !prog->link_status)
      fail_msg("link failed: %s", prog ? prog->info_log : "");
   return prog;
}

/* The vertex shader of prog, compiled without attributes. */
static void
compile_vs_key(void *mem, struct glsl_program *prog,
               const struct agx_shader_key *key,
               struct agx_shader_binary *bin)
{
   nir_shader *vs = nir_shader_clone(mem, prog->nir[MESA_SHADER_VERTEX]);
   assert_true(agx_preprocess_nir(vs));
   char error[256] = "";
   if (!agx_test_compile_lowered(vs, key, mem, bin, error, sizeof(error)))
      fail_msg("VS: %s", error);
}

static void
compile_vs(void *mem, struct glsl_program *prog, struct agx_shader_binary *bin)
{
   struct agx_shader_key key = {0};
   compile_vs_key(mem, prog, &key, bin);
}

static unsigned
ubo_ranges(const struct agx_shader_info *info)
{
   unsigned mask = 0;
   for (unsigned i = 0; i < info->nr_push; ++i) {
      if (info->push[i].kind == AGX_PUSH_UBO_BASE) {
         assert_int_equal(info->push[i].length, 4);
         mask |= 1u << info->push[i].index;
      }
   }
   return mask;
}

static float
f32(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

/* std140 block B, by hand:
 *    vec4 a                  0
 *    float k[3]              16, 32, 48 (array stride 16)
 *    layout(row_major) mat2 m
 *                            64: row 0 at 64 (m[0][0], m[1][0]), row 1
 *                            at 80 (m[0][1], m[1][1]); matrix stride 16
 *    bool on                 96, block size 112
 * gl_Position = a * k[vertex % 3] (an offset known only at run time);
 * v = (m[1], on, m[0][1]) = (row0[1], row1[1], 1, row1[0]). */
/* Every device_load whose element index is a register gets it straight
 * from an imadd (x * K/4 + C/4 for a byte offset x * K + C), not from the
 * byte offset shifted right (wave 15: one instruction instead of two). */
static void
assert_indices_from_imadd(const struct agx_shader_binary *bin)
{
   enum agx_isa_op writer[512] = {0};
   bool seen = false;
   struct agx_isa_instr I;
   for (size_t off = 0; agx_test_next_instr(bin, &off, &I);) {
      const struct agx_isa_operand *o = &I.operands[AGX_ISA_DEVICE_LOAD_O];
      if (I.op == AGX_ISA_OP_DEVICE_LOAD && o->kind == AGX_ISA_KIND_REG) {
         assert_true(o->value >= 0 && o->value < 512);
         assert_int_equal(writer[o->value], AGX_ISA_OP_IMADD);
         seen = true;
      }
      const struct agx_isa_operand *d = &I.operands[0];
      if (d->kind == AGX_ISA_KIND_REG && d->value >= 0 && d->value < 512)
         writer[d->value] = I.op;
   }
   assert_true(seen);
}

static void
test_block_reads(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *prog = link_pair(
      mem, 300, true,
      "#version 300 es\n"
      "layout(std140) uniform B {\n"
      "   vec4 a; float k[3]; layout(row_major) mat2 m; bool on;\n"
      "};\n"
      "out vec4 v;\n"
      "void main() {\n"
      "   gl_Position = a.wywy * k[gl_VertexID % 3];\n"
      "   v = vec4(m[1], on ? 1.0 : 0.0, m[0][1]);\n"
      "}\n",
      "#version 300 es\n"
      "precision highp float;\n"
      "in vec4 v;\n"
      "out vec4 o;\n"
      "void main() { o = v; }\n");
   assert_int_equal(prog->num_ubos, 1);
   assert_int_equal(prog->ubos[0].size_B, 112);

   struct agx_shader_binary bin;
   compile_vs(mem, prog, &bin);
   assert_int_equal(ubo_ranges(&bin.info), 1u << 0);
   /* k[i]: byte offset i * 16 + 16, word index i * 4 + 4 */
   assert_indices_from_imadd(&bin);

   float block[28] = {0};
   const float a[4] = {1, 2, 3, 4}, k[3] = {0.5f, 2, -1};
   memcpy(block, a, sizeof(a));
   for (unsigned i = 0; i < 3; i++)
      block[4 + 4 * i] = k[i];
   block[16] = 10; /* row 0 */
   block[17] = 11;
   block[20] = 12; /* row 1 */
   block[21] = 13;
   const uint32_t on = 1;
   memcpy(&block[24], &on, 4);

   struct agx_test_draw draw = {0};
   draw.ubo[0] = (uint8_t *)block;
   draw.ubo_size[0] = sizeof(block);
   draw.ubo_va[0] = 0x40000;
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   char error[256];
   if (agx_test_run_vs(&bin, &draw, 0, uvs, error, sizeof(error)) !=
       ASAHI_SIM_STOPPED)
      fail_msg("VS sim: %s", error);

   const struct agx_varyings_vs *vv = &bin.info.vs;
   assert_int_equal(prog->num_varyings, 1);
   unsigned vword = vv->slot_word[prog->varyings[0].location];
   assert_true(vword != 0xff);
   const float want_v[4] = {11, 13, 1, 12};
   for (unsigned lane = 0; lane < 32; ++lane) {
      const uint32_t *out = &uvs[lane * vv->nr_words];
      for (unsigned c = 0; c < 4; ++c) {
         /* a.wywy: the load reads only words 1 and 3 (mask yw), which
          * land packed in two registers */
         float want = a[c & 1 ? 1 : 3] * k[lane % 3];
         if (f32(out[c]) != want)
            fail_msg("vertex %u position.%u: %f, expected %f", lane, c,
                     f32(out[c]), want);
         if (f32(out[vword + c]) != want_v[c])
            fail_msg("vertex %u v.%u: %f, expected %f", lane, c,
                     f32(out[vword + c]), want_v[c]);
      }
   }
   ralloc_free(mem);
}

/* Runs bin with n uniform blocks of `words` floats each (block b's float
 * c is 10 b + c, into blocks), mapped 4 KiB apart from 0x40000, and
 * asserts that vertex t's position is the first vec4 of block which[t]. */
static void
check_positions_from_blocks(const struct agx_shader_binary *bin, unsigned n,
                            unsigned words, float *blocks,
                            const unsigned which[32])
{
   struct agx_test_draw draw = {0};
   for (unsigned b = 0; b < n; b++) {
      for (unsigned c = 0; c < words; c++)
         blocks[b * words + c] = (float)(10 * b + c);
      draw.ubo[b] = (uint8_t *)&blocks[b * words];
      draw.ubo_size[b] = words * sizeof(float);
      draw.ubo_va[b] = 0x40000 + 0x1000 * b;
   }
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   char error[256];
   if (agx_test_run_vs(bin, &draw, 0, uvs, error, sizeof(error)) !=
       ASAHI_SIM_STOPPED)
      fail_msg("VS sim: %s", error);
   for (unsigned lane = 0; lane < 32; ++lane) {
      const uint32_t *out = &uvs[lane * bin->info.vs.nr_words];
      const float *want = &blocks[which[lane] * words];
      for (unsigned c = 0; c < 4; ++c) {
         if (f32(out[c]) != want[c])
            fail_msg("vertex %u position.%u: %f, expected %f", lane, c,
                     f32(out[c]), want[c]);
      }
   }
}

/* A block array indexed per vertex (GLSL 4.00 allows a non-constant
 * index): every vertex reads its own block's vec4, through the choice
 * agx_nir_lower_ubo makes among the three block addresses. */
static void
test_dynamic_block_index(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *prog = link_pair(
      mem, 400, false,
      "#version 400\n"
      "uniform C { vec4 c; float pad; } cs[3];\n"
      "void main() { gl_Position = cs[gl_VertexID % 3].c; }\n",
      "#version 400\n"
      "out vec4 o;\n"
      "void main() { o = vec4(1.0); }\n");
   assert_int_equal(prog->num_ubos, 3);

   struct agx_shader_binary bin;
   compile_vs(mem, prog, &bin);
   assert_int_equal(ubo_ranges(&bin.info), 0x7);

   float blocks[3][8];
   unsigned which[32];
   for (unsigned lane = 0; lane < 32; ++lane)
      which[lane] = lane % 3;
   check_positions_from_blocks(&bin, 3, 8, &blocks[0][0], which);
   ralloc_free(mem);
}

/* An array of arrays of blocks (GLSL 4.30) indexed per vertex: the
 * index is first + i * 3 + j, whose bounds agx_nir_lower_ubo reads
 * through the multiply. */
static void
test_array_of_arrays_index(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *prog = link_pair(
      mem, 430, false,
      "#version 430\n"
      "uniform C { vec4 c; } cs[2][3];\n"
      "void main() {\n"
      "   gl_Position = cs[gl_VertexID % 2][gl_VertexID % 3].c;\n"
      "}\n",
      "#version 430\n"
      "out vec4 o;\n"
      "void main() { o = vec4(1.0); }\n");
   assert_int_equal(prog->num_ubos, 6);

   struct agx_shader_binary bin;
   compile_vs(mem, prog, &bin);
   /* only the six blocks are candidates */
   assert_int_equal(ubo_ranges(&bin.info), 0x3f);

   float blocks[6][4];
   unsigned which[32];
   for (unsigned lane = 0; lane < 32; ++lane)
      which[lane] = 3 * (lane % 2) + lane % 3; /* blocks row by row */
   check_positions_from_blocks(&bin, 6, 4, &blocks[0][0], which);
   ralloc_free(mem);
}

/* A default-block array indexed at run time, read from memory
 * (key.uniforms_in_memory): the element index slot * 4 + base is one
 * imadd too (agx_first_pixel's test_uniform_arrays runs such loads) */
static void
test_dynamic_uniform_index(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *prog = link_pair(
      mem, 400, false,
      "#version 400\n"
      "uniform float pad;\n"
      "uniform vec4 arr[4];\n"
      "void main() { gl_Position = arr[gl_VertexID % 4] + pad; }\n",
      "#version 400\n"
      "out vec4 o;\n"
      "void main() { o = vec4(1.0); }\n");
   struct agx_shader_key key = {0};
   key.uniforms_in_memory = true;
   struct agx_shader_binary bin;
   compile_vs_key(mem, prog, &key, &bin);
   assert_indices_from_imadd(&bin);
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_block_reads),
      cmocka_unit_test(test_dynamic_block_index),
      cmocka_unit_test(test_array_of_arrays_index),
      cmocka_unit_test(test_dynamic_uniform_index),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
