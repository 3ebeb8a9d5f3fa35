/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL_EXT_texture_snorm in desktop contexts on the noop driver: the
 * extension is listed, its unsized and alpha / luminance / intensity
 * formats are taken by glTexImage2D, report SIGNED_NORMALIZED component
 * types and their sizes, keep signed texels (read back as table 6.1 of
 * GL 3.0 gives them), and render where the extension allows.  ES
 * contexts do not know the names.  Expected values: the EXT_texture_snorm
 * specification (its table 3.16 additions) and GL 3.0 sections 2.1.5
 * (c = round(127 f) for 8 signed bits, f = max(c / 127, -1)) and 6.1.4.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "gl_test_context.h"

static struct gl_test *
compat30(void)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   return t;
}

static GLint
level_param(GLenum pname)
{
   GLint v = -1;
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, pname, &v);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   return v;
}

/* The extension's formats with their base formats and component bits
 * (alpha, luminance, intensity as the queries name them). */
static const struct {
   GLenum ifmt, base;
   GLint a, l, i;
} lai[] = {
   {GL_ALPHA_SNORM, GL_ALPHA, 8, 0, 0},
   {GL_LUMINANCE_SNORM, GL_LUMINANCE, 0, 8, 0},
   {GL_LUMINANCE_ALPHA_SNORM, GL_LUMINANCE_ALPHA, 8, 8, 0},
   {GL_INTENSITY_SNORM, GL_INTENSITY, 0, 0, 8},
   {GL_ALPHA8_SNORM, GL_ALPHA, 8, 0, 0},
   {GL_LUMINANCE8_SNORM, GL_LUMINANCE, 0, 8, 0},
   {GL_LUMINANCE8_ALPHA8_SNORM, GL_LUMINANCE_ALPHA, 8, 8, 0},
   {GL_INTENSITY8_SNORM, GL_INTENSITY, 0, 0, 8},
   {GL_ALPHA16_SNORM, GL_ALPHA, 16, 0, 0},
   {GL_LUMINANCE16_SNORM, GL_LUMINANCE, 0, 16, 0},
   {GL_LUMINANCE16_ALPHA16_SNORM, GL_LUMINANCE_ALPHA, 16, 16, 0},
   {GL_INTENSITY16_SNORM, GL_INTENSITY, 0, 0, 16},
};

/* Every format is taken, keeps its name and reports signed normalized
 * components of (at least) its bits. */
static void
test_formats_and_queries(void **state)
{
   (void)state;
   struct gl_test *t = compat30();
   GLuint tex;

   assert_true(gl_test_has_extension("GL_EXT_texture_snorm"));
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   for (unsigned k = 0; k < sizeof(lai) / sizeof(lai[0]); k++) {
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, lai[k].ifmt, 2, 2, 0, GL_RGBA,
                       GL_FLOAT, NULL);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      assert_int_equal(level_param(GL_TEXTURE_INTERNAL_FORMAT), lai[k].ifmt);
      GLenum sn = GL_SIGNED_NORMALIZED;
      assert_int_equal(level_param(GL_TEXTURE_ALPHA_TYPE),
                       lai[k].a ? sn : GL_NONE);
      assert_int_equal(level_param(GL_TEXTURE_LUMINANCE_TYPE),
                       lai[k].l ? sn : GL_NONE);
      assert_int_equal(level_param(GL_TEXTURE_INTENSITY_TYPE),
                       lai[k].i ? sn : GL_NONE);
      assert_int_equal(level_param(GL_TEXTURE_RED_TYPE), GL_NONE);
      assert_true(level_param(GL_TEXTURE_ALPHA_SIZE) >= lai[k].a);
      assert_true(level_param(GL_TEXTURE_LUMINANCE_SIZE) >= lai[k].l);
      assert_true(level_param(GL_TEXTURE_INTENSITY_SIZE) >= lai[k].i);
   }
   /* The unsized R, RG, RGB and RGBA ones. */
   static const GLenum rgba[] = {GL_RED_SNORM, GL_RG_SNORM, GL_RGB_SNORM,
                                 GL_RGBA_SNORM};
   for (unsigned k = 0; k < 4; k++) {
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, rgba[k], 2, 2, 0, GL_RGBA, GL_FLOAT,
                       NULL);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      assert_int_equal(level_param(GL_TEXTURE_RED_TYPE),
                       GL_SIGNED_NORMALIZED);
      assert_int_equal(level_param(GL_TEXTURE_GREEN_TYPE),
                       k >= 1 ? GL_SIGNED_NORMALIZED : GL_NONE);
      assert_int_equal(level_param(GL_TEXTURE_ALPHA_TYPE),
                       k == 3 ? GL_SIGNED_NORMALIZED : GL_NONE);
      assert_int_equal(level_param(GL_TEXTURE_RED_SIZE), 8);
   }
   _mesa_DeleteTextures(1, &tex);
   gl_test_destroy(t);
}

/* Texels keep their sign: -1, -64/127 and 64/127 become -127, -64 and 64
 * (round(127 f)), read back as c / 127 (16 bits: within a step of
 * 1/32767); glGetTexImage gives luminance and intensity in red, alpha 1
 * unless the format has alpha (GL 3.0 table 6.1). */
