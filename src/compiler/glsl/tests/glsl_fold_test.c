/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Constant folding of built-in function calls (GLSL 1.20+ 4.3.3: a call to
 * a built-in with constant arguments is a constant expression).  Each case
 * sizes an array with a folded call and checks, through the constant-index
 * bound check, that the size is exactly the value the spec's definition of
 * the function gives (worked out by hand in the comments); switch cases
 * check the same through duplicate labels.
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
compiles(const char *src)
{
   struct glsl_compile_options opts = { .stage = MESA_SHADER_VERTEX };
   void *mem = ralloc_context(NULL);
   struct glsl_parse_state *st = glsl_compile_shader(mem, src, strlen(src),
                                                     &opts);
   assert_non_null(st);
   bool ok = st->log.errors == 0;
   if (!ok && getenv("GLSL_FOLD_TEST_VERBOSE"))
      fprintf(stderr, "%s\n%s\n", src, st->log.text);
   ralloc_free(mem);
   return ok;
}

/* The array float a[SIZE_EXPR] has exactly `size` elements: a[size - 1]
 * is accepted and a[size] rejected. */
static void
size_is(int version, const char *size_expr, int size)
{
   char src[1024];
   snprintf(src, sizeof(src),
            "#version %d\nvoid main() { float a[%s]; a[%d] = 0.0; }\n",
            version, size_expr, size - 1);
   if (!compiles(src))
      fail_msg("size of [%s] should be %d, index %d rejected", size_expr,
               size, size - 1);
   snprintf(src, sizeof(src),
            "#version %d\nvoid main() { float a[%s]; a[%d] = 0.0; }\n",
            version, size_expr, size);
   if (compiles(src))
      fail_msg("size of [%s] should be %d, index %d accepted", size_expr,
               size, size);
}

static void
test_trig(void **state)
{
   (void)state;
   size_is(120, "int(10.0 * sin(radians(30.0)) + 0.5)", 5);
   size_is(120, "int(10.0 * cos(radians(60.0)) + 0.5)", 5);
   size_is(120, "int(7.0 * tan(radians(45.0)) + 0.5)", 7);
   size_is(120, "int(degrees(asin(0.5)) + 0.5)", 30);
   size_is(120, "int(degrees(acos(0.0)) + 0.5)", 90);
   size_is(120, "int(degrees(atan(1.0)) + 0.5)", 45);
   /* atan(y, x) uses the signs of both: quadrant II here. */
   size_is(120, "int(degrees(atan(1.0, -1.0)) + 0.5)", 135);
   /* cosh 0 = 1; sinh(ln 2) = (2 - 1/2) / 2 = 0.75; tanh 20 ~ 1 */
   size_is(130, "int(3.0 * cosh(0.0) + 0.5)", 3);
   size_is(130, "int(4.0 * sinh(log(2.0)) + 0.5)", 3);
   size_is(130, "int(6.0 * tanh(20.0) + 0.5)", 6);
   size_is(130, "int(asinh(sinh(2.0)) * 3.0 + 0.5)", 6);
   size_is(130, "int(acosh(cosh(2.0)) * 3.0 + 0.5)", 6);
   size_is(130, "int(atanh(0.5) * 100.0)", 54); /* 0.5493 */
}

static void
test_exponential(void **state)
{
   (void)state;
   size_is(110, "int(pow(2.0, 5.0) + 0.5)", 32);
   size_is(120, "int(exp(log(7.0)) + 0.5)", 7);
   size_is(120, "int(exp2(4.0) + 0.5)", 16);
   size_is(120, "int(log2(64.0) + 0.5)", 6);
   size_is(120, "int(sqrt(49.0) + 0.5)", 7);
   size_is(120, "int(inversesqrt(0.0625) + 0.5)", 4);
   size_is(120, "int(exp(1.0) * 1000.0)", 2718);
}

