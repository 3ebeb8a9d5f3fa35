/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ES 3.0 internal formats on the noop driver, from the spec's tables:
 * the format/type/internalformat combinations of ES 3.0.6 tables 3.2 and
 * 3.3 (and some that are not there), TexStorage and RenderbufferStorage
 * formats, the bit sizes of table 3.13, colour-renderability in
 * framebuffer completeness (section 4.4.4), ReadPixels pairs (section
 * 4.3.2), texture completeness of non-filterable formats (section 3.8.13),
 * GenerateMipmap's format rule (section 3.8.10), and the texels stored for
 * a few formats.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "main/context.h"
#include "main/texobj.h"
#include "state_tracker/st_context.h"
#include "util/format/u_format_pack.h"
#include "util/u_inlines.h"

static struct gl_test *
es3(void)
{
   /* ES 3.0 contexts are refused until all of ES 3.0 exists. */
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   return t;
}

struct combo {
   GLenum format, type, internalformat;
};

/* ES 3.0.6 table 3.2, every row, and table 3.3. */
static const struct combo valid[] = {
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA8},
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGB5_A1},
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA4},
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_SRGB8_ALPHA8},
   {GL_RGBA, GL_BYTE, GL_RGBA8_SNORM},
   {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GL_RGBA4},
   {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GL_RGB5_A1},
   {GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGB10_A2},
   {GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGB5_A1},
   {GL_RGBA, GL_HALF_FLOAT, GL_RGBA16F},
   {GL_RGBA, GL_FLOAT, GL_RGBA32F},
   {GL_RGBA, GL_FLOAT, GL_RGBA16F},
   {GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, GL_RGBA8UI},
   {GL_RGBA_INTEGER, GL_BYTE, GL_RGBA8I},
   {GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, GL_RGBA16UI},
   {GL_RGBA_INTEGER, GL_SHORT, GL_RGBA16I},
   {GL_RGBA_INTEGER, GL_UNSIGNED_INT, GL_RGBA32UI},
   {GL_RGBA_INTEGER, GL_INT, GL_RGBA32I},
   {GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGB10_A2UI},
   {GL_RGB, GL_UNSIGNED_BYTE, GL_RGB8},
   {GL_RGB, GL_UNSIGNED_BYTE, GL_RGB565},
   {GL_RGB, GL_UNSIGNED_BYTE, GL_SRGB8},
   {GL_RGB, GL_BYTE, GL_RGB8_SNORM},
   {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_RGB565},
   {GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_R11F_G11F_B10F},
   {GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, GL_RGB9_E5},
   {GL_RGB, GL_HALF_FLOAT, GL_RGB16F},
   {GL_RGB, GL_HALF_FLOAT, GL_R11F_G11F_B10F},
   {GL_RGB, GL_HALF_FLOAT, GL_RGB9_E5},
   {GL_RGB, GL_FLOAT, GL_RGB32F},
   {GL_RGB, GL_FLOAT, GL_RGB16F},
   {GL_RGB, GL_FLOAT, GL_R11F_G11F_B10F},
   {GL_RGB, GL_FLOAT, GL_RGB9_E5},
   {GL_RGB_INTEGER, GL_UNSIGNED_BYTE, GL_RGB8UI},
   {GL_RGB_INTEGER, GL_BYTE, GL_RGB8I},
   {GL_RGB_INTEGER, GL_UNSIGNED_SHORT, GL_RGB16UI},
   {GL_RGB_INTEGER, GL_SHORT, GL_RGB16I},
   {GL_RGB_INTEGER, GL_UNSIGNED_INT, GL_RGB32UI},
   {GL_RGB_INTEGER, GL_INT, GL_RGB32I},
   {GL_RG, GL_UNSIGNED_BYTE, GL_RG8},
   {GL_RG, GL_BYTE, GL_RG8_SNORM},
   {GL_RG, GL_HALF_FLOAT, GL_RG16F},
   {GL_RG, GL_FLOAT, GL_RG32F},
   {GL_RG, GL_FLOAT, GL_RG16F},
   {GL_RG_INTEGER, GL_UNSIGNED_BYTE, GL_RG8UI},
   {GL_RG_INTEGER, GL_BYTE, GL_RG8I},
   {GL_RG_INTEGER, GL_UNSIGNED_SHORT, GL_RG16UI},
   {GL_RG_INTEGER, GL_SHORT, GL_RG16I},
   {GL_RG_INTEGER, GL_UNSIGNED_INT, GL_RG32UI},
   {GL_RG_INTEGER, GL_INT, GL_RG32I},
   {GL_RED, GL_UNSIGNED_BYTE, GL_R8},
   {GL_RED, GL_BYTE, GL_R8_SNORM},
   {GL_RED, GL_HALF_FLOAT, GL_R16F},
   {GL_RED, GL_FLOAT, GL_R32F},
   {GL_RED, GL_FLOAT, GL_R16F},
   {GL_RED_INTEGER, GL_UNSIGNED_BYTE, GL_R8UI},
   {GL_RED_INTEGER, GL_BYTE, GL_R8I},
   {GL_RED_INTEGER, GL_UNSIGNED_SHORT, GL_R16UI},
   {GL_RED_INTEGER, GL_SHORT, GL_R16I},
   {GL_RED_INTEGER, GL_UNSIGNED_INT, GL_R32UI},
   {GL_RED_INTEGER, GL_INT, GL_R32I},
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_DEPTH_COMPONENT16},
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_DEPTH_COMPONENT24},
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_DEPTH_COMPONENT16},
   {GL_DEPTH_COMPONENT, GL_FLOAT, GL_DEPTH_COMPONENT32F},
   {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_DEPTH24_STENCIL8},
   {GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
    GL_DEPTH32F_STENCIL8},
   {GL_RGB, GL_UNSIGNED_BYTE, GL_RGB},
   {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_RGB},
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA},
   {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GL_RGBA},
   {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GL_RGBA},
   {GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, GL_LUMINANCE_ALPHA},
   {GL_LUMINANCE, GL_UNSIGNED_BYTE, GL_LUMINANCE},
   {GL_ALPHA, GL_UNSIGNED_BYTE, GL_ALPHA},
};

