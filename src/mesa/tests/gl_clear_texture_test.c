/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture clears (GL_ARB_clear_texture, GL_EXT_clear_texture) on the noop
 * driver, whose textures keep their texels: the errors of GL 4.4 section
 * 8.21 (names, buffer textures, missing levels, compressed images, the
 * region, and data of the wrong class: depth, stencil, depth-stencil,
 * integer, colour), and the texels a clear leaves: converted from the
 * given type, zeros for NULL, only the region, every face of a cube map
 * that the slices name.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gl_desktop_fixture.h"
#include "main/extensions.h"
#include "main/mtypes.h"
#include "state_tracker/st_context.h"

static GLuint
texture_2d(GLenum internalformat, GLsizei w, GLsizei h)
{
   GLuint tex;
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 1, internalformat, w, h);
   gl_expect_error(GL_NO_ERROR);
   return tex;
}

/* Images of one internal format each and pairs that do not suit them
 * (section 8.21: the class of the data must be the image's). */
static const struct {
   GLenum internalformat;
   GLenum format, type;
} wrong_class[] = {
   {GL_RGBA8, GL_DEPTH_COMPONENT, GL_FLOAT},
   {GL_RGBA8, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE},
   {GL_RGBA8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8},
   {GL_RGBA8, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE},
   {GL_RGBA8UI, GL_RGBA, GL_UNSIGNED_BYTE},
   {GL_DEPTH_COMPONENT24, GL_RGBA, GL_FLOAT},
   {GL_DEPTH_COMPONENT24, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8},
   {GL_DEPTH24_STENCIL8, GL_DEPTH_COMPONENT, GL_FLOAT},
   {GL_DEPTH24_STENCIL8, GL_RGBA, GL_UNSIGNED_BYTE},
};

