/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Buffer textures on the noop driver (which reports them): the
 * TEXTURE_BUFFER target and binding point, glTexBuffer/glTexBufferRange
 * and their errors, the state queries, the format table, and what the
 * state tracker's view of a buffer texture covers.  Expected values come
 * from the GL 3.1 specification (section 3.8.5, tables 3.15 and 6.21),
 * ARB_texture_buffer_object and ARB_texture_buffer_range (whose rules
 * GL 4.6 section 8.9 keeps).
 */
#include <stdlib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "main/context.h"
#include "main/extensions.h"
#include "main/texbuffer.h"
#include "state_tracker/st_context.h"

static struct gl_test *
compat30(void)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   return t;
}

static struct gl_texture_object *
bound_buffer_texture(void)
{
   struct gl_context *ctx = _mesa_current_context;
   return ctx->TexUnit[ctx->ActiveTexture].Current[TEXTURE_BUFFER_INDEX];
}

/* The extension is advertised with the driver's buffer textures; ES has
 * no TEXTURE_BUFFER (ES 3.2 / OES_texture_buffer are not offered). */
static void
test_advertised(void **state)
{
   struct gl_test *t = compat30();
   struct gl_context *ctx = _mesa_current_context;

   assert_true(_mesa_has_extension(ctx, "GL_ARB_texture_buffer_object"));
   assert_true(_mesa_has_extension(ctx, "GL_ARB_texture_buffer_range"));
   assert_int_equal(gl_test_get_int(GL_MAX_TEXTURE_BUFFER_SIZE), 65536);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT), 16);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_non_null(t);
   _mesa_BindTexture(GL_TEXTURE_BUFFER, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_BindBuffer(GL_TEXTURE_BUFFER, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   GLint max_size;
   _mesa_GetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &max_size);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Bindings (GL 3.1 table 6.21; the buffer binding point is table 6.26's
 * TEXTURE_BUFFER), the initial format (ARB_texture_buffer_object:
 * LUMINANCE8; R8 in a forward-compatible context) and what TexBuffer
 * sets. */
static void
test_bindings_and_format(void **state)
{
   struct gl_test *t = compat30();
   GLuint tex = 7, bo = 9;

   assert_int_equal(gl_test_get_int(GL_TEXTURE_BINDING_BUFFER), 0);
   _mesa_BindTexture(GL_TEXTURE_BUFFER, tex);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BINDING_BUFFER), (GLint)tex);
   assert_true(_mesa_IsTexture(tex));
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BUFFER), 0);
   _mesa_BindBuffer(GL_TEXTURE_BUFFER, bo);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BUFFER), (GLint)bo);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BUFFER_FORMAT_ARB),
                    GL_LUMINANCE8);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BUFFER_DATA_STORE_BINDING), 0);

   _mesa_TexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32UI, bo);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BUFFER_FORMAT_ARB), GL_RGBA32UI);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BUFFER_DATA_STORE_BINDING),
                    (GLint)bo);

   /* A texture bound to another target cannot be a buffer texture. */
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* Deleting the buffer unbinds it from the binding point only: the
    * texture keeps the data store (GL 3.1 section 2.9). */
   _mesa_DeleteBuffers(1, &bo);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BUFFER), 0);
   assert_non_null(bound_buffer_texture()->BufferObject);
   /* TexBuffer with buffer 0 detaches it. */
   _mesa_TexBuffer(GL_TEXTURE_BUFFER, GL_R8, 0);
   assert_null(bound_buffer_texture()->BufferObject);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BUFFER_DATA_STORE_BINDING), 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = gl_test_create_profile(ST_PROFILE_OPENGL_CORE, 3, 0, 8, 8);
   assert_non_null(t);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BUFFER_FORMAT_ARB), GL_R8);
   gl_test_destroy(t);
}

/* GL 3.1 table 3.15 (and ARB_texture_buffer_object's legacy formats in
 * a compatibility context); anything else is INVALID_ENUM. */
