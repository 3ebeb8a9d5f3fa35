/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Desktop client pixel groups without a pipe format (main/client_pixels.c)
 * and EXT_texture_integer's formats.  Expected values: GL 3.3
 * compatibility spec section 3.7.2 (tables 3.5-3.8; unsigned c / (2^b -
 * 1), signed max(c / (2^(b-1) - 1), -1) as section 2.1.6 has it for GL
 * 4.2 and later, which the conversion uses), computed by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_context.h"
#include "main/client_pixels.h"
#include "main/context.h"
#include "main/formats_es3.h"
#include "main/pixel.h"
#include "state_tracker/st_context.h"

static float
f(uint32_t bits)
{
   float v;
   memcpy(&v, &bits, sizeof(v));
   return v;
}

static void
test_unpack_orders(void **state)
{
   (void)state;
   uint32_t out[2][4];

   /* GREEN, UNSIGNED_SHORT: G = 0xffff / 65535, the rest (0, 0, 1). */
   const uint16_t green[1] = {0xffff};
   _mesa_client_unpack_rgba(GL_GREEN, GL_UNSIGNED_SHORT, green, 1, out);
   assert_float_equal(f(out[0][0]), 0.0f, 0.0f);
   assert_float_equal(f(out[0][1]), 1.0f, 0.0f);
   assert_float_equal(f(out[0][3]), 1.0f, 0.0f);

   /* ABGR_EXT bytes: A first in memory. */
   const uint8_t abgr[4] = {255, 0, 51, 102};
   _mesa_client_unpack_rgba(GL_ABGR_EXT, GL_UNSIGNED_BYTE, abgr, 1, out);
   assert_float_equal(f(out[0][0]), 0.4f, 1e-6f);
   assert_float_equal(f(out[0][1]), 0.2f, 1e-6f);
   assert_float_equal(f(out[0][2]), 0.0f, 0.0f);
   assert_float_equal(f(out[0][3]), 1.0f, 0.0f);

   /* UNSIGNED_BYTE_3_3_2: R in bits 7-5, G 4-2, B 1-0;
    * 2_3_3_REV: R in bits 2-0, G 5-3, B 7-6.  0xe5 = 111 001 01. */
   const uint8_t packed = 0xe5;
   _mesa_client_unpack_rgba(GL_RGB, GL_UNSIGNED_BYTE_3_3_2, &packed, 1, out);
   assert_float_equal(f(out[0][0]), 1.0f, 0.0f);
   assert_float_equal(f(out[0][1]), 1.0f / 7.0f, 1e-6f);
   assert_float_equal(f(out[0][2]), 1.0f / 3.0f, 1e-6f);
   _mesa_client_unpack_rgba(GL_RGB, GL_UNSIGNED_BYTE_2_3_3_REV, &packed, 1,
                            out);
   assert_float_equal(f(out[0][0]), 5.0f / 7.0f, 1e-6f);
   assert_float_equal(f(out[0][1]), 4.0f / 7.0f, 1e-6f);
   assert_float_equal(f(out[0][2]), 1.0f, 0.0f);

   /* BGRA with UNSIGNED_SHORT_1_5_5_5_REV: B in bits 0-4, G 5-9, R 10-14,
    * A bit 15.  0x801f: B 31, A 1. */
   const uint16_t rev = 0x801f;
   _mesa_client_unpack_rgba(GL_BGRA, GL_UNSIGNED_SHORT_1_5_5_5_REV, &rev, 1,
                            out);
   assert_float_equal(f(out[0][0]), 0.0f, 0.0f);
   assert_float_equal(f(out[0][2]), 1.0f, 0.0f);
   assert_float_equal(f(out[0][3]), 1.0f, 0.0f);

   /* LUMINANCE_ALPHA shorts: L to R, G, B; -32768 clamps to -1. */
   const int16_t la[2] = {-32768, 16383};
   _mesa_client_unpack_rgba(GL_LUMINANCE_ALPHA, GL_SHORT, la, 1, out);
   assert_float_equal(f(out[0][0]), -1.0f, 0.0f);
   assert_float_equal(f(out[0][2]), -1.0f, 0.0f);
   assert_float_equal(f(out[0][3]), 16383.0f / 32767.0f, 1e-6f);

   /* Integer formats keep integers (alpha 1); no float types. */
   const int8_t bgra_i[4] = {-3, 4, 5, 6};
   _mesa_client_unpack_rgba(GL_BGRA_INTEGER, GL_BYTE, bgra_i, 1, out);
   assert_int_equal((int32_t)out[0][0], 5);
   assert_int_equal((int32_t)out[0][2], -3);
   assert_int_equal((int32_t)out[0][3], 6);
   assert_int_equal(_mesa_client_unpacked_format(GL_BGRA_INTEGER, GL_BYTE),
                    PIPE_FORMAT_R32G32B32A32_SINT);
   assert_int_equal(_mesa_client_pixel_size(GL_ALPHA_INTEGER, GL_FLOAT), 0);
   assert_int_equal(_mesa_client_pixel_size(GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4),
                    0);
   assert_int_equal(
      _mesa_client_pixel_size(GL_LUMINANCE_INTEGER_EXT, GL_UNSIGNED_INT), 4);
}

