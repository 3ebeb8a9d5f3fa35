/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Compatibility-profile state on the noop driver: glShadeModel,
 * glProvokingVertex, the line and point polygon offset enables, 1D
 * textures and 1D array textures, internal formats 1-4, with the errors and initial values of the GL 3.0
 * compatibility specification (sections named at each test) and GL 3.2
 * for the provoking vertex.
 */
#include <stdlib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"

static struct gl_test *
compat30(void)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   return t;
}

/* Section 2.19.7 and table 6.11: SHADE_MODEL starts SMOOTH; only FLAT
 * and SMOOTH are accepted; deprecated, so an error in forward-compatible
 * contexts (appendix E.1) and absent from ES. */
static void
test_shade_model(void **state)
{
   struct gl_test *t = compat30();
   GLint v = 0;

   _mesa_GetIntegerv(GL_SHADE_MODEL, &v);
   assert_int_equal(v, GL_SMOOTH);
   _mesa_ShadeModel(GL_FLAT);
   _mesa_GetIntegerv(GL_SHADE_MODEL, &v);
   assert_int_equal(v, GL_FLAT);
   _mesa_ShadeModel(GL_LINE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetIntegerv(GL_SHADE_MODEL, &v);
   assert_int_equal(v, GL_FLAT);
   gl_test_destroy(t);

   t = gl_test_create_profile(ST_PROFILE_OPENGL_CORE, 3, 0, 8, 8);
   assert_non_null(t);
   _mesa_ShadeModel(GL_FLAT);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetIntegerv(GL_SHADE_MODEL, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_non_null(t);
   _mesa_ShadeModel(GL_FLAT);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* GL 3.2 section 2.18.8 and table 6.11: the last vertex convention at
 * first. */
static void
test_provoking_vertex(void **state)
{
   struct gl_test *t = compat30();
   GLint v = 0;

   _mesa_GetIntegerv(GL_PROVOKING_VERTEX, &v);
   assert_int_equal(v, GL_LAST_VERTEX_CONVENTION);
   _mesa_ProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
   _mesa_GetIntegerv(GL_PROVOKING_VERTEX, &v);
   assert_int_equal(v, GL_FIRST_VERTEX_CONVENTION);
   _mesa_ProvokingVertex(GL_FLAT);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Section 3.5.5 and table 6.13: POLYGON_OFFSET_LINE and _POINT are
 * capabilities, off at first; not in ES. */
static void
test_polygon_offset_enables(void **state)
{
   struct gl_test *t = compat30();

   assert_false(_mesa_IsEnabled(GL_POLYGON_OFFSET_LINE));
   assert_false(_mesa_IsEnabled(GL_POLYGON_OFFSET_POINT));
   _mesa_Enable(GL_POLYGON_OFFSET_LINE);
   assert_true(_mesa_IsEnabled(GL_POLYGON_OFFSET_LINE));
   assert_false(_mesa_IsEnabled(GL_POLYGON_OFFSET_POINT));
   _mesa_Enable(GL_POLYGON_OFFSET_POINT);
   GLboolean b = GL_FALSE;
   _mesa_GetBooleanv(GL_POLYGON_OFFSET_POINT, &b);
   assert_true(b);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_non_null(t);
   _mesa_Enable(GL_POLYGON_OFFSET_LINE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Section 3.8.1: TexImage1D takes TEXTURE_1D only (else INVALID_ENUM),
 * a width within the limits and border 0 (else INVALID_VALUE); the
 * image has height and depth 1; TexSubImage1D regions lie inside it;
 * TEXTURE_BINDING_1D (table 6.20).  ES has no 1D textures. */
static void
test_tex_image_1d(void **state)
{
   struct gl_test *t = compat30();
   static const uint8_t texels[4 * 4] = {0};
   GLuint tex;
   GLint v = -1;

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_1D, tex);
   _mesa_GetIntegerv(GL_TEXTURE_BINDING_1D, &v);
   assert_int_equal(v, (GLint)tex);
   _mesa_TexImage1D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexImage1D(GL_TEXTURE_1D, 0, GL_RGBA, 4, 1, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexImage1D(GL_TEXTURE_1D, 0, GL_RGBA, -1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexImage1D(GL_TEXTURE_1D, 0, GL_RGBA, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_1D, 0, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(v, 4);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_1D, 0, GL_TEXTURE_HEIGHT, &v);
   assert_int_equal(v, 1);
   _mesa_TexSubImage1D(GL_TEXTURE_1D, 0, 3, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                       texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexSubImage1D(GL_TEXTURE_1D, 0, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE,
                       texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* A 2D call does not reach the 1D target. */
   _mesa_TexSubImage2D(GL_TEXTURE_1D, 0, 0, 0, 1, 1, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_non_null(t);
   _mesa_BindTexture(GL_TEXTURE_1D, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexImage1D(GL_TEXTURE_1D, 0, GL_RGBA, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Section 3.8.1 (GL 2.1 and the compatibility profile): internalformat
 * may be a GL 1.0 component count, 1-4 standing for LUMINANCE,
 * LUMINANCE_ALPHA, RGB and RGBA (TEXTURE_INTERNAL_FORMAT answers the
 * number given, as llvmpipe does); core profiles refuse them (INVALID_VALUE, as any unknown
 * internal format). */
static void
test_tex_image_component_counts(void **state)
{
   struct gl_test *t = compat30();
   static const uint8_t texels[2 * 2 * 4] = {0};
   GLuint tex;
   GLint v = -1;

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   for (GLint n = 1; n <= 4; n++) {
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, n, 2, 2, 0, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0,
                                   GL_TEXTURE_INTERNAL_FORMAT, &v);
      assert_int_equal(v, n);
   }
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, 5, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    texels);
   assert_int_not_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = gl_test_create_version(ST_PROFILE_OPENGL_CORE, 3, 2, 8, 8);
   assert_non_null(t);
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, 3, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

/* Section 3.8.1: a 1D array is specified with TexImage2D, its height
 * the layer count (up to MAX_ARRAY_TEXTURE_LAYERS, which the width limit
 * does not bound); TEXTURE_BINDING_1D_ARRAY (table 6.20). */
static void
test_tex_image_1d_array(void **state)
{
   struct gl_test *t = compat30();
   static const uint8_t texels[4 * 3 * 4] = {0};
   GLuint tex;
   GLint v = -1, layers = 0;

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_1D_ARRAY, tex);
   _mesa_GetIntegerv(GL_TEXTURE_BINDING_1D_ARRAY, &v);
   assert_int_equal(v, (GLint)tex);
   _mesa_TexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, 4, 3, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_HEIGHT,
                                &v);
   assert_int_equal(v, 3);
   /* A level's layer count does not shrink with the level. */
   _mesa_GetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &layers);
   _mesa_TexImage2D(GL_TEXTURE_1D_ARRAY, 1, GL_RGBA, 2, layers, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, 4, layers + 1, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* Sub-images address layers as rows. */
   _mesa_TexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, 4, 3, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   _mesa_TexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 1, 2, 2, 1, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 2, 1, 2, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_non_null(t);
   _mesa_BindTexture(GL_TEXTURE_1D_ARRAY, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Section 3.8.1: UNPACK_IMAGE_HEIGHT and UNPACK_SKIP_IMAGES apply to
 * three-dimensional images only; a 1D array's image is two-dimensional,
 * its layers consecutive rows (piglit's "texsubimage array" read past its
 * pixels when the 3D state was set). */
static void
test_tex_image_1d_array_unpack(void **state)
{
   struct gl_test *t = compat30();
   uint8_t texels[64 * 4], back[2 * 3 * 4] = {0};
   GLuint tex;

   for (unsigned i = 0; i < sizeof(texels); i++)
      texels[i] = (uint8_t)i;
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_1D_ARRAY, tex);
   _mesa_PixelStorei(GL_UNPACK_IMAGE_HEIGHT, 5);
   _mesa_PixelStorei(GL_UNPACK_SKIP_IMAGES, 1);
   _mesa_TexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 2, 3, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   assert_memory_equal(back, texels, sizeof(back));
   /* A sub-image's rows too: layer 1 from the second client row. */
   _mesa_PixelStorei(GL_UNPACK_SKIP_ROWS, 1);
   _mesa_TexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 1, 2, 2, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   assert_memory_equal(back, texels, 8);
   assert_memory_equal(back + 8, texels + 8, 16);
   /* A 2D image, converted (LUMINANCE into RGBA8) or not, skips no
    * image either (piglit's texsubimage-unpack). */
   uint8_t back2d[2 * 2 * 4] = {0}, want[2 * 2 * 4];
   _mesa_PixelStorei(GL_UNPACK_SKIP_ROWS, 0);
   _mesa_BindTexture(GL_TEXTURE_2D, tex + 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back2d);
   assert_memory_equal(back2d, texels, sizeof(back2d));
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_LUMINANCE,
                       GL_UNSIGNED_BYTE, texels + 4);
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back2d);
   for (unsigned i = 0; i < 4; i++) {
      /* rows of 2 bytes padded to the alignment of 4 */
      uint8_t l = texels[4 + (i / 2) * 4 + i % 2];
      want[i * 4 + 0] = want[i * 4 + 1] = want[i * 4 + 2] = l;
      want[i * 4 + 3] = 255;
   }
   assert_memory_equal(back2d, want, sizeof(want));
   gl_test_destroy(t);
}

/* GL 1.0's component counts 1-4 as TexImage internal formats (GL 3.0
 * compatibility section 3.9.1, table 3.16's footnote: they stand for
 * LUMINANCE, LUMINANCE_ALPHA, RGB and RGBA); TEXTURE_INTERNAL_FORMAT
 * answers with the value the application gave (llvmpipe does too), the
 * texels follow the base format (since wave 14). */
static void
test_component_count_formats(void **state)
{
   static const GLenum bases[] = {GL_LUMINANCE, GL_LUMINANCE_ALPHA, GL_RGB,
                                  GL_RGBA};
   static const uint8_t texel[4] = {10, 20, 30, 40};

   (void)state;
   struct gl_test *t = compat30();
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   for (GLint n = 1; n <= 4; n++) {
      GLint v = 0;
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, n, 1, 1, 0, GL_RGBA,
                       GL_UNSIGNED_BYTE, texel);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0,
                                   GL_TEXTURE_INTERNAL_FORMAT, &v);
      assert_int_equal(v, n);
      /* the sizes still those of the base format */
      _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE,
                                   &v);
      bool alpha = bases[n - 1] == GL_LUMINANCE_ALPHA ||
                   bases[n - 1] == GL_RGBA;
      assert_int_equal(v != 0, alpha);
      _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0,
                                   GL_TEXTURE_LUMINANCE_SIZE, &v);
      assert_int_equal(v != 0, n <= 2);
   }
   /* a 3D image too; re-specifying with a name forgets the count */
   _mesa_BindTexture(GL_TEXTURE_3D, 2);
   _mesa_TexImage3D(GL_TEXTURE_3D, 0, 3, 1, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texel);
   GLint v = 0;
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_3D, 0, GL_TEXTURE_INTERNAL_FORMAT,
                                &v);
   assert_int_equal(v, 3);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texel);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT,
                                &v);
   assert_int_equal(v, GL_RGBA);
   gl_test_destroy(t);

   /* deprecated (GL 3.0 appendix E): not a format in a core profile */
   t = gl_test_create_profile(ST_PROFILE_OPENGL_CORE, 3, 0, 8, 8);
   assert_non_null(t);
   _mesa_BindTexture(GL_TEXTURE_2D, 1);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, 4, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    texel);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_shade_model),
      cmocka_unit_test(test_provoking_vertex),
      cmocka_unit_test(test_polygon_offset_enables),
      cmocka_unit_test(test_tex_image_1d),
      cmocka_unit_test(test_tex_image_component_counts),
      cmocka_unit_test(test_tex_image_1d_array),
      cmocka_unit_test(test_tex_image_1d_array_unpack),
      cmocka_unit_test(test_component_count_formats),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
