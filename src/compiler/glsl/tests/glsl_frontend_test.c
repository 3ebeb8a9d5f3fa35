/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Front-end behaviour a shader author sees: which shaders are accepted and
 * which rejected, per the GLSL specifications' rules (each case names the
 * rule it exercises), and that hostile input gives errors, not crashes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "glsl_test_compile.h"
#include "util/u_math.h"

static bool
compiles(gl_shader_stage stage, const char *src, char **log_out)
{
   return glsl_test_compiles(stage, src, NULL, log_out);
}

#define ACCEPT(stage, src) assert_true(compiles(stage, src, NULL))
/* Rejected, and the log holds the message of the rule the case is about
 * (a substring), so a shader rejected for another reason fails. */
#define REJECT(stage, src, text) \
   assert_false(glsl_test_compiles(stage, src, text, NULL))

static void
test_preprocessor(void **state)
{
   /* Redefinitions must be identical (GLSL 1.10 section 3.3). */
   REJECT(MESA_SHADER_VERTEX, "#define A 1\n#define A 2\nvoid main(){}\n",
          "redefinition of macro A differs from its first definition");
   ACCEPT(MESA_SHADER_VERTEX, "#define A 1\n#define A 1\nvoid main(){}\n");
   /* GL_ names are reserved for macros. */
   REJECT(MESA_SHADER_VERTEX, "#define GL_FOO 1\nvoid main(){}\n",
          "cannot define reserved macro name \"GL_FOO\"");
   /* #error is an error; #if arithmetic and defined work. */
   REJECT(MESA_SHADER_VERTEX, "#error stop\nvoid main(){}\n", "#error stop");
   ACCEPT(MESA_SHADER_VERTEX,
          "#define X 3\n#if defined(X) && X * 2 == 6 && (7 % 4) == 3\n"
          "void main(){}\n#else\n#error no\n#endif\n");
   /* Division by zero in #if is an error. */
   REJECT(MESA_SHADER_VERTEX, "#if 1 / 0\n#endif\nvoid main(){}\n",
          "division by zero in #if expression");
   /* #version must come first. */
   REJECT(MESA_SHADER_VERTEX, "void main(){}\n#version 120\n",
          "#version must come first and only once");
   /* __VERSION__ follows #version. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 130\n#if __VERSION__ != 130\n"
          "#error v\n#endif\nvoid main(){}\n");
   /* Recursive macros stop expanding instead of looping. */
   REJECT(MESA_SHADER_VERTEX, "#define A A B\n#define B A\nvoid main(){ A; }\n",
          "syntax error, unexpected IDENTIFIER, expecting ';' or ','");
}

static void
test_types_and_conversions(void **state)
{
   /* GLSL 1.10 has no implicit int -> float conversion. */
   REJECT(MESA_SHADER_VERTEX, "void main() { float f = 1; }\n",
          "cannot initialize a variable of type float with a value of type "
          "int");
   ACCEPT(MESA_SHADER_VERTEX, "#version 120\nvoid main() { float f = 1; }\n");
   /* The 'f' suffix (GLSL 1.20 4.1.4): a warning under desktop GLSL 1.10
    * (Mesa's behaviour), an error under GLSL ES 1.00. */
   ACCEPT(MESA_SHADER_VERTEX, "void main() { float f = 1.0f; }\n");
   REJECT(MESA_SHADER_VERTEX,
          "#version 100\nvoid main() { float f = 1.0f; }\n",
          "the 'f' suffix needs GLSL ES 3.00");
   /* No implicit float -> int, ever. */
   REJECT(MESA_SHADER_VERTEX, "#version 450\nvoid main() { int i = 1.0; }\n",
          "cannot initialize a variable of type int with a value of type "
          "float");
   /* Constructors need enough components. */
   REJECT(MESA_SHADER_VERTEX, "void main() { vec4 v = vec4(1.0, 2.0); }\n",
          "not enough components for the vec4 constructor");
   ACCEPT(MESA_SHADER_VERTEX,
          "void main() { vec4 v = vec4(vec2(1.0), 2.0, 3.0); }\n");
   /* Swizzles: one set at a time, within the vector. */
   REJECT(MESA_SHADER_VERTEX, "void main() { vec2 v; float f = v.z; }\n",
          "swizzle 'z' selects a component beyond vec2");
   REJECT(MESA_SHADER_VERTEX, "void main() { vec4 v; vec2 f = v.xg; }\n",
          "invalid swizzle 'xg'");
   /* Array sizes are positive constant integers. */
   REJECT(MESA_SHADER_VERTEX, "void main() { float a[1 - 1]; }\n",
          "array size must be greater than zero");
   REJECT(MESA_SHADER_VERTEX,
          "uniform int n;\nvoid main() { float a[n]; }\n",
          "array size must be a constant expression");
   ACCEPT(MESA_SHADER_VERTEX,
          "const int n = 2;\nvoid main() { float a[n * 2]; a[3] = 0.0; }\n");
   /* Constant out-of-range index. */
   REJECT(MESA_SHADER_VERTEX, "void main() { float a[2]; a[2] = 1.0; }\n",
          "index 2 is out of bounds");
}

static void
test_statements_and_qualifiers(void **state)
{
   REJECT(MESA_SHADER_VERTEX, "void main() { discard; }\n",
          "discard is only allowed in fragment shaders");
   ACCEPT(MESA_SHADER_FRAGMENT, "void main() { discard; }\n");
   REJECT(MESA_SHADER_VERTEX, "void main() { break; }\n",
          "break outside a loop or switch");
   REJECT(MESA_SHADER_VERTEX, "int f() { return; }\nvoid main() {}\n",
          "return without a value in a function returning int");
   REJECT(MESA_SHADER_VERTEX, "void f() { return 1; }\nvoid main() {}\n",
          "return with a value in a void function");
   REJECT(MESA_SHADER_VERTEX, "#version 130\nvoid main() { int i = 0;\n"
          "switch (i) { case 1: break; case 1: break; } }\n",
          "duplicate case value");
   /* Uniforms are read-only; attributes only in vertex shaders. */
   REJECT(MESA_SHADER_VERTEX, "uniform float u;\nvoid main() { u = 1.0; }\n",
          "assignment requires an l-value (a read-only variable is not one)");
   REJECT(MESA_SHADER_FRAGMENT, "attribute vec4 a;\nvoid main() {}\n",
          "'attribute' is only allowed in vertex shaders");
   /* Integer fragment inputs must be flat (GLSL 1.30 4.3.4). */
   REJECT(MESA_SHADER_FRAGMENT, "#version 130\nin int i;\nvoid main() {}\n",
          "fragment shader inputs of integer or double type must be qualified "
          "'flat'");
   ACCEPT(MESA_SHADER_FRAGMENT,
          "#version 130\nflat in int i;\nvoid main() {}\n");
   /* GLSL ES 1.00 4.6.1: gl_FrontFacing is never invariant (varyings
    * may be redeclared invariant in the fragment shader). */
   REJECT(MESA_SHADER_FRAGMENT, "#version 100\ninvariant gl_FrontFacing;\n"
          "void main() {}\n",
          "gl_FrontFacing cannot be declared invariant");
   ACCEPT(MESA_SHADER_FRAGMENT, "#version 100\nvarying mediump vec4 v;\n"
          "invariant v;\nvoid main() {}\n");
   /* GL_EXT_draw_instanced: gl_InstanceIDEXT in ES 1.00 vertex shaders
    * that enable it. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 100\n"
          "#extension GL_EXT_draw_instanced : require\n"
          "void main() { gl_Position = vec4(float(gl_InstanceIDEXT)); }\n");
   assert_false(compiles(MESA_SHADER_VERTEX, "#version 100\n"
                         "void main() { gl_Position = "
                         "vec4(float(gl_InstanceIDEXT)); }\n", NULL));
   /* Overloads differing only in return type. */
   REJECT(MESA_SHADER_VERTEX,
          "int f(int x) { return x; }\nfloat f(int x) { return 1.0; }\n"
          "void main() {}\n", "'f' redeclared with a different return type");
   /* At most one interpolation qualifier, never both in and out, and no
    * repeated qualifier on parameters (ARB_shading_language_420pack). */
   REJECT(MESA_SHADER_VERTEX, "#version 420\nsmooth flat out float x;\n"
          "void main() {}\n",
          "a qualifier appears twice or conflicts with another");
   REJECT(MESA_SHADER_VERTEX, "#version 420\nin out float x;\n"
          "void main() {}\n",
          "a qualifier appears twice or conflicts with another");
   REJECT(MESA_SHADER_VERTEX, "#version 420\n"
          "void f(const const float x) {}\nvoid main() {}\n",
          "a qualifier appears twice or conflicts with another");
   ACCEPT(MESA_SHADER_VERTEX, "#version 420\n"
          "void f(const in float x) {}\nvoid main() {}\n");
   /* Initializer lists are for aggregates only. */
   REJECT(MESA_SHADER_VERTEX, "#version 420\n"
          "void main() { int i = { 1 }; }\n",
          "a scalar cannot have an initializer list");
   ACCEPT(MESA_SHADER_VERTEX, "#version 420\n"
          "void main() { ivec2 i = { 1, 2 }; }\n");
   /* The message format users know. */
   char *log = NULL;
   assert_false(compiles(MESA_SHADER_VERTEX, "void main() {\n  x = 1;\n}\n",
                         &log));
   assert_non_null(strstr(log, "0:2("));
   assert_non_null(strstr(log, "error:"));
   free(log);
}

/* GLSL ES 3.00 3.8 (and 3.10, 3.20): "The maximum length of an
 * identifier is 1024 characters"; a longer one is a compile-time error.
 * GLSL ES 1.00 and desktop GLSL set no limit. */
