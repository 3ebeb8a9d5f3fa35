/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The colour buffers of the default framebuffer in a compatibility
 * context on the noop driver (a mono visual without auxiliary buffers):
 * which buffer glDrawBuffer, glDrawBuffers and glReadBuffer name and
 * their errors (GL 4.6 compatibility profile sections 17.4.1 and 18.2.1,
 * table 17.4), what the state tracker then renders to and reads from, and
 * the compatibility rules of the same change: a program linked without
 * shaders (GL 2.1 sections 2.15 and 3.11), glCopyTexImage's formats and
 * border (GL 3.0 section 3.9.2, GL 1.1 section 3.8.2), colour index
 * texture images (GL 2.1 section 3.8.1) and glInterleavedArrays (GL 2.1
 * section 2.8, table 2.5).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "gl_test_context.h"
#include "main/context.h"
#include "main/fbobject.h"
#include "main/shaderobj.h"
#include "state_tracker/st_context.h"

/* A compatibility 2.1 context drawing to a fresh 8x8 framebuffer, double-
 * buffered or not. */
struct winsys {
   struct gl_test *t;
   struct st_framebuffer *fb;
};

static struct winsys
winsys_create(bool double_buffered)
{
   struct winsys w;
   struct st_visual visual = {
      .color_format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .depth_stencil_format = PIPE_FORMAT_Z24_UNORM_S8_UINT,
      .double_buffered = double_buffered,
   };

   w.t = gl_test_compat21();
   w.fb = st_framebuffer_create(w.t->screen, &visual, 8, 8);
   assert_non_null(w.fb);
   assert_true(st_make_current(w.t->ctx, w.fb, w.fb));
   return w;
}

static void
winsys_destroy(struct winsys *w)
{
   st_make_current(w->t->ctx, w->t->fb, w->t->fb);
   st_framebuffer_destroy(w->fb);
   gl_test_destroy(w->t);
}

static void
expect_error(GLenum want)
{
   assert_int_equal(_mesa_GetError(), want);
}

/* Table 17.4 on a double-buffered window: FRONT/BACK, their LEFT forms,
 * LEFT and FRONT_AND_BACK name buffers it has; the RIGHT and AUX ones
 * are enums of the table it lacks (INVALID_OPERATION), and so are
 * colour attachments (table 17.5); anything else is INVALID_ENUM. */
static void
test_draw_buffer_errors(void **state)
{
   struct winsys w = winsys_create(true);

   static const GLenum ok[] = {GL_FRONT, GL_BACK, GL_LEFT, GL_FRONT_LEFT,
                               GL_BACK_LEFT, GL_FRONT_AND_BACK, GL_NONE};
   for (unsigned i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
      _mesa_DrawBuffer(ok[i]);
      expect_error(GL_NO_ERROR);
      assert_int_equal(gl_test_get_int(GL_DRAW_BUFFER), ok[i]);
   }
   static const GLenum absent[] = {GL_RIGHT, GL_FRONT_RIGHT, GL_BACK_RIGHT,
                                   GL_AUX0, GL_AUX3, GL_COLOR_ATTACHMENT0};
   for (unsigned i = 0; i < sizeof(absent) / sizeof(absent[0]); i++) {
      _mesa_DrawBuffer(absent[i]);
      expect_error(GL_INVALID_OPERATION);
      _mesa_ReadBuffer(absent[i]);
      expect_error(GL_INVALID_OPERATION);
   }
   _mesa_DrawBuffer(GL_TEXTURE_2D);
   expect_error(GL_INVALID_ENUM);
   _mesa_ReadBuffer(GL_TEXTURE_2D);
   expect_error(GL_INVALID_ENUM);
   /* The failed calls changed nothing. */
   assert_int_equal(gl_test_get_int(GL_DRAW_BUFFER), GL_NONE);
   assert_int_equal(gl_test_get_int(GL_DOUBLEBUFFER), GL_TRUE);
   assert_int_equal(gl_test_get_int(GL_AUX_BUFFERS), 0);

   /* glDrawBuffers (section 17.4.1): FRONT, LEFT, RIGHT, FRONT_AND_BACK
    * are INVALID_ENUM there, BACK only alone, no buffer twice. */
   GLenum two[2] = {GL_FRONT_LEFT, GL_BACK_LEFT};
   _mesa_DrawBuffers(2, two);
   expect_error(GL_NO_ERROR);
   assert_int_equal(gl_test_get_int(GL_DRAW_BUFFER1), GL_BACK_LEFT);
   GLenum front = GL_FRONT;
   _mesa_DrawBuffers(1, &front);
   expect_error(GL_INVALID_ENUM);
   GLenum back_twice[2] = {GL_BACK, GL_NONE};
   _mesa_DrawBuffers(2, back_twice);
   expect_error(GL_INVALID_ENUM);
   GLenum same[2] = {GL_FRONT_LEFT, GL_FRONT_LEFT};
   _mesa_DrawBuffers(2, same);
   expect_error(GL_INVALID_OPERATION);

   /* A framebuffer object has none of these buffers. */
   GLuint fbo;
   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_DrawBuffer(GL_FRONT);
   expect_error(GL_INVALID_OPERATION);
   _mesa_ReadBuffer(GL_LEFT);
   expect_error(GL_INVALID_OPERATION);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 0);
   _mesa_DeleteFramebuffers(1, &fbo);
   winsys_destroy(&w);
}

