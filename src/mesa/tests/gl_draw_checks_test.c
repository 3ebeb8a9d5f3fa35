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
 *   section 11.1.3.11, an invalid pipeline at draw time; since wave 17
 *   also relinked by another context of the share group, current in
 *   another thread (gl_shared_state::DrawStamp), and a framebuffer's
 *   texture made 32-bit float there.
 * Since wave 17 the state tracker keeps whether the arrays read client
 * memory too (st_context::client_arrays): draws switching between client
 * memory and a buffer must copy client memory at every draw from it, and
 * never from a buffer.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "gl_test_context.h"
#include "main/context.h"
#include "main/hash.h"
#include "pipe/p_context.h"
#include "pipe/p_state.h"
#include "state_tracker/st_context.h"

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


/* Another context of the share group, current (surfaceless) in a
 * thread of its own before the first context's draws, changes a shared
 * object (change(name)) between them. */
struct elsewhere {
   struct st_context *ctx;
   void (*change)(GLuint name);
   GLuint name;
   pthread_t thread;
   pthread_barrier_t step;
};

static void *
elsewhere_thread(void *data)
{
   struct elsewhere *e = data;
   bool current = st_make_current(e->ctx, NULL, NULL);
   pthread_barrier_wait(&e->step); /* 1: current */
   pthread_barrier_wait(&e->step); /* 2: the first context drew */
   if (current)
      e->change(e->name);
   pthread_barrier_wait(&e->step); /* 3: changed */
   st_make_current(NULL, NULL, NULL);
   return current ? e : NULL;
}

/* Starts the other context's thread, once it is current. */
static void
elsewhere_start(struct elsewhere *e, void (*change)(GLuint), GLuint name)
{
   e->change = change;
   e->name = name;
   pthread_barrier_init(&e->step, NULL, 2);
   assert_int_equal(pthread_create(&e->thread, NULL, elsewhere_thread, e),
                    0);
   pthread_barrier_wait(&e->step);
}

/* Lets it make its change and waits for its end. */
static void
elsewhere_change(struct elsewhere *e)
{
   void *ok = NULL;
   pthread_barrier_wait(&e->step);
   pthread_barrier_wait(&e->step);
   pthread_join(e->thread, &ok);
   pthread_barrier_destroy(&e->step);
   assert_non_null(ok);
}

static void
relink_non_separable(GLuint prog)
{
   _mesa_ProgramParameteri(prog, GL_PROGRAM_SEPARABLE, GL_FALSE);
   _mesa_LinkProgram(prog);
}

/* A context sharing t's objects, made as t's was (version override). */
static struct st_context *
sharing_context(struct gl_test *t, enum st_profile_type profile, int major,
                int minor)
{
   const char *var = profile == ST_PROFILE_OPENGL_ES2
                        ? "MESA_GLES_VERSION_OVERRIDE"
                        : "MESA_GL_VERSION_OVERRIDE";
   struct st_context_attribs attribs = {.profile = profile,
                                        .major = major, .minor = minor};
   char version[16];
   snprintf(version, sizeof(version), "%d.%d", major, minor);
   setenv(var, version, 1);
   struct st_context *ctx =
      st_context_create(t->screen, &attribs, t->ctx, NULL);
   unsetenv(var);
   assert_non_null(ctx);
   return ctx;
}

/* A separable program in the bound pipeline, relinked non-separable
 * after two draws: here, or (elsewhere) by another context of the share
 * group, current in another thread. */
static void
pipeline_relinked(bool elsewhere)
{
   struct gl_test *t = gl_test_create_version(ST_PROFILE_OPENGL_CORE, 4, 1,
                                              8, 8);
   if (!t || !gl_test_has_extension("GL_ARB_separate_shader_objects")) {
      if (t)
         gl_test_destroy(t);
      skip();
   }
   struct elsewhere e = {0};
   if (elsewhere)
      e.ctx = sharing_context(t, ST_PROFILE_OPENGL_CORE, 4, 1);
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

   if (elsewhere)
      elsewhere_start(&e, relink_non_separable, prog);
   draw_expect(GL_POINTS, GL_NO_ERROR);
   draw_expect(GL_POINTS, GL_NO_ERROR); /* the kept verdict */
   if (elsewhere) {
      elsewhere_change(&e);
   } else {
      relink_non_separable(prog);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   }
   /* (GL 4.6 section 5.3 asks for the program to be bound again to be
    * sure to see another context's change; the draw checks do not wait
    * for that, as a draw after it must fail) */
   draw_expect(GL_POINTS, GL_INVALID_OPERATION);

   _mesa_BindProgramPipeline(0);
   _mesa_DeleteProgramPipelines(1, &pipe);
   _mesa_DeleteVertexArrays(1, &vao);
   _mesa_DeleteShader(s);
   _mesa_DeleteProgram(prog);
   if (e.ctx)
      st_context_destroy(e.ctx);
   gl_test_destroy(t);
}

