/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Link rules across stages and shaders, each with the outcome its
 * specification section gives (link or not): invariance, interface
 * blocks, globals shared by several shaders of a stage, varying limits.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "glsl_link_test_util.h"

/* Compiles every (stage, source) pair (ended by a NULL source; sources
 * without #version get `version`, GLSL ES when es), links them and returns the link
 * status.  A shader that does not compile fails the test. */
static bool
links(bool es, int version, ...)
{
   void *mem = ralloc_context(NULL);
   struct glsl_parse_state *sh[8];
   unsigned n = 0;
   va_list ap;
   va_start(ap, version);
   for (;;) {
      gl_shader_stage stage = va_arg(ap, gl_shader_stage);
      const char *src = va_arg(ap, const char *);
      if (!src)
         break;
      struct glsl_compile_options *o =
         rzalloc(mem, struct glsl_compile_options);
      o->stage = stage;
      o->default_version = version;
      o->default_es = es;
      sh[n] = glsl_compile_shader(mem, src, strlen(src), o);
      if (!sh[n] || sh[n]->log.errors)
         fail_msg("does not compile:\n%s\n%s", src,
                  sh[n] ? sh[n]->log.text : "");
      n++;
   }
   va_end(ap);
   struct glsl_program *p = glsl_link_program(mem, sh, n, NULL);
   assert_non_null(p);
   bool ok = p->link_status;
   ralloc_free(mem);
   return ok;
}

#define VS MESA_SHADER_VERTEX
#define GS MESA_SHADER_GEOMETRY
#define FS MESA_SHADER_FRAGMENT
#define END MESA_SHADER_NONE, NULL

/* GLSL 1.30-4.10 4.6.1: "For variables leaving one shader and coming into
 * another shader, the invariant keyword has to be used in both shaders,
 * or a link error will result."  GLSL 4.20 4.6.1: an output still matches
 * an input not declared invariant. */
static void
test_invariance_must_match(void **state)
{
   static const char vs_inv[] =
      "in vec4 p;\n"
      "invariant out float d;\n"
      "void main() { gl_Position = p; d = p.z; }\n";
   static const char vs_redecl[] =
      "in vec4 p;\n"
      "out float d;\n"
      "invariant d;\n"
      "void main() { gl_Position = p; d = p.z; }\n";
   static const char fs_plain[] =
      "in float d;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(d); }\n";
   static const char fs_inv[] =
      "invariant in float d;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(d); }\n";
   assert_false(links(false, 410, VS, vs_inv, FS, fs_plain, END));
   assert_false(links(false, 130, VS, vs_redecl, FS, fs_plain, END));
   assert_true(links(false, 130, VS, vs_redecl, FS, fs_inv, END));
   assert_true(links(false, 150, VS, vs_inv, FS, fs_inv, END));
   assert_true(links(false, 420, VS, vs_inv, FS, fs_plain, END));
   /* The rule holds on every boundary: geometry to fragment too. */
   static const char gs[] =
      "layout(triangles) in;\n"
      "layout(triangle_strip, max_vertices = 3) out;\n"
      "in float d[];\n"
      "invariant out float e;\n"
      "void main() {\n"
      "   for (int i = 0; i < 3; i++) {\n"
      "      gl_Position = vec4(d[i]); e = d[i]; EmitVertex();\n"
      "   }\n"
      "}\n";
   static const char vs_d[] =
      "out float d;\n"
      "void main() { gl_Position = vec4(0.0); d = 1.0; }\n";
   static const char fs_e[] =
      "in float e;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(e); }\n";
   static const char fs_inv_e[] =
      "in float e;\n"
      "invariant e;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(e); }\n";
   assert_false(links(false, 150, VS, vs_d, GS, gs, FS, fs_e, END));
   assert_true(links(false, 150, VS, vs_d, GS, gs, FS, fs_inv_e, END));
}

/* ARB_arrays_of_arrays: input/output blocks declared as arrays of
 * arrays match across stages when the sizes do (GLSL 4.30 4.3.9). */
static void
test_block_arrays_of_arrays(void **state)
{
   static const char vs[] =
      "in vec4 p;\n"
      "out B { vec4 a; } i[2][3];\n"
      "void main() { gl_Position = p; i[1][2].a = p; }\n";
   static const char fs[] =
      "in B { vec4 a; } i[2][3];\n"
      "uniform int k;\n"
      "out vec4 c;\n"
      "void main() { c = i[1][2].a + i[k][k].a; }\n";
   static const char fs_other[] =
      "in B { vec4 a; } i[3][2];\n"
      "out vec4 c;\n"
      "void main() { c = i[2][1].a; }\n";
   assert_true(links(false, 430, VS, vs, FS, fs, END));
   assert_false(links(false, 430, VS, vs, FS, fs_other, END));
}

