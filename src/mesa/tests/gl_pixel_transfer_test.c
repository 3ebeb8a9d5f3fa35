/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The pixel transfer rules of wave 17 (issue #16), with expected values
 * computed by hand from the specs:
 * - the final conversion of texture uploads: pixel transfer results are
 *   clamped for normalized storage only (ARB_texture_float's edit of GL
 *   2.0 section 3.8.1; GL 4.6 compatibility section 8.5);
 * - glGetTexImage of depth and stencil images with every unpacked type
 *   (GL 4.6 table 8.2), stencil indices masked by the type (GL 2.1
 *   section 4.3.2, table 4.8: 2^7 - 1 for BYTE), depth as c * (2^b - 1)
 *   rounded (section 2.1.6 / table 4.7);
 * - PACK_IMAGE_HEIGHT and PACK_SKIP_IMAGES (GL 1.2 table 4.5) for 3D
 *   images, ignored for 2D ones;
 * - glIndex and GL_CURRENT_INDEX (GL 2.1 section 2.7, table 6.5).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "main/client_pixels.h"
#include "main/context.h"
#include "main/pixel.h"
#include "util/half_float.h"

/* RED_SCALE 2 doubles R (GL 2.1 section 3.6.5); the storage decides
 * whether 0.75 * 2 = 1.5 survives. */
static void
upload_scaled(GLenum internalformat, const float rgba[4], float out[4])
{
   _mesa_PixelTransferf(GL_RED_SCALE, 2.0f);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, (GLint)internalformat, 1, 1, 0, GL_RGBA,
                    GL_FLOAT, rgba);
   _mesa_PixelTransferf(GL_RED_SCALE, 1.0f);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, out);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
}

static void
test_float_upload_unclamped(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   const float rgba[4] = {0.75f, -0.5f, 0.25f, 1.0f};
   float out[4];

   assert_int_equal(_mesa_texture_upload_clamp(PIPE_FORMAT_R8G8B8A8_UNORM),
                    PIXEL_CLAMP_UNORM);
   assert_int_equal(_mesa_texture_upload_clamp(PIPE_FORMAT_R8G8B8A8_SNORM),
                    PIXEL_CLAMP_SNORM);
   assert_int_equal(_mesa_texture_upload_clamp(PIPE_FORMAT_R32G32B32A32_FLOAT),
                    PIXEL_CLAMP_NONE);
   assert_int_equal(_mesa_texture_upload_clamp(PIPE_FORMAT_R16G16_FLOAT),
                    PIXEL_CLAMP_NONE);

   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   /* Float storage: 1.5 and -0.5 are kept. */
   upload_scaled(GL_RGBA32F, rgba, out);
   assert_float_equal(out[0], 1.5f, 0.0f);
   assert_float_equal(out[1], -0.5f, 0.0f);
   assert_float_equal(out[2], 0.25f, 0.0f);
   upload_scaled(GL_RGBA16F, rgba, out);
   assert_float_equal(out[0], 1.5f, 0.0f);
   assert_float_equal(out[1], -0.5f, 0.0f);
   /* Unsigned normalized storage: 1.5 to 1, -0.5 to 0. */
   upload_scaled(GL_RGBA8, rgba, out);
   assert_float_equal(out[0], 1.0f, 0.0f);
   assert_float_equal(out[1], 0.0f, 0.0f);
   assert_float_equal(out[2], 64.0f / 255.0f, 1e-6f);
   gl_test_destroy(t);
}

/* The stencil indices 0, 1, 200, 255 of a 4 x 1 DEPTH24_STENCIL8 image,
 * read as STENCIL_INDEX groups of type into out. */
static void
read_stencil(GLenum type, void *out, size_t size_B)
{
   memset(out, 0xcc, size_B);
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, type, out);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
}

