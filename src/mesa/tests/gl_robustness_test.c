/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Reset notification (GL 4.5 / ES 3.2 section 2.3.2, KHR_robustness):
 * a GPU reset the driver reports through get_device_reset_status reaches
 * glGetGraphicsResetStatus once, then GL_NO_ERROR; with
 * GL_LOSE_CONTEXT_ON_RESET the context is lost (GL_CONTEXT_LOST, nothing
 * drawn); with GL_NO_RESET_NOTIFICATION the application hears nothing.
 * The driver is the noop driver with its reset hook replaced.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gl_test_context.h"
#include "noop_public.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "state_tracker/st_context.h"

static enum pipe_reset_status next_status;
static unsigned polls;

/* A driver that reports next_status once, as the asahi driver does. */
static enum pipe_reset_status
fake_reset_status(struct pipe_context *pipe)
{
   (void)pipe;
   enum pipe_reset_status s = next_status;
   next_status = PIPE_NO_RESET;
   polls++;
   return s;
}

struct robust_ctx {
   struct pipe_screen *screen;
   struct st_context *ctx;
   struct st_framebuffer *fb;
};

static void
create(struct robust_ctx *r, unsigned flags)
{
   struct st_context_attribs attribs = {
      .profile = ST_PROFILE_OPENGL_ES2, .major = 2, .minor = 0,
      .flags = flags,
   };
   struct st_visual visual = {
      .color_format = PIPE_FORMAT_R8G8B8A8_UNORM,
   };
   enum st_context_error err;

   r->screen = noop_screen_create();
   assert_non_null(r->screen);
   r->ctx = st_context_create(r->screen, &attribs, NULL, &err);
   assert_non_null(r->ctx);
   r->fb = st_framebuffer_create(r->screen, &visual, 4, 4);
   assert_true(st_make_current(r->ctx, r->fb, r->fb));
   r->ctx->pipe->get_device_reset_status = fake_reset_status;
   next_status = PIPE_NO_RESET;
   polls = 0;
}

static void
destroy(struct robust_ctx *r)
{
   st_make_current(NULL, NULL, NULL);
   st_context_destroy(r->ctx);
   st_framebuffer_destroy(r->fb);
   r->screen->destroy(r->screen);
}

static void
test_strategy_queries(void **state)
{
   (void)state;
   struct robust_ctx r;
   GLint v = -1;

   create(&r, 0);
   _mesa_GetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &v);
   assert_int_equal(v, GL_NO_RESET_NOTIFICATION);
   _mesa_GetIntegerv(GL_CONTEXT_ROBUST_ACCESS, &v);
   assert_int_equal(v, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   destroy(&r);

   create(&r, ST_CONTEXT_FLAG_ROBUST_ACCESS |
                 ST_CONTEXT_FLAG_RESET_NOTIFICATION);
   _mesa_GetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &v);
   assert_int_equal(v, GL_LOSE_CONTEXT_ON_RESET);
   _mesa_GetIntegerv(GL_CONTEXT_ROBUST_ACCESS, &v);
   assert_int_equal(v, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   destroy(&r);
}

static void
test_guilty_once_then_lost(void **state)
{
   (void)state;
   struct robust_ctx r;

   create(&r, ST_CONTEXT_FLAG_RESET_NOTIFICATION);
   assert_int_equal(_mesa_GetGraphicsResetStatus(), GL_NO_ERROR);
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   next_status = PIPE_GUILTY_CONTEXT_RESET;
   assert_int_equal(_mesa_GetGraphicsResetStatus(), GL_GUILTY_CONTEXT_RESET);
   assert_int_equal(_mesa_GetGraphicsResetStatus(), GL_NO_ERROR);
   /* The query itself raises no error; commands of a lost context raise
    * CONTEXT_LOST (KHR_robustness). */
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(_mesa_GetError(), GL_CONTEXT_LOST);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_CONTEXT_LOST);
   GLubyte px[4];
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(_mesa_GetError(), GL_CONTEXT_LOST);
   /* Once lost, the driver is not asked again. */
   unsigned before = polls;
   assert_int_equal(_mesa_GetGraphicsResetStatus(), GL_NO_ERROR);
   assert_int_equal(polls, before);
   destroy(&r);
}

