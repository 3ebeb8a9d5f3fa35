/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Compressed textures (ES 3.0.6 section 3.8.5, OES_compressed_ETC1_RGB8_
 * texture) on the noop driver: the format lists, the errors of
 * CompressedTex[Sub]Image2D/3D and compressed TexStorage, and what is
 * stored: the blocks themselves when the driver samples ETC, decoded
 * texels when it does not (a wrapped is_format_supported says no).
 * ES 3.0 contexts come from MESA_GLES_VERSION_OVERRIDE=3.0.
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
#include "state_tracker/st_texture.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"

/* The T-mode block of src/util/format/tests/format_etc_test.c: row y of
 * the block is paint colour y, (221, 34, 170), (117, 168, 83),
 * (85, 136, 51), (53, 104, 19). */
static const uint8_t t_block[8] = {0xF9, 0x2A, 0x58, 0x3B,
                                   0xCC, 0xCC, 0xAA, 0xAA};
static const uint8_t t_rows[4][4] = {
   {221, 34, 170, 255}, {117, 168, 83, 255},
   {85, 136, 51, 255},  {53, 104, 19, 255},
};

/* EAC R11 of the same test: base 128, multiplier 2, table 0, texel
 * (x, y) index (x * 4 + y) % 8; (0, 0) is 980, widened to 16 bits 31375;
 * (0, 3) is 788 -> 25216 | 12 = 25228. */
static const uint8_t r11_block[8] = {0x80, 0x20, 0x05, 0x39,
                                     0x77, 0x05, 0x39, 0x77};

static struct gl_test *
es3(void)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   return t;
}

/* A driver without ETC sampling, like AGX here. */
static bool
is_etc(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d && d->layout == UTIL_FORMAT_LAYOUT_ETC;
}

/* Nor the 16-bit normalised formats: EAC falls back to RGBA16F. */
static bool
is_etc_or_r16(enum pipe_format format)
{
   return format == PIPE_FORMAT_R16_UNORM || format == PIPE_FORMAT_R16_SNORM ||
          format == PIPE_FORMAT_R16G16_UNORM ||
          format == PIPE_FORMAT_R16G16_SNORM || is_etc(format);
}

static struct gl_test *
es3_without_etc(void)
{
   struct gl_test *t = es3();
   gl_test_refuse_formats(t, is_etc);
   return t;
}

static enum pipe_format
stored_format(GLenum target, unsigned level)
{
   struct gl_context *ctx = _mesa_current_context;
   struct gl_texture_object *t =
      _mesa_get_current_tex_object(ctx, target, "test");
   return t->Image[0][level].pt ? t->Image[0][level].pt->format
                                : PIPE_FORMAT_NONE;
}