/* Known enums in combinations the tables do not list. */
static const struct combo invalid[] = {
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA16F},
   {GL_RGBA, GL_FLOAT, GL_RGBA8},
   {GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, GL_RGBA8},
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA8UI},
   {GL_RGBA_INTEGER, GL_BYTE, GL_RGBA8UI},
   {GL_RGB, GL_FLOAT, GL_RGBA32F},
   {GL_RED, GL_UNSIGNED_BYTE, GL_RG8},
   {GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, GL_RGBA4},
   {GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, GL_RGB565},
   {GL_RGB, GL_HALF_FLOAT, GL_RGB32F},
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_DEPTH_COMPONENT24},
   {GL_DEPTH_COMPONENT, GL_FLOAT, GL_DEPTH_COMPONENT16},
   {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_DEPTH32F_STENCIL8},
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_DEPTH_COMPONENT16},
   {GL_RGB, GL_UNSIGNED_BYTE, GL_RGBA},
   {GL_LUMINANCE, GL_UNSIGNED_BYTE, GL_RGBA},
   /* HALF_FLOAT (not OES_texture_half_float's HALF_FLOAT_OES) with an
    * unsized format. */
   {GL_RGBA, GL_HALF_FLOAT, GL_RGBA},
};

static void
test_teximage_combinations(void **state)
{
   struct gl_test *t = es3();
   static const uint32_t texel[4];

   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   for (unsigned i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
      const struct combo *c = &valid[i];
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, (GLint)c->internalformat, 1, 1, 0,
                       c->format, c->type, texel);
      if (_mesa_GetError() != GL_NO_ERROR)
         fail_msg("valid row %u (0x%x, 0x%x, 0x%x) refused", i, c->format,
                  c->type, c->internalformat);
      /* TexSubImage2D takes the same pair. */
      _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, c->format, c->type,
                          texel);
      if (_mesa_GetError() != GL_NO_ERROR)
         fail_msg("sub-image of row %u refused", i);
   }
   for (unsigned i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
      const struct combo *c = &invalid[i];
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, (GLint)c->internalformat, 1, 1, 0,
                       c->format, c->type, texel);
      if (_mesa_GetError() != GL_INVALID_OPERATION)
         fail_msg("invalid row %u (0x%x, 0x%x, 0x%x) accepted", i,
                  c->format, c->type, c->internalformat);
   }
   /* Unknown internal formats are INVALID_VALUE, unknown enums
    * INVALID_ENUM (ES 3.0.6 section 3.8.3). */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE_3_3_2, texel);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM); /* type */
   /* Known enums, no table row: the unknown internal format first. */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_SHORT, texel);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA12, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texel);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* BGRA_EXT is an ES enum (EXT_texture_format_BGRA8888), but only with
    * the internal format BGRA_EXT. */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_BGRA_EXT,
                    GL_UNSIGNED_BYTE, texel);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* A sub-image with another table row's pair. */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 1, 1, 0, GL_RGBA_INTEGER,
                    GL_UNSIGNED_BYTE, texel);
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA,
                       GL_UNSIGNED_BYTE, texel);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* ES 2.0 keeps its own rules: the table 3.4 of OES_required_internalformat
 * (sized formats only with their own format and type), plus the unsized
 * combinations of OES_texture_float, OES_texture_half_float,
 * OES_depth_texture, OES_packed_depth_stencil and
 * EXT_texture_format_BGRA8888; nothing of ES 3.0's table 3.2. */
static void
test_es2_unchanged(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   static const uint32_t texel[4];

   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texel);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA12, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texel);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* An ES 3.0 row. */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 1, 1, 0, GL_RGBA, GL_FLOAT,
                    texel);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   static const GLenum ok[][3] = {
      {GL_RGBA, GL_FLOAT, GL_RGBA},
      {GL_LUMINANCE, GL_FLOAT, GL_LUMINANCE},
      {GL_ALPHA, GL_HALF_FLOAT_OES, GL_ALPHA},
      {GL_RGB, GL_HALF_FLOAT_OES, GL_RGB},
      {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_DEPTH_COMPONENT},
      {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_DEPTH_COMPONENT},
      {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_DEPTH_STENCIL},
      {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_DEPTH24_STENCIL8},
      {GL_BGRA_EXT, GL_UNSIGNED_BYTE, GL_BGRA_EXT},
      {GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, GL_LUMINANCE4_ALPHA4},
   };
   for (unsigned i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, (GLint)ok[i][2], 1, 1, 0, ok[i][0],
                       ok[i][1], texel);
      if (_mesa_GetError() != GL_NO_ERROR)
         fail_msg("ES 2.0 row %u refused", i);
   }
   /* ES 3.0's HALF_FLOAT is not an ES 2.0 type. */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA,
                    GL_HALF_FLOAT, texel);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGB,
                    GL_UNSIGNED_BYTE, texel);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 1, 1, 0, GL_RGB,
                    GL_UNSIGNED_SHORT_4_4_4_4, texel);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* Renderbuffers: R8 is not an ES 2.0 format. */
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, 1);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_R8, 4, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