/* GLSL ES 1.00 4.6.4: "gl_FragCoord can only be declared invariant if and
 * only if gl_Position is declared invariant.  Similarly gl_PointCoord can
 * only be declared invariant if and only if gl_PointSize is declared
 * invariant." and varyings' invariance must match. */
static void
test_es1_builtin_invariance(void **state)
{
   static const char vs[] =
      "void main() { gl_Position = vec4(0.0); gl_PointSize = 1.0; }\n";
   static const char vs_pos[] =
      "invariant gl_Position;\n"
      "void main() { gl_Position = vec4(0.0); gl_PointSize = 1.0; }\n";
   static const char vs_all[] =
      "#pragma STDGL invariant(all)\n"
      "void main() { gl_Position = vec4(0.0); gl_PointSize = 1.0; }\n";
   static const char fs_fc[] =
      "invariant gl_FragCoord;\n"
      "void main() { gl_FragColor = vec4(gl_FragCoord.x); }\n";
   static const char fs_pc[] =
      "invariant gl_PointCoord;\n"
      "void main() { gl_FragColor = vec4(gl_PointCoord.x); }\n";
   assert_false(links(true, 100, VS, vs, FS, fs_fc, END));
   assert_true(links(true, 100, VS, vs_pos, FS, fs_fc, END));
   assert_true(links(true, 100, VS, vs_all, FS, fs_fc, END));
   assert_false(links(true, 100, VS, vs_pos, FS, fs_pc, END));
   assert_true(links(true, 100, VS, vs_all, FS, fs_pc, END));
   /* gl_Position invariant alone is fine. */
   assert_true(links(true, 100, VS, vs_pos, FS,
                     "void main() { gl_FragColor = vec4(1.0); }\n", END));
   static const char vs_v[] =
      "invariant varying float v;\n"
      "void main() { gl_Position = vec4(0.0); v = 1.0; }\n";
   static const char fs_v[] =
      "precision mediump float;\n"
      "varying float v;\n"
      "void main() { gl_FragColor = vec4(v); }\n";
   assert_false(links(true, 100, VS, vs_v, FS, fs_v, END));
}

/* GLSL 1.50 4.3.7: an unsized array member of an interface block is
 * sized like any implicitly sized array, by the largest constant index
 * the stage uses (4.1.9: over all of the stage's shaders); the block then
 * matches the other stage's only with the same member types (4.3.7,
 * "matched ... same types"). */
static void
test_unsized_block_members(void **state)
{
   static const char vs2[] =
      "out blk { float foo[]; } o;\n"
      "void main() { o.foo[0] = 0.0; o.foo[1] = 0.0; gl_Position = "
      "vec4(0.0); }\n";
   static const char vs3_anon[] =
      "out blk { float foo[]; };\n"
      "void main() { foo[2] = 1.0; gl_Position = vec4(0.0); }\n";
   static const char fs3[] =
      "in blk { float foo[]; } i;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(i.foo[0], i.foo[1], i.foo[2], 1.0); }\n";
   static const char fs2[] =
      "in blk { float foo[]; } i;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(i.foo[1]); }\n";
   static const char fs_sized3[] =
      "in blk { float foo[3]; } i;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(i.foo[0]); }\n";
   assert_false(links(false, 150, VS, vs2, FS, fs3, END));
   assert_true(links(false, 150, VS, vs2, FS, fs2, END));
   assert_true(links(false, 150, VS, vs3_anon, FS, fs3, END));
   assert_true(links(false, 150, VS, vs3_anon, FS, fs_sized3, END));
   assert_false(links(false, 150, VS, vs2, FS, fs_sized3, END));
   /* Two vertex shaders: the size is the largest index of either. */
   static const char vs_a[] =
      "out blk { float foo[]; } o;\n"
      "void f();\n"
      "void main() { f(); o.foo[0] = 0.0; gl_Position = vec4(0.0); }\n";
   static const char vs_b[] =
      "out blk { float foo[]; } o;\n"
      "void f() { o.foo[2] = 0.0; }\n";
   assert_true(links(false, 150, VS, vs_a, VS, vs_b, FS, fs3, END));
   assert_false(links(false, 150, VS, vs_a, VS, vs_b, FS, fs2, END));
   /* Geometry inputs: each vertex's block is sized the same way. */
   static const char gs2[] =
      "layout(triangles) in;\n"
      "layout(triangle_strip, max_vertices = 3) out;\n"
      "in blk { float foo[]; } v[];\n"
      "out float e;\n"
      "void main() {\n"
      "   for (int i = 0; i < 3; i++) {\n"
      "      e = v[i].foo[1]; gl_Position = vec4(0.0); EmitVertex();\n"
      "   }\n"
      "}\n";
   static const char fs_e[] =
      "in float e;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(e); }\n";
   assert_true(links(false, 150, VS, vs2, GS, gs2, FS, fs_e, END));
   assert_false(links(false, 150, VS, vs3_anon, GS, gs2, FS, fs_e, END));
}

