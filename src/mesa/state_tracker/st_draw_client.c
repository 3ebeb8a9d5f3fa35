/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Vertex arrays in client memory.  The driver only reads resources, so a
 * draw copies what it reads of them into the upload buffer.  Arrays
 * interleaved in one block of memory (one stride and divisor, their
 * elements within one stride of each other: position, normal and colour
 * of a vertex side by side) are copied once, as one range, and become one
 * vertex buffer that each of their vertex elements reads at its own
 * offset; copying each array's range apart would copy the block once per
 * array.  Arrays elsewhere get spans of their own.
 */
#include "state_tracker/st_draw_client.h"

#include "state_tracker/st_context.h"
#include "util/u_inlines.h"
#include "util/u_upload_mgr.h"

unsigned
st_client_span_add(struct st_client_span *spans, unsigned *n,
                   const struct gl_vertex_attrib *a, size_t elem_B,
                   unsigned next_vb)
{
   const uint8_t *p = a->Ptr;
   size_t stride = (size_t)a->EffectiveStride;

   for (unsigned i = 0; i < *n; i++) {
      struct st_client_span *s = &spans[i];
      if (s->stride != stride || s->divisor != a->Divisor)
         continue;
      /* (addresses as integers: the arrays may be unrelated objects) */
      uintptr_t a_lo = (uintptr_t)p, s_lo = (uintptr_t)s->base;
      uintptr_t lo = a_lo < s_lo ? a_lo : s_lo;
      uintptr_t hi = a_lo + elem_B > s_lo + s->end_B ? a_lo + elem_B
                                                      : s_lo + s->end_B;
      /* The joined elements must still fit in one stride. */
      if (hi - lo > stride)
         continue;
      s->base = lo == a_lo ? p : s->base;
      s->end_B = hi - lo;
      return i;
   }
   spans[*n] = (struct st_client_span){
      .base = p,
      .end_B = elem_B,
      .stride = stride,
      .divisor = a->Divisor,
      .vb = next_vb,
   };
   return (*n)++;
}

bool
st_client_span_upload(struct st_context *st, const struct st_client_span *s,
                      unsigned min_index, unsigned max_index,
                      unsigned instances, unsigned baseinstance,
                      struct pipe_vertex_buffer *vb)
{
   /* Per vertex: the elements min_index..max_index; per instance:
    * elements 0 .. baseinstance + (instances - 1) / divisor (the pipe
    * adds baseinstance to the element). */
   size_t start = (size_t)min_index * s->stride;
   size_t size = (size_t)(max_index - min_index) * s->stride + s->end_B;
   if (s->divisor) {
      start = 0;
      size = ((size_t)baseinstance + (instances - 1) / s->divisor) *
                s->stride +
             s->end_B;
   }
   if (!s->base || start > UINT32_MAX || size > UINT32_MAX - start)
      return false;

   /* The copy starts at min_index's element and the buffer is pointed
    * that many bytes before it, so the copy lands at least that far into
    * the upload buffer. */
   unsigned off;
   st->client_array_uploads++;
   if (!u_upload_data_from(st->uploader, (unsigned)start, (unsigned)size, 16,
                           s->base + start, &off, &vb->buffer.resource))
      return false;
   vb->buffer_offset = off - (unsigned)start;
   return true;
}
