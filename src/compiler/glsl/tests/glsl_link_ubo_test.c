/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Uniform blocks in the linker: std140 layouts of nested structures and
 * arrays worked by hand from GLSL 4.60 section 7.6.2.2 (the rules GLSL ES
 * 3.00.6 section 2.12.6.4 of the ES 3.0 API spec repeats), block arrays
 * and instance names (GL 4.6 7.3.1.1), binding points, the program-wide
 * block index in load_ubo, and the link errors for blocks that differ and
 * for the implementation's limits (GL_MAX_*_UNIFORM_BLOCKS,
 * GL_MAX_UNIFORM_BLOCK_SIZE).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "glsl_link_test_util.h"

static const char *es_vs = "#version 300 es\n"
                           "in vec4 pos;\n"
                           "void main() { gl_Position = pos; }\n";

static struct glsl_program *
link_ok(void *mem, int version, bool es, const struct glsl_link_options *o,
        const char *vs, const char *fs)
{
   struct glsl_program *p = test_link(mem, version, es, o,
                                      MESA_SHADER_VERTEX, vs,
                                      MESA_SHADER_FRAGMENT, fs);
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   return p;
}

static void
expect_link_error(void *mem, int version, bool es,
                  const struct glsl_link_options *o, gl_shader_stage s0,
                  const char *src0, gl_shader_stage s1, const char *src1,
                  const char *words)
{
   struct glsl_program *p = test_link(mem, version, es, o, s0, src0, s1,
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

/* Nested structures, arrays of structures, matrices in both majors:
 *
 *   struct Inner { vec3 v; float f; };   v 0, f 12 (fills v's vec4);
 *                                        size 16, alignment 16
 *   struct Outer { float a; Inner in_[2]; mat3 m; };
 *      a 0; in_ 16 (array of structures: alignment 16, stride 16) to 48;
 *      m 48 (three vec3 columns, each aligned like a vec4: stride 16) to
 *      96; size 96
 *   block B:
 *      vec3 p       0
 *      float q      12   (after a vec3, a float fits in its last slot)
 *      Outer o[2]   16   (stride 96), o[1] at 112, ends at 208
 *      layout(row_major) mat2x3 r[2]
 *                   208  (3 rows of vec2, each rounded up to 16: 48 bytes
 *                         a matrix, array stride 48, matrix stride 16)
 *      bool b       304
 *      ivec2 iv     312  (aligned to 8), block size 320 */
static void
test_std140_nested(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_ok(
      mem, 300, true, NULL, es_vs,
      "#version 300 es\n"
      "precision highp float;\n"
      "struct Inner { vec3 v; float f; };\n"
      "struct Outer { float a; Inner in_[2]; mat3 m; };\n"
      "layout(std140) uniform B {\n"
      "   vec3 p; float q; Outer o[2];\n"
      "   layout(row_major) mat2x3 r[2];\n"
      "   bool b; ivec2 iv;\n"
      "};\n"
      "out vec4 color;\n"
      "void main() {\n"
      "   color = vec4(o[1].in_[1].f, o[1].m[2][1], r[1][1][2],\n"
      "                b ? float(iv.y) : q);\n"
      "}\n");
   assert_int_equal(p->num_ubos, 1);
   const struct glsl_program_block *b = &p->ubos[0];
   assert_int_equal(b->size_B, 320);
   static const struct {
      const char *name;
      unsigned offset, array_stride, matrix_stride;
   } want[] = {
      {"p", 0, 0, 0},
      {"q", 12, 0, 0},
      {"o[0].a", 16, 0, 0},
      {"o[0].in_[0].v", 32, 0, 0},
      {"o[0].in_[0].f", 44, 0, 0},
      {"o[0].in_[1].v", 48, 0, 0},
      {"o[0].in_[1].f", 60, 0, 0},
      {"o[0].m", 64, 0, 16},
      {"o[1].a", 112, 0, 0},
      {"o[1].in_[1].f", 156, 0, 0},
      {"o[1].m", 160, 0, 16},
      {"r[0]", 208, 48, 16},
      {"b", 304, 0, 0},
      {"iv", 312, 0, 0},
   };
   assert_int_equal(b->num_members, 17);
   for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
      const struct glsl_program_block_member *m = member(b, want[i].name);
      if (m->offset_B != want[i].offset ||
          m->array_stride_B != want[i].array_stride ||
          m->matrix_stride_B != want[i].matrix_stride)
         fail_msg("%s: offset %u stride %u matrix stride %u", m->name,
                  m->offset_B, m->array_stride_B, m->matrix_stride_B);
   }
   assert_true(member(b, "r[0]")->row_major);
   assert_int_equal(member(b, "r[0]")->array_size, 2);
   assert_false(member(b, "o[1].m")->row_major);

   /* The shader reads the same bytes: o[1].in_[1].f at 156, o[1].m[2][1]
    * (column 2, row 1) at 160 + 32 + 4 = 196, r[1][1][2] (column 1 of
    * row 2 of the second matrix) at 208 + 48 + 32 + 4 = 292, iv.y at
    * 316 when b (304) is true. */
   uint8_t data[320] = {0};
   const float f156 = 1.5f, f196 = 2.5f, f292 = 3.5f;
   const int32_t ivy = -4;
   const uint32_t on = 1;
   memcpy(data + 156, &f156, 4);
   memcpy(data + 196, &f196, 4);
   memcpy(data + 292, &f292, 4);
   memcpy(data + 316, &ivy, 4);
   memcpy(data + 304, &on, 4);
   nir_const_value out[TEST_CELLS] = {0};
   nir_eval_state es;
   memset(&es, 0, sizeof(es));
   es.ubos[0].data = data;
   es.ubos[0].size_B = sizeof(data);
   es.outputs = out;
   es.num_output_cells = TEST_CELLS;
   assert_true(nir_eval_run(p->nir[MESA_SHADER_FRAGMENT], &es));
   const float o[4] = {1.5f, 2.5f, 3.5f, -4.0f};
   for (unsigned i = 0; i < 4; i++)
      assert_float_equal(out[FRAG_RESULT_DATA0 * 4 + i].f32, o[i], 0);
   ralloc_free(mem);
}

/* A block array with an instance name and an explicit binding (GLSL
 * 4.20): one block per element, "Blk[0]" ..., consecutive binding points;
 * members are named after the block ("Blk.c", GL 4.6 7.3.1.1).  Its size
 * is a constant expression.  The shader indexes with constants. */
static void
test_block_array(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_ok(
      mem, 420, false, NULL,
      "#version 420\n"
      "in vec4 pos;\n"
      "void main() { gl_Position = pos; }\n",
      "#version 420\n"
      "const int N = 2 + 1;\n"
      "layout(std140, binding = 3) uniform Blk { vec4 c; float k; } blk[N];\n"
      "out vec4 color;\n"
      "void main() { color = blk[0].c + blk[2].c * blk[1].k; }\n");
   assert_int_equal(p->num_ubos, 3);
   for (unsigned i = 0; i < 3; i++) {
      char name[16];
      snprintf(name, sizeof(name), "Blk[%u]", i);
      assert_string_equal(p->ubos[i].name, name);
      assert_int_equal(p->ubos[i].binding, 3 + (int)i);
      assert_int_equal(p->ubos[i].size_B, 32);
      assert_int_equal(p->ubos[i].num_members, 2);
      assert_string_equal(p->ubos[i].members[0].name, "Blk.c");
      assert_string_equal(p->ubos[i].members[1].name, "Blk.k");
      assert_int_equal(p->ubos[i].members[1].offset_B, 16);
   }
   /* c of block 0 + c of block 2 times k of block 1. */
   float b0[8] = {1, 2, 3, 4}, b1[8] = {0, 0, 0, 0, 10}, b2[8] = {1, 1, 1,
                                                                    1};
   nir_const_value out[TEST_CELLS] = {0};
   nir_eval_state es;
   memset(&es, 0, sizeof(es));
   es.ubos[0].data = (uint8_t *)b0;
   es.ubos[1].data = (uint8_t *)b1;
   es.ubos[2].data = (uint8_t *)b2;
   for (unsigned i = 0; i < 3; i++)
      es.ubos[i].size_B = 32;
   es.outputs = out;
   es.num_output_cells = TEST_CELLS;
   assert_true(nir_eval_run(p->nir[MESA_SHADER_FRAGMENT], &es));
   const float o[4] = {11, 12, 13, 14};
   for (unsigned i = 0; i < 4; i++)
      assert_float_equal(out[FRAG_RESULT_DATA0 * 4 + i].f32, o[i], 0);
   ralloc_free(mem);
}

/* Arrays of arrays of blocks (GLSL 4.30): one block per element, row by
 * row, "B[i][j]"; constant and run-time indices pick the same block. */
static void
test_block_array_of_arrays(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_ok(
      mem, 430, false, NULL,
      "#version 430\n"
      "in vec4 pos;\n"
      "void main() { gl_Position = pos; }\n",
      "#version 430\n"
      "uniform B { vec4 c; } arr[2][3];\n"
      "uniform int n, m;\n"
      "out vec4 color;\n"
      "void main() { color = vec4(arr[1][2].c.x, arr[n][m].c.x, 0, 0); }\n");
   assert_int_equal(p->num_ubos, 6);
   static const char *names[] = {"B[0][0]", "B[0][1]", "B[0][2]",
                                 "B[1][0]", "B[1][1]", "B[1][2]"};
   for (unsigned i = 0; i < 6; i++) {
      assert_string_equal(p->ubos[i].name, names[i]);
      assert_string_equal(p->ubos[i].members[0].name, "B.c");
   }
   float blocks[6][4];
   for (unsigned i = 0; i < 6; i++)
      blocks[i][0] = blocks[i][1] = blocks[i][2] = blocks[i][3] =
         (float)(10 + i);
   for (int n = 0; n < 2; n++) {
      for (int m = 0; m < 3; m++) {
         struct test_uniforms u;
         test_uniforms_init(&u, p);
         unsigned elem;
         const struct glsl_program_uniform *un = glsl_program_uniform_at(
            p, glsl_program_uniform_location(p, "n"), &elem);
         const struct glsl_program_uniform *um = glsl_program_uniform_at(
            p, glsl_program_uniform_location(p, "m"), &elem);
         assert_true(un && um);
         u.cells[un->offset_B / 4].i32 = n;
         u.cells[um->offset_B / 4].i32 = m;
         nir_const_value out[TEST_CELLS] = {0};
         nir_eval_state es;
         memset(&es, 0, sizeof(es));
         for (unsigned i = 0; i < 6; i++) {
            es.ubos[i].data = (uint8_t *)blocks[i];
            es.ubos[i].size_B = 16;
         }
         es.uniforms = u.cells;
         es.num_uniform_cells = TEST_CELLS;
         es.outputs = out;
         es.num_output_cells = TEST_CELLS;
         assert_true(nir_eval_run(p->nir[MESA_SHADER_FRAGMENT], &es));
         assert_float_equal(out[FRAG_RESULT_DATA0 * 4].f32, 15.0f, 0);
         assert_float_equal(out[FRAG_RESULT_DATA0 * 4 + 1].f32,
                            (float)(10 + 3 * n + m), 0);
      }
   }
   ralloc_free(mem);
}

/* Records the constant block indices the stage's load_ubo use. */
static unsigned
ubo_indices_used(nir_shader *nir)
{
   unsigned mask = 0;
   nir_foreach_function_impl(impl, nir) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            if (intr->intrinsic != nir_intrinsic_load_ubo)
               continue;
            nir_instr *src = nir_def_instr(intr->src[0].ssa);
            assert_int_equal(src->type, nir_instr_type_load_const);
            mask |= 1u << nir_instr_as_load_const(src)->value[0].u32;
         }
      }
   }
   return mask;
}

