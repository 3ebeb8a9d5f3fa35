/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL 2.1 section 2.6.3 on the noop driver: the GL 1.0 commands that are
 * not allowed between glBegin and glEnd raise GL_INVALID_OPERATION
 * there, called directly and when a display list holding them runs
 * between glBegin and glEnd (piglit's gl-1.0-beginend-coverage).  The
 * commands are reached through st_get_proc_address, as an application
 * reaches them, since the dispatch layer does part of the checking.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gl_test_context.h"
#include "main/context.h"
#include "state_tracker/st_api.h"
#include "util/u_math.h"

static const GLubyte bitmap_bits[4];

static void
call_clear_accum(void)
{
   ((void (*)(GLfloat, GLfloat, GLfloat, GLfloat))
       st_get_proc_address("glClearAccum"))(0.25f, 0.5f, 2.0f, -3.0f);
}

static void
call_clear_index(void)
{
   ((void (*)(GLfloat))st_get_proc_address("glClearIndex"))(3.0f);
}

static void
call_index_mask(void)
{
   ((void (*)(GLuint))st_get_proc_address("glIndexMask"))(5);
}

static void
call_accum(void)
{
   ((void (*)(GLenum, GLfloat))st_get_proc_address("glAccum"))(GL_ADD, 1);
}

static void
call_bitmap(void)
{
   ((void (*)(GLsizei, GLsizei, GLfloat, GLfloat, GLfloat, GLfloat,
              const GLubyte *))st_get_proc_address("glBitmap"))(
      1, 1, 0, 0, 0, 0, bitmap_bits);
}

static void
call_pixel_map(void)
{
   static const GLushort one = 1;
   ((void (*)(GLenum, GLsizei, const GLushort *))
       st_get_proc_address("glPixelMapusv"))(GL_PIXEL_MAP_S_TO_S, 1, &one);
}

static const struct {
   const char *name;
   void (*call)(void);
} commands[] = {
   {"glClearAccum", call_clear_accum},
   {"glClearIndex", call_clear_index},
   {"glIndexMask", call_index_mask},
   {"glAccum", call_accum},
   {"glBitmap", call_bitmap},
   {"glPixelMapusv", call_pixel_map},
};

static void
begin(void)
{
   ((void (*)(GLenum))st_get_proc_address("glBegin"))(GL_POINTS);
}

static void
end(void)
{
   ((void (*)(void))st_get_proc_address("glEnd"))();
}

static void
expect(GLenum want, const char *name, const char *when)
{
   GLenum got = _mesa_GetError();
   if (got != want)
      print_error("%s %s: 0x%x, want 0x%x\n", name, when, got, want);
   assert_int_equal(got, want);
}

/* Each command between glBegin and glEnd; compiled alone and called
 * between glBegin and glEnd; compiled between glBegin and glEnd in
 * GL_COMPILE_AND_EXECUTE mode (an error now and again when called). */
static void
test_inside_begin_end(void **state)
{
   struct gl_test *t = gl_test_compat21();

   for (unsigned i = 0; i < ARRAY_SIZE(commands); i++) {
      const char *name = commands[i].name;
      begin();
      commands[i].call();
      end();
      expect(GL_INVALID_OPERATION, name, "between glBegin and glEnd");

      GLuint list = _mesa_GenLists(1);
      _mesa_NewList(list, GL_COMPILE);
      commands[i].call();
      _mesa_EndList();
      expect(GL_NO_ERROR, name, "compiled");
      begin();
      _mesa_CallList(list);
      end();
      expect(GL_INVALID_OPERATION, name, "called between glBegin/glEnd");

      _mesa_NewList(list, GL_COMPILE_AND_EXECUTE);
      begin();
      commands[i].call();
      end();
      _mesa_EndList();
      expect(GL_INVALID_OPERATION, name, "compiled and executed");
      _mesa_CallList(list);
      expect(GL_INVALID_OPERATION, name, "its list called");
      _mesa_DeleteLists(list, 1);
   }
   gl_test_destroy(t);
}

/* Outside glBegin/glEnd: the state these commands keep, and glAccum's
 * errors (GL 2.1 section 4.2.4; our configs have no accumulation
 * buffer). */
static void
test_outside(void **state)
{
   struct gl_test *t = gl_test_compat21();
   const struct gl_ff_state *ff = &_mesa_current_context->FF;

   assert_int_equal(ff->IndexMask, ~0u);
   call_clear_accum();
   call_clear_index();
   call_index_mask();
   expect(GL_NO_ERROR, "state", "outside");
   const GLfloat clamped[4] = {0.25f, 0.5f, 1.0f, -1.0f};
   for (unsigned c = 0; c < 4; c++)
      assert_float_equal(ff->AccumClear[c], clamped[c], 0.0);
   assert_float_equal(ff->IndexClear, 3.0f, 0.0);
   assert_int_equal(ff->IndexMask, 5);
   /* Their queries (GL 2.1 tables 6.21, 6.22); values as llvmpipe
    * answers them: the index clear value's integer part, all 32 bits of
    * the mask, the accumulation clear colour clamped and normalised. */
   GLfloat f[4];
   GLint i[4];
   _mesa_GetFloatv(GL_ACCUM_CLEAR_VALUE, f);
   for (unsigned c = 0; c < 4; c++)
      assert_float_equal(f[c], clamped[c], 0.0);
   _mesa_GetIntegerv(GL_ACCUM_CLEAR_VALUE, i);
   assert_int_equal(i[2], INT32_MAX);
   assert_int_equal(i[3], -INT32_MAX);
   _mesa_GetFloatv(GL_INDEX_CLEAR_VALUE, f);
   assert_float_equal(f[0], 3.0f, 0.0);
   ((void (*)(GLfloat))st_get_proc_address("glClearIndex"))(-2.5f);
   _mesa_GetIntegerv(GL_INDEX_CLEAR_VALUE, i);
   assert_int_equal(i[0], -2);
   _mesa_GetIntegerv(GL_INDEX_WRITEMASK, i);
   assert_int_equal(i[0], 5);
   ((void (*)(GLuint))st_get_proc_address("glIndexMask"))(0xffffffffu);
   _mesa_GetIntegerv(GL_INDEX_WRITEMASK, i);
   assert_int_equal(i[0], -1);
   expect(GL_NO_ERROR, "queries", "outside");
   call_accum();
   expect(GL_INVALID_OPERATION, "glAccum", "without accumulation buffer");
   ((void (*)(GLenum, GLfloat))st_get_proc_address("glAccum"))(GL_BLEND, 1);
   expect(GL_INVALID_ENUM, "glAccum", "bad op");
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_inside_begin_end),
      cmocka_unit_test(test_outside),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
