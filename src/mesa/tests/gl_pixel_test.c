/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The pixel transfer state and the unpacking of pixel rectangles
 * (main/pixel.c, main/pixel_unpack.c) on the noop driver, from the GL 2.1
 * specification (sections named at each test): the state's initial
 * values, errors and queries, and unpacked values of images laid out by
 * hand (packed types, swapped bytes, bitmaps with skips and LSB first,
 * index arithmetic and maps), which piglit's drawing tests do not pin
 * down one by one.
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
#include "main/pixel.h"
#include "state_tracker/st_context.h"

static struct gl_test *
compat21(void)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   assert_non_null(t);
   return t;
}

static struct gl_context *
ctx_of(struct gl_test *t)
{
   return &t->ctx->ctx;
}

/* Tables 6.17-6.19: zoom 1, scales 1, biases 0, maps of one entry. */
static void
test_initial_state(void **state)
{
   struct gl_test *t = compat21();
   GLfloat f = -1;
   GLint i = -1;

   _mesa_GetFloatv(GL_ZOOM_Y, &f);
   assert_true(f == 1.0f);
   _mesa_GetFloatv(GL_GREEN_SCALE, &f);
   assert_true(f == 1.0f);
   _mesa_GetFloatv(GL_DEPTH_BIAS, &f);
   assert_true(f == 0.0f);
   _mesa_GetIntegerv(GL_PIXEL_MAP_I_TO_A_SIZE, &i);
   assert_int_equal(i, 1);
   _mesa_GetIntegerv(GL_MAX_PIXEL_MAP_TABLE, &i);
   assert_true(i >= 32);
   _mesa_GetIntegerv(GL_UNPACK_LSB_FIRST, &i);
   assert_int_equal(i, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
   (void)state;
}

/* Sections 3.6.2 and 3.6.3: bad names are INVALID_ENUM; index maps take
 * power-of-two sizes only (INVALID_VALUE); colour map entries are
 * clamped to [0, 1]; integer parameters round to the nearest. */
static void
test_errors_and_queries(void **state)
{
   struct gl_test *t = compat21();
   GLfloat back[2] = {0, 0};
   GLint i = 0;

   _mesa_PixelTransferf(GL_ZOOM_X, 2.0f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   static const GLfloat three[3] = {0, 0.5f, 1};
   _mesa_PixelMapfv(GL_PIXEL_MAP_I_TO_G, 3, three);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* Non-index maps may have any size. */
   _mesa_PixelMapfv(GL_PIXEL_MAP_G_TO_G, 3, three);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_PixelMapfv(GL_PIXEL_MAP_B_TO_B, 0, three);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_PixelMapfv(GL_TEXTURE_2D, 1, three);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   static const GLfloat wide[2] = {-1.0f, 2.0f};
   _mesa_PixelMapfv(GL_PIXEL_MAP_R_TO_R, 2, wide);
   _mesa_GetPixelMapfv(GL_PIXEL_MAP_R_TO_R, back);
   assert_true(back[0] == 0.0f && back[1] == 1.0f);
   _mesa_GetIntegerv(GL_PIXEL_MAP_R_TO_R_SIZE, &i);
   assert_int_equal(i, 2);
   /* glPixelMapusv of a colour map: 65535 is 1. */
   static const GLushort us[2] = {0, 65535};
   _mesa_PixelMapusv(GL_PIXEL_MAP_A_TO_A, 2, us);
   _mesa_GetPixelMapfv(GL_PIXEL_MAP_A_TO_A, back);
   assert_true(back[0] == 0.0f && back[1] == 1.0f);

   _mesa_PixelTransferf(GL_INDEX_SHIFT, 2.6f);
   _mesa_GetIntegerv(GL_INDEX_SHIFT, &i);
   assert_int_equal(i, 3);
   _mesa_PixelStoref(GL_UNPACK_ROW_LENGTH, 2.5f);
   _mesa_GetIntegerv(GL_UNPACK_ROW_LENGTH, &i);
   assert_int_equal(i, 3);
   _mesa_PixelStorei(GL_UNPACK_SWAP_BYTES, 5);
   _mesa_GetIntegerv(GL_UNPACK_SWAP_BYTES, &i);
   assert_int_equal(i, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* Section 3.6.4: packed types need their formats; GL_BITMAP needs an
    * index format. */
   assert_int_equal(_mesa_pixel_format_error(GL_BGR, GL_UNSIGNED_SHORT_5_6_5),
                    GL_INVALID_OPERATION);
   assert_int_equal(_mesa_pixel_format_error(GL_RGBA, GL_BITMAP),
                    GL_INVALID_ENUM);
   assert_int_equal(_mesa_pixel_format_error(GL_STENCIL_INDEX, GL_BITMAP), 0);
   assert_int_equal(
      _mesa_pixel_format_error(GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV), 0);
   gl_test_destroy(t);
   (void)state;
}

/* Table 3.8 layouts and swapped bytes: UNSIGNED_SHORT_5_6_5 0xF800 is
 * red 1; _REV puts the first component in the low bits; with
 * UNPACK_SWAP_BYTES the bytes 0x00 0xF8 read as 0x00F8 ... */
static void
test_unpack_packed(void **state)
{
   struct gl_test *t = compat21();
   struct gl_context *ctx = ctx_of(t);
   GLfloat rgba[8];

   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 1);
   const uint16_t red565 = 0xF800;
   _mesa_unpack_image(ctx, 1, 1, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &red565,
                      PIXEL_RGBA, rgba);
   assert_true(rgba[0] == 1.0f && rgba[1] == 0.0f && rgba[2] == 0.0f &&
               rgba[3] == 1.0f);
   _mesa_unpack_image(ctx, 1, 1, GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV,
                      &red565, PIXEL_RGBA, rgba);
   assert_true(rgba[0] == 0.0f && rgba[2] == 1.0f);
   /* 2_10_10_10_REV with BGRA: the first (low) field is blue. */
   const uint32_t blue = 0x3ff;
   _mesa_unpack_image(ctx, 1, 1, GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV,
                      &blue, PIXEL_RGBA, rgba);
   assert_true(rgba[0] == 0.0f && rgba[2] == 1.0f && rgba[3] == 0.0f);
   /* Swapped bytes: memory 0x80 0x00 0x7f 0xff of two UNSIGNED_SHORT
    * luminance pixels reads as 0x8000 and 0x7fff whatever the host's
    * byte order (the first byte is the high one). */
   const uint8_t bytes[4] = {0x80, 0x00, 0x7f, 0xff};
   _mesa_PixelStorei(GL_UNPACK_SWAP_BYTES, 1);
   _mesa_unpack_image(ctx, 2, 1, GL_LUMINANCE, GL_UNSIGNED_SHORT, bytes,
                      PIXEL_RGBA, rgba);
   _mesa_PixelStorei(GL_UNPACK_SWAP_BYTES, 0);
   /* 32768 / 65535 and 32767 / 65535, copied to R, G and B. */
   assert_float_equal(rgba[0], 32768.0 / 65535.0, 1e-6);
   assert_float_equal(rgba[2], 32768.0 / 65535.0, 1e-6);
   assert_float_equal(rgba[4], 32767.0 / 65535.0, 1e-6);
   assert_true(rgba[7] == 1.0f);
   gl_test_destroy(t);
   (void)state;
}

/* Section 3.6.4, "unpacking of bitmaps": the skip counts pixels, rows
 * are aligned bytes; MSB first unless UNPACK_LSB_FIRST. */
static void
test_unpack_bitmap(void **state)
{
   struct gl_test *t = compat21();
   struct gl_context *ctx = ctx_of(t);
   uint32_t bits[6];

   /* Two rows of 3 bits, skipping 2 pixels, alignment 2: row 0 is bytes
    * 0-1, row 1 bytes 2-3. */
   const uint8_t image[4] = {0x28, 0x00, 0x10, 0x00};
   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 2);
   _mesa_PixelStorei(GL_UNPACK_SKIP_PIXELS, 2);
   _mesa_unpack_image(ctx, 3, 2, GL_COLOR_INDEX, GL_BITMAP, image,
                      PIXEL_INDEX, bits);
   /* 0x28 = 0010 1000: bits 2-4 are 1, 0, 1; 0x10 = 0001 0000: 0, 1, 0. */
   static const uint32_t msb[6] = {1, 0, 1, 0, 1, 0};
   assert_memory_equal(bits, msb, sizeof(msb));
   _mesa_PixelStorei(GL_UNPACK_LSB_FIRST, 1);
   _mesa_unpack_image(ctx, 3, 2, GL_COLOR_INDEX, GL_BITMAP, image,
                      PIXEL_INDEX, bits);
   /* LSB first: bits 2-4 of 0x28 counted from the low end are 0, 1, 0;
    * of 0x10 0, 0, 1. */
   static const uint32_t lsb[6] = {0, 1, 0, 0, 0, 1};
   assert_memory_equal(bits, lsb, sizeof(lsb));
   assert_int_equal(_mesa_unpack_image_size_B(ctx, 3, 2, GL_COLOR_INDEX,
                                              GL_BITMAP),
                    3);
   gl_test_destroy(t);
   (void)state;
}

/* Section 3.6.5: stencil indices are shifted (right for a negative
 * shift), offset, then looked up in S_TO_S masked by its size - 1;
 * depths scaled, biased and clamped. */
static void
test_transfer_indices_and_depth(void **state)
{
   struct gl_test *t = compat21();
   struct gl_context *ctx = ctx_of(t);
   uint32_t s[2];
   GLfloat z[2];

   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 1);
   const uint8_t idx[2] = {12, 7};
   _mesa_PixelTransferi(GL_INDEX_SHIFT, -2);
   _mesa_PixelTransferi(GL_INDEX_OFFSET, 1);
   _mesa_unpack_image(ctx, 2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, idx,
                      PIXEL_STENCIL, s);
   assert_int_equal(s[0], 4); /* 12 >> 2 = 3, + 1 */
   assert_int_equal(s[1], 2); /* 7 >> 2 = 1, + 1 */
   static const GLuint map[4] = {10, 11, 12, 13};
   _mesa_PixelMapuiv(GL_PIXEL_MAP_S_TO_S, 4, map);
   _mesa_PixelTransferi(GL_MAP_STENCIL, GL_TRUE);
   _mesa_PixelTransferi(GL_INDEX_SHIFT, 0);
   _mesa_PixelTransferi(GL_INDEX_OFFSET, 5);
   _mesa_unpack_image(ctx, 2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, idx,
                      PIXEL_STENCIL, s);
   assert_int_equal(s[0], 11); /* 12 + 5 = 17, 17 & 3 = 1: map[1] */
   assert_int_equal(s[1], 10); /* 7 + 5 = 12, 12 & 3 = 0: map[0] */

   const GLushort depth[2] = {0, 65535};
   _mesa_PixelTransferf(GL_DEPTH_SCALE, 0.5f);
   _mesa_PixelTransferf(GL_DEPTH_BIAS, 0.75f);
   _mesa_unpack_image(ctx, 2, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, depth,
                      PIXEL_DEPTH, z);
   assert_true(z[0] == 0.75f && z[1] == 1.0f);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
   (void)state;
}

