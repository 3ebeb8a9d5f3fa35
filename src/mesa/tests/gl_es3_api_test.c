/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ES 3.0 entry points that already exist (ES 3.0 contexts are not offered
 * yet; these run in an ES 2.0 context, as extensions would): vertex array
 * objects (section 2.10), buffer mapping and copies (2.10.3), sync objects
 * (5.2), glGetStringi (6.1.6).
 */
#include <stdlib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "noop_public.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "util/u_inlines.h"

static void
test_vertex_array_objects(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLuint vao[2], buf;
   GLint v;

   _mesa_GenVertexArrays(2, vao);
   assert_false(_mesa_IsVertexArray(vao[0])); /* not bound yet */
   _mesa_BindVertexArray(vao[0]);
   assert_true(_mesa_IsVertexArray(vao[0]));
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf);
   _mesa_BindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf);
   _mesa_VertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, 0, (void *)4);
   _mesa_EnableVertexAttribArray(2);

   /* The arrays and the element buffer are the VAO's; the array buffer
    * binding is not. */
   _mesa_BindVertexArray(0);
   _mesa_GetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
   assert_int_equal(v, 0);
   _mesa_GetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
   assert_int_equal(v, 0);
   _mesa_GetIntegerv(GL_ARRAY_BUFFER_BINDING, &v);
   assert_int_equal(v, (GLint)buf);
   _mesa_BindVertexArray(vao[0]);
   _mesa_GetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
   assert_int_equal(v, 3);
   _mesa_GetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
   assert_int_equal(v, (GLint)buf);

   /* Unknown names cannot be bound; deleting the bound VAO binds 0. */
   _mesa_BindVertexArray(1234);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DeleteVertexArrays(2, vao);
   assert_false(_mesa_IsVertexArray(vao[0]));
   _mesa_GetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
   assert_int_equal(v, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static void
test_map_buffer_range(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   static const uint8_t init[16] = {1, 2,  3,  4,  5,  6,  7,  8,
                                    9, 10, 11, 12, 13, 14, 15, 16};
   GLuint buf[2];
   GLint v;
   void *p;

   _mesa_GenBuffers(2, buf);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf[0]);
   _mesa_BufferData(GL_ARRAY_BUFFER, 16, init, GL_STATIC_DRAW);

   uint8_t *m = _mesa_MapBufferRange(GL_ARRAY_BUFFER, 4, 8,
                                     GL_MAP_READ_BIT | GL_MAP_WRITE_BIT);
   assert_non_null(m);
   assert_int_equal(m[0], 5); /* the map starts at the offset */
   m[1] = 0xAA;
   v = -7;
   _mesa_GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &v);
   assert_int_equal(v, -7); /* ES 2.0 context: an ES 3.0 pname */
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &p);
   assert_ptr_equal(p, m);

   /* Mapping twice, and BufferSubData of a mapped buffer, are errors. */
   assert_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT));
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BufferSubData(GL_ARRAY_BUFFER, 0, 1, init);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_true(_mesa_UnmapBuffer(GL_ARRAY_BUFFER));
   assert_false(_mesa_UnmapBuffer(GL_ARRAY_BUFFER));
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* The access rules. */
   assert_null(_mesa_MapBufferRange(
      GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT));
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_null(_mesa_MapBufferRange(
      GL_ARRAY_BUFFER, 0, 4, GL_MAP_FLUSH_EXPLICIT_BIT | GL_MAP_READ_BIT));
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 0, 4, 0));
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 12, 8, GL_MAP_READ_BIT));
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   assert_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 0, 4,
                                    GL_MAP_READ_BIT | (1u << 20)));
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   /* Copy 8 bytes into a second buffer and read them back. */
   _mesa_BindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[1]);
   _mesa_BufferData(GL_ELEMENT_ARRAY_BUFFER, 8, NULL, GL_STATIC_DRAW);
   _mesa_CopyBufferSubData(GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_BUFFER, 4, 0, 8);
   m = _mesa_MapBufferRange(GL_ELEMENT_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT);
   assert_non_null(m);
   assert_int_equal(m[0], 5);
   assert_int_equal(m[1], 0xAA);
   assert_int_equal(m[7], 12);
   _mesa_UnmapBuffer(GL_ELEMENT_ARRAY_BUFFER);

   /* Overlapping ranges of one buffer. */
   _mesa_CopyBufferSubData(GL_ARRAY_BUFFER, GL_ARRAY_BUFFER, 0, 4, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_CopyBufferSubData(GL_ARRAY_BUFFER, GL_ARRAY_BUFFER, 0, 8, 8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static void
test_sync_objects(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLint v;
   GLsizei len;

   GLsync s = _mesa_FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   assert_non_null(s);
   assert_true(_mesa_IsSync(s));
   GLenum r =
      _mesa_ClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ull);
   assert_true(r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED);
   _mesa_GetSynciv(s, GL_SYNC_STATUS, 1, &len, &v);
   assert_int_equal(len, 1);
   assert_int_equal(v, GL_SIGNALED);
   _mesa_GetSynciv(s, GL_OBJECT_TYPE, 1, NULL, &v);
   assert_int_equal(v, GL_SYNC_FENCE);
   _mesa_WaitSync(s, 0, GL_TIMEOUT_IGNORED);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_WaitSync(s, 0, 5);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_DeleteSync(s);
   assert_false(_mesa_IsSync(s));
   _mesa_DeleteSync(s);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_DeleteSync(NULL); /* ignored */
   assert_null(_mesa_FenceSync(0x1234, 0));
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   assert_null(_mesa_FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 1));
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* A fence left alive is freed with the share group. */
   assert_non_null(_mesa_FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0));
   gl_test_destroy(t);
}

