/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Framebuffer and renderbuffer objects (ES 2.0 section 4.4): completeness
 * (section 4.4.5), attachment queries, and rendering/reading through a
 * texture attachment, whose rows are not flipped (unlike the window's).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "pipe/p_context.h"
#include "pipe/p_state.h"
#include "util/u_inlines.h"

static struct pipe_framebuffer_state last_fb;
static struct pipe_viewport_state last_vp;
static void (*orig_set_fb)(struct pipe_context *,
                           const struct pipe_framebuffer_state *);

static void
spy_set_fb(struct pipe_context *p, const struct pipe_framebuffer_state *fb)
{
   last_fb = *fb;
   orig_set_fb(p, fb);
}

static void
spy_set_vp(struct pipe_context *p, unsigned start, unsigned n,
           const struct pipe_viewport_state *vp)
{
   last_vp = vp[0];
}

static GLenum
status(void)
{
   return _mesa_CheckFramebufferStatus(GL_FRAMEBUFFER);
}

static void
test_completeness(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 16, 16);
   GLuint fbo, rb[3], tex;
   static const GLubyte px[8 * 8 * 4];

   assert_int_equal(status(), GL_FRAMEBUFFER_COMPLETE); /* the window */
   _mesa_GenFramebuffers(1, &fbo);
   assert_false(_mesa_IsFramebuffer(fbo));
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   assert_true(_mesa_IsFramebuffer(fbo));
   assert_int_equal(status(), GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);

   _mesa_GenRenderbuffers(3, rb);
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 8, 8);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                 GL_RENDERBUFFER, rb[0]);
   assert_int_equal(status(), GL_FRAMEBUFFER_COMPLETE);

   /* A depth format on the colour attachment. */
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 4, 4);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                 GL_RENDERBUFFER, rb[1]);
   /* ES 2.0: attachments of different sizes. */
   assert_int_equal(status(), GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 8, 8);
   assert_int_equal(status(), GL_FRAMEBUFFER_COMPLETE);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                                 GL_RENDERBUFFER, rb[1]);
   assert_int_equal(status(), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                                 GL_RENDERBUFFER, 0);

   /* A renderbuffer without storage. */
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, rb[2]);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                 GL_RENDERBUFFER, rb[2]);
   assert_int_equal(status(), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);

   /* Luminance textures are not colour-renderable; RGBA ones are. */
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 8, 8, 0, GL_LUMINANCE,
                    GL_UNSIGNED_BYTE, px);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, tex, 0);
   assert_int_equal(status(), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, px);
   assert_int_equal(status(), GL_FRAMEBUFFER_COMPLETE);

   GLint v;
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   assert_int_equal(v, GL_TEXTURE);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   assert_int_equal(v, (GLint)tex);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM); /* type NONE */

   _mesa_BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   _mesa_GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
   assert_int_equal(v, 8);
   _mesa_GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_GREEN_SIZE,
                                    &v);
   assert_int_equal(v, 6);
   _mesa_GetRenderbufferParameteriv(GL_RENDERBUFFER,
                                    GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
   assert_int_equal(v, GL_RGB565);

   /* Deleting the texture detaches it; deleting the FBO binds 0. */
   _mesa_DeleteTextures(1, &tex);
   assert_int_equal(status(), GL_FRAMEBUFFER_COMPLETE); /* depth only */
   _mesa_DeleteFramebuffers(1, &fbo);
   _mesa_GetIntegerv(GL_FRAMEBUFFER_BINDING, &v);
   assert_int_equal(v, 0);
   _mesa_DeleteRenderbuffers(3, rb);
   assert_false(_mesa_IsRenderbuffer(rb[0]));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Rendering to a texture: its storage is the colour buffer, the viewport
 * is not flipped, and ReadPixels reads rows top-down in memory order. */
static void
test_render_to_texture(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 16, 16);
   struct pipe_context *pipe = st_context_pipe(t->ctx);
   GLuint fbo, tex;
   GLubyte px[4 * 4 * 4];

   orig_set_fb = pipe->set_framebuffer_state;
   pipe->set_framebuffer_state = spy_set_fb;
   pipe->set_viewport_states = spy_set_vp;

   for (unsigned i = 0; i < sizeof(px); i++)
      px[i] = (GLubyte)i;
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, px);
   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, tex, 0);
   _mesa_Viewport(0, 0, 4, 4);
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(last_fb.nr_cbufs, 1);
   assert_int_equal(last_fb.width, 4);
   assert_null(last_fb.zsbuf);
   assert_true(last_vp.scale[1] == 2.0f && last_vp.translate[1] == 2.0f);

   GLubyte out[4 * 4 * 4];
   _mesa_ReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, out);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_memory_equal(out, px, sizeof(px));

   /* Back to the window: flipped again. */
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 0);
   _mesa_Viewport(0, 0, 16, 16);
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_true(last_vp.scale[1] == -8.0f);
   assert_non_null(last_fb.zsbuf);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_completeness),
      cmocka_unit_test(test_render_to_texture),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