static void
test_format_lists(void **state)
{
   GLint n = -1, list[64];

   (void)state;
   /* ES 2.0: ETC1 and the four S3TC formats (the extensions; the
    * EXT_texture_compression_s3tc list for ES includes RGBA DXT1), and
    * the 28 ASTC LDR formats (the test driver samples everything). */
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   _mesa_GetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
   assert_int_equal(n, 5 + 28);
   assert_non_null(strstr((const char *)_mesa_GetString(GL_EXTENSIONS),
                          "GL_KHR_texture_compression_astc_ldr"));
   _mesa_GetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, list);
   assert_int_equal(list[0], GL_ETC1_RGB8_OES);
   assert_non_null(strstr((const char *)_mesa_GetString(GL_EXTENSIONS),
                          "GL_OES_compressed_ETC1_RGB8_texture"));
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4,
                              0, 8, t_block);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_OES, 4, 4, 0, 8,
                              t_block);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   /* ES 3.0: the ten ETC2/EAC formats (table 3.19), ETC1, the eight S3TC
    * (with sRGB), the four RGTC and the four BPTC formats. */
   t = es3();
   _mesa_GetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
   assert_int_equal(n, 27 + 28);
   memset(list, 0, sizeof(list));
   _mesa_GetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, list);
   for (GLenum f = GL_COMPRESSED_R11_EAC;
        f <= GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC; f++) {
      bool found = false;
      for (int i = 0; i < n; i++)
         found |= list[i] == (GLint)f;
      assert_true(found);
   }
   /* KHR_texture_compression_astc_ldr: 0x93B0-0x93BD and 0x93D0-0x93DD. */
   for (GLenum f = GL_COMPRESSED_RGBA_ASTC_4x4_KHR;
        f <= GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR; f++) {
      bool found = false;
      for (int i = 0; i < n; i++)
         found |= list[i] == (GLint)f;
      unsigned lo = f & 0xff;
      assert_true(found == ((lo >= 0xb0 && lo <= 0xbd) ||
                            (lo >= 0xd0 && lo <= 0xdd)));
   }
   /* TexImage with them: INVALID_OPERATION (nothing compresses online);
    * sub-images start on the footprint's blocks (5x4 here). */
   uint8_t astc[4 * 16] = {0};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 4,
                    0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_5x4_KHR,
                              10, 8, 0, sizeof(astc), astc);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 5, 4, 5, 4,
                                 GL_COMPRESSED_RGBA_ASTC_5x4_KHR, 16, astc);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 5, 4,
                                 GL_COMPRESSED_RGBA_ASTC_5x4_KHR, 16, astc);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   /* Desktop contexts list only the general-purpose formats (GL 4.6
    * section 8.7): RGB DXT1, DXT3 and DXT5; not RGBA DXT1, RGTC or BPTC,
    * which they take all the same. */
   t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   _mesa_GetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
   assert_int_equal(n, 3);
   _mesa_GetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, list);
   assert_int_equal(list[0], GL_COMPRESSED_RGB_S3TC_DXT1_EXT);
   assert_int_equal(list[1], GL_COMPRESSED_RGBA_S3TC_DXT3_EXT);
   assert_int_equal(list[2], GL_COMPRESSED_RGBA_S3TC_DXT5_EXT);
   gl_test_destroy(t);
}

static void
test_teximage_errors(void **state)
{
   uint8_t blocks[4 * 16] = {0};

   (void)state;
   struct gl_test *t = es3();
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
#define IMG2D(target, level, fmt, w, h, border, size)                          \
   _mesa_CompressedTexImage2D(target, level, fmt, w, h, border, size, blocks)
   IMG2D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   IMG2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   IMG2D(GL_TEXTURE_2D, -1, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   IMG2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 1, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   IMG2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, -4, 4, 0, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* imageSize: 8x8 RGB8 is 4 blocks of 8 bytes; RGBA8 5x5 is 2x2 blocks
    * of 16. */
   IMG2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 0, 31);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   IMG2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 0, -1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   IMG2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 5, 5, 0, 64);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* 1x1 and 2x2 mip levels still take a whole block. */
   IMG2D(GL_TEXTURE_2D, 2, GL_COMPRESSED_RGBA8_ETC2_EAC, 1, 1, 0, 16);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   IMG2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA8_ETC2_EAC, 2, 2, 0, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* Cube faces are square. */
   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP, 2);
   IMG2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_COMPRESSED_R11_EAC, 8, 4, 0,
         16);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   IMG2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_COMPRESSED_R11_EAC, 4, 4, 0,
         8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
#undef IMG2D

   /* 3D: only 2D arrays take ETC2/EAC; ETC1 is for 2D images only. */
   _mesa_BindTexture(GL_TEXTURE_3D, 3);
   _mesa_CompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4,
                              1, 0, 8, blocks);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, 4);
   _mesa_CompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_ETC1_RGB8_OES, 4, 4,
                              1, 0, 8, blocks);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_CompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGB8_ETC2,
                              4, 4, 3, 0, 23, blocks);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_CompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGB8_ETC2,
                              4, 4, 3, 0, 24, blocks);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_CompressedTexImage3D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4,
                              1, 0, 8, blocks);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   /* A compressed image is not renderable: no GenerateMipmap, no
    * uncompressed TexSubImage or CopyTexSubImage. */
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_GenerateMipmap(GL_TEXTURE_2D);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA,
                       GL_UNSIGNED_BYTE, blocks);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_CopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

