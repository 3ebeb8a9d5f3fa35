/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Proxy textures (GL 4.6 section 8.22): TexImage* on a PROXY_TEXTURE_*
 * target checks the image as the real target would, allocates nothing and
 * records the level state GetTexLevelParameter then returns; an image too
 * large for the context leaves that state all zeros, without an error.
 * The errors that do not depend on support (section 8.5: a bad level,
 * negative sizes, a non-square cube map) stay errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "gl_test_context.h"
#include "main/mtypes.h"

/* A context of that profile and version; the noop driver offers the
 * later versions when told to (as gl_desktop33 and gl_separate do). */
static struct gl_test *
context(enum st_profile_type profile, int major, int minor)
{
   struct gl_test *t = gl_test_create_version(profile, major, minor, 8, 8);
   assert_non_null(t);
   return t;
}

static GLint
level_param(GLenum target, GLint level, GLenum pname)
{
   GLint v = -1;
   _mesa_GetTexLevelParameteriv(target, level, pname, &v);
   return v;
}

/* A supported image reads back its size and format; one a texel too wide
 * reads back zeros, and neither raises an error. */
static void
test_proxy_2d_sizes(void **state)
{
   struct gl_test *t = context(ST_PROFILE_DEFAULT, 2, 1);
   const GLint max = gl_test_get_int(GL_MAX_TEXTURE_SIZE);

   assert_true(max >= 1024); /* GL 3.0 table 6.37 minimum */
   _mesa_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, max, max, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), max);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT),
                    max);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_DEPTH), 1);
   assert_int_equal(
      level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT),
      GL_RGBA8);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE),
                    8);

   _mesa_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, max + 1, max, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 0);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT), 0);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE),
                    0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* Level 1 halves the limit (section 8.5: the level's size). */
   _mesa_TexImage2D(GL_PROXY_TEXTURE_2D, 1, GL_RGBA8, max, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 1, GL_TEXTURE_WIDTH), 0);
   _mesa_TexImage2D(GL_PROXY_TEXTURE_2D, 1, GL_RGBA8, max / 2, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 1, GL_TEXTURE_WIDTH),
                    max / 2);
   gl_test_destroy(t);
}

/* The proxy is not the bound texture: its images stay as they were. */
static void
test_proxy_leaves_texture_alone(void **state)
{
   struct gl_test *t = context(ST_PROFILE_DEFAULT, 2, 1);
   static const GLubyte px[2 * 2 * 4];

   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, px);
   _mesa_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGB8, 64, 32, 0, GL_RGB,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 2);
   assert_int_equal(level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT),
                    GL_RGBA8);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 64);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE),
                    0);
   gl_test_destroy(t);
}

