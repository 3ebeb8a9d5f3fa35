/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The linker: locations, the names GL reports, uniform storage and
 * defaults, and the link errors the GLSL (ES) specifications require.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "glsl_link_test_util.h"

static struct glsl_program *
link2(void *mem, int version, bool es, const struct glsl_link_options *o,
      const char *vs, const char *fs)
{
   struct glsl_program *p = test_link(mem, version, es, o,
                                      MESA_SHADER_VERTEX, vs,
                                      MESA_SHADER_FRAGMENT, fs);
   assert_non_null(p);
   return p;
}

/* ES 3.0 section 2.15.1: transform feedback captures vertex shader
 * outputs whether or not the fragment shader reads them, so an output
 * named by glTransformFeedbackVaryings keeps a slot; other unread outputs
 * are dropped. */
static void
test_captured_outputs_kept(void **state)
{
   void *mem = ralloc_context(NULL);
   const char *const xfb[] = { "x" };
   struct glsl_link_options o = { .xfb_varyings = xfb,
                                  .num_xfb_varyings = 1 };
   const char *vs = "#version 300 es\n"
                    "in vec4 p;\n"
                    "out float x;\n"
                    "out float y;\n"
                    "out vec4 c;\n"
                    "void main() { x = p.x; y = p.y; c = p; "
                    "gl_Position = p; }\n";
   const char *fs = "#version 300 es\n"
                    "precision mediump float;\n"
                    "in vec4 c;\n"
                    "out vec4 o;\n"
                    "void main() { o = c; }\n";
   struct glsl_program *p = link2(mem, 300, true, &o, vs, fs);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   int x = -1, c = -1;
   for (unsigned i = 0; i < p->num_varyings; i++) {
      assert_string_not_equal(p->varyings[i].name, "y");
      if (!strcmp(p->varyings[i].name, "x"))
         x = p->varyings[i].location;
      if (!strcmp(p->varyings[i].name, "c"))
         c = p->varyings[i].location;
   }
   assert_true(x >= VARYING_SLOT_VAR0);
   assert_true(c >= VARYING_SLOT_VAR0);
   assert_int_not_equal(x, c);
   assert_non_null(nir_find_variable_with_location(
      p->nir[MESA_SHADER_VERTEX], nir_var_shader_out, x));

   /* Without the capture, x goes the way of y. */
   p = link2(mem, 300, true, NULL, vs, fs);
   for (unsigned i = 0; i < p->num_varyings; i++)
      assert_string_not_equal(p->varyings[i].name, "x");
   ralloc_free(mem);
}

/* ES 3.0.6 section 2.12.5: two vertex shader inputs bound to one location
 * fail to link in GLSL ES 3.00, even unused; ES 2.0 allows it. */
static void
test_attribute_aliasing(void **state)
{
   void *mem = ralloc_context(NULL);
   const struct glsl_location_binding bind[] = { { "a", 0 }, { "b", 0 } };
   struct glsl_link_options o = { .attrib_bindings = bind,
                                  .num_attrib_bindings = 2 };
   struct glsl_program *p = link2(
      mem, 300, true, &o,
      "#version 300 es\n"
      "in highp float a;\n"
      "in highp float b;\n"
      "void main() { gl_Position = vec4(0.0); }\n",
      "#version 300 es\n"
      "out highp vec4 color;\n"
      "void main() { color = vec4(0.0); }\n");
   assert_false(p->link_status);
   p = link2(mem, 100, true, &o,
             "attribute float a;\n"
             "attribute float b;\n"
             "void main() { gl_Position = vec4(a + b); }\n",
             "void main() { gl_FragColor = vec4(0.0); }\n");
   assert_true(p->link_status);
   ralloc_free(mem);
}

