/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * 3D and 2D array textures (ES 3.0 section 3.8.3; run in a desktop 2.1
 * context, where this front end offers them): what TexImage3D and
 * TexSubImage3D store per slice, immutable storage, 2x2x2 mipmaps, the
 * errors, and rendering into one layer of an array.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "main/context.h"
#include "main/extensions.h"
#include "main/texobj.h"
#include "state_tracker/st_context.h"
#include "util/u_inlines.h"

static void
test_teximage3d(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   GLubyte px[2][2][2][4];
   uint8_t got[4];

   for (unsigned z = 0; z < 2; z++)
      for (unsigned y = 0; y < 2; y++)
         for (unsigned x = 0; x < 2; x++)
            for (unsigned c = 0; c < 4; c++)
               px[z][y][x][c] = (GLubyte)(z * 64 + y * 16 + x * 4 + c);

   _mesa_BindTexture(GL_TEXTURE_3D, 1);
   _mesa_TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA, 2, 2, 2, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_read_texel(GL_TEXTURE_3D, 0, 0, 1, 0, 1, got, 4);
   assert_memory_equal(got, px[1][0][1], 4);

   /* One texel of slice 1. */
   static const GLubyte red[4] = { 255, 0, 0, 255 };
   _mesa_TexSubImage3D(GL_TEXTURE_3D, 0, 0, 1, 1, 1, 1, 1, GL_RGBA,
                       GL_UNSIGNED_BYTE, red);
   gl_test_read_texel(GL_TEXTURE_3D, 0, 0, 0, 1, 1, got, 4);
   assert_memory_equal(got, red, 4);
   gl_test_read_texel(GL_TEXTURE_3D, 0, 0, 0, 1, 0, got, 4);
   assert_memory_equal(got, px[0][1][0], 4);

   /* Mipmaps: level 1 is the mean of the 8 texels. */
   _mesa_GenerateMipmap(GL_TEXTURE_3D);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_read_texel(GL_TEXTURE_3D, 0, 1, 0, 0, 0, got, 4);
   unsigned sum = 0;
   for (unsigned z = 0; z < 2; z++)
      for (unsigned y = 0; y < 2; y++)
         for (unsigned x = 0; x < 2; x++)
            sum += (z == 1 && y == 1 && x == 0) ? red[3] : px[z][y][x][3];
   assert_int_equal(got[3], (sum + 4) / 8);
   assert_true(_mesa_texture_complete(_mesa_current_context,
                  _mesa_get_current_tex_object(_mesa_current_context,
                                               GL_TEXTURE_3D, "t")));

   /* Errors. */
   _mesa_TexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 1, 1, 1, 2, GL_RGBA,
                       GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexImage3D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA, 1, 1, -1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* Desktop GL converts between colour formats, not between colour and
    * depth (GL 2.1 section 3.8.1). */
   _mesa_TexImage3D(GL_TEXTURE_3D, 0, GL_DEPTH_COMPONENT16, 1, 1, 1, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   GLint v;
   _mesa_GetIntegerv(GL_TEXTURE_BINDING_3D, &v);
   assert_int_equal(v, 1);
   gl_test_destroy(t);
}

static void
test_array_storage_and_layers(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   GLuint tex, fbo;
   static const GLubyte green[4 * 4 * 4] = { 0, 255, 0, 255 };

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, tex);
   _mesa_TexStorage3D(GL_TEXTURE_2D_ARRAY, 4, GL_RGBA8, 4, 4, 3);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION); /* 3 levels */
   _mesa_TexStorage3D(GL_TEXTURE_2D_ARRAY, 3, GL_RGBA8, 4, 4, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* Layers stay 3 at every level. */
   struct gl_texture_object *obj = _mesa_get_current_tex_object(
      _mesa_current_context, GL_TEXTURE_2D_ARRAY, "t");
   assert_int_equal(obj->Image[0][2].Depth, 3);
   assert_int_equal(obj->Image[0][2].Width, 1);
   _mesa_TexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 2, 1, 1, 1, GL_RGBA,
                       GL_UNSIGNED_BYTE, green);
   uint8_t got[4];
   gl_test_read_texel(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 2, got, 4);
   assert_int_equal(got[1], 255);

   /* CopyTexSubImage3D into layer 1 from the window (cleared on noop: the
    * window's memory starts zeroed). */
   _mesa_CopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 0, 0, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_read_texel(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 1, got, 4);
   assert_int_equal(got[1], 0);
   gl_test_read_texel(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 2, got, 4);
   assert_int_equal(got[1], 255); /* layer 2 untouched */
   _mesa_CopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 3, 0, 0, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   /* Rendering into layer 2. */
   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0,
                                 2);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   GLint v;
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v);
   assert_int_equal(v, 2);
   GLubyte out[4];
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
   assert_int_equal(out[1], 255); /* layer 2's texel (0, 0) */

   /* A 2D texture has no layers. */
   _mesa_BindTexture(GL_TEXTURE_2D, 9);
   _mesa_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 9, 0,
                                 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* ... and an array is not a cube face. */
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_CUBE_MAP_POSITIVE_X, tex, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* ES 2.0 has no array textures, and 3D ones only through OES_texture_3D
 * (which it advertises): GL_TEXTURE_3D_OES, glTexImage3DOES,
 * GL_TEXTURE_WRAP_R_OES and the binding and size queries. */
static void
test_es2_3d_only_with_oes(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   static const GLubyte px[4];
   GLint v = 0;

   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, 1, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   assert_true(_mesa_has_extension(&t->ctx->ctx, "GL_OES_texture_3D"));
   _mesa_BindTexture(GL_TEXTURE_3D_OES, 2);
   _mesa_TexImage3DOES(GL_TEXTURE_3D_OES, 0, GL_RGBA, 1, 1, 1, 0, GL_RGBA,
                       GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* ES 2.0's rule: an unsized internal format is the format */
   _mesa_TexImage3DOES(GL_TEXTURE_3D_OES, 0, GL_RGB, 1, 1, 1, 0, GL_RGBA,
                       GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexParameteri(GL_TEXTURE_3D_OES, GL_TEXTURE_WRAP_R_OES,
                       GL_MIRRORED_REPEAT);
   _mesa_GetTexParameteriv(GL_TEXTURE_3D_OES, GL_TEXTURE_WRAP_R_OES, &v);
   assert_int_equal(v, GL_MIRRORED_REPEAT);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_BINDING_3D_OES), 2);
   assert_true(gl_test_get_int(GL_MAX_3D_TEXTURE_SIZE_OES) >= 16);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_teximage3d),
      cmocka_unit_test(test_array_storage_and_layers),
      cmocka_unit_test(test_es2_3d_only_with_oes),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
