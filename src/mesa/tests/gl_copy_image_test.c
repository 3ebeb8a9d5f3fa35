/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glCopyImageSubData (GL_ARB_copy_image, GL_EXT_copy_image) on the noop
 * driver, whose images keep their texels: the errors of GL 4.3 section
 * 18.3.3 one row each (targets, names, completeness, levels, regions,
 * compressed alignment, format compatibility; the sample-count rule
 * needs multisampled images, which the noop driver lacks), and the
 * bits a copy moves: reinterpreted between formats of one view class,
 * a compressed block as one 128-bit texel, renderbuffer to texture, cube
 * faces and 1D array layers as slices.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gl_desktop_fixture.h"
#include "main/extensions.h"
#include "main/mtypes.h"
#include "state_tracker/st_context.h"

static GLuint
tex_storage(GLenum target, GLsizei levels, GLenum internalformat, GLsizei w,
            GLsizei h, GLsizei d)
{
   GLuint tex;
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(target, tex);
   if (d > 1 || target == GL_TEXTURE_2D_ARRAY)
      _mesa_TexStorage3D(target, levels, internalformat, w, h, d);
   else if (target == GL_TEXTURE_1D_ARRAY || h > 1)
      _mesa_TexStorage2D(target, levels, internalformat, w, h);
   else
      _mesa_TexStorage1D(target, levels, internalformat, w);
   gl_expect_error(GL_NO_ERROR);
   return tex;
}

/* Copies with one thing wrong each (section 18.3.3), from a 32x32 RGBA8
 * 2D texture of 4 levels (src) to another (dst): the error and which
 * arguments differ from a valid copy. */
struct copy_call {
   GLuint src_name;
   GLenum src_target;
   GLint src_level, sx, sy, sz;
   GLuint dst_name;
   GLenum dst_target;
   GLint dst_level, dx, dy, dz;
   GLsizei w, h, d;
};

static void
copy(const struct copy_call *c)
{
   _mesa_CopyImageSubData(c->src_name, c->src_target, c->src_level, c->sx,
                          c->sy, c->sz, c->dst_name, c->dst_target,
                          c->dst_level, c->dx, c->dy, c->dz, c->w, c->h,
                          c->d);
}

