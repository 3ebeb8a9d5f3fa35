/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Display lists of commands whose data lies behind a pointer of a
 * computed length (GL 2.1 section 5.4; main/dlist_data.c): pixel
 * rectangles are unpacked with the pixel storage modes of compile time,
 * from client memory or the pixel unpack buffer bound then, and replayed
 * whatever the modes and buffer are when the list runs; the values of
 * glTexParameterfv and glUniform*v are copied; images of proxy targets
 * are executed at once.  ARB_separate_shader_objects' glProgramUniform*
 * and glUseProgramStages are compiled too, the creation and binding of
 * pipelines execute at once (its issues 9 and 11).  The commands go
 * through st_get_proc_address, as an application's would: the dispatch
 * layer compiles them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "main/context.h"
#include "state_tracker/st_api.h"

#define PROC(type, name) ((type)st_get_proc_address(name))

typedef void (*tex_image_2d_fn)(GLenum, GLint, GLint, GLsizei, GLsizei, GLint,
                                GLenum, GLenum, const void *);
typedef void (*tex_sub_image_2d_fn)(GLenum, GLint, GLint, GLint, GLsizei,
                                    GLsizei, GLenum, GLenum, const void *);
typedef void (*pixel_store_fn)(GLenum, GLint);

/* A 3 x 3 RGBA8 source whose texel (x, y) is (10x, 10y, 7, 255). */
static void
fill_source(GLubyte src[3 * 3 * 4])
{
   for (unsigned y = 0; y < 3; y++) {
      for (unsigned x = 0; x < 3; x++) {
         GLubyte *p = &src[(y * 3 + x) * 4];
         p[0] = (GLubyte)(10 * x);
         p[1] = (GLubyte)(10 * y);
         p[2] = 7;
         p[3] = 255;
      }
   }
}

/* The 2 x 2 texture holds source texels (1, 1) to (2, 2). */
static void
assert_sub_rectangle(void)
{
   for (unsigned y = 0; y < 2; y++) {
      for (unsigned x = 0; x < 2; x++)
         assert_true(gl_test_texel_is_rgba8(x, y, 10 * (x + 1),
                                            10 * (y + 1), 7, 255));
   }
}

static void
reset_unpack(void)
{
   pixel_store_fn store = PROC(pixel_store_fn, "glPixelStorei");
   store(GL_UNPACK_ROW_LENGTH, 0);
   store(GL_UNPACK_SKIP_ROWS, 0);
   store(GL_UNPACK_SKIP_PIXELS, 0);
   store(GL_UNPACK_ALIGNMENT, 4);
}

static void
skip_first_row_and_column(void)
{
   pixel_store_fn store = PROC(pixel_store_fn, "glPixelStorei");
   store(GL_UNPACK_ROW_LENGTH, 3);
   store(GL_UNPACK_SKIP_ROWS, 1);
   store(GL_UNPACK_SKIP_PIXELS, 1);
   store(GL_UNPACK_ALIGNMENT, 1);
}

/* glTexImage2D in GL_COMPILE: nothing happens until the list runs; then
 * the rectangle the unpack modes of compile time chose, although the
 * client memory and the modes changed since. */
static void
test_tex_image_client(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLubyte src[3 * 3 * 4];
   GLuint tex;

   fill_source(src);
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   GLuint list = _mesa_GenLists(1);
   skip_first_row_and_column();
   _mesa_NewList(list, GL_COMPILE);
   PROC(tex_image_2d_fn, "glTexImage2D")(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0,
                                         GL_RGBA, GL_UNSIGNED_BYTE, src);
   _mesa_EndList();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   GLint width = -1;
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
   assert_int_equal(width, 0); /* compiled, not executed */

   memset(src, 0, sizeof(src));
   reset_unpack();
   _mesa_CallList(list);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_sub_rectangle();

   /* glTexSubImage2D the same way, into texel (1, 0) only. */
   fill_source(src);
   skip_first_row_and_column();
   _mesa_NewList(list, GL_COMPILE);
   PROC(tex_sub_image_2d_fn, "glTexSubImage2D")(
      GL_TEXTURE_2D, 0, 1, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, src);
   _mesa_EndList();
   reset_unpack();
   /* The unpack modes of now are the application's again afterwards. */
   PROC(pixel_store_fn, "glPixelStorei")(GL_UNPACK_ALIGNMENT, 2);
   static const GLubyte zero[4];
   PROC(tex_sub_image_2d_fn, "glTexSubImage2D")(
      GL_TEXTURE_2D, 0, 1, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, zero);
   assert_true(gl_test_texel_is_rgba8(1, 0, 0, 0, 0, 0));
   _mesa_CallList(list);
   assert_true(gl_test_texel_is_rgba8(1, 0, 10, 10, 7, 255));
   assert_int_equal(gl_test_get_int(GL_UNPACK_ALIGNMENT), 2);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteLists(list, 1);
   gl_test_destroy(t);
}