/* GLSL 1.50 4.3.7: blocks may be declared as arrays; "if a matching
 * block is declared as an array, then the array sizes must also match". */
static void
test_block_arrays(void **state)
{
   static const char vs[] =
      "out B { float x; vec2 y; } b[2];\n"
      "void main() {\n"
      "   for (int i = 0; i < 2; i++) { b[i].x = 1.0; b[i].y = vec2(i); }\n"
      "   gl_Position = vec4(0.0);\n"
      "}\n";
   static const char fs2[] =
      "in B { float x; vec2 y; } v[2];\n"
      "out vec4 c;\n"
      "void main() { c = vec4(v[1].x, v[0].y, v[1].y.x); }\n";
   static const char fs3[] =
      "in B { float x; vec2 y; } v[3];\n"
      "out vec4 c;\n"
      "void main() { c = vec4(v[1].x); }\n";
   assert_true(links(false, 150, VS, vs, FS, fs2, END));
   assert_false(links(false, 150, VS, vs, FS, fs3, END));
   /* Two shaders of one stage declare the block array alike. */
   static const char vs_f3[] =
      "out B { float x; vec2 y; } b[3];\n"
      "void f() { b[2].x = 0.0; }\n";
   static const char vs_f2[] =
      "out B { float x; vec2 y; } b[2];\n"
      "void f() { b[1].x = 0.0; }\n";
   static const char vs_main[] =
      "out B { float x; vec2 y; } b[2];\n"
      "void f();\n"
      "void main() { f(); b[0].x = 1.0; gl_Position = vec4(0.0); }\n";
   assert_false(links(false, 150, VS, vs_main, VS, vs_f3, FS, fs2, END));
   assert_true(links(false, 150, VS, vs_main, VS, vs_f2, FS, fs2, END));
}

/* A global declared by several shaders of a stage is one variable
 * (GLSL 1.10 4.3: globals of a stage share one namespace); initialized
 * in more than one of them, the values must agree (Mesa's rule, piglit
 * global-initializer-mismatch-*), however many shaders and in whatever
 * order. */
static void
test_global_initializers(void **state)
{
   static const char main_vs[] =
      "float g;\n"
      "void main() { gl_Position = vec4(g); }\n";
   static const char one[] = "float g = 1.0;\nvoid f1() {}\n";
   static const char one_b[] = "float g = 1.0;\nvoid f2() {}\n";
   static const char two[] = "float g = 2.0;\nvoid f3() {}\n";
   assert_true(links(false, 110, VS, main_vs, VS, one, END));
   assert_true(links(false, 110, VS, main_vs, VS, one, VS, one_b, END));
   assert_false(links(false, 110, VS, main_vs, VS, one, VS, two, END));
   assert_false(links(false, 110, VS, one, VS, main_vs, VS, two, END));
}

/* Globals of one name in several shaders of a stage are one variable:
 * GLSL 4.60 section 4.3 (shared globals: "must be declared with the same
 * type") and GLSL 1.20 section 4.3.5 (uniforms of one name in linked
 * shaders "must match" in type).  llvmpipe (Mesa's linker) refuses each
 * mismatch below (checked with shader_runner). */