static void
test_errors(void **state)
{
   struct gl_test *t = *state;
   GLuint tex, unused;

   assert_true(_mesa_has_extension(&t->ctx->ctx, "GL_ARB_clear_texture"));
   /* Texture 0, an unused name, a name never bound. */
   _mesa_ClearTexImage(0, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_ClearTexImage(777, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_GenTextures(1, &unused);
   _mesa_ClearTexImage(unused, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl_expect_error(GL_INVALID_OPERATION);

   tex = texture_2d(GL_RGBA8, 4, 4);
   /* A level without an image, a negative one. */
   _mesa_ClearTexImage(tex, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_ClearTexImage(tex, -1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl_expect_error(GL_INVALID_VALUE);
   /* Unknown enums. */
   _mesa_ClearTexImage(tex, 0, GL_RGBA, GL_TEXTURE_2D, NULL);
   gl_expect_error(GL_INVALID_ENUM);
   /* The region: inside the 4x4x1 image, sizes not negative. */
   static const GLint regions[][6] = {
      {-1, 0, 0, 1, 1, 1}, {0, -1, 0, 1, 1, 1}, {0, 0, -1, 1, 1, 1},
      {1, 1, 0, 4, 1, 1},  {1, 1, 0, 1, 4, 1},  {1, 1, 0, 1, 1, 2},
   };
   for (unsigned i = 0; i < sizeof(regions) / sizeof(regions[0]); i++) {
      const GLint *r = regions[i];
      _mesa_ClearTexSubImage(tex, 0, r[0], r[1], r[2], r[3], r[4], r[5],
                             GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      if (_mesa_GetError() != GL_INVALID_OPERATION)
         fail_msg("region %u: not INVALID_OPERATION", i);
   }
   _mesa_ClearTexSubImage(tex, 0, 0, 0, 0, -1, 1, 1, GL_RGBA,
                          GL_UNSIGNED_BYTE, NULL);
   gl_expect_error(GL_INVALID_VALUE);
   _mesa_ClearTexSubImage(tex, 0, 1, 1, 0, 3, 3, 1, GL_RGBA,
                          GL_UNSIGNED_BYTE, NULL);
   gl_expect_error(GL_NO_ERROR);
   _mesa_DeleteTextures(1, &tex);

   for (unsigned i = 0; i < sizeof(wrong_class) / sizeof(wrong_class[0]);
        i++) {
      tex = texture_2d(wrong_class[i].internalformat, 2, 2);
      _mesa_ClearTexImage(tex, 0, wrong_class[i].format, wrong_class[i].type,
                          NULL);
      if (_mesa_GetError() != GL_INVALID_OPERATION)
         fail_msg("row %u: not INVALID_OPERATION", i);
      _mesa_DeleteTextures(1, &tex);
   }

   /* Compressed images cannot be cleared. */
   tex = texture_2d(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 4, 4);
   _mesa_ClearTexImage(tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_DeleteTextures(1, &tex);

   /* Nor buffer textures. */
   GLuint buf;
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_TEXTURE_BUFFER, buf);
   _mesa_BufferData(GL_TEXTURE_BUFFER, 16, NULL, GL_STATIC_DRAW);
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_BUFFER, tex);
   _mesa_TexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, buf);
   gl_expect_error(GL_NO_ERROR);
   _mesa_ClearTexImage(tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_DeleteTextures(1, &tex);
   _mesa_DeleteBuffers(1, &buf);
}

/* Texels a clear leaves (RGBA8 storage on the noop driver). */
static void
test_values(void **state)
{
   (void)state;
   static const GLfloat red[4] = {1.0f, 0.0f, 0.0f, 1.0f};
   static const GLubyte grey[4] = {128, 128, 128, 64};
   GLuint tex = texture_2d(GL_RGBA8, 4, 4);

   /* Floats converted to the storage, the region only, then NULL as
    * zeros; pixel storage modes do not move the texel. */
   _mesa_PixelStorei(GL_UNPACK_SKIP_PIXELS, 3);
   _mesa_ClearTexImage(tex, 0, GL_RGBA, GL_FLOAT, red);
   gl_expect_error(GL_NO_ERROR);
   _mesa_ClearTexSubImage(tex, 0, 1, 2, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                          grey);
   _mesa_ClearTexSubImage(tex, 0, 3, 3, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                          NULL);
   gl_expect_error(GL_NO_ERROR);
   assert_true(gl_test_texel_is_rgba8(0, 0, 255, 0, 0, 255));
   assert_true(gl_test_texel_is_rgba8(0, 2, 255, 0, 0, 255));
   assert_true(gl_test_texel_is_rgba8(1, 2, 128, 128, 128, 64));
   assert_true(gl_test_texel_is_rgba8(2, 2, 128, 128, 128, 64));
   assert_true(gl_test_texel_is_rgba8(3, 2, 255, 0, 0, 255));
   assert_true(gl_test_texel_is_rgba8(3, 3, 0, 0, 0, 0));
   _mesa_PixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   /* Nor do swapped bytes change it: 0x00ff is 255/65535, one step of
    * RGBA8 (0xff00 would be 254). */
   _mesa_PixelStorei(GL_UNPACK_SWAP_BYTES, GL_TRUE);
   static const GLushort small[4] = {0x00ff, 0, 0, 0xffff};
   _mesa_ClearTexImage(tex, 0, GL_RGBA, GL_UNSIGNED_SHORT, small);
   gl_expect_error(GL_NO_ERROR);
   _mesa_PixelStorei(GL_UNPACK_SWAP_BYTES, GL_FALSE);
   assert_true(gl_test_texel_is_rgba8(2, 1, 1, 0, 0, 255));
   _mesa_DeleteTextures(1, &tex);

   /* Integer data into an integer image, clamped as TexSubImage would. */
   tex = texture_2d(GL_RGBA8UI, 2, 2);
   static const GLuint big[4] = {7, 300, 0, 1};
   _mesa_ClearTexImage(tex, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, big);
   gl_expect_error(GL_NO_ERROR);
   uint8_t v[4];
   gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 1, 1, 0, v, 4);
   assert_int_equal(v[0], 7);
   assert_int_equal(v[1], 255);
   assert_int_equal(v[3], 1);
   _mesa_DeleteTextures(1, &tex);

   /* Depth data into a float depth image. */
   tex = texture_2d(GL_DEPTH_COMPONENT32F, 2, 2);
   static const GLfloat half = 0.5f;
   _mesa_ClearTexImage(tex, 0, GL_DEPTH_COMPONENT, GL_FLOAT, &half);
   gl_expect_error(GL_NO_ERROR);
   float z = 0.0f;
   gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 1, 0, 0, &z, 4);
   assert_true(z == 0.5f);
   _mesa_DeleteTextures(1, &tex);

   /* Cube maps: slices 2 and 3 are the Y faces. */
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP, tex);
   _mesa_TexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 2, 2);
   _mesa_ClearTexSubImage(tex, 0, 0, 0, 2, 2, 2, 2, GL_RGBA,
                          GL_UNSIGNED_BYTE, grey);
   gl_expect_error(GL_NO_ERROR);
   _mesa_ClearTexSubImage(tex, 0, 0, 0, 5, 1, 1, 2, GL_RGBA,
                          GL_UNSIGNED_BYTE, grey);
   gl_expect_error(GL_INVALID_OPERATION);
   for (unsigned face = 0; face < 6; face++) {
      gl_test_read_texel(GL_TEXTURE_CUBE_MAP, face, 0, 1, 1, 0, v, 4);
      assert_int_equal(v[0], face == 2 || face == 3 ? 128 : 0);
   }
   _mesa_DeleteTextures(1, &tex);
}

/* GL_EXT_clear_texture in ES 3.1 only; the ES pairs need not be the
 * image's own row of the ES tables. */
static void
test_es(void **state)
{
   (void)state;
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_false(_mesa_has_extension(&t->ctx->ctx, "GL_EXT_clear_texture"));
   gl_test_destroy(t);

   t = gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 1, 8, 8);
   assert_true(_mesa_has_extension(&t->ctx->ctx, "GL_EXT_clear_texture"));
   assert_false(_mesa_has_extension(&t->ctx->ctx, "GL_ARB_clear_texture"));
   GLuint tex = texture_2d(GL_RGBA8, 2, 2);
   static const GLfloat green[4] = {0.0f, 1.0f, 0.0f, 1.0f};
   _mesa_ClearTexImage(tex, 0, GL_RGBA, GL_FLOAT, green);
   gl_expect_error(GL_NO_ERROR);
   assert_true(gl_test_texel_is_rgba8(1, 1, 0, 255, 0, 255));
   _mesa_DeleteTextures(1, &tex);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      GL_DESKTOP_TEST(test_errors),
      GL_DESKTOP_TEST(test_values),
      cmocka_unit_test(test_es),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