static void
test_pipeline_relinked(void **state)
{
   pipeline_relinked(false);
}

static void
test_pipeline_relinked_elsewhere(void **state)
{
   pipeline_relinked(true);
}

static void
respecify_float(GLuint tex)
{
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 4, 4, 0, GL_RGBA, GL_FLOAT,
                    NULL);
}

/* The texture a framebuffer draws to, with blending on, given a 32-bit
 * float format by another context: EXT_float_blend "Errors" (without the
 * extension), found by the next draw. */
static void
test_texture_respecified_elsewhere(void **state)
{
   struct gl_test *t = es3();
   if (gl_test_has_extension("GL_EXT_float_blend")) {
      gl_test_destroy(t);
      skip();
   }
   struct elsewhere e = {
      .ctx = sharing_context(t, ST_PROFILE_OPENGL_ES2, 3, 0)};
   GLuint prog = gl_test_program(es_vs, es_fs), tex, fbo;
   _mesa_UseProgram(prog);
   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, tex, 0);
   _mesa_Enable(GL_BLEND);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);

   elsewhere_start(&e, respecify_float, tex);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR); /* the kept verdict */
   elsewhere_change(&e);
   draw_expect(GL_TRIANGLES, GL_INVALID_OPERATION);
   _mesa_Disable(GL_BLEND);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);

   _mesa_DeleteFramebuffers(1, &fbo);
   _mesa_DeleteTextures(1, &tex);
   _mesa_DeleteProgram(prog);
   st_context_destroy(e.ctx);
   gl_test_destroy(t);
}

/* Since wave 17 a uniform value change keeps the verdict (no check reads
 * uniform values but for samplers): a sampler moved onto the unit of a
 * sampler of another type must still fail (ES 2.0 section 2.10.4, "Validation":
 * INVALID_OPERATION at the draw). */
