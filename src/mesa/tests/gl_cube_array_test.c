/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ARB_texture_cube_map_array in a desktop compatibility context on the
 * noop driver (which reports PIPE_CAP_CUBE_MAP_ARRAY): the extension and
 * its binding query, the size rules of TexImage3D / TexStorage3D (square
 * images, a depth of 6 layer-faces a cube: INVALID_VALUE otherwise), the
 * target being refused in ES, and what a draw sampling one binds (a
 * PIPE_TEXTURE_CUBE_ARRAY view of all its layer-faces).  Also
 * ARB_texture_storage's TexStorage1D and 1D-array TexStorage2D, and the
 * compatibility GENERATE_MIPMAP parameter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_context.h"
#include "pipe/p_context.h"
#include "pipe/p_state.h"

static void
test_errors(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_compat21();
   assert_true(gl_test_has_extension("GL_ARB_texture_cube_map_array"));
   assert_true(gl_test_has_extension("GL_ARB_texture_storage"));

   GLuint tex[2];
   GLint v = -1;
   _mesa_GenTextures(2, tex);
   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, tex[0]);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP_ARRAY, &v);
   assert_int_equal(v, (GLint)tex[0]);

   /* depth not a multiple of 6; width != height */
   _mesa_TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 4, 4, 7, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 4, 2, 6, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* two cubes, then level 1 of them */
   _mesa_TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 4, 4, 12, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   _mesa_TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 2, 2, 12, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_ARRAY, 1,
                                GL_TEXTURE_DEPTH, &v);
   assert_int_equal(v, 12);

   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, tex[1]);
   _mesa_TexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 4, 4, 5);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 4, 8, 6);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* 3 levels from 4 x 4: the depth (layer-faces) does not count */
   _mesa_TexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 3, GL_RGBA8, 4, 4, 18);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_ARRAY, 2,
                                GL_TEXTURE_WIDTH, &v);
   assert_int_equal(v, 1);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_ARRAY, 2,
                                GL_TEXTURE_DEPTH, &v);
   assert_int_equal(v, 18);
   _mesa_DeleteTextures(2, tex);
   gl_test_destroy(t);

   /* ES 3.0 has no such target (it came with ES 3.2) */
   t = gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   _mesa_GenTextures(1, tex);
   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, tex[0]);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_DeleteTextures(1, tex);
   gl_test_destroy(t);
}

/* The last fragment views bound. */
static struct {
   struct pipe_context orig;
   enum pipe_texture_target target;
   unsigned array_size, last_layer;
} spy;

static void
spy_set_views(struct pipe_context *p, enum pipe_shader_type shader,
              unsigned start, unsigned num, unsigned unbind, bool take,
              struct pipe_sampler_view **views)
{
   if (shader == PIPE_SHADER_FRAGMENT && num && views && views[0]) {
      spy.target = views[0]->target;
      spy.array_size = views[0]->texture->array_size;
      spy.last_layer = views[0]->u.tex.last_layer;
   }
   spy.orig.set_sampler_views(p, shader, start, num, unbind, take, views);
}

static void
test_draw_view(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_compat21();
   static const char vs[] = "#version 120\n"
                            "void main() { gl_Position = gl_Vertex; }\n";
   static const char fs[] =
      "#version 130\n"
      "#extension GL_ARB_texture_cube_map_array : require\n"
      "uniform samplerCubeArray s;\n"
      "void main() { gl_FragColor = texture(s, vec4(1.0, 0.0, 0.0, 1.0)); }\n";
   GLuint prog = gl_test_program(vs, fs);
   assert_true(prog != 0);
   _mesa_UseProgram(prog);

   GLuint tex;
   static const uint8_t texels[2 * 2 * 12 * 4];
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, tex);
   _mesa_TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 2, 2, 12, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, texels);
   _mesa_TexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER,
                       GL_LINEAR);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   struct pipe_context *pipe = st_context_pipe(t->ctx);
   memset(&spy, 0, sizeof(spy));
   spy.orig = *pipe;
   pipe->set_sampler_views = spy_set_views;
   _mesa_Begin(GL_TRIANGLES);
   _mesa_Vertex2f(0, 0);
   _mesa_Vertex2f(1, 0);
   _mesa_Vertex2f(0, 1);
   _mesa_End();
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(spy.target, PIPE_TEXTURE_CUBE_ARRAY);
   assert_int_equal(spy.array_size, 12);
   assert_int_equal(spy.last_layer, 11);
   *pipe = spy.orig;
   _mesa_DeleteTextures(1, &tex);
   _mesa_DeleteProgram(prog);
   gl_test_destroy(t);
}

/* ARB_texture_storage's desktop targets and GENERATE_MIPMAP. */
static void
test_storage_and_auto_mipmap(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_compat21();
   GLuint tex[3];
   GLint v = -1;
   _mesa_GenTextures(3, tex);

   _mesa_BindTexture(GL_TEXTURE_1D, tex[0]);
   _mesa_TexStorage1D(GL_TEXTURE_1D, 4, GL_RGBA8, 8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_1D, 3, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(v, 1);
   /* 5 levels do not fit a width of 8 */
   _mesa_BindTexture(GL_TEXTURE_1D, tex[1]);
   _mesa_TexStorage1D(GL_TEXTURE_1D, 5, GL_RGBA8, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* a 1D array: the height is layers, kept at every level */
   _mesa_BindTexture(GL_TEXTURE_1D_ARRAY, tex[2]);
   _mesa_TexStorage2D(GL_TEXTURE_1D_ARRAY, 3, GL_RGBA8, 4, 5);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 2, GL_TEXTURE_HEIGHT,
                                &v);
   assert_int_equal(v, 5);
   _mesa_DeleteTextures(3, tex);

   /* GENERATE_MIPMAP: base level uploads define the levels after it */
   _mesa_GenTextures(1, tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex[0]);
   _mesa_TexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, &v);
   assert_int_equal(v, GL_TRUE);
   static const uint8_t texels[8 * 4 * 4];
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 3, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(v, 1);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_HEIGHT, &v);
   assert_int_equal(v, 2);
   _mesa_DeleteTextures(1, tex);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_draw_view),
      cmocka_unit_test(test_storage_and_auto_mipmap),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
