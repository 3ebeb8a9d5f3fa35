/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The linker's rules for separate shader objects (ARB_separate_shader_
 * objects, GL 4.6 7.3/7.4.1): inputs with a location meet the output at
 * that location whatever its name, a separable program may start at its
 * geometry stage, a program pipeline's stages keep their own uniforms,
 * a geometry input array's location counts one vertex, and a pipeline's
 * unmatched inputs meet outputs in declaration order.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "glsl_link_test_util.h"
#include "nir.h"

static int
var_location(nir_shader *nir, nir_variable_mode mode, const char *name)
{
   nir_foreach_variable_with_modes(v, nir, mode) {
      if (v->name && !strcmp(v->name, name))
         return v->data.location;
   }
   return -1;
}

/* GL 4.6 7.4.1: the vertex output b (location 3) feeds the fragment
 * input a (location 3), not the output named a. */
static void
test_rendezvous_by_location(void **state)
{
   void *mem = ralloc_context(NULL);
   static const char vs[] =
      "#version 330\n"
      "#extension GL_ARB_separate_shader_objects : require\n"
      "layout(location = 2) out vec3 a;\n"
      "layout(location = 3) out vec3 b;\n"
      "void main() { gl_Position = vec4(0.0); a = vec3(1.0);\n"
      "              b = vec3(2.0); }\n";
   static const char fs[] =
      "#version 330\n"
      "#extension GL_ARB_separate_shader_objects : require\n"
      "layout(location = 3) in vec3 a;\n"
      "layout(location = 2) in vec3 b;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(a - b, 1.0); }\n";
   struct glsl_program *p = test_link(mem, 330, false, NULL,
                                      MESA_SHADER_VERTEX, vs,
                                      MESA_SHADER_FRAGMENT, fs);
   assert_non_null(p);
   assert_true(p->link_status);
   nir_shader *v = p->nir[MESA_SHADER_VERTEX];
   nir_shader *f = p->nir[MESA_SHADER_FRAGMENT];
   int vb = var_location(v, nir_var_shader_out, "b");
   int va = var_location(v, nir_var_shader_out, "a");
   assert_true(vb >= 0 && va >= 0 && va != vb);
   assert_int_equal(var_location(f, nir_var_shader_in, "a"), vb);
   assert_int_equal(var_location(f, nir_var_shader_in, "b"), va);
   ralloc_free(mem);
}

/* An input with a location and no output there does not fall back to
 * the output of its name. */
static void
test_location_input_needs_location_output(void **state)
{
   void *mem = ralloc_context(NULL);
   static const char vs[] =
      "#version 330\n"
      "#extension GL_ARB_separate_shader_objects : require\n"
      "out vec3 a;\n"
      "void main() { gl_Position = vec4(0.0); a = vec3(1.0); }\n";
   static const char fs[] =
      "#version 330\n"
      "#extension GL_ARB_separate_shader_objects : require\n"
      "layout(location = 5) in vec3 a;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(a, 1.0); }\n";
   struct glsl_program *p = test_link(mem, 330, false, NULL,
                                      MESA_SHADER_VERTEX, vs,
                                      MESA_SHADER_FRAGMENT, fs);
   assert_non_null(p);
   assert_false(p->link_status);
   ralloc_free(mem);
}

static const char gs_src[] =
   "#version 150\n"
   "#extension GL_ARB_separate_shader_objects : require\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 3) out;\n"
   "layout(location = 2) in vec3 va[];\n"
   "layout(location = 4) in vec3 vb[];\n"
   "out vec3 g;\n"
   "void main() {\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      gl_Position = gl_in[i].gl_Position; g = va[i] + vb[i];\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";

/* A geometry input array takes the locations of one vertex (va[] at 2
 * does not reach vb[] at 4), and a separable program needs no vertex
 * shader in front of its geometry shader (GL 4.6 7.3); an ordinary one
 * does (GL 3.2 core 2.11.3). */
static void
test_separable_geometry(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_link_options sep = { .separable = true };
   struct glsl_program *p = test_link(mem, 150, false, &sep,
                                      MESA_SHADER_GEOMETRY, gs_src,
                                      MESA_SHADER_VERTEX, NULL);
   assert_non_null(p);
   assert_true(p->link_status);
   assert_non_null(p->nir[MESA_SHADER_GEOMETRY]);
   struct glsl_program *q = test_link(mem, 150, false, NULL,
                                      MESA_SHADER_GEOMETRY, gs_src,
                                      MESA_SHADER_VERTEX, NULL);
   assert_non_null(q);
   assert_false(q->link_status);
   ralloc_free(mem);
}

/* Links vs + fs (GLSL 3.30) as one program, which must fail, then as a
 * pipeline's merged stages (stage_uniforms), which must link: returns
 * the latter. */