static void
test_errors(void **state)
{
   struct gl_test *t = *state;
   assert_true(_mesa_has_extension(&t->ctx->ctx, "GL_ARB_copy_image"));
   GLuint src = tex_storage(GL_TEXTURE_2D, 4, GL_RGBA8, 32, 32, 1);
   GLuint dst = tex_storage(GL_TEXTURE_2D, 4, GL_RGBA8, 32, 32, 1);
   GLuint empty, rb, rb_empty, rg8, depth;
   _mesa_GenTextures(1, &empty);
   _mesa_GenRenderbuffers(1, &rb_empty);
   _mesa_GenRenderbuffers(1, &rb);
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, rb);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 32, 32);
   rg8 = tex_storage(GL_TEXTURE_2D, 1, GL_RG8, 32, 32, 1);
   depth = tex_storage(GL_TEXTURE_2D, 1, GL_DEPTH_COMPONENT24, 32, 32, 1);
   gl_expect_error(GL_NO_ERROR);

   const struct {
      GLenum error;
      struct copy_call c;
   } rows[] = {
      /* targets: a buffer texture, a cube face, not the object's */
      {GL_INVALID_ENUM, {src, GL_TEXTURE_BUFFER, 0, 0, 0, 0, dst,
                         GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1}},
      {GL_INVALID_ENUM, {src, GL_TEXTURE_2D, 0, 0, 0, 0, dst,
                         GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, 0, 0, 0, 1, 1, 1}},
      {GL_INVALID_ENUM, {src, GL_TEXTURE_3D, 0, 0, 0, 0, dst, GL_TEXTURE_2D,
                         0, 0, 0, 0, 1, 1, 1}},
      {GL_INVALID_ENUM, {src, GL_TEXTURE_2D, 0, 0, 0, 0, dst,
                         GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 1, 1, 1}},
      /* names that are no object */
      {GL_INVALID_VALUE, {4523, GL_TEXTURE_2D, 0, 0, 0, 0, dst,
                          GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1}},
      {GL_INVALID_VALUE, {src, GL_TEXTURE_2D, 0, 0, 0, 0, 4523,
                          GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1}},
      /* objects without storage (not complete) */
      {GL_INVALID_OPERATION, {empty, GL_TEXTURE_2D, 0, 0, 0, 0, dst,
                              GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1}},
      {GL_INVALID_OPERATION, {src, GL_TEXTURE_2D, 0, 0, 0, 0, rb_empty,
                              GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1}},
      /* levels: beyond the texture's, a renderbuffer's other than 0 */
      {GL_INVALID_VALUE, {src, GL_TEXTURE_2D, 5, 0, 0, 0, dst, GL_TEXTURE_2D,
                          0, 0, 0, 0, 1, 1, 1}},
      {GL_INVALID_VALUE, {src, GL_TEXTURE_2D, -1, 0, 0, 0, dst,
                          GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1}},
      {GL_INVALID_VALUE, {src, GL_TEXTURE_2D, 0, 0, 0, 0, rb, GL_RENDERBUFFER,
                          1, 0, 0, 0, 1, 1, 1}},
      /* regions outside either image, negative sizes */
      {GL_INVALID_VALUE, {src, GL_TEXTURE_2D, 0, 7, 5, 0, dst, GL_TEXTURE_2D,
                          0, 0, 0, 0, 26, 25, 1}},
      {GL_INVALID_VALUE, {src, GL_TEXTURE_2D, 0, 0, 0, 0, dst, GL_TEXTURE_2D,
                          0, 7, 5, 0, 25, 30, 1}},
      {GL_INVALID_VALUE, {src, GL_TEXTURE_2D, 1, 0, 0, 0, dst, GL_TEXTURE_2D,
                          0, 0, 0, 0, 17, 1, 1}},
      {GL_INVALID_VALUE, {src, GL_TEXTURE_2D, 0, 0, 0, 1, dst, GL_TEXTURE_2D,
                          0, 0, 0, 0, 1, 1, 1}},
      {GL_INVALID_VALUE, {src, GL_TEXTURE_2D, 0, -1, 0, 0, dst,
                          GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1}},
      {GL_INVALID_VALUE, {src, GL_TEXTURE_2D, 0, 0, 0, 0, dst, GL_TEXTURE_2D,
                          0, 0, 0, 0, -1, 1, 1}},
      /* formats of different classes, depth with colour */
      {GL_INVALID_OPERATION, {src, GL_TEXTURE_2D, 0, 0, 0, 0, rg8,
                              GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1}},
      {GL_INVALID_OPERATION, {depth, GL_TEXTURE_2D, 0, 0, 0, 0, dst,
                              GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1}},
      /* valid: texture to renderbuffer, a zero-sized copy */
      {GL_NO_ERROR, {src, GL_TEXTURE_2D, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0,
                     4, 4, 0, 8, 8, 1}},
      {GL_NO_ERROR, {src, GL_TEXTURE_2D, 3, 0, 0, 0, dst, GL_TEXTURE_2D, 0,
                     0, 0, 0, 0, 0, 0}},
   };
   for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      copy(&rows[i].c);
      GLenum got = _mesa_GetError();
      if (got != rows[i].error)
         fail_msg("row %u: error 0x%x, not 0x%x", i, got, rows[i].error);
   }
   GLuint all[] = {src, dst, empty, rg8, depth};
   _mesa_DeleteTextures(5, all);
   GLuint rbs[] = {rb, rb_empty};
   _mesa_DeleteRenderbuffers(2, rbs);
}

/* Compressed images: whole blocks at block offsets (but at the edges),
 * compatible with same-sized uncompressed texels and their own class. */