/* Blocks of one name in two stages are one block with one index; each
 * stage's load_ubo uses the program's index, and the block knows the
 * stages that read it. */
static void
test_program_indices(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_ok(
      mem, 300, true, NULL,
      "#version 300 es\n"
      "uniform A { vec4 a; };\n"
      "uniform S { vec4 s; };\n"
      "in vec4 pos;\n"
      "void main() { gl_Position = pos + a + s; }\n",
      "#version 300 es\n"
      "precision highp float;\n"
      "uniform S { vec4 s; };\n"
      "uniform C { vec4 c; };\n"
      "out vec4 color;\n"
      "void main() { color = s * c; }\n");
   assert_int_equal(p->num_ubos, 3);
   int ia = -1, is = -1, ic = -1;
   for (unsigned i = 0; i < 3; i++) {
      if (!strcmp(p->ubos[i].name, "A"))
         ia = (int)i;
      if (!strcmp(p->ubos[i].name, "S"))
         is = (int)i;
      if (!strcmp(p->ubos[i].name, "C"))
         ic = (int)i;
   }
   assert_true(ia >= 0 && is >= 0 && ic >= 0);
   assert_int_equal(p->ubos[is].stages, (1u << MESA_SHADER_VERTEX) |
                                           (1u << MESA_SHADER_FRAGMENT));
   assert_int_equal(p->ubos[ic].stages, 1u << MESA_SHADER_FRAGMENT);
   assert_int_equal(ubo_indices_used(p->nir[MESA_SHADER_VERTEX]),
                    (1u << ia) | (1u << is));
   assert_int_equal(ubo_indices_used(p->nir[MESA_SHADER_FRAGMENT]),
                    (1u << is) | (1u << ic));
   ralloc_free(mem);
}

