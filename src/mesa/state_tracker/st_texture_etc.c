/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Compressed texture images.  When the driver samples an ETC, S3TC, RGTC
 * or BPTC format
 * (is_format_supported with PIPE_BIND_SAMPLER_VIEW) its blocks are stored
 * as they come; otherwise they are decoded at upload, one image (array
 * layer) at a time, into the uncompressed format st_compressed_storage_format
 * picks, and the texture is an ordinary one from then on.  Since wave 15,
 * uncompressed texels (desktop TexSubImage) and generated mipmap levels
 * are encoded into S3TC and RGTC storage (util/format/u_format_bc_encode.c).
 */
#include "state_tracker/st_texture_etc.h"

#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_format_convert.h"
#include "state_tracker/st_texture.h"
#include "util/format/u_format.h"
#include "util/format/u_format_bc.h"
#include "util/format/u_format_convert.h"
#include "util/format/u_format_etc.h"
#include "util/format/u_format_pack.h"
#include "util/u_inlines.h"

/* The decoded format of any compressed format this file decodes. */
static enum pipe_format
decoded_format(enum pipe_format compressed)
{
   return util_format_is_bc(compressed)
             ? util_format_bc_decoded_format(compressed)
             : util_format_etc_decoded_format(compressed);
}

static enum pipe_format
choose_storage(struct pipe_screen *screen, enum pipe_format compressed,
               bool native)
{
   const enum pipe_format candidates[] = {
      native ? compressed : PIPE_FORMAT_NONE,
      decoded_format(compressed),
      PIPE_FORMAT_R16G16B16A16_FLOAT,
   };

   for (unsigned i = 0; i < sizeof(candidates) / sizeof(candidates[0]); i++) {
      if (candidates[i] != PIPE_FORMAT_NONE &&
          screen->is_format_supported(screen, candidates[i], PIPE_TEXTURE_2D, 0,
                                      0, PIPE_BIND_SAMPLER_VIEW))
         return candidates[i];
   }
   return PIPE_FORMAT_R8G8B8A8_UNORM;
}

enum pipe_format
st_compressed_storage_format(struct pipe_screen *screen,
                             enum pipe_format compressed)
{
   return choose_storage(screen, compressed, true);
}

enum pipe_format
st_decoded_storage_format(struct pipe_screen *screen,
                          enum pipe_format compressed)
{
   return choose_storage(screen, compressed, false);
}

/* Lossless decode into the decoded format, or to 4 floats per texel. */
static bool
unpack(enum pipe_format compressed, void *dst, size_t dst_stride_B,
       const uint8_t *src, size_t src_stride_B, unsigned w, unsigned h)
{
   if (util_format_is_bc(compressed))
      return util_format_bc_unpack(compressed, dst, dst_stride_B, src,
                                   src_stride_B, w, h);
   return util_format_etc_unpack(compressed, dst, dst_stride_B, src,
                                 src_stride_B, w, h);
}

static bool
unpack_float(enum pipe_format compressed, float *dst, size_t dst_stride_B,
             const uint8_t *src, size_t src_stride_B, unsigned w, unsigned h)
{
   if (util_format_is_bc(compressed))
      return util_format_bc_unpack_rgba_float(compressed, dst, dst_stride_B,
                                              src, src_stride_B, w, h);
   return util_format_etc_unpack_rgba_float(compressed, dst, dst_stride_B,
                                            src, src_stride_B, w, h);
}

/* Decodes one image of w x h texels from tightly packed blocks into rows
 * of storage texels (w * blocksize(storage) bytes each).  False if the
 * storage format has no packer or memory runs out. */
static bool
decode_image(enum pipe_format compressed, enum pipe_format storage,
             const uint8_t *blocks, unsigned w, unsigned h, uint8_t *out)
{
   size_t block_row_B = (size_t)util_format_get_nblocksx(compressed, w) *
                        util_format_get_blocksize(compressed);
   size_t out_stride_B = (size_t)w * util_format_get_blocksize(storage);

   if (storage == decoded_format(compressed))
      return unpack(compressed, out, out_stride_B, blocks, block_row_B, w, h);

   /* Any other storage: through floats (lossy for RGBA8; sRGB texels
    * keep their encoded values). */
   float *rgba = malloc((size_t)w * h * 4 * sizeof(float));
   if (!rgba)
      return false;
   bool ok = unpack_float(compressed, rgba, (size_t)w * 4 * sizeof(float),
                          blocks, block_row_B, w, h);
   for (unsigned y = 0; ok && y < h; y++)
      ok = util_format_pack_rgba_float(storage, out + y * out_stride_B,
                                       rgba + (size_t)y * w * 4, w);
   free(rgba);
   return ok;
}

/* Writes a region of blocks into an image whose storage is
 * img->PipeFormat. */
