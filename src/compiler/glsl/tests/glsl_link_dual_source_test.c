/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Dual-source blending in the GLSL front end and linker
 * (ARB_blend_func_extended, EXT_blend_func_extended): where outputs with
 * index 1 go (FRAG_RESULT_DUAL_SRC0, glsl_program.h), the GLSL ES 1.00
 * built-ins gl_SecondaryFragColorEXT / gl_SecondaryFragDataEXT, and the
 * link errors of the extension texts (the additions to ES 3.1 section
 * 14.2.3).  Values are checked by running the linked fragment shader on
 * the NIR interpreter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "glsl_link_test_util.h"

static const char *vs300 = "#version 300 es\n"
                           "in vec4 p;\n"
                           "void main() { gl_Position = p; }\n";
static const char *vs100 = "attribute vec4 p;\n"
                           "void main() { gl_Position = p; }\n";

/* Runs the fragment shader; out[] gets its output cells. */
static void
run_fs(struct glsl_program *p, nir_const_value *out)
{
   nir_const_value in[TEST_CELLS];
   struct test_uniforms u;
   nir_eval_state es;
   memset(in, 0, sizeof(in));
   memset(out, 0, sizeof(nir_const_value) * TEST_CELLS);
   test_uniforms_init(&u, p);
   assert_true(test_run(p->nir[MESA_SHADER_FRAGMENT], in, &u, out, &es));
}

static void
assert_vec4(const nir_const_value *out, unsigned slot, float x, float y,
            float z, float w)
{
   const float want[4] = {x, y, z, w};
   for (unsigned c = 0; c < 4; c++) {
      if (out[4 * slot + c].f32 != want[c])
         fail_msg("slot %u.%u: %f, want %f", slot, c,
                  (double)out[4 * slot + c].f32, (double)want[c]);
   }
}

static const struct glsl_program_frag_output *
output(const struct glsl_program *p, const char *name)
{
   for (unsigned i = 0; i < p->num_frag_outputs; i++) {
      if (!strcmp(p->frag_outputs[i].name, name))
         return &p->frag_outputs[i];
   }
   fail_msg("no output %s", name);
   return NULL;
}

static void
test_layout_index(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   /* Declared index 1 first: locations are taken per index. */
   struct glsl_program *p = test_link(
      mem, 300, true, NULL, MESA_SHADER_VERTEX, vs300, MESA_SHADER_FRAGMENT,
      "#version 300 es\n"
      "#extension GL_EXT_blend_func_extended : enable\n"
      "layout(location = 0, index = 1) out highp vec4 b;\n"
      "layout(location = 0, index = 0) out highp vec4 a;\n"
      "void main() { a = vec4(1.0, 2.0, 3.0, 4.0);\n"
      "              b = vec4(0.5, 0.25, 0.125, 0.0625); }\n");
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   assert_int_equal(output(p, "a")->location, FRAG_RESULT_DATA0);
   assert_int_equal(output(p, "a")->index, 0);
   assert_int_equal(output(p, "b")->location, FRAG_RESULT_DATA0);
   assert_int_equal(output(p, "b")->index, 1);
   nir_const_value out[TEST_CELLS];
   run_fs(p, out);
   assert_vec4(out, FRAG_RESULT_DATA0, 1.0f, 2.0f, 3.0f, 4.0f);
   assert_vec4(out, FRAG_RESULT_DUAL_SRC0, 0.5f, 0.25f, 0.125f, 0.0625f);
   ralloc_free(mem);
}

