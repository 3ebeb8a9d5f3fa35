/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Transform feedback stores (agx_nir_lower_xfb.c) run on the simulator:
 * the words each buffer receives, computed by hand from the capture
 * rules in agx_compile.h (struct agx_xfb_key, AGX_SYSVAL_XFB_*).
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
#include "util/ralloc.h"
#include "agx_test_nir.h"
#include "agx_test_util.h"

static struct glsl_program *
link_pair(void *mem, const char *vs_src, const char *fs_src)
{
   struct glsl_compile_options vo = {.stage = MESA_SHADER_VERTEX,
                                     .default_version = 300,
                                     .default_es = true};
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

static uint32_t
u32f(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

#define SENTINEL 0xdeadbeefu

/*
 * Vertex id i gives v = (i, 2, 3, 4) / 2, w = i + 10, gl_Position.x = i.
 * Buffer 0, records of 3 words: v.yz at word 0, w at word 2; buffer 1,
 * records of 1 word: gl_Position.x.  The draw starts at vertex 4 with 6
 * vertices in whole primitives, but only 3 fit: vertices 4, 5, 6 are
 * captured as records 0, 1, 2; buffer 0 starts 8 bytes into its memory
 * (what earlier draws wrote).
 */
static void
test_xfb_interleaved_and_separate(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   struct glsl_program *prog = link_pair(
      mem,
      "#version 300 es\n"
      "out vec4 v;\n"
      "out float w;\n"
      "void main() {\n"
      "   float i = float(gl_VertexID);\n"
      "   gl_Position = vec4(i, 0.0, 0.0, 1.0);\n"
      "   v = vec4(i, 2.0, 3.0, 4.0) * 0.5;\n"
      "   w = i + 10.0;\n"
      "}\n",
      "#version 300 es\n"
      "precision highp float;\n"
      "in vec4 v;\n"
      "in float w;\n"
      "out vec4 o;\n"
      "void main() { o = v * w; }\n");

   nir_shader *vs = nir_shader_clone(mem, prog->nir[MESA_SHADER_VERTEX]);
   assert_true(agx_preprocess_nir(vs));
   struct agx_shader_key key = {0};
   struct agx_xfb_key *x = &key.vs.xfb;
   x->nr_outputs = 3;
   x->stride_w[0] = 3;
   x->stride_w[1] = 1;
   /* the linker's slots for v and w */
   int slot_v = -1, slot_w = -1;
   nir_foreach_variable_with_modes(var, prog->nir[MESA_SHADER_VERTEX],
                                   nir_var_shader_out)
   {
      if (!strcmp(var->name, "v"))
         slot_v = var->data.location;
      if (!strcmp(var->name, "w"))
         slot_w = var->data.location;
   }
   assert_true(slot_v >= VARYING_SLOT_VAR0 && slot_w >= VARYING_SLOT_VAR0);
   x->out[0] = (struct agx_xfb_output){(uint8_t)slot_v, 1, 2, 0, 0};
   x->out[1] = (struct agx_xfb_output){(uint8_t)slot_w, 0, 1, 0, 2};
   x->out[2] = (struct agx_xfb_output){VARYING_SLOT_POS, 0, 1, 1, 0};

   struct agx_shader_binary bin;
   char error[256] = "";
   if (!agx_test_compile_lowered(vs, &key, mem, &bin, error, sizeof(error)))
      fail_msg("VS: %s", error);

   uint32_t buf0[2 + 3 * 8], buf1[8];
   for (unsigned i = 0; i < 2 + 3 * 8; ++i)
      buf0[i] = SENTINEL;
   for (unsigned i = 0; i < 8; ++i)
      buf1[i] = SENTINEL;
   struct agx_test_draw draw = {0};
   draw.storage[0] = (uint8_t *)buf0;
   draw.storage_size[0] = sizeof(buf0);
   draw.storage_va[0] = 0x40000;
   draw.storage[1] = (uint8_t *)buf1;
   draw.storage_size[1] = sizeof(buf1);
   draw.storage_va[1] = 0x50000;
   draw.sysvals[AGX_SYSVAL_XFB_ADDR0_LO + 0] = 0x40000 + 8;
   draw.sysvals[AGX_SYSVAL_XFB_ADDR0_LO + 2] = 0x50000;
   draw.sysvals[AGX_SYSVAL_XFB_FIRST_VERTEX] = 4;
   draw.sysvals[AGX_SYSVAL_XFB_VERTICES] = 6;
   draw.sysvals[AGX_SYSVAL_XFB_LIMIT] = 3;

   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   /* lane t runs vertex 4 + t */
   if (agx_test_run_vs(&bin, &draw, 4, uvs, error, sizeof(error)) !=
       ASAHI_SIM_STOPPED)
      fail_msg("VS sim: %s", error);

   uint32_t want0[2 + 3 * 8], want1[8];
   for (unsigned i = 0; i < 2 + 3 * 8; ++i)
      want0[i] = SENTINEL;
   for (unsigned i = 0; i < 8; ++i)
      want1[i] = SENTINEL;
   for (unsigned n = 0; n < 3; ++n) {
      want0[2 + 3 * n + 0] = u32f(1.0f);          /* v.y = 2 / 2 */
      want0[2 + 3 * n + 1] = u32f(1.5f);          /* v.z = 3 / 2 */
      want0[2 + 3 * n + 2] = u32f(14.0f + n);     /* w = (4 + n) + 10 */
      want1[n] = u32f(4.0f + n);                  /* gl_Position.x */
   }
   for (unsigned i = 0; i < 2 + 3 * 8; ++i) {
      if (buf0[i] != want0[i])
         fail_msg("buffer 0 word %u: 0x%08x, expected 0x%08x", i, buf0[i],
                  want0[i]);
   }
   for (unsigned i = 0; i < 8; ++i) {
      if (buf1[i] != want1[i])
         fail_msg("buffer 1 word %u: 0x%08x, expected 0x%08x", i, buf1[i],
                  want1[i]);
   }
   ralloc_free(mem);
}

/*
 * A triangle strip of 5 vertices drawn from vertex 2, unrolled (struct
 * agx_xfb_key::unroll): the hardware draws the 9 vertices of triangles
 * (2 3 4) (4 3 5) (4 5 6) — odd triangles with their first two vertices
 * swapped (GL 3.0 section 2.15; the order llvmpipe writes) — and each
 * list vertex runs as that strip vertex: gl_VertexID is captured.  A fan
 * of 5 from vertex 2 gives (2 3 4) (2 4 5) (2 5 6); a line loop of 3
 * from vertex 2, (2 3) (3 4) (4 2).  With the first-vertex convention
 * each triangle starts at its provoking vertex (ARB_provoking_vertex:
 * vertex p of strip triangle p, p + 1 of fan triangle p), rotated so the
 * winding stays: the strip (2 3 4) (3 5 4) (4 5 6), the fan (3 4 2)
 * (4 5 2) (5 6 2).
 */
static void
run_unrolled(unsigned unroll, unsigned list_vertices, const unsigned *want)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *prog = link_pair(
      mem, "#version 300 es\nout float w;\nvoid main() {\n"
           "   gl_Position = vec4(1.0); w = float(gl_VertexID); }\n",
      "#version 300 es\nprecision highp float;\nin float w;\n"
      "out vec4 o;\nvoid main() { o = vec4(w); }\n");
   nir_shader *vs = nir_shader_clone(mem, prog->nir[MESA_SHADER_VERTEX]);
   assert_true(agx_preprocess_nir(vs));
   int slot_w = -1;
   nir_foreach_variable_with_modes(var, prog->nir[MESA_SHADER_VERTEX],
                                   nir_var_shader_out)
   {
      if (!strcmp(var->name, "w"))
         slot_w = var->data.location;
   }
   assert_true(slot_w >= VARYING_SLOT_VAR0);
   struct agx_shader_key key = {0};
   key.vs.xfb.nr_outputs = 1;
   key.vs.xfb.unroll = (uint8_t)unroll;
   key.vs.xfb.stride_w[0] = 1;
   key.vs.xfb.out[0] = (struct agx_xfb_output){(uint8_t)slot_w, 0, 1, 0, 0};
   struct agx_shader_binary bin;
   char error[256] = "";
   if (agx_compile_shader_nir(vs, &key, mem, &bin, error, sizeof(error)))
      fail_msg("VS: %s", error);

   uint32_t buf[12];
   for (unsigned i = 0; i < 12; ++i)
      buf[i] = SENTINEL;
   struct agx_test_draw draw = {0};
   draw.storage[0] = (uint8_t *)buf;
   draw.storage_size[0] = sizeof(buf);
   draw.storage_va[0] = 0x40000;
   draw.sysvals[AGX_SYSVAL_XFB_ADDR0_LO] = 0x40000;
   draw.sysvals[AGX_SYSVAL_XFB_FIRST_VERTEX] = 2;
   draw.sysvals[AGX_SYSVAL_XFB_VERTICES] = list_vertices;
   draw.sysvals[AGX_SYSVAL_XFB_LIMIT] = list_vertices;
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   if (agx_test_run_vs(&bin, &draw, 2, uvs, error, sizeof(error)) !=
       ASAHI_SIM_STOPPED)
      fail_msg("VS sim: %s", error);
   for (unsigned i = 0; i < 12; ++i) {
      uint32_t w = i < list_vertices ? u32f((float)want[i]) : SENTINEL;
      if (buf[i] != w)
         fail_msg("unroll %u word %u: 0x%08x, expected 0x%08x", unroll, i,
                  buf[i], w);
   }
   ralloc_free(mem);
}

static void
test_xfb_unrolled(void **state)
{
   (void)state;
   static const unsigned strip[9] = {2, 3, 4, 4, 3, 5, 4, 5, 6};
   static const unsigned fan[9] = {2, 3, 4, 2, 4, 5, 2, 5, 6};
   static const unsigned loop[6] = {2, 3, 3, 4, 4, 2};
   static const unsigned lstrip[4] = {2, 3, 3, 4};
   run_unrolled(AGX_XFB_UNROLL_TRIANGLE_STRIP, 9, strip);
   run_unrolled(AGX_XFB_UNROLL_TRIANGLE_FAN, 9, fan);
   run_unrolled(AGX_XFB_UNROLL_LINE_LOOP, 6, loop);
   run_unrolled(AGX_XFB_UNROLL_LINE_STRIP, 4, lstrip);
   static const unsigned strip_first[9] = {2, 3, 4, 3, 5, 4, 4, 5, 6};
   static const unsigned fan_first[9] = {3, 4, 2, 4, 5, 2, 5, 6, 2};
   run_unrolled(AGX_XFB_UNROLL_TRIANGLE_STRIP_FIRST, 9, strip_first);
   run_unrolled(AGX_XFB_UNROLL_TRIANGLE_FAN_FIRST, 9, fan_first);
}

/* Without outputs in the key, nothing changes: no transform feedback
 * system values are asked for. */
static void
test_xfb_off(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   struct glsl_program *prog = link_pair(
      mem, "#version 300 es\nout float w;\nvoid main() {\n"
           "   gl_Position = vec4(1.0); w = 2.0; }\n",
      "#version 300 es\nprecision highp float;\nin float w;\n"
      "out vec4 o;\nvoid main() { o = vec4(w); }\n");
   nir_shader *vs = nir_shader_clone(mem, prog->nir[MESA_SHADER_VERTEX]);
   assert_true(agx_preprocess_nir(vs));
   struct agx_shader_key key = {0};
   struct agx_shader_binary bin;
   char error[256] = "";
   if (agx_compile_shader_nir(vs, &key, mem, &bin, error, sizeof(error)))
      fail_msg("VS: %s", error);
   for (unsigned i = 0; i < bin.info.nr_push; ++i) {
      const struct agx_push_range *r = &bin.info.push[i];
      if (r->kind == AGX_PUSH_SYSVAL)
         assert_true(r->index + r->length / 2 <= AGX_SYSVAL_XFB_ADDR0_LO ||
                     r->index >= AGX_SYSVAL_COUNT);
   }
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_xfb_interleaved_and_separate),
      cmocka_unit_test(test_xfb_unrolled),
      cmocka_unit_test(test_xfb_off),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
