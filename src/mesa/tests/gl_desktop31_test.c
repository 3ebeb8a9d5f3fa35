/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Desktop OpenGL 3.1 on the noop driver: rectangle textures (their
 * parameter, image and attachment rules) and the primitive restart index,
 * with the errors of the GL 3.1 specification (2009-05-28), sections
 * named at each test.  The noop driver has no buffer textures, so the
 * 3.1 contexts here come from MESA_GL_VERSION_OVERRIDE; that 3.0
 * contexts keep rectangle textures (ARB_texture_rectangle) but not the
 * 3.1 restart commands is tested too.
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
desktop31(enum st_profile_type profile)
{
   struct gl_test *t = gl_test_create_version(profile, 3, 1, 8, 8);
   assert_non_null(t);
   return t;
}

/* Section 6.1.5: the version strings of a 3.1 context; GLSL 1.40 is
 * accepted, and rectangle samplers are core in it. */
static void
test_version(void **state)
{
   struct gl_test *t = desktop31(ST_PROFILE_OPENGL_CORE);
   GLint v = -1;

   assert_memory_equal(_mesa_GetString(GL_VERSION), "3.1 ", 4);
   assert_string_equal(
      (const char *)_mesa_GetString(GL_SHADING_LANGUAGE_VERSION), "1.40");
   _mesa_GetIntegerv(GL_MINOR_VERSION, &v);
   assert_int_equal(v, 1);
   GLuint p = gl_test_program(
      "#version 140\nin vec4 p;\nvoid main() { gl_Position = p; }\n",
      "#version 140\nuniform sampler2DRect s;\nout vec4 c;\n"
      "void main() {\n"
      "   c = texture(s, gl_FragCoord.xy) + texelFetch(s, ivec2(1, 2))\n"
      "       + vec4(textureSize(s), 0.0, 0.0);\n"
      "}\n");
   assert_int_not_equal(p, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 3.8.14 and 3.8.8: a rectangle texture starts with LINEAR
 * minification and CLAMP_TO_EDGE wraps; REPEAT, MIRRORED_REPEAT and the
 * mipmap filters are INVALID_ENUM, a base level other than 0
 * INVALID_OPERATION (GL 4.5 section 8.10; 3.1 said INVALID_VALUE). */
static void
test_rect_parameters(void **state)
{
   struct gl_test *t = desktop31(ST_PROFILE_DEFAULT);
   GLuint tex;
   GLint v = 0;

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_RECTANGLE, tex);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetIntegerv(GL_TEXTURE_BINDING_RECTANGLE, &v);
   assert_int_equal(v, (GLint)tex);
   _mesa_GetTexParameteriv(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, &v);
   assert_int_equal(v, GL_LINEAR);
   _mesa_GetTexParameteriv(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, &v);
   assert_int_equal(v, GL_CLAMP_TO_EDGE);
   _mesa_GetTexParameteriv(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_T, &v);
   assert_int_equal(v, GL_CLAMP_TO_EDGE);
   _mesa_GetIntegerv(GL_MAX_RECTANGLE_TEXTURE_SIZE, &v);
   assert_true(v >= 1024); /* table 6.37's minimum */

   _mesa_TexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, GL_REPEAT);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_T,
                       GL_MIRRORED_REPEAT);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER,
                       GL_LINEAR_MIPMAP_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_BASE_LEVEL, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetTexParameteriv(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, &v);
   assert_int_equal(v, GL_CLAMP_TO_EDGE);

   _mesa_TexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER,
                       GL_NEAREST);
   _mesa_TexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_BASE_LEVEL, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexParameteriv(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, &v);
   assert_int_equal(v, GL_NEAREST);

   /* A name made for one target cannot be bound to another. */
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* Section 3.8.1: level 0 only (INVALID_VALUE otherwise); any size up to
 * the limit (no power-of-two rule); section 3.8.9: no mipmap generation;
 * section 4.4.2: attached at level 0 only. */
