/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Sampler uniforms and texture units on the noop driver, in an ES 3.0
 * context:
 *  - each stage gets its own sampler views and sampler states, from slot
 *    0 up, only for the samplers it uses (Gallium's per-stage binding;
 *    st_nir_sampler_slots.c), so a program can use MAX_TEXTURE_IMAGE_UNITS
 *    samplers in each stage (ES 3.0.6 table 6.33: 16 vertex, 16 fragment,
 *    32 combined);
 *  - samplers of different types on one unit fail glValidateProgram and
 *    make draws INVALID_OPERATION (ES 3.0.6 section 2.11.10, GL 2.0
 *    section 2.15.4), and work again once the units differ; array
 *    elements no instruction reads do not count.
 * Which texture each slot holds is told by its width: unit u has a
 * (u + 1) x 1 texture.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_context.h"
#include "pipe/p_context.h"
#include "pipe/p_state.h"

static struct gl_test *
es3_context(void)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   return t;
}

/* The widths of the views bound in slots 0.. of the vertex (0) and
 * fragment (1) stages by the last set_sampler_views of each. */
static struct {
   struct pipe_context orig;
   unsigned width[2][32];
   unsigned count[2];
} spy;

static void
spy_set_views(struct pipe_context *p, enum pipe_shader_type shader,
              unsigned start, unsigned num, unsigned unbind, bool take,
              struct pipe_sampler_view **views)
{
   if (shader == PIPE_SHADER_VERTEX || shader == PIPE_SHADER_FRAGMENT) {
      unsigned s = shader == PIPE_SHADER_VERTEX ? 0 : 1;
      assert_int_equal(start, 0);
      spy.count[s] = num;
      for (unsigned i = 0; i < num && i < 32; i++)
         spy.width[s][i] =
            views && views[i] ? views[i]->texture->width0 : 0;
   }
   spy.orig.set_sampler_views(p, shader, start, num, unbind, take, views);
}

