/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Transform feedback rules piglit leaves uncovered or covers only
 * through pixels, on the noop driver (expected values from the specs):
 * - gl_ClipDistance captured from a vertex or geometry shader: its
 *   floats live four to a slot from VARYING_SLOT_CLIP_DIST0
 *   (glsl_program.h), "gl_ClipDistance" is the whole declared (or
 *   implicitly sized) array, type FLOAT (GL 3.0 section 2.15);
 * - ES 3.0 has no gl_NextBuffer / gl_SkipComponents*: link errors there;
 * - RASTERIZER_DISCARD: a Get-able enable that makes Clear and
 *   ClearBuffer* do nothing (GL 3.0 section 2.17), and DrawPixels /
 *   Bitmap draw nothing while Bitmap still moves the raster position;
 * - a BindBufferRange range never reaches past a buffer glBufferData
 *   shrank (GL 4.3 section 6.1.1);
 * - UseProgramStages fails while capturing only for the pipeline in use
 *   (GL 4.1 section 2.17.2);
 * - ES 3.0 draws while capturing: strips and fans of the primitive type
 *   (ES 3.2 table 12.1, applied to ES 3.0 as Mesa does and piglit's
 *   structs_gles3 expects; ES 3.0 itself said "identical"), no other
 *   type, no elements.
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
   struct pipe_context orig;
   struct pipe_stream_output_info vs_so, gs_so;
   unsigned clears, draws, target_size;
} spy;

static void *
spy_create_vs(struct pipe_context *p, const struct pipe_shader_state *s)
{
   spy.vs_so = s->stream_output;
   return spy.orig.create_vs_state(p, s);
}

static void *
spy_create_gs(struct pipe_context *p, const struct pipe_shader_state *s)
{
   spy.gs_so = s->stream_output;
   return spy.orig.create_gs_state(p, s);
}

static void
spy_clear(struct pipe_context *p, unsigned buffers,
          const struct pipe_scissor_state *s,
          const union pipe_color_union *color, double depth, unsigned stencil)
{
   spy.clears++;
}

static void
spy_draw_vbo(struct pipe_context *p, const struct pipe_draw_info *info,
             unsigned drawid, const struct pipe_draw_indirect_info *ind,
             const struct pipe_draw_start_count_bias *draws, unsigned n)
{
   spy.draws++;
   spy.orig.draw_vbo(p, info, drawid, ind, draws, n);
}

static struct pipe_stream_output_target *
spy_create_target(struct pipe_context *p, struct pipe_resource *res,
                  unsigned offset, unsigned size)
{
   spy.target_size = size;
   return spy.orig.create_stream_output_target(p, res, offset, size);
}

/* A context of profile / version with every hook above spied on. */
static struct gl_test *
spied(enum st_profile_type profile, int major, int minor)
{
   struct gl_test *t = gl_test_create_version(profile, major, minor, 8, 8);
   assert_non_null(t);
   struct pipe_context *pipe = st_context_pipe(t->ctx);
   memset(&spy, 0, sizeof(spy));
   spy.orig = *pipe;
   pipe->create_vs_state = spy_create_vs;
   pipe->create_gs_state = spy_create_gs;
   pipe->clear = spy_clear;
   pipe->draw_vbo = spy_draw_vbo;
   pipe->create_stream_output_target = spy_create_target;
   return t;
}

/* A program of a vertex shader, an optional geometry shader and a
 * fragment shader capturing names (interleaved); its link status in
 * *ok. */
static GLuint
capture(const char *vs, const char *gs, const char *fs,
        const char *const *names, GLsizei n, GLint *ok)
{
   GLuint prog = _mesa_CreateProgram();
   GLuint sh[3] = {gl_test_shader(GL_VERTEX_SHADER, vs),
                   gs ? gl_test_shader(GL_GEOMETRY_SHADER, gs) : 0,
                   gl_test_shader(GL_FRAGMENT_SHADER, fs)};
   for (unsigned i = 0; i < 3; i++) {
      if (sh[i]) {
         _mesa_AttachShader(prog, sh[i]);
         _mesa_DeleteShader(sh[i]);
      }
   }
   _mesa_TransformFeedbackVaryings(prog, n, names, GL_INTERLEAVED_ATTRIBS);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_LinkProgram(prog);
   _mesa_GetProgramiv(prog, GL_LINK_STATUS, ok);
   return prog;
}