/* From a pixel unpack buffer: read when the list is compiled (the
 * buffer's later contents and binding do not matter). */
static void
test_tex_image_pbo(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLubyte src[3 * 3 * 4];
   GLuint tex, pbo;

   fill_source(src);
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_GenBuffers(1, &pbo);
   _mesa_BindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
   /* Four bytes in front: the image starts at offset 4. */
   _mesa_BufferData(GL_PIXEL_UNPACK_BUFFER, sizeof(src) + 4, NULL,
                    GL_STATIC_DRAW);
   _mesa_BufferSubData(GL_PIXEL_UNPACK_BUFFER, 4, sizeof(src), src);
   skip_first_row_and_column();
   GLuint list = _mesa_GenLists(1);
   _mesa_NewList(list, GL_COMPILE);
   PROC(tex_image_2d_fn, "glTexImage2D")(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0,
                                         GL_RGBA, GL_UNSIGNED_BYTE,
                                         (const void *)(uintptr_t)4);
   _mesa_EndList();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   memset(src, 0, sizeof(src));
   _mesa_BufferSubData(GL_PIXEL_UNPACK_BUFFER, 4, sizeof(src), src);
   reset_unpack();
   _mesa_CallList(list); /* the buffer still bound: not read */
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_sub_rectangle();
   assert_int_equal(gl_test_get_int(GL_PIXEL_UNPACK_BUFFER_BINDING),
                    (GLint)pbo);

   /* A range past the buffer's end: the error when compiled, and
    * nothing stored. */
   _mesa_NewList(list, GL_COMPILE);
   PROC(tex_image_2d_fn, "glTexImage2D")(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0,
                                         GL_RGBA, GL_UNSIGNED_BYTE,
                                         (const void *)(uintptr_t)64);
   _mesa_EndList();
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_CallList(list);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteLists(list, 1);
   gl_test_destroy(t);
}

/* GL 2.1 section 5.4: glTexImage* of a proxy target executes while a
 * list is compiled, and the list does not hold it. */
static void
test_proxy_executes(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLint width = 0;

   GLuint list = _mesa_GenLists(1);
   _mesa_NewList(list, GL_COMPILE);
   PROC(tex_image_2d_fn, "glTexImage2D")(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 4,
                                         4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                                         NULL);
   _mesa_GetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH,
                                &width);
   assert_int_equal(width, 4);
   _mesa_EndList();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteLists(list, 1);
   gl_test_destroy(t);
}

/* glTexParameterfv's pname-sized values are copied; the scalar form with
 * a vector pname compiles as the vector form (value, 0, 0, 0). */
static void
test_tex_parameter(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLfloat border[4] = {0.25f, 0.5f, 0.75f, 1.0f};
   GLfloat got[4];
   GLuint tex;

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   GLuint list = _mesa_GenLists(2);
   _mesa_NewList(list, GL_COMPILE);
   PROC(void (*)(GLenum, GLenum, const GLfloat *), "glTexParameterfv")(
      GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
   _mesa_EndList();
   _mesa_NewList(list + 1, GL_COMPILE);
   PROC(void (*)(GLenum, GLenum, GLfloat), "glTexParameterf")(
      GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, 0.5f);
   _mesa_EndList();
   border[0] = 9.0f;
   _mesa_GetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, got);
   assert_true(got[0] == 0 && got[1] == 0 && got[2] == 0 && got[3] == 0);
   _mesa_CallList(list);
   _mesa_GetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, got);
   assert_true(got[0] == 0.25f && got[1] == 0.5f && got[2] == 0.75f &&
               got[3] == 1.0f);
   _mesa_CallList(list + 1);
   _mesa_GetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, got);
   assert_true(got[0] == 0.5f && got[1] == 0 && got[2] == 0 && got[3] == 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteLists(list, 2);
   gl_test_destroy(t);
}

/* glUniform4fv and glUniformMatrix2fv (GL 2.0) copy count elements. */
static void
test_uniforms(void **state)
{
   struct gl_test *t = gl_test_compat21();
   GLuint prog = gl_test_program(
      "#version 110\n"
      "uniform vec4 u[2];\n"
      "uniform mat2 m;\n"
      "void main() { gl_Position = u[0] + u[1] + vec4(m[0], m[1]); }\n",
      "#version 110\n"
      "void main() { gl_FragColor = vec4(1.0); }\n");
   assert_int_not_equal(prog, 0);
   _mesa_UseProgram(prog);
   GLint u = _mesa_GetUniformLocation(prog, "u");
   GLint m = _mesa_GetUniformLocation(prog, "m");
   GLfloat values[8] = {1, 2, 3, 4, 5, 6, 7, 8};
   GLfloat got[8];

   GLuint list = _mesa_GenLists(1);
   _mesa_NewList(list, GL_COMPILE);
   PROC(void (*)(GLint, GLsizei, const GLfloat *), "glUniform4fv")(u, 2,
                                                                  values);
   PROC(void (*)(GLint, GLsizei, GLboolean, const GLfloat *),
        "glUniformMatrix2fv")(m, 1, GL_FALSE, values + 4);
   _mesa_EndList();
   memset(values, 0, sizeof(values));
   _mesa_GetUniformfv(prog, u, got);
   assert_true(got[0] == 0 && got[3] == 0);
   _mesa_CallList(list);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetUniformfv(prog, u, got);
   assert_true(got[0] == 1 && got[3] == 4);
   _mesa_GetUniformfv(prog, _mesa_GetUniformLocation(prog, "u[1]"), got);
   assert_true(got[0] == 5 && got[3] == 8);
   _mesa_GetUniformfv(prog, m, got);
   assert_true(got[0] == 5 && got[1] == 6 && got[2] == 7 && got[3] == 8);
   _mesa_DeleteLists(list, 1);
   gl_test_destroy(t);
}