/* A single-buffered window has no back buffer: BACK is an error, and
 * FRONT_AND_BACK draws its front only. */
static void
test_single_buffered(void **state)
{
   struct winsys w = winsys_create(false);

   assert_int_equal(gl_test_get_int(GL_DRAW_BUFFER), GL_FRONT);
   assert_int_equal(gl_test_get_int(GL_READ_BUFFER), GL_FRONT);
   assert_int_equal(gl_test_get_int(GL_DOUBLEBUFFER), GL_FALSE);
   _mesa_DrawBuffer(GL_BACK);
   expect_error(GL_INVALID_OPERATION);
   _mesa_ReadBuffer(GL_BACK_LEFT);
   expect_error(GL_INVALID_OPERATION);
   _mesa_DrawBuffer(GL_FRONT_AND_BACK);
   expect_error(GL_NO_ERROR);
   assert_int_equal(w.fb->draw_mask, 0x1);
   assert_ptr_equal(w.fb->base.Attachment[BUFFER_COLOR0], &w.fb->front);
   winsys_destroy(&w);
}

/* What draws render to and reads read, through a swap. */
static void
test_draw_and_read_targets(void **state)
{
   struct winsys w = winsys_create(true);
   struct gl_framebuffer *base = &w.fb->base;

   /* Initially the back (GL 4.6 section 17.4.1). */
   assert_int_equal(gl_test_get_int(GL_DRAW_BUFFER), GL_BACK);
   assert_int_equal(w.fb->draw_mask, 0x1);
   assert_ptr_equal(base->Attachment[BUFFER_COLOR0], &w.fb->back);
   assert_ptr_equal(_mesa_framebuffer_read_rb(base), &w.fb->back);

   _mesa_DrawBuffer(GL_FRONT);
   assert_int_equal(w.fb->draw_mask, 0x1);
   assert_ptr_equal(base->Attachment[BUFFER_COLOR0], &w.fb->front);

   /* Both: two colour surfaces for the one draw buffer. */
   _mesa_DrawBuffer(GL_LEFT);
   assert_int_equal(w.fb->draw_mask, 0x3);
   assert_ptr_equal(base->Attachment[BUFFER_COLOR0], &w.fb->front);
   assert_ptr_equal(base->Attachment[BUFFER_COLOR0 + 1], &w.fb->back);

   _mesa_DrawBuffer(GL_NONE);
   assert_int_equal(w.fb->draw_mask, 0);

   /* glDrawBuffers: each draw buffer its own buffer. */
   GLenum two[2] = {GL_BACK_LEFT, GL_FRONT_LEFT};
   _mesa_DrawBuffers(2, two);
   assert_int_equal(w.fb->draw_mask, 0x3);
   assert_ptr_equal(base->Attachment[BUFFER_COLOR0], &w.fb->back);
   assert_ptr_equal(base->Attachment[BUFFER_COLOR0 + 1], &w.fb->front);

   /* Reads: FRONT_AND_BACK and LEFT read the front left buffer. */
   _mesa_ReadBuffer(GL_FRONT_AND_BACK);
   expect_error(GL_NO_ERROR);
   assert_ptr_equal(_mesa_framebuffer_read_rb(base), &w.fb->front);
   _mesa_ReadBuffer(GL_BACK);
   assert_ptr_equal(_mesa_framebuffer_read_rb(base), &w.fb->back);

   /* A swap exchanges the storage, not the buffers GL names. */
   struct pipe_resource *old_back = w.fb->back.texture;
   st_framebuffer_swap(w.fb);
   assert_ptr_equal(w.fb->front.texture, old_back);
   _mesa_ReadBuffer(GL_FRONT);
   assert_ptr_equal(_mesa_framebuffer_read_rb(base)->texture, old_back);
   winsys_destroy(&w);
}