static void
test_bound_attribute_locations(void **state)
{
   void *mem = ralloc_context(NULL);
   /* glBindAttribLocation(a_pos, 5); the mat2 attribute takes two
    * generic indices (GL 4.6 11.1.1), so it lands on 0..1 and a_uv on
    * the lowest free one after: 2. */
   const struct glsl_location_binding bind[] = { { "a_pos", 5 } };
   struct glsl_link_options o = { .attrib_bindings = bind,
                                  .num_attrib_bindings = 1 };
   struct glsl_program *p = link2(
      mem, 100, true, &o,
      "attribute vec4 a_pos;\n"
      "attribute mat2 a_m;\n"
      "attribute vec2 a_uv;\n"
      "varying vec2 v;\n"
      "void main() { v = a_m * a_uv; gl_Position = a_pos; }\n",
      "precision mediump float;\n"
      "varying vec2 v;\n"
      "void main() { gl_FragColor = vec4(v, 0.0, 1.0); }\n");
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   assert_int_equal(glsl_program_attrib_location(p, "a_pos"), 5);
   assert_int_equal(glsl_program_attrib_location(p, "a_m"), 0);
   assert_int_equal(glsl_program_attrib_location(p, "a_uv"), 2);
   /* The NIR variable carries VERT_ATTRIB_GENERIC0 + n. */
   nir_variable *var = nir_find_variable_with_location(
      p->nir[MESA_SHADER_VERTEX], nir_var_shader_in,
      VERT_ATTRIB_GENERIC0 + 5);
   assert_non_null(var);
   assert_string_equal(var->name, "a_pos");
   ralloc_free(mem);
}

static void
test_uniform_names_and_storage(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link2(
      mem, 120, false, NULL,
      "struct L { vec3 dir; float k[2]; };\n"
      "uniform L lights[2];\n"
      "uniform float w[3];\n"
      "uniform vec2 init = vec2(1.5, -2.0);\n"
      "void main() {\n"
      "   gl_Position = vec4(lights[1].dir, lights[0].k[1] + w[2] + init.y);\n"
      "}\n",
      "uniform sampler2D tex;\n"
      "void main() { gl_FragColor = texture2D(tex, vec2(0.5)); }\n");
   if (!p->link_status) {
      /* texture2D is not translated yet: the vertex stage alone. */
      p = test_link(mem, 120, false, NULL, MESA_SHADER_VERTEX,
                    "struct L { vec3 dir; float k[2]; };\n"
                    "uniform L lights[2];\n"
                    "uniform float w[3];\n"
                    "uniform vec2 init = vec2(1.5, -2.0);\n"
                    "void main() {\n"
                    "   gl_Position = vec4(lights[1].dir,\n"
                    "                      lights[0].k[1] + w[2] + init.y);\n"
                    "}\n",
                    MESA_SHADER_NONE, NULL);
      assert_non_null(p);
      if (!p->link_status)
         fail_msg("%s", p->info_log);
   }
   /* GL 4.6 7.3.1.1: structures split into leaves, arrays of basic
    * types named with "[0]". */
   int l0 = glsl_program_uniform_location(p, "lights[0].dir");
   int l1k = glsl_program_uniform_location(p, "lights[1].k");
   int l1k1 = glsl_program_uniform_location(p, "lights[1].k[1]");
   assert_true(l0 >= 0 && l1k >= 0);
   assert_int_equal(l1k1, l1k + 1);
   assert_int_equal(glsl_program_uniform_location(p, "lights[1].k[2]"), -1);
   assert_int_equal(glsl_program_uniform_location(p, "lights"), -1);
   int w0 = glsl_program_uniform_location(p, "w");
   assert_int_equal(glsl_program_uniform_location(p, "w[0]"), w0);
   assert_int_equal(glsl_program_uniform_location(p, "w[2]"), w0 + 2);
   assert_int_equal(glsl_program_uniform_location(p, "w[02]"), -1);

   /* Storage: every leaf and element starts a 16-byte slot. lights is
    * 2 * (1 + 2) slots, then w (3 slots), then init. */
   unsigned elem;
   const struct glsl_program_uniform *u =
      glsl_program_uniform_at(p, l1k1, &elem);
   assert_non_null(u);
   assert_int_equal(elem, 1);
   assert_string_equal(u->name, "lights[1].k[0]");
   assert_int_equal(u->offset_B, (3 + 1) * 16);
   const struct glsl_program_uniform *wi =
      glsl_program_uniform_at(p, w0, NULL);
   assert_int_equal(wi->offset_B, 6 * 16);
   assert_int_equal(wi->array_size, 3);
   const struct glsl_program_uniform *in =
      glsl_program_uniform_at(p, glsl_program_uniform_location(p, "init"),
                              NULL);
   assert_int_equal(in->offset_B, 9 * 16);
   /* The initializer is the default: 1.5 = 0x3fc00000, -2 = 0xc0000000 */
   assert_int_equal(p->uniform_defaults[in->offset_B / 4], 0x3fc00000);
   assert_int_equal(p->uniform_defaults[in->offset_B / 4 + 1], 0xc0000000);
   ralloc_free(mem);
}

