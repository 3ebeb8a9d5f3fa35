/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Image built-ins, memory qualifiers, format qualifiers and block-only
 * qualifiers: shaders the specifications accept and reject (each case
 * names the rule; see glsl_check_images.c and glsl_check_block_quals.c).
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
compiles(gl_shader_stage stage, const char *src, const char *want_in_log)
{
   return glsl_test_compiles(stage, src, want_in_log, NULL);
}

#define FS MESA_SHADER_FRAGMENT
#define ACCEPT(src) assert_true(compiles(FS, src, NULL))
/* Rejected, and the log holds the message of the rule the case is about
 * (a substring), so a shader rejected for another reason fails. */
#define REJECT(src, text) assert_false(compiles(FS, src, text))

#define V420 "#version 420\n"
#define V430 "#version 430\n"
#define ES31 "#version 310 es\nprecision highp float;\n"

static void
test_builtin_overloads(void **state)
{
   /* GLSL 4.20 section 8.12: the coordinate has the image's dimension,
    * multisample images take a sample, data has the image's base type. */
   ACCEPT(V420 "layout(rgba32f) uniform image2D i;\n"
          "void main(){ vec4 v = imageLoad(i, ivec2(0));\n"
          " imageStore(i, ivec2(1), v); }\n");
   /* imageSize: GLSL 4.30 or ARB_shader_image_size. */
   REJECT(V420 "layout(rgba32f) uniform image2D i;\n"
          "void main(){ ivec2 s = imageSize(i); }\n",
          "built-in function 'imageSize' is not available in this version or "
          "stage");
   ACCEPT(V430 "layout(rgba32f) uniform image2D i;\n"
          "void main(){ ivec2 s = imageSize(i); }\n");
   ACCEPT(V420 "layout(r32i) uniform iimage2DMSArray i;\n"
          "void main(){ ivec4 v = imageLoad(i, ivec3(0), 2);\n"
          " int old = imageAtomicAdd(i, ivec3(0), 3, 1);\n"
          " old = imageAtomicCompSwap(i, ivec3(0), 3, 1, 2); }\n");
   ACCEPT(V430 "layout(r32ui) uniform uimageCube i;\n"
          "void main(){ uint o = imageAtomicXor(i, ivec3(0), 1u);\n"
          " ivec2 s = imageSize(i); }\n");
   /* A 2D coordinate for a 3D image, a missing sample: no overload, and
    * the message names the function. */
   REJECT(V420 "layout(rgba32f) uniform image3D i;\n"
          "void main(){ vec4 v = imageLoad(i, ivec2(0)); }\n",
          "imageLoad");
   REJECT(V420 "layout(r32i) uniform iimage2DMS i;\n"
          "void main(){ imageAtomicAdd(i, ivec2(0), 1); }\n",
          "imageAtomicAdd");
   /* Every image function is tabled: an unknown image* name is simply
    * undeclared. */
   REJECT(V420 "void main(){ imageFoo(1); }\n", "imageFoo");
   /* uvec4 data for an iimage: no implicit uint->int conversion. */
   REJECT(V420 "layout(rgba32i) uniform iimage1D i;\n"
          "void main(){ imageStore(i, 0, uvec4(0)); }\n",
          "no overload of imageStore(iimage1D, int, uvec4) matches");
   /* Atomics on float images: only exchange, from GLSL 4.50. */
   REJECT(V420 "layout(r32f) uniform image1D i;\n"
          "void main(){ imageAtomicAdd(i, 0, 1.0); }\n",
          "no overload of imageAtomicAdd(image1D, int, float) matches");
   REJECT(V420 "layout(r32f) uniform image1D i;\n"
          "void main(){ imageAtomicExchange(i, 0, 1.0); }\n",
          "no overload of imageAtomicExchange(image1D, int, float) matches");
   ACCEPT("#version 450\nlayout(r32f) uniform image1D i;\n"
          "void main(){ float o = imageAtomicExchange(i, 0, 1.0); }\n");
   /* imageSamples (GLSL 4.50) is for multisample images only. */
   ACCEPT("#version 450\nlayout(rgba8) uniform image2DMS i;\n"
          "void main(){ int n = imageSamples(i); }\n");
   REJECT("#version 450\nlayout(rgba8) uniform image2D i;\n"
          "void main(){ int n = imageSamples(i); }\n",
          "no overload of imageSamples(image2D) matches");
   /* ES 3.10: atomics need ES 3.20 or OES_shader_image_atomic, and an
    * r32i/r32ui image. */
   REJECT(ES31 "layout(r32i) uniform highp iimage2D i;\n"
          "void main(){ imageAtomicAdd(i, ivec2(0), 1); }\n",
          "built-in function 'imageAtomicAdd' is not available in this version "
          "or stage");
   ACCEPT(ES31 "#extension GL_OES_shader_image_atomic : require\n"
          "layout(r32i) uniform highp iimage2D i;\n"
          "void main(){ imageAtomicAdd(i, ivec2(0), 1); }\n");
   REJECT(ES31 "#extension GL_OES_shader_image_atomic : require\n"
          "layout(rgba32i) uniform highp iimage2D i;\n"
          "void main(){ imageAtomicAdd(i, ivec2(0), 1); }\n",
          "image 'i' of format rgba32i must be readonly or writeonly in GLSL "
          "ES");
   (void)state;
}