static bool
write_blocks(struct st_context *st, struct gl_texture_image *img, unsigned x,
             unsigned y, unsigned z, unsigned w, unsigned h, unsigned d,
             enum pipe_format compressed, const uint8_t *blocks)
{
   struct pipe_context *pipe = st->pipe;
   enum pipe_format storage = img->PipeFormat;
   size_t block_row_B = (size_t)util_format_get_nblocksx(compressed, w) *
                        util_format_get_blocksize(compressed);
   size_t image_B = block_row_B * util_format_get_nblocksy(compressed, h);
   struct pipe_box box;

   if (!img->pt)
      return true;
   if (storage == compressed) {
      u_box_3d(x, y, img->pt_layer + z, w, h, d, &box);
      pipe->texture_subdata(pipe, img->pt, img->pt_level, PIPE_MAP_WRITE, &box,
                            blocks, (unsigned)block_row_B, (uintptr_t)image_B);
      return true;
   }

   unsigned bpp = util_format_get_blocksize(storage);
   uint8_t *texels = malloc((size_t)w * h * bpp);
   if (!texels)
      return false;
   for (unsigned s = 0; s < d; s++) {
      if (!decode_image(compressed, storage, blocks + s * image_B, w, h,
                        texels)) {
         free(texels);
         return false;
      }
      u_box_3d(x, y, img->pt_layer + z + s, w, h, 1, &box);
      pipe->texture_subdata(pipe, img->pt, img->pt_level, PIPE_MAP_WRITE, &box,
                            texels, w * bpp, (uintptr_t)w * h * bpp);
   }
   free(texels);
   return true;
}

bool
st_compressed_tex_image(struct st_context *st, struct gl_texture_object *t,
                        unsigned face, unsigned level, GLsizei width,
                        GLsizei height, GLsizei depth, GLenum internalformat,
                        enum pipe_format compressed, const void *data)
{
   struct gl_texture_image *img = &t->Image[face][level];
   enum pipe_format storage =
      st_compressed_storage_format(st->screen, compressed);

   /* Format and type are the internal format and GL_NONE, so that the
    * uncompressed TexSubImage / CopyTexSubImage refuse the image. */
   if (!st_tex_image(st, t, face, level, width, height, depth, internalformat,
                     internalformat, GL_NONE, storage, PIPE_FORMAT_NONE, NULL))
      return false;
   if (!data)
      return true;
   return write_blocks(st, img, 0, 0, 0, (unsigned)width, (unsigned)height,
                       (unsigned)depth, compressed, data);
}

bool
st_compressed_tex_sub_image(struct st_context *st, struct gl_texture_object *t,
                            struct gl_texture_image *img, GLint x, GLint y,
                            GLint z, GLsizei width, GLsizei height,
                            GLsizei depth, enum pipe_format compressed,
                            const void *data)
{
   bool ok = write_blocks(st, img, (unsigned)x, (unsigned)y, (unsigned)z,
                          (unsigned)width, (unsigned)height, (unsigned)depth,
                          compressed, data);
   t->stamp++;
   return ok;
}

/* Encodes d images of w x h floats (4 per texel, tightly packed) and
 * writes them at (x, y, z) of level of pt (S3TC/RGTC storage). */
static bool
write_encoded(struct pipe_context *pipe, struct pipe_resource *pt,
              unsigned level, unsigned x, unsigned y, unsigned z, unsigned w,
              unsigned h, unsigned d, const float *rgba)
{
   enum pipe_format pf = pt->format;
   size_t block_row_B = (size_t)util_format_get_nblocksx(pf, w) *
                        util_format_get_blocksize(pf);
   size_t image_B = block_row_B * util_format_get_nblocksy(pf, h);
   uint8_t *blocks = malloc(image_B ? image_B : 1);
   struct pipe_box box;

   if (!blocks)
      return false;
   for (unsigned s = 0; s < d; s++) {
      util_format_bc_pack_rgba_float(pf, blocks, block_row_B,
                                     rgba + (size_t)s * w * h * 4,
                                     (size_t)w * 4 * sizeof(float), w, h);
      u_box_3d(x, y, z + s, w, h, 1, &box);
      pipe->texture_subdata(pipe, pt, level, PIPE_MAP_WRITE, &box, blocks,
                            (unsigned)block_row_B, (uintptr_t)image_B);
   }
   free(blocks);
   return true;
}

bool
st_upload_encoded(struct st_context *st, struct pipe_resource *pt,
                  unsigned level, unsigned x, unsigned y, unsigned z,
                  unsigned w, unsigned h, unsigned d, enum pipe_format src,
                  const void *pixels, size_t src_stride_B, size_t src_image_B)
{
   if (!util_format_bc_can_pack(pt->format))
      return false;
   float *rgba = malloc((size_t)w * h * d * 4 * sizeof(float) + 1);
   void *scratch = malloc(st_convert_scratch_B(w));
   bool ok = rgba && scratch;
   for (unsigned s = 0; ok && s < d; s++) {
      for (unsigned r = 0; ok && r < h; r++) {
         ok = st_convert_texels(PIPE_FORMAT_R32G32B32A32_FLOAT,
                                rgba + ((size_t)s * h + r) * w * 4, src,
                                (const uint8_t *)pixels + s * src_image_B +
                                   r * src_stride_B,
                                w, scratch);
      }
   }
   if (ok)
      ok = write_encoded(st->pipe, pt, level, x, y, z, w, h, d, rgba);
   free(scratch);
   free(rgba);
   return ok;
}