static void
test_common(void **state)
{
   (void)state;
   size_is(120, "int(abs(-6.5))", 6);
   size_is(130, "abs(-6)", 6);
   size_is(120, "int(sign(-3.0) + 4.0)", 3);
   size_is(130, "sign(-9) + 4", 3);
   size_is(120, "int(floor(3.7))", 3);
   size_is(120, "int(floor(-3.5) + 9.0)", 5);
   size_is(120, "int(ceil(3.2))", 4);
   size_is(130, "int(trunc(-3.7) + 8.0)", 5);
   size_is(130, "int(round(3.6))", 4);
   /* roundEven: halves go to the even neighbour (2.5 -> 2, 3.5 -> 4) */
   size_is(130, "int(roundEven(2.5)) + int(roundEven(3.5))", 6);
   size_is(120, "int(fract(3.75) * 8.0)", 6);
   size_is(120, "int(mod(17.0, 5.0))", 2);
   /* mod(x, y) = x - y floor(x / y): mod(-1, 3) = 2, not -1 */
   size_is(120, "int(mod(-1.0, 3.0))", 2);
   size_is(120, "int(min(3.0, 5.0))", 3);
   size_is(120, "int(max(3.0, 5.0))", 5);
   size_is(130, "max(3, 5) + int(min(7u, 2u))", 7);
   size_is(120, "int(clamp(9.0, 2.0, 4.0))", 4);
   size_is(130, "clamp(-10, 1, 6) + clamp(10, 1, 6)", 7);
   size_is(120, "int(mix(2.0, 10.0, 0.25))", 4);
   size_is(130, "int(mix(2.0, 10.0, true))", 10);
   size_is(130, "int(mix(vec2(1.0, 2.0), vec2(8.0, 9.0), "
                "bvec2(false, true)).y)", 9);
   /* step(edge, x) = x < edge ? 0 : 1 */
   size_is(120, "int(step(2.0, 1.0)) + 3", 3);
   size_is(120, "int(step(1.0, 2.0)) + 3", 4);
   /* smoothstep(0, 2, 1): t = 0.5, t^2 (3 - 2t) = 0.5 */
   size_is(120, "int(8.0 * smoothstep(0.0, 2.0, 1.0))", 4);
   size_is(120, "int(8.0 * smoothstep(0.0, 2.0, 3.0))", 8);
   size_is(130, "isnan(1.0) ? 2 : 3", 3);
   size_is(130, "isinf(1.0) ? 2 : 3", 3);
   /* vector forms broadcast the scalar: clamp(vec3, float, float) */
   size_is(120, "int(clamp(vec3(0.0, 5.0, 9.0), 1.0, 6.0).z)", 6);
   /* float math stays float: 16777217 is not a float, the tie goes to
    * the even 16777216; in double it is exact. */
   size_is(130, "int(mix(16777216.0, 16777218.0, 0.5) - 16777215.0)", 1);
   size_is(400, "int(mix(16777216.0lf, 16777218.0lf, 0.5lf) - "
                "16777215.0lf)", 2);
}

static void
test_geometric(void **state)
{
   (void)state;
   size_is(120, "int(length(vec2(3.0, 4.0)))", 5);
   size_is(120, "int(length(-7.0))", 7);
   size_is(120, "int(distance(vec3(1.0, 2.0, 3.0), vec3(4.0, 6.0, 3.0)))",
           5);
   size_is(120, "int(dot(vec3(1.0, 2.0, 3.0), vec3(4.0, 5.0, 6.0)))", 32);
   /* x cross y = z, y cross x = -z */
   size_is(120, "int(cross(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0)).z "
                "+ 4.0)", 5);
   size_is(120, "int(cross(vec3(0.0, 1.0, 0.0), vec3(1.0, 0.0, 0.0)).z "
                "+ 4.0)", 3);
   size_is(120, "int(normalize(vec2(3.0, 4.0)).y * 10.0 + 0.5)", 8);
   /* dot(Nref, I) = 1 >= 0, so -N */
   size_is(120, "int(faceforward(vec2(1.0, 0.0), vec2(1.0, 0.0), "
                "vec2(1.0, 0.0)).x + 3.0)", 2);
   size_is(120, "int(faceforward(vec2(1.0, 0.0), vec2(-1.0, 0.0), "
                "vec2(1.0, 0.0)).x + 3.0)", 4);
   /* (1, -1) - 2 dot(N, I) N with N = (0, 1) is (1, 1) */
   size_is(120, "int(reflect(vec2(1.0, -1.0), vec2(0.0, 1.0)).y + 4.0)",
           5);
   /* I = (0.6, -0.8), N = (0, 1), eta 0.5: x = eta I.x = 0.3 */
   size_is(120, "int(refract(vec2(0.6, -0.8), vec2(0.0, 1.0), 0.5).x * "
                "10.0 + 0.5)", 3);
   /* k = 1 - 0.25 (1 - 0.64) = 0.91; y = -0.4 - (-0.4 + sqrt k) */
   size_is(120, "int(-refract(vec2(0.6, -0.8), vec2(0.0, 1.0), 0.5).y * "
                "100.0)", 95);
   /* total internal reflection: k = 1 - 4 (1 - 0.36) < 0 gives 0 */
   size_is(120, "int(refract(vec2(0.8, -0.6), vec2(0.0, 1.0), 2.0).x) + 2",
           2);
}