static void
test_memory_qualifiers(void **state)
{
   /* Section 4.10: readonly images are not written, writeonly ones not
    * read; atomics do both. */
   REJECT(V420 "layout(rgba32f) readonly uniform image2D i;\n"
          "void main(){ imageStore(i, ivec2(0), vec4(0)); }\n",
          "imageStore() cannot write the readonly image 'i'");
   REJECT(V420 "writeonly uniform image2D i;\n"
          "void main(){ vec4 v = imageLoad(i, ivec2(0)); }\n",
          "imageLoad() cannot read the writeonly image 'i'");
   REJECT(V420 "layout(r32ui) readonly uniform uimage2D i;\n"
          "void main(){ imageAtomicOr(i, ivec2(0), 1u); }\n",
          "imageAtomicOr() cannot write the readonly image 'i'");
   ACCEPT(V430 "writeonly uniform image2D i;\n"
          "void main(){ imageStore(i, ivec2(0), vec4(0));\n"
          " ivec2 s = imageSize(i); }\n");
   /* Memory qualifiers belong to images and buffer blocks. */
   REJECT(V420 "coherent uniform sampler2D s;\nvoid main(){}\n",
          "memory qualifier 'coherent' applies only to image variables and "
          "buffer blocks");
   REJECT(V420 "void f(readonly float x){}\nvoid main(){}\n",
          "memory qualifier 'readonly' applies only to image parameters");
   /* A parameter may add memory qualifiers but not drop them. */
   REJECT(V420 "layout(rgba32f) restrict uniform image2D x;\n"
          "void f(image2D y){}\nvoid main(){ f(x); }\n",
          "argument 1 of f() is 'restrict' but the parameter is not");
   ACCEPT(V420 "layout(rgba32f) restrict uniform image2D x;\n"
          "void f(volatile restrict image2D y){}\nvoid main(){ f(x); }\n");
   /* Section 6.1.1: opaque parameters (atomic counters included) are
    * in parameters only. */
   REJECT(V420 "void f(out atomic_uint a){}\nvoid main(){}\n",
          "opaque parameters cannot be out or inout");
   REJECT(V420 "void f(inout atomic_uint a){}\nvoid main(){}\n",
          "opaque parameters cannot be out or inout");
   ACCEPT(V420 "void f(atomic_uint a){}\nvoid main(){}\n");
   /* Opaque values are not operands of ?: (section 4.1.7). */
   REJECT(V420 "layout(rgba32f) uniform image2D i;\n"
          "void main(){ true ? i : i; }\n",
          "?: cannot select values of opaque type image2D");
   (void)state;
}

