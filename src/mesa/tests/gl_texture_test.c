/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ES 2.0 textures on the noop driver: what TexImage stores for each
 * format/type pair (ES 2.0 table 3.4/3.5: luminance L -> (L, L, L, 1),
 * alpha A -> (0, 0, 0, A), 5_6_5 has red in the top bits), unpack
 * alignment, mipmap generation, and completeness.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "main/context.h"
#include "main/texobj.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_texture.h"
#include "util/format/u_format_pack.h"
#include "util/u_inlines.h"

/* Reads texel (x, y) of level/face of the bound 2D (or cube) texture, as
 * 8-bit RGBA whatever the storage format (what a sampler returns). */
static void
texel(GLenum target, unsigned face, unsigned level, unsigned x, unsigned y,
      uint8_t out[4])
{
   struct gl_context *ctx = _mesa_current_context;
   struct st_context *st = ctx->st;
   struct gl_texture_object *t =
      _mesa_get_current_tex_object(ctx, target, "test");
   struct gl_texture_image *img = &t->Image[face][level];
   struct pipe_transfer *xfer;
   struct pipe_box box;

   assert_non_null(img->pt);
   u_box_3d(x, y, img->pt_layer, 1, 1, 1, &box);
   const uint8_t *p = st->pipe->texture_map(st->pipe, img->pt, img->pt_level,
                                            PIPE_MAP_READ, &box, &xfer);
   assert_non_null(p);
   float rgba[4];
   assert_true(util_format_unpack_rgba_float(img->pt->format, rgba, p, 1));
   for (unsigned c = 0; c < 4; c++)
      out[c] = (uint8_t)(rgba[c] * 255.0f + 0.5f);
   st->pipe->texture_unmap(st->pipe, xfer);
}

static void
expect_texel(unsigned x, unsigned y, uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
   uint8_t got[4];
   texel(GL_TEXTURE_2D, 0, 0, x, y, got);
   assert_int_equal(got[0], r);
   assert_int_equal(got[1], g);
   assert_int_equal(got[2], b);
   assert_int_equal(got[3], a);
}

static void
test_upload_formats(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLuint tex;

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 1);

   static const GLubyte la[] = {10, 20, 30, 40};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA, 2, 1, 0,
                    GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, la);
   expect_texel(0, 0, 10, 10, 10, 20);
   expect_texel(1, 0, 30, 30, 30, 40);

   static const GLubyte alpha[] = {77};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 1, 1, 0, GL_ALPHA,
                    GL_UNSIGNED_BYTE, alpha);
   expect_texel(0, 0, 0, 0, 0, 77);

   static const GLubyte rgb[] = {1, 2, 3, 4, 5, 6};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 2, 1, 0, GL_RGB, GL_UNSIGNED_BYTE,
                    rgb);
   expect_texel(1, 0, 4, 5, 6, 255);

   /* 5_6_5: red 11..15, green 5..10, blue 0..4. */
   static const GLushort c565[] = {0xF800, 0x07E0, 0x001F};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 3, 1, 0, GL_RGB,
                    GL_UNSIGNED_SHORT_5_6_5, c565);
   expect_texel(0, 0, 255, 0, 0, 255);
   expect_texel(1, 0, 0, 255, 0, 255);
   expect_texel(2, 0, 0, 0, 255, 255);

   /* 4_4_4_4: red in the top nibble, alpha in the bottom. */
   static const GLushort c4444[] = {0xF00F};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_SHORT_4_4_4_4, c4444);
   expect_texel(0, 0, 255, 0, 0, 255);

   /* 5_5_5_1: alpha is bit 0. */
   static const GLushort c5551[] = {0x07C0};
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_SHORT_5_5_5_1, c5551);
   expect_texel(0, 0, 0, 255, 0, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Rows of client data start at multiples of GL_UNPACK_ALIGNMENT. */
static void
test_unpack_alignment(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   /* RGB 1x2: row 0 at byte 0, row 1 at byte 4 with alignment 4. */
   static const GLubyte rows[] = {9, 8, 7, 0xEE, 6, 5, 4};

   _mesa_BindTexture(GL_TEXTURE_2D, 3);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 1, 2, 0, GL_RGB, GL_UNSIGNED_BYTE,
                    rows);
   expect_texel(0, 0, 9, 8, 7, 255);
   expect_texel(0, 1, 6, 5, 4, 255);

   /* TexSubImage2D of one texel. */
   static const GLubyte one[] = {100, 101, 102};
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 0, 1, 1, 1, GL_RGB, GL_UNSIGNED_BYTE,
                       one);
   expect_texel(0, 1, 100, 101, 102, 255);
   expect_texel(0, 0, 9, 8, 7, 255);
   gl_test_destroy(t);
}

