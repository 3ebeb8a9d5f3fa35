/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ARB_shader_objects' handle commands in a compatibility context on the
 * noop driver (the extension's specification, "Errors" and section
 * 6.1.13 of its GL 1.5 edits): object types, the current program's
 * handle, deletion and logs by handle of either kind; the extension
 * strings exist in compatibility contexts only.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "gl_test_context.h"
#include "main/context.h"

static void
expect_error(GLenum want)
{
   assert_int_equal(_mesa_GetError(), want);
}

static GLuint
vertex_shader(void)
{
   static const char *src = "void main() { gl_Position = gl_Vertex; }\n";
   GLuint sh = _mesa_CreateShader(GL_VERTEX_SHADER);
   _mesa_ShaderSource(sh, 1, &src, NULL);
   _mesa_CompileShader(sh);
   return sh;
}

static void
test_object_parameters(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLint v = -1;
   GLfloat f = -1;

   assert_true(gl_test_has_extension("GL_ARB_shader_objects"));
   assert_true(gl_test_has_extension("GL_ARB_vertex_shader"));
   assert_true(gl_test_has_extension("GL_ARB_fragment_shader"));
   assert_true(gl_test_has_extension("GL_ARB_shading_language_100"));

   GLuint sh = vertex_shader();
   GLuint prog = _mesa_CreateProgram();
   _mesa_GetObjectParameterivARB(prog, GL_OBJECT_TYPE_ARB, &v);
   assert_int_equal(v, GL_PROGRAM_OBJECT_ARB);
   _mesa_GetObjectParameterivARB(sh, GL_OBJECT_TYPE_ARB, &v);
   assert_int_equal(v, GL_SHADER_OBJECT_ARB);
   _mesa_GetObjectParameterivARB(sh, GL_OBJECT_SUBTYPE_ARB, &v);
   assert_int_equal(v, GL_VERTEX_SHADER_ARB);
   _mesa_GetObjectParameterfvARB(sh, GL_OBJECT_COMPILE_STATUS_ARB, &f);
   assert_true(f == 1.0f);
   expect_error(GL_NO_ERROR);

   /* A program has no subtype; an unknown handle is INVALID_VALUE and
    * leaves params alone. */
   v = -1;
   _mesa_GetObjectParameterivARB(prog, GL_OBJECT_SUBTYPE_ARB, &v);
   expect_error(GL_INVALID_OPERATION);
   _mesa_GetObjectParameterivARB(prog + sh + 100, GL_OBJECT_TYPE_ARB, &v);
   expect_error(GL_INVALID_VALUE);
   assert_int_equal(v, -1);

   /* The current program's handle. */
   _mesa_AttachShader(prog, sh);
   _mesa_LinkProgram(prog);
   _mesa_UseProgram(prog);
   assert_int_equal(_mesa_GetHandleARB(GL_PROGRAM_OBJECT_ARB), prog);
   assert_int_equal(_mesa_GetHandleARB(GL_SHADER_OBJECT_ARB), 0);
   expect_error(GL_INVALID_ENUM);

   GLuint attached[2] = {0, 0};
   GLsizei count = -1;
   _mesa_GetAttachedObjectsARB(prog, 2, &count, attached);
   assert_int_equal(count, 1);
   assert_int_equal(attached[0], sh);

   /* Logs by handle of either kind (empty ones: length 0). */
   GLcharARB log[8] = "x";
   GLsizei len = -1;
   _mesa_GetInfoLogARB(sh, sizeof(log), &len, log);
   expect_error(GL_NO_ERROR);
   _mesa_GetInfoLogARB(prog, sizeof(log), &len, log);
   expect_error(GL_NO_ERROR);

   /* Deletion by handle: a shader goes once detached, the program when
    * no longer current. */
   _mesa_DeleteObjectARB(sh);
   _mesa_GetObjectParameterivARB(sh, GL_OBJECT_DELETE_STATUS_ARB, &v);
   assert_int_equal(v, GL_TRUE);
   _mesa_DetachShader(prog, sh);
   assert_false(_mesa_IsShader(sh));
   _mesa_DeleteObjectARB(prog);
   assert_true(_mesa_IsProgram(prog));
   _mesa_UseProgram(0);
   assert_false(_mesa_IsProgram(prog));
   _mesa_DeleteObjectARB(0);
   expect_error(GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Core profiles have none of it. */
static void
test_core_profile(void **state)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_CORE, 3, 1, 8, 8);
   assert_non_null(t);
   assert_false(gl_test_has_extension("GL_ARB_shader_objects"));
   assert_false(gl_test_has_extension("GL_ARB_vertex_shader"));
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_object_parameters),
      cmocka_unit_test(test_core_profile),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
