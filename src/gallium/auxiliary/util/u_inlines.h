/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Reference counting of Gallium objects and small conveniences over the
 * pipe_context/pipe_screen tables (buffer maps, boxes).
 *
 * The *_reference(&dst, src) helpers make *dst point at src: they take a
 * reference on src and drop one on the old *dst, destroying it when its
 * count reaches zero.  Either may be NULL.
 */
#ifndef U_INLINES_H
#define U_INLINES_H

#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"

#ifdef __cplusplus
extern "C" {
#endif

static inline void
pipe_reference_init(struct pipe_reference *ref, int32_t count)
{
   __atomic_store_n(&ref->count, count, __ATOMIC_RELAXED);
}

/* Returns true when the old object (dst) lost its last reference and must
 * be destroyed by the caller. */
static inline bool
pipe_reference(struct pipe_reference *dst, struct pipe_reference *src)
{
   if (dst == src)
      return false;
   if (src)
      __atomic_add_fetch(&src->count, 1, __ATOMIC_RELAXED);
   if (dst)
      return __atomic_sub_fetch(&dst->count, 1, __ATOMIC_ACQ_REL) == 0;
   return false;
}

static inline void
pipe_resource_reference(struct pipe_resource **dst, struct pipe_resource *src)
{
   struct pipe_resource *old = *dst;

   if (pipe_reference(old ? &old->reference : NULL,
                      src ? &src->reference : NULL)) {
      /* Planes hang off the first one; free them in order. */
      while (old) {
         struct pipe_resource *next = old->next;
         old->screen->resource_destroy(old->screen, old);
         old = next;
         if (old && !pipe_reference(&old->reference, NULL))
            break;
      }
   }
   *dst = src;
}

static inline void
pipe_surface_reference(struct pipe_surface **dst, struct pipe_surface *src)
{
   struct pipe_surface *old = *dst;

   if (pipe_reference(old ? &old->reference : NULL,
                      src ? &src->reference : NULL))
      old->context->surface_destroy(old->context, old);
   *dst = src;
}

static inline void
pipe_sampler_view_reference(struct pipe_sampler_view **dst,
                            struct pipe_sampler_view *src)
{
   struct pipe_sampler_view *old = *dst;

   if (pipe_reference(old ? &old->reference : NULL,
                      src ? &src->reference : NULL))
      old->context->sampler_view_destroy(old->context, old);
   *dst = src;
}

static inline void
pipe_so_target_reference(struct pipe_stream_output_target **dst,
                         struct pipe_stream_output_target *src)
{
   struct pipe_stream_output_target *old = *dst;

   if (pipe_reference(old ? &old->reference : NULL,
                      src ? &src->reference : NULL))
      old->context->stream_output_target_destroy(old->context, old);
   *dst = src;
}

static inline void
u_box_1d(unsigned x, unsigned w, struct pipe_box *box)
{
   *box =
      (struct pipe_box){.x = (int)x, .width = (int)w, .height = 1, .depth = 1};
}

static inline void
u_box_2d(unsigned x, unsigned y, unsigned w, unsigned h, struct pipe_box *box)
{
   *box = (struct pipe_box){
      .x = (int)x, .y = (int)y, .width = (int)w, .height = (int)h, .depth = 1};
}

static inline void
u_box_3d(unsigned x, unsigned y, unsigned z, unsigned w, unsigned h, unsigned d,
         struct pipe_box *box)
{
   *box = (struct pipe_box){.x = (int)x,
                            .y = (int)y,
                            .z = (int)z,
                            .width = (int)w,
                            .height = (int)h,
                            .depth = (int)d};
}

/* A buffer of size bytes, or NULL. */
static inline struct pipe_resource *
pipe_buffer_create(struct pipe_screen *screen, unsigned bind,
                   enum pipe_resource_usage usage, unsigned size)
{
   struct pipe_resource templ = {
      .target = PIPE_BUFFER,
      .format = PIPE_FORMAT_R8_UNORM,
      .bind = bind,
      .usage = usage,
      .width0 = size,
      .height0 = 1,
      .depth0 = 1,
      .array_size = 1,
   };
   return screen->resource_create(screen, &templ);
}

static inline void *
pipe_buffer_map_range(struct pipe_context *ctx, struct pipe_resource *buf,
                      unsigned offset, unsigned length, unsigned usage,
                      struct pipe_transfer **transfer)
{
   struct pipe_box box;

   u_box_1d(offset, length, &box);
   return ctx->buffer_map(ctx, buf, 0, usage, &box, transfer);
}

static inline void
pipe_buffer_unmap(struct pipe_context *ctx, struct pipe_transfer *transfer)
{
   ctx->buffer_unmap(ctx, transfer);
}

static inline void
pipe_buffer_write(struct pipe_context *ctx, struct pipe_resource *buf,
                  unsigned offset, unsigned size, const void *data)
{
   ctx->buffer_subdata(ctx, buf, PIPE_MAP_WRITE, offset, size, data);
}

/* Reads size bytes at offset of a buffer into data (waits for the GPU). */
static inline void
pipe_buffer_read(struct pipe_context *ctx, struct pipe_resource *buf,
                 unsigned offset, unsigned size, void *data)
{
   struct pipe_transfer *transfer;
   void *map =
      pipe_buffer_map_range(ctx, buf, offset, size, PIPE_MAP_READ, &transfer);
   if (!map)
      return;
   memcpy(data, map, size);
   pipe_buffer_unmap(ctx, transfer);
}

/* Width, height and depth of a mip level. */
static inline unsigned
u_minify(unsigned value, unsigned level)
{
   unsigned v = value >> level;
   return v ? v : 1;
}

#ifdef __cplusplus
}
#endif

#endif