static void
test_generate_mipmap(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   static const GLubyte px[16] = {0,   0,   0,   0,   255, 255, 255, 255,
                                  255, 255, 255, 255, 255, 255, 255, 255};
   uint8_t got[4];

   _mesa_BindTexture(GL_TEXTURE_2D, 4);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, px);
   assert_false(_mesa_texture_complete(
      _mesa_current_context,
      _mesa_get_current_tex_object(_mesa_current_context, GL_TEXTURE_2D, "t")));
   _mesa_GenerateMipmap(GL_TEXTURE_2D);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* (0 + 255 * 3) / 4 = 191.25 -> 191 */
   texel(GL_TEXTURE_2D, 0, 1, 0, 0, got);
   assert_int_equal(got[0], 191);
   assert_int_equal(got[3], 191);
   assert_true(_mesa_texture_complete(
      _mesa_current_context,
      _mesa_get_current_tex_object(_mesa_current_context, GL_TEXTURE_2D, "t")));
   gl_test_destroy(t);
}

/* ES 2.0 section 3.8.2's NPOT rule (CLAMP_TO_EDGE, no mipmaps) is lifted
 * by OES_texture_npot, which ES 2.0 contexts have: complete with REPEAT. */
static void
test_npot_completeness(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   struct gl_context *ctx = _mesa_current_context;
   static const GLubyte px[4 * 6];

   _mesa_BindTexture(GL_TEXTURE_2D, 5);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 3, 2, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, px);
   struct gl_texture_object *tex =
      _mesa_get_current_tex_object(ctx, GL_TEXTURE_2D, "t");
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   assert_non_null(strstr((const char *)_mesa_GetString(GL_EXTENSIONS),
                          "GL_OES_texture_npot"));
   assert_true(_mesa_texture_complete(ctx, tex)); /* REPEAT */
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   assert_true(_mesa_texture_complete(ctx, tex));

   GLint v;
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, &v);
   assert_int_equal(v, GL_CLAMP_TO_EDGE);
   _mesa_GetIntegerv(GL_TEXTURE_BINDING_2D, &v);
   assert_int_equal(v, 5);
   assert_true(_mesa_IsTexture(5));
   _mesa_DeleteTextures(1, (GLuint[]){5});
   _mesa_GetIntegerv(GL_TEXTURE_BINDING_2D, &v);
   assert_int_equal(v, 0);
   assert_false(_mesa_IsTexture(5));
   gl_test_destroy(t);
}

/* A cube map is complete when its six faces match. */
static void
test_cube_completeness(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   struct gl_context *ctx = _mesa_current_context;
   static const GLubyte px[16];

   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP, 6);
   struct gl_texture_object *tex =
      _mesa_get_current_tex_object(ctx, GL_TEXTURE_CUBE_MAP, "t");
   _mesa_TexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   for (unsigned f = 0; f < 5; f++)
      _mesa_TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, 2, 2, 0,
                       GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_false(_mesa_texture_complete(ctx, tex));
   _mesa_TexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_RGBA, 2, 2, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_true(_mesa_texture_complete(ctx, tex));
   assert_true(st_finalize_texture(ctx->st, tex));
   assert_int_equal(tex->pt->target, PIPE_TEXTURE_CUBE);
   assert_int_equal(tex->pt->array_size, 6);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* CopyTexImage2D reads GL rows: texture row 0 is the window's bottom
 * row, which is the last row of its memory. */
static void
test_copy_tex_image(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 4, 2);
   struct pipe_context *pipe = st_context_pipe(t->ctx);
   struct pipe_resource *color =
      st_framebuffer_get_resource(t->fb, ST_ATTACHMENT_BACK_LEFT);
   uint8_t mem[2][16];
   struct pipe_box box;

   for (int i = 0; i < 16; i++) {
      mem[0][i] = (uint8_t)(i + 1);
      mem[1][i] = (uint8_t)(0x80 + i);
   }
   u_box_2d(0, 0, 4, 2, &box);
   pipe->texture_subdata(pipe, color, 0, PIPE_MAP_WRITE, &box, mem, 16, 0);

   _mesa_BindTexture(GL_TEXTURE_2D, 9);
   _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 0, 0, 4, 2, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   expect_texel(0, 0, 0x80, 0x81, 0x82, 255); /* alpha dropped: RGB */
   expect_texel(1, 1, 5, 6, 7, 255);

   /* Luminance takes red. */
   _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA, 1, 1, 2, 1, 0);
   expect_texel(0, 0, 5, 5, 5, 8);

   /* A sub-rectangle, partly outside the window (those texels stay). */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 3, 2, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   _mesa_CopyTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 3, 0, 2, 1);
   expect_texel(1, 0, 0x8c, 0x8d, 0x8e, 0x8f);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_upload_formats),
      cmocka_unit_test(test_unpack_alignment),
      cmocka_unit_test(test_generate_mipmap),
      cmocka_unit_test(test_npot_completeness),
      cmocka_unit_test(test_cube_completeness),
      cmocka_unit_test(test_copy_tex_image),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
