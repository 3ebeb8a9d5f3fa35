/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ARB_texture_gather on the noop driver (which reports gathers of 4
 * components with offsets -8..7): the extension in desktop contexts and
 * its three limits (ARB_texture_gather, "New State"; GL 4.6 table
 * 23.55), none of it in ES 2.0/3.0 contexts (the queries there are
 * INVALID_ENUM: ES 3.1 section 20.2 brings them).  A fragment shader
 * using textureGather compiles and links.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>

#include "gl_test_context.h"

static void
test_desktop(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   assert_non_null(t);
   assert_true(gl_test_has_extension("GL_ARB_texture_gather"));
   GLint v = 0;
   _mesa_GetIntegerv(GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB, &v);
   assert_int_equal(v, 4);
   _mesa_GetIntegerv(GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET, &v);
   assert_int_equal(v, -8);
   _mesa_GetIntegerv(GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET, &v);
   assert_int_equal(v, 7);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   GLuint prog = gl_test_program(
      "#version 130\n"
      "in vec4 p;\n"
      "void main() { gl_Position = p; }\n",
      "#version 130\n"
      "#extension GL_ARB_texture_gather : require\n"
      "uniform sampler2D s;\n"
      "out vec4 o;\n"
      "void main() {\n"
      "   o = textureGather(s, vec2(0.5)) +\n"
      "       textureGatherOffset(s, vec2(0.5), ivec2(-8, 7));\n"
      "}\n");
   assert_int_not_equal(prog, 0);
   gl_test_destroy(t);
}

static void
test_es3(void **state)
{
   (void)state;
   /* the noop driver's ES version is 3.0 only when asked */
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   assert_false(gl_test_has_extension("GL_ARB_texture_gather"));
   GLint v = 123;
   _mesa_GetIntegerv(GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   assert_int_equal(v, 123);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_desktop),
      cmocka_unit_test(test_es3),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