static void
test_es_identifier_length(void **state)
{
   char name[1100];
   char src[2600];
   const char *langs[] = { "#version 300 es\n", "#version 310 es\n",
                           "#version 320 es\n" };
   for (unsigned len = 1024; len <= 1025; len++) {
      memset(name, 'b', len);
      name[0] = 'B';
      name[len] = 0;
      for (unsigned i = 0; i < 3; i++) {
         /* A block name (no other use of it). */
         snprintf(src, sizeof(src), "%suniform %s { vec4 a; };\n"
                  "void main() { gl_Position = a; }\n", langs[i], name);
         if (len == 1024)
            ACCEPT(MESA_SHADER_VERTEX, src);
         else
            REJECT(MESA_SHADER_VERTEX, src,
                   "GLSL ES allows at most 1024");
      }
   }
   /* A variable, and a field selection. */
   memset(name, 'v', 1025);
   name[1025] = 0;
   snprintf(src, sizeof(src), "#version 300 es\nuniform vec4 %s;\n"
            "void main() { gl_Position = %s; }\n", name, name);
   REJECT(MESA_SHADER_VERTEX, src, "GLSL ES allows at most 1024");
   snprintf(src, sizeof(src), "#version 300 es\n"
            "struct S { vec4 %s; };\nuniform S s;\n"
            "void main() { gl_Position = s.%s; }\n", name, name);
   REJECT(MESA_SHADER_VERTEX, src, "GLSL ES allows at most 1024");
   /* A macro name, even one that never reaches the parser. */
   snprintf(src, sizeof(src), "#version 300 es\n#define %s 1\n"
            "void main() { gl_Position = vec4(0.0); }\n", name);
   REJECT(MESA_SHADER_VERTEX, src, "GLSL ES allows at most 1024");
   snprintf(src, sizeof(src), "#version 100\nuniform vec4 %s;\n"
            "void main() { gl_Position = %s; }\n", name, name);
   ACCEPT(MESA_SHADER_VERTEX, src);
   snprintf(src, sizeof(src), "#version 330\nuniform vec4 %s;\n"
            "void main() { gl_Position = %s; }\n", name, name);
   ACCEPT(MESA_SHADER_VERTEX, src);
}

/* GLSL ES lists the layout qualifiers of uniform and storage blocks (ES
 * 3.00 4.3.8.3, ES 3.10 and 3.20 4.4.4): blocks take shared, packed,
 * std140, row_major, column_major, binding (from ES 3.10) and std430
 * (storage blocks); members only row_major and column_major.  offset,
 * align and location (desktop GLSL 4.40/4.50) are not ES qualifiers. */
/* ARB_shader_group_vote: the ARB-suffixed votes need the extension,
 * GLSL 4.60 has them without the suffix; each takes one bool. */
static void
test_group_vote(void **state)
{
   REJECT(MESA_SHADER_VERTEX, "#version 150\nuniform bool v;\n"
          "void main() { gl_Position = vec4(anyInvocationARB(v)); }\n",
          "built-in function 'anyInvocationARB' is not available");
   ACCEPT(MESA_SHADER_FRAGMENT, "#version 150\n"
          "#extension GL_ARB_shader_group_vote: require\n"
          "uniform bool v;\nout vec4 o;\n"
          "void main() { o = vec4(anyInvocationARB(v), allInvocationsARB(v),"
          " allInvocationsEqualARB(v), 1.0); }\n");
   ACCEPT(MESA_SHADER_COMPUTE, "#version 460\nlayout(local_size_x = 4) in;\n"
          "shared bool r;\n"
          "void main() { r = anyInvocation(gl_LocalInvocationID.x == 0u) &&"
          " allInvocations(true) && allInvocationsEqual(false); }\n");
   REJECT(MESA_SHADER_VERTEX, "#version 450\nuniform bool v;\n"
          "void main() { gl_Position = vec4(anyInvocation(v)); }\n",
          "built-in function 'anyInvocation' is not available");
   REJECT(MESA_SHADER_VERTEX, "#version 460\nuniform float f;\n"
          "void main() { gl_Position = vec4(allInvocations(f)); }\n",
          "allInvocations");
}

/* GLSL ES 3.00 4.5.4 (1.00 4.5.3): only sampler2D and samplerCube (and
 * samplerExternalOES, atomic_uint) have a predeclared default precision;
 * other opaque declarations need a qualifier or a precision statement in
 * scope. */
static void
test_es_sampler_precision(void **state)
{
#define ES3_FS(decl) "#version 300 es\nprecision mediump float;\n" decl \
   "out vec4 o;\nvoid main() { o = vec4(1.0); }\n"
   const char *no_default[] = {
      "sampler3D", "samplerCubeShadow", "sampler2DShadow", "sampler2DArray",
      "sampler2DArrayShadow", "isampler2D", "isampler3D", "isamplerCube",
      "isampler2DArray", "usampler2D", "usampler3D", "usamplerCube",
      "usampler2DArray",
   };
   for (unsigned i = 0; i < ARRAY_SIZE(no_default); i++) {
      char src[512], want[128];
      snprintf(want, sizeof(want), "no precision specified for %s",
               no_default[i]);
      snprintf(src, sizeof(src), ES3_FS("uniform %s s;\n"), no_default[i]);
      REJECT(MESA_SHADER_FRAGMENT, src, want);
      /* an array too, and in the vertex stage */
      snprintf(src, sizeof(src), "#version 300 es\nuniform %s s[2];\n"
               "void main() { gl_Position = vec4(1.0); }\n", no_default[i]);
      REJECT(MESA_SHADER_VERTEX, src, want);
      snprintf(src, sizeof(src), ES3_FS("uniform lowp %s s;\n"),
               no_default[i]);
      ACCEPT(MESA_SHADER_FRAGMENT, src);
      snprintf(src, sizeof(src),
               ES3_FS("precision highp %s;\nuniform %s s;\n"),
               no_default[i], no_default[i]);
      ACCEPT(MESA_SHADER_FRAGMENT, src);
   }
   /* the predeclared ones */
   ACCEPT(MESA_SHADER_FRAGMENT,
          ES3_FS("uniform sampler2D a;\nuniform samplerCube b;\n"));
   ACCEPT(MESA_SHADER_VERTEX, "#version 100\nuniform sampler2D a;\n"
          "uniform samplerCube b;\nvoid main() { gl_Position = "
          "texture2DLod(a, vec2(0.0), 0.0); }\n");
   /* a precision statement only covers its own scope */
   REJECT(MESA_SHADER_FRAGMENT,
          ES3_FS("void f() { precision lowp sampler3D; }\n"
                 "uniform sampler3D s;\n"),
          "no precision specified for sampler3D");
   /* function parameters too */
   REJECT(MESA_SHADER_FRAGMENT,
          ES3_FS("vec4 f(sampler2DShadow s) { return vec4(1.0); }\n"),
          "no precision specified for sampler2DShadow");
   ACCEPT(MESA_SHADER_FRAGMENT,
          ES3_FS("vec4 f(highp sampler2DShadow s) { return vec4(1.0); }\n"));
   /* desktop GLSL has no such rule */
   ACCEPT(MESA_SHADER_FRAGMENT, "#version 130\nuniform sampler3D s;\n"
          "void main() { gl_FragColor = texture(s, vec3(0.0)); }\n");
#undef ES3_FS
}

/* GLSL ES 1.00 4.5.3, 3.00 4.5.4: fragment shaders have no default float
 * precision, so float parameters and structure members need one too
 * (glslang: "type requires declaration of default precision"). */
static void
test_es_float_precision(void **state)
{
   (void)state;
   static const char *const want = "no precision specified for float";
   REJECT(MESA_SHADER_FRAGMENT,
          "#version 100\nvoid f(float x) { }\n"
          "void main() { gl_FragColor = vec4(1.0); }\n", want);
   REJECT(MESA_SHADER_FRAGMENT,
          "#version 300 es\nout highp vec4 o;\nvoid f(vec2 x);\n"
          "void main() { o = vec4(1.0); }\n", want);
   REJECT(MESA_SHADER_FRAGMENT,
          "#version 300 es\nout highp vec4 o;\nstruct S { float a; };\n"
          "void main() { o = vec4(1.0); }\n", want);
   ACCEPT(MESA_SHADER_FRAGMENT,
          "#version 300 es\nout highp vec4 o;\n"
          "struct S { mediump float a; };\nvoid f(lowp vec2 x) { }\n"
          "void main() { o = vec4(1.0); }\n");
   ACCEPT(MESA_SHADER_FRAGMENT,
          "#version 100\nprecision mediump float;\n"
          "struct S { float a; };\nvoid f(float x) { }\n"
          "void main() { gl_FragColor = vec4(1.0); }\n");
   /* vertex shaders have a default (highp) */
   ACCEPT(MESA_SHADER_VERTEX,
          "#version 100\nstruct S { float a; };\nvoid f(float x) { }\n"
          "void main() { gl_Position = vec4(1.0); }\n");
   /* samplers keep their default lowp in structures */
   ACCEPT(MESA_SHADER_FRAGMENT,
          "#version 300 es\nstruct S { sampler2D s; };\nuniform S u;\n"
          "out highp vec4 o;\n"
          "void main() { o = texture(u.s, vec2(0.5)); }\n");
}