/* Polygon stipple (section 3.5.6): initially all 1s (table 6.14);
 * glPolygonStipple unpacks a bitmap with the unpack modes (here: LSB
 * first, skipping 8 pixels, so each row's second byte is its first 8
 * pixels), kept as rows with pixel x in bit 31 - x; glGetPolygonStipple
 * packs it back MSB first; the capability and its query. */
static void
test_polygon_stipple(void **state)
{
   struct gl_test *t = compat21();
   struct gl_context *ctx = ctx_of(t);
   GLubyte in[32 * 5], out[32 * 4];

   assert_int_equal(ctx->Polygon.Stipple[7], 0xffffffffu);
   for (unsigned y = 0; y < 32; y++) {
      in[y * 5] = 0xff; /* skipped */
      in[y * 5 + 1] = 0x01;
      in[y * 5 + 2] = (GLubyte)y;
      in[y * 5 + 3] = 0;
      in[y * 5 + 4] = 0x80;
   }
   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 1);
   _mesa_PixelStorei(GL_UNPACK_ROW_LENGTH, 40);
   _mesa_PixelStorei(GL_UNPACK_SKIP_PIXELS, 8);
   _mesa_PixelStorei(GL_UNPACK_LSB_FIRST, 1);
   _mesa_PolygonStipple(in);
   _mesa_PixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   _mesa_PixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   _mesa_PixelStorei(GL_UNPACK_LSB_FIRST, 0);
   /* LSB first: 0x01 is pixel 0 (bit 31), 0x80 of byte 3 pixel 31 (bit
    * 0); y = 5 (0b101) in byte 1: pixels 8 and 10. */
   assert_int_equal(ctx->Polygon.Stipple[0], 0x80000001u);
   assert_int_equal(ctx->Polygon.Stipple[5], 0x80a00001u);

   _mesa_PixelStorei(GL_PACK_ALIGNMENT, 1);
   _mesa_GetPolygonStipple(out);
   /* MSB first: pixel 0 is bit 7 of byte 0. */
   assert_int_equal(out[5 * 4], 0x80);
   assert_int_equal(out[5 * 4 + 1], 0xa0);
   assert_int_equal(out[5 * 4 + 3], 0x01);

   GLboolean on = GL_TRUE;
   _mesa_GetBooleanv(GL_POLYGON_STIPPLE, &on);
   assert_false(on);
   _mesa_Enable(GL_POLYGON_STIPPLE);
   assert_true(_mesa_IsEnabled(GL_POLYGON_STIPPLE));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
   (void)state;
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_initial_state),
      cmocka_unit_test(test_errors_and_queries),
      cmocka_unit_test(test_unpack_packed),
      cmocka_unit_test(test_unpack_bitmap),
      cmocka_unit_test(test_transfer_indices_and_depth),
      cmocka_unit_test(test_polygon_stipple),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