struct rb_case {
   GLenum internalformat;
   GLint r, g, b, a, d, s;
};

/* Table 3.13 (colour-renderable rows) and 3.14: the sizes queries give. */
static const struct rb_case renderable[] = {
   {GL_R8, 8, 0, 0, 0, 0, 0},
   {GL_RG8, 8, 8, 0, 0, 0, 0},
   {GL_RGB8, 8, 8, 8, 0, 0, 0},
   {GL_RGB565, 5, 6, 5, 0, 0, 0},
   {GL_RGBA4, 4, 4, 4, 4, 0, 0},
   {GL_RGB5_A1, 5, 5, 5, 1, 0, 0},
   {GL_RGBA8, 8, 8, 8, 8, 0, 0},
   {GL_RGB10_A2, 10, 10, 10, 2, 0, 0},
   {GL_RGB10_A2UI, 10, 10, 10, 2, 0, 0},
   {GL_SRGB8_ALPHA8, 8, 8, 8, 8, 0, 0},
   {GL_R8I, 8, 0, 0, 0, 0, 0},
   {GL_R16UI, 16, 0, 0, 0, 0, 0},
   {GL_R32I, 32, 0, 0, 0, 0, 0},
   {GL_RG8UI, 8, 8, 0, 0, 0, 0},
   {GL_RG16I, 16, 16, 0, 0, 0, 0},
   {GL_RG32UI, 32, 32, 0, 0, 0, 0},
   {GL_RGBA8I, 8, 8, 8, 8, 0, 0},
   {GL_RGBA16UI, 16, 16, 16, 16, 0, 0},
   {GL_RGBA32I, 32, 32, 32, 32, 0, 0},
   {GL_DEPTH_COMPONENT16, 0, 0, 0, 0, 16, 0},
   {GL_DEPTH_COMPONENT24, 0, 0, 0, 0, 24, 0},
   {GL_DEPTH_COMPONENT32F, 0, 0, 0, 0, 32, 0},
   {GL_DEPTH24_STENCIL8, 0, 0, 0, 0, 24, 8},
   {GL_DEPTH32F_STENCIL8, 0, 0, 0, 0, 32, 8},
   {GL_STENCIL_INDEX8, 0, 0, 0, 0, 0, 8},
   /* EXT_color_buffer_float (ES 3.0 contexts). */
   {GL_R16F, 16, 0, 0, 0, 0, 0},
   {GL_RG32F, 32, 32, 0, 0, 0, 0},
   {GL_RGBA16F, 16, 16, 16, 16, 0, 0},
   {GL_R11F_G11F_B10F, 11, 11, 10, 0, 0, 0},
   /* EXT_color_buffer_half_float. */
   {GL_RGB16F, 16, 16, 16, 0, 0, 0},
};

/* Sized formats that are not colour-renderable in ES 3.0 (even with
 * EXT_color_buffer_float and EXT_color_buffer_half_float), and unsized
 * ones. */
static const GLenum not_renderable[] = {
   GL_R8_SNORM, GL_RGBA8_SNORM, GL_SRGB8, GL_RGB9_E5,
   GL_RGB8I,    GL_RGB32UI,     GL_RGBA,  GL_RGB32F,
};

static void
test_renderbuffer_formats(void **state)
{
   struct gl_test *t = es3();
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, 1);
   for (unsigned i = 0; i < sizeof(renderable) / sizeof(renderable[0]); i++) {
      const struct rb_case *c = &renderable[i];
      GLint v[6];
      _mesa_RenderbufferStorage(GL_RENDERBUFFER, c->internalformat, 4, 4);
      if (_mesa_GetError() != GL_NO_ERROR)
         fail_msg("renderbuffer 0x%x refused", c->internalformat);
      for (unsigned p = 0; p < 6; p++)
         _mesa_GetRenderbufferParameteriv(GL_RENDERBUFFER,
                                          GL_RENDERBUFFER_RED_SIZE + p, &v[p]);
      const GLint want[6] = {c->r, c->g, c->b, c->a, c->d, c->s};
      for (unsigned p = 0; p < 6; p++) {
         if (v[p] != want[p])
            fail_msg("0x%x size %u: %d, want %d", c->internalformat, p, v[p],
                     want[p]);
      }
   }
   for (unsigned i = 0; i < sizeof(not_renderable) / sizeof(GLenum); i++) {
      _mesa_RenderbufferStorage(GL_RENDERBUFFER, not_renderable[i], 4, 4);
      if (_mesa_GetError() != GL_INVALID_ENUM)
         fail_msg("renderbuffer 0x%x accepted", not_renderable[i]);
   }
   gl_test_destroy(t);
}