static void
test_es_block_layouts(void **state)
{
#define ES_VS(v, decl) "#version " v " es\n" decl \
   "void main() { gl_Position = vec4(1.0); }\n"
   ACCEPT(MESA_SHADER_VERTEX,
          ES_VS("300", "layout(shared, column_major) uniform B "
                "{ layout(row_major) mat4 m; layout(column_major) mat2 n; };"));
   ACCEPT(MESA_SHADER_VERTEX,
          ES_VS("300", "layout(packed, row_major) uniform;"
                "layout(std140) uniform B { mat4 m; };"));
   ACCEPT(MESA_SHADER_VERTEX,
          ES_VS("310", "layout(std140, binding = 2) uniform B { mat4 m; };"));
   ACCEPT(MESA_SHADER_VERTEX,
          ES_VS("310", "layout(std430, binding = 1) buffer B "
                "{ layout(row_major) mat4 m; };"));
   /* binding needs ES 3.10. */
   REJECT(MESA_SHADER_VERTEX,
          ES_VS("300", "layout(binding = 1) uniform B { vec4 a; };"),
          "layout(binding) is not allowed on a uniform block in "
          "GLSL ES 3.00");
   /* std430 is for storage blocks. */
   REJECT(MESA_SHADER_VERTEX,
          ES_VS("310", "layout(std430) uniform B { vec4 a; };"),
          "layout(std430) is only allowed on buffer blocks");
   /* Desktop-only block qualifiers. */
   REJECT(MESA_SHADER_VERTEX,
          ES_VS("320", "layout(std140, align = 16) uniform B "
                       "{ vec4 a; };"),
          "layout(align) is not allowed on a uniform block");
   REJECT(MESA_SHADER_VERTEX,
          ES_VS("320", "layout(location = 2) uniform B { vec4 a; };"),
          "layout(location) is not allowed on a uniform block");
   REJECT(MESA_SHADER_VERTEX,
          ES_VS("310", "layout(std430, offset = 4) buffer B "
                       "{ vec4 a; };"),
          "layout(offset) is not allowed on a storage block");
   /* Members: matrix layouts only. */
   REJECT(MESA_SHADER_VERTEX,
          ES_VS("310", "layout(std140) uniform B "
                       "{ layout(offset = 16) vec4 a; };"),
          "layout(offset) is not allowed on a member of a uniform "
          "block");
   REJECT(MESA_SHADER_VERTEX,
          ES_VS("320", "uniform B { layout(location = 1) vec4 a; };"),
          "layout(location) is not allowed on a member of a "
          "uniform block");
   REJECT(MESA_SHADER_VERTEX,
          ES_VS("320", "uniform B { layout(align = 16) vec4 a; };"),
          "layout(align) is not allowed on a member");
   REJECT(MESA_SHADER_VERTEX,
          ES_VS("310", "buffer B { layout(offset = 0) vec4 a; };"),
          "layout(offset) is not allowed on a member of a storage "
          "block");
   /* Default declarations follow the block rule. */
   REJECT(MESA_SHADER_VERTEX,
          ES_VS("320", "layout(align = 16) uniform;"),
          "layout(align) is not allowed on a uniform block");
   /* Uniforms outside blocks: no layout in ES 3.00; from ES 3.10
    * location, binding, offset and image formats only. */
   REJECT(MESA_SHADER_VERTEX,
          ES_VS("300", "layout(location = 0) uniform vec4 u;"),
          "layout(location) is not allowed on a uniform outside a block in "
          "GLSL ES 3.00");
   REJECT(MESA_SHADER_VERTEX,
          ES_VS("300", "layout(binding = 0) uniform sampler2D s;"),
          "layout(binding) is not allowed on a uniform outside a block");
   ACCEPT(MESA_SHADER_VERTEX,
          ES_VS("310", "layout(location = 0) uniform vec4 u;"
                "layout(binding = 1) uniform highp sampler2D s;"
                "layout(binding = 0, offset = 4) uniform atomic_uint a;"
                "layout(rgba8, binding = 2) readonly uniform highp "
                "image2D i;"));
   REJECT(MESA_SHADER_VERTEX,
          ES_VS("320", "layout(location = 0, align = 4) uniform vec4 u;"),
          "layout(align) is not allowed on a uniform outside a block in "
          "GLSL ES 3.20");
   /* Desktop GLSL keeps its wider set. */
   ACCEPT(MESA_SHADER_VERTEX,
          "#version 450\nlayout(std140) uniform B "
          "{ layout(offset = 16) vec4 a; };\n"
          "void main() { gl_Position = a; }\n");
#undef ES_VS
}

/* Compiles len bytes (NULs included) and returns the log, or NULL when the
 * shader is valid.  The caller frees the log. */
static char *
compile_bytes(gl_shader_stage stage, const char *src, size_t len)
{
   struct glsl_compile_options opts = { .stage = stage };
   void *mem = ralloc_context(NULL);
   struct glsl_parse_state *st = glsl_compile_shader(mem, src, len, &opts);
   assert_non_null(st);
   char *log = st->log.errors ? strdup(st->log.text) : NULL;
   ralloc_free(mem);
   return log;
}

/* Source strings (GLSL 4.60 and ES 3.20 3.2): a line ends at CR, LF, CR LF
 * or LF CR, and each ends a directive or a // comment; messages count
 * lines that way.  A NUL byte is not a character of the language (ES
 * 3.00 3.4: not even in comments): an error, never the end of the input. */
static void
test_source_strings(void **state)
{
   /* Lone CRs: directives and comments end, line 3 is the bad one. */
   ACCEPT(MESA_SHADER_VERTEX, "// comment\r#define A 1\r#if A\r"
          "void main() {}\r#else\rnot glsl\r#endif\r");
   REJECT(MESA_SHADER_VERTEX, "void main() {}\r\rx;\r", "0:3(1)");
   /* CR LF and LF CR are one line end each; mixed files count right. */
   REJECT(MESA_SHADER_VERTEX, "void main() {}\r\n\r\nx;\n", "0:3(1)");
   REJECT(MESA_SHADER_VERTEX, "void main() {}\n\r\n\ry;\n",
          "0:3(1)");
   /* A backslash before a lone CR joins lines too. */
   ACCEPT(MESA_SHADER_VERTEX, "#define A \\\r 1\rvoid main() { int x = A; }\r");

   /* NUL: an error naming it, wherever it is (the rest is not ignored). */
   static const char nul_code[] = "void main() {}\n\0 junk(\n";
   char *log = compile_bytes(MESA_SHADER_VERTEX, nul_code,
                             sizeof(nul_code) - 1);
   assert_non_null(log);
   assert_non_null(strstr(log, "0:2(1): error: the shader contains a NUL "
                               "byte"));
   free(log);
   static const char nul_comment[] = "void main() {} /* \0 */\n";
   log = compile_bytes(MESA_SHADER_VERTEX, nul_comment,
                       sizeof(nul_comment) - 1);
   assert_non_null(log);
   assert_non_null(strstr(log, "NUL byte"));
   free(log);
}

/* #line takes a non-negative line (and source string) number that leaves
 * every later line a number; #if over a macro that expands to "defined"
 * (undefined behaviour in C++, whose preprocessor GLSL adopts) works on the
 * desktop as in GCC, Clang and glslang, and is an error in GLSL ES, as in
 * glslang; nesting past the parsers' stacks names the limit. */
static void
test_directive_limits(void **state)
{
   REJECT(MESA_SHADER_VERTEX, "#line -1\nvoid main() { x; }\n",
          "#line -1 is out of range");
   REJECT(MESA_SHADER_VERTEX, "#line 4294967296\nvoid main() {}\n",
          "#line 4294967296 is out of range");
   REJECT(MESA_SHADER_VERTEX,
          "#line 99999999999999999999\nvoid main() {}\n",
          "does not fit in 64 bits");
   REJECT(MESA_SHADER_VERTEX, "#line 2 - 3\nvoid main() {}\n",
          "#line -1 is out of range");
   REJECT(MESA_SHADER_VERTEX, "#line 5 4294967296\nvoid main() {}\n",
          "source string number 4294967296 is out of range");
   /* The largest accepted line still numbers the next lines. */
   REJECT(MESA_SHADER_VERTEX,
          "#version 330\n#line 1073741824\nvoid main() { x; }\n",
          "0:1073741824(15)");

   /* "defined" from a macro: evaluated on the desktop, operand unexpanded
    * (the #error lines must not be reached). */
   ACCEPT(MESA_SHADER_VERTEX, "#define D defined(X)\n#if D\n#error X\n"
          "#endif\nvoid main() {}\n");
   ACCEPT(MESA_SHADER_VERTEX, "#define X 0\n#define D defined X && 1\n"
          "#if !D\n#error X\n#endif\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 300 es\n#define D defined(X)\n"
          "#if D\n#endif\nvoid main() {}\n",
          "\"defined\" produced by macro expansion in #if is not "
          "allowed in GLSL ES");

   /* glcpp expands each line on its own when no macro call can go on
    * to the next: calls spanning lines, directly or through an
    * object-like macro, still take their arguments from later lines. */
   ACCEPT(MESA_SHADER_VERTEX, "#define F(x) float x = 1.0;\n#define A F\n"
          "void main() {\n A\n (\n y\n )\n y += 1.0;\n F\n(z)\n}\n");
   REJECT(MESA_SHADER_VERTEX, "#define B 2.0\nvoid main() {\n"
          "float y = B;\nfloat z = B\n;\n  w;\n}\n", "0:6(3)");

   /* Nesting deeper than the parsers' stacks. */
   size_t n = 20000;
   char *src = malloc(2 * n + 64);
   assert_non_null(src);
   strcpy(src, "void main() { int x = ");
   size_t len = strlen(src);
   memset(src + len, '(', n);
   memset(src + len + n, ')', n);
   strcpy(src + len + 2 * n, "; }\n");
   REJECT(MESA_SHADER_VERTEX, src,
          "nested too deeply: the parser's stack is limited to");
   strcpy(src, "#if ");
   len = strlen(src);
   memset(src + len, '(', n);
   memset(src + len + n, ')', n);
   strcpy(src + len + 2 * n, "\n#endif\nvoid main() {}\n");
   src[len + n - 1] = '1';
   src[len + n] = ')';
   REJECT(MESA_SHADER_VERTEX, src,
          "#if expression nested too deeply: the evaluator's stack");
   free(src);
}

static void
test_hostile_input(void **state)
{
   /* Deep nesting, huge identifiers and exploding macros end in errors. */
   size_t n = 200000;
   char *src = malloc((1 << 20) + n * 2 + 64);
   assert_non_null(src);
   strcpy(src, "void main() { float x = ");
   size_t len = strlen(src);
   memset(src + len, '(', n);
   len += n;
   strcpy(src + len, "1.0; }\n");
   REJECT(MESA_SHADER_VERTEX, src,
          "nested too deeply: the parser's stack is limited to 10000 entries");

   memset(src, 'a', 1 << 20);
   src[1 << 20] = 0;
   /* A 1 MB identifier, no main syntax. */
   REJECT(MESA_SHADER_VERTEX, src, "syntax error, unexpected IDENTIFIER");

   REJECT(MESA_SHADER_VERTEX,
          "#define A B B B B B B B B\n#define B C C C C C C C C\n"
          "#define C D D D D D D D D\n#define D E E E E E E E E\n"
          "#define E F F F F F F F F\n#define F G G G G G G G G\n"
          "#define G H H H H H H H H\n#define H x x x x x x x x\n"
          "void main() { A A A A A A A A }\n",
          "macro expansion exceeds the preprocessor's limit of 524288 tokens");

   /* Long left-leaning chains that parse fine but nest deeply in the
    * tree: rejected with one message, within the stack of a sanitizer
    * build, and later diagnostics are still reported. */
   strcpy(src, "void main() { float x = 1.0");
   len = strlen(src);
   for (unsigned i = 0; i < 100000; i++, len += 6)
      memcpy(src + len, " + 1.0", 6);
   strcpy(src + len, "; }\n");
   char *log;
   assert_false(compiles(MESA_SHADER_VERTEX, src, &log));
   assert_non_null(strstr(log, "nested too deeply"));
   free(log);

   strcpy(src, "void main() { vec4 v = vec4(1.0); float y = v");
   len = strlen(src);
   for (unsigned i = 0; i < 3000; i++, len += 2)
      memcpy(src + len, ".x", 2);
   strcpy(src + len, "; int z = 1.5; }\n");
   assert_false(compiles(MESA_SHADER_VERTEX, src, &log));
   assert_non_null(strstr(log, "nested too deeply"));
   /* the unrelated error after it is not swallowed */
   assert_non_null(strstr(log, "type int with a value of type float"));
   free(log);
   free(src);
}

