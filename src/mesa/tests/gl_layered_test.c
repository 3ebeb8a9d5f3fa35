/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Layered framebuffers of OpenGL 3.2 on the noop driver: the errors of
 * glFramebufferTexture (GL 3.2 core section 4.4.2), the
 * FRAMEBUFFER_ATTACHMENT_LAYERED query (section 6.1.13), completeness
 * (section 4.4.4: FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS), and the Gallium
 * framebuffer state a layered framebuffer becomes (section 4.4.7: every
 * layer of each attachment; the layer count is the largest attachment's).
 * The 3.2 contexts come from MESA_GL_VERSION_OVERRIDE.
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

static struct gl_test *
context_of(int major, int minor)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_CORE, major, minor, 8, 8);
   assert_non_null(t);
   return t;
}

/* A 4x4 RGBA8 2D array texture of `layers` layers bound to name. */
static void
array_texture(GLuint name, GLsizei layers)
{
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, name);
   _mesa_TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, layers, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
}

static void
bind_new_fbo(GLuint name)
{
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, name);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
}

/* Section 4.4.2's errors, in the order the section gives them. */
static void
test_framebuffer_texture_errors(void **state)
{
   struct gl_test *t = context_of(3, 2);
   array_texture(1, 2);
   _mesa_BindTexture(GL_TEXTURE_RECTANGLE, 2);
   _mesa_BindTexture(GL_TEXTURE_BUFFER, 3);
   _mesa_BindTexture(GL_TEXTURE_3D, 4);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* Framebuffer object 0 bound: nothing to attach to. */
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 1, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   bind_new_fbo(1);
   _mesa_FramebufferTexture(GL_TEXTURE_2D, GL_COLOR_ATTACHMENT0, 1, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_TEXTURE_2D, 1, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   /* Not the name of a texture object (GL 4.6 section 9.2.8 names the
    * INVALID_VALUE of this command). */
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 77, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* A buffer texture has no image to attach. */
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 3, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* Levels: negative, past log2 of the largest size, or not 0 for a
    * rectangle texture. */
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 1, -1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   GLint max3d = 0, log2 = 0;
   _mesa_GetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
   while (max3d > 1) {
      max3d /= 2;
      log2++;
   }
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 4, log2);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 4,
                            log2 + 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 2, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 2, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* Texture 0 detaches. */
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 0, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   GLint type = -1;
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
   assert_int_equal(type, GL_NONE);
   gl_test_destroy(t);
}

/* A 3.1 context has no glFramebufferTexture nor the LAYERED query. */
static void
test_not_in_gl31(void **state)
{
   struct gl_test *t = context_of(3, 1);
   array_texture(1, 2);
   bind_new_fbo(1);
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 1, 0);
   assert_int_not_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 1, 0,
                                 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   GLint v = -1;
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED,
      &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

static GLint
attachment_param(GLenum attachment, GLenum pname)
{
   GLint v = -1;
   _mesa_GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, attachment,
                                             pname, &v);
   return v;
}

/* Section 6.1.13: LAYERED is TRUE for an attachment made layered by
 * glFramebufferTexture, FALSE for one layer or a 2D texture; it is not a
 * renderbuffer's parameter. */
