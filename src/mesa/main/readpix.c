/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* glReadPixels and glReadnPixels: errors (ES 2.0 section 4.3.1), then the
 * state tracker. */
#include <stdint.h>
#include <stdlib.h>

#include "main/client_pixels.h"
#include "main/context.h"
#include "main/desktop30.h"
#include "main/fbobject.h"
#include "main/formats_es3.h"
#include "main/pbo.h"
#include "main/pixel.h"
#include "main/robustness.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_draw.h"
#include "state_tracker/st_format_convert.h"
#include "util/format/u_format.h"
#include "util/u_math.h"

/* The colour buffer glReadPixels reads (ES 3.0.6 section 4.3.1); also
 * glCopyPixels' (pixel.h). */
struct gl_renderbuffer *
_mesa_color_read_buffer(struct gl_context *ctx)
{
   return _mesa_framebuffer_read_rb(ctx->ReadBuffer);
}

/* This implementation's IMPLEMENTATION_COLOR_READ_FORMAT/TYPE: the pair
 * every read buffer of this kind may be read with (ES 3.0.6 section
 * 4.3.2), RGBA/UNSIGNED_BYTE for normalized fixed-point buffers and
 * RGBA/FLOAT for float ones, except that integer buffers name their own
 * component type (RGBA_INTEGER with UNSIGNED_BYTE for RGBA8UI, SHORT for
 * RGBA16I ...), as Mesa does, so that 8- and 16-bit integer buffers can
 * be read without widening; and since wave 16 the 16-bit packed buffers
 * name their packed type (RGB/UNSIGNED_SHORT_5_6_5 for B5G6R5,
 * RGBA/UNSIGNED_SHORT_4_4_4_4 and _5_5_5_1 for A4B4G4R4 and B5G5R5A1:
 * ES 3.0.6 table 3.2's pairs of RGB565, RGBA4, RGB5_A1; llvmpipe answers
 * the first two the same), read without loss. */
void
_mesa_implementation_color_read(struct gl_context *ctx, GLenum *format,
                                GLenum *type)
{
   struct gl_renderbuffer *rb = _mesa_color_read_buffer(ctx);
   enum pipe_format f = rb && rb->texture ? _mesa_rb_texel_format(rb)
                                          : PIPE_FORMAT_R8G8B8A8_UNORM;

   *format = GL_RGBA;
   *type = GL_UNSIGNED_BYTE;
   if (util_format_is_pure_integer(f)) {
      bool sint = util_format_is_pure_sint(f);
      const struct util_format_description *d = util_format_description(f);
      unsigned bits = d && d->nr_channels ? d->channel[0].size : 32;
      *format = GL_RGBA_INTEGER;
      if (bits == 8)
         *type = sint ? GL_BYTE : GL_UNSIGNED_BYTE;
      else if (bits == 16)
         *type = sint ? GL_SHORT : GL_UNSIGNED_SHORT;
      else
         *type = sint ? GL_INT : GL_UNSIGNED_INT;
   } else {
      const struct util_format_description *d = util_format_description(f);
      for (unsigned i = 0; d && i < d->nr_channels; i++) {
         if (d->channel[i].type == UTIL_FORMAT_TYPE_FLOAT)
            *type = GL_FLOAT;
      }
      if (f == PIPE_FORMAT_B5G6R5_UNORM) {
         *format = GL_RGB;
         *type = GL_UNSIGNED_SHORT_5_6_5;
      } else if (f == PIPE_FORMAT_A4B4G4R4_UNORM) {
         *type = GL_UNSIGNED_SHORT_4_4_4_4;
      } else if (f == PIPE_FORMAT_B5G5R5A1_UNORM) {
         *type = GL_UNSIGNED_SHORT_5_5_5_1;
      }
   }
}

/* May the read buffer be read as (format, type)?  ES: the pair of
 * _mesa_implementation_color_read, RGBA_INTEGER/INT (UNSIGNED_INT) for
 * signed (unsigned) integer buffers, and RGBA/UNSIGNED_INT_2_10_10_10_REV
 * for RGB10_A2 buffers (ES 3.0.6 section 4.3.2).  Desktop GL: any colour
 * pair whose integer-ness matches the buffer's. */
static bool
read_pair_ok(struct gl_context *ctx, GLenum format, GLenum type,
             enum pipe_format client, bool via_codec)
{
   GLenum impl_format, impl_type;
   struct gl_renderbuffer *rb = _mesa_color_read_buffer(ctx);
   enum pipe_format f = rb && rb->texture ? _mesa_rb_texel_format(rb)
                                          : PIPE_FORMAT_R8G8B8A8_UNORM;