static void
test_bindings(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   /* glBindFragDataLocationIndexed(0, 1, "b") and (0, 0, "a"); "c"
    * (bound to index 1) is used below with a layout of its own. */
   const struct glsl_location_binding bind[] = {
      {"b", 0, 1}, {"a", 0, 0}, {"c", 0, 1}};
   struct glsl_link_options o = {.frag_data_bindings = bind,
                                 .num_frag_data_bindings = 2};
   static const char *fs = "#version 130\n"
                           "out vec4 a;\n"
                           "out vec4 b;\n"
                           "void main() { a = vec4(1.0); b = vec4(2.0); }\n";
   static const char *vs = "#version 130\n"
                           "in vec4 p;\n"
                           "void main() { gl_Position = p; }\n";
   struct glsl_program *p = test_link(mem, 130, false, &o,
                                      MESA_SHADER_VERTEX, vs,
                                      MESA_SHADER_FRAGMENT, fs);
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   assert_int_equal(output(p, "b")->index, 1);
   assert_int_equal(output(p, "a")->index, 0);
   nir_const_value out[TEST_CELLS];
   run_fs(p, out);
   assert_vec4(out, FRAG_RESULT_DATA0, 1.0f, 1.0f, 1.0f, 1.0f);
   assert_vec4(out, FRAG_RESULT_DUAL_SRC0, 2.0f, 2.0f, 2.0f, 2.0f);

   /* An explicit location overrides the binding (and its index). */
   o.num_frag_data_bindings = 3;
   p = test_link(mem, 130, false, &o, MESA_SHADER_VERTEX, vs,
                 MESA_SHADER_FRAGMENT,
                 "#version 130\n"
                 "#extension GL_ARB_explicit_attrib_location : require\n"
                 "out vec4 b;\n"
                 "layout(location = 0) out vec4 c;\n"
                 "void main() { c = vec4(1.0); b = vec4(2.0); }\n");
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   assert_int_equal(output(p, "c")->index, 0);
   assert_int_equal(output(p, "b")->index, 1);
   ralloc_free(mem);
}

static bool
links(int version, bool es, const struct glsl_link_options *o,
      const char *vs, const char *fs)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = test_link(mem, version, es, o,
                                      MESA_SHADER_VERTEX, vs,
                                      MESA_SHADER_FRAGMENT, fs);
   bool ok = p && p->link_status;
   ralloc_free(mem);
   return ok;
}

static void
test_link_errors(void **state)
{
   (void)state;
#define EXT "#version 300 es\n" \
            "#extension GL_EXT_blend_func_extended : enable\n"
   /* Index 1 past MAX_DUAL_SOURCE_DRAW_BUFFERS (1). */
   assert_false(links(300, true, NULL, vs300,
                      EXT "layout(location = 0) out highp vec4 a;\n"
                          "layout(location = 1, index = 1) out highp vec4 b;\n"
                          "void main() { a = vec4(0.0); b = vec4(1.0); }\n"));
   /* Any output past it once an output has index 1. */
   assert_false(links(300, true, NULL, vs300,
                      EXT "layout(location = 1) out highp vec4 a;\n"
                          "layout(location = 0, index = 1) out highp vec4 b;\n"
                          "void main() { a = vec4(0.0); b = vec4(1.0); }\n"));
   /* The same location and index twice. */
   assert_false(links(300, true, NULL, vs300,
                      EXT "layout(location = 0, index = 1) out highp vec4 a;\n"
                          "layout(location = 0, index = 1) out highp vec4 b;\n"
                          "void main() { a = vec4(0.0); b = vec4(1.0); }\n"));
   /* Bound through the API to the same place. */
   const struct glsl_location_binding same[] = {{"a", 0, 1}, {"b", 0, 1}};
   struct glsl_link_options o = {.frag_data_bindings = same,
                                 .num_frag_data_bindings = 2};
   assert_false(links(300, true, &o, vs300,
                      EXT "out highp vec4 a;\n"
                          "out highp vec4 b;\n"
                          "void main() { a = vec4(0.0); b = vec4(1.0); }\n"));
   /* Unlocated outputs with bindings link (EXT's GLSL ES 3.00 4.4.2). */
   const struct glsl_location_binding fine[] = {{"a", 0, 0}, {"b", 0, 1}};
   o.frag_data_bindings = fine;
   assert_true(links(300, true, &o, vs300,
                     EXT "out highp vec4 a;\n"
                         "out highp vec4 b;\n"
                         "void main() { a = vec4(0.0); b = vec4(1.0); }\n"));
   /* ... and without bindings too (placed by the linker, index 0), but
    * not without the extension (GLSL ES 3.00 4.3.8.2). */
   assert_true(links(300, true, NULL, vs300,
                     EXT "out highp vec4 a;\n"
                         "out highp vec4 b[2];\n"
                         "void main() { a = vec4(0.0); b[1] = a; }\n"));
   assert_false(links(300, true, NULL, vs300,
                      "#version 300 es\n"
                      "out highp vec4 a;\n"
                      "out highp vec4 b[2];\n"
                      "void main() { a = vec4(0.0); b[1] = a; }\n"));
#undef EXT
}

