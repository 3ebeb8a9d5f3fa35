/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * #extension follows the context's extension list, not only the front
 * end's version table.  GLSL ES 3.20 and GLSL 4.60 section 3.3
 * (Preprocessor, #extension): "require" of an extension the
 * implementation does not support is a compile-time error, "enable" and
 * "warn" of one give a warning, and each supported extension has a macro
 * of its name defined to 1.  The cases compile #version 310 es shaders
 * for an ES 3.1 context that exposes GL_EXT_geometry_shader or not (ours
 * exposes neither geometry extension: src/mesa/main/extensions.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "glsl_state.h"
#include "util/ralloc.h"

/* A context's list: a NULL-terminated array of names. */
static bool
list_has(const void *data, const char *name)
{
   for (const char *const *n = data; *n; n++) {
      if (!strcmp(*n, name))
         return true;
   }
   return false;
}

static const char *const without_gs[] = { "GL_OES_shader_image_atomic",
                                          NULL };
static const char *const with_gs[] = { "GL_EXT_geometry_shader", NULL };

struct result {
   bool ok;
   bool warned;
};

/* Compile src as a `stage` shader; list NULL means no context (the
 * standalone compiler).  want_in_log, if given, must be in the log. */
static struct result
compile(gl_shader_stage stage, const char *const *list, const char *src,
        const char *want_in_log)
{
   struct glsl_compile_options opts = {
      .stage = stage,
      .has_extension = list ? list_has : NULL,
      .has_extension_data = list,
   };
   void *mem = ralloc_context(NULL);
   struct glsl_parse_state *st = glsl_compile_shader(mem, src, strlen(src),
                                                     &opts);
   assert_non_null(st);
   struct result r = { st->log.errors == 0,
                       strstr(st->log.text, "warning") != NULL };
   if (want_in_log && !strstr(st->log.text, want_in_log))
      fail_msg("'%s' not in the log:\n%s", want_in_log, st->log.text);
   ralloc_free(mem);
   return r;
}

/* src compiles with the geometry extension exposed and not without it
 * (want_in_log then in the log). */
static void
needs_gs_exposed(gl_shader_stage stage, const char *src,
                 const char *want_in_log)
{
   assert_true(compile(stage, with_gs, src, NULL).ok);
   assert_false(compile(stage, without_gs, src, want_in_log).ok);
}

#define GS_REQUIRE                                                         \
   "#version 310 es\n"                                                     \
   "#extension GL_OES_geometry_shader : require\n"                         \
   "void main() {}\n"

/* The case: ES 3.1 without the extension rejects require. */
static void
test_require_unexposed_is_error(void **state)
{
   (void)state;
   struct result r = compile(MESA_SHADER_VERTEX, without_gs, GS_REQUIRE,
                             "GL_OES_geometry_shader is not supported");
   assert_false(r.ok);
   /* the other spelling is no different when only EXT is exposed */
   r = compile(MESA_SHADER_VERTEX, with_gs, GS_REQUIRE,
               "GL_OES_geometry_shader is not supported");
   assert_false(r.ok);
}

/* enable and warn of an unsupported extension: a warning, no error. */
static void
test_enable_unexposed_warns(void **state)
{
   (void)state;
   static const char *const behaviours[] = { "enable", "warn", "disable" };
   for (unsigned i = 0; i < 3; i++) {
      char src[160];
      snprintf(src, sizeof(src),
               "#version 310 es\n"
               "#extension GL_EXT_geometry_shader : %s\n"
               "void main() {}\n", behaviours[i]);
      struct result r = compile(MESA_SHADER_VERTEX, without_gs, src,
                                "GL_EXT_geometry_shader is not supported");
      assert_true(r.ok);
      assert_true(r.warned);
   }
}

/* The macro is defined only when the context exposes the extension. */
static void
test_macro_follows_context(void **state)
{
   (void)state;
   static const char src[] = "#version 310 es\n"
                             "#ifndef GL_EXT_geometry_shader\n"
                             "#error no macro\n"
                             "#elif GL_EXT_geometry_shader != 1\n"
                             "#error macro is not 1\n"
                             "#endif\n"
                             "void main() {}\n";
   needs_gs_exposed(MESA_SHADER_VERTEX, src, "no macro");
}

/* What the extension adds is there only when it could be enabled:
 * gl_Layer is a geometry-shader output of GLSL ES 3.20 or
 * EXT_geometry_shader. */
static void
test_builtins_follow_context(void **state)
{
   (void)state;
   static const char src[] = "#version 310 es\n"
                             "#extension GL_EXT_geometry_shader : enable\n"
                             "layout(points) in;\n"
                             "layout(points, max_vertices = 1) out;\n"
                             "void main() { gl_Layer = 1; EmitVertex(); }\n";
   needs_gs_exposed(MESA_SHADER_GEOMETRY, src, "gl_Layer");
}

/* #extension all : warn turns on only what the context exposes. */
static void
test_all_warn_follows_context(void **state)
{
   (void)state;
   static const char src[] = "#version 310 es\n"
                             "#extension all : warn\n"
                             "layout(points) in;\n"
                             "layout(points, max_vertices = 1) out;\n"
                             "void main() { gl_Layer = 1; EmitVertex(); }\n";
   needs_gs_exposed(MESA_SHADER_GEOMETRY, src, NULL);
}

/* The version table still applies to exposed extensions (the ES 3.1
 * geometry extensions are written against GLSL ES 3.10), and without a
 * context (glsl-compiler) the table alone decides, as before. */
static void
test_version_table_still_applies(void **state)
{
   (void)state;
   static const char es300[] = "#version 300 es\n"
                               "#extension GL_EXT_geometry_shader : require\n"
                               "void main() {}\n";
   assert_false(compile(MESA_SHADER_VERTEX, with_gs, es300,
                        "not supported").ok);
   static const char es310[] = "#version 310 es\n"
                               "#extension GL_EXT_geometry_shader : require\n"
                               "void main() {}\n";
   assert_true(compile(MESA_SHADER_VERTEX, with_gs, es310, NULL).ok);
   assert_true(compile(MESA_SHADER_VERTEX, NULL, GS_REQUIRE, NULL).ok);
}

/* EXT_texture_query_lod: textureQueryLOD in GLSL ES 3.00 fragment shaders
 * of contexts that expose it (Mesa's builtin_functions.cpp: the ARB
 * spelling only), nowhere else. */
static void
test_es_texture_query_lod(void **state)
{
   (void)state;
   static const char *const with_lod[] = { "GL_EXT_texture_query_lod",
                                           NULL };
   static const char *const fs =
      "#version 300 es\n"
      "#extension GL_EXT_texture_query_lod : require\n"
      "precision mediump float;\n"
      "uniform sampler2D s;\n"
      "uniform mediump sampler2DArray a;\n"
      "out vec4 o;\n"
      "void main() {\n"
      "   o = vec4(textureQueryLOD(s, vec2(0.5)),\n"
      "            textureQueryLOD(a, vec2(0.25)));\n"
      "}\n";
   assert_true(compile(MESA_SHADER_FRAGMENT, with_lod, fs, NULL).ok);
   assert_false(compile(MESA_SHADER_FRAGMENT, without_gs, fs,
                        "GL_EXT_texture_query_lod is not supported")
                   .ok);
   /* fragment shaders only (implicit derivatives) */
   static const char *const vs =
      "#version 300 es\n"
      "#extension GL_EXT_texture_query_lod : require\n"
      "uniform sampler2D s;\n"
      "void main() { gl_Position = vec4(textureQueryLOD(s, vec2(0.5)),"
      " 0.0, 1.0); }\n";
   assert_false(compile(MESA_SHADER_VERTEX, with_lod, vs, NULL).ok);
   /* GLSL ES 1.00 has no such extension */
   static const char *const es100 =
      "#version 100\n"
      "#extension GL_EXT_texture_query_lod : require\n"
      "void main() {}\n";
   assert_false(compile(MESA_SHADER_FRAGMENT, with_lod, es100, NULL).ok);
}

/* Shader sources of one call: a GLSL 1.30 fragment shader with one
 * extension enabled, a GLSL 1.20 vertex shader with optional #extension
 * lines. */
#define FS_130(ext, expr)                                                  \
   "#version 130\n"                                                         \
   "#extension " ext " : enable\n"                                          \
   "uniform sampler2D s;\n"                                                 \
   "out vec4 o;\n"                                                          \
   "void main() { o = " expr "; }\n"
#define VS_120(ext, sampler, expr)                                         \
   "#version 120\n" ext "uniform " sampler " s;\n"                          \
   "void main() { gl_Position = " expr "; }\n"

/* An enabled extension admits only the built-ins the table says it adds
 * (glsl_builtins.py): a misspelt texture function is no built-in with
 * any extension on (glslangValidator: "no matching overloaded function
 * found"), and a tabled one another extension adds stays unavailable,
 * the message naming that extension (glslangValidator: "required
 * extension not requested").  The untabled names follow their own
 * versions and extensions the same way. */
static void
test_extension_adds_only_its_builtins(void **state)
{
   (void)state;
   static const struct {
      gl_shader_stage stage;
      const char *src;
      bool ok;
      const char *want_in_log;
   } cases[] = {
      {MESA_SHADER_FRAGMENT,
       FS_130("GL_ARB_texture_query_lod",
              "vec4(textureQueryLOD(s, vec2(0.5)), 0.0, 1.0)"),
       true, NULL},
      {MESA_SHADER_FRAGMENT,
       FS_130("GL_ARB_texture_query_lod", "textureFooBar(s, vec2(0.5))"),
       false, "function 'textureFooBar' is not declared"},
      {MESA_SHADER_FRAGMENT,
       FS_130("GL_ARB_texture_query_lod",
              "texture2DGradARB(s, vec2(0.5), vec2(0.0), vec2(0.0))"),
       false, "'texture2DGradARB' is not available in this version or "
              "stage (GL_ARB_shader_texture_lod adds it)"},
      /* the same name once its own extension is enabled */
      {MESA_SHADER_FRAGMENT,
       FS_130("GL_ARB_shader_texture_lod",
              "texture2DGradARB(s, vec2(0.5), vec2(0.0), vec2(0.0))"),
       true, NULL},
      /* the untabled Lod forms of EXT_texture_array (vertex shaders),
       * which without the extension are no built-ins of GLSL 1.20 */
      {MESA_SHADER_VERTEX,
       VS_120("#extension GL_EXT_texture_array : enable\n",
              "sampler2DArray", "texture2DArrayLod(s, vec3(0.5), 0.0)"),
       true, NULL},
      {MESA_SHADER_VERTEX,
       VS_120("", "sampler2D", "texture2DArrayLod(s, vec3(0.5), 0.0)"),
       false, "'texture2DArrayLod' is not available in this version "
              "(GL_EXT_texture_array adds it)"},
      /* an untabled core form: from GLSL 1.30, not before */
      {MESA_SHADER_FRAGMENT,
       FS_130("GL_ARB_texture_query_lod",
              "textureProjGrad(s, vec3(0.5), vec2(0.0), vec2(0.0))"),
       true, NULL},
      {MESA_SHADER_VERTEX,
       VS_120("", "sampler2D",
              "textureProjGrad(s, vec3(0.5), vec2(0.0), vec2(0.0))"),
       false, "'textureProjGrad' is not available in this version"},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct result r = compile(cases[i].stage, NULL, cases[i].src,
                                cases[i].want_in_log);
      if (r.ok != cases[i].ok)
         fail_msg("case %u %s:\n%s", i, r.ok ? "compiles" : "fails",
                  cases[i].src);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_require_unexposed_is_error),
      cmocka_unit_test(test_enable_unexposed_warns),
      cmocka_unit_test(test_macro_follows_context),
      cmocka_unit_test(test_builtins_follow_context),
      cmocka_unit_test(test_all_warn_follows_context),
      cmocka_unit_test(test_version_table_still_applies),
      cmocka_unit_test(test_es_texture_query_lod),
      cmocka_unit_test(test_extension_adds_only_its_builtins),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
