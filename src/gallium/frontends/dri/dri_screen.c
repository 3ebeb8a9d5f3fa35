/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Screens: a pipe_screen chosen by dri_pipe.c, the framebuffer configs it
 * can render to, and the GL versions the front end offers on it.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "state_tracker/st_api.h"

#include "loader.h"

#include "dri_priv.h"

/* Fact: DRM fourcc codes, torvalds/linux include/uapi/drm/drm_fourcc.h
 * (fourcc_code(a, b, c, d) = a | b << 8 | c << 16 | d << 24).
 */
#define DRI_FOURCC(a, b, c, d)                                                 \
   ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 |                 \
    (uint32_t)(d) << 24)

static const struct {
   enum pipe_format format;
   uint32_t fourcc;
   uint8_t r, g, b, a;
} dri_color_formats[] = {
   {PIPE_FORMAT_B8G8R8A8_UNORM, DRI_FOURCC('A', 'R', '2', '4'), 8, 8, 8, 8},
   {PIPE_FORMAT_B8G8R8X8_UNORM, DRI_FOURCC('X', 'R', '2', '4'), 8, 8, 8, 0},
   {PIPE_FORMAT_R8G8B8A8_UNORM, DRI_FOURCC('A', 'B', '2', '4'), 8, 8, 8, 8},
   {PIPE_FORMAT_B5G6R5_UNORM, DRI_FOURCC('R', 'G', '1', '6'), 5, 6, 5, 0},
};

/* Depth/stencil choices; `alt_of` names the entry this one replaces when
 * that one is unsupported (32-bit float depth, with stencil or without,
 * stands in for Z24S8 on hardware without it, as AGX is), so that
 * programs asking for EGL_DEPTH_SIZE 24 find a config.
 */
static const struct {
   enum pipe_format format;
   uint8_t depth, stencil;
   int alt_of;
} dri_zs_formats[] = {
   {PIPE_FORMAT_NONE, 0, 0, -1},
   {PIPE_FORMAT_Z24_UNORM_S8_UINT, 24, 8, -1},
   {PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, 32, 8, 1},
   {PIPE_FORMAT_Z16_UNORM, 16, 0, -1},
   {PIPE_FORMAT_Z32_FLOAT, 32, 0, 1},
};

static bool
zs_supported(struct pipe_screen *p, unsigned zi, unsigned samples)
{
   enum pipe_format zs = dri_zs_formats[zi].format;
   return zs == PIPE_FORMAT_NONE ||
          p->is_format_supported(p, zs, PIPE_TEXTURE_2D, samples, samples,
                                 PIPE_BIND_DEPTH_STENCIL);
}

static const unsigned dri_sample_counts[] = {1, 4};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

static void
build_configs(struct asahi_dri_screen *s)
{
   struct pipe_screen *p = s->pipe;
   s->num_configs = 0;

   for (unsigned si = 0; si < ARRAY_LEN(dri_sample_counts); si++) {
      unsigned samples = dri_sample_counts[si];
      for (unsigned ci = 0; ci < ARRAY_LEN(dri_color_formats); ci++) {
         if (!p->is_format_supported(p, dri_color_formats[ci].format,
                                     PIPE_TEXTURE_2D, samples, samples,
                                     PIPE_BIND_RENDER_TARGET))
            continue;
         for (unsigned zi = 0; zi < ARRAY_LEN(dri_zs_formats); zi++) {
            enum pipe_format zs = dri_zs_formats[zi].format;
            int alt_of = dri_zs_formats[zi].alt_of;
            if (!zs_supported(p, zi, samples) ||
                (alt_of >= 0 && zs_supported(p, (unsigned)alt_of, samples)))
               continue;
            if (s->num_configs == DRI_MAX_CONFIGS)
               return;

            unsigned i = s->num_configs++;
            s->color_formats[i] = dri_color_formats[ci].format;
            s->zs_formats[i] = zs;
            s->configs[i] = (struct asahi_dri_config){
               .id = i + 1,
               .fourcc = dri_color_formats[ci].fourcc,
               .red_size = dri_color_formats[ci].r,
               .green_size = dri_color_formats[ci].g,
               .blue_size = dri_color_formats[ci].b,
               .alpha_size = dri_color_formats[ci].a,
               .depth_size = dri_zs_formats[zi].depth,
               .stencil_size = dri_zs_formats[zi].stencil,
               .samples = samples > 1 ? samples : 0,
            };
         }
      }
   }
}

struct asahi_dri_screen *
dri_screen_create(const struct asahi_dri_screen_options *options,
                  enum asahi_dri_error *error)
{
   enum asahi_dri_error dummy;
   if (!error)
      error = &dummy;

