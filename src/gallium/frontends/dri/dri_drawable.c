/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Drawables: front-end framebuffers of a config's formats, single-buffered
 * (EGL pbuffers) or double-buffered (windows: GBM surfaces).
 */
#include <stdlib.h>

#include "state_tracker/st_api.h"

#include "dri_priv.h"

static struct asahi_dri_drawable *
drawable_create(struct asahi_dri_screen *s, uint32_t config_id,
                uint32_t width, uint32_t height, bool double_buffered,
                enum asahi_dri_error *error)
{
   int i = dri_config_index(s, config_id);
   if (i < 0) {
      *error = ASAHI_DRI_ERROR_BAD_CONFIG;
      return NULL;
   }
   if (width == 0 || height == 0) {
      *error = ASAHI_DRI_ERROR_BAD_SIZE;
      return NULL;
   }

   struct asahi_dri_drawable *d = calloc(1, sizeof(*d));
   if (!d) {
      *error = ASAHI_DRI_ERROR_NO_MEMORY;
      return NULL;
   }
   struct st_visual visual = {
      .color_format = s->color_formats[i],
      .depth_stencil_format = s->zs_formats[i],
      .samples = s->configs[i].samples,
      .double_buffered = double_buffered,
   };
   d->screen = s;
   d->fourcc = s->configs[i].fourcc;
   d->fb = st_framebuffer_create(s->pipe, &visual, width, height);
   if (!d->fb) {
      free(d);
      *error = ASAHI_DRI_ERROR_NO_MEMORY;
      return NULL;
   }
   *error = ASAHI_DRI_SUCCESS;
   return d;
}

struct asahi_dri_drawable *
dri_drawable_create(struct asahi_dri_screen *s, uint32_t config_id,
                    uint32_t width, uint32_t height,
                    enum asahi_dri_error *error)
{
   return drawable_create(s, config_id, width, height, false, error);
}

struct asahi_dri_drawable *
dri_window_create(struct asahi_dri_screen *s, uint32_t config_id,
                  uint32_t width, uint32_t height, enum asahi_dri_error *error)
{
   return drawable_create(s, config_id, width, height, true, error);
}

void
dri_swap_buffers(struct asahi_dri_context *ctx, struct asahi_dri_drawable *d)
{
   if (ctx)
      st_context_flush(ctx->st, ST_FLUSH_END_OF_FRAME, NULL);
   st_framebuffer_swap(d->fb);
}

struct asahi_dri_image *
dri_drawable_get_image(struct asahi_dri_drawable *d, bool back)
{
   return dri_image_wrap(
      d->screen,
      st_framebuffer_get_resource(d->fb, back ? ST_ATTACHMENT_BACK_LEFT
                                              : ST_ATTACHMENT_FRONT_LEFT),
      0, d->fourcc);
}

void
dri_drawable_destroy(struct asahi_dri_drawable *d)
{
   st_framebuffer_destroy(d->fb);
   free(d);
}
