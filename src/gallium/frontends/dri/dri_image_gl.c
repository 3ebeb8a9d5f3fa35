/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Images and GL objects: images made from a context's textures and
 * renderbuffers (image_from_gl), and the lookup through which the GL front
 * end turns the window system's EGLImage handles into resources
 * (screen_set_image_lookup; see st_api.h, GL_OES_EGL_image).
 */
#include "pipe/p_state.h"
#include "state_tracker/st_api.h"
#include "util/u_inlines.h"

#include "dri_priv.h"

/* Fact: DRM fourcc codes (torvalds/linux include/uapi/drm/drm_fourcc.h):
 * byte order names, little-endian; ABGR8888 is R, G, B, A in memory. */
#define FOURCC(a, b, c, d)                                                     \
   ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 |                 \
    (uint32_t)(d) << 24)

static uint32_t
fourcc_of(enum pipe_format format)
{
   switch (format) {
   case PIPE_FORMAT_B8G8R8A8_UNORM:
      return FOURCC('A', 'R', '2', '4');
   case PIPE_FORMAT_B8G8R8X8_UNORM:
      return FOURCC('X', 'R', '2', '4');
   case PIPE_FORMAT_R8G8B8A8_UNORM:
      return FOURCC('A', 'B', '2', '4');
   case PIPE_FORMAT_R8G8B8X8_UNORM:
      return FOURCC('X', 'B', '2', '4');
   case PIPE_FORMAT_B5G6R5_UNORM:
      return FOURCC('R', 'G', '1', '6');
   default:
      return 0; /* no dma-buf format: the image cannot be exported */
   }
}

struct asahi_dri_image *
dri_image_from_gl(struct asahi_dri_context *ctx, uint32_t gl_target,
                  uint32_t name, uint32_t level, enum asahi_dri_error *error)
{
   enum st_image_error st_err;
   unsigned res_level = 0;
   struct pipe_resource *res = st_resource_of_gl_object(
      ctx->st, gl_target, name, level, &res_level, &st_err);

   if (!res) {
      *error = st_err == ST_IMAGE_BAD_PARAMETER ? ASAHI_DRI_ERROR_BAD_PARAMETER
               : st_err == ST_IMAGE_NO_MEMORY   ? ASAHI_DRI_ERROR_NO_MEMORY
                                                : ASAHI_DRI_ERROR_BAD_MATCH;
      return NULL;
   }
   struct asahi_dri_image *img =
      dri_image_wrap(ctx->screen, res, res_level, fourcc_of(res->format));
   pipe_resource_reference(&res, NULL);
   *error = img ? ASAHI_DRI_SUCCESS : ASAHI_DRI_ERROR_NO_MEMORY;
   return img;
}

void
dri_screen_set_image_lookup(
   struct asahi_dri_screen *s,
   bool (*lookup)(void *data, void *handle,
                  void (*use)(struct asahi_dri_image *image, void *arg),
                  void *arg),
   void *data)
{
   s->image_lookup = lookup;
   s->image_lookup_data = data;
}

struct take_resource {
   struct asahi_dri_screen *screen;
   struct pipe_resource *res;
   unsigned level;
};

/* Runs while the window-system side keeps the image alive. */
static void
take_resource(struct asahi_dri_image *image, void *arg)
{
   struct take_resource *t = arg;
   if (dri_image_screen(image) == t->screen)
      pipe_resource_reference(&t->res, dri_image_resource(image, &t->level));
}

static struct pipe_resource *
lookup_resource(void *data, void *handle, unsigned *level)
{
   struct asahi_dri_screen *s = data;
   struct take_resource t = {.screen = s};

   if (!s->image_lookup ||
       !s->image_lookup(s->image_lookup_data, handle, take_resource, &t))
      return NULL;
   *level = t.level;
   return t.res;
}

void
dri_context_init_image_lookup(struct asahi_dri_context *ctx)
{
   st_context_set_image_lookup(ctx->st, lookup_resource, ctx->screen);
}