   struct asahi_dri_screen *s = calloc(1, sizeof(*s));
   if (!s) {
      *error = ASAHI_DRI_ERROR_NO_MEMORY;
      return NULL;
   }
   s->fd = -1;
   pthread_mutex_init(&s->map_lock, NULL);

   int fd = options ? options->fd : -1;
   char kernel[64] = "";
   if (fd >= 0) {
      s->fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
      if (s->fd < 0 ||
          !loader_get_kernel_driver(s->fd, kernel, sizeof(kernel))) {
         *error = ASAHI_DRI_ERROR_NO_DEVICE;
         goto fail;
      }
   }

   s->pipe_driver =
      dri_choose_pipe_driver(options ? options->pipe_driver : NULL,
                             getenv("GALLIUM_DRIVER"), kernel, s->fd >= 0);
   if (!s->pipe_driver) {
      *error = ASAHI_DRI_ERROR_NO_DEVICE;
      goto fail;
   }

   s->pipe = dri_create_pipe_screen(&s->pipe_driver, s->fd, error);
   if (!s->pipe)
      goto fail;

   build_configs(s);
   *error = ASAHI_DRI_SUCCESS;
   return s;

fail:
   if (s->fd >= 0)
      close(s->fd);
   pthread_mutex_destroy(&s->map_lock);
   free(s);
   return NULL;
}

void
dri_screen_destroy(struct asahi_dri_screen *s)
{
   if (s->map_ctx)
      s->map_ctx->destroy(s->map_ctx);
   pthread_mutex_destroy(&s->map_lock);
   s->pipe->destroy(s->pipe);
   if (s->fd >= 0)
      close(s->fd);
   free(s);
}

/* The version the front end gives for a profile, 0 if none. */
static unsigned
probe_version(struct asahi_dri_screen *s, enum st_profile_type profile,
              int major, int minor)
{
   struct st_context_attribs attribs = {
      .profile = profile,
      .major = major,
      .minor = minor,
   };
   struct st_context *ctx = st_context_create(s->pipe, &attribs, NULL, NULL);
   if (!ctx)
      return 0;
   int got_major = 0, got_minor = 0;
   st_context_get_version(ctx, &got_major, &got_minor);
   st_context_destroy(ctx);
   return (unsigned)(got_major * 10 + got_minor);
}

void
dri_screen_get_info(struct asahi_dri_screen *s,
                    struct asahi_dri_screen_info *info)
{
   if (!s->info_ready) {
      struct pipe_screen *p = s->pipe;
      s->info.pipe_driver = s->pipe_driver;
      s->info.vendor = p->get_vendor ? p->get_vendor(p) : "asahi-gl";
      s->info.renderer = p->get_name ? p->get_name(p) : s->pipe_driver;
      /* ES contexts get the version asked for, so ask from the newest
       * down (3.1 when the driver has what st_context.c asks for it). */
      static const int gles_versions[][2] = {{3, 1}, {3, 0}, {2, 0}};
      s->info.max_gles_version = 0;
      for (unsigned i = 0; i < 3 && !s->info.max_gles_version; i++)
         s->info.max_gles_version = probe_version(
            s, ST_PROFILE_OPENGL_ES2, gles_versions[i][0], gles_versions[i][1]);
      /* Forward-compatible 3.0/3.1 contexts are made on the core API
       * too (egl_context.c), so ask from 3.0 up. */
      s->info.max_gl_core_version =
         probe_version(s, ST_PROFILE_OPENGL_CORE, 3, 0);
      s->info.max_gl_compat_version =
         probe_version(s, ST_PROFILE_DEFAULT, 1, 0);
      /* The GL front end implements reset notification for any driver
       * (one without get_device_reset_status never resets). */
      s->info.caps = ASAHI_DRI_CAP_NO_ERROR | ASAHI_DRI_CAP_RESET_NOTIFICATION;
      if (p->fence_finish && p->fence_reference)
         s->info.caps |= ASAHI_DRI_CAP_FENCE;
      if (p->fence_get_fd)
         s->info.caps |= ASAHI_DRI_CAP_FENCE_FD;
      if (p->resource_get_handle)
         s->info.caps |= ASAHI_DRI_CAP_IMAGE;
      s->info_ready = true;
   }
   *info = s->info;
}

unsigned
dri_get_configs(struct asahi_dri_screen *s, struct asahi_dri_config *configs,
                unsigned max)
{
   for (unsigned i = 0; configs && i < s->num_configs && i < max; i++)
      configs[i] = s->configs[i];
   return s->num_configs;
}

int
dri_config_index(const struct asahi_dri_screen *s, uint32_t id)
{
   for (unsigned i = 0; i < s->num_configs; i++) {
      if (s->configs[i].id == id)
         return (int)i;
   }
   return -1;
}