static void
test_pack(void **state)
{
   (void)state;
   const float in[1][4] = {{1.0f, 0.5f, 0.0f, 0.25f}};
   uint8_t out[4];

   /* 10_10_10_2: R in bits 31-22 ... A in 1-0: 1023, 512, 0, 1. */
   uint32_t word;
   _mesa_client_pack_rgba_float(GL_RGBA, GL_UNSIGNED_INT_10_10_10_2, in, 1,
                                false, &word);
   assert_int_equal(word, (1023u << 22) | (512u << 12) | (0u << 2) | 1u);
   /* LUMINANCE_ALPHA bytes: L from R. */
   _mesa_client_pack_rgba_float(GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, in, 1,
                                false, out);
   assert_int_equal(out[0], 255);
   assert_int_equal(out[1], 64);
}

/* The codec's depth/stencil groups, swapped bytes and table 3.8's pairs:
 * UNSIGNED_INT_24_8 holds depth in bits 31-8 (0x800000 / (2^24 - 1))
 * and stencil in 7-0; FLOAT_32_UNSIGNED_INT_24_8_REV a float then the
 * stencil in the low byte of the second word; packed types go with RGB
 * (3 fields) or RGBA/BGRA/ABGR (4), never BGR. */
static void
test_codec_groups(void **state)
{
   (void)state;
   struct pixel_group g;

   const uint32_t ds = 0x80000005u;
   _mesa_pixel_decode(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &ds, false, &g);
   assert_true(g.has[PIX_Z] && g.has[PIX_I] && !g.has[PIX_R]);
   assert_float_equal(g.val[PIX_Z], 8388608.0 / 16777215.0, 1e-9);
   assert_float_equal(g.val[PIX_I], 5.0, 0.0);
   uint32_t back = 0;
   _mesa_pixel_encode(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &g, false,
                      &back);
   assert_int_equal(back, ds);

   g.val[PIX_Z] = 0.5;
   g.val[PIX_I] = 0x1ff; /* the low 8 bits are kept */
   uint32_t words[2] = {0};
   _mesa_pixel_encode(GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, &g,
                      false, words);
   assert_int_equal(words[0], 0x3f000000u);
   assert_int_equal(words[1], 0xffu);

   /* Swapped: the bytes 0x12 0x34 of an UNSIGNED_SHORT stencil index
    * read as 0x1234. */
   const uint8_t bytes[2] = {0x12, 0x34};
   _mesa_pixel_decode(GL_STENCIL_INDEX, GL_UNSIGNED_SHORT, bytes, true, &g);
   assert_float_equal(g.val[PIX_I], 4660.0, 0.0);
   uint8_t out[2];
   _mesa_pixel_encode(GL_STENCIL_INDEX, GL_UNSIGNED_SHORT, &g, true, out);
   assert_memory_equal(out, bytes, 2);

   assert_int_equal(_mesa_pixel_group_size_B(GL_RGB, GL_UNSIGNED_SHORT_5_6_5),
                    2);
   assert_int_equal(_mesa_pixel_group_size_B(GL_BGR, GL_UNSIGNED_SHORT_5_6_5),
                    0);
   assert_int_equal(
      _mesa_pixel_group_size_B(GL_ABGR_EXT, GL_UNSIGNED_INT_8_8_8_8), 4);
   assert_int_equal(_mesa_pixel_group_size_B(GL_RG, GL_UNSIGNED_INT_24_8), 0);
   assert_int_equal(
      _mesa_pixel_group_size_B(GL_DEPTH_STENCIL, GL_UNSIGNED_INT), 0);
   assert_int_equal(_mesa_pixel_group_size_B(GL_RGBA_INTEGER, GL_FLOAT), 0);
}