/* The texels of level of pt (sd images) decoded to floats, in a new
 * buffer; NULL if out of memory. */
static float *
decode_level(struct pipe_context *pipe, struct pipe_resource *pt,
             unsigned level, unsigned sw, unsigned sh, unsigned sd)
{
   const size_t row_B = (size_t)sw * 4 * sizeof(float);
   float *texels = malloc(row_B * sh * sd);
   struct pipe_transfer *xfer = NULL;
   struct pipe_box box;

   u_box_3d(0, 0, 0, sw, sh, sd, &box);
   const uint8_t *blocks =
      texels ? pipe->texture_map(pipe, pt, level, PIPE_MAP_READ, &box, &xfer)
             : NULL;
   bool ok = blocks != NULL;
   for (unsigned s = 0; ok && s < sd; s++) {
      ok = util_format_bc_unpack_rgba_float(
         pt->format, texels + (size_t)s * sw * sh * 4, row_B,
         blocks + s * xfer->layer_stride, xfer->stride, sw, sh);
   }
   if (blocks)
      pipe->texture_unmap(pipe, xfer);
   if (!ok) {
      free(texels);
      return NULL;
   }
   return texels;
}

/* The RGB of n decoded sRGB texels (c / 255, still encoded) made linear
 * (GL 4.6 equation 8.17), or linear ones encoded back to 8-bit sRGB
 * values (equation 17.1). */
static void
convert_srgb(float *rgba, size_t n, bool to_linear)
{
   for (size_t i = 0; i < n; i++) {
      for (unsigned c = 0; c < 3; c++) {
         float *v = &rgba[4 * i + c];
         *v = to_linear ? util_format_srgb8_to_linear(
                             util_format_float_to_unorm(*v, 8))
                        : (float)util_format_linear_to_srgb8(*v) / 255.0f;
      }
   }
}

bool
st_generate_encoded_levels(struct st_context *st, struct pipe_resource *pt,
                           unsigned base, unsigned last, bool is_3d)
{
   const size_t texel_B = 4 * sizeof(float);

   if (!util_format_bc_can_pack(pt->format))
      return false;
   /* The base level decoded; each level is filtered from the floats of
    * the one above (never from its lossy blocks) and encoded: what Mesa's
    * software mipmap generation does for compressed images (mesa
    * src/mesa/main/mipmap.c, generate_mipmap_compressed).  Since wave 16
    * the texels of sRGB blocks are made linear first and the levels
    * encoded back, so that filtering averages light, not its encoding,
    * as for uncompressed sRGB levels (st_box_filter unpacks them to
    * linear floats). */
   bool srgb = util_format_is_srgb(pt->format);
   unsigned sw = u_minify(pt->width0, base), sh = u_minify(pt->height0, base);
   unsigned sd = is_3d ? u_minify(pt->depth0, base) : pt->array_size;
   float *src = decode_level(st->pipe, pt, base, sw, sh, sd);
   float *encoded = srgb ? malloc((size_t)sw * sh * sd * texel_B) : NULL;
   bool ok = src != NULL && (!srgb || encoded != NULL);
   if (ok && srgb)
      convert_srgb(src, (size_t)sw * sh * sd, true);
   for (unsigned l = base + 1; ok && l <= last; l++) {
      unsigned dw = u_minify(pt->width0, l), dh = u_minify(pt->height0, l);
      unsigned dd = is_3d ? u_minify(pt->depth0, l) : pt->array_size;
      size_t n = (size_t)dw * dh * dd;
      float *dst = malloc(n * texel_B);
      ok = dst != NULL;
      if (ok) {
         st_box_filter(PIPE_FORMAT_R32G32B32A32_FLOAT, is_3d,
                       (const uint8_t *)src, sw * texel_B, sw * sh * texel_B,
                       sw, sh, sd, (uint8_t *)dst, dw, dh, dd);
         const float *texels = dst;
         if (srgb) {
            memcpy(encoded, dst, n * texel_B);
            convert_srgb(encoded, n, false);
            texels = encoded;
         }
         ok = write_encoded(st->pipe, pt, l, 0, 0, 0, dw, dh, dd, texels);
      }
      free(src);
      src = dst;
      sw = dw;
      sh = dh;
      sd = dd;
   }
   free(encoded);
   free(src);
   return ok;
}