static void
test_stencil_readback_types(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   /* UNSIGNED_INT_24_8: depth in the top 24 bits, stencil in the low 8
    * (EXT_packed_depth_stencil). */
   const GLuint ds[4] = {0x00000000u, 0x80000001u, 0xffffffc8u, 0x333333ffu};

   _mesa_PixelStorei(GL_PACK_ALIGNMENT, 1);
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 1, 0,
                    GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, ds);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   uint8_t ub[4], b[4];
   read_stencil(GL_UNSIGNED_BYTE, ub, sizeof(ub));
   assert_memory_equal(ub, ((uint8_t[]){0, 1, 200, 255}), 4);
   /* BYTE keeps 7 bits: 200 & 127 = 72, 255 & 127 = 127. */
   read_stencil(GL_BYTE, b, sizeof(b));
   assert_memory_equal(b, ((uint8_t[]){0, 1, 72, 127}), 4);

   uint16_t us[4];
   int16_t s[4];
   read_stencil(GL_UNSIGNED_SHORT, us, sizeof(us));
   assert_memory_equal(us, ((uint16_t[]){0, 1, 200, 255}), sizeof(us));
   read_stencil(GL_SHORT, s, sizeof(s));
   assert_memory_equal(s, ((int16_t[]){0, 1, 200, 255}), sizeof(s));

   uint32_t ui[4];
   int32_t i[4];
   read_stencil(GL_UNSIGNED_INT, ui, sizeof(ui));
   assert_memory_equal(ui, ((uint32_t[]){0, 1, 200, 255}), sizeof(ui));
   read_stencil(GL_INT, i, sizeof(i));
   assert_memory_equal(i, ((int32_t[]){0, 1, 200, 255}), sizeof(i));

   /* FLOAT and HALF_FLOAT: the index as a float, not masked. */
   float f[4];
   uint16_t h[4];
   read_stencil(GL_FLOAT, f, sizeof(f));
   assert_memory_equal(f, ((float[]){0.0f, 1.0f, 200.0f, 255.0f}), sizeof(f));
   read_stencil(GL_HALF_FLOAT, h, sizeof(h));
   /* binary16: 1 = 0x3c00, 200 = 1.5625 * 2^7 = 0x5a40, 255 =
    * 1.9921875 * 2^7 = 0x5bf8 */
   assert_memory_equal(h, ((uint16_t[]){0x0000, 0x3c00, 0x5a40, 0x5bf8}),
                       sizeof(h));

   /* Depth of the same image as UNSIGNED_BYTE and BYTE: 0x333333 /
    * 0xffffff = 0.2 exactly, so 0.2 * 255 = 51 and 0.2 * 127 = 25.4,
    * rounded 25; 0xffffff is 1: 255 and 127. */
   memset(ub, 0xcc, sizeof(ub));
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE,
                     ub);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(ub[0], 0);
   assert_int_equal(ub[2], 255);
   assert_int_equal(ub[3], 51);
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_BYTE, b);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(b[2], 127);
   assert_int_equal(b[3], 25);

   /* Stencil of a colour image: INVALID_OPERATION (GL 4.6 section
    * 8.11.4). */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, ub);
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_SHORT, s);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

static void
test_pack_skip_images(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   const uint8_t texels[8] = {10, 11, 12, 13, 14, 15, 16, 17};
   uint8_t out[24];

   assert_int_equal(gl_test_get_int(GL_PACK_IMAGE_HEIGHT), 0);
   assert_int_equal(gl_test_get_int(GL_PACK_SKIP_IMAGES), 0);
   _mesa_PixelStorei(GL_PACK_SKIP_IMAGES, -1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 1);
   _mesa_PixelStorei(GL_PACK_ALIGNMENT, 1);
   _mesa_PixelStorei(GL_PACK_SKIP_IMAGES, 1);
   _mesa_PixelStorei(GL_PACK_IMAGE_HEIGHT, 3);
   assert_int_equal(gl_test_get_int(GL_PACK_SKIP_IMAGES), 1);
   assert_int_equal(gl_test_get_int(GL_PACK_IMAGE_HEIGHT), 3);

   /* 2 x 2 x 2 bytes: images of 3 rows of 2 bytes (6 bytes), the first
    * skipped, so image 0 starts at byte 6 and image 1 at byte 12. */
   _mesa_BindTexture(GL_TEXTURE_3D, 1);
   _mesa_TexImage3D(GL_TEXTURE_3D, 0, GL_R8, 2, 2, 2, 0, GL_RED,
                    GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   memset(out, 0, sizeof(out));
   _mesa_GetTexImage(GL_TEXTURE_3D, 0, GL_RED, GL_UNSIGNED_BYTE, out);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   const uint8_t expect[18] = {0,  0, 0, 0,  0,  0,  10, 11, 12,
                               13, 0, 0, 14, 15, 16, 17, 0,  0};
   assert_memory_equal(out, expect, sizeof(expect));

   /* A 2D image ignores both. */
   _mesa_BindTexture(GL_TEXTURE_2D, 2);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_R8, 2, 2, 0, GL_RED, GL_UNSIGNED_BYTE,
                    texels);
   memset(out, 0, sizeof(out));
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, out);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_memory_equal(out, texels, 4);
   gl_test_destroy(t);
}