static bool
compiles(int version, bool es, const char *fs)
{
   void *mem = ralloc_context(NULL);
   struct glsl_compile_options o = {.stage = MESA_SHADER_FRAGMENT,
                                    .default_version = version,
                                    .default_es = es};
   struct glsl_parse_state *sh = glsl_compile_shader(mem, fs, strlen(fs), &o);
   bool ok = sh && !sh->log.errors;
   ralloc_free(mem);
   return ok;
}

static void
test_compile_rules(void **state)
{
   (void)state;
   /* layout(index) in GLSL ES needs the extension. */
   assert_false(compiles(300, true,
                         "#version 300 es\n"
                         "layout(location = 0, index = 0) out highp vec4 a;\n"
                         "void main() { a = vec4(0.0); }\n"));
   /* index needs a location; index is 0 or 1. */
   assert_false(compiles(300, true,
                         "#version 300 es\n"
                         "#extension GL_EXT_blend_func_extended : enable\n"
                         "layout(index = 1) out highp vec4 a;\n"
                         "void main() { a = vec4(0.0); }\n"));
   assert_false(compiles(300, true,
                         "#version 300 es\n"
                         "#extension GL_EXT_blend_func_extended : enable\n"
                         "layout(location = 0, index = 2) out highp vec4 a;\n"
                         "void main() { a = vec4(0.0); }\n"));
   /* The secondary built-ins are GLSL ES 1.00 ones only. */
   assert_false(compiles(300, true,
                         "#version 300 es\n"
                         "#extension GL_EXT_blend_func_extended : enable\n"
                         "out highp vec4 a;\n"
                         "void main() { a = vec4(0.0);\n"
                         "   gl_SecondaryFragColorEXT = vec4(1.0); }\n"));
   assert_false(compiles(100, true,
                         "void main() {\n"
                         "   gl_SecondaryFragColorEXT = vec4(1.0); }\n"));
   assert_true(compiles(100, true,
                        "#extension GL_EXT_blend_func_extended : enable\n"
                        "#if GL_EXT_blend_func_extended != 1\n"
                        "#error no macro\n"
                        "#endif\n"
                        "void main() { gl_FragColor = vec4(0.0);\n"
                        "   gl_SecondaryFragColorEXT ="
                        " vec4(float(gl_MaxDualSourceDrawBuffersEXT)); }\n"));
   /* One set or the other (GLSL ES 1.00 7.2 as amended). */
   assert_false(compiles(100, true,
                         "#extension GL_EXT_blend_func_extended : enable\n"
                         "void main() { gl_FragData[0] = vec4(0.0);\n"
                         "   gl_SecondaryFragColorEXT = vec4(1.0); }\n"));
   assert_false(compiles(100, true,
                         "#extension GL_EXT_blend_func_extended : enable\n"
                         "void main() { gl_FragColor = vec4(0.0);\n"
                         "   gl_SecondaryFragDataEXT[0] = vec4(1.0); }\n"));
}

static void
test_es100_builtins(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = test_link(
      mem, 100, true, NULL, MESA_SHADER_VERTEX, vs100, MESA_SHADER_FRAGMENT,
      "#extension GL_EXT_blend_func_extended : enable\n"
      "void main() { gl_FragColor = vec4(0.25);\n"
      "   gl_SecondaryFragColorEXT = vec4(0.75, 0.5, 0.25, 1.0); }\n");
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   nir_const_value out[TEST_CELLS];
   run_fs(p, out);
   assert_vec4(out, FRAG_RESULT_COLOR, 0.25f, 0.25f, 0.25f, 0.25f);
   assert_vec4(out, FRAG_RESULT_DUAL_SRC0, 0.75f, 0.5f, 0.25f, 1.0f);

   p = test_link(mem, 100, true, NULL, MESA_SHADER_VERTEX, vs100,
                 MESA_SHADER_FRAGMENT,
                 "#extension GL_EXT_blend_func_extended : enable\n"
                 "void main() { gl_FragData[0] = vec4(0.5);\n"
                 "   gl_SecondaryFragDataEXT[0] = vec4(2.0); }\n");
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   run_fs(p, out);
   assert_vec4(out, FRAG_RESULT_DATA0, 0.5f, 0.5f, 0.5f, 0.5f);
   assert_vec4(out, FRAG_RESULT_DUAL_SRC0, 2.0f, 2.0f, 2.0f, 2.0f);
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_layout_index),
      cmocka_unit_test(test_bindings),
      cmocka_unit_test(test_link_errors),
      cmocka_unit_test(test_compile_rules),
      cmocka_unit_test(test_es100_builtins),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
