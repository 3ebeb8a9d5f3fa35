/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * What transform feedback captures (ES 3.0.6 section 2.15.2), in an ES
 * 3.0 context on the noop driver: matrices column by column, whole arrays
 * element by element, single elements, outputs the fragment shader does
 * not read, the types and sizes glGetTransformFeedbackVarying reports,
 * and the component limits (link errors).  The stream-output layout is
 * read from the vertex shader CSO the state tracker creates.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_context.h"
#include "pipe/p_context.h"
#include "pipe/p_state.h"
#include "compiler/shader_enums.h"

static struct {
   struct pipe_stream_output_info so;
   struct pipe_context orig;
} spy;

static void *
spy_create_vs(struct pipe_context *p, const struct pipe_shader_state *s)
{
   spy.so = s->stream_output;
   return spy.orig.create_vs_state(p, s);
}

static const char *vs_src =
   "#version 300 es\n"
   "in vec4 p;\n"
   "out mat2x3 m;\n"
   "out float a[3];\n"
   "out vec2 lone;\n"
   "out vec4 seen;\n"
   "void main() {\n"
   "   m = mat2x3(p.xyz, p.zyx);\n"
   "   a[0] = p.x; a[1] = p.y; a[2] = p.z;\n"
   "   lone = p.xy;\n"
   "   seen = p;\n"
   "   gl_Position = p;\n"
   "}\n";
/* Reads only `seen`: the other outputs live for transform feedback. */
static const char *fs_src = "#version 300 es\n"
                            "precision highp float;\n"
                            "in vec4 seen;\n"
                            "out vec4 o;\n"
                            "void main() { o = seen; }\n";

static GLuint
program(const char *const *names, GLsizei n, GLenum mode)
{
   GLuint prog = _mesa_CreateProgram();
   GLuint vs = _mesa_CreateShader(GL_VERTEX_SHADER);
   GLuint fs = _mesa_CreateShader(GL_FRAGMENT_SHADER);
   _mesa_ShaderSource(vs, 1, &vs_src, NULL);
   _mesa_ShaderSource(fs, 1, &fs_src, NULL);
   _mesa_CompileShader(vs);
   _mesa_CompileShader(fs);
   _mesa_AttachShader(prog, vs);
   _mesa_AttachShader(prog, fs);
   _mesa_DeleteShader(vs);
   _mesa_DeleteShader(fs);
   _mesa_TransformFeedbackVaryings(prog, n, names, mode);
   _mesa_LinkProgram(prog);
   return prog;
}

static GLint
link_status(GLuint prog)
{
   GLint ok = -1;
   _mesa_GetProgramiv(prog, GL_LINK_STATUS, &ok);
   return ok;
}

static void
check_varying(GLuint prog, GLuint i, const char *name, GLenum type,
              GLsizei size)
{
   char buf[32];
   GLsizei len, sz;
   GLenum ty;
   _mesa_GetTransformFeedbackVarying(prog, i, sizeof(buf), &len, &sz, &ty,
                                     buf);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_string_equal(buf, name);
   assert_int_equal(ty, type);
   assert_int_equal(sz, size);
}

static void
test_capture_layout(void **state)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   struct pipe_context *pipe = st_context_pipe(t->ctx);
   spy.orig = *pipe;
   pipe->create_vs_state = spy_create_vs;

   const char *names[] = {"m", "a", "lone", "a[1]", "gl_Position"};
   GLuint prog = program(names, 5, GL_INTERLEAVED_ATTRIBS);
   assert_int_equal(link_status(prog), GL_TRUE);
   check_varying(prog, 0, "m", GL_FLOAT_MAT2x3, 1);
   check_varying(prog, 1, "a", GL_FLOAT, 3);
   check_varying(prog, 2, "lone", GL_FLOAT_VEC2, 1);
   check_varying(prog, 3, "a[1]", GL_FLOAT, 1);
   check_varying(prog, 4, "gl_Position", GL_FLOAT_VEC4, 1);

   /* The layout goes with the vertex shader, made at link time. */
   const struct pipe_stream_output_info *so = &spy.so;
   /* m: two columns of 3; a: three elements of 1; lone: 2; a[1]: 1;
    * gl_Position: 4.  Interleaved, 6 + 3 + 2 + 1 + 4 = 16 dwords. */
   static const unsigned comps[] = {3, 3, 1, 1, 1, 2, 1, 4};
   assert_int_equal(so->num_outputs, 8);
   assert_int_equal(so->stride[0], 16);
   unsigned offset = 0;
   for (unsigned i = 0; i < 8; i++) {
      assert_int_equal(so->output[i].num_components, comps[i]);
      assert_int_equal(so->output[i].dst_offset, offset);
      assert_int_equal(so->output[i].output_buffer, 0);
      offset += comps[i];
   }
   /* Columns and elements take consecutive slots; a[1] is a's second. */
   assert_int_equal(so->output[1].register_index,
                    so->output[0].register_index + 1);
   assert_int_equal(so->output[3].register_index,
                    so->output[2].register_index + 1);
   assert_int_equal(so->output[4].register_index,
                    so->output[2].register_index + 2);
   assert_int_equal(so->output[6].register_index,
                    so->output[2].register_index + 1);
   assert_true(so->output[5].register_index >= VARYING_SLOT_VAR0);
   assert_int_equal(so->output[7].register_index, VARYING_SLOT_POS);
   _mesa_DeleteProgram(prog);

   /* Separate: a mat2 (4 components) fits a buffer; one buffer each. */
   const char *sep[] = {"a", "lone"};
   prog = program(sep, 2, GL_SEPARATE_ATTRIBS);
   assert_int_equal(link_status(prog), GL_TRUE);
   _mesa_DeleteProgram(prog);

   /* ES 3.0.6 2.15.2: more than MAX_TRANSFORM_FEEDBACK_SEPARATE_
    * COMPONENTS (4 here) in one separate varying, an element past the
    * array, a name that is no output: link errors. */
   GLint max_sep = 0;
   _mesa_GetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS,
                     &max_sep);
   if (max_sep < 6) {
      const char *big[] = {"m"};
      prog = program(big, 1, GL_SEPARATE_ATTRIBS);
      assert_int_equal(link_status(prog), GL_FALSE);
      _mesa_DeleteProgram(prog);
   }
   const char *past[] = {"a[3]"};
   prog = program(past, 1, GL_INTERLEAVED_ATTRIBS);
   assert_int_equal(link_status(prog), GL_FALSE);
   _mesa_DeleteProgram(prog);
   const char *none[] = {"nothing"};
   prog = program(none, 1, GL_INTERLEAVED_ATTRIBS);
   assert_int_equal(link_status(prog), GL_FALSE);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

