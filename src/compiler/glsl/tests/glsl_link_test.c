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
   /* ES programs need both stages. */
   p = test_link(mem, 100, true, NULL, MESA_SHADER_VERTEX,
                 "void main() { gl_Position = vec4(0.0); }\n",
                 MESA_SHADER_NONE, NULL);
   assert_false(p->link_status);
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bound_attribute_locations),
      cmocka_unit_test(test_uniform_names_and_storage),
      cmocka_unit_test(test_link_errors),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