static void
test_get_stringi(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);

   bool found = false;
   for (GLuint i = 0; i < 64; i++) {
      const char *e = (const char *)_mesa_GetStringi(GL_EXTENSIONS, i);
      if (!e)
         break;
      found |= strcmp(e, "GL_OES_element_index_uint") == 0;
   }
   assert_true(found);
   assert_null(_mesa_GetStringi(GL_EXTENSIONS, 100));
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   assert_null(_mesa_GetStringi(GL_VENDOR, 0));
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   GLint64 v = 0;
   _mesa_GetInteger64v(GL_MAX_TEXTURE_SIZE, &v);
   assert_true(v >= 2048);
   gl_test_destroy(t);
}

static void
test_sampler_objects(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLuint s[2];
   GLint v;

   _mesa_GenSamplers(2, s);
   assert_true(_mesa_IsSampler(s[0])); /* objects at once */
   _mesa_GetSamplerParameteriv(s[0], GL_TEXTURE_MIN_FILTER, &v);
   assert_int_equal(v, GL_NEAREST_MIPMAP_LINEAR);
   _mesa_SamplerParameteri(s[0], GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   _mesa_SamplerParameterf(s[0], GL_TEXTURE_MAX_LOD, 4.0f);
   _mesa_GetSamplerParameteriv(s[0], GL_TEXTURE_MIN_FILTER, &v);
   assert_int_equal(v, GL_LINEAR);
   GLfloat f;
   _mesa_GetSamplerParameterfv(s[0], GL_TEXTURE_MAX_LOD, &f);
   assert_true(f == 4.0f);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_SamplerParameteri(s[0], GL_TEXTURE_MAG_FILTER,
                           GL_NEAREST_MIPMAP_LINEAR);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_SamplerParameteri(s[0], GL_TEXTURE_BORDER_COLOR, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_SamplerParameteri(999, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BindSampler(99, s[0]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_BindSampler(0, 777);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BindSampler(3, s[1]);
   _mesa_DeleteSamplers(2, s);
   assert_false(_mesa_IsSampler(s[1]));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static void
test_query_objects(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLuint q[2], r = 7;
   GLint v;

   _mesa_GenQueries(2, q);
   assert_false(_mesa_IsQuery(q[0])); /* until first begun */
   _mesa_BeginQuery(GL_ANY_SAMPLES_PASSED, q[0]);
   assert_true(_mesa_IsQuery(q[0]));
   _mesa_GetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &v);
   assert_int_equal(v, (GLint)q[0]);
   _mesa_BeginQuery(GL_ANY_SAMPLES_PASSED, q[1]); /* one active per target */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetQueryObjectuiv(q[0], GL_QUERY_RESULT, &r); /* still active */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_EndQuery(GL_ANY_SAMPLES_PASSED);
   _mesa_GetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &r);
   _mesa_GetQueryObjectuiv(q[0], GL_QUERY_RESULT, &r);
   assert_int_equal(r, 0); /* nothing drawn */
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_BeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q[0]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION); /* its target */
   _mesa_BeginQuery(GL_ANY_SAMPLES_PASSED, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BeginQuery(GL_ANY_SAMPLES_PASSED, 4321);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_EndQuery(GL_ANY_SAMPLES_PASSED);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* (GL_TIME_ELAPSED is a target with EXT_disjoint_timer_query, which
    * the noop driver has; GL_TIMESTAMP is one of glQueryCounter only.) */
   _mesa_BeginQuery(GL_TIMESTAMP, q[1]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_BeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
   _mesa_DeleteQueries(2, q); /* ends the active one */
   _mesa_GetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &v);
   assert_int_equal(v, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static void
test_draw_buffers_and_clears(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLenum bufs[2] = {GL_BACK, GL_NONE};
   GLfloat f[4];

   _mesa_DrawBuffers(1, bufs);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   bufs[0] = GL_COLOR_ATTACHMENT0;
   _mesa_DrawBuffers(1, bufs); /* the window has no attachments */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DrawBuffers(9, bufs);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_ReadBuffer(GL_COLOR_ATTACHMENT0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_ReadBuffer(GL_BACK);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* ClearBuffer uses its own value and leaves ClearColor alone. */
   static const GLfloat red[4] = {1, 0, 0, 1};
   _mesa_ClearColor(0.0f, 0.25f, 0.0f, 0.0f);
   _mesa_ClearBufferfv(GL_COLOR, 0, red);
   _mesa_GetFloatv(GL_COLOR_CLEAR_VALUE, f);
   assert_true(f[0] == 0.0f && f[1] == 0.25f);
   _mesa_ClearBufferfi(GL_DEPTH_STENCIL, 0, 1.0f, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_ClearBufferfv(GL_STENCIL, 0, red);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_ClearBufferfv(GL_COLOR, 9, red);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_ClearBufferfv(GL_DEPTH, 1, red);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   GLenum att = GL_COLOR;
   _mesa_InvalidateFramebuffer(GL_FRAMEBUFFER, 1, &att);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   att = GL_COLOR_ATTACHMENT0; /* not on the window framebuffer */
   _mesa_InvalidateFramebuffer(GL_FRAMEBUFFER, 1, &att);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   _mesa_BlitFramebuffer(0, 0, 4, 4, 0, 0, 8, 8, GL_DEPTH_BUFFER_BIT,
                         GL_LINEAR);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BlitFramebuffer(0, 0, 4, 4, 0, 0, 8, 8, 0x4, GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_BlitFramebuffer(0, 0, 4, 4, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT,
                         GL_LINEAR);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* ES 3.0 section 4.4.1: separate draw and read framebuffer bindings;
 * ES 2.0 has them through GL_NV_framebuffer_blit, which it offers. */
static void
test_read_draw_bindings(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLuint fbo[2];
   GLint v;

   _mesa_GenFramebuffers(2, fbo);
   _mesa_BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &v);
   assert_int_equal(v, (GLint)fbo[0]);
   _mesa_GetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &v);
   assert_int_equal(v, 0);
   gl_test_destroy(t);

   t = gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   _mesa_GenFramebuffers(2, fbo);
   _mesa_BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   _mesa_BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &v);
   assert_int_equal(v, (GLint)fbo[0]);
   _mesa_GetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &v);
   assert_int_equal(v, (GLint)fbo[1]);

   /* Attachments go to the framebuffer the target names. */
   GLuint rb;
   _mesa_GenRenderbuffers(1, &rb);
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, rb);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   _mesa_FramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                 GL_RENDERBUFFER, rb);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_READ_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_DRAW_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);

   /* Deleting the read framebuffer rebinds 0 for reading only. */
   _mesa_DeleteFramebuffers(1, &fbo[0]);
   _mesa_GetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &v);
   assert_int_equal(v, 0);
   _mesa_GetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &v);
   assert_int_equal(v, (GLint)fbo[1]);

   /* GL_FRAMEBUFFER binds both. */
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 0);
   _mesa_GetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &v);
   assert_int_equal(v, 0);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER + 1, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