static void
test_shared_global_types(void **state)
{
   static const char vs_main[] =
      "vec4 f();\n"
      "void main() { gl_Position = f(); }\n";
   static const char fs_main[] =
      "uniform vec4 a;\n"
      "vec4 f();\n"
      "void main() { gl_FragColor = a + f(); }\n";
   static const char vs[] = "void main() { gl_Position = vec4(0.0); }\n";
   /* the same uniform twice: links */
   assert_true(links(false, 120, VS, vs, FS, fs_main, FS,
                     "uniform vec4 a;\nvec4 f() { return a; }\n", END));
   /* vec3 against vec4, float against int, arrays of other elements */
   assert_false(links(false, 120, VS, vs, FS, fs_main, FS,
                      "uniform vec3 a;\nvec4 f() { return a.xyzx; }\n",
                      END));
   assert_false(links(false, 120, VS, vs_main, VS,
                      "uniform float b;\nvec4 f() { return vec4(b); }\n",
                      VS, "uniform int b;\nvoid g() {}\n", END));
   assert_false(links(false, 120, VS, vs_main, VS,
                      "uniform float b[2];\n"
                      "vec4 f() { return vec4(b[1]); }\n",
                      VS, "uniform int b[2];\nvoid g() {}\n", END));
   /* structures of one name must have the same members */
   assert_false(links(false, 120, VS, vs_main, VS,
                      "struct S { float x; };\nuniform S s;\n"
                      "vec4 f() { return vec4(s.x); }\n",
                      VS, "struct S { int x; };\nuniform S s;\n"
                      "void g() {}\n", END));
   /* plain globals and inputs too */
   assert_false(links(false, 120, VS, vs_main, VS,
                      "vec4 c;\nvec4 f() { return c; }\n",
                      VS, "vec3 c;\nvoid g() {}\n", END));
   assert_false(links(false, 120, VS, vs_main, VS,
                      "attribute vec4 c;\nvec4 f() { return c; }\n",
                      VS, "attribute vec3 c;\nvoid g() {}\n", END));
   /* one variable spelled "in"/"out" in one shader and "attribute"/
    * "varying" in the other, of the same type, links */
   assert_true(links(false, 130, VS,
                     "in vec4 p;\nout vec4 v;\nvoid g();\n"
                     "void main() { v = p; g(); gl_Position = p; }\n",
                     VS, "attribute vec4 p;\nvarying vec4 v;\n"
                     "void g() { v *= p; }\n", FS,
                     "in vec4 v;\nout vec4 c;\nvoid main() { c = v; }\n",
                     END));
}

/* GLSL 4.20 4.4.6 (ARB_shading_language_420pack): a sampler uniform of
 * the vertex and fragment shaders is one uniform, so two different
 * layout(binding) units fail the link; the same unit, or a binding in
 * one shader only, links (llvmpipe agrees; piglit's
 * different-bindings-sampler2D). */
static void
test_opaque_bindings_must_match(void **state)
{
   static const char *const vs_fmt =
      "#extension GL_ARB_shading_language_420pack : enable\n"
      "%s uniform sampler2D tex;\nin vec4 p;\nout vec4 v;\n"
      "void main() { v = texture(tex, p.xy); gl_Position = p; }\n";
   static const char *const fs_fmt =
      "#extension GL_ARB_shading_language_420pack : enable\n"
      "%s uniform sampler2D tex;\nin vec4 v;\nout vec4 c;\n"
      "void main() { c = v * texture(tex, v.xy); }\n";
   static const char *const pairs[][2] = {
      { "layout(binding = 0)", "layout(binding = 1)" },
      { "layout(binding = 3)", "layout(binding = 3)" },
      { "layout(binding = 3)", "" },
      { "", "layout(binding = 2)" },
   };
   static const bool want[] = { false, true, true, true };
   for (unsigned i = 0; i < 4; i++) {
      char vs[512], fs[512];
      snprintf(vs, sizeof(vs), vs_fmt, pairs[i][0]);
      snprintf(fs, sizeof(fs), fs_fmt, pairs[i][1]);
      assert_int_equal(links(false, 130, VS, vs, FS, fs, END), want[i]);
   }
}

/* GLSL 4.20 4.4 (ARB_shading_language_420pack): several layout(...) on
 * one declaration merge, and when a name repeats the last occurrence
 * wins: "layout(location = 3) layout(location = 1) in" is attribute 1,
 * and a block may take std140 and row_major from two layout(...).
 * Without GLSL 4.20 or the extension the second layout(...) is an error
 * (piglit's multiple-location-qualifier-in-single-declaration-*). */