static void
test_subimage_errors(void **state)
{
   uint8_t blocks[4 * 16] = {0};

   (void)state;
   struct gl_test *t = es3();
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
#define SUB2D(x, y, w, h, fmt, size)                                           \
   _mesa_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, x, y, w, h, fmt, size,      \
                                 blocks)
   /* No image yet. */
   SUB2D(0, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* A 6x6 image: 2x2 blocks. */
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 6, 6,
                              0, 32, blocks);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   SUB2D(0, 0, 4, 4, GL_RGBA, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   SUB2D(0, 0, 4, 4, GL_COMPRESSED_SRGB8_ETC2, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   SUB2D(2, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   SUB2D(0, 0, 2, 4, GL_COMPRESSED_RGB8_ETC2, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   SUB2D(4, 4, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   SUB2D(-4, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   SUB2D(0, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2, 16);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* Partial blocks are fine at the right and bottom edges. */
   SUB2D(4, 0, 2, 4, GL_COMPRESSED_RGB8_ETC2, 8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   SUB2D(4, 4, 2, 2, GL_COMPRESSED_RGB8_ETC2, 8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   SUB2D(0, 0, 6, 6, GL_COMPRESSED_RGB8_ETC2, 32);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   SUB2D(0, 0, 0, 0, GL_COMPRESSED_RGB8_ETC2, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
#undef SUB2D

   /* ETC1 images cannot be edited. */
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_OES, 4, 4, 0, 8,
                              blocks);
   _mesa_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4,
                                 GL_ETC1_RGB8_OES, 8, blocks);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* 3D sub-images of an array: the layer range is checked. */
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, 2);
   _mesa_CompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_R11_EAC,
                              4, 4, 2, 0, 16, blocks);
   _mesa_CompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 4, 4, 2,
                                 GL_COMPRESSED_R11_EAC, 16, blocks);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_CompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 4, 4, 1,
                                 GL_COMPRESSED_R11_EAC, 8, blocks);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_CompressedTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 1,
                                 GL_COMPRESSED_R11_EAC, 8, blocks);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

static void
test_storage(void **state)
{
   uint8_t blocks[16] = {0};

   (void)state;
   struct gl_test *t = es3_without_etc();
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 4, GL_ETC1_RGB8_OES, 8, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 5, GL_COMPRESSED_RGB8_ETC2, 8, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 4, GL_COMPRESSED_RGB8_ETC2, 8, 8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(stored_format(GL_TEXTURE_2D, 3),
                    PIPE_FORMAT_R8G8B8A8_UNORM);
   /* Immutable: images cannot be respecified, but sub-images can be
    * written, down to the 1x1 level. */
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8,
                              0, 32, blocks);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_CompressedTexSubImage2D(GL_TEXTURE_2D, 3, 0, 0, 1, 1,
                                 GL_COMPRESSED_RGB8_ETC2, 8, t_block);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   uint8_t px[4];
   gl_test_read_texel(GL_TEXTURE_2D, 0, 3, 0, 0, 0, px, 4);
   assert_memory_equal(px, t_rows[0], 4);

   _mesa_BindTexture(GL_TEXTURE_3D, 2);
   _mesa_TexStorage3D(GL_TEXTURE_3D, 1, GL_COMPRESSED_RGB8_ETC2, 4, 4, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, 3);
   _mesa_TexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_COMPRESSED_SIGNED_RG11_EAC, 4,
                      4, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(stored_format(GL_TEXTURE_2D_ARRAY, 1),
                    PIPE_FORMAT_R16G16_SNORM);
   gl_test_destroy(t);
}

/* Levels of two ETC2 formats with one decoded storage format (RGBA8) do
 * not make a complete texture (ES 3.0.6 section 3.8.13). */
static void
test_completeness(void **state)
{
   uint8_t blocks[16] = {0};

   (void)state;
   struct gl_test *t = es3_without_etc();
   struct gl_context *ctx = _mesa_current_context;
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 2, 2,
                              0, 8, blocks);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA8_ETC2_EAC,
                              1, 1, 0, 16, blocks);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   struct gl_texture_object *tex =
      _mesa_get_current_tex_object(ctx, GL_TEXTURE_2D, "test");
   assert_false(_mesa_texture_complete(ctx, tex));
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGB8_ETC2, 1, 1,
                              0, 8, blocks);
   assert_true(_mesa_texture_complete(ctx, tex));
   gl_test_destroy(t);
}