/* Every sized format is a TexStorage format; unsized ones are not. */
static void
test_texstorage_formats(void **state)
{
   struct gl_test *t = es3();
   GLuint name = 1;
   for (unsigned i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
      GLenum f = valid[i].internalformat;
      if (f == GL_RGB || f == GL_RGBA || f == GL_LUMINANCE ||
          f == GL_LUMINANCE_ALPHA || f == GL_ALPHA)
         continue;
      _mesa_BindTexture(GL_TEXTURE_2D, name++);
      _mesa_TexStorage2D(GL_TEXTURE_2D, 2, f, 2, 2);
      if (_mesa_GetError() != GL_NO_ERROR)
         fail_msg("TexStorage2D(0x%x) refused", f);
   }
   _mesa_BindTexture(GL_TEXTURE_2D, name++);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA, 2, 2);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* The error of reading one pixel of the read buffer as (format, type). */
static GLenum
read_one(GLenum format, GLenum type)
{
   uint32_t px[4];
   _mesa_ReadPixels(0, 0, 1, 1, format, type, px);
   return _mesa_GetError();
}

static GLenum
attach_texture(GLenum internalformat)
{
   static GLuint name = 100;
   _mesa_BindTexture(GL_TEXTURE_2D, ++name);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 1, internalformat, 4, 4);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, name, 0);
   return _mesa_CheckFramebufferStatus(GL_FRAMEBUFFER);
}

static void
test_completeness_and_queries(void **state)
{
   struct gl_test *t = es3();
   GLint v;

   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   /* Colour-renderable textures complete a framebuffer; others do not
    * (ES 3.0.6 section 4.4.4). */
   assert_int_equal(attach_texture(GL_R8), GL_FRAMEBUFFER_COMPLETE);
   assert_int_equal(attach_texture(GL_RGB32F),
                    GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   /* RGB16F renders with EXT_color_buffer_half_float. */
   assert_int_equal(attach_texture(GL_RGB16F), GL_FRAMEBUFFER_COMPLETE);
   /* EXT_color_buffer_float. */
   assert_int_equal(attach_texture(GL_RGBA16F), GL_FRAMEBUFFER_COMPLETE);
   float fpx[4];
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, fpx);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(attach_texture(GL_RGB8I),
                    GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   assert_int_equal(attach_texture(GL_SRGB8),
                    GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   assert_int_equal(attach_texture(GL_SRGB8_ALPHA8), GL_FRAMEBUFFER_COMPLETE);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &v);
   assert_int_equal(v, GL_SRGB);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
   assert_int_equal(v, GL_UNSIGNED_NORMALIZED);

   assert_int_equal(attach_texture(GL_RGBA32UI), GL_FRAMEBUFFER_COMPLETE);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
   assert_int_equal(v, GL_UNSIGNED_INT);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE, &v);
   assert_int_equal(v, 32);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &v);
   assert_int_equal(v, GL_LINEAR);

   /* Read pairs of an integer buffer (section 4.3.2). */
   uint32_t px[4];
   _mesa_GetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &v);
   assert_int_equal(v, GL_RGBA_INTEGER);
   _mesa_GetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &v);
   assert_int_equal(v, GL_UNSIGNED_INT);
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* 8- and 16-bit integer buffers: the implementation's pair names the
    * buffer's own type (as Mesa's does), and INT/UNSIGNED_INT stay
    * allowed (ES 3.0.6 section 4.3.2). */
   assert_int_equal(attach_texture(GL_RGBA16I), GL_FRAMEBUFFER_COMPLETE);
   _mesa_GetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &v);
   assert_int_equal(v, GL_SHORT);
   assert_int_equal(read_one(GL_RGBA_INTEGER, GL_SHORT), GL_NO_ERROR);
   assert_int_equal(read_one(GL_RGBA_INTEGER, GL_INT), GL_NO_ERROR);
   assert_int_equal(read_one(GL_RGBA_INTEGER, GL_UNSIGNED_SHORT),
                    GL_INVALID_OPERATION);
   assert_int_equal(attach_texture(GL_RGBA8UI), GL_FRAMEBUFFER_COMPLETE);
   _mesa_GetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &v);
   assert_int_equal(v, GL_UNSIGNED_BYTE);
   assert_int_equal(read_one(GL_RGBA_INTEGER, GL_UNSIGNED_BYTE), GL_NO_ERROR);

   /* A normalized buffer: RGBA/UNSIGNED_BYTE; RGB10_A2 also its packed
    * type. */
   assert_int_equal(attach_texture(GL_RGB10_A2), GL_FRAMEBUFFER_COMPLETE);
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, px);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* Renderbuffer attachment sizes come from the format asked for. */
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, 1);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 4, 4);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                 GL_RENDERBUFFER, 1);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &v);
   assert_int_equal(v, 24);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &v);
   assert_int_equal(v, 0); /* only the depth aspect at this point */
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
   assert_int_equal(v, GL_UNSIGNED_NORMALIZED);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Texels as a sampler would see them, through util/format. */
static void
stored(GLenum target, float out[4])
{
   struct gl_context *ctx = _mesa_current_context;
   struct st_context *st = ctx->st;
   struct gl_texture_object *t =
      _mesa_get_current_tex_object(ctx, target, "test");
   struct gl_texture_image *img = &t->Image[0][0];
   struct pipe_transfer *xfer;
   struct pipe_box box;

   assert_non_null(img->pt);
   u_box_3d(0, 0, img->pt_layer, 1, 1, 1, &box);
   const uint8_t *p = st->pipe->texture_map(st->pipe, img->pt, img->pt_level,
                                            PIPE_MAP_READ, &box, &xfer);
   assert_non_null(p);
   if (util_format_has_depth(img->pt->format)) {
      util_format_unpack_z_float(img->pt->format, out, p, 1);
   } else if (util_format_is_pure_integer(img->pt->format)) {
      uint32_t u[4];
      util_format_unpack_rgba_uint(img->pt->format, u, p, 1);
      for (unsigned i = 0; i < 4; i++)
         out[i] = (float)u[i];
   } else {
      /* Codes of sRGB formats, as stored. */
      uint8_t raw[16];
      memcpy(raw, p, util_format_get_blocksize(img->pt->format));
      enum pipe_format f = img->pt->format;
      const struct util_format_description *d = util_format_description(f);
      if (util_format_is_srgb(f))
         f = d->linear_format;
      util_format_unpack_rgba_float(f, out, raw, 1);
   }
   st->pipe->texture_unmap(st->pipe, xfer);
}