/* A uniform with an initializer is active even when no shader reads it
 * (its value can be queried and set, as with Mesa, the reference); an
 * unused uniform without one is not. */
static void
test_unused_initialized_uniform(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = test_link(
      mem, 120, false, NULL, MESA_SHADER_VERTEX,
      "uniform float unused_init = 2.5;\n"
      "uniform float unused_plain;\n"
      "uniform float used;\n"
      "void main() { gl_Position = vec4(used); }\n",
      MESA_SHADER_NONE, NULL);
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   int loc = glsl_program_uniform_location(p, "unused_init");
   assert_true(loc >= 0);
   assert_int_equal(glsl_program_uniform_location(p, "unused_plain"), -1);
   assert_true(glsl_program_uniform_location(p, "used") >= 0);
   const struct glsl_program_uniform *u =
      glsl_program_uniform_at(p, loc, NULL);
   assert_int_equal(p->uniform_defaults[u->offset_B / 4], 0x40200000);
   ralloc_free(mem);
}

/* A uniform's initializer may read global constants (GLSL 1.20 4.3.5),
 * which may read earlier ones; the link evaluates it with exactly those
 * declared (glsl_nir_eval_initializer follows the checker's links from
 * each identifier to its constant).  Values by hand: a = 1.5,
 * v = (1.5, 3.0), s = {3.0, (1.5, 3.0)}, arr = {3.0, 4.0}. */
static void
test_initializer_reads_constants(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = test_link(
      mem, 120, false, NULL, MESA_SHADER_VERTEX,
      "const float a = 1.5;\n"
      "uniform float unrelated = 7.0;\n"
      "const vec2 v = vec2(a, 2.0 * a);\n"
      "struct S { float x; vec2 y; };\n"
      "const S s = S(v.y, v);\n"
      "const float arr[2] = float[2](s.x, 4.0), b = a + 1.0;\n"
      "uniform float u1 = arr[0] + s.y.x + float(arr.length());\n"
      "uniform vec2 u2 = v * b;\n"
      "uniform float u3 = 0.25;\n"
      "void main() { gl_Position = vec4(u1, u2, u3); }\n",
      MESA_SHADER_NONE, NULL);
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   /* no "could not be evaluated" warning */
   assert_null(strstr(p->info_log, "initializer"));
   static const struct {
      const char *name;
      uint32_t words[2];
   } want[] = {
      { "u1", { 0x40d00000 } },               /* 3 + 1.5 + 2 = 6.5 */
      { "u2", { 0x40700000, 0x40f00000 } },   /* (1.5, 3) * 2.5 */
      { "u3", { 0x3e800000 } },
      { "unrelated", { 0x40e00000 } },
   };
   for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
      int loc = glsl_program_uniform_location(p, want[i].name);
      assert_true(loc >= 0);
      const struct glsl_program_uniform *u =
         glsl_program_uniform_at(p, loc, NULL);
      for (unsigned w = 0; w < 2 && want[i].words[w]; w++)
         assert_int_equal(p->uniform_defaults[u->offset_B / 4 + w],
                          want[i].words[w]);
   }
   ralloc_free(mem);
}

