/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glCopyImageSubData (main/copyimage.c) on the storage: one slice at a
 * time, both images mapped and their elements (texels, or the blocks of
 * compressed formats; every sample of multisampled ones) copied as raw
 * bytes, so that compatible formats of one size reinterpret each other's
 * bits (GL 4.3 section 18.3.3).  When the two storage formats differ in
 * size (a format kept in a wider one, such as RGB8 in RGBA8), each row
 * goes through the exact formats of the two internal formats: converted
 * from the source's storage to its exact format, taken as the
 * destination's exact format byte for byte, converted to its storage.
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_format_convert.h"
#include "state_tracker/st_texture.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

/* Copies one row of n elements between storage formats of different
 * sizes through the exact formats. */
static bool
convert_row(const struct st_copy_image_side *src,
            const struct st_copy_image_side *dst, const uint8_t *in,
            uint8_t *out, unsigned n, void *bits, void *scratch)
{
   if (!st_convert_texels(src->exact, bits, src->pt->format, in, n, scratch))
      return false;
   return st_convert_texels(dst->pt->format, out, dst->exact, bits, n,
                            scratch);
}

void
st_copy_image_slice(struct st_context *st,
                    const struct st_copy_image_side *src,
                    const struct st_copy_image_side *dst, unsigned width,
                    unsigned height)
{
   struct pipe_context *pipe = st->pipe;
   enum pipe_format fs = src->pt->format, fd = dst->pt->format;
   unsigned samples = MAX2(src->pt->nr_samples, 1);
   unsigned map_flags = samples > 1 ? PIPE_MAP_DIRECTLY : 0;
   /* elements: blocks of the source's format */
   unsigned ew = DIV_ROUND_UP(width, util_format_get_blockwidth(fs));
   unsigned eh = DIV_ROUND_UP(height, util_format_get_blockheight(fs));
   unsigned dst_w = u_minify(dst->pt->width0, dst->level);
   unsigned dst_h = u_minify(dst->pt->height0, dst->level);
   unsigned dw = MIN2(ew * util_format_get_blockwidth(fd), dst_w - dst->x);
   unsigned dh = MIN2(eh * util_format_get_blockheight(fd), dst_h - dst->y);
   unsigned es = util_format_get_blocksize(fs) * samples;
   unsigned ed = util_format_get_blocksize(fd) * samples;
   struct pipe_transfer *sx, *dx;
   struct pipe_box box;

   if (!ew || !eh)
      return;
   if (es != ed && (samples > 1 || src->exact == PIPE_FORMAT_NONE ||
                    dst->exact == PIPE_FORMAT_NONE)) {
      _mesa_error(&st->ctx, GL_INVALID_OPERATION,
                  "glCopyImageSubData(storage %s and %s cannot be copied)",
                  util_format_name(fs), util_format_name(fd));
      return;
   }

   u_box_3d(src->x, src->y, src->layer, width, height, 1, &box);
   const uint8_t *in = pipe->texture_map(pipe, src->pt, src->level,
                                         PIPE_MAP_READ | map_flags, &box, &sx);
   if (!in) {
      _mesa_error(&st->ctx, GL_OUT_OF_MEMORY, "glCopyImageSubData");
      return;
   }
   u_box_3d(dst->x, dst->y, dst->layer, dw, dh, 1, &box);
   uint8_t *out = pipe->texture_map(pipe, dst->pt, dst->level,
                                    PIPE_MAP_WRITE | map_flags, &box, &dx);
   if (!out) {
      pipe->texture_unmap(pipe, sx);
      _mesa_error(&st->ctx, GL_OUT_OF_MEMORY, "glCopyImageSubData");
      return;
   }

   void *bits = NULL, *scratch = NULL;
   if (es != ed) {
      bits = malloc((size_t)ew * 16);
      scratch = malloc(st_convert_scratch_B(ew));
   }
   for (unsigned r = 0; r < eh; r++) {
      const uint8_t *row_in = in + (size_t)r * sx->stride;
      uint8_t *row_out = out + (size_t)r * dx->stride;
      if (es == ed) {
         memcpy(row_out, row_in, (size_t)ew * es);
      } else if (!bits || !scratch ||
                 !convert_row(src, dst, row_in, row_out, ew, bits, scratch)) {
         _mesa_error(&st->ctx, GL_OUT_OF_MEMORY, "glCopyImageSubData");
         break;
      }
   }
   free(bits);
   free(scratch);
   pipe->texture_unmap(pipe, dx);
   pipe->texture_unmap(pipe, sx);
}
