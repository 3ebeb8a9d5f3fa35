/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * S3TC and RGTC textures (EXT_texture_compression_s3tc, _s3tc_srgb,
 * _rgtc) on the noop driver, wrapped so that it samples none of them (as
 * AGX here): which contexts take which formats, the 4x4 alignment errors
 * of CompressedTexSubImage2D and TexSubImage2D, TexImage2D with their
 * internal formats and uncompressed texels, and the decoded texels.  The
 * blocks are those of src/util/format/tests/format_bc_test.c.
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
#include "util/format/u_format_bc.h"
#include "util/format/u_format_bptc.h"
#include "util/u_inlines.h"

/* Red > blue: red, blue, (170, 0, 85), (85, 0, 170) in row 0. */
static const uint8_t dxt1_block[8] = {0x00, 0xf8, 0x1f, 0x00,
                                      0xe4, 0, 0, 0};
/* Signed RGTC: -127, 127, -76, -127, 127 in texels 0-4. */
static const uint8_t rgtc_block[8] = {0x80, 0x7f, 0x88, 0x7c, 0, 0, 0, 0};

/* A driver without S3TC or RGTC sampling, like AGX. */
static bool
is_bc(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d && (d->layout == UTIL_FORMAT_LAYOUT_S3TC ||
                d->layout == UTIL_FORMAT_LAYOUT_RGTC);
}

static struct gl_test *
context(int major)
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

static void
test_es2_formats(void **state)
{
   (void)state;
   struct gl_test *t = context(2);
   const char *ext = (const char *)_mesa_GetString(GL_EXTENSIONS);
   assert_non_null(strstr(ext, "GL_EXT_texture_compression_s3tc"));
   /* RGTC and the sRGB S3TC formats are ES 3.0 here. */
   assert_null(strstr(ext, "GL_EXT_texture_compression_rgtc"));
   assert_null(strstr(ext, "GL_EXT_texture_compression_s3tc_srgb"));
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1_EXT, 4,
                              4, 0, 8, rgtc_block);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0,
                              GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, 4, 4, 0, 8,
                              dxt1_block);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   /* DXT1 is 8 bytes a block, DXT5 16. */
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0,
                              GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 4, 4, 0, 8,
                              dxt1_block);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT,
                              4, 4, 0, 8, dxt1_block);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(gl_test_texel_is_rgba8(0, 0, 255, 0, 0, 255));
   assert_true(gl_test_texel_is_rgba8(1, 0, 0, 0, 255, 255));
   assert_true(gl_test_texel_is_rgba8(2, 0, 170, 0, 85, 255));
   assert_true(gl_test_texel_is_rgba8(3, 0, 85, 0, 170, 255));
   assert_true(gl_test_texel_is_rgba8(3, 3, 255, 0, 0, 255));
   gl_test_destroy(t);
}

static void
test_subimage_alignment(void **state)
{
   uint8_t blocks[4 * 8] = {0};

   (void)state;
   struct gl_test *t = context(2);
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   /* 6x6: 2x2 blocks. */
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT,
                              6, 6, 0, 32, blocks);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
