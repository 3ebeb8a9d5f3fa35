/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * KHR_blend_equation_advanced in the GLSL front end and linker: the
 * layout(blend_support_*) out; qualifiers of fragment shaders, their
 * errors (the extension's additions to GLSL section 4.4.2), and the union
 * of the equations a program's fragment shaders declare
 * (glsl_program::blend_support).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "glsl_link_test_util.h"

#define EXT "#extension GL_KHR_blend_equation_advanced : require\n"

static bool
compiles(int version, bool es, gl_shader_stage stage, const char *src)
{
   void *mem = ralloc_context(NULL);
   struct glsl_compile_options o = { .stage = stage,
                                     .default_version = version,
                                     .default_es = es };
   struct glsl_parse_state *st = glsl_compile_shader(mem, src, strlen(src),
                                                     &o);
   bool ok = st && !st->log.errors;
   ralloc_free(mem);
   return ok;
}

static void
accepts_qualifiers(void **state)
{
   (void)state;
   /* skia's form: desktop GLSL 1.40 */
   assert_true(compiles(140, false, MESA_SHADER_FRAGMENT,
                        "#version 140\n" EXT
                        "layout(blend_support_multiply) out;\n"
                        "out vec4 c;\nvoid main() { c = vec4(1.0); }\n"));
   assert_true(compiles(300, true, MESA_SHADER_FRAGMENT,
                        "#version 300 es\n" EXT
                        "precision mediump float;\n"
                        "layout(blend_support_screen, "
                        "blend_support_hsl_hue) out;\n"
                        "layout(blend_support_all_equations) out;\n"
                        "out vec4 c;\nvoid main() { c = vec4(1.0); }\n"));
   /* Before GLSL 1.40 the extension makes "layout" a keyword. */
   assert_true(compiles(130, false, MESA_SHADER_FRAGMENT,
                        "#version 130\n" EXT
                        "layout(blend_support_darken) out;\n"
                        "out vec4 c;\nvoid main() { c = vec4(1.0); }\n"));
   /* The macro is defined. */
   assert_true(compiles(140, false, MESA_SHADER_FRAGMENT,
                        "#version 140\n"
                        "#ifndef GL_KHR_blend_equation_advanced\n"
                        "#error missing\n#endif\n"
                        "void main() {}\n"));
}

static void
rejects_misuse(void **state)
{
   (void)state;
   /* without the extension */
   assert_false(compiles(300, true, MESA_SHADER_FRAGMENT,
                         "#version 300 es\n"
                         "layout(blend_support_multiply) out;\n"
                         "void main() {}\n"));
   /* not in a fragment shader */
   assert_false(compiles(300, true, MESA_SHADER_VERTEX,
                         "#version 300 es\n" EXT
                         "layout(blend_support_multiply) out;\n"
                         "void main() { gl_Position = vec4(0.0); }\n"));
   /* on a variable, or on "in" */
   assert_false(compiles(300, true, MESA_SHADER_FRAGMENT,
                         "#version 300 es\n" EXT
                         "precision mediump float;\n"
                         "layout(blend_support_multiply) out vec4 c;\n"
                         "void main() { c = vec4(1.0); }\n"));
   assert_false(compiles(300, true, MESA_SHADER_FRAGMENT,
                         "#version 300 es\n" EXT
                         "layout(blend_support_multiply) in;\n"
                         "void main() {}\n"));
}

static void
links_union(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   static const char *vs = "#version 300 es\nin vec4 p;\n"
                           "void main() { gl_Position = p; }\n";
   struct glsl_program *p = test_link(
      mem, 300, true, NULL, MESA_SHADER_VERTEX, vs, MESA_SHADER_FRAGMENT,
      "#version 300 es\n" EXT "precision mediump float;\n"
      "layout(blend_support_multiply) out;\n"
      "layout(blend_support_overlay, blend_support_hsl_luminosity) out;\n"
      "out vec4 c;\nvoid main() { c = vec4(1.0); }\n");
   assert_non_null(p);
   assert_true(p->link_status);
   /* MULTIPLY 1, OVERLAY 3, HSL_LUMINOSITY 15: bits 0, 2, 14 */
   assert_int_equal(p->blend_support, (1u << 0) | (1u << 2) | (1u << 14));

   p = test_link(mem, 300, true, NULL, MESA_SHADER_VERTEX, vs,
                 MESA_SHADER_FRAGMENT,
                 "#version 300 es\n" EXT "precision mediump float;\n"
                 "layout(blend_support_all_equations) out;\n"
                 "out vec4 c;\nvoid main() { c = vec4(1.0); }\n");
   assert_non_null(p);
   assert_int_equal(p->blend_support, 0x7fff);

   p = test_link(mem, 300, true, NULL, MESA_SHADER_VERTEX, vs,
                 MESA_SHADER_FRAGMENT,
                 "#version 300 es\nprecision mediump float;\n"
                 "out vec4 c;\nvoid main() { c = vec4(1.0); }\n");
   assert_non_null(p);
   assert_int_equal(p->blend_support, 0);
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(accepts_qualifiers),
      cmocka_unit_test(rejects_misuse),
      cmocka_unit_test(links_union),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