static void
test_format_qualifiers(void **state)
{
   /* Section 4.4.6.2: formats only on images, of the image's type, at
    * most one, and required unless writeonly. */
   REJECT(V420 "layout(rgba32i) uniform uimage2D i;\nvoid main(){}\n",
          "format 'rgba32i' does not match the type of image 'i'");
   REJECT(V420 "layout(r32f) uniform float f;\nvoid main(){}\n",
          "format layout qualifier 'r32f' applies only to image variables");
   REJECT(V420 "layout(rgba32f) layout(rgba32f) uniform image2D i;\n"
          "void main(){}\n",
          "image 'i' has more than one format layout qualifier");
   REJECT(V420 "readonly uniform image2D i;\nvoid main(){}\n",
          "image 'i' needs a format layout qualifier unless it is writeonly");
   ACCEPT(V420 "layout(rgba8_snorm) readonly uniform image2D i;\n"
          "void main(){}\n");
   /* ES keeps a subset of the formats. */
   REJECT(ES31 "layout(rg16f) readonly uniform highp image2D i;\n"
          "void main(){}\n", "format 'rg16f' is not available in GLSL ES");
   /* GL_NV_image_formats gives ES shaders every format of section
    * 4.4.6.2 (chromium's shader-db program 85 requires it). */
   ACCEPT("#version 310 es\n#extension GL_NV_image_formats : require\n"
          "precision highp float;\n"
          "layout(rg16f) readonly uniform highp image2D i;\n"
          "layout(r8ui) writeonly uniform highp uimage2D u;\n"
          "void main(){}\n");
   /* ... but the 16-bit normalized ones only with GL_EXT_texture_norm16,
    * which no context of ours offers. */
   REJECT("#version 310 es\n#extension GL_NV_image_formats : require\n"
          "precision highp float;\n"
          "layout(r16_snorm) readonly uniform highp image2D i;\n"
          "void main(){}\n", "GL_EXT_texture_norm16");
   /* ES 3.10 section 4.10: other formats than r32f/r32i/r32ui are either
    * readonly or writeonly. */
   REJECT(ES31 "layout(rgba8) uniform highp image2D i;\nvoid main(){}\n",
          "image 'i' of format rgba8 must be readonly or writeonly in GLSL ES");
   ACCEPT(ES31 "layout(rgba8) writeonly uniform highp image2D i;\n"
          "layout(r32f) uniform highp image2D j;\nvoid main(){}\n");
   /* Section 4.4.1.3: early_fragment_tests is for "layout() in;". */
   REJECT(V420 "layout(early_fragment_tests) in float f;\nvoid main(){}\n",
          "early_fragment_tests is only allowed on "
          "'layout(early_fragment_tests) in;'");
   ACCEPT(V420 "layout(early_fragment_tests) in;\nvoid main(){}\n");
   REJECT("#version 410\nlayout(early_fragment_tests) in;\n"
          "void main(){}\n",
          "early_fragment_tests needs GLSL 4.20, GLSL ES 3.10 or "
          "GL_ARB_shader_image_load_store");
   REJECT(V420 "layout(early_fragment_tests) uniform;\nvoid main(){}\n",
          "early_fragment_tests is only allowed on "
          "'layout(early_fragment_tests) in;' in fragment shaders");
   assert_false(compiles(MESA_SHADER_VERTEX, "#version 440\n"
                         "layout(early_fragment_tests) in;\n"
                         "void main(){}\n", NULL));
   (void)state;
}

