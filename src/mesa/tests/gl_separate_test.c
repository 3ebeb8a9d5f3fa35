/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Separable programs and program pipelines (ARB_separate_shader_objects,
 * GL 4.6 7.3, 7.4, 7.6.1 and 11.1.3.11) in a desktop context on the noop
 * driver: the API's errors and queries, glProgramUniform*, validation of
 * the interface between two programs, and draws with a pipeline, seen
 * through spies on the noop context.
 */
#include <stdlib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "pipe/p_context.h"
#include "pipe/p_state.h"
#include "state_tracker/st_context.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

static struct {
   struct pipe_context orig;
   unsigned draws;
   float fs_constants[16];
} spy;

static void
spy_draw_vbo(struct pipe_context *p, const struct pipe_draw_info *info,
             unsigned drawid, const struct pipe_draw_indirect_info *ind,
             const struct pipe_draw_start_count_bias *draws, unsigned n)
{
   spy.draws++;
}

static void
spy_set_constant_buffer(struct pipe_context *p, enum pipe_shader_type sh,
                        unsigned index, bool take,
                        const struct pipe_constant_buffer *cb)
{
   if (sh == PIPE_SHADER_FRAGMENT && index == 0 && cb && cb->buffer) {
      unsigned size = MIN2(cb->buffer_size, sizeof(spy.fs_constants));
      pipe_buffer_read(p, cb->buffer, cb->buffer_offset, size,
                       spy.fs_constants);
   }
   spy.orig.set_constant_buffer(p, sh, index, take, cb);
}

static struct gl_test *
desktop(void)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_CORE, 3, 3, 8, 8);
   assert_non_null(t);
   struct pipe_context *pipe = st_context_pipe(t->ctx);
   memset(&spy, 0, sizeof(spy));
   spy.orig = *pipe;
   pipe->draw_vbo = spy_draw_vbo;
   pipe->set_constant_buffer = spy_set_constant_buffer;
   return t;
}

static const char vs_src[] =
   "#version 330\n"
   "layout(location = 0) in vec4 pos;\n"
   "out vec4 color;\n"
   "void main() { gl_Position = pos; color = vec4(0.5); }\n";

static const char fs_src[] =
   "#version 330\n"
   "in vec4 color;\n"
   "uniform vec4 tint;\n"
   "out vec4 result;\n"
   "void main() { result = color * tint; }\n";

/* The fragment stage reads an input the vertex program does not write. */
static const char fs_other_src[] =
   "#version 330\n"
   "in vec3 other;\n"
   "out vec4 result;\n"
   "void main() { result = vec4(other, 1.0); }\n";

static GLuint
separable(GLenum type, const char *src)
{
   GLuint p = _mesa_CreateShaderProgramv(type, 1, (const GLchar **)&src);
   GLint ok = 0;
   _mesa_GetProgramiv(p, GL_LINK_STATUS, &ok);
   assert_true(ok);
   _mesa_GetProgramiv(p, GL_PROGRAM_SEPARABLE, &ok);
   assert_true(ok);
   return p;
}