static void
check_varying(GLuint prog, GLuint i, GLenum type, GLsizei size)
{
   GLsizei sz = -1;
   GLenum ty = 0;
   _mesa_GetTransformFeedbackVarying(prog, i, 0, NULL, &sz, &ty, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(ty, type);
   assert_int_equal(sz, size);
}

/* Output i of so: slot, first component, components, dword offset. */
static void
check_output(const struct pipe_stream_output_info *so, unsigned i,
             unsigned slot, unsigned first, unsigned n, unsigned offset)
{
   assert_true(i < so->num_outputs);
   assert_int_equal(so->output[i].register_index, slot);
   assert_int_equal(so->output[i].start_component, first);
   assert_int_equal(so->output[i].num_components, n);
   assert_int_equal(so->output[i].dst_offset, offset);
   assert_int_equal(so->output[i].output_buffer, 0);
}

static const char fs130[] = "#version 130\n"
                            "out vec4 c;\n"
                            "void main() { c = vec4(1.0); }\n";

static void
test_clip_distance_vs(void **state)
{
   struct gl_test *t = spied(ST_PROFILE_DEFAULT, 3, 0);
   const char *vs = "#version 130\n"
                    "out float gl_ClipDistance[6];\n"
                    "void main() {\n"
                    "   for (int i = 0; i < 6; i++)\n"
                    "      gl_ClipDistance[i] = float(i);\n"
                    "   gl_Position = vec4(0.0);\n"
                    "}\n";
   const char *names[] = {"gl_ClipDistance[5]", "gl_ClipDistance"};
   GLint ok;
   GLuint prog = capture(vs, NULL, fs130, names, 2, &ok);
   assert_int_equal(ok, GL_TRUE);
   check_varying(prog, 0, GL_FLOAT, 1);
   check_varying(prog, 1, GL_FLOAT, 6);
   _mesa_UseProgram(prog);
   _mesa_DrawArrays(GL_POINTS, 0, 1); /* makes the vertex CSO */
   /* distance 5: component 1 of the second slot; the six: 4 + 2 */
   const struct pipe_stream_output_info *so = &spy.vs_so;
   assert_int_equal(so->num_outputs, 3);
   assert_int_equal(so->stride[0], 7);
   check_output(so, 0, VARYING_SLOT_CLIP_DIST1, 1, 1, 0);
   check_output(so, 1, VARYING_SLOT_CLIP_DIST0, 0, 4, 1);
   check_output(so, 2, VARYING_SLOT_CLIP_DIST1, 0, 2, 5);
   _mesa_UseProgram(0);
   _mesa_DeleteProgram(prog);

   /* past the declared size: no such output */
   const char *past[] = {"gl_ClipDistance[6]"};
   prog = capture(vs, NULL, fs130, past, 1, &ok);
   assert_int_equal(ok, GL_FALSE);
   _mesa_DeleteProgram(prog);

   /* not redeclared: sized by the largest constant index used (2) */
   const char *implicit = "#version 130\n"
                          "void main() {\n"
                          "   gl_ClipDistance[0] = 0.5;\n"
                          "   gl_ClipDistance[2] = 1.5;\n"
                          "   gl_Position = vec4(0.0);\n"
                          "}\n";
   const char *whole[] = {"gl_ClipDistance"};
   prog = capture(implicit, NULL, fs130, whole, 1, &ok);
   assert_int_equal(ok, GL_TRUE);
   check_varying(prog, 0, GL_FLOAT, 3);
   _mesa_DeleteProgram(prog);

   /* a shader writing none has none to capture */
   const char *none = "#version 130\n"
                      "void main() { gl_Position = vec4(0.0); }\n";
   prog = capture(none, NULL, fs130, whole, 1, &ok);
   assert_int_equal(ok, GL_FALSE);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

/* With a geometry shader its own gl_ClipDistance is captured (GL 3.2
 * section 2.15), its size the geometry shader's, not the vertex
 * shader's. */
static void
test_clip_distance_gs(void **state)
{
   struct gl_test *t = spied(ST_PROFILE_DEFAULT, 3, 2);
   const char *vs = "#version 150\n"
                    "out float gl_ClipDistance[8];\n"
                    "void main() {\n"
                    "   for (int i = 0; i < 8; i++)\n"
                    "      gl_ClipDistance[i] = 1.0;\n"
                    "   gl_Position = vec4(0.0);\n"
                    "}\n";
   const char *gs = "#version 150\n"
                    "layout(points) in;\n"
                    "layout(points, max_vertices = 1) out;\n"
                    "out float gl_ClipDistance[3];\n"
                    "void main() {\n"
                    "   gl_Position = gl_in[0].gl_Position;\n"
                    "   for (int i = 0; i < 3; i++)\n"
                    "      gl_ClipDistance[i] = float(i);\n"
                    "   EmitVertex();\n"
                    "}\n";
   const char *fs = "#version 150\n"
                    "out vec4 c;\n"
                    "void main() { c = vec4(1.0); }\n";
   const char *names[] = {"gl_ClipDistance", "gl_ClipDistance[2]"};
   GLint ok;
   GLuint prog = capture(vs, gs, fs, names, 2, &ok);
   assert_int_equal(ok, GL_TRUE);
   check_varying(prog, 0, GL_FLOAT, 3);
   check_varying(prog, 1, GL_FLOAT, 1);
   _mesa_UseProgram(prog);
   _mesa_DrawArrays(GL_POINTS, 0, 1); /* makes the CSOs */
   const struct pipe_stream_output_info *so = &spy.gs_so;
   assert_int_equal(so->num_outputs, 2);
   assert_int_equal(so->stride[0], 4);
   check_output(so, 0, VARYING_SLOT_CLIP_DIST0, 0, 3, 0);
   check_output(so, 1, VARYING_SLOT_CLIP_DIST0, 2, 1, 3);
   assert_int_equal(spy.vs_so.num_outputs, 0);
   _mesa_UseProgram(0);
   _mesa_DeleteProgram(prog);

   /* the vertex shader's 8 do not count past the geometry shader's 3 */
   const char *past[] = {"gl_ClipDistance[3]"};
   prog = capture(vs, gs, fs, past, 1, &ok);
   assert_int_equal(ok, GL_FALSE);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

/* ARB_transform_feedback3's names are desktop GL only: an ES 3.0 link
 * finds no such outputs, a desktop one captures with them. */
static void
test_special_names(void **state)
{
   static const char *const cases[][2] = {
      {"b", "gl_NextBuffer"},
      {"gl_SkipComponents1", "b"},
      {"b", "gl_SkipComponents4"},
   };
   struct gl_test *t = spied(ST_PROFILE_OPENGL_ES2, 3, 0);
   const char *vs = "#version 300 es\n"
                    "out float b;\n"
                    "void main() { b = 1.0; gl_Position = vec4(0.0); }\n";
   const char *fs = "#version 300 es\n"
                    "precision highp float;\n"
                    "out vec4 c;\n"
                    "void main() { c = vec4(1.0); }\n";
   for (unsigned i = 0; i < 3; i++) {
      GLint ok;
      GLuint prog = capture(vs, NULL, fs, cases[i], 2, &ok);
      assert_int_equal(ok, GL_FALSE);
      _mesa_DeleteProgram(prog);
   }
   gl_test_destroy(t);

   t = spied(ST_PROFILE_OPENGL_CORE, 3, 3);
   const char *vs330 = "#version 330\n"
                       "out float b;\n"
                       "void main() { b = 1.0; gl_Position = vec4(0.0); }\n";
   const char *fs330 = "#version 330\n"
                       "out vec4 c;\n"
                       "void main() { c = vec4(1.0); }\n";
   for (unsigned i = 0; i < 3; i++) {
      GLint ok;
      GLuint prog = capture(vs330, NULL, fs330, cases[i], 2, &ok);
      assert_int_equal(ok, GL_TRUE);
      _mesa_DeleteProgram(prog);
   }
   gl_test_destroy(t);
}

static void
test_discard_clears(void **state)
{
   /* ES 2.0 has no such enable */
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   assert_non_null(t);
   const char *version = (const char *)_mesa_GetString(GL_VERSION);
   assert_non_null(version);
   if (!strncmp(version, "OpenGL ES 2.", 12)) {
      GLint v = -1;
      _mesa_GetIntegerv(GL_RASTERIZER_DISCARD, &v);
      assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   } else {
      print_message("(an ES 2.0 context was %s)\n", version);
   }
   gl_test_destroy(t);

   t = spied(ST_PROFILE_OPENGL_ES2, 3, 0);
   _mesa_Enable(GL_RASTERIZER_DISCARD);
   assert_int_equal(gl_test_get_int(GL_RASTERIZER_DISCARD), 1);
   GLboolean b = GL_FALSE;
   _mesa_GetBooleanv(GL_RASTERIZER_DISCARD, &b);
   assert_int_equal(b, GL_TRUE);
   _mesa_Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   static const GLfloat red[4] = {1, 0, 0, 1};
   _mesa_ClearBufferfv(GL_COLOR, 0, red);
   _mesa_ClearBufferfi(GL_DEPTH_STENCIL, 0, 1.0f, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(spy.clears, 0);
   /* the errors stay */
   _mesa_Clear(0x1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_Disable(GL_RASTERIZER_DISCARD);
   assert_int_equal(gl_test_get_int(GL_RASTERIZER_DISCARD), 0);
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   _mesa_ClearBufferfv(GL_COLOR, 0, red);
   assert_int_equal(spy.clears, 2);
   gl_test_destroy(t);
}

static void
test_discard_pixels(void **state)
{
   struct gl_test *t = spied(ST_PROFILE_DEFAULT, 3, 0);
   /* 8 x 8 bits: rows of one byte padded to the unpack alignment (4) */
   GLubyte bits[8 * 4];
   memset(bits, 0xff, sizeof(bits));
   static const GLubyte rgba[4 * 4] = {255, 0, 0, 255};
   _mesa_WindowPos2i(1, 1);
   _mesa_DrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   _mesa_Bitmap(8, 8, 0.0f, 0.0f, 2.0f, 0.0f, bits);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   unsigned drawn = spy.draws;
   assert_true(drawn >= 2);

   _mesa_Enable(GL_RASTERIZER_DISCARD);
   _mesa_DrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   _mesa_CopyPixels(0, 0, 2, 2, GL_COLOR);
   _mesa_Bitmap(8, 8, 0.0f, 0.0f, 3.0f, 1.0f, bits);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(spy.draws, drawn);
   /* GL 2.1 section 3.7: the move is not rasterization */
   GLfloat pos[4];
   _mesa_GetFloatv(GL_CURRENT_RASTER_POSITION, pos);
   assert_true(pos[0] == 6.0f && pos[1] == 2.0f);
   /* and the errors stay */
   _mesa_DrawPixels(-1, 2, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
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
test_range_after_shrink(void **state)
{
   struct gl_test *t = spied(ST_PROFILE_OPENGL_ES2, 3, 0);
   const char *names[] = {"b"};
   GLint ok;
   GLuint prog = capture(es_vs, NULL, es_fs, names, 1, &ok);
   assert_int_equal(ok, GL_TRUE);
   _mesa_UseProgram(prog);
   GLuint buf;
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf);
   _mesa_BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 40, NULL, GL_STREAM_READ);
   _mesa_BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf, 12, 28);
   _mesa_BeginTransformFeedback(GL_POINTS);
   _mesa_EndTransformFeedback();
   assert_int_equal(spy.target_size, 28);
   /* 28 bytes from 12 on would pass the end of a 28-byte buffer */
   _mesa_BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 28, NULL, GL_STREAM_READ);
   _mesa_BeginTransformFeedback(GL_POINTS);
   _mesa_EndTransformFeedback();
   assert_int_equal(spy.target_size, 16);
   /* and the binding itself is what was asked for */
   GLint64 size = 0;
   _mesa_GetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 0, &size);
   assert_int_equal(size, 28);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteBuffers(1, &buf);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

static void
test_pipeline_in_use(void **state)
{
   struct gl_test *t = spied(ST_PROFILE_OPENGL_CORE, 3, 3);
   if (!gl_test_has_extension("GL_ARB_separate_shader_objects")) {
      gl_test_destroy(t);
      skip();
   }
   const char *vs = "#version 330\n"
                    "out float b;\n"
                    "void main() { b = 1.0; gl_Position = vec4(0.0); }\n";
   GLuint prog = _mesa_CreateProgram();
   _mesa_ProgramParameteri(prog, GL_PROGRAM_SEPARABLE, GL_TRUE);
   GLuint s = gl_test_shader(GL_VERTEX_SHADER, vs);
   _mesa_AttachShader(prog, s);
   _mesa_DeleteShader(s);
   const char *names[] = {"b"};
   _mesa_TransformFeedbackVaryings(prog, 1, names, GL_INTERLEAVED_ATTRIBS);
   _mesa_LinkProgram(prog);
   GLuint pipes[2], buf;
   _mesa_GenProgramPipelines(2, pipes);
   _mesa_UseProgramStages(pipes[0], GL_VERTEX_SHADER_BIT, prog);
   _mesa_BindProgramPipeline(pipes[0]);
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf);
   _mesa_BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 64, NULL, GL_STREAM_READ);
   _mesa_BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
   _mesa_BeginTransformFeedback(GL_POINTS);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_UseProgramStages(pipes[1], GL_VERTEX_SHADER_BIT, prog);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_UseProgramStages(pipes[0], GL_VERTEX_SHADER_BIT, prog);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_PauseTransformFeedback();
   _mesa_UseProgramStages(pipes[0], GL_VERTEX_SHADER_BIT, prog);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_ResumeTransformFeedback();
   _mesa_EndTransformFeedback();
   _mesa_BindProgramPipeline(0);
   _mesa_DeleteProgramPipelines(2, pipes);
   _mesa_DeleteBuffers(1, &buf);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

static void
test_es_draw_modes(void **state)
{
   struct gl_test *t = spied(ST_PROFILE_OPENGL_ES2, 3, 0);
   const char *names[] = {"b"};
   GLint ok;
   GLuint prog = capture(es_vs, NULL, es_fs, names, 1, &ok);
   assert_int_equal(ok, GL_TRUE);
   _mesa_UseProgram(prog);
   GLuint buf[2];
   _mesa_GenBuffers(2, buf);
   _mesa_BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf[0]);
   _mesa_BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 256, NULL, GL_STREAM_READ);
   _mesa_BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0]);
   static const GLushort idx[3] = {0, 1, 2};
   _mesa_BindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[1]);
   _mesa_BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   _mesa_BeginTransformFeedback(GL_TRIANGLES);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   _mesa_DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   _mesa_DrawArrays(GL_TRIANGLE_FAN, 0, 4);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DrawArrays(GL_LINE_STRIP, 0, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DrawArrays(GL_POINTS, 0, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_EndTransformFeedback();
   _mesa_BeginTransformFeedback(GL_LINES);
   _mesa_DrawArrays(GL_LINE_LOOP, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_EndTransformFeedback();
   _mesa_DeleteBuffers(2, buf);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_clip_distance_vs),
      cmocka_unit_test(test_clip_distance_gs),
      cmocka_unit_test(test_special_names),
      cmocka_unit_test(test_discard_clears),
      cmocka_unit_test(test_discard_pixels),
      cmocka_unit_test(test_range_after_shrink),
      cmocka_unit_test(test_pipeline_in_use),
      cmocka_unit_test(test_es_draw_modes),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