/* Layout qualifiers (glsl_check_layout.c): values, component, transform
 * feedback limits and compute local sizes. */
static void
test_layout_qualifiers(void **state)
{
   /* GLSL 4.40 4.4: values are integral constant expressions, not
    * negative. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\nconst int n = 2;\n"
          "layout(location = n + 1) in vec4 a;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nconst float n = 2.0;\n"
          "layout(location = n) in vec4 a;\nvoid main() {}\n",
          "layout 'location' needs a scalar integer value");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nuniform int n;\n"
          "layout(location = n) in vec4 a;\nvoid main() {}\n",
          "layout 'location' needs a constant expression");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = -1) in vec4 a;\nvoid main() {}\n",
          "layout 'location' cannot be negative (-1)");
   /* GLSL 4.50 4.4.1: component needs a location and fits in 0..3. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 1) out vec3 a;\n"
          "layout(location = 0, component = 0) out float b;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(component = 1) out float a;\nvoid main() {}\n",
          "component on 'a' needs a location as well");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 2) out vec3 a;\n"
          "void main() {}\n", "component 2 of 'a' runs past component 3");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 4) out float a;\n"
          "void main() {}\n", "component 4 of 'a' runs past component 3");
   /* ... not on matrices or structures (nor arrays of them) ... */
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 0) out mat2 a[2];\n"
          "void main() {}\n",
          "component cannot qualify 'a': not on matrices, structures or "
          "blocks");
   REJECT(MESA_SHADER_FRAGMENT, "#version 440\nstruct S { float f; };\n"
          "layout(location = 0, component = 1) in S s;\nvoid main() {}\n",
          "component cannot qualify 's': not on matrices, structures or "
          "blocks");
   /* ... and doubles take two components each. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 2) out double a;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 1) out double a;\n"
          "void main() {}\n", "a double or dvec2 cannot start at component 1");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 2) out dvec2 a;\n"
          "void main() {}\n", "component 2 of 'a' runs past component 3");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 0) out dvec3 a;\n"
          "void main() {}\n", "a dvec3 or dvec4 cannot have a component");
   /* ARB_enhanced_layouts: xfb_buffer below gl_MaxTransformFeedbackBuffers
    * (4), stride at most 64 components of 4 bytes, offsets aligned to the
    * first component, no xfb_offset on a default declaration. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_buffer = 3, xfb_offset = 8, xfb_stride = 256) out "
          "vec4 a;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_buffer = gl_MaxTransformFeedbackBuffers) out vec4 a;\n"
          "void main() {}\n",
          "xfb_buffer 4 is not less than gl_MaxTransformFeedbackBuffers (4)");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_buffer = 4) out;\nvoid main() {}\n",
          "xfb_buffer 4 is not less than gl_MaxTransformFeedbackBuffers (4)");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_stride = 260) out vec4 a;\nvoid main() {}\n",
          "xfb_stride 260 exceeds gl_MaxTransformFeedbackInterleavedComponents "
          "* 4 bytes");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_offset = 2) out vec4 a;\nvoid main() {}\n",
          "xfb_offset 2 of 'a' is not a multiple of 4");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_offset = 4) out double a;\nvoid main() {}\n",
          "xfb_offset 4 of 'a' is not a multiple of 8");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_offset = 0) out;\nvoid main() {}\n",
          "xfb_offset cannot be used on 'layout(...) out;'");
   /* ... one stride per buffer, covering the captured outputs, which do
    * not overlap. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_buffer = 1, xfb_stride = 32) out;\n"
          "layout(xfb_offset = 16) out vec4 a;\n"
          "layout(xfb_buffer = 0, xfb_offset = 16) out vec4 b;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_stride = 32) out;\n"
          "layout(xfb_buffer = 0, xfb_stride = 16) out;\nvoid main() {}\n",
          "xfb_stride 16 of buffer 0 differs from the earlier 32");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_stride = 16) out vec4 a;\n"
          "layout(xfb_offset = 4) out vec4 b;\nvoid main() {}\n",
          "'b' ends at byte 20, past xfb_stride 16");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_offset = 0) out vec4 a;\n"
          "layout(xfb_offset = 12) out float b;\nvoid main() {}\n",
          "xfb_offset 12 of 'b' overlaps another captured output");
   /* Output blocks: members stay in the block's buffer and are captured
    * one after the other from the block's xfb_offset. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_buffer = 1, xfb_offset = 0) out B {\n"
          "vec4 a;\nlayout(xfb_buffer = 1) vec4 b;\n};\n"
          "layout(xfb_buffer = 1, xfb_offset = 32) out vec4 c;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_buffer = 1, xfb_offset = 0) out B {\n"
          "vec4 a;\nvec4 b;\n};\n"
          "layout(xfb_buffer = 1, xfb_offset = 16) out vec4 c;\n"
          "void main() {}\n",
          "xfb_offset 16 of 'c' overlaps another captured output");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nout B {\nvec4 a;\n"
          "layout(xfb_buffer = 1) vec4 b;\n};\nvoid main() {}\n",
          "a block member's xfb_buffer (1) must be the block's (0)");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_offset = 2) out B {\nvec4 a;\n};\nvoid main() {}\n",
          "xfb_offset 2 of 'a' is not a multiple of 4");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_offset = 16, xfb_stride = 20) out B {\nvec4 a;\n};\n"
          "void main() {}\n", "'a' ends at byte 32, past xfb_stride 20");
   /* GLSL 4.20: several layout(...) per declaration; GLSL 4.40: a name
    * may repeat inside one, the last value counting. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 420\n"
          "layout(location = 2) layout(location = 1) out vec3 a;\n"
          "layout(location = 2) out vec3 b;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 410\n"
          "layout(location = 2) layout(location = 1) out vec3 a;\n"
          "void main() {}\n",
          "more than one layout(...) in a declaration needs GLSL 4.20 or "
          "GL_ARB_shading_language_420pack");
   REJECT(MESA_SHADER_VERTEX, "#version 420\n"
          "layout(location = 2, location = 1) out vec3 a;\n"
          "void main() {}\n",
          "layout 'location' repeats inside one layout(...); that needs GLSL "
          "4.40 or GL_ARB_enhanced_layouts");
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 2, location = 1) out vec3 a;\n"
          "void main() {}\n");
   /* GLSL 4.20 4.3.3 and ARB_shading_language_420pack: a local const
    * may take any initializer; a global const still needs a constant
    * expression, and so does a local one before 4.20 without the
    * extension. */
   ACCEPT(MESA_SHADER_FRAGMENT, "#version 130\n"
          "#extension GL_ARB_shading_language_420pack : enable\n"
          "uniform vec4 u;\nout vec4 o;\n"
          "void main() { const vec4 c = u + vec4(1.0); o = c; }\n");
   ACCEPT(MESA_SHADER_FRAGMENT, "#version 420\n"
          "uniform vec4 u;\nout vec4 o;\n"
          "void main() { const vec4 c = u; o = c; }\n");
   REJECT(MESA_SHADER_FRAGMENT, "#version 130\n"
          "uniform vec4 u;\nout vec4 o;\n"
          "void main() { const vec4 c = u; o = c; }\n",
          "initializer of 'c' must be a constant expression");
   REJECT(MESA_SHADER_FRAGMENT, "#version 130\n"
          "#extension GL_ARB_shading_language_420pack : enable\n"
          "uniform vec4 u;\nconst vec4 c = u;\nout vec4 o;\n"
          "void main() { o = c; }\n",
          "initializer of 'c' must be a constant expression");
   /* ... and such a const is no constant expression (an array size) */
   REJECT(MESA_SHADER_FRAGMENT, "#version 420\n"
          "uniform int u;\nout vec4 o;\n"
          "void main() { const int n = u; float a[n]; o = vec4(0.0); }\n",
          "array size must be a constant expression");
   /* GLSL 4.50 4.4.5: offsets are multiples of the base alignment (16 for
    * a std140 vec4) and never inside an earlier member; align is a power
    * of two, raising the offset; both need std140 or std430. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\nlayout(std140) uniform B {\n"
          "layout(offset = 16) vec4 a;\nlayout(offset = 32) float b;\n"
          "float c;\n};\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nlayout(std140) uniform B {\n"
          "layout(offset = 8) vec4 a;\n};\nvoid main() {}\n",
          "offset 8 of 'a' is not a multiple of its base alignment 16");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nlayout(std140) uniform B {\n"
          "layout(offset = 0) vec4 a;\nlayout(offset = 8) vec2 b;\n};\n"
          "void main() {}\n",
          "offset 8 of 'b' lies before the end of the previous member (16)");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nlayout(std140) uniform B {\n"
          "layout(offset = 8, align = 16) vec2 a;\n"
          "layout(offset = 20) float b;\n};\nvoid main() {}\n",
          "offset 20 of 'b' lies before the end of the previous member (24)");
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\nlayout(std430) buffer B {\n"
          "layout(offset = 8, align = 16) vec2 a;\n"
          "layout(offset = 24) float b;\n};\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(std140, align = 24) uniform B {\nvec4 a;\n};\n"
          "void main() {}\n", "align 24 is not a power of two");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nlayout(shared) uniform B {\n"
          "layout(offset = 0) vec4 a;\n};\nvoid main() {}\n",
          "offset needs the std140 or std430 layout");
   /* GLSL 4.50 4.4.1/4.4.2: block locations.  All members or none have
    * one unless the block has one; not on members of a vertex output
    * block array (fine on geometry inputs); never on structure members;
    * component never on a block; index needs a location. */
   ACCEPT(MESA_SHADER_FRAGMENT, "#version 440\nin B {\n"
          "layout(location = 1) float a;\nlayout(location = 2) float b;\n"
          "};\nvoid main() {}\n");
   ACCEPT(MESA_SHADER_FRAGMENT, "#version 440\nlayout(location = 0) in B "
          "{\nfloat a;\nlayout(location = 3) float b;\n};\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_FRAGMENT, "#version 440\nin B {\nfloat a;\n"
          "layout(location = 2) float b;\n};\nvoid main() {}\n",
          "a block without a location needs a location on all of its members "
          "or on none");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nout B {\n"
          "layout(location = 1) float a;\n} b[2];\nvoid main() {}\n",
          "members of a block array cannot have locations; give the block one");
   ACCEPT(MESA_SHADER_GEOMETRY, "#version 440\n"
          "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
          "in B {\nlayout(location = 1) float a;\n} b[];\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_FRAGMENT, "#version 440\n"
          "layout(location = 0, component = 1) in B {\nfloat a;\n};\n"
          "void main() {}\n", "component cannot qualify a block");
   REJECT(MESA_SHADER_FRAGMENT, "#version 440\nstruct S {\n"
          "layout(location = 1) float a;\n};\nvoid main() {}\n",
          "structure members cannot have a location or component");
   REJECT(MESA_SHADER_FRAGMENT, "#version 440\n"
          "layout(index = 0) out vec4 c;\nvoid main() {}\n",
          "index on 'c' needs a location as well");
   ACCEPT(MESA_SHADER_FRAGMENT, "#version 440\n"
          "layout(location = 0, index = 1) out vec4 c;\nvoid main() {}\n");
   /* Structures and blocks take a location per member (GLSL 4.50 4.4.1),
    * which other varyings may not overlap; index is 0 or 1 (GLSL 4.30). */
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0) out struct S { vec4 a; vec4 b; } s;\n"
          "layout(location = 1) out vec4 c;\nvoid main() {}\n",
          "location 1 of 'c' overlaps another output");
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0) out struct S { vec4 a; vec4 b; } s;\n"
          "layout(location = 2) out vec4 c;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0) out B { vec4 a; vec4 b; } b;\n"
          "layout(location = 1) out vec4 c;\nvoid main() {}\n",
          "location 1 of 'c' overlaps another output");
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0) out B { vec4 a; vec4 b; } b;\n"
          "layout(location = 2) out vec4 c;\nvoid main() {}\n");
   REJECT(MESA_SHADER_FRAGMENT, "#version 440\n"
          "layout(location = 0, index = 2) out vec4 c;\nvoid main() {}\n",
          "index 2 of 'c' is not 0 or 1");
   /* GLSL 4.20 4.4.2.3: gl_FragDepth takes a depth_* layout, redeclared
    * before any use. */
   ACCEPT(MESA_SHADER_FRAGMENT, "#version 420\n"
          "layout(depth_greater) out float gl_FragDepth;\n"
          "void main() { gl_FragDepth = 1.0; }\n");
   REJECT(MESA_SHADER_FRAGMENT, "#version 420\n"
          "layout(origin_upper_left) out float gl_FragDepth;\n"
          "void main() {}\n",
          "layout(origin_upper_left) only applies to gl_FragCoord");
   REJECT(MESA_SHADER_FRAGMENT, "#version 420\n"
          "void f() { gl_FragDepth = 0.0; }\n"
          "layout(depth_any) out float gl_FragDepth;\nvoid main() {}\n",
          "gl_FragDepth redeclared after it was used");
   /* ARB_compute_shader: local sizes at least 1 and consistent; no
    * user-defined inputs or outputs. */
   ACCEPT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_x = 2, local_size_y = 1) in;\n"
          "layout(local_size_x = 2) in;\nvoid main() {}\n");
   REJECT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_x = 2) in;\n"
          "layout(local_size_x = 3) in;\nvoid main() {}\n",
          "local size redeclared differently");
   REJECT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_z = 0) in;\nvoid main() {}\n",
          "local_size_z must be at least 1");
   REJECT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_y = -1) in;\nvoid main() {}\n",
          "layout 'local_size_y' cannot be negative (-1)");
   REJECT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_x = 1) in;\nin int i;\nvoid main() {}\n",
          "compute shaders have no user-defined inputs or outputs");
   ACCEPT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_x = 1) in;\n"
          "void main() { uvec3 s = gl_WorkGroupSize; }\n");
   REJECT(MESA_SHADER_COMPUTE, "#version 430\n"
          "void main() { uvec3 s = gl_WorkGroupSize; }\n"
          "layout(local_size_x = 1) in;\n",
          "gl_WorkGroupSize is used before the local size is declared");
   /* gl_WorkGroupSize is a constant of the declared size: 8 x 2 makes an
    * array of 16 (index 15 in bounds, 16 not) */
   ACCEPT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_x = 8, local_size_y = 2) in;\n"
          "shared uint d[gl_WorkGroupSize.x * gl_WorkGroupSize.y];\n"
          "void main() { d[15] = 1u; }\n");
   REJECT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_x = 8, local_size_y = 2) in;\n"
          "shared uint d[gl_WorkGroupSize.x * gl_WorkGroupSize.y];\n"
          "void main() { d[16] = 1u; }\n",
          "index 16 is out of bounds");
}