static void
test_layout_groups_merge(void **state)
{
   void *mem = ralloc_context(NULL);
   static const char vs[] =
      "#version 330\n"
      "#extension GL_ARB_shading_language_420pack : enable\n"
      "layout(location = 3) layout(location = 1) in vec4 p;\n"
      "layout(std140) layout(row_major) uniform B { mat2 m; };\n"
      "void main() { gl_Position = p + vec4(m[0], m[1]); }\n";
   static const char fs[] =
      "#version 330\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
   struct glsl_program *p = test_link(mem, 330, false, NULL,
                                      MESA_SHADER_VERTEX, vs,
                                      MESA_SHADER_FRAGMENT, fs);
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   assert_int_equal(glsl_program_attrib_location(p, "p"), 1);
   struct glsl_compile_options o = { .stage = MESA_SHADER_VERTEX };
   static const char old[] =
      "#version 330\n"
      "layout(location = 3) layout(location = 1) in vec4 p;\n"
      "void main() { gl_Position = p; }\n";
   struct glsl_parse_state *st =
      glsl_compile_shader(mem, old, strlen(old), &o);
   assert_true(st == NULL || st->log.errors > 0);
   ralloc_free(mem);
}

/* A function that is declared but never defined may be called only where
 * the code never runs: in a branch whose condition is a constant
 * expression (GLSL 1.20 4.3.3 built-in calls included) that rules it
 * out.  A reachable call is a link error. */
static void
test_undefined_function_in_dead_code(void **state)
{
   static const char vs[] =
      "void main() { gl_Position = vec4(0.0); }\n";
   static const char dead[] =
      "void missing();\n"
      "void main() {\n"
      "   gl_FragColor = vec4(0.0);\n"
      "   if (false) missing();\n"
      "   else if (sqrt(4.0) != 2.0 || exp2(3.0) != 8.0) missing();\n"
      "   if (abs(-1.0) == 1.0) gl_FragColor = vec4(1.0); else missing();\n"
      "}\n";
   static const char live[] =
      "void missing();\n"
      "uniform float u;\n"
      "void main() {\n"
      "   gl_FragColor = vec4(0.0);\n"
      "   if (u > 1.0) missing();\n"
      "}\n";
   assert_true(links(false, 120, VS, vs, FS, dead, END));
   assert_false(links(false, 120, VS, vs, FS, live, END));
   /* GLSL 4.50 7.1.5: gl_HelperInvocation is a fragment input. */
   assert_true(links(false, 450, VS, vs, FS,
                     "out vec4 c;\n"
                     "void main() { c = vec4(float(gl_HelperInvocation)); "
                     "}\n", END));
}

/* "f(); f();" chains: every level calls the next twice, so inlining
 * every call would copy the deepest body 2^depth times (piglit
 * glsl-*-inline-explosion).  The calls still all run: with 10 levels the
 * deepest function adds 1.0 2^10 = 1024 times. */
static char *
doubling_chain(void *mem, unsigned depth)
{
   char *src = ralloc_asprintf(mem, "float n;\nvoid f%u() { n += 1.0; }\n",
                               depth);
   for (int k = (int)depth - 1; k >= 0; k--)
      ralloc_asprintf_append(&src, "void f%d() { f%d(); f%d(); }\n", k,
                             k + 1, k + 1);
   ralloc_asprintf_append(&src, "void main() { n = 0.0; f0(); "
                          "gl_FragColor = vec4(n); }\n");
   return src;
}

static void
test_repeated_calls(void **state)
{
   void *mem = ralloc_context(NULL);
   static const char vs[] = "void main() { gl_Position = vec4(0.0); }\n";
   struct glsl_program *p = test_link(mem, 110, false, NULL,
                                      MESA_SHADER_VERTEX, vs,
                                      MESA_SHADER_FRAGMENT,
                                      doubling_chain(mem, 10));
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   nir_const_value in[TEST_CELLS] = { 0 }, out[TEST_CELLS] = { 0 };
   nir_eval_state es;
   assert_true(test_run(p->nir[MESA_SHADER_FRAGMENT], in, NULL, out, &es));
   assert_float_equal(out[FRAG_RESULT_COLOR * 4].f32, 1024.0f, 0.0f);
   /* 70 levels (2^70 calls) translate, in linear code. */
   p = test_link(mem, 110, false, NULL, MESA_SHADER_VERTEX, vs,
                 MESA_SHADER_FRAGMENT,
                 ralloc_asprintf(mem, "uniform bool never;\n%s",
                                 doubling_chain(mem, 70)));
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   ralloc_free(mem);
}