/* Each proxy target with the command that takes it (sections 8.5-8.6). */
static void
test_proxy_targets(void **state)
{
   struct gl_test *t = context(ST_PROFILE_OPENGL_CORE, 3, 3);
   const GLint max3d = gl_test_get_int(GL_MAX_3D_TEXTURE_SIZE);
   const GLint max_cube = gl_test_get_int(GL_MAX_CUBE_MAP_TEXTURE_SIZE);
   const GLint layers = gl_test_get_int(GL_MAX_ARRAY_TEXTURE_LAYERS);

   _mesa_TexImage1D(GL_PROXY_TEXTURE_1D, 0, GL_R8, 16, 0, GL_RED,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_1D, 0, GL_TEXTURE_WIDTH), 16);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_1D, 0, GL_TEXTURE_HEIGHT), 1);

   _mesa_TexImage3D(GL_PROXY_TEXTURE_3D, 0, GL_RGBA8, 4, 4, max3d + 1, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_3D, 0, GL_TEXTURE_DEPTH), 0);
   _mesa_TexImage3D(GL_PROXY_TEXTURE_3D, 0, GL_RGBA8, 4, 4, max3d, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_3D, 0, GL_TEXTURE_DEPTH),
                    max3d);

   _mesa_TexImage3D(GL_PROXY_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, layers + 1, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D_ARRAY, 0, GL_TEXTURE_WIDTH),
                    0);

   _mesa_TexImage2D(GL_PROXY_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 8, layers, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(
      level_param(GL_PROXY_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_HEIGHT), layers);

   /* 2048 is GL 4.6's minimum MAX_CUBE_MAP_TEXTURE_SIZE: six RGBA8 faces
    * of 96 MiB. */
   assert_true(max_cube >= 2048);
   _mesa_TexImage2D(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_RGBA8, 2048, 2048, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_TEXTURE_WIDTH),
                    2048);
   /* Within the size limits but more than Mesa's 1024 MiB an image
    * (MAX_TEXTURE_MBYTES): 2048^3 RGBA8 texels are 32 GiB. */
   _mesa_TexImage3D(GL_PROXY_TEXTURE_3D, 0, GL_RGBA8, 2048, 2048, 2048, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_3D, 0, GL_TEXTURE_WIDTH), 0);
   /* A rectangle texture has level 0 only (section 8.5), proxy or not. */
   _mesa_TexImage2D(GL_PROXY_TEXTURE_RECTANGLE, 0, GL_RGBA8, 5, 3, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(
      level_param(GL_PROXY_TEXTURE_RECTANGLE, 0, GL_TEXTURE_HEIGHT), 3);
   _mesa_TexImage2D(GL_PROXY_TEXTURE_RECTANGLE, 1, GL_RGBA8, 5, 3, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   /* A proxy of the wrong dimension count is no target of that command. */
   _mesa_TexImage2D(GL_PROXY_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexImage3D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Errors section 8.5 lists whatever the support: they leave the proxy's
 * state as it was. */
static void
test_proxy_errors(void **state)
{
   struct gl_test *t = context(ST_PROFILE_DEFAULT, 2, 1);

   _mesa_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   _mesa_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, -1, 8, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexImage2D(GL_PROXY_TEXTURE_2D, -1, GL_RGBA8, 8, 8, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, 0x1234,
                    NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   /* A packed type with a format of another component count (GL 4.6
    * section 8.4.4.2) is INVALID_OPERATION. */
   _mesa_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0,
                    GL_DEPTH_COMPONENT, GL_UNSIGNED_INT_8_8_8_8, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexImage2D(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_RGBA8, 8, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 8);
   /* GetTexLevelParameter's level range (section 8.11.3). */
   _mesa_GetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, MAX_TEXTURE_LEVELS,
                                GL_TEXTURE_WIDTH, &(GLint){0});
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

/* TexStorage* (GL 4.6 section 8.19) on the proxies: each level's size as
 * the real call would make it, or zeros for a texture too large. */
static void
test_proxy_storage(void **state)
{
   struct gl_test *t = context(ST_PROFILE_OPENGL_CORE, 3, 3);
   const GLint max = gl_test_get_int(GL_MAX_TEXTURE_SIZE);

   _mesa_TexStorage2D(GL_PROXY_TEXTURE_2D, 3, GL_RGBA8, 16, 8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 16);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 2, GL_TEXTURE_WIDTH), 4);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 2, GL_TEXTURE_HEIGHT), 2);
   assert_int_equal(
      level_param(GL_PROXY_TEXTURE_2D, 1, GL_TEXTURE_INTERNAL_FORMAT),
      GL_RGBA8);

   _mesa_TexStorage2D(GL_PROXY_TEXTURE_2D, 1, GL_RGBA8, max + 1, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 0);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 2, GL_TEXTURE_WIDTH), 0);

   /* An array keeps its layer count at every level. */
   _mesa_TexStorage3D(GL_PROXY_TEXTURE_2D_ARRAY, 2, GL_RGBA8, 8, 8, 5);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D_ARRAY, 1, GL_TEXTURE_WIDTH),
                    4);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D_ARRAY, 1, GL_TEXTURE_DEPTH),
                    5);
   _mesa_TexStorage1D(GL_PROXY_TEXTURE_1D, 1, GL_RGBA8, 32);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_1D, 0, GL_TEXTURE_WIDTH), 32);

   /* More levels than the size has stays INVALID_OPERATION. */
   _mesa_TexStorage2D(GL_PROXY_TEXTURE_2D, 6, GL_RGBA8, 16, 16);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* CompressedTexImage2D/3D and TexStorage2D/3D with a compressed format
 * take the proxies of their targets (GL 4.6 sections 8.7, 8.19): the
 * level state keeps the compressed internal format
 * (TEXTURE_COMPRESSED true), an image too large leaves zeros without an
 * error, a wrong imageSize is still INVALID_VALUE, and a proxy has no
 * TEXTURE_COMPRESSED_IMAGE_SIZE (section 8.11.3: INVALID_OPERATION).
 * DXT1 blocks: 8 bytes per 4x4 texels (EXT_texture_compression_s3tc);
 * RGTC1 the same (EXT_texture_compression_rgtc). */