static void
test_sampler_moved_after_uniforms(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLuint prog = gl_test_program(
      "attribute vec4 p; void main() { gl_Position = p; }",
      "precision mediump float;\n"
      "uniform sampler2D a;\n"
      "uniform samplerCube b;\n"
      "uniform vec4 k;\n"
      "void main() {\n"
      "   gl_FragColor = k * texture2D(a, vec2(0.0)) *\n"
      "                  textureCube(b, vec3(1.0));\n"
      "}\n");
   assert_true(prog != 0);
   _mesa_UseProgram(prog);
   GLint a = _mesa_GetUniformLocation(prog, "a");
   GLint b = _mesa_GetUniformLocation(prog, "b");
   GLint k = _mesa_GetUniformLocation(prog, "k");
   _mesa_Uniform1i(a, 0);
   _mesa_Uniform1i(b, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   _mesa_Uniform4f(k, 1, 0, 0, 1);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   _mesa_Uniform1i(b, 0);
   draw_expect(GL_TRIANGLES, GL_INVALID_OPERATION);
   _mesa_Uniform4f(k, 0, 1, 0, 1);
   draw_expect(GL_TRIANGLES, GL_INVALID_OPERATION);
   _mesa_Uniform1i(b, 2);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);

   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

/* The program of vs and fs, linked and in use. */
static GLuint
use_program(const char *vs, const char *fs)
{
   GLuint prog = gl_test_program(vs, fs);
   assert_true(prog != 0);
   _mesa_UseProgram(prog);
   return prog;
}

/* The texture of the first fragment sampler view the driver was given
 * last (a wrapper of the noop context's set_sampler_views). */
static struct {
   void (*set)(struct pipe_context *, enum pipe_shader_type, unsigned,
               unsigned, unsigned, bool, struct pipe_sampler_view **);
   struct pipe_resource *texture;
} fs_view;

static void
spy_sampler_views(struct pipe_context *pipe, enum pipe_shader_type shader,
                  unsigned start, unsigned count, unsigned unbind, bool take,
                  struct pipe_sampler_view **views)
{
   if (shader == PIPE_SHADER_FRAGMENT && start == 0 && count)
      fs_view.texture = views[0] ? views[0]->texture : NULL;
   fs_view.set(pipe, shader, start, count, unbind, take, views);
}

/* Since wave 17 glBindTexture keeps the draw verdict
 * (ST_NEW_TEXTURE_BINDING): the state tracker must still hand the newly
 * bound texture to the driver at the next draw. */
static void
test_texture_rebound(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLuint prog = use_program(
      "attribute vec4 p; void main() { gl_Position = p; }",
      "precision mediump float;\n"
      "uniform sampler2D s;\n"
      "void main() { gl_FragColor = texture2D(s, vec2(0.5)); }\n");
   GLuint tex[2];
   _mesa_GenTextures(2, tex);
   for (unsigned i = 0; i < 2; i++) {
      _mesa_BindTexture(GL_TEXTURE_2D, tex[i]);
      _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA,
                       GL_UNSIGNED_BYTE, NULL);
   }
   struct pipe_context *pipe = t->ctx->pipe;
   fs_view.set = pipe->set_sampler_views;
   pipe->set_sampler_views = spy_sampler_views;

   _mesa_BindTexture(GL_TEXTURE_2D, tex[0]);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   struct pipe_resource *first = fs_view.texture;
   assert_non_null(first);
   _mesa_BindTexture(GL_TEXTURE_2D, tex[1]);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_non_null(fs_view.texture);
   assert_ptr_not_equal(fs_view.texture, first);
   _mesa_BindTexture(GL_TEXTURE_2D, tex[0]);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_ptr_equal(fs_view.texture, first);

   pipe->set_sampler_views = fs_view.set;
   _mesa_DeleteTextures(2, tex);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

/* Constant buffer 1 of the fragment stage (the first uniform block) as
 * the driver was given it last (a wrapper of the noop context's
 * set_constant_buffer). */
static struct {
   void (*set)(struct pipe_context *, enum pipe_shader_type, uint, bool,
               const struct pipe_constant_buffer *);
   struct pipe_resource *buffer;
   unsigned offset, size, calls;
} fs_ubo;

static void
spy_constant_buffer(struct pipe_context *pipe, enum pipe_shader_type shader,
                    uint index, bool take,
                    const struct pipe_constant_buffer *cb)
{
   if (shader == PIPE_SHADER_FRAGMENT && index == 1) {
      fs_ubo.buffer = cb ? cb->buffer : NULL;
      fs_ubo.offset = cb ? cb->buffer_offset : 0;
      fs_ubo.size = cb ? cb->buffer_size : 0;
      fs_ubo.calls++;
   }
   fs_ubo.set(pipe, shader, index, take, cb);
}

static struct pipe_resource *
resource_of(GLuint name)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_buffer_object *obj =
      _mesa_name_lookup_object(ctx->Shared->Buffers, name);
   return obj ? obj->buffer : NULL;
}

static void
buffer_data_64(GLuint name)
{
   _mesa_BindBuffer(GL_UNIFORM_BUFFER, name);
   _mesa_BufferData(GL_UNIFORM_BUFFER, 64, NULL, GL_STATIC_DRAW);
}

/* Since wave 17 uniform blocks are bound again only after a change
 * (ST_NEW_UNIFORM_BUFFER, gl_shared_state::UboStamp): each way of moving
 * what the block reads (ES 3.0.6 section 2.12.6: the buffer bound at the
 * block's binding point, glBindBufferRange's range, glUniformBlockBinding;
 * section 2.10.2: new storage; section 5.1.2: a deleted buffer is
 * unbound) must reach the driver at the next draw, also glBufferData in
 * another context of the share group current in another thread. */
