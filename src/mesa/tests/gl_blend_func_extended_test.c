/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Dual-source blending in the front end (ARB_blend_func_extended on
 * desktop GL, EXT_blend_func_extended on ES), on the noop driver, which
 * reports one dual-source render target: the new blend factors, the
 * binding and query entry points with their errors, the shader and linker
 * rules, and the draw-time error (ES 3.0 parts: e2e gles3_dual_source).
 * Rules from the extension texts ("Errors", the additions to sections
 * 14.2.3 and 15.1.5 of ES 3.1).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gl_test_context.h"
#include "main/extensions.h"
#include "main/mtypes.h"
#include "state_tracker/st_context.h"

static bool
has_extension(const char *name)
{
   const char *all = (const char *)_mesa_GetString(GL_EXTENSIONS);
   size_t n = strlen(name);
   for (const char *p = all; p && (p = strstr(p, name)); p += n) {
      if ((p == all || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   }
   return false;
}

static void
test_es2_factors(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLint v = 0;

   assert_true(has_extension("GL_EXT_blend_func_extended"));
   _mesa_GetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &v);
   assert_int_equal(v, 1);
   static const GLenum src1[] = {GL_SRC1_COLOR, GL_SRC1_ALPHA,
                                 GL_ONE_MINUS_SRC1_COLOR,
                                 GL_ONE_MINUS_SRC1_ALPHA};
   for (unsigned i = 0; i < 4; i++) {
      _mesa_BlendFunc(src1[i], GL_ZERO);
      _mesa_BlendFuncSeparate(GL_ONE, src1[i], src1[i], GL_ONE);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   }
   _mesa_GetIntegerv(GL_BLEND_DST_RGB, &v);
   assert_int_equal(v, GL_ONE_MINUS_SRC1_ALPHA);
   /* Issue 2: SRC_ALPHA_SATURATE as a destination factor in ES 2.0. */
   _mesa_BlendFunc(GL_ZERO, GL_SRC_ALPHA_SATURATE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* The EXT entry points are ES 3.0 ones. */
   GLuint prog = _mesa_CreateProgram();
   _mesa_BindFragDataLocationIndexed(prog, 0, 1, "x");
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* Without a dual-source driver none of it exists. */
   t->ctx->ctx.Const.MaxDualSourceDrawBuffers = 0;
   assert_false(_mesa_has_extension(&t->ctx->ctx,
                                    "GL_EXT_blend_func_extended"));
   _mesa_BlendFunc(GL_SRC1_COLOR, GL_ZERO);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_BlendFunc(GL_ZERO, GL_SRC_ALPHA_SATURATE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

static void
test_bind_errors(void **state)
{
   (void)state;
   /* (The noop driver has no multisampling, so no ES 3.0 contexts: the
    * EXT entry points, aliases of these, run on the simulator in
    * src/tests/e2e/gles3_dual_source.c.) */
   struct gl_test *t =
      gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   GLuint prog = _mesa_CreateProgram();

   _mesa_BindFragDataLocationIndexed(prog, 0, 2, "x");
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_BindFragDataLocationIndexed(prog, 1, 1, "x");
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_BindFragDataLocationIndexed(prog, 8, 0, "x");
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_BindFragDataLocationIndexed(prog, 0, 0, "gl_FragColor");
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BindFragDataLocationIndexed(prog, 7, 0, "x");
   _mesa_BindFragDataLocationIndexed(prog, 0, 1, "y");
   _mesa_BindFragDataLocation(prog, 3, "z");
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* Before a successful link. */
   assert_int_equal(_mesa_GetFragDataIndex(prog, "y"), -1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

static const char *vs130 = "#version 130\n"
                           "in vec4 p;\n"
                           "void main() { gl_Position = p; }\n";

/* A GLSL 1.30 program; b0 and b1 are bound to colour 0, index 0 and 1. */
static GLuint
link_130(const char *fs, const char *b0, const char *b1)
{
   GLuint prog = _mesa_CreateProgram();
   const char *src[2] = {vs130, fs};
   GLenum types[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
   for (unsigned i = 0; i < 2; i++) {
      GLuint sh = _mesa_CreateShader(types[i]);
      _mesa_ShaderSource(sh, 1, &src[i], NULL);
      _mesa_CompileShader(sh);
      _mesa_AttachShader(prog, sh);
      _mesa_DeleteShader(sh);
   }
   if (b0)
      _mesa_BindFragDataLocationIndexed(prog, 0, 0, b0);
   if (b1)
      _mesa_BindFragDataLocationIndexed(prog, 0, 1, b1);
   _mesa_LinkProgram(prog);
   return prog;
}

static GLint
link_status(GLuint prog)
{
   GLint ok = 0;
   _mesa_GetProgramiv(prog, GL_LINK_STATUS, &ok);
   return ok;
}

static GLint
compile_fs100(const char *src)
{
   GLuint sh = _mesa_CreateShader(GL_FRAGMENT_SHADER);
   GLint ok = 0;
   _mesa_ShaderSource(sh, 1, &src, NULL);
   _mesa_CompileShader(sh);
   _mesa_GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   _mesa_DeleteShader(sh);
   return ok;
}

static void
test_es100_builtins(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
#define EXT "#extension GL_EXT_blend_func_extended : enable\n"
   assert_true(compile_fs100(EXT "void main() {\n"
                             "   gl_FragColor = vec4(0.0);\n"
                             "   gl_SecondaryFragColorEXT = vec4(1.0);\n"
                             "}\n"));
   assert_true(compile_fs100(
      EXT "void main() {\n"
          "   gl_FragData[0] = vec4(0.0);\n"
          "   gl_SecondaryFragDataEXT[gl_MaxDualSourceDrawBuffersEXT - 1] ="
          " vec4(1.0);\n"
          "}\n"));
   /* GLSL ES 1.00 7.2 as the extension amends it: one set or the
    * other. */
   assert_false(compile_fs100(EXT "void main() {\n"
                              "   gl_FragColor = vec4(0.0);\n"
                              "   gl_SecondaryFragDataEXT[0] = vec4(1.0);\n"
                              "}\n"));
   assert_false(compile_fs100(EXT "void main() {\n"
                              "   gl_FragData[0] = vec4(0.0);\n"
                              "   gl_SecondaryFragColorEXT = vec4(1.0);\n"
                              "}\n"));
   /* Not without the #extension line. */
   assert_false(compile_fs100("void main() {\n"
                              "   gl_SecondaryFragColorEXT = vec4(1.0);\n"
                              "}\n"));
#undef EXT
   gl_test_destroy(t);
}

/* "INVALID_OPERATION ... if any draw buffer has a blend function requiring
 * the second color input ... and a framebuffer is bound that has more
 * than MAX_DUAL_SOURCE_DRAW_BUFFERS-1 active color attachments". */
static void
test_draw_error(void **state)
{
   (void)state;
   struct gl_test *t =
      gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   GLuint p = link_130("#version 130\n"
                       "out vec4 a;\n"
                       "out vec4 b;\n"
                       "void main() { a = vec4(1.0); b = vec4(0.5); }\n",
                       "a", "b");
   assert_int_equal(link_status(p), 1);
   _mesa_UseProgram(p);

   GLuint fbo, rb[2];
   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_GenRenderbuffers(2, rb);
   for (unsigned i = 0; i < 2; i++) {
      _mesa_BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
      _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i,
                                    GL_RENDERBUFFER, rb[i]);
   }
   static const GLenum both[2] = {GL_COLOR_ATTACHMENT0,
                                  GL_COLOR_ATTACHMENT1};
   _mesa_DrawBuffers(2, both);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_Enable(GL_BLEND);
   _mesa_BlendFunc(GL_ONE, GL_SRC1_COLOR);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* Blending off, or no second source factor: fine. */
   _mesa_Disable(GL_BLEND);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_Enable(GL_BLEND);
   _mesa_BlendFunc(GL_ONE, GL_SRC_COLOR);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* One draw buffer: fine. */
   static const GLenum first[2] = {GL_COLOR_ATTACHMENT0, GL_NONE};
   _mesa_DrawBuffers(2, first);
   _mesa_BlendFuncSeparate(GL_ONE, GL_ONE, GL_ONE_MINUS_SRC1_ALPHA, GL_ONE);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_DeleteFramebuffers(1, &fbo);
   _mesa_DeleteRenderbuffers(2, rb);
   _mesa_DeleteProgram(p);
   gl_test_destroy(t);
}

static void
test_desktop(void **state)
{
   (void)state;
   struct gl_test *t =
      gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   GLint v = 0;

   assert_true(has_extension("GL_ARB_blend_func_extended"));
   assert_false(has_extension("GL_EXT_blend_func_extended"));
   _mesa_GetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &v);
   assert_int_equal(v, 1);
   _mesa_BlendFunc(GL_ZERO, GL_ONE_MINUS_SRC1_COLOR);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* GLSL 1.30 outputs bound with glBindFragDataLocationIndexed. */
   static const char *fs = "#version 130\n"
                           "out vec4 c0;\n"
                           "out vec4 c1;\n"
                           "void main() { c0 = vec4(1.0); c1 = vec4(0.0); }\n";
   GLuint prog = link_130(fs, "c0", "c1");
   assert_int_equal(link_status(prog), 1);
   assert_int_equal(_mesa_GetFragDataIndex(prog, "c1"), 1);
   assert_int_equal(_mesa_GetFragDataLocation(prog, "c1"), 0);
   assert_int_equal(_mesa_GetFragDataIndex(prog, "c0"), 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_es2_factors),
      cmocka_unit_test(test_bind_errors),
      cmocka_unit_test(test_es100_builtins),
      cmocka_unit_test(test_draw_error),
      cmocka_unit_test(test_desktop),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