static void
test_stored_texels(void **state)
{
   struct gl_test *t = es3();
   float v[4];
   _mesa_BindTexture(GL_TEXTURE_2D, 1);

   /* Floats beyond [0, 1] survive in RGBA16F. */
   static const float f[4] = {-2.0f, 3.5f, 0.25f, 1024.0f};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16F, 1, 1, 0, GL_RGBA, GL_FLOAT,
                    f);
   stored(GL_TEXTURE_2D, v);
   for (unsigned i = 0; i < 4; i++)
      assert_float_equal(v[i], f[i], 0.0);

   /* RGB9_E5 from floats: 1.0, 0.5, 0.25 are exact (equation 3.3). */
   static const float e[3] = {1.0f, 0.5f, 0.25f};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 1, 1, 0, GL_RGB, GL_FLOAT,
                    e);
   stored(GL_TEXTURE_2D, v);
   assert_float_equal(v[0], 1.0, 0.0);
   assert_float_equal(v[1], 0.5, 0.0);
   assert_float_equal(v[2], 0.25, 0.0);
   assert_float_equal(v[3], 1.0, 0.0);

   /* Integers arrive unchanged. */
   static const uint32_t u[4] = {7, 4000000000u, 0, 123456};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI, 1, 1, 0, GL_RGBA_INTEGER,
                    GL_UNSIGNED_INT, u);
   stored(GL_TEXTURE_2D, v);
   assert_float_equal(v[1], 4000000000.0, 0.0);
   assert_float_equal(v[3], 123456.0, 0.0);

   /* sRGB codes are stored as given (no conversion on upload). */
   static const uint8_t s[4] = {188, 64, 0, 128};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, s);
   stored(GL_TEXTURE_2D, v);
   assert_float_equal(v[0], 188 / 255.0, 1e-6);
   assert_float_equal(v[1], 64 / 255.0, 1e-6);

   /* Float depth is clamped to [0, 1] (section 3.8.3). */
   static const float z = -0.5f;
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 1, 1, 0,
                    GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   stored(GL_TEXTURE_2D, v);
   assert_float_equal(v[0], 0.0, 0.0);
   /* 24-bit depth from UNSIGNED_INT: the top 24 bits. */
   static const uint32_t z32 = 0xc0000000u;
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 1, 1, 0,
                    GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, &z32);
   stored(GL_TEXTURE_2D, v);
   assert_float_equal(v[0], 0.75, 1e-6);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static void
test_completeness_and_mipmaps(void **state)
{
   struct gl_test *t = es3();
   struct gl_context *ctx = _mesa_current_context;
   static const uint32_t texel[4 * 4];

   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 1, 1, 0, GL_RGBA_INTEGER,
                    GL_UNSIGNED_BYTE, texel);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   struct gl_texture_object *o =
      _mesa_get_current_tex_object(ctx, GL_TEXTURE_2D, "t");
   /* Integer textures with a LINEAR filter are incomplete. */
   assert_false(_mesa_texture_complete(ctx, o)); /* MAG is LINEAR */
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   assert_true(_mesa_texture_complete(ctx, o));

   /* R32F filters with OES_texture_float_linear; R16F always. */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_R32F, 1, 1, 0, GL_RED, GL_FLOAT,
                    texel);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   assert_true(_mesa_texture_complete(ctx, o));
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_R16F, 1, 1, 0, GL_RED, GL_FLOAT,
                    texel);
   assert_true(_mesa_texture_complete(ctx, o));
   /* Depth without comparison needs NEAREST. */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 1, 1, 0,
                    GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, texel);
   assert_false(_mesa_texture_complete(ctx, o));
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE,
                       GL_COMPARE_REF_TO_TEXTURE);
   assert_true(_mesa_texture_complete(ctx, o));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* GenerateMipmap: integer, depth and non-filterable sized formats are
    * an INVALID_OPERATION (section 3.8.10). */
   static const GLenum bad[][3] = {
      {GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE},
      /* R32F renders (EXT_color_buffer_float) and filters
       * (OES_texture_float_linear); the SNORM formats do not render. */
      {GL_RGBA8_SNORM, GL_RGBA, GL_BYTE},
      {GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE}, /* not colour-renderable */
      {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT},
      {GL_RGB9_E5, GL_RGB, GL_FLOAT},
   };
   for (unsigned i = 0; i < 5; i++) {
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, (GLint)bad[i][0], 2, 2, 0, bad[i][1],
                       bad[i][2], texel);
      _mesa_GenerateMipmap(GL_TEXTURE_2D);
      if (_mesa_GetError() != GL_INVALID_OPERATION)
         fail_msg("GenerateMipmap of 0x%x accepted", bad[i][0]);
   }
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RG8, 2, 2, 0, GL_RG,
                    GL_UNSIGNED_BYTE, texel);
   _mesa_GenerateMipmap(GL_TEXTURE_2D);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(o->Image[0][1].Width, 1);
   gl_test_destroy(t);
}