static struct glsl_program *
link_fails_alone(void *mem, const char *vs, const char *fs)
{
   struct glsl_program *one = test_link(mem, 330, false, NULL,
                                        MESA_SHADER_VERTEX, vs,
                                        MESA_SHADER_FRAGMENT, fs);
   assert_non_null(one);
   assert_false(one->link_status);
   struct glsl_link_options apart = { .stage_uniforms = true };
   struct glsl_program *two = test_link(mem, 330, false, &apart,
                                        MESA_SHADER_VERTEX, vs,
                                        MESA_SHADER_FRAGMENT, fs);
   assert_non_null(two);
   assert_true(two->link_status);
   return two;
}

/* Stages of a program pipeline come from different programs: a uniform
 * of one name in two of them is two uniforms, even of different types. */
static void
test_stage_uniforms(void **state)
{
   void *mem = ralloc_context(NULL);
   static const char vs[] =
      "#version 330\n"
      "uniform float u;\n"
      "void main() { gl_Position = vec4(u); }\n";
   static const char fs[] =
      "#version 330\n"
      "uniform vec4 u;\n"
      "out vec4 c;\n"
      "void main() { c = u; }\n";
   struct glsl_program *two = link_fails_alone(mem, vs, fs);
   unsigned named = 0, stages = 0;
   for (unsigned i = 0; i < two->num_uniforms; i++) {
      const struct glsl_program_uniform *e = &two->uniforms[i];
      if (strcmp(e->name, "u"))
         continue;
      named++;
      assert_int_equal(__builtin_popcount(e->stages), 1);
      stages |= e->stages;
   }
   assert_int_equal(named, 2);
   assert_int_equal(stages, (1u << MESA_SHADER_VERTEX) |
                               (1u << MESA_SHADER_FRAGMENT));
   ralloc_free(mem);
}

/* GL 4.6 7.4 (ARB_separate_shader_objects): a separable program of
 * desktop GLSL 1.50 or later reaches gl_PerVertex only through a
 * redeclaration, checked on each pair of consecutive stages (as Mesa
 * does: llvmpipe refuses a separable vertex + fragment program whose
 * vertex shader writes gl_Position bare; piglit's pervertex-*-vs-out-gs).
 * One-stage programs, ordinary programs, GLSL 1.40 (issue 28: no blocks
 * there) and a pipeline's merged stages are not concerned. */
static void
test_separable_per_vertex(void **state)
{
   void *mem = ralloc_context(NULL);
   static const char vs_bare[] =
      "in vec4 p;\nvoid main() { gl_Position = p; }\n";
   static const char vs_redecl[] =
      "out gl_PerVertex { vec4 gl_Position; };\n"
      "in vec4 p;\nvoid main() { gl_Position = p; }\n";
   static const char vs_none[] =
      "in vec4 p;\nout vec4 q;\nvoid main() { q = p; }\n";
   static const char fs[] =
      "out vec4 c;\nvoid main() { c = vec4(1.0); }\n";
   static const char gs_reads[] =
      "layout(points) in;\n"
      "layout(points, max_vertices = 1) out;\n"
      "out vec4 g;\n"
      "void main() { g = gl_in[0].gl_Position; EmitVertex(); }\n";
   struct glsl_link_options sep = { .separable = true };
   struct glsl_link_options pipe = { .separable = true,
                                     .stage_uniforms = true };
   const struct {
      int version;
      const struct glsl_link_options *o;
      gl_shader_stage s1;
      const char *src0, *src1;
      bool links;
   } cases[] = {
      { 150, &sep, MESA_SHADER_FRAGMENT, vs_bare, fs, false },
      { 150, &sep, MESA_SHADER_FRAGMENT, vs_redecl, fs, true },
      { 150, NULL, MESA_SHADER_FRAGMENT, vs_bare, fs, true },
      { 150, &pipe, MESA_SHADER_FRAGMENT, vs_bare, fs, true },
      { 150, &sep, MESA_SHADER_FRAGMENT, vs_bare, NULL, true },
      { 140, &sep, MESA_SHADER_FRAGMENT, vs_bare, fs, true },
      /* the geometry shader reads gl_in[] bare after a vertex shader
       * that does not redeclare its outputs */
      { 150, &sep, MESA_SHADER_GEOMETRY, vs_none, gs_reads, false },
      { 150, NULL, MESA_SHADER_GEOMETRY, vs_none, gs_reads, true },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct glsl_program *p =
         test_link(mem, cases[i].version, false, cases[i].o,
                   MESA_SHADER_VERTEX, cases[i].src0, cases[i].s1,
                   cases[i].src1);
      assert_non_null(p);
      if (p->link_status != cases[i].links)
         fail_msg("case %u: link status %d, want %d (%s)", i,
                  p->link_status, cases[i].links, p->info_log);
   }
   ralloc_free(mem);
}

/* GLSL 4.50 4.4.1: the members of a block with a location take
 * consecutive locations from it (an array of arrays all its elements, a
 * matrix one per column), and a member's own location restarts the
 * count; the fragment shader's block meets the vertex shader's member by
 * member (piglit's layout-location-block-with-aoa-member). */