/* Implicitly sized arrays take 1 + the largest constant index used on
 * them in any shader of the stage (GLSL 1.20 4.1.9); the translation
 * finds every name's largest index in one walk of the shaders
 * (g2n_implicit_array_size).  Sizes by hand: w 6 (w[5] in the second
 * shader), v 2, x 1 (never indexed by a constant: at least one). */
static void
test_implicit_array_sizes(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = test_link(
      mem, 120, false, NULL, MESA_SHADER_VERTEX,
      "uniform float w[];\n"
      "uniform vec4 v[];\n"
      "uniform float x[];\n"
      "float f();\n"
      "void main() { gl_Position = v[1] + vec4(w[2] + f() + x[0]); }\n",
      MESA_SHADER_VERTEX,
      "uniform float w[];\n"
      "float f() { return w[5] + w[1]; }\n");
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   static const struct {
      const char *name;
      int size;
   } want[] = { { "w", 6 }, { "v", 2 }, { "x", 1 } };
   for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
      int loc = glsl_program_uniform_location(p, want[i].name);
      assert_true(loc >= 0);
      const struct glsl_program_uniform *u =
         glsl_program_uniform_at(p, loc, NULL);
      assert_int_equal(u->array_size, want[i].size);
   }
   ralloc_free(mem);
}

/* Explicit uniform locations (GLSL ES 3.10 4.4.3): a uniform with
 * layout(location) takes its location and, an array, the ones after; the
 * others the lowest free ones; overlaps, a location at or past
 * GL_MAX_UNIFORM_LOCATIONS (1024) and one uniform at two locations are
 * link errors. */
static const struct glsl_program_uniform *
find_uniform(const struct glsl_program *p, const char *name)
{
   for (unsigned i = 0; i < p->num_uniforms; i++) {
      if (!strcmp(p->uniforms[i].name, name))
         return &p->uniforms[i];
   }
   fail_msg("no uniform %s", name);
   return NULL;
}

static void
test_explicit_uniform_locations(void **state)
{
   void *mem = ralloc_context(NULL);
   const char *vs = "#version 310 es\n"
                    "layout(location = 1) uniform vec4 v;\n"
                    "void main() { gl_Position = v; }\n";
   const char *fs = "#version 310 es\n"
                    "precision mediump float;\n"
                    "uniform vec4 a;\n"
                    "layout(location = 4) uniform vec4 b[2];\n"
                    "uniform vec4 c[2];\n"
                    "layout(location = 1) uniform highp vec4 v;\n"
                    "out vec4 o;\n"
                    "void main() { o = a + b[1] + c[1] + v; }\n";
   struct glsl_program *p = link2(mem, 310, true, NULL, vs, fs);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   assert_int_equal(find_uniform(p, "v")->location, 1);
   assert_int_equal(find_uniform(p, "b[0]")->location, 4);
   /* a and c fill the gaps below and between, in declaration order */
   assert_int_equal(find_uniform(p, "a")->location, 0);
   assert_int_equal(find_uniform(p, "c[0]")->location, 2);
   assert_int_equal(p->num_uniform_locations, 6);

   const char *over = "#version 310 es\n"
                      "precision mediump float;\n"
                      "layout(location = 3) uniform vec4 d[2];\n"
                      "layout(location = 4) uniform vec4 e;\n"
                      "out vec4 o;\n"
                      "void main() { o = d[0] + e; }\n";
   const char *plain = "#version 310 es\n"
                       "void main() { gl_Position = vec4(0.0); }\n";
   p = link2(mem, 310, true, NULL, plain, over);
   assert_false(p->link_status);
   const char *far = "#version 310 es\n"
                     "precision mediump float;\n"
                     "layout(location = 1023) uniform vec4 f[2];\n"
                     "out vec4 o;\n"
                     "void main() { o = f[1]; }\n";
   p = link2(mem, 310, true, NULL, plain, far);
   assert_false(p->link_status);
   const char *moved = "#version 310 es\n"
                       "layout(location = 2) uniform vec4 v;\n"
                       "void main() { gl_Position = v; }\n";
   p = link2(mem, 310, true, NULL, moved, fs);
   assert_false(p->link_status);
   /* An inactive uniform keeps its locations (glUniform* there is
    * ignored: ARB_explicit_uniform_location issue 8). */
   const char *idle = "#version 310 es\n"
                      "precision mediump float;\n"
                      "layout(location = 7) uniform float unused[2];\n"
                      "out vec4 o;\n"
                      "void main() { o = vec4(1.0); }\n";
   p = link2(mem, 310, true, NULL, plain, idle);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   assert_false(glsl_program_location_inactive(p, 6));
   assert_true(glsl_program_location_inactive(p, 7));
   assert_true(glsl_program_location_inactive(p, 8));
   assert_false(glsl_program_location_inactive(p, 9));
   assert_null(glsl_program_uniform_at(p, 7, NULL));
   ralloc_free(mem);
}

