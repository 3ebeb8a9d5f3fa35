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
#include <string.h>
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

/* Commands with data behind a pointer of a computed length (the pixel
 * rectangle, the pname's values), compiled since wave 13, and scalar
 * forms given a vector pname, compiled as their vector forms. */
static const GLfloat junk[16];

static void
call_draw_pixels(void)
{
   ((void (*)(GLsizei, GLsizei, GLenum, GLenum, const void *))
       st_get_proc_address("glDrawPixels"))(1, 1, GL_RGBA, GL_FLOAT, junk);
}

static void
call_tex_image_1d(void)
{
   ((void (*)(GLenum, GLint, GLint, GLsizei, GLint, GLenum, GLenum,
              const void *))st_get_proc_address("glTexImage1D"))(
      GL_TEXTURE_1D, 0, GL_RGBA, 1, 0, GL_RGBA, GL_FLOAT, NULL);
}

static void
call_tex_image_2d(void)
{
   ((void (*)(GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum, GLenum,
              const void *))st_get_proc_address("glTexImage2D"))(
      GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_FLOAT, junk);
}

static void
call_tex_parameter_fv(void)
{
   ((void (*)(GLenum, GLenum, const GLfloat *))st_get_proc_address(
       "glTexParameterfv"))(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, junk);
}

static void
call_tex_parameter_iv(void)
{
   ((void (*)(GLenum, GLenum, const GLint *))st_get_proc_address(
       "glTexParameteriv"))(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR,
                            (const GLint *)junk);
}

static void
call_tex_parameter_f(void)
{
   ((void (*)(GLenum, GLenum, GLfloat))st_get_proc_address(
       "glTexParameterf"))(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, 0);
}

static void
call_tex_parameter_i(void)
{
   ((void (*)(GLenum, GLenum, GLint))st_get_proc_address(
       "glTexParameteri"))(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, 0);
}

static void
call_light_model_f(void)
{
   ((void (*)(GLenum, GLfloat))st_get_proc_address("glLightModelf"))(
      GL_LIGHT_MODEL_AMBIENT, 0);
}

static void
call_tex_gen_i(void)
{
   ((void (*)(GLenum, GLenum, GLint))st_get_proc_address("glTexGeni"))(
      GL_S, GL_OBJECT_PLANE, 0);
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
   {"glDrawPixels", call_draw_pixels},
   {"glTexImage1D", call_tex_image_1d},
   {"glTexImage2D", call_tex_image_2d},
   {"glTexParameterfv", call_tex_parameter_fv},
   {"glTexParameteriv", call_tex_parameter_iv},
   {"glTexParameterf", call_tex_parameter_f},
   {"glTexParameteri", call_tex_parameter_i},
   {"glLightModelf", call_light_model_f},
   {"glTexGeni", call_tex_gen_i},
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

/* Command i compiled in GL_COMPILE_AND_EXECUTE mode between glBegin and
 * glEnd (inside) or after them: want is the error of both the
 * compilation and the list's call. */
static void
compile_and_execute(unsigned i, bool inside, GLenum want)
{
   const char *name = commands[i].name;
   GLuint list = _mesa_GenLists(1);

   _mesa_NewList(list, GL_COMPILE_AND_EXECUTE);
   begin();
   if (inside)
      commands[i].call();
   end();
   if (!inside)
      commands[i].call();
   _mesa_EndList();
   expect(want, name, inside ? "compiled and executed" : "compiled after glEnd");
   _mesa_CallList(list);
   expect(want, name, "its list called");
   _mesa_DeleteLists(list, 1);
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

      _mesa_DeleteLists(list, 1);
      compile_and_execute(i, true, GL_INVALID_OPERATION);
   }
   gl_test_destroy(t);
}

/* Compiled and executed after glEnd: no error, now or when the list runs
 * (the scalar forms with vector pnames too, as their vector forms). */
static void
test_compiled_after_end(void **state)
{
   struct gl_test *t = gl_test_compat21();

   for (unsigned i = 0; i < ARRAY_SIZE(commands); i++) {
      const char *name = commands[i].name;
      if (strcmp(name, "glAccum") != 0) /* no accumulation buffer */
         compile_and_execute(i, false, GL_NO_ERROR);
   }
   gl_test_destroy(t);
}

/* glMaterialf with a vector property between glBegin and glEnd: no error
 * (as llvmpipe; piglit's gl-1.0-beginend-coverage), the value then zeros. */
