/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The draw-time checks keep their last verdict until state changes
 * (draw.c, gl_context::DrawChecked).  Each case draws successfully
 * twice (the second draw takes the kept verdict), changes state in a way
 * that makes the same draw an error, and expects the error:
 * - transform feedback begun, paused, resumed (no ST_NEW_* bit): GL 3.0
 *   section 2.15 / ES 3.0 section 2.15.2, the mode must make the
 *   captured primitives, and the check is keyed on the mode too;
 * - blending enabled, then a glClear that takes the state change before
 *   the draw: EXT_float_blend "Errors", no blending into a 32-bit float
 *   colour buffer without the extension;
 * - a program of the bound pipeline relinked non-separable: GL 4.1
 *   section 11.1.3.11, an invalid pipeline at draw time.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gl_test_context.h"

static struct gl_test *
es3(void)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   return t;
}

static void
draw_expect(GLenum mode, GLenum error)
{
   _mesa_DrawArrays(mode, 0, 3);
   assert_int_equal(_mesa_GetError(), error);
}

static const char es_vs[] = "#version 300 es\n"
                            "out float b;\n"
                            "void main() { b = 1.0; gl_Position = "
                            "vec4(0.0); }\n";
static const char es_fs[] = "#version 300 es\n"
                            "precision highp float;\n"
                            "out vec4 c;\n"
                            "void main() { c = vec4(1.0); }\n";

static void
test_feedback_begun(void **state)
{
   struct gl_test *t = es3();
   GLuint prog = _mesa_CreateProgram();
   GLuint vs = gl_test_shader(GL_VERTEX_SHADER, es_vs);
   GLuint fs = gl_test_shader(GL_FRAGMENT_SHADER, es_fs);
   _mesa_AttachShader(prog, vs);
   _mesa_AttachShader(prog, fs);
   const char *names[] = {"b"};
   _mesa_TransformFeedbackVaryings(prog, 1, names, GL_INTERLEAVED_ATTRIBS);
   _mesa_LinkProgram(prog);
   _mesa_UseProgram(prog);
   GLuint buf;
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf);
   _mesa_BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 256, NULL, GL_STREAM_READ);
   _mesa_BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   _mesa_BeginTransformFeedback(GL_POINTS);
   draw_expect(GL_TRIANGLES, GL_INVALID_OPERATION);
   draw_expect(GL_POINTS, GL_NO_ERROR);
   draw_expect(GL_POINTS, GL_NO_ERROR);
   /* the kept verdict was for POINTS */
   draw_expect(GL_TRIANGLES, GL_INVALID_OPERATION);
   /* paused: any mode (GL 3.0 section 2.15, "active and not paused") */
   _mesa_PauseTransformFeedback();
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   _mesa_ResumeTransformFeedback();
   draw_expect(GL_TRIANGLES, GL_INVALID_OPERATION);
   _mesa_EndTransformFeedback();
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);

   _mesa_DeleteBuffers(1, &buf);
   _mesa_DeleteShader(vs);
   _mesa_DeleteShader(fs);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

static void
test_blend_after_clear(void **state)
{
   struct gl_test *t = es3();
   GLuint prog = gl_test_program(es_vs, es_fs);
   _mesa_UseProgram(prog);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, 4, 4);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, 1, 0);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   if (gl_test_has_extension("GL_EXT_float_blend")) {
      gl_test_destroy(t);
      skip();
   }

   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   _mesa_Enable(GL_BLEND);
   /* the clear hands the new blend state to the driver first */
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   draw_expect(GL_TRIANGLES, GL_INVALID_OPERATION);
   _mesa_Disable(GL_BLEND);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);

   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

static void
test_pipeline_relinked(void **state)
{
   struct gl_test *t = gl_test_create_version(ST_PROFILE_OPENGL_CORE, 4, 1,
                                              8, 8);
   if (!t || !gl_test_has_extension("GL_ARB_separate_shader_objects")) {
      if (t)
         gl_test_destroy(t);
      skip();
   }
   const char *vs = "#version 330\n"
                    "void main() { gl_Position = vec4(0.0); }\n";
   GLuint prog = _mesa_CreateProgram();
   _mesa_ProgramParameteri(prog, GL_PROGRAM_SEPARABLE, GL_TRUE);
   GLuint s = gl_test_shader(GL_VERTEX_SHADER, vs);
   _mesa_AttachShader(prog, s);
   _mesa_LinkProgram(prog);
   GLuint pipe, vao;
   _mesa_GenProgramPipelines(1, &pipe);
   _mesa_UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, prog);
   _mesa_BindProgramPipeline(pipe);
   _mesa_GenVertexArrays(1, &vao);
   _mesa_BindVertexArray(vao);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   draw_expect(GL_POINTS, GL_NO_ERROR);
   draw_expect(GL_POINTS, GL_NO_ERROR);
   _mesa_ProgramParameteri(prog, GL_PROGRAM_SEPARABLE, GL_FALSE);
   _mesa_LinkProgram(prog);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   draw_expect(GL_POINTS, GL_INVALID_OPERATION);

   _mesa_BindProgramPipeline(0);
   _mesa_DeleteProgramPipelines(1, &pipe);
   _mesa_DeleteVertexArrays(1, &vao);
   _mesa_DeleteShader(s);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_feedback_begun),
      cmocka_unit_test(test_blend_after_clear),
      cmocka_unit_test(test_pipeline_relinked),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
