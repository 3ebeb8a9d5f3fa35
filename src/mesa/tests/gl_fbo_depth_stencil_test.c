/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Depth and stencil attachments of a framebuffer object must be one
 * packed image: the driver gets a single depth/stencil surface, so other
 * combinations would lose the stencil buffer.  GL 4.6 section 9.4.2 lets
 * an implementation call such a combination GL_FRAMEBUFFER_UNSUPPORTED
 * (as Mesa's Gallium state tracker does for separate resources); draws
 * and clears then fail with INVALID_FRAMEBUFFER_OPERATION (section
 * 9.4.4).  One image on both points (DEPTH_STENCIL_ATTACHMENT or the two
 * points naming the same level and layer) stays complete.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gl_test_context.h"

static GLenum
status(void)
{
   GLenum s = _mesa_CheckFramebufferStatus(GL_FRAMEBUFFER);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   return s;
}

/* The framebuffer is refused by clears and draws. */
static void
expect_unusable(void)
{
   assert_int_equal(status(), GL_FRAMEBUFFER_UNSUPPORTED);
   _mesa_Clear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   assert_int_equal(_mesa_GetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
   _mesa_DrawArrays(GL_POINTS, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
}

static void
attach(GLenum point, GLuint tex, GLint level)
{
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, point, GL_TEXTURE_2D, tex,
                              level);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
}

/* A GL 3.0 context with a 4x4 colour texture on COLOR_ATTACHMENT0 of a
 * new framebuffer, bound. */
static struct gl_test *
colour_fbo(GLuint *fbo_out, GLuint *colour)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   GLuint fbo;
   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_GenTextures(1, colour);
   _mesa_BindTexture(GL_TEXTURE_2D, *colour);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   attach(GL_COLOR_ATTACHMENT0, *colour, 0);
   *fbo_out = fbo;
   return t;
}

/* Deletes what colour_fbo made and the depth or depth-stencil texture
 * tex. */
static void
finish(struct gl_test *t, GLuint fbo, GLuint colour, GLuint tex)
{
   _mesa_DeleteTextures(1, &tex);
   _mesa_DeleteTextures(1, &colour);
   _mesa_DeleteFramebuffers(1, &fbo);
   gl_test_destroy(t);
}

/* A depth texture and a separate stencil renderbuffer. */
static void
test_separate_resources(void **state)
{
   (void)state;
   GLuint fbo, colour, depth, stencil;
   struct gl_test *t = colour_fbo(&fbo, &colour);

   _mesa_GenTextures(1, &depth);
   _mesa_BindTexture(GL_TEXTURE_2D, depth);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 4, 0,
                    GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, NULL);
   attach(GL_DEPTH_ATTACHMENT, depth, 0);
   assert_int_equal(status(), GL_FRAMEBUFFER_COMPLETE);
   _mesa_GenRenderbuffers(1, &stencil);
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, stencil);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_STENCIL_INDEX8, 4, 4);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                                 GL_RENDERBUFFER, stencil);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   expect_unusable();
   /* stencil only: fine again */
   attach(GL_DEPTH_ATTACHMENT, 0, 0);
   assert_int_equal(status(), GL_FRAMEBUFFER_COMPLETE);

   _mesa_DeleteRenderbuffers(1, &stencil);
   finish(t, fbo, colour, depth);
}

/* Two levels of one DEPTH24_STENCIL8 texture are two images; the same
 * level on both points (or on DEPTH_STENCIL_ATTACHMENT) is one. */
static void
test_one_texture_two_images(void **state)
{
   (void)state;
   GLuint fbo, colour, ds;
   struct gl_test *t = colour_fbo(&fbo, &colour);

   _mesa_GenTextures(1, &ds);
   _mesa_BindTexture(GL_TEXTURE_2D, ds);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0,
                    GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, NULL);
   _mesa_TexImage2D(GL_TEXTURE_2D, 1, GL_DEPTH24_STENCIL8, 2, 2, 0,
                    GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, NULL);
   _mesa_TexImage2D(GL_TEXTURE_2D, 2, GL_DEPTH24_STENCIL8, 1, 1, 0,
                    GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   attach(GL_DEPTH_STENCIL_ATTACHMENT, ds, 0);
   assert_int_equal(status(), GL_FRAMEBUFFER_COMPLETE);
   attach(GL_STENCIL_ATTACHMENT, ds, 1);
   expect_unusable();
   attach(GL_STENCIL_ATTACHMENT, ds, 0);
   assert_int_equal(status(), GL_FRAMEBUFFER_COMPLETE);
   _mesa_Clear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   finish(t, fbo, colour, ds);
}

/* Two layers of one depth-stencil array texture are two images too. */
static void
test_two_layers(void **state)
{
   (void)state;
   GLuint fbo, colour, ds;
   struct gl_test *t = colour_fbo(&fbo, &colour);

   _mesa_GenTextures(1, &ds);
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, ds);
   _mesa_TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_DEPTH24_STENCIL8, 4, 4, 2, 0,
                    GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, NULL);
   _mesa_TexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER,
                       GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, ds, 0,
                                 0);
   _mesa_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, ds,
                                 0, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   expect_unusable();
   _mesa_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, ds,
                                 0, 0);
   assert_int_equal(status(), GL_FRAMEBUFFER_COMPLETE);

   finish(t, fbo, colour, ds);
}

/* RENDERBUFFER_INTERNAL_FORMAT answers the internal format as named,
 * unsized ones too (piglit's ext_packed_depth_stencil
 * get-renderbuffer-internalformat; llvmpipe answers GL_DEPTH_STENCIL),
 * while the storage is the sized format it stands for. */
static void
test_requested_format(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   GLuint rb;
   GLint v = 0;

   _mesa_GenRenderbuffers(1, &rb);
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, rb);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_STENCIL, 4, 4);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetRenderbufferParameteriv(GL_RENDERBUFFER,
                                    GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
   assert_int_equal(v, GL_DEPTH_STENCIL);
   _mesa_GetRenderbufferParameteriv(GL_RENDERBUFFER,
                                    GL_RENDERBUFFER_STENCIL_SIZE, &v);
   assert_int_equal(v, 8);
   _mesa_DeleteRenderbuffers(1, &rb);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_separate_resources),
      cmocka_unit_test(test_one_texture_two_images),
      cmocka_unit_test(test_two_layers),
      cmocka_unit_test(test_requested_format),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
