/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ARB_program_interface_query (GL 4.3 7.3.1) on the uniform, uniform
 * block, input, output and transform feedback interfaces of a vertex +
 * fragment program, and the spec's errors.  Expected values: the naming
 * rules of 7.3.1.1, std140 offsets worked by hand, the locations the
 * shaders declare.
 */
#include <stdlib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "main/shaderobj.h"
#include "state_tracker/st_context.h"

static struct gl_test *
desktop(void)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_CORE, 3, 3, 8, 8);
   assert_non_null(t);
   return t;
}

static const char *vs_src =
   "#version 330\n"
   "layout(location = 3) in vec4 pos;\n"
   "in vec2 uv[2];\n"
   "struct S { vec4 a; float b[2]; };\n"
   "uniform S s;\n"
   "uniform mat4 m;\n"
   "layout(std140) uniform Blk { vec3 v; float f; mat2 rm; } blk;\n"
   "out vec4 col;\n"
   "void main() {\n"
   "   gl_Position = m * pos + s.a + vec4(s.b[1], blk.f, uv[1]);\n"
   "   col = vec4(blk.v, blk.rm[0][0]);\n"
   "}\n";

static const char *fs_src =
   "#version 330\n"
   "in vec4 col;\n"
   "layout(location = 0, index = 1) out vec4 c0b;\n"
   "layout(location = 0) out vec4 c0;\n"
   "void main() { c0 = col; c0b = col; }\n";

static GLuint
build(void)
{
   GLuint p = gl_test_program(vs_src, fs_src);
   assert_int_not_equal(p, 0);
   /* relinked with transform feedback varyings */
   const char *xfb[] = { "col", "gl_Position" };
   _mesa_TransformFeedbackVaryings(p, 2, xfb, GL_INTERLEAVED_ATTRIBS);
   _mesa_LinkProgram(p);
   GLint ok = 0;
   _mesa_GetProgramiv(p, GL_LINK_STATUS, &ok);
   assert_true(ok);
   return p;
}

static GLint
prop(GLuint p, GLenum iface, GLuint index, GLenum pr)
{
   GLint v = -12345;
   GLsizei len = 0;
   _mesa_GetProgramResourceiv(p, iface, index, 1, &pr, 1, &len, &v);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(len, 1);
   return v;
}

