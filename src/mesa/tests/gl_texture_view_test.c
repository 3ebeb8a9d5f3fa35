/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture views (ARB_texture_view, GL 4.6 section 8.18) on the noop
 * driver: the errors of glTextureView in the order the specification
 * lists them, the target and format compatibility of tables 8.21 and
 * 8.22, the clamping of level and layer counts (views of views count
 * from the storage), the TEXTURE_VIEW_* and immutability queries, and
 * the view's images pointing into the original's storage.
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
#include "state_tracker/st_context.h"
#include "main/mtypes.h"

static struct gl_test *
core33(void)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_CORE, 3, 3, 16, 16);
   assert_non_null(t);
   return t;
}

static GLint
tex_param(GLenum target, GLuint tex, GLenum pname)
{
   GLint v = -1;
   _mesa_BindTexture(target, tex);
   _mesa_GetTexParameteriv(target, pname, &v);
   return v;
}

/* An immutable 2D array: 32x32, 6 levels, 8 layers of RGBA8. */
static GLuint
array_storage(void)
{
   GLuint tex;
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, tex);
   _mesa_TexStorage3D(GL_TEXTURE_2D_ARRAY, 6, GL_RGBA8, 32, 32, 8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   return tex;
}

/* The errors: texture 0 and origtexture not a texture are INVALID_VALUE;
 * a name not from glGenTextures, a name already bound, a mutable
 * original, an incompatible target or format INVALID_OPERATION; a first
 * level or layer past the original's INVALID_VALUE; layer counts that do
 * not suit the target INVALID_VALUE. */