/* A cube of six compressed faces is complete and finalises into one
 * cube tree of the decoded format, each face in its own layer. */
static void
test_cube(void **state)
{
   (void)state;
   struct gl_test *t = es3_without_etc();
   struct gl_context *ctx = _mesa_current_context;
   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP, 1);
   _mesa_TexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER,
                       GL_NEAREST);
   uint8_t zero[8] = {0};
   for (unsigned f = 0; f < 6; f++)
      _mesa_CompressedTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0,
                                 GL_COMPRESSED_R11_EAC, 4, 4, 0, 8,
                                 f == 3 ? r11_block : zero);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   struct gl_texture_object *tex =
      _mesa_get_current_tex_object(ctx, GL_TEXTURE_CUBE_MAP, "test");
   assert_true(_mesa_texture_complete(ctx, tex));
   assert_true(st_finalize_texture(ctx->st, tex));
   assert_int_equal(tex->pt->target, PIPE_TEXTURE_CUBE);
   assert_int_equal(tex->pt->format, PIPE_FORMAT_R16_UNORM);
   /* Face 3 (-Y): texel (0, 0) is 980 -> 31375; face 2 is the zero block
    * (base 0, multiplier 0, -3: 1 -> 32). */
   uint16_t r16;
   gl_test_read_texel(GL_TEXTURE_CUBE_MAP, 3, 0, 0, 0, 0, &r16, 2);
   assert_int_equal(r16, 31375);
   gl_test_read_texel(GL_TEXTURE_CUBE_MAP, 2, 0, 0, 0, 0, &r16, 2);
   assert_int_equal(r16, 32);
   gl_test_destroy(t);
}

/* The driver samples ETC: blocks are stored as given. */
static void
test_native_storage(void **state)
{
   (void)state;
   struct gl_test *t = es3();
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4,
                              0, 8, t_block);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(stored_format(GL_TEXTURE_2D, 0), PIPE_FORMAT_ETC2_RGB8);
   uint8_t got[8];
   gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 0, 0, 0, got, 8);
   assert_memory_equal(got, t_block, 8);
   gl_test_destroy(t);
}

