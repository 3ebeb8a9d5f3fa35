/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Uniform blocks in the GL front end (ES 3.0.6 section 2.12.6), in an ES
 * 3.0 context made with MESA_GLES_VERSION_OVERRIDE on the noop driver:
 * the limits of table 6.32, the block queries and their errors, block
 * members among the active uniforms, glUniformBlockBinding, and the
 * constant buffers the state tracker binds for a draw (block i of the
 * program is constant buffer 1 + i of the stages that read it).
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

static struct gl_test *
es3_context(void)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   return t;
}

/* ES 3.0.6 table 6.32 minimums (and the alignment's maximum); the combined
 * components are at least the default block's plus every block's
 * (section 2.12.6.1). */
static void
test_limits(void **state)
{
   struct gl_test *t = es3_context();
   GLint vs = gl_test_get_int(GL_MAX_VERTEX_UNIFORM_BLOCKS);
   GLint fs = gl_test_get_int(GL_MAX_FRAGMENT_UNIFORM_BLOCKS);
   GLint size = gl_test_get_int(GL_MAX_UNIFORM_BLOCK_SIZE);
   assert_true(vs >= 12 && fs >= 12);
   assert_true(gl_test_get_int(GL_MAX_COMBINED_UNIFORM_BLOCKS) >= 24);
   assert_true(gl_test_get_int(GL_MAX_UNIFORM_BUFFER_BINDINGS) >= 24);
   assert_true(size >= 16384);
   GLint align = gl_test_get_int(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT);
   assert_true(align >= 1 && align <= 256);
   GLint64 vs_comps =
      4 * (GLint64)gl_test_get_int(GL_MAX_VERTEX_UNIFORM_VECTORS) +
      (GLint64)vs * size / 4;
   GLint64 fs_comps =
      4 * (GLint64)gl_test_get_int(GL_MAX_FRAGMENT_UNIFORM_VECTORS) +
      (GLint64)fs * size / 4;
   assert_true(gl_test_get_int(GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS) >=
               vs_comps);
   assert_true(gl_test_get_int(GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS) >=
               fs_comps);
   assert_int_equal(gl_test_get_int(GL_UNIFORM_BUFFER_BINDING), 0);

   /* glBindBufferRange at an offset that is not a multiple of the
    * alignment (ES 3.0.6 2.10.1.1). */
   GLuint buf;
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_UNIFORM_BUFFER, buf);
   _mesa_BufferData(GL_UNIFORM_BUFFER, 1024, NULL, GL_STATIC_DRAW);
   assert_int_equal(gl_test_get_int(GL_UNIFORM_BUFFER_BINDING), (GLint)buf);
   if (align > 1) {
      _mesa_BindBufferRange(GL_UNIFORM_BUFFER, 0, buf, align / 2, 16);
      assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   }
   _mesa_BindBufferRange(GL_UNIFORM_BUFFER, 0, buf, align, 16);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteBuffers(1, &buf);
   gl_test_destroy(t);

   /* ES 2.0 has none of them. */
   t = gl_test_create(2, 0, 8, 8);
   GLint v;
   _mesa_GetIntegerv(GL_MAX_UNIFORM_BLOCK_SIZE, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

static const char *vs_src =
   "#version 300 es\n"
   "layout(std140) uniform Xf { mat4 m; vec4 pad; } xf;\n"
   "uniform vec4 u_default;\n"
   "void main() { gl_Position = xf.m[1] + u_default; }\n";
static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "layout(std140) uniform Color { layout(row_major) mat2x3 r; vec4 c[3]; };\n"
   "out vec4 o;\n"
   "void main() { o = c[2] + vec4(r[1], 0.0); }\n";

static GLuint
link(void)
{
   GLuint prog = gl_test_program(vs_src, fs_src);
   assert_true(prog != 0);
   return prog;
}

/* Block queries and their errors (ES 3.0.6 2.12.6.2). */
static void
test_block_queries(void **state)
{
   struct gl_test *t = es3_context();
   GLuint prog = link();
   GLint n = -1;

   _mesa_GetProgramiv(prog, GL_ACTIVE_UNIFORM_BLOCKS, &n);
   assert_int_equal(n, 2);
   _mesa_GetProgramiv(prog, GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH, &n);
   assert_int_equal(n, (GLint)strlen("Color") + 1);
   GLuint xf = _mesa_GetUniformBlockIndex(prog, "Xf");
   GLuint color = _mesa_GetUniformBlockIndex(prog, "Color");
   assert_true(xf < 2 && color < 2 && xf != color);
   assert_int_equal(_mesa_GetUniformBlockIndex(prog, "xf"), GL_INVALID_INDEX);
   assert_int_equal(_mesa_GetUniformBlockIndex(prog, "Nope"),
                    GL_INVALID_INDEX);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* std140 by hand: Xf is mat4 (64) + vec4 = 80 bytes; Color is a
    * row-major mat2x3 (3 rows of vec2 padded to 16: 48 bytes) then
    * vec4 c[3] at 48 to 96. */
   _mesa_GetActiveUniformBlockiv(prog, xf, GL_UNIFORM_BLOCK_DATA_SIZE, &n);
   assert_int_equal(n, 80);
   _mesa_GetActiveUniformBlockiv(prog, color, GL_UNIFORM_BLOCK_DATA_SIZE, &n);
   assert_int_equal(n, 96);
   _mesa_GetActiveUniformBlockiv(prog, color, GL_UNIFORM_BLOCK_NAME_LENGTH,
                                 &n);
   assert_int_equal(n, 6);
   _mesa_GetActiveUniformBlockiv(prog, xf,
                                 GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER,
                                 &n);
   assert_int_equal(n, 1);
   _mesa_GetActiveUniformBlockiv(
      prog, xf, GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER, &n);
   assert_int_equal(n, 0);
   _mesa_GetActiveUniformBlockiv(prog, color, GL_UNIFORM_BLOCK_BINDING, &n);
   assert_int_equal(n, 0);
   GLint members = 0, indices[4] = {-1, -1, -1, -1};
   _mesa_GetActiveUniformBlockiv(prog, color,
                                 GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS, &members);
   assert_int_equal(members, 2);
   _mesa_GetActiveUniformBlockiv(
      prog, color, GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES, indices);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* Nothing is written on an error. */
   n = 77;
   _mesa_GetActiveUniformBlockiv(prog, 2, GL_UNIFORM_BLOCK_DATA_SIZE, &n);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_GetActiveUniformBlockiv(prog, xf, GL_UNIFORM_TYPE, &n);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   /* GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER is not ES 3.0's */
   _mesa_GetActiveUniformBlockiv(
      prog, xf, GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER, &n);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   assert_int_equal(n, 77);
   _mesa_GetActiveUniformBlockiv(12345, 0, GL_UNIFORM_BLOCK_DATA_SIZE, &n);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   /* Names, cut to the buffer with their NUL. */
   char name[8];
   GLsizei len = -1;
   memset(name, 'x', sizeof(name));
   _mesa_GetActiveUniformBlockName(prog, color, 4, &len, name);
   assert_int_equal(len, 3);
   assert_string_equal(name, "Col");
   _mesa_GetActiveUniformBlockName(prog, color, sizeof(name), &len, name);
   assert_int_equal(len, 5);
   assert_string_equal(name, "Color");
   _mesa_GetActiveUniformBlockName(prog, color, -1, &len, name);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_GetActiveUniformBlockName(prog, 9, 8, &len, name);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   /* Active uniforms: the default block's u_default, then the members,
    * which have no location. */
   _mesa_GetProgramiv(prog, GL_ACTIVE_UNIFORMS, &n);
   assert_int_equal(n, 5);
   const char *names[] = {"u_default", "Xf.m", "Xf.pad", "r", "c", "c[0]"};
   GLuint idx[6];
   _mesa_GetUniformIndices(prog, 6, names, idx);
   for (unsigned i = 0; i < 6; i++)
      assert_true(idx[i] < 5);
   assert_int_equal(idx[4], idx[5]);
   assert_true((GLint)idx[3] == indices[0] || (GLint)idx[3] == indices[1]);
   assert_int_equal(_mesa_GetUniformLocation(prog, "r"), -1);
   GLint v[3];
   GLuint q[3] = {idx[0], idx[3], idx[4]};
   _mesa_GetActiveUniformsiv(prog, 3, q, GL_UNIFORM_BLOCK_INDEX, v);
   assert_int_equal(v[0], -1);
   assert_int_equal(v[1], (GLint)color);
   assert_int_equal(v[2], (GLint)color);
   _mesa_GetActiveUniformsiv(prog, 3, q, GL_UNIFORM_OFFSET, v);
   assert_int_equal(v[0], -1);
   assert_int_equal(v[1], 0);
   assert_int_equal(v[2], 48);
   _mesa_GetActiveUniformsiv(prog, 3, q, GL_UNIFORM_ARRAY_STRIDE, v);
   assert_int_equal(v[0], -1);
   assert_int_equal(v[1], 0);
   assert_int_equal(v[2], 16);
   _mesa_GetActiveUniformsiv(prog, 3, q, GL_UNIFORM_MATRIX_STRIDE, v);
   assert_int_equal(v[0], -1);
   assert_int_equal(v[1], 16);
   assert_int_equal(v[2], 0);
   _mesa_GetActiveUniformsiv(prog, 3, q, GL_UNIFORM_IS_ROW_MAJOR, v);
   assert_int_equal(v[0], 0);
   assert_int_equal(v[1], 1);
   assert_int_equal(v[2], 0);
   _mesa_GetActiveUniformsiv(prog, 3, q, GL_UNIFORM_SIZE, v);
   assert_int_equal(v[2], 3);
   _mesa_GetActiveUniformsiv(prog, 3, q, GL_UNIFORM_TYPE, v);
   assert_int_equal(v[1], GL_FLOAT_MAT2x3);
   GLsizei nlen;
   GLint size;
   GLenum type;
   char uname[16];
   _mesa_GetActiveUniform(prog, idx[4], sizeof(uname), &nlen, &size, &type,
                          uname);
   assert_string_equal(uname, "c[0]");
   assert_int_equal(size, 3);
   assert_int_equal(type, GL_FLOAT_VEC4);
   GLuint bad = 5;
   v[0] = 55;
   _mesa_GetActiveUniformsiv(prog, 1, &bad, GL_UNIFORM_OFFSET, v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   assert_int_equal(v[0], 55);

   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

/* glUniformBlockBinding: errors, and the binding of a new link. */
static void
test_block_binding(void **state)
{
   struct gl_test *t = es3_context();
   GLuint prog = link();
   GLuint color = _mesa_GetUniformBlockIndex(prog, "Color");
   GLint max = gl_test_get_int(GL_MAX_UNIFORM_BUFFER_BINDINGS), n = -1;

   _mesa_UniformBlockBinding(prog, color, (GLuint)max - 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetActiveUniformBlockiv(prog, color, GL_UNIFORM_BLOCK_BINDING, &n);
   assert_int_equal(n, max - 1);
   _mesa_UniformBlockBinding(prog, color, (GLuint)max);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_UniformBlockBinding(prog, 2, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_UniformBlockBinding(98765, 0, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   GLuint sh = _mesa_CreateShader(GL_VERTEX_SHADER);
   _mesa_UniformBlockBinding(sh, 0, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DeleteShader(sh);
   _mesa_GetActiveUniformBlockiv(prog, color, GL_UNIFORM_BLOCK_BINDING, &n);
   assert_int_equal(n, max - 1);

   /* A new link starts again from binding 0. */
   _mesa_LinkProgram(prog);
   _mesa_GetActiveUniformBlockiv(prog, color, GL_UNIFORM_BLOCK_BINDING, &n);
   assert_int_equal(n, 0);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

/* What the pipe sees: set_constant_buffer(stage, 1 + slot) with the
 * buffer of the block's binding point, slot the block's rank among the
 * blocks of that stage (st_nir_ubo_slots.c). */
static struct {
   struct pipe_context orig;
   struct pipe_resource *res[2][8];
   unsigned offset[2][8], size[2][8], calls;
} spy;

static void
spy_set_cb(struct pipe_context *p, enum pipe_shader_type shader,
           unsigned index, bool take, const struct pipe_constant_buffer *cb)
{
   if (index > 0 && index < 8 && shader <= PIPE_SHADER_FRAGMENT) {
      unsigned s = shader == PIPE_SHADER_VERTEX ? 0 : 1;
      spy.res[s][index] = cb ? cb->buffer : NULL;
      spy.offset[s][index] = cb ? cb->buffer_offset : 0;
      spy.size[s][index] = cb ? cb->buffer_size : 0;
      spy.calls++;
   }
   spy.orig.set_constant_buffer(p, shader, index, take, cb);
}

static void
test_draw_bindings(void **state)
{
   struct gl_test *t = es3_context();
   struct pipe_context *pipe = st_context_pipe(t->ctx);
   memset(&spy, 0, sizeof(spy));
   spy.orig = *pipe;
   pipe->set_constant_buffer = spy_set_cb;

   GLuint prog = link();
   GLuint xf = _mesa_GetUniformBlockIndex(prog, "Xf");
   GLuint color = _mesa_GetUniformBlockIndex(prog, "Color");
   GLint align = gl_test_get_int(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT);
   GLuint bufs[2];
   _mesa_GenBuffers(2, bufs);
   _mesa_BindBuffer(GL_UNIFORM_BUFFER, bufs[0]);
   _mesa_BufferData(GL_UNIFORM_BUFFER, 80, NULL, GL_STATIC_DRAW);
   _mesa_BindBuffer(GL_UNIFORM_BUFFER, bufs[1]);
   _mesa_BufferData(GL_UNIFORM_BUFFER, align + 200, NULL, GL_STATIC_DRAW);
   _mesa_UniformBlockBinding(prog, xf, 3);
   _mesa_UniformBlockBinding(prog, color, 7);
   _mesa_BindBufferBase(GL_UNIFORM_BUFFER, 3, bufs[0]);
   _mesa_BindBufferRange(GL_UNIFORM_BUFFER, 7, bufs[1], align, 96);
   _mesa_UseProgram(prog);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* Xf: the vertex shader's only block, whole buffer, constant buffer
    * 1 of the vertex stage; Color: the fragment shader's only block, the
    * range, constant buffer 1 of the fragment stage; nothing else. */
   assert_true(xf != color);
   assert_non_null(spy.res[0][1]);
   assert_int_equal(spy.offset[0][1], 0);
   assert_int_equal(spy.size[0][1], 80);
   assert_non_null(spy.res[1][1]);
   assert_int_equal(spy.offset[1][1], align);
   assert_int_equal(spy.size[1][1], 96);
   assert_null(spy.res[0][2]);
   assert_null(spy.res[1][2]);
   assert_ptr_not_equal(spy.res[0][1], spy.res[1][1]);

   /* Nothing changed: the next draw binds nothing again. */
   unsigned calls = spy.calls;
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(spy.calls, calls);

   /* A range past the end is cut to the buffer (200 bytes after the
    * offset); an unbound point binds nothing. */
   _mesa_BindBufferRange(GL_UNIFORM_BUFFER, 7, bufs[1], align, 4096);
   _mesa_BindBufferBase(GL_UNIFORM_BUFFER, 3, 0);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(spy.size[1][1], 200);
   assert_null(spy.res[0][1]);

   _mesa_UseProgram(0);
   _mesa_DeleteProgram(prog);
   _mesa_DeleteBuffers(2, bufs);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_limits),
      cmocka_unit_test(test_block_queries),
      cmocka_unit_test(test_block_binding),
      cmocka_unit_test(test_draw_bindings),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