static void
test_link_errors(void **state)
{
   void *mem = ralloc_context(NULL);
   /* GLSL ES 1.00 4.3.5: a varying the fragment shader uses must be
    * declared in the vertex shader. */
   struct glsl_program *p = link2(
      mem, 100, true, NULL, "void main() { gl_Position = vec4(0.0); }\n",
      "precision mediump float;\n"
      "varying vec4 v;\n"
      "void main() { gl_FragColor = v; }\n");
   assert_false(p->link_status);
   assert_non_null(strstr(p->info_log, "'v'"));
   /* ... with the same type. */
   p = link2(mem, 100, true, NULL,
             "varying vec3 v;\n"
             "void main() { v = vec3(1.0); gl_Position = vec4(0.0); }\n",
             "precision mediump float;\n"
             "varying vec4 v;\n"
             "void main() { gl_FragColor = v; }\n");
   assert_false(p->link_status);
   assert_non_null(strstr(p->info_log, "different types"));
   /* A uniform shared by two stages has one type. */
   p = link2(mem, 100, true, NULL,
             "uniform vec4 u;\n"
             "void main() { gl_Position = u; }\n",
             "precision mediump float;\n"
             "uniform vec3 u;\n"
             "void main() { gl_FragColor = vec4(u, 1.0); }\n");
   assert_false(p->link_status);
   assert_non_null(strstr(p->info_log, "uniform 'u'"));
   /* An unused fragment varying needs no vertex output. */
   p = link2(mem, 100, true, NULL, "void main() { gl_Position = vec4(0.0); }\n",
             "precision mediump float;\n"
             "varying vec4 v;\n"
             "void main() { gl_FragColor = vec4(1.0); }\n");
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   /* Desktop GLSL 1.10-1.30: the vertex shader writes gl_Position. */
   p = test_link(mem, 120, false, NULL, MESA_SHADER_VERTEX,
                 "void main() { float x = 1.0; }\n",
                 MESA_SHADER_NONE, NULL);
   assert_false(p->link_status);
   assert_non_null(strstr(p->info_log, "gl_Position"));
   /* A single ES stage links (the API checks for separable programs). */
   p = test_link(mem, 100, true, NULL, MESA_SHADER_VERTEX,
                 "void main() { gl_Position = vec4(0.0); }\n",
                 MESA_SHADER_NONE, NULL);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   ralloc_free(mem);
}

/* Runs the program's fragment shader with data as uniform block 0 and
 * checks that it writes o to colour output 0. */