#define SUB2D(x, y, w, h, size)                                                \
   _mesa_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, x, y, w, h,                 \
                                 GL_COMPRESSED_RGB_S3TC_DXT1_EXT, size,        \
                                 dxt1_block)
   SUB2D(2, 0, 4, 4, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   SUB2D(0, 0, 2, 4, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   SUB2D(4, 4, 2, 2, 8); /* a partial block at the edges */
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(gl_test_texel_is_rgba8(5, 4, 0, 0, 255, 255));
   SUB2D(-4, 0, 4, 4, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
#undef SUB2D
   _mesa_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4,
                                 GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 8,
                                 dxt1_block);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* TexImage2D with an S3TC internal format stores the texels as they are;
 * TexSubImage2D keeps to the 4x4 grid. */
static void
test_teximage(void **state)
{
   uint8_t texels[8 * 8 * 4];

   (void)state;
   for (unsigned i = 0; i < sizeof(texels); i++)
      texels[i] = (uint8_t)(i % 4 == 1 ? 255 : 0);
   struct gl_test *t = context(2);
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 8,
                    0, GL_LUMINANCE, GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 8,
                    0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(gl_test_texel_is_rgba8(7, 7, 0, 255, 0, 0));
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 4, 4, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 3, 4, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   memset(texels, 0xff, sizeof(texels));
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(gl_test_texel_is_rgba8(4, 4, 255, 255, 255, 255));
   assert_true(gl_test_texel_is_rgba8(3, 3, 0, 255, 0, 0));
   /* Compressed blocks into the same image. */
   _mesa_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4,
                                 GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 16,
                                 (const uint8_t[16]){255, 255, 0, 0, 0, 0, 0,
                                                     0, 0x00, 0xf8, 0x1f,
                                                     0x00, 0, 0, 0, 0});
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(gl_test_texel_is_rgba8(0, 0, 255, 0, 0, 255));
   /* Compressed images are never mipmapped by GenerateMipmap. */
   _mesa_GenerateMipmap(GL_TEXTURE_2D);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

static void
test_rgtc(void **state)
{
   (void)state;
   struct gl_test *t = context(3);
   const char *ext = (const char *)_mesa_GetString(GL_EXTENSIONS);
   assert_non_null(strstr(ext, "GL_EXT_texture_compression_rgtc"));
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0,
                              GL_COMPRESSED_SIGNED_RED_RGTC1_EXT, 4, 4, 0, 8,
                              rgtc_block);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   int8_t v;
   assert_int_equal(gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 0, 0, 0, &v, 1),
                    PIPE_FORMAT_R8_SNORM);
   assert_int_equal(v, -127);
   gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 1, 0, 0, &v, 1);
   assert_int_equal(v, 127);
   gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 2, 0, 0, &v, 1);
   assert_int_equal(v, -76);
   /* TexImage2D: RED with BYTE for the signed, UNSIGNED_BYTE for the
    * unsigned format (EXT_texture_compression_rgtc for ES). */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RED_RGTC1_EXT, 4, 4,
                    0, GL_RED, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RED_RGTC1_EXT, 4, 4,
                    0, GL_RED, GL_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_GREEN_RGTC2_EXT, 4, 4,
                    0, GL_RG, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0,
                              GL_COMPRESSED_RED_GREEN_RGTC2_EXT, 64, 64, 0,
                              4096, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* EXT_texture_sRGB in desktop contexts (since wave 14): the name, its
 * S3TC sRGB formats (decoded here as the other S3TC ones) and the
 * generic compressed sRGB luminance formats, stored uncompressed. */
static void
test_desktop_srgb(void **state)
{
   (void)state;
   struct gl_test *t =
      gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   assert_non_null(t);
   gl_test_refuse_formats(t, is_bc);
   assert_true(gl_test_has_extension("GL_EXT_texture_sRGB"));
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0,
                              GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, 4, 4, 0, 8,
                              dxt1_block);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* decoded into an sRGB format, codes as they are: red 255 */
   uint8_t texel[4];
   enum pipe_format f =
      gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 0, 0, 0, texel, 4);
   assert_true(util_format_is_srgb(f));
   assert_int_equal(texel[0], 255);
   assert_int_equal(texel[3], 255);
   const GLubyte la[2 * 4 * 4] = {0};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SLUMINANCE, 4, 4, 0,
                    GL_LUMINANCE, GL_UNSIGNED_BYTE, la);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SLUMINANCE_ALPHA, 4, 4,
                    0, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, la);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* EXT_texture_compression_s3tc: in a DXT1 block's three-colour mode
 * code 3 is RGBA (0, 0, 0, 0), and alpha has one bit.  Texels given
 * uncompressed to a DXT1 format with alpha read back as a GL that
 * compresses them gives them: transparent black below alpha 0.5, alpha
 * 1 from 0.5 on; colours of opaque texels stay (since wave 14). */