/* Texture uploads honour UNPACK_SWAP_BYTES and the pixel transfer
 * operations (GL 2.1 section 3.8.1): which uploads the conversion takes
 * (multi-byte elements swapped; transfer operations for non-integer
 * formats), and what it makes of a 5_6_5 texel with its bytes swapped
 * (memory 0xf8 0x00: 0xf800 once swapped on a little-endian host, red
 * 1) and of RED_SCALE 0.5
 * (red 1 -> 0.5). */
static void
test_unpack_modes(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   struct gl_context *ctx = &t->ctx->ctx;

   assert_false(_mesa_client_unpack_changes(ctx, GL_RGBA, GL_UNSIGNED_SHORT));
   _mesa_PixelStorei(GL_UNPACK_SWAP_BYTES, GL_TRUE);
   assert_true(_mesa_client_unpack_changes(ctx, GL_RGB,
                                           GL_UNSIGNED_SHORT_5_6_5));
   assert_true(_mesa_client_unpack_changes(ctx, GL_RGBA_INTEGER, GL_INT));
   assert_false(_mesa_client_unpack_changes(ctx, GL_RGBA, GL_UNSIGNED_BYTE));

   const uint8_t texel[2] = {0xf8, 0x00};
   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 1);
   float *out = _mesa_client_unpack_image(ctx, GL_RGB, GL_UNSIGNED_SHORT_5_6_5,
                                          GL_RGB, PIXEL_CLAMP_UNORM, 1, 1, 1,
                                          texel);
   assert_non_null(out);
   assert_true(out[0] == 1.0f && out[1] == 0.0f && out[2] == 0.0f &&
               out[3] == 1.0f);
   free(out);

   _mesa_PixelStorei(GL_UNPACK_SWAP_BYTES, GL_FALSE);
   _mesa_PixelTransferf(GL_RED_SCALE, 0.5f);
   assert_true(_mesa_client_unpack_changes(ctx, GL_RGBA, GL_UNSIGNED_BYTE));
   assert_false(_mesa_client_unpack_changes(ctx, GL_RGBA_INTEGER,
                                            GL_UNSIGNED_BYTE));
   const uint8_t rgba[4] = {255, 255, 0, 255};
   out = _mesa_client_unpack_image(ctx, GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA,
                                   PIXEL_CLAMP_UNORM, 1, 1, 1, rgba);
   assert_non_null(out);
   assert_true(out[0] == 0.5f && out[1] == 1.0f && out[3] == 1.0f);
   free(out);
   gl_test_destroy(t);
}

/* EXT_texture_integer's formats in a compatibility context: uploaded
 * through the conversion, reduced to the base format (table 3.15), the
 * extension and RGBA_INTEGER_MODE_EXT. */
