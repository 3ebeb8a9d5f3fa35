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
 * PIPE_TEXTURE_CUBE_ARRAY view of all its layer-faces), compressed ones
 * (since wave 15).  Also
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
#include "util/format/u_format_bc.h"

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

/* The first texel of the 4 x 4 block at (x, y) of layer-face z of a
 * level kept as DXT5 blocks. */
static void
expect_dxt5_texel(unsigned level, unsigned x, unsigned y, unsigned z, int r,
                  int g, int b, int a)
{
   uint8_t block[16], texels[16][4];
   assert_int_equal(gl_test_read_texel(GL_TEXTURE_CUBE_MAP_ARRAY, 0, level,
                                       x, y, z, block, sizeof(block)),
                    PIPE_FORMAT_DXT5_RGBA);
   assert_true(
      util_format_s3tc_decode_block(PIPE_FORMAT_DXT5_RGBA, block, texels));
   assert_int_equal(texels[0][0], r);
   assert_int_equal(texels[0][1], g);
   assert_int_equal(texels[0][2], b);
   assert_int_equal(texels[0][3], a);
}

/* Since wave 15: compressed cube map arrays (TexStorage3D,
 * CompressedTexImage3D and CompressedTexSubImage3D, with the target's
 * size rules), uncompressed texels encoded into their blocks, and
 * glGenerateMipmap of compressed textures in desktop contexts (S3TC and
 * RGTC; Mesa refuses ASTC). */
static void
test_compressed(void **state)
{
   (void)state;
   struct gl_test *t = gl_test_compat21();
   const GLenum dxt5 = GL_COMPRESSED_RGBA_S3TC_DXT5_EXT;
   GLuint tex[3];
   GLint v = -1;
   _mesa_GenTextures(3, tex);

   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, tex[0]);
   _mesa_TexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 3, dxt5, 8, 8, 7);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 3, dxt5, 8, 4, 6);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_TexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 3, dxt5, 8, 8, 12);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_ARRAY, 2,
                                GL_TEXTURE_COMPRESSED, &v);
   assert_int_equal(v, GL_TRUE);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_ARRAY, 2,
                                GL_TEXTURE_DEPTH, &v);
   assert_int_equal(v, 12);

   /* Red texels (TexSubImage3D) become red blocks; the levels made from
    * them stay red. */
   static uint8_t red[8 * 8 * 12 * 4];
   for (unsigned i = 0; i < sizeof(red); i += 4) {
      red[i] = 255;
      red[i + 3] = 255;
   }
   _mesa_TexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 0, 8, 8, 12,
                       GL_RGBA, GL_UNSIGNED_BYTE, red);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   expect_dxt5_texel(0, 4, 4, 11, 255, 0, 0, 255);
   _mesa_GenerateMipmap(GL_TEXTURE_CUBE_MAP_ARRAY);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   expect_dxt5_texel(2, 0, 0, 11, 255, 0, 0, 255);
   /* glGetTexImage decodes the blocks (2 x 2 texels of 12 layer-faces). */
   uint8_t level2[2 * 2 * 12 * 4];
   memset(level2, 0, sizeof(level2));
   _mesa_GetTexImage(GL_TEXTURE_CUBE_MAP_ARRAY, 2, GL_RGBA, GL_UNSIGNED_BYTE,
                     level2);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   static const uint8_t red_texel[4] = {255, 0, 0, 255};
   assert_memory_equal(level2 + sizeof(level2) - 4, red_texel, 4);

   /* A block of (0, 0, 255, 0) into layer-face 7 of level 0. */
   static const uint8_t blue[16] = {0, 0, 0, 0, 0, 0, 0, 0,
                                    0x1f, 0x00, 0x1f, 0x00, 0, 0, 0, 0};
   _mesa_CompressedTexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 4, 4, 7, 4, 4,
                                 1, dxt5, 16, blue);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   expect_dxt5_texel(0, 4, 4, 7, 0, 0, 255, 0);

   /* CompressedTexImage3D: whole cubes only; the proxy target too. */
   static const uint8_t rgtc[6 * 8];
   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, tex[1]);
   _mesa_CompressedTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0,
                              GL_COMPRESSED_RED_RGTC1, 4, 4, 5, 0, 40, rgtc);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_CompressedTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0,
                              GL_COMPRESSED_RED_RGTC1, 4, 4, 6, 0, 48, rgtc);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_CompressedTexImage3D(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0,
                              GL_COMPRESSED_RED_RGTC1, 4, 4, 6, 0, 48, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0,
                                GL_TEXTURE_WIDTH, &v);
   assert_int_equal(v, 4);
   _mesa_GenerateMipmap(GL_TEXTURE_CUBE_MAP_ARRAY);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* BC6H blocks take texels and levels too since wave 16 (a mode 3
    * encoder; BC7 has a mode 6 one since wave 15). */
   GLuint bptc;
   _mesa_GenTextures(1, &bptc);
   _mesa_BindTexture(GL_TEXTURE_2D, bptc);
   _mesa_TexStorage2D(GL_TEXTURE_2D, 3, GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT,
                      4, 4);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA,
                       GL_UNSIGNED_BYTE, red);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GenerateMipmap(GL_TEXTURE_2D);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteTextures(1, &bptc);

   /* ASTC: no mipmaps generated (Mesa's genmipmap.c). */
   static const uint8_t astc[16];
   _mesa_BindTexture(GL_TEXTURE_2D, tex[2]);
   _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR,
                              4, 4, 0, 16, astc);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GenerateMipmap(GL_TEXTURE_2D);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DeleteTextures(3, tex);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_draw_view),
      cmocka_unit_test(test_storage_and_auto_mipmap),
      cmocka_unit_test(test_compressed),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