static void
test_compressed(void **state)
{
   (void)state;
   GLuint dxt3 = tex_storage(GL_TEXTURE_2D, 1,
                             GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, 128, 128, 1);
   GLuint dxt5 = tex_storage(GL_TEXTURE_2D, 1,
                             GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 16, 16, 1);
   GLuint dxt1 = tex_storage(GL_TEXTURE_2D, 1,
                             GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 32, 32, 1);
   GLuint rgba16ui = tex_storage(GL_TEXTURE_2D, 1, GL_RGBA16UI, 32, 32, 1);
   GLuint rgb16ui = tex_storage(GL_TEXTURE_2D, 1, GL_RGB16UI, 32, 32, 1);
   GLuint rgba32ui = tex_storage(GL_TEXTURE_2D, 1, GL_RGBA32UI, 4, 4, 1);

   /* Misaligned width, height, x and y (INVALID_VALUE before the
    * formats are compared). */
   static const GLint bad[][4] = {
      {0, 0, 21, 24}, {0, 0, 20, 22}, {2, 0, 20, 24}, {0, 1, 20, 24}};
   for (unsigned i = 0; i < 4; i++) {
      _mesa_CopyImageSubData(dxt3, GL_TEXTURE_2D, 0, bad[i][0], bad[i][1], 0,
                             rgba16ui, GL_TEXTURE_2D, 0, 0, 0, 0, bad[i][2],
                             bad[i][3], 1);
      if (_mesa_GetError() != GL_INVALID_VALUE)
         fail_msg("misaligned %u: not INVALID_VALUE", i);
   }
   /* 128-bit blocks: not 64-bit texels, not 48-bit ones, not DXT1. */
   _mesa_CopyImageSubData(dxt3, GL_TEXTURE_2D, 0, 0, 0, 0, rgba16ui,
                          GL_TEXTURE_2D, 0, 0, 0, 0, 20, 20, 1);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_CopyImageSubData(dxt3, GL_TEXTURE_2D, 0, 0, 0, 0, rgb16ui,
                          GL_TEXTURE_2D, 0, 0, 0, 0, 20, 20, 1);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_CopyImageSubData(dxt3, GL_TEXTURE_2D, 0, 0, 0, 0, dxt1,
                          GL_TEXTURE_2D, 0, 0, 0, 0, 20, 20, 1);
   gl_expect_error(GL_INVALID_OPERATION);
   /* DXT1 blocks are 64-bit texels. */
   _mesa_CopyImageSubData(dxt1, GL_TEXTURE_2D, 0, 4, 4, 0, rgba16ui,
                          GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
   gl_expect_error(GL_NO_ERROR);

   /* A DXT5 block in, the same 16 bytes out as one RGBA32UI texel. */
   static const GLuint block[4] = {0x11223344, 0x55667788, 0x99aabbcc,
                                   0xddeeff00};
   _mesa_BindTexture(GL_TEXTURE_2D, dxt5);
   _mesa_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 8, 4, 4,
                                 GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 16, block);
   gl_expect_error(GL_NO_ERROR);
   _mesa_CopyImageSubData(dxt5, GL_TEXTURE_2D, 0, 4, 8, 0, rgba32ui,
                          GL_TEXTURE_2D, 0, 3, 2, 0, 4, 4, 1);
   gl_expect_error(GL_NO_ERROR);
   _mesa_BindTexture(GL_TEXTURE_2D, rgba32ui);
   GLuint texel[4];
   gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 3, 2, 0, texel, sizeof(texel));
   assert_memory_equal(texel, block, sizeof(block));
   GLuint all[] = {dxt3, dxt5, dxt1, rgba16ui, rgb16ui, rgba32ui};
   _mesa_DeleteTextures(6, all);
}

/* The bits move unchanged: RGBA8 texels read as R32UI, a renderbuffer
 * into a texture, cube faces and 1D array layers as slices. */
