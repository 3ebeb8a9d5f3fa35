/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * BPTC (EXT_texture_compression_bptc in ES 3.0, ARB_texture_compression_
 * bptc in desktop GL) and the desktop paths of S3TC, RGTC and the generic
 * compressed formats, on the noop driver wrapped so that it samples no
 * BC format (as AGX here): which contexts take which formats, the errors
 * of the extensions, 3D targets, queries, and the decoded texels.  The
 * blocks are two of src/util/format/tests/format_bptc_test.c (their texels
 * are worked out there).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gl_test_context.h"
#include "main/context.h"
#include "main/texobj.h"
#include "pipe/p_screen.h"
#include "state_tracker/st_context.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"

/* BC7 mode 6: texel 0 (0, 128, 254, 254), texel 5 (84, 128, 171, 254),
 * texel 15 (255, 129, 1, 255). */
static const uint8_t bc7_block[16] = {0x40, 0xc0, 0x1f, 0x08, 0xfc, 0x03,
                                      0xfe, 0x7f, 0x11, 0x32, 0x54, 0x76,
                                      0x98, 0xba, 0xdc, 0xfe};
/* BC6H mode 3, unsigned: texel 0 (0, 0x3e0f, 0x7bff), texel 1 (0x41df,
 * 0x3e0f, 0x3a20), texel 15 (0x7bff, 0x3e0f, 0) as halves. */
static const uint8_t bc6h_block[16] = {0x03, 0x00, 0x00, 0xff, 0xff, 0x1f,
                                       0x40, 0x00, 0x80, 0x00, 0x00, 0x00,
                                       0x00, 0x00, 0x00, 0xf0};

/* A driver without S3TC, RGTC or BPTC sampling, like AGX. */
static bool
is_bc(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d && (d->layout == UTIL_FORMAT_LAYOUT_S3TC ||
                d->layout == UTIL_FORMAT_LAYOUT_RGTC ||
                d->layout == UTIL_FORMAT_LAYOUT_BPTC);
}

static struct gl_test *
es(int major)
{
   struct gl_test *t;

   if (major == 3) {
      t = gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   } else {
      t = gl_test_create(2, 0, 8, 8);
   }
   assert_non_null(t);
   gl_test_refuse_formats(t, is_bc);
   return t;
}

static struct gl_test *
desktop(void)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   gl_test_refuse_formats(t, is_bc);
   return t;
}

static bool
has_extension(const char *name)
{
   const char *ext = (const char *)_mesa_GetString(GL_EXTENSIONS);
   size_t n = strlen(name);

   for (const char *p = ext; p && (p = strstr(p, name)); p += n) {
      if ((p == ext || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   }
   return false;
}

static void
expect_half4(GLenum target, unsigned x, unsigned y, unsigned z, unsigned r,
             unsigned g, unsigned b)
{
   uint16_t v[4];
   assert_int_equal(gl_test_read_texel(target, 0, 0, x, y, z, v, 8),
                    PIPE_FORMAT_R16G16B16A16_FLOAT);
   assert_int_equal(v[0], r);
   assert_int_equal(v[1], g);
   assert_int_equal(v[2], b);
   assert_int_equal(v[3], 0x3c00); /* 1.0 */
}

/* EXT_texture_compression_bptc needs ES 3.0. */
static void
test_es2_has_no_bptc(void **state)
{
   (void)state;
   struct gl_test *t = es(2);
   assert_false(has_extension("GL_EXT_texture_compression_bptc"));
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0,
                              GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, 4, 4, 0, 16,
                              bc7_block);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* The calls of piglit's bptc-api, and the decoded texels of a BC7 and a
 * BC6H block. */
static void
test_es3_bptc(void **state)
{
   (void)state;
   struct gl_test *t = es(3);
   assert_true(has_extension("GL_EXT_texture_compression_bptc"));
   _mesa_BindTexture(GL_TEXTURE_2D, 1);

   /* TexImage2D: only RGBA/UNSIGNED_BYTE (unorm) and RGB/FLOAT (float),
    * INVALID_OPERATION for other pairs (the extension's Errors). */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, 64,
                    64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM_EXT,
                    64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT,
                    64, 64, 0, GL_RGB, GL_FLOAT, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT,
                    64, 64, 0, GL_RGB, GL_FLOAT, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, 4, 4,
                    0, GL_RGB, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT,
                    4, 4, 0, GL_RGBA, GL_FLOAT, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* CompressedTexImage2D: 16 bytes a block (64x64: 4096). */
   const GLenum formats[4] = {GL_COMPRESSED_RGBA_BPTC_UNORM_EXT,
                              GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM_EXT,
                              GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT,
                              GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT};
   for (unsigned i = 0; i < 4; i++) {
      _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, formats[i], 64, 64, 0,
                                 4096, NULL);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, formats[i], 5, 5, 0, 16,
                                 bc7_block);
      assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   }

   /* Decoded: BC7 into R8G8B8A8_UNORM. */
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0,
                              GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, 4, 4, 0, 16,
                              bc7_block);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(gl_test_texel_is_rgba8(0, 0, 0, 128, 254, 254));
   assert_true(gl_test_texel_is_rgba8(1, 1, 84, 128, 171, 254));
   assert_true(gl_test_texel_is_rgba8(3, 3, 255, 129, 1, 255));

   /* BC6H into R16G16B16A16_FLOAT; a sub-image on the block grid. */
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0,
                              GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT, 8, 6,
                              0, 64, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 2,
                                 GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT, 16,
                                 bc6h_block);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   expect_half4(GL_TEXTURE_2D, 4, 4, 0, 0, 0x3e0f, 0x7bff);
   expect_half4(GL_TEXTURE_2D, 5, 4, 0, 0x41df, 0x3e0f, 0x3a20);
   _mesa_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4,
                                 GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT, 16,
                                 bc6h_block);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4,
                                 GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT, 16,
                                 bc6h_block);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* BPTC has 3D textures (table 8.17 of the extension: "3D Tex yes");
 * RGTC and S3TC do not. */
