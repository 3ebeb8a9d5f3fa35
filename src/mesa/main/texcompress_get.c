/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glGetCompressedTexImage (GL 4.6 section 8.11.4; desktop GL, core since
 * 1.3): the blocks of a compressed image, tightly packed (the
 * compressed-block pack parameters are not offered, so their defaults
 * apply), image after image for arrays and 3D textures, into client
 * memory or the bound pixel pack buffer.  The blocks are those the
 * texture keeps: an image the front end decoded at upload (a driver that
 * does not sample the format) has none to give, which is reported as
 * INVALID_OPERATION.
 */
#include <string.h>

#include "main/context.h"
#include "main/pbo.h"
#include "main/texcompress.h"
#include "main/texobj.h"
#include "state_tracker/st_context.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"

/* The image a target and level name, NULL with the error recorded. */
static struct gl_texture_image *
image_of(struct gl_context *ctx, GLenum target, GLint level, const char *func)
{
   unsigned face = 0;

   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
       target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
      target = GL_TEXTURE_CUBE_MAP;
   } else if (target == GL_TEXTURE_CUBE_MAP) {
      target = GL_NONE; /* faces only (GL 4.6 table 8.20 without DSA) */
   }
   int index = target == GL_NONE ? -1 : _mesa_tex_target_index(ctx, target);
   if (index < 0 || index == TEXTURE_BUFFER_INDEX) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return NULL;
   }
   if (level < 0 || level >= MAX_TEXTURE_LEVELS) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, level);
      return NULL;
   }
   return &ctx->TexUnit[ctx->ActiveTexture].Current[index]->Image[face][level];
}

/* Copies the blocks of every slice of img into dst. */
static bool
read_blocks(struct gl_context *ctx, struct gl_texture_image *img,
            enum pipe_format pf, uint8_t *dst)
{
   struct pipe_context *pipe = ctx->st->pipe;
   size_t row_B = (size_t)util_format_get_nblocksx(pf, (unsigned)img->Width) *
                  util_format_get_blocksize(pf);
   unsigned rows = util_format_get_nblocksy(pf, (unsigned)img->Height);

   for (GLsizei z = 0; z < img->Depth; z++) {
      struct pipe_transfer *xfer;
      struct pipe_box box;
      u_box_3d(0, 0, img->pt_layer + z, img->Width, img->Height, 1, &box);
      const uint8_t *src = pipe->texture_map(pipe, img->pt, img->pt_level,
                                             PIPE_MAP_READ, &box, &xfer);
      if (!src)
         return false;
      for (unsigned y = 0; y < rows; y++)
         memcpy(dst + y * row_B, src + (size_t)y * xfer->stride, row_B);
      pipe->texture_unmap(pipe, xfer);
      dst += row_B * rows;
   }
   return true;
}

static void
get_compressed(GLenum target, GLint level, int64_t buf_size_B, void *pixels,
               const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not in OpenGL ES)", func);
      return;
   }
   struct gl_texture_image *img = image_of(ctx, target, level, func);
   if (!img)
      return;
   enum pipe_format pf =
      img->Width ? _mesa_compressed_pipe_format(ctx, img->InternalFormat)
                 : PIPE_FORMAT_NONE;
   if (pf == PIPE_FORMAT_NONE) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(image not compressed)",
                  func);
      return;
   }
   if (!img->pt || img->pt->format != pf) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(the blocks were decoded at upload: the driver does "
                  "not sample this format)",
                  func);
      return;
   }
   size_t size_B = util_format_get_size(pf, (unsigned)img->Width,
                                        (unsigned)img->Height,
                                        (unsigned)img->Depth);
   if (!ctx->PixelPackBuffer && (int64_t)size_B > buf_size_B) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(bufSize too small)", func);
      return;
   }
   struct pbo_map map;
   void *dst = _mesa_map_pbo(ctx, true, pixels, size_B, &map, func);
   if (!dst)
      return;
   if (!read_blocks(ctx, img, pf, dst))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
   _mesa_unmap_pbo(ctx, &map);
}

void GLAPIENTRY
_mesa_GetCompressedTexImage(GLenum target, GLint level, void *img)
{
   get_compressed(target, level, INT64_MAX, img, "glGetCompressedTexImage");
}

void GLAPIENTRY
_mesa_GetnCompressedTexImage(GLenum target, GLint level, GLsizei bufSize,
                             void *img)
{
   get_compressed(target, level, bufSize, img, "glGetnCompressedTexImage");
}