   if (via_codec)
      return !util_format_is_pure_integer(f);
   if (client == PIPE_FORMAT_NONE || util_format_is_depth_or_stencil(client))
      return false;
   if (!_mesa_is_gles(ctx))
      return util_format_is_pure_integer(client) ==
             util_format_is_pure_integer(f);
   _mesa_implementation_color_read(ctx, &impl_format, &impl_type);
   if (format == impl_format && type == impl_type)
      return true;
   if (format == GL_RGBA_INTEGER && util_format_is_pure_integer(f))
      return type == (util_format_is_pure_sint(f) ? GL_INT : GL_UNSIGNED_INT);
   if (format == GL_RGBA && type == GL_UNSIGNED_INT_2_10_10_10_REV &&
       rb && rb->InternalFormat == GL_RGB10_A2)
      return true;
   /* ES 2.0 section 4.3.1: RGBA/UNSIGNED_BYTE always; ES 3.0.6 section
    * 4.3.2: for normalized fixed-point buffers (the implementation's pair
    * of most, not of the packed 16-bit ones). */
   return format == GL_RGBA && type == GL_UNSIGNED_BYTE &&
          !util_format_is_pure_integer(f) &&
          (ctx->Version < 30 || impl_type != GL_FLOAT);
}

/* Is the depth buffer rb a float one (the format the application asked
 * for, whatever it is stored in: the asahi driver keeps 24-bit depth as
 * Z32_FLOAT)? */
static bool
float_depth(const struct gl_renderbuffer *rb)
{
   const struct gl_format_info *f = _mesa_format_info(rb->InternalFormat);

   if (f)
      return f->type == GL_FLOAT;
   return util_format_is_depth_or_stencil(_mesa_rb_texel_format(rb)) &&
          st_is_float_depth(_mesa_rb_texel_format(rb));
}

/* NV_read_depth (ES 3.0 contexts): DEPTH_COMPONENT from the read
 * framebuffer's depth buffer with UNSIGNED_SHORT or UNSIGNED_INT_24_8
 * (fixed-point buffers; the 8 low bits of the latter are left as they
 * are) or FLOAT (float buffers). */
static void
read_depth(struct gl_context *ctx, GLint x, GLint y, GLsizei width,
           GLsizei height, GLenum type, int64_t buf_size_B, void *pixels,
           const char *func)
{
   enum pipe_format client =
      type == GL_UNSIGNED_SHORT     ? PIPE_FORMAT_Z16_UNORM
      : type == GL_UNSIGNED_INT_24_8 ? PIPE_FORMAT_S8_UINT_Z24_UNORM
      : type == GL_FLOAT             ? PIPE_FORMAT_Z32_FLOAT
                                     : PIPE_FORMAT_NONE;

   if (client == PIPE_FORMAT_NONE) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(depth type)", func);
      return;
   }
   if (!_mesa_read_framebuffer_complete(ctx, func) ||
       !_mesa_read_framebuffer_single_sampled(ctx, func))
      return;
   struct gl_renderbuffer *rb = ctx->ReadBuffer->Attachment[BUFFER_DEPTH];
   if (!rb || !rb->texture || !util_format_has_depth(_mesa_rb_texel_format(rb))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no depth buffer)", func);
      return;
   }
   if ((type == GL_FLOAT) != float_depth(rb)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(depth type for buffer)",
                  func);
      return;
   }
   struct pbo_map map;
   struct gl_pixel_layout layout;
   _mesa_pixel_layout(ctx, true, width, height, 1,
                      util_format_get_blocksize(client), &layout);
   if (!ctx->PixelPackBuffer && (int64_t)layout.size_B > buf_size_B) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(bufSize too small)", func);
      return;
   }
   void *dst = _mesa_map_pbo(ctx, true, pixels, layout.size_B, &map, func);
   if (!dst)
      return;
   st_read_pixels_from(ctx->st, rb, x, y, width, height, client, dst);
   _mesa_unmap_pbo(ctx, &map);
}

/* The base format of the colour read buffer when it is one of the
 * compatibility contexts' ALPHA, LUMINANCE, LUMINANCE_ALPHA or INTENSITY
 * ones (ARB_framebuffer_object), else GL_NONE.  Its storage may be RGBA
 * (the AGX driver renders none of those formats) with what fragments
 * wrote in the other channels. */
