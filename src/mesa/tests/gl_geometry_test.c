/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Geometry shaders in the GL API on the noop driver (GL 3.2 core profile
 * specification, 2009-12-07, sections named at each test).  The 3.2
 * contexts come from MESA_GL_VERSION_OVERRIDE; 3.1 contexts must not
 * have geometry shaders.
 */
#include <stdlib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"

static struct gl_test *
desktop(int major, int minor)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_DEFAULT, major, minor, 8, 8);
   assert_non_null(t);
   return t;
}

static GLuint
shader(GLenum type, const char *src)
{
   GLuint s = _mesa_CreateShader(type);
   assert_int_not_equal(s, 0);
   _mesa_ShaderSource(s, 1, &src, NULL);
   _mesa_CompileShader(s);
   GLint ok = 0;
   _mesa_GetShaderiv(s, GL_COMPILE_STATUS, &ok);
   assert_true(ok);
   return s;
}

static const char vs_src[] =
   "#version 150\n"
   "in vec4 p;\n"
   "out vec4 v;\n"
   "void main() { gl_Position = p; v = p; }\n";

static const char gs_src[] =
   "#version 150\n"
   "layout(triangles) in;\n"
   "layout(line_strip, max_vertices = 5) out;\n"
   "in vec4 v[];\n"
   "out vec4 g;\n"
   "void main() {\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      gl_Position = gl_in[i].gl_Position; g = v[i]; EmitVertex();\n"
   "   }\n"
   "}\n";

static const char fs_src[] =
   "#version 150\n"
   "in vec4 g;\n"
   "out vec4 c;\n"
   "void main() { c = g; }\n";

/* A linked VS + GS + FS program (or VS + FS without gs). */
static GLuint
program(bool gs, bool link)
{
   GLuint p = _mesa_CreateProgram();
   _mesa_AttachShader(p, shader(GL_VERTEX_SHADER, vs_src));
   if (gs)
      _mesa_AttachShader(p, shader(GL_GEOMETRY_SHADER, gs_src));
   _mesa_AttachShader(p, shader(GL_FRAGMENT_SHADER,
                                gs ? fs_src
                                   : "#version 150\nin vec4 v;\n"
                                     "out vec4 c;\n"
                                     "void main() { c = v; }\n"));
   if (link) {
      _mesa_LinkProgram(p);
      GLint ok = 0;
      _mesa_GetProgramiv(p, GL_LINK_STATUS, &ok);
      assert_true(ok);
   }
   return p;
}

/* Section 2.12: GL_GEOMETRY_SHADER objects exist from 3.2 on; a 3.1
 * context answers INVALID_ENUM (section 2.11.1). */