/* Runs the vertex, then the fragment stage (without inputs or
 * uniforms) and checks the first colour output. */
static void
expect_color(const struct glsl_program *p, const float want[4])
{
   static nir_const_value vin[TEST_CELLS], vout[TEST_CELLS],
      fout[TEST_CELLS];
   nir_eval_state es;
   assert_true(test_run(p->nir[MESA_SHADER_VERTEX], vin, NULL, vout, &es));
   assert_true(test_run(p->nir[MESA_SHADER_FRAGMENT], vout, NULL, fout,
                        &es));
   for (unsigned i = 0; i < 4; i++)
      assert_float_equal(fout[FRAG_RESULT_DATA0 * 4 + i].f32, want[i], 0);
}

/* GLSL 4.60 chapter 11 counts varyings in components: an array of
 * scalars packs four to a location, so float[64] (64 components, 16
 * locations) fits the 32 locations there are.  Element i is read back
 * wherever it was written, by constant and run-time indices alike. */
static void
test_scalar_array_packing(void **state)
{
   void *mem = ralloc_context(NULL);
   static const char vs[] =
      "#version 130\n"
      "out float v[64];\n"
      "flat out int k;\n"
      "void main() {\n"
      "   for (int i = 0; i < 64; i++) v[i] = float(i) * 2.0;\n"
      "   v[5] = 100.0;\n"
      "   k = 10;\n"
      "   gl_Position = vec4(0.0);\n"
      "}\n";
   static const char fs[] =
      "#version 130\n"
      "in float v[64];\n"
      "flat in int k;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(v[k], v[5], v[63], v[k + 3]); }\n";
   struct glsl_program *p = test_link(mem, 130, false, NULL,
                                      MESA_SHADER_VERTEX, vs,
                                      MESA_SHADER_FRAGMENT, fs);
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   const float want[4] = { 20.0f, 100.0f, 126.0f, 26.0f };
   expect_color(p, want);
   ralloc_free(mem);
}

/* Mixed packing: a flat float and a flat uint fill the two components
 * left in the last location of a packed int[126], so 128 components of
 * three types fit the 32 locations (GLSL 4.60 chapter 11; piglit
 * varying-packing-mixed-types).  Each value arrives unchanged. */
static void
test_mixed_type_packing(void **state)
{
   void *mem = ralloc_context(NULL);
   static const char vs[] =
      "#version 130\n"
      "flat out float f;\n"
      "flat out uint u;\n"
      "flat out int ia[126];\n"
      "void main() {\n"
      "   f = 3.5; u = 0xfedcba98u;\n"
      "   for (int i = 0; i < 126; i++) ia[i] = i - 1000;\n"
      "   gl_Position = vec4(0.0);\n"
      "}\n";
   static const char fs[] =
      "#version 130\n"
      "flat in float f;\n"
      "flat in uint u;\n"
      "flat in int ia[126];\n"
      "out vec4 c;\n"
      "void main() {\n"
      "   c = vec4(f, float(u == 0xfedcba98u), float(ia[125]),\n"
      "            float(ia[0]));\n"
      "}\n";
   struct glsl_program *p = test_link(mem, 130, false, NULL,
                                      MESA_SHADER_VERTEX, vs,
                                      MESA_SHADER_FRAGMENT, fs);
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   const float want[4] = { 3.5f, 1.0f, -875.0f, -1000.0f };
   expect_color(p, want);
   ralloc_free(mem);
}

/* Compiles one fragment shader; returns whether it compiled. */
static bool
compiles(int version, const char *src)
{
   void *mem = ralloc_context(NULL);
   struct glsl_compile_options o = { .stage = MESA_SHADER_FRAGMENT,
                                     .default_version = version };
   struct glsl_parse_state *st = glsl_compile_shader(mem, src, strlen(src),
                                                     &o);
   bool ok = st && !st->log.errors;
   ralloc_free(mem);
   return ok;
}