static void
test_tex_storage(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   static const GLubyte px[4] = {1, 2, 3, 4};

   _mesa_TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION); /* texture 0 */
   _mesa_BindTexture(GL_TEXTURE_2D, 5);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 4, 4); /* max 3 levels */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA, 4, 4); /* unsized */
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 4, 4);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 4, 4); /* immutable */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* Every level exists: sub-images of the smallest one work. */
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 2, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                       px);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* ARB_texture_storage (GL 4.6 section 8.17, in a desktop context): an
 * immutable texture clamps BASE_LEVEL to [0, levels - 1] and MAX_LEVEL
 * to [BASE_LEVEL, levels - 1], TEXTURE_IMMUTABLE_LEVELS stays the
 * levels made, and CopyTexImage2D cannot respecify a level (piglit
 * arb_texture_storage-texture-storage; llvmpipe passes it). */
static void
test_tex_storage_level_clamps(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   GLint v;

   _mesa_BindTexture(GL_TEXTURE_2D, 4);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 8, 8);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 4);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &v);
   assert_int_equal(v, 2);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 7);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, &v);
   assert_int_equal(v, 2);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &v);
   assert_int_equal(v, 1); /* not below BASE_LEVEL */
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS, &v);
   assert_int_equal(v, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 8, 8, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* A mutable texture keeps what it is given. */
   _mesa_BindTexture(GL_TEXTURE_2D, 5);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 4);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &v);
   assert_int_equal(v, 4);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS, &v);
   assert_int_equal(v, 0);
   gl_test_destroy(t);
}

