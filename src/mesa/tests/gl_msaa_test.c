/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Multisampling in the GL front end (ES 3.0.6): GL_MAX_SAMPLES,
 * glRenderbufferStorageMultisample and its rounding up (section 4.4.2.1),
 * GL_RENDERBUFFER_SAMPLES, glGetInternalformativ (6.1.15), the
 * FRAMEBUFFER_INCOMPLETE_MULTISAMPLE rule (4.4.4.2), SAMPLES /
 * SAMPLE_BUFFERS, and the blit (4.3.3) and read (4.3.1) errors.  The noop
 * driver is made to accept 2 and 4 samples for render targets and
 * depth/stencil, as the asahi driver does.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "gl_test_context.h"
#include "noop_public.h"
#include "pipe/p_screen.h"

static bool (*noop_supported)(struct pipe_screen *, enum pipe_format,
                              enum pipe_texture_target, unsigned, unsigned,
                              unsigned);

static bool
msaa_supported(struct pipe_screen *screen, enum pipe_format format,
               enum pipe_texture_target target, unsigned samples,
               unsigned storage_samples, unsigned bind)
{
   if (samples > 1) {
      /* R8 renders single-sampled only here (a format with no counts). */
      if ((samples != 2 && samples != 4) || format == PIPE_FORMAT_R8_UNORM)
         return false;
      if (!(bind & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL)))
         return false;
      samples = storage_samples = 1;
   }
   return noop_supported(screen, format, target, samples, storage_samples,
                         bind);
}

static void
patch_screen(struct pipe_screen *screen)
{
   noop_supported = screen->is_format_supported;
   screen->is_format_supported = msaa_supported;
}

/* An ES context of the given version (2 or 3.0) on a noop screen with
 * 2x/4x. */
static struct gl_test *
msaa_context(int major)
{
   struct gl_test *t = gl_test_create_patched(
      ST_PROFILE_OPENGL_ES2, major, 0, 16, 16, major >= 3, patch_screen, NULL);
   assert_non_null(t);
   return t;
}

static GLuint
renderbuffer(GLsizei samples, GLenum format)
{
   GLuint rb;
   _mesa_GenRenderbuffers(1, &rb);
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, rb);
   _mesa_RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, 16,
                                        16);
   return rb;
}

static GLint
rb_samples(void)
{
   GLint v = -1;
   _mesa_GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES,
                                    &v);
   return v;
}