static void
test_es3_bptc_3d(void **state)
{
   uint8_t blocks[2 * 16];

   (void)state;
   memcpy(blocks, bc6h_block, 16);
   memcpy(blocks + 16, bc6h_block, 16);
   blocks[16 + 15] = 0; /* texel 15 of layer 1: index 0 -> texel 0's */
   struct gl_test *t = es(3);
   _mesa_BindTexture(GL_TEXTURE_3D, 1);
   _mesa_CompressedTexImage3D(GL_TEXTURE_3D, 0,
                              GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT, 4, 4,
                              2, 0, 32, blocks);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   expect_half4(GL_TEXTURE_3D, 3, 3, 0, 0x7bff, 0x3e0f, 0);
   expect_half4(GL_TEXTURE_3D, 3, 3, 1, 0, 0x3e0f, 0x7bff);
   _mesa_CompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RED_RGTC1_EXT, 4,
                              4, 2, 0, 16, blocks);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, 4, 4,
                    4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 4, 4,
                    4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, 2);
   _mesa_TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT,
                    4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* TexStorage3D: each level halves the depth of a 3D texture. */
   _mesa_BindTexture(GL_TEXTURE_3D, 3);
   _mesa_TexStorage3D(GL_TEXTURE_3D, 3, GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, 8, 8,
                      4);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   GLint d = 0;
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_3D, 2, GL_TEXTURE_DEPTH, &d);
   assert_int_equal(d, 1);
   _mesa_BindTexture(GL_TEXTURE_3D, 4);
   _mesa_TexStorage3D(GL_TEXTURE_3D, 1, GL_COMPRESSED_RG11_EAC, 8, 8, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* Desktop: the extensions, RGTC (core in GL 3.0), S3TC and BPTC. */
static void
test_desktop_formats(void **state)
{
   uint8_t blocks[4 * 16] = {0};

   (void)state;
   struct gl_test *t = desktop();
   assert_true(has_extension("GL_ARB_texture_compression"));
   assert_true(has_extension("GL_ARB_texture_compression_bptc"));
   assert_true(has_extension("GL_ARB_texture_compression_rgtc"));
   assert_true(has_extension("GL_EXT_texture_compression_rgtc"));
   assert_true(has_extension("GL_EXT_texture_compression_s3tc"));
   assert_false(has_extension("GL_EXT_texture_compression_bptc"));
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 4, 4,
                              0, 16, blocks);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   GLint v = 0;
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &v);
   assert_int_equal(v, GL_TRUE);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT,
                                &v);
   assert_int_equal(v, GL_COMPRESSED_RG_RGTC2);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0,
                                GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   assert_int_equal(v, 16);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0,
                              GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 4, 4, 0, 8,
                              blocks);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0,
                              GL_COMPRESSED_RGBA_BPTC_UNORM_ARB, 4, 4, 0, 16,
                              bc7_block);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(gl_test_texel_is_rgba8(0, 0, 0, 128, 254, 254));
   /* The sRGB S3TC formats come with EXT_texture_sRGB (since wave 14);
    * ETC2 would need ARB_ES3_compatibility. */
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0,
                              GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, 4, 4, 0, 8,
                              blocks);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4,
                              0, 8, blocks);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   /* Targets: 2D arrays yes, 3D only BPTC; RGTC is not a 1D format. */
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, 2);
   _mesa_CompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RED_RGTC1,
                              4, 4, 2, 0, 16, blocks);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_BindTexture(GL_TEXTURE_3D, 3);
   _mesa_CompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4,
                              2, 0, 16, blocks);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_CompressedTexImage3D(GL_TEXTURE_3D, 0,
                              GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 2, 0, 16,
                              blocks);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_CompressedTexImage3D(GL_TEXTURE_3D, 0,
                              GL_COMPRESSED_RGBA_BPTC_UNORM_ARB, 4, 4, 2, 0,
                              32, blocks);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_BindTexture(GL_TEXTURE_1D, 4);
   _mesa_TexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RED_RGTC1, 4, 0, GL_RED,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Desktop TexImage with compressed internal formats: any colour format
 * (GL 4.6 section 8.5), stored uncompressed; generic compressed formats
 * become uncompressed formats of their base format (TEXTURE_COMPRESSED
 * false); the compression hint. */
