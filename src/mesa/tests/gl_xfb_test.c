/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Transform feedback (ES 3.0 section 2.15), in an ES 3.0 context made with
 * MESA_GLES_VERSION_OVERRIDE: the stream-output layout handed to the
 * driver with the vertex shader, the stream-output targets bound by
 * Begin/Pause/Resume/End, and the errors.
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
   unsigned num_targets, calls;
   unsigned offsets[4];
   struct pipe_context orig;
} spy;

static void *
spy_create_vs(struct pipe_context *p, const struct pipe_shader_state *s)
{
   spy.so = s->stream_output;
   return spy.orig.create_vs_state(p, s);
}

static void
spy_set_targets(struct pipe_context *p, unsigned n,
                struct pipe_stream_output_target **t, const unsigned *offs)
{
   spy.calls++;
   spy.num_targets = n;
   for (unsigned i = 0; i < n && i < 4; i++)
      spy.offsets[i] = offs[i];
}

static void
test_feedback(void **state)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   struct pipe_context *pipe = st_context_pipe(t->ctx);
   spy.orig = *pipe;
   pipe->create_vs_state = spy_create_vs;
   pipe->set_stream_output_targets = spy_set_targets;

   GLuint prog = _mesa_CreateProgram();
   const char *vs_src = "attribute vec4 p; varying vec3 v;\n"
                        "void main() { v = p.xyz; gl_Position = p; }\n";
   const char *fs_src = "precision mediump float; varying vec3 v;\n"
                        "void main() { gl_FragColor = vec4(v, 1.0); }\n";
   GLuint vs = _mesa_CreateShader(GL_VERTEX_SHADER);
   GLuint fs = _mesa_CreateShader(GL_FRAGMENT_SHADER);
   _mesa_ShaderSource(vs, 1, &vs_src, NULL);
   _mesa_ShaderSource(fs, 1, &fs_src, NULL);
   _mesa_CompileShader(vs);
   _mesa_CompileShader(fs);
   _mesa_AttachShader(prog, vs);
   _mesa_AttachShader(prog, fs);

   /* An unknown varying fails the link. */
   const char *bad[] = { "nope" };
   _mesa_TransformFeedbackVaryings(prog, 1, bad, GL_INTERLEAVED_ATTRIBS);
   _mesa_LinkProgram(prog);
   GLint ok;
   _mesa_GetProgramiv(prog, GL_LINK_STATUS, &ok);
   assert_int_equal(ok, GL_FALSE);

   const char *names[] = { "gl_Position", "v" };
   _mesa_TransformFeedbackVaryings(prog, 2, names, GL_INTERLEAVED_ATTRIBS);
   _mesa_LinkProgram(prog);
   _mesa_GetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok) {
      gl_test_destroy(t);
      skip(); /* the linker cannot link this yet */
   }
   /* Interleaved: position (4) then v (3), 7 dwords a vertex. */
   assert_int_equal(spy.so.num_outputs, 2);
   assert_int_equal(spy.so.stride[0], 7);
   assert_int_equal(spy.so.output[1].num_components, 3);
   assert_int_equal(spy.so.output[1].dst_offset, 4);
   assert_int_equal(spy.so.output[0].register_index, VARYING_SLOT_POS);

   GLint n;
   _mesa_GetProgramiv(prog, GL_TRANSFORM_FEEDBACK_VARYINGS, &n);
   assert_int_equal(n, 2);
   char name[16];
   GLsizei size;
   GLenum type;
   _mesa_GetTransformFeedbackVarying(prog, 1, sizeof(name), NULL, &size,
                                     &type, name);
   assert_string_equal(name, "v");
   assert_int_equal(type, GL_FLOAT_VEC3);

   _mesa_UseProgram(prog);
   _mesa_BeginTransformFeedback(GL_TRIANGLES); /* no buffer bound */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   GLuint buf;
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
   _mesa_BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 1024, NULL,
                    GL_STREAM_READ);
   _mesa_BeginTransformFeedback(GL_TRIANGLES);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(spy.num_targets, 1);
   assert_int_equal(spy.offsets[0], 0);

   _mesa_VertexAttrib4f(0, 0, 0, 0, 1);
   _mesa_DrawArrays(GL_POINTS, 0, 3); /* not the feedback mode */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_UseProgram(0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BeginTransformFeedback(GL_TRIANGLES);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   _mesa_PauseTransformFeedback();
   assert_int_equal(spy.num_targets, 0);
   _mesa_ResumeTransformFeedback();
   assert_int_equal(spy.num_targets, 1);
   assert_int_equal(spy.offsets[0], (unsigned)-1); /* append */
   _mesa_EndTransformFeedback();
   assert_int_equal(spy.num_targets, 0);
   _mesa_EndTransformFeedback();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* Objects. */
   GLuint tf;
   _mesa_GenTransformFeedbacks(1, &tf);
   assert_false(_mesa_IsTransformFeedback(tf));
   _mesa_BindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf);
   assert_true(_mesa_IsTransformFeedback(tf));
   _mesa_GetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &n);
   assert_int_equal(n, (GLint)tf);
   _mesa_BindTransformFeedback(GL_TRANSFORM_FEEDBACK, 999);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DeleteTransformFeedbacks(1, &tf);
   _mesa_GetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &n);
   assert_int_equal(n, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* ARB_transform_feedback3 in a desktop 3.3 context: the special names,
 * their errors, what the link makes of them, the general binding and
 * the indexed queries (its Errors section). */
static void
test_feedback3(void **state)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_CORE, 3, 3, 8, 8);
   assert_non_null(t);
   assert_true(gl_test_has_extension("GL_ARB_transform_feedback3"));
   struct pipe_context *pipe = st_context_pipe(t->ctx);
   spy.orig = *pipe;
   pipe->create_vs_state = spy_create_vs;
   assert_int_equal(gl_test_get_int(GL_MAX_TRANSFORM_FEEDBACK_BUFFERS), 4);
   assert_int_equal(gl_test_get_int(GL_MAX_VERTEX_STREAMS), 4);

   GLuint prog = gl_test_program(
      "#version 330\nout vec3 a; out float b;\n"
      "void main() { a = vec3(1.0); b = 2.0; gl_Position = vec4(0.0); }\n",
      "#version 330\nout vec4 c; void main() { c = vec4(1.0); }\n");
   assert_int_not_equal(prog, 0);
   /* only when interleaved, fewer gl_NextBuffer than buffers */
   const char *sep[] = {"a", "gl_SkipComponents1"};
   _mesa_TransformFeedbackVaryings(prog, 2, sep, GL_SEPARATE_ATTRIBS);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   const char *many[] = {"a", "gl_NextBuffer", "gl_NextBuffer",
                         "gl_NextBuffer", "gl_NextBuffer", "b"};
   _mesa_TransformFeedbackVaryings(prog, 6, many, GL_INTERLEAVED_ATTRIBS);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* a in buffer 0; two words skipped, then b, in buffer 1 */
   const char *names[] = {"a", "gl_NextBuffer", "gl_SkipComponents2", "b"};
   _mesa_TransformFeedbackVaryings(prog, 4, names, GL_INTERLEAVED_ATTRIBS);
   _mesa_LinkProgram(prog);
   GLint ok;
   _mesa_GetProgramiv(prog, GL_LINK_STATUS, &ok);
   assert_int_equal(ok, GL_TRUE);
   _mesa_UseProgram(prog);
   GLuint vao;
   _mesa_GenVertexArrays(1, &vao);
   _mesa_BindVertexArray(vao); /* (core profile) */
   _mesa_DrawArrays(GL_POINTS, 0, 1); /* makes the vertex CSO */
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(spy.so.num_outputs, 2);
   assert_int_equal(spy.so.stride[0], 3);
   assert_int_equal(spy.so.stride[1], 3);
   assert_int_equal(spy.so.output[1].output_buffer, 1);
   assert_int_equal(spy.so.output[1].dst_offset, 2);
   assert_int_equal(spy.so.output[1].stream, 0);
   GLsizei size;
   GLenum type;
   char name[32];
   _mesa_GetTransformFeedbackVarying(prog, 1, sizeof(name), NULL, &size,
                                     &type, name);
   assert_string_equal(name, "gl_NextBuffer");
   assert_int_equal(type, GL_NONE);
   assert_int_equal(size, 0);
   _mesa_GetTransformFeedbackVarying(prog, 2, sizeof(name), NULL, &size,
                                     &type, name);
   assert_int_equal(type, GL_NONE);
   assert_int_equal(size, 2);

   /* the general binding follows glBindBufferBase */
   GLuint buf;
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 3, buf);
   assert_int_equal(gl_test_get_int(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING),
                    (GLint)buf);

   /* indexed queries: streams 0-3 of the primitive queries only */
   GLuint q[2];
   GLint cur;
   _mesa_GenQueries(2, q);
   _mesa_BeginQueryIndexed(GL_PRIMITIVES_GENERATED, 4, q[0]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_BeginQueryIndexed(GL_SAMPLES_PASSED, 1, q[0]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_BeginQueryIndexed(GL_PRIMITIVES_GENERATED, 3, q[0]);
   _mesa_BeginQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 3, q[1]);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetQueryIndexediv(GL_PRIMITIVES_GENERATED, 3, GL_CURRENT_QUERY,
                           &cur);
   assert_int_equal(cur, (GLint)q[0]);
   _mesa_GetQueryIndexediv(GL_PRIMITIVES_GENERATED, 0, GL_CURRENT_QUERY,
                           &cur);
   assert_int_equal(cur, 0);
   _mesa_EndQueryIndexed(GL_PRIMITIVES_GENERATED, 2);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* a draw without a geometry shader makes no stream-3 primitive */
   _mesa_DrawArrays(GL_POINTS, 0, 5);
   _mesa_EndQueryIndexed(GL_PRIMITIVES_GENERATED, 3);
   _mesa_EndQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   GLuint result = 99;
   _mesa_GetQueryObjectuiv(q[0], GL_QUERY_RESULT, &result);
   assert_int_equal(result, 0);
   _mesa_DeleteQueries(2, q);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* glDrawTransformFeedback*: an object that never ended, a name that
    * is none, a stream past the last (ARB_transform_feedback2/3) */
   GLuint tf;
   _mesa_GenTransformFeedbacks(1, &tf);
   _mesa_BindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf);
   _mesa_DrawTransformFeedback(GL_POINTS, tf);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DrawTransformFeedback(GL_POINTS, tf + 100);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_DrawTransformFeedbackStream(GL_POINTS, tf, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
   _mesa_BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, buf);
   _mesa_BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 256, NULL, GL_STREAM_READ);
   _mesa_BeginTransformFeedback(GL_POINTS);
   _mesa_DrawArrays(GL_LINES, 0, 2); /* not points: GL 3.2 table 2.14 */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_EndTransformFeedback();
   _mesa_DrawTransformFeedbackStreamInstanced(GL_POINTS, tf, 3, 2);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteTransformFeedbacks(1, &tf);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_feedback),
      cmocka_unit_test(test_feedback3),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