static void
test_block_qualifiers(void **state)
{
   /* GLSL 4.30 section 4.4.5: packing is for blocks; std430 for buffer
    * blocks; binding not on members nor as a block default. */
   REJECT("#version 430\nlayout(std140) uniform vec4 a;\nvoid main(){}\n",
          "layout(std140) only applies to uniform and buffer blocks");
   REJECT("#version 430\nlayout(row_major) vec4 a;\nvoid main(){}\n",
          "layout(row_major) only applies to uniform and buffer blocks");
   REJECT("#version 430\nlayout(std430) uniform U { vec4 b; };\n"
          "void main(){}\n", "layout(std430) is only allowed on buffer blocks");
   ACCEPT("#version 430\nlayout(std430) buffer B { vec4 b; };\n"
          "void main(){}\n");
   REJECT("#version 430\nuniform U { layout(std140) vec4 b; };\n"
          "void main(){}\n", "layout(std140) is not allowed on a block member");
   ACCEPT("#version 430\nuniform U { layout(row_major) mat4 m; };\n"
          "void main(){}\n");
   REJECT("#version 430\nbuffer B { layout(binding = 2) float f; };\n"
          "void main(){}\n",
          "layout(binding) is not allowed on a block member");
   REJECT("#version 430\nlayout(binding = 1) buffer;\nvoid main(){}\n",
          "layout(binding) cannot be a default for blocks");
   /* Section 4.3.7: buffer variables live in blocks. */
   REJECT("#version 430\nbuffer vec4 a;\nvoid main(){}\n",
          "buffer variable 'a' must be declared inside a buffer block");
   /* Section 4.10: memory qualifiers on buffer blocks only; readonly
    * members and blocks are not written. */
   REJECT("#version 430\nuniform U { readonly int a; };\nvoid main(){}\n",
          "memory qualifiers are only allowed on members of buffer blocks");
   REJECT("#version 430\nbuffer B { readonly float a; };\n"
          "void main(){ a = 1.0; }\n",
          "assignment requires an l-value (a read-only variable is not one)");
   REJECT("#version 430\nreadonly buffer B { float a; } b;\n"
          "void main(){ b.a = 1.0; }\n",
          "assignment requires an l-value (a read-only variable is not one)");
   REJECT("#version 430\nbuffer B { readonly float a; } b;\n"
          "void main(){ b.a = 1.0; }\n",
          "assignment requires an l-value (a readonly buffer member is not "
          "one)");
   ACCEPT("#version 430\nbuffer B { coherent float a; } b;\n"
          "void main(){ b.a = 1.0; }\n");
   /* Writeonly buffer variables are written, never read; an index inside
    * the written element is a read of something else. */
   REJECT("#version 430\nbuffer B { writeonly float a; };\n"
          "void main(){ float r = a; }\n",
          "'a' is writeonly and cannot be read");
   REJECT("#version 430\nwriteonly buffer B { float a; } b;\n"
          "void main(){ float r = b.a; }\n",
          "'b' is writeonly and cannot be read");
   REJECT("#version 430\nbuffer B { writeonly float a; } b;\n"
          "void main(){ b.a += 1.0; }\n",
          "'a' is writeonly and cannot be read");
   ACCEPT("#version 430\nbuffer B { writeonly float a[4]; int i; } b;\n"
          "void main(){ b.a[b.i] = 1.0; }\n");
   REJECT("#version 430\nbuffer B { writeonly float a[4]; } b;\n"
          "void main(){ b.a[int(b.a[0])] = 1.0; }\n",
          "'a' is writeonly and cannot be read");
   ACCEPT("#version 430\nwriteonly buffer B { float a[]; } b;\n"
          "void main(){ b.a[b.a.length() - 1] = 1.0; }\n");
   /* Formats never qualify block members (section 4.4.6.2). */
   REJECT("#version 430\nuniform U { layout(r32f) int x; };\n"
          "void main(){}\n",
          "format layout qualifier 'r32f' applies only to image variables");
   /* atomic*() take the variable itself: no implicit conversion. */
   REJECT("#version 430\n#extension GL_ARB_gpu_shader5 : require\n"
          "buffer B { int v; };\nvoid main(){ atomicMin(v, 1u); }\n",
          "no overload of atomicMin(int, uint) matches");
   ACCEPT("#version 430\nbuffer B { int v; };\n"
          "void main(){ atomicMin(v, 1); }\n");
   (void)state;
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_builtin_overloads),
      cmocka_unit_test(test_memory_qualifiers),
      cmocka_unit_test(test_format_qualifiers),
      cmocka_unit_test(test_block_qualifiers),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
