/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Feedback (GL 2.1 section 5.3) and display lists that compile draws
 * (section 5.4) on the noop driver: the feedback buffer shows which
 * vertices a draw sends, so it also shows what a display list kept.  The
 * framebuffer is 8 x 8 and the matrices are the identity, so NDC (x, y,
 * z) is at window (4x + 4, 4y + 4, z / 2 + 0.5).
 */
#include <stdlib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "state_tracker/st_context.h"
#include "util/u_math.h"

static void
assert_floats(const GLfloat *got, const GLfloat *want, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      assert_float_equal(got[i], want[i], 1e-5);
}

static const GLfloat tri_pos[] = {
   -0.5f, -0.5f, 0.0f, 0.5f, -0.5f, -0.5f, 0.0f, 0.5f, 0.5f,
};
static const GLubyte tri_color[] = {
   255, 0, 0, 255, 0, 255, 0, 51, 0, 0, 255, 0,
};
static const GLfloat tri_tex[] = {1, 2, 3, 4, 5, 6};

/* Table 5.2: each type's vertex; colours of unsigned bytes are
 * normalised, texture coordinates (s, t) get r = 0, q = 1. */
static void
test_feedback_types(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat buf[64];
   static const GLfloat win[3][4] = {
      {2, 2, 0.5f, 1}, {6, 2, 0.25f, 1}, {4, 6, 0.75f, 1}};
   static const GLenum types[] = {GL_2D, GL_3D, GL_3D_COLOR,
                                  GL_3D_COLOR_TEXTURE, GL_4D_COLOR_TEXTURE};
   static const unsigned coords[] = {2, 3, 3, 3, 4};

   _mesa_VertexPointer(3, GL_FLOAT, 0, tri_pos);
   _mesa_ColorPointer(4, GL_UNSIGNED_BYTE, 0, tri_color);
   _mesa_TexCoordPointer(2, GL_FLOAT, 0, tri_tex);
   _mesa_EnableClientState(GL_VERTEX_ARRAY);
   _mesa_EnableClientState(GL_COLOR_ARRAY);
   _mesa_EnableClientState(GL_TEXTURE_COORD_ARRAY);
   _mesa_RenderMode(GL_FEEDBACK); /* no buffer yet */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_FeedbackBuffer(8, GL_RGBA, buf);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_FeedbackBuffer(-1, GL_2D, buf);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   for (unsigned i = 0; i < 5; i++) {
      bool color = types[i] != GL_2D && types[i] != GL_3D;
      bool tex = i >= 3;
      GLfloat want[64] = {GL_POLYGON_TOKEN, 3};
      unsigned n = 2;
      for (unsigned v = 0; v < 3; v++) {
         memcpy(&want[n], win[v], coords[i] * sizeof(GLfloat));
         n += coords[i];
         for (unsigned c = 0; color && c < 4; c++)
            want[n++] = tri_color[4 * v + c] / 255.0f;
         if (tex) {
            want[n++] = tri_tex[2 * v];
            want[n++] = tri_tex[2 * v + 1];
            want[n++] = 0.0f;
            want[n++] = 1.0f;
         }
      }
      _mesa_FeedbackBuffer(64, types[i], buf);
      assert_int_equal(_mesa_RenderMode(GL_FEEDBACK), 0);
      _mesa_FeedbackBuffer(64, types[i], buf); /* not in GL_FEEDBACK */
      assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
      _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
      assert_int_equal(_mesa_RenderMode(GL_RENDER), (int)n);
      assert_floats(buf, want, n);
   }
   GLint v = 0;
   _mesa_GetIntegerv(GL_FEEDBACK_BUFFER_TYPE, &v);
   assert_int_equal(v, GL_4D_COLOR_TEXTURE);
   _mesa_GetIntegerv(GL_FEEDBACK_BUFFER_SIZE, &v);
   assert_int_equal(v, 64);
   void *ptr = NULL;
   _mesa_GetPointerv(GL_FEEDBACK_BUFFER_POINTER, &ptr);
   assert_ptr_equal(ptr, buf);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 5.3: lines clipped to the view volume (a strip's first segment
 * with the reset token), points outside it dropped, glPassThrough's
 * token, culled polygons dropped, -1 when the buffer overflows. */
static void
test_feedback_primitives(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat buf[32];

   _mesa_FeedbackBuffer(32, GL_2D, buf);
   _mesa_RenderMode(GL_FEEDBACK);
   _mesa_Begin(GL_LINE_STRIP);
   _mesa_Vertex2f(0.0f, 0.0f);
   _mesa_Vertex2f(2.0f, 0.0f); /* leaves at x = 1 */
   _mesa_Vertex2f(2.0f, 0.5f); /* outside */
   _mesa_Vertex2f(0.0f, 0.5f); /* enters at x = 1 */
   _mesa_End();
   _mesa_PassThrough(42.0f);
   _mesa_Begin(GL_POINTS);
   _mesa_Vertex2f(0.5f, 0.5f);
   _mesa_Vertex2f(1.5f, 0.5f); /* outside */
   _mesa_End();
   _mesa_Enable(GL_CULL_FACE); /* culls back faces: clockwise here */
   _mesa_Begin(GL_TRIANGLES);
   _mesa_Vertex2f(0.0f, 0.0f);
   _mesa_Vertex2f(0.0f, 0.5f);
   _mesa_Vertex2f(0.5f, 0.0f);
   _mesa_End();
   static const GLfloat want[] = {
      GL_LINE_RESET_TOKEN, 4, 4, 8, 4, GL_LINE_TOKEN, 8, 6, 4, 6,
      GL_PASS_THROUGH_TOKEN, 42, GL_POINT_TOKEN, 6, 6,
   };
   assert_int_equal(_mesa_RenderMode(GL_RENDER), ARRAY_SIZE(want));
   assert_floats(buf, want, ARRAY_SIZE(want));

   _mesa_FeedbackBuffer(3, GL_2D, buf);
   _mesa_RenderMode(GL_FEEDBACK);
   _mesa_Begin(GL_POINTS);
   _mesa_Vertex2f(0.5f, 0.5f);
   _mesa_Vertex2f(0.5f, 0.5f);
   _mesa_End();
   assert_int_equal(_mesa_RenderMode(GL_RENDER), -1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 5.3: the pixel rectangles draw nothing in feedback mode and
 * write their token and the raster position (window (4, 4, 0.5) for
 * the origin); glBitmap moves the raster position still. */
static void
test_feedback_pixels(void **state)
{
   struct gl_test *t = gl_test_compat21();
   static const GLubyte bits[4] = {0xff, 0xff, 0xff, 0xff};
   static const GLubyte rgba[4] = {255, 255, 255, 255};
   GLfloat buf[32];

   _mesa_RasterPos2f(0.0f, 0.0f);
   _mesa_FeedbackBuffer(32, GL_3D, buf);
   _mesa_RenderMode(GL_FEEDBACK);
   _mesa_DrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   _mesa_Bitmap(8, 1, 0, 0, 2, 1, bits);
   _mesa_CopyPixels(0, 0, 1, 1, GL_COLOR);
   static const GLfloat want[] = {
      GL_DRAW_PIXEL_TOKEN, 4, 4, 0.5f, GL_BITMAP_TOKEN, 4, 4, 0.5f,
      GL_COPY_PIXEL_TOKEN, 6, 5, 0.5f,
   };
   assert_int_equal(_mesa_RenderMode(GL_RENDER), ARRAY_SIZE(want));
   assert_floats(buf, want, ARRAY_SIZE(want));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 5.4: a list keeps the vertices the arrays held when it was
 * compiled; GL_COMPILE does not draw, GL_COMPILE_AND_EXECUTE does. */
static void
test_dlist_array_draws(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat pos[] = {0.0f, 0.0f, 0.5f, 0.5f, -0.5f, 0.5f};
   static const GLubyte idx[] = {2, 0};
   GLfloat buf[32];

   _mesa_VertexPointer(2, GL_FLOAT, 0, pos);
   _mesa_EnableClientState(GL_VERTEX_ARRAY);
   _mesa_FeedbackBuffer(32, GL_2D, buf);
   _mesa_RenderMode(GL_FEEDBACK);
   _mesa_NewList(1, GL_COMPILE);
   _mesa_DrawArrays(GL_POINTS, 1, 1);
   _mesa_DrawElements(GL_POINTS, 2, GL_UNSIGNED_BYTE, idx);
   _mesa_EndList();
   assert_int_equal(_mesa_RenderMode(GL_FEEDBACK), 0); /* nothing drawn */
   pos[0] = pos[1] = pos[2] = pos[3] = pos[4] = pos[5] = 0.75f;
   _mesa_CallList(1);
   static const GLfloat want[] = {
      GL_POINT_TOKEN, 6, 6, GL_POINT_TOKEN, 2, 6, GL_POINT_TOKEN, 4, 4,
   };
   assert_int_equal(_mesa_RenderMode(GL_RENDER), ARRAY_SIZE(want));
   assert_floats(buf, want, ARRAY_SIZE(want));

   _mesa_RenderMode(GL_FEEDBACK);
   _mesa_NewList(2, GL_COMPILE_AND_EXECUTE);
   _mesa_DrawArrays(GL_POINTS, 0, 1);
   _mesa_EndList();
   pos[0] = pos[1] = 0.0f;
   _mesa_CallList(2);
   static const GLfloat want2[] = {
      GL_POINT_TOKEN, 7, 7, GL_POINT_TOKEN, 7, 7,
   };
   assert_int_equal(_mesa_RenderMode(GL_RENDER), ARRAY_SIZE(want2));
   assert_floats(buf, want2, ARRAY_SIZE(want2));

   /* Section 2.6.3: an array draw of a list called between glBegin and
    * glEnd is an error like the draw itself. */
   _mesa_Begin(GL_POINTS);
   _mesa_CallList(1);
   _mesa_End();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 2.8: glArrayElement sends the element's attributes and vertex;
 * compiled, it keeps the values of that moment. */
static void
test_array_element(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLshort pos[] = {0, 0, 1, 1};
   GLfloat buf[32];

   _mesa_VertexPointer(2, GL_SHORT, 0, pos);
   _mesa_ColorPointer(3, GL_UNSIGNED_BYTE, 0, tri_color);
   _mesa_EnableClientState(GL_VERTEX_ARRAY);
   _mesa_EnableClientState(GL_COLOR_ARRAY);
   _mesa_NewList(3, GL_COMPILE);
   _mesa_Begin(GL_LINES);
   _mesa_ArrayElement(0);
   _mesa_ArrayElement(1);
   _mesa_End();
   _mesa_EndList();
   pos[2] = pos[3] = 0;
   _mesa_FeedbackBuffer(32, GL_3D_COLOR, buf);
   _mesa_RenderMode(GL_FEEDBACK);
   _mesa_CallList(3);
   static const GLfloat want[] = {
      GL_LINE_RESET_TOKEN, 4, 4, 0.5f, 1, 0, 0, 1,
      8, 8, 0.5f, 1, 0, 1, 1,
   };
   /* Colours of three bytes: (255, 0, 0), then (255, 0, 255). */
   assert_int_equal(_mesa_RenderMode(GL_RENDER), ARRAY_SIZE(want));
   assert_floats(buf, want, ARRAY_SIZE(want));
   GLfloat c[4];
   _mesa_GetFloatv(GL_CURRENT_COLOR, c); /* the last element's colour */
   assert_float_equal(c[0], 1.0f, 1e-6);
   assert_float_equal(c[2], 1.0f, 1e-6);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* GL 2.1 table 6.63: GL_MAX_LIST_NESTING is 64; a list that calls
 * itself runs 64 times.  glCallLists adds the list base to each name of
 * every type (table 5.7). */
static void
test_nesting_and_call_lists(void **state)
{
   struct gl_test *t = gl_test_compat21();
   /* Through the dispatch layer, which compiles glPassThrough. */
   void (*pass_through)(GLfloat) =
      (void (*)(GLfloat))st_get_proc_address("glPassThrough");
   GLfloat buf[160];
   GLint max = 0;

   _mesa_GetIntegerv(GL_MAX_LIST_NESTING, &max);
   assert_int_equal(max, 64);
   _mesa_NewList(5, GL_COMPILE);
   pass_through(5.0f);
   _mesa_CallList(5);
   _mesa_EndList();
   _mesa_FeedbackBuffer(160, GL_2D, buf);
   _mesa_RenderMode(GL_FEEDBACK);
   _mesa_CallList(5);
   assert_int_equal(_mesa_RenderMode(GL_RENDER), 128);

   for (GLuint l = 0x101; l <= 0x103; l++) {
      _mesa_NewList(l, GL_COMPILE);
      pass_through((GLfloat)l);
      _mesa_EndList();
   }
   static const GLubyte two[] = {0x01, 0x02, 0x01, 0x01}; /* 0x102, 0x101 */
   static const GLfloat f[] = {3.0f};
   _mesa_RenderMode(GL_FEEDBACK);
   _mesa_CallLists(2, GL_2_BYTES, two);
   _mesa_ListBase(0x100);
   _mesa_CallLists(1, GL_FLOAT, f);
   _mesa_ListBase(0);
   _mesa_CallLists(1, GL_DOUBLE, f);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   static const GLfloat want[] = {
      GL_PASS_THROUGH_TOKEN, 0x102, GL_PASS_THROUGH_TOKEN, 0x101,
      GL_PASS_THROUGH_TOKEN, 0x103,
   };
   assert_int_equal(_mesa_RenderMode(GL_RENDER), ARRAY_SIZE(want));
   assert_floats(buf, want, ARRAY_SIZE(want));

   _mesa_NewList(6, GL_COMPILE);
   _mesa_NewList(7, GL_COMPILE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_EndList();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_feedback_types),
      cmocka_unit_test(test_feedback_primitives),
      cmocka_unit_test(test_feedback_pixels),
      cmocka_unit_test(test_dlist_array_draws),
      cmocka_unit_test(test_array_element),
      cmocka_unit_test(test_nesting_and_call_lists),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