/* A block array indexed at run time (GLSL 4.00) in a stage whose blocks
 * do not start the program's list: its load_ubo must use the program's
 * indices.  Program blocks: A (0, vertex shader), B[0] (1), B[1] (2);
 * the fragment shader reads b[n].c with n a uniform. */
static void
test_dynamic_index_renumbered(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_ok(
      mem, 400, false, NULL,
      "#version 400\n"
      "uniform A { vec4 a; };\n"
      "in vec4 pos;\n"
      "void main() { gl_Position = pos + a; }\n",
      "#version 400\n"
      "uniform B { vec4 c; } b[2];\n"
      "uniform int n;\n"
      "out vec4 color;\n"
      "void main() { color = b[n].c; }\n");
   assert_int_equal(p->num_ubos, 3);
   assert_string_equal(p->ubos[0].name, "A");
   assert_string_equal(p->ubos[2].name, "B[1]");
   float blocks[3][4] = {{1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}};
   for (int n = 0; n < 2; n++) {
      struct test_uniforms u;
      test_uniforms_init(&u, p);
      int loc = glsl_program_uniform_location(p, "n");
      unsigned elem;
      const struct glsl_program_uniform *un =
         glsl_program_uniform_at(p, loc, &elem);
      assert_non_null(un);
      u.cells[un->offset_B / 4].i32 = n;
      nir_const_value out[TEST_CELLS] = {0};
      nir_eval_state es;
      memset(&es, 0, sizeof(es));
      for (unsigned i = 0; i < 3; i++) {
         es.ubos[i].data = (uint8_t *)blocks[i];
         es.ubos[i].size_B = 16;
      }
      es.uniforms = u.cells;
      es.num_uniform_cells = TEST_CELLS;
      es.outputs = out;
      es.num_output_cells = TEST_CELLS;
      assert_true(nir_eval_run(p->nir[MESA_SHADER_FRAGMENT], &es));
      assert_float_equal(out[FRAG_RESULT_DATA0 * 4].f32, 2.0f + n, 0);
   }
   ralloc_free(mem);
}