/* DEPTH_STENCIL_TEXTURE_MODE is ES 3.1's (section 8.10; gl.xml lists it
 * from ES 3.1): an unknown pname in an older ES context (the noop driver
 * makes ES 2.0 ones), set or queried. */
static void
test_no_stencil_texturing_before_es31(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLint v = 7;

   _mesa_BindTexture(GL_TEXTURE_2D, 5);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE,
                       GL_STENCIL_INDEX);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   assert_int_equal(v, 7);
   gl_test_destroy(t);
}

/* Pixel buffer objects (GL 2.1 / ES 3.0): ReadPixels into a pack
 * buffer at an offset; a range past the buffer's end is an error. */
static void
test_pixel_buffers(void **state)
{
   struct pipe_screen *screen = noop_screen_create();
   struct st_context_attribs attribs = {
      .profile = ST_PROFILE_DEFAULT, .major = 2, .minor = 1};
   struct st_visual visual = {.color_format = PIPE_FORMAT_R8G8B8A8_UNORM};
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, NULL);
   struct st_framebuffer *fb = st_framebuffer_create(screen, &visual, 2, 2);
   uint8_t mem[2][8] = {{1, 2, 3, 4, 5, 6, 7, 8},
                        {9, 10, 11, 12, 13, 14, 15, 16}};
   struct pipe_box box;
   GLuint pbo;

   assert_non_null(ctx);
   assert_true(st_make_current(ctx, fb, fb));
   struct pipe_context *pipe = st_context_pipe(ctx);
   u_box_2d(0, 0, 2, 2, &box);
   pipe->texture_subdata(
      pipe, st_framebuffer_get_resource(fb, ST_ATTACHMENT_BACK_LEFT), 0,
      PIPE_MAP_WRITE, &box, mem, 8, 0);

   _mesa_GenBuffers(1, &pbo);
   _mesa_BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   _mesa_BufferData(GL_PIXEL_PACK_BUFFER, 20, NULL, GL_STREAM_READ);
   _mesa_ReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, (void *)4);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_ReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, (void *)8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION); /* 8 + 16 */

   uint8_t *m =
      _mesa_MapBufferRange(GL_PIXEL_PACK_BUFFER, 4, 16, GL_MAP_READ_BIT);
   assert_non_null(m);
   assert_memory_equal(m, mem[1], 8); /* GL row 0: the bottom row */
   assert_memory_equal(m + 8, mem[0], 8);
   _mesa_UnmapBuffer(GL_PIXEL_PACK_BUFFER);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   st_make_current(NULL, NULL, NULL);
   st_context_destroy(ctx);
   st_framebuffer_destroy(fb);
   screen->destroy(screen);
}