static void
test_desktop_teximage(void **state)
{
   uint8_t texels[4 * 4 * 4];

   (void)state;
   for (unsigned i = 0; i < sizeof(texels); i++)
      texels[i] = (uint8_t)(i % 4 == 0 ? 200 : 7);
   struct gl_test *t = desktop();
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   uint8_t r = 0;
   assert_int_equal(gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 2, 1, 0, &r, 1),
                    PIPE_FORMAT_R8_UNORM);
   assert_int_equal(r, 200);
   /* Not compressed by the GL: an uncompressed format took its place. */
   GLint q = -1;
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &q);
   assert_int_equal(q, GL_FALSE);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT,
                                &q);
   assert_int_equal(q, GL_R8);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 4, 4,
                    0, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM_ARB, 4, 4,
                    0, GL_BGRA, GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(gl_test_texel_is_rgba8(0, 0, 7, 7, 200, 7));

   const struct {
      GLenum generic, base;
   } generic[] = {
      {GL_COMPRESSED_RED, GL_R8},      {GL_COMPRESSED_RG, GL_RG8},
      {GL_COMPRESSED_RGB, GL_RGB},     {GL_COMPRESSED_RGBA, GL_RGBA},
      {GL_COMPRESSED_SRGB, GL_SRGB8},
   };
   for (unsigned i = 0; i < sizeof(generic) / sizeof(generic[0]); i++) {
      GLint v = -1;
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, (GLint)generic[i].generic, 4, 4, 0,
                       GL_RGBA, GL_UNSIGNED_BYTE, texels);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED,
                                   &v);
      assert_int_equal(v, GL_FALSE);
      _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0,
                                   GL_TEXTURE_INTERNAL_FORMAT, &v);
      assert_int_equal(v, (GLint)generic[i].base);
      _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0,
                                   GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
      assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   }
   /* A 6x5 BC6H image from texels is an RGB16F one; a 6x5 one from blocks
    * has 2x2 blocks of 16 bytes. */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT,
                    6, 5, 0, GL_RGB, GL_FLOAT, NULL);
   GLint size = 0;
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT,
                                &size);
   assert_int_equal(size, GL_RGB16F);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0,
                                GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0,
                              GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, 6, 5, 0,
                              64, NULL);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0,
                                GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size);
   assert_int_equal(size, 64);

   GLint hint = 0;
   _mesa_GetIntegerv(GL_TEXTURE_COMPRESSION_HINT, &hint);
   assert_int_equal(hint, GL_DONT_CARE);
   _mesa_Hint(GL_TEXTURE_COMPRESSION_HINT, GL_NICEST);
   _mesa_GetIntegerv(GL_TEXTURE_COMPRESSION_HINT, &hint);
   assert_int_equal(hint, GL_NICEST);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   /* ES has neither the hint nor generic compressed formats. */
   t = es(3);
   _mesa_Hint(GL_TEXTURE_COMPRESSION_HINT, GL_NICEST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

/* GetCompressedTexImage gives back the blocks a texture keeps (the noop
 * driver samples every format, as AGX samples BC1-BC7). */
static void
test_get_compressed(void **state)
{
   uint8_t blocks[2 * 16], out[2 * 16 + 1];

   (void)state;
   for (unsigned i = 0; i < sizeof(blocks); i++)
      blocks[i] = (uint8_t)(i * 7 + 1);
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 4, 8,
                              0, 32, blocks);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   memset(out, 0xee, sizeof(out));
   _mesa_GetCompressedTexImage(GL_TEXTURE_2D, 0, out);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_memory_equal(out, blocks, 32);
   assert_int_equal(out[32], 0xee);
   _mesa_GetnCompressedTexImage(GL_TEXTURE_2D, 0, 31, out);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* Errors: a cube map as a whole, a bad level, an uncompressed image. */
   _mesa_GetCompressedTexImage(GL_TEXTURE_CUBE_MAP, 0, out);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetCompressedTexImage(GL_TEXTURE_2D, -1, out);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   _mesa_GetCompressedTexImage(GL_TEXTURE_2D, 0, out);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);

   /* A driver that does not sample BC: the blocks were decoded. */
   t = desktop();
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 4, 8,
                              0, 32, blocks);
   _mesa_GetCompressedTexImage(GL_TEXTURE_2D, 0, out);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_es2_has_no_bptc),
      cmocka_unit_test(test_es3_bptc),
      cmocka_unit_test(test_es3_bptc_3d),
      cmocka_unit_test(test_desktop_formats),
      cmocka_unit_test(test_desktop_teximage),
      cmocka_unit_test(test_get_compressed),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