static void
test_dxt1_alpha_texels(void **state)
{
   static const GLenum formats[] = {GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,
                                    GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT,
                                    GL_COMPRESSED_RGB_S3TC_DXT1_EXT};
   /* texels 0-3 of row 0: alpha 0, 127, 128 and 255 */
   uint8_t texels[4 * 4 * 4] = {255, 0,   0,  0,   0,  255, 0,  127,
                                0,   255, 0,  128, 10, 20,  30, 255};

   (void)state;
   struct gl_test *t =
      gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   assert_non_null(t);
   gl_test_refuse_formats(t, is_bc);
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   for (unsigned f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, formats[f], 4, 4, 0, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      bool rgb = formats[f] == GL_COMPRESSED_RGB_S3TC_DXT1_EXT;
      uint8_t v[4][4];
      for (unsigned x = 0; x < 4; x++)
         gl_test_read_texel(GL_TEXTURE_2D, 0, 0, x, 0, 0, v[x], 4);
      if (rgb) {
         /* no alpha: the colours as given */
         assert_int_equal(v[0][0], 255);
         assert_int_equal(v[1][1], 255);
         continue;
      }
      static const uint8_t expect[4][4] = {
         {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 255, 0, 255}, {10, 20, 30, 255}};
      for (unsigned x = 0; x < 4; x++)
         assert_memory_equal(v[x], expect[x], 4);
   }
   /* unpacked the same from floats, and through TexImage3D */
   float ftexels[4 * 4 * 4] = {1.0f, 0.0f, 0.0f, 0.25f};
   uint8_t v[4];
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, 2);
   _mesa_TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,
                    4, 4, 1, 0, GL_RGBA, GL_FLOAT, ftexels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_read_texel(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 0, v, 4);
   assert_memory_equal(v, ((const uint8_t[4]){0, 0, 0, 0}), 4);
   gl_test_destroy(t);

   /* ES: the image keeps its DXT1 format, TexSubImage2D follows the rule */
   t = context(2);
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 4, 4,
                    0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(gl_test_texel_is_rgba8(0, 0, 0, 0, 0, 0));
   assert_true(gl_test_texel_is_rgba8(2, 0, 0, 255, 0, 255));
   gl_test_destroy(t);
}

/* The level-0 state of the bound 2D (or 2D array) texture. */
static GLint
level_param(GLenum target, GLenum pname)
{
   GLint v = -1;
   _mesa_GetTexLevelParameteriv(target, 0, pname, &v);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   return v;
}

/* Desktop glTexImage* with an S3TC or RGTC internal format and plain
 * texels, on a driver that samples the blocks (the noop one, as AGX):
 * GL 4.6 section 8.7, the GL compresses them, so the image is compressed
 * (TEXTURE_COMPRESSED true, TEXTURE_COMPRESSED_IMAGE_SIZE the blocks',
 * the internal format as given) and glGetCompressedTexImage returns
 * blocks that decode to the texels (since wave 15; before, the texels
 * were kept in RGBA8/R8 and the image read as uncompressed).  Solid
 * 4 x 4 regions of 565-exact colours and 8-bit channel extremes survive
 * any encoder exactly. */