/* Members of structures and elements of arrays of structures: slots
 * counted member by member (S: a 1 slot, m 2, f 2). */
static void
test_capture_members(void **state)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   struct pipe_context *pipe = st_context_pipe(t->ctx);
   spy.orig = *pipe;
   pipe->create_vs_state = spy_create_vs;

   const char *vs = "#version 300 es\n"
                    "struct S { vec3 a; mat2 m; float f[2]; };\n"
                    "in vec4 p;\n"
                    "out S s;\n"
                    "out S u[2];\n"
                    "void main() {\n"
                    "   s = S(p.xyz, mat2(p), float[2](p.x, p.y));\n"
                    "   u[0] = s; u[1] = s;\n"
                    "   gl_Position = p;\n"
                    "}\n";
   const char *fs = "#version 300 es\n"
                    "precision highp float;\n"
                    "out vec4 o;\n"
                    "void main() { o = vec4(1.0); }\n";
   GLuint prog = _mesa_CreateProgram();
   GLuint sh[2] = {_mesa_CreateShader(GL_VERTEX_SHADER),
                   _mesa_CreateShader(GL_FRAGMENT_SHADER)};
   _mesa_ShaderSource(sh[0], 1, &vs, NULL);
   _mesa_ShaderSource(sh[1], 1, &fs, NULL);
   for (unsigned i = 0; i < 2; i++) {
      _mesa_CompileShader(sh[i]);
      _mesa_AttachShader(prog, sh[i]);
      _mesa_DeleteShader(sh[i]);
   }
   const char *names[] = {"s.m", "u[1].f", "u[0].a", "s.f[1]"};
   _mesa_TransformFeedbackVaryings(prog, 4, names, GL_INTERLEAVED_ATTRIBS);
   _mesa_LinkProgram(prog);
   if (link_status(prog) != GL_TRUE) {
      char log[512];
      _mesa_GetProgramInfoLog(prog, sizeof(log), NULL, log);
      fail_msg("%s", log);
   }
   check_varying(prog, 0, "s.m", GL_FLOAT_MAT2, 1);
   check_varying(prog, 1, "u[1].f", GL_FLOAT, 2);
   check_varying(prog, 2, "u[0].a", GL_FLOAT_VEC3, 1);
   check_varying(prog, 3, "s.f[1]", GL_FLOAT, 1);
   const struct pipe_stream_output_info *so = &spy.so;
   /* s.m: 2 columns; u[1].f: 2 elements; u[0].a; s.f[1] */
   static const unsigned comps[] = {2, 2, 1, 1, 3, 1};
   assert_int_equal(so->num_outputs, 6);
   assert_int_equal(so->stride[0], 10);
   for (unsigned i = 0; i < 6; i++)
      assert_int_equal(so->output[i].num_components, comps[i]);
   /* s.m is slots 1-2 of s, s.f[1] slot 4; u[1].f is slots 3-4 of u[1],
    * i.e. 8-9 of u; u[0].a slot 0 of u. */
   unsigned s0 = so->output[0].register_index - 1;
   unsigned u0 = so->output[4].register_index;
   assert_int_equal(so->output[1].register_index, s0 + 2);
   assert_int_equal(so->output[5].register_index, s0 + 4);
   assert_int_equal(so->output[2].register_index, u0 + 8);
   assert_int_equal(so->output[3].register_index, u0 + 9);
   _mesa_DeleteProgram(prog);

   /* A whole structure, a member that is not there: not capturable. */
   static const char *bad[][1] = {{"s"}, {"s.nope"}, {"u[2].a"}};
   for (unsigned b = 0; b < 3; b++) {
      prog = _mesa_CreateProgram();
      sh[0] = _mesa_CreateShader(GL_VERTEX_SHADER);
      sh[1] = _mesa_CreateShader(GL_FRAGMENT_SHADER);
      _mesa_ShaderSource(sh[0], 1, &vs, NULL);
      _mesa_ShaderSource(sh[1], 1, &fs, NULL);
      for (unsigned i = 0; i < 2; i++) {
         _mesa_CompileShader(sh[i]);
         _mesa_AttachShader(prog, sh[i]);
         _mesa_DeleteShader(sh[i]);
      }
      _mesa_TransformFeedbackVaryings(prog, 1, bad[b],
                                      GL_INTERLEAVED_ATTRIBS);
      _mesa_LinkProgram(prog);
      assert_int_equal(link_status(prog), GL_FALSE);
      _mesa_DeleteProgram(prog);
   }
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_capture_layout),
      cmocka_unit_test(test_capture_members),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