static void
test_formats(void **state)
{
   static const GLenum core[] = {
      GL_R8,     GL_R16,     GL_R16F,     GL_R32F,     GL_R8I,
      GL_R16I,   GL_R32I,    GL_R8UI,     GL_R16UI,    GL_R32UI,
      GL_RG8,    GL_RG16,    GL_RG16F,    GL_RG32F,    GL_RG8I,
      GL_RG16I,  GL_RG32I,   GL_RG8UI,    GL_RG16UI,   GL_RG32UI,
      GL_RGBA8,  GL_RGBA16,  GL_RGBA16F,  GL_RGBA32F,  GL_RGBA8I,
      GL_RGBA16I, GL_RGBA32I, GL_RGBA8UI, GL_RGBA16UI, GL_RGBA32UI,
   };
   static const GLenum legacy[] = {
      GL_ALPHA8, GL_LUMINANCE16, GL_INTENSITY32F_ARB,
      GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA32UI_EXT,
   };
   static const GLenum bad[] = {
      GL_RGB8, GL_RGB32F, GL_RGBA, GL_SRGB8_ALPHA8, GL_R8_SNORM,
      GL_DEPTH_COMPONENT16, GL_RGB10_A2, GL_COMPRESSED_RGBA8_ETC2_EAC,
   };
   struct gl_test *t = compat30();

   _mesa_BindTexture(GL_TEXTURE_BUFFER, 1);
   for (unsigned i = 0; i < sizeof(core) / sizeof(core[0]); i++) {
      _mesa_TexBuffer(GL_TEXTURE_BUFFER, core[i], 0);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   }
   for (unsigned i = 0; i < sizeof(legacy) / sizeof(legacy[0]); i++) {
      _mesa_TexBuffer(GL_TEXTURE_BUFFER, legacy[i], 0);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   }
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      _mesa_TexBuffer(GL_TEXTURE_BUFFER, bad[i], 0);
      assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   }
   gl_test_destroy(t);

   /* A forward-compatible context has no legacy formats. */
   t = gl_test_create_profile(ST_PROFILE_OPENGL_CORE, 3, 0, 8, 8);
   assert_non_null(t);
   _mesa_BindTexture(GL_TEXTURE_BUFFER, 1);
   _mesa_TexBuffer(GL_TEXTURE_BUFFER, GL_LUMINANCE8, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* The errors of TexBuffer and TexBufferRange, and the commands that do
 * not take TEXTURE_BUFFER (GL 3.1 sections 3.8.1-3.8.5). */
static void
test_errors(void **state)
{
   struct gl_test *t = compat30();
   GLuint bo;
   GLint v;

   _mesa_GenBuffers(1, &bo);
   _mesa_BindBuffer(GL_TEXTURE_BUFFER, bo);
   _mesa_BufferData(GL_TEXTURE_BUFFER, 256, NULL, GL_STATIC_DRAW);
   _mesa_BindTexture(GL_TEXTURE_BUFFER, 3);

   _mesa_TexBuffer(GL_TEXTURE_2D, GL_R8, bo);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexBuffer(GL_TEXTURE_BUFFER, GL_R8, bo + 50);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* ARB_texture_buffer_range: in the buffer, size > 0, aligned. */
   _mesa_TexBufferRange(GL_TEXTURE_BUFFER, GL_R8, bo, 16, 240);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexBufferRange(GL_TEXTURE_BUFFER, GL_R8, bo, 16, 241);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexBufferRange(GL_TEXTURE_BUFFER, GL_R8, bo, -16, 16);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexBufferRange(GL_TEXTURE_BUFFER, GL_R8, bo, 0, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexBufferRange(GL_TEXTURE_BUFFER, GL_R8, bo, 8, 16);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* With buffer 0 the range is ignored. */
   _mesa_TexBufferRange(GL_TEXTURE_BUFFER, GL_R8, 0, -1, -1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_TexParameteri(GL_TEXTURE_BUFFER, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetTexParameteriv(GL_TEXTURE_BUFFER, GL_TEXTURE_MIN_FILTER, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GenerateMipmap(GL_TEXTURE_BUFFER);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexImage2D(GL_TEXTURE_BUFFER, 0, GL_RGBA8, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   /* GetTexLevelParameter (ARB_texture_buffer_range): the range, and
    * the width in texels. */
   _mesa_TexBufferRange(GL_TEXTURE_BUFFER, GL_RG8, bo, 32, 100);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_OFFSET,
                                &v);
   assert_int_equal(v, 32);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_SIZE,
                                &v);
   assert_int_equal(v, 100);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(v, 50);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0,
                                GL_TEXTURE_INTERNAL_FORMAT, &v);
   assert_int_equal(v, GL_RG8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_BUFFER, 1, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* The default buffer texture (name 0) is a buffer texture too. */
   _mesa_BindTexture(GL_TEXTURE_BUFFER, 0);
   _mesa_TexBuffer(GL_TEXTURE_BUFFER, GL_R32F, bo);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(v, 64);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* What the state tracker's view covers: the range clamped to the
 * buffer's current size, in whole texels (GL 4.6 section 8.9), the
 * legacy formats as swizzles of red (and green). */
static void
test_view_range(void **state)
{
   struct gl_test *t = compat30();
   struct gl_context *ctx = _mesa_current_context;
   enum pipe_format format;
   unsigned swz[4], offset, size;
   GLuint bo;

   _mesa_GenBuffers(1, &bo);
   _mesa_BindBuffer(GL_TEXTURE_BUFFER, bo);
   _mesa_BindTexture(GL_TEXTURE_BUFFER, 5);
   _mesa_TexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, bo);
   /* No storage yet: nothing to view. */
   assert_false(_mesa_texbuffer_view(ctx, bound_buffer_texture(), &format,
                                     swz, &offset, &size));
   _mesa_BufferData(GL_TEXTURE_BUFFER, 100, NULL, GL_STATIC_DRAW);
   assert_true(_mesa_texbuffer_view(ctx, bound_buffer_texture(), &format,
                                    swz, &offset, &size));
   assert_int_equal(format, PIPE_FORMAT_R32G32B32A32_FLOAT);
   assert_int_equal(offset, 0);
   assert_int_equal(size, 96); /* 6 whole 16-byte texels */

   _mesa_TexBufferRange(GL_TEXTURE_BUFFER, GL_LUMINANCE8_ALPHA8, bo, 32, 64);
   assert_true(_mesa_texbuffer_view(ctx, bound_buffer_texture(), &format,
                                    swz, &offset, &size));
   assert_int_equal(format, PIPE_FORMAT_R8G8_UNORM);
   assert_int_equal(offset, 32);
   assert_int_equal(size, 64);
   assert_int_equal(swz[0], PIPE_SWIZZLE_X);
   assert_int_equal(swz[2], PIPE_SWIZZLE_X);
   assert_int_equal(swz[3], PIPE_SWIZZLE_Y);
   /* The buffer shrinks: the range is cut to what is left. */
   _mesa_BufferData(GL_TEXTURE_BUFFER, 48, NULL, GL_STATIC_DRAW);
   assert_true(_mesa_texbuffer_view(ctx, bound_buffer_texture(), &format,
                                    swz, &offset, &size));
   assert_int_equal(size, 16);
   _mesa_BufferData(GL_TEXTURE_BUFFER, 32, NULL, GL_STATIC_DRAW);
   assert_false(_mesa_texbuffer_view(ctx, bound_buffer_texture(), &format,
                                     swz, &offset, &size));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* GLSL: samplerBuffer with the extension in GLSL 1.30; a draw with an
 * unbound buffer texture and with a bound one goes through. */
static void
test_glsl_and_draw(void **state)
{
   struct gl_test *t = compat30();
   GLuint p = gl_test_program(
      "#version 130\nin vec4 p;\nvoid main() { gl_Position = p; }\n",
      "#version 130\n"
      "#extension GL_ARB_texture_buffer_object : require\n"
      "uniform usamplerBuffer s;\nout vec4 c;\n"
      "void main() {\n"
      "   c = vec4(texelFetch(s, 3)) + vec4(float(textureSize(s)));\n"
      "}\n");
   assert_int_not_equal(p, 0);
   GLuint p_no_ext = gl_test_program(
      "#version 130\nin vec4 p;\nvoid main() { gl_Position = p; }\n",
      "#version 130\nuniform samplerBuffer s;\nout vec4 c;\n"
      "void main() { c = texelFetch(s, 0); }\n");
   assert_int_equal(p_no_ext, 0);

   static const float quad[8] = {-1, -1, 1, -1, -1, 1, 1, 1};
   _mesa_UseProgram(p);
   _mesa_VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   _mesa_EnableVertexAttribArray(0);
   _mesa_DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   GLuint bo;
   _mesa_GenBuffers(1, &bo);
   _mesa_BindBuffer(GL_TEXTURE_BUFFER, bo);
   _mesa_BufferData(GL_TEXTURE_BUFFER, 64, NULL, GL_STATIC_DRAW);
   _mesa_BindTexture(GL_TEXTURE_BUFFER, 2);
   _mesa_TexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8UI, bo);
   _mesa_DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   _mesa_BufferData(GL_TEXTURE_BUFFER, 128, NULL, GL_STATIC_DRAW);
   _mesa_DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* The view follows the new storage. */
   struct gl_texture_object *tex = bound_buffer_texture();
   assert_non_null(tex->view);
   assert_ptr_equal(tex->view->texture, tex->BufferObject->buffer);
   assert_int_equal(tex->view->u.buf.size, 128);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_advertised),
      cmocka_unit_test(test_bindings_and_format),
      cmocka_unit_test(test_formats),
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_view_range),
      cmocka_unit_test(test_glsl_and_draw),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