static void
expect_fs_output(const struct glsl_program *p, void *data,
                 unsigned size_B, const float o[4])
{
   nir_const_value out[TEST_CELLS] = { 0 };
   nir_eval_state es;
   memset(&es, 0, sizeof(es));
   es.ubos[0].data = (uint8_t *)data;
   es.ubos[0].size_B = size_B;
   es.outputs = out;
   es.num_output_cells = TEST_CELLS;
   assert_true(nir_eval_run(p->nir[MESA_SHADER_FRAGMENT], &es));
   for (unsigned i = 0; i < 4; i++)
      assert_float_equal(out[FRAG_RESULT_DATA0 * 4 + i].f32, o[i], 0);
}

static void
test_uniform_block_std140(void **state)
{
   void *mem = ralloc_context(NULL);
   /* std140 (GLSL 4.60 7.6.2.2), worked by hand:
    *   float a      0   (4 bytes)
    *   vec2 b       8   (aligned to 8)
    *   vec3 c       16  (aligned to 16), ends at 28
    *   S f          32  (structures align to 16); f.d 32, f.e 40 (bvec2
    *                     aligns to 8); size 16, ends at 48
    *   float g      48
    *   float h[2]   64  (arrays align to 16, stride 16), ends at 96
    *   mat2 m       96  (columns as vec2 arrays: stride 16), ends at 128
    *   vec4 j       128, block size 144 */
   struct glsl_program *p = test_link(
      mem, 300, true, NULL, MESA_SHADER_VERTEX,
      "#version 300 es\n"
      "in vec4 pos;\n"
      "void main() { gl_Position = pos; }\n",
      MESA_SHADER_FRAGMENT,
      "#version 300 es\n"
      "precision highp float;\n"
      "struct S { int d; bvec2 e; };\n"
      "layout(std140) uniform B {\n"
      "   float a; vec2 b; vec3 c; S f; float g; float h[2]; mat2 m;\n"
      "   vec4 j;\n"
      "};\n"
      "out vec4 o;\n"
      "void main() {\n"
      "   o = j + vec4(h[1], m[1][0], f.e.y ? 1.0 : 0.0, float(f.d));\n"
      "}\n");
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   assert_int_equal(p->num_ubos, 1);
   const struct glsl_program_block *b = &p->ubos[0];
   assert_string_equal(b->name, "B");
   assert_int_equal(b->size_B, 144);
   static const struct { const char *name; unsigned offset; } want[] = {
      { "a", 0 }, { "b", 8 }, { "c", 16 }, { "f.d", 32 }, { "f.e", 40 },
      { "g", 48 }, { "h[0]", 64 }, { "m", 96 }, { "j", 128 },
   };
   assert_int_equal(b->num_members, 9);
   for (unsigned i = 0; i < 9; i++) {
      assert_string_equal(b->members[i].name, want[i].name);
      assert_int_equal(b->members[i].offset_B, want[i].offset);
   }
   assert_int_equal(b->members[6].array_stride_B, 16);
   assert_int_equal(b->members[7].matrix_stride_B, 16);

   /* Run it on a buffer: j = (1, 2, 3, 4), h[1] = 10, m[1][0] = 20,
    * f.e.y = true, f.d = 7 -> o = (11, 22, 4, 11). */
   uint8_t data[144] = { 0 };
   const float j[4] = { 1, 2, 3, 4 }, h1 = 10, m10 = 20;
   const uint32_t ey = 1, d = 7;
   memcpy(data + 128, j, 16);
   memcpy(data + 64 + 16, &h1, 4);
   memcpy(data + 96 + 16, &m10, 4);
   memcpy(data + 40 + 4, &ey, 4);
   memcpy(data + 32, &d, 4);
   const float o[4] = { 11, 22, 4, 11 };
   expect_fs_output(p, data, sizeof(data), o);
   ralloc_free(mem);
}