/* A (unit + 1) x 1 texture of `target` bound to unit. */
static void
unit_texture(GLuint unit, GLenum target)
{
   static const uint8_t texels[6 * 32 * 4];
   GLuint tex;
   _mesa_GenTextures(1, &tex);
   _mesa_ActiveTexture(GL_TEXTURE0 + unit);
   _mesa_BindTexture(target, tex);
   GLsizei w = (GLsizei)unit + 1;
   if (target == GL_TEXTURE_3D)
      _mesa_TexImage3D(target, 0, GL_RGBA8, w, 1, 1, 0, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
   else
      _mesa_TexImage2D(target, 0, GL_RGBA8, w, 1, 0, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
   _mesa_TexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
}

static void
set_sampler(GLuint prog, const char *name, GLint unit)
{
   GLint loc = _mesa_GetUniformLocation(prog, name);
   assert_true(loc >= 0);
   _mesa_Uniform1i(loc, unit);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
}

/* 16 samplers in each stage: GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS and
 * GL_MAX_TEXTURE_IMAGE_UNITS at once, on 32 different units. */
static void
test_per_stage_slots(void **state)
{
   (void)state;
   struct gl_test *t = es3_context();
   GLint vs_max = gl_test_get_int(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS);
   GLint fs_max = gl_test_get_int(GL_MAX_TEXTURE_IMAGE_UNITS);
   assert_true(vs_max >= 16 && fs_max >= 16);
   assert_true(gl_test_get_int(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS) >= 32);

   /* every element named by a constant index (GLSL ES 3.00 section
    * 4.1.7.1) */
   char vs[2048], fs[2048];
   int n = snprintf(vs, sizeof(vs),
                    "#version 300 es\n"
                    "uniform highp sampler2D vt[16];\n"
                    "in vec4 p;\n"
                    "out vec4 c;\n"
                    "void main() {\n"
                    "   gl_Position = p;\n"
                    "   c = vec4(0.0)");
   for (int i = 0; i < 16; i++)
      n += snprintf(vs + n, sizeof(vs) - (size_t)n,
                    " + textureLod(vt[%d], vec2(0.5), 0.0)", i);
   snprintf(vs + n, sizeof(vs) - (size_t)n, ";\n}\n");
   n = snprintf(fs, sizeof(fs),
                "#version 300 es\n"
                "precision highp float;\n"
                "uniform sampler2D ft[15];\n"
                "uniform highp sampler3D f3;\n"
                "in vec4 c;\n"
                "out vec4 o;\n"
                "void main() {\n"
                "   o = c + texture(f3, vec3(0.5))");
   for (int i = 0; i < 15; i++)
      n += snprintf(fs + n, sizeof(fs) - (size_t)n,
                    " + texture(ft[%d], vec2(0.5))", i);
   snprintf(fs + n, sizeof(fs) - (size_t)n, ";\n}\n");
   GLuint prog = gl_test_program(vs, fs);
   assert_true(prog != 0);
   _mesa_UseProgram(prog);
   char name[16];
   /* vertex samplers on units 0..15, fragment ones on 16..31 (f3 on
    * 31) */
   for (GLint i = 0; i < 16; i++) {
      snprintf(name, sizeof(name), "vt[%d]", (int)i);
      set_sampler(prog, name, i);
      unit_texture((GLuint)i, GL_TEXTURE_2D);
   }
   for (GLint i = 0; i < 15; i++) {
      snprintf(name, sizeof(name), "ft[%d]", (int)i);
      set_sampler(prog, name, 16 + i);
      unit_texture(16 + (GLuint)i, GL_TEXTURE_2D);
   }
   set_sampler(prog, "f3", 31);
   unit_texture(31, GL_TEXTURE_3D);

   struct pipe_context *pipe = st_context_pipe(t->ctx);
   memset(&spy, 0, sizeof(spy));
   spy.orig = *pipe;
   pipe->set_sampler_views = spy_set_views;
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* Each stage: its own 16, from slot 0, in declaration order. */
   assert_int_equal(spy.count[0], 16);
   assert_int_equal(spy.count[1], 16);
   for (unsigned i = 0; i < 16; i++)
      assert_int_equal(spy.width[0][i], i + 1);
   /* the fragment stage's: ft[0..14] (units 16..30) and f3 (unit 31), in
    * some order of the two uniforms */
   unsigned seen = 0;
   for (unsigned i = 0; i < 16; i++) {
      unsigned w = spy.width[1][i];
      assert_true(w >= 17 && w <= 32);
      seen |= 1u << (w - 17);
   }
   assert_int_equal(seen, 0xffff);
   *pipe = spy.orig;
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

static GLint
validate(GLuint prog)
{
   GLint ok = -1;
   _mesa_ValidateProgram(prog);
   _mesa_GetProgramiv(prog, GL_VALIDATE_STATUS, &ok);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   return ok;
}

/* A program of a pass-through vertex shader and fs, made current. */
static GLuint
use_program_with(const char *fs)
{
   static const char vs[] = "#version 300 es\n"
                            "in vec4 p;\n"
                            "void main() { gl_Position = p; }\n";
   GLuint prog = gl_test_program(vs, fs);
   assert_true(prog != 0);
   _mesa_UseProgram(prog);
   return prog;
}

static void
test_unit_conflict(void **state)
{
   (void)state;
   struct gl_test *t = es3_context();
   static const char fs[] =
      "#version 300 es\n"
      "precision highp float;\n"
      "uniform sampler2D s2;\n"
      "uniform highp sampler3D s3;\n"
      "uniform highp sampler2DShadow sh;\n"
      "out vec4 o;\n"
      "void main() {\n"
      "   o = texture(s2, vec2(0.0)) + texture(s3, vec3(0.0)) +\n"
      "       texture(sh, vec3(0.0));\n"
      "}\n";
   GLuint prog = use_program_with(fs);

   /* all three on unit 0 (the initial values): 2D and 3D conflict */
   assert_int_equal(validate(prog), GL_FALSE);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* 3D on its own unit; the 2D shadow sampler shares the 2D unit (the
    * same texture target) */
   set_sampler(prog, "s3", 1);
   assert_int_equal(validate(prog), GL_TRUE);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* and back: the draw sees the change without a validation */
   set_sampler(prog, "sh", 1);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

/* Array elements no texture instruction reads are not active samplers
 * (GL 4.6 11.1.3.11 "any two active samplers"; Mesa counts the samplers
 * its shaders read): only the units of a2[1] and a3[1] can conflict. */
static void
test_unread_elements(void **state)
{
   (void)state;
   struct gl_test *t = es3_context();
   static const char fs[] =
      "#version 300 es\n"
      "precision highp float;\n"
      "uniform sampler2D a2[2];\n"
      "uniform highp sampler3D a3[2];\n"
      "out vec4 o;\n"
      "void main() {\n"
      "   o = texture(a2[1], vec2(0.0)) + texture(a3[1], vec3(0.0));\n"
      "}\n";
   GLuint prog = use_program_with(fs);

   /* every element on unit 0: the two read ones conflict */
   assert_int_equal(validate(prog), GL_FALSE);

   /* a3[1] moved: a2[0] and a3[0] still share unit 0 with a2[1], unread */
   set_sampler(prog, "a3[1]", 1);
   assert_int_equal(validate(prog), GL_TRUE);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* an unread 2D element on the read 3D one's unit changes nothing */
   set_sampler(prog, "a2[0]", 1);
   assert_int_equal(validate(prog), GL_TRUE);

   /* the read 2D element on it conflicts */
   set_sampler(prog, "a2[1]", 1);
   assert_int_equal(validate(prog), GL_FALSE);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_per_stage_slots),
      cmocka_unit_test(test_unit_conflict),
      cmocka_unit_test(test_unread_elements),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