/* GL 2.1 sections 2.15 and 3.11: a compatibility program without shaders
 * links and draws fixed-function (a core or ES one does not link). */
static void
test_empty_program(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLint status = -1;

   GLuint prog = _mesa_CreateProgram();
   _mesa_LinkProgram(prog);
   _mesa_GetProgramiv(prog, GL_LINK_STATUS, &status);
   assert_int_equal(status, GL_TRUE);
   _mesa_UseProgram(prog);
   expect_error(GL_NO_ERROR);
   assert_false(_mesa_program_in_use(&t->ctx->ctx));
   _mesa_GetProgramiv(prog, GL_ACTIVE_UNIFORMS, &status);
   assert_int_equal(status, 0);
   _mesa_UseProgram(0);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_non_null(t);
   prog = _mesa_CreateProgram();
   _mesa_LinkProgram(prog);
   _mesa_GetProgramiv(prog, GL_LINK_STATUS, &status);
   assert_int_equal(status, GL_FALSE);
   gl_test_destroy(t);
}

/* glCopyTexImage in desktop GL: 1-4 are no internal formats there (GL 1.1
 * section 3.8.2, INVALID_ENUM); a compatibility context takes a border
 * of one texel, which the stored image does not keep (the sizes count
 * it), and no border on rectangle textures. */
static void
test_copy_tex_image(void **state)
{
   struct winsys w = winsys_create(true);
   GLint v = -1;

   _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, 3, 0, 0, 4, 4, 0);
   expect_error(GL_INVALID_ENUM);
   _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 6, 6, 2);
   expect_error(GL_INVALID_VALUE);
   _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 6, 6, 1);
   expect_error(GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(v, 4);
   _mesa_CopyTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RGBA, 0, 0, 4, 0);
   expect_error(GL_NO_ERROR);
   _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 0, 0, 4, 4,
                        0);
   expect_error(GL_NO_ERROR);
   _mesa_CopyTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA, 0, 0, 6, 6, 1);
   expect_error(GL_INVALID_VALUE);
   winsys_destroy(&w);
}

/* GL 2.1 section 3.8.1: a COLOR_INDEX image becomes RGBA through the
 * I_TO_R..A maps whatever MAP_COLOR says (section 3.6.5, "Color index
 * lookup"); GL_BITMAP gives indices 0 and 1, MSB first by default. */
