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

static bool
compiles(gl_shader_stage stage, const char *src, char **log_out)
{
   return glsl_test_compiles(stage, src, NULL, log_out);
}

#define ACCEPT(stage, src) assert_true(compiles(stage, src, NULL))
#define REJECT(stage, src) assert_false(compiles(stage, src, NULL))
/* Rejected, and the log names the rule (a substring of its message). */
#define REJECT_SAYING(stage, src, text) \
   assert_false(glsl_test_compiles(stage, src, text, NULL))

static void
test_preprocessor(void **state)
{
   /* Redefinitions must be identical (GLSL 1.10 section 3.3). */
   REJECT(MESA_SHADER_VERTEX, "#define A 1\n#define A 2\nvoid main(){}\n");
   ACCEPT(MESA_SHADER_VERTEX, "#define A 1\n#define A 1\nvoid main(){}\n");
   /* GL_ names are reserved for macros. */
   REJECT(MESA_SHADER_VERTEX, "#define GL_FOO 1\nvoid main(){}\n");
   /* #error is an error; #if arithmetic and defined work. */
   REJECT(MESA_SHADER_VERTEX, "#error stop\nvoid main(){}\n");
   ACCEPT(MESA_SHADER_VERTEX,
          "#define X 3\n#if defined(X) && X * 2 == 6 && (7 % 4) == 3\n"
          "void main(){}\n#else\n#error no\n#endif\n");
   /* Division by zero in #if is an error. */
   REJECT(MESA_SHADER_VERTEX, "#if 1 / 0\n#endif\nvoid main(){}\n");
   /* #version must come first. */
   REJECT(MESA_SHADER_VERTEX, "void main(){}\n#version 120\n");
   /* __VERSION__ follows #version. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 130\n#if __VERSION__ != 130\n"
          "#error v\n#endif\nvoid main(){}\n");
   /* Recursive macros stop expanding instead of looping. */
   REJECT(MESA_SHADER_VERTEX, "#define A A B\n#define B A\nvoid main(){ A; }\n");
}

static void
test_types_and_conversions(void **state)
{
   /* GLSL 1.10 has no implicit int -> float conversion. */
   REJECT(MESA_SHADER_VERTEX, "void main() { float f = 1; }\n");
   ACCEPT(MESA_SHADER_VERTEX, "#version 120\nvoid main() { float f = 1; }\n");
   /* No implicit float -> int, ever. */
   REJECT(MESA_SHADER_VERTEX, "#version 450\nvoid main() { int i = 1.0; }\n");
   /* Constructors need enough components. */
   REJECT(MESA_SHADER_VERTEX, "void main() { vec4 v = vec4(1.0, 2.0); }\n");
   ACCEPT(MESA_SHADER_VERTEX,
          "void main() { vec4 v = vec4(vec2(1.0), 2.0, 3.0); }\n");
   /* Swizzles: one set at a time, within the vector. */
   REJECT(MESA_SHADER_VERTEX, "void main() { vec2 v; float f = v.z; }\n");
   REJECT(MESA_SHADER_VERTEX, "void main() { vec4 v; vec2 f = v.xg; }\n");
   /* Array sizes are positive constant integers. */
   REJECT(MESA_SHADER_VERTEX, "void main() { float a[1 - 1]; }\n");
   REJECT(MESA_SHADER_VERTEX,
          "uniform int n;\nvoid main() { float a[n]; }\n");
   ACCEPT(MESA_SHADER_VERTEX,
          "const int n = 2;\nvoid main() { float a[n * 2]; a[3] = 0.0; }\n");
   /* Constant out-of-range index. */
   REJECT(MESA_SHADER_VERTEX, "void main() { float a[2]; a[2] = 1.0; }\n");
}

