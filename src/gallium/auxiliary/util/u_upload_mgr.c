/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The stream uploader (see u_upload_mgr.h). */
#include <stdint.h>
#include <stdlib.h>

#include "util/u_inlines.h"
#include "util/u_upload_mgr.h"

struct u_upload_mgr {
   struct pipe_context *pipe;
   unsigned default_size_B;
   unsigned bind;
   struct pipe_resource *buffer;
   unsigned offset_B; /* first free byte of buffer */
};

struct u_upload_mgr *
u_upload_create(struct pipe_context *pipe, unsigned default_size_B,
                unsigned bind)
{
   struct u_upload_mgr *upload = calloc(1, sizeof(*upload));

   if (!upload)
      return NULL;
   upload->pipe = pipe;
   upload->default_size_B = default_size_B;
   upload->bind = bind;
   return upload;
}

void
u_upload_destroy(struct u_upload_mgr *upload)
{
   if (!upload)
      return;
   pipe_resource_reference(&upload->buffer, NULL);
   free(upload);
}

bool
u_upload_data_from(struct u_upload_mgr *upload, unsigned min_offset,
                   unsigned size, unsigned alignment, const void *data,
                   unsigned *out_offset, struct pipe_resource **out_buffer)
{
   unsigned align_mask = alignment - 1;
   unsigned first = (min_offset + align_mask) & ~align_mask;
   unsigned offset = (upload->offset_B + align_mask) & ~align_mask;

   if (first < min_offset || first > UINT32_MAX - size)
      return false;
   offset = offset > first ? offset : first;
   if (!upload->buffer || offset > upload->buffer->width0 ||
       size > upload->buffer->width0 - offset) {
      unsigned new_size = upload->default_size_B;

      while (new_size < first + size && new_size <= UINT32_MAX / 2)
         new_size *= 2;
      if (new_size < first + size)
         return false;
      pipe_resource_reference(&upload->buffer, NULL);
      upload->buffer = pipe_buffer_create(upload->pipe->screen, upload->bind,
                                          PIPE_USAGE_STREAM, new_size);
      if (!upload->buffer)
         return false;
      offset = first;
   }
   if (size)
      upload->pipe->buffer_subdata(upload->pipe, upload->buffer,
                                   PIPE_MAP_WRITE | PIPE_MAP_UNSYNCHRONIZED,
                                   offset, size, data);
   upload->offset_B = offset + size;
   *out_offset = offset;
   *out_buffer = NULL;
   pipe_resource_reference(out_buffer, upload->buffer);
   return true;
}

bool
u_upload_data(struct u_upload_mgr *upload, unsigned size, unsigned alignment,
              const void *data, unsigned *out_offset,
              struct pipe_resource **out_buffer)
{
   return u_upload_data_from(upload, 0, size, alignment, data, out_offset,
                             out_buffer);
}
