/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glClearTex[Sub]Image (main/cleartex.c) on the storage: one texel is
 * converted to the resource's format (st_format_convert.c), repeated
 * over a band of rows and written with texture_subdata band after band,
 * so the scratch memory stays small whatever the region's size.  The
 * driver's writes reach every sample of a multisampled texel.
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

/* The most bytes of repeated texels written at once. */
#define CLEAR_BAND_B (256u * 1024u)

void
st_clear_tex_sub_image(struct st_context *st, struct gl_texture_object *t,
                       struct gl_texture_image *img, GLint x, GLint y,
                       GLint z, GLsizei width, GLsizei height, GLsizei depth,
                       enum pipe_format src, const void *texel)
{
   struct pipe_resource *pt = img->pt;

   if (!pt || width <= 0 || height <= 0 || depth <= 0)
      return;
   if (t->Target == GL_TEXTURE_1D_ARRAY) {
      /* rows of a 1D array image are the resource's layers */
      z = y;
      y = 0;
      depth = height;
      height = 1;
   }

   enum pipe_format dst = pt->format;
   unsigned bpp = util_format_get_blocksize(dst);
   uint8_t value[16] = {0};
   if (texel && bpp <= sizeof(value)) {
      void *scratch = malloc(st_convert_scratch_B(1));
      if (!scratch) {
         _mesa_error(&st->ctx, GL_OUT_OF_MEMORY, "glClearTexSubImage");
         return;
      }
      st_convert_texels(dst, value, src, texel, 1, scratch);
      free(scratch);
   }

   size_t row_B = (size_t)width * bpp;
   unsigned band = (unsigned)MAX2(1, MIN2((size_t)height, CLEAR_BAND_B / row_B));
   uint8_t *rows = malloc(row_B * band);
   if (!rows) {
      _mesa_error(&st->ctx, GL_OUT_OF_MEMORY, "glClearTexSubImage");
      return;
   }
   for (size_t i = 0; i < (size_t)width * band; i++)
      memcpy(rows + i * bpp, value, bpp);

   for (GLsizei s = 0; s < depth; s++) {
      for (GLsizei r = 0; r < height; r += (GLsizei)band) {
         struct pipe_box box;
         unsigned h = MIN2(band, (unsigned)(height - r));
         u_box_3d(x, y + r, (int)img->pt_layer + z + s, width, (int)h, 1,
                  &box);
         st->pipe->texture_subdata(st->pipe, pt, img->pt_level,
                                   PIPE_MAP_WRITE, &box, rows,
                                   (unsigned)row_B, row_B * h);
      }
   }
   free(rows);
   t->stamp++;
}