/* Front-end rules the piglit link files rely on. */
static void
test_expressions(void **state)
{
   /* GLSL 1.10 5.9: the two sides of ?: "can be any type, as long their
    * types match" -- void calls included; a void result is no operand. */
   static const char void_cond[] =
      "uniform bool b;\n"
      "void f() { gl_FragColor = vec4(1.0); }\n"
      "void g() { gl_FragColor = vec4(0.0); }\n"
      "void main() { b ? f() : g(); }\n";
   assert_true(compiles(110, void_cond));
   assert_false(compiles(110, "void f() {}\nuniform bool b;\n"
                              "void main() { gl_FragColor = "
                              "vec4(b ? f() : f()); }\n"));
   /* GLSL 1.20 4.3.3: a built-in call with constant arguments is a
    * constant expression unless it is a texture lookup; a derivative of
    * a constant is 0 (the array below has 2 elements, not 3). */
   assert_true(compiles(120, "void main() {\n"
                             "   const float d = dFdx(1.0) + fwidth(2.0);\n"
                             "   float a[int(d) + 2];\n"
                             "   a[1] = d;\n"
                             "   gl_FragColor = vec4(a.length() == 2);\n"
                             "}\n"));
   assert_false(compiles(120, "uniform float u;\n"
                              "void main() { const float d = dFdx(u); "
                              "gl_FragColor = vec4(d); }\n"));
   assert_false(compiles(120, "void main() { float a[int(dFdy(1.0)) + 2];"
                              " a[2] = 1.0; gl_FragColor = vec4(a[0]); }\n"));
   /* A token pasted from a macro name met inside its own expansion is a
    * new token and expands (C11 6.10.3.3/6.10.3.4; piglit
    * nested_concat): STEP(ONE) ends as STEP_ONE(), which writes c. */
   assert_true(compiles(130, "out vec4 c;\n"
                             "#define STEP_ONE() c = vec4(1.0)\n"
                             "#define GLUE(x, y) x ## _ ## y\n"
                             "#define EVAL(x, y) GLUE(x, y)\n"
                             "#define STEP(n) EVAL(STEP, n)()\n"
                             "void main() { STEP(ONE); }\n"));
   /* Signed-integer min/max/clamp in desktop GLSL 1.10, as Mesa has them
    * (piglit vs-loop-variable-iteration-limit-unroll). */
   assert_true(compiles(110, "uniform int n;\n"
                             "void main() { gl_FragColor = vec4(float("
                             "min(n, 4) + max(n, 1) + clamp(n, 0, 3))); }\n"));
}

/* GLSL 3.30 4.3.8.1 (ARB_explicit_attrib_location): a vertex input
 * declared in several vertex shaders with explicit locations must have
 * the same location in each; one without a location takes the other's
 * (piglit glsl-explicit-location-03). */
static void
test_explicit_location_across_shaders(void **state)
{
   static const char vs_main[] =
      "layout(location = 0) in vec4 v;\n"
      "layout(location = 1) in vec3 color;\n"
      "vec3 f(void);\n"
      "out vec3 c;\n"
      "void main() { gl_Position = v; c = color + f(); }\n";
   static const char vs_other_loc[] =
      "layout(location = 2) in vec3 color;\n"
      "vec3 f(void) { return color * 3.0; }\n";
   static const char vs_same_loc[] =
      "layout(location = 1) in vec3 color;\n"
      "vec3 f(void) { return color * 3.0; }\n";
   static const char vs_no_loc[] =
      "in vec3 color;\n"
      "vec3 f(void) { return color * 3.0; }\n";
   static const char fs[] =
      "in vec3 c;\n"
      "out vec4 o;\n"
      "void main() { o = vec4(c, 1.0); }\n";

   assert_false(links(false, 330, VS, vs_main, VS, vs_other_loc, FS, fs,
                      END));
   assert_true(links(false, 330, VS, vs_main, VS, vs_same_loc, FS, fs, END));
   assert_true(links(false, 330, VS, vs_main, VS, vs_no_loc, FS, fs, END));
}

/* A function defined in two shaders of one stage does not link (GLSL
 * 4.60 section 6.1); the same name with other parameters, or a prototype
 * in one and the body in the other, does. */
static void
test_function_defined_twice(void **state)
{
   static const char vs_main[] =
      "in vec4 v;\n"
      "vec4 f(vec4 x);\n"
      "void main() { gl_Position = f(v); }\n";
   static const char vs_f[] =
      "vec4 f(vec4 x) { return x * 2.0; }\n";
   static const char vs_f_float[] =
      "vec4 f(float x) { return vec4(x); }\n";
   static const char vs_main_again[] =
      "vec4 f(vec4 x) { return x; }\n"
      "void main() { gl_Position = vec4(0.0); }\n";
   static const char fs[] =
      "out vec4 o;\n"
      "void main() { o = vec4(1.0); }\n";

   assert_true(links(false, 330, VS, vs_main, VS, vs_f, FS, fs, END));
   assert_true(links(false, 330, VS, vs_main, VS, vs_f, VS, vs_f_float, FS,
                     fs, END));
   assert_false(links(false, 330, VS, vs_main, VS, vs_f, VS, vs_main_again,
                      FS, fs, END));
   assert_false(links(false, 330, VS, vs_main, VS, vs_f, FS, fs, FS, fs,
                      END));
}

