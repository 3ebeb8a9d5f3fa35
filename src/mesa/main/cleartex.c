/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture image clears: glClearTexImage and glClearTexSubImage of
 * GL_ARB_clear_texture (GL 4.4 section 8.21) and GL_EXT_clear_texture
 * (ES; the registry aliases its *EXT names to these).  The texel is read
 * as a one-texel TexSubImage of (format, type) would be, without the
 * unpack state (no PBO, no skips or swapped bytes), and written over the
 * region by the state tracker (st_texture_clear.c).  Cube maps are six
 * slices, the faces; a cube map array's slices are its layer-faces.
 */
#include <stdlib.h>

#include "main/client_pixels.h"
#include "main/cleartex.h"
#include "main/context.h"
#include "main/extensions.h"
#include "main/formats_es3.h"
#include "main/hash.h"
#include "main/texcompress.h"
#include "main/texobj.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_texture.h"
#include "util/format/u_format.h"

bool
_mesa_has_clear_texture(const struct gl_context *ctx)
{
   return _mesa_has_extension(ctx, _mesa_is_gles(ctx)
                                      ? "GL_EXT_clear_texture"
                                      : "GL_ARB_clear_texture");
}

struct gl_image_extent
_mesa_image_extent(const struct gl_texture_object *t,
                   const struct gl_texture_image *img)
{
   switch (t->Target) {
   case GL_TEXTURE_1D:
      return (struct gl_image_extent){img->Width, 1, 1};
   case GL_TEXTURE_CUBE_MAP:
      return (struct gl_image_extent){img->Width, img->Height, 6};
   case GL_TEXTURE_3D:
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
   case GL_TEXTURE_CUBE_MAP_ARRAY:
      return (struct gl_image_extent){img->Width, img->Height, img->Depth};
   default: /* 2D, rectangle, 2D multisample, 1D array */
      return (struct gl_image_extent){img->Width, img->Height, 1};
   }
}

/* Does the class of format suit img's base internal format (GL 4.4
 * section 8.21: depth data for DEPTH_COMPONENT, stencil for
 * STENCIL_INDEX, both for DEPTH_STENCIL, colour for the others, and
 * integer data exactly for integer formats)? */
static bool
format_class_ok(const struct gl_texture_image *img, GLenum format)
{
   const struct gl_format_info *f = _mesa_format_info(img->InternalFormat);
   GLenum base = f ? f->base : GL_RGBA;

   switch (base) {
   case GL_DEPTH_COMPONENT:
   case GL_STENCIL_INDEX:
   case GL_DEPTH_STENCIL:
      return format == base;
   default:
      break;
   }
   if (format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX ||
       format == GL_DEPTH_STENCIL)
      return false;
   return util_format_is_pure_integer(img->PipeFormat) ==
          _mesa_is_client_integer_format(format);
}

/* The texture and its level's image a clear writes, or NULL with the
 * error recorded. */
static struct gl_texture_image *
clear_target(struct gl_context *ctx, GLuint texture, GLint level,
             struct gl_texture_object **out, const char *func)
{
   struct gl_texture_object *t =
      texture ? _mesa_name_lookup_object(ctx->Shared->Textures, texture)
              : NULL;

   if (!_mesa_has_clear_texture(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no clear texture extension)",
                  func);
      return NULL;
   }
   if (!t || !t->Target) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(texture %u is no texture)",
                  func, texture);
      return NULL;
   }
   if (t->Target == GL_TEXTURE_BUFFER) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(buffer texture)", func);
      return NULL;
   }
   if (level < 0 || level >= MAX_TEXTURE_LEVELS) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(level %d)", func, level);
      return NULL;
   }
   struct gl_texture_image *img = &t->Image[0][level];
   if (img->Width == 0) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(level %d has no image)",
                  func, level);
      return NULL;
   }
   if (_mesa_compressed_pipe_format(ctx, img->InternalFormat) !=
       PIPE_FORMAT_NONE) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(compressed image)", func);
      return NULL;
   }
   *out = t;
   return img;
}