static void
test_errors(void **state)
{
   struct gl_test *t = core33();
   GLuint orig = array_storage(), names[3], mutable_tex;

   assert_true(gl_test_has_extension("GL_ARB_texture_view"));
   _mesa_GenTextures(3, names);
   _mesa_TextureView(names[0], GL_TEXTURE_2D, 0, GL_RGBA8, 0, 1, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TextureView(0, GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TextureView(0x7ffffff0u, GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BindTexture(GL_TEXTURE_2D, names[1]);
   _mesa_TextureView(names[1], GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   _mesa_GenTextures(1, &mutable_tex);
   _mesa_BindTexture(GL_TEXTURE_2D, mutable_tex);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   _mesa_TextureView(names[0], GL_TEXTURE_2D, mutable_tex, GL_RGBA8, 0, 1, 0,
                     1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* table 8.21: no 3D view of an array; table 8.22: RGBA16F is 64-bit */
   _mesa_TextureView(names[0], GL_TEXTURE_3D, orig, GL_RGBA8, 0, 1, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TextureView(names[0], GL_TEXTURE_2D, orig, GL_RGBA16F, 0, 1, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TextureView(names[0], GL_TEXTURE_2D, orig, GL_RGBA8, 6, 1, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TextureView(names[0], GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 8, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* a 2D view is one layer, a cube six (after clamping) */
   _mesa_TextureView(names[0], GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 2);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TextureView(names[0], GL_TEXTURE_CUBE_MAP, orig, GL_RGBA8, 0, 1, 4,
                     6);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* nothing was made */
   assert_false(_mesa_IsTexture(names[0]));

   /* table 8.22: formats of one class are compatible */
   _mesa_TextureView(names[0], GL_TEXTURE_2D, orig, GL_R32UI, 1, 1, 3, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(_mesa_IsTexture(names[0]));
   _mesa_TextureView(names[2], GL_TEXTURE_CUBE_MAP, orig, GL_SRGB8_ALPHA8, 0,
                     9, 2, 6);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Levels and layers are clamped to what the original has, a view of a
 * view counts from the storage, and the queries answer it (section 8.18
 * and table 23.18); the view is immutable with the original's
 * TEXTURE_IMMUTABLE_LEVELS. */
static void
test_queries_and_clamping(void **state)
{
   struct gl_test *t = core33();
   GLuint orig = array_storage(), view, vov;

   _mesa_GenTextures(1, &view);
   _mesa_TextureView(view, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8UI, 2, 3, 1,
                     4);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   const GLenum a = GL_TEXTURE_2D_ARRAY;
   assert_int_equal(tex_param(a, view, GL_TEXTURE_VIEW_MIN_LEVEL), 2);
   assert_int_equal(tex_param(a, view, GL_TEXTURE_VIEW_NUM_LEVELS), 3);
   assert_int_equal(tex_param(a, view, GL_TEXTURE_VIEW_MIN_LAYER), 1);
   assert_int_equal(tex_param(a, view, GL_TEXTURE_VIEW_NUM_LAYERS), 4);
   assert_int_equal(tex_param(a, view, GL_TEXTURE_IMMUTABLE_FORMAT), 1);
   assert_int_equal(tex_param(a, view, GL_TEXTURE_IMMUTABLE_LEVELS), 6);
   /* the original: all its levels and layers */
   assert_int_equal(tex_param(a, orig, GL_TEXTURE_VIEW_NUM_LEVELS), 6);
   assert_int_equal(tex_param(a, orig, GL_TEXTURE_VIEW_NUM_LAYERS), 8);
   assert_int_equal(tex_param(a, orig, GL_TEXTURE_VIEW_MIN_LEVEL), 0);

   _mesa_GenTextures(1, &vov);
   _mesa_TextureView(vov, GL_TEXTURE_2D_ARRAY, view, GL_RGBA8, 2, 3, 1, 5);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(tex_param(a, vov, GL_TEXTURE_VIEW_MIN_LEVEL), 4);
   assert_int_equal(tex_param(a, vov, GL_TEXTURE_VIEW_NUM_LEVELS), 1);
   assert_int_equal(tex_param(a, vov, GL_TEXTURE_VIEW_MIN_LAYER), 2);
   assert_int_equal(tex_param(a, vov, GL_TEXTURE_VIEW_NUM_LAYERS), 3);

   /* BASE_LEVEL and MAX_LEVEL are clamped to the view's own levels */
   _mesa_BindTexture(a, view);
   _mesa_TexParameteri(a, GL_TEXTURE_MAX_LEVEL, 10);
   assert_int_equal(tex_param(a, view, GL_TEXTURE_MAX_LEVEL), 2);

   /* the view's images are the original's storage at its level and
    * layer: level 0 of the view of a view is level 4, layer 2 */
   struct gl_context *ctx = &t->ctx->ctx;
   struct gl_texture_object *o = NULL, *v = NULL;
   _mesa_BindTexture(a, orig);
   o = ctx->TexUnit[ctx->ActiveTexture].Current[TEXTURE_2D_ARRAY_INDEX];
   _mesa_BindTexture(a, vov);
   v = ctx->TexUnit[ctx->ActiveTexture].Current[TEXTURE_2D_ARRAY_INDEX];
   assert_ptr_equal(v->Image[0][0].pt, o->pt);
   assert_int_equal(v->Image[0][0].pt_level, 4);
   assert_int_equal(v->Image[0][0].pt_layer, 2);
   assert_int_equal(v->Image[0][0].Width, 2);
   assert_int_equal(v->Image[0][0].Depth, 3);
   /* a view is immutable: no TexStorage on it */
   _mesa_TexStorage3D(a, 1, GL_RGBA8, 4, 4, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* deleting the original leaves the view's storage alive */
   _mesa_DeleteTextures(1, &orig);
   assert_non_null(v->pt);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Cube views: six layers of a square original; a cube view's face f is
 * layer minlayer + f. */
static void
test_cube_view(void **state)
{
   struct gl_test *t = core33();
   GLuint wide, sq, view;

   _mesa_GenTextures(1, &wide);
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, wide);
   _mesa_TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 8, 4, 6);
   _mesa_GenTextures(1, &view);
   _mesa_TextureView(view, GL_TEXTURE_CUBE_MAP, wide, GL_RGBA8, 0, 1, 0, 6);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   sq = array_storage();
   _mesa_TextureView(view, GL_TEXTURE_CUBE_MAP, sq, GL_RGBA8, 0, 1, 2, 6);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   struct gl_context *ctx = &t->ctx->ctx;
   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP, view);
   struct gl_texture_object *v =
      ctx->TexUnit[ctx->ActiveTexture].Current[TEXTURE_CUBE_INDEX];
   for (unsigned f = 0; f < 6; f++)
      assert_int_equal(v->Image[f][0].pt_layer, 2 + f);
   assert_int_equal(tex_param(GL_TEXTURE_CUBE_MAP, view,
                              GL_TEXTURE_VIEW_NUM_LAYERS),
                    6);
   gl_test_destroy(t);
}

/* A view reinterprets the shared bits (GL 4.6 section 8.18): 1.0f stored
 * as R32F reads as the integer 0x3f800000 through an R32UI view, not as
 * the value 1 converted. */
static void
test_view_reads_bits(void **state)
{
   struct gl_test *t = core33();
   GLuint orig, view;
   const float one = 1.0f;
   GLuint got = 0;

   _mesa_GenTextures(1, &orig);
   _mesa_BindTexture(GL_TEXTURE_2D, orig);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 1, GL_R32F, 1, 1);
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RED, GL_FLOAT, &one);
   _mesa_GenTextures(1, &view);
   _mesa_TextureView(view, GL_TEXTURE_2D, orig, GL_R32UI, 0, 1, 0, 1);
   _mesa_BindTexture(GL_TEXTURE_2D, view);
   _mesa_GetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, &got);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(got, 0x3f800000u);
   gl_test_destroy(t);
}

/* As in Mesa (beyond the specification), glFramebufferTexture2D with
 * GL_TEXTURE_2D_ARRAY attaches layer 0 of a 2D array texture from GL 3.0
 * on (piglit's ES texel probes of array layers rely on it); another
 * texture's target is a mismatch, and ES 2.0 knows no such textarget. */
static void
test_fbo_array_layer0(void **state)
{
   struct gl_test *t = core33();
   GLuint arr = array_storage(), flat, fb;
   GLint v = -1;

   _mesa_GenFramebuffers(1, &fb);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fb);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D_ARRAY, arr, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v);
   assert_int_equal(v, 0);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
   assert_int_equal(v, 1);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);

   _mesa_GenTextures(1, &flat);
   _mesa_BindTexture(GL_TEXTURE_2D, flat);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D_ARRAY, flat, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 16, 16);
   assert_non_null(t);
   _mesa_GenFramebuffers(1, &fb);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fb);
   _mesa_GenTextures(1, &flat);
   _mesa_BindTexture(GL_TEXTURE_2D, flat);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D_ARRAY, flat, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_queries_and_clamping),
      cmocka_unit_test(test_cube_view),
      cmocka_unit_test(test_view_reads_bits),
      cmocka_unit_test(test_fbo_array_layer0),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