static void
test_block_member_locations(void **state)
{
   void *mem = ralloc_context(NULL);
   static const char block[] =
      "#extension GL_ARB_arrays_of_arrays : require\n"
      "#extension GL_ARB_separate_shader_objects : require\n"
      "layout(location = 1) %s B {\n"
      "   vec4 a[2][2];\n   vec4 b;\n   mat2 m;\n"
      "   layout(location = 9) vec4 d;\n   vec4 e;\n};\n";
   const char *vs = ralloc_asprintf(
      mem, "#version 150\n%s"
      "void main() { a[1][1] = b = d = e = vec4(1.0); m = mat2(1.0);\n"
      "   gl_Position = vec4(0.0); }\n",
      ralloc_asprintf(mem, block, "out"));
   const char *fs = ralloc_asprintf(
      mem, "#version 150\n%sout vec4 c;\n"
      "void main() { c = a[1][1] + b + d + e + m[1].xyxy; }\n",
      ralloc_asprintf(mem, block, "in"));
   struct glsl_program *p = test_link(mem, 150, false, NULL,
                                      MESA_SHADER_VERTEX, vs,
                                      MESA_SHADER_FRAGMENT, fs);
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   static const char *const names[] = { "B.a", "B.b", "B.m", "B.d", "B.e" };
   static const int offsets[] = { 0, 4, 5, 8, 9 };
   for (unsigned st = 0; st < 2; st++) {
      nir_shader *nir = p->nir[st ? MESA_SHADER_FRAGMENT
                                  : MESA_SHADER_VERTEX];
      nir_variable_mode mode = st ? nir_var_shader_in : nir_var_shader_out;
      int base = var_location(nir, mode, names[0]);
      assert_true(base >= 0);
      for (unsigned i = 1; i < 5; i++)
         assert_int_equal(var_location(nir, mode, names[i]) - base,
                          offsets[i]);
   }
   ralloc_free(mem);
}

/* Structures passed between stages need the same members, not the same
 * name: the "S" output at location 0 feeds the "S1" input there (Mesa
 * compares varying structures without names; piglit's
 * layout-location-struct), but a member of another type fails. */
static void
test_varying_struct_names(void **state)
{
   void *mem = ralloc_context(NULL);
   static const char vs[] =
      "#version 150\n"
      "#extension GL_ARB_separate_shader_objects : require\n"
      "layout(location = 0) out struct S { vec4 a; } s;\n"
      "void main() { s.a = vec4(1.0); gl_Position = vec4(0.0); }\n";
   static const char fs_same[] =
      "#version 150\n"
      "#extension GL_ARB_separate_shader_objects : require\n"
      "layout(location = 0) in struct S1 { vec4 a; } t;\n"
      "out vec4 c;\nvoid main() { c = t.a; }\n";
   static const char fs_other[] =
      "#version 150\n"
      "#extension GL_ARB_separate_shader_objects : require\n"
      "layout(location = 0) in struct S1 { vec3 a; } t;\n"
      "out vec4 c;\nvoid main() { c = t.a.xyzz; }\n";
   struct glsl_program *p = test_link(mem, 150, false, NULL,
                                      MESA_SHADER_VERTEX, vs,
                                      MESA_SHADER_FRAGMENT, fs_same);
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   p = test_link(mem, 150, false, NULL, MESA_SHADER_VERTEX, vs,
                 MESA_SHADER_FRAGMENT, fs_other);
   assert_non_null(p);
   assert_false(p->link_status);
   ralloc_free(mem);
}

/* Between a pipeline's stages (stage_uniforms), an input no output name
 * matches takes the output at its own position among the unlocated
 * ones, as Mesa's separable programs place them (piglit vs-gs-linking:
 * the second input, unused first one included, meets the second
 * output).  An ordinary program keeps matching by name only. */
static void
test_pipeline_declaration_order(void **state)
{
   void *mem = ralloc_context(NULL);
   static const char vs[] =
      "#version 330\n"
      "out vec4 c0;\n"
      "out vec4 c1;\n"
      "out vec4 c2;\n"
      "void main() { gl_Position = vec4(0.0); c0 = vec4(0.0);\n"
      "              c1 = vec4(1.0); c2 = vec4(2.0); }\n";
   static const char fs[] =
      "#version 330\n"
      "in vec4 d0;\n"
      "in vec4 d1;\n"
      "out vec4 o;\n"
      "void main() { o = d1; }\n";
   struct glsl_program *two = link_fails_alone(mem, vs, fs);
   int c1 = var_location(two->nir[MESA_SHADER_VERTEX], nir_var_shader_out,
                         "c1");
   assert_true(c1 >= 0);
   assert_int_equal(var_location(two->nir[MESA_SHADER_FRAGMENT],
                                 nir_var_shader_in, "d1"),
                    c1);
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rendezvous_by_location),
      cmocka_unit_test(test_location_input_needs_location_output),
      cmocka_unit_test(test_separable_geometry),
      cmocka_unit_test(test_stage_uniforms),
      cmocka_unit_test(test_separable_per_vertex),
      cmocka_unit_test(test_block_member_locations),
      cmocka_unit_test(test_varying_struct_names),
      cmocka_unit_test(test_pipeline_declaration_order),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