/* GLSL 1.10 6.1 (and every later version, ES included): recursion is not
 * allowed, not even statically. */
static void
test_recursion(void **state)
{
   (void)state;
   /* direct, even though f is never called */
   REJECT(MESA_SHADER_VERTEX,
          "int f(int x) { return x > 0 ? f(x - 1) : 0; }\n"
          "void main() {}\n",
          "function 'f' calls itself (recursion is not allowed)");
   /* through a prototype: f -> g -> f */
   REJECT(MESA_SHADER_VERTEX,
          "int g(int x);\nint f(int x) { return g(x); }\n"
          "int g(int x) { return x > 0 ? f(x - 1) : 0; }\n"
          "void main() { gl_Position = vec4(f(2)); }\n",
          "function 'g' is called recursively through 'f' (recursion is not "
          "allowed)");
   /* a three-function cycle reached from main */
   REJECT(MESA_SHADER_FRAGMENT,
          "void a(); void b(); void c() { a(); }\n"
          "void a() { b(); }\nvoid b() { c(); }\n"
          "void main() { a(); }\n",
          "function 'a' is called recursively through 'c' (recursion is not "
          "allowed)");
   REJECT(MESA_SHADER_VERTEX, "#version 300 es\n"
          "void main() { if (false) main(); }\n",
          "function 'main' calls itself (recursion is not allowed)");
   /* overloads are different functions: f(int) calling f(float) is not
    * recursion; neither is calling one function twice */
   ACCEPT(MESA_SHADER_VERTEX,
          "float f(float x) { return x; }\n"
          "int f(int x) { return int(f(float(x))); }\n"
          "int g(int x) { return f(x) + f(1); }\n"
          "void main() { gl_Position = vec4(g(2) + f(3)); }\n");
   /* a diamond: main -> a, b; a -> c; b -> c */
   ACCEPT(MESA_SHADER_VERTEX,
          "float c() { return 1.0; }\nfloat a() { return c(); }\n"
          "float b() { return c(); }\n"
          "void main() { gl_Position = vec4(a() + b()); }\n");
}

