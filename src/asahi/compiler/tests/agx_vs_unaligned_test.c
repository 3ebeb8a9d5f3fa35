/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Vertex attributes at offsets and strides that are not multiples of
 * their channel size (GL 1.5 section 2.9 asks for such alignment but
 * names no error; piglit's array-stride and vertex-buffer-offsets use
 * them): one buffer of 23-byte vertices holding an R32G32B32_FLOAT at 3,
 * an R16G16_UNORM at 15 and an R16G16_SNORM at 19, copied to three
 * outputs.  Expected values from the bytes by GL 4.6 section 2.3.5.1:
 * floats as stored, unorm c / 65535, snorm max(c / 32767, -1).  Since
 * wave 13 also the packed 2_10_10_10 formats (test_unaligned_packed).
 */

#include <math.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "nir_builder.h"
#include "agx_test_nir.h"
#include "agx_test_steps.h"
#include "agx_test_util.h"
#include "util/format/u_format.h"

static const nir_shader_compiler_options plain = {0};

#define STRIDE 23
#define NVERT 32

/* A vertex shader copying generic attribute i (comps[i] components) to
 * output VAR0 + i, for i < n, and writing a constant position. */
static nir_shader *
copy_attribs_vs(void *mem, unsigned n, const unsigned *comps)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX, &plain,
                                                  "unaligned", mem);
   nir_shader *s = b.shader;
   for (unsigned i = 0; i < n; ++i) {
      nir_variable *in = agx_test_var(s, nir_var_shader_in, comps[i],
                                      VERT_ATTRIB_GENERIC0 + (int)i, "in");
      nir_variable *out = agx_test_var(s, nir_var_shader_out, comps[i],
                                       VARYING_SLOT_VAR0 + (int)i, "out");
      nir_store_var(&b, out, nir_load_var(&b, in), (1u << comps[i]) - 1);
   }
   nir_variable *pos =
      agx_test_var(s, nir_var_shader_out, 4, VARYING_SLOT_POS, "pos");
   nir_store_var(&b, pos, nir_imm_vec4(&b, 0, 0, 0, 1), 0xf);
   assert_true(agx_preprocess_nir(s));
   return s;
}

/* Runs bin over the NVERT vertices of vtx (buffer 0); their outputs. */
static void
run_vertices(const struct agx_shader_binary *bin, uint8_t *vtx,
             uint32_t *uvs)
{
   struct agx_test_draw draw = {0};
   draw.vbo[0] = vtx;
   draw.vbo_size[0] = NVERT * STRIDE;
   draw.vbo_va[0] = 0x40000;
   agx_test_must_run_vs(bin, &draw, 0, uvs);
}

static void
test_unaligned(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   static const unsigned comps[3] = {3, 2, 2};
   nir_shader *s = copy_attribs_vs(mem, 3, comps);

   struct agx_shader_key key = {0};
   key.vs.attribs[0] = (struct agx_attribute_key){
      .format = PIPE_FORMAT_R32G32B32_FLOAT, .offset = 3, .stride = STRIDE};
   key.vs.attribs[1] = (struct agx_attribute_key){
      .format = PIPE_FORMAT_R16G16_UNORM, .offset = 15, .stride = STRIDE};
   key.vs.attribs[2] = (struct agx_attribute_key){
      .format = PIPE_FORMAT_R16G16_SNORM, .offset = 19, .stride = STRIDE};
   struct agx_shader_binary bin;
   agx_test_must_compile_lowered(s, &key, mem, &bin);

   static uint8_t vtx[NVERT * STRIDE];
   for (unsigned i = 0; i < sizeof(vtx); ++i)
      vtx[i] = (uint8_t)(i * 97 + 13);
   for (unsigned v = 0; v < NVERT; ++v) {
      /* finite floats: a float of each vertex's own */
      float f[3] = {(float)v * 1.25f - 3.0f, 1.0f / (float)(v + 1),
                    -1000.5f + (float)v};
      memcpy(vtx + v * STRIDE + 3, f, sizeof(f));
   }
   static uint32_t uvs[NVERT * AGX_MAX_UVS_WORDS];
   run_vertices(&bin, vtx, uvs);

   for (unsigned v = 0; v < NVERT; ++v) {
      const uint8_t *p = vtx + v * STRIDE;
      float want[7];
      memcpy(want, p + 3, 12);
      for (unsigned c = 0; c < 2; ++c) {
         uint16_t u;
         int16_t i;
         memcpy(&u, p + 15 + 2 * c, 2);
         memcpy(&i, p + 19 + 2 * c, 2);
         want[3 + c] = (float)u / 65535.0f;
         want[5 + c] = fmaxf((float)i / 32767.0f, -1.0f);
      }
      for (unsigned k = 0; k < 7; ++k) {
         unsigned slot = k < 3 ? 0 : k < 5 ? 1 : 2;
         unsigned c = k < 3 ? k : k < 5 ? k - 3 : k - 5;
         unsigned w = bin.info.vs.slot_word[VARYING_SLOT_VAR0 + slot] + c;
         float got;
         memcpy(&got, &uvs[v * bin.info.vs.nr_words + w], 4);
         if (k < 3 ? got != want[k] : fabsf(got - want[k]) > 1e-6f)
            fail_msg("vertex %u value %u: %.9g, expected %.9g", v, k, got,
                     want[k]);
      }
   }
   ralloc_free(mem);
}

