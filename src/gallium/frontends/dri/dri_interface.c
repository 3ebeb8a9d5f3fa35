/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The table asahi_dri.so exports (include/asahi/dri_interface.h). */
#include "state_tracker/st_api.h"

#include "dri_priv.h"

static void (*dri_get_proc_address(const char *name))(void)
{
   return name ? st_get_proc_address(name) : NULL;
}

__attribute__((visibility("default")))
const struct asahi_dri_interface asahi_dri_interface = {
   .version = ASAHI_DRI_INTERFACE_VERSION,
   .size = sizeof(struct asahi_dri_interface),
   .screen_create = dri_screen_create,
   .screen_destroy = dri_screen_destroy,
   .screen_get_info = dri_screen_get_info,
   .get_configs = dri_get_configs,
   .context_create = dri_context_create,
   .context_destroy = dri_context_destroy,
   .make_current = dri_make_current,
   .drawable_create = dri_drawable_create,
   .drawable_destroy = dri_drawable_destroy,
   .flush = dri_flush,
   .finish = dri_finish,
   .fence_create = dri_fence_create,
   .fence_wait = dri_fence_wait,
   .fence_destroy = dri_fence_destroy,
   .fence_get_fd = dri_fence_get_fd,
   .get_proc_address = dri_get_proc_address,
   .image_create = dri_image_create,
   .image_import = dri_image_import,
   .image_export = dri_image_export,
   .image_destroy = dri_image_destroy,
   .image_map = dri_image_map,
   .image_unmap = dri_image_unmap,
   .window_create = dri_window_create,
   .swap_buffers = dri_swap_buffers,
   .drawable_get_image = dri_drawable_get_image,
   .image_from_gl = dri_image_from_gl,
   .screen_set_image_lookup = dri_screen_set_image_lookup,
};