static void
test_signed_texels(void **state)
{
   (void)state;
   struct gl_test *t = compat30();
   const float h = 64.0f / 127.0f;
   const float la[4][2] = {{-1.0f, h}, {-h, -1.0f}, {h, 0.0f}, {1.0f, -h}};
   static const GLenum fmts[] = {GL_LUMINANCE_ALPHA_SNORM,
                                 GL_LUMINANCE16_ALPHA16_SNORM,
                                 GL_INTENSITY_SNORM, GL_ALPHA8_SNORM};
   GLuint tex;

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   for (unsigned k = 0; k < 4; k++) {
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, fmts[k], 2, 2, 0,
                       GL_LUMINANCE_ALPHA, GL_FLOAT, la);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      float out[4][4];
      memset(out, 0, sizeof(out));
      _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, out);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      double eps = k == 1 ? 1.0 / 32767 : 1e-6;
      float l[4] = {-1.0f, -h, h, 1.0f};
      float a[4] = {h, -1.0f, 0.0f, -h};
      for (unsigned p = 0; p < 4; p++) {
         float r = fmts[k] == GL_ALPHA8_SNORM ? 0.0f : l[p];
         float alpha = fmts[k] == GL_INTENSITY_SNORM ? 1.0f : a[p];
         assert_float_equal(out[p][0], r, eps);
         assert_float_equal(out[p][1], 0.0f, eps);
         assert_float_equal(out[p][2], 0.0f, eps);
         assert_float_equal(out[p][3], alpha, eps);
      }
   }
   _mesa_DeleteTextures(1, &tex);
   gl_test_destroy(t);
}

/* With pixel transfer operations on, an upload's final conversion clamps
 * to [-1, 1] for signed normalized storage, not [0, 1] (EXT_texture_snorm's
 * edit of GL 3.0 section 3.8.1; GL 4.6 section 8.5).  By hand, with
 * RED_SCALE = GREEN_SCALE = 2, BLUE_BIAS = 0.75, ALPHA_BIAS = -64/127
 * (c' = c scale + bias, GL 3.0 section 3.7.5):
 * (-32/127, -0.75, 0.5, 0) -> (-64/127, -1.5, 1.25, -64/127), clamped
 * (-64/127, -1, 1, -64/127), stored as -64, -127, 127, -64 and read back
 * as c / 127. */
static void
test_transfer_clamps_signed(void **state)
{
   (void)state;
   struct gl_test *t = compat30();
   const float h = 64.0f / 127.0f;
   const float texel[4] = {-32.0f / 127.0f, -0.75f, 0.5f, 0.0f};
   GLuint tex;

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_PixelTransferf(GL_RED_SCALE, 2.0f);
   _mesa_PixelTransferf(GL_GREEN_SCALE, 2.0f);
   _mesa_PixelTransferf(GL_BLUE_BIAS, 0.75f);
   _mesa_PixelTransferf(GL_ALPHA_BIAS, -h);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8_SNORM, 1, 1, 0, GL_RGBA,
                    GL_FLOAT, texel);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* glGetTexImage applies them too: back to the identity first */
   _mesa_PixelTransferf(GL_RED_SCALE, 1.0f);
   _mesa_PixelTransferf(GL_GREEN_SCALE, 1.0f);
   _mesa_PixelTransferf(GL_BLUE_BIAS, 0.0f);
   _mesa_PixelTransferf(GL_ALPHA_BIAS, 0.0f);
   float out[4] = {0};
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, out);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_float_equal(out[0], -h, 1e-6);
   assert_float_equal(out[1], -1.0f, 1e-6);
   assert_float_equal(out[2], 1.0f, 1e-6);
   assert_float_equal(out[3], -h, 1e-6);
   _mesa_DeleteTextures(1, &tex);
   gl_test_destroy(t);
}

static GLenum
fbo_status(GLenum internalformat)
{
   GLenum status = gl_test_texture_fbo_status(internalformat, GL_RGBA,
                                              GL_FLOAT);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   return status;
}

/* Every format of the extension renders in a compatibility context, as
 * Mesa's _mesa_base_fbo_format allows them with it: R, RG, RGB and RGBA,
 * sized or not, and since wave 17 alpha, luminance, luminance-alpha and
 * intensity (llvmpipe renders them all). */
static void
test_renderable(void **state)
{
   (void)state;
   struct gl_test *t = compat30();
   static const GLenum formats[] = {
      GL_RGBA8_SNORM,       GL_RGBA_SNORM,          GL_RED_SNORM,
      GL_RGB_SNORM,         GL_ALPHA_SNORM,         GL_ALPHA16_SNORM,
      GL_LUMINANCE_SNORM,   GL_LUMINANCE16_SNORM,   GL_LUMINANCE8_ALPHA8_SNORM,
      GL_INTENSITY8_SNORM,  GL_INTENSITY16_SNORM,
   };

   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
      assert_int_equal(fbo_status(formats[i]), GL_FRAMEBUFFER_COMPLETE);
   gl_test_destroy(t);
}

/* ES 3.0 has the sized R/RG/RGB/RGBA ones only. */
static void
test_not_in_es(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0,
                                              8, 8);
   GLuint tex;

   assert_non_null(t);
   assert_false(gl_test_has_extension("GL_EXT_texture_snorm"));
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_SNORM, 2, 2, 0,
                    GL_LUMINANCE, GL_BYTE, NULL);
   assert_int_not_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_R8_SNORM, 2, 2, 0, GL_RED, GL_BYTE,
                    NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteTextures(1, &tex);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_formats_and_queries),
      cmocka_unit_test(test_signed_texels),
      cmocka_unit_test(test_transfer_clamps_signed),
      cmocka_unit_test(test_renderable),
      cmocka_unit_test(test_not_in_es),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
