/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Images: 2D colour resources that can be shared as dma-bufs (GBM buffer
 * objects; later EGLImages).  Allocation goes through the pipe driver's
 * resource_create(_with_modifiers); export and import through
 * resource_get_handle / resource_from_handle with WINSYS_HANDLE_TYPE_FD.
 * A driver that cannot share (noop) still allocates; export then fails.
 */
#include <stdlib.h>
#include <unistd.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "util/u_inlines.h"

#include "dri_priv.h"

/* Fact: DRM fourcc codes and DRM_FORMAT_MOD_LINEAR = 0,
 * DRM_FORMAT_MOD_INVALID = 2^56 - 1 (torvalds/linux
 * include/uapi/drm/drm_fourcc.h).
 */
#define FOURCC(a, b, c, d)                                                     \
   ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 |                 \
    (uint32_t)(d) << 24)
#define MOD_LINEAR 0ull
#define MOD_INVALID 0x00ffffffffffffffull

struct asahi_dri_image {
   struct asahi_dri_screen *screen;
   struct pipe_resource *res;
   unsigned level; /* the level of res the image is (EGL_GL_TEXTURE_LEVEL) */
   uint32_t fourcc;
};

static const struct {
   uint32_t fourcc;
   enum pipe_format format;
} dri_image_formats[] = {
   {FOURCC('A', 'R', '2', '4'), PIPE_FORMAT_B8G8R8A8_UNORM},
   {FOURCC('X', 'R', '2', '4'), PIPE_FORMAT_B8G8R8X8_UNORM},
   {FOURCC('A', 'B', '2', '4'), PIPE_FORMAT_R8G8B8A8_UNORM},
   {FOURCC('X', 'B', '2', '4'), PIPE_FORMAT_R8G8B8X8_UNORM},
   {FOURCC('R', 'G', '1', '6'), PIPE_FORMAT_B5G6R5_UNORM},
};

static enum pipe_format
format_of(uint32_t fourcc)
{
   for (unsigned i = 0;
        i < sizeof(dri_image_formats) / sizeof(dri_image_formats[0]); i++) {
      if (dri_image_formats[i].fourcc == fourcc)
         return dri_image_formats[i].format;
   }
   return PIPE_FORMAT_NONE;
}

static void
fill_template(struct pipe_resource *t, uint32_t width, uint32_t height,
              enum pipe_format format, unsigned bind)
{
   *t = (struct pipe_resource){
      .width0 = width,
      .height0 = (uint16_t)height,
      .depth0 = 1,
      .array_size = 1,
      .format = format,
      .target = PIPE_TEXTURE_2D,
      .bind = bind,
   };
}

struct asahi_dri_image *
dri_image_create(struct asahi_dri_screen *s, uint32_t width, uint32_t height,
                 uint32_t fourcc, const uint64_t *modifiers,
                 unsigned num_modifiers, uint32_t usage,
                 enum asahi_dri_error *error)
{
   struct pipe_screen *p = s->pipe;
   enum pipe_format format = format_of(fourcc);
   if (format == PIPE_FORMAT_NONE) {
      *error = ASAHI_DRI_ERROR_UNSUPPORTED;
      return NULL;
   }
   if (width == 0 || height == 0 || width > 16384 || height > 16384) {
      *error = ASAHI_DRI_ERROR_BAD_SIZE;
      return NULL;
   }

   unsigned bind = PIPE_BIND_SHARED | PIPE_BIND_SAMPLER_VIEW;
   if (usage & ASAHI_DRI_IMAGE_USE_RENDER)
      bind |= PIPE_BIND_RENDER_TARGET;
   if (usage & ASAHI_DRI_IMAGE_USE_SCANOUT)
      bind |= PIPE_BIND_SCANOUT;
   if (usage & ASAHI_DRI_IMAGE_USE_CURSOR)
      bind |= PIPE_BIND_CURSOR;
   if (usage & ASAHI_DRI_IMAGE_USE_LINEAR)
      bind |= PIPE_BIND_LINEAR;

   /* Modifiers the driver cannot choose among: linear is the one every
    * driver can do.
    */
   bool only_linear = false;
   if (num_modifiers && !p->resource_create_with_modifiers) {
      for (unsigned i = 0; i < num_modifiers; i++)
         only_linear |= modifiers[i] == MOD_LINEAR;
      if (!only_linear) {
         *error = ASAHI_DRI_ERROR_UNSUPPORTED;
         return NULL;
      }
      bind |= PIPE_BIND_LINEAR;
   }

   struct pipe_resource templ;
   fill_template(&templ, width, height, format, bind);
   if (!p->is_format_supported(
          p, format, PIPE_TEXTURE_2D, 0, 0,
          bind & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW))) {
      *error = ASAHI_DRI_ERROR_UNSUPPORTED;
      return NULL;
   }

   struct asahi_dri_image *img = calloc(1, sizeof(*img));
   if (!img) {
      *error = ASAHI_DRI_ERROR_NO_MEMORY;
      return NULL;
   }
   if (num_modifiers && p->resource_create_with_modifiers)
      img->res = p->resource_create_with_modifiers(p, &templ, modifiers,
                                                   (int)num_modifiers);
   else
      img->res = p->resource_create(p, &templ);
   if (!img->res) {
      free(img);
      *error = ASAHI_DRI_ERROR_NO_MEMORY;
      return NULL;
   }
   img->screen = s;
   img->fourcc = fourcc;
   *error = ASAHI_DRI_SUCCESS;
   return img;
}

