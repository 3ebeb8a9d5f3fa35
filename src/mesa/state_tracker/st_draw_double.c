/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL_DOUBLE vertex arrays (GL 2.1 table 2.4: every conventional array and
 * glVertexAttribPointer take doubles, converted to floats).  The driver
 * fetches no 64-bit formats, so the elements a draw reads are converted
 * on the CPU, from client memory or a mapping of the buffer, and
 * uploaded as floats.
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_draw.h"
#include "util/u_inlines.h"
#include "util/u_upload_mgr.h"

bool
st_upload_double_array(struct st_context *st,
                       const struct gl_vertex_attrib *a, unsigned first,
                       unsigned count, struct pipe_vertex_element *ve,
                       struct pipe_vertex_buffer *vb)
{
   unsigned size = a->Size >= 1 && a->Size <= 4 ? (unsigned)a->Size : 4;
   size_t stride = (size_t)a->EffectiveStride;
   size_t elem_B = size * sizeof(float);
   size_t read_B = (size_t)(count - 1) * stride + size * sizeof(double);
   size_t start = (size_t)first * stride;
   struct pipe_transfer *xfer = NULL;
   const uint8_t *src = NULL;

   if (!count)
      count = 1;
   /* Reads outside the buffer (or from no memory) are undefined: zeros. */
   if (a->Buffer) {
      uintptr_t offset = (uintptr_t)a->Ptr;
      if (a->Buffer->buffer &&
          offset + start + read_B <= (uint64_t)a->Buffer->Size) {
         struct pipe_box box;
         u_box_1d((unsigned)(offset + start), (unsigned)read_B, &box);
         src = st->pipe->buffer_map(st->pipe, a->Buffer->buffer, 0,
                                    PIPE_MAP_READ, &box, &xfer);
         if (!src)
            return false;
      }
   } else if (a->Ptr) {
      src = a->Ptr + start;
   }

   /* Elements first .. first + count - 1, at element index first of the
    * upload (zeros before it), so the draw's indices address them. */
   float *f = calloc((size_t)first + count, elem_B);
   if (!f) {
      if (xfer)
         st->pipe->buffer_unmap(st->pipe, xfer);
      return false;
   }
   for (unsigned i = 0; src && i < count; i++) {
      for (unsigned c = 0; c < size; c++) {
         double d;
         memcpy(&d, src + (size_t)i * stride + c * sizeof(double), 8);
         f[((size_t)first + i) * size + c] = (float)d;
      }
   }
   if (xfer)
      st->pipe->buffer_unmap(st->pipe, xfer);
   unsigned off;
   bool ok = u_upload_data(st->uploader,
                           (unsigned)(((size_t)first + count) * elem_B), 16, f,
                           &off, &vb->buffer.resource);
   free(f);
   if (!ok)
      return false;
   vb->buffer_offset = off;
   ve->src_format = st_vertex_format(GL_FLOAT, (GLint)size, false, false);
   ve->src_stride = (uint16_t)elem_B;
   ve->src_offset = 0;
   return true;
}