/* ARB_separate_shader_objects (piglit's arb_separate_shader_objects
 * dlist): glProgramUniform*, scalar and vector forms, and
 * glUseProgramStages are compiled; glGenProgramPipelines and
 * glBindProgramPipeline execute at once and are not compiled. */
static void
test_separate_shader_objects(void **state)
{
   struct gl_test *t = gl_test_compat21();
   static const char *vs = "#version 110\n"
                           "uniform vec4 u;\n"
                           "uniform int k;\n"
                           "void main() { gl_Position = u * float(k); }\n";
   static const char *red = "void main() { gl_FragColor = vec4(1, 0, 0, 1); }";
   static const char *green = "void main() { gl_FragColor = vec4(0, 1, 0, 1); }";
   GLuint (*create)(GLenum, GLsizei, const char *const *) =
      PROC(GLuint (*)(GLenum, GLsizei, const char *const *),
           "glCreateShaderProgramv");
   GLuint prog = create(GL_VERTEX_SHADER, 1, &vs);
   GLuint red_prog = create(GL_FRAGMENT_SHADER, 1, &red);
   GLuint green_prog = create(GL_FRAGMENT_SHADER, 1, &green);
   assert_true(prog && red_prog && green_prog);
   GLint u = _mesa_GetUniformLocation(prog, "u");
   GLint k = _mesa_GetUniformLocation(prog, "k");
   GLfloat vec[4] = {1, 2, 3, 4}, got[4];
   GLint ki = 0;

   GLuint list = _mesa_GenLists(1);
   _mesa_NewList(list, GL_COMPILE);
   PROC(void (*)(GLuint, GLint, GLsizei, const GLfloat *),
        "glProgramUniform4fv")(prog, u, 1, vec);
   PROC(void (*)(GLuint, GLint, GLint), "glProgramUniform1i")(prog, k, 7);
   GLuint pipe = 0;
   PROC(void (*)(GLsizei, GLuint *), "glGenProgramPipelines")(1, &pipe);
   assert_int_not_equal(pipe, 0); /* executed */
   PROC(void (*)(GLuint), "glBindProgramPipeline")(pipe);
   assert_int_equal(gl_test_get_int(GL_PROGRAM_PIPELINE_BINDING), (GLint)pipe);
   PROC(void (*)(GLuint, GLbitfield, GLuint), "glUseProgramStages")(
      pipe, GL_FRAGMENT_SHADER_BIT, green_prog);
   _mesa_EndList();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   memset(vec, 0, sizeof(vec));
   _mesa_GetUniformfv(prog, u, got);
   assert_true(got[0] == 0 && got[3] == 0);
   GLint stage = -1;
   _mesa_GetProgramPipelineiv(pipe, GL_FRAGMENT_SHADER, &stage);
   assert_int_equal(stage, 0);

   PROC(void (*)(GLuint, GLbitfield, GLuint), "glUseProgramStages")(
      pipe, GL_FRAGMENT_SHADER_BIT, red_prog);
   PROC(void (*)(GLuint), "glBindProgramPipeline")(0);
   _mesa_CallList(list);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetUniformfv(prog, u, got);
   assert_true(got[0] == 1 && got[1] == 2 && got[2] == 3 && got[3] == 4);
   _mesa_GetUniformiv(prog, k, &ki);
   assert_int_equal(ki, 7);
   _mesa_GetProgramPipelineiv(pipe, GL_FRAGMENT_SHADER, &stage);
   assert_int_equal(stage, (GLint)green_prog);
   /* the binding was not compiled */
   assert_int_equal(gl_test_get_int(GL_PROGRAM_PIPELINE_BINDING), 0);
   _mesa_DeleteLists(list, 1);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tex_image_client),
      cmocka_unit_test(test_tex_image_pbo),
      cmocka_unit_test(test_proxy_executes),
      cmocka_unit_test(test_tex_parameter),
      cmocka_unit_test(test_uniforms),
      cmocka_unit_test(test_separate_shader_objects),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
