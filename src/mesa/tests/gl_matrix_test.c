/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Compatibility matrix stacks (GL 2.1 section 2.11.2) and the built-in
 * matrix uniforms they feed.  Expected values are the matrices of GL 2.1
 * equations 2.9 (glOrtho) and the translation, computed by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "compiler/glsl/glsl_program.h"
#include "gl_test_context.h"
#include "main/context.h"
#include "main/matrix.h"
#include "main/shaderobj.h"

/* The stored value of a built-in mat4 uniform, column-major. */
static bool
stored_mat4(struct gl_context *ctx, const char *name, GLfloat out[16])
{
   struct gl_program_exec *exec = _mesa_current_exec(ctx);

   for (unsigned i = 0; i < exec->linked->num_uniforms; i++) {
      const struct glsl_program_uniform *u = &exec->linked->uniforms[i];
      if (strcmp(u->name, name))
         continue;
      for (unsigned c = 0; c < 4; c++)
         memcpy(out + 4 * c,
                (uint8_t *)exec->uniforms + u->offset_B + 16 * c,
                4 * sizeof(GLfloat));
      return true;
   }
   return false;
}

static void
assert_mat(const GLfloat got[16], const GLfloat want[16])
{
   for (unsigned i = 0; i < 16; i++) {
      if (fabsf(got[i] - want[i]) > 1e-6f)
         fail_msg("element %u: expected %f, got %f", i, want[i], got[i]);
   }
}