static void
test_uniform_block_row_major(void **state)
{
   void *mem = ralloc_context(NULL);
   /* layout(row_major) mat2x3 r (2 columns, 3 rows) is stored as 3 rows of
    * vec2, each rounded up to 16 bytes in std140: after float a (0) it
    * starts at 16 with matrix stride 16; column 1 is the second float of
    * each row: bytes 20, 36, 52. */
   struct glsl_program *p = test_link(
      mem, 300, true, NULL, MESA_SHADER_VERTEX,
      "#version 300 es\n"
      "in vec4 pos;\n"
      "void main() { gl_Position = pos; }\n",
      MESA_SHADER_FRAGMENT,
      "#version 300 es\n"
      "precision highp float;\n"
      "layout(std140) uniform B { float a; layout(row_major) mat2x3 r; };\n"
      "out vec4 o;\n"
      "void main() { o = vec4(r[1], a); }\n");
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   const struct glsl_program_block_member *m = &p->ubos[0].members[1];
   assert_string_equal(m->name, "r");
   assert_int_equal(m->offset_B, 16);
   assert_int_equal(m->matrix_stride_B, 16);
   assert_true(m->row_major);
   float data[16] = { 0 };
   data[0] = 9.0f;              /* a */
   data[5] = 1.0f;              /* row 0, column 1 */
   data[9] = 2.0f;              /* row 1, column 1 */
   data[13] = 3.0f;             /* row 2, column 1 */
   const float o[4] = { 1, 2, 3, 9 };
   expect_fs_output(p, data, sizeof(data), o);
   ralloc_free(mem);
}

/* A block without a packing qualifier is "shared" (GLSL ES 3.00 4.3.8.3),
 * whose layout is ours to choose: the std430 rules, as Mesa's gallium
 * drivers with PIPE_CAP_LOAD_CONSTBUF give it (llvmpipe reports an int
 * array stride of 4; piglit's gles-3.0-transform-feedback-uniform-buffer-
 * object reads captured ints that way).  float a at 0, int x[3] at 4
 * with stride 4, row-major mat2x3 r as 3 rows of vec2 at 16 with stride
 * 8 (its column 1: bytes 20, 28, 36); 40 bytes in all. */
static void
test_uniform_block_shared_std430(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = test_link(
      mem, 300, true, NULL, MESA_SHADER_VERTEX,
      "#version 300 es\n"
      "in vec4 pos;\n"
      "void main() { gl_Position = pos; }\n",
      MESA_SHADER_FRAGMENT,
      "#version 300 es\n"
      "precision highp float;\n"
      "uniform B { float a; int x[3]; layout(row_major) mat2x3 r; };\n"
      "out vec4 o;\n"
      "void main() { o = vec4(r[1].xy, float(x[2]), a); }\n");
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   assert_int_equal(p->ubos[0].size_B, 40);
   const struct glsl_program_block_member *x = &p->ubos[0].members[1];
   assert_string_equal(x->name, "x[0]");
   assert_int_equal(x->offset_B, 4);
   assert_int_equal(x->array_stride_B, 4);
   const struct glsl_program_block_member *r = &p->ubos[0].members[2];
   assert_int_equal(r->offset_B, 16);
   assert_int_equal(r->matrix_stride_B, 8);
   float data[10] = { 0 };
   int32_t x2 = 7;
   data[0] = 9.0f;              /* a */
   memcpy(&data[3], &x2, 4);    /* x[2] */
   data[5] = 1.0f;              /* r: row 0, column 1 */
   data[7] = 2.0f;              /* row 1, column 1 */
   const float o[4] = { 1, 2, 7, 9 };
   expect_fs_output(p, data, sizeof(data), o);
   ralloc_free(mem);
}

/* GL 4.6 7.6: using more than a stage's GL_MAX_<STAGE>_UNIFORM_COMPONENTS
 * in the default block is a link error; exactly the limit links (piglit's
 * arb_tessellation_shader-large-uniforms builds "uniform float a[N]" with
 * N the limit, then N + 1).  Components, not vec4 slots: a float takes 1,
 * a mat3 9, a double 2; samplers and unused uniforms take none. */