/* ARB_sample_shading: gl_SampleMask is a built-in output, so a shader
 * writing it beside user-defined colour outputs links (GLSL 1.30 7.2
 * forbids only gl_FragColor/gl_FragData beside user outputs). */
static void
test_sample_mask_with_user_outputs(void **state)
{
   static const char vs[] =
      "in vec4 v;\n"
      "void main() { gl_Position = v; }\n";
   static const char fs[] =
      "#extension GL_ARB_sample_shading : require\n"
      "out vec4 o;\n"
      "void main() {\n"
      "   o = vec4(gl_SamplePosition, float(gl_SampleID), "
      "float(gl_NumSamples));\n"
      "   gl_SampleMask[0] = 1 << gl_SampleID;\n"
      "}\n";
   assert_true(links(false, 130, VS, vs, FS, fs, END));
}

/* GLSL 4.20 4.4.2.3 (AMD/ARB_conservative_depth): "If gl_FragDepth is
 * redeclared in any fragment shader in a program, it must be redeclared
 * in all fragment shaders in that program that have static assignments
 * to gl_FragDepth.  All redeclarations of gl_FragDepth in all fragment
 * shaders in a single program must have the same set of qualifiers." */
static void
test_frag_depth_layouts_agree(void **state)
{
   static const char vs[] =
      "void main() { gl_Position = vec4(0.0); }\n";
   static const char less_main[] =
      "#extension GL_ARB_conservative_depth : require\n"
      "layout(depth_less) out float gl_FragDepth;\n"
      "void f();\n"
      "void main() { gl_FragDepth = gl_FragCoord.z; f(); }\n";
   static const char greater_f[] =
      "#extension GL_ARB_conservative_depth : require\n"
      "layout(depth_greater) out float gl_FragDepth;\n"
      "void f() { gl_FragDepth = 0.5; }\n";
   static const char less_f[] =
      "#extension GL_ARB_conservative_depth : require\n"
      "layout(depth_less) out float gl_FragDepth;\n"
      "void f() { gl_FragDepth = 0.5; }\n";
   static const char bare_f[] =
      "void f() { gl_FragDepth = 0.5; }\n";
   static const char colour_f[] =
      "void f() { gl_FragColor = vec4(1.0); }\n";
   static const char any_main[] =
      "void f();\n"
      "void main() { f(); }\n";
   assert_false(links(false, 130, VS, vs, FS, less_main, FS, greater_f,
                      END));
   assert_true(links(false, 130, VS, vs, FS, less_main, FS, less_f, END));
   /* an assignment without the redeclaration the other shader has */
   assert_false(links(false, 130, VS, vs, FS, less_main, FS, bare_f, END));
   /* a shader that does not assign gl_FragDepth need not redeclare it */
   assert_true(links(false, 130, VS, vs, FS, less_main, FS, colour_f,
                     END));
   /* no redeclaration anywhere: nothing to agree on */
   assert_true(links(false, 130, VS, vs, FS, any_main, FS, bare_f, END));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_invariance_must_match),
      cmocka_unit_test(test_es1_builtin_invariance),
      cmocka_unit_test(test_unsized_block_members),
      cmocka_unit_test(test_block_arrays),
      cmocka_unit_test(test_expressions),
      cmocka_unit_test(test_mixed_type_packing),
      cmocka_unit_test(test_global_initializers),
      cmocka_unit_test(test_shared_global_types),
      cmocka_unit_test(test_opaque_bindings_must_match),
      cmocka_unit_test(test_layout_groups_merge),
      cmocka_unit_test(test_undefined_function_in_dead_code),
      cmocka_unit_test(test_repeated_calls),
      cmocka_unit_test(test_scalar_array_packing),
      cmocka_unit_test(test_block_arrays_of_arrays),
      cmocka_unit_test(test_explicit_location_across_shaders),
      cmocka_unit_test(test_sample_mask_with_user_outputs),
      cmocka_unit_test(test_function_defined_twice),
      cmocka_unit_test(test_frag_depth_layouts_agree),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