static void
clear_tex(GLuint texture, GLint level, GLint x, GLint y, GLint z, GLsizei w,
          GLsizei h, GLsizei d, bool whole, GLenum format, GLenum type,
          const void *data, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_texture_object *t = NULL;
   struct gl_texture_image *img = clear_target(ctx, texture, level, &t, func);

   if (!img)
      return;
   struct gl_image_extent e = _mesa_image_extent(t, img);
   if (whole) {
      w = e.w;
      h = e.h;
      d = e.d;
   }
   if (w < 0 || h < 0 || d < 0) {
      /* GL 4.4 section 2.3.1: a negative sizei */
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(negative size)", func);
      return;
   }
   if (x < 0 || y < 0 || z < 0 || (int64_t)x + w > e.w ||
       (int64_t)y + h > e.h || (int64_t)z + d > e.d) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(region outside the image)",
                  func);
      return;
   }
   /* The cube map's faces in the region must all be there. */
   if (t->Target == GL_TEXTURE_CUBE_MAP) {
      for (GLint f = z; f < z + d; f++) {
         const struct gl_texture_image *fi = &t->Image[f][level];
         if (fi->Width != img->Width || fi->PipeFormat != img->PipeFormat) {
            _mesa_error(ctx, GL_INVALID_OPERATION, "%s(face %d)", func, f);
            return;
         }
      }
   }

   /* The texel, read without the unpack state. */
   struct gl_pixelstore_state_saved {
      __typeof__(ctx->Pixel) pixel;
      bool swap;
   } saved = {ctx->Pixel, ctx->PixelOps.UnpackSwapBytes};
   ctx->Pixel.UnpackAlignment = 1;
   ctx->Pixel.UnpackRowLength = ctx->Pixel.UnpackImageHeight = 0;
   ctx->Pixel.UnpackSkipPixels = ctx->Pixel.UnpackSkipRows = 0;
   ctx->Pixel.UnpackSkipImages = 0;
   ctx->PixelOps.UnpackSwapBytes = false;
   enum pipe_format src;
   bool enum_ok;
   void *tmp = NULL;
   const void *texel = _mesa_clear_texel(ctx, img, format, type, data, &src,
                                         &enum_ok, &tmp);
   ctx->Pixel = saved.pixel;
   ctx->PixelOps.UnpackSwapBytes = saved.swap;

   if (!enum_ok) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(format 0x%x, type 0x%x)", func,
                  format, type);
   } else if (src == PIPE_FORMAT_NONE || !format_class_ok(img, format) ||
              (!_mesa_is_gles(ctx) &&
               !_mesa_clear_texel_format_ok(ctx, img, format, type))) {
      /* ES takes any pair of its TexImage tables whose class suits the
       * image, not only its internal format's rows (piglit's
       * ext_clear_texture programs clear RGBA8 with RGBA/FLOAT, as
       * Mesa allows). */
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(format 0x%x, type 0x%x for internal format 0x%x)",
                  func, format, type, img->InternalFormat);
   } else if (data && !texel) {
      /* out of memory, recorded */
   } else if (t->Target == GL_TEXTURE_CUBE_MAP) {
      for (GLint f = z; f < z + d; f++)
         st_clear_tex_sub_image(ctx->st, t, &t->Image[f][level], x, y, 0, w,
                                h, 1, src, data ? texel : NULL);
   } else {
      st_clear_tex_sub_image(ctx->st, t, img, x, y, z, w, h, d, src,
                             data ? texel : NULL);
   }
   free(tmp);
   ctx->NewState |= ST_NEW_SAMPLER_VIEWS;
}

void GLAPIENTRY
_mesa_ClearTexImage(GLuint texture, GLint level, GLenum format, GLenum type,
                    const void *data)
{
   clear_tex(texture, level, 0, 0, 0, 0, 0, 0, true, format, type, data,
             "glClearTexImage");
}

void GLAPIENTRY
_mesa_ClearTexSubImage(GLuint texture, GLint level, GLint xoffset,
                       GLint yoffset, GLint zoffset, GLsizei width,
                       GLsizei height, GLsizei depth, GLenum format,
                       GLenum type, const void *data)
{
   clear_tex(texture, level, xoffset, yoffset, zoffset, width, height, depth,
             false, format, type, data, "glClearTexSubImage");
}