static void
test_statements_and_qualifiers(void **state)
{
   REJECT(MESA_SHADER_VERTEX, "void main() { discard; }\n");
   ACCEPT(MESA_SHADER_FRAGMENT, "void main() { discard; }\n");
   REJECT(MESA_SHADER_VERTEX, "void main() { break; }\n");
   REJECT(MESA_SHADER_VERTEX, "int f() { return; }\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "void f() { return 1; }\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 130\nvoid main() { int i = 0;\n"
          "switch (i) { case 1: break; case 1: break; } }\n");
   /* Uniforms are read-only; attributes only in vertex shaders. */
   REJECT(MESA_SHADER_VERTEX, "uniform float u;\nvoid main() { u = 1.0; }\n");
   REJECT(MESA_SHADER_FRAGMENT, "attribute vec4 a;\nvoid main() {}\n");
   /* Integer fragment inputs must be flat (GLSL 1.30 4.3.4). */
   REJECT(MESA_SHADER_FRAGMENT, "#version 130\nin int i;\nvoid main() {}\n");
   ACCEPT(MESA_SHADER_FRAGMENT,
          "#version 130\nflat in int i;\nvoid main() {}\n");
   /* Overloads differing only in return type. */
   REJECT(MESA_SHADER_VERTEX,
          "int f(int x) { return x; }\nfloat f(int x) { return 1.0; }\n"
          "void main() {}\n");
   /* At most one interpolation qualifier, never both in and out, and no
    * repeated qualifier on parameters (ARB_shading_language_420pack). */
   REJECT(MESA_SHADER_VERTEX, "#version 420\nsmooth flat out float x;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 420\nin out float x;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 420\n"
          "void f(const const float x) {}\nvoid main() {}\n");
   ACCEPT(MESA_SHADER_VERTEX, "#version 420\n"
          "void f(const in float x) {}\nvoid main() {}\n");
   /* Initializer lists are for aggregates only. */
   REJECT(MESA_SHADER_VERTEX, "#version 420\n"
          "void main() { int i = { 1 }; }\n");
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
            REJECT_SAYING(MESA_SHADER_VERTEX, src,
                          "GLSL ES allows at most 1024");
      }
   }
   /* A variable, and a field selection. */
   memset(name, 'v', 1025);
   name[1025] = 0;
   snprintf(src, sizeof(src), "#version 300 es\nuniform vec4 %s;\n"
            "void main() { gl_Position = %s; }\n", name, name);
   REJECT_SAYING(MESA_SHADER_VERTEX, src, "GLSL ES allows at most 1024");
   snprintf(src, sizeof(src), "#version 300 es\n"
            "struct S { vec4 %s; };\nuniform S s;\n"
            "void main() { gl_Position = s.%s; }\n", name, name);
   REJECT_SAYING(MESA_SHADER_VERTEX, src, "GLSL ES allows at most 1024");
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
   REJECT_SAYING(MESA_SHADER_VERTEX,
                 ES_VS("300", "layout(binding = 1) uniform B { vec4 a; };"),
                 "layout(binding) is not allowed on a uniform block in "
                 "GLSL ES 3.00");
   /* std430 is for storage blocks. */
   REJECT_SAYING(MESA_SHADER_VERTEX,
                 ES_VS("310", "layout(std430) uniform B { vec4 a; };"),
                 "layout(std430) is only allowed on buffer blocks");
   /* Desktop-only block qualifiers. */
   REJECT_SAYING(MESA_SHADER_VERTEX,
                 ES_VS("320", "layout(std140, align = 16) uniform B "
                       "{ vec4 a; };"),
                 "layout(align) is not allowed on a uniform block");
   REJECT_SAYING(MESA_SHADER_VERTEX,
                 ES_VS("320", "layout(location = 2) uniform B { vec4 a; };"),
                 "layout(location) is not allowed on a uniform block");
   REJECT_SAYING(MESA_SHADER_VERTEX,
                 ES_VS("310", "layout(std430, offset = 4) buffer B "
                       "{ vec4 a; };"),
                 "layout(offset) is not allowed on a storage block");
   /* Members: matrix layouts only. */
   REJECT_SAYING(MESA_SHADER_VERTEX,
                 ES_VS("310", "layout(std140) uniform B "
                       "{ layout(offset = 16) vec4 a; };"),
                 "layout(offset) is not allowed on a member of a uniform "
                 "block");
   REJECT_SAYING(MESA_SHADER_VERTEX,
                 ES_VS("320", "uniform B { layout(location = 1) vec4 a; };"),
                 "layout(location) is not allowed on a member of a "
                 "uniform block");
   REJECT_SAYING(MESA_SHADER_VERTEX,
                 ES_VS("320", "uniform B { layout(align = 16) vec4 a; };"),
                 "layout(align) is not allowed on a member");
   REJECT_SAYING(MESA_SHADER_VERTEX,
                 ES_VS("310", "buffer B { layout(offset = 0) vec4 a; };"),
                 "layout(offset) is not allowed on a member of a storage "
                 "block");
   /* Default declarations follow the block rule. */
   REJECT_SAYING(MESA_SHADER_VERTEX,
                 ES_VS("320", "layout(align = 16) uniform;"),
                 "layout(align) is not allowed on a uniform block");
   /* Desktop GLSL keeps its wider set. */
   ACCEPT(MESA_SHADER_VERTEX,
          "#version 450\nlayout(std140) uniform B "
          "{ layout(offset = 16) vec4 a; };\n"
          "void main() { gl_Position = a; }\n");