/* ES 3.0 texture parameters (here in a desktop context, which has them):
 * levels, LODs, comparison and swizzles, with their errors. */
static void
test_texture_parameters(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   GLint v;

   _mesa_BindTexture(GL_TEXTURE_2D, 3);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 2);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, &v);
   assert_int_equal(v, 2);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &v);
   assert_int_equal(v, 1000); /* initial */
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, -1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_ONE);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, &v);
   assert_int_equal(v, GL_ONE);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, &v);
   assert_int_equal(v, GL_ALPHA);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_RGBA);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE,
                       GL_COMPARE_REF_TO_TEXTURE);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_GEQUAL);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, &v);
   assert_int_equal(v, GL_GEQUAL);
   _mesa_TexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 1.0f);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, &v);
   assert_int_equal(v, 1);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
   assert_int_equal(v, GL_FALSE);

   /* Two colour attachments drawn to (ES 3.0 section 4.2.1). */
   GLuint fbo, rb[2];
   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_GenRenderbuffers(2, rb);
   for (unsigned i = 0; i < 2; i++) {
      _mesa_BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
      _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i,
                                    GL_RENDERBUFFER, rb[i]);
   }
   GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   _mesa_DrawBuffers(2, bufs);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   _mesa_GetIntegerv(GL_DRAW_BUFFER1, &v);
   assert_int_equal(v, GL_COLOR_ATTACHMENT1);
   bufs[0] = GL_COLOR_ATTACHMENT1; /* buffer i must be attachment i */
   _mesa_DrawBuffers(2, bufs);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   static const GLfloat one[4] = {1, 1, 1, 1};
   _mesa_ClearBufferfv(GL_COLOR, 1, one);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vertex_array_objects),
      cmocka_unit_test(test_map_buffer_range),
      cmocka_unit_test(test_sync_objects),
      cmocka_unit_test(test_get_stringi),
      cmocka_unit_test(test_sampler_objects),
      cmocka_unit_test(test_query_objects),
      cmocka_unit_test(test_draw_buffers_and_clears),
      cmocka_unit_test(test_read_draw_bindings),
      cmocka_unit_test(test_tex_storage),
      cmocka_unit_test(test_tex_storage_level_clamps),
      cmocka_unit_test(test_no_stencil_texturing_before_es31),
      cmocka_unit_test(test_pixel_buffers),
      cmocka_unit_test(test_texture_parameters),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