static void
test_scopes_and_constant_arguments(void **state)
{
   (void)state;
   const gl_shader_stage VS = MESA_SHADER_VERTEX;
   const gl_shader_stage FS = MESA_SHADER_FRAGMENT;
   /* A do-while body is a scope of its own (6.3), even without braces. */
   REJECT(FS, "void main() { do int v = 0; while (false); v++; }\n",
          "'v' is not declared");
   ACCEPT(FS, "void main() { int v = 1; do int v = 0; while (false); v++; }\n");
   /* A variable may hide a struct name of an outer scope (4.2), after
    * which the name is the variable; in the struct's own scope it is a
    * redeclaration, and built-in type names are never variable names. */
   ACCEPT(VS, "#version 120\nstruct N { float a; };\n"
              "void main() { { vec4 N = vec4(1.0); gl_Position = N; }\n"
              "  N n = N(2.0); gl_Position = vec4(n.a); }\n");
   REJECT(VS, "#version 120\nstruct N { float a; };\nvec4 N;\n"
              "void main() {}\n", "redeclaration of 'N'");
   REJECT(VS, "#version 130\nvoid main() { int vec2; }\n",
          "syntax error, 'vec2' is a built-in type name");
   /* No implicit array conversions (4.1.10), sized or not. */
   REJECT(VS, "#version 120\nuniform float a[] = int[](1, 2);\n"
              "void main() {}\n",
          "cannot initialize a variable of type float[] with a value of type "
          "int[2]");
   REJECT(VS, "#version 120\nvoid main() { float a[2] = int[](1, 2); }\n",
          "cannot initialize a variable of type float[2] with a value of type "
          "int[2]");
   ACCEPT(VS, "#version 120\nuniform float a[] = float[](1.0, 2.0);\n"
              "void main() { gl_Position = vec4(a[1]); }\n");
   /* Texel offsets are constant expressions (1.30 8.7). */
   REJECT(FS, "#version 130\nuniform sampler2D s; uniform ivec2 o;\n"
              "void main() { gl_FragColor = texelFetchOffset(s, ivec2(0), 0, "
              "o); }\n",
          "the offset argument of texelFetchOffset() must be a constant "
          "expression");
   ACCEPT(FS, "#version 130\nuniform sampler2D s; const ivec2 o = ivec2(1);\n"
              "void main() { gl_FragColor = textureOffset(s, vec2(0), o); }\n");
   /* Gather: comp and the offsets array must be constant (4.00 8.9.3);
    * a single gather offset may vary from 4.00 on. */
   REJECT(FS, "#version 400\nuniform sampler2D s; uniform int c;\n"
              "out vec4 f;\nvoid main() { f = textureGather(s, vec2(0), c); "
              "}\n",
          "the comp argument of textureGather() must be a constant expression");
   ACCEPT(FS, "#version 400\nuniform sampler2D s;\nout vec4 f;\n"
              "void main() { f = textureGather(s, vec2(0), 2); }\n");
   REJECT(FS, "#version 400\nuniform sampler2D s; uniform ivec2 o[4];\n"
              "out vec4 f;\n"
              "void main() { f = textureGatherOffsets(s, vec2(0), o); }\n",
          "the offsets argument of textureGatherOffsets() must be a constant "
          "expression");
   ACCEPT(FS, "#version 400\nuniform sampler2D s;\n"
              "const ivec2 o[4] = ivec2[4](ivec2(0), ivec2(1), ivec2(2), "
              "ivec2(3));\nout vec4 f;\n"
              "void main() { f = textureGatherOffsets(s, vec2(0), o, 1); }\n");
   ACCEPT(FS, "#version 400\nuniform sampler2D s; uniform ivec2 o;\n"
              "out vec4 f;\n"
              "void main() { f = textureGatherOffset(s, vec2(0), o); }\n");
   /* gathers, texelFetch, textureSize and textureQueryLevels are fully
    * tabled: a call matching no overload is an error */
   REJECT(FS, "#version 400\nuniform sampler2D s;\nout vec4 f;\n"
              "void main() { f = textureGather(s, vec3(0)); }\n",
          "no overload of textureGather(sampler2D, vec3) matches");
   REJECT(FS, "#version 400\nuniform sampler2D s;\nout vec4 f;\n"
              "void main() { f = vec4(textureSize(s)); }\n",
          "no overload of textureSize(sampler2D) matches");
   ACCEPT(FS, "#version 400\nuniform usampler2DRect s;\nout uvec4 f;\n"
              "void main() { f = textureGather(s, vec2(0), 1); }\n");
   /* Parameter qualifiers keep the pre-4.20 order (1.30 4.7): const,
    * in/out, precision; repeats are errors in every version. */
   REJECT(VS, "#version 130\nfloat f(highp in float x) { return x; }\n"
              "void main() {}\n",
          "qualifiers are in the wrong order (before GLSL 4.20 the order is "
          "invariant, interpolation, storage, precision)");
   ACCEPT(VS, "#version 130\nfloat f(const in highp float x) { return x; }\n"
              "void main() {}\n");
   REJECT(VS, "#version 420\nfloat f(in in float x) { return x; }\n"
              "void main() {}\n",
          "a qualifier appears twice or conflicts with another");
   /* ES 1.00 4.2.7: a prototype is declared once. */
   REJECT(VS, "#version 100\nint f(int a);\nint f(int a);\n"
              "void main() {}\n", "function 'f' is already declared");
   ACCEPT(VS, "#version 300 es\nint f(int a);\nint f(int a);\n"
              "void main() {}\n");
   /* Only some built-ins may be redeclared (1.50 7.1). */
   REJECT(MESA_SHADER_GEOMETRY, "#version 150\nlayout(points) in;\n"
          "layout(points, max_vertices = 1) out;\nout int gl_Layer;\n"
          "void main() { gl_Layer = 1; }\n",
          "built-in variable gl_Layer cannot be redeclared");
   ACCEPT(VS, "#version 130\nout float gl_ClipDistance[4];\n"
              "void main() { gl_Position = vec4(0); }\n");
   /* Unsized block members are sized by constant indices (1.50 4.3.7);
    * gl_in[].gl_ClipDistance holds at most 8; a redeclared gl_PerVertex
    * has only the members it lists. */
   REJECT(FS, "#version 150\nin block { float a[]; } b;\nuniform int i;\n"
              "out vec4 o;\nvoid main() { o = vec4(b.a[i]); }\n",
          "unsized array 'a' indexed with a non-constant expression");
   ACCEPT(FS, "#version 150\nin block { float a[]; } b;\n"
              "out vec4 o;\nvoid main() { o = vec4(b.a[3]); }\n");
   REJECT(MESA_SHADER_GEOMETRY, "#version 150\nlayout(points) in;\n"
          "layout(points, max_vertices = 1) out;\n"
          "void main() { gl_Position = vec4(gl_in[0].gl_ClipDistance[8]); "
          "EmitVertex(); }\n", "index 8 is beyond the size of gl_ClipDistance");
   REJECT(MESA_SHADER_GEOMETRY, "#version 150\nlayout(points) in;\n"
          "layout(points, max_vertices = 1) out;\n"
          "in gl_PerVertex { vec4 gl_Position; } gl_in[];\n"
          "void main() { gl_Position = vec4(gl_in[0].gl_PointSize); "
          "EmitVertex(); }\n",
          "'gl_PointSize' is not in the redeclared gl_PerVertex");
}

/* ARB_tessellation_shader / GLSL 4.00 rules (4.3.8.2, 4.4.1.2, 4.4.2.1,
 * 8.16 and issue 42 of the extension). */
static void
test_tessellation(void **state)
{
   (void)state;
   const gl_shader_stage TCS = MESA_SHADER_TESS_CTRL;
   const gl_shader_stage TES = MESA_SHADER_TESS_EVAL;
#define TCS_HEAD "#version 400\nlayout(vertices = 3) out;\n"
   ACCEPT(TCS, TCS_HEAD "out vec4 x[];\npatch out float p;\n"
               "void main() { x[gl_InvocationID] = vec4(0);\n"
               "  gl_out[gl_InvocationID].gl_Position = vec4(0); p = 1.0;\n"
               "  barrier(); int n[gl_out.length()]; n[2] = 0; }\n");
   /* vertices: in range, the same everywhere, matching output sizes */
   REJECT(TCS, "#version 400\nlayout(vertices = 0) out;\nvoid main() {}\n",
          "vertices = 0 is out of range (1..32)");
   REJECT(TCS, TCS_HEAD "layout(vertices = 4) out;\nvoid main() {}\n",
          "vertices redeclared differently (3, then 4)");
   /* (repeating a name in one layout needs 4.40) */
   ACCEPT(TCS, "#version 440\nlayout(vertices = 4, vertices = 3) out;\n"
               "layout(vertices = 3) out;\nvoid main() {}\n");
   REJECT(TCS, TCS_HEAD "out vec4 x[4];\nvoid main() {}\n",
          "output 'x' has 4 elements but the patch has 3 vertices");
   REJECT(TCS, "#version 400\nint n[gl_out.length()];\n"
               "layout(vertices = 3) out;\nvoid main() {}\n",
          "length() of gl_out before 'layout(vertices = N) out;'");
   /* per-vertex variables and blocks are arrays; patch ones need not be,
    * and an unsized patch array has no length */
   REJECT(TCS, TCS_HEAD "in vec4 x;\nvoid main() {}\n",
          "per-vertex input 'x' of a tessellation shader must be an array");
   REJECT(TCS, TCS_HEAD "out vec4 x;\nvoid main() {}\n",
          "per-vertex output 'x' of a tessellation shader must be an array");
   REJECT(TES, "#version 400\nlayout(triangles) in;\nin vec4 x;\n"
               "void main() {}\n",
          "per-vertex input 'x' of a tessellation shader must be an array");
   REJECT(TES, "#version 400\nlayout(triangles) in;\nin B { vec4 x; };\n"
               "void main() {}\n",
          "per-vertex blocks of a tessellation shader must be arrays with an "
          "instance name");
   REJECT(TCS, TCS_HEAD "out gl_PerVertex { vec4 gl_Position; } gl_out;\n"
               "void main() {}\n",
          "per-vertex blocks of a tessellation shader must be arrays with an "
          "instance name");
   REJECT(TES, "#version 400\nlayout(triangles) in;\npatch in float p[];\n"
               "int n[p.length()];\nvoid main() {}\n",
          "length() of the unsized patch array 'p'");
   /* writes to per-vertex outputs go through gl_InvocationID itself */
   REJECT(TCS, TCS_HEAD "out vec4 x[];\nvoid main() { x[0] = vec4(0); }\n",
          "a per-vertex output of a tessellation control shader can only be "
          "written at index gl_InvocationID");
   REJECT(TCS, TCS_HEAD "void main() { int n = gl_InvocationID;\n"
               "  gl_out[n].gl_Position = vec4(0); }\n",
          "a per-vertex output of a tessellation control shader can only be "
          "written at index gl_InvocationID");
   ACCEPT(TCS, TCS_HEAD "out vec4 x[];\n"
               "void main() { vec4 v = x[0]; x[gl_InvocationID] = v; }\n");
   /* barrier: main only, not in control flow, not after a return */
   REJECT(TCS, TCS_HEAD "void f() { barrier(); }\nvoid main() { f(); }\n",
          "barrier() may only be called in main()");
   REJECT(TCS, TCS_HEAD "uniform bool b;\n"
               "void main() { if (b) barrier(); }\n",
          "barrier() may not be called inside if, loops or switch");
   REJECT(TCS, TCS_HEAD "void main() { for (int i = 0; i < 2; i++) "
               "barrier(); }\n",
          "barrier() may not be called inside if, loops or switch");
   REJECT(TCS, TCS_HEAD "uniform bool b;\n"
               "void main() { if (b) return; barrier(); }\n",
          "barrier() may not be called after a return");
   /* evaluation input layouts are consistent */
   ACCEPT(TES, "#version 400\nlayout(quads, fractional_odd_spacing, cw, "
               "point_mode) in;\nvoid main() {}\n");
   REJECT(TES, "#version 400\nlayout(quads) in;\nlayout(triangles) in;\n"
               "void main() {}\n",
          "'triangles' contradicts an earlier input layout");
#undef TCS_HEAD
}