static void
test_desktop_teximage_encodes(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   /* 8 x 8: red, green / blue, white quadrants (rows from the bottom) */
   static const uint8_t colours[4][4] = {
      {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 255, 255}};
   uint8_t rgba[8 * 8 * 4];
   for (unsigned y = 0; y < 8; y++) {
      for (unsigned x = 0; x < 8; x++)
         memcpy(&rgba[(y * 8 + x) * 4], colours[(y / 4) * 2 + x / 4], 4);
   }
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 8,
                    0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_TEXTURE_2D, GL_TEXTURE_COMPRESSED), GL_TRUE);
   assert_int_equal(level_param(GL_TEXTURE_2D, GL_TEXTURE_INTERNAL_FORMAT),
                    GL_COMPRESSED_RGBA_S3TC_DXT5_EXT);
   /* four 16-byte blocks; S3TC components of about 4 bits (the sizes
    * of Mesa's format table) */
   assert_int_equal(
      level_param(GL_TEXTURE_2D, GL_TEXTURE_COMPRESSED_IMAGE_SIZE), 64);
   assert_int_equal(level_param(GL_TEXTURE_2D, GL_TEXTURE_RED_SIZE), 4);
   assert_int_equal(level_param(GL_TEXTURE_2D, GL_TEXTURE_ALPHA_SIZE), 4);
   uint8_t blocks[4][16], texels[16][4];
   _mesa_GetCompressedTexImage(GL_TEXTURE_2D, 0, blocks);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   for (unsigned b = 0; b < 4; b++) {
      assert_true(util_format_s3tc_decode_block(PIPE_FORMAT_DXT5_RGBA,
                                                blocks[b], texels));
      for (unsigned i = 0; i < 16; i++)
         assert_memory_equal(texels[i], colours[b], 4);
   }

   /* RGTC1 from RED texels: 0 and 255 in a checkerboard, 5 x 5 (partial
    * blocks at the edges: 2 x 2 blocks of 8 bytes) */
   uint8_t red[5 * 5];
   for (unsigned i = 0; i < 25; i++)
      red[i] = (i % 2) ? 255 : 0;
   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 5, 5, 0,
                    GL_RED, GL_UNSIGNED_BYTE, red);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_TEXTURE_2D, GL_TEXTURE_COMPRESSED), GL_TRUE);
   assert_int_equal(
      level_param(GL_TEXTURE_2D, GL_TEXTURE_COMPRESSED_IMAGE_SIZE), 32);
   assert_int_equal(level_param(GL_TEXTURE_2D, GL_TEXTURE_RED_SIZE), 8);
   assert_int_equal(level_param(GL_TEXTURE_2D, GL_TEXTURE_GREEN_SIZE), 0);
   uint8_t rgtc[4][8];
   int16_t values[16];
   _mesa_GetCompressedTexImage(GL_TEXTURE_2D, 0, rgtc);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   util_format_rgtc_decode_channel(rgtc[0], false, values);
   for (unsigned y = 0; y < 4; y++) {
      for (unsigned x = 0; x < 4; x++)
         assert_int_equal(values[y * 4 + x], red[y * 5 + x]);
   }

   /* TexImage3D into a 2D array (RGTC2 from RG texels): compressed too */
   static const uint8_t rg[4 * 4 * 2 * 2];
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, 2);
   _mesa_TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RG_RGTC2, 4, 4, 2,
                    0, GL_RG, GL_UNSIGNED_BYTE, rg);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_COMPRESSED),
                    GL_TRUE);
   assert_int_equal(
      level_param(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_COMPRESSED_IMAGE_SIZE), 32);

   /* BC7 (mode 6 encoder): a solid colour of even components is exact;
    * its mipmaps can be generated */
   uint8_t even[4 * 4 * 4], bc7[16], decoded[16][4];
   for (unsigned i = 0; i < sizeof(even); i += 4)
      memcpy(&even[i], (const uint8_t[4]){254, 0, 100, 254}, 4);
   _mesa_BindTexture(GL_TEXTURE_2D, 3);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, even);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_TEXTURE_2D, GL_TEXTURE_COMPRESSED), GL_TRUE);
   _mesa_GetCompressedTexImage(GL_TEXTURE_2D, 0, bc7);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   util_format_bc7_decode_block(bc7, decoded);
   for (unsigned i = 0; i < 16; i++)
      assert_memory_equal(decoded[i], even, 4);
   _mesa_GenerateMipmap(GL_TEXTURE_2D);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* GENERATE_MIPMAP (compatibility) remakes the encoded levels when
    * level 0 changes: a blue level 1, then a red level 0 */
   uint8_t blue[4 * 4 * 4], block[16];
   for (unsigned i = 0; i < sizeof(blue); i += 4)
      memcpy(&blue[i], colours[2], 4);
   _mesa_BindTexture(GL_TEXTURE_2D, 4);
   _mesa_TexImage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 4, 4,
                    0, GL_RGBA, GL_UNSIGNED_BYTE, blue);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
   for (unsigned i = 0; i < sizeof(rgba); i += 4)
      memcpy(&rgba[i], colours[0], 4);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 8,
                    0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetCompressedTexImage(GL_TEXTURE_2D, 1, block);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(
      util_format_s3tc_decode_block(PIPE_FORMAT_DXT5_RGBA, block, texels));
   assert_memory_equal(texels[0], colours[0], 4);
   gl_test_destroy(t);
}