/* GL 4.6 7.6.2 (ARB_uniform_buffer_object): blocks of one name must have
 * the same members, types and layout qualifiers in every shader. */
static void
test_mismatched_blocks(void **state)
{
   void *mem = ralloc_context(NULL);
   const char *fs = "#version 300 es\n"
                    "precision highp float;\n"
                    "uniform U { vec4 a; };\n"
                    "out vec4 color;\n"
                    "void main() { color = a; }\n";
   expect_link_error(mem, 300, true, NULL, MESA_SHADER_VERTEX,
                     "#version 300 es\n"
                     "uniform U { vec3 a; };\n"
                     "void main() { gl_Position = vec4(a, 1.0); }\n",
                     MESA_SHADER_FRAGMENT, fs, "uniform block 'U'");
   expect_link_error(mem, 300, true, NULL, MESA_SHADER_VERTEX,
                     "#version 300 es\n"
                     "uniform U { vec4 b; };\n"
                     "void main() { gl_Position = b; }\n",
                     MESA_SHADER_FRAGMENT, fs, "uniform block 'U'");
   expect_link_error(mem, 300, true, NULL, MESA_SHADER_VERTEX,
                     "#version 300 es\n"
                     "uniform U { layout(row_major) mat4 a; };\n"
                     "void main() { gl_Position = a[0]; }\n",
                     MESA_SHADER_FRAGMENT,
                     "#version 300 es\n"
                     "precision highp float;\n"
                     "uniform U { mat4 a; };\n"
                     "out vec4 color;\n"
                     "void main() { color = a[0]; }\n",
                     "uniform block 'U'");
   /* Different explicit bindings (GLSL 4.20); one shader without a
    * binding takes the other's. */
   expect_link_error(mem, 420, false, NULL, MESA_SHADER_VERTEX,
                     "#version 420\n"
                     "layout(binding = 1) uniform U { vec4 a; };\n"
                     "void main() { gl_Position = a; }\n",
                     MESA_SHADER_FRAGMENT,
                     "#version 420\n"
                     "layout(binding = 2) uniform U { vec4 a; };\n"
                     "out vec4 color;\n"
                     "void main() { color = a; }\n",
                     "different bindings");
   struct glsl_program *p = link_ok(
      mem, 420, false, NULL,
      "#version 420\n"
      "uniform U { vec4 a; };\n"
      "void main() { gl_Position = a; }\n",
      "#version 420\n"
      "layout(binding = 2) uniform U { vec4 a; };\n"
      "out vec4 color;\n"
      "void main() { color = a; }\n");
   assert_int_equal(p->ubos[0].binding, 2);
   /* Two shaders of one stage (desktop GLSL allows several). */
   expect_link_error(mem, 140, false, NULL, MESA_SHADER_FRAGMENT,
                     "#version 140\n"
                     "uniform U { vec4 a; };\n"
                     "vec4 get() { return a; }\n",
                     MESA_SHADER_FRAGMENT,
                     "#version 140\n"
                     "uniform U { vec4 a; float extra; };\n"
                     "void main() { gl_FragColor = a; }\n",
                     "uniform block 'U'");
   ralloc_free(mem);
}