/* The packed GL_INT_2_10_10_10_REV / GL_UNSIGNED_INT_2_10_10_10_REV
 * attributes at offsets 1, 6, 11 and 17 of the same 23-byte vertices
 * (normalized signed and unsigned, signed not normalized, and the BGRA
 * ordering).  Fields of 10, 10, 10 and 2 bits from bit 0 up; expected
 * values by GL 4.6 sections 10.3.8 and 2.3.5.1: unsigned c / (2^b - 1),
 * signed max(c / (2^(b-1) - 1), -1), or the integer itself. */
static const struct packed_case {
   enum pipe_format format;
   unsigned offset;
   bool sgn, norm, bgra;
} packed_cases[] = {
   {PIPE_FORMAT_R10G10B10A2_SNORM, 1, true, true, false},
   {PIPE_FORMAT_R10G10B10A2_UNORM, 6, false, true, false},
   {PIPE_FORMAT_R10G10B10A2_SSCALED, 11, true, false, false},
   {PIPE_FORMAT_B10G10R10A2_UNORM, 17, false, true, true},
};
#define NPACKED (sizeof(packed_cases) / sizeof(packed_cases[0]))

static float
packed_field(uint32_t word, unsigned field, bool sgn, bool norm)
{
   unsigned bits = field == 3 ? 2 : 10;
   uint32_t raw = (word >> (10 * field)) & ((1u << bits) - 1);
   int v = sgn && (raw >> (bits - 1)) ? (int)raw - (1 << bits) : (int)raw;
   if (!norm)
      return (float)v;
   float max = (float)((1u << (bits - (sgn ? 1 : 0))) - 1);
   return fmaxf((float)v / max, -1.0f);
}

static void
test_unaligned_packed(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   static const unsigned comps[NPACKED] = {4, 4, 4, 4};
   nir_shader *s = copy_attribs_vs(mem, NPACKED, comps);

   struct agx_shader_key key = {0};
   for (unsigned i = 0; i < NPACKED; ++i)
      key.vs.attribs[i] = (struct agx_attribute_key){
         .format = packed_cases[i].format,
         .offset = packed_cases[i].offset,
         .stride = STRIDE};
   struct agx_shader_binary bin;
   agx_test_must_compile_lowered(s, &key, mem, &bin);

   static uint8_t vtx[NVERT * STRIDE];
   for (unsigned i = 0; i < sizeof(vtx); ++i)
      vtx[i] = (uint8_t)(i * 151 + 7);
   static uint32_t uvs[NVERT * AGX_MAX_UVS_WORDS];
   run_vertices(&bin, vtx, uvs);

   for (unsigned v = 0; v < NVERT; ++v) {
      for (unsigned i = 0; i < NPACKED; ++i) {
         const struct packed_case *pc = &packed_cases[i];
         uint32_t word;
         memcpy(&word, vtx + v * STRIDE + pc->offset, 4);
         for (unsigned c = 0; c < 4; ++c) {
            /* BGRA: red is the third field, blue the first */
            unsigned field = pc->bgra && c != 1 && c != 3 ? 2 - c : c;
            float want = packed_field(word, field, pc->sgn, pc->norm);
            unsigned w = bin.info.vs.slot_word[VARYING_SLOT_VAR0 + i] + c;
            float got;
            memcpy(&got, &uvs[v * bin.info.vs.nr_words + w], 4);
            if (fabsf(got - want) > 1e-6f)
               fail_msg("vertex %u %s component %u: %.9g, expected %.9g", v,
                        util_format_name(pc->format), c, got, want);
         }
      }
   }
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_unaligned),
      cmocka_unit_test(test_unaligned_packed),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