/* ARB_shader_subroutine / GLSL 4.00 6.1.2. */
static void
test_subroutines(void **state)
{
   (void)state;
   const gl_shader_stage VS = MESA_SHADER_VERTEX;
#define SUB_HEAD "#version 400\nsubroutine float T(float x);\n"
   ACCEPT(VS, SUB_HEAD "subroutine(T) float a(float x) { return x; }\n"
              "subroutine(T) float b(float x) { return -x; }\n"
              "subroutine uniform T u;\nsubroutine uniform T v[2];\n"
              "uniform int i;\n"
              "void main() { gl_Position = vec4(u(1.0) + v[i](2) + "
              "v[0](1.0)); }\n");
   /* implementations match the type exactly and are definitions */
   REJECT(VS, SUB_HEAD "subroutine(T) int a(float x) { return 1; }\n"
              "void main() {}\n", "'a' does not match subroutine type 'T'");
   REJECT(VS, SUB_HEAD "subroutine(T) float a(int x) { return 1.0; }\n"
              "void main() {}\n", "'a' does not match subroutine type 'T'");
   REJECT(VS, SUB_HEAD "subroutine(T) float a(float x);\nvoid main() {}\n",
          "subroutine function 'a' must be defined, not only declared");
   REJECT(VS, SUB_HEAD "subroutine(T) subroutine(T) float a(float x) "
              "{ return x; }\nvoid main() {}\n",
          "'a' has more than one subroutine qualifier");
   REJECT(VS, SUB_HEAD "subroutine(T) float a(float x) { return x; }\n"
              "float a(int x) { return 1.0; }\nvoid main() {}\n",
          "subroutine function 'a' cannot be overloaded");
   /* only uniforms; calls are checked against the type */
   REJECT(VS, SUB_HEAD "subroutine float x;\nvoid main() {}\n",
          "'x': only uniforms can be subroutine variables");
   REJECT(VS, SUB_HEAD "subroutine uniform T u;\n"
              "void main() { u(1.0, 2.0); }\n",
              "'u' takes 1 argument, 2 given");
   REJECT(VS, SUB_HEAD "subroutine uniform T u;\n"
              "void main() { u(vec2(1.0)); }\n",
          "argument 1 of 'u' has type vec2, float expected");
   REJECT(VS, SUB_HEAD "void main() { T(1.0); }\n",
          "'T' is a subroutine type, not a function");
   /* recursion through a subroutine uniform is recursion */
   REJECT(VS, SUB_HEAD "subroutine uniform T u;\n"
              "subroutine(T) float a(float x) { return u(x); }\n"
              "void main() { gl_Position = vec4(u(1.0)); }\n",
          "function 'T' is called recursively through 'a' (recursion is not "
          "allowed)");
   /* layout(index) needs 4.30 or ARB_explicit_uniform_location */
   REJECT(VS, SUB_HEAD "layout(index = 2) subroutine(T) float a(float x) "
              "{ return x; }\nvoid main() {}\n",
          "layout(index) on a subroutine function needs GLSL 4.30 or "
          "GL_ARB_explicit_uniform_location");
   ACCEPT(VS, "#version 430\nsubroutine float T(float x);\n"
              "layout(index = 2) subroutine(T) float a(float x) "
              "{ return x; }\nvoid main() {}\n");
   REJECT(VS, "#version 430\nsubroutine float T(float x);\n"
              "layout(index = -1) subroutine(T) float a(float x) "
              "{ return x; }\nvoid main() {}\n",
          "subroutine index -1 is negative");
#undef SUB_HEAD
}

/* GLSL 4.00 / ARB_gpu_shader5 rules. */
static void
test_gpu_shader5(void **state)
{
   (void)state;
   const gl_shader_stage VS = MESA_SHADER_VERTEX;
   const gl_shader_stage FS = MESA_SHADER_FRAGMENT;
   const gl_shader_stage GS = MESA_SHADER_GEOMETRY;
   /* int->float and int->uint are not ordered (6.1): ambiguous */
   REJECT(VS, "#version 400\nvoid f(float x) {}\nvoid f(uint x) {}\n"
              "void main() { int i = 0; f(i); }\n", "call to 'f' is ambiguous");
   /* ... but float->double beats int-ish conversions, exact beats all */
   ACCEPT(VS, "#version 400\nvoid f(double x) {}\nvoid f(int x) {}\n"
              "void main() { float v = 0.0; f(v); }\n");
   /* sample: varyings only, not with centroid, not VS in / FS out */
   ACCEPT(FS, "#version 400\nsample in vec4 x;\nout vec4 o;\n"
              "void main() { o = x; }\n");
   REJECT(FS, "#version 400\nsample centroid in vec4 x;\nout vec4 o;\n"
              "void main() { o = x; }\n",
          "'sample' and 'centroid' cannot be combined");
   REJECT(FS, "#version 400\nsample out vec4 o;\nvoid main() {}\n",
          "'sample' is not allowed on fragment shader outputs");
   REJECT(VS, "#version 400\nsample in vec4 x;\nvoid main() {}\n",
          "'sample' is not allowed on vertex shader inputs");
   REJECT(FS, "#version 400\nuniform U { sample vec4 x; };\nout vec4 o;\n"
              "void main() { o = vec4(1); }\n", "'sample' needs 'in' or 'out'");
   /* interpolateAt*: an input variable, element or member, no swizzle */
   ACCEPT(FS, "#version 400\nin vec4 v; in vec4 a[2];\nout vec4 o;\n"
              "void main() { o = interpolateAtCentroid(v) + "
              "interpolateAtSample(a[1], 0); }\n");
   REJECT(FS, "#version 400\nin vec4 v;\nout vec4 o;\n"
              "void main() { o = interpolateAtCentroid(v.xyzw); }\n",
          "the interpolant of interpolateAtCentroid() must be an input "
          "variable, array element or block member, not an expression or "
          "swizzle");
   REJECT(FS, "#version 400\nuniform vec4 v;\nout vec4 o;\n"
              "void main() { o = interpolateAtCentroid(v); }\n",
          "the interpolant of interpolateAtCentroid() must be a shader input");
   REJECT(FS, "#version 400\nin vec4 v;\nout vec4 o;\n"
              "void main() { vec4 t = v; o = interpolateAtCentroid(t); }\n",
          "the interpolant of interpolateAtCentroid() must be a shader input");
   /* GLSL 4.40 8.13.2: component selection allowed; 4.60: any l-value of
    * an input, vector components included */
   ACCEPT(FS, "#version 440\nin vec3 v;\nuniform int i;\nout vec4 o;\n"
              "void main() { o = vec4(interpolateAtOffset(v.yx, vec2(0)), "
              "interpolateAtSample(v[2], 0), interpolateAtCentroid(v[i])); "
              "}\n");
   REJECT(FS, "#version 440\nin vec4 v;\nout vec4 o;\n"
              "void main() { o = interpolateAtCentroid(v + v); }\n",
          "the interpolant of interpolateAtCentroid()");
   /* invocations agree; streams are 0..3 and members keep the block's */
   REJECT(GS, "#version 400\nlayout(points, invocations = 4) in;\n"
              "layout(invocations = 3) in;\n"
              "layout(points, max_vertices = 1) out;\nvoid main() {}\n",
          "invocations redeclared differently");
   ACCEPT(GS, "#version 440\nlayout(points, invocations = 4, "
              "invocations = 3) in;\nlayout(invocations = 3) in;\n"
              "layout(points, max_vertices = 1) out;\nvoid main() {}\n");
   REJECT(GS, "#version 400\nlayout(points) in;\n"
              "layout(points, stream = -2, max_vertices = 1) out;\n"
              "void main() {}\n", "stream -2 is out of range (0..3)");
   REJECT(GS, "#version 400\nlayout(points) in;\n"
              "layout(points, max_vertices = 1) out;\n"
              "out B { layout(stream = 1) vec4 a; };\nvoid main() {}\n",
          "a member of a block in stream 0 cannot be in stream 1");
   ACCEPT(GS, "#version 400\nlayout(points) in;\n"
              "layout(points, max_vertices = 1) out;\n"
              "layout(stream = 1) out B { layout(stream = 1) vec4 a; };\n"
              "void main() {}\n");
}

/* GLSL 4.60 4.3.9 and ES 3.00 4.3.7: block members cannot be opaque, also
 * not inside a structure (nested or arrayed).  Such a member once reached
 * the std140/std430 offset check, which has no size for an opaque type
 * and aborted (issue #18); it must be one compile error. */
static void
test_opaque_block_members(void **state)
{
   (void)state;
   const gl_shader_stage VS = MESA_SHADER_VERTEX;
   const gl_shader_stage FS = MESA_SHADER_FRAGMENT;
   const gl_shader_stage CS = MESA_SHADER_COMPUTE;
   static const struct {
      gl_shader_stage stage;
      const char *src, *log;
   } bad[] = {
      { FS, "#version 330\nstruct S { vec4 a; sampler2D s; };\n"
            "uniform B { S x; vec4 y; };\nout vec4 o;\n"
            "void main() { o = y; }\n", "not allowed in uniform blocks" },
      { FS, "#version 330\nstruct T { sampler2D s; };\n"
            "struct S { vec4 a; T t; };\nuniform B { S x; vec4 y; };\n"
            "out vec4 o;\nvoid main() { o = y; }\n",
        "not allowed in uniform blocks" },
      { FS, "#version 330\nstruct S { vec4 a; sampler2D s; };\n"
            "layout(std140) uniform B { S x[2]; vec4 y; };\n"
            "out vec4 o;\nvoid main() { o = y; }\n",
        "not allowed in uniform blocks" },
      { FS, "#version 330\nstruct S { vec4 a; sampler2D s; };\n"
            "uniform B { S x; } b[2];\nout vec4 o;\n"
            "void main() { o = b[0].x.a; }\n",
        "not allowed in uniform blocks" },
      { FS, "#version 300 es\nprecision mediump float;\n"
            "struct S { vec4 a; sampler2D s; };\n"
            "uniform B { S x; vec4 y; };\nout vec4 o;\n"
            "void main() { o = y; }\n", "not allowed in uniform blocks" },
      { CS, "#version 430\nlayout(local_size_x = 1) in;\n"
            "struct S { vec4 a; layout(rgba8) image2D i; };\n"
            "layout(std430) buffer B { S x; vec4 y; };\n"
            "void main() { y = vec4(1); }\n",
        "not allowed in buffer blocks" },
      { CS, "#version 430\nlayout(local_size_x = 1) in;\n"
            "struct S { float a; atomic_uint c; };\n"
            "buffer B { S x[3]; float y; };\n"
            "void main() { y = 1.0; }\n", "not allowed in buffer blocks" },
      { CS, "#version 430\nlayout(local_size_x = 1) in;\n"
            "layout(std430) buffer B { float y; layout(offset = 16) "
            "sampler2D s; };\nvoid main() { y = 1.0; }\n",
        "not allowed in buffer blocks" },
      { VS, "#version 330\nstruct S { vec4 a; sampler2D s; };\n"
            "out B { S x; vec4 y; };\n"
            "void main() { gl_Position = vec4(0); }\n",
        "not allowed in out blocks" },
      { FS, "#version 330\nstruct S { vec4 a; sampler2D s; };\n"
            "in B { S x; vec4 y; };\nout vec4 o;\n"
            "void main() { o = y; }\n", "not allowed in in blocks" },
   };
   for (unsigned i = 0; i < ARRAY_SIZE(bad); i++) {
      char *log = NULL;
      assert_false(glsl_test_compiles(bad[i].stage, bad[i].src, bad[i].log,
                                      &log));
      /* one clear error, not a cascade */
      const char *e = strstr(log, "error:");
      assert_non_null(e);
      assert_null(strstr(e + 1, "error:"));
      free(log);
   }
   /* A structure with a sampler stays fine as a plain uniform. */
   assert_true(glsl_test_compiles(FS, "#version 330\n"
      "struct S { vec4 a; sampler2D s; };\nuniform S x;\nout vec4 o;\n"
      "void main() { o = texture(x.s, vec2(0)) + x.a; }\n", NULL, NULL));
}