static void
test_max_samples(void **state)
{
   struct gl_test *t = msaa_context(3);
   GLint v = 0;
   _mesa_GetIntegerv(GL_MAX_SAMPLES, &v);
   assert_int_equal(v, 4);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   /* Not a state of ES 2.0. */
   t = msaa_context(2);
   _mesa_GetIntegerv(GL_MAX_SAMPLES, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* The count is rounded up to a supported one; 0 is single-sampled; more
 * than MAX_SAMPLES is an INVALID_OPERATION and changes nothing. */
static void
test_storage_rounding(void **state)
{
   struct gl_test *t = msaa_context(3);
   static const GLint asked[] = {0, 1, 2, 3, 4};
   static const GLint got[] = {0, 2, 2, 4, 4};
   for (unsigned i = 0; i < 5; i++) {
      GLuint rb = renderbuffer(asked[i], GL_RGBA8);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      assert_int_equal(rb_samples(), got[i]);
      _mesa_DeleteRenderbuffers(1, &rb);
   }
   GLuint rb = renderbuffer(4, GL_DEPTH24_STENCIL8);
   assert_int_equal(rb_samples(), 4);
   _mesa_RenderbufferStorageMultisample(GL_RENDERBUFFER, 5, GL_RGBA8, 16, 16);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(rb_samples(), 4);
   _mesa_RenderbufferStorageMultisample(GL_RENDERBUFFER, -1, GL_RGBA8, 16, 16);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* Plain storage makes it single-sampled again. */
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
   assert_int_equal(rb_samples(), 0);
   _mesa_DeleteRenderbuffers(1, &rb);
   gl_test_destroy(t);
}

static void
test_internalformat_query(void **state)
{
   struct gl_test *t = msaa_context(3);
   GLint n = 0, s[4] = {-1, -1, -1, -1};
   _mesa_GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS,
                             1, &n);
   assert_int_equal(n, 2);
   /* Largest first; no more than count values are written. */
   _mesa_GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 4, s);
   assert_int_equal(s[0], 4);
   assert_int_equal(s[1], 2);
   assert_int_equal(s[2], -1);
   s[0] = s[1] = -1;
   _mesa_GetInternalformativ(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16,
                             GL_SAMPLES, 1, s);
   assert_int_equal(s[0], 4);
   assert_int_equal(s[1], -1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* A format without sample counts, and integer formats (ES 3.0), refuse
 * any samples; GetInternalformativ lists no counts for them. */
static void
test_format_limits(void **state)
{
   struct gl_test *t = msaa_context(3);
   GLint n = -1;
   GLuint rb = renderbuffer(0, GL_R8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_RenderbufferStorageMultisample(GL_RENDERBUFFER, 2, GL_R8, 16, 16);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetInternalformativ(GL_RENDERBUFFER, GL_R8, GL_NUM_SAMPLE_COUNTS, 1,
                             &n);
   assert_int_equal(n, 0);
   _mesa_RenderbufferStorageMultisample(GL_RENDERBUFFER, 1, GL_RGBA8UI, 16,
                                        16);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   n = -1;
   _mesa_GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8UI,
                             GL_NUM_SAMPLE_COUNTS, 1, &n);
   assert_int_equal(n, 0);
   _mesa_DeleteRenderbuffers(1, &rb);
   gl_test_destroy(t);
}

static GLenum
status(void)
{
   return _mesa_CheckFramebufferStatus(GL_FRAMEBUFFER);
}

/* All attachments have the same RENDERBUFFER_SAMPLES; textures count as
 * 0.  SAMPLES and SAMPLE_BUFFERS follow the draw framebuffer. */
static void
test_completeness(void **state)
{
   struct gl_test *t = msaa_context(3);
   GLuint fbo, tex;
   GLint v;
   GLuint colour = renderbuffer(4, GL_RGBA8);
   GLuint depth4 = renderbuffer(4, GL_DEPTH_COMPONENT16);
   GLuint depth2 = renderbuffer(2, GL_DEPTH_COMPONENT16);
   GLuint depth0 = renderbuffer(0, GL_DEPTH_COMPONENT16);

   /* The window-system framebuffer is single-sampled. */
   _mesa_GetIntegerv(GL_SAMPLE_BUFFERS, &v);
   assert_int_equal(v, 0);

   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                 GL_RENDERBUFFER, colour);
   assert_int_equal(status(), GL_FRAMEBUFFER_COMPLETE);
   _mesa_GetIntegerv(GL_SAMPLES, &v);
   assert_int_equal(v, 4);
   _mesa_GetIntegerv(GL_SAMPLE_BUFFERS, &v);
   assert_int_equal(v, 1);

   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                 GL_RENDERBUFFER, depth4);
   assert_int_equal(status(), GL_FRAMEBUFFER_COMPLETE);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                 GL_RENDERBUFFER, depth2);
   assert_int_equal(status(), GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                 GL_RENDERBUFFER, depth0);
   assert_int_equal(status(), GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                 GL_RENDERBUFFER, 0);

   /* A single-sampled texture beside the 4x renderbuffer. */
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                              GL_TEXTURE_2D, tex, 0);
   assert_int_equal(status(), GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   /* Drawing into an incomplete framebuffer is an error. */
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(_mesa_GetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* A 4x depth-stencil renderbuffer attached at GL_DEPTH_STENCIL_ATTACHMENT
 * (ES 3.0.6 section 4.4.2.4) is both the depth and the stencil
 * attachment; detaching there detaches both.  ES 2.0 has no such point. */
static void
test_depth_stencil_attachment(void **state)
{
   struct gl_test *t = msaa_context(3);
   GLuint fbo;
   GLint v = 0;
   GLuint colour = renderbuffer(4, GL_RGBA8);
   GLuint zs = renderbuffer(4, GL_DEPTH24_STENCIL8);
   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                 GL_RENDERBUFFER, colour);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                 GL_RENDERBUFFER, zs);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   assert_int_equal(v, (GLint)zs);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   assert_int_equal(v, (GLint)zs);
   assert_int_equal(status(), GL_FRAMEBUFFER_COMPLETE);

   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                 GL_RENDERBUFFER, 0);
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   assert_int_equal(v, GL_NONE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = msaa_context(2);
   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                 GL_RENDERBUFFER, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* A multisampled read framebuffer: resolving blits only, no reads. */
static void
test_blit_and_read_rules(void **state)
{
   struct gl_test *t = msaa_context(3);
   GLuint fbo[2];
   GLuint ms = renderbuffer(4, GL_RGBA8);
   GLuint ms_depth = renderbuffer(4, GL_DEPTH_COMPONENT16);
   GLuint ss = renderbuffer(0, GL_RGBA8);
   GLuint ss_depth = renderbuffer(0, GL_DEPTH24_STENCIL8);

   _mesa_GenFramebuffers(2, fbo);
   _mesa_BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   _mesa_FramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                 GL_RENDERBUFFER, ms);
   _mesa_FramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                 GL_RENDERBUFFER, ms_depth);
   _mesa_BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   _mesa_FramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                 GL_RENDERBUFFER, ss);
   _mesa_FramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                 GL_RENDERBUFFER, ss_depth);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_READ_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_DRAW_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);

   /* The resolve: the same rectangle. */
   _mesa_BlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* Scaled, moved or mirrored. */
   _mesa_BlitFramebuffer(0, 0, 16, 16, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BlitFramebuffer(0, 0, 8, 8, 4, 4, 12, 12, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BlitFramebuffer(0, 0, 16, 16, 16, 0, 0, 16, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* Depth formats differ (Z16 against Z24S8). */
   _mesa_BlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_DEPTH_BUFFER_BIT,
                         GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* No reads or copies from the multisampled framebuffer object. */
   uint8_t px[4];
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* No blits into a multisampled framebuffer. */
   _mesa_BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   _mesa_BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   _mesa_BlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_max_samples),
      cmocka_unit_test(test_storage_rounding),
      cmocka_unit_test(test_internalformat_query),
      cmocka_unit_test(test_format_limits),
      cmocka_unit_test(test_completeness),
      cmocka_unit_test(test_depth_stencil_attachment),
      cmocka_unit_test(test_blit_and_read_rules),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