static void
test_scalar_material(void **state)
{
   struct gl_test *t = gl_test_compat21();
   void (*materialf)(GLenum, GLenum, GLfloat) =
      (void (*)(GLenum, GLenum, GLfloat))st_get_proc_address("glMaterialf");
   GLfloat v[4];

   begin();
   materialf(GL_FRONT, GL_AMBIENT, 0.5f);
   end();
   expect(GL_NO_ERROR, "glMaterialf(GL_AMBIENT)", "between glBegin/glEnd");
   _mesa_GetMaterialfv(GL_FRONT, GL_AMBIENT, v);
   assert_float_equal(v[0], 0.5f, 0.0);
   assert_float_equal(v[1], 0.0f, 0.0);
   assert_float_equal(v[3], 0.0f, 0.0);
   /* Called directly the other families' scalar forms keep the error of
    * GL 1.1 section 2.13.2. */
   ((void (*)(GLenum, GLfloat))st_get_proc_address("glLightModelf"))(
      GL_LIGHT_MODEL_AMBIENT, 0.5f);
   expect(GL_INVALID_ENUM, "glLightModelf(GL_LIGHT_MODEL_AMBIENT)", "direct");
   call_tex_parameter_f();
   expect(GL_INVALID_ENUM, "glTexParameterf(GL_TEXTURE_BORDER_COLOR)",
          "direct");
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

/* GL 3.0 compatibility section 2.7: glVertexAttribI*(0, ...) between
 * glBegin and glEnd specifies a vertex, as glVertexAttrib*(0) does, with
 * the integers' bits (what an ivec4 attribute 0 reads); also from a
 * display list, into which it is compiled (llvmpipe draws the point of
 * both). */
static void
test_integer_attrib0_vertex(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   struct gl_context *ctx = _mesa_current_context;
   void (*attrib_i4i)(GLuint, GLint, GLint, GLint, GLint) =
      (void (*)(GLuint, GLint, GLint, GLint, GLint))st_get_proc_address(
         "glVertexAttribI4i");
   GLuint prog = gl_test_program(
      "#version 130\n"
      "in ivec4 pos;\n"
      "void main() { gl_Position = vec4(pos) / 8.0; }\n",
      "#version 130\n"
      "void main() { gl_FragColor = vec4(1.0); }\n");
   assert_int_not_equal(prog, 0);
   _mesa_BindAttribLocation(prog, 0, "pos");
   _mesa_LinkProgram(prog);
   _mesa_UseProgram(prog);

   begin();
   attrib_i4i(0, -3, 2, 0, 8);
   assert_int_equal(ctx->FF.Imm.Count, 1);
   GLint bits[4];
   memcpy(bits, ctx->FF.Imm.Data, sizeof(bits));
   assert_true(bits[0] == -3 && bits[1] == 2 && bits[2] == 0 && bits[3] == 8);
   end();
   expect(GL_NO_ERROR, "glVertexAttribI4i(0)", "between glBegin/glEnd");

   GLuint list = _mesa_GenLists(1);
   _mesa_NewList(list, GL_COMPILE);
   attrib_i4i(0, 5, 6, 7, 8);
   _mesa_EndList();
   begin();
   _mesa_CallList(list);
   assert_int_equal(ctx->FF.Imm.Count, 1);
   memcpy(bits, ctx->FF.Imm.Data, sizeof(bits));
   assert_true(bits[0] == 5 && bits[1] == 6 && bits[2] == 7 && bits[3] == 8);
   end();
   expect(GL_NO_ERROR, "glVertexAttribI4i(0)", "from a list");
   _mesa_DeleteLists(list, 1);
   gl_test_destroy(t);
}

/* Attribute 0 being the vertex, compatibility contexts keep no current
 * value of it: GL_INVALID_OPERATION for its GL_CURRENT_VERTEX_ATTRIB
 * (GL 2.1 section 6.1.14; llvmpipe), unlike core contexts.  And
 * glGetVertexAttribdv (GL 2.0) exists. */
static void
test_attrib0_has_no_current_value(void **state)
{
   struct gl_test *t = gl_test_compat21();
   void (*getdv)(GLuint, GLenum, GLdouble *) =
      (void (*)(GLuint, GLenum, GLdouble *))st_get_proc_address(
         "glGetVertexAttribdv");
   GLfloat f[4];
   GLint i[4];
   GLdouble d[4];

   assert_non_null(getdv);
   _mesa_VertexAttrib4f(3, 1.5f, 2, 3, 4);
   getdv(3, GL_CURRENT_VERTEX_ATTRIB, d);
   expect(GL_NO_ERROR, "glGetVertexAttribdv(3)", "compat");
   assert_true(d[0] == 1.5 && d[1] == 2 && d[2] == 3 && d[3] == 4);
   getdv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, d);
   assert_true(d[0] == 4);
   _mesa_GetVertexAttribfv(0, GL_CURRENT_VERTEX_ATTRIB, f);
   expect(GL_INVALID_OPERATION, "glGetVertexAttribfv(0)", "compat");
   _mesa_GetVertexAttribiv(0, GL_CURRENT_VERTEX_ATTRIB, i);
   expect(GL_INVALID_OPERATION, "glGetVertexAttribiv(0)", "compat");
   getdv(0, GL_CURRENT_VERTEX_ATTRIB, d);
   expect(GL_INVALID_OPERATION, "glGetVertexAttribdv(0)", "compat");
   _mesa_GetVertexAttribIiv(0, GL_CURRENT_VERTEX_ATTRIB, i);
   expect(GL_INVALID_OPERATION, "glGetVertexAttribIiv(0)", "compat");
   _mesa_GetVertexAttribfv(0, GL_VERTEX_ATTRIB_ARRAY_SIZE, f);
   expect(GL_NO_ERROR, "glGetVertexAttribfv(0, size)", "compat");
   gl_test_destroy(t);

   t = gl_test_create_version(ST_PROFILE_OPENGL_CORE, 3, 2, 8, 8);
   assert_non_null(t);
   _mesa_VertexAttrib4f(0, 1, 2, 3, 4);
   _mesa_GetVertexAttribfv(0, GL_CURRENT_VERTEX_ATTRIB, f);
   expect(GL_NO_ERROR, "glGetVertexAttribfv(0)", "core");
   assert_true(f[0] == 1 && f[3] == 4);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_inside_begin_end),
      cmocka_unit_test(test_compiled_after_end),
      cmocka_unit_test(test_scalar_material),
      cmocka_unit_test(test_integer_attrib0_vertex),
      cmocka_unit_test(test_attrib0_has_no_current_value),
      cmocka_unit_test(test_outside),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