/* Arrays of arrays (GLSL 4.30 4.1.9, ARB_arrays_of_arrays). */
static void
test_arrays_of_arrays(void **state)
{
   (void)state;
   const gl_shader_stage VS = MESA_SHADER_VERTEX;
   ACCEPT(VS, "#version 430\nuniform vec4 a[][2];\n"
              "void main() { gl_Position = a[3][1]; }\n");
   REJECT(VS, "#version 430\nuniform vec4 a[2][];\nvoid main() {}\n",
          "only the outermost dimension of 'a' may be unsized");
   REJECT(VS, "#version 430\nuniform vec4[] a[1];\nvoid main() {}\n",
          "only the outermost dimension of 'a' may be unsized");
   REJECT(VS, "#version 430\nuniform vec4[][] a;\nvoid main() {}\n",
          "only the outermost dimension of 'a' may be unsized");
   /* precise redeclares a variable of its own scope (4.7.1) */
   REJECT(VS, "#version 400\nfloat x;\nvoid f() { precise x; }\n"
              "void main() {}\n",
          "'precise x;' must be in the scope that declares 'x'");
   ACCEPT(VS, "#version 400\nvoid main() { float x = 1.0; precise x; "
              "gl_Position = vec4(x); }\n");
   /* GLSL ES: no component qualifier, no clip distances in gl_PerVertex */
   REJECT(VS, "#version 320 es\nout vertex {\n"
              "  layout(location = 0, component = 3) highp float x; };\n"
              "void main() { gl_Position = vec4(0); }\n",
          "layout(component) is not available in GLSL ES");
   REJECT(VS, "#version 320 es\nout gl_PerVertex { highp vec4 gl_Position;\n"
              "  highp float gl_ClipDistance[2]; };\n"
              "void main() { gl_Position = vec4(0); }\n",
          "'gl_ClipDistance' is not a member of gl_PerVertex");
   /* coordinate conventions qualify gl_FragCoord only */
   REJECT(MESA_SHADER_FRAGMENT, "#version 150\n"
          "layout(origin_upper_left) uniform vec4 a;\n"
          "out vec4 o;\nvoid main() { o = a; }\n",
          "layout(origin_upper_left) only applies to gl_FragCoord");
   ACCEPT(MESA_SHADER_FRAGMENT, "#version 150\n"
          "layout(origin_upper_left) in vec4 gl_FragCoord;\n"
          "out vec4 o;\nvoid main() { o = gl_FragCoord; }\n");
   /* an initializer sizes every dimension */
   ACCEPT(VS, "#version 430\nvoid main() { float a[][] = float[][](\n"
              "float[](1.0), float[](2.0)); gl_Position = vec4(a[1][0]); }\n");
   /* built-in arrays stay one-dimensional */
   REJECT(VS, "#version 430 compatibility\n"
              "out vec4 gl_TexCoord[4][1];\nvoid main() {}\n",
          "gl_TexCoord cannot be redeclared as an array of arrays");
   REJECT(MESA_SHADER_GEOMETRY, "#version 430\nlayout(triangles) in;\n"
          "layout(points, max_vertices = 1) out;\n"
          "in gl_PerVertex { vec4 gl_Position; } gl_in[3][2];\n"
          "void main() {}\n",
          "the input gl_PerVertex must be redeclared as gl_in[]");
}

/* As in Mesa (beyond GLSL ES 3.00, which removed them): the GLSL 1.10
 * texture functions stay in ES 3.00 shaders, texture3D among them
 * without GL_OES_texture_3D; ES 1.00 still needs the extension for it. */
static void
test_es3_legacy_textures(void **state)
{
   ACCEPT(MESA_SHADER_FRAGMENT,
          "#version 300 es\nprecision mediump float;\n"
          "uniform mediump sampler3D t3;\nuniform samplerCube tc;\n"
          "uniform sampler2D t2;\nin vec3 c;\nout vec4 o;\n"
          "void main() { o = texture3D(t3, c) + textureCube(tc, c) +\n"
          "  texture2D(t2, c.xy) + texture2DProj(t2, c, 0.5); }\n");
   ACCEPT(MESA_SHADER_VERTEX,
          "#version 300 es\nuniform samplerCube tc;\n"
          "void main() { gl_Position = textureCubeLod(tc, vec3(1.0), 0.0); }\n");
   REJECT(MESA_SHADER_FRAGMENT,
          "#version 100\nprecision mediump float;\n"
          "uniform mediump sampler2D t2;\n"
          "void main() { gl_FragColor = texture3D(t2, vec3(0.0)); }\n",
          "texture3D");
}

/* Built-ins the tables describe completely are held to their rows: a call
 * with other arguments is an error naming the call (before wave 15 the
 * texture, geometry-stream, barrier, atomic counter and interpolateAt
 * families accepted any arguments).  Overloads: GLSL 1.30 8.7 and ES 3.00
 * 8.8 (the Proj/Grad/Offset lookups), GLSL 4.60 8.10-8.17. */
static void
test_strict_builtins(void **state)
{
   (void)state;
   const gl_shader_stage VS = MESA_SHADER_VERTEX, FS = MESA_SHADER_FRAGMENT,
                         GS = MESA_SHADER_GEOMETRY, CS = MESA_SHADER_COMPUTE;
   /* the offset of a 2D lookup is an ivec2 */
   REJECT(FS, "#version 130\nuniform sampler2D s;\n"
              "void main() { gl_FragColor = textureGradOffset(s, vec2(0), "
              "vec2(0), vec2(0), 1); }\n",
          "no overload of textureGradOffset(sampler2D, vec2, vec2, vec2, "
          "int) matches");
   /* a projective 2D coordinate has three or four components */
   REJECT(FS, "#version 130\nuniform sampler2D s;\n"
              "void main() { gl_FragColor = textureProjOffset(s, vec2(0), "
              "ivec2(0)); }\n",
          "no overload of textureProjOffset(sampler2D, vec2, ivec2) matches");
   REJECT(FS, "#version 300 es\nprecision mediump float;\n"
              "uniform sampler2D s;\nout vec4 o;\n"
              "void main() { o = textureProjGrad(s, vec3(0), vec3(0), "
              "vec3(0)); }\n",
          "no overload of textureProjGrad(sampler2D, vec3, vec3, vec3) "
          "matches");
   /* the bias forms are for fragment shaders (implicit derivatives) */
   REJECT(VS, "#version 130\nuniform sampler2D s;\n"
              "void main() { gl_Position = textureProjOffset(s, vec3(0), "
              "ivec2(0), 1.0); }\n",
          "no overload of textureProjOffset(sampler2D, vec3, ivec2, float) "
          "matches");
   /* every listed form still compiles */
   ACCEPT(FS, "#version 130\nuniform sampler2D s;\nuniform sampler3D t;\n"
              "uniform sampler2DShadow z;\nuniform isampler1DArray a;\n"
              "in vec4 c;\n"
              "void main() { gl_FragColor = textureProjOffset(s, c, "
              "ivec2(1), 0.5) + textureProjLodOffset(t, c, 1.0, ivec3(1)) +\n"
              "  textureProjGradOffset(s, c.xyz, c.xy, c.xy, ivec2(0)) +\n"
              "  textureGradOffset(z, c.xyz, c.xy, c.xy, ivec2(1)) +\n"
              "  textureProjGrad(z, c, c.xy, c.xy) +\n"
              "  vec4(textureGradOffset(a, c.xy, 1.0, 1.0, 2)); }\n");
   ACCEPT(FS, "#version 300 es\nprecision mediump float;\n"
              "uniform mediump sampler2DArrayShadow s;\nin vec4 c;\n"
              "out vec4 o;\n"
              "void main() { o = vec4(textureGradOffset(s, c, c.xy, c.xy, "
              "ivec2(1))); }\n");
   /* the other families: no arguments, or their one signature */
   REJECT(GS, "#version 150\nlayout(points) in;\n"
              "layout(points, max_vertices = 1) out;\n"
              "void main() { EmitVertex(1); }\n",
          "no overload of EmitVertex(int) matches");
   REJECT(CS, "#version 430\nlayout(local_size_x = 1) in;\n"
              "void main() { barrier(1); memoryBarrier(); }\n",
          "no overload of barrier(int) matches");
   REJECT(CS, "#version 430\nlayout(local_size_x = 1) in;\n"
              "void main() { groupMemoryBarrier(true); }\n",
          "no overload of groupMemoryBarrier(bool) matches");
   REJECT(FS, "#version 420\nlayout(binding = 0) uniform atomic_uint c;\n"
              "out vec4 o;\n"
              "void main() { o = vec4(atomicCounterIncrement(c, 1u)); }\n",
          "no overload of atomicCounterIncrement(atomic_uint, uint) matches");
   REJECT(FS, "#version 400\nin vec2 v;\nout vec4 o;\n"
              "void main() { o = vec4(interpolateAtCentroid(v, 1), 0, 0); }\n",
          "no overload of interpolateAtCentroid(vec2, int) matches");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_preprocessor),
      cmocka_unit_test(test_types_and_conversions),
      cmocka_unit_test(test_statements_and_qualifiers),
      cmocka_unit_test(test_recursion),
      cmocka_unit_test(test_scopes_and_constant_arguments),
      cmocka_unit_test(test_tessellation),
      cmocka_unit_test(test_subroutines),
      cmocka_unit_test(test_gpu_shader5),
      cmocka_unit_test(test_arrays_of_arrays),
      cmocka_unit_test(test_opaque_block_members),
      cmocka_unit_test(test_layout_qualifiers),
      cmocka_unit_test(test_es_identifier_length),
      cmocka_unit_test(test_es_block_layouts),
      cmocka_unit_test(test_es_sampler_precision),
      cmocka_unit_test(test_group_vote),
      cmocka_unit_test(test_source_strings),
      cmocka_unit_test(test_directive_limits),
      cmocka_unit_test(test_hostile_input),
      cmocka_unit_test(test_es_float_precision),
      cmocka_unit_test(test_es3_legacy_textures),
      cmocka_unit_test(test_strict_builtins),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