/* glGetTexLevelParameteriv answers from the internal format (ES 3.1
 * table 20.9, GL 4.6 section 8.11.3). */
static void
test_level_queries(void **state)
{
   struct gl_test *t = es3();
   static const uint32_t texel[4];
   GLint v;

   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 1, 1, 0, GL_RGB, GL_FLOAT,
                    texel);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &v);
   assert_int_equal(v, 9);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_SHARED_SIZE, &v);
   assert_int_equal(v, 5);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE, &v);
   assert_int_equal(v, GL_FLOAT);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_TYPE, &v);
   assert_int_equal(v, GL_NONE);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT,
                                &v);
   assert_int_equal(v, GL_RGB9_E5);

   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RG16I, 1, 1, 0, GL_RG_INTEGER,
                    GL_SHORT, texel);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_GREEN_SIZE, &v);
   assert_int_equal(v, 16);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_GREEN_TYPE, &v);
   assert_int_equal(v, GL_INT);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_BLUE_SIZE, &v);
   assert_int_equal(v, 0);

   /* Unsized RGBA with 4_4_4_4 is RGBA4 (table 3.12). */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_SHORT_4_4_4_4, texel);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE, &v);
   assert_int_equal(v, 4);

   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 1, 1, 0,
                    GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, texel);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_DEPTH_SIZE, &v);
   assert_int_equal(v, 24);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_STENCIL_SIZE,
                                &v);
   assert_int_equal(v, 8);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_DEPTH_TYPE, &v);
   assert_int_equal(v, GL_UNSIGNED_NORMALIZED);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_GetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP, 0, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, -1, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_MIN_FILTER, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* CopyTexImage2D with sized formats (ES 3.0.6 section 3.8.5, table
 * 3.15): components must exist in the read buffer, kinds must match. */
static void
test_copy_formats(void **state)
{
   struct gl_test *t = es3();
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   /* The window is RGBA8. */
   static const GLenum ok[] = {GL_R8, GL_RG8, GL_RGB8, GL_RGBA8, GL_RGBA4,
                               GL_LUMINANCE, GL_ALPHA, GL_RGB565};
   for (unsigned i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
      _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, ok[i], 0, 0, 2, 2, 0);
      if (_mesa_GetError() != GL_NO_ERROR)
         fail_msg("copy to 0x%x refused", ok[i]);
   }
   static const GLenum bad[] = {GL_RGBA8UI, GL_R32I, GL_SRGB8_ALPHA8,
                                GL_RGBA16F, GL_R11F_G11F_B10F};
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, bad[i], 0, 0, 2, 2, 0);
      if (_mesa_GetError() != GL_INVALID_OPERATION)
         fail_msg("copy to 0x%x accepted", bad[i]);
   }

   /* From an RGBA8UI buffer: unsigned integer formats only, values kept;
    * CopyTexSubImage2D into an RG8 image is refused. */
   static const uint8_t px[4] = {200, 7, 9, 250};
   _mesa_BindTexture(GL_TEXTURE_2D, 2);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 1, 1, 0, GL_RGBA_INTEGER,
                    GL_UNSIGNED_BYTE, px);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, 2, 0);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   _mesa_BindTexture(GL_TEXTURE_2D, 3);
   _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RG8UI, 0, 0, 1, 1, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   float v[4];
   stored(GL_TEXTURE_2D, v);
   assert_float_equal(v[0], 200.0, 0.0);
   assert_float_equal(v[1], 7.0, 0.0);
   _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8I, 0, 0, 1, 1, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 1, 1, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BindTexture(GL_TEXTURE_2D, 4);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 1, GL_RG8, 1, 1);
   _mesa_CopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* DEPTH_TEXTURE_MODE exists in desktop compatibility contexts only (GL
 * 3.0 table 3.21), initially LUMINANCE. */
static void
test_depth_texture_mode(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   GLint v = 0;
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, &v);
   assert_int_equal(v, GL_LUMINANCE);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_INTENSITY);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, &v);
   assert_int_equal(v, GL_INTENSITY);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_RGBA);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);

   t = es3();
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_RED);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* BlitFramebuffer with integer buffers (ES 3.0.6 section 4.3.3). */
static void
test_blit_formats(void **state)
{
   struct gl_test *t = es3();
   static const uint32_t px[16 * 4];

   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA_INTEGER,
                    GL_UNSIGNED_BYTE, px);
   _mesa_BindTexture(GL_TEXTURE_2D, 2);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16UI, 4, 4, 0, GL_RGBA_INTEGER,
                    GL_UNSIGNED_SHORT, px);
   _mesa_BindTexture(GL_TEXTURE_2D, 3);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8I, 4, 4, 0, GL_RGBA_INTEGER,
                    GL_BYTE, px);
   _mesa_BindFramebuffer(GL_READ_FRAMEBUFFER, 1);
   _mesa_FramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, 1, 0);
   /* To the RGBA8 window: integer to normalized. */
   _mesa_BlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BindFramebuffer(GL_DRAW_FRAMEBUFFER, 2);
   _mesa_FramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, 2, 0);
   _mesa_BlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT,
                         GL_LINEAR);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* Unsigned to signed. */
   _mesa_FramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, 3, 0);
   _mesa_BlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* Pixel storage modes (ES 3.0.6 sections 3.7.1 and 4.3.2, tables 3.1
 * and 4.4). */