static void
test_ubo_rebound(void **state)
{
   struct gl_test *t = es3();
   struct elsewhere e = {
      .ctx = sharing_context(t, ST_PROFILE_OPENGL_ES2, 3, 0)};
   GLuint prog = use_program(
      "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n",
      "#version 300 es\nprecision mediump float;\n"
      "uniform B { vec4 c; };\nout vec4 o;\nvoid main() { o = c; }\n");
   GLuint buf[2];
   _mesa_GenBuffers(2, buf);
   for (unsigned i = 0; i < 2; i++) {
      _mesa_BindBuffer(GL_UNIFORM_BUFFER, buf[i]);
      _mesa_BufferData(GL_UNIFORM_BUFFER, 512, NULL, GL_STATIC_DRAW);
   }
   GLint align = 0;
   _mesa_GetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
   assert_true(align > 0 && align <= 256);
   struct pipe_context *pipe = t->ctx->pipe;
   fs_ubo.set = pipe->set_constant_buffer;
   pipe->set_constant_buffer = spy_constant_buffer;

   _mesa_BindBufferBase(GL_UNIFORM_BUFFER, 0, buf[0]);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_ptr_equal(fs_ubo.buffer, resource_of(buf[0]));
   assert_int_equal(fs_ubo.size, 512);
   unsigned calls = fs_ubo.calls;
   draw_expect(GL_TRIANGLES, GL_NO_ERROR); /* nothing changed */
   assert_int_equal(fs_ubo.calls, calls);

   _mesa_BindBufferBase(GL_UNIFORM_BUFFER, 0, buf[1]);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_ptr_equal(fs_ubo.buffer, resource_of(buf[1]));

   _mesa_BindBufferRange(GL_UNIFORM_BUFFER, 0, buf[1], align, 16);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_int_equal(fs_ubo.offset, align);
   assert_int_equal(fs_ubo.size, 16);

   _mesa_BindBufferBase(GL_UNIFORM_BUFFER, 3, buf[0]);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_ptr_equal(fs_ubo.buffer, resource_of(buf[1])); /* point 0 */
   _mesa_UniformBlockBinding(prog, 0, 3);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_ptr_equal(fs_ubo.buffer, resource_of(buf[0]));
   assert_int_equal(fs_ubo.size, 512);

   _mesa_BindBuffer(GL_UNIFORM_BUFFER, buf[0]);
   _mesa_BufferData(GL_UNIFORM_BUFFER, 128, NULL, GL_STATIC_DRAW);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_ptr_equal(fs_ubo.buffer, resource_of(buf[0]));
   assert_int_equal(fs_ubo.size, 128); /* cut to the new size */

   elsewhere_start(&e, buffer_data_64, buf[0]);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   elsewhere_change(&e);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_ptr_equal(fs_ubo.buffer, resource_of(buf[0]));
   assert_int_equal(fs_ubo.size, 64);

   _mesa_DeleteBuffers(1, &buf[0]);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_null(fs_ubo.buffer);

   pipe->set_constant_buffer = fs_ubo.set;
   _mesa_DeleteBuffers(1, &buf[1]);
   _mesa_DeleteProgram(prog);
   st_context_destroy(e.ctx);
   gl_test_destroy(t);
}

static void
tex_level(GLint level, GLsizei size)
{
   _mesa_TexImage2D(GL_TEXTURE_2D, level, GL_RGBA, size, size, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
}

/* Since wave 17 a texture keeps its completeness verdict and whether its
 * sampled levels are in its tree (st_texture.c) until its stamp moves:
 * each change below must still reach the next draw (ES 3.0.6 section
 * 3.8.13: an incomplete texture samples as the dummy, so the view is not
 * the texture's; the sampler object's filters judge it, section 3.8.2). */
static void
test_texture_cache_invalidated(void **state)
{
   struct gl_test *t = es3();
   GLuint prog = use_program(
      "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n",
      "#version 300 es\nprecision mediump float;\nuniform sampler2D s;\n"
      "out vec4 o;\nvoid main() { o = texture(s, vec2(0.5)); }\n");
   GLuint tex, smp;
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   tex_level(0, 4);
   tex_level(1, 2);
   tex_level(2, 1);
   struct pipe_context *pipe = t->ctx->pipe;
   fs_view.set = pipe->set_sampler_views;
   pipe->set_sampler_views = spy_sampler_views;

   draw_expect(GL_TRIANGLES, GL_NO_ERROR); /* makes the tree */
   /* (a sampler uniform set again: the textures are validated again,
    * finding the tree made) */
   _mesa_Uniform1i(_mesa_GetUniformLocation(prog, "s"), 0);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_non_null(fs_view.texture);
   assert_int_equal(fs_view.texture->last_level, 0); /* one level read */
   /* the sampled levels follow MIN_FILTER: all three in the tree now */
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                       GL_NEAREST_MIPMAP_NEAREST);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   struct pipe_resource *tree = fs_view.texture;
   assert_non_null(tree);
   assert_int_equal(tree->last_level, 2);
   /* no level 3: incomplete, then complete again */
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 3);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_ptr_not_equal(fs_view.texture, tree);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_ptr_equal(fs_view.texture, tree);
   /* a level of the wrong size: incomplete with mipmaps only */
   tex_level(1, 3);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_ptr_not_equal(fs_view.texture, tree);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   struct pipe_resource *level0 = fs_view.texture;
   assert_non_null(level0); /* (level 0 stays in the tree) */
   assert_int_equal(level0->width0, 4);
   /* a sampler object's mipmap filter judges it incomplete */
   _mesa_GenSamplers(1, &smp);
   _mesa_SamplerParameteri(smp, GL_TEXTURE_MIN_FILTER,
                           GL_NEAREST_MIPMAP_NEAREST);
   _mesa_BindSampler(0, smp);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_ptr_not_equal(fs_view.texture, level0);
   _mesa_BindSampler(0, 0);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_ptr_equal(fs_view.texture, level0);
   /* a new level 0, the filter unchanged: a new tree */
   tex_level(0, 8);
   draw_expect(GL_TRIANGLES, GL_NO_ERROR);
   assert_non_null(fs_view.texture);
   assert_int_equal(fs_view.texture->width0, 8);

   pipe->set_sampler_views = fs_view.set;
   _mesa_DeleteSamplers(1, &smp);
   _mesa_DeleteTextures(1, &tex);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