static void
test_rect_images(void **state)
{
   struct gl_test *t = desktop31(ST_PROFILE_DEFAULT);
   static const uint8_t texels[3 * 5 * 4];
   GLuint tex, fbo;
   GLint v = 0;

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_RECTANGLE, tex);
   _mesa_TexImage2D(GL_TEXTURE_RECTANGLE, 1, GL_RGBA8, 3, 5, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 3, 5, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_RECTANGLE, 0, GL_TEXTURE_WIDTH,
                                &v);
   assert_int_equal(v, 3);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_RECTANGLE, 0, GL_TEXTURE_HEIGHT,
                                &v);
   assert_int_equal(v, 5);
   _mesa_TexSubImage2D(GL_TEXTURE_RECTANGLE, 0, 1, 1, 2, 4, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexSubImage2D(GL_TEXTURE_RECTANGLE, 0, 2, 1, 2, 4, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_GenerateMipmap(GL_TEXTURE_RECTANGLE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_RECTANGLE, tex, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, tex, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_RECTANGLE, tex, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);

   /* TexStorage2D (GL 4.2) takes one level of a rectangle texture. */
   GLuint tex2;
   _mesa_GenTextures(1, &tex2);
   _mesa_BindTexture(GL_TEXTURE_RECTANGLE, tex2);
   _mesa_TexStorage2D(GL_TEXTURE_RECTANGLE, 2, GL_RGBA8, 4, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexStorage2D(GL_TEXTURE_RECTANGLE, 1, GL_RGBA8, 4, 4);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* ARB_texture_rectangle in the 3.0 context (listed in its extensions);
 * none in ES. */
static void
test_rect_availability(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   GLuint tex;

   assert_non_null(t);
   assert_non_null(strstr((const char *)_mesa_GetString(GL_EXTENSIONS),
                          "GL_ARB_texture_rectangle"));
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_RECTANGLE, tex);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_non_null(t);
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_RECTANGLE, tex);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   GLint v;
   _mesa_GetIntegerv(GL_TEXTURE_BINDING_RECTANGLE, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Section 2.8.1: PRIMITIVE_RESTART is off and its index 0 at first;
 * glPrimitiveRestartIndex sets any value.  3.0 and ES contexts lack both
 * (INVALID_OPERATION for the command, INVALID_ENUM for the state). */
static void
test_restart_state(void **state)
{
   struct gl_test *t = desktop31(ST_PROFILE_OPENGL_CORE);
   GLint v = -1;

   assert_false(_mesa_IsEnabled(GL_PRIMITIVE_RESTART));
   _mesa_GetIntegerv(GL_PRIMITIVE_RESTART_INDEX, &v);
   assert_int_equal(v, 0);
   _mesa_PrimitiveRestartIndex(0xfffffffeu);
   _mesa_Enable(GL_PRIMITIVE_RESTART);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(_mesa_IsEnabled(GL_PRIMITIVE_RESTART));
   _mesa_GetIntegerv(GL_PRIMITIVE_RESTART, &v);
   assert_int_equal(v, 1);
   _mesa_GetIntegerv(GL_PRIMITIVE_RESTART_INDEX, &v);
   assert_int_equal(v, (GLint)0xfffffffeu);
   gl_test_destroy(t);

   t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   _mesa_PrimitiveRestartIndex(7);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_Enable(GL_PRIMITIVE_RESTART);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_non_null(t);
   _mesa_PrimitiveRestartIndex(7);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* Sections 2.8.1 and 2.15: with restart on, each run of indices between
 * restart indices is a strip of its own, so the strip 0 1 2 3 | 4 5 6
 * generates 2 + 1 triangles (6 as one strip of 7 vertices plus the
 * restart index, without restart). */
static void
test_restart_primitives_generated(void **state)
{
   struct gl_test *t = desktop31(ST_PROFILE_DEFAULT);
   static const GLushort idx[8] = {0, 1, 2, 3, 9, 4, 5, 6};
   GLuint q;
   GLuint n = 0;

   _mesa_GenQueries(1, &q);
   _mesa_PrimitiveRestartIndex(9);
   _mesa_Enable(GL_PRIMITIVE_RESTART);
   _mesa_BeginQuery(GL_PRIMITIVES_GENERATED, q);
   _mesa_DrawElements(GL_TRIANGLE_STRIP, 8, GL_UNSIGNED_SHORT, idx);
   _mesa_EndQuery(GL_PRIMITIVES_GENERATED);
   _mesa_GetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
   assert_int_equal(n, 3);

   _mesa_Disable(GL_PRIMITIVE_RESTART);
   _mesa_BeginQuery(GL_PRIMITIVES_GENERATED, q);
   _mesa_DrawElements(GL_TRIANGLE_STRIP, 8, GL_UNSIGNED_SHORT, idx);
   _mesa_EndQuery(GL_PRIMITIVES_GENERATED);
   _mesa_GetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
   assert_int_equal(n, 6);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 2.9.3 and 2.9.5 (GL_ARB_copy_buffer): glCopyBufferSubData
 * between the copy bindings, read back with glGetBufferSubData (range
 * errors as glBufferSubData's), and the binding queries. */
static void
test_copy_buffer(void **state)
{
   struct gl_test *t = desktop31(ST_PROFILE_OPENGL_CORE);
   static const uint32_t src[4] = {10, 20, 30, 40};
   uint32_t got[4] = {0};
   GLuint b[2];
   GLint v = -1;

   _mesa_GenBuffers(2, b);
   _mesa_BindBuffer(GL_COPY_READ_BUFFER, b[0]);
   _mesa_BindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
   _mesa_GetIntegerv(GL_COPY_READ_BUFFER, &v);
   assert_int_equal(v, (GLint)b[0]);
   _mesa_GetIntegerv(GL_COPY_WRITE_BUFFER, &v);
   assert_int_equal(v, (GLint)b[1]);
   _mesa_GetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &v);
   assert_int_equal(v, 0);
   _mesa_BufferData(GL_COPY_READ_BUFFER, sizeof(src), src, GL_STATIC_DRAW);
   _mesa_BufferData(GL_COPY_WRITE_BUFFER, sizeof(src), NULL, GL_STATIC_DRAW);
   _mesa_CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 4, 0,
                           12);
   _mesa_GetBufferSubData(GL_COPY_WRITE_BUFFER, 0, 8, got);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(got[0], 20);
   assert_int_equal(got[1], 30);
   _mesa_GetBufferSubData(GL_COPY_WRITE_BUFFER, 8, 12, got);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_GetBufferSubData(GL_COPY_WRITE_BUFFER, -1, 4, got);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_version),
      cmocka_unit_test(test_rect_parameters),
      cmocka_unit_test(test_rect_images),
      cmocka_unit_test(test_rect_availability),
      cmocka_unit_test(test_restart_state),
      cmocka_unit_test(test_copy_buffer),
      cmocka_unit_test(test_restart_primitives_generated),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