static void
test_current_index(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_compat21();
   GLfloat index = 0.0f;

   _mesa_GetFloatv(GL_CURRENT_INDEX, &index);
   assert_float_equal(index, 1.0f, 0.0f);
   _mesa_PushAttrib(GL_CURRENT_BIT);
   _mesa_Indexf(3.5f);
   _mesa_GetFloatv(GL_CURRENT_INDEX, &index);
   assert_float_equal(index, 3.5f, 0.0f);
   _mesa_Indexubv((const GLubyte[]){7});
   _mesa_GetFloatv(GL_CURRENT_INDEX, &index);
   assert_float_equal(index, 7.0f, 0.0f);
   _mesa_PopAttrib();
   _mesa_GetFloatv(GL_CURRENT_INDEX, &index);
   assert_float_equal(index, 1.0f, 0.0f);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* EXT_texture_integer's final conversion: integer components clamp to
 * the range of the type (GL 3.0 section 4.3.2), unsigned 0xfffffff0 to
 * 0xffff as UNSIGNED_SHORT, signed 0x80000000 to -32768 as SHORT; packed
 * fields to their width (10 bits: 1023). */
static void
test_integer_pack_clamps(void **state)
{
   (void)state;
   const uint32_t u[1][4] = {{0xfffffff0u, 7, 0, 1}};
   const uint32_t i[1][4] = {{0x80000000u, 0x7fffffffu, 5, 0}};
   uint16_t us[4] = {0};
   int16_t ss[4] = {0};
   int8_t sb[1] = {0};
   uint32_t word = 0;

   _mesa_client_pack_rgba_int(GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, u, 1, false,
                              false, us);
   assert_memory_equal(us, ((uint16_t[]){0xffff, 7, 0, 1}), sizeof(us));
   _mesa_client_pack_rgba_int(GL_RGBA_INTEGER, GL_SHORT, i, 1, true, false, ss);
   assert_memory_equal(ss, ((int16_t[]){-32768, 32767, 5, 0}), sizeof(ss));
   _mesa_client_pack_rgba_int(GL_GREEN_INTEGER, GL_BYTE, i, 1, true, false, sb);
   assert_int_equal(sb[0], 127);
   /* UNSIGNED_INT_10_10_10_2: R in the top 10 bits, A in the low 2. */
   _mesa_client_pack_rgba_int(GL_RGBA_INTEGER, GL_UNSIGNED_INT_10_10_10_2, u, 1,
                              false, false, &word);
   assert_int_equal(word, (1023u << 22) | (7u << 12) | 1u);
}

/* The errors of pixel pairs: DEPTH_STENCIL with another type is
 * INVALID_ENUM (EXT_packed_depth_stencil; piglit's
 * ext_packed_depth_stencil errors), and so are integer formats with
 * float types in readbacks (EXT_texture_integer; piglit's
 * ext_texture_integer api-readpixels); a packed type of another format
 * is INVALID_OPERATION. */
static void
test_pair_errors(void **state)
{
   (void)state;
   assert_int_equal(_mesa_pixel_format_error(GL_DEPTH_STENCIL, GL_UNSIGNED_INT),
                    GL_INVALID_ENUM);
   assert_int_equal(_mesa_pixel_format_error(GL_DEPTH_STENCIL, GL_FLOAT),
                    GL_INVALID_ENUM);
   assert_int_equal(
      _mesa_pixel_format_error(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8), 0);
   assert_int_equal(
      _mesa_pixel_format_error(GL_DEPTH_COMPONENT, GL_UNSIGNED_INT_24_8),
      GL_INVALID_OPERATION);
   assert_int_equal(
      _mesa_pixel_format_error(GL_STENCIL_INDEX, GL_UNSIGNED_INT_24_8),
      GL_INVALID_OPERATION);
   /* glDrawPixels of integer formats: INVALID_OPERATION whatever the
    * type (llvmpipe); readbacks: INVALID_ENUM with float types. */
   assert_int_equal(_mesa_pixel_format_error(GL_RGBA_INTEGER, GL_FLOAT),
                    GL_INVALID_OPERATION);
   assert_true(_mesa_readback_pair_enum_error(GL_RGBA_INTEGER, GL_FLOAT));
   assert_true(_mesa_readback_pair_enum_error(GL_RED_INTEGER, GL_HALF_FLOAT));
   assert_false(_mesa_readback_pair_enum_error(GL_RGBA_INTEGER, GL_INT));
   assert_true(_mesa_readback_pair_enum_error(GL_DEPTH_STENCIL, GL_FLOAT));
   assert_false(
      _mesa_readback_pair_enum_error(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8));
   assert_int_equal(_mesa_pixel_format_error(GL_RGBA_INTEGER, GL_UNSIGNED_INT),
                    GL_INVALID_OPERATION);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_float_upload_unclamped),
      cmocka_unit_test(test_stencil_readback_types),
      cmocka_unit_test(test_pack_skip_images),
      cmocka_unit_test(test_current_index),
      cmocka_unit_test(test_integer_pack_clamps),
      cmocka_unit_test(test_pair_errors),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
