/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glGetTexImage (desktop GL 3.2 section 6.1.4): an uncompressed texture
 * image read back in a client format and type, through the pixel pack
 * state (and a pack buffer).  Colour images give the components of their
 * base format (table 6.1: L and I as R, missing colour components 0,
 * missing alpha 1); sRGB images give their codes; depth-stencil images
 * their depth and stencil (DEPTH_STENCIL with UNSIGNED_INT_24_8 or
 * FLOAT_32_UNSIGNED_INT_24_8_REV, converted as the texels are).  Images
 * kept as S3TC, RGTC or BPTC blocks read as their decoded texels (since
 * wave 15; the uncompressed format texcompress.c puts in their place
 * gives the base format).  Since wave 17 depth and stencil images read
 * with every unpacked type (STENCIL_INDEX8 images and the stencil of
 * depth-stencil ones as STENCIL_INDEX), and 3D, 2D array and cube map
 * array images honour PACK_IMAGE_HEIGHT and PACK_SKIP_IMAGES.  Not yet:
 * ASTC images (INVALID_OPERATION).
 */
#include <stdlib.h>
#include <string.h>

#include "main/client_pixels.h"
#include "main/context.h"
#include "main/formats_es3.h"
#include "main/pbo.h"
#include "main/texcompress.h"
#include "main/texobj.h"
#include "pipe/p_context.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_format_convert.h"
#include "util/format/u_format.h"
#include "util/format/u_format_bc.h"
#include "util/format/u_format_pack.h"
#include "util/u_inlines.h"

/* The bits of 1.0f (IEEE binary32). */
#define FLOAT_ONE_BITS 0x3f800000u

/* The components of an image's texels that its base format keeps, as a
 * mask of R (1), G (2), B (4), A (8): table 6.1 reads L and I as R, the
 * others as themselves; the rest read 0, and A 1. */
static unsigned
kept_components(const struct gl_format_info *f)
{
   if (f->base == GL_INTENSITY)
      return 1;
   if (f->l)
      return f->a ? 9 : 1;
   return (f->r ? 1 : 0) | (f->g ? 2 : 0) | (f->b ? 4 : 0) | (f->a ? 8 : 0);
}

/* The base format's components of one row of RGBA texels of 32-bit
 * words (floats or integers): the others become 0, A becomes one (the
 * bits of 1.0f or of integer 1; 0.0f is all zero bits). */
static void
reduce_to_base(const struct gl_format_info *f, void *texels, unsigned n,
               uint32_t one)
{
   unsigned keep = kept_components(f);
   uint8_t *p = texels;
   for (unsigned i = 0; i < 4 * n; i++) {
      if (keep & (1u << (i % 4)))
         continue;
      uint32_t v = i % 4 == 3 ? one : 0;
      memcpy(p + 4 * (size_t)i, &v, sizeof(v));
   }
}

/* One row of w depth or stencil texels (tex_format) packed as
 * (format, type) groups: DEPTH_COMPONENT from depth floats,
 * STENCIL_INDEX from indices (no pixel transfer operations: GL 2.1
 * section 6.1.4).  tmp holds 4 bytes a texel. */
static void
pack_depth_stencil_row(const struct gl_context *ctx, GLenum format,
                       GLenum type, enum pipe_format tex_format,
                       const uint8_t *src, unsigned w, void *tmp,
                       void *scratch, uint8_t *dst)
{
   bool stencil = format == GL_STENCIL_INDEX;
   unsigned size_B = _mesa_pixel_group_size_B(format, type);
   const float *z = tmp;
   const uint8_t *index = tmp;

   st_convert_texels(stencil ? PIPE_FORMAT_S8_UINT : PIPE_FORMAT_Z32_FLOAT,
                     tmp, tex_format, src, w, scratch);
   for (unsigned x = 0; x < w; x++) {
      struct pixel_group g;
      memset(&g, 0, sizeof(g));
      if (stencil)
         g.val[PIX_I] = index[x];
      else
         g.val[PIX_Z] = z[x];
      _mesa_pixel_encode(format, type, &g, ctx->PixelOps.PackSwapBytes,
                         dst + (size_t)x * size_B);
   }
}