static void
test_uniforms(void **state)
{
   struct gl_test *t = desktop();
   GLuint p = build();
   GLint n = 0;
   _mesa_GetProgramInterfaceiv(p, GL_UNIFORM, GL_ACTIVE_RESOURCES, &n);
   GLint old = 0;
   _mesa_GetProgramiv(p, GL_ACTIVE_UNIFORMS, &old);
   assert_int_equal(n, old);
   /* s.a, s.b[0], m and Blk.v, Blk.f, Blk.rm */
   assert_int_equal(n, 6);

   /* "s.b" names the array listed as "s.b[0]" */
   GLuint b = _mesa_GetProgramResourceIndex(p, GL_UNIFORM, "s.b");
   assert_int_not_equal(b, GL_INVALID_INDEX);
   assert_int_equal(_mesa_GetProgramResourceIndex(p, GL_UNIFORM, "s.b[0]"),
                    b);
   assert_int_equal(_mesa_GetProgramResourceIndex(p, GL_UNIFORM, "s.b[1]"),
                    GL_INVALID_INDEX);
   char name[32];
   GLsizei len = 0;
   _mesa_GetProgramResourceName(p, GL_UNIFORM, b, sizeof(name), &len, name);
   assert_string_equal(name, "s.b[0]");
   assert_int_equal(len, 6);
   assert_int_equal(prop(p, GL_UNIFORM, b, GL_ARRAY_SIZE), 2);
   assert_int_equal(prop(p, GL_UNIFORM, b, GL_TYPE), GL_FLOAT);
   /* default block: no buffer, so -1 (7.3.1.1) */
   assert_int_equal(prop(p, GL_UNIFORM, b, GL_OFFSET), -1);
   assert_int_equal(prop(p, GL_UNIFORM, b, GL_BLOCK_INDEX), -1);
   assert_int_equal(prop(p, GL_UNIFORM, b, GL_ATOMIC_COUNTER_BUFFER_INDEX),
                    -1);
   assert_int_equal(prop(p, GL_UNIFORM, b, GL_REFERENCED_BY_VERTEX_SHADER),
                    1);
   assert_int_equal(prop(p, GL_UNIFORM, b,
                         GL_REFERENCED_BY_FRAGMENT_SHADER),
                    0);
   /* locations: as glGetUniformLocation, elements included */
   assert_int_equal(_mesa_GetProgramResourceLocation(p, GL_UNIFORM, "s.b"),
                    _mesa_GetUniformLocation(p, "s.b"));
   assert_int_equal(
      _mesa_GetProgramResourceLocation(p, GL_UNIFORM, "s.b[1]"),
      _mesa_GetUniformLocation(p, "s.b[1]"));
   assert_int_equal(prop(p, GL_UNIFORM, b, GL_LOCATION),
                    _mesa_GetUniformLocation(p, "s.b"));

   /* a block member: std140 offsets (vec3 at 0, float at 12, the mat2's
    * columns 16 bytes apart from 16) and no location */
   GLuint f = _mesa_GetProgramResourceIndex(p, GL_UNIFORM, "Blk.f");
   assert_int_not_equal(f, GL_INVALID_INDEX);
   assert_int_equal(prop(p, GL_UNIFORM, f, GL_OFFSET), 12);
   assert_int_equal(prop(p, GL_UNIFORM, f, GL_LOCATION), -1);
   GLuint rm = _mesa_GetProgramResourceIndex(p, GL_UNIFORM, "Blk.rm");
   assert_int_equal(prop(p, GL_UNIFORM, rm, GL_OFFSET), 16);
   assert_int_equal(prop(p, GL_UNIFORM, rm, GL_MATRIX_STRIDE), 16);
   GLuint blk = _mesa_GetProgramResourceIndex(p, GL_UNIFORM_BLOCK, "Blk");
   assert_int_equal(blk, 0);
   assert_int_equal(prop(p, GL_UNIFORM, f, GL_BLOCK_INDEX), (GLint)blk);
   assert_int_equal(_mesa_GetProgramResourceLocation(p, GL_UNIFORM,
                                                     "Blk.f"),
                    -1);

   /* the block: 48 bytes, its three members in GL_UNIFORM indices */
   assert_int_equal(prop(p, GL_UNIFORM_BLOCK, blk, GL_BUFFER_DATA_SIZE),
                    48);
   assert_int_equal(prop(p, GL_UNIFORM_BLOCK, blk, GL_NUM_ACTIVE_VARIABLES),
                    3);
   GLenum av = GL_ACTIVE_VARIABLES;
   GLint vars[4] = { -1, -1, -1, -1 };
   _mesa_GetProgramResourceiv(p, GL_UNIFORM_BLOCK, blk, 1, &av, 4, &len,
                              vars);
   assert_int_equal(len, 3);
   assert_int_equal(vars[1], (GLint)f);
   _mesa_GetProgramInterfaceiv(p, GL_UNIFORM_BLOCK,
                               GL_MAX_NUM_ACTIVE_VARIABLES, &n);
   assert_int_equal(n, 3);
   _mesa_GetProgramInterfaceiv(p, GL_UNIFORM_BLOCK, GL_MAX_NAME_LENGTH, &n);
   assert_int_equal(n, 4);
   gl_test_destroy(t);
}