/* GLSL ES 3.00 4.3.7: matched blocks have the same sequence of types,
 * precisions and member names.  Members qualified in both shaders are
 * compared; one left to its stage's default is not (as for default-block
 * uniforms); desktop GLSL ignores precision. */
static void
test_block_member_precision(void **state)
{
   void *mem = ralloc_context(NULL);
#define PREC_VS(m)                                                         \
   "#version 300 es\nuniform U { " m " } u;\n"                            \
   "void main() { gl_Position = u.a; }\n"
#define PREC_FS(m)                                                         \
   "#version 300 es\nprecision mediump float;\nuniform U { " m " } u;\n"  \
   "out vec4 color;\nvoid main() { color = u.a; }\n"
   expect_link_error(mem, 300, true, NULL, MESA_SHADER_VERTEX,
                     PREC_VS("mediump vec4 a;"), MESA_SHADER_FRAGMENT,
                     PREC_FS("highp vec4 a;"), "member 'a'");
   expect_link_error(mem, 300, true, NULL, MESA_SHADER_VERTEX,
                     PREC_VS("highp vec4 a; lowp float b;"),
                     MESA_SHADER_FRAGMENT,
                     PREC_FS("highp vec4 a; mediump float b;"),
                     "member 'b'");
   link_ok(mem, 300, true, NULL, PREC_VS("mediump vec4 a;"),
           PREC_FS("mediump vec4 a;"));
   link_ok(mem, 300, true, NULL, PREC_VS("vec4 a;"),
           PREC_FS("highp vec4 a;"));
   /* Since wave 15 a member without a qualifier has its stage's default
    * precision where the block is declared (GLSL ES 3.00 4.5.4): highp
    * in the vertex shader, mediump under the fragment shader's
    * "precision mediump float" */
   expect_link_error(mem, 300, true, NULL, MESA_SHADER_VERTEX,
                     PREC_VS("vec4 a;"), MESA_SHADER_FRAGMENT,
                     PREC_FS("vec4 a;"), "member 'a'");
   link_ok(mem, 300, true, NULL, PREC_VS("mediump vec4 a;"),
           PREC_FS("vec4 a;"));
   /* ints: highp in vertex shaders, mediump in fragment shaders */
   expect_link_error(mem, 300, true, NULL, MESA_SHADER_VERTEX,
                     PREC_VS("vec4 a; int i;"), MESA_SHADER_FRAGMENT,
                     PREC_FS("highp vec4 a; int i;"), "member 'i'");
   link_ok(mem, 300, true, NULL, PREC_VS("vec4 a; int i;"),
           PREC_FS("highp vec4 a; highp int i;"));
   /* bool members have no precision */
   link_ok(mem, 300, true, NULL, PREC_VS("vec4 a; bool f;"),
           PREC_FS("highp vec4 a; bool f;"));
#undef PREC_VS
#undef PREC_FS
   /* desktop GLSL: precision qualifiers mean nothing (GLSL 1.30 4.5) */
   link_ok(mem, 140, false, NULL,
           "#version 140\nuniform U { mediump vec4 a; } u;\n"
           "void main() { gl_Position = u.a; }\n",
           "#version 140\nuniform U { highp vec4 a; } u;\n"
           "out vec4 color;\nvoid main() { color = u.a; }\n");
   ralloc_free(mem);
}