static void
test_reset_seen_by_a_draw(void **state)
{
   (void)state;
   struct robust_ctx r;

   /* A reset the application has not asked about yet still stops the
    * next draw, and the status is kept for the query. */
   create(&r, ST_CONTEXT_FLAG_RESET_NOTIFICATION);
   next_status = PIPE_INNOCENT_CONTEXT_RESET;
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_CONTEXT_LOST);
   assert_int_equal(_mesa_GetGraphicsResetStatus(),
                    GL_INNOCENT_CONTEXT_RESET);
   assert_int_equal(_mesa_GetGraphicsResetStatus(), GL_NO_ERROR);
   destroy(&r);
}

static void
test_no_notification(void **state)
{
   (void)state;
   struct robust_ctx r;

   /* GL_NO_RESET_NOTIFICATION: GetGraphicsResetStatus always returns
    * NO_ERROR and no CONTEXT_LOST error appears. */
   create(&r, 0);
   next_status = PIPE_GUILTY_CONTEXT_RESET;
   assert_int_equal(_mesa_GetGraphicsResetStatus(), GL_NO_ERROR);
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   destroy(&r);
}

static void
test_entry_points(void **state)
{
   (void)state;
   /* The registry's names: the core, KHR and EXT (aliases) and ARB. */
   assert_non_null(st_get_proc_address("glGetGraphicsResetStatus"));
   assert_non_null(st_get_proc_address("glGetGraphicsResetStatusKHR"));
   assert_non_null(st_get_proc_address("glGetGraphicsResetStatusEXT"));
   assert_non_null(st_get_proc_address("glGetGraphicsResetStatusARB"));
}

/* glReadnPixels and glGetnUniform*v (GL 4.5 / ES 3.2 sections 16.1.2 and
 * 7.12): INVALID_OPERATION, nothing written, when the data would not fit
 * bufSize; the same as the plain commands otherwise. */
static void
test_bounded_reads(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   uint8_t px[4 * 4 + 1];

   memset(px, 0xaa, sizeof(px));
   /* 2 x 2 RGBA8 with the default alignment 4: 16 bytes. */
   _mesa_ReadnPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, 15, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(px[0], 0xaa);
   _mesa_ReadnPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, 16, px);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(px[16], 0xaa);
   _mesa_ReadnPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, -1, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   GLuint prog = gl_test_program(
      "attribute vec4 p; void main() { gl_Position = p; }",
      "precision mediump float; uniform vec4 u; uniform int i;\n"
      "void main() { gl_FragColor = u * float(i); }");
   assert_true(prog != 0);
   _mesa_UseProgram(prog);
   GLint u = _mesa_GetUniformLocation(prog, "u");
   GLint i = _mesa_GetUniformLocation(prog, "i");
   _mesa_Uniform4f(u, 1.0f, 2.0f, 3.0f, 4.0f);
   _mesa_Uniform1i(i, 7);
   GLfloat f[5] = {-1, -1, -1, -1, -1};
   _mesa_GetnUniformfv(prog, u, 12, f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_true(f[0] == -1.0f);
   _mesa_GetnUniformfv(prog, u, 16, f);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(f[0] == 1.0f && f[3] == 4.0f && f[4] == -1.0f);
   GLint iv[2] = {0, 0};
   _mesa_GetnUniformiv(prog, i, 3, iv);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetnUniformiv(prog, i, 4, iv);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(iv[0], 7);

   assert_non_null(st_get_proc_address("glReadnPixelsEXT"));
   assert_non_null(st_get_proc_address("glReadnPixelsKHR"));
   assert_non_null(st_get_proc_address("glGetnUniformfvEXT"));
   assert_non_null(st_get_proc_address("glGetnUniformivEXT"));
   assert_non_null(st_get_proc_address("glGetnUniformuivKHR"));
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_strategy_queries),
      cmocka_unit_test(test_guilty_once_then_lost),
      cmocka_unit_test(test_reset_seen_by_a_draw),
      cmocka_unit_test(test_no_notification),
      cmocka_unit_test(test_entry_points),
      cmocka_unit_test(test_bounded_reads),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
