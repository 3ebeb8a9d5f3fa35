/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Drawables: single-buffered front-end framebuffers of a config's formats
 * (EGL pbuffers).
 */
#include <stdlib.h>

#include "state_tracker/st_api.h"

#include "dri_priv.h"

struct asahi_dri_drawable *
dri_drawable_create(struct asahi_dri_screen *s, uint32_t config_id,
                    uint32_t width, uint32_t height,
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
      .double_buffered = false,
   };
   d->screen = s;
   d->fb = st_framebuffer_create(s->pipe, &visual, width, height);
   if (!d->fb) {
      free(d);
      *error = ASAHI_DRI_ERROR_NO_MEMORY;
      return NULL;
   }
   *error = ASAHI_DRI_SUCCESS;
   return d;
}

void
dri_drawable_destroy(struct asahi_dri_drawable *d)
{
   st_framebuffer_destroy(d->fb);
   free(d);
}