static void
test_layered_query(void **state)
{
   struct gl_test *t = context_of(3, 2);
   array_texture(1, 3);
   _mesa_BindTexture(GL_TEXTURE_2D, 2);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   bind_new_fbo(1);

   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 1, 0);
   assert_int_equal(attachment_param(GL_COLOR_ATTACHMENT0,
                                     GL_FRAMEBUFFER_ATTACHMENT_LAYERED),
                    GL_TRUE);
   assert_int_equal(attachment_param(GL_COLOR_ATTACHMENT0,
                                     GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER),
                    0);
   assert_int_equal(attachment_param(GL_COLOR_ATTACHMENT0,
                                     GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME),
                    1);

   _mesa_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 1, 0,
                                 2);
   assert_int_equal(attachment_param(GL_COLOR_ATTACHMENT0,
                                     GL_FRAMEBUFFER_ATTACHMENT_LAYERED),
                    GL_FALSE);
   assert_int_equal(attachment_param(GL_COLOR_ATTACHMENT0,
                                     GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER),
                    2);

   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 2, 0);
   assert_int_equal(attachment_param(GL_COLOR_ATTACHMENT0,
                                     GL_FRAMEBUFFER_ATTACHMENT_LAYERED),
                    GL_FALSE);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);

   _mesa_BindRenderbuffer(GL_RENDERBUFFER, 1);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                 GL_RENDERBUFFER, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   attachment_param(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* Section 4.4.4: all populated attachments layered or none, and layered
 * colour attachments of one texture target. */
static void
test_completeness(void **state)
{
   struct gl_test *t = context_of(3, 2);
   array_texture(1, 2);
   array_texture(2, 4);
   _mesa_BindTexture(GL_TEXTURE_3D, 3);
   _mesa_TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 2, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   _mesa_BindTexture(GL_TEXTURE_2D, 4);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, 5);
   _mesa_TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_DEPTH_COMPONENT24, 4, 4, 2, 0,
                    GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   bind_new_fbo(1);

   /* Layered colour, one layer of depth: mixed. */
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 1, 0);
   _mesa_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, 5, 0,
                                 0);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS);
   /* Both layered: complete. */
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, 5, 0);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   /* A 2D texture beside a layered attachment: mixed. */
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, 4, 0);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS);
   /* Layered colour attachments of two targets (2D array, 3D). */
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, 3, 0);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS);
   /* Two arrays of different layer counts: complete (no count rule in
    * GL 3.2 core). */
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, 2, 0);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 4.4.7: a layered framebuffer renders to every layer of its
 * attachments; the Gallium state carries the layer ranges and the count
 * (the largest attachment's, as Mesa's state tracker does). */
static void
test_gallium_state(void **state)
{
   struct gl_test *t = context_of(3, 2);
   struct st_context *st = t->ctx;
   array_texture(1, 3);
   array_texture(2, 5);
   bind_new_fbo(1);
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 1, 0);
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, 2, 0);
   static const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   _mesa_DrawBuffers(2, bufs);
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(st->fb.layers, 5);
   assert_non_null(st->fb.cbufs[0]);
   assert_int_equal(st->fb.cbufs[0]->u.tex.first_layer, 0);
   assert_int_equal(st->fb.cbufs[0]->u.tex.last_layer, 2);
   assert_int_equal(st->fb.cbufs[1]->u.tex.last_layer, 4);

   /* One layer again: a single-layer surface, one framebuffer layer. */
   _mesa_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 1, 0,
                                 1);
   _mesa_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, 2, 0,
                                 4);
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(st->fb.layers, 1);
   assert_int_equal(st->fb.cbufs[0]->u.tex.first_layer, 1);
   assert_int_equal(st->fb.cbufs[0]->u.tex.last_layer, 1);
   assert_int_equal(st->fb.cbufs[1]->u.tex.first_layer, 4);

   /* The window-system framebuffer is one layer. */
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 0);
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(st->fb.layers, 1);
   gl_test_destroy(t);
}

/* A cube map attaches its six faces as layers 0-5 (section 4.4.7,
 * table 4.13), once every face is defined with one size and format. */
static void
test_cube_map(void **state)
{
   struct gl_test *t = context_of(3, 2);
   struct st_context *st = t->ctx;
   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP, 1);
   for (unsigned f = 0; f < 5; f++)
      _mesa_TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 4, 4,
                       0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   bind_new_fbo(1);
   _mesa_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 1, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* Face -Z is missing. */
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   _mesa_TexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_RGBA8, 4, 4, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(st->fb.layers, 6);
   struct pipe_surface *s = st->fb.cbufs[0];
   assert_non_null(s);
   assert_int_equal(s->u.tex.last_layer - s->u.tex.first_layer, 5);
   assert_true(s->texture->array_size >= 6);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_framebuffer_texture_errors),
      cmocka_unit_test(test_not_in_gl31),
      cmocka_unit_test(test_layered_query),
      cmocka_unit_test(test_completeness),
      cmocka_unit_test(test_gallium_state),
      cmocka_unit_test(test_cube_map),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
