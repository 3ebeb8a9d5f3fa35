/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * KHR_blend_equation_advanced and _coherent in the front end, on the noop
 * driver (told that it has PIPE_CAP_BLEND_EQUATION_ADVANCED by setting
 * Const.AdvancedBlend, as the state tracker does from the cap): which
 * entry points take the advanced equations, the coherent enable, the
 * draw-time errors of the extension's "Errors" section, and what the
 * blend CSO receives.  Pixels: e2e gles3_advanced_blend.
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

static struct gl_test *
create(bool advanced)
{
   struct gl_test *t =
      gl_test_create_profile(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   t->ctx->ctx.Const.AdvancedBlend = advanced;
   return t;
}

static GLuint
link_130(const char *fs)
{
   static const char *vs = "#version 130\n"
                           "in vec4 p;\n"
                           "void main() { gl_Position = p; }\n";
   GLuint prog = _mesa_CreateProgram();
   const char *src[2] = {vs, fs};
   GLenum types[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
   for (unsigned i = 0; i < 2; i++) {
      GLuint sh = _mesa_CreateShader(types[i]);
      _mesa_ShaderSource(sh, 1, &src[i], NULL);
      _mesa_CompileShader(sh);
      _mesa_AttachShader(prog, sh);
      _mesa_DeleteShader(sh);
   }
   _mesa_LinkProgram(prog);
   GLint ok = 0;
   _mesa_GetProgramiv(prog, GL_LINK_STATUS, &ok);
   assert_int_equal(ok, 1);
   return prog;
}

static void
test_equations(void **state)
{
   (void)state;
   struct gl_test *t = create(true);
   GLint v = 0;

   assert_true(_mesa_has_extension(&t->ctx->ctx,
                                   "GL_KHR_blend_equation_advanced"));
   assert_true(_mesa_has_extension(
      &t->ctx->ctx, "GL_KHR_blend_equation_advanced_coherent"));
   static const GLenum all[] = {
      GL_MULTIPLY_KHR, GL_SCREEN_KHR, GL_OVERLAY_KHR, GL_DARKEN_KHR,
      GL_LIGHTEN_KHR, GL_COLORDODGE_KHR, GL_COLORBURN_KHR,
      GL_HARDLIGHT_KHR, GL_SOFTLIGHT_KHR, GL_DIFFERENCE_KHR,
      GL_EXCLUSION_KHR, GL_HSL_HUE_KHR, GL_HSL_SATURATION_KHR,
      GL_HSL_COLOR_KHR, GL_HSL_LUMINOSITY_KHR,
   };
   for (unsigned i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
      _mesa_BlendEquation(all[i]);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      _mesa_GetIntegerv(GL_BLEND_EQUATION_RGB, &v);
      assert_int_equal(v, all[i]);
      _mesa_GetIntegerv(GL_BLEND_EQUATION_ALPHA, &v);
      assert_int_equal(v, all[i]);
      /* Not through BlendEquationSeparate (INVALID_ENUM, state kept). */
      _mesa_BlendEquationSeparate(all[i], GL_FUNC_ADD);
      assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
      _mesa_BlendEquationSeparate(GL_FUNC_ADD, all[i]);
      assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   }
   _mesa_BlendBarrier();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* GL_BLEND_ADVANCED_COHERENT_KHR: initially enabled. */
   assert_true(_mesa_IsEnabled(GL_BLEND_ADVANCED_COHERENT_KHR));
   _mesa_Disable(GL_BLEND_ADVANCED_COHERENT_KHR);
   assert_false(_mesa_IsEnabled(GL_BLEND_ADVANCED_COHERENT_KHR));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   /* Without the driver's support: INVALID_ENUM everywhere. */
   t = create(false);
   _mesa_BlendEquation(GL_MULTIPLY_KHR);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_Enable(GL_BLEND_ADVANCED_COHERENT_KHR);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

static void
test_draw_errors(void **state)
{
   (void)state;
   struct gl_test *t = create(true);
   GLuint p = link_130("#version 130\n"
                       "#extension GL_KHR_blend_equation_advanced : require\n"
                       "layout(blend_support_multiply) out;\n"
                       "layout(blend_support_hsl_color) out;\n"
                       "out vec4 c;\n"
                       "void main() { c = vec4(1.0); }\n");
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
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_Enable(GL_BLEND);
   /* Declared equations: fine (one draw buffer). */
   _mesa_BlendEquation(GL_MULTIPLY_KHR);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(t->ctx->ctx.Color.EquationRGB, GL_MULTIPLY_KHR);
   _mesa_BlendEquation(GL_HSL_COLOR_KHR);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   /* One the shader did not declare. */
   _mesa_BlendEquation(GL_SCREEN_KHR);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* Blending disabled: no rule. */
   _mesa_Disable(GL_BLEND);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* Two draw buffers, even with a declared equation. */
   static const GLenum both[2] = {GL_COLOR_ATTACHMENT0,
                                  GL_COLOR_ATTACHMENT1};
   _mesa_DrawBuffers(2, both);
   _mesa_Enable(GL_BLEND);
   _mesa_BlendEquation(GL_MULTIPLY_KHR);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* An ordinary equation with two buffers: fine. */
   _mesa_BlendEquation(GL_FUNC_ADD);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_DeleteFramebuffers(1, &fbo);
   _mesa_DeleteRenderbuffers(2, rb);
   _mesa_DeleteProgram(p);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_equations),
      cmocka_unit_test(test_draw_errors),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