static void
test_pixel_store(void **state)
{
   struct gl_test *t = es3();
   GLint v;

   /* A 4 x 3 RGBA8 client image; texel (x, y) holds x + 10 y in red. */
   uint8_t src[3][4][4];
   for (unsigned y = 0; y < 3; y++)
      for (unsigned x = 0; x < 4; x++)
         for (unsigned c = 0; c < 4; c++)
            src[y][x][c] = (uint8_t)(c == 0 ? x + 10 * y : 255);
   _mesa_PixelStorei(GL_UNPACK_ROW_LENGTH, 4);
   _mesa_PixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
   _mesa_PixelStorei(GL_UNPACK_SKIP_ROWS, 1);
   _mesa_GetIntegerv(GL_UNPACK_SKIP_ROWS, &v);
   assert_int_equal(v, 1);
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, src);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* Read it back through a framebuffer with pack modes: rows of 3
    * pixels, one row and one pixel skipped. */
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, 1, 0);
   _mesa_PixelStorei(GL_PACK_ROW_LENGTH, 3);
   _mesa_PixelStorei(GL_PACK_SKIP_PIXELS, 1);
   _mesa_PixelStorei(GL_PACK_SKIP_ROWS, 1);
   uint8_t out[3][3][4];
   memset(out, 0xee, sizeof(out));
   _mesa_ReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, out);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   for (unsigned y = 0; y < 2; y++) {
      for (unsigned x = 0; x < 2; x++)
         assert_int_equal(out[1 + y][1 + x][0], (1 + x) + 10 * (1 + y));
      assert_int_equal(out[1 + y][0][0], 0xee); /* skipped pixel */
   }
   assert_int_equal(out[0][1][0], 0xee); /* skipped row */

   /* 3D: images of IMAGE_HEIGHT rows, SKIP_IMAGES first. */
   _mesa_PixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   _mesa_PixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   _mesa_PixelStorei(GL_UNPACK_SKIP_ROWS, 0);
   _mesa_PixelStorei(GL_UNPACK_IMAGE_HEIGHT, 2);
   _mesa_PixelStorei(GL_UNPACK_SKIP_IMAGES, 1);
   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 1);
   /* 3 images of 1 x 2 R8 texels: image i row r = 100 i + r. */
   const uint8_t vol[6] = {0, 1, 100, 101, 200, 201};
   _mesa_BindTexture(GL_TEXTURE_3D, 2);
   _mesa_TexImage3D(GL_TEXTURE_3D, 0, GL_R8, 1, 1, 2, 0, GL_RED,
                    GL_UNSIGNED_BYTE, vol);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   struct gl_context *ctx = _mesa_current_context;
   struct gl_texture_object *o =
      _mesa_get_current_tex_object(ctx, GL_TEXTURE_3D, "t");
   struct pipe_transfer *xfer;
   struct pipe_box box;
   u_box_3d(0, 0, 0, 1, 1, 2, &box);
   const uint8_t *m = ctx->st->pipe->texture_map(
      ctx->st->pipe, o->Image[0][0].pt, 0, PIPE_MAP_READ, &box, &xfer);
   assert_non_null(m);
   float f0[4], f1[4];
   util_format_unpack_rgba_float(o->Image[0][0].pt->format, f0, m, 1);
   util_format_unpack_rgba_float(o->Image[0][0].pt->format, f1,
                                 m + xfer->layer_stride, 1);
   ctx->st->pipe->texture_unmap(ctx->st->pipe, xfer);
   /* slice 0 = image 1 row 0, slice 1 = image 2 row 0 */
   assert_int_equal((int)(f0[0] * 255.0f + 0.5f), 100);
   assert_int_equal((int)(f1[0] * 255.0f + 0.5f), 200);

   _mesa_PixelStorei(GL_PACK_SKIP_ROWS, -1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);

   /* ES 2.0 has the unpack row length and skips (EXT_unpack_subimage),
    * not the image or pack ones. */
   t = gl_test_create(2, 0, 8, 8);
   _mesa_PixelStorei(GL_UNPACK_ROW_LENGTH, 4);
   _mesa_PixelStorei(GL_UNPACK_SKIP_ROWS, 1);
   _mesa_PixelStorei(GL_UNPACK_SKIP_PIXELS, 2);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   GLint rl = 0;
   _mesa_GetIntegerv(GL_UNPACK_ROW_LENGTH, &rl);
   assert_int_equal(rl, 4);
   _mesa_PixelStorei(GL_UNPACK_IMAGE_HEIGHT, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_PixelStorei(GL_PACK_ROW_LENGTH, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Attachment queries of the default framebuffer (ES 3.0.6 section
 * 6.1.13); the test window is RGBA8 with Z24S8. */
static void
test_default_framebuffer_queries(void **state)
{
   struct gl_test *t = es3();
   GLint v = -1;
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   assert_int_equal(v, GL_FRAMEBUFFER_DEFAULT);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE, &v);
   assert_int_equal(v, 8);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
   assert_int_equal(v, GL_UNSIGNED_NORMALIZED);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &v);
   assert_int_equal(v, GL_LINEAR);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_DEPTH, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &v);
   assert_int_equal(v, 24);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_STENCIL, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &v);
   assert_int_equal(v, 8);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_DEPTH, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
   assert_int_equal(v, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* DEPTH_STENCIL_ATTACHMENT attaches one image at both points (ES 3.0.6
 * section 4.4.2.4). */
static void
test_depth_stencil_attachment(void **state)
{
   struct gl_test *t = es3();
   GLint v = 0;
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, 1, 0);
   _mesa_BindTexture(GL_TEXTURE_2D, 2);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH24_STENCIL8, 4, 4);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                              GL_TEXTURE_2D, 2, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   assert_int_equal(v, 2);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   assert_int_equal(v, 2);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &v);
   assert_int_equal(v, 24);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* Another stencil image: the pair no longer answers. */
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, 1);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 4, 4);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                                 GL_RENDERBUFFER, 1);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* Detaching both. */
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                 GL_RENDERBUFFER, 0);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   assert_int_equal(v, GL_NONE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                 GL_RENDERBUFFER, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* EXT_color_buffer_float without EXT_float_blend: no blending into
 * 32-bit float buffers (INVALID_OPERATION at draws); 16-bit ones blend. */
static void
test_float_blend(void **state)
{
   struct gl_test *t = es3();
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   assert_int_equal(attach_texture(GL_RGBA32F), GL_FRAMEBUFFER_COMPLETE);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_Enable(GL_BLEND);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(attach_texture(GL_RGBA16F), GL_FRAMEBUFFER_COMPLETE);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* What the ES 2.0 extension formats store (the noop driver keeps the
 * bytes): BGRA_EXT texels swapped into RGBA, float texels beyond [0, 1]
 * kept (OES_texture_float), half floats (OES_texture_half_float) with
 * luminance expanded to (L, L, L, 1), depth from UNSIGNED_SHORT
 * (OES_depth_texture). */
static void
test_es2_stored_texels(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   float v[4];

   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   static const GLubyte bgra[4] = {0x10, 0x20, 0x30, 0x40};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_BGRA_EXT, 1, 1, 0, GL_BGRA_EXT,
                    GL_UNSIGNED_BYTE, bgra);
   stored(GL_TEXTURE_2D, v);
   assert_float_equal(v[0], 0x30 / 255.0, 1e-6);
   assert_float_equal(v[1], 0x20 / 255.0, 1e-6);
   assert_float_equal(v[2], 0x10 / 255.0, 1e-6);
   assert_float_equal(v[3], 0x40 / 255.0, 1e-6);

   static const GLfloat f[4] = {2.5f, -3.0f, 0.25f, 100.0f};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_FLOAT, f);
   stored(GL_TEXTURE_2D, v);
   assert_float_equal(v[0], 2.5, 0.0);
   assert_float_equal(v[1], -3.0, 0.0);
   assert_float_equal(v[3], 100.0, 0.0);

   static const GLushort half_l = 0xc000; /* -2.0 */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 1, 1, 0, GL_LUMINANCE,
                    GL_HALF_FLOAT_OES, &half_l);
   stored(GL_TEXTURE_2D, v);
   assert_float_equal(v[0], -2.0, 0.0);
   assert_float_equal(v[2], -2.0, 0.0);
   assert_float_equal(v[3], 1.0, 0.0);

   static const GLushort z16 = 0x4000;
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 1, 1, 0,
                    GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, &z16);
   stored(GL_TEXTURE_2D, v);
   assert_float_equal(v[0], 16384.0 / 65535.0, 1e-6);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* NV_read_depth (ES 3.0 contexts): DEPTH_COMPONENT reads of the depth
 * buffer, UNSIGNED_SHORT / UNSIGNED_INT_24_8 from fixed-point buffers and
 * FLOAT from float ones; other types INVALID_ENUM, the wrong kind or no
 * depth buffer INVALID_OPERATION.  (The values: piglit's
 * read_depth_gles3 on the simulator.) */