/* GL 4.6 7.3: glProgramParameteri's enums and values. */
static void
test_program_parameter(void **state)
{
   struct gl_test *t = desktop();
   GLuint p = _mesa_CreateProgram();
   GLint v = -1;

   _mesa_GetProgramiv(p, GL_PROGRAM_SEPARABLE, &v);
   assert_int_equal(v, GL_FALSE);
   _mesa_ProgramParameteri(p, GL_PROGRAM_SEPARABLE, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetProgramiv(p, GL_PROGRAM_SEPARABLE, &v);
   assert_int_equal(v, GL_TRUE);
   _mesa_ProgramParameteri(p, GL_PROGRAM_SEPARABLE, 2);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_ProgramParameteri(p, GL_LINK_STATUS, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_ProgramParameteri(p + 100, GL_PROGRAM_SEPARABLE, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

/* GL 4.6 7.4: names, binding, stages and their queries. */
static void
test_pipeline_objects(void **state)
{
   struct gl_test *t = desktop();
   GLuint pipe[2];
   GLint v = -1;

   _mesa_GenProgramPipelines(2, pipe);
   /* a generated name is a pipeline once bound */
   assert_false(_mesa_IsProgramPipeline(pipe[0]));
   _mesa_BindProgramPipeline(pipe[0]);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(_mesa_IsProgramPipeline(pipe[0]));
   _mesa_GetIntegerv(GL_PROGRAM_PIPELINE_BINDING, &v);
   assert_int_equal(v, (GLint)pipe[0]);
   _mesa_BindProgramPipeline(pipe[1] + 10);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   GLuint vs = separable(GL_VERTEX_SHADER, vs_src);
   _mesa_UseProgramStages(pipe[0], GL_VERTEX_SHADER_BIT, vs);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetProgramPipelineiv(pipe[0], GL_VERTEX_SHADER, &v);
   assert_int_equal(v, (GLint)vs);
   _mesa_GetProgramPipelineiv(pipe[0], GL_FRAGMENT_SHADER, &v);
   assert_int_equal(v, 0);
   /* a bad stage bit, a program that is not separable */
   _mesa_UseProgramStages(pipe[0], 0x100, vs);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   GLuint plain = gl_test_program(vs_src, fs_src);
   assert_int_not_equal(plain, 0);
   _mesa_UseProgramStages(pipe[0], GL_ALL_SHADER_BITS, plain);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   _mesa_ActiveShaderProgram(pipe[0], vs);
   _mesa_GetProgramPipelineiv(pipe[0], GL_ACTIVE_PROGRAM, &v);
   assert_int_equal(v, (GLint)vs);
   _mesa_GetProgramPipelineiv(pipe[0], GL_LINK_STATUS, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   /* deleting the bound pipeline unbinds it */
   _mesa_DeleteProgramPipelines(2, pipe);
   assert_false(_mesa_IsProgramPipeline(pipe[0]));
   _mesa_GetIntegerv(GL_PROGRAM_PIPELINE_BINDING, &v);
   assert_int_equal(v, 0);
   _mesa_DeleteProgram(vs);
   _mesa_DeleteProgram(plain);
   gl_test_destroy(t);
}

/* GL 4.6 7.6.1: glProgramUniform* sets a program that is not current;
 * glUniform* with only a pipeline bound sets its active program. */
static void
test_program_uniform(void **state)
{
   struct gl_test *t = desktop();
   GLuint fs = separable(GL_FRAGMENT_SHADER, fs_src);
   GLint loc = _mesa_GetUniformLocation(fs, "tint");
   GLfloat got[4] = {0};

   assert_true(loc >= 0);
   _mesa_ProgramUniform4f(fs, loc, 1.0f, 2.0f, 3.0f, 4.0f);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetUniformfv(fs, loc, got);
   assert_true(got[0] == 1.0f && got[3] == 4.0f);
   /* the type must match, as for glUniform* */
   _mesa_ProgramUniform4i(fs, loc, 1, 2, 3, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_ProgramUniform4f(fs + 100, loc, 1.0f, 2.0f, 3.0f, 4.0f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   GLuint pipe;
   _mesa_GenProgramPipelines(1, &pipe);
   _mesa_BindProgramPipeline(pipe);
   _mesa_Uniform4f(loc, 5.0f, 6.0f, 7.0f, 8.0f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_ActiveShaderProgram(pipe, fs);
   _mesa_Uniform4f(loc, 5.0f, 6.0f, 7.0f, 8.0f);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetUniformfv(fs, loc, got);
   assert_true(got[0] == 5.0f && got[3] == 8.0f);
   _mesa_DeleteProgramPipelines(1, &pipe);
   _mesa_DeleteProgram(fs);
   gl_test_destroy(t);
}

/* GL 4.6 11.1.3.11: a pipeline whose stages' interfaces do not match is
 * not valid, and draws with it are INVALID_OPERATION; a valid one draws
 * with each stage's program and its uniforms. */
static void
test_validate_and_draw(void **state)
{
   struct gl_test *t = desktop();
   GLuint vs = separable(GL_VERTEX_SHADER, vs_src);
   GLuint fs = separable(GL_FRAGMENT_SHADER, fs_src);
   GLuint bad = separable(GL_FRAGMENT_SHADER, fs_other_src);
   GLuint pipe, vao;
   GLint v = -1;

   _mesa_GenVertexArrays(1, &vao);
   _mesa_BindVertexArray(vao);
   _mesa_GenProgramPipelines(1, &pipe);
   _mesa_BindProgramPipeline(pipe);
   _mesa_UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs);
   _mesa_UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, bad);
   _mesa_ValidateProgramPipeline(pipe);
   _mesa_GetProgramPipelineiv(pipe, GL_VALIDATE_STATUS, &v);
   assert_int_equal(v, GL_FALSE);
   _mesa_GetProgramPipelineiv(pipe, GL_INFO_LOG_LENGTH, &v);
   assert_true(v > 1);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(spy.draws, 0);

   _mesa_UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs);
   _mesa_ProgramUniform4f(fs, _mesa_GetUniformLocation(fs, "tint"), 0.25f,
                          0.5f, 0.75f, 1.0f);
   _mesa_ValidateProgramPipeline(pipe);
   _mesa_GetProgramPipelineiv(pipe, GL_VALIDATE_STATUS, &v);
   assert_int_equal(v, GL_TRUE);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(spy.draws, 1);
   assert_true(spy.fs_constants[0] == 0.25f &&
               spy.fs_constants[2] == 0.75f);

   /* a later glProgramUniform reaches the next draw */
   _mesa_ProgramUniform4f(fs, _mesa_GetUniformLocation(fs, "tint"), 2.0f,
                          0.5f, 0.75f, 1.0f);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(spy.draws, 2);
   assert_true(spy.fs_constants[0] == 2.0f);

   _mesa_DeleteProgramPipelines(1, &pipe);
   _mesa_DeleteProgram(vs);
   _mesa_DeleteProgram(fs);
   _mesa_DeleteProgram(bad);
   gl_test_destroy(t);
}

static struct gl_test *
es(int minor)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, minor, 8, 8);
   assert_non_null(t);
   return t;
}

/* ES 3.1 7.3/7.4: separable programs and pipelines; a pipeline needs
 * both a vertex and a fragment program (ES 3.1 11.1.3.11).  ES 3.0 has
 * neither. */
static void
test_es31(void **state)
{
   struct gl_test *t = es(1);
   static const char *vs =
      "#version 310 es\n"
      "layout(location = 0) in vec4 pos;\n"
      "layout(location = 1) out vec4 color;\n"
      "void main() { gl_Position = pos; color = pos; }\n";
   static const char *fs =
      "#version 310 es\n"
      "precision mediump float;\n"
      "layout(location = 1) in vec4 color;\n"
      "out vec4 result;\n"
      "void main() { result = color; }\n";
   GLuint v = separable(GL_VERTEX_SHADER, vs);
   GLuint f = separable(GL_FRAGMENT_SHADER, fs);
   GLuint pipe;
   GLint ok = -1;
   _mesa_GenProgramPipelines(1, &pipe);
   _mesa_UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, v);
   _mesa_ValidateProgramPipeline(pipe);
   _mesa_GetProgramPipelineiv(pipe, GL_VALIDATE_STATUS, &ok);
   assert_int_equal(ok, GL_FALSE);
   _mesa_UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, f);
   _mesa_ValidateProgramPipeline(pipe);
   _mesa_GetProgramPipelineiv(pipe, GL_VALIDATE_STATUS, &ok);
   assert_int_equal(ok, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteProgramPipelines(1, &pipe);
   _mesa_DeleteProgram(v);
   _mesa_DeleteProgram(f);
   gl_test_destroy(t);

   /* ES 3.0 has separable programs through GL_EXT_separate_shader_objects
    * (PROGRAM_SEPARABLE_EXT is PROGRAM_SEPARABLE), with its EXT entry
    * points. */
   t = es(0);
   assert_true(gl_test_has_extension("GL_EXT_separate_shader_objects"));
   GLuint p = _mesa_CreateProgram();
   _mesa_ProgramParameteri(p, GL_PROGRAM_SEPARABLE, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetProgramiv(p, GL_PROGRAM_SEPARABLE, &ok);
   assert_int_equal(ok, GL_TRUE);
   GLuint pipe3 = 0;
   _mesa_GenProgramPipelinesEXT(1, &pipe3);
   _mesa_BindProgramPipelineEXT(pipe3);
   assert_true(_mesa_IsProgramPipelineEXT(pipe3));
   _mesa_UseProgramStagesEXT(pipe3, GL_VERTEX_SHADER_BIT, p);
   /* not linked */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DeleteProgramPipelinesEXT(1, &pipe3);
   assert_false(_mesa_IsProgramPipelineEXT(pipe3));
   _mesa_DeleteProgram(p);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_program_parameter),
      cmocka_unit_test(test_pipeline_objects),
      cmocka_unit_test(test_program_uniform),
      cmocka_unit_test(test_validate_and_draw),
      cmocka_unit_test(test_es31),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