static void
test_integer_formats(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(strstr((const char *)_mesa_GetString(GL_EXTENSIONS),
                          "GL_EXT_texture_integer"));
   const struct gl_format_info *fi = _mesa_format_info(GL_LUMINANCE16UI_EXT);
   assert_non_null(fi);
   assert_int_equal(fi->base, GL_LUMINANCE);
   assert_true(_mesa_format_info_is_integer(fi));

   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   const uint16_t texel[3] = {7, 8, 9};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE16UI_EXT, 1, 1, 0,
                    GL_BGR_INTEGER, GL_UNSIGNED_SHORT, texel);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   GLuint back[4] = {0};
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, back);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* BGR: R is the third component, 9; luminance reads (L, 0, 0, 1)
    * (GL 3.0 section 6.1.4, table 6.1; piglit's ext_texture_integer
    * getteximage-clamping). */
   assert_int_equal(back[0], 9);
   assert_int_equal(back[1], 0);
   assert_int_equal(back[2], 0);
   assert_int_equal(back[3], 1);

   /* BGRA_INTEGER with the packed types both ways (GL 4.6 table 8.5):
    * UNSIGNED_INT_8_8_8_8 puts the first component (B) in the top byte,
    * the _REV type in the bottom one. */
   const GLuint word = 0x01020304u; /* B 1, G 2, R 3, A 4 */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 1, 1, 0, GL_BGRA_INTEGER,
                    GL_UNSIGNED_INT_8_8_8_8, &word);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   uint8_t bytes[4] = {0};
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE,
                     bytes);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(bytes[0] == 3 && bytes[1] == 2 && bytes[2] == 1 &&
               bytes[3] == 4);
   GLuint packed = 0;
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_BGRA_INTEGER,
                     GL_UNSIGNED_INT_8_8_8_8, &packed);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(packed, 0x01020304u);
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_BGRA_INTEGER,
                     GL_UNSIGNED_INT_8_8_8_8_REV, &packed);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(packed, 0x04030201u);
   /* Packed integer readbacks of a normalized image stay refused. */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, bytes);
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_BGRA_INTEGER,
                     GL_UNSIGNED_INT_8_8_8_8, &packed);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* A non-integer format with integer texels: INVALID_OPERATION. */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE16, 1, 1, 0,
                    GL_LUMINANCE_INTEGER_EXT, GL_UNSIGNED_SHORT, texel);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   GLboolean mode = GL_TRUE;
   _mesa_GetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &mode);
   assert_int_equal(mode, GL_FALSE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Depth texels of the types no pipe format describes (GL 3.3 section
 * 3.7.2 takes any type of table 3.5 with DEPTH_COMPONENT): UNSIGNED_BYTE
 * 0, 51 and 255 are 0, 0.2 and 1 (section 2.1.6: c / 255), with
 * DEPTH_SCALE 0.5 half of that (section 3.7.6); a depth texture accepts
 * them (piglit's shadow textureGather programs upload these). */
static void
test_depth_bytes(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   struct gl_context *ctx = &t->ctx->ctx;

   assert_int_equal(_mesa_client_depth_size(GL_DEPTH_COMPONENT,
                                            GL_UNSIGNED_BYTE), 1);
   assert_int_equal(_mesa_client_depth_size(GL_DEPTH_COMPONENT, GL_INT), 4);
   /* these have pipe formats (Z16_UNORM, Z32_FLOAT) */
   assert_int_equal(_mesa_client_depth_size(GL_DEPTH_COMPONENT,
                                            GL_UNSIGNED_SHORT), 0);
   assert_int_equal(_mesa_client_depth_size(GL_DEPTH_COMPONENT, GL_FLOAT),
                    0);
   assert_int_equal(_mesa_client_depth_size(GL_RED, GL_UNSIGNED_BYTE), 0);

   const uint8_t z[3] = {0, 51, 255};
   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 1);
   float *out = _mesa_client_unpack_image(ctx, GL_DEPTH_COMPONENT,
                                          GL_UNSIGNED_BYTE, GL_DEPTH_COMPONENT,
                                          PIXEL_CLAMP_UNORM, 3, 1, 1, z);
   assert_non_null(out);
   assert_true(out[0] == 0.0f && fabsf(out[1] - 0.2f) < 1e-6f &&
               out[2] == 1.0f);
   free(out);
   _mesa_PixelTransferf(GL_DEPTH_SCALE, 0.5f);
   out = _mesa_client_unpack_image(ctx, GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE,
                                   GL_DEPTH_COMPONENT, PIXEL_CLAMP_UNORM, 3, 1, 1,
                                   z);
   assert_non_null(out);
   assert_true(out[2] == 0.5f);
   free(out);
   _mesa_PixelTransferf(GL_DEPTH_SCALE, 1.0f);

   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 3, 1, 0,
                    GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE, z);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_unpack_orders),
      cmocka_unit_test(test_pack),
      cmocka_unit_test(test_codec_groups),
      cmocka_unit_test(test_unpack_modes),
      cmocka_unit_test(test_integer_formats),
      cmocka_unit_test(test_depth_bytes),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