static void
test_color_index_image(void **state)
{
   struct gl_test *t = gl_test_compat21();
   static const GLfloat r[2] = {0.0f, 1.0f}, g[2] = {0.0f, 0.0f},
                        b[2] = {1.0f, 0.0f}, a[2] = {1.0f, 1.0f};
   _mesa_PixelMapfv(GL_PIXEL_MAP_I_TO_R, 2, r);
   _mesa_PixelMapfv(GL_PIXEL_MAP_I_TO_G, 2, g);
   _mesa_PixelMapfv(GL_PIXEL_MAP_I_TO_B, 2, b);
   _mesa_PixelMapfv(GL_PIXEL_MAP_I_TO_A, 2, a);
   _mesa_PixelStorei(GL_UNPACK_ALIGNMENT, 1);
   /* 0x80: texel 0 is index 1 (red), texel 1 index 0 (blue). */
   static const GLubyte bits = 0x80;
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_COLOR_INDEX,
                    GL_BITMAP, &bits);
   expect_error(GL_NO_ERROR);
   assert_true(gl_test_texel_is_rgba8(0, 0, 255, 0, 0, 255));
   assert_true(gl_test_texel_is_rgba8(1, 0, 0, 0, 255, 255));
   /* The unpack state is the application's again. */
   assert_int_equal(gl_test_get_int(GL_UNPACK_ALIGNMENT), 1);
   /* A packed type of four components with a one-component format:
    * INVALID_OPERATION (section 3.6.4). */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_COLOR_INDEX,
                    GL_UNSIGNED_INT_8_8_8_8, &bits);
   expect_error(GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* Table 2.5's T2F_C4UB_V3F: texture coordinates at 0, four unsigned
 * byte colours at 2 floats, the vertex at 2 floats and the colour's
 * float; 6 floats a vertex unless a stride is given.  Other arrays off. */
static void
test_interleaved_arrays(void **state)
{
   struct gl_test *t = gl_test_compat21();
   static const GLfloat data[12] = {0};
   void *p = NULL;

   _mesa_EnableClientState(GL_NORMAL_ARRAY);
   _mesa_EnableClientState(GL_FOG_COORD_ARRAY);
   _mesa_InterleavedArrays(GL_T2F_C4UB_V3F, 0, data);
   expect_error(GL_NO_ERROR);
   assert_int_equal(gl_test_get_int(GL_VERTEX_ARRAY), GL_TRUE);
   assert_int_equal(gl_test_get_int(GL_COLOR_ARRAY), GL_TRUE);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_COORD_ARRAY), GL_TRUE);
   assert_int_equal(gl_test_get_int(GL_NORMAL_ARRAY), GL_FALSE);
   assert_int_equal(gl_test_get_int(GL_FOG_COORD_ARRAY), GL_FALSE);
   assert_int_equal(gl_test_get_int(GL_VERTEX_ARRAY_SIZE), 3);
   assert_int_equal(gl_test_get_int(GL_VERTEX_ARRAY_STRIDE), 24);
   assert_int_equal(gl_test_get_int(GL_COLOR_ARRAY_TYPE), GL_UNSIGNED_BYTE);
   assert_int_equal(gl_test_get_int(GL_COLOR_ARRAY_SIZE), 4);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_COORD_ARRAY_SIZE), 2);
   _mesa_GetPointerv(GL_VERTEX_ARRAY_POINTER, &p);
   assert_ptr_equal(p, (const char *)data + 12);
   _mesa_GetPointerv(GL_COLOR_ARRAY_POINTER, &p);
   assert_ptr_equal(p, (const char *)data + 8);

   /* A given stride; V2F turns the colour and texture arrays off. */
   _mesa_InterleavedArrays(GL_V2F, 40, data);
   assert_int_equal(gl_test_get_int(GL_VERTEX_ARRAY_STRIDE), 40);
   assert_int_equal(gl_test_get_int(GL_COLOR_ARRAY), GL_FALSE);
   assert_int_equal(gl_test_get_int(GL_TEXTURE_COORD_ARRAY), GL_FALSE);

   _mesa_InterleavedArrays(GL_V2F, -1, data);
   expect_error(GL_INVALID_VALUE);
   _mesa_InterleavedArrays(GL_RGBA, 0, data);
   expect_error(GL_INVALID_ENUM);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_draw_buffer_errors),
      cmocka_unit_test(test_single_buffered),
      cmocka_unit_test(test_draw_and_read_targets),
      cmocka_unit_test(test_empty_program),
      cmocka_unit_test(test_copy_tex_image),
      cmocka_unit_test(test_color_index_image),
      cmocka_unit_test(test_interleaved_arrays),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