void GLAPIENTRY
_mesa_GetTexImage(GLenum target, GLint level, GLenum format, GLenum type,
                  GLvoid *pixels)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glGetTexImage";

   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not in ES)", func);
      return;
   }
   unsigned face = 0;
   GLenum bind = target;
   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
       target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
      bind = GL_TEXTURE_CUBE_MAP;
   } else if (target == GL_TEXTURE_CUBE_MAP) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target)", func);
      return;
   }
   struct gl_texture_object *t = _mesa_get_current_tex_object(ctx, bind, func);
   if (!t)
      return;
   if (level < 0 || level >= MAX_TEXTURE_LEVELS ||
       (bind == GL_TEXTURE_RECTANGLE && level != 0)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, level);
      return;
   }
   bool enums_ok;
   enum pipe_format client = _mesa_client_format(ctx, format, type, &enums_ok);
   if (!enums_ok || _mesa_readback_pair_enum_error(format, type)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(format/type)", func);
      return;
   }
   struct gl_texture_image *img = &t->Image[face][level];
   if (!img->Width || !img->pt)
      return; /* no image: nothing is written (section 6.1.4) */
   struct pipe_resource *pt = img->pt;
   const struct gl_format_info *f = _mesa_format_info(
      _mesa_effective_internalformat(img->InternalFormat, img->Type));
   enum pipe_format blocks =
      util_format_is_bc(pt->format) ? pt->format : PIPE_FORMAT_NONE;
   if (blocks) {
      GLenum fallback = _mesa_compressed_fallback_format(blocks);
      f = fallback ? _mesa_format_info(fallback) : NULL;
   }
   /* Desktop pairs without a pipe format (client_pixels.h), for
    * non-integer images: packed from RGBA floats. */
   bool packed_here = client == PIPE_FORMAT_NONE &&
                      _mesa_client_pixel_size(format, type) &&
                      !_mesa_is_client_integer_format(format);
   /* Integer ones (BGRA_INTEGER with UNSIGNED_INT_8_8_8_8 ..., GL 4.6
    * table 8.5 allows the packed types with the _INTEGER formats): from
    * RGBA 32-bit integers, for integer images only. */
   bool packed_int = client == PIPE_FORMAT_NONE &&
                     _mesa_client_pixel_size(format, type) &&
                     _mesa_is_client_integer_format(format);
   /* Depth and stencil pairs without a pipe format (DEPTH_COMPONENT with
    * UNSIGNED_BYTE, BYTE, SHORT, INT or HALF_FLOAT, STENCIL_INDEX with
    * every unpacked type but UNSIGNED_BYTE; GL 4.6 table 8.2 pairs both
    * with each of them): packed group by group from depth floats or
    * stencil indices. */
   bool packed_ds = client == PIPE_FORMAT_NONE &&
                    (format == GL_DEPTH_COMPONENT ||
                     format == GL_STENCIL_INDEX) &&
                    _mesa_pixel_group_size_B(format, type);
   /* The stencil indices of a depth-stencil image (as Mesa's
    * src/mesa/main/texgetimage.c allows; llvmpipe gives them). */
   bool ds_stencil = f && format == GL_STENCIL_INDEX &&
                     f->base == GL_DEPTH_STENCIL;
   if (!f || (util_format_is_compressed(pt->format) && !blocks) ||
       (client == PIPE_FORMAT_NONE && !packed_here && !packed_int &&
        !packed_ds) ||
       (packed_here && _mesa_format_info_is_integer(f)) ||
       (packed_int && !_mesa_format_info_is_integer(f)) ||
       (!ds_stencil &&
        !_mesa_format_combination_ok(ctx, format, type, f->internalformat))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(format/type of the image)",
                  func);
      return;
   }

   unsigned w = (unsigned)img->Width, h = (unsigned)img->Height;
   unsigned d = pt->target == PIPE_TEXTURE_1D_ARRAY ? 1 : (unsigned)img->Depth;
   if (pt->target == PIPE_TEXTURE_1D_ARRAY) {
      /* 1D arrays are images of Height layers, one row each. */
      d = h;
      h = 1;
   }
   unsigned cbpp = packed_here || packed_int
                      ? _mesa_client_pixel_size(format, type)
                   : packed_ds ? _mesa_pixel_group_size_B(format, type)
                               : util_format_get_blocksize(client);
   /* A texture view reads the shared texels in its own format, bit for
    * bit (GL 4.6 section 8.18): never converted from the storage's. */
   enum pipe_format tex_format = t->IsView ? img->PipeFormat : pt->format;
   /* (blocks: each image decoded whole, then read row by row as floats) */
   if (blocks)
      tex_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   bool sint = util_format_is_pure_sint(tex_format);
   enum pipe_format int_format = sint ? PIPE_FORMAT_R32G32B32A32_SINT
                                      : PIPE_FORMAT_R32G32B32A32_UINT;
   struct gl_pixel_layout layout;
   /* 3D, 2D array and cube map array images are packed as 3D images
    * (PACK_IMAGE_HEIGHT, PACK_SKIP_IMAGES; Mesa's src/mesa/main/
    * texgetimage.c addresses these targets in three dimensions), the
    * others as 2D ones. */
   if (pt->target == PIPE_TEXTURE_3D || pt->target == PIPE_TEXTURE_2D_ARRAY ||
       pt->target == PIPE_TEXTURE_CUBE_ARRAY)
      _mesa_pixel_pack_layout_3d(ctx, (GLsizei)w, (GLsizei)h, (GLsizei)d,
                                 cbpp, &layout);
   else
      _mesa_pixel_layout(ctx, true, (GLsizei)w, (GLsizei)(d > 1 && h == 1 &&
                         pt->target == PIPE_TEXTURE_1D_ARRAY ? d : h),
                         pt->target == PIPE_TEXTURE_1D_ARRAY ? 1 : (GLsizei)d,
                         cbpp, &layout);
   struct pbo_map map;
   uint8_t *dst = _mesa_map_pbo(ctx, true, pixels, layout.size_B, &map, func);
   if (!dst)
      return;
   dst += layout.offset_B;

   /* Float conversions go through RGBA floats for the base-format rule;
    * integer and depth ones convert directly.  sRGB codes stay codes. */
   enum pipe_format src_format = tex_format;
   const struct util_format_description *sd = util_format_description(src_format);
   if (sd && util_format_is_srgb(src_format) &&
       sd->linear_format != PIPE_FORMAT_NONE)
      src_format = sd->linear_format;
   bool via_float = packed_here ||
                    (!util_format_is_pure_integer(src_format) &&
                    !util_format_is_depth_or_stencil(src_format) &&
                    !util_format_is_pure_integer(client) &&
                    !util_format_is_depth_or_stencil(client));
   /* Integer images of fewer components than their storage (luminance,
    * intensity, alpha, RGB): read as table 6.1 says, like float ones. */
   bool rebase_int = !packed_int && _mesa_format_info_is_integer(f) &&
                     kept_components(f) != 15;
   float *rgba = malloc((size_t)w * 4 * sizeof(float));
   void *scratch = malloc(st_convert_scratch_B(w));
   size_t decoded_stride_B = (size_t)w * 4 * sizeof(float);
   uint8_t *decoded = blocks ? malloc(decoded_stride_B * h) : NULL;
   if (!rgba || !scratch || (blocks && !decoded)) {
      free(rgba);
      free(scratch);
      free(decoded);
      _mesa_unmap_pbo(ctx, &map);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   struct pipe_context *pipe = ctx->st->pipe;
   for (unsigned z = 0; z < d; z++) {
      struct pipe_box box;
      unsigned layer = pt->target == PIPE_TEXTURE_3D ? z : img->pt_layer + z;
      u_box_3d(0, 0, (int)layer, (int)w, (int)h, 1, &box);
      struct pipe_transfer *xfer = NULL;
      const uint8_t *src = pipe->texture_map(pipe, pt, img->pt_level,
                                             PIPE_MAP_READ, &box, &xfer);
      if (!src) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         break;
      }
      size_t stride_B = xfer->stride;
      if (blocks) {
         util_format_bc_unpack_rgba_float(blocks, (float *)decoded,
                                          decoded_stride_B, src, stride_B, w,
                                          h);
         src = decoded;
         stride_B = decoded_stride_B;
      }
      for (unsigned r = 0; r < h; r++) {
         const uint8_t *s = src + (size_t)r * stride_B;
         uint8_t *o = dst + (pt->target == PIPE_TEXTURE_1D_ARRAY
                                ? (size_t)z * layout.row_stride_B
                                : (size_t)z * layout.image_stride_B +
                                     (size_t)r * layout.row_stride_B);
         if (packed_ds) {
            pack_depth_stencil_row(ctx, format, type, tex_format, s, w, rgba,
                                   scratch, o);
         } else if (via_float) {
            util_format_unpack_rgba_float(src_format, rgba, s, w);
            reduce_to_base(f, rgba, w, FLOAT_ONE_BITS);
            if (packed_here)
               _mesa_client_pack_rgba_float(format, type,
                                            (const float(*)[4])rgba, w,
                                            ctx->PixelOps.PackSwapBytes, o);
            else
               util_format_pack_rgba_float(client, o, rgba, w);
         } else if (packed_int) {
            st_convert_texels(int_format, rgba, tex_format, s, w, scratch);
            reduce_to_base(f, rgba, w, 1);
            _mesa_client_pack_rgba_int(format, type,
                                       (const uint32_t(*)[4])rgba, w, sint,
                                       ctx->PixelOps.PackSwapBytes, o);
         } else if (rebase_int) {
            st_convert_texels(int_format, rgba, tex_format, s, w, scratch);
            reduce_to_base(f, rgba, w, 1);
            st_convert_texels(client, o, int_format, rgba, w, scratch);
         } else {
            /* The 24 unused bits of FLOAT_32_UNSIGNED_INT_24_8_REV's
             * second word are 0 (GL 4.6 section 8.4.4.2 leaves them
             * undefined; piglit's ext_packed_depth_stencil getteximage
             * warns otherwise): st_convert_texels keeps what dst had. */
            if (util_format_is_depth_or_stencil(client))
               memset(o, 0, (size_t)w * cbpp);
            st_convert_texels(client, o, tex_format, s, w, scratch);
         }
      }
      pipe->texture_unmap(pipe, xfer);
   }
   free(rgba);
   free(scratch);
   free(decoded);
   _mesa_unmap_pbo(ctx, &map);
}