static void
test_ortho_translate_uniforms(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   GET_CURRENT_CONTEXT(ctx);
   GLfloat got[16];

   GLuint prog = gl_test_program(
      "void main() {\n"
      "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex +\n"
      "                 gl_ModelViewMatrixInverse[0];\n"
      "}\n",
      "void main() { gl_FragColor = vec4(1.0); }\n");
   assert_int_not_equal(prog, 0);
   _mesa_UseProgram(prog);

   _mesa_MatrixMode(GL_PROJECTION);
   _mesa_LoadIdentity();
   _mesa_Ortho(0, 250, 0, 250, -1, 1);
   _mesa_MatrixMode(GL_MODELVIEW);
   _mesa_LoadIdentity();
   _mesa_Translatef(10, 20, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   assert_true(_mesa_update_state_uniforms(ctx, _mesa_current_exec(ctx)));
   /* P = ortho: diag(2/250, 2/250, -1, 1), translation (-1, -1, 0);
    * MVP = P * T(10, 20, 0): last column P * (10, 20, 0, 1). */
   static const GLfloat mvp[16] = {
      0.008f, 0, 0, 0, 0, 0.008f, 0, 0, 0, 0, -1, 0,
      -0.92f, -0.84f, 0, 1,
   };
   assert_true(stored_mat4(ctx, "gl_ModelViewProjectionMatrix", got));
   assert_mat(got, mvp);
   static const GLfloat mv_inv[16] = {
      1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -10, -20, 0, 1,
   };
   assert_true(stored_mat4(ctx, "gl_ModelViewMatrixInverse", got));
   assert_mat(got, mv_inv);
   /* Nothing changed: nothing to upload again. */
   assert_false(_mesa_update_state_uniforms(ctx, _mesa_current_exec(ctx)));

   /* Push/pop restore the matrix. */
   _mesa_PushMatrix();
   _mesa_Scalef(2, 2, 2);
   _mesa_PopMatrix();
   assert_false(_mesa_update_state_uniforms(ctx, _mesa_current_exec(ctx)));
   gl_test_destroy(t);
}

/* The stored value of a built-in float uniform (a struct leaf). */
static bool
stored_float(struct gl_context *ctx, const char *name, GLfloat *out)
{
   struct gl_program_exec *exec = _mesa_current_exec(ctx);

   for (unsigned i = 0; i < exec->linked->num_uniforms; i++) {
      const struct glsl_program_uniform *u = &exec->linked->uniforms[i];
      if (!strcmp(u->name, name)) {
         memcpy(out, (uint8_t *)exec->uniforms + u->offset_B, sizeof(*out));
         return true;
      }
   }
   return false;
}

/* The transpose forms are the matrices with rows and columns swapped
 * (GL 2.1 section 2.15.3, "Built-in uniforms" of GLSL 1.10 7.5). */
static void
test_transpose_uniforms(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   GET_CURRENT_CONTEXT(ctx);
   GLfloat got[16];

   GLuint prog = gl_test_program(
      "void main() {\n"
      "   gl_Position = gl_ModelViewMatrixTranspose * gl_Vertex +\n"
      "                 gl_ModelViewMatrixInverseTranspose[3];\n"
      "}\n",
      "void main() { gl_FragColor = vec4(1.0); }\n");
   assert_int_not_equal(prog, 0);
   _mesa_UseProgram(prog);
   _mesa_MatrixMode(GL_MODELVIEW);
   _mesa_LoadIdentity();
   _mesa_Translatef(10, 20, 30);
   assert_true(_mesa_update_state_uniforms(ctx, _mesa_current_exec(ctx)));
   /* T(10, 20, 30) transposed: the translation in the last row. */
   static const GLfloat mv_t[16] = {
      1, 0, 0, 10, 0, 1, 0, 20, 0, 0, 1, 30, 0, 0, 0, 1,
   };
   assert_true(stored_mat4(ctx, "gl_ModelViewMatrixTranspose", got));
   assert_mat(got, mv_t);
   static const GLfloat mv_it[16] = {
      1, 0, 0, -10, 0, 1, 0, -20, 0, 0, 1, -30, 0, 0, 0, 1,
   };
   assert_true(stored_mat4(ctx, "gl_ModelViewMatrixInverseTranspose", got));
   assert_mat(got, mv_it);
   gl_test_destroy(t);
}

/* gl_DepthRange follows glDepthRangef, in ES too (GLSL ES 1.00 7.5):
 * near, far and diff = far - near. */
static void
test_depth_range_uniform(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GET_CURRENT_CONTEXT(ctx);
   GLfloat n = -1, f = -1, d = -1;

   GLuint prog = gl_test_program(
      "attribute vec4 p;\n"
      "void main() { gl_Position = p; }\n",
      "precision mediump float;\n"
      "void main() {\n"
      "   gl_FragColor = vec4(gl_DepthRange.near, gl_DepthRange.far,\n"
      "                       gl_DepthRange.diff, 1.0);\n"
      "}\n");
   assert_int_not_equal(prog, 0);
   _mesa_UseProgram(prog);
   _mesa_DepthRangef(0.25f, 0.75f);
   assert_true(_mesa_update_state_uniforms(ctx, _mesa_current_exec(ctx)));
   assert_true(stored_float(ctx, "gl_DepthRange.near", &n));
   assert_true(stored_float(ctx, "gl_DepthRange.far", &f));
   assert_true(stored_float(ctx, "gl_DepthRange.diff", &d));
   assert_true(n == 0.25f && f == 0.75f && d == 0.5f);
   gl_test_destroy(t);
}

static void
test_stack_errors(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);

   _mesa_PopMatrix();
   assert_int_equal(_mesa_GetError(), GL_STACK_UNDERFLOW);
   for (unsigned i = 0; i < 31; i++)
      _mesa_PushMatrix();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_PushMatrix();
   assert_int_equal(_mesa_GetError(), GL_STACK_OVERFLOW);
   _mesa_Ortho(1, 1, 0, 1, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_Frustum(0, 1, 0, 1, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_MatrixMode(GL_TEXTURE_2D);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);

   /* No matrix stacks in OpenGL ES 2.0. */
   t = gl_test_create(2, 0, 8, 8);
   _mesa_LoadIdentity();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ortho_translate_uniforms),
      cmocka_unit_test(test_stack_errors),
      cmocka_unit_test(test_transpose_uniforms),
      cmocka_unit_test(test_depth_range_uniform),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