static GLenum
legacy_read_base(struct gl_context *ctx)
{
   if (_mesa_is_alpha_renderbuffer(ctx, _mesa_color_read_buffer(ctx)))
      return GL_ALPHA;
   const struct gl_renderbuffer *rb = _mesa_color_read_buffer(ctx);
   const struct gl_format_info *f =
      rb && !_mesa_is_gles(ctx) ? _mesa_format_info_for(ctx, rb->InternalFormat)
                                : NULL;
   if (f && (f->base == GL_LUMINANCE || f->base == GL_LUMINANCE_ALPHA ||
             f->base == GL_INTENSITY))
      return f->base;
   return GL_NONE;
}

/* One RGBA value of such a buffer as GL 3.0 section 4.3.2 reads it:
 * ALPHA (0, 0, 0, A); since wave 16 LUMINANCE and INTENSITY (L, 0, 0, 1)
 * and LUMINANCE_ALPHA (L, 0, 0, A), as Mesa rebases them
 * (alexvorxx/Mesa-VirGL src/mesa/main/readpix.c; piglit's
 * getteximage-luminance reads (L, 0, 0, 1)). */
static void
rebase_read_rgba(GLenum base, float rgba[4])
{
   if (base == GL_ALPHA)
      rgba[0] = 0.0f;
   rgba[1] = rgba[2] = 0.0f;
   if (base == GL_LUMINANCE || base == GL_INTENSITY)
      rgba[3] = 1.0f;
}

/* Does a desktop colour read of (format, type) go through the client
 * pixel codec: when no pipe format describes the pair (LUMINANCE, BGR,
 * ABGR_EXT, the packed types in other orders, ...), when the pixel
 * transfer operations change colours (GL 2.1 section 4.3.2: scale, bias
 * and MAP_COLOR apply to what glReadPixels returns), or for luminance
 * (R + G + B, below)? */
static bool
read_via_codec(struct gl_context *ctx, GLenum format, GLenum type,
               enum pipe_format client)
{
   if (_mesa_is_gles(ctx) || !_mesa_client_pixel_size(format, type) ||
       _mesa_is_client_integer_format(format))
      return false;
   return client == PIPE_FORMAT_NONE || _mesa_rgba_transfer_active(ctx) ||
          format == GL_LUMINANCE || format == GL_LUMINANCE_ALPHA ||
          legacy_read_base(ctx) != GL_NONE;
}

/* The read of read_via_codec: the rectangle as RGBA floats, through the
 * transfer operations, encoded into dst laid out as layout says. */
static void
read_rgba_encoded(struct gl_context *ctx, GLint x, GLint y, GLsizei width,
                  GLsizei height, GLenum format, GLenum type,
                  const struct gl_pixel_layout *layout, uint8_t *dst,
                  const char *func)
{
   size_t n = (size_t)width * (size_t)height;
   float(*rgba)[4] = calloc(n ? n : 1, sizeof(*rgba));

   if (!rgba) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   struct gl_renderbuffer *rb = _mesa_color_read_buffer(ctx);
   _mesa_read_rect(ctx, rb, x, y, width, height,
                   PIPE_FORMAT_R32G32B32A32_FLOAT, rgba);
   GLenum base = legacy_read_base(ctx);
   if (base != GL_NONE) {
      for (size_t i = 0; i < n; i++)
         rebase_read_rgba(base, rgba[i]);
   }
   _mesa_transfer_rgba(ctx, &rgba[0][0], n);
   /* GL 2.1 section 4.3.2 (the glReadPixels reference page): a luminance
    * read returns R + G + B (glGetTexImage returns R). */
   if (format == GL_LUMINANCE || format == GL_LUMINANCE_ALPHA) {
      for (size_t i = 0; i < n; i++)
         rgba[i][0] += rgba[i][1] + rgba[i][2];
   }
   /* The final clamp (GL 3.0 section 4.3.2, CLAMP_READ_COLOR), which
    * float types see: the luminance sum too. */
   if (rb && rb->texture &&
       _mesa_read_color_clamped(ctx, _mesa_rb_texel_format(rb))) {
      for (size_t i = 0; i < n; i++) {
         for (unsigned c = 0; c < 4; c++)
            rgba[i][c] = CLAMP(rgba[i][c], 0.0f, 1.0f);
      }
   }
   for (GLsizei r = 0; r < height; r++)
      _mesa_client_pack_rgba_float(
         format, type, (const float(*)[4])rgba + (size_t)r * width,
         (unsigned)width, ctx->PixelOps.PackSwapBytes,
         dst + layout->offset_B + (size_t)r * layout->row_stride_B);
   free(rgba);
}