/* n blocks "uniform Bi { vec4 vi; };" read by one stage. */
static char *
many_blocks(void *mem, bool fragment, unsigned n, unsigned vec4s)
{
   char *s = ralloc_strdup(mem, "#version 300 es\nprecision highp float;\n");
   for (unsigned i = 0; i < n; i++)
      ralloc_asprintf_append(&s, "uniform %s%u { vec4 v%u[%u]; };\n",
                             fragment ? "F" : "V", i, i, vec4s);
   ralloc_asprintf_append(&s, "%s", fragment ? "out vec4 color;\n"
                                               : "in vec4 pos;\n");
   ralloc_asprintf_append(&s, "void main() {\n   vec4 t = vec4(0.0);\n");
   for (unsigned i = 0; i < n; i++)
      ralloc_asprintf_append(&s, "   t += v%u[0];\n", i);
   ralloc_asprintf_append(&s, "   %s = t;\n}\n",
                          fragment ? "color" : "gl_Position");
   return s;
}

/* ES 3.0.6 2.12.6.1 / GL 4.6 7.6.2: a stage with more blocks than
 * GL_MAX_<STAGE>_UNIFORM_BLOCKS, a program with more than
 * GL_MAX_COMBINED_UNIFORM_BLOCKS, or a block bigger than
 * GL_MAX_UNIFORM_BLOCK_SIZE does not link.  Defaults: 12, 24, 65536. */
static void
test_block_limits(void **state)
{
   void *mem = ralloc_context(NULL);
   const char *fs1 = "#version 300 es\n"
                     "precision highp float;\n"
                     "out vec4 color;\n"
                     "void main() { color = vec4(1.0); }\n";
   expect_link_error(mem, 300, true, NULL, MESA_SHADER_VERTEX,
                     many_blocks(mem, false, 13, 1), MESA_SHADER_FRAGMENT,
                     fs1, "GL_MAX_VERTEX_UNIFORM_BLOCKS");
   link_ok(mem, 300, true, NULL, many_blocks(mem, false, 12, 1), fs1);
   expect_link_error(mem, 300, true, NULL, MESA_SHADER_VERTEX, es_vs,
                     MESA_SHADER_FRAGMENT, many_blocks(mem, true, 13, 1),
                     "GL_MAX_FRAGMENT_UNIFORM_BLOCKS");

   /* Smaller limits from the options. */
   struct glsl_link_options o = {.max_combined_uniform_blocks = 15};
   o.max_stage_uniform_blocks[MESA_SHADER_VERTEX] = 8;
   o.max_stage_uniform_blocks[MESA_SHADER_FRAGMENT] = 8;
   expect_link_error(mem, 300, true, &o, MESA_SHADER_VERTEX,
                     many_blocks(mem, false, 9, 1), MESA_SHADER_FRAGMENT,
                     fs1, "GL_MAX_VERTEX_UNIFORM_BLOCKS");
   expect_link_error(mem, 300, true, &o, MESA_SHADER_VERTEX,
                     many_blocks(mem, false, 8, 1), MESA_SHADER_FRAGMENT,
                     many_blocks(mem, true, 8, 1),
                     "GL_MAX_COMBINED_UNIFORM_BLOCKS");
   link_ok(mem, 300, true, &o, many_blocks(mem, false, 8, 1),
           many_blocks(mem, true, 7, 1));

   /* 1025 vec4s are 16400 bytes: over 16384, under the default 65536. */
   o = (struct glsl_link_options){.max_uniform_block_size_B = 16384};
   expect_link_error(mem, 300, true, &o, MESA_SHADER_VERTEX, es_vs,
                     MESA_SHADER_FRAGMENT, many_blocks(mem, true, 1, 1025),
                     "GL_MAX_UNIFORM_BLOCK_SIZE");
   link_ok(mem, 300, true, &o, es_vs, many_blocks(mem, true, 1, 1024));
   link_ok(mem, 300, true, NULL, es_vs, many_blocks(mem, true, 1, 1025));
   expect_link_error(mem, 300, true, NULL, MESA_SHADER_VERTEX, es_vs,
                     MESA_SHADER_FRAGMENT, many_blocks(mem, true, 1, 4097),
                     "GL_MAX_UNIFORM_BLOCK_SIZE");
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_std140_nested),
      cmocka_unit_test(test_block_array),
      cmocka_unit_test(test_block_array_of_arrays),
      cmocka_unit_test(test_program_indices),
      cmocka_unit_test(test_dynamic_index_renumbered),
      cmocka_unit_test(test_mismatched_blocks),
      cmocka_unit_test(test_block_member_precision),
      cmocka_unit_test(test_block_limits),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