static void
test_matrix(void **state)
{
   (void)state;
   /* columns (1, 2), (3, 4) times the diagonal 2 */
   size_is(110, "int(matrixCompMult(mat2(1.0, 2.0, 3.0, 4.0), "
                "mat2(2.0))[1][1])", 8);
   size_is(110, "int(matrixCompMult(mat2(1.0, 2.0, 3.0, 4.0), "
                "mat2(2.0))[0][1]) + 1", 1);
   /* outerProduct(c, r)[col][row] = c[row] * r[col] */
   size_is(120, "int(outerProduct(vec2(1.0, 2.0), vec3(3.0, 4.0, 5.0))"
                "[2][1])", 10);
   size_is(120, "int(transpose(mat2(1.0, 2.0, 3.0, 4.0))[0][1])", 3);
   size_is(120, "int(transpose(mat3x2(1.0, 2.0, 3.0, 4.0, 5.0, 6.0))"
                "[1][2])", 6);
   /* columns (2,0,0), (0,3,0), (1,1,4): triangular, det = 24 */
   size_is(150, "int(determinant(mat3(2.0, 0.0, 0.0, 0.0, 3.0, 0.0, "
                "1.0, 1.0, 4.0)) + 0.5)", 24);
   size_is(150, "int(-determinant(mat2(1.0, 2.0, 3.0, 4.0)) + 0.5)", 2);
   size_is(150, "int(determinant(mat4(2.0)) + 0.5)", 16);
   /* rows [1 3; 2 4]: inverse rows [-2 1.5; 1 -0.5], so column 1 is
    * (1.5, -0.5) */
   size_is(140, "int(inverse(mat2(1.0, 2.0, 3.0, 4.0))[1][0] * 2.0 + 0.5)",
           3);
   /* rows [2 0 1; 0 3 1; 0 0 4]: inverse row 0 = (1/2, 0, -1/8) */
   size_is(140, "int(-inverse(mat3(2.0, 0.0, 0.0, 0.0, 3.0, 0.0, "
                "1.0, 1.0, 4.0))[2][0] * 40.0 + 0.5)", 5);
   size_is(140, "int(inverse(mat4(0.25))[3][3] + 0.5)", 4);
   /* matrix-from-matrix constructors keep the identity outside */
   size_is(120, "int(mat3(mat2(5.0))[2][2] + mat3(mat2(5.0))[1][1])", 6);
}

static void
test_relational(void **state)
{
   (void)state;
   /* lessThan((1,5), (2,2)) = (true, false): any 1, all 0 */
   size_is(120, "1 + int(any(lessThan(vec2(1.0, 5.0), vec2(2.0)))) + "
                "2 * int(all(lessThan(vec2(1.0, 5.0), vec2(2.0)))) + "
                "4 * int(not(bvec2(true, false)).y)", 6);
   size_is(120, "all(equal(ivec2(1, 2), ivec2(1, 2))) ? 4 : 2", 4);
   size_is(120, "any(notEqual(ivec2(1, 2), ivec2(1, 2))) ? 4 : 2", 2);
   size_is(130, "int(greaterThanEqual(uvec2(3u, 1u), uvec2(3u)).x) + "
                "2 * int(greaterThan(uvec2(3u, 1u), uvec2(3u)).x) + 1", 2);
   size_is(120, "int(lessThanEqual(vec3(1.0, 2.0, 3.0), vec3(2.0)).y) + "
                "int(lessThanEqual(vec3(1.0, 2.0, 3.0), vec3(2.0)).z) + 1",
           2);
   /* equal on bool vectors */
   size_is(120, "int(equal(bvec2(true, false), bvec2(true)).x) + 1", 2);
}

static void
test_integer(void **state)
{
   (void)state;
   size_is(400, "bitfieldExtract(0x70, 4, 4)", 7);
   /* int extraction sign-extends the field's top bit: 0xF -> -1 */
   size_is(400, "bitfieldExtract(0xF0, 4, 4) + 3", 2);
   size_is(400, "int(bitfieldExtract(0xF0u, 4, 4))", 15);
   size_is(400, "bitfieldInsert(0, 3, 2, 2)", 12);
   size_is(400, "bitfieldInsert(0xFF, 0, 2, 4)", 0xC3);
   size_is(400, "bitfieldInsert(5, 1, 32, 0)", 5); /* zero bits at 32 */
   size_is(400, "int(bitfieldExtract(5u, 32, 0)) + 1", 1);
   size_is(400, "int(bitfieldReverse(0x10000000u))", 8);
   size_is(400, "bitCount(0xF0F0)", 8);
   size_is(400, "bitCount(-1)", 32);
   size_is(400, "findLSB(0x50)", 4);
   size_is(400, "findMSB(0x50)", 6);
   size_is(400, "findLSB(0) + 3", 2);
   /* for negative ints, the most significant 0 bit: -2 = ...1110 */
   size_is(400, "findMSB(-2) + 1", 1);
   size_is(400, "findMSB(-1) + 3", 2);
   /* not constant-foldable before the functions exist */
   assert_false(compiles("#version 130\nvoid main() { float a[bitCount(3)];"
                         " }\n"));
}