static void
test_values(void **state)
{
   (void)state;
   static const GLubyte px[4] = {0x10, 0x20, 0x30, 0x40};
   GLuint rgba = tex_storage(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 1);
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 1, 1, GL_RGBA,
                       GL_UNSIGNED_BYTE, px);
   GLuint r32 = tex_storage(GL_TEXTURE_2D, 1, GL_R32UI, 4, 4, 1);
   _mesa_CopyImageSubData(rgba, GL_TEXTURE_2D, 0, 1, 1, 0, r32,
                          GL_TEXTURE_2D, 0, 2, 3, 0, 1, 1, 1);
   gl_expect_error(GL_NO_ERROR);
   uint32_t word = 0;
   gl_test_read_texel(GL_TEXTURE_2D, 0, 0, 2, 3, 0, &word, 4);
   assert_memory_equal(&word, px, 4);

   /* A renderbuffer into face 4 of a cube map (slice 4). */
   GLuint rb;
   _mesa_GenRenderbuffers(1, &rb);
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, rb);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   _mesa_CopyImageSubData(rgba, GL_TEXTURE_2D, 0, 0, 0, 0, rb,
                          GL_RENDERBUFFER, 0, 0, 0, 0, 4, 4, 1);
   GLuint cube = tex_storage(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 4, 4, 1);
   _mesa_CopyImageSubData(rb, GL_RENDERBUFFER, 0, 1, 1, 0, cube,
                          GL_TEXTURE_CUBE_MAP, 0, 0, 0, 4, 1, 1, 1);
   gl_expect_error(GL_NO_ERROR);
   GLubyte got[4];
   gl_test_read_texel(GL_TEXTURE_CUBE_MAP, 4, 0, 0, 0, 0, got, 4);
   assert_memory_equal(got, px, 4);
   gl_test_read_texel(GL_TEXTURE_CUBE_MAP, 3, 0, 0, 0, 0, got, 4);
   assert_int_equal(got[0], 0);
   /* Slice 6 of a cube map does not exist. */
   _mesa_CopyImageSubData(rb, GL_RENDERBUFFER, 0, 1, 1, 0, cube,
                          GL_TEXTURE_CUBE_MAP, 0, 0, 0, 6, 1, 1, 1);
   gl_expect_error(GL_INVALID_VALUE);

   /* 1D array layers are slices (z), their height 1. */
   GLuint arr = tex_storage(GL_TEXTURE_1D_ARRAY, 1, GL_RGBA8, 4, 3, 1);
   _mesa_CopyImageSubData(rgba, GL_TEXTURE_2D, 0, 1, 1, 0, arr,
                          GL_TEXTURE_1D_ARRAY, 0, 3, 0, 2, 1, 1, 1);
   gl_expect_error(GL_NO_ERROR);
   gl_test_read_texel(GL_TEXTURE_1D_ARRAY, 0, 0, 3, 0, 2, got, 4);
   assert_memory_equal(got, px, 4);
   _mesa_CopyImageSubData(rgba, GL_TEXTURE_2D, 0, 1, 1, 0, arr,
                          GL_TEXTURE_1D_ARRAY, 0, 3, 2, 0, 1, 1, 1);
   gl_expect_error(GL_INVALID_VALUE);

   /* Desktop unsized RGBA, whatever its type, is RGBA8 (GL 3.0 table
    * 3.16): the same format as rgba. */
   GLuint unsized;
   _mesa_GenTextures(1, &unsized);
   _mesa_BindTexture(GL_TEXTURE_2D, unsized);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_BGRA,
                    GL_UNSIGNED_INT_8_8_8_8_REV, NULL);
   _mesa_CopyImageSubData(rgba, GL_TEXTURE_2D, 0, 0, 0, 0, unsized,
                          GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
   gl_expect_error(GL_NO_ERROR);

   GLuint all[] = {rgba, r32, cube, arr, unsized};
   _mesa_DeleteTextures(5, all);
   _mesa_DeleteRenderbuffers(1, &rb);
}

/* GL_EXT_copy_image and GL_OES_copy_image in ES 3.0 and later. */
static void
test_es(void **state)
{
   (void)state;
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_true(_mesa_has_extension(&t->ctx->ctx, "GL_EXT_copy_image"));
   assert_true(_mesa_has_extension(&t->ctx->ctx, "GL_OES_copy_image"));
   GLuint a = tex_storage(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 1);
   GLuint b = tex_storage(GL_TEXTURE_2D, 1, GL_RGBA8UI, 4, 4, 1);
   _mesa_CopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0,
                          0, 0, 0, 4, 4, 1);
   gl_expect_error(GL_NO_ERROR);
   GLuint all[] = {a, b};
   _mesa_DeleteTextures(2, all);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_false(_mesa_has_extension(&t->ctx->ctx, "GL_EXT_copy_image"));
   _mesa_CopyImageSubData(1, GL_TEXTURE_2D, 0, 0, 0, 0, 2, GL_TEXTURE_2D, 0,
                          0, 0, 0, 1, 1, 1);
   gl_expect_error(GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      GL_DESKTOP_TEST(test_errors),
      GL_DESKTOP_TEST(test_compressed),
      GL_DESKTOP_TEST(test_values),
      cmocka_unit_test(test_es),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