#undef ES_VS
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
   REJECT(MESA_SHADER_VERTEX, src);

   memset(src, 'a', 1 << 20);
   src[1 << 20] = 0;
   REJECT(MESA_SHADER_VERTEX, src); /* a 1 MB identifier, no main syntax */

   REJECT(MESA_SHADER_VERTEX,
          "#define A B B B B B B B B\n#define B C C C C C C C C\n"
          "#define C D D D D D D D D\n#define D E E E E E E E E\n"
          "#define E F F F F F F F F\n#define F G G G G G G G G\n"
          "#define G H H H H H H H H\n#define H x x x x x x x x\n"
          "void main() { A A A A A A A A }\n");

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
          "layout(location = n) in vec4 a;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nuniform int n;\n"
          "layout(location = n) in vec4 a;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = -1) in vec4 a;\nvoid main() {}\n");
   /* GLSL 4.50 4.4.1: component needs a location and fits in 0..3. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 1) out vec3 a;\n"
          "layout(location = 0, component = 0) out float b;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(component = 1) out float a;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 2) out vec3 a;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 4) out float a;\n"
          "void main() {}\n");
   /* ... not on matrices or structures (nor arrays of them) ... */
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 0) out mat2 a[2];\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_FRAGMENT, "#version 440\nstruct S { float f; };\n"
          "layout(location = 0, component = 1) in S s;\nvoid main() {}\n");
   /* ... and doubles take two components each. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 2) out double a;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 1) out double a;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 2) out dvec2 a;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0, component = 0) out dvec3 a;\n"
          "void main() {}\n");
   /* ARB_enhanced_layouts: xfb_buffer below gl_MaxTransformFeedbackBuffers
    * (4), stride at most 64 components of 4 bytes, offsets aligned to the
    * first component, no xfb_offset on a default declaration. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_buffer = 3, xfb_offset = 8, xfb_stride = 256) out "
          "vec4 a;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_buffer = gl_MaxTransformFeedbackBuffers) out vec4 a;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_buffer = 4) out;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_stride = 260) out vec4 a;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_offset = 2) out vec4 a;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_offset = 4) out double a;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_offset = 0) out;\nvoid main() {}\n");
   /* ... one stride per buffer, covering the captured outputs, which do
    * not overlap. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_buffer = 1, xfb_stride = 32) out;\n"
          "layout(xfb_offset = 16) out vec4 a;\n"
          "layout(xfb_buffer = 0, xfb_offset = 16) out vec4 b;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_stride = 32) out;\n"
          "layout(xfb_buffer = 0, xfb_stride = 16) out;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_stride = 16) out vec4 a;\n"
          "layout(xfb_offset = 4) out vec4 b;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_offset = 0) out vec4 a;\n"
          "layout(xfb_offset = 12) out float b;\nvoid main() {}\n");
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
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nout B {\nvec4 a;\n"
          "layout(xfb_buffer = 1) vec4 b;\n};\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_offset = 2) out B {\nvec4 a;\n};\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(xfb_offset = 16, xfb_stride = 20) out B {\nvec4 a;\n};\n"
          "void main() {}\n");
   /* GLSL 4.20: several layout(...) per declaration; GLSL 4.40: a name
    * may repeat inside one, the last value counting. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 420\n"
          "layout(location = 2) layout(location = 1) out vec3 a;\n"
          "layout(location = 2) out vec3 b;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 410\n"
          "layout(location = 2) layout(location = 1) out vec3 a;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 420\n"
          "layout(location = 2, location = 1) out vec3 a;\n"
          "void main() {}\n");
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 2, location = 1) out vec3 a;\n"
          "void main() {}\n");
   /* GLSL 4.50 4.4.5: offsets are multiples of the base alignment (16 for
    * a std140 vec4) and never inside an earlier member; align is a power
    * of two, raising the offset; both need std140 or std430. */
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\nlayout(std140) uniform B {\n"
          "layout(offset = 16) vec4 a;\nlayout(offset = 32) float b;\n"
          "float c;\n};\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nlayout(std140) uniform B {\n"
          "layout(offset = 8) vec4 a;\n};\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nlayout(std140) uniform B {\n"
          "layout(offset = 0) vec4 a;\nlayout(offset = 8) vec2 b;\n};\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nlayout(std140) uniform B {\n"
          "layout(offset = 8, align = 16) vec2 a;\n"
          "layout(offset = 20) float b;\n};\nvoid main() {}\n");
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\nlayout(std430) buffer B {\n"
          "layout(offset = 8, align = 16) vec2 a;\n"
          "layout(offset = 24) float b;\n};\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(std140, align = 24) uniform B {\nvec4 a;\n};\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nlayout(shared) uniform B {\n"
          "layout(offset = 0) vec4 a;\n};\nvoid main() {}\n");
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
          "layout(location = 2) float b;\n};\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\nout B {\n"
          "layout(location = 1) float a;\n} b[2];\nvoid main() {}\n");
   ACCEPT(MESA_SHADER_GEOMETRY, "#version 440\n"
          "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
          "in B {\nlayout(location = 1) float a;\n} b[];\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_FRAGMENT, "#version 440\n"
          "layout(location = 0, component = 1) in B {\nfloat a;\n};\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_FRAGMENT, "#version 440\nstruct S {\n"
          "layout(location = 1) float a;\n};\nvoid main() {}\n");
   REJECT(MESA_SHADER_FRAGMENT, "#version 440\n"
          "layout(index = 0) out vec4 c;\nvoid main() {}\n");
   ACCEPT(MESA_SHADER_FRAGMENT, "#version 440\n"
          "layout(location = 0, index = 1) out vec4 c;\nvoid main() {}\n");
   /* Structures and blocks take a location per member (GLSL 4.50 4.4.1),
    * which other varyings may not overlap; index is 0 or 1 (GLSL 4.30). */
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0) out struct S { vec4 a; vec4 b; } s;\n"
          "layout(location = 1) out vec4 c;\nvoid main() {}\n");
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0) out struct S { vec4 a; vec4 b; } s;\n"
          "layout(location = 2) out vec4 c;\nvoid main() {}\n");
   REJECT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0) out B { vec4 a; vec4 b; } b;\n"
          "layout(location = 1) out vec4 c;\nvoid main() {}\n");
   ACCEPT(MESA_SHADER_VERTEX, "#version 440\n"
          "layout(location = 0) out B { vec4 a; vec4 b; } b;\n"
          "layout(location = 2) out vec4 c;\nvoid main() {}\n");
   REJECT(MESA_SHADER_FRAGMENT, "#version 440\n"
          "layout(location = 0, index = 2) out vec4 c;\nvoid main() {}\n");
   /* GLSL 4.20 4.4.2.3: gl_FragDepth takes a depth_* layout, redeclared
    * before any use. */
   ACCEPT(MESA_SHADER_FRAGMENT, "#version 420\n"
          "layout(depth_greater) out float gl_FragDepth;\n"
          "void main() { gl_FragDepth = 1.0; }\n");
   REJECT(MESA_SHADER_FRAGMENT, "#version 420\n"
          "layout(origin_upper_left) out float gl_FragDepth;\n"
          "void main() {}\n");
   REJECT(MESA_SHADER_FRAGMENT, "#version 420\n"
          "void f() { gl_FragDepth = 0.0; }\n"
          "layout(depth_any) out float gl_FragDepth;\nvoid main() {}\n");
   /* ARB_compute_shader: local sizes at least 1 and consistent; no
    * user-defined inputs or outputs. */
   ACCEPT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_x = 2, local_size_y = 1) in;\n"
          "layout(local_size_x = 2) in;\nvoid main() {}\n");
   REJECT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_x = 2) in;\n"
          "layout(local_size_x = 3) in;\nvoid main() {}\n");
   REJECT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_z = 0) in;\nvoid main() {}\n");
   REJECT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_y = -1) in;\nvoid main() {}\n");
   REJECT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_x = 1) in;\nin int i;\nvoid main() {}\n");
   ACCEPT(MESA_SHADER_COMPUTE, "#version 430\n"
          "layout(local_size_x = 1) in;\n"
          "void main() { uvec3 s = gl_WorkGroupSize; }\n");
   REJECT(MESA_SHADER_COMPUTE, "#version 430\n"
          "void main() { uvec3 s = gl_WorkGroupSize; }\n"
          "layout(local_size_x = 1) in;\n");
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
          "void main() {}\n");
   /* through a prototype: f -> g -> f */
   REJECT(MESA_SHADER_VERTEX,
          "int g(int x);\nint f(int x) { return g(x); }\n"
          "int g(int x) { return x > 0 ? f(x - 1) : 0; }\n"
          "void main() { gl_Position = vec4(f(2)); }\n");
   /* a three-function cycle reached from main */
   REJECT(MESA_SHADER_FRAGMENT,
          "void a(); void b(); void c() { a(); }\n"
          "void a() { b(); }\nvoid b() { c(); }\n"
          "void main() { a(); }\n");
   REJECT(MESA_SHADER_VERTEX, "#version 300 es\n"
          "void main() { if (false) main(); }\n");
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
   REJECT(FS, "void main() { do int v = 0; while (false); v++; }\n");
   ACCEPT(FS, "void main() { int v = 1; do int v = 0; while (false); v++; }\n");
   /* A variable may hide a struct name of an outer scope (4.2), after
    * which the name is the variable; in the struct's own scope it is a
    * redeclaration, and built-in type names are never variable names. */
   ACCEPT(VS, "#version 120\nstruct N { float a; };\n"
              "void main() { { vec4 N = vec4(1.0); gl_Position = N; }\n"
              "  N n = N(2.0); gl_Position = vec4(n.a); }\n");
   REJECT(VS, "#version 120\nstruct N { float a; };\nvec4 N;\n"
              "void main() {}\n");
   REJECT(VS, "#version 130\nvoid main() { int vec2; }\n");
   /* No implicit array conversions (4.1.10), sized or not. */
   REJECT(VS, "#version 120\nuniform float a[] = int[](1, 2);\n"
              "void main() {}\n");
   REJECT(VS, "#version 120\nvoid main() { float a[2] = int[](1, 2); }\n");
   ACCEPT(VS, "#version 120\nuniform float a[] = float[](1.0, 2.0);\n"
              "void main() { gl_Position = vec4(a[1]); }\n");
   /* Texel offsets are constant expressions (1.30 8.7). */
   REJECT(FS, "#version 130\nuniform sampler2D s; uniform ivec2 o;\n"
              "void main() { gl_FragColor = texelFetchOffset(s, ivec2(0), 0, "
              "o); }\n");
   ACCEPT(FS, "#version 130\nuniform sampler2D s; const ivec2 o = ivec2(1);\n"
              "void main() { gl_FragColor = textureOffset(s, vec2(0), o); }\n");
   /* Gather: comp and the offsets array must be constant (4.00 8.9.3);
    * a single gather offset may vary from 4.00 on. */
   REJECT(FS, "#version 400\nuniform sampler2D s; uniform int c;\n"
              "out vec4 f;\nvoid main() { f = textureGather(s, vec2(0), c); }\n");
   ACCEPT(FS, "#version 400\nuniform sampler2D s;\nout vec4 f;\n"
              "void main() { f = textureGather(s, vec2(0), 2); }\n");
   REJECT(FS, "#version 400\nuniform sampler2D s; uniform ivec2 o[4];\n"
              "out vec4 f;\n"
              "void main() { f = textureGatherOffsets(s, vec2(0), o); }\n");
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
              "void main() { f = textureGather(s, vec3(0)); }\n");
   REJECT(FS, "#version 400\nuniform sampler2D s;\nout vec4 f;\n"
              "void main() { f = vec4(textureSize(s)); }\n");
   ACCEPT(FS, "#version 400\nuniform usampler2DRect s;\nout uvec4 f;\n"
              "void main() { f = textureGather(s, vec2(0), 1); }\n");
   /* Parameter qualifiers keep the pre-4.20 order (1.30 4.7): const,
    * in/out, precision; repeats are errors in every version. */
   REJECT(VS, "#version 130\nfloat f(highp in float x) { return x; }\n"
              "void main() {}\n");
   ACCEPT(VS, "#version 130\nfloat f(const in highp float x) { return x; }\n"
              "void main() {}\n");
   REJECT(VS, "#version 420\nfloat f(in in float x) { return x; }\n"
              "void main() {}\n");
   /* ES 1.00 4.2.7: a prototype is declared once. */
   REJECT(VS, "#version 100\nint f(int a);\nint f(int a);\n"
              "void main() {}\n");
   ACCEPT(VS, "#version 300 es\nint f(int a);\nint f(int a);\n"
              "void main() {}\n");
   /* Only some built-ins may be redeclared (1.50 7.1). */
   REJECT(MESA_SHADER_GEOMETRY, "#version 150\nlayout(points) in;\n"
          "layout(points, max_vertices = 1) out;\nout int gl_Layer;\n"
          "void main() { gl_Layer = 1; }\n");
   ACCEPT(VS, "#version 130\nout float gl_ClipDistance[4];\n"
              "void main() { gl_Position = vec4(0); }\n");
   /* Unsized block members are sized by constant indices (1.50 4.3.7);
    * gl_in[].gl_ClipDistance holds at most 8; a redeclared gl_PerVertex
    * has only the members it lists. */
   REJECT(FS, "#version 150\nin block { float a[]; } b;\nuniform int i;\n"
              "out vec4 o;\nvoid main() { o = vec4(b.a[i]); }\n");
   ACCEPT(FS, "#version 150\nin block { float a[]; } b;\n"
              "out vec4 o;\nvoid main() { o = vec4(b.a[3]); }\n");
   REJECT(MESA_SHADER_GEOMETRY, "#version 150\nlayout(points) in;\n"
          "layout(points, max_vertices = 1) out;\n"
          "void main() { gl_Position = vec4(gl_in[0].gl_ClipDistance[8]); "
          "EmitVertex(); }\n");
   REJECT(MESA_SHADER_GEOMETRY, "#version 150\nlayout(points) in;\n"
          "layout(points, max_vertices = 1) out;\n"
          "in gl_PerVertex { vec4 gl_Position; } gl_in[];\n"
          "void main() { gl_Position = vec4(gl_in[0].gl_PointSize); "
          "EmitVertex(); }\n");
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
   REJECT(TCS, "#version 400\nlayout(vertices = 0) out;\nvoid main() {}\n");
   REJECT(TCS, TCS_HEAD "layout(vertices = 4) out;\nvoid main() {}\n");
   /* (repeating a name in one layout needs 4.40) */
   ACCEPT(TCS, "#version 440\nlayout(vertices = 4, vertices = 3) out;\n"
               "layout(vertices = 3) out;\nvoid main() {}\n");
   REJECT(TCS, TCS_HEAD "out vec4 x[4];\nvoid main() {}\n");
   REJECT(TCS, "#version 400\nint n[gl_out.length()];\n"
               "layout(vertices = 3) out;\nvoid main() {}\n");
   /* per-vertex variables and blocks are arrays; patch ones need not be,
    * and an unsized patch array has no length */
   REJECT(TCS, TCS_HEAD "in vec4 x;\nvoid main() {}\n");
   REJECT(TCS, TCS_HEAD "out vec4 x;\nvoid main() {}\n");
   REJECT(TES, "#version 400\nlayout(triangles) in;\nin vec4 x;\n"
               "void main() {}\n");
   REJECT(TES, "#version 400\nlayout(triangles) in;\nin B { vec4 x; };\n"
               "void main() {}\n");
   REJECT(TCS, TCS_HEAD "out gl_PerVertex { vec4 gl_Position; } gl_out;\n"
               "void main() {}\n");
   REJECT(TES, "#version 400\nlayout(triangles) in;\npatch in float p[];\n"
               "int n[p.length()];\nvoid main() {}\n");
   /* writes to per-vertex outputs go through gl_InvocationID itself */
   REJECT(TCS, TCS_HEAD "out vec4 x[];\nvoid main() { x[0] = vec4(0); }\n");
   REJECT(TCS, TCS_HEAD "void main() { int n = gl_InvocationID;\n"
               "  gl_out[n].gl_Position = vec4(0); }\n");
   ACCEPT(TCS, TCS_HEAD "out vec4 x[];\n"
               "void main() { vec4 v = x[0]; x[gl_InvocationID] = v; }\n");
   /* barrier: main only, not in control flow, not after a return */
   REJECT(TCS, TCS_HEAD "void f() { barrier(); }\nvoid main() { f(); }\n");
   REJECT(TCS, TCS_HEAD "uniform bool b;\n"
               "void main() { if (b) barrier(); }\n");
   REJECT(TCS, TCS_HEAD "void main() { for (int i = 0; i < 2; i++) "
               "barrier(); }\n");
   REJECT(TCS, TCS_HEAD "uniform bool b;\n"
               "void main() { if (b) return; barrier(); }\n");
   /* evaluation input layouts are consistent */
   ACCEPT(TES, "#version 400\nlayout(quads, fractional_odd_spacing, cw, "
               "point_mode) in;\nvoid main() {}\n");
   REJECT(TES, "#version 400\nlayout(quads) in;\nlayout(triangles) in;\n"
               "void main() {}\n");
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
              "void main() {}\n");
   REJECT(VS, SUB_HEAD "subroutine(T) float a(int x) { return 1.0; }\n"
              "void main() {}\n");
   REJECT(VS, SUB_HEAD "subroutine(T) float a(float x);\nvoid main() {}\n");
   REJECT(VS, SUB_HEAD "subroutine(T) subroutine(T) float a(float x) "
              "{ return x; }\nvoid main() {}\n");
   REJECT(VS, SUB_HEAD "subroutine(T) float a(float x) { return x; }\n"
              "float a(int x) { return 1.0; }\nvoid main() {}\n");
   /* only uniforms; calls are checked against the type */
   REJECT(VS, SUB_HEAD "subroutine float x;\nvoid main() {}\n");
   REJECT(VS, SUB_HEAD "subroutine uniform T u;\n"
              "void main() { u(1.0, 2.0); }\n");
   REJECT(VS, SUB_HEAD "subroutine uniform T u;\n"
              "void main() { u(vec2(1.0)); }\n");
   REJECT(VS, SUB_HEAD "void main() { T(1.0); }\n");
   /* recursion through a subroutine uniform is recursion */
   REJECT(VS, SUB_HEAD "subroutine uniform T u;\n"
              "subroutine(T) float a(float x) { return u(x); }\n"
              "void main() { gl_Position = vec4(u(1.0)); }\n");
   /* layout(index) needs 4.30 or ARB_explicit_uniform_location */
   REJECT(VS, SUB_HEAD "layout(index = 2) subroutine(T) float a(float x) "
              "{ return x; }\nvoid main() {}\n");
   ACCEPT(VS, "#version 430\nsubroutine float T(float x);\n"
              "layout(index = 2) subroutine(T) float a(float x) "
              "{ return x; }\nvoid main() {}\n");
   REJECT(VS, "#version 430\nsubroutine float T(float x);\n"
              "layout(index = -1) subroutine(T) float a(float x) "
              "{ return x; }\nvoid main() {}\n");
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
              "void main() { int i = 0; f(i); }\n");
   /* ... but float->double beats int-ish conversions, exact beats all */
   ACCEPT(VS, "#version 400\nvoid f(double x) {}\nvoid f(int x) {}\n"
              "void main() { float v = 0.0; f(v); }\n");
   /* sample: varyings only, not with centroid, not VS in / FS out */
   ACCEPT(FS, "#version 400\nsample in vec4 x;\nout vec4 o;\n"
              "void main() { o = x; }\n");
   REJECT(FS, "#version 400\nsample centroid in vec4 x;\nout vec4 o;\n"
              "void main() { o = x; }\n");
   REJECT(FS, "#version 400\nsample out vec4 o;\nvoid main() {}\n");
   REJECT(VS, "#version 400\nsample in vec4 x;\nvoid main() {}\n");
   REJECT(FS, "#version 400\nuniform U { sample vec4 x; };\nout vec4 o;\n"
              "void main() { o = vec4(1); }\n");
   /* interpolateAt*: an input variable, element or member, no swizzle */
   ACCEPT(FS, "#version 400\nin vec4 v; in vec4 a[2];\nout vec4 o;\n"
              "void main() { o = interpolateAtCentroid(v) + "
              "interpolateAtSample(a[1], 0); }\n");
   REJECT(FS, "#version 400\nin vec4 v;\nout vec4 o;\n"
              "void main() { o = interpolateAtCentroid(v.xyzw); }\n");
   REJECT(FS, "#version 400\nuniform vec4 v;\nout vec4 o;\n"
              "void main() { o = interpolateAtCentroid(v); }\n");
   REJECT(FS, "#version 400\nin vec4 v;\nout vec4 o;\n"
              "void main() { vec4 t = v; o = interpolateAtCentroid(t); }\n");
   /* invocations agree; streams are 0..3 and members keep the block's */
   REJECT(GS, "#version 400\nlayout(points, invocations = 4) in;\n"
              "layout(invocations = 3) in;\n"
              "layout(points, max_vertices = 1) out;\nvoid main() {}\n");
   ACCEPT(GS, "#version 440\nlayout(points, invocations = 4, "
              "invocations = 3) in;\nlayout(invocations = 3) in;\n"
              "layout(points, max_vertices = 1) out;\nvoid main() {}\n");
   REJECT(GS, "#version 400\nlayout(points) in;\n"
              "layout(points, stream = -2, max_vertices = 1) out;\n"
              "void main() {}\n");
   REJECT(GS, "#version 400\nlayout(points) in;\n"
              "layout(points, max_vertices = 1) out;\n"
              "out B { layout(stream = 1) vec4 a; };\nvoid main() {}\n");
   ACCEPT(GS, "#version 400\nlayout(points) in;\n"
              "layout(points, max_vertices = 1) out;\n"
              "layout(stream = 1) out B { layout(stream = 1) vec4 a; };\n"
              "void main() {}\n");
}