struct asahi_dri_image *
dri_image_import(struct asahi_dri_screen *s,
                 const struct asahi_dri_image_desc *desc,
                 enum asahi_dri_error *error)
{
   struct pipe_screen *p = s->pipe;
   enum pipe_format format = format_of(desc->fourcc);
   if (format == PIPE_FORMAT_NONE || desc->num_planes != 1) {
      *error = ASAHI_DRI_ERROR_UNSUPPORTED;
      return NULL;
   }
   if (desc->width == 0 || desc->height == 0 || desc->width > 16384 ||
       desc->height > 16384) {
      *error = ASAHI_DRI_ERROR_BAD_SIZE;
      return NULL;
   }
   if (!p->resource_from_handle) {
      *error = ASAHI_DRI_ERROR_UNSUPPORTED;
      return NULL;
   }

   struct pipe_resource templ;
   fill_template(&templ, desc->width, desc->height, format,
                 PIPE_BIND_SHARED | PIPE_BIND_SAMPLER_VIEW |
                    PIPE_BIND_RENDER_TARGET);
   struct winsys_handle wh = {
      .type = WINSYS_HANDLE_TYPE_FD,
      .handle = (unsigned)desc->planes[0].fd,
      .stride = desc->planes[0].stride_B,
      .offset = desc->planes[0].offset_B,
      .format = format,
      .modifier = desc->modifier,
   };

   struct asahi_dri_image *img = calloc(1, sizeof(*img));
   if (!img) {
      *error = ASAHI_DRI_ERROR_NO_MEMORY;
      return NULL;
   }
   img->res = p->resource_from_handle(p, &templ, &wh,
                                      PIPE_HANDLE_USAGE_FRAMEBUFFER_WRITE);
   if (!img->res) {
      free(img);
      *error = ASAHI_DRI_ERROR_BAD_MATCH;
      return NULL;
   }
   img->screen = s;
   img->fourcc = desc->fourcc;
   *error = ASAHI_DRI_SUCCESS;
   return img;
}

bool
dri_image_export(struct asahi_dri_image *img, struct asahi_dri_image_desc *desc)
{
   struct pipe_screen *p = img->screen->pipe;
   struct winsys_handle wh = {
      .type = WINSYS_HANDLE_TYPE_FD,
      .modifier = MOD_INVALID,
   };
   /* A dma-buf describes one plane from an offset; a level past the first
    * of a mip tree is not exported. */
   if (img->level != 0)
      return false;
   if (!p->resource_get_handle ||
       !p->resource_get_handle(p, NULL, img->res, &wh,
                               PIPE_HANDLE_USAGE_FRAMEBUFFER_WRITE))
      return false;

   *desc = (struct asahi_dri_image_desc){
      .width = img->res->width0,
      .height = img->res->height0,
      .fourcc = img->fourcc,
      .modifier = wh.modifier,
      .num_planes = 1,
      .planes[0] = {.fd = (int)wh.handle,
                    .offset_B = wh.offset,
                    .stride_B = wh.stride},
   };
   return true;
}

void
dri_image_destroy(struct asahi_dri_image *img)
{
   pipe_resource_reference(&img->res, NULL);
   free(img);
}

/* ---- CPU maps through the screen's own context -------------------------- */

void *
dri_image_map(struct asahi_dri_image *img, uint32_t x, uint32_t y,
              uint32_t width, uint32_t height, uint32_t flags,
              uint32_t *stride_B, void **cookie)
{
   struct asahi_dri_screen *s = img->screen;
   struct pipe_resource *res = img->res;
   if (!width || !height || x + width > u_minify(res->width0, img->level) ||
       y + height > u_minify(res->height0, img->level) ||
       !(flags & (ASAHI_DRI_MAP_READ | ASAHI_DRI_MAP_WRITE)))
      return NULL;

   unsigned usage = 0;
   if (flags & ASAHI_DRI_MAP_READ)
      usage |= PIPE_MAP_READ;
   if (flags & ASAHI_DRI_MAP_WRITE)
      usage |= PIPE_MAP_WRITE;

   pthread_mutex_lock(&s->map_lock);
   if (!s->map_ctx)
      s->map_ctx = s->pipe->context_create(s->pipe, NULL, 0);
   void *ptr = NULL;
   struct pipe_transfer *transfer = NULL;
   if (s->map_ctx) {
      struct pipe_box box;
      u_box_2d(x, y, width, height, &box);
      ptr = s->map_ctx->texture_map(s->map_ctx, res, img->level, usage, &box,
                                    &transfer);
   }
   pthread_mutex_unlock(&s->map_lock);

   if (!ptr)
      return NULL;
   *stride_B = transfer->stride;
   *cookie = transfer;
   return ptr;
}

void
dri_image_unmap(struct asahi_dri_image *img, void *cookie)
{
   struct asahi_dri_screen *s = img->screen;
   struct pipe_transfer *transfer = cookie;
   if (!transfer)
      return;
   pthread_mutex_lock(&s->map_lock);
   bool wrote = transfer->usage & PIPE_MAP_WRITE;
   s->map_ctx->texture_unmap(s->map_ctx, transfer);
   if (wrote)
      s->map_ctx->flush(s->map_ctx, NULL, 0);
   pthread_mutex_unlock(&s->map_lock);
}

struct asahi_dri_image *
dri_image_wrap(struct asahi_dri_screen *s, struct pipe_resource *res,
               unsigned level, uint32_t fourcc)
{
   if (!res)
      return NULL;
   struct asahi_dri_image *img = calloc(1, sizeof(*img));
   if (!img)
      return NULL;
   img->screen = s;
   img->level = level;
   img->fourcc = fourcc;
   pipe_resource_reference(&img->res, res);
   return img;
}

struct asahi_dri_screen *
dri_image_screen(struct asahi_dri_image *img)
{
   return img->screen;
}

struct pipe_resource *
dri_image_resource(struct asahi_dri_image *img, unsigned *level)
{
   *level = img->level;
   return img->res;
}