/* Since wave 16: glGenerateMipmap of sRGB S3TC filters in linear space.
 * A black and white checkerboard averages to linear 0.5, whose sRGB
 * encoding is 1.055 * 0.5^(1/2.4) - 0.055 = 0.7354, 188 of 255 (GL 4.6
 * equation 17.1; averaging the encoded values would give 128); DXT1's
 * 5- and 6-bit endpoints keep it within 8. */
static void
test_srgb_mipmap_linear(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   uint8_t rgba[8 * 8 * 4], block[8], texels[16][4];
   for (unsigned i = 0; i < 64; i++) {
      uint8_t v = ((i % 8) + (i / 8)) % 2 ? 255 : 0;
      memcpy(&rgba[i * 4], (const uint8_t[4]){v, v, v, 255}, 4);
   }
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, 8, 8,
                    0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   _mesa_GenerateMipmap(GL_TEXTURE_2D);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetCompressedTexImage(GL_TEXTURE_2D, 1, block);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(
      util_format_s3tc_decode_block(PIPE_FORMAT_DXT1_SRGB, block, texels));
   for (unsigned i = 0; i < 16; i++) {
      for (unsigned c = 0; c < 3; c++)
         assert_in_range(texels[i][c], 188 - 8, 188 + 8);
   }
   gl_test_destroy(t);
}

/* Since wave 16 BC6H has an encoder (mode 3): glTexImage2D with plain
 * float texels stores blocks, here of 1.0 (exact in that mode: the
 * endpoint 495 reads back as binary16 0x3c00), and levels generate. */
static void
test_desktop_teximage_bc6h(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   float ones[4 * 4 * 3];
   uint8_t block[16];
   uint16_t texels[16][3];
   for (unsigned i = 0; i < 48; i++)
      ones[i] = 1.0f;
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT,
                    4, 4, 0, GL_RGB, GL_FLOAT, ones);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(level_param(GL_TEXTURE_2D, GL_TEXTURE_COMPRESSED), GL_TRUE);
   assert_int_equal(level_param(GL_TEXTURE_2D, GL_TEXTURE_INTERNAL_FORMAT),
                    GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT);
   _mesa_GetCompressedTexImage(GL_TEXTURE_2D, 0, block);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(util_format_bc6h_decode_block(block, false, texels));
   for (unsigned i = 0; i < 16; i++) {
      for (unsigned c = 0; c < 3; c++)
         assert_int_equal(texels[i][c], 0x3c00);
   }
   /* plain texels into the blocks, and mipmaps */
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGB, GL_FLOAT, ones);
   _mesa_GenerateMipmap(GL_TEXTURE_2D);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_es2_formats),
      cmocka_unit_test(test_subimage_alignment),
      cmocka_unit_test(test_teximage),
      cmocka_unit_test(test_rgtc),
      cmocka_unit_test(test_desktop_srgb),
      cmocka_unit_test(test_dxt1_alpha_texels),
      cmocka_unit_test(test_desktop_teximage_encodes),
      cmocka_unit_test(test_srgb_mipmap_linear),
      cmocka_unit_test(test_desktop_teximage_bc6h),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