/* Arrays of arrays (GLSL 4.30 4.1.9, ARB_arrays_of_arrays). */
static void
test_arrays_of_arrays(void **state)
{
   (void)state;
   const gl_shader_stage VS = MESA_SHADER_VERTEX;
   ACCEPT(VS, "#version 430\nuniform vec4 a[][2];\n"
              "void main() { gl_Position = a[3][1]; }\n");
   REJECT(VS, "#version 430\nuniform vec4 a[2][];\nvoid main() {}\n");
   REJECT(VS, "#version 430\nuniform vec4[] a[1];\nvoid main() {}\n");
   REJECT(VS, "#version 430\nuniform vec4[][] a;\nvoid main() {}\n");
   /* precise redeclares a variable of its own scope (4.7.1) */
   REJECT(VS, "#version 400\nfloat x;\nvoid f() { precise x; }\n"
              "void main() {}\n");
   ACCEPT(VS, "#version 400\nvoid main() { float x = 1.0; precise x; "
              "gl_Position = vec4(x); }\n");
   /* GLSL ES: no component qualifier, no clip distances in gl_PerVertex */
   REJECT(VS, "#version 320 es\nout vertex {\n"
              "  layout(location = 0, component = 3) highp float x; };\n"
              "void main() { gl_Position = vec4(0); }\n");
   REJECT(VS, "#version 320 es\nout gl_PerVertex { highp vec4 gl_Position;\n"
              "  highp float gl_ClipDistance[2]; };\n"
              "void main() { gl_Position = vec4(0); }\n");
   /* coordinate conventions qualify gl_FragCoord only */
   REJECT(MESA_SHADER_FRAGMENT, "#version 150\n"
          "layout(origin_upper_left) uniform vec4 a;\n"
          "out vec4 o;\nvoid main() { o = a; }\n");
   ACCEPT(MESA_SHADER_FRAGMENT, "#version 150\n"
          "layout(origin_upper_left) in vec4 gl_FragCoord;\n"
          "out vec4 o;\nvoid main() { o = gl_FragCoord; }\n");
   /* an initializer sizes every dimension */
   ACCEPT(VS, "#version 430\nvoid main() { float a[][] = float[][](\n"
              "float[](1.0), float[](2.0)); gl_Position = vec4(a[1][0]); }\n");
   /* built-in arrays stay one-dimensional */
   REJECT(VS, "#version 430 compatibility\n"
              "out vec4 gl_TexCoord[4][1];\nvoid main() {}\n");
   REJECT(MESA_SHADER_GEOMETRY, "#version 430\nlayout(triangles) in;\n"
          "layout(points, max_vertices = 1) out;\n"
          "in gl_PerVertex { vec4 gl_Position; } gl_in[3][2];\n"
          "void main() {}\n");
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
      cmocka_unit_test(test_layout_qualifiers),
      cmocka_unit_test(test_es_identifier_length),
      cmocka_unit_test(test_es_block_layouts),
      cmocka_unit_test(test_hostile_input),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