static bool
links_under_limits(unsigned vs_max, unsigned fs_max, const char *vs,
                   const char *fs, const char *want_in_log)
{
   void *mem = ralloc_context(NULL);
   struct glsl_link_options o = { .uniform_limits_set = true };
   o.max_stage_uniform_components[MESA_SHADER_VERTEX] = vs_max;
   o.max_stage_uniform_components[MESA_SHADER_FRAGMENT] = fs_max;
   struct glsl_program *p = link2(mem, 150, false, &o, vs, fs);
   bool ok = p->link_status;
   if (want_in_log) {
      assert_non_null(p->info_log);
      if (!strstr(p->info_log, want_in_log))
         fail_msg("log:\n%s\nwants: %s", p->info_log, want_in_log);
   }
   ralloc_free(mem);
   return ok;
}

static void
test_uniform_component_limits(void **state)
{
   static const char vs[] =
      "uniform float a[64];\n"
      "uniform mat3 m;\n"
      "uniform sampler2D s;\n"
      "uniform vec4 unused;\n"
      "void main() {\n"
      "   float t = 0.0;\n"
      "   for (int i = 0; i < a.length(); i++) t += a[i];\n"
      "   gl_Position = vec4(m * vec3(t), 1.0) + texture(s, vec2(0.0));\n"
      "}\n";
   static const char fs[] =
      "uniform vec4 c[3];\n"
      "out vec4 o;\n"
      "void main() { o = c[0] + c[1] + c[2]; }\n";
   /* vertex: 64 + 9 = 73 components; fragment: 12 */
   assert_true(links_under_limits(73, 12, vs, fs, NULL));
   assert_false(links_under_limits(72, 12, vs, fs,
                                   "the vertex shader uses 73 uniform "
                                   "components, more than its limit of 72 "
                                   "(GL_MAX_VERTEX_UNIFORM_COMPONENTS)"));
   assert_false(links_under_limits(73, 11, vs, fs,
                                   "the fragment shader uses 12 uniform "
                                   "components, more than its limit of 11 "
                                   "(GL_MAX_FRAGMENT_UNIFORM_COMPONENTS)"));
   /* a uniform of both stages counts in each */
   static const char vs2[] =
      "uniform vec4 shared_u[4];\n"
      "void main() { gl_Position = shared_u[0] + shared_u[3]; }\n";
   static const char fs2[] =
      "uniform vec4 shared_u[4];\n"
      "out vec4 o;\n"
      "void main() { o = shared_u[1]; }\n";
   assert_true(links_under_limits(16, 16, vs2, fs2, NULL));
   assert_false(links_under_limits(16, 15, vs2, fs2,
                                   "the fragment shader uses 16"));
   /* doubles take two components each (GL 4.0 / ARB_gpu_shader_fp64) */
   static const char vs3[] =
      "#version 400\n"
      "uniform dvec2 d;\n"
      "void main() { gl_Position = vec4(vec2(d), 0.0, 1.0); }\n";
   static const char fs3[] =
      "#version 400\n"
      "out vec4 o;\n"
      "void main() { o = vec4(1.0); }\n";
   assert_true(links_under_limits(4, 4, vs3, fs3, NULL));
   assert_false(links_under_limits(3, 4, vs3, fs3, "uses 4 uniform"));
   /* no limits given: no check */
   void *mem = ralloc_context(NULL);
   assert_true(link2(mem, 150, false, NULL, vs, fs)->link_status);
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bound_attribute_locations),
      cmocka_unit_test(test_captured_outputs_kept),
      cmocka_unit_test(test_attribute_aliasing),
      cmocka_unit_test(test_uniform_names_and_storage),
      cmocka_unit_test(test_unused_initialized_uniform),
      cmocka_unit_test(test_initializer_reads_constants),
      cmocka_unit_test(test_implicit_array_sizes),
      cmocka_unit_test(test_link_errors),
      cmocka_unit_test(test_explicit_uniform_locations),
      cmocka_unit_test(test_uniform_block_std140),
      cmocka_unit_test(test_uniform_block_row_major),
      cmocka_unit_test(test_uniform_block_shared_std430),
      cmocka_unit_test(test_uniform_component_limits),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