/* glReadPixels and glReadnPixels: buf_size_B is what the application's
 * memory holds (INT64_MAX: no limit). */
static void
read_pixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
            GLenum type, int64_t buf_size_B, void *pixels, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (_mesa_context_lost(ctx, func))
      return;

   if (width < 0 || height < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(%d x %d)", func, width,
                  height);
      return;
   }
   if (!_mesa_is_gles(ctx) &&
       (format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX ||
        format == GL_DEPTH_STENCIL)) {
      _mesa_read_pixels_ds(ctx, x, y, width, height, format, type,
                           buf_size_B, pixels, func);
      return;
   }
   if (format == GL_DEPTH_COMPONENT && _mesa_is_gles(ctx) &&
       ctx->Version >= 30) {
      read_depth(ctx, x, y, width, height, type, buf_size_B, pixels, func);
      return;
   }
   bool enums_ok;
   enum pipe_format client = _mesa_client_format(ctx, format, type, &enums_ok);
   /* The ES 2.0 extensions that add texture formats and types (depth,
    * float, BGRA) add none to ReadPixels but FLOAT, the implementation's
    * pair for float buffers (EXT_color_buffer_half_float). */
   if (_mesa_is_gles(ctx) && ctx->Version < 30 &&
       (type == GL_HALF_FLOAT_OES ||
        type == GL_UNSIGNED_SHORT || type == GL_UNSIGNED_INT ||
        type == GL_UNSIGNED_INT_24_8 || format == GL_DEPTH_COMPONENT ||
        format == GL_DEPTH_STENCIL || format == GL_BGRA_EXT))
      enums_ok = false;
   /* OES_texture_stencil8's STENCIL_INDEX pair is a texture format only
    * (ES ReadPixels reads no stencil). */
   if (_mesa_is_gles(ctx) && format == GL_STENCIL_INDEX)
      enums_ok = false;
   if (!_mesa_is_gles(ctx) && _mesa_readback_pair_enum_error(format, type))
      enums_ok = false;
   if (!enums_ok) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(format/type)", func);
      return;
   }
   if (!_mesa_read_framebuffer_complete(ctx, func) ||
       !_mesa_read_framebuffer_single_sampled(ctx, func))
      return;
   bool via_codec = read_via_codec(ctx, format, type, client);
   if (!read_pair_ok(ctx, format, type, client, via_codec)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(format/type)", func);
      return;
   }
   if (ctx->ReadBuffer->Name && ctx->ReadBuffer->ColorReadBuffer == GL_NONE) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no read buffer)", func);
      return;
   }
   struct pbo_map map;
   struct gl_pixel_layout layout;
   _mesa_pixel_layout(ctx, true, width, height, 1,
                      via_codec ? _mesa_client_pixel_size(format, type)
                                : util_format_get_blocksize(client),
                      &layout);
   /* KHR_robustness / EXT_robustness: the pixels must fit the
    * application's buffer (client memory; a pack buffer has its own
    * range check). */
   if (!ctx->PixelPackBuffer && (int64_t)layout.size_B > buf_size_B) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(bufSize too small)", func);
      return;
   }
   void *dst = _mesa_map_pbo(ctx, true, pixels, layout.size_B, &map, func);
   if (!dst)
      return;
   if (via_codec) {
      read_rgba_encoded(ctx, x, y, width, height, format, type, &layout, dst,
                        func);
      _mesa_unmap_pbo(ctx, &map);
      return;
   }
   st_read_pixels(ctx->st, x, y, width, height, client, dst);
   {
      struct gl_renderbuffer *rb = _mesa_color_read_buffer(ctx);
      _mesa_clamp_read_color(ctx,
                             rb && rb->texture ? _mesa_rb_texel_format(rb)
                                               : PIPE_FORMAT_R8G8B8A8_UNORM,
                             client, width, height, dst);
   }
   _mesa_unmap_pbo(ctx, &map);
}

void GLAPIENTRY
_mesa_ReadPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                 GLenum type, void *pixels)
{
   read_pixels(x, y, width, height, format, type, INT64_MAX, pixels,
               "glReadPixels");
}

/* GL 4.5 / ES 3.2 section 16.1.2, KHR_robustness, EXT_robustness (the
 * registry aliases glReadnPixelsEXT/KHR/ARB to it). */
void GLAPIENTRY
_mesa_ReadnPixels(GLint x, GLint y, GLsizei width, GLsizei height,
                  GLenum format, GLenum type, GLsizei bufSize, void *data)
{
   read_pixels(x, y, width, height, format, type, bufSize, data,
               "glReadnPixels");
}