static void
test_create_shader(void **state)
{
   (void)state;
   struct gl_test *t = desktop(3, 1);
   assert_int_equal(_mesa_CreateShader(GL_GEOMETRY_SHADER), 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);

   t = desktop(3, 2);
   GLuint s = _mesa_CreateShader(GL_GEOMETRY_SHADER);
   assert_int_not_equal(s, 0);
   GLint type = 0;
   _mesa_GetShaderiv(s, GL_SHADER_TYPE, &type);
   assert_int_equal(type, GL_GEOMETRY_SHADER);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 6.1.16: the geometry queries of a linked program, and
 * INVALID_OPERATION for a program without a geometry shader or not
 * linked. */
static void
test_program_queries(void **state)
{
   (void)state;
   struct gl_test *t = desktop(3, 2);
   GLuint p = program(true, true);
   GLint v = -1;
   _mesa_GetProgramiv(p, GL_GEOMETRY_VERTICES_OUT, &v);
   assert_int_equal(v, 5);
   _mesa_GetProgramiv(p, GL_GEOMETRY_INPUT_TYPE, &v);
   assert_int_equal(v, GL_TRIANGLES);
   _mesa_GetProgramiv(p, GL_GEOMETRY_OUTPUT_TYPE, &v);
   assert_int_equal(v, GL_LINE_STRIP);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   GLuint q = program(false, true);
   v = -1;
   _mesa_GetProgramiv(q, GL_GEOMETRY_INPUT_TYPE, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(v, -1);
   GLuint r = program(true, false);
   _mesa_GetProgramiv(r, GL_GEOMETRY_VERTICES_OUT, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);

   /* Not a pname of a 3.1 context. */
   t = desktop(3, 1);
   q = _mesa_CreateProgram();
   _mesa_GetProgramiv(q, GL_GEOMETRY_INPUT_TYPE, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Table 6.42: the geometry shader limits are at least the minimums
 * (exactly those the linker enforces for the output ones). */
static void
test_limits(void **state)
{
   (void)state;
   struct gl_test *t = desktop(3, 2);
   static const struct {
      GLenum pname;
      GLint min;
   } limits[] = {
      {GL_MAX_GEOMETRY_UNIFORM_COMPONENTS, 1024},
      {GL_MAX_GEOMETRY_UNIFORM_BLOCKS, 12},
      {GL_MAX_GEOMETRY_INPUT_COMPONENTS, 64},
      {GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, 128},
      {GL_MAX_GEOMETRY_OUTPUT_VERTICES, 256},
      {GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, 1024},
      {GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS, 16},
      {GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS, 1024 + 12 * 65536 / 4},
      /* table 6.38: the other stages' varyings */
      {GL_MAX_VARYING_COMPONENTS, 60},
      {GL_MAX_VERTEX_OUTPUT_COMPONENTS, 64},
      {GL_MAX_FRAGMENT_INPUT_COMPONENTS, 128},
      /* table 6.51 */
      {GL_MAX_UNIFORM_BUFFER_BINDINGS, 36},
   };
   for (unsigned i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
      GLint v = -1;
      _mesa_GetIntegerv(limits[i].pname, &v);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      assert_true(v >= limits[i].min);
   }
   GLint v = -1;
   _mesa_GetIntegerv(GL_MAX_GEOMETRY_OUTPUT_VERTICES, &v);
   assert_int_equal(v, 256);
   gl_test_destroy(t);

   t = desktop(3, 1);
   _mesa_GetIntegerv(GL_MAX_GEOMETRY_OUTPUT_VERTICES, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Section 2.6.1: the adjacency modes draw in 3.2 contexts (INVALID_ENUM
 * in 3.1); section 2.12.1: with a geometry shader active, a mode its
 * input primitive does not take is an INVALID_OPERATION. */
static void
test_draw_modes(void **state)
{
   (void)state;
   struct gl_test *t = desktop(3, 1);
   _mesa_DrawArrays(GL_LINES_ADJACENCY, 0, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);

   t = desktop(3, 2);
   static const GLenum adj[] = {GL_LINES_ADJACENCY, GL_LINE_STRIP_ADJACENCY,
                                GL_TRIANGLES_ADJACENCY,
                                GL_TRIANGLE_STRIP_ADJACENCY};
   GLuint plain = program(false, true);
   _mesa_UseProgram(plain);
   for (unsigned i = 0; i < 4; i++) {
      _mesa_DrawArrays(adj[i], 0, 6);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   }
   GLuint p = program(true, true);
   _mesa_UseProgram(p);
   /* triangles: TRIANGLES, TRIANGLE_STRIP, TRIANGLE_FAN */
   static const GLenum ok[] = {GL_TRIANGLES, GL_TRIANGLE_STRIP,
                               GL_TRIANGLE_FAN};
   for (unsigned i = 0; i < 3; i++) {
      _mesa_DrawArrays(ok[i], 0, 3);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   }
   static const GLenum bad[] = {GL_POINTS, GL_LINES, GL_LINE_STRIP,
                                GL_TRIANGLES_ADJACENCY};
   for (unsigned i = 0; i < 4; i++) {
      _mesa_DrawArrays(bad[i], 0, 6);
      assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   }
   GLubyte idx[3] = {0, 1, 2};
   _mesa_DrawElements(GL_LINES, 2, GL_UNSIGNED_BYTE, idx);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* Section 2.15: with a geometry shader, transform feedback captures its
 * outputs (the vertex shader's are not capturable) and its output
 * primitive must match BeginTransformFeedback's mode. */
static void
test_transform_feedback(void **state)
{
   (void)state;
   struct gl_test *t = desktop(3, 2);
   GLuint p = program(true, false);
   const char *names[] = {"g"};
   _mesa_TransformFeedbackVaryings(p, 1, names, GL_INTERLEAVED_ATTRIBS);
   _mesa_LinkProgram(p);
   GLint ok = 0;
   _mesa_GetProgramiv(p, GL_LINK_STATUS, &ok);
   assert_true(ok);

   GLuint q = program(true, false);
   const char *vs_names[] = {"v"};
   _mesa_TransformFeedbackVaryings(q, 1, vs_names, GL_INTERLEAVED_ATTRIBS);
   _mesa_LinkProgram(q);
   _mesa_GetProgramiv(q, GL_LINK_STATUS, &ok);
   assert_false(ok);

   GLuint buf;
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf);
   _mesa_BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 1024, NULL,
                    GL_STREAM_COPY);
   _mesa_BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
   _mesa_UseProgram(p);
   /* line_strip output: LINES feedback only */
   _mesa_BeginTransformFeedback(GL_TRIANGLES);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_EndTransformFeedback();
   _mesa_BeginTransformFeedback(GL_LINES);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_EndTransformFeedback();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 2.16: with a geometry shader GL_PRIMITIVES_GENERATED counts
 * the primitives it emits, which the driver counts (the noop driver's
 * queries answer 0); without one, the draw's own primitives (2.6.1). */
static GLuint
primitives_generated(GLuint prog, GLenum mode, GLsizei count)
{
   GLuint q, n = ~0u;
   _mesa_GenQueries(1, &q);
   _mesa_UseProgram(prog);
   _mesa_BeginQuery(GL_PRIMITIVES_GENERATED, q);
   _mesa_DrawArrays(mode, 0, count);
   _mesa_EndQuery(GL_PRIMITIVES_GENERATED);
   _mesa_GetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteQueries(1, &q);
   return n;
}

static void
test_primitives_generated(void **state)
{
   (void)state;
   struct gl_test *t = desktop(3, 2);
   GLuint plain = program(false, true), gs = program(true, true);
   assert_int_equal(primitives_generated(plain, GL_TRIANGLES, 6), 2);
   assert_int_equal(primitives_generated(plain, GL_TRIANGLE_STRIP, 5), 3);
   /* not the 2 input triangles: what the driver counted */
   assert_int_equal(primitives_generated(gs, GL_TRIANGLES, 6), 0);
   assert_int_equal(primitives_generated(gs, GL_TRIANGLE_STRIP, 5), 0);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_create_shader),
      cmocka_unit_test(test_program_queries),
      cmocka_unit_test(test_limits),
      cmocka_unit_test(test_draw_modes),
      cmocka_unit_test(test_transform_feedback),
      cmocka_unit_test(test_primitives_generated),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