#define DXT1_RGBA 0x83F1
#define RGTC1_RED 0x8DBB
static void
test_proxy_compressed(void **state)
{
   struct gl_test *t = context(ST_PROFILE_DEFAULT, 3, 0);
   const GLint max = gl_test_get_int(GL_MAX_TEXTURE_SIZE);
   GLint v = -1;

   _mesa_CompressedTexImage2D(GL_PROXY_TEXTURE_2D, 0, DXT1_RGBA, 64, 32, 0,
                              64 * 32 / 2, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 64);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT),
                    32);
   assert_int_equal(
      level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT),
      DXT1_RGBA);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED),
                    GL_TRUE);
   _mesa_GetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0,
                                GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* nothing of it reached the texture */
   assert_int_equal(level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 0);

   _mesa_CompressedTexImage2D(GL_PROXY_TEXTURE_2D, 0, DXT1_RGBA, 64, 32, 0,
                              100, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_CompressedTexImage2D(GL_PROXY_TEXTURE_2D, 0, DXT1_RGBA, 2 * max, 4,
                              0, 2 * max * 4 / 2, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 0);

   _mesa_CompressedTexImage3D(GL_PROXY_TEXTURE_2D_ARRAY, 1, RGTC1_RED, 8, 8,
                              3, 0, 8 * 8 * 3 / 2, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D_ARRAY, 1, GL_TEXTURE_DEPTH),
                    3);
   assert_int_equal(
      level_param(GL_PROXY_TEXTURE_2D_ARRAY, 1, GL_TEXTURE_INTERNAL_FORMAT),
      RGTC1_RED);
   /* TexStorage2D too (section 8.19): its levels, the others zero */
   _mesa_TexStorage2D(GL_PROXY_TEXTURE_2D, 3, DXT1_RGBA, 64, 32);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 2, GL_TEXTURE_WIDTH), 16);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 2, GL_TEXTURE_HEIGHT), 8);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 2, GL_TEXTURE_COMPRESSED),
                    GL_TRUE);
   assert_int_equal(level_param(GL_PROXY_TEXTURE_2D, 3, GL_TEXTURE_WIDTH), 0);
   /* a proxy of the other command's dimensions is no target of it */
   _mesa_CompressedTexImage2D(GL_PROXY_TEXTURE_3D, 0, RGTC1_RED, 8, 8, 0, 32,
                              NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* ES has no proxy targets (ES 3.1 sections 8.5 and 8.10.3). */
static void
test_es_has_no_proxies(void **state)
{
   struct gl_test *t = context(ST_PROFILE_OPENGL_ES2, 3, 1);
   GLint v = 0;

   _mesa_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_proxy_2d_sizes),
      cmocka_unit_test(test_proxy_leaves_texture_alone),
      cmocka_unit_test(test_proxy_targets),
      cmocka_unit_test(test_proxy_errors),
      cmocka_unit_test(test_proxy_storage),
      cmocka_unit_test(test_proxy_compressed),
      cmocka_unit_test(test_es_has_no_proxies),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