/* The driver does not: texels are decoded into the lossless format. */
static void
test_decoded_storage(void **state)
{
   uint8_t px[4];
   uint16_t r16;

   (void)state;
   struct gl_test *t = es3_without_etc();
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   /* 8x4: the T block, then a block of zeros (differential mode, base
    * 0 and codeword 0 with index 0 everywhere: 0 + 2 = 2). */
   uint8_t two[16] = {0};
   memcpy(two, t_block, 8);
   two[11] = 0x02; /* diff bit */
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 4,
                              0, 16, two);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(stored_format(GL_TEXTURE_2D, 0),
                    PIPE_FORMAT_R8G8B8A8_UNORM);
   for (unsigned y = 0; y < 4; y++) {
      gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 1, y, 0, px, 4);
      assert_memory_equal(px, t_rows[y], 4);
      gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 5, y, 0, px, 4);
      assert_memory_equal(px, ((uint8_t[4]){2, 2, 2, 255}), 4);
   }
   /* A sub-image replaces the second block only. */
   _mesa_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 4, 4,
                                 GL_COMPRESSED_RGB8_ETC2, 8, t_block);
   gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 6, 3, 0, px, 4);
   assert_memory_equal(px, t_rows[3], 4);
   gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 2, 2, 0, px, 4);
   assert_memory_equal(px, t_rows[2], 4);

   /* sRGB keeps its encoding in an sRGB texture. */
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_SRGB8_ETC2, 4, 2,
                              0, 8, t_block);
   assert_int_equal(stored_format(GL_TEXTURE_2D, 1),
                    PIPE_FORMAT_R8G8B8A8_SRGB);
   gl_test_read_texel(GL_TEXTURE_2D, 0, 1, 3, 1, 0, px, 4);
   assert_memory_equal(px, t_rows[1], 4);

   /* EAC R11 into R16_UNORM, in layer 1 of an array. */
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, 2);
   uint8_t layers[16] = {0};
   memcpy(layers + 8, r11_block, 8);
   _mesa_CompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_R11_EAC,
                              4, 4, 2, 0, 16, layers);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(stored_format(GL_TEXTURE_2D_ARRAY, 0),
                    PIPE_FORMAT_R16_UNORM);
   gl_test_read_texel(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 1, &r16, 2);
   assert_int_equal(r16, 31375);
   gl_test_read_texel(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 3, 1, &r16, 2);
   assert_int_equal(r16, 25228);
   /* Layer 0: base 0, multiplier 0, table 0, index 0: 4 - 3 = 1 ->
    * 1 << 5 | 0 = 32. */
   gl_test_read_texel(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 0, &r16, 2);
   assert_int_equal(r16, 32);
   gl_test_destroy(t);
}

/* Without R16 storage, EAC texels go through floats into RGBA16F:
 * 980 / 2047 = 0.478749, G and B 0, A 1. */
static void
test_float_fallback(void **state)
{
   uint16_t half[4];

   (void)state;
   struct gl_test *t = es3();
   gl_test_refuse_formats(t, is_etc_or_r16);
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_R11_EAC, 4, 4, 0,
                              8, r11_block);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(stored_format(GL_TEXTURE_2D, 0),
                    PIPE_FORMAT_R16G16B16A16_FLOAT);
   gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 0, 0, 0, half, 8);
   /* 0.478749 = 1.914997 * 2^-2: exponent field 15 - 2 = 13 (0x3400),
    * mantissa 0.914997 * 1024 = 936.96 -> 937 (0x3A9): 0x37A9.  1.0 is
    * 0x3C00. */
   assert_int_equal(half[0], 0x37A9);
   assert_int_equal(half[1], 0);
   assert_int_equal(half[2], 0);
   assert_int_equal(half[3], 0x3C00);
   gl_test_destroy(t);
}

/* Blocks from a pixel unpack buffer. */
static void
test_pbo(void **state)
{
   uint8_t px[4];

   (void)state;
   struct gl_test *t = es3_without_etc();
   uint8_t data[16] = {0};
   memcpy(data + 8, t_block, 8);
   _mesa_BindBuffer(GL_PIXEL_UNPACK_BUFFER, 7);
   _mesa_BufferData(GL_PIXEL_UNPACK_BUFFER, 16, data, GL_STATIC_DRAW);
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4,
                              0, 8, (const void *)(uintptr_t)8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 3, 2, 0, px, 4);
   assert_memory_equal(px, t_rows[2], 4);
   /* Beyond the buffer. */
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4,
                              0, 8, (const void *)(uintptr_t)9);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_format_lists),
      cmocka_unit_test(test_teximage_errors),
      cmocka_unit_test(test_subimage_errors),
      cmocka_unit_test(test_storage),
      cmocka_unit_test(test_completeness),
      cmocka_unit_test(test_cube),
      cmocka_unit_test(test_native_storage),
      cmocka_unit_test(test_decoded_storage),
      cmocka_unit_test(test_float_fallback),
      cmocka_unit_test(test_pbo),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
