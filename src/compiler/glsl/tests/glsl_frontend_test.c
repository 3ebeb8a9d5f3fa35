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

#include "glsl_state.h"
#include "util/ralloc.h"

static bool
compiles(gl_shader_stage stage, const char *src, char **log_out)
{
   struct glsl_compile_options opts = { .stage = stage };
   void *mem = ralloc_context(NULL);
   struct glsl_parse_state *st = glsl_compile_shader(mem, src, strlen(src),
                                                     &opts);
   assert_non_null(st);
   bool ok = st->log.errors == 0;
   if (log_out)
      *log_out = strdup(st->log.text);
   ralloc_free(mem);
   return ok;
}

#define ACCEPT(stage, src) assert_true(compiles(stage, src, NULL))
#define REJECT(stage, src) assert_false(compiles(stage, src, NULL))

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

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_preprocessor),
      cmocka_unit_test(test_types_and_conversions),
      cmocka_unit_test(test_statements_and_qualifiers),
      cmocka_unit_test(test_recursion),
      cmocka_unit_test(test_layout_qualifiers),
      cmocka_unit_test(test_hostile_input),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