static void
test_inputs_outputs(void **state)
{
   struct gl_test *t = desktop();
   GLuint p = build();
   GLint n = 0;
   _mesa_GetProgramInterfaceiv(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES, &n);
   assert_int_equal(n, 2);
   GLuint uv = _mesa_GetProgramResourceIndex(p, GL_PROGRAM_INPUT, "uv");
   assert_int_not_equal(uv, GL_INVALID_INDEX);
   char name[32];
   _mesa_GetProgramResourceName(p, GL_PROGRAM_INPUT, uv, sizeof(name), NULL,
                                name);
   assert_string_equal(name, "uv[0]");
   assert_int_equal(prop(p, GL_PROGRAM_INPUT, uv, GL_TYPE), GL_FLOAT_VEC2);
   assert_int_equal(prop(p, GL_PROGRAM_INPUT, uv, GL_ARRAY_SIZE), 2);
   assert_int_equal(_mesa_GetProgramResourceLocation(p, GL_PROGRAM_INPUT,
                                                     "pos"),
                    3);
   GLint uv0 = _mesa_GetProgramResourceLocation(p, GL_PROGRAM_INPUT, "uv");
   assert_int_equal(uv0, _mesa_GetAttribLocation(p, "uv"));
   assert_int_equal(_mesa_GetProgramResourceLocation(p, GL_PROGRAM_INPUT,
                                                     "uv[1]"),
                    uv0 + 1);
   assert_int_equal(_mesa_GetProgramResourceLocation(p, GL_PROGRAM_INPUT,
                                                     "uv[2]"),
                    -1);
   assert_int_equal(_mesa_GetProgramResourceLocation(p, GL_PROGRAM_INPUT,
                                                     "uv[01]"),
                    -1);

   /* fragment outputs: locations and indices as declared */
   _mesa_GetProgramInterfaceiv(p, GL_PROGRAM_OUTPUT, GL_ACTIVE_RESOURCES,
                               &n);
   assert_int_equal(n, 2);
   assert_int_equal(_mesa_GetProgramResourceLocation(p, GL_PROGRAM_OUTPUT,
                                                     "c0"),
                    0);
   assert_int_equal(_mesa_GetProgramResourceLocationIndex(
                       p, GL_PROGRAM_OUTPUT, "c0b"),
                    1);
   assert_int_equal(_mesa_GetProgramResourceLocationIndex(
                       p, GL_PROGRAM_OUTPUT, "c0"),
                    0);
   GLuint c0b = _mesa_GetProgramResourceIndex(p, GL_PROGRAM_OUTPUT, "c0b");
   assert_int_equal(prop(p, GL_PROGRAM_OUTPUT, c0b, GL_LOCATION), 0);
   assert_int_equal(prop(p, GL_PROGRAM_OUTPUT, c0b, GL_LOCATION_INDEX), 1);
   assert_int_equal(prop(p, GL_PROGRAM_OUTPUT, c0b,
                         GL_REFERENCED_BY_FRAGMENT_SHADER),
                    1);
   /* LOCATION_INDEX is for outputs only */
   assert_int_equal(_mesa_GetProgramResourceLocationIndex(
                       p, GL_PROGRAM_INPUT, "pos"),
                    -1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   GLenum li = GL_LOCATION_INDEX;
   GLint v;
   _mesa_GetProgramResourceiv(p, GL_PROGRAM_INPUT, 0, 1, &li, 1, NULL, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* transform feedback varyings, as glTransformFeedbackVaryings named
    * them */
   _mesa_GetProgramInterfaceiv(p, GL_TRANSFORM_FEEDBACK_VARYING,
                               GL_ACTIVE_RESOURCES, &n);
   assert_int_equal(n, 2);
   assert_int_equal(_mesa_GetProgramResourceIndex(
                       p, GL_TRANSFORM_FEEDBACK_VARYING, "gl_Position"),
                    1);
   assert_int_equal(prop(p, GL_TRANSFORM_FEEDBACK_VARYING, 0, GL_TYPE),
                    GL_FLOAT_VEC4);
   gl_test_destroy(t);
}

static void
test_errors(void **state)
{
   struct gl_test *t = desktop();
   GLuint p = build();
   GLint n;
   /* ARB_program_interface_query: GetProgramInterfaceiv's unsupported
    * interface / pname combinations are INVALID_OPERATION */
   _mesa_GetProgramInterfaceiv(p, GL_TRUE, GL_ACTIVE_RESOURCES, &n);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetProgramInterfaceiv(p, GL_UNIFORM, GL_MAX_NUM_ACTIVE_VARIABLES,
                               &n);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetProgramInterfaceiv(p, GL_ATOMIC_COUNTER_BUFFER,
                               GL_MAX_NAME_LENGTH, &n);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetProgramInterfaceiv(p, GL_PROGRAM_OUTPUT,
                               GL_MAX_NUM_COMPATIBLE_SUBROUTINES, &n);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* the other queries: INVALID_ENUM */
   assert_int_equal(_mesa_GetProgramResourceIndex(p, GL_TRUE, "m"),
                    GL_INVALID_INDEX);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   assert_int_equal(_mesa_GetProgramResourceIndex(
                       p, GL_ATOMIC_COUNTER_BUFFER, "m"),
                    GL_INVALID_INDEX);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   assert_int_equal(_mesa_GetProgramResourceLocation(p, GL_UNIFORM_BLOCK,
                                                     "Blk"),
                    -1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   /* unknown programs and shaders */
   _mesa_GetProgramInterfaceiv(1337, GL_UNIFORM, GL_ACTIVE_RESOURCES, &n);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   char name[8];
   _mesa_GetProgramResourceName(p, GL_UNIFORM, 1337, 8, NULL, name);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_GetProgramResourceName(p, GL_UNIFORM, 0, -1, NULL, name);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* a truncated name */
   GLsizei len = 0;
   GLuint m = _mesa_GetProgramResourceIndex(p, GL_UNIFORM, "m");
   GLuint sa = _mesa_GetProgramResourceIndex(p, GL_UNIFORM, "s.a");
   (void)m;
   _mesa_GetProgramResourceName(p, GL_UNIFORM, sa, 2, &len, name);
   assert_int_equal(len, 1);
   assert_string_equal(name, "s");
   /* an unlinked program has no resources and no locations */
   GLuint q = _mesa_CreateProgram();
   _mesa_GetProgramInterfaceiv(q, GL_UNIFORM, GL_ACTIVE_RESOURCES, &n);
   assert_int_equal(n, 0);
   assert_int_equal(_mesa_GetProgramResourceLocation(q, GL_UNIFORM, "m"),
                    -1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_uniforms),
      cmocka_unit_test(test_inputs_outputs),
      cmocka_unit_test(test_errors),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
