/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glReadPixels: flush, map the read buffer through a transfer, convert
 * each row to the client's format through util/format (integers as
 * integers, everything else through floats), and write it to
 * client memory with the pack alignment.  Rows of window-system
 * framebuffers are flipped (GL's row 0 is the bottom).  Depth reads
 * (NV_read_depth) take the same path from the depth buffer: depth
 * converts into depth.
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/fbobject.h"
#include "main/pbo.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_draw.h"
#include "state_tracker/st_format_convert.h"
#include "util/format/u_format.h"
#include "util/format/u_format_pack.h"
#include "util/u_inlines.h"

void
st_read_pixels(struct st_context *st, GLint x, GLint y, GLsizei width,
               GLsizei height, enum pipe_format client, void *pixels)
{
   struct gl_framebuffer *fb = st->ctx.ReadBuffer;

   if (!fb)
      return;
   struct gl_renderbuffer *rb = _mesa_framebuffer_read_rb(fb);
   st_read_pixels_from(st, rb, x, y, width, height, client, pixels);
}

void
st_read_pixels_from(struct st_context *st, struct gl_renderbuffer *rb,
                    GLint x, GLint y, GLsizei width, GLsizei height,
                    enum pipe_format client, void *pixels)
{
   struct gl_context *ctx = &st->ctx;
   struct gl_framebuffer *fb = ctx->ReadBuffer;
   struct pipe_transfer *xfer;
   struct pipe_box box;
   size_t texel_B = util_format_get_blocksize(client);
   struct gl_pixel_layout layout;
   _mesa_pixel_layout(ctx, true, width, height, 1, (unsigned)texel_B,
                      &layout);
   size_t dst_stride = layout.row_stride_B;

   if (!fb || width <= 0 || height <= 0 || !rb || !rb->texture)
      return;

   /* Only the part inside the framebuffer is written. */
   GLint x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
   GLint x1 = x + width > fb->Width ? fb->Width : x + width;
   GLint y1 = y + height > fb->Height ? fb->Height : y + height;
   if (x1 <= x0 || y1 <= y0)
      return;

   st_context_flush(st, ST_FLUSH_WAIT, NULL);

   unsigned rows = (unsigned)(y1 - y0);
   unsigned n = (unsigned)(x1 - x0);
   unsigned gy = fb->FlipY ? (unsigned)(fb->Height - y1) : (unsigned)y0;
   u_box_3d((unsigned)x0, gy, rb->layer, n, rows, 1, &box);
   const uint8_t *map = st->pipe->texture_map(st->pipe, rb->texture, rb->level,
                                              PIPE_MAP_READ, &box, &xfer);
   if (!map) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glReadPixels");
      return;
   }
   void *scratch = malloc(st_convert_scratch_B(n));
   if (!scratch) {
      st->pipe->texture_unmap(st->pipe, xfer);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glReadPixels");
      return;
   }

   /* Through util/format: fixed-point buffers unpack into [0, 1] and are
    * packed with GL's conversions; the default GL_CLAMP_READ_COLOR
    * (FIXED_ONLY) leaves float buffers as they are; integers stay
    * integers. */
   for (unsigned r = 0; r < rows; r++) {
      /* GL row y0 + r. */
      unsigned src_row = fb->FlipY ? rows - 1 - r : r;
      const uint8_t *src = map + (size_t)src_row * xfer->stride;
      uint8_t *dst = (uint8_t *)pixels + layout.offset_B +
                     (size_t)(y0 - y + (GLint)r) * dst_stride +
                     (size_t)(x0 - x) * texel_B;
      st_convert_texels(client, dst, _mesa_rb_texel_format(rb), src, n, scratch);
   }
   free(scratch);
   st->pipe->texture_unmap(st->pipe, xfer);
}