/* Client memory copies of one draw of the triangle at verts (NULL: from
 * the bound buffer). */
static unsigned
draw_copies(struct gl_test *t, GLuint loc, const GLfloat *verts)
{
   if (verts)
      _mesa_VertexAttribPointer(loc, 2, GL_FLOAT, GL_FALSE, 0, verts);
   unsigned before = t->ctx->client_array_uploads;
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   return t->ctx->client_array_uploads - before;
}

static void
test_client_arrays_kept(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLuint prog =
      gl_test_program("attribute vec4 p; void main() { gl_Position = p; }",
                      "void main() { gl_FragColor = vec4(1.0); }");
   assert_true(prog != 0);
   _mesa_UseProgram(prog);
   GLuint loc = (GLuint)_mesa_GetAttribLocation(prog, "p");
   static const GLfloat verts[6] = {0, 0, 1, 0, 0, 1};
   GLuint buf;
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf);
   _mesa_BufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW);
   _mesa_VertexAttribPointer(loc, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   _mesa_EnableVertexAttribArray(loc);

   assert_int_equal(draw_copies(t, loc, NULL), 0);
   assert_int_equal(draw_copies(t, loc, NULL), 0);
   /* client memory: copied at every draw, changed or not (ES 2.0 section
    * 2.8 reads it when the draw is made) */
   _mesa_BindBuffer(GL_ARRAY_BUFFER, 0);
   assert_int_equal(draw_copies(t, loc, verts), 1);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, 0);
   assert_int_equal(draw_copies(t, loc, NULL), 1);
   assert_int_equal(draw_copies(t, loc, NULL), 1);
   /* the buffer again, then client memory again */
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf);
   _mesa_VertexAttribPointer(loc, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   assert_int_equal(draw_copies(t, loc, NULL), 0);
   assert_int_equal(draw_copies(t, loc, NULL), 0);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, 0);
   assert_int_equal(draw_copies(t, loc, verts), 1);
   assert_int_equal(draw_copies(t, loc, NULL), 1);
   /* a program change with the arrays unchanged keeps the copies */
   GLuint prog2 =
      gl_test_program("attribute vec4 p; void main() { gl_Position = p; }",
                      "void main() { gl_FragColor = vec4(0.5); }");
   _mesa_BindAttribLocation(prog2, loc, "p");
   _mesa_LinkProgram(prog2);
   _mesa_UseProgram(prog2);
   assert_int_equal(draw_copies(t, loc, NULL), 1);
   assert_int_equal(draw_copies(t, loc, NULL), 1);
   /* the array disabled: the current value, nothing copied */
   _mesa_DisableVertexAttribArray(loc);
   assert_int_equal(draw_copies(t, loc, NULL), 0);
   assert_int_equal(draw_copies(t, loc, NULL), 0);

   _mesa_DeleteBuffers(1, &buf);
   _mesa_DeleteProgram(prog);
   _mesa_DeleteProgram(prog2);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_feedback_begun),
      cmocka_unit_test(test_blend_after_clear),
      cmocka_unit_test(test_pipeline_relinked),
      cmocka_unit_test(test_pipeline_relinked_elsewhere),
      cmocka_unit_test(test_texture_respecified_elsewhere),
      cmocka_unit_test(test_client_arrays_kept),
      cmocka_unit_test(test_sampler_moved_after_uniforms),
      cmocka_unit_test(test_texture_rebound),
      cmocka_unit_test(test_ubo_rebound),
      cmocka_unit_test(test_texture_cache_invalidated),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