static void
test_read_depth(void **state)
{
   struct gl_test *t = es3();
   GLuint px[4];

   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, 1);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 4, 4);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                 GL_RENDERBUFFER, 1);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   _mesa_ReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, px);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_ReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT_24_8, px);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_ReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_ReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_ReadnPixels(0, 0, 2, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, 2, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT32F, 4, 4);
   _mesa_ReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, px);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_ReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* Colour only: no depth buffer to read. */
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                 GL_RENDERBUFFER, 0);
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, 2);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                 GL_RENDERBUFFER, 2);
   _mesa_ReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);

   /* Not in ES 2.0. */
   t = gl_test_create(2, 0, 8, 8);
   _mesa_ReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_teximage_combinations),
      cmocka_unit_test(test_es2_unchanged),
      cmocka_unit_test(test_renderbuffer_formats),
      cmocka_unit_test(test_texstorage_formats),
      cmocka_unit_test(test_completeness_and_queries),
      cmocka_unit_test(test_stored_texels),
      cmocka_unit_test(test_completeness_and_mipmaps),
      cmocka_unit_test(test_level_queries),
      cmocka_unit_test(test_copy_formats),
      cmocka_unit_test(test_depth_texture_mode),
      cmocka_unit_test(test_blit_formats),
      cmocka_unit_test(test_pixel_store),
      cmocka_unit_test(test_default_framebuffer_queries),
      cmocka_unit_test(test_depth_stencil_attachment),
      cmocka_unit_test(test_float_blend),
      cmocka_unit_test(test_read_depth),
      cmocka_unit_test(test_es2_stored_texels),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