static void
test_other_contexts(void **state)
{
   (void)state;
   /* case labels: floor(2.7) is 2, so the labels collide */
   assert_false(compiles("#version 130\nuniform int x;\nvoid main() {\n"
                         "switch (x) { case int(floor(2.7)): break;\n"
                         "case 2: break; }\n}\n"));
   assert_true(compiles("#version 130\nuniform int x;\nvoid main() {\n"
                        "switch (x) { case int(ceil(2.7)): break;\n"
                        "case 2: break; }\n}\n"));
   /* const initialisers carry the value on */
   assert_true(compiles("#version 120\nconst vec2 v = normalize("
                        "vec2(0.0, 2.0));\nvoid main() { float a[int(v.y "
                        "* 3.0)]; a[2] = 0.0; }\n"));
   assert_false(compiles("#version 120\nconst vec2 v = normalize("
                         "vec2(0.0, 2.0));\nvoid main() { float a[int(v.y "
                         "* 3.0)]; a[3] = 0.0; }\n"));
}

/* Linear-algebra products of constants (5.10).  mat2(1, 2, 3, 4) has
 * columns (1, 2) and (3, 4), i.e. rows (1 3) and (2 4). */
static void
test_matrix_products(void **state)
{
   (void)state;
   /* matrix * column vector: (1 + 3, 2 + 4) */
   size_is(110, "int((mat2(1.0, 2.0, 3.0, 4.0) * vec2(1.0, 1.0)).y)", 6);
   size_is(110, "int((mat2(1.0, 2.0, 3.0, 4.0) * vec2(1.0, 1.0))[0])", 4);
   /* row vector * matrix: (1 + 2, 3 + 4) */
   size_is(110, "int((vec2(1.0, 1.0) * mat2(1.0, 2.0, 3.0, 4.0)).y)", 7);
   /* square: rows (1 3)(2 4) squared are (7 15)(10 22); m[col][row] */
   size_is(110, "int((mat2(1.0, 2.0, 3.0, 4.0) * "
                "mat2(1.0, 2.0, 3.0, 4.0))[1][0])", 15);
   size_is(110, "int((mat2(1.0, 2.0, 3.0, 4.0) * "
                "mat2(1.0, 2.0, 3.0, 4.0))[0][1])", 10);
   /* mat2x3 M (columns (1 2 3), (4 5 6)) times mat3x2 N (columns (1 0),
    * (0 1), (1 1)) is a mat3 whose third column is M0 + M1 = (5 7 9). */
   size_is(120, "int((mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0) * "
                "mat3x2(1.0, 0.0, 0.0, 1.0, 1.0, 1.0))[2][2])", 9);
   size_is(120, "int((mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0) * "
                "mat3x2(1.0, 0.0, 0.0, 1.0, 1.0, 1.0))[0][2])", 3);
   /* N * M is a mat2: column 1 is (1*4 + 0*5 + 1*6, 0*4 + 1*5 + 1*6). */
   size_is(120, "int((mat3x2(1.0, 0.0, 0.0, 1.0, 1.0, 1.0) * "
                "mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0))[1][0])", 10);
   size_is(120, "int((mat3x2(1.0, 0.0, 0.0, 1.0, 1.0, 1.0) * "
                "mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0))[1][1])", 11);
   /* mat4 * vec4 with a diagonal matrix scales: 3 * 5 */
   size_is(110, "int((mat4(3.0) * vec4(1.0, 2.0, 4.0, 5.0)).w)", 15);
   /* doubles (4.00) */
   size_is(400, "int((dmat2(1.0, 2.0, 3.0, 4.0) * dvec2(1.0, 1.0)).x)", 4);
   size_is(400, "int((dvec3(1.0, 2.0, 3.0) * dmat3(2.0))[2])", 6);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_trig),
      cmocka_unit_test(test_exponential),
      cmocka_unit_test(test_common),
      cmocka_unit_test(test_geometric),
      cmocka_unit_test(test_matrix),
      cmocka_unit_test(test_matrix_products),
      cmocka_unit_test(test_relational),
      cmocka_unit_test(test_integer),
      cmocka_unit_test(test_other_contexts),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
